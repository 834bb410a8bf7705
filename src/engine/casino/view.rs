//! What one player at a casino table may see: [`Game::view`] builds it, and the casino bot
//! decides from it alone. No hole card (until turned), no shoe order: only the cards face up
//! on the table, the player's own chips and the count of cards gone. Everything else at a casino
//! table is in plain sight (every spot's bet, insurance and face-up hands, the shoe's size and
//! the cut card's place), so a table draws from a view alone.

use super::count::CountSystem;
use super::game::legal::refusal_at;
use super::game::{Action, Game, Hand, Phase, Refusal, Spot, SpotState};
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
    /// Every spot as the table shows it: who sits there, the bet, the insurance and the hands,
    /// all face up (this spot's included).
    pub spots: Vec<SpotState>,
    /// The dealer's cards as a player sees them: the hole card is `None` until turned.
    pub dealer: Vec<Option<Card>>,
    /// Whether the dealer's hand is face up (the hole card turned, or the round called off).
    pub hole_revealed: bool,
    /// Cards seen face up since the shuffle, by point value (index 0 = ace … 9 = ten-value).
    pub seen: [u16; 10],
    /// Cards in the discard holder, and cards left in the shoe (both visible at a table).
    pub discards: usize,
    pub shoe_left: usize,
    /// The shoe's size, the cards left before the cut card (0 once out) and whether it is out:
    /// the cut card's place is seen when the shoe is cut.
    pub shoe_size: usize,
    pub before_cut: usize,
    pub cut_out: bool,
    /// The red sevens among the cards seen (Red 7 counts them apart).
    pub red_sevens: u16,
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
    /// The spot whose decision it is, if a decision is waited for.
    pub fn to_act(&self) -> Option<Spot> {
        match self.phase {
            Phase::Insurance { spot } | Phase::Playing { spot, .. } => Some(spot),
            _ => None,
        }
    }
    /// The count of the cards seen in any counting system (the game's own computation).
    pub fn count_in(&self, system: &CountSystem) -> (i32, f64) {
        system.count_of(self.rules.decks, &self.seen, self.red_sevens)
    }
    /// Why the game would refuse `action` now, or `None` if it would take it: the game's own
    /// rule ([`Game::refusal`]) over what this spot sees, so the answer is the game's for every
    /// move this spot may make (its own, and those of no spot: Deal, Next round). The chips
    /// behind another player's spot are not in the view; its moves are not this spot's.
    pub fn refusal(&self, action: Action) -> Option<Refusal> {
        let owner = self.spots.get(self.spot as usize).and_then(|s| s.owner);
        let chips = |s: Spot| match self.spots.get(s as usize) {
            Some(x) if x.owner == owner => self.chips,
            _ => 0,
        };
        refusal_at(&self.rules, self.phase, &self.spots, &chips, action)
    }
    pub fn is_legal(&self, action: Action) -> bool {
        self.refusal(action).is_none()
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
            spots: self.spots().to_vec(),
            dealer: self.dealer_visible(),
            hole_revealed: self.hole_revealed(),
            seen: self.seen(),
            discards: self.discards(),
            shoe_left: self.shoe_left(),
            shoe_size: self.shoe_size(),
            before_cut: self.before_cut(),
            cut_out: self.cut_card_out(),
            red_sevens: self.seen_red_sevens(),
            legal: self.legal_actions().into_iter().filter(mine).collect(),
        }
    }
}
