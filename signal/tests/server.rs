//! The signalling server as a browser (or a stranger with the link) meets it: the real binary on
//! a free port of 127.0.0.1, and plain websockets written by hand (std only). Timeouts are a
//! second or two; the tests wait for a close, and a read timeout only catches a hang.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

const ROOM: &str = "k3Jd9_x-Qm2Lp0aZqqqqqq";
const KEY: &str = "hostkey-0123456789abcd";
const STRANGER: &str = "strangerkey-0123456789";
/// Long enough for any close a test waits for; reached only if the server hangs.
const HANG: Duration = Duration::from_secs(20);

/// The server, and the lines it logs.
struct Server {
    child: Child,
    port: u16,
    log: Receiver<String>,
}

impl Server {
    fn start(flags: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_blackjack-signal"))
            .args(["--addr", "127.0.0.1:0"])
            .args(flags)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut lines = BufReader::new(child.stdout.take().expect("its stdout")).lines();
        let first = lines.next().expect("a first line").expect("text");
        let port = first
            .split("ws://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next()?.parse().ok())
            .unwrap_or_else(|| panic!("the port in {first}"));
        let (tx, log) = channel();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Server { child, port, log }
    }

    /// Waits for a log line containing `text`; every line until it is returned too.
    fn wait_log(&self, text: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            match self.log.recv_timeout(HANG) {
                Ok(line) => {
                    let found = line.contains(text);
                    seen.push(line);
                    if found {
                        return seen;
                    }
                }
                Err(_) => panic!("no log line with {text:?}; saw {seen:?}"),
            }
        }
    }

    /// Opens a websocket at `/path`: the socket, or the HTTP status it was refused with.
    fn connect(&self, path: &str, headers: &str) -> Result<Socket, u16> {
        let mut tcp = TcpStream::connect(("127.0.0.1", self.port)).expect("tcp");
        tcp.set_read_timeout(Some(HANG)).expect("timeout");
        write!(
            tcp,
            "GET /{path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n{headers}\r\n"
        )
        .expect("request");
        let mut head = Vec::new();
        let mut b = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            tcp.read_exact(&mut b).expect("the response's head");
            head.push(b[0]);
        }
        let head = String::from_utf8_lossy(&head);
        let status: u16 = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status");
        if status != 101 {
            return Err(status);
        }
        let mut s = Socket { tcp, id: String::new() };
        let first = s.next_text().expect("the id");
        s.id = first["IdAssigned"].as_str().expect("IdAssigned").to_owned();
        Ok(s)
    }

    fn connect_ok(&self, path: &str) -> Socket {
        self.connect(path, "").unwrap_or_else(|status| panic!("/{path} refused: {status}"))
    }

    /// Connects once a closed connection's place is free (its task leaves a moment after it
    /// sent its close).
    fn connect_soon(&self, path: &str) -> Socket {
        for _ in 0..100 {
            if let Ok(s) = self.connect(path, "") {
                return s;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        self.connect_ok(path)
    }
}

impl Server {
    /// `GET /stats`, as JSON.
    fn stats(&self) -> Value {
        let mut tcp = TcpStream::connect(("127.0.0.1", self.port)).expect("tcp");
        write!(tcp, "GET /stats HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").expect("request");
        let mut body = String::new();
        tcp.read_to_string(&mut body).expect("response");
        serde_json::from_str(body.split("\r\n\r\n").nth(1).expect("a body")).expect("JSON")
    }

    /// The server's resident memory, in kB.
    fn rss_kb(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).expect("status");
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).expect("VmRSS");
        line.split_whitespace().nth(1).and_then(|n| n.parse().ok()).expect("a number")
    }

    /// The server's open sockets (its file descriptors that are sockets).
    fn sockets(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.child.id()))
            .expect("fds")
            .filter_map(Result::ok)
            .filter(|e| std::fs::read_link(e.path()).is_ok_and(|l| l.to_string_lossy().starts_with("socket:")))
            .count()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Socket {
    tcp: TcpStream,
    id: String,
}

impl Socket {
    /// Sends a text frame (masked, as a client must; the mask is zero, so the text is as is).
    fn send(&mut self, text: &str) -> std::io::Result<()> {
        let mut frame = vec![0x81u8];
        let n = text.len();
        if n < 126 {
            frame.push(0x80 | n as u8);
        } else {
            frame.push(0x80 | 126);
            frame.extend_from_slice(&(n as u16).to_be_bytes());
        }
        frame.extend_from_slice(&[0; 4]);
        frame.extend_from_slice(text.as_bytes());
        self.tcp.write_all(&frame)
    }

    /// The next frame: its opcode and payload; `None` once the connection is gone.
    fn frame(&mut self) -> Option<(u8, Vec<u8>)> {
        let mut head = [0u8; 2];
        self.tcp.read_exact(&mut head).ok()?;
        let mut n = u64::from(head[1] & 0x7f);
        if n == 126 {
            let mut b = [0u8; 2];
            self.tcp.read_exact(&mut b).ok()?;
            n = u64::from(u16::from_be_bytes(b));
        } else if n == 127 {
            let mut b = [0u8; 8];
            self.tcp.read_exact(&mut b).ok()?;
            n = u64::from_be_bytes(b);
        }
        let mut payload = vec![0u8; usize::try_from(n).ok()?];
        self.tcp.read_exact(&mut payload).ok()?;
        Some((head[0] & 0x0f, payload))
    }

    /// The next text message (as JSON); `None` at a close.
    fn next_text(&mut self) -> Option<Value> {
        loop {
            match self.frame()? {
                (1, text) => return serde_json::from_slice(&text).ok(),
                (8, _) => return None,
                _ => continue,
            }
        }
    }

    /// Reads until the server closes the connection (a close frame, or the connection gone);
    /// the close's code, if it sent one.
    fn closed(&mut self) -> Option<u16> {
        loop {
            match self.frame() {
                Some((8, payload)) => return payload.get(..2).map(|c| u16::from_be_bytes([c[0], c[1]])),
                Some(_) => continue,
                None => return None,
            }
        }
    }

    /// Sends a frame's head: `opcode` (with the final bit if `fin`), a payload of `len` bytes to
    /// come (masked with a zero mask).
    fn frame_head(&mut self, opcode: u8, fin: bool, len: u64) -> std::io::Result<()> {
        let mut head = vec![opcode | if fin { 0x80 } else { 0 }, 0x80 | 127];
        head.extend_from_slice(&len.to_be_bytes());
        head.extend_from_slice(&[0; 4]);
        self.tcp.write_all(&head)
    }

    fn signal(&mut self, to: &str) {
        self.send(&format!(r#"{{"Signal":{{"receiver":"{to}","data":"hello"}}}}"#)).expect("send");
    }
}

/// Keeps a socket talking (a page's keep-alive) on a thread of its own until the server closes
/// it; its close code is sent back.
fn keep_alive(mut s: Socket) -> Receiver<Option<u16>> {
    let (tx, rx) = channel();
    let mut reader = Socket { tcp: s.tcp.try_clone().expect("clone"), id: s.id.clone() };
    std::thread::spawn(move || {
        let _ = tx.send(reader.closed());
    });
    std::thread::spawn(move || {
        // A minute at most: no test runs longer.
        for _ in 0..200 {
            std::thread::sleep(Duration::from_millis(300));
            if s.send(r#""KeepAlive""#).is_err() {
                return;
            }
        }
    });
    rx
}

#[test]
fn only_the_browser_that_opened_a_room_hosts_it_again_and_a_reload_replaces_a_stale_host() {
    let server = Server::start(&[]);
    let host_path = format!("{ROOM}.host.{KEY}");
    let mut host = server.connect_ok(&host_path);
    server.wait_log("opened");
    let mut friend = server.connect_ok(ROOM);
    let new_peer = host.next_text().expect("the host hears of the friend");
    assert_eq!(new_peer["NewPeer"].as_str(), Some(friend.id.as_str()));

    // The host's page closes: the friend is told, and waits.
    drop(host);
    let left = friend.next_text().expect("the friend hears the host left");
    assert!(left.get("PeerLeft").is_some(), "{left}");
    server.wait_log("host left");

    // A stranger with the link and a key of its own is refused, before the upgrade: the friend
    // is never handed to it.
    assert_eq!(server.connect(&format!("{ROOM}.host.{STRANGER}"), "").err(), Some(409));
    let refused = server.wait_log("refused a host: the room is hosted from another browser");
    assert!(refused.iter().all(|l| !l.contains(KEY) && !l.contains(STRANGER) && !l.contains(ROOM)), "{refused:?}");

    // The host's browser comes back with its key: let in, and told of the friend who waited.
    let mut back = server.connect_ok(&host_path);
    server.wait_log("host back");
    let told = back.next_text().expect("the host hears of the waiting friend");
    assert_eq!(told["NewPeer"].as_str(), Some(friend.id.as_str()));

    // It reloads before the server saw the old page go: the new connection hosts, the old one
    // is closed, and the friend's signal goes to the new one.
    let mut again = server.connect_ok(&host_path);
    assert_eq!(back.closed(), Some(1000), "the stale host connection is closed");
    server.wait_log("host reconnected");
    assert_eq!(again.next_text().expect("told of the friend")["NewPeer"].as_str(), Some(friend.id.as_str()));
    friend.signal(&again.id);
    let signal = again.next_text().expect("the friend's signal reaches the new host");
    assert_eq!(signal["Signal"]["sender"].as_str(), Some(friend.id.as_str()));
}

#[test]
fn a_silent_connection_is_closed_and_so_is_a_friend_that_never_signals_its_host() {
    let server = Server::start(&["--idle-secs", "1", "--intro-secs", "1"]);
    // Silent, in a room with no host: closed for idling.
    let mut silent = server.connect_ok("silent-room-0000000000");
    assert_eq!(silent.closed(), Some(1000));
    server.wait_log("closed an idle friend");

    // A host that talks, a friend that talks to the host, and one that keeps its socket alive
    // but never answers the host: only that one is closed.
    let host = server.connect_ok(&format!("{ROOM}.host.{KEY}"));
    let mut talker = server.connect_ok(ROOM);
    let host_id = host.id.clone();
    let host_closed = keep_alive(host);
    talker.signal(&host_id);
    let talker_closed = keep_alive(talker);
    let lurker = server.connect_ok(ROOM);
    let lurker_closed = keep_alive(lurker);
    assert_eq!(lurker_closed.recv_timeout(HANG).expect("the lurker is closed"), Some(1008));
    server.wait_log("closed a friend that did not connect to its host");
    assert!(host_closed.try_recv().is_err() && talker_closed.try_recv().is_err(), "the host and the talker stay");
}

#[test]
fn a_dozen_idle_sockets_keep_neither_the_host_nor_a_friend_out() {
    // Every socket here comes from 127.0.0.1: no limit per address in a room (see
    // one_address_cannot_fill_a_room_with_lurkers_that_answer_the_host_once for that).
    let server = Server::start(&["--max-room", "12", "--intro-secs", "1", "--max-room-per-address", "0"]);
    // Twelve sockets that hold the link open and keep alive, before the host is back.
    let lurkers: Vec<_> = (0..12).map(|_| keep_alive(server.connect_ok(ROOM))).collect();
    assert_eq!(server.connect(ROOM, "").err(), Some(409), "the room is full");
    // The host is let in all the same, and the lurkers, who never answer it, are closed.
    let host = server.connect_ok(&format!("{ROOM}.host.{KEY}"));
    for l in &lurkers {
        assert_eq!(l.recv_timeout(HANG).expect("a lurker is closed"), Some(1008));
    }
    // Now a friend gets in, and reaches the host.
    let mut friend = server.connect_soon(ROOM);
    let host_id = host.id.clone();
    let mut host = host;
    loop {
        let m = host.next_text().expect("the host hears of the friend");
        if m["NewPeer"].as_str() == Some(friend.id.as_str()) {
            break;
        }
    }
    friend.signal(&host_id);
    loop {
        let m = host.next_text().expect("the friend's signal");
        if m["Signal"]["sender"].as_str() == Some(friend.id.as_str()) {
            break;
        }
    }
}

#[test]
fn one_address_holds_a_limited_number_of_connections_and_a_proxy_s_header_names_the_address() {
    let server = Server::start(&["--max-per-address", "2", "--address-header", "X-Real-IP"]);
    let a = server.connect_ok("room-of-one-address-00");
    let b = server.connect_ok("room-of-one-address-01");
    assert_eq!(server.connect("room-of-one-address-02", "").err(), Some(429));
    server.wait_log("too many connections from one address");
    // Behind a proxy every connection comes from the proxy: the header tells them apart.
    let c = server.connect("room-of-one-address-02", "X-Real-IP: 198.51.100.7\r\n");
    assert!(c.is_ok(), "another client behind the proxy");
    // A place comes back when a connection ends.
    drop(a);
    server.connect_soon("room-of-one-address-03");
    drop(b);
}

#[test]
fn a_message_over_max_message_closes_its_connection_as_it_arrives_not_once_it_is_whole() {
    let server = Server::start(&[]);
    let rss0 = server.rss_kb();
    // The review's attack: eight connections each start a 60 MB text message. Each is closed
    // at its first frame's head (15 MB > 16 KB), before its payload is read.
    let chunk = vec![b'x'; 1 << 20];
    for i in 0..8 {
        let mut s = server.connect_ok(&format!("big-message-room-{i:06}"));
        s.frame_head(0x01, false, 15 << 20).expect("head");
        // What the server still reads of it goes nowhere; it may have closed the socket by now.
        let _ = s.tcp.write_all(&chunk);
        assert_eq!(s.closed(), Some(1009), "closed for size at once");
    }
    // A message over the limit in frames each under it: closed once the message passes it.
    let mut s = server.connect_ok("big-message-room-fragments");
    let part = vec![b'x'; 8 * 1024];
    for i in 0..3 {
        if s.frame_head(if i == 0 { 0x01 } else { 0x00 }, false, part.len() as u64).is_err()
            || s.tcp.write_all(&part).is_err()
        {
            break;
        }
    }
    assert_eq!(s.closed(), Some(1009));
    let rss = server.rss_kb();
    assert!(rss < rss0 + 30_000, "the server read none of it: {rss0} kB -> {rss} kB");
    assert_eq!(server.stats()["oversized"], 9);
    // A message at the limit still goes through.
    let host = server.connect_ok(&format!("{ROOM}.host.{KEY}"));
    let mut friend = server.connect_ok(ROOM);
    let data = "x".repeat(16_384 - 50 - host.id.len());
    let msg = format!(r#"{{"Signal":{{"receiver":"{}","data":"{data}"}}}}"#, host.id);
    assert!(msg.len() <= 16_384);
    friend.send(&msg).expect("send");
    let mut host = host;
    loop {
        let m = host.next_text().expect("the friend's big signal reaches the host");
        if m["Signal"]["sender"].as_str() == Some(friend.id.as_str()) {
            break;
        }
    }
}

#[test]
fn a_friend_that_never_reads_is_dropped_with_its_queue_and_its_socket_while_it_holds_them() {
    // The review's attack, with a host whose budget lets it send as fast as it likes: the
    // writer to a friend that never reads gives up after --send-timeout-secs.
    let server = Server::start(&[
        "--max-per-address",
        "2",
        "--send-timeout-secs",
        "1",
        "--burst-bytes",
        "1000000000",
        "--rate-bytes",
        "1000000000",
        "--burst-messages",
        "1000000",
        "--rate-messages",
        "1000000",
    ]);
    let room = "sink-room-000000000000";
    let mut host = server.connect_ok(&format!("{room}.host.{STRANGER}"));
    let (rss0, sockets0) = (server.rss_kb(), server.sockets());
    let mut sinks = Vec::new();
    let data = "x".repeat(16_000);
    for round in 1..=4 {
        let sink = server.connect_soon(room);
        while host.next_text().expect("told of the sink")["NewPeer"].as_str() != Some(sink.id.as_str()) {}
        let msg = format!(r#"{{"Signal":{{"receiver":"{}","data":"{data}"}}}}"#, sink.id);
        for _ in 0..1_000 {
            host.send(&msg).expect("send");
        }
        sinks.push(sink); // held open, never read
        server.wait_log("closed a friend that did not read its messages");
        std::thread::sleep(Duration::from_millis(300));
        let (rss, socks) = (server.rss_kb(), server.sockets());
        println!("round {round}: server RSS {rss0} kB -> {rss} kB, sockets {sockets0} -> {socks}");
        assert_eq!(socks, sockets0, "round {round}: the sink's socket is released while its client holds it");
    }
    let rss = server.rss_kb();
    // 16 MB sent to each of four sinks; at most about one round's is ever held.
    assert!(rss < rss0 + 40_000, "the sinks' queues were dropped: {rss0} kB -> {rss} kB");
    let stats = server.stats();
    assert_eq!((stats["stalled"].as_u64(), stats["peers"].as_u64()), (Some(4), Some(1)), "{stats}");
}

#[test]
fn a_connection_that_sends_more_than_its_budget_is_closed_and_one_within_it_is_not() {
    let server = Server::start(&[
        "--burst-bytes",
        "65536",
        "--rate-bytes",
        "1024",
        "--burst-messages",
        "20",
        "--rate-messages",
        "1",
    ]);
    let host = server.connect_ok(&format!("{ROOM}.host.{KEY}"));
    let host_id = host.id.clone();
    let host_closed = keep_alive(host);
    // Bytes: four 16 KB signals are the burst; the fifth is over it.
    let mut big = server.connect_ok(ROOM);
    let msg = format!(r#"{{"Signal":{{"receiver":"{host_id}","data":"{}"}}}}"#, "x".repeat(16_000));
    for _ in 0..5 {
        let _ = big.send(&msg);
    }
    assert_eq!(big.closed(), Some(1008));
    server.wait_log("closed a friend that sent too much");
    // Messages: twenty small ones are the burst (one more a second).
    let mut chatty = server.connect_ok(ROOM);
    for _ in 0..21 {
        let _ = chatty.send(r#""KeepAlive""#);
    }
    assert_eq!(chatty.closed(), Some(1008));
    // A friend signalling as a browser does (an answer, some candidates) stays.
    let mut friend = server.connect_ok(ROOM);
    let answer = format!(r#"{{"Signal":{{"receiver":"{host_id}","data":"{}"}}}}"#, "x".repeat(4_000));
    friend.send(&answer).expect("send");
    for _ in 0..10 {
        friend.signal(&host_id);
    }
    let friend_closed = keep_alive(friend);
    std::thread::sleep(Duration::from_secs(1));
    assert!(friend_closed.try_recv().is_err() && host_closed.try_recv().is_err(), "the friend and the host stay");
    assert_eq!(server.stats()["over_budget"], 2);
}

#[test]
fn one_address_cannot_fill_a_room_with_lurkers_that_answer_the_host_once() {
    // The review's attack: from one address, sockets that answer the host once with garbage
    // (which clears their intro deadline) and keep alive.
    let server = Server::start(&["--intro-secs", "1", "--address-header", "X-Real-IP"]);
    let mut host = server.connect_ok(&format!("{ROOM}.host.{KEY}"));
    let host_id = host.id.clone();
    let mut lurkers = Vec::new();
    for _ in 0..4 {
        let mut l = server.connect_ok(ROOM);
        while host.next_text().expect("told of the newcomer")["NewPeer"].as_str() != Some(l.id.as_str()) {}
        host.signal(&l.id);
        let offer = l.next_text().expect("the host's offer");
        assert_eq!(offer["Signal"]["sender"].as_str(), Some(host_id.as_str()));
        l.signal(&host_id);
        lurkers.push(keep_alive(l));
    }
    // The fifth from that address is refused, with its reason, before the upgrade.
    assert_eq!(server.connect(ROOM, "").err(), Some(429));
    server.wait_log("refused a friend: too many friends from one address in the room");
    // A real friend, from another address, gets in and reaches the host.
    let mut friend = server.connect(ROOM, "X-Real-IP: 198.51.100.7\r\n").expect("a real friend is let in");
    while host.next_text().expect("told of the friend")["NewPeer"].as_str() != Some(friend.id.as_str()) {}
    friend.signal(&host_id);
    loop {
        let m = host.next_text().expect("the friend's signal");
        if m["Signal"]["sender"].as_str() == Some(friend.id.as_str()) {
            break;
        }
    }
    assert!(lurkers.iter().all(|l| l.try_recv().is_err()), "the lurkers were let in, but only four");
    assert_eq!(server.stats()["refused_room_address"], 1);
}

#[test]
fn one_address_hosts_a_limited_number_of_remembered_rooms_and_its_oldest_makes_way() {
    let server = Server::start(&["--remember-per-address", "2", "--address-header", "X-Real-IP"]);
    let host = |n: u32| format!("rooms-of-one-address-{n:02}.host.{KEY}");
    let first = server.connect_ok(&host(0));
    let _second = server.connect_ok(&host(1));
    // Both its hosts here: a third room from the address is refused, with its reason, before
    // the upgrade; another address opens one all the same.
    assert_eq!(server.connect(&host(2), "").err(), Some(429));
    server.wait_log("refused a host: too many rooms hosted from one address");
    assert!(server.connect(&host(2), "X-Real-IP: 198.51.100.7\r\n").is_ok());
    // A host of the address leaves: its room makes way for the address's next.
    drop(first);
    server.wait_log("closed");
    server.connect_ok(&host(3));
    assert_eq!(server.stats()["refused_rooms_address"], 1);
    assert_eq!(server.stats()["remembered"], 3);
}
