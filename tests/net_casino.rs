//! A casino table with friends, host side (`net::casino_host`): a whole session between the
//! host's worker, the host's page and a friend, bots at the other spots; moves for another spot,
//! the host's own moves and stale moves refused; a friend who drops is played flat by the bots
//! and gets the spot's view back whole on return; the record reopens the table; and a recorder
//! reads every message to every spot back as its page would and finds neither the hole card
//! nor any card of the shoe in it.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino::CasinoBot;
use blackjack::engine::casino::{Action, Game, Phase, Spot, SpotView};
use blackjack::net::casino_host::{CasinoRecord, CasinoWorker, BETTING_MS, SETTLED_MS};
use blackjack::net::worker::{to_bytes, FromWorker, ToWorker, PAGE};
use blackjack::net::*;

mod feed_check;
use feed_check::{casino::allowed, hidden_card_in, FRENCH};

const FRIEND: PeerId = 1;
const TOKEN: SeatToken = SeatToken(0x5eed_0000_1111_2222);

fn send(w: &mut CasinoWorker, m: &ToWorker) -> Vec<FromWorker> {
    w.handle(&to_bytes(m))
}

fn game(w: &CasinoWorker) -> &Game {
    w.table().unwrap().host().table()
}

/// One person's page: what it read, checked against the true game as it is read.
#[derive(Default)]
struct Page {
    reader: Reader<Game>,
    spot: Option<Spot>,
    seats: Option<Seats>,
    update: Option<blackjack::engine::casino::SeatUpdate>,
    refused: Vec<Refusal<blackjack::engine::casino::Refusal>>,
    read: usize,
}

impl Page {
    /// Reads `bytes` as the page does; every card in them must be face up on the table now.
    fn read(&mut self, g: &Game, bytes: &[u8]) {
        let message = self.reader.read(bytes).expect("readable");
        if let Some(leak) = hidden_card_in(&message, FRENCH, &allowed(g)) {
            panic!("spot {:?} was sent a card face down at the table: {leak}", self.spot);
        }
        self.read += 1;
        match message {
            ToPeer::Welcome { seat, update, .. } => {
                assert_eq!(update.view, g.view(seat), "the welcome is the spot's whole view");
                self.spot = Some(seat);
                self.update = Some(update);
            }
            ToPeer::Update(u) => {
                assert_eq!(u.view.spot, self.spot.unwrap(), "only the page's own spot");
                assert_eq!(u.view, g.view(u.view.spot));
                self.update = Some(u);
            }
            ToPeer::Seats(s) => self.seats = Some(s),
            ToPeer::Refused(r) => self.refused.push(r),
            ToPeer::Notice(_) => {}
        }
    }

    fn view(&self) -> &SpotView {
        &self.update.as_ref().unwrap().view
    }

    fn at(&self) -> u32 {
        self.update.as_ref().unwrap().state_id
    }

    /// The bytes of a move made from the page's last update.
    fn act(&self, action: Action) -> Vec<u8> {
        encode(&ToHost::Act { at: self.at(), action })
    }

    /// What this person does now: ready with the bet on the spot, or the strategy's decision.
    fn choose(&self, bot: &mut CasinoBot) -> Option<Action> {
        let v = self.view();
        match v.phase {
            Phase::Betting if v.bet > 0 => Some(Action::Bet { spot: v.spot, amount: v.bet }),
            _ => bot.decide(v),
        }
    }
}

/// The host's page and a friend's, fed what the worker posts.
struct Session {
    w: CasinoWorker,
    host: Page,
    friend: Page,
    saved: Option<String>,
    now: u64,
}

impl Session {
    fn open(record: &CasinoRecord) -> Session {
        let mut s =
            Session { w: CasinoWorker::default(), host: Page::default(), friend: Page::default(), saved: None, now: 0 };
        let out = send(&mut s.w, &ToWorker::Open { record: record.to_text(), pace: 1 });
        s.take(out);
        s
    }

    fn take(&mut self, posted: Vec<FromWorker>) {
        for m in posted {
            match m {
                FromWorker::Send { to: PAGE, bytes } => self.host.read(game(&self.w), &bytes),
                FromWorker::Send { to: FRIEND, bytes } => self.friend.read(game(&self.w), &bytes),
                FromWorker::Save { record } => self.saved = Some(record),
                other => panic!("unexpected {other:?}"),
            }
        }
    }

    fn post(&mut self, m: ToWorker) {
        let out = send(&mut self.w, &m);
        self.take(out);
    }

    fn host_sends(&mut self, bytes: Vec<u8>) {
        self.post(ToWorker::Bytes { peer: PAGE, now_ms: self.now, bytes });
    }

    fn friend_sends(&mut self, bytes: Vec<u8>) {
        self.post(ToWorker::Bytes { peer: FRIEND, now_ms: self.now, bytes });
    }

    fn tick(&mut self, ms: u64) {
        self.now += ms;
        self.post(ToWorker::Tick { now_ms: self.now });
    }

    /// The friend connects and claims the open spot.
    fn friend_sits(&mut self, spot: Spot) {
        self.post(ToWorker::Connected { peer: FRIEND });
        let claim = encode(&ToHost::<Action>::Claim { seat: spot, token: TOKEN, name: "Bo".into() });
        self.friend_sends(claim);
        assert_eq!(self.friend.spot, Some(spot));
    }
}

fn two_people(seed: u64) -> CasinoRecord {
    CasinoRecord::new("r".repeat(22).as_str(), "Ann", 2, 2, seed, 100_000)
}

fn settled_rounds(g: &Game) -> usize {
    g.log().iter().filter(|a| **a == Action::NextRound).count() + usize::from(g.phase() == Phase::Settled)
}

/// Plays until `rounds` more rounds are settled, the people deciding as the strategy would,
/// from their updates only.
fn play_rounds(s: &mut Session, rounds: usize, people: &[bool; 2]) {
    let start = settled_rounds(game(&s.w));
    play_until(s, people, |g| settled_rounds(g) >= start + rounds);
}

fn play_until(s: &mut Session, people: &[bool; 2], stop: impl Fn(&Game) -> bool) {
    let mut bot = CasinoBot::default();
    let mut steps = 0;
    while !stop(game(&s.w)) {
        steps += 1;
        assert!(steps < 10_000, "the table stalled at {:?}", game(&s.w).phase());
        if people[0] {
            if let Some(a) = s.host.choose(&mut bot) {
                if !matches!(a, Action::Bet { .. }) || !ready_sent(&s.w, &s.host) {
                    let bytes = s.host.act(a);
                    s.host_sends(bytes);
                }
            }
        }
        if people[1] {
            if let Some(a) = s.friend.choose(&mut bot) {
                if !matches!(a, Action::Bet { .. }) || !ready_sent(&s.w, &s.friend) {
                    let bytes = s.friend.act(a);
                    s.friend_sends(bytes);
                }
            }
        }
        s.tick(100);
    }
}

/// Whether the page's readiness is already in the log of this betting phase (it says it once).
fn ready_sent(w: &CasinoWorker, p: &Page) -> bool {
    let g = game(w);
    let since = g.log().iter().rposition(|a| matches!(a, Action::NextRound)).map_or(0, |i| i + 1);
    g.log()[since..].iter().any(|a| matches!(a, Action::Bet { spot, .. } if Some(*spot) == p.spot))
}

#[test]
fn a_session_between_the_host_a_friend_and_two_bots_plays_rounds_and_its_record_reopens_it() {
    for seed in [1, 2, 3, 4] {
        let r = two_people(seed);
        let mut s = Session::open(&r);
        assert_eq!(s.host.spot, Some(3), "the host at the middle spot");
        let seats = s.host.seats.clone().unwrap();
        assert_eq!(seats.game, "Casino Blackjack");
        assert_eq!(seats.seats[3], Seat::Host { name: "Ann".into() });
        assert_eq!(seats.seats[4], Seat::Open);
        s.friend_sits(4);
        s.post(ToWorker::Deal);
        play_rounds(&mut s, 6, &[true, true]);
        assert!(
            s.host.refused.is_empty() && s.friend.refused.is_empty(),
            "{:?} {:?}",
            s.host.refused,
            s.friend.refused
        );
        let g = game(&s.w);
        // Bets were made by bots at their own spots, and each person's chips are their own.
        let bots: Vec<Spot> = (0..7).filter(|&i| g.spots()[i as usize].owner.is_some_and(|o| o >= 2)).collect();
        assert_eq!(bots.len(), 2);
        assert_eq!(s.host.view().chips, g.bankrolls()[0]);
        assert_eq!(s.friend.view().chips, g.bankrolls()[1]);
        // The record the page stores reopens the same table, dealt, the friend's token kept.
        let saved = CasinoRecord::from_text(s.saved.as_ref().unwrap()).unwrap();
        assert!(saved.started);
        assert_eq!(saved.log, g.log());
        assert!(matches!(&saved.seating[4], Seating::Friend { token, .. } if *token == TOKEN));
        let again = Session::open(&saved);
        assert_eq!(game(&again.w), g);
        assert_eq!(again.host.view(), &g.view(3));
        assert!(s.host.read > 30 && s.friend.read > 30, "{} {}", s.host.read, s.friend.read);
    }
}

#[test]
fn the_host_deals_when_every_person_is_ready_or_when_its_betting_clock_runs_out() {
    let mut s = Session::open(&two_people(7));
    s.friend_sits(4);
    // Nothing is dealt before the host opens the table.
    s.tick(BETTING_MS * 2);
    assert_eq!(game(&s.w).phase(), Phase::Betting);
    s.post(ToWorker::Deal);
    s.tick(100);
    assert_eq!(game(&s.w).phase(), Phase::Betting, "nobody is ready yet");
    // A chip added is not readiness.
    let more = s.host.act(Action::Bet { spot: 3, amount: 1000 });
    s.host_sends(more);
    s.tick(100);
    assert_eq!(game(&s.w).phase(), Phase::Betting);
    // The host says ready: still the friend's bet to wait for.
    let ready = s.host.act(Action::Bet { spot: 3, amount: 1000 });
    s.host_sends(ready);
    s.tick(100);
    assert_eq!(game(&s.w).phase(), Phase::Betting);
    let ready = s.friend.act(Action::Bet { spot: 4, amount: 500 });
    s.friend_sends(ready);
    s.tick(100);
    assert_ne!(game(&s.w).phase(), Phase::Betting, "both ready: dealt");
    assert_eq!(game(&s.w).log().iter().filter(|a| **a == Action::Deal).count(), 1);
    // To the end of the round, then the settled round stays up for a while before it is cleared.
    play_rounds(&mut s, 1, &[true, true]);
    assert_eq!(game(&s.w).phase(), Phase::Settled);
    s.tick(SETTLED_MS - 200);
    assert_eq!(game(&s.w).phase(), Phase::Settled);
    s.tick(200);
    assert_eq!(game(&s.w).phase(), Phase::Betting);
    // Nobody says ready: the clock deals the bets that are down.
    s.tick(BETTING_MS - 300);
    assert_eq!(game(&s.w).phase(), Phase::Betting);
    s.tick(300);
    assert_ne!(game(&s.w).phase(), Phase::Betting, "the betting clock ran out");
}

#[test]
fn moves_for_another_spot_the_hosts_own_moves_and_stale_moves_are_refused() {
    let mut s = Session::open(&two_people(11));
    s.friend_sits(4);
    let before = game(&s.w).state_id();
    let early = s.friend.act(Action::Bet { spot: 4, amount: 500 });
    s.friend_sends(early);
    assert_eq!(s.friend.refused.pop(), Some(Refusal::NotStarted));
    s.post(ToWorker::Deal);
    for forged in
        [Action::Bet { spot: 3, amount: 5000 }, Action::Bet { spot: 2, amount: 0 }, Action::Deal, Action::NextRound]
    {
        let bytes = s.friend.act(forged);
        s.friend_sends(bytes);
        assert_eq!(s.friend.refused.pop(), Some(Refusal::NotYourSeat), "{forged:?}");
    }
    // The host's page is checked as a friend's: it may not deal or bet for a bot.
    let deal = s.host.act(Action::Deal);
    s.host_sends(deal);
    assert_eq!(s.host.refused.pop(), Some(Refusal::NotYourSeat));
    let stale = encode(&ToHost::Act { at: before + 5, action: Action::Bet { spot: 4, amount: 500 } });
    s.friend_sends(stale);
    assert!(matches!(s.friend.refused.pop(), Some(Refusal::Stale { .. })));
    let too_much = s.friend.act(Action::Bet { spot: 4, amount: 10_000_000 });
    s.friend_sends(too_much);
    assert!(matches!(s.friend.refused.pop(), Some(Refusal::Illegal(_))));
    s.friend_sends(vec![0xff; 5000]);
    assert_eq!(game(&s.w).state_id(), before, "nothing changed");
    assert_eq!(s.w.table().unwrap().host().dropped().too_long, 1);
}

#[test]
fn a_friend_who_drops_is_played_flat_by_the_bots_and_gets_the_spots_view_back_whole() {
    let mut s = Session::open(&two_people(21));
    s.friend_sits(4);
    s.post(ToWorker::Deal);
    play_rounds(&mut s, 1, &[true, true]);
    let bet = game(&s.w).spots()[4].bet;
    s.post(ToWorker::Left { peer: FRIEND });
    assert!(matches!(&s.host.seats.as_ref().unwrap().seats[4], Seat::Friend { here: false, .. }));
    // The table goes on without waiting for the friend: the host alone is ready, the bots play
    // the friend's spot at the bet it had.
    play_rounds(&mut s, 3, &[true, false]);
    let g = game(&s.w);
    assert!(g.spots()[4].bet == bet || g.spots()[4].bet == 0, "flat: the same bet, or sitting out");
    let played_for_4 = g.log().iter().rev().take(60).any(|a| a.spot() == Some(4) && !matches!(a, Action::Bet { .. }));
    assert!(played_for_4, "the strategy decided for the spot");
    // Back with the token (a new connection): the spot's whole view, nobody else's.
    s.friend = Page::default();
    s.post(ToWorker::Connected { peer: FRIEND });
    s.friend_sends(encode(&ToHost::<Action>::Join { token: TOKEN }));
    assert_eq!(s.friend.spot, Some(4));
    assert_eq!(s.friend.view(), &game(&s.w).view(4));
    play_rounds(&mut s, 1, &[true, true]);
    assert!(s.friend.refused.is_empty());
}

#[test]
fn records_that_are_not_casino_records_open_nothing() {
    let mut w = CasinoWorker::default();
    assert!(w.handle(b"\x01\x02").is_empty());
    assert!(send(&mut w, &ToWorker::Deal).is_empty(), "no table yet");
    for text in ["bj.friends.1:00", "bj.friends.casino.1:zz", "bj.friends.casino.1:0", ""] {
        assert_eq!(send(&mut w, &ToWorker::Open { record: text.into(), pace: 1 }), vec![FromWorker::Unreadable]);
    }
    // A record whose chips the page never gives, or whose log the table refuses.
    let mut r = two_people(3);
    r.chips = vec![-5, 100];
    assert!(r.open().is_none());
    let mut r = two_people(3);
    r.log = vec![Action::Hit { spot: 3 }];
    assert!(r.open().is_none());
    assert!(w.table().is_none());
}

#[test]
fn the_recorder_catches_a_hole_card_planted_in_a_message() {
    let s = {
        let mut s = Session::open(&two_people(5));
        s.post(ToWorker::Deal);
        let ready = s.host.act(Action::Bet { spot: 3, amount: 500 });
        s.host_sends(ready);
        s.tick(BETTING_MS);
        s
    };
    let g = game(&s.w);
    assert!(matches!(g.phase(), Phase::Insurance { .. } | Phase::Playing { .. }), "{:?}", g.phase());
    let mut copy = g.clone();
    let hole = loop {
        let a = match copy.phase() {
            Phase::Insurance { spot } => Action::Insure { spot, amount: 0 },
            Phase::Playing { spot, .. } => Action::Stand { spot },
            _ => unreachable!(),
        };
        let events = copy.apply(a).unwrap();
        if let Some(card) = events.iter().find_map(|e| match e {
            blackjack::engine::casino::Event::HoleRevealed { card } => Some(*card),
            _ => None,
        }) {
            break card;
        }
    };
    let mut update = g.update_for(3).unwrap();
    let face_up = allowed(g).get(&feed_check::key(&serde_json::to_value(hole).unwrap()));
    assert_eq!(face_up, 0, "in this deal no copy of the hole card is face up");
    update.view.dealer[1] = Some(hole);
    assert!(hidden_card_in(&update, FRENCH, &allowed(g)).is_some());
}

/// The recorder over many tables: people who bet any amount, take insurance, double and split
/// at random from their own updates; the friend drops and comes back now and then. Every
/// message each page reads is searched for a card not face up at the table (`Page::read`).
#[test]
fn no_message_to_a_spot_holds_the_hole_card_or_a_card_of_the_shoe() {
    use blackjack::engine::rng::GameRng;
    let tables: u64 = std::env::var("NET_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let mut messages = 0;
    for seed in 0..tables {
        let mut s = Session::open(&two_people(1000 + seed));
        s.friend_sits(4);
        s.post(ToWorker::Deal);
        let mut rng = GameRng::new(seed);
        let mut here = true;
        for _ in 0..400 {
            for who in [PAGE, FRIEND] {
                if who == FRIEND && !here {
                    continue;
                }
                let page = if who == PAGE { &s.host } else { &s.friend };
                let v = page.view();
                let mine: Vec<Action> = v.legal.iter().copied().filter(|a| a.spot() == Some(v.spot)).collect();
                let Some(&pick) = mine.get(rng.below(mine.len().max(1) as u64) as usize) else { continue };
                let a = match pick {
                    Action::Bet { spot, amount } if amount > 0 => {
                        Action::Bet { spot, amount: 500 * (1 + rng.below(8) as i64) }
                    }
                    a => a,
                };
                let bytes = page.act(a);
                s.post(ToWorker::Bytes { peer: who, now_ms: s.now, bytes });
            }
            if rng.below(40) == 0 {
                if here {
                    s.post(ToWorker::Left { peer: FRIEND });
                } else {
                    s.post(ToWorker::Connected { peer: FRIEND });
                    s.friend_sends(encode(&ToHost::<Action>::Join { token: TOKEN }));
                    assert_eq!(s.friend.view(), &game(&s.w).view(4), "seed {seed}: the spot's view back whole");
                }
                here = !here;
            }
            s.tick(250);
        }
        assert!(settled_rounds(game(&s.w)) >= 3, "seed {seed}: rounds were played");
        messages += s.host.read + s.friend.read;
    }
    assert!(messages > tables as usize * 100, "{messages} messages");
    println!("{tables} tables, {messages} messages read back and searched");
}
