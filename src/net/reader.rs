//! A peer's side of the wire: the host's bytes read into messages, with what the welcome carried
//! once (the rules) put back into every update, and what cannot be read dropped and counted.
//!
//! A host is trusted no more than a friend: its bytes reach a friend's screen only through here,
//! and only if they fit the table the welcome showed ([`Table::shape`]: the seat, the number of
//! seats, every seat named and every list one entry a seat). What does not fit is refused
//! ([`Reader::take_unfit`] says why, for the page's notice) and no screen sees it.

use super::host::{Dropped, Message};
use super::protocol::{decode_to_peer, DecodeError, ToPeer, MAX_SEATS};
use super::Table;
use crate::engine::feed::{Shape, Unfit};

/// Reads one host's messages for one peer.
///
/// ```
/// use blackjack::engine::shedding::{Action, Game, Preset};
/// use blackjack::net::{encode, Host, Reader, SeatKey, ToHost, ToPeer};
///
/// let game = Game::new(Preset::Taylor.rules(), 2, 7).unwrap();
/// let key = SeatKey(0x2f6d_91c4_a07e_3b58);
/// let mut host = Host::new(game, &[None, Some(key)]);
/// let mut reader = Reader::<Game>::default();
/// host.connect(17, 5);
/// for o in host.receive(17, &encode(&ToHost::<Action>::Prove { tag: key.tag(5) })) {
///     reader.read(&encode(&o.message));
/// }
/// let a = host.table().legal_actions()[0];
/// let out = host.act(a).unwrap().out;
/// // The update leaves the rules off the wire; the reader puts back the welcome's.
/// let Some(ToPeer::Update(u)) = reader.read(&encode(&out[0].message)) else { panic!() };
/// assert_eq!(u.view, host.table().view(1));
/// let v = blackjack::net::PROTOCOL.to_le_bytes(); // this version, then no message
/// assert_eq!(reader.read(&[v[0], v[1], 0xff]), None);
/// assert_eq!(reader.dropped().malformed, 1);
/// // An update for a table of another shape than the welcome's is refused, and said why.
/// let mut other = u.clone();
/// other.view.hand_sizes.push(7);
/// assert_eq!(reader.read(&encode(&ToPeer::<_, (), ()>::Update(other))), None);
/// assert!(reader.take_unfit().is_some());
/// ```
pub struct Reader<T: Table> {
    /// What the welcome carried once, and the shape of its table.
    welcome: Option<(T::Shared, Shape)>,
    dropped: Dropped,
    /// Why the last message refused for its shape was, until the page takes it.
    unfit: Option<Unfit>,
    /// Messages refused for their shape.
    refused: u64,
}

impl<T: Table> Default for Reader<T> {
    fn default() -> Self {
        Reader { welcome: None, dropped: Dropped::default(), unfit: None, refused: 0 }
    }
}

impl<T: Table> Reader<T> {
    /// The message in `bytes`, whole (an update with its rules); `None` if it was dropped: too
    /// long, unreadable, of another version, or an update before any welcome (it could not be
    /// drawn without the rules); or refused: a welcome or an update that does not fit its own
    /// table or the welcome's, or seats for another table ([`Self::take_unfit`] says why).
    pub fn read(&mut self, bytes: &[u8]) -> Option<Message<T>> {
        let message = match decode_to_peer::<T::Update, T::Refusal, T::Shared>(bytes) {
            Ok(m) => m,
            Err(e) => {
                match e {
                    DecodeError::TooLong { .. } => self.dropped.too_long += 1,
                    DecodeError::Malformed(_) => self.dropped.malformed += 1,
                    DecodeError::Version { .. } => self.dropped.other_version += 1,
                }
                return None;
            }
        };
        match self.check(message) {
            Ok(m) => m,
            Err(why) => {
                self.refused += 1;
                self.unfit = Some(why);
                None
            }
        }
    }

    fn check(&mut self, message: Message<T>) -> Result<Option<Message<T>>, Unfit> {
        match message {
            ToPeer::Welcome { seat, shared, mut update } => {
                T::restore(&mut update, &shared);
                let found = T::shape(&update)?;
                // The welcome's seat is its update's, and a second welcome (a rejoin) is to the
                // same table and seat as the first.
                let own = Shape { seat, seats: found.seats };
                for welcome in [Some(own), self.welcome.as_ref().map(|w| w.1)].into_iter().flatten() {
                    if found != welcome {
                        return Err(Unfit::NotTheWelcomes { welcome, found });
                    }
                }
                self.welcome = Some((shared.clone(), found));
                Ok(Some(ToPeer::Welcome { seat, shared, update }))
            }
            ToPeer::Update(mut update) => {
                let Some((shared, welcome)) = &self.welcome else {
                    self.dropped.malformed += 1;
                    return Ok(None);
                };
                T::restore(&mut update, shared);
                let found = T::shape(&update)?;
                if found != *welcome {
                    return Err(Unfit::NotTheWelcomes { welcome: *welcome, found });
                }
                Ok(Some(ToPeer::Update(update)))
            }
            // The lobby: no table has more seats than a seat's number can name, and once
            // welcomed, the seats are the welcome's table's.
            ToPeer::Seats(s) => {
                let seats = self.welcome.as_ref().map(|w| w.1.seats);
                match seats {
                    Some(n) if s.seats.len() != n => Err(Unfit::Length { list: "seats", len: s.seats.len(), seats: n }),
                    _ if s.seats.len() > MAX_SEATS => Err(Unfit::Seats { seats: s.seats.len() }),
                    _ => Ok(Some(ToPeer::Seats(s))),
                }
            }
            other => Ok(Some(other)),
        }
    }

    /// Why the last message refused for its shape was (once: the page shows it, then it is
    /// gone); `None` if none was since the last call.
    pub fn take_unfit(&mut self) -> Option<Unfit> {
        self.unfit.take()
    }

    /// How many messages were refused for their shape.
    pub fn refused(&self) -> u64 {
        self.refused
    }

    /// What was dropped so far, by cause.
    pub fn dropped(&self) -> Dropped {
        self.dropped
    }
}
