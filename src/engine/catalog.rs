//! The five games that share the name "Blackjack", as the rules seeds describe them: the one
//! source of each game's id and name (the menu, the tables and tables with friends say them
//! from here).

use super::shedding::Preset;
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

impl GameKind {
    /// This game's entry in [`GAMES`] (listed in the order of the kinds).
    pub const fn info(self) -> GameInfo {
        GAMES[self as usize]
    }
}

/// A shedding table's name as every page says it: the catalog's title for the three games of
/// the seeds, and a name of their own for the two classic games the same engine plays. (The
/// titles are read at compile time: the page holds the strings, not the catalog's table.)
pub const fn preset_title(preset: Preset) -> &'static str {
    match preset {
        Preset::Taylor => const { GameKind::Taylor.info().title },
        Preset::Priestly => const { GameKind::PriestlyCollege.info().title },
        Preset::British => const { GameKind::British.info().title },
        Preset::CrazyEights => "Crazy Eights",
        Preset::Switch => "Switch",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_finds_its_own_entry() {
        for (i, g) in GAMES.iter().enumerate() {
            assert_eq!(g.kind as usize, i, "GAMES is in the order of GameKind");
            assert_eq!(g.kind.info().id, g.id);
        }
    }

    #[test]
    fn every_shedding_table_has_a_name_of_its_own() {
        let mut names: Vec<&str> = Preset::ALL.iter().map(|p| preset_title(*p)).collect();
        assert_eq!(preset_title(Preset::Taylor), "Taylor Blackjack");
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Preset::ALL.len());
    }
}
