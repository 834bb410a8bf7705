//! Applying an action, all or nothing: the public entry points (`apply` and its quiet and trusted
//! forms), then `execute`, which carries out an action `check` has already turned into a `Plan`.

use super::*;

impl Game {
    /// Applies `action`, all or nothing: on `Err` the game is exactly as it was.
    /// Infringements that the rules penalise (a wrong card, playing out of turn, a false call)
    /// are accepted and cost cards; anything else not legal is refused.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::shedding::{Action, Game, Preset, Refusal};
    ///
    /// let mut game = Game::new(Preset::CrazyEights.rules(), 5, 7).unwrap();
    /// // Picking up out of turn is refused, and the game is exactly as it was.
    /// let before = game.clone();
    /// let other = (game.current() + 1) % 5;
    /// let refused = game.apply(Action::Draw { seat: other }).unwrap_err();
    /// assert_eq!(refused.reason, Refusal::NotYourTurn);
    /// assert_eq!(game, before);
    ///
    /// // A legal move is carried out, logged, and told as events.
    /// let action = game.legal_actions()[0];
    /// let events = game.apply(action).expect("a legal move is accepted");
    /// assert!(!events.is_empty());
    /// assert_eq!(game.log(), [action]);
    /// ```
    ///
    /// # Errors
    ///
    /// An [`IllegalAction`] carrying the [`Refusal`] (why, in the player's words through
    /// `Display`) when the action is not accepted now; the game is then unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let mut ev = Vec::new();
        self.apply_into(action, &mut ev)?;
        Ok(ev)
    }

    /// [`Game::apply`] appending events to a reused buffer; the same checks, all or nothing.
    pub fn apply_into(&mut self, action: Action, ev: &mut Vec<Event>) -> Result<(), IllegalAction> {
        self.apply_to(action, Some(ev))
    }

    /// [`Game::apply`] for search and simulation: the same checks, all or nothing, and the same
    /// game afterwards, but no events and no log entry (so [`Game::state_id`] does not move and
    /// the game can no longer be saved as a replay). Bots' playouts run on it.
    pub fn apply_quiet(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.apply_to(action, None)
    }

    /// Applies an action of [`Game::legal_set`] without checking it again (search and simulation:
    /// the set was the check). Otherwise as [`Game::apply_quiet`]: no events, no log. Any other
    /// kind of action is checked, and ignored if refused. A turn action not in the set breaks the
    /// game (debug builds panic).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn apply_legal(&mut self, action: Action) {
        let plan = match action {
            Action::Play { .. } => Plan::Lay,
            Action::NameSuit { .. } => Plan::NameSuit,
            Action::Draw { .. } => Plan::Draw,
            Action::Pass { .. } => Plan::Pass,
            Action::Finish { .. } => Plan::Finish,
            _ => {
                let _ = self.apply_quiet(action);
                return;
            }
        };
        debug_assert!(self.legal_set().contains(action), "apply_legal: {action} is not in the legal set");
        self.execute(action, plan, &mut Sink(None));
    }

    /// Checks, then (logged, with events, if `ev` is given) executes.
    fn apply_to(&mut self, action: Action, ev: Option<&mut Vec<Event>>) -> Result<(), IllegalAction> {
        let plan = self.check(action).map_err(|reason| IllegalAction { action, reason })?;
        if ev.is_some() {
            self.log.push(action);
        }
        self.execute(action, plan, &mut Sink(ev));
        Ok(())
    }

    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn execute(&mut self, action: Action, plan: Plan, ev: &mut Sink<'_>) {
        let seat = action.seat();
        match (action, plan) {
            (Action::Play { card, .. }, Plan::Lay) => self.lay(seat, card, ev),
            (_, Plan::WrongCard(n)) => {
                self.penalise(seat, n, PenaltyReason::WrongCard, ev);
                self.give_up_turn(ev);
            }
            (_, Plan::OutOfTurn(n)) => {
                ev.push(|| Event::OutOfTurn { seat });
                self.penalise(seat, n, PenaltyReason::OutOfTurn, ev);
            }
            (Action::NameSuit { suit, .. }, Plan::NameSuit) => self.name_suit(seat, suit, ev),
            (_, Plan::Draw) => self.draw(seat, ev),
            (_, Plan::Pass) => self.pass(seat, ev),
            (_, Plan::Finish) => self.end_laying(ev),
            (_, Plan::Timeout(n)) => {
                self.penalise(seat, n, PenaltyReason::Timeout, ev);
                self.give_up_turn(ev);
            }
            (_, Plan::Call) => {
                self.calls[seat as usize].called = true;
                self.calls[seat as usize].watching = false;
                self.flagged |= 1 << seat;
                ev.push(|| Event::CalledLastCard { seat });
            }
            (_, Plan::FalseCall(n)) => self.penalise(seat, n, PenaltyReason::FalseLastCard, ev),
            (Action::Say { phrase, .. }, Plan::Say(n)) => {
                ev.push(|| Event::Said { seat, phrase });
                if n > 0 {
                    self.penalise(seat, n, PenaltyReason::TableTalk, ev);
                }
            }
            (Action::Accuse { target, infringement, .. }, Plan::Accuse { correct, cards }) => {
                self.last_accusation_turn[seat as usize] = Some(self.turn_number);
                let id = self.accusations.len() as u16;
                ev.push(|| Event::Accused { id, accuser: seat, target, infringement, cards });
                let mut handed = Vec::new();
                while handed.len() < cards as usize {
                    let Some(c) = self.take_card(target, ev) else { break };
                    handed.push(c);
                }
                let got = handed.len();
                ev.push(|| Event::Penalty { seat: target, cards: got as u8, reason: PenaltyReason::MissedLastCard });
                if correct {
                    self.calls[target as usize].missed = false;
                }
                self.accusations.push(Accusation { accuser: seat, target, infringement, correct, handed, open: true });
            }
            (Action::Dispute { accusation, .. }, Plan::Dispute { upheld }) => {
                let cost = self.rules.spec().penalties.false_accusation.unwrap_or(1);
                let a = &mut self.accusations[accusation as usize];
                a.open = false;
                if upheld {
                    // The call-out was false: the handed cards go back on the stock, the accuser pays.
                    let (target, accuser, handed) = (a.target, a.accuser, std::mem::take(&mut a.handed));
                    for &c in handed.iter().rev() {
                        if self.hands[target as usize].remove(c) {
                            // Back on top, unseen: the public part of the stock stays below.
                            self.known[target as usize].remove(c);
                            self.stock.push(c);
                            self.note_card_left(target, c);
                        }
                    }
                    ev.push(|| Event::DisputeUpheld { id: accusation, by: seat });
                    self.penalise(accuser, cost, PenaltyReason::FalseAccusation, ev);
                } else {
                    ev.push(|| Event::DisputeRejected { id: accusation, by: seat });
                    self.penalise(seat, cost, PenaltyReason::WrongDispute, ev);
                }
            }
            _ => unreachable!("check() pairs each action with its own plan"),
        }
        self.after_hand_changes();
    }
}
