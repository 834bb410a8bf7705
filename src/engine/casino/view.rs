//! What one player at a casino table may see: [`Game::view`] builds it, and the casino bot
//! decides from it alone. No hole card (until turned), no shoe order: only the cards face up
//! on the table, the player's own chips and the count of cards gone.

use super::game::{Action, Game, Hand, Phase, Spot};
use super::rules::TableRules;
use crate::engine::cards::Card;
use std::sync::Arc;

/// One spot's view of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct SpotView {
    pub rules: Arc<TableRules>,
    pub spot: Spot,
    pub phase: Phase,
    /// The chips of the player sitting here (not on the table).
    pub chips: i64,
    /// This spot's bet for the round (the original wager).
    pub bet: i64,
    /// This spot's hands: cards (all face up), stakes, outcomes.
    pub hands: Vec<Hand>,
    /// Every spot's face-up cards, hand by hand (this spot's included), by spot.
    pub table: Vec<Vec<Vec<Card>>>,
    /// The dealer's cards as a player sees them: the hole card is `None` until turned.
    pub dealer: Vec<Option<Card>>,
    /// Cards seen face up since the shuffle, by point value (index 0 = ace … 9 = ten-value).
    pub seen: [u16; 10],
    /// Cards in the discard holder, and cards left in the shoe (both visible at a table).
    pub discards: usize,
    pub shoe_left: usize,
    /// The moves open to this spot now (one of each kind, as [`Game::legal_actions`]).
    pub legal: Vec<Action>,
}

impl SpotView {
    pub fn dealer_up(&self) -> Option<Card> {
        self.dealer.first().copied().flatten()
    }
    /// The hand whose decision it is, if it is this spot's.
    pub fn current_hand(&self) -> Option<&Hand> {
        match self.phase {
            Phase::Playing { spot, hand } if spot == self.spot => self.hands.get(hand as usize),
            _ => None,
        }
    }
    pub fn may(&self, action: Action) -> bool {
        self.legal.contains(&action)
    }
}

impl Game {
    /// What the player at `spot` may see. Panics only on a spot the table does not have.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::casino::{Action, Game, TableRules};
    ///
    /// let mut seating = vec![None; 7];
    /// seating[3] = Some(0);
    /// let mut game = Game::new(TableRules::seed_rules(), &seating, vec![100_000], 42).unwrap();
    /// game.apply(Action::Bet { spot: 3, amount: 1_000 }).unwrap();
    /// game.apply(Action::Deal).unwrap();
    /// let view = game.view(3);
    /// assert_eq!((view.chips, view.bet), (99_000, 1_000));
    /// assert_eq!(view.dealer_up(), game.dealer_up());
    /// // The hole card shows only once it is turned over.
    /// assert_eq!(view.dealer.get(1).is_some_and(|c| c.is_some()), game.hole_revealed());
    /// ```
    pub fn view(&self, spot: Spot) -> SpotView {
        let s = &self.spots()[spot as usize];
        let chips = s.owner.map_or(0, |p| self.bankrolls()[p as usize]);
        let mine = |a: &Action| a.spot().is_none_or(|x| x == spot);
        SpotView {
            rules: self.rules().clone(),
            spot,
            phase: self.phase(),
            chips,
            bet: s.bet,
            hands: s.hands.clone(),
            table: self.spots().iter().map(|s| s.hands.iter().map(|h| h.cards.clone()).collect()).collect(),
            dealer: self.dealer_visible(),
            seen: self.seen(),
            discards: self.discards(),
            shoe_left: self.shoe_left(),
            legal: self.legal_actions().into_iter().filter(mine).collect(),
        }
    }
}
