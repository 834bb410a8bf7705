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
//! exactly from [`super::indices::depth_profile`] ([`true_count_frequencies`]).
//!
//! Every function takes any floats and returns a probability in 0..=1: a game without an edge,
//! or nonsense input, is certain ruin, never a panic or a NaN.

use super::count::CountSystem;
use super::indices::depth_profile;
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

/// The chance of each whole true count (rounded to the nearest) at the start of a round, over
/// the shoe from the first round to the cut card: exact at every half deck dealt, the depths
/// weighted alike. Sorted by count; the chances sum to one.
pub fn true_count_frequencies(system: &CountSystem, rules: &TableRules) -> Vec<(i32, f64)> {
    let before_cut = 52 * rules.decks as u32 * rules.penetration_percent as u32 / 100;
    let depths: Vec<u32> = (0..).map(|i| i * 26).take_while(|&d| d < before_cut).collect();
    let mut bins: std::collections::BTreeMap<i32, f64> = Default::default();
    for &dealt in &depths {
        for (tc, p, _) in depth_profile(system, rules.decks, dealt) {
            *bins.entry(tc.round().clamp(-1000.0, 1000.0) as i32).or_insert(0.0) += p / depths.len() as f64;
        }
    }
    bins.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Michael Hall, "Risk of Ruin", *Blackjack Review* (revised 15 January 1992), section I:
    /// winning 0.0151 units a hand with an average squared win of 3.887, the chance of losing a
    /// bankroll of 300 units before doubling it is 9.0%.
    #[test]
    fn the_chance_of_losing_300_units_before_doubling_them_is_halls_nine_percent() {
        let (win, sd) = (0.0151, (3.887f64 - 0.0151 * 0.0151).sqrt());
        let r = risk_of_ruin_before_goal(win, sd, 300.0, 300.0);
        assert!((r - 0.090).abs() < 0.002, "{r}");
        // Without a goal the risk is larger: some who would have doubled are ruined later.
        assert!(risk_of_ruin(win, sd, 300.0) > r);
    }

    #[test]
    fn the_bankroll_for_a_risk_gives_back_that_risk_and_more_bankroll_means_less_risk() {
        let (win, sd) = (0.02, 2.3);
        for risk in [0.01, 0.05, 0.135, 0.5] {
            let b = bankroll_for_risk(win, sd, risk).unwrap();
            assert!((risk_of_ruin(win, sd, b) - risk).abs() < 1e-12);
            assert!(risk_of_ruin(win, sd, b * 1.5) < risk);
        }
        // A risk of e^-2 (13.5%) needs a bankroll of SD² / W: a textbook landmark.
        assert!((bankroll_for_risk(win, sd, (-2.0f64).exp()).unwrap() - sd * sd / win).abs() < 1e-9);
        assert_eq!(bankroll_for_risk(-0.01, sd, 0.05), None);
    }

    #[test]
    fn nonsense_or_a_losing_game_is_certain_ruin_and_never_a_panic_or_nan() {
        for (w, s, b) in [(-0.01, 1.1, 100.0), (0.0, 1.1, 100.0), (f64::NAN, 1.0, 1.0), (0.01, f64::INFINITY, 5.0)] {
            assert_eq!(risk_of_ruin(w, s, b), 1.0);
        }
        assert_eq!(risk_of_ruin(0.01, 1.1, -5.0), 1.0);
        assert_eq!(risk_of_ruin(0.01, 0.0, 5.0), 0.0);
        // A fair game is the fair walk's ruin: 100 units before winning 300 more is 75%.
        assert!((risk_of_ruin_before_goal(0.0, 1.1, 100.0, 300.0) - 0.75).abs() < 1e-12);
        for x in [f64::NAN, f64::INFINITY, -1.0, 0.0, 1e300] {
            let r = risk_of_ruin_before_goal(x, x, x, x);
            assert!((0.0..=1.0).contains(&r), "{x}: {r}");
        }
    }

    #[test]
    fn a_spread_wins_where_it_bets_big_and_its_figures_follow_the_counts() {
        // Flat betting two units wins twice the edge, with the flat bet's deviation.
        let counts = [(-1, 0.3, -0.01), (0, 0.4, -0.005), (2, 0.3, 0.005)];
        let flat = spread_figures(&Spread { steps: vec![(0, 2.0)] }, &counts, ROUND_VARIANCE);
        let edge: f64 = counts.iter().map(|c| c.1 * c.2).sum();
        assert!((flat.win - 2.0 * edge).abs() < 1e-12);
        assert!((flat.sd - (4.0 * ROUND_VARIANCE - flat.win * flat.win).sqrt()).abs() < 1e-12);
        // One unit below +2 and eight from +2: a losing flat game becomes a winning one.
        let ramp = Spread { steps: vec![(-100, 1.0), (2, 8.0)] };
        assert_eq!((ramp.bet_at(-5), ramp.bet_at(1), ramp.bet_at(2), ramp.bet_at(9)), (1.0, 1.0, 8.0, 8.0));
        let f = spread_figures(&ramp, &counts, ROUND_VARIANCE);
        assert!(flat.win < 0.0 && f.win > 0.0, "{flat:?} {f:?}");
        assert!(risk_of_ruin(f.win, f.sd, 1000.0) < risk_of_ruin(f.win, f.sd, 500.0));
    }

    #[test]
    fn hi_lo_true_counts_at_six_decks_are_mostly_near_zero_and_their_chances_sum_to_one() {
        let rules = TableRules::seed_rules();
        let f = true_count_frequencies(&crate::engine::casino::count::HI_LO, &rules);
        let total: f64 = f.iter().map(|x| x.1).sum();
        assert!((total - 1.0).abs() < 1e-9);
        let near: f64 = f.iter().filter(|x| x.0.abs() <= 1).map(|x| x.1).sum();
        let high: f64 = f.iter().filter(|x| x.0 >= 3).map(|x| x.1).sum();
        let low: f64 = f.iter().filter(|x| x.0 <= -3).map(|x| x.1).sum();
        // The shoe is symmetric for a balanced count; most rounds are near neutral.
        assert!(near > 0.6 && (high - low).abs() < 1e-9 && high > 0.01, "{near} {high} {low}");
    }
}
