//! "Last card" bookkeeping after a move: the deadlines that pass with the next card or the next
//! player's move, and the calls and offences that lapse when a hand grows past one card. Only
//! flagged seats are visited, usually none.

use super::*;

impl Game {
    /// A card was laid: last-card deadlines that run "until the next card" pass, and open
    /// call-outs can no longer be disputed.
    pub(super) fn card_laid(&mut self, ev: &mut Sink<'_>) {
        for a in &mut self.accusations {
            a.open = false;
        }
        if self.flagged != 0 && self.rules.spec().last_card.is_some_and(|r| r.deadline == CallDeadline::NextCard) {
            self.deadline_passes(|_| true, ev);
        }
    }

    /// A turn move (play, draw, pass) by `seat`: deadlines that run "until the next player moves" pass.
    #[inline]
    pub(super) fn note_turn_move(&mut self, seat: Seat, ev: &mut Sink<'_>) {
        if self.flagged == 0 {
            return; // nobody is watched
        }
        if let Some(rule) = self.rules.spec().last_card {
            if rule.deadline == CallDeadline::NextPlayerMoves {
                self.deadline_passes(|s| s != seat, ev);
            }
        }
    }

    /// For each seat still watched and not yet the mover (per `applies`), the deadline has passed.
    #[inline(never)]
    fn deadline_passes(&mut self, applies: impl Fn(Seat) -> bool, ev: &mut Sink<'_>) {
        let Some(rule) = self.rules.spec().last_card else { return };
        // Only flagged seats can be watched; ascending seat order, as a loop over all seats.
        let mut seats = self.flagged;
        while seats != 0 {
            let s = seats.trailing_zeros() as Seat;
            seats &= seats - 1;
            let c = self.calls[s as usize];
            if !(c.watching && applies(s)) {
                continue;
            }
            self.calls[s as usize].watching = false;
            if c.called || !self.hands[s as usize].is_single() {
                continue;
            }
            ev.push(|| Event::MissedLastCard { seat: s });
            match (rule.enforcement, rule.penalty) {
                (Enforcement::Accusation, _) => self.calls[s as usize].missed = true,
                (Enforcement::Automatic, CallPenalty::DrawNextTurn) => self.calls[s as usize].owes_draw = true,
                (Enforcement::Automatic, CallPenalty::PickUp(n)) => {
                    self.penalise(s, n, PenaltyReason::MissedLastCard, ev)
                }
                (Enforcement::Automatic, CallPenalty::CannotGoOut) => {}
            }
        }
    }

    /// After any action: a hand that grew past one card drops its call and any open offence.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn after_hand_changes(&mut self) {
        // Every seat's call state is the default (nearly always): nothing to drop. Checked
        // here, inline, so that the common case costs no call.
        if self.flagged != 0 {
            self.drop_lapsed_calls();
        }
    }

    /// [`Game::after_hand_changes`] for the flagged seats.
    #[cfg_attr(not(target_arch = "wasm32"), inline(never))]
    fn drop_lapsed_calls(&mut self) {
        let anytime = self.rules.spec().last_card.is_some_and(|r| r.when == CallWhen::Anytime);
        let mut seats = self.flagged;
        while seats != 0 {
            let s = seats.trailing_zeros() as usize;
            seats &= seats - 1;
            if !self.hands[s].is_single() {
                let c = &mut self.calls[s];
                if !anytime {
                    c.called = false;
                }
                c.watching = false;
                c.missed = false;
            }
            if self.calls[s] == CallState::default() {
                self.flagged &= !(1 << s);
            }
        }
    }
}
