//! Applying an action: checked by `refusal` first, so a refused action changes nothing; then the
//! chips and cards move and the round goes on. Chips move only through `take` and `pay`.

use super::*;

impl Game {
    /// Apply a legal action; a refused action changes nothing and comes back with the reason.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::casino::{Action, Game, Phase, Refusal, TableRules};
    ///
    /// let mut seating = vec![None; 7];
    /// seating[3] = Some(0);
    /// let mut game = Game::new(TableRules::seed_rules(), &seating, vec![100_000], 42).unwrap();
    /// let before = game.clone();
    /// let refused = game.apply(Action::Deal).unwrap_err();
    /// assert_eq!((refused.reason, &game), (Refusal::NoBets, &before), "refused, and nothing changed");
    ///
    /// game.apply(Action::Bet { spot: 3, amount: 1_000 }).unwrap();
    /// assert_eq!(game.bankrolls(), [99_000]);
    /// game.apply(Action::Deal).unwrap();
    /// assert_ne!(game.phase(), Phase::Betting);
    /// ```
    ///
    /// # Errors
    ///
    /// An [`IllegalAction`] with the [`Refusal`] when the action is not legal now; the table is
    /// then unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        if let Some(reason) = self.refusal(action) {
            return Err(IllegalAction { action, reason });
        }
        let mut ev = Vec::new();
        self.log.push(action);
        match action {
            Action::Bet { spot, amount } => {
                let owner = self.spots[spot as usize].owner.unwrap_or(0) as usize;
                let s = &mut self.spots[spot as usize];
                let back = s.bet - amount;
                s.bet = amount;
                self.pay(owner, back);
            }
            Action::Deal => self.deal(&mut ev),
            Action::Insure { spot, amount } => {
                self.take(spot, amount);
                let s = &mut self.spots[spot as usize];
                s.insurance = amount;
                s.insurance_decided = true;
                ev.push(Event::Insured { spot, amount });
                self.after_insurance(&mut ev);
            }
            Action::Surrender { spot } => {
                let up_may_bj = self.dealer_may_have_blackjack();
                let s = &mut self.spots[spot as usize];
                let h = &mut s.hands[0];
                h.state = HandState::Surrendered;
                let mut returned_now = 0;
                if !up_may_bj {
                    returned_now = h.stake / 2;
                    h.returned = returned_now;
                    h.outcome = Some(Outcome::Surrender);
                    h.state = HandState::Settled;
                    self.house = self.house.saturating_add(h.stake - returned_now);
                    let owner = s.owner.unwrap_or(0) as usize;
                    self.pay(owner, returned_now);
                }
                ev.push(Event::Surrendered { spot, returned_now });
                self.advance(&mut ev);
            }
            Action::Hit { spot } => {
                let Phase::Playing { hand, .. } = self.phase else { unreachable!() };
                if !self.deal_to(spot, hand, &mut ev) {
                    return Ok(ev);
                }
                let t = self.spots[spot as usize].hands[hand as usize].total();
                if t.is_bust() {
                    self.bust(spot, hand, &mut ev);
                    self.advance(&mut ev);
                } else if t.best() == 21 {
                    self.spots[spot as usize].hands[hand as usize].state = HandState::Stood;
                    self.advance(&mut ev);
                }
            }
            Action::Stand { spot } => {
                let Phase::Playing { hand, .. } = self.phase else { unreachable!() };
                self.spots[spot as usize].hands[hand as usize].state = HandState::Stood;
                self.advance(&mut ev);
            }
            Action::Double { spot, amount } => {
                let Phase::Playing { hand, .. } = self.phase else { unreachable!() };
                self.take(spot, amount);
                let h = &mut self.spots[spot as usize].hands[hand as usize];
                h.stake += amount;
                h.doubled = true;
                ev.push(Event::Doubled { spot, hand, amount });
                if !self.deal_to(spot, hand, &mut ev) {
                    return Ok(ev);
                }
                if self.spots[spot as usize].hands[hand as usize].total().is_bust() {
                    self.bust(spot, hand, &mut ev);
                } else {
                    self.spots[spot as usize].hands[hand as usize].state = HandState::Stood;
                }
                self.advance(&mut ev);
            }
            Action::Split { spot } => {
                let Phase::Playing { hand, .. } = self.phase else { unreachable!() };
                let bet = self.spots[spot as usize].bet;
                self.take(spot, bet);
                let s = &mut self.spots[spot as usize];
                let second = s.hands[hand as usize].cards.pop().expect("a pair has two cards");
                s.hands[hand as usize].from_split = true;
                let mut new = Hand::new(bet);
                new.from_split = true;
                new.cards.push(second);
                s.hands.insert(hand as usize + 1, new);
                ev.push(Event::Split { spot, hand });
                if !self.deal_to(spot, hand, &mut ev) {
                    return Ok(ev);
                }
                self.settle_if_done(spot, hand, &mut ev);
            }
            Action::NextRound => self.next_round(&mut ev),
        }
        Ok(ev)
    }

    fn take(&mut self, spot: Spot, amount: i64) {
        let owner = self.spots[spot as usize].owner.unwrap_or(0) as usize;
        self.bankrolls[owner] = self.bankrolls[owner].saturating_sub(amount);
    }

    /// Pays `amount` to the player at `owner` (saturating: bankrolls start at most
    /// [`MAX_CHIPS`], so this never saturates in any game that could be played).
    pub(super) fn pay(&mut self, owner: usize, amount: i64) {
        self.bankrolls[owner] = self.bankrolls[owner].saturating_add(amount);
    }
}
