//! UNO Blackjack against hostile input (issue 12): waiting seats listed twice, the round limit
//! that ends every game (measured), and the page's save decoders and UNO card text fed
//! arbitrary text (proptest).
//! `PROPTEST_CASES=5000 cargo test --release --test uno_hostile` for a long run;
//! `UNO_SIM=300 cargo test --release --test uno_hostile game_lengths -- --nocapture` prints the
//! game lengths at bot pace that docs/rules/uno-blackjack.md reports.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::shedding::Level;
use blackjack::bots::uno::decide;
use blackjack::engine::codes::{CodeError, ReplayError};
use blackjack::engine::rng::GameRng;
use blackjack::engine::uno::cards::ParseUnoCardError;
use blackjack::engine::uno::game::SetupError;
use blackjack::engine::uno::save::{code, parse_code, save_from_codes};
use blackjack::engine::uno::*;
use proptest::prelude::*;

mod hostile;
use hostile::{cases, tamper};

/// Plays a game to its end with the bots (`level`), checking cards are conserved at every
/// step; returns the number of actions.
fn play_out(g: &mut Game, level: Level, seed: u64) -> usize {
    let mut rng = GameRng::new(seed);
    let mut steps = 0;
    while !g.is_over() {
        let legal = g.legal_actions();
        assert!(!legal.is_empty(), "legal actions until the end");
        let a = match g.phase() {
            Phase::Match { turn } => decide(&g.view(*turn), level, rng.unit()),
            _ => legal[rng.below(legal.len() as u64) as usize],
        };
        g.apply(a).unwrap();
        assert_eq!(g.cards_accounted(), g.total_cards(), "cards conserved");
        assert!(g.round() <= g.rules().round_limit(), "never past the round limit");
        steps += 1;
    }
    steps
}

#[test]
fn a_seat_waiting_twice_or_not_at_the_table_is_a_typed_error() {
    let r = UnoRules::seed_rules();
    assert_eq!(Game::with_waiting(r.clone(), 3, &[2, 2], 1).unwrap_err(), SetupError::WaitingTwice { seat: 2 });
    assert_eq!(Game::with_waiting(r.clone(), 3, &[7], 1).unwrap_err(), SetupError::NoSuchSeat { seat: 7 });
    assert_eq!(Game::with_waiting(r.clone(), 3, &[1, 2], 1).unwrap_err(), SetupError::TooFewStarting);
    let mut g = Game::with_waiting(r, 4, &[3], 1).unwrap();
    play_out(&mut g, Level::Normal, 1);
    assert_eq!(Game::replay(&g.save(), None).unwrap(), g, "a game's own save replays");
}

#[test]
fn dealing_losing_players_back_in_ends_at_the_round_limit_with_the_most_cards_winning() {
    let r = UnoRules::new(UnoSpec { deal_back_in: true, ..UnoSpec::default() }).unwrap();
    assert_eq!(r.round_limit(), DEAL_BACK_IN_ROUNDS);
    let mut g = Game::new(r, 8, 3).unwrap();
    play_out(&mut g, Level::Normal, 3);
    assert_eq!(g.round(), DEAL_BACK_IN_ROUNDS, "eight players dealt back in never run out by themselves");
    let Phase::Over { winners } = g.phase().clone() else { panic!("over") };
    let most = g.players().iter().map(|p| p.queue.len()).max().unwrap();
    assert!(winners.iter().all(|&w| g.players()[w as usize].queue.len() == most), "{winners:?}");
    assert_eq!(UnoRules::seed_rules().round_limit(), ROUND_LIMIT);
}

/// Game lengths at bot pace (the page waits 0.5 s per bot move): printed, and bounded by the
/// round limit. `UNO_SIM` sets the number of games per player count.
#[test]
fn game_lengths() {
    let games: u64 = std::env::var("UNO_SIM").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    for back in [false, true] {
        for players in [2u8, 4, 6, 8, 10] {
            let mut lengths: Vec<(u32, usize)> = (0..games)
                .map(|seed| {
                    let r = UnoRules::new(UnoSpec { deal_back_in: back, ..UnoSpec::default() }).unwrap();
                    let mut g = Game::new(r, players, seed).unwrap();
                    let level = [Level::Easy, Level::Normal, Level::Hard][seed as usize % 3];
                    let steps = play_out(&mut g, level, seed);
                    (g.round(), steps)
                })
                .collect();
            lengths.sort();
            let at = |p: f64| lengths[((lengths.len() - 1) as f64 * p) as usize];
            let minutes = |a: usize| a as f64 * 0.5 / 60.0;
            let capped = lengths.iter().filter(|l| l.0 >= if back { DEAL_BACK_IN_ROUNDS } else { ROUND_LIMIT }).count();
            println!(
                "deal back in {back}, {players} players, {games} games: rounds median {} max {}; actions median {} ({:.0} min) max {} ({:.0} min); {capped} at the limit",
                at(0.5).0,
                lengths.last().unwrap().0,
                at(0.5).1,
                minutes(at(0.5).1),
                lengths.iter().map(|l| l.1).max().unwrap(),
                minutes(lengths.iter().map(|l| l.1).max().unwrap()),
            );
        }
    }
}

fn spec_strategy() -> impl Strategy<Value = UnoSpec> {
    (2u8..=10, 0u8..=10, prop::option::of(1u8..=4), 1u8..=30, any::<bool>(), any::<bool>(), any::<bool>(), 1u8..=5)
        .prop_map(|(min, extra, decks, queue_size, skip0, pass_is_final, deal_back_in, join_rounds)| UnoSpec {
            min_players: min,
            max_players: (min + extra).min(10),
            decks,
            queue_size,
            skip_value: if skip0 { SkipValue::Zero } else { SkipValue::Ten },
            pass_is_final,
            deal_back_in,
            join_rounds,
        })
}

proptest! {
    #![proptest_config(cases(24))]

    /// Random accepted rules, random seating: random games end within the round limit, cards
    /// conserved throughout, and the save replays to the same game.
    #[test]
    fn random_rules_give_games_that_end_within_the_cap(spec in spec_strategy(), players in 2u8..=10, late: bool, seed: u64) {
        let Ok(r) = UnoRules::new(spec) else { return Ok(()) };
        let waiting = if late && players >= 3 { vec![players - 1] } else { vec![] };
        let Ok(mut g) = Game::with_waiting(r, players, &waiting, seed) else { return Ok(()) };
        play_out(&mut g, [Level::Easy, Level::Normal, Level::Hard][seed as usize % 3], seed);
        prop_assert_eq!(Game::replay(&g.save(), None).unwrap(), g);
    }

    #[test]
    fn any_text_is_an_action_code_or_a_typed_error(s in ".{0,40}") {
        let _ = parse_code(&s);
    }

    #[test]
    fn any_bytes_are_an_action_code_or_a_typed_error(b in proptest::collection::vec(any::<u8>(), 0..40)) {
        let _ = parse_code(&String::from_utf8_lossy(&b));
    }

    #[test]
    fn any_text_is_an_uno_card_that_reads_back_or_a_short_typed_error(s in "[RYGBW+0-9SR]{0,3}|.{0,40}") {
        match s.parse::<UnoCard>() {
            Ok(c) => prop_assert_eq!(c.to_string(), s),
            Err(ParseUnoCardError::Colour(t) | ParseUnoCardError::Face(t)) => prop_assert!(t.chars().count() <= 8),
        }
    }

    #[test]
    fn every_action_code_reads_back(seat: u8, k in 0usize..4) {
        let a = [Action::Reveal, Action::Hit { seat }, Action::Pass { seat }, Action::Join { seat }][k];
        prop_assert_eq!(parse_code(&code(a)), Ok(a));
    }

    #[test]
    fn any_saved_game_is_restored_or_refused_never_a_panic(
        players: u8, waiting in proptest::collection::vec(any::<u8>(), 0..4), seed: u64,
        log in "([a-z][0-9]{0,3} ){0,40}|.{0,60}",
    ) {
        if let Ok(save) = save_from_codes(UnoSpec::default(), players, waiting, seed, &log) {
            if let Ok(g) = Game::replay(&save, None) {
                prop_assert_eq!(g.cards_accounted(), g.total_cards());
            }
        }
    }

    /// An honest game's log, tampered with: refused, or replayed to a game with every card
    /// accounted for.
    #[test]
    fn tampered_saves_are_refused_or_replay_to_a_sound_game(
        seed: u64, players in 2u8..=10, deal_back_in: bool,
        edits in proptest::collection::vec((0usize..4, any::<usize>(), any::<usize>()), 1..6),
    ) {
        let spec = UnoSpec { deal_back_in, ..UnoSpec::default() };
        let mut g = Game::new(UnoRules::new(spec.clone()).unwrap(), players, seed).unwrap();
        let mut rng = GameRng::new(seed);
        for _ in 0..150 {
            let legal = g.legal_actions();
            if legal.is_empty() { break; }
            g.apply(legal[rng.below(legal.len() as u64) as usize]).unwrap();
        }
        let mut codes: Vec<String> = g.log().iter().map(|&a| code(a)).collect();
        tamper(&mut codes, &edits, &["v", "h0", "p1", "j2", "h9"]);
        let save = save_from_codes(spec, players, vec![], seed, &codes.join(" ")).unwrap();
        match Game::replay(&save, None) {
            Ok(r) => prop_assert_eq!(r.cards_accounted(), r.total_cards()),
            Err(e) => prop_assert!(matches!(e, ReplayError::Refused { .. }), "{e}"),
        }
    }
}

#[test]
fn codes_are_ascii_and_the_whole_log_is_read_before_replay() {
    assert_eq!(parse_code("h3"), Ok(Action::Hit { seat: 3 }));
    assert_eq!(parse_code("hé"), Err(CodeError::NotAscii));
    assert_eq!(parse_code("v1"), Err(CodeError::Trailing));
    assert_eq!(parse_code("p1:5"), Err(CodeError::Trailing));
    assert_eq!(parse_code("q1"), Err(CodeError::UnknownKind));
    let e = save_from_codes(UnoSpec::default(), 4, vec![], 1, "v h0 p0 ☃").unwrap_err();
    assert!(matches!(e, ReplayError::BadCode { index: 3, error: CodeError::NotAscii }), "{e}");
    let save = save_from_codes(UnoSpec::default(), 4, vec![3, 3], 1, "").unwrap();
    assert!(matches!(Game::replay(&save, None), Err(ReplayError::Setup(SetupError::WaitingTwice { seat: 3 }))));
}
