//! The table's rules from the command line, for the examples that take them (`indices`,
//! `counter_sim`): read by hand (no argument crate for a few flags), every mistake named.

use blackjack::engine::casino::{DealerBlackjack, DoubleOn, SplitLimit, TableRules, TableSpec};
use std::process::ExitCode;

/// The flags' help, for an example's own help text.
pub const TABLE_HELP: &str = "\
  --decks N          decks in the shoe, 1 to 8 (default 6)
  --rules LIST       comma-separated, later words win (default s17,das,ls,da2):
                       s17 | h17      dealer stands on / hits soft 17
                       das | nodas    double after splitting or not
                       ls  | nols     late surrender or none
                       da2 | d9 | d10 double any two cards / 9 to 11 / 10 and 11
                       rsa            resplit aces
                       enhc           no hole card: a dealer blackjack takes doubles and splits too
  --penetration P    percent of the shoe dealt before the shuffle, 50 to 90 (default 75)";

/// The game the flags start from: six decks, S17, DAS, late surrender, double any two, 75%.
pub fn default_spec() -> TableSpec {
    TableSpec {
        decks: 6,
        penetration_percent: 75,
        seats: 6,
        dealer_hits_soft_17: false,
        double_on: DoubleOn::AnyTwo,
        double_after_split: true,
        split_limit: SplitLimit::Hands(4),
        surrender: true,
        ..TableSpec::default()
    }
}

/// Reads `flag value` into `spec` if it is one of the table's flags (`Ok(false)` if not).
pub fn table_flag(spec: &mut TableSpec, flag: &str, value: &str) -> Result<bool, String> {
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
        _ => return Ok(false),
    }
    Ok(true)
}

/// The rules in one line: "6 decks, dealer stands on soft 17, double any two cards and after
/// splitting, late surrender, hole card".
pub fn describe(r: &TableRules) -> String {
    format!(
        "{} decks, dealer {} soft 17, double {}{}, {}, {}",
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
    )
}

/// An example's options and the rules they name, or the exit its command line earns: the help,
/// printed (success), or the first mistake, named (2).
pub fn options_and_rules<O>(
    name: &str,
    help: &str,
    parsed: Result<Option<O>, String>,
    spec: impl Fn(&O) -> TableSpec,
) -> Result<(O, TableRules), ExitCode> {
    let options = match parsed {
        Ok(Some(o)) => o,
        Ok(None) => {
            println!("{help}\n{TABLE_HELP}");
            return Err(ExitCode::SUCCESS);
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            return Err(ExitCode::from(2));
        }
    };
    match TableRules::new(spec(&options)) {
        Ok(rules) => Ok((options, rules)),
        Err(e) => {
            eprintln!("{name}: {e}");
            Err(ExitCode::from(2))
        }
    }
}
