//! Rooms, as pure bookkeeping: who is the host of a room, who waits in it, and where a signal
//! may go. No sockets: `C` is whatever reaches a connection (the server's channel, or a test's
//! label), so every rule here is tested natively.
//!
//! A room is one table: its host (the player who opened it, and runs the game) and up to
//! `seats` friends. Signals go only between the host and a friend (host-authoritative: friends
//! never connect to each other). Friends may arrive before the host (or wait while it reloads);
//! the host is then told of each of them, as of a friend who arrives later.

use std::collections::HashMap;
use std::fmt;

/// The most friends a host may seat (the largest table has twelve seats, one of them the host's).
pub const MAX_SEATS: u8 = 11;

/// How a connection asks to enter: its path is `ROOM` (a friend) or `ROOM.host-N` (the host of a
/// table with N seats for friends).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    pub room: String,
    pub role: Role,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    Host { seats: u8 },
    Friend,
}

/// Why a connection was not let in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The room id is not 16 to 64 letters, digits, `-` or `_` (so it cannot be guessed, nor be
    /// a path of something else), or the host asked for no seats or too many.
    BadPath,
    /// The room has a host already.
    HostPresent,
    /// Every seat of the room is taken (or, before its host arrives, as many friends wait as the
    /// largest table could seat).
    RoomFull,
    /// The server holds as many connections as it was told to.
    ServerFull,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refused::BadPath => "not a room",
            Refused::HostPresent => "the room has a host",
            Refused::RoomFull => "the room is full",
            Refused::ServerFull => "the server is full",
        })
    }
}

/// Reads a connection's path (the part after the server's `/`).
///
/// # Errors
/// [`Refused::BadPath`] for anything but a room id, optionally with `.host-N`, 1 <= N <= 11.
pub fn parse_path(path: &str) -> Result<Ask, Refused> {
    let (room, role) = match path.split_once(".host-") {
        None => (path, Role::Friend),
        Some((room, n)) => {
            let seats: u8 = (n.len() <= 2 && n.bytes().all(|b| b.is_ascii_digit()))
                .then(|| n.parse().ok())
                .flatten()
                .ok_or(Refused::BadPath)?;
            if seats == 0 || seats > MAX_SEATS {
                return Err(Refused::BadPath);
            }
            (room, Role::Host { seats })
        }
    };
    let ok =
        (16..=64).contains(&room.len()) && room.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !ok {
        return Err(Refused::BadPath);
    }
    Ok(Ask { room: room.to_owned(), role })
}

/// What the server sends, to whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tell<P> {
    /// `peer` entered the room (sent to its host, who then offers it a connection).
    NewPeer(P),
    /// `peer` left the room.
    PeerLeft(P),
}

struct Room<P, C> {
    host: Option<(P, C)>,
    /// The host's seats for friends (until a host arrives: [`MAX_SEATS`]).
    seats: u8,
    friends: Vec<(P, C)>,
}

/// Every room, and the number of connections in them.
pub struct Rooms<P, C> {
    rooms: HashMap<String, Room<P, C>>,
    peers: usize,
    max_peers: usize,
}

impl<P: Copy + PartialEq, C: Clone> Rooms<P, C> {
    pub fn new(max_peers: usize) -> Rooms<P, C> {
        Rooms { rooms: HashMap::new(), peers: 0, max_peers }
    }

    pub fn rooms(&self) -> usize {
        self.rooms.len()
    }

    pub fn peers(&self) -> usize {
        self.peers
    }

    /// Whether `ask` would be let in now (checked before the connection is upgraded, so a refused
    /// client gets an HTTP status).
    ///
    /// # Errors
    /// Why it would be refused.
    pub fn check(&self, ask: &Ask) -> Result<(), Refused> {
        if self.peers >= self.max_peers {
            return Err(Refused::ServerFull);
        }
        let Some(room) = self.rooms.get(&ask.room) else { return Ok(()) };
        match ask.role {
            Role::Host { .. } if room.host.is_some() => Err(Refused::HostPresent),
            Role::Host { seats } if room.friends.len() > seats as usize => Err(Refused::RoomFull),
            Role::Friend if room.friends.len() >= room.seats as usize => Err(Refused::RoomFull),
            _ => Ok(()),
        }
    }

    /// Lets `peer` in (checked again: another connection may have come in between), and says
    /// whom to tell.
    ///
    /// # Errors
    /// Why it was refused; nothing changed.
    pub fn enter(&mut self, ask: &Ask, peer: P, channel: C) -> Result<Vec<(C, Tell<P>)>, Refused> {
        self.check(ask)?;
        self.peers += 1;
        let room =
            self.rooms.entry(ask.room.clone()).or_insert(Room { host: None, seats: MAX_SEATS, friends: Vec::new() });
        Ok(match ask.role {
            Role::Host { seats } => {
                room.seats = seats;
                room.host = Some((peer, channel.clone()));
                room.friends.iter().map(|(p, _)| (channel.clone(), Tell::NewPeer(*p))).collect()
            }
            Role::Friend => {
                room.friends.push((peer, channel));
                room.host.iter().map(|(_, c)| (c.clone(), Tell::NewPeer(peer))).collect()
            }
        })
    }

    /// `peer` left `room` (its connection closed, or was closed): whom to tell. A host's friends
    /// stay and wait for it; an empty room is forgotten.
    pub fn leave(&mut self, room_id: &str, peer: P) -> Vec<(C, Tell<P>)> {
        let Some(room) = self.rooms.get_mut(room_id) else { return Vec::new() };
        let tell = if room.host.as_ref().is_some_and(|(h, _)| *h == peer) {
            room.host = None;
            room.seats = MAX_SEATS;
            room.friends.iter().map(|(_, c)| (c.clone(), Tell::PeerLeft(peer))).collect()
        } else if let Some(i) = room.friends.iter().position(|(p, _)| *p == peer) {
            room.friends.remove(i);
            room.host.iter().map(|(_, c)| (c.clone(), Tell::PeerLeft(peer))).collect()
        } else {
            return Vec::new();
        };
        self.peers -= 1;
        if room.host.is_none() && room.friends.is_empty() {
            self.rooms.remove(room_id);
        }
        tell
    }

    /// Where a signal from `from` to `to` goes: only between a room's host and one of its friends.
    pub fn route(&self, room_id: &str, from: P, to: P) -> Option<C> {
        let room = self.rooms.get(room_id)?;
        let (host, host_channel) = room.host.as_ref()?;
        let friend = |p: P| room.friends.iter().find(|(f, _)| *f == p);
        if *host == from {
            friend(to).map(|(_, c)| c.clone())
        } else if *host == to && friend(from).is_some() {
            Some(host_channel.clone())
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOM: &str = "k3Jd9_x-Qm2Lp0aZ";

    fn host(seats: u8) -> Ask {
        Ask { room: ROOM.into(), role: Role::Host { seats } }
    }
    fn friend() -> Ask {
        Ask { room: ROOM.into(), role: Role::Friend }
    }

    #[test]
    fn a_path_names_a_room_and_whether_its_host_is_asking() {
        assert_eq!(parse_path(ROOM), Ok(friend()));
        assert_eq!(parse_path(&format!("{ROOM}.host-3")), Ok(host(3)));
        for bad in [
            "short",
            "k3Jd9_x-Qm2Lp0aZ.host-0",
            "k3Jd9_x-Qm2Lp0aZ.host-12",
            "k3Jd9_x-Qm2Lp0aZ.host-+3",
            "../../etc/passwdxxxxxx",
            &"a".repeat(65),
            "k3Jd9_x-Qm2Lp0a\u{e9}",
        ] {
            assert_eq!(parse_path(bad), Err(Refused::BadPath), "{bad}");
        }
    }

    #[test]
    fn a_room_refuses_a_friend_beyond_its_seats() {
        let mut rooms: Rooms<u32, &str> = Rooms::new(100);
        assert_eq!(rooms.enter(&host(2), 0, "h"), Ok(vec![]));
        assert_eq!(rooms.enter(&friend(), 1, "a"), Ok(vec![("h", Tell::NewPeer(1))]));
        assert_eq!(rooms.enter(&friend(), 2, "b"), Ok(vec![("h", Tell::NewPeer(2))]));
        assert_eq!(rooms.check(&friend()), Err(Refused::RoomFull));
        assert_eq!(rooms.enter(&friend(), 3, "c"), Err(Refused::RoomFull));
        assert_eq!(rooms.peers(), 3);
        // A seat comes free when a friend leaves.
        assert_eq!(rooms.leave(ROOM, 1), vec![("h", Tell::PeerLeft(1))]);
        assert!(rooms.enter(&friend(), 3, "c").is_ok());
    }

    #[test]
    fn a_second_host_is_refused_and_friends_wait_for_a_host_that_left() {
        let mut rooms: Rooms<u32, &str> = Rooms::new(100);
        rooms.enter(&host(3), 0, "h").unwrap();
        assert_eq!(rooms.enter(&host(3), 9, "x"), Err(Refused::HostPresent));
        rooms.enter(&friend(), 1, "a").unwrap();
        assert_eq!(rooms.leave(ROOM, 0), vec![("a", Tell::PeerLeft(0))]);
        assert_eq!(rooms.route(ROOM, 1, 0), None);
        // The host comes back (a reload): it is told of the friend who waited.
        assert_eq!(rooms.enter(&host(3), 5, "h2"), Ok(vec![("h2", Tell::NewPeer(1))]));
        assert_eq!(rooms.route(ROOM, 1, 5), Some("h2"));
    }

    #[test]
    fn a_host_cannot_arrive_to_more_waiting_friends_than_it_has_seats() {
        let mut rooms: Rooms<u32, &str> = Rooms::new(100);
        rooms.enter(&friend(), 1, "a").unwrap();
        rooms.enter(&friend(), 2, "b").unwrap();
        assert_eq!(rooms.enter(&host(1), 0, "h"), Err(Refused::RoomFull));
        assert!(rooms.enter(&host(2), 0, "h").is_ok());
    }

    #[test]
    fn signals_go_between_the_host_and_its_friends_only() {
        let mut rooms: Rooms<u32, &str> = Rooms::new(100);
        rooms.enter(&host(3), 0, "h").unwrap();
        rooms.enter(&friend(), 1, "a").unwrap();
        rooms.enter(&friend(), 2, "b").unwrap();
        assert_eq!(rooms.route(ROOM, 0, 1), Some("a"));
        assert_eq!(rooms.route(ROOM, 2, 0), Some("h"));
        assert_eq!(rooms.route(ROOM, 1, 2), None, "friends never signal each other");
        assert_eq!(rooms.route(ROOM, 7, 0), None, "a stranger reaches nobody");
        assert_eq!(rooms.route("another-room-0000", 0, 1), None);
    }

    #[test]
    fn the_server_refuses_connections_beyond_its_limit_and_forgets_empty_rooms() {
        let mut rooms: Rooms<u32, &str> = Rooms::new(2);
        rooms.enter(&host(3), 0, "h").unwrap();
        rooms.enter(&friend(), 1, "a").unwrap();
        assert_eq!(rooms.enter(&friend(), 2, "b"), Err(Refused::ServerFull));
        rooms.leave(ROOM, 1);
        rooms.leave(ROOM, 0);
        assert_eq!((rooms.rooms(), rooms.peers()), (0, 0));
        assert_eq!(rooms.leave(ROOM, 0), vec![], "leaving twice tells nobody");
    }
}
