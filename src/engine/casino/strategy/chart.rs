//! The basic-strategy chart for any rule set, computed from the solver: a column per up card,
//! each cell the best first play for a full shoe (exactly, or by the faster approximation).

use super::*;

/// Plays from best to worst for one chart cell; a play the rules forbid comes last.
pub type Order = [Play; 5];

/// A total-dependent basic-strategy chart: what to do by hand type, total and up card.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    /// Two-card hard totals 5..=20, by up card (index 0 = ace … 9 = ten).
    pub hard: [[Order; 10]; 16],
    /// Two-card soft totals 13..=20 (A,2 … A,9).
    pub soft: [[Order; 10]; 8],
    /// Pairs of ace, 2 … 10 (index 0 = aces).
    pub pairs: [[Play; 10]; 10],
    /// Hit (true) or stand for hands of three or more cards: hard 4..=21, soft 12..=21.
    pub hard_multi: [[bool; 10]; 18],
    pub soft_multi: [[bool; 10]; 10],
    /// The house edge of perfect (composition-dependent) play, in percent of the original bet.
    pub house_edge_percent: f64,
}

impl Chart {
    /// What the chart plays with these cards (as points) against `up`, given what is allowed
    /// now. Stand and hit are always possible except `can_hit` false (a split ace).
    pub fn decide(
        &self,
        cards: &[u8],
        up: u8,
        can_hit: bool,
        can_double: bool,
        can_split: bool,
        can_surrender: bool,
    ) -> Play {
        let u = up as usize - 1;
        let hard: u8 = cards.iter().sum();
        let soft = cards.contains(&1) && hard + 10 <= 21;
        if !can_hit {
            return if can_split && self.pairs[0][u] == Play::Split { Play::Split } else { Play::Stand };
        }
        if cards.len() == 2 {
            if cards[0] == cards[1] && can_split && self.pairs[cards[0] as usize - 1][u] == Play::Split {
                return Play::Split;
            }
            let order = if soft && (13..=20).contains(&(hard + 10)) {
                Some(&self.soft[(hard + 10 - 13) as usize][u])
            } else if !soft && (5..=20).contains(&hard) {
                Some(&self.hard[(hard - 5) as usize][u])
            } else {
                None
            };
            if let Some(order) = order {
                for &p in order {
                    let ok = match p {
                        Play::Stand | Play::Hit => true,
                        Play::Double => can_double,
                        Play::Surrender => can_surrender,
                        Play::Split => false,
                    };
                    if ok {
                        return p;
                    }
                }
            }
        }
        if self.hits(hard, soft, up) {
            Play::Hit
        } else {
            Play::Stand
        }
    }

    /// The chart cell as printed: the best play for a two-card hand of this total.
    pub fn cell(&self, soft: bool, total: u8, up: u8) -> Play {
        let u = up as usize - 1;
        if soft {
            self.soft[(total - 13) as usize][u][0]
        } else {
            self.hard[(total - 5) as usize][u][0]
        }
    }
    /// Hit or stand for a hand of three or more cards.
    pub fn hits(&self, hard: u8, soft: bool, up: u8) -> bool {
        let u = up as usize - 1;
        if soft {
            let t = hard + 10;
            self.soft_multi[(t.clamp(12, 21) - 12) as usize][u]
        } else {
            self.hard_multi[(hard.clamp(4, 21) - 4) as usize][u]
        }
    }
}

/// Order the plays by probability-weighted value over every two-card hand in a row.
pub(crate) fn weighted_order(rows: &[(f64, ActionEvs)]) -> Order {
    let mut sums = [0.0f64; 5];
    let mut ok = [true; 5];
    for (w, e) in rows {
        for (i, p) in [Play::Stand, Play::Hit, Play::Double, Play::Split, Play::Surrender].into_iter().enumerate() {
            match e.value(p) {
                Some(v) => sums[i] += w * v,
                None => ok[i] = false,
            }
        }
    }
    ok[3] = false;
    let plays = [Play::Stand, Play::Hit, Play::Double, Play::Split, Play::Surrender];
    let mut idx = [0usize, 1, 2, 3, 4];
    let score = |i: usize| if ok[i] { sums[i] } else { f64::NEG_INFINITY };
    // Stable: on equal value the simpler play (stand, hit) stays first.
    // (The shared insertion sort: the standard one costs the casino page kilobytes of wasm.)
    crate::engine::sort::sort_small_by(&mut idx, |&a, &b| score(a) > score(b));
    idx.map(|i| plays[i])
}

/// Computes the chart for an up card: one column. Split out so the page can compute the chart
/// a column at a time between frames.
pub struct Column {
    pub hard: [Order; 16],
    pub soft: [Order; 8],
    pub pairs: [Play; 10],
    pub hard_multi: [bool; 18],
    pub soft_multi: [bool; 10],
    /// Probability-weighted value of all starting hands against this up card (times P(up)).
    pub weighted_value: f64,
}

pub fn column(rules: &TableRules, shoe: Counts, up: u8, exact: bool) -> Column {
    let s = Solver::new(rules, shoe, up);
    let mut s = if exact { s } else { s.quick() };
    let after_up = shoe.without(up).unwrap_or(shoe);
    let p_up = shoe.prob(up);
    let mut hard_rows: Vec<Vec<(f64, ActionEvs)>> = vec![Vec::new(); 16];
    let mut soft_rows: Vec<Vec<(f64, ActionEvs)>> = vec![Vec::new(); 8];
    let mut pairs = [Play::Hit; 10];
    let mut value = 0.0;
    for a in 1..=10u8 {
        for b in a..=10u8 {
            // Probability of this two-card hand after the up card (either order).
            let pa = after_up.prob(a);
            let Some(rest) = after_up.without(a) else {
                continue;
            };
            let mut w = pa * rest.prob(b);
            if a != b {
                w *= 2.0;
            }
            if w == 0.0 {
                continue;
            }
            value += w * s.hand_value(a, b);
            let hard = a + b;
            if a == 1 && b == 10 {
                continue;
            }
            let e = s.evaluate(a, b);
            if a == b {
                let best_other = ActionEvs { split: None, ..e }.best().1;
                pairs[a as usize - 1] = if e.split.is_some_and(|v| v > best_other) {
                    Play::Split
                } else {
                    ActionEvs { split: None, ..e }.best().0
                };
            }
            if a == 1 && b != 1 && hard + 10 <= 20 {
                soft_rows[(hard + 10 - 13) as usize].push((w, e));
            } else if a != 1 && (5..=20).contains(&hard) {
                hard_rows[(hard - 5) as usize].push((w, e));
            }
        }
    }
    const HIT_FIRST: Order = [Play::Hit, Play::Stand, Play::Double, Play::Split, Play::Surrender];
    const STAND_FIRST: Order = [Play::Stand, Play::Hit, Play::Double, Play::Split, Play::Surrender];
    let mut col = Column {
        hard: [HIT_FIRST; 16],
        soft: [HIT_FIRST; 8],
        pairs,
        hard_multi: [false; 18],
        soft_multi: [false; 10],
        weighted_value: value * p_up,
    };
    for (i, rows) in hard_rows.iter().enumerate() {
        if !rows.is_empty() {
            col.hard[i] = weighted_order(rows);
        } else {
            col.hard[i] = if i + 5 >= 20 { STAND_FIRST } else { HIT_FIRST };
        }
    }
    for (i, rows) in soft_rows.iter().enumerate() {
        col.soft[i] = weighted_order(rows);
    }
    let multi = s.multi_card_table();
    for t in 4..=21u8 {
        col.hard_multi[(t - 4) as usize] = multi.get(&(t, false)).is_some_and(|&(st, h)| h > st) || t <= 11;
    }
    for t in 12..=21u8 {
        col.soft_multi[(t - 12) as usize] =
            multi.get(&(t, true)).is_some_and(|&(st, h)| h > st) || t <= 17 && !multi.contains_key(&(t, true));
    }
    col
}

/// The full chart and the house edge of perfect play for these rules, from a full shoe.
pub fn chart(rules: &TableRules) -> Chart {
    chart_with(rules, true)
}

/// The chart in exact or quick mode (quick: the dealer's probabilities from the full shoe
/// less the up card only; the chart is the same at six decks, the edge a few hundredths off).
pub fn chart_with(rules: &TableRules, exact: bool) -> Chart {
    let shoe = Counts::full(rules.decks);
    let mut chart = Chart {
        hard: [[[Play::Hit; 5]; 10]; 16],
        soft: [[[Play::Hit; 5]; 10]; 8],
        pairs: [[Play::Hit; 10]; 10],
        hard_multi: [[false; 10]; 18],
        soft_multi: [[false; 10]; 10],
        house_edge_percent: 0.0,
    };
    let mut value = 0.0;
    for up in 1..=10u8 {
        let c = column(rules, shoe, up, exact);
        let u = up as usize - 1;
        for i in 0..16 {
            chart.hard[i][u] = c.hard[i];
        }
        for i in 0..8 {
            chart.soft[i][u] = c.soft[i];
        }
        for i in 0..10 {
            chart.pairs[i][u] = c.pairs[i];
        }
        for i in 0..18 {
            chart.hard_multi[i][u] = c.hard_multi[i];
        }
        for i in 0..10 {
            chart.soft_multi[i][u] = c.soft_multi[i];
        }
        value += c.weighted_value;
    }
    chart.house_edge_percent = -100.0 * value;
    chart
}
