//! The messages between a host and its peers, and their one encoding.
//!
//! The wire form is compact and binary: two bytes of [`PROTOCOL`] (little-endian), then the
//! message in `postcard` (serde's data model, variable-length integers, no field names). A peer
//! running another release is told so instead of being misread. Encoded by [`encode`] and read
//! by [`decode_to_host`] / [`decode_to_peer`] only, so the format can change in one place (and
//! the version with it). Bytes from the network are untrusted: their length is checked before
//! anything is read, every length inside is bounded by the bytes there are, trailing bytes make
//! a message unreadable, and every problem is a typed [`DecodeError`], never a panic.
//!
//! What every update of a table repeats (the shedding rules) travels once, in the
//! [`ToPeer::Welcome`]; [`super::Reader`] puts it back into each update a peer reads.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The protocol's version; a message of another version is not read. 1 was JSON with the rules
/// in every update; 2 is `postcard` with the rules in the welcome only; 3 adds the host's clock
/// (the ping, its echo and the time left to move) and calls that came second; 4 the clock's
/// length in the lobby (`Seats::clock_ms`).
pub const PROTOCOL: u16 = 4;

/// The most bytes a peer's message may have: a join or one action is a few dozen bytes.
pub const MAX_TO_HOST: usize = 1024;

/// The most bytes a host's message may have: an update carries the seat's whole view (a large
/// shedding table is a few hundred bytes, its rules in the welcome about as much again).
pub const MAX_TO_PEER: usize = 64 * 1024;

/// The secret that gives a seat to whoever shows it: the host deals one per open seat (from the
/// browser's random source) and shares it with the friend invited to that seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatToken(pub u128);

/// The most seats a table of any family may have, as its lobby lists them: a seat's number is a
/// `u8`, and the widest table (the shedding games') has 12.
pub const MAX_SEATS: usize = 16;

/// The most characters of a player's name at a table with friends.
pub const MAX_NAME: usize = 16;

/// A peer to its host. `A` is the game family's action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToHost<A> {
    /// Take (or take back, after a dropped connection) the seat the token was dealt for.
    Join { token: SeatToken },
    /// Take a seat open to friends, under `name`; from now on `token` (drawn by the peer's
    /// browser and kept there) takes it back, and nothing else does.
    Claim { seat: u8, token: SeatToken, name: String },
    /// Make a move, computed from the update with state id `at`.
    Act { at: u32, action: A },
    /// How long the link takes: the host sends `t` straight back ([`ToPeer::Pong`]). `t` is the
    /// peer's own clock, read by nobody but the peer: a peer sends the host no time it uses.
    Ping { t: u32 },
}

/// A host to one peer. `U` is the game family's seat update, `R` its rules' refusal, `S` what
/// every update of the table shares and the wire carries once ([`super::Table::Shared`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToPeer<U, R, S = ()> {
    /// The seat is the peer's; `update` is its whole view (no events), to draw the table from,
    /// and `shared` what the later updates leave out (the rules).
    Welcome { seat: u8, shared: S, update: U },
    /// What happened since the last update, as this seat may know it.
    Update(U),
    /// The peer's message was not acted on, and why.
    Refused(Refusal<R>),
    /// Something about the table that is not a move.
    Notice(Notice),
    /// The table and its seats, sent to every connected peer when it connects and whenever a
    /// seat changes hands (seated or not: a friend picks a seat from it).
    Seats(Seats),
    /// The answer to [`ToHost::Ping`], with its `t`.
    Pong { t: u32 },
    /// The quick-play clock as the host runs it, when it starts, moves on or stops (`None`).
    Clock(Option<Clock>),
}

/// The host's quick-play clock for one turn, as one peer is told it: the time left *when the
/// host sends it*, never a time of day (the two machines' clocks differ). The peer takes off
/// half its link's round trip, so its ring ends when the host's clock does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The seat to move.
    pub seat: u8,
    /// Milliseconds left on the host's clock as it sends this.
    pub left_ms: u32,
    /// The clock's whole length (the ring's full circle).
    pub full_ms: u32,
}

/// What the lobby shows: the game and who sits where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    /// The game's name, as the host's page says it ("Taylor").
    pub game: String,
    pub seats: Vec<Seat>,
    /// Whether the host has dealt (moves are taken from then on).
    pub dealt: bool,
    /// The host's quick-play clock: the time a person has for each move (ms; 0: no clock), so
    /// that everyone sees it in the lobby before the deal.
    pub clock_ms: u32,
}

/// Who sits at one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Seat {
    /// The player who opened the table.
    Host { name: String },
    /// Free for a friend to take (a bot plays it meanwhile, once the game is on).
    Open,
    /// A bot's, for the whole game.
    Bot,
    /// A friend's; `here`: connected now (if not, a bot plays it until they come back).
    Friend { name: String, here: bool },
}

/// A player's name as a table shows it: control characters dropped, spaces trimmed, at most
/// [`MAX_NAME`] characters; `None` if nothing is left.
pub fn clean_name(name: &str) -> Option<String> {
    let clean: String = name.chars().filter(|c| !c.is_control()).take(MAX_NAME * 4).collect();
    let clean: String = clean.trim().chars().take(MAX_NAME).collect();
    let clean = clean.trim_end().to_owned();
    (!clean.is_empty()).then_some(clean)
}

/// Why the host did not act on a peer's message. `R` is the rules' refusal of the game family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal<R> {
    /// No open seat has this token.
    UnknownToken,
    /// Another peer holds this seat now.
    SeatTaken { seat: u8 },
    /// This peer already holds another seat.
    AlreadySeated { seat: u8 },
    /// A move before joining.
    NotSeated,
    /// The move was computed for state `at`; the table is at `now` (a replay, or a move made
    /// before the last update arrived).
    Stale { at: u32, now: u32 },
    /// The move is not the peer's seat's to make (another seat's, or the host's: dealing, the
    /// clock).
    NotYourSeat,
    /// The rules refused the move, for this reason (the page puts it in words).
    Illegal(R),
    /// The seat is not open to friends (the host's, a bot's, or taken with another token).
    NotOpen { seat: u8 },
    /// A name with nothing to show.
    BadName,
    /// The host has not dealt yet.
    NotStarted,
    /// The same call (a call-out of the same player, a dispute of the same call-out, or the
    /// player's own "Last card" before a call-out) reached the host first from `seat`: calls
    /// race on the host's arrival order.
    CalledFirst { seat: u8 },
}

/// News about the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Notice {
    /// A friend took a seat.
    Joined { seat: u8 },
    /// A friend's connection went; the seat waits for them.
    Left { seat: u8 },
    /// The message came from another version of the game; the host runs `host`.
    Version { host: u16 },
    /// `too` made the call `first` had made just before (for the log: who was first).
    CalledToo { first: u8, too: u8 },
}

/// Why bytes were not read as a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Longer than the limit: not read at all.
    TooLong { bytes: usize, max: usize },
    /// Not a message of this protocol, and why in a few words (fixed texts: the decoder's own
    /// error messages stay out of the page).
    Malformed(&'static str),
    /// A message of another version.
    Version { found: u16 },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::TooLong { bytes, max } => write!(f, "a message of {bytes} bytes (at most {max})"),
            DecodeError::Malformed(why) => write!(f, "an unreadable message: {why}"),
            DecodeError::Version { found } => write!(f, "a message of version {found} (this is {PROTOCOL})"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// The bytes of a message (either direction): the version, then the message.
pub fn encode<M: Serialize>(message: &M) -> Vec<u8> {
    // Plain data (no maps with non-string keys, no floats, no `skip_serializing_if`) always
    // serialises; an error would be a bug, sent as bytes the other side drops and counts.
    postcard::to_extend(message, PROTOCOL.to_le_bytes().to_vec()).unwrap_or_default()
}

/// A peer's message, read by the host.
///
/// # Errors
/// [`DecodeError`] for bytes over [`MAX_TO_HOST`], of another version or not a message.
pub fn decode_to_host<A: DeserializeOwned>(bytes: &[u8]) -> Result<ToHost<A>, DecodeError> {
    decode(bytes, MAX_TO_HOST)
}

/// The host's message, read by a peer (through [`super::Reader`], which puts the rules back).
///
/// # Errors
/// [`DecodeError`] for bytes over [`MAX_TO_PEER`], of another version or not a message.
pub fn decode_to_peer<U: DeserializeOwned, R: DeserializeOwned, S: DeserializeOwned>(
    bytes: &[u8],
) -> Result<ToPeer<U, R, S>, DecodeError> {
    decode(bytes, MAX_TO_PEER)
}

fn decode<M: DeserializeOwned>(bytes: &[u8], max: usize) -> Result<M, DecodeError> {
    if bytes.len() > max {
        return Err(DecodeError::TooLong { bytes: bytes.len(), max });
    }
    let Some((version, body)) = bytes.split_first_chunk::<2>() else {
        return Err(DecodeError::Malformed("shorter than its version"));
    };
    match u16::from_le_bytes(*version) {
        PROTOCOL => {}
        found => return Err(DecodeError::Version { found }),
    }
    // postcard reads lengths as the bytes allow (a sequence's claimed length never allocates
    // past what serde's cautious size hint permits), and every element takes at least a byte.
    match postcard::take_from_bytes::<M>(body) {
        Ok((m, [])) => Ok(m),
        Ok(_) => Err(DecodeError::Malformed("bytes after the message")),
        Err(_) => Err(DecodeError::Malformed("not a message of this protocol")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shedding::Action;

    #[test]
    fn a_message_reads_back_as_it_was_written() {
        let m: ToHost<Action> = ToHost::Act { at: 7, action: Action::Draw { seat: 2 } };
        assert_eq!(decode_to_host::<Action>(&encode(&m)), Ok(m));
        let j: ToHost<Action> = ToHost::Join { token: SeatToken(u128::MAX) };
        assert_eq!(decode_to_host::<Action>(&encode(&j)), Ok(j));
        let c: ToHost<Action> = ToHost::Claim { seat: 3, token: SeatToken(9), name: "Sam".into() };
        assert_eq!(decode_to_host::<Action>(&encode(&c)), Ok(c));
    }

    #[test]
    fn a_name_is_trimmed_bounded_and_free_of_control_characters() {
        assert_eq!(clean_name("  Sam \n"), Some("Sam".into()));
        assert_eq!(clean_name("A\u{0}b\u{1b}[31mc"), Some("Ab[31mc".into()));
        assert_eq!(clean_name(&"é".repeat(40)).map(|n| n.chars().count()), Some(MAX_NAME));
        assert_eq!(clean_name(" \t\r "), None);
        assert_eq!(clean_name("Jo                 x"), Some("Jo".into()), "cut, then trimmed again");
    }

    #[test]
    fn bytes_over_the_limit_are_not_read() {
        let long = vec![b' '; MAX_TO_HOST + 1];
        assert_eq!(
            decode_to_host::<Action>(&long),
            Err(DecodeError::TooLong { bytes: MAX_TO_HOST + 1, max: MAX_TO_HOST })
        );
    }

    #[test]
    fn another_version_is_told_apart_from_garbage() {
        // Version 2 was this form without the clock: a page of that release is told apart.
        let mut other = encode(&ToHost::<Action>::Join { token: SeatToken(1) });
        other[..2].copy_from_slice(&2u16.to_le_bytes());
        assert_eq!(decode_to_host::<Action>(&other), Err(DecodeError::Version { found: 2 }));
        // Version 1 was JSON: its first two bytes, `{"`, are no version this host speaks.
        assert_eq!(decode_to_host::<Action>(br#"{"v":1,"m":3}"#), Err(DecodeError::Version { found: 0x227b }));
        let v = PROTOCOL.to_le_bytes();
        assert!(matches!(decode_to_host::<Action>(&[v[0], v[1], 9]), Err(DecodeError::Malformed(_))));
        assert!(matches!(decode_to_host::<Action>(&[v[0]]), Err(DecodeError::Malformed(_))));
        assert!(matches!(decode_to_host::<Action>(&[]), Err(DecodeError::Malformed(_))));
    }

    #[test]
    fn a_message_with_bytes_after_it_is_unreadable() {
        let mut m = encode(&ToHost::<Action>::Act { at: 7, action: Action::Draw { seat: 2 } });
        m.push(0);
        assert!(matches!(decode_to_host::<Action>(&m), Err(DecodeError::Malformed(_))));
    }

    #[test]
    fn a_claimed_length_past_the_bytes_is_unreadable_without_allocating_it() {
        // A claim whose name says it has 2^32-1 bytes: postcard sees there are not that many.
        let v = PROTOCOL.to_le_bytes();
        let bytes = [v[0], v[1], 1, 3, 9, 0xff, 0xff, 0xff, 0xff, 0x0f, b'a'];
        assert!(matches!(decode_to_host::<Action>(&bytes), Err(DecodeError::Malformed(_))));
    }

    #[test]
    fn an_action_is_a_few_bytes() {
        let m = encode(&ToHost::<Action>::Act { at: 70_000, action: Action::Draw { seat: 2 } });
        assert!(m.len() <= 8, "{} bytes", m.len());
    }
}
