//! The shedding games in the page: setup screen, table, state.

pub mod link;
pub mod saved;
pub mod setup;
pub mod state;
pub mod table;
