//! The Yew front end (wasm only). It owns everything impure: storage, timers, the DOM.
//! The engine is called from reducers; side effects live in effects (see ARCHITECTURE.md).

mod app;
pub mod components;
pub mod settings;
pub mod shedding;
pub mod storage;

pub use app::App;

/// Mounts the app on the page's `<body>`.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
