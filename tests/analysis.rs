//! The analysis of a seat's decisions (`bots::analysis`), from that seat's view as it was then:
//! on a scripted deal a deliberately bad move is marked and the best move is not; a whole game is
//! judged decision by decision; and the search worker answers the same judgement as a request.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use blackjack::bots::analysis::{judge, judge_game, MISTAKE};
use blackjack::bots::work::{serve, Job, Reply, Request};
use common::*;

/// Seat 0 to move in Taylor, holding the 5♥ (one card: "Last card" said) on the 5♠: laying it
/// wins at once; picking up instead gives the others a turn each, and seat 1 holds one card too.
fn last_card_position() -> Game {
    let mut g = deal(Preset::Taylor, &["5H", "9H", "KD 3C 4D", "QC 8S 6D 2C"], "5S", "7D 7S 8H 9D 10S JH");
    let call = Action::CallLastCard { seat: 0 };
    if g.is_legal(call) {
        act(&mut g, call);
    }
    assert_eq!(g.current(), 0);
    g
}

#[test]
fn a_bad_move_is_marked_and_the_best_move_is_not() {
    let g = last_card_position();
    let view = g.view(0);
    let out = Action::Play { seat: 0, card: c("5H") };
    let draw = Action::Draw { seat: 0 };
    assert!(view.legal.contains(&out) && view.legal.contains(&draw), "{:?}", view.legal);
    let best = judge(&view, out, 200, 1).expect("a decision with a choice");
    assert_eq!(best.best, out);
    assert!(!best.is_mistake(), "{best:?}");
    assert!(best.played_chance > 0.99, "{best:?}");
    let bad = judge(&view, draw, 200, 1).expect("a decision with a choice");
    assert_eq!(bad.best, out);
    assert!(bad.is_mistake() && bad.lost() > MISTAKE, "{bad:?}");
    // A move that is not this seat's to make is not judged.
    assert_eq!(judge(&view, Action::Draw { seat: 1 }, 50, 1), None);
}

#[test]
fn a_recorded_game_is_judged_at_each_of_the_seats_decisions() {
    let g = Game::new(Preset::Taylor.rules(), 3, 77).unwrap();
    let mut play = g.clone();
    let mut log = Vec::new();
    let mut bots: Vec<blackjack::bots::shedding::SheddingBot> = (0..3)
        .map(|s| blackjack::bots::shedding::SheddingBot::new(s, blackjack::bots::shedding::Level::Normal, 5))
        .collect();
    while !play.is_over() && log.len() < 60 {
        let seat = play.current();
        let a = bots[seat as usize]
            .decide(&play.view(seat))
            .map(|d| d.action)
            .filter(|a| play.is_legal(*a))
            .unwrap_or_else(|| play.legal_actions()[0]);
        play.apply(a).unwrap();
        log.push(a);
    }
    let judged = judge_game(g, &log, 0, 30, 9);
    let chosen = log.iter().filter(|a| a.seat() == 0 && !a.is_call()).count();
    assert!(!judged.is_empty() && judged.len() <= chosen, "{} judged of {chosen}", judged.len());
    for j in &judged {
        assert!((0.0..=1.0).contains(&j.played_chance) && j.best_chance >= j.played_chance, "{j:?}");
    }
}

#[test]
fn the_search_worker_judges_a_decision_from_the_view_it_is_sent() {
    let g = last_card_position();
    let view = g.view(0);
    let draw = Action::Draw { seat: 0 };
    let asked = Request { job: Job::Judge { played: draw }, iterations: 200, seed: 1, view: view.clone() };
    let reply = serve(&asked.encode());
    let direct = judge(&view, draw, 200, 1).unwrap();
    match reply {
        Reply::Judged { at, played, played_pm, best, best_pm } => {
            assert_eq!((at, played, best), (view.state_id, draw, direct.best));
            assert_eq!(
                (played_pm, best_pm),
                ((direct.played_chance * 1000.0).round() as u16, (direct.best_chance * 1000.0).round() as u16)
            );
            assert_eq!(Reply::decode(&reply.encode()), Some(reply.clone()));
        }
        other => panic!("{other:?}"),
    }
    // A move the seat may not make is refused.
    let wrong = Request { job: Job::Judge { played: Action::Draw { seat: 2 } }, iterations: 20, seed: 1, view };
    assert_eq!(serve(&wrong.encode()), Reply::Refused);
}
