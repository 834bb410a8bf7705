//! Checks the bet spread's figures (`engine::casino::risk`, the drills' Sessions screen) against
//! a card counter played out in the simulator (`engine::casino::counter`): basic strategy plus
//! the Illustrious 18 and Fab 4 at the true count with the cards on the table, a bet spread by
//! the true count before each round, the shoe dealt to the cut card.
//!
//!     cargo run --release --example counter_sim -- --rounds 20000000 --spread 1,2,4,6,8
//!
//! Prints W (the average result of a round, in units) and SD (its standard deviation) both
//! ways, and the edge and share of rounds at each count.
use blackjack::engine::casino::count::{system, CountSystem, SYSTEMS};
use blackjack::engine::casino::counter::simulate_counter;
use blackjack::engine::casino::indices::{first_situations, index_plays};
use blackjack::engine::casino::risk::{spread_figures, spread_rows, Spread, ROUND_VARIANCE};
use blackjack::engine::casino::strategy::chart;
use blackjack::engine::casino::TableSpec;
use std::process::ExitCode;
use std::time::Instant;

#[path = "common/table_args.rs"]
mod table_args;
use table_args::{default_spec, describe, options_and_rules, table_flag};

const HELP: &str = "\
A card counter simulated against the bet spread's computed figures.

usage: cargo run --release --example counter_sim -- [table flags] [--system NAME] [--spread LIST] [--rounds N] [--seed N]

  --system NAME      the count (default hilo): any but red7 (the simulator's cards have no colour)
  --spread LIST      units bet at a true count of +1 or less, +2, +3, +4, +5 or more (default 1,2,4,6,8)
  --rounds N         rounds to play (default 10000000)
  --seed N           the deal (default 1)
  --help             this text";

struct Options {
    spec: TableSpec,
    system: &'static CountSystem,
    bets: Vec<f64>,
    rounds: u64,
    seed: u64,
}

fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let mut o = Options {
        spec: default_spec(),
        system: system("hilo").ok_or("the Hi-Lo count is missing")?,
        bets: vec![1.0, 2.0, 4.0, 6.0, 8.0],
        rounds: 10_000_000,
        seed: 1,
    };
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        let value = args.get(i + 1).ok_or_else(|| format!("{flag} needs a value (see --help)"))?;
        match flag {
            "--system" => {
                let names: Vec<&str> = SYSTEMS.iter().map(|s| s.key).filter(|&k| k != "red7").collect();
                o.system = system(value)
                    .filter(|s| s.key != "red7")
                    .ok_or_else(|| format!("no counting system {value:?} here; known: {}", names.join(", ")))?
            }
            "--spread" => {
                o.bets = value
                    .split(',')
                    .map(|b| b.trim().parse::<f64>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| format!("--spread takes five bets such as 1,2,4,6,8, not {value:?}"))?;
                if o.bets.len() != 5 || o.bets.iter().any(|b| !(0.0..=10_000.0).contains(b)) {
                    return Err(format!("--spread takes five bets of 0 to 10000 units, not {value:?}"));
                }
            }
            "--rounds" => o.rounds = value.parse().map_err(|_| format!("--rounds takes a number, not {value:?}"))?,
            "--seed" => o.seed = value.parse().map_err(|_| format!("--seed takes a number, not {value:?}"))?,
            other if table_flag(&mut o.spec, other, value)? => {}
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
        i += 2;
    }
    Ok(Some(o))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (o, rules) = match options_and_rules("counter_sim", HELP, parse(&args), |o| o.spec.clone()) {
        Ok(given) => given,
        Err(exit) => return exit,
    };
    // The same spread as the form's: the first bet below +2, the last from +5.
    let mut steps = vec![(i32::MIN, o.bets[0])];
    steps.extend((2..).zip(o.bets[1..].iter().copied()));
    let spread = Spread { steps };
    println!(
        "# {}; {} count, {}% dealt; bets {:?} at +1 or less … +5 or more",
        describe(&rules),
        o.system.name,
        rules.penetration_percent,
        o.bets
    );
    let start = Instant::now();
    let rows = spread_rows(&rules, o.system);
    let computed = spread_figures(&spread, &rows, ROUND_VARIANCE);
    let plays = index_plays(&rules, o.system, &first_situations(&rules));
    let basic = chart(&rules);
    eprintln!("computed in {:.1?}; simulating {} rounds", start.elapsed(), o.rounds);
    let start = Instant::now();
    let tally = simulate_counter(&rules, &basic, o.system, &plays, &spread, o.rounds, o.seed);
    eprintln!("simulated in {:.1?}", start.elapsed());
    println!(
        "{:>6} {:>9} {:>9} {:>14} {:>9} {:>13}",
        "count", "computed", "simulated", "edge computed", "simulated", "variance sim"
    );
    for &(t, n, sum, sq) in &tally.by_count {
        let share = n as f64 / tally.rounds as f64;
        if share < 0.001 {
            continue;
        }
        let row = rows.iter().find(|r| r.0 == t);
        println!(
            "{t:>+6} {:>8.2}% {:>8.2}% {:>13.2}% {:>8.2}% {:>13.3}",
            100.0 * row.map_or(0.0, |r| r.1),
            100.0 * share,
            100.0 * row.map_or(f64::NAN, |r| r.2),
            100.0 * sum / n as f64,
            sq / n as f64 - (sum / n as f64).powi(2)
        );
    }
    let (w, sd) = (tally.win(), tally.sd());
    let cards = tally.cards as f64 / tally.rounds as f64;
    let spread_of_cards = (tally.cards_sq as f64 / tally.rounds as f64 - cards * cards).sqrt();
    println!("cards a round: {cards:.3}, standard deviation {spread_of_cards:.3}");
    println!("W  computed {:+.4} units a round, simulated {:+.4} ± {:.4} (95%)", computed.win, w, tally.win_margin());
    println!(
        "SD computed {:.4} units a round, simulated {:.4} ({:+.1}%)",
        computed.sd,
        sd,
        100.0 * (computed.sd / sd - 1.0)
    );
    ExitCode::SUCCESS
}
