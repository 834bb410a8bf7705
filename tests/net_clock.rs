//! Time at a table with friends (`net::clock`, `net::worker`): the host's clock decides. A
//! person who does not move in time is timed out by the host; every seated page is told the time
//! left as the host sends it, which shrinks as the host's time passes; calls race on the host's
//! arrival order, and the second caller is told who was first. Peers send no time the host uses.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::shedding::normal_move;
use blackjack::engine::shedding::rules::CLOCK_GRACE_MS as GRACE;
use blackjack::engine::shedding::{self, Action, Event, Game, Infringement, PenaltyReason, Phrase, Preset};
use blackjack::net::worker::{to_bytes, FromWorker, HostRecord, Shedding, ToWorker, Worker, PAGE};
use blackjack::net::*;

type Msg = Message<Game>;

fn record(seating: Vec<Seating>, seed: u64, log: Vec<Action>) -> HostRecord<Shedding> {
    let table = HostRecord::new("r".repeat(22), Preset::Taylor.id().to_owned(), seating, seed);
    HostRecord { started: !log.is_empty(), log, ..table }
}

fn send(w: &mut Worker<Shedding>, m: &ToWorker) -> Vec<FromWorker> {
    w.handle(&to_bytes(m))
}

/// Every page's side (the host's page is peer 0): what each was sent, read as it reads it.
#[derive(Default)]
struct Pages {
    readers: Vec<(PeerId, Reader<Game>)>,
    got: Vec<(PeerId, Msg)>,
    saves: usize,
}

impl Pages {
    fn take(&mut self, posted: Vec<FromWorker>) {
        for m in posted {
            match m {
                FromWorker::Send { to, bytes } => {
                    let i = match self.readers.iter().position(|(p, _)| *p == to) {
                        Some(i) => i,
                        None => {
                            self.readers.push((to, Reader::default()));
                            self.readers.len() - 1
                        }
                    };
                    let message = self.readers[i].1.read(&bytes).expect("readable");
                    self.got.push((to, message));
                }
                FromWorker::Save { .. } => self.saves += 1,
                FromWorker::Ready | FromWorker::Unreadable => panic!("unexpected {m:?}"),
            }
        }
    }

    fn clocks(&self, to: PeerId) -> Vec<Option<Clock>> {
        self.got
            .iter()
            .filter(|(p, _)| *p == to)
            .filter_map(|(_, m)| match m {
                ToPeer::Clock(c) => Some(*c),
                _ => None,
            })
            .collect()
    }

    fn refusals(&self, to: PeerId) -> Vec<Refusal<shedding::Refusal>> {
        let refused = self.got.iter().filter(|(p, _)| *p == to).filter_map(|(_, m)| match m {
            ToPeer::Refused(r) => Some(r.clone()),
            _ => None,
        });
        refused.collect()
    }
}

/// The worker of `r`, its pages, and friends `peers[i]` who proved `keys[i]`.
fn open(r: &HostRecord<Shedding>, friends: &[(PeerId, SeatKey)]) -> (Worker<Shedding>, Pages) {
    let mut w = Worker::<Shedding>::default();
    let mut pages = Pages::default();
    pages.take(send(&mut w, &ToWorker::Open { record: r.to_text(), pace: 1 }));
    for &(peer, key) in friends {
        let nonce = u128::from(peer) << 64 | 0x0c10c;
        pages.take(send(&mut w, &ToWorker::Connected { peer, nonce }));
        let join = encode(&ToHost::<Action>::Prove { tag: key.tag(nonce) });
        pages.take(send(&mut w, &ToWorker::Bytes { peer, now_ms: 0, bytes: join }));
    }
    (w, pages)
}

fn table(w: &Worker<Shedding>) -> &Game {
    w.table().unwrap().host().table()
}

#[test]
fn a_friend_who_does_not_move_in_time_is_timed_out_by_the_host() {
    let (ann, bo) = (Seating::Host { name: "Ann".into() }, Seating::Friend { key: SeatKey(5), name: "Bo".into() });
    let (mut w, mut pages) = open(&record(vec![ann, bo, Seating::Bot], 11, Vec::new()), &[(1, SeatKey(5))]);
    pages.take(send(&mut w, &ToWorker::Clock { scale: 1 }));
    pages.take(send(&mut w, &ToWorker::Deal));
    // The deal carries no time: a clock it starts runs from the next time the host hears.
    pages.take(send(&mut w, &ToWorker::Tick { now_ms: 0 }));
    // Nobody moves: the bot plays its seat, the host times out the people (Ann and Bo).
    let bo_full = Some(Clock { seat: 1, left_ms: 2000, full_ms: 2000 });
    let (mut now, mut started) = (0, pages.clocks(1).contains(&bo_full).then_some(0));
    let bo_out = loop {
        now += 50;
        assert!(now < 60_000, "Bo was never timed out");
        let told = pages.clocks(1).len();
        pages.take(send(&mut w, &ToWorker::Tick { now_ms: now }));
        if table(&w).log().contains(&Action::Timeout { seat: 1 }) {
            break now;
        }
        // Bo's page is told Bo's clock, in full, when it starts: the rules' 2 seconds.
        if pages.clocks(1)[told..].contains(&bo_full) {
            started = Some(now);
        }
    };
    // The host timed Bo out when the 2 seconds and the grace after them had passed on the host's
    // clock (ticks are 50 ms).
    let started = started.expect("Bo's clock was sent");
    let due = started + 2000 + u64::from(GRACE);
    assert!((due..due + 50).contains(&bo_out), "{started} {bo_out}");
    // The penalty is in Bo's update, as "too slow".
    let penalised = pages.got.iter().any(|(p, m)| {
        *p == 1
            && matches!(m, ToPeer::Update(u) if u.events.iter().any(|e| matches!(e,
                Event::Penalty { seat: 1, reason: PenaltyReason::Timeout, .. })))
    });
    assert!(penalised);
    // A bot's turn has no clock: the pages are told it stopped.
    assert!(pages.clocks(1).contains(&None) || pages.clocks(PAGE).contains(&None));
}

#[test]
fn the_clock_waits_for_the_timeout_to_the_millisecond_and_every_page_hears_the_same_time_left() {
    let ann = Seating::Host { name: "Ann".into() };
    let bo = Seating::Friend { key: SeatKey(5), name: "Bo".into() };
    let (mut w, mut pages) = open(&record(vec![ann, bo], 3, Vec::new()), &[(1, SeatKey(5))]);
    pages.take(send(&mut w, &ToWorker::Clock { scale: 2 }));
    pages.take(send(&mut w, &ToWorker::Tick { now_ms: 500 }));
    pages.take(send(&mut w, &ToWorker::Deal));
    // The deal carries no time: the clock starts at the next tick, not at the last time heard.
    pages.take(send(&mut w, &ToWorker::Tick { now_ms: 1000 }));
    let mover = table(&w).current();
    let at = table(&w).state_id();
    let told = |pages: &Pages, to| pages.clocks(to).last().copied().flatten();
    let full = Clock { seat: mover, left_ms: 4000, full_ms: 4000 };
    assert_eq!((told(&pages, PAGE), told(&pages, 1)), (Some(full), Some(full)), "twice the rules' time");
    // 700 ms later the other player talks: the table moves on, the mover's clock does not start
    // again, and both pages are told the time left now.
    let other = 1 - mover;
    let talk = encode(&ToHost::Act { at, action: Action::Say { seat: other, phrase: Phrase::WellPlayed } });
    let peer = if other == 0 { PAGE } else { 1 };
    pages.take(send(&mut w, &ToWorker::Bytes { peer, now_ms: 1700, bytes: talk }));
    assert_eq!(table(&w).state_id(), at + 1, "taken");
    let shrunk = Clock { left_ms: 3300, ..full };
    assert_eq!((told(&pages, PAGE), told(&pages, 1)), (Some(shrunk), Some(shrunk)));
    // The ring has run out at 5000; the timeout waits out the grace after it (a tap in flight
    // still counts), and not a millisecond more.
    let due = 5000 + u64::from(GRACE);
    pages.take(send(&mut w, &ToWorker::Tick { now_ms: due - 1 }));
    assert_eq!(table(&w).state_id(), at + 1);
    pages.take(send(&mut w, &ToWorker::Tick { now_ms: due }));
    assert_eq!(table(&w).log().last(), Some(&Action::Timeout { seat: mover }));
    // The next person's clock starts in full at once.
    let next = table(&w).current();
    assert_eq!(told(&pages, 1), Some(Clock { seat: next, left_ms: 4000, full_ms: 4000 }));
}

#[test]
fn no_clock_unless_the_host_runs_one_and_a_ping_is_echoed_to_its_sender_only() {
    let ann = Seating::Host { name: "Ann".into() };
    let bo = Seating::Friend { key: SeatKey(5), name: "Bo".into() };
    let (mut w, mut pages) = open(&record(vec![ann.clone(), bo.clone()], 3, Vec::new()), &[(1, SeatKey(5))]);
    pages.take(send(&mut w, &ToWorker::Deal));
    for now in (0..10_000).step_by(100) {
        pages.take(send(&mut w, &ToWorker::Tick { now_ms: now }));
    }
    assert_eq!(table(&w).state_id(), 0, "the host's clock is off: nobody was timed out");
    assert!(pages.clocks(1).is_empty() && pages.clocks(PAGE).is_empty());
    // A peer sends no time the host uses: a ping's number comes back to it alone, and changes
    // nothing (no save, no clock, no move), whatever it is.
    let (mut w, mut pages) = open(&record(vec![ann, bo], 3, Vec::new()), &[(1, SeatKey(5))]);
    pages.take(send(&mut w, &ToWorker::Clock { scale: 1 }));
    pages.take(send(&mut w, &ToWorker::Deal));
    let (saves, got) = (pages.saves, pages.got.len());
    for t in [0, 1, u32::MAX] {
        let ping = encode(&ToHost::<Action>::Ping { t });
        pages.take(send(&mut w, &ToWorker::Bytes { peer: 1, now_ms: 10, bytes: ping }));
    }
    let answers: Vec<_> = pages.got[got..].to_vec();
    let pongs: Vec<_> = [0, 1, u32::MAX].map(|t| (1, ToPeer::Pong { t })).to_vec();
    assert_eq!(answers, pongs);
    assert_eq!(pages.saves, saves);
    assert_eq!(table(&w).state_id(), 0);
    pages.take(send(&mut w, &ToWorker::Tick { now_ms: 1999 }));
    assert_eq!(table(&w).state_id(), 0, "the clock runs on the host's time only");
}

/// A game of `players` in which, at its end, two seats may call a third out for a missed "Last
/// card": (log, target, callers). Nobody calls, so the first seat down to one card misses it.
fn missed_last_card(players: u8) -> (u64, Vec<Action>, u8, [u8; 2]) {
    for seed in 0..200 {
        let mut g = Game::new(Preset::Taylor.rules(), players, seed).unwrap();
        for _ in 0..2000 {
            if g.is_over() {
                break;
            }
            for t in 0..players {
                let callers: Vec<u8> = (0..players)
                    .filter(|&a| {
                        a != t
                            && g.is_legal(Action::Accuse {
                                seat: a,
                                target: t,
                                infringement: Infringement::MissedLastCard,
                            })
                    })
                    .collect();
                if callers.len() >= 2 {
                    return (seed, g.log().to_vec(), t, [callers[0], callers[1]]);
                }
            }
            let view = g.view(g.current());
            let Some(a) = normal_move(&view.policy_input()) else { break };
            g.apply(a).unwrap();
        }
    }
    panic!("no missed last card in 200 games");
}

#[test]
fn two_friends_call_out_at_once_the_first_to_arrive_wins_and_the_second_is_told_who() {
    let (seed, log, target, [kim, sam]) = missed_last_card(4);
    let players = 4u8;
    let host_seat = (0..players).find(|s| ![target, kim, sam].contains(s)).unwrap();
    let seating: Vec<Seating> = (0..players)
        .map(|s| match s {
            s if s == host_seat => Seating::Host { name: "Ann".into() },
            s if s == kim => Seating::Friend { key: SeatKey(1), name: "Kim".into() },
            s if s == sam => Seating::Friend { key: SeatKey(2), name: "Sam".into() },
            _ => Seating::Bot,
        })
        .collect();
    let (mut w, mut pages) = open(&record(seating, seed, log), &[(1, SeatKey(1)), (2, SeatKey(2))]);
    let at = table(&w).state_id();
    let cards = |w: &Worker<Shedding>| table(w).view(target).hand_sizes[target as usize];
    let before = cards(&w);
    // Both computed from the same state; Sam's arrives first, in the same tick.
    let accuse = |seat| {
        encode(&ToHost::Act { at, action: Action::Accuse { seat, target, infringement: Infringement::MissedLastCard } })
    };
    pages.take(send(&mut w, &ToWorker::Bytes { peer: 2, now_ms: 500, bytes: accuse(sam) }));
    pages.take(send(&mut w, &ToWorker::Bytes { peer: 1, now_ms: 500, bytes: accuse(kim) }));
    // One call-out taken (Sam's), its seven cards handed over once.
    assert_eq!(table(&w).state_id(), at + 1);
    assert_eq!(
        table(&w).log().last(),
        Some(&Action::Accuse { seat: sam, target, infringement: Infringement::MissedLastCard })
    );
    assert_eq!(cards(&w), before + 7);
    // Kim is told Sam was first; the others hear that Kim called too.
    assert_eq!(pages.refusals(1), vec![Refusal::CalledFirst { seat: sam }]);
    assert!(pages.refusals(2).is_empty());
    let heard = |p| {
        pages.got.iter().any(|(to, m)| *to == p && *m == ToPeer::Notice(Notice::CalledToo { first: sam, too: kim }))
    };
    assert!(heard(PAGE) && heard(2) && !heard(1));
}

#[test]
fn a_late_call_is_taken_in_arrival_order_while_the_rules_take_it_and_a_late_turn_move_is_not() {
    let (seed, log, target, [kim, _]) = missed_last_card(3);
    let players = 3u8;
    let seating: Vec<Seating> = (0..players)
        .map(|s| if s == kim { Seating::Friend { key: SeatKey(1), name: "Kim".into() } } else { Seating::Bot })
        .collect();
    let (mut w, mut pages) = open(&record(seating, seed, log.clone()), &[(1, SeatKey(1))]);
    // Kim's call-out, made from the state before the last move, still stands: it is taken.
    let at = table(&w).state_id() - 1;
    let call = Action::Accuse { seat: kim, target, infringement: Infringement::MissedLastCard };
    pages.take(send(&mut w, &ToWorker::Bytes { peer: 1, now_ms: 0, bytes: encode(&ToHost::Act { at, action: call }) }));
    assert_eq!(table(&w).log().last(), Some(&call), "{:?}", pages.refusals(1));
    // A turn's move from an older state is stale, as before.
    let now = table(&w).state_id();
    let draw = encode(&ToHost::Act { at: now - 1, action: Action::Draw { seat: kim } });
    pages.take(send(&mut w, &ToWorker::Bytes { peer: 1, now_ms: 0, bytes: draw }));
    assert_eq!(pages.refusals(1).last(), Some(&Refusal::Stale { at: now - 1, now }));
}

/// Issue 35, 2: a timeout with an empty stock never loops. Two people who never move: the host
/// times each out in turn, the penalty cards come from the stock until it is empty (nobody lays,
/// so the discard pile holds its one card and cannot refill it), and from then on each timeout
/// draws nothing. Every timeout still ends the turn and starts the next person's clock in full:
/// at any one instant the host makes at most one timeout (a second tick at the same time changes
/// nothing), and the game ends at the rules' turn limit, where the clock stops.
#[test]
fn a_timeout_with_an_empty_stock_and_pile_ends_the_turn_and_never_loops() {
    let ann = Seating::Host { name: "Ann".into() };
    let bo = Seating::Friend { key: SeatKey(5), name: "Bo".into() };
    let (mut w, mut pages) = open(&record(vec![ann, bo], 7, Vec::new()), &[(1, SeatKey(5))]);
    pages.take(send(&mut w, &ToWorker::Clock { scale: 1 }));
    pages.take(send(&mut w, &ToWorker::Deal));
    pages.take(send(&mut w, &ToWorker::Tick { now_ms: 0 }));
    let (mut now, mut dry_timeouts) = (0u64, 0u32);
    while !table(&w).is_over() {
        assert!(now < 20_000_000, "the game never ended");
        let (stock, pile) = (table(&w).stock_len(), table(&w).pile().len());
        let (mover, turn) = (table(&w).current(), table(&w).turn_number());
        now += 2000 + u64::from(GRACE);
        pages.take(send(&mut w, &ToWorker::Tick { now_ms: now }));
        let after = table(&w).state_id();
        // The same instant again: the clock started afresh for the next turn, so nothing is due.
        pages.take(send(&mut w, &ToWorker::Tick { now_ms: now }));
        pages.take(send(&mut w, &ToWorker::Tick { now_ms: now + 1 }));
        assert_eq!(table(&w).state_id(), after, "a second timeout at {now} ms");
        if table(&w).is_over() {
            break;
        }
        assert_eq!(table(&w).log().last(), Some(&Action::Timeout { seat: mover }), "{mover} was timed out at {now} ms");
        assert!(table(&w).turn_number() > turn, "the timeout ended the turn");
        assert_ne!(table(&w).current(), mover, "the other person's turn");
        if stock == 0 && pile <= 1 {
            assert_eq!((table(&w).stock_len(), table(&w).pile().len()), (0, pile), "nothing to draw, nothing drawn");
            dry_timeouts += 1;
        }
    }
    assert!(dry_timeouts > 100, "the stock ran dry early in the game ({dry_timeouts} timeouts after)");
    // Over: no clock runs, and time passing changes nothing.
    let (end, told) = (table(&w).state_id(), pages.got.len());
    for t in 1..50 {
        pages.take(send(&mut w, &ToWorker::Tick { now_ms: now + t * 1000 }));
    }
    assert_eq!(table(&w).state_id(), end);
    assert!(pages.got[told..].iter().all(|(_, m)| !matches!(m, ToPeer::Clock(Some(_)))), "no clock after the end");
}

/// Issue 35, 2: the clock at a table with friends starts at a friendly default, and everyone
/// sees it in the lobby. From the host's clock setting: off stays off, and any other gives at
/// least four times the rules' time (Taylor's 2 s become 8 s). The worker tells every page the
/// time a move with the seats, before the deal; a game whose rules have no clock says none.
#[test]
fn the_clock_with_friends_starts_at_a_friendly_default_and_every_lobby_says_it() {
    use blackjack::net::clock::{friends_scale, FRIENDS_SCALE};
    assert_eq!(FRIENDS_SCALE, 4);
    assert_eq!([None, Some(1), Some(2), Some(4), Some(8)].map(friends_scale), [0, 4, 4, 4, 8]);
    let seats_told = |preset: Preset, scale: u8| {
        let ann = Seating::Host { name: "Ann".into() };
        let bo = Seating::Friend { key: SeatKey(5), name: "Bo".into() };
        let r = HostRecord::new("r".repeat(22), preset.id().to_owned(), vec![ann, bo], 3);
        let (mut w, mut pages) = open(&r, &[(1, SeatKey(5))]);
        pages.take(send(&mut w, &ToWorker::Clock { scale }));
        let lobby = |to| {
            pages.got.iter().rev().find_map(|(p, m)| match m {
                ToPeer::Seats(s) if *p == to => Some(s.clock_ms),
                _ => None,
            })
        };
        let told = (lobby(PAGE), lobby(1));
        assert_eq!(table(&w).state_id(), 0, "told before the deal");
        told
    };
    // The host's setting as it comes by default (the rules' time): 8 s a move, in every lobby.
    assert_eq!(seats_told(Preset::Taylor, friends_scale(Some(1))), (Some(8000), Some(8000)));
    assert_eq!(seats_told(Preset::Taylor, friends_scale(None)), (Some(0), Some(0)), "off");
    assert_eq!(seats_told(Preset::Switch, friends_scale(Some(1))), (Some(0), Some(0)), "no clock in these rules");
}
