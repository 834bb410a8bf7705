//! The casino analysis (`bots::casino_analysis`, issue 36 section 3): every decision of the
//! player's in a finished shoe judged with the trainer's own exact values for the cards left as
//! the player saw them; a deliberately bad play marked, the best plays not; the summary; and a
//! replay watched from a bot's spot names the bot whose decision it is; the analysis kept with
//! the shoe (the replay page's record) reads back the same, and a hostile one is passed by. What
//! the page asks the search worker (a [`CasinoAsk`]) carries only what the deciding spot saw
//! (the recorder check: the hidden cards dealt another way leave its bytes as they were), the
//! worker answers with the page's own judgement, and hostile asks and replies are refused.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino::{decide, Allowed};
use blackjack::bots::casino_analysis::{
    decisions, judge, milli, serve, summary, CasinoAsk, CasinoDecision, CasinoReply, MARK_MILLI,
};
use blackjack::engine::cards::{standard_decks, Card, Rank, Suit};
use blackjack::engine::casino::count::SYSTEMS;
use blackjack::engine::casino::hand::Total;
use blackjack::engine::casino::save::{new_table_for, Choice};
use blackjack::engine::casino::strategy::Play;
use blackjack::engine::casino::{Action, DoubleOn, Game, Phase, Spot, SpotView, TableRules, TableSpec};
use blackjack::engine::rng::GameRng;
use blackjack::ui::casino::grade::{Asked, GradeAsk, GradeReply, Grader};
use blackjack::ui::casino::replay::CasinoReplay;
use blackjack::ui::casino::replay_analysis::{judged_line, whose_decision, KeptCasino};
use blackjack::ui::casino::state::{Bank, CasinoState, Msg};
use blackjack::ui::reducer::Apply;
use blackjack::ui::replay::{Recent, RECENT_VERSION};
use blackjack::ui::storage::{decode, encode};
use proptest::prelude::*;
use std::collections::HashMap;

/// A one-deck shoe played to its end at this device's table, the player's spot playing the
/// strategy but hitting every hard 18 or more it may (a play no table's rules make right), and
/// the trainer's values before each of the player's decisions, by the move's place in the log.
fn shoe(seed: u64) -> (CasinoState, HashMap<usize, Vec<(Play, f64)>>) {
    let choice = Choice { decks: 1, bots: 1, spots: 1, ..Choice::default() };
    let mut t = CasinoState::with_people(choice, seed, Bank::default(), Vec::new());
    let (mut hints, mut worker) = (HashMap::new(), Grader::default());
    for _ in 0..5_000 {
        if CasinoReplay::finished(&t) {
            return (t, hints);
        }
        let action = match t.game.phase() {
            Phase::Betting => Action::Deal,
            Phase::Settled => Action::NextRound,
            Phase::Insurance { spot } => Action::Insure { spot, amount: 0 },
            Phase::Playing { spot, .. } => {
                let view = t.game.view(spot);
                let hard = view.current_hand().map(|h| Total::of(&h.cards)).filter(|t| !t.is_soft());
                let strategy = decide(&view).unwrap_or(Action::Stand { spot });
                if t.is_mine(spot) {
                    // The values the trainer's worker answers for this decision.
                    let ask = t.grade_ask(false).expect("the player's decision").encode();
                    let Some(GradeReply::Graded(g)) = worker.handle(&ask).pop() else { panic!("no answer") };
                    hints.insert(t.game.log().len(), g.values);
                }
                match hard {
                    Some(total) if t.is_mine(spot) && total.best() >= 18 && view.may(Action::Hit { spot }) => {
                        Action::Hit { spot }
                    }
                    _ => strategy,
                }
            }
        };
        assert!(t.apply(Msg::Act { action, at: t.at() }), "{action:?}");
    }
    panic!("the shoe of seed {seed} did not end");
}

#[test]
fn every_decision_is_judged_with_the_trainer_s_values_and_a_bad_play_is_marked() {
    let (mut bad, mut best, mut judged_all) = (0, 0, 0);
    for seed in [3, 8] {
        let (t, hints) = shoe(seed);
        let replay = CasinoReplay::of(&t).expect("the page's table");
        let opening = new_table_for(t.choice, t.seed, &[t.start_chips]).unwrap();
        let skip = opening.log().len();
        let log = &t.game.log()[skip..];
        let found = decisions(opening, log, t.choice.my_spots());
        assert_eq!(found.len(), hints.len(), "seed {seed}: every decision of the player's, and only those");
        assert_eq!(replay.len(), log.len());
        let start = std::time::Instant::now();
        let judged: Vec<_> = found.iter().map(|d| judge(d).expect("a hand's decision")).collect();
        // Printed, never asserted: how long the exact values take a decision (the replay page has
        // the search worker work them out, one decision at a time).
        println!(
            "seed {seed}: {} decisions judged in {:?} ({:?} each)",
            judged.len(),
            start.elapsed(),
            start.elapsed() / judged.len().max(1) as u32
        );
        for (d, j) in found.iter().zip(&judged) {
            let vals = &hints[&(d.index + skip)];
            assert_eq!((j.best, j.best_ev), vals[0], "seed {seed}: the trainer's best at move {}", d.index);
            let played = d.played.play().unwrap();
            let &(_, ev) = vals.iter().find(|(p, _)| *p == played).unwrap();
            assert_eq!((j.played, j.played_ev), (played, ev));
            let hand = d.view.current_hand().unwrap();
            let total = Total::of(&hand.cards);
            if played == Play::Hit && !total.is_soft() && total.best() >= 18 {
                assert!(
                    j.is_marked() && j.lost_milli() > MARK_MILLI,
                    "seed {seed}: a hit on hard {}: {j:?}",
                    total.best()
                );
                bad += 1;
            }
            if j.played == j.best {
                assert!(!j.is_marked() && j.lost_milli() == 0, "{j:?}");
                best += 1;
            }
        }
        let s = summary(&judged);
        assert_eq!(s.decisions, judged.len());
        assert_eq!(s.marked, judged.iter().filter(|j| j.is_marked()).count());
        assert_eq!(s.lost_milli, judged.iter().map(|j| j.lost_milli()).sum::<i64>());
        assert_eq!(s.best, judged.iter().filter(|j| j.lost_milli() == 0).count());
        judged_all += judged.len();
    }
    assert!(bad > 0 && best > 0, "the shoes have bad and best plays: {bad} bad, {best} best of {judged_all}");
}

#[test]
fn a_replay_watched_from_a_bot_s_spot_names_the_bot_whose_decision_it_is() {
    let (t, _) = shoe(3);
    let replay = CasinoReplay::of(&t).unwrap();
    let viewers = replay.viewers();
    assert!(viewers.len() > 1, "a bot's spot to watch from");
    let (mut bot_turns, mut mine) = (0, 0);
    for step in 0..=replay.len() {
        for seat in [0u8, 1] {
            let frame = replay.frame(seat, step).unwrap();
            let screen = &frame.screen;
            let line = whose_decision(screen, seat != 0);
            match screen.phase() {
                Phase::Playing { spot, .. } if screen.is_mine(spot) && seat != 0 => {
                    let name = &viewers[1].label;
                    assert_eq!(line, Some(format!("{name} is deciding")), "step {step}");
                    bot_turns += 1;
                }
                Phase::Insurance { spot } if screen.is_mine(spot) && seat != 0 => {
                    let name = &viewers[1].label;
                    assert_eq!(line, Some(format!("The dealer shows an ace: insurance? {name} is deciding")));
                }
                Phase::Insurance { spot } | Phase::Playing { spot, .. } if screen.is_mine(spot) => {
                    // The player's own spot: the felt's own line ("Your decision").
                    assert_eq!(line, None);
                    mine += 1;
                }
                _ => assert_eq!(line, None, "step {step}: nobody watched decides"),
            }
        }
    }
    assert!(bot_turns > 0 && mine > 0, "{bot_turns} of the bot's decisions, {mine} of the player's");
}

/// The shoe of the end-to-end test's fixed link (tests/e2e/replay-more-analysis.test.mjs).
const E2E_SEED: u64 = 3;
const E2E_LINK: &str = "#replay=casino.100113.100000/d_x2:500_s3_n_d_s2_p3_s3_x3:500_n_d_i2:0_i3:0_h2_h3_n_d_s2_h3_s3";

#[test]
fn the_analysis_is_kept_with_the_shoe_and_read_back_the_same() {
    let (t, _) = shoe(E2E_SEED);
    let replay = CasinoReplay::of(&t).unwrap();
    // The end-to-end test's fixed link is this shoe's.
    assert_eq!(replay.fragment(), E2E_LINK);
    let judged: Vec<_> = replay.decisions(0).iter().map(|d| judge(d).unwrap()).collect();
    assert!(judged.iter().any(|j| j.is_marked()), "the shoe has a marked play");
    let text = KeptCasino::encode(0, &judged);
    assert!(!text.contains(' '), "one word in the kept record: {text}");
    let kept = KeptCasino::decode(&text, &replay).expect("read back");
    assert_eq!(kept, KeptCasino::of(0, &judged, &replay).unwrap());
    assert_eq!(kept.seat, 0);
    assert_eq!(kept.judged.len(), judged.len());
    for (k, j) in kept.judged.iter().zip(&judged) {
        assert_eq!((k.index, k.spot, k.played, k.best), (j.index, j.spot, j.played, j.best));
        assert!((k.played_ev - j.played_ev).abs() <= 0.0005 && (k.best_ev - j.best_ev).abs() <= 0.0005);
        // The marks survive the rounding but where a loss sits within a thousandth of the mark.
        if (j.lost_milli() - MARK_MILLI).abs() > 1 {
            assert_eq!(k.is_marked(), j.is_marked(), "{j:?}");
        }
    }
    // Read back again, the same figures: a reload shows what the run showed.
    assert_eq!(KeptCasino::decode(&KeptCasino::encode(0, &kept.judged), &replay), Some(kept.clone()));

    // Kept in the casino list's record beside the shoe, through storage, and read back.
    let body = replay.body();
    let mut recent = Recent::default();
    recent.keep_analysis_text(body.clone(), text.clone());
    assert_eq!(recent.games, vec![body.clone()], "the shoe is kept with its analysis");
    let stored = encode(RECENT_VERSION, &recent);
    let back: Recent = decode(&stored, RECENT_VERSION).unwrap();
    let read = back.analysis_text(&body).and_then(|t| KeptCasino::decode(t, &replay));
    assert_eq!(read, Some(kept));
    // A new analysis takes the old one's place.
    let mut again = back.clone();
    again.keep_analysis_text(body.clone(), KeptCasino::encode(0, &[]));
    assert_eq!(again.analyses.len(), 1);
    assert_eq!(again.analysis_text(&body).and_then(|t| KeptCasino::decode(t, &replay)).unwrap().judged, vec![]);

    // A record kept before analyses were still loads, with none.
    let old: Recent =
        decode(&encode(RECENT_VERSION, &Recent { games: vec![body.clone()], analyses: vec![] }), RECENT_VERSION)
            .unwrap();
    assert_eq!(old.games, vec![body.clone()]);
    assert_eq!(old.analysis_text(&body), None);
}

#[test]
fn a_bot_s_decisions_are_kept_as_the_bot_s() {
    let (t, _) = shoe(E2E_SEED);
    let replay = CasinoReplay::of(&t).unwrap();
    let bots: Vec<_> = replay.decisions(1);
    assert!(!bots.is_empty());
    let judged: Vec<_> = bots.iter().map(|d| judge(d).unwrap()).collect();
    let kept = KeptCasino::of(1, &judged, &replay).unwrap();
    assert_eq!(kept.seat, 1);
    assert!(kept.judged.iter().all(|j| !t.choice.my_spots().contains(&j.spot)), "the bot's spot, not the player's");
    // The bot's entries are not the player's decisions.
    let as_mine = KeptCasino::encode(0, &judged);
    assert_eq!(KeptCasino::decode(&as_mine, &replay), None);
    // No viewer past the last.
    assert!(replay.decisions(9).is_empty());
}

#[test]
fn a_decision_in_words_says_the_play_its_value_and_the_best_play_s() {
    let (t, _) = shoe(E2E_SEED);
    let replay = CasinoReplay::of(&t).unwrap();
    let found = replay.decisions(0);
    let mut saw_marked = false;
    for d in &found {
        let j = judge(d).unwrap();
        let line = judged_line(d, &j);
        let head = format!("{} ", j.played.name());
        assert!(line.starts_with(&head), "{line}");
        assert!(line.contains(" v "), "{line}");
        if j.lost_milli() == 0 {
            assert!(line.ends_with(" bets, the best play"), "{line}");
        } else {
            let best = format!("; {} was ", j.best.name().to_ascii_lowercase());
            assert!(line.contains(" bets") && line.contains(&best), "{line}");
        }
        saw_marked |= j.is_marked();
        if j.played == Play::Hit && j.best == Play::Stand && j.is_marked() {
            // "Hit 18 v 10: −0.84 bets; stand was −0.12": negative values with a true minus.
            assert!(line.contains('−') || !line.contains('-'), "{line}");
        }
    }
    assert!(saw_marked);
}

#[test]
fn hostile_kept_analyses_are_ignored_never_a_panic() {
    let (t, _) = shoe(E2E_SEED);
    let replay = CasinoReplay::of(&t).unwrap();
    let judged: Vec<_> = replay.decisions(0).iter().map(|d| judge(d).unwrap()).collect();
    let good = KeptCasino::encode(0, &judged);
    let first = &judged[0];
    let entry = |i: usize, p: &str, v: i64, b: &str, bv: i64| format!("{i}:{p}:{v}:{b}:{bv}");
    let played = first.played.letter();
    let other = if first.played == Play::Hit { "S" } else { "H" };
    let cases = [
        String::new(),
        "c2/0/".to_string(),
        "c1".to_string(),
        "c1/0".to_string(),
        "c1/9/".to_string(),
        "c1/-1/".to_string(),
        "c1/0//extra".to_string(),
        format!("c1/0/{}", entry(first.index, other, 0, "S", 0)),
        format!("c1/0/{}", entry(first.index + 100_000, played, 0, "S", 0)),
        format!("c1/0/{}", entry(first.index, played, 99_999_999, "S", 99_999_999)),
        format!("c1/0/{}", entry(first.index, played, 500, "S", 100)),
        format!("c1/0/{}", entry(first.index, "Z", 0, "S", 0)),
        format!("c1/0/{}:{}", entry(first.index, played, 0, "S", 0), 7),
        format!("c1/0/{0}_{0}", entry(first.index, played, 0, "S", 0)),
        good.replace('_', "_x"),
        good[..good.len() / 2].to_string() + ":",
        "c1/0/".to_string() + &"0:H:0:H:0_".repeat(10_000),
    ];
    for text in &cases {
        assert_eq!(KeptCasino::decode(text, &replay), None, "{text:.80}");
    }
    // An empty analysis (no decision) is one.
    assert_eq!(KeptCasino::decode("c1/0/", &replay).map(|k| k.judged.len()), Some(0));
    // In the record: a hostile analysis is passed by, the shoe still read.
    let body = replay.body();
    let mut recent = Recent::default();
    recent.keep_analysis_text(body.clone(), "c1/0/zz".into());
    let back: Recent = decode(&encode(RECENT_VERSION, &recent), RECENT_VERSION).unwrap();
    assert_eq!(back.games, vec![body.clone()]);
    assert_eq!(back.analysis_text(&body).and_then(|t| KeptCasino::decode(t, &replay)), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn any_kept_text_reads_or_is_refused_never_a_panic(text in "c1/[0-9]{0,2}/[0-9A-Z_/:-]{0,200}") {
        let (t, _) = shoe(E2E_SEED);
        let replay = CasinoReplay::of(&t).unwrap();
        let _ = KeptCasino::decode(&text, &replay);
    }
}

/// One round at a table of three spots (two played, one empty) dealt from `cards`, each spot
/// playing the strategy and declining insurance; at each decision, `at(game before it, spot, the
/// action's place in the log, the action)`.
fn one_round(rules: &TableRules, cards: Vec<Card>, mut at: impl FnMut(&Game, Spot, usize, Action)) -> Game {
    let mut g = Game::with_shoe(rules.clone(), &[Some(0), Some(1), None], vec![100_000, 100_000], cards, 40).unwrap();
    for spot in [0, 1] {
        g.apply(Action::Bet { spot, amount: 500 }).unwrap();
    }
    g.apply(Action::Deal).unwrap();
    for _ in 0..40 {
        let action = match g.phase() {
            Phase::Insurance { spot } => Action::Insure { spot, amount: 0 },
            Phase::Playing { spot, .. } => {
                let action = decide(&g.view(spot)).unwrap();
                at(&g, spot, g.log().len(), action);
                action
            }
            _ => break,
        };
        g.apply(action).unwrap();
    }
    g
}

/// Table rules for one deck, with the variations the solver weighs.
fn one_deck_rules() -> Vec<TableRules> {
    let base = TableSpec { decks: 1, seats: 3, ..TableSpec::default() };
    [
        base.clone(),
        TableSpec { surrender: true, dealer_hits_soft_17: true, ..base.clone() },
        TableSpec { double_on: DoubleOn::AnyTwo, double_after_split: false, ..base },
    ]
    .into_iter()
    .map(|s| TableRules::new(s).unwrap())
    .collect()
}

#[test]
fn an_ask_carries_only_what_its_spot_saw_and_the_hidden_cards_leave_its_bytes_unchanged() {
    let (mut checked, mut hole_differed) = (0, 0);
    for rules in one_deck_rules() {
        for seed in 0..60u64 {
            let mut cards = standard_decks(1);
            GameRng::new(seed).shuffle(&mut cards);
            one_round(&rules, cards.clone(), |g, spot, index, played| {
                let view = g.view(spot);
                let ask =
                    CasinoAsk::of(&CasinoDecision { index, view: view.clone(), played }).expect("a hand's decision");
                // Every card it names is face up on the table.
                let face_up = g.face_up_cards();
                for c in ask.cards.iter().chain([&ask.up]) {
                    assert!(face_up.contains(c), "seed {seed}: the ask named {c:?}, not face up");
                }
                let bytes = ask.encode();
                assert_eq!(CasinoAsk::decode(&bytes), Some(ask), "read back as the worker reads it");
                // The table's grading ask (the drills' worker's, ui/casino/grade.rs) likewise,
                // with a count shown (KO: the red sevens seen too).
                let graded = |v: &SpotView| {
                    GradeAsk::of(v, 3, index as u32, Asked::Verdict, Some(seed as usize % SYSTEMS.len()))
                };
                let grade_bytes = graded(&view).expect("a hand's decision").encode();
                assert_eq!(GradeAsk::decode(&grade_bytes), graded(&view), "read back as the worker reads it");
                // The hidden cards (the hole card and the shoe's rest) dealt another way: where
                // the spot sees the same table, the same bytes.
                let hole = g.dealer_cards()[1];
                let dealt = cards.len() - g.shoe_left();
                let hidden: Vec<usize> =
                    std::iter::once(cards.iter().position(|&c| c == hole).unwrap()).chain(dealt..cards.len()).collect();
                for turn in 1..4 {
                    let mut other = cards.clone();
                    for (i, &p) in hidden.iter().enumerate() {
                        other[p] = cards[hidden[(i + turn) % hidden.len()]];
                    }
                    let mut b =
                        Game::with_shoe(rules.clone(), &[Some(0), Some(1), None], vec![100_000, 100_000], other, 40)
                            .unwrap();
                    if g.log()[..index].iter().any(|&a| b.apply(a).is_err()) || b.view(spot) != view {
                        // Not the table the spot saw (the dealer's blackjack, say): not the same view.
                        continue;
                    }
                    let seen = CasinoAsk::of(&CasinoDecision { index, view: b.view(spot), played }).unwrap();
                    assert_eq!(seen.encode(), bytes, "seed {seed}, move {index}");
                    assert_eq!(graded(&b.view(spot)).unwrap().encode(), grade_bytes, "seed {seed}, move {index}");
                    checked += 1;
                    if b.dealer_cards()[1] != hole {
                        hole_differed += 1;
                    }
                }
            });
        }
    }
    assert!(checked > 300 && hole_differed > 300, "{checked} checked, {hole_differed} with another hole card");
}

#[test]
fn the_worker_answers_an_ask_with_the_judgement_the_page_would_make() {
    let (t, _) = shoe(E2E_SEED);
    let replay = CasinoReplay::of(&t).unwrap();
    let found = replay.decisions(0);
    assert!(!found.is_empty());
    for d in &found {
        let j = judge(d).unwrap();
        let reply = serve(&CasinoAsk::of(d).unwrap().encode());
        let want = CasinoReply::Judged {
            at: d.index as u32,
            played: j.played,
            played_milli: milli(j.played_ev),
            best: j.best,
            best_milli: milli(j.best_ev),
        };
        assert_eq!(reply, want);
        // As the page reads it.
        assert_eq!(CasinoReply::decode(&reply.encode()), Some(want));
    }
    // What the page makes of the replies is what it kept before: the same record.
    let judged: Vec<_> = found.iter().map(|d| judge(d).unwrap()).collect();
    assert!(KeptCasino::of(0, &judged, &replay).is_some());
}

#[test]
fn hostile_asks_and_replies_are_refused_never_a_panic() {
    let (t, _) = shoe(E2E_SEED);
    let replay = CasinoReplay::of(&t).unwrap();
    let d = replay.decisions(0).into_iter().next().unwrap();
    let ask = CasinoAsk::of(&d).unwrap();
    let good = ask.encode();
    assert_ne!(serve(&good), CasinoReply::Refused);
    let card = |rank| Card { rank, suit: Suit::Spades };
    let with = |f: &dyn Fn(&mut CasinoAsk)| {
        let mut a = ask.clone();
        f(&mut a);
        a.encode()
    };
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("nothing", vec![]),
        ("a shedding table's first byte", [&[1u8][..], &good[1..]].concat()),
        ("cut short", good[..good.len() - 1].to_vec()),
        ("a byte more", [&good[..], &[0]].concat()),
        ("too long", [&good[..], &[0; 600]].concat()),
        ("one card", with(&|a| a.cards.truncate(1))),
        ("bust", with(&|a| a.cards = vec![card(Rank::King), card(Rank::Queen), card(Rank::Five)])),
        ("a card the shoe has not", with(&|a| a.shoe = [0; 10])),
        ("more cards than the decks", with(&|a| a.shoe[9] = 999)),
        (
            "a play not open",
            with(&|a| {
                a.allowed = Allowed::default();
                a.played = Play::Hit;
            }),
        ),
        ("rules no table has", {
            let mut b = good.clone();
            // The rules' first field, the decks.
            b[1 + postcard::to_allocvec(&ask.at).unwrap().len()] = 40;
            b
        }),
    ];
    for (why, bytes) in &cases {
        assert_eq!(CasinoAsk::decode(bytes), None, "{why}");
        assert_eq!(serve(bytes), CasinoReply::Refused, "{why}");
    }
    for text in [
        "",
        "casino",
        "casino 1 H 0 S",
        "casino 1 H 0 S 0 extra",
        "casino x H 0 S 0",
        "casino 1 Z 0 S 0",
        "casino 1 H 99999 S 99999",
        "casino 1 H 500 S 100",
        "ready",
        "judged 1 a b c d",
        &"casino 1 H 0 S 0 ".repeat(20),
    ] {
        assert_eq!(CasinoReply::decode(text), None, "{text:.40}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn any_bytes_are_served_or_refused_never_a_panic(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        let _ = serve(&[&[b'c'][..], &bytes].concat());
        let _ = serve(&bytes);
    }

    #[test]
    fn any_reply_text_reads_or_is_refused_never_a_panic(text in "(casino|refused)( [-0-9A-Z]{0,7}){0,7}") {
        let _ = CasinoReply::decode(&text);
    }
}
