//! What a table with friends reads from text: the room link's fragment (`#room=…`), a seat token
//! kept in the browser, and the settings (the signalling address, the ICE servers). Pure, and
//! built natively too (`ui/native.rs`), so every reader is unit-tested: a link is untrusted text.

use crate::net::SeatToken;
use std::fmt;

/// Letters of a room id: 22 of them carry 128 bits from the browser's random source (base64url),
/// so a room cannot be guessed; the signalling server takes 16 to 64 of these characters.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// A room's id, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomId(String);

/// Why a room link cannot be opened.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BadRoom {
    /// The fragment is not `#room=` and an id.
    NotARoom,
    /// The id is too short, too long, or has a character no room id has.
    BadId,
}

impl fmt::Display for BadRoom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BadRoom::NotARoom => "This is not a link to a table with friends.",
            BadRoom::BadId => "The room in this link is not one the game makes: part of the link may be missing.",
        })
    }
}

impl RoomId {
    /// A new room's id from 16 random bytes.
    pub fn from_random(bytes: [u8; 16]) -> RoomId {
        let n = u128::from_le_bytes(bytes);
        RoomId((0..22).map(|i| ALPHABET[((n >> (6 * i)) & 63) as usize] as char).collect())
    }

    /// Reads an id (16 to 64 letters, digits, `-`, `_`).
    ///
    /// # Errors
    /// [`BadRoom::BadId`] for anything else.
    pub fn parse(id: &str) -> Result<RoomId, BadRoom> {
        let ok = (16..=64).contains(&id.len()) && id.bytes().all(|b| ALPHABET.contains(&b));
        ok.then(|| RoomId(id.to_owned())).ok_or(BadRoom::BadId)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The fragment of the room's link.
    pub fn fragment(&self) -> String {
        format!("#room={}", self.0)
    }
}

/// The room a page's fragment names: `None` for no fragment (a host opening a table).
///
/// # Errors
/// [`BadRoom`] for a fragment that is not a room link.
pub fn room_in_fragment(hash: &str) -> Result<Option<RoomId>, BadRoom> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    if hash.is_empty() {
        return Ok(None);
    }
    let id = hash.strip_prefix("room=").ok_or(BadRoom::NotARoom)?;
    RoomId::parse(id).map(Some)
}

/// The key only the host's browser holds for its room: drawn when it opens the table, kept in
/// that browser, and named by its connection to the signalling server, which lets no other key
/// host the room (so a stranger who has the link cannot host the table while its host is away,
/// and be handed its friends). Never in the room link. The same 22 letters as a room id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostKey(String);

impl HostKey {
    pub fn from_random(bytes: [u8; 16]) -> HostKey {
        HostKey(RoomId::from_random(bytes).0)
    }

    /// A kept key read back; `None` if it is not one.
    pub fn parse(text: &str) -> Option<HostKey> {
        RoomId::parse(text).ok().map(|r| HostKey(r.0))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The signalling server's address for a room: the host's connection names its key.
pub fn room_url(signal: &str, room: &RoomId, host: Option<&HostKey>) -> String {
    let base = signal.trim_end_matches('/');
    match host {
        Some(key) => format!("{base}/{}.host.{}", room.as_str(), key.as_str()),
        None => format!("{base}/{}", room.as_str()),
    }
}

/// A signalling address a player typed: `ws://` or `wss://`, a host, nothing that breaks a URL.
pub fn check_signal_url(url: &str) -> Option<String> {
    let url = url.trim();
    let rest = url.strip_prefix("ws://").or_else(|| url.strip_prefix("wss://"))?;
    let ok =
        !rest.is_empty() && url.len() <= 200 && url.bytes().all(|b| b.is_ascii_graphic()) && !url.contains(['#', '?']);
    ok.then(|| url.trim_end_matches('/').to_owned())
}

/// The ICE servers of the settings: URLs (`stun:`, `turn:`, `turns:`) separated by spaces,
/// commas or lines; anything else is left out. Empty by default: then only addresses on the
/// players' own networks are tried, and nothing leaves them.
pub fn ice_urls(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|u| ["stun:", "turn:", "turns:"].iter().any(|p| u.starts_with(p)) && u.len() <= 200)
        .filter(|u| u.bytes().all(|b| b.is_ascii_graphic()))
        .take(8)
        .map(str::to_owned)
        .collect()
}

/// A seat token as the browser keeps it (32 hex digits).
pub fn token_text(token: SeatToken) -> String {
    format!("{:032x}", token.0)
}

/// A kept seat token read back; `None` if it is not one.
pub fn token_from_text(text: &str) -> Option<SeatToken> {
    (text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit()))
        .then(|| u128::from_str_radix(text, 16).ok().map(SeatToken))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_room_s_link_reads_back_as_the_same_room() {
        for bytes in [[0u8; 16], [255; 16], *b"0123456789abcdef"] {
            let room = RoomId::from_random(bytes);
            assert_eq!(room.as_str().len(), 22);
            assert_eq!(room_in_fragment(&room.fragment()), Ok(Some(room)));
        }
        assert_ne!(RoomId::from_random([1; 16]), RoomId::from_random([2; 16]));
    }

    #[test]
    fn a_fragment_that_is_not_a_room_is_told_apart() {
        assert_eq!(room_in_fragment(""), Ok(None));
        assert_eq!(room_in_fragment("#"), Ok(None));
        assert_eq!(room_in_fragment("#table=taylor.4"), Err(BadRoom::NotARoom));
        assert_eq!(room_in_fragment("#room=short"), Err(BadRoom::BadId));
        assert_eq!(room_in_fragment("#room=abcdefghijklmnop/../x"), Err(BadRoom::BadId));
        assert_eq!(room_in_fragment(&format!("#room={}", "é".repeat(20))), Err(BadRoom::BadId));
        assert_eq!(room_in_fragment(&format!("#room={}", "a".repeat(65))), Err(BadRoom::BadId));
    }

    #[test]
    fn the_host_s_address_names_its_key_and_a_friend_s_does_not() {
        let room = RoomId::parse("abcdefghijklmnopqrstuv").unwrap();
        let key = HostKey::from_random([7; 16]);
        assert_eq!(HostKey::parse(key.as_str()), Some(key.clone()));
        assert_ne!(key, HostKey::from_random([8; 16]));
        assert_eq!(HostKey::parse("short"), None);
        assert_eq!(
            room_url("ws://127.0.0.1:3536/", &room, Some(&key)),
            format!("ws://127.0.0.1:3536/abcdefghijklmnopqrstuv.host.{}", key.as_str())
        );
        assert_eq!(room_url("wss://signal.example", &room, None), "wss://signal.example/abcdefghijklmnopqrstuv");
    }

    #[test]
    fn settings_keep_only_what_can_be_used() {
        assert_eq!(check_signal_url(" ws://192.168.1.5:3536/ "), Some("ws://192.168.1.5:3536".into()));
        for bad in ["http://x", "ws://", "ws://a b", "ws://x/#y", "javascript:alert(1)"] {
            assert_eq!(check_signal_url(bad), None, "{bad}");
        }
        assert_eq!(ice_urls(""), Vec::<String>::new());
        assert_eq!(
            ice_urls("stun:stun.example.org:3478, turn:t.example.org?transport=tcp\nhttp://x"),
            vec!["stun:stun.example.org:3478", "turn:t.example.org?transport=tcp"]
        );
    }

    #[test]
    fn a_kept_token_reads_back_and_nothing_else_does() {
        let t = SeatToken(0x0123_4567_89ab_cdef_0011_2233_4455_6677);
        assert_eq!(token_from_text(&token_text(t)), Some(t));
        assert_eq!(token_from_text(&token_text(SeatToken(u128::MAX))), Some(SeatToken(u128::MAX)));
        for bad in ["", "xyz", &"0".repeat(31), &"0".repeat(33), &"+".repeat(32), &"g".repeat(32)] {
            assert_eq!(token_from_text(bad), None, "{bad}");
        }
    }
}
