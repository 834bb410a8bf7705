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
/// (the ping, its echo and the time left to move) and calls that came second; 4 proves a seat
/// with a challenge its token answers ([`ToPeer::Challenge`], [`ToHost::Prove`]), never the token,
/// adds the host's controls (removing a friend, closing the table) and their notices, and the
/// clock's length in the lobby (`Seats::clock_ms`); 5 refuses talk past the most a seat may say
/// in a game ([`Refusal::EnoughTalk`]); 6 refuses bets past the most a spot may make in a round
/// ([`Refusal::EnoughBets`]).
pub const PROTOCOL: u16 = 6;

/// The most bytes a peer's message may have: a join or one action is a few dozen bytes.
pub const MAX_TO_HOST: usize = 1024;

/// The most bytes a host's message may have: an update carries the seat's whole view (a large
/// shedding table is a few hundred bytes, its rules in the welcome about as much again).
pub const MAX_TO_PEER: usize = 64 * 1024;

/// A friend's secret for its seat in one room: drawn by the friend's browser (its random
/// source) when it claims the seat, and kept there. It never leaves that browser: the host is
/// sent the seat's [`SeatKey`] once, in the claim, and after that only answers to challenges.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatToken(pub u128);

/// What the host keeps of a friend's seat (and saves, to reopen the table): the key the seat's
/// proofs are made with, `SipHash-2-4-128(token, "bj-seat-key-v1", room)`.
///
/// Why this is sound. A proof is a MAC, so whoever holds the key can make proofs: the key is
/// as good as the seat at this room's table, and the host holds it as it holds every hand (the
/// host's browser is trusted with the game). What must not happen is that a *stranger* learns
/// it, and the wire never shows it but once:
/// - a seat is claimed with a token drawn for that claim, so the key a claim carries is new:
///   whichever host reads it is the host that seats the friend with it, and a key sent to a
///   stranger's table (were a stranger ever to host the room) opens no seat at the real one;
/// - after that a friend proves its seat with `tag = SipHash-2-4-128(key, "bj-seat-v1",
///   nonce)` for the [`ToPeer::Challenge`] of this connection: a fresh 128-bit nonce the host's
///   page draws from the browser's random source for every connection. A host that is not the
///   real one learns a tag for its own nonce, which the real host never asks again; learning
///   the key from tags would break SipHash as a PRF;
/// - a relay (a stranger passing the real host's nonce on to a friend and its answer back)
///   needs the stranger to host the same room while the real host does: the signalling server
///   routes a room's friends to one host only, the browser holding the room's host key;
/// - the key is bound to the room, so a token a page reused in another room proves nothing here.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatKey(pub u128);

impl SeatToken {
    /// The seat's key in `room` (the room link's id), as the friend's claim sends it.
    pub fn key(self, room: &str) -> SeatKey {
        SeatKey(mac(self.0, &[b"bj-seat-key-v1", room.as_bytes()]))
    }
}

impl SeatKey {
    /// The answer to the challenge `nonce` ([`ToHost::Prove`]).
    pub fn tag(self, nonce: u128) -> u128 {
        mac(self.0, &[b"bj-seat-v1", &nonce.to_le_bytes()])
    }
}

/// SipHash-2-4 with 128-bit output under `key`, of `parts` each preceded by its length (so no
/// two lists of parts hash the same bytes).
fn mac(key: u128, parts: &[&[u8]]) -> u128 {
    use core::hash::Hasher;
    use siphasher::sip128::Hasher128;
    let mut h = siphasher::sip128::SipHasher24::new_with_key(&key.to_le_bytes());
    for part in parts {
        h.write(&(part.len() as u64).to_le_bytes());
        h.write(part);
    }
    h.finish128().as_u128()
}

/// The most seats a table of any family may have, as its lobby lists them: a seat's number is a
/// `u8`, and the widest table (the shedding games') has 12.
pub const MAX_SEATS: usize = 16;

/// The most characters of a player's name at a table with friends.
pub const MAX_NAME: usize = 16;

/// A peer to its host. `A` is the game family's action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToHost<A> {
    /// Take back (after a dropped connection, a reload) the seat whose key made `tag`: the
    /// answer to this connection's [`ToPeer::Challenge`] ([`SeatKey::tag`]).
    Prove { tag: u128 },
    /// Take a seat open to friends, under `name`; from now on proofs made with `key` (derived
    /// from a token the peer's browser drew for this claim and keeps) take it back, and nothing
    /// else does.
    Claim { seat: u8, key: SeatKey, name: String },
    /// Make a move, computed from the update with state id `at`.
    Act { at: u32, action: A },
    /// How long the link takes: the host sends `t` straight back ([`ToPeer::Pong`]). `t` is the
    /// peer's own clock, read by nobody but the peer: a peer sends the host no time it uses.
    Ping { t: u32 },
    /// The host's own page only: the friend at `seat` leaves the table for good (a bot plays the
    /// seat from now on, and its token no longer takes it).
    Remove { seat: u8 },
    /// The host's own page only: the table ends for everyone.
    Close,
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
    /// Sent on connecting: a peer that holds a seat answers with [`ToHost::Prove`]. `nonce` is
    /// new for every connection and unpredictable (drawn from the host browser's random source).
    Challenge { nonce: u128 },
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

/// A player's name as a table shows it: control characters and invisible formatting dropped,
/// spaces trimmed, at most [`MAX_NAME`] characters; `None` if nothing is left.
pub fn clean_name(name: &str) -> Option<String> {
    let clean: String = name.chars().filter(|&c| !c.is_control() && !invisible(c)).take(MAX_NAME * 4).collect();
    let clean: String = clean.trim().chars().take(MAX_NAME).collect();
    let clean = clean.trim_end().to_owned();
    (!clean.is_empty()).then_some(clean)
}

/// Characters that draw nothing or turn the text around them: Unicode's default-ignorable
/// code points (zero widths, joiners, the combining grapheme joiner, Hangul and Khmer fillers,
/// variation selectors, direction marks and overrides, the byte-order mark, tags) and the
/// interlinear annotation marks: in a name they let a stranger look like another player
/// ("Ann\u{200B}", "Ann\u{3164}") or reverse the words of a log line after it.
fn invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{34f}' | '\u{61c}' | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}'
        | '\u{180b}'..='\u{180f}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}'
        | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fffb}'
        | '\u{1bca0}'..='\u{1bca3}' | '\u{1d173}'..='\u{1d17a}' | '\u{e0000}'..='\u{e0fff}')
}

/// Why the host did not act on a peer's message. `R` is the rules' refusal of the game family.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal<R> {
    /// No seat's key made this proof (or the peer was never challenged).
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
    /// Removing a friend and closing the table are the host's own page's to do.
    NotHost,
    /// No friend holds `seat` to remove (the host's, a bot's, open, or removed already).
    NoFriend { seat: u8 },
    /// The seat has said the most a seat may say in one game ([`super::Table::talked_out`]):
    /// talk costs nothing and each word is kept in the game's record, so it is bounded.
    EnoughTalk,
    /// The seat has changed its bet the most a seat may in one round ([`super::Table::bets_out`]):
    /// a bet costs nothing until the deal and each change is kept in the game's record, so it is
    /// bounded.
    EnoughBets,
    /// The seat has made the most moves out of turn (or other slips the rules penalise) a seat
    /// may in one game ([`super::Table::slips`]): once the stock is bare a slip costs nothing,
    /// and each one moves the table on, which would make the others' moves stale.
    EnoughSlips,
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
    /// The host removed this peer from the table: its seat is a bot's now, its token void.
    Removed,
    /// The host closed the table: nothing more comes from it.
    Closed,
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
        let j: ToHost<Action> = ToHost::Prove { tag: u128::MAX };
        assert_eq!(decode_to_host::<Action>(&encode(&j)), Ok(j));
        let c: ToHost<Action> = ToHost::Claim { seat: 3, key: SeatKey(9), name: "Sam".into() };
        assert_eq!(decode_to_host::<Action>(&encode(&c)), Ok(c));
    }

    #[test]
    fn a_name_is_trimmed_bounded_and_free_of_control_characters() {
        assert_eq!(clean_name("  Sam \n"), Some("Sam".into()));
        assert_eq!(clean_name("A\u{0}b\u{1b}[31mc"), Some("Ab[31mc".into()));
        assert_eq!(clean_name(&"é".repeat(40)).map(|n| n.chars().count()), Some(MAX_NAME));
        assert_eq!(clean_name(" \t\r "), None);
        assert_eq!(clean_name("An\u{200b}n\u{202e}"), Some("Ann".into()), "invisible formatting dropped");
        assert_eq!(clean_name("\u{feff}\u{2066}\u{e0041}"), None);
        // Default-ignorable characters draw as nothing: each of these is the host's "Ann".
        for lookalike in
            ["Ann\u{34f}", "Ann\u{3164}", "Ann\u{fe0f}", "\u{115f}Ann", "Ann\u{17b4}", "A\u{ffa0}nn\u{e0101}"]
        {
            assert_eq!(clean_name(lookalike), Some("Ann".into()), "{lookalike:?}");
        }
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
        // Version 3 sent the seat's token itself: a page of that release is told apart.
        let mut other = encode(&ToHost::<Action>::Prove { tag: 1 });
        other[..2].copy_from_slice(&3u16.to_le_bytes());
        assert_eq!(decode_to_host::<Action>(&other), Err(DecodeError::Version { found: 3 }));
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
    fn a_proof_depends_on_the_token_the_room_and_the_nonce() {
        let t = SeatToken(0x0123_4567_89ab_cdef_fedc_ba98_7654_3210);
        let key = t.key("room-a");
        assert_ne!(key.0, t.0, "the key is not the token");
        assert_ne!(key, t.key("room-b"));
        assert_ne!(key, SeatToken(t.0 ^ 1).key("room-a"));
        assert_ne!(key.tag(1), key.tag(2));
        assert_ne!(key.tag(1), t.key("room-b").tag(1));
        // Lengths are hashed too: moving a byte from one part to the other changes the key.
        assert_ne!(mac(5, &[b"ab", b"c"]), mac(5, &[b"a", b"bc"]));
    }

    #[test]
    fn an_action_is_a_few_bytes() {
        let m = encode(&ToHost::<Action>::Act { at: 70_000, action: Action::Draw { seat: 2 } });
        assert!(m.len() <= 8, "{} bytes", m.len());
    }
}
