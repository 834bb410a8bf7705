//! UNO Blackjack (seed 002): queues, the reveal phase, hit or pass to 21, rewards, elimination.
//! Pure and seeded like every engine here: actions in, events out, nothing changed on refusal.
//!
//! This file holds the state and play; `view` (what one seat sees) and `replay` (the save and
//! its replay) each hold one `impl Game`.

use super::cards::{uno_decks, Face, UnoCard};
use super::rules::{SkipValue, UnoRules, UnoRulesError};
use crate::engine::codes::{ReplayError, MAX_LOG_ACTIONS};
use crate::engine::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

mod replay;
mod view;

// The paths `uno::game::UnoSave` and the rest stay as they were.
pub use replay::{UnoReplayError, UnoSave, UNO_SAVE_FORMAT};
pub use view::UnoView;

pub type Seat = u8;

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Run the reveal phase of a new round (no decisions in it: the cards decide).
    Reveal,
    Hit {
        seat: Seat,
    },
    Pass {
        seat: Seat,
    },
    /// A waiting player joins at the beginning of a reveal phase (seed option).
    Join {
        seat: Seat,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    Playing,
    /// Not yet in the game (may `Join` at the start of a round).
    Waiting,
    /// Joined (or dealt back in) without a queue: draws from the deck until it earns one.
    /// `rounds_left`: rounds to earn one (`None`: no limit, the deal-back-in option).
    Joining {
        rounds_left: Option<u8>,
    },
    Out,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub status: Status,
    pub queue: VecDeque<UnoCard>,
    pub stack: Vec<UnoCard>,
    pub busted: bool,
    pub passed: bool,
    /// When the stack last changed (a flip counter): earlier totals win rounding ties.
    pub reached_at: u32,
}

impl Player {
    fn in_round(&self) -> bool {
        matches!(self.status, Status::Playing | Status::Joining { .. })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Between rounds: the next action is `Reveal` (or a `Join`).
    RoundStart,
    Match {
        turn: Seat,
    },
    Over {
        winners: Vec<Seat>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    RoundStarts {
        round: u32,
        starter: Seat,
    },
    Flipped {
        seat: Seat,
        card: UnoCard,
        from_deck: bool,
        total: u8,
    },
    /// A Draw card: the next player flips one card as a penalty and loses the turn.
    DrawPenalty {
        seat: Seat,
    },
    Skipped {
        seat: Seat,
    },
    Reversed {
        clockwise: bool,
    },
    Bust {
        seat: Seat,
        total: u8,
        collected: u8,
    },
    Passed {
        seat: Seat,
    },
    NoCards {
        seat: Seat,
    },
    TrashShuffled {
        cards: u16,
    },
    Winners {
        seats: Vec<Seat>,
        total: u8,
    },
    Rewarded {
        seat: Seat,
        cards: u8,
    },
    Joined {
        seat: Seat,
    },
    EarnedQueue {
        seat: Seat,
    },
    Out {
        seat: Seat,
    },
    /// The round limit is reached ([`UnoRules::round_limit`]): the game ends and whoever
    /// holds the most cards in their queue wins.
    RoundLimit {
        rounds: u32,
    },
    GameOver {
        winners: Vec<Seat>,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    GameOver,
    NotNow,
    NotYourTurn,
    NoCardsToHit,
    CannotJoin,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Refusal::GameOver => "the game is over",
            Refusal::NotNow => "not at this point of the round",
            Refusal::NotYourTurn => "it is another player's turn",
            Refusal::NoCardsToHit => "there are no cards left to hit from",
            Refusal::CannotJoin => "only a waiting player can join, at the start of a round",
        })
    }
}

/// A refused action, returned with the reason; the game is unchanged.
pub type IllegalAction = crate::engine::Refused<Action, Refusal>;

/// Why a game cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    Players {
        players: u8,
        min: u8,
        max: u8,
    },
    /// A waiting seat the table does not have.
    NoSuchSeat {
        seat: Seat,
    },
    /// A seat listed twice among the waiting.
    WaitingTwice {
        seat: Seat,
    },
    TooFewStarting,
    DeckTooSmall,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupError::Players { players, min, max } => write!(f, "{players} players: this game takes {min} to {max}"),
            SetupError::NoSuchSeat { seat } => write!(f, "seat {seat} is not at the table"),
            SetupError::WaitingTwice { seat } => write!(f, "seat {seat} is listed twice among the waiting"),
            SetupError::TooFewStarting => f.write_str("at least two players must start"),
            SetupError::DeckTooSmall => f.write_str("the deck is too small to deal the queues"),
        }
    }
}
impl std::error::Error for SetupError {}

/// A card's value with a wild as one (the ace's eleven is decided on the whole stack).
pub fn value(card: UnoCard, skip: SkipValue) -> u8 {
    match card.face {
        Face::Number(n) => n,
        Face::Wild | Face::WildDrawFour => 1,
        Face::Reverse | Face::DrawTwo => 10,
        Face::Skip => match skip {
            SkipValue::Ten => 10,
            SkipValue::Zero => 0,
        },
    }
}

/// A stack's total: wild cards are aces, "11, or 1 if 11 would make the player bust".
pub fn total(stack: &[UnoCard], skip: SkipValue) -> u8 {
    let hard: u32 = stack.iter().map(|&c| value(c, skip) as u32).sum();
    let hard = hard.min(255) as u8;
    if stack.iter().any(|c| c.is_wild()) && hard <= 11 {
        hard + 10
    } else {
        hard
    }
}

/// Why `action` is refused in `phase`: the one rule, for the game and for a seat's view (which
/// holds everything it reads). `waiting`: a seat that may join; `can_flip`: a seat that has a
/// card to flip in its queue, the deck or the trash.
fn refusal(
    phase: &Phase,
    action: Action,
    waiting: impl Fn(Seat) -> bool,
    can_flip: impl Fn(Seat) -> bool,
) -> Option<Refusal> {
    match (phase, action) {
        (Phase::Over { .. }, _) => Some(Refusal::GameOver),
        (Phase::RoundStart, Action::Reveal) => None,
        (Phase::RoundStart, Action::Join { seat }) => (!waiting(seat)).then_some(Refusal::CannotJoin),
        (Phase::Match { turn }, Action::Hit { seat } | Action::Pass { seat }) if seat != *turn => {
            Some(Refusal::NotYourTurn)
        }
        (Phase::Match { turn }, Action::Hit { .. }) => (!can_flip(*turn)).then_some(Refusal::NoCardsToHit),
        (Phase::Match { .. }, Action::Pass { .. }) => None,
        (_, Action::Join { .. }) => Some(Refusal::CannotJoin),
        _ => Some(Refusal::NotNow),
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Arc<UnoRules>,
    seed: u64,
    rng: GameRng,
    players: Vec<Player>,
    /// Top of the deck is the end of the vector.
    deck: Vec<UnoCard>,
    trash: Vec<UnoCard>,
    /// Stacks collected this round (busted players'), waiting for the reward count.
    collected: Vec<UnoCard>,
    starter: Seat,
    clockwise: bool,
    phase: Phase,
    round: u32,
    clock: u32,
    total_cards: usize,
    log: Vec<Action>,
}

impl Game {
    /// A new game: `players` seats, each dealt a face-down queue, and the first round about to be revealed.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::uno::{Game, Phase, UnoRules};
    ///
    /// let game = Game::new(UnoRules::seed_rules(), 4, 42).unwrap();
    /// assert_eq!(game.phase(), &Phase::RoundStart);
    /// assert!(game.players().iter().all(|p| p.queue.len() == 15));
    /// assert_eq!(game.cards_accounted(), game.total_cards());
    ///
    /// assert!(Game::new(UnoRules::seed_rules(), 11, 42).is_err(), "at most ten players");
    /// ```
    ///
    /// # Errors
    ///
    /// A [`SetupError`] when the rules do not seat `players` (or a waiting seat is not one).
    pub fn new(rules: impl Into<Arc<UnoRules>>, players: u8, seed: u64) -> Result<Game, SetupError> {
        Game::with_waiting(rules, players, &[], seed)
    }

    /// A game where the seats in `waiting` sit out until they `Join` (seed option).
    pub fn with_waiting(
        rules: impl Into<Arc<UnoRules>>,
        players: u8,
        waiting: &[Seat],
        seed: u64,
    ) -> Result<Game, SetupError> {
        let rules = rules.into();
        let mut rng = GameRng::new(seed);
        let mut deck = uno_decks(rules.decks_for(players));
        rng.shuffle(&mut deck);
        Game::from_deck(rules, players, waiting, deck, rng, seed)
    }

    /// A scripted game: `deck` is dealt from the front (tests and scenarios).
    pub fn with_deck(
        rules: impl Into<Arc<UnoRules>>,
        players: u8,
        waiting: &[Seat],
        mut deck_top_first: Vec<UnoCard>,
    ) -> Result<Game, SetupError> {
        deck_top_first.reverse();
        Game::from_deck(rules.into(), players, waiting, deck_top_first, GameRng::new(0), 0)
    }

    fn from_deck(
        rules: Arc<UnoRules>,
        players: u8,
        waiting: &[Seat],
        mut deck: Vec<UnoCard>,
        rng: GameRng,
        seed: u64,
    ) -> Result<Game, SetupError> {
        if players < rules.min_players || players > rules.max_players {
            return Err(SetupError::Players { players, min: rules.min_players, max: rules.max_players });
        }
        for (i, &seat) in waiting.iter().enumerate() {
            if seat >= players {
                return Err(SetupError::NoSuchSeat { seat });
            }
            if waiting[..i].contains(&seat) {
                return Err(SetupError::WaitingTwice { seat });
            }
        }
        if (players as usize).saturating_sub(waiting.len()) < 2 {
            return Err(SetupError::TooFewStarting);
        }
        let total_cards = deck.len();
        let mut ps: Vec<Player> = (0..players)
            .map(|s| Player {
                status: if waiting.contains(&s) { Status::Waiting } else { Status::Playing },
                queue: VecDeque::new(),
                stack: Vec::new(),
                busted: false,
                passed: false,
                reached_at: 0,
            })
            .collect();
        // 002: "Deal 15 cards from the deck to each player's queue, moving clockwise."
        for _ in 0..rules.queue_size {
            for p in ps.iter_mut().filter(|p| p.status == Status::Playing) {
                let c = deck.pop().ok_or(SetupError::DeckTooSmall)?;
                p.queue.push_back(c);
            }
        }
        let starter = (0..players).find(|&s| ps[s as usize].status == Status::Playing).unwrap_or(0);
        Ok(Game {
            rules,
            seed,
            rng,
            players: ps,
            deck,
            trash: Vec::new(),
            collected: Vec::new(),
            starter,
            clockwise: true,
            phase: Phase::RoundStart,
            round: 0,
            clock: 0,
            total_cards,
            log: Vec::new(),
        })
    }

    pub fn rules(&self) -> &Arc<UnoRules> {
        &self.rules
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn starter(&self) -> Seat {
        self.starter
    }
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }
    pub fn trash(&self) -> &[UnoCard] {
        &self.trash
    }
    pub fn log(&self) -> &[Action] {
        &self.log
    }
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }
    pub fn total(&self, seat: Seat) -> u8 {
        total(&self.players[seat as usize].stack, self.rules.skip_value)
    }

    /// Every card is in exactly one place.
    pub fn cards_accounted(&self) -> usize {
        let held: usize = self.players.iter().map(|p| p.queue.len() + p.stack.len()).sum();
        held + self.deck.len() + self.trash.len() + self.collected.len()
    }
    pub fn total_cards(&self) -> usize {
        self.total_cards
    }

    /// The moves legal now, sorted: the reveal (and joins) between rounds, then hit or pass for
    /// the seat whose turn it is.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::uno::{Action, Game, Phase, UnoRules};
    ///
    /// let mut game = Game::new(UnoRules::seed_rules(), 3, 8).unwrap();
    /// assert_eq!(game.legal_actions(), [Action::Reveal]);
    /// game.apply(Action::Reveal).unwrap();
    /// // Then hit or pass, for whoever's turn it is (hitting needs cards to hit from).
    /// let Phase::Match { turn } = *game.phase() else { panic!("a round in play") };
    /// assert!(game.legal_actions().contains(&Action::Pass { seat: turn }));
    /// assert!(game.legal_actions().iter().all(|&a| game.is_legal(a)));
    /// ```
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Over { .. } => {}
            Phase::RoundStart => {
                out.push(Action::Reveal);
                for (s, p) in self.players.iter().enumerate() {
                    if p.status == Status::Waiting {
                        out.push(Action::Join { seat: s as Seat });
                    }
                }
            }
            Phase::Match { turn } => {
                if self.can_flip(turn) {
                    out.push(Action::Hit { seat: turn });
                }
                out.push(Action::Pass { seat: turn });
            }
        }
        out.sort();
        out
    }

    pub fn refusal(&self, action: Action) -> Option<Refusal> {
        let waiting = |seat: Seat| self.players.get(seat as usize).map(|p| p.status) == Some(Status::Waiting);
        refusal(&self.phase, action, waiting, |seat| self.can_flip(seat))
    }

    pub fn is_legal(&self, action: Action) -> bool {
        self.refusal(action).is_none()
    }

    /// Applies a legal action; a refused action changes nothing and comes back with the reason.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::uno::{Action, Game, Refusal, UnoRules};
    ///
    /// let mut game = Game::new(UnoRules::seed_rules(), 3, 8).unwrap();
    /// let before = game.clone();
    /// let refused = game.apply(Action::Hit { seat: 0 }).unwrap_err();
    /// assert_eq!((refused.reason, &game), (Refusal::NotNow, &before), "refused, and nothing changed");
    ///
    /// let events = game.apply(Action::Reveal).unwrap();
    /// assert!(!events.is_empty());
    /// assert_eq!(game.log(), [Action::Reveal]);
    /// ```
    ///
    /// # Errors
    ///
    /// An [`IllegalAction`] with the [`Refusal`] when the action is not legal now; the game is
    /// then unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        if let Some(reason) = self.refusal(action) {
            return Err(IllegalAction { action, reason });
        }
        self.log.push(action);
        let mut ev = Vec::new();
        match action {
            Action::Join { seat } => {
                self.players[seat as usize].status = Status::Joining { rounds_left: Some(self.rules.join_rounds) };
                ev.push(Event::Joined { seat });
            }
            Action::Reveal => self.reveal(&mut ev),
            Action::Hit { seat } => {
                let card = self.flip(seat, &mut ev);
                if card.is_some_and(|c| c.face == Face::Reverse) {
                    // 002: "change direction based on the appearance of Reverse cards".
                    self.clockwise = !self.clockwise;
                    ev.push(Event::Reversed { clockwise: self.clockwise });
                }
                self.next_turn(seat, &mut ev);
            }
            Action::Pass { seat } => {
                self.players[seat as usize].passed = true;
                ev.push(Event::Passed { seat });
                self.next_turn(seat, &mut ev);
            }
        }
        Ok(ev)
    }

    fn can_flip(&self, seat: Seat) -> bool {
        !self.players[seat as usize].queue.is_empty() || !self.deck.is_empty() || !self.trash.is_empty()
    }

    /// Takes one card from the deck, shuffling the trash in when the deck is empty.
    fn draw_deck(&mut self, ev: &mut Vec<Event>) -> Option<UnoCard> {
        if self.deck.is_empty() && !self.trash.is_empty() {
            // 002: "If you run out of cards in the deck, shuffle the trash and add these cards to the deck."
            self.deck = std::mem::take(&mut self.trash);
            self.rng.shuffle(&mut self.deck);
            ev.push(Event::TrashShuffled { cards: self.deck.len() as u16 });
        }
        self.deck.pop()
    }

    /// Flips the top of `seat`'s queue (the deck when the queue is empty) onto their stack;
    /// collects the stack at once on a bust.
    fn flip(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Option<UnoCard> {
        let (card, from_deck) = match self.players[seat as usize].queue.pop_front() {
            Some(c) => (c, false),
            None => match self.draw_deck(ev) {
                Some(c) => (c, true),
                None => {
                    ev.push(Event::NoCards { seat });
                    return None;
                }
            },
        };
        self.clock += 1;
        let p = &mut self.players[seat as usize];
        p.stack.push(card);
        p.reached_at = self.clock;
        let t = total(&p.stack, self.rules.skip_value);
        ev.push(Event::Flipped { seat, card, from_deck, total: t });
        if t > 21 {
            // 002: "If a player busts …, collect their stack before taking any other actions."
            let p = &mut self.players[seat as usize];
            p.busted = true;
            let n = p.stack.len() as u8;
            self.collected.append(&mut p.stack);
            ev.push(Event::Bust { seat, total: t, collected: n });
        }
        Some(card)
    }

    fn active(&self, s: Seat) -> bool {
        let p = &self.players[s as usize];
        p.in_round() && !p.busted
    }

    /// The next seat from `from` in the current direction that is still in the round.
    fn next_active(&self, from: Seat, skip_passed: bool) -> Option<Seat> {
        let n = self.players.len() as i32;
        let step = if self.clockwise { 1 } else { -1 };
        (1..=n)
            .map(|k| ((from as i32 + step * k).rem_euclid(n)) as Seat)
            .find(|&s| self.active(s) && !(skip_passed && self.players[s as usize].passed))
    }

    fn needs_card(&self, s: Seat) -> bool {
        self.active(s) && self.players[s as usize].stack.is_empty()
    }

    fn reveal(&mut self, ev: &mut Vec<Event>) {
        self.round += 1;
        self.clockwise = true;
        for p in &mut self.players {
            p.busted = false;
            p.passed = false;
        }
        ev.push(Event::RoundStarts { round: self.round, starter: self.starter });
        // 002: flip from the top of each queue in turn, "Regular UNO rules apply, except all
        // Draw X cards count as Draw 1 cards", until everyone has a card and no Draw card
        // still demands a flip (penalty flips happen at once, below).
        let mut pos = Some(self.starter).filter(|&s| self.active(s)).or_else(|| self.next_active(self.starter, false));
        let mut no_cards: Vec<Seat> = Vec::new();
        while let Some(cur) = pos {
            let everyone = (0..self.players.len() as Seat).all(|s| !self.needs_card(s) || no_cards.contains(&s));
            if everyone {
                break;
            }
            let before = self.clockwise;
            let card = self.flip(cur, ev);
            if card.is_none() {
                no_cards.push(cur);
            }
            let players_left = (0..self.players.len() as Seat).filter(|&s| self.active(s)).count();
            pos = match card.map(|c| c.face) {
                Some(Face::Skip) => {
                    let skipped = self.next_active(cur, false);
                    if let Some(s) = skipped {
                        ev.push(Event::Skipped { seat: s });
                    }
                    skipped.and_then(|s| self.next_active(s, false))
                }
                Some(Face::Reverse) => {
                    self.clockwise = !before;
                    ev.push(Event::Reversed { clockwise: self.clockwise });
                    // With two players a Reverse works as a Skip (regular UNO rules).
                    if players_left == 2 && self.active(cur) {
                        Some(cur)
                    } else {
                        self.next_active(cur, false)
                    }
                }
                Some(Face::DrawTwo | Face::WildDrawFour) => {
                    // Draw 1: the next player flips one card as a penalty (a drawn card is not
                    // played, so its own effect does not apply) and loses the turn.
                    match self.next_active(cur, false) {
                        Some(victim) => {
                            ev.push(Event::DrawPenalty { seat: victim });
                            if self.flip(victim, ev).is_none() {
                                no_cards.push(victim);
                            }
                            self.next_active(victim, false)
                        }
                        None => None,
                    }
                }
                _ => self.next_active(cur, false),
            };
            if (0..self.players.len() as Seat).filter(|&s| self.active(s)).count() <= 1 {
                break;
            }
        }
        // 002: the match starts "with the first player to reveal a card", moving clockwise.
        self.clockwise = true;
        match Some(self.starter).filter(|&s| self.active(s)).or_else(|| self.next_active(self.starter, false)) {
            Some(first) if self.match_continues() => self.phase = Phase::Match { turn: first },
            _ => self.reward(ev),
        }
    }

    fn match_continues(&self) -> bool {
        let left: Vec<Seat> = (0..self.players.len() as Seat).filter(|&s| self.active(s)).collect();
        left.len() > 1 && left.iter().any(|&s| !self.players[s as usize].passed)
    }

    fn next_turn(&mut self, from: Seat, ev: &mut Vec<Event>) {
        if !self.rules.pass_is_final {
            // A pass is for this go-around only: everyone is asked again until all pass in a row.
            let left: Vec<Seat> = (0..self.players.len() as Seat).filter(|&s| self.active(s)).collect();
            let all_passed = left.iter().all(|&s| self.players[s as usize].passed);
            if left.len() > 1 && !all_passed {
                if !self.players[from as usize].passed {
                    for s in &left {
                        if *s != from {
                            self.players[*s as usize].passed = false;
                        }
                    }
                }
                if let Some(t) = self.next_active(from, false) {
                    self.phase = Phase::Match { turn: t };
                    return;
                }
            }
            self.reward(ev);
            return;
        }
        match self.next_active(from, true) {
            Some(t) if self.match_continues() => self.phase = Phase::Match { turn: t },
            _ => self.reward(ev),
        }
    }

    fn reward(&mut self, ev: &mut Vec<Event>) {
        let skip = self.rules.skip_value;
        let standing: Vec<Seat> = (0..self.players.len() as Seat).filter(|&s| self.active(s)).collect();
        let best = standing.iter().map(|&s| total(&self.players[s as usize].stack, skip)).max();
        // 002: "Players who reached their stack total earlier in the round have rounding preference."
        let mut winners: Vec<Seat> =
            standing.iter().copied().filter(|&s| Some(total(&self.players[s as usize].stack, skip)) == best).collect();
        winners.sort_by_key(|&s| self.players[s as usize].reached_at);
        // 002: collect each stack and count them all (busted stacks were collected already).
        for p in &mut self.players {
            self.collected.append(&mut p.stack);
        }
        let count = self.collected.len();
        if let Some(t) = best {
            ev.push(Event::Winners { seats: winners.clone(), total: t });
        }
        if !winners.is_empty() {
            let mut given = vec![0u8; winners.len()];
            for i in 0..count {
                let Some(c) = self.draw_deck(ev) else { break };
                let w = i % winners.len();
                self.players[winners[w] as usize].queue.push_back(c);
                given[w] += 1;
            }
            for (w, &n) in winners.iter().zip(&given) {
                ev.push(Event::Rewarded { seat: *w, cards: n });
            }
        }
        // 002: "Put the cards taken from each player's stack into the trash."
        self.trash.append(&mut self.collected);
        // Elimination, joiners and the deal-back-in option.
        for s in 0..self.players.len() {
            let seat = s as Seat;
            let p = &mut self.players[s];
            match p.status {
                Status::Playing if p.queue.is_empty() => {
                    if self.rules.deal_back_in {
                        p.status = Status::Joining { rounds_left: None };
                    } else {
                        p.status = Status::Out;
                    }
                    ev.push(Event::Out { seat });
                }
                Status::Joining { rounds_left } => {
                    if !p.queue.is_empty() {
                        p.status = Status::Playing;
                        ev.push(Event::EarnedQueue { seat });
                    } else if let Some(r) = rounds_left {
                        if r <= 1 {
                            p.status = Status::Out;
                            ev.push(Event::Out { seat });
                        } else {
                            p.status = Status::Joining { rounds_left: Some(r - 1) };
                        }
                    }
                }
                _ => {}
            }
        }
        let with_queue: Vec<Seat> =
            (0..self.players.len() as Seat).filter(|&s| self.players[s as usize].status == Status::Playing).collect();
        let joining = self.players.iter().any(|p| matches!(p.status, Status::Joining { rounds_left: Some(_) }));
        if with_queue.len() <= 1 && !(joining && with_queue.len() == 1) {
            let champions = if with_queue.is_empty() { winners } else { with_queue };
            ev.push(Event::GameOver { winners: champions.clone() });
            self.phase = Phase::Over { winners: champions };
            return;
        }
        if self.round >= self.rules.round_limit() {
            // The cap on a game's length: the most cards in a queue wins (ties share the win).
            let most = self.players.iter().filter(|p| p.in_round()).map(|p| p.queue.len()).max().unwrap_or(0);
            let champions: Vec<Seat> = (0..self.players.len() as Seat)
                .filter(|&s| self.players[s as usize].in_round() && self.players[s as usize].queue.len() == most)
                .collect();
            ev.push(Event::RoundLimit { rounds: self.round });
            ev.push(Event::GameOver { winners: champions.clone() });
            self.phase = Phase::Over { winners: champions };
            return;
        }
        // 002: "Loop back to the Reveal Phase, starting with the person clockwise from whoever began this round."
        let n = self.players.len();
        self.starter = (1..=n)
            .map(|k| ((self.starter as usize + k) % n) as Seat)
            .find(|&s| self.players[s as usize].in_round())
            .unwrap_or(self.starter);
        self.phase = Phase::RoundStart;
    }
}
