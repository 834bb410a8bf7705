//! What one seat may see: its own hand, the public table, never another hand or the stock order.

use super::action::{Action, Infringement, Seat};
use super::game::{CallState, Game, LastTurn, Pending, Phase, Turn, Void, RECENT_TURNS};
use super::hand::Hand;
use super::rules::Rules;
use crate::engine::cards::{Card, Suit};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A call-out as everyone saw it (the handed cards are only a count).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccusationView {
    pub id: u16,
    pub accuser: Seat,
    pub target: Seat,
    pub infringement: Infringement,
    /// Whether it was true: decidable from public events (calls and hand sizes).
    pub correct: bool,
    pub cards: u8,
    pub open: bool,
}

fn rules_sent_apart() -> Arc<Rules> {
    Arc::new(super::Preset::Taylor.rules())
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    /// The table's rules. Not serialised: they are the same in every update, so the wire of a
    /// table with friends carries them once, in the welcome, and `net::Reader` puts them back
    /// into each update; a view read on its own holds the classic Taylor rules until then.
    #[serde(skip, default = "rules_sent_apart")]
    pub rules: Arc<Rules>,
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    /// Every face-up card, bottom first: all of them were seen when laid.
    pub pile: Vec<Card>,
    pub stock_len: usize,
    /// The bottom of the stock whose order everyone saw: face-up cards turned over without
    /// shuffling (bottom first). Empty under rules that shuffle, and until the first refill.
    pub stock_seen: Vec<Card>,
    /// Cards each seat is known to hold: drawn from `stock_seen`, not laid since.
    pub known: Vec<Hand>,
    pub current: Seat,
    pub dealer: Seat,
    pub clockwise: bool,
    pub called_suit: Option<Suit>,
    pub pending: Option<Pending>,
    pub turn: Turn,
    pub calls: Vec<CallState>,
    /// What each seat was seen not to hold when it picked up instead of playing ([`Void`]).
    pub voids: Vec<Void>,
    /// Each seat's latest turns this round, the latest first, as the table saw them ([`LastTurn`]).
    pub last_turns: Vec<[LastTurn; RECENT_TURNS]>,
    pub accusations: Vec<AccusationView>,
    pub scores: Vec<u32>,
    pub target: Option<u32>,
    pub round: u32,
    pub in_round: Vec<bool>,
    pub finished: Vec<Seat>,
    pub tie_break: bool,
    pub phase: Phase,
    pub state_id: u32,
    /// Public counters: cards laid this round (against the play limit), turns so far, passes in
    /// a row with nothing to draw.
    pub plays_this_round: u32,
    pub turn_number: u32,
    pub idle_passes: u32,
    /// What this seat may do now without breaking a rule.
    pub legal: Vec<Action>,
}

impl SeatView {
    pub fn top(&self) -> Card {
        *self.pile.last().expect("the pile always has its top card")
    }
    pub fn is_my_turn(&self) -> bool {
        self.current == self.seat && matches!(self.phase, Phase::Playing)
    }
}

impl Game {
    /// Exactly what `seat` may see.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::shedding::{Game, Preset};
    ///
    /// let game = Game::new(Preset::British.rules(), 3, 5).unwrap();
    /// let view = game.view(0);
    /// assert_eq!(view.hand, game.hand(0).to_vec());
    /// // Of the other hands, only how many cards they hold; of the stock, only its length.
    /// assert_eq!(view.hand_sizes, [game.hand(0).len(), game.hand(1).len(), game.hand(2).len()]);
    /// assert_eq!((view.stock_len, view.top()), (game.stock_len(), game.top()));
    /// assert_eq!(view.is_my_turn(), game.current() == 0);
    /// ```
    pub fn view(&self, seat: Seat) -> SeatView {
        SeatView {
            seat,
            rules: self.shared_rules(),
            hand: self.hand(seat).to_vec(),
            hand_sizes: (0..self.players()).map(|s| self.hand(s).len()).collect(),
            pile: self.pile().to_vec(),
            stock_len: self.stock_len(),
            stock_seen: self.stock_seen().to_vec(),
            known: self.known().to_vec(),
            current: self.current(),
            dealer: self.dealer(),
            clockwise: self.clockwise(),
            called_suit: self.called_suit(),
            pending: self.pending(),
            turn: self.turn().clone(),
            calls: self.calls().to_vec(),
            voids: self.voids().to_vec(),
            last_turns: self.last_turns().to_vec(),
            accusations: self
                .accusations()
                .iter()
                .enumerate()
                .map(|(i, a)| AccusationView {
                    id: i as u16,
                    accuser: a.accuser,
                    target: a.target,
                    infringement: a.infringement,
                    correct: a.correct,
                    cards: a.handed.len() as u8,
                    open: a.open,
                })
                .collect(),
            scores: self.scores().to_vec(),
            target: self.target(),
            round: self.round(),
            in_round: (0..self.players()).map(|s| self.in_round(s)).collect(),
            finished: self.finished().to_vec(),
            tie_break: self.is_tie_break(),
            phase: self.phase(),
            state_id: self.state_id(),
            plays_this_round: self.plays_this_round(),
            turn_number: self.turn_number(),
            idle_passes: self.idle_passes(),
            legal: self.legal_actions_for(seat),
        }
    }
}
