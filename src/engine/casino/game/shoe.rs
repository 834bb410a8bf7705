//! The shoe: drawing (and the cut card coming out), the cards seen face up for the count, the
//! shuffle at the cut card, and the refill from the discards when the shoe runs dry mid-round.

use super::*;

impl Game {
    /// The next card of the shoe. When the shoe runs dry mid-round the discards are shuffled
    /// into a new shoe (cards in play stay out); `None` only if there are no discards either.
    pub(super) fn draw(&mut self, ev: &mut Vec<Event>) -> Option<Card> {
        if self.shoe.next >= self.shoe.cards.len() {
            self.refill_from_discards(ev);
        }
        let c = *self.shoe.cards.get(self.shoe.next)?;
        self.shoe.next += 1;
        if self.shoe.next == self.shoe.cut && !self.shoe.cut_out {
            // 004: "the game can continue until the cut card is about to be dealt".
            self.shoe.cut_out = true;
            ev.push(Event::CutCardOut);
        }
        Some(c)
    }

    pub(super) fn see(&mut self, c: Card) {
        self.seen[points(c) as usize - 1] += 1;
        if points(c) == 7 && c.colour() == crate::engine::cards::Colour::Red {
            self.seen_red_sevens += 1;
        }
    }

    /// 004: "All packs … shuffled together"; the cut card "somewhere around a third up from the
    /// bottom": at the configured penetration, give or take 2% of the shoe.
    pub(super) fn shuffle(&mut self, ev: &mut Vec<Event>) {
        let mut cards = standard_decks(self.rules.decks);
        self.rng.shuffle(&mut cards);
        let n = cards.len();
        let spread = (n / 50).max(1);
        let base = n * self.rules.penetration_percent as usize / 100;
        let cut = (base + self.rng.below(2 * spread as u64 + 1) as usize).saturating_sub(spread).clamp(1, n - 1);
        self.shoe = Shoe { cards, next: 0, cut, discard: 0, cut_out: false };
        self.seen = [0; 10];
        self.seen_red_sevens = 0;
        ev.push(Event::Shuffled { cut_at: cut as u16 });
    }

    /// The shoe ran dry mid-round. As a casino does, the dealer shuffles the discards into a
    /// new shoe; the cards on the table stay out. The cut card is already out, so this shoe
    /// lasts to the end of the round and a full shuffle follows.
    fn refill_from_discards(&mut self, ev: &mut Vec<Event>) {
        let in_hands: Vec<Card> = self
            .spots
            .iter()
            .flat_map(|s| &s.hands)
            .filter(|h| h.state != HandState::BlackjackPaid)
            .flat_map(|h| h.cards.iter().copied())
            .collect();
        let out = self.dealer.iter().chain(&in_hands);
        let mut cards = standard_decks(self.rules.decks);
        for &c in out {
            if let Some(i) = cards.iter().position(|&x| x == c) {
                cards.swap_remove(i);
            }
        }
        self.rng.shuffle(&mut cards);
        let n = cards.len();
        self.shoe = Shoe { cards, next: 0, cut: n, discard: 0, cut_out: true };
        // The count restarts from what is face up on the table (the hole card stays unseen).
        self.seen = [0; 10];
        self.seen_red_sevens = 0;
        let face_up: Vec<Card> = self.dealer_visible().into_iter().flatten().chain(in_hands).collect();
        for c in face_up {
            self.see(c);
        }
        ev.push(Event::ShoeRefilled { cards: n as u16 });
    }
}
