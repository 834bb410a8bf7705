//! A game as saved ([`UnoSave`]: rules, seating, seed and the action log) and rebuilt by replaying
//! the log through the same checks as play.

use super::*;

/// Why an UNO save was not restored.
pub type UnoReplayError = ReplayError<SetupError, IllegalAction, UnoRulesError>;

pub const UNO_SAVE_FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnoSave {
    pub format: u32,
    pub rules: crate::engine::uno::rules::UnoSpec,
    pub players: u8,
    pub waiting: Vec<Seat>,
    pub seed: u64,
    pub log: Vec<Action>,
}

impl Game {
    pub fn save(&self) -> UnoSave {
        UnoSave {
            format: UNO_SAVE_FORMAT,
            rules: self.rules.spec().clone(),
            players: self.players.len() as u8,
            waiting: self.waiting_at_start(),
            seed: self.seed,
            log: self.log.clone(),
        }
    }

    fn waiting_at_start(&self) -> Vec<Seat> {
        let joined: Vec<Seat> =
            self.log.iter().filter_map(|a| if let Action::Join { seat } = a { Some(*seat) } else { None }).collect();
        (0..self.players.len() as Seat)
            .filter(|s| self.players[*s as usize].status == Status::Waiting || joined.contains(s))
            .collect()
    }

    /// Rebuilds a saved game: format, rules and seating are checked, then every action of the
    /// log is replayed (up to `upto`); a refused action refuses the save.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::codes::ReplayError;
    /// use blackjack::engine::uno::{Game, UnoRules, UnoSave};
    ///
    /// let mut game = Game::new(UnoRules::seed_rules(), 3, 8).unwrap();
    /// for _ in 0..6 {
    ///     let first = game.legal_actions()[0];
    ///     game.apply(first).unwrap();
    /// }
    /// let save = game.save();
    /// assert_eq!(Game::replay(&save, None).unwrap(), game);
    /// assert_eq!(Game::replay(&save, Some(0)).unwrap(), Game::new(UnoRules::seed_rules(), 3, 8).unwrap());
    ///
    /// let other_format = UnoSave { format: 0, ..save };
    /// assert!(matches!(Game::replay(&other_format, None), Err(ReplayError::Format { found: 0, .. })));
    /// ```
    ///
    /// # Errors
    ///
    /// An [`UnoReplayError`]: another save format, a log longer than any game, rules or seating
    /// that are refused, or the first action of the log that is not legal at its point.
    pub fn replay(save: &UnoSave, upto: Option<usize>) -> Result<Game, UnoReplayError> {
        if save.format != UNO_SAVE_FORMAT {
            return Err(ReplayError::Format { found: save.format, reads: UNO_SAVE_FORMAT });
        }
        if save.log.len() > MAX_LOG_ACTIONS {
            return Err(ReplayError::TooLong { actions: save.log.len(), max: MAX_LOG_ACTIONS });
        }
        let rules = UnoRules::new(save.rules.clone()).map_err(ReplayError::Rules)?;
        let mut g = Game::with_waiting(rules, save.players, &save.waiting, save.seed).map_err(ReplayError::Setup)?;
        let n = upto.unwrap_or(save.log.len()).min(save.log.len());
        for (index, &a) in save.log[..n].iter().enumerate() {
            g.apply(a).map_err(|refused| ReplayError::Refused { index, refused })?;
        }
        Ok(g)
    }
}
