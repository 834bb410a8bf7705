//! The drills page (`drills/`): `state.rs` (the record, its save and every question) and
//! `session.rs` (the reducer: what is on screen, every answer scored) are plain Rust, tested
//! natively; `app.rs` wires them to the page, `view.rs` draws them, `indices.rs` works out the
//! index plays between frames, `sessions.rs` shows how the casino sessions went, `spread.rs` the risk of ruin for
//! the player's bankroll and bet spread (worked out between frames).

pub mod app;
mod indices;
pub mod session;
mod sessions;
mod spread;
pub mod state;
mod view;
