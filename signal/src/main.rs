//! The signalling server of tables with friends: `blackjack-signal [--addr IP:PORT]
//! [--max-peers N] [--max-message BYTES]`.
//!
//! Built on `matchbox_signaling` (the maintained server library of `matchbox_socket`), with a
//! topology of its own: `matchbox_server` is a full mesh without limits, and its client-server
//! topology has one host for the whole server. Here each room (the path) has one host, who
//! declares its seats (`ROOM.host-N`), and friends who connect to the host only; a room refuses a
//! friend beyond its seats, the server refuses a signalling message over `--max-message` bytes
//! (closing that connection, code 1009) and connections beyond `--max-peers`.
//!
//! It sees room ids and connection set-up (WebRTC offers, answers and ICE candidates), nothing
//! of the game: once two browsers are connected, the game's messages go between them directly.
//! `GET /stats` gives its counters as JSON.

mod rooms;

use async_trait::async_trait;
use axum::extract::ws::{CloseFrame, Message};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::get;
use futures::StreamExt;
use matchbox_protocol::{JsonPeerEvent, JsonPeerRequest, PeerId};
use matchbox_signaling::common_logic::{try_send, SignalingChannel};
use matchbox_signaling::{NoCallbacks, SignalingServerBuilder, SignalingState, SignalingTopology, WsStateMeta};
use rooms::{parse_path, Refused, Rooms, Tell};
use std::net::SocketAddr;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// What every connection's task shares.
#[derive(Clone)]
struct Shared {
    rooms: Arc<Mutex<Rooms<PeerId, SignalingChannel>>>,
    max_message: usize,
    counters: Arc<Counters>,
}

#[derive(Default)]
struct Counters {
    refused_full: AtomicU64,
    refused_other: AtomicU64,
    oversized: AtomicU64,
    unreadable: AtomicU64,
    misrouted: AtomicU64,
}

impl SignalingState for Shared {}

impl Shared {
    fn rooms(&self) -> MutexGuard<'_, Rooms<PeerId, SignalingChannel>> {
        // A task that panicked while holding the lock leaves the rooms as they were before its
        // change (every change is one call): keep serving.
        self.rooms.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn count_refusal(&self, why: Refused) {
        let counter = if why == Refused::RoomFull { &self.counters.refused_full } else { &self.counters.refused_other };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    fn stats(&self) -> String {
        let (rooms, peers) = {
            let r = self.rooms();
            (r.rooms(), r.peers())
        };
        let c = &self.counters;
        let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
        format!(
            "{{\"rooms\":{rooms},\"peers\":{peers},\"refused_full\":{},\"refused_other\":{},\"oversized\":{},\"unreadable\":{},\"misrouted\":{}}}",
            n(&c.refused_full),
            n(&c.refused_other),
            n(&c.oversized),
            n(&c.unreadable),
            n(&c.misrouted)
        )
    }
}

fn tell(channel: &SignalingChannel, what: Tell<PeerId>) {
    let event = match what {
        Tell::NewPeer(p) => JsonPeerEvent::NewPeer(p),
        Tell::PeerLeft(p) => JsonPeerEvent::PeerLeft(p),
    };
    // A channel whose connection is closing refuses; its own task cleans up.
    let _ = try_send(channel, Message::Text(event.to_string().into()));
}

fn close(channel: &SignalingChannel, code: u16, reason: &'static str) {
    let _ = try_send(channel, Message::Close(Some(CloseFrame { code, reason: reason.into() })));
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
                state.count_refusal(why);
                return close(&sender, 1008, "not a room");
            }
        };
        let entered = state.rooms().enter(&ask, peer_id, sender.clone());
        match entered {
            Ok(tells) => tells.into_iter().for_each(|(c, t)| tell(&c, t)),
            Err(why) => {
                state.count_refusal(why);
                return close(&sender, 1008, "the room is full");
            }
        }
        while let Some(Ok(message)) = receiver.next().await {
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
                        Some(channel) => {
                            let event = JsonPeerEvent::Signal { sender: peer_id, data };
                            let _ = try_send(&channel, Message::Text(event.to_string().into()));
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
        let tells = state.rooms().leave(&ask.room, peer_id);
        tells.into_iter().for_each(|(c, t)| tell(&c, t));
    }
}

struct Args {
    addr: SocketAddr,
    max_peers: usize,
    max_message: usize,
}

const USAGE: &str =
    "usage: blackjack-signal [--addr IP:PORT (127.0.0.1:3536)] [--max-peers N (4096)] [--max-message BYTES (16384)]";

fn args() -> Result<Args, String> {
    let mut a = Args { addr: SocketAddr::from(([127, 0, 0, 1], 3536)), max_peers: 4096, max_message: 16 * 1024 };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        let bad = |_| format!("{flag}: not a value: {value}\n{USAGE}");
        match flag.as_str() {
            "--addr" => a.addr = value.parse().map_err(bad)?,
            "--max-peers" => a.max_peers = value.parse().map_err(|_| format!("{flag}: {value}\n{USAGE}"))?,
            "--max-message" => a.max_message = value.parse().map_err(|_| format!("{flag}: {value}\n{USAGE}"))?,
            _ => return Err(USAGE.into()),
        }
    }
    Ok(a)
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
    let shared = Shared {
        rooms: Arc::new(Mutex::new(Rooms::new(args.max_peers))),
        max_message: args.max_message,
        counters: Arc::default(),
    };
    let gate = shared.clone();
    let stats = shared.clone();
    let (stop, stopped) = tokio::sync::oneshot::channel();
    let mut server = SignalingServerBuilder::new(args.addr, HostRooms, shared)
        .on_connection_request(move |meta| {
            // Refused before the upgrade, so the client sees why (an HTTP status).
            let checked = parse_path(meta.path.as_deref().unwrap_or("")).and_then(|ask| gate.rooms().check(&ask));
            checked.map(|()| true).map_err(|why| {
                gate.count_refusal(why);
                let status = if why == Refused::BadPath { StatusCode::NOT_FOUND } else { StatusCode::CONFLICT };
                (status, why.to_string()).into_response()
            })
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
    tokio::spawn(async move {
        let _ = tokio::signal::ctrl_c().await;
        let _ = stop.send(());
    });
    if let Err(e) = server.serve().await {
        eprintln!("blackjack-signal: {e}");
        std::process::exit(1);
    }
}
