//! The drills page's record and questions, plain Rust (built and tested natively): the house
//! rules and count system chosen, each drill's score and streak, the strategy drill's record per
//! chart cell and the other drills' misses by kind, saved versioned and read back with bounds;
//! and each drill's question, drawn with the engine's seeded generator and checked here.

use super::work::{table_rules, Game, DOUBLE_ON};
use crate::engine::cards::{standard_decks, Card, Rank, Suit};
use crate::engine::casino::count::{CountSystem, Counter, SYSTEMS};
use crate::engine::casino::drill::first_count;
use crate::engine::casino::drill::{cells, hand, Cell, Record, Tally, MAX_COUNT};
use crate::engine::casino::hand::points;
pub use crate::engine::casino::indices::play_at;
use crate::engine::casino::indices::{answer_at, count_range, count_step, Choice as IndexChoice, IndexPlay, Situation};
use crate::engine::casino::rules::TableRules;
use crate::engine::casino::save::Choice;
use crate::engine::casino::strategy::Play;
use crate::engine::rng::GameRng;
use crate::ui::storage::{Fields, Stored};

pub const SAVE_KEY: &str = "blackjack.drills";
pub const SAVE_VERSION: u32 = 1;

/// The decks the casino table offers, so the drills train for the same tables.
pub const DECKS: [u8; 5] = [1, 2, 4, 6, 8];
/// The cut card depths the drills offer, in percent of the shoe dealt before it.
pub const PENETRATIONS: [u8; 9] = [50, 60, 65, 67, 70, 75, 80, 85, 90];
/// The doubling rules in the save, in the order of [`DOUBLE_ON`].
const DOUBLE_KEYS: [&str; 3] = ["any", "9-11", "10-11"];
/// How long each flash of the running-count drill stays up, in milliseconds; 0: at the player's
/// own pace (a key turns the next card, and the stopwatch says how fast they went).
pub const SPEEDS: [u32; 9] = [0, 2000, 1500, 1000, 800, 600, 450, 300, 200];
/// Cards a running-count round shows: a few, then whole decks up to a six-deck shoe (a round
/// never deals more than the shoe holds).
pub const LENGTHS: [u16; 10] = [10, 20, 30, 52, 78, 104, 156, 208, 260, 312];
/// The speed targets a player may set, in seconds a deck (0: none).
pub const TARGETS: [u16; 8] = [0, 15, 20, 25, 30, 40, 50, 60];
/// Which index plays the deviations drill asks: the Illustrious 18 and Fab 4, those and the
/// next [`NEXT_PLAYS`] by what they are worth, or every one.
pub const PLAY_SETS: [(&str, &str); 3] = [
    ("0", "The Illustrious 18 and Fab 4"),
    ("1", "Those and the next 20 by value"),
    ("2", "Every index play, by value"),
];
pub const NEXT_PLAYS: usize = 20;
/// A true count at or below this (in a level-one count's points) comes up rarely: the
/// deviations drill asks it only when the player says so.
pub const RARE: i32 = -5;
/// The true counts a bet ramp sets a bet for: +1 or less, +2 … +5, and +6 or more.
pub const RAMP_COUNTS: [&str; 6] = ["+1 or less", "+2", "+3", "+4", "+5", "+6 or more"];
/// The most units a ramp may bet.
pub const MAX_UNITS: u16 = 1000;

/// The player's bet ramp: units bet at each of [`RAMP_COUNTS`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ramp(pub [u16; 6]);

impl Default for Ramp {
    fn default() -> Self {
        Ramp([1, 2, 4, 6, 8, 10])
    }
}

impl Ramp {
    /// The units the ramp bets at a whole true count.
    pub fn bet_at(&self, true_count: i32) -> u16 {
        self.0[(true_count.clamp(1, 6) - 1) as usize]
    }
    /// A ramp as the player typed it: six whole numbers of units, each 1 to [`MAX_UNITS`].
    pub fn parse(fields: &[String]) -> Option<Ramp> {
        let [a, b, c, d, e, f] = fields else { return None };
        let unit = |t: &String| t.trim().parse::<u16>().ok().filter(|u| (1..=MAX_UNITS).contains(u));
        Some(Ramp([unit(a)?, unit(b)?, unit(c)?, unit(d)?, unit(e)?, unit(f)?]))
    }
    fn encode(&self) -> String {
        self.0.map(|u| u.to_string()).join(" ")
    }
    /// A ramp as the drills save it (six units, one space apart); `None` for anything else.
    pub fn decode(text: &str) -> Option<Ramp> {
        let fields: Vec<String> = text.split(' ').map(str::to_string).collect();
        Ramp::parse(&fields).filter(|r| r.encode() == text)
    }
}

/// A bet ramp question: a whole true count, from −2 to +7 (both ends of the ramp and past them).
pub fn ramp_question(rng: &mut GameRng) -> i32 {
    rng.below(10) as i32 - 2
}
/// The most kinds of miss a drill remembers, and the longest name of one.
pub const MAX_KINDS: usize = 64;
const MAX_KIND_LEN: usize = 40;

/// The drills, in the order the page lists them (keys 1 to 4, then 6: 5 is the casino
/// sessions' screen, listed between them).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Drill {
    Strategy,
    Running,
    True,
    Deviations,
    Ramp,
    /// The test mode: a count, a true count, a bet and a play on one hand (`test_mode.rs`).
    Test,
}

impl Drill {
    pub const ALL: [Drill; 6] =
        [Drill::Strategy, Drill::Running, Drill::True, Drill::Deviations, Drill::Ramp, Drill::Test];
    pub fn index(self) -> usize {
        self as usize
    }
    /// The key that opens it from the list.
    pub fn key(self) -> u8 {
        match self {
            Drill::Ramp => 6,
            Drill::Test => 7,
            d => d as u8 + 1,
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            Drill::Strategy => "Strategy flashcards",
            Drill::Running => "Running count",
            Drill::True => "True count",
            Drill::Deviations => "Deviations",
            Drill::Ramp => "Bet ramp",
            Drill::Test => "Test mode",
        }
    }
    pub fn about(self) -> &'static str {
        match self {
            Drill::Strategy => "A hand and the dealer's card: play it as the chart for these rules does.",
            Drill::Running => "Cards flash by; keep the count and type it at the end.",
            Drill::True => "Judge the decks left from the discard tray and turn the running count into a true count.",
            Drill::Deviations => "A hand at a given true count: play the computed index play.",
            Drill::Ramp => "A true count: bet as your own ramp says.",
            Drill::Test => "A hand from a shoe being dealt: the running count, the true count, your bet and your play.",
        }
    }
}

/// A drill's score: answers right and wrong, the current run of right answers and the best.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub right: u32,
    pub wrong: u32,
    pub streak: u32,
    pub best: u32,
}

impl Score {
    pub fn add(&mut self, right: bool) {
        if right {
            self.right = self.right.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best = self.best.max(self.streak);
        } else {
            self.wrong = self.wrong.saturating_add(1);
            self.streak = 0;
        }
    }
    fn sane(&self) -> bool {
        self.streak <= self.best && self.best <= self.right
    }
    fn encode(&self) -> String {
        format!("{} {} {} {}", self.right, self.wrong, self.streak, self.best)
    }
    /// Four whole numbers, the streak no longer than the best and the best no more than the
    /// right answers.
    fn decode(text: &str) -> Option<Score> {
        let n: Vec<u32> = text.split(' ').map(|x| x.parse().ok()).collect::<Option<_>>()?;
        let [right, wrong, streak, best] = n[..] else { return None };
        Some(Score { right, wrong, streak, best }).filter(Score::sane)
    }
}

/// What the player chose: the table's rules (as the casino table offers them) and the drills'
/// pace and count system.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub choice: Choice,
    /// An index into [`SYSTEMS`].
    pub system: usize,
    /// Milliseconds a flash stays up (one of [`SPEEDS`]; 0: the player's own pace).
    pub speed: u32,
    /// Cards shown at once, 1 to 3.
    pub at_once: u8,
    /// Cards in a running-count round (one of [`LENGTHS`]).
    pub length: u16,
    /// The running count's speed target, seconds a deck (one of [`TARGETS`]; 0: none).
    pub target: u16,
    /// Whether a running-count round stops for the count at random points along the way.
    pub checks: bool,
    /// The deviations drill's plays (an index into [`PLAY_SETS`]).
    pub plays: u8,
    /// Whether the deviations drill asks counts of [`RARE`] and below.
    pub rare: bool,
    /// How the true count drill takes a true count to a whole number.
    pub rounding: Rounding,
    /// Whether the discard tray is marked at each deck.
    pub ticks: bool,
    /// The player's bet ramp, for the bet ramp drill.
    pub ramp: Ramp,
    /// The table's cut card and doubling rules (the rest of the table is `choice`).
    pub game: Game,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            choice: Choice { bots: 0, ..Choice::default() },
            system: 0,
            speed: 1000,
            at_once: 1,
            length: 20,
            target: 0,
            checks: false,
            plays: 0,
            rare: false,
            rounding: Rounding::Truncate,
            ticks: false,
            ramp: Ramp::default(),
            game: Game::default(),
        }
    }
}

/// How a true count becomes a whole number: the player chooses one, and the drill grades by it
/// alone.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// Toward zero: +2.9 is +2, −2.9 is −2 (the published indices' convention).
    Truncate,
    /// Down: +2.9 is +2, −2.1 is −3.
    Floor,
    /// To the nearest, a half away from zero: +2.5 is +3, −2.5 is −3.
    Round,
}

impl Rounding {
    pub const ALL: [Rounding; 3] = [Rounding::Truncate, Rounding::Floor, Rounding::Round];
    pub fn key(self) -> &'static str {
        match self {
            Rounding::Truncate => "truncate",
            Rounding::Floor => "floor",
            Rounding::Round => "round",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Rounding::Truncate => "Cut toward zero (+2.9 is +2, −2.9 is −2)",
            Rounding::Floor => "Round down (+2.9 is +2, −2.1 is −3)",
            Rounding::Round => "Round to the nearest (+2.5 is +3)",
        }
    }
    fn of(key: &str) -> Option<Rounding> {
        Rounding::ALL.into_iter().find(|r| r.key() == key)
    }
    /// The whole true count of `t` by this convention. A count a hair off a whole number (as a
    /// division leaves it) is that number, so 3 ÷ 1.5 is 2 by every convention.
    pub fn apply(self, t: f64) -> i32 {
        let near = t.round();
        let t = if (t - near).abs() < 1e-9 { near } else { t };
        (match self {
            Rounding::Truncate => t.trunc(),
            Rounding::Floor => t.floor(),
            Rounding::Round => t.round(),
        }) as i32
    }
}

impl Setup {
    /// The drills' table: the rules every drill asks by.
    pub fn rules(&self) -> TableRules {
        table_rules(self.choice, self.game)
    }
    pub fn system(&self) -> &'static CountSystem {
        SYSTEMS.get(self.system).unwrap_or(&SYSTEMS[0])
    }
    fn sane(&self) -> bool {
        DECKS.contains(&self.choice.decks)
            && self.system < SYSTEMS.len()
            && SPEEDS.contains(&self.speed)
            && (1..=3).contains(&self.at_once)
            && LENGTHS.contains(&self.length)
            && TARGETS.contains(&self.target)
            && (self.plays as usize) < PLAY_SETS.len()
            && PENETRATIONS.contains(&self.game.penetration)
    }
    /// The index plays the deviations drill asks, of all of them in the worker's order (ranked:
    /// [`crate::engine::casino::drill::ranked_plays`]): the chosen set, and without the plays
    /// made only at rare counts unless asked for ([`rare_play`]).
    pub fn asked_plays(&self, ranked: &[IndexPlay]) -> Vec<IndexPlay> {
        let rules = self.rules();
        let first = first_count(&rules, ranked);
        let n = match self.plays {
            0 => first,
            1 => first + NEXT_PLAYS,
            _ => ranked.len(),
        };
        let system = self.system();
        ranked.iter().take(n).filter(|p| self.rare || !rare_play(p, system)).copied().collect()
    }
}

/// The lowest count the deviations drill asks at without the rare counts: one above [`RARE`],
/// scaled to the system's points. Unbalanced counts are asked by the running count, which has
/// no such line: `None`.
pub fn rare_floor(system: &CountSystem) -> Option<i32> {
    system.balanced().then(|| (RARE + 1) * count_step(system))
}

/// A play made only at rare counts: one whose play departs from basic strategy below an index
/// at or under the rare line (as 16 v 10's surrender at −5 would be).
pub fn rare_play(p: &IndexPlay, system: &CountSystem) -> bool {
    rare_floor(system).is_some_and(|floor| p.crossing < 0.0 && p.index <= floor)
}

/// Misses by kind (a count's pace, a depth of the shoe, a deviation's hand), for the weakest list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kinds(pub Vec<(String, Tally)>);

impl Kinds {
    pub fn add(&mut self, kind: &str, right: bool) {
        let kind: String =
            kind.chars().filter(|c| c.is_ascii() && !matches!(c, '|' | ':' | '\n')).take(MAX_KIND_LEN).collect();
        let slot = match self.0.iter().position(|k| k.0 == kind) {
            Some(i) => i,
            None => {
                if self.0.len() >= MAX_KINDS {
                    // The kind answered best makes room.
                    if let Some(i) = (0..self.0.len()).min_by_key(|&i| self.0[i].1.missed) {
                        self.0.remove(i);
                    }
                }
                self.0.push((kind, Tally::default()));
                self.0.len() - 1
            }
        };
        let t = &mut self.0[slot].1;
        if right {
            t.right = (t.right + 1).min(MAX_COUNT);
        } else {
            t.missed = (t.missed + 1).min(MAX_COUNT);
        }
    }
    /// Up to `n` kinds most often missed (by share, then by misses), worst first.
    pub fn weakest(&self, n: usize) -> Vec<(String, Tally)> {
        let mut r = Record::new(self.0.len());
        for (i, k) in self.0.iter().enumerate() {
            r.set_tally(i, k.1);
        }
        r.weakest(n).into_iter().map(|i| self.0[i].clone()).collect()
    }
    fn encode(&self) -> String {
        self.0.iter().map(|(k, t)| format!("{k}:{}:{}", t.right, t.missed)).collect::<Vec<_>>().join("|")
    }
    fn decode(text: &str) -> Option<Kinds> {
        let mut out = Vec::new();
        for item in text.split('|').filter(|s| !s.is_empty()) {
            let mut parts = item.split(':');
            let (k, r, m) = (parts.next()?, parts.next()?.parse().ok()?, parts.next()?.parse().ok()?);
            let ok = parts.next().is_none()
                && k.len() <= MAX_KIND_LEN
                && k.chars().all(|c| c.is_ascii() && !c.is_ascii_control())
                && r <= MAX_COUNT
                && m <= MAX_COUNT
                && out.len() < MAX_KINDS;
            if !ok {
                return None;
            }
            out.push((k.to_string(), Tally { right: r, missed: m }));
        }
        Some(Kinds(out))
    }
}

/// Everything the page saves.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub setup: Setup,
    pub scores: [Score; 5],
    /// The strategy drill's record on each of [`cells`].
    pub cells: Record,
    /// Misses by kind for the running-count, true-count and deviation drills.
    pub kinds: [Kinds; 4],
    /// The test mode's rounds: wholly right (every part) or not, the streak of wholly right
    /// rounds and the best.
    pub test: Score,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            setup: Setup::default(),
            scores: [Score::default(); 5],
            cells: Record::new(cells().len()),
            kinds: Default::default(),
            test: Score::default(),
        }
    }
}

impl Progress {
    /// Scores an answer to `drill`; `kind` is what the weakest list groups it by (the test
    /// mode, a round of four parts, keeps no kinds: its parts are the other drills').
    pub fn score(&mut self, drill: Drill, kind: &str, right: bool) {
        if drill == Drill::Test {
            self.test.add(right);
            return;
        }
        self.scores[drill.index()].add(right);
        if drill != Drill::Strategy {
            self.kinds[drill.index() - 1].add(kind, right);
        }
    }

    /// A drill's score.
    pub fn score_of(&self, drill: Drill) -> &Score {
        self.scores.get(drill.index()).unwrap_or(&self.test)
    }

    /// The kinds a drill has missed, worst first (none for the strategy drill, whose record is
    /// by cell, and the test mode).
    pub fn weakest_kinds(&self, drill: Drill, n: usize) -> Vec<(String, Tally)> {
        let i = drill.index().wrapping_sub(1);
        self.kinds.get(i).map(|k| k.weakest(n)).unwrap_or_default()
    }
}

const SCORE_KEYS: [&str; 5] = ["strategy", "running", "true", "deviations", "ramp"];
const KIND_KEYS: [&str; 4] = ["running.kinds", "true.kinds", "deviations.kinds", "ramp.kinds"];
/// The bet ramp drill's score and kinds came later: a save without them reads as none yet.
const LATER_KEYS: [&str; 2] = ["ramp", "ramp.kinds"];

impl Stored for Progress {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let s = self.setup;
        let mut out = vec![
            ("decks", s.choice.decks.to_string()),
            ("h17", (s.choice.h17 as u8).to_string()),
            ("surrender", (s.choice.surrender as u8).to_string()),
            ("system", s.system().key.to_string()),
            ("speed", s.speed.to_string()),
            ("at_once", s.at_once.to_string()),
            ("length", s.length.to_string()),
            ("target", s.target.to_string()),
            ("checks", (s.checks as u8).to_string()),
            ("plays", s.plays.to_string()),
            ("rare", (s.rare as u8).to_string()),
            ("rounding", s.rounding.key().to_string()),
            ("ticks", (s.ticks as u8).to_string()),
            ("bet_ramp", s.ramp.encode()),
            ("penetration", s.game.penetration.to_string()),
            ("das", (s.game.das as u8).to_string()),
            ("double_on", DOUBLE_KEYS[DOUBLE_ON.iter().position(|&d| d == s.game.double_on).unwrap_or(0)].to_string()),
        ];
        for (key, sc) in SCORE_KEYS.iter().zip(&self.scores) {
            out.push((key, sc.encode()));
        }
        let cells: Vec<String> = (0..self.cells.len())
            .filter_map(|i| self.cells.tally(i).filter(|t| *t != Tally::default()).map(|t| (i, t)))
            .map(|(i, t)| format!("{i}:{}:{}", t.right, t.missed))
            .collect();
        out.push(("cells", cells.join("|")));
        for (key, k) in KIND_KEYS.iter().zip(&self.kinds) {
            out.push((key, k.encode()));
        }
        out.push(("test", self.test.encode()));
        out
    }

    /// Every field is bounded at load: the rules the table offers, a known count system, a
    /// pace the form offers, a streak no longer than the best and a best no more than the right
    /// answers, cells that exist and counts within [`MAX_COUNT`]. The options added since the
    /// first version (the speed target, count checks, the deviations' plays and rare counts, the
    /// rounding, the tray's marks, the bet ramp and its drill's record) take their defaults in a
    /// save without them, and must be sane in one with them.
    fn decode(f: &Fields) -> Option<Self> {
        let system = SYSTEMS.iter().position(|s| Some(s.key) == f.get("system"))?;
        let d = Setup::default();
        let or = |key: &str, default: u16| f.get(key).map_or(Some(default), |v| v.parse().ok());
        let flag = |key: &str, default: bool| if f.get(key).is_some() { f.flag(key) } else { Some(default) };
        let setup = Setup {
            choice: Choice {
                decks: f.parse("decks")?,
                bots: 0,
                surrender: f.flag("surrender")?,
                h17: f.flag("h17")?,
                spots: 1,
            },
            system,
            speed: f.parse("speed")?,
            at_once: f.parse("at_once")?,
            length: f.parse("length")?,
            target: or("target", d.target)?,
            checks: flag("checks", d.checks)?,
            plays: u8::try_from(or("plays", d.plays as u16)?).ok()?,
            rare: flag("rare", d.rare)?,
            rounding: f.get("rounding").map_or(Some(d.rounding), Rounding::of)?,
            ticks: flag("ticks", d.ticks)?,
            ramp: f.get("bet_ramp").map_or(Some(d.ramp), Ramp::decode)?,
            // The cut card and doubling came later still: a save without them has the table's.
            game: Game {
                penetration: u8::try_from(or("penetration", d.game.penetration as u16)?).ok()?,
                das: flag("das", d.game.das)?,
                double_on: match f.get("double_on") {
                    None => d.game.double_on,
                    Some(key) => DOUBLE_ON[DOUBLE_KEYS.iter().position(|&k| k == key)?],
                },
            },
        };
        if !setup.sane() {
            return None;
        }
        let mut scores = [Score::default(); 5];
        for (key, sc) in SCORE_KEYS.iter().zip(scores.iter_mut()) {
            let Some(text) = f.get(key) else {
                if LATER_KEYS.contains(key) {
                    continue;
                }
                return None;
            };
            *sc = Score::decode(text)?;
        }
        let mut record = Record::new(cells().len());
        for item in f.get("cells")?.split('|').filter(|s| !s.is_empty()) {
            let n: Vec<u32> = item.split(':').map(|x| x.parse().ok()).collect::<Option<_>>()?;
            let [i, right, missed] = n[..] else { return None };
            if right > MAX_COUNT || missed > MAX_COUNT || !record.set_tally(i as usize, Tally { right, missed }) {
                return None;
            }
        }
        let mut kinds: [Kinds; 4] = Default::default();
        for (key, k) in KIND_KEYS.iter().zip(kinds.iter_mut()) {
            match f.get(key) {
                Some(text) => *k = Kinds::decode(text)?,
                None if LATER_KEYS.contains(key) => {}
                None => return None,
            }
        }
        // The test mode came later still: a save without it reads as no rounds yet.
        let test = f.get("test").map_or(Some(Score::default()), Score::decode)?;
        Some(Progress { setup, scores, cells: record, kinds, test })
    }
}

// ---------------------------------------------------------------------------------------------
// Questions.

/// A card of these points (1 = ace, 10 = any ten-value card) in a suit drawn with `rng`.
pub fn card_of(points: u8, rng: &mut GameRng) -> Card {
    let suit = Suit::ALL[rng.below(4) as usize];
    let rank = match points {
        1 => Rank::Ace,
        10 => [Rank::Ten, Rank::Jack, Rank::Queen, Rank::King][rng.below(4) as usize],
        p => Rank::from_number(p).unwrap_or(Rank::Two),
    };
    Card::new(rank, suit)
}

/// A strategy flashcard: the cell asked, the player's two cards and the dealer's up card.
#[derive(Clone, Debug, PartialEq)]
pub struct Flashcard {
    pub index: usize,
    pub cell: Cell,
    pub cards: [Card; 2],
    pub up: Card,
}

/// The next flashcard, weighted toward the cells the player misses.
pub fn flashcard(record: &Record, rng: &mut GameRng) -> Option<Flashcard> {
    let index = record.next(rng);
    let cell = *cells().get(index)?;
    let (a, b) = hand(cell, rng)?;
    let cards = [card_of(a, rng), card_of(b, rng)];
    Some(Flashcard { index, cell, cards, up: card_of(cell.up, rng) })
}

/// A running-count round: the cards in the order they flash, from a shuffled shoe.
pub fn count_round(setup: &Setup, rng: &mut GameRng) -> Vec<Card> {
    let mut shoe = standard_decks(setup.choice.decks);
    rng.shuffle(&mut shoe);
    shoe.truncate(setup.length as usize);
    shoe
}

/// The running count after these cards, from the system's initial count, in half points.
pub fn running_half(system: &'static CountSystem, decks: u8, cards: &[Card]) -> i32 {
    let mut c = Counter::new(system, decks);
    for &card in cards {
        c.see(card);
    }
    c.running_half
}

/// A count as the player types it: "+3", "-2", "−2" (a minus sign), "2.5", "2½"; in half
/// points, or `None` if it is not a count in whole or half points. Read by hand, digit by digit:
/// the page has no other use for the float parser's download.
pub fn parse_count(text: &str) -> Option<i32> {
    let t = text.trim();
    if t.is_empty() || t.len() > 12 {
        return None;
    }
    let first = t.chars().next()?;
    let (negative, rest) = match first {
        '-' | '\u{2212}' => (true, &t[first.len_utf8()..]),
        '+' => (false, &t[1..]),
        _ => (false, t),
    };
    let (whole, half) = if let Some(w) = rest.strip_suffix('½') {
        (w, true)
    } else if let Some((w, f)) = rest.split_once('.') {
        match f {
            "" | "0" | "00" => (w, false),
            "5" | "50" => (w, true),
            _ => return None,
        }
    } else {
        (rest, false)
    };
    if (whole.is_empty() && !half) || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 6 {
        return None;
    }
    let n: i32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let halves = 2 * n + half as i32;
    Some(if negative { -halves } else { halves })
}

/// A true-count question: the cards already in the discard tray and the running count shown,
/// a point of one shoe dealt down to its cut card.
#[derive(Clone, Debug, PartialEq)]
pub struct TrayQuestion {
    pub decks: u8,
    pub dealt: u32,
    pub running_half: i32,
    /// The cards dealt before the cut card comes out.
    pub cut: u32,
}

impl TrayQuestion {
    pub fn decks_left(&self) -> f64 {
        (52.0 * self.decks as f64 - self.dealt as f64) / 52.0
    }
    /// The decks left to the nearest half deck (a half at least), as the player is asked to
    /// judge them; a quarter between two halves goes to the larger.
    pub fn halves_left(&self) -> u32 {
        ((self.decks_left() * 2.0).round() as u32).max(1)
    }
    /// The true count from the running count shown and the decks left to the nearest half deck
    /// (what a player divides by), before it is made a whole number.
    pub fn true_count(&self, system: &CountSystem) -> f64 {
        let left = 26 * self.halves_left();
        system.true_count(self.running_half, self.decks, (52 * self.decks as u32).saturating_sub(left))
    }
    /// The depth the weakest list groups this question by: the whole decks left.
    pub fn kind(&self) -> String {
        let d = self.decks_left().round() as u32;
        format!("{d} deck{} left of {}", if d == 1 { "" } else { "s" }, self.decks)
    }
    /// Whether the estimate of the decks left is within half a deck, and the true count is the
    /// one the player's rounding convention makes of [`TrayQuestion::true_count`], that one
    /// alone.
    pub fn check(&self, system: &CountSystem, rounding: Rounding, decks_left: f64, true_count: i32) -> (bool, bool) {
        let decks_ok = decks_left.is_finite() && (decks_left - self.decks_left()).abs() <= 0.5 + 1e-9;
        (decks_ok, rounding.apply(self.true_count(system)) == true_count)
    }
}

/// The shoe the true count drill deals down: its cards in order and how many are dealt.
#[derive(Clone, Debug, PartialEq)]
pub struct TrayShoe {
    pub cards: Vec<Card>,
    pub dealt: u32,
}

/// The next tray: a few rounds' cards (8 to 40) more dealt from `shoe`, or, once that would
/// pass the cut card (at the rules' penetration), a shoe shuffled afresh and dealt from its
/// first card; `true` with a new shoe.
pub fn tray_question(setup: &Setup, shoe: &mut Option<TrayShoe>, rng: &mut GameRng) -> (TrayQuestion, bool) {
    let decks = setup.choice.decks;
    let total = 52 * decks as u32;
    let cut = total * setup.rules().penetration_percent as u32 / 100;
    let more = 8 + rng.below(33) as u32;
    let fresh = shoe.as_ref().is_none_or(|s| s.dealt + more > cut || s.cards.len() != total as usize);
    if fresh {
        let mut cards = standard_decks(decks);
        rng.shuffle(&mut cards);
        *shoe = Some(TrayShoe { cards, dealt: 0 });
    }
    let s = shoe.get_or_insert_with(|| TrayShoe { cards: Vec::new(), dealt: 0 });
    s.dealt = (s.dealt + more).min(cut);
    let seen = &s.cards[..(s.dealt as usize).min(s.cards.len())];
    let q = TrayQuestion { decks, dealt: s.dealt, running_half: running_half(setup.system(), decks, seen), cut };
    (q, fresh)
}

/// A deviation question: a decision with an index, a true count near it and a hand of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Deviation {
    pub play: IndexPlay,
    /// The count asked at: a true count, or for KO and Red 7 a running count.
    pub true_count: i32,
    /// The player's two cards (none for insurance, asked before the hand is played).
    pub cards: Vec<Card>,
    pub up: Card,
    pub answer: IndexChoice,
}

impl Deviation {
    pub fn kind(&self) -> String {
        format!("{} v {}", self.play.situation.describe(), up_name(self.play.up))
    }
}

/// The plays the table's rules offer for a deviation's hand, in the keys' order: insuring or
/// not against an ace; else stand and hit, a double where the rules allow one on these two
/// cards (no soft double where only 9 to 11 may be doubled), a split for a pair and surrender
/// where the table offers it.
pub fn dev_choices(rules: &TableRules, q: &Deviation) -> Vec<IndexChoice> {
    if q.play.situation == Situation::Insurance {
        return vec![IndexChoice::Insure, IndexChoice::DeclineInsurance];
    }
    hand_choices(rules, &q.cards)
}

/// The plays the table's rules offer for these cards (see [`dev_choices`]).
pub fn hand_choices(rules: &TableRules, cards: &[Card]) -> Vec<IndexChoice> {
    let p: Vec<u8> = cards.iter().map(|&c| points(c)).collect();
    let hard: u8 = p.iter().sum();
    let soft = (p.contains(&1) && hard + 10 <= 21).then_some(hard + 10);
    let mut out = vec![IndexChoice::Play(Play::Stand), IndexChoice::Play(Play::Hit)];
    if rules.may_double_total(hard, soft) {
        out.push(IndexChoice::Play(Play::Double));
    }
    if p.len() == 2 && p[0] == p[1] {
        out.push(IndexChoice::Play(Play::Split));
    }
    if rules.surrender {
        out.push(IndexChoice::Play(Play::Surrender));
    }
    out
}

/// "A" for an ace, else the points.
pub fn up_name(up: u8) -> String {
    if up == 1 {
        "A".into()
    } else {
        up.to_string()
    }
}

/// A question from the computed index plays of the setup's system: one of the set the player
/// chose ([`Setup::asked_plays`]), a true count within two of its index (four for a level-two
/// count, whose points are half as big; never a rare count unless asked for), answered by every
/// index play of that hand, surrender first ([`answer_at`]). KO and Red 7 are played by the
/// running count: their plays come keyed to it (`RunningKeys`, in the worker), and the count
/// asked is a running count within about two true counts of the index at the middle of a
/// `decks`-deck shoe.
pub fn deviation(plays: &[IndexPlay], setup: &Setup, record: &Kinds, rng: &mut GameRng) -> Option<Deviation> {
    let (system, decks) = (setup.system(), setup.choice.decks);
    // Asked from the set chosen; answered by every play (a hand's surrender may be outside it).
    let asked = setup.asked_plays(plays);
    if asked.is_empty() {
        return None;
    }
    // Weighted toward the decisions missed, as the flashcards are.
    let mut r = Record::new(asked.len());
    for (i, p) in asked.iter().enumerate() {
        let kind = format!("{} v {}", p.situation.describe(), up_name(p.up));
        if let Some(k) = record.0.iter().find(|k| k.0 == kind) {
            r.set_tally(i, k.1);
        }
    }
    let play = asked[r.next(rng)];
    let (near, (lowest, highest)) = if system.balanced() {
        let (lowest, highest) = count_range(system);
        let lowest = if setup.rare { lowest } else { rare_floor(system).unwrap_or(lowest) };
        (2 * count_step(system), (lowest, highest))
    } else {
        // About two true counts with five eighths of the shoe left (a round's average depth
        // at the table's cut card): a running point and a quarter per deck in the shoe.
        let near = ((5 * decks as i32 + 2) / 4).max(2);
        (near, (i32::MIN / 2, i32::MAX / 2))
    };
    let t = (play.index + rng.below(2 * near as u64 + 1) as i32 - near).clamp(lowest, highest);
    let answer = answer_at(plays, play.situation, play.up, t)?;
    let cards = match play.situation {
        Situation::Total { soft: false, total } | Situation::Surrender(total) => {
            let ways: Vec<(u8, u8)> =
                (2..=10u8).flat_map(|a| (a + 1..=10).map(move |b| (a, b))).filter(|&(a, b)| a + b == total).collect();
            let (a, b) = *ways.get(rng.below(ways.len().max(1) as u64) as usize)?;
            vec![card_of(a, rng), card_of(b, rng)]
        }
        Situation::Total { soft: true, total } => vec![card_of(1, rng), card_of(total.saturating_sub(11), rng)],
        Situation::Pair(p) | Situation::SurrenderPair(p) => vec![card_of(p, rng), card_of(p, rng)],
        Situation::Insurance => Vec::new(),
    };
    Some(Deviation { play, true_count: t, cards, up: card_of(play.up, rng), answer })
}

/// The answer a key gives in the strategy and deviation drills.
pub fn key_choice(key: &str) -> Option<IndexChoice> {
    Some(match key {
        "s" | "S" => IndexChoice::Play(Play::Stand),
        "h" | "H" => IndexChoice::Play(Play::Hit),
        "d" | "D" => IndexChoice::Play(Play::Double),
        "p" | "P" => IndexChoice::Play(Play::Split),
        "r" | "R" => IndexChoice::Play(Play::Surrender),
        "i" | "I" => IndexChoice::Insure,
        "n" | "N" => IndexChoice::DeclineInsurance,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::casino::DoubleOn;
    use crate::ui::storage::{decode, encode};

    #[test]
    fn a_score_keeps_its_streak_and_best() {
        let mut s = Score::default();
        for r in [true, true, false, true] {
            s.add(r);
        }
        assert_eq!(s, Score { right: 3, wrong: 1, streak: 1, best: 2 });
    }

    #[test]
    fn progress_round_trips_and_a_save_out_of_bounds_is_refused() {
        let mut p = Progress::default();
        p.setup.system = 6;
        p.setup.choice.decks = 2;
        p.score(Drill::Running, "1 card, 1 s", false);
        p.score(Drill::Deviations, "hard 16 v 10", true);
        p.score(Drill::Strategy, "", true);
        p.cells.record(17, false);
        let text = encode(SAVE_VERSION, &p);
        assert_eq!(decode::<Progress>(&text, SAVE_VERSION), Ok(p.clone()));
        for (from, to) in [
            ("decks=2", "decks=3"),
            ("system=halves", "system=nosuch"),
            ("speed=1000", "speed=7"),
            ("at_once=1", "at_once=4"),
            ("strategy=1 0 1 1", "strategy=1 0 2 1"),
            ("cells=17:0:1", "cells=9999:0:1"),
            ("cells=17:0:1", "cells=17:0:10001"),
            ("running.kinds=1 card, 1 s:0:1", "running.kinds=1 card, 1 s:0"),
            ("length=20", "length=313"),
            ("target=0", "target=7"),
            ("checks=0", "checks=2"),
            ("plays=0", "plays=3"),
            ("plays=0", "plays=256"),
            ("rare=0", "rare=yes"),
            ("rounding=truncate", "rounding=ceiling"),
            ("ticks=0", "ticks=-1"),
            ("penetration=67", "penetration=72"),
            ("penetration=67", "penetration=300"),
            ("penetration=67", "penetration="),
            ("das=1", "das=2"),
            ("double_on=9-11", "double_on=any two"),
            ("double_on=9-11", "double_on="),
        ] {
            assert!(text.contains(from), "{from} in {text}");
            assert!(decode::<Progress>(&text.replace(from, to), SAVE_VERSION).is_err(), "{to}");
        }
        assert!(decode::<Progress>(&text.replace("bet_ramp=1 2 4 6 8 10", "bet_ramp=1 2 4 6 8 1001"), SAVE_VERSION)
            .is_err());
        assert!(decode::<Progress>(&text.replace("bet_ramp=1 2 4 6 8 10", "bet_ramp=1 2 4 6 8"), SAVE_VERSION).is_err());
        assert!(
            decode::<Progress>(&text.replace("bet_ramp=1 2 4 6 8 10", "bet_ramp=1 2 4 6 8 010"), SAVE_VERSION).is_err()
        );
        assert!(decode::<Progress>(&text.replace("ramp=0 0 0 0", "ramp=0 0 1 0"), SAVE_VERSION).is_err());
        // The options chosen come back; a save from before them reads with their defaults.
        let mut q = p.clone();
        q.setup = Setup {
            speed: 0,
            length: 312,
            target: 25,
            checks: true,
            plays: 2,
            rare: true,
            rounding: Rounding::Floor,
            ticks: true,
            ramp: Ramp([1, 1, 2, 4, 8, 1000]),
            game: Game { penetration: 85, das: false, double_on: DoubleOn::AnyTwo },
            ..q.setup
        };
        q.score(Drill::Ramp, "bet at +3", true);
        assert_eq!(decode::<Progress>(&encode(SAVE_VERSION, &q), SAVE_VERSION), Ok(q));
        let old: String = text
            .lines()
            .filter(|l| {
                let later = [
                    "target=",
                    "checks=",
                    "plays=",
                    "rare=",
                    "rounding=",
                    "ticks=",
                    "bet_ramp=",
                    "ramp=",
                    "ramp.kinds=",
                    "test=",
                    "penetration=",
                    "das=",
                    "double_on=",
                ];
                !later.iter().any(|k| l.starts_with(k))
            })
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(decode::<Progress>(&old, SAVE_VERSION), Ok(p.clone()));
        // The test mode's rounds and streak come back; a hostile record of them is refused.
        let mut t = p.clone();
        for whole in [true, true, true, false, true] {
            t.test.add(whole);
        }
        let text = encode(SAVE_VERSION, &t);
        assert!(text.contains("test=4 1 1 3"), "{text}");
        assert_eq!(decode::<Progress>(&text, SAVE_VERSION), Ok(t));
        for bad in ["4 1 4 3", "4 1 1 5", "4 1 1", "4 1 1 3 0", "4 1 1 -3", "4 1 1 x", "", "4 1 1 99999999999"] {
            let hostile = text.replace("test=4 1 1 3", &format!("test={bad}"));
            assert!(decode::<Progress>(&hostile, SAVE_VERSION).is_err(), "test={bad}");
        }
    }

    /// The drills' table's cut card and doubling are its rules for every drill: the plays a
    /// hand is offered and the worker's request.
    #[test]
    fn the_drills_table_rules_take_its_cut_card_and_doubling() {
        let soft = [card_of(1, &mut GameRng::new(1)), card_of(6, &mut GameRng::new(2))];
        let eleven = [card_of(5, &mut GameRng::new(3)), card_of(6, &mut GameRng::new(4))];
        let double = IndexChoice::Play(Play::Double);
        let with = |double_on, das| Setup { game: Game { penetration: 80, das, double_on }, ..Setup::default() };
        let nine_to_eleven = with(DoubleOn::NineToEleven, false);
        assert!(!hand_choices(&nine_to_eleven.rules(), &soft).contains(&double), "no soft double on 9 to 11");
        assert!(hand_choices(&nine_to_eleven.rules(), &eleven).contains(&double));
        assert!(hand_choices(&with(DoubleOn::AnyTwo, true).rules(), &soft).contains(&double));
        let spec = nine_to_eleven.rules().spec().clone();
        assert_eq!((spec.penetration_percent, spec.double_after_split), (80, false));
        let request = super::super::work::Request::new(super::super::work::Job::Indices, &nine_to_eleven);
        assert_eq!(request.game, nine_to_eleven.game, "the worker is asked for these rules");
        assert_eq!(request.rules(), nine_to_eleven.rules());
        // The default is the casino table's.
        assert_eq!(Setup::default().rules(), Setup::default().choice.rules());
    }

    /// Each rounding convention graded strictly: only its own whole number is right.
    #[test]
    fn a_true_count_is_graded_by_the_rounding_chosen_alone() {
        use Rounding::*;
        for (t, truncate, floor, round) in [
            (2.9, 2, 2, 3),
            (2.5, 2, 2, 3),
            (2.1, 2, 2, 2),
            (-2.1, -2, -3, -2),
            (-2.5, -2, -3, -3),
            (-2.9, -2, -3, -3),
            (-0.4, 0, -1, 0),
            (3.0, 3, 3, 3),
            (-3.0, -3, -3, -3),
            (2.0 - 1e-12, 2, 2, 2),
        ] {
            assert_eq!([Truncate.apply(t), Floor.apply(t), Round.apply(t)], [truncate, floor, round], "{t}");
        }
        let hilo = &SYSTEMS[0];
        // 6 decks, 2 decks and 10 cards dealt (3.8 left, 4 to the half deck), running −10:
        // −2.5 a deck.
        let q = TrayQuestion { decks: 6, dealt: 114, running_half: -20, cut: 208 };
        assert_eq!(q.halves_left(), 8);
        assert!((q.true_count(hilo) + 2.5).abs() < 1e-12);
        assert_eq!(q.check(hilo, Truncate, 4.0, -2), (true, true));
        assert_eq!(q.check(hilo, Truncate, 4.0, -3), (true, false), "−3 is floor's and round's, not truncate's");
        assert_eq!(q.check(hilo, Floor, 4.0, -3), (true, true));
        assert_eq!(q.check(hilo, Floor, 4.0, -2), (true, false));
        assert_eq!(q.check(hilo, Round, 3.5, -3), (true, true));
        assert_eq!(q.check(hilo, Round, 3.0, -3), (false, true), "the decks off by more than half a deck");
        assert_eq!(q.kind(), "4 decks left of 6");
    }

    /// The deviations drill asks the set chosen in the worker's ranked order (the Illustrious
    /// 18 and Fab 4 first), and the plays made only at rare counts only when asked for.
    #[test]
    fn the_deviations_asked_are_the_set_chosen() {
        use crate::engine::casino::indices::{first_situations, Choice};
        let rules = Setup::default().rules();
        let first = first_situations(&rules);
        let play = |situation, up, index: i32, gain| IndexPlay {
            situation,
            up,
            at_or_above: Choice::Play(Play::Stand),
            below: Choice::Play(Play::Hit),
            index,
            crossing: index as f64,
            gain,
        };
        let mut ranked: Vec<IndexPlay> = first.iter().map(|&(s, up)| play(s, up, 3, 0.0)).collect();
        let n = ranked.len();
        for i in 0..30 {
            ranked.push(play(
                Situation::Total { soft: true, total: 19 },
                1 + (i % 10) as u8,
                if i == 3 { -6 } else { 2 },
                1.0 / (i + 1) as f64,
            ));
        }
        let set = |plays, rare| Setup { plays, rare, ..Setup::default() }.asked_plays(&ranked);
        assert_eq!(set(0, false), ranked[..n]);
        assert_eq!(set(1, true), ranked[..n + NEXT_PLAYS]);
        assert_eq!(set(2, true), ranked);
        let without: Vec<IndexPlay> = ranked.iter().filter(|p| p.index != -6).copied().collect();
        assert_eq!(set(2, false), without, "−6: a play of the counts −7 and below");
        // The count asked is never a rare one unless asked for.
        let mut rng = GameRng::new(9);
        let low = [play(Situation::Total { soft: false, total: 13 }, 2, -1, 0.0)];
        for rare in [false, true] {
            let setup = Setup { plays: 2, rare, ..Setup::default() };
            let asked: Vec<i32> =
                (0..200).map(|_| deviation(&low, &setup, &Kinds::default(), &mut rng).unwrap().true_count).collect();
            assert_eq!(asked.iter().min(), Some(&-3), "within two of −1, rare counts asked or not");
        }
        let lower = [play(Situation::Total { soft: false, total: 13 }, 2, -4, 0.0)];
        let setup = Setup { plays: 2, rare: true, ..Setup::default() };
        let asked: Vec<i32> =
            (0..200).map(|_| deviation(&lower, &setup, &Kinds::default(), &mut rng).unwrap().true_count).collect();
        assert_eq!(asked.iter().min(), Some(&-6), "rare counts asked when asked for");
        assert!(deviation(&lower, &Setup { plays: 2, ..setup }, &Kinds::default(), &mut rng).is_some());
        assert!(deviation(&lower, &Setup { plays: 2, rare: false, ..setup }, &Kinds::default(), &mut rng).is_none());
    }

    #[test]
    fn counts_are_read_in_whole_and_half_points() {
        assert_eq!(parse_count("+3"), Some(6));
        assert_eq!(parse_count(" −2 "), Some(-4));
        assert_eq!(parse_count("2.5"), Some(5));
        assert_eq!(parse_count("1½"), Some(3));
        assert_eq!(parse_count("-0.5"), Some(-1));
        assert_eq!(parse_count("4.0"), Some(8));
        for bad in ["", "2.25", "x", "1e9", "NaN", "inf", "99999999999", "+", "-", "--1", "½½", "1.5.5"] {
            assert_eq!(parse_count(bad), None, "{bad}");
        }
    }

    #[test]
    fn kinds_stay_bounded_and_the_weakest_come_first() {
        let mut k = Kinds::default();
        for i in 0..(MAX_KINDS + 5) {
            k.add(&format!("kind {i}"), i % 2 == 0);
        }
        assert_eq!(k.0.len(), MAX_KINDS);
        k.add("bad|name:", false);
        assert!(k.0.iter().any(|x| x.0 == "badname"));
        assert!(k.weakest(3).iter().all(|x| x.1.missed > 0));
        assert_eq!(Kinds::decode(&k.encode()), Some(k));
    }

    /// KO's plays come keyed to the running count (far below the true-count range at six
    /// decks): the question is asked at a running count near the index, not clamped to ±10,
    /// and answered by the play at that count. Hi-Lo's stay within its range.
    #[test]
    fn ko_is_asked_at_a_running_count_near_its_index() {
        use crate::engine::casino::indices::IndexPlay;
        let s = Situation::Total { soft: false, total: 16 };
        let play = IndexPlay {
            situation: s,
            up: 10,
            at_or_above: IndexChoice::Play(Play::Stand),
            below: IndexChoice::Play(Play::Hit),
            index: -14,
            crossing: -14.3,
            gain: 0.0,
        };
        let ko = Setup { system: SYSTEMS.iter().position(|x| x.key == "ko").unwrap(), ..Setup::default() };
        let mut rng = GameRng::new(5);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..200 {
            let q = deviation(&[play], &ko, &Kinds::default(), &mut rng).unwrap();
            assert!((-14 - 8..=-14 + 8).contains(&q.true_count), "{}", q.true_count);
            let stand = q.true_count >= -14;
            assert_eq!(q.answer, IndexChoice::Play(if stand { Play::Stand } else { Play::Hit }));
            seen.insert(q.true_count);
        }
        assert_eq!(seen.len(), 17, "every running count within 8 of the index: {seen:?}");
        let hilo = Setup { rare: true, ..Setup::default() };
        let q = deviation(&[play], &hilo, &Kinds::default(), &mut rng).unwrap();
        assert!((-10..=-8).contains(&q.true_count), "Hi-Lo clamps to its range: {}", q.true_count);
    }

    #[test]
    fn the_play_at_a_count_follows_every_index_of_the_decision() {
        use crate::engine::casino::indices::IndexPlay;
        let s = Situation::Total { soft: false, total: 12 };
        let p = |index, below, above| IndexPlay {
            situation: s,
            up: 3,
            at_or_above: IndexChoice::Play(above),
            below: IndexChoice::Play(below),
            index,
            crossing: index as f64,
            gain: 0.0,
        };
        let plays = [p(2, Play::Hit, Play::Stand), p(-5, Play::Stand, Play::Hit)];
        // A made-up pair of flips: stand below -5, hit from -5, stand from 2.
        assert_eq!(play_at(&plays, s, 3, -6), Some(IndexChoice::Play(Play::Stand)));
        assert_eq!(play_at(&plays, s, 3, 0), Some(IndexChoice::Play(Play::Hit)));
        assert_eq!(play_at(&plays, s, 3, 2), Some(IndexChoice::Play(Play::Stand)));
        assert_eq!(play_at(&plays, s, 4, 2), None);
    }
}
