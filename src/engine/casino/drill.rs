//! The strategy drill's flashcards: every cell of the computed chart for the table's rules,
//! drawn more often the more often the player gets it wrong.
//!
//! A pure struct: the page records each answer ([`Drill::check`]) and asks for the next card
//! ([`Drill::next`]) with the game's seeded generator, so a drill replays like a deal. A cell's
//! weight is `1 + 20 × misses / (misses + right + 1)` (integer arithmetic): a cell never asked
//! or always answered right weighs 1, a cell mostly missed up to 21, and no cell ever drops to
//! 0, so a learnt cell still comes back now and then. Answers are counted up to [`MAX_COUNT`]
//! each, so the weights stay fixed-size arithmetic however long the drill runs.

use super::strategy::{Chart, Play};
use crate::engine::rng::GameRng;

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

/// The drill: the cells, their answers from the chart and the player's record on each.
#[derive(Clone, Debug)]
pub struct Drill {
    cells: Vec<(Cell, Play)>,
    tally: Vec<Tally>,
}

impl Drill {
    /// Every hard, soft and pair cell of `chart` against every up card, each answered as the
    /// chart decides it with every play open (so a pair not split is played as its total).
    pub fn new(chart: &Chart) -> Drill {
        let mut cells = Vec::new();
        for up in 1..=10u8 {
            let rows = (5..=19).map(Row::Hard).chain((13..=20).map(Row::Soft)).chain((1..=10).map(Row::Pair));
            for row in rows {
                let (a, b) = match row {
                    Row::Hard(t) => (2.max(t.saturating_sub(10)), t - 2.max(t.saturating_sub(10))),
                    Row::Soft(t) => (1, t - 11),
                    Row::Pair(p) => (p, p),
                };
                cells.push((Cell { row, up }, chart.decide(&[a, b], up, true, true, true, true)));
            }
        }
        let tally = vec![Tally::default(); cells.len()];
        Drill { cells, tally }
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
        self.tally.get(index).copied()
    }

    /// Scores an answer to the cell at `index`: whether it is the chart's play (recorded), or
    /// `None` for a cell that does not exist (nothing recorded).
    pub fn check(&mut self, index: usize, answer: Play) -> Option<bool> {
        let (_, play) = *self.cells.get(index)?;
        let right = answer == play;
        let t = &mut self.tally[index];
        if right {
            t.right = (t.right + 1).min(MAX_COUNT);
        } else {
            t.missed = (t.missed + 1).min(MAX_COUNT);
        }
        Some(right)
    }

    /// The cell's weight in the draw: at least 1.
    pub fn weight(&self, index: usize) -> u64 {
        let Some(t) = self.tally.get(index) else { return 0 };
        let (m, r) = (t.missed as u64, t.right as u64);
        1 + MISS_WEIGHT * m / (m + r + 1)
    }

    /// The next card to ask, drawn by weight from the seeded generator.
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

    /// Two cards (points, ace = 1) that make the cell's hand, chosen with the generator: any
    /// two different cards of a hard total, an ace and the rest of a soft one, or the pair.
    pub fn hand(&self, index: usize, rng: &mut GameRng) -> Option<(u8, u8)> {
        let (cell, _) = self.cells.get(index)?;
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
}
