//! Tournament: N games between bot levels, seats rotated, win rates with 95% intervals and
//! the turn decision time (median, p95). A measurement, never a timed test.
//!
//!   cargo bench --bench tournament -- --preset taylor --games 2000 --levels normal,normal,normal,normal
//!   (levels: random, easy, normal, hard; `--iterations N` sets the hard level's search budget,
//!   by default the page's, `bots::work::WORKER_ITERATIONS` (its search worker's);
//!   `--seeds S`: the deals are seeds S, S+1, …, by default 10,000 on (the tuning's); measure a
//!   change on seeds it was not tuned on, e.g. `--seeds 7000000`;
//!   tuning: `--exploration C`, `--playout-limit N`, `--cutoff-base B`; the model of the others:
//!   `--tries N` (0: off), `--policy-tree true/false`, `--infer true/false`, `--bot-calls true/false`; the cut-off's
//!   `--power-weight W`; `--outcomes FILE` writes each game's result, 1 won or 0, a line each,
//!   and `--against FILE` compares this run game by game with another's outcomes on the same
//!   deals: the difference in win rate with its 95% interval, narrower than the two rates'
//!   intervals, as most games end the same way under both settings); `--from K` plays only
//!   games K, K+1, … of the run (deal, seat and bots' seeds as the whole run would have them),
//!   so a long measurement can run in parts whose outcomes files, joined, are the whole run's)
//!
//! Diagnoses (the real game is read only by the bench, never by a bot's search):
//! `--oracle true` deals the hard bot's every sampled game the other seats' true hands (the
//! stock still shuffled): what perfect deals could win, the ceiling of a better sampler;
//! `--fit-report true` prints how often the sampler's deals fit the others' latest turns
//! ([`fits_normal`]) within its tries, by seat after the hard bot's, and how often the true
//! hands fit the model and its inferred voids (20 extra deals a hard move, with their own
//! generator: the games play as without it).
//!
//! A game is what `Game` plays: one round for first-out rules, the whole match to the target
//! for place scoring (British), so a British win here is a match win.
//!
//! The first level is the candidate; its seat rotates through the table game by game.

use blackjack::bots::ismcts::{Ismcts, Sampler};
use blackjack::bots::shedding::{fits_normal, Level};
use blackjack::bots::table::play_out_watched;
use blackjack::bots::work::WORKER_ITERATIONS;
use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Action, Game, Preset, Seat, SeatView};
use std::sync::Arc;
use std::time::Instant;

mod common;
use common::{arg, level};

fn main() {
    let preset_id = arg("--preset").unwrap_or_else(|| "taylor".into());
    let preset = Preset::from_id(&preset_id).expect("known preset");
    let games: u64 = arg("--games").and_then(|s| s.parse().ok()).unwrap_or(2000);
    let mut search = Ismcts { iterations: WORKER_ITERATIONS, ..Ismcts::default() };
    let first_seed: u64 = arg("--seeds").and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let from: u64 = arg("--from").and_then(|s| s.parse().ok()).unwrap_or(0);
    if let Some(i) = arg("--iterations").and_then(|s| s.parse().ok()) {
        search.iterations = i;
    }
    if let Some(c) = arg("--exploration").and_then(|s| s.parse().ok()) {
        search.exploration = c;
    }
    if let Some(n) = arg("--playout-limit").and_then(|s| s.parse().ok()) {
        search.playout_limit = n;
    }
    if let Some(x) = arg("--cutoff-base").and_then(|s| s.parse().ok()) {
        search.cutoff_base = x;
    }
    if let Some(n) = arg("--tries").and_then(|s| s.parse().ok()) {
        search.tries = n;
    }
    if let Some(x) = arg("--policy-tree").and_then(|s| s.parse().ok()) {
        search.policy_tree = x;
    }
    if let Some(x) = arg("--power-weight").and_then(|s| s.parse().ok()) {
        search.power_weight = x;
    }
    if let Some(x) = arg("--infer").and_then(|s| s.parse().ok()) {
        search.infer = x;
    }
    if let Some(x) = arg("--bot-calls").and_then(|s| s.parse().ok()) {
        search.bot_calls = x;
    }
    let oracle = arg("--oracle").is_some_and(|x| x == "true");
    let fit_report = arg("--fit-report").is_some_and(|x| x == "true");
    let levels: Vec<Level> =
        arg("--levels").unwrap_or_else(|| "normal,normal,normal,normal".into()).split(',').map(level).collect();
    let n = levels.len();
    let rules = Arc::new(preset.rules());
    let epoch = Instant::now();
    let mut clock = || epoch.elapsed().as_nanos() as u64;
    let (mut wins, mut actions) = (0u64, 0usize);
    let mut outcomes = Vec::new();
    let mut times = Vec::new();
    let mut fit = vec![FitCount::default(); n];
    let mut hard = |game: &Game, search: &Ismcts, view: &SeatView, rng: &mut GameRng| -> Option<Action> {
        if fit_report {
            count_fits(game, search, view, &mut fit);
        }
        if !oracle {
            return Some(search.choose(view, rng));
        }
        let mut seen = view.clone();
        for s in (0..n).filter(|&s| s != view.seat as usize) {
            seen.known[s] = game.hand(s as Seat);
        }
        Some(Ismcts { tries: 0, ..search.clone() }.choose(&seen, rng))
    };
    for g in from..from + games {
        let seat = (g as usize) % n;
        // Rotate so the candidate (levels[0]) sits at `seat`.
        let seated: Vec<Level> = (0..n).map(|s| levels[(s + n - seat) % n]).collect();
        let game = Game::new(rules.clone(), n as u8, first_seed + g).expect("valid");
        let r = play_out_watched(game, &seated, g, Some(&search), &mut hard, &mut clock);
        let won = r.winner as usize == seat;
        wins += won as u64;
        outcomes.push(won);
        actions += r.actions;
        times.extend(r.decide_ns.into_iter().filter(|&(s, _)| s as usize == seat).map(|(_, t)| t));
    }
    if let Some(path) = arg("--outcomes") {
        let lines: String = outcomes.iter().map(|&w| if w { "1\n" } else { "0\n" }).collect();
        std::fs::write(&path, lines).expect("the outcomes file should be writable");
    }
    let p = wins as f64 / games as f64;
    let half = 1.96 * (p * (1.0 - p) / games as f64).sqrt();
    times.sort_unstable();
    let pct = |q: f64| times.get(((times.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0) as f64 / 1000.0;
    println!(
        "{preset_id}: {:?} (candidate first, seats rotated), {games} games from deal {}; {search:?}",
        levels,
        first_seed + from
    );
    println!("candidate wins {:.1}% ± {:.1} (fair share {:.1}%)", 100.0 * p, 100.0 * half, 100.0 / n as f64);
    println!(
        "mean actions per game {:.0}; candidate's decision time (moves with a choice) median {:.1} µs, p95 {:.1} µs",
        actions as f64 / games as f64,
        pct(0.5),
        pct(0.95)
    );
    if fit_report {
        report_fits(&fit);
    }
    if let Some(path) = arg("--against") {
        let text = std::fs::read_to_string(&path).expect("the file of outcomes to compare with should be readable");
        let other: Vec<bool> = text.lines().map(|l| l.trim() == "1").collect();
        assert_eq!(other.len(), outcomes.len(), "compare runs of as many games from the same first deal");
        let d: Vec<f64> = outcomes.iter().zip(&other).map(|(&a, &b)| a as u8 as f64 - b as u8 as f64).collect();
        let mean = d.iter().sum::<f64>() / games as f64;
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (games as f64 - 1.0).max(1.0);
        let same = outcomes.iter().zip(&other).filter(|(a, b)| a == b).count();
        println!(
            "against {path}, game by game: {:+.1} points ± {:.1} (the same result in {same} of {games} games)",
            100.0 * mean,
            100.0 * 1.96 * (var / games as f64).sqrt()
        );
    }
}

/// How the sampler's deals fared for the seat so many seats after the hard bot's (`--fit-report`).
#[derive(Clone, Default)]
struct FitCount {
    /// Sampled deals looked at, and of them those whose first hand for the seat fitted, and those
    /// where a hand fitted within the tries.
    deals: u64,
    first: u64,
    found: u64,
    /// Hands the model checked (first hands and redraws).
    checked: u64,
    /// Hard moves looked at, with the seat's latest turns telling something (a turn this round),
    /// and those where its true hand fitted the model, and the inferred voids.
    moves: u64,
    informative: u64,
    true_fits: u64,
    true_allowed: u64,
}

/// Draws 20 deals from the hard bot's view as its search would, counting per seat how many fit.
fn count_fits(game: &Game, search: &Ismcts, view: &SeatView, fit: &mut [FitCount]) {
    const DEALS: u32 = 20;
    let n = fit.len();
    let sampler = Sampler::new(view.clone(), search);
    let mut rng = GameRng::new(u64::from(view.state_id) << 8 | u64::from(view.seat));
    let relative = |s: Seat| (s as usize + n - view.seat as usize) % n;
    for _ in 0..DEALS {
        let (mut first, mut found, mut any) = ([None::<bool>; 12], [false; 12], [false; 12]);
        sampler.deal_observed(&mut rng, |s, fits| {
            let r = relative(s);
            first[r].get_or_insert(fits);
            found[r] |= fits;
            any[r] = true;
            fit[r].checked += 1;
        });
        for r in 1..n {
            // A seat the model was not asked about fits by default (tries 0 asks about none).
            let f = &mut fit[r];
            f.deals += 1;
            f.first += u64::from(first[r].unwrap_or(true));
            f.found += u64::from(found[r] || !any[r]);
        }
    }
    for s in (0..n).filter(|&s| s != view.seat as usize && view.in_round[s]) {
        let f = &mut fit[relative(s as Seat)];
        let hand = game.hand(s as Seat);
        f.moves += 1;
        f.informative += u64::from(view.last_turns[s][0].size > 0);
        f.true_fits += u64::from(fits_normal(&view.rules, &view.last_turns[s], hand, &mut rng));
        f.true_allowed += u64::from(sampler.view().voids[s].allows(hand));
    }
}

fn report_fits(fit: &[FitCount]) {
    let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
    let mut all = FitCount::default();
    for (r, f) in fit.iter().enumerate().skip(1) {
        println!(
            "seat +{r}: of {} deals, first hand fits {:.1}%, a hand fits within the tries {:.1}% ({:.1} hands checked a deal); \
             of {} hard moves ({:.1}% with a turn to read), the true hand fits the model {:.1}%, the inferred voids {:.1}%",
            f.deals,
            pct(f.first, f.deals),
            pct(f.found, f.deals),
            f.checked as f64 / f.deals.max(1) as f64,
            f.moves,
            pct(f.informative, f.moves),
            pct(f.true_fits, f.moves),
            pct(f.true_allowed, f.moves)
        );
        all.deals += f.deals;
        all.first += f.first;
        all.found += f.found;
        all.checked += f.checked;
        all.moves += f.moves;
        all.true_fits += f.true_fits;
        all.true_allowed += f.true_allowed;
    }
    println!(
        "all seats: first hand fits {:.1}%, a hand fits within the tries {:.1}%; the true hand fits the model {:.1}%, the inferred voids {:.1}%",
        pct(all.first, all.deals),
        pct(all.found, all.deals),
        pct(all.true_fits, all.moves),
        pct(all.true_allowed, all.moves)
    );
}
