//! The casino trainer's hint as the page computes it, in WebAssembly in headless Chromium: the
//! value of every play for a pair against a 2 from a full shoe, the slowest positions natively
//! (`cargo run --release --example casino_timing`). The page computes it in one task, so it must
//! stay well under the 50 ms of a long task.
//!
//!     cargo bench --target wasm32-unknown-unknown --bench casino_page
//!
//! Natively (`cargo bench --bench casino_page`) it measures nothing: the numbers that matter are
//! the browser's.
#![cfg(target_arch = "wasm32")]

use blackjack::bots::casino::values;
use blackjack::bots::casino::Allowed;
use blackjack::engine::cards::{Card, Rank, Suit};
use blackjack::engine::casino::strategy::Counts;
use blackjack::engine::casino::TableRules;
use wasm_bindgen_test::{wasm_bindgen_bench, wasm_bindgen_test_configure, Criterion};

// In a worker: the measurement runs for seconds and must not hold the page the runner watches.
wasm_bindgen_test_configure!(run_in_dedicated_worker);

#[wasm_bindgen_bench]
fn hints(c: &mut Criterion) {
    // Each run takes tens of ms: a few seconds of samples are enough.
    *c = std::mem::take(c)
        .sample_size(10)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    let rules = TableRules::seed_rules();
    let card = |rank| Card { rank, suit: Suit::Spades };
    let up = card(Rank::Two);
    for rank in [Rank::Two, Rank::Three, Rank::Six, Rank::Seven, Rank::Eight, Rank::Ace] {
        let cards = [card(rank), card(rank)];
        let shoe = Counts::full(rules.decks);
        c.bench_function(&format!("hint {0},{0} v 2, full shoe", rank.short()), |b| {
            b.iter(|| {
                values(&rules, shoe, &cards, up, Allowed { hit: true, double: true, split: true, surrender: true })
            })
        });
    }
}
