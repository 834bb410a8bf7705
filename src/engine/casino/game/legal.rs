//! What is legal now, without changing anything: one of each kind of move, and `refusal`, the one
//! definition of what is refused and why.

use super::*;

impl Game {
    /// One representative of every kind of legal move, sorted and unique. Amounts shown are
    /// the usual ones (minimum bet, full double, full insurance); [`Game::is_legal`] accepts any
    /// amount in range.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::casino::{Action, Game, TableRules};
    ///
    /// let mut seating = vec![None; 7];
    /// (seating[3], seating[4]) = (Some(0), Some(1));
    /// let mut game = Game::new(TableRules::seed_rules(), &seating, vec![100_000, 100_000], 42).unwrap();
    /// let min = game.rules().min_bet;
    /// assert_eq!(game.legal_actions(), [Action::Bet { spot: 3, amount: min }, Action::Bet { spot: 4, amount: min }]);
    /// game.apply(Action::Bet { spot: 3, amount: min }).unwrap();
    /// // A bet may be taken back, and the round dealt.
    /// assert_eq!(
    ///     game.legal_actions(),
    ///     [Action::Bet { spot: 3, amount: 0 }, Action::Bet { spot: 4, amount: min }, Action::Deal]
    /// );
    /// ```
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Betting => {
                for (i, s) in self.spots.iter().enumerate() {
                    if let Some(p) = s.owner {
                        let spot = i as Spot;
                        if s.bet == 0 && self.bankrolls[p as usize] >= self.rules.min_bet {
                            out.push(Action::Bet { spot, amount: self.rules.min_bet });
                        } else if s.bet > 0 {
                            out.push(Action::Bet { spot, amount: 0 });
                        }
                    }
                }
                if self.spots.iter().any(|s| s.bet > 0) {
                    out.push(Action::Deal);
                }
            }
            Phase::Insurance { spot } => {
                let max = self.spots[spot as usize].bet / 2;
                out.push(Action::Insure { spot, amount: 0 });
                if max > 0 && self.owner_chips(spot) >= max {
                    out.push(Action::Insure { spot, amount: max });
                }
            }
            Phase::Playing { spot, .. } => {
                let bet = self.spots[spot as usize].bet;
                for a in [
                    Action::Surrender { spot },
                    Action::Hit { spot },
                    Action::Stand { spot },
                    Action::Double { spot, amount: bet },
                    Action::Split { spot },
                ] {
                    if self.refusal(a).is_none() {
                        out.push(a);
                    }
                }
            }
            Phase::Settled => out.push(Action::NextRound),
        }
        // The shared insertion sort: the standard one costs the casino page kilobytes of wasm.
        crate::engine::sort::sort_small(&mut out);
        out
    }

    pub fn is_legal(&self, action: Action) -> bool {
        self.refusal(action).is_none()
    }

    fn owner_chips(&self, spot: Spot) -> i64 {
        self.spots[spot as usize].owner.map_or(0, |p| self.bankrolls[p as usize])
    }

    /// Why `action` would be refused now, or `None` if it is legal.
    pub fn refusal(&self, action: Action) -> Option<Refusal> {
        refusal_at(&self.rules, self.phase, &self.spots, &|s| self.owner_chips(s), action)
    }
}

/// The one definition of what is refused and why, over what a table shows (the rules, the
/// phase, every spot) and the chips behind a spot: the game asks it with every player's chips,
/// a spot's view ([`SpotView::refusal`]) with its own.
///
/// [`SpotView::refusal`]: crate::engine::casino::SpotView::refusal
pub(crate) fn refusal_at(
    r: &TableRules,
    phase: Phase,
    spots: &[SpotState],
    // A `dyn` closure: one copy of this function in the page, not one per caller.
    owner_chips: &dyn Fn(Spot) -> i64,
    action: Action,
) -> Option<Refusal> {
    if let Some(spot) = action.spot() {
        if spots.get(spot as usize).is_none_or(|s| s.owner.is_none()) {
            return Some(Refusal::NoSuchSpot);
        }
    }
    match (action, phase) {
        (Action::Bet { spot, amount }, Phase::Betting) => {
            let s = &spots[spot as usize];
            if amount != 0 && (amount < r.min_bet || amount > r.max_bet) {
                return Some(Refusal::BetOutOfRange { min: r.min_bet, max: r.max_bet });
            }
            if amount > owner_chips(spot) + s.bet {
                return Some(Refusal::NotEnoughChips);
            }
            None
        }
        (Action::Deal, Phase::Betting) => (!spots.iter().any(|s| s.bet > 0)).then_some(Refusal::NoBets),
        (Action::Insure { spot, amount }, Phase::Insurance { spot: turn }) => {
            if spot != turn {
                return Some(Refusal::NotYourTurn);
            }
            let max = spots[spot as usize].bet / 2;
            if amount < 0 || amount > max {
                return Some(Refusal::InsuranceTooBig { max });
            }
            (amount > owner_chips(spot)).then_some(Refusal::NotEnoughChips)
        }
        (
            Action::Surrender { spot }
            | Action::Hit { spot }
            | Action::Stand { spot }
            | Action::Double { spot, .. }
            | Action::Split { spot },
            Phase::Playing { spot: turn, hand },
        ) => {
            if spot != turn {
                return Some(Refusal::NotYourTurn);
            }
            let s = &spots[spot as usize];
            // A view read from a host may name a hand its spot does not have (`SeatUpdate::shape`
            // refuses it; this answers without one either way).
            let Some(h) = s.hands.get(hand as usize) else { return Some(Refusal::NotNow) };
            let total = h.total();
            let locked_ace = h.is_split_ace() && !r.hit_split_aces;
            match action {
                Action::Stand { .. } => None,
                Action::Hit { .. } => locked_ace.then_some(Refusal::CannotHit),
                Action::Surrender { .. } => {
                    let first = s.hands.len() == 1 && h.cards.len() == 2 && !h.doubled;
                    (!(r.surrender && first)).then_some(Refusal::CannotSurrender)
                }
                Action::Double { amount, .. } => {
                    let soft = total.has_ace.then_some(total.hard + 10);
                    let ok = h.cards.len() == 2
                        && !h.doubled
                        && !locked_ace
                        && (!h.from_split || r.double_after_split)
                        && r.may_double_total(total.hard, soft);
                    if !ok {
                        return Some(Refusal::CannotDouble);
                    }
                    let amount_ok = if r.double_for_less { amount > 0 && amount <= s.bet } else { amount == s.bet };
                    if !amount_ok {
                        return Some(Refusal::BetOutOfRange {
                            min: if r.double_for_less { 1 } else { s.bet },
                            max: s.bet,
                        });
                    }
                    (amount > owner_chips(spot)).then_some(Refusal::NotEnoughChips)
                }
                Action::Split { .. } => {
                    let pair = h.cards.len() == 2 && points(h.cards[0]) == points(h.cards[1]);
                    // Asked of a pair only, which has a first card (a hand from a host may have none).
                    let aces_ok = || points(h.cards[0]) != 1 || !h.from_split || r.resplit_aces;
                    if !(pair && aces_ok() && !h.doubled && s.hands.len() < r.max_hands()) {
                        return Some(Refusal::CannotSplit);
                    }
                    (s.bet > owner_chips(spot)).then_some(Refusal::NotEnoughChips)
                }
                _ => Some(Refusal::NotNow),
            }
        }
        (Action::NextRound, Phase::Settled) => None,
        _ => Some(Refusal::NotNow),
    }
}
