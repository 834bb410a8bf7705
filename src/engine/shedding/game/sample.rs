//! Sampling what a seat cannot see: a whole game consistent with a seat's view, for the bots'
//! search (which never sees the real game). It stands on its own: it reads only the view and
//! builds the sampled game's state directly.

use super::*;

impl Game {
    /// A complete game consistent with everything `view` shows (OpenSpiel's
    /// ResampleFromInfostate): the cards the seat cannot see — full decks minus its hand and the
    /// face-up pile — are shuffled and dealt to the other hands at their known sizes, the rest
    /// becoming the stock. What the table showed is respected: a seat with a [`Void`] gets at
    /// most `free` of the cards it was seen not to hold (those seats are dealt first, from the
    /// cards they may hold). Search bots reason over such samples; they never see the real game.
    /// The sample keeps the view's record of the last turns but adds no more to it
    /// ([`Game::stop_recording_turns`]).
    pub fn determinize(view: &SeatView, rng: &mut GameRng) -> Game {
        Game::determinize_with(view, rng, 0, &mut |_, _| true)
    }

    /// [`Game::determinize`], where a caller's model of the other seats may refuse the hand a
    /// seat was dealt (`fits(seat, hand)`): that seat's hand is then drawn again, up to `tries`
    /// times, from its own cards and those left undealt, keeping its [`Void`]; if none fits, the
    /// first stands. The model sees only the sampled hands, so it cannot leak the real ones.
    pub fn determinize_with(
        view: &SeatView,
        rng: &mut GameRng,
        tries: u32,
        fits: &mut dyn FnMut(Seat, Hand) -> bool,
    ) -> Game {
        let players = view.hand_sizes.len() as u8;
        let rules = view.rules.clone();
        let decks = rules.decks_for(players) as i32;
        let mut counts = [decks; 52];
        // Known to this seat: its hand, the face-up pile, the part of the stock it saw turned
        // over, and the cards others drew from that part (`known`, dealt to them as seen; the
        // hands below are the rest of each hand, dealt at random).
        let known = |s: usize| view.known[s];
        let others = || (0..players as usize).filter(|&s| s != view.seat as usize);
        let full = |s: usize, mut h: Hand| {
            h.add_all(known(s));
            h
        };
        for c in view.hand.iter().chain(&view.pile).chain(&view.stock_seen) {
            counts[c.index()] -= 1;
        }
        for s in others() {
            for c in known(s).iter() {
                counts[c.index()] -= 1;
            }
        }
        let mut unseen: Vec<Card> = Vec::with_capacity(104);
        for (i, &k) in counts.iter().enumerate() {
            for _ in 0..k.max(0) {
                unseen.push(Card::from_index(i));
            }
        }
        let size = |s: usize| view.hand_sizes[s] - known(s).len();
        // Cards each constrained seat must hold from outside its void, beyond its known cards.
        let bound = |s: usize| -> (u64, usize) {
            let v = view.voids.get(s).copied().unwrap_or_default();
            if v.cards == 0 {
                (0, 0)
            } else {
                (v.cards, size(s).saturating_sub((v.free as usize).saturating_sub(known(s).count_in(v.cards))))
            }
        };
        rng.shuffle(&mut unseen);
        let mut hands = [Hand::EMPTY; SEATS];
        let mut dealt = vec![0usize; players as usize];
        // Constrained seats first: from the back of the shuffled cards, the first `need` each may
        // hold. (A seat that broke the model may find too few: the rest come below, unconstrained.)
        for s in others() {
            let (void, need) = bound(s);
            let mut i = unseen.len();
            while dealt[s] < need && i > 0 {
                i -= 1;
                if void & bit(unseen[i]) == 0 {
                    hands[s].add(unseen.remove(i));
                    dealt[s] += 1;
                }
            }
        }
        for s in others() {
            for _ in dealt[s]..size(s) {
                if let Some(c) = unseen.pop() {
                    hands[s].add(c);
                }
            }
        }
        let mut redrawn = false;
        for s in others() {
            if tries == 0 || fits(s as Seat, full(s, hands[s])) {
                continue;
            }
            // Put the hand back with the undealt cards, and draw as many at random from them.
            let size = size(s);
            let first = hands[s];
            unseen.extend(first.iter());
            let v = view.voids.get(s).copied().unwrap_or_default();
            let mut found = false;
            for _ in 0..tries {
                let n = unseen.len();
                for i in 0..size {
                    let j = rng.below((n - i) as u64) as usize;
                    unseen.swap(j, n - 1 - i);
                }
                let h = Hand::from_cards(&unseen[n - size..]);
                if v.allows(full(s, h)) && fits(s as Seat, full(s, h)) {
                    hands[s] = h;
                    unseen.truncate(n - size);
                    found = true;
                    break;
                }
            }
            if !found {
                for c in first.iter() {
                    let at = unseen.iter().rposition(|&x| x == c).expect("put back above");
                    unseen.swap_remove(at);
                }
            }
            redrawn = true;
        }
        if redrawn {
            rng.shuffle(&mut unseen);
        }
        for s in others() {
            hands[s] = full(s, hands[s]);
        }
        hands[view.seat as usize] = Hand::from_cards(&view.hand);
        // The stock: the part the table saw at the bottom, in its order; unseen cards above it.
        unseen.truncate(view.stock_len - view.stock_seen.len());
        let mut stock = view.stock_seen.clone();
        stock.append(&mut unseen);
        let total = hands.iter().map(Hand::len).sum::<usize>() + stock.len() + view.pile.len();
        let mut g = Game::empty(rules, players, 0, total);
        g.rng = rng.fork();
        g.hands = hands;
        g.stock = stock;
        g.stock_seen = view.stock_seen.len();
        g.known[..players as usize].copy_from_slice(&view.known);
        g.pile = view.pile.clone();
        g.dealer = view.dealer;
        g.current = view.current;
        g.clockwise = view.clockwise;
        g.called_suit = view.called_suit;
        g.pending = PendingSlot::new(if view.turn.laid.is_empty() { view.pending } else { view.turn.start_pending });
        g.turn = view.turn.clone();
        g.live = g.fold_pending(g.turn.start_pending, &g.turn.laid);
        g.in_round.iter_mut().zip(&view.in_round).for_each(|(g, &v)| *g = v);
        g.finished = view.finished.clone();
        g.calls.iter_mut().zip(&view.calls).for_each(|(g, &v)| *g = v);
        g.flagged = g.calls.iter().enumerate().fold(0, |m, (s, c)| m | ((*c != CallState::default()) as u32) << s);
        g.voids.iter_mut().zip(&view.voids).for_each(|(g, &v)| *g = v);
        g.last_turns.iter_mut().zip(&view.last_turns).for_each(|(g, &v)| *g = v);
        g.stop_recording_turns();
        g.scores = view.scores.clone();
        g.round = view.round;
        g.tie_break = view.tie_break;
        g.phase = view.phase;
        g.plays_this_round = view.plays_this_round;
        g.turn_number = view.turn_number;
        g.idle_passes = view.idle_passes;
        g
    }
}
