//! The Yew front end (wasm only). It owns everything impure: storage, timers, the DOM.
//! The engine is called from reducers; side effects live in effects (see ARCHITECTURE.md).

mod app;
pub mod casino;
pub mod components;
pub mod settings;
pub mod shedding;
pub mod stats;
pub mod storage;
mod tables_app;
pub mod uno;

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

/// Mounts the second page (Casino and UNO Blackjack) on its `<body>`.
pub fn start_tables() {
    components::card::sprite_in_parent_folder();
    yew::Renderer::<tables_app::TablesApp>::new().render();
}
