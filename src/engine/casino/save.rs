//! The casino page's saved table: the table chosen, the seed, the player's chips and the action
//! log as compact codes ("b3:1000 d h3 s3 n"). Pure, so native tests can throw hostile saves at
//! it: every code is read (ASCII only, lengths limited) before one action is replayed, and every
//! problem is a typed error.

use super::game::{Action, Game, IllegalAction, SetupError, Spot};
use super::rules::{TableRules, TableSpec, MAX_CHIPS};
use crate::engine::codes::{parse_log, Code, CodeError, ReplayError};

/// The player sits in the middle of the seven spots; other players fill these in order.
pub const HUMAN_SPOT: Spot = 3;
pub const BOT_SPOTS: [Spot; 6] = [2, 4, 1, 5, 0, 6];
/// The most spots one player may play at once. The seed's table seats seven players and says
/// nothing against one playing several; three, side by side in the middle, keeps the bots a seat
/// each and the felt readable on a phone.
pub const MAX_SPOTS: u8 = 3;

/// The table the player chose on the page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub decks: u8,
    pub bots: u8,
    pub surrender: bool,
    pub h17: bool,
    /// The player's spots, 1 to [`MAX_SPOTS`].
    pub spots: u8,
}

impl Default for Choice {
    fn default() -> Self {
        Choice { decks: 6, bots: 2, surrender: false, h17: false, spots: 1 }
    }
}

impl Choice {
    pub fn spec(&self) -> TableSpec {
        TableSpec {
            decks: self.decks,
            surrender: self.surrender,
            dealer_hits_soft_17: self.h17,
            ..TableSpec::default()
        }
    }
    /// The checked rules; a choice no form offers (a tampered save) falls back to the seed's.
    pub fn rules(&self) -> TableRules {
        TableRules::new(self.spec()).unwrap_or_else(|_| TableRules::seed_rules())
    }
    /// Whether the page could have offered this choice (1 to 8 decks, 1 to [`MAX_SPOTS`] spots
    /// for the player, and bots only in the seats left).
    pub fn check(&self) -> Result<(), SaveProblem> {
        if !(1..=MAX_SPOTS).contains(&self.spots) {
            return Err(SaveProblem::Spots(self.spots));
        }
        if !(1..=8).contains(&self.decks) || self.bots > self.max_bots() {
            return Err(SaveProblem::Choice);
        }
        Ok(())
    }
    /// The bots that fit beside the player's spots.
    pub fn max_bots(&self) -> u8 {
        7u8.saturating_sub(self.spots.clamp(1, MAX_SPOTS))
    }
    /// The player's spots side by side, in the order they are dealt: [`HUMAN_SPOT`] alone,
    /// with the next spot dealt after it, then with the spot dealt before it too.
    pub fn my_spots(&self) -> &'static [Spot] {
        match self.spots {
            ..=1 => &[HUMAN_SPOT],
            2 => &[HUMAN_SPOT, HUMAN_SPOT + 1],
            _ => &[HUMAN_SPOT - 1, HUMAN_SPOT, HUMAN_SPOT + 1],
        }
    }
    /// Spot → player: the player (0) at [`Choice::my_spots`], bots 1, 2, … at the free
    /// [`BOT_SPOTS`] in order.
    pub fn seating(&self) -> Vec<Option<u8>> {
        self.seating_of(1)
    }
    /// Spot → player with `people` people at this device (pass-and-play, clamped to 1 to the
    /// spots): person `i` at the `i`-th of [`Choice::my_spots`], the last person at any spots
    /// left, each with chips of their own; bots `people`, `people + 1`, … at the free
    /// [`BOT_SPOTS`] in order.
    pub fn seating_of(&self, people: u8) -> Vec<Option<u8>> {
        let people = people.clamp(1, self.my_spots().len() as u8);
        let mut s = vec![None; 7];
        for (i, &spot) in self.my_spots().iter().enumerate() {
            s[spot as usize] = Some((i as u8).min(people - 1));
        }
        let free = BOT_SPOTS.iter().filter(|&&b| s[b as usize].is_none()).copied().collect::<Vec<_>>();
        for (i, spot) in free.into_iter().take(self.bots as usize).enumerate() {
            s[spot as usize] = Some(i as u8 + people);
        }
        s
    }
}

/// A saved table that is not a table: the part of the save that is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    /// Decks or bots the page never offers.
    Choice,
    /// A number of spots for the player other than 1 to [`MAX_SPOTS`].
    Spots(u8),
    /// A chip count below zero or above [`MAX_CHIPS`].
    Chips(i64),
    /// More people at the device than the table has spots for them (or none).
    People(usize),
    Setup(SetupError),
}

impl std::fmt::Display for SaveProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveProblem::Choice => f.write_str("the table's decks or seats are not ones the page offers"),
            SaveProblem::Spots(n) => write!(f, "{n} spots for you; a table offers 1 to {MAX_SPOTS}"),
            SaveProblem::Chips(c) => {
                write!(f, "a chip count of {c} cents is outside 0 to {}", super::game::money(MAX_CHIPS))
            }
            SaveProblem::People(n) => write!(f, "{n} people for the table's spots"),
            SaveProblem::Setup(e) => write!(f, "{e}"),
        }
    }
}

/// A casino save holds the page's [`Choice`], not rules: a choice the page never offers is a
/// [`SaveProblem::Choice`], so no rules problem can reach the replay.
pub type CasinoReplayError = ReplayError<SaveProblem, IllegalAction, std::convert::Infallible>;

/// A compact text code per action ("h3", "x3:1000", "n").
pub fn code(a: Action) -> String {
    match a {
        Action::Bet { spot, amount } => format!("b{spot}:{amount}"),
        Action::Deal => "d".into(),
        Action::Insure { spot, amount } => format!("i{spot}:{amount}"),
        Action::Surrender { spot } => format!("r{spot}"),
        Action::Hit { spot } => format!("h{spot}"),
        Action::Stand { spot } => format!("s{spot}"),
        Action::Double { spot, amount } => format!("x{spot}:{amount}"),
        Action::Split { spot } => format!("p{spot}"),
        Action::NextRound => "n".into(),
    }
}

/// Reads one code written by [`code`]; anything else is a typed error, never a panic.
pub fn parse_code(s: &str) -> Result<Action, CodeError> {
    let c = Code::split(s)?;
    let with_amount = |c: &Code| -> Result<(u8, i64), CodeError> { Ok((c.seat()?, c.amount()?)) };
    Ok(match c.kind {
        b'b' => with_amount(&c).map(|(spot, amount)| Action::Bet { spot, amount })?,
        b'i' => with_amount(&c).map(|(spot, amount)| Action::Insure { spot, amount })?,
        b'x' => with_amount(&c).map(|(spot, amount)| Action::Double { spot, amount })?,
        b'r' => Action::Surrender { spot: c.seat_only()? },
        b'h' => Action::Hit { spot: c.seat_only()? },
        b's' => Action::Stand { spot: c.seat_only()? },
        b'p' => Action::Split { spot: c.seat_only()? },
        b'd' => c.bare().map(|()| Action::Deal)?,
        b'n' => c.bare().map(|()| Action::NextRound)?,
        _ => return Err(CodeError::UnknownKind),
    })
}

/// The seed of the shoe after the one `seed` dealt. The page opens each shoe as a table of its
/// own, so that one short code (the table and this number) gives anyone the same cards.
pub fn next_shoe_seed(seed: u64) -> u64 {
    crate::engine::rng::GameRng::new(seed ^ 0x5348_4f45).next_u64()
}

/// A shared shoe's code: the table (decks, surrender, dealer hits soft 17, the player's spots,
/// the bots) as five digits, then the shoe's number in base 36. Short and opaque in a link.
pub fn shoe_code(choice: Choice, seed: u64) -> String {
    let mut n = seed;
    let mut digits = Vec::new();
    loop {
        digits.push(char::from_digit((n % 36) as u32, 36).unwrap_or('0'));
        n /= 36;
        if n == 0 {
            break;
        }
    }
    let c = choice;
    let head = format!("{}{}{}{}{}", c.decks, c.surrender as u8, c.h17 as u8, c.spots, c.bots);
    head + &digits.into_iter().rev().collect::<String>()
}

/// What is wrong with a shared shoe's code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShoeCodeError {
    /// Not 6 to 18 letters and digits.
    Shape,
    /// A table the page does not offer.
    Table(SaveProblem),
    /// A shoe number past the largest there is.
    Number,
}

impl std::fmt::Display for ShoeCodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShoeCodeError::Shape => f.write_str("it is not a code this page writes"),
            ShoeCodeError::Table(p) => write!(f, "{p}"),
            ShoeCodeError::Number => f.write_str("its shoe number is out of range"),
        }
    }
}

/// Reads a code written by [`shoe_code`]; the length is checked before anything else is read.
pub fn parse_shoe_code(code: &str) -> Result<(Choice, u64), ShoeCodeError> {
    let b = code.as_bytes();
    if !(6..=18).contains(&b.len()) || !b.iter().all(u8::is_ascii_alphanumeric) {
        return Err(ShoeCodeError::Shape);
    }
    let digit = |i: usize| (b[i] as char).to_digit(10).map(|d| d as u8).ok_or(ShoeCodeError::Shape);
    let flag = |i: usize| match b[i] {
        b'0' => Ok(false),
        b'1' => Ok(true),
        _ => Err(ShoeCodeError::Shape),
    };
    let choice = Choice { decks: digit(0)?, surrender: flag(1)?, h17: flag(2)?, spots: digit(3)?, bots: digit(4)? };
    choice.check().map_err(ShoeCodeError::Table)?;
    let mut seed: u64 = 0;
    for &c in &b[5..] {
        let d = (c.to_ascii_lowercase() as char).to_digit(36).ok_or(ShoeCodeError::Shape)?;
        seed = seed.checked_mul(36).and_then(|s| s.checked_add(d as u64)).ok_or(ShoeCodeError::Number)?;
    }
    Ok((choice, seed))
}

/// The page's table with nobody's bet placed yet: each person's `chips` (none if broke: the
/// page then offers a new bankroll), one entry per person at the device (see
/// [`Choice::seating_of`]), and the bots with the starting bankroll.
fn open(choice: Choice, seed: u64, chips: &[i64]) -> Result<Game, CasinoReplayError> {
    choice.check().map_err(ReplayError::Setup)?;
    if chips.is_empty() || chips.len() > choice.my_spots().len() {
        return Err(ReplayError::Setup(SaveProblem::People(chips.len())));
    }
    if let Some(&c) = chips.iter().find(|c| !(0..=MAX_CHIPS).contains(*c)) {
        return Err(ReplayError::Setup(SaveProblem::Chips(c)));
    }
    let rules = choice.rules();
    let mut bankrolls = chips.to_vec();
    bankrolls.extend(std::iter::repeat_n(rules.starting_bankroll, choice.bots as usize));
    let seating = choice.seating_of(chips.len() as u8);
    Game::new(rules, &seating, bankrolls, seed).map_err(|e| ReplayError::Setup(SaveProblem::Setup(e)))
}

/// A new table as the page opens one, with the minimum bet on every seated spot.
pub fn new_table(choice: Choice, seed: u64, chips: i64) -> Result<Game, CasinoReplayError> {
    new_table_for(choice, seed, &[chips])
}

/// A new table for several people at one device (pass-and-play), each with their own `chips`.
pub fn new_table_for(choice: Choice, seed: u64, chips: &[i64]) -> Result<Game, CasinoReplayError> {
    let mut game = open(choice, seed, chips)?;
    let min = game.rules().min_bet;
    for spot in 0..7u8 {
        let _ = game.apply(Action::Bet { spot, amount: min });
    }
    Ok(game)
}

/// Rebuilds a saved table: the whole log is read first, then replayed from the opened table
/// (the log begins with the opening bets). Any refused action refuses the save.
///
/// # Examples
///
/// ```
/// use blackjack::engine::casino::save::{code, new_table, restore, Choice};
/// use blackjack::engine::casino::Action;
/// use blackjack::engine::codes::ReplayError;
///
/// let choice = Choice::default();
/// let mut game = new_table(choice, 7, 100_000).unwrap();
/// game.apply(Action::Deal).unwrap();
/// let log: Vec<String> = game.log().iter().map(|&a| code(a)).collect();
/// assert_eq!(restore(choice, 7, 100_000, &log.join(" ")).unwrap(), game);
///
/// // An unreadable code refuses the save before anything is replayed.
/// let broken = restore(choice, 7, 100_000, "b3:500 d zz");
/// assert!(matches!(broken, Err(ReplayError::BadCode { index: 2, .. })));
/// ```
///
/// # Errors
///
/// A [`CasinoReplayError`]: a code that is not one this page writes, a table the page never
/// offers or chips out of range, or the first logged action the table refuses.
pub fn restore(choice: Choice, seed: u64, chips: i64, log: &str) -> Result<Game, CasinoReplayError> {
    restore_for(choice, seed, &[chips], log)
}

/// [`restore`] for several people at one device, each with their own starting `chips`.
///
/// # Errors
///
/// As [`restore`]; also [`SaveProblem::People`] for no people or more than the spots.
pub fn restore_for(choice: Choice, seed: u64, chips: &[i64], log: &str) -> Result<Game, CasinoReplayError> {
    let actions = parse_log(log, parse_code)?;
    let mut game = open(choice, seed, chips)?;
    for (index, &a) in actions.iter().enumerate() {
        game.apply(a).map_err(|refused| ReplayError::Refused { index, refused })?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_at_one_device_sit_a_spot_each_with_chips_of_their_own() {
        let choice = Choice { spots: 2, bots: 1, ..Choice::default() };
        // Spot 3 the first person's, spot 4 the second's, the bot at the first free bot spot.
        let seating = choice.seating_of(2);
        assert_eq!((seating[3], seating[4], seating[2]), (Some(0), Some(1), Some(2)));
        assert_eq!(seating.iter().flatten().count(), 3);
        assert_eq!(choice.seating_of(1), choice.seating(), "one person is the one player");
        let game = new_table_for(choice, 4, &[100_000, 30_000]).unwrap();
        let min = game.rules().min_bet;
        assert_eq!(game.bankrolls(), &[100_000 - min, 30_000 - min, game.rules().starting_bankroll - min]);
        let log: Vec<String> = game.log().iter().map(|&a| code(a)).collect();
        assert_eq!(restore_for(choice, 4, &[100_000, 30_000], &log.join(" ")).unwrap(), game);
    }

    #[test]
    fn more_people_than_spots_or_none_or_chips_out_of_range_are_refused() {
        let choice = Choice { spots: 2, bots: 1, ..Choice::default() };
        let refused = |chips: &[i64]| match new_table_for(choice, 1, chips) {
            Err(ReplayError::Setup(p)) => p,
            other => panic!("{other:?}"),
        };
        assert_eq!(refused(&[1, 1, 1]), SaveProblem::People(3));
        assert_eq!(refused(&[]), SaveProblem::People(0));
        assert_eq!(refused(&[100_000, -5]), SaveProblem::Chips(-5));
        assert_eq!(refused(&[100_000, MAX_CHIPS + 1]), SaveProblem::Chips(MAX_CHIPS + 1));
    }
}
