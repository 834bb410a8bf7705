//! A peer's side of the wire: the host's bytes read into messages, with what the welcome carried
//! once (the rules) put back into every update, and what cannot be read dropped and counted.

use super::host::{Dropped, Message};
use super::protocol::{decode_to_peer, DecodeError, ToPeer};
use super::Table;

/// Reads one host's messages for one peer.
///
/// ```
/// use blackjack::engine::shedding::{Action, Game, Preset};
/// use blackjack::net::{encode, Host, Reader, SeatToken, ToHost, ToPeer};
///
/// let game = Game::new(Preset::Taylor.rules(), 2, 7).unwrap();
/// let token = SeatToken(0x2f6d_91c4_a07e_3b58);
/// let mut host = Host::new(game, &[None, Some(token)]);
/// let mut reader = Reader::<Game>::default();
/// for o in host.receive(17, &encode(&ToHost::<Action>::Join { token })) {
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
/// ```
pub struct Reader<T: Table> {
    shared: Option<T::Shared>,
    dropped: Dropped,
}

impl<T: Table> Default for Reader<T> {
    fn default() -> Self {
        Reader { shared: None, dropped: Dropped::default() }
    }
}

impl<T: Table> Reader<T> {
    /// The message in `bytes`, whole (an update with its rules); `None` if it was dropped: too
    /// long, unreadable, of another version, or an update before any welcome (it could not be
    /// drawn without the rules).
    pub fn read(&mut self, bytes: &[u8]) -> Option<Message<T>> {
        match decode_to_peer::<T::Update, T::Refusal, T::Shared>(bytes) {
            Ok(ToPeer::Welcome { seat, shared, mut update }) => {
                T::restore(&mut update, &shared);
                self.shared = Some(shared.clone());
                Some(ToPeer::Welcome { seat, shared, update })
            }
            Ok(ToPeer::Update(mut update)) => match &self.shared {
                Some(shared) => {
                    T::restore(&mut update, shared);
                    Some(ToPeer::Update(update))
                }
                None => {
                    self.dropped.malformed += 1;
                    None
                }
            },
            Ok(other) => Some(other),
            Err(e) => {
                match e {
                    DecodeError::TooLong { .. } => self.dropped.too_long += 1,
                    DecodeError::Malformed(_) => self.dropped.malformed += 1,
                    DecodeError::Version { .. } => self.dropped.other_version += 1,
                }
                None
            }
        }
    }

    /// What was dropped so far, by cause.
    pub fn dropped(&self) -> Dropped {
        self.dropped
    }
}
