//! Saves: a format number, the rules, the seed and the action log. Loading replays the log
//! through the same checks as play, so a save can never produce a state play could not.

use super::action::{Action, IllegalAction};
use super::game::{Game, SetupError};
use super::rules::{RuleSpec, Rules, RulesError};
use serde::{Deserialize, Serialize};

/// Bumped when the meaning of a saved log changes; older saves are then refused with a notice.
pub const SAVE_FORMAT: u32 = 1;

/// A game as saved: the rules, the seating and the seed rebuild the deal, and the log replays it
/// ([`Game::save`] writes one, [`Game::replay`] reads one back, to any point).
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
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::shedding::{Game, Preset, ReplayError, Save};
    ///
    /// let mut game = Game::new(Preset::British.rules(), 3, 99).unwrap();
    /// for _ in 0..12 {
    ///     let first = game.legal_actions()[0];
    ///     game.apply(first).unwrap();
    /// }
    /// let save: Save = game.save();
    /// assert_eq!(Game::replay(&save, None).unwrap(), game);
    /// // Any point of the game: here, the deal.
    /// assert_eq!(Game::replay(&save, Some(0)).unwrap(), Game::new(Preset::British.rules(), 3, 99).unwrap());
    ///
    /// let other_format = Save { format: 0, ..save };
    /// assert!(matches!(Game::replay(&other_format, None), Err(ReplayError::Format { found: 0 })));
    /// ```
    ///
    /// # Errors
    ///
    /// A [`ReplayError`]: a save format this version does not read, rules that [`Rules::new`]
    /// refuses, a seating the rules refuse, or the first action of the log that is not accepted.
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
