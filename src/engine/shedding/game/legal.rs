//! What the rules allow now, without changing anything: the cards that may open or go on a turn
//! (as bit masks), the legal set and the lists read from it, and `check`, which turns an action
//! into the `Plan` that carries it out or the `Refusal` that says why not.

use super::*;

impl Game {
    pub(super) fn is_wild(&self, card: Card) -> bool {
        self.rules.wild_mask() & bit(card) != 0
    }

    /// Whether `card` answers the pick-up `p`.
    fn answers(&self, card: Card, p: Pending) -> bool {
        match self.rules.effect(card) {
            Some(Effect::PickUp { group, .. }) => group == p.group || self.rules.spec().stacking == Stacking::AnyPickUp,
            Some(Effect::ReducePickUp { group, .. }) | Some(Effect::CancelPickUp { group }) => group == p.group,
            _ => false,
        }
    }

    /// The cards that answer the pick-up `p`, named as the rules' powers name them.
    fn answers_to(&self, p: Pending) -> Answers {
        let mut answers = Answers::default();
        for pw in &self.rules.spec().powers {
            let card_like = Card::new(
                pw.rank,
                match pw.colour {
                    Some(crate::engine::cards::Colour::Red) => Suit::Hearts,
                    _ => Suit::Spades,
                },
            );
            if self.answers(card_like, p) {
                answers.add(pw.rank, pw.colour);
            }
        }
        answers
    }

    /// The pick-up after folding `cards` (in order) onto `start`: pick-ups add, answers reduce or
    /// cancel, and any other card laid on a live pick-up cancels it (Priestly: a run "cancelling
    /// the pickup completely").
    pub(super) fn fold_pending(&self, start: Option<Pending>, cards: &[Card]) -> Option<Pending> {
        cards.iter().fold(start, |p, &c| fold_card(p, self.rules.effect(c)))
    }

    /// The cards of `laid` whose effects count.
    pub(super) fn effective<'a>(&self, laid: &'a [Card]) -> &'a [Card] {
        match self.rules.spec().turn_effects {
            TurnEffects::EveryCard => laid,
            TurnEffects::LastCard => &laid[laid.len().saturating_sub(1)..],
        }
    }

    /// The pick-up as it stands mid-turn.
    pub(super) fn live_pending(&self) -> Option<Pending> {
        match self.rules.spec().turn_effects {
            TurnEffects::EveryCard => {
                debug_assert_eq!(self.live, self.fold_pending(self.turn.start_pending, &self.turn.laid));
                self.live
            }
            // Only the last card counts, and only when the turn ends: mid-turn nothing is live.
            TurnEffects::LastCard => None,
        }
    }

    /// The effects of `cards` on top of `start`: the pick-up, the skips, and whether the direction
    /// reverses (the caller turns it; events are the caller's, too).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn effects_of(&self, start: Option<Pending>, cards: &[Card]) -> (Option<Pending>, u32, bool) {
        // One pass, one effect lookup per card (usually one card).
        let (mut pending, mut skips, mut reverses) = (start, 0u32, 0u32);
        for &c in cards {
            if !self.rules.resolves(c) {
                pending = None; // laid on a pick-up, it cancels it
                continue;
            }
            let e = self.rules.effect(c);
            pending = fold_card(pending, e);
            match e {
                Some(Effect::Skip { players }) => skips += players as u32,
                Some(Effect::Reverse) => reverses += 1,
                _ => {}
            }
        }
        if reverses > 0
            && self.rules.spec().two_player_reverse == TwoPlayerReverse::ActsAsSkip
            && self.active_count() == 2
        {
            return (pending, skips + reverses, false);
        }
        (pending, skips, reverses % 2 == 1)
    }

    /// The cards that follow `prev` under the follow rule (and a Priestly run's direction).
    fn follow_mask(&self, prev: Card, called: Option<Suit>, run_direction: i8) -> u64 {
        let same_rank = rank_mask(prev.rank.number());
        if let Some(s) = called {
            return same_rank | SUIT_MASK[s.index() as usize];
        }
        match self.rules.spec().follow {
            Follow::SuitOrRank => same_rank | SUIT_MASK[prev.suit.index() as usize],
            Follow::AdjacentInSuitOrRank => {
                let r = prev.rank.number() as i8;
                let base = prev.suit.index() as i8 * 13 - 1;
                let mut m = same_rank;
                for d in [-1i8, 1] {
                    if (run_direction == 0 || d == run_direction) && r + d >= 1 && r + d <= 13 {
                        m |= 1u64 << (base + r + d);
                    }
                }
                m
            }
        }
    }

    /// The cards that may open the current turn, as a bit set (the hot path: no allocation).
    #[inline]
    pub(super) fn open_mask(&self) -> u64 {
        match self.pending.get() {
            Some(p) => self.rules.answers_mask(p.group),
            None => self.rules.wild_mask() | self.follow_mask(self.top(), self.called_suit, 0),
        }
    }

    /// Whether `card` may be the first card of the current turn.
    fn may_open(&self, card: Card) -> bool {
        self.open_mask() & bit(card) != 0
    }

    /// Why `card` may not open the turn, written for the player.
    fn opening_refusal(&self, card: Card) -> Refusal {
        match self.pending.get() {
            Some(p) => Refusal::MustAnswerPickUp { cards: p.cards, answers: self.answers_to(p) },
            None => Refusal::DoesNotFollow { card, onto: self.top() },
        }
    }

    /// The cards that may go on the turn after at least one card was laid, as a bit set.
    fn continue_mask(&self) -> u64 {
        const ALL: u64 = (1 << 52) - 1;
        let last = *self.turn.laid.last().expect("mid-turn");
        let effect = self.rules.effect(last);
        match effect {
            Some(Effect::FollowOn) => return ALL,
            Some(Effect::ChangeSuit { ends_turn: true, .. }) => return 0,
            _ => {}
        }
        let mut m = self.turn.suit_run.map_or(0, |s| SUIT_MASK[s.index() as usize]);
        let must_cover = matches!(effect, Some(Effect::MustCover));
        if self.rules.spec().runs.is_none() && !must_cover {
            return m;
        }
        let live = self.live_pending();
        match live {
            Some(p) => m |= self.rules.answers_mask(p.group),
            None => m |= self.rules.wild_mask(),
        }
        let direction = match self.rules.spec().runs {
            Some(Runs { keep_direction: true }) => self.turn.run_direction,
            _ => 0,
        };
        m | self.follow_mask(last, None, direction)
    }

    /// Whether `card` may go on the turn after at least one card was laid.
    fn may_continue_with(&self, card: Card) -> bool {
        self.continue_mask() & bit(card) != 0
    }

    pub(super) fn must_cover(&self) -> bool {
        self.turn.laid.last().is_some_and(|&c| self.rules.is_covered(c))
    }

    pub(super) fn can_continue(&self) -> bool {
        // Most turns are one card: with no run rule, no ten's sequence and nothing to cover,
        // nothing can follow, whatever the hand holds.
        if self.rules.spec().runs.is_none() && self.turn.suit_run.is_none() && !self.must_cover() {
            return false;
        }
        self.hands[self.current as usize].bits() & self.continue_mask() != 0
    }

    pub(super) fn drawable(&self) -> usize {
        let refillable = match self.rules.spec().refill {
            Refill::Never => 0,
            _ => self.pile.len() - 1,
        };
        self.stock.len() + refillable
    }

    /// Whether the current player may draw, and may pass, before laying a card this turn (not
    /// while naming a suit). `can_open`: whether the hand holds a card that may open the turn.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn draw_or_pass(&self, can_open: bool) -> (bool, bool) {
        if self.calls[self.current as usize].owes_draw || self.pending.is_some() {
            return (true, false);
        }
        let t = &self.turn;
        let d = self.rules.spec().draw;
        let drawable = self.drawable();
        let draw = t.draws < d.max_draws && drawable > 0 && (d.may_draw_when_able || !can_open);
        let pass = (t.draws > 0 && t.draws >= d.max_draws) || drawable == 0;
        (draw, pass)
    }

    // ----- legal actions -----------------------------------------------------------------

    /// The current player's turn actions: sorted, unique, and empty exactly when the game is over.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::shedding::{Game, Preset};
    ///
    /// let game = Game::new(Preset::CrazyEights.rules(), 5, 7).unwrap();
    /// let legal = game.legal_actions();
    /// assert!(!legal.is_empty(), "the game is not over");
    /// assert!(legal.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
    /// assert!(legal.iter().all(|&a| a.seat() == game.current() && game.is_legal(a)));
    /// // The same moves as the bit set that bots and simulations read.
    /// assert_eq!(legal, game.legal_set().iter().collect::<Vec<_>>());
    /// ```
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// [`Game::legal_actions`] into a reused buffer (cleared first).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend(self.legal_set().iter());
    }

    /// The current player's turn actions as a bit set: the one definition of what is legal
    /// (the lists above are read from it). The allocation-free path for bots and simulations.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn legal_set(&self) -> LegalSet {
        let seat = self.current;
        if self.is_over() {
            return LegalSet::none(seat);
        }
        let t = &self.turn;
        if t.awaiting_suit {
            return LegalSet::name_suit(seat);
        }
        let hand = self.hands[seat as usize].bits();
        if !t.laid.is_empty() {
            // Going on: with a card to cover, picking up is only for a hand that cannot.
            let plays = hand & self.continue_mask();
            let cover = self.must_cover();
            return LegalSet::turn(seat, plays, cover && plays == 0, false, !cover);
        }
        let open = hand & self.open_mask();
        let may_play = !self.calls[seat as usize].owes_draw && (t.draws == 0 || self.rules.spec().draw.play_after_draw);
        let (draw, pass) = self.draw_or_pass(open != 0);
        LegalSet::turn(seat, if may_play { open } else { 0 }, draw, pass, false)
    }

    /// Everything `seat` may do now without breaking a rule: its turn actions when it is its
    /// turn, plus calls, free table talk, true call-outs and disputes of false ones.
    pub fn legal_actions_for(&self, seat: Seat) -> Vec<Action> {
        let mut out = if seat == self.current { self.legal_actions() } else { Vec::new() };
        if self.is_over() || seat >= self.players {
            return out;
        }
        let candidates = [
            Action::CallLastCard { seat },
            Action::Say { seat, phrase: Phrase::WellPlayed },
            Action::Say { seat, phrase: Phrase::Hurry },
        ];
        out.extend(candidates.into_iter().filter(|&a| matches!(self.check(a), Ok(Plan::Call) | Ok(Plan::Say(0)))));
        for target in 0..self.players {
            let a = Action::Accuse { seat, target, infringement: Infringement::MissedLastCard };
            if matches!(self.check(a), Ok(Plan::Accuse { correct: true, .. })) {
                out.push(a);
            }
        }
        for id in 0..self.accusations.len() as u16 {
            let a = Action::Dispute { seat, accusation: id };
            if matches!(self.check(a), Ok(Plan::Dispute { upheld: true })) {
                out.push(a);
            }
        }
        // Pushed in `Action` order (turn moves, the call, free talk, call-outs by target,
        // disputes by number): sorted and unique without sorting.
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]), "sorted and unique: {out:?}");
        out
    }

    // ----- checking ----------------------------------------------------------------------

    pub(super) fn check(&self, action: Action) -> Result<Plan, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let seat = action.seat();
        if seat >= self.players {
            return Err(Refusal::NoSuchSeat);
        }
        let spec = self.rules.spec();
        let is_turn_action = action.is_turn_move() || matches!(action, Action::Timeout { .. });
        // A player who went out on a suit-changing card still names the suit (British rounds go on).
        let naming_after_out =
            matches!(action, Action::NameSuit { .. }) && seat == self.current && self.turn.awaiting_suit;
        if is_turn_action && !self.active(seat) && !naming_after_out {
            return Err(Refusal::NotInRound);
        }
        if is_turn_action && seat != self.current {
            return match (action, spec.penalties.out_of_turn) {
                (Action::Play { card, .. }, Some(n)) if self.hands[seat as usize].contains(card) => {
                    Ok(Plan::OutOfTurn(n))
                }
                (Action::Play { card, .. }, _) if !self.hands[seat as usize].contains(card) => Err(Refusal::NotInHand),
                _ => Err(Refusal::NotYourTurn),
            };
        }
        let t = &self.turn;
        match action {
            Action::Play { card, .. } => {
                if t.awaiting_suit {
                    return Err(Refusal::MustNameSuit);
                }
                if !self.hands[seat as usize].contains(card) {
                    return Err(Refusal::NotInHand);
                }
                let verdict = if t.laid.is_empty() {
                    if self.calls[seat as usize].owes_draw {
                        Err(Refusal::MustPickUp)
                    } else if t.draws > 0 && !spec.draw.play_after_draw {
                        Err(Refusal::CannotDraw)
                    } else if self.may_open(card) {
                        Ok(())
                    } else {
                        Err(self.opening_refusal(card))
                    }
                } else if self.may_continue_with(card) {
                    Ok(())
                } else if self.must_cover() {
                    Err(Refusal::MustCover)
                } else {
                    Err(Refusal::DoesNotFollow { card, onto: *t.laid.last().expect("mid-turn") })
                };
                match (verdict, spec.penalties.wrong_card) {
                    (Ok(()), _) => Ok(Plan::Lay),
                    (Err(Refusal::DoesNotFollow { .. }) | Err(Refusal::MustAnswerPickUp { .. }), Some(n)) => {
                        Ok(Plan::WrongCard(n))
                    }
                    (Err(e), _) => Err(e),
                }
            }
            Action::NameSuit { .. } => {
                if t.awaiting_suit {
                    Ok(Plan::NameSuit)
                } else {
                    Err(Refusal::NoSuitToName)
                }
            }
            Action::Draw { .. } => {
                if t.awaiting_suit {
                    Err(Refusal::MustNameSuit)
                } else if self.legal_set().may_draw() {
                    Ok(Plan::Draw)
                } else if self.must_cover() {
                    Err(Refusal::MustCover)
                } else {
                    Err(Refusal::CannotDraw)
                }
            }
            Action::Pass { .. } => {
                if self.legal_set().may_pass() {
                    Ok(Plan::Pass)
                } else {
                    Err(Refusal::CannotPass)
                }
            }
            Action::Finish { .. } => {
                if t.awaiting_suit {
                    Err(Refusal::MustNameSuit)
                } else if t.laid.is_empty() {
                    Err(Refusal::NothingToFinish)
                } else if self.must_cover() {
                    Err(Refusal::MustCover)
                } else {
                    Ok(Plan::Finish)
                }
            }
            Action::Timeout { .. } => spec.penalties.timeout.map(Plan::Timeout).ok_or(Refusal::NoClock),
            Action::CallLastCard { .. } => {
                let rule = spec.last_card.ok_or(Refusal::NoLastCardRule)?;
                if !self.active(seat) {
                    return Err(Refusal::NotInRound);
                }
                if self.calls[seat as usize].called {
                    return Err(Refusal::AlreadyCalled);
                }
                let cards = self.hands[seat as usize].len();
                if rule.when == CallWhen::OneCardLeft && cards != 1 {
                    return rule.false_call.map(Plan::FalseCall).ok_or(Refusal::CallNotTrue { cards });
                }
                Ok(Plan::Call)
            }
            Action::Say { phrase: Phrase::YourTurn(named), .. } if named >= self.players => Err(Refusal::NoSuchSeat),
            Action::Say { phrase, .. } => {
                Ok(Plan::Say(if phrase.is_infringement() { spec.penalties.table_talk.unwrap_or(0) } else { 0 }))
            }
            Action::Accuse { target, infringement: Infringement::MissedLastCard, .. } => {
                let rule =
                    spec.last_card.filter(|r| r.enforcement == Enforcement::Accusation).ok_or(Refusal::NotAccusable)?;
                if target >= self.players {
                    return Err(Refusal::NoSuchSeat);
                }
                if target == seat {
                    return Err(Refusal::CannotAccuseSelf);
                }
                if !self.active(target) {
                    return Err(Refusal::NotInRound);
                }
                if self.last_accusation_turn[seat as usize] == Some(self.turn_number) {
                    return Err(Refusal::Cooldown);
                }
                let cards = match rule.penalty {
                    CallPenalty::PickUp(n) => n,
                    CallPenalty::DrawNextTurn | CallPenalty::CannotGoOut => 1,
                };
                Ok(Plan::Accuse { correct: self.calls[target as usize].missed, cards })
            }
            Action::Dispute { accusation, .. } => {
                let a = self.accusations.get(accusation as usize).ok_or(Refusal::NoSuchAccusation)?;
                if !a.open {
                    return Err(Refusal::DisputeClosed);
                }
                if a.accuser == seat {
                    return Err(Refusal::CannotDisputeOwn);
                }
                Ok(Plan::Dispute { upheld: !a.correct })
            }
        }
    }

    /// Whether `action` would be accepted now (legal, or an infringement these rules penalise).
    pub fn is_accepted(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Whether `action` follows the rules now: accepted, and not an infringement that costs cards.
    pub fn is_legal(&self, action: Action) -> bool {
        matches!(
            self.check(action),
            Ok(Plan::Lay
                | Plan::NameSuit
                | Plan::Draw
                | Plan::Pass
                | Plan::Finish
                | Plan::Call
                | Plan::Say(0)
                | Plan::Accuse { correct: true, .. }
                | Plan::Dispute { upheld: true })
        )
    }

    /// The reason `action` would be refused, if it would.
    pub fn refusal(&self, action: Action) -> Option<Refusal> {
        self.check(action).err()
    }
}
