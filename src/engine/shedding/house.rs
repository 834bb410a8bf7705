//! House rules: every option of a [`RuleSpec`] as a named setting with a one-line explanation,
//! read and written as short text values. The new-game form lists them, and a share link or a
//! saved game carries a rule set as its preset plus the settings that differ ("overrides"):
//!
//! ```text
//! clock=3000~draw_able=0~p.J.b=p1-5
//! ```
//!
//! Overrides are applied in the order of [`house_rules`] (a switch before the settings that
//! depend on it), and every problem is reported (an [`OverrideProblem`]), not only the first; the result still goes
//! through [`Rules::new`](super::Rules::new), the one door to a checked rule set.

use super::rules::*;
use crate::engine::cards::{Colour, Rank};
use crate::engine::text::{ascii_number, shown};
use std::borrow::Cow;

/// How a setting is edited.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// "1" or "0".
    Flag,
    /// A whole number in this range; where the help says so, 0 means "off".
    Number { min: u32, max: u32 },
    /// One of these codes (their labels, for the form: [`HouseRule::choice_labels`]).
    Choice(&'static [&'static str]),
    /// What a power card does: an [`effect_code`].
    Power,
}

#[derive(Clone, Copy, Debug)]
enum Access {
    Scalar(fn(&RuleSpec) -> String, fn(&mut RuleSpec, &str) -> Option<()>),
    Power(Rank, Colour),
}

/// One house-rule setting.
#[derive(Clone, Debug)]
pub struct HouseRule {
    // Borrowed text for the fixed rules (no allocation, and less code in every page that reads
    // a link); owned only for the generated power-card rules.
    pub key: Cow<'static, str>,
    pub label: Cow<'static, str>,
    pub kind: Kind,
    access: Access,
}

/// Why a house-rule setting was not taken. Text from the overrides is kept as [`shown`] quotes
/// it (at most 24 characters): it comes from links and saves. The words are `Display`'s.
#[derive(Clone, Debug, PartialEq)]
pub enum OverrideProblem {
    /// "key=value" with a key no house rule has.
    UnknownRule(String),
    /// An item with no "=" in it.
    NotASetting(String),
    /// A value the setting does not take; `label` and `kind` are the setting's, for the words.
    BadValue { key: Cow<'static, str>, label: Cow<'static, str>, kind: Kind, value: String },
    /// A detail of something switched off: a "Last card" deadline with no call, a target without rounds.
    DoesNotApply { key: Cow<'static, str>, label: Cow<'static, str> },
}

impl std::fmt::Display for OverrideProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OverrideProblem::UnknownRule(key) => write!(f, "there is no house rule \"{key}\""),
            OverrideProblem::NotASetting(item) => write!(f, "\"{item}\" is not a setting (key=value)"),
            OverrideProblem::BadValue { label, kind, value, .. } => {
                write!(f, "{label}: \"{value}\" is not a possible value")?;
                match kind {
                    Kind::Flag => f.write_str(" (1 or 0)"),
                    Kind::Number { min, max } => write!(f, " ({min} to {max})"),
                    Kind::Choice(c) => write!(f, " ({})", c.join(", ")),
                    Kind::Power => f.write_str(" (see the effect codes)"),
                }
            }
            OverrideProblem::DoesNotApply { label, .. } => write!(f, "{label}: does not apply to these rules"),
        }
    }
}

impl std::error::Error for OverrideProblem {}

impl HouseRule {
    /// The labels of a choice's codes, in order, for the form (kept with the help sentences).
    pub fn choice_labels(&self) -> &'static [&'static str] {
        SCALAR_RULES.iter().position(|r| r.key == self.key).map_or(&[], |i| SCALAR_HELP[i].1)
    }

    /// A sentence on what the setting does, for the form. Kept apart from the rules' table
    /// (`SCALAR_HELP`), so a page that only reads links does not carry the sentences.
    pub fn help(&self) -> Cow<'static, str> {
        match self.access {
            Access::Scalar(..) => {
                let at = SCALAR_RULES.iter().position(|r| r.key == self.key);
                Cow::Borrowed(at.map_or("", |i| SCALAR_HELP[i].0))
            }
            Access::Power(rank, colour) => {
                let lower = RANK_WORDS[Rank::ALL.iter().position(|r| *r == rank).unwrap_or(0)];
                let colour = if colour == Colour::Black { "black" } else { "red" };
                format!("What a {colour} {lower} does.").into()
            }
        }
    }

    /// The setting's value in `spec`; "" when it does not apply (a "Last card" detail with no call).
    pub fn get(&self, spec: &RuleSpec) -> String {
        match self.access {
            Access::Scalar(get, _) => get(spec),
            Access::Power(rank, colour) => effect_code(power_of(spec, rank, colour)),
        }
    }

    /// Sets the value, or says why it cannot be set.
    pub fn set(&self, spec: &mut RuleSpec, value: &str) -> Result<(), OverrideProblem> {
        let fits = match &self.kind {
            Kind::Flag => matches!(value, "0" | "1"),
            Kind::Number { min, max } => value.parse::<u32>().is_ok_and(|n| (*min..=*max).contains(&n)),
            Kind::Choice(choices) => choices.contains(&value),
            Kind::Power => true,
        };
        let done = fits
            && match self.access {
                Access::Scalar(_, set) => set(spec, value).is_some(),
                Access::Power(rank, colour) => parse_effect(value).map(|e| set_power(spec, rank, colour, e)).is_some(),
            };
        match (done, fits, self.get(spec).is_empty()) {
            (true, _, _) => Ok(()),
            // A detail of something switched off: a "Last card" deadline with no call, a target without rounds.
            (false, true, true) => {
                Err(OverrideProblem::DoesNotApply { key: self.key.clone(), label: self.label.clone() })
            }
            _ => Err(OverrideProblem::BadValue {
                key: self.key.clone(),
                label: self.label.clone(),
                kind: self.kind.clone(),
                value: shown(value),
            }),
        }
    }
}

fn flag(b: bool) -> String {
    if b { "1" } else { "0" }.into()
}
fn opt(n: Option<u8>) -> String {
    n.unwrap_or(0).to_string()
}
/// "0" is `None` (off / not allowed), anything else a count.
fn parse_opt(v: &str) -> Option<Option<u8>> {
    let n: u8 = v.parse().ok()?;
    Some((n > 0).then_some(n))
}
fn pick<T: Copy>(v: &str, table: &[(&str, T)]) -> Option<T> {
    table.iter().find(|(k, _)| *k == v).map(|(_, t)| *t)
}
fn code_of<T: PartialEq + Copy>(x: T, table: &[(&'static str, T)]) -> String {
    table.iter().find(|(_, t)| *t == x).map_or("", |(k, _)| k).to_string()
}

const FOLLOW: [(&str, Follow); 2] = [("suit", Follow::SuitOrRank), ("adjacent", Follow::AdjacentInSuitOrRank)];
const EFFECTS: [(&str, TurnEffects); 2] = [("last", TurnEffects::LastCard), ("every", TurnEffects::EveryCard)];
const RUNS: [(&str, Option<Runs>); 3] =
    [("-", None), ("any", Some(Runs { keep_direction: false })), ("keep", Some(Runs { keep_direction: true }))];
const STACKING: [(&str, Stacking); 2] = [("same", Stacking::SameGroup), ("any", Stacking::AnyPickUp)];
const REFILL: [(&str, Refill); 3] =
    [("over", Refill::TurnOver), ("shuffle", Refill::Reshuffle), ("never", Refill::Never)];
const FIRST: [(&str, FirstCard); 3] =
    [("dealer", FirstCard::AsIfDealerPlayed), ("neutral", FirstCard::Neutral), ("redraw", FirstCard::RedrawWild)];
const REV2: [(&str, TwoPlayerReverse); 2] =
    [("none", TwoPlayerReverse::NoEffect), ("skip", TwoPlayerReverse::ActsAsSkip)];
const WHEN: [(&str, CallWhen); 2] = [("one", CallWhen::OneCardLeft), ("any", CallWhen::Anytime)];
const DEADLINE: [(&str, CallDeadline); 3] =
    [("card", CallDeadline::NextCard), ("move", CallDeadline::NextPlayerMoves), ("turn", CallDeadline::OwnNextTurn)];
const ENFORCE: [(&str, Enforcement); 2] = [("table", Enforcement::Accusation), ("auto", Enforcement::Automatic)];
const TIES: [(&str, TieBreak); 2] = [("all", TieBreak::AllAtTarget), ("top", TieBreak::HighestOnly)];

/// The "Last card" rule a switched-on call starts from.
const DEFAULT_CALL: LastCardRule = LastCardRule {
    when: CallWhen::OneCardLeft,
    deadline: CallDeadline::NextCard,
    penalty: CallPenalty::PickUp(1),
    enforcement: Enforcement::Automatic,
    false_call: None,
};

fn last_penalty_code(p: CallPenalty) -> String {
    match p {
        CallPenalty::PickUp(n) => format!("p{n}"),
        CallPenalty::DrawNextTurn => "draw".into(),
        CallPenalty::CannotGoOut => "out".into(),
    }
}

/// Edits the "Last card" rule; `None` (refused) when there is no call to edit.
fn with_call(s: &mut RuleSpec, f: impl FnOnce(&mut LastCardRule) -> Option<()>) -> Option<()> {
    f(s.last_card.as_mut()?)
}

/// Writes the two tables of the settings that are not a power card's, in one order: the rules
/// themselves (`SCALAR_RULES`) and, for the form only, their help sentences and choice labels
/// (`SCALAR_HELP`), so that a page that only reads links carries none of that text.
macro_rules! scalar_rules {
    ($( ($key:expr, $label:expr, $help:expr, $kind:expr, |$s:ident| $get:expr, |$t:ident, $v:ident| $set:expr) ),* $(,)?) => {
        /// The settings that are not a power card's, as data (a table in the page, not code that
        /// builds it).
        static SCALAR_RULES: &[HouseRule] = {
            use Kind::*;
            &[$(HouseRule {
                key: Cow::Borrowed($key),
                label: Cow::Borrowed($label),
                kind: $kind,
                access: Access::Scalar(|$s: &RuleSpec| $get, |$t: &mut RuleSpec, $v: &str| $set),
            }),*]
        };
        static SCALAR_HELP: &[(&str, &[&str])] = &[$($help),*];
    };
}

scalar_rules! {
    (
        "hand",
        "Cards dealt",
        ("How many cards each player is dealt.", &[]),
        Number { min: 1, max: 20 },
        |s| s.hand_size.to_string(),
        |s, v| {
            s.hand_size = v.parse().ok()?;
            Some(())
        }
    ),
    (
        "hand2",
        "Cards dealt to two players",
        ("A different hand when only two play (0: the same as above).", &[]),
        Number { min: 0, max: 20 },
        |s| opt(s.hand_size_two_players),
        |s, v| {
            s.hand_size_two_players = parse_opt(v)?;
            Some(())
        }
    ),
    (
        "decks",
        "One deck for up to",
        ("Above this many players two decks are shuffled together.", &[]),
        Number { min: 2, max: 12 },
        |s| s.one_deck_max_players.to_string(),
        |s, v| {
            s.one_deck_max_players = v.parse().ok()?;
            Some(())
        }
    ),
    (
        "follow",
        "Following",
        (
            "Which cards may go on the top card.",
            &["Same suit or same rank", "Same rank, or one rank up or down in the same suit"],
        ),
        Choice(&["suit", "adjacent"]),
        |s| code_of(s.follow, &FOLLOW),
        |s, v| {
            s.follow = pick(v, &FOLLOW)?;
            Some(())
        }
    ),
    (
        "runs",
        "Runs",
        (
            "Whether one turn may lay a run of cards, each following the one before.",
            &["No runs", "Runs, up and down", "Runs that keep going up, or down"],
        ),
        Choice(&["-", "any", "keep"]),
        |s| code_of(s.runs, &RUNS),
        |s, v| {
            s.runs = pick(v, &RUNS)?;
            Some(())
        }
    ),
    (
        "effects",
        "Several cards in a turn",
        ("Which of the cards laid in one turn take effect.", &["Only the last card", "Every card, in order"]),
        Choice(&["last", "every"]),
        |s| code_of(s.turn_effects, &EFFECTS),
        |s, v| {
            s.turn_effects = pick(v, &EFFECTS)?;
            Some(())
        }
    ),
    (
        "stacking",
        "Answering a pick-up",
        (
            "Which cards pass a pending pick-up on to the next player.",
            &["A card of the same pick-up group", "Any pick-up card: the totals add up"],
        ),
        Choice(&["same", "any"]),
        |s| code_of(s.stacking, &STACKING),
        |s, v| {
            s.stacking = pick(v, &STACKING)?;
            Some(())
        }
    ),
    (
        "draw_able",
        "Pick up when you could play",
        ("Whether you may pick up instead of playing a card you hold.", &[]),
        Flag,
        |s| flag(s.draw.may_draw_when_able),
        |s, v| {
            s.draw.may_draw_when_able = v == "1";
            Some(())
        }
    ),
    (
        "draws",
        "Cards drawn in a turn",
        ("How many single cards one turn may draw.", &[]),
        Number { min: 1, max: 10 },
        |s| s.draw.max_draws.to_string(),
        |s, v| {
            s.draw.max_draws = v.parse().ok()?;
            Some(())
        }
    ),
    (
        "play_draw",
        "Play after drawing",
        ("Whether a card may be played in the turn it was drawn.", &[]),
        Flag,
        |s| flag(s.draw.play_after_draw),
        |s, v| {
            s.draw.play_after_draw = v == "1";
            Some(())
        }
    ),
    (
        "refill",
        "Empty stock",
        (
            "What happens when the face-down stock runs out.",
            &[
                "Turn the pile over without shuffling",
                "Shuffle the pile into a new stock",
                "Nothing: a player who cannot play passes",
            ],
        ),
        Choice(&["over", "shuffle", "never"]),
        |s| code_of(s.refill, &REFILL),
        |s, v| {
            s.refill = pick(v, &REFILL)?;
            Some(())
        }
    ),
    (
        "first",
        "First card turned up",
        (
            "What the card turned up at the start does.",
            &[
                "Acts as if the dealer played it",
                "Nothing: an ordinary card",
                "A wild card goes back and another is turned",
            ],
        ),
        Choice(&["dealer", "neutral", "redraw"]),
        |s| code_of(s.first_card, &FIRST),
        |s, v| {
            s.first_card = pick(v, &FIRST)?;
            Some(())
        }
    ),
    (
        "rev2",
        "Reverse with two players",
        ("What a reverse does when only two are playing.", &["Nothing", "The other player misses a turn"]),
        Choice(&["none", "skip"]),
        |s| code_of(s.two_player_reverse, &REV2),
        |s, v| {
            s.two_player_reverse = pick(v, &REV2)?;
            Some(())
        }
    ),
    (
        "last",
        "\"Last card\" call",
        (
            "Whether a player about to go out must say so.",
            &["No call", "\"Last card\" with one card left", "\"Last card(s)\" whenever you could go out next turn"],
        ),
        Choice(&["-", "one", "any"]),
        |s| s.last_card.map_or("-".into(), |r| code_of(r.when, &WHEN)),
        |s, v| {
            s.last_card = match pick(v, &WHEN) {
                None if v == "-" => None,
                None => return None,
                Some(when) => Some(LastCardRule { when, ..s.last_card.unwrap_or(DEFAULT_CALL) }),
            };
            Some(())
        }
    ),
    (
        "last_by",
        "Call in time",
        (
            "The call must be made before this (with a call).",
            &["The next card is laid", "The next player moves", "Your own next turn"],
        ),
        Choice(&["card", "move", "turn"]),
        |s| s.last_card.map_or(String::new(), |r| code_of(r.deadline, &DEADLINE)),
        |s, v| with_call(s, |r| {
            r.deadline = pick(v, &DEADLINE)?;
            Some(())
        })
    ),
    (
        "last_pen",
        "Missing the call",
        (
            "What a player who did not call has to do (with a call).",
            &[
                "Pick up 1",
                "Pick up 2",
                "Pick up 5",
                "Pick up 7",
                "Pick up on their next turn",
                "Cannot go out: pick up 1 instead",
            ],
        ),
        Choice(&["p1", "p2", "p5", "p7", "draw", "out"]),
        |s| s.last_card.map_or(String::new(), |r| last_penalty_code(r.penalty)),
        |s, v| with_call(s, |r| {
            r.penalty = match v {
                "draw" => CallPenalty::DrawNextTurn,
                "out" => CallPenalty::CannotGoOut,
                p => CallPenalty::PickUp(p.strip_prefix('p')?.parse().ok()?),
            };
            Some(())
        })
    ),
    (
        "last_who",
        "Who enforces the call",
        (
            "Whether the table must call a missed \"Last card\" out, or it is applied by itself.",
            &["The other players must call it out", "It is applied automatically"],
        ),
        Choice(&["table", "auto"]),
        |s| s.last_card.map_or(String::new(), |r| code_of(r.enforcement, &ENFORCE)),
        |s, v| with_call(s, |r| {
            r.enforcement = pick(v, &ENFORCE)?;
            Some(())
        })
    ),
    (
        "last_false",
        "A false call",
        ("Cards picked up for calling \"Last card\" with more than one card (0: such a call is refused).", &[]),
        Number { min: 0, max: 7 },
        |s| s.last_card.map_or(String::new(), |r| opt(r.false_call)),
        |s, v| with_call(s, |r| {
            r.false_call = parse_opt(v)?;
            Some(())
        })
    ),
    (
        "clock",
        "Quick-play clock",
        (
            "Time to take a turn before you must pick up (goes with \"Too slow\").",
            &["Off", "1 second", "2 seconds", "3 seconds", "5 seconds", "10 seconds"],
        ),
        Choice(&["0", "1000", "2000", "3000", "5000", "10000"]),
        |s| s.clock_ms.unwrap_or(0).to_string(),
        |s, v| {
            let ms: u32 = v.parse().ok()?;
            s.clock_ms = (ms > 0).then_some(ms);
            Some(())
        }
    ),
    (
        "pen_slow",
        "Too slow",
        ("Cards picked up when the clock runs out (0: no clock).", &[]),
        Number { min: 0, max: 7 },
        |s| opt(s.penalties.timeout),
        |s, v| {
            s.penalties.timeout = parse_opt(v)?;
            Some(())
        }
    ),
    (
        "pen_turn",
        "Playing out of turn",
        ("Cards picked up for playing out of turn (0: not allowed).", &[]),
        Number { min: 0, max: 7 },
        |s| opt(s.penalties.out_of_turn),
        |s, v| {
            s.penalties.out_of_turn = parse_opt(v)?;
            Some(())
        }
    ),
    (
        "pen_wrong",
        "Wrong card",
        ("Cards picked up for laying a card that may not go (0: not allowed).", &[]),
        Number { min: 0, max: 7 },
        |s| opt(s.penalties.wrong_card),
        |s, v| {
            s.penalties.wrong_card = parse_opt(v)?;
            Some(())
        }
    ),
    (
        "pen_talk",
        "Table talk",
        ("Cards picked up for saying \"sorry\" or whose turn it is (0: free).", &[]),
        Number { min: 0, max: 7 },
        |s| opt(s.penalties.table_talk),
        |s, v| {
            s.penalties.table_talk = parse_opt(v)?;
            Some(())
        }
    ),
    (
        "pen_false",
        "False call-out",
        ("Cards picked up for a wrong call-out or a wrong dispute (0: none).", &[]),
        Number { min: 0, max: 7 },
        |s| opt(s.penalties.false_accusation),
        |s, v| {
            s.penalties.false_accusation = parse_opt(v)?;
            Some(())
        }
    ),
    (
        "scoring",
        "Winning",
        ("How the game is won.", &["The first player out wins", "Rounds score places, to a target"]),
        Choice(&["first", "places"]),
        |s| match s.scoring {
            Scoring::FirstOut => "first".into(),
            Scoring::Places { .. } => "places".into(),
        },
        |s, v| {
            s.scoring = match (v, s.scoring) {
                ("first", _) => Scoring::FirstOut,
                ("places", Scoring::Places { .. }) => s.scoring,
                ("places", Scoring::FirstOut) => {
                    Scoring::Places { target_base: 8, tie_break: TieBreak::AllAtTarget }
                }
                _ => return None,
            };
            Some(())
        }
    ),
    (
        "target",
        "Match target",
        ("Points to win: this plus the number of players (with rounds).", &[]),
        Number { min: 1, max: 40 },
        |s| match s.scoring {
            Scoring::Places { target_base, .. } => target_base.to_string(),
            Scoring::FirstOut => String::new(),
        },
        |s, v| match &mut s.scoring {
            Scoring::Places { target_base, .. } => {
                *target_base = v.parse().ok()?;
                Some(())
            }
            Scoring::FirstOut => None,
        }
    ),
    (
        "ties",
        "Ties at the target",
        (
            "Who plays the tie-breaker round (with rounds).",
            &["Everyone who reached the target", "Only those level on the top score"],
        ),
        Choice(&["all", "top"]),
        |s| match s.scoring {
            Scoring::Places { tie_break, .. } => code_of(tie_break, &TIES),
            Scoring::FirstOut => String::new(),
        },
        |s, v| match &mut s.scoring {
            Scoring::Places { tie_break, .. } => {
                *tie_break = pick(v, &TIES)?;
                Some(())
            }
            Scoring::FirstOut => None,
        }
    ),
    (
        "max_plays",
        "Play limit",
        ("A round ends after this many cards; the fewest cards in hand wins it.", &[]),
        Number { min: 10, max: 5000 },
        |s| s.max_plays.to_string(),
        |s, v| {
            s.max_plays = v.parse().ok()?;
            Some(())
        }
    ),
}

/// Lower-case rank names written out: `to_lowercase` would bring Unicode tables into the page.
const RANK_WORDS: [&str; 13] = ["ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"];

/// Every house-rule setting, in the order the form shows them and overrides are applied.
pub fn house_rules() -> Vec<HouseRule> {
    let mut all = SCALAR_RULES.to_vec();
    for (rank, lower) in Rank::ALL.into_iter().zip(RANK_WORDS) {
        for colour in [Colour::Black, Colour::Red] {
            let c = if colour == Colour::Black { ("b", "Black") } else { ("r", "Red") };
            all.push(HouseRule {
                key: format!("p.{}.{}", rank.short(), c.0).into(),
                label: format!("{} {lower}s", c.1).into(),
                kind: Kind::Power,
                access: Access::Power(rank, colour),
            });
        }
    }
    all
}

/// The kinds of effect a power card can have, as (code prefix, label), for forms.
/// `n` in a code is a count of cards or players, `g` a pick-up group (cards answer their own group).
pub const EFFECT_KINDS: [(&str, &str); 13] = [
    ("-", "Nothing"),
    ("p", "Next player picks up n"),
    ("r", "Reduces a pending pick-up by n"),
    ("c", "Cancels a pending pick-up"),
    ("v", "Reverses the direction"),
    ("s", "Next n players miss a turn"),
    ("f", "Must be followed by any other card"),
    ("t", "May be followed by any cards of its suit"),
    ("m", "Must be covered"),
    ("a", "Names the next suit (where it follows)"),
    ("ae", "Names the next suit and ends the turn (where it follows)"),
    ("w", "Names the next suit (on anything)"),
    ("we", "Names the next suit and ends the turn (on anything)"),
];

/// An effect code split for a form: (kind from [`EFFECT_KINDS`], count, pick-up group).
pub fn effect_parts(code: &str) -> (String, u8, u8) {
    match parse_effect(code).flatten() {
        Some(Effect::PickUp { group, cards }) => ("p".into(), cards, group),
        Some(Effect::ReducePickUp { group, cards }) => ("r".into(), cards, group),
        Some(Effect::CancelPickUp { group }) => ("c".into(), 0, group),
        Some(Effect::Skip { players }) => ("s".into(), players, 0),
        _ => (code.to_string(), 0, 0),
    }
}

/// The effect code for a form's (kind, count, group): the inverse of [`effect_parts`].
pub fn effect_from_parts(kind: &str, n: u8, group: u8) -> String {
    match kind {
        "p" | "r" => format!("{kind}{group}-{}", n.max(1)),
        "c" => format!("c{group}"),
        "s" => format!("s{}", n.max(1)),
        k => k.to_string(),
    }
}

/// The short code of an effect: "-" none, "p0-2" pick up 2 (group 0), "r0-2" reduce by 2,
/// "c1" cancel group 1, "v" reverse, "s2" skip 2, "f" follow-on, "t" suit run, "m" must cover,
/// "a"/"w" change suit (where it follows / on anything), with "e" when naming ends the turn.
pub fn effect_code(e: Option<Effect>) -> String {
    match e {
        None => "-".into(),
        Some(Effect::PickUp { group, cards }) => format!("p{group}-{cards}"),
        Some(Effect::ReducePickUp { group, cards }) => format!("r{group}-{cards}"),
        Some(Effect::CancelPickUp { group }) => format!("c{group}"),
        Some(Effect::Reverse) => "v".into(),
        Some(Effect::Skip { players }) => format!("s{players}"),
        Some(Effect::FollowOn) => "f".into(),
        Some(Effect::SuitRun) => "t".into(),
        Some(Effect::MustCover) => "m".into(),
        Some(Effect::ChangeSuit { wild, ends_turn }) => {
            format!("{}{}", if wild { "w" } else { "a" }, if ends_turn { "e" } else { "" })
        }
    }
}

/// Reads an [`effect_code`]: `Some(None)` is "no effect", `None` unreadable.
pub fn parse_effect(code: &str) -> Option<Option<Effect>> {
    // The first character, whatever its width: the code may come from a tampered save.
    let split = code.chars().next().map_or(0, char::len_utf8);
    let (head, rest) = code.split_at(split);
    let num = ascii_number::<u8>;
    let group_and = |r: &str| -> Option<(u8, u8)> {
        let (g, n) = r.split_once('-')?;
        Some((num(g)?, num(n)?))
    };
    let effect = match (head, rest) {
        ("-", "") => return Some(None),
        ("p", r) => group_and(r).map(|(group, cards)| Effect::PickUp { group, cards })?,
        ("r", r) => group_and(r).map(|(group, cards)| Effect::ReducePickUp { group, cards })?,
        ("c", r) => Effect::CancelPickUp { group: num(r)? },
        ("v", "") => Effect::Reverse,
        ("s", r) => Effect::Skip { players: num(r)? },
        ("f", "") => Effect::FollowOn,
        ("t", "") => Effect::SuitRun,
        ("m", "") => Effect::MustCover,
        ("a" | "w", "" | "e") => Effect::ChangeSuit { wild: head == "w", ends_turn: rest == "e" },
        _ => return None,
    };
    Some(Some(effect))
}

fn power_of(spec: &RuleSpec, rank: Rank, colour: Colour) -> Option<Effect> {
    spec.powers.iter().find(|p| p.rank == rank && p.colour.is_none_or(|c| c == colour)).map(|p| p.effect)
}

/// Gives the cards of one rank and colour an effect (or none), keeping one power per card:
/// both colours with the same effect are written as one power for the whole rank.
fn set_power(spec: &mut RuleSpec, rank: Rank, colour: Colour, effect: Option<Effect>) {
    let other = if colour == Colour::Black { Colour::Red } else { Colour::Black };
    let other_effect = power_of(spec, rank, other);
    let at = spec.powers.iter().position(|p| p.rank == rank).unwrap_or(spec.powers.len());
    spec.powers.retain(|p| p.rank != rank);
    let mut add = Vec::new();
    if effect == other_effect {
        add.extend(effect.map(|effect| Power { rank, colour: None, effect }));
    } else {
        add.extend(effect.map(|effect| Power { rank, colour: Some(colour), effect }));
        add.extend(other_effect.map(|effect| Power { rank, colour: Some(other), effect }));
    }
    let at = at.min(spec.powers.len());
    spec.powers.splice(at..at, add);
}

/// The settings of `spec` that differ from `base`, as "key=value" joined by "~" (in form order).
pub fn overrides(base: &RuleSpec, spec: &RuleSpec) -> String {
    house_rules()
        .iter()
        .filter_map(|r| {
            let v = r.get(spec);
            // "" is a setting that does not apply here (a detail of a switched-off call).
            (!v.is_empty() && v != r.get(base)).then(|| format!("{}={v}", r.key))
        })
        .collect::<Vec<_>>()
        .join("~")
}

/// `base` with `overrides` applied (see [`overrides`]); every unreadable or unknown setting is
/// reported. A changed rule set is named "<base> (house rules)".
pub fn apply_overrides(base: &RuleSpec, overrides: &str) -> Result<RuleSpec, Vec<OverrideProblem>> {
    let rules = house_rules();
    let mut wanted: Vec<(&str, &str)> = Vec::new();
    let mut problems = Vec::new();
    for item in overrides.split('~').filter(|s| !s.is_empty()) {
        match item.split_once('=') {
            Some((k, v)) if rules.iter().any(|r| r.key == k) => wanted.push((k, v)),
            Some((k, _)) => problems.push(OverrideProblem::UnknownRule(shown(k))),
            None => problems.push(OverrideProblem::NotASetting(shown(item))),
        }
    }
    let mut spec = base.clone();
    for rule in &rules {
        for (_, v) in wanted.iter().filter(|(k, _)| *k == rule.key) {
            if let Err(e) = rule.set(&mut spec, v) {
                problems.push(e);
            }
        }
    }
    if !wanted.is_empty() && !base.name.ends_with("(house rules)") {
        spec.name = format!("{} (house rules)", base.name);
    }
    if problems.is_empty() {
        Ok(spec)
    } else {
        Err(problems)
    }
}
