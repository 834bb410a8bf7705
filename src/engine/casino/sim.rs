//! A lean simulator for the house-edge benchmark: one spot against the dealer, the chart's
//! decisions, the same dealing order and settlement as [`super::game::Game`] (a test plays
//! the same shoes through both and requires the same result), without events or allocation.

use super::rules::{DealerBlackjack, Shuffle, TableRules};
use super::strategy::{Chart, Play};
use crate::engine::rng::GameRng;

/// A shoe of point values (1 = ace … 10 = ten-value).
pub struct SimShoe {
    pub(super) cards: Vec<u8>,
    pub(super) next: usize,
}

impl SimShoe {
    pub fn full(decks: u8) -> SimShoe {
        let mut cards = Vec::with_capacity(decks as usize * 52);
        for _ in 0..decks as usize * 4 {
            cards.extend(1..=9u8);
            cards.extend([10u8; 4]);
        }
        SimShoe { cards, next: 0 }
    }
    /// A scripted shoe dealt from the front.
    pub fn scripted(cards: Vec<u8>) -> SimShoe {
        SimShoe { cards, next: 0 }
    }
    #[inline]
    fn draw(&mut self) -> u8 {
        let c = self.cards[self.next];
        self.next += 1;
        c
    }
}

/// What one round returned, in units of the original bet.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct RoundResult {
    pub net: f64,
    pub wagered: f64,
}

#[derive(Copy, Clone, Default)]
struct SimHand {
    hard: u8,
    ace: bool,
    n: u8,
    first: u8,
    second: u8,
    stake: u8,
    split: bool,
    done: bool,
    bust: bool,
}

impl SimHand {
    fn add(&mut self, c: u8) {
        if self.n == 0 {
            self.first = c;
        } else if self.n == 1 {
            self.second = c;
        }
        self.hard += c;
        self.ace |= c == 1;
        self.n += 1;
    }
    fn best(&self) -> u8 {
        if self.ace && self.hard + 10 <= 21 {
            self.hard + 10
        } else {
            self.hard
        }
    }
    fn soft(&self) -> bool {
        self.ace && self.hard + 10 <= 21
    }
}

pub struct Simulator {
    // The rules the hot loop reads, copied out of the rule set.
    das: bool,
    hit_split_aces: bool,
    resplit_aces: bool,
    surrender: bool,
    h17: bool,
    max_hands: usize,
    obo: bool,
    ratio: f64,
    insurance: bool,
    /// The chart's two-card decision for every (first, second, up, allowed-moves) —
    /// precomputed from [`Chart::decide`] so a round is table lookups.
    first: Vec<Play>,
    /// Hit or stand for three or more cards, by (hard total, soft, up).
    hits: Vec<bool>,
    double_ok: [[bool; 2]; 22],
}

fn first_index(a: u8, b: u8, up: u8, flags: usize) -> usize {
    (((a as usize - 1) * 10 + (b as usize - 1)) * 10 + (up as usize - 1)) * 16 + flags
}

impl Simulator {
    pub fn new(rules: &TableRules, chart: &Chart) -> Self {
        let mut first = vec![Play::Stand; 1000 * 16];
        for a in 1..=10u8 {
            for b in 1..=10u8 {
                for up in 1..=10u8 {
                    for flags in 0..16 {
                        let (hit, dbl, split, surr) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0, flags & 8 != 0);
                        first[first_index(a, b, up, flags)] = chart.decide(&[a, b], up, hit, dbl, split, surr);
                    }
                }
            }
        }
        let mut hits = vec![false; 32 * 2 * 10];
        for hard in 2..=21u8 {
            for soft in [false, true] {
                for up in 1..=10u8 {
                    if !soft || hard + 10 <= 21 {
                        hits[(hard as usize * 2 + soft as usize) * 10 + up as usize - 1] = chart.hits(hard, soft, up);
                    }
                }
            }
        }
        let mut double_ok = [[false; 2]; 22];
        for (hard, row) in double_ok.iter_mut().enumerate() {
            row[0] = rules.may_double_total(hard as u8, None);
            row[1] = rules.may_double_total(hard as u8, Some(hard as u8 + 10));
        }
        Simulator {
            das: rules.double_after_split,
            hit_split_aces: rules.hit_split_aces,
            resplit_aces: rules.resplit_aces,
            surrender: rules.surrender,
            h17: rules.dealer_hits_soft_17,
            max_hands: rules.max_hands(),
            obo: rules.dealer_blackjack == DealerBlackjack::OriginalBetOnly,
            ratio: rules.blackjack_ratio(),
            insurance: rules.insurance,
            first,
            hits,
            double_ok,
        }
    }

    fn may_double(&self, h: &SimHand) -> bool {
        h.n == 2 && (!h.split || (self.das && h.first != 1)) && self.double_ok[h.hard as usize][h.ace as usize]
    }

    /// One round from `shoe`, dealt in the engine's order: player, up card, player, hole.
    #[inline]
    pub fn round<S: Source>(&self, shoe: &mut S) -> RoundResult {
        let mut hands = [SimHand::default(); 4];
        hands[0].stake = 1;
        hands[0].add(shoe.draw());
        let up = shoe.draw();
        hands[0].add(shoe.draw());
        let hole = shoe.draw();
        let dealer_bj = (up == 1 && hole == 10) || (up == 10 && hole == 1);
        let may_bj = up == 1 || up == 10;
        // Insurance is half the bet, paid 2 to 1 on a dealer blackjack (taken only when the
        // source says so: the chart never insures).
        let insured = up == 1 && self.insurance && shoe.insure(hole);
        let side = match (insured, dealer_bj) {
            (false, _) => 0.0,
            (true, true) => 1.0,
            (true, false) => -0.5,
        };
        let player_bj = hands[0].best() == 21;
        if player_bj {
            let net = if dealer_bj { 0.0 } else { self.ratio };
            return RoundResult { net: net + side, wagered: 1.0 };
        }
        let mut count = 1usize;
        let mut i = 0usize;
        let mut surrendered = false;
        while i < count {
            let h = &mut hands[i];
            if h.n == 1 {
                h.add(shoe.draw());
            }
            loop {
                let h = &hands[i];
                if h.best() >= 21 || h.done {
                    break;
                }
                let locked = h.split && h.first == 1 && !self.hit_split_aces;
                let pair = h.n == 2 && h.first == h.second;
                let can_split = pair && count < self.max_hands && (h.first != 1 || !h.split || self.resplit_aces);
                if locked && !can_split {
                    break;
                }
                let can_surrender = self.surrender && count == 1 && !h.split && h.n == 2;
                let can_double = !locked && self.may_double(h);
                let hand = Decision {
                    first: h.first,
                    second: h.second,
                    hard: h.hard,
                    soft: h.soft(),
                    cards: h.n,
                    pair: pair.then_some(h.first),
                    can_hit: !locked,
                    can_double,
                    can_split,
                    can_surrender,
                };
                let play = if let Some(play) = shoe.deviate(&hand, up, hole) {
                    play
                } else if h.n == 2 {
                    let flags = !locked as usize
                        | (can_double as usize) << 1
                        | (can_split as usize) << 2
                        | (can_surrender as usize) << 3;
                    self.first[first_index(h.first, h.second, up, flags)]
                } else if self.hits[(h.hard as usize * 2 + h.soft() as usize) * 10 + up as usize - 1] {
                    Play::Hit
                } else {
                    Play::Stand
                };
                match play {
                    Play::Stand => break,
                    Play::Surrender => {
                        surrendered = true;
                        hands[i].done = true;
                        break;
                    }
                    Play::Hit => {
                        let c = shoe.draw();
                        hands[i].add(c);
                        if hands[i].hard > 21 {
                            hands[i].bust = true;
                            break;
                        }
                    }
                    Play::Double => {
                        let c = shoe.draw();
                        let h = &mut hands[i];
                        h.stake = 2;
                        h.add(c);
                        h.bust = h.hard > 21;
                        break;
                    }
                    Play::Split => {
                        let p = hands[i].first;
                        for j in (i + 1..count).rev() {
                            hands[j + 1] = hands[j];
                        }
                        let fresh = SimHand { stake: 1, split: true, ..SimHand::default() };
                        hands[i] = fresh;
                        hands[i].add(p);
                        hands[i + 1] = fresh;
                        hands[i + 1].add(p);
                        count += 1;
                        hands[i].add(shoe.draw());
                    }
                }
            }
            i += 1;
        }
        if surrendered {
            let net = if may_bj && dealer_bj { -1.0 } else { -0.5 };
            return RoundResult { net: net + side, wagered: 1.0 };
        }
        let wagered: f64 = hands[..count].iter().map(|h| h.stake as f64).sum();
        if dealer_bj {
            let net = if self.obo { -1.0 } else { -wagered };
            return RoundResult { net: net + side, wagered };
        }
        let live = hands[..count].iter().any(|h| !h.bust);
        let mut dealer = SimHand::default();
        dealer.add(up);
        dealer.add(hole);
        if live {
            let h17 = self.h17;
            while dealer.best() < 17 || (dealer.best() == 17 && dealer.soft() && h17) {
                dealer.add(shoe.draw());
            }
        }
        let d = if dealer.hard > 21 { 0 } else { dealer.best() };
        let mut net = 0.0;
        for h in &hands[..count] {
            let s = h.stake as f64;
            net += if h.bust {
                -s
            } else if dealer.hard > 21 || h.best() > d {
                s
            } else if h.best() == d {
                0.0
            } else {
                -s
            };
        }
        RoundResult { net: net + side, wagered }
    }
}

/// Running totals of a simulation.
#[derive(Copy, Clone, Debug, Default)]
pub struct Tally {
    pub rounds: u64,
    pub net: f64,
    pub net_sq: f64,
    pub wagered: f64,
}

impl Tally {
    pub fn add(&mut self, r: RoundResult) {
        self.rounds += 1;
        self.net += r.net;
        self.net_sq += r.net * r.net;
        self.wagered += r.wagered;
    }
    /// House edge in percent of the original bet, with the half-width of its 95% interval.
    pub fn house_edge(&self) -> (f64, f64) {
        let n = self.rounds as f64;
        let mean = self.net / n;
        let var = (self.net_sq / n - mean * mean).max(0.0);
        (-100.0 * mean, 100.0 * 1.96 * (var / n).sqrt())
    }
}

/// Plays `rounds` rounds with the rules' shuffling, one spot, from `seed`.
pub fn simulate(rules: &TableRules, chart: &Chart, rounds: u64, seed: u64) -> Tally {
    let sim = Simulator::new(rules, chart);
    let mut rng = Wy(GameRng::new(seed).next_u64());
    let mut shoe = SimShoe::full(rules.decks);
    let every_round = rules.shuffle == Shuffle::EveryRound;
    let mut tally = Tally::default();
    let mut shuffled = false;
    for _ in 0..rounds {
        if every_round {
            // Drawing by a partial Fisher–Yates from the full shoe: the same distribution as a
            // full shuffle before every round, for the cost of the cards actually drawn.
            shoe.next = 0;
            let r = sim.round(&mut Lazy { shoe: &mut shoe, rng: &mut rng });
            tally.add(r);
            continue;
        }
        // A round never needs more than 40 cards; shuffle early rather than run dry (at one or
        // two decks, before the cut card: the house edge does not mind, a count would).
        if !shuffled || shoe.spent(rules, 40) {
            rng.shuffle(&mut shoe.cards);
            shoe.next = 0;
            shuffled = true;
        }
        tally.add(sim.round(&mut shoe));
    }
    tally
}

impl SimShoe {
    /// Whether the cut card is out, or fewer than `reserve` cards are left: shuffle before the
    /// next round.
    pub(super) fn spent(&self, rules: &TableRules, reserve: usize) -> bool {
        let n = self.cards.len();
        self.next >= n * rules.penetration_percent as usize / 100 || self.next + reserve.min(n - 1) > n
    }
}

/// A decision the player is about to make: the hand and what the rules allow now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The hand's first two cards (a split hand's first is the pair card).
    pub first: u8,
    pub second: u8,
    /// The hand's total with aces as one, and whether an ace counts eleven in it.
    pub hard: u8,
    pub soft: bool,
    /// Cards in the hand.
    pub cards: u8,
    /// The pair's point value, for two cards alike.
    pub pair: Option<u8>,
    /// A split ace may not be hit (nor doubled) where the rules say so.
    pub can_hit: bool,
    pub can_double: bool,
    pub can_split: bool,
    pub can_surrender: bool,
}

/// Where a round's cards come from, and (for a player who counts) where their plays differ
/// from the chart's: a counter's shoe knows the count ([`super::counter`]).
pub trait Source {
    fn draw(&mut self) -> u8;
    /// A play other than the chart's for this decision against `up` (it must be one the
    /// decision allows), or `None` to play the chart. `hole` is the dealer's hole card: already
    /// drawn, but not seen, so a counter leaves it out of the count.
    #[inline]
    fn deviate(&mut self, _hand: &Decision, _up: u8, _hole: u8) -> Option<Play> {
        None
    }
    /// Whether to insure against the dealer's ace (`hole` as for [`Source::deviate`]).
    #[inline]
    fn insure(&mut self, _hole: u8) -> bool {
        false
    }
}

impl Source for SimShoe {
    fn draw(&mut self) -> u8 {
        SimShoe::draw(self)
    }
}

/// The simulator's own generator: wyrand (a published 64-bit generator, seeded from the
/// engine's [`GameRng`]), with Lemire's 32-bit bounded integers. Shuffling is most of a round's
/// cost, and this is several times cheaper than the engine's 128-bit PCG; the engine keeps PCG
/// for its fixed, documented stream.
pub(super) struct Wy(pub(super) u64);

impl Wy {
    #[inline]
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = (self.0 as u128) * ((self.0 ^ 0xe703_7ed1_a0b4_28db) as u128);
        ((t >> 64) as u64) ^ (t as u64)
    }
    /// Uniform in `0..bound` (bound < 2^32), unbiased (multiply and reject).
    #[inline]
    fn below(&mut self, bound: u32) -> u32 {
        let mut m = (self.next() as u32 as u64) * bound as u64;
        if (m as u32) < bound {
            // The threshold (2^32 mod bound) is below `bound`: only then is the division needed.
            let threshold = bound.wrapping_neg() % bound;
            while (m as u32) < threshold {
                m = (self.next() as u32 as u64) * bound as u64;
            }
        }
        (m >> 32) as u32
    }
    pub(super) fn shuffle(&mut self, cards: &mut [u8]) {
        for i in (1..cards.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            cards.swap(i, j);
        }
    }
}

/// A shoe that shuffles lazily: each draw picks a random card from those left (a partial
/// Fisher–Yates), which is a full shuffle for the cards actually drawn.
struct Lazy<'s> {
    shoe: &'s mut SimShoe,
    rng: &'s mut Wy,
}

impl Source for Lazy<'_> {
    #[inline]
    fn draw(&mut self) -> u8 {
        let s = &mut *self.shoe;
        let i = s.next + self.rng.below((s.cards.len() - s.next) as u32) as usize;
        s.cards.swap(s.next, i);
        s.draw()
    }
}
