//! Seats at a table with friends: the lobby every connected peer sees, claiming an open seat
#![cfg(not(target_arch = "wasm32"))]

use blackjack::engine::shedding::{self, Action, Game, Preset, Refusal as Rules};
use blackjack::net::protocol::MAX_NAME;
use blackjack::net::rate::BURST;
use blackjack::net::*;

const MINE: SeatToken = SeatToken(0x5eed_0000_1111_2222_3333_4444_5555_6666);
const YOURS: SeatToken = SeatToken(0x0bad_cafe_0000_0000_0000_0000_0000_0001);

/// Taylor for four: the host at seat 0, seats 1 and 2 open to friends, seat 3 a bot's.
fn lobby() -> Host<Game> {
    let g = Game::new(Preset::Taylor.rules(), 4, 21).unwrap();
    Host::open(g, "Taylor", vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Open, Seating::Bot])
}

/// The room these tests' tokens are keyed to.
const ROOM: &str = "Ab3dEf6hIj9lMn2pQr5tUv";

fn claim(seat: u8, token: SeatToken, name: &str) -> Vec<u8> {
    encode(&ToHost::<Action>::Claim { seat, key: token.key(ROOM), name: name.into() })
}

/// A peer's answer to the challenge `nonce` with `token`, as its page makes it.
fn prove(token: SeatToken, nonce: u128) -> Vec<u8> {
    encode(&ToHost::<Action>::Prove { tag: token.key(ROOM).tag(nonce) })
}

/// The challenge `peer` was sent.
fn challenge_to(out: &Out<Game>, peer: PeerId) -> Option<u128> {
    out.iter().find_map(|o| match o.message {
        ToPeer::Challenge { nonce } if o.to == peer => Some(nonce),
        _ => None,
    })
}

fn seats_to(out: &Out<Game>, peer: PeerId) -> Option<Seats> {
    out.iter().rev().find_map(|o| match &o.message {
        ToPeer::Seats(s) if o.to == peer => Some(s.clone()),
        _ => None,
    })
}

fn refusal(out: &Out<Game>) -> Option<Refusal<Rules>> {
    match &out[..] {
        [Outgoing { message: ToPeer::Refused(r), .. }] => Some(r.clone()),
        _ => None,
    }
}

#[test]
fn a_connected_peer_sees_the_game_and_every_seat() {
    let mut h = lobby();
    let out = h.connect(7, 0xfeed);
    assert_eq!(challenge_to(&out, 7), Some(0xfeed));
    let seats = seats_to(&out, 7).unwrap();
    assert_eq!(seats.game, "Taylor");
    assert_eq!(seats.seats, vec![Seat::Host { name: "Ann".into() }, Seat::Open, Seat::Open, Seat::Bot]);
    assert!(!seats.dealt);
    let out = h.start();
    assert!(seats_to(&out, 7).unwrap().dealt, "the deal is news to every connected peer");
}

#[test]
fn two_friends_claim_seats_and_each_sees_the_other_s_taken() {
    let mut h = lobby();
    h.connect(7, 0x70);
    h.connect(8, 0x80);
    let out = h.receive(7, &claim(1, MINE, "Sam"));
    assert!(matches!(out[0].message, ToPeer::Welcome { seat: 1, .. }), "{out:?}");
    let seen_by_8 = seats_to(&out, 8).unwrap();
    assert_eq!(seen_by_8.seats[1], Seat::Friend { name: "Sam".into(), here: true });
    let out = h.receive(8, &claim(2, YOURS, "Bo"));
    let seen_by_7 = seats_to(&out, 7).unwrap();
    assert_eq!(seen_by_7.seats[2], Seat::Friend { name: "Bo".into(), here: true });
    assert_eq!(seats_to(&out, 8), Some(seen_by_7));
    assert!(h.is_played_by_a_person(0) && h.is_played_by_a_person(1) && h.is_played_by_a_person(2));
    assert!(!h.is_played_by_a_person(3));
}

#[test]
fn a_taken_seat_the_host_s_or_a_bot_s_cannot_be_claimed() {
    let mut h = lobby();
    h.receive(7, &claim(1, MINE, "Sam"));
    for seat in [0, 1, 3, 4, 255] {
        assert_eq!(refusal(&h.receive(8, &claim(seat, YOURS, "Bo"))), Some(Refusal::NotOpen { seat }), "seat {seat}");
    }
    assert_eq!(refusal(&h.receive(7, &claim(2, YOURS, "Sam"))), Some(Refusal::AlreadySeated { seat: 1 }));
    assert_eq!(refusal(&h.receive(8, &claim(2, MINE, "Bo"))), Some(Refusal::UnknownToken), "one token, one seat");
    assert_eq!(refusal(&h.receive(8, &claim(2, YOURS, " \u{7} "))), Some(Refusal::BadName));
    assert_eq!(h.seats().seats[2], Seat::Open, "nothing taken by the refusals");
}

#[test]
fn a_stranger_cannot_take_the_name_of_a_player_at_the_table() {
    let mut h = lobby();
    let name = |h: &Host<Game>, seat: usize| match &h.seats().seats[seat] {
        Seat::Friend { name, .. } => name.clone(),
        other => panic!("seat {seat}: {other:?}"),
    };
    // The host is Ann: a friend who says so too, hidden characters or not, is told apart.
    h.receive(7, &claim(1, MINE, "ann\u{200b}"));
    assert_eq!(name(&h, 1), "ann 2");
    h.receive(8, &claim(2, YOURS, "ANN"));
    assert_eq!(name(&h, 2), "ANN 3");
    // A long name keeps to the table's length with its number.
    let mut h = lobby();
    h.receive(7, &claim(1, MINE, &"x".repeat(MAX_NAME)));
    h.receive(8, &claim(2, YOURS, &"x".repeat(MAX_NAME)));
    assert_eq!(name(&h, 2), format!("{} 2", "x".repeat(MAX_NAME - 2)));
}

#[test]
fn a_long_name_is_cut_to_the_table_s_length() {
    let mut h = lobby();
    h.receive(7, &claim(1, MINE, &"x".repeat(200)));
    let Seat::Friend { name, .. } = &h.seats().seats[1] else { panic!() };
    assert_eq!(name.len(), MAX_NAME);
}

#[test]
fn a_dropped_friend_s_seat_is_a_bot_s_until_its_token_comes_back_and_no_other_token_takes_it() {
    let mut h = lobby();
    h.connect(7, 0x70);
    h.connect(8, 0x80);
    h.receive(7, &claim(1, MINE, "Sam"));
    h.start();
    let out = h.leave(7);
    assert_eq!(seats_to(&out, 8).unwrap().seats[1], Seat::Friend { name: "Sam".into(), here: false });
    assert!(!h.is_played_by_a_person(1), "a bot plays it meanwhile");
    // Another browser cannot take it: not open, and its own token is not the seat's.
    assert_eq!(refusal(&h.receive(8, &claim(1, YOURS, "Eve"))), Some(Refusal::NotOpen { seat: 1 }));
    assert_eq!(refusal(&h.receive(8, &prove(YOURS, 0x80))), Some(Refusal::UnknownToken));
    // Nor can a proof Sam's browser made for another connection (a stranger who relayed it).
    assert_eq!(refusal(&h.receive(8, &prove(MINE, 0x70))), Some(Refusal::UnknownToken));
    // Sam's browser, on a new connection, answers its challenge and takes it back with its view.
    let nonce = challenge_to(&h.connect(9, 0x90), 9).unwrap();
    let out = h.receive(9, &prove(MINE, nonce));
    let ToPeer::Welcome { seat: 1, update, .. } = &out[0].message else { panic!("{out:?}") };
    assert_eq!(update.view, h.table().view(1));
    assert!(h.is_played_by_a_person(1));
    // The seating keeps the key (not the token), so the host's save reopens the table with it.
    assert!(matches!(&h.seating()[1], Seating::Friend { key, .. } if *key == MINE.key(ROOM)));
}

#[test]
fn a_move_before_the_deal_is_refused_and_changes_nothing() {
    let mut h = lobby();
    h.receive(7, &claim(1, MINE, "Sam"));
    let before = h.table().clone();
    let a = Action::CallLastCard { seat: 1 };
    assert_eq!(
        refusal(&h.receive(7, &encode(&ToHost::Act { at: before.state_id(), action: a }))),
        Some(Refusal::NotStarted)
    );
    assert_eq!(h.table(), &before);
}

#[test]
fn a_peer_sending_too_fast_is_dropped_and_counted_and_heard_again_later() {
    let mut h = lobby();
    h.connect(7, 0x70);
    h.receive(7, &claim(1, MINE, "Sam"));
    h.start();
    let talk = encode(&ToHost::<Action>::Ping { t: 1 });
    let answered = (0..BURST * 2).filter(|_| !h.receive_at(7, 1_000, &talk).is_empty()).count() as u64;
    assert_eq!(answered, BURST);
    assert_eq!(h.dropped().too_fast, BURST);
    // Another peer is not slowed by the first.
    h.connect(8, 0x80);
    assert!(!h.receive_at(8, 1_000, &claim(2, YOURS, "Bo")).is_empty());
    // A second later the first is heard again.
    assert!(!h.receive_at(7, 2_000, &talk).is_empty());
}

#[test]
fn every_message_of_a_lobby_reads_back_on_the_peer_s_side() {
    let mut h = lobby();
    let mut out = h.connect(7, 0x70);
    out.extend(h.receive(7, &claim(1, MINE, "Sam")));
    out.extend(h.leave(7));
    for o in out {
        let back = Reader::<Game>::default().read(&encode(&o.message)).unwrap();
        assert_eq!(back, o.message);
    }
}

/// The lobby with the host's page (peer 0) at the host's seat, Sam (peer 7) at seat 1 and Bo
/// (peer 8) at seat 2, dealt.
fn full_table() -> Host<Game> {
    let mut h = lobby();
    h.seat_host(0);
    h.connect(7, 0x70);
    h.connect(8, 0x80);
    h.receive(7, &claim(1, MINE, "Sam"));
    h.receive(8, &claim(2, YOURS, "Bo"));
    h.start();
    h
}

fn remove(seat: u8) -> Vec<u8> {
    encode(&ToHost::<Action>::Remove { seat })
}

fn close() -> Vec<u8> {
    encode(&ToHost::<Action>::Close)
}

/// Who is sent `message`.
fn told(
    out: &Out<Game>,
    message: &ToPeer<shedding::SeatUpdate, Rules, std::sync::Arc<shedding::Rules>>,
) -> Vec<PeerId> {
    out.iter().filter(|o| &o.message == message).map(|o| o.to).collect()
}

#[test]
fn only_the_host_s_page_removes_a_friend_or_closes_the_table() {
    let mut h = full_table();
    h.connect(9, 0x90);
    for peer in [7, 8, 9, 42] {
        assert_eq!(refusal(&h.receive(peer, &remove(1))), Some(Refusal::NotHost), "peer {peer}");
        assert_eq!(refusal(&h.receive(peer, &close())), Some(Refusal::NotHost), "peer {peer}");
    }
    assert_eq!(h.seats().seats[1], Seat::Friend { name: "Sam".into(), here: true }, "nothing changed");
    assert!(!h.is_closed());
    // A host made with `Host::new` has no host's seat: nobody there removes or closes.
    let mut plain =
        Host::new(Game::new(Preset::Taylor.rules(), 2, 3).unwrap(), &[Some(MINE.key(ROOM)), Some(YOURS.key(ROOM))]);
    let nonce = challenge_to(&plain.connect(7, 0x70), 7).unwrap();
    plain.receive(7, &prove(MINE, nonce));
    assert_eq!(refusal(&plain.receive(7, &close())), Some(Refusal::NotHost));
}

#[test]
fn a_removed_friend_is_told_their_seat_goes_to_a_bot_and_their_token_takes_it_no_more() {
    let mut h = full_table();
    let out = h.receive(0, &remove(1));
    assert_eq!(told(&out, &ToPeer::Notice(Notice::Removed)), vec![7]);
    assert!(out.iter().filter(|o| o.to == 7).count() == 1, "the removed peer is sent nothing else: {out:?}");
    for peer in [0, 8] {
        assert_eq!(seats_to(&out, peer).unwrap().seats[1], Seat::Bot, "peer {peer} sees a bot's seat");
    }
    assert!(!h.is_played_by_a_person(1), "a bot plays it");
    assert_eq!(h.seating()[1], Seating::Removed { key: MINE.key(ROOM) }, "saved: the token stays void after a reload");
    // Nothing the removed peer sends is read, not even a ping.
    let at = h.table().state_id();
    assert!(h.receive(7, &encode(&ToHost::Act { at, action: Action::Draw { seat: 1 } })).is_empty());
    assert!(h.receive_at(7, 5, &encode(&ToHost::<Action>::Ping { t: 1 })).is_empty());
    // Its token, from a new connection, takes no seat: the page is told it was removed.
    let nonce = challenge_to(&h.connect(10, 0xa0), 10).unwrap();
    let out = h.receive(10, &prove(MINE, nonce));
    assert_eq!(out, vec![Outgoing { to: 10, message: ToPeer::Notice(Notice::Removed) }]);
    assert_eq!(h.receive(10, &claim(1, MINE, "Sam")), out, "one key, one seat: told again");
    assert_eq!(h.seat_of(10), None);
    // The host's seat, a bot's and a removed one have no friend to remove.
    for seat in [0, 1, 3, 4, 255] {
        assert_eq!(refusal(&h.receive(0, &remove(seat))), Some(Refusal::NoFriend { seat }), "seat {seat}");
    }
    assert_eq!(h.seats().seats[2], Seat::Friend { name: "Bo".into(), here: true }, "Bo stays");
}

#[test]
fn a_friend_removed_while_away_is_told_so_when_they_come_back() {
    let mut h = full_table();
    h.leave(7);
    let out = h.receive(0, &remove(1));
    assert!(told(&out, &ToPeer::Notice(Notice::Removed)).is_empty(), "nobody is there to tell");
    assert_eq!(seats_to(&out, 8).unwrap().seats[1], Seat::Bot);
    let nonce = challenge_to(&h.connect(11, 0xb0), 11).unwrap();
    assert_eq!(h.receive(11, &prove(MINE, nonce))[0].message, ToPeer::Notice(Notice::Removed));
    // A removed token claims no open seat either (one token, one seat), and is told why.
    let mut h = lobby();
    h.seat_host(0);
    h.receive(7, &claim(1, MINE, "Sam"));
    h.receive(0, &remove(1));
    assert_eq!(
        h.receive(12, &claim(2, MINE, "Sam")),
        vec![Outgoing { to: 12, message: ToPeer::Notice(Notice::Removed) }]
    );
    assert!(!h.is_played_by_a_person(2));
}

/// The host removes a stranger: a bot plays the seat for the rest of the game, and nobody
/// takes it, the stranger least of all. Were it open again, the stranger (who has the link) would
/// claim it back at once with a key of its own and hold the table up again: at the casino, by
/// never acting on its turn. The stranger is not heard on its connection, and its key takes
/// nothing (its page, told it was removed, keeps that in place of its token and does not come
/// back); a friend who joins later takes an open seat, if one is left.
#[test]
fn a_seat_the_host_removed_a_stranger_from_stays_a_bot_s_and_nobody_claims_it() {
    const KIM: SeatToken = SeatToken(0x4b1_0000_0000_0000_0000_0000_0000_0042);
    const MAL: SeatToken = SeatToken(0x3a1_0000_0000_0000_0000_0000_0000_0007);
    let mut h = full_table();
    h.receive(0, &remove(1));
    assert!(!h.is_played_by_a_person(1), "a bot plays it");
    // The bots' and the host's moves go on.
    for _ in 0..3 {
        let a = h.table().legal_actions()[0];
        h.act(a).unwrap();
    }
    // The stranger's connection is not heard, a claim included.
    assert!(h.receive(7, &claim(1, YOURS, "Mal")).is_empty());
    // Its other connection, with a key it drew afresh, is refused the seat; so is Kim's later.
    let out = h.connect(20, 0x20);
    assert_eq!(seats_to(&out, 20).unwrap().seats[1], Seat::Bot, "the lobby offers no seat there");
    for (peer, token, name) in [(20, MAL, "Mal"), (21, KIM, "Kim")] {
        h.connect(peer, 0x20 + peer as u128);
        assert_eq!(refusal(&h.receive(peer, &claim(1, token, name))), Some(Refusal::NotOpen { seat: 1 }));
        assert_eq!(h.seat_of(peer), None);
    }
    assert!(!h.is_played_by_a_person(1));
    assert_eq!(h.seating()[1], Seating::Removed { key: MINE.key(ROOM) });
    // The stranger's first key, by a proof or a claim, is told it was removed.
    let nonce = challenge_to(&h.connect(22, 0x22), 22).unwrap();
    let removed = vec![Outgoing { to: 22, message: ToPeer::Notice(Notice::Removed) }];
    assert_eq!(h.receive(22, &prove(MINE, nonce)), removed);
    assert_eq!(h.receive(22, &claim(2, MINE, "Mal")), removed);
    // The seat has no friend to remove any more.
    assert_eq!(refusal(&h.receive(0, &remove(1))), Some(Refusal::NoFriend { seat: 1 }));
}

#[test]
fn the_host_closes_the_table_everyone_is_told_once_and_nothing_is_read_after() {
    let mut h = full_table();
    h.connect(9, 0x90);
    let before = h.table().clone();
    let out = h.receive(0, &close());
    let mut everyone = told(&out, &ToPeer::Notice(Notice::Closed));
    everyone.sort_unstable();
    assert_eq!(everyone, vec![0, 7, 8, 9], "the host's page, both friends and the one still choosing");
    assert_eq!(out.len(), 4);
    assert!(h.is_closed());
    for peer in [0, 7, 8, 9] {
        assert!(h.receive(peer, &encode(&ToHost::<Action>::Ping { t: 1 })).is_empty(), "peer {peer}");
    }
    // Someone who opens the link now is told it is closed, and takes nothing.
    assert_eq!(h.connect(13, 0xd0), vec![Outgoing { to: 13, message: ToPeer::Notice(Notice::Closed) }]);
    assert!(h.receive(13, &prove(YOURS, 0xd0)).is_empty());
    assert_eq!(h.table(), &before);
}

/// Whether `needle` occurs in `bytes`.
fn contains(bytes: &[u8], needle: &[u8]) -> bool {
    bytes.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn no_message_a_friend_sends_carries_its_token() {
    let mut h = lobby();
    h.connect(7, 0x70);
    let mut sent = vec![claim(1, MINE, "Sam")];
    h.receive(7, &sent[0]);
    h.start();
    h.leave(7);
    // Back twice (a reload, another network): each time a proof for that connection's nonce.
    for (peer, nonce) in [(9, 0x1234_5678_9abc_def0_u128 << 64), (10, u128::MAX)] {
        let challenge = challenge_to(&h.connect(peer, nonce), peer).unwrap();
        sent.push(prove(MINE, challenge));
        assert!(matches!(h.receive(peer, sent.last().unwrap())[0].message, ToPeer::Welcome { seat: 1, .. }));
        h.leave(peer);
    }
    // The token as the wire would write it (a varint, after the version), and its raw bytes:
    // not even half of any of them in what the friend sent.
    let forms = |v: u128| [encode(&v)[2..].to_vec(), v.to_le_bytes().to_vec(), v.to_be_bytes().to_vec()];
    for form in forms(MINE.0) {
        assert!(sent.iter().all(|b| !contains(b, &form[..form.len() / 2])), "{form:?} in {sent:?}");
    }
    // The seat's key is in the claim alone, not in a proof.
    let key = forms(MINE.key(ROOM).0);
    assert!(contains(&sent[0], &key[0]), "the check can fail: the claim carries the key");
    assert!(sent[1..].iter().all(|b| key.iter().all(|form| !contains(b, &form[..form.len() / 2]))));
}
