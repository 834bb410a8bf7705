//! The test mode's round, plain Rust (built and tested natively): one hand from a shoe being
//! dealt down, answered in order as a counter meets it at the table (the running count, the true
//! count by the player's rounding, the bet by their ramp, then the play), each part graded and
//! the round scored, with a streak of rounds answered wholly right.
//!
//! It is made of the other drills' pieces, not a copy of them: the tray is the true count
//! drill's ([`tray_question`]), the true count is graded by [`super::state::Rounding::apply`] as that drill
//! grades it, the bet by [`super::state::Ramp::bet_at`] as the bet ramp drill does, and the play by the
//! deviations' [`answer_at`] over the worker's index plays, else basic strategy (the strategy
//! flashcards' best play for the hand's [`Cell`]).

use super::state::{running_half, tray_question, Setup, TrayQuestion, TrayShoe};
use crate::engine::cards::Card;
use crate::engine::casino::count::CountSystem;
use crate::engine::casino::drill::{Cell, Row};
use crate::engine::casino::hand::points;
use crate::engine::casino::indices::{answer_at, Choice as IndexChoice, IndexPlay, Situation};
use crate::engine::casino::strategy::Play;
use crate::engine::rng::GameRng;

/// One round of the test: the cards dealt since the shuffle (the tray, with its running count)
/// and the hand dealt next from the same shoe (the player's two cards and the dealer's up card).
#[derive(Clone, Debug, PartialEq)]
pub struct TestRound {
    pub tray: TrayQuestion,
    /// The first round of a shoe shuffled afresh.
    pub new_shoe: bool,
    /// The cards in the tray, in the order they were dealt (for the page to show going by).
    pub seen: Vec<Card>,
    pub cards: [Card; 2],
    pub up: Card,
}

/// The player's four answers: the running count in half points, the whole true count, the bet
/// in units and the play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TestAnswer {
    pub running_half: i32,
    pub true_count: i32,
    pub bet: u16,
    pub play: IndexChoice,
}

/// Which parts of a round were right, and the right answer to each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TestGrade {
    pub running: bool,
    pub true_count: bool,
    pub bet: bool,
    pub play: bool,
    pub right: TestAnswer,
    /// Whether the play was graded by the index plays (else basic strategy alone, as the page
    /// says while the worker is still working them out).
    pub by_indices: bool,
}

impl TestGrade {
    /// The round's score: parts right of the four.
    pub fn score(&self) -> u8 {
        [self.running, self.true_count, self.bet, self.play].iter().filter(|&&p| p).count() as u8
    }
    /// Every part right: the round counts toward the streak.
    pub fn whole(&self) -> bool {
        self.score() == 4
    }
}

/// The next round: a tray dealt further down the shoe (a fresh shoe past the cut card, as the
/// true count drill deals), then the next three cards as the player's, the dealer's up card and
/// the player's second. A blackjack has no decision, so such a round goes to the tray as a
/// round seen and the next three cards are dealt; `None` only if the shoe runs out first (it
/// cannot before a cut card at most 90% deep, but a shoe is never read past its end).
pub fn test_round(setup: &Setup, shoe: &mut Option<TrayShoe>, rng: &mut GameRng) -> Option<TestRound> {
    let (mut tray, new_shoe) = tray_question(setup, shoe, rng);
    let s = shoe.as_mut()?;
    let (system, decks) = (setup.system(), setup.choice.decks);
    let mut at = tray.dealt as usize;
    loop {
        let &[a, up, b] = s.cards.get(at..at + 3)? else { return None };
        if !(points(a) + points(b) == 11 && (points(a) == 1 || points(b) == 1)) {
            tray.dealt = at as u32;
            let seen = s.cards[..at].to_vec();
            tray.running_half = running_half(system, decks, &seen);
            // The hand goes to the tray once played: the next round's tray holds it.
            s.dealt = (at + 3) as u32;
            return Some(TestRound { tray, new_shoe, seen, cards: [a, b], up });
        }
        at += 3;
    }
}

impl TestRound {
    /// The hand's decision as the index plays name it: a pair, a soft or a hard total.
    pub fn situation(&self) -> Situation {
        let (a, b) = (points(self.cards[0]), points(self.cards[1]));
        if a == b {
            Situation::Pair(a)
        } else if a == 1 || b == 1 {
            Situation::Total { soft: true, total: 11 + a + b - 1 }
        } else {
            Situation::Total { soft: false, total: a + b }
        }
    }

    /// The strategy chart's cell of this hand, whose best play is basic strategy's answer
    /// (`cell_values`, as the flashcards grade).
    pub fn cell(&self) -> Cell {
        let row = match self.situation() {
            Situation::Pair(p) => Row::Pair(p),
            Situation::Total { soft: true, total } => Row::Soft(total),
            Situation::Total { total, .. } => Row::Hard(total),
            _ => Row::Hard(points(self.cards[0]) + points(self.cards[1])),
        };
        Cell { row, up: points(self.up) }
    }

    /// Grades the answers. The running count is the tray's; the true count the rounding's of
    /// it over the decks left to the half deck (as the true count drill grades); the bet the
    /// ramp's at that true count and the play the index plays' answer at it (surrender first),
    /// or `basic` (basic strategy for the hand) where no index play answers or before the worker
    /// has them. Later parts are graded against the right count, not the player's, so one slip
    /// costs one part.
    pub fn grade(&self, setup: &Setup, plays: Option<&[IndexPlay]>, basic: Play, answer: &TestAnswer) -> TestGrade {
        let system: &CountSystem = setup.system();
        let true_count = setup.rounding.apply(self.tray.true_count(system));
        // KO and Red 7 are played by the running count: their plays come keyed to it (whole
        // points, as a level-one count keeps it).
        let key = if system.balanced() { true_count } else { self.tray.running_half.div_euclid(2) };
        let indexed = plays.and_then(|p| answer_at(p, self.situation(), points(self.up), key));
        let play = indexed.unwrap_or(IndexChoice::Play(basic));
        let right =
            TestAnswer { running_half: self.tray.running_half, true_count, bet: setup.ramp.bet_at(true_count), play };
        TestGrade {
            running: answer.running_half == right.running_half,
            true_count: answer.true_count == right.true_count,
            bet: answer.bet == right.bet,
            play: answer.play == right.play,
            right,
            by_indices: plays.is_some(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::casino::count::SYSTEMS;
    use crate::ui::drills::state::{card_of, Ramp, Rounding};

    /// A round at 6 decks with `dealt` cards in the tray: the player's first card, the up card
    /// and the player's second, as points (1 = ace).
    fn round(running_half: i32, dealt: u32, hand: [u8; 3]) -> TestRound {
        let mut rng = GameRng::new(1);
        let [a, up, b] = hand.map(|p| card_of(p, &mut rng));
        let tray = TrayQuestion { decks: 6, dealt, running_half, cut: 234 };
        TestRound { tray, new_shoe: false, seen: Vec::new(), cards: [a, b], up }
    }

    fn index(situation: Situation, up: u8, at: i32, above: Play, below: Play) -> IndexPlay {
        IndexPlay {
            situation,
            up,
            at_or_above: IndexChoice::Play(above),
            below: IndexChoice::Play(below),
            index: at,
            crossing: at as f64,
            gain: 0.0,
        }
    }

    fn setup() -> Setup {
        Setup { ramp: Ramp([1, 2, 4, 6, 8, 10]), ..Setup::default() }
    }

    /// Hi-Lo, 6 decks, 2 decks dealt (4 left), running +10: true +2.5, +2 by truncating, a bet of
    /// 2 units; 16 v 10 stands from 0. Every part right scores 4 and is whole; each part wrong
    /// alone costs that part only.
    #[test]
    fn each_part_is_graded_on_its_own() {
        let s = setup();
        assert_eq!(s.system().key, SYSTEMS[0].key);
        let r = round(20, 104, [10, 10, 6]);
        assert_eq!(r.situation(), Situation::Total { soft: false, total: 16 });
        let plays = [index(Situation::Total { soft: false, total: 16 }, 10, 0, Play::Stand, Play::Hit)];
        let right = TestAnswer { running_half: 20, true_count: 2, bet: 2, play: IndexChoice::Play(Play::Stand) };
        let g = r.grade(&s, Some(&plays), Play::Hit, &right);
        assert_eq!(g.right, right);
        assert!(g.whole() && g.by_indices);
        for (wrong, part) in [
            (TestAnswer { running_half: 21, ..right }, 0),
            (TestAnswer { true_count: 3, ..right }, 1),
            (TestAnswer { bet: 4, ..right }, 2),
            (TestAnswer { play: IndexChoice::Play(Play::Hit), ..right }, 3),
        ] {
            let g = r.grade(&s, Some(&plays), Play::Hit, &wrong);
            assert_eq!(g.score(), 3, "{wrong:?}");
            assert!(!g.whole());
            assert!(![g.running, g.true_count, g.bet, g.play][part]);
        }
    }

    /// The true count by the rounding chosen alone, the bet at the right count (not the one the
    /// player typed), and the ramp's ends held.
    #[test]
    fn the_true_count_and_bet_follow_the_rounding_and_ramp() {
        // Running −10 with 4 decks left: −2.5.
        let r = round(-20, 104, [10, 9, 5]);
        let s = setup();
        let basic = Play::Stand;
        for (rounding, t) in [(Rounding::Truncate, -2), (Rounding::Floor, -3), (Rounding::Round, -3)] {
            let s = Setup { rounding, ..s };
            let g = r.grade(
                &s,
                None,
                basic,
                &TestAnswer { running_half: -20, true_count: t, bet: 1, play: IndexChoice::Play(basic) },
            );
            assert!(g.whole(), "{rounding:?}");
            assert!(!g.by_indices);
        }
        // +6.5 (running +26 at 4 decks) bets the ramp's top; a wrong count does not move the bet.
        let r = round(52, 104, [10, 9, 5]);
        let g = r.grade(
            &s,
            None,
            basic,
            &TestAnswer { running_half: 52, true_count: 5, bet: 10, play: IndexChoice::Play(basic) },
        );
        assert_eq!((g.true_count, g.bet, g.score()), (false, true, 3));
    }

    /// With no index for the hand, or before the worker's plays, the play is basic strategy's;
    /// a pair and a soft hand are asked as such, surrender decided first.
    #[test]
    fn the_play_is_the_index_play_else_basic_strategy() {
        let s = setup();
        let r = round(0, 104, [8, 10, 8]);
        assert_eq!(r.situation(), Situation::Pair(8));
        assert_eq!(r.cell(), Cell { row: Row::Pair(8), up: 10 });
        let none: [IndexPlay; 0] = [];
        assert_eq!(r.grade(&s, Some(&none), Play::Split, &any()).right.play, IndexChoice::Play(Play::Split));
        let give_up = [index(Situation::SurrenderPair(8), 10, 0, Play::Surrender, Play::Split)];
        assert_eq!(r.grade(&s, Some(&give_up), Play::Split, &any()).right.play, IndexChoice::Play(Play::Surrender));
        let soft = round(0, 104, [1, 2, 7]);
        assert_eq!(soft.situation(), Situation::Total { soft: true, total: 18 });
        assert_eq!(soft.cell(), Cell { row: Row::Soft(18), up: 2 });
        let soft_index = [index(Situation::Total { soft: true, total: 18 }, 2, 1, Play::Double, Play::Stand)];
        assert_eq!(soft.grade(&s, Some(&soft_index), Play::Stand, &any()).right.play, IndexChoice::Play(Play::Stand));
    }

    fn any() -> TestAnswer {
        TestAnswer { running_half: 0, true_count: 0, bet: 1, play: IndexChoice::Play(Play::Stand) }
    }

    /// Rounds come down one shoe: each tray is the cards dealt before its hand, its running count
    /// theirs, the hand the next cards of the shoe and never a blackjack; past the cut card a
    /// fresh shoe.
    #[test]
    fn rounds_deal_down_one_shoe_without_blackjacks() {
        let s = setup();
        let mut rng = GameRng::new(7);
        let mut shoe = None;
        let mut fresh = 0;
        let mut last = 0;
        for i in 0..300 {
            let r = test_round(&s, &mut shoe, &mut rng).expect("a round");
            let cards = &shoe.as_ref().unwrap().cards;
            let at = r.tray.dealt as usize;
            assert_eq!(r.seen, cards[..at]);
            assert_eq!([r.cards[0], r.up, r.cards[1]], cards[at..at + 3]);
            assert_eq!(r.tray.running_half, running_half(s.system(), 6, &r.seen));
            let (a, b) = (points(r.cards[0]), points(r.cards[1]));
            assert!(!(a + b == 11 && (a == 1 || b == 1)), "a blackjack asked");
            assert_eq!(r.new_shoe, i == 0 || r.tray.dealt < last, "round {i}");
            if r.new_shoe {
                fresh += 1;
            }
            last = r.tray.dealt;
        }
        assert!(fresh > 2, "the shoe is shuffled afresh past its cut card");
    }
}
