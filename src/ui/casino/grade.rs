//! What the casino trainer grades a decision against (issue 38, section 5): the yardstick a
//! counter trains to, basic strategy for the table's rules plus the index plays of the count
//! system the panel shows, at the count it shows. The exact values of every play for the cards
//! left are the second line, not the grade: a counter who plays basic strategy and their
//! indices made the right play, even where perfect play for the cards left would do better.
//!
//! None of that work is the table page's: the exact solver, basic strategy and the index search
//! are the drills' worker's (`drills_work`, fetched from `drills/`), so they are neither on the
//! page's thread nor in its download. The page sends a [`GradeAsk`], made from the deciding
//! spot's view alone ([`GradeAsk::of`]: never a card that spot has not seen), and words the
//! [`GradeReply`] ([`verdict_words`], [`values_line`], [`yardstick_line`]). The worker's side is
//! [`Grader`]: it works a rules and system's index plays out once, a bounded step at a time
//! between asks, keeps them, and until they are ready grades by basic strategy and says so.
//! Messages are arrays of numbers, as the drills' own (`drills/work.rs`), each starting with
//! [`GRADE_TAG`] and [`GRADE_VERSION`]; anything else is `None`, never a panic. Plain Rust,
//! tested natively (tests/casino_grade.rs); the page never calls the worker's half, so the
//! linker leaves it out of the page's wasm.

use super::words::{half_points, of_a_bet, signed_milli, signed_tenths};
use crate::bots::casino::{unseen_plus, values, Allowed};
use crate::engine::cards::{Card, Rank, Suit};
use crate::engine::casino::count::SYSTEMS;
use crate::engine::casino::hand::points;
use crate::engine::casino::indices::{
    answer_at, play_at, Choice as IndexChoice, Found, IndexPlay, IndexTableWork, RunningKeys, Situation, PLAYS,
};
use crate::engine::casino::save::Choice;
use crate::engine::casino::strategy::{chart_with, Chart, Counts, Play};
use crate::engine::casino::{SpotView, TableRules, TableSpec};
use crate::ui::drills::work::{
    choice_code, choice_of, finished_plays, situation_code, situation_of, whole, Game, DOUBLE_ON,
};

/// The first number of every grading message, either way ('G'): the drills' own requests start
/// with their job (0 or 1) and their replies with 0 to 5, so neither is taken for the other.
pub const GRADE_TAG: f64 = 71.0;
/// The second number: the format's version. A page and a worker of different builds (an old
/// cached worker) refuse each other's messages, and the page says so and goes without.
pub const GRADE_VERSION: f64 = 1.0;
/// No grading message is longer (an ask is about 40 numbers; a reply about 30, the chart's 283).
const MAX_NUMBERS: usize = 300;
/// The furthest count an ask may carry, in half points or tenths (a count of the last cards of
/// eight decks stays far inside it).
const MAX_COUNT: i64 = 1_000_000;
/// The most a play's value can be, in bets, either way (a hand split to its limit and each
/// doubled wins or loses no more).
const MAX_EV: f64 = 16.0;

/// How far the worker is with a system's index plays for the table's rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IndexState {
    /// Being worked out: none yet, basic strategy alone.
    Working,
    /// The Illustrious 18 and Fab 4 hands' are known; the rest are being worked out.
    First,
    /// All known.
    All,
}

const STATES: [IndexState; 3] = [IndexState::Working, IndexState::First, IndexState::All];

fn state_code(s: IndexState) -> f64 {
    STATES.iter().position(|&x| x == s).unwrap_or(0) as f64
}

fn state_of(x: f64) -> Option<IndexState> {
    Some(STATES[whole(x, 0, 2)? as usize])
}

fn play_of(x: f64) -> Option<Play> {
    Some(PLAYS[whole(x, 0, 4)? as usize])
}

fn play_code(p: Play) -> f64 {
    PLAYS.iter().position(|&q| q == p).unwrap_or(0) as f64
}

fn allowed_bits(a: Allowed) -> f64 {
    f64::from(u8::from(a.hit) | u8::from(a.double) << 1 | u8::from(a.split) << 2 | u8::from(a.surrender) << 3)
}

fn allowed_of(x: f64) -> Option<Allowed> {
    let a = whole(x, 0, 15)?;
    Some(Allowed { hit: a & 1 != 0, double: a & 2 != 0, split: a & 4 != 0, surrender: a & 8 != 0 })
}

/// How many numbers the rules take on the wire.
const RULES: usize = 7;

/// The rules the solver and the index search need, as [`RULES`] numbers: decks, surrender,
/// soft 17, the cut card's depth, doubling after a split, which two cards double and the seats
/// (how often a hand may split). The rest of a casino table's rules are the same at every table.
fn rules_numbers(rules: &TableRules) -> [f64; RULES] {
    let s = rules.spec();
    let double = DOUBLE_ON.iter().position(|&d| d == s.double_on).unwrap_or(0);
    [
        f64::from(s.decks),
        f64::from(u8::from(s.surrender)),
        f64::from(u8::from(s.dealer_hits_soft_17)),
        f64::from(s.penetration_percent),
        f64::from(u8::from(s.double_after_split)),
        double as f64,
        f64::from(s.seats),
    ]
}

/// The checked rules in [`RULES`] numbers ([`rules_numbers`]), if they are rules a table could have.
fn rules_of(v: &[f64]) -> Option<TableRules> {
    let [decks, surrender, h17, penetration, das, double, seats] = v else { return None };
    let choice = Choice {
        decks: whole(*decks, 1, 8)? as u8,
        surrender: whole(*surrender, 0, 1)? == 1,
        h17: whole(*h17, 0, 1)? == 1,
        ..Choice::default()
    };
    let game = Game {
        penetration: whole(*penetration, 50, 90)? as u8,
        das: whole(*das, 0, 1)? == 1,
        double_on: DOUBLE_ON[whole(*double, 0, 2)? as usize],
    };
    let spec = TableSpec {
        penetration_percent: game.penetration,
        double_after_split: game.das,
        double_on: game.double_on,
        seats: whole(*seats, 1, 7)? as u8,
        ..choice.spec()
    };
    TableRules::new(spec).ok()
}

/// A system by its number on the wire: -1 for none (the count hidden: basic strategy alone).
fn system_of(x: f64) -> Option<Option<usize>> {
    match whole(x, -1, SYSTEMS.len() as i64 - 1)? {
        -1 => Some(None),
        s => Some(Some(s as usize)),
    }
}

fn system_code(s: Option<usize>) -> f64 {
    s.map_or(-1.0, |s| s as f64)
}

/// The message that starts the worker on `system`'s index plays for `rules` as soon as the
/// count is shown, before the first decision; it answers with a [`GradeReply::Status`].
pub fn prepare(rules: &TableRules, system: usize) -> Vec<f64> {
    let mut v = vec![GRADE_TAG, GRADE_VERSION, 0.0];
    v.extend(rules_numbers(rules));
    v.push(system as f64);
    v
}

/// What an ask is for: the hint's values for the decision open, the verdict on a decision made,
/// or a bot's play (the best play for a full shoe: the bots play basic strategy exactly,
/// composition-dependent, without counting, as `bots::casino` does).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    Hint,
    Verdict,
    Bot,
}

const ASKED: [Asked; 3] = [Asked::Hint, Asked::Verdict, Asked::Bot];

/// One decision as the page asks the worker about it: which table (`epoch`, a new shoe is a
/// new one) and position (`at`, the log's length) it is, what it is asked for, the rules, the system shown (if any) and the count as the panel shows it (running, in
/// half points, and true, in tenths), every card the spot had not seen plus its hand and the up
/// card (the solver's shoe), the hand and the up card (as points) and the plays open. All of it
/// from the spot's view ([`GradeAsk::of`]): two shoes that differ only in what the spot could
/// not see give the same numbers (tests/casino_grade.rs).
#[derive(Clone, Debug, PartialEq)]
pub struct GradeAsk {
    pub epoch: u32,
    pub at: u32,
    pub asked: Asked,
    pub rules: TableRules,
    pub system: Option<usize>,
    pub running_half: i32,
    pub true_tenths: i32,
    pub shoe: [u16; 10],
    pub cards: Vec<u8>,
    pub up: u8,
    pub allowed: Allowed,
}

impl GradeAsk {
    /// The ask for the decision open in `view`; `None` when it has no hand to play.
    pub fn of(view: &SpotView, epoch: u32, at: u32, asked: Asked, system: Option<usize>) -> Option<GradeAsk> {
        let hand = view.current_hand()?;
        let up = view.dealer_up()?;
        let mut extra = hand.cards.clone();
        extra.push(up);
        let system = system.filter(|&s| s < SYSTEMS.len());
        let (running_half, true_count) = system.map_or((0, 0.0), |s| view.count_in(&SYSTEMS[s]));
        // The tenths the panel shows (words::signed_tenths rounds the same way).
        let true_tenths = (true_count * 10.0).round().clamp(-MAX_COUNT as f64, MAX_COUNT as f64) as i32;
        Some(GradeAsk {
            epoch,
            at,
            asked,
            rules: (*view.rules).clone(),
            system,
            running_half: running_half.clamp(-MAX_COUNT as i32, MAX_COUNT as i32),
            true_tenths,
            shoe: unseen_plus(view, &extra).0,
            cards: hand.cards.iter().map(|&c| points(c)).collect(),
            up: points(up),
            allowed: Allowed::of(view),
        })
    }

    pub fn encode(&self) -> Vec<f64> {
        let mut v = vec![GRADE_TAG, GRADE_VERSION, 1.0, f64::from(self.epoch), f64::from(self.at)];
        v.push(ASKED.iter().position(|&a| a == self.asked).unwrap_or(0) as f64);
        v.extend(rules_numbers(&self.rules));
        v.extend([system_code(self.system), f64::from(self.running_half), f64::from(self.true_tenths)]);
        v.extend(self.shoe.map(f64::from));
        v.extend([f64::from(self.up), allowed_bits(self.allowed)]);
        v.extend(self.cards.iter().map(|&c| f64::from(c)));
        v
    }

    /// The ask in `v`, if it is one a page could have sent: the rules checked as any rules are,
    /// a hand of two cards or more that is not bust, every card of it and the up card among the
    /// shoe's, no more cards than the decks hold. The worker then works only on what a table
    /// could show it.
    pub fn decode(v: &[f64]) -> Option<GradeAsk> {
        if v.len() > MAX_NUMBERS {
            return None;
        }
        let [tag, version, 1.0, epoch, at, asked, rest @ ..] = v else { return None };
        // The rules, the system and the counts, the shoe, the up card and the plays open, then
        // the hand (two cards at least).
        if (*tag, *version) != (GRADE_TAG, GRADE_VERSION) || rest.len() < RULES + 3 + 10 + 2 + 2 {
            return None;
        }
        let (rules, rest) = rest.split_at(RULES);
        let rules = rules_of(rules)?;
        let system = system_of(rest[0])?;
        let (running_half, true_tenths) =
            (whole(rest[1], -MAX_COUNT, MAX_COUNT)? as i32, whole(rest[2], -MAX_COUNT, MAX_COUNT)? as i32);
        let full = Counts::full(rules.decks);
        let mut shoe = [0u16; 10];
        for (i, n) in shoe.iter_mut().enumerate() {
            *n = whole(rest[3 + i], 0, i64::from(full.0[i]))? as u16;
        }
        let up = whole(rest[13], 1, 10)? as u8;
        let allowed = allowed_of(rest[14])?;
        let cards: Vec<u8> = rest[15..].iter().map(|&c| whole(c, 1, 10).map(|c| c as u8)).collect::<Option<_>>()?;
        let hard: u32 = cards.iter().map(|&c| u32::from(c)).sum();
        if cards.len() < 2 || hard > 21 {
            return None;
        }
        let mut left = Counts(shoe);
        for &c in cards.iter().chain([&up]) {
            left = left.without(c)?;
        }
        Some(GradeAsk {
            epoch: whole(*epoch, 0, u32::MAX.into())? as u32,
            at: whole(*at, 0, u32::MAX.into())? as u32,
            asked: ASKED[whole(*asked, 0, 2)? as usize],
            rules,
            system,
            running_half,
            true_tenths,
            shoe,
            cards,
            up,
            allowed,
        })
    }
}

/// Why the right play is right: basic strategy, or an index play of the system shown (the
/// hand, the up card, the play at or above the index, the index, and whether the count shown
/// reached it: if not, basic strategy, and the words say which index was not reached).
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Why {
    Basic,
    Index { situation: Situation, up: u8, at_or_above: IndexChoice, index: i32, reached: bool },
}

/// A decision graded: its ask's table, position, kind, system and count (echoed, for the
/// words), how far the index plays were, the right play and why, and every open play's exact
/// value for the cards left, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    pub epoch: u32,
    pub at: u32,
    pub verdict: bool,
    pub system: Option<usize>,
    pub running_half: i32,
    pub true_tenths: i32,
    pub state: IndexState,
    pub right: Play,
    pub why: Why,
    pub values: Vec<(Play, f64)>,
}

/// What the worker answers a grading message with.
#[derive(Clone, Debug, PartialEq)]
pub enum GradeReply {
    /// How far `system`'s index plays are (after a [`prepare`], and whenever they move on).
    Status {
        system: usize,
        state: IndexState,
    },
    Graded(Graded),
    /// A bot's play for the decision at `epoch` and `at`.
    Bot {
        epoch: u32,
        at: u32,
        play: Play,
    },
    /// Basic strategy for the rules asked ([`chart_ask`]): each up card's (2 … 10, then the ace)
    /// best first play for hard 8 to 17, soft 13 to 20 and the pairs of ace to 10, in [`CHART_ROWS`].
    Chart(Vec<Play>),
    /// A message it could not read.
    Refused,
}

/// The chart's rows: hard 8 to 17, soft 13 to 20, pairs of ace to 10.
pub const CHART_ROWS: usize = 10 + 8 + 10;
/// The chart's up cards in their order: 2 … 10, then the ace (as points).
pub const CHART_UPS: [u8; 10] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1];

/// The message asking for basic strategy's chart for `rules`.
pub fn chart_ask(rules: &TableRules) -> Vec<f64> {
    let mut v = vec![GRADE_TAG, GRADE_VERSION, 4.0];
    v.extend(rules_numbers(rules));
    v
}

/// A chart's cells, row by row ([`CHART_ROWS`]), each row's up cards in [`CHART_UPS`]' order.
fn chart_cells(c: &Chart) -> Vec<Play> {
    let ups = CHART_UPS.map(|u| usize::from(u) - 1);
    let hard = (8..=17usize).flat_map(|t| ups.map(|u| c.hard[t - 5][u][0]));
    let soft = (13..=20usize).flat_map(|t| ups.map(|u| c.soft[t - 13][u][0]));
    let pairs = (0..10usize).flat_map(|p| ups.map(|u| c.pairs[p][u]));
    hard.chain(soft).chain(pairs).collect()
}

impl GradeReply {
    pub fn encode(&self) -> Vec<f64> {
        let mut v = vec![GRADE_TAG, GRADE_VERSION];
        match self {
            GradeReply::Status { system, state } => v.extend([0.0, *system as f64, state_code(*state)]),
            GradeReply::Refused => v.push(2.0),
            GradeReply::Bot { epoch, at, play } => v.extend([3.0, f64::from(*epoch), f64::from(*at), play_code(*play)]),
            GradeReply::Chart(cells) => {
                v.push(4.0);
                v.extend(cells.iter().map(|&p| play_code(p)));
            }
            GradeReply::Graded(g) => {
                v.extend([1.0, f64::from(g.epoch), f64::from(g.at), f64::from(u8::from(g.verdict))]);
                v.extend([system_code(g.system), f64::from(g.running_half), f64::from(g.true_tenths)]);
                v.extend([state_code(g.state), play_code(g.right)]);
                match g.why {
                    Why::Basic => v.extend([0.0; 6]),
                    Why::Index { situation, up, at_or_above, index, reached } => {
                        let [kind, n] = situation_code(situation);
                        let why = if reached { 1.0 } else { 2.0 };
                        v.extend([why, kind, n, f64::from(up), choice_code(at_or_above), f64::from(index)]);
                    }
                }
                for &(p, ev) in &g.values {
                    v.extend([play_code(p), ev]);
                }
            }
        }
        v
    }

    /// The reply in `v`, if it is one the worker could have sent: every number in its range,
    /// the values in order, best first, each play once, and the right play among them.
    pub fn decode(v: &[f64]) -> Option<GradeReply> {
        if v.len() > MAX_NUMBERS {
            return None;
        }
        let [tag, version, kind, rest @ ..] = v else { return None };
        if (*tag, *version) != (GRADE_TAG, GRADE_VERSION) {
            return None;
        }
        Some(match (whole(*kind, 0, 4)?, rest) {
            (0, [system, state]) => GradeReply::Status { system: system_of(*system)??, state: state_of(*state)? },
            (2, []) => GradeReply::Refused,
            (3, [epoch, at, play]) => GradeReply::Bot {
                epoch: whole(*epoch, 0, u32::MAX.into())? as u32,
                at: whole(*at, 0, u32::MAX.into())? as u32,
                play: play_of(*play)?,
            },
            (4, cells) if cells.len() == CHART_ROWS * 10 => {
                GradeReply::Chart(cells.iter().map(|&p| play_of(p)).collect::<Option<_>>()?)
            }
            (1, [epoch, at, verdict, system, running, tenths, state, right, why @ ..]) if why.len() >= 6 => {
                let (why, vals) = why.split_at(6);
                let why = match whole(why[0], 0, 2)? {
                    0 => Why::Basic,
                    w => Why::Index {
                        situation: situation_of(why[1], why[2])?,
                        up: whole(why[3], 1, 10)? as u8,
                        at_or_above: choice_of(why[4])?,
                        index: whole(why[5], -MAX_COUNT, MAX_COUNT)? as i32,
                        reached: w == 1,
                    },
                };
                if vals.len() % 2 != 0 || vals.len() / 2 > PLAYS.len() {
                    return None;
                }
                let values: Vec<(Play, f64)> = vals
                    .chunks_exact(2)
                    .map(|p| Some((play_of(p[0])?, Some(p[1]).filter(|ev| ev.abs() <= MAX_EV)?)))
                    .collect::<Option<_>>()?;
                let right = play_of(*right)?;
                let sorted = values.windows(2).all(|w| w[0].1 >= w[1].1 && w[0].0 != w[1].0);
                let once = PLAYS.iter().all(|&p| values.iter().filter(|v| v.0 == p).count() <= 1);
                if !sorted || !once || !values.iter().any(|v| v.0 == right) {
                    return None;
                }
                GradeReply::Graded(Graded {
                    epoch: whole(*epoch, 0, u32::MAX.into())? as u32,
                    at: whole(*at, 0, u32::MAX.into())? as u32,
                    verdict: whole(*verdict, 0, 1)? == 1,
                    system: system_of(*system)?,
                    running_half: whole(*running, -MAX_COUNT, MAX_COUNT)? as i32,
                    true_tenths: whole(*tenths, -MAX_COUNT, MAX_COUNT)? as i32,
                    state: state_of(*state)?,
                    right,
                    why,
                    values,
                })
            }
            _ => return None,
        })
    }
}

/// The right play by the yardstick, and why. `basic` is basic strategy's play for the hand with
/// the plays open; `plays` the system's index plays known so far (`None`: the count is hidden,
/// or none known yet). An index play whose answer is not open now (a double on three cards, a
/// surrender after a hit) leaves the hand's own index play, then basic strategy.
pub fn right_play(ask: &GradeAsk, basic: Play, plays: Option<&[IndexPlay]>) -> (Play, Why) {
    let (Some(system), Some(plays)) = (ask.system.and_then(|s| SYSTEMS.get(s)), plays) else {
        return (basic, Why::Basic);
    };
    let (cards, up, allowed) = (&ask.cards, ask.up, ask.allowed);
    let hard: u8 = cards.iter().sum();
    let sit = match cards[..] {
        [a, b] if a == b && allowed.split => Situation::Pair(a),
        _ if cards.contains(&1) && hard + 10 <= 21 => Situation::Total { soft: true, total: hard + 10 },
        _ => Situation::Total { soft: false, total: hard },
    };
    // KO and Red 7 are played by the running count (their plays come keyed to it), the others by
    // the true count as the panel shows it, to a tenth: a play "from +2" is made from +2.0 on.
    let t = if !system.balanced() { ask.running_half.div_euclid(2) } else { ask.true_tenths.div_euclid(10) };
    let open = |c: IndexChoice| matches!(c, IndexChoice::Play(p) if allowed.permits(p));
    // Surrender first (as the published Fab 4); a surrender not open leaves the hand's own play.
    let answer =
        answer_at(plays, sit, up, t).filter(|&c| open(c)).or_else(|| play_at(plays, sit, up, t).filter(|&c| open(c)));
    let Some(answer @ IndexChoice::Play(play)) = answer else { return (basic, Why::Basic) };
    // The index play that gives the answer, for its words: of this hand's (and its surrender's),
    // the one whose side at this count is the answer, nearest the count.
    let surrender = match sit {
        Situation::Total { soft: false, total } => Some(Situation::Surrender(total)),
        Situation::Pair(p) => Some(Situation::SurrenderPair(p)),
        _ => None,
    };
    let named = plays
        .iter()
        .filter(|p| p.up == up && (p.situation == sit || Some(p.situation) == surrender))
        .filter(|p| if t >= p.index { p.at_or_above == answer } else { p.below == answer })
        .min_by_key(|p| (p.index - t).abs());
    match named {
        Some(ip) => (
            play,
            Why::Index {
                situation: ip.situation,
                up,
                at_or_above: ip.at_or_above,
                index: ip.index,
                reached: t >= ip.index,
            },
        ),
        None => (play, Why::Basic),
    }
}

/// A card of `points` (1 = ace … 10): the solver reads only the points.
fn card(points: u8) -> Card {
    Card::new(Rank::from_number(points.clamp(1, 10)).unwrap_or(Rank::Ace), Suit::ALL[0])
}

/// Grades `ask`: `basic` is basic strategy for its rules, `plays` its system's index plays
/// known so far and `state` how far they are.
pub fn grade(ask: &GradeAsk, basic: &Chart, plays: Option<&[IndexPlay]>, state: IndexState) -> Graded {
    let a = ask.allowed;
    let chart_play = basic.decide(&ask.cards, ask.up, a.hit, a.double, a.split, a.surrender);
    let (right, why) = right_play(ask, chart_play, plays);
    let cards: Vec<Card> = ask.cards.iter().map(|&p| card(p)).collect();
    let values = values(&ask.rules, Counts(ask.shoe), &cards, card(ask.up), a);
    // A right play without a value (never, for a checked ask: both come from the plays open)
    // is answered as the best one, so a reply always names a right play among its values.
    let (right, why) = if values.iter().any(|v| v.0 == right) {
        (right, why)
    } else {
        (values.first().map_or(Play::Stand, |v| v.0), Why::Basic)
    };
    Graded {
        epoch: ask.epoch,
        at: ask.at,
        verdict: ask.asked == Asked::Verdict,
        system: ask.system,
        running_half: ask.running_half,
        true_tenths: ask.true_tenths,
        state: if ask.system.is_some() { state } else { IndexState::All },
        right,
        why,
        values,
    }
}

/// A system's index plays for some rules being worked out.
struct Job {
    rules: TableRules,
    system: usize,
    work: IndexTableWork,
    keys: Option<RunningKeys>,
    /// The first hands' plays, once known.
    first: Option<Vec<IndexPlay>>,
}

/// Index plays worked out and kept: this many games (rules and system).
const KEPT: usize = 6;

/// The worker's side of the grading: basic strategy for the rules met (worked out at the first
/// ask, a fraction of a second) and each rules and system's index plays, worked out once a
/// bounded [`Grader::step`] at a time between asks and kept, so an ask is answered at once with
/// what is known. Messages in, replies out; the worker only carries them.
#[derive(Default)]
pub struct Grader {
    charts: Vec<(TableRules, Chart)>,
    done: Vec<(TableRules, usize, Vec<IndexPlay>)>,
    job: Option<Job>,
}

impl Grader {
    /// The replies to the message `v` (a [`prepare`] or a [`GradeAsk`]); a message it cannot
    /// read is [`GradeReply::Refused`].
    pub fn handle(&mut self, v: &[f64]) -> Vec<GradeReply> {
        if let Some(ask) = GradeAsk::decode(v).filter(|a| a.asked == Asked::Bot) {
            // A full shoe: basic strategy exactly, as `bots::casino`'s players.
            let cards: Vec<Card> = ask.cards.iter().map(|&p| card(p)).collect();
            let full = Counts::full(ask.rules.decks);
            let best = values(&ask.rules, full, &cards, card(ask.up), ask.allowed).first().map_or(Play::Stand, |v| v.0);
            return vec![GradeReply::Bot { epoch: ask.epoch, at: ask.at, play: best }];
        }
        if let Some(ask) = GradeAsk::decode(v) {
            let state = ask.system.map_or(IndexState::All, |s| self.start(&ask.rules, s));
            let chart = self.chart(&ask.rules);
            let plays = ask.system.and_then(|s| self.plays(&ask.rules, s));
            return vec![GradeReply::Graded(grade(&ask, &self.charts[chart].1, plays, state))];
        }
        match v {
            [tag, version, 4.0, rules @ ..] if (*tag, *version) == (GRADE_TAG, GRADE_VERSION) => {
                match rules_of(rules) {
                    Some(rules) => {
                        let chart = self.chart(&rules);
                        vec![GradeReply::Chart(chart_cells(&self.charts[chart].1))]
                    }
                    None => vec![GradeReply::Refused],
                }
            }
            [tag, version, 0.0, rules @ .., system] if (*tag, *version) == (GRADE_TAG, GRADE_VERSION) => {
                match (rules_of(rules), system_of(*system)) {
                    (Some(rules), Some(Some(system))) => {
                        vec![GradeReply::Status { system, state: self.start(&rules, system) }]
                    }
                    _ => vec![GradeReply::Refused],
                }
            }
            _ => vec![GradeReply::Refused],
        }
    }

    /// Whether index plays are being worked out ([`Grader::step`] has work).
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// One bounded step of the index plays being worked out; the news when they move on (the
    /// first hands' known, then all).
    pub fn step(&mut self) -> Option<GradeReply> {
        let job = self.job.as_mut()?;
        match job.work.step() {
            Some(Found::First(plays)) => {
                let news = job.first.is_none();
                job.first = Some(finished_plays(&job.rules, job.keys.as_ref(), plays));
                news.then_some(GradeReply::Status { system: job.system, state: IndexState::First })
            }
            Some(Found::All(plays)) => {
                let job = self.job.take()?;
                let plays = finished_plays(&job.rules, job.keys.as_ref(), plays);
                if self.done.len() >= KEPT {
                    self.done.remove(0);
                }
                self.done.push((job.rules, job.system, plays));
                Some(GradeReply::Status { system: job.system, state: IndexState::All })
            }
            None if job.work.is_done() => {
                self.job = None;
                None
            }
            None => None,
        }
    }

    /// Starts `system`'s index plays for `rules` unless they are known or under way (work for
    /// other rules or another system stops: the table has left them); how far they are.
    fn start(&mut self, rules: &TableRules, system: usize) -> IndexState {
        if self.done.iter().any(|(r, s, _)| r == rules && *s == system) {
            return IndexState::All;
        }
        match &self.job {
            Some(j) if j.rules == *rules && j.system == system => {}
            _ => {
                let sys = &SYSTEMS[system.min(SYSTEMS.len() - 1)];
                self.job = Some(Job {
                    rules: rules.clone(),
                    system,
                    work: IndexTableWork::new(rules, sys),
                    keys: RunningKeys::new(rules, sys),
                    first: None,
                });
            }
        }
        if self.job.as_ref().is_some_and(|j| j.first.is_some()) {
            IndexState::First
        } else {
            IndexState::Working
        }
    }

    fn plays(&self, rules: &TableRules, system: usize) -> Option<&[IndexPlay]> {
        if let Some((_, _, plays)) = self.done.iter().find(|(r, s, _)| r == rules && *s == system) {
            return Some(plays);
        }
        self.job.as_ref().filter(|j| j.rules == *rules && j.system == system)?.first.as_deref()
    }

    /// Basic strategy for `rules`, worked out if need be: its place in `charts`.
    fn chart(&mut self, rules: &TableRules) -> usize {
        if let Some(i) = self.charts.iter().position(|(r, _)| r == rules) {
            return i;
        }
        if self.charts.len() >= 2 {
            self.charts.remove(0);
        }
        // Quick mode: the same chart, the house edge (not used here) a little off.
        self.charts.push((rules.clone(), chart_with(rules, false)));
        self.charts.len() - 1
    }
}

/// The line under the trainer saying what decisions are graded against: `system` the count
/// shown (`None`: hidden), `state` how far its index plays are.
pub fn yardstick_line(system: Option<usize>, state: Option<IndexState>) -> String {
    let Some(system) = system.and_then(|s| SYSTEMS.get(s)) else {
        return "Decisions are graded by basic strategy for these rules (show the count to add its index plays)."
            .into();
    };
    match state {
        None | Some(IndexState::Working) => {
            format!("Working out the {} index plays; basic strategy until then.", system.name)
        }
        Some(IndexState::First) => format!(
            "Graded by basic strategy and the {} index plays of the Illustrious 18 and Fab 4; working out the rest.",
            system.name
        ),
        Some(IndexState::All) => format!("Graded by basic strategy and the {} index plays.", system.name),
    }
}

fn card_name(p: u8) -> String {
    if p == 1 {
        "A".into()
    } else {
        p.to_string()
    }
}

/// "stands", "splits": a play as the rule of an index says it.
fn verb(p: Play) -> &'static str {
    match p {
        Play::Stand => "stands",
        Play::Hit => "hits",
        Play::Double => "doubles",
        Play::Split => "splits",
        Play::Surrender => "surrenders",
    }
}

/// Why the right play is right, in words after "Stand: " ("basic strategy", "16 v 10 stands
/// from +0 with Hi-Lo; the count is +2.3").
pub fn why_words(g: &Graded) -> String {
    let system = g.system.and_then(|s| SYSTEMS.get(s));
    let (Why::Index { situation, up, at_or_above, index, reached }, Some(system)) = (g.why, system) else {
        return match (system, g.state) {
            (Some(_), IndexState::Working) => "basic strategy (the index plays are still being worked out)".into(),
            (Some(_), IndexState::First) => "basic strategy (the other index plays are being worked out)".into(),
            _ => "basic strategy".into(),
        };
    };
    let (from, shown) = if !system.balanced() {
        (
            format!("a running count of {}", half_points(2 * index)),
            format!("the running count is {}", half_points(g.running_half)),
        )
    } else {
        (format!("{index:+}"), format!("the count is {}", signed_tenths(f64::from(g.true_tenths) / 10.0)))
    };
    let hand = match situation {
        Situation::Total { soft: true, total } => format!("soft {total}"),
        Situation::Total { total, .. } | Situation::Surrender(total) => total.to_string(),
        Situation::Pair(p) | Situation::SurrenderPair(p) => format!("{},{}", card_name(p), card_name(p)),
        Situation::Insurance => "insurance".into(),
    };
    let index_play = match at_or_above {
        IndexChoice::Play(p) => verb(p),
        other => other.name(),
    };
    let rule = format!("{hand} v {} {index_play} from {from} with {}", card_name(up), system.name);
    if reached {
        format!("{rule}; {shown}")
    } else {
        format!("basic strategy; {rule}, and {shown}")
    }
}

impl Graded {
    /// The value of `p` for the cards left, if it was open.
    pub fn value(&self, p: Play) -> Option<f64> {
        self.values.iter().find(|v| v.0 == p).map(|v| v.1)
    }
}

/// The verdict on `played` with `hand` ("hard 16"): right or not by the yardstick, and why;
/// and what it gave up against the right play for the cards left, in thousandths of a bet
/// (`None`: the right play).
pub fn verdict_words(g: &Graded, played: Play, hand: &str) -> (String, Option<i64>) {
    let why = why_words(g);
    if played == g.right {
        (format!("{} with {hand}: right. {}: {why}.", played.name(), g.right.name()), None)
    } else {
        let (right, mine) = (g.value(g.right).unwrap_or(0.0), g.value(played).unwrap_or(0.0));
        let milli = ((right - mine).max(0.0) * 1000.0).round() as i64;
        (format!("{} with {hand}: not the right play. {}: {why}.", played.name(), g.right.name()), Some(milli))
    }
}

/// The second line of a verdict: every open play's exact value for the cards left, and what
/// the best of them is worth over the play made ("For the cards left: Stand -0.540, Hit -0.570
/// bets; Stand is worth 0.03 of a bet more.").
pub fn values_line(played: Play, g: &Graded) -> String {
    let each: Vec<String> = g.values.iter().map(|(p, v)| format!("{} {}", p.name(), signed_milli(*v))).collect();
    let mut line = format!("For the cards left: {} bets", each.join(", "));
    if let (Some(&(best, b)), Some(m)) = (g.values.first(), g.value(played)) {
        let milli = ((b - m) * 1000.0).round() as i64;
        if best != played && milli > 0 {
            line += &format!("; {} is worth {} more", best.name(), of_a_bet(milli));
        }
    }
    line + "."
}
