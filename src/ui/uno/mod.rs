//! UNO Blackjack in the page: setup, the table with bots, the UNO card faces.

pub mod card;
pub mod replay;
pub mod replay_app;
pub mod screen;
pub mod state;
pub mod table;
pub mod words;
