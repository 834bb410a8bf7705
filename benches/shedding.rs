//! Benchmark: random full games per second on one core, per preset, and a side-by-side with
//! OpenSpiel's `crazy_eights` (default parameters) on the same game. One engine, `Game`, two
//! ways: `apply` (checked, with events and the action log, as the page plays) and `apply_legal`
//! (the same games, trusting the legal set, without events, log or the record of the last
//! turns: what the bots' search runs on). Each way takes the legal set at every step and picks one of its actions uniformly at
//! random.
//!
//!   cargo bench --bench shedding -- [--games N] [--players P] [--preset ID] [--runs K] [--openspiel PYTHON]
//!
//! Each way is timed `--runs` times (default 3) after a warm-up, and the fastest run is kept: a
//! run of a few tens of milliseconds is otherwise at the mercy of the processor's clock ramp and
//! of whatever else the machine is doing.
//!
//! With `--openspiel` it runs benches/openspiel/crazy_eights.py under that Python (which must
//! have `open_spiel` from PyPI) as many times, keeps its fastest run the same way, and prints both
//! engines' mean game length under uniformly random play, plus the speed ratio. Figures are
//! printed, never asserted: speed is not a test.

use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Action, Game, Preset};
use std::process::Command;
use std::time::Instant;

struct Stats {
    games: u64,
    secs: f64,
    decisions: u64,
    plays: u64,
}

impl Stats {
    fn games_per_sec(&self) -> f64 {
        self.games as f64 / self.secs
    }
}

/// Plays `games` games with a uniformly random player over `legal_set()`, dealing each at the
/// same table (`redeal`). `QUIET`: as the search plays, `apply_legal` instead of `apply_into`,
/// and no record of the last turns. A constant, so that each way's loop is compiled for itself,
/// as the search's playout loop is, and carries no code of the other way.
fn random_games<const QUIET: bool>(preset: Preset, players: u8, games: u64) -> Stats {
    let rules = std::sync::Arc::new(preset.rules());
    let mut rng = GameRng::new(2024);
    let (mut decisions, mut plays) = (0u64, 0u64);
    let mut events = Vec::new();
    let mut g = Game::new(rules, players, 0).expect("valid setup");
    if QUIET {
        g.stop_recording_turns();
    }
    let start = Instant::now();
    for seed in 0..games {
        g.redeal(seed);
        while !g.is_over() {
            let legal = g.legal_set();
            let a = legal.nth(rng.below(legal.len() as u64) as usize);
            plays += matches!(a, Action::Play { .. }) as u64;
            decisions += 1;
            if QUIET {
                g.apply_legal(a);
            } else {
                events.clear();
                g.apply_into(a, &mut events).expect("legal");
            }
        }
    }
    Stats { games, secs: start.elapsed().as_secs_f64(), decisions, plays }
}

/// The fastest of `runs` timed runs of `play`, after an untimed warm-up of a tenth as many games.
fn fastest(runs: u32, games: u64, play: impl Fn(u64) -> Stats) -> Stats {
    play(games.div_ceil(10));
    (0..runs.max(1)).map(|_| play(games)).min_by(|a, b| a.secs.total_cmp(&b.secs)).expect("one run at least")
}

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

fn main() {
    let games: u64 = arg("--games").and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let players: u8 = arg("--players").and_then(|s| s.parse().ok()).unwrap_or(4);
    let runs: u32 = arg("--runs").and_then(|s| s.parse().ok()).unwrap_or(3);
    println!(
        "random full games, one core, {games} games each, {players} players (Crazy Eights: 5, OpenSpiel's default), fastest of {runs} runs"
    );
    println!(
        "{:<14} {:>14} {:>14} {:>16} {:>16} {:>12}",
        "preset", "games/s apply", "games/s quiet", "M decisions/s q", "decisions/game", "plays/game"
    );
    let mut quiet_c8 = None;
    let only = arg("--preset");
    for preset in Preset::ALL.into_iter().filter(|p| only.as_deref().is_none_or(|o| o == p.id())) {
        let p = if preset == Preset::CrazyEights { 5 } else { players };
        let full = fastest(runs, games, |n| random_games::<false>(preset, p, n));
        let quiet = fastest(runs, games, |n| random_games::<true>(preset, p, n));
        // The same seeds and the same random stream: both ways must have played the same games.
        assert_eq!((quiet.decisions, quiet.plays), (full.decisions, full.plays), "apply_legal played other games");
        println!(
            "{:<14} {:>14.0} {:>14.0} {:>16.1} {:>16.1} {:>12.1}",
            preset.id(),
            full.games_per_sec(),
            quiet.games_per_sec(),
            quiet.decisions as f64 / quiet.secs / 1e6,
            quiet.decisions as f64 / quiet.games as f64,
            quiet.plays as f64 / quiet.games as f64,
        );
        if preset == Preset::CrazyEights {
            quiet_c8 = Some((full, quiet));
        }
    }
    let Some(python) = arg("--openspiel") else { return };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/openspiel/crazy_eights.py");
    let openspiel = || {
        let out = Command::new(&python).arg(script).arg(games.to_string()).output().expect("run OpenSpiel's Python");
        if !out.status.success() {
            eprintln!("OpenSpiel run failed:\n{}", String::from_utf8_lossy(&out.stderr));
            std::process::exit(1);
        }
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let field = |k: &str| -> f64 {
            text.lines().find_map(|l| l.strip_prefix(k)).and_then(|v| v.trim().parse().ok()).unwrap_or(f64::NAN)
        };
        (field("games_per_second:"), field("decisions_per_game:"), field("plays_per_game:"))
    };
    let (full, quiet) = quiet_c8.expect("crazy eights ran (--preset crazy-eights or all)");
    // OpenSpiel's fastest run too: the same rule for both engines.
    let (os_rate, os_dec, os_plays) =
        (0..runs.max(1)).map(|_| openspiel()).max_by(|a, b| a.0.total_cmp(&b.0)).expect("one run at least");
    println!("\nCrazy Eights (5 players, OpenSpiel defaults), uniformly random play:");
    println!("{:<26} {:>12} {:>16} {:>12}", "engine", "games/s", "decisions/game", "plays/game");
    let ours_len = quiet.decisions as f64 / quiet.games as f64;
    for (name, s) in [("this engine, apply", &full), ("this engine, apply_legal", &quiet)] {
        println!(
            "{:<26} {:>12.0} {:>16.1} {:>12.1}",
            name,
            s.games_per_sec(),
            ours_len,
            s.plays as f64 / s.games as f64
        );
    }
    println!("{:<26} {:>12.0} {:>16.1} {:>12.1}", "OpenSpiel (C++ bots)", os_rate, os_dec, os_plays);
    // The same game should last as long under random play: a rules difference would show here.
    // (A fact about the games, not a timing: it may fail the run.)
    let gap = (ours_len - os_dec).abs() / os_dec;
    println!("mean game length: {ours_len:.1} vs {os_dec:.1} decisions, {:.1}% apart", gap * 100.0);
    if gap.is_nan() || gap > 0.03 {
        eprintln!("the two engines disagree on mean game length by more than 3%");
        std::process::exit(1);
    }
    println!("speed ratio, apply:        {:.1}x", full.games_per_sec() / os_rate);
    println!("speed ratio, apply_legal: {:.1}x (the search's engine)", quiet.games_per_sec() / os_rate);
}
