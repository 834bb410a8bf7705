//! The signalling server of tables with friends: `blackjack-signal [--addr IP:PORT] [FLAG VALUE]…`
//! (`--help` lists the flags and their defaults).
//!
//! Built on `matchbox_signaling` (the maintained server library of `matchbox_socket`), with a
//! topology of its own: `matchbox_server` is a full mesh without limits, and its client-server
//! topology has one host for the whole server. Here each room (the path) has one host, who
//! names its browser's key (`ROOM.host.KEY`), and friends (`ROOM`) who connect to the host only.
//! What a room lets in, and why, is [`rooms`]: only the browser that opened a room hosts it again
//! (`--remember-rooms` rooms for `--remember-hours` after their host left, at most
//! `--remember-per-address` of them opened from one address), a room takes
//! `--max-room` friends whatever its seats, and a friend who does not signal its host within
//! `--intro-secs` is closed.
//!
//! Every connection is closed after `--idle-secs` without a message (a page's socket sends one
//! every 10 s); at a message or frame over `--max-message` bytes, as soon as its length is known
//! (code 1009: the patched `matchbox_signaling` limits the websocket layer itself, so no more is
//! read); when it sends more than its budget ([`budget`]: `--burst-bytes` and `--rate-bytes`,
//! `--burst-messages` and `--rate-messages`; code 1008); and when a message to it is not sent
//! within `--send-timeout-secs` (a client that does not read its socket: the patched library's
//! writer gives up, dropping what was queued for it and the socket). Connections beyond
//! `--max-peers`, beyond `--max-per-address` from one address ([`addresses`]: behind a reverse
//! proxy, name the header it puts the client's address in with `--address-header`), or friends
//! beyond `--max-room-per-address` from one address in one room, and a host opening a room
//! beyond `--remember-per-address` hosted now from its address ([`rooms`]), are refused before
//! the upgrade, with an HTTP status (404 not a room, 409 the room is full or hosted from another
//! browser, 429 too many from one address, or from one address in the room, or rooms hosted
//! from one address, 503 the server is full).
//!
//! It sees room ids and connection set-up (WebRTC offers, answers and ICE candidates), nothing
//! of the game: once two browsers are connected, the game's messages go between them directly.
//! It logs one line per room event on stdout (opened, host left or back, closed, a connection
//! refused or timed out, and why), naming a room by the first characters of its id only; never a
//! key, a signal or anything of the game. `GET /stats` gives its counters as JSON.

mod addresses;
mod budget;
mod rooms;

use addresses::Addresses;
use async_trait::async_trait;
use axum::extract::ws::{CloseFrame, Message};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use budget::{Budget, Rate};
use futures::StreamExt;
use matchbox_protocol::{JsonPeerEvent, JsonPeerRequest, PeerId};
use matchbox_signaling::common_logic::{try_send, SignalingChannel};
use matchbox_signaling::{NoCallbacks, SignalingServerBuilder, SignalingState, SignalingTopology, WsStateMeta};
use rooms::{parse_path, Limits, Refused, Rooms, Tell};
use std::cell::Cell;
use std::collections::HashMap;
use std::fmt::Display;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::Notify;

/// A connection as the rooms hold it: its channel, and a way to end its task (a close frame
/// alone ends nothing if the other side never answers it).
#[derive(Clone)]
struct Conn {
    channel: SignalingChannel,
    kick: Arc<Notify>,
}

/// What every connection's task shares.
#[derive(Clone)]
struct Shared {
    rooms: Arc<Mutex<Rooms<PeerId, Conn>>>,
    addresses: Arc<Mutex<Addresses>>,
    /// Each accepted request's client address, by the peer id it was given, until its
    /// connection's task takes it (with when, so a request never upgraded is forgotten).
    asked_from: Arc<Mutex<HashMap<PeerId, (IpAddr, Instant)>>>,
    address_header: Option<String>,
    max_message: usize,
    idle: Duration,
    /// What one connection may send ([`budget`]): bytes, and messages.
    budget: (Rate, Rate),
    counters: Arc<Counters>,
}

#[derive(Default)]
struct Counters {
    refused_full: AtomicU64,
    refused_not_host: AtomicU64,
    refused_address: AtomicU64,
    refused_room_address: AtomicU64,
    /// Hosts refused a new room: their address hosts as many remembered rooms as it may.
    refused_rooms_address: AtomicU64,
    refused_other: AtomicU64,
    timed_out: AtomicU64,
    oversized: AtomicU64,
    over_budget: AtomicU64,
    /// Connections ended because a message to them was not sent in time (they did not read).
    stalled: AtomicU64,
    unreadable: AtomicU64,
    misrouted: AtomicU64,
}

impl SignalingState for Shared {}

thread_local! {
    /// The client address of the request whose connection callback ran last on this thread.
    /// The library calls the connection callback (which has the request's headers) and then the
    /// id callback (which has only the socket's address) one after the other, with no await
    /// between them, so on one thread: this hands the first's address to the second.
    static ASKED_FROM: Cell<Option<IpAddr>> = const { Cell::new(None) };
}

/// A lock that a panicking task cannot take from the others: every change under it is one call,
/// so what it guards is as it was before the change. Keep serving.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A room as the log names it: the first characters of its id (enough to follow one room
/// through the log; the whole id is the link, and would let a reader of the log in).
fn short(room: &str) -> String {
    format!("{}…", room.chars().take(6).collect::<String>())
}

fn log(room: Option<&str>, what: impl Display) {
    match room {
        Some(r) => println!("room {}: {what}", short(r)),
        None => println!("{what}"),
    }
}

impl Shared {
    fn rooms(&self) -> MutexGuard<'_, Rooms<PeerId, Conn>> {
        lock(&self.rooms)
    }

    fn refuse(&self, room: Option<&str>, role: &str, why: Refused) {
        let c = &self.counters;
        let counter = match why {
            Refused::RoomFull => &c.refused_full,
            Refused::NotTheHost => &c.refused_not_host,
            Refused::TooManyFromAddress => &c.refused_address,
            Refused::TooManyInRoomFromAddress => &c.refused_room_address,
            Refused::TooManyRoomsFromAddress => &c.refused_rooms_address,
            Refused::BadPath | Refused::ServerFull => &c.refused_other,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        log(room, format!("refused a {role}: {why}"));
    }

    /// The client's address: the socket's, or behind a proxy the last address in the header the
    /// proxy sets (the one the proxy itself saw; earlier ones are the client's word).
    fn client_ip(&self, origin: SocketAddr, headers: &axum::http::HeaderMap) -> IpAddr {
        let named = self.address_header.as_ref().and_then(|h| headers.get(h.as_str()));
        let parsed = named.and_then(|v| v.to_str().ok()).and_then(|v| v.rsplit(',').next()?.trim().parse().ok());
        parsed.unwrap_or(origin.ip())
    }

    fn remember_address(&self, peer: PeerId, ip: IpAddr) {
        let mut pending = lock(&self.asked_from);
        // A request answered but never upgraded leaves its entry: forget those a minute old.
        if pending.len() >= 1024 {
            pending.retain(|_, (_, at)| at.elapsed() < Duration::from_secs(60));
        }
        pending.insert(peer, (ip, Instant::now()));
    }

    fn stats(&self) -> String {
        let (rooms, peers, remembered) = {
            let r = self.rooms();
            (r.rooms(), r.peers(), r.bound())
        };
        let addresses = lock(&self.addresses).len();
        let c = &self.counters;
        let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
        format!(
            "{{\"rooms\":{rooms},\"peers\":{peers},\"remembered\":{remembered},\"addresses\":{addresses},\"refused_full\":{},\"refused_not_host\":{},\"refused_address\":{},\"refused_room_address\":{},\"refused_rooms_address\":{},\"refused_other\":{},\"timed_out\":{},\"oversized\":{},\"over_budget\":{},\"stalled\":{},\"unreadable\":{},\"misrouted\":{}}}",
            n(&c.refused_full),
            n(&c.refused_not_host),
            n(&c.refused_address),
            n(&c.refused_room_address),
            n(&c.refused_rooms_address),
            n(&c.refused_other),
            n(&c.timed_out),
            n(&c.oversized),
            n(&c.over_budget),
            n(&c.stalled),
            n(&c.unreadable),
            n(&c.misrouted)
        )
    }
}

/// A connection's place among its address's, given back when its task ends.
struct Place {
    addresses: Arc<Mutex<Addresses>>,
    ip: IpAddr,
}

impl Place {
    fn take(addresses: &Arc<Mutex<Addresses>>, ip: IpAddr) -> Option<Place> {
        lock(addresses).take(ip).then(|| Place { addresses: addresses.clone(), ip })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        lock(&self.addresses).give_back(self.ip);
    }
}

fn tell(conn: &Conn, what: Tell<PeerId>) {
    let event = match what {
        Tell::NewPeer(p) => JsonPeerEvent::NewPeer(p),
        Tell::PeerLeft(p) => JsonPeerEvent::PeerLeft(p),
    };
    // A channel whose connection is closing refuses; its own task cleans up.
    let _ = try_send(&conn.channel, Message::Text(event.to_string().into()));
}

fn close(channel: &SignalingChannel, code: u16, reason: &'static str) {
    let _ = try_send(channel, Message::Close(Some(CloseFrame { code, reason: reason.into() })));
}

/// Closes a connection another task holds, and ends that task.
fn end(conn: &Conn, code: u16, reason: &'static str) {
    close(&conn.channel, code, reason);
    conn.kick.notify_one();
}

/// One host per room, friends connected to the host only.
struct HostRooms;

#[async_trait]
impl SignalingTopology<NoCallbacks, Shared> for HostRooms {
    async fn state_machine(upgrade: WsStateMeta<NoCallbacks, Shared>) {
        let WsStateMeta { room: path, peer_id, sender, mut receiver, state, .. } = upgrade;
        let ask = match parse_path(&path) {
            Ok(ask) => ask,
            Err(why) => {
                state.refuse(None, "connection", why);
                return close(&sender, 1008, why.words());
            }
        };
        let role = if ask.role == rooms::Role::Friend { "friend" } else { "host" };
        let ip = lock(&state.asked_from).remove(&peer_id).map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |(ip, _)| ip);
        // Checked before the upgrade too; taken here, as other connections may have come since.
        let Some(_place) = Place::take(&state.addresses, ip) else {
            state.refuse(Some(&ask.room), role, Refused::TooManyFromAddress);
            return close(&sender, 1008, Refused::TooManyFromAddress.words());
        };
        let kick = Arc::new(Notify::new());
        let me = Conn { channel: sender.clone(), kick: kick.clone() };
        let entered = state.rooms().enter(&ask, ip, peer_id, me, Instant::now());
        match entered {
            Ok(entered) => {
                entered.tell.into_iter().for_each(|(c, t)| tell(&c, t));
                if let Some(old) = entered.close {
                    end(&old, 1000, "the host connected again");
                }
                if let Some(event) = entered.event {
                    log(Some(&ask.room), event);
                }
            }
            Err(why) => {
                state.refuse(Some(&ask.room), role, why);
                return close(&sender, 1008, why.words());
            }
        }
        let mut budget = Budget::new(state.budget.0, state.budget.1, Instant::now());
        loop {
            let next = tokio::select! {
                next = tokio::time::timeout(state.idle, receiver.next()) => next,
                () = kick.notified() => break,
                // Its writer gave up: a message to it was not sent within the send timeout.
                () = sender.closed() => {
                    state.counters.stalled.fetch_add(1, Ordering::Relaxed);
                    log(Some(&ask.room), format!("closed a {role} that did not read its messages"));
                    break;
                }
            };
            let message = match next {
                Ok(Some(Ok(message))) => message,
                Ok(Some(Err(e))) if too_big(&e) => {
                    state.counters.oversized.fetch_add(1, Ordering::Relaxed);
                    close(&sender, 1009, "message too big");
                    break;
                }
                Ok(Some(Err(_)) | None) => break,
                Err(_) => {
                    state.counters.timed_out.fetch_add(1, Ordering::Relaxed);
                    log(Some(&ask.room), format!("closed an idle {role}"));
                    close(&sender, 1000, "idle");
                    break;
                }
            };
            let len = match &message {
                Message::Text(t) => t.len(),
                Message::Binary(b) | Message::Ping(b) | Message::Pong(b) => b.len(),
                Message::Close(_) => 0,
            };
            if !budget.spend(len, Instant::now()) {
                state.counters.over_budget.fetch_add(1, Ordering::Relaxed);
                log(Some(&ask.room), format!("closed a {role} that sent too much"));
                close(&sender, 1008, "sent too much");
                break;
            }
            let text = match message {
                Message::Text(text) if text.len() <= state.max_message => text,
                Message::Text(_) | Message::Binary(_) => {
                    state.counters.oversized.fetch_add(1, Ordering::Relaxed);
                    close(&sender, 1009, "message too big");
                    break;
                }
                Message::Close(_) => break,
                Message::Ping(_) | Message::Pong(_) => continue,
            };
            match JsonPeerRequest::from_str(&text) {
                Ok(JsonPeerRequest::Signal { receiver: to, data }) => {
                    let route = state.rooms().route(&ask.room, peer_id, to);
                    match route {
                        Some(conn) => {
                            let event = JsonPeerEvent::Signal { sender: peer_id, data };
                            let _ = try_send(&conn.channel, Message::Text(event.to_string().into()));
                        }
                        None => {
                            state.counters.misrouted.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
                Ok(JsonPeerRequest::KeepAlive) => {}
                Err(_) => {
                    state.counters.unreadable.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        let (tells, event) = state.rooms().leave(&ask.room, peer_id, Instant::now());
        tells.into_iter().for_each(|(c, t)| tell(&c, t));
        if let Some(event) = event {
            log(Some(&ask.room), event);
        }
    }
}

/// Whether a read error is a message or a frame over `--max-message` (the websocket layer's
/// limit, set from it).
fn too_big(e: &axum::Error) -> bool {
    let inner = std::error::Error::source(e).and_then(|e| e.downcast_ref::<tungstenite::Error>());
    matches!(inner, Some(tungstenite::Error::Capacity(_)))
}

struct Args {
    addr: SocketAddr,
    max_peers: usize,
    max_message: usize,
    max_room: usize,
    max_per_address: usize,
    max_room_per_address: usize,
    idle_secs: u64,
    send_timeout_secs: u64,
    burst_bytes: u64,
    rate_bytes: u64,
    burst_messages: u64,
    rate_messages: u64,
    intro_secs: u64,
    remember_rooms: usize,
    remember_hours: u64,
    remember_per_address: usize,
    address_header: Option<String>,
    /// `--check`: read the flags, say what they set, and exit without listening (a deployment's
    /// unit file is checked with it: `signal/tests/deploy.rs`).
    check: bool,
}

const USAGE: &str = "usage: blackjack-signal [FLAG VALUE]…
  --addr IP:PORT            where to listen (127.0.0.1:3536)
  --max-peers N             connections in all (4096)
  --max-message BYTES       the longest signalling message (16384)
  --max-room N              friends in one room, its host on top (16)
  --max-per-address N       connections from one address, 0 for no limit (32)
  --max-room-per-address N  friends from one address in one room, 0 for no limit (4)
  --idle-secs S             close a connection silent this long (90)
  --send-timeout-secs S     close a connection a message to which is not sent this long (20)
  --burst-bytes BYTES       what one connection may send at once (262144)
  --rate-bytes BYTES        and then each second (32768)
  --burst-messages N        messages one connection may send at once (512)
  --rate-messages N         and then each second (32)
  --intro-secs S            close a friend that has not signalled its host this long (30)
  --remember-rooms N        rooms whose host's browser is remembered (100000)
  --remember-hours H        how long after its host left (168)
  --remember-per-address N  remembered rooms opened from one address, 0 for no limit (64)
  --address-header NAME     behind a proxy: the header with the client's address (none)
  --check                   read the flags, print what they set and exit, without listening";

fn args() -> Result<Args, String> {
    let mut a = Args {
        addr: SocketAddr::from(([127, 0, 0, 1], 3536)),
        max_peers: 4096,
        max_message: 16 * 1024,
        max_room: 16,
        max_per_address: 32,
        max_room_per_address: 4,
        idle_secs: 90,
        send_timeout_secs: 20,
        burst_bytes: 256 * 1024,
        rate_bytes: 32 * 1024,
        burst_messages: 512,
        rate_messages: 32,
        intro_secs: 30,
        remember_rooms: 100_000,
        remember_hours: 168,
        remember_per_address: 64,
        address_header: None,
        check: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--help" {
            println!("{USAGE}");
            std::process::exit(0);
        }
        if flag == "--check" {
            a.check = true;
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let bad = || format!("{flag}: not a value: {value}\n{USAGE}");
        let number = || value.parse::<usize>().map_err(|_| bad());
        let positive = || value.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(bad);
        match flag.as_str() {
            "--addr" => a.addr = value.parse().map_err(|_| bad())?,
            "--max-peers" => a.max_peers = number()?,
            "--max-message" => a.max_message = number()?,
            "--max-room" => a.max_room = number()?,
            "--max-per-address" => a.max_per_address = number()?,
            "--max-room-per-address" => a.max_room_per_address = number()?,
            "--idle-secs" => a.idle_secs = positive()?,
            "--send-timeout-secs" => a.send_timeout_secs = positive()?,
            "--burst-bytes" => a.burst_bytes = positive()?,
            "--rate-bytes" => a.rate_bytes = positive()?,
            "--burst-messages" => a.burst_messages = positive()?,
            "--rate-messages" => a.rate_messages = positive()?,
            "--intro-secs" => a.intro_secs = positive()?,
            "--remember-rooms" => a.remember_rooms = number()?,
            "--remember-hours" => a.remember_hours = positive()?,
            "--remember-per-address" => a.remember_per_address = number()?,
            "--address-header" => a.address_header = Some(value.to_ascii_lowercase()),
            _ => return Err(USAGE.into()),
        }
    }
    Ok(a)
}

fn status(why: Refused) -> StatusCode {
    match why {
        Refused::BadPath => StatusCode::NOT_FOUND,
        Refused::RoomFull | Refused::NotTheHost => StatusCode::CONFLICT,
        Refused::TooManyFromAddress | Refused::TooManyInRoomFromAddress | Refused::TooManyRoomsFromAddress => {
            StatusCode::TOO_MANY_REQUESTS
        }
        Refused::ServerFull => StatusCode::SERVICE_UNAVAILABLE,
    }
}

#[tokio::main]
// The library's callback type returns `Result<bool, Response>`: its size is not ours to choose.
#[allow(clippy::result_large_err)]
async fn main() {
    let args = match args() {
        Ok(a) => a,
        Err(why) => {
            eprintln!("{why}");
            std::process::exit(2);
        }
    };
    if args.check {
        println!(
            "blackjack-signal: flags accepted: --addr {} --max-peers {} --max-message {} --max-room {} \
             --max-per-address {} --max-room-per-address {} --idle-secs {} --send-timeout-secs {} \
             --burst-bytes {} --rate-bytes {} --burst-messages {} --rate-messages {} --intro-secs {} \
             --remember-rooms {} --remember-hours {} --remember-per-address {} --address-header {}",
            args.addr,
            args.max_peers,
            args.max_message,
            args.max_room,
            args.max_per_address,
            args.max_room_per_address,
            args.idle_secs,
            args.send_timeout_secs,
            args.burst_bytes,
            args.rate_bytes,
            args.burst_messages,
            args.rate_messages,
            args.intro_secs,
            args.remember_rooms,
            args.remember_hours,
            args.remember_per_address,
            args.address_header.as_deref().unwrap_or("(none)"),
        );
        return;
    }
    let limits = Limits {
        max_peers: args.max_peers,
        max_room: args.max_room,
        max_bound: args.remember_rooms,
        bound_for: Duration::from_secs(args.remember_hours.saturating_mul(3600)),
        intro: Duration::from_secs(args.intro_secs),
        max_room_per_address: args.max_room_per_address,
        max_bound_per_address: args.remember_per_address,
    };
    // The websocket layer's own limits (the patched matchbox_signaling), before it serves.
    matchbox_signaling::common_logic::set_max_message_size(args.max_message);
    matchbox_signaling::common_logic::set_send_timeout(Some(Duration::from_secs(args.send_timeout_secs)));
    let shared = Shared {
        rooms: Arc::new(Mutex::new(Rooms::new(limits))),
        addresses: Arc::new(Mutex::new(Addresses::new(args.max_per_address))),
        asked_from: Arc::default(),
        address_header: args.address_header,
        max_message: args.max_message,
        idle: Duration::from_secs(args.idle_secs),
        budget: (
            Rate { burst: args.burst_bytes, per_sec: args.rate_bytes },
            Rate { burst: args.burst_messages, per_sec: args.rate_messages },
        ),
        counters: Arc::default(),
    };
    let (gate, ids, stats, sweeper) = (shared.clone(), shared.clone(), shared.clone(), shared.clone());
    let (stop, stopped) = tokio::sync::oneshot::channel();
    let mut server = SignalingServerBuilder::new(args.addr, HostRooms, shared)
        .on_connection_request(move |meta| {
            // Refused before the upgrade, so the client sees why (an HTTP status).
            let ip = gate.client_ip(meta.origin, &meta.headers);
            let ask = parse_path(meta.path.as_deref().unwrap_or(""));
            let checked = ask.as_ref().map_err(|why| *why).and_then(|ask| {
                gate.rooms().check(ask, ip, Instant::now())?;
                lock(&gate.addresses).has_room(ip).then_some(()).ok_or(Refused::TooManyFromAddress)
            });
            match checked {
                Ok(()) => {
                    ASKED_FROM.set(Some(ip));
                    Ok(true)
                }
                Err(why) => {
                    let (room, role) = match &ask {
                        Ok(a) => (Some(a.room.as_str()), if a.role == rooms::Role::Friend { "friend" } else { "host" }),
                        Err(_) => (None, "connection"),
                    };
                    gate.refuse(room, role, why);
                    Err((status(why), why.words()).into_response())
                }
            }
        })
        .on_id_assignment(move |(origin, peer)| {
            let ip = ASKED_FROM.take().unwrap_or(origin.ip());
            ids.remember_address(peer, ip);
        })
        .mutate_router(move |router| router.route("/stats", get(move || std::future::ready(stats.stats()))))
        .with_shutdown(stopped)
        .build();
    let addr = match server.bind() {
        Ok(addr) => addr,
        Err(e) => {
            eprintln!("blackjack-signal: cannot listen on {}: {e}", args.addr);
            std::process::exit(1);
        }
    };
    println!("blackjack-signal: listening on ws://{addr}/ (rooms of one host and its friends)");
    // Friends that never signal their host, and keys kept past their time, once a second.
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(1));
        loop {
            every.tick().await;
            let closing = sweeper.rooms().sweep(Instant::now());
            for (room, conn) in closing {
                sweeper.counters.timed_out.fetch_add(1, Ordering::Relaxed);
                log(Some(&room), "closed a friend that did not connect to its host");
                end(&conn, 1008, "did not connect to the host");
            }
        }
    });
    tokio::spawn(async move {
        let _ = tokio::signal::ctrl_c().await;
        let _ = stop.send(());
    });
    if let Err(e) = server.serve().await {
        eprintln!("blackjack-signal: {e}");
        std::process::exit(1);
    }
}
