//! Rooms, as pure bookkeeping: who hosts a room, who waits in it, where a signal may go, which
//! browser may host it again, and who has waited too long. No sockets and no clock: `C` is
//! whatever reaches a connection (the server's channel, or a test's label) and the time is
//! passed in, so every rule here, the timeouts too, is tested natively.
//!
//! A room is one table: its host (the player who opened it, and runs the game) and the friends
//! who opened its link. Signals go only between the host and a friend (host-authoritative:
//! friends never connect to each other). Friends may arrive before the host (or wait while it
//! reloads); the host is then told of each of them, as of a friend who arrives later.
//!
//! **The host's key.** The host's browser draws a random key when it opens a table and keeps it;
//! its connection names it (`ROOM.host.KEY`; the room link, which travels, never holds it). The
//! first key a room is hosted with binds the room: a host with another key is refused
//! ([`Refused::NotTheHost`]), so someone who has only the link cannot host the room while its
//! host is away and be handed its friends. A host with the same key is let in even while a
//! connection of its own lingers (a reload before the server saw the old page go): the old
//! connection is closed and the new one hosts. The server keeps a keyed hash of the key, not
//! the key, for [`Limits::bound_for`] after the host leaves, and at most [`Limits::max_bound`]
//! rooms: past that, of the rooms no friend ever signalled the host of, the one whose host left
//! longest ago is forgotten first. A room whose host is here never is, nor one whose friends
//! met their host (past the limit a new room is refused instead): else anyone with a room's link
//! could open and leave rooms of their own until the server forgot it, then host it while its
//! host was away and be handed the friends who wait. A forgotten room, or every room after the
//! server restarts, is bound again by the next host to arrive.
//!
//! **Rooms per address.** Met rooms are kept their whole time, so a stranger who opens rooms
//! from one address and signals each one's host from another connection could fill the server
//! for [`Limits::bound_for`] with rooms nobody may forget. So one address (as [`counted`]: the
//! host's, when it opened the room) has at most [`Limits::max_bound_per_address`] remembered
//! rooms: a host opening one more forgets the one of its address's rooms whose host left
//! longest ago, met or not (they are that address's own tables, not another's friends'), and is
//! refused only if every one of them has its host here ([`Refused::TooManyRoomsFromAddress`]; a
//! household does not host that many tables at once). A host coming back to its room counts
//! nothing new and is never refused for it.
//!
//! **Slots.** A friend who opens the link holds a connection, never a seat: seats are the
//! host's to give (its game takes a claim for a free seat and a seat's token), so a room lets in
//! up to [`Limits::max_room`] friends whatever its seats, and its host always. While the host is
//! here, a friend must signal it (answer its offer) within [`Limits::intro`] or be closed
//! ([`Rooms::sweep`]): a socket that only holds the link open cannot keep a friend out. One signal
//! is all it takes (the server cannot tell an answer a browser could use from garbage), so one
//! address (as [`counted`]) has at most [`Limits::max_room_per_address`] friends in a room
//! ([`Refused::TooManyInRoomFromAddress`]; a household has a few players): sockets that answer
//! the host once with garbage cannot fill a room from one address either.

use crate::addresses::counted;
use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasher;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Whether `s` is a room id or a host key: 16 to 64 letters, digits, `-` or `_` (so it cannot
/// be guessed, nor be a path of something else).
fn is_id(s: &str) -> bool {
    (16..=64).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A host's key as its connection names it. Never printed (its `Debug` hides it): logs and
/// panics must not carry it.
#[derive(Clone, PartialEq, Eq)]
pub struct HostKey(String);

impl fmt::Debug for HostKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("HostKey(…)")
    }
}

/// How a connection asks to enter: its path is `ROOM` (a friend) or `ROOM.host.KEY` (the host).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    pub room: String,
    pub role: Role,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    Host { key: HostKey },
    Friend,
}

/// Why a connection was not let in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The room id or the host's key is not 16 to 64 letters, digits, `-` or `_`.
    BadPath,
    /// The room is bound to another browser's key: only the browser that opened it may host it.
    NotTheHost,
    /// As many friends wait in the room as a room takes.
    RoomFull,
    /// The server holds as many connections (or remembers as many hosted rooms) as it may.
    ServerFull,
    /// The address holds as many connections as one address may (checked by the server).
    TooManyFromAddress,
    /// As many friends from this address wait in the room as one address may have in a room.
    TooManyInRoomFromAddress,
    /// This address opened as many remembered rooms as one address may, and hosts every one now.
    TooManyRoomsFromAddress,
}

impl Refused {
    /// In words, for the log and the refused client (an HTTP body, or a close frame's reason).
    pub fn words(self) -> &'static str {
        match self {
            Refused::BadPath => "not a room",
            Refused::NotTheHost => "the room is hosted from another browser",
            Refused::RoomFull => "the room is full",
            Refused::ServerFull => "the server is full",
            Refused::TooManyFromAddress => "too many connections from one address",
            Refused::TooManyInRoomFromAddress => "too many friends from one address in the room",
            Refused::TooManyRoomsFromAddress => "too many rooms hosted from one address",
        }
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// Reads a connection's path (the part after the server's `/`).
///
/// # Errors
/// [`Refused::BadPath`] for anything but a room id, optionally with `.host.` and a key.
pub fn parse_path(path: &str) -> Result<Ask, Refused> {
    let (room, role) = match path.split_once(".host.") {
        None => (path, Role::Friend),
        Some((room, key)) if is_id(key) => (room, Role::Host { key: HostKey(key.to_owned()) }),
        Some(_) => return Err(Refused::BadPath),
    };
    if !is_id(room) {
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

/// What happened to a room, for the server's log (never anything of the game, nor a key).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Its first host arrived: the room is bound to its key.
    Opened,
    /// Its host came back (same key).
    HostBack,
    /// Its host connected again while its old connection lingered; the old one is closed.
    HostReplaced,
    /// Its host left; its friends wait.
    HostLeft,
    /// Nobody is left in it (its host's key is still remembered).
    Closed,
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Event::Opened => "opened",
            Event::HostBack => "host back",
            Event::HostReplaced => "host reconnected (its old connection closed)",
            Event::HostLeft => "host left",
            Event::Closed => "closed",
        })
    }
}

/// A connection let in: whom to tell, a connection to close (a host's own stale one), and what
/// happened to the room.
#[derive(Debug, PartialEq, Eq)]
pub struct Entered<P, C> {
    pub tell: Vec<(C, Tell<P>)>,
    pub close: Option<C>,
    pub event: Option<Event>,
}

/// The server's limits (command-line flags of `blackjack-signal`).
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Connections in all rooms.
    pub max_peers: usize,
    /// Friends in one room (its host comes on top).
    pub max_room: usize,
    /// Rooms whose host's key is remembered.
    pub max_bound: usize,
    /// How long a room's key is remembered after its host leaves.
    pub bound_for: Duration,
    /// How long a friend may stay, its host here, without signalling the host.
    pub intro: Duration,
    /// Friends in one room from one address (as [`counted`]; 0: no limit).
    pub max_room_per_address: usize,
    /// Remembered rooms opened from one address (as [`counted`]; 0: no limit).
    pub max_bound_per_address: usize,
}

struct Friend<P, C> {
    peer: P,
    channel: C,
    /// Its address, as [`counted`].
    from: IpAddr,
    /// When it must have signalled the host by (`None`: it has, or there is no host to signal).
    due: Option<Instant>,
}

struct Room<P, C> {
    host: Option<(P, C)>,
    friends: Vec<Friend<P, C>>,
}

/// A room's host key, as a keyed hash, and since when its host is away.
struct Bound {
    hash: u64,
    /// The address (as [`counted`]) of the connection that bound the room, which it counts for
    /// ([`Limits::max_bound_per_address`]). Kept when its host comes back from another: the room
    /// was that address's to open, and a host moving (a phone from Wi-Fi to mobile data) must
    /// neither be refused nor have its other rooms forgotten for it; nor could a stranger, who
    /// cannot host a room bound to another's key, move one onto somebody else's address.
    from: IpAddr,
    left: Option<Instant>,
    /// A friend signalled this room's host: a table in use, kept for its whole time.
    met: bool,
}

/// Every room, the keys they are bound to, and the number of connections in them.
pub struct Rooms<P, C> {
    rooms: HashMap<String, Room<P, C>>,
    bound: HashMap<String, Bound>,
    /// How many of `bound` each address opened (no entry for none), kept beside it so that
    /// opening a room does not count over every remembered room.
    bound_from: HashMap<IpAddr, usize>,
    /// A key per server run: the hashes of keys mean nothing outside it.
    hasher: RandomState,
    peers: usize,
    limits: Limits,
}

impl<P: Copy + PartialEq, C: Clone> Rooms<P, C> {
    pub fn new(limits: Limits) -> Rooms<P, C> {
        Rooms {
            rooms: HashMap::new(),
            bound: HashMap::new(),
            bound_from: HashMap::new(),
            hasher: RandomState::new(),
            peers: 0,
            limits,
        }
    }

    pub fn rooms(&self) -> usize {
        self.rooms.len()
    }

    pub fn peers(&self) -> usize {
        self.peers
    }

    /// Rooms whose host's key is remembered.
    pub fn bound(&self) -> usize {
        self.bound.len()
    }

    fn hash(&self, key: &HostKey) -> u64 {
        self.hasher.hash_one(&key.0)
    }

    /// The room's binding, unless it has expired.
    fn binding(&self, room: &str, now: Instant) -> Option<&Bound> {
        let live = |b: &&Bound| b.left.is_none_or(|t| now.saturating_duration_since(t) < self.limits.bound_for);
        self.bound.get(room).filter(live)
    }

    /// Whether `ask`, from the address `from`, would be let in now (checked before the connection
    /// is upgraded, so a refused client gets an HTTP status).
    ///
    /// # Errors
    /// Why it would be refused.
    pub fn check(&self, ask: &Ask, from: IpAddr, now: Instant) -> Result<(), Refused> {
        if self.peers >= self.limits.max_peers {
            return Err(Refused::ServerFull);
        }
        match &ask.role {
            Role::Host { key } => match self.binding(&ask.room, now) {
                Some(b) if b.hash != self.hash(key) => Err(Refused::NotTheHost),
                Some(_) => Ok(()),
                None => self.address_s_room_to_forget(&ask.room, counted(from)).map(|_| ()),
            },
            Role::Friend => match self.rooms.get(&ask.room) {
                Some(room) if room.friends.len() >= self.limits.max_room => Err(Refused::RoomFull),
                Some(room)
                    if self.limits.max_room_per_address > 0
                        && room.friends.iter().filter(|f| f.from == counted(from)).count()
                            >= self.limits.max_room_per_address =>
                {
                    Err(Refused::TooManyInRoomFromAddress)
                }
                _ => Ok(()),
            },
        }
    }

    /// Lets `peer` in (checked again: another connection may have come in between), and says
    /// whom to tell.
    ///
    /// # Errors
    /// Why it was refused; nothing changed.
    pub fn enter(
        &mut self,
        ask: &Ask,
        from: IpAddr,
        peer: P,
        channel: C,
        now: Instant,
    ) -> Result<Entered<P, C>, Refused> {
        self.check(ask, from, now)?;
        let mut entered = Entered { tell: Vec::new(), close: None, event: None };
        match &ask.role {
            Role::Host { key } => {
                let hash = self.hash(key);
                let (met, bound_from) = match self.binding(&ask.room, now) {
                    Some(b) => {
                        entered.event = Some(Event::HostBack);
                        (b.met, b.from)
                    }
                    None => {
                        // The address's own limit first: its oldest room, not a stranger's.
                        if let Some(oldest) = self.address_s_room_to_forget(&ask.room, counted(from))? {
                            self.unbind(&oldest);
                        }
                        self.make_room_for_a_binding(&ask.room)?;
                        entered.event = Some(Event::Opened);
                        (false, counted(from))
                    }
                };
                self.bind(ask.room.clone(), Bound { hash, from: bound_from, left: None, met });
                let due = Some(now + self.limits.intro);
                let room = self.rooms.entry(ask.room.clone()).or_insert(Room { host: None, friends: Vec::new() });
                if let Some((old, old_channel)) = room.host.replace((peer, channel.clone())) {
                    // The old connection no longer counts: its task's `leave` finds nothing.
                    self.peers -= 1;
                    entered.close = Some(old_channel);
                    entered.event = Some(Event::HostReplaced);
                    entered.tell.extend(room.friends.iter().map(|f| (f.channel.clone(), Tell::PeerLeft(old))));
                }
                // Every friend signals this host afresh (a new host offers each a new connection).
                for f in &mut room.friends {
                    f.due = due;
                    entered.tell.push((channel.clone(), Tell::NewPeer(f.peer)));
                }
            }
            Role::Friend => {
                let room = self.rooms.entry(ask.room.clone()).or_insert(Room { host: None, friends: Vec::new() });
                let due = room.host.is_some().then(|| now + self.limits.intro);
                room.friends.push(Friend { peer, channel, from: counted(from), due });
                entered.tell.extend(room.host.iter().map(|(_, c)| (c.clone(), Tell::NewPeer(peer))));
            }
        }
        self.peers += 1;
        Ok(entered)
    }

    /// Remembers `bound` for `room_id` (in place of what was remembered for it), counted for its
    /// address.
    fn bind(&mut self, room_id: String, bound: Bound) {
        *self.bound_from.entry(bound.from).or_default() += 1;
        if let Some(old) = self.bound.insert(room_id, bound) {
            uncount(&mut self.bound_from, old.from);
        }
    }

    /// Forgets `room_id`'s binding, and counts it no more for its address.
    fn unbind(&mut self, room_id: &str) {
        if let Some(old) = self.bound.remove(room_id) {
            uncount(&mut self.bound_from, old.from);
        }
    }

    /// Before `from` (as [`counted`]) opens `room_id`: at [`Limits::max_bound_per_address`]
    /// rooms of its own (`room_id`'s expired binding aside, which the new one replaces), the one
    /// whose host left longest ago, met or not, to forget; `None` under the limit.
    ///
    /// # Errors
    /// [`Refused::TooManyRoomsFromAddress`] if the host of every one of them is here.
    fn address_s_room_to_forget(&self, room_id: &str, from: IpAddr) -> Result<Option<String>, Refused> {
        let max = self.limits.max_bound_per_address;
        let replaced = self.bound.get(room_id).is_some_and(|b| b.from == from);
        let held = self.bound_from.get(&from).copied().unwrap_or(0) - usize::from(replaced);
        if max == 0 || held < max {
            return Ok(None);
        }
        let its_own = self.bound.iter().filter(|(r, b)| b.from == from && r.as_str() != room_id);
        let oldest = its_own.filter_map(|(r, b)| Some((b.left?, r))).min().map(|(_, r)| r.clone());
        oldest.map(Some).ok_or(Refused::TooManyRoomsFromAddress)
    }

    /// At [`Limits::max_bound`] remembered rooms, forgets the one whose host left longest ago of
    /// those whose friends never met their host.
    ///
    /// # Errors
    /// [`Refused::ServerFull`] if every remembered room has its host here or was met.
    fn make_room_for_a_binding(&mut self, room_id: &str) -> Result<(), Refused> {
        if self.bound.len() < self.limits.max_bound || self.bound.contains_key(room_id) {
            return Ok(());
        }
        let unmet = self.bound.iter().filter(|(_, b)| !b.met);
        let oldest = unmet.filter_map(|(r, b)| Some((b.left?, r))).min().map(|(_, r)| r.clone());
        let oldest = oldest.ok_or(Refused::ServerFull)?;
        self.unbind(&oldest);
        Ok(())
    }

    /// `peer` left `room` (its connection closed, or was closed): whom to tell, and what happened
    /// to the room. A host's friends stay and wait for it; an empty room is forgotten (its key
    /// is remembered).
    pub fn leave(&mut self, room_id: &str, peer: P, now: Instant) -> (Vec<(C, Tell<P>)>, Option<Event>) {
        let Some(room) = self.rooms.get_mut(room_id) else { return (Vec::new(), None) };
        let (tell, mut event) = if room.host.as_ref().is_some_and(|(h, _)| *h == peer) {
            room.host = None;
            if let Some(b) = self.bound.get_mut(room_id) {
                b.left = Some(now);
            }
            // Friends wait for the host as long as they like: there is nobody to signal.
            room.friends.iter_mut().for_each(|f| f.due = None);
            (room.friends.iter().map(|f| (f.channel.clone(), Tell::PeerLeft(peer))).collect(), Some(Event::HostLeft))
        } else if let Some(i) = room.friends.iter().position(|f| f.peer == peer) {
            room.friends.remove(i);
            (room.host.iter().map(|(_, c)| (c.clone(), Tell::PeerLeft(peer))).collect(), None)
        } else {
            return (Vec::new(), None);
        };
        self.peers -= 1;
        if room.host.is_none() && room.friends.is_empty() {
            self.rooms.remove(room_id);
            event = Some(Event::Closed);
        }
        (tell, event)
    }

    /// Where a signal from `from` to `to` goes: only between a room's host and one of its friends.
    /// A friend's signal to its host introduces it (see [`Rooms::sweep`]).
    pub fn route(&mut self, room_id: &str, from: P, to: P) -> Option<C> {
        let room = self.rooms.get_mut(room_id)?;
        let (host, host_channel) = room.host.as_ref()?;
        if *host == from {
            room.friends.iter().find(|f| f.peer == to).map(|f| f.channel.clone())
        } else if *host == to {
            let friend = room.friends.iter_mut().find(|f| f.peer == from)?;
            friend.due = None;
            if let Some(b) = self.bound.get_mut(room_id) {
                b.met = true;
            }
            Some(host_channel.clone())
        } else {
            None
        }
    }

    /// Time passed: the friends to close (their host is here and they have not signalled it in
    /// [`Limits::intro`]; each is named once, and leaves as any connection does once closed), and
    /// the keys of rooms whose host left over [`Limits::bound_for`] ago are forgotten.
    pub fn sweep(&mut self, now: Instant) -> Vec<(String, C)> {
        let bound_for = self.limits.bound_for;
        let (rooms, bound_from) = (&self.rooms, &mut self.bound_from);
        self.bound.retain(|r, b| {
            let keep = rooms.get(r).is_some_and(|room| room.host.is_some())
                || b.left.is_none_or(|t| now.saturating_duration_since(t) < bound_for);
            if !keep {
                uncount(bound_from, b.from);
            }
            keep
        });
        let mut close = Vec::new();
        for (id, room) in &mut self.rooms {
            for f in &mut room.friends {
                if f.due.is_some_and(|due| due <= now) {
                    f.due = None;
                    close.push((id.clone(), f.channel.clone()));
                }
            }
        }
        close
    }
}

/// One room fewer remembered for `from`; an address with none left is forgotten.
fn uncount(bound_from: &mut HashMap<IpAddr, usize>, from: IpAddr) {
    if let Some(n) = bound_from.get_mut(&from) {
        *n -= 1;
        if *n == 0 {
            bound_from.remove(&from);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOM: &str = "k3Jd9_x-Qm2Lp0aZ";
    const KEY: &str = "hostkey-0123456789abcd";
    const OTHER_KEY: &str = "strangerkey-0123456789";
    const IP: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 7));

    fn host(key: &str) -> Ask {
        Ask { room: ROOM.into(), role: Role::Host { key: HostKey(key.into()) } }
    }
    fn friend() -> Ask {
        Ask { room: ROOM.into(), role: Role::Friend }
    }
    fn limits() -> Limits {
        Limits {
            max_peers: 100,
            max_room: 3,
            max_bound: 100,
            bound_for: Duration::from_secs(3600),
            intro: Duration::from_secs(20),
            max_room_per_address: 0,
            max_bound_per_address: 0,
        }
    }
    fn rooms(limits: Limits) -> Rooms<u32, &'static str> {
        Rooms::new(limits)
    }
    fn tells<P, C>(e: Result<Entered<P, C>, Refused>) -> Vec<(C, Tell<P>)> {
        e.map(|e| e.tell).unwrap_or_else(|why| panic!("refused: {why}"))
    }
    fn secs(t0: Instant, s: u64) -> Instant {
        t0 + Duration::from_secs(s)
    }

    #[test]
    fn a_path_names_a_room_and_whether_its_host_is_asking() {
        assert_eq!(parse_path(ROOM), Ok(friend()));
        assert_eq!(parse_path(&format!("{ROOM}.host.{KEY}")), Ok(host(KEY)));
        for bad in [
            "short",
            "k3Jd9_x-Qm2Lp0aZ.host.",
            "k3Jd9_x-Qm2Lp0aZ.host.short",
            "k3Jd9_x-Qm2Lp0aZ.host-3",
            "k3Jd9_x-Qm2Lp0aZ.host.hostkey-0123456789abc.",
            "k3Jd9_x-Qm2Lp0aZ.host.hostkey.0123456789abcd",
            "../../etc/passwdxxxxxx",
            &"a".repeat(65),
            "k3Jd9_x-Qm2Lp0a\u{e9}",
        ] {
            assert_eq!(parse_path(bad), Err(Refused::BadPath), "{bad}");
        }
    }

    #[test]
    fn a_host_key_never_shows_in_print() {
        let printed = format!("{:?}", parse_path(&format!("{ROOM}.host.{KEY}")));
        assert!(printed.contains(ROOM) && !printed.contains(KEY), "{printed}");
    }

    #[test]
    fn only_the_browser_that_opened_a_room_hosts_it_again() {
        let t0 = Instant::now();
        let mut rooms = rooms(limits());
        let opened = rooms.enter(&host(KEY), IP, 0, "h", t0).unwrap();
        assert_eq!(opened.event, Some(Event::Opened));
        rooms.enter(&friend(), IP, 1, "a", t0).unwrap();
        assert_eq!(rooms.leave(ROOM, 0, t0), (vec![("a", Tell::PeerLeft(0))], Some(Event::HostLeft)));
        // A stranger with the link and a key of its own: refused, before and after the upgrade,
        // and the friend who waits is not handed to it.
        assert_eq!(rooms.check(&host(OTHER_KEY), IP, secs(t0, 60)), Err(Refused::NotTheHost));
        assert_eq!(rooms.enter(&host(OTHER_KEY), IP, 9, "x", secs(t0, 60)), Err(Refused::NotTheHost));
        assert_eq!(rooms.route(ROOM, 1, 9), None);
        // The host comes back with its key: told of the friend who waited.
        let back = rooms.enter(&host(KEY), IP, 5, "h2", secs(t0, 61)).unwrap();
        assert_eq!((back.tell, back.event), (vec![("h2", Tell::NewPeer(1))], Some(Event::HostBack)));
        assert_eq!(rooms.route(ROOM, 1, 5), Some("h2"));
        // A stranger is refused while the host is here too.
        assert_eq!(rooms.enter(&host(OTHER_KEY), IP, 9, "x", secs(t0, 62)), Err(Refused::NotTheHost));
        assert_eq!(rooms.peers(), 2);
    }

    #[test]
    fn a_host_reconnecting_replaces_its_own_lingering_connection() {
        let t0 = Instant::now();
        let mut rooms = rooms(limits());
        rooms.enter(&host(KEY), IP, 0, "h", t0).unwrap();
        rooms.enter(&friend(), IP, 1, "a", t0).unwrap();
        let again = rooms.enter(&host(KEY), IP, 5, "h2", t0).unwrap();
        assert_eq!(again.close, Some("h"), "the old connection is closed");
        assert_eq!(again.event, Some(Event::HostReplaced));
        assert_eq!(again.tell, vec![("a", Tell::PeerLeft(0)), ("h2", Tell::NewPeer(1))]);
        assert_eq!(rooms.peers(), 2, "the old connection no longer counts");
        assert_eq!(rooms.route(ROOM, 1, 5), Some("h2"));
        assert_eq!(rooms.route(ROOM, 1, 0), None);
        // The old connection's task ends later: nothing changes.
        assert_eq!(rooms.leave(ROOM, 0, t0), (vec![], None));
        assert_eq!(rooms.peers(), 2);
        assert_eq!(rooms.route(ROOM, 5, 1), Some("a"));
    }

    #[test]
    fn a_room_s_key_is_forgotten_a_while_after_its_host_left_and_then_anyone_may_host_it() {
        let t0 = Instant::now();
        let mut rooms = rooms(Limits { bound_for: Duration::from_secs(100), ..limits() });
        rooms.enter(&host(KEY), IP, 0, "h", t0).unwrap();
        // While the host is here, no time forgets it.
        assert!(rooms.sweep(secs(t0, 1000)).is_empty());
        assert_eq!(rooms.check(&host(OTHER_KEY), IP, secs(t0, 1000)), Err(Refused::NotTheHost));
        rooms.leave(ROOM, 0, secs(t0, 1000));
        assert_eq!(rooms.check(&host(OTHER_KEY), IP, secs(t0, 1099)), Err(Refused::NotTheHost));
        assert_eq!(rooms.check(&host(OTHER_KEY), IP, secs(t0, 1100)), Ok(()), "expired, even before a sweep");
        rooms.sweep(secs(t0, 1100));
        assert_eq!(rooms.bound(), 0);
        let e = rooms.enter(&host(OTHER_KEY), IP, 9, "x", secs(t0, 1100)).unwrap();
        assert_eq!(e.event, Some(Event::Opened));
        assert_eq!(rooms.check(&host(KEY), IP, secs(t0, 1101)), Err(Refused::NotTheHost));
    }

    #[test]
    fn remembered_rooms_are_bounded_and_the_longest_left_is_forgotten_first() {
        let t0 = Instant::now();
        let mut rooms = rooms(Limits { max_bound: 2, ..limits() });
        let ask = |room: &str, key: &str| Ask { room: room.into(), role: Role::Host { key: HostKey(key.into()) } };
        let [a, b, c] = ["room-aaaaaaaaaaaaaaaa", "room-bbbbbbbbbbbbbbbb", "room-cccccccccccccccc"];
        rooms.enter(&ask(a, KEY), IP, 0, "a", t0).unwrap();
        rooms.enter(&ask(b, KEY), IP, 1, "b", t0).unwrap();
        // Both hosts here: a third room cannot be remembered.
        assert_eq!(rooms.enter(&ask(c, KEY), IP, 2, "c", t0).map(|e| e.event), Err(Refused::ServerFull));
        rooms.leave(b, 1, secs(t0, 1));
        rooms.leave(a, 0, secs(t0, 2));
        assert_eq!(rooms.enter(&ask(c, KEY), IP, 2, "c", secs(t0, 3)).map(|e| e.event), Ok(Some(Event::Opened)));
        assert_eq!(rooms.bound(), 2);
        // b's host left first: b is forgotten, a is not.
        assert_eq!(rooms.check(&ask(b, OTHER_KEY), IP, secs(t0, 4)), Ok(()));
        assert_eq!(rooms.check(&ask(a, OTHER_KEY), IP, secs(t0, 4)), Err(Refused::NotTheHost));
    }

    #[test]
    fn a_room_whose_friends_met_its_host_is_not_forgotten_for_a_stranger_s_new_rooms() {
        let t0 = Instant::now();
        let mut rooms = rooms(Limits { max_bound: 2, ..limits() });
        let ask = |room: &str, key: &str| Ask { room: room.into(), role: Role::Host { key: HostKey(key.into()) } };
        let [a, b, c, d] =
            ["room-aaaaaaaaaaaaaaaa", "room-bbbbbbbbbbbbbbbb", "room-cccccccccccccccc", "room-dddddddddddddddd"];
        // A table in use: a friend signals its host, who then goes away (the friend waits).
        rooms.enter(&ask(a, KEY), IP, 0, "a", t0).unwrap();
        rooms.enter(&Ask { room: a.into(), role: Role::Friend }, IP, 1, "f", t0).unwrap();
        assert_eq!(rooms.route(a, 1, 0), Some("a"));
        rooms.leave(a, 0, secs(t0, 1));
        // A stranger opens and leaves rooms of its own, the limit's worth and more: each one
        // forgets the stranger's last, never the table in use.
        for (i, r) in [b, c, d].into_iter().enumerate() {
            let at = 2 + 2 * i as u64;
            assert_eq!(
                rooms.enter(&ask(r, OTHER_KEY), IP, 2, "x", secs(t0, at)).map(|e| e.event),
                Ok(Some(Event::Opened))
            );
            rooms.leave(r, 2, secs(t0, at + 1));
        }
        assert_eq!(rooms.bound(), 2);
        // The table in use is still its host's: the stranger cannot host it, its host can.
        assert_eq!(rooms.check(&ask(a, OTHER_KEY), IP, secs(t0, 8)), Err(Refused::NotTheHost));
        let back = rooms.enter(&ask(a, KEY), IP, 5, "a2", secs(t0, 8)).unwrap();
        assert_eq!(back.event, Some(Event::HostBack));
        // With the stranger's room held open, nothing can be forgotten: a new room is refused.
        rooms.leave(a, 5, secs(t0, 9));
        rooms.enter(&ask(b, OTHER_KEY), IP, 6, "b", secs(t0, 10)).unwrap();
        assert_eq!(
            rooms.enter(&ask(c, OTHER_KEY), IP, 7, "c", secs(t0, 11)).map(|e| e.event),
            Err(Refused::ServerFull)
        );
        // Met stays met when its host came back and left again.
        assert_eq!(rooms.check(&ask(a, OTHER_KEY), IP, secs(t0, 12)), Err(Refused::NotTheHost));
    }

    /// Opens `room` as a host with `key` from `from`, lets a friend from elsewhere signal the
    /// host (the room is met), and leaves: a table in use, whose host is away.
    fn open_met_and_leave(rooms: &mut Rooms<u32, &'static str>, room: &str, key: &str, from: IpAddr, at: Instant) {
        let host = Ask { room: room.into(), role: Role::Host { key: HostKey(key.into()) } };
        let friend = Ask { room: room.into(), role: Role::Friend };
        assert_eq!(rooms.enter(&host, from, 0, "h", at).map(|e| e.event), Ok(Some(Event::Opened)), "{room}");
        rooms.enter(&friend, "203.0.113.50".parse().unwrap(), 1, "f", at).unwrap();
        assert_eq!(rooms.route(room, 1, 0), Some("h"));
        rooms.leave(room, 0, at);
        rooms.leave(room, 1, at);
    }

    /// The count of remembered rooms by address agrees with the rooms remembered.
    fn counts_agree(rooms: &Rooms<u32, &'static str>) {
        let mut counted: HashMap<IpAddr, usize> = HashMap::new();
        rooms.bound.values().for_each(|b| *counted.entry(b.from).or_default() += 1);
        assert_eq!(rooms.bound_from, counted);
    }

    #[test]
    fn one_address_opening_more_met_rooms_than_it_may_forgets_its_own_oldest_never_another_s() {
        let t0 = Instant::now();
        let mut rooms = rooms(Limits { max_bound_per_address: 2, bound_for: Duration::from_secs(1000), ..limits() });
        let ask = |room: &str, key: &str| Ask { room: room.into(), role: Role::Host { key: HostKey(key.into()) } };
        let [a, b, c, d, e] = [
            "room-aaaaaaaaaaaaaaaa",
            "room-bbbbbbbbbbbbbbbb",
            "room-cccccccccccccccc",
            "room-dddddddddddddddd",
            "room-eeeeeeeeeeeeeeee",
        ];
        // A friends' table, the oldest of all.
        open_met_and_leave(&mut rooms, a, KEY, IP, t0);
        // A stranger opens met rooms from one IPv6 machine (a /64, whatever the address in it),
        // past its limit: each new one forgets the stranger's oldest, met as it is.
        let stranger = |n: u16| IpAddr::V6(std::net::Ipv6Addr::new(0x2001, 0xdb8, 0, 1, 0, 0, 0, n));
        for (i, r) in [b, c, d, e].into_iter().enumerate() {
            open_met_and_leave(&mut rooms, r, OTHER_KEY, stranger(i as u16), secs(t0, 1 + i as u64));
        }
        assert_eq!(rooms.bound(), 3, "the friends' table and the stranger's two newest");
        counts_agree(&rooms);
        // The friends' table is still its host's; the stranger's oldest are anyone's again.
        assert_eq!(rooms.check(&ask(a, OTHER_KEY), IP, secs(t0, 10)), Err(Refused::NotTheHost));
        assert_eq!(rooms.check(&ask(b, KEY), IP, secs(t0, 10)), Ok(()));
        assert_eq!(rooms.check(&ask(c, KEY), IP, secs(t0, 10)), Ok(()));
        assert_eq!(rooms.check(&ask(d, KEY), IP, secs(t0, 10)), Err(Refused::NotTheHost));
        assert_eq!(rooms.check(&ask(e, KEY), IP, secs(t0, 10)), Err(Refused::NotTheHost));
        // The friends' host's address has places of its own: opening a room forgets nothing.
        open_met_and_leave(&mut rooms, b, KEY, IP, secs(t0, 11));
        assert_eq!(rooms.bound(), 4);
        counts_agree(&rooms);
        // Forgotten with their time, the rooms no longer count for their addresses.
        rooms.sweep(secs(t0, 1003));
        assert_eq!(rooms.bound(), 2, "a's and d's time is up, not e's nor b's");
        counts_agree(&rooms);
        rooms.sweep(secs(t0, 2000));
        assert_eq!((rooms.bound(), rooms.bound_from.len()), (0, 0));
    }

    #[test]
    fn an_address_hosting_every_room_it_may_have_now_is_refused_another() {
        let t0 = Instant::now();
        let mut rooms = rooms(Limits { max_bound_per_address: 2, bound_for: Duration::from_secs(100), ..limits() });
        let ask = |room: &str, key: &str| Ask { room: room.into(), role: Role::Host { key: HostKey(key.into()) } };
        let [a, b, c, d] =
            ["room-aaaaaaaaaaaaaaaa", "room-bbbbbbbbbbbbbbbb", "room-cccccccccccccccc", "room-dddddddddddddddd"];
        let other: IpAddr = "198.51.100.1".parse().unwrap();
        rooms.enter(&ask(a, KEY), IP, 0, "a", t0).unwrap();
        rooms.enter(&ask(b, KEY), IP, 1, "b", t0).unwrap();
        // Both its hosts here: nothing of the address's may be forgotten, before the upgrade or after.
        assert_eq!(rooms.check(&ask(c, KEY), IP, t0), Err(Refused::TooManyRoomsFromAddress));
        assert_eq!(rooms.enter(&ask(c, KEY), IP, 2, "c", t0).map(|e| e.event), Err(Refused::TooManyRoomsFromAddress));
        assert_eq!((rooms.bound(), rooms.peers(), rooms.rooms()), (2, 2, 2), "nothing changed");
        // Another address opens rooms all the same.
        assert_eq!(rooms.enter(&ask(c, KEY), other, 2, "c", t0).map(|e| e.event), Ok(Some(Event::Opened)));
        // A host of the address leaves: its room makes way for the address's next.
        rooms.leave(a, 0, secs(t0, 1));
        assert_eq!(rooms.enter(&ask(d, KEY), IP, 3, "d", secs(t0, 2)).map(|e| e.event), Ok(Some(Event::Opened)));
        assert_eq!(rooms.check(&ask(a, OTHER_KEY), IP, secs(t0, 2)), Err(Refused::TooManyRoomsFromAddress));
        assert_eq!(rooms.check(&ask(a, OTHER_KEY), other, secs(t0, 2)), Ok(()), "a is forgotten");
        // A room whose time is up (not yet swept) is opened again in its own place: d's host
        // leaves, and once d has expired its address reopens it beside b, hosted now.
        rooms.leave(d, 3, secs(t0, 3));
        assert_eq!(rooms.check(&ask(d, OTHER_KEY), IP, secs(t0, 50)), Err(Refused::NotTheHost));
        assert_eq!(
            rooms.enter(&ask(d, OTHER_KEY), IP, 4, "d", secs(t0, 103)).map(|e| e.event),
            Ok(Some(Event::Opened))
        );
        assert_eq!(rooms.check(&ask(b, OTHER_KEY), IP, secs(t0, 103)), Err(Refused::NotTheHost), "b is still bound");
        assert_eq!(rooms.bound(), 3);
        counts_agree(&rooms);
    }

    #[test]
    fn no_limit_of_rooms_per_address_when_it_is_zero() {
        let t0 = Instant::now();
        let mut rooms = rooms(Limits { max_bound_per_address: 0, ..limits() });
        for p in 0..50 {
            let ask = Ask { room: format!("room-{p:016}"), role: Role::Host { key: HostKey(KEY.into()) } };
            assert_eq!(rooms.enter(&ask, IP, p, "h", t0).map(|e| e.event), Ok(Some(Event::Opened)));
        }
        assert_eq!(rooms.bound(), 50, "every one remembered, every host here");
        counts_agree(&rooms);
    }

    #[test]
    fn a_host_coming_back_to_its_room_counts_nothing_new_and_is_never_refused_for_it() {
        let t0 = Instant::now();
        let mut rooms = rooms(Limits { max_bound_per_address: 2, ..limits() });
        let ask = |room: &str| Ask { room: room.into(), role: Role::Host { key: HostKey(KEY.into()) } };
        let [a, b, c] = ["room-aaaaaaaaaaaaaaaa", "room-bbbbbbbbbbbbbbbb", "room-cccccccccccccccc"];
        let moved: IpAddr = "198.51.100.1".parse().unwrap();
        rooms.enter(&ask(a), IP, 0, "a", t0).unwrap();
        rooms.enter(&ask(b), IP, 1, "b", t0).unwrap();
        // At its limit, every room hosted: a reload (its old connection lingering) is let in.
        let again = rooms.enter(&ask(a), IP, 2, "a2", secs(t0, 1)).unwrap();
        assert_eq!(again.event, Some(Event::HostReplaced));
        // b's host leaves and comes back from another address (a phone off the Wi-Fi).
        rooms.leave(b, 1, secs(t0, 2));
        assert_eq!(rooms.enter(&ask(b), moved, 3, "b2", secs(t0, 3)).map(|e| e.event), Ok(Some(Event::HostBack)));
        assert_eq!(rooms.bound(), 2);
        counts_agree(&rooms);
        // b still counts for the address that opened it: that one is full, the other is not.
        assert_eq!(rooms.check(&ask(c), IP, secs(t0, 4)), Err(Refused::TooManyRoomsFromAddress));
        assert_eq!(rooms.check(&ask(c), moved, secs(t0, 4)), Ok(()));
        // Away and back again, from its first address: nothing is forgotten for it.
        rooms.leave(a, 2, secs(t0, 5));
        assert_eq!(rooms.enter(&ask(a), IP, 4, "a3", secs(t0, 6)).map(|e| e.event), Ok(Some(Event::HostBack)));
        assert_eq!(rooms.bound(), 2);
        counts_agree(&rooms);
    }

    #[test]
    fn a_room_lets_in_friends_up_to_its_limit_whatever_its_seats_and_its_host_always() {
        let t0 = Instant::now();
        let mut rooms = rooms(limits());
        for p in 1..=3 {
            rooms.enter(&friend(), IP, p, "f", t0).unwrap();
        }
        assert_eq!(rooms.check(&friend(), IP, t0), Err(Refused::RoomFull));
        assert_eq!(rooms.enter(&friend(), IP, 4, "g", t0).map(|e| e.event), Err(Refused::RoomFull));
        // Its host is never kept out by those who wait.
        let e = rooms.enter(&host(KEY), IP, 0, "h", t0).unwrap();
        assert_eq!(e.tell.len(), 3);
        // A slot comes free when a friend leaves.
        assert_eq!(rooms.leave(ROOM, 1, t0), (vec![("h", Tell::PeerLeft(1))], None));
        assert!(rooms.enter(&friend(), IP, 4, "g", t0).is_ok());
    }

    #[test]
    fn one_address_has_a_few_friends_in_a_room_and_the_other_places_stay_for_other_addresses() {
        let t0 = Instant::now();
        let mut rooms = rooms(Limits { max_room: 6, max_room_per_address: 2, ..limits() });
        let [other, v6, v6_same_machine]: [IpAddr; 3] =
            ["198.51.100.1".parse().unwrap(), "2001:db8::1".parse().unwrap(), "2001:db8::ffff:2".parse().unwrap()];
        rooms.enter(&host(KEY), IP, 0, "h", t0).unwrap();
        rooms.enter(&friend(), IP, 1, "a", t0).unwrap();
        rooms.enter(&friend(), IP, 2, "b", t0).unwrap();
        // Its friends signalled the host (they met it): they still count.
        assert_eq!(rooms.route(ROOM, 1, 0), Some("h"));
        assert_eq!(rooms.route(ROOM, 2, 0), Some("h"));
        assert_eq!(rooms.check(&friend(), IP, t0), Err(Refused::TooManyInRoomFromAddress));
        assert_eq!(rooms.enter(&friend(), IP, 3, "c", t0).map(|e| e.event), Err(Refused::TooManyInRoomFromAddress));
        // The host is not a friend: the host's address hosts and has its friends' places too.
        assert_eq!(rooms.check(&host(KEY), IP, t0), Ok(()));
        // Other addresses have the room's other places; an IPv6 machine is its /64.
        rooms.enter(&friend(), other, 4, "d", t0).unwrap();
        rooms.enter(&friend(), v6, 5, "e", t0).unwrap();
        rooms.enter(&friend(), v6_same_machine, 6, "f", t0).unwrap();
        assert_eq!(rooms.check(&friend(), v6, t0), Err(Refused::TooManyInRoomFromAddress));
        // Another room has places of its own for the same address.
        let elsewhere = Ask { room: "another-room-000000".into(), role: Role::Friend };
        assert_eq!(rooms.check(&elsewhere, IP, t0), Ok(()));
        // A place comes back when a friend of the address leaves.
        rooms.leave(ROOM, 1, t0);
        assert!(rooms.enter(&friend(), IP, 3, "c", t0).is_ok());
        // 0 is no limit.
        let mut open = Rooms::new(Limits { max_room_per_address: 0, ..limits() });
        assert!((1..=3).all(|p| open.enter(&friend(), IP, p, "x", t0).is_ok()));
        assert_eq!(open.peers(), 3);
    }

    #[test]
    fn a_friend_who_never_signals_its_host_is_closed_and_one_who_does_stays() {
        let t0 = Instant::now();
        let mut rooms = rooms(limits());
        // Waiting for a host that is away is no fault: no time closes it.
        rooms.enter(&friend(), IP, 1, "early", t0).unwrap();
        assert!(rooms.sweep(secs(t0, 500)).is_empty());
        rooms.enter(&host(KEY), IP, 0, "h", secs(t0, 500)).unwrap();
        rooms.enter(&friend(), IP, 2, "talks", secs(t0, 505)).unwrap();
        assert_eq!(rooms.route(ROOM, 2, 0), Some("h"), "its answer to the host's offer");
        assert!(rooms.sweep(secs(t0, 519)).is_empty());
        assert_eq!(rooms.sweep(secs(t0, 520)), vec![(ROOM.to_owned(), "early")]);
        assert!(rooms.sweep(secs(t0, 600)).is_empty(), "named once");
        // A host that leaves and comes back: every friend signals the new host afresh.
        rooms.leave(ROOM, 0, secs(t0, 600));
        assert!(rooms.sweep(secs(t0, 900)).is_empty());
        rooms.enter(&host(KEY), IP, 3, "h2", secs(t0, 900)).unwrap();
        assert_eq!(rooms.sweep(secs(t0, 920)), vec![(ROOM.to_owned(), "early"), (ROOM.to_owned(), "talks")]);
    }

    #[test]
    fn signals_go_between_the_host_and_its_friends_only() {
        let t0 = Instant::now();
        let mut rooms = rooms(limits());
        rooms.enter(&host(KEY), IP, 0, "h", t0).unwrap();
        rooms.enter(&friend(), IP, 1, "a", t0).unwrap();
        rooms.enter(&friend(), IP, 2, "b", t0).unwrap();
        assert_eq!(rooms.route(ROOM, 0, 1), Some("a"));
        assert_eq!(rooms.route(ROOM, 2, 0), Some("h"));
        assert_eq!(rooms.route(ROOM, 1, 2), None, "friends never signal each other");
        assert_eq!(rooms.route(ROOM, 7, 0), None, "a stranger reaches nobody");
        assert_eq!(rooms.route("another-room-0000", 0, 1), None);
    }

    #[test]
    fn the_server_refuses_connections_beyond_its_limit_and_forgets_empty_rooms() {
        let t0 = Instant::now();
        let mut rooms = rooms(Limits { max_peers: 2, ..limits() });
        assert_eq!(tells(rooms.enter(&host(KEY), IP, 0, "h", t0)), vec![]);
        assert_eq!(tells(rooms.enter(&friend(), IP, 1, "a", t0)), vec![("h", Tell::NewPeer(1))]);
        assert_eq!(rooms.enter(&friend(), IP, 2, "b", t0).map(|e| e.event), Err(Refused::ServerFull));
        assert_eq!(rooms.leave(ROOM, 1, t0), (vec![("h", Tell::PeerLeft(1))], None));
        assert_eq!(rooms.leave(ROOM, 0, t0), (vec![], Some(Event::Closed)));
        assert_eq!((rooms.rooms(), rooms.peers(), rooms.bound()), (0, 0, 1));
        assert_eq!(rooms.leave(ROOM, 0, t0), (vec![], None), "leaving twice tells nobody");
    }
}
