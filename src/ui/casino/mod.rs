//! Casino Blackjack in the page: the table with bots, the trainer and the strategy chart.

pub mod state;
pub mod table;
pub mod words;
