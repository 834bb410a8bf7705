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
    let server = Server::start(&["--max-room", "12", "--intro-secs", "1"]);
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
