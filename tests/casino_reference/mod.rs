//! The casino solver exactly as it was before the speed-up (issue #27), kept as the oracle the
//! fast solver and the bot's cache are held to: same moves, same values to the last bit.
#![allow(dead_code)]

use blackjack::bots::casino::Allowed;
use blackjack::engine::cards::Card;
use blackjack::engine::casino::hand::points;
use blackjack::engine::casino::strategy::{ActionEvs, Counts, Play};
use blackjack::engine::casino::{DealerBlackjack, TableRules};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A tiny multiplicative hasher: the keys are already well-mixed packed counts.
#[derive(Default)]
struct KeyHasher(u64);
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
type Map<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

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

/// Evaluates hands against one up card for one shoe composition. Reuse it for many hands:
/// the dealer's probabilities and the hit values are memoised by the player's cards.
pub struct Solver<'r> {
    rules: &'r TableRules,
    up: u8,
    /// The shoe with the up card removed (and, for a split solver, the set-aside pair card).
    base: Counts,
    /// Decisions use the dealer's probabilities given no dealer blackjack.
    conditioned: bool,
    /// Quick mode: the dealer's probabilities ignore the player's cards (only the up card and,
    /// for a split, the set-aside card are removed). The player's own draws stay exact.
    quick: bool,
    dealer: Map<DealerDist>,
    hits: Map<f64>,
    stands: Map<f64>,
    split_solvers: Vec<Option<Box<Solver<'r>>>>,
    split_values: [Option<f64>; 10],
}

impl<'r> Solver<'r> {
    /// `shoe` is every card not yet seen, the up card included.
    pub fn new(rules: &'r TableRules, shoe: Counts, up: u8) -> Solver<'r> {
        let base = shoe.without(up).unwrap_or(shoe);
        let conditioned = rules.dealer_blackjack == DealerBlackjack::OriginalBetOnly && matches!(up, 1 | 10);
        Solver {
            rules,
            up,
            base,
            conditioned,
            quick: false,
            dealer: Map::default(),
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

    fn dealer_for(&mut self, key: u64) -> DealerDist {
        let key = if self.quick { 0 } else { key };
        if let Some(d) = self.dealer.get(&key) {
            return *d;
        }
        let comp = self.composition(key).unwrap_or(self.base);
        let mut d = dealer_distribution(comp, self.up, self.rules.dealer_hits_soft_17);
        if self.conditioned {
            let nobj = 1.0 - d[BJ];
            if nobj > 0.0 {
                for x in d.iter_mut().take(6) {
                    *x /= nobj;
                }
            }
            d[BJ] = 0.0;
        }
        self.dealer.insert(key, d);
        d
    }

    /// The player's next card's chances, given no dealer blackjack where the values are (the
    /// hole card among the cards left is not the one that makes it): a correction of the
    /// mathematics made after the speed-up (issue 38), made here too, in the same arithmetic, so
    /// that the oracle still holds the fast solver to the bit.
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
            let d = self.dealer_for(key);
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
        let rules = self.rules;
        let aces = p == 1;
        let mut sub = match self.split_solvers[p as usize - 1].take() {
            Some(s) => s,
            None => {
                // The other pair card is set aside: the sub-solver's hands start from one `p`.
                let mut s = Solver::new(rules, Counts([0; 10]), self.up);
                s.base = self.base.without(p).unwrap_or(self.base);
                s.conditioned = self.conditioned;
                s.quick = self.quick;
                Box::new(s)
            }
        };
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
        let r = self.rules;
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
}

/// `bots::casino::values` as it was: a new solver for every call.
pub fn values(rules: &TableRules, shoe: Counts, cards: &[Card], up: Card, allowed: Allowed) -> Vec<(Play, f64)> {
    let mut s = Solver::new(rules, shoe, points(up));
    let pts: Vec<u8> = cards.iter().map(|&c| points(c)).collect();
    let evs = if pts.len() == 2 {
        s.evaluate(pts[0], pts[1])
    } else {
        let (stand, hit) = s.hit_or_stand(&pts);
        ActionEvs { stand, hit, ..ActionEvs::default() }
    };
    let mut out: Vec<(Play, f64)> = [Play::Stand, Play::Hit, Play::Double, Play::Split, Play::Surrender]
        .into_iter()
        .filter(|&p| allowed.permits(p))
        .filter_map(|p| evs.value(p).map(|v| (p, v)))
        .collect();
    out.sort_by(|a, b| b.1.partial_cmp(&a.1).unwrap_or(std::cmp::Ordering::Equal));
    out
}
