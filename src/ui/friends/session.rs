//! The connection of a table with friends: a `matchbox_socket` (WebRTC data channels, one
//! reliable and ordered channel) through the signalling server, polled by the page.
//!
//! Every page, the host's included, is a client: it holds only what the host sends its seat
//! (the seats and its seat's updates), never the game. On the host's page the game, its bots and
//! [`crate::net::Host`] run in a Web Worker of their own (the `friends_host` module,
//! [`crate::net::worker`]), fetched only when a player opens a table; the page relays its
//! friends' bytes to it (WebRTC is not available in workers) and sends its own moves as the
//! same wire bytes a friend sends.

use super::news::Ended;
use super::page::FriendsPage;
use super::peer::{in_order, Heard, LinkEvent, PeerSide};
use super::room::{room_url, HostKey, RoomId};
use crate::net::worker::{from_bytes, to_bytes, FromWorker, ToWorker, PAGE};
use crate::net::{encode, PeerId, SeatToken, ToHost};
use crate::ui::module_worker::ModuleWorker;
use matchbox_socket::{Packet, PeerId as Link, PeerState, RtcIceServerConfig, WebRtcSocket};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;

/// How the page reaches the signalling server and other browsers.
#[derive(Clone, Debug, PartialEq)]
pub struct Transport {
    pub signal: String,
    pub ice: Vec<String>,
}

/// What the host's page says when its worker cannot start, or stopped (an error it did not catch).
const NO_HOST: &str = "This browser could not start the table's host: reload the page to try again.";

/// How often a page measures its link to the host (a ping's round trip).
const PING_MS: f64 = 2000.0;

/// The host's page's side of its worker: the worker itself, what it posted not yet taken, and
/// the page's friends' links (the worker knows them by number).
pub struct Hosting {
    worker: ModuleWorker,
    inbox: Rc<RefCell<Vec<Vec<u8>>>>,
    /// The worker posted `Ready`: messages posted now are read (earlier ones wait in `queue`).
    ready: bool,
    queue: Vec<Vec<u8>>,
    links: Vec<(Link, PeerId)>,
    next: PeerId,
    /// The worker could not open the table's record, or could not start.
    pub broken: Option<String>,
}

impl Hosting {
    /// Starts the worker at `url` and opens `record` (its stored text) in it.
    fn start(url: &str, record: String, pace: u32) -> Result<Hosting, String> {
        let inbox: Rc<RefCell<Vec<Vec<u8>>>> = Rc::default();
        let into = inbox.clone();
        let on_message = move |_: &web_sys::Worker, data: wasm_bindgen::JsValue| {
            if let Ok(bytes) = data.dyn_into::<js_sys::Uint8Array>() {
                if let Ok(mut inbox) = into.try_borrow_mut() {
                    inbox.push(bytes.to_vec());
                }
            }
        };
        // A worker that cannot load (its files missing, a browser without module workers) says
        // so once, as an empty message: the page tells the player instead of waiting forever.
        let into = inbox.clone();
        let on_failed = move |_: &web_sys::Worker| {
            if let Ok(mut inbox) = into.try_borrow_mut() {
                inbox.push(Vec::new());
            }
        };
        let worker = ModuleWorker::start(url, on_message, on_failed).ok_or_else(|| NO_HOST.to_owned())?;
        let mut hosting =
            Hosting { worker, inbox, ready: false, queue: Vec::new(), links: Vec::new(), next: 1, broken: None };
        hosting.post(&ToWorker::Open { record, pace });
        Ok(hosting)
    }

    /// One event of the friends' links, passed on to the worker (which knows each link by
    /// number, and reads their bytes): `Read`, or `Failed` for a link that leaves having never
    /// connected.
    fn link(&mut self, event: LinkEvent<Link, Packet>, now: u64) -> Heard {
        match event {
            LinkEvent::Connected(link) => {
                let peer = self.next;
                self.next += 1;
                self.links.push((link, peer));
                // The connection's challenge: unpredictable, from the browser's generator.
                let nonce = u128::from_le_bytes(super::random_bytes());
                self.post(&ToWorker::Connected { peer, nonce });
            }
            LinkEvent::Bytes(link, bytes) => {
                if let Some(&(_, peer)) = self.links.iter().find(|(l, _)| *l == link) {
                    self.post(&ToWorker::Bytes { peer, now_ms: now, bytes: bytes.to_vec() });
                }
            }
            LinkEvent::Left(link) => match self.links.iter().position(|(l, _)| *l == link) {
                Some(i) => {
                    let (_, peer) = self.links.remove(i);
                    self.post(&ToWorker::Left { peer });
                }
                None => return Heard::Failed,
            },
        }
        Heard::Read
    }

    fn post(&mut self, message: &ToWorker) {
        let bytes = to_bytes(message);
        if self.ready {
            self.worker.post(&js_sys::Uint8Array::from(&bytes[..]));
        } else if self.queue.len() < 1024 || !matches!(message, ToWorker::Bytes { .. }) {
            // A peer's bytes wait for the worker, up to a limit: a worker that never starts must
            // not let a flood from the room grow the page's memory until it is closed.
            self.queue.push(bytes);
        }
    }
}

pub struct Session<F: FriendsPage> {
    socket: WebRtcSocket,
    pub room: RoomId,
    /// This page's seat (the host's page's too).
    pub me: PeerSide<F, Link>,
    /// The host's worker, on the host's page only.
    pub hosting: Option<Hosting>,
    /// Set when the connection to the signalling server ends (refused, unreachable, closed).
    pub ended: Rc<RefCell<Option<String>>>,
    /// Messages from the other side that were too long, unreadable or of another version.
    pub dropped: u64,
    /// Browsers let go before they connected: what they sent to set up the connection was
    /// refused (an offer or answer that cannot be read), or they left first. Only that
    /// connection closes; the table goes on.
    pub failed: u32,
    /// The page's clock at the last poll, and when it last pinged the host.
    now_ms: f64,
    pinged_ms: f64,
    /// When the signalling server let this page into the room (its clock), and what the page
    /// last drew of two things no message announces: the host not there after a wait, and the
    /// connection to the signalling server ended.
    joined_ms: Option<f64>,
    said: (bool, bool),
}

/// `refused`: what to say if the server cannot be reached or refuses the room (plain words if
/// `None`: the error's own would bring its formatting into the page, and say nothing to a player).
fn socket(
    url: String,
    transport: &Transport,
    refused: Option<&'static str>,
) -> (WebRtcSocket, Rc<RefCell<Option<String>>>) {
    let ice = RtcIceServerConfig { urls: transport.ice.clone(), username: None, credential: None };
    let (socket, run) =
        WebRtcSocket::builder(url).ice_server(ice).add_reliable_channel().reconnect_attempts(Some(2)).build();
    let ended = Rc::new(RefCell::new(None));
    let flag = ended.clone();
    yew::platform::spawn_local(async move {
        let why = match run.await {
            Ok(()) => "The connection to the signalling server closed.".to_owned(),
            Err(_) => refused
                .unwrap_or(
                    "The connection to the table's server failed or was refused: open the link again in a while.",
                )
                .to_owned(),
        };
        *flag.borrow_mut() = Some(why);
    });
    (socket, ended)
}

impl<F: FriendsPage> Session<F> {
    /// The host's side of the table in `record` (its stored text): `key` is this browser's key
    /// for the room (`new`: drawn just now, for a record this browser kept no key of), and the
    /// bots move `pace` times faster than their own reaction times.
    pub fn host(
        room: RoomId,
        (key, new): (&HostKey, bool),
        record: String,
        pace: u32,
        clock_scale: u8,
        transport: &Transport,
    ) -> Result<Session<F>, String> {
        let mut hosting = Hosting::start(F::WORKER_URL, record, pace)?;
        hosting.post(&ToWorker::Clock { scale: clock_scale });
        // A key this browser did not have: the table was most likely opened in another browser
        // (its record copied here), and the server refuses any key but that browser's.
        let refused = new.then_some(
            "Only the browser that opened this table can host it: this one did not, or the signalling server could not be reached.",
        );
        let (socket, ended) = socket(room_url(&transport.signal, &room, Some(key)), transport, refused);
        let me = PeerSide::default();
        Ok(Session {
            socket,
            room,
            me,
            hosting: Some(hosting),
            ended,
            dropped: 0,
            failed: 0,
            now_ms: 0.0,
            pinged_ms: 0.0,
            joined_ms: None,
            said: (false, false),
        })
    }

    /// A friend's side: `token` is the seat this browser holds in the room, if any.
    pub fn peer(room: RoomId, token: Option<SeatToken>, transport: &Transport) -> Session<F> {
        let (socket, ended) = socket(room_url(&transport.signal, &room, None), transport, None);
        let me = PeerSide::holding(token);
        Session {
            socket,
            room,
            me,
            hosting: None,
            ended,
            dropped: 0,
            failed: 0,
            now_ms: 0.0,
            pinged_ms: 0.0,
            joined_ms: None,
            said: (false, false),
        }
    }

    /// How long a friend's page has been in the room without the host (ms): `None` on the host's
    /// page, before the signalling server let it in, and while the host is connected.
    pub fn alone_ms(&self) -> Option<f64> {
        let alone = self.hosting.is_none() && self.me.host().is_none();
        self.joined_ms.filter(|_| alone).map(|t| self.now_ms - t)
    }

    fn send_to(&mut self, link: Link, bytes: Vec<u8>) {
        if !self.socket.channel(0).is_closed() {
            self.socket.channel_mut(0).send(Packet::from(bytes), link);
        }
    }

    /// This page's message to the host (a claim, a join, a move): over the link on a friend's
    /// page, to the worker on the host's (the same bytes either way).
    pub fn send_to_host(&mut self, message: &ToHost<F::Action>) {
        let bytes = encode(message);
        if let Some(h) = &mut self.hosting {
            h.post(&ToWorker::Bytes { peer: PAGE, now_ms: self.now_ms as u64, bytes });
        } else if let Some(&link) = self.me.host() {
            self.send_to(link, bytes);
        }
    }

    /// Takes in what arrived (from the friends' links and from the worker), and lets time pass
    /// for the bots; `true` if anything changed.
    pub fn poll(&mut self, now_ms: f64) -> bool {
        let now = now_ms as u64;
        self.now_ms = now_ms;
        let mut changed = false;
        // The link's round trip, measured every few seconds once seated (the host's own page
        // measures its worker's, a few milliseconds).
        if self.me.seat.is_some() && now_ms - self.pinged_ms >= PING_MS {
            self.pinged_ms = now_ms;
            self.send_to_host(&ToHost::Ping { t: now as u32 });
        }
        // In the room: from now, a friend's page counts how long it waits for the host, and says
        // so (once, as the wait passes the mark) when the host does not come; and it says when
        // the signalling server's connection ends (no message arrives to draw the page then).
        if self.joined_ms.is_none() && self.socket.id().is_some() {
            self.joined_ms = Some(now_ms);
        }
        let away = self.alone_ms().is_some_and(|ms| ms >= super::newcomer::HOST_WAIT_MS);
        let ended = self.ended.try_borrow().is_ok_and(|e| e.is_some());
        changed |= (away, ended) != self.said;
        self.said = (away, ended);
        let peers = self.socket.try_update_peers().unwrap_or_default();
        let arrived =
            if self.socket.channel(0).is_closed() { Vec::new() } else { self.socket.channel_mut(0).receive() };
        // A link's last bytes before it leaves: a host's update that came with its leaving is
        // read, a friend's last move reaches the worker before the friend's leaving.
        in_order(
            peers,
            |s| *s == PeerState::Connected,
            arrived,
            |event| {
                changed = true;
                let heard = match &mut self.hosting {
                    Some(h) => h.link(event, now),
                    None => self.me.link(event, now as u32),
                };
                self.after(heard);
            },
        );
        if self.hosting.is_some() {
            changed |= self.take_from_worker(now);
        }
        changed
    }

    /// What the worker posted since the last poll; then a tick, for a bot whose move is due.
    fn take_from_worker(&mut self, now: u64) -> bool {
        let Some(h) = &mut self.hosting else { return false };
        let posted = std::mem::take(&mut *h.inbox.borrow_mut());
        let changed = !posted.is_empty();
        for bytes in posted {
            if bytes.is_empty() {
                if let Some(h) = &mut self.hosting {
                    h.broken = Some(NO_HOST.into());
                }
                continue;
            }
            match from_bytes::<FromWorker>(&bytes) {
                Some(FromWorker::Ready) => {
                    let Some(h) = &mut self.hosting else { return changed };
                    h.ready = true;
                    for bytes in std::mem::take(&mut h.queue) {
                        h.worker.post(&js_sys::Uint8Array::from(&bytes[..]));
                    }
                }
                Some(FromWorker::Send { to: PAGE, bytes }) => {
                    let heard = self.me.read(&bytes, now as u32);
                    self.after(heard);
                }
                Some(FromWorker::Send { to, bytes }) => {
                    let link = self.hosting.as_ref().and_then(|h| h.links.iter().find(|(_, p)| *p == to)).map(|l| l.0);
                    if let Some(link) = link {
                        self.send_to(link, bytes);
                    }
                }
                Some(FromWorker::Save { record }) => super::save_host(self.room.as_str(), &record),
                Some(FromWorker::Unreadable) => {
                    if let Some(h) = &mut self.hosting {
                        h.broken = Some("This table's save could not be read: open a new table.".into());
                    }
                }
                None => self.dropped += 1,
            }
        }
        if self.me.seats.as_ref().is_some_and(|s| s.dealt) {
            if let Some(h) = &mut self.hosting {
                h.post(&ToWorker::Tick { now_ms: now });
            }
        }
        changed
    }

    /// What the friend's side heard that the page acts on: the host's challenge answered with
    /// this browser's proof of its seat (the token never leaves the page: see `net::SeatKey`),
    /// and the end of this page's place at the table.
    fn after(&mut self, heard: Heard) {
        match heard {
            Heard::Dropped => self.dropped += 1,
            Heard::Failed => self.failed = self.failed.saturating_add(1),
            Heard::Ended => {
                if let Some(end) = self.me.end {
                    self.end(end);
                }
            }
            Heard::HostCame | Heard::Read | Heard::Unfit | Heard::HostLeft => {}
        }
        if let Some(nonce) = self.me.challenge.take() {
            if let Some(token) = self.me.token {
                let tag = token.key(self.room.as_str()).tag(nonce);
                self.send_to_host(&ToHost::Prove { tag });
            }
        }
    }

    /// The host ended this page's place at the table: the host's own page forgets the table; a
    /// friend's keeps the end for the link and stops listening (a table that is gone is not
    /// waited for).
    fn end(&mut self, end: Ended) {
        super::forget_room(&self.room, end, self.hosting.is_some());
        if self.hosting.is_none() {
            self.socket.close();
        }
    }

    /// A move chosen on this page's screen in state `at`: sent to the host (the host's own page
    /// sends it to its worker), which checks it as any friend's.
    pub fn act(&mut self, action: F::Action, at: u32) {
        self.me.sent(action);
        self.send_to_host(&ToHost::Act { at, action });
    }

    /// The host deals: the bots start to play.
    pub fn start(&mut self) {
        if let Some(h) = &mut self.hosting {
            h.post(&ToWorker::Deal);
        }
    }
}
