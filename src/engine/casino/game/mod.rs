//! One casino table: a shoe, up to seven spots, the dealer. Pure and seeded: the state holds
//! its generator, every change is an [`Action`], and a refused action changes nothing.
//!
//! Rounds go Betting → (Insurance) → Playing → dealer → Settled. The dealer is not a player:
//! it acts inside the engine when the last hand finishes.
//!
//! This file holds the state and reading it; the rest is one `impl Game` per concern: `legal`
//! (what is refused and why), `apply` (an action, all or nothing), `round` (the deal, the
//! hands' turns, the dealer, settling) and `shoe` (drawing, the count, shuffles).

use super::count::CountSystem;
use super::hand::{hi_lo_points, is_two_card_21, points, Total};
use super::rules::{DealerBlackjack, Shuffle, TableRules, MAX_CHIPS};
use super::strategy::Play;
use crate::engine::cards::{standard_decks, Card};
use crate::engine::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

mod apply;
pub(crate) mod legal;
mod round;
mod shoe;

pub type Spot = u8;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Put `amount` cents on a spot for the next round (0 takes the bet back).
    Bet {
        spot: Spot,
        amount: i64,
    },
    /// Deal the round to every spot with a bet.
    Deal,
    /// Insurance of `amount` cents (0 declines), while the dealer shows an ace.
    Insure {
        spot: Spot,
        amount: i64,
    },
    Surrender {
        spot: Spot,
    },
    Hit {
        spot: Spot,
    },
    Stand {
        spot: Spot,
    },
    /// Double down for `amount` cents, up to the original bet.
    Double {
        spot: Spot,
        amount: i64,
    },
    Split {
        spot: Spot,
    },
    /// Clear the table after a settled round (and shuffle if the cut card came out).
    NextRound,
}

impl Action {
    pub fn spot(&self) -> Option<Spot> {
        match *self {
            Action::Bet { spot, .. }
            | Action::Insure { spot, .. }
            | Action::Surrender { spot }
            | Action::Hit { spot }
            | Action::Stand { spot }
            | Action::Double { spot, .. }
            | Action::Split { spot } => Some(spot),
            Action::Deal | Action::NextRound => None,
        }
    }

    /// The play a hand's action is, as the strategy prices it; `None` for what is not a play on
    /// a hand (a bet, insurance, the deal, the next round). The table's hint and the analysis
    /// both judge an action by it.
    pub fn play(&self) -> Option<Play> {
        Some(match self {
            Action::Stand { .. } => Play::Stand,
            Action::Hit { .. } => Play::Hit,
            Action::Double { .. } => Play::Double,
            Action::Split { .. } => Play::Split,
            Action::Surrender { .. } => Play::Surrender,
            _ => return None,
        })
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    NotNow,
    NoSuchSpot,
    NotYourTurn,
    BetOutOfRange { min: i64, max: i64 },
    NotEnoughChips,
    NoBets,
    InsuranceTooBig { max: i64 },
    CannotDouble,
    CannotSplit,
    CannotSurrender,
    CannotHit,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::NotNow => write!(f, "that is not possible at this point of the round"),
            Refusal::NoSuchSpot => write!(f, "nobody sits at that spot"),
            Refusal::NotYourTurn => write!(f, "it is another hand's turn"),
            Refusal::BetOutOfRange { min, max } => {
                write!(f, "bets go from {} to {}", money(min), money(max))
            }
            Refusal::NotEnoughChips => write!(f, "not enough chips"),
            Refusal::NoBets => write!(f, "place a bet first"),
            Refusal::InsuranceTooBig { max } => {
                write!(f, "insurance is at most half the bet, {}", money(max))
            }
            Refusal::CannotDouble => write!(f, "this hand may not double down"),
            Refusal::CannotSplit => write!(f, "this hand may not be split"),
            Refusal::CannotSurrender => write!(f, "surrender is only the first decision on a hand"),
            Refusal::CannotHit => write!(f, "this hand takes no more cards"),
        }
    }
}

/// A refused action, returned with the reason; the game is unchanged.
pub type IllegalAction = crate::engine::Refused<Action, Refusal>;

/// "$12.50" from cents.
pub fn money(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let c = cents.unsigned_abs();
    if c % 100 == 0 {
        format!("{sign}${}", c / 100)
    } else {
        format!("{sign}${}.{:02}", c / 100, c % 100)
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandState {
    Playing,
    Stood,
    Bust,
    /// A two-card 21 on an unsplit hand, waiting for the dealer's hole card (ace or ten up).
    Blackjack,
    /// Paid 3:2 at once because the dealer could not have blackjack.
    BlackjackPaid,
    Surrendered,
    Settled,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Blackjack,
    Win,
    Push,
    Lose,
    Bust,
    Surrender,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub cards: Vec<Card>,
    /// Everything staked on this hand, double included.
    pub stake: i64,
    pub doubled: bool,
    pub from_split: bool,
    pub state: HandState,
    pub outcome: Option<Outcome>,
    /// What the hand returned to the player when settled (stake included).
    pub returned: i64,
}

impl Hand {
    fn new(stake: i64) -> Hand {
        Hand {
            cards: Vec::new(),
            stake,
            doubled: false,
            from_split: false,
            state: HandState::Playing,
            outcome: None,
            returned: 0,
        }
    }
    pub fn total(&self) -> Total {
        Total::of(&self.cards)
    }
    fn is_split_ace(&self) -> bool {
        self.from_split && self.cards.first().is_some_and(|&c| points(c) == 1)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpotState {
    /// Which player sits here (an index into the bankrolls), if anyone.
    pub owner: Option<u8>,
    /// The bet for this round (the "original wager").
    pub bet: i64,
    pub hands: Vec<Hand>,
    pub insurance: i64,
    pub insurance_decided: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Betting,
    Insurance { spot: Spot },
    Playing { spot: Spot, hand: u8 },
    Settled,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Shuffled {
        cut_at: u16,
    },
    CutCardOut,
    /// The shoe ran out mid-round: the discards were shuffled into a new shoe of `cards`.
    ShoeRefilled {
        cards: u16,
    },
    /// No card was left anywhere (every card of the shoe is on the table): the round is called
    /// off and every bet still on the table, insurance included, goes back to its player.
    RoundCalledOff,
    Dealt {
        spot: Spot,
        hand: u8,
        card: Card,
    },
    DealerUp {
        card: Card,
    },
    HoleDealt,
    InsuranceOffered,
    Insured {
        spot: Spot,
        amount: i64,
    },
    BlackjackPaid {
        spot: Spot,
        amount: i64,
    },
    Surrendered {
        spot: Spot,
        returned_now: i64,
    },
    Split {
        spot: Spot,
        hand: u8,
    },
    Doubled {
        spot: Spot,
        hand: u8,
        amount: i64,
    },
    Bust {
        spot: Spot,
        hand: u8,
    },
    HoleRevealed {
        card: Card,
    },
    DealerDraws {
        card: Card,
    },
    DealerStands {
        total: u8,
    },
    DealerBusts,
    DealerBlackjack,
    InsurancePaid {
        spot: Spot,
        amount: i64,
    },
    InsuranceLost {
        spot: Spot,
        amount: i64,
    },
    Settled {
        spot: Spot,
        hand: u8,
        outcome: Outcome,
        net: i64,
    },
}

/// The shoe: shuffled decks, a cut card position, and the discard holder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shoe {
    cards: Vec<Card>,
    next: usize,
    cut: usize,
    discard: usize,
    cut_out: bool,
}

/// The most chips a bankroll may hold when a table opens again at a shoe's start
/// ([`Game::resume`]): a thousand times what one may hold when a table first opens (winnings add
/// to it; no play reaches this, and it is still far below overflow), as a seat's update is read.
pub const MAX_RESUMED_CHIPS: i64 = MAX_CHIPS * 1_000;

/// A table in play. Not serialised itself: a save is the rules, seating, seed and action log.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    rules: Arc<TableRules>,
    seed: u64,
    rng: GameRng,
    shoe: Shoe,
    bankrolls: Vec<i64>,
    house: i64,
    spots: Vec<SpotState>,
    dealer: Vec<Card>,
    hole_revealed: bool,
    phase: Phase,
    round: u32,
    /// Cards seen face up since the last shuffle, by point value (index 0 = ace … 9 = ten).
    seen: [u16; 10],
    /// The red sevens among them (Red 7 counts them apart).
    seen_red_sevens: u16,
    log: Vec<Action>,
}

/// A shoe's beginning: all a table needs to open again at that shoe's first bet
/// ([`Game::resume`]). A table with friends opens each shoe so, from a seed of its own, and
/// keeps its record from there: the record grows by a shoe's play, not the table's whole
/// (`net::casino::ShoeTable`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShoeStart {
    /// The shoe's seed ([`Game::new`]'s).
    pub seed: u64,
    /// Each player's chips, less any bet standing on their spots.
    pub bankrolls: Vec<i64>,
    /// Each spot's bet standing from the round before (0: none).
    pub bets: Vec<i64>,
    /// The house's takings so far.
    pub house: i64,
    /// Rounds dealt before this shoe.
    pub round: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    SeatingSize {
        seats: usize,
        expected: usize,
    },
    UnknownPlayer {
        spot: usize,
    },
    /// A bankroll outside 0 to [`MAX_CHIPS`].
    Bankroll {
        player: usize,
        chips: i64,
    },
}

/// Why a shoe's start cannot open a table ([`Game::resume`]). Its own type, not
/// [`SetupError`]'s: only a table with friends reads a shoe's start, and the pages that never do
/// carry none of its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResumeError {
    /// What [`Game::new`] refuses.
    Setup(SetupError),
    /// A bankroll outside 0 to [`MAX_RESUMED_CHIPS`].
    Bankroll { player: usize, chips: i64 },
    /// As many bets as spots, or as many bankrolls as players, it has not.
    Spots,
    /// A standing bet the table would refuse: on an empty spot, outside the table's limits, or
    /// below zero.
    Bet { spot: usize, amount: i64 },
    /// The house's takings beyond any a table could reach.
    House(i64),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::SeatingSize { seats, expected } => {
                write!(f, "seating lists {seats} spots, the table has {expected}")
            }
            SetupError::UnknownPlayer { spot } => {
                write!(f, "spot {spot} names a player without a bankroll")
            }
            SetupError::Bankroll { player, chips } => {
                write!(f, "player {player} has {chips} cents; a bankroll holds 0 to {}", money(MAX_CHIPS))
            }
        }
    }
}
impl std::error::Error for SetupError {}

impl Game {
    /// A table: `seating[spot]` is the player sitting there; `bankrolls[player]` their chips.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::casino::{Game, Phase, TableRules};
    ///
    /// // Seven spots: player 0 at spot 3, player 1 at spot 4, the rest empty.
    /// let mut seating = vec![None; 7];
    /// (seating[3], seating[4]) = (Some(0), Some(1));
    /// let game = Game::new(TableRules::seed_rules(), &seating, vec![100_000, 50_000], 42).unwrap();
    /// assert_eq!((game.phase(), game.bankrolls()), (Phase::Betting, &[100_000, 50_000][..]));
    /// assert_eq!(game.shoe_left(), 6 * 52);
    ///
    /// // The seating names every spot of the table.
    /// assert!(Game::new(TableRules::seed_rules(), &seating[..3], vec![100_000], 42).is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SetupError`] when the seating does not match the table's spots, names a player without
    /// a bankroll, or a bankroll is outside 0 to [`MAX_CHIPS`].
    pub fn new(
        rules: impl Into<Arc<TableRules>>,
        seating: &[Option<u8>],
        bankrolls: Vec<i64>,
        seed: u64,
    ) -> Result<Game, SetupError> {
        let rules = rules.into();
        if seating.len() != rules.seats as usize {
            return Err(SetupError::SeatingSize { seats: seating.len(), expected: rules.seats as usize });
        }
        if let Some(spot) = seating.iter().position(|o| o.is_some_and(|p| p as usize >= bankrolls.len())) {
            return Err(SetupError::UnknownPlayer { spot });
        }
        if let Some(player) = bankrolls.iter().position(|c| !(0..=MAX_CHIPS).contains(c)) {
            return Err(SetupError::Bankroll { player, chips: bankrolls[player] });
        }
        let shoe = Shoe { cards: standard_decks(rules.decks), next: 0, cut: 0, discard: 0, cut_out: true };
        let spots = seating
            .iter()
            .map(|&owner| SpotState { owner, bet: 0, hands: Vec::new(), insurance: 0, insurance_decided: false })
            .collect();
        let mut g = Game {
            rules,
            seed,
            rng: GameRng::new(seed),
            shoe,
            bankrolls,
            house: 0,
            spots,
            dealer: Vec::new(),
            hole_revealed: false,
            phase: Phase::Betting,
            round: 0,
            seen: [0; 10],
            seen_red_sevens: 0,
            log: Vec::new(),
        };
        g.shuffle(&mut Vec::new());
        Ok(g)
    }

    /// A table at the first bet of a shoe that began at `start`: [`Game::new`] with the shoe's
    /// seed, then the chips, the bets standing, the house's takings and the rounds dealt that
    /// `start` gives. Checked like any input: a record may be damaged or forged.
    ///
    /// # Errors
    ///
    /// A [`ResumeError`] when the seating does not match the table's spots or `start`'s players,
    /// a bankroll is outside 0 to [`MAX_RESUMED_CHIPS`], a bet standing is one the table would
    /// refuse, or the house's takings are beyond any table's.
    pub fn resume(
        rules: impl Into<Arc<TableRules>>,
        seating: &[Option<u8>],
        start: &ShoeStart,
    ) -> Result<Game, ResumeError> {
        let players = start.bankrolls.len();
        let mut g = Game::new(rules, seating, vec![0; players], start.seed).map_err(ResumeError::Setup)?;
        if let Some(player) = start.bankrolls.iter().position(|c| !(0..=MAX_RESUMED_CHIPS).contains(c)) {
            return Err(ResumeError::Bankroll { player, chips: start.bankrolls[player] });
        }
        if start.bets.len() != g.spots.len() {
            return Err(ResumeError::Spots);
        }
        for (spot, (&amount, s)) in start.bets.iter().zip(&g.spots).enumerate() {
            let within = (g.rules.min_bet..=g.rules.max_bet).contains(&amount) && s.owner.is_some();
            if amount != 0 && !within {
                return Err(ResumeError::Bet { spot, amount });
            }
        }
        if start.house.unsigned_abs() > MAX_RESUMED_CHIPS.unsigned_abs().saturating_mul(players.max(1) as u64) {
            return Err(ResumeError::House(start.house));
        }
        g.bankrolls.clone_from(&start.bankrolls);
        for (s, &bet) in g.spots.iter_mut().zip(&start.bets) {
            s.bet = bet;
        }
        g.house = start.house;
        g.round = start.round;
        Ok(g)
    }

    /// A table with a scripted shoe (tests and scenarios): cards are dealt from the front and
    /// the cut card sits after `cut` cards.
    pub fn with_shoe(
        rules: impl Into<Arc<TableRules>>,
        seating: &[Option<u8>],
        bankrolls: Vec<i64>,
        cards: Vec<Card>,
        cut: usize,
    ) -> Result<Game, SetupError> {
        let mut g = Game::new(rules, seating, bankrolls, 0)?;
        g.shoe = Shoe { cut: cut.min(cards.len()), cards, next: 0, discard: 0, cut_out: false };
        Ok(g)
    }

    pub fn rules(&self) -> &Arc<TableRules> {
        &self.rules
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn spots(&self) -> &[SpotState] {
        &self.spots
    }
    pub fn bankrolls(&self) -> &[i64] {
        &self.bankrolls
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    /// The house's takings so far (what the players lost, less what they won).
    pub fn house(&self) -> i64 {
        self.house
    }
    pub fn log(&self) -> &[Action] {
        &self.log
    }
    /// Whether `other` is this table as it plays on from here: every card, chip, bet and phase
    /// the same, whatever log led to it (a table with friends reopens from a record that keeps
    /// only the bets each round was dealt with: `net::casino::record_log`).
    pub fn plays_as(&self, other: &Game) -> bool {
        // Named field by field, so a field added later is compared or left out on purpose.
        let Game {
            rules,
            seed,
            rng,
            shoe,
            bankrolls,
            house,
            spots,
            dealer,
            hole_revealed,
            phase,
            round,
            seen,
            seen_red_sevens,
            log: _,
        } = self;
        (rules, seed, rng, shoe, bankrolls, house, spots, dealer)
            == (
                &other.rules,
                &other.seed,
                &other.rng,
                &other.shoe,
                &other.bankrolls,
                &other.house,
                &other.spots,
                &other.dealer,
            )
            && (hole_revealed, phase, round, seen, seen_red_sevens)
                == (&other.hole_revealed, &other.phase, &other.round, &other.seen, &other.seen_red_sevens)
    }
    /// The dealer's cards a player can see: the hole card only once revealed.
    pub fn dealer_visible(&self) -> Vec<Option<Card>> {
        self.dealer
            .iter()
            .enumerate()
            .map(|(i, &c)| if i == 1 && !self.hole_revealed { None } else { Some(c) })
            .collect()
    }
    /// Every card face up on the table now: the dealer's (the hole card once revealed) and every
    /// spot's hands. What anyone at the table has seen of this round.
    pub fn face_up_cards(&self) -> Vec<Card> {
        let dealer = self.dealer_visible().into_iter().flatten();
        dealer.chain(self.spots.iter().flat_map(|s| s.hands.iter().flat_map(|h| h.cards.iter().copied()))).collect()
    }
    pub fn dealer_up(&self) -> Option<Card> {
        self.dealer.first().copied()
    }
    /// Every card of the dealer's, the hole card too: for a replay of a finished shoe, which
    /// shows it face up (a player's view has [`Game::dealer_visible`]).
    pub fn dealer_cards(&self) -> &[Card] {
        &self.dealer
    }
    pub fn hole_revealed(&self) -> bool {
        self.hole_revealed
    }
    pub fn shoe_left(&self) -> usize {
        self.shoe.cards.len().saturating_sub(self.shoe.next)
    }
    pub fn shoe_size(&self) -> usize {
        self.shoe.cards.len()
    }
    /// Cards left before the cut card comes out (0 once it has).
    pub fn before_cut(&self) -> usize {
        self.shoe.cut.saturating_sub(self.shoe.next)
    }
    pub fn cut_card_out(&self) -> bool {
        self.shoe.cut_out
    }
    pub fn discards(&self) -> usize {
        self.shoe.discard
    }
    /// Cards seen face up since the shuffle, by point value (index 0 = ace … 9 = ten-value).
    pub fn seen(&self) -> [u16; 10] {
        self.seen
    }
    /// The Hi-Lo running count of every card seen since the shuffle.
    pub fn running_count(&self) -> i32 {
        (0..10).map(|i| self.seen[i] as i32 * hi_lo_points(i as u8 + 1)).sum()
    }
    /// The running count (in half points, from the system's initial count) and the true count
    /// of every card seen since the shuffle, in any counting system (`count.rs`).
    pub fn count_in(&self, system: &CountSystem) -> (i32, f64) {
        system.count_of(self.rules.decks, &self.seen, self.seen_red_sevens)
    }
    /// The red sevens among the cards seen since the shuffle (Red 7 counts them apart).
    pub fn seen_red_sevens(&self) -> u16 {
        self.seen_red_sevens
    }
    /// Running count per deck left in the shoe (the hole card, unseen, counts as still in it).
    pub fn true_count(&self) -> f64 {
        let full = self.rules.decks as usize * 52;
        let unseen = full.saturating_sub(self.seen.iter().map(|&n| n as usize).sum::<usize>());
        let decks = (unseen as f64 / 52.0).max(0.25);
        self.running_count() as f64 / decks
    }
    /// The spot whose decision it is, if a decision is waited for.
    pub fn to_act(&self) -> Option<Spot> {
        match self.phase {
            Phase::Insurance { spot } | Phase::Playing { spot, .. } => Some(spot),
            _ => None,
        }
    }
    pub fn current_hand(&self) -> Option<&Hand> {
        match self.phase {
            Phase::Playing { spot, hand } => self.spots[spot as usize].hands.get(hand as usize),
            _ => None,
        }
    }

    /// Chips owned by everyone plus the house's takings plus what lies on the table: constant.
    pub fn chips_in_play(&self) -> i64 {
        let on_table: i64 = self
            .spots
            .iter()
            .map(|s| {
                let hands: i64 = s
                    .hands
                    .iter()
                    .filter(|h| !matches!(h.state, HandState::Settled | HandState::BlackjackPaid))
                    .map(|h| h.stake)
                    .sum();
                let bet = if s.hands.is_empty() { s.bet } else { 0 };
                let insurance = if self.phase == Phase::Settled { 0 } else { s.insurance };
                hands + bet + insurance
            })
            .sum();
        self.bankrolls.iter().sum::<i64>() + self.house + on_table
    }

    /// Every card is in exactly one place: the shoe, a hand, the dealer, or the discards.
    pub fn cards_accounted(&self) -> usize {
        self.shoe_left() + self.cards_in_hands() + self.dealer.len() + self.shoe.discard
    }

    /// Cards on the table in players' hands (a blackjack paid at once has gone to the discards).
    fn cards_in_hands(&self) -> usize {
        self.spots
            .iter()
            .flat_map(|s| &s.hands)
            .filter(|h| h.state != HandState::BlackjackPaid)
            .map(|h| h.cards.len())
            .sum()
    }
}

#[cfg(test)]
impl Game {
    /// What the table keeps face down, for the tests that prove no update names it: the hole
    /// card while it is down, and the shoe's cards still to come, in order.
    pub(crate) fn face_down(&self) -> (Option<Card>, &[Card]) {
        let hole = self.dealer.get(1).copied().filter(|_| !self.hole_revealed);
        (hole, self.shoe.cards.get(self.shoe.next..).unwrap_or_default())
    }
}
