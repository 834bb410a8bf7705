//! How long the page's casino computations take natively (quick chart, one exact hint).
//!     cargo run --release --example casino_timing
use blackjack::engine::casino::strategy::{chart_with, Counts, Solver};
use blackjack::engine::casino::TableRules;
use std::time::Instant;

fn main() {
    let r = TableRules::seed_rules();
    let t = Instant::now();
    let c = chart_with(&r, false);
    println!("quick chart: {:?}, edge {:.3}%", t.elapsed(), c.house_edge_percent);
    for (a, b, up) in [(10u8, 6u8, 10u8), (8, 8, 6), (5, 6, 1), (1, 7, 9)] {
        let t = Instant::now();
        let e = Solver::new(&r, Counts::full(6), up).evaluate(a, b);
        println!("exact hint {a},{b} v {up}: {:?} -> {:?}", t.elapsed(), e.best());
    }
}
