//! The one source of randomness in the engine: a seeded, portable generator kept in game state.
//!
//! PCG (Mcg128Xsl64) is a published algorithm with a fixed output stream, and the shuffle below
//! is our own Fisher–Yates with a documented bounded-integer method, so a seed deals the same
//! cards on every platform and in every future release: saves replay, share links reproduce.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(Pcg64Mcg);

impl GameRng {
    pub fn new(seed: u64) -> Self {
        GameRng(Pcg64Mcg::seed_from_u64(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..bound` (bound > 0), by Lemire's multiply-and-reject method.
    pub fn below(&mut self, bound: u64) -> u64 {
        debug_assert!(bound > 0);
        let mut m = (self.next_u64() as u128) * (bound as u128);
        // The rejection threshold (2^64 mod bound) is below `bound`, so the division that
        // computes it is only needed when the low half is that small: rarely.
        if (m as u64) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (m as u64) < threshold {
                m = (self.next_u64() as u128) * (bound as u128);
            }
        }
        (m >> 64) as u64
    }

    /// A uniform float in [0, 1) with 53 bits of precision.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Fisher–Yates shuffle, from the back.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A fresh, independent generator derived from this one (for bots and sampling).
    pub fn fork(&mut self) -> GameRng {
        GameRng::new(self.next_u64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_a_pinned_value() {
        let mut a = GameRng::new(42);
        let mut b = GameRng::new(42);
        let xs: Vec<u64> = (0..4).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..4).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        // Pinned so that a dependency update that changes the stream fails loudly:
        // saved games and share links depend on it.
        let mut c = GameRng::new(7);
        let mut deck: Vec<u8> = (0..10).collect();
        c.shuffle(&mut deck);
        assert_eq!(deck, PINNED_SHUFFLE_OF_0_TO_9_SEED_7);
    }

    const PINNED_SHUFFLE_OF_0_TO_9_SEED_7: [u8; 10] = [3, 7, 8, 0, 5, 1, 9, 2, 4, 6];

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = GameRng::new(1);
        let mut seen = [0u32; 6];
        for _ in 0..6000 {
            seen[r.below(6) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 850 && n < 1150), "{seen:?}");
    }
}
