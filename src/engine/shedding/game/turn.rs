//! The turn's transitions: a turn begins, cards are laid, drawn or passed on, a suit is named,
//! the turn ends and its cards' effects resolve; picking up (and refilling the stock), penalties,
//! and the public record of what a seat showed (`Void`, `LastTurn`, `known`) as they happen.

use super::*;

// The turn's hot path (`lay`, `draw`, `end_laying`, `complete_turn`, ...) is inlined into its callers in
// native builds (simulations and benchmarks: about a tenth fewer instructions per decision), and
// left to the optimiser in the page, where every copy would cost download bytes.
impl Game {
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn begin_turn(&mut self, seat: Seat, ev: &mut Sink<'_>) {
        self.current = seat;
        self.turn_number += 1;
        // Field by field, keeping the laid-cards buffer: turns are the hot loop of every simulation.
        let called = self.calls[seat as usize].called;
        let t = &mut self.turn;
        t.laid.clear();
        t.draws = 0;
        t.run_direction = 0;
        t.suit_run = None;
        t.awaiting_suit = false;
        let pending = self.pending.get();
        t.start_pending = pending;
        t.called_at_start = called;
        self.live = pending;
        if called && self.rules.spec().last_card.is_some_and(|r| r.when == CallWhen::Anytime) {
            // A "Last card(s)" call covers the caller's next turn only; a new one may be made
            // during this turn for the turn after.
            self.calls[seat as usize].called = false;
        }
        ev.push(|| Event::TurnStarts { seat });
    }

    pub(super) fn name_suit(&mut self, seat: Seat, suit: Suit, ev: &mut Sink<'_>) {
        self.turn.awaiting_suit = false;
        self.called_suit = Some(suit);
        if self.records_turns {
            self.last_turns[seat as usize][0].named = Some(suit);
        }
        ev.push(|| Event::SuitNamed { seat, suit });
        self.complete_turn(ev);
    }

    pub(super) fn pass(&mut self, seat: Seat, ev: &mut Sink<'_>) {
        ev.push(|| Event::Passed { seat });
        self.note_turn_move(seat, ev);
        if self.drawable() == 0 {
            self.idle_passes += 1;
        } else {
            self.idle_passes = 0;
        }
        if self.idle_passes as usize > self.active_count() {
            self.end_round_early(ev);
        } else {
            self.complete_turn(ev);
        }
    }

    /// Lays a card as part of the current player's turn.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn lay(&mut self, seat: Seat, card: Card, ev: &mut Sink<'_>) {
        if self.rules.spec().runs.is_some() {
            // A run's direction: set by its first step up or down in one suit.
            let prev = if self.turn.laid.is_empty() { self.top() } else { *self.turn.laid.last().expect("mid-turn") };
            let d = card.rank.number() as i8 - prev.rank.number() as i8;
            if card.suit == prev.suit && d.abs() == 1 && self.turn.run_direction == 0 {
                self.turn.run_direction = d;
            }
        }
        if self.records_turns {
            if self.turn.laid.is_empty() && self.turn.draws == 0 {
                self.note_turn_opened(seat, Some(card));
            }
            self.last_turns[seat as usize][0].laid.add(card);
        }
        let removed = self.hands[seat as usize].remove(card);
        debug_assert!(removed, "checked: in hand");
        if self.records_turns && !self.known[seat as usize].is_empty() {
            self.known[seat as usize].remove(card);
        }
        self.note_card_left(seat, card);
        self.pile.push(card);
        self.plays_this_round += 1;
        self.idle_passes = 0;
        self.called_suit = None;
        ev.push(|| Event::Played { seat, card });
        self.card_laid(ev);
        if self.turn.suit_run.is_some_and(|s| s != card.suit) {
            self.turn.suit_run = None;
        }
        if self.rules.is_suit_run(card) {
            self.turn.suit_run = Some(card.suit);
        }
        self.turn.laid.push(card);
        if self.rules.spec().turn_effects == TurnEffects::EveryCard {
            self.live = if self.rules.resolves(card) { fold_card(self.live, self.rules.effect(card)) } else { None };
        }
        // Down to one card: watched for the "Last card" call (under rules that have one).
        if self.hands[seat as usize].is_single() && self.rules.spec().last_card.is_some() {
            self.calls[seat as usize].watching = !self.calls[seat as usize].called;
            self.flagged |= 1 << seat;
        }
        if self.plays_this_round >= self.rules.spec().max_plays {
            self.end_round_early(ev);
            return;
        }
        if self.rules.ends_turn(card) || (!self.must_cover() && !self.can_continue()) {
            self.end_laying(ev);
        }
    }

    /// The turn's laying is over (nothing can follow, `Finish`, or a suit change that ends it).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn end_laying(&mut self, ev: &mut Sink<'_>) {
        let seat = self.current;
        if self.hands[seat as usize].is_empty() && !self.try_go_out(seat, ev) {
            return; // the round or the game ended
        }
        let last = *self.turn.laid.last().expect("a card was laid");
        if self.rules.is_change_suit(last) {
            self.turn.awaiting_suit = true;
            return;
        }
        self.complete_turn(ev);
    }

    /// A player with an empty hand goes out, unless the call rules say otherwise. Returns false
    /// when the round or game ended.
    fn try_go_out(&mut self, seat: Seat, ev: &mut Sink<'_>) -> bool {
        if let Some(rule) = self.rules.spec().last_card {
            let called = match rule.when {
                CallWhen::Anytime => self.turn.called_at_start,
                CallWhen::OneCardLeft => self.calls[seat as usize].called,
            };
            if !called {
                let cards = match rule.penalty {
                    CallPenalty::PickUp(n) => n,
                    CallPenalty::DrawNextTurn | CallPenalty::CannotGoOut => 1,
                };
                self.penalise(seat, cards, PenaltyReason::NoCallToGoOut, ev);
                if !self.hands[seat as usize].is_empty() {
                    return true;
                }
                // Nothing left to pick up anywhere: they go out after all.
            }
        }
        self.finished.push(seat);
        ev.push(|| Event::WentOut { seat, place: self.finished.len() as u8 });
        match self.rules.spec().scoring {
            Scoring::FirstOut => {
                self.game_over(seat, ev);
                false
            }
            Scoring::Places { .. } => {
                if self.active_count() <= 1 || self.tie_break {
                    self.finish_round(ev);
                    false
                } else {
                    true
                }
            }
        }
    }

    /// Ends the turn: resolve the effects of the cards that count, then the next player's turn.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn complete_turn(&mut self, ev: &mut Sink<'_>) {
        let seat = self.current;
        let mut skips = 0;
        // A turn without a card leaves the pick-up as it stands (and says nothing of it).
        if !self.turn.laid.is_empty() {
            let start = self.turn.start_pending;
            let (pending, s, reverse) = self.effects_of(start, self.effective(&self.turn.laid));
            skips = s;
            if reverse {
                self.clockwise = !self.clockwise;
                ev.push(|| Event::Reversed { clockwise: self.clockwise });
            }
            if ev.is_on() {
                match (start, pending) {
                    (_, Some(p)) if Some(p) != start => ev.push(|| Event::PickUpPending { cards: p.cards }),
                    (Some(_), None) => ev.push(|| Event::PickUpCleared),
                    _ => {}
                }
            }
            self.pending = PendingSlot::new(pending);
            self.note_turn_move(seat, ev);
        }
        // One event per skipped turn, but at most one lap of the table's worth: a skip of hundreds
        // reads as everyone missing a turn, not as a thousand lines.
        if skips > 0 && ev.is_on() {
            for k in 1..=skips.min(self.active_count() as u32) {
                ev.push(|| Event::Skipped { seat: self.step(seat, k) });
            }
        }
        if self.turn_number >= MAX_TURNS {
            self.end_at_turn_limit(ev);
            return;
        }
        let next = self.step(seat, 1 + skips);
        self.begin_turn(next, ev);
    }

    /// The turn ends without laying more: after a wrong card or a timeout (already paid for).
    pub(super) fn give_up_turn(&mut self, ev: &mut Sink<'_>) {
        let seat = self.current;
        if self.turn.laid.is_empty() {
            // Penalties while under a pick-up do not remove it: both are picked up (000).
            if let Some(p) = std::mem::take(&mut self.pending).get() {
                let got = self.pick_up(seat, p.cards as usize, ev);
                ev.push(|| Event::Drew { seat, cards: got as u8 });
                ev.push(|| Event::PickUpCleared);
            }
        }
        self.note_turn_move(seat, ev);
        if self.turn.awaiting_suit {
            self.turn.awaiting_suit = false;
            self.complete_turn(ev);
        } else if self.turn.laid.is_empty() {
            self.complete_turn(ev);
        } else if self.must_cover() {
            // The cover was never laid: the turn ends on the uncovered card.
            self.complete_turn(ev);
        } else {
            self.end_laying(ev);
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn draw(&mut self, seat: Seat, ev: &mut Sink<'_>) {
        let owes = std::mem::take(&mut self.calls[seat as usize].owes_draw);
        let covering = !self.turn.laid.is_empty();
        let from_pending = if covering { None } else { self.pending.get() };
        if !owes && !covering {
            self.note_void(seat);
            if self.records_turns && self.turn.draws == 0 {
                self.note_turn_opened(seat, None);
            }
        }
        if owes {
            // The missed call and a pick-up laid on the player are separate penalties (003): the
            // owed card first, then the pick-up, each picked up and reported on its own.
            self.penalise(seat, 1, PenaltyReason::MissedLastCard, ev);
        }
        if from_pending.is_some() || !owes {
            let n = from_pending.map_or(1, |p| p.cards as usize);
            let got = self.pick_up(seat, n, ev);
            ev.push(|| Event::Drew { seat, cards: got as u8 });
        }
        self.note_turn_move(seat, ev);
        if covering {
            // Could not cover: the turn ends, and the uncovered card's effects still count.
            self.complete_turn(ev);
            return;
        }
        if std::mem::take(&mut self.pending).is_some() {
            ev.push(|| Event::PickUpCleared);
            self.turn.start_pending = None;
            self.live = None;
        }
        self.turn.draws += 1;
        let d = self.rules.spec().draw;
        if owes || from_pending.is_some() || !d.play_after_draw {
            self.complete_turn(ev);
        }
    }

    /// `seat` picks up when it could have opened its turn: see [`Void`].
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn note_void(&mut self, seat: Seat) {
        let answering = self.pending.is_some() || self.called_suit.is_some();
        if answering || !self.rules.spec().draw.may_draw_when_able {
            self.note_void_now(seat);
        }
    }

    /// [`Game::note_void`] when the pick-up shows something.
    #[cfg_attr(not(target_arch = "wasm32"), inline(never))]
    fn note_void_now(&mut self, seat: Seat) {
        let shown = self.open_mask();
        let v = &mut self.voids[seat as usize];
        v.cards = if v.free == 0 { v.cards | shown } else { shown };
        v.free = 0;
    }

    /// `seat` opens its turn by laying `first`, or by picking up: see [`LastTurn`].
    fn note_turn_opened(&mut self, seat: Seat, first: Option<Card>) {
        let fewest = (0..self.players).filter(|&s| s != seat && self.active(s)).map(|s| self.hands[s as usize].len());
        let turn = LastTurn {
            open: self.open_mask(),
            size: self.hands[seat as usize].len() as u8,
            fewest: fewest.min().map_or(u8::MAX, |n| n.min(254) as u8),
            first,
            laid: Hand::EMPTY,
            named: None,
        };
        let turns = &mut self.last_turns[seat as usize];
        turns.copy_within(..RECENT_TURNS - 1, 1);
        turns[0] = turn;
    }

    /// `seat` lost `card` from its hand (laid it, or gave back a card handed to it).
    pub(super) fn note_card_left(&mut self, seat: Seat, card: Card) {
        let hand = self.hands[seat as usize];
        let v = &mut self.voids[seat as usize];
        // Without a branch on what is known (random play mispredicted a third of them): with
        // nothing known (`cards` empty, `free` 0) this leaves the constraint as it is.
        v.free = v.free.saturating_sub((v.cards & bit(card) != 0) as u16);
        // Dropped once the exceptions allowed cover the whole hand (with none, once it is empty).
        let lapsed = v.free as usize >= hand.len();
        v.cards = if lapsed { 0 } else { v.cards };
        v.free = if lapsed { 0 } else { v.free };
    }

    /// Moves the top card of the stock to `seat`, refilling the stock first if the rules do;
    /// `None` when there is nothing to pick up.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn take_card(&mut self, seat: Seat, ev: &mut Sink<'_>) -> Option<Card> {
        if self.stock.is_empty() {
            self.refill(ev);
        }
        let c = self.stock.pop()?;
        self.hands[seat as usize].add(c);
        if self.records_turns && self.stock.len() < self.stock_seen {
            // Everyone knows which card this was.
            self.stock_seen = self.stock.len();
            self.known[seat as usize].add(c);
        }
        // One more card that may be an exception, if anything is known (no branch: see above).
        let v = &mut self.voids[seat as usize];
        v.free += (v.cards != 0) as u16;
        Some(c)
    }

    /// Moves up to `n` cards from the stock to `seat`; returns how many were picked up.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn pick_up(&mut self, seat: Seat, n: usize, ev: &mut Sink<'_>) -> usize {
        let mut got = 0;
        while got < n && self.take_card(seat, ev).is_some() {
            got += 1;
        }
        got
    }

    fn refill(&mut self, ev: &mut Sink<'_>) {
        if self.pile.len() < 2 {
            return;
        }
        let top = self.pile.pop().expect("len >= 2");
        let shuffled = match self.rules.spec().refill {
            Refill::Never => {
                self.pile.push(top);
                return;
            }
            Refill::TurnOver => {
                // Turned over as they lie: the oldest face-up card becomes the top of the stock.
                // Every one of them was seen laid, so the stock's order is now public.
                let all_seen = self.stock_seen == self.stock.len();
                self.stock.extend(self.pile.drain(..).rev());
                if all_seen {
                    self.stock_seen = self.stock.len();
                }
                false
            }
            Refill::Reshuffle => {
                self.stock_seen = 0;
                self.stock.append(&mut self.pile);
                self.rng.shuffle(&mut self.stock);
                true
            }
        };
        self.pile.push(top);
        ev.push(|| Event::Refilled { cards: self.stock.len(), shuffled });
    }

    pub(super) fn penalise(&mut self, seat: Seat, n: u8, reason: PenaltyReason, ev: &mut Sink<'_>) {
        let got = self.pick_up(seat, n as usize, ev);
        ev.push(|| Event::Penalty { seat, cards: got as u8, reason });
    }
}
