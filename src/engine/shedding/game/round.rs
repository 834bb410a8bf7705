//! Dealing a round and ending one: the shuffle and the deal, the first card's rule, then at the
//! end the places, the scores, the turn limit, and the next round, a tie-breaker or the game's end.

use super::*;

impl Game {
    pub(super) fn deal_round(&mut self, dealer: Seat, ev: &mut Sink<'_>) {
        let decks = self.rules.decks_for(self.players);
        // The decks in index order (`standard_decks`), in the stock's buffer: no allocation.
        let mut deck = std::mem::take(&mut self.stock);
        deck.clear();
        for _ in 0..decks {
            deck.extend_from_slice(&CARDS);
        }
        self.rng.shuffle(&mut deck);
        let n = self.players;
        let dealt = self.in_round.iter().filter(|&&r| r).count() as u8;
        let hand_size = self.rules.hand_size_for(dealt);
        for h in &mut self.hands {
            h.clear();
        }
        self.dealer = dealer;
        // One card at a time to the seats dealt in, starting on the dealer's left.
        for _ in 0..hand_size {
            for i in 1..n + 1 {
                let seat = if dealer + i >= n { dealer + i - n } else { dealer + i };
                if self.in_round[seat as usize] {
                    let card = deck.pop().expect("validated: enough cards to deal");
                    self.hands[seat as usize].add(card);
                }
            }
        }
        let mut starter = deck.pop().expect("validated: a card to turn up");
        if self.rules.spec().first_card == FirstCard::RedrawWild {
            // Put a wild card back at random and turn another, as OpenSpiel does.
            // `Rules::new` makes sure a card that is not wild is left, so this ends; and after 1000
            // unlucky turns the wild card stands, so the deal ends in bounded time whatever happens.
            for _ in 0..1000 {
                if !self.is_wild(starter) {
                    break;
                }
                let at = self.rng.below(deck.len() as u64 + 1) as usize;
                deck.insert(at, starter);
                starter = deck.pop().expect("the deck is not empty");
            }
        }
        self.stock = deck;
        self.pile.clear();
        self.pile.push(starter);
        let seats = || (0..n).filter(|&s| self.in_round[s as usize]).collect();
        ev.push(|| Event::Dealt { round: self.round, dealer, seats: seats(), hand_size, starter });
        self.start_round_from_starter(ev);
    }

    /// Sets up play from the turned-up card: the first-card rule, then the first turn.
    pub(super) fn start_round_from_starter(&mut self, ev: &mut Sink<'_>) {
        self.clockwise = true;
        self.called_suit = None;
        self.pending = PendingSlot::NONE;
        self.finished.clear();
        self.plays_this_round = 0;
        self.idle_passes = 0;
        for c in &mut self.calls {
            *c = CallState::default();
        }
        self.flagged = 0;
        for v in &mut self.voids {
            *v = Void::default();
        }
        self.last_turns = [[LastTurn::default(); RECENT_TURNS]; SEATS];
        self.stock_seen = 0;
        self.known = [Hand::EMPTY; SEATS];
        for a in &mut self.accusations {
            a.open = false;
        }
        let starter = self.top();
        let mut skips = 0;
        if self.rules.spec().first_card == FirstCard::AsIfDealerPlayed {
            let (pending, s, reverse) = self.effects_of(None, &[starter]);
            self.clockwise ^= reverse;
            self.pending = PendingSlot::new(pending);
            skips = s;
            if let Some(p) = pending {
                ev.push(|| Event::PickUpPending { cards: p.cards });
            }
        }
        // The dealer may sit out a tie-breaker: step from the dealer's position all the same.
        let first = self.step(self.dealer, 1 + skips);
        self.begin_turn(first, ev);
    }

    pub(super) fn game_over(&mut self, winner: Seat, ev: &mut Sink<'_>) {
        self.phase = Phase::Over { winner };
        ev.push(|| Event::GameOver { winner });
    }

    /// The round stopped before everyone went out (the play limit, or nobody can move):
    /// the remaining players are placed by fewest cards, ties to the earlier seat after the dealer.
    pub(super) fn end_round_early(&mut self, ev: &mut Sink<'_>) {
        let rest = self.by_fewest_cards();
        match self.rules.spec().scoring {
            Scoring::FirstOut => self.game_over(rest[0], ev),
            Scoring::Places { .. } => {
                self.finished.extend(rest);
                self.finish_round(ev);
            }
        }
    }

    /// Those still playing, fewest cards first; ties to the earlier seat after the dealer.
    fn by_fewest_cards(&self) -> Vec<Seat> {
        let mut rest: Vec<Seat> = (0..self.players).filter(|&s| self.active(s)).collect();
        sort_small_by_key(&mut rest, |&s| {
            (self.hands[s as usize].len(), (s + self.players - self.dealer - 1) % self.players)
        });
        rest
    }

    /// Place k of n scores n - k points.
    fn score_places(&mut self, places: &[Seat]) {
        let n = places.len() as u32;
        for (i, &s) in places.iter().enumerate() {
            self.scores[s as usize] += n - 1 - i as u32;
        }
    }

    /// The game reached [`MAX_TURNS`] turns: the round in progress ends as at the play limit
    /// (those still playing placed by fewest cards) and is scored, then the game ends. One round:
    /// the fewest cards wins. Rounds: the highest score wins; a tie goes to the better place in
    /// this last round.
    pub(super) fn end_at_turn_limit(&mut self, ev: &mut Sink<'_>) {
        ev.push(|| Event::TurnLimit { turns: self.turn_number });
        let rest = self.by_fewest_cards();
        let Scoring::Places { .. } = self.rules.spec().scoring else {
            let winner = rest.first().copied().unwrap_or(self.current);
            self.game_over(winner, ev);
            return;
        };
        self.finished.extend(rest);
        let places = self.finished.clone();
        if !self.tie_break {
            self.score_places(&places);
        }
        ev.push(|| Event::RoundOver { round: self.round, places: places.clone(), scores: self.scores.clone() });
        let best = places.iter().map(|&s| self.scores[s as usize]).max().unwrap_or(0);
        let winner =
            if self.tie_break { places.first() } else { places.iter().find(|&&s| self.scores[s as usize] == best) };
        let winner = winner.copied().unwrap_or(self.current);
        self.game_over(winner, ev);
    }

    /// Every place is decided: score it, then the next round, a tie-breaker, or the end.
    pub(super) fn finish_round(&mut self, ev: &mut Sink<'_>) {
        for s in 0..self.players {
            if self.active(s) {
                self.finished.push(s);
            }
        }
        let places = self.finished.clone();
        if self.tie_break {
            ev.push(|| Event::RoundOver { round: self.round, places: places.clone(), scores: self.scores.clone() });
            self.game_over(places[0], ev);
            return;
        }
        self.score_places(&places);
        ev.push(|| Event::RoundOver { round: self.round, places, scores: self.scores.clone() });
        let target = self.target().expect("place scoring");
        let Scoring::Places { tie_break, .. } = self.rules.spec().scoring else { unreachable!() };
        let mut at_target: Vec<Seat> = (0..self.players).filter(|&s| self.scores[s as usize] >= target).collect();
        if tie_break == TieBreak::HighestOnly {
            let best = at_target.iter().map(|&s| self.scores[s as usize]).max().unwrap_or(0);
            at_target.retain(|&s| self.scores[s as usize] == best);
        }
        match at_target.len() {
            0 => {}
            1 => {
                self.game_over(at_target[0], ev);
                return;
            }
            _ => {
                self.tie_break = true;
                for s in 0..self.players {
                    self.in_round[s as usize] = at_target.contains(&s);
                }
                ev.push(|| Event::TieBreak { seats: at_target });
            }
        }
        if self.turn_number >= MAX_TURNS {
            // The round ended on the last turn the game allows: no round is dealt after it. The
            // highest score wins; a tie goes to the better place in this round.
            ev.push(|| Event::TurnLimit { turns: self.turn_number });
            let best = self.scores.iter().copied().max().unwrap_or(0);
            let winner = self.finished.iter().copied().find(|&s| self.scores[s as usize] == best);
            self.game_over(winner.unwrap_or(self.current), ev);
            return;
        }
        self.round += 1;
        let dealer = (self.dealer + 1) % self.players;
        self.deal_round(dealer, ev);
    }
}
