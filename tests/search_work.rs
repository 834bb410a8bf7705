//! The search worker's messages (`bots::work`): what the page sends carries only the searching
//! seat's view (the recorder check of the network layer: every card in a request is one that
//! seat may see, and changing the hidden cards as the view allows leaves the request's bytes as
//! they were), the worker plays what the native hard bot plays, and garbled or hostile requests
//! and replies are refused without a panic.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::shedding::{Level, SheddingBot};
use blackjack::bots::work::{serve, Job, Reply, Request, Taken, MAX_ITERATIONS};
use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Action, Game, Preset, Seat, SeatView};

mod feed_check;
use feed_check::{hidden_card_in, shedding::allowed, FRENCH};

const PRESETS: [Preset; 3] = [Preset::Taylor, Preset::Priestly, Preset::British];

/// A request for `view`, as a hard bot on its turn makes one.
fn request(view: &SeatView, seed: u64, iterations: u32) -> Request {
    Request { job: Job::Move, iterations, seed, view: view.clone() }
}

/// Plays games with the normal policy; at every turn of every seat, `at(game, seat to move)`.
fn positions(mut at: impl FnMut(&Game, Seat)) {
    for preset in PRESETS {
        for players in 2..=5u8 {
            for seed in 0..4u64 {
                let mut g = Game::new(preset.rules(), players, 900 + seed).unwrap();
                let mut bots: Vec<SheddingBot> =
                    (0..players).map(|s| SheddingBot::new(s, Level::Normal, seed)).collect();
                let mut steps = 0;
                while !g.is_over() && steps < 120 {
                    let seat = g.current();
                    at(&g, seat);
                    let view = g.view(seat);
                    let action = bots[seat as usize]
                        .decide(&view)
                        .map(|d| d.action)
                        .filter(|a| a.seat() == seat)
                        .unwrap_or_else(|| g.legal_actions()[0]);
                    if g.apply(action).is_err() {
                        g.apply(g.legal_actions()[0]).unwrap();
                    }
                    steps += 1;
                }
            }
        }
    }
}

#[test]
fn a_request_carries_only_what_its_seat_may_see_and_the_hidden_cards_leave_its_bytes_unchanged() {
    let mut rng = GameRng::new(36);
    let (mut checked, mut hidden_differed) = (0, 0);
    positions(|g, seat| {
        let view = g.view(seat);
        let bytes = request(&view, 7, 100).encode();
        // Read back as the worker reads it: the same view, its rules put back, no hidden card.
        let back = Request::decode(&bytes).expect("a request the page sent reads back");
        assert_eq!(back.view, view);
        assert_eq!(*back.view.rules, *g.rules());
        if let Some(leak) = hidden_card_in(&back.view, FRENCH, &allowed(g, seat, &[])) {
            panic!("a request carried a card hidden from seat {seat}: {leak}");
        }
        // Another deal of the hidden cards that this seat's view allows: the same bytes. (A
        // sample has no history of its own: its state id is set to the view's, and positions
        // after a call-out are left out, as a sample forgets it and would offer it again.)
        if !view.accusations.is_empty() {
            return;
        }
        let other = Game::determinize(&view, &mut rng);
        let mut seen = other.view(seat);
        seen.state_id = view.state_id;
        assert_eq!(request(&seen, 7, 100).encode(), bytes, "seat {seat}");
        if (0..g.players()).any(|s| s != seat && other.hand(s) != g.hand(s)) {
            hidden_differed += 1;
        }
        checked += 1;
    });
    assert!(checked > 1000, "only {checked} positions");
    assert!(hidden_differed * 2 > checked, "the hidden cards changed in only {hidden_differed} of {checked}");
}

#[test]
fn the_card_check_catches_a_card_planted_from_another_hand() {
    let g = Game::new(Preset::Taylor.rules(), 4, 5).unwrap();
    let mut view = g.view(0);
    view.hand[0] = g.hand(1).to_vec()[0];
    let back = Request::decode(&request(&view, 1, 10).encode()).expect("the shape still fits");
    assert!(hidden_card_in(&back.view, FRENCH, &allowed(&g, 0, &[])).is_some());
}

#[test]
fn the_worker_plays_the_move_the_native_hard_bot_plays() {
    let mut compared = 0;
    positions(|g, seat| {
        if compared >= 60 || g.state_id() % 5 != 0 {
            return;
        }
        let view = g.view(seat);
        let [mut native, mut paged] = [0, 1].map(|_| SheddingBot::new(seat, Level::Hard, 42).with_iterations(150));
        let Some(decided) = native.decide(&view) else { return };
        if paged.table_decision(&view).is_some() {
            return;
        }
        let asked = paged.search_request(&view).expect("a hard bot on its turn asks for a search");
        match serve(&asked.encode()) {
            Reply::Move { at, action, iterations } => {
                // No search when there is one move to make.
                assert_eq!((at, action), (view.state_id, decided.action));
                assert!(iterations == 150 || blackjack::bots::shedding::turn_actions(&view).len() == 1);
                assert_eq!(
                    Reply::decode(&Reply::Move { at, action, iterations }.encode()).unwrap().take(&view),
                    Taken::Move(action)
                );
            }
            other => panic!("the worker answered {other:?}"),
        }
        // The reaction time comes after the search, as it does natively.
        assert_eq!(paged.turn_delay(&view), decided.delay_ms);
        compared += 1;
    });
    assert!(compared >= 30, "only {compared} moves compared");
}

#[test]
fn garbled_requests_are_refused_without_a_panic() {
    let g = Game::new(Preset::Priestly.rules(), 4, 11).unwrap();
    let view = g.view(g.current());
    let good = request(&view, 3, 20).encode();
    assert!(matches!(serve(&good), Reply::Move { .. }));
    assert_eq!(serve(&[]), Reply::Refused);
    assert_eq!(serve(&vec![0xff; 20_000]), Reply::Refused);
    // Another build's format, every truncation, trailing bytes.
    let mut other = good.clone();
    other[0] = 2;
    assert_eq!(serve(&other), Reply::Refused);
    for end in 0..good.len() {
        assert_eq!(serve(&good[..end]), Reply::Refused, "cut at {end}");
    }
    let mut longer = good.clone();
    longer.push(0);
    assert_eq!(serve(&longer), Reply::Refused);
    // Every byte changed: read or refused, never a panic (searched only with a small budget).
    let mut read = 0;
    for i in 1..good.len() {
        for x in [0u8, 1, 0x7f, 0x80, 0xff] {
            let mut bad = good.clone();
            bad[i] = x;
            if let Some(r) = Request::decode(&bad) {
                read += 1;
                if r.iterations <= 50 {
                    let _ = serve(&bad);
                }
            }
        }
    }
    assert!(read > 0);
    // Budgets out of bounds, a view that does not add up, a view not on its turn.
    assert_eq!(serve(&request(&view, 3, 0).encode()), Reply::Refused);
    assert_eq!(serve(&request(&view, 3, MAX_ITERATIONS + 1).encode()), Reply::Refused);
    let mut big = view.clone();
    big.hand_sizes[(big.seat as usize + 1) % 4] = 200;
    assert_eq!(serve(&request(&big, 3, 20).encode()), Reply::Refused);
    let mut short = view.clone();
    short.hand_sizes.pop();
    assert_eq!(serve(&request(&short, 3, 20).encode()), Reply::Refused);
    let mut lying = view.clone();
    lying.hand.pop();
    assert_eq!(serve(&request(&lying, 3, 20).encode()), Reply::Refused);
    let waiting = g.view((g.current() + 1) % 4);
    assert_eq!(serve(&request(&waiting, 3, 20).encode()), Reply::Refused);
}

#[test]
fn hostile_replies_are_refused_and_stale_ones_dropped() {
    let g = Game::new(Preset::Taylor.rules(), 4, 3).unwrap();
    let seat = g.current();
    let view = g.view(seat);
    let legal = *blackjack::bots::shedding::turn_actions(&view).first().unwrap();
    let reply = |at: u32, action: Action| Reply::Move { at, action, iterations: 10 };
    assert_eq!(reply(view.state_id, legal).take(&view), Taken::Move(legal));
    // For another state: the game moved on.
    assert_eq!(reply(view.state_id + 1, legal).take(&view), Taken::Stale);
    // Another seat's move, a card not in hand, a call (no turn move): refused.
    let other = (seat + 1) % 4;
    assert_eq!(reply(view.state_id, Action::Draw { seat: other }).take(&view), Taken::Refused);
    let missing = g.hand(other).to_vec()[0];
    if !view.hand.contains(&missing) {
        assert_eq!(reply(view.state_id, Action::Play { seat, card: missing }).take(&view), Taken::Refused);
    }
    assert_eq!(reply(view.state_id, Action::CallLastCard { seat }).take(&view), Taken::Refused);
    assert_eq!(Reply::Refused.take(&view), Taken::Refused);
    // Text that is no reply.
    let long = "move 1 d.0 ".repeat(20);
    for text in [
        "",
        "move",
        "move 1",
        "move x d.0 5",
        "move 1 d.0",
        "move 1 d.0 5 6",
        "move 1 zz 5",
        "move 99999999999 d.0 5",
        "move 1 p.0.XX 5",
        "move 1 d.999 5",
        "ready now",
        "Ready",
        "move 1 d.0 -5",
        "\u{0}",
        "move 1 p.0.Q♠ 5",
        "judged 1 d.0 1001 d.0 900",
        "judged 1 d.0 500 d.0",
        "judged 1 d.0 500 zz 600",
        long.as_str(),
    ] {
        assert_eq!(Reply::decode(text), None, "{text:?}");
    }
    let judged = Reply::Judged { at: 7, played: legal, played_pm: 310, best: legal, best_pm: 1000 };
    for r in [Reply::Ready, Reply::Refused, reply(7, legal), judged] {
        assert_eq!(Reply::decode(&r.encode()), Some(r));
    }
}
