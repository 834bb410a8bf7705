//! A card counter at the simulator's table, to check the bet spread's figures ([`super::risk`])
//! against play rather than against their own formulas: the shoe dealt to the cut card, the
//! running count kept card by card, a bet from the spread at the true count before each round,
//! and every decision played by the chart except where an index play says otherwise, at the
//! true count with the cards on the table (the up card and the player's cards counted, the hole
//! card not), surrender decided first as the published Fab 4 are.
//!
//! The simulator is [`super::sim::Simulator`], the same rounds as the house-edge benchmark;
//! this module only gives it a [`Source`] that counts. `examples/counter_sim.rs` runs millions of
//! rounds; `tests/casino_trainer.rs` a small seeded run.

use super::count::CountSystem;
use super::indices::{play_at, Choice, IndexPlay, Situation};
use super::risk::Spread;
use super::rules::TableRules;
use super::sim::{Decision, SimShoe, Simulator, Source, Wy};
use super::strategy::{Chart, Play};
use crate::engine::rng::GameRng;

/// A counted round's results, summed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CounterTally {
    pub rounds: u64,
    /// The result in units (the bet times the round's result), summed, and its squares.
    pub won: f64,
    pub won_sq: f64,
    /// Per whole true count before the round (rounded to the nearest, as the spread's figures
    /// bin them): (count, rounds, the rounds' results per unit bet summed). By rising count.
    pub by_count: Vec<(i32, u64, f64, f64)>,
    /// The cards the rounds took, summed, and their squares.
    pub cards: u64,
    pub cards_sq: u64,
}

impl CounterTally {
    /// W, the average result of a round in units.
    pub fn win(&self) -> f64 {
        self.won / self.rounds.max(1) as f64
    }
    /// The standard deviation of a round's result, in units.
    pub fn sd(&self) -> f64 {
        let w = self.win();
        (self.won_sq / self.rounds.max(1) as f64 - w * w).max(0.0).sqrt()
    }
    /// The half-width of W's 95% interval.
    pub fn win_margin(&self) -> f64 {
        1.96 * self.sd() / (self.rounds.max(1) as f64).sqrt()
    }
    fn add(&mut self, count: i32, bet: f64, result: f64) {
        self.rounds += 1;
        self.won += bet * result;
        self.won_sq += (bet * result).powi(2);
        let at = self.by_count.partition_point(|c| c.0 < count);
        if self.by_count.get(at).is_none_or(|c| c.0 != count) {
            self.by_count.insert(at, (count, 0, 0.0, 0.0));
        }
        self.by_count[at].1 += 1;
        self.by_count[at].2 += result;
        self.by_count[at].3 += result * result;
    }
}

/// The shoe as a counter sees it: the cards, the running count of those dealt, and the plays.
struct CountingShoe<'a> {
    shoe: SimShoe,
    system: &'a CountSystem,
    decks: u8,
    running_half: i32,
    dealt: u32,
    chart: &'a Chart,
    plays: &'a [IndexPlay],
    rng: Wy,
}

impl CountingShoe<'_> {
    fn tag(&self, points: u8) -> i32 {
        self.system.half_tags[points as usize - 1] as i32
    }

    /// The whole true count the player plays by: the cards dealt less the hole card, floored
    /// (a play is made "at or above" its index: at a true count of 2.9, an index of +3 is not
    /// reached yet).
    fn seen(&self, hole: u8) -> i32 {
        let running = self.running_half - self.tag(hole);
        self.system.true_count(running, self.decks, self.dealt.saturating_sub(1)).floor() as i32
    }

    fn index(&self, situation: Situation, up: u8, t: i32) -> Option<Play> {
        match play_at(self.plays, situation, up, t)? {
            Choice::Play(p) => Some(p),
            _ => None,
        }
    }

    /// The counter's play: surrender first, then the pair's split, then the total's own index,
    /// and the chart wherever no index play speaks (or where the one that does is not allowed).
    fn play(&self, h: &Decision, up: u8, t: i32) -> Play {
        let two = h.cards == 2;
        let mut may_surrender = h.can_surrender;
        if two && h.can_surrender {
            let own = match h.pair {
                Some(p) => Some(Situation::SurrenderPair(p)),
                None if !h.soft => Some(Situation::Surrender(h.hard)),
                None => None,
            };
            match own.and_then(|s| self.index(s, up, t)) {
                Some(Play::Surrender) => return Play::Surrender,
                // The index says play on: the chart's surrender is overruled too.
                Some(_) => may_surrender = false,
                None => {}
            }
        }
        let mut may_split = h.can_split;
        if let (Some(p), true) = (h.pair, two && h.can_split) {
            match self.index(Situation::Pair(p), up, t) {
                Some(Play::Split) => return Play::Split,
                Some(_) => may_split = false,
                None => {}
            }
        }
        let chart = if two {
            self.chart.decide(&[h.first, h.second], up, h.can_hit, h.can_double, may_split, may_surrender)
        } else if self.chart.hits(h.hard, h.soft, up) {
            Play::Hit
        } else {
            Play::Stand
        };
        if !h.can_hit || chart == Play::Split || chart == Play::Surrender {
            return chart;
        }
        let total = if h.soft { h.hard + 10 } else { h.hard };
        match self.index(Situation::Total { soft: h.soft, total }, up, t) {
            Some(Play::Double) if h.can_double => Play::Double,
            // A double the rules refuse here (three cards, after a split) is a hit.
            Some(Play::Double) => Play::Hit,
            Some(p @ (Play::Hit | Play::Stand)) => p,
            _ => chart,
        }
    }
}

impl Source for CountingShoe<'_> {
    fn draw(&mut self) -> u8 {
        let s = &mut self.shoe;
        if s.next >= s.cards.len() {
            // The cut card was too late for this round (a rare long round at one deck): the
            // dealer goes on from a fresh shoe, the count as it was until the round ends.
            self.rng.shuffle(&mut s.cards);
            s.next = 0;
        }
        let c = s.cards[s.next];
        s.next += 1;
        self.running_half += self.tag(c);
        self.dealt += 1;
        c
    }
    fn deviate(&mut self, hand: &Decision, up: u8, hole: u8) -> Option<Play> {
        Some(self.play(hand, up, self.seen(hole)))
    }
    fn insure(&mut self, hole: u8) -> bool {
        play_at(self.plays, Situation::Insurance, 1, self.seen(hole)) == Some(Choice::Insure)
    }
}

/// Plays `rounds` rounds of one spot from `seed` as a counter with `system` would: a bet of
/// `spread` at the true count before each round, the chart's plays but where one of `plays`
/// (index plays for these rules and this system) applies. The count's sevens are tagged by
/// point value, so Red 7 (whose red and black sevens differ) is counted as its black sevens.
pub fn simulate_counter(
    rules: &TableRules,
    chart: &Chart,
    system: &CountSystem,
    plays: &[IndexPlay],
    spread: &Spread,
    rounds: u64,
    seed: u64,
) -> CounterTally {
    let sim = Simulator::new(rules, chart);
    let mut shoe = CountingShoe {
        shoe: SimShoe::full(rules.decks),
        system,
        decks: rules.decks,
        running_half: 0,
        dealt: 0,
        chart,
        plays,
        rng: Wy(GameRng::new(seed).next_u64()),
    };
    let mut tally = CounterTally::default();
    let mut shuffled = false;
    for _ in 0..rounds {
        // To the cut card, as a counter's shoe is dealt (a round that would run the shoe dry
        // is dealt on from a fresh shoe: `draw`).
        if !shuffled || shoe.shoe.spent(rules, 0) {
            shoe.rng.shuffle(&mut shoe.shoe.cards);
            shoe.shoe.next = 0;
            shoe.running_half = system.initial_running_count_half(rules.decks);
            shoe.dealt = 0;
            shuffled = true;
        }
        let count = system.true_count(shoe.running_half, rules.decks, shoe.dealt).round() as i32;
        let bet = spread.bet_at(count);
        let before = shoe.dealt;
        let r = sim.round(&mut shoe);
        tally.add(count, bet, r.net);
        let cards = (shoe.dealt - before) as u64;
        tally.cards += cards;
        tally.cards_sq += cards * cards;
    }
    tally
}
