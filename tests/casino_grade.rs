//! The casino trainer's grading (issue 38, section 5), as the drills' worker does it
//! (`ui/casino/grade.rs`): the right play by basic strategy plus the shown count's index plays,
//! the exact values as the second line, the worker grading by basic strategy (and saying so)
//! until its index plays are worked out, and its messages, which a page or worker of another
//! build, or anything hostile, cannot make it misread or panic on. The ask's honesty (only what
//! the spot saw) is checked beside the replay's in tests/casino_analysis.rs.
// Native only: proptest is a native dev-dependency, and the worker's wasm side is its glue.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino::{decide, Allowed};
use blackjack::engine::casino::count::SYSTEMS;
use blackjack::engine::casino::indices::{Choice as C, IndexPlay, Situation};
use blackjack::engine::casino::save::{Choice, HUMAN_SPOT};
use blackjack::engine::casino::strategy::{chart_with, column, Counts, Play};
use blackjack::engine::casino::{Action, Phase, TableRules};
use blackjack::ui::casino::grade::{
    chart_ask, grade, prepare, values_line, verdict_words, why_words, yardstick_line, Asked, GradeAsk, GradeReply,
    Graded, Grader, IndexState, Why, CHART_ROWS, CHART_UPS, GRADE_TAG, GRADE_VERSION,
};
use blackjack::ui::casino::state::{Bank, CasinoState, Msg};
use blackjack::ui::casino::words::of_a_bet;
use blackjack::ui::reducer::Apply;
use proptest::prelude::*;

const ALL: Allowed = Allowed { hit: true, double: true, split: true, surrender: true };
const HIT_STAND: Allowed = Allowed { hit: true, double: false, split: false, surrender: false };

fn rules() -> TableRules {
    Choice::default().rules()
}

/// An ask for `cards` against `up` from a full shoe, with `system` shown at these counts.
fn ask(cards: &[u8], up: u8, allowed: Allowed, system: Option<usize>, running_half: i32, true_tenths: i32) -> GradeAsk {
    let rules = rules();
    GradeAsk {
        epoch: 0,
        at: 7,
        asked: Asked::Verdict,
        shoe: Counts::full(rules.decks).0,
        rules,
        system,
        running_half,
        true_tenths,
        cards: cards.to_vec(),
        up,
        allowed,
    }
}

fn play(situation: Situation, up: u8, at_or_above: Play, below: Play, index: i32) -> IndexPlay {
    IndexPlay {
        situation,
        up,
        at_or_above: C::Play(at_or_above),
        below: C::Play(below),
        index,
        crossing: 0.0,
        gain: 0.0,
    }
}

fn graded(a: &GradeAsk, plays: &[IndexPlay]) -> Graded {
    grade(a, &chart_with(&a.rules, false), Some(plays), IndexState::All)
}

#[test]
fn an_index_play_beats_basic_strategy_from_its_count_and_the_words_say_which() {
    let plays = [play(Situation::Total { soft: false, total: 16 }, 10, Play::Stand, Play::Hit, 0)];
    // Basic strategy hits hard 16 v 10 at six decks without surrender.
    let above = graded(&ask(&[10, 6], 10, HIT_STAND, Some(0), 4, 21), &plays);
    assert_eq!(above.right, Play::Stand);
    assert_eq!(why_words(&above), "16 v 10 stands from +0 with Hi-Lo; the count is +2.1");
    assert_eq!(
        verdict_words(&above, Play::Stand, "hard 16").0,
        "Stand with hard 16: right. Stand: 16 v 10 stands from +0 with Hi-Lo; the count is +2.1."
    );
    let below = graded(&ask(&[10, 6], 10, HIT_STAND, Some(0), -1, -1), &plays);
    assert_eq!(below.right, Play::Hit);
    assert_eq!(why_words(&below), "basic strategy; 16 v 10 stands from +0 with Hi-Lo, and the count is -0.1");
    let (words, lost) = verdict_words(&below, Play::Stand, "hard 16");
    assert!(words.starts_with("Stand with hard 16: not the right play. Hit: basic strategy; 16 v 10"), "{words}");
    let gap = ((below.value(Play::Hit).unwrap() - below.value(Play::Stand).unwrap()).max(0.0) * 1000.0).round();
    assert_eq!(lost, Some(gap as i64), "priced against the right play for the cards left");
    // The count hidden: basic strategy alone, whatever the plays.
    let hidden =
        grade(&ask(&[10, 6], 10, HIT_STAND, None, 40, 99), &chart_with(&rules(), false), None, IndexState::All);
    assert_eq!((hidden.right, hidden.why, why_words(&hidden).as_str()), (Play::Hit, Why::Basic, "basic strategy"));
}

#[test]
fn surrender_is_decided_first_and_a_play_not_open_now_leaves_the_hands_own() {
    let plays = [
        play(Situation::Total { soft: false, total: 16 }, 10, Play::Stand, Play::Hit, 0),
        play(Situation::Surrender(16), 10, Play::Surrender, Play::Hit, 4),
        play(Situation::Total { soft: false, total: 11 }, 1, Play::Double, Play::Hit, 1),
    ];
    let surrender = Choice { surrender: true, ..Choice::default() }.rules();
    let g = graded(&GradeAsk { rules: surrender, ..ask(&[10, 6], 10, ALL, Some(0), 0, 42) }, &plays);
    assert_eq!(
        (g.right, why_words(&g).as_str()),
        (Play::Surrender, "16 v 10 surrenders from +4 with Hi-Lo; the count is +4.2")
    );
    // Three cards: no surrender now, so the hand's own index stands it.
    let g = graded(&ask(&[4, 6, 6], 10, HIT_STAND, Some(0), 0, 42), &plays);
    assert_eq!(
        (g.right, why_words(&g).as_str()),
        (Play::Stand, "16 v 10 stands from +0 with Hi-Lo; the count is +4.2")
    );
    // A double no longer open: basic strategy.
    let g = graded(&ask(&[2, 3, 6], 1, HIT_STAND, Some(0), 0, 30), &plays);
    assert_eq!((g.right, g.why), (Play::Hit, Why::Basic));
}

#[test]
fn ko_is_graded_by_the_running_count_shown() {
    let ko = SYSTEMS.iter().position(|s| s.key == "ko").unwrap();
    let plays = [play(Situation::Pair(10), 6, Play::Split, Play::Stand, 6)];
    let g = graded(&ask(&[10, 10], 6, ALL, Some(ko), 12, 0), &plays);
    assert_eq!(
        (g.right, why_words(&g).as_str()),
        (Play::Split, "10,10 v 6 splits from a running count of +6 with KO; the running count is +6")
    );
    let g = graded(&ask(&[10, 10], 6, ALL, Some(ko), 10, 90), &plays);
    assert_eq!(g.right, Play::Stand);
    assert_eq!(
        why_words(&g),
        "basic strategy; 10,10 v 6 splits from a running count of +6 with KO, and the running count is +5"
    );
}

/// The worker at work: asked before its index plays are known it grades by basic strategy and
/// says so (in the answer and the news), it tells the page as they come, and from then on an
/// ask is graded by them: 16 v 10 at +2.1 stands by Hi-Lo's index at six decks.
#[test]
fn the_worker_grades_by_basic_strategy_until_its_index_plays_are_known_then_by_them() {
    let mut worker = Grader::default();
    let rules = rules();
    assert_eq!(worker.handle(&prepare(&rules, 0)), vec![GradeReply::Status { system: 0, state: IndexState::Working }]);
    assert!(worker.busy());
    let early = ask(&[10, 6], 10, HIT_STAND, Some(0), 12, 21);
    let [GradeReply::Graded(g)] = &worker.handle(&early.encode())[..] else { panic!("one answer") };
    assert_eq!((g.right, g.why, g.state), (Play::Hit, Why::Basic, IndexState::Working));
    assert_eq!(why_words(g), "basic strategy (the index plays are still being worked out)");
    assert_eq!(yardstick_line(Some(0), Some(g.state)), "Working out the Hi-Lo index plays; basic strategy until then.");
    let mut news = Vec::new();
    for _ in 0..10_000_000 {
        if !worker.busy() {
            break;
        }
        news.extend(worker.step());
    }
    assert_eq!(
        news,
        vec![
            GradeReply::Status { system: 0, state: IndexState::First },
            GradeReply::Status { system: 0, state: IndexState::All }
        ],
        "the first hands' plays, then all, each said once"
    );
    let [GradeReply::Graded(g)] = &worker.handle(&early.encode())[..] else { panic!("one answer") };
    assert_eq!((g.right, g.state), (Play::Stand, IndexState::All));
    assert!(why_words(g).starts_with("16 v 10 stands from +"), "{}", why_words(g));
    assert!(why_words(g).ends_with(" with Hi-Lo; the count is +2.1"), "{}", why_words(g));
    assert_eq!(yardstick_line(Some(0), Some(g.state)), "Graded by basic strategy and the Hi-Lo index plays.");
    // Kept: asked again, nothing to work out.
    assert_eq!(worker.handle(&prepare(&rules, 0)), vec![GradeReply::Status { system: 0, state: IndexState::All }]);
    assert!(!worker.busy());
}

/// Played by the yardstick (the count hidden: basic strategy) the play is right and counted
/// right, even where the cards left make another play better: the second line says by how much.
#[test]
fn basic_strategy_followed_is_right_where_the_cards_left_prefer_another_play_and_the_second_line_says_so() {
    let mut worker = Grader::default();
    for seed in 1..40u64 {
        let mut t = CasinoState::new(Choice { bots: 2, ..Choice::default() }, seed, Bank::default());
        let mut sent = 0;
        for _ in 0..600 {
            let action = match t.game.phase() {
                Phase::Betting => Action::Deal,
                Phase::Settled => Action::NextRound,
                Phase::Insurance { spot } => Action::Insure { spot, amount: 0 },
                Phase::Playing { spot, .. } if spot != HUMAN_SPOT => decide(&t.game.view(spot)).unwrap(),
                Phase::Playing { spot, .. } => {
                    // The yardstick's play, asked as the hint asks.
                    let ask = t.grade_ask(false).unwrap();
                    let [GradeReply::Graded(g)] = &worker.handle(&ask.encode())[..] else { panic!() };
                    let bet = t.game.view(spot).bet;
                    match g.right {
                        Play::Stand => Action::Stand { spot },
                        Play::Hit => Action::Hit { spot },
                        Play::Double => Action::Double { spot, amount: bet },
                        Play::Split => Action::Split { spot },
                        Play::Surrender => Action::Surrender { spot },
                    }
                }
            };
            let right_before = t.bank.best_plays;
            assert!(t.apply(Msg::Act { action, at: t.at() }));
            let asks: Vec<Vec<f64>> = t.asks_after(sent).map(GradeAsk::encode).collect();
            sent = t.grading.asked;
            let Some(ask) = asks.first() else { continue };
            let [reply] = &worker.handle(ask)[..] else { panic!() };
            assert!(t.apply(Msg::Graded(Some(reply.clone()))));
            assert_eq!(t.bank.best_plays, right_before + 1, "the yardstick's play is counted right");
            let verdict = t.verdict.clone().unwrap();
            assert!(verdict.ends_with(": basic strategy."), "{verdict}");
            let GradeReply::Graded(g) = reply else { panic!() };
            let (best, best_v) = g.values[0];
            let mine_v = g.value(g.right).unwrap();
            if best != g.right && best_v - mine_v > 0.001 {
                let second = t.verdict_values.clone().unwrap();
                assert_eq!(second, values_line(g.right, g));
                let more = of_a_bet(((best_v - mine_v) * 1000.0).round() as i64);
                assert!(second.ends_with(&format!("; {} is worth {more} more.", best.name())), "{second}");
                return;
            }
        }
    }
    panic!("basic strategy was the best play for the cards left every time");
}

#[test]
fn asks_and_answers_are_read_back_and_anything_else_is_refused_never_a_panic() {
    let mut worker = Grader::default();
    let a = ask(&[10, 6], 10, HIT_STAND, None, 3, -12);
    assert_eq!(GradeAsk::decode(&a.encode()), Some(a.clone()));
    let [reply] = &worker.handle(&a.encode())[..] else { panic!() };
    let good = reply.encode();
    assert_eq!(GradeReply::decode(&good).as_ref(), Some(reply));
    for r in [GradeReply::Refused, GradeReply::Status { system: 3, state: IndexState::First }] {
        assert_eq!(GradeReply::decode(&r.encode()), Some(r));
    }
    let index = GradeReply::Graded(graded(
        &ask(&[10, 6], 10, HIT_STAND, Some(0), 0, 5),
        &[play(Situation::Total { soft: false, total: 16 }, 10, Play::Stand, Play::Hit, 0)],
    ));
    assert_eq!(GradeReply::decode(&index.encode()), Some(index));
    // Answers a worker could not have sent: another format or version, a drills reply, a right
    // play without a value, values out of order, out of range or not numbers, cut short.
    let mut bad: Vec<Vec<f64>> = vec![
        vec![],
        vec![GRADE_TAG],
        vec![5.0],
        vec![0.0],
        vec![GRADE_TAG, GRADE_VERSION + 1.0, 2.0],
        vec![GRADE_TAG, GRADE_VERSION, 0.0, 99.0, 0.0],
        vec![GRADE_TAG, GRADE_VERSION, 0.0, 0.0, 3.0],
        good[..good.len() - 1].to_vec(),
        vec![GRADE_TAG; 200],
    ];
    // The header (tag, version, kind, the ask's six numbers, the state, the right play and
    // why's six) is 17 numbers; the values follow, a play and its value each.
    let values_at = 17;
    for (at, x) in [(3, -1.0), (4, 0.5), (11, 5.0), (values_at + 1, f64::NAN), (values_at + 1, 17.0), (values_at, 7.0)]
    {
        let mut v = good.clone();
        v[at] = x;
        bad.push(v);
    }
    let mut swapped = good.clone();
    swapped.swap(values_at + 1, values_at + 3);
    bad.push(swapped);
    for v in bad {
        assert_eq!(GradeReply::decode(&v), None, "{v:?}");
    }
    // Asks a page could not have sent are refused: a card the shoe has not got, a bust hand, one
    // card, rules no table has, another version.
    let refused = |v: &[f64]| assert_eq!(Grader::default().handle(v), vec![GradeReply::Refused], "{v:?}");
    let no_tens = GradeAsk { shoe: [24, 24, 24, 24, 24, 24, 24, 24, 24, 1], ..a.clone() };
    refused(&no_tens.encode());
    refused(&GradeAsk { cards: vec![10, 6, 9], ..a.clone() }.encode());
    refused(&GradeAsk { cards: vec![10], ..a.clone() }.encode());
    let mut odd_decks = a.encode();
    odd_decks[6] = 9.0;
    refused(&odd_decks);
    let mut version = a.encode();
    version[1] = GRADE_VERSION + 1.0;
    refused(&version);
    refused(&[GRADE_TAG, GRADE_VERSION, 0.0, 6.0]);
}

proptest! {
    /// Any numbers at all, as an ask to the worker or an answer to the page: read or refused,
    /// never a panic.
    #[test]
    fn any_numbers_are_read_or_refused(v in prop::collection::vec(prop_oneof![
        (-3i32..30).prop_map(f64::from),
        any::<f64>(),
        Just(GRADE_TAG),
        Just(GRADE_VERSION),
    ], 0..60)) {
        let _ = GradeReply::decode(&v);
        let _ = Grader::default().handle(&v);
        let mut framed = vec![GRADE_TAG, GRADE_VERSION];
        framed.extend(&v);
        let _ = GradeReply::decode(&framed);
        let _ = Grader::default().handle(&framed);
    }
}

/// The table's bots play through the worker (the solver is not in the table's page): its play
/// for a bot's decision is the strategy bots' (`bots::casino::decide`) from that bot's view, and
/// the table moves the bot by it; insurance is declined without asking.
#[test]
fn the_workers_play_for_a_bot_is_the_strategy_bots_and_the_table_moves_by_it() {
    let mut worker = Grader::default();
    let mut asked = 0;
    for seed in 1..4u64 {
        let mut t = CasinoState::new(Choice { bots: 3, ..Choice::default() }, seed, Bank::default());
        for _ in 0..400 {
            let action = match t.game.phase() {
                Phase::Betting => Action::Deal,
                Phase::Settled => Action::NextRound,
                Phase::Insurance { spot } if spot == HUMAN_SPOT => Action::Insure { spot, amount: 0 },
                Phase::Playing { spot, .. } if spot == HUMAN_SPOT => Action::Stand { spot },
                Phase::Insurance { spot } | Phase::Playing { spot, .. } => {
                    let strategy = decide(&t.game.view(spot)).unwrap();
                    if let Some(ask) = t.bot_ask() {
                        assert_eq!(t.bot_move(), None, "no move before the worker's answer");
                        let [reply] = &worker.handle(&ask.encode())[..] else { panic!() };
                        assert!(t.apply(Msg::Graded(Some(reply.clone()))));
                        asked += 1;
                    }
                    assert_eq!(t.bot_move(), Some(strategy), "seed {seed}");
                    strategy
                }
            };
            assert!(t.apply(Msg::Act { action, at: t.at() }));
        }
    }
    assert!(asked > 100, "{asked} bot decisions");
}

/// The strategy chart the panel shows, from the worker: each cell the first play of the
/// chart's column for its up card, as the page worked it out itself before.
#[test]
fn the_workers_chart_is_basic_strategys_for_the_rules() {
    let rules = Choice { decks: 2, h17: true, surrender: true, ..Choice::default() }.rules();
    let [GradeReply::Chart(cells)] = &Grader::default().handle(&chart_ask(&rules))[..] else { panic!() };
    assert_eq!(cells.len(), CHART_ROWS * 10);
    let reply = GradeReply::Chart(cells.clone());
    assert_eq!(GradeReply::decode(&reply.encode()), Some(reply));
    for (i, &up) in CHART_UPS.iter().enumerate() {
        let c = column(&rules, Counts::full(rules.decks), up, false);
        let want: Vec<Play> = (8..=17usize)
            .map(|t| c.hard[t - 5][0])
            .chain((13..=20usize).map(|t| c.soft[t - 13][0]))
            .chain(c.pairs)
            .collect();
        let got: Vec<Play> = (0..CHART_ROWS).map(|row| cells[row * 10 + i]).collect();
        assert_eq!(got, want, "up card {up}");
    }
    assert_eq!(Grader::default().handle(&chart_ask(&rules)[..5]), vec![GradeReply::Refused]);
}
