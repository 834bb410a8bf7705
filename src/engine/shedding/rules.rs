//! Rules as data. A [`RuleSpec`] is an unchecked description (what a preset, a house-rule
//! form or a share link produces); [`Rules::new`] is the one door to a checked [`Rules`],
//! and it reports every problem it finds, not only the first.

use crate::engine::cards::{Card, Colour, Rank};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which cards may follow the top card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Follow {
    /// Same suit or same rank (Taylor, British, Crazy Eights, Switch).
    SuitOrRank,
    /// Same rank, or the next rank up or down in the same suit (Priestly College).
    AdjacentInSuitOrRank,
}

/// What a power card does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    /// The next player picks up `cards` unless they answer with a card of the same pick-up `group`.
    PickUp { group: u8, cards: u8 },
    /// Answers a pending pick-up of `group`, reducing it by `cards` (Taylor's red two and red jack).
    ReducePickUp { group: u8, cards: u8 },
    /// Answers a pending pick-up of `group`, cancelling all of it (British red jack).
    CancelPickUp { group: u8 },
    /// The direction of play reverses.
    Reverse,
    /// The next `players` players miss their turn.
    Skip { players: u8 },
    /// The player must at once lay any other card; with none left, they draw (Taylor's eight).
    FollowOn,
    /// The player may go on laying any cards of this card's suit, then says "Finished" (Taylor's ten).
    SuitRun,
    /// The turn may not end on this card: it must be covered by a card that follows it, or
    /// the player picks up one (Priestly's queen).
    MustCover,
    /// The player names the suit the next card must follow. `wild`: playable on any card
    /// (except on a pending pick-up); otherwise only where it follows normally.
    /// `ends_turn`: naming the suit ends the turn even in a run (Priestly).
    ChangeSuit { wild: bool, ends_turn: bool },
}

impl Effect {
    pub fn describe(&self) -> String {
        match *self {
            Effect::PickUp { cards, .. } => format!("next player picks up {cards}"),
            Effect::ReducePickUp { cards, .. } => format!("reduces a pending pick-up by {cards}"),
            Effect::CancelPickUp { .. } => "cancels a pending pick-up".into(),
            Effect::Reverse => "reverses the direction of play".into(),
            Effect::Skip { players: 1 } => "next player misses a turn".into(),
            Effect::Skip { players } => format!("next {players} players miss a turn"),
            Effect::FollowOn => "must be followed at once by any other card".into(),
            Effect::SuitRun => "may be followed by any cards of its suit".into(),
            Effect::MustCover => "must be covered by a card that follows it".into(),
            Effect::ChangeSuit { wild: true, .. } => "plays on anything and names the next suit".into(),
            Effect::ChangeSuit { .. } => "names the next suit".into(),
        }
    }
    pub fn pickup_group(&self) -> Option<u8> {
        match *self {
            Effect::PickUp { group, .. } | Effect::ReducePickUp { group, .. } | Effect::CancelPickUp { group } => {
                Some(group)
            }
            _ => None,
        }
    }
}

/// A card that has an effect: a rank, optionally only in one colour ("black jack").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Power {
    pub rank: Rank,
    pub colour: Option<Colour>,
    pub effect: Effect,
}

impl Power {
    pub fn matches(&self, card: Card) -> bool {
        card.rank == self.rank && self.colour.is_none_or(|c| c == card.colour())
    }
}

/// Which cards take effect when a turn lays several.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TurnEffects {
    /// Only the last card laid takes effect (Taylor: "Only the last of the cards laid ... takes effect").
    LastCard,
    /// Every card laid takes effect in order: eights add skips, tens reverse, pick-ups add up (Priestly).
    EveryCard,
}

/// Priestly's runs: after a card, the same player may lay more cards, each following the one before.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Runs {
    /// Once a run has gone up (or down) it keeps that direction.
    pub keep_direction: bool,
}

/// How pending pick-ups may be answered.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stacking {
    /// Only with a card of the same pick-up group (twos on twos, jacks on jacks).
    SameGroup,
    /// With any pick-up card: the groups stack on one another (Priestly).
    AnyPickUp,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawRule {
    /// A player may pick up even when they could play (British says yes; a house rule says no).
    pub may_draw_when_able: bool,
    /// How many single cards one turn may draw (1 for the party games; 5 in OpenSpiel's Crazy Eights).
    pub max_draws: u8,
    /// Whether a card may be played after drawing in the same turn (Taylor: "may not draw cards
    /// and then immediately play one of them").
    pub play_after_draw: bool,
}

/// What happens when the face-down stock runs out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refill {
    /// Turn the face-up cards (all but the top one) over as they lie, without shuffling (Taylor).
    TurnOver,
    /// Keep the top card and shuffle the rest into a new stock (British, Priestly).
    Reshuffle,
    /// No refill: a player who cannot play passes (OpenSpiel's Crazy Eights default).
    Never,
}

/// What the first card turned up does.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstCard {
    /// It acts as if the dealer had played it: a seven reverses, an eight skips the first player,
    /// a black two makes the first player pick up (British, stated for 7 and 8).
    AsIfDealerPlayed,
    /// It is an ordinary card to follow.
    Neutral,
    /// A wild card is put back into the stock and another turned (OpenSpiel's Crazy Eights).
    RedrawWild,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TwoPlayerReverse {
    /// Reversing between two players changes nothing (Priestly: "has no use in a 2 player game").
    NoEffect,
    /// Reversing acts as a skip: the same player goes again (British).
    ActsAsSkip,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CallWhen {
    /// The call is true only with exactly one card in hand.
    OneCardLeft,
    /// "Last card(s)": a player may call whenever they think they can go out next turn.
    Anytime,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CallDeadline {
    /// Before the next card is laid by anyone (Taylor).
    NextCard,
    /// Before the next player has made their move (British).
    NextPlayerMoves,
    /// Before the caller's own next turn (Priestly).
    OwnNextTurn,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CallPenalty {
    /// Pick up this many when caught (Taylor: seven).
    PickUp(u8),
    /// Their next turn must be a pick-up of one, even if they could go out (British).
    DrawNextTurn,
    /// They cannot go out: laying their last card(s) without the call makes them pick up one (Priestly).
    CannotGoOut,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Enforcement {
    /// The table (any other seat) must call the offender out; see [`Penalties::false_accusation`].
    Accusation,
    /// The referee applies it as soon as the deadline passes.
    Automatic,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastCardRule {
    pub when: CallWhen,
    pub deadline: CallDeadline,
    pub penalty: CallPenalty,
    pub enforcement: Enforcement,
    /// Cards picked up for calling "Last card" when it is not true; `None`: such a call is refused.
    pub false_call: Option<u8>,
}

/// Table infringements and what they cost (cards picked up). `None`: not penalised (and for
/// out-of-turn and wrong plays, not allowed at all: the action is refused).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Penalties {
    /// The quick-play clock ran out: the player picks up instead of playing (plus any pending pick-up).
    pub timeout: Option<u8>,
    /// Laying a card when it is not your turn.
    pub out_of_turn: Option<u8>,
    /// Laying a card that may not be laid now, in your turn (the turn ends; a pending pick-up is added).
    pub wrong_card: Option<u8>,
    /// Saying "sorry", or saying whose turn it is.
    pub table_talk: Option<u8>,
    /// Calling someone out for an infringement they did not commit, or disputing a correct call-out.
    pub false_accusation: Option<u8>,
}

impl Penalties {
    pub const NONE: Penalties =
        Penalties { timeout: None, out_of_turn: None, wrong_card: None, table_talk: None, false_accusation: None };
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieBreak {
    /// Everyone who reached the target in the same round plays a tie-breaker round (British, as written).
    AllAtTarget,
    /// Only players level on the highest score play it off.
    HighestOnly,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scoring {
    /// One round; the first player out wins.
    FirstOut,
    /// Rounds are played until one player is left; places score players-1 ... 0 points and the
    /// match goes to `target_base + players` points (British: 10 for two, 11 for three, 12 for four).
    Places { target_base: u8, tie_break: TieBreak },
}

/// An unchecked rule set: every option of the shedding family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RuleSpec {
    pub name: String,
    pub min_players: u8,
    pub max_players: u8,
    pub hand_size: u8,
    /// A different hand size for two players (OpenSpiel's Crazy Eights deals 7 then, else 5).
    pub hand_size_two_players: Option<u8>,
    /// Two decks are shuffled together above this many players.
    pub one_deck_max_players: u8,
    pub follow: Follow,
    pub powers: Vec<Power>,
    pub turn_effects: TurnEffects,
    pub runs: Option<Runs>,
    pub stacking: Stacking,
    pub draw: DrawRule,
    pub refill: Refill,
    pub first_card: FirstCard,
    pub two_player_reverse: TwoPlayerReverse,
    pub last_card: Option<LastCardRule>,
    /// The quick-play clock in milliseconds (the page runs it; the engine sees only `Timeout`;
    /// a move gets [`CLOCK_GRACE_MS`] more).
    pub clock_ms: Option<u32>,
    pub penalties: Penalties,
    pub scoring: Scoring,
    /// A round ends after this many cards have been laid; the fewest cards in hand wins it.
    /// It guarantees an end (OpenSpiel's Crazy Eights: 100).
    pub max_plays: u32,
}

/// The largest play limit a round may have ([`RuleSpec::max_plays`]).
pub const MAX_PLAYS: u32 = 5000;
/// The most cards one power card may make a player pick up (or take off a pick-up), and the most
/// players it may skip: the new-game form offers 1 to 30.
pub const MAX_EFFECT_COUNT: u8 = 30;
/// Pick-up groups are numbered 0 to this (the form offers four).
pub const MAX_GROUP: u8 = 9;
/// The quick-play clock's grace: a move that lands within this long after the ring runs out
/// still counts, so a tap in flight as the ring ends is played, not timed out. The page's clock
/// (and the host's at a table with friends) sends the `Timeout` this much after the ring ends;
/// the engine reads no clock. The rules pages say it ("The clock").
pub const CLOCK_GRACE_MS: u32 = 300;

/// One thing wrong with a [`RuleSpec`]: typed, so the page can say it in players' words (the
/// texts here are for developers: they name the spec's fields).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    NoName,
    TooFewPlayers(u8),
    TooManySeats(u8),
    MinAboveMax {
        min: u8,
        max: u8,
    },
    NoHand,
    NoHandForTwo,
    /// This many players dealt this many cards leave under 5 to draw from `decks` decks.
    DeckTooSmall {
        players: u8,
        hand: u8,
        decks: u32,
    },
    /// A wild first card goes back, so the deal must leave a card that is not wild.
    AllWild,
    NoDraws,
    /// Several draws a turn without playing after drawing: the first draw would end the turn.
    DrawsEndTurn,
    PlayLimit,
    ClockTooFast(u32),
    ClockWithoutTimeout,
    NoTarget,
    AccusationWithoutPenalty,
    AnytimeCallCannotBeFalse,
    ZeroCallPenalty,
    TwoEffects {
        card: Card,
        count: u8,
    },
    PickUpNothing(Rank),
    SkipNobody(Rank),
    /// A power's count or pick-up group is out of range.
    OutOfRange(Rank),
    NoPickUpInGroup {
        rank: Rank,
        group: u8,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::NoName => write!(f, "the rule set needs a name"),
            Problem::TooFewPlayers(n) => write!(f, "at least two players are needed, not {n}"),
            Problem::TooManySeats(n) => write!(f, "at most 12 seats are supported, not {n}"),
            Problem::MinAboveMax { min, max } => write!(f, "min_players {min} is above max_players {max}"),
            Problem::NoHand => write!(f, "hand_size must be at least 1"),
            Problem::NoHandForTwo => {
                write!(f, "two players must be dealt at least one card each (hand_size_two_players)")
            }
            Problem::DeckTooSmall { players, hand, decks } => write!(
                f,
                "{players} players with {hand} cards each need {} of {} cards ({decks} deck(s)), leaving under 5 to draw: lower hand_size, max_players or one_deck_max_players",
                players as u32 * hand as u32 + 1,
                decks * 52
            ),
            Problem::AllWild => write!(f, "a wild first card goes back and another is turned up, so the deal must leave a card that is not wild: make fewer cards wild, deal fewer, or let the first card stand"),
            Problem::NoDraws => write!(f, "draw.max_draws must be at least 1"),
            Problem::DrawsEndTurn => {
                write!(f, "draw.max_draws above 1 needs draw.play_after_draw (otherwise the first draw ends the turn)")
            }
            Problem::PlayLimit => write!(f, "the play limit must be 1 to {MAX_PLAYS} cards a round"),
            Problem::ClockTooFast(ms) => write!(f, "a clock of {ms} ms is too fast to play"),
            Problem::ClockWithoutTimeout => write!(f, "penalties.timeout and clock_ms go together: set both or neither"),
            Problem::NoTarget => write!(f, "a match target needs target_base of at least 1"),
            Problem::AccusationWithoutPenalty => {
                write!(f, "last-card calls enforced by accusation need penalties.false_accusation")
            }
            Problem::AnytimeCallCannotBeFalse => {
                write!(f, "a call allowed at any time cannot be false: drop last_card.false_call")
            }
            Problem::ZeroCallPenalty => write!(f, "a last-card penalty of picking up 0 is no penalty"),
            Problem::TwoEffects { card, count } => {
                write!(f, "{} has {count} effects; give each card at most one", card.name())
            }
            Problem::PickUpNothing(rank) => write!(f, "{}: a pick-up of 0 cards does nothing", rank.name()),
            Problem::SkipNobody(rank) => write!(f, "{}: skipping 0 players does nothing", rank.name()),
            Problem::OutOfRange(rank) => write!(
                f,
                "{}: out of range (at most {MAX_EFFECT_COUNT} cards or players; pick-up groups 0 to {MAX_GROUP})",
                rank.name()
            ),
            Problem::NoPickUpInGroup { rank, group } => write!(
                f,
                "{} answers pick-up group {group}, but no card starts a pick-up in that group",
                rank.name()
            ),
        }
    }
}

/// Every problem found in a [`RuleSpec`].
#[derive(Clone, Debug, PartialEq)]
pub struct RulesError {
    pub spec: Box<RuleSpec>,
    pub problems: Vec<Problem>,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "the rule set \"{}\" has {} problem(s):", self.spec.name, self.problems.len())?;
        for p in &self.problems {
            writeln!(f, "- {p}")?;
        }
        Ok(())
    }
}
impl std::error::Error for RulesError {}

/// A checked rule set, with a lookup table from card to effect.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rules {
    spec: RuleSpec,
    #[serde(skip)]
    effects: [Option<Effect>; 52],
    /// The same effects as bit sets over card indices, for the engine's hot path.
    #[serde(skip)]
    masks: Masks,
}

/// What the rules make of each card, as bit sets over card indices ([`Card::index`]).
#[derive(Clone, Debug, Default, PartialEq)]
struct Masks {
    /// Wild suit changers: playable on any card (but not on a pending pick-up).
    wild: u64,
    /// Every card that starts a pick-up (each answers any pick-up when the groups stack).
    pickups: u64,
    /// The cards of each pick-up group: those that start, reduce or cancel one.
    groups: [u64; MAX_GROUP as usize + 1],
    stack_any: bool,
    /// Cards a turn may not end on: a follow-on or a card that must be covered.
    covered: u64,
    /// Cards that open a suit sequence.
    suit_run: u64,
    /// Suit changers, and those of them that end the turn.
    change_suit: u64,
    ends_turn: u64,
    /// Cards that do something when a turn resolves: start or reduce a pick-up, skip, reverse.
    /// Any other card laid cancels a pick-up and does nothing else.
    resolves: u64,
}

impl Masks {
    fn new(spec: &RuleSpec, effects: &[Option<Effect>; 52]) -> Masks {
        let mut m = Masks { stack_any: spec.stacking == Stacking::AnyPickUp, ..Masks::default() };
        for (i, e) in effects.iter().enumerate() {
            let bit = 1u64 << i;
            match *e {
                Some(Effect::ChangeSuit { wild, ends_turn }) => {
                    m.change_suit |= bit;
                    m.wild |= if wild { bit } else { 0 };
                    m.ends_turn |= if ends_turn { bit } else { 0 };
                }
                Some(Effect::PickUp { .. }) => {
                    m.pickups |= bit;
                    m.resolves |= bit;
                }
                Some(Effect::ReducePickUp { .. } | Effect::Skip { .. } | Effect::Reverse) => m.resolves |= bit,
                Some(Effect::FollowOn | Effect::MustCover) => m.covered |= bit,
                Some(Effect::SuitRun) => m.suit_run |= bit,
                _ => {}
            }
            if let Some(g) = e.and_then(|e| e.pickup_group()) {
                if let Some(a) = m.groups.get_mut(g as usize) {
                    *a |= bit;
                }
            }
        }
        m
    }
}

impl Rules {
    /// The one way to a checked rule set: returns every problem, or the rules.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::shedding::{Preset, Problem, Rules};
    ///
    /// let rules = Rules::new(Preset::Taylor.spec()).expect("every preset is a valid rule set");
    /// assert_eq!(rules.spec(), &Preset::Taylor.spec());
    ///
    /// // A spec that could not make a game is refused with every problem at once.
    /// let mut spec = Preset::Taylor.spec();
    /// spec.hand_size = 0;
    /// spec.max_players = 20;
    /// let refused = Rules::new(spec).unwrap_err();
    /// assert!(refused.problems.contains(&Problem::NoHand));
    /// assert!(refused.problems.contains(&Problem::TooManySeats(20)));
    /// ```
    ///
    /// # Errors
    ///
    /// A [`RulesError`] listing every [`Problem`] found, when the spec could not make a fair,
    /// finite game.
    pub fn new(spec: RuleSpec) -> Result<Rules, RulesError> {
        let mut problems = Vec::new();
        let mut p = |problem: Problem| problems.push(problem);
        if spec.name.trim().is_empty() {
            p(Problem::NoName);
        }
        if spec.min_players < 2 {
            p(Problem::TooFewPlayers(spec.min_players));
        }
        if spec.max_players > 12 {
            p(Problem::TooManySeats(spec.max_players));
        }
        if spec.min_players > spec.max_players {
            p(Problem::MinAboveMax { min: spec.min_players, max: spec.max_players });
        }
        if spec.hand_size == 0 {
            p(Problem::NoHand);
        }
        if spec.hand_size_two_players == Some(0) {
            p(Problem::NoHandForTwo);
        }
        // A wild first card is turned back until one that is not wild turns up: one must be left
        // after the deal, whatever the shuffle, or the deal would never end.
        // (Cards of a rank with two effects are counted twice: that is refused below anyway.)
        let wild_per_deck = spec
            .powers
            .iter()
            .filter(|pw| matches!(pw.effect, Effect::ChangeSuit { wild: true, .. }))
            .map(|pw| if pw.colour.is_some() { 2 } else { 4 })
            .sum::<u32>()
            .min(52);
        // Tie-breaker rounds deal fewer players than the table: check every count from two.
        let fewest = if matches!(spec.scoring, Scoring::Places { .. }) { 2 } else { spec.min_players.max(2) };
        for players in fewest..=spec.max_players.min(12) {
            let decks = if players > spec.one_deck_max_players { 2 } else { 1 };
            let hand = if players == 2 { spec.hand_size_two_players.unwrap_or(spec.hand_size) } else { spec.hand_size };
            let dealt = players as u32 * hand as u32 + 1;
            if dealt + 5 > decks * 52 {
                p(Problem::DeckTooSmall { players, hand, decks });
                break;
            }
            let plain = decks * (52 - wild_per_deck);
            if spec.first_card == FirstCard::RedrawWild && plain < dealt {
                p(Problem::AllWild);
                break;
            }
        }
        if spec.draw.max_draws == 0 {
            p(Problem::NoDraws);
        }
        if spec.draw.max_draws > 1 && !spec.draw.play_after_draw {
            p(Problem::DrawsEndTurn);
        }
        if spec.max_plays == 0 || spec.max_plays > MAX_PLAYS {
            p(Problem::PlayLimit);
        }
        if spec.clock_ms.is_some_and(|ms| ms < 500) {
            p(Problem::ClockTooFast(spec.clock_ms.unwrap_or(0)));
        }
        if spec.penalties.timeout.is_some() != spec.clock_ms.is_some() {
            p(Problem::ClockWithoutTimeout);
        }
        if let Scoring::Places { target_base, .. } = spec.scoring {
            if target_base == 0 {
                p(Problem::NoTarget);
            }
        }
        if let Some(lc) = spec.last_card {
            if lc.enforcement == Enforcement::Accusation && spec.penalties.false_accusation.is_none() {
                p(Problem::AccusationWithoutPenalty);
            }
            if lc.when == CallWhen::Anytime && lc.false_call.is_some() {
                p(Problem::AnytimeCallCannotBeFalse);
            }
            if lc.penalty == CallPenalty::PickUp(0) {
                p(Problem::ZeroCallPenalty);
            }
        }
        let mut effects: [Option<Effect>; 52] = [None; 52];
        for (i, slot) in effects.iter_mut().enumerate() {
            let card = Card::from_index(i);
            let matching: Vec<&Power> = spec.powers.iter().filter(|pw| pw.matches(card)).collect();
            if matching.len() > 1 {
                p(Problem::TwoEffects { card, count: matching.len() as u8 });
            }
            *slot = matching.first().map(|pw| pw.effect);
        }
        for pw in &spec.powers {
            match pw.effect {
                Effect::PickUp { cards: 0, .. } | Effect::ReducePickUp { cards: 0, .. } => {
                    p(Problem::PickUpNothing(pw.rank))
                }
                Effect::Skip { players: 0 } => p(Problem::SkipNobody(pw.rank)),
                Effect::PickUp { cards: n, group } | Effect::ReducePickUp { cards: n, group }
                    if n > MAX_EFFECT_COUNT || group > MAX_GROUP =>
                {
                    p(Problem::OutOfRange(pw.rank))
                }
                Effect::Skip { players: n } if n > MAX_EFFECT_COUNT => p(Problem::OutOfRange(pw.rank)),
                Effect::CancelPickUp { group } if group > MAX_GROUP => p(Problem::OutOfRange(pw.rank)),
                _ => {}
            }
            if let Some(g) = pw.effect.pickup_group() {
                let has_pickup =
                    spec.powers.iter().any(|o| matches!(o.effect, Effect::PickUp { group, .. } if group == g));
                if !has_pickup {
                    p(Problem::NoPickUpInGroup { rank: pw.rank, group: g });
                }
            }
        }
        if problems.is_empty() {
            let masks = Masks::new(&spec, &effects);
            Ok(Rules { spec, effects, masks })
        } else {
            Err(RulesError { spec: Box::new(spec), problems })
        }
    }

    pub fn spec(&self) -> &RuleSpec {
        &self.spec
    }
    pub fn effect(&self, card: Card) -> Option<Effect> {
        self.effects[card.index()]
    }
    /// The cards that answer a pending pick-up of `group`, as a bit set over card indices.
    pub fn answers_mask(&self, group: u8) -> u64 {
        let m = &self.masks;
        m.groups.get(group as usize).copied().unwrap_or(0) | if m.stack_any { m.pickups } else { 0 }
    }
    /// The wild suit changers, as a bit set over card indices.
    pub fn wild_mask(&self) -> u64 {
        self.masks.wild
    }
    /// Whether a turn may not end on `card` (a follow-on, or a card that must be covered).
    #[inline]
    pub(crate) fn is_covered(&self, card: Card) -> bool {
        self.masks.covered & 1 << card.index() != 0
    }
    /// Whether `card` opens a suit sequence.
    #[inline]
    pub(crate) fn is_suit_run(&self, card: Card) -> bool {
        self.masks.suit_run & 1 << card.index() != 0
    }
    /// Whether `card` changes the suit; and whether it also ends the turn.
    #[inline]
    pub(crate) fn is_change_suit(&self, card: Card) -> bool {
        self.masks.change_suit & 1 << card.index() != 0
    }
    /// Whether `card` does something when the turn resolves (see `Masks::resolves`): most
    /// cards do not, and a bit test is a branch predicted far better than a match on the effect.
    #[inline]
    pub(crate) fn resolves(&self, card: Card) -> bool {
        self.masks.resolves & 1 << card.index() != 0
    }
    #[inline]
    pub(crate) fn ends_turn(&self, card: Card) -> bool {
        self.masks.ends_turn & 1 << card.index() != 0
    }
    pub fn decks_for(&self, players: u8) -> u8 {
        if players > self.spec.one_deck_max_players {
            2
        } else {
            1
        }
    }
    pub fn hand_size_for(&self, players: u8) -> u8 {
        if players == 2 {
            self.spec.hand_size_two_players.unwrap_or(self.spec.hand_size)
        } else {
            self.spec.hand_size
        }
    }
}

impl<'de> Deserialize<'de> for Rules {
    /// Rules read from a save or a link go through the same checks as any other.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        struct Wire {
            spec: RuleSpec,
        }
        let w = Wire::deserialize(d)?;
        Rules::new(w.spec).map_err(serde::de::Error::custom)
    }
}
