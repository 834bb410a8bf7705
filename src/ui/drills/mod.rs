//! The drills page (`drills/`): `state.rs` (the record, its save and every question) and
//! `session.rs` (the reducer: what is on screen, every answer scored) are plain Rust, tested
//! natively, as is `test_mode.rs` (the test mode's round, made of the other drills' pieces);
//! `app.rs` wires them to the page, `view.rs` draws them, `indices.rs` asks for the index plays. The bankroll page (`bankroll/`, `bankroll.rs`, a wasm module of its own) shares
//! the drills' record: `sessions.rs` shows how the casino sessions went, `spread.rs` the risk of
//! ruin for the player's bankroll and bet spread. The index plays and the spread's edges are worked out
//! in a Web Worker of their own (`work.rs` what it is asked and does, native; `worker.rs` the
//! messages), so that code is not in the page's first load.

pub mod app;
pub mod bankroll;
mod indices;
pub mod session;
mod sessions;
mod spread;
pub mod state;
pub mod test_mode;
mod view;
pub mod work;
pub mod worker;
