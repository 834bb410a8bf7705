//! No message a host sends to a peer carries a card hidden from that peer's seat. A recorder
//! plays thousands of random shedding games (every preset, two to six players) through
//! `net::Host`, every seat held by a peer; each peer's moves (turn moves and table calls) go in
//! as bytes, and every message to every peer (welcome, updates, seats, notices, refusals) is
//! encoded, read back as the peer's page reads it (`net::Reader`) and searched for cards: each
//! must be one the seat may see in the true game at that moment (`feed_check`). A peer also
//! drops and rejoins now and then, and its welcome is checked the same way. The last update of
//! every peer is its seat's view exactly.
//!
//! Each game is checked for its deal and first 15 actions by default (about a minute);
//! `NET_GAMES=n` plays n games, each to its end: `NET_GAMES=5000 cargo test --test net_recorder`.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Action, Event, Game, Preset, Seat, SeatUpdate};
use blackjack::net::{encode, Dropped, Host, Out, PeerId, Reader, SeatKey, ToHost, ToPeer};

mod feed_check;
use feed_check::{hidden_card_in, shedding::allowed, FRENCH};

fn key(seat: Seat) -> SeatKey {
    SeatKey(0xa5a5_0000_0000_0000_0000_0000_0000_0000 | (u128::from(seat) + 1))
}

/// `seat`'s peer connects (its challenge: `nonce`) and proves its seat: every message sent.
fn join(h: &mut Host<Game>, seat: Seat, nonce: u128) -> Out<Game> {
    let mut out = h.connect(peer(seat), nonce);
    out.extend(h.receive(peer(seat), &encode(&ToHost::<Action>::Prove { tag: key(seat).tag(nonce) })));
    out
}

/// The peer of `seat` (peers are numbered from 100).
fn peer(seat: Seat) -> PeerId {
    100 + PeerId::from(seat)
}

struct Recorder {
    readers: Vec<Reader<Game>>,
    last: Vec<Option<SeatUpdate>>,
    messages: usize,
}

impl Recorder {
    /// Reads every message as its peer would and checks it against the true game after the
    /// action whose `events` these are.
    fn check(&mut self, h: &Host<Game>, out: Out<Game>, events: &[Event], at: &str) {
        for o in out {
            let seat = (o.to - 100) as Seat;
            let message = self.readers[seat as usize]
                .read(&encode(&o.message))
                .unwrap_or_else(|| panic!("{at}: seat {seat} could not read its message"));
            if let Some(leak) = hidden_card_in(&message, FRENCH, &allowed(h.table(), seat, events)) {
                panic!("{at}: seat {seat} was sent a card hidden from it: {leak}");
            }
            match message {
                ToPeer::Welcome { update, .. } => {
                    assert_eq!(update.view, h.table().view(seat), "{at}: seat {seat}'s welcome");
                    self.last[seat as usize] = Some(update);
                }
                ToPeer::Update(update) => {
                    assert_eq!(update.view, h.table().view(seat), "{at}: seat {seat}'s update");
                    self.last[seat as usize] = Some(update);
                }
                _ => {}
            }
            self.messages += 1;
        }
    }
}

/// One random game; returns the messages checked.
fn play(preset: Preset, players: u8, seed: u64, limit: usize) -> usize {
    let game = Game::new(preset.rules(), players, seed).unwrap();
    let keys: Vec<Option<SeatKey>> = (0..players).map(|s| Some(key(s))).collect();
    let mut h = Host::new(game, &keys);
    let mut rec = Recorder {
        readers: (0..players).map(|_| Reader::default()).collect(),
        last: vec![None; players as usize],
        messages: 0,
    };
    let deal = format!("{preset:?} {players}p seed {seed} deal");
    for s in 0..players {
        let out = join(&mut h, s, u128::from(seed) << 8 | u128::from(s));
        rec.check(&h, out, &[], &deal);
    }
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let mut steps = 0;
    while !h.table().is_over() && steps < limit {
        let g = h.table();
        let legal = g.legal_actions();
        let action = if rng.below(6) == 0 {
            let extra = g.legal_actions_for(rng.below(u64::from(players)) as Seat);
            extra.get(rng.below(extra.len().max(1) as u64) as usize).copied().unwrap_or(legal[0])
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        steps += 1;
        let at = format!("{preset:?} {players}p seed {seed} step {steps} ({action})");
        let before = h.table().log().len();
        let (out, events) = match action {
            // The clock is the host's: it applies the timeout itself.
            Action::Timeout { .. } => {
                let applied = h.act(action).unwrap();
                (applied.out, applied.events)
            }
            _ => {
                let out = h.receive(peer(action.seat()), &encode(&ToHost::Act { at: h.table().state_id(), action }));
                (out, h.take_peer_events())
            }
        };
        assert_eq!(h.table().log().len(), before + 1, "{at}: the move was taken");
        rec.check(&h, out, &events, &at);
        // Now and then a peer drops and comes back: its welcome is checked too.
        if rng.below(20) == 0 {
            let s = rng.below(u64::from(players)) as Seat;
            let left = h.leave(peer(s));
            rec.check(&h, left, &[], &at);
            let back = join(&mut h, s, steps as u128);
            rec.check(&h, back, &[], &at);
        }
    }
    for s in 0..players {
        assert_eq!(rec.last[s as usize].as_ref().unwrap().view, h.table().view(s), "seed {seed}: seat {s} at the end");
        assert_eq!(rec.readers[s as usize].dropped(), Dropped::default(), "seed {seed}: seat {s} read everything");
    }
    rec.messages
}

// The games are dealt between two tests (every other game each), which the test harness runs
// side by side on two cores.
#[test]
fn no_message_to_a_peer_carries_a_card_hidden_from_its_seat_even() {
    recorder_games(0);
}

#[test]
fn no_message_to_a_peer_carries_a_card_hidden_from_its_seat_odd() {
    recorder_games(1);
}

/// Half the recorder's games: those whose number is `half` modulo two.
fn recorder_games(half: u64) {
    let (games, limit) = match std::env::var("NET_GAMES").ok().and_then(|s| s.parse().ok()) {
        Some(n) => (n, 3000),
        None => (2000, 15),
    };
    let mut messages = 0;
    for k in (half..games).step_by(2) {
        let preset = Preset::ALL[(k % Preset::ALL.len() as u64) as usize];
        let players = 2 + (k / Preset::ALL.len() as u64 % 5) as u8;
        let players = players.clamp(preset.rules().spec().min_players, preset.rules().spec().max_players);
        messages += play(preset, players, 1000 + k, limit);
    }
    assert!(messages > games as usize * 10, "{messages} messages checked");
    println!("{games} games, {messages} messages checked");
}

/// The recorder can fail: a card of another seat's hand, put in an update the host sends, is
/// caught once read back.
#[test]
fn a_hidden_card_planted_in_a_message_is_caught() {
    let game = Game::new(Preset::Taylor.rules(), 3, 5).unwrap();
    let mut h = Host::new(game, &[Some(key(0)), Some(key(1)), Some(key(2))]);
    let mut out = h.receive(peer(1), &encode(&ToHost::<Action>::Prove { tag: key(1).tag(9) }));
    out.retain(|o| matches!(o.message, ToPeer::Welcome { .. }));
    assert!(out.is_empty(), "never challenged: no seat");
    let mut out = join(&mut h, 1, 9);
    out.retain(|o| matches!(o.message, ToPeer::Welcome { .. }));
    let hidden = h.table().hand(2).to_vec()[0];
    let ToPeer::Welcome { update, .. } = &mut out[0].message else { panic!() };
    update.view.hand.push(hidden);
    let mut reader = Reader::<Game>::default();
    let read = reader.read(&encode(&out[0].message)).unwrap();
    assert!(hidden_card_in(&read, FRENCH, &allowed(h.table(), 1, &[])).is_some());
}
