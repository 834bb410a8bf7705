//! The host of a table with friends: it holds the game, takes each peer's bytes and says what
//! to send to whom. Host-authoritative, as boardgame.io's master: only the host runs the engine
//! (and the bots); a peer sends moves and receives its seat's updates, nothing else.
//!
//! A peer's message is acted on only if every check passes, and a refusal changes nothing:
//! - bytes too long or unreadable are dropped and counted ([`Dropped`]), with no answer (a peer
//!   of another version is told the host's version); so are messages that come too fast
//!   ([`Host::receive_at`], a [`Bucket`] per peer);
//! - a seat is taken back by proving its [`SeatKey`]: each connection is sent a challenge (a
//!   nonce the transport draws at random, [`Host::connect`]) and the peer answers with the
//!   nonce's tag under the seat's key ([`ToHost::Prove`]; a few proofs a connection, then they
//!   are dropped: [`super::rate::PROOFS`]). One peer at a time holds a seat, one seat per peer;
//!   the peer that held it must have left ([`Host::leave`]) before a proof works from another
//!   peer, and then the seat's view is restored whole. A seat open to friends is claimed with
//!   the key of a token the peer drew itself ([`ToHost::Claim`]), which from then on is the
//!   seat's (a seat the host removed a friend from is a bot's for the rest of the game, and
//!   the removed key is told so). The token itself never
//!   reaches the host (see [`SeatKey`] for why this is sound);
//! - removing a friend ([`ToHost::Remove`]) and closing the table ([`ToHost::Close`]) are the
//!   host's own page's (the peer at the host's seat); a removed peer is not heard again, and
//!   after the close nobody is;
//! - a move must name the peer's own seat (a move naming no seat, such as dealing or the clock,
//!   is the host's), come after the host dealt ([`Host::start`]), be stamped with the current
//!   state id (a replayed or late move is stale; table talk and other seats' "Last card" since
//!   do not count: [`Table::only_talk_since`]), and be legal. Calls race instead: a call
//!   stamped with an older state is refused, naming the first caller, if a move taken since
//!   made the same call ([`Table::called_first`]), and taken in arrival order if the rules still
//!   take it at no cost ([`Table::late_call`]). Talk past the most a seat may say in a game is
//!   refused ([`Table::talked_out`]), and so are bets past the most a seat may make in a round
//!   ([`Table::bets_out`]) and slips the rules penalise past [`MOST_SLIPS`] ([`Table::slips`]).
//!
//! Pure: no clock, no sockets, no randomness (the pages draw the tokens and nonces); the transport
//! calls [`Host::connect`], [`Host::receive_at`] and [`Host::leave`] and sends what they return.

use super::protocol::{
    clean_name, decode_to_host, DecodeError, Notice, Refusal, Seat, SeatKey, Seats, ToHost, ToPeer, MAX_NAME, PROTOCOL,
};
use super::rate::{Bucket, PROOFS};
use super::Table;

/// The transport's name for one connection.
pub type PeerId = u64;

/// The most slips a seat's peer makes in one game that the host takes ([`Table::slips`]): a
/// person makes a few (a card played out of turn costs a card, as the rules say); past this the
/// slip is refused and changes nothing. Counted since the host's page opened the table.
pub const MOST_SLIPS: u16 = 40;

/// One message for one peer.
#[derive(Clone, Debug, PartialEq)]
pub struct Outgoing<U, R, S = ()> {
    pub to: PeerId,
    pub message: ToPeer<U, R, S>,
}

/// A message of a table's family.
pub type Message<T> = ToPeer<<T as Table>::Update, <T as Table>::Refusal, <T as Table>::Shared>;

/// The messages of a table's family.
pub type Out<T> = Vec<Outgoing<<T as Table>::Update, <T as Table>::Refusal, <T as Table>::Shared>>;

/// A move the host made: its events (for the host's own screen) and every seated peer's update.
pub struct Applied<T: Table> {
    pub events: Vec<T::Event>,
    pub out: Out<T>,
}

/// Messages dropped unread, by cause (for the host's diagnostics; a hostile peer only moves
/// these counters).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Dropped {
    pub too_long: u64,
    pub malformed: u64,
    pub other_version: u64,
    /// Messages over the rate, and seat proofs past a connection's [`PROOFS`].
    pub too_fast: u64,
}

/// Who a seat is for, as the host opens the table (and saves it, to reopen it).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Seating {
    /// The host's own seat.
    Host { name: String },
    /// A bot's, for the whole game.
    Bot,
    /// Open: the first friend to claim it takes it (a bot plays it until then).
    Open,
    /// A friend's, taken back with proofs made with its key.
    Friend { key: SeatKey, name: String },
    /// A friend's that the host removed: a bot plays it, and it is open to friends again (a
    /// friend who joins later takes it over, as an open seat); until then a proof made with the
    /// removed key is told so (and takes no seat).
    Removed { key: SeatKey },
}

/// A table and the peers at it.
///
/// ```
/// use blackjack::engine::shedding::{Action, Game, Preset};
/// use blackjack::net::{encode, Host, Refusal, SeatToken, ToHost, ToPeer};
///
/// let game = Game::new(Preset::Taylor.rules(), 2, 7).unwrap();
/// // Seat 0 is the host's own; seat 1 is the friend's whose browser keeps `token`.
/// let token = SeatToken(0x2f6d_91c4_a07e_3b58); // the page draws it from the browser's random source
/// let key = token.key("room"); // what the host keeps
/// let mut host = Host::new(game, &[None, Some(key)]);
/// let nonce = 0x6b1e_77d0_4c2a_9f15; // the host's page draws one per connection
/// let out = host.connect(17, nonce);
/// assert_eq!(out[1].message, ToPeer::Challenge { nonce });
/// let out = host.receive(17, &encode(&ToHost::<Action>::Prove { tag: key.tag(nonce) }));
/// assert!(matches!(out[0].message, ToPeer::Welcome { seat: 1, .. }));
/// // A move for the host's seat, from the peer, is refused.
/// let forged = ToHost::Act { at: 0, action: Action::Draw { seat: 0 } };
/// let out = host.receive(17, &encode(&forged));
/// assert_eq!(out[0].message, ToPeer::Refused(Refusal::NotYourSeat));
/// ```
pub struct Host<T: Table> {
    table: T,
    game: String,
    seating: Vec<Seating>,
    /// Who holds each seat now.
    holders: Vec<Option<PeerId>>,
    /// Peers connected (seated or not), told of every change of seats.
    present: Vec<PeerId>,
    started: bool,
    /// The quick-play clock's time a move, as the lobby says it (0: none).
    clock_ms: u32,
    /// Each connected peer's token bucket (a handful of peers: a list, no map's code in the page).
    buckets: Vec<(PeerId, Bucket)>,
    /// Each connected peer's challenge, and the proofs it may still send on this connection.
    challenges: Vec<(PeerId, u128, u8)>,
    dropped: Dropped,
    /// The events of the peers' moves not yet taken by the host's own screen.
    peer_events: Vec<T::Event>,
    /// Peers the host removed: nothing they send is read (a few, by the host's hand).
    removed: Vec<PeerId>,
    /// Each seat's slips taken ([`MOST_SLIPS`]).
    slips: Vec<u16>,
    /// The host closed the table.
    closed: bool,
}

impl<T: Table> Host<T> {
    /// A host for `table`, already dealt; `keys[seat]` opens that seat to whoever proves the
    /// key. Seats past the list, and keys past the table's seats, are not open; a key listed
    /// twice opens only its first seat (one key, one seat).
    pub fn new(table: T, keys: &[Option<SeatKey>]) -> Host<T> {
        let seating: Vec<Seating> = (0..table.seats() as usize)
            .map(|s| match keys.get(s).copied().flatten() {
                Some(key) if !keys[..s].contains(&Some(key)) => Seating::Friend { key, name: String::new() },
                _ => Seating::Bot,
            })
            .collect();
        let mut host = Host::open(table, "", seating);
        host.started = true;
        host
    }

    /// A table opened for friends, not dealt yet: `seating[seat]` for each seat (a seat past the
    /// list is a bot's; a key seen twice, a bot's at its second seat).
    pub fn open(table: T, game: &str, seating: Vec<Seating>) -> Host<T> {
        let seats = table.seats() as usize;
        let mut fixed: Vec<Seating> = Vec::with_capacity(seats);
        for s in 0..seats {
            let seat = match seating.get(s).cloned().unwrap_or(Seating::Bot) {
                Seating::Friend { key, .. }
                    if fixed.iter().any(|f| matches!(f, Seating::Friend { key: k, .. } if *k == key)) =>
                {
                    Seating::Bot
                }
                seat => seat,
            };
            fixed.push(seat);
        }
        let game = game.chars().filter(|c| !c.is_control()).take(40).collect();
        Host {
            table,
            game,
            seating: fixed,
            holders: vec![None; seats],
            present: Vec::new(),
            started: false,
            clock_ms: 0,
            buckets: Vec::new(),
            challenges: Vec::new(),
            dropped: Dropped::default(),
            peer_events: Vec::new(),
            removed: Vec::new(),
            slips: vec![0; seats],
            closed: false,
        }
    }

    pub fn table(&self) -> &T {
        &self.table
    }

    pub fn dropped(&self) -> Dropped {
        self.dropped
    }

    /// Who each seat is for now (the host saves it: the same keys take the same seats back).
    pub fn seating(&self) -> &[Seating] {
        &self.seating
    }

    /// Whether a person plays `seat` now: the host's own seat, or a friend who is connected. A
    /// bot plays every other seat (an open seat, a bot's, a friend's whose connection went).
    pub fn is_played_by_a_person(&self, seat: u8) -> bool {
        match self.seating.get(seat as usize) {
            Some(Seating::Host { .. }) => true,
            Some(Seating::Friend { .. }) => self.holders[seat as usize].is_some(),
            _ => false,
        }
    }

    pub fn is_started(&self) -> bool {
        self.started
    }

    /// Whether the host closed the table ([`ToHost::Close`]): nothing is read from then on.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The seat `peer` holds, if any.
    pub fn seat_of(&self, peer: PeerId) -> Option<u8> {
        self.holders.iter().position(|h| *h == Some(peer)).map(|s| s as u8)
    }

    /// What the lobby shows.
    pub fn seats(&self) -> Seats {
        let seats = self
            .seating
            .iter()
            .zip(&self.holders)
            .map(|(s, h)| match s {
                Seating::Host { name } => Seat::Host { name: name.clone() },
                Seating::Bot | Seating::Removed { .. } => Seat::Bot,
                Seating::Open => Seat::Open,
                Seating::Friend { name, .. } => Seat::Friend { name: name.clone(), here: h.is_some() },
            })
            .collect();
        Seats { game: self.game.clone(), seats, dealt: self.started, clock_ms: self.clock_ms }
    }

    /// The quick-play clock's time a move (0: none): everyone present is told it with the seats.
    pub fn set_clock(&mut self, clock_ms: u32) -> Out<T> {
        self.clock_ms = clock_ms;
        self.seats_to_present()
    }

    /// A peer connected: it is sent the seats (to pick one) and the connection's challenge (to
    /// take its own back); once the table is closed, only that it is. `nonce` must be new and
    /// unpredictable: the transport draws it from a secure random source for every connection
    /// (the host's page, from the browser's).
    pub fn connect(&mut self, peer: PeerId, nonce: u128) -> Out<T> {
        if self.closed {
            return vec![Outgoing { to: peer, message: ToPeer::Notice(Notice::Closed) }];
        }
        self.challenges.retain(|(p, ..)| *p != peer);
        self.challenges.push((peer, nonce, PROOFS));
        let mut out = self.look_in(peer);
        out.push(Outgoing { to: peer, message: ToPeer::Challenge { nonce } });
        out
    }

    /// `peer` is told of every change of seats from now on, starting with the seats now.
    fn look_in(&mut self, peer: PeerId) -> Out<T> {
        if !self.present.contains(&peer) {
            self.present.push(peer);
        }
        vec![Outgoing { to: peer, message: ToPeer::Seats(self.seats()) }]
    }

    /// The host's own page, as a peer: it holds the host's seat, and is sent the seats and the
    /// seat's updates as a friend is (its moves are checked as a friend's). Nothing if the table
    /// has no host's seat.
    pub fn seat_host(&mut self, peer: PeerId) -> Out<T> {
        let Some(seat) = self.seating.iter().position(|s| matches!(s, Seating::Host { .. })) else {
            return Vec::new();
        };
        let mut out = self.look_in(peer);
        out.extend(self.seat(peer, seat as u8));
        out
    }

    /// The host deals: from now on peers' moves are taken, and every seated peer is sent its
    /// seat's update (so a move it made too early is made again from it).
    pub fn start(&mut self) -> Out<T> {
        self.started = true;
        let mut out = self.updates(&[]);
        out.extend(self.seats_to_present());
        out
    }

    /// Bytes from `peer` at `now_ms` (the transport's clock): dropped and counted if the peer
    /// sends faster than [`super::rate`] allows, else as [`Host::receive`].
    pub fn receive_at(&mut self, peer: PeerId, now_ms: u64, bytes: &[u8]) -> Out<T> {
        if self.is_deaf_to(peer) {
            return Vec::new();
        }
        let at = match self.buckets.iter().position(|(p, _)| *p == peer) {
            Some(at) => at,
            None => {
                self.buckets.push((peer, Bucket::new(now_ms)));
                self.buckets.len() - 1
            }
        };
        if !self.buckets[at].1.take(now_ms) {
            self.dropped.too_fast += 1;
            return Vec::new();
        }
        self.receive(peer, bytes)
    }

    /// Bytes from `peer`: what to send, to whom (nothing, if they were dropped).
    pub fn receive(&mut self, peer: PeerId, bytes: &[u8]) -> Out<T> {
        if self.is_deaf_to(peer) {
            return Vec::new();
        }
        match decode_to_host::<T::Action>(bytes) {
            Ok(ToHost::Prove { tag }) => self.prove(peer, tag),
            Ok(ToHost::Claim { seat, key, name }) => self.claim(peer, seat, key, &name),
            Ok(ToHost::Act { at, action }) => self.peer_act(peer, at, action),
            Ok(ToHost::Ping { t }) => vec![Outgoing { to: peer, message: ToPeer::Pong { t } }],
            Ok(ToHost::Remove { seat }) => self.remove(peer, seat),
            Ok(ToHost::Close) => self.close(peer),
            Err(DecodeError::TooLong { .. }) => {
                self.dropped.too_long += 1;
                Vec::new()
            }
            Err(DecodeError::Malformed(_)) => {
                self.dropped.malformed += 1;
                Vec::new()
            }
            Err(DecodeError::Version { .. }) => {
                self.dropped.other_version += 1;
                vec![Outgoing { to: peer, message: ToPeer::Notice(Notice::Version { host: PROTOCOL }) }]
            }
        }
    }

    /// The transport lost `peer`: its seat waits for a proof again, and the others are told.
    pub fn leave(&mut self, peer: PeerId) -> Out<T> {
        self.present.retain(|p| *p != peer);
        self.buckets.retain(|(p, _)| *p != peer);
        self.challenges.retain(|(p, ..)| *p != peer);
        let Some(seat) = self.seat_of(peer) else { return Vec::new() };
        self.holders[seat as usize] = None;
        let mut out = self.to_all(|_| Some(ToPeer::Notice(Notice::Left { seat })));
        out.extend(self.seats_to_present());
        out
    }

    /// A move by the host's side (its own seat, a bot, the clock, dealing): trusted, not checked
    /// against a seat or a state id.
    ///
    /// # Errors
    /// The rules' refusal; nothing changed.
    pub fn act(&mut self, action: T::Action) -> Result<Applied<T>, T::Refusal> {
        let events = self.table.act(action)?;
        let out = self.updates(&events);
        Ok(Applied { events, out })
    }

    /// The events of the peers' moves since the last call, oldest first: the host's own screen
    /// takes them (its moves and its bots' come back from [`Host::act`]).
    pub fn take_peer_events(&mut self) -> Vec<T::Event> {
        std::mem::take(&mut self.peer_events)
    }

    /// Whether nothing from `peer` is read: the host removed it, or closed the table.
    fn is_deaf_to(&self, peer: PeerId) -> bool {
        self.closed || self.removed.contains(&peer)
    }

    /// Whether `peer` is the host's own page (it holds the host's seat).
    fn is_host(&self, peer: PeerId) -> bool {
        self.seat_of(peer).is_some_and(|s| matches!(self.seating[s as usize], Seating::Host { .. }))
    }

    /// The host removes the friend at `seat`: a bot plays it for the rest of the game (nobody
    /// claims it: else a stranger removed would take it back at once with a key of its own, and
    /// hold the table up again), its key is told it was removed, and its peer, if connected, is
    /// told so and not heard again (its page, told so, does not come back: it keeps the news in
    /// place of its seat's token).
    fn remove(&mut self, peer: PeerId, seat: u8) -> Out<T> {
        if !self.is_host(peer) {
            return refuse(peer, Refusal::NotHost);
        }
        let Some(&Seating::Friend { key, .. }) = self.seating.get(seat as usize) else {
            return refuse(peer, Refusal::NoFriend { seat });
        };
        self.seating[seat as usize] = Seating::Removed { key };
        let mut out = Vec::new();
        if let Some(gone) = self.holders[seat as usize].take() {
            self.present.retain(|p| *p != gone);
            self.buckets.retain(|(p, _)| *p != gone);
            self.removed.push(gone);
            out.push(Outgoing { to: gone, message: ToPeer::Notice(Notice::Removed) });
        }
        out.extend(self.seats_to_present());
        out
    }

    /// The host closes the table: every peer (connected or seated) is told, and nothing is read
    /// from then on.
    fn close(&mut self, peer: PeerId) -> Out<T> {
        if !self.is_host(peer) {
            return refuse(peer, Refusal::NotHost);
        }
        self.closed = true;
        let mut everyone = self.present.clone();
        everyone.extend(self.holders.iter().flatten().filter(|h| !self.present.contains(h)));
        everyone.into_iter().map(|to| Outgoing { to, message: ToPeer::Notice(Notice::Closed) }).collect()
    }

    /// A proof for this connection's challenge: the seat whose key made it. A connection never
    /// challenged (the host's own page) proves nothing; past [`PROOFS`] on one connection the
    /// proofs are dropped unanswered (a guesser gains nothing by trying more on one nonce).
    fn prove(&mut self, peer: PeerId, tag: u128) -> Out<T> {
        let Some((_, nonce, left)) = self.challenges.iter_mut().find(|(p, ..)| *p == peer) else {
            return refuse(peer, Refusal::UnknownToken);
        };
        if *left == 0 {
            self.dropped.too_fast += 1;
            return Vec::new();
        }
        *left -= 1;
        let nonce = *nonce;
        // A removed friend's proof is told so, and takes no seat.
        if self.removed_keys().any(|key| key.tag(nonce) == tag) {
            return vec![Outgoing { to: peer, message: ToPeer::Notice(Notice::Removed) }];
        }
        let found = self.seating.iter().position(|s| matches!(s, Seating::Friend { key, .. } if key.tag(nonce) == tag));
        let Some(seat) = found else { return refuse(peer, Refusal::UnknownToken) };
        self.seat(peer, seat as u8)
    }

    /// The keys of the friends the host removed (a removed seat keeps its key for the rest of
    /// the game, in the saved record too): a proof or claim made with one is told so.
    fn removed_keys(&self) -> impl Iterator<Item = SeatKey> + '_ {
        self.seating.iter().filter_map(|s| match s {
            Seating::Removed { key } => Some(*key),
            _ => None,
        })
    }

    fn claim(&mut self, peer: PeerId, seat: u8, key: SeatKey, name: &str) -> Out<T> {
        let Some(name) = clean_name(name) else { return refuse(peer, Refusal::BadName) };
        // A removed friend's key takes no seat, the one it had or any other, and is told so.
        if self.removed_keys().any(|k| k == key) {
            return vec![Outgoing { to: peer, message: ToPeer::Notice(Notice::Removed) }];
        }
        if !matches!(self.seating.get(seat as usize), Some(Seating::Open)) {
            return refuse(peer, Refusal::NotOpen { seat });
        }
        if let Some(mine) = self.seat_of(peer) {
            return refuse(peer, Refusal::AlreadySeated { seat: mine });
        }
        let in_use = self.seating.iter().any(|s| matches!(s, Seating::Friend { key: k, .. } if *k == key));
        if in_use {
            // One key, one seat: a peer that holds another seat's key proves it instead.
            return refuse(peer, Refusal::UnknownToken);
        }
        let name = self.unique_name(name);
        self.seating[seat as usize] = Seating::Friend { key, name };
        self.seat(peer, seat)
    }

    /// `name`, or with a number after it if the host or a friend already goes by it (any case):
    /// a stranger with the room link cannot pass for a player at the table.
    fn unique_name(&self, name: String) -> String {
        let taken = |n: &str| {
            self.seating.iter().any(|s| matches!(s, Seating::Host { name } | Seating::Friend { name, .. } if name.to_lowercase() == n.to_lowercase()))
        };
        if !taken(&name) {
            return name;
        }
        // One of the first seats + 1 numbers is free (no panic in a host: it would end the table).
        (2..=self.seating.len() + 2)
            .map(|i| {
                let tail = format!(" {i}");
                let head: String = name.chars().take(MAX_NAME - tail.len()).collect();
                format!("{}{tail}", head.trim_end())
            })
            .find(|n| !taken(n))
            .unwrap_or(name)
    }

    /// Gives `seat` to `peer` (its proof or claim checked): the seat's whole view, and the news to the others.
    fn seat(&mut self, peer: PeerId, seat: u8) -> Out<T> {
        match (self.holders[seat as usize], self.seat_of(peer)) {
            (Some(holder), _) if holder != peer => return refuse(peer, Refusal::SeatTaken { seat }),
            (_, Some(mine)) if mine != seat => return refuse(peer, Refusal::AlreadySeated { seat: mine }),
            _ => {}
        }
        let Ok(update) = self.table.update(seat, &[]) else { return refuse(peer, Refusal::UnknownToken) };
        self.holders[seat as usize] = Some(peer);
        let shared = self.table.shared();
        let mut out = vec![Outgoing { to: peer, message: ToPeer::Welcome { seat, shared, update } }];
        out.extend(self.to_all(|s| (s != seat).then_some(ToPeer::Notice(Notice::Joined { seat }))));
        out.extend(self.seats_to_present());
        out
    }

    fn peer_act(&mut self, peer: PeerId, at: u32, action: T::Action) -> Out<T> {
        let Some(seat) = self.seat_of(peer) else { return refuse(peer, Refusal::NotSeated) };
        if T::seat_of(&action) != Some(seat) {
            return refuse(peer, Refusal::NotYourSeat);
        }
        if !self.started {
            return refuse(peer, Refusal::NotStarted);
        }
        if self.table.talked_out(&action) {
            return refuse(peer, Refusal::EnoughTalk);
        }
        if self.table.bets_out(&action) {
            return refuse(peer, Refusal::EnoughBets);
        }
        let now = self.table.state_id();
        if at != now {
            // Calls race on arrival: the same call taken since `at` came first (and the log says
            // so); a call the table moved past is still taken if the rules take it at no cost.
            if let Some(first) = self.table.called_first(at, &action) {
                let mut out = refuse(peer, Refusal::CalledFirst { seat: first });
                let too = ToPeer::Notice(Notice::CalledToo { first, too: seat });
                out.extend(self.to_all(|s| (s != seat).then(|| too.clone())));
                return out;
            }
            if !self.table.late_call(&action) && !self.table.only_talk_since(at, &action) {
                return refuse(peer, Refusal::Stale { at, now });
            }
        }
        let slip = self.table.slips(&action);
        if slip && self.slips.get(seat as usize).is_none_or(|&n| n >= MOST_SLIPS) {
            return refuse(peer, Refusal::EnoughSlips);
        }
        match self.table.act(action) {
            Ok(events) => {
                if slip {
                    self.slips[seat as usize] += 1;
                }
                let out = self.updates(&events);
                self.peer_events.extend(events);
                out
            }
            Err(reason) => refuse(peer, Refusal::Illegal(reason)),
        }
    }

    /// `message` to every seated peer (the host's clock).
    pub fn to_seated(&self, message: &Message<T>) -> Out<T> {
        self.to_all(|_| Some(message.clone()))
    }

    /// Every seated peer's update after an action with `events`.
    fn updates(&self, events: &[T::Event]) -> Out<T> {
        self.to_all(|seat| self.table.update(seat, events).ok().map(ToPeer::Update))
    }

    /// The seats, to every connected peer.
    fn seats_to_present(&self) -> Out<T> {
        let seats = self.seats();
        self.present.iter().map(|&to| Outgoing { to, message: ToPeer::Seats(seats.clone()) }).collect()
    }

    /// A message for each seated peer, made from its seat (`None`: nothing for that seat).
    fn to_all(&self, message: impl Fn(u8) -> Option<Message<T>>) -> Out<T> {
        self.holders
            .iter()
            .enumerate()
            .filter_map(|(s, h)| Some(Outgoing { to: (*h)?, message: message(s as u8)? }))
            .collect()
    }
}

fn refuse<U, R, S>(peer: PeerId, why: Refusal<R>) -> Vec<Outgoing<U, R, S>> {
    vec![Outgoing { to: peer, message: ToPeer::Refused(why) }]
}
