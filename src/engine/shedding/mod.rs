//! The shedding family (Crazy Eights / Switch): Taylor, Priestly College and British Black Jack
//! are presets of one data-driven engine. See docs/rules/ for every decision.

mod action;
mod feed;
mod game;
pub mod hand;
pub mod house;
pub mod presets;
pub mod rules;
mod save;
mod view;

pub use action::{
    Action, Answers, BadCode, Event, IllegalAction, Infringement, LegalSet, PenaltyReason, Phrase, Refusal, Seat,
};
pub use feed::SeatUpdate;
pub use game::{
    Accusation, CallState, Deal, Game, LastTurn, Pending, Phase, SetupError, Turn, Void, MAX_TURNS, RECENT_TURNS,
};
pub use hand::Hand;
pub use presets::Preset;
pub use rules::{Problem, RuleSpec, Rules, RulesError};
pub use save::{ReplayError, Save, SAVE_FORMAT};
pub use view::{AccusationView, SeatView};
