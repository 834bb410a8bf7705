//! The Yew front end (wasm only). It owns everything impure: storage, timers, the DOM.
//! The engine is called from reducers; side effects live in effects (see ARCHITECTURE.md).

mod app;
pub mod casino;
mod casino_app;
pub mod components;
pub mod daily;
pub mod drills;
pub mod friends;
pub mod kit;
pub mod module_worker;
mod page_frame;
mod play_app;
pub mod reducer;
pub mod replay;
mod replay_app;
mod replay_controls;
pub mod search_worker;
pub mod settings;
pub mod shedding;
pub mod stats;
mod stats_app;
pub mod storage;
pub mod text;
pub mod uno;
mod uno_app;

pub use app::App;
pub use play_app::PlayApp;
pub use text::{extend_log, plural};

/// A seed for a new deal from the browser's generator (the engine itself never draws one).
pub fn new_seed() -> u64 {
    getrandom::u64().unwrap_or(0x5eed)
}

/// The notice for a share link that cannot be opened: what is wrong, then what to do.
pub fn broken_link(why: &str) -> String {
    format!("This table link is broken. {why} Ask for the link again, or choose a game below.")
}

/// Loads settings once at start; a bad save becomes a notice and defaults, never a crash.
pub fn load_settings() -> (settings::Settings, Option<String>) {
    storage::load_or_notice(settings::KEY, settings::VERSION, "settings")
}

/// A table link opened in this same tab changes only the fragment: reload, and the load opens
/// it (the menu sends a good link on to `play/`; the table page deals it).
#[yew::hook]
pub fn use_reload_on_table_link() {
    yew::use_effect_with((), |_| {
        let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| {
            if let Some(w) = web_sys::window() {
                if w.location().hash().is_ok_and(|h| h.starts_with("#table=")) {
                    let _ = w.location().reload();
                }
            }
        });
        let window = web_sys::window();
        if let Some(w) = &window {
            let _ = w
                .add_event_listener_with_callback("hashchange", wasm_bindgen::JsCast::unchecked_ref(listener.as_ref()));
        }
        move || {
            if let Some(w) = window {
                let _ = w.remove_event_listener_with_callback(
                    "hashchange",
                    wasm_bindgen::JsCast::unchecked_ref(listener.as_ref()),
                );
            }
        }
    });
}

/// Moves keyboard focus without scrolling: keeping focus on a table must never scroll the page
/// away from what the player is looking at.
pub fn focus_quietly(el: &web_sys::HtmlElement) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(true);
    let _ = el.focus_with_options(&options);
}

/// Mounts `C` in a new element at the end of the page's `<body>`: not on the body itself,
/// which Yew empties first, because a page's static markup (index.html's first screen, the
/// table page's masthead) must stay until the app takes it over (see `app.rs`).
fn mount_after_static<C: yew::BaseComponent>()
where
    C::Properties: Default,
{
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| {
        let root = d.create_element("div").ok()?;
        d.body()?.append_child(&root).ok()?;
        Some(root)
    });
    match root {
        Some(root) => yew::Renderer::<C>::with_root(root).render(),
        None => yew::Renderer::<C>::new().render(),
    };
}

/// Mounts the menu page (index.html), in a task of its own: the first screen is painted already
/// (see `Trunk.toml`), and instantiating the module and rendering the menu are then two shorter
/// tasks instead of one long one that would hold up a tap.
pub fn start() {
    gloo_timers::callback::Timeout::new(0, mount_after_static::<App>).forget();
}

/// Mounts the shedding table's page (`play/`); its cards fetch the sprite from the parent folder.
pub fn start_play() {
    components::card::sprite_in_parent_folder();
    mount_after_static::<PlayApp>();
}

/// Mounts the replay page (`replay/`); its cards fetch the sprite from the parent folder.
pub fn start_replay() {
    components::card::sprite_in_parent_folder();
    mount_after_static::<replay_app::ReplayApp>();
}

/// Mounts the statistics page (`stats/`).
pub fn start_stats() {
    mount_after_static::<stats_app::StatsApp>();
}

/// Mounts the UNO Blackjack replay page (`replay/uno/`).
pub fn start_replay_uno() {
    mount_after_static::<uno::replay_app::UnoReplayApp>();
}

/// Mounts the casino replay page (`replay/casino/`); its cards fetch the sprite two folders up.
pub fn start_replay_casino() {
    components::card::sprite_two_folders_up();
    mount_after_static::<casino::replay_app::CasinoReplayApp>();
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

/// Mounts the page of tables with friends (`friends/`).
pub fn start_friends() {
    components::card::sprite_in_parent_folder();
    yew::Renderer::<friends::FriendsApp<crate::net::worker::Shedding>>::new().render();
}

/// Mounts the page of UNO Blackjack tables with friends (`friends/uno/`).
pub fn start_friends_uno() {
    yew::Renderer::<friends::FriendsApp<crate::net::worker::Uno>>::new().render();
}

/// Mounts the page of casino Blackjack tables with friends (`friends/casino/`).
pub fn start_friends_casino() {
    components::card::sprite_two_folders_up();
    yew::Renderer::<friends::FriendsApp<crate::net::casino::Casino>>::new().render();
}

/// Mounts the drills page (`drills/`); `drills/#casino` goes to the casino table, and the casino
/// sessions' old link `drills/#sessions` to their page.
pub fn start_drills() {
    for (fragment, target) in [drills::app::CASINO_AWAY, drills::app::SESSIONS_AWAY] {
        if page_frame::redirect_if_hash(fragment, target) {
            return;
        }
    }
    components::card::sprite_in_parent_folder();
    yew::Renderer::<drills::app::DrillsApp>::new().render();
}

/// Mounts the bankroll page (`bankroll/`): the casino sessions and the bet spread's risk.
pub fn start_bankroll() {
    let (fragment, target) = drills::app::CASINO_AWAY;
    if page_frame::redirect_if_hash(fragment, target) {
        return;
    }
    yew::Renderer::<drills::bankroll::BankrollApp>::new().render();
}
