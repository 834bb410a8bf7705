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

impl std::str::FromStr for UnoCard {
    type Err = String;
    /// "R7", "BS" (blue skip), "GR" (green reverse), "Y+2", "W", "+4".
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "W" => return Ok(UnoCard { colour: None, face: Face::Wild }),
            "+4" => return Ok(UnoCard { colour: None, face: Face::WildDrawFour }),
            _ => {}
        }
        let colour = match s.get(..1) {
            Some("R") => Colour::Red,
            Some("Y") => Colour::Yellow,
            Some("G") => Colour::Green,
            Some("B") => Colour::Blue,
            _ => return Err(format!("not an UNO card: {s:?}")),
        };
        let face = match &s[1..] {
            "S" => Face::Skip,
            "R" => Face::Reverse,
            "+2" => Face::DrawTwo,
            n => {
                Face::Number(n.parse().ok().filter(|&n: &u8| n <= 9).ok_or_else(|| format!("not an UNO card: {s:?}"))?)
            }
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
