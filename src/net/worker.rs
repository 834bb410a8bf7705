//! The host of a table with friends as it runs in a Web Worker of its own (`friends_host`, a
//! wasm module without yew): the game, its bots and [`Host`] live there, never in a page. The
//! host's page is a client like any friend's: it sends the same wire bytes a remote peer sends
//! ([`ToWorker::Bytes`] from [`PAGE`]) and draws its seat from the updates it is sent back, so
//! no page ever holds the whole game, and the bots think off the page's thread.
//!
//! Pure: the worker's `main` hands in the page's messages and posts what [`HostWorker::handle`]
//! returns; the page keeps the WebRTC links (a worker has no `RTCPeerConnection`) and the
//! record's storage (a worker has no `localStorage`). Tested natively (`tests/net_worker.rs`).

use super::clock::{Turn, TurnClock};
use super::host::{Host, Out, PeerId, Seating};
use super::protocol::{encode, Notice, SeatToken, ToPeer};
use super::Table;
use serde::{Deserialize, Serialize};

/// The families' markers, where the pages name them.
pub use super::{casino::Casino, shedding::Shedding, uno::Uno};

/// The host's own page, as the worker's peer: it holds the host's seat. The page numbers its
/// remote links from 1.
pub const PAGE: PeerId = 0;

/// The longest message between the page and its worker (a whole record, a peer's bytes).
pub const MAX_WORKER_MESSAGE: usize = 1024 * 1024;

/// The page to its host worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Open the table of this record (as [`HostRecord::to_text`] wrote it); the bots' reaction
    /// times are divided by `pace` (the player's "bot pace" setting).
    Open { record: String, pace: u32 },
    /// A friend's browser connected through the page's transport; `nonce` is its challenge,
    /// drawn by the page from the browser's random source (the worker draws nothing: see
    /// [`super::SeatKey`] for why the nonces must be unpredictable).
    Connected { peer: PeerId, nonce: u128 },
    /// A friend's connection went.
    Left { peer: PeerId },
    /// Wire bytes from `peer` ([`PAGE`]: the host's own page) at the page's clock.
    Bytes { peer: PeerId, now_ms: u64, bytes: Vec<u8> },
    /// The host deals.
    Deal,
    /// Time passes: a bot whose move is due makes it, and a person whose clock ran out is
    /// timed out.
    Tick { now_ms: u64 },
    /// The host's quick-play clock: the rules' time a move times `scale` (the host's "clock
    /// speed" setting); 0, or never sent: no clock.
    Clock { scale: u8 },
}

/// The host worker to its page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker's module is up: messages posted from now on are read.
    Ready,
    /// Wire bytes for `to` ([`PAGE`]: the host's own page reads them as a friend's would).
    Send { to: PeerId, bytes: Vec<u8> },
    /// The table as it is now, for the page to store (it reopens the table after a reload).
    Save { record: String },
    /// The record could not be opened (an older page's, or damaged).
    Unreadable,
}

/// A message between the page and its worker, as bytes (`postcard`; no version: both come
/// from the same build).
pub fn to_bytes<M: Serialize>(message: &M) -> Vec<u8> {
    postcard::to_extend(message, Vec::new()).unwrap_or_default()
}

/// The message in `bytes`, if it is one (bounded, never a panic).
pub fn from_bytes<M: serde::de::DeserializeOwned>(bytes: &[u8]) -> Option<M> {
    if bytes.len() > MAX_WORKER_MESSAGE {
        return None;
    }
    match postcard::take_from_bytes(bytes) {
        Ok((m, [])) => Some(m),
        _ => None,
    }
}

/// What the host worker needs of a game family beyond [`Table`]: how a record opens its game,
/// the bots' moves for the seats no person plays, and the host's own automatic moves. One
/// marker type a family, in the family's file ([`Shedding`], [`Uno`], [`Casino`]); its page
/// has the matching screen (`ui::friends::page::FriendsPage`).
///
/// Keep this trait small: helpers of other families build on it (add methods with defaults,
/// do not rename).
pub trait Family: Sized + 'static {
    type Game: Table<Action = Self::Action>;
    type Action: Copy + std::fmt::Debug + PartialEq + Serialize + serde::de::DeserializeOwned;
    /// A seat's bot (it sees only the view of its seat).
    type Bot;
    /// The prefix of the family's stored records (distinct per family and per form: a record of
    /// another family or an older page is not read). It ends "2:", the form since seats are
    /// proved by keys ("3:" for the casino's, since its record starts at each shoe);
    /// [`HostRecord::from_text`] still reads the forms before.
    const RECORD_FORM: &'static str;
    /// Where a record's log begins, if not always at the table's first deal (`()`: the log is
    /// the whole game's, as a shedding or UNO game is a few hundred moves). The casino's record
    /// begins again at each shoe, so it grows by a shoe's play, however long the table plays.
    /// A `()` takes no byte in the record.
    type Start: Clone + std::fmt::Debug + PartialEq + Default + Serialize + serde::de::DeserializeOwned;
    /// Where `game`'s record begins now; [`Family::log`] is its log from there.
    fn start(_game: &Self::Game) -> Self::Start {
        Self::Start::default()
    }
    /// The start of a record written before records kept one (its forms before
    /// [`Family::RECORD_FORM`]): its log is the whole game's.
    fn start_before() -> Self::Start {
        Self::Start::default()
    }
    /// The game a record from `start` opens, its log not yet replayed ([`Family::new_game`] for
    /// the default start).
    fn open_game(preset: &str, players: u8, seed: u64, _start: &Self::Start) -> Option<Self::Game> {
        Self::new_game(preset, players, seed)
    }
    /// The game of `preset` (the family's name for its rules) for `players`, dealt with `seed`;
    /// `None` if the preset or the count is not one of the family's.
    fn new_game(preset: &str, players: u8, seed: u64) -> Option<Self::Game>;
    /// The game's name as the table says it, the catalog's (`None`: not one of the family's
    /// presets).
    fn game_name(preset: &str) -> Option<&'static str>;
    /// Every move applied since [`Family::start`], oldest first (the record replays it).
    fn log(game: &Self::Game) -> Vec<Self::Action>;
    fn is_over(game: &Self::Game) -> bool;
    /// The bot of `seat` in a game dealt with `seed`.
    fn bot(seat: u8, seed: u64) -> Self::Bot;
    /// The move the bot of `seat` makes now, from its seat's view alone, and its reaction time
    /// (ms); `None` if it has nothing to do.
    fn bot_move(bot: &mut Self::Bot, game: &Self::Game, seat: u8) -> Option<(Self::Action, u32)>;
    /// A move no seat makes, due now (UNO's reveal at a round's start, the casino's deal and
    /// clearing), and after how long (ms, before the bots' pace); made before any bot's.
    fn host_move(_game: &Self::Game) -> Option<(Self::Action, u32)> {
        None
    }
    /// Whether a move worked out for an earlier state is dropped as soon as the state changes
    /// (else, when it falls due, it is made if it is still the move to make now).
    const RETHINK_AT_ONCE: bool = false;
    /// [`Family::host_move`] for a family whose own moves depend on who plays each seat now
    /// (`people[seat]`: a person, not a bot): the casino deals once every person is ready.
    fn host_move_with(game: &Self::Game, _people: &[bool]) -> Option<(Self::Action, u32)> {
        Self::host_move(game)
    }
    /// The longest the table waits in its phase now: the phase's key (a number that changes
    /// with the phase) and a time (ms, before the bots' pace) from when the worker first worked
    /// out a move in it. Every automatic move is made by then, however long its own delay, which
    /// a move by a person may restart (the casino's betting clock: else a person changing their
    /// bet just inside the clock holds the deal for ever). `None`: no such bound.
    fn longest_wait(_game: &Self::Game) -> Option<(u32, u32)> {
        None
    }
}

/// What the host keeps in the browser, to reopen its table after a reload (the same link then
/// brings every friend back to their seat).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HostRecord<F: Family> {
    pub room: String,
    /// The family's name for the game's rules ([`Family::new_game`]).
    pub preset: String,
    pub players: u8,
    pub seed: u64,
    pub seating: Vec<Seating>,
    pub log: Vec<F::Action>,
    pub started: bool,
    /// Where `log` begins ([`Family::start`]): last, so a family whose start is `()` writes the
    /// same bytes as before it was kept.
    pub start: F::Start,
}

/// A record of a form before [`HostRecord::start`] was kept: the same fields, but that.
#[derive(Deserialize)]
#[serde(bound = "")]
struct RecordBefore<F: Family> {
    room: String,
    preset: String,
    players: u8,
    seed: u64,
    seating: Vec<Seating>,
    log: Vec<F::Action>,
    started: bool,
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// The longest record read back (a long game's log is a few thousand moves of a few bytes).
pub const MAX_RECORD_TEXT: usize = 512 * 1024;

/// How a host record is stored: the family's [`Family::RECORD_FORM`], then the record in the
/// wire's form (`postcard`) as hexadecimal text.
impl<F: Family> HostRecord<F> {
    /// A table not yet dealt, in `room`, of the family's rules named `preset`, with one player a
    /// seat of `seating` (in seat order) and its deals from `seed`.
    pub fn new(room: String, preset: String, seating: Vec<Seating>, seed: u64) -> Self {
        let players = seating.len() as u8;
        HostRecord { room, preset, players, seed, seating, log: Vec::new(), started: false, start: F::Start::default() }
    }

    pub fn to_text(&self) -> String {
        let bytes = to_bytes(self);
        let mut text = String::with_capacity(F::RECORD_FORM.len() + 2 * bytes.len());
        text.push_str(F::RECORD_FORM);
        for b in bytes {
            text.push(char::from(HEX[usize::from(b >> 4)]));
            text.push(char::from(HEX[usize::from(b & 15)]));
        }
        text
    }

    /// The record in `text`, if it is one this family's page wrote (bounded, never a panic).
    /// The forms before today's are read too, so a table saved by an older page reopens:
    /// - before records kept their start (the casino's "2:", where today's ends "3:"), the log
    ///   is the whole game's ([`Family::start_before`]);
    /// - before seats were proved by keys (every family's "1:"), each friend's token was kept
    ///   where the key is now: it is read with each token turned into its key, so the friends'
    ///   pages, which still hold their tokens, prove their seats.
    pub fn from_text(text: &str) -> Option<HostRecord<F>> {
        if let Some(hex) = text.strip_prefix(F::RECORD_FORM) {
            return Self::from_hex(hex.as_bytes());
        }
        let (family, form) = F::RECORD_FORM.strip_suffix(':')?.rsplit_once('.')?;
        let (older, hex) = text.split_once(':')?;
        let (prefix, older) = older.rsplit_once('.')?;
        let older: u8 = older.parse().ok()?;
        if prefix != family || older == 0 || older >= form.parse().ok()? {
            return None;
        }
        let before: RecordBefore<F> = from_bytes(&Self::hex_bytes(hex.as_bytes())?)?;
        let RecordBefore { room, preset, players, seed, mut seating, log, started } = before;
        if older == 1 {
            for seat in &mut seating {
                if let Seating::Friend { key, .. } = seat {
                    *key = SeatToken(key.0).key(&room);
                }
            }
        }
        Some(HostRecord { room, preset, players, seed, seating, log, started, start: F::start_before() })
    }

    fn from_hex(hex: &[u8]) -> Option<HostRecord<F>> {
        from_bytes(&Self::hex_bytes(hex)?)
    }

    /// The bytes a record's hexadecimal text stands for (bounded).
    fn hex_bytes(hex: &[u8]) -> Option<Vec<u8>> {
        if hex.len() > MAX_RECORD_TEXT || hex.len() % 2 != 0 {
            return None;
        }
        let nibble = |c: u8| HEX.iter().position(|h| *h == c).map(|n| n as u8);
        hex.chunks_exact(2).map(|p| Some(nibble(p[0])? << 4 | nibble(p[1])?)).collect()
    }

    /// The game and its host, replayed from the record.
    pub fn open(&self) -> Option<Host<F::Game>> {
        let mut game = F::open_game(&self.preset, self.players, self.seed, &self.start)?;
        for a in &self.log {
            game.act(*a).ok()?;
        }
        let mut host = Host::open(game, F::game_name(&self.preset)?, self.seating.clone());
        if self.started {
            host.start();
        }
        Some(host)
    }
}

/// The host's table in its worker: the game, its bots, and who is connected.
pub struct HostWorker<F: Family> {
    host: Host<F::Game>,
    record: HostRecord<F>,
    bots: Vec<F::Bot>,
    /// The next automatic move: when (page clock), in which state, what.
    due: Option<(u64, u32, F::Action)>,
    pace: u32,
    /// The quick-play clock of the person to move, on the host page's clock.
    clock: TurnClock,
    /// The host's clock setting (0: off).
    clock_scale: u8,
    /// The page's clock, as last heard (every message with a time moves it on).
    now_ms: u64,
    /// The phase [`Family::longest_wait`] keys, and when a move was first worked out in it.
    phase: Option<(u32, u64)>,
}

impl<F: Family> HostWorker<F> {
    /// The table of `record`, with the host's page seated at the host's seat: the page is sent
    /// the seats and its seat's welcome, as a friend who joins is.
    pub fn open(record: &str, pace: u32) -> Option<(HostWorker<F>, Vec<FromWorker>)> {
        let record = HostRecord::<F>::from_text(record)?;
        let mut host = record.open()?;
        let out = host.seat_host(PAGE);
        let bots = (0..record.players).map(|s| F::bot(s, record.seed)).collect();
        let worker = HostWorker {
            host,
            record,
            bots,
            due: None,
            pace: pace.max(1),
            clock: TurnClock::default(),
            clock_scale: 0,
            now_ms: 0,
            phase: None,
        };
        Some((worker, sends::<F>(out)))
    }

    pub fn host(&self) -> &Host<F::Game> {
        &self.host
    }

    /// One message of the page (`Open` is taken by [`Worker::handle`]).
    pub fn handle(&mut self, message: ToWorker) -> Vec<FromWorker> {
        // A closed table moves no more and saves nothing (its page forgets the record): a
        // browser that connects now is told it is closed.
        if self.host.is_closed() {
            return match message {
                ToWorker::Connected { peer, nonce } => sends::<F>(self.host.connect(peer, nonce)),
                _ => Vec::new(),
            };
        }
        let state = self.host.table().state_id();
        // The time this message carries, if any: the clock hears it first.
        let now = match message {
            ToWorker::Bytes { now_ms, .. } | ToWorker::Tick { now_ms } => {
                self.now_ms = self.now_ms.max(now_ms);
                self.clock.heard(self.now_ms);
                Some(self.now_ms)
            }
            _ => None,
        };
        let mut out = match message {
            ToWorker::Open { .. } => return Vec::new(),
            ToWorker::Connected { peer, nonce } => self.host.connect(peer, nonce),
            ToWorker::Left { peer } => {
                // Who plays the seats changed: the next automatic move is worked out again.
                if F::RETHINK_AT_ONCE {
                    self.due = None;
                }
                self.host.leave(peer)
            }
            ToWorker::Bytes { peer, now_ms, bytes } => {
                let out = match peer {
                    PAGE => self.host.receive(PAGE, &bytes),
                    _ => self.host.receive_at(peer, now_ms, &bytes),
                };
                // A friend removed while here: a bot plays the seat now, as when one leaves.
                if F::RETHINK_AT_ONCE && out.iter().any(|o| matches!(o.message, ToPeer::Notice(Notice::Removed))) {
                    self.due = None;
                }
                out
            }
            ToWorker::Deal => self.host.start(),
            ToWorker::Tick { .. } => self.timeout().or_else(|| self.bot_move(self.now_ms)).unwrap_or_default(),
            ToWorker::Clock { scale } => {
                self.clock_scale = scale;
                // The lobby says the time a move before the deal (the rules' clock, if any).
                let ms = self.host.table().clock().filter(|_| scale > 0).map_or(0, |t| t.full_ms);
                self.host.set_clock(ms.saturating_mul(u32::from(scale)))
            }
        };
        // The clock follows every change; the seated are told the time left whenever it
        // starts, stops, or the table moves on (or a friend is seated) while it runs.
        let seated = out.iter().any(|o| matches!(o.message, ToPeer::Welcome { .. }));
        out.extend(self.follow_clock(now, seated || state != self.host.table().state_id()));
        // No screen here takes the peers' events: every page reads its own seat's updates.
        drop(self.host.take_peer_events());
        let mut to_page = sends::<F>(out);
        // Stored only when the record changes: a refusal, a ping or a guessed proof (what anyone
        // with the room link may send, ten a second a connection) changes nothing to store.
        let changed = state != self.host.table().state_id()
            || self.host.seating() != self.record.seating
            || self.host.is_started() != self.record.started;
        if changed && !self.host.is_closed() {
            self.record.seating = self.host.seating().to_vec();
            self.record.log = F::log(self.host.table());
            self.record.start = F::start(self.host.table());
            self.record.started = self.host.is_started();
            to_page.push(FromWorker::Save { record: self.record.to_text() });
        }
        to_page
    }

    /// The clock's turn now: the rules' clock for a person to move (a bot's seat has none, nor
    /// a friend's while a bot plays it), if the host runs a clock and has dealt.
    fn turn(&self) -> Option<Turn> {
        let turn =
            self.host.table().clock().filter(|t| self.host.is_started() && self.host.is_played_by_a_person(t.seat));
        turn.filter(|_| self.clock_scale > 0).map(|t| Turn { full_ms: t.full_ms * u32::from(self.clock_scale), ..t })
    }

    fn follow_clock(&mut self, now: Option<u64>, changed: bool) -> Out<F::Game> {
        let turn = self.turn();
        let restarted = self.clock.follow(turn, now);
        if restarted || changed && self.clock.is_running() {
            self.host.to_seated(&ToPeer::Clock(self.clock.left(self.now_ms)))
        } else {
            Vec::new()
        }
    }

    /// The timeout move of the person whose clock ran out (the host's clock decides).
    fn timeout(&mut self) -> Option<Out<F::Game>> {
        let seat = self.clock.due(self.now_ms)?;
        Some(self.host.act(F::Game::timeout(seat)?).ok()?.out)
    }

    /// One automatic move when it is due: the host's own first, else a bot's (a bot plays every
    /// seat no person plays now).
    fn bot_move(&mut self, now_ms: u64) -> Option<Out<F::Game>> {
        let game = self.host.table();
        if !self.host.is_started() || F::is_over(game) {
            return None;
        }
        let state = game.state_id();
        // A family whose own moves wait on the people (the casino's deal) drops a move worked
        // out for an earlier state at once, and works out the next from this state.
        if F::RETHINK_AT_ONCE && self.due.is_some_and(|(_, then, _)| then != state) {
            self.due = None;
        }
        // A bot's move for a seat a person took since it was worked out (a friend who claimed
        // it, or came back) is theirs to make: dropped.
        let taken = |a: &F::Action| F::Game::seat_of(a).is_some_and(|s| self.host.is_played_by_a_person(s));
        if self.due.is_some_and(|(.., a)| taken(&a)) {
            self.due = None;
        }
        match self.due {
            Some((at_ms, ..)) if now_ms < at_ms => None,
            Some((_, then, action)) if then == state => {
                self.due = None;
                Some(self.host.act(action).ok()?.out)
            }
            // Nothing due yet, or the table moved on since the due move was worked out: the move
            // to make now, worked out from this state. A due move that is still it is made now:
            // a peer may move the state ten times a second (table talk, false calls), more often
            // than a bot's reaction time, and must not put off every bot's move for ever.
            due => {
                let next = self.next_move();
                self.due = None;
                match (due, next) {
                    (Some((.., was)), Some((action, _))) if was == action => Some(self.host.act(action).ok()?.out),
                    (_, Some((action, delay_ms))) => {
                        let mut at_ms = now_ms + u64::from(delay_ms / self.pace);
                        if let Some((key, most_ms)) = F::longest_wait(self.host.table()) {
                            let since = match self.phase {
                                Some((k, since)) if k == key => since,
                                _ => self.phase.insert((key, now_ms)).1,
                            };
                            let most = since + u64::from(most_ms / self.pace);
                            // The phase's longest wait is over: made now. Else a family that
                            // drops a due move as soon as the state changes never made it while
                            // a person changed the state between every two ticks (a bet changed
                            // ten times a second held the casino's deal for ever).
                            if most <= now_ms {
                                return Some(self.host.act(action).ok()?.out);
                            }
                            at_ms = at_ms.min(most);
                        }
                        self.due = Some((at_ms, state, action));
                        None
                    }
                    (_, None) => None,
                }
            }
        }
    }

    /// The automatic move to make in this state, and its delay (ms, before the bots' pace).
    fn next_move(&mut self) -> Option<(F::Action, u32)> {
        let game = self.host.table();
        let people: Vec<bool> = (0..game.seats()).map(|s| self.host.is_played_by_a_person(s)).collect();
        let mut next = F::host_move_with(game, &people);
        for seat in 0..game.seats() {
            if next.is_some() {
                break;
            }
            if !people[seat as usize] {
                next = F::bot_move(&mut self.bots[seat as usize], game, seat);
            }
        }
        next
    }
}

/// The worker's state between messages: nothing until the page opens a table.
pub struct Worker<F: Family> {
    table: Option<HostWorker<F>>,
}

impl<F: Family> Default for Worker<F> {
    fn default() -> Self {
        Worker { table: None }
    }
}

impl<F: Family> Worker<F> {
    /// The page's bytes in, the messages for the page out. Unreadable bytes, or a message
    /// before the table is open, change nothing.
    pub fn handle(&mut self, bytes: &[u8]) -> Vec<FromWorker> {
        match (from_bytes::<ToWorker>(bytes), &mut self.table) {
            (Some(ToWorker::Open { record, pace }), _) => match HostWorker::open(&record, pace) {
                Some((table, out)) => {
                    self.table = Some(table);
                    out
                }
                None => vec![FromWorker::Unreadable],
            },
            (Some(message), Some(table)) => table.handle(message),
            _ => Vec::new(),
        }
    }

    pub fn table(&self) -> Option<&HostWorker<F>> {
        self.table.as_ref()
    }
}

fn sends<F: Family>(out: Out<F::Game>) -> Vec<FromWorker> {
    out.into_iter().map(|o| FromWorker::Send { to: o.to, bytes: encode(&o.message) }).collect()
}
