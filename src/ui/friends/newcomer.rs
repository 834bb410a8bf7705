//! A newcomer's path to a table with friends, as pure decisions (built natively too, and
//! unit-tested): the game a link from a table's end screen chooses, what a page says when its
//! link cannot get it to the table, and the lobby's line about the quick-play clock.

use crate::net::{Seat, Seats};

/// The game a friends page's address chooses (`?game=taylor`, as the tables' end screens link
/// it), if any. The caller keeps it only if its page offers that game: an unknown one falls
/// back, without a word, to the page's own first choice.
pub fn game_in_query(search: &str) -> Option<&str> {
    let query = search.strip_prefix('?').unwrap_or(search);
    query.split('&').find_map(|pair| pair.strip_prefix("game=")).filter(|id| !id.is_empty() && id.len() <= 32)
}

/// How long a friend's page waits, connected to the signalling server, for the host to reach
/// it before it says the host is not there (a host who is there connects within a second or two).
pub const HOST_WAIT_MS: f64 = 5000.0;

/// What a friend's page knows about getting to the table.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Reach<'a> {
    /// The lobby, once the host sent it.
    pub seats: Option<&'a Seats>,
    /// This page's seat, once the host welcomed it.
    pub seat: Option<u8>,
    /// This page holds a seat's token for the room (it asked for its seat back).
    pub token: bool,
    /// The host was connected and left.
    pub host_gone: bool,
    /// How long this page has been in the room at the signalling server without the host (ms);
    /// `None` while it is not in the room yet, or once the host is connected.
    pub alone_ms: Option<f64>,
    /// The host speaks another version of the game's messages.
    pub old: bool,
    /// The connection to the signalling server ended (the page's own notice says so once it has
    /// reached the table: the connection to the host may outlive it).
    pub ended: bool,
}

/// Why a friend's page is not at the table, in words; `None` while it is (or may soon be).
pub fn cannot_join(r: &Reach<'_>) -> Option<&'static str> {
    if r.old {
        return Some(OLD);
    }
    if r.ended && r.seats.is_none() {
        return Some(UNREACHABLE);
    }
    if let (Some(seats), None, false) = (r.seats, r.seat, r.token) {
        if !seats.seats.contains(&Seat::Open) {
            return Some(FULL);
        }
    }
    if r.host_gone || r.seats.is_some() {
        return None;
    }
    r.alone_ms.filter(|&ms| ms >= HOST_WAIT_MS).map(|_| HOST_AWAY)
}

pub const OLD: &str = "This link is old: the table runs another version of the game. Reload this page; if it still \
says so, ask the host for a new link.";
pub const FULL: &str =
    "The table is full: every seat is taken. Ask the host to open a table with more seats for friends.";
pub const HOST_AWAY: &str = "The host is not at the table; this page will join when they are back.";
/// The server cannot be reached, or refused this page: a browser is not told which (a refusal
/// before the connection opens, such as a room with as many friends as it takes, reads the same
/// as a server that is down).
pub const UNREACHABLE: &str = "This page could not reach the table: the table is full, or its server cannot be \
reached. Check your connection and open the link again in a while.";

/// The lobby's line about the quick-play clock: `clock_ms` a move (0: no clock).
pub fn quick_play(clock_ms: u32) -> String {
    match clock_ms {
        0 => "Quick play: off".into(),
        ms if ms % 1000 == 0 => format!("Quick play: {} s a move", ms / 1000),
        ms => format!("Quick play: {}.{} s a move", ms / 1000, ms % 1000 / 100),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lobby(seats: Vec<Seat>) -> Seats {
        Seats { game: "Taylor Blackjack".into(), seats, dealt: false, clock_ms: 0 }
    }

    #[test]
    fn the_game_is_read_from_the_query_and_anything_else_is_no_game() {
        assert_eq!(game_in_query("?game=british"), Some("british"));
        assert_eq!(game_in_query("?x=1&game=switch"), Some("switch"));
        assert_eq!(game_in_query("game=taylor"), Some("taylor"));
        for none in ["", "?", "?game=", "?games=taylor", "?x=1", &format!("?game={}", "a".repeat(33))] {
            assert_eq!(game_in_query(none), None, "{none}");
        }
    }

    #[test]
    fn a_page_that_cannot_join_says_why_and_one_on_its_way_says_nothing() {
        let host = Seat::Host { name: "Ann".into() };
        let sam = Seat::Friend { name: "Sam".into(), here: true };
        let full = lobby(vec![host.clone(), sam.clone(), Seat::Bot]);
        let free = lobby(vec![host, sam, Seat::Open]);
        let no = Reach::default();
        assert_eq!(cannot_join(&no), None, "connecting");
        assert_eq!(cannot_join(&Reach { alone_ms: Some(HOST_WAIT_MS - 1.0), ..no }), None, "the host may be a moment");
        assert_eq!(cannot_join(&Reach { alone_ms: Some(HOST_WAIT_MS), ..no }), Some(HOST_AWAY));
        // The host came and left: the page's own line says so (and that it waits).
        assert_eq!(cannot_join(&Reach { alone_ms: Some(1e9), host_gone: true, ..no }), None);
        assert_eq!(cannot_join(&Reach { seats: Some(&full), ..no }), Some(FULL));
        assert_eq!(cannot_join(&Reach { seats: Some(&full), seat: Some(1), ..no }), None, "this page's own seat");
        assert_eq!(cannot_join(&Reach { seats: Some(&full), token: true, ..no }), None, "its seat back, on its way");
        assert_eq!(cannot_join(&Reach { seats: Some(&free), alone_ms: Some(1e9), ..no }), None, "a seat to take");
        // A seat held by a friend who is away is theirs: still full.
        let away = lobby(vec![Seat::Host { name: "Ann".into() }, Seat::Friend { name: "Jo".into(), here: false }]);
        assert_eq!(cannot_join(&Reach { seats: Some(&away), ..no }), Some(FULL));
        assert_eq!(cannot_join(&Reach { ended: true, ..no }), Some(UNREACHABLE));
        assert_eq!(cannot_join(&Reach { ended: true, seats: Some(&free), ..no }), None, "at the table: its own notice");
        assert_eq!(cannot_join(&Reach { old: true, ended: true, ..no }), Some(OLD), "the version first");
        for words in [OLD, FULL, HOST_AWAY, UNREACHABLE] {
            for banned in ["seed", "preset", "spec", "signal", "protocol", "peer"] {
                assert!(!words.to_lowercase().contains(banned), "{words}");
            }
        }
    }

    #[test]
    fn the_quick_play_line_says_the_time_a_move_or_off() {
        assert_eq!(quick_play(0), "Quick play: off");
        assert_eq!(quick_play(8000), "Quick play: 8 s a move");
        assert_eq!(quick_play(2500), "Quick play: 2.5 s a move");
    }
}
