//! What must always hold of a game (cards conserved, a legal move while it is not over, ...),
//! checked whole; simulations and property tests call it after every action.

use super::*;

impl Game {
    /// Checks what must always hold; returns every broken invariant.
    pub fn check_invariants(&self) -> Result<(), Vec<String>> {
        let mut bad = Vec::new();
        let in_hands: usize = self.hands.iter().map(Hand::len).sum();
        let total = in_hands + self.stock.len() + self.pile.len();
        if total != self.total_cards {
            bad.push(format!("cards not conserved: {total} != {}", self.total_cards));
        }
        if self.pile.is_empty() {
            bad.push("the pile has no top card".into());
        }
        if self.records_turns && self.stock_seen > self.stock.len() {
            bad.push(format!("{} cards of the stock seen, of {}", self.stock_seen, self.stock.len()));
        }
        for (s, (k, h)) in self.known.iter().zip(&self.hands).enumerate() {
            if self.records_turns && k.iter().any(|c| k.count(c) > h.count(c)) {
                bad.push(format!("seat {s} is known to hold cards it does not"));
            }
        }
        let one_deck = self.rules.decks_for(self.players) == 1;
        for (s, h) in self.hands.iter().enumerate() {
            if one_deck && h.twins() != 0 {
                bad.push(format!("hand {s} holds a card twice from one deck"));
            }
        }
        if !self.is_over() {
            if !self.active(self.current) && !self.turn.awaiting_suit {
                bad.push(format!("current seat {} is not playing", self.current));
            }
            if self.legal_actions().is_empty() {
                bad.push("no legal action but the game is not over".into());
            }
        } else if !self.legal_actions().is_empty() {
            bad.push("legal actions after the game is over".into());
        }
        if self.pending.get().is_some_and(|p| p.cards == 0) {
            bad.push("a pending pick-up of 0".into());
        }
        if bad.is_empty() {
            Ok(())
        } else {
            Err(bad)
        }
    }
}
