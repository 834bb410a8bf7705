//! What the drills page computes, timed natively (a page task must stay under ~50 ms, and wasm
//! runs these two to three times slower): a chart column in quick mode, one hand's values, the
//! count's depth profile, one situation's index plays from profiles already made, and the steps of
//! the bet spread's chances and edges.
//!   cargo run --release --example drill_costs
use blackjack::engine::casino::count::HI_LO;
use blackjack::engine::casino::indices::{
    all_situations, count_shoes, depth_profile, depths, index_plays, index_plays_from, Found, IndexTableWork,
    IndexWork, ProfileBuilder, Situation,
};
use blackjack::engine::casino::risk::SpreadWork;
use blackjack::engine::casino::strategy::{column, Counts, Solver};
use blackjack::engine::casino::{TableRules, TableSpec};
use std::time::Instant;

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1000.0
}

/// Runs `step` until it says it is done, timing each call: the median, p99, p99.9 and longest.
fn time_steps(mut step: impl FnMut() -> bool) -> String {
    let (mut times, all) = (Vec::new(), Instant::now());
    loop {
        let t = Instant::now();
        let done = step();
        times.push(ms(t));
        if done {
            break;
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    format!(
        "median {:.2} ms, p99 {:.1} ms, p99.9 {:.1} ms, max {:.1} ms ({} steps, {:.0} ms in all; wall-clock)",
        at(0.5),
        at(0.99),
        at(0.999),
        at(1.0),
        times.len(),
        ms(all)
    )
}

fn main() {
    let rules = TableRules::new(TableSpec::default()).expect("the default table");
    let mut worst: f64 = 0.0;
    for up in 1..=10u8 {
        let t = Instant::now();
        let _ = column(&rules, Counts::full(rules.decks), up, false);
        worst = worst.max(ms(t));
    }
    println!("chart column (quick), slowest up card: {worst:.1} ms");
    let mut worst: f64 = 0.0;
    for (a, b, up) in [(8u8, 8u8, 10u8), (10, 6, 10), (1, 7, 9), (5, 6, 1), (2, 2, 7)] {
        let t = Instant::now();
        let _ = Solver::new(&rules, Counts::full(rules.decks), up).quick().evaluate(a, b);
        worst = worst.max(ms(t));
    }
    println!("one hand's values (quick), slowest of five: {worst:.1} ms");
    for dealt in depths(&rules) {
        let t = Instant::now();
        let _ = depth_profile(&HI_LO, rules.decks, dealt);
        println!("depth profile after {dealt} cards: {:.1} ms", ms(t));
    }
    let shoes: Vec<_> =
        depths(&rules).iter().map(|&d| count_shoes(&depth_profile(&HI_LO, rules.decks, d), rules.decks)).collect();
    for s in [
        (Situation::Total { soft: false, total: 16 }, 10u8),
        (Situation::Pair(10), 5),
        (Situation::Total { soft: true, total: 18 }, 2),
    ] {
        let t = Instant::now();
        let plays = index_plays_from(&rules, &HI_LO, &shoes, &[s]);
        println!(
            "from the profiles, index plays of {} v {}: {:.1} ms ({} found)",
            s.0.describe(),
            s.1,
            ms(t),
            plays.len()
        );
    }
    for s in [(Situation::Total { soft: false, total: 16 }, 10u8), (Situation::Pair(10), 5), (Situation::Insurance, 1)]
    {
        let t = Instant::now();
        let plays = index_plays(&rules, &HI_LO, &[s]);
        println!("index plays of {} v {}: {:.1} ms ({} found)", s.0.describe(), s.1, ms(t), plays.len());
    }
    // The page's steps: the longest single step of the profiles and of the indices.
    let mut worst_profile: f64 = 0.0;
    let mut shoes = Vec::new();
    for dealt in depths(&rules) {
        let mut b = ProfileBuilder::new(&HI_LO, rules.decks, dealt);
        loop {
            let t = Instant::now();
            let done = b.step(100_000);
            worst_profile = worst_profile.max(ms(t));
            if done {
                break;
            }
        }
        shoes.push(count_shoes(&b.finish(), rules.decks));
    }
    let mut work = IndexWork::new(&rules, &HI_LO, shoes, all_situations(&rules));
    let steps = time_steps(|| work.step());
    println!("page steps: profile step at most {worst_profile:.1} ms; index steps {steps}");
    // The drills' worker: the Illustrious 18 and Fab 4 hands, then the whole table, for every
    // count system (the worker runs these steps back to back).
    for system in &blackjack::engine::casino::count::SYSTEMS {
        let (t, mut work, mut first) = (Instant::now(), IndexTableWork::new(&rules, system), 0.0);
        while !work.is_done() {
            if let Some(Found::First(_)) = work.step() {
                first = ms(t);
            }
        }
        println!(
            "the drills' worker ({}): first hands after {first:.0} ms, every play after {:.0} ms",
            system.name,
            ms(t)
        );
    }
    // The bet spread's chances and edges (the Sessions screen), in the page's steps, for Hi-Lo
    // and for Wong Halves (the system with the most tag classes and the widest counts).
    for system in [&HI_LO, blackjack::engine::casino::count::system("halves").expect("Wong Halves")] {
        let mut work = SpreadWork::new(&rules, system);
        println!("spread steps ({}): {}", system.name, time_steps(|| work.step(100_000)));
    }
    if std::env::args().any(|a| a == "--each") {
        let shoes: Vec<_> =
            depths(&rules).iter().map(|&d| count_shoes(&depth_profile(&HI_LO, rules.decks, d), rules.decks)).collect();
        for s in all_situations(&rules) {
            let t = Instant::now();
            let _ = index_plays_from(&rules, &HI_LO, &shoes, &[s]);
            let total = ms(t);
            if total > 60.0 {
                println!("  {} v {}: {total:.0} ms over {} steps", s.0.describe(), s.1, shoes.len() * 21);
            }
        }
    }
}
