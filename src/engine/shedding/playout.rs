//! A fast path for random playouts: the same game as [`Game`](super::Game), on bitboard hands,
//! for the rule sets it supports, with no events, no log and no checks (shakmaty's
//! `play_unchecked`, OpenSpiel's lean C++ state). Benchmarks and simulations use it; the page
//! and every rules test use `Game`.
//!
//! It covers single-card turns: suit-or-rank following, suit changes (wild or not), skips and
//! reverses, drawing (and playing after drawing), one deck, no refill, no "Last card" rule,
//! first out wins. [`Playout::new`] says `None` for anything else. It is held to `Game` by
//! `tests/playout.rs`: the same seed and the same choices give the same legal lists at every
//! step, the same winner and the same length, so a figure measured here is a figure of the game.

use super::rules::*;
use super::{Action, Seat};
use crate::engine::cards::{Card, Suit};
use crate::engine::rng::GameRng;

const SUIT: [u64; 4] = [0x1fff, 0x1fff << 13, 0x1fff << 26, 0x1fff << 39];
const fn rank_mask(r: usize) -> u64 {
    1 << r | 1 << (r + 13) | 1 << (r + 26) | 1 << (r + 39)
}

/// What the rules make of each card, as bit sets over card indices.
#[derive(Clone, Debug)]
struct Powers {
    /// Playable on any card (a wild suit change).
    wild: u64,
    /// The player names the next suit after it.
    names_suit: u64,
    reverse: u64,
    /// Players skipped, per card index.
    skips: [u8; 52],
}

#[derive(Clone, Debug)]
pub struct Playout {
    powers: Powers,
    max_draws: u8,
    play_after_draw: bool,
    draw_when_able: bool,
    max_plays: u32,
    two_player_reverse_skips: bool,
    redraw_wild: bool,
    hand_size: u8,
    players: u8,
    hands: [u64; 12],
    /// Face down; the last element is the top.
    stock: Vec<Card>,
    top: Card,
    /// The cards that may go on the top card now (suit or called suit, rank, wild cards).
    follow: u64,
    dealer: Seat,
    current: Seat,
    clockwise: bool,
    called: Option<Suit>,
    awaiting_suit: bool,
    draws: u8,
    plays: u32,
    idle_passes: u32,
    winner: Option<Seat>,
    rng: GameRng,
}

impl Playout {
    /// The game `Game::new(rules, players, seed)` deals, if these rules are on the fast path.
    pub fn new(rules: &Rules, players: u8, seed: u64) -> Option<Playout> {
        let spec = rules.spec();
        let supported = rules.decks_for(players) == 1
            && (spec.min_players..=spec.max_players).contains(&players)
            && spec.follow == Follow::SuitOrRank
            && spec.runs.is_none()
            && spec.refill == Refill::Never
            && matches!(spec.first_card, FirstCard::Neutral | FirstCard::RedrawWild)
            && spec.last_card.is_none()
            && spec.scoring == Scoring::FirstOut
            && spec
                .powers
                .iter()
                .all(|p| matches!(p.effect, Effect::ChangeSuit { .. } | Effect::Skip { .. } | Effect::Reverse));
        if !supported {
            return None;
        }
        let mut powers = Powers { wild: 0, names_suit: 0, reverse: 0, skips: [0; 52] };
        for i in 0..52 {
            match rules.effect(Card::from_index(i)) {
                Some(Effect::ChangeSuit { wild, .. }) => {
                    powers.names_suit |= 1 << i;
                    if wild {
                        powers.wild |= 1 << i;
                    }
                }
                Some(Effect::Reverse) => powers.reverse |= 1 << i,
                Some(Effect::Skip { players }) => powers.skips[i] = players,
                _ => {}
            }
        }
        let mut p = Playout {
            powers,
            max_draws: spec.draw.max_draws,
            play_after_draw: spec.draw.play_after_draw,
            draw_when_able: spec.draw.may_draw_when_able,
            max_plays: spec.max_plays,
            two_player_reverse_skips: spec.two_player_reverse == TwoPlayerReverse::ActsAsSkip,
            redraw_wild: spec.first_card == FirstCard::RedrawWild,
            hand_size: rules.hand_size_for(players),
            players,
            hands: [0; 12],
            stock: Vec::with_capacity(53),
            top: Card::from_index(0),
            follow: 0,
            dealer: 0,
            current: 0,
            clockwise: true,
            called: None,
            awaiting_suit: false,
            draws: 0,
            plays: 0,
            idle_passes: 0,
            winner: None,
            rng: GameRng::new(seed),
        };
        p.redeal(seed);
        Some(p)
    }

    /// Deals the game of another seed at the same table: what `new` deals, without working out
    /// the rules again (simulations deal thousands of games).
    pub fn redeal(&mut self, seed: u64) {
        self.rng = GameRng::new(seed);
        self.hands = [0; 12];
        self.clockwise = true;
        self.called = None;
        self.awaiting_suit = false;
        self.draws = 0;
        self.plays = 0;
        self.idle_passes = 0;
        self.winner = None;
        // Dealt exactly as `Game` deals: the deck in index order (`standard_decks`), one shuffle,
        // one card at a time from the dealer's left, then the card turned up.
        let deck = &mut self.stock;
        deck.clear();
        deck.extend((0..52).map(Card::from_index));
        self.rng.shuffle(deck);
        for _ in 0..self.hand_size {
            for i in 0..self.players {
                let seat = (1 + i) % self.players;
                let card = deck.pop().expect("validated: enough cards to deal");
                self.hands[seat as usize] |= 1 << card.index();
            }
        }
        let mut starter = deck.pop().expect("validated: a card to turn up");
        if self.redraw_wild {
            // As `Game` deals: at most 1000 turns back.
            for _ in 0..1000 {
                if self.powers.wild >> starter.index() & 1 == 0 {
                    break;
                }
                let at = self.rng.below(deck.len() as u64 + 1) as usize;
                deck.insert(at, starter);
                starter = deck.pop().expect("the deck is not empty");
            }
        }
        self.set_top(starter, None);
        self.current = 1 % self.players;
    }

    fn set_top(&mut self, card: Card, called: Option<Suit>) {
        self.top = card;
        self.called = called;
        let suit = called.unwrap_or(card.suit);
        self.follow = SUIT[suit.index() as usize] | rank_mask(card.rank.number() as usize - 1) | self.powers.wild;
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }
    pub fn current(&self) -> Seat {
        self.current
    }
    pub fn plays(&self) -> u32 {
        self.plays
    }

    /// The current player's cards that may be laid now.
    fn playable(&self) -> u64 {
        if self.draws > 0 && !self.play_after_draw {
            return 0;
        }
        self.hands[self.current as usize] & self.follow
    }

    fn may_draw(&self, playable: u64) -> bool {
        self.draws < self.max_draws && !self.stock.is_empty() && (self.draw_when_able || playable == 0)
    }

    fn may_pass(&self) -> bool {
        (self.draws > 0 && self.draws >= self.max_draws) || self.stock.is_empty()
    }

    /// The legal actions in `Game::legal_actions` order (for the equivalence test).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.is_over() {
            return;
        }
        let seat = self.current;
        if self.awaiting_suit {
            out.extend(Suit::ALL.iter().map(|&suit| Action::NameSuit { seat, suit }));
            return;
        }
        let playable = self.playable();
        let mut bits = playable;
        while bits != 0 {
            out.push(Action::Play { seat, card: Card::from_index(bits.trailing_zeros() as usize) });
            bits &= bits - 1;
        }
        if self.may_draw(playable) {
            out.push(Action::Draw { seat });
        }
        if self.may_pass() {
            out.push(Action::Pass { seat });
        }
    }

    /// Takes the `k`-th legal action (in `legal_actions_into` order) without listing them.
    /// Returns false when `k` is out of range.
    pub fn play_nth(&mut self, k: usize) -> bool {
        if self.awaiting_suit {
            let Some(&suit) = Suit::ALL.get(k) else { return false };
            self.name_suit(suit);
            return true;
        }
        let playable = self.playable();
        let (draw, pass) = (self.may_draw(playable), self.may_pass());
        if k >= playable.count_ones() as usize + draw as usize + pass as usize {
            return false;
        }
        self.take(k as u64, playable, draw);
        true
    }

    /// Uniformly random play to the end, choosing as `legal[rng.below(legal.len())]` would.
    /// Returns the number of decisions.
    pub fn play_random(&mut self, rng: &mut GameRng) -> u64 {
        let mut decisions = 0;
        while self.winner.is_none() {
            if self.awaiting_suit {
                self.name_suit(Suit::ALL[rng.below(4) as usize]);
            } else {
                let playable = self.playable();
                let (draw, pass) = (self.may_draw(playable), self.may_pass());
                let k = rng.below(playable.count_ones() as u64 + draw as u64 + pass as u64);
                self.take(k, playable, draw);
            }
            decisions += 1;
        }
        decisions
    }

    /// The `k`-th of: the playable cards in index order, then Draw (if `draw`), then Pass.
    fn take(&mut self, k: u64, playable: u64, draw: bool) {
        let n = playable.count_ones() as u64;
        if k < n {
            let mut bits = playable;
            for _ in 0..k {
                bits &= bits - 1;
            }
            self.lay(Card::from_index(bits.trailing_zeros() as usize));
        } else if k == n && draw {
            self.draw();
        } else {
            self.pass();
        }
    }

    fn name_suit(&mut self, suit: Suit) {
        self.awaiting_suit = false;
        self.set_top(self.top, Some(suit));
        self.next_turn(self.top);
    }

    fn lay(&mut self, card: Card) {
        let seat = self.current as usize;
        self.hands[seat] &= !(1 << card.index());
        self.set_top(card, None);
        self.plays += 1;
        self.idle_passes = 0;
        if self.plays >= self.max_plays {
            return self.end_early();
        }
        if self.hands[seat] == 0 {
            self.winner = Some(self.current);
            return;
        }
        if self.powers.names_suit >> card.index() & 1 == 1 {
            self.awaiting_suit = true;
            return;
        }
        self.next_turn(card);
    }

    fn draw(&mut self) {
        let card = self.stock.pop().expect("checked: the stock has a card");
        self.hands[self.current as usize] |= 1 << card.index();
        self.draws += 1;
        if !self.play_after_draw {
            self.step_on(0);
        }
    }

    fn pass(&mut self) {
        if self.stock.is_empty() {
            self.idle_passes += 1;
        } else {
            self.idle_passes = 0;
        }
        if self.idle_passes > self.players as u32 {
            self.end_early();
        } else {
            self.step_on(0);
        }
    }

    /// The turn that laid `card` ends: its skip or reverse, then the next player.
    fn next_turn(&mut self, card: Card) {
        let i = card.index();
        let mut skips = self.powers.skips[i] as u32;
        if self.powers.reverse >> i & 1 == 1 {
            if self.players == 2 && self.two_player_reverse_skips {
                skips += 1;
            } else {
                self.clockwise = !self.clockwise;
            }
        }
        self.step_on(skips);
    }

    fn step_on(&mut self, skips: u32) {
        let n = self.players as u32;
        let steps = (1 + skips) % n;
        let from = self.current as u32;
        self.current = if self.clockwise { (from + steps) % n } else { (from + n - steps) % n } as Seat;
        self.draws = 0;
    }

    /// The play limit or a blocked table: the fewest cards wins, ties to the earlier seat after the dealer.
    fn end_early(&mut self) {
        let n = self.players;
        let best = (0..n).min_by_key(|&s| (self.hands[s as usize].count_ones(), (s + n - self.dealer - 1) % n));
        self.winner = best;
    }
}
