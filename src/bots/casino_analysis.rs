//! The analysis of a player's decisions in a finished casino shoe (issue 36, section 3): each
//! hit, stand, double, split or surrender against the exact expected value of every play open
//! then, for the cards left as the player saw them (every card not yet seen since the shuffle:
//! the trainer's own values, [`values`]), never the shoe's order. A decision is marked where it
//! gave up more than [`MARK_MILLI`] of a bet. Pure: each decision is worked out from its spot's
//! view alone, one at a time ([`judge`]).
//!
//! The replay page has the search worker do the working out (`search_work`, as the shedding
//! analysis does: a decision's exact values take the solver from a few to some tens of
//! milliseconds in the browser, too much for the page's thread, and the solver stays out of the
//! page's download). The page
//! sends a decision as a [`CasinoAsk`]: what the judgement needs, all of it from the deciding
//! spot's view (the rules, the cards not seen, the hand, the up card, the plays open and the play
//! made), never the shoe; the worker answers with a [`CasinoReply`], a line of text.

use super::casino::{unseen_plus, values, Allowed};
use crate::engine::cards::Card;
use crate::engine::casino::hand::points;
use crate::engine::casino::strategy::{Counts, Play};
use crate::engine::casino::{Action, Game, Phase, Spot, SpotView, TableRules, TableSpec};
use serde::{Deserialize, Serialize};

/// A play that gave up more than this, in thousandths of a bet, is marked.
pub const MARK_MILLI: i64 = 20;

/// One of the player's decisions: the action's place in the log, the deciding spot's view just
/// before it (all the analysis may know) and the action.
#[derive(Clone, Debug)]
pub struct CasinoDecision {
    pub index: usize,
    pub view: SpotView,
    pub played: Action,
}

/// A decision judged: the play made and its expected value, the best play and its value (in
/// bets: 1.0 is the hand's bet won).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct CasinoJudgement {
    pub index: usize,
    pub spot: Spot,
    pub played: Play,
    pub played_ev: f64,
    pub best: Play,
    pub best_ev: f64,
}

impl CasinoJudgement {
    /// The expected value given up, in thousandths of a bet (0 for the best play).
    pub fn lost_milli(&self) -> i64 {
        ((self.best_ev - self.played_ev).max(0.0) * 1000.0).round() as i64
    }

    pub fn is_marked(&self) -> bool {
        self.lost_milli() > MARK_MILLI
    }
}

/// The decisions the spots `mine` made on their hands in a shoe opened as `game` and played as
/// `log` (the moves after the opening; insurance is not a hand's play and is left out). Stops at
/// the first action the game refuses.
pub fn decisions(mut game: Game, log: &[Action], mine: &[Spot]) -> Vec<CasinoDecision> {
    let mut found = Vec::new();
    for (index, &played) in log.iter().enumerate() {
        if let (Phase::Playing { spot, .. }, Some(s), Some(_)) = (game.phase(), played.spot(), played.play()) {
            if spot == s && mine.contains(&s) {
                found.push(CasinoDecision { index, view: game.view(s), played });
            }
        }
        if game.apply(played).is_err() {
            break;
        }
    }
    found
}

/// Judges a decision from its view: every open play's exact value for the cards not seen (the
/// hand and the dealer's up card put back), as the trainer works them out. `None` when the view
/// has no hand to play, or the play was not open. What the search worker answers a
/// [`CasinoAsk`] of the decision with ([`serve`]), worked out here and now.
pub fn judge(d: &CasinoDecision) -> Option<CasinoJudgement> {
    let (best, best_ev, played_ev) = CasinoAsk::of(d)?.values()?;
    Some(CasinoJudgement { index: d.index, spot: d.view.spot, played: d.played.play()?, played_ev, best, best_ev })
}

/// The first byte of a [`CasinoAsk`]'s bytes: the search worker tells it from a shedding
/// table's request (`bots::work`, whose first byte is 1), and a page and a worker of different
/// builds never misread each other.
pub const ASK_FORMAT: u8 = b'c';

/// An ask is a few dozen bytes (the rules, ten counts, a hand); a longer one is not read.
const MAX_ASK_BYTES: usize = 512;

/// The plays in a fixed order: a play travels as its place here.
const PLAYS: [Play; 5] = [Play::Stand, Play::Hit, Play::Double, Play::Split, Play::Surrender];

/// One decision as the page asks the search worker to judge it: the move's place in the log
/// (the reply names it), the rules, every card the deciding spot had not seen plus its hand and
/// the up card (the solver's shoe), the hand, the up card, the plays open and the play made.
/// Made from the decision's view alone ([`CasinoAsk::of`]): two shoes that differ only in what
/// that spot could not see (the hole card, the cards still in the shoe) give the same bytes
/// (tests/casino_analysis.rs).
#[derive(Clone, Debug, PartialEq)]
pub struct CasinoAsk {
    pub at: u32,
    pub rules: TableRules,
    pub shoe: [u16; 10],
    pub cards: Vec<Card>,
    pub up: Card,
    pub allowed: Allowed,
    pub played: Play,
}

/// An ask's bytes after [`ASK_FORMAT`]: the plays open as bits, the plays by their places in
/// [`PLAYS`] (neither type is serde's).
#[derive(Serialize)]
struct AskOut<'a> {
    at: u32,
    rules: &'a TableRules,
    shoe: [u16; 10],
    cards: &'a [Card],
    up: Card,
    allowed: u8,
    played: u8,
}

#[derive(Deserialize)]
struct AskIn {
    at: u32,
    rules: TableSpec,
    shoe: [u16; 10],
    cards: Vec<Card>,
    up: Card,
    allowed: u8,
    played: u8,
}

fn allowed_bits(a: Allowed) -> u8 {
    u8::from(a.hit) | u8::from(a.double) << 1 | u8::from(a.split) << 2 | u8::from(a.surrender) << 3
}

impl CasinoAsk {
    /// The ask for a decision, from its view: `None` when the view has no hand to play or the
    /// action is not a play.
    pub fn of(d: &CasinoDecision) -> Option<CasinoAsk> {
        let view = &d.view;
        let hand = view.current_hand()?;
        let up = view.dealer_up()?;
        let mut extra = hand.cards.clone();
        extra.push(up);
        Some(CasinoAsk {
            at: u32::try_from(d.index).ok()?,
            rules: (*view.rules).clone(),
            shoe: unseen_plus(view, &extra).0,
            cards: hand.cards.clone(),
            up,
            allowed: Allowed::of(view),
            played: d.played.play()?,
        })
    }

    /// The bytes the page posts.
    pub fn encode(&self) -> Vec<u8> {
        let wire = AskOut {
            at: self.at,
            rules: &self.rules,
            shoe: self.shoe,
            cards: &self.cards,
            up: self.up,
            allowed: allowed_bits(self.allowed),
            played: PLAYS.iter().position(|&p| p == self.played).unwrap_or(0) as u8,
        };
        postcard::to_extend(&wire, vec![ASK_FORMAT]).unwrap_or_default()
    }

    /// The ask in `bytes`, if it is one a page could have sent: the rules checked as any rules
    /// are, a hand of two cards or more that is not bust, every card of it and the up card among
    /// the shoe's, no more cards than the decks hold, and the play made one of those open. The
    /// solver then works only on what a table could show it.
    pub fn decode(bytes: &[u8]) -> Option<CasinoAsk> {
        if bytes.len() > MAX_ASK_BYTES {
            return None;
        }
        let (&ASK_FORMAT, body) = bytes.split_first()? else { return None };
        let (wire, rest) = postcard::take_from_bytes::<AskIn>(body).ok()?;
        if !rest.is_empty() || wire.allowed > 0b1111 {
            return None;
        }
        let rules = TableRules::new(wire.rules).ok()?;
        let full = Counts::full(rules.decks);
        let mut left = Counts(wire.shoe);
        if wire.shoe.iter().zip(full.0).any(|(&n, most)| n > most) {
            return None;
        }
        let hard: u32 = wire.cards.iter().map(|&c| u32::from(points(c))).sum();
        if wire.cards.len() < 2 || hard > 21 {
            return None;
        }
        for &c in wire.cards.iter().chain([&wire.up]) {
            left = left.without(points(c))?;
        }
        let a = wire.allowed;
        let allowed = Allowed { hit: a & 1 != 0, double: a & 2 != 0, split: a & 4 != 0, surrender: a & 8 != 0 };
        let played = *PLAYS.get(usize::from(wire.played)).filter(|&&p| allowed.permits(p))?;
        Some(CasinoAsk { at: wire.at, rules, shoe: wire.shoe, cards: wire.cards, up: wire.up, allowed, played })
    }

    /// The best play and its value, and the value of the play made: the trainer's values.
    /// `None` if the play made has none (not open to this hand).
    fn values(&self) -> Option<(Play, f64, f64)> {
        let vals = values(&self.rules, Counts(self.shoe), &self.cards, self.up, self.allowed);
        let &(best, best_ev) = vals.first()?;
        let &(_, played_ev) = vals.iter().find(|(p, _)| *p == self.played)?;
        Some((best, best_ev, played_ev))
    }
}

/// The most a play's value can be, in thousandths of a bet, either way (a hand split to its
/// limit and each doubled loses or wins no more than this): a value past it is not one.
pub const MAX_EV_MILLI: i64 = 16_000;

/// What the worker answers a [`CasinoAsk`] with: the decision at `at` judged (the values in
/// thousandths of a bet, as the page keeps them), or refused (an ask it could not read, or a
/// play without a value). `Outdated` is the page's reading of a worker of another build of the
/// site (a browser's cache can keep an older one while the page is new, or a tab open across an
/// update the other way round): one that does not know the ask ([`crate::bots::work::UNKNOWN`]),
/// one that took it for a shedding table's (its bare `refused`), or any text this build cannot
/// read ([`CasinoReply::read`]). Never a judgement, and never "no decision".
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CasinoReply {
    Judged { at: u32, played: Play, played_milli: i64, best: Play, best_milli: i64 },
    Refused,
    Outdated,
}

/// [`CasinoReply::Refused`]'s text: not the shedding side's bare `refused`, so that the page
/// tells a worker that judged the ask and refused it from one that never knew casino asks.
const REFUSED: &str = "casino refused";

/// A reply is a few dozen characters; a longer text is not read.
const MAX_REPLY_CHARS: usize = 64;

/// A play by its letter ([`Play::letter`]).
pub fn play_of(letter: &str) -> Option<Play> {
    PLAYS.into_iter().find(|p| p.letter() == letter)
}

/// A value in bets as thousandths of a bet, rounded.
pub fn milli(ev: f64) -> i64 {
    (ev * 1000.0).round() as i64
}

impl CasinoReply {
    /// `casino <at> <play> <its value> <best play> <its value>`, `casino refused` (an ask the
    /// worker could not judge), or `unknown` (the worker's word for an ask of a format it does
    /// not know, whatever the ask).
    pub fn encode(&self) -> String {
        match *self {
            CasinoReply::Judged { at, played, played_milli, best, best_milli } => {
                format!("casino {at} {} {played_milli} {} {best_milli}", played.letter(), best.letter())
            }
            CasinoReply::Refused => REFUSED.into(),
            CasinoReply::Outdated => crate::bots::work::UNKNOWN.into(),
        }
    }

    /// The reply in any text a worker posts, as the page takes it: what [`CasinoReply::decode`]
    /// reads, else [`CasinoReply::Outdated`] (a text no worker of this build sends comes from
    /// a worker of another build).
    pub fn read(text: &str) -> CasinoReply {
        CasinoReply::decode(text).unwrap_or(CasinoReply::Outdated)
    }

    /// The reply in `text`, if it is one a worker could have sent: values in range, the best
    /// play's no worse than the play made's.
    pub fn decode(text: &str) -> Option<CasinoReply> {
        if text.len() > MAX_REPLY_CHARS {
            return None;
        }
        let mut words = text.split(' ');
        let value = |w: Option<&str>| w?.parse().ok().filter(|v: &i64| v.abs() <= MAX_EV_MILLI);
        if text == REFUSED {
            return Some(CasinoReply::Refused);
        }
        let reply = match words.next()? {
            crate::bots::work::UNKNOWN => CasinoReply::Outdated,
            "casino" => {
                let at = words.next()?.parse().ok()?;
                let played = play_of(words.next()?)?;
                let played_milli = value(words.next())?;
                let best = play_of(words.next()?)?;
                let best_milli = value(words.next()).filter(|&b| b >= played_milli)?;
                CasinoReply::Judged { at, played, played_milli, best, best_milli }
            }
            _ => return None,
        };
        words.next().is_none().then_some(reply)
    }
}

/// The search worker's job for a casino ask: the reply to the ask in `bytes`, never a panic.
pub fn serve(bytes: &[u8]) -> CasinoReply {
    let judged = CasinoAsk::decode(bytes).and_then(|ask| {
        let (best, best_ev, played_ev) = ask.values()?;
        Some(CasinoReply::Judged {
            at: ask.at,
            played: ask.played,
            played_milli: milli(played_ev),
            best,
            best_milli: milli(best_ev),
        })
    });
    judged.unwrap_or(CasinoReply::Refused)
}

/// A shoe's decisions in a few figures.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CasinoSummary {
    pub decisions: usize,
    /// Decisions that made the best play (or one within a thousandth of a bet of it).
    pub best: usize,
    pub marked: usize,
    /// The expected value given up over the shoe, in thousandths of a bet.
    pub lost_milli: i64,
}

pub fn summary(judged: &[CasinoJudgement]) -> CasinoSummary {
    CasinoSummary {
        decisions: judged.len(),
        best: judged.iter().filter(|j| j.lost_milli() == 0).count(),
        marked: judged.iter().filter(|j| j.is_marked()).count(),
        lost_milli: judged.iter().map(CasinoJudgement::lost_milli).sum(),
    }
}
