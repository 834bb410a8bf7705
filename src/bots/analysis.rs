//! Move-by-move analysis of a shedding game from one seat's view (issue 36, section 3): for each
//! of that seat's turn decisions, the chance of the move played and of the best move, estimated
//! from the seat's view as it was then ([`move_chances`]: deals drawn from the view, never the
//! hidden hands), and the moves that gave up more than [`MISTAKE`]. The replay page asks it of
//! the search worker a decision at a time (`bots::work`, [`Job::Judge`](super::work::Job)).

use super::ismcts::{mean, move_outcomes};
use super::shedding::turn_actions;
use crate::engine::shedding::{Action, Game, Seat, SeatView};

/// A move that gave up more than this chance (5 points in 100) against the best is a mistake.
pub const MISTAKE: f64 = MISTAKE_PM as f64 / 1000.0;

/// [`MISTAKE`] in thousandths, as the search worker answers chances ([`Weighed`]).
pub const MISTAKE_PM: u16 = 50;

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
///
/// The deals are split in two: the even ones choose the best move, the odd ones weigh it against
/// the move played. The best of several noisy estimates is flattered by its own noise: chosen and
/// weighed on the same deals, the "best" move of Priestly's decisions (a handful of moves each)
/// won less often than the move played when replayed from the true hands (-1.8 ± 0.8 points
/// over 603 marked moves; British -1.5). Weighed on deals that did not choose it, and called
/// better only where the difference stands [`Z`] standard errors clear of the deals' noise, it
/// is the move played that is reported best otherwise (nothing to mark).
pub fn judge(view: &SeatView, played: Action, samples: u32, seed: u64) -> Option<Judgement> {
    let outcomes = move_outcomes(view, samples.max(2), seed);
    if outcomes.len() < 2 {
        return None;
    }
    let half = |deals: &[f64], parity: usize| deals.iter().skip(parity).step_by(2).copied().collect::<Vec<f64>>();
    let mine = outcomes.iter().position(|(a, _)| *a == played)?;
    // The best on the even deals: the highest chance; the move played where it ties.
    let (mut chosen, mut chosen_at) = (mine, mean(&half(&outcomes[mine].1, 0)));
    for (i, (_, deals)) in outcomes.iter().enumerate() {
        let c = mean(&half(deals, 0));
        if c > chosen_at {
            (chosen, chosen_at) = (i, c);
        }
    }
    let (best_action, best, played_deals) = (outcomes[chosen].0, &outcomes[chosen].1, &outcomes[mine].1);
    let (played_odd, best_odd) = (half(played_deals, 1), half(best, 1));
    let (played_chance, best_chance) = (mean(&played_odd), mean(&best_odd));
    let diffs: Vec<f64> = best_odd.iter().zip(&played_odd).map(|(b, p)| b - p).collect();
    let d = mean(&diffs);
    let var = diffs.iter().map(|x| (x - d) * (x - d)).sum::<f64>() / (diffs.len().max(2) - 1) as f64;
    let se = (var / diffs.len().max(1) as f64).sqrt();
    let at = view.state_id;
    if best_action == played || d <= Z * se {
        return Some(Judgement { at, played, played_chance, best: played, best_chance: played_chance });
    }
    Some(Judgement { at, played, played_chance, best: best_action, best_chance })
}

/// How many standard errors of the deals' noise a better move's margin must stand clear of.
pub const Z: f64 = 2.0;

/// One of the seat's decisions in a recorded game: the move's place in the log, the seat's view
/// just before it (all the analysis may know), and the move played.
#[derive(Clone, Debug)]
pub struct Decision {
    pub index: usize,
    pub view: SeatView,
    pub played: Action,
}

/// The turn decisions `seat` made in a recorded game that had a choice (two moves or more, the
/// move played among them): `game` as dealt, then `log` (its actions in order). Stops at the first
/// action the game refuses (a log that is not this game's). The replay page asks the search
/// worker about each in turn; [`judge_game`] judges them here.
pub fn decisions(mut game: Game, log: &[Action], seat: Seat) -> Vec<Decision> {
    let mut found = Vec::new();
    for (index, &played) in log.iter().enumerate() {
        if played.seat() == seat && game.current() == seat {
            let view = game.view(seat);
            let moves = turn_actions(&view);
            if view.is_my_turn() && moves.len() >= 2 && moves.contains(&played) {
                found.push(Decision { index, view, played });
            }
        }
        if game.apply(played).is_err() {
            break;
        }
    }
    found
}

/// Judges every turn decision `seat` made in a recorded game (see [`decisions`]), each from the
/// seat's view as it was then.
pub fn judge_game(game: Game, log: &[Action], seat: Seat, samples: u32, seed: u64) -> Vec<Judgement> {
    decisions(game, log, seat)
        .iter()
        .filter_map(|d| judge(&d.view, d.played, samples, seed.wrapping_add(d.index as u64)))
        .collect()
}

/// A decision's judgement as the replay page keeps it with the game: the move's place in the log,
/// and the chances (in thousandths, as the search worker answers them) of the move played and of
/// the best move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weighed {
    pub index: usize,
    pub played_pm: u16,
    pub best: Action,
    pub best_pm: u16,
}

impl Weighed {
    /// The chance given up against the best, in thousandths.
    pub fn lost_pm(&self) -> u16 {
        self.best_pm.saturating_sub(self.played_pm)
    }

    pub fn is_mistake(&self) -> bool {
        self.lost_pm() > MISTAKE_PM
    }
}

/// The accuracy of a seat's play, 0 to 100: the share of the best moves' chances its moves kept
/// (100 when every move was as good as the best). `None` with nothing judged, or when no move had
/// any chance at all (nothing to keep).
pub fn accuracy(judged: &[Weighed]) -> Option<u8> {
    let best: u64 = judged.iter().map(|k| u64::from(k.best_pm)).sum();
    let kept: u64 = judged.iter().map(|k| u64::from(k.played_pm.min(k.best_pm))).sum();
    (best > 0).then(|| ((kept * 100 + best / 2) / best) as u8)
}

/// The `n` mistakes that gave up the most, the biggest first (ties: the earlier first).
pub fn biggest_mistakes(judged: &[Weighed], n: usize) -> Vec<Weighed> {
    // Each put in its place among the `n` kept, not sorted: the replay page links no sort (a
    // slice sort is 3.8 KB of its wasm, which is at its budget).
    let key = |k: &Weighed| (std::cmp::Reverse(k.lost_pm()), k.index);
    let mut worst: Vec<Weighed> = Vec::with_capacity(n + 1);
    for k in judged.iter().copied().filter(Weighed::is_mistake) {
        let at = worst.partition_point(|w| key(w) <= key(&k));
        worst.insert(at, k);
        worst.truncate(n);
    }
    worst
}
