//! A friend's screens fed a hostile host (issue 35, 1.4): a welcome and the updates of a real
//! game of each family (shedding, UNO Blackjack, casino), tampered with field by field and byte
//! by byte, go through the friend's one door (`net::Reader`, which checks every update's shape
//! against the welcome) into the screens a friend's page draws (`SeatScreen`, `UnoScreen`,
//! `CasinoScreen`). Nothing panics; everything the reader lets through has the shape the screens
//! and their views index by; the untampered stream is taken whole (so a refusal is the
//! tampering's); and each kind of refusal has a test of its own.
//! `PROPTEST_CASES=2000 cargo test --release --test friend_screens_hostile` for a long run.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::shedding::Level;
use blackjack::engine::cards::Card;
use blackjack::engine::casino;
use blackjack::engine::feed::{Shape, Unfit};
use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding;
use blackjack::engine::uno;
use blackjack::net::{encode, Reader, Seat, Seats, Table, ToPeer, MAX_SEATS};
use blackjack::ui::casino::screen::CasinoScreen;
use blackjack::ui::shedding::screen::SeatScreen;
use blackjack::ui::uno::screen::UnoScreen;
use proptest::prelude::*;

mod hostile;
use hostile::cases;

/// One field edit: (what, a number for it, which message).
type Edit = (u8, u64, usize);

/// A host's messages to one seat of a table, before encoding: the lobby, the welcome, then the
/// updates of a game played with random legal moves.
struct Stream<T: Table> {
    seats: Seats,
    seat: u8,
    shared: T::Shared,
    updates: Vec<T::Update>,
}

impl<T: Table> Stream<T> {
    /// The bytes of the stream: seats, welcome, updates, and a second welcome (a rejoin) halfway.
    fn bytes(&self) -> Vec<Vec<u8>> {
        type M<T> = ToPeer<<T as Table>::Update, <T as Table>::Refusal, <T as Table>::Shared>;
        let mut out = vec![encode(&M::<T>::Seats(self.seats.clone()))];
        for (i, u) in self.updates.iter().enumerate() {
            out.push(match i {
                0 => encode(&M::<T>::Welcome { seat: self.seat, shared: self.shared.clone(), update: u.clone() }),
                _ => encode(&M::<T>::Update(u.clone())),
            });
            if i == self.updates.len() / 2 {
                out.push(encode(&M::<T>::Welcome { seat: self.seat, shared: self.shared.clone(), update: u.clone() }));
            }
        }
        out
    }
}

fn lobby(n: usize) -> Seats {
    Seats { game: "A game".into(), seats: vec![Seat::Open; n], dealt: true, clock_ms: 0 }
}

/// Flips bytes of the encoded messages (`(message, byte, xor)`), past the version.
fn flip(bytes: &mut [Vec<u8>], flips: &[(usize, usize, u8)]) {
    for &(m, b, x) in flips {
        let Some(msg) = bytes.get_mut(m % bytes.len().max(1)) else { continue };
        if msg.len() > 2 {
            let i = 2 + b % (msg.len() - 2);
            msg[i] ^= x;
        }
    }
}

/// A value from an edit's number: small seats often, the extremes sometimes.
fn seat(a: u64) -> u8 {
    match a % 4 {
        0 => (a >> 2) as u8 % 12,
        1 => u8::MAX,
        _ => (a >> 2) as u8,
    }
}

fn big(a: u64) -> u32 {
    if a % 2 == 0 {
        u32::MAX
    } else {
        (a >> 1) as u32
    }
}

/// Reads `bytes` as a friend's page does, into a screen built by `start` and fed by `step`;
/// `check` sees each accepted update with the welcome's shape. Returns how many were refused.
fn feed<T: Table, S>(
    bytes: &[Vec<u8>],
    start: impl Fn(T::Update) -> S,
    step: impl Fn(&mut S, T::Update),
    check: impl Fn(&S, Shape),
) -> u64 {
    let mut reader = Reader::<T>::default();
    let mut screen: Option<(S, Shape)> = None;
    for b in bytes {
        match reader.read(b) {
            Some(ToPeer::Welcome { seat, update, .. }) => {
                let shape = T::shape(&update).expect("a welcome read is one of its table");
                assert_eq!(shape.seat, seat, "the welcome's seat is its update's");
                if let Some((_, before)) = &screen {
                    assert_eq!(*before, shape, "a second welcome is to the same table");
                }
                screen = Some((start(update), shape));
            }
            Some(ToPeer::Update(u)) => {
                let shape = T::shape(&u).expect("an update read is one of its table");
                if let Some((s, welcome)) = &mut screen {
                    assert_eq!(*welcome, shape, "an update read is the welcome's table's");
                    step(s, u);
                }
            }
            Some(ToPeer::Seats(s)) => {
                assert!(s.seats.len() <= MAX_SEATS);
                if let Some((_, w)) = &screen {
                    assert_eq!(s.seats.len(), w.seats, "the lobby of the welcome's table");
                }
            }
            _ => {}
        }
        if let Some((s, shape)) = &screen {
            check(s, *shape);
        }
    }
    reader.refused()
}

// ---- shedding ----

fn shedding_stream(preset: usize, n: u8, me: u8, seed: u64, moves: usize) -> Stream<shedding::Game> {
    let p = shedding::Preset::ALL[preset % shedding::Preset::ALL.len()];
    let mut g = shedding::Game::new(p.rules(), n, seed).expect("a table");
    let mut rng = GameRng::new(seed);
    let mut updates = vec![g.update_for(me).unwrap()];
    for _ in 0..moves {
        let legal = g.legal_actions();
        if legal.is_empty() || g.is_over() {
            break;
        }
        let a = legal[rng.below(legal.len() as u64) as usize];
        let events = g.apply(a).expect("legal");
        updates.push(g.update_after(me, &events).unwrap());
    }
    Stream { seats: lobby(n as usize), seat: me, shared: g.shared_rules(), updates }
}

fn edit_shedding(u: &mut shedding::SeatUpdate, (what, a, _): Edit) {
    use shedding::{Event, Phase};
    let v = &mut u.view;
    match what % 22 {
        0 => v.hand_sizes.push(a as usize),
        1 => {
            v.hand_sizes.pop();
        }
        2 => {
            v.in_round.pop();
        }
        3 => {
            v.scores.pop();
        }
        4 => v.calls.truncate(a as usize % 4),
        5 => v.current = seat(a),
        6 => v.dealer = seat(a),
        7 => v.seat = seat(a),
        8 => v.pile.clear(),
        9 => v.phase = Phase::Over { winner: seat(a) },
        10 => v.finished.push(seat(a)),
        11 => u.events.push(Event::Played { seat: seat(a), card: v.pile.first().copied().unwrap_or(card()) }),
        12 => u.events.push(Event::RoundOver {
            round: big(a),
            places: vec![seat(a)],
            scores: vec![u32::MAX; a as usize % 14],
        }),
        13 => u.events.push(Event::Dealt {
            round: big(a),
            dealer: seat(a),
            seats: vec![seat(a >> 8)],
            hand_size: 7,
            starter: card(),
        }),
        14 => v.round = big(a),
        15 => v.scores.iter_mut().for_each(|s| *s = big(a)),
        16 => v.target = Some(big(a >> 1)),
        17 => v.hand_sizes.iter_mut().for_each(|h| *h = usize::MAX >> (a % 3)),
        18 => v.stock_len = usize::MAX,
        19 => v.hand.clear(),
        20 => u.events.push(Event::GameOver { winner: seat(a) }),
        _ => v.state_id = big(a),
    }
}

fn card() -> Card {
    "QS".parse().unwrap()
}

/// What the shedding views index by, on a screen of a table of `shape`.
fn check_shedding(s: &SeatScreen, shape: Shape) {
    let n = shape.seats;
    let v = &s.view;
    assert_eq!((s.me(), s.players() as usize), (shape.seat, n));
    assert!(v.in_round.len() == n && v.scores.len() == n && v.calls.len() >= n);
    assert!((v.current as usize) < n && s.winner().is_none_or(|w| (w as usize) < n));
    for r in &s.rounds {
        assert!(r.scores.len() == n && r.cards_left.len() == n && r.places.iter().all(|&p| (p as usize) < n));
    }
    let _ = v.top();
    for seat in 0..n as u8 {
        let _ = (s.place(seat), s.name(seat));
    }
}

fn shedding_screen(u: shedding::SeatUpdate) -> SeatScreen {
    let n = u.view.hand_sizes.len();
    SeatScreen::new(vec!["You".into(); n], vec![Some(Level::Normal); n], u)
}

// ---- UNO Blackjack ----

fn uno_stream(n: u8, me: u8, seed: u64, moves: usize) -> Stream<uno::Game> {
    let mut g = uno::Game::new(uno::UnoRules::seed_rules(), n, seed).expect("a table");
    let mut rng = GameRng::new(seed);
    let mut updates = vec![g.update_for(me).unwrap()];
    for _ in 0..moves {
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.below(legal.len() as u64) as usize];
        let events = g.apply(a).expect("legal");
        updates.push(g.update_after(me, &events).unwrap());
    }
    Stream { seats: lobby(n as usize), seat: me, shared: (), updates }
}

fn edit_uno(u: &mut uno::SeatUpdate, (what, a, _): Edit) {
    use uno::{Event, Phase, Status};
    let v = &mut u.view;
    match what % 20 {
        0 => v.statuses.push(Status::Playing),
        1 => {
            v.statuses.pop();
        }
        2 => {
            v.queue_sizes.pop();
        }
        3 => v.stacks.push(Vec::new()),
        4 => {
            v.busted.pop();
        }
        5 => v.passed.push(true),
        6 => v.seat = seat(a),
        7 => v.starter = seat(a),
        8 => v.phase = Phase::Match { turn: seat(a) },
        9 => v.phase = Phase::Over { winners: vec![seat(a), seat(a >> 8)] },
        10 => u.events.push(Event::Flipped {
            seat: seat(a),
            card: "R9".parse().unwrap(),
            from_deck: a % 2 == 0,
            total: a as u8,
        }),
        11 => u.events.push(Event::Winners { seats: vec![seat(a)], total: 21 }),
        12 => u.events.push(Event::Rewarded { seat: seat(a), cards: u8::MAX }),
        13 => u.events.push(Event::Out { seat: seat(a) }),
        14 => v.round = big(a),
        15 => v.queue_sizes.iter_mut().for_each(|q| *q = u16::MAX),
        16 => v
            .stacks
            .iter_mut()
            .for_each(|s| s.extend(std::iter::repeat_n("B7".parse::<uno::UnoCard>().unwrap(), a as usize % 40))),
        17 => v.busted.iter_mut().for_each(|b| *b = true),
        18 => u.events.push(Event::RoundStarts { round: big(a), starter: seat(a >> 8) }),
        _ => v.deck = u16::MAX,
    }
}

/// What the UNO views index by (`ui/uno/table.rs`): every per-seat list of the screen and the
/// view a seat long, read for every seat as the table does.
fn check_uno(s: &UnoScreen, shape: Shape) {
    let n = shape.seats;
    let v = &s.view;
    assert_eq!((s.me(), s.players()), (shape.seat, n));
    for len in [s.shown.len(), s.totals.len(), s.acts.len(), s.out_round.len(), v.queue_sizes.len(), v.stacks.len()] {
        assert_eq!(len, n);
    }
    assert!(v.busted.len() == n && v.passed.len() == n && (v.starter as usize) < n);
    assert!(s.turn().is_none_or(|t| (t as usize) < n));
    let _ = (s.i_am_done(), s.people_in(), s.i_am_in(), s.shared(), s.my_turn());
    let _ = (s.is_legal(uno::Action::Hit { seat: s.me() }), s.is_legal(uno::Action::Pass { seat: s.me() }));
    for seat in 0..n as u8 {
        let i = seat as usize;
        let _ = (s.status(seat), s.name(seat), s.level(seat), v.total(seat), &s.shown[i], s.totals[i], &s.acts[i]);
        let _ = (s.out_round[i], v.queue_sizes[i], (i + n - s.me() as usize) % n);
    }
    // The table finds a card's flight by seat and index (a round that starts after a flip in
    // the same update leaves a flight with no card to find, which is harmless).
    assert!(s.fresh.iter().all(|f| (f.seat as usize) < n));
}

// ---- casino ----

fn casino_stream(n: u8, me: u8, seed: u64, moves: usize) -> Stream<blackjack::net::casino::ShoeTable> {
    let spec = casino::TableSpec { seats: n, ..casino::TableSpec::default() };
    let rules = casino::TableRules::new(spec).expect("rules");
    let seating: Vec<Option<u8>> = (0..n).map(Some).collect();
    let mut g = casino::Game::new(rules, &seating, vec![100_000; n as usize], seed).expect("a table");
    let mut rng = GameRng::new(seed);
    let mut updates = vec![g.update_for(me).unwrap()];
    for _ in 0..moves {
        let legal: Vec<casino::Action> = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.below(legal.len() as u64) as usize];
        let Ok(events) = g.apply(a) else { continue };
        updates.push(g.update_after(me, &events).unwrap());
    }
    Stream { seats: lobby(n as usize), seat: me, shared: (), updates }
}

fn edit_casino(u: &mut casino::SeatUpdate, (what, a, _): Edit) {
    use casino::{Event, Phase};
    let v = &mut u.view;
    let spot = seat(a);
    match what % 20 {
        0 => {
            let s = v.spots.first().cloned();
            v.spots.extend(s);
        }
        1 => {
            v.spots.pop();
        }
        2 => v.spot = spot,
        3 => v.phase = Phase::Playing { spot, hand: (a >> 8) as u8 % 4 },
        4 => v.phase = Phase::Insurance { spot },
        5 => v.spots.iter_mut().for_each(|s| s.hands.iter_mut().for_each(|h| h.cards.clear())),
        6 => v.spots.iter_mut().for_each(|s| s.hands.clear()),
        7 => v.chips = if a % 2 == 0 { i64::MIN } else { i64::MAX },
        8 => v.spots.iter_mut().for_each(|s| s.bet = i64::MAX),
        9 => v.spots.iter_mut().for_each(|s| s.insurance = i64::MIN + 1),
        10 => v
            .spots
            .iter_mut()
            .for_each(|s| s.hands.iter_mut().for_each(|h| (h.returned, h.stake) = (i64::MAX, i64::MIN + 1))),
        11 => u.events.push(Event::Settled { spot, hand: 9, outcome: casino::Outcome::Win, net: i64::MIN }),
        12 => u.events.push(Event::Dealt { spot, hand: 200, card: card() }),
        13 => v.shoe_left = usize::MAX >> (a % 40),
        14 => v.discards = usize::MAX >> (a % 40),
        15 => v.dealer.clear(),
        16 => v.seen = [u16::MAX; 10],
        17 => v.spots.iter_mut().for_each(|s| s.owner = None),
        18 => v.legal.clear(),
        _ => v.hands.clear(),
    }
}

/// What the casino felt and controls index by (`ui/casino/{felt,controls}.rs`), and every
/// question the page asks the screen.
fn check_casino(s: &CasinoScreen, shape: Shape) {
    let n = shape.seats;
    assert_eq!((s.view().spot, s.spots().len()), (shape.seat, n));
    let me = s.view().spot;
    let _ = s.spots()[me as usize].bet;
    assert!(s.view().to_act().is_none_or(|t| (t as usize) < n));
    let _ = (s.placed(), s.worth(), s.broke(), s.round_net(), s.played().count(), s.my_turn(), s.spot(me));
    let _ = (s.spot_net(me), s.insurance_net(me), s.chips(), s.view().current_hand(), s.view().dealer_up());
    for spot in 0..n as u8 {
        let _ = s.who(spot);
    }
    let amounts = [0, 1, 500, i64::MAX, i64::MIN];
    for a in amounts.map(|amount| casino::Action::Bet { spot: me, amount }).into_iter().chain([
        casino::Action::Deal,
        casino::Action::NextRound,
        casino::Action::Hit { spot: me },
        casino::Action::Stand { spot: me },
        casino::Action::Split { spot: me },
        casino::Action::Surrender { spot: me },
        casino::Action::Double { spot: me, amount: 500 },
        casino::Action::Insure { spot: me, amount: 0 },
        casino::Action::Hit { spot: 255 },
    ]) {
        let _ = s.refusal(a);
    }
    let v = s.view();
    let shoe = v.shoe_size.max(1);
    let _ = (100 * v.shoe_left / shoe, 100 * v.shoe_left.saturating_sub(v.before_cut) / shoe, 100 * v.discards / shoe);
}

// ---- the properties ----

fn edited<U: Clone>(updates: &[U], edits: &[Edit], edit: impl Fn(&mut U, Edit)) -> Vec<U> {
    let mut out = updates.to_vec();
    for &e in edits {
        let i = e.2 % out.len();
        edit(&mut out[i], e);
    }
    out
}

proptest! {
    #![proptest_config(cases(256))]

    #[test]
    fn a_shedding_screen_takes_any_host(
        preset in 0usize..5, n in 2u8..=6, me in 0u8..6, seed: u64,
        edits in prop::collection::vec(any::<Edit>(), 0..6),
        flips in prop::collection::vec(any::<(usize, usize, u8)>(), 0..3),
    ) {
        let mut stream = shedding_stream(preset, n, me % n, seed, 40);
        stream.updates = edited(&stream.updates, &edits, edit_shedding);
        let mut bytes = stream.bytes();
        flip(&mut bytes, &flips);
        feed::<shedding::Game, _>(&bytes, shedding_screen, |s, u| s.receive(u, None), check_shedding);
    }

    #[test]
    fn an_uno_screen_takes_any_host(
        n in 2u8..=10, me in 0u8..10, seed: u64,
        edits in prop::collection::vec(any::<Edit>(), 0..6),
        flips in prop::collection::vec(any::<(usize, usize, u8)>(), 0..3),
    ) {
        let mut stream = uno_stream(n, me % n, seed, 60);
        stream.updates = edited(&stream.updates, &edits, edit_uno);
        let mut bytes = stream.bytes();
        flip(&mut bytes, &flips);
        let start = |u: uno::SeatUpdate| {
            let k = u.view.statuses.len();
            UnoScreen { online: true, ..UnoScreen::new(vec!["Sam".into(); k], vec![None; k], false, u) }
        };
        feed::<uno::Game, _>(&bytes, start, |s, u| s.receive(u), check_uno);
    }

    #[test]
    fn a_casino_screen_takes_any_host(
        n in 1u8..=7, me in 0u8..7, seed: u64,
        edits in prop::collection::vec(any::<Edit>(), 0..6),
        flips in prop::collection::vec(any::<(usize, usize, u8)>(), 0..3),
    ) {
        let mut stream = casino_stream(n, me % n, seed, 60);
        stream.updates = edited(&stream.updates, &edits, edit_casino);
        let mut bytes = stream.bytes();
        flip(&mut bytes, &flips);
        let start = |u: casino::SeatUpdate| CasinoScreen::single(u, vec!["Sam".into(); 3]);
        feed::<blackjack::net::casino::ShoeTable, _>(&bytes, start, |s, u| s.receive(vec![u]), check_casino);
    }

    /// The same streams untampered are taken whole: every refusal above is the tampering's.
    #[test]
    fn an_honest_hosts_stream_is_taken_whole(n in 2u8..=6, me in 0u8..6, seed: u64) {
        let s = shedding_stream(seed as usize, n, me % n, seed, 40);
        prop_assert_eq!(feed::<shedding::Game, _>(&s.bytes(), shedding_screen, |s, u| s.receive(u, None), check_shedding), 0);
        let u = uno_stream(n, me % n, seed, 60);
        let start = |u: uno::SeatUpdate| UnoScreen::new(vec![], vec![], false, u);
        prop_assert_eq!(feed::<uno::Game, _>(&u.bytes(), start, |s, u| s.receive(u), check_uno), 0);
        let c = casino_stream(n, me % n, seed, 60);
        let start = |u: casino::SeatUpdate| CasinoScreen::single(u, vec![]);
        prop_assert_eq!(feed::<blackjack::net::casino::ShoeTable, _>(&c.bytes(), start, |s, u| s.receive(vec![u]), check_casino), 0);
    }
}

// ---- each refusal ----

/// Reads the stream's welcome, then `last` (edited by `edit`): whether it was taken, and why not.
fn after_welcome<T: Table>(s: &Stream<T>, edit: impl FnOnce(&mut T::Update)) -> (bool, Option<Unfit>) {
    let mut reader = Reader::<T>::default();
    let bytes = s.bytes();
    assert!(reader.read(&bytes[0]).is_some() && reader.read(&bytes[1]).is_some(), "the lobby and the welcome");
    let mut u = s.updates.last().expect("an update").clone();
    edit(&mut u);
    let m = encode(&ToPeer::<T::Update, T::Refusal, T::Shared>::Update(u));
    let taken = reader.read(&m).is_some();
    (taken, reader.take_unfit())
}

#[test]
fn an_uno_update_for_more_seats_than_the_welcome_named_is_refused() {
    let s = uno_stream(3, 1, 5, 20);
    assert_eq!(after_welcome(&s, |_| {}), (true, None), "the update as the host sent it");
    // Every per-seat list one longer: a table of four, after a welcome to a table of three.
    let (taken, why) = after_welcome(&s, |u| {
        let v = &mut u.view;
        v.statuses.push(uno::Status::Playing);
        v.queue_sizes.push(3);
        v.stacks.push(Vec::new());
        v.busted.push(false);
        v.passed.push(false);
    });
    assert!(!taken);
    assert_eq!(
        why,
        Some(Unfit::NotTheWelcomes { welcome: Shape { seat: 1, seats: 3 }, found: Shape { seat: 1, seats: 4 } })
    );
    // One list short: the view does not fit its own table (`ui/uno/screen.rs` read `busted[me]`).
    let (taken, why) = after_welcome(&s, |u| {
        u.view.busted.pop();
    });
    assert!(!taken);
    assert_eq!(why, Some(Unfit::Length { list: "busts", len: 2, seats: 3 }));
    let (_, why) = after_welcome(&s, |u| u.view.phase = uno::Phase::Match { turn: 3 });
    assert_eq!(why, Some(Unfit::NoSuchSeat { field: "the turn", seat: 3, seats: 3 }));
    let (_, why) = after_welcome(&s, |u| {
        u.events.push(uno::Event::Flipped { seat: 200, card: "R1".parse().unwrap(), from_deck: true, total: 1 })
    });
    assert_eq!(why, Some(Unfit::NoSuchSeat { field: "an event", seat: 200, seats: 3 }));
}

#[test]
fn an_update_for_another_seat_is_refused() {
    let s = uno_stream(3, 1, 5, 20);
    let (taken, why) = after_welcome(&s, |u| u.view.seat = 2);
    assert!(!taken);
    assert_eq!(
        why,
        Some(Unfit::NotTheWelcomes { welcome: Shape { seat: 1, seats: 3 }, found: Shape { seat: 2, seats: 3 } })
    );
    // A welcome whose seat is not its update's.
    let mut reader = Reader::<uno::Game>::default();
    let w = ToPeer::<_, uno::Refusal, ()>::Welcome { seat: 0, shared: (), update: s.updates[0].clone() };
    assert!(reader.read(&encode(&w)).is_none());
    assert!(matches!(reader.take_unfit(), Some(Unfit::NotTheWelcomes { .. })));
}

#[test]
fn a_casino_view_whose_spot_or_hand_is_past_its_lists_is_refused() {
    let s = casino_stream(3, 2, 9, 30);
    assert_eq!(after_welcome(&s, |_| {}), (true, None));
    // `ui/casino/screen.rs` read `spots()[spot]`: a spot past the table.
    let (taken, why) = after_welcome(&s, |u| u.view.spot = 5);
    assert!(!taken);
    assert_eq!(why, Some(Unfit::NoSuchSeat { field: "the update's seat", seat: 5, seats: 3 }));
    let (_, why) = after_welcome(&s, |u| {
        u.view.spots.pop();
    });
    assert!(matches!(why, Some(Unfit::NoSuchSeat { seat: 2, seats: 2, .. })), "{why:?}");
    let (_, why) = after_welcome(&s, |u| {
        u.view.spots[2].hands.clear();
        u.view.phase = casino::Phase::Playing { spot: 2, hand: 0 };
    });
    assert_eq!(why, Some(Unfit::Impossible("hand in play")));
    let (_, why) = after_welcome(&s, |u| u.view.phase = casino::Phase::Insurance { spot: 9 });
    assert_eq!(why, Some(Unfit::NoSuchSeat { field: "the turn", seat: 9, seats: 3 }));
    let (_, why) = after_welcome(&s, |u| u.view.shoe_left = usize::MAX);
    assert_eq!(why, Some(Unfit::Impossible("shoe")));
    let (_, why) = after_welcome(&s, |u| u.events.push(casino::Event::Bust { spot: 7, hand: 0 }));
    assert_eq!(why, Some(Unfit::NoSuchSeat { field: "an event", seat: 7, seats: 3 }));
}

#[test]
fn a_shedding_view_without_its_top_card_or_with_a_seat_past_the_table_is_refused() {
    let s = shedding_stream(0, 3, 0, 11, 20);
    assert_eq!(after_welcome(&s, |_| {}), (true, None));
    let (taken, why) = after_welcome(&s, |u| u.view.pile.clear());
    assert!(!taken);
    assert_eq!(why, Some(Unfit::Impossible("pile without its top card")));
    let (_, why) = after_welcome(&s, |u| u.view.current = 3);
    assert_eq!(why, Some(Unfit::NoSuchSeat { field: "the seat to move", seat: 3, seats: 3 }));
    let (_, why) = after_welcome(&s, |u| {
        u.view.in_round.pop();
    });
    assert_eq!(why, Some(Unfit::Length { list: "seats in the round", len: 2, seats: 3 }));
    let (_, why) = after_welcome(&s, |u| u.view.calls.truncate(2));
    assert_eq!(why, Some(Unfit::Length { list: "calls", len: 2, seats: 3 }));
    let (_, why) = after_welcome(&s, |u| {
        u.events.push(shedding::Event::RoundOver { round: 0, places: vec![0, 1, 2], scores: vec![1, 2] })
    });
    assert_eq!(why, Some(Unfit::Length { list: "a round's scores", len: 2, seats: 3 }));
    let (_, why) = after_welcome(&s, |u| u.events.push(shedding::Event::GameOver { winner: 255 }));
    assert_eq!(why, Some(Unfit::NoSuchSeat { field: "an event", seat: 255, seats: 3 }));
    // More seats than the rules allow (Taylor: 2 to 12), however consistent the lists.
    let mut big = s.updates[0].clone();
    let v = &mut big.view;
    v.hand_sizes = vec![1; 13];
    v.in_round = vec![true; 13];
    v.scores = vec![0; 13];
    assert_eq!(big.shape(), Err(Unfit::Seats { seats: 13 }));
}

#[test]
fn a_lobby_of_more_seats_than_a_table_has_or_than_the_welcomes_is_refused() {
    type M = ToPeer<uno::SeatUpdate, uno::Refusal, ()>;
    let mut reader = Reader::<uno::Game>::default();
    assert!(reader.read(&encode(&M::Seats(lobby(MAX_SEATS)))).is_some(), "before a welcome, up to the most");
    assert!(reader.read(&encode(&M::Seats(lobby(MAX_SEATS + 1)))).is_none());
    assert_eq!(reader.take_unfit(), Some(Unfit::Seats { seats: MAX_SEATS + 1 }));
    assert_eq!(reader.take_unfit(), None, "said once");
    let s = uno_stream(4, 0, 3, 5);
    assert!(reader.read(&s.bytes()[1]).is_some(), "the welcome");
    assert!(reader.read(&encode(&M::Seats(lobby(4)))).is_some());
    assert!(reader.read(&encode(&M::Seats(lobby(5)))).is_none(), "a seat more than the welcome's table");
    assert_eq!(reader.take_unfit(), Some(Unfit::Length { list: "seats", len: 5, seats: 4 }));
    assert_eq!(reader.refused(), 2);
}

#[test]
fn a_second_welcome_to_another_table_is_refused() {
    let three = uno_stream(3, 1, 5, 4);
    let four = uno_stream(4, 1, 5, 4);
    let mut reader = Reader::<uno::Game>::default();
    assert!(reader.read(&three.bytes()[1]).is_some());
    assert!(reader.read(&four.bytes()[1]).is_none(), "a rejoin is to the table the page was welcomed to");
    assert!(matches!(reader.take_unfit(), Some(Unfit::NotTheWelcomes { .. })));
    assert!(reader.read(&three.bytes()[1]).is_some(), "the same table's welcome again is taken");
    // A second welcome that names another seat than its update's (found by the byte flips: the
    // first check compared the update with the first welcome only).
    let w = ToPeer::<_, uno::Refusal, ()>::Welcome { seat: 217, shared: (), update: three.updates[0].clone() };
    assert!(reader.read(&encode(&w)).is_none());
    let first = Shape { seat: 1, seats: 3 };
    assert_eq!(
        reader.take_unfit(),
        Some(Unfit::NotTheWelcomes { welcome: Shape { seat: 217, ..first }, found: first })
    );
}

/// Behind the reader, the screens themselves do not index past their lists: the crashes
/// (`ui/uno/screen.rs` a flip at a seat past the first update's stacks, and `busted[me]` of a
/// view with fewer seats; `ui/casino/screen.rs` a spot past the table) fed to them unchecked.
#[test]
fn the_screens_themselves_survive_an_update_of_another_shape() {
    let s = uno_stream(3, 2, 5, 30);
    let mut screen = UnoScreen::new(vec![], vec![], false, s.updates[0].clone());
    let mut wider = s.updates.last().unwrap().clone();
    let v = &mut wider.view;
    v.statuses.push(uno::Status::Playing);
    v.phase = uno::Phase::Match { turn: 2 };
    wider.events.push(uno::Event::Flipped { seat: 3, card: "R1".parse().unwrap(), from_deck: true, total: 1 });
    screen.receive(wider);
    assert_eq!(screen.shown.len(), 3, "the flip past the screen's stacks is dropped");
    let mut narrower = s.updates.last().unwrap().clone();
    narrower.view.busted.truncate(1);
    narrower.view.phase = uno::Phase::Match { turn: 2 };
    screen.receive(narrower);
    assert!(!screen.i_am_done());

    let c = casino_stream(3, 2, 9, 30);
    let mut screen = CasinoScreen::single(c.updates[0].clone(), vec![]);
    let mut fewer = c.updates.last().unwrap().clone();
    fewer.view.spots.truncate(1);
    screen.receive(vec![fewer]);
    let _ = (screen.placed(), screen.worth(), screen.played().count(), screen.spot_net(2), screen.insurance_net(2));
    assert_eq!(screen.spot_net(2), 0, "a spot the view does not show made nothing");
}
