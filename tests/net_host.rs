//! The host of a table with friends refuses what it must and never panics: forged, replayed,
//! stale and out-of-seat moves are refused and change nothing; unreadable and oversized bytes
//! are dropped and counted; a seat's key is proved by one peer at a time, and a peer that comes
//! back gets its seat's view exactly. Property tests (proptest) throw arbitrary and mutated bytes
//! at the host; `PROPTEST_CASES` raises their case counts.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::engine::rng::GameRng;
use blackjack::engine::{casino, shedding, uno};
use blackjack::net::protocol::MAX_TO_HOST;
use blackjack::net::*;
use proptest::prelude::*;

mod hostile;
use hostile::cases as config;

const T0: SeatKey = SeatKey(0x1111_2222_3333_4444_5555_6666_7777_8888);
const T1: SeatKey = SeatKey(0x9999_aaaa_bbbb_cccc_dddd_eeee_ffff_0000);
const T2: SeatKey = SeatKey(42);

/// Taylor for three: every seat open to a friend.
fn taylor() -> Host<shedding::Game> {
    let g = shedding::Game::new(shedding::Preset::Taylor.rules(), 3, 11).unwrap();
    Host::new(g, &[Some(T0), Some(T1), Some(T2)])
}

/// The challenge of `peer`'s connection in these tests (a host's page draws it at random).
fn nonce(peer: PeerId) -> u128 {
    0x00c0_ffee_0000_0000_0000_0000_0000_0000 | u128::from(peer)
}

/// `peer`'s proof of `key`'s seat, for its connection's challenge.
fn prove(peer: PeerId, key: SeatKey) -> Vec<u8> {
    encode(&ToHost::<shedding::Action>::Prove { tag: key.tag(nonce(peer)) })
}

/// `peer` connects (the seats and its challenge: not returned) and proves `key`'s seat.
fn join<T: Table>(h: &mut Host<T>, peer: PeerId, key: SeatKey) -> Out<T> {
    h.connect(peer, nonce(peer));
    h.receive(peer, &prove(peer, key))
}

/// The first message to `peer` (a welcome, then the news and the seats).
fn first<U, R, S>(out: Vec<Outgoing<U, R, S>>, peer: PeerId) -> ToPeer<U, R, S> {
    out.into_iter().find(|o| o.to == peer).unwrap().message
}

fn act(at: u32, action: shedding::Action) -> Vec<u8> {
    encode(&ToHost::Act { at, action })
}

/// The only message, to `peer`.
fn only<U: std::fmt::Debug, R: std::fmt::Debug, S: std::fmt::Debug>(
    out: Vec<Outgoing<U, R, S>>,
    peer: PeerId,
) -> ToPeer<U, R, S> {
    assert_eq!(out.len(), 1, "{out:?}");
    assert_eq!(out[0].to, peer);
    out.into_iter().next().unwrap().message
}

/// Peers 10, 11 and 12 in seats 0, 1 and 2.
fn seated() -> Host<shedding::Game> {
    let mut h = taylor();
    for (peer, token) in [(10, T0), (11, T1), (12, T2)] {
        let out = join(&mut h, peer, token);
        assert!(matches!(out[0].message, ToPeer::Welcome { .. }), "{:?}", out[0]);
    }
    h
}

/// A legal turn move of the seat whose turn it is.
fn turn_move(h: &Host<shedding::Game>) -> shedding::Action {
    h.table().legal_actions()[0]
}

#[test]
fn a_proof_gives_its_seat_and_the_seat_s_view_exactly() {
    let mut h = taylor();
    let out = h.connect(11, nonce(11));
    assert_eq!(out.last().unwrap().message, ToPeer::Challenge { nonce: nonce(11) }, "a challenge on connecting");
    let out = h.receive(11, &prove(11, T1));
    let game = h.table().clone();
    let welcome = ToPeer::Welcome { seat: 1, shared: game.shared_rules(), update: game.update_for(1).unwrap() };
    assert_eq!(first(out, 11), welcome);
    assert_eq!(h.seat_of(11), Some(1));
}

#[test]
fn an_unknown_key_or_a_seat_held_by_another_peer_is_refused() {
    let mut h = taylor();
    assert_eq!(only(join(&mut h, 10, SeatKey(7)), 10), ToPeer::Refused(Refusal::UnknownToken));
    join(&mut h, 10, T0);
    assert_eq!(only(join(&mut h, 11, T0), 11), ToPeer::Refused(Refusal::SeatTaken { seat: 0 }));
    assert_eq!(h.seat_of(11), None, "the claim gave nothing");
    assert_eq!(h.seat_of(10), Some(0), "and took nothing");
    assert_eq!(only(join(&mut h, 10, T1), 10), ToPeer::Refused(Refusal::AlreadySeated { seat: 0 }));
}

#[test]
fn a_proof_is_good_for_its_own_connection_s_challenge_only() {
    let mut h = taylor();
    // Never challenged: the host's own page, or bytes before the connection was announced.
    assert_eq!(only(h.receive(10, &prove(10, T0)), 10), ToPeer::Refused(Refusal::UnknownToken));
    // A tag made for another connection's nonce (one a stranger relayed or recorded) is refused.
    h.connect(11, nonce(11));
    assert_eq!(only(h.receive(11, &prove(12, T1)), 11), ToPeer::Refused(Refusal::UnknownToken));
    // A new connection of the same peer id is a new challenge: the old tag is spent.
    h.connect(11, nonce(11) ^ 1 << 100);
    assert_eq!(only(h.receive(11, &prove(11, T1)), 11), ToPeer::Refused(Refusal::UnknownToken));
    assert_eq!(h.seat_of(11), None);
}

#[test]
fn a_connection_s_proofs_are_limited_then_dropped_and_counted() {
    use blackjack::net::rate::PROOFS;
    let mut h = taylor();
    h.connect(11, nonce(11));
    for guess in 0..PROOFS {
        let bytes = encode(&ToHost::<shedding::Action>::Prove { tag: u128::from(guess) });
        assert_eq!(only(h.receive(11, &bytes), 11), ToPeer::Refused(Refusal::UnknownToken));
    }
    // Past the limit even the right proof is dropped on this connection, unanswered.
    assert!(h.receive(11, &prove(11, T1)).is_empty());
    assert_eq!(h.dropped().too_fast, 1);
    assert_eq!(h.seat_of(11), None);
    // A new connection (a reload) proves again.
    assert!(matches!(first(join(&mut h, 11, T1), 11), ToPeer::Welcome { seat: 1, .. }));
}

#[test]
fn a_seat_not_opened_to_friends_cannot_be_taken() {
    let g = shedding::Game::new(shedding::Preset::Taylor.rules(), 3, 11).unwrap();
    // Seat 0 is the host's and seat 2 a bot's; a token listed past the table opens nothing.
    let mut h = Host::new(g.clone(), &[None, Some(T1), None, Some(T2)]);
    assert_eq!(only(join(&mut h, 10, T2), 10), ToPeer::Refused(Refusal::UnknownToken));
    assert!(matches!(first(join(&mut h, 10, T1), 10), ToPeer::Welcome { seat: 1, .. }));
    // A key listed twice opens its first seat only.
    let mut h = Host::new(g, &[None, Some(T1), Some(T1)]);
    assert!(matches!(first(join(&mut h, 10, T1), 10), ToPeer::Welcome { seat: 1, .. }));
    assert_eq!(only(join(&mut h, 11, T1), 11), ToPeer::Refused(Refusal::SeatTaken { seat: 1 }));
}

#[test]
fn a_move_before_joining_is_refused_and_changes_nothing() {
    let mut h = taylor();
    let before = h.table().clone();
    let a = turn_move(&h);
    assert_eq!(only(h.receive(10, &act(before.state_id(), a)), 10), ToPeer::Refused(Refusal::NotSeated));
    assert_eq!(h.table(), &before);
}

#[test]
fn a_forged_move_for_another_seat_is_refused_and_changes_nothing() {
    let mut h = seated();
    let before = h.table().clone();
    let a = turn_move(&h);
    let forger = [10, 11, 12].into_iter().find(|&p| h.seat_of(p) != Some(a.seat())).unwrap();
    assert_eq!(only(h.receive(forger, &act(before.state_id(), a)), forger), ToPeer::Refused(Refusal::NotYourSeat));
    assert_eq!(h.table(), &before);
}

#[test]
fn the_clock_is_the_host_s_a_peer_cannot_time_itself_out() {
    let mut h = seated();
    let before = h.table().clone();
    let timeout = shedding::Action::Timeout { seat: 0 };
    assert_eq!(only(h.receive(10, &act(before.state_id(), timeout)), 10), ToPeer::Refused(Refusal::NotYourSeat));
    assert_eq!(h.table(), &before);
}

#[test]
fn a_move_is_applied_and_every_seated_peer_gets_its_own_update() {
    let mut h = seated();
    let a = turn_move(&h);
    let peer = 10 + a.seat() as PeerId;
    let out = h.receive(peer, &act(h.table().state_id(), a));
    let game = h.table().clone();
    assert_eq!(game.log(), &[a]);
    assert_eq!(out.len(), 3, "one update per seated peer: {out:?}");
    for o in out {
        let seat = h.seat_of(o.to).unwrap();
        let ToPeer::Update(u) = o.message else { panic!("{:?}", o.message) };
        assert_eq!(u.view, game.view(seat), "peer {} gets seat {seat}'s view", o.to);
        assert_eq!(u.state_id, game.state_id());
        assert!(!u.events.is_empty());
    }
}

#[test]
fn a_replayed_move_is_stale_and_changes_nothing() {
    let mut h = seated();
    let a = turn_move(&h);
    let peer = 10 + a.seat() as PeerId;
    let bytes = act(h.table().state_id(), a);
    h.receive(peer, &bytes);
    let after = h.table().clone();
    let now = after.state_id();
    assert_eq!(only(h.receive(peer, &bytes), peer), ToPeer::Refused(Refusal::Stale { at: now - 1, now }));
    assert_eq!(h.table(), &after);
}

#[test]
fn a_move_stamped_with_another_state_is_stale_and_changes_nothing() {
    let mut h = seated();
    let before = h.table().clone();
    let a = turn_move(&h);
    let peer = 10 + a.seat() as PeerId;
    for at in [before.state_id() + 1, u32::MAX] {
        assert_eq!(only(h.receive(peer, &act(at, a)), peer), ToPeer::Refused(Refusal::Stale { at, now: 0 }));
    }
    assert_eq!(h.table(), &before);
}

/// A seated table, the turn's move, its mover's peer, the state it is worked out in, and the
/// seat after the mover's (who talks or calls before the move lands).
fn a_move_and_another_seat() -> (Host<shedding::Game>, shedding::Action, PeerId, u32, u8) {
    let h = seated();
    let a = turn_move(&h);
    let (peer, at) = (10 + a.seat() as PeerId, h.table().state_id());
    let other = (a.seat() + 1) % 3;
    (h, a, peer, at, other)
}

/// Another seat's table talk lands between the update a friend moved from and its move: talk
/// changes nobody's move, so the move is taken. Else a stranger at the table who talks as fast as
/// the host's rate allows (every phrase moves the state id, and costs nothing) would have every
/// friend's move refused as stale, and their clock run out.
#[test]
fn talk_that_lands_before_a_move_does_not_make_it_stale() {
    let (mut h, a, peer, at, talker) = a_move_and_another_seat();
    let say = shedding::Action::Say { seat: talker, phrase: shedding::Phrase::Hurry };
    for call in [say, shedding::Action::Say { seat: talker, phrase: shedding::Phrase::WellPlayed }, say] {
        let now = h.table().state_id();
        let out = h.receive(10 + talker as PeerId, &act(now, call));
        assert!(out.iter().all(|o| matches!(o.message, ToPeer::Update(_))), "{call:?} taken");
    }
    assert_eq!(h.table().state_id(), at + 3);
    // A call is taken late only as ever: if the rules take it now at no cost. "Last card" with a
    // full hand is not, and is still refused as stale rather than charged.
    let call = shedding::Action::CallLastCard { seat: a.seat() };
    assert!(!h.table().is_legal(call));
    assert_eq!(only(h.receive(peer, &act(at, call)), peer), ToPeer::Refused(Refusal::Stale { at, now: at + 3 }));
    let out = h.receive(peer, &act(at, a));
    assert!(matches!(first(out, peer), ToPeer::Update(_)), "the move is taken");
    assert_eq!(h.table().log().last(), Some(&a));
    // A move taken since still makes it stale: the same move again is refused.
    let now = h.table().state_id();
    assert_eq!(only(h.receive(peer, &act(at, a)), peer), ToPeer::Refused(Refusal::Stale { at, now }));
}

/// Another seat's "Last card" lands between the update a friend moved from and its move. A
/// false call costs its caller a card from the stock (nothing once the stock is bare) and a true
/// one changes nobody's hand: neither changes what the mover may do (the rules check the move
/// again, a draw from a stock the call emptied included), so the move is taken, as after talk.
/// Else a stranger calling falsely at the host's rate would make every other player's move
/// arrive too late. The mover's own call since still makes it stale: it changed their hand.
#[test]
fn another_seat_s_last_card_call_that_lands_before_a_move_does_not_make_it_stale() {
    let (mut h, a, peer, at, caller) = a_move_and_another_seat();
    let call = shedding::Action::CallLastCard { seat: caller };
    assert!(h.table().is_accepted(call) && !h.table().is_legal(call), "a false call, which costs a card");
    for _ in 0..2 {
        let now = h.table().state_id();
        let out = h.receive(10 + caller as PeerId, &act(now, call));
        assert!(out.iter().all(|o| matches!(o.message, ToPeer::Update(_))), "the call is taken: {out:?}");
    }
    assert_eq!(h.table().state_id(), at + 2);
    let out = h.receive(peer, &act(at, a));
    assert!(matches!(first(out, peer), ToPeer::Update(_)), "the move is taken");
    assert_eq!(h.table().log().last(), Some(&a));
    // The next mover's own false call since its update makes its move stale.
    let b = turn_move(&h);
    let (peer, at) = (10 + b.seat() as PeerId, h.table().state_id());
    let own = shedding::Action::CallLastCard { seat: b.seat() };
    assert!(h.table().is_accepted(own) && !h.table().is_legal(own));
    assert!(h.receive(peer, &act(at, own)).iter().all(|o| matches!(o.message, ToPeer::Update(_))));
    let now = h.table().state_id();
    assert_eq!(only(h.receive(peer, &act(at, b)), peer), ToPeer::Refused(Refusal::Stale { at, now }));
}

/// Cards played out of turn are slips the rules penalise (a card from the stock, nothing once
/// it is bare), and each moves the table on: the host takes a seat's first [`MOST_SLIPS`] (a
/// person makes a few) and refuses the rest, changing nothing. Else a stranger could make every
/// other person's move stale at the host's rate for the whole game, and grow its record without
/// end. The player to move still moves.
#[test]
fn a_seat_s_slips_past_the_most_are_refused_and_change_nothing() {
    let (mut h, a, peer, _, other) = a_move_and_another_seat();
    let slipper = 10 + other as PeerId;
    let mut now_ms = 0;
    for n in 0..=MOST_SLIPS {
        now_ms += 200;
        let card = h.table().view(other).hand[0];
        let slip = shedding::Action::Play { seat: other, card };
        assert!(h.table().is_accepted(slip) && !h.table().is_legal(slip), "a card out of turn");
        let (at, before) = (h.table().state_id(), h.table().clone());
        let out = h.receive_at(slipper, now_ms, &act(at, slip));
        if n < MOST_SLIPS {
            assert!(out.iter().all(|o| matches!(o.message, ToPeer::Update(_))), "slip {n} taken: {out:?}");
        } else {
            assert_eq!(only(out, slipper), ToPeer::Refused(Refusal::EnoughSlips));
            assert_eq!(h.table(), &before, "nothing changed");
        }
    }
    let at = h.table().state_id();
    let out = h.receive_at(peer, now_ms + 200, &act(at, a));
    assert!(matches!(first(out, peer), ToPeer::Update(_)), "the move is taken");
    assert_eq!(h.table().log().last(), Some(&a));
}

#[test]
fn an_illegal_move_of_one_s_own_seat_is_refused_with_the_rules_reason() {
    let mut h = seated();
    let before = h.table().clone();
    let current = before.current();
    let other = (current + 1) % 3;
    let out = h.receive(10 + other as PeerId, &act(0, shedding::Action::Pass { seat: other }));
    let ToPeer::Refused(Refusal::Illegal(reason)) = only(out, 10 + other as PeerId) else { panic!() };
    assert_eq!(reason, shedding::Refusal::NotYourTurn);
    assert_eq!(h.table(), &before);
}

#[test]
fn unreadable_and_oversized_bytes_are_dropped_and_counted_without_an_answer() {
    let mut h = seated();
    let before = h.table().clone();
    let v = PROTOCOL.to_le_bytes();
    let with_version = |body: &[u8]| [&v[..], body].concat();
    assert!(h.receive(10, &with_version(b"not a message")).is_empty());
    assert!(h.receive(10, &[]).is_empty());
    // An action of a kind that does not exist (variant 2 of ToHost, action variant 200).
    assert!(h.receive(10, &with_version(&[2, 0, 200, 1])).is_empty());
    assert!(h.receive(10, &vec![b'['; MAX_TO_HOST + 1]).is_empty());
    assert!(h.receive(99, &with_version(&[0xff; 500])).is_empty(), "a length past the bytes there are");
    assert_eq!(h.dropped(), Dropped { too_long: 1, malformed: 4, other_version: 0, too_fast: 0 });
    assert_eq!(h.table(), &before);
}

#[test]
fn a_peer_of_another_version_is_told_the_host_s() {
    let mut h = taylor();
    let out = h.receive(10, br#"{"v":9,"m":{"Join":{"token":1}}}"#);
    assert_eq!(only(out, 10), ToPeer::Notice(Notice::Version { host: PROTOCOL }));
    assert_eq!(h.dropped().other_version, 1);
    assert_eq!(h.seat_of(10), None);
}

#[test]
fn a_peer_that_comes_back_with_its_proof_gets_its_seat_s_view_exactly() {
    let mut h = seated();
    // Peer 11 (seat 1) follows a few moves, then its connection goes.
    let mut last = None;
    for _ in 0..3 {
        let a = turn_move(&h);
        for o in h.receive(10 + a.seat() as PeerId, &act(h.table().state_id(), a)) {
            if o.to == 11 {
                last = Some(o.message);
            }
        }
    }
    let Some(ToPeer::Update(followed)) = last else { panic!("seat 1 was sent updates") };
    let left = h.leave(11);
    // The two others hear of it, and (connected, so shown the lobby) get the seats.
    let news: Vec<_> = left.iter().filter(|o| !matches!(o.message, ToPeer::Seats(_))).collect();
    assert_eq!(news.len(), 2, "the others hear of it: {left:?}");
    assert!(news.iter().all(|o| o.message == ToPeer::Notice(Notice::Left { seat: 1 })));
    assert_eq!(h.seat_of(11), None);
    // Back on a new connection: the view it had, from nothing but its proof.
    let out = join(&mut h, 21, T1);
    let ToPeer::Welcome { seat: 1, update, .. } = &out[0].message else { panic!("{out:?}") };
    assert_eq!(update.view, followed.view);
    assert_eq!(update.state_id, followed.state_id);
    assert!(update.events.is_empty());
    let news = out[1..].iter().filter(|o| !matches!(o.message, ToPeer::Seats(_)));
    assert!(
        news.clone().count() == 2 && news.into_iter().all(|o| o.message == ToPeer::Notice(Notice::Joined { seat: 1 }))
    );
    // And the old connection's messages are no longer the seat's.
    let a = shedding::Action::CallLastCard { seat: 1 };
    assert_eq!(only(h.receive(11, &act(h.table().state_id(), a)), 11), ToPeer::Refused(Refusal::NotSeated));
}

#[test]
fn a_peer_joining_again_on_the_same_connection_is_sent_its_view_again() {
    let mut h = seated();
    let out = join(&mut h, 12, T2);
    assert!(matches!(&out[0].message, ToPeer::Welcome { seat: 2, .. }));
}

/// A whole game played by three peers through encoded bytes: every message decodes on the
/// peer's side, and each peer's last update is its seat's view.
#[test]
fn a_whole_game_through_the_host_keeps_every_peer_on_its_own_view() {
    let mut h = seated();
    let mut rng = GameRng::new(3);
    let mut last: Vec<Option<shedding::SeatUpdate>> = vec![None; 3];
    // Each peer's reader keeps the rules its welcome carried (a join again sends it again).
    let mut readers: Vec<Reader<shedding::Game>> = (0..3).map(|_| Reader::default()).collect();
    for (seat, token) in [T0, T1, T2].into_iter().enumerate() {
        let peer = 10 + seat as PeerId;
        let welcome = join(&mut h, peer, token).into_iter().find(|o| o.to == peer).unwrap();
        assert!(matches!(readers[seat].read(&encode(&welcome.message)), Some(ToPeer::Welcome { .. })));
    }
    let mut steps = 0;
    while !h.table().is_over() && steps < 400 {
        let legal = h.table().legal_actions();
        let a = legal[rng.below(legal.len() as u64) as usize];
        for o in h.receive(10 + a.seat() as PeerId, &act(h.table().state_id(), a)) {
            let seat = h.seat_of(o.to).unwrap();
            match readers[seat as usize].read(&encode(&o.message)) {
                Some(ToPeer::Update(u)) => last[seat as usize] = Some(u),
                other => panic!("step {steps}: {other:?}"),
            }
        }
        steps += 1;
    }
    assert_eq!(readers.iter().map(|r| r.dropped()).collect::<Vec<_>>(), vec![Dropped::default(); 3]);
    for seat in 0..3u8 {
        assert_eq!(last[seat as usize].as_ref().unwrap().view, h.table().view(seat));
    }
}

#[test]
fn casino_and_uno_hosts_keep_dealing_and_the_reveal_for_the_host() {
    let g = blackjack::net::casino::ShoeTable::new(2, 5).unwrap();
    let mut h = Host::new(g, &[Some(T0), Some(T1)]);
    join(&mut h, 10, T0);
    let bet = encode(&ToHost::Act { at: 0, action: casino::Action::Bet { spot: 0, amount: 1000 } });
    assert_eq!(h.receive(10, &bet).len(), 1, "the bet's update to the seated peer");
    let deal = encode(&ToHost::Act { at: 1, action: casino::Action::Deal });
    assert_eq!(only(h.receive(10, &deal), 10), ToPeer::Refused(Refusal::NotYourSeat));
    let Applied { events, out } = h.act(casino::Action::Deal).unwrap();
    assert!(events.contains(&casino::Event::HoleDealt));
    let ToPeer::Update(u) = &only(out, 10) else { panic!() };
    assert_eq!(u.view.dealer[1], None, "the hole card stays with the host");

    let g = uno::Game::new(uno::UnoRules::new(uno::UnoSpec::default()).unwrap(), 2, 5).unwrap();
    let mut h = Host::new(g, &[None, Some(T1)]);
    join(&mut h, 11, T1);
    let reveal = encode(&ToHost::Act { at: 0, action: uno::Action::Reveal });
    assert_eq!(only(h.receive(11, &reveal), 11), ToPeer::Refused(Refusal::NotYourSeat));
    assert_eq!(h.table().round(), 0);
    let out = h.act(uno::Action::Reveal).unwrap().out;
    let ToPeer::Update(u) = &only(out, 11) else { panic!() };
    assert_eq!(u.view, h.table().view(1));
}

/// A valid message of some kind, to mutate.
fn valid_message() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        (10u64..13).prop_map(|peer| prove(peer, T0)),
        (10u64..13).prop_map(|peer| prove(peer, T1)),
        (0u32..4, 0u8..4).prop_map(|(at, seat)| act(at, shedding::Action::Draw { seat })),
        (0u32..4, 0u8..4).prop_map(|(at, seat)| act(at, shedding::Action::CallLastCard { seat })),
    ]
}

proptest! {
    #![proptest_config(config(64))]

    /// Arbitrary bytes from arbitrary peers: never a panic; a message that is dropped moves a
    /// counter and gets no answer, and nothing but an accepted move changes the game.
    #[test]
    fn arbitrary_bytes_never_panic_and_drops_are_counted(
        messages in proptest::collection::vec((0u64..4, proptest::collection::vec(any::<u8>(), 0..300)), 1..20),
    ) {
        let mut h = taylor();
        for (peer, bytes) in messages {
            let before = h.dropped();
            let game = h.table().clone();
            let out = h.receive(peer, &bytes);
            let after = h.dropped();
            let counted = (after.too_long + after.malformed + after.other_version)
                - (before.too_long + before.malformed + before.other_version);
            prop_assert!(counted <= 1);
            if counted == 1 {
                prop_assert_eq!(h.table(), &game, "dropped bytes change nothing");
                if after.other_version == before.other_version {
                    prop_assert!(out.is_empty());
                }
            }
        }
    }

    /// Valid messages with bytes flipped, cut or repeated: never a panic, and the game only
    /// moves by legal moves of the mover's own seat.
    #[test]
    fn mutated_messages_never_panic_or_move_another_seat(
        base in proptest::collection::vec(valid_message(), 1..12),
        flips in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..6),
        cut in any::<usize>(),
    ) {
        let mut h = seated();
        for (k, mut bytes) in base.into_iter().enumerate() {
            for &(i, b) in &flips {
                if !bytes.is_empty() && (i + k) % 3 == 0 {
                    let n = bytes.len();
                    bytes[i % n] = b;
                }
            }
            if k % 4 == 3 {
                bytes.truncate(cut % (bytes.len() + 1));
            }
            let peer = 10 + (k % 3) as PeerId;
            let len = h.table().log().len();
            h.receive(peer, &bytes);
            if h.table().log().len() > len {
                prop_assert_eq!(h.table().log()[len].seat(), h.seat_of(peer).unwrap());
            }
        }
        prop_assert!(h.table().check_invariants().is_ok());
    }

    /// The peer's reader, on arbitrary bytes (with and without this version's first two
    /// bytes, so the body's decoder is reached): a message or a drop counted, never a panic.
    #[test]
    fn a_peer_reads_arbitrary_bytes_without_panicking(body in proptest::collection::vec(any::<u8>(), 0..400)) {
        let mut versioned = PROTOCOL.to_le_bytes().to_vec();
        versioned.extend_from_slice(&body);
        for bytes in [&body, &versioned] {
            let mut r = Reader::<shedding::Game>::default();
            let read = r.read(bytes).is_some();
            let d = r.dropped();
            prop_assert_eq!(u64::from(!read), d.too_long + d.malformed + d.other_version);
            let _ = Reader::<blackjack::net::casino::ShoeTable>::default().read(bytes);
            let _ = Reader::<uno::Game>::default().read(bytes);
        }
    }
}

#[test]
fn the_host_s_screen_gets_each_peer_move_s_events_once_and_no_refused_move_s() {
    let mut h = seated();
    let a = turn_move(&h);
    let mover = [10, 11, 12][a.seat() as usize];
    let at = h.table().state_id();
    let mut twin = h.table().clone();
    let expected = twin.apply(a).unwrap();
    h.receive(mover, &act(at, a));
    assert_eq!(h.take_peer_events(), expected);
    assert!(h.take_peer_events().is_empty(), "taken once");
    // A stale move changes nothing and brings no events; the host's own moves come back from act.
    h.receive(mover, &act(at, a));
    assert!(h.take_peer_events().is_empty());
    let own = turn_move(&h);
    let applied = h.act(own).unwrap();
    assert!(!applied.events.is_empty());
    assert!(h.take_peer_events().is_empty());
}
