//! Casino Blackjack, measured: the house edge computed by the strategy module, the same edge
//! simulated with the computed chart (with its 95% interval), the published figure for the
//! same rules, and rounds per second on one core.
//!
//!     cargo bench --bench casino -- [--rounds 20000000] [--seed 1] [--decks 6] [--check]
//!
//! `--check` also runs the published comparisons (Wizard of Odds, Blackjack Appendix 9) and
//! exits non-zero when the computed edge is more than 0.05 points from a published figure.

use blackjack::engine::casino::sim::simulate;
use blackjack::engine::casino::strategy::chart;
use blackjack::engine::casino::{DealerBlackjack, DoubleOn, Shuffle, SplitLimit, TableRules, TableSpec};
use std::time::Instant;

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

struct Published {
    label: &'static str,
    spec: TableSpec,
    /// Player's expected return in percent, as published.
    player_return_percent: f64,
    source: &'static str,
}

fn published() -> Vec<Published> {
    let appendix = |decks: u8, h17: bool, enhc: bool| TableSpec {
        decks,
        dealer_hits_soft_17: h17,
        double_on: DoubleOn::AnyTwo,
        double_after_split: true,
        split_limit: SplitLimit::Hands(4),
        resplit_aces: false,
        hit_split_aces: false,
        surrender: false,
        dealer_blackjack: if enhc { DealerBlackjack::AllBets } else { DealerBlackjack::OriginalBetOnly },
        shuffle: Shuffle::EveryRound,
        ..TableSpec::default()
    };
    vec![
        Published {
            label: "6 decks, H17, no hole card (all bets lost), DAS, split to 4, no RSA",
            spec: appendix(6, true, true),
            player_return_percent: -0.72705,
            source: "wizardofodds.com/games/blackjack/appendix/9/euro-6dh17r4/",
        },
        Published {
            label: "5 decks, S17, DAS, split to 4, no RSA",
            spec: appendix(5, false, false),
            player_return_percent: -0.3804,
            source: "wizardofodds.com/games/blackjack/appendix/9/5ds17r4/",
        },
        Published {
            label: "1 deck, S17, DAS, split to 4, no RSA",
            spec: appendix(1, false, false),
            player_return_percent: 0.1839,
            source: "wizardofodds.com/games/blackjack/appendix/9/1ds17r4/",
        },
    ]
}

fn main() {
    let rounds: u64 = arg("--rounds").and_then(|s| s.parse().ok()).unwrap_or(20_000_000);
    let seed: u64 = arg("--seed").and_then(|s| s.parse().ok()).unwrap_or(1);
    let check = std::env::args().any(|a| a == "--check");
    let mut worst: f64 = 0.0;

    println!("## Published figures for the same rules (computed = perfect composition-dependent play, full shoe)");
    for p in published() {
        let rules = TableRules::new(p.spec).expect("valid");
        let t = Instant::now();
        let c = chart(&rules);
        let ms = t.elapsed().as_millis();
        let published_edge = -p.player_return_percent;
        let diff = c.house_edge_percent - published_edge;
        worst = worst.max(diff.abs());
        println!(
            "{:<70} published {:+.4}%  computed {:+.4}%  diff {:+.4}  ({} ms)  [{}]",
            p.label, published_edge, c.house_edge_percent, diff, ms, p.source
        );
    }

    println!(
        "\n## Seed 004 rules (S17, double 9-11, DAS, 3 hands at 7 seats, original bets only), {rounds} rounds each"
    );
    println!(
        "{:<8} {:<10} {:<14} {:>10} {:>22} {:>14}",
        "decks", "surrender", "shuffle", "computed", "simulated (95%)", "rounds/s"
    );
    let only: Option<u8> = arg("--decks").and_then(|s| s.parse().ok());
    for decks in [1u8, 2, 6, 8].into_iter().filter(|d| only.is_none_or(|o| o == *d)) {
        for surrender in [false, true] {
            for shuffle in [Shuffle::EveryRound, Shuffle::CutCard] {
                let rules =
                    TableRules::new(TableSpec { decks, surrender, shuffle, ..TableSpec::default() }).expect("valid");
                let c = chart(&rules);
                let t = Instant::now();
                let tally = simulate(&rules, &c, rounds, seed);
                let secs = t.elapsed().as_secs_f64();
                let (edge, ci) = tally.house_edge();
                println!(
                    "{:<8} {:<10} {:<14} {:>9.3}% {:>13.3}% ± {:.3} {:>14.0}",
                    decks,
                    if surrender { "yes" } else { "no" },
                    if shuffle == Shuffle::EveryRound { "every round" } else { "cut card" },
                    c.house_edge_percent,
                    edge,
                    ci,
                    rounds as f64 / secs
                );
            }
        }
    }
    if check && worst > 0.05 {
        eprintln!("computed edge is {worst:.4} points from a published figure (limit 0.05)");
        std::process::exit(1);
    }
}
