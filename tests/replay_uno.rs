//! Replays of finished UNO Blackjack games (issue 36, section 2): a replay reaches the same
//! states as the original game at every step, the shown seat's screen the same as the live
//! table's; a finished game with friends replays from the host's record; the link reads back to
//! the same replay; hostile replay links and kept games are refused with a reason, never a panic.
// proptest is a native dev-dependency: the wasm build of the tests leaves this file out.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::shedding::Level;
use blackjack::engine::uno::{Action, Game, Phase, UnoRules};
use blackjack::net::host::Seating;
use blackjack::net::worker::{Family, HostRecord, Uno};
use blackjack::ui::reducer::Apply;
use blackjack::ui::replay::{broken, Recent, ReplayProblem, MAX_REPLAY_BYTES, RECENT_VERSION};
use blackjack::ui::storage::{decode, encode};
use blackjack::ui::uno::replay::{UnoReplay, PREFIX};
use blackjack::ui::uno::screen::UnoScreen;
use blackjack::ui::uno::state::{Msg, UnoChoice, UnoState};
use proptest::prelude::*;

mod hostile;
use hostile::cases as config;

/// A finished game at this device's table: `players` seats, the person at seat 0 hitting under
/// 17 and passing from 17, the bots and the reveals as the table plays them by itself.
fn finished(choice: UnoChoice, seed: u64) -> UnoState {
    let mut t = UnoState::new(choice, seed);
    for _ in 0..20_000 {
        if t.game.is_over() {
            return t;
        }
        t.covered = false;
        let me = t.screen.me();
        let action = t.auto_action().map(|(a, _)| a).unwrap_or_else(|| {
            let legal = t.game.legal_actions();
            let mine =
                if t.screen.totals[me as usize] < 17 { Action::Hit { seat: me } } else { Action::Pass { seat: me } };
            [Action::Reveal, mine, Action::Pass { seat: me }]
                .into_iter()
                .find(|a| legal.contains(a))
                .unwrap_or(legal[0])
        });
        assert!(t.apply(Msg::Act { action, at: t.at() }));
    }
    panic!("seed {seed} did not end");
}

fn short(players: u8) -> UnoChoice {
    let mut c = UnoChoice { short: true, ..UnoChoice::default() };
    c.resize(players);
    c
}

#[test]
fn a_replay_reaches_the_same_states_and_screens_as_the_game_at_every_step() {
    let tables = [
        (short(3), 1),
        (UnoChoice { latecomer: true, skip_zero: true, ..short(4) }, 2),
        (UnoChoice { pass_again: true, deal_back_in: true, ..short(2) }, 3),
    ];
    for (choice, seed) in tables {
        let original = finished(choice.clone(), seed);
        let replay = UnoReplay::of(&original.choice, &original.game);
        assert_eq!(replay.len(), original.game.log().len());
        // The live table's screens: every seat's fed that seat's update after every action.
        let c = &original.choice;
        let mut game = Game::replay(&original.game.save(), Some(0)).unwrap();
        let mut live: Vec<UnoScreen> = (0..c.players)
            .map(|s| UnoScreen::new(c.table_names(), c.levels.clone(), c.pass_again, game.update_for(s).unwrap()))
            .collect();
        for step in 0..=replay.len() {
            let seat = (step % c.players as usize) as u8;
            let frame = replay.frame(seat, step).expect("a checked replay");
            assert_eq!(frame.game, game, "seed {seed}: the game at step {step}");
            assert_eq!(frame.screen, live[seat as usize], "seed {seed}: seat {seat}'s screen at step {step}");
            if step == 0 {
                assert_eq!(frame.lines, live[0].log, "the deal is announced as the log says it");
            }
            if step < replay.len() {
                let events = game.apply(original.game.log()[step]).unwrap();
                for (s, screen) in live.iter_mut().enumerate() {
                    screen.receive(game.update_after(s as u8, &events).unwrap());
                }
                // The step's announcement is the log's own lines for it.
                let lines = replay.frame(0, step + 1).unwrap().lines;
                assert!(live[0].log.ends_with(&lines), "seed {seed}: step {}'s lines {lines:?}", step + 1);
            }
        }
        assert_eq!(game, original.game);
        assert_eq!(replay.frame(0, replay.len()).unwrap().screen, original.screen, "the end is the table's end");
        assert!(replay.frame(0, replay.len()).unwrap().screen.is_over());
    }
}

#[test]
fn a_replay_link_reads_back_to_the_same_replay_and_carries_the_table_and_every_move() {
    let mut choice = UnoChoice { latecomer: true, ..short(4) };
    choice.levels[2] = Some(Level::Hard);
    choice.levels[3] = Some(Level::Easy);
    let t = finished(choice, 5);
    let replay = UnoReplay::of(&t.choice, &t.game);
    let link = replay.fragment();
    assert!(link.starts_with("#replay=uno.pnhe.00011.5/v_"), "{link}");
    let back = UnoReplay::parse(&link).expect("an UNO replay link").expect("a good one");
    assert_eq!(back.fragment(), link);
    assert_eq!(back.len(), replay.len());
    assert_eq!(back.frame(1, back.len()).unwrap().game, t.game);
    assert_eq!(UnoReplay::parse("#replay=taylor.2.normal.7/d.0"), None, "a shedding replay is not UNO's");
}

#[test]
fn a_replay_link_to_a_game_not_over_or_broken_is_refused_with_a_reason() {
    let t = finished(short(3), 8);
    let link = UnoReplay::of(&t.choice, &t.game).fragment();
    let cut = &link[..link.rfind('_').unwrap()];
    assert_eq!(UnoReplay::parse(cut).unwrap().err(), Some(ReplayProblem::NotFinished));
    let refused = link.replacen("/v_", "/v_v_", 1);
    assert!(matches!(UnoReplay::parse(&refused), Some(Err(ReplayProblem::Refused { index: 1 }))), "a second reveal");
    let unreadable = link.replacen("/v_", "/zz_", 1);
    assert_eq!(UnoReplay::parse(&unreadable).unwrap().err(), Some(ReplayProblem::BadMove { index: 0 }));
    let too_many = link.replacen("uno.pnn.", "uno.pnnnnnnnnnnn.", 1);
    assert_eq!(UnoReplay::parse(&too_many).unwrap().err(), Some(ReplayProblem::Setup));
    let bad_level = link.replacen("uno.pnn.", "uno.pnx.", 1);
    assert!(matches!(UnoReplay::parse(&bad_level), Some(Err(ReplayProblem::Table(_)))));
    for bad in ["#replay=uno.pn.00000/", "#replay=uno.pn.0000.1/v", "#replay=uno.pn.00000.x/v", "#replay=uno.pn"] {
        assert!(matches!(UnoReplay::parse(bad), Some(Err(_))), "{bad}");
    }
    let long = format!("{PREFIX}{}", "p".repeat(MAX_REPLAY_BYTES + 1));
    assert_eq!(UnoReplay::parse(&long).unwrap().err(), Some(ReplayProblem::TooLong));
    for p in [ReplayProblem::NotFinished, ReplayProblem::Setup, ReplayProblem::BadMove { index: 2 }] {
        let words = broken(&p);
        assert!(!words.contains("seed") && !words.contains("preset") && !words.contains("spec"), "{words}");
    }
}

/// A game with friends played to its end by the host's worker's own moves (its bots at every
/// seat but the host's and one friend's, which play as the bots would): its record, as the host's
/// page keeps it.
fn online_record(players: u8, seed: u64) -> HostRecord<Uno> {
    let mut seating = vec![Seating::Host { name: "Ann".into() }];
    seating.extend((1..players).map(|_| Seating::Bot));
    let mut record = HostRecord::<Uno>::new("room".into(), blackjack::net::uno::PRESET.into(), seating, seed);
    let mut game = Uno::new_game(&record.preset, players, seed).expect("the family's table");
    let mut bots: Vec<u64> = (0..players).map(|s| Uno::bot(s, seed)).collect();
    for _ in 0..20_000 {
        if Uno::is_over(&game) {
            record.log = Uno::log(&game);
            record.started = true;
            return record;
        }
        let action = Uno::host_move(&game).map(|m| m.0).or_else(|| {
            let Phase::Match { turn } = *game.phase() else { return None };
            Uno::bot_move(&mut bots[turn as usize], &game, turn).map(|m| m.0)
        });
        game.apply(action.expect("a move")).expect("a legal move");
    }
    panic!("the game with friends did not end");
}

#[test]
fn a_finished_game_with_friends_replays_from_the_hosts_record() {
    let record = online_record(3, 21);
    // The record as the host's page stores it, read back.
    let record = HostRecord::<Uno>::from_text(&record.to_text()).expect("its own record reads");
    let replay = UnoReplay::of_record(&record).expect("a finished game");
    assert_eq!(replay.names(), ["Ann", "Sam", "Alex"]);
    // The friend's screen of seat 1 as the page fed it (online), and the replay's, at every step.
    let mut game = Game::new(UnoRules::seed_rules(), 3, 21).unwrap();
    let mut live = UnoScreen::new(replay.names(), replay.choice().levels.clone(), false, game.update_for(1).unwrap());
    for step in 0..=record.log.len() {
        let frame = replay.frame(1, step).unwrap();
        assert_eq!(frame.game, game, "step {step}");
        assert_eq!(frame.screen.view, live.view, "step {step}");
        assert_eq!(frame.screen.log, live.log, "step {step}");
        if step < record.log.len() {
            let events = game.apply(record.log[step]).unwrap();
            live.receive(game.update_after(1, &events).unwrap());
        }
    }
    assert!(game.is_over());
    // A record of a game still under way has no replay.
    let mut under_way = record.clone();
    under_way.log.truncate(record.log.len() / 2);
    assert_eq!(UnoReplay::of_record(&under_way).err(), Some(ReplayProblem::NotFinished));
}

#[test]
fn kept_uno_games_are_kept_as_the_shedding_games_are_and_a_tampered_one_is_refused() {
    let mut recent = Recent::default();
    let t = finished(short(2), 4);
    let body = UnoReplay::of(&t.choice, &t.game).fragment()[PREFIX.len()..].to_string();
    assert!(recent.keep(body.clone()));
    assert!(!recent.keep(body.clone()), "a game shown again is kept once");
    let text = encode(1, &recent);
    let read = decode::<Recent>(&text, 1).unwrap();
    let kept: Vec<_> = read.games.iter().map(|g| UnoReplay::parse_body(g)).collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].as_ref().unwrap().len(), t.game.log().len());
    let tampered = body.replacen("/v_", "/h9_", 1);
    assert!(UnoReplay::parse_body(&tampered).is_err());
}

proptest! {
    #![proptest_config(config(64))]

    /// Any text after `#replay=uno.` is a replay or a typed refusal, never a panic.
    #[test]
    fn any_uno_replay_link_is_read_or_refused(body in prop_oneof![
        any::<String>(),
        "[a-z0-9./_]{0,80}",
        "[pneh]{0,11}\\.[01]{4,6}\\.[0-9]{1,4}/(v|[hpj][0-9]{1,2})(_(v|[hpj][0-9]{1,2})){0,40}",
    ]) {
        if let Some(Ok(r)) = UnoReplay::parse(&format!("{PREFIX}{body}")) {
            prop_assert!(r.frame(0, r.len()).is_some());
        }
    }

    /// A good link tampered with (a move changed, dropped or added, a byte changed, cut) is
    /// refused or, when it is still a finished game, replays to every step without a panic.
    #[test]
    fn a_tampered_uno_replay_link_is_refused_or_replays(
        seed in 0u64..20, cut in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(), byte in 32u8..127,
        edits in proptest::collection::vec((0usize..4, any::<usize>(), any::<usize>()), 0..3),
    ) {
        let t = finished(short(2), seed);
        let link = UnoReplay::of(&t.choice, &t.game).fragment();
        let (head, moves) = link.split_once('/').unwrap();
        let mut codes: Vec<String> = moves.split('_').map(str::to_string).collect();
        hostile::tamper(&mut codes, &edits, &["v", "h0", "p1", "j1", "h7"]);
        let mut tampered = format!("{head}/{}", codes.join("_")).into_bytes();
        let i = at.index(tampered.len());
        tampered[i] = byte;
        tampered.truncate(tampered.len() - cut.index(tampered.len() / 4 + 1));
        let tampered = String::from_utf8_lossy(&tampered).into_owned();
        if let Some(Ok(r)) = UnoReplay::parse(&tampered) {
            for step in [0, r.len() / 2, r.len()] {
                prop_assert!(r.frame(step as u8 % 2, step).is_some());
            }
        }
    }
}

/// The end-to-end test's fixed link (tests/e2e/replay-more-analysis.test.mjs): two players, seat
/// 0 hitting six times, one of them where passing was clearly better.
const ANALYSED: &str = "#replay=uno.pn.00001.3/v_h0_h1_h0_v_h1_h0_p1_h0_h0_h0";

#[test]
fn the_analysis_is_kept_with_the_game_and_read_back_the_same() {
    use blackjack::ui::uno::replay::KeptUno;
    let replay = UnoReplay::parse(ANALYSED).unwrap().unwrap();
    let kept = replay.weigh(0).expect("weighed");
    assert_eq!(kept.seat, 0);
    assert_eq!(kept.weighed.len(), 6);
    assert_eq!(kept.weighed.iter().filter(|w| w.is_marked()).count(), 1);
    let text = KeptUno::encode(0, &kept.weighed);
    assert!(!text.contains(' '), "{text}");
    assert_eq!(KeptUno::decode(&text, &replay), Some(kept.clone()), "the same figures after a reload");
    // Sam's seat is weighed as Sam's: its entries are not seat 0's.
    let sam = replay.weigh(1).unwrap();
    assert_eq!(sam.seat, 1);
    if !sam.weighed.is_empty() {
        assert_eq!(KeptUno::decode(&KeptUno::encode(0, &sam.weighed), &replay), None);
    }

    // In the UNO list's record, through storage.
    let body = replay.body();
    let mut recent = Recent::default();
    recent.keep_analysis_text(body.clone(), text.clone());
    let back: Recent = decode(&encode(RECENT_VERSION, &recent), RECENT_VERSION).unwrap();
    assert_eq!(back.games, vec![body.clone()]);
    assert_eq!(back.analysis_text(&body).and_then(|t| KeptUno::decode(t, &replay)), Some(kept.clone()));
    // Another game's analysis is not this one's.
    assert_eq!(back.analysis_text("pn.00001.3/v"), None);
    // A record kept before analyses were still loads, with none.
    let old: Recent =
        decode(&encode(RECENT_VERSION, &Recent { games: vec![body.clone()], analyses: vec![] }), RECENT_VERSION)
            .unwrap();
    assert_eq!(old.analysis_text(&body), None);
    // Bounded when read: no more analyses than kept games.
    let mut many = Recent::default();
    for i in 0..50 {
        many.analyses.push(format!("{i:016x}/u1/0/"));
    }
    let back: Recent = decode(&encode(RECENT_VERSION, &many), RECENT_VERSION).unwrap();
    assert!(back.analyses.len() <= blackjack::ui::replay::KEPT);
}

#[test]
fn hostile_kept_uno_analyses_are_ignored_never_a_panic() {
    use blackjack::ui::uno::replay::KeptUno;
    let replay = UnoReplay::parse(ANALYSED).unwrap().unwrap();
    let kept = replay.weigh(0).unwrap();
    let good = KeptUno::encode(0, &kept.weighed);
    let w = kept.weighed[0];
    let e = |i: usize, c: &str, b: i64, v: i64| format!("{i}:{c}:{}:{b}:{v}:{v}", w.total);
    let cases = [
        String::new(),
        "u2/0/".into(),
        "u1/0".into(),
        "u1/2/".into(),
        "u1/0//x".into(),
        format!("u1/0/{}", e(w.index, "p", 100, 0)),
        format!("u1/0/{}", e(w.index, "x", 100, 0)),
        format!("u1/0/{}", e(w.index, "h", 1001, 0)),
        format!("u1/0/{}", e(w.index, "h", -1, 0)),
        format!("u1/0/{}", e(w.index, "h", 100, 5_000_000)),
        format!("u1/0/{}", e(w.index + 1000, "h", 100, 0)),
        format!("u1/0/{0}_{0}", e(w.index, "h", 100, 0)),
        format!("u1/1/{}", e(w.index, "h", 100, 0)),
        format!("u1/0/{}:7", e(w.index, "h", 100, 0)),
        good.replace(':', "::"),
        "u1/0/".to_string() + &"1:h:1:1:1:1_".repeat(10_000),
    ];
    for text in &cases {
        assert_eq!(KeptUno::decode(text, &replay), None, "{text:.80}");
    }
    assert_eq!(KeptUno::decode("u1/0/", &replay).map(|k| k.weighed.len()), Some(0));
}

proptest! {
    #![proptest_config(config(256))]
    #[test]
    fn any_kept_uno_text_reads_or_is_refused_never_a_panic(text in "u1/[0-9]{0,2}/[0-9hp_/:-]{0,200}") {
        let replay = UnoReplay::parse(ANALYSED).unwrap().unwrap();
        let _ = blackjack::ui::uno::replay::KeptUno::decode(&text, &replay);
    }
}
