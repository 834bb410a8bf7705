//! The connection of a table with friends: a `matchbox_socket` (WebRTC data channels, one
//! reliable and ordered channel) through the signalling server, polled by the page.
//!
//! Every page, the host's included, is a client: it holds only what the host sends its seat
//! (the seats and its seat's updates), never the game. On the host's page the game, its bots and
//! [`crate::net::Host`] run in a Web Worker of their own (the `friends_host` module,
//! [`crate::net::worker`]), fetched only when a player opens a table; the page relays its
//! friends' bytes to it (WebRTC is not available in workers) and sends its own moves as the
//! same wire bytes a friend sends.

use super::news::{seat_news, Ended};
use super::room::{room_url, HostKey, RoomId};
use crate::bots::shedding::Level;
use crate::engine::shedding;
use crate::net::worker::{from_bytes, to_bytes, FromWorker, Shedding, ToWorker, Uno, PAGE};
use crate::net::{
    encode, Clock, Message, Notice, PeerId, Reader, Refusal, SeatToken, Seats, Table, ToHost, ToPeer, PROTOCOL,
};
use crate::ui::shedding::screen::SeatScreen;
use crate::ui::uno::screen::UnoScreen;
use matchbox_socket::{Packet, PeerId as Link, PeerState, RtcIceServerConfig, WebRtcSocket};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// How the page reaches the signalling server and other browsers.
#[derive(Clone, Debug, PartialEq)]
pub struct Transport {
    pub signal: String,
    pub ice: Vec<String>,
}

/// How often a page measures its link to the host (a ping's round trip).
const PING_MS: f64 = 2000.0;

/// A family's move, a seat's update and the rules' refusal, on its page.
pub type Action<F> = <<F as OnlineScreen>::Table as Table>::Action;
pub type Update<F> = <<F as OnlineScreen>::Table as Table>::Update;
pub type Rules<F> = <<F as OnlineScreen>::Table as Table>::Refusal;

/// What a family's online page needs: its table's wire types, its seat's screen fed by the
/// host's updates alone, and its host worker's module. Implemented by the family's marker
/// ([`Shedding`], [`Uno`]; the worker's side is [`crate::net::worker::Family`]).
///
/// Keep this trait small: helpers of other families build on it (add, do not rename).
pub trait OnlineScreen: Sized + 'static {
    type Table: Table<Action: Copy, Refusal: std::fmt::Display>;
    type Screen: Clone;
    /// The host worker's module, beside the page (trunk's loader shim of the family's bin).
    const WORKER_URL: &'static str;
    /// A seat's screen from its first update: `names`/`levels` as [`super::screen_names`] says
    /// them ("You" at `update`'s seat).
    fn screen(names: Vec<String>, levels: Vec<Option<Level>>, update: Update<Self>) -> Self::Screen;
    /// The seats in an update (before the host's seats have arrived).
    fn players(update: &Update<Self>) -> usize;
    /// The seat a screen shows.
    fn me(screen: &Self::Screen) -> u8;
    /// The seat shown whole again (a rejoin's welcome).
    fn show(screen: &mut Self::Screen, update: Update<Self>);
    /// The next update; `pending` is the move this page sent, if it has not come back yet.
    fn receive(screen: &mut Self::Screen, update: Update<Self>, pending: Option<Action<Self>>);
    /// The host refused this page's move: why, in words.
    fn refused(screen: &mut Self::Screen, why: String);
    fn rename(screen: &mut Self::Screen, names: Vec<String>, levels: Vec<Option<Level>>);
    /// A line for the screen's log that is no move (who called first); none by default.
    fn note(_screen: &mut Self::Screen, _line: String) {}
}

impl OnlineScreen for Shedding {
    type Table = shedding::Game;
    type Screen = SeatScreen;
    const WORKER_URL: &'static str = "friends_host_loader.js";
    fn screen(names: Vec<String>, levels: Vec<Option<Level>>, update: shedding::SeatUpdate) -> SeatScreen {
        SeatScreen::new(names, levels, update)
    }
    fn players(update: &shedding::SeatUpdate) -> usize {
        update.view.hand_sizes.len()
    }
    fn me(screen: &SeatScreen) -> u8 {
        screen.me()
    }
    fn show(screen: &mut SeatScreen, update: shedding::SeatUpdate) {
        screen.show(update);
    }
    fn receive(screen: &mut SeatScreen, update: shedding::SeatUpdate, pending: Option<shedding::Action>) {
        screen.receive(update, pending);
    }
    fn refused(screen: &mut SeatScreen, why: String) {
        screen.refused(why);
    }
    fn rename(screen: &mut SeatScreen, names: Vec<String>, levels: Vec<Option<Level>>) {
        (screen.names, screen.levels) = (names, levels);
    }
    /// Kept to the screen's length of log: a host may send any number of lines.
    fn note(screen: &mut SeatScreen, line: String) {
        crate::ui::extend_log(&mut screen.log, &[line], |l| Some(l.clone()), 60);
    }
}

impl OnlineScreen for Uno {
    type Table = crate::engine::uno::Game;
    type Screen = UnoScreen;
    const WORKER_URL: &'static str = "friends_uno_host_loader.js";
    /// The classic rules: a pass is final for the round.
    fn screen(names: Vec<String>, levels: Vec<Option<Level>>, update: crate::engine::uno::SeatUpdate) -> UnoScreen {
        UnoScreen { online: true, ..UnoScreen::new(names, levels, false, update) }
    }
    fn players(update: &crate::engine::uno::SeatUpdate) -> usize {
        update.view.statuses.len()
    }
    fn me(screen: &UnoScreen) -> u8 {
        screen.me()
    }
    fn show(screen: &mut UnoScreen, update: crate::engine::uno::SeatUpdate) {
        *screen =
            UnoScreen { online: true, ..UnoScreen::new(screen.names.clone(), screen.levels.clone(), false, update) };
    }
    fn receive(screen: &mut UnoScreen, update: crate::engine::uno::SeatUpdate, _: Option<crate::engine::uno::Action>) {
        screen.refused(None);
        screen.receive(update);
    }
    fn refused(screen: &mut UnoScreen, why: String) {
        screen.refused(Some(why));
    }
    fn rename(screen: &mut UnoScreen, names: Vec<String>, levels: Vec<Option<Level>>) {
        (screen.names, screen.levels) = (names, levels);
    }
    fn note(screen: &mut UnoScreen, line: String) {
        crate::ui::extend_log(&mut screen.log, &[line], |l| Some(l.clone()), 60);
    }
}

/// The host's page's side of its worker: the worker itself, what it posted not yet taken, and
/// the page's friends' links (the worker knows them by number).
pub struct Hosting {
    worker: web_sys::Worker,
    inbox: Rc<RefCell<Vec<Vec<u8>>>>,
    _listener: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _failed: Closure<dyn FnMut(web_sys::Event)>,
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
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(url, &options)
            .map_err(|_| "This browser could not start the table's host.".to_owned())?;
        let inbox: Rc<RefCell<Vec<Vec<u8>>>> = Rc::default();
        let into = inbox.clone();
        let listener = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            if let Ok(bytes) = e.data().dyn_into::<js_sys::Uint8Array>() {
                if let Ok(mut inbox) = into.try_borrow_mut() {
                    inbox.push(bytes.to_vec());
                }
            }
        });
        worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
        // A worker that cannot load (its files missing, a browser without module workers) says
        // so once, as an empty message: the page tells the player instead of waiting forever.
        let into = inbox.clone();
        let failed = Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            if let Ok(mut inbox) = into.try_borrow_mut() {
                inbox.push(Vec::new());
            }
        });
        worker.set_onerror(Some(failed.as_ref().unchecked_ref()));
        let mut hosting = Hosting {
            worker,
            inbox,
            _listener: listener,
            _failed: failed,
            ready: false,
            queue: Vec::new(),
            links: Vec::new(),
            next: 1,
            broken: None,
        };
        hosting.post(&ToWorker::Open { record, pace });
        Ok(hosting)
    }

    fn post(&mut self, message: &ToWorker) {
        let bytes = to_bytes(message);
        if self.ready {
            let _ = self.worker.post_message(&js_sys::Uint8Array::from(&bytes[..]));
        } else {
            self.queue.push(bytes);
        }
    }
}

impl Drop for Hosting {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// This page's seat: what the host sent it, and the screen drawn from that alone.
pub struct PeerSide<F: OnlineScreen = Shedding> {
    /// The host's link (a friend's page; the host's own page talks to its worker instead).
    host: Option<Link>,
    pub token: Option<SeatToken>,
    pub seat: Option<u8>,
    pub seats: Option<Seats>,
    pub update: Option<Update<F>>,
    pub refused: Option<Refusal<Rules<F>>>,
    pub host_gone: bool,
    /// The seat's screen, built from the host's updates alone.
    pub screen: Option<F::Screen>,
    /// The move sent last, until its update (or refusal) comes back.
    pending: Option<Action<F>>,
    /// The host's bytes read (the rules kept from the welcome, put back into each update).
    reader: Reader<F::Table>,
    /// The link's last round trip to the host and back, in ms (none measured yet: 0).
    rtt_ms: u32,
    /// The host's quick-play clock as this page shows it: the time left when it arrived, less
    /// half the round trip (the time it took to get here), so the ring ends with the host's.
    pub clock: Option<Clock>,
    /// The host's messages refused because they do not fit the table its welcome showed (a
    /// hostile or broken host): the page keeps its screen and says so.
    pub unfit: u64,
    /// The last change of who is at the table ("Sam left; a bot plays for Sam…"), for the lobby.
    pub news: Option<String>,
    /// The host removed this page's person, or closed the table.
    pub end: Option<Ended>,
}

impl<F: OnlineScreen> Default for PeerSide<F> {
    fn default() -> Self {
        PeerSide {
            host: None,
            token: None,
            seat: None,
            seats: None,
            update: None,
            refused: None,
            host_gone: false,
            screen: None,
            pending: None,
            reader: Reader::default(),
            rtt_ms: 0,
            clock: None,
            unfit: 0,
            news: None,
            end: None,
        }
    }
}

pub struct Session<F: OnlineScreen = Shedding> {
    socket: WebRtcSocket,
    pub room: RoomId,
    /// This page's seat (the host's page's too).
    pub me: PeerSide<F>,
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
    /// The host sent messages of another version of the game (a link from an older page, or a
    /// page older than the host's).
    pub old: bool,
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

impl<F: OnlineScreen> Session<F> {
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
            old: false,
            joined_ms: None,
            said: (false, false),
        })
    }

    /// A friend's side: `token` is the seat this browser holds in the room, if any.
    pub fn peer(room: RoomId, token: Option<SeatToken>, transport: &Transport) -> Session<F> {
        let (socket, ended) = socket(room_url(&transport.signal, &room, None), transport, None);
        let me = PeerSide { token, ..PeerSide::default() };
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
            old: false,
            joined_ms: None,
            said: (false, false),
        }
    }

    /// How long a friend's page has been in the room without the host (ms): `None` on the host's
    /// page, before the signalling server let it in, and while the host is connected.
    pub fn alone_ms(&self) -> Option<f64> {
        let alone = self.hosting.is_none() && self.me.host.is_none();
        self.joined_ms.filter(|_| alone).map(|t| self.now_ms - t)
    }

    fn send_to(&mut self, link: Link, bytes: Vec<u8>) {
        if !self.socket.channel(0).is_closed() {
            self.socket.channel_mut(0).send(Packet::from(bytes), link);
        }
    }

    /// This page's message to the host (a claim, a join, a move): over the link on a friend's
    /// page, to the worker on the host's (the same bytes either way).
    pub fn send_to_host(&mut self, message: &ToHost<Action<F>>) {
        let bytes = encode(message);
        if let Some(h) = &mut self.hosting {
            h.post(&ToWorker::Bytes { peer: PAGE, now_ms: self.now_ms as u64, bytes });
        } else if let Some(link) = self.me.host {
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
        for (link, state) in peers {
            changed = true;
            match (state, &mut self.hosting) {
                (PeerState::Connected, Some(h)) => {
                    let peer = h.next;
                    h.next += 1;
                    h.links.push((link, peer));
                    // The connection's challenge: unpredictable, from the browser's generator.
                    let nonce = u128::from_le_bytes(super::random_bytes());
                    h.post(&ToWorker::Connected { peer, nonce });
                }
                (PeerState::Disconnected, Some(h)) => {
                    if let Some(i) = h.links.iter().position(|(l, _)| *l == link) {
                        let (_, peer) = h.links.remove(i);
                        h.post(&ToWorker::Left { peer });
                    } else {
                        self.failed = self.failed.saturating_add(1);
                    }
                }
                (PeerState::Connected, None) => {
                    // Only the host connects to a friend (the server routes nobody else).
                    self.me.host = Some(link);
                    self.me.host_gone = false;
                }
                (PeerState::Disconnected, None) => {
                    if self.me.host == Some(link) {
                        self.me.host = None;
                        self.me.host_gone = true;
                    } else {
                        self.failed = self.failed.saturating_add(1);
                    }
                }
            }
        }
        let arrived =
            if self.socket.channel(0).is_closed() { Vec::new() } else { self.socket.channel_mut(0).receive() };
        for (link, bytes) in arrived {
            changed = true;
            match &mut self.hosting {
                Some(h) => {
                    if let Some(&(_, peer)) = h.links.iter().find(|(l, _)| *l == link) {
                        h.post(&ToWorker::Bytes { peer, now_ms: now, bytes: bytes.to_vec() });
                    }
                }
                None if self.me.host == Some(link) => self.read(&bytes),
                None => self.dropped += 1,
            }
        }
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
                    h.broken =
                        Some("This browser could not start the table's host: reload the page to try again.".into());
                }
                continue;
            }
            match from_bytes::<FromWorker>(&bytes) {
                Some(FromWorker::Ready) => {
                    let Some(h) = &mut self.hosting else { return changed };
                    h.ready = true;
                    for bytes in std::mem::take(&mut h.queue) {
                        let _ = h.worker.post_message(&js_sys::Uint8Array::from(&bytes[..]));
                    }
                }
                Some(FromWorker::Send { to: PAGE, bytes }) => self.read(&bytes),
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

    fn read(&mut self, bytes: &[u8]) {
        match self.me.reader.read(bytes) {
            // A seat this browser holds in the room is proved for this connection; the token
            // never leaves the page (see `net::SeatKey`).
            Some(ToPeer::Challenge { nonce }) if self.me.end.is_none() => {
                if let Some(token) = self.me.token {
                    let tag = token.key(self.room.as_str()).tag(nonce);
                    self.send_to_host(&ToHost::Prove { tag });
                }
            }
            Some(message) if self.me.end.is_none() => {
                self.me.take(message, self.now_ms as u32);
                if let Some(end) = self.me.end {
                    self.end(end);
                }
            }
            // The table ended for this page: nothing more is taken.
            Some(_) => {}
            // Read, but not of the table the welcome showed: no screen sees it, the page says so.
            None if self.me.reader.take_unfit().is_some() => self.me.unfit += 1,
            // Of another version: dropped as any unreadable message, and the page says its link
            // is old.
            None => {
                self.old |= bytes.len() >= 2 && bytes[..2] != PROTOCOL.to_le_bytes();
                self.dropped += 1;
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
    pub fn act(&mut self, action: Action<F>, at: u32) {
        self.me.pending = Some(action);
        self.send_to_host(&ToHost::Act { at, action });
    }

    /// The host deals: the bots start to play.
    pub fn start(&mut self) {
        if let Some(h) = &mut self.hosting {
            h.post(&ToWorker::Deal);
        }
    }
}

impl Session<Shedding> {
    /// The round's summary was closed: the table goes on.
    pub fn next_round(&mut self) {
        if let Some(s) = &mut self.me.screen {
            s.between_rounds = false;
        }
    }
}

impl<F: OnlineScreen> PeerSide<F> {
    fn names(&self, seat: u8) -> (Vec<String>, Vec<Option<Level>>) {
        let players = self.update.as_ref().map_or(0, F::players);
        self.seats.as_ref().map(|s| super::screen_names(s, seat)).unwrap_or_else(|| {
            let names = (0..players).map(|s| if s == seat as usize { "You".into() } else { format!("Seat {}", s + 1) });
            (names.collect(), vec![None; players])
        })
    }

    fn take(&mut self, message: Message<F::Table>, now: u32) {
        match message {
            ToPeer::Welcome { seat, update, .. } => {
                self.seat = Some(seat);
                self.refused = None;
                self.pending = None;
                self.update = Some(update.clone());
                // A rejoin shows the seat whole; a first welcome starts the screen.
                match &mut self.screen {
                    Some(screen) if F::me(screen) == seat => F::show(screen, update),
                    _ => {
                        let (names, levels) = self.names(seat);
                        self.screen = Some(F::screen(names, levels, update));
                    }
                }
            }
            ToPeer::Update(u) => {
                if let Some(screen) = &mut self.screen {
                    F::receive(screen, u.clone(), self.pending.take());
                }
                self.update = Some(u);
            }
            ToPeer::Refused(r) => {
                if let (
                    Some(screen),
                    Refusal::Illegal(_) | Refusal::Stale { .. } | Refusal::NotYourSeat | Refusal::CalledFirst { .. },
                ) = (&mut self.screen, &r)
                {
                    // A move's refusal is the table's notice; the lobby's stays under the seats.
                    F::refused(screen, super::refusal_words(&r, self.seats.as_ref()));
                } else {
                    self.refused = Some(r);
                }
                self.pending = None;
            }
            ToPeer::Seats(s) => {
                let news = self.seats.as_ref().map(|old| seat_news(old, &s, self.seat)).unwrap_or_default();
                self.seats = Some(s);
                if let (Some(screen), Some(seat)) = (&mut self.screen, self.seat) {
                    let (names, levels) = self.seats.as_ref().map(|s| super::screen_names(s, seat)).unwrap_or_default();
                    F::rename(screen, names, levels);
                }
                // Who left or came back: a line of the table's log, and the lobby's.
                for line in news {
                    if let Some(screen) = &mut self.screen {
                        F::note(screen, line.clone());
                    }
                    self.news = Some(line);
                }
            }
            // A round trip over a minute is no measure (a page asleep in the background).
            ToPeer::Pong { t } => {
                self.rtt_ms = Some(now.wrapping_sub(t)).filter(|&ms| ms < 60_000).unwrap_or(self.rtt_ms)
            }
            ToPeer::Clock(c) => {
                self.clock = c.map(|c| Clock { left_ms: c.left_ms.saturating_sub(self.rtt_ms / 2), ..c });
            }
            // The log says who was first when two called the same thing.
            ToPeer::Notice(Notice::CalledToo { first, too }) => {
                let seats = self.seats.as_ref();
                let first = match self.seat == Some(first) {
                    true => "you were".to_owned(),
                    false => format!("{} was", super::seat_name(seats, first)),
                };
                if let Some(screen) = &mut self.screen {
                    F::note(screen, format!("{} called it too; {first} first.", super::seat_name(seats, too)));
                }
            }
            ToPeer::Notice(Notice::Removed) => self.end = Some(Ended::Removed),
            ToPeer::Notice(Notice::Closed) => self.end = Some(Ended::Closed),
            ToPeer::Notice(_) | ToPeer::Challenge { .. } => {}
        }
    }
}
