//! The expected cards left given the count: a dynamic programme over the tag classes gives, for
//! every running count reachable at a depth of the shoe, its probability and the expected
//! composition of the cards left (see the method in [`super`]). In steps of bounded work
//! ([`ProfileBuilder`]), so a page can compute it between frames.

use super::Composition;
use crate::engine::casino::count::CountSystem;

/// The expected cards left for each running count reachable after `dealt` cards: (true count,
/// probability, composition), sorted by true count.
pub fn depth_profile(system: &CountSystem, decks: u8, dealt: u32) -> Vec<(f64, f64, Composition)> {
    let mut b = ProfileBuilder::new(system, decks, dealt);
    while !b.step(usize::MAX) {}
    b.finish()
}

/// [`depth_profile`] in steps of bounded work, so a page can compute it between frames: call
/// [`ProfileBuilder::step`] until it returns `true`, then [`ProfileBuilder::finish`]. The result is
/// the same whatever the steps' sizes.
#[derive(Clone, Debug)]
pub struct ProfileBuilder {
    system: CountSystem,
    decks: u8,
    n: usize,
    off: usize,
    width: usize,
    /// Tag classes: (tag in half points, cards of each point value in the shoe).
    classes: Vec<(i32, [u32; 10])>,
    /// The class being counted (its expected cards dealt), and the other class being convolved
    /// into `w` (`classes.len()` once they are all in).
    class: usize,
    other: usize,
    /// The row of the convolution next computed, the table so far and the one being filled.
    row: usize,
    w: Vec<f64>,
    next: Vec<f64>,
    weight: Vec<f64>,
    expected: Vec<Vec<f64>>,
}

impl ProfileBuilder {
    pub fn new(system: &CountSystem, decks: u8, dealt: u32) -> ProfileBuilder {
        let decks = decks.clamp(1, 8);
        let total = 52 * decks as u32;
        let n = dealt.min(total.saturating_sub(1)) as usize;
        let mut classes: Vec<(i32, [u32; 10])> = Vec::new();
        let d = decks as u32;
        let mut add = |tag: i32, points: usize, count: u32| match classes.iter_mut().find(|c| c.0 == tag) {
            Some(c) => c.1[points] += count,
            None => {
                let mut cards = [0; 10];
                cards[points] = count;
                classes.push((tag, cards));
            }
        };
        for p in 0..10 {
            match p {
                6 => {
                    add(system.half_tags[6] as i32, 6, 2 * d);
                    add(system.red_seven_half as i32, 6, 2 * d);
                }
                9 => add(system.half_tags[9] as i32, 9, 16 * d),
                _ => add(system.half_tags[p] as i32, p, 4 * d),
            }
        }
        let max_tag = classes.iter().map(|c| c.0.unsigned_abs() as usize).max().unwrap_or(0);
        let off = max_tag * n;
        let width = 2 * off + 1;
        let k = classes.len();
        let mut b = ProfileBuilder {
            system: *system,
            decks,
            n,
            off,
            width,
            classes,
            class: 0,
            other: 0,
            row: 0,
            w: Vec::new(),
            next: Vec::new(),
            weight: vec![0.0; width],
            expected: vec![vec![0.0; width]; k],
        };
        b.start_class();
        b
    }

    fn size(&self, c: usize) -> usize {
        self.classes[c].1.iter().sum::<u32>() as usize
    }

    /// W[n'][s]: the ways (as a float) to deal n' cards from the classes so far with tag sum s;
    /// each class starts from none dealt, then takes in the other classes one by one.
    fn start_class(&mut self) {
        self.w = vec![0.0; (self.n + 1) * self.width];
        self.w[self.off] = 1.0;
        self.other = if self.class == 0 { 1 } else { 0 };
        self.row = 0;
        self.next = vec![0.0; (self.n + 1) * self.width];
    }

    /// Does about `budget` multiply-adds of work (at least one row of a convolution); `true`
    /// when the profile is complete.
    pub fn step(&mut self, budget: usize) -> bool {
        let mut done = 0usize;
        while self.class < self.classes.len() {
            if self.other < self.classes.len() {
                // One row of convolving the other class into W.
                let (tag, k_max) = (self.classes[self.other].0, self.size(self.other));
                let row = binomials(k_max, self.n);
                let (n, width, n1) = (self.n, self.width, self.row);
                for si in 0..width {
                    let v = self.w[n1 * width + si];
                    if v == 0.0 {
                        continue;
                    }
                    for (k, &c) in row.iter().enumerate().take(n - n1 + 1) {
                        let s2 = si as i64 + tag as i64 * k as i64;
                        self.next[(n1 + k) * width + s2 as usize] += v * c;
                    }
                }
                done = done.saturating_add(width * (n - n1 + 1));
                self.row += 1;
                if self.row > n {
                    self.w = std::mem::replace(&mut self.next, vec![0.0; (n + 1) * width]);
                    self.row = 0;
                    self.other += 1;
                    if self.other == self.class {
                        self.other += 1;
                    }
                }
            } else {
                self.count_class();
                done = done.saturating_add(self.width * self.n);
                self.class += 1;
                if self.class < self.classes.len() {
                    self.start_class();
                }
            }
            if done >= budget {
                break;
            }
        }
        self.class >= self.classes.len()
    }

    /// With every other class in W, this class by hand: its expected cards dealt at each sum.
    fn count_class(&mut self) {
        let (n, width, c) = (self.n, self.width, self.class);
        let tag = self.classes[c].0;
        let row = binomials(self.size(c), n);
        for si in 0..width {
            let (mut total_w, mut dealt_w) = (0.0, 0.0);
            for (k, &b) in row.iter().enumerate() {
                let s_other = si as i64 - tag as i64 * k as i64;
                if !(0..width as i64).contains(&s_other) || k > n {
                    continue;
                }
                let v = self.w[(n - k) * width + s_other as usize] * b;
                total_w += v;
                dealt_w += v * k as f64;
            }
            if c == 0 {
                self.weight[si] = total_w;
            }
            self.expected[c][si] = if total_w > 0.0 { dealt_w / total_w } else { 0.0 };
        }
    }

    /// The profile (see [`depth_profile`]); complete once [`ProfileBuilder::step`] said so.
    pub fn finish(self) -> Vec<(f64, f64, Composition)> {
        let all: f64 = self.weight.iter().sum();
        let full = full_shoe(self.decks);
        let irc = self.system.initial_running_count_half(self.decks);
        let mut out: Vec<(f64, f64, Composition)> = Vec::new();
        for si in 0..self.width {
            if self.weight[si] <= 0.0 || all <= 0.0 {
                continue;
            }
            let mut left = full;
            for (c, class) in self.classes.iter().enumerate() {
                let k = class.1.iter().sum::<u32>() as f64;
                for (p, &cards) in class.1.iter().enumerate() {
                    if cards > 0 {
                        left[p] -= self.expected[c][si] * cards as f64 / k;
                    }
                }
            }
            let running = irc + si as i32 - self.off as i32;
            out.push((
                self.system.true_count(running, self.decks, self.n as u32),
                self.weight[si] / all,
                left.map(|x| x.max(0.0)),
            ));
        }
        out.sort_by(|a, b| a.0.total_cmp(&b.0));
        out
    }
}

/// C(k_max, k) for k = 0 ..= min(k_max, upto), as floats (exact up to 2^53, then rounded).
fn binomials(k_max: usize, upto: usize) -> Vec<f64> {
    let mut row = vec![1.0];
    for k in 0..k_max.min(upto) {
        let next = row[k] * (k_max - k) as f64 / (k + 1) as f64;
        row.push(next);
    }
    row
}

pub(super) fn full_shoe(decks: u8) -> Composition {
    let d = decks as f64;
    let mut c = [4.0 * d; 10];
    c[9] = 16.0 * d;
    c
}

/// The composition at true count `t` on this profile, interpolated between the reachable
/// counts either side; `None` if `t` is beyond every reachable count.
pub fn composition_at(profile: &[(f64, f64, Composition)], t: f64) -> Option<Composition> {
    interpolate(profile.len(), |i| (profile[i].0, &profile[i].2), t)
}

/// [`composition_at`] on (true count, composition) pairs.
pub(super) fn composition_at_pairs(profile: &[(f64, Composition)], t: f64) -> Option<Composition> {
    interpolate(profile.len(), |i| (profile[i].0, &profile[i].1), t)
}

/// Entry `i` of a profile of `len` is `at(i)`: (true count, composition), by rising count.
fn interpolate<'a>(len: usize, at: impl Fn(usize) -> (f64, &'a Composition), t: f64) -> Option<Composition> {
    // The first entry at or above `t` (the counts rise).
    let (mut lo, mut hi) = (0, len);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if at(mid).0 >= t {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    if lo == len {
        return None;
    }
    let (t_hi, c_hi) = at(lo);
    if (t_hi - t).abs() < 1e-12 || lo == 0 {
        return ((t_hi - t).abs() < 1e-9).then_some(*c_hi);
    }
    let (t_lo, c_lo) = at(lo - 1);
    let f = (t - t_lo) / (t_hi - t_lo);
    Some(std::array::from_fn(|p| c_lo[p] + f * (c_hi[p] - c_lo[p])))
}
