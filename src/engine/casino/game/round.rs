//! The round after the bets: the deal, insurance and blackjacks paid at once, the turn moving from
//! hand to hand, the dealer's play, settling every hand, and clearing the table for the next round
//! (or calling the round off when no card is left).

use super::*;

impl Game {
    pub(super) fn dealer_may_have_blackjack(&self) -> bool {
        self.dealer.first().is_some_and(|&c| matches!(points(c), 1 | 10))
    }

    /// Deals a card face up to a hand; `false` if no card was left and the round was called off.
    pub(super) fn deal_to(&mut self, spot: Spot, hand: u8, ev: &mut Vec<Event>) -> bool {
        let Some(c) = self.draw(ev) else {
            self.call_off(ev);
            return false;
        };
        self.see(c);
        self.spots[spot as usize].hands[hand as usize].cards.push(c);
        ev.push(Event::Dealt { spot, hand, card: c });
        true
    }

    /// No card left in the shoe or the discards: every bet still on the table (doubles,
    /// splits and insurance included) goes back to its player and the round ends.
    fn call_off(&mut self, ev: &mut Vec<Event>) {
        ev.push(Event::RoundCalledOff);
        self.hole_revealed = true;
        for i in 0..self.spots.len() {
            let owner = self.spots[i].owner.unwrap_or(0) as usize;
            let insurance = std::mem::take(&mut self.spots[i].insurance);
            self.pay(owner, insurance);
            for j in 0..self.spots[i].hands.len() {
                let h = &mut self.spots[i].hands[j];
                if matches!(h.state, HandState::Settled | HandState::BlackjackPaid) {
                    continue;
                }
                let stake = h.stake;
                h.outcome = Some(Outcome::Push);
                h.returned = stake;
                h.state = HandState::Settled;
                self.pay(owner, stake);
                ev.push(Event::Settled { spot: i as Spot, hand: j as u8, outcome: Outcome::Push, net: 0 });
            }
        }
        self.phase = Phase::Settled;
    }

    pub(super) fn deal(&mut self, ev: &mut Vec<Event>) {
        self.round += 1;
        let betting: Vec<Spot> = (0..self.spots.len() as Spot).filter(|&i| self.spots[i as usize].bet > 0).collect();
        for &i in &betting {
            let s = &mut self.spots[i as usize];
            s.hands = vec![Hand::new(s.bet)];
        }
        // 004: "dealt clockwise": a card to each spot, the dealer's up card, a second card to
        // each spot, then the hole card.
        for &i in &betting {
            if !self.deal_to(i, 0, ev) {
                return;
            }
        }
        let Some(up) = self.draw(ev) else { return self.call_off(ev) };
        self.see(up);
        self.dealer.push(up);
        ev.push(Event::DealerUp { card: up });
        for &i in &betting {
            if !self.deal_to(i, 0, ev) {
                return;
            }
        }
        let Some(hole) = self.draw(ev) else { return self.call_off(ev) };
        self.dealer.push(hole);
        ev.push(Event::HoleDealt);
        for &i in &betting {
            let h = &mut self.spots[i as usize].hands[0];
            if is_two_card_21(&h.cards) {
                h.state = HandState::Blackjack;
            }
        }
        if self.rules.insurance && points(up) == 1 {
            ev.push(Event::InsuranceOffered);
            self.phase = Phase::Insurance { spot: betting[0] };
        } else {
            self.after_insurance(ev);
        }
    }

    /// Next insurance decision, or on to paying blackjacks and playing the hands.
    pub(super) fn after_insurance(&mut self, ev: &mut Vec<Event>) {
        if let Some(spot) = (0..self.spots.len()).find(|&i| {
            self.spots[i].bet > 0
                && !self.spots[i].insurance_decided
                && self.rules.insurance
                && self.dealer.first().is_some_and(|&c| points(c) == 1)
        }) {
            self.phase = Phase::Insurance { spot: spot as Spot };
            return;
        }
        if !self.dealer_may_have_blackjack() {
            // 004: with no ace or ten showing, blackjacks are paid 3:2 and removed at once.
            for i in 0..self.spots.len() {
                if self.spots[i].hands.first().is_some_and(|h| h.state == HandState::Blackjack) {
                    let win = self.rules.blackjack_win(self.spots[i].bet);
                    let owner = self.spots[i].owner.unwrap_or(0) as usize;
                    let h = &mut self.spots[i].hands[0];
                    h.state = HandState::BlackjackPaid;
                    h.outcome = Some(Outcome::Blackjack);
                    h.returned = h.stake + win;
                    let (back, cards) = (h.returned, h.cards.len());
                    self.pay(owner, back);
                    self.house = self.house.saturating_sub(win);
                    self.shoe.discard += cards;
                    ev.push(Event::BlackjackPaid { spot: i as Spot, amount: win });
                }
            }
        }
        self.phase = Phase::Playing { spot: 0, hand: 0 };
        self.advance_from(0, 0, ev);
    }

    pub(super) fn bust(&mut self, spot: Spot, hand: u8, ev: &mut Vec<Event>) {
        self.spots[spot as usize].hands[hand as usize].state = HandState::Bust;
        ev.push(Event::Bust { spot, hand });
    }

    /// A split ace that cannot be hit is finished once it has its second card (unless it can
    /// be resplit); a split hand reaching 21 stands. Then play moves on if needed.
    pub(super) fn settle_if_done(&mut self, spot: Spot, hand: u8, ev: &mut Vec<Event>) {
        let h = &self.spots[spot as usize].hands[hand as usize];
        let total = h.total();
        let may_resplit = h.cards.len() == 2
            && points(h.cards[0]) == points(h.cards[1])
            && self.rules.resplit_aces
            && self.spots[spot as usize].hands.len() < self.rules.max_hands();
        let done = total.best() == 21 || (h.is_split_ace() && !self.rules.hit_split_aces && !may_resplit);
        if done {
            self.spots[spot as usize].hands[hand as usize].state = HandState::Stood;
            self.advance(ev);
        }
    }

    pub(super) fn advance(&mut self, ev: &mut Vec<Event>) {
        if let Phase::Playing { spot, hand } = self.phase {
            self.advance_from(spot, hand, ev);
        }
    }

    /// Moves the turn to the first hand at or after (spot, hand) still playing, dealing the
    /// second card to a split hand as it comes up; with none left the dealer plays.
    fn advance_from(&mut self, spot: Spot, hand: u8, ev: &mut Vec<Event>) {
        let (mut s, mut h) = (spot as usize, hand as usize);
        while s < self.spots.len() {
            while h < self.spots[s].hands.len() {
                if self.spots[s].hands[h].state == HandState::Playing {
                    self.phase = Phase::Playing { spot: s as Spot, hand: h as u8 };
                    if self.spots[s].hands[h].cards.len() == 1 && self.deal_to(s as Spot, h as u8, ev) {
                        self.settle_if_done(s as Spot, h as u8, ev);
                    }
                    return;
                }
                h += 1;
            }
            s += 1;
            h = 0;
        }
        self.dealer_plays(ev);
    }

    fn dealer_total(&self) -> Total {
        Total::of(&self.dealer)
    }

    fn dealer_plays(&mut self, ev: &mut Vec<Event>) {
        self.hole_revealed = true;
        let hole = self.dealer[1];
        self.see(hole);
        ev.push(Event::HoleRevealed { card: hole });
        let dealer_bj = is_two_card_21(&self.dealer);
        if dealer_bj {
            ev.push(Event::DealerBlackjack);
        }
        // The dealer draws only while a hand still waits on the dealer's total.
        let live = self.spots.iter().flat_map(|s| &s.hands).any(|h| h.state == HandState::Stood);
        if live && !dealer_bj {
            loop {
                let t = self.dealer_total();
                let stand = t.best() > 17 || (t.best() == 17 && !(t.is_soft() && self.rules.dealer_hits_soft_17));
                if stand {
                    break;
                }
                let Some(c) = self.draw(ev) else { return self.call_off(ev) };
                self.see(c);
                self.dealer.push(c);
                ev.push(Event::DealerDraws { card: c });
            }
            let t = self.dealer_total();
            if t.is_bust() {
                ev.push(Event::DealerBusts);
            } else {
                ev.push(Event::DealerStands { total: t.best() });
            }
        }
        self.settle(dealer_bj, ev);
        self.phase = Phase::Settled;
    }

    fn settle(&mut self, dealer_bj: bool, ev: &mut Vec<Event>) {
        let dealer = self.dealer_total();
        let obo = self.rules.dealer_blackjack == DealerBlackjack::OriginalBetOnly;
        for i in 0..self.spots.len() {
            let owner = self.spots[i].owner.unwrap_or(0) as usize;
            let bet = self.spots[i].bet;
            if self.spots[i].hands.is_empty() {
                continue;
            }
            let ins = self.spots[i].insurance;
            if ins > 0 {
                if dealer_bj {
                    self.pay(owner, ins * 3);
                    self.house = self.house.saturating_sub(ins * 2);
                    ev.push(Event::InsurancePaid { spot: i as Spot, amount: ins * 2 });
                } else {
                    self.house = self.house.saturating_add(ins);
                    ev.push(Event::InsuranceLost { spot: i as Spot, amount: ins });
                }
            }
            // 004: against a dealer blackjack "the Player can only lose his original wager".
            let mut original_left = bet;
            for j in 0..self.spots[i].hands.len() {
                let h = &self.spots[i].hands[j];
                let (outcome, returned) = match h.state {
                    HandState::Settled | HandState::BlackjackPaid => continue,
                    HandState::Blackjack if dealer_bj => (Outcome::Push, h.stake),
                    HandState::Blackjack => (Outcome::Blackjack, h.stake + self.rules.blackjack_win(h.stake)),
                    HandState::Surrendered if dealer_bj => (Outcome::Lose, 0),
                    HandState::Surrendered => (Outcome::Surrender, h.stake / 2),
                    _ if dealer_bj => {
                        let outcome = if h.state == HandState::Bust { Outcome::Bust } else { Outcome::Lose };
                        if obo {
                            let lost = original_left.min(h.stake);
                            original_left -= lost;
                            (outcome, h.stake - lost)
                        } else {
                            (outcome, 0)
                        }
                    }
                    HandState::Bust => (Outcome::Bust, 0),
                    _ => {
                        let t = h.total().best();
                        if dealer.is_bust() || t > dealer.best() {
                            (Outcome::Win, h.stake * 2)
                        } else if t == dealer.best() {
                            (Outcome::Push, h.stake)
                        } else {
                            (Outcome::Lose, 0)
                        }
                    }
                };
                let stake = h.stake;
                self.pay(owner, returned);
                self.house = self.house.saturating_add(stake - returned);
                let h = &mut self.spots[i].hands[j];
                h.outcome = Some(outcome);
                h.returned = returned;
                h.state = HandState::Settled;
                ev.push(Event::Settled { spot: i as Spot, hand: j as u8, outcome, net: returned - stake });
            }
        }
    }

    pub(super) fn next_round(&mut self, ev: &mut Vec<Event>) {
        self.shoe.discard += self.cards_in_hands() + self.dealer.len();
        self.dealer.clear();
        self.hole_revealed = false;
        for s in &mut self.spots {
            s.hands.clear();
            s.insurance = 0;
            s.insurance_decided = false;
            // The same bet again if the player can cover it; otherwise the spot sits out.
            let owner = s.owner.unwrap_or(0) as usize;
            if s.bet > self.bankrolls[owner] {
                s.bet = 0;
            } else {
                self.bankrolls[owner] = self.bankrolls[owner].saturating_sub(s.bet);
            }
        }
        if self.shoe.cut_out || self.rules.shuffle == Shuffle::EveryRound {
            self.shuffle(ev);
        }
        self.phase = Phase::Betting;
    }
}
