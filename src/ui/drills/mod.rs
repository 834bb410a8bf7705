//! The drills page's pieces: `state.rs` (the record, its save and every question, plain Rust);
//! the page itself is `drills_app.rs`.

pub mod state;
