//! Casino players: they play the computed strategy. A bot gets a [`SpotView`], what a player at
//! its spot sees (its own cards, the dealer's up card, the other spots' cards, the count of
//! cards gone), and nothing else: never the `Game`. The values come from
//! [`crate::engine::casino::strategy`], for a full shoe, so they play "basic strategy"
//! exactly, composition-dependent, without counting. A [`CasinoBot`] keeps what it works out
//! (a full shoe is the same shoe every time), so only its first hands at a table cost much.

use crate::engine::cards::Card;
use crate::engine::casino::hand::{points, Total};
use crate::engine::casino::strategy::{ActionEvs, Counts, Play, Solver};
use crate::engine::casino::{Action, Phase, SpotView, TableRules};

/// Which of the hand's options are open now.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Allowed {
    pub hit: bool,
    pub double: bool,
    pub split: bool,
    pub surrender: bool,
}

impl Allowed {
    pub fn of(view: &SpotView) -> Allowed {
        let (spot, bet) = (view.spot, view.bet);
        Allowed {
            hit: view.may(Action::Hit { spot }),
            double: view.may(Action::Double { spot, amount: bet }),
            split: view.may(Action::Split { spot }),
            surrender: view.may(Action::Surrender { spot }),
        }
    }
    pub fn permits(&self, p: Play) -> bool {
        match p {
            Play::Stand => true,
            Play::Hit => self.hit,
            Play::Double => self.double,
            Play::Split => self.split,
            Play::Surrender => self.surrender,
        }
    }
}

/// The value of every open action for `cards` against `up`, drawing from `shoe` (every card
/// not seen, plus the up card and these cards). Two-card hands get every option; larger
/// hands only hit or stand.
pub fn values(rules: &TableRules, shoe: Counts, cards: &[Card], up: Card, allowed: Allowed) -> Vec<(Play, f64)> {
    values_from(&mut Solver::new(rules, shoe, points(up)), cards, allowed)
}

/// [`values`] from a solver for the shoe and up card (one that may have judged other hands:
/// its memory changes no value).
fn values_from(s: &mut Solver, cards: &[Card], allowed: Allowed) -> Vec<(Play, f64)> {
    let pts: Vec<u8> = cards.iter().map(|&c| points(c)).collect();
    let evs = if pts.len() == 2 {
        s.evaluate(pts[0], pts[1])
    } else {
        let (stand, hit) = s.hit_or_stand(&pts);
        ActionEvs { stand, hit, ..ActionEvs::default() }
    };
    let mut out: Vec<(Play, f64)> = [Play::Stand, Play::Hit, Play::Double, Play::Split, Play::Surrender]
        .into_iter()
        .filter(|&p| allowed.permits(p))
        .filter_map(|p| evs.value(p).map(|v| (p, v)))
        .collect();
    // Best first, stable (the shared insertion sort: the standard one costs the casino page
    // kilobytes of wasm).
    crate::engine::sort::sort_small_by(&mut out, |a, b| a.1 > b.1);
    out
}

/// How long a bot at the casino takes over a decision (ms): on the casino page and at a table
/// with friends, where the host's worker plays the spots no person plays.
pub const BOT_MS: u32 = 700;

/// The action a strategy bot takes from its spot's view (None if the decision is not its own),
/// worked out from nothing: [`CasinoBot::decide`] decides the same, faster.
pub fn decide(view: &SpotView) -> Option<Action> {
    CasinoBot::default().decide(view)
}

/// The strategy bot, with its memory: a solver per up card for a full shoe at the table's
/// rules (forgotten when the rules change). The page keeps one for all its bots.
#[derive(Default)]
pub struct CasinoBot {
    rules: Option<TableRules>,
    solvers: Vec<Option<Solver>>,
}

impl CasinoBot {
    /// The action the strategy takes from this view (None if the decision is not its own).
    pub fn decide(&mut self, view: &SpotView) -> Option<Action> {
        let spot = view.spot;
        match view.phase {
            // Insurance is a losing bet from a full shoe: the strategy never takes it.
            Phase::Insurance { spot: s } if s == spot => Some(Action::Insure { spot, amount: 0 }),
            Phase::Playing { spot: s, .. } if s == spot => {
                let h = view.current_hand()?;
                let up = view.dealer_up()?;
                let best = values_from(self.solver(&view.rules, points(up)), &h.cards, Allowed::of(view))
                    .first()
                    .map(|&(p, _)| p)
                    .unwrap_or(Play::Stand);
                Some(action(spot, view.bet, best))
            }
            _ => None,
        }
    }

    fn solver(&mut self, rules: &TableRules, up: u8) -> &mut Solver {
        if self.rules.as_ref() != Some(rules) {
            self.rules = Some(rules.clone());
            self.solvers.clear();
        }
        if self.solvers.is_empty() {
            self.solvers = (0..10).map(|_| None).collect();
        }
        let i = (up.clamp(1, 10) - 1) as usize;
        self.solvers[i].get_or_insert_with(|| Solver::new(rules, Counts::full(rules.decks), up))
    }
}

fn action(spot: u8, bet: i64, best: Play) -> Action {
    match best {
        Play::Stand => Action::Stand { spot },
        Play::Hit => Action::Hit { spot },
        Play::Double => Action::Double { spot, amount: bet },
        Play::Split => Action::Split { spot },
        Play::Surrender => Action::Surrender { spot },
    }
}

/// Every card not yet seen at the table, plus `extra` (the up card and the hand being judged).
pub fn unseen_plus(view: &SpotView, extra: &[Card]) -> Counts {
    let mut c = Counts::full(view.rules.decks);
    for (n, s) in c.0.iter_mut().zip(view.seen) {
        *n = n.saturating_sub(s);
    }
    for &x in extra {
        let n = &mut c.0[points(x) as usize - 1];
        *n = n.saturating_add(1);
    }
    c
}

/// "Soft 17", "hard 12", "a pair of 8s": how the trainer names a hand.
pub fn hand_label(cards: &[Card]) -> String {
    let t = Total::of(cards);
    if cards.len() == 2 && points(cards[0]) == points(cards[1]) {
        let p = points(cards[0]);
        return if p == 1 { "a pair of aces".into() } else { format!("a pair of {p}s") };
    }
    format!("{} {}", if t.is_soft() { "soft" } else { "hard" }, t.best())
}
