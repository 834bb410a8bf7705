//! What the tournament benchmarks share: reading `--name value` arguments and bot levels.

use blackjack::bots::shedding::Level;

/// The value after `--name` on the command line, if any.
pub fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

/// A level by its name; `random` too (a baseline the page does not offer).
pub fn level(s: &str) -> Level {
    match s {
        "random" => Level::Random,
        "easy" => Level::Easy,
        "normal" => Level::Normal,
        "hard" => Level::Hard,
        other => panic!("unknown level {other:?} (random, easy, normal, hard)"),
    }
}
