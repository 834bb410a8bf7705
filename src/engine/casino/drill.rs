//! The strategy drill's flashcards: every cell of the computed chart for the table's rules,
//! drawn more often the more often the player gets it wrong.
//!
//! A pure struct: the page records each answer ([`Drill::check`]) and asks for the next card
//! ([`Drill::next`]) with the game's seeded generator, so a drill replays like a deal. A cell's
//! weight is `1 + 20 × misses / (misses + right + 1)` (integer arithmetic): a cell never asked
//! or always answered right weighs 1, a cell mostly missed up to 21, and no cell ever drops to
//! 0, so a learnt cell still comes back now and then. Answers are counted up to [`MAX_COUNT`]
//! each, so the weights stay fixed-size arithmetic however long the drill runs.
//!
//! The page does not compute a whole chart first (a column of it takes longer than a page task
//! may): it keeps a [`Record`] over [`cells`] and works out the one cell it asks with
//! [`cell_values`], the same probability-weighted values the chart orders its plays by.

use super::indices::{first_hands, first_situations, IndexPlay};
use super::rules::TableRules;
use super::strategy::{weighted_order, ActionEvs, Chart, Counts, Play, Solver};
use crate::engine::rng::GameRng;
use std::cmp::Ordering;

/// The most answers of one kind a cell remembers.
pub const MAX_COUNT: u32 = 10_000;

/// The largest extra weight a missed cell gets, on top of 1.
const MISS_WEIGHT: u64 = 20;

/// A row of the chart.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// A hard two-card total, 5..=19 (20 is a pair of tens).
    Hard(u8),
    /// A soft two-card total, 13..=20 (A,2 … A,9).
    Soft(u8),
    /// A pair of this point value (1 = aces).
    Pair(u8),
}

/// One flashcard: a row against an up card (1 = ace … 10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    pub row: Row,
    pub up: u8,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub right: u32,
    pub missed: u32,
}

/// Every cell a drill asks, in its order: hard 5..=19, soft 13..=20 and the pairs against each
/// up card.
pub fn cells() -> Vec<Cell> {
    let mut cells = Vec::new();
    for up in 1..=10u8 {
        let rows = (5..=19).map(Row::Hard).chain((13..=20).map(Row::Soft)).chain((1..=10).map(Row::Pair));
        cells.extend(rows.map(|row| Cell { row, up }));
    }
    cells
}

/// The player's record on each cell, and the draw weighted by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    tally: Vec<Tally>,
}

impl Record {
    /// A record of `len` cells, none answered yet.
    pub fn new(len: usize) -> Record {
        Record { tally: vec![Tally::default(); len] }
    }

    pub fn len(&self) -> usize {
        self.tally.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tally.is_empty()
    }

    pub fn tally(&self, index: usize) -> Option<Tally> {
        self.tally.get(index).copied()
    }

    /// Sets a cell's record (one read back from a save), each count held to [`MAX_COUNT`];
    /// `false` for a cell that does not exist.
    pub fn set_tally(&mut self, index: usize, t: Tally) -> bool {
        let Some(slot) = self.tally.get_mut(index) else { return false };
        *slot = Tally { right: t.right.min(MAX_COUNT), missed: t.missed.min(MAX_COUNT) };
        true
    }

    /// Counts an answer to the cell at `index`; `false` for a cell that does not exist.
    pub fn record(&mut self, index: usize, right: bool) -> bool {
        let Some(t) = self.tally.get_mut(index) else { return false };
        if right {
            t.right = (t.right + 1).min(MAX_COUNT);
        } else {
            t.missed = (t.missed + 1).min(MAX_COUNT);
        }
        true
    }

    /// The cell's weight in the draw: at least 1.
    pub fn weight(&self, index: usize) -> u64 {
        let Some(t) = self.tally.get(index) else { return 0 };
        let (m, r) = (t.missed as u64, t.right as u64);
        1 + MISS_WEIGHT * m / (m + r + 1)
    }

    /// The next cell to ask, drawn by weight from the seeded generator.
    pub fn next(&self, rng: &mut GameRng) -> usize {
        let total: u64 = (0..self.len()).map(|i| self.weight(i)).sum();
        if total == 0 {
            return 0;
        }
        let mut x = rng.below(total);
        for i in 0..self.len() {
            let w = self.weight(i);
            if x < w {
                return i;
            }
            x -= w;
        }
        self.len() - 1
    }

    /// Up to `n` cells most often missed (by share missed, then by misses), worst first; a
    /// cell never missed is not among them.
    pub fn weakest(&self, n: usize) -> Vec<usize> {
        let mut missed: Vec<usize> = (0..self.len()).filter(|&i| self.tally[i].missed > 0).collect();
        // Compared as fractions without division: missed_a / total_a against missed_b / total_b.
        let share = |i: usize| {
            let t = self.tally[i];
            (t.missed as u64, t.missed as u64 + t.right as u64)
        };
        missed.sort_by(|&a, &b| {
            let ((ma, ta), (mb, tb)) = (share(a), share(b));
            (mb * ta).cmp(&(ma * tb)).then(mb.cmp(&ma)).then(a.cmp(&b))
        });
        missed.truncate(n);
        missed
    }
}

/// The drill: the cells, their answers from the chart and the player's record on each.
#[derive(Clone, Debug)]
pub struct Drill {
    cells: Vec<(Cell, Play)>,
    record: Record,
}

impl Drill {
    /// Every hard, soft and pair cell of `chart` against every up card, each answered as the
    /// chart decides it with every play open (so a pair not split is played as its total).
    pub fn new(chart: &Chart) -> Drill {
        let cells: Vec<(Cell, Play)> = cells()
            .into_iter()
            .map(|cell| {
                let (a, b) = match cell.row {
                    Row::Hard(t) => (2.max(t.saturating_sub(10)), t - 2.max(t.saturating_sub(10))),
                    Row::Soft(t) => (1, t - 11),
                    Row::Pair(p) => (p, p),
                };
                (cell, chart.decide(&[a, b], cell.up, true, true, true, true))
            })
            .collect();
        let record = Record::new(cells.len());
        Drill { cells, record }
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The cell at `index` and the chart's play for it (`None` past the end).
    pub fn card(&self, index: usize) -> Option<(Cell, Play)> {
        self.cells.get(index).copied()
    }

    pub fn tally(&self, index: usize) -> Option<Tally> {
        self.record.tally(index)
    }

    /// Scores an answer to the cell at `index`: whether it is the chart's play (recorded), or
    /// `None` for a cell that does not exist (nothing recorded).
    pub fn check(&mut self, index: usize, answer: Play) -> Option<bool> {
        let (_, play) = *self.cells.get(index)?;
        let right = answer == play;
        self.record.record(index, right);
        Some(right)
    }

    /// The cell's weight in the draw: at least 1.
    pub fn weight(&self, index: usize) -> u64 {
        self.record.weight(index)
    }

    /// The next card to ask, drawn by weight from the seeded generator.
    pub fn next(&self, rng: &mut GameRng) -> usize {
        self.record.next(rng)
    }

    /// Two cards (points, ace = 1) that make the cell's hand, chosen with the generator: any
    /// two different cards of a hard total, an ace and the rest of a soft one, or the pair.
    pub fn hand(&self, index: usize, rng: &mut GameRng) -> Option<(u8, u8)> {
        hand(self.cells.get(index)?.0, rng)
    }
}

/// Two cards (points, ace = 1) that make the cell's hand, chosen with the generator (see
/// [`Drill::hand`]); `None` for a cell no two cards make.
pub fn hand(cell: Cell, rng: &mut GameRng) -> Option<(u8, u8)> {
    Some(match cell.row {
        Row::Hard(t) => {
            let ways: Vec<(u8, u8)> =
                (2..=10u8).flat_map(|a| (a + 1..=10).map(move |b| (a, b))).filter(|&(a, b)| a + b == t).collect();
            *ways.get(rng.below(ways.len().max(1) as u64) as usize)?
        }
        Row::Soft(t) => (1, t.saturating_sub(11)),
        Row::Pair(p) => (p, p),
    })
}

/// The two-card hands of a cell's row (aces as 1, the lower card first), each with its chance
/// from a full shoe less the up card: a hard total's hands as the chart weighs its row (its pairs
/// included, aces apart), a soft total's ace and card, or the pair.
fn row_hands(cell: Cell, shoe: Counts) -> Vec<(u8, u8, f64)> {
    let after_up = shoe.without(cell.up).unwrap_or(shoe);
    let chance = |a: u8, b: u8| {
        let rest = after_up.without(a).unwrap_or(after_up);
        let w = after_up.prob(a) * rest.prob(b);
        if a == b {
            w
        } else {
            2.0 * w
        }
    };
    let pairs: Vec<(u8, u8)> = match cell.row {
        Row::Hard(t) => (2..=10u8).flat_map(|a| (a..=10).map(move |b| (a, b))).filter(|&(a, b)| a + b == t).collect(),
        Row::Soft(t) if (13..=20).contains(&t) => vec![(1, t - 11)],
        Row::Pair(p) if (1..=10).contains(&p) => vec![(p, p)],
        _ => Vec::new(),
    };
    pairs.into_iter().map(|(a, b)| (a, b, chance(a, b))).filter(|h| h.2 > 0.0).collect()
}

/// The expected value of every play the rules allow for a cell, per unit bet, best first: for a
/// total the chance-weighted mean over its two-card hands, whose order is the chart's
/// ([`Chart::decide`] with every play open answers the first); for a pair its own values, split
/// included. Computed by the solver's quick mode from a full shoe, one cell in a few
/// milliseconds (natively; `examples/drill_costs.rs`), so the page works out only the card it
/// asks. Empty for a cell no hand makes or an up card outside 1..=10.
pub fn cell_values(rules: &TableRules, cell: Cell) -> Vec<(Play, f64)> {
    if !(1..=10).contains(&cell.up) {
        return Vec::new();
    }
    let shoe = Counts::full(rules.decks);
    let hands = row_hands(cell, shoe);
    let mut solver = Solver::new(rules, shoe, cell.up).quick();
    let rows: Vec<(f64, ActionEvs)> = hands.iter().map(|&(a, b, w)| (w, solver.evaluate(a, b))).collect();
    let total: f64 = rows.iter().map(|r| r.0).sum();
    if rows.is_empty() || total <= 0.0 {
        return Vec::new();
    }
    let mean = |p: Play| -> Option<f64> {
        let mut sum = 0.0;
        for (w, e) in &rows {
            sum += w * e.value(p)?;
        }
        Some(sum / total)
    };
    if let Row::Pair(_) = cell.row {
        // A pair is split or played as its total, whichever is worth more (as the chart does).
        let e = rows[0].1;
        let mut plays: Vec<(Play, f64)> = [Play::Stand, Play::Hit, Play::Double, Play::Split, Play::Surrender]
            .into_iter()
            .filter_map(|p| Some((p, e.value(p)?)))
            .collect();
        // Stable: on equal value the simpler play stays first.
        plays.sort_by(|x, y| y.1.total_cmp(&x.1));
        return plays;
    }
    weighted_order(&rows).into_iter().filter(|&p| p != Play::Split).filter_map(|p| Some((p, mean(p)?))).collect()
}

/// The index plays in the order a counter learns them: the Illustrious 18 and Fab 4 first, in
/// their published order (each hand with every decision it is answered with: a total and its
/// surrender), then every other play by what it is worth ([`IndexPlay::gain`]), most first.
/// Plays of one decision keep their order.
pub fn ranked_plays(rules: &TableRules, plays: &[IndexPlay]) -> Vec<IndexPlay> {
    let first = first_hands(rules);
    let hand = |p: &IndexPlay| first.iter().position(|h| h.contains(&(p.situation, p.up)));
    let mut out = plays.to_vec();
    out.sort_by(|a, b| match (hand(a), hand(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => b.gain.total_cmp(&a.gain),
    });
    out
}

/// How many of `ranked` (in [`ranked_plays`]' order) are the Illustrious 18 and Fab 4's.
pub fn first_count(rules: &TableRules, ranked: &[IndexPlay]) -> usize {
    let first = first_situations(rules);
    ranked.iter().take_while(|p| first.contains(&(p.situation, p.up))).count()
}
