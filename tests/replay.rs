//! Replays of finished shedding games (issue 36, section 2): a replay reaches the same states as
//! the original game at every step, each seat's screen the same as the live screen fed the same
//! updates; its link reads back to the same replay; hostile replay links and stored replays are
//! refused with a reason, never a panic.
// proptest is a native dev-dependency: the wasm build of the tests leaves this file out.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::analysis::Weighed;
use blackjack::bots::shedding::Level;
use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Action, Game, Preset};
use blackjack::ui::replay::{mark, Analysis, Recent, Replay, ReplayProblem, KEPT, MAX_REPLAY_BYTES, PREFIX};
use blackjack::ui::shedding::link::TableSetup;
use blackjack::ui::shedding::screen::SeatScreen;
use blackjack::ui::storage::{decode, encode};
use proptest::prelude::*;

mod hostile;
use hostile::cases as config;

/// A finished game of `preset` with short hands (and a short British match, two rounds or so): a
/// card played where one can be, else, or one time in four, a random legal move but table talk
/// (calls, call-outs, pick-ups, passes), from a fixed generator.
fn finished(preset: Preset, players: u8, seed: u64) -> (TableSetup, Game) {
    let mut setup = TableSetup::new(preset, players, Level::Normal, seed);
    setup.house = if preset == Preset::British { "hand=3~target=1" } else { "hand=3" }.into();
    let mut game = Game::new(setup.rules().expect("short hands are good rules"), players, seed).expect("deals");
    let mut rng = GameRng::new(seed ^ 0xabc);
    for _ in 0..20_000 {
        if game.is_over() {
            return (setup, game);
        }
        let all = game.legal_actions();
        let talk = |a: &&Action| matches!(a, Action::Say { .. });
        let legal: Vec<Action> = all.iter().filter(|a| !talk(a)).copied().collect();
        let legal = if legal.is_empty() { all } else { legal };
        let plays: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Play { .. })).collect();
        let pool = if plays.is_empty() || rng.below(4) == 0 { &legal } else { &plays };
        let action = pool[rng.below(pool.len() as u64) as usize];
        game.apply(action).expect("a legal action");
    }
    panic!("{preset:?} seed {seed} did not end");
}

#[test]
fn a_replay_reaches_the_same_states_and_screens_as_the_game_at_every_step() {
    for (preset, players, seed) in
        [(Preset::Taylor, 4, 1), (Preset::Taylor, 2, 77), (Preset::Priestly, 3, 5), (Preset::British, 3, 9)]
    {
        let (setup, original) = finished(preset, players, seed);
        let replay = Replay::of(&setup, &original);
        assert_eq!(replay.len(), original.log().len());
        // The live table's screens: every seat's fed that seat's update after every action.
        let mut game = Game::new(setup.rules().unwrap(), players, seed).unwrap();
        let names = setup.table_names();
        let mut live: Vec<SeatScreen> = (0..players)
            .map(|s| SeatScreen::new(names.clone(), setup.levels.clone(), game.update_for(s).unwrap()))
            .collect();
        for step in 0..=replay.len() {
            let seat = (step % players as usize) as u8;
            let frame = replay.frame(seat, step).expect("a checked replay");
            assert_eq!(frame.game, game, "{preset:?}: the game at step {step}");
            assert_eq!(frame.screen, live[seat as usize], "{preset:?}: seat {seat}'s screen at step {step}");
            if step == 0 {
                assert_eq!(frame.lines(), live[0].log, "the deal is announced as the log says it");
            }
            if step < replay.len() {
                let events = game.apply(original.log()[step]).unwrap();
                for (s, screen) in live.iter_mut().enumerate() {
                    screen.receive(game.update_after(s as u8, &events).unwrap(), None);
                    screen.between_rounds = false;
                }
                // The step's announcement is the log's own lines for it.
                let lines = replay.frame(0, step + 1).unwrap().lines();
                assert!(live[0].log.ends_with(&lines), "{preset:?}: step {}'s lines {lines:?}", step + 1);
            }
        }
        assert_eq!(game, original);
        assert!(replay.frame(0, replay.len()).unwrap().screen.winner().is_some(), "the end shows the result");
    }
}

#[test]
fn a_replay_link_reads_back_to_the_same_replay_and_carries_the_deal_and_every_move() {
    let (mut setup, game) = finished(Preset::Taylor, 4, 3);
    setup.levels[2] = Some(Level::Hard);
    let replay = Replay::of(&setup, &game);
    let link = replay.fragment();
    assert!(link.starts_with("#replay=taylor.4.nhn.3~hand=3/"), "{link}");
    let back = Replay::parse(&link).expect("a replay link").expect("a good one");
    assert_eq!(back, replay);
    assert_eq!(Replay::parse("#table=taylor.4.normal.3"), None, "a table link is no replay link");
}

#[test]
fn a_replay_link_to_a_game_not_over_or_to_the_rules_alone_is_refused() {
    let (setup, game) = finished(Preset::Priestly, 3, 8);
    let link = Replay::of(&setup, &game).fragment();
    let cut = &link[..link.rfind('_').unwrap()];
    assert_eq!(Replay::parse(cut), Some(Err(ReplayProblem::NotFinished)));
    let rules_only = link.replacen(".8~", ".new~", 1);
    assert_eq!(Replay::parse(&rules_only), Some(Err(ReplayProblem::NoDeal)));
    assert_eq!(Replay::parse("#replay=priestly.3.normal.8"), Some(Err(ReplayProblem::Incomplete)));
    let wrong = link.replacen("/", "/d.0_", 1);
    assert!(matches!(Replay::parse(&wrong), Some(Err(ReplayProblem::Refused { .. }))), "an extra move");
    let unreadable = link.replacen("/", "/zz_", 1);
    assert_eq!(Replay::parse(&unreadable), Some(Err(ReplayProblem::BadMove { index: 0 })));
    let long = format!("{PREFIX}{}", "p".repeat(MAX_REPLAY_BYTES + 1));
    assert_eq!(Replay::parse(&long), Some(Err(ReplayProblem::TooLong)));
    // Every refusal is a sentence for the player, in the player's words.
    for p in [ReplayProblem::NotFinished, ReplayProblem::NoDeal, ReplayProblem::Refused { index: 3 }] {
        let words = blackjack::ui::replay::broken(&p);
        assert!(!words.contains("seed") && !words.contains("preset") && !words.contains("spec"), "{words}");
    }
}

#[test]
fn the_last_games_are_kept_once_each_newest_first_and_bounded_when_read() {
    let mut recent = Recent::default();
    let games: Vec<Replay> = (0..KEPT as u64 + 3)
        .map(|seed| {
            let (setup, game) = finished(Preset::Taylor, 2, seed);
            Replay::of(&setup, &game)
        })
        .collect();
    for r in &games {
        assert!(recent.remember(r));
        assert!(!recent.remember(r), "a game shown again is kept once");
    }
    assert_eq!(recent.games.len(), KEPT);
    let kept: Vec<Replay> = recent.replays().map(|r| r.expect("kept whole")).collect();
    assert_eq!(kept[0], games[games.len() - 1], "the newest first");
    let text = encode(1, &recent);
    assert_eq!(decode::<Recent>(&text, 1).unwrap(), recent);
    // A store holding more than it should (written by hand) is cut to the bound when read.
    let stuffed = format!("blackjack v1\ngames={}\n", vec!["x/y"; 500].join(" "));
    assert_eq!(decode::<Recent>(&stuffed, 1).unwrap().games.len(), KEPT);
}

/// An analysis of seat 0's first decisions in `replay`, with figures made up for the test.
fn analysis_of(replay: &Replay) -> Analysis {
    let judged = replay
        .decisions(0)
        .iter()
        .take(3)
        .zip([(310, 220), (500, 500), (900, 100)])
        .map(|(d, (best_pm, played_pm))| Weighed { index: d.index, played_pm, best: d.played, best_pm })
        .collect();
    Analysis { seat: 0, judged }
}

#[test]
fn an_analysis_is_kept_with_its_game_and_an_old_record_without_one_still_loads() {
    let replays: Vec<Replay> = (1..4)
        .map(|seed| {
            let (setup, game) = finished(Preset::Taylor, 2, seed);
            Replay::of(&setup, &game)
        })
        .collect();
    // A record kept before analyses were: it loads as it was, with none.
    let mut old = Recent::default();
    old.remember(&replays[0]);
    let old_text = format!("blackjack v1\ngames={}\n", old.games[0]);
    let mut recent = decode::<Recent>(&old_text, 1).expect("an old record loads");
    assert_eq!(recent.games, old.games);
    assert_eq!(recent.analysis(&replays[0]), None);

    let analysis = analysis_of(&replays[0]);
    assert!(!analysis.judged.is_empty(), "the game has decisions");
    recent.keep_analysis(&replays[0], &analysis);
    // A game opened from a link is kept with its analysis.
    let other = analysis_of(&replays[1]);
    recent.keep_analysis(&replays[1], &other);
    let read = decode::<Recent>(&encode(1, &recent), 1).unwrap();
    assert_eq!(read.analysis(&replays[0]), Some(analysis.clone()));
    assert_eq!(read.analysis(&replays[1]), Some(other));
    assert_eq!(read.analysis(&replays[2]), None, "another game's analysis is not this one's");
    // Analysed again: one analysis a game, the newest.
    let mut again = read.clone();
    let fewer = Analysis { judged: analysis.judged[..1].to_vec(), ..analysis.clone() };
    again.keep_analysis(&replays[0], &fewer);
    assert_eq!(again.analyses.len(), 2);
    assert_eq!(again.analysis(&replays[0]), Some(fewer));
    // An analysis changed by hand (another seat's move as the best, a chance over 100%, a move
    // past the game's end, another format) is not read, and the game still is.
    let i = analysis.judged[0].index;
    assert!(Analysis::decode(&format!("a1/0/{i}-220-310-d.0"), &replays[0]).is_some());
    for bad in [
        format!("a1/0/{i}-220-310-d.1"),
        format!("a1/0/{i}-1001-310-d.0"),
        "a1/0/99999-1-2-d.0".to_string(),
        format!("a9/0/{i}-220-310-d.0"),
        format!("a1/7/{i}-220-310-d.7"),
        format!("a1/0/{i}-220-310-d.0_{i}-220-310-d.0"),
    ] {
        assert_eq!(Analysis::decode(&bad, &replays[0]), None, "{bad}");
    }
    // Bounded when read: at most one analysis a kept game.
    let stuffed = format!("blackjack v1\ngames={}\nanalyses={}\n", old.games[0], vec!["x/a1/0/"; 500].join(" "));
    assert_eq!(decode::<Recent>(&stuffed, 1).unwrap().analyses.len(), KEPT);
}

/// The statistics' accuracy of a kept game is the analysis kept with it: read from the stored
/// record; none for a game never analysed, from a record kept before analyses were, or from an
/// analysis changed by hand.
#[test]
fn a_kept_games_accuracy_is_read_from_the_record() {
    let (setup, game) = finished(Preset::Taylor, 2, 2);
    let replay = Replay::of(&setup, &game);
    let mut recent = Recent::default();
    recent.remember(&replay);
    let old = decode::<Recent>(&encode(1, &recent), 1).expect("a record without analyses loads");
    assert_eq!(old.accuracy(&replay), None);
    // Kept 220 of 310 and 500 of 500 and 100 of 900 (see `analysis_of`): 820 of 1710, 48%.
    let analysis = analysis_of(&replay);
    assert_eq!(analysis.judged.len(), 3, "the game has three decisions of the player's");
    recent.keep_analysis(&replay, &analysis);
    let stored = encode(1, &recent);
    assert_eq!(decode::<Recent>(&stored, 1).unwrap().accuracy(&replay), Some(48));
    // A chance over 100% written into the record: the analysis is not read, and the game still is.
    let i = analysis.judged[0].index;
    let tampered = stored.replace(&format!("/{i}-220-310-"), &format!("/{i}-220-3100-"));
    assert_ne!(tampered, stored);
    let read = decode::<Recent>(&tampered, 1).expect("the record still loads");
    assert_eq!((read.accuracy(&replay), read.replays().count()), (None, 1));
}

/// The summary's three biggest mistakes: the most given up first, ties the earlier move first,
/// moves that gave up no more than the threshold left out.
#[test]
fn the_biggest_mistakes_are_the_most_given_up_first() {
    use blackjack::bots::analysis::biggest_mistakes;
    let best = Action::Draw { seat: 0 };
    let w = |index, played_pm, best_pm| Weighed { index, played_pm, best, best_pm };
    let judged = [w(1, 500, 560), w(3, 100, 400), w(5, 300, 350), w(7, 200, 500), w(9, 0, 90), w(11, 10, 400)];
    let worst = |n| biggest_mistakes(&judged, n).iter().map(|k| k.index).collect::<Vec<_>>();
    assert_eq!(worst(3), vec![11, 3, 7]);
    assert_eq!(worst(9), vec![11, 3, 7, 9, 1], "the 5 in 100 of move 5 is no mistake");
    assert_eq!(worst(0), Vec::<usize>::new());
}

#[test]
fn a_mistake_is_marked_with_the_move_the_chances_and_the_best_move() {
    let card = "7C".parse().unwrap();
    let weighed = Weighed { index: 4, played_pm: 224, best: Action::Draw { seat: 0 }, best_pm: 306 };
    assert!(weighed.is_mistake());
    assert_eq!(mark(&weighed, Action::Play { seat: 0, card }), "Laying the 7♣ here: 31% → 22% (the best: picking up)");
    // Going out without the call costs the pick-up: the analysis may say to call first.
    let call = Weighed { best: Action::CallLastCard { seat: 0 }, best_pm: 910, ..weighed };
    assert_eq!(
        mark(&call, Action::Draw { seat: 0 }),
        "Picking up here: 91% → 22% (the best: saying \"Last card\" first)"
    );
}

proptest! {
    #![proptest_config(config(64))]

    /// Any kept analysis text is an analysis of the game or nothing, never a panic.
    #[test]
    fn any_kept_analysis_is_read_or_left_out(text in prop_oneof![
        any::<String>(),
        "a1/[0-9]{1,3}/[0-9dpxfn._CDHSAJQK-]{0,80}",
    ]) {
        let (setup, game) = finished(Preset::Taylor, 2, 5);
        let replay = Replay::of(&setup, &game);
        if let Some(a) = Analysis::decode(&text, &replay) {
            prop_assert!(a.judged.iter().all(|k| k.index < replay.len() && k.best_pm <= 1000));
        }
    }

    /// Any text after `#replay=` is a replay or a typed refusal, never a panic.
    #[test]
    fn any_replay_link_is_read_or_refused(body in prop_oneof![
        any::<String>(),
        "[a-z0-9.~=/_-]{0,80}",
        "(taylor|priestly|british)\\.[0-9]{1,2}\\.(normal|hnp|e)\\.[0-9]{1,4}(~hand=[0-9])?/[pdnxfltsa0-9._CDHSAJQK]{0,60}",
    ]) {
        let _ = Replay::parse(&format!("{PREFIX}{body}"));
        let stored = format!("blackjack v1\ngames={body}\n");
        if let Ok(recent) = decode::<Recent>(&stored, 1) {
            for r in recent.replays() {
                let _ = r;
            }
        }
    }

    /// A good link tampered with (cut, a byte changed, moves swapped or dropped) is refused or,
    /// when it is still a finished game, replays to every step without a panic.
    #[test]
    fn a_tampered_replay_link_is_refused_or_replays(
        seed in 0u64..40, cut in any::<prop::sample::Index>(), at in any::<prop::sample::Index>(), byte in 32u8..127,
        edits in proptest::collection::vec((0usize..4, any::<usize>(), any::<usize>()), 0..3),
    ) {
        let (setup, game) = finished(Preset::Taylor, 3, seed);
        let link = Replay::of(&setup, &game).fragment();
        let (head, moves) = link.rsplit_once('/').unwrap();
        let mut codes: Vec<String> = moves.split('_').map(str::to_string).collect();
        hostile::tamper(&mut codes, &edits, &["d.0", "x.1", "l.2", "p.0.QS", "t.1"]);
        let mut tampered = format!("{head}/{}", codes.join("_")).into_bytes();
        let i = at.index(tampered.len());
        tampered[i] = byte;
        tampered.truncate(tampered.len() - cut.index(tampered.len() / 4 + 1));
        let tampered = String::from_utf8_lossy(&tampered).into_owned();
        if let Some(Ok(r)) = Replay::parse(&tampered) {
            for step in [0, r.len() / 2, r.len()] {
                prop_assert!(r.frame(step as u8 % 3, step).is_some());
                let _ = r.frame(0, step).map(|f| f.lines());
            }
        }
    }
}

/// The fixed deal of the end-to-end test (the player picks up, Sam goes out): the worker's answer
/// to the replay page's request is the judgement of the player's one decision, from the player's
/// view; after the last decision it says there is none left, and any other request is not one
/// it knows.
#[test]
fn the_search_worker_judges_a_decision_of_a_replay_from_the_seats_view() {
    use blackjack::ui::replay::{judge_request, serve_judge, Judgement};
    let replay =
        Replay::parse("#replay=taylor.2.normal.136~hand=1~clock=0~pen_slow=0/l.1_d.0_p.1.10D").unwrap().unwrap();
    let decisions = replay.decisions(0);
    assert_eq!(decisions.iter().map(|d| d.index).collect::<Vec<_>>(), vec![1]);
    // Asked from the deal or from the decision's own move, the answer is that decision; its state
    // id is its move's place, from which the page asks on.
    for from in [0, 1] {
        let reply = serve_judge(&judge_request(&replay, 0, from));
        let Judgement::Judged { at, played, played_pm, best, best_pm } = reply else { panic!("{reply:?}") };
        assert_eq!((at, played), (decisions[0].view.state_id, Action::Draw { seat: 0 }));
        assert_eq!(at as usize, decisions[0].index);
        assert!(best.seat() == 0 && played_pm <= best_pm && best_pm <= 1000, "{reply:?}");
        // The page takes it as the answer to its question.
        assert_eq!(reply.weighed(&replay, 0, from).map(|w| w.index), Some(decisions[0].index));
    }
    // Sam's decisions are Sam's, each found from the move before it on.
    for d in replay.decisions(1) {
        let reply = serve_judge(&judge_request(&replay, 1, d.index));
        assert!(matches!(reply, Judgement::Judged { at, .. } if at as usize == d.index), "{reply:?}");
    }
    let after_sam = replay.decisions(1).last().map_or(0, |d| d.index + 1);
    // No decision left after the last: done, which ends the page's run.
    for text in [judge_request(&replay, 0, 2), judge_request(&replay, 1, after_sam)] {
        assert_eq!(serve_judge(&text), Judgement::Done, "{text}");
    }
    // A request it cannot read (a broken game, other text): never "no decision".
    for text in ["weigh 0 1 taylor", "weigh 0 x", "weigh", "judge 0 0 x", "x"] {
        assert_eq!(serve_judge(text), Judgement::Outdated, "{text}");
    }
}
