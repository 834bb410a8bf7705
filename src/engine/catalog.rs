//! The five games that share the name "Blackjack", as the rules seeds describe them.

use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameKind {
    Taylor,
    PriestlyCollege,
    British,
    UnoBlackjack,
    Casino,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Family {
    Shedding,
    Hybrid,
    Casino,
}

#[derive(Copy, Clone, Debug)]
pub struct GameInfo {
    pub kind: GameKind,
    /// A stable identifier used in saves, links and the URL.
    pub id: &'static str,
    pub title: &'static str,
    pub family: Family,
    pub summary: &'static str,
}

pub const GAMES: [GameInfo; 5] = [
    GameInfo {
        kind: GameKind::Taylor,
        id: "taylor",
        title: "Taylor Blackjack",
        family: Family::Shedding,
        summary: "The house-party game: black twos and black jacks make you pick up, play fast, call \"Last card\", and never say sorry.",
    },
    GameInfo {
        kind: GameKind::PriestlyCollege,
        id: "priestly",
        title: "Priestly College BlackJack",
        family: Family::Shedding,
        summary: "Play runs up or down, stack twos and jacks onto the next player, and never finish on a queen.",
    },
    GameInfo {
        kind: GameKind::British,
        id: "british",
        title: "British Black Jack",
        family: Family::Shedding,
        summary: "Twos stack to eight, a black jack costs six, sevens reverse, eights skip; points per round to the match target.",
    },
    GameInfo {
        kind: GameKind::UnoBlackjack,
        id: "uno",
        title: "UNO Blackjack",
        family: Family::Hybrid,
        summary: "UNO cards in face-down queues: hit or pass to 21 each round, and be the last player with a queue.",
    },
    GameInfo {
        kind: GameKind::Casino,
        id: "casino",
        title: "Casino Blackjack",
        family: Family::Casino,
        summary: "Twenty-one against the dealer from a shoe: double, split, insurance, surrender, and blackjack pays 3 to 2.",
    },
];

pub fn by_id(id: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.id == id)
}
