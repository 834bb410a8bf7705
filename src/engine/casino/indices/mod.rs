//! Index plays, computed rather than copied: for a table's rules and a counting system, the true
//! count at which each decision changes.
//!
//! **Method (exact conditioning, no simulation).** For a depth of the shoe (a number of cards
//! dealt), the cards dealt are a draw without replacement from the full shoe, so the numbers
//! dealt from each *tag class* (the cards that share a tag, red and black sevens apart) are
//! multivariate hypergeometric. A dynamic programme over the classes gives, exactly, for every
//! running count that can be reached, its probability and the expected number of cards of each
//! class dealt, hence the expected composition of the cards left (within a class the point values
//! are exchangeable, so each is dealt in proportion to its share). Each running count has a true
//! count ([`super::count`]); the composition at any true count is interpolated linearly between
//! the two reachable running counts either side of it.
//!
//! **Keyed to the count the player reads.** A player decides a hand with the up card and their
//! own two cards counted, as the published tables and the table's count panel do. So a hand
//! (up card, two cards) at a count *shown* is priced at the cards expected at the count before
//! the round that the shown count implies: the three cards' tags taken off the count's excess
//! over a neutral shoe (and, for KO and Red 7, the drift of three more cards dealt added back),
//! then the three cards taken out ([`CountShoes`]). Keyed to the count before the round instead,
//! 12 v 3 came out at +1 and 13 v 3 at −3, where the published tables have +2 and −2.
//!
//! At that composition, every play's expected value is computed by exact probability like
//! [`super::strategy`] does, with counts that may be fractional: the dealer's outcomes by
//! recursion over the cards left (the up card and the player's first two cards removed; the
//! cards the player draws after them are not taken from the dealer's shoe, as `strategy`'s quick
//! mode does: doing so moved two of Schlesinger's 22 by one, one toward the published figure and
//! one away, for sixty times the work), the player's hits, doubles and splits exactly over the
//! player's own draws (against an ace or a ten, where the dealer has peeked, from the cards left
//! without the hole card, which is not the card that makes a blackjack: `hole_out`), splits as
//! in `strategy` (hands started from one pair card, resplits by the expected number of hands).
//! Under "original bets only" the values are given no dealer blackjack, as in `strategy`, and
//! late surrender loses the whole bet to a blackjack.
//!
//! The cards dealt before the round are dealt from a shoe without the up card and the player's
//! cards, so within a tag class they go in proportion to the cards of each value not seen
//! ([`CountShoes`]): at one and two decks a seen ace or ten changes what the count says of the
//! rest (insurance at one deck from about +1.4, not 0).
//!
//! The values are averaged over three depths, a quarter, a half and three quarters of the way to
//! the cut card, each weighted by the chance of the count there (high and low counts come mostly
//! deep in the shoe, where the cards left are fewer and each moves the odds more), and
//! a decision's **index** is the true count where the best play's lead changes sign, by linear
//! interpolation between the counts priced, rounded to the nearest whole count. The counts
//! priced are −10 to +10 times the system's ten's tag ([`count_step`]), so a level-two count is
//! searched as far into the shoe as Hi-Lo. A total is the probability-weighted mix of its
//! two-card hands (pairs apart); a hard 12 to 16 also of its hands of three cards or more, at
//! their mean cards as the chart plays them (`multi_card`), which stand earlier than two-card
//! ones. Insurance pays when the chance of a ten under the ace exceeds one in three, over the
//! hands the player may hold.
//!
//! **Surrender first.** Surrender is its own decision ([`Situation::Surrender`],
//! [`Situation::SurrenderPair`]), taken before the hand's own play as the published Fab 4 are;
//! [`answer_at`] gives the one answer for a hand at a count.
//!
//! Cost: every total, pair and surrender against every up card is about 1.5 s of CPU natively (a
//! dealer recursion per two-card hand, up card and composition, memoised by the dealer's cards);
//! the drills page has it done in a Web Worker, hand by hand for the first hands a counter
//! learns ([`IndexTableWork`]), never on its own thread.

use super::count::CountSystem;
use super::rules::{DealerBlackjack, TableRules};
use super::strategy::Play;

use std::collections::HashMap;

/// The memos' keys are packed card counts, hashed as the solver's are.
type Memo<V> = super::strategy::Map<V>;

/// Cards left by point value (index 0 = ace … 9 = ten-value); counts may be fractional.
pub type Composition = [f64; 10];

/// The true counts an index is looked for between (both included), in a level-one count's
/// points; a count whose ten is worth more searches as much wider ([`count_step`]).
pub const LOWEST: i32 = -10;
pub const HIGHEST: i32 = 10;

/// How far apart the counts the search prices are, in the system's points: its ten's tag, so a
/// level-two count (Hi-Opt II, Omega II, Zen: tens −2) is searched from −20 to +20 in steps of
/// two, the same span of the shoe as Hi-Lo's −10 to +10 and the same work.
pub fn count_step(system: &CountSystem) -> i32 {
    (system.half_tags[9].unsigned_abs() as i32 / 2).max(1)
}

/// The lowest and highest true count the search prices for this system (both included).
pub fn count_range(system: &CountSystem) -> (i32, i32) {
    (LOWEST * count_step(system), HIGHEST * count_step(system))
}

mod profile;
pub use profile::{composition_at, depth_profile, ProfileBuilder};
use profile::{composition_at_pairs, full_shoe};
mod table;
pub use table::{first_hands, first_situations, Found, IndexTableWork, ILLUSTRIOUS};
mod running;
pub use running::{key_count, RunningKeys};

// ---------------------------------------------------------------------------------------------
// Expected values at a fractional composition.

const BUST: usize = 5;
const BJ: usize = 6;

fn key_add(key: u64, points: u8) -> u64 {
    key + (1u64 << (6 * (points as u64 - 1)))
}

fn key_counts(key: u64) -> [u8; 10] {
    std::array::from_fn(|i| ((key >> (6 * i)) & 63) as u8)
}

/// Hard total and whether there is an ace.
fn key_total(key: u64) -> (u32, bool) {
    let c = key_counts(key);
    (c.iter().enumerate().map(|(i, &n)| n as u32 * (i as u32 + 1)).sum(), c[0] > 0)
}

fn best(hard: u32, ace: bool) -> u32 {
    if ace && hard + 10 <= 21 {
        hard + 10
    } else {
        hard
    }
}

fn without(mut shoe: Composition, points: u8) -> Composition {
    let i = points as usize - 1;
    shoe[i] = (shoe[i] - 1.0).max(0.0);
    shoe
}

/// The dealer's outcomes (17, 18, 19, 20, 21, bust, blackjack) for up card `up` drawing from
/// `shoe` (the up card already removed).
fn dealer(shoe: &Composition, up: u8, h17: bool) -> [f64; 7] {
    struct Walk {
        left: Composition,
        h17: bool,
        memo: Memo<[f64; 7]>,
    }
    /// `key` packs the dealer's drawn cards (memo key), `hard`/`ace` their total.
    fn rec(w: &mut Walk, key: u64, hard: u32, ace: bool, ncards: u32) -> [f64; 7] {
        let mut out = [0.0; 7];
        if hard > 21 {
            out[BUST] = 1.0;
            return out;
        }
        let soft = ace && hard + 10 <= 21;
        let b = best(hard, ace);
        if ncards == 2 && b == 21 {
            out[BJ] = 1.0;
            return out;
        }
        if b > 17 || (b == 17 && !(soft && w.h17)) {
            out[(b - 17) as usize] = 1.0;
            return out;
        }
        if let Some(d) = w.memo.get(&key) {
            return *d;
        }
        let total: f64 = w.left.iter().sum();
        if total <= 0.0 {
            return out;
        }
        for p in 1..=10u8 {
            let c = w.left[p as usize - 1];
            if c <= 0.0 {
                continue;
            }
            let taken = c.min(1.0);
            w.left[p as usize - 1] -= taken;
            let sub = rec(w, key_add(key, p), hard + p as u32, ace || p == 1, ncards + 1);
            w.left[p as usize - 1] += taken;
            for i in 0..7 {
                out[i] += c / total * sub[i];
            }
        }
        w.memo.insert(key, out);
        out
    }
    let mut w = Walk { left: *shoe, h17, memo: Memo::default() };
    rec(&mut w, 0, up as u32, up == 1, 1)
}

/// A hard total the player's draws always stand on: hitting a hard 18 or more is never worth it
/// at any count the search reaches (the index plays come out the same with and without it), and
/// not looking saves about a third of the work.
const HARD_STAND: u32 = 18;

/// The player's side of one hand against a fixed dealer distribution.
struct Player<'r> {
    rules: &'r TableRules,
    /// The cards left as the player draws (the hand's cards already out), restored after each draw.
    left: Composition,
    d: [f64; 7],
    hits: Memo<f64>,
}

impl Player<'_> {
    fn stand(&self, hard: u32, ace: bool) -> f64 {
        if hard > 21 {
            return -1.0;
        }
        let t = best(hard, ace);
        let d = &self.d;
        if t < 17 {
            return d[BUST] - (1.0 - d[BUST]);
        }
        let mut v = d[BUST] - d[BJ];
        for (i, &p) in d.iter().take(5).enumerate() {
            let dt = 17 + i as u32;
            if t > dt {
                v += p;
            } else if t < dt {
                v -= p;
            }
        }
        v
    }

    /// Hitting the cards `key` (total `hard`, `ace`), then playing on optimally; `self.left`
    /// must be the cards left with these out.
    fn hit(&mut self, key: u64, hard: u32, ace: bool) -> f64 {
        if let Some(&v) = self.hits.get(&key) {
            return v;
        }
        let n: f64 = self.left.iter().sum();
        let mut v = 0.0;
        for p in 1..=10u8 {
            let c = self.left[p as usize - 1];
            if c <= 0.0 || n <= 0.0 {
                continue;
            }
            let (h2, a2) = (hard + p as u32, ace || p == 1);
            let after = if h2 > 21 {
                -1.0
            } else if best(h2, a2) == 21 || h2 >= HARD_STAND {
                self.stand(h2, a2)
            } else {
                let taken = c.min(1.0);
                self.left[p as usize - 1] -= taken;
                let h = self.hit(key_add(key, p), h2, a2);
                self.left[p as usize - 1] += taken;
                self.stand(h2, a2).max(h)
            };
            v += c / n * after;
        }
        self.hits.insert(key, v);
        v
    }

    fn double(&self, hard: u32, ace: bool) -> f64 {
        let n: f64 = self.left.iter().sum();
        if n <= 0.0 {
            return -2.0;
        }
        let mut v = 0.0;
        for p in 1..=10u8 {
            let c = self.left[p as usize - 1];
            if c > 0.0 {
                v += c / n * self.stand(hard + p as u32, ace || p == 1);
            }
        }
        2.0 * v
    }

    /// The best play of a two-card hand made by a split; `self.left` without its cards.
    fn after_split_two(&mut self, key: u64, aces: bool) -> f64 {
        let (hard, ace) = key_total(key);
        if aces && !self.rules.hit_split_aces {
            return self.stand(hard, ace);
        }
        let mut v = self.stand(hard, ace);
        if best(hard, ace) < 21 {
            v = v.max(self.hit(key, hard, ace));
            let soft = ace.then_some(hard as u8 + 10);
            if self.rules.double_after_split && !aces && self.rules.may_double_total(hard as u8, soft) {
                v = v.max(self.double(hard, ace));
            }
        }
        v
    }
}

/// The player against `up`, drawing from `left`: the dealer's outcomes (given no dealer
/// blackjack where the dealer peeks and a blackjack takes only the original bet), and how a
/// value of the player's hand becomes its value at the table (a peeked blackjack loses the bet
/// first). Shared by two-card hands and hands of three cards or more.
fn against_up(rules: &TableRules, left: Composition, up: u8) -> (Player<'_>, DealerBlackjackOdds) {
    let n: f64 = left.iter().sum();
    let mut d = dealer(&left, up, rules.dealer_hits_soft_17);
    let conditioned = peeks(rules, up);
    let pbj = match up {
        1 if n > 0.0 => left[9] / n,
        10 if n > 0.0 => left[0] / n,
        _ => 0.0,
    };
    if conditioned {
        let no_bj = 1.0 - d[BJ];
        if no_bj > 0.0 {
            for x in d.iter_mut().take(6) {
                *x /= no_bj;
            }
        }
        d[BJ] = 0.0;
    }
    let left = if conditioned { hole_out(left, up) } else { left };
    (Player { rules, left, d, hits: Memo::default() }, DealerBlackjackOdds { conditioned, pbj })
}

/// Whether the dealer has peeked under `up` before the player plays, so the player's values are
/// worked out given no dealer blackjack: an ace or a ten up, and a blackjack takes only the
/// original bet.
fn peeks(rules: &TableRules, up: u8) -> bool {
    rules.dealer_blackjack == DealerBlackjack::OriginalBetOnly && matches!(up, 1 | 10)
}

/// The cards the player draws from once the dealer has peeked under `up` and found no blackjack:
/// the hole card is out, and it is known not to be the card that makes one (a ten under an ace,
/// an ace under a ten), so it takes its expected share of the other values only. The dealer's own
/// outcomes already draw the hole card given no blackjack; the player's draws did not, and
/// drawing from a shoe still holding it gave a double of 11 or 10 against an ace too few tens:
/// at H17, 11 v A doubled from a crossing of −0.45 instead of below −0.5 (Blackjack
/// Apprenticeship's −1).
fn hole_out(mut left: Composition, up: u8) -> Composition {
    let never = match up {
        1 => 9,
        10 => 0,
        _ => return left,
    };
    let others: f64 = left.iter().enumerate().filter(|&(i, _)| i != never).map(|(_, c)| c).sum();
    if others <= 1.0 {
        return left;
    }
    for (i, c) in left.iter_mut().enumerate() {
        if i != never {
            *c -= *c / others;
        }
    }
    left
}

/// The dealer's chance of a blackjack under the up card (`pbj`), and whether the player's values
/// were worked out given none (`conditioned`: the dealer peeks, and a blackjack takes only the
/// original bet).
struct DealerBlackjackOdds {
    conditioned: bool,
    pbj: f64,
}

impl DealerBlackjackOdds {
    /// A value worked out given no dealer blackjack, as the hand is worth at the table.
    fn wrap(&self, v: f64) -> f64 {
        if self.conditioned {
            -self.pbj + (1.0 - self.pbj) * v
        } else {
            v
        }
    }
}

/// Values of stand, hit, double, split and surrender (in [`Play`] order) for the two-card hand
/// `a`,`b` against `up`, the cards left before the round being `shoe`; `None` where not allowed.
fn hand_values(rules: &TableRules, shoe: &Composition, up: u8, a: u8, b: u8) -> [Option<f64>; 5] {
    let after_up = without(*shoe, up);
    let hand_shoe = without(without(after_up, a), b);
    let (mut player, odds) = against_up(rules, hand_shoe, up);
    let wrap = |v: f64| odds.wrap(v);
    let key = key_add(key_add(0, a), b);
    let (hard, ace) = key_total(key);
    let stand = wrap(player.stand(hard, ace));
    let hit = wrap(player.hit(key, hard, ace));
    let double =
        rules.may_double_total(hard as u8, ace.then_some(hard as u8 + 10)).then(|| wrap(player.double(hard, ace)));
    let split = (a == b).then(|| wrap(split_value(rules, after_up, up, a, player.d)));
    let surrender = rules.surrender.then_some(-odds.pbj + (1.0 - odds.pbj) * -0.5);
    [Some(stand), Some(hit), double, split, surrender]
}

/// Splitting a pair of `p`: hands started from one `p` with the other set aside, resplits by the
/// expected number of hands (as in [`super::strategy`]).
fn split_value(rules: &TableRules, after_up: Composition, up: u8, p: u8, d: [f64; 7]) -> f64 {
    let aces = p == 1;
    // Both pair cards out: the set-aside one and the one this hand starts from.
    let comp = without(without(after_up, p), p);
    let comp = if peeks(rules, up) { hole_out(comp, up) } else { comp };
    let mut player = Player { rules, left: comp, d, hits: Memo::default() };
    let one = key_add(0, p);
    let n: f64 = comp.iter().sum();
    if n <= 0.0 {
        return -2.0;
    }
    let q = comp[p as usize - 1] / n;
    // A second card is drawn to the hand: its value with that card out of the cards left.
    let with = |player: &mut Player, x: u8| {
        let taken = player.left[x as usize - 1].min(1.0);
        player.left[x as usize - 1] -= taken;
        let v = player.after_split_two(key_add(one, x), aces);
        player.left[x as usize - 1] += taken;
        v
    };
    let mut v = 0.0;
    for x in 1..=10u8 {
        let c = comp[x as usize - 1];
        if c <= 0.0 || x == p {
            continue;
        }
        v += c / n / (1.0 - q).max(1e-12) * with(&mut player, x);
    }
    let w = with(&mut player, p);
    let max_hands = if aces && !rules.resplit_aces { 2 } else { rules.max_hands() };
    fn g(n: usize, k: usize, max: usize, q: f64, v: f64, w: f64) -> f64 {
        if k == 0 {
            return 0.0;
        }
        let pair = if n < max { g(n + 1, k + 1, max, q, v, w) } else { w + g(n, k - 1, max, q, v, w) };
        q * pair + (1.0 - q) * (v + g(n, k - 1, max, q, v, w))
    }
    g(2, 2, max_hands.clamp(2, 4), q, v, w)
}

/// The hands of three cards or more that come to a hard 12 to 16 against one up card, as basic
/// strategy plays them from a full shoe: for each total, how often (in the same units as the
/// two-card hands' weights, cards × cards) and the cards they hold on average, by point value.
type MultiCard = [(f64, Composition); 5];

/// Works out [`MultiCard`] for `up` from the chart's column for these rules (quick mode, a full
/// shoe): every two-card hand the column hits (not split, doubled, surrendered or stood), then
/// every card drawn while the column hits a hand of three cards or more. A forward pass over
/// (hard total, an ace held) carries each state's chance and its expected cards, so the work
/// is a few hundred states, not every order of cards.
fn multi_card(rules: &TableRules, up: u8) -> MultiCard {
    use super::strategy::{column, Counts};
    let col = column(rules, Counts::full(rules.decks), up, false);
    let full = full_shoe(rules.decks);
    let n: f64 = full.iter().sum();
    let p = |c: u8| full[c as usize - 1] / n;
    // state[hard][ace] = (chance, expected cards by point value), three cards or more.
    let mut state = vec![[(0.0f64, [0.0f64; 10]); 2]; 22];
    let add = |state: &mut Vec<[(f64, Composition); 2]>, hard: u32, ace: bool, m: f64, cards: Composition| {
        if hard <= 21 {
            let e = &mut state[hard as usize][ace as usize];
            e.0 += m;
            for (x, c) in e.1.iter_mut().zip(cards) {
                *x += c;
            }
        }
    };
    for a in 1..=10u8 {
        for b in a..=10u8 {
            if a == b && col.pairs[a as usize - 1] == Play::Split {
                continue;
            }
            let (hard, ace) = ((a + b) as u32, a == 1);
            let soft = ace && hard + 10 <= 21;
            let first = if soft {
                if hard + 10 == 21 {
                    continue;
                }
                col.soft.get((hard + 10).wrapping_sub(13) as usize).map(|o| o[0])
            } else {
                col.hard.get(hard.wrapping_sub(5) as usize).map(|o| o[0])
            };
            if first != Some(Play::Hit) {
                continue;
            }
            let m = if a == b { p(a) * p(b) } else { 2.0 * p(a) * p(b) };
            for c in 1..=10u8 {
                let mut cards = [0.0; 10];
                for x in [a, b, c] {
                    cards[x as usize - 1] += 1.0;
                }
                let mc = m * p(c);
                add(&mut state, hard + c as u32, ace || c == 1, mc, cards.map(|k| k * mc));
            }
        }
    }
    let mut out: MultiCard = [(0.0, [0.0; 10]); 5];
    for hard in 3..=21u32 {
        for ace in [false, true] {
            let (m, cards) = state[hard as usize][ace as usize];
            if m <= 0.0 {
                continue;
            }
            let soft = ace && hard + 10 <= 21;
            if !soft && (12..=16).contains(&hard) {
                let o = &mut out[hard as usize - 12];
                o.0 += m;
                for (x, c) in o.1.iter_mut().zip(cards) {
                    *x += c;
                }
            }
            let hits = if soft { col.soft_multi[(hard + 10 - 12) as usize] } else { col.hard_multi[hard as usize - 4] };
            if !hits {
                continue;
            }
            for c in 1..=10u8 {
                let mut next = cards;
                next[c as usize - 1] += m;
                add(&mut state, hard + c as u32, ace || c == 1, m * p(c), next.map(|k| k * p(c)));
            }
        }
    }
    // Per hand: the mean cards held; the chance in the two-card weights' units.
    out.map(|(m, cards)| (m * n * n, if m > 0.0 { cards.map(|k| k / m) } else { [0.0; 10] }))
}

/// Standing and hitting a hand of three cards or more, `held` the cards it holds on average (a
/// hard `total` of 12 to 16), against `up`, the cards left before the round being `shoe`.
fn multi_card_values(
    rules: &TableRules,
    shoe: &Composition,
    up: u8,
    held: &Composition,
    total: u8,
) -> [Option<f64>; 5] {
    let mut hand_shoe = without(*shoe, up);
    for i in 0..10 {
        hand_shoe[i] = (hand_shoe[i] - held[i]).max(0.0);
    }
    let (mut player, odds) = against_up(rules, hand_shoe, up);
    let wrap = |v: f64| odds.wrap(v);
    // From 12 up an ace in the hand can only count 1, so a ten and the rest stand for the cards.
    let key = key_add(key_add(0, 10), total.saturating_sub(10).clamp(1, 10));
    let hard = total as u32;
    [Some(wrap(player.stand(hard, false))), Some(wrap(player.hit(key, hard, false))), None, None, None]
}

// ---------------------------------------------------------------------------------------------
// Situations, choices and index plays.

/// A decision whose play may change with the count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Situation {
    /// Hit, stand or double on a two-card total (pairs apart).
    Total { soft: bool, total: u8 },
    /// Split a pair of this point value or not.
    Pair(u8),
    /// Late surrender of a hard two-card total (pairs apart), or play it: decided before the
    /// total's own play ([`answer_at`]).
    Surrender(u8),
    /// Late surrender of a pair of this point value, or play it (split or not): decided before
    /// the split.
    SurrenderPair(u8),
    /// Insurance against an ace.
    Insurance,
}

impl Situation {
    /// How a player names the hand: "hard 16", "soft 18", "10,10", "surrender 15",
    /// "surrender 8,8", "insurance".
    pub fn describe(self) -> String {
        let card = |p: u8| if p == 1 { "A".to_string() } else { p.to_string() };
        match self {
            Situation::Total { soft: false, total } => format!("hard {total}"),
            Situation::Total { soft: true, total } => format!("soft {total}"),
            Situation::Pair(p) => format!("{},{}", card(p), card(p)),
            Situation::Surrender(t) => format!("surrender {t}"),
            Situation::SurrenderPair(p) => format!("surrender {},{}", card(p), card(p)),
            Situation::Insurance => "insurance".into(),
        }
    }

    /// The two-card hands of this situation (first card the lower, aces as 1).
    fn hands(self) -> Vec<(u8, u8)> {
        match self {
            Situation::Total { soft: false, total } | Situation::Surrender(total) => {
                (2..=10u8).flat_map(|a| (a + 1..=10).map(move |b| (a, b))).filter(|&(a, b)| a + b == total).collect()
            }
            Situation::Total { soft: true, total } => {
                if (13..=20).contains(&total) {
                    vec![(1, total - 11)]
                } else {
                    Vec::new()
                }
            }
            Situation::Pair(p) | Situation::SurrenderPair(p) if (1..=10).contains(&p) => vec![(p, p)],
            Situation::Pair(_) | Situation::SurrenderPair(_) => Vec::new(),
            Situation::Insurance => Vec::new(),
        }
    }
}

/// The play on one side of an index.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    Play(Play),
    Insure,
    DeclineInsurance,
}

impl Choice {
    pub fn name(self) -> &'static str {
        match self {
            Choice::Play(p) => p.name(),
            Choice::Insure => "Insure",
            Choice::DeclineInsurance => "No insurance",
        }
    }
}

/// One computed index: at a true count of `index` or above play `at_or_above`, below it `below`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct IndexPlay {
    pub situation: Situation,
    /// The dealer's up card, 1 (ace) ..= 10.
    pub up: u8,
    pub at_or_above: Choice,
    pub below: Choice,
    pub index: i32,
    /// The true count where the two plays are worth the same (before rounding).
    pub crossing: f64,
    /// What knowing this play is worth, in bets a round dealt: the chance of the up card and
    /// the hand, times each count's chance on the play's side of the index (the side away from
    /// a neutral count, where it departs from basic strategy), times its lead over the other
    /// play there, summed over the counts priced. What the drills rank the plays by after the
    /// Illustrious 18 and Fab 4.
    pub gain: f64,
}

/// Every situation the rules offer, against every up card (insurance against the ace only).
pub fn all_situations(rules: &TableRules) -> Vec<(Situation, u8)> {
    let mut out = Vec::new();
    for up in 1..=10u8 {
        for total in 5..=19 {
            out.push((Situation::Total { soft: false, total }, up));
        }
        for total in 13..=20 {
            out.push((Situation::Total { soft: true, total }, up));
        }
        for p in 1..=10 {
            out.push((Situation::Pair(p), up));
        }
        if rules.surrender {
            for total in 12..=17 {
                out.push((Situation::Surrender(total), up));
            }
            // The pairs a player might give up (6,6 to 8,8 are hard 12 to 16; 8,8 v A surrenders
            // when the dealer hits soft 17): their values are the pair's own, already priced.
            for p in 2..=9 {
                out.push((Situation::SurrenderPair(p), up));
            }
        }
    }
    if rules.insurance {
        out.push((Situation::Insurance, 1));
    }
    out
}

/// The depths the values are averaged over: a quarter, a half and three quarters of the way to
/// the cut card.
pub fn depths(rules: &TableRules) -> [u32; 3] {
    let before_cut = 52 * rules.decks as u32 * rules.penetration_percent as u32 / 100;
    [before_cut / 4, before_cut / 2, before_cut * 3 / 4]
}

/// The values of one two-card hand (up card, lower card, higher card) at one count, memoised
/// for one depth and count: `None` where the depth does not reach the count.
type HandMemo = HashMap<(u8, u8, u8), Option<[Option<f64>; 5]>>;

/// Probability-weighted values of the five plays for one situation when the player reads a true
/// count of `shown` (the up card and their cards counted): each two-card hand is priced at the
/// cards left for the count before them (see [`CountShoes`]), and the hands weigh by their chances
/// from a full shoe, so the mix is the same at every count. `None` where the depth does not reach
/// the count.
#[allow(clippy::too_many_arguments)]
fn situation_values(
    rules: &TableRules,
    system: &CountSystem,
    shoes: &CountShoes,
    shown: f64,
    situation: Situation,
    up: u8,
    multi: Option<&MultiCard>,
    memo: &mut HandMemo,
) -> Option<[Option<f64>; 5]> {
    if !(1..=10).contains(&up) {
        // No such up card: no play has a value, so no index is found.
        return Some([None; 5]);
    }
    let full = full_shoe(rules.decks);
    let weight = |a: u8, b: u8| {
        if a == b {
            full[a as usize - 1] * (full[a as usize - 1] - 1.0)
        } else {
            2.0 * full[a as usize - 1] * full[b as usize - 1]
        }
    };
    if situation == Situation::Insurance {
        // The player decides seeing the ace and their own two cards: over every two-card hand,
        // insurance (half the bet, paid 2 to 1) against declining it.
        let mut sum = 0.0;
        for a in 1..=10u8 {
            for b in a..=10u8 {
                let before = shoes.before_round(system, shown, &[up, a, b])?;
                let left = without(without(without(before, up), a), b);
                let n: f64 = left.iter().sum();
                let p = if n > 0.0 { left[9] / n } else { 0.0 };
                sum += weight(a, b) * 0.5 * (3.0 * p - 1.0);
            }
        }
        return Some([Some(sum), Some(0.0), None, None, None]);
    }
    let mut sums = [Some(0.0); 5];
    for (a, b) in situation.hands() {
        let v = match memo.get(&(up, a, b)) {
            Some(v) => *v,
            None => {
                let v = shoes.before_round(system, shown, &[up, a, b]).map(|shoe| hand_values(rules, &shoe, up, a, b));
                memo.insert((up, a, b), v);
                v
            }
        }?;
        for i in 0..5 {
            sums[i] = match (sums[i], v[i]) {
                (Some(s), Some(x)) => Some(s + weight(a, b) * x),
                _ => None,
            };
        }
    }
    // A stiff total is hit or stood with three cards or more as often as with two: those hands,
    // holding the small cards a hitter needs, weigh in at their mean cards (stand and hit only).
    if let (Situation::Total { soft: false, total: total @ 12..=16 }, Some(multi)) = (situation, multi) {
        let (w, held) = multi[total as usize - 12];
        if w > 0.0 {
            let v = match memo.get(&(up, 0, total)) {
                Some(v) => *v,
                None => {
                    let mut seen = held;
                    seen[up as usize - 1] += 1.0;
                    let v = shoes
                        .before_seeing(system, shown, &seen)
                        .map(|shoe| multi_card_values(rules, &shoe, up, &held, total));
                    memo.insert((up, 0, total), v);
                    v
                }
            }?;
            for i in 0..5 {
                sums[i] = match (sums[i], v[i]) {
                    (Some(s), Some(x)) => Some(s + w * x),
                    _ => None,
                };
            }
        }
    }
    Some(sums)
}

/// The plays in the order the values are kept (`hand_values`).
pub const PLAYS: [Play; 5] = [Play::Stand, Play::Hit, Play::Double, Play::Split, Play::Surrender];

/// The best choice among `allowed` plays (ties to the earlier play), with its value.
fn best_of(values: &[Option<f64>; 5], allowed: impl Fn(Play) -> bool) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (i, v) in values.iter().enumerate() {
        if let (Some(v), true) = (v, allowed(PLAYS[i])) {
            if best.is_none_or(|b| *v > b.1 + 1e-12) {
                best = Some((i, *v));
            }
        }
    }
    best
}

/// The player's expected result of a round, in units of the bet, at each of these whole true
/// counts: every starting hand played perfectly for the cards left (the best of every play the
/// rules allow, blackjacks paid, insurance not taken), averaged over the same depths as the
/// indices. Counts no depth reaches are left out. For the bet spread's edge in [`super::risk`].
pub fn edge_by_count(rules: &TableRules, system: &CountSystem, counts: &[i32]) -> Vec<(i32, f64)> {
    let mut sums = vec![(0.0, 0u32); counts.len()];
    for dealt in depths(rules) {
        let profile = depth_profile(system, rules.decks, dealt);
        for (ci, &t) in counts.iter().enumerate() {
            if let Some(shoe) = composition_at(&profile, t as f64) {
                sums[ci].0 += round_value(rules, &shoe);
                sums[ci].1 += 1;
            }
        }
    }
    counts.iter().zip(sums).filter(|(_, s)| s.1 > 0).map(|(&t, s)| (t, s.0 / s.1 as f64)).collect()
}

/// A round's value from these cards: over the up card and the player's two cards.
fn round_value(rules: &TableRules, shoe: &Composition) -> f64 {
    (1..=10u8).map(|up| round_value_for_up(rules, shoe, up)).sum()
}

/// The part of a round's value (see [`edge_by_count`]) where the dealer shows `up`, weighted by
/// that up card's chance: the ten of them sum to the round's value.
pub fn round_value_for_up(rules: &TableRules, shoe: &Composition, up: u8) -> f64 {
    (1..=10u8).map(|a| round_value_part(rules, shoe, up, a)).sum()
}

/// The part of a round's value where the dealer shows `up` and the player's lower card is `a`
/// (aces low), weighted by its chance: ten of them make [`round_value_for_up`]. One part is one
/// bounded step of a page's work ([`super::risk::SpreadWork`]): at most ten two-card hands.
pub fn round_value_part(rules: &TableRules, shoe: &Composition, up: u8, a: u8) -> f64 {
    let n: f64 = shoe.iter().sum();
    if n < 3.0 || !(1..=10).contains(&up) || !(1..=10).contains(&a) {
        return 0.0;
    }
    let p_up = shoe[up as usize - 1] / n;
    if p_up <= 0.0 {
        return 0.0;
    }
    let after_up = without(*shoe, up);
    let m: f64 = after_up.iter().sum();
    let pa = after_up[a as usize - 1] / m;
    let rest = without(after_up, a);
    let mut total = 0.0;
    for b in a..=10u8 {
        let mut w = pa * rest[b as usize - 1] / (m - 1.0);
        if a != b {
            w *= 2.0;
        }
        if w <= 0.0 {
            continue;
        }
        let v = if a == 1 && b == 10 {
            // A blackjack is paid unless the dealer has one too.
            let hand_shoe = without(rest, b);
            let left: f64 = hand_shoe.iter().sum();
            let pbj = match up {
                1 => hand_shoe[9] / left,
                10 => hand_shoe[0] / left,
                _ => 0.0,
            };
            (1.0 - pbj) * rules.blackjack_ratio()
        } else {
            hand_values(rules, shoe, up, a, b).iter().flatten().fold(f64::NEG_INFINITY, |x, &y| x.max(y))
        };
        total += p_up * w * v;
    }
    total
}

/// The index plays for these rules and this system among `situations`, in their order and by
/// rising index within one.
pub fn index_plays(rules: &TableRules, system: &CountSystem, situations: &[(Situation, u8)]) -> Vec<IndexPlay> {
    let shoes: Vec<CountShoes> =
        depths(rules).iter().map(|&d| count_shoes(&depth_profile(system, rules.decks, d), rules.decks)).collect();
    index_plays_from(rules, system, &shoes, situations)
}

/// One depth of the shoe as the search reads it: the expected cards left before the round at
/// every reachable true count (from [`depth_profile`]), so that the count the player sees, with
/// the up card and their own two cards counted, can be turned back into the count before them.
#[derive(Clone, Debug, PartialEq)]
pub struct CountShoes {
    /// (true count before the round, expected cards left), by rising count.
    profile: Vec<(f64, Composition)>,
    /// Each of those counts' chance at this depth (for the plays' gains).
    chances: Vec<f64>,
    /// The cards left before the round.
    left: f64,
    /// The whole shoe, by point value.
    full: Composition,
}

/// A depth profile of a shoe of `decks` decks kept for the search (see [`CountShoes`]).
pub fn count_shoes(profile: &[(f64, f64, Composition)], decks: u8) -> CountShoes {
    let left = profile.first().map_or(0.0, |p| p.2.iter().sum());
    CountShoes {
        profile: profile.iter().map(|p| (p.0, p.2)).collect(),
        chances: profile.iter().map(|p| p.1).collect(),
        left,
        full: full_shoe(decks.clamp(1, 8)),
    }
}

impl CountShoes {
    /// The expected cards left *before the round* when the player, having seen `seen` (the up
    /// card and their two cards, point values) counted with the rest, reads a true count of
    /// `shown`: the count those cards add is taken off, and the count before them read from the
    /// profile. `None` where the depth does not reach that count.
    fn before_round(&self, system: &CountSystem, shown: f64, seen: &[u8]) -> Option<Composition> {
        let mut cards = [0.0; 10];
        for &p in seen {
            cards[p as usize - 1] += 1.0;
        }
        self.before_seeing(system, shown, &cards)
    }

    /// [`CountShoes::before_round`] for cards seen by point value, counts that may be fractional
    /// (the expected cards of a mix of hands).
    fn before_seeing(&self, system: &CountSystem, shown: f64, seen: &Composition) -> Option<Composition> {
        let k: f64 = seen.iter().sum();
        if self.left <= k {
            return None;
        }
        // A seven's colour is not known in a mix of hands: Red 7's seven counts half a point.
        let tag = |i: usize| match i {
            6 => (system.half_tags[6] as f64 + system.red_seven_half as f64) / 4.0,
            _ => system.half_tags[i] as f64 / 2.0,
        };
        let drift = system.deck_sum_half() as f64 / 2.0 * k / 52.0;
        // The count's excess (see `count.rs`) with the seen cards, then without them.
        let after = shown * (self.left - k) / 52.0;
        let before = after - (0..10).map(|i| seen[i] * tag(i)).sum::<f64>() + drift;
        let at = composition_at_pairs(&self.profile, before * 52.0 / self.left)?;
        // The cards dealt before the round came from a shoe without the seen ones, so within a
        // tag class they were dealt in proportion to the cards of each value *not* seen. Left in
        // the class's shares of the whole shoe instead, a seen ace came off the cards left on top
        // of the share of an ace already gone with the highs dealt: at one deck insurance paid
        // from 0, where counting every deal gives about +1.4, and 16 v 10 stood at +2.
        let class = |i: usize| (i != 6).then_some(system.half_tags[i]);
        let mut out = at;
        for i in 0..10 {
            let same = (0..10).filter(|&j| j == i || (class(i).is_some() && class(j) == class(i)));
            let (dealt, unseen) =
                same.fold((0.0, 0.0), |(d, u), j| (d + self.full[j] - at[j], u + (self.full[j] - seen[j]).max(0.0)));
            let mine = (self.full[i] - seen[i]).max(0.0);
            let share = if unseen > 0.0 { mine / unseen } else { 0.0 };
            // With the seen cards: the callers take them out.
            out[i] = (mine - dealt * share).max(0.0) + seen[i];
        }
        Some(out)
    }

    /// The chance of a true count near `t` before the round at this depth, per point of count.
    fn density(&self, t: f64) -> f64 {
        let k = self.profile.partition_point(|p| p.0 <= t);
        if k == 0 || k >= self.profile.len() {
            return 0.0;
        }
        let (t0, t1) = (self.profile[k - 1].0, self.profile[k].0);
        let f = if t1 > t0 { (t - t0) / (t1 - t0) } else { 0.5 };
        let c = self.chances[k - 1] * (1.0 - f) + self.chances[k] * f;
        if t1 > t0 {
            c / (t1 - t0)
        } else {
            c
        }
    }
}

/// [`index_plays`] from the profiles of each depth ([`count_shoes`] of [`depths`]).
pub fn index_plays_from(
    rules: &TableRules,
    system: &CountSystem,
    shoes: &[CountShoes],
    situations: &[(Situation, u8)],
) -> Vec<IndexPlay> {
    let mut work = IndexWork::new(rules, system, shoes.to_vec(), situations.to_vec());
    while !work.step() {}
    work.finish()
}

/// One situation's values at one count, summed over depths each weighted by the count's chance
/// there: the sums, which plays every depth priced, how many depths reached the count and the
/// weights' sum.
type Sums = ([f64; 5], [bool; 5], u32, f64);

/// The number of counts priced: [`LOWEST`]..=[`HIGHEST`], times [`count_step`].
const COUNTS: usize = (HIGHEST - LOWEST + 1) as usize;

/// [`index_plays_from`] one situation's values at one depth and count a step, so a page can make
/// the profiles in steps ([`ProfileBuilder`]) and then the indices a few steps a task. The
/// result is the same as in one go.
#[derive(Clone, Debug)]
pub struct IndexWork {
    rules: TableRules,
    system: CountSystem,
    shoes: Vec<CountShoes>,
    situations: Vec<(Situation, u8)>,
    /// sums[situation][count] = (values summed over depths, which plays every depth has, depths).
    sums: Vec<Vec<Sums>>,
    /// The next step: depth, count, situation.
    at: (usize, usize, usize),
    memo: HandMemo,
    /// The hands of three cards or more of each stiff total, by up card, worked out when first
    /// needed (one chart column, about as long as a step).
    multi: Vec<Option<MultiCard>>,
}

impl IndexWork {
    pub fn new(
        rules: &TableRules,
        system: &CountSystem,
        shoes: Vec<CountShoes>,
        situations: Vec<(Situation, u8)>,
    ) -> IndexWork {
        let sums = vec![vec![([0.0f64; 5], [true; 5], 0u32, 0.0f64); COUNTS]; situations.len()];
        IndexWork {
            rules: rules.clone(),
            system: *system,
            shoes,
            situations,
            sums,
            at: (0, 0, 0),
            memo: HashMap::new(),
            multi: vec![None; 10],
        }
    }

    /// Steps done and steps in all.
    pub fn progress(&self) -> (usize, usize) {
        let n = self.situations.len();
        let (d, t, s) = self.at;
        ((d * COUNTS + t) * n + s, self.shoes.len() * COUNTS * n)
    }

    /// The true count the player reads at the `t`th count priced.
    fn shown(&self, t: usize) -> f64 {
        ((LOWEST + t as i32) * count_step(&self.system)) as f64
    }

    /// One situation's values at one depth and count (nothing for a count the depth does not
    /// reach); `true` when every step is done.
    pub fn step(&mut self) -> bool {
        loop {
            let (d, t, si) = self.at;
            if d >= self.shoes.len() {
                return true;
            }
            if si >= self.situations.len() || t >= COUNTS {
                // The next count (its own memo of the hands' values), or the next depth.
                self.memo.clear();
                self.at = if t + 1 >= COUNTS { (d + 1, 0, 0) } else { (d, t + 1, 0) };
                continue;
            }
            let (situation, up) = self.situations[si];
            let shown = self.shown(t);
            let stiff = matches!(situation, Situation::Total { soft: false, total: 12..=16 }) && (1..=10).contains(&up);
            if stiff && self.multi[up as usize - 1].is_none() {
                // Once an up card: the chart's column for it, about as long as a step.
                self.multi[up as usize - 1] = Some(multi_card(&self.rules, up));
            }
            let multi = if stiff { self.multi[up as usize - 1].as_ref() } else { None };
            let (rules, system, shoes) = (&self.rules, &self.system, &self.shoes[d]);
            let v = situation_values(rules, system, shoes, shown, situation, up, multi, &mut self.memo);
            if let Some(v) = v {
                // A depth weighs by how often the count comes there: high and low counts come
                // mostly deep in the shoe, where fewer cards are left and each moves the odds more.
                let w = shoes.density(shown);
                let cell = &mut self.sums[si][t];
                cell.3 += w;
                for (i, value) in v.iter().enumerate() {
                    match value {
                        Some(x) => cell.0[i] += w * x,
                        None => cell.1[i] = false,
                    }
                }
                cell.2 += 1;
            }
            self.at = (d, t, si + 1);
            return false;
        }
    }

    /// The index plays (see [`index_plays`]); complete once [`IndexWork::step`] said so.
    pub fn finish(self) -> Vec<IndexPlay> {
        let step = count_step(&self.system);
        let counts: Vec<i32> = (LOWEST..=HIGHEST).map(|k| k * step).collect();
        // Each priced count's chance, the depths alike: a count before the round falls to the
        // nearest count priced (those beyond the search's reach are left out).
        let mut chance = [0.0f64; COUNTS];
        for shoe in &self.shoes {
            for (&(tc, _), &p) in shoe.profile.iter().zip(&shoe.chances) {
                let k = (tc / step as f64).round() as i64 - LOWEST as i64;
                if (0..COUNTS as i64).contains(&k) {
                    chance[k as usize] += p / self.shoes.len() as f64;
                }
            }
        }
        // The values are summed in two-card weights (cards × cards, from a full shoe).
        let full = full_shoe(self.rules.decks);
        let n: f64 = full.iter().sum();
        let (situations, sums) = (self.situations, self.sums);
        let mut out = Vec::new();
        for (si, &(situation, up)) in situations.iter().enumerate() {
            // The values at each count reached by every depth that reaches it, averaged, with
            // the count's chance.
            let values: Vec<(i32, f64, [Option<f64>; 5])> = counts
                .iter()
                .zip(&sums[si])
                .zip(chance)
                .filter(|((_, c), _)| c.2 > 0 && c.3 > 0.0)
                .map(|((&t, c), p)| (t, p, std::array::from_fn(|i| c.1[i].then(|| c.0[i] / c.3))))
                .collect();
            let p_up = if (1..=10).contains(&up) { full[up as usize - 1] / n } else { 0.0 };
            // The plays each situation weighs: a total never surrenders (surrender is decided
            // first, as its own situation), nor does a pair decide split or not by it.
            let allowed = |p: Play| match situation {
                Situation::Total { .. } => !matches!(p, Play::Split | Play::Surrender),
                Situation::Pair(_) => p != Play::Surrender,
                Situation::Surrender(_) => p != Play::Split,
                Situation::SurrenderPair(_) | Situation::Insurance => true,
            };
            let side = |v: &[Option<f64>; 5]| best_of(v, allowed);
            for pair in values.windows(2) {
                let ((t0, _, v0), (t1, _, v1)) = (&pair[0], &pair[1]);
                let (Some(b0), Some(b1)) = (side(v0), side(v1)) else { continue };
                if b0.0 == b1.0 {
                    continue;
                }
                let (x, y) = (b0.0, b1.0);
                let (below, above) = match situation {
                    Situation::Insurance => (choice_insurance(x), choice_insurance(y)),
                    Situation::Pair(_) if x != 3 && y != 3 => continue,
                    Situation::Surrender(_) | Situation::SurrenderPair(_) if x != 4 && y != 4 => continue,
                    _ => (Choice::Play(PLAYS[x]), Choice::Play(PLAYS[y])),
                };
                let (Some(x0), Some(y0), Some(x1), Some(y1)) = (v0[x], v0[y], v1[x], v1[y]) else { continue };
                let (d0, d1) = (x0 - y0, x1 - y1);
                let f = if (d0 - d1).abs() > 1e-15 { (d0 / (d0 - d1)).clamp(0.0, 1.0) } else { 0.5 };
                let crossing = *t0 as f64 + f * (t1 - t0) as f64;
                // The play's side: above a positive crossing, below a negative one.
                let (play, other) = if crossing >= 0.0 { (y, x) } else { (x, y) };
                let lead: f64 = values
                    .iter()
                    .filter(|v| (v.0 as f64 >= crossing) == (crossing >= 0.0))
                    .filter_map(|v| Some(v.1 * (v.2[play]? - v.2[other]?).max(0.0)))
                    .sum();
                out.push(IndexPlay {
                    situation,
                    up,
                    at_or_above: above,
                    below,
                    index: crossing.round() as i32,
                    crossing,
                    gain: p_up * lead / (n * (n - 1.0)),
                });
            }
        }
        out
    }
}

fn choice_insurance(i: usize) -> Choice {
    if i == 0 {
        Choice::Insure
    } else {
        Choice::DeclineInsurance
    }
}

/// The play at true count `t` for one decision, from all of its computed index plays (any
/// order): the side of the highest index at or below `t`, or below the lowest; `None` for a
/// decision with no index play.
pub fn play_at(plays: &[IndexPlay], situation: Situation, up: u8, t: i32) -> Option<Choice> {
    let mut mine: Vec<&IndexPlay> = plays.iter().filter(|p| p.situation == situation && p.up == up).collect();
    mine.sort_by(|a, b| a.index.cmp(&b.index).then(a.crossing.total_cmp(&b.crossing)));
    let first = mine.first()?;
    Some(mine.iter().rev().find(|p| t >= p.index).map_or(first.below, |p| p.at_or_above))
}

/// The one right answer for a hand at true count `t`, surrender decided first as the published
/// Fab 4 are: a hard total or a pair is surrendered when its surrender index says so, and
/// otherwise played by its own indices (a pair split or not, a total hit, stood or doubled).
/// So "hard 16 v 10" and "surrender 16 v 10" at the same count have the same answer. A decision
/// with no index of its own is played as its surrender index's other side. `None` when neither
/// has an index play.
pub fn answer_at(plays: &[IndexPlay], situation: Situation, up: u8, t: i32) -> Option<Choice> {
    let (surrender, play) = match situation {
        Situation::Total { soft: false, total } | Situation::Surrender(total) => {
            (Some(Situation::Surrender(total)), Situation::Total { soft: false, total })
        }
        Situation::Pair(p) | Situation::SurrenderPair(p) => (Some(Situation::SurrenderPair(p)), Situation::Pair(p)),
        other => (None, other),
    };
    let give_up = surrender.and_then(|s| play_at(plays, s, up, t));
    if give_up == Some(Choice::Play(Play::Surrender)) {
        return give_up;
    }
    play_at(plays, play, up, t).or(give_up)
}
