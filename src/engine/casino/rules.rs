//! Casino table rules as data. [`TableSpec`] is the unchecked description (a preset, the house
//! rules form, a saved game); [`TableRules::new`] is the one door to checked rules and lists
//! every problem it finds.

use serde::{Deserialize, Serialize};

/// Which first-two-card totals may be doubled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DoubleOn {
    /// 004: "if they total 9, 10 or 11". An ace may count as one here (A+8 is 9).
    NineToEleven,
    TenOrEleven,
    AnyTwo,
}

/// How many hands one starting hand may become by splitting.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SplitLimit {
    /// 004: three hands at a seven-player table, four at a six-player (or smaller) table.
    BySeats,
    Hands(u8),
}

/// What a dealer blackjack takes from a hand that was split or doubled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DealerBlackjack {
    /// 004: "the Player can only lose his original wager; split and double down bets are returned".
    OriginalBetOnly,
    /// European no-hole-card variant: every stake on the hand is lost.
    AllBets,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Shuffle {
    /// 004: deal until the cut card comes out, then shuffle and cut again.
    CutCard,
    /// Shuffle before every round (a continuous shuffler; used by the maths checks).
    EveryRound,
}

/// The unchecked table rules. Money is in cents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableSpec {
    pub decks: u8,
    /// Share of the shoe dealt before the cut card, in percent (004: the cut card "around a
    /// third up from the bottom", so about 67).
    pub penetration_percent: u8,
    pub shuffle: Shuffle,
    /// Seats at the table, 1 to 7; the resplit limit depends on it.
    pub seats: u8,
    pub dealer_hits_soft_17: bool,
    /// Blackjack pays `blackjack_pays.0` to `blackjack_pays.1`.
    pub blackjack_pays: (u8, u8),
    pub double_on: DoubleOn,
    pub double_for_less: bool,
    pub double_after_split: bool,
    pub split_limit: SplitLimit,
    pub resplit_aces: bool,
    pub hit_split_aces: bool,
    pub insurance: bool,
    pub surrender: bool,
    pub dealer_blackjack: DealerBlackjack,
    pub min_bet: i64,
    pub max_bet: i64,
    pub starting_bankroll: i64,
}

impl Default for TableSpec {
    /// The rules of seed 004, with the surrender variation off.
    fn default() -> Self {
        TableSpec {
            decks: 6,
            penetration_percent: 67,
            shuffle: Shuffle::CutCard,
            seats: 7,
            dealer_hits_soft_17: false,
            blackjack_pays: (3, 2),
            double_on: DoubleOn::NineToEleven,
            double_for_less: true,
            double_after_split: true,
            split_limit: SplitLimit::BySeats,
            resplit_aces: false,
            hit_split_aces: false,
            insurance: true,
            surrender: false,
            dealer_blackjack: DealerBlackjack::OriginalBetOnly,
            min_bet: 500,
            max_bet: 50_000,
            starting_bankroll: 100_000,
        }
    }
}

/// The most chips (in cents) a bankroll may hold when a table opens: $10 billion. Far beyond
/// any real bankroll, and far enough below `i64::MAX` that no run of wins can overflow
/// (bankroll arithmetic saturates besides).
pub const MAX_CHIPS: i64 = 1_000_000_000_000;

/// Insurance pays 2 to 1 (004: "paid at odds of 2 to 1"): the winnings per unit insured.
pub const INSURANCE_PAYS: i64 = 2;

/// The largest table limit, in cents: $1 million a hand.
pub const MAX_BET: i64 = 100_000_000;

/// One problem with a table's rules. [`TableRules::new`] lists them all; the words are
/// `Display`'s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TableProblem {
    /// The shoe holds 1 to 8 decks.
    Decks(u8),
    /// The cut card goes between 50% and 90% of the shoe.
    Penetration(u8),
    /// A table has 1 to 7 seats.
    Seats(u8),
    /// Blackjack pays `pays` to `to`: less than even money, or nothing to divide by.
    BlackjackPays { pays: u8, to: u8 },
    /// A hand may become 1 to 4 hands by splitting.
    SplitHands(u8),
    /// The minimum bet, in cents, is not a whole number of chips above zero.
    MinBet(i64),
    /// The maximum bet is not whole chips, or below the minimum (both in cents).
    MaxBet { max: i64, min: i64 },
    /// The maximum bet, in cents, is above [`MAX_BET`].
    MaxBetAboveLimit(i64),
    /// The starting bankroll, in cents, is above [`MAX_CHIPS`].
    BankrollAboveLimit(i64),
    /// The starting bankroll is below the minimum bet.
    BankrollBelowMinBet,
}

impl std::fmt::Display for TableProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            TableProblem::Decks(d) => write!(f, "the shoe holds 1 to 8 decks, not {d}"),
            TableProblem::Penetration(p) => write!(f, "the cut card goes between 50% and 90% of the shoe, not {p}%"),
            TableProblem::Seats(s) => write!(f, "a table has 1 to 7 seats, not {s}"),
            TableProblem::BlackjackPays { pays, to } => {
                write!(f, "blackjack must pay at least even money, not {pays} to {to}")
            }
            TableProblem::SplitHands(h) => write!(f, "a hand may be split into 1 to 4 hands, not {h}"),
            TableProblem::MinBet(min) => {
                write!(f, "the minimum bet must be a whole number of chips above zero, not {min} cents")
            }
            TableProblem::MaxBet { max, min } => {
                write!(f, "the maximum bet {max} must be whole chips and at least the minimum {min}")
            }
            TableProblem::MaxBetAboveLimit(max) => write!(f, "the maximum bet is at most {MAX_BET} cents, not {max}"),
            TableProblem::BankrollAboveLimit(b) => {
                write!(f, "the starting bankroll is at most {MAX_CHIPS} cents, not {b}")
            }
            TableProblem::BankrollBelowMinBet => f.write_str("the starting bankroll must cover the minimum bet"),
        }
    }
}

/// Every problem found in a table's rules.
pub type TableRulesError = crate::engine::RuleProblems<TableProblem>;

/// Checked table rules: only [`TableRules::new`] makes one (and [`TableRules::seed_rules`], the
/// classic table, which a test checks against it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TableRules(TableSpec);

impl TableRules {
    /// The one way to checked table rules: every problem with the spec, or the rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::casino::{TableProblem, TableRules, TableSpec};
    ///
    /// let rules = TableRules::new(TableSpec { decks: 2, ..TableSpec::default() }).unwrap();
    /// assert_eq!((rules.decks, rules.max_hands()), (2, 3), "at seven seats a hand splits into three");
    ///
    /// // Every problem at once.
    /// let refused = TableRules::new(TableSpec { decks: 0, seats: 9, ..TableSpec::default() }).unwrap_err();
    /// assert_eq!(refused.problems, [TableProblem::Decks(0), TableProblem::Seats(9)]);
    /// ```
    ///
    /// # Errors
    ///
    /// A [`TableRulesError`] listing every problem found (decks, seats, payouts, bets, bankroll).
    pub fn new(spec: TableSpec) -> Result<TableRules, TableRulesError> {
        let mut problems = Vec::new();
        if !(1..=8).contains(&spec.decks) {
            problems.push(TableProblem::Decks(spec.decks));
        }
        if !(50..=90).contains(&spec.penetration_percent) {
            problems.push(TableProblem::Penetration(spec.penetration_percent));
        }
        if !(1..=7).contains(&spec.seats) {
            problems.push(TableProblem::Seats(spec.seats));
        }
        let (pays, to) = spec.blackjack_pays;
        if to == 0 || pays == 0 || pays < to {
            problems.push(TableProblem::BlackjackPays { pays, to });
        }
        if let SplitLimit::Hands(h) = spec.split_limit {
            if !(1..=4).contains(&h) {
                problems.push(TableProblem::SplitHands(h));
            }
        }
        if spec.min_bet <= 0 || spec.min_bet % 100 != 0 {
            problems.push(TableProblem::MinBet(spec.min_bet));
        }
        if spec.max_bet < spec.min_bet || spec.max_bet % 100 != 0 {
            problems.push(TableProblem::MaxBet { max: spec.max_bet, min: spec.min_bet });
        }
        if spec.max_bet > MAX_BET {
            problems.push(TableProblem::MaxBetAboveLimit(spec.max_bet));
        }
        if spec.starting_bankroll > MAX_CHIPS {
            problems.push(TableProblem::BankrollAboveLimit(spec.starting_bankroll));
        }
        if spec.starting_bankroll < spec.min_bet {
            problems.push(TableProblem::BankrollBelowMinBet);
        }
        if problems.is_empty() {
            Ok(TableRules(spec))
        } else {
            Err(TableRulesError { rules: "table", problems })
        }
    }

    /// The classic table. Its spec passes [`TableRules::new`], as a test checks: an `expect`
    /// here would format the problems with `Debug`, which brings Rust's string escaping and
    /// its Unicode tables into every casino page (about 1 KB gzip).
    pub fn seed_rules() -> TableRules {
        TableRules(TableSpec::default())
    }

    pub fn spec(&self) -> &TableSpec {
        &self.0
    }

    /// The most hands one starting hand may become.
    pub fn max_hands(&self) -> usize {
        match self.0.split_limit {
            SplitLimit::Hands(h) => h as usize,
            SplitLimit::BySeats if self.0.seats >= 7 => 3,
            SplitLimit::BySeats => 4,
        }
    }

    /// Whether two cards with these point totals may be doubled (hard total, and the soft
    /// total if it has an ace).
    pub fn may_double_total(&self, hard: u8, soft_total: Option<u8>) -> bool {
        let ok = |t: u8| match self.0.double_on {
            DoubleOn::NineToEleven => (9..=11).contains(&t),
            DoubleOn::TenOrEleven => (10..=11).contains(&t),
            DoubleOn::AnyTwo => true,
        };
        ok(hard) || soft_total.is_some_and(ok)
    }

    /// Blackjack winnings on a bet, in cents, rounded down to the cent.
    pub fn blackjack_win(&self, bet: i64) -> i64 {
        bet * self.0.blackjack_pays.0 as i64 / self.0.blackjack_pays.1 as i64
    }

    pub fn blackjack_ratio(&self) -> f64 {
        self.0.blackjack_pays.0 as f64 / self.0.blackjack_pays.1 as f64
    }
}

impl std::ops::Deref for TableRules {
    type Target = TableSpec;
    fn deref(&self) -> &TableSpec {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_table_passes_the_checks() {
        assert_eq!(TableRules::new(TableSpec::default()), Ok(TableRules::seed_rules()));
    }
}
