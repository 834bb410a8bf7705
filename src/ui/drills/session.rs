//! The drills page's reducer: which drill is open, the question on screen in each drill and the
//! answer given, and the record they score into. Plain Rust, built and tested natively; the page
//! (`app.rs`) only reads the fields the player typed, runs the timers and dispatches [`DrillMsg`]s.

use super::state::*;
use super::test_mode::{test_round, TestAnswer, TestGrade, TestRound};
use crate::engine::cards::Card;
use crate::engine::casino::drill::cell_values;
use crate::engine::casino::indices::{answer_at, Choice as IndexChoice, IndexPlay};
use crate::engine::casino::strategy::Play;
use crate::engine::rng::GameRng;
use crate::ui::casino::words::signed_tenths;
use crate::ui::reducer::Apply;
use std::rc::Rc;

/// A flashcard on screen: the question, its values (best first) and the answer given.
#[derive(Clone, PartialEq)]
pub struct Flash {
    pub q: Flashcard,
    pub values: Vec<(Play, f64)>,
    pub answer: Option<Play>,
}

/// A round of the running count drill.
#[derive(Clone, PartialEq)]
pub struct CountRound {
    pub cards: Vec<Card>,
    /// The flash on screen, from 1 (0: about to start; past the last: the count is asked).
    pub shown: usize,
    /// The count typed, once answered (in half points).
    pub answer: Option<i32>,
    /// A new number for each round, so a timer of the round before cannot move this one.
    pub id: u32,
    /// The flashes after which the count is asked along the way (the count checks), rising.
    pub checks: Vec<usize>,
    /// The counts typed at the checks so far (half points), and whether each was right.
    pub checked: Vec<(i32, bool)>,
    /// A count check is asked: the cards stop until it is answered.
    pub asking: bool,
    /// The stopwatch, on the page's clock (milliseconds, passed in with each flash): when the
    /// first card showed, when the last went, and the time spent answering checks (left out).
    pub started: Option<f64>,
    pub ended: Option<f64>,
    pub paused: f64,
    paused_at: Option<f64>,
}

impl CountRound {
    /// Every flash has been shown and the count is asked.
    pub fn done(&self, at_once: u8) -> bool {
        self.shown > flashes(self.cards.len(), at_once as usize)
    }

    /// The next flash at `at` on the page's clock: the stopwatch starts with the first and
    /// stops when the last goes.
    fn advance(&mut self, at: f64, at_once: u8) {
        self.shown += 1;
        if self.shown == 1 {
            self.started = Some(at);
        }
        if self.done(at_once) {
            self.ended = Some(at);
        }
    }

    /// The cards shown up to the flash on screen.
    pub fn seen(&self, at_once: u8) -> &[Card] {
        &self.cards[..(self.shown * at_once as usize).min(self.cards.len())]
    }

    /// The stopwatch's time for the round, once the last card has gone: from the first card
    /// to the last, the checks left out (ms).
    pub fn elapsed(&self) -> Option<f64> {
        Some((self.ended? - self.started? - self.paused).max(0.0))
    }
}

/// The pace a round went at, in seconds a deck (52 cards), and whether it met the target
/// (seconds a deck, 0: none): `None` until the stopwatch has a time.
pub fn deck_pace(round: &CountRound, target: u16) -> Option<(f64, Option<bool>)> {
    let ms = round.elapsed()?;
    let per_deck = ms / 1000.0 * 52.0 / round.cards.len().max(1) as f64;
    Some((per_deck, (target > 0).then_some(per_deck <= target as f64 + 1e-9)))
}

/// Where a round of `flashes` flashes stops for its count checks: one a 26 flashes, one to
/// three, at flashes drawn from the generator (never after the last, where the count is asked
/// anyway), rising.
pub fn check_points(flashes: usize, rng: &mut GameRng) -> Vec<usize> {
    if flashes < 2 {
        return Vec::new();
    }
    let want = (flashes / 26).clamp(1, 3).min(flashes - 1);
    let mut points: Vec<usize> = Vec::new();
    // Bounded: each try draws one of flashes − 1 places, and at most a third of them are taken.
    for _ in 0..64 {
        if points.len() == want {
            break;
        }
        let p = 1 + rng.below(flashes as u64 - 1) as usize;
        if !points.contains(&p) {
            points.push(p);
        }
    }
    points.sort_unstable();
    points
}

/// A question of the true count drill.
#[derive(Clone, PartialEq)]
pub struct Tray {
    pub q: TrayQuestion,
    /// The first tray of a shoe shuffled afresh.
    pub new_shoe: bool,
    /// A new form for each tray, so no answer stays in its fields.
    pub id: u32,
    /// The decks left (in half decks) and true count given, and whether each was right.
    pub answer: Option<(i32, i32, bool, bool)>,
}

/// A question of the bet ramp drill: a true count, and the units typed with whether they are
/// the ramp's.
#[derive(Clone, PartialEq)]
pub struct RampQ {
    pub true_count: i32,
    /// A new form for each question, so no answer stays in its field.
    pub id: u32,
    pub answer: Option<(u32, bool)>,
}

/// A question of the deviations drill.
#[derive(Clone, PartialEq)]
pub struct Dev {
    pub q: Deviation,
    pub answer: Option<IndexChoice>,
}

/// A round of the test mode: the round, basic strategy's play for its hand, the counts and bet
/// typed (running in half points, true, units) and, once the play is chosen, the answers and
/// their grade.
#[derive(Clone, PartialEq)]
pub struct TestQ {
    pub round: TestRound,
    /// Where the cards new to this round start in the tray: every card since the shuffle on a
    /// new shoe, else those since the last round's hand (that hand's cards among them).
    pub from: usize,
    pub basic: Play,
    /// A new form for each round, so no answer stays in its fields.
    pub id: u32,
    pub counts: Option<(i32, i32, u16)>,
    pub graded: Option<(TestAnswer, TestGrade)>,
}

/// How many flashes show `cards` cards, `per` at a time.
pub fn flashes(cards: usize, per: usize) -> usize {
    cards.div_ceil(per.max(1))
}

/// Everything the drills page shows, and its saved record.
#[derive(Clone, PartialEq)]
pub struct Drills {
    pub progress: Progress,
    /// The drill open, or the list of drills.
    pub screen: Option<Drill>,
    pub flash: Option<Flash>,
    pub round: Option<CountRound>,
    pub tray: Option<Tray>,
    pub dev: Option<Dev>,
    /// The index plays for the current rules and system, once worked out (ranked: the
    /// Illustrious 18 and Fab 4 first, then by value).
    pub plays: Option<Rc<Vec<IndexPlay>>>,
    pub ramp: Option<RampQ>,
    pub test: Option<TestQ>,
    /// The shoe the true count drill deals down, and the test mode's own.
    shoe: Option<TrayShoe>,
    test_shoe: Option<TrayShoe>,
    rng: GameRng,
}

/// What the player (or a timer) does on the drills page.
#[derive(Clone, Debug, PartialEq)]
pub enum DrillMsg {
    /// Open a drill, or go back to the list.
    Open(Option<Drill>),
    /// New table rules, count system or pace.
    Setup(Setup),
    NextFlash,
    NextRound,
    NextTray,
    NextDev,
    /// The index plays are ready for the current rules (or are being worked out again: `None`).
    Plays(Option<Rc<Vec<IndexPlay>>>),
    AnswerFlash(IndexChoice),
    AnswerDev(IndexChoice),
    /// The running count as typed.
    AnswerCount(String),
    /// The decks left and true count as typed.
    AnswerTray {
        decks: String,
        true_count: String,
    },
    /// The running count's next flash after `shown` in round `id` (its timer, or the player's
    /// key at their own pace), at `at` on the page's clock (ms).
    Tick {
        id: u32,
        shown: usize,
        at: f64,
    },
    /// The count as typed at a count check along the way, at `at` on the page's clock.
    AnswerCheck {
        typed: String,
        at: f64,
    },
    NextRamp,
    /// The bet typed, in units.
    AnswerRamp(String),
    /// The player's ramp as typed, a bet for each of [`RAMP_COUNTS`].
    SetRamp(Vec<String>),
    NextTest,
    /// The test mode's running count, true count and bet as typed.
    AnswerTestCounts {
        running: String,
        true_count: String,
        bet: String,
    },
    /// The test mode's play, after the counts and bet.
    AnswerTestPlay(IndexChoice),
}

impl DrillMsg {
    /// The message with the page's clock put in (a key's message is made without it).
    pub fn stamped(self, now: f64) -> DrillMsg {
        match self {
            DrillMsg::Tick { id, shown, .. } => DrillMsg::Tick { id, shown, at: now },
            DrillMsg::AnswerCheck { typed, .. } => DrillMsg::AnswerCheck { typed, at: now },
            other => other,
        }
    }
}

impl Drills {
    pub fn new(progress: Progress, seed: u64) -> Self {
        Drills {
            progress,
            screen: None,
            flash: None,
            round: None,
            tray: None,
            dev: None,
            plays: None,
            ramp: None,
            test: None,
            shoe: None,
            test_shoe: None,
            rng: GameRng::new(seed),
        }
    }

    /// The message a key stands for on the screen shown: 1 to 4 open a drill, Escape goes back,
    /// a drill's answer keys answer, Enter or space ask the next question once answered.
    pub fn key(&self, key: &str) -> Option<DrillMsg> {
        let next = key == "Enter" || key == " ";
        let Some(drill) = self.screen else {
            let k = key.parse::<u8>().ok()?;
            return Drill::ALL.into_iter().find(|d| d.key() == k).map(|d| DrillMsg::Open(Some(d)));
        };
        if key == "Escape" {
            return Some(DrillMsg::Open(None));
        }
        let answered = match drill {
            Drill::Strategy => self.flash.as_ref().map(|f| f.answer.is_some()),
            Drill::Deviations => self.dev.as_ref().map(|d| d.answer.is_some()),
            // At their own pace the player turns each card (space or the right arrow).
            Drill::Running if self.own_pace_turn() => {
                let r = self.round.as_ref()?;
                return matches!(key, " " | "ArrowRight").then_some(DrillMsg::Tick {
                    id: r.id,
                    shown: r.shown,
                    at: 0.0,
                });
            }
            // No question yet counts as answered: Enter starts the first round.
            Drill::Running => Some(self.round.as_ref().is_none_or(|r| r.answer.is_some())),
            Drill::True => Some(self.tray.as_ref().is_some_and(|t| t.answer.is_some())),
            Drill::Ramp => Some(self.ramp.as_ref().is_some_and(|r| r.answer.is_some())),
            // The play's keys once the counts and bet are in.
            Drill::Test => {
                let q = self.test.as_ref()?;
                if q.counts.is_some() && q.graded.is_none() {
                    return key_choice(key).map(DrillMsg::AnswerTestPlay);
                }
                Some(q.graded.is_some())
            }
        }?;
        match (drill, answered) {
            (_, true) if next => Some(match drill {
                Drill::Strategy => DrillMsg::NextFlash,
                Drill::Deviations => DrillMsg::NextDev,
                Drill::Running => DrillMsg::NextRound,
                Drill::True => DrillMsg::NextTray,
                Drill::Ramp => DrillMsg::NextRamp,
                Drill::Test => DrillMsg::NextTest,
            }),
            (Drill::Strategy, false) => key_choice(key).map(DrillMsg::AnswerFlash),
            (Drill::Deviations, false) => key_choice(key).map(DrillMsg::AnswerDev),
            _ => None,
        }
    }

    /// A round at the player's own pace waits for their key to turn the next card.
    pub fn own_pace_turn(&self) -> bool {
        let at_once = self.progress.setup.at_once;
        self.progress.setup.speed == 0
            && self.round.as_ref().is_some_and(|r| r.shown > 0 && !r.asking && r.answer.is_none() && !r.done(at_once))
    }

    fn next_flash(&mut self) {
        let q = flashcard(&self.progress.cells, &mut self.rng);
        self.flash = q.map(|q| {
            let values = cell_values(&self.progress.setup.rules(), q.cell);
            Flash { q, values, answer: None }
        });
    }

    fn next_tray(&mut self) {
        let id = self.tray.as_ref().map_or(0, |t| t.id.wrapping_add(1));
        let (q, new_shoe) = tray_question(&self.progress.setup, &mut self.shoe, &mut self.rng);
        self.tray = Some(Tray { q, new_shoe, id, answer: None });
    }

    fn next_dev(&mut self) {
        self.dev = self.plays.as_ref().and_then(|plays| {
            let kinds = &self.progress.kinds[Drill::Deviations.index() - 1];
            let q = deviation(plays, &self.progress.setup, kinds, &mut self.rng)?;
            Some(Dev { q, answer: None })
        });
    }

    fn answer_flash(&mut self, choice: IndexChoice) -> bool {
        let (Some(f), IndexChoice::Play(play)) = (&mut self.flash, choice) else { return false };
        if f.answer.is_some() || !f.values.iter().any(|v| v.0 == play) {
            return false;
        }
        let right = f.values.first().is_some_and(|b| b.0 == play);
        f.answer = Some(play);
        let index = f.q.index;
        self.progress.cells.record(index, right);
        self.progress.score(Drill::Strategy, "", right);
        true
    }

    fn answer_count(&mut self, typed: &str) -> bool {
        let s = self.progress.setup;
        let Some(r) = self.round.as_mut().filter(|r| r.answer.is_none() && r.done(s.at_once)) else { return false };
        let Some(typed) = parse_count(typed) else { return false };
        let right = typed == running_half(s.system(), s.choice.decks, &r.cards);
        r.answer = Some(typed);
        self.progress.score(Drill::Running, &count_kind(&s), right);
        true
    }

    fn next_test(&mut self) {
        let prev = self.test.take();
        let id = prev.as_ref().map_or(0, |q| q.id.wrapping_add(1));
        let Some(round) = test_round(&self.progress.setup, &mut self.test_shoe, &mut self.rng) else { return };
        let from = match prev {
            Some(p) if !round.new_shoe => (p.round.tray.dealt as usize).min(round.seen.len()),
            _ => 0,
        };
        // Basic strategy for the hand, as the flashcards grade it: the best play of its cell.
        let values = cell_values(&self.progress.setup.rules(), round.cell());
        let basic = values.first().map_or(Play::Stand, |v| v.0);
        self.test = Some(TestQ { round, from, basic, id, counts: None, graded: None });
    }

    /// The running count, true count (a whole number) and bet typed; a field that does not
    /// read changes nothing.
    fn answer_test_counts(&mut self, running: &str, true_count: &str, bet: &str) -> bool {
        let Some(q) = self.test.as_mut().filter(|q| q.counts.is_none()) else { return false };
        let (Some(running), Some(tc)) = (parse_count(running), parse_count(true_count).filter(|h| h % 2 == 0)) else {
            return false;
        };
        let Some(bet) = bet.trim().parse::<u16>().ok().filter(|u| *u <= MAX_UNITS) else { return false };
        q.counts = Some((running, tc / 2, bet));
        true
    }

    /// The play, one the rules offer for the hand: the round graded and scored.
    fn answer_test_play(&mut self, play: IndexChoice) -> bool {
        let setup = self.progress.setup;
        let plays = self.plays.clone();
        let Some(q) = self.test.as_mut().filter(|q| q.graded.is_none()) else { return false };
        let Some((running_half, true_count, bet)) = q.counts else { return false };
        if !hand_choices(&setup.rules(), &q.round.cards).contains(&play) {
            return false;
        }
        let answer = TestAnswer { running_half, true_count, bet, play };
        let grade = q.round.grade(&setup, plays.as_deref().map(|p| p.as_slice()), q.basic, &answer);
        q.graded = Some((answer, grade));
        self.progress.score(Drill::Test, "", grade.whole());
        true
    }

    fn next_ramp(&mut self) {
        let id = self.ramp.as_ref().map_or(0, |r| r.id.wrapping_add(1));
        self.ramp = Some(RampQ { true_count: ramp_question(&mut self.rng), id, answer: None });
    }

    /// A bet typed in whole units, graded against the player's own ramp.
    fn answer_ramp(&mut self, typed: &str) -> bool {
        let ramp = self.progress.setup.ramp;
        let Some(q) = self.ramp.as_mut().filter(|q| q.answer.is_none()) else { return false };
        let Some(units) = typed.trim().parse::<u32>().ok().filter(|u| *u <= MAX_UNITS as u32) else { return false };
        let right = units == ramp.bet_at(q.true_count) as u32;
        q.answer = Some((units, right));
        let kind = format!("bet at {}", RAMP_COUNTS[(q.true_count.clamp(1, 6) - 1) as usize]);
        self.progress.score(Drill::Ramp, &kind, right);
        true
    }

    fn answer_check(&mut self, typed: &str, at: f64) -> bool {
        let s = self.progress.setup;
        let Some(r) = self.round.as_mut().filter(|r| r.asking) else { return false };
        let Some(typed) = parse_count(typed) else { return false };
        let right = typed == running_half(s.system(), s.choice.decks, r.seen(s.at_once));
        r.checked.push((typed, right));
        r.asking = false;
        if let Some(from) = r.paused_at.take() {
            r.paused += (at - from).max(0.0);
        }
        // On with the next card at once (the one before the check has been counted).
        r.advance(at, s.at_once);
        self.progress.score(Drill::Running, "count check along the way", right);
        true
    }

    fn tick(&mut self, id: u32, shown: usize, at: f64) -> bool {
        let at_once = self.progress.setup.at_once;
        let Some(r) = self.round.as_mut() else { return false };
        if r.id != id || r.shown != shown || r.answer.is_some() || r.asking || r.done(at_once) {
            return false;
        }
        // A count check after this flash: the cards stop (and the stopwatch with them).
        if r.checks.get(r.checked.len()) == Some(&shown) {
            r.asking = true;
            r.paused_at = Some(at);
            return true;
        }
        r.advance(at, at_once);
        true
    }

    fn next_round(&mut self) {
        let s = self.progress.setup;
        let cards = count_round(&s, &mut self.rng);
        let id = self.round.as_ref().map_or(0, |r| r.id.wrapping_add(1));
        let checks =
            if s.checks { check_points(flashes(cards.len(), s.at_once as usize), &mut self.rng) } else { Vec::new() };
        self.round = Some(CountRound {
            cards,
            shown: 0,
            answer: None,
            id,
            checks,
            checked: Vec::new(),
            asking: false,
            started: None,
            ended: None,
            paused: 0.0,
            paused_at: None,
        });
    }

    fn answer_tray(&mut self, decks: &str, true_count: &str) -> bool {
        let system = self.progress.setup.system();
        let Some(t) = self.tray.as_mut().filter(|t| t.answer.is_none()) else { return false };
        let (Some(decks), Some(tc)) = (parse_count(decks), parse_count(true_count).filter(|h| h % 2 == 0)) else {
            return false;
        };
        let rounding = self.progress.setup.rounding;
        let (decks_ok, count_ok) = t.q.check(system, rounding, decks as f64 / 2.0, tc / 2);
        t.answer = Some((decks, tc / 2, decks_ok, count_ok));
        let kind = t.q.kind();
        self.progress.score(Drill::True, &kind, decks_ok && count_ok);
        true
    }
}

/// How the running count drill files a round in the weakest list: its cards at a time and pace.
fn count_kind(s: &Setup) -> String {
    if s.speed == 0 {
        return format!("{} at a time, own pace", s.at_once);
    }
    let pace = signed_tenths(s.speed as f64 / 1000.0);
    format!("{} at a time, {} s", s.at_once, pace.trim_start_matches('+'))
}

impl Apply for Drills {
    type Msg = DrillMsg;

    fn apply(&mut self, msg: DrillMsg) -> bool {
        match msg {
            DrillMsg::Open(d) => {
                self.screen = d;
                match d {
                    Some(Drill::Strategy) if self.flash.is_none() => self.next_flash(),
                    Some(Drill::True) if self.tray.is_none() => self.next_tray(),
                    Some(Drill::Ramp) if self.ramp.is_none() => self.next_ramp(),
                    Some(Drill::Test) if self.test.is_none() => self.next_test(),
                    Some(Drill::Running) => self.round = None,
                    _ => {}
                }
            }
            DrillMsg::Setup(s) => {
                let was = std::mem::replace(&mut self.progress.setup, s);
                // A tray of another shoe or count goes; a question from plays no longer asked
                // makes way for one from the set now chosen.
                if (was.choice.decks, was.system) != (s.choice.decks, s.system) {
                    (self.tray, self.shoe) = (None, None);
                }
                // The test's hand is graded by the rules it was dealt under: new rules, a new shoe.
                if (was.choice, was.system) != (s.choice, s.system) {
                    (self.test, self.test_shoe) = (None, None);
                }
                if (was.plays, was.rare) != (s.plays, s.rare) {
                    self.next_dev();
                }
            }
            DrillMsg::NextFlash => self.next_flash(),
            DrillMsg::NextRound => self.next_round(),
            DrillMsg::NextTray => self.next_tray(),
            DrillMsg::NextDev => self.next_dev(),
            DrillMsg::Plays(plays) => {
                if plays == self.plays {
                    return false;
                }
                // The whole table after the first hands: the question on screen stays if the
                // whole table answers it the same (it does: the first hands' plays are the
                // table's own), so a player is never moved on mid-question.
                let stays = self.dev.as_ref().is_some_and(|d| {
                    let q = &d.q;
                    plays
                        .as_ref()
                        .is_some_and(|p| answer_at(p, q.play.situation, q.play.up, q.true_count) == Some(q.answer))
                });
                self.plays = plays;
                if !stays {
                    self.next_dev();
                }
            }
            DrillMsg::AnswerFlash(c) => return self.answer_flash(c),
            DrillMsg::AnswerDev(c) => {
                let rules = self.progress.setup.rules();
                let Some(d) = self.dev.as_mut().filter(|d| d.answer.is_none()) else { return false };
                // Only the plays the table's rules offer for the hand are answers.
                if !dev_choices(&rules, &d.q).contains(&c) {
                    return false;
                }
                d.answer = Some(c);
                let (right, kind) = (c == d.q.answer, d.q.kind());
                self.progress.score(Drill::Deviations, &kind, right);
            }
            DrillMsg::AnswerCount(typed) => return self.answer_count(&typed),
            DrillMsg::AnswerTray { decks, true_count } => return self.answer_tray(&decks, &true_count),
            DrillMsg::Tick { id, shown, at } => return self.tick(id, shown, at),
            DrillMsg::AnswerCheck { typed, at } => return self.answer_check(&typed, at),
            DrillMsg::NextRamp => self.next_ramp(),
            DrillMsg::AnswerRamp(typed) => return self.answer_ramp(&typed),
            DrillMsg::NextTest => self.next_test(),
            DrillMsg::AnswerTestCounts { running, true_count, bet } => {
                return self.answer_test_counts(&running, &true_count, &bet)
            }
            DrillMsg::AnswerTestPlay(c) => return self.answer_test_play(c),
            DrillMsg::SetRamp(fields) => {
                let Some(ramp) = Ramp::parse(&fields).filter(|r| *r != self.progress.setup.ramp) else { return false };
                // A question not yet answered is graded by the ramp as it is when answered.
                self.progress.setup.ramp = ramp;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drills() -> Drills {
        Drills::new(Progress::default(), 7)
    }

    fn open(d: &mut Drills, drill: Drill) {
        assert!(d.apply(DrillMsg::Open(Some(drill))));
    }

    #[test]
    fn keys_open_drills_and_escape_goes_back() {
        let mut d = drills();
        assert_eq!(d.key("2"), Some(DrillMsg::Open(Some(Drill::ALL[1]))));
        assert_eq!(d.key("0"), None);
        assert_eq!(d.key("9"), None);
        assert_eq!(d.key("Escape"), None);
        open(&mut d, Drill::Strategy);
        assert_eq!(d.key("Escape"), Some(DrillMsg::Open(None)));
        assert_eq!(d.key("2"), None, "a digit inside a drill is not a drill's key");
    }

    #[test]
    fn a_flashcard_is_scored_once_and_enter_asks_the_next() {
        let mut d = drills();
        open(&mut d, Drill::Strategy);
        let f = d.flash.clone().expect("a flashcard");
        assert_eq!(d.key("Enter"), None, "no next hand before an answer");
        let best = f.values[0].0;
        let wrong = f.values.iter().map(|v| v.0).find(|p| *p != best).expect("two plays");
        let key = STRATEGY_KEY.iter().find(|(p, _)| *p == wrong).map(|(_, k)| *k).unwrap();
        let msg = d.key(key).expect("an answer key");
        assert!(d.apply(msg.clone()));
        assert!(!d.apply(msg), "a second answer changes nothing");
        let s = d.progress.scores[Drill::Strategy.index()];
        assert_eq!((s.right, s.wrong, s.streak), (0, 1, 0));
        assert_eq!(d.progress.cells.tally(f.q.index).map(|t| t.missed), Some(1));
        assert_eq!(d.key("Enter"), Some(DrillMsg::NextFlash));
        assert!(d.apply(DrillMsg::NextFlash));
        assert_eq!(d.flash.as_ref().and_then(|f| f.answer), None);
        let best = d.flash.as_ref().unwrap().values[0].0;
        assert!(d.apply(DrillMsg::AnswerFlash(IndexChoice::Play(best))));
        let s = d.progress.scores[Drill::Strategy.index()];
        assert_eq!((s.right, s.wrong, s.streak), (1, 1, 1));
    }

    const STRATEGY_KEY: [(Play, &str); 5] =
        [(Play::Stand, "S"), (Play::Hit, "H"), (Play::Double, "D"), (Play::Split, "P"), (Play::Surrender, "R")];

    #[test]
    fn a_play_the_hand_does_not_offer_is_ignored() {
        let mut d = drills();
        open(&mut d, Drill::Strategy);
        let f = d.flash.clone().unwrap();
        let absent = [Play::Stand, Play::Hit, Play::Double, Play::Split, Play::Surrender]
            .into_iter()
            .find(|p| !f.values.iter().any(|v| v.0 == *p));
        if let Some(p) = absent {
            assert!(!d.apply(DrillMsg::AnswerFlash(IndexChoice::Play(p))));
        }
        assert!(!d.apply(DrillMsg::AnswerFlash(IndexChoice::Insure)));
        assert_eq!(d.progress.scores[Drill::Strategy.index()].wrong, 0);
    }

    #[test]
    fn the_running_count_flashes_then_takes_one_answer() {
        let mut d = drills();
        open(&mut d, Drill::Running);
        assert_eq!(d.key("Enter"), Some(DrillMsg::NextRound));
        assert!(d.apply(DrillMsg::NextRound));
        let r = d.round.clone().unwrap();
        assert!(!d.apply(DrillMsg::AnswerCount("0".into())), "no answer before the last card");
        assert!(!d.apply(DrillMsg::Tick { id: r.id + 1, shown: 0, at: 0.0 }), "another round's timer");
        let at_once = d.progress.setup.at_once;
        let mut shown = 0;
        while !d.round.as_ref().unwrap().done(at_once) {
            assert!(d.apply(DrillMsg::Tick { id: r.id, shown, at: 0.0 }));
            assert!(!d.apply(DrillMsg::Tick { id: r.id, shown, at: 0.0 }), "a stale tick");
            shown += 1;
        }
        assert_eq!(shown, flashes(r.cards.len(), at_once as usize) + 1);
        assert!(!d.apply(DrillMsg::Tick { id: r.id, shown, at: 0.0 }), "no flash past the last");
        assert!(!d.apply(DrillMsg::AnswerCount("twelve".into())), "unreadable: not scored");
        let s = d.progress.setup;
        let truth = running_half(s.system(), s.choice.decks, &r.cards);
        assert!(d.apply(DrillMsg::AnswerCount(format!("{}", truth / 2 + 1))));
        assert!(!d.apply(DrillMsg::AnswerCount("0".into())), "one answer a round");
        let score = d.progress.scores[Drill::Running.index()];
        assert_eq!((score.right, score.wrong), (0, 1));
        assert_eq!(d.progress.kinds[Drill::Running.index() - 1].weakest(1)[0].0, "1 at a time, 1.0 s");
        assert_eq!(d.key(" "), Some(DrillMsg::NextRound));
    }

    #[test]
    fn a_tray_needs_both_fields_and_a_whole_true_count() {
        let mut d = drills();
        open(&mut d, Drill::True);
        let t = d.tray.clone().expect("a tray on opening");
        assert_eq!(d.key("Enter"), None);
        // Decks are typed to half a deck.
        let decks = format!("{}", t.q.halves_left() as f64 / 2.0);
        let bad = |tc: &str| DrillMsg::AnswerTray { decks: decks.clone(), true_count: tc.into() };
        assert!(!d.apply(bad("")));
        assert!(!d.apply(bad("1.5")), "the true count is a whole number");
        let tc = d.progress.setup.rounding.apply(t.q.true_count(d.progress.setup.system()));
        assert!(d.apply(bad(&tc.to_string())));
        assert!(d.tray.as_ref().unwrap().answer.is_some());
        assert_eq!(d.progress.scores[Drill::True.index()], Score { right: 1, wrong: 0, streak: 1, best: 1 });
        assert_eq!(d.key("Enter"), Some(DrillMsg::NextTray));
        assert!(d.apply(DrillMsg::NextTray));
        assert_eq!(d.tray.as_ref().unwrap().id, t.id + 1);
    }

    #[test]
    fn deviations_wait_for_the_plays_ask_the_first_hands_and_clear_when_they_go() {
        use crate::engine::casino::indices::{first_situations, Found, IndexTableWork};
        let mut d = drills();
        open(&mut d, Drill::Deviations);
        assert!(d.dev.is_none());
        assert_eq!(d.key("Enter"), None);
        // The plays for the default rules as the worker finds them: the first hands, then all.
        let mut work = IndexTableWork::new(&d.progress.setup.rules(), d.progress.setup.system());
        let mut found = Vec::new();
        while !work.is_done() {
            found.extend(work.step());
        }
        let (Some(Found::First(first)), Some(Found::All(all))) = (found.first(), found.last()) else {
            panic!("{found:?}")
        };
        let (first, all) = (Rc::new(first.clone()), Rc::new(all.clone()));
        assert!(d.apply(DrillMsg::Plays(Some(first.clone()))));
        assert!(!d.apply(DrillMsg::Plays(Some(first))), "the same plays again change nothing");
        let q = d.dev.clone().expect("a question from the first hands");
        let rules = d.progress.setup.rules();
        assert!(first_situations(&rules).contains(&(q.q.play.situation, q.q.play.up)), "{}", q.q.kind());
        // The whole table arrives mid-question: the question stays, and is answered as before.
        assert!(d.apply(DrillMsg::Plays(Some(all))));
        assert!(d.dev == Some(q.clone()), "the question on screen stays");
        assert!(d.apply(DrillMsg::AnswerDev(q.q.answer)));
        assert!(!d.apply(DrillMsg::AnswerDev(q.q.answer)));
        assert_eq!(d.progress.scores[Drill::Deviations.index()].right, 1);
        assert_eq!(d.key("n"), None);
        assert_eq!(d.key("Enter"), Some(DrillMsg::NextDev));
        assert!(d.apply(DrillMsg::Plays(None)));
        assert!(d.dev.is_none(), "no question from plays of other rules");
    }

    /// Plays the round on screen to its end, the flash after `shown` at `at(shown)` on the
    /// page's clock, answering each count check with the count so far (plus `off`) 5 s after it
    /// is asked (the clock moved on by as much).
    fn play_round(d: &mut Drills, at: impl Fn(usize) -> f64, off: i32) -> Vec<usize> {
        let s = d.progress.setup;
        let mut asked = Vec::new();
        let mut later = 0.0;
        let at = |shown: usize, later: f64| at(shown) + later;
        for _ in 0..1000 {
            let r = d.round.clone().unwrap();
            if r.done(s.at_once) {
                break;
            }
            if r.asking {
                asked.push(r.shown);
                let truth = running_half(s.system(), s.choice.decks, r.seen(s.at_once));
                assert!(
                    !d.apply(DrillMsg::Tick { id: r.id, shown: r.shown, at: at(r.shown, later) }),
                    "the cards wait"
                );
                let typed = format!("{}", (truth + 2 * off) as f64 / 2.0);
                later += 5000.0;
                assert!(d.apply(DrillMsg::AnswerCheck { typed, at: at(r.shown, later) }));
                continue;
            }
            assert!(d.apply(DrillMsg::Tick { id: r.id, shown: r.shown, at: at(r.shown, later) }));
        }
        asked
    }

    /// At the player's own pace, space turns each card, and the stopwatch (the page's clock,
    /// passed in) times the round from the first card to the last, the count checks left out;
    /// the pace a deck is held to the player's target.
    #[test]
    fn own_pace_rounds_are_timed_and_held_to_the_target() {
        let mut d = drills();
        let setup = Setup { speed: 0, length: 52, target: 25, checks: true, ..Setup::default() };
        assert!(d.apply(DrillMsg::Setup(setup)));
        open(&mut d, Drill::Running);
        assert!(d.apply(DrillMsg::NextRound));
        assert!(!d.own_pace_turn(), "the first card comes by itself");
        let r = d.round.clone().unwrap();
        assert_eq!(r.checks.len(), 2, "one check a 26 cards: {:?}", r.checks);
        assert!(d.apply(DrillMsg::Tick { id: r.id, shown: 0, at: 1000.0 }));
        assert!(d.own_pace_turn());
        assert_eq!(d.key(" "), Some(DrillMsg::Tick { id: r.id, shown: 1, at: 0.0 }));
        assert_eq!(d.key("ArrowRight").map(|m| m.stamped(7.0)), Some(DrillMsg::Tick { id: r.id, shown: 1, at: 7.0 }));
        assert_eq!(d.key("Enter"), None, "Enter is not a card turn");
        // 52 cards, 460 ms each (the first shown at 1 s, the last gone at 1 s + 52 × 0.46 s).
        let asked = play_round(&mut d, |shown| 1000.0 + 460.0 * shown as f64, 0);
        assert_eq!(asked, r.checks, "stopped at each check");
        let r = d.round.clone().unwrap();
        assert_eq!(r.checked.iter().map(|c| c.1).collect::<Vec<_>>(), [true, true]);
        assert_eq!(r.elapsed(), Some(23_920.0), "the checks' 5 s each left out");
        let (pace, met) = deck_pace(&r, 25).unwrap();
        assert!((pace - 23.92).abs() < 1e-9 && met == Some(true), "{pace}");
        assert_eq!(deck_pace(&r, 20).unwrap().1, Some(false));
        assert_eq!(deck_pace(&r, 0).unwrap().1, None, "no target, no verdict");
        let score = d.progress.scores[Drill::Running.index()];
        assert_eq!((score.right, score.wrong), (2, 0), "the checks are scored");
        assert_eq!(d.progress.kinds[Drill::Running.index() - 1].0[0].0, "count check along the way");
    }

    #[test]
    fn a_wrong_count_check_is_missed_and_the_round_goes_on() {
        let mut d = drills();
        let setup = Setup { length: 30, checks: true, ..Setup::default() };
        assert!(d.apply(DrillMsg::Setup(setup)));
        open(&mut d, Drill::Running);
        assert!(d.apply(DrillMsg::NextRound));
        let asked = play_round(&mut d, |shown| shown as f64 * 1000.0, 1);
        assert_eq!(asked.len(), 1);
        let r = d.round.clone().unwrap();
        assert_eq!(r.checked.len(), 1);
        assert!(!r.checked[0].1);
        assert!(!d.apply(DrillMsg::AnswerCheck { typed: "0".into(), at: 0.0 }), "no check is asked");
        assert!(r.done(1) && r.answer.is_none(), "the count is asked at the end");
    }

    #[test]
    fn check_points_fall_inside_the_round() {
        let mut rng = GameRng::new(3);
        for flashes in [0, 1, 2, 5, 26, 52, 100, 312] {
            for _ in 0..20 {
                let p = check_points(flashes, &mut rng);
                let want = if flashes < 2 { 0 } else { (flashes / 26).clamp(1, 3) };
                assert_eq!(p.len(), want, "{flashes}: {p:?}");
                assert!(p.windows(2).all(|w| w[0] < w[1]) && p.iter().all(|&x| x >= 1 && x < flashes), "{p:?}");
            }
        }
    }

    /// The true count drill deals one shoe down to its cut card, tray after tray, then shuffles
    /// a new one.
    #[test]
    fn trays_deal_one_shoe_down_to_the_cut_card() {
        let mut d = drills();
        open(&mut d, Drill::True);
        let mut last = d.tray.clone().unwrap();
        assert!(last.new_shoe);
        let mut new_shoes = 0;
        for _ in 0..60 {
            assert!(d.apply(DrillMsg::NextTray));
            let t = d.tray.clone().unwrap();
            assert!(t.q.dealt <= t.q.cut, "{} past the cut card at {}", t.q.dealt, t.q.cut);
            if t.new_shoe {
                new_shoes += 1;
                assert!(t.q.dealt <= 40);
            } else {
                assert!((8..=40).contains(&(t.q.dealt - last.q.dealt)), "{} then {}", last.q.dealt, t.q.dealt);
            }
            last = t;
        }
        assert!(new_shoes >= 2, "{new_shoes} shoes");
        // Another shoe size: a new shoe.
        let mut s = d.progress.setup;
        s.choice.decks = 2;
        assert!(d.apply(DrillMsg::Setup(s)));
        assert!(d.tray.is_none());
        open(&mut d, Drill::True);
        let t = d.tray.clone().unwrap();
        assert!(t.new_shoe && t.q.decks == 2 && t.q.cut == 104 * 67 / 100);
    }

    /// No Surrender at a table without it, no soft double where only 9 to 11 may be doubled:
    /// a play the rules do not offer is not an answer (and changes nothing).
    #[test]
    fn deviations_take_only_the_plays_the_rules_offer() {
        use crate::engine::casino::indices::{Choice, IndexPlay, Situation};
        let mut d = drills();
        open(&mut d, Drill::Deviations);
        let hand = |situation, up| IndexPlay {
            situation,
            up,
            at_or_above: Choice::Play(Play::Stand),
            below: Choice::Play(Play::Hit),
            index: 0,
            crossing: 0.0,
            gain: 0.0,
        };
        let soft = hand(Situation::Total { soft: true, total: 18 }, 2);
        d.plays = Some(Rc::new(vec![soft]));
        d.progress.setup.plays = 2;
        d.next_dev();
        let q = d.dev.clone().expect("a question");
        let rules = d.progress.setup.rules();
        assert!(!rules.surrender);
        assert_eq!(dev_choices(&rules, &q.q), [Choice::Play(Play::Stand), Choice::Play(Play::Hit)]);
        assert!(!d.apply(DrillMsg::AnswerDev(Choice::Play(Play::Surrender))));
        assert!(!d.apply(DrillMsg::AnswerDev(Choice::Play(Play::Double))));
        assert!(!d.apply(DrillMsg::AnswerDev(Choice::Insure)));
        assert_eq!(d.progress.scores[Drill::Deviations.index()], Score::default());
        assert!(d.apply(DrillMsg::AnswerDev(Choice::Play(Play::Stand))));
        // With surrender, a pair: split and surrender offered; a hard 10 doubles.
        let mut s = d.progress.setup;
        s.choice.surrender = true;
        let rules = s.rules();
        let mut q = q.q.clone();
        q.play = hand(Situation::Pair(8), 10);
        q.cards = vec![card_of(8, &mut d.rng), card_of(8, &mut d.rng)];
        let all: Vec<Choice> =
            [Play::Stand, Play::Hit, Play::Split, Play::Surrender].into_iter().map(Choice::Play).collect();
        assert_eq!(dev_choices(&rules, &q), all);
        q.cards = vec![card_of(4, &mut d.rng), card_of(6, &mut d.rng)];
        assert!(dev_choices(&rules, &q).contains(&Choice::Play(Play::Double)));
        q.play = hand(Situation::Insurance, 1);
        assert_eq!(dev_choices(&rules, &q), [Choice::Insure, Choice::DeclineInsurance]);
    }

    /// The bet ramp drill grades a bet against the player's own ramp: the bet for the count
    /// (+1 or less bets the first step, +6 or more the last), nothing else.
    #[test]
    fn bets_are_graded_against_the_players_ramp() {
        let mut d = drills();
        assert_eq!(d.key("6"), Some(DrillMsg::Open(Some(Drill::Ramp))));
        assert_eq!(d.key("5"), None, "5 is the casino sessions' screen (the page's)");
        open(&mut d, Drill::Ramp);
        let typed = |v: [&str; 6]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        for bad in [
            ["1", "2", "3", "4", "5", "0"],
            ["1", "2", "3", "4", "5", "1001"],
            ["1", "2", "x", "4", "5", "6"],
            ["1", "2", "3", "4", "5", "6.5"],
        ] {
            assert!(!d.apply(DrillMsg::SetRamp(typed(bad))), "{bad:?}");
        }
        assert!(!d.apply(DrillMsg::SetRamp(vec!["1".into(); 5])), "six bets");
        assert!(d.apply(DrillMsg::SetRamp(typed(["1", "1", "2", "4", "8", "12"]))));
        assert_eq!(d.progress.setup.ramp, Ramp([1, 1, 2, 4, 8, 12]));
        let ramp = d.progress.setup.ramp;
        for (t, units) in [(-2, 1), (0, 1), (1, 1), (2, 1), (3, 2), (4, 4), (5, 8), (6, 12), (7, 12)] {
            assert_eq!(ramp.bet_at(t), units, "{t}");
        }
        let mut seen = std::collections::BTreeSet::new();
        let mut t = Score::default();
        for i in 0..60 {
            let q = d.ramp.clone().expect("a question");
            seen.insert(q.true_count);
            assert_eq!(d.key("Enter"), None, "no next before an answer");
            assert!(!d.apply(DrillMsg::AnswerRamp("two".into())), "not a number: not scored");
            let right = ramp.bet_at(q.true_count);
            let answer = if i % 3 == 0 { right + 1 } else { right };
            assert!(d.apply(DrillMsg::AnswerRamp(answer.to_string())));
            assert!(!d.apply(DrillMsg::AnswerRamp(right.to_string())), "one answer a question");
            t.add(i % 3 != 0);
            assert_eq!(d.ramp.as_ref().unwrap().answer, Some((answer as u32, i % 3 != 0)));
            assert_eq!(d.key("Enter"), Some(DrillMsg::NextRamp));
            assert!(d.apply(DrillMsg::NextRamp));
        }
        assert_eq!(d.progress.scores[Drill::Ramp.index()], t);
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), (-2..=7).collect::<Vec<_>>(), "every count from −2 to +7");
        assert!(d.progress.kinds[Drill::Ramp.index() - 1].0.iter().any(|k| k.0 == "bet at +1 or less"));
    }

    /// The test mode: the counts and bet first (a field that does not read changes nothing),
    /// then a play the hand offers; the round scored whole or not, the streak over whole rounds.
    #[test]
    fn the_test_mode_takes_counts_then_a_play_and_scores_the_round() {
        use crate::ui::casino::words::half_points;
        let mut d = drills();
        open(&mut d, Drill::Test);
        let counts = |r: &TestAnswer, bet_off: u16| DrillMsg::AnswerTestCounts {
            running: half_points(r.running_half),
            true_count: r.true_count.to_string(),
            bet: (r.bet + bet_off).to_string(),
        };
        for bet_off in [0, 1] {
            let q = d.test.clone().expect("a round");
            let probe = TestAnswer { running_half: 0, true_count: 0, bet: 0, play: IndexChoice::Insure };
            let right = q.round.grade(&d.progress.setup, None, q.basic, &probe).right;
            assert!(!d.apply(DrillMsg::AnswerTestPlay(right.play)), "no play before the counts");
            for bad in ["", "x", "2.25"] {
                let msg = DrillMsg::AnswerTestCounts { running: bad.into(), true_count: "0".into(), bet: "1".into() };
                assert!(!d.apply(msg));
            }
            let odd = DrillMsg::AnswerTestCounts { running: "0".into(), true_count: "1.5".into(), bet: "1".into() };
            assert!(!d.apply(odd), "a true count is a whole number");
            let huge = DrillMsg::AnswerTestCounts { running: "0".into(), true_count: "0".into(), bet: "1001".into() };
            assert!(!d.apply(huge));
            assert_eq!(d.key("s"), None, "no play key while the counts are asked");
            assert!(d.apply(counts(&right, bet_off)));
            assert!(!d.apply(counts(&right, 0)), "the counts are given once");
            if !matches!(q.round.situation(), crate::engine::casino::indices::Situation::Pair(_)) {
                assert!(!d.apply(DrillMsg::AnswerTestPlay(IndexChoice::Play(Play::Split))), "no split without a pair");
            }
            assert!(!d.apply(DrillMsg::AnswerTestPlay(IndexChoice::Insure)));
            assert_eq!(d.key("Enter"), None, "no next hand before the play");
            assert!(d.apply(DrillMsg::AnswerTestPlay(right.play)));
            assert!(!d.apply(DrillMsg::AnswerTestPlay(right.play)), "a round is graded once");
            let (_, g) = d.test.as_ref().unwrap().graded.unwrap();
            assert_eq!((g.score(), g.bet), if bet_off == 0 { (4, true) } else { (3, false) });
            assert!(!g.by_indices, "no index plays yet: basic strategy alone");
            assert_eq!(d.key("Enter"), Some(DrillMsg::NextTest));
            assert!(d.apply(DrillMsg::NextTest));
        }
        assert_eq!(*d.progress.score_of(Drill::Test), Score { right: 1, wrong: 1, streak: 0, best: 1 });
        assert_eq!(d.progress.scores, [Score::default(); 5], "the other drills' scores are untouched");
    }
}
