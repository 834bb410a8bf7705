//! Everything a seat can do, what the engine says happened, and why it refused.

use crate::engine::cards::{Card, Colour, Rank, Suit};
use crate::engine::text::ascii_number as number;
use serde::{Deserialize, Serialize};
use std::fmt;

pub type Seat = u8;

/// Table talk. Some phrases cost a card under the Taylor rules; the rest are free.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Phrase {
    /// "Sorry!" (the S word).
    Sorry,
    /// "Your turn, <seat>": saying out loud whose turn it is.
    YourTurn(Seat),
    WellPlayed,
    Hurry,
}

impl Phrase {
    /// Whether the Taylor seed penalises saying it.
    pub fn is_infringement(self) -> bool {
        matches!(self, Phrase::Sorry | Phrase::YourTurn(_))
    }
}

/// What one seat can call another out for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Infringement {
    /// Down to one card without saying "Last card" in time.
    MissedLastCard,
}

/// One action enum for every shedding preset. Every action names the seat that takes it,
/// because at a real table anyone can act at any moment: call, accuse, talk, play out of turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Lay a card: the first of a turn or the next of a run, ten-sequence, follow-on or cover.
    Play {
        seat: Seat,
        card: Card,
    },
    /// After a suit-changing card ends a turn: the suit the next card must follow.
    NameSuit {
        seat: Seat,
        suit: Suit,
    },
    /// Pick up: the pending pick-up if one stands, else one card.
    Draw {
        seat: Seat,
    },
    /// End the turn without playing when nothing can be drawn (or the draw limit is reached).
    Pass {
        seat: Seat,
    },
    /// "Finished": end a turn that could go on (a run, a ten's suit sequence).
    Finish {
        seat: Seat,
    },
    /// Say "Last card" (or "Last cards").
    CallLastCard {
        seat: Seat,
    },
    /// The quick-play clock ran out for this seat (sent by the page, never by a bot).
    Timeout {
        seat: Seat,
    },
    Say {
        seat: Seat,
        phrase: Phrase,
    },
    /// Call another seat out: they are handed the penalty cards at once.
    Accuse {
        seat: Seat,
        target: Seat,
        infringement: Infringement,
    },
    /// Claim that call-out number `accusation` was false.
    Dispute {
        seat: Seat,
        accusation: u16,
    },
}

impl Action {
    pub fn seat(&self) -> Seat {
        match *self {
            Action::Play { seat, .. }
            | Action::NameSuit { seat, .. }
            | Action::Draw { seat }
            | Action::Pass { seat }
            | Action::Finish { seat }
            | Action::CallLastCard { seat }
            | Action::Timeout { seat }
            | Action::Say { seat, .. }
            | Action::Accuse { seat, .. }
            | Action::Dispute { seat, .. } => seat,
        }
    }

    /// One of a turn's own moves (a card, a suit, a pick-up, a pass, Finished): what only the
    /// seat whose turn it is may do, and what its clock's timeout stands in for.
    pub fn is_turn_move(&self) -> bool {
        matches!(
            self,
            Action::Play { .. }
                | Action::NameSuit { .. }
                | Action::Draw { .. }
                | Action::Pass { .. }
                | Action::Finish { .. }
        )
    }
}

impl Action {
    /// A short, stable text code ("p.0.QS", "d.2"): the page stores game logs with it.
    pub fn code(&self) -> String {
        match *self {
            Action::Play { seat, card } => format!("p.{seat}.{card}"),
            Action::NameSuit { seat, suit } => format!("n.{seat}.{}", suit.letter()),
            Action::Draw { seat } => format!("d.{seat}"),
            Action::Pass { seat } => format!("x.{seat}"),
            Action::Finish { seat } => format!("f.{seat}"),
            Action::CallLastCard { seat } => format!("l.{seat}"),
            Action::Timeout { seat } => format!("t.{seat}"),
            Action::Say { seat, phrase } => match phrase {
                Phrase::Sorry => format!("s.{seat}.S"),
                Phrase::WellPlayed => format!("s.{seat}.W"),
                Phrase::Hurry => format!("s.{seat}.H"),
                Phrase::YourTurn(t) => format!("s.{seat}.Y{t}"),
            },
            Action::Accuse { seat, target, infringement: Infringement::MissedLastCard } => format!("a.{seat}.{target}"),
            Action::Dispute { seat, accusation } => format!("q.{seat}.{accusation}"),
        }
    }

    /// Reads [`Action::code`] back; `None` for anything else (see [`Action::parse_code`]).
    pub fn from_code(code: &str) -> Option<Action> {
        Action::parse_code(code).ok()
    }

    /// Reads [`Action::code`] back, or says it is not a move code. Never panics: the text may come
    /// from a tampered save (non-ASCII, huge numbers, anything).
    pub fn parse_code(code: &str) -> Result<Action, BadCode> {
        let bad = || BadCode(code.chars().take(16).collect());
        let mut parts = code.split('.');
        let kind = parts.next().ok_or_else(bad)?;
        let seat: Seat = parts.next().and_then(number).ok_or_else(bad)?;
        let arg = parts.next();
        if parts.next().is_some() {
            return Err(bad());
        }
        let suit = |s: &str| Suit::ALL.iter().copied().find(|x| s.len() == 1 && s.starts_with(x.letter()));
        let action = match (kind, arg) {
            ("p", Some(c)) => Action::Play { seat, card: c.parse().map_err(|_| bad())? },
            ("n", Some(s)) => Action::NameSuit { seat, suit: suit(s).ok_or_else(bad)? },
            ("d", None) => Action::Draw { seat },
            ("x", None) => Action::Pass { seat },
            ("f", None) => Action::Finish { seat },
            ("l", None) => Action::CallLastCard { seat },
            ("t", None) => Action::Timeout { seat },
            ("s", Some("S")) => Action::Say { seat, phrase: Phrase::Sorry },
            ("s", Some("W")) => Action::Say { seat, phrase: Phrase::WellPlayed },
            ("s", Some("H")) => Action::Say { seat, phrase: Phrase::Hurry },
            ("s", Some(y)) => {
                Action::Say { seat, phrase: Phrase::YourTurn(y.strip_prefix('Y').and_then(number).ok_or_else(bad)?) }
            }
            ("a", Some(t)) => {
                Action::Accuse { seat, target: number(t).ok_or_else(bad)?, infringement: Infringement::MissedLastCard }
            }
            ("q", Some(id)) => Action::Dispute { seat, accusation: number(id).ok_or_else(bad)? },
            _ => return Err(bad()),
        };
        Ok(action)
    }
}

/// Text that is not a move code ([`Action::code`]); holds at most the first 16 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCode(pub String);

impl fmt::Display for BadCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unreadable move \"{}\"", self.0)
    }
}
impl std::error::Error for BadCode {}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Play { seat, card } => write!(f, "{seat}: play {card}"),
            Action::NameSuit { seat, suit } => write!(f, "{seat}: name {}", suit.name()),
            Action::Draw { seat } => write!(f, "{seat}: pick up"),
            Action::Pass { seat } => write!(f, "{seat}: pass"),
            Action::Finish { seat } => write!(f, "{seat}: finished"),
            Action::CallLastCard { seat } => write!(f, "{seat}: last card!"),
            Action::Timeout { seat } => write!(f, "{seat}: too slow"),
            // Written out, not `{:?}`: Debug formatting would add to the page's download.
            Action::Say { seat, phrase } => match phrase {
                Phrase::Sorry => write!(f, "{seat}: says sorry"),
                Phrase::YourTurn(s) => write!(f, "{seat}: says your turn, {s}"),
                Phrase::WellPlayed => write!(f, "{seat}: says well played"),
                Phrase::Hurry => write!(f, "{seat}: says hurry up"),
            },
            Action::Accuse { seat, target, infringement: Infringement::MissedLastCard } => {
                write!(f, "{seat}: calls out {target} for a missed last card")
            }
            Action::Dispute { seat, accusation } => write!(f, "{seat}: disputes call-out #{accusation}"),
        }
    }
}

/// Why an infringement cost cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PenaltyReason {
    Timeout,
    OutOfTurn,
    WrongCard,
    TableTalk,
    MissedLastCard,
    FalseLastCard,
    FalseAccusation,
    WrongDispute,
    /// Went out without the call the rules require.
    NoCallToGoOut,
}

/// What happened, in order; public to every seat (a draw says how many, never which cards).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    Dealt {
        round: u32,
        dealer: Seat,
        seats: Vec<Seat>,
        hand_size: u8,
        starter: Card,
    },
    Played {
        seat: Seat,
        card: Card,
    },
    SuitNamed {
        seat: Seat,
        suit: Suit,
    },
    /// A normal pick-up (one card, or a pending pick-up of `cards`).
    Drew {
        seat: Seat,
        cards: u8,
    },
    Passed {
        seat: Seat,
    },
    Penalty {
        seat: Seat,
        cards: u8,
        reason: PenaltyReason,
    },
    Refilled {
        cards: usize,
        shuffled: bool,
    },
    PickUpPending {
        cards: u16,
    },
    PickUpCleared,
    Reversed {
        clockwise: bool,
    },
    Skipped {
        seat: Seat,
    },
    TurnStarts {
        seat: Seat,
    },
    CalledLastCard {
        seat: Seat,
    },
    MissedLastCard {
        seat: Seat,
    },
    Said {
        seat: Seat,
        phrase: Phrase,
    },
    Accused {
        id: u16,
        accuser: Seat,
        target: Seat,
        infringement: Infringement,
        cards: u8,
    },
    DisputeUpheld {
        id: u16,
        by: Seat,
    },
    DisputeRejected {
        id: u16,
        by: Seat,
    },
    OutOfTurn {
        seat: Seat,
    },
    WentOut {
        seat: Seat,
        place: u8,
    },
    RoundOver {
        round: u32,
        places: Vec<Seat>,
        scores: Vec<u32>,
    },
    TieBreak {
        seats: Vec<Seat>,
    },
    /// The game reached its turn limit and ends now: the round is placed by fewest cards.
    TurnLimit {
        turns: u32,
    },
    GameOver {
        winner: Seat,
    },
}

/// The cards that answer a pending pick-up, as the rules name them: a rank, in one colour or in
/// either, in the order the rules list their powers (so a refusal reads "a black 2 or a red 2"
/// as the rules do). Data, not words: the words are [`Refusal`]'s, and a refusal allocates nothing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answers {
    /// Filled from the front; `None` after the last.
    named: [Option<(Rank, Option<Colour>)>; Answers::MAX],
}

impl Answers {
    /// Checked rules give a card one effect, so a rank answers at most in its two colours.
    pub const MAX: usize = 26;

    /// Adds `rank` (in `colour` only, or in either) unless it is already there. Checked rules never
    /// name more than [`Answers::MAX`]; past that, more are left out rather than overflow.
    pub fn add(&mut self, rank: Rank, colour: Option<Colour>) {
        let entry = Some((rank, colour));
        if self.named.contains(&entry) {
            return;
        }
        if let Some(free) = self.named.iter_mut().find(|e| e.is_none()) {
            *free = entry;
        }
    }

    /// The answering ranks and colours (`None`: either colour), in the rules' order.
    pub fn iter(&self) -> impl Iterator<Item = (Rank, Option<Colour>)> + '_ {
        self.named.iter().flatten().copied()
    }
}

/// Why an action was refused. The text is written for the player who tried it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    GameOver,
    NoSuchSeat,
    NotInRound,
    NotYourTurn,
    NotInHand,
    MustNameSuit,
    NoSuitToName,
    /// A pick-up is pending: only `answers` or picking up.
    MustAnswerPickUp {
        cards: u16,
        answers: Answers,
    },
    /// The card does not follow the top card (or the run).
    DoesNotFollow {
        card: Card,
        onto: Card,
    },
    /// The last card laid must be covered first (an eight's follow-on, a queen).
    MustCover,
    /// A pick-up is owed for a missed "Last card".
    MustPickUp,
    CannotDraw,
    CannotPass,
    NothingToFinish,
    NoClock,
    NoLastCardRule,
    AlreadyCalled,
    CallNotTrue {
        cards: usize,
    },
    NotAccusable,
    CannotAccuseSelf,
    Cooldown,
    NoSuchAccusation,
    DisputeClosed,
    CannotDisputeOwn,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => write!(f, "the game is over"),
            Refusal::NoSuchSeat => write!(f, "there is no such seat"),
            Refusal::NotInRound => write!(f, "that seat is not playing this round"),
            Refusal::NotYourTurn => write!(f, "it is not your turn"),
            Refusal::NotInHand => write!(f, "that card is not in your hand"),
            Refusal::MustNameSuit => write!(f, "name a suit first"),
            Refusal::NoSuitToName => write!(f, "there is no suit to name now"),
            Refusal::MustAnswerPickUp { cards, answers } => {
                write!(f, "a pick-up of {cards} is pending: play ")?;
                for (i, (rank, colour)) in answers.iter().enumerate() {
                    let colour = match colour {
                        Some(Colour::Red) => "a red ",
                        Some(Colour::Black) => "a black ",
                        None => "a ",
                    };
                    write!(f, "{}{colour}{}", if i == 0 { "" } else { " or " }, rank.name())?;
                }
                write!(f, " or pick up {cards}")
            }
            Refusal::DoesNotFollow { card, onto } => write!(f, "{} does not follow {}", card.name(), onto.name()),
            Refusal::MustCover => {
                write!(f, "the last card must be covered: play another card (or pick up if you cannot)")
            }
            Refusal::MustPickUp => write!(f, "you missed \"Last card\": this turn you must pick up"),
            Refusal::CannotDraw => write!(f, "you cannot pick up now"),
            Refusal::CannotPass => write!(f, "you cannot pass now"),
            Refusal::NothingToFinish => write!(f, "there is no run to finish"),
            Refusal::NoClock => write!(f, "these rules have no clock"),
            Refusal::NoLastCardRule => write!(f, "these rules have no \"Last card\" call"),
            Refusal::AlreadyCalled => write!(f, "you have already called"),
            Refusal::CallNotTrue { cards } => write!(f, "you have {cards} cards, not one"),
            Refusal::NotAccusable => write!(f, "that is not something to call out under these rules"),
            Refusal::CannotAccuseSelf => write!(f, "you cannot call yourself out"),
            Refusal::Cooldown => write!(f, "one call-out per turn"),
            Refusal::NoSuchAccusation => write!(f, "there is no such call-out"),
            Refusal::DisputeClosed => write!(f, "too late to dispute that call-out"),
            Refusal::CannotDisputeOwn => write!(f, "you cannot dispute your own call-out"),
        }
    }
}

/// A refused action, handed back with the reason; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    pub action: Action,
    pub reason: Refusal,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} refused: {}", self.action, self.reason)
    }
}
impl std::error::Error for IllegalAction {}

/// The current player's turn actions as one bit set, in [`Action`] order: bit `i` below 52 lays
/// the card of index `i` ([`Card::index`]), bits 52 to 55 name a suit ([`Suit::ALL`] order), then
/// pick up, pass and finish. Walking the bits upwards lists the actions sorted, as
/// [`crate::engine::shedding::Game::legal_actions`] does; the hot path (search, simulations)
/// never builds that list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LegalSet {
    bits: u64,
    seat: Seat,
}

const CARD_BITS: u64 = (1 << 52) - 1;
const NAME_SUIT: u32 = 52;
const DRAW: u32 = 56;
const PASS: u32 = 57;
const FINISH: u32 = 58;

impl LegalSet {
    /// Nothing to do (the game is over).
    pub(crate) fn none(seat: Seat) -> LegalSet {
        LegalSet { bits: 0, seat }
    }
    /// Naming one of the four suits.
    pub(crate) fn name_suit(seat: Seat) -> LegalSet {
        LegalSet { bits: 0xf << NAME_SUIT, seat }
    }
    /// Laying the cards of `plays`, and picking up, passing or finishing as the flags say.
    #[inline]
    pub(crate) fn turn(seat: Seat, plays: u64, draw: bool, pass: bool, finish: bool) -> LegalSet {
        let flags = (draw as u64) << DRAW | (pass as u64) << PASS | (finish as u64) << FINISH;
        LegalSet { bits: plays | flags, seat }
    }
    /// The turn actions among `actions` (a view's legal list).
    pub fn of(seat: Seat, actions: &[Action]) -> LegalSet {
        let bits = actions.iter().filter_map(|&a| bit_of(a)).fold(0, |m, i| m | 1 << i);
        LegalSet { bits, seat }
    }
    /// The seat whose turn it is.
    pub fn seat(&self) -> Seat {
        self.seat
    }
    /// The cards that may be laid, as a bit set over card indices.
    #[inline]
    pub fn plays(&self) -> u64 {
        self.bits & CARD_BITS
    }
    pub fn names_suit(&self) -> bool {
        self.bits >> NAME_SUIT & 0xf != 0
    }
    pub fn may_draw(&self) -> bool {
        self.bits >> DRAW & 1 != 0
    }
    pub fn may_pass(&self) -> bool {
        self.bits >> PASS & 1 != 0
    }
    pub fn may_finish(&self) -> bool {
        self.bits >> FINISH & 1 != 0
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.bits.count_ones() as usize
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.bits == 0
    }
    pub fn contains(&self, action: Action) -> bool {
        action.seat() == self.seat && bit_of(action).is_some_and(|i| self.bits >> i & 1 != 0)
    }
    /// The `k`-th action in order (`k < len()`): a uniformly random legal action is
    /// `nth(rng.below(len))`, the same pick as from the sorted list.
    #[inline]
    pub fn nth(&self, k: usize) -> Action {
        let mut bits = self.bits;
        // The first three steps without a branch (a random pick's `k` is random, and a loop's
        // exit mispredicted on most calls); the rare longer pick loops on.
        for step in 0..3 {
            let cleared = bits & bits.wrapping_sub(1);
            bits = if k > step { cleared } else { bits };
        }
        for _ in 3..k {
            bits &= bits.wrapping_sub(1);
        }
        debug_assert!(bits != 0, "nth({k}) of {} actions", self.len());
        let i = bits.trailing_zeros();
        // Whether the pick is a card, from the count of cards rather than from the index just
        // found: the branch then waits for the random number only, not for the bit search too,
        // and a random pick mispredicts it often.
        if k < self.plays().count_ones() as usize {
            Action::Play { seat: self.seat, card: super::hand::card_at(i as usize) }
        } else {
            self.action(i)
        }
    }
    /// The actions in order.
    pub fn iter(&self) -> impl Iterator<Item = Action> {
        let (mut bits, set) = (self.bits, *self);
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                set.action(i)
            })
        })
    }
    #[inline]
    fn action(&self, i: u32) -> Action {
        let seat = self.seat;
        match i {
            0..NAME_SUIT => Action::Play { seat, card: super::hand::card_at(i as usize) },
            NAME_SUIT..DRAW => Action::NameSuit { seat, suit: Suit::ALL[(i - NAME_SUIT) as usize] },
            DRAW => Action::Draw { seat },
            PASS => Action::Pass { seat },
            _ => Action::Finish { seat },
        }
    }
}

/// The bit of a turn action in a [`LegalSet`]; `None` for the other actions.
fn bit_of(action: Action) -> Option<u32> {
    match action {
        Action::Play { card, .. } => Some(card.index() as u32),
        Action::NameSuit { suit, .. } => Some(NAME_SUIT + suit.index() as u32),
        Action::Draw { .. } => Some(DRAW),
        Action::Pass { .. } => Some(PASS),
        Action::Finish { .. } => Some(FINISH),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_keep_the_rules_order_name_each_card_once_and_never_overflow() {
        let mut a = Answers::default();
        a.add(Rank::Jack, Some(Colour::Red));
        a.add(Rank::Two, None);
        a.add(Rank::Jack, Some(Colour::Red));
        a.add(Rank::Jack, Some(Colour::Black));
        let refusal = Refusal::MustAnswerPickUp { cards: 5, answers: a };
        assert_eq!(
            refusal.to_string(),
            "a pick-up of 5 is pending: play a red Jack or a 2 or a black Jack or pick up 5"
        );
        // More than any checked rules name (every rank in three ways): the first MAX stay.
        let mut full = Answers::default();
        for rank in Rank::ALL {
            for colour in [None, Some(Colour::Red), Some(Colour::Black)] {
                full.add(rank, colour);
            }
        }
        assert_eq!(full.iter().count(), Answers::MAX);
        assert_eq!(full.iter().next(), Some((Rank::ALL[0], None)));
    }
}
