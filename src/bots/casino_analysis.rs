//! The analysis of a player's decisions in a finished casino shoe (issue 36, section 3): each
//! hit, stand, double, split or surrender against the exact expected value of every play open
//! then, for the cards left as the player saw them (every card not yet seen since the shuffle:
//! the trainer's own values, [`values`]), never the shoe's order. A decision is marked where it
//! gave up more than [`MARK_MILLI`] of a bet. Pure: each decision is worked out from its spot's
//! view alone, one at a time ([`judge`]), so the page can spread the work over its tasks.

use super::casino::{unseen_plus, values, Allowed};
use crate::engine::casino::strategy::Play;
use crate::engine::casino::{Action, Game, Phase, Spot, SpotView};

/// A play that gave up more than this, in thousandths of a bet, is marked.
pub const MARK_MILLI: i64 = 20;

/// One of the player's decisions: the action's place in the log, the deciding spot's view just
/// before it (all the analysis may know) and the action.
#[derive(Clone, Debug)]
pub struct CasinoDecision {
    pub index: usize,
    pub view: SpotView,
    pub played: Action,
}

/// A decision judged: the play made and its expected value, the best play and its value (in
/// bets: 1.0 is the hand's bet won).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct CasinoJudgement {
    pub index: usize,
    pub spot: Spot,
    pub played: Play,
    pub played_ev: f64,
    pub best: Play,
    pub best_ev: f64,
}

impl CasinoJudgement {
    /// The expected value given up, in thousandths of a bet (0 for the best play).
    pub fn lost_milli(&self) -> i64 {
        ((self.best_ev - self.played_ev).max(0.0) * 1000.0).round() as i64
    }

    pub fn is_marked(&self) -> bool {
        self.lost_milli() > MARK_MILLI
    }
}

/// The decisions the spots `mine` made on their hands in a shoe opened as `game` and played as
/// `log` (the moves after the opening; insurance is not a hand's play and is left out). Stops at
/// the first action the game refuses.
pub fn decisions(mut game: Game, log: &[Action], mine: &[Spot]) -> Vec<CasinoDecision> {
    let mut found = Vec::new();
    for (index, &played) in log.iter().enumerate() {
        if let (Phase::Playing { spot, .. }, Some(s), Some(_)) = (game.phase(), played.spot(), played.play()) {
            if spot == s && mine.contains(&s) {
                found.push(CasinoDecision { index, view: game.view(s), played });
            }
        }
        if game.apply(played).is_err() {
            break;
        }
    }
    found
}

/// Judges a decision from its view: every open play's exact value for the cards not seen (the
/// hand and the dealer's up card put back), as the trainer works them out. `None` when the view
/// has no hand to play, or the play was not open.
pub fn judge(d: &CasinoDecision) -> Option<CasinoJudgement> {
    let view = &d.view;
    let hand = view.current_hand()?;
    let up = view.dealer_up()?;
    let mut extra = hand.cards.clone();
    extra.push(up);
    let vals = values(&view.rules, unseen_plus(view, &extra), &hand.cards, up, Allowed::of(view));
    let played = d.played.play()?;
    let &(best, best_ev) = vals.first()?;
    let &(_, played_ev) = vals.iter().find(|(p, _)| *p == played)?;
    Some(CasinoJudgement { index: d.index, spot: view.spot, played, played_ev, best, best_ev })
}

/// A shoe's decisions in a few figures.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CasinoSummary {
    pub decisions: usize,
    /// Decisions that made the best play (or one within a thousandth of a bet of it).
    pub best: usize,
    pub marked: usize,
    /// The expected value given up over the shoe, in thousandths of a bet.
    pub lost_milli: i64,
}

pub fn summary(judged: &[CasinoJudgement]) -> CasinoSummary {
    CasinoSummary {
        decisions: judged.len(),
        best: judged.iter().filter(|j| j.lost_milli() == 0).count(),
        marked: judged.iter().filter(|j| j.is_marked()).count(),
        lost_milli: judged.iter().map(CasinoJudgement::lost_milli).sum(),
    }
}
