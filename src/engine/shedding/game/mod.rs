//! The shedding game: state, legal actions and the all-or-nothing `apply`.
//!
//! Turn model: a turn lays cards one `Play` at a time. After each card the engine works out
//! whether the turn may (or must) go on: a run (Priestly), a ten's suit sequence or an eight's
//! follow-on (Taylor), a queen that must be covered (Priestly). If nothing can follow, the turn
//! ends by itself; if something may, the player says `Finish`. A suit-changing card that ends a
//! turn asks for `NameSuit`. Effects are then resolved at once for the cards that count
//! (every card, or only the last: [`TurnEffects`]).
//!
//! This file holds the state and reading it; the rest is one `impl Game` per concern, so that
//! each can be read alone: `legal` (what may be done, `check`), `apply` (all or nothing),
//! `turn` (the turn's transitions), `calls` ("Last card" deadlines), `round` (dealing and
//! scoring), `sample` (the hidden hands, for search) and `invariants`.

use super::action::*;
use super::hand::{bit, rank_mask, Hand, CARDS, SUIT_MASK};
use super::rules::*;
use super::view::SeatView;
use crate::engine::cards::{Card, Suit};
use crate::engine::rng::GameRng;
use crate::engine::sort::sort_small_by_key;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

mod apply;
mod calls;
mod invariants;
mod legal;
mod race;
mod round;
mod sample;
mod turn;

/// A game ends after this many turns, however it stands (see [`Game::turn_number`] and the
/// rules docs, "The turn limit"). Normal play never comes near it; it bounds a game at bot pace
/// to well under an hour even under house rules where nobody can go out.
pub const MAX_TURNS: u32 = 3000;

/// The most seats a table has ([`Rules::new`] refuses more).
const SEATS: usize = 12;

/// A game read back keeps its record of the last turns (see `records_turns`).
fn keeps_record() -> bool {
    true
}

/// `true` for the first `n` seats.
fn seats_in(n: usize) -> [bool; SEATS] {
    std::array::from_fn(|s| s < n)
}

/// A pick-up waiting for the next player: answer it with a card of its group, or pick it up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub group: u8,
    pub cards: u16,
}

/// `Option<Pending>` in one word (0: none), always read and written whole. As an `Option` of a
/// two-field struct it was stored a field at a time and read back whole at the start of the
/// next turn, which the processor cannot forward from its store buffer: a stall on every turn
/// (the hottest instruction of random Crazy Eights; about 2% of the time on every preset).
/// Saved as the `Option` it stands for.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct PendingSlot(u32);

impl PendingSlot {
    const NONE: PendingSlot = PendingSlot(0);
    #[inline(always)]
    fn new(p: Option<Pending>) -> PendingSlot {
        match p {
            Some(p) => PendingSlot(1 << 24 | (p.cards as u32) << 8 | p.group as u32),
            None => PendingSlot::NONE,
        }
    }
    #[inline(always)]
    fn get(self) -> Option<Pending> {
        (self.0 != 0).then_some(Pending { group: self.0 as u8, cards: (self.0 >> 8) as u16 })
    }
    #[inline(always)]
    fn is_some(self) -> bool {
        self.0 != 0
    }
}

impl Serialize for PendingSlot {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(s)
    }
}

impl<'de> Deserialize<'de> for PendingSlot {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(PendingSlot::new(Option::<Pending>::deserialize(d)?))
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Playing,
    Over { winner: Seat },
}

/// The turn in progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Cards laid so far this turn, in order.
    pub laid: Vec<Card>,
    /// Single cards drawn so far this turn.
    pub draws: u8,
    /// +1 or -1 once a Priestly run has gone up or down; 0 before.
    pub run_direction: i8,
    /// The suit a ten opened a sequence in (Taylor), while the sequence lasts.
    pub suit_run: Option<Suit>,
    /// Laying is over and the last card changes the suit: waiting for `NameSuit`.
    pub awaiting_suit: bool,
    /// The pick-up standing when the turn began.
    pub start_pending: Option<Pending>,
    /// Whether a "Last card(s)" call stood when the turn began (Priestly's "prior to their next turn").
    pub called_at_start: bool,
}

/// A call-out, kept so that it can be disputed until the next card is laid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accusation {
    pub accuser: Seat,
    pub target: Seat,
    pub infringement: Infringement,
    pub correct: bool,
    /// The cards handed to the target, returned if the call-out is shown to be false.
    pub handed: Vec<Card>,
    pub open: bool,
}

/// Per-seat "Last card" bookkeeping.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallState {
    /// A call stands.
    pub called: bool,
    /// Down to one card with the deadline still running.
    pub watching: bool,
    /// The deadline passed without a call, and nobody has called them out yet.
    pub missed: bool,
    /// The British penalty: the next turn must be a pick-up.
    pub owes_draw: bool,
}

/// What the table saw of a seat's hand when it picked up instead of playing: the cards it was
/// taken not to hold then, and how many cards of its hand may be exceptions now (picked up since).
/// Everything here is public: the top card, the named suit, the pick-up, counts of cards.
///
/// When it is set: the seat, opening its turn, picked up although a card could have answered
/// a pending pick-up or followed a named suit (or under rules that forbid picking up when able
/// to play, any pick-up). It is then taken to hold none of the cards that could have been laid
/// (`cards`). That is a fact under rules that forbid drawing when able, and otherwise the model
/// the search makes of the others: this engine's bots always answer and always follow when they
/// can, and people nearly always do. A pick-up forced on the seat (a penalty, a missed call owed,
/// a timeout) says nothing.
///
/// How it lapses: cards picked up afterwards (this pick-up included) are unknown, so `free`
/// counts them: the hand holds at most `free` cards of `cards`. Laying a card of `cards` shows
/// it was one of those (`free` goes down); laying another card leaves `free` as it is (it may
/// have been either kind, so the bound stays true). Once `free` reaches the hand's size the
/// constraint says nothing and is dropped. A new such pick-up adds its cards to a constraint
/// without exceptions, or replaces one with exceptions. A new deal clears all of them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Void {
    /// The cards (a bit set over [`Card::index`]) the seat was taken not to hold.
    pub cards: u64,
    /// At most this many cards of the seat's hand may be among `cards`.
    pub free: u16,
}

impl Void {
    /// Whether `hand` is consistent with this constraint.
    pub fn allows(&self, hand: Hand) -> bool {
        hand.count_in(self.cards) <= self.free as usize
    }
}

/// How many of each seat's latest turns the table keeps ([`LastTurn`]).
pub const RECENT_TURNS: usize = 4;

/// A seat's turn as the whole table saw it: what could have opened it, the hand sizes
/// then, and what the seat did. Public facts only; the search reads them as evidence of what the
/// seat holds (how it would have played with each hand it might hold: `bots::ismcts`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastTurn {
    /// The cards that could have opened the turn (from the top card, a named suit, a pick-up).
    pub open: u64,
    /// The seat's cards when the turn began (0: no turn yet this round).
    pub size: u8,
    /// The fewest cards any other seat still playing held then (255: none).
    pub fewest: u8,
    /// The turn's first card; `None` when the seat picked up instead.
    pub first: Option<Card>,
    /// Every card the seat laid that turn.
    pub laid: Hand,
    /// The suit it named, if its turn ended on a suit changer.
    pub named: Option<Suit>,
}

/// The pick-up after a card with effect `e` is laid on `p`: pick-ups add, answers reduce or
/// cancel, and any other card cancels it.
#[inline]
fn fold_card(p: Option<Pending>, e: Option<Effect>) -> Option<Pending> {
    // By the card's effect first: most cards have none, so this branch is nearly always
    // predicted (matching on the pair mispredicted a quarter of the time in random play).
    if let Some(Effect::PickUp { group, cards: n }) = e {
        return Some(match p {
            Some(cur) => Pending { group: cur.group.min(group), cards: cur.cards.saturating_add(n as u16) },
            None => Pending { group, cards: n as u16 },
        });
    }
    if let Some(Effect::ReducePickUp { cards: n, .. }) = e {
        return p.and_then(|cur| {
            let left = cur.cards.saturating_sub(n as u16);
            (left > 0).then_some(Pending { group: cur.group, cards: left })
        });
    }
    None
}

/// Where the events of an action go: the caller's list, or nowhere (a quiet apply).
struct Sink<'a>(Option<&'a mut Vec<Event>>);

impl Sink<'_> {
    /// Whether events are wanted (work done only to describe what happened can be skipped).
    #[inline(always)]
    fn is_on(&self) -> bool {
        self.0.is_some()
    }
    /// The event is built only when someone listens: a quiet apply builds none (and drops none).
    #[inline(always)]
    fn push(&mut self, e: impl FnOnce() -> Event) {
        if let Some(v) = self.0.as_deref_mut() {
            v.push(e());
        }
    }
}

/// How a checked action will be carried out.
enum Plan {
    Lay,
    WrongCard(u8),
    OutOfTurn(u8),
    NameSuit,
    Draw,
    Pass,
    Finish,
    Call,
    FalseCall(u8),
    Timeout(u8),
    Say(u8),
    Accuse { correct: bool, cards: u8 },
    Dispute { upheld: bool },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    rules: Arc<Rules>,
    players: u8,
    seed: u64,
    rng: GameRng,
    /// Per-seat state lives in arrays of [`SEATS`] (seats past `players` stay empty): no
    /// allocation when a game is cloned, no pointer to follow on the hot path.
    hands: [Hand; SEATS],
    /// Face down; the last element is the top.
    stock: Vec<Card>,
    /// Face up; the last element is the top card.
    pile: Vec<Card>,
    dealer: Seat,
    current: Seat,
    clockwise: bool,
    called_suit: Option<Suit>,
    pending: PendingSlot,
    turn: Turn,
    /// The pick-up as it stands mid-turn when every card's effect counts: the turn's starting
    /// pick-up folded over the cards laid so far, kept as they are laid (see `live_pending`).
    live: Option<Pending>,
    /// Seats dealt into this round (a tie-breaker round deals only the tied players).
    in_round: [bool; SEATS],
    /// Finishing order this round.
    finished: Vec<Seat>,
    calls: [CallState; SEATS],
    /// A bit per seat whose [`CallState`] may be other than the default (a superset): the
    /// call bookkeeping after each action visits only these seats, usually none.
    flagged: u32,
    /// What each seat was seen not to hold ([`Void`]), from public play only.
    voids: [Void; SEATS],
    /// Each seat's latest turns this round, the latest first ([`LastTurn`]).
    last_turns: [[LastTurn; RECENT_TURNS]; SEATS],
    /// Whether `last_turns`, `stock_seen` and `known` are kept up to date. A game sampled for
    /// search ([`Game::determinize`]) keeps what it was given and adds nothing: nobody reads them
    /// there, and keeping the turns was a third of the playouts' instructions.
    #[serde(skip, default = "keeps_record")]
    records_turns: bool,
    /// The bottom `stock_seen` cards of the stock are face-up cards turned over without
    /// shuffling (Taylor's refill): everyone watched them laid, so their order is public.
    #[serde(default)]
    stock_seen: usize,
    /// Cards each seat is known to hold: drawn from the public part of the stock and not laid
    /// since. Public facts, like `voids`.
    #[serde(default)]
    known: [Hand; SEATS],
    accusations: Vec<Accusation>,
    last_accusation_turn: Vec<Option<u32>>,
    scores: Vec<u32>,
    round: u32,
    tie_break: bool,
    phase: Phase,
    plays_this_round: u32,
    turn_number: u32,
    /// Consecutive passes with nothing left to draw: the round is blocked when everyone has.
    idle_passes: u32,
    total_cards: usize,
    log: Vec<Action>,
}

/// A scripted deal for scenario tests: exact hands, the starter card, and the stock from the top down.
#[derive(Clone, Debug)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    pub starter: Card,
    pub stock_top_first: Vec<Card>,
    pub dealer: Seat,
    /// Match scores to start from (empty: all zero), for scenarios late in a match.
    pub scores: Vec<u32>,
}

/// Why a game could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    Players { players: u8, min: u8, max: u8 },
    Deal(String),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Players { players, min, max } => {
                write!(f, "{players} players: these rules need {min} to {max}")
            }
            SetupError::Deal(s) => write!(f, "bad deal: {s}"),
        }
    }
}
impl std::error::Error for SetupError {}

impl Game {
    /// A new game: seat 0 deals the first round and the seat on its left starts.
    /// `rules` may be a `Rules` or a shared `Arc<Rules>` (search clones games by the thousand).
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::shedding::{Game, Preset, SetupError};
    ///
    /// let game = Game::new(Preset::Priestly.rules(), 4, 42).expect("Priestly seats four");
    /// assert_eq!((game.players(), game.dealer(), game.round()), (4, 0, 0));
    /// let dealt = game.rules().hand_size_for(4) as usize;
    /// assert!((0..4).all(|seat| game.hand(seat).len() == dealt));
    /// // The same seed deals the same game.
    /// assert_eq!(Game::new(Preset::Priestly.rules(), 4, 42).unwrap(), game);
    ///
    /// let one = Game::new(Preset::Priestly.rules(), 1, 42);
    /// assert!(matches!(one, Err(SetupError::Players { players: 1, .. })));
    /// ```
    ///
    /// # Errors
    ///
    /// [`SetupError::Players`] when the rules do not seat `players`.
    pub fn new(rules: impl Into<Arc<Rules>>, players: u8, seed: u64) -> Result<Game, SetupError> {
        let rules: Arc<Rules> = rules.into();
        let spec = rules.spec();
        if players < spec.min_players || players > spec.max_players {
            return Err(SetupError::Players { players, min: spec.min_players, max: spec.max_players });
        }
        let total = rules.decks_for(players) as usize * 52;
        let mut g = Game::empty(rules, players, seed, total);
        g.deal_round(0, &mut Sink(None));
        Ok(g)
    }

    /// A game from a scripted deal (tests, tutorials). Cards need not make up whole decks.
    pub fn from_deal(rules: Rules, deal: Deal) -> Result<Game, SetupError> {
        let players = deal.hands.len() as u8;
        let spec = rules.spec();
        if players < spec.min_players || players > spec.max_players {
            return Err(SetupError::Players { players, min: spec.min_players, max: spec.max_players });
        }
        if deal.dealer >= players {
            return Err(SetupError::Deal(format!("dealer {} is not a seat", deal.dealer)));
        }
        let decks = rules.decks_for(players) as usize;
        let mut counts = [0usize; 52];
        for c in deal.hands.iter().flatten().chain(deal.stock_top_first.iter()).chain(std::iter::once(&deal.starter)) {
            counts[c.index()] += 1;
            if counts[c.index()] > decks {
                return Err(SetupError::Deal(format!("{} appears more than {decks} time(s)", c.name())));
            }
        }
        let total = counts.iter().sum();
        let mut g = Game::empty(Arc::new(rules), players, 0, total);
        if !deal.scores.is_empty() {
            if deal.scores.len() != players as usize {
                return Err(SetupError::Deal(format!("{} scores for {players} players", deal.scores.len())));
            }
            g.scores = deal.scores;
        }
        for (h, cards) in g.hands.iter_mut().zip(&deal.hands) {
            *h = Hand::from_cards(cards);
        }
        g.stock = deal.stock_top_first.into_iter().rev().collect();
        g.pile = vec![deal.starter];
        g.dealer = deal.dealer;
        g.start_round_from_starter(&mut Sink(None));
        Ok(g)
    }

    /// Deals the game `Game::new(rules, players, seed)` deals, at this table with its rules and
    /// players, reusing its buffers (simulations deal thousands of games).
    pub fn redeal(&mut self, seed: u64) {
        let n = self.players as usize;
        self.seed = seed;
        self.rng = GameRng::new(seed);
        self.stock.clear();
        self.pile.clear();
        self.dealer = 0;
        self.current = 0;
        self.clockwise = true;
        self.called_suit = None;
        self.pending = PendingSlot::NONE;
        let mut laid = std::mem::take(&mut self.turn.laid);
        laid.clear();
        self.turn = Turn { laid, ..Turn::default() };
        self.in_round = seats_in(n);
        self.finished.clear();
        self.calls = [CallState::default(); SEATS];
        self.flagged = 0;
        self.voids = [Void::default(); SEATS];
        // (the record of the last turns is cleared by the deal, with the round)
        self.accusations.clear();
        self.last_accusation_turn.clear();
        self.last_accusation_turn.resize(n, None);
        self.scores.clear();
        self.scores.resize(n, 0);
        self.round = 0;
        self.tie_break = false;
        self.phase = Phase::Playing;
        self.plays_this_round = 0;
        self.turn_number = 0;
        self.idle_passes = 0;
        self.total_cards = self.rules.decks_for(self.players) as usize * 52;
        self.log.clear();
        self.deal_round(0, &mut Sink(None));
    }

    fn empty(rules: Arc<Rules>, players: u8, seed: u64, total_cards: usize) -> Game {
        let n = players as usize;
        Game {
            rules,
            players,
            seed,
            rng: GameRng::new(seed),
            hands: [Hand::EMPTY; SEATS],
            stock: Vec::new(),
            pile: Vec::new(),
            dealer: 0,
            current: 0,
            clockwise: true,
            called_suit: None,
            pending: PendingSlot::NONE,
            turn: Turn::default(),
            live: None,
            in_round: seats_in(n),
            finished: Vec::new(),
            calls: [CallState::default(); SEATS],
            flagged: 0,
            voids: [Void::default(); SEATS],
            last_turns: [[LastTurn::default(); RECENT_TURNS]; SEATS],
            records_turns: true,
            stock_seen: 0,
            known: [Hand::EMPTY; SEATS],
            accusations: Vec::new(),
            last_accusation_turn: vec![None; n],
            scores: vec![0; n],
            round: 0,
            tie_break: false,
            phase: Phase::Playing,
            plays_this_round: 0,
            turn_number: 0,
            idle_passes: 0,
            total_cards,
            log: Vec::new(),
        }
    }

    // ----- reading the state -------------------------------------------------------------

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    /// The rules, shared (a view holds them without copying).
    pub fn shared_rules(&self) -> Arc<Rules> {
        self.rules.clone()
    }
    pub fn players(&self) -> u8 {
        self.players
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }
    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over { winner } => Some(winner),
            Phase::Playing => None,
        }
    }
    pub fn current(&self) -> Seat {
        self.current
    }
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    /// The cards `seat` holds (a copy: hands are two bit sets).
    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat as usize]
    }
    pub fn top(&self) -> Card {
        *self.pile.last().expect("the pile always has its top card")
    }
    pub fn pile(&self) -> &[Card] {
        &self.pile
    }
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }
    pub fn called_suit(&self) -> Option<Suit> {
        self.called_suit
    }
    /// The pick-up the next card must answer, as it stands now (mid-turn in a Priestly run, too).
    pub fn pending(&self) -> Option<Pending> {
        if self.turn.laid.is_empty() {
            self.pending.get()
        } else {
            self.live_pending()
        }
    }
    pub fn turn(&self) -> &Turn {
        &self.turn
    }
    pub fn calls(&self) -> &[CallState] {
        &self.calls[..self.players as usize]
    }
    /// What each seat was seen not to hold ([`Void`]).
    pub fn voids(&self) -> &[Void] {
        &self.voids[..self.players as usize]
    }
    /// Stops keeping [`Game::last_turns`], [`Game::stock_seen`] and [`Game::known`] up to date,
    /// for games that no seat's view will be taken from: search and simulation. Play is otherwise
    /// the same, and faster.
    pub fn stop_recording_turns(&mut self) {
        self.records_turns = false;
    }
    /// Each seat's latest turns this round, the latest first ([`LastTurn`]).
    pub fn last_turns(&self) -> &[[LastTurn; RECENT_TURNS]] {
        &self.last_turns[..self.players as usize]
    }
    /// The part of the stock whose order the table saw (turned over unshuffled), bottom first.
    /// (In a game that stopped recording it is what the game was given, as far as it still lies.)
    pub fn stock_seen(&self) -> &[Card] {
        &self.stock[..self.stock_seen.min(self.stock.len())]
    }
    /// Cards each seat is known to hold (drawn from [`Game::stock_seen`], not laid since).
    pub fn known(&self) -> &[Hand] {
        &self.known[..self.players as usize]
    }
    pub fn accusations(&self) -> &[Accusation] {
        &self.accusations
    }
    pub fn scores(&self) -> &[u32] {
        &self.scores
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn in_round(&self, seat: Seat) -> bool {
        self.in_round[seat as usize]
    }
    pub fn finished(&self) -> &[Seat] {
        &self.finished
    }
    pub fn is_tie_break(&self) -> bool {
        self.tie_break
    }
    pub fn log(&self) -> &[Action] {
        &self.log
    }
    /// Changes with every accepted action: the page drops timers and bot moves computed for an older id.
    pub fn state_id(&self) -> u32 {
        self.log.len() as u32
    }
    pub fn plays_this_round(&self) -> u32 {
        self.plays_this_round
    }
    pub fn turn_number(&self) -> u32 {
        self.turn_number
    }
    pub fn idle_passes(&self) -> u32 {
        self.idle_passes
    }
    pub fn total_cards(&self) -> usize {
        self.total_cards
    }
    /// The match target for place scoring.
    pub fn target(&self) -> Option<u32> {
        match self.rules.spec().scoring {
            Scoring::Places { target_base, .. } => Some(target_base as u32 + self.players as u32),
            Scoring::FirstOut => None,
        }
    }
    fn active(&self, seat: Seat) -> bool {
        self.in_round[seat as usize] && (self.finished.is_empty() || !self.finished.contains(&seat))
    }
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn active_count(&self) -> usize {
        if self.finished.is_empty() && !self.tie_break {
            return self.players as usize; // everyone is dealt in and playing (as in `step`)
        }
        self.count_active()
    }
    /// [`Game::active_count`] when seats are out: seat by seat.
    #[cfg_attr(not(target_arch = "wasm32"), inline(never))]
    fn count_active(&self) -> usize {
        (0..self.players).filter(|&s| self.active(s)).count()
    }

    // ----- seating -----------------------------------------------------------------------

    /// The `steps`-th active seat after `from` in the direction of play.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn step(&self, from: Seat, steps: u32) -> Seat {
        let n = self.players as u32;
        if steps < n && self.finished.is_empty() && !self.tie_break {
            // Everyone is playing and the step is short (the common case): compare and subtract.
            let k = if self.clockwise { steps } else { n - steps };
            let s = from as u32 + k;
            return (if s >= n { s - n } else { s }) as Seat;
        }
        self.step_far(from, steps)
    }

    /// [`Game::step`] when seats are out or the step is long: seat by seat.
    #[inline(never)]
    fn step_far(&self, from: Seat, steps: u32) -> Seat {
        let n = self.players as i32;
        let d = if self.clockwise { 1 } else { -1 };
        let mut s = from as i32;
        // Whole laps round the table land where they started: a skip of hundreds costs one lap.
        let mut left = if steps > self.players as u32 {
            let laps = self.active_count() as u32;
            if laps == 0 {
                return from;
            }
            (steps - 1) % laps + 1
        } else {
            steps
        };
        while left > 0 {
            s = (s + d).rem_euclid(n);
            if self.active(s as Seat) {
                left -= 1;
            }
        }
        s as Seat
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pending_slot_holds_any_pick_up_and_saves_as_the_option() {
        let cases = [
            None,
            Some(Pending { group: 0, cards: 0 }),
            Some(Pending { group: 3, cards: 2 }),
            Some(Pending { group: u8::MAX, cards: u16::MAX }),
        ];
        for p in cases {
            let slot = PendingSlot::new(p);
            assert_eq!((slot.get(), slot.is_some()), (p, p.is_some()));
            let json = serde_json::to_string(&slot).unwrap();
            assert_eq!(json, serde_json::to_string(&p).unwrap());
            assert_eq!(serde_json::from_str::<PendingSlot>(&json).unwrap(), slot);
        }
    }
}
