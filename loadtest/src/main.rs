//! Load and faults, bounded, on loopback only: `blackjack-loadtest [--rooms 200] [--parallel 25]
//! [--moves 200] [--port 3599] [--room-seconds 300]`.
//!
//! Starts the signalling server (`target/server/blackjack-signal`) on 127.0.0.1, then opens
//! `--rooms` rooms of four peers (a host running `net::Host` with a Taylor game, three friends on
//! native `matchbox_socket` clients), `--parallel` rooms at a time. In each room the friends claim
//! their seats and everyone plays through the host (the host's seat and the friends' seats with
//! the normal bot's move, each move sent by the seat's own peer) for `--moves` moves; one friend
//! drops after a third of them and rejoins with its token. It reports the connection set-up time
//! (a friend's socket created → its data channel to the host open), the round trip of a move
//! (sent → the update that answers it), the server's memory, and checks that a room refuses a
//! peer beyond its seats and that the server refuses an oversized message. Every room has a
//! deadline, and so has the whole run: it stops by itself.

use blackjack::bots::shedding::normal_move;
use blackjack::engine::shedding::{Action, Game, Phase, Preset, SeatUpdate};
use blackjack::net::{encode, Host, PeerId, Reader, Refusal, SeatToken, Seating, ToHost, ToPeer};
use matchbox_socket::{Packet, PeerId as Link, PeerState, RtcIceServerConfig, WebRtcSocket};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const FRIENDS: u8 = 3;

/// The friends a room takes (the server's `--max-room`): a room's three, and one more for a
/// rejoin whose old connection the server has not yet seen go.
const MAX_ROOM: usize = FRIENDS as usize + 1;
const TICK: Duration = Duration::from_millis(2);
/// How long a player (the host's or a friend's) takes over a move: players are people, and a
/// friend who drops must find the game still on when it comes back.
const THINK: Duration = Duration::from_millis(40);

struct Args {
    rooms: usize,
    parallel: usize,
    moves: usize,
    port: u16,
    room_seconds: u64,
}

fn args() -> Args {
    let mut a = Args { rooms: 200, parallel: 25, moves: 200, port: 3599, room_seconds: 300 };
    let v: Vec<String> = std::env::args().skip(1).collect();
    for pair in v.chunks(2) {
        let n = pair.get(1).and_then(|s| s.parse::<usize>().ok()).unwrap_or_else(|| {
            eprintln!("usage: blackjack-loadtest [--rooms N] [--parallel N] [--moves N] [--port P] [--room-seconds S]");
            std::process::exit(2)
        });
        match pair[0].as_str() {
            "--rooms" => a.rooms = n,
            "--parallel" => a.parallel = n.max(1),
            "--moves" => a.moves = n,
            "--port" => a.port = n as u16,
            "--room-seconds" => a.room_seconds = n as u64,
            _ => {
                eprintln!("unknown flag {}", pair[0]);
                std::process::exit(2)
            }
        }
    }
    a
}

/// What every room reports.
#[derive(Default)]
struct Figures {
    setup_ms: Vec<f64>,
    rtt_ms: Vec<f64>,
    moves: usize,
    rejoins: usize,
    rooms_done: usize,
    rooms_failed: Vec<String>,
}

fn socket(url: String) -> WebRtcSocket {
    let none = RtcIceServerConfig { urls: vec![], username: None, credential: None };
    let (socket, run) =
        WebRtcSocket::builder(url).ice_server(none).add_reliable_channel().reconnect_attempts(Some(1)).build();
    tokio::spawn(run);
    socket
}

fn room_id(r: usize) -> String {
    format!("loadtest-room-{r:06}-abcdef")
}

/// The key room `r`'s host names (the signalling server lets no other key host the room).
fn host_key(r: usize) -> String {
    format!("loadtest-host-{r:06}-key")
}

/// The host of one room: its peers' bytes in, its messages out, its own seat's moves.
async fn host_room(signal: String, r: usize, moves: usize, deadline: Instant) -> Result<(), String> {
    let game = Game::new(Preset::Taylor.rules(), 1 + FRIENDS, r as u64).map_err(|e| format!("{e:?}"))?;
    let mut seating = vec![Seating::Host { name: "Host".into() }];
    seating.extend((0..FRIENDS).map(|_| Seating::Open));
    let mut host = Host::open(game, "Taylor", seating);
    let mut s = socket(format!("{signal}/{}.host.{}", room_id(r), host_key(r)));
    let mut links: Vec<(Link, PeerId)> = Vec::new();
    let mut next: PeerId = 1;
    let start = Instant::now();
    let mut last_change = Instant::now();
    let mut last_act = Instant::now();
    loop {
        if Instant::now() > deadline {
            return Err(format!("room {r}: host timed out after {} moves", host.table().log().len()));
        }
        let mut out = Vec::new();
        for (link, state) in s.try_update_peers().map_err(|e| format!("{e:?}"))? {
            match state {
                PeerState::Connected => {
                    last_change = Instant::now();
                    links.push((link, next));
                    // A load test's challenges need no secrecy: distinct per connection is enough.
                    let nonce = u128::from(next).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) ^ r as u128;
                    out.extend(host.connect(next, nonce));
                    next += 1;
                }
                PeerState::Disconnected => {
                    last_change = Instant::now();
                    if let Some(i) = links.iter().position(|(l, _)| *l == link) {
                        let (_, id) = links.remove(i);
                        out.extend(host.leave(id));
                    }
                }
            }
        }
        for (link, bytes) in s.channel_mut(0).receive() {
            if let Some(&(_, id)) = links.iter().find(|(l, _)| *l == link) {
                out.extend(host.receive_at(id, start.elapsed().as_millis() as u64, &bytes));
            }
        }
        let seated = (1..=FRIENDS).all(|seat| host.is_played_by_a_person(seat));
        if !host.is_started() && seated {
            out.extend(host.start());
        }
        let g = host.table();
        if host.is_started() && !g.is_over() && g.log().len() < moves && last_act.elapsed() >= THINK {
            // The host's own seat; a dropped friend's seat is the host's bot's until it is back.
            let mover = g.current();
            if mover == 0 || !host.is_played_by_a_person(mover) {
                let v = g.view(mover);
                if let Some(a) = normal_move(&v.policy_input()) {
                    if let Ok(applied) = host.act(a) {
                        out.extend(applied.out);
                        last_act = Instant::now();
                    }
                }
            }
        }
        for o in out {
            if let Some(&(link, _)) = links.iter().find(|(_, id)| *id == o.to) {
                s.channel_mut(0).send(Packet::from(encode(&o.message)), link);
            }
        }
        let g = host.table();
        // Done when every friend has seen the end and gone (and none is on its way back).
        if host.is_started()
            && (g.is_over() || g.log().len() >= moves)
            && links.is_empty()
            && last_change.elapsed() > Duration::from_secs(3)
        {
            return Ok(());
        }
        tokio::time::sleep(TICK).await;
    }
}

/// One friend: claims `seat`, plays its moves, and (if `drop_after`) drops after that many
/// moves of the table and rejoins with its token. Returns set-up times, round trips, rejoins.
async fn friend(
    signal: String,
    r: usize,
    seat: u8,
    moves: usize,
    drop_after: Option<usize>,
    deadline: Instant,
) -> Result<(Vec<f64>, Vec<f64>, usize), String> {
    let token = SeatToken(((((r as u128) << 8) | u128::from(seat)) * 0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835) | 1);
    let url = format!("{signal}/{}", room_id(r));
    let (mut setups, mut rtts, mut rejoins) = (Vec::new(), Vec::new(), 0);
    let mut claimed = false;
    let mut dropped = drop_after.is_none();
    'connection: loop {
        let t0 = Instant::now();
        let mut s = socket(url.clone());
        let mut host: Option<Link> = None;
        let mut sent: Option<(u32, Instant)> = None;
        let mut last: Option<SeatUpdate> = None;
        // A connection's reader keeps the rules its welcome carried.
        let mut reader = Reader::<Game>::default();
        let mut rejoining = false;
        loop {
            if Instant::now() > deadline {
                return Err(format!("room {r} seat {seat}: timed out (connected: {})", host.is_some()));
            }
            for (link, state) in s.try_update_peers().map_err(|e| format!("{e:?}"))? {
                match state {
                    PeerState::Connected => {
                        setups.push(t0.elapsed().as_secs_f64() * 1000.0);
                        host = Some(link);
                        // Back on a new connection, the seat is proved when the challenge comes.
                        if !claimed {
                            let key = token.key(&room_id(r));
                            let m = ToHost::<Action>::Claim { seat, key, name: format!("P{seat}") };
                            s.channel_mut(0).send(Packet::from(encode(&m)), link);
                            claimed = true;
                        } else {
                            rejoining = true;
                        }
                    }
                    PeerState::Disconnected => {
                        return Err(format!(
                            "room {r} seat {seat}: the host's channel closed after {} moves",
                            last.as_ref().map_or(0, |u| u.state_id)
                        ))
                    }
                }
            }
            let Some(link) = host else {
                tokio::time::sleep(TICK).await;
                continue;
            };
            let mut latest: Option<SeatUpdate> = None;
            for (_, bytes) in s.channel_mut(0).receive() {
                let read = reader.read(&bytes);
                match read.ok_or_else(|| format!("room {r}: unreadable bytes ({:?})", reader.dropped()))? {
                    ToPeer::Welcome { update, .. } | ToPeer::Update(update) => latest = Some(update),
                    // A move made before the deal, or crossed by another: the next update says again.
                    ToPeer::Refused(Refusal::NotStarted | Refusal::Stale { .. }) => sent = None,
                    ToPeer::Refused(why) => return Err(format!("room {r} seat {seat}: refused {why:?}")),
                    ToPeer::Challenge { nonce } if rejoining => {
                        let tag = token.key(&room_id(r)).tag(nonce);
                        s.channel_mut(0).send(Packet::from(encode(&ToHost::<Action>::Prove { tag })), link);
                        rejoining = false;
                    }
                    _ => {}
                }
            }
            if let Some(u) = latest {
                // The state id is the number of moves the table has taken.
                if let Some((at, when)) = sent {
                    if u.state_id > at {
                        rtts.push(when.elapsed().as_secs_f64() * 1000.0);
                        sent = None;
                    }
                }
                if !dropped && u.state_id as usize >= drop_after.unwrap_or(0) {
                    dropped = true;
                    rejoins += 1;
                    s.close();
                    drop(s);
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue 'connection;
                }
                if u.state_id as usize >= moves || matches!(u.view.phase, Phase::Over { .. }) {
                    s.close();
                    return Ok((setups, rtts, rejoins));
                }
                if u.view.current == seat && sent.is_none() {
                    tokio::time::sleep(THINK).await;
                    if let Some(a) = normal_move(&u.view.policy_input()) {
                        s.channel_mut(0).send(Packet::from(encode(&ToHost::Act { at: u.state_id, action: a })), link);
                        sent = Some((u.state_id, Instant::now()));
                    }
                }
                last = Some(u);
            } else if let (Some(u), None) = (&last, sent) {
                // Nothing new: still this seat's move (a refused or lost move is not retried here).
                let _ = u;
            }
            tokio::time::sleep(TICK).await;
        }
    }
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * p).round() as usize]
}

/// A room's four peers, to the end of its moves.
async fn room(signal: String, r: usize, moves: usize, seconds: u64, figures: Arc<Mutex<Figures>>) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let host = tokio::spawn(host_room(signal.clone(), r, moves, deadline));
    let friends: Vec<_> = (1..=FRIENDS)
        .map(|seat| tokio::spawn(friend(signal.clone(), r, seat, moves, (seat == 1).then_some(moves / 3), deadline)))
        .collect();
    let mut problems = Vec::new();
    let mut mine = Figures::default();
    for f in friends {
        match f.await {
            Ok(Ok((setups, rtts, rejoins))) => {
                mine.setup_ms.extend(setups);
                mine.rtt_ms.extend(rtts);
                mine.rejoins += rejoins;
            }
            Ok(Err(e)) => problems.push(e),
            Err(e) => problems.push(format!("room {r}: {e}")),
        }
    }
    match host.await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => problems.push(e),
        Err(e) => problems.push(format!("room {r}: {e}")),
    }
    let mut f = figures.lock().unwrap();
    f.setup_ms.extend(mine.setup_ms);
    f.moves += mine.rtt_ms.len();
    f.rtt_ms.extend(mine.rtt_ms);
    f.rejoins += mine.rejoins;
    if problems.is_empty() {
        f.rooms_done += 1;
    } else {
        f.rooms_failed.push(problems.join("; "));
    }
}

/// A friend beyond a full room (the server runs with `--max-room` [`MAX_ROOM`]): refused (its
/// socket never connects, its loop ends).
async fn beyond_the_seats(signal: String) -> Result<String, String> {
    let r = 999_999;
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut host = socket(format!("{signal}/{}.host.{}", room_id(r), host_key(r)));
    let mut firsts: Vec<_> = (0..MAX_ROOM).map(|_| socket(format!("{signal}/{}", room_id(r)))).collect();
    let t = Instant::now();
    let mut ins = vec![false; firsts.len()];
    while !ins.iter().all(|&i| i) {
        if Instant::now() > deadline {
            return Err("the first friends never connected".into());
        }
        for (first, seen) in firsts.iter_mut().zip(&mut ins) {
            let peers = first.try_update_peers().map_err(|e| format!("{e:?}"))?;
            *seen |= peers.iter().any(|(_, s)| *s == PeerState::Connected);
        }
        let _ = host.try_update_peers();
        tokio::time::sleep(TICK).await;
    }
    let (mut extra, run) = WebRtcSocket::builder(format!("{signal}/{}", room_id(r)))
        .ice_server(RtcIceServerConfig { urls: vec![], username: None, credential: None })
        .add_reliable_channel()
        .reconnect_attempts(Some(1))
        .build();
    let ended = tokio::time::timeout(Duration::from_secs(20), run).await;
    let connected = extra.try_update_peers().unwrap_or_default().iter().any(|(_, s)| *s == PeerState::Connected);
    match ended {
        Ok(Err(e)) if !connected => Ok(format!("refused in {:.0} ms: {e}", t.elapsed().as_secs_f64() * 1000.0)),
        other => Err(format!("a friend beyond the seats was not refused: {other:?}, connected: {connected}")),
    }
}

/// A signalling message over the server's limit, on a plain websocket: the server closes the
/// connection with code 1009 (message too big).
fn oversized(port: u16) -> Result<String, String> {
    let mut tcp = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    tcp.set_read_timeout(Some(Duration::from_secs(10))).map_err(|e| e.to_string())?;
    let path = format!("/{}", room_id(888_888));
    write!(tcp, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").map_err(|e| e.to_string())?;
    let mut head = Vec::new();
    let mut b = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        tcp.read_exact(&mut b).map_err(|e| e.to_string())?;
        head.push(b[0]);
    }
    if !head.starts_with(b"HTTP/1.1 101") {
        return Err(format!("no upgrade: {}", String::from_utf8_lossy(&head)));
    }
    // One masked text frame of 20,000 bytes (the limit is 16,384).
    let payload = vec![b'x'; 20_000];
    let mut frame = vec![0x81, 0x80 | 126, (payload.len() >> 8) as u8, payload.len() as u8, 1, 2, 3, 4];
    frame.extend(payload.iter().enumerate().map(|(i, c)| c ^ [1, 2, 3, 4][i % 4]));
    tcp.write_all(&frame).map_err(|e| e.to_string())?;
    // Frames from the server until its close frame (the first frame is IdAssigned).
    loop {
        let mut h = [0u8; 2];
        tcp.read_exact(&mut h).map_err(|e| format!("no close frame: {e}"))?;
        let mut len = u64::from(h[1] & 0x7f);
        if len == 126 {
            let mut l = [0u8; 2];
            tcp.read_exact(&mut l).map_err(|e| e.to_string())?;
            len = u64::from(u16::from_be_bytes(l));
        }
        let mut body = vec![0u8; len as usize];
        tcp.read_exact(&mut body).map_err(|e| e.to_string())?;
        if h[0] & 0x0f == 0x8 {
            let code = u16::from_be_bytes([body[0], body[1]]);
            return if code == 1009 {
                Ok(format!("closed with {code} ({})", String::from_utf8_lossy(&body[2..])))
            } else {
                Err(format!("closed with {code}"))
            };
        }
    }
}

fn http_get(port: u16, path: &str) -> String {
    let Ok(mut tcp) = TcpStream::connect(("127.0.0.1", port)) else { return String::new() };
    let _ = write!(tcp, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    let mut text = String::new();
    let _ = tcp.read_to_string(&mut text);
    text.split("\r\n\r\n").nth(1).unwrap_or_default().to_owned()
}

/// The server's resident memory now and at its peak (kB), from /proc.
fn memory_kb(server: &Child) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.id())).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

fn main() {
    let a = args();
    let bin = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/server/blackjack-signal");
    let mut server =
        // Every client is on this machine: no limit per address.
        match Command::new(bin)
            .args(["--addr", &format!("127.0.0.1:{}", a.port), "--max-peers", "4096", "--max-per-address", "0"])
            .args(["--max-room", &MAX_ROOM.to_string(), "--max-room-per-address", "0", "--remember-per-address", "0"])
            .stdout(Stdio::piped())
            .spawn()
        {
            Ok(c) => c,
            Err(e) => {
                eprintln!("cannot start {bin}: {e} (cargo build --profile server -p blackjack-signal)");
                std::process::exit(1)
            }
        };
    // Its first line says it listens (a fixed wait was too short on a loaded machine); its log
    // goes on to this program's output.
    let mut lines = BufReader::new(server.stdout.take().expect("the server's stdout")).lines();
    match lines.next() {
        Some(Ok(first)) => println!("{first}"),
        _ => {
            eprintln!("{bin} did not start");
            std::process::exit(1)
        }
    }
    std::thread::spawn(move || lines.map_while(Result::ok).for_each(|l| println!("{l}")));
    let (idle_kb, _) = memory_kb(&server);
    let signal = format!("ws://127.0.0.1:{}", a.port);
    let rt = tokio::runtime::Runtime::new().expect("a tokio runtime");
    let figures = Arc::new(Mutex::new(Figures::default()));
    let started = Instant::now();
    let mut peak_peers = String::new();
    let (beyond, too_big) = rt.block_on(async {
        let beyond = beyond_the_seats(signal.clone()).await;
        let mut next = 0;
        while next < a.rooms {
            let batch: Vec<_> = (next..(next + a.parallel).min(a.rooms))
                .map(|r| tokio::spawn(room(signal.clone(), r, a.moves, a.room_seconds, figures.clone())))
                .collect();
            next += batch.len();
            // The server's counters while the batch is on.
            tokio::time::sleep(Duration::from_secs(3)).await;
            let stats = http_get(a.port, "/stats");
            if stats.len() > peak_peers.len() || peak_peers.is_empty() {
                peak_peers = stats;
            }
            for b in batch {
                let _ = b.await;
            }
            eprintln!("{next} rooms done in {:.1} s", started.elapsed().as_secs_f64());
        }
        (beyond, oversized(a.port))
    });
    let (rss_kb, peak_kb) = memory_kb(&server);
    let stats = http_get(a.port, "/stats");
    let _ = server.kill();
    let _ = server.wait();
    let mut f = figures.lock().unwrap();
    let (s50, s95) = (percentile(&mut f.setup_ms, 0.5), percentile(&mut f.setup_ms, 0.95));
    let (r50, r95) = (percentile(&mut f.rtt_ms, 0.5), percentile(&mut f.rtt_ms, 0.95));
    println!(
        "rooms: {} of {} played to the end ({} at a time, 4 peers each) in {:.1} s",
        f.rooms_done,
        a.rooms,
        a.parallel,
        started.elapsed().as_secs_f64()
    );
    println!("connection set-up (socket created -> data channel to the host open): median {s50:.0} ms, p95 {s95:.0} ms, {} connections", f.setup_ms.len());
    println!("a friend's move, sent -> its update back (loopback, under load): median {r50:.1} ms, p95 {r95:.1} ms, {} moves", f.moves);
    println!("drops and rejoins with the seat token: {}", f.rejoins);
    println!("server memory: {idle_kb} kB idle, {rss_kb} kB after, peak {peak_kb} kB");
    println!("server counters during a batch: {peak_peers}");
    println!("server counters at the end: {stats}");
    println!("a peer beyond a room's seats: {}", beyond.as_ref().map_or_else(|e| format!("FAILED {e}"), |s| s.clone()));
    println!(
        "an oversized signalling message: {}",
        too_big.as_ref().map_or_else(|e| format!("FAILED {e}"), |s| s.clone())
    );
    for p in f.rooms_failed.iter().take(5) {
        println!("room problem: {p}");
    }
    let ok = beyond.is_ok() && too_big.is_ok() && f.rooms_failed.is_empty();
    std::process::exit(if ok { 0 } else { 1 });
}
