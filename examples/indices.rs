//! Prints the index plays computed for a table's rules and a counting system, one play per line
//! with its index last (see `engine::casino::indices` for the method):
//!
//!     cargo run --release --example indices -- --decks 6 --rules s17,das,ls --system hilo
//!
//! Arguments are read by hand (no argument crate for one command) and every mistake is named.
use blackjack::engine::casino::count::{system, CountSystem, SYSTEMS};
use blackjack::engine::casino::indices::{all_situations, index_plays};
use blackjack::engine::casino::{DealerBlackjack, DoubleOn, SplitLimit, TableRules, TableSpec};
use std::process::ExitCode;
use std::time::Instant;

const HELP: &str = "\
Index plays for a blackjack table and a counting system, computed by exact probability.

usage: cargo run --release --example indices -- [--decks N] [--rules LIST] [--system NAME] [--penetration P]

  --decks N          decks in the shoe, 1 to 8 (default 6)
  --rules LIST       comma-separated, later words win (default s17,das,ls,da2):
                       s17 | h17      dealer stands on / hits soft 17
                       das | nodas    double after splitting or not
                       ls  | nols     late surrender or none
                       da2 | d9 | d10 double any two cards / 9 to 11 / 10 and 11
                       rsa            resplit aces
                       enhc           no hole card: a dealer blackjack takes doubles and splits too
  --system NAME      the count (default hilo): hilo, ko, hiopt1, hiopt2, omega2, zen, halves, red7
  --penetration P    percent of the shoe dealt before the shuffle, 50 to 90 (default 75)
  --help             this text

Each line: the hand, the dealer's up card, the play at or above the index and below it, then
the index (a true count in the system's points per deck left, as the player reads it with the
up card and their own cards counted). Surrender is decided first: where a surrender line
says Surrender, surrender whatever the hand's own line says.";

struct Options {
    spec: TableSpec,
    system: &'static CountSystem,
}

fn parse(args: &[String]) -> Result<Option<Options>, String> {
    let mut spec = TableSpec {
        decks: 6,
        penetration_percent: 75,
        seats: 6,
        dealer_hits_soft_17: false,
        double_on: DoubleOn::AnyTwo,
        double_after_split: true,
        split_limit: SplitLimit::Hands(4),
        surrender: true,
        ..TableSpec::default()
    };
    let mut sys = system("hilo").ok_or("the Hi-Lo count is missing")?;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        let value = args.get(i + 1).ok_or_else(|| format!("{flag} needs a value (see --help)"))?;
        match flag {
            "--decks" => {
                spec.decks = value
                    .parse()
                    .ok()
                    .filter(|d| (1..=8).contains(d))
                    .ok_or_else(|| format!("--decks takes 1 to 8, not {value:?}"))?
            }
            "--penetration" => {
                spec.penetration_percent = value
                    .parse()
                    .ok()
                    .filter(|p| (50..=90).contains(p))
                    .ok_or_else(|| format!("--penetration takes 50 to 90 (percent), not {value:?}"))?
            }
            "--system" => {
                let names: Vec<&str> = SYSTEMS.iter().map(|s| s.key).collect();
                sys =
                    system(value).ok_or_else(|| format!("no counting system {value:?}; known: {}", names.join(", ")))?
            }
            "--rules" => {
                for word in value.split(',').map(str::trim).filter(|w| !w.is_empty()) {
                    match word {
                        "s17" => spec.dealer_hits_soft_17 = false,
                        "h17" => spec.dealer_hits_soft_17 = true,
                        "das" => spec.double_after_split = true,
                        "nodas" => spec.double_after_split = false,
                        "ls" => spec.surrender = true,
                        "nols" => spec.surrender = false,
                        "da2" => spec.double_on = DoubleOn::AnyTwo,
                        "d9" => spec.double_on = DoubleOn::NineToEleven,
                        "d10" => spec.double_on = DoubleOn::TenOrEleven,
                        "rsa" => spec.resplit_aces = true,
                        "enhc" => spec.dealer_blackjack = DealerBlackjack::AllBets,
                        other => return Err(format!("unknown rule {other:?} in --rules (see --help)")),
                    }
                }
            }
            other => return Err(format!("unknown argument {other:?} (see --help)")),
        }
        i += 2;
    }
    Ok(Some(Options { spec, system: sys }))
}

fn card(p: u8) -> String {
    if p == 1 {
        "A".into()
    } else {
        p.to_string()
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            println!("{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("indices: {e}");
            return ExitCode::from(2);
        }
    };
    let rules = match TableRules::new(options.spec) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("indices: {e}");
            return ExitCode::from(2);
        }
    };
    let r = &rules;
    println!(
        "# {} decks, dealer {} soft 17, double {}{}, {}, {}; {} count, {}% dealt",
        r.decks,
        if r.dealer_hits_soft_17 { "hits" } else { "stands on" },
        match r.double_on {
            DoubleOn::AnyTwo => "any two cards",
            DoubleOn::NineToEleven => "9 to 11",
            DoubleOn::TenOrEleven => "10 and 11",
        },
        if r.double_after_split { " and after splitting" } else { "" },
        if r.surrender { "late surrender" } else { "no surrender" },
        if r.dealer_blackjack == DealerBlackjack::AllBets { "no hole card" } else { "hole card" },
        options.system.name,
        r.penetration_percent
    );
    let start = Instant::now();
    let plays = index_plays(r, options.system, &all_situations(r));
    for p in &plays {
        let line = format!(
            "{} v {}: {} at or above, {} below",
            p.situation.describe(),
            card(p.up),
            p.at_or_above.name(),
            p.below.name()
        );
        println!("{line:<52} {:+}", p.index);
    }
    eprintln!("{} index plays in {:.2?}", plays.len(), start.elapsed());
    ExitCode::SUCCESS
}
