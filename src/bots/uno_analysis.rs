//! The analysis of a seat's hits and passes in a finished UNO Blackjack game (issue 36, section
//! 3): at each of its decisions, the exact chance that a hit busts, over the cards the seat had
//! not seen (every card of the decks but the stacks and the trash, all face up at the table,
//! and so the seat's own stack too; never a queue or the deck), and what passing and hitting were
//! worth in cards as the hard level weighs them ([`round_values`]). A decision is marked where
//! the other choice was worth more than [`MARK_CARDS`]. Pure: the view at each decision is all
//! it reads, so a replay page works it out at once.

use super::uno::{bust_probability, round_values};
use crate::engine::uno::{Action, Game, Phase, Seat, UnoView};

/// The other choice is "clearly better" when it was worth more than this, in cards (the
/// round's reward won, less the cards the hits take from the queue; see [`round_values`]).
pub const MARK_CARDS: f64 = 0.5;

/// One hit or pass of the seat, weighed from its view then.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct HitOrPass {
    /// The action's place in the game's log.
    pub index: usize,
    /// Whether the seat hit (else it passed).
    pub hit: bool,
    /// The seat's total then.
    pub total: u8,
    /// The exact chance that one more card would bust the seat, from what it had seen.
    pub bust: f64,
    /// What passing and hitting were worth, in cards.
    pub pass_value: f64,
    pub hit_value: f64,
}

impl HitOrPass {
    /// How much more the other choice was worth than the one made (0 when none).
    pub fn lost(&self) -> f64 {
        let (made, other) =
            if self.hit { (self.hit_value, self.pass_value) } else { (self.pass_value, self.hit_value) };
        (other - made).max(0.0)
    }

    /// Whether the other choice was clearly better (more than [`MARK_CARDS`]).
    pub fn is_marked(&self) -> bool {
        self.lost() > MARK_CARDS
    }
}

/// Weighs the decision at `view`, the seat's own, where it could hit or pass (`None` when it was
/// not the seat's turn to choose, or a hit was not open: nothing to choose).
pub fn weigh(view: &UnoView, index: usize, hit: bool) -> Option<HitOrPass> {
    let seat = view.seat;
    let Phase::Match { turn } = view.phase else { return None };
    if turn != seat || !view.is_legal(Action::Hit { seat }) || !view.is_legal(Action::Pass { seat }) {
        return None;
    }
    let (pass_value, hit_value) = round_values(view);
    Some(HitOrPass { index, hit, total: view.total(seat), bust: bust_probability(view), pass_value, hit_value })
}

/// Every hit or pass `seat` chose in a game dealt as `game` and played as `log`, each weighed
/// from the seat's view just before it. Stops at the first action the game refuses.
pub fn weigh_game(mut game: Game, log: &[Action], seat: Seat) -> Vec<HitOrPass> {
    let mut found = Vec::new();
    for (index, &action) in log.iter().enumerate() {
        let hit = match action {
            Action::Hit { seat: s } if s == seat => Some(true),
            Action::Pass { seat: s } if s == seat => Some(false),
            _ => None,
        };
        if let Some(w) = hit.and_then(|hit| weigh(&game.view(seat), index, hit)) {
            found.push(w);
        }
        if game.apply(action).is_err() {
            break;
        }
    }
    found
}

/// A game's hits and passes in a few figures.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct UnoSummary {
    pub decisions: usize,
    pub hits: usize,
    /// Decisions where the other choice was clearly better.
    pub marked: usize,
    /// The average bust chance of the hits taken (0 with none).
    pub hit_bust: f64,
    /// The cards the marked decisions gave up, in all.
    pub lost: f64,
}

pub fn summary(weighed: &[HitOrPass]) -> UnoSummary {
    let hits: Vec<&HitOrPass> = weighed.iter().filter(|w| w.hit).collect();
    let marked: Vec<&HitOrPass> = weighed.iter().filter(|w| w.is_marked()).collect();
    UnoSummary {
        decisions: weighed.len(),
        hits: hits.len(),
        marked: marked.len(),
        hit_bust: if hits.is_empty() { 0.0 } else { hits.iter().map(|w| w.bust).sum::<f64>() / hits.len() as f64 },
        lost: marked.iter().map(|w| w.lost()).sum(),
    }
}
