//! One casino table: a shoe, up to seven spots, the dealer. Pure and seeded: the state holds
//! its generator, every change is an [`Action`], and a refused action changes nothing.
//!
//! Rounds go Betting → (Insurance) → Playing → dealer → Settled. The dealer is not a player:
//! it acts inside the engine when the last hand finishes.

use super::hand::{hi_lo_points, is_two_card_21, points, Total};
use super::rules::{DealerBlackjack, Shuffle, TableRules, MAX_CHIPS};
use crate::engine::cards::{standard_decks, Card};
use crate::engine::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

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
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
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
    log: Vec<Action>,
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
            log: Vec::new(),
        };
        g.shuffle(&mut Vec::new());
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
    pub fn log(&self) -> &[Action] {
        &self.log
    }
    /// The dealer's cards a player can see: the hole card only once revealed.
    pub fn dealer_visible(&self) -> Vec<Option<Card>> {
        self.dealer
            .iter()
            .enumerate()
            .map(|(i, &c)| if i == 1 && !self.hole_revealed { None } else { Some(c) })
            .collect()
    }
    pub fn dealer_up(&self) -> Option<Card> {
        self.dealer.first().copied()
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

    /// One representative of every kind of legal move, sorted and unique. Amounts shown are
    /// the usual ones (minimum bet, full double, full insurance); [`Game::is_legal`] accepts any
    /// amount in range.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::casino::{Action, Game, TableRules};
    ///
    /// let mut seating = vec![None; 7];
    /// (seating[3], seating[4]) = (Some(0), Some(1));
    /// let mut game = Game::new(TableRules::seed_rules(), &seating, vec![100_000, 100_000], 42).unwrap();
    /// let min = game.rules().min_bet;
    /// assert_eq!(game.legal_actions(), [Action::Bet { spot: 3, amount: min }, Action::Bet { spot: 4, amount: min }]);
    /// game.apply(Action::Bet { spot: 3, amount: min }).unwrap();
    /// // A bet may be taken back, and the round dealt.
    /// assert_eq!(
    ///     game.legal_actions(),
    ///     [Action::Bet { spot: 3, amount: 0 }, Action::Bet { spot: 4, amount: min }, Action::Deal]
    /// );
    /// ```
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Betting => {
                for (i, s) in self.spots.iter().enumerate() {
                    if let Some(p) = s.owner {
                        let spot = i as Spot;
                        if s.bet == 0 && self.bankrolls[p as usize] >= self.rules.min_bet {
                            out.push(Action::Bet { spot, amount: self.rules.min_bet });
                        } else if s.bet > 0 {
                            out.push(Action::Bet { spot, amount: 0 });
                        }
                    }
                }
                if self.spots.iter().any(|s| s.bet > 0) {
                    out.push(Action::Deal);
                }
            }
            Phase::Insurance { spot } => {
                let max = self.spots[spot as usize].bet / 2;
                out.push(Action::Insure { spot, amount: 0 });
                if max > 0 && self.owner_chips(spot) >= max {
                    out.push(Action::Insure { spot, amount: max });
                }
            }
            Phase::Playing { spot, .. } => {
                let bet = self.spots[spot as usize].bet;
                for a in [
                    Action::Surrender { spot },
                    Action::Hit { spot },
                    Action::Stand { spot },
                    Action::Double { spot, amount: bet },
                    Action::Split { spot },
                ] {
                    if self.refusal(a).is_none() {
                        out.push(a);
                    }
                }
            }
            Phase::Settled => out.push(Action::NextRound),
        }
        out.sort();
        out
    }

    pub fn is_legal(&self, action: Action) -> bool {
        self.refusal(action).is_none()
    }

    fn owner_chips(&self, spot: Spot) -> i64 {
        self.spots[spot as usize].owner.map_or(0, |p| self.bankrolls[p as usize])
    }

    /// Why `action` would be refused now, or `None` if it is legal.
    pub fn refusal(&self, action: Action) -> Option<Refusal> {
        if let Some(spot) = action.spot() {
            if self.spots.get(spot as usize).is_none_or(|s| s.owner.is_none()) {
                return Some(Refusal::NoSuchSpot);
            }
        }
        let r = &self.rules;
        match (action, self.phase) {
            (Action::Bet { spot, amount }, Phase::Betting) => {
                let s = &self.spots[spot as usize];
                if amount != 0 && (amount < r.min_bet || amount > r.max_bet) {
                    return Some(Refusal::BetOutOfRange { min: r.min_bet, max: r.max_bet });
                }
                if amount > self.owner_chips(spot) + s.bet {
                    return Some(Refusal::NotEnoughChips);
                }
                None
            }
            (Action::Deal, Phase::Betting) => (!self.spots.iter().any(|s| s.bet > 0)).then_some(Refusal::NoBets),
            (Action::Insure { spot, amount }, Phase::Insurance { spot: turn }) => {
                if spot != turn {
                    return Some(Refusal::NotYourTurn);
                }
                let max = self.spots[spot as usize].bet / 2;
                if amount < 0 || amount > max {
                    return Some(Refusal::InsuranceTooBig { max });
                }
                (amount > self.owner_chips(spot)).then_some(Refusal::NotEnoughChips)
            }
            (
                Action::Surrender { spot }
                | Action::Hit { spot }
                | Action::Stand { spot }
                | Action::Double { spot, .. }
                | Action::Split { spot },
                Phase::Playing { spot: turn, hand },
            ) => {
                if spot != turn {
                    return Some(Refusal::NotYourTurn);
                }
                let s = &self.spots[spot as usize];
                let h = &s.hands[hand as usize];
                let total = h.total();
                let locked_ace = h.is_split_ace() && !r.hit_split_aces;
                match action {
                    Action::Stand { .. } => None,
                    Action::Hit { .. } => locked_ace.then_some(Refusal::CannotHit),
                    Action::Surrender { .. } => {
                        let first = s.hands.len() == 1 && h.cards.len() == 2 && !h.doubled;
                        (!(r.surrender && first)).then_some(Refusal::CannotSurrender)
                    }
                    Action::Double { amount, .. } => {
                        let soft = total.has_ace.then_some(total.hard + 10);
                        let ok = h.cards.len() == 2
                            && !h.doubled
                            && !locked_ace
                            && (!h.from_split || r.double_after_split)
                            && r.may_double_total(total.hard, soft);
                        if !ok {
                            return Some(Refusal::CannotDouble);
                        }
                        let amount_ok = if r.double_for_less { amount > 0 && amount <= s.bet } else { amount == s.bet };
                        if !amount_ok {
                            return Some(Refusal::BetOutOfRange {
                                min: if r.double_for_less { 1 } else { s.bet },
                                max: s.bet,
                            });
                        }
                        (amount > self.owner_chips(spot)).then_some(Refusal::NotEnoughChips)
                    }
                    Action::Split { .. } => {
                        let pair = h.cards.len() == 2 && points(h.cards[0]) == points(h.cards[1]);
                        let aces_ok = points(h.cards[0]) != 1 || !h.from_split || r.resplit_aces;
                        if !(pair && aces_ok && !h.doubled && s.hands.len() < self.rules.max_hands()) {
                            return Some(Refusal::CannotSplit);
                        }
                        (s.bet > self.owner_chips(spot)).then_some(Refusal::NotEnoughChips)
                    }
                    _ => Some(Refusal::NotNow),
                }
            }
            (Action::NextRound, Phase::Settled) => None,
            _ => Some(Refusal::NotNow),
        }
    }

    /// Apply a legal action; a refused action changes nothing and comes back with the reason.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::casino::{Action, Game, Phase, Refusal, TableRules};
    ///
    /// let mut seating = vec![None; 7];
    /// seating[3] = Some(0);
    /// let mut game = Game::new(TableRules::seed_rules(), &seating, vec![100_000], 42).unwrap();
    /// let before = game.clone();
    /// let refused = game.apply(Action::Deal).unwrap_err();
    /// assert_eq!((refused.reason, &game), (Refusal::NoBets, &before), "refused, and nothing changed");
    ///
    /// game.apply(Action::Bet { spot: 3, amount: 1_000 }).unwrap();
    /// assert_eq!(game.bankrolls(), [99_000]);
    /// game.apply(Action::Deal).unwrap();
    /// assert_ne!(game.phase(), Phase::Betting);
    /// ```
    ///
    /// # Errors
    ///
    /// An [`IllegalAction`] with the [`Refusal`] when the action is not legal now; the table is
    /// then unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        if let Some(reason) = self.refusal(action) {
            return Err(IllegalAction { action, reason });
        }
        let mut ev = Vec::new();
        self.log.push(action);
        match action {
            Action::Bet { spot, amount } => {
                let owner = self.spots[spot as usize].owner.unwrap_or(0) as usize;
                let s = &mut self.spots[spot as usize];
                let back = s.bet - amount;
                s.bet = amount;
                self.pay(owner, back);
            }
            Action::Deal => self.deal(&mut ev),
            Action::Insure { spot, amount } => {
                self.take(spot, amount);
                let s = &mut self.spots[spot as usize];
                s.insurance = amount;
                s.insurance_decided = true;
                ev.push(Event::Insured { spot, amount });
                self.after_insurance(&mut ev);
            }
            Action::Surrender { spot } => {
                let up_may_bj = self.dealer_may_have_blackjack();
                let s = &mut self.spots[spot as usize];
                let h = &mut s.hands[0];
                h.state = HandState::Surrendered;
                let mut returned_now = 0;
                if !up_may_bj {
                    returned_now = h.stake / 2;
                    h.returned = returned_now;
                    h.outcome = Some(Outcome::Surrender);
                    h.state = HandState::Settled;
                    self.house = self.house.saturating_add(h.stake - returned_now);
                    let owner = s.owner.unwrap_or(0) as usize;
                    self.pay(owner, returned_now);
                }
                ev.push(Event::Surrendered { spot, returned_now });
                self.advance(&mut ev);
            }
            Action::Hit { spot } => {
                let Phase::Playing { hand, .. } = self.phase else { unreachable!() };
                if !self.deal_to(spot, hand, &mut ev) {
                    return Ok(ev);
                }
                let t = self.spots[spot as usize].hands[hand as usize].total();
                if t.is_bust() {
                    self.bust(spot, hand, &mut ev);
                    self.advance(&mut ev);
                } else if t.best() == 21 {
                    self.spots[spot as usize].hands[hand as usize].state = HandState::Stood;
                    self.advance(&mut ev);
                }
            }
            Action::Stand { spot } => {
                let Phase::Playing { hand, .. } = self.phase else { unreachable!() };
                self.spots[spot as usize].hands[hand as usize].state = HandState::Stood;
                self.advance(&mut ev);
            }
            Action::Double { spot, amount } => {
                let Phase::Playing { hand, .. } = self.phase else { unreachable!() };
                self.take(spot, amount);
                let h = &mut self.spots[spot as usize].hands[hand as usize];
                h.stake += amount;
                h.doubled = true;
                ev.push(Event::Doubled { spot, hand, amount });
                if !self.deal_to(spot, hand, &mut ev) {
                    return Ok(ev);
                }
                if self.spots[spot as usize].hands[hand as usize].total().is_bust() {
                    self.bust(spot, hand, &mut ev);
                } else {
                    self.spots[spot as usize].hands[hand as usize].state = HandState::Stood;
                }
                self.advance(&mut ev);
            }
            Action::Split { spot } => {
                let Phase::Playing { hand, .. } = self.phase else { unreachable!() };
                let bet = self.spots[spot as usize].bet;
                self.take(spot, bet);
                let s = &mut self.spots[spot as usize];
                let second = s.hands[hand as usize].cards.pop().expect("a pair has two cards");
                s.hands[hand as usize].from_split = true;
                let mut new = Hand::new(bet);
                new.from_split = true;
                new.cards.push(second);
                s.hands.insert(hand as usize + 1, new);
                ev.push(Event::Split { spot, hand });
                if !self.deal_to(spot, hand, &mut ev) {
                    return Ok(ev);
                }
                self.settle_if_done(spot, hand, &mut ev);
            }
            Action::NextRound => self.next_round(&mut ev),
        }
        Ok(ev)
    }

    fn take(&mut self, spot: Spot, amount: i64) {
        let owner = self.spots[spot as usize].owner.unwrap_or(0) as usize;
        self.bankrolls[owner] = self.bankrolls[owner].saturating_sub(amount);
    }

    /// Pays `amount` to the player at `owner` (saturating: bankrolls start at most
    /// [`MAX_CHIPS`], so this never saturates in any game that could be played).
    fn pay(&mut self, owner: usize, amount: i64) {
        self.bankrolls[owner] = self.bankrolls[owner].saturating_add(amount);
    }

    fn dealer_may_have_blackjack(&self) -> bool {
        self.dealer.first().is_some_and(|&c| matches!(points(c), 1 | 10))
    }

    /// The next card of the shoe. When the shoe runs dry mid-round the discards are shuffled
    /// into a new shoe (cards in play stay out); `None` only if there are no discards either.
    fn draw(&mut self, ev: &mut Vec<Event>) -> Option<Card> {
        if self.shoe.next >= self.shoe.cards.len() {
            self.refill_from_discards(ev);
        }
        let c = *self.shoe.cards.get(self.shoe.next)?;
        self.shoe.next += 1;
        if self.shoe.next == self.shoe.cut && !self.shoe.cut_out {
            // 004: "the game can continue until the cut card is about to be dealt".
            self.shoe.cut_out = true;
            ev.push(Event::CutCardOut);
        }
        Some(c)
    }

    fn see(&mut self, c: Card) {
        self.seen[points(c) as usize - 1] += 1;
    }

    /// Deals a card face up to a hand; `false` if no card was left and the round was called off.
    fn deal_to(&mut self, spot: Spot, hand: u8, ev: &mut Vec<Event>) -> bool {
        let Some(c) = self.draw(ev) else {
            self.call_off(ev);
            return false;
        };
        self.see(c);
        self.spots[spot as usize].hands[hand as usize].cards.push(c);
        ev.push(Event::Dealt { spot, hand, card: c });
        true
    }

    /// No card left in the shoe or the discards: every bet still on the table (doubles,
    /// splits and insurance included) goes back to its player and the round ends.
    fn call_off(&mut self, ev: &mut Vec<Event>) {
        ev.push(Event::RoundCalledOff);
        self.hole_revealed = true;
        for i in 0..self.spots.len() {
            let owner = self.spots[i].owner.unwrap_or(0) as usize;
            let insurance = std::mem::take(&mut self.spots[i].insurance);
            self.pay(owner, insurance);
            for j in 0..self.spots[i].hands.len() {
                let h = &mut self.spots[i].hands[j];
                if matches!(h.state, HandState::Settled | HandState::BlackjackPaid) {
                    continue;
                }
                let stake = h.stake;
                h.outcome = Some(Outcome::Push);
                h.returned = stake;
                h.state = HandState::Settled;
                self.pay(owner, stake);
                ev.push(Event::Settled { spot: i as Spot, hand: j as u8, outcome: Outcome::Push, net: 0 });
            }
        }
        self.phase = Phase::Settled;
    }

    fn deal(&mut self, ev: &mut Vec<Event>) {
        self.round += 1;
        let betting: Vec<Spot> = (0..self.spots.len() as Spot).filter(|&i| self.spots[i as usize].bet > 0).collect();
        for &i in &betting {
            let s = &mut self.spots[i as usize];
            s.hands = vec![Hand::new(s.bet)];
        }
        // 004: "dealt clockwise": a card to each spot, the dealer's up card, a second card to
        // each spot, then the hole card.
        for &i in &betting {
            if !self.deal_to(i, 0, ev) {
                return;
            }
        }
        let Some(up) = self.draw(ev) else { return self.call_off(ev) };
        self.see(up);
        self.dealer.push(up);
        ev.push(Event::DealerUp { card: up });
        for &i in &betting {
            if !self.deal_to(i, 0, ev) {
                return;
            }
        }
        let Some(hole) = self.draw(ev) else { return self.call_off(ev) };
        self.dealer.push(hole);
        ev.push(Event::HoleDealt);
        for &i in &betting {
            let h = &mut self.spots[i as usize].hands[0];
            if is_two_card_21(&h.cards) {
                h.state = HandState::Blackjack;
            }
        }
        if self.rules.insurance && points(up) == 1 {
            ev.push(Event::InsuranceOffered);
            self.phase = Phase::Insurance { spot: betting[0] };
        } else {
            self.after_insurance(ev);
        }
    }

    /// Next insurance decision, or on to paying blackjacks and playing the hands.
    fn after_insurance(&mut self, ev: &mut Vec<Event>) {
        if let Some(spot) = (0..self.spots.len()).find(|&i| {
            self.spots[i].bet > 0
                && !self.spots[i].insurance_decided
                && self.rules.insurance
                && self.dealer.first().is_some_and(|&c| points(c) == 1)
        }) {
            self.phase = Phase::Insurance { spot: spot as Spot };
            return;
        }
        if !self.dealer_may_have_blackjack() {
            // 004: with no ace or ten showing, blackjacks are paid 3:2 and removed at once.
            for i in 0..self.spots.len() {
                if self.spots[i].hands.first().is_some_and(|h| h.state == HandState::Blackjack) {
                    let win = self.rules.blackjack_win(self.spots[i].bet);
                    let owner = self.spots[i].owner.unwrap_or(0) as usize;
                    let h = &mut self.spots[i].hands[0];
                    h.state = HandState::BlackjackPaid;
                    h.outcome = Some(Outcome::Blackjack);
                    h.returned = h.stake + win;
                    let (back, cards) = (h.returned, h.cards.len());
                    self.pay(owner, back);
                    self.house = self.house.saturating_sub(win);
                    self.shoe.discard += cards;
                    ev.push(Event::BlackjackPaid { spot: i as Spot, amount: win });
                }
            }
        }
        self.phase = Phase::Playing { spot: 0, hand: 0 };
        self.advance_from(0, 0, ev);
    }

    fn bust(&mut self, spot: Spot, hand: u8, ev: &mut Vec<Event>) {
        self.spots[spot as usize].hands[hand as usize].state = HandState::Bust;
        ev.push(Event::Bust { spot, hand });
    }

    /// A split ace that cannot be hit is finished once it has its second card (unless it can
    /// be resplit); a split hand reaching 21 stands. Then play moves on if needed.
    fn settle_if_done(&mut self, spot: Spot, hand: u8, ev: &mut Vec<Event>) {
        let h = &self.spots[spot as usize].hands[hand as usize];
        let total = h.total();
        let may_resplit = h.cards.len() == 2
            && points(h.cards[0]) == points(h.cards[1])
            && self.rules.resplit_aces
            && self.spots[spot as usize].hands.len() < self.rules.max_hands();
        let done = total.best() == 21 || (h.is_split_ace() && !self.rules.hit_split_aces && !may_resplit);
        if done {
            self.spots[spot as usize].hands[hand as usize].state = HandState::Stood;
            self.advance(ev);
        }
    }

    fn advance(&mut self, ev: &mut Vec<Event>) {
        if let Phase::Playing { spot, hand } = self.phase {
            self.advance_from(spot, hand, ev);
        }
    }

    /// Moves the turn to the first hand at or after (spot, hand) still playing, dealing the
    /// second card to a split hand as it comes up; with none left the dealer plays.
    fn advance_from(&mut self, spot: Spot, hand: u8, ev: &mut Vec<Event>) {
        let (mut s, mut h) = (spot as usize, hand as usize);
        while s < self.spots.len() {
            while h < self.spots[s].hands.len() {
                if self.spots[s].hands[h].state == HandState::Playing {
                    self.phase = Phase::Playing { spot: s as Spot, hand: h as u8 };
                    if self.spots[s].hands[h].cards.len() == 1 && self.deal_to(s as Spot, h as u8, ev) {
                        self.settle_if_done(s as Spot, h as u8, ev);
                    }
                    return;
                }
                h += 1;
            }
            s += 1;
            h = 0;
        }
        self.dealer_plays(ev);
    }

    fn dealer_total(&self) -> Total {
        Total::of(&self.dealer)
    }

    fn dealer_plays(&mut self, ev: &mut Vec<Event>) {
        self.hole_revealed = true;
        let hole = self.dealer[1];
        self.see(hole);
        ev.push(Event::HoleRevealed { card: hole });
        let dealer_bj = is_two_card_21(&self.dealer);
        if dealer_bj {
            ev.push(Event::DealerBlackjack);
        }
        // The dealer draws only while a hand still waits on the dealer's total.
        let live = self.spots.iter().flat_map(|s| &s.hands).any(|h| h.state == HandState::Stood);
        if live && !dealer_bj {
            loop {
                let t = self.dealer_total();
                let stand = t.best() > 17 || (t.best() == 17 && !(t.is_soft() && self.rules.dealer_hits_soft_17));
                if stand {
                    break;
                }
                let Some(c) = self.draw(ev) else { return self.call_off(ev) };
                self.see(c);
                self.dealer.push(c);
                ev.push(Event::DealerDraws { card: c });
            }
            let t = self.dealer_total();
            if t.is_bust() {
                ev.push(Event::DealerBusts);
            } else {
                ev.push(Event::DealerStands { total: t.best() });
            }
        }
        self.settle(dealer_bj, ev);
        self.phase = Phase::Settled;
    }

    fn settle(&mut self, dealer_bj: bool, ev: &mut Vec<Event>) {
        let dealer = self.dealer_total();
        let obo = self.rules.dealer_blackjack == DealerBlackjack::OriginalBetOnly;
        for i in 0..self.spots.len() {
            let owner = self.spots[i].owner.unwrap_or(0) as usize;
            let bet = self.spots[i].bet;
            if self.spots[i].hands.is_empty() {
                continue;
            }
            let ins = self.spots[i].insurance;
            if ins > 0 {
                if dealer_bj {
                    self.pay(owner, ins * 3);
                    self.house = self.house.saturating_sub(ins * 2);
                    ev.push(Event::InsurancePaid { spot: i as Spot, amount: ins * 2 });
                } else {
                    self.house = self.house.saturating_add(ins);
                    ev.push(Event::InsuranceLost { spot: i as Spot, amount: ins });
                }
            }
            // 004: against a dealer blackjack "the Player can only lose his original wager".
            let mut original_left = bet;
            for j in 0..self.spots[i].hands.len() {
                let h = &self.spots[i].hands[j];
                let (outcome, returned) = match h.state {
                    HandState::Settled | HandState::BlackjackPaid => continue,
                    HandState::Blackjack if dealer_bj => (Outcome::Push, h.stake),
                    HandState::Blackjack => (Outcome::Blackjack, h.stake + self.rules.blackjack_win(h.stake)),
                    HandState::Surrendered if dealer_bj => (Outcome::Lose, 0),
                    HandState::Surrendered => (Outcome::Surrender, h.stake / 2),
                    _ if dealer_bj => {
                        let outcome = if h.state == HandState::Bust { Outcome::Bust } else { Outcome::Lose };
                        if obo {
                            let lost = original_left.min(h.stake);
                            original_left -= lost;
                            (outcome, h.stake - lost)
                        } else {
                            (outcome, 0)
                        }
                    }
                    HandState::Bust => (Outcome::Bust, 0),
                    _ => {
                        let t = h.total().best();
                        if dealer.is_bust() || t > dealer.best() {
                            (Outcome::Win, h.stake * 2)
                        } else if t == dealer.best() {
                            (Outcome::Push, h.stake)
                        } else {
                            (Outcome::Lose, 0)
                        }
                    }
                };
                let stake = h.stake;
                self.pay(owner, returned);
                self.house = self.house.saturating_add(stake - returned);
                let h = &mut self.spots[i].hands[j];
                h.outcome = Some(outcome);
                h.returned = returned;
                h.state = HandState::Settled;
                ev.push(Event::Settled { spot: i as Spot, hand: j as u8, outcome, net: returned - stake });
            }
        }
    }

    fn next_round(&mut self, ev: &mut Vec<Event>) {
        self.shoe.discard += self.cards_in_hands() + self.dealer.len();
        self.dealer.clear();
        self.hole_revealed = false;
        for s in &mut self.spots {
            s.hands.clear();
            s.insurance = 0;
            s.insurance_decided = false;
            // The same bet again if the player can cover it; otherwise the spot sits out.
            let owner = s.owner.unwrap_or(0) as usize;
            if s.bet > self.bankrolls[owner] {
                s.bet = 0;
            } else {
                self.bankrolls[owner] = self.bankrolls[owner].saturating_sub(s.bet);
            }
        }
        if self.shoe.cut_out || self.rules.shuffle == Shuffle::EveryRound {
            self.shuffle(ev);
        }
        self.phase = Phase::Betting;
    }

    /// 004: "All packs … shuffled together"; the cut card "somewhere around a third up from the
    /// bottom": at the configured penetration, give or take 2% of the shoe.
    fn shuffle(&mut self, ev: &mut Vec<Event>) {
        let mut cards = standard_decks(self.rules.decks);
        self.rng.shuffle(&mut cards);
        let n = cards.len();
        let spread = (n / 50).max(1);
        let base = n * self.rules.penetration_percent as usize / 100;
        let cut = (base + self.rng.below(2 * spread as u64 + 1) as usize).saturating_sub(spread).clamp(1, n - 1);
        self.shoe = Shoe { cards, next: 0, cut, discard: 0, cut_out: false };
        self.seen = [0; 10];
        ev.push(Event::Shuffled { cut_at: cut as u16 });
    }

    /// The shoe ran dry mid-round. As a casino does, the dealer shuffles the discards into a
    /// new shoe; the cards on the table stay out. The cut card is already out, so this shoe
    /// lasts to the end of the round and a full shuffle follows.
    fn refill_from_discards(&mut self, ev: &mut Vec<Event>) {
        let in_hands: Vec<Card> = self
            .spots
            .iter()
            .flat_map(|s| &s.hands)
            .filter(|h| h.state != HandState::BlackjackPaid)
            .flat_map(|h| h.cards.iter().copied())
            .collect();
        let out = self.dealer.iter().chain(&in_hands);
        let mut cards = standard_decks(self.rules.decks);
        for &c in out {
            if let Some(i) = cards.iter().position(|&x| x == c) {
                cards.swap_remove(i);
            }
        }
        self.rng.shuffle(&mut cards);
        let n = cards.len();
        self.shoe = Shoe { cards, next: 0, cut: n, discard: 0, cut_out: true };
        // The count restarts from what is face up on the table (the hole card stays unseen).
        self.seen = [0; 10];
        let face_up: Vec<Card> = self.dealer_visible().into_iter().flatten().chain(in_hands).collect();
        for c in face_up {
            self.see(c);
        }
        ev.push(Event::ShoeRefilled { cards: n as u16 });
    }
}
