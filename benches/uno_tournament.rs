//! UNO Blackjack tournament: games between bot levels, played as the UNO page plays them
//! (`bots::uno::play_out`), seats rotated, the candidate's share of the game wins with a 95%
//! interval, and its decision time (median, p95). A measurement, never a timed test.
//!
//!   cargo bench --bench uno_tournament                      # the ladder: each level against the one below,
//!                                                           # 1 vs 3 (4 players) and head to head (2 players)
//!   cargo bench --bench uno_tournament -- --games 2000 --levels hard,normal,normal,normal
//!   (levels: random, easy, normal, hard; `--rules skip-zero,pass-again,deal-back-in` for the page's options)
//!
//! A game is won by the last player with a queue (seed 002). When several share the win (nobody
//! is left with a queue, or the round limit ends the game with equal queues), each gets an equal
//! share, so the fair share is exactly 1/players. The first level is the candidate; game g is dealt
//! with seed `--seed` + g and seats the candidate at seat g mod players.

use blackjack::bots::shedding::Level;
use blackjack::bots::uno::play_out;
use blackjack::engine::uno::{Game, SkipValue, UnoRules, UnoSpec};
use std::sync::Arc;
use std::time::Instant;

mod common;
use common::{arg, level};

fn rules(options: &str) -> UnoRules {
    let mut spec = UnoSpec::default();
    for o in options.split(',').filter(|o| !o.is_empty()) {
        match o {
            "skip-zero" => spec.skip_value = SkipValue::Zero,
            "pass-again" => spec.pass_is_final = false,
            "deal-back-in" => spec.deal_back_in = true,
            other => panic!("unknown rule option {other:?} (skip-zero, pass-again, deal-back-in)"),
        }
    }
    UnoRules::new(spec).expect("valid rules")
}

fn run(rules: &Arc<UnoRules>, levels: &[Level], games: u64, base_seed: u64, rules_name: &str) {
    let n = levels.len();
    let epoch = Instant::now();
    let mut clock = || epoch.elapsed().as_nanos() as u64;
    let (mut score, mut score_sq, mut shared, mut actions, mut rounds) = (0.0f64, 0.0f64, 0u64, 0usize, 0u64);
    let mut times = Vec::new();
    for g in 0..games {
        let seat = (g as usize) % n;
        // Rotate so the candidate (levels[0]) sits at `seat`.
        let seated: Vec<Level> = (0..n).map(|s| levels[(s + n - seat) % n]).collect();
        let game = Game::new(rules.clone(), n as u8, base_seed + g).expect("valid table");
        let r = play_out(game, &seated, &mut clock);
        let share = if r.winners.contains(&(seat as u8)) { 1.0 / r.winners.len() as f64 } else { 0.0 };
        score += share;
        score_sq += share * share;
        shared += (r.winners.len() > 1) as u64;
        actions += r.game.log().len();
        rounds += r.game.round() as u64;
        times.extend(r.decide_ns.into_iter().filter(|&(s, _)| s as usize == seat).map(|(_, t)| t));
    }
    let games_f = games as f64;
    let p = score / games_f;
    let var = (score_sq / games_f - p * p).max(0.0);
    let half = 1.96 * (var / games_f).sqrt();
    times.sort_unstable();
    let pct = |q: f64| times.get(((times.len() as f64 - 1.0) * q) as usize).copied().unwrap_or(0) as f64 / 1000.0;
    println!(
        "uno-blackjack{rules_name}: {levels:?} (candidate first, seats rotated), {games} games, seeds from {base_seed}"
    );
    println!(
        "  candidate wins {:.1}% ± {:.1} (fair share {:.1}%); {shared} games with a shared win",
        100.0 * p,
        100.0 * half,
        100.0 / n as f64
    );
    println!(
        "  mean rounds per game {:.0}, actions {:.0}; candidate's decision time median {:.2} µs, p95 {:.2} µs",
        rounds as f64 / games_f,
        actions as f64 / games_f,
        pct(0.5),
        pct(0.95)
    );
}

fn main() {
    let games: u64 = arg("--games").and_then(|s| s.parse().ok()).unwrap_or(2000);
    let base_seed: u64 = arg("--seed").and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let options = arg("--rules").unwrap_or_default();
    let rules_name = if options.is_empty() { String::new() } else { format!(" [{options}]") };
    let rules = Arc::new(rules(&options));
    match arg("--levels") {
        Some(l) => {
            let levels: Vec<Level> = l.split(',').map(level).collect();
            run(&rules, &levels, games, base_seed, &rules_name);
        }
        None => {
            // The ladder: each of the page's levels against the one below it.
            for (candidate, below) in [(Level::Normal, Level::Easy), (Level::Hard, Level::Normal)] {
                run(&rules, &[candidate, below, below, below], games, base_seed, &rules_name);
                run(&rules, &[candidate, below], games, base_seed, &rules_name);
            }
        }
    }
}
