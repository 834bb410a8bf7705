//! Benchmark: random full games per second on one core, per preset, and a side-by-side with
//! OpenSpiel's `crazy_eights` (default parameters) on the same game. Two figures per preset:
//! the full engine (`Game`: legal lists, checks, events, the action log) and, for rule sets it
//! covers, the fast playout path (`Playout`: bitboards, no events; held to `Game` by
//! tests/playout.rs, so it plays the very same games).
//!
//!   cargo bench --bench shedding -- [--games N] [--players P] [--preset ID] [--openspiel PYTHON]
//!
//! With `--openspiel` it runs benches/openspiel/crazy_eights.py under that Python (which must
//! have `open_spiel` from PyPI) and prints both engines' mean game length under uniformly
//! random play, plus the speed ratio. Figures are printed, never asserted: speed is not a test.

use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::playout::Playout;
use blackjack::engine::shedding::{Action, Game, Preset};
use std::process::Command;
use std::time::Instant;

struct Stats {
    games: u64,
    secs: f64,
    decisions: u64,
    plays: u64,
}

/// Plays `games` games with a uniformly random player over `legal_actions()`.
fn random_games(preset: Preset, players: u8, games: u64) -> Stats {
    let rules = std::sync::Arc::new(preset.rules());
    let mut rng = GameRng::new(2024);
    let (mut decisions, mut plays) = (0u64, 0u64);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let start = Instant::now();
    for seed in 0..games {
        let mut g = Game::new(rules.clone(), players, seed).expect("valid setup");
        while !g.is_over() {
            g.legal_actions_into(&mut legal);
            let a = legal[rng.below(legal.len() as u64) as usize];
            if matches!(a, Action::Play { .. }) {
                plays += 1;
            }
            decisions += 1;
            events.clear();
            g.apply_into(a, &mut events).expect("legal");
        }
    }
    Stats { games, secs: start.elapsed().as_secs_f64(), decisions, plays }
}

/// The same games on the fast path, chosen by the same random stream; `None` if not covered.
fn fast_games(preset: Preset, players: u8, games: u64) -> Option<Stats> {
    let rules = preset.rules();
    let mut p = Playout::new(&rules, players, 0)?;
    let mut rng = GameRng::new(2024);
    let mut decisions = 0u64;
    let start = Instant::now();
    for seed in 0..games {
        p.redeal(seed);
        decisions += p.play_random(&mut rng);
    }
    Some(Stats { games, secs: start.elapsed().as_secs_f64(), decisions, plays: 0 })
}

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

fn main() {
    let games: u64 = arg("--games").and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let players: u8 = arg("--players").and_then(|s| s.parse().ok()).unwrap_or(4);
    println!(
        "random full games, one core, {games} games each, {players} players (Crazy Eights: 5, OpenSpiel's default)"
    );
    println!(
        "{:<14} {:>12} {:>16} {:>12} {:>16}",
        "preset", "games/s", "decisions/game", "plays/game", "fast path games/s"
    );
    let mut ours_c8 = None;
    let mut fast_c8 = None;
    let only = arg("--preset");
    for preset in Preset::ALL.into_iter().filter(|p| only.as_deref().is_none_or(|o| o == p.id())) {
        let p = if preset == Preset::CrazyEights { 5 } else { players };
        let s = random_games(preset, p, games);
        let fast = fast_games(preset, p, games);
        if let Some(f) = &fast {
            assert_eq!(f.decisions, s.decisions, "the fast path played other games");
        }
        println!(
            "{:<14} {:>12.0} {:>16.1} {:>12.1} {:>16}",
            preset.id(),
            s.games as f64 / s.secs,
            s.decisions as f64 / s.games as f64,
            s.plays as f64 / s.games as f64,
            fast.as_ref().map_or("not covered".into(), |f| format!("{:.0}", f.games as f64 / f.secs))
        );
        if preset == Preset::CrazyEights {
            ours_c8 = Some(s);
            fast_c8 = fast;
        }
    }
    let Some(python) = arg("--openspiel") else { return };
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/openspiel/crazy_eights.py");
    let out = Command::new(&python).arg(script).arg(games.to_string()).output().expect("run OpenSpiel's Python");
    if !out.status.success() {
        eprintln!("OpenSpiel run failed:\n{}", String::from_utf8_lossy(&out.stderr));
        std::process::exit(1);
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let field = |k: &str| -> f64 {
        text.lines().find_map(|l| l.strip_prefix(k)).and_then(|v| v.trim().parse().ok()).unwrap_or(f64::NAN)
    };
    let ours = ours_c8.expect("crazy eights ran");
    let our_rate = ours.games as f64 / ours.secs;
    let (os_rate, os_dec, os_plays) =
        (field("games_per_second:"), field("decisions_per_game:"), field("plays_per_game:"));
    println!("\nCrazy Eights (5 players, OpenSpiel defaults), uniformly random play:");
    println!("{:<22} {:>12} {:>16} {:>12}", "engine", "games/s", "decisions/game", "plays/game");
    println!(
        "{:<22} {:>12.0} {:>16.1} {:>12.1}",
        "this engine",
        our_rate,
        ours.decisions as f64 / ours.games as f64,
        ours.plays as f64 / ours.games as f64
    );
    if let Some(f) = &fast_c8 {
        println!(
            "{:<22} {:>12.0} {:>16.1} {:>12}",
            "this engine, fast path",
            f.games as f64 / f.secs,
            f.decisions as f64 / f.games as f64,
            "(same games)"
        );
    }
    println!("{:<22} {:>12.0} {:>16.1} {:>12.1}", "OpenSpiel (C++ bots)", os_rate, os_dec, os_plays);
    // The same game should last as long under random play: a rules difference would show here.
    // (A fact about the games, not a timing: it may fail the run.)
    let ours_len = ours.decisions as f64 / ours.games as f64;
    let gap = (ours_len - os_dec).abs() / os_dec;
    println!("mean game length: {ours_len:.1} vs {os_dec:.1} decisions, {:.1}% apart", gap * 100.0);
    if gap.is_nan() || gap > 0.03 {
        eprintln!("the two engines disagree on mean game length by more than 3%");
        std::process::exit(1);
    }
    println!("speed ratio, full engine: {:.1}x", our_rate / os_rate);
    if let Some(f) = fast_c8 {
        println!("speed ratio, fast path:   {:.1}x", f.games as f64 / f.secs / os_rate);
    }
}
