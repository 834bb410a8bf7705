//! Risk of ruin: the chance of losing a whole bankroll with a given bet spread, by the classic
//! exponential formula.
//!
//! For a game won at `W` units a round on average with a standard deviation of `SD` units a
//! round, the chance that a bankroll of `B` units is ever lost is
//!
//! `ROR = exp(−2 · W · B / SD²)`
//!
//! (Don Schlesinger, *Blackjack Attack: Playing the Pros' Way*, RGE Publishing, third edition
//! 2005, the chapter on risk of ruin; it is the ruin probability of a Brownian motion with drift
//! `W` and variance `SD²`, exact in that limit and very close for blackjack's small rounds). The
//! chance of being ruined *before* winning `G` more units follows from it: whoever ends up
//! ruined either is ruined before reaching `B + G` or reaches it and is ruined from there, so
//! `r = (ROR(B) − ROR(B + G)) / (1 − ROR(B + G))`.
//!
//! A bet spread is turned into `W` and `SD` the usual way: over the true counts, with their
//! chances `f`, the bets `b` and the player's edge `e` at each count, `W = Σ f·b·e` and
//! `SD² = Σ f·b²·v − W²`, where `v` is the variance of one round per unit bet (about 1.3 for
//! blackjack with doubles and splits; [`ROUND_VARIANCE`]). The chances of the true counts come
//! exactly from [`super::indices::depth_profile`] ([`true_count_frequencies`]), the edge at each
//! count from [`super::indices::edge_by_count`] ([`count_rows`] pairs them).
//!
//! A page works the chances and the edges out in bounded steps with [`SpreadWork`] (the same
//! figures as [`true_count_frequencies`] and [`super::indices::edge_by_count`]); the spread's
//! figures from them are then instant, so the player can try bankrolls and spreads freely.
//!
//! The risk functions take any floats and return a probability in 0..=1: a game without an edge,
//! or nonsense input, is certain ruin, never a panic or a NaN.

use super::count::CountSystem;
use super::indices::{
    composition_at, depth_profile, depths, round_value_part, Composition, ProfileBuilder, HIGHEST, LOWEST,
};
use super::rules::TableRules;

/// The variance of one blackjack round per unit bet, doubles, splits and blackjacks included:
/// the figure usually used (a standard deviation of about 1.15 units a round).
pub const ROUND_VARIANCE: f64 = 1.3225;

/// The chance of ever losing `bankroll` units, winning `win` units a round on average with
/// standard deviation `sd` units a round.
pub fn risk_of_ruin(win: f64, sd: f64, bankroll: f64) -> f64 {
    if !(win.is_finite() && sd.is_finite() && bankroll.is_finite()) || win <= 0.0 || bankroll <= 0.0 {
        return 1.0;
    }
    if sd <= 0.0 {
        return 0.0;
    }
    // Divided first, so that huge figures do not overflow to infinity over infinity.
    let r = (-2.0 * (win / sd) * (bankroll / sd)).exp();
    if r.is_nan() {
        1.0
    } else {
        r.clamp(0.0, 1.0)
    }
}

/// The chance of losing `bankroll` units before winning `goal` more.
pub fn risk_of_ruin_before_goal(win: f64, sd: f64, bankroll: f64, goal: f64) -> f64 {
    if !goal.is_finite() || goal <= 0.0 || !bankroll.is_finite() || bankroll <= 0.0 {
        return if bankroll > 0.0 { 0.0 } else { 1.0 };
    }
    if !(win.is_finite() && sd.is_finite()) || win < 0.0 || sd <= 0.0 {
        return 1.0;
    }
    if win == 0.0 {
        // A fair game: the gambler's ruin of a fair walk.
        return (goal / (bankroll + goal)).clamp(0.0, 1.0);
    }
    let r = |b: f64| risk_of_ruin(win, sd, b);
    let (near, far) = (r(bankroll), r(bankroll + goal));
    let r = (near - far) / (1.0 - far);
    if r.is_nan() {
        near
    } else {
        r.clamp(0.0, 1.0)
    }
}

/// The bankroll, in units, whose risk of ruin is `risk` (`None` without an edge or for a risk
/// outside 0 < risk < 1).
pub fn bankroll_for_risk(win: f64, sd: f64, risk: f64) -> Option<f64> {
    (win > 0.0 && sd.is_finite() && sd > 0.0 && risk > 0.0 && risk < 1.0 && win.is_finite())
        .then(|| -sd * sd * risk.ln() / (2.0 * win))
}

/// N0, "the long run" (Don Schlesinger, *Blackjack Attack*, the chapter on SCORE): the rounds
/// after which the expected win equals one standard deviation of the result, `(SD / W)²`.
/// `None` without an edge.
pub fn n0(win: f64, sd: f64) -> Option<f64> {
    (win > 0.0 && win.is_finite() && sd.is_finite() && sd >= 0.0).then(|| (sd / win).powi(2))
}

/// A bet spread: the bet in units from each true count up (the first step's bet below it too).
#[derive(Clone, Debug, PartialEq)]
pub struct Spread {
    /// (true count, units), by rising count.
    pub steps: Vec<(i32, f64)>,
}

impl Spread {
    /// The bet at this (whole) true count.
    pub fn bet_at(&self, true_count: i32) -> f64 {
        let mut bet = self.steps.first().map_or(0.0, |s| s.1);
        for &(t, units) in &self.steps {
            if true_count >= t {
                bet = units;
            }
        }
        bet.max(0.0)
    }
}

/// A round's figures for a spread: the average win and its standard deviation, in units.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RoundFigures {
    pub win: f64,
    pub sd: f64,
}

/// The win and standard deviation of a round for `spread`, given each whole true count's chance
/// and the player's edge there (as a fraction of the bet): rows of (count, chance, edge).
pub fn spread_figures(spread: &Spread, counts: &[(i32, f64, f64)], variance: f64) -> RoundFigures {
    let total: f64 = counts.iter().map(|c| c.1.max(0.0)).sum();
    if total <= 0.0 || !total.is_finite() {
        return RoundFigures { win: 0.0, sd: 0.0 };
    }
    let (mut win, mut square) = (0.0, 0.0);
    for &(t, chance, edge) in counts {
        let f = chance.max(0.0) / total;
        let b = spread.bet_at(t);
        win += f * b * edge;
        square += f * b * b * variance.max(0.0);
    }
    RoundFigures { win, sd: (square - win * win).max(0.0).sqrt() }
}

/// The win and standard deviation of a round for bets the player actually made: each round's
/// whole true count and bet in units (`bets`), with the player's edge at that count from
/// `rows` (as [`spread_figures`] takes them; the nearest count's where the round's is not
/// among them). `W = mean(b·e)`, `SD² = mean(b²·v) − W²`: the expected figures of the bets as
/// placed, where the rounds' own results (a few hundred rounds at most) would make the risk
/// 0% or 100% by luck. All zero without rounds or rows.
pub fn bets_figures(bets: &[(i32, f64)], rows: &[(i32, f64, f64)], variance: f64) -> RoundFigures {
    let edges: Vec<(i32, f64)> = rows.iter().map(|r| (r.0, r.2)).collect();
    let n = bets.len() as f64;
    let (mut win, mut square) = (0.0, 0.0);
    for &(t, b) in bets {
        let Some(&(_, edge)) = edges.iter().min_by_key(|e| (e.0 - t).unsigned_abs()) else {
            return RoundFigures { win: 0.0, sd: 0.0 };
        };
        let b = if b.is_finite() { b.max(0.0) } else { 0.0 };
        win += b * edge / n;
        square += b * b * variance.max(0.0) / n;
    }
    RoundFigures { win, sd: (square - win * win).max(0.0).sqrt() }
}

/// Rows for [`spread_figures`]: each count's chance with the edge at the nearest count in
/// `edges` (the edges of [`super::indices::edge_by_count`], computed over a narrower range).
pub fn count_rows(frequencies: &[(i32, f64)], edges: &[(i32, f64)]) -> Vec<(i32, f64, f64)> {
    frequencies
        .iter()
        .filter_map(|&(t, f)| {
            let nearest = edges.iter().min_by_key(|e| (e.0 - t).unsigned_abs())?;
            Some((t, f, nearest.1))
        })
        .collect()
}

/// Rows for [`spread_figures`] worked out in one go: each whole true count's chance, with the
/// edge at the nearest count of [`edge_counts`] ([`SpreadWork`] makes the same in steps).
pub fn spread_rows(rules: &TableRules, system: &CountSystem) -> Vec<(i32, f64, f64)> {
    let chances = true_count_frequencies(system, rules);
    count_rows(&chances, &super::indices::edge_by_count(rules, system, &edge_counts(&chances)))
}

/// The chance of each whole true count (rounded to the nearest) at the start of a round, over
/// the shoe from the first round to the cut card: exact at each depth of [`frequency_depths`],
/// the depths weighted alike. Sorted by count; the chances sum to one.
pub fn true_count_frequencies(system: &CountSystem, rules: &TableRules) -> Vec<(i32, f64)> {
    let mut bins = Bins::default();
    for (dealt, share) in frequency_depths(rules) {
        bins.add(&depth_profile(system, rules.decks, dealt), share);
    }
    bins.chances()
}

/// The depths the chances are taken at, each with the share of the rounds it stands for: the
/// chance that a round starts that many cards after the shuffle, before the cut card. The first
/// round starts at the shuffle (a count of exactly 0); the k-th about k × [`CARDS_A_ROUND`]
/// cards in, give or take √k × [`CARDS_A_ROUND_SD`] (a normal spread). Up to two decks every
/// depth is taken (a true count is a running count over few possible decks left, so one depth
/// alone makes the chances lumpy); in bigger shoes the depths after the first are grouped into
/// at most [`FREQUENCY_DEPTHS`] − 1 runs of cards, each taken at its mean, to keep the work
/// small. Taken from the first card of each half deck, the chances leaned toward the shoe's
/// neutral start: issue 38 measured a 1–8 spread's win 18% below a simulation's at six decks;
/// taken at the middle of each half deck, they leaned away from it (the first round of a shoe
/// is at 0 every time, one round in seven at one deck): `examples/counter_sim.rs` dealt 25.7% of
/// rounds at 0 at one deck where they gave 18.8%, and the SD came out 7% above the simulation's.
fn frequency_depths(rules: &TableRules) -> Vec<(u32, f64)> {
    let before_cut = 52 * rules.decks as usize * rules.penetration_percent as usize / 100;
    let mut starts = vec![0.0; before_cut.max(1)];
    starts[0] = 1.0;
    for k in 1.. {
        let (mean, sd) = (k as f64 * CARDS_A_ROUND, (k as f64).sqrt() * CARDS_A_ROUND_SD);
        if mean - 5.0 * sd > before_cut as f64 {
            break;
        }
        for (d, start) in starts.iter_mut().enumerate().skip(1) {
            let z = (d as f64 - mean) / sd;
            *start += (-0.5 * z * z).exp() / (sd * (2.0 * std::f64::consts::PI).sqrt());
        }
    }
    let total: f64 = starts.iter().sum();
    let run = if rules.decks <= 2 { 1 } else { (starts.len() - 1).div_ceil(FREQUENCY_DEPTHS as usize - 1).max(1) };
    let mut depths = vec![(0, starts[0] / total)];
    for (i, chunk) in starts[1..].chunks(run).enumerate() {
        let share: f64 = chunk.iter().sum();
        let mean = chunk.iter().enumerate().map(|(j, w)| (1 + i * run + j) as f64 * w).sum::<f64>() / share;
        depths.push((mean.round() as u32, share / total));
    }
    depths
}

/// The cards one round takes, one spot against the dealer, and their standard deviation:
/// `examples/counter_sim.rs` deals 5.47 a round (standard deviation 1.08 to 1.14) at one and at
/// six decks.
pub const CARDS_A_ROUND: f64 = 5.47;
pub const CARDS_A_ROUND_SD: f64 = 1.1;

/// At most this many depths for the chances of the true counts in a shoe of more than two decks
/// (see [`frequency_depths`]): few enough at eight decks that the chances stay a small part of
/// the spread's work (each depth one [`depth_profile`]).
pub const FREQUENCY_DEPTHS: u32 = 24;

/// The whole true counts a bin each, from −[`BIN_REACH`] to +[`BIN_REACH`] (a true count is at
/// most the running count's reach over the last card, far inside this at eight decks).
const BIN_REACH: i32 = 2000;

/// Each whole true count's chance so far (a plain array: a map would weigh on the page).
#[derive(Clone, Debug)]
struct Bins(Vec<f64>);

impl Default for Bins {
    fn default() -> Self {
        Bins(vec![0.0; 2 * BIN_REACH as usize + 1])
    }
}

impl Bins {
    /// Adds one depth's profile, standing for `share` of the rounds.
    fn add(&mut self, profile: &[(f64, f64, Composition)], share: f64) {
        for &(tc, p, _) in profile {
            let t = tc.round().clamp(-BIN_REACH as f64, BIN_REACH as f64) as i32;
            self.0[(t + BIN_REACH) as usize] += p * share;
        }
    }

    /// (count, chance) for every count reached, by rising count.
    fn chances(&self) -> Vec<(i32, f64)> {
        (-BIN_REACH..=BIN_REACH).zip(self.0.iter().copied()).filter(|b| b.1 > 0.0).collect()
    }
}

/// Each whole true count with its chance, by rising count.
pub type Chances = Vec<(i32, f64)>;
/// Whole true counts with the player's edge there (a fraction of the bet).
pub type Edges = Vec<(i32, f64)>;

/// The least chance of a true count whose edge [`SpreadWork`] computes: rarer counts (each under
/// one round in a thousand) take the edge of the nearest count computed ([`count_rows`]), which
/// spares the page the work of the counts that hardly ever come.
pub const EDGE_MIN_CHANCE: f64 = 0.001;

/// The whole counts whose edge [`SpreadWork`] computes, from the counts' chances: those of at
/// least [`EDGE_MIN_CHANCE`] between [`LOWEST`] and [`HIGHEST`].
pub fn edge_counts(chances: &[(i32, f64)]) -> Vec<i32> {
    chances.iter().filter(|c| c.1 >= EDGE_MIN_CHANCE && (LOWEST..=HIGHEST).contains(&c.0)).map(|c| c.0).collect()
}

/// What a bet spread's figures need for one table and one count: each whole true count's chance
/// ([`true_count_frequencies`]) and the player's edge at the counts of [`edge_counts`] that the
/// shoe reaches ([`super::indices::edge_by_count`]), worked out in bounded steps so a page can
/// do it between frames: call [`SpreadWork::step`] until it returns `true`, then
/// [`SpreadWork::finish`]. The figures are the same as in one go.
#[derive(Clone, Debug)]
pub struct SpreadWork {
    rules: TableRules,
    system: CountSystem,
    /// The profiles to make: the chances' depths (with the share of rounds each stands for),
    /// then the edges' depths.
    jobs: Vec<(u32, f64)>,
    job: usize,
    builder: Option<ProfileBuilder>,
    bins: Bins,
    /// The counts whose edge is computed (once the chances are known), and the expected cards
    /// left at each of them, per edge depth.
    counts: Vec<i32>,
    shoes: Vec<Vec<Option<Composition>>>,
    /// The next edge step: depth, count, up card, the player's lower card; the up card's part of
    /// the round's value so far, and the round's value so far at that count.
    at: (usize, usize, u8, u8),
    part: f64,
    round: f64,
    /// Per count: the round's values summed over the depths that reach it, and how many do.
    sums: Vec<(f64, u32)>,
}

impl SpreadWork {
    pub fn new(rules: &TableRules, system: &CountSystem) -> SpreadWork {
        let mut jobs = frequency_depths(rules);
        jobs.extend(depths(rules).map(|d| (d, 0.0)));
        SpreadWork {
            rules: rules.clone(),
            system: *system,
            jobs,
            job: 0,
            builder: None,
            bins: Default::default(),
            counts: Vec::new(),
            shoes: Vec::new(),
            at: (0, 0, 1, 1),
            part: 0.0,
            round: 0.0,
            sums: Vec::new(),
        }
    }

    /// Steps done and steps in all, roughly (for a progress figure).
    pub fn progress(&self) -> (usize, usize) {
        // Before the chances are known, about a dozen counts.
        let counts = if self.counts.is_empty() { 12 } else { self.counts.len() };
        // A profile weighs about as much as a count's hundred parts of a round.
        let profiles = self.job.min(self.jobs.len()) * 100;
        let (d, t, up, a) = self.at;
        let edges = (d * counts + t) * 100 + (up as usize - 1) * 10 + a as usize - 1;
        (profiles + edges, self.jobs.len() * 100 + depths(&self.rules).len() * counts * 100)
    }

    /// About `budget` multiply-adds of a profile, or one part of a round's value at one depth and
    /// count (an up card and the player's lower card: [`round_value_part`]); `true` when every
    /// step is done.
    pub fn step(&mut self, budget: usize) -> bool {
        let edge_jobs = depths(&self.rules).len();
        let freq_jobs = self.jobs.len() - edge_jobs;
        if self.job < self.jobs.len() {
            let (dealt, share) = self.jobs[self.job];
            let b = self.builder.get_or_insert_with(|| ProfileBuilder::new(&self.system, self.rules.decks, dealt));
            if b.step(budget) {
                let profile = self.builder.take().map(ProfileBuilder::finish).unwrap_or_default();
                if self.job < freq_jobs {
                    self.bins.add(&profile, share);
                    if self.job + 1 == freq_jobs {
                        self.counts = edge_counts(&self.bins.chances());
                        self.sums = vec![(0.0, 0); self.counts.len()];
                    }
                } else {
                    self.shoes.push(self.counts.iter().map(|&t| composition_at(&profile, t as f64)).collect());
                }
                self.job += 1;
            }
            return false;
        }
        let counts = self.counts.len();
        loop {
            let (d, t, up, a) = self.at;
            if d >= self.shoes.len() {
                return true;
            }
            if t >= counts {
                self.at = (d + 1, 0, 1, 1);
                continue;
            }
            let Some(shoe) = self.shoes[d][t] else {
                self.at = (d, t + 1, 1, 1);
                continue;
            };
            // Summed in the order edge_by_count sums them, so the figures are the same.
            self.part += round_value_part(&self.rules, &shoe, up, a);
            self.at = if a < 10 {
                (d, t, up, a + 1)
            } else {
                self.round += std::mem::take(&mut self.part);
                if up < 10 {
                    (d, t, up + 1, 1)
                } else {
                    self.sums[t].0 += std::mem::take(&mut self.round);
                    self.sums[t].1 += 1;
                    (d, t + 1, 1, 1)
                }
            };
            return false;
        }
    }

    /// (each whole true count's chance, the edge at each count of [`edge_counts`] reached), as
    /// [`true_count_frequencies`] and [`super::indices::edge_by_count`] give them; complete once
    /// [`SpreadWork::step`] said so.
    pub fn finish(self) -> (Chances, Edges) {
        let edges = (self.counts.into_iter())
            .zip(self.sums)
            .filter(|(_, s)| s.1 > 0)
            .map(|(t, s)| (t, s.0 / s.1 as f64))
            .collect();
        (self.bins.chances(), edges)
    }
}
