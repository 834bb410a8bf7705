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
use crate::bots::analysis::Weighed;
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
    /// The analyses of kept games ([`Analysis::encode`]), each named by its game's fingerprint.
    /// A record kept before analyses were has none, and reads as it did.
    pub analyses: Vec<String>,
}

pub const RECENT_KEY: &str = "blackjack.replays";
pub const RECENT_VERSION: u32 = 1;
/// How many finished games are kept.
pub const KEPT: usize = 20;

impl Stored for Recent {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let mut fields = vec![("games", self.games.join(" "))];
        if !self.analyses.is_empty() {
            fields.push(("analyses", self.analyses.join(" ")));
        }
        fields
    }
    /// Bounded when read: at most [`KEPT`] games and as many analyses, each read in full only
    /// when opened.
    fn decode(f: &Fields) -> Option<Self> {
        let games = f.get("games")?.split_ascii_whitespace().take(KEPT).map(str::to_string).collect();
        let analyses =
            f.get("analyses").unwrap_or_default().split_ascii_whitespace().take(KEPT).map(str::to_string).collect();
        Some(Recent { games, analyses })
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

    /// The analysis kept with this game, if one is and it reads as one of this game's.
    pub fn analysis(&self, replay: &Replay) -> Option<Analysis> {
        Analysis::decode(self.analysis_text(&replay.fragment()[PREFIX.len()..])?, replay)
    }

    /// The text of the analysis kept with the game `body` (its link's text after its family's
    /// prefix, as kept in [`Self::games`]), for its family's page to read: UNO's and the
    /// casino's replay pages keep theirs in their own lists as this page does.
    pub fn analysis_text(&self, body: &str) -> Option<&str> {
        let name = fingerprint(body);
        self.analyses.iter().find_map(|a| a.strip_prefix(&name)?.strip_prefix('/'))
    }

    /// The accuracy of the analysis kept with this game, 0 to 100 ([`crate::bots::analysis::accuracy`]),
    /// for the statistics' chart; `None` for a game never analysed (or kept before analyses
    /// were), or whose analysis weighed no move with any chance in it.
    pub fn accuracy(&self, replay: &Replay) -> Option<u8> {
        crate::bots::analysis::accuracy(&self.analysis(replay)?.judged)
    }

    /// Keeps an analysis with its game (the game kept too, if it was not: one opened from a link),
    /// in place of any earlier one of that game. Analyses of games no longer kept are dropped.
    pub fn keep_analysis(&mut self, replay: &Replay, analysis: &Analysis) {
        self.keep_analysis_text(replay.fragment()[PREFIX.len()..].to_string(), analysis.encode());
    }

    /// Keeps an analysis' text with the game `body` (see [`Self::keep_analysis`]; the text is
    /// one word, without spaces).
    pub fn keep_analysis_text(&mut self, body: String, text: String) {
        let name = fingerprint(&body);
        self.keep(body);
        let kept: Vec<String> = self.games.iter().map(|g| fingerprint(g)).collect();
        self.analyses.retain(|a| {
            let of = a.split('/').next().unwrap_or_default();
            of != name && kept.iter().any(|k| k == of)
        });
        self.analyses.insert(0, format!("{name}/{text}"));
    }
}

/// A kept game's name in the kept analyses: a hash of its replay's text (FNV-1a, 64 bits, in
/// hex), short where the text is kilobytes, and made without replaying the game.
fn fingerprint(body: &str) -> String {
    let hash = body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    format!("{hash:016x}")
}

/// The analysis of one seat's play in a finished game (`bots::analysis`, which the replay page
/// asks of the search worker a decision at a time), as kept with the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    pub seat: Seat,
    /// Each decision judged, in the order played.
    pub judged: Vec<Weighed>,
}

/// The format of a kept analysis, its first word: another is not read (the game then shows no
/// analysis, and can be analysed again).
const ANALYSIS_FORMAT: &str = "a1";

impl Analysis {
    /// `a1/<seat>/<decisions, joined by "_">`, each `<move's place>-<played ‰>-<best ‰>-<best move's code>`.
    pub fn encode(&self) -> String {
        let judged: Vec<String> = self
            .judged
            .iter()
            .map(|k| format!("{}-{}-{}-{}", k.index, k.played_pm, k.best_pm, k.best.code()))
            .collect();
        format!("{ANALYSIS_FORMAT}/{}/{}", self.seat, judged.join("_"))
    }

    /// An analysis of `replay` read from its kept text; `None` for anything else: another format,
    /// a seat or a move's place the game does not have, a chance over 100%, a best move not the
    /// seat's. At most one decision a move of the game is read.
    pub fn decode(text: &str, replay: &Replay) -> Option<Analysis> {
        let mut parts = text.split('/');
        if parts.next()? != ANALYSIS_FORMAT {
            return None;
        }
        let seat: Seat = parts.next()?.parse().ok().filter(|&s| s < replay.setup.players)?;
        let entries = parts.next()?;
        if parts.next().is_some() {
            return None;
        }
        let mut judged: Vec<Weighed> = Vec::new();
        for entry in entries.split('_').filter(|e| !e.is_empty()) {
            let mut f = entry.splitn(4, '-');
            let index: usize = f.next()?.parse().ok()?;
            let played_pm: u16 = f.next()?.parse().ok().filter(|&c| c <= 1000)?;
            let best_pm: u16 = f.next()?.parse().ok().filter(|&c| c <= 1000)?;
            let best = Action::from_code(f.next()?).filter(|a| a.seat() == seat)?;
            let in_order = judged.last().is_none_or(|k| k.index < index);
            if index >= replay.len() || !in_order || replay.log[index].seat() != seat {
                return None;
            }
            judged.push(Weighed { index, played_pm, best, best_pm });
        }
        Some(Analysis { seat, judged })
    }
}

/// "laying the 7♣", "picking up": a turn move as something done, the cards as the seats write them.
fn doing(action: Action) -> String {
    match action {
        Action::Play { card, .. } => format!("laying the {}", words::short(card)),
        Action::Draw { .. } => "picking up".into(),
        Action::Pass { .. } => "passing".into(),
        Action::Finish { .. } => "ending the turn".into(),
        Action::NameSuit { suit, .. } => format!("naming {}", suit.name()),
        // The analysis weighs saying it as a choice of its own where the seat has not yet said it.
        Action::CallLastCard { .. } => "saying \"Last card\" first".into(),
        _ => "that move".into(),
    }
}

/// A chance in thousandths as a whole percentage.
fn percent(pm: u16) -> u16 {
    (pm + 5) / 10
}

/// The mark at a judged move: "Laying the 7♣ here: 31% → 22% (the best: picking up)", the chance
/// the best move had, then the move played's.
pub fn mark(kept: &Weighed, played: Action) -> String {
    let mut text = doing(played);
    // Every move's words start with an ASCII letter: `to_uppercase` would link the Unicode case
    // tables (16 KB) into the page for it.
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    format!("{text} here: {}% → {}% (the best: {})", percent(kept.best_pm), percent(kept.played_pm), doing(kept.best))
}

/// The analysis' request to the search worker for `seat`'s first decision at move `from` or
/// later: `weigh <seat> <from> <the replay's text>`. The page sends the finished game it shows,
/// not a view: the views, which moves had a choice, and the request bytes are made in the worker
/// ([`serve_judge`]), so the page links neither an encoder nor the moves' generator for them.
/// The reply's state id is the move's place in the game, so the page asks from the next move on.
pub fn judge_request(replay: &Replay, seat: Seat, from: usize) -> String {
    format!("{WEIGH} {seat} {from} {}", &replay.fragment()[PREFIX.len()..])
}

/// [`judge_request`]'s first word. The page of the build before it asked `judge …` and took the
/// bare `refused` for "no decision left", so it could not tell the end of its game from a worker
/// of another build ([`Judgement::Outdated`]); the worker still answers that page its way.
const WEIGH: &str = "weigh";

/// [`Judgement::Done`]'s text: never the bare `refused` a worker sends for what it cannot read.
const DONE: &str = "judged none";

/// The search worker's answer to a [`judge_request`], as the worker sends it and the replay
/// page reads it ([`Judgement::read`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// The seat's next decision judged: the chance (in thousandths) of the move played and of
    /// the best move, sent as [`crate::bots::work::Reply::Judged`] is.
    Judged { at: u32, played: Action, played_pm: u16, best: Action, best_pm: u16 },
    /// No decision of the seat's is left from the move asked: the analysis is complete.
    Done,
    /// The page's reading of a worker of another build of the site (a cached older one, or a
    /// newer one while the tab stayed open): `unknown` (a request it does not know), the bare
    /// `refused` of a worker from before [`Judgement::Done`], any text this build cannot read,
    /// or a judgement of a move that was not asked for ([`Judgement::weighed`]). Never a
    /// judgement, never "no decision": only a reload brings page and worker together.
    Outdated,
}

impl Judgement {
    pub fn encode(&self) -> String {
        use crate::bots::work::{Reply, UNKNOWN};
        match *self {
            Judgement::Judged { at, played, played_pm, best, best_pm } => {
                Reply::Judged { at, played, played_pm, best, best_pm }.encode()
            }
            Judgement::Done => DONE.into(),
            Judgement::Outdated => UNKNOWN.into(),
        }
    }

    /// The judgement in any text a worker posts: what [`Judgement::encode`] writes, anything
    /// else [`Judgement::Outdated`].
    pub fn read(text: &str) -> Judgement {
        use crate::bots::work::Reply;
        if text == DONE {
            return Judgement::Done;
        }
        match Reply::decode(text) {
            Some(Reply::Judged { at, played, played_pm, best, best_pm }) => {
                Judgement::Judged { at, played, played_pm, best, best_pm }
            }
            _ => Judgement::Outdated,
        }
    }

    /// The decision this judges, if it answers [`judge_request`]`(replay, seat, from)`: a move
    /// of the seat's in `replay`, at `from` or later. `None` for anything else (a worker of
    /// this build only answers what it was asked).
    pub fn weighed(&self, replay: &Replay, seat: Seat, from: usize) -> Option<Weighed> {
        let Judgement::Judged { at, played, played_pm, best, best_pm } = *self else { return None };
        let index = at as usize;
        (index >= from && replay.action(index) == Some(played) && played.seat() == seat).then_some(Weighed {
            index,
            played_pm,
            best,
            best_pm,
        })
    }
}

/// The search worker's answer to [`judge_request`]: the judgement of the seat's first decision
/// from that move on that the search can weigh, made from the seat's view alone (its request
/// bytes, as a table's search is asked: `bots::work::serve`), never the hidden hands. `Done`
/// when no decision is left; `Outdated` for a request it cannot read (a page of another build's),
/// never a panic.
pub fn serve_judge(text: &str) -> Judgement {
    match text.split_once(' ') {
        Some((WEIGH, asked)) => judge_next(asked),
        _ => Judgement::Outdated,
    }
}

/// [`serve_judge`] for the words after the request's first: `<seat> <from> <the replay's text>`.
fn judge_next(asked: &str) -> Judgement {
    use crate::bots::work::{serve, Job, Reply, Request};
    let mut words = asked.splitn(3, ' ');
    let (Some(seat), Some(from), Some(body)) = (words.next(), words.next(), words.next()) else {
        return Judgement::Outdated;
    };
    let (Ok(seat), Ok(from), Ok(replay)) = (seat.parse::<Seat>(), from.parse::<usize>(), Replay::parse_body(body))
    else {
        return Judgement::Outdated;
    };
    // A decision the search cannot weigh is passed over, so `Done` says only "no more".
    let judged = replay.decisions(seat).into_iter().filter(|d| d.index >= from).find_map(|d| {
        let request = Request {
            job: Job::Judge { played: d.played },
            iterations: crate::bots::analysis::SAMPLES,
            seed: ANALYSIS_SEED.wrapping_add(d.index as u64),
            view: d.view,
        };
        match serve(&request.encode()) {
            Reply::Judged { at, played, played_pm, best, best_pm } => {
                Some(Judgement::Judged { at, played, played_pm, best, best_pm })
            }
            _ => None,
        }
    });
    judged.unwrap_or(Judgement::Done)
}

/// The search worker's answer to a text message: the shedding analysis' [`judge_request`]
/// ([`serve_judge`]), or [`crate::bots::work::UNKNOWN`] for any other text (a page of another
/// build of the site asking what this worker never learnt). The request of the page of the build
/// before [`WEIGH`], `judge …`, is answered as that page reads: the judgement, else the bare
/// `refused` (its "no decision left").
pub fn serve_text(text: &str) -> String {
    use crate::bots::work::{Reply, UNKNOWN};
    match text.split_once(' ') {
        Some((WEIGH, _)) => serve_judge(text).encode(),
        Some(("judge", asked)) => match judge_next(asked) {
            judged @ Judgement::Judged { .. } => judged.encode(),
            _ => Reply::Refused.encode(),
        },
        _ => UNKNOWN.into(),
    }
}

/// The search worker's answer to a message's bytes, by their first byte: a shedding table's
/// search ([`crate::bots::work::serve`]), the casino replay's analysis
/// ([`crate::bots::casino_analysis::serve`]), or [`crate::bots::work::UNKNOWN`] for a format
/// this worker does not know (a page of another build: it then says it needs reloading).
pub fn serve_bytes(bytes: &[u8]) -> String {
    use crate::bots::{casino_analysis, work};
    match bytes.first() {
        Some(&work::FORMAT) => work::serve(bytes).encode(),
        Some(&casino_analysis::ASK_FORMAT) => casino_analysis::serve(bytes).encode(),
        _ => work::UNKNOWN.into(),
    }
}

/// The analysis' search starts from this and the move's place in the game, so an analysis run
/// again gives the same figures.
const ANALYSIS_SEED: u64 = 0x0a11_a15e;

impl Replay {
    /// The move at `index` of the log, if the game has one there.
    pub fn action(&self, index: usize) -> Option<Action> {
        self.log.get(index).copied()
    }

    /// The seat's decisions in this game that had a choice, for the analysis
    /// ([`crate::bots::analysis::decisions`]).
    pub fn decisions(&self, seat: Seat) -> Vec<crate::bots::analysis::Decision> {
        Self::deal(&self.setup).map(|g| crate::bots::analysis::decisions(g, &self.log, seat)).unwrap_or_default()
    }
}

/// Keeps an analysis with its game (see [`Recent::keep_analysis`]).
#[cfg(target_arch = "wasm32")]
pub fn keep_analysis(replay: &Replay, analysis: &Analysis) {
    use super::storage;
    let (mut recent, _) = storage::load_or_notice::<Recent>(RECENT_KEY, RECENT_VERSION, "replays");
    recent.keep_analysis(replay, analysis);
    storage::save(RECENT_KEY, RECENT_VERSION, &recent);
}

/// Keeps an analysis' text with the game `body` in the list stored under `key` (see
/// [`Recent::keep_analysis_text`]).
#[cfg(target_arch = "wasm32")]
pub fn keep_analysis_in(key: &str, body: String, text: String) {
    use super::storage;
    let (mut recent, _) = storage::load_or_notice::<Recent>(key, RECENT_VERSION, "replays");
    recent.keep_analysis_text(body, text);
    storage::save(key, RECENT_VERSION, &recent);
}

/// The text of the analysis kept with the game `body` in the list stored under `key`.
#[cfg(target_arch = "wasm32")]
pub fn analysis_in(key: &str, body: &str) -> Option<String> {
    use super::storage;
    let (recent, _) = storage::load_or_notice::<Recent>(key, RECENT_VERSION, "replays");
    recent.analysis_text(body).map(str::to_string)
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
