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
//! of issue 25 quote. Then British matches by players and target (the setup says a match's
//! length for the table chosen, `ui/shedding/setup.rs`), and UNO Blackjack at the UNO page's
//! pace (`uno_game_lengths`; the UNO setup's line).

use blackjack::bots::shedding::{turn_actions, Level, SheddingBot, SEEN_MS};
use blackjack::bots::uno::{play_out, BOT_MS, ROUND_SHOWN_MS};
use blackjack::engine::shedding::rules::Scoring;
use blackjack::engine::shedding::{Action, Event, Game, Preset};
use blackjack::engine::uno::{self, Status, UnoRules, UnoSpec};
use blackjack::ui::uno::state::SHORT_QUEUE;
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
    play_with(preset.rules(), 4, seed, seen, f)
}

fn play_with(rules: blackjack::engine::shedding::Rules, players: u8, seed: u64, seen: u32, f: &mut Figures) {
    let mut game = Game::new(Arc::new(rules), players, seed).expect("a valid table");
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
    british_matches(games.min(60), seen);
    uno_game_lengths(games);
}

fn minutes(s: f64) -> String {
    format!("{}m{:02}s", (s / 60.0) as u32, (s % 60.0) as u32)
}

/// British matches at the page's pace by players and target (the points to win are the target
/// plus the players): rounds and minutes a match, and minutes a round.
fn british_matches(games: u64, seen: u32) {
    println!("British matches, normal bots at \"Like people\", {games} matches each:");
    for players in [2u8, 3, 4, 5, 6] {
        for base in [1u8, 4, 8, 12] {
            let mut spec = Preset::British.spec();
            if let Scoring::Places { target_base, .. } = &mut spec.scoring {
                *target_base = base;
            }
            let rules = blackjack::engine::shedding::Rules::new(spec).expect("a valid target");
            let mut f = Figures {
                seconds: vec![],
                turns: vec![],
                single_draws: vec![],
                move_gaps_ms: vec![],
                turn_limit: 0,
                rounds: vec![],
            };
            for seed in 0..games {
                play_with(rules.clone(), players, seed, seen, &mut f);
            }
            let mut per_round: Vec<f64> = f.seconds.iter().zip(&f.rounds).map(|(s, &r)| s / r.max(1) as f64).collect();
            println!(
                "  {players} players, to {:>2} points: match middle half {}-{} median {} p90 {} | rounds middle half {}-{} median {} | a round median {}",
                base + players,
                minutes(pct(&mut f.seconds, 0.25)),
                minutes(pct(&mut f.seconds, 0.75)),
                minutes(pct(&mut f.seconds, 0.5)),
                minutes(pct(&mut f.seconds, 0.9)),
                pct(&mut f.rounds, 0.25),
                pct(&mut f.rounds, 0.75),
                pct(&mut f.rounds, 0.5),
                minutes(pct(&mut per_round, 0.5)),
            );
        }
    }
}

/// A person's hit or pass, in milliseconds: slower than a bot's (`BOT_MS`), an assumption (the
/// page has no measure of it).
const PERSON_MS: u32 = 2000;

/// UNO Blackjack at the UNO page's pace (`ui/uno/state.rs` `auto_action`): a bot moves after
/// `BOT_MS`, each round is revealed by itself `ROUND_SHOWN_MS` after the last (2 s once the
/// person is out), and the person (seat 0, played here by a normal bot) takes `PERSON_MS` a
/// decision. Prints minutes a game and until the person is out, by players and rules.
fn uno_game_lengths(games: u64) {
    println!("UNO Blackjack, normal bots, a bot move {BOT_MS} ms, a round revealed {ROUND_SHOWN_MS} ms after the last, {games} games each:");
    for (label, queue) in [("15 cards each (the classic rules)", 15u8), ("8 cards each (short game)", SHORT_QUEUE)] {
        for players in 2u8..=10 {
            let (mut whole, mut until_out, mut rounds) = (Vec::new(), Vec::new(), Vec::new());
            for seed in 0..games {
                let rules = UnoRules::new(UnoSpec { queue_size: queue, ..UnoSpec::default() }).expect("valid rules");
                let game = uno::Game::new(rules.clone(), players, seed).expect("a valid table");
                let levels = vec![Level::Normal; players as usize];
                let played = play_out(game, &levels, &mut || 0);
                // The game again, action by action, timed as the page waits them.
                let mut g = uno::Game::new(rules, players, seed).expect("a valid table");
                let (mut ms, mut out_at) = (0u64, None);
                for &a in played.game.log() {
                    let person_in = matches!(g.players()[0].status, Status::Playing | Status::Joining { .. });
                    if !person_in && out_at.is_none() {
                        out_at = Some(ms);
                    }
                    ms += u64::from(match a {
                        uno::Action::Reveal if person_in => ROUND_SHOWN_MS,
                        uno::Action::Reveal => 2000,
                        uno::Action::Hit { seat: 0 } | uno::Action::Pass { seat: 0 } => PERSON_MS,
                        _ => BOT_MS,
                    });
                    g.apply(a).expect("the game replays");
                }
                whole.push(ms as f64 / 1000.0);
                until_out.push(out_at.unwrap_or(ms) as f64 / 1000.0);
                rounds.push(g.round());
            }
            println!(
                "  {label}, {players} players, the person {:.1} s a decision: game middle half {}-{} median {} p90 {} | the person in it: median {} | rounds median {} p90 {}",
                PERSON_MS as f64 / 1000.0,
                minutes(pct(&mut whole, 0.25)),
                minutes(pct(&mut whole, 0.75)),
                minutes(pct(&mut whole, 0.5)),
                minutes(pct(&mut whole, 0.9)),
                minutes(pct(&mut until_out, 0.5)),
                pct(&mut rounds, 0.5),
                pct(&mut rounds, 0.9),
            );
        }
    }
}
