//! The connection of a table with friends: a `matchbox_socket` (WebRTC data channels, one
//! reliable and ordered channel) through the signalling server, polled by the page. The host's
//! side runs [`net::Host`] with the engine and the bots; a friend's side holds only what the host
//! sends it (its seat's updates and the seats), never the game.

use super::room::{room_url, RoomId};
use crate::bots::shedding::{normal_move, Level, SheddingBot};
use crate::engine::shedding::{Action, Event, Game, Preset, Refusal as Rules, SeatUpdate};
use crate::net::{encode, Host, Message, Out, PeerId, Reader, Refusal, SeatToken, Seating, Seats, ToHost, ToPeer};
use crate::ui::shedding::screen::SeatScreen;
use matchbox_socket::{Packet, PeerId as Link, PeerState, RtcIceServerConfig, WebRtcSocket};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;

/// How the page reaches the signalling server and other browsers.
#[derive(Clone, Debug, PartialEq)]
pub struct Transport {
    pub signal: String,
    pub ice: Vec<String>,
}

/// What the host keeps in the browser, to reopen its table after a reload (the same link then
/// brings every friend back to their seat).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HostRecord {
    pub room: String,
    pub preset: String,
    pub players: u8,
    pub seed: u64,
    pub seating: Vec<Seating>,
    pub log: Vec<Action>,
    pub started: bool,
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// How a host record is stored: this prefix, then the record in the wire's form (`postcard`) as
/// hexadecimal text. A record of another form (an older page's) is not read: the table is
/// opened afresh.
const RECORD_FORM: &str = "bj.friends.1:";

/// The longest record read back (a long game's log is a few thousand moves of a few bytes).
const MAX_RECORD_TEXT: usize = 512 * 1024;

impl HostRecord {
    pub fn to_text(&self) -> String {
        // The same serializer as the wire's (`to_extend` into a Vec): one copy of its code.
        let bytes = postcard::to_extend(self, Vec::new()).unwrap_or_default();
        let mut text = String::with_capacity(RECORD_FORM.len() + 2 * bytes.len());
        text.push_str(RECORD_FORM);
        for b in bytes {
            text.push(char::from(HEX[usize::from(b >> 4)]));
            text.push(char::from(HEX[usize::from(b & 15)]));
        }
        text
    }

    /// The record in `text`, if it is one this page wrote (bounded, never a panic).
    pub fn from_text(text: &str) -> Option<HostRecord> {
        let hex = text.strip_prefix(RECORD_FORM)?.as_bytes();
        if hex.len() > MAX_RECORD_TEXT || hex.len() % 2 != 0 {
            return None;
        }
        let nibble = |c: u8| HEX.iter().position(|h| *h == c).map(|n| n as u8);
        let bytes: Option<Vec<u8>> = hex.chunks_exact(2).map(|p| Some(nibble(p[0])? << 4 | nibble(p[1])?)).collect();
        match postcard::take_from_bytes(&bytes?) {
            Ok((record, [])) => Some(record),
            _ => None,
        }
    }

    /// The game and its host, replayed from the record.
    pub fn open(&self) -> Option<Host<Game>> {
        let preset = Preset::from_id(&self.preset)?;
        let mut game = Game::new(preset.rules(), self.players, self.seed).ok()?;
        for a in &self.log {
            game.apply(*a).ok()?;
        }
        let mut host = Host::open(game, super::game_name(preset), self.seating.clone());
        if self.started {
            host.start();
        }
        Some(host)
    }
}

pub struct HostSide {
    pub host: Host<Game>,
    pub record: HostRecord,
    links: Vec<(Link, PeerId)>,
    next: PeerId,
    bots: Vec<SheddingBot>,
    due: Option<(f64, u32, Action)>,
    /// The host's own seat's screen, fed like a friend's: from its seat's updates only.
    pub screen: Option<SeatScreen>,
    /// The host's "bot pace" setting: it divides the bots' reaction times.
    pace: u32,
}

/// The host's own seat (the form opens the table with the host first).
pub const HOST_SEAT: u8 = 0;

pub struct PeerSide {
    host: Option<Link>,
    pub token: Option<SeatToken>,
    pub seat: Option<u8>,
    pub seats: Option<Seats>,
    pub update: Option<SeatUpdate>,
    pub refused: Option<Refusal<Rules>>,
    pub host_gone: bool,
    /// The seat's screen, built from the host's updates alone.
    pub screen: Option<SeatScreen>,
    /// The move sent last, until its update (or refusal) comes back.
    pending: Option<Action>,
    /// The host's bytes read (the rules kept from the welcome, put back into each update).
    reader: Reader<Game>,
}

pub enum Side {
    Host(Box<HostSide>),
    Peer(Box<PeerSide>),
}

pub struct Session {
    socket: WebRtcSocket,
    pub room: RoomId,
    pub side: Side,
    /// Set when the connection to the signalling server ends (refused, unreachable, closed).
    pub ended: Rc<RefCell<Option<String>>>,
    /// Messages from the other side that were too long, unreadable or of another version.
    pub dropped: u64,
}

fn socket(url: String, transport: &Transport) -> (WebRtcSocket, Rc<RefCell<Option<String>>>) {
    let ice = RtcIceServerConfig { urls: transport.ice.clone(), username: None, credential: None };
    let (socket, run) =
        WebRtcSocket::builder(url).ice_server(ice).add_reliable_channel().reconnect_attempts(Some(2)).build();
    let ended = Rc::new(RefCell::new(None));
    let flag = ended.clone();
    yew::platform::spawn_local(async move {
        let why = match run.await {
            Ok(()) => "The connection to the signalling server closed.".to_owned(),
            Err(e) => format!("The signalling server could not be reached or refused this room ({e})."),
        };
        *flag.borrow_mut() = Some(why);
    });
    (socket, ended)
}

impl Session {
    /// The host's side of `record`'s table.
    pub fn host(record: HostRecord, transport: &Transport) -> Option<Session> {
        let room = RoomId::parse(&record.room).ok()?;
        let host = record.open()?;
        let friends = record.seating.iter().filter(|s| !matches!(s, Seating::Host { .. } | Seating::Bot)).count() as u8;
        let (socket, ended) = socket(room_url(&transport.signal, &room, Some(friends.max(1))), transport);
        let pace = u32::from(crate::ui::load_settings().0.bot_pace.max(1));
        let bots = (0..record.players)
            .map(|s| SheddingBot::new(s, Level::Normal, record.seed ^ (u64::from(s) << 32)))
            .collect();
        let mut side = HostSide { host, record, links: Vec::new(), next: 1, bots, due: None, screen: None, pace };
        side.deal_screen();
        Some(Session { socket, room, side: Side::Host(Box::new(side)), ended, dropped: 0 })
    }

    /// A friend's side: `token` is the seat this browser holds in the room, if any.
    pub fn peer(room: RoomId, token: Option<SeatToken>, transport: &Transport) -> Session {
        let (socket, ended) = socket(room_url(&transport.signal, &room, None), transport);
        let side = PeerSide {
            host: None,
            token,
            seat: None,
            seats: None,
            update: None,
            refused: None,
            host_gone: false,
            screen: None,
            pending: None,
            reader: Reader::default(),
        };
        Session { socket, room, side: Side::Peer(Box::new(side)), ended, dropped: 0 }
    }

    fn send_to(&mut self, link: Link, bytes: Vec<u8>) {
        if !self.socket.channel(0).is_closed() {
            self.socket.channel_mut(0).send(Packet::from(bytes), link);
        }
    }

    /// A friend's message to the host (a claim, a join, a move).
    pub fn send_to_host(&mut self, message: &ToHost<Action>) {
        if let Some(link) = match &self.side {
            Side::Peer(p) => p.host,
            Side::Host(_) => None,
        } {
            self.send_to(link, encode(message));
        }
    }

    /// Takes in what arrived and lets the bots move; `true` if anything changed.
    pub fn poll(&mut self, now_ms: f64) -> bool {
        let mut changed = false;
        let peers = self.socket.try_update_peers().unwrap_or_default();
        for (link, state) in peers {
            changed = true;
            match state {
                PeerState::Connected => self.connected(link),
                PeerState::Disconnected => self.disconnected(link),
            }
        }
        let arrived =
            if self.socket.channel(0).is_closed() { Vec::new() } else { self.socket.channel_mut(0).receive() };
        for (link, bytes) in arrived {
            changed = true;
            self.arrived(link, &bytes, now_ms);
        }
        if let Side::Host(h) = &mut self.side {
            if let Some(out) = h.bot_move(now_ms) {
                changed = true;
                self.send(out);
            }
        }
        changed
    }

    fn connected(&mut self, link: Link) {
        match &mut self.side {
            Side::Host(h) => {
                let id = h.next;
                h.next += 1;
                h.links.push((link, id));
                let out = h.host.connect(id);
                self.send(out);
            }
            Side::Peer(p) => {
                // Only the host connects to a friend (the server routes nobody else).
                p.host = Some(link);
                p.host_gone = false;
                if let Some(token) = p.token {
                    self.send_to_host(&ToHost::Join { token });
                }
            }
        }
    }

    fn disconnected(&mut self, link: Link) {
        match &mut self.side {
            Side::Host(h) => {
                let Some(i) = h.links.iter().position(|(l, _)| *l == link) else { return };
                let (_, id) = h.links.remove(i);
                let out = h.host.leave(id);
                self.send(out);
            }
            Side::Peer(p) => {
                if p.host == Some(link) {
                    p.host = None;
                    p.host_gone = true;
                }
            }
        }
    }

    fn arrived(&mut self, link: Link, bytes: &[u8], now_ms: f64) {
        match &mut self.side {
            Side::Host(h) => {
                let Some(&(_, id)) = h.links.iter().find(|(l, _)| *l == link) else { return };
                let out = h.host.receive_at(id, now_ms as u64, bytes);
                let events = h.host.take_peer_events();
                h.feed(&events, None);
                h.save();
                self.send(out);
            }
            Side::Peer(p) if p.host == Some(link) => match p.reader.read(bytes) {
                Some(message) => p.take(message),
                None => self.dropped += 1,
            },
            Side::Peer(_) => self.dropped += 1,
        }
    }

    fn send(&mut self, out: Out<Game>) {
        let Side::Host(h) = &self.side else { return };
        let sends: Vec<(Link, Vec<u8>)> = out
            .into_iter()
            .filter_map(|o| h.links.iter().find(|(_, id)| *id == o.to).map(|(l, _)| (*l, encode(&o.message))))
            .collect();
        for (link, bytes) in sends {
            self.send_to(link, bytes);
        }
    }

    /// A move chosen on this page's screen in state `at` (a late one is dropped): the host's
    /// own, applied here; a friend's, sent to the host.
    pub fn act(&mut self, action: Action, at: u32) {
        match &mut self.side {
            Side::Host(h) => {
                if at != h.host.table().state_id() {
                    return;
                }
                match h.host.act(action) {
                    Ok(applied) => {
                        h.feed(&applied.events, Some(action));
                        h.save();
                        self.send(applied.out);
                    }
                    Err(why) => {
                        if let Some(screen) = &mut h.screen {
                            screen.refused(why.to_string());
                        }
                    }
                }
            }
            Side::Peer(p) => {
                p.pending = Some(action);
                self.send_to_host(&ToHost::Act { at, action });
            }
        }
    }

    /// The round's summary was closed: the table goes on.
    pub fn next_round(&mut self) {
        let screen = match &mut self.side {
            Side::Host(h) => &mut h.screen,
            Side::Peer(p) => &mut p.screen,
        };
        if let Some(s) = screen {
            s.between_rounds = false;
        }
    }

    /// The host deals: the bots start to play.
    pub fn start(&mut self) {
        if let Side::Host(h) = &mut self.side {
            let out = h.host.start();
            h.record.started = true;
            h.deal_screen();
            h.save();
            self.send(out);
        }
    }
}

impl HostSide {
    /// One bot move when it is due (a bot plays every seat no person plays now).
    fn bot_move(&mut self, now_ms: f64) -> Option<Out<Game>> {
        let game = self.host.table();
        if !self.host.is_started() || game.is_over() {
            return None;
        }
        match self.due {
            Some((at_ms, state, action)) if now_ms >= at_ms => {
                self.due = None;
                if state != game.state_id() {
                    return None;
                }
                let applied = self.host.act(action).ok()?;
                self.feed(&applied.events, None);
                self.save();
                Some(applied.out)
            }
            Some(_) => None,
            None => {
                let state = game.state_id();
                for seat in 0..game.players() {
                    if self.host.is_played_by_a_person(seat) {
                        continue;
                    }
                    if let Some((action, delay_ms)) = bot_decision(&mut self.bots[seat as usize], &game.view(seat)) {
                        self.due = Some((now_ms + f64::from(delay_ms / self.pace), state, action));
                        break;
                    }
                }
                None
            }
        }
    }

    /// The host's screen, from its seat's view once the host has dealt.
    fn deal_screen(&mut self) {
        if !self.host.is_started() {
            return;
        }
        if let Ok(first) = self.host.table().update_for(HOST_SEAT) {
            let (names, levels) = super::screen_names(&self.host.seats(), HOST_SEAT);
            self.screen = Some(SeatScreen::new(names, levels, first));
        }
    }

    /// The host's screen takes what happened (`mine`: the host's own move), and the names of
    /// the seats as they are now.
    fn feed(&mut self, events: &[Event], mine: Option<Action>) {
        let Some(screen) = &mut self.screen else { return };
        (screen.names, screen.levels) = super::screen_names(&self.host.seats(), HOST_SEAT);
        if !events.is_empty() {
            if let Ok(update) = self.host.table().update_after(HOST_SEAT, events) {
                screen.receive(update, mine);
            }
        }
    }

    fn save(&mut self) {
        self.record.seating = self.host.seating().to_vec();
        self.record.log = self.host.table().log().to_vec();
        super::save_host(&self.record);
    }
}

/// The normal level's move (its calls at the table, then its turn): the hard level's search
/// stays out of this page's module, which carries the transport (its size budget is 200 KB).
fn bot_decision(bot: &mut SheddingBot, view: &crate::engine::shedding::SeatView) -> Option<(Action, u32)> {
    if let Some(d) = bot.table_decision(view) {
        return Some((d.action, d.delay_ms));
    }
    let action = view.is_my_turn().then(|| normal_move(&view.policy_input())).flatten()?;
    Some((action, bot.turn_delay(view)))
}

impl PeerSide {
    fn names(&self, seat: u8) -> (Vec<String>, Vec<Option<Level>>) {
        let players = self.update.as_ref().map_or(0, |u| u.view.hand_sizes.len());
        self.seats.as_ref().map(|s| super::screen_names(s, seat)).unwrap_or_else(|| {
            let names = (0..players).map(|s| if s == seat as usize { "You".into() } else { format!("Seat {}", s + 1) });
            (names.collect(), vec![None; players])
        })
    }

    fn take(&mut self, message: Message<Game>) {
        match message {
            ToPeer::Welcome { seat, update, .. } => {
                self.seat = Some(seat);
                self.refused = None;
                self.pending = None;
                self.update = Some(update.clone());
                // A rejoin shows the seat whole; a first welcome starts the screen.
                match &mut self.screen {
                    Some(screen) if screen.me() == seat => screen.show(update),
                    _ => {
                        let (names, levels) = self.names(seat);
                        self.screen = Some(SeatScreen::new(names, levels, update));
                    }
                }
            }
            ToPeer::Update(u) => {
                if let Some(screen) = &mut self.screen {
                    screen.receive(u.clone(), self.pending.take());
                }
                self.update = Some(u);
            }
            ToPeer::Refused(r) => {
                if let (Some(screen), Refusal::Illegal(_) | Refusal::Stale { .. } | Refusal::NotYourSeat) =
                    (&mut self.screen, &r)
                {
                    // A move's refusal is the table's notice; the lobby's stays under the seats.
                    screen.refused(super::refusal_words(&r));
                } else {
                    self.refused = Some(r);
                }
                self.pending = None;
            }
            ToPeer::Seats(s) => {
                self.seats = Some(s);
                if let (Some(screen), Some(seat)) = (&mut self.screen, self.seat) {
                    let (names, levels) = self.seats.as_ref().map(|s| super::screen_names(s, seat)).unwrap_or_default();
                    (screen.names, screen.levels) = (names, levels);
                }
            }
            ToPeer::Notice(_) => {}
        }
    }
}
