//! The host of a table with friends: it holds the game, takes each peer's bytes and says what
//! to send to whom. Host-authoritative, as boardgame.io's master: only the host runs the engine
//! (and the bots); a peer sends moves and receives its seat's updates, nothing else.
//!
//! A peer's message is acted on only if every check passes, and a refusal changes nothing:
//! - bytes too long or unreadable are dropped and counted ([`Dropped`]), with no answer (a peer
//!   of another version is told the host's version);
//! - a seat is taken with its [`SeatToken`], by one peer at a time, one seat per peer; the peer
//!   that held it must have left ([`Host::leave`]) before the token works from another peer,
//!   and then the seat's view is restored whole;
//! - a move must name the peer's own seat (a move naming no seat, such as dealing or the clock,
//!   is the host's), be stamped with the current state id (a replayed or late move is stale),
//!   and be legal.
//!
//! Pure: no clock, no sockets, no randomness (the host's page deals the tokens); the transport
//! calls [`Host::receive`] and [`Host::leave`] and sends what they return.

use super::protocol::{decode_to_host, DecodeError, Notice, Refusal, SeatToken, ToHost, ToPeer, PROTOCOL};
use super::Table;

/// The transport's name for one connection.
pub type PeerId = u64;

/// One message for one peer.
#[derive(Clone, Debug, PartialEq)]
pub struct Outgoing<U> {
    pub to: PeerId,
    pub message: ToPeer<U>,
}

/// A move the host made: its events (for the host's own screen) and every seated peer's update.
pub struct Applied<T: Table> {
    pub events: Vec<T::Event>,
    pub out: Vec<Outgoing<T::Update>>,
}

/// Messages dropped unread, by cause (for the host's diagnostics; a hostile peer only moves
/// these counters).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Dropped {
    pub too_long: u64,
    pub malformed: u64,
    pub other_version: u64,
}

/// A table and the peers at it.
///
/// ```
/// use blackjack::engine::shedding::{Action, Game, Preset};
/// use blackjack::net::{encode, Host, Refusal, SeatToken, ToHost, ToPeer};
///
/// let game = Game::new(Preset::Taylor.rules(), 2, 7).unwrap();
/// // Seat 0 is the host's own; seat 1 is open to whoever shows its token.
/// let token = SeatToken(0x2f6d_91c4_a07e_3b58); // the page draws it from the browser's random source
/// let mut host = Host::new(game, &[None, Some(token)]);
/// let out = host.receive(17, &encode(&ToHost::<Action>::Join { token }));
/// assert!(matches!(out[0].message, ToPeer::Welcome { seat: 1, .. }));
/// // A move for the host's seat, from the peer, is refused.
/// let forged = ToHost::Act { at: 0, action: Action::Draw { seat: 0 } };
/// let out = host.receive(17, &encode(&forged));
/// assert_eq!(out[0].message, ToPeer::Refused(Refusal::NotYourSeat));
/// ```
pub struct Host<T: Table> {
    table: T,
    /// The token of each seat open to a friend (`None`: the host's own seat or a bot's).
    tokens: Vec<Option<SeatToken>>,
    /// Who holds each seat now.
    holders: Vec<Option<PeerId>>,
    dropped: Dropped,
}

impl<T: Table> Host<T> {
    /// A host for `table`; `tokens[seat]` opens that seat to whoever shows the token. Seats past
    /// the list, and tokens past the table's seats, are not open; a token listed twice opens
    /// only its first seat (one token, one seat).
    pub fn new(table: T, tokens: &[Option<SeatToken>]) -> Host<T> {
        let seats = table.seats() as usize;
        let mut open: Vec<Option<SeatToken>> = Vec::with_capacity(seats);
        for s in 0..seats {
            let t = tokens.get(s).copied().flatten();
            open.push(t.filter(|t| !open.contains(&Some(*t))));
        }
        let tokens = open;
        Host { table, tokens, holders: vec![None; seats], dropped: Dropped::default() }
    }

    pub fn table(&self) -> &T {
        &self.table
    }

    pub fn dropped(&self) -> Dropped {
        self.dropped
    }

    /// The seat `peer` holds, if any.
    pub fn seat_of(&self, peer: PeerId) -> Option<u8> {
        self.holders.iter().position(|h| *h == Some(peer)).map(|s| s as u8)
    }

    /// Bytes from `peer`: what to send, to whom (nothing, if they were dropped).
    pub fn receive(&mut self, peer: PeerId, bytes: &[u8]) -> Vec<Outgoing<T::Update>> {
        match decode_to_host::<T::Action>(bytes) {
            Ok(ToHost::Join { token }) => self.join(peer, token),
            Ok(ToHost::Act { at, action }) => self.peer_act(peer, at, action),
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

    /// The transport lost `peer`: its seat waits for its token again, and the others are told.
    pub fn leave(&mut self, peer: PeerId) -> Vec<Outgoing<T::Update>> {
        let Some(seat) = self.seat_of(peer) else { return Vec::new() };
        self.holders[seat as usize] = None;
        self.to_all(|_| Some(ToPeer::Notice(Notice::Left { seat })))
    }

    /// A move by the host's side (its own seat, a bot, the clock, dealing): trusted, not checked
    /// against a seat or a state id.
    ///
    /// # Errors
    /// The rules' refusal, in players' words; nothing changed.
    pub fn act(&mut self, action: T::Action) -> Result<Applied<T>, String> {
        let events = self.table.act(action)?;
        let out = self.updates(&events);
        Ok(Applied { events, out })
    }

    fn join(&mut self, peer: PeerId, token: SeatToken) -> Vec<Outgoing<T::Update>> {
        let refuse = |r| vec![Outgoing { to: peer, message: ToPeer::Refused(r) }];
        let Some(seat) = self.tokens.iter().position(|t| *t == Some(token)) else {
            return refuse(Refusal::UnknownToken);
        };
        let seat = seat as u8;
        match (self.holders[seat as usize], self.seat_of(peer)) {
            (Some(holder), _) if holder != peer => return refuse(Refusal::SeatTaken { seat }),
            (_, Some(mine)) if mine != seat => return refuse(Refusal::AlreadySeated { seat: mine }),
            _ => {}
        }
        let Ok(update) = self.table.update(seat, &[]) else { return refuse(Refusal::UnknownToken) };
        self.holders[seat as usize] = Some(peer);
        let mut out = vec![Outgoing { to: peer, message: ToPeer::Welcome { seat, update } }];
        out.extend(self.to_all(|s| (s != seat).then_some(ToPeer::Notice(Notice::Joined { seat }))));
        out
    }

    fn peer_act(&mut self, peer: PeerId, at: u32, action: T::Action) -> Vec<Outgoing<T::Update>> {
        let refuse = |r| vec![Outgoing { to: peer, message: ToPeer::Refused(r) }];
        let Some(seat) = self.seat_of(peer) else { return refuse(Refusal::NotSeated) };
        if T::seat_of(&action) != Some(seat) {
            return refuse(Refusal::NotYourSeat);
        }
        let now = self.table.state_id();
        if at != now {
            return refuse(Refusal::Stale { at, now });
        }
        match self.table.act(action) {
            Ok(events) => self.updates(&events),
            Err(reason) => refuse(Refusal::Illegal { reason }),
        }
    }

    /// Every seated peer's update after an action with `events`.
    fn updates(&self, events: &[T::Event]) -> Vec<Outgoing<T::Update>> {
        self.to_all(|seat| self.table.update(seat, events).ok().map(ToPeer::Update))
    }

    /// A message for each seated peer, made from its seat (`None`: nothing for that seat).
    fn to_all(&self, message: impl Fn(u8) -> Option<ToPeer<T::Update>>) -> Vec<Outgoing<T::Update>> {
        self.holders
            .iter()
            .enumerate()
            .filter_map(|(s, h)| Some(Outgoing { to: (*h)?, message: message(s as u8)? }))
            .collect()
    }
}
