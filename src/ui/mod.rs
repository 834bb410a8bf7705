//! The Yew front end (wasm only). It owns everything impure: storage, timers, the DOM.
//! The engine is called from reducers; side effects live in effects (see ARCHITECTURE.md).

mod app;
pub mod casino;
mod casino_app;
pub mod components;
mod page_frame;
pub mod settings;
pub mod shedding;
pub mod stats;
pub mod storage;
pub mod uno;
mod uno_app;

pub use app::App;

/// Appends the sentences for `events` to a table's log, keeping the last `keep` lines.
pub fn extend_log<E>(log: &mut Vec<String>, events: &[E], describe: impl Fn(&E) -> Option<String>, keep: usize) {
    log.extend(events.iter().filter_map(describe));
    let drop = log.len().saturating_sub(keep);
    log.drain(..drop);
}

/// Mounts the app in a new element at the end of the page's `<body>`: not on the body itself,
/// which Yew empties first, because index.html's first screen must stay until the app takes it
/// over (see `app.rs`).
pub fn start() {
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| {
        let root = d.create_element("div").ok()?;
        d.body()?.append_child(&root).ok()?;
        Some(root)
    });
    match root {
        Some(root) => yew::Renderer::<App>::with_root(root).render(),
        None => yew::Renderer::<App>::new().render(),
    };
}

/// Mounts the casino page (`tables/`) on its `<body>`; an old `tables/#uno` link goes to `uno/`.
pub fn start_tables() {
    let (fragment, target) = casino_app::UNO_AWAY;
    if page_frame::redirect_if_hash(fragment, target) {
        return;
    }
    components::card::sprite_in_parent_folder();
    yew::Renderer::<casino_app::CasinoApp>::new().render();
}

/// Mounts the UNO page (`uno/`) on its `<body>`; `uno/#casino` goes to the casino page.
pub fn start_uno() {
    let (fragment, target) = uno_app::CASINO_AWAY;
    if page_frame::redirect_if_hash(fragment, target) {
        return;
    }
    yew::Renderer::<uno_app::UnoApp>::new().render();
}
