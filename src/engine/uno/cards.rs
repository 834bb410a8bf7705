//! UNO cards (seed 002: "1 or more decks of standard UNO cards") and their Blackjack values.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Yellow,
    Green,
    Blue,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Red, Colour::Yellow, Colour::Green, Colour::Blue];
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "Red",
            Colour::Yellow => "Yellow",
            Colour::Green => "Green",
            Colour::Blue => "Blue",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Face {
    Number(u8),
    Skip,
    Reverse,
    DrawTwo,
    Wild,
    WildDrawFour,
}

/// One UNO card. Wild cards have no colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct UnoCard {
    pub colour: Option<Colour>,
    pub face: Face,
}

impl UnoCard {
    pub fn is_wild(self) -> bool {
        matches!(self.face, Face::Wild | Face::WildDrawFour)
    }
    /// A "Draw X" card: Draw Two and Wild Draw Four.
    pub fn is_draw(self) -> bool {
        matches!(self.face, Face::DrawTwo | Face::WildDrawFour)
    }
    /// The short symbol printed on the card: "7", "S" (skip), "R", "+2", "W", "+4".
    pub fn symbol(self) -> String {
        match self.face {
            Face::Number(n) => n.to_string(),
            Face::Skip => "S".into(),
            Face::Reverse => "R".into(),
            Face::DrawTwo => "+2".into(),
            Face::Wild => "W".into(),
            Face::WildDrawFour => "+4".into(),
        }
    }
    /// The English name a screen reader reads: "Red 7", "Blue Skip", "Wild Draw Four".
    pub fn name(self) -> String {
        let face = match self.face {
            Face::Number(n) => n.to_string(),
            Face::Skip => "Skip".into(),
            Face::Reverse => "Reverse".into(),
            Face::DrawTwo => "Draw Two".into(),
            Face::Wild => return "Wild".into(),
            Face::WildDrawFour => return "Wild Draw Four".into(),
        };
        format!("{} {face}", self.colour.map_or("", |c| c.name()))
    }
}

impl fmt::Display for UnoCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.colour.map_or("", |c| &c.name()[..1]);
        write!(f, "{c}{}", self.symbol())
    }
}

/// Why text is not an UNO card. The text kept is at most its first 8 characters: it may come
/// from anywhere. The words are `Display`'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseUnoCardError {
    /// Neither "W" nor "+4", and no colour letter (R, Y, G, B) first.
    Colour(String),
    /// A colour letter, then no face (a digit 0 to 9, S, R or +2).
    Face(String),
}

impl fmt::Display for ParseUnoCardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ParseUnoCardError::Colour(s) | ParseUnoCardError::Face(s)) = self;
        write!(f, "not an UNO card: \"{s}\"")
    }
}

impl std::error::Error for ParseUnoCardError {}

impl std::str::FromStr for UnoCard {
    type Err = ParseUnoCardError;
    /// "R7", "BS" (blue skip), "GR" (green reverse), "Y+2", "W", "+4": exactly what `Display`
    /// writes. Read by bytes after an ASCII colour letter, so any text is safe.
    fn from_str(s: &str) -> Result<Self, ParseUnoCardError> {
        let kept = || s.chars().take(8).collect::<String>();
        match s {
            "W" => return Ok(UnoCard { colour: None, face: Face::Wild }),
            "+4" => return Ok(UnoCard { colour: None, face: Face::WildDrawFour }),
            _ => {}
        }
        let colour = match s.as_bytes().first() {
            Some(b'R') => Colour::Red,
            Some(b'Y') => Colour::Yellow,
            Some(b'G') => Colour::Green,
            Some(b'B') => Colour::Blue,
            _ => return Err(ParseUnoCardError::Colour(kept())),
        };
        let face = match &s.as_bytes()[1..] {
            b"S" => Face::Skip,
            b"R" => Face::Reverse,
            b"+2" => Face::DrawTwo,
            [d @ b'0'..=b'9'] => Face::Number(d - b'0'),
            _ => return Err(ParseUnoCardError::Face(kept())),
        };
        Ok(UnoCard { colour: Some(colour), face })
    }
}

/// 108 cards per deck: per colour one 0, two each of 1–9, Skip, Reverse, Draw Two; four Wild
/// and four Wild Draw Four.
pub fn uno_decks(decks: u8) -> Vec<UnoCard> {
    let mut out = Vec::with_capacity(decks as usize * 108);
    for _ in 0..decks {
        for c in Colour::ALL {
            let colour = Some(c);
            out.push(UnoCard { colour, face: Face::Number(0) });
            for _ in 0..2 {
                for n in 1..=9 {
                    out.push(UnoCard { colour, face: Face::Number(n) });
                }
                for face in [Face::Skip, Face::Reverse, Face::DrawTwo] {
                    out.push(UnoCard { colour, face });
                }
            }
        }
        for _ in 0..4 {
            out.push(UnoCard { colour: None, face: Face::Wild });
            out.push(UnoCard { colour: None, face: Face::WildDrawFour });
        }
    }
    out
}
