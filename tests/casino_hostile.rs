//! Casino Blackjack against hostile input (issue 12): a shoe that runs dry, money at the limits,
//! the bot's view, and every decoder of the page's save fed arbitrary text (proptest).
//! `PROPTEST_CASES=5000 cargo test --release --test casino_hostile` for a long run.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino::decide;
use blackjack::engine::cards::{standard_decks, Card};
use blackjack::engine::casino::game::money;
use blackjack::engine::casino::save::{code, new_table, parse_code, restore, Choice, SaveProblem};
use blackjack::engine::casino::*;
use blackjack::engine::codes::{CodeError, ReplayError, MAX_LOG_ACTIONS};
use blackjack::engine::rng::GameRng;
use proptest::prelude::*;

mod hostile;
use hostile::{cases, tamper};

/// Chips and cards are conserved; the table is in a state it can go on from.
fn check(g: &Game, chips: i64) {
    assert_eq!(g.chips_in_play(), chips, "chips conserved");
    assert_eq!(g.cards_accounted(), g.rules().decks as usize * 52, "cards conserved");
    assert!(g.bankrolls().iter().all(|&b| b >= 0), "nothing wraps: {:?}", g.bankrolls());
}

/// A one-deck table of seven spots where every hand splits whenever it may and hits until it
/// cannot: the way to have every card of the shoe on the table at once.
fn greedy_round(g: &mut Game) -> Vec<Event> {
    let mut ev = Vec::new();
    for spot in 0..7 {
        let _ = g.apply(Action::Bet { spot, amount: 500 });
    }
    ev.extend(g.apply(Action::Deal).unwrap());
    while let Some(spot) = g.to_act() {
        let a = [Action::Insure { spot, amount: 0 }, Action::Split { spot }, Action::Hit { spot }]
            .into_iter()
            .find(|&a| g.is_legal(a))
            .unwrap_or(Action::Stand { spot });
        ev.extend(g.apply(a).unwrap());
    }
    ev.extend(g.apply(Action::NextRound).unwrap());
    ev
}

#[test]
fn a_shoe_that_runs_dry_refills_from_the_discards_and_with_none_left_the_round_is_called_off() {
    let spec = TableSpec {
        decks: 1,
        resplit_aces: true,
        hit_split_aces: true,
        split_limit: SplitLimit::Hands(4),
        ..TableSpec::default()
    };
    let (mut refills, mut called_off) = (0, 0);
    let tables = std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(0u64).max(300);
    for seed in 0..tables {
        let seating: Vec<Option<u8>> = (0..7).map(Some).collect();
        let mut g = Game::new(TableRules::new(spec.clone()).unwrap(), &seating, vec![100_000; 7], seed).unwrap();
        let chips = g.chips_in_play();
        for _ in 0..4 {
            let ev = greedy_round(&mut g);
            refills += ev.iter().filter(|e| matches!(e, Event::ShoeRefilled { .. })).count();
            if ev.contains(&Event::RoundCalledOff) {
                called_off += 1;
                let settled: Vec<_> = ev.iter().skip_while(|e| **e != Event::RoundCalledOff).collect();
                assert!(
                    settled.iter().all(|e| !matches!(e, Event::Settled { net, .. } if *net != 0)),
                    "a round called off returns every bet still on the table: {settled:?}"
                );
            }
            check(&g, chips);
        }
    }
    println!("{tables} greedy one-deck tables, 4 rounds each: {refills} refills, {called_off} rounds called off");
    assert!(refills > 0, "the shoe ran dry and was refilled from the discards");
    assert!(called_off > 0, "some rounds used every card and were called off");
}

#[test]
fn money_is_limited_at_load_and_the_limits_hold_through_play() {
    let r = TableRules::seed_rules();
    let seven: Vec<Option<u8>> = vec![Some(0); 7];
    assert_eq!(
        Game::new(r.clone(), &seven, vec![i64::MAX], 1).unwrap_err(),
        game::SetupError::Bankroll { player: 0, chips: i64::MAX }
    );
    assert!(Game::new(r.clone(), &seven, vec![-1], 1).is_err());
    assert!(TableRules::new(TableSpec { max_bet: MAX_BET + 100, ..TableSpec::default() }).is_err());
    assert!(TableRules::new(TableSpec { starting_bankroll: MAX_CHIPS + 1, ..TableSpec::default() }).is_err());
    assert_eq!(money(i64::MIN), "-$92233720368547758.08");
    // The richest bankroll allowed, at the biggest limits, for many rounds: nothing wraps.
    let big =
        TableRules::new(TableSpec { max_bet: MAX_BET, blackjack_pays: (255, 1), ..TableSpec::default() }).unwrap();
    let mut g = Game::new(big, &seven, vec![MAX_CHIPS], 3).unwrap();
    let chips = g.chips_in_play();
    let mut rng = GameRng::new(9);
    for _ in 0..20_000 {
        let legal = g.legal_actions();
        let mut a = legal[rng.below(legal.len() as u64) as usize];
        if let Action::Bet { amount, .. } = &mut a {
            if *amount > 0 {
                *amount = MAX_BET;
            }
        }
        let _ = g.apply(a);
        check(&g, chips);
    }
    assert!(matches!(
        new_table(Choice::default(), 1, i64::MAX),
        Err(ReplayError::Setup(save::SaveProblem::Chips(i64::MAX)))
    ));
}

/// A shoe's start from a record (`Game::resume`) is checked like any input: each thing a
/// damaged or forged record may carry is refused with its own error, and nothing the checks let
/// through can break the table's sums (a proptest below plays on from any start let through).
#[test]
fn a_shoe_s_start_that_no_table_could_reach_is_refused() {
    let r = TableRules::seed_rules();
    let seating: Vec<Option<u8>> = (0..7).map(|s| (s < 2).then_some(s)).collect();
    let good = ShoeStart {
        seed: 5,
        bankrolls: vec![90_000, 100_000],
        bets: vec![1_000, 0, 0, 0, 0, 0, 0],
        house: -500,
        round: 30,
    };
    let g = Game::resume(r.clone(), &seating, &good).unwrap();
    assert_eq!((g.bankrolls(), g.spots()[0].bet, g.round()), (&[90_000, 100_000][..], 1_000, 30));
    assert_eq!((g.seed(), g.house(), g.log().len()), (5, -500, 0));
    let refused = |start: ShoeStart| Game::resume(r.clone(), &seating, &start).unwrap_err();
    use game::{ResumeError, SetupError};
    let bankroll = |chips| ResumeError::Bankroll { player: 0, chips };
    assert_eq!(refused(ShoeStart { bankrolls: vec![-1, 0], ..good.clone() }), bankroll(-1));
    assert_eq!(refused(ShoeStart { bankrolls: vec![i64::MAX, 0], ..good.clone() }), bankroll(i64::MAX));
    // One bankroll for two players, and a bet list that is not the table's spots.
    assert!(matches!(
        refused(ShoeStart { bankrolls: vec![1], ..good.clone() }),
        ResumeError::Setup(SetupError::UnknownPlayer { .. })
    ));
    assert_eq!(refused(ShoeStart { bets: vec![0; 3], ..good.clone() }), ResumeError::Spots);
    // A bet on an empty spot, under the minimum, over the maximum, below zero.
    for (spot, amount) in [(5, 1_000), (0, r.min_bet - 1), (0, r.max_bet + 1), (1, -1_000)] {
        let mut bets = vec![0; 7];
        bets[spot] = amount;
        assert_eq!(refused(ShoeStart { bets, ..good.clone() }), ResumeError::Bet { spot, amount });
    }
    assert!(matches!(refused(ShoeStart { house: i64::MIN, ..good.clone() }), ResumeError::House(_)));
    assert!(Game::resume(r, &seating[..3], &good).is_err(), "the seating names every spot");
}

/// Two shoes that agree on every card a player has seen and differ in the hole card and the
/// order of every card after it.
fn twin_shoes(seed: u64, spots: usize) -> (Vec<Card>, Vec<Card>) {
    let mut a = standard_decks(6);
    let mut rng = GameRng::new(seed);
    rng.shuffle(&mut a);
    let hole = 2 * spots + 1;
    let mut b = a.clone();
    // Another hole card (from further down), and the rest of the shoe in another order.
    b.swap(hole, hole + 1 + rng.below(200) as usize);
    rng.shuffle(&mut b[hole + 1..]);
    (a, b)
}

proptest! {
    #![proptest_config(cases(64))]

    #[test]
    fn the_bot_decides_from_its_view_and_hidden_cards_do_not_change_it(seed in any::<u64>(), spots in 1usize..=7) {
        let (a, b) = twin_shoes(seed, spots);
        let seating: Vec<Option<u8>> = (0..7).map(|i| (i < spots).then_some(i as u8)).collect();
        let open = |cards: Vec<Card>| {
            let mut g = Game::with_shoe(TableRules::seed_rules(), &seating, vec![100_000; spots], cards, 300).unwrap();
            for s in 0..spots {
                g.apply(Action::Bet { spot: s as u8, amount: 1000 }).unwrap();
            }
            g.apply(Action::Deal).unwrap();
            g
        };
        let (ga, gb) = (open(a), open(b));
        prop_assume!(ga.to_act().is_some() && ga.phase() == gb.phase());
        let spot = ga.to_act().unwrap();
        prop_assert_ne!(ga.dealer_visible().len(), 0);
        let (va, vb) = (ga.view(spot), gb.view(spot));
        prop_assert_eq!(&va, &vb, "the view holds no hidden card");
        prop_assert!(va.dealer[1].is_none(), "the hole card is face down");
        prop_assert_eq!(decide(&va), decide(&vb));
        prop_assert!(decide(&va).is_some_and(|x| ga.is_legal(x)), "the bot's move is legal");
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
    fn every_action_code_reads_back(spot in any::<u8>(), amount in 0i64..=999_999_999_999_999_999, k in 0usize..9) {
        let a = [
            Action::Bet { spot, amount },
            Action::Deal,
            Action::Insure { spot, amount },
            Action::Surrender { spot },
            Action::Hit { spot },
            Action::Stand { spot },
            Action::Double { spot, amount },
            Action::Split { spot },
            Action::NextRound,
        ][k];
        prop_assert_eq!(parse_code(&code(a)), Ok(a));
    }

    #[test]
    fn any_saved_table_is_restored_or_refused_never_a_panic(
        decks in any::<u8>(), bots in any::<u8>(), surrender: bool, h17: bool, spots in 0u8..=5,
        seed: u64, chips in prop_oneof![any::<i64>(), 0i64..=MAX_CHIPS],
        log in "([a-z][0-9]{0,3}(:[0-9]{1,6})? ){0,30}|.{0,60}",
    ) {
        let choice = Choice { decks, bots, surrender, h17, spots };
        if let Ok(g) = restore(choice, seed, chips, &log) {
            let bots = g.bankrolls().len() as i64 - 1;
            check(&g, chips.max(500) + bots * TableSpec::default().starting_bankroll);
        }
    }

    /// Any shoe's start the checks let through opens a table that plays on soundly: its chips
    /// and cards all accounted for, whatever the bankrolls, bets, house and round.
    #[test]
    fn any_shoe_s_start_let_through_plays_on_soundly(
        seed: u64, round: u32, house in -MAX_CHIPS..=MAX_CHIPS,
        bankrolls in proptest::collection::vec(prop_oneof![0i64..=1_000_000, 0i64..=MAX_CHIPS * 1_000], 1..=3),
        bets in proptest::collection::vec(prop_oneof![3 => Just(0i64), 6 => 500i64..=50_000, 1 => any::<i64>()], 3),
        moves in 0usize..400,
    ) {
        let players = bankrolls.len();
        let seating: Vec<Option<u8>> = (0..7).map(|s| (s < players).then_some(s as u8)).collect();
        // The bets of the players' spots; none on the empty ones (which is refused: above).
        let bets = (0..7).map(|s| if s < players { bets[s] } else { 0 }).collect();
        let start = ShoeStart { seed, bankrolls, bets, house, round };
        let resumed = Game::resume(TableRules::seed_rules(), &seating, &start);
        let sane = start.bankrolls.iter().all(|&c| c <= MAX_CHIPS * 1_000)
            && start.bets.iter().all(|&b| b == 0 || (500..=50_000).contains(&b));
        prop_assert_eq!(resumed.is_ok(), sane, "{:?}", resumed.as_ref().err());
        if let Ok(mut g) = resumed {
            let chips = g.chips_in_play();
            let mut rng = GameRng::new(seed);
            for _ in 0..moves {
                let legal = g.legal_actions();
                // Nobody with chips for a bet and none standing: nothing more to play.
                if legal.is_empty() {
                    break;
                }
                let _ = g.apply(legal[rng.below(legal.len() as u64) as usize]);
                check(&g, chips);
            }
        }
    }

    /// An honest table's log, tampered with (codes dropped, repeated, swapped, replaced): the
    /// save is refused, or it replays to a table whose chips and cards are all accounted for.
    #[test]
    fn tampered_saves_are_refused_or_replay_to_a_sound_table(
        seed: u64, bots in 0u8..=6, decks in 1u8..=8, spots in 1u8..=3,
        edits in proptest::collection::vec((0usize..4, any::<usize>(), any::<usize>()), 1..6),
    ) {
        // Every spot the player may play; the bots fill the seats left.
        let bots = bots.min(7 - spots);
        let choice = Choice { decks, bots, surrender: seed % 2 == 0, h17: seed % 3 == 0, spots };
        let mut g = new_table(choice, seed, 100_000).unwrap();
        let mut rng = GameRng::new(seed);
        for _ in 0..200 {
            let legal = g.legal_actions();
            if legal.is_empty() { break; }
            g.apply(legal[rng.below(legal.len() as u64) as usize]).unwrap();
        }
        let mut codes: Vec<String> = g.log().iter().map(|&a| code(a)).collect();
        tamper(&mut codes, &edits, &["h3", "p3", "x3:500", "b3:50000", "d", "n", "i3:250"]);
        let chips = 100_000 + bots as i64 * TableSpec::default().starting_bankroll;
        match restore(choice, seed, 100_000, &codes.join(" ")) {
            Ok(r) => check(&r, chips),
            Err(e) => prop_assert!(matches!(e, ReplayError::Refused { .. }), "{e}"),
        }
    }
}

#[test]
fn codes_are_ascii_and_short_and_the_log_is_read_whole_before_replay() {
    assert_eq!(parse_code("h3"), Ok(Action::Hit { spot: 3 }));
    assert_eq!(parse_code("hé"), Err(CodeError::NotAscii));
    assert_eq!(parse_code("h+3"), Err(CodeError::NotAscii));
    assert_eq!(parse_code("h256"), Err(CodeError::BadNumber));
    assert_eq!(parse_code("b3"), Err(CodeError::BadNumber));
    assert_eq!(parse_code("h3:5"), Err(CodeError::Trailing));
    assert_eq!(parse_code("d1"), Err(CodeError::Trailing));
    assert_eq!(parse_code(&"9".repeat(30)), Err(CodeError::TooLong));
    assert_eq!(parse_code(""), Err(CodeError::Empty));
    // A bad code at the end refuses the save before anything is replayed.
    let e = restore(Choice::default(), 1, 100_000, "b3:500 d q7").unwrap_err();
    assert!(matches!(e, ReplayError::BadCode { index: 2, error: CodeError::UnknownKind }), "{e}");
    let long = "n ".repeat(MAX_LOG_ACTIONS + 1);
    assert!(matches!(restore(Choice::default(), 1, 100_000, &long), Err(ReplayError::TooLong { .. })));
    assert!(matches!(restore(Choice { decks: 9, ..Choice::default() }, 1, 100_000, ""), Err(ReplayError::Setup(_))));
    // An honest save replays to the same table.
    let mut g = new_table(Choice::default(), 5, 100_000).unwrap();
    g.apply(Action::Deal).unwrap();
    let log: Vec<String> = g.log().iter().map(|&a| code(a)).collect();
    assert_eq!(restore(Choice::default(), 5, 100_000, &log.join(" ")).unwrap(), g);
}

#[test]
fn a_shared_shoes_code_reads_back_and_a_bad_one_is_a_typed_error() {
    use blackjack::engine::casino::save::{parse_shoe_code, shoe_code, ShoeCodeError};
    let choice = Choice { decks: 2, bots: 4, surrender: true, h17: false, spots: 3 };
    for seed in [0, 1, 35, 36, u64::MAX, 0x1234_5678_9abc] {
        let code = shoe_code(choice, seed);
        assert!(code.len() <= 18 && code.bytes().all(|b| b.is_ascii_alphanumeric()), "{code}");
        assert_eq!(parse_shoe_code(&code), Ok((choice, seed)));
    }
    assert_eq!(shoe_code(Choice::default(), 36), "6001210");
    assert_eq!(parse_shoe_code(""), Err(ShoeCodeError::Shape));
    assert_eq!(parse_shoe_code(&"6".repeat(19)), Err(ShoeCodeError::Shape));
    assert_eq!(parse_shoe_code("6001é0"), Err(ShoeCodeError::Shape));
    assert_eq!(parse_shoe_code("6201210"), Err(ShoeCodeError::Shape), "a flag is 0 or 1");
    assert_eq!(parse_shoe_code("6004710"), Err(ShoeCodeError::Table(SaveProblem::Spots(4))));
    assert_eq!(parse_shoe_code("9001210"), Err(ShoeCodeError::Table(SaveProblem::Choice)));
    assert_eq!(parse_shoe_code("6001z"), Err(ShoeCodeError::Shape), "too short");
    // One past u64::MAX in base 36 (3w5e11264sgsf is the largest).
    assert_eq!(parse_shoe_code("600123w5e11264sgsg"), Err(ShoeCodeError::Number));
    assert_eq!(parse_shoe_code("60012zzzzzzzzzzzzz"), Err(ShoeCodeError::Number));
}

#[test]
fn a_save_with_spots_the_page_never_offers_is_refused_by_name() {
    for spots in [0, 4, 255] {
        let e = restore(Choice { spots, ..Choice::default() }, 1, 100_000, "").unwrap_err();
        assert!(matches!(e, ReplayError::Setup(SaveProblem::Spots(n)) if n == spots), "{e}");
    }
    // Three spots and six bots do not fit at seven seats.
    let full = Choice { spots: 3, bots: 6, ..Choice::default() };
    assert!(matches!(restore(full, 1, 100_000, ""), Err(ReplayError::Setup(SaveProblem::Choice))));
    assert!(new_table(Choice { spots: 3, bots: 4, ..Choice::default() }, 1, 100_000).is_ok());
}
