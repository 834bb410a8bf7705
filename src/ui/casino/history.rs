//! The casino session's history, for the Sessions screen of the drills page: each round's
//! bankroll, bet, Hi-Lo true count at the deal and result, and the expected value the player gave
//! up by kind of decision. The table records it in the player's bank (`bank.rs`, by `state.rs`:
//! the rounds as text, appended and trimmed without being read, which keeps the casino page
//! small); the drills page reads it with every figure bounded ([`History::of`]) and shapes it for
//! its charts here, natively tested.

use super::bank::{Bank, MAX_LOST_MILLI};
use crate::engine::cards::Card;
use crate::engine::casino::hand::{points, Total};
use crate::engine::casino::risk::{bets_figures, risk_of_ruin, RoundFigures, ROUND_VARIANCE};
use crate::engine::casino::rules::{MAX_BET, MAX_CHIPS};

/// The rounds kept: the latest, enough for a chart of a long session and a few kilobytes stored.
pub const MAX_ROUNDS: usize = 500;
/// A true count kept, in tenths: ±40 counts is past any shoe's.
const MAX_TC_TENTHS: i64 = 400;
/// A round's bet or result is at most the table limit on three spots, split to four hands,
/// doubled, insured: far inside this.
const MAX_ROUND_CENTS: i64 = 3 * 4 * 2 * 2 * MAX_BET;

/// One settled round, as the player saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Round {
    /// The player's chips after the round, in cents.
    pub worth: i64,
    /// The player's bets at the deal, every spot together, in cents.
    pub bet: i64,
    /// The Hi-Lo true count at the deal, in tenths.
    pub tc_tenths: i32,
    /// What the round made or lost, in cents.
    pub net: i64,
}

/// Adds a settled round to the bank's history, keeping the latest [`MAX_ROUNDS`].
pub fn record(bank: &mut Bank, r: Round) {
    let rounds = &mut bank.rounds;
    if !rounds.is_empty() {
        rounds.push(' ');
    }
    rounds.push_str(&format!("{},{},{},{}", r.worth, r.bet, r.tc_tenths, r.net));
    // The oldest go, by bytes (the text is never read here, only cut after a space).
    let spaces = rounds.bytes().filter(|&b| b == b' ').count();
    if let Some(extra) = spaces.checked_sub(MAX_ROUNDS) {
        let cut = rounds.bytes().enumerate().filter(|b| b.1 == b' ').nth(extra).map_or(0, |b| b.0 + 1);
        *rounds = rounds.split_off(cut);
    }
}

/// Counts a judged decision of `kind` and the value it gave up, in thousandths of a bet.
pub fn judged(bank: &mut Bank, kind: usize, lost_milli: i64) {
    if let Some((n, lost)) = bank.kinds.get_mut(kind) {
        *n = n.saturating_add(1);
        *lost = lost.saturating_add(lost_milli.max(0)).min(MAX_LOST_MILLI);
    }
}

/// The kinds of decision the trainer prices apart.
pub const KINDS: [&str; 3] = ["Hard totals", "Soft totals", "Pairs"];

/// The kind of a decision on these cards: a pair (two cards of one value), a soft total, or hard.
pub fn kind_of(cards: &[Card]) -> usize {
    match cards {
        [a, b] if points(*a) == points(*b) => 2,
        _ if Total::of(cards).is_soft() => 1,
        _ => 0,
    }
}

/// The session's history: its rounds (the latest [`MAX_ROUNDS`]) and, by kind of decision, how
/// many were judged and the expected value given up, in thousandths of a bet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    pub rounds: Vec<Round>,
    pub kinds: [(u32, i64); 3],
}

impl History {
    /// The bank's history, every figure checked: chips within 0 to `MAX_CHIPS`, bets and
    /// results within what a round can stake, a true count within ±40, at most [`MAX_ROUNDS`]
    /// rounds. `None` when any figure is out of bounds or unreadable.
    pub fn of(bank: &Bank) -> Option<History> {
        let mut h = History { rounds: Vec::new(), kinds: bank.kinds };
        for r in bank.rounds.split(' ').filter(|s| !s.is_empty()) {
            if h.rounds.len() >= MAX_ROUNDS {
                return None;
            }
            let mut it = r.split(',');
            let mut next = || it.next()?.parse::<i64>().ok();
            let (worth, bet, tc, net) = (next()?, next()?, next()?, next()?);
            let ok = (0..=MAX_CHIPS).contains(&worth)
                && (0..=MAX_ROUND_CENTS).contains(&bet)
                && (-MAX_ROUND_CENTS..=MAX_ROUND_CENTS).contains(&net)
                && (-MAX_TC_TENTHS..=MAX_TC_TENTHS).contains(&tc)
                && next().is_none();
            if !ok {
                return None;
            }
            h.rounds.push(Round { worth, bet, tc_tenths: tc as i32, net });
        }
        Some(h)
    }
}

/// The true counts the "count against result" chart groups rounds by: −3 or less, −2 … +2, +3
/// or more (Hi-Lo, rounded to the nearest).
pub const COUNT_BINS: [&str; 7] = ["−3 or less", "−2", "−1", "0", "+1", "+2", "+3 or more"];

/// The bin of a true count in tenths.
pub fn count_bin(tc_tenths: i32) -> usize {
    // Rounded half away from zero, as the table's count panel rounds.
    let whole = (tc_tenths + if tc_tenths < 0 { -5 } else { 5 }) / 10;
    (whole.clamp(-3, 3) + 3) as usize
}

/// By count bin: the rounds, their total bet and their total result, in cents.
pub fn by_count(rounds: &[Round]) -> [(u32, i64, i64); 7] {
    let mut bins = [(0u32, 0i64, 0i64); 7];
    for r in rounds {
        let b = &mut bins[count_bin(r.tc_tenths)];
        *b = (b.0 + 1, b.1.saturating_add(r.bet), b.2.saturating_add(r.net));
    }
    bins
}

/// The player's figures per round in units of `unit` cents (the table's smallest bet): the mean
/// result `W` and its standard deviation `SD` over the rounds played, `None` under two rounds.
pub fn round_figures(rounds: &[Round], unit: i64) -> Option<(f64, f64)> {
    if rounds.len() < 2 || unit <= 0 {
        return None;
    }
    let n = rounds.len() as f64;
    let u = unit as f64;
    let mean = rounds.iter().map(|r| r.net as f64 / u).sum::<f64>() / n;
    let var = rounds.iter().map(|r| (r.net as f64 / u - mean).powi(2)).sum::<f64>() / (n - 1.0);
    Some((mean, var.sqrt()))
}

/// The risk of ruin for a bankroll of `bankroll` cents, played as these rounds were (their
/// bets, their spread over the counts, their results): `exp(−2·W·B/SD²)` with `W` and `SD` per
/// round from [`round_figures`], in units of `unit` cents. `None` under two rounds.
pub fn session_risk(rounds: &[Round], bankroll: i64, unit: i64) -> Option<f64> {
    let (w, sd) = round_figures(rounds, unit)?;
    Some(risk_of_ruin(w, sd, bankroll as f64 / unit as f64))
}

/// The expected figures of the bets as placed, in units of `unit` cents: each round's bet at
/// its Hi-Lo true count (rounded to the nearest) with the player's edge there from `rows`
/// (count, chance, edge: `engine::casino::risk`), never the rounds' own results. `None` under
/// two rounds or without rows.
pub fn expected_figures(rounds: &[Round], unit: i64, rows: &[(i32, f64, f64)]) -> Option<RoundFigures> {
    if rounds.len() < 2 || unit <= 0 || rows.is_empty() {
        return None;
    }
    let bets: Vec<(i32, f64)> =
        rounds.iter().map(|r| ((r.tc_tenths as f64 / 10.0).round() as i32, r.bet as f64 / unit as f64)).collect();
    Some(bets_figures(&bets, rows, ROUND_VARIANCE))
}

/// The bet spread as played: the average bet, in units of `unit` cents, at each count bin
/// (`None` for a bin without rounds).
pub fn spread_played(rounds: &[Round], unit: i64) -> [Option<f64>; 7] {
    by_count(rounds).map(|(n, bet, _)| (n > 0 && unit > 0).then(|| bet as f64 / n as f64 / unit as f64))
}

/// Points for a line chart of the bankroll, in a `width` × `height` box: x by round, y from the
/// lowest to the highest bankroll (a flat line in the middle). With the range, in cents.
pub fn bankroll_points(rounds: &[Round], width: f64, height: f64) -> (String, i64, i64) {
    let lo = rounds.iter().map(|r| r.worth).min().unwrap_or(0);
    let hi = rounds.iter().map(|r| r.worth).max().unwrap_or(0);
    let span = (hi - lo) as f64;
    let n = rounds.len().max(2) - 1;
    let pts = rounds.iter().enumerate().map(|(i, r)| {
        let x = width * i as f64 / n as f64;
        let y = if span > 0.0 { height * (1.0 - (r.worth - lo) as f64 / span) } else { height / 2.0 };
        format!("{},{}", x.round() as i64, y.round() as i64)
    });
    (pts.collect::<Vec<_>>().join(" "), lo, hi)
}

/// A chance as a player reads it: "12.3%", "less than 0.1%", "100%".
pub fn percent(p: f64) -> String {
    let tenths = (p.clamp(0.0, 1.0) * 1000.0).round() as i64;
    match tenths {
        0 if p > 0.0 => "less than 0.1%".into(),
        1000 if p < 1.0 => "more than 99.9%".into(),
        t if t % 10 == 0 => format!("{}%", t / 10),
        t => format!("{}.{}%", t / 10, t % 10),
    }
}

/// Hundredths as text: "1.25", "-0.40".
pub fn hundredths(v: f64) -> String {
    let c = (v * 100.0).round() as i64;
    format!("{}{}.{:02}", if c < 0 { "-" } else { "" }, c.abs() / 100, c.abs() % 100)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::{Card, Rank, Suit};
    use crate::ui::storage::{decode, encode};

    fn round(worth: i64, tc_tenths: i32, net: i64) -> Round {
        Round { worth, bet: 500, tc_tenths, net }
    }

    #[test]
    fn a_history_survives_storage_and_a_figure_out_of_bounds_refuses_it() {
        let mut bank = Bank::default();
        record(&mut bank, round(100_000, -12, 500));
        record(&mut bank, round(99_000, 31, -1000));
        judged(&mut bank, 2, 80);
        let text = encode(1, &bank);
        let back = decode::<Bank>(&text, 1).unwrap();
        assert_eq!(back, bank);
        let h = History::of(&back).unwrap();
        assert_eq!(h.rounds, [round(100_000, -12, 500), round(99_000, 31, -1000)]);
        assert_eq!(h.kinds, [(0, 0), (0, 0), (1, 80)]);
        for bad in [
            "99000,500,31,-1000",
            "-1,500,0,0",
            "0,500,401,0",
            "0,500,0,9999999999",
            "0,500,0",
            "0,500,0,0,0",
            "x,1,1,1",
        ] {
            let b = Bank { rounds: bank.rounds.replace("99000,500,31,-1000", bad), ..bank.clone() };
            assert_eq!(History::of(&b).is_some(), bad == "99000,500,31,-1000", "{bad}");
        }
        // A loss below zero refuses the bank; a bank from before the history has none.
        assert!(decode::<Bank>(&text.replace("kinds=0,0,0,0,1,80", "kinds=0,0,0,0,1,-80"), 1).is_err());
        assert!(decode::<Bank>(&text.replace("kinds=0,0,0,0,1,80", "kinds=0,0,0"), 1).is_err());
        let old = text.lines().filter(|l| !l.starts_with("rounds=") && !l.starts_with("kinds=")).collect::<Vec<_>>();
        assert_eq!(History::of(&decode::<Bank>(&old.join("\n"), 1).unwrap()), Some(History::default()));
        let long = Bank { rounds: vec!["0,0,0,0"; MAX_ROUNDS + 1].join(" "), ..Bank::default() };
        assert_eq!(History::of(&long), None);
    }

    #[test]
    fn the_history_keeps_the_latest_rounds() {
        let mut bank = Bank::default();
        for i in 0..MAX_ROUNDS as i64 + 10 {
            record(&mut bank, round(i, 0, 0));
        }
        let rounds = History::of(&bank).unwrap().rounds;
        assert_eq!(rounds.len(), MAX_ROUNDS);
        assert_eq!(rounds[0].worth, 10);
        assert_eq!(rounds[MAX_ROUNDS - 1].worth, MAX_ROUNDS as i64 + 9);
    }

    #[test]
    fn decisions_are_kinds_of_hands_pairs_soft_and_hard() {
        let c = |r| Card::new(r, Suit::Spades);
        assert_eq!(kind_of(&[c(Rank::Eight), c(Rank::Eight)]), 2);
        assert_eq!(kind_of(&[c(Rank::King), c(Rank::Queen)]), 2, "tens of any rank");
        assert_eq!(kind_of(&[c(Rank::Ace), c(Rank::Six)]), 1);
        assert_eq!(kind_of(&[c(Rank::Ten), c(Rank::Six)]), 0);
        assert_eq!(kind_of(&[c(Rank::Ace), c(Rank::Six), c(Rank::Nine)]), 0, "an ace that must count one");
    }

    #[test]
    fn counts_fall_in_bins_rounded_to_the_nearest_with_the_ends_open() {
        assert_eq!(count_bin(0), 3);
        assert_eq!(count_bin(4), 3);
        assert_eq!(count_bin(5), 4);
        assert_eq!(count_bin(-5), 2);
        assert_eq!(count_bin(-400), 0);
        assert_eq!(count_bin(400), 6);
        let bins = by_count(&[round(0, 10, 500), round(0, 12, -500), round(0, 35, 1000)]);
        assert_eq!(bins[4], (2, 1000, 0));
        assert_eq!(bins[6], (1, 500, 1000));
    }

    #[test]
    fn the_risk_of_ruin_is_the_formulas_for_the_rounds_played() {
        // Won +1, lost −1 … with a net win: W and SD by hand, the formula as written.
        let rounds: Vec<Round> = [500, -500, 500, 500].iter().map(|&n| round(0, 0, n)).collect();
        let (w, sd) = round_figures(&rounds, 500).unwrap();
        assert!((w - 0.5).abs() < 1e-12);
        assert!((sd - 1.0).abs() < 1e-12, "{sd}");
        let risk = session_risk(&rounds, 50_000, 500).unwrap();
        assert!((risk - (-2.0f64 * 0.5 * 100.0).exp()).abs() < 1e-15, "{risk}");
        // A losing session is certain ruin, whatever the bankroll; one round gives no figure.
        let losing: Vec<Round> = [-500, 500, -500].iter().map(|&n| round(0, 0, n)).collect();
        assert_eq!(session_risk(&losing, 1_000_000, 500), Some(1.0));
        assert_eq!(session_risk(&rounds[..1], 50_000, 500), None);
        assert_eq!(spread_played(&rounds, 500)[3], Some(1.0));
        assert_eq!(spread_played(&rounds, 500)[0], None);
    }

    /// "Betting as you did" is the edge at each count bet at, times the bet: two rounds of one
    /// unit at 0 (edge −0.5%) and two of eight units at +3 (edge +1.5%) expect
    /// W = (2·(−0.005) + 2·8·0.015) / 4 = 0.0575 units a round, and SD² = v · (2 + 2·64) / 4 − W²,
    /// whatever the four rounds' results were (here all lost: measured, certain ruin).
    #[test]
    fn betting_as_you_did_expects_the_edge_at_each_count_bet_at_not_the_results() {
        let rows = [(-1, 0.3, -0.01), (0, 0.4, -0.005), (3, 0.3, 0.015)];
        let bet = |tc, units: i64| Round { worth: 0, bet: 500 * units, tc_tenths: tc, net: -500 * units };
        let rounds = [bet(2, 1), bet(-4, 1), bet(30, 8), bet(34, 8)];
        let f = expected_figures(&rounds, 500, &rows).unwrap();
        assert!((f.win - 0.0575).abs() < 1e-12, "{f:?}");
        assert!((f.sd - (ROUND_VARIANCE * 130.0 / 4.0 - 0.0575f64.powi(2)).sqrt()).abs() < 1e-12, "{f:?}");
        assert_eq!(session_risk(&rounds, 100_000, 500), Some(1.0), "the results alone: certain ruin");
        // A count beyond the rows takes the nearest row's edge; under two rounds, or no rows, no figure.
        let far = [bet(90, 1), bet(-90, 1)];
        let f = expected_figures(&far, 500, &rows).unwrap();
        assert!((f.win - (0.015 - 0.01) / 2.0).abs() < 1e-12, "{f:?}");
        assert_eq!(expected_figures(&rounds[..1], 500, &rows), None);
        assert_eq!(expected_figures(&rounds, 500, &[]), None);
    }

    #[test]
    fn the_bankroll_line_spans_its_box() {
        let (pts, lo, hi) = bankroll_points(&[round(100, 0, 0), round(300, 0, 0), round(200, 0, 0)], 100.0, 50.0);
        assert_eq!((pts.as_str(), lo, hi), ("0,50 50,0 100,25", 100, 300));
        let (flat, ..) = bankroll_points(&[round(7, 0, 0)], 100.0, 50.0);
        assert_eq!(flat, "0,25");
    }

    #[test]
    fn chances_read_in_tenths_of_a_percent() {
        assert_eq!(percent(0.123), "12.3%");
        assert_eq!(percent(1.0), "100%");
        assert_eq!(percent(0.00001), "less than 0.1%");
        assert_eq!(percent(0.99999), "more than 99.9%");
        assert_eq!(percent(f64::NAN), "0%");
        assert_eq!(hundredths(-0.4), "-0.40");
    }
}
