//! The quiet half of `cargo bench --bench shedding` alone, for counting instructions: random
//! full games on `legal_set` and `apply_legal`, with no record of the last turns (what the bots' search runs on), at the same
//! table, same seeds and same random stream as the benchmark. Prints the number of decisions;
//! run it under callgrind and divide its instruction count by that to get instructions per
//! decision:
//!
//!   cargo build --profile bench --example shedding_profile
//!   valgrind --tool=callgrind target/release/examples/shedding_profile taylor 300

use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Game, Preset};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map_or("taylor", String::as_str);
    let Some(preset) = Preset::from_id(id) else {
        eprintln!("no preset {id}");
        std::process::exit(2);
    };
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(300);
    let players = if preset == Preset::CrazyEights { 5 } else { 4 };
    let mut rng = GameRng::new(2024);
    let mut g = Game::new(std::sync::Arc::new(preset.rules()), players, 0).expect("valid setup");
    g.stop_recording_turns();
    let mut decisions = 0u64;
    for seed in 0..games {
        g.redeal(seed);
        while !g.is_over() {
            let legal = g.legal_set();
            let a = legal.nth(rng.below(legal.len() as u64) as usize);
            decisions += 1;
            g.apply_legal(a);
        }
    }
    println!("decisions {decisions}");
}
