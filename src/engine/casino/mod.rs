//! Casino Blackjack (seed 004): a shoe, the dealer, double, split, insurance, surrender.
//!
//! - [`rules`]: the table rules as data, checked by one constructor.
//! - [`hand`]: point counting and the Hi-Lo tags.
//! - [`count`]: counting systems as data (tags, initial count, true count).
//! - [`counter`]: a card counter in the simulator (bets by a spread, index plays), to check [`risk`].
//! - [`drill`]: the strategy drill's flashcards, drawn more often where the player errs.
//! - [`game`]: the table's state machine: actions in, events out, nothing changed on refusal.
//! - [`strategy`]: expected values of every action by exact probability, and the chart.
//! - [`indices`]: index plays computed for any rules and counting system (exact conditioning).
//! - [`risk`]: risk of ruin for a bankroll and a bet spread (the exponential formula).
//! - [`view`]: what one player at the table may see; the bot decides from it alone.
//! - [`feed`]: what one spot receives after each action (its view and the events), for any table.
//! - [`save`]: the page's saved table as compact codes, read with typed errors.
//! - [`sim`]: a lean round simulator for the house-edge benchmark, cross-checked with `game`.

pub mod count;
pub mod counter;
pub mod drill;
pub mod feed;
pub mod game;
pub mod hand;
pub mod indices;
pub mod risk;
pub mod rules;
pub mod save;
pub mod sim;
pub mod strategy;
pub mod view;

pub use feed::SeatUpdate;
pub use game::{Action, Event, Game, Hand, HandState, IllegalAction, Outcome, Phase, Refusal, ShoeStart, Spot};
pub use rules::{
    DealerBlackjack, DoubleOn, Shuffle, SplitLimit, TableProblem, TableRules, TableRulesError, TableSpec, MAX_BET,
    MAX_CHIPS,
};
pub use view::SpotView;
