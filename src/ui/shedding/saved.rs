//! The shedding game as the page stores it ([`StoredGame`]): the table's setup and the action log
//! as compact codes, read back by [`StoredGame::replay`] through the engine's own checks. Pure
//! (compiled natively too), so property tests and fuzzers can throw any text at it.

use super::link::{clean_name, level_from_id, level_id, BadRules, TableSetup};
use crate::bots::shedding::Level;
use crate::engine::shedding::{Action, BadCode, Game, IllegalAction, Preset, Seat, SetupError};
use crate::engine::text::shown;
use crate::ui::storage::{Fields, Stored};

/// What is stored: the table's setup (preset, house rules, seats, names, seed) and the action
/// log as compact codes. The page stores a rule set as preset + house-rule overrides rather than
/// the engine's full `Save`: the same replay, for a fraction of the download (no JSON in the page).
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub preset: String,
    pub house: String,
    pub players: u8,
    pub seed: u64,
    pub log: String,
    /// "" for the human, "easy", "normal" or "hard" for a bot.
    pub seats: Vec<String>,
    pub names: Vec<String>,
    pub bot_seed: u64,
    /// Opened from a share link (see [`TableSetup::shared`]).
    pub shared: bool,
}

impl Stored for StoredGame {
    fn encode(&self) -> Vec<(&'static str, String)> {
        vec![
            ("preset", self.preset.clone()),
            ("house", self.house.clone()),
            ("players", self.players.to_string()),
            ("seed", self.seed.to_string()),
            ("bot_seed", self.bot_seed.to_string()),
            ("seats", self.seats.join(",")),
            ("names", self.names.join(",")),
            ("shared", if self.shared { "1" } else { "0" }.to_string()),
            ("log", self.log.clone()),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        Some(StoredGame {
            preset: f.get("preset")?.to_string(),
            // Saves from before house rules and names have neither: the preset, default names.
            house: f.get("house").unwrap_or("").to_string(),
            players: f.parse("players")?,
            seed: f.parse("seed")?,
            bot_seed: f.parse("bot_seed")?,
            seats: f.get("seats")?.split(',').map(str::to_string).collect(),
            names: f.get("names").map(|n| n.split(',').map(str::to_string).collect()).unwrap_or_default(),
            // Saves from before shared deals were marked: the player's own game.
            shared: f.flag("shared").unwrap_or(false),
            log: f.get("log")?.to_string(),
        })
    }
}

/// Why a stored game could not be restored.
#[derive(Debug)]
pub enum RestoreError {
    UnknownPreset(String),
    BadRules(BadRules),
    BadSeat(String),
    Setup(SetupError),
    BadCode(BadCode),
    Replay(IllegalAction),
}

impl std::fmt::Display for RestoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RestoreError::UnknownPreset(p) => write!(f, "unknown rules \"{p}\""),
            RestoreError::BadRules(bad) => write!(f, "{bad}"),
            RestoreError::BadSeat(s) => write!(f, "unknown player \"{s}\""),
            RestoreError::Setup(e) => write!(f, "{e}"),
            RestoreError::BadCode(c) => write!(f, "{c}"),
            // Which move, by seat number and card, says nothing to a player (and the move's text
            // would be the only reason for the table page to carry every action's wording).
            RestoreError::Replay(_) => write!(f, "one of its moves breaks the rules"),
        }
    }
}

impl StoredGame {
    /// Rebuilds the table's setup and replays the log through the engine: the same checks as play,
    /// so a tampered or outdated save is refused with a reason instead of producing an impossible
    /// table. Any text is safe here (codes are read by ASCII checks; lengths are bounded first).
    pub fn replay(&self) -> Result<(TableSetup, Game), RestoreError> {
        let preset = Preset::from_id(&self.preset).ok_or_else(|| RestoreError::UnknownPreset(shown(&self.preset)))?;
        if self.seats.len() != self.players as usize {
            return Err(RestoreError::BadSeat(format!("{} seats for {} players", self.seats.len(), self.players)));
        }
        let levels = self
            .seats
            .iter()
            .map(|id| match id.as_str() {
                "" => Ok(None),
                other => level_from_id(other).map(Some).ok_or_else(|| RestoreError::BadSeat(shown(other))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut setup = TableSetup::new(preset, self.players, Level::Normal, self.seed);
        setup.house = self.house.clone();
        setup.levels = levels;
        setup.shared = self.shared;
        if self.names.len() == self.players as usize {
            setup.names = self.names.iter().enumerate().map(|(i, n)| clean_name(n, i as Seat)).collect();
        }
        let rules = setup.rules().map_err(RestoreError::BadRules)?;
        let mut game = Game::new(rules, setup.players, setup.seed).map_err(RestoreError::Setup)?;
        for code in self.log.split_whitespace() {
            let action = Action::parse_code(code).map_err(RestoreError::BadCode)?;
            game.apply(action).map_err(RestoreError::Replay)?;
        }
        Ok((setup, game))
    }

    /// What is stored for `setup` at the state of `game`.
    pub fn of(setup: &TableSetup, game: &Game, bot_seed: u64) -> StoredGame {
        StoredGame {
            preset: setup.preset.id().to_string(),
            house: setup.house.clone(),
            players: game.players(),
            seed: game.seed(),
            log: game.log().iter().map(Action::code).collect::<Vec<_>>().join(" "),
            seats: setup.levels.iter().map(|&l| l.map_or("", level_id).to_string()).collect(),
            names: setup.names.clone(),
            bot_seed,
            shared: setup.shared,
        }
    }
}
