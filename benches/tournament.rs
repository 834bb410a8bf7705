//! Tournament: N games between bot levels, seats rotated, win rates with 95% intervals and
//! the turn decision time (median, p95). A measurement, never a timed test.
//!
//!   cargo bench --bench tournament -- --preset taylor --games 2000 --levels normal,normal,normal,normal
//!   (levels: random, easy, normal, hard; `--iterations N` sets the hard level's search budget,
//!   by default the page's, `bots::work::WORKER_ITERATIONS` (its search worker's);
//!   `--seeds S`: the deals are seeds S, S+1, …, by default 10,000 on (the tuning's); measure a
//!   change on seeds it was not tuned on, e.g. `--seeds 7000000`;
//!   tuning: `--exploration C`, `--playout-limit N`, `--cutoff-base B`; the model of the others:
//!   `--tries N` (0: off), `--policy-tree true/false`, `--infer true/false`; the cut-off's
//!   `--power-weight W`; `--outcomes FILE` writes each game's result, 1 won or 0, a line each,
//!   and `--against FILE` compares this run game by game with another's outcomes on the same
//!   deals: the difference in win rate with its 95% interval, narrower than the two rates'
//!   intervals, as most games end the same way under both settings); `--from K` plays only
//!   games K, K+1, … of the run (deal, seat and bots' seeds as the whole run would have them),
//!   so a long measurement can run in parts whose outcomes files, joined, are the whole run's)
//!
//! A game is what `Game` plays: one round for first-out rules, the whole match to the target
//! for place scoring (British), so a British win here is a match win.
//!
//! The first level is the candidate; its seat rotates through the table game by game.

use blackjack::bots::ismcts::Ismcts;
use blackjack::bots::shedding::Level;
use blackjack::bots::table::play_out_with;
use blackjack::bots::work::WORKER_ITERATIONS;
use blackjack::engine::shedding::{Game, Preset};
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
    let levels: Vec<Level> =
        arg("--levels").unwrap_or_else(|| "normal,normal,normal,normal".into()).split(',').map(level).collect();
    let n = levels.len();
    let rules = Arc::new(preset.rules());
    let epoch = Instant::now();
    let mut clock = || epoch.elapsed().as_nanos() as u64;
    let (mut wins, mut actions) = (0u64, 0usize);
    let mut outcomes = Vec::new();
    let mut times = Vec::new();
    for g in from..from + games {
        let seat = (g as usize) % n;
        // Rotate so the candidate (levels[0]) sits at `seat`.
        let seated: Vec<Level> = (0..n).map(|s| levels[(s + n - seat) % n]).collect();
        let game = Game::new(rules.clone(), n as u8, first_seed + g).expect("valid");
        let r = play_out_with(game, &seated, g, Some(&search), &mut clock);
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
