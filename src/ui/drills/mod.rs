//! The drills page (`drills/`): `state.rs` (the record, its save and every question) and
//! `session.rs` (the reducer: what is on screen, every answer scored) are plain Rust, tested
//! natively; `app.rs` wires them to the page, `view.rs` draws them, `indices.rs` works out the
//! index plays between frames, `sessions.rs` shows how the casino sessions went.

pub mod app;
mod indices;
pub mod session;
mod sessions;
pub mod state;
mod view;
