//! French-suited playing cards: suits, ranks, colours, decks, text forms and English names.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Black,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn colour(self) -> Colour {
        match self {
            Suit::Diamonds | Suit::Hearts => Colour::Red,
            Suit::Clubs | Suit::Spades => Colour::Black,
        }
    }
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }
    /// "Hearts": the plural name, as a player names a suit.
    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "Clubs",
            Suit::Diamonds => "Diamonds",
            Suit::Hearts => "Hearts",
            Suit::Spades => "Spades",
        }
    }
    /// "hearts": the suit inside a card's name ("Queen of hearts").
    pub fn lower_name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }
    /// 0..4 in [`Suit::ALL`] order (the suit-major block of [`Card::index`]).
    pub fn index(self) -> u8 {
        self as u8
    }
}

/// Ranks in numeric order; the ace is low (1) here, and rules decide where else it counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// 1 for an ace up to 13 for a king.
    pub fn number(self) -> u8 {
        self as u8
    }
    pub fn from_number(n: u8) -> Option<Rank> {
        Rank::ALL.get((n as usize).wrapping_sub(1)).copied()
    }
    pub fn short(self) -> &'static str {
        match self {
            Rank::Ace => "A",
            Rank::Two => "2",
            Rank::Three => "3",
            Rank::Four => "4",
            Rank::Five => "5",
            Rank::Six => "6",
            Rank::Seven => "7",
            Rank::Eight => "8",
            Rank::Nine => "9",
            Rank::Ten => "10",
            Rank::Jack => "J",
            Rank::Queen => "Q",
            Rank::King => "K",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Rank::Ace => "Ace",
            Rank::Jack => "Jack",
            Rank::Queen => "Queen",
            Rank::King => "King",
            other => other.short(),
        }
    }
    pub fn is_court(self) -> bool {
        matches!(self, Rank::Jack | Rank::Queen | Rank::King)
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }
    pub fn colour(self) -> Colour {
        self.suit.colour()
    }
    /// 0..52, suit-major: a dense index for tables and bit sets.
    pub fn index(self) -> usize {
        self.suit.index() as usize * 13 + (self.rank.number() as usize - 1)
    }
    pub fn from_index(i: usize) -> Card {
        Card::new(Rank::ALL[i % 13], Suit::ALL[i / 13])
    }
    /// "Queen of spades", "10 of hearts": how a screen reader and the game log name a card.
    pub fn name(self) -> String {
        format!("{} of {}", self.rank.name(), self.suit.lower_name())
    }
}

/// Sorting a hand: by suit, then rank (the order a player fans a hand in).
impl Ord for Card {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.suit, self.rank).cmp(&(other.suit, other.rank))
    }
}
impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Card {
    /// "QS", "10H": short and unambiguous, used in logs, tests and golden files.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.short(), self.suit.letter())
    }
}

/// Debug output uses the short form too: test failures and golden files stay readable.
impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCardError(pub String);

impl fmt::Display for ParseCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Quoted by hand: `{:?}` would bring Unicode escaping tables into the page's download.
        write!(f, "not a card: \"{}\" (expected e.g. \"QS\", \"10H\", \"AC\")", self.0)
    }
}
impl std::error::Error for ParseCardError {}

impl FromStr for Card {
    type Err = ParseCardError;
    /// Reads "QS", "10H", "th" (any case, surrounding spaces ignored). ASCII only, checked before
    /// any slicing: text from a save or a link may hold anything, and it must never panic.
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        // The text kept in the error is bounded: a hostile save may hold megabytes.
        let err = || ParseCardError(s.chars().take(8).collect());
        let t = s.trim().as_bytes();
        if !(2..=3).contains(&t.len()) || !t.is_ascii() {
            return Err(err());
        }
        let (r, su) = t.split_at(t.len() - 1);
        let suit = match su[0].to_ascii_uppercase() {
            b'C' => Suit::Clubs,
            b'D' => Suit::Diamonds,
            b'H' => Suit::Hearts,
            b'S' => Suit::Spades,
            _ => return Err(err()),
        };
        let rank = match r {
            [b'A' | b'a'] => Rank::Ace,
            [b'J' | b'j'] => Rank::Jack,
            [b'Q' | b'q'] => Rank::Queen,
            [b'K' | b'k'] => Rank::King,
            [b'T' | b't'] | [b'1', b'0'] => Rank::Ten,
            [d @ b'2'..=b'9'] => Rank::from_number(d - b'0').ok_or_else(err)?,
            _ => return Err(err()),
        };
        Ok(Card::new(rank, suit))
    }
}

/// Parses "AS 10H QC" into cards; handy for scripted deals in tests.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, ParseCardError> {
    s.split_whitespace().map(str::parse).collect()
}

/// `decks` full 52-card packs, in a fixed order (shuffle it with the game's generator).
pub fn standard_decks(decks: u8) -> Vec<Card> {
    (0..decks).flat_map(|_| (0..52).map(Card::from_index)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_forms_round_trip_for_every_card() {
        for c in standard_decks(1) {
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(Card::from_index(c.index()), c);
        }
        assert_eq!("qs".parse::<Card>().unwrap().name(), "Queen of spades");
        assert_eq!("10H".parse::<Card>().unwrap().name(), "10 of hearts");
        assert_eq!("TH".parse::<Card>().unwrap(), "10H".parse().unwrap());
        assert!("1H".parse::<Card>().is_err());
        assert!("11S".parse::<Card>().is_err());
        assert!("QX".parse::<Card>().is_err());
        for bad in ["", "é", "Aé", "éS", "10", "010H", "+2H", "1é", "\u{1F0A1}S", "ＡS"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }

    #[test]
    fn colours() {
        assert_eq!("JS".parse::<Card>().unwrap().colour(), Colour::Black);
        assert_eq!("2D".parse::<Card>().unwrap().colour(), Colour::Red);
    }
}
