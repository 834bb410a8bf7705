//! The drills page's reducer: which drill is open, the question on screen in each drill and the
//! answer given, and the record they score into. Plain Rust, built and tested natively; the page
//! (`app.rs`) only reads the fields the player typed, runs the timers and dispatches [`DrillMsg`]s.

use super::state::*;
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
}

impl CountRound {
    /// Every flash has been shown and the count is asked.
    pub fn done(&self, at_once: u8) -> bool {
        self.shown > flashes(self.cards.len(), at_once as usize)
    }
}

/// A question of the true count drill.
#[derive(Clone, PartialEq)]
pub struct Tray {
    pub q: TrayQuestion,
    /// A new form for each tray, so no answer stays in its fields.
    pub id: u32,
    /// The decks left (in half decks) and true count given, and whether each was right.
    pub answer: Option<(i32, i32, bool, bool)>,
}

/// A question of the deviations drill.
#[derive(Clone, PartialEq)]
pub struct Dev {
    pub q: Deviation,
    pub answer: Option<IndexChoice>,
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
    /// The index plays for the current rules and system, once worked out.
    pub plays: Option<Rc<Vec<IndexPlay>>>,
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
    /// The running count's timer: show the flash after `shown` in round `id`.
    Tick {
        id: u32,
        shown: usize,
    },
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
            rng: GameRng::new(seed),
        }
    }

    /// The message a key stands for on the screen shown: 1 to 4 open a drill, Escape goes back,
    /// a drill's answer keys answer, Enter or space ask the next question once answered.
    pub fn key(&self, key: &str) -> Option<DrillMsg> {
        let next = key == "Enter" || key == " ";
        let Some(drill) = self.screen else {
            let i = key.parse::<usize>().ok()?.checked_sub(1)?;
            return Drill::ALL.get(i).map(|d| DrillMsg::Open(Some(*d)));
        };
        if key == "Escape" {
            return Some(DrillMsg::Open(None));
        }
        let answered = match drill {
            Drill::Strategy => self.flash.as_ref().map(|f| f.answer.is_some()),
            Drill::Deviations => self.dev.as_ref().map(|d| d.answer.is_some()),
            // No question yet counts as answered: Enter starts the first round.
            Drill::Running => Some(self.round.as_ref().is_none_or(|r| r.answer.is_some())),
            Drill::True => Some(self.tray.as_ref().is_some_and(|t| t.answer.is_some())),
        }?;
        match (drill, answered) {
            (_, true) if next => Some(match drill {
                Drill::Strategy => DrillMsg::NextFlash,
                Drill::Deviations => DrillMsg::NextDev,
                Drill::Running => DrillMsg::NextRound,
                Drill::True => DrillMsg::NextTray,
            }),
            (Drill::Strategy, false) => key_choice(key).map(DrillMsg::AnswerFlash),
            (Drill::Deviations, false) => key_choice(key).map(DrillMsg::AnswerDev),
            _ => None,
        }
    }

    fn next_flash(&mut self) {
        let q = flashcard(&self.progress.cells, &mut self.rng);
        self.flash = q.map(|q| {
            let values = cell_values(&self.progress.setup.choice.rules(), q.cell);
            Flash { q, values, answer: None }
        });
    }

    fn next_tray(&mut self) {
        let id = self.tray.as_ref().map_or(0, |t| t.id.wrapping_add(1));
        let q = tray_question(&self.progress.setup, &mut self.rng);
        self.tray = Some(Tray { q, id, answer: None });
    }

    fn next_dev(&mut self) {
        self.dev = self.plays.as_ref().and_then(|plays| {
            let system = self.progress.setup.system();
            let (decks, kinds) =
                (self.progress.setup.choice.decks, &self.progress.kinds[Drill::Deviations.index() - 1]);
            let q = deviation(plays, system, decks, kinds, &mut self.rng)?;
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

    fn answer_tray(&mut self, decks: &str, true_count: &str) -> bool {
        let system = self.progress.setup.system();
        let Some(t) = self.tray.as_mut().filter(|t| t.answer.is_none()) else { return false };
        let (Some(decks), Some(tc)) = (parse_count(decks), parse_count(true_count).filter(|h| h % 2 == 0)) else {
            return false;
        };
        let (decks_ok, count_ok) = t.q.check(system, decks as f64 / 2.0, tc / 2);
        t.answer = Some((decks, tc / 2, decks_ok, count_ok));
        let kind = t.q.kind();
        self.progress.score(Drill::True, &kind, decks_ok && count_ok);
        true
    }
}

/// How the running count drill files a round in the weakest list: its cards at a time and pace.
fn count_kind(s: &Setup) -> String {
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
                    Some(Drill::Running) => self.round = None,
                    _ => {}
                }
            }
            DrillMsg::Setup(s) => self.progress.setup = s,
            DrillMsg::NextFlash => self.next_flash(),
            DrillMsg::NextRound => {
                let cards = count_round(&self.progress.setup, &mut self.rng);
                let id = self.round.as_ref().map_or(0, |r| r.id.wrapping_add(1));
                self.round = Some(CountRound { cards, shown: 0, answer: None, id });
            }
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
                let Some(d) = self.dev.as_mut().filter(|d| d.answer.is_none()) else { return false };
                d.answer = Some(c);
                let (right, kind) = (c == d.q.answer, d.q.kind());
                self.progress.score(Drill::Deviations, &kind, right);
            }
            DrillMsg::AnswerCount(typed) => return self.answer_count(&typed),
            DrillMsg::AnswerTray { decks, true_count } => return self.answer_tray(&decks, &true_count),
            DrillMsg::Tick { id, shown } => {
                let at_once = self.progress.setup.at_once;
                let Some(r) = self.round.as_mut() else { return false };
                if r.id != id || r.shown != shown || r.answer.is_some() || r.done(at_once) {
                    return false;
                }
                r.shown += 1;
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
        assert!(!d.apply(DrillMsg::Tick { id: r.id + 1, shown: 0 }), "another round's timer");
        let at_once = d.progress.setup.at_once;
        let mut shown = 0;
        while !d.round.as_ref().unwrap().done(at_once) {
            assert!(d.apply(DrillMsg::Tick { id: r.id, shown }));
            assert!(!d.apply(DrillMsg::Tick { id: r.id, shown }), "a stale tick");
            shown += 1;
        }
        assert_eq!(shown, flashes(r.cards.len(), at_once as usize) + 1);
        assert!(!d.apply(DrillMsg::Tick { id: r.id, shown }), "no flash past the last");
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
        let decks = format!("{}", (t.q.quarters_left() / 2) as f64 / 2.0);
        let bad = |tc: &str| DrillMsg::AnswerTray { decks: decks.clone(), true_count: tc.into() };
        assert!(!d.apply(bad("")));
        assert!(!d.apply(bad("1.5")), "the true count is a whole number");
        let tc = t.q.true_count(d.progress.setup.system()).trunc() as i32;
        assert!(d.apply(bad(&tc.to_string())));
        assert!(d.tray.as_ref().unwrap().answer.is_some());
        assert_eq!(d.progress.scores[Drill::True.index()].right + d.progress.scores[Drill::True.index()].wrong, 1);
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
        let mut work = IndexTableWork::new(&d.progress.setup.choice.rules(), d.progress.setup.system());
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
        let rules = d.progress.setup.choice.rules();
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
}
