//! Unbalanced counts played as they are meant to be: by the running count alone.
//!
//! KO (Olaf Vancura and Ken Fuchs, *Knock-Out Blackjack*, Huntington Press, 1998) and Red 7
//! (Arnold Snyder, *Blackbelt in Blackjack*) exist so that the player need not divide: the
//! running count is read against thresholds fixed for the shoe size. Two come from the count
//! itself: the **pivot**, the running count whose true-count equivalent ([`CountSystem::pivot`])
//! is the same at every depth (KO's +4 whatever the decks, as Vancura and Fuchs give it; Red 7's
//! 0, a true count of +2), and the **key count**, where the player's edge turns positive and
//! the bet goes up ([`key_count`]). An index play, computed in true-count equivalents like every
//! system's ([`super`]), becomes a running count the same way ([`RunningKeys::keyed`]).
//!
//! **From a true count to a running count.** One running count means a different true count at
//! each depth: above the pivot a higher one early in the shoe, below it a lower one. So the
//! running count that stands for a true count `t` is the least one whose *expected* true count,
//! over the depths where that running count comes up and weighted by how often it comes up
//! there, is at least `t`. The chances are exact (the cards dealt from each tag class are
//! multivariate hypergeometric), at the middle of every half deck before the cut card. A play whose values change linearly
//! with the true count changes where the expected true count crosses its index, so a play's
//! running index is the running count of its crossing, and the key count is the running count
//! of the true count where the edge ([`edge_by_count`]) crosses zero.

use super::{edge_by_count, IndexPlay};
use crate::engine::casino::count::CountSystem;
use crate::engine::casino::rules::TableRules;
use std::collections::BTreeMap;

/// Running counts that come up less often than this over the shoe are left out: their expected
/// true count is a handful of deals' worth.
const MIN_CHANCE: f64 = 1e-6;

/// An unbalanced count's running counts for one game, each with the true count it stands for.
#[derive(Clone, Debug, PartialEq)]
pub struct RunningKeys {
    /// (running count in points, expected true count when it comes up), by rising running count.
    table: Vec<(i32, f64)>,
    /// The pivot's running count, in points.
    pivot: i32,
}

impl RunningKeys {
    /// `None` for a balanced count, which is played by its true count.
    pub fn new(rules: &TableRules, system: &CountSystem) -> Option<RunningKeys> {
        let (pivot_half, _) = system.pivot(rules.decks)?;
        let before_cut = 52 * rules.decks as u32 * rules.penetration_percent as u32 / 100;
        let depths: Vec<u32> = (0..).map(|i| 26 * i + 13).take_while(|&d| d < before_cut).collect();
        // By running count: (chance, chance × true count), summed over the depths.
        let mut sums: BTreeMap<i32, (f64, f64)> = BTreeMap::new();
        for &dealt in &depths {
            for (running_half, p) in running_chances(system, rules.decks, dealt) {
                let e = sums.entry(running_half / 2).or_insert((0.0, 0.0));
                e.0 += p;
                e.1 += p * system.true_count(running_half, rules.decks, dealt);
            }
        }
        let n = depths.len().max(1) as f64;
        let table: Vec<(i32, f64)> =
            sums.into_iter().filter(|(_, s)| s.0 / n >= MIN_CHANCE).map(|(r, s)| (r, s.1 / s.0)).collect();
        (!table.is_empty()).then_some(RunningKeys { table, pivot: pivot_half / 2 })
    }

    /// The pivot's running count, in points.
    pub fn pivot(&self) -> i32 {
        self.pivot
    }

    /// The lowest and highest running count the shoe reaches (but rarely).
    pub fn range(&self) -> (i32, i32) {
        (self.table[0].0, self.table[self.table.len() - 1].0)
    }

    /// The running count (fractional, interpolated between whole ones) whose expected true count
    /// is `true_count`: the lowest running count for a true count below every one reached, the
    /// highest for one above.
    pub fn running_for(&self, true_count: f64) -> f64 {
        let first = self.table[0];
        if true_count <= first.1 {
            return first.0 as f64;
        }
        for w in self.table.windows(2) {
            let ((r0, t0), (r1, t1)) = (w[0], w[1]);
            if true_count <= t1 && t1 > t0 {
                return r0 as f64 + (true_count - t0) / (t1 - t0) * (r1 - r0) as f64;
            }
        }
        self.table[self.table.len() - 1].0 as f64
    }

    /// The play at or above a running count: the least whole one whose expected true count
    /// reaches `true_count`.
    pub fn index_for(&self, true_count: f64) -> i32 {
        (self.running_for(true_count) - 1e-9).ceil() as i32
    }

    /// The index plays (in true-count equivalents, as [`super::index_plays`] gives them) keyed
    /// to the running count: each index the running count from which its play is made, each
    /// crossing the running count where the two plays are worth the same.
    pub fn keyed(&self, plays: &[IndexPlay]) -> Vec<IndexPlay> {
        plays
            .iter()
            .map(|p| IndexPlay { index: self.index_for(p.crossing), crossing: self.running_for(p.crossing), ..*p })
            .collect()
    }
}

/// Each running count's chance (in half points) after `dealt` cards of a shoe of `decks` decks:
/// the cards dealt from each tag class are multivariate hypergeometric, so the chance of each
/// way to deal them is a product of binomials. Only the chances are needed here (not the cards
/// left, as in [`super::depth_profile`]), and KO and Red 7 have three tag classes, so every way
/// is counted directly: at eight decks about a fiftieth of a profile's work.
fn running_chances(system: &CountSystem, decks: u8, dealt: u32) -> Vec<(i32, f64)> {
    let d = decks.clamp(1, 8) as u32;
    let mut classes: Vec<(i32, u32)> = Vec::new();
    let mut add = |tag: i32, cards: u32| match classes.iter_mut().find(|c| c.0 == tag) {
        Some(c) => c.1 += cards,
        None => classes.push((tag, cards)),
    };
    for (p, &tag) in system.half_tags.iter().enumerate() {
        match p {
            6 => {
                add(tag as i32, 2 * d);
                add(system.red_seven_half as i32, 2 * d);
            }
            9 => add(tag as i32, 16 * d),
            _ => add(tag as i32, 4 * d),
        }
    }
    let total = 52 * d;
    let n = dealt.min(total);
    // ln k! for every k up to the shoe.
    let ln_fact: Vec<f64> = std::iter::once(0.0)
        .chain((1..=total).scan(0.0, |acc, k| {
            *acc += (k as f64).ln();
            Some(*acc)
        }))
        .collect();
    let ln_choose = |a: u32, b: u32| ln_fact[a as usize] - ln_fact[b as usize] - ln_fact[(a - b) as usize];
    let mut chances: BTreeMap<i32, f64> = BTreeMap::new();
    /// Deals `left` more cards from `classes[i..]`, the tags so far summing to `sum` with
    /// ln(ways) `ln_ways`.
    fn deal(
        classes: &[(i32, u32)],
        left: u32,
        sum: i32,
        ln_ways: f64,
        ln_choose: &dyn Fn(u32, u32) -> f64,
        out: &mut BTreeMap<i32, f64>,
        ln_all: f64,
    ) {
        let Some((&(tag, cards), rest)) = classes.split_first() else {
            if left == 0 {
                *out.entry(sum).or_insert(0.0) += (ln_ways - ln_all).exp();
            }
            return;
        };
        let room: u32 = rest.iter().map(|c| c.1).sum();
        for k in left.saturating_sub(room)..=left.min(cards) {
            let ways = ln_ways + ln_choose(cards, k);
            deal(rest, left - k, sum + tag * k as i32, ways, ln_choose, out, ln_all);
        }
    }
    deal(&classes, n, 0, 0.0, &ln_choose, &mut chances, ln_choose(total, n));
    let start = system.initial_running_count_half(decks.clamp(1, 8));
    chances.into_iter().map(|(sum, p)| (start + sum, p)).collect()
}

/// The key count of an unbalanced count for this game: the least running count (in points) at
/// which the player's edge is positive, with every hand played perfectly for the cards left
/// ([`edge_by_count`]). `None` for a balanced count, or a game with no edge in reach.
pub fn key_count(rules: &TableRules, system: &CountSystem) -> Option<i32> {
    let keys = RunningKeys::new(rules, system)?;
    let counts: Vec<i32> = (-4..=10).collect();
    let edges = edge_by_count(rules, system, &counts);
    let zero = edges.windows(2).find(|w| w[0].1 < 0.0 && w[1].1 >= 0.0).map(|w| {
        let ((t0, e0), (t1, e1)) = (w[0], w[1]);
        t0 as f64 + e0 / (e0 - e1) * (t1 - t0) as f64
    })?;
    Some(keys.index_for(zero))
}
