//! The host worker of a table with friends (`net::worker`): the host's own page is a client like
//! a friend's. It is seated at the host's seat and sent only that seat's wire bytes; its moves
//! are checked as a friend's; the bots play the other seats on the page's ticks; what the worker
//! asks the page to store reopens the same table; unreadable input changes nothing.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::shedding::normal_move;
use blackjack::engine::catalog::preset_title;
use blackjack::engine::shedding::{Action, Game, Phase, Preset};
use blackjack::net::worker::{from_bytes, to_bytes, FromWorker, HostRecord, Shedding, ToWorker, Worker, PAGE};
use blackjack::net::*;

fn record(seating: Vec<Seating>, seed: u64) -> HostRecord<Shedding> {
    HostRecord::new("r".repeat(22), Preset::Taylor.id().to_owned(), seating, seed)
}

fn host_and_bots(players: usize, seed: u64) -> HostRecord<Shedding> {
    let mut seating = vec![Seating::Host { name: "Ann".into() }];
    seating.resize(players, Seating::Bot);
    record(seating, seed)
}

fn send(w: &mut Worker<Shedding>, m: &ToWorker) -> Vec<FromWorker> {
    w.handle(&to_bytes(m))
}

/// The page's side: its reader, and what it learnt.
#[derive(Default)]
struct Page {
    reader: Reader<Game>,
    seat: Option<u8>,
    seats: Option<Seats>,
    update: Option<shedding::SeatUpdate>,
    refused: Vec<Refusal<shedding::Refusal>>,
    notices: Vec<Notice>,
    saved: Option<String>,
}

use blackjack::engine::shedding;

impl Page {
    /// Takes what the worker posted; what is for a friend comes back, by peer.
    fn take(&mut self, posted: Vec<FromWorker>) -> Vec<(PeerId, Vec<u8>)> {
        let mut others = Vec::new();
        for m in posted {
            match m {
                FromWorker::Send { to: PAGE, bytes } => match self.reader.read(&bytes).expect("readable") {
                    ToPeer::Welcome { seat, update, .. } => {
                        self.seat = Some(seat);
                        self.update = Some(update);
                    }
                    ToPeer::Update(u) => {
                        assert_eq!(u.view.seat, self.seat.unwrap(), "only the page's own seat");
                        self.update = Some(u);
                    }
                    ToPeer::Seats(s) => self.seats = Some(s),
                    ToPeer::Refused(r) => self.refused.push(r),
                    // The host runs no clock here (the page never sent one).
                    ToPeer::Clock(c) => panic!("a clock: {c:?}"),
                    ToPeer::Notice(n) => self.notices.push(n),
                    ToPeer::Pong { .. } | ToPeer::Challenge { .. } => {}
                },
                FromWorker::Send { to, bytes } => others.push((to, bytes)),
                FromWorker::Save { record } => self.saved = Some(record),
                FromWorker::Ready | FromWorker::Unreadable => panic!("unexpected {m:?}"),
            }
        }
        others
    }

    fn act(&self, w: &mut Worker<Shedding>, action: Action, at: u32) -> Vec<FromWorker> {
        let bytes = encode(&ToHost::Act { at, action });
        send(w, &ToWorker::Bytes { peer: PAGE, now_ms: 0, bytes })
    }
}

fn open(r: &HostRecord<Shedding>) -> (Worker<Shedding>, Page) {
    let mut w = Worker::<Shedding>::default();
    let mut page = Page::default();
    let others = page.take(send(&mut w, &ToWorker::Open { record: r.to_text(), pace: 1 }));
    assert!(others.is_empty());
    (w, page)
}

#[test]
fn the_hosts_page_is_seated_at_the_hosts_seat_and_sent_its_view_only() {
    let r = host_and_bots(3, 5);
    let (w, page) = open(&r);
    assert_eq!(page.seat, Some(0));
    let seats = page.seats.as_ref().expect("the seats");
    assert_eq!(seats.seats[0], Seat::Host { name: "Ann".into() });
    assert!(!seats.dealt);
    let table = w.table().unwrap().host().table();
    assert_eq!(page.update.as_ref().unwrap().view, table.view(0));
}

#[test]
fn the_pages_moves_are_checked_as_a_friends() {
    let r = host_and_bots(3, 5);
    let (mut w, mut page) = open(&r);
    // Before the deal.
    let legal = page.update.as_ref().unwrap().view.legal.clone();
    let at = page.update.as_ref().unwrap().state_id;
    if let Some(&a) = legal.first() {
        page.take(page.act(&mut w, a, at));
        assert_eq!(page.refused.pop(), Some(Refusal::NotStarted));
    }
    page.take(send(&mut w, &ToWorker::Deal));
    assert!(page.seats.as_ref().unwrap().dealt);
    // Another seat's move, and a stale one.
    page.take(page.act(&mut w, Action::Draw { seat: 1 }, at));
    assert_eq!(page.refused.pop(), Some(Refusal::NotYourSeat));
    page.take(page.act(&mut w, Action::Draw { seat: 0 }, at + 7));
    assert!(matches!(page.refused.pop(), Some(Refusal::Stale { .. })));
    assert_eq!(w.table().unwrap().host().table().state_id(), at, "nothing changed");
}

/// The page plays its seat from its updates alone; ticks let the bots play theirs.
fn play_out(w: &mut Worker<Shedding>, page: &mut Page, limit: u64) -> u64 {
    page.take(send(w, &ToWorker::Deal));
    let mut now = 0;
    while now < limit {
        let u = page.update.clone().unwrap();
        if matches!(u.view.phase, Phase::Over { .. }) {
            return now;
        }
        // The page's person plays as the normal bot would (on their turn only).
        if let Some(a) = u.view.is_my_turn().then(|| normal_move(&u.view.policy_input())).flatten() {
            page.take(page.act(w, a, u.state_id));
        }
        now += 100;
        page.take(send(w, &ToWorker::Tick { now_ms: now }));
    }
    panic!("no end after {limit} ms of the page's clock");
}

#[test]
fn a_whole_game_is_played_by_the_page_and_the_bots_and_its_save_reopens_it() {
    for seed in [1, 2, 3] {
        let r = host_and_bots(4, seed);
        let (mut w, mut page) = open(&r);
        play_out(&mut w, &mut page, 20_000_000);
        assert!(page.refused.is_empty(), "{:?}", page.refused);
        let table = w.table().unwrap().host().table();
        assert!(table.is_over());
        // The page's last update is the host's seat's view of the end.
        assert_eq!(page.update.as_ref().unwrap().view, table.view(0));
        // What the page stored reopens the same table, dealt.
        let saved = HostRecord::<Shedding>::from_text(page.saved.as_ref().unwrap()).unwrap();
        assert!(saved.started);
        assert_eq!(saved.log, table.log());
        let (again, reopened) = open(&saved);
        assert_eq!(reopened.update.unwrap().view, table.view(0));
        assert!(reopened.seats.unwrap().dealt);
        assert_eq!(again.table().unwrap().host().table().state_id(), table.state_id());
    }
}

#[test]
fn a_friend_through_the_page_gets_its_own_seat_and_the_page_relays_it() {
    let r = record(vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Bot], 9);
    let (mut w, mut page) = open(&r);
    let friend: PeerId = 1;
    let to_friend = page.take(send(&mut w, &ToWorker::Connected { peer: friend, nonce: 0x5a17 }));
    assert!(to_friend.iter().all(|(to, _)| *to == friend) && !to_friend.is_empty());
    let claim = encode(&ToHost::<Action>::Claim { seat: 1, key: SeatKey(77), name: "Bo".into() });
    let out = page.take(send(&mut w, &ToWorker::Bytes { peer: friend, now_ms: 0, bytes: claim }));
    let mut reader = Reader::<Game>::default();
    let welcomed = out
        .iter()
        .filter(|(to, _)| *to == friend)
        .any(|(_, b)| matches!(reader.read(b), Some(ToPeer::Welcome { seat: 1, .. })));
    assert!(welcomed);
    assert!(matches!(&page.seats.as_ref().unwrap().seats[1], Seat::Friend { name, here: true } if name == "Bo"));
    // The friend leaves: the page is told, and the seat's save keeps its key.
    page.take(send(&mut w, &ToWorker::Left { peer: friend }));
    assert!(matches!(&page.seats.as_ref().unwrap().seats[1], Seat::Friend { here: false, .. }));
    let saved = HostRecord::<Shedding>::from_text(page.saved.as_ref().unwrap()).unwrap();
    assert!(matches!(&saved.seating[1], Seating::Friend { key: SeatKey(77), .. }));
}

#[test]
fn a_table_saved_before_seats_were_proved_by_keys_reopens_and_its_friend_proves_the_seat() {
    // The form before keys kept the friend's token where the key is now.
    let token = SeatToken(0x7e11_0000_0000_0000_0000_0000_0000_0042);
    let old = record(
        vec![Seating::Host { name: "Ann".into() }, Seating::Friend { key: SeatKey(token.0), name: "Bo".into() }],
        9,
    );
    let text = old.to_text().replacen("bj.friends.2:", "bj.friends.1:", 1);
    assert_ne!(text, old.to_text(), "the test writes the older form");
    let read = HostRecord::<Shedding>::from_text(&text).unwrap();
    assert_eq!(read.seating[1], Seating::Friend { key: token.key(&old.room), name: "Bo".into() });
    // Opened, Bo's page (which still holds its token) takes the seat back with a proof.
    let mut w = Worker::<Shedding>::default();
    let mut page = Page::default();
    page.take(send(&mut w, &ToWorker::Open { record: text, pace: 1 }));
    page.take(send(&mut w, &ToWorker::Connected { peer: 3, nonce: 0x3c }));
    let tag = token.key(&old.room).tag(0x3c);
    let out = page
        .take(send(&mut w, &ToWorker::Bytes { peer: 3, now_ms: 0, bytes: encode(&ToHost::<Action>::Prove { tag }) }));
    let mut reader = Reader::<Game>::default();
    assert!(out.iter().any(|(to, b)| *to == 3 && matches!(reader.read(b), Some(ToPeer::Welcome { seat: 1, .. }))));
    // Saved again (at its next change: the deal), it is in today's form.
    assert_eq!(page.saved, None, "a proof changes nothing to store");
    page.take(send(&mut w, &ToWorker::Deal));
    assert!(page.saved.as_deref().is_some_and(|t| t.starts_with("bj.friends.2:")));
}

#[test]
fn unreadable_input_changes_nothing() {
    let mut w = Worker::<Shedding>::default();
    assert!(w.handle(b"\xff\xff\xff").is_empty());
    assert!(send(&mut w, &ToWorker::Deal).is_empty(), "no table yet");
    assert_eq!(
        send(&mut w, &ToWorker::Open { record: "bj.friends.2:zz".into(), pace: 1 }),
        vec![FromWorker::Unreadable]
    );
    assert!(w.table().is_none());
    let (mut w, page) = open(&host_and_bots(2, 4));
    let at = page.update.as_ref().unwrap().state_id;
    assert!(w.handle(&[9, 9, 9]).is_empty(), "no such message");
    assert!(w.handle(&vec![1; 2 * 1024 * 1024]).is_empty());
    let bytes = vec![9; 5000];
    let mut page = page;
    page.take(send(&mut w, &ToWorker::Bytes { peer: PAGE, now_ms: 0, bytes }));
    assert_eq!(w.table().unwrap().host().table().state_id(), at);
    assert_eq!(w.table().unwrap().host().dropped().too_long, 1);
    // Messages between the page and the worker read back as they were written.
    let m = ToWorker::Bytes { peer: 3, now_ms: 12, bytes: vec![1, 2, 3] };
    assert_eq!(from_bytes::<ToWorker>(&to_bytes(&m)), Some(m));
}

/// Every shedding game opens online (Switch and Crazy Eights too), under its own name, and its
/// bots play it from the deal.
#[test]
fn every_shedding_game_opens_online_under_its_own_name() {
    for preset in Preset::ALL {
        let mut r = host_and_bots(3, 5);
        r.preset = preset.id().to_owned();
        let host: Host<Game> = r.open().unwrap_or_else(|| panic!("{} opens", preset.id()));
        assert_eq!(host.seats().game, preset_title(preset));
        let mut w = Worker::<Shedding>::default();
        let opened = send(&mut w, &ToWorker::Open { record: r.to_text(), pace: 1 });
        assert!(!opened.contains(&FromWorker::Unreadable), "{}", preset.id());
    }
}

/// What the worker sent `peer`, read as that friend's page reads it.
fn read_for(peer: PeerId, sent: &[(PeerId, Vec<u8>)]) -> Vec<Message<Game>> {
    let mut reader = Reader::<Game>::default();
    sent.iter().filter(|(to, _)| *to == peer).filter_map(|(_, b)| reader.read(b)).collect()
}

/// The room these tests' seat keys are made for (any text: the worker never reads it back).
const ROOM: &str = "Ab3dEf6hIj9lMn2pQr5tUv";

/// The host's table with Sam (peer 1) at seat 1 and Bo (peer 2) at seat 2, dealt.
fn with_two_friends() -> (Worker<Shedding>, Page) {
    let r = record(vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Open, Seating::Bot], 9);
    let (mut w, mut page) = open(&r);
    for (peer, name) in [(1, "Sam"), (2, "Bo")] {
        page.take(send(&mut w, &ToWorker::Connected { peer, nonce: u128::from(peer) }));
        let key = SeatToken(70 + u128::from(peer as u8)).key(ROOM);
        let claim = encode(&ToHost::<Action>::Claim { seat: peer as u8, key, name: name.into() });
        page.take(send(&mut w, &ToWorker::Bytes { peer, now_ms: 0, bytes: claim }));
    }
    page.take(send(&mut w, &ToWorker::Deal));
    (w, page)
}

fn bytes(peer: PeerId, m: &ToHost<Action>) -> ToWorker {
    ToWorker::Bytes { peer, now_ms: 10, bytes: encode(m) }
}

#[test]
fn a_friend_s_page_cannot_remove_a_friend_or_close_the_table() {
    let (mut w, mut page) = with_two_friends();
    for m in [ToHost::Remove { seat: 1 }, ToHost::Remove { seat: 0 }, ToHost::Close] {
        let sent = page.take(send(&mut w, &bytes(2, &m)));
        assert_eq!(read_for(2, &sent), vec![ToPeer::Refused(Refusal::NotHost)], "{m:?}");
        assert!(read_for(1, &sent).is_empty());
    }
    assert!(matches!(&page.seats.as_ref().unwrap().seats[1], Seat::Friend { here: true, .. }));
    assert!(!w.table().unwrap().host().is_closed());
}

#[test]
fn the_host_s_page_removes_a_friend_whose_seat_a_bot_plays_from_then_on() {
    let (mut w, mut page) = with_two_friends();
    let sent = page.take(send(&mut w, &bytes(PAGE, &ToHost::Remove { seat: 1 })));
    assert_eq!(read_for(1, &sent), vec![ToPeer::Notice(Notice::Removed)]);
    assert!(read_for(2, &sent).iter().any(|m| matches!(m, ToPeer::Seats(s) if s.seats[1] == Seat::Bot)));
    assert_eq!(page.seats.as_ref().unwrap().seats[1], Seat::Bot, "a bot's for the rest of the game");
    // The save keeps the seat removed: reopened, the old token still takes nothing, and the
    // seat is still nobody's to claim.
    let saved = HostRecord::<Shedding>::from_text(page.saved.as_ref().unwrap()).unwrap();
    assert_eq!(saved.seating[1], Seating::Removed { key: SeatToken(71).key(ROOM) });
    let (mut again, _) = open(&saved);
    send(&mut again, &ToWorker::Connected { peer: 5, nonce: 0x55 });
    let back = send(&mut again, &bytes(5, &ToHost::Prove { tag: SeatToken(71).key(ROOM).tag(0x55) }));
    let back: Vec<_> = back
        .into_iter()
        .filter_map(|m| match m {
            FromWorker::Send { to: 5, bytes } => Some((5, bytes)),
            _ => None,
        })
        .collect();
    assert_eq!(read_for(5, &back), vec![ToPeer::Notice(Notice::Removed)]);
    assert_eq!(again.table().unwrap().host().seats().seats[1], Seat::Bot);
    // The bots play seat 1 now: its moves come on the page's ticks.
    let host = w.table().unwrap().host();
    assert!(!host.is_played_by_a_person(1) && host.is_played_by_a_person(2));
    let moves = |w: &Worker<Shedding>| w.table().unwrap().host().table().log().iter().filter(|a| a.seat() == 1).count();
    let before = moves(&w);
    let mut now = 0;
    while moves(&w) == before && !w.table().unwrap().host().table().is_over() {
        // Ann and Bo play as the normal bot would; seat 1's bot plays its own.
        for seat in [0, 2] {
            let table = w.table().unwrap().host().table();
            let (view, at) = (table.view(seat), table.state_id());
            if let Some(a) = view.is_my_turn().then(|| normal_move(&view.policy_input())).flatten() {
                let peer = if seat == 0 { PAGE } else { 2 };
                page.take(send(&mut w, &bytes(peer, &ToHost::Act { at, action: a })));
            }
        }
        now += 100;
        page.take(send(&mut w, &ToWorker::Tick { now_ms: now }));
        assert!(now < 10_000_000, "seat 1 never moved");
    }
}

#[test]
fn the_host_s_page_closes_the_table_everyone_is_told_and_nothing_moves_or_saves_after() {
    let (mut w, mut page) = with_two_friends();
    (page.saved, page.notices) = (None, Vec::new());
    let sent = page.take(send(&mut w, &bytes(PAGE, &ToHost::Close)));
    for friend in [1, 2] {
        assert_eq!(read_for(friend, &sent), vec![ToPeer::Notice(Notice::Closed)], "friend {friend}");
    }
    assert_eq!(page.notices, vec![Notice::Closed], "the host's own page is told too, and goes back to its form");
    assert_eq!(page.saved, None, "nothing to save: the page forgets the table");
    let state = w.table().unwrap().host().table().state_id();
    for m in [
        ToWorker::Tick { now_ms: 1_000_000 },
        ToWorker::Deal,
        ToWorker::Left { peer: 1 },
        bytes(1, &ToHost::Ping { t: 1 }),
    ] {
        assert!(send(&mut w, &m).is_empty(), "{m:?}");
    }
    assert_eq!(w.table().unwrap().host().table().state_id(), state, "no bot moves on a closed table");
    let late: Vec<_> = send(&mut w, &ToWorker::Connected { peer: 3, nonce: 0x33 })
        .into_iter()
        .filter_map(|m| match m {
            FromWorker::Send { to, bytes } => Some((to, bytes)),
            _ => None,
        })
        .collect();
    assert_eq!(read_for(3, &late), vec![ToPeer::Notice(Notice::Closed)], "a late comer is told it is closed");
}

/// A stranger with the room link takes the open seat and, besides playing its turns, calls as
/// fast as the host's rate lets anyone send: "Hurry up!" (free table talk), or a false "Last
/// card" (which costs it a card, and nothing once it holds every card there is to pick up). Each
/// call moves the state id, more often than a bot's reaction time, but moves no turn on: the
/// bots, whose moves are worked out a reaction time ahead, still make them, and the game ends.
/// (Past the most a seat may say in a game, such calls are refused: see the next test.)
#[test]
fn a_friend_calling_as_fast_as_allowed_does_not_stop_the_bots() {
    let hurry = Action::Say { seat: 1, phrase: blackjack::engine::shedding::Phrase::Hurry };
    for call in [hurry, Action::CallLastCard { seat: 1 }] {
        let r = record(vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Bot, Seating::Bot], 9);
        let (mut w, mut page) = open(&r);
        let stranger: PeerId = 1;
        page.take(send(&mut w, &ToWorker::Connected { peer: stranger, nonce: 0x77 }));
        let claim = ToHost::<Action>::Claim { seat: 1, key: SeatKey(0x5eed), name: "Mal".into() };
        page.take(send(&mut w, &bytes(stranger, &claim)));
        page.take(send(&mut w, &ToWorker::Deal));
        let bot_moves = |w: &Worker<Shedding>| {
            let log = w.table().unwrap().host().table().log().to_vec();
            log.iter().filter(|a| a.seat() >= 2 && a.is_turn_move()).count()
        };
        let mut now = 0;
        while !w.table().unwrap().host().table().is_over() {
            // Ann and the stranger play their turns as the normal bot would; every tenth of a
            // second the stranger sends a move or a call: the host's sustained rate, all read.
            let mut calling = Some(call);
            for (seat, peer) in [(0, PAGE), (1, stranger)] {
                let table = w.table().unwrap().host().table();
                let (view, at) = (table.view(seat), table.state_id());
                if let Some(a) = view.is_my_turn().then(|| normal_move(&view.policy_input())).flatten() {
                    calling = calling.filter(|_| peer != stranger);
                    let bytes = encode(&ToHost::Act { at, action: a });
                    page.take(send(&mut w, &ToWorker::Bytes { peer, now_ms: now, bytes }));
                }
            }
            if let Some(action) = calling {
                let at = w.table().unwrap().host().table().state_id();
                let bytes = encode(&ToHost::Act { at, action });
                page.take(send(&mut w, &ToWorker::Bytes { peer: stranger, now_ms: now, bytes }));
            }
            now += 100;
            page.take(send(&mut w, &ToWorker::Tick { now_ms: now }));
            assert!(now < 3_600_000, "{call:?}: no end after an hour: the bots made {} moves", bot_moves(&w));
        }
        let host = w.table().unwrap().host();
        assert_eq!(host.dropped().too_fast, 0, "every message was within the rate");
        let taken = host.table().log().iter().filter(|a| **a == call).count() as u64;
        // Taken, up to the most a seat may say in a game (then refused: talk is bounded).
        let most = blackjack::net::shedding::MOST_TALK as u64;
        assert!(taken >= most.min(now / 200), "{call:?}: the calls were taken: {taken} in {now} ms");
        assert!(bot_moves(&w) > 0);
    }
}

/// A stranger with the room link (no seat) sends what the host refuses, within the rate: a move,
/// a claim of the host's seat, a guessed proof, the host's controls, a ping. Nothing of the table
/// changed, so the worker asks the page to store nothing: else each of a room's connections could
/// have the host's page write the whole record to its storage ten times a second.
#[test]
fn what_changes_nothing_is_not_saved_again() {
    let r = record(vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Bot], 9);
    let (mut w, mut page) = open(&r);
    page.take(send(&mut w, &ToWorker::Deal));
    let stranger: PeerId = 4;
    page.take(send(&mut w, &ToWorker::Connected { peer: stranger, nonce: 0x44 }));
    let at = w.table().unwrap().host().table().state_id();
    let refused = [
        ToHost::Act { at, action: Action::Draw { seat: 1 } },
        ToHost::Claim { seat: 0, key: SeatKey(3), name: "Mal".into() },
        ToHost::Claim { seat: 1, key: SeatKey(3), name: "\n".into() },
        ToHost::Prove { tag: 7 },
        ToHost::Remove { seat: 0 },
        ToHost::Close,
        ToHost::Ping { t: 5 },
    ];
    for (i, m) in refused.iter().cycle().take(40).enumerate() {
        let posted = send(&mut w, &ToWorker::Bytes { peer: stranger, now_ms: 100 * i as u64, bytes: encode(m) });
        assert!(posted.iter().all(|p| !matches!(p, FromWorker::Save { .. })), "{m:?}: {posted:?}");
    }
    // A claim that takes the seat is saved.
    let claim = ToHost::<Action>::Claim { seat: 1, key: SeatKey(3), name: "Mal".into() };
    let posted = send(&mut w, &ToWorker::Bytes { peer: stranger, now_ms: 4000, bytes: encode(&claim) });
    assert!(posted.iter().any(|p| matches!(p, FromWorker::Save { .. })));
}

/// A stranger with the room link sits at a table with no clock and says "Well played!" as fast as
/// the host's rate allows, for two and a half hours. Every phrase went into the game's log, and
/// the log into the record the host's page stores: past its size the record no longer reopened,
/// so a reload of the host's page lost the table ("This table's save could not be read"). Talk is
/// bounded instead: a seat says at most `MOST_TALK` things in a game (a few hundred phrases, what
/// a long game's chat comes to, pass untouched), then it is told so in words and nothing more it
/// says is kept; the record reopens the same table.
#[test]
fn talk_as_fast_as_allowed_for_hours_is_bounded_and_the_record_still_reopens() {
    use blackjack::net::shedding::MOST_TALK;
    let r = record(vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Bot], 9);
    let mut host = r.open().unwrap();
    let stranger: PeerId = 1;
    host.connect(stranger, 0x77);
    let claim = ToHost::<Action>::Claim { seat: 1, key: SeatKey(0x5eed), name: "Mal".into() };
    host.receive_at(stranger, 0, &encode(&claim));
    host.start();
    let say = Action::Say { seat: 1, phrase: shedding::Phrase::WellPlayed };
    let mut refused = Vec::new();
    for i in 0..(10 * 9_000u64) {
        let at = host.table().state_id();
        for o in host.receive_at(stranger, i * 100, &encode(&ToHost::Act { at, action: say })) {
            if let ToPeer::Refused(r) = o.message {
                refused.push(r);
            }
        }
    }
    assert_eq!(host.dropped().too_fast, 0, "every phrase was within the rate");
    let said = host.table().log().iter().filter(|a| **a == say).count();
    assert_eq!(said, MOST_TALK, "the first phrases are all taken, up to the most a seat may say");
    const { assert!(MOST_TALK >= 300, "a long game's chat is never cut short") };
    assert_eq!(refused.len(), 90_000 - MOST_TALK);
    assert!(refused.iter().all(|r| *r == Refusal::EnoughTalk), "{:?}", refused.first());
    // What the host's page stores reopens the same table.
    let stored = HostRecord::<Shedding> {
        seating: host.seating().to_vec(),
        log: host.table().log().to_vec(),
        started: true,
        ..r
    };
    let again = HostRecord::<Shedding>::from_text(&stored.to_text()).expect("the stored record reads back");
    assert_eq!(again.open().unwrap().table(), host.table());
    // The host's own seat and the bots still play: talk took nothing from the game.
    let view = host.table().view(0);
    if let Some(a) = view.is_my_turn().then(|| normal_move(&view.policy_input())).flatten() {
        assert!(host.act(a).is_ok());
    }
}

/// A friend who takes a seat over from its bot (an open seat, or one the host removed someone
/// from) plays it from then on: the bot's move, worked out a reaction time ahead and due a moment
/// after the friend sat down, is not made for them.
#[test]
fn a_bot_s_move_due_as_a_friend_takes_its_seat_is_not_made_for_them() {
    let r = record(vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Bot], 9);
    let seat_1 =
        |w: &Worker<Shedding>| w.table().unwrap().host().table().log().iter().filter(|a| a.seat() == 1).count();
    // The table as the page and the bots play it, Kim claiming seat 1 at `claim_at`: the time the
    // bot of seat 1 first moved, if it did by `until`.
    let run = |claim_at: Option<u64>, until: u64| {
        let (mut w, mut page) = open(&r);
        page.take(send(&mut w, &ToWorker::Deal));
        page.take(send(&mut w, &ToWorker::Connected { peer: 1, nonce: 1 }));
        let mut now = 0;
        while now < until {
            now += 10;
            if claim_at == Some(now) {
                let claim = ToHost::<Action>::Claim { seat: 1, key: SeatKey(0x4b1), name: "Kim".into() };
                page.take(send(&mut w, &ToWorker::Bytes { peer: 1, now_ms: now, bytes: encode(&claim) }));
                assert!(w.table().unwrap().host().is_played_by_a_person(1));
            }
            let table = w.table().unwrap().host().table();
            let (view, at) = (table.view(0), table.state_id());
            if let Some(a) = view.is_my_turn().then(|| normal_move(&view.policy_input())).flatten() {
                page.take(send(
                    &mut w,
                    &ToWorker::Bytes { peer: PAGE, now_ms: now, bytes: encode(&ToHost::Act { at, action: a }) },
                ));
            }
            page.take(send(&mut w, &ToWorker::Tick { now_ms: now }));
            if seat_1(&w) > 0 {
                return Some(now);
            }
        }
        None
    };
    let moved = run(None, 600_000).expect("the bot of the open seat moves");
    // The same table, Kim sitting down just before that move falls due: it is hers to make.
    assert_eq!(run(Some(moved - 10), moved + 5_000), None, "the bot moved for Kim");
}
