//! The shedding table's state and reducer. The reducer only applies actions to the engine;
//! timers, bots and storage are effects in the table component.

use crate::bots::shedding::Level;
use crate::engine::shedding::{Action, Event, Game, IllegalAction, PenaltyReason, Preset, Seat, SetupError};
use crate::ui::storage::{Fields, Stored};
use std::rc::Rc;
use yew::prelude::*;

pub const SAVE_KEY: &str = "blackjack.shedding";
pub const SAVE_VERSION: u32 = 1;
pub const HUMAN: Seat = 0;
const NAMES: [&str; 12] = ["You", "Sam", "Alex", "Jo", "Kit", "Lou", "Max", "Ned", "Pat", "Rae", "Tam", "Vic"];

pub fn name(seat: Seat) -> &'static str {
    NAMES[seat as usize % NAMES.len()]
}

/// "Sam plays", "You play": the subject and a present-tense verb that agrees with it.
fn who(seat: Seat, verb: &str) -> String {
    if seat != HUMAN {
        return format!("{} {verb}", name(seat));
    }
    let (first, rest) = verb.split_once(' ').map_or((verb, ""), |(f, r)| (f, r));
    let plain = match first {
        "is" => "are".to_string(),
        f if f.ends_with("sses") || f.ends_with("shes") => f[..f.len() - 2].to_string(),
        f => f.strip_suffix('s').unwrap_or(f).to_string(),
    };
    if rest.is_empty() { format!("You {plain}") } else { format!("You {plain} {rest}") }
}

/// What is stored: the preset, the seed and the action log (compact codes), and who sits
/// where. The page stores presets by name rather than the engine's full `Save` with its rule
/// set: the same replay, for a fraction of the download (no rule-set deserialiser in the page).
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub preset: String,
    pub players: u8,
    pub seed: u64,
    pub log: String,
    /// "" for the human, "easy" or "normal" for a bot.
    pub seats: Vec<String>,
    pub bot_seed: u64,
}

impl Stored for StoredGame {
    fn encode(&self) -> Vec<(&'static str, String)> {
        vec![
            ("preset", self.preset.clone()),
            ("players", self.players.to_string()),
            ("seed", self.seed.to_string()),
            ("bot_seed", self.bot_seed.to_string()),
            ("seats", self.seats.join(",")),
            ("log", self.log.clone()),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        Some(StoredGame {
            preset: f.get("preset")?.to_string(),
            players: f.parse("players")?,
            seed: f.parse("seed")?,
            bot_seed: f.parse("bot_seed")?,
            seats: f.get("seats")?.split(',').map(str::to_string).collect(),
            log: f.get("log")?.to_string(),
        })
    }
}

/// Why a stored game could not be restored.
#[derive(Debug)]
pub enum RestoreError {
    UnknownPreset(String),
    BadSeat(String),
    Setup(SetupError),
    BadCode(String),
    Replay(IllegalAction),
}

impl std::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RestoreError::UnknownPreset(p) => write!(f, "unknown rules \"{p}\""),
            RestoreError::BadSeat(s) => write!(f, "unknown player \"{s}\""),
            RestoreError::Setup(e) => write!(f, "{e}"),
            RestoreError::BadCode(c) => write!(f, "unreadable move \"{c}\""),
            RestoreError::Replay(e) => write!(f, "{e}"),
        }
    }
}

fn level_id(l: Option<Level>) -> &'static str {
    match l {
        None => "",
        Some(Level::Random | Level::Easy) => "easy",
        Some(Level::Normal) => "normal",
        Some(Level::Hard) => "hard",
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TableState {
    pub preset: Preset,
    pub game: Game,
    /// `None` for the human seat.
    pub levels: Vec<Option<Level>>,
    pub bot_seed: u64,
    /// Readable lines, oldest first.
    pub log: Vec<String>,
    /// Why the last action of the human was refused.
    pub notice: Option<String>,
}

pub enum Msg {
    /// Apply `action` if the game is still at state `at` (timers and bots may fire late).
    Act { action: Action, at: u32 },
    Dismiss,
}

impl TableState {
    pub fn new(preset: Preset, players: u8, level: Level, seed: u64) -> TableState {
        let game = Game::new(preset.rules(), players, seed).unwrap_or_else(|e| panic!("the setup screen offers valid seat counts: {e}"));
        let levels = (0..players).map(|s| (s != HUMAN).then_some(level)).collect();
        let mut t = TableState { preset, game, levels, bot_seed: seed.rotate_left(17), log: Vec::new(), notice: None };
        t.log.push(format!("{}. {}.", who(t.game.dealer(), "deals"), who(t.game.current(), "starts")));
        t
    }

    /// The share link of this deal (rules, seats, bot level, seed).
    pub fn link(&self) -> super::link::TableLink {
        let level = self.levels.iter().flatten().next().copied().unwrap_or(Level::Normal);
        super::link::TableLink { preset: self.preset, players: self.game.players(), level, seed: self.game.seed() }
    }

    pub fn stored(&self) -> StoredGame {
        StoredGame {
            preset: self.preset.id().to_string(),
            players: self.game.players(),
            seed: self.game.seed(),
            log: self.game.log().iter().map(Action::code).collect::<Vec<_>>().join(" "),
            seats: self.levels.iter().map(|&l| level_id(l).to_string()).collect(),
            bot_seed: self.bot_seed,
        }
    }

    /// Replays a stored game through the engine: the same checks as play, so a tampered or
    /// outdated save is refused with a reason instead of producing an impossible table.
    pub fn restore(s: &StoredGame) -> Result<TableState, RestoreError> {
        let preset = Preset::from_id(&s.preset).ok_or_else(|| RestoreError::UnknownPreset(s.preset.clone()))?;
        let levels = s
            .seats
            .iter()
            .map(|id| match id.as_str() {
                "" => Ok(None),
                "easy" => Ok(Some(Level::Easy)),
                "normal" => Ok(Some(Level::Normal)),
                "hard" => Ok(Some(Level::Hard)),
                other => Err(RestoreError::BadSeat(other.to_string())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut game = Game::new(preset.rules(), s.players, s.seed).map_err(RestoreError::Setup)?;
        if levels.len() != s.players as usize {
            return Err(RestoreError::BadSeat(format!("{} seats for {} players", levels.len(), s.players)));
        }
        for code in s.log.split_whitespace() {
            let action = Action::from_code(code).ok_or_else(|| RestoreError::BadCode(code.to_string()))?;
            game.apply(action).map_err(RestoreError::Replay)?;
        }
        let mut t = TableState { preset, game, levels, bot_seed: s.bot_seed, log: Vec::new(), notice: None };
        t.log.push("Game restored.".into());
        Ok(t)
    }
}

impl Reducible for TableState {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        match msg {
            Msg::Dismiss => Rc::new(TableState { notice: None, ..(*self).clone() }),
            Msg::Act { at, .. } if at != self.game.state_id() => self,
            Msg::Act { action, .. } => {
                let mut next = (*self).clone();
                match next.game.apply(action) {
                    Ok(events) => {
                        next.notice = None;
                        crate::ui::extend_log(&mut next.log, &events, describe, 60);
                    }
                    Err(e) if action.seat() == HUMAN => next.notice = Some(capitalise(&e.reason.to_string())),
                    Err(_) => return self,
                }
                Rc::new(next)
            }
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

fn reason_text(r: PenaltyReason) -> &'static str {
    match r {
        PenaltyReason::Timeout => "too slow",
        PenaltyReason::OutOfTurn => "played out of turn",
        PenaltyReason::WrongCard => "wrong card",
        PenaltyReason::TableTalk => "table talk",
        PenaltyReason::MissedLastCard => "no \"Last card\"",
        PenaltyReason::FalseLastCard => "false \"Last card\"",
        PenaltyReason::FalseAccusation => "false call-out",
        PenaltyReason::WrongDispute => "wrong dispute",
        PenaltyReason::NoCallToGoOut => "went out without calling",
    }
}

/// One line of the game log for an event, or nothing for bookkeeping events.
pub fn describe(e: &Event) -> Option<String> {
    Some(match e {
        Event::Dealt { round, dealer, .. } => format!("Round {}: {}.", round + 1, who(*dealer, "deals")),
        Event::Played { seat, card } => format!("{} the {}.", who(*seat, "plays"), card.name()),
        Event::SuitNamed { seat, suit } => format!("{} {}.", who(*seat, "names"), suit.name()),
        Event::Drew { seat, cards } => format!("{} {}.", who(*seat, "picks up"), plural(*cards as u32)),
        Event::Passed { seat } => format!("{}.", who(*seat, "passes")),
        Event::Penalty { seat, cards, reason } => format!("{} {} ({}).", who(*seat, "picks up"), plural(*cards as u32), reason_text(*reason)),
        Event::Refilled { shuffled, .. } => if *shuffled { "The pile is shuffled into a new stock.".into() } else { "The pile is turned over.".into() },
        Event::PickUpPending { cards } => format!("Pick-up of {cards} pending."),
        Event::Reversed { .. } => "Direction reversed.".into(),
        Event::Skipped { seat } => format!("{} a turn.", who(*seat, "misses")),
        Event::CalledLastCard { seat } => format!("{}: \"Last card!\"", name(*seat)),
        Event::MissedLastCard { seat } => format!("{} did not say \"Last card\".", name(*seat)),
        Event::Said { seat, phrase } => format!("{}: \"{}\"", name(*seat), crate::ui::shedding::table::phrase_text(*phrase)),
        Event::Accused { accuser, target, .. } => format!("{} {}!", who(*accuser, "calls out"), name(*target)),
        Event::DisputeUpheld { by, .. } => format!("{} the call-out was false.", who(*by, "shows")),
        Event::DisputeRejected { by, .. } => format!("{}, wrongly.", who(*by, "disputes")),
        Event::OutOfTurn { seat } => format!("{} out of turn.", who(*seat, "plays")),
        Event::WentOut { seat, place } => format!("{} out (place {place}).", who(*seat, "is")),
        Event::RoundOver { round, .. } => format!("Round {} is over.", round + 1),
        Event::TieBreak { seats } => format!("Tie-breaker between {}.", seats.iter().map(|&s| name(s)).collect::<Vec<_>>().join(" and ")),
        Event::GameOver { winner } => format!("{} {} the game!", name(*winner), if *winner == HUMAN { "win" } else { "wins" }),
        Event::TurnStarts { .. } | Event::PickUpCleared => return None,
    })
}

fn plural(n: u32) -> String {
    if n == 1 { "1 card".into() } else { format!("{n} cards") }
}
