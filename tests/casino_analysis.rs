//! The casino analysis (`bots::casino_analysis`, issue 36 section 3): every decision of the
//! player's in a finished shoe judged with the trainer's own exact values for the cards left as
//! the player saw them; a deliberately bad play marked, the best plays not; the summary; and a
//! replay watched from a bot's spot names the bot whose decision it is.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino::decide;
use blackjack::bots::casino_analysis::{decisions, judge, summary, MARK_MILLI};
use blackjack::engine::casino::hand::Total;
use blackjack::engine::casino::save::{new_table_for, Choice};
use blackjack::engine::casino::strategy::Play;
use blackjack::engine::casino::{Action, Phase};
use blackjack::ui::casino::replay::CasinoReplay;
use blackjack::ui::casino::replay_analysis::whose_decision;
use blackjack::ui::casino::state::{Bank, CasinoState, Msg};
use blackjack::ui::reducer::Apply;
use std::collections::HashMap;

/// A one-deck shoe played to its end at this device's table, the player's spot playing the
/// strategy but hitting every hard 18 or more it may (a play no table's rules make right), and
/// the trainer's values before each of the player's decisions, by the move's place in the log.
fn shoe(seed: u64) -> (CasinoState, HashMap<usize, Vec<(Play, f64)>>) {
    let choice = Choice { decks: 1, bots: 1, spots: 1, ..Choice::default() };
    let mut t = CasinoState::with_people(choice, seed, Bank::default(), Vec::new());
    let mut hints = HashMap::new();
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
                    hints.insert(t.game.log().len(), t.hint().expect("the trainer's values"));
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
        // Printed, never asserted: how long the exact values take a decision (the page works
        // them out one decision a task).
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
