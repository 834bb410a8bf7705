//! How long a shedding game lasts at the page's pace: four normal bots play whole games as the
//! table runs them (each seat decides from its own view, the quickest reaction acts first, a
//! turn move waits `SEEN_MS` more for the last move to be seen), and the reaction times are added
//! up as the page's timers would wait them at "Like people" (pace 1). Prints, per game, the
//! seconds a game takes (median, 90th percentile, longest), the seconds between two bot turn
//! moves, the turns, the single-card pick-ups, and how many games reached the turn limit (a bot
//! loop would show there).
//!
//!   cargo run --release --example game_lengths [games] [seen_ms]
//!
//! (`seen_ms` replaces `SEEN_MS`: 0 gives the pace before it, for comparison.)
//!
//! The figures are the ones the setup screen's "A game usually lasts…" line and the closing note
//! of issue 25 quote.

use blackjack::bots::shedding::{turn_actions, Level, SheddingBot, SEEN_MS};
use blackjack::engine::shedding::{Action, Event, Game, Preset};
use std::sync::Arc;

struct Figures {
    seconds: Vec<f64>,
    turns: Vec<u32>,
    single_draws: Vec<u32>,
    move_gaps_ms: Vec<u32>,
    turn_limit: u32,
    rounds: Vec<u32>,
}

fn play(preset: Preset, seed: u64, seen: u32, f: &mut Figures) {
    let players = 4u8;
    let mut game = Game::new(Arc::new(preset.rules()), players, seed).expect("a valid table");
    let mut bots: Vec<SheddingBot> =
        (0..players).map(|s| SheddingBot::new(s, Level::Normal, seed.wrapping_mul(31) ^ 7)).collect();
    let (mut ms, mut turns, mut singles, mut rounds) = (0u64, 0u32, 0u32, 0u32);
    let mut steps = 0u32;
    while !game.is_over() {
        let current = game.current();
        let mut best: Option<(u32, Action, bool)> = None;
        for bot in bots.iter_mut() {
            let view = game.view(bot.seat);
            let Some(d) = bot.decide(&view) else { continue };
            let turn = bot.seat == current && turn_actions(&view).contains(&d.action);
            let delay = d.delay_ms + if turn { seen } else { 0 };
            if best.is_none_or(|(b, _, _)| delay < b) {
                best = Some((delay, d.action, turn));
            }
        }
        let (delay, action, turn) = best.expect("the current player always has a move");
        ms += delay as u64;
        if turn {
            turns += 1;
            f.move_gaps_ms.push(delay);
        }
        let events = game.apply(action).unwrap_or_else(|e| panic!("a bot chose an illegal action: {e}"));
        for e in &events {
            match e {
                Event::Drew { cards: 1, .. } => singles += 1,
                Event::TurnLimit { .. } => f.turn_limit += 1,
                Event::RoundOver { .. } => rounds += 1,
                Event::Penalty { seat, .. } if !game.is_over() => {
                    if let Some(say) = bots[*seat as usize].after_penalty() {
                        let _ = game.apply(say);
                    }
                }
                _ => {}
            }
        }
        steps += 1;
        assert!(steps < 100_000, "a bot game did not end");
    }
    f.seconds.push(ms as f64 / 1000.0);
    f.turns.push(turns);
    f.single_draws.push(singles);
    f.rounds.push(rounds);
}

fn pct<T: Copy + PartialOrd>(xs: &mut [T], p: f64) -> T {
    xs.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    xs[((xs.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let seen: u32 = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(SEEN_MS);
    println!("4 normal bots, pace \"Like people\", {games} games each; a turn move waits its reaction + {seen} ms");
    for preset in [Preset::Taylor, Preset::Priestly, Preset::British] {
        let mut f = Figures {
            seconds: vec![],
            turns: vec![],
            single_draws: vec![],
            move_gaps_ms: vec![],
            turn_limit: 0,
            rounds: vec![],
        };
        for seed in 0..games {
            play(preset, seed, seen, &mut f);
        }
        let minutes = |s: f64| format!("{}m{:02}s", (s / 60.0) as u32, (s % 60.0) as u32);
        let (s25, s75) = (pct(&mut f.seconds, 0.25), pct(&mut f.seconds, 0.75));
        let (s50, s90, smax) = (pct(&mut f.seconds, 0.5), pct(&mut f.seconds, 0.9), pct(&mut f.seconds, 1.0));
        println!(
            "{:<28} game: middle half {}-{} median {} p90 {} longest {} | rounds median {} | turns median {} p90 {} max {} | single pick-ups median {} max {} | \
             bot move every {:.1}-{:.1} s (median {:.1}) | turn limit reached {}",
            preset.rules().spec().name,
            minutes(s25),
            minutes(s75),
            minutes(s50),
            minutes(s90),
            minutes(smax),
            pct(&mut f.rounds, 0.5),
            pct(&mut f.turns, 0.5),
            pct(&mut f.turns, 0.9),
            pct(&mut f.turns, 1.0),
            pct(&mut f.single_draws, 0.5),
            pct(&mut f.single_draws, 1.0),
            pct(&mut f.move_gaps_ms, 0.05) as f64 / 1000.0,
            pct(&mut f.move_gaps_ms, 0.95) as f64 / 1000.0,
            pct(&mut f.move_gaps_ms, 0.5) as f64 / 1000.0,
            f.turn_limit,
        );
    }
}
