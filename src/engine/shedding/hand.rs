//! A hand as bit sets over the 52 card indices: one deck or two (twin cards), no allocation.
//!
//! `once` holds every card the hand has at least one of, `twice` the cards it holds both copies
//! of (two decks). Bit order is [`Card::index`] order, which is also the order a hand is sorted
//! in (suit, then rank), so walking the bits lists the hand sorted, twins side by side.

use crate::engine::cards::{Card, Rank, Suit};
use serde::{Deserialize, Serialize};

/// The 13 cards of each suit, in [`crate::engine::cards::Suit::ALL`] order.
pub const SUIT_MASK: [u64; 4] = [0x1fff, 0x1fff << 13, 0x1fff << 26, 0x1fff << 39];

/// The four cards of rank number `n` (1 for an ace to 13 for a king).
#[inline]
pub const fn rank_mask(n: u8) -> u64 {
    (1 | 1 << 13 | 1 << 26 | 1 << 39) << (n as u32 - 1)
}

#[inline]
pub(crate) fn bit(card: Card) -> u64 {
    1u64 << card.index()
}

/// Every card by index (a table: no division on the hot path).
pub(crate) const CARDS: [Card; 52] = {
    let mut t = [Card::new(Rank::Ace, Suit::Clubs); 52];
    let mut i = 0;
    while i < 52 {
        t[i] = Card::new(Rank::ALL[i % 13], Suit::ALL[i / 13]);
        i += 1;
    }
    t
};

/// The card of index `i` (below 52), by table.
#[inline]
pub(crate) fn card_at(i: usize) -> Card {
    CARDS[i]
}

/// The cards of a bit set, lowest index first.
pub(crate) fn cards_of(mut bits: u64) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            CARDS[i]
        })
    })
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    once: u64,
    twice: u64,
}

impl Hand {
    pub const EMPTY: Hand = Hand { once: 0, twice: 0 };

    pub fn from_cards(cards: &[Card]) -> Hand {
        let mut h = Hand::EMPTY;
        for &c in cards {
            h.add(c);
        }
        h
    }
    #[inline]
    pub fn len(&self) -> usize {
        (self.once.count_ones() + self.twice.count_ones()) as usize
    }
    /// Exactly one card (without counting bits).
    #[inline]
    pub fn is_single(&self) -> bool {
        self.twice == 0 && self.once != 0 && self.once & (self.once - 1) == 0
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.once == 0
    }
    #[inline]
    pub fn contains(&self, card: Card) -> bool {
        self.once & bit(card) != 0
    }
    /// How many copies of `card` the hand holds (0, 1 or 2).
    pub fn count(&self, card: Card) -> usize {
        ((self.once & bit(card) != 0) as usize) + ((self.twice & bit(card) != 0) as usize)
    }
    /// The distinct cards held, as a bit set over card indices.
    #[inline]
    pub fn bits(&self) -> u64 {
        self.once
    }
    /// The cards held twice (two decks only).
    #[inline]
    pub fn twins(&self) -> u64 {
        self.twice
    }
    /// How many cards of the set `mask` the hand holds, twins counted twice.
    #[inline]
    pub fn count_in(&self, mask: u64) -> usize {
        ((self.once & mask).count_ones() + (self.twice & mask).count_ones()) as usize
    }
    /// Adds a card. A third copy (impossible with at most two decks) is not kept.
    #[inline]
    pub fn add(&mut self, card: Card) {
        let b = bit(card);
        if self.once & b == 0 {
            self.once |= b;
        } else {
            self.twice |= b;
        }
    }
    /// Takes one copy of `card` out; false if the hand had none.
    #[inline]
    pub fn remove(&mut self, card: Card) -> bool {
        let b = bit(card);
        if self.twice & b != 0 {
            self.twice &= !b;
            true
        } else if self.once & b != 0 {
            self.once &= !b;
            true
        } else {
            false
        }
    }
    /// Adds every card of `other` (twins as two; a third copy is not kept, as in [`Hand::add`]).
    #[inline]
    pub fn add_all(&mut self, other: Hand) {
        // Held twice after: twice in either, or once in both.
        self.twice |= other.twice | (self.once & other.once);
        self.once |= other.once;
    }
    pub fn clear(&mut self) {
        *self = Hand::EMPTY;
    }
    /// The cards, sorted (suit, then rank), twins side by side.
    pub fn iter(&self) -> std::vec::IntoIter<Card> {
        self.to_vec().into_iter()
    }
    pub fn to_vec(&self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.len());
        for c in cards_of(self.once) {
            v.push(c);
            if self.twice & bit(c) != 0 {
                v.push(c);
            }
        }
        v
    }
    /// The sum of the rank numbers (ace 1 to king 13) of the cards of `mask` held, twins twice.
    pub fn rank_sum(&self, mask: u64) -> u32 {
        let mut sum = 0;
        for bits in [self.once & mask, self.twice & mask] {
            for c in cards_of(bits) {
                sum += c.rank.number() as u32;
            }
        }
        sum
    }
}

impl Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_vec().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Hand::from_cards(&Vec::<Card>::deserialize(d)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::standard_decks;
    use crate::engine::rng::GameRng;

    #[test]
    fn a_hand_holds_what_a_sorted_list_holds() {
        let mut rng = GameRng::new(5);
        for _ in 0..200 {
            let mut deck = standard_decks(2);
            rng.shuffle(&mut deck);
            let n = rng.below(40) as usize;
            let mut list: Vec<Card> = deck[..n].to_vec();
            let mut hand = Hand::from_cards(&list);
            list.sort();
            assert_eq!(hand.to_vec(), list);
            assert_eq!(hand.len(), list.len());
            for &c in &deck[n..n + 5] {
                assert_eq!(hand.contains(c), list.contains(&c));
                assert_eq!(hand.count(c), list.iter().filter(|&&x| x == c).count());
            }
            while let Some(c) = list.pop() {
                assert!(hand.remove(c));
                assert_eq!(hand.to_vec(), list);
            }
            assert!(hand.is_empty() && !hand.remove(deck[0]));
        }
    }
}
