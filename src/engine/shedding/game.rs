//! The shedding game: state, legal actions and the all-or-nothing `apply`.
//!
//! Turn model: a turn lays cards one `Play` at a time. After each card the engine works out
//! whether the turn may (or must) go on: a run (Priestly), a ten's suit sequence or an eight's
//! follow-on (Taylor), a queen that must be covered (Priestly). If nothing can follow, the turn
//! ends by itself; if something may, the player says `Finish`. A suit-changing card that ends a
//! turn asks for `NameSuit`. Effects are then resolved at once for the cards that count
//! (every card, or only the last: [`TurnEffects`]).

use super::action::*;
use super::hand::{bit, rank_mask, Hand, CARDS, SUIT_MASK};
use super::rules::*;
use super::view::SeatView;
use crate::engine::cards::{Card, Suit};
use crate::engine::rng::GameRng;
use crate::engine::sort::sort_small_by_key;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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

// The turn's hot path (`lay`, `draw`, `end_laying`, `complete_turn`, ...) is inlined into its callers in
// native builds (simulations and benchmarks: about a tenth fewer instructions per decision), and
// left to the optimiser in the page, where every copy would cost download bytes.

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

    // ----- dealing -----------------------------------------------------------------------

    fn deal_round(&mut self, dealer: Seat, ev: &mut Sink<'_>) {
        let decks = self.rules.decks_for(self.players);
        // The decks in index order (`standard_decks`), in the stock's buffer: no allocation.
        let mut deck = std::mem::take(&mut self.stock);
        deck.clear();
        for _ in 0..decks {
            deck.extend_from_slice(&CARDS);
        }
        self.rng.shuffle(&mut deck);
        let n = self.players;
        let dealt = self.in_round.iter().filter(|&&r| r).count() as u8;
        let hand_size = self.rules.hand_size_for(dealt);
        for h in &mut self.hands {
            h.clear();
        }
        self.dealer = dealer;
        // One card at a time to the seats dealt in, starting on the dealer's left.
        for _ in 0..hand_size {
            for i in 1..n + 1 {
                let seat = if dealer + i >= n { dealer + i - n } else { dealer + i };
                if self.in_round[seat as usize] {
                    let card = deck.pop().expect("validated: enough cards to deal");
                    self.hands[seat as usize].add(card);
                }
            }
        }
        let mut starter = deck.pop().expect("validated: a card to turn up");
        if self.rules.spec().first_card == FirstCard::RedrawWild {
            // Put a wild card back at random and turn another, as OpenSpiel does.
            // `Rules::new` makes sure a card that is not wild is left, so this ends; and after 1000
            // unlucky turns the wild card stands, so the deal ends in bounded time whatever happens.
            for _ in 0..1000 {
                if !self.is_wild(starter) {
                    break;
                }
                let at = self.rng.below(deck.len() as u64 + 1) as usize;
                deck.insert(at, starter);
                starter = deck.pop().expect("the deck is not empty");
            }
        }
        self.stock = deck;
        self.pile.clear();
        self.pile.push(starter);
        let seats = || (0..n).filter(|&s| self.in_round[s as usize]).collect();
        ev.push(|| Event::Dealt { round: self.round, dealer, seats: seats(), hand_size, starter });
        self.start_round_from_starter(ev);
    }

    /// Sets up play from the turned-up card: the first-card rule, then the first turn.
    fn start_round_from_starter(&mut self, ev: &mut Sink<'_>) {
        self.clockwise = true;
        self.called_suit = None;
        self.pending = PendingSlot::NONE;
        self.finished.clear();
        self.plays_this_round = 0;
        self.idle_passes = 0;
        for c in &mut self.calls {
            *c = CallState::default();
        }
        self.flagged = 0;
        for v in &mut self.voids {
            *v = Void::default();
        }
        self.last_turns = [[LastTurn::default(); RECENT_TURNS]; SEATS];
        self.stock_seen = 0;
        self.known = [Hand::EMPTY; SEATS];
        for a in &mut self.accusations {
            a.open = false;
        }
        let starter = self.top();
        let mut skips = 0;
        if self.rules.spec().first_card == FirstCard::AsIfDealerPlayed {
            let (pending, s, reverse) = self.effects_of(None, &[starter]);
            self.clockwise ^= reverse;
            self.pending = PendingSlot::new(pending);
            skips = s;
            if let Some(p) = pending {
                ev.push(|| Event::PickUpPending { cards: p.cards });
            }
        }
        // The dealer may sit out a tie-breaker: step from the dealer's position all the same.
        let first = self.step(self.dealer, 1 + skips);
        self.begin_turn(first, ev);
    }

    // ----- turn helpers ------------------------------------------------------------------

    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn begin_turn(&mut self, seat: Seat, ev: &mut Sink<'_>) {
        self.current = seat;
        self.turn_number += 1;
        // Field by field, keeping the laid-cards buffer: turns are the hot loop of every simulation.
        let called = self.calls[seat as usize].called;
        let t = &mut self.turn;
        t.laid.clear();
        t.draws = 0;
        t.run_direction = 0;
        t.suit_run = None;
        t.awaiting_suit = false;
        let pending = self.pending.get();
        t.start_pending = pending;
        t.called_at_start = called;
        self.live = pending;
        if called && self.rules.spec().last_card.is_some_and(|r| r.when == CallWhen::Anytime) {
            // A "Last card(s)" call covers the caller's next turn only; a new one may be made
            // during this turn for the turn after.
            self.calls[seat as usize].called = false;
        }
        ev.push(|| Event::TurnStarts { seat });
    }

    fn is_wild(&self, card: Card) -> bool {
        self.rules.wild_mask() & bit(card) != 0
    }

    /// Whether `card` answers the pick-up `p`.
    fn answers(&self, card: Card, p: Pending) -> bool {
        match self.rules.effect(card) {
            Some(Effect::PickUp { group, .. }) => group == p.group || self.rules.spec().stacking == Stacking::AnyPickUp,
            Some(Effect::ReducePickUp { group, .. }) | Some(Effect::CancelPickUp { group }) => group == p.group,
            _ => false,
        }
    }

    fn describe_answers(&self, p: Pending) -> String {
        let mut names: Vec<String> = Vec::new();
        for pw in &self.rules.spec().powers {
            let card_like = Card::new(
                pw.rank,
                match pw.colour {
                    Some(crate::engine::cards::Colour::Red) => Suit::Hearts,
                    _ => Suit::Spades,
                },
            );
            if self.answers(card_like, p) {
                let colour = match pw.colour {
                    Some(crate::engine::cards::Colour::Red) => "a red ",
                    Some(crate::engine::cards::Colour::Black) => "a black ",
                    None => "a ",
                };
                let n = format!("{colour}{}", pw.rank.name());
                if !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        names.join(" or ")
    }

    /// The pick-up after folding `cards` (in order) onto `start`: pick-ups add, answers reduce or
    /// cancel, and any other card laid on a live pick-up cancels it (Priestly: a run "cancelling
    /// the pickup completely").
    fn fold_pending(&self, start: Option<Pending>, cards: &[Card]) -> Option<Pending> {
        cards.iter().fold(start, |p, &c| fold_card(p, self.rules.effect(c)))
    }

    /// The cards of `laid` whose effects count.
    fn effective<'a>(&self, laid: &'a [Card]) -> &'a [Card] {
        match self.rules.spec().turn_effects {
            TurnEffects::EveryCard => laid,
            TurnEffects::LastCard => &laid[laid.len().saturating_sub(1)..],
        }
    }

    /// The pick-up as it stands mid-turn.
    fn live_pending(&self) -> Option<Pending> {
        match self.rules.spec().turn_effects {
            TurnEffects::EveryCard => {
                debug_assert_eq!(self.live, self.fold_pending(self.turn.start_pending, &self.turn.laid));
                self.live
            }
            // Only the last card counts, and only when the turn ends: mid-turn nothing is live.
            TurnEffects::LastCard => None,
        }
    }

    /// The effects of `cards` on top of `start`: the pick-up, the skips, and whether the direction
    /// reverses (the caller turns it; events are the caller's, too).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn effects_of(&self, start: Option<Pending>, cards: &[Card]) -> (Option<Pending>, u32, bool) {
        // One pass, one effect lookup per card (usually one card).
        let (mut pending, mut skips, mut reverses) = (start, 0u32, 0u32);
        for &c in cards {
            if !self.rules.resolves(c) {
                pending = None; // laid on a pick-up, it cancels it
                continue;
            }
            let e = self.rules.effect(c);
            pending = fold_card(pending, e);
            match e {
                Some(Effect::Skip { players }) => skips += players as u32,
                Some(Effect::Reverse) => reverses += 1,
                _ => {}
            }
        }
        if reverses > 0
            && self.rules.spec().two_player_reverse == TwoPlayerReverse::ActsAsSkip
            && self.active_count() == 2
        {
            return (pending, skips + reverses, false);
        }
        (pending, skips, reverses % 2 == 1)
    }

    /// The cards that follow `prev` under the follow rule (and a Priestly run's direction).
    fn follow_mask(&self, prev: Card, called: Option<Suit>, run_direction: i8) -> u64 {
        let same_rank = rank_mask(prev.rank.number());
        if let Some(s) = called {
            return same_rank | SUIT_MASK[s.index() as usize];
        }
        match self.rules.spec().follow {
            Follow::SuitOrRank => same_rank | SUIT_MASK[prev.suit.index() as usize],
            Follow::AdjacentInSuitOrRank => {
                let r = prev.rank.number() as i8;
                let base = prev.suit.index() as i8 * 13 - 1;
                let mut m = same_rank;
                for d in [-1i8, 1] {
                    if (run_direction == 0 || d == run_direction) && r + d >= 1 && r + d <= 13 {
                        m |= 1u64 << (base + r + d);
                    }
                }
                m
            }
        }
    }

    /// The cards that may open the current turn, as a bit set (the hot path: no allocation).
    #[inline]
    fn open_mask(&self) -> u64 {
        match self.pending.get() {
            Some(p) => self.rules.answers_mask(p.group),
            None => self.rules.wild_mask() | self.follow_mask(self.top(), self.called_suit, 0),
        }
    }

    /// Whether `card` may be the first card of the current turn.
    fn may_open(&self, card: Card) -> bool {
        self.open_mask() & bit(card) != 0
    }

    /// Why `card` may not open the turn, written for the player.
    fn opening_refusal(&self, card: Card) -> Refusal {
        match self.pending.get() {
            Some(p) => Refusal::MustAnswerPickUp { cards: p.cards, answers: self.describe_answers(p) },
            None => Refusal::DoesNotFollow { card, onto: self.top() },
        }
    }

    /// The cards that may go on the turn after at least one card was laid, as a bit set.
    fn continue_mask(&self) -> u64 {
        const ALL: u64 = (1 << 52) - 1;
        let last = *self.turn.laid.last().expect("mid-turn");
        let effect = self.rules.effect(last);
        match effect {
            Some(Effect::FollowOn) => return ALL,
            Some(Effect::ChangeSuit { ends_turn: true, .. }) => return 0,
            _ => {}
        }
        let mut m = self.turn.suit_run.map_or(0, |s| SUIT_MASK[s.index() as usize]);
        let must_cover = matches!(effect, Some(Effect::MustCover));
        if self.rules.spec().runs.is_none() && !must_cover {
            return m;
        }
        let live = self.live_pending();
        match live {
            Some(p) => m |= self.rules.answers_mask(p.group),
            None => m |= self.rules.wild_mask(),
        }
        let direction = match self.rules.spec().runs {
            Some(Runs { keep_direction: true }) => self.turn.run_direction,
            _ => 0,
        };
        m | self.follow_mask(last, None, direction)
    }

    /// Whether `card` may go on the turn after at least one card was laid.
    fn may_continue_with(&self, card: Card) -> bool {
        self.continue_mask() & bit(card) != 0
    }

    fn must_cover(&self) -> bool {
        self.turn.laid.last().is_some_and(|&c| self.rules.is_covered(c))
    }

    fn can_continue(&self) -> bool {
        // Most turns are one card: with no run rule, no ten's sequence and nothing to cover,
        // nothing can follow, whatever the hand holds.
        if self.rules.spec().runs.is_none() && self.turn.suit_run.is_none() && !self.must_cover() {
            return false;
        }
        self.hands[self.current as usize].bits() & self.continue_mask() != 0
    }

    fn drawable(&self) -> usize {
        let refillable = match self.rules.spec().refill {
            Refill::Never => 0,
            _ => self.pile.len() - 1,
        };
        self.stock.len() + refillable
    }

    /// Whether the current player may draw, and may pass, before laying a card this turn (not
    /// while naming a suit). `can_open`: whether the hand holds a card that may open the turn.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn draw_or_pass(&self, can_open: bool) -> (bool, bool) {
        if self.calls[self.current as usize].owes_draw || self.pending.is_some() {
            return (true, false);
        }
        let t = &self.turn;
        let d = self.rules.spec().draw;
        let drawable = self.drawable();
        let draw = t.draws < d.max_draws && drawable > 0 && (d.may_draw_when_able || !can_open);
        let pass = (t.draws > 0 && t.draws >= d.max_draws) || drawable == 0;
        (draw, pass)
    }

    // ----- legal actions -----------------------------------------------------------------

    /// The current player's turn actions: sorted, unique, and empty exactly when the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_actions_into(&mut out);
        out
    }

    /// [`Game::legal_actions`] into a reused buffer (cleared first).
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        out.extend(self.legal_set().iter());
    }

    /// The current player's turn actions as a bit set: the one definition of what is legal
    /// (the lists above are read from it). The allocation-free path for bots and simulations.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn legal_set(&self) -> LegalSet {
        let seat = self.current;
        if self.is_over() {
            return LegalSet::none(seat);
        }
        let t = &self.turn;
        if t.awaiting_suit {
            return LegalSet::name_suit(seat);
        }
        let hand = self.hands[seat as usize].bits();
        if !t.laid.is_empty() {
            // Going on: with a card to cover, picking up is only for a hand that cannot.
            let plays = hand & self.continue_mask();
            let cover = self.must_cover();
            return LegalSet::turn(seat, plays, cover && plays == 0, false, !cover);
        }
        let open = hand & self.open_mask();
        let may_play = !self.calls[seat as usize].owes_draw && (t.draws == 0 || self.rules.spec().draw.play_after_draw);
        let (draw, pass) = self.draw_or_pass(open != 0);
        LegalSet::turn(seat, if may_play { open } else { 0 }, draw, pass, false)
    }

    /// Everything `seat` may do now without breaking a rule: its turn actions when it is its
    /// turn, plus calls, free table talk, true call-outs and disputes of false ones.
    pub fn legal_actions_for(&self, seat: Seat) -> Vec<Action> {
        let mut out = if seat == self.current { self.legal_actions() } else { Vec::new() };
        if self.is_over() || seat >= self.players {
            return out;
        }
        let candidates = [
            Action::CallLastCard { seat },
            Action::Say { seat, phrase: Phrase::WellPlayed },
            Action::Say { seat, phrase: Phrase::Hurry },
        ];
        out.extend(candidates.into_iter().filter(|&a| matches!(self.check(a), Ok(Plan::Call) | Ok(Plan::Say(0)))));
        for target in 0..self.players {
            let a = Action::Accuse { seat, target, infringement: Infringement::MissedLastCard };
            if matches!(self.check(a), Ok(Plan::Accuse { correct: true, .. })) {
                out.push(a);
            }
        }
        for id in 0..self.accusations.len() as u16 {
            let a = Action::Dispute { seat, accusation: id };
            if matches!(self.check(a), Ok(Plan::Dispute { upheld: true })) {
                out.push(a);
            }
        }
        // Pushed in `Action` order (turn moves, the call, free talk, call-outs by target,
        // disputes by number): sorted and unique without sorting.
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]), "sorted and unique: {out:?}");
        out
    }

    // ----- checking ----------------------------------------------------------------------

    fn check(&self, action: Action) -> Result<Plan, Refusal> {
        if self.is_over() {
            return Err(Refusal::GameOver);
        }
        let seat = action.seat();
        if seat >= self.players {
            return Err(Refusal::NoSuchSeat);
        }
        let spec = self.rules.spec();
        let is_turn_action = matches!(
            action,
            Action::Play { .. }
                | Action::NameSuit { .. }
                | Action::Draw { .. }
                | Action::Pass { .. }
                | Action::Finish { .. }
                | Action::Timeout { .. }
        );
        // A player who went out on a suit-changing card still names the suit (British rounds go on).
        let naming_after_out =
            matches!(action, Action::NameSuit { .. }) && seat == self.current && self.turn.awaiting_suit;
        if is_turn_action && !self.active(seat) && !naming_after_out {
            return Err(Refusal::NotInRound);
        }
        if is_turn_action && seat != self.current {
            return match (action, spec.penalties.out_of_turn) {
                (Action::Play { card, .. }, Some(n)) if self.hands[seat as usize].contains(card) => {
                    Ok(Plan::OutOfTurn(n))
                }
                (Action::Play { card, .. }, _) if !self.hands[seat as usize].contains(card) => Err(Refusal::NotInHand),
                _ => Err(Refusal::NotYourTurn),
            };
        }
        let t = &self.turn;
        match action {
            Action::Play { card, .. } => {
                if t.awaiting_suit {
                    return Err(Refusal::MustNameSuit);
                }
                if !self.hands[seat as usize].contains(card) {
                    return Err(Refusal::NotInHand);
                }
                let verdict = if t.laid.is_empty() {
                    if self.calls[seat as usize].owes_draw {
                        Err(Refusal::MustPickUp)
                    } else if t.draws > 0 && !spec.draw.play_after_draw {
                        Err(Refusal::CannotDraw)
                    } else if self.may_open(card) {
                        Ok(())
                    } else {
                        Err(self.opening_refusal(card))
                    }
                } else if self.may_continue_with(card) {
                    Ok(())
                } else if self.must_cover() {
                    Err(Refusal::MustCover)
                } else {
                    Err(Refusal::DoesNotFollow { card, onto: *t.laid.last().expect("mid-turn") })
                };
                match (verdict, spec.penalties.wrong_card) {
                    (Ok(()), _) => Ok(Plan::Lay),
                    (Err(Refusal::DoesNotFollow { .. }) | Err(Refusal::MustAnswerPickUp { .. }), Some(n)) => {
                        Ok(Plan::WrongCard(n))
                    }
                    (Err(e), _) => Err(e),
                }
            }
            Action::NameSuit { .. } => {
                if t.awaiting_suit {
                    Ok(Plan::NameSuit)
                } else {
                    Err(Refusal::NoSuitToName)
                }
            }
            Action::Draw { .. } => {
                if t.awaiting_suit {
                    Err(Refusal::MustNameSuit)
                } else if self.legal_set().may_draw() {
                    Ok(Plan::Draw)
                } else if self.must_cover() {
                    Err(Refusal::MustCover)
                } else {
                    Err(Refusal::CannotDraw)
                }
            }
            Action::Pass { .. } => {
                if self.legal_set().may_pass() {
                    Ok(Plan::Pass)
                } else {
                    Err(Refusal::CannotPass)
                }
            }
            Action::Finish { .. } => {
                if t.awaiting_suit {
                    Err(Refusal::MustNameSuit)
                } else if t.laid.is_empty() {
                    Err(Refusal::NothingToFinish)
                } else if self.must_cover() {
                    Err(Refusal::MustCover)
                } else {
                    Ok(Plan::Finish)
                }
            }
            Action::Timeout { .. } => spec.penalties.timeout.map(Plan::Timeout).ok_or(Refusal::NoClock),
            Action::CallLastCard { .. } => {
                let rule = spec.last_card.ok_or(Refusal::NoLastCardRule)?;
                if !self.active(seat) {
                    return Err(Refusal::NotInRound);
                }
                if self.calls[seat as usize].called {
                    return Err(Refusal::AlreadyCalled);
                }
                let cards = self.hands[seat as usize].len();
                if rule.when == CallWhen::OneCardLeft && cards != 1 {
                    return rule.false_call.map(Plan::FalseCall).ok_or(Refusal::CallNotTrue { cards });
                }
                Ok(Plan::Call)
            }
            Action::Say { phrase: Phrase::YourTurn(named), .. } if named >= self.players => Err(Refusal::NoSuchSeat),
            Action::Say { phrase, .. } => {
                Ok(Plan::Say(if phrase.is_infringement() { spec.penalties.table_talk.unwrap_or(0) } else { 0 }))
            }
            Action::Accuse { target, infringement: Infringement::MissedLastCard, .. } => {
                let rule =
                    spec.last_card.filter(|r| r.enforcement == Enforcement::Accusation).ok_or(Refusal::NotAccusable)?;
                if target >= self.players {
                    return Err(Refusal::NoSuchSeat);
                }
                if target == seat {
                    return Err(Refusal::CannotAccuseSelf);
                }
                if !self.active(target) {
                    return Err(Refusal::NotInRound);
                }
                if self.last_accusation_turn[seat as usize] == Some(self.turn_number) {
                    return Err(Refusal::Cooldown);
                }
                let cards = match rule.penalty {
                    CallPenalty::PickUp(n) => n,
                    CallPenalty::DrawNextTurn | CallPenalty::CannotGoOut => 1,
                };
                Ok(Plan::Accuse { correct: self.calls[target as usize].missed, cards })
            }
            Action::Dispute { accusation, .. } => {
                let a = self.accusations.get(accusation as usize).ok_or(Refusal::NoSuchAccusation)?;
                if !a.open {
                    return Err(Refusal::DisputeClosed);
                }
                if a.accuser == seat {
                    return Err(Refusal::CannotDisputeOwn);
                }
                Ok(Plan::Dispute { upheld: !a.correct })
            }
        }
    }

    /// Whether `action` would be accepted now (legal, or an infringement these rules penalise).
    pub fn is_accepted(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Whether `action` follows the rules now: accepted, and not an infringement that costs cards.
    pub fn is_legal(&self, action: Action) -> bool {
        matches!(
            self.check(action),
            Ok(Plan::Lay
                | Plan::NameSuit
                | Plan::Draw
                | Plan::Pass
                | Plan::Finish
                | Plan::Call
                | Plan::Say(0)
                | Plan::Accuse { correct: true, .. }
                | Plan::Dispute { upheld: true })
        )
    }

    /// The reason `action` would be refused, if it would.
    pub fn refusal(&self, action: Action) -> Option<Refusal> {
        self.check(action).err()
    }

    // ----- applying ----------------------------------------------------------------------

    /// Applies `action`, all or nothing: on `Err` the game is exactly as it was.
    /// Infringements that the rules penalise (a wrong card, playing out of turn, a false call)
    /// are accepted and cost cards; anything else not legal is refused.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let mut ev = Vec::new();
        self.apply_into(action, &mut ev)?;
        Ok(ev)
    }

    /// [`Game::apply`] appending events to a reused buffer; the same checks, all or nothing.
    pub fn apply_into(&mut self, action: Action, ev: &mut Vec<Event>) -> Result<(), IllegalAction> {
        self.apply_to(action, Some(ev))
    }

    /// [`Game::apply`] for search and simulation: the same checks, all or nothing, and the same
    /// game afterwards, but no events and no log entry (so [`Game::state_id`] does not move and
    /// the game can no longer be saved as a replay). Bots' playouts run on it.
    pub fn apply_quiet(&mut self, action: Action) -> Result<(), IllegalAction> {
        self.apply_to(action, None)
    }

    /// Applies an action of [`Game::legal_set`] without checking it again (search and simulation:
    /// the set was the check). Otherwise as [`Game::apply_quiet`]: no events, no log. Any other
    /// kind of action is checked, and ignored if refused. A turn action not in the set breaks the
    /// game (debug builds panic).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub fn apply_legal(&mut self, action: Action) {
        let plan = match action {
            Action::Play { .. } => Plan::Lay,
            Action::NameSuit { .. } => Plan::NameSuit,
            Action::Draw { .. } => Plan::Draw,
            Action::Pass { .. } => Plan::Pass,
            Action::Finish { .. } => Plan::Finish,
            _ => {
                let _ = self.apply_quiet(action);
                return;
            }
        };
        debug_assert!(self.legal_set().contains(action), "apply_legal: {action} is not in the legal set");
        self.execute(action, plan, &mut Sink(None));
    }

    /// Checks, then (logged, with events, if `ev` is given) executes.
    fn apply_to(&mut self, action: Action, ev: Option<&mut Vec<Event>>) -> Result<(), IllegalAction> {
        let plan = self.check(action).map_err(|reason| IllegalAction { action, reason })?;
        if ev.is_some() {
            self.log.push(action);
        }
        self.execute(action, plan, &mut Sink(ev));
        Ok(())
    }

    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn execute(&mut self, action: Action, plan: Plan, ev: &mut Sink<'_>) {
        let seat = action.seat();
        match (action, plan) {
            (Action::Play { card, .. }, Plan::Lay) => self.lay(seat, card, ev),
            (_, Plan::WrongCard(n)) => {
                self.penalise(seat, n, PenaltyReason::WrongCard, ev);
                self.give_up_turn(ev);
            }
            (_, Plan::OutOfTurn(n)) => {
                ev.push(|| Event::OutOfTurn { seat });
                self.penalise(seat, n, PenaltyReason::OutOfTurn, ev);
            }
            (Action::NameSuit { suit, .. }, Plan::NameSuit) => self.name_suit(seat, suit, ev),
            (_, Plan::Draw) => self.draw(seat, ev),
            (_, Plan::Pass) => self.pass(seat, ev),
            (_, Plan::Finish) => self.end_laying(ev),
            (_, Plan::Timeout(n)) => {
                self.penalise(seat, n, PenaltyReason::Timeout, ev);
                self.give_up_turn(ev);
            }
            (_, Plan::Call) => {
                self.calls[seat as usize].called = true;
                self.calls[seat as usize].watching = false;
                self.flagged |= 1 << seat;
                ev.push(|| Event::CalledLastCard { seat });
            }
            (_, Plan::FalseCall(n)) => self.penalise(seat, n, PenaltyReason::FalseLastCard, ev),
            (Action::Say { phrase, .. }, Plan::Say(n)) => {
                ev.push(|| Event::Said { seat, phrase });
                if n > 0 {
                    self.penalise(seat, n, PenaltyReason::TableTalk, ev);
                }
            }
            (Action::Accuse { target, infringement, .. }, Plan::Accuse { correct, cards }) => {
                self.last_accusation_turn[seat as usize] = Some(self.turn_number);
                let id = self.accusations.len() as u16;
                ev.push(|| Event::Accused { id, accuser: seat, target, infringement, cards });
                let mut handed = Vec::new();
                while handed.len() < cards as usize {
                    let Some(c) = self.take_card(target, ev) else { break };
                    handed.push(c);
                }
                let got = handed.len();
                ev.push(|| Event::Penalty { seat: target, cards: got as u8, reason: PenaltyReason::MissedLastCard });
                if correct {
                    self.calls[target as usize].missed = false;
                }
                self.accusations.push(Accusation { accuser: seat, target, infringement, correct, handed, open: true });
            }
            (Action::Dispute { accusation, .. }, Plan::Dispute { upheld }) => {
                let cost = self.rules.spec().penalties.false_accusation.unwrap_or(1);
                let a = &mut self.accusations[accusation as usize];
                a.open = false;
                if upheld {
                    // The call-out was false: the handed cards go back on the stock, the accuser pays.
                    let (target, accuser, handed) = (a.target, a.accuser, std::mem::take(&mut a.handed));
                    for &c in handed.iter().rev() {
                        if self.hands[target as usize].remove(c) {
                            // Back on top, unseen: the public part of the stock stays below.
                            self.known[target as usize].remove(c);
                            self.stock.push(c);
                            self.note_card_left(target, c);
                        }
                    }
                    ev.push(|| Event::DisputeUpheld { id: accusation, by: seat });
                    self.penalise(accuser, cost, PenaltyReason::FalseAccusation, ev);
                } else {
                    ev.push(|| Event::DisputeRejected { id: accusation, by: seat });
                    self.penalise(seat, cost, PenaltyReason::WrongDispute, ev);
                }
            }
            _ => unreachable!("check() pairs each action with its own plan"),
        }
        self.after_hand_changes();
    }

    fn name_suit(&mut self, seat: Seat, suit: Suit, ev: &mut Sink<'_>) {
        self.turn.awaiting_suit = false;
        self.called_suit = Some(suit);
        if self.records_turns {
            self.last_turns[seat as usize][0].named = Some(suit);
        }
        ev.push(|| Event::SuitNamed { seat, suit });
        self.complete_turn(ev);
    }

    fn pass(&mut self, seat: Seat, ev: &mut Sink<'_>) {
        ev.push(|| Event::Passed { seat });
        self.note_turn_move(seat, ev);
        if self.drawable() == 0 {
            self.idle_passes += 1;
        } else {
            self.idle_passes = 0;
        }
        if self.idle_passes as usize > self.active_count() {
            self.end_round_early(ev);
        } else {
            self.complete_turn(ev);
        }
    }

    /// Lays a card as part of the current player's turn.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn lay(&mut self, seat: Seat, card: Card, ev: &mut Sink<'_>) {
        if self.rules.spec().runs.is_some() {
            // A run's direction: set by its first step up or down in one suit.
            let prev = if self.turn.laid.is_empty() { self.top() } else { *self.turn.laid.last().expect("mid-turn") };
            let d = card.rank.number() as i8 - prev.rank.number() as i8;
            if card.suit == prev.suit && d.abs() == 1 && self.turn.run_direction == 0 {
                self.turn.run_direction = d;
            }
        }
        if self.records_turns {
            if self.turn.laid.is_empty() && self.turn.draws == 0 {
                self.note_turn_opened(seat, Some(card));
            }
            self.last_turns[seat as usize][0].laid.add(card);
        }
        let removed = self.hands[seat as usize].remove(card);
        debug_assert!(removed, "checked: in hand");
        if self.records_turns && !self.known[seat as usize].is_empty() {
            self.known[seat as usize].remove(card);
        }
        self.note_card_left(seat, card);
        self.pile.push(card);
        self.plays_this_round += 1;
        self.idle_passes = 0;
        self.called_suit = None;
        ev.push(|| Event::Played { seat, card });
        self.card_laid(ev);
        if self.turn.suit_run.is_some_and(|s| s != card.suit) {
            self.turn.suit_run = None;
        }
        if self.rules.is_suit_run(card) {
            self.turn.suit_run = Some(card.suit);
        }
        self.turn.laid.push(card);
        if self.rules.spec().turn_effects == TurnEffects::EveryCard {
            self.live = if self.rules.resolves(card) { fold_card(self.live, self.rules.effect(card)) } else { None };
        }
        // Down to one card: watched for the "Last card" call (under rules that have one).
        if self.hands[seat as usize].is_single() && self.rules.spec().last_card.is_some() {
            self.calls[seat as usize].watching = !self.calls[seat as usize].called;
            self.flagged |= 1 << seat;
        }
        if self.plays_this_round >= self.rules.spec().max_plays {
            self.end_round_early(ev);
            return;
        }
        if self.rules.ends_turn(card) || (!self.must_cover() && !self.can_continue()) {
            self.end_laying(ev);
        }
    }

    /// A card was laid: last-card deadlines that run "until the next card" pass, and open
    /// call-outs can no longer be disputed.
    fn card_laid(&mut self, ev: &mut Sink<'_>) {
        for a in &mut self.accusations {
            a.open = false;
        }
        if self.flagged != 0 && self.rules.spec().last_card.is_some_and(|r| r.deadline == CallDeadline::NextCard) {
            self.deadline_passes(|_| true, ev);
        }
    }

    /// A turn move (play, draw, pass) by `seat`: deadlines that run "until the next player moves" pass.
    #[inline]
    fn note_turn_move(&mut self, seat: Seat, ev: &mut Sink<'_>) {
        if self.flagged == 0 {
            return; // nobody is watched
        }
        if let Some(rule) = self.rules.spec().last_card {
            if rule.deadline == CallDeadline::NextPlayerMoves {
                self.deadline_passes(|s| s != seat, ev);
            }
        }
    }

    /// For each seat still watched and not yet the mover (per `applies`), the deadline has passed.
    #[inline(never)]
    fn deadline_passes(&mut self, applies: impl Fn(Seat) -> bool, ev: &mut Sink<'_>) {
        let Some(rule) = self.rules.spec().last_card else { return };
        // Only flagged seats can be watched; ascending seat order, as a loop over all seats.
        let mut seats = self.flagged;
        while seats != 0 {
            let s = seats.trailing_zeros() as Seat;
            seats &= seats - 1;
            let c = self.calls[s as usize];
            if !(c.watching && applies(s)) {
                continue;
            }
            self.calls[s as usize].watching = false;
            if c.called || !self.hands[s as usize].is_single() {
                continue;
            }
            ev.push(|| Event::MissedLastCard { seat: s });
            match (rule.enforcement, rule.penalty) {
                (Enforcement::Accusation, _) => self.calls[s as usize].missed = true,
                (Enforcement::Automatic, CallPenalty::DrawNextTurn) => self.calls[s as usize].owes_draw = true,
                (Enforcement::Automatic, CallPenalty::PickUp(n)) => {
                    self.penalise(s, n, PenaltyReason::MissedLastCard, ev)
                }
                (Enforcement::Automatic, CallPenalty::CannotGoOut) => {}
            }
        }
    }

    /// After any action: a hand that grew past one card drops its call and any open offence.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn after_hand_changes(&mut self) {
        // Every seat's call state is the default (nearly always): nothing to drop. Checked
        // here, inline, so that the common case costs no call.
        if self.flagged != 0 {
            self.drop_lapsed_calls();
        }
    }

    /// [`Game::after_hand_changes`] for the flagged seats.
    #[cfg_attr(not(target_arch = "wasm32"), inline(never))]
    fn drop_lapsed_calls(&mut self) {
        let anytime = self.rules.spec().last_card.is_some_and(|r| r.when == CallWhen::Anytime);
        let mut seats = self.flagged;
        while seats != 0 {
            let s = seats.trailing_zeros() as usize;
            seats &= seats - 1;
            if !self.hands[s].is_single() {
                let c = &mut self.calls[s];
                if !anytime {
                    c.called = false;
                }
                c.watching = false;
                c.missed = false;
            }
            if self.calls[s] == CallState::default() {
                self.flagged &= !(1 << s);
            }
        }
    }

    /// The turn's laying is over (nothing can follow, `Finish`, or a suit change that ends it).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn end_laying(&mut self, ev: &mut Sink<'_>) {
        let seat = self.current;
        if self.hands[seat as usize].is_empty() && !self.try_go_out(seat, ev) {
            return; // the round or the game ended
        }
        let last = *self.turn.laid.last().expect("a card was laid");
        if self.rules.is_change_suit(last) {
            self.turn.awaiting_suit = true;
            return;
        }
        self.complete_turn(ev);
    }

    /// A player with an empty hand goes out, unless the call rules say otherwise. Returns false
    /// when the round or game ended.
    fn try_go_out(&mut self, seat: Seat, ev: &mut Sink<'_>) -> bool {
        if let Some(rule) = self.rules.spec().last_card {
            let called = match rule.when {
                CallWhen::Anytime => self.turn.called_at_start,
                CallWhen::OneCardLeft => self.calls[seat as usize].called,
            };
            if !called {
                let cards = match rule.penalty {
                    CallPenalty::PickUp(n) => n,
                    CallPenalty::DrawNextTurn | CallPenalty::CannotGoOut => 1,
                };
                self.penalise(seat, cards, PenaltyReason::NoCallToGoOut, ev);
                if !self.hands[seat as usize].is_empty() {
                    return true;
                }
                // Nothing left to pick up anywhere: they go out after all.
            }
        }
        self.finished.push(seat);
        ev.push(|| Event::WentOut { seat, place: self.finished.len() as u8 });
        match self.rules.spec().scoring {
            Scoring::FirstOut => {
                self.game_over(seat, ev);
                false
            }
            Scoring::Places { .. } => {
                if self.active_count() <= 1 || self.tie_break {
                    self.finish_round(ev);
                    false
                } else {
                    true
                }
            }
        }
    }

    /// Ends the turn: resolve the effects of the cards that count, then the next player's turn.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn complete_turn(&mut self, ev: &mut Sink<'_>) {
        let seat = self.current;
        let mut skips = 0;
        // A turn without a card leaves the pick-up as it stands (and says nothing of it).
        if !self.turn.laid.is_empty() {
            let start = self.turn.start_pending;
            let (pending, s, reverse) = self.effects_of(start, self.effective(&self.turn.laid));
            skips = s;
            if reverse {
                self.clockwise = !self.clockwise;
                ev.push(|| Event::Reversed { clockwise: self.clockwise });
            }
            if ev.is_on() {
                match (start, pending) {
                    (_, Some(p)) if Some(p) != start => ev.push(|| Event::PickUpPending { cards: p.cards }),
                    (Some(_), None) => ev.push(|| Event::PickUpCleared),
                    _ => {}
                }
            }
            self.pending = PendingSlot::new(pending);
            self.note_turn_move(seat, ev);
        }
        // One event per skipped turn, but at most one lap of the table's worth: a skip of hundreds
        // reads as everyone missing a turn, not as a thousand lines.
        if skips > 0 && ev.is_on() {
            for k in 1..=skips.min(self.active_count() as u32) {
                ev.push(|| Event::Skipped { seat: self.step(seat, k) });
            }
        }
        if self.turn_number >= MAX_TURNS {
            self.end_at_turn_limit(ev);
            return;
        }
        let next = self.step(seat, 1 + skips);
        self.begin_turn(next, ev);
    }

    /// The turn ends without laying more: after a wrong card or a timeout (already paid for).
    fn give_up_turn(&mut self, ev: &mut Sink<'_>) {
        let seat = self.current;
        if self.turn.laid.is_empty() {
            // Penalties while under a pick-up do not remove it: both are picked up (000).
            if let Some(p) = std::mem::take(&mut self.pending).get() {
                let got = self.pick_up(seat, p.cards as usize, ev);
                ev.push(|| Event::Drew { seat, cards: got as u8 });
                ev.push(|| Event::PickUpCleared);
            }
        }
        self.note_turn_move(seat, ev);
        if self.turn.awaiting_suit {
            self.turn.awaiting_suit = false;
            self.complete_turn(ev);
        } else if self.turn.laid.is_empty() {
            self.complete_turn(ev);
        } else if self.must_cover() {
            // The cover was never laid: the turn ends on the uncovered card.
            self.complete_turn(ev);
        } else {
            self.end_laying(ev);
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn draw(&mut self, seat: Seat, ev: &mut Sink<'_>) {
        let owes = std::mem::take(&mut self.calls[seat as usize].owes_draw);
        let covering = !self.turn.laid.is_empty();
        let from_pending = if covering { None } else { self.pending.get() };
        if !owes && !covering {
            self.note_void(seat);
            if self.records_turns && self.turn.draws == 0 {
                self.note_turn_opened(seat, None);
            }
        }
        if owes {
            // The missed call and a pick-up laid on the player are separate penalties (003): the
            // owed card first, then the pick-up, each picked up and reported on its own.
            self.penalise(seat, 1, PenaltyReason::MissedLastCard, ev);
        }
        if from_pending.is_some() || !owes {
            let n = from_pending.map_or(1, |p| p.cards as usize);
            let got = self.pick_up(seat, n, ev);
            ev.push(|| Event::Drew { seat, cards: got as u8 });
        }
        self.note_turn_move(seat, ev);
        if covering {
            // Could not cover: the turn ends, and the uncovered card's effects still count.
            self.complete_turn(ev);
            return;
        }
        if std::mem::take(&mut self.pending).is_some() {
            ev.push(|| Event::PickUpCleared);
            self.turn.start_pending = None;
            self.live = None;
        }
        self.turn.draws += 1;
        let d = self.rules.spec().draw;
        if owes || from_pending.is_some() || !d.play_after_draw {
            self.complete_turn(ev);
        }
    }

    /// `seat` picks up when it could have opened its turn: see [`Void`].
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn note_void(&mut self, seat: Seat) {
        let answering = self.pending.is_some() || self.called_suit.is_some();
        if answering || !self.rules.spec().draw.may_draw_when_able {
            self.note_void_now(seat);
        }
    }

    /// [`Game::note_void`] when the pick-up shows something.
    #[cfg_attr(not(target_arch = "wasm32"), inline(never))]
    fn note_void_now(&mut self, seat: Seat) {
        let shown = self.open_mask();
        let v = &mut self.voids[seat as usize];
        v.cards = if v.free == 0 { v.cards | shown } else { shown };
        v.free = 0;
    }

    /// `seat` opens its turn by laying `first`, or by picking up: see [`LastTurn`].
    fn note_turn_opened(&mut self, seat: Seat, first: Option<Card>) {
        let fewest = (0..self.players).filter(|&s| s != seat && self.active(s)).map(|s| self.hands[s as usize].len());
        let turn = LastTurn {
            open: self.open_mask(),
            size: self.hands[seat as usize].len() as u8,
            fewest: fewest.min().map_or(u8::MAX, |n| n.min(254) as u8),
            first,
            laid: Hand::EMPTY,
            named: None,
        };
        let turns = &mut self.last_turns[seat as usize];
        turns.copy_within(..RECENT_TURNS - 1, 1);
        turns[0] = turn;
    }

    /// `seat` lost `card` from its hand (laid it, or gave back a card handed to it).
    fn note_card_left(&mut self, seat: Seat, card: Card) {
        let hand = self.hands[seat as usize];
        let v = &mut self.voids[seat as usize];
        // Without a branch on what is known (random play mispredicted a third of them): with
        // nothing known (`cards` empty, `free` 0) this leaves the constraint as it is.
        v.free = v.free.saturating_sub((v.cards & bit(card) != 0) as u16);
        // Dropped once the exceptions allowed cover the whole hand (with none, once it is empty).
        let lapsed = v.free as usize >= hand.len();
        v.cards = if lapsed { 0 } else { v.cards };
        v.free = if lapsed { 0 } else { v.free };
    }

    /// Moves the top card of the stock to `seat`, refilling the stock first if the rules do;
    /// `None` when there is nothing to pick up.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn take_card(&mut self, seat: Seat, ev: &mut Sink<'_>) -> Option<Card> {
        if self.stock.is_empty() {
            self.refill(ev);
        }
        let c = self.stock.pop()?;
        self.hands[seat as usize].add(c);
        if self.records_turns && self.stock.len() < self.stock_seen {
            // Everyone knows which card this was.
            self.stock_seen = self.stock.len();
            self.known[seat as usize].add(c);
        }
        // One more card that may be an exception, if anything is known (no branch: see above).
        let v = &mut self.voids[seat as usize];
        v.free += (v.cards != 0) as u16;
        Some(c)
    }

    /// Moves up to `n` cards from the stock to `seat`; returns how many were picked up.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn pick_up(&mut self, seat: Seat, n: usize, ev: &mut Sink<'_>) -> usize {
        let mut got = 0;
        while got < n && self.take_card(seat, ev).is_some() {
            got += 1;
        }
        got
    }

    fn refill(&mut self, ev: &mut Sink<'_>) {
        if self.pile.len() < 2 {
            return;
        }
        let top = self.pile.pop().expect("len >= 2");
        let shuffled = match self.rules.spec().refill {
            Refill::Never => {
                self.pile.push(top);
                return;
            }
            Refill::TurnOver => {
                // Turned over as they lie: the oldest face-up card becomes the top of the stock.
                // Every one of them was seen laid, so the stock's order is now public.
                let all_seen = self.stock_seen == self.stock.len();
                self.stock.extend(self.pile.drain(..).rev());
                if all_seen {
                    self.stock_seen = self.stock.len();
                }
                false
            }
            Refill::Reshuffle => {
                self.stock_seen = 0;
                self.stock.append(&mut self.pile);
                self.rng.shuffle(&mut self.stock);
                true
            }
        };
        self.pile.push(top);
        ev.push(|| Event::Refilled { cards: self.stock.len(), shuffled });
    }

    fn penalise(&mut self, seat: Seat, n: u8, reason: PenaltyReason, ev: &mut Sink<'_>) {
        let got = self.pick_up(seat, n as usize, ev);
        ev.push(|| Event::Penalty { seat, cards: got as u8, reason });
    }

    fn game_over(&mut self, winner: Seat, ev: &mut Sink<'_>) {
        self.phase = Phase::Over { winner };
        ev.push(|| Event::GameOver { winner });
    }

    /// The round stopped before everyone went out (the play limit, or nobody can move):
    /// the remaining players are placed by fewest cards, ties to the earlier seat after the dealer.
    fn end_round_early(&mut self, ev: &mut Sink<'_>) {
        let rest = self.by_fewest_cards();
        match self.rules.spec().scoring {
            Scoring::FirstOut => self.game_over(rest[0], ev),
            Scoring::Places { .. } => {
                self.finished.extend(rest);
                self.finish_round(ev);
            }
        }
    }

    /// Those still playing, fewest cards first; ties to the earlier seat after the dealer.
    fn by_fewest_cards(&self) -> Vec<Seat> {
        let mut rest: Vec<Seat> = (0..self.players).filter(|&s| self.active(s)).collect();
        sort_small_by_key(&mut rest, |&s| {
            (self.hands[s as usize].len(), (s + self.players - self.dealer - 1) % self.players)
        });
        rest
    }

    /// Place k of n scores n - k points.
    fn score_places(&mut self, places: &[Seat]) {
        let n = places.len() as u32;
        for (i, &s) in places.iter().enumerate() {
            self.scores[s as usize] += n - 1 - i as u32;
        }
    }

    /// The game reached [`MAX_TURNS`] turns: the round in progress ends as at the play limit
    /// (those still playing placed by fewest cards) and is scored, then the game ends. One round:
    /// the fewest cards wins. Rounds: the highest score wins; a tie goes to the better place in
    /// this last round.
    fn end_at_turn_limit(&mut self, ev: &mut Sink<'_>) {
        ev.push(|| Event::TurnLimit { turns: self.turn_number });
        let rest = self.by_fewest_cards();
        let Scoring::Places { .. } = self.rules.spec().scoring else {
            let winner = rest.first().copied().unwrap_or(self.current);
            self.game_over(winner, ev);
            return;
        };
        self.finished.extend(rest);
        let places = self.finished.clone();
        if !self.tie_break {
            self.score_places(&places);
        }
        ev.push(|| Event::RoundOver { round: self.round, places: places.clone(), scores: self.scores.clone() });
        let best = places.iter().map(|&s| self.scores[s as usize]).max().unwrap_or(0);
        let winner =
            if self.tie_break { places.first() } else { places.iter().find(|&&s| self.scores[s as usize] == best) };
        let winner = winner.copied().unwrap_or(self.current);
        self.game_over(winner, ev);
    }

    /// Every place is decided: score it, then the next round, a tie-breaker, or the end.
    fn finish_round(&mut self, ev: &mut Sink<'_>) {
        for s in 0..self.players {
            if self.active(s) {
                self.finished.push(s);
            }
        }
        let places = self.finished.clone();
        if self.tie_break {
            ev.push(|| Event::RoundOver { round: self.round, places: places.clone(), scores: self.scores.clone() });
            self.game_over(places[0], ev);
            return;
        }
        self.score_places(&places);
        ev.push(|| Event::RoundOver { round: self.round, places, scores: self.scores.clone() });
        let target = self.target().expect("place scoring");
        let Scoring::Places { tie_break, .. } = self.rules.spec().scoring else { unreachable!() };
        let mut at_target: Vec<Seat> = (0..self.players).filter(|&s| self.scores[s as usize] >= target).collect();
        if tie_break == TieBreak::HighestOnly {
            let best = at_target.iter().map(|&s| self.scores[s as usize]).max().unwrap_or(0);
            at_target.retain(|&s| self.scores[s as usize] == best);
        }
        match at_target.len() {
            0 => {}
            1 => {
                self.game_over(at_target[0], ev);
                return;
            }
            _ => {
                self.tie_break = true;
                for s in 0..self.players {
                    self.in_round[s as usize] = at_target.contains(&s);
                }
                ev.push(|| Event::TieBreak { seats: at_target });
            }
        }
        self.round += 1;
        let dealer = (self.dealer + 1) % self.players;
        self.deal_round(dealer, ev);
    }

    // ----- sampling what a seat cannot see ------------------------------------------------

    /// A complete game consistent with everything `view` shows (OpenSpiel's
    /// ResampleFromInfostate): the cards the seat cannot see — full decks minus its hand and the
    /// face-up pile — are shuffled and dealt to the other hands at their known sizes, the rest
    /// becoming the stock. What the table showed is respected: a seat with a [`Void`] gets at
    /// most `free` of the cards it was seen not to hold (those seats are dealt first, from the
    /// cards they may hold). Search bots reason over such samples; they never see the real game.
    /// The sample keeps the view's record of the last turns but adds no more to it
    /// ([`Game::stop_recording_turns`]).
    pub fn determinize(view: &SeatView, rng: &mut GameRng) -> Game {
        Game::determinize_with(view, rng, 0, &mut |_, _| true)
    }

    /// [`Game::determinize`], where a caller's model of the other seats may refuse the hand a
    /// seat was dealt (`fits(seat, hand)`): that seat's hand is then drawn again, up to `tries`
    /// times, from its own cards and those left undealt, keeping its [`Void`]; if none fits, the
    /// first stands. The model sees only the sampled hands, so it cannot leak the real ones.
    pub fn determinize_with(
        view: &SeatView,
        rng: &mut GameRng,
        tries: u32,
        fits: &mut dyn FnMut(Seat, Hand) -> bool,
    ) -> Game {
        let players = view.hand_sizes.len() as u8;
        let rules = view.rules.clone();
        let decks = rules.decks_for(players) as i32;
        let mut counts = [decks; 52];
        // Known to this seat: its hand, the face-up pile, the part of the stock it saw turned
        // over, and the cards others drew from that part (`known`, dealt to them as seen; the
        // hands below are the rest of each hand, dealt at random).
        let known = |s: usize| view.known[s];
        let others = || (0..players as usize).filter(|&s| s != view.seat as usize);
        let full = |s: usize, mut h: Hand| {
            h.add_all(known(s));
            h
        };
        for c in view.hand.iter().chain(&view.pile).chain(&view.stock_seen) {
            counts[c.index()] -= 1;
        }
        for s in others() {
            for c in known(s).iter() {
                counts[c.index()] -= 1;
            }
        }
        let mut unseen: Vec<Card> = Vec::with_capacity(104);
        for (i, &k) in counts.iter().enumerate() {
            for _ in 0..k.max(0) {
                unseen.push(Card::from_index(i));
            }
        }
        let size = |s: usize| view.hand_sizes[s] - known(s).len();
        // Cards each constrained seat must hold from outside its void, beyond its known cards.
        let bound = |s: usize| -> (u64, usize) {
            let v = view.voids.get(s).copied().unwrap_or_default();
            if v.cards == 0 {
                (0, 0)
            } else {
                (v.cards, size(s).saturating_sub((v.free as usize).saturating_sub(known(s).count_in(v.cards))))
            }
        };
        rng.shuffle(&mut unseen);
        let mut hands = [Hand::EMPTY; SEATS];
        let mut dealt = vec![0usize; players as usize];
        // Constrained seats first: from the back of the shuffled cards, the first `need` each may
        // hold. (A seat that broke the model may find too few: the rest come below, unconstrained.)
        for s in others() {
            let (void, need) = bound(s);
            let mut i = unseen.len();
            while dealt[s] < need && i > 0 {
                i -= 1;
                if void & bit(unseen[i]) == 0 {
                    hands[s].add(unseen.remove(i));
                    dealt[s] += 1;
                }
            }
        }
        for s in others() {
            for _ in dealt[s]..size(s) {
                if let Some(c) = unseen.pop() {
                    hands[s].add(c);
                }
            }
        }
        let mut redrawn = false;
        for s in others() {
            if tries == 0 || fits(s as Seat, full(s, hands[s])) {
                continue;
            }
            // Put the hand back with the undealt cards, and draw as many at random from them.
            let size = size(s);
            let first = hands[s];
            unseen.extend(first.iter());
            let v = view.voids.get(s).copied().unwrap_or_default();
            let mut found = false;
            for _ in 0..tries {
                let n = unseen.len();
                for i in 0..size {
                    let j = rng.below((n - i) as u64) as usize;
                    unseen.swap(j, n - 1 - i);
                }
                let h = Hand::from_cards(&unseen[n - size..]);
                if v.allows(full(s, h)) && fits(s as Seat, full(s, h)) {
                    hands[s] = h;
                    unseen.truncate(n - size);
                    found = true;
                    break;
                }
            }
            if !found {
                for c in first.iter() {
                    let at = unseen.iter().rposition(|&x| x == c).expect("put back above");
                    unseen.swap_remove(at);
                }
            }
            redrawn = true;
        }
        if redrawn {
            rng.shuffle(&mut unseen);
        }
        for s in others() {
            hands[s] = full(s, hands[s]);
        }
        hands[view.seat as usize] = Hand::from_cards(&view.hand);
        // The stock: the part the table saw at the bottom, in its order; unseen cards above it.
        unseen.truncate(view.stock_len - view.stock_seen.len());
        let mut stock = view.stock_seen.clone();
        stock.append(&mut unseen);
        let total = hands.iter().map(Hand::len).sum::<usize>() + stock.len() + view.pile.len();
        let mut g = Game::empty(rules, players, 0, total);
        g.rng = rng.fork();
        g.hands = hands;
        g.stock = stock;
        g.stock_seen = view.stock_seen.len();
        g.known[..players as usize].copy_from_slice(&view.known);
        g.pile = view.pile.clone();
        g.dealer = view.dealer;
        g.current = view.current;
        g.clockwise = view.clockwise;
        g.called_suit = view.called_suit;
        g.pending = PendingSlot::new(if view.turn.laid.is_empty() { view.pending } else { view.turn.start_pending });
        g.turn = view.turn.clone();
        g.live = g.fold_pending(g.turn.start_pending, &g.turn.laid);
        g.in_round.iter_mut().zip(&view.in_round).for_each(|(g, &v)| *g = v);
        g.finished = view.finished.clone();
        g.calls.iter_mut().zip(&view.calls).for_each(|(g, &v)| *g = v);
        g.flagged = g.calls.iter().enumerate().fold(0, |m, (s, c)| m | ((*c != CallState::default()) as u32) << s);
        g.voids.iter_mut().zip(&view.voids).for_each(|(g, &v)| *g = v);
        g.last_turns.iter_mut().zip(&view.last_turns).for_each(|(g, &v)| *g = v);
        g.stop_recording_turns();
        g.scores = view.scores.clone();
        g.round = view.round;
        g.tie_break = view.tie_break;
        g.phase = view.phase;
        g.plays_this_round = view.plays_this_round;
        g.turn_number = view.turn_number;
        g.idle_passes = view.idle_passes;
        g
    }

    // ----- checking the whole state ------------------------------------------------------

    /// Checks what must always hold; returns every broken invariant.
    pub fn check_invariants(&self) -> Result<(), Vec<String>> {
        let mut bad = Vec::new();
        let in_hands: usize = self.hands.iter().map(Hand::len).sum();
        let total = in_hands + self.stock.len() + self.pile.len();
        if total != self.total_cards {
            bad.push(format!("cards not conserved: {total} != {}", self.total_cards));
        }
        if self.pile.is_empty() {
            bad.push("the pile has no top card".into());
        }
        if self.records_turns && self.stock_seen > self.stock.len() {
            bad.push(format!("{} cards of the stock seen, of {}", self.stock_seen, self.stock.len()));
        }
        for (s, (k, h)) in self.known.iter().zip(&self.hands).enumerate() {
            if self.records_turns && k.iter().any(|c| k.count(c) > h.count(c)) {
                bad.push(format!("seat {s} is known to hold cards it does not"));
            }
        }
        let one_deck = self.rules.decks_for(self.players) == 1;
        for (s, h) in self.hands.iter().enumerate() {
            if one_deck && h.twins() != 0 {
                bad.push(format!("hand {s} holds a card twice from one deck"));
            }
        }
        if !self.is_over() {
            if !self.active(self.current) && !self.turn.awaiting_suit {
                bad.push(format!("current seat {} is not playing", self.current));
            }
            if self.legal_actions().is_empty() {
                bad.push("no legal action but the game is not over".into());
            }
        } else if !self.legal_actions().is_empty() {
            bad.push("legal actions after the game is over".into());
        }
        if self.pending.get().is_some_and(|p| p.cards == 0) {
            bad.push("a pending pick-up of 0".into());
        }
        if bad.is_empty() {
            Ok(())
        } else {
            Err(bad)
        }
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
