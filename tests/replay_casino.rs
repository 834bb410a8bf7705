//! Replays of finished casino shoes (issue 36, section 2): a replay reaches the same states as
//! the shoe played at this device's table at every step, and the player's screen the same as the
//! live table's; a bot's spot shows its own view; the link reads back to the same replay; a shoe
//! not over, hostile links and kept shoes are refused with a reason, never a panic.
// proptest is a native dev-dependency: the wasm build of the tests leaves this file out.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino::decide;
use blackjack::engine::casino::save::{new_table_for, Choice};
use blackjack::engine::casino::{Action, Phase};
use blackjack::ui::casino::replay::{CasinoReplay, PREFIX};
use blackjack::ui::casino::screen::CasinoScreen;
use blackjack::ui::casino::state::{Bank, CasinoState, Msg, Person, StoredCasino};
use blackjack::ui::reducer::Apply;
use blackjack::ui::replay::{broken, Recent, ReplayProblem, MAX_REPLAY_BYTES};
use blackjack::ui::storage::{decode, encode};
use proptest::prelude::*;

mod hostile;
use hostile::cases as config;

/// A shoe played to its end at this device's table (every decision the strategy's, the
/// player's too; Deal and Next round at once), and the player's screen after every message with
/// the log's length then.
fn finished_shoe(choice: Choice, seed: u64, people: Vec<Person>) -> (CasinoState, Vec<(usize, CasinoScreen)>) {
    let mut t = CasinoState::with_people(choice, seed, Bank::default(), people);
    let mut seen = vec![(t.game.log().len(), t.screen.clone())];
    for _ in 0..5_000 {
        if CasinoReplay::finished(&t) {
            return (t, seen);
        }
        let action = match t.game.phase() {
            Phase::Betting => Action::Deal,
            Phase::Settled => Action::NextRound,
            Phase::Insurance { spot } | Phase::Playing { spot, .. } => {
                decide(&t.game.view(spot)).unwrap_or(Action::Insure { spot, amount: 0 })
            }
        };
        assert!(t.apply(Msg::Act { action, at: t.at() }));
        assert_eq!(t.notice, None, "{action:?} was refused");
        seen.push((t.game.log().len(), t.screen.clone()));
    }
    panic!("the shoe of seed {seed} did not end");
}

fn one_deck(bots: u8, spots: u8) -> Choice {
    Choice { decks: 1, bots, spots, ..Choice::default() }
}

#[test]
fn a_replay_reaches_the_same_states_and_screens_as_the_shoe_at_every_step() {
    let people = vec![Person { name: "Ann".into(), start_chips: 0 }, Person { name: "Bo".into(), start_chips: 40_000 }];
    for (choice, seed, people) in
        [(one_deck(2, 1), 3, Vec::new()), (one_deck(1, 2), 4, people), (one_deck(0, 3), 5, Vec::new())]
    {
        let (t, seen) = finished_shoe(choice, seed, people);
        let replay = CasinoReplay::of(&t).expect("the page's table");
        let opening = new_table_for(t.choice, t.seed, &[t.start_chips]).map(|g| g.log().len()).unwrap_or(0);
        assert_eq!(replay.len() + opening, t.game.log().len(), "every move after the opening bets");
        for (at, screen) in &seen {
            let frame = replay.frame(0, at - opening).expect("a checked replay");
            assert_eq!(&frame.screen, screen, "seed {seed}: the player's screen after {at} moves");
            assert_eq!(frame.game.log(), &t.game.log()[..*at], "seed {seed}: the game after {at} moves");
        }
        let end = replay.frame(0, replay.len()).unwrap();
        assert_eq!(end.game, t.game);
        assert!(end.screen.phase() == Phase::Settled);
        // Each step's announcement is the log's own lines for it.
        for step in 1..=replay.len() {
            let f = replay.frame(0, step).unwrap();
            assert!(f.screen.log.ends_with(&f.lines), "seed {seed}: step {step}'s lines {:?}", f.lines);
        }
        // A bot's spot: its own view, the same table.
        for (seat, v) in replay.viewers().iter().enumerate().skip(1) {
            let f = replay.frame(seat as u8, replay.len() / 2).unwrap();
            assert_eq!(f.screen.views.len(), 1, "{}", v.label);
            assert_eq!(f.screen.view().spots, replay.frame(0, replay.len() / 2).unwrap().screen.view().spots);
            assert!(!f.screen.log.iter().any(|l| l.starts_with("You ")), "a bot's view names no one You");
        }
    }
}

#[test]
fn a_replay_link_reads_back_to_the_same_replay() {
    let (t, _) = finished_shoe(one_deck(2, 2), 9, Vec::new());
    let replay = CasinoReplay::of(&t).expect("the page's table");
    let link = replay.fragment();
    assert!(link.starts_with("#replay=casino.10022") && link.contains(".100000/"), "{link}");
    let back = CasinoReplay::parse(&link).expect("a casino replay link").expect("a good one");
    assert_eq!(back, replay);
    assert_eq!(CasinoReplay::parse("#replay=uno.pn.00000.1/v"), None, "an UNO replay is not the casino's");
}

#[test]
fn a_shoe_not_over_or_a_broken_link_is_refused_with_a_reason() {
    let (t, _) = finished_shoe(one_deck(1, 1), 12, Vec::new());
    let link = CasinoReplay::of(&t).expect("the page's table").fragment();
    let cut = &link[..link.rfind('_').unwrap()];
    assert_eq!(CasinoReplay::parse(cut).unwrap().err(), Some(ReplayProblem::NotFinished));
    let (head, moves) = link.split_once('/').unwrap();
    let refused = format!("{head}/n_{moves}");
    assert_eq!(CasinoReplay::parse(&refused).unwrap().err(), Some(ReplayProblem::Refused { index: 0 }));
    let unreadable = format!("{head}/zz_{moves}");
    assert_eq!(CasinoReplay::parse(&unreadable).unwrap().err(), Some(ReplayProblem::BadMove { index: 0 }));
    let no_table = link.replacen("casino.1", "casino.9", 1);
    assert_eq!(CasinoReplay::parse(&no_table).unwrap().err(), Some(ReplayProblem::Setup), "nine decks");
    let too_rich = link.replacen(".100000/", &format!(".{}/", i64::MAX), 1);
    assert_eq!(CasinoReplay::parse(&too_rich).unwrap().err(), Some(ReplayProblem::Setup), "chips out of range");
    let four = link.replacen(".100000/", ".1-1-1-1/", 1);
    assert_eq!(CasinoReplay::parse(&four).unwrap().err(), Some(ReplayProblem::Setup), "more people than spots");
    for bad in ["#replay=casino.", "#replay=casino.10021x/", "#replay=casino.100217.x/d", "#replay=casino.100217/d"] {
        assert!(matches!(CasinoReplay::parse(bad), Some(Err(_))), "{bad}");
    }
    let long = format!("{PREFIX}{}", "1".repeat(MAX_REPLAY_BYTES + 1));
    assert_eq!(CasinoReplay::parse(&long).unwrap().err(), Some(ReplayProblem::TooLong));
    assert!(!broken(&ReplayProblem::NotFinished).contains("seed"));
}

#[test]
fn a_table_whose_log_does_not_open_as_the_page_opens_one_has_no_replay() {
    let save =
        StoredCasino { choice: one_deck(0, 1), seed: 974, chips: 100_000, log: String::new(), people: Vec::new() };
    let t = CasinoState::restore(&save, Bank::default()).expect("a save written by hand, without the opening bet");
    assert_eq!(CasinoReplay::of(&t), None);
}

#[test]
fn kept_shoes_are_kept_as_the_shedding_games_are() {
    let mut recent = Recent::default();
    let (t, _) = finished_shoe(one_deck(0, 1), 2, Vec::new());
    let body = CasinoReplay::of(&t).expect("the page's table").fragment()[PREFIX.len()..].to_string();
    assert!(recent.keep(body.clone()));
    assert!(!recent.keep(body), "a shoe shown again is kept once");
    let read = decode::<Recent>(&encode(1, &recent), 1).unwrap();
    assert_eq!(CasinoReplay::parse_body(&read.games[0]).unwrap(), CasinoReplay::of(&t).expect("the page's table"));
    // The casino page's results open the shoe its save holds (`#last`): the save restores to
    // the same replay.
    let saved = decode::<StoredCasino>(&encode(1, &t.stored()), 1).unwrap();
    let back = CasinoState::restore(&saved, Bank::default()).unwrap();
    assert!(CasinoReplay::finished(&back));
    assert_eq!(CasinoReplay::of(&back), CasinoReplay::of(&t));
}

proptest! {
    #![proptest_config(config(64))]

    /// Any text after `#replay=casino.` is a replay or a typed refusal, never a panic.
    #[test]
    fn any_casino_replay_link_is_read_or_refused(body in prop_oneof![
        any::<String>(),
        "[a-z0-9.:/_-]{0,80}",
        "[1-8][01][01][1-3][0-6][0-9a-z]{1,6}\\.[0-9]{1,7}(-[0-9]{1,6}){0,3}/(d|n|[hsrp][0-6]|[bix][0-6]:[0-9]{1,5})(_(d|n|[hsrp][0-6]|[bix][0-6]:[0-9]{1,5})){0,40}",
    ]) {
        if let Some(Ok(r)) = CasinoReplay::parse(&format!("{PREFIX}{body}")) {
            prop_assert!(r.frame(0, r.len()).is_some());
        }
    }

    /// A good link tampered with (a move changed, dropped or added, a byte changed, cut) is
    /// refused or, when it is still a finished shoe, replays to every step without a panic.
    #[test]
    fn a_tampered_casino_replay_link_is_refused_or_replays(
        seed in 0u64..12, cut in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(), byte in 32u8..127,
        edits in proptest::collection::vec((0usize..4, any::<usize>(), any::<usize>()), 0..3),
    ) {
        let (t, _) = finished_shoe(one_deck(1, 1), seed, Vec::new());
        let link = CasinoReplay::of(&t).expect("the page's table").fragment();
        let (head, moves) = link.split_once('/').unwrap();
        let mut codes: Vec<String> = moves.split('_').map(str::to_string).collect();
        hostile::tamper(&mut codes, &edits, &["d", "n", "h3", "s3", "x3:1000", "b3:999999999"]);
        let mut tampered = format!("{head}/{}", codes.join("_")).into_bytes();
        let i = at.index(tampered.len());
        tampered[i] = byte;
        tampered.truncate(tampered.len() - cut.index(tampered.len() / 4 + 1));
        let tampered = String::from_utf8_lossy(&tampered).into_owned();
        if let Some(Ok(r)) = CasinoReplay::parse(&tampered) {
            for step in [0, r.len() / 2, r.len()] {
                prop_assert!(r.frame((step % 2) as u8, step).is_some());
            }
        }
    }
}
