//! UNO Blackjack (seed 002): UNO cards in face-down queues, hit or pass to 21 each round,
//! and the last player with a queue wins.

pub mod cards;
pub mod feed;
pub mod game;
pub mod rules;
pub mod save;

pub use cards::{uno_decks, Colour, Face, UnoCard};
pub use feed::SeatUpdate;
pub use game::{
    total, value, Action, Event, Game, IllegalAction, Phase, Player, Refusal, Seat, Status, UnoReplayError, UnoSave,
    UnoView,
};
pub use rules::{SkipValue, UnoProblem, UnoRules, UnoRulesError, UnoSpec, DEAL_BACK_IN_ROUNDS, ROUND_LIMIT};
