//! Casino Blackjack in the page: the table with bots, the trainer and the strategy chart.

pub mod controls;
pub mod end;
pub mod felt;
pub mod history;
pub mod screen;
pub mod setup;
pub mod state;
pub mod table;
pub mod trainer;
pub mod words;
