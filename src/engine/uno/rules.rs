//! UNO Blackjack rules as data: the seed's fixed rules plus the choices it leaves open.

use serde::{Deserialize, Serialize};

/// What a Skip card is worth; seed 002 gives no value for it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SkipValue {
    /// Like Reverse and Draw cards, the other action cards: 10 (our default).
    Ten,
    /// Worth nothing.
    Zero,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnoSpec {
    pub min_players: u8,
    pub max_players: u8,
    /// Decks shuffled together; `None`: one deck up to six players, two above.
    pub decks: Option<u8>,
    pub queue_size: u8,
    pub skip_value: SkipValue,
    /// Passing is final for the round, as standing is in Blackjack (our default); otherwise a
    /// player who passed is asked again while anyone else is still hitting.
    pub pass_is_final: bool,
    /// Seed option: players who are out are dealt back in each round, drawing from the deck,
    /// with no three-round limit.
    pub deal_back_in: bool,
    /// Seed option: a player joining mid-game has this many rounds to earn a queue.
    pub join_rounds: u8,
}

impl Default for UnoSpec {
    fn default() -> Self {
        UnoSpec {
            min_players: 2,
            max_players: 10,
            decks: None,
            queue_size: 15,
            skip_value: SkipValue::Ten,
            pass_is_final: true,
            deal_back_in: false,
            join_rounds: 3,
        }
    }
}

/// The cap on a game's length, in rounds. With the seed's rules a game ends by itself (one
/// player is left with a queue) well before it: see docs/rules/uno-blackjack.md for the
/// measured lengths. When the cap is reached the player with the most cards in their queue wins.
pub const ROUND_LIMIT: u32 = 5_000;

/// The cap with the "deal losing players back in" option, where nobody runs out for good and a
/// game could go on for days: a game lasts at most this many rounds (minutes at bot pace).
pub const DEAL_BACK_IN_ROUNDS: u32 = 40;

/// One problem with UNO Blackjack rules. [`UnoRules::new`] lists them all; the words are
/// `Display`'s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum UnoProblem {
    /// The player counts are not within 2 to 10, or the least is above the most.
    Players { min: u8, max: u8 },
    /// A queue of no cards.
    EmptyQueue,
    /// A deck count other than 1 to 4.
    Decks(u8),
    /// A joining player with no round to earn a queue in.
    NoJoinRounds,
    /// `players` dealt queues of `queue` cards leave under 10 of the deck's `cards` to draw.
    ShortDeck { players: u8, queue: u8, cards: u32 },
}

impl std::fmt::Display for UnoProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            UnoProblem::Players { min, max } => write!(f, "players must be within 2 to 10, not {min} to {max}"),
            UnoProblem::EmptyQueue => f.write_str("queues need at least one card"),
            UnoProblem::Decks(d) => write!(f, "1 to 4 decks, not {d}"),
            UnoProblem::NoJoinRounds => f.write_str("a joining player needs at least one round to earn a queue"),
            UnoProblem::ShortDeck { players, queue, cards } => {
                write!(f, "{players} players with {queue} cards each leave under 10 cards of {cards} in the deck")
            }
        }
    }
}

/// Every problem found in UNO Blackjack rules.
pub type UnoRulesError = crate::engine::RuleProblems<UnoProblem>;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnoRules(UnoSpec);

impl UnoRules {
    /// The one way to checked rules: every problem with the spec, or the rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::uno::{UnoProblem, UnoRules, UnoSpec};
    ///
    /// let rules = UnoRules::new(UnoSpec { queue_size: 10, ..UnoSpec::default() }).unwrap();
    /// assert_eq!((rules.queue_size, rules.decks_for(4), rules.decks_for(8)), (10, 1, 2));
    ///
    /// // Every problem at once.
    /// let refused = UnoRules::new(UnoSpec { queue_size: 0, join_rounds: 0, ..UnoSpec::default() }).unwrap_err();
    /// assert_eq!(refused.problems, [UnoProblem::EmptyQueue, UnoProblem::NoJoinRounds]);
    /// ```
    ///
    /// # Errors
    ///
    /// An [`UnoRulesError`] listing every problem found (players, queue size, decks, joining).
    pub fn new(spec: UnoSpec) -> Result<UnoRules, UnoRulesError> {
        let mut p = Vec::new();
        if spec.min_players < 2 || spec.max_players > 10 || spec.min_players > spec.max_players {
            p.push(UnoProblem::Players { min: spec.min_players, max: spec.max_players });
        }
        if spec.queue_size == 0 {
            p.push(UnoProblem::EmptyQueue);
        }
        if spec.decks == Some(0) || spec.decks.is_some_and(|d| d > 4) {
            p.push(UnoProblem::Decks(spec.decks.unwrap_or(0)));
        }
        if spec.join_rounds == 0 {
            p.push(UnoProblem::NoJoinRounds);
        }
        for n in spec.min_players.max(2)..=spec.max_players.min(10) {
            let decks = spec.decks.unwrap_or(if n <= 6 { 1 } else { 2 }).max(1) as u32;
            if n as u32 * spec.queue_size as u32 + 10 > decks * 108 {
                p.push(UnoProblem::ShortDeck { players: n, queue: spec.queue_size, cards: decks * 108 });
                break;
            }
        }
        if p.is_empty() {
            Ok(UnoRules(spec))
        } else {
            Err(UnoRulesError { rules: "UNO Blackjack", problems: p })
        }
    }
    pub fn seed_rules() -> UnoRules {
        UnoRules::new(UnoSpec::default()).expect("the default rules are valid")
    }
    pub fn spec(&self) -> &UnoSpec {
        &self.0
    }
    /// The last round of a game under these rules ([`ROUND_LIMIT`] or [`DEAL_BACK_IN_ROUNDS`]).
    pub fn round_limit(&self) -> u32 {
        if self.0.deal_back_in {
            DEAL_BACK_IN_ROUNDS
        } else {
            ROUND_LIMIT
        }
    }
    pub fn decks_for(&self, players: u8) -> u8 {
        self.0.decks.unwrap_or(if players <= 6 { 1 } else { 2 })
    }
}

impl std::ops::Deref for UnoRules {
    type Target = UnoSpec;
    fn deref(&self) -> &UnoSpec {
        &self.0
    }
}
