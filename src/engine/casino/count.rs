//! Card-counting systems as data: a table of tags per card, so a new system is a new entry in
//! [`SYSTEMS`], not new code.
//!
//! Tags are kept in **half points** so that Wong Halves (whose fives count 1½) is integers like
//! every other system, with one extra tag for red sevens (Red 7 counts a red seven +1 and a black
//! one 0; every other system gives both colours the seven's tag).
//!
//! **The true count.** Every system's true count here is in its own points per deck left:
//!
//! `true count = ((running − initial running count) − deck sum × decks dealt) / decks left`
//!
//! where the deck sum is the tags of one whole deck. For a balanced system (deck sum 0, initial
//! count 0) this is the usual running count divided by the decks left. For the unbalanced KO
//! (deck sum +4, initial count 4 − 4 × decks, as Vancura and Fuchs publish it) and Red 7 (deck sum
//! +2, initial count −2 × decks, as Snyder publishes it) it is the *true-count equivalent*: the
//! count's excess over what a neutral shoe would have shown after this many cards, per deck left.
//! With KO's initial count it works out to `(running − 4) / decks left + 4`, so KO's pivot
//! (a running count of +4 means a true count of +4 at any depth) comes out of the formula. The
//! index plays of [`super::indices`] are computed for any system in these units.

use crate::engine::cards::{Card, Colour};

/// One counting system: its tags and where its running count starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CountSystem {
    /// The short name the command line takes ("hilo").
    pub key: &'static str,
    /// The name players know it by ("Hi-Lo").
    pub name: &'static str,
    /// Tags in half points by point value: index 0 = ace, 1 = two … 9 = ten-value.
    pub half_tags: [i8; 10],
    /// A red seven's tag in half points (only Red 7 differs from `half_tags[6]`).
    pub red_seven_half: i8,
    /// The initial running count in half points is `irc_offset_half + irc_per_deck_half × decks`.
    pub irc_per_deck_half: i8,
    pub irc_offset_half: i8,
}

/// Hi-Lo (Harvey Dubner, popularised by Stanford Wong): the system the table's count shows.
pub const HI_LO: CountSystem = CountSystem {
    key: "hilo",
    name: "Hi-Lo",
    half_tags: [-2, 2, 2, 2, 2, 2, 0, 0, 0, -2],
    red_seven_half: 0,
    irc_per_deck_half: 0,
    irc_offset_half: 0,
};

/// The systems the trainer knows, each a row of data. Tags (in points, ace … ten):
/// Hi-Lo −1 +1 +1 +1 +1 +1 0 0 0 −1; KO as Hi-Lo with sevens +1; Hi-Opt I 0 0 +1 +1 +1 +1 0 0 0 −1;
/// Hi-Opt II 0 +1 +1 +2 +2 +1 +1 0 0 −2; Omega II 0 +1 +1 +2 +2 +2 +1 0 −1 −2;
/// Zen −1 +1 +1 +2 +2 +2 +1 0 0 −2; Wong Halves −1 +½ +1 +1 +1½ +1 +½ 0 −½ −1;
/// Red 7 as Hi-Lo with red sevens +1.
pub const SYSTEMS: [CountSystem; 8] = [
    HI_LO,
    CountSystem {
        key: "ko",
        name: "KO",
        half_tags: [-2, 2, 2, 2, 2, 2, 2, 0, 0, -2],
        red_seven_half: 2,
        irc_per_deck_half: -8,
        irc_offset_half: 8,
    },
    CountSystem {
        key: "hiopt1",
        name: "Hi-Opt I",
        half_tags: [0, 0, 2, 2, 2, 2, 0, 0, 0, -2],
        red_seven_half: 0,
        irc_per_deck_half: 0,
        irc_offset_half: 0,
    },
    CountSystem {
        key: "hiopt2",
        name: "Hi-Opt II",
        half_tags: [0, 2, 2, 4, 4, 2, 2, 0, 0, -4],
        red_seven_half: 2,
        irc_per_deck_half: 0,
        irc_offset_half: 0,
    },
    CountSystem {
        key: "omega2",
        name: "Omega II",
        half_tags: [0, 2, 2, 4, 4, 4, 2, 0, -2, -4],
        red_seven_half: 2,
        irc_per_deck_half: 0,
        irc_offset_half: 0,
    },
    CountSystem {
        key: "zen",
        name: "Zen",
        half_tags: [-2, 2, 2, 4, 4, 4, 2, 0, 0, -4],
        red_seven_half: 2,
        irc_per_deck_half: 0,
        irc_offset_half: 0,
    },
    CountSystem {
        key: "halves",
        name: "Wong Halves",
        half_tags: [-2, 1, 2, 2, 3, 2, 1, 0, -1, -2],
        red_seven_half: 1,
        irc_per_deck_half: 0,
        irc_offset_half: 0,
    },
    CountSystem {
        key: "red7",
        name: "Red 7",
        half_tags: [-2, 2, 2, 2, 2, 2, 0, 0, 0, -2],
        red_seven_half: 2,
        irc_per_deck_half: -4,
        irc_offset_half: 0,
    },
];

/// The key counts of KO and Red 7 for the decks the casino table offers: (system, decks, running
/// count in points). Worked out by `indices::key_count` (the least running count whose edge,
/// with every hand played perfectly for the cards left, is positive) for the casino table's
/// game at each number of decks, and kept here so that a page shows them without that work;
/// `tests/casino_trainer.rs` holds them to the computation. Vancura and Fuchs (*Knock-Out
/// Blackjack*, 1998) give KO's as +2, +1, −4 and −6 at one, two, six and eight decks, found by
/// simulating their own games: ours are each one lower, for the casino table's game (two thirds
/// of the shoe dealt, doubling on 9 to 11 only, no surrender).
pub const KEY_COUNTS: [(&str, u8, i8); 10] = [
    ("ko", 1, 1),
    ("ko", 2, 0),
    ("ko", 4, -3),
    ("ko", 6, -5),
    ("ko", 8, -7),
    ("red7", 1, -2),
    ("red7", 2, -1),
    ("red7", 4, -3),
    ("red7", 6, -3),
    ("red7", 8, -4),
];

/// The system with this command-line name, if there is one.
pub fn system(key: &str) -> Option<&'static CountSystem> {
    SYSTEMS.iter().find(|s| s.key == key)
}

impl CountSystem {
    /// The running count (in half points, from the initial count) and the true count of the
    /// cards seen face up since the shuffle, by point value (`seen`) with `red_sevens` among
    /// the sevens: the one computation behind `Game::count_in` and `SpotView::count_in`.
    pub fn count_of(&self, decks: u8, seen: &[u16; 10], red_sevens: u16) -> (i32, f64) {
        let red = red_sevens.min(seen[6]) as i32;
        let tags: i32 = (0..10).map(|i| seen[i] as i32 * self.half_tags[i] as i32).sum::<i32>()
            + red * (self.red_seven_half as i32 - self.half_tags[6] as i32);
        let running = self.initial_running_count_half(decks) + tags;
        let dealt: u32 = seen.iter().map(|&n| n as u32).sum();
        (running, self.true_count(running, decks, dealt))
    }

    /// A card's tag in half points.
    pub fn tag_half(&self, card: Card) -> i32 {
        let p = super::hand::points(card);
        if p == 7 && card.colour() == Colour::Red {
            self.red_seven_half as i32
        } else {
            self.half_tags[p as usize - 1] as i32
        }
    }

    /// The tags of one whole deck, in half points: 0 for a balanced system.
    pub fn deck_sum_half(&self) -> i32 {
        let t = |i: usize| self.half_tags[i] as i32;
        // Four of each point value but the ten-value (sixteen), and the sevens two of each colour.
        (0..9).filter(|&i| i != 6).map(|i| 4 * t(i)).sum::<i32>()
            + 16 * t(9)
            + 2 * t(6)
            + 2 * self.red_seven_half as i32
    }

    pub fn balanced(&self) -> bool {
        self.deck_sum_half() == 0
    }

    /// The running count at the start of a shoe of `decks` decks, in half points.
    pub fn initial_running_count_half(&self, decks: u8) -> i32 {
        self.irc_offset_half as i32 + self.irc_per_deck_half as i32 * decks as i32
    }

    /// An unbalanced count's pivot for a shoe of `decks` decks: the running count (in half
    /// points) whose true count is the same at every depth, and that true count (the deck sum,
    /// per deck). KO's is +4 at any number of decks, Red 7's 0 (a true count of +2). `None` for
    /// a balanced count, whose running count of 0 is simply neutral.
    pub fn pivot(&self, decks: u8) -> Option<(i32, f64)> {
        let sum = self.deck_sum_half();
        (sum != 0).then(|| (self.initial_running_count_half(decks) + sum * decks as i32, sum as f64 / 2.0))
    }

    /// An unbalanced count's key count for a shoe of `decks` decks (1, 2, 4, 6 or 8, the
    /// casino table's): the running count, in points, from which the player has the edge and
    /// bets more. `None` for a balanced count or another number of decks. See [`KEY_COUNTS`].
    pub fn key_count(&self, decks: u8) -> Option<i32> {
        KEY_COUNTS.iter().find(|k| k.0 == self.key && k.1 == decks).map(|k| k.2 as i32)
    }

    /// The running count in half points that reads as `true_count` after `dealt` of the shoe's
    /// cards: [`CountSystem::true_count`] turned round.
    pub fn running_at(&self, true_count: f64, decks: u8, dealt: u32) -> f64 {
        let total = 52 * decks as u32;
        let dealt = dealt.min(total);
        let left = (total - dealt).max(1) as f64 / 52.0;
        self.initial_running_count_half(decks) as f64
            + self.deck_sum_half() as f64 * dealt as f64 / 52.0
            + 2.0 * true_count * left
    }

    /// The true count (the system's points per deck left, see the module doc) from a running
    /// count in half points, after `dealt` of a shoe's `total` cards. With no card left (or a
    /// nonsense `dealt`) the count is taken over the last card, never a division by zero.
    pub fn true_count(&self, running_half: i32, decks: u8, dealt: u32) -> f64 {
        let total = 52 * decks as u32;
        let dealt = dealt.min(total);
        let left = (total - dealt).max(1) as f64 / 52.0;
        let excess = (running_half - self.initial_running_count_half(decks)) as f64
            - self.deck_sum_half() as f64 * dealt as f64 / 52.0;
        excess / left / 2.0
    }
}

/// A running count kept card by card, as a player keeps it.
///
/// ```
/// use blackjack::engine::cards::parse_cards;
/// use blackjack::engine::casino::count::{system, Counter};
///
/// // KO starts a six-deck shoe at 4 − 4 × 6 = −20 and counts sevens as low cards.
/// let mut ko = Counter::new(system("ko").unwrap(), 6);
/// assert_eq!(ko.running(), -20.0);
/// for card in parse_cards("7H 5S 2D KC").unwrap() {
///     ko.see(card);
/// }
/// assert_eq!(ko.running(), -18.0);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    pub system: &'static CountSystem,
    pub decks: u8,
    /// In half points.
    pub running_half: i32,
    pub dealt: u32,
}

impl Counter {
    pub fn new(system: &'static CountSystem, decks: u8) -> Counter {
        Counter { system, decks, running_half: system.initial_running_count_half(decks), dealt: 0 }
    }
    pub fn see(&mut self, card: Card) {
        self.running_half = self.running_half.saturating_add(self.system.tag_half(card));
        self.dealt = self.dealt.saturating_add(1);
    }
    /// The running count in the system's points (Wong Halves may show a half).
    pub fn running(&self) -> f64 {
        self.running_half as f64 / 2.0
    }
    pub fn true_count(&self) -> f64 {
        self.system.true_count(self.running_half, self.decks, self.dealt)
    }
}
