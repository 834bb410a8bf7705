//! A casino table with friends (`net::casino`, `net::worker::Worker<Casino>`): a whole
//! session between the host's worker, the host's page and a friend's, bots at the other spots;
//! moves for another spot, the host's own moves (deal, clear) and stale moves refused; a friend
//! who drops is played flat by the bots and gets the spot's view back whole on return; the
//! record reopens the table; and a recorder reads every message to every spot back as its page
//! would and finds neither the hole card nor any card of the shoe in it.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino::CasinoBot;
use blackjack::engine::casino::{Action, Game, Phase, Spot, SpotView};
use blackjack::net::casino::{ready, record_log, Casino, ShoeTable, Start, BETTING_MS, PRESET, SETTLED_MS};
use blackjack::net::worker::{to_bytes, Family, FromWorker, HostRecord, ToWorker, Worker, PAGE};
use blackjack::net::*;

mod feed_check;
use feed_check::{casino::allowed, hidden_card_in, FRENCH};

const FRIEND: PeerId = 1;
const KEY: SeatKey = SeatKey(0x5eed_0000_1111_2222);
/// The challenge of the friend's connection (a host's page draws one at random each time).
const NONCE: u128 = 0xc4a1_1e46e;

fn game(w: &Worker<Casino>) -> &ShoeTable {
    w.table().unwrap().host().table()
}

/// One person's page: what it read, checked against the true game as it is read.
#[derive(Default)]
struct Page {
    reader: Reader<ShoeTable>,
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
            // No clock in this family; no ping from here.
            ToPeer::Clock(c) => panic!("a clock: {c:?}"),
            ToPeer::Notice(_) | ToPeer::Pong { .. } | ToPeer::Challenge { .. } => {}
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

    /// What this person does now, from their view alone: a first bet of the minimum, then Deal
    /// (their bet again, once a betting phase), or the strategy's decision.
    fn choose(&self, bot: &mut CasinoBot, g: &ShoeTable) -> Option<Action> {
        let v = self.view();
        match v.phase {
            Phase::Betting if v.bet == 0 => Some(Action::Bet { spot: v.spot, amount: v.rules.min_bet }),
            // (The page knows it pressed Deal; the test asks the log, which says the same.)
            Phase::Betting if !ready(g, v.spot) => Some(Action::Bet { spot: v.spot, amount: v.bet }),
            Phase::Betting => None,
            _ => bot.decide(v),
        }
    }
}

/// The host's page and a friend's, fed what the worker posts.
struct Session {
    w: Worker<Casino>,
    host: Page,
    friend: Page,
    saved: Option<String>,
    now: u64,
}

impl Session {
    fn open(record: &HostRecord<Casino>) -> Session {
        let mut s =
            Session { w: Worker::default(), host: Page::default(), friend: Page::default(), saved: None, now: 0 };
        s.post(ToWorker::Open { record: record.to_text(), pace: 1 });
        s
    }

    fn post(&mut self, m: ToWorker) {
        for m in self.w.handle(&to_bytes(&m)) {
            match m {
                FromWorker::Send { to: PAGE, bytes } => self.host.read(game(&self.w), &bytes),
                FromWorker::Send { to: FRIEND, bytes } => self.friend.read(game(&self.w), &bytes),
                FromWorker::Save { record } => self.saved = Some(record),
                other => panic!("unexpected {other:?}"),
            }
        }
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
        self.post(ToWorker::Connected { peer: FRIEND, nonce: NONCE });
        self.friend_sends(encode(&ToHost::<Action>::Claim { seat: spot, key: KEY, name: "Bo".into() }));
        assert_eq!(self.friend.spot, Some(spot));
    }
}

/// Ann hosts at spot 0, spot 1 is open to a friend, bots at spots 2 and 3.
fn two_people(seed: u64) -> HostRecord<Casino> {
    let seating = vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Bot, Seating::Bot];
    HostRecord::new("r".repeat(22), PRESET.to_owned(), seating, seed)
}

/// Rounds settled so far, from the rounds dealt (a table's log starts again at each shoe).
fn settled_rounds(g: &Game) -> usize {
    g.round() as usize - usize::from(matches!(g.phase(), Phase::Insurance { .. } | Phase::Playing { .. }))
}

/// Rounds settled and cleared so far.
fn cleared_rounds(g: &Game) -> usize {
    g.round() as usize - usize::from(g.phase() != Phase::Betting)
}

/// Plays until `rounds` more rounds are settled, the people deciding as the strategy would.
fn play_rounds(s: &mut Session, rounds: usize, people: [bool; 2]) {
    let stop = settled_rounds(game(&s.w)) + rounds;
    let mut bot = CasinoBot::default();
    let mut steps = 0;
    while settled_rounds(game(&s.w)) < stop {
        steps += 1;
        assert!(steps < 10_000, "the table stalled at {:?}", game(&s.w).phase());
        if let Some(a) = people[0].then(|| s.host.choose(&mut bot, game(&s.w))).flatten() {
            let bytes = s.host.act(a);
            s.host_sends(bytes);
        }
        if let Some(a) = people[1].then(|| s.friend.choose(&mut bot, game(&s.w))).flatten() {
            let bytes = s.friend.act(a);
            s.friend_sends(bytes);
        }
        s.tick(100);
    }
}

#[test]
fn a_session_between_the_host_a_friend_and_two_bots_plays_rounds_and_its_record_reopens_it() {
    for seed in [1, 2, 3, 4] {
        let mut s = Session::open(&two_people(seed));
        assert_eq!(s.host.spot, Some(0));
        let seats = s.host.seats.clone().unwrap();
        assert_eq!(seats.game, "Casino Blackjack");
        assert_eq!(seats.seats[0], Seat::Host { name: "Ann".into() });
        assert_eq!(seats.seats[1], Seat::Open);
        s.friend_sits(1);
        s.post(ToWorker::Deal);
        play_rounds(&mut s, 6, [true, true]);
        assert!(
            s.host.refused.is_empty() && s.friend.refused.is_empty(),
            "{:?} {:?}",
            s.host.refused,
            s.friend.refused
        );
        let g = game(&s.w);
        // Everyone's chips are their own: each page's view shows its spot's player's.
        assert_eq!(s.host.view().chips, g.bankrolls()[0]);
        assert_eq!(s.friend.view().chips, g.bankrolls()[1]);
        assert!(
            g.bankrolls()[2..].iter().all(|&c| c != 100_000) || g.log().iter().any(|a| a.spot() == Some(2)),
            "the bots played"
        );
        // The record the page stores reopens the same table, dealt, the friend's token kept.
        let saved = HostRecord::<Casino>::from_text(s.saved.as_ref().unwrap()).unwrap();
        assert!(saved.started);
        assert_eq!(saved.log, Casino::log(g));
        assert!(matches!(&saved.seating[1], Seating::Friend { key, .. } if *key == KEY));
        let again = Session::open(&saved);
        assert!(game(&again.w).plays_as(g), "the reopened table plays on as the one saved");
        assert_eq!(again.host.view(), &g.view(0));
        assert!(s.host.read > 30 && s.friend.read > 30, "{} {}", s.host.read, s.friend.read);
    }
}

#[test]
fn the_host_deals_when_every_person_is_ready_or_when_its_betting_clock_runs_out() {
    let mut s = Session::open(&two_people(7));
    s.friend_sits(1);
    // Nothing moves before the host opens the table.
    s.tick(u64::from(BETTING_MS) * 2);
    assert_eq!(game(&s.w).log().len(), 0);
    s.post(ToWorker::Deal);
    for _ in 0..20 {
        s.tick(100);
    }
    let g = game(&s.w);
    assert_eq!(g.phase(), Phase::Betting, "nobody is ready yet");
    assert!(g.spots()[2].bet > 0 && g.spots()[3].bet > 0, "the bots bet");
    // A first chip is not readiness, nor is a chip added.
    for amount in [500, 1000] {
        let bet = s.host.act(Action::Bet { spot: 0, amount });
        s.host_sends(bet);
        s.tick(1000);
        assert_eq!(game(&s.w).phase(), Phase::Betting);
    }
    // The host says ready: the friend is still to bet.
    let ready_bytes = s.host.act(Action::Bet { spot: 0, amount: 1000 });
    s.host_sends(ready_bytes);
    s.tick(1000);
    assert_eq!(game(&s.w).phase(), Phase::Betting);
    for bytes in [
        s.friend.act(Action::Bet { spot: 1, amount: 500 }),
        encode(&ToHost::Act { at: s.friend.at() + 1, action: Action::Bet { spot: 1, amount: 500 } }),
    ] {
        s.friend_sends(bytes);
    }
    s.tick(100);
    s.tick(400);
    assert_ne!(game(&s.w).phase(), Phase::Betting, "both ready: dealt at once");
    assert_eq!(game(&s.w).log().iter().filter(|a| **a == Action::Deal).count(), 1);
    // To the end of the round; the settled round stays up a while before it is cleared.
    play_until_settled(&mut s);
    let settled_at = s.now;
    while game(&s.w).phase() == Phase::Settled {
        s.tick(100);
    }
    assert!(s.now - settled_at >= u64::from(SETTLED_MS), "cleared after {} ms", s.now - settled_at);
    // Nobody says ready: the clock deals the bets down.
    let betting_at = s.now;
    while game(&s.w).phase() == Phase::Betting {
        s.tick(500);
        assert!(s.now - betting_at < 3 * u64::from(BETTING_MS), "the betting clock never ran out");
    }
    assert!(s.now - betting_at >= u64::from(BETTING_MS));
}

/// A table of the host and a friend (seed `seed`) whose first round's betting has just opened,
/// and the page clock then.
fn betting_opened(seed: u64) -> (Session, u64) {
    let mut s = Session::open(&two_people(seed));
    s.friend_sits(1);
    s.post(ToWorker::Deal);
    let opened = s.now;
    (s, opened)
}

/// A person who changes their bet every 19 seconds, just inside the betting clock, restarted it
/// every time: the round never dealt, and the other people waited for ever. A bet changed still
/// gives more time, but the round deals at most `BETTING_MOST_MS` after betting opened, however
/// the bets change.
#[test]
fn a_spot_changing_its_bet_every_few_seconds_cannot_hold_the_deal() {
    use blackjack::net::casino::BETTING_MOST_MS;
    let (mut s, opened) = betting_opened(7);
    // The host puts a bet down and says ready.
    s.tick(1000);
    for _ in 0..2 {
        let bet = s.host.act(Action::Bet { spot: 0, amount: 500 });
        s.host_sends(bet);
        s.tick(100);
    }
    assert!(ready(game(&s.w), 0));
    let mut amount = 500;
    while game(&s.w).phase() == Phase::Betting {
        let bet = s.friend.act(Action::Bet { spot: 1, amount });
        s.friend_sends(bet);
        amount = if amount == 500 { 1000 } else { 500 };
        for _ in 0..190 {
            if game(&s.w).phase() != Phase::Betting {
                break;
            }
            s.tick(100);
        }
        assert!(s.now - opened < 10 * 60_000, "no deal in ten minutes of bets changed every 19 s");
    }
    let waited = s.now - opened;
    assert!(waited > u64::from(BETTING_MS) + 1000, "a bet changed still gives more time: dealt after {waited} ms");
    assert!(waited <= u64::from(BETTING_MOST_MS) + 2000, "dealt after {waited} ms");
    assert_eq!(game(&s.w).log().iter().filter(|a| **a == Action::Deal).count(), 1);
}

/// The same with a change every 100 ms (ten a second, the host's rate): the deal, worked out
/// again after every change, was put off past the minute for ever, since a change came between
/// every two ticks of the host's clock. Now it is made at the first tick past the minute (or
/// sooner: a spot changes its bet at most `MOST_BETS` times a round).
#[test]
fn a_spot_changing_its_bet_ten_times_a_second_cannot_hold_the_deal_either() {
    use blackjack::net::casino::BETTING_MOST_MS;
    let (mut s, opened) = betting_opened(8);
    while game(&s.w).phase() == Phase::Betting {
        if let Some(a) = s.host.choose(&mut CasinoBot::default(), game(&s.w)) {
            let bytes = s.host.act(a);
            s.host_sends(bytes);
        }
        // Never the bet on the spot again, which would say the friend is ready.
        let amount = if s.friend.view().bet == 500 { 1000 } else { 500 };
        let bet = s.friend.act(Action::Bet { spot: 1, amount });
        s.friend_sends(bet);
        s.tick(100);
        assert!(s.now - opened < 10 * 60_000, "no deal in ten minutes of bets changed ten times a second");
    }
    let waited = s.now - opened;
    assert!(waited > u64::from(BETTING_MS), "a bet changed still gives more time: dealt after {waited} ms");
    assert!(waited <= u64::from(BETTING_MOST_MS) + 1000, "dealt after {waited} ms");
    assert_eq!(game(&s.w).log().iter().filter(|a| **a == Action::Deal).count(), 1);
}

fn play_until_settled(s: &mut Session) {
    let mut bot = CasinoBot::default();
    for _ in 0..10_000 {
        if game(&s.w).phase() == Phase::Settled {
            return;
        }
        for who in [PAGE, FRIEND] {
            let page = if who == PAGE { &s.host } else { &s.friend };
            if let Some(a) = page.choose(&mut bot, game(&s.w)).filter(|a| !matches!(a, Action::Bet { .. })) {
                let bytes = page.act(a);
                s.post(ToWorker::Bytes { peer: who, now_ms: s.now, bytes });
            }
        }
        s.tick(100);
    }
    panic!("the round never ended");
}

#[test]
fn moves_for_another_spot_the_hosts_own_moves_and_stale_moves_are_refused() {
    let mut s = Session::open(&two_people(11));
    s.friend_sits(1);
    let early = s.friend.act(Action::Bet { spot: 1, amount: 500 });
    s.friend_sends(early);
    assert_eq!(s.friend.refused.pop(), Some(Refusal::NotStarted));
    s.post(ToWorker::Deal);
    let before = game(&s.w).state_id();
    for forged in
        [Action::Bet { spot: 0, amount: 5000 }, Action::Bet { spot: 2, amount: 0 }, Action::Deal, Action::NextRound]
    {
        let bytes = s.friend.act(forged);
        s.friend_sends(bytes);
        assert_eq!(s.friend.refused.pop(), Some(Refusal::NotYourSeat), "{forged:?}");
    }
    // The host's page is checked as a friend's: it may not deal or bet for a bot.
    for forged in [Action::Deal, Action::Bet { spot: 3, amount: 500 }] {
        let bytes = s.host.act(forged);
        s.host_sends(bytes);
        assert_eq!(s.host.refused.pop(), Some(Refusal::NotYourSeat));
    }
    s.friend_sends(encode(&ToHost::Act { at: before + 5, action: Action::Bet { spot: 1, amount: 500 } }));
    assert!(matches!(s.friend.refused.pop(), Some(Refusal::Stale { .. })));
    let too_much = encode(&ToHost::Act { at: before, action: Action::Bet { spot: 1, amount: 10_000_000 } });
    s.friend_sends(too_much);
    assert!(matches!(s.friend.refused.pop(), Some(Refusal::Illegal(_))));
    s.friend_sends(vec![0xff; 5000]);
    assert_eq!(game(&s.w).state_id(), before, "nothing changed");
    assert_eq!(s.w.table().unwrap().host().dropped().too_long, 1);
}

#[test]
fn a_friend_who_drops_is_played_flat_by_the_bots_and_gets_the_spots_view_back_whole() {
    let mut s = Session::open(&two_people(21));
    s.friend_sits(1);
    s.post(ToWorker::Deal);
    play_rounds(&mut s, 1, [true, true]);
    let bet = game(&s.w).spots()[1].bet;
    s.post(ToWorker::Left { peer: FRIEND });
    assert!(matches!(&s.host.seats.as_ref().unwrap().seats[1], Seat::Friend { here: false, .. }));
    // The table goes on without the friend: the host alone is ready, the strategy plays the
    // friend's spot at the bet it had.
    let from = game(&s.w).log().len();
    play_rounds(&mut s, 3, [true, false]);
    let g = game(&s.w);
    assert!(g.log()[from..].iter().all(|a| !matches!(a, Action::Bet { spot: 1, amount } if *amount != bet)), "flat");
    assert!(
        g.log()[from..].iter().any(|a| a.spot() == Some(1) && !matches!(a, Action::Bet { .. })),
        "the strategy decided for the spot"
    );
    // Back with the token on a new connection: the spot's whole view.
    s.friend = Page::default();
    s.post(ToWorker::Connected { peer: FRIEND, nonce: NONCE });
    s.friend_sends(encode(&ToHost::<Action>::Prove { tag: KEY.tag(NONCE) }));
    assert_eq!(s.friend.spot, Some(1));
    assert_eq!(s.friend.view(), &game(&s.w).view(1));
    play_rounds(&mut s, 1, [true, true]);
    assert!(s.friend.refused.is_empty(), "{:?}", s.friend.refused);
}

#[test]
fn records_that_are_not_casino_records_open_nothing() {
    let mut w = Worker::<Casino>::default();
    assert!(w.handle(b"\x01\x02").is_empty());
    assert!(w.handle(&to_bytes(&ToWorker::Deal)).is_empty(), "no table yet");
    let shedding = HostRecord::<blackjack::net::worker::Shedding> {
        room: "r".repeat(22),
        preset: "taylor".into(),
        players: 3,
        seed: 1,
        seating: vec![Seating::Host { name: "Ann".into() }],
        log: Vec::new(),
        started: false,
        start: (),
    }
    .to_text();
    let mut wrong_count = two_people(3);
    wrong_count.players = 9;
    let mut refused_log = two_people(3);
    refused_log.log = vec![Action::Hit { spot: 0 }];
    // A shoe's start no table could reach: a bet on a spot beyond the table, chips below zero.
    let shoe = |bets: Vec<i64>, bankrolls: Vec<i64>| {
        let start = blackjack::engine::casino::ShoeStart { seed: 1, bankrolls, bets, house: 0, round: 9 };
        HostRecord { start: Start::Shoe(start), ..two_people(3) }.to_text()
    };
    let texts = [
        shedding,
        wrong_count.to_text(),
        refused_log.to_text(),
        shoe(vec![0, 0, 0, 0, 500], vec![100_000; 4]),
        shoe(vec![0; 4], vec![-1, 0, 0, 0]),
        "bj.friends.casino.2:zz".into(),
        String::new(),
    ];
    assert!(HostRecord::<Casino>::from_text(&shoe(vec![0; 4], vec![100_000; 4])).unwrap().open().is_some());
    for text in texts {
        assert_eq!(w.handle(&to_bytes(&ToWorker::Open { record: text, pace: 1 })), vec![FromWorker::Unreadable]);
    }
    assert!(w.table().is_none());
}

/// The recorder over many tables: people who bet any amount, take insurance, double and split
/// at random from their own updates; the friend drops and comes back now and then. Every
/// message each page reads is searched for a card not face up at the table (`Page::read`). By
/// default 1,000 tables of 400 moves; `NET_GAMES=n` for n. The tables are dealt between two tests
/// (every other table each), which the test harness runs side by side on two cores.
#[test]
fn no_message_to_a_spot_holds_the_hole_card_or_a_card_of_the_shoe_even() {
    recorder_tables(0);
}

#[test]
fn no_message_to_a_spot_holds_the_hole_card_or_a_card_of_the_shoe_odd() {
    recorder_tables(1);
}

/// Half the recorder's tables: those whose seed is `half` modulo two.
fn recorder_tables(half: u64) {
    use blackjack::engine::rng::GameRng;
    let tables: u64 = std::env::var("NET_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut messages = 0;
    for seed in (half..tables).step_by(2) {
        let mut s = Session::open(&two_people(1000 + seed));
        s.friend_sits(1);
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
                let a = if v.phase == Phase::Betting {
                    // A bet, then mostly Deal (the bet made again), now and then a chip more or
                    // the bet taken back; nothing more once ready.
                    if ready(game(&s.w), v.spot) {
                        continue;
                    }
                    let amount = match rng.below(10) {
                        _ if v.bet == 0 => 500 * (1 + rng.below(8) as i64),
                        0 => 0,
                        1 | 2 => v.bet + 500,
                        _ => v.bet,
                    };
                    Action::Bet { spot: v.spot, amount }
                } else {
                    let mine: Vec<Action> = v.legal.iter().copied().filter(|a| a.spot() == Some(v.spot)).collect();
                    let Some(&pick) = mine.get(rng.below(mine.len().max(1) as u64) as usize) else { continue };
                    pick
                };
                let bytes = page.act(a);
                s.post(ToWorker::Bytes { peer: who, now_ms: s.now, bytes });
            }
            if rng.below(40) == 0 {
                if here {
                    s.post(ToWorker::Left { peer: FRIEND });
                } else {
                    s.post(ToWorker::Connected { peer: FRIEND, nonce: NONCE });
                    s.friend_sends(encode(&ToHost::<Action>::Prove { tag: KEY.tag(NONCE) }));
                    assert_eq!(s.friend.view(), &game(&s.w).view(1), "seed {seed}: the spot's view back whole");
                }
                here = !here;
            }
            s.tick(250);
        }
        assert!(settled_rounds(game(&s.w)) >= 2, "seed {seed}: rounds were played");
        messages += s.host.read + s.friend.read;
    }
    assert!(messages > tables as usize * 50, "{messages} messages");
    println!("{} tables, {messages} messages read back and searched", tables / 2);
}

#[test]
fn the_recorder_catches_a_hole_card_planted_in_a_message() {
    let mut s = Session::open(&two_people(5));
    s.post(ToWorker::Deal);
    while game(&s.w).phase() == Phase::Betting {
        s.tick(1000);
    }
    let g = game(&s.w);
    let mut copy = Game::clone(g);
    let hole = loop {
        let a = match copy.phase() {
            Phase::Insurance { spot } => Action::Insure { spot, amount: 0 },
            Phase::Playing { spot, .. } => Action::Stand { spot },
            p => panic!("no hole card turned: {p:?}"),
        };
        let turned = copy.apply(a).unwrap().into_iter().find_map(|e| match e {
            blackjack::engine::casino::Event::HoleRevealed { card } => Some(card),
            _ => None,
        });
        if let Some(card) = turned {
            break card;
        }
    };
    let face_up = allowed(g).get(&feed_check::key(&serde_json::to_value(hole).unwrap()));
    assert_eq!(face_up, 0, "in this deal no copy of the hole card is face up");
    let mut update = g.update_for(0).unwrap();
    update.view.dealer[1] = Some(hole);
    assert!(hidden_card_in(&update, FRENCH, &allowed(g)).is_some());
}

/// How a stranger at spot 1 changes their bet in the attack below.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Changer {
    /// A change every message, as fast as the host's rate allows, never ready: each change
    /// taken restarts the betting clock.
    Never,
    /// As many changes as are taken, then ready at once: the rounds come as fast as the host,
    /// who is ready at once too, lets them.
    Then,
    /// No stranger: a person who bets the minimum and is ready at once (the table's record as
    /// it grows when everyone plays quickly, to compare).
    Person,
}

/// What the attack came to, from the first round cleared: rounds, page clock, the record's
/// growth, the most bets of the stranger's spot in one round, and the stranger's refusals.
struct Attack {
    rounds: usize,
    ms: u64,
    chars: usize,
    most_bets: usize,
    refused: Vec<Refusal<blackjack::engine::casino::Refusal>>,
}

impl Attack {
    fn per_hour(&self) -> u64 {
        self.chars as u64 * 3_600_000 / self.ms
    }
}

/// Ann hosts and plays as a person would (the minimum, Deal at once, the strategy's decisions);
/// a stranger with the room link sits at spot 1 and sends one message every 100 ms (ten a second,
/// the host's sustained rate): in betting, 500 or 1000, whichever is not on the spot (no change
/// is readiness), then the strategy's decisions. `rounds` rounds from the first clear; the session
/// is left for the record to be read back.
fn attack(s: &mut Session, changer: Changer, rounds: usize) -> Attack {
    use blackjack::net::casino::MOST_BETS;
    s.friend_sits(1);
    s.post(ToWorker::Deal);
    let mut bot = CasinoBot::default();
    let mut from = None;
    let mut most_bets = 0;
    loop {
        let g = game(&s.w);
        let cleared = cleared_rounds(g);
        if cleared >= 1 && from.is_none() {
            from = Some((s.now, s.saved.as_ref().map_or(0, String::len), s.friend.refused.len()));
        }
        if cleared > rounds {
            break;
        }
        assert!(s.now < rounds as u64 * 10 * 60_000, "{changer:?}: {cleared} rounds in {} ms", s.now);
        // The stranger's bets in this round's betting (from the last clear).
        let since = g.log().iter().rposition(|a| *a == Action::NextRound).map_or(0, |i| i + 1);
        let bets = g.log()[since..].iter().filter(|a| matches!(a, Action::Bet { spot: 1, .. })).count();
        most_bets = most_bets.max(bets);
        if let Some(a) = s.host.choose(&mut bot, g) {
            let bytes = s.host.act(a);
            s.host_sends(bytes);
        }
        let g = game(&s.w);
        let v = s.friend.view();
        let a = match v.phase {
            Phase::Betting if changer == Changer::Person => s.friend.choose(&mut bot, g),
            Phase::Betting if changer == Changer::Then && bets >= MOST_BETS => {
                (!ready(g, 1)).then_some(Action::Bet { spot: 1, amount: v.bet })
            }
            // Never the bet on the spot again, which would say the stranger is ready.
            Phase::Betting => Some(Action::Bet { spot: 1, amount: if v.bet == 500 { 1000 } else { 500 } }),
            _ => bot.decide(v),
        };
        if let Some(a) = a {
            let bytes = s.friend.act(a);
            s.friend_sends(bytes);
        }
        s.tick(100);
    }
    let (at, len, refused) = from.unwrap();
    let chars = s.saved.as_ref().unwrap().len() - len;
    Attack { rounds, ms: s.now - at, chars, most_bets, refused: s.friend.refused[refused..].to_vec() }
}

/// A stranger with the room link changing their bet as fast as the host allows, round after
/// round: every change went into the game's log, and the log into the record the host's page
/// stores, about 5 KB a round (600 changes in the minute betting lasts); past the size the page
/// reads back, a reload lost the table. A spot's bets are bounded a round instead: past
/// `MOST_BETS` the stranger is told so in words, and may still say ready; the record grows
/// by a round's play, and reopens the table.
#[test]
fn bets_changed_as_fast_as_allowed_are_bounded_a_round_and_the_record_still_reopens() {
    use blackjack::net::casino::MOST_BETS;
    let mut s = Session::open(&two_people(41));
    let person = attack(&mut s, Changer::Person, 8);
    println!("Person: the record +{} chars a round, {} an hour", person.chars / person.rounds, person.per_hour());
    for changer in [Changer::Never, Changer::Then] {
        let mut s = Session::open(&two_people(41));
        let a = attack(&mut s, changer, 8);
        let per_hour = a.per_hour();
        println!(
            "{changer:?}: {} rounds in {} s, the record +{} chars ({} a round, {per_hour} an hour; it starts again at \
             each shoe); at most {} bets of the spot a round, {} refused",
            a.rounds,
            a.ms / 1000,
            a.chars,
            a.chars / a.rounds,
            a.most_bets,
            a.refused.len()
        );
        assert!(a.most_bets <= MOST_BETS + 1, "{changer:?}: {} bets of one spot in a round", a.most_bets);
        assert!(a.most_bets >= MOST_BETS, "{changer:?}: the changes up to the most were taken");
        assert!(a.refused.iter().all(|r| *r == Refusal::EnoughBets), "{changer:?}: {:?}", a.refused.first());
        if changer == Changer::Never {
            assert!(a.refused.len() > a.rounds * 100, "{changer:?}: refused {} times", a.refused.len());
        }
        // What the host's page stores reopens the same table.
        let saved = HostRecord::<Casino>::from_text(s.saved.as_ref().unwrap()).expect("the record reads back");
        assert!(game(&Session::open(&saved).w).plays_as(game(&s.w)));
        // The record keeps each round's bets as dealt: it grows by a round's play, as a
        // person's table does, however often the stranger changed their bet.
        let (theirs, person) = (a.chars / a.rounds, person.chars / person.rounds);
        assert!(theirs <= person + 40, "{changer:?}: {theirs} chars a round against a person's {person}");
    }
}

/// The record (the shoe in play's start, and its log as [`record_log`] keeps it) reopens a table
/// that plays on exactly as the one it was taken from, at any move: random tables of two to seven
/// spots, forty rounds (each past a few shoes), every spot changing its bet a
/// random number of times (taking it back too, and going all in) before each deal, the
/// strategy's decisions, and a check at random moves that the replayed table is the same one
/// (`Game::plays_as`) and that in betting each spot's readiness reads the same.
#[test]
fn a_record_with_each_round_s_bets_as_dealt_reopens_the_same_table_at_any_move() {
    use blackjack::engine::rng::GameRng;
    let (mut checked, mut later_shoes) = (0, 0);
    for seed in 0..40u64 {
        let mut rng = GameRng::new(seed ^ 0x7ab1e);
        let spots = 2 + (seed % 6) as u8;
        let mut g = ShoeTable::new(spots, seed).expect("a table");
        let mut bot = CasinoBot::default();
        let min = g.rules().min_bet;
        while g.round() < 40 {
            let a = match g.phase() {
                // Nobody has the chips for a bet: the table is over.
                Phase::Betting if (0..spots as usize).all(|s| g.bankrolls()[s] + g.spots()[s].bet < min) => break,
                Phase::Betting => {
                    // A random spot changes its bet (a random amount within its chips, 0 to
                    // take it back, or its chips), says ready, or the table is dealt.
                    let spot = rng.below(u64::from(spots)) as Spot;
                    let chips = g.bankrolls()[spot as usize] + g.spots()[spot as usize].bet;
                    match rng.below(8) {
                        0 if g.spots().iter().any(|s| s.bet > 0) => Action::Deal,
                        1 => Action::Bet { spot, amount: 0 },
                        2 => Action::Bet { spot, amount: chips },
                        3 => Action::Bet { spot, amount: g.spots()[spot as usize].bet },
                        _ => Action::Bet { spot, amount: min * (1 + rng.below(20) as i64) },
                    }
                }
                Phase::Settled => Action::NextRound,
                _ => {
                    let spot = g.to_act().expect("someone to act");
                    bot.decide(&g.view(spot)).expect("a decision")
                }
            };
            // An amount over the spot's chips or under the table's minimum is refused and
            // changes nothing; the loop draws again.
            if g.act(a).is_err() {
                continue;
            }
            if rng.below(15) == 0 {
                // As the host's record reopens it: from the shoe in play's start.
                let start = Casino::start(&g);
                let mut again = Casino::open_game(PRESET, spots, seed, &start).expect("the shoe's start opens");
                for a in Casino::log(&g) {
                    again.act(a).unwrap_or_else(|e| panic!("seed {seed}: the record's {a:?} refused: {e:?}"));
                }
                assert!(again.plays_as(&g), "seed {seed}, round {}: another table", g.round());
                later_shoes += usize::from(matches!(start, Start::Shoe(s) if s.round > 0));
                // Readiness is read in betting alone (the host's deal, the most bets a round).
                for s in (0..spots).filter(|_| g.phase() == Phase::Betting) {
                    assert_eq!(ready(&again, s), ready(&g, s), "seed {seed}: spot {s}'s readiness");
                }
                assert!(again.log().len() <= g.log().len() && again.log().len() < 2_000);
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "{checked} checks");
    assert!(later_shoes > checked / 3, "{later_shoes} of {checked} checks from a shoe after the first");
}

/// A table played for hours: the record the host's page stores starts again at each shoe, so it
/// never outgrows what the page reads back (it grew by every round, and after some 20 hours of
/// the quickest play a reload lost the table), and it reopens the same table at any round.
#[test]
fn a_table_played_round_after_round_keeps_a_record_of_one_shoe() {
    use blackjack::net::worker::MAX_RECORD_TEXT;
    let mut s = Session::open(&two_people(43));
    s.friend_sits(1);
    s.post(ToWorker::Deal);
    let (mut longest, mut shoes) = (0, 0);
    for round in 0..150 {
        play_rounds(&mut s, 1, [true, true]);
        let text = s.saved.clone().unwrap();
        longest = longest.max(text.len());
        let saved = HostRecord::<Casino>::from_text(&text).expect("the record reads back");
        if let Start::Shoe(start) = &saved.start {
            shoes = shoes.max(start.round);
        }
        if round % 10 == 9 {
            assert!(game(&Session::open(&saved).w).plays_as(game(&s.w)), "round {round}: another table");
        }
    }
    let g = game(&s.w);
    println!(
        "{} rounds: the longest record {longest} chars; the log of the shoe in play {} actions",
        g.round(),
        g.log().len()
    );
    assert!(shoes > 100, "the record began at round {shoes} at most: no new shoe");
    // The pages' moves, tagged with the state ids they were sent, are taken across the shoes.
    assert!(s.host.refused.is_empty() && s.friend.refused.is_empty(), "{:?} {:?}", s.host.refused, s.friend.refused);
    assert!(s.friend.at() > 1_000, "the state id goes on rising: {}", s.friend.at());
    // A shoe of this table is some ten to twenty rounds: its record stays within a few thousand
    // characters, far under what the page reads back.
    assert!(longest < 4_000 && longest * 100 < MAX_RECORD_TEXT, "{longest} chars");
}

/// A casino record from before records began at each shoe (form 2: no start, the whole log from
/// the first deal, every shoe shuffled on from the one generator) still reopens its table, dealt
/// as it was, and the table saves and reopens as itself from then on.
#[test]
fn a_record_written_before_records_began_at_each_shoe_still_reopens_its_table() {
    use blackjack::engine::casino::{TableRules, TableSpec};
    let seed = 44;
    let rules = TableRules::new(TableSpec { seats: 4, ..TableSpec::default() }).unwrap();
    let seating: Vec<Option<u8>> = (0..4).map(Some).collect();
    let chips = vec![rules.starting_bankroll; 4];
    let mut g = Game::new(rules, &seating, chips, seed).unwrap();
    let mut bot = CasinoBot::default();
    // Every spot bets the minimum each round, then plays the strategy, past the first shoe.
    while g.round() < 45 {
        let a = match g.phase() {
            Phase::Betting => match (0..4).find(|&s| g.spots()[s as usize].bet == 0) {
                Some(spot) => Action::Bet { spot, amount: g.rules().min_bet },
                None => Action::Deal,
            },
            Phase::Settled => Action::NextRound,
            _ => bot.decide(&g.view(g.to_act().unwrap())).unwrap(),
        };
        g.apply(a).unwrap();
    }
    assert!(g.log().iter().filter(|a| **a == Action::NextRound).count() > 30);
    let record = two_people(seed);
    let form_2 =
        to_bytes(&(&record.room, &record.preset, record.players, seed, &record.seating, record_log(g.log()), true));
    let text = format!("bj.friends.casino.2:{}", form_2.iter().map(|b| format!("{b:02x}")).collect::<String>());
    let read = HostRecord::<Casino>::from_text(&text).expect("a record of form 2 reads");
    assert_eq!(read.start, Start::Whole);
    let mut s = Session::open(&read);
    assert!(game(&s.w).plays_as(&g), "the same table as the one saved");
    s.friend_sits(1);
    play_rounds(&mut s, 30, [true, true]);
    let saved = HostRecord::<Casino>::from_text(s.saved.as_ref().unwrap()).unwrap();
    assert_eq!(saved.start, Start::Whole, "it plays on as it was dealt");
    assert!(game(&Session::open(&saved).w).plays_as(game(&s.w)));
    // A form this page never wrote is not read.
    for form in ["bj.friends.casino.0:", "bj.friends.casino.4:", "bj.friends.uno.2:", "bj.friends.2:"] {
        assert!(HostRecord::<Casino>::from_text(&text.replace("bj.friends.casino.2:", form)).is_none(), "{form}");
    }
}

/// Past the most bets a round, Deal (the bet on the spot again) is still taken, once: the person
/// plays the bet they have. A second Deal is refused, as a change is, and nothing changes; the
/// next round counts afresh.
#[test]
fn past_the_most_bets_deal_is_taken_once_and_the_next_round_counts_afresh() {
    use blackjack::net::casino::MOST_BETS;
    let mut s = Session::open(&two_people(9));
    s.friend_sits(1);
    s.post(ToWorker::Deal);
    let bet = |s: &mut Session, amount: i64| {
        let bytes = s.friend.act(Action::Bet { spot: 1, amount });
        s.friend_sends(bytes);
        s.now += 100;
    };
    for i in 0..MOST_BETS {
        bet(&mut s, if i % 2 == 0 { 500 } else { 1000 });
    }
    assert!(s.friend.refused.is_empty(), "{:?}", s.friend.refused);
    let state = game(&s.w).state_id();
    bet(&mut s, 2500);
    assert_eq!(s.friend.refused.pop(), Some(Refusal::EnoughBets));
    assert_eq!((game(&s.w).state_id(), game(&s.w).spots()[1].bet), (state, 1000), "nothing changed");
    assert!(!ready(game(&s.w), 1));
    bet(&mut s, 1000);
    assert!(s.friend.refused.is_empty() && ready(game(&s.w), 1), "Deal is taken: {:?}", s.friend.refused);
    let state = game(&s.w).state_id();
    bet(&mut s, 1000);
    assert_eq!(s.friend.refused.pop(), Some(Refusal::EnoughBets));
    assert_eq!(game(&s.w).state_id(), state);
    // The host says ready too: dealt with the friend's bet, played out and cleared.
    for _ in 0..2 {
        let bytes = s.host.act(Action::Bet { spot: 0, amount: 500 });
        s.host_sends(bytes);
    }
    while game(&s.w).phase() == Phase::Betting {
        s.tick(100);
    }
    play_until_settled(&mut s);
    while game(&s.w).phase() != Phase::Betting {
        s.tick(100);
    }
    bet(&mut s, 2500);
    assert!(s.friend.refused.is_empty(), "{:?}", s.friend.refused);
    assert_eq!(game(&s.w).spots()[1].bet, 2500);
}
