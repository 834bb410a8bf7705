//! Blackjack: every card game called "Blackjack", playable against honest bots.
//!
//! Layers (see ARCHITECTURE.md):
//! - [`engine`]: pure rules. No web crates, no clock, no unseeded randomness.
//! - [`bots`]: players that see only a seat's view.
//! - [`net`]: tables with friends: the host's state machine and its messages, pure (no sockets).
//! - `ui` (wasm only): the Yew app that draws the table and owns timers and storage.

pub mod bots;
pub mod engine;
pub mod net;

#[cfg(target_arch = "wasm32")]
pub mod ui;

/// Natively, `ui` holds only the page's pure text formats (share links, stored fields, the
/// shedding save, settings, statistics) at the same paths as in the page, so that `cargo test`
/// property tests and the fuzz targets reach every decoder the page runs on untrusted text.
#[cfg(not(target_arch = "wasm32"))]
#[path = "ui/native.rs"]
pub mod ui;
