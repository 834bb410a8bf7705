//! Prints the index plays computed for a table's rules and a counting system, one play per line
//! with its index last (see `engine::casino::indices` for the method):
//!
//!     cargo run --release --example indices -- --decks 6 --rules s17,das,ls --system hilo
//!
//! Arguments are read by hand (no argument crate for one command) and every mistake is named.
use blackjack::engine::casino::count::{system, CountSystem, SYSTEMS};
use blackjack::engine::casino::indices::{all_situations, index_plays};
use blackjack::engine::casino::TableSpec;
use std::process::ExitCode;

#[path = "common/table_args.rs"]
mod table_args;
use std::time::Instant;
use table_args::{default_spec, describe, options_and_rules, table_flag};

const HELP: &str = "\
Index plays for a blackjack table and a counting system, computed by exact probability.

usage: cargo run --release --example indices -- [--decks N] [--rules LIST] [--system NAME] [--penetration P]

  --system NAME      the count (default hilo): hilo, ko, hiopt1, hiopt2, omega2, zen, halves, red7
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
    let mut spec = default_spec();
    let mut sys = system("hilo").ok_or("the Hi-Lo count is missing")?;
    let mut i = 0;
    while i < args.len() {
        let flag = args[i].as_str();
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        let value = args.get(i + 1).ok_or_else(|| format!("{flag} needs a value (see --help)"))?;
        match flag {
            "--system" => {
                let names: Vec<&str> = SYSTEMS.iter().map(|s| s.key).collect();
                sys =
                    system(value).ok_or_else(|| format!("no counting system {value:?}; known: {}", names.join(", ")))?
            }
            other if table_flag(&mut spec, other, value)? => {}
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
    let (options, rules) = match options_and_rules("indices", HELP, parse(&args), |o| o.spec.clone()) {
        Ok(given) => given,
        Err(exit) => return exit,
    };
    let r = &rules;
    println!("# {}; {} count, {}% dealt", describe(r), options.system.name, r.penetration_percent);
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
