//! The shedding games in the page: setup screen, table, state.

pub mod centre;
pub mod controls;
pub mod end;
pub mod hand;
pub mod link;
pub mod players;
pub mod saved;
pub mod screen;
pub mod seats;
pub mod setup;
pub mod state;
pub mod table;
pub mod words;
