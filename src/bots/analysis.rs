//! Move-by-move analysis of a shedding game from one seat's view (issue 36, section 3): for each
//! of that seat's turn decisions, the chance of the move played and of the best move, estimated
//! from the seat's view as it was then ([`move_chances`]: deals drawn from the view, never the
//! hidden hands), and the moves that gave up more than [`MISTAKE`]. The replay page asks it of
//! the search worker a decision at a time (`bots::work`, [`Job::Judge`](super::work::Job)).

use super::ismcts::move_chances;
use crate::engine::shedding::{Action, Game, Seat, SeatView};

/// A move that gave up more than this chance (5 points in 100) against the best is a mistake.
pub const MISTAKE: f64 = 0.05;

/// Deals drawn for each move of a decision: each chance's 95% interval is then within about
/// ±5 points, and their difference closer (the moves share the deals).
pub const SAMPLES: u32 = 400;

/// The most deals a request may ask for each move (each is a whole playout a move).
pub const MAX_SAMPLES: u32 = 2000;

/// One decision of the seat, judged.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Judgement {
    /// The state id the decision was made at.
    pub at: u32,
    pub played: Action,
    /// The seat's chance (to win, or its share of the round's places) after the move played.
    pub played_chance: f64,
    /// The move with the best chance, and that chance.
    pub best: Action,
    pub best_chance: f64,
}

impl Judgement {
    /// The chance the move played gave up against the best.
    pub fn lost(&self) -> f64 {
        (self.best_chance - self.played_chance).max(0.0)
    }

    pub fn is_mistake(&self) -> bool {
        self.lost() > MISTAKE
    }
}

/// Judges `played`, a turn move of `view`'s seat at that view; `None` when it is not one, or
/// when it was the only move (nothing to choose).
pub fn judge(view: &SeatView, played: Action, samples: u32, seed: u64) -> Option<Judgement> {
    let chances = move_chances(view, samples, seed);
    if chances.len() < 2 {
        return None;
    }
    let &(_, played_chance) = chances.iter().find(|(a, _)| *a == played)?;
    // The best: the highest chance; the move played where it ties (no mistake by a hair).
    let (best, best_chance) =
        chances.iter().copied().fold((played, played_chance), |b, (a, c)| if c > b.1 { (a, c) } else { b });
    Some(Judgement { at: view.state_id, played, played_chance, best, best_chance })
}

/// Judges every turn decision `seat` made in a recorded game: `game` as dealt, then `log` (its
/// actions in order). Each decision is judged from `game.view(seat)` as it was then. Stops at the
/// first action the game refuses (a log that is not this game's).
pub fn judge_game(mut game: Game, log: &[Action], seat: Seat, samples: u32, seed: u64) -> Vec<Judgement> {
    let mut judged = Vec::new();
    for (i, &action) in log.iter().enumerate() {
        if action.seat() == seat && game.current() == seat {
            let view = game.view(seat);
            if view.is_my_turn() {
                if let Some(j) = judge(&view, action, samples, seed.wrapping_add(i as u64)) {
                    judged.push(j);
                }
            }
        }
        if game.apply(action).is_err() {
            break;
        }
    }
    judged
}
