//! Saves: a format number, the rules, the seed and the action log. Loading replays the log
//! through the same checks as play, so a save can never produce a state play could not.

use super::action::{Action, IllegalAction};
use super::game::{Game, SetupError};
use super::rules::{RuleSpec, Rules, RulesError};
use serde::{Deserialize, Serialize};

/// Bumped when the meaning of a saved log changes; older saves are then refused with a notice.
pub const SAVE_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Save {
    pub format: u32,
    pub rules: RuleSpec,
    pub players: u8,
    pub seed: u64,
    pub log: Vec<Action>,
}

#[derive(Debug)]
pub enum ReplayError {
    Format { found: u32 },
    Rules(RulesError),
    Setup(SetupError),
    Action { index: usize, error: IllegalAction },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Format { found } => write!(f, "save format {found}, this version reads {SAVE_FORMAT}"),
            ReplayError::Rules(e) => write!(f, "{e}"),
            ReplayError::Setup(e) => write!(f, "{e}"),
            ReplayError::Action { index, error } => write!(f, "action {index} of the log: {error}"),
        }
    }
}
impl std::error::Error for ReplayError {}

impl Game {
    pub fn save(&self) -> Save {
        Save {
            format: SAVE_FORMAT,
            rules: self.rules().spec().clone(),
            players: self.players(),
            seed: self.seed(),
            log: self.log().to_vec(),
        }
    }

    /// Rebuilds a game from a save; `upto` replays only the first actions (a log "replays to any point").
    pub fn replay(save: &Save, upto: Option<usize>) -> Result<Game, ReplayError> {
        if save.format != SAVE_FORMAT {
            return Err(ReplayError::Format { found: save.format });
        }
        let rules = Rules::new(save.rules.clone()).map_err(ReplayError::Rules)?;
        let mut game = Game::new(rules, save.players, save.seed).map_err(ReplayError::Setup)?;
        let n = upto.unwrap_or(save.log.len()).min(save.log.len());
        for (index, &action) in save.log[..n].iter().enumerate() {
            game.apply(action).map_err(|error| ReplayError::Action { index, error })?;
        }
        Ok(game)
    }
}
