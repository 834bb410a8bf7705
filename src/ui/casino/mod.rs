//! Casino Blackjack in the page: the table with bots, the trainer and the strategy chart.

pub mod bank;
pub mod controls;
pub mod daily;
pub mod end;
pub mod felt;
pub mod grade;
pub mod history;
pub mod replay;
pub mod replay_analysis;
pub mod replay_app;
pub mod screen;
#[cfg(test)]
mod screen_tests;
pub mod setup;
pub mod state;
pub mod table;
pub mod trainer;
pub mod words;
