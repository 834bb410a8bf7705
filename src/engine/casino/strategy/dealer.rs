//! The dealer's play from one up card laid out once as a graph (every hand the dealer may draw
//! to, each after the hands it leads to), with the draw probabilities tabled: the solver walks
//! it instead of recursing with a map for every hand, doing the same arithmetic in the same
//! order, so the values are the recursion's to the last bit.

use super::*;

/// One card the dealer may draw to a hand: its point index (0 = ace), how many of them the
/// hand already holds, and the value it leads to (see [`DealerGraph::evaluate`]).
#[derive(Copy, Clone, Debug)]
pub(super) struct Edge {
    rank: u8,
    held: u16,
    to: u16,
}

/// One hand the dealer draws to: how many cards it has drawn after the up card, and its
/// edges (`edges[from..to]` of the graph, by point value).
#[derive(Copy, Clone, Debug)]
pub(super) struct DealerNode {
    ndrawn: u16,
    from: u32,
    to: u32,
}

/// The most cards removed from the dealer's shoe (a hand's, the dealer's) for which the graph
/// keeps the draw probabilities in a table; beyond it they are divided out as they come.
pub(super) const TABLE_REMOVED: usize = 64;
/// Counts per point value above this get no table (no page shoe comes near it).
pub(super) const TABLE_COUNT: usize = 1024;
/// The first values are the outcomes themselves (standing on 17 … 21, bust), as the unit
/// vectors the recursion multiplies: hands are numbered after them.
pub(super) const OUTCOMES: usize = 6;

/// The dealer's play from one up card, as [`dealer_rec`] walks it, laid out once: every hand
/// the dealer may draw to from `shoe`, each after the hands it leads to (the up card's own
/// hand last). Evaluating it for a shoe does the same arithmetic in the same order as the
/// recursion (the same bits), without a map, a call or a division per hand.
#[derive(Debug)]
pub(super) struct DealerGraph {
    nodes: Vec<DealerNode>,
    edges: Vec<Edge>,
    /// The card that gives the dealer blackjack with the up card (point index), if any.
    blackjack: Option<u8>,
    /// `shoe`'s cards in all, and `c / (total - m)` at `[m * width + c]`: the probability of
    /// drawing one of `c` cards once `m` have been removed (the very division the recursion
    /// makes; 0 where no card is left). Empty when the shoe is too large for it.
    total: i64,
    width: usize,
    probs: Vec<f64>,
    up: u8,
    h17: bool,
    /// The most cards the dealer draws after the up card.
    depth: u16,
}

impl DealerGraph {
    pub(super) fn new(shoe: Counts, up: u8, h17: bool) -> DealerGraph {
        let total = shoe.total() as i64;
        let most = shoe.0.iter().copied().max().unwrap_or(0) as usize;
        let (width, probs) = if most <= TABLE_COUNT {
            let width = most + 1;
            let mut probs = Vec::with_capacity(width * (TABLE_REMOVED + 1));
            for m in 0..=TABLE_REMOVED as i64 {
                let n = total - m;
                probs.extend((0..width).map(|c| if n > 0 { c as f64 / n as f64 } else { 0.0 }));
            }
            (width, probs)
        } else {
            (0, Vec::new())
        };
        let blackjack = match up {
            1 => Some(9),
            10 => Some(0),
            _ => None,
        };
        let mut g =
            DealerGraph { nodes: Vec::new(), edges: Vec::new(), blackjack, total, width, probs, up, h17, depth: 0 };
        let mut index: Map<u16> = Map::default();
        g.build(shoe, &mut [0; 10], up as u32, up == 1, 1, h17, key_add(0, up), &mut index);
        g.depth = g.nodes.iter().map(|n| n.ndrawn + 1).max().unwrap_or(0);
        g
    }

    /// Where a hand of `hard` points (`ace`: holding one) and `ncards` cards leads, as in
    /// [`dealer_rec`]: `Some(outcome)` (stands on 17 + outcome, or 5: busts) when it stops,
    /// `Some(None)` on blackjack, `None` when it draws again.
    pub(super) fn outcome(hard: u32, ace: bool, ncards: u8, h17: bool) -> Option<Option<u16>> {
        if hard > 21 {
            return Some(Some(BUST as u16));
        }
        let soft = ace && hard + 10 <= 21;
        let b = if soft { hard + 10 } else { hard };
        if ncards == 2 && b == 21 {
            return Some(None);
        }
        if b > 17 || (b == 17 && !(soft && h17)) {
            return Some(Some((b - 17) as u16));
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn build(
        &mut self,
        shoe: Counts,
        drawn: &mut [u16; 10],
        hard: u32,
        ace: bool,
        ncards: u8,
        h17: bool,
        key: u64,
        index: &mut Map<u16>,
    ) -> u16 {
        if let Some(&i) = index.get(&key) {
            return i;
        }
        let mut edges = Vec::with_capacity(10);
        for p in 1..=10u8 {
            let i = p as usize - 1;
            // A card the shoe does not hold this many of is never drawn from any part of it.
            if drawn[i] >= shoe.0[i] {
                continue;
            }
            let (h, a) = (hard + p as u32, ace || p == 1);
            let to = match DealerGraph::outcome(h, a, ncards + 1, h17) {
                Some(Some(o)) => o,
                // The blackjack card (the up card's own hand only) is counted apart.
                Some(None) => continue,
                None => {
                    drawn[i] += 1;
                    let j = self.build(shoe, drawn, h, a, ncards + 1, h17, key_add(key, p), index);
                    drawn[i] -= 1;
                    j
                }
            };
            edges.push(Edge { rank: i as u8, held: drawn[i], to });
        }
        let from = self.edges.len() as u32;
        self.edges.extend(edges);
        let ndrawn = drawn.iter().sum();
        self.nodes.push(DealerNode { ndrawn, from, to: self.edges.len() as u32 });
        let i = (OUTCOMES + self.nodes.len() - 1) as u16;
        index.insert(key, i);
        i
    }

    /// The dealer's outcome probabilities drawing from `comp` (a shoe within the one the graph
    /// was built for). `full`: every outcome; otherwise only bust and blackjack are filled
    /// in, the others are zero. Either way the values filled in are [`dealer_rec`]'s, bit for
    /// bit. The recursion adds, card by card, the card's probability times the value it leads
    /// to, an outcome being a unit vector; here too, in the same order, and a card the shoe has
    /// none of left adds its probability 0 times a value (finite and not negative, as every
    /// value here is): +0, which changes no sum (no sum is ever -0). A hand `comp` cannot hold
    /// is never reached from one it can hold, so its value (whatever it is) is never counted
    /// but as that +0. `scratch` holds a value per hand.
    pub(super) fn evaluate(&self, comp: &Counts, full: bool, scratch: &mut Scratch) -> DealerDist {
        let total = comp.total() as i64;
        let removed = self.total - total;
        let tabled = removed >= 0
            && removed as usize + self.depth as usize <= TABLE_REMOVED
            && comp.0.iter().all(|&c| (c as usize) < self.width);
        if !tabled {
            // Never at the page's shoes: the recursion itself.
            return dealer_distribution(*comp, self.up, self.h17);
        }
        let probs = &self.probs[removed as usize * self.width..];
        let mut d = [0.0; 7];
        if full {
            self.run_full(comp, &mut scratch.full, probs);
            d[..6].copy_from_slice(&scratch.full.last().copied().unwrap_or([0.0; 6]));
        } else {
            self.run_bust(comp, &mut scratch.bust, probs);
            d[BUST] = scratch.bust.last().copied().unwrap_or(0.0);
        }
        // The recursion's blackjack sum: zeros, and this card's probability once.
        if let Some(r) = self.blackjack {
            d[BJ] = probs.get(comp.0[r as usize] as usize).copied().unwrap_or(0.0);
        }
        d
    }

    /// `probs`: the table from the cards `comp` lacks on (row = cards the dealer drew).
    pub(super) fn run_full(&self, comp: &Counts, vals: &mut Vec<[f64; 6]>, probs: &[f64]) {
        vals.clear();
        vals.resize(OUTCOMES + self.nodes.len(), [0.0; 6]);
        for (k, unit) in vals.iter_mut().take(OUTCOMES).enumerate() {
            unit[k] = 1.0;
        }
        for (at, node) in self.nodes.iter().enumerate() {
            let (mut o0, mut o1, mut o2, mut o3, mut o4, mut o5) = (0.0f64, 0.0, 0.0, 0.0, 0.0, 0.0);
            let row = &probs[node.ndrawn as usize * self.width..];
            for e in &self.edges[node.from as usize..node.to as usize] {
                let c = (comp.0[e.rank as usize] as i64 - e.held as i64).max(0);
                let pr = row[c as usize];
                let s = &vals[e.to as usize];
                o0 += pr * s[0];
                o1 += pr * s[1];
                o2 += pr * s[2];
                o3 += pr * s[3];
                o4 += pr * s[4];
                o5 += pr * s[5];
            }
            vals[OUTCOMES + at] = [o0, o1, o2, o3, o4, o5];
        }
    }

    pub(super) fn run_bust(&self, comp: &Counts, vals: &mut Vec<f64>, probs: &[f64]) {
        vals.clear();
        vals.resize(OUTCOMES + self.nodes.len(), 0.0);
        vals[BUST] = 1.0;
        for (at, node) in self.nodes.iter().enumerate() {
            let mut out = 0.0f64;
            let row = &probs[node.ndrawn as usize * self.width..];
            for e in &self.edges[node.from as usize..node.to as usize] {
                let c = (comp.0[e.rank as usize] as i64 - e.held as i64).max(0);
                out += row[c as usize] * vals[e.to as usize];
            }
            vals[OUTCOMES + at] = out;
        }
    }
}
