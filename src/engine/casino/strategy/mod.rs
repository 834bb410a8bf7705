//! The mathematics of the table, computed rather than typed in: the expected value of every
//! action for a hand against an up card, by exact probability over the cards left, and from
//! those the basic-strategy chart for any rule set.
//!
//! Method (the usual combinatorial analysis):
//! - the dealer's outcome probabilities by recursion over the cards left, with the player's
//!   cards and the up card removed ("composition dependent"), memoised by the dealer's cards;
//! - standing, hitting (recursively, best of hit or stand after each card), doubling and
//!   surrendering evaluated exactly for each set of player cards;
//! - splitting evaluated as one hand started from one pair card with the other set aside,
//!   and resplits by the expected number of hands (only the number of hands split so far is
//!   considered, not the cards drawn to the other hands: the same simplification as the
//!   published tables we compare with);
//! - with "original bets only" a dealer blackjack costs exactly the original bet whatever the
//!   player does, so decisions use the dealer's probabilities given no blackjack, and the
//!   blackjack is accounted once at the top. The player's own draws are given no blackjack too:
//!   the hole card among the cards left is not a ten under an ace, nor an ace under a ten
//!   (`Solver::draw_odds`).
//!
//! All values are in units of the original bet.

use super::rules::{DealerBlackjack, TableRules};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

mod chart;
mod dealer;

pub(crate) use chart::weighted_order;
pub use chart::{chart, chart_with, column, Chart, Column, Order};
use dealer::*;

/// Cards by point value: index 0 = ace, 1 = two … 9 = ten-value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Counts(pub [u16; 10]);

impl Counts {
    pub fn full(decks: u8) -> Counts {
        let d = decks as u16;
        Counts([4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 4 * d, 16 * d])
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }
    /// Removes one card of `points` (1..=10); `None` if there is none.
    pub fn without(mut self, points: u8) -> Option<Counts> {
        let n = &mut self.0[points as usize - 1];
        *n = n.checked_sub(1)?;
        Some(self)
    }
    pub fn prob(&self, points: u8) -> f64 {
        self.0[points as usize - 1] as f64 / self.total() as f64
    }
}

/// A tiny multiplicative hasher: the keys are already well-mixed packed counts.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);
impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}
pub(crate) type Map<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// Outcomes of the dealer's hand: 17, 18, 19, 20, 21, bust, blackjack.
pub type DealerDist = [f64; 7];
const BUST: usize = 5;
const BJ: usize = 6;

/// A set of cards as a packed key: 6 bits per point value.
fn key_add(key: u64, points: u8) -> u64 {
    key + (1u64 << (6 * (points as u64 - 1)))
}

/// Hard total and ace flag of a packed key.
fn key_total(key: u64) -> (u8, bool, u8) {
    let mut hard = 0u32;
    let mut n = 0u32;
    for p in 1..=10u32 {
        let c = ((key >> (6 * (p - 1))) & 63) as u32;
        hard += c * p;
        n += c;
    }
    (hard.min(255) as u8, key & 63 > 0, n as u8)
}

fn best(hard: u8, ace: bool) -> u8 {
    if ace && hard + 10 <= 21 {
        hard + 10
    } else {
        hard
    }
}

/// The dealer's outcome probabilities for up card `up` drawing from `shoe` (up card already
/// removed), the hole card included.
pub fn dealer_distribution(shoe: Counts, up: u8, h17: bool) -> DealerDist {
    let mut memo: Map<DealerDist> = Map::default();
    let mut counts = shoe;
    dealer_rec(&mut counts, up as u32, up == 1, 1, h17, key_add(0, up), &mut memo)
}

fn dealer_rec(
    counts: &mut Counts,
    hard: u32,
    ace: bool,
    ncards: u8,
    h17: bool,
    key: u64,
    memo: &mut Map<DealerDist>,
) -> DealerDist {
    let mut out = [0.0; 7];
    if hard > 21 {
        out[BUST] = 1.0;
        return out;
    }
    let soft = ace && hard + 10 <= 21;
    let b = if soft { hard + 10 } else { hard };
    if ncards == 2 && b == 21 {
        out[BJ] = 1.0;
        return out;
    }
    if b > 17 || (b == 17 && !(soft && h17)) {
        out[(b - 17) as usize] = 1.0;
        return out;
    }
    if let Some(d) = memo.get(&key) {
        return *d;
    }
    let n = counts.total() as f64;
    for p in 1..=10u8 {
        let c = counts.0[p as usize - 1];
        if c == 0 {
            continue;
        }
        let pr = c as f64 / n;
        counts.0[p as usize - 1] -= 1;
        let sub = dealer_rec(counts, hard + p as u32, ace || p == 1, ncards + 1, h17, key_add(key, p), memo);
        counts.0[p as usize - 1] += 1;
        for i in 0..7 {
            out[i] += pr * sub[i];
        }
    }
    memo.insert(key, out);
    out
}

/// A value per dealer hand, kept between evaluations (no allocation per shoe).
#[derive(Default)]
struct Scratch {
    full: Vec<[f64; 6]>,
    bust: Vec<f64>,
}

/// Expected values of the actions open to a two-card hand (None where not allowed).
#[derive(Copy, Clone, Debug, PartialEq, Default)]
pub struct ActionEvs {
    pub stand: f64,
    pub hit: f64,
    pub double: Option<f64>,
    pub split: Option<f64>,
    pub surrender: Option<f64>,
    /// Taking full insurance (half the bet) changes the hand's value by this much.
    pub insurance: Option<f64>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Play {
    Stand,
    Hit,
    Double,
    Split,
    Surrender,
}

impl Play {
    pub fn name(self) -> &'static str {
        match self {
            Play::Stand => "Stand",
            Play::Hit => "Hit",
            Play::Double => "Double",
            Play::Split => "Split",
            Play::Surrender => "Surrender",
        }
    }
    pub fn letter(self) -> &'static str {
        match self {
            Play::Stand => "S",
            Play::Hit => "H",
            Play::Double => "D",
            Play::Split => "P",
            Play::Surrender => "R",
        }
    }
}

impl ActionEvs {
    /// The best action and its value; ties go to the simpler play (stand before hit …).
    pub fn best(&self) -> (Play, f64) {
        let mut best = (Play::Stand, self.stand);
        let mut consider = |p: Play, v: Option<f64>| {
            if let Some(v) = v {
                if v > best.1 + 1e-12 {
                    best = (p, v);
                }
            }
        };
        consider(Play::Hit, Some(self.hit));
        consider(Play::Double, self.double);
        consider(Play::Split, self.split);
        consider(Play::Surrender, self.surrender);
        best
    }
    pub fn value(&self, play: Play) -> Option<f64> {
        match play {
            Play::Stand => Some(self.stand),
            Play::Hit => Some(self.hit),
            Play::Double => self.double,
            Play::Split => self.split,
            Play::Surrender => self.surrender,
        }
    }
}

/// Evaluates hands against one up card for one shoe composition. Reuse it for many hands:
/// the dealer's probabilities and the hit values are memoised by the player's cards.
pub struct Solver {
    rules: TableRules,
    up: u8,
    /// The shoe with the up card removed (and, for a split solver, the set-aside pair card).
    base: Counts,
    /// Decisions use the dealer's probabilities given no dealer blackjack.
    conditioned: bool,
    /// Quick mode: the dealer's probabilities ignore the player's cards (only the up card and,
    /// for a split, the set-aside card are removed). The player's own draws stay exact.
    quick: bool,
    /// The dealer's probabilities by the cards removed from `dealer_shoe` (the player's and
    /// `aside`); `.1`: every outcome filled in, not only bust and blackjack. A split solver
    /// shares its parent's (lent while it works), so a shoe is worked out once for both.
    dealer: Map<(DealerDist, bool)>,
    /// The dealer's hands, laid out once for `dealer_shoe` and this up card (built when first
    /// needed, shared with the split solvers), and a value per hand for evaluating it.
    graph: Option<Rc<DealerGraph>>,
    scratch: Scratch,
    /// The shoe the dealer's probabilities are keyed from (the up card removed), and the cards
    /// set aside from it before this solver's `base` (a split's other pair card).
    dealer_shoe: Counts,
    aside: u64,
    hits: Map<f64>,
    stands: Map<f64>,
    split_solvers: Vec<Option<Box<Solver>>>,
    split_values: [Option<f64>; 10],
}

impl Solver {
    /// `shoe` is every card not yet seen, the up card included.
    pub fn new(rules: &TableRules, shoe: Counts, up: u8) -> Solver {
        let base = shoe.without(up).unwrap_or(shoe);
        let conditioned = rules.dealer_blackjack == DealerBlackjack::OriginalBetOnly && matches!(up, 1 | 10);
        Solver {
            rules: rules.clone(),
            up,
            base,
            conditioned,
            quick: false,
            dealer: Map::default(),
            graph: None,
            scratch: Scratch::default(),
            dealer_shoe: base,
            aside: 0,
            hits: Map::default(),
            stands: Map::default(),
            split_solvers: Vec::new(),
            split_values: [None; 10],
        }
    }

    fn composition(&self, key: u64) -> Option<Counts> {
        let mut c = self.base;
        for p in 1..=10u8 {
            let n = ((key >> (6 * (p as u64 - 1))) & 63) as u16;
            c.0[p as usize - 1] = c.0[p as usize - 1].checked_sub(n)?;
        }
        Some(c)
    }

    /// The same solver in quick mode (see [`Solver::quick`]): about a thousand times faster,
    /// for the page's chart; the trainer's hints use the exact mode.
    pub fn quick(mut self) -> Self {
        self.quick = true;
        self
    }

    /// The dealer's probabilities given these player cards (conditioned on no blackjack when
    /// the rules say so); `full`: every outcome, otherwise only bust (and blackjack) are
    /// needed. The values are those of [`dealer_distribution`], to the bit.
    fn dealer_for(&mut self, key: u64, full: bool) -> DealerDist {
        let key = if self.quick { 0 } else { key };
        let comp = self.composition(key);
        // Keyed by every card removed from the dealer's shoe; a shoe these cards do not fit
        // (the fallback below) is never kept, as it would not be the shoe the key names.
        let memo = self.aside + key;
        if let Some(&(d, complete)) = self.dealer.get(&memo) {
            if complete || !full {
                return d;
            }
        }
        let graph = match &self.graph {
            Some(g) => g.clone(),
            None => {
                let g = Rc::new(DealerGraph::new(self.dealer_shoe, self.up, self.rules.dealer_hits_soft_17));
                self.graph = Some(g.clone());
                g
            }
        };
        let mut d = graph.evaluate(&comp.unwrap_or(self.base), full, &mut self.scratch);
        if self.conditioned {
            let nobj = 1.0 - d[BJ];
            if nobj > 0.0 {
                for x in d.iter_mut().take(6) {
                    *x /= nobj;
                }
            }
            d[BJ] = 0.0;
        }
        if comp.is_some() {
            self.dealer.insert(memo, (d, full));
        }
        d
    }

    /// The chance of each point value (index 0 = ace) being the player's next card from `comp`,
    /// the cards not seen, the dealer's hole card among them. Where the values are given no
    /// dealer blackjack (`conditioned`: an ace or a ten up, and a blackjack takes the original
    /// bet whatever the player does, so a play matters only where the hole card made none), the
    /// hole card is not the one card that makes it (a ten under an ace, an ace under a ten), so
    /// the player draws from cards richer in it: by Bayes, P(p) × P(no blackjack with p gone) /
    /// P(no blackjack), which with `m` of that card in `n` is m / (n − 1) for it and
    /// c (n − m − 1) / ((n − 1)(n − m)) for a value with `c` (`indices::hole_out` in expectation).
    /// Each draw conditioned this way, and the dealer's outcomes given no blackjack from the
    /// cards left after it (`dealer_for`), make the player's values exact. Drawn from the whole
    /// shoe instead, 5,6 v A hit at −0.209 on an 18-card shoe where every hole card enumerated
    /// gives −0.196 (tests/casino_trainer.rs), and a double of 11 v A drew from too few tens.
    fn draw_odds(&self, comp: &Counts) -> [f64; 10] {
        let n = comp.total() as f64;
        let mut odds = [0.0; 10];
        if n == 0.0 {
            // No card to draw (a shoe used up): no chance of any, never 0 / 0.
            return odds;
        }
        let never = match self.up {
            1 => 9,
            _ => 0,
        };
        let m = comp.0[never] as f64;
        if !self.conditioned || n < 2.0 || n - m < 1.0 {
            for (o, &c) in odds.iter_mut().zip(&comp.0) {
                *o = c as f64 / n;
            }
            return odds;
        }
        let other = (n - m - 1.0) / ((n - 1.0) * (n - m));
        for (i, (o, &c)) in odds.iter_mut().zip(&comp.0).enumerate() {
            *o = if i == never { m / (n - 1.0) } else { c as f64 * other };
        }
        odds
    }

    /// Probability that the hole card gives the dealer blackjack, given these player cards.
    fn p_dealer_bj(&self, key: u64) -> f64 {
        let comp = self.composition(key).unwrap_or(self.base);
        match self.up {
            1 => comp.prob(10),
            10 => comp.prob(1),
            _ => 0.0,
        }
    }

    /// Standing on these cards (not a blackjack).
    fn stand(&mut self, key: u64) -> f64 {
        if let Some(&v) = self.stands.get(&key) {
            return v;
        }
        let (hard, ace, _) = key_total(key);
        let v = if hard > 21 {
            -1.0
        } else {
            let t = best(hard, ace);
            // Below 17 only the dealer's bust counts (the value is replaced below).
            let d = self.dealer_for(key, t >= 17);
            let mut v = d[BUST] - d[BJ];
            for (i, &p) in d.iter().take(5).enumerate() {
                let dt = 17 + i as u8;
                if t > dt {
                    v += p;
                } else if t < dt {
                    v -= p;
                }
            }
            if t < 17 {
                v = d[BUST] - (1.0 - d[BUST]);
            }
            v
        };
        self.stands.insert(key, v);
        v
    }

    /// Hitting, then playing on optimally (hit or stand).
    fn hit(&mut self, key: u64) -> f64 {
        if let Some(&v) = self.hits.get(&key) {
            return v;
        }
        let Some(comp) = self.composition(key) else {
            return -1.0;
        };
        let odds = self.draw_odds(&comp);
        let (hard, _, _) = key_total(key);
        let mut v = 0.0;
        for p in 1..=10u8 {
            let pr = odds[p as usize - 1];
            if pr == 0.0 {
                continue;
            }
            let k = key_add(key, p);
            let after = if hard + p > 21 {
                -1.0
            } else {
                let (h2, a2, _) = key_total(k);
                if best(h2, a2) == 21 {
                    self.stand(k)
                } else {
                    self.stand(k).max(self.hit(k))
                }
            };
            v += pr * after;
        }
        self.hits.insert(key, v);
        v
    }

    /// Doubling: one card, twice the stake.
    fn double(&mut self, key: u64) -> f64 {
        let Some(comp) = self.composition(key) else {
            return -2.0;
        };
        let odds = self.draw_odds(&comp);
        let mut v = 0.0;
        for p in 1..=10u8 {
            let pr = odds[p as usize - 1];
            if pr > 0.0 {
                v += pr * self.stand(key_add(key, p));
            }
        }
        2.0 * v
    }

    /// Best value of a two-card hand formed after a split (no split, no surrender here).
    fn after_split_two(&mut self, key: u64, aces: bool) -> f64 {
        if aces && !self.rules.hit_split_aces {
            return self.stand(key);
        }
        let (hard, ace, _) = key_total(key);
        let mut v = self.stand(key);
        if best(hard, ace) < 21 {
            v = v.max(self.hit(key));
            if self.rules.double_after_split && !aces && self.rules.may_double_total(hard, ace.then_some(hard + 10)) {
                v = v.max(self.double(key));
            }
        }
        v
    }

    /// Splitting a pair of `p`: the expected total over every hand it becomes.
    fn split(&mut self, p: u8) -> f64 {
        if let Some(v) = self.split_values[p as usize - 1] {
            return v;
        }
        if self.split_solvers.is_empty() {
            self.split_solvers = (0..10).map(|_| None).collect();
        }
        let rules = self.rules.clone();
        let aces = p == 1;
        let mut sub = match self.split_solvers[p as usize - 1].take() {
            Some(s) => s,
            None => {
                // The other pair card is set aside: the sub-solver's hands start from one `p`.
                let mut s = Solver::new(&rules, Counts([0; 10]), self.up);
                s.base = self.base.without(p).unwrap_or(self.base);
                s.conditioned = self.conditioned;
                s.quick = self.quick;
                // The set-aside card is one more card removed from the dealer's shoe, so the
                // two solvers share the dealer's probabilities: in both, `base` is `dealer_shoe`
                // less `aside`.
                s.dealer_shoe = self.dealer_shoe;
                s.aside = if self.base.without(p).is_some() { key_add(self.aside, p) } else { self.aside };
                Box::new(s)
            }
        };
        sub.graph = self.graph.clone();
        std::mem::swap(&mut sub.dealer, &mut self.dealer);
        let one = key_add(0, p);
        let comp = sub.composition(one).unwrap_or(sub.base);
        let odds = sub.draw_odds(&comp);
        let q = odds[p as usize - 1];
        // v: a split hand whose second card is not another `p`; w: one that is, when it may not be split again.
        let mut v = 0.0;
        for x in 1..=10u8 {
            let pr = odds[x as usize - 1];
            if pr == 0.0 || x == p {
                continue;
            }
            v += pr / (1.0 - q).max(1e-12) * sub.after_split_two(key_add(one, x), aces);
        }
        let w = sub.after_split_two(key_add(one, p), aces);
        let max_hands = if aces && !rules.resplit_aces { 2 } else { rules.max_hands() };
        // g(n, k): expected total value with n hands so far and k of them waiting for a second card.
        fn g(n: usize, k: usize, max: usize, q: f64, v: f64, w: f64) -> f64 {
            if k == 0 {
                return 0.0;
            }
            let pair = if n < max { g(n + 1, k + 1, max, q, v, w) } else { w + g(n, k - 1, max, q, v, w) };
            q * pair + (1.0 - q) * (v + g(n, k - 1, max, q, v, w))
        }
        let value = g(2, 2, max_hands.max(2), q, v, w);
        std::mem::swap(&mut sub.dealer, &mut self.dealer);
        self.graph = sub.graph.clone();
        self.split_solvers[p as usize - 1] = Some(sub);
        self.split_values[p as usize - 1] = Some(value);
        value
    }

    /// Every action's value for a starting hand of two cards (points 1..=10), in units of the
    /// original bet, as it stands before any decision: a dealer blackjack already accounted for.
    pub fn evaluate(&mut self, a: u8, b: u8) -> ActionEvs {
        let key = key_add(key_add(0, a), b);
        let pbj = self.p_dealer_bj(key);
        let (hard, ace, _) = key_total(key);
        let r = self.rules.clone();
        // With original-bets-only, values are given no dealer blackjack; the blackjack costs 1.
        let wrap = |v: f64, cond: bool| if cond { -pbj + (1.0 - pbj) * v } else { v };
        let cond = self.conditioned;
        let stand = wrap(self.stand(key), cond);
        let hit = wrap(self.hit(key), cond);
        let double =
            r.may_double_total(hard, ace.then_some(hard + 10)).then(|| self.double(key)).map(|v| wrap(v, cond));
        let split = (a == b).then(|| self.split(a)).map(|v| wrap(v, cond));
        // 004: surrender against an ace or ten only counts when the dealer has no blackjack.
        let surrender = r.surrender.then(|| -pbj + (1.0 - pbj) * -0.5);
        let insurance = (r.insurance && self.up == 1).then_some(0.5 * (pbj * 2.0 - (1.0 - pbj)));
        ActionEvs { stand, hit, double, split, surrender, insurance }
    }

    /// The value of a starting hand played perfectly (blackjacks included).
    pub fn hand_value(&mut self, a: u8, b: u8) -> f64 {
        let key = key_add(key_add(0, a), b);
        if best(a + b, a == 1 || b == 1) == 21 {
            let pbj = self.p_dealer_bj(key);
            return (1.0 - pbj) * self.rules.blackjack_ratio();
        }
        self.evaluate(a, b).best().1
    }

    /// Value of hitting or standing on any set of cards (3+ cards: no double, no split),
    /// given as points; before any dealer blackjack is accounted.
    pub fn hit_or_stand(&mut self, cards: &[u8]) -> (f64, f64) {
        let key = cards.iter().fold(0, |k, &p| key_add(k, p));
        (self.stand(key), self.hit(key))
    }

    /// Weighted hit-or-stand preference over every multi-card hand this solver has visited:
    /// (total, soft) → (weighted stand value, weighted hit value).
    fn multi_card_table(&mut self) -> HashMap<(u8, bool), (f64, f64)> {
        let keys: Vec<u64> = self.hits.keys().copied().collect();
        let mut out: HashMap<(u8, bool), (f64, f64)> = HashMap::new();
        let full = self.base;
        for key in keys {
            let (hard, ace, n) = key_total(key);
            if n < 3 || hard > 21 {
                continue;
            }
            let Some(w) = draw_probability(full, key) else {
                continue;
            };
            let soft = ace && hard + 10 <= 21;
            let s = self.stand(key);
            let h = self.hit(key);
            let e = out.entry((best(hard, ace), soft)).or_insert((0.0, 0.0));
            e.0 += w * s;
            e.1 += w * h;
        }
        out
    }
}

/// Probability of drawing exactly this set of cards (in some order) from `shoe`.
fn draw_probability(shoe: Counts, key: u64) -> Option<f64> {
    let total = shoe.total() as f64;
    let mut p = 1.0;
    let mut drawn = 0.0;
    let mut k = 0u32;
    for pts in 1..=10u64 {
        let m = ((key >> (6 * (pts - 1))) & 63) as u32;
        let c = shoe.0[pts as usize - 1] as f64;
        for i in 0..m {
            if c - (i as f64) <= 0.0 {
                return None;
            }
            p *= (c - i as f64) / (total - drawn);
            drawn += 1.0;
            k += 1;
            p *= k as f64 / (i + 1) as f64;
        }
    }
    Some(p)
}
