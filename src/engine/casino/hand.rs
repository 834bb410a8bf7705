//! Point counting (004: "Cards 2 … 10 count at face value. Picture cards count as ten. Aces
//! count as one or eleven, whichever is to the Player's advantage").

use crate::engine::cards::{Card, Rank};

/// A card's point value with an ace as one: 1..=10.
pub fn points(card: Card) -> u8 {
    match card.rank {
        Rank::Ace => 1,
        r if r.number() >= 10 => 10,
        r => r.number(),
    }
}

/// The value of some cards: the hard total (aces as one), and whether one ace counts eleven.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct Total {
    pub hard: u8,
    pub has_ace: bool,
}

impl Total {
    pub fn of(cards: &[Card]) -> Total {
        cards.iter().fold(Total::default(), |t, &c| t.plus(points(c)))
    }
    pub fn plus(self, points: u8) -> Total {
        Total { hard: self.hard.saturating_add(points), has_ace: self.has_ace || points == 1 }
    }
    /// Soft when an ace can count eleven without going over 21.
    pub fn is_soft(self) -> bool {
        self.has_ace && self.hard + 10 <= 21
    }
    /// The best total: an ace counts eleven whenever that does not bust.
    pub fn best(self) -> u8 {
        if self.is_soft() {
            self.hard + 10
        } else {
            self.hard
        }
    }
    pub fn is_bust(self) -> bool {
        self.hard > 21
    }
    /// Both ways of counting, for display: "7 or 17", or just "17".
    pub fn describe(self) -> String {
        if self.is_soft() && self.best() != 21 {
            format!("{} or {}", self.hard, self.best())
        } else {
            self.best().to_string()
        }
    }
}

/// An ace and a ten-value card as the first two cards (not after a split: the caller knows).
pub fn is_two_card_21(cards: &[Card]) -> bool {
    cards.len() == 2 && Total::of(cards).best() == 21
}

/// Hi-Lo count tag by point value (1 = ace … 10 = ten-value): 2–6 count +1, 7–9 count 0,
/// tens and aces count −1.
pub fn hi_lo_points(points: u8) -> i32 {
    match points {
        2..=6 => 1,
        7..=9 => 0,
        _ => -1,
    }
}
