//! Replays of finished shedding games (Taylor, Priestly, British): what a replay is, its link
//! (`#replay=…`), the last games kept for the replay page, and each step of a replay as one
//! seat's [`SeatScreen`]. Pure (compiled natively too), so the tests and fuzzers reach every
//! reader the replay page runs on a link or a save.
//!
//! A replay is the table's setup (rules, seats, deal) and its action log: the engine replays the
//! log through the same checks as play, and the screen of the seat shown is fed
//! `update_after(seat, events)` step by step, exactly as at the live table, so the replay page
//! draws with the live table's own view ([`use_table_view`]), never a second drawing.
//!
//! A replay shows every hand, so the table offers one only once its game is over, and a link to
//! a game that is not over is refused.
//!
//! [`use_table_view`]: crate::ui::shedding::table::use_table_view

use super::shedding::link::{LinkProblem, TableSetup};
use super::shedding::screen::SeatScreen;
use super::shedding::words;
use super::storage::{Fields, Stored};
use crate::engine::cards::Card;
use crate::engine::shedding::{Action, Game, IllegalAction, Seat, SetupError};

/// The fragment that names a replay: `#replay=<table link>/<move codes, joined by "_">`, where
/// the table link is a share link's own text after `#table=` (preset, seats, bots, deal, house
/// rules).
pub const PREFIX: &str = "#replay=";
/// The longest replay link or stored replay read, in bytes: as long as any save the page reads
/// (a long British match is about 20 KB of move codes). Longer is refused before it is parsed.
pub const MAX_REPLAY_BYTES: usize = super::storage::MAX_SAVE_BYTES;

/// A finished game, checked: its setup and its log, every action of which the engine accepted,
/// and the game over at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    setup: TableSetup,
    log: Vec<Action>,
}

/// Why a replay link or a stored replay cannot be shown. `Display` is the sentence for the
/// player (in players' words: "deal", never the engine's terms).
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayProblem {
    TooLong,
    /// No table part, or no moves part.
    Incomplete,
    /// The table part is a link to the rules alone: there is no deal to replay.
    NoDeal,
    /// The table part, read as a share link, is wrong.
    Table(LinkProblem),
    /// Move `index` is not a move code.
    BadMove {
        index: usize,
    },
    /// Move `index` breaks the rules at that point of the game.
    Refused {
        index: usize,
    },
    /// The deal cannot be dealt (a seating the rules refuse).
    Setup,
    /// The moves stop before the game is over: a replay shows every hand, so only a finished
    /// game has one.
    NotFinished,
}

impl std::fmt::Display for ReplayProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayProblem::TooLong => f.write_str("It is far too long to be a replay."),
            ReplayProblem::Incomplete => f.write_str("Part of it is missing or changed."),
            ReplayProblem::NoDeal => f.write_str("It names the rules but not the deal."),
            ReplayProblem::Table(p) => write!(f, "{p}"),
            ReplayProblem::BadMove { index } => write!(f, "Move {} of it cannot be read.", index + 1),
            ReplayProblem::Refused { index } => write!(f, "Move {} of it breaks the rules.", index + 1),
            ReplayProblem::Setup => f.write_str("Its table cannot be dealt."),
            ReplayProblem::NotFinished => {
                f.write_str("Its game is not finished, and only a finished game is replayed.")
            }
        }
    }
}

/// A replay link's moves, each read by the family's own reader of move codes (`parse`), joined
/// by `_` (the links of every family's replays).
pub fn read_moves<A, E>(moves: &str, parse: impl Fn(&str) -> Result<A, E>) -> Result<Vec<A>, ReplayProblem> {
    moves
        .split('_')
        .filter(|m| !m.is_empty())
        .enumerate()
        .map(|(index, m)| parse(m).map_err(|_| ReplayProblem::BadMove { index }))
        .collect()
}

/// The notice for a replay that cannot be shown: what is wrong, then what to do.
pub fn broken(why: &ReplayProblem) -> String {
    format!("This replay cannot be shown. {why} Ask for the link again, or choose another game.")
}

/// One step of a replay as one seat saw it: its screen, and the game at that point (for the
/// hands shown face up).
pub struct Frame {
    pub screen: SeatScreen,
    pub game: Game,
}

impl Replay {
    /// Checks a setup and a log: every action replayed through the engine, the game over at
    /// the end. Any problem refuses the whole replay.
    pub fn new(setup: TableSetup, log: Vec<Action>) -> Result<Replay, ReplayProblem> {
        let mut game = Self::deal(&setup)?;
        for (index, &action) in log.iter().enumerate() {
            game.apply(action).map_err(|_: IllegalAction| ReplayProblem::Refused { index })?;
        }
        if !game.is_over() {
            return Err(ReplayProblem::NotFinished);
        }
        Ok(Replay { setup, log })
    }

    /// The replay of a finished game at this device's table.
    pub fn of(setup: &TableSetup, game: &Game) -> Replay {
        Replay { setup: TableSetup { seed: game.seed(), ..setup.clone() }, log: game.log().to_vec() }
    }

    fn deal(setup: &TableSetup) -> Result<Game, ReplayProblem> {
        let rules = setup.rules().map_err(|_| ReplayProblem::Table(LinkProblem::Conflicts))?;
        Game::new(rules, setup.players, setup.seed).map_err(|_: SetupError| ReplayProblem::Setup)
    }

    /// The link's fragment (see [`PREFIX`]).
    pub fn fragment(&self) -> String {
        let table = self.setup.fragment();
        let table = table.strip_prefix("#table=").unwrap_or(&table);
        let moves: Vec<String> = self.log.iter().map(Action::code).collect();
        format!("{PREFIX}{table}/{}", moves.join("_"))
    }

    /// Reads a location hash: `None` when it is not a replay link at all, else the replay or
    /// what is wrong with it. Any text is safe here: the length is checked first, the table part
    /// is read by the share links' own reader, each move by the saves' reader, and the whole log
    /// is replayed through the engine's checks.
    pub fn parse(hash: &str) -> Option<Result<Replay, ReplayProblem>> {
        let body = hash.strip_prefix(PREFIX)?;
        Some(Self::parse_body(body))
    }

    fn parse_body(body: &str) -> Result<Replay, ReplayProblem> {
        if body.len() > MAX_REPLAY_BYTES {
            return Err(ReplayProblem::TooLong);
        }
        let (table, moves) = body.rsplit_once('/').ok_or(ReplayProblem::Incomplete)?;
        let setup = match TableSetup::parse(&format!("#table={table}")) {
            Some(Ok(setup)) => setup,
            Some(Err(p)) => return Err(ReplayProblem::Table(p)),
            None => return Err(ReplayProblem::Incomplete),
        };
        // A share link to the rules alone deals anew: it has no deal of its own to replay.
        if !setup.shared {
            return Err(ReplayProblem::NoDeal);
        }
        let log = read_moves(moves, Action::parse_code)?;
        Replay::new(TableSetup { shared: false, ..setup }, log)
    }

    /// The table: its rules, seats and deal.
    pub fn setup(&self) -> &TableSetup {
        &self.setup
    }

    /// The number of moves: steps run from 0 (the deal) to `len()` (the end).
    pub fn len(&self) -> usize {
        self.log.len()
    }

    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// The names as the table said them (see [`TableSetup::table_names`]).
    pub fn names(&self) -> Vec<String> {
        self.setup.table_names()
    }

    /// The table at `step` (0 the deal, `len()` the end, later steps are the end) as `seat` saw
    /// it: the seat's screen fed the seat's update after each action, as at the live table. A
    /// round's summary does not wait to be closed (the replay moves on by itself); the game's
    /// results show at the end. `None` only for a replay that was never checked (see [`Replay::new`]).
    pub fn frame(&self, seat: Seat, step: usize) -> Option<Frame> {
        let seat = seat.min(self.setup.players.saturating_sub(1));
        let mut game = Self::deal(&self.setup).ok()?;
        let mut screen = SeatScreen::new(self.names(), self.setup.levels.clone(), game.update_for(seat).ok()?);
        for &action in &self.log[..step.min(self.log.len())] {
            let events = game.apply(action).ok()?;
            screen.receive(game.update_after(seat, &events).ok()?, None);
            screen.between_rounds = false;
        }
        Some(Frame { screen, game })
    }
}

impl Frame {
    /// What happened at this step, as the game log says it to this seat: the deal's line at the
    /// deal, else the lines of the step's move (none for a move the log does not mention).
    pub fn lines(&self) -> Vec<String> {
        let s = &self.screen;
        if self.game.log().is_empty() {
            return s.log.clone();
        }
        s.recent.iter().filter_map(|e| words::describe(&s.names, e)).collect()
    }
}

/// Every seat's hand at a point of the game, for the hands face up once the game is over.
pub fn hands(game: &Game) -> Vec<Vec<Card>> {
    (0..game.players()).map(|s| game.hand(s).iter().collect()).collect()
}

/// The last finished games (their replay links' text after [`PREFIX`]), newest first, for the
/// replay page's list (the menu's statistics link to it).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Recent {
    pub games: Vec<String>,
}

pub const RECENT_KEY: &str = "blackjack.replays";
pub const RECENT_VERSION: u32 = 1;
/// How many finished games are kept.
pub const KEPT: usize = 20;

impl Stored for Recent {
    fn encode(&self) -> Vec<(&'static str, String)> {
        vec![("games", self.games.join(" "))]
    }
    /// Bounded when read: at most [`KEPT`] games, each read in full only when opened.
    fn decode(f: &Fields) -> Option<Self> {
        let games = f.get("games")?.split_ascii_whitespace().take(KEPT).map(str::to_string).collect();
        Some(Recent { games })
    }
}

impl Recent {
    /// Keeps a finished game, newest first, once however often its end is shown again; the
    /// oldest beyond [`KEPT`] are dropped. `false` when it was kept already.
    pub fn remember(&mut self, replay: &Replay) -> bool {
        self.keep(replay.fragment()[PREFIX.len()..].to_string())
    }

    /// Keeps a finished game by its replay link's text after [`PREFIX`], as
    /// [`Recent::remember`] does: UNO's and the casino's replay pages keep theirs in lists of
    /// the same form under keys of their own (a shedding list holds shedding games only, so the
    /// records kept before them read as ever).
    pub fn keep(&mut self, body: String) -> bool {
        if self.games.contains(&body) {
            return false;
        }
        self.games.insert(0, body);
        self.games.truncate(KEPT);
        true
    }

    /// Each kept game: its replay, or what is wrong with it (a tampered save).
    pub fn replays(&self) -> impl Iterator<Item = Result<Replay, ReplayProblem>> + '_ {
        self.games.iter().map(|g| Replay::parse_body(g))
    }
}

/// Keeps a finished game for the replay page (see [`Recent::remember`]).
#[cfg(target_arch = "wasm32")]
pub fn remember(setup: &TableSetup, game: &Game) {
    keep_in(RECENT_KEY, Replay::of(setup, game).fragment()[PREFIX.len()..].to_string());
}

/// Keeps a finished game in the list stored under `key` (see [`Recent::keep`]).
#[cfg(target_arch = "wasm32")]
pub fn keep_in(key: &str, body: String) {
    use super::storage;
    let (mut recent, _) = storage::load_or_notice::<Recent>(key, RECENT_VERSION, "replays");
    if recent.keep(body) {
        storage::save(key, RECENT_VERSION, &recent);
    }
}
