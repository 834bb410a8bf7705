//! The casino table's state and reducer: `CasinoState::apply` applies actions to the engine and
//! keeps the trainer's tally and the player's bank. Plain Rust, built and tested natively; the
//! page wraps it in a thin `yew::Reducible` (`table.rs`). Bots, timers and storage are effects
//! in the component.
//!
//! The state is the table's local source: it holds the game and feeds the player's screen
//! (`screen.rs`) the updates of the player's spots only; every question the page asks of the
//! table (whose turn, the bets, the results, the trainer's values) is answered from the screen.

/// The player's bank, which a table takes and keeps (the pages name it here).
pub use super::bank::Bank;
use super::bank::{MAX_LOST_MILLI, MAX_NET};
use super::grade::{values_line, verdict_words, Asked, GradeAsk, GradeReply, Graded, IndexState};
use super::history::{kind_of, record, Round};
use super::screen::{CasinoScreen, LOG_KEPT};
use crate::bots::casino::hand_label;
use crate::engine::casino::game::money;
use crate::engine::casino::save::{self, new_table_for, CasinoReplayError};
pub use crate::engine::casino::save::{code, parse_code, Choice, HUMAN_SPOT};
use crate::engine::casino::strategy::Play;
use crate::engine::casino::{Action, Event, Game, Phase, SeatUpdate, Spot, SpotView, TableSpec, MAX_CHIPS};
use crate::ui::reducer::Apply;
use crate::ui::storage::{Fields, Stored};

pub const SAVE_KEY: &str = "blackjack.casino";
pub const SAVE_VERSION: u32 = 1;
pub const BANK_KEY: &str = "blackjack.casino.bank";
/// A table in progress: the choice, seed, starting chips and the action log.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredCasino {
    pub choice: Choice,
    pub seed: u64,
    pub chips: i64,
    pub log: String,
    /// Pass-and-play: each person's name and starting chips, in the order of their spots (the
    /// first person's chips are `chips`); empty for one player.
    pub people: Vec<Person>,
}

/// A person at a pass-and-play table: a name, and the chips they sat down with at this shoe.
#[derive(Clone, Debug, PartialEq)]
pub struct Person {
    pub name: String,
    pub start_chips: i64,
}

/// The longest name a person may give, in characters.
pub const MAX_NAME: usize = 16;

/// A name as typed, made safe to show and to store: no separators of the save or control
/// characters, trimmed, at most [`MAX_NAME`] characters; `fallback` when nothing is left.
pub fn clean_name(typed: &str, fallback: &str) -> String {
    let name: String = typed.chars().filter(|c| !c.is_control() && !matches!(c, ',' | ':')).take(MAX_NAME).collect();
    let name = name.trim();
    if name.is_empty() {
        fallback.to_string()
    } else {
        name.to_string()
    }
}

impl Stored for StoredCasino {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let c = self.choice;
        vec![
            ("decks", c.decks.to_string()),
            ("bots", c.bots.to_string()),
            ("surrender", (c.surrender as u8).to_string()),
            ("h17", (c.h17 as u8).to_string()),
            ("spots", c.spots.to_string()),
            ("seed", self.seed.to_string()),
            ("chips", self.chips.to_string()),
            ("log", self.log.clone()),
            (
                "people",
                self.people.iter().map(|p| format!("{}:{}", p.name, p.start_chips)).collect::<Vec<_>>().join(","),
            ),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        Some(StoredCasino {
            choice: Choice {
                decks: f.parse("decks")?,
                bots: f.parse("bots")?,
                surrender: f.flag("surrender")?,
                h17: f.flag("h17")?,
                // Added with several spots: a save from before them has one. A value the page
                // never offers is refused when the table is restored, with a notice.
                spots: match f.get("spots") {
                    None => 1,
                    Some(v) => v.parse().ok()?,
                },
            },
            seed: f.parse("seed")?,
            chips: f.parse("chips")?,
            log: f.get("log")?.to_string(),
            // Added with pass-and-play: a save from before it has one player. A name is
            // cleaned as if typed; chips out of range are refused when the table is restored.
            people: match f.get("people") {
                None | Some("") => Vec::new(),
                Some(v) => v
                    .split(',')
                    .map(|p| {
                        let (name, chips) = p.split_once(':')?;
                        Some(Person { name: clean_name(name, "Player"), start_chips: chips.parse().ok()? })
                    })
                    .collect::<Option<Vec<_>>>()?,
            },
        })
    }
}

/// The trainer's grading, which the drills' worker does (`grade.rs`; the page only asks and
/// words the answers): the count shown, how far its index plays are, the answer for the
/// decision open now (the hint's values) and the decisions made whose answers are still to come.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Grading {
    /// The count system shown (an index into `SYSTEMS`; `None`: hidden, basic strategy alone).
    pub shown: Option<usize>,
    /// The last news of a system's index plays.
    pub indices: Option<(usize, IndexState)>,
    /// The worker's answer to the hint's ask (its position may be past).
    pub answer: Option<Graded>,
    /// Decisions made, waiting for their answers, oldest first (at most [`MAX_PENDING`]).
    pub pending: Vec<Pending>,
    /// How many asks for verdicts this table has made: the page posts those it has not yet.
    pub asked: u32,
    /// Which shoe this is (a new shoe starts the positions again): part of every ask, so a late
    /// answer for another shoe's position is never taken for this one's.
    pub epoch: u32,
    /// The worker's play for a bot's decision (the shoe, the position and the play).
    pub bot: Option<(u32, u32, Play)>,
    /// Basic strategy's chart for the table's rules, once the worker has sent it.
    pub chart: Option<std::rc::Rc<Vec<Play>>>,
    /// The worker did not start, or answered something unreadable: no hints or verdicts.
    pub off: bool,
}

/// A decision made, waiting for the worker's answer: its ask (and its number among the asks),
/// the play made, the hand as the verdict names it and its kind, who decided (pass-and-play)
/// and whether it counts in the device's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub seq: u32,
    pub ask: GradeAsk,
    played: Play,
    hand: String,
    kind: usize,
    decider: Option<String>,
    counted: bool,
}

/// Decisions waiting for answers at most (a worker that answers nothing leaves no more).
pub const MAX_PENDING: usize = 32;

/// What the trainer says when its worker cannot grade.
pub const GRADING_OFF: &str = "The trainer's helper could not be loaded or sent something it should not, so for now there are no hints, verdicts or strategy chart, and the bots hit below 17 and stand from it. Reload the page to try again.";

#[derive(Clone, PartialEq)]
pub struct CasinoState {
    pub choice: Choice,
    pub seed: u64,
    pub start_chips: i64,
    /// The game itself: the local source, read only to feed the screen and run the bots.
    pub game: Game,
    /// What the player sees: the page draws from it alone.
    pub screen: CasinoScreen,
    pub notice: Option<String>,
    /// The trainer's verdict on the player's last decision, graded by basic strategy plus the
    /// shown count's index plays, and its second line: the exact values for the cards left.
    pub verdict: Option<String>,
    pub verdict_values: Option<String>,
    pub grading: Grading,
    pub bank: Bank,
    /// Pass-and-play: the people at this device, one spot each, in the order their spots are
    /// dealt (the first one's chips are the bank's); empty for one player, the page as ever.
    pub people: Vec<Person>,
    /// The player's spot that the chips go on while betting.
    pub betting: Spot,
    /// The Hi-Lo true count (tenths) and the player's bets when this round was dealt.
    dealt: Option<(i32, i64)>,
    /// Today's deal (`daily.rs`): one shoe, reshuffled by the game itself, and over after its hands.
    pub daily: bool,
}

pub enum Msg {
    Act {
        action: Action,
        at: usize,
    },
    /// A new bankroll when the player cannot cover the minimum bet, with a fresh shoe.
    Refill,
    Dismiss,
    /// Bet on another of the player's spots.
    BetOn(Spot),
    /// The count shown, in this system (`None`: hidden): what decisions are graded by.
    Count(Option<usize>),
    /// The grading worker's answer (`None`: it could not start, or sent something unreadable).
    Graded(Option<GradeReply>),
}

impl CasinoState {
    pub fn new(choice: Choice, seed: u64, bank: Bank) -> CasinoState {
        CasinoState::with_people(choice, seed, bank, Vec::new())
    }

    /// A table for several `people` at this device (pass-and-play), a spot each: the first
    /// plays with the bank's chips, each other with their own `start_chips`. One person (or
    /// none) is the table of one player.
    pub fn with_people(choice: Choice, seed: u64, bank: Bank, people: Vec<Person>) -> CasinoState {
        // No free chips: a player who sits down broke is offered a new bankroll, counted.
        let chips = bank.chips.clamp(0, MAX_CHIPS);
        // Bots bet the minimum; the player starts with the minimum bet in place. A choice the
        // form never offers becomes the default table (which always opens with these chips).
        let choice = if choice.check().is_ok() { choice } else { Choice::default() };
        let mut people = if people.len() > 1 { people } else { Vec::new() };
        // A spot each: more people than the form offers spots are not seated.
        people.truncate(save::MAX_SPOTS as usize);
        let choice = if people.is_empty() { choice } else { Choice { spots: people.len() as u8, ..choice } };
        let choice = Choice { bots: choice.bots.min(choice.max_bots()), ..choice };
        if let Some(first) = people.first_mut() {
            first.start_chips = chips;
        }
        for p in &mut people {
            p.start_chips = p.start_chips.clamp(0, MAX_CHIPS);
        }
        let all = chips_of(chips, &people);
        // Not `expect`: that would carry the error's Debug formatting (the action and refusal
        // types' too) into the page for a case that cannot happen.
        let Ok(game) = new_table_for(choice, seed, &all) else {
            panic!("a valid choice and chips in range open a table")
        };
        CasinoState {
            choice,
            seed,
            start_chips: chips,
            screen: first_screen(&game, choice.my_spots(), &people),
            game,
            notice: None,
            verdict: None,
            verdict_values: None,
            grading: Grading::default(),
            bank: Bank { chips, ..bank },
            people,
            betting: choice.my_spots()[0],
            dealt: None,
            daily: false,
        }
    }

    /// A saved table, checked whole (choice, chips, every action code) before it is replayed.
    pub fn restore(s: &StoredCasino, bank: Bank) -> Result<CasinoState, CasinoReplayError> {
        let people = if s.people.len() > 1 { s.people.clone() } else { Vec::new() };
        let game = save::restore_for(s.choice, s.seed, &chips_of(s.chips, &people), &s.log)?;
        let chips = game.bankrolls()[0];
        Ok(CasinoState {
            choice: s.choice,
            seed: s.seed,
            start_chips: s.chips,
            screen: first_screen(&game, s.choice.my_spots(), &people),
            game,
            notice: None,
            verdict: None,
            verdict_values: None,
            grading: Grading::default(),
            bank: Bank { chips, ..bank },
            people,
            betting: s.choice.my_spots()[0],
            dealt: None,
            daily: false,
        })
    }

    pub fn stored(&self) -> StoredCasino {
        StoredCasino {
            choice: self.choice,
            seed: self.seed,
            chips: self.start_chips,
            log: self.game.log().iter().map(|&a| code(a)).collect::<Vec<_>>().join(" "),
            people: self.people.clone(),
        }
    }

    /// Whether several people play at this device (pass-and-play).
    pub fn pass_and_play(&self) -> bool {
        self.people.len() > 1
    }

    /// Pass-and-play: the person (by index in `people`) who plays `spot`; `None` at a spot not
    /// the device's, or with one player.
    pub fn person_at(&self, spot: Spot) -> Option<usize> {
        let i = self.mine().iter().position(|&s| s == spot)?;
        self.pass_and_play().then(|| i.min(self.people.len() - 1))
    }

    /// Pass-and-play: the name of the person who plays `spot`.
    pub fn name_at(&self, spot: Spot) -> Option<&str> {
        self.screen.name_at(spot)
    }

    /// Pass-and-play: whose move the table waits for, by name: "Sam's bet", "Sam's decision
    /// on spot 2" (spots counted from the dealer's left among the device's). `None` with one
    /// player, or while a bot or the dealer plays.
    pub fn prompt(&self) -> Option<String> {
        let spot_no = |spot: Spot| self.mine().iter().position(|&s| s == spot).map_or(0, |i| i + 1);
        match self.screen.phase() {
            Phase::Betting => self.name_at(self.betting).map(|n| format!("{n}'s bet")),
            Phase::Insurance { spot } | Phase::Playing { spot, .. } => {
                self.name_at(spot).map(|n| format!("{n}'s decision on spot {}", spot_no(spot)))
            }
            Phase::Settled => None,
        }
    }

    /// A spot's player as the results name them: a person's name at pass-and-play, else "You",
    /// "You (spot 2)" or a bot's name.
    pub fn who(&self, spot: Spot) -> String {
        self.screen.who(spot)
    }

    /// The head row's chips: "Chips: $995", or every person's at pass-and-play ("Sam $995 ·
    /// Alex $295").
    pub fn chips_line(&self) -> String {
        if !self.pass_and_play() {
            return format!("Chips: {}", money(self.chips()));
        }
        let each: Vec<String> =
            self.people.iter().enumerate().map(|(i, p)| format!("{} {}", p.name, money(self.chips_of(i)))).collect();
        each.join(" · ")
    }

    /// A person's chips now (not on the table): the view of their spot says.
    pub fn chips_of(&self, person: usize) -> i64 {
        let spot = self.mine()[person.min(self.mine().len() - 1)];
        self.screen.view_of(spot).map_or(0, |v| v.chips)
    }

    /// The device's spots a person plays (every spot with one player).
    fn spots_of(&self, person: usize) -> impl Iterator<Item = Spot> + '_ {
        self.mine().iter().copied().filter(move |&s| self.person_at(s).unwrap_or(0) == person)
    }

    /// What a person owns: their chips, plus their bets still only placed (before the deal).
    pub fn worth_of(&self, person: usize) -> i64 {
        let betting = self.screen.phase() == Phase::Betting;
        let placed: i64 = self.spots_of(person).map(|s| self.screen.spots()[s as usize].bet).sum();
        self.chips_of(person) + if betting { placed } else { 0 }
    }

    /// A person's net result for a settled round (every hand of their spots and the insurance).
    pub fn net_of(&self, person: usize) -> Option<i64> {
        let played: Vec<Spot> = self.spots_of(person).filter(|&s| self.screen.played().any(|p| p == s)).collect();
        if self.screen.phase() != Phase::Settled || played.is_empty() {
            return None;
        }
        Some(played.iter().map(|&s| self.spot_net(s)).fold(0i64, |a, n| a.saturating_add(n)))
    }

    pub fn at(&self) -> usize {
        self.screen.state_id as usize
    }

    /// The player's chips now.
    pub fn chips(&self) -> i64 {
        self.screen.chips()
    }

    /// The table as the player sees it.
    pub fn view(&self) -> &SpotView {
        self.screen.view()
    }

    /// The player's spots, in the order they are dealt.
    pub fn mine(&self) -> &'static [Spot] {
        self.choice.my_spots()
    }

    /// Whether the spot is one of the player's.
    pub fn is_mine(&self, spot: Spot) -> bool {
        self.mine().contains(&spot)
    }

    /// The player's spot the controls act on: the one whose turn it is, else the one bet on.
    pub fn spot(&self) -> Spot {
        self.screen.spot(self.betting)
    }

    /// Whether it is one of the player's spots' turn.
    pub fn my_turn(&self) -> bool {
        self.screen.my_turn()
    }

    /// The player's bet on the spot the controls act on.
    pub fn bet(&self) -> i64 {
        self.screen.spots()[self.spot() as usize].bet
    }

    pub fn placed(&self) -> bool {
        self.screen.placed()
    }

    /// What the player owns (the first person, at pass-and-play): the chips, plus the bets
    /// still only placed (before the deal).
    pub fn worth(&self) -> i64 {
        self.worth_of(0)
    }

    pub fn broke(&self) -> bool {
        self.screen.broke()
    }

    /// A round just settled left the player less than the smallest bet, at a table of their own
    /// (not pass-and-play): the next round is a new bankroll (the results dialog's button says
    /// so). Today's deal is over by then (`daily_over`), with a dialog of its own.
    pub fn out_of_chips(&self) -> bool {
        let settled = self.screen.phase() == Phase::Settled;
        settled && !self.pass_and_play() && self.chips() < self.view().rules.min_bet
    }

    pub fn round_net(&self) -> Option<i64> {
        self.screen.round_net()
    }

    pub fn spot_net(&self, spot: Spot) -> i64 {
        self.screen.spot_net(spot)
    }

    pub fn insurance_net(&self, spot: Spot) -> Option<i64> {
        self.screen.insurance_net(spot)
    }

    /// The worker's ask for the player's decision open now, from the player's own view (the
    /// cards seen, never the shoe's order): `verdict` for the decision being made, else the
    /// hint's. `None` when no decision of the player's is open.
    pub fn grade_ask(&self, verdict: bool) -> Option<GradeAsk> {
        let Phase::Playing { spot, .. } = self.screen.phase() else { return None };
        let view = self.screen.view_of(spot).filter(|_| self.is_mine(spot))?;
        let g = &self.grading;
        let asked = if verdict { Asked::Verdict } else { Asked::Hint };
        GradeAsk::of(view, g.epoch, u32::try_from(self.at()).ok()?, asked, g.shown)
    }

    /// The worker's ask for a bot's decision open now, from the bot's own view.
    pub fn bot_ask(&self) -> Option<GradeAsk> {
        let Phase::Playing { spot, .. } = self.game.phase() else { return None };
        let view = Some(self.game.view(spot)).filter(|_| !self.is_mine(spot))?;
        GradeAsk::of(&view, self.grading.epoch, u32::try_from(self.at()).ok()?, Asked::Bot, None)
    }

    /// A bot's move now, if it has one: insurance is declined (a losing bet from a full shoe),
    /// a decision is the worker's play once it has come. Without the worker a bot hits below
    /// 17 and stands from it, so the table goes on.
    pub fn bot_move(&self) -> Option<Action> {
        let spot = self.view().to_act().filter(|&sp| !self.is_mine(sp))?;
        let view = self.game.view(spot);
        if let Phase::Insurance { .. } = view.phase {
            return Some(Action::Insure { spot, amount: 0 });
        }
        let g = &self.grading;
        let play = match g.bot {
            Some((epoch, at, play)) if (epoch, at as usize) == (g.epoch, self.at()) => play,
            _ if g.off => {
                let hard = view.current_hand().map(|h| crate::engine::casino::hand::Total::of(&h.cards).best());
                if hard.is_some_and(|t| t < 17) && view.may(Action::Hit { spot }) {
                    Play::Hit
                } else {
                    Play::Stand
                }
            }
            _ => return None,
        };
        Some(match play {
            Play::Stand => Action::Stand { spot },
            Play::Hit => Action::Hit { spot },
            Play::Double => Action::Double { spot, amount: view.bet },
            Play::Split => Action::Split { spot },
            Play::Surrender => Action::Surrender { spot },
        })
    }

    /// The values of every play for the decision open now, best first, once the worker has
    /// sent them for this position and count.
    pub fn hint(&self) -> Option<&[(Play, f64)]> {
        let a = self.grading.answer.as_ref()?;
        let now = (self.grading.epoch, self.at() as u32, self.grading.shown);
        ((a.epoch, a.at, a.system) == now && self.my_turn()).then_some(&a.values[..])
    }

    /// The decisions whose asks are still to be posted: those numbered after `sent`.
    pub fn asks_after(&self, sent: u32) -> impl Iterator<Item = &GradeAsk> + '_ {
        self.grading.pending.iter().filter(move |p| p.seq > sent).map(|p| &p.ask)
    }

    /// An answer from the worker; `false` when it changes nothing (an answer for a position
    /// past or another shoe's, news already known).
    fn graded(&mut self, reply: Option<GradeReply>) -> bool {
        let at = self.at();
        let g = &mut self.grading;
        match reply {
            Some(GradeReply::Status { system, state }) if g.indices != Some((system, state)) => {
                g.indices = Some((system, state));
            }
            Some(GradeReply::Status { .. }) => return false,
            Some(GradeReply::Bot { epoch, at: a, play }) if g.bot != Some((epoch, a, play)) => {
                g.bot = Some((epoch, a, play));
            }
            Some(GradeReply::Bot { .. }) => return false,
            Some(GradeReply::Chart(cells)) if g.chart.is_none() => g.chart = Some(std::rc::Rc::new(cells)),
            Some(GradeReply::Chart(_)) => return false,
            Some(GradeReply::Graded(a)) if !a.verdict => {
                if a.epoch != g.epoch || a.at as usize != at || g.answer.as_ref() == Some(&a) {
                    return false;
                }
                g.answer = Some(a);
            }
            Some(GradeReply::Graded(a)) => {
                let Some(i) = g.pending.iter().position(|p| (p.ask.epoch, p.ask.at) == (a.epoch, a.at)) else {
                    return false;
                };
                let p = g.pending.remove(i);
                self.judge(p, &a);
            }
            // Refused: this page's asks are ones the worker reads, so the worker is not this
            // page's (an old one cached), like one that sends what it could not have sent.
            Some(GradeReply::Refused) | None if g.off => return false,
            Some(GradeReply::Refused) | None => {
                *g = Grading {
                    off: true,
                    shown: g.shown,
                    epoch: g.epoch,
                    asked: g.asked,
                    chart: g.chart.take(),
                    ..Grading::default()
                };
            }
        }
        true
    }
}

/// What the player's spots receive after an action that produced `events`.
fn updates(game: &Game, mine: &[Spot], events: &[Event]) -> Vec<SeatUpdate> {
    mine.iter().filter_map(|&s| game.update_after(s, events).ok()).collect()
}

/// The player's screen of a table just opened (or restored): a checked choice always seats
/// the player at a spot or more.
fn first_screen(game: &Game, mine: &[Spot], people: &[Person]) -> CasinoScreen {
    let names = people.iter().map(|p| p.name.clone()).collect();
    CasinoScreen::new(updates(game, mine, &[]), names).expect("the player sits at a spot")
}

/// Every person's chips for the engine: the first person's (the bank's) `first`, then the
/// others' (one player: `first` alone).
fn chips_of(first: i64, people: &[Person]) -> Vec<i64> {
    std::iter::once(first).chain(people.iter().skip(1).map(|p| p.start_chips)).collect()
}

impl Apply for CasinoState {
    type Msg = Msg;

    /// Applies a message; `false` when it changed nothing (a stale timer, a refill with chips
    /// left), so the page keeps the state it has.
    fn apply(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::Dismiss => self.notice = None,
            Msg::BetOn(spot) if self.is_mine(spot) && spot != self.betting => self.betting = spot,
            Msg::BetOn(_) => return false,
            Msg::Count(shown) if shown == self.grading.shown => return false,
            Msg::Count(shown) => self.grading.shown = shown,
            Msg::Graded(reply) => return self.graded(reply),
            Msg::Refill if self.broke() => self.refill(),
            Msg::Refill => return false,
            // A stale action (a timer from an earlier state) is dropped.
            Msg::Act { at, .. } if at != self.at() => return false,
            // Today's deal is over: nothing more is played at its table.
            Msg::Act { .. } if self.daily_over() => return false,
            // Out of chips: the next round is a new bankroll, all its betting would offer.
            Msg::Act { action: Action::NextRound, .. } if self.out_of_chips() => self.refill(),
            // The cut card came out: the next shoe is a table of its own, so it can be shared
            // (today's deal is one table: the game shuffles its next shoe from the deal's number).
            Msg::Act { action: Action::NextRound, .. } if self.shoe_over() && !self.daily => self.new_shoe(),
            // Between hands the bet controls and Deal stay on the felt beside the results: a chip
            // or Deal (Enter: the same bets again) starts the next round, then is made in it.
            Msg::Act { action: a @ (Action::Deal | Action::Bet { .. }), .. } if self.between_hands() => self.again(a),
            Msg::Act { action, .. } => self.act(action),
        }
        true
    }
}

impl CasinoState {
    /// The shoe is over: the round is settled and the cut card is out.
    pub fn shoe_over(&self) -> bool {
        self.screen.phase() == Phase::Settled && self.view().cut_out
    }

    /// The hand is over and the next one is the player's to start from the felt: neither the
    /// end of the shoe nor out of chips for the next round (those open the dialog).
    pub fn between_hands(&self) -> bool {
        self.screen.between_hands().is_some() && !self.daily_over()
    }

    /// A bet or the deal made between hands: the next round, then the move in it. A move the
    /// next round refuses changes nothing and says why, as any refused move does.
    fn again(&mut self, action: Action) {
        let mut next = self.clone();
        next.act(Action::NextRound);
        // Deal with every spot sitting out (chips short of its bet): the round waits for a bet.
        if action != Action::Deal || next.placed() {
            next.act(action);
        }
        match next.notice.take() {
            Some(n) => self.notice = Some(n),
            None => *self = next,
        }
    }

    /// No card of this shoe has been dealt yet.
    pub fn shoe_fresh(&self) -> bool {
        let v = self.view();
        v.phase == Phase::Betting && v.shoe_left == v.shoe_size
    }

    /// The code of a link to this shoe (its table and number), only before its first card or
    /// after its last round: in the middle of a shoe it would tell the cards to come.
    pub fn share_code(&self) -> Option<String> {
        // Never today's deal's: its line shares the result alone.
        (!self.daily && (self.shoe_fresh() || self.shoe_over())).then(|| save::shoe_code(self.choice, self.seed))
    }

    /// A new bankroll and a fresh shoe (the seed's next, as after a shoe's last round) for a
    /// player out of chips, counted in their record.
    fn refill(&mut self) {
        let bank = Bank {
            chips: TableSpec::default().starting_bankroll,
            refills: self.bank.refills.saturating_add(1),
            ..self.bank.clone()
        };
        // The chips are in the table's head: the line needs no amount.
        self.reopen(save::next_shoe_seed(self.seed), bank, "A new bankroll and a fresh shoe.".into());
    }

    /// The next shoe, as a table of its own (the seed's next shoe): the player's chips, bets,
    /// record (the session's history in it) and log carry over.
    fn new_shoe(&mut self) {
        let bank = Bank { chips: self.chips(), ..self.bank.clone() };
        let line = "A new shoe: the dealer shuffles and a player places the cut card.".into();
        self.reopen(save::next_shoe_seed(self.seed), bank, line);
    }

    /// A new table (a new shoe, or a new bankroll) at the same seats: the player's bets where
    /// the chips cover them (the minimum otherwise), the log with `line` added.
    fn reopen(&mut self, seed: u64, bank: Bank, line: String) {
        // Each person keeps their chips (the first person's are the bank's).
        let people = (0..self.people.len())
            .map(|i| Person { start_chips: self.worth_of(i), ..self.people[i].clone() })
            .collect();
        let mut next = CasinoState::with_people(self.choice, seed, bank, people);
        for &spot in self.mine() {
            // A spot that sat out (no chips for it) keeps the minimum the new table places.
            let amount = self.game.spots()[spot as usize].bet;
            if amount > 0 {
                let _ = next.game.apply(Action::Bet { spot, amount });
            }
        }
        next.screen = first_screen(&next.game, next.mine(), &next.people);
        next.bank.chips = next.worth().min(MAX_CHIPS);
        next.screen.log = std::mem::take(&mut self.screen.log);
        // Kept to the screen's bound like every line it logs (a round a hand, now that Deal
        // starts each round from the felt).
        crate::ui::text::extend_log(&mut next.screen.log, &[line], |l| Some(l.clone()), LOG_KEPT);
        next.betting = self.betting;
        // The grading carries on (the decisions still waiting for their answers, the count
        // shown) as a new shoe: its positions start again.
        let g = std::mem::take(&mut self.grading);
        next.grading = Grading { epoch: g.epoch.wrapping_add(1), answer: None, bot: None, ..g };
        *self = next;
    }

    fn act(&mut self, action: Action) {
        // The trainer grades a decision as it was before it is made: asked now, judged when
        // the worker answers.
        let judged = match (action.spot(), action.play()) {
            (Some(s), Some(p)) if self.is_mine(s) && !self.grading.off => self.grade_ask(true).map(|a| (p, a)),
            _ => None,
        };
        let hand = self.game.current_hand().map(|h| (hand_label(&h.cards), kind_of(&h.cards)));
        let settled_before = self.net_of(0).is_some();
        let decider = action.spot().and_then(|s| self.name_at(s)).map(str::to_string);
        // The device's record is the first person's: the others' decisions get a verdict, not a
        // place in it (docs/rules/casino.md).
        let counted = action.spot().and_then(|s| self.person_at(s)).unwrap_or(0) == 0;
        if action == Action::Deal {
            let placed = self.spots_of(0).map(|s| self.screen.spots()[s as usize].bet).sum();
            // Rounded to the nearest tenth (floor is one instruction; `round` would be a function).
            self.dealt = Some(((self.game.true_count() * 10.0 + 0.5).floor() as i32, placed));
        }
        match self.game.apply(action) {
            Ok(events) => {
                self.notice = None;
                self.screen.receive(updates(&self.game, self.mine(), &events));
                if let Some((played, ask)) = judged {
                    let (hand, kind) = hand.unwrap_or_default();
                    let g = &mut self.grading;
                    g.asked = g.asked.wrapping_add(1);
                    if g.pending.len() >= MAX_PENDING {
                        g.pending.remove(0);
                    }
                    g.pending.push(Pending { seq: g.asked, ask, played, hand, kind, decider, counted });
                }
                // Clamped as a stored bank is checked at load: a bank at the limit that wins
                // would otherwise be saved past it, and the next load would refuse it whole.
                self.bank.chips = self.worth().min(MAX_CHIPS);
                // The bank is the first person's: their round, their record.
                if let (Some(net), false) = (self.net_of(0), settled_before) {
                    self.bank.hands = self.bank.hands.saturating_add(1);
                    self.bank.net = self.bank.net.saturating_add(net).clamp(-MAX_NET, MAX_NET);
                    let (tc_tenths, bet) = self.dealt.take().unwrap_or_default();
                    let worth = self.bank.chips;
                    record(&mut self.bank, Round { worth, bet, tc_tenths, net });
                }
            }
            Err(e) => self.notice = Some(e.reason.to_string()),
        }
    }

    /// The trainer's verdict on a decision made, from the worker's answer `a`: right or not by
    /// the yardstick, the exact values as its second line, and (for the device's own record)
    /// counted, with what a play not the right one gave up against it for the cards left.
    /// At pass-and-play the verdict speaks to the person who decided ("Sam: Stand …").
    fn judge(&mut self, p: Pending, a: &Graded) {
        let (verdict, lost) = verdict_words(a, p.played, &p.hand);
        self.verdict = Some(match p.decider {
            Some(name) => format!("{name}: {verdict}"),
            None => verdict,
        });
        self.verdict_values = Some(values_line(p.played, a));
        if p.counted {
            let b = &mut self.bank;
            b.decisions = b.decisions.saturating_add(1);
            if lost.is_none() {
                b.best_plays = b.best_plays.saturating_add(1);
            }
            let lost = lost.unwrap_or(0);
            b.ev_lost_milli = b.ev_lost_milli.saturating_add(lost).min(MAX_LOST_MILLI);
            super::history::judged(b, p.kind, lost);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::casino::decide;
    use crate::engine::casino::rules::INSURANCE_PAYS;
    use crate::ui::casino::grade::Grader;
    use crate::ui::casino::history::History;

    fn table(seed: u64) -> CasinoState {
        CasinoState::new(Choice { bots: 2, ..Choice::default() }, seed, Bank::default())
    }

    /// The next message of a round: the player plays `mine` on its turns, the bots their strategy.
    fn next(t: &CasinoState, mine: impl Fn(&CasinoState) -> Action) -> Msg {
        let action = match t.game.phase() {
            Phase::Betting => Action::Deal,
            Phase::Settled => Action::NextRound,
            Phase::Insurance { spot } if spot == HUMAN_SPOT => Action::Insure { spot, amount: 0 },
            Phase::Playing { spot, .. } if spot == HUMAN_SPOT => mine(t),
            Phase::Insurance { spot } | Phase::Playing { spot, .. } => {
                decide(&t.game.view(spot)).expect("a bot decides its own turn")
            }
        };
        Msg::Act { action, at: t.at() }
    }

    fn stand(_: &CasinoState) -> Action {
        Action::Stand { spot: HUMAN_SPOT }
    }

    #[test]
    fn a_message_for_an_earlier_state_changes_nothing() {
        let mut t = table(1);
        let before = t.clone();
        assert!(!t.apply(Msg::Act { action: Action::Deal, at: t.at() + 1 }));
        assert!(t == before);
    }

    #[test]
    fn every_settled_round_counts_once_in_the_bank() {
        let mut t = table(2);
        let mut rounds = 0;
        while rounds < 5 {
            let settled = t.game.phase() == Phase::Settled;
            assert!(t.apply(next(&t, stand)));
            if !settled && t.game.phase() == Phase::Settled && t.round_net().is_some() {
                rounds += 1;
                assert_eq!(t.bank.hands, rounds);
            }
        }
        assert_eq!(t.bank.chips, t.worth(), "the bank follows the chips");
        assert_eq!(t.bank.net, t.chips() - t.start_chips, "the net is the chips won and lost");
        let rounds = History::of(&t.bank).expect("a sound history").rounds;
        assert_eq!(rounds.len(), 5, "a round each in the history");
        assert_eq!(rounds.iter().map(|r| r.net).sum::<i64>(), t.bank.net);
    }

    /// The worker's side, here and now: answers every ask the page has not posted yet
    /// (`sent`: the last one posted), in order, as the worker does.
    fn answer_asks(t: &mut CasinoState, worker: &mut Grader, sent: &mut u32) {
        let asks: Vec<Vec<f64>> = t.asks_after(*sent).map(GradeAsk::encode).collect();
        *sent = t.grading.asked;
        for ask in asks {
            for reply in worker.handle(&ask) {
                t.apply(Msg::Graded(Some(reply)));
            }
        }
    }

    #[test]
    fn the_trainer_counts_right_plays_and_prices_the_others() {
        let (mut t, mut worker, mut sent) = (table(3), Grader::default(), 0);
        let mut judged = 0;
        while judged < 20 {
            let mine = t.game.phase() == (Phase::Playing { spot: HUMAN_SPOT, hand: 0 });
            // The player always stands: the trainer must price every stand it would not make.
            assert!(t.apply(next(&t, stand)));
            answer_asks(&mut t, &mut worker, &mut sent);
            if mine {
                judged += 1;
                assert_eq!(t.bank.decisions, judged);
                let verdict = t.verdict.clone().expect("each decision has a verdict");
                assert!(verdict.starts_with("Stand with "), "{verdict}");
                assert!(verdict.contains(": basic strategy."), "the count is hidden: {verdict}");
                assert!(t.verdict_values.clone().unwrap().starts_with("For the cards left: "));
            }
        }
        assert!(t.bank.best_plays < t.bank.decisions, "standing every time is not always right");
        assert!(t.bank.ev_lost_milli > 0);
        // The history prices the same decisions, by kind.
        let kinds = t.bank.kinds;
        assert_eq!(kinds.iter().map(|k| k.0).sum::<u32>(), t.bank.decisions);
        assert_eq!(kinds.iter().map(|k| k.1).sum::<i64>(), t.bank.ev_lost_milli);
    }

    /// A player faster than the worker: several decisions (across rounds and a new shoe) are
    /// made before any answer comes; each is judged once when its own answer comes, and an
    /// answer that comes again, or for another shoe's position, changes nothing.
    #[test]
    fn decisions_made_before_their_answers_are_each_judged_when_they_come() {
        let (mut t, mut worker) = (table(5), Grader::default());
        let mut made = Vec::new();
        for _ in 0..2000 {
            if made.len() >= 6 {
                break;
            }
            // A new shoe (a table of its own) once two decisions wait.
            if made.len() == 2 && t.between_hands() && t.grading.epoch == 0 {
                t.new_shoe();
                continue;
            }
            if let Some(ask) = t.grade_ask(true) {
                made.push(ask);
            }
            assert!(t.apply(next(&t, stand)));
        }
        assert!(made.len() >= 6, "{} decisions", made.len());
        assert_eq!(t.grading.epoch, 1, "a new shoe came between them");
        assert_eq!(t.bank.decisions, 0, "nothing judged before the answers");
        assert_eq!(t.asks_after(0).cloned().collect::<Vec<_>>(), made, "every decision asked, in order");
        let replies: Vec<GradeReply> = made.iter().flat_map(|a| worker.handle(&a.encode())).collect();
        for (n, reply) in replies.iter().enumerate() {
            assert!(t.apply(Msg::Graded(Some(reply.clone()))));
            assert_eq!(t.bank.decisions as usize, n + 1);
            assert!(!t.apply(Msg::Graded(Some(reply.clone()))), "judged once");
        }
        assert!(t.grading.pending.is_empty());
        // The hint's answer for another shoe's position, or a position past, is not shown.
        let GradeReply::Graded(mut old) = replies[0].clone() else { panic!() };
        old.verdict = false;
        assert!(!t.apply(Msg::Graded(Some(GradeReply::Graded(old)))));
    }

    #[test]
    fn a_worker_that_fails_or_answers_garbage_turns_the_trainer_off_with_a_notice_never_a_panic() {
        let mut t = table(6);
        while t.grade_ask(true).is_none() {
            assert!(t.apply(next(&t, stand)));
        }
        assert!(t.apply(next(&t, stand)));
        assert_eq!(t.grading.pending.len(), 1);
        // What an old worker says to an ask it cannot read, then garbage: read as no answer.
        assert_eq!(GradeReply::decode(&[5.0]), None);
        assert!(t.apply(Msg::Graded(None)));
        assert!(t.grading.off && t.grading.pending.is_empty());
        assert!(!t.apply(Msg::Graded(Some(GradeReply::Refused))), "said once");
        // The game goes on without asks, the bots by a simple strategy: never waiting.
        for _ in 0..200 {
            if t.view().to_act().is_some_and(|s| !t.is_mine(s)) {
                assert!(t.bot_move().is_some(), "a bot moves without the worker");
            }
            assert!(t.apply(next(&t, stand)));
        }
        assert!(t.grading.pending.is_empty() && t.verdict.is_none() && t.bank.decisions == 0);
    }

    #[test]
    fn a_refused_action_is_explained_and_the_game_untouched() {
        let mut t = table(4);
        let game = t.game.clone();
        assert!(t.apply(Msg::Act { action: Action::Hit { spot: HUMAN_SPOT }, at: t.at() }));
        assert!(t.game == game);
        assert!(t.notice.is_some());
        assert!(t.apply(Msg::Dismiss));
        assert!(t.notice.is_none());
    }

    #[test]
    fn the_log_keeps_its_bound_across_new_shoes() {
        let mut t = table(5);
        for _ in 0..2 * LOG_KEPT {
            t.new_shoe();
        }
        assert_eq!(t.screen.log.len(), LOG_KEPT);
    }

    #[test]
    fn a_new_bankroll_is_only_for_a_player_out_of_chips() {
        let mut t = table(5);
        assert!(!t.apply(Msg::Refill));
        let broke = Bank { chips: 0, refills: u32::MAX, ..Bank::default() };
        let mut t = CasinoState::new(Choice::default(), 6, broke);
        assert!(t.broke());
        assert!(t.apply(Msg::Refill));
        assert_eq!(t.bet(), t.game.rules().min_bet, "the minimum bet is placed on the new bankroll");
        assert_eq!(t.chips(), TableSpec::default().starting_bankroll - t.bet());
        assert_eq!(t.bank.refills, u32::MAX, "the count saturates");
    }

    #[test]
    fn a_round_that_leaves_the_player_out_of_chips_offers_the_new_bankroll_at_once() {
        // Deals where the last bet, standing on the first two cards, is lost.
        let lost = (0..40)
            .filter_map(|seed| {
                let min = TableSpec::default().min_bet;
                let mut t = CasinoState::new(Choice::default(), seed, Bank { chips: min, ..Bank::default() });
                assert!(!t.out_of_chips(), "betting, with the smallest bet placed");
                while t.game.phase() != Phase::Settled {
                    assert!(t.apply(next(&t, stand)));
                }
                (t.chips() < min).then_some(t)
            })
            .take(3)
            .collect::<Vec<_>>();
        assert_eq!(lost.len(), 3);
        for mut t in lost {
            assert!(t.out_of_chips() && !t.broke(), "settled, not yet betting");
            assert!(!t.apply(Msg::Refill), "the betting's own button is not there yet");
            assert!(t.apply(Msg::Act { action: Action::NextRound, at: t.at() }), "the dialog's button refills at once");
            assert_eq!(t.game.phase(), Phase::Betting);
            assert_eq!(t.worth(), TableSpec::default().starting_bankroll);
            assert!(!t.out_of_chips());
        }
        // With chips left, no new bankroll: the next round as ever (today's deal, which running
        // out of chips ends, is `tests/daily.rs`'s).
        let mut t = table(5);
        while t.game.phase() != Phase::Settled {
            assert!(t.apply(next(&t, stand)));
        }
        assert!(!t.out_of_chips() && !t.apply(Msg::Refill));
        let chips = t.chips();
        assert!(t.apply(Msg::Act { action: Action::NextRound, at: t.at() }));
        assert_eq!((t.game.phase(), t.worth(), t.bank.refills), (Phase::Betting, chips, 0), "a round as ever");
        // Pass-and-play: one person's chips are not the table's. The first person losing their
        // last bet leaves the next round a round as ever, the others playing on, no bankroll made.
        let min = TableSpec::default().min_bet;
        // (The first person's chips are the bank's.)
        let people =
            || vec![Person { name: "Ann".into(), start_chips: 0 }, Person { name: "Bo".into(), start_chips: 1000 }];
        let broke = (0..40)
            .find_map(|seed| {
                let mut t =
                    CasinoState::with_people(Choice::default(), seed, Bank { chips: min, ..Bank::default() }, people());
                assert!(t.pass_and_play());
                while t.game.phase() != Phase::Settled {
                    assert!(t.apply(next(&t, stand)));
                }
                (t.chips() < min).then_some(t)
            })
            .expect("a deal where standing loses the first person's last bet");
        let mut t = broke;
        assert!(!t.out_of_chips(), "the table is not out of chips");
        assert!(!t.apply(Msg::Refill));
        let bo = t.worth_of(1);
        assert!(t.apply(Msg::Act { action: Action::NextRound, at: t.at() }));
        assert_eq!((t.game.phase(), t.bank.refills), (Phase::Betting, 0), "a round as ever, no new bankroll");
        assert!(t.worth_of(0) < min && t.worth_of(1) == bo, "each person's chips as they were");
    }

    #[test]
    fn a_bank_at_its_limits_plays_on_without_overflow() {
        let full = Bank {
            decisions: u32::MAX,
            best_plays: 0,
            ev_lost_milli: MAX_LOST_MILLI,
            hands: u32::MAX,
            net: MAX_NET,
            refills: u32::MAX,
            ..Bank::default()
        };
        let mut t = CasinoState::new(Choice::default(), 7, full);
        for _ in 0..60 {
            t.apply(next(&t, |t| Action::Double { spot: HUMAN_SPOT, amount: t.bet() }));
            t.apply(next(&t, stand));
        }
        assert_eq!(t.bank.hands, u32::MAX);
        assert!((-MAX_NET..=MAX_NET).contains(&t.bank.net));
        assert!(crate::ui::casino::words::tally(&t.bank).contains("net"));
    }

    #[test]
    fn between_hands_deal_starts_the_next_round_with_the_same_bet_and_a_chip_changes_it() {
        let mut t = table(13);
        assert!(t.apply(Msg::Act { action: Action::Bet { spot: HUMAN_SPOT, amount: 2000 }, at: t.at() }));
        while t.game.phase() != Phase::Settled {
            assert!(t.apply(next(&t, stand)));
        }
        assert!(t.between_hands());
        let hands = t.bank.hands;
        // Enter: the same bet again, dealt.
        assert!(t.apply(Msg::Act { action: Action::Deal, at: t.at() }));
        assert!(!matches!(t.game.phase(), Phase::Betting | Phase::Settled) || t.round_net().is_some());
        assert_eq!(t.game.spots()[HUMAN_SPOT as usize].bet, 2000);
        assert_eq!(t.game.log().iter().filter(|&&a| a == Action::NextRound).count(), 1);
        assert_eq!(t.bank.hands, hands + u32::from(t.game.phase() == Phase::Settled));
        while t.game.phase() != Phase::Settled {
            assert!(t.apply(next(&t, stand)));
        }
        // A chip between hands: the next round, the bet raised, not dealt.
        let chips = t.chips();
        assert!(t.apply(Msg::Act { action: Action::Bet { spot: HUMAN_SPOT, amount: 4500 }, at: t.at() }));
        assert_eq!(t.game.phase(), Phase::Betting);
        assert_eq!((t.bet(), t.worth()), (4500, chips), "the chips are the same, some on the spot");
        // A bet the next round refuses changes nothing and says why.
        while t.game.phase() != Phase::Settled {
            assert!(t.apply(next(&t, stand)));
        }
        let before = t.game.clone();
        assert!(t.apply(Msg::Act { action: Action::Bet { spot: HUMAN_SPOT, amount: 1 }, at: t.at() }));
        assert!(t.game == before && t.notice.is_some());
        // A stale one is dropped.
        assert!(!t.apply(Msg::Act { action: Action::Deal, at: t.at() + 1 }));
    }

    #[test]
    fn the_end_of_a_shoe_and_going_broke_are_not_between_hands() {
        let mut t = table(14);
        while !t.shoe_over() {
            assert!(t.apply(next(&t, stand)));
        }
        assert!(!t.between_hands(), "the dialog says the shoe is over");
        let game = t.game.clone();
        assert!(t.apply(Msg::Act { action: Action::Deal, at: t.at() }), "refused, with a notice");
        assert!(t.game == game && t.notice.is_some());
        // A player whose chips cannot cover the smallest bet after the hand.
        let short = Bank { chips: 900, ..Bank::default() };
        for seed in 0..60 {
            let mut t = CasinoState::new(Choice::default(), seed, short.clone());
            assert!(t.apply(Msg::Act { action: Action::Bet { spot: HUMAN_SPOT, amount: 900 }, at: t.at() }));
            while t.game.phase() != Phase::Settled {
                assert!(t.apply(next(&t, stand)));
            }
            if t.chips() < t.game.rules().min_bet {
                assert!(!t.between_hands(), "going broke opens the dialog");
                return;
            }
        }
        panic!("no seed lost the hand");
    }

    #[test]
    fn a_bank_at_the_chip_limit_that_wins_is_kept_at_the_limit_and_loads_again() {
        use crate::ui::storage::{decode, encode};
        let full = Bank { chips: MAX_CHIPS, ..Bank::default() };
        let mut won = false;
        for seed in 0..40 {
            let mut t = CasinoState::new(Choice::default(), seed, full.clone());
            assert!(t.apply(Msg::Act { action: Action::Bet { spot: HUMAN_SPOT, amount: 50_000 }, at: t.at() }));
            while t.game.phase() != Phase::Settled {
                assert!(t.apply(next(&t, stand)));
            }
            if t.round_net().is_some_and(|n| n > 0) {
                won = true;
                assert!(t.worth() > MAX_CHIPS, "the table's chips went past the limit");
                assert_eq!(t.bank.chips, MAX_CHIPS, "the bank is clamped on play");
                let [r] = History::of(&t.bank).expect("the history loads").rounds[..] else { panic!("one round") };
                assert_eq!(r.worth, MAX_CHIPS);
                assert_eq!(decode::<Bank>(&encode(1, &t.bank), 1).ok(), Some(t.bank.clone()), "the saved bank loads");
                // To the end of the shoe and into the next: the bank is never saved past the limit.
                while !t.shoe_fresh() {
                    assert!(t.apply(next(&t, stand)));
                    assert!(t.bank.chips <= MAX_CHIPS && decode::<Bank>(&encode(1, &t.bank), 1).is_ok());
                }
                break;
            }
        }
        assert!(won, "some seed wins the first hand");
    }

    #[test]
    fn three_spots_take_their_own_bets_play_in_turn_and_settle_each() {
        let choice = Choice { spots: 3, bots: 4, ..Choice::default() };
        let mut t = CasinoState::new(choice, 8, Bank::default());
        assert_eq!(t.mine(), &[2, 3, 4]);
        assert_eq!(t.betting, 2);
        // The chips go on the spot chosen; each spot keeps its own bet.
        assert!(t.apply(Msg::BetOn(4)));
        assert!(!t.apply(Msg::BetOn(4)), "already chosen");
        assert!(!t.apply(Msg::BetOn(1)), "a bot's spot is not the player's");
        assert!(t.apply(Msg::Act { action: Action::Bet { spot: t.spot(), amount: 2500 }, at: t.at() }));
        let bets: Vec<i64> = t.mine().iter().map(|&s| t.game.spots()[s as usize].bet).collect();
        assert_eq!(bets, [500, 500, 2500]);
        assert_eq!(t.worth(), TableSpec::default().starting_bankroll, "bets placed are still the player's");
        // Decisions go spot by spot, left to right, and the controls follow the spot to act.
        let mut turns = Vec::new();
        while t.game.phase() != Phase::Settled {
            if let Some(s) = t.game.to_act().filter(|&s| t.is_mine(s)) {
                assert_eq!(t.spot(), s);
                if turns.last() != Some(&s) {
                    turns.push(s);
                }
            }
            assert!(t.apply(next(&t, |t| Action::Stand { spot: t.spot() })));
        }
        assert!(turns.windows(2).all(|w| w[0] < w[1]), "{turns:?}");
        let each: i64 = t.screen.played().map(|s| t.spot_net(s)).sum();
        assert_eq!(t.round_net(), Some(each));
        assert_eq!(t.bank.net, each);
        // The session's history has the round: every spot's bet together, its result.
        let [r] = History::of(&t.bank).unwrap().rounds[..] else { panic!("one round") };
        assert_eq!((r.bet, r.net, r.worth), (3500, each, t.worth()));
        // The save carries the spots, and a save from before them has one.
        let stored = t.stored();
        assert_eq!(CasinoState::restore(&stored, Bank::default()).unwrap().mine(), &[2, 3, 4]);
        use crate::ui::storage::{decode, encode};
        let text = encode(1, &stored);
        let old = text.lines().filter(|l| !l.starts_with("spots=")).collect::<Vec<_>>().join("\n");
        assert_eq!(decode::<StoredCasino>(&old, 1).unwrap().choice.spots, 1);
        // A spot count the page never offers is refused when the table is restored, by name.
        let four = StoredCasino { choice: Choice { spots: 4, ..choice }, ..stored };
        let e = CasinoState::restore(&four, Bank::default()).err().expect("refused");
        assert!(e.to_string().contains("4 spots for you"), "{e}");
    }

    #[test]
    fn each_shoe_is_a_table_of_its_own_that_a_link_can_share_only_between_shoes() {
        let mut t = table(9);
        let code = t.share_code().expect("offered before the first card");
        assert_eq!(save::parse_shoe_code(&code), Ok((t.choice, 9)));
        assert!(t.apply(Msg::Act { action: Action::Bet { spot: HUMAN_SPOT, amount: 2500 }, at: t.at() }));
        assert!(t.apply(next(&t, stand)));
        assert!(t.share_code().is_none(), "never in the middle of a shoe");
        let mut rounds = 0;
        while !t.shoe_over() {
            assert!(t.apply(next(&t, stand)));
            if t.game.phase() != Phase::Settled {
                assert!(t.share_code().is_none());
            }
            rounds += 1;
            assert!(rounds < 5000, "the cut card comes out");
        }
        assert!(t.share_code().is_some(), "offered after the last round");
        let played = |t: &CasinoState| History::of(&t.bank).unwrap().rounds.len();
        let (worth, net, before) = (t.worth(), t.bank.net, played(&t));
        assert!(t.apply(next(&t, stand)));
        assert_eq!(t.seed, save::next_shoe_seed(9));
        assert!(t.shoe_fresh() && t.share_code().is_some());
        assert_eq!(t.bet(), 2500, "the bet carries over");
        assert_eq!(t.worth(), worth, "and the chips");
        assert_eq!((t.bank.net, played(&t)), (net, before));
        // The same code deals the same cards: a table from it is this one.
        let (choice, seed) = save::parse_shoe_code(&t.share_code().unwrap()).unwrap();
        let again = CasinoState::new(choice, seed, Bank::default());
        assert_eq!(again.game.shoe_left(), t.game.shoe_left());
        let deal = |mut s: CasinoState| {
            s.apply(Msg::Act { action: Action::Deal, at: s.at() });
            s.game.spots()[HUMAN_SPOT as usize].hands[0].cards.clone()
        };
        assert_eq!(deal(again), deal(t));
    }

    #[test]
    fn insurance_is_paid_at_the_rules_odds() {
        for seed in 0..3000 {
            let mut t = CasinoState::new(Choice::default(), seed, Bank::default());
            assert!(t.apply(Msg::Act { action: Action::Deal, at: t.at() }));
            // The bots before the player decide their insurance first.
            while matches!(t.game.phase(), Phase::Insurance { spot } if spot != HUMAN_SPOT) {
                assert!(t.apply(next(&t, stand)));
            }
            if t.game.phase() != (Phase::Insurance { spot: HUMAN_SPOT }) {
                continue;
            }
            let amount = t.bet() / 2;
            assert!(t.apply(Msg::Act { action: Action::Insure { spot: HUMAN_SPOT, amount }, at: t.at() }));
            while t.game.phase() != Phase::Settled {
                assert!(t.apply(next(&t, stand)));
            }
            let net = t.insurance_net(HUMAN_SPOT).expect("insured");
            assert!(net == amount * INSURANCE_PAYS || net == -amount, "{net}");
            return;
        }
        panic!("no deal showed the dealer's ace");
    }

    fn two_people(seed: u64) -> CasinoState {
        let people = ["Sam", "Alex"].map(|n| Person { name: n.into(), start_chips: 30_000 }).to_vec();
        CasinoState::with_people(Choice { bots: 1, ..Choice::default() }, seed, Bank::default(), people)
    }

    #[test]
    fn two_people_bet_and_decide_each_at_their_spot_by_name_with_their_own_chips() {
        let mut t = two_people(11);
        let min = t.game.rules().min_bet;
        let start = TableSpec::default().starting_bankroll;
        assert!(t.pass_and_play());
        assert_eq!(t.mine(), &[3, 4], "a spot each");
        // The first person plays with the bank's chips, the second with their own.
        assert_eq!((t.chips_of(0), t.chips_of(1)), (start - min, 30_000 - min));
        assert_eq!(t.prompt().as_deref(), Some("Sam's bet"));
        assert!(t.apply(Msg::BetOn(4)));
        assert_eq!(t.prompt().as_deref(), Some("Alex's bet"));
        assert!(t.apply(Msg::Act { action: Action::Bet { spot: 4, amount: 2000 }, at: t.at() }));
        assert_eq!((t.chips_of(0), t.chips_of(1)), (start - min, 28_000), "Alex's bet is Alex's chips");
        assert_eq!(t.worth(), start, "the bank's worth is Sam's");
        assert_eq!(t.worth_of(1), 30_000);
        let (mut decided, mut sams, mut worker, mut sent) = (Vec::new(), 0, Grader::default(), 0);
        while t.game.phase() != Phase::Settled {
            if let Phase::Playing { spot, .. } = t.game.phase() {
                if t.is_mine(spot) {
                    let (name, no) = if spot == 3 { ("Sam", 1) } else { ("Alex", 2) };
                    assert_eq!(t.prompt(), Some(format!("{name}'s decision on spot {no}")));
                    assert!(t.apply(Msg::Act { action: Action::Stand { spot }, at: t.at() }));
                    answer_asks(&mut t, &mut worker, &mut sent);
                    let verdict = t.verdict.clone().expect("judged");
                    assert!(verdict.starts_with(&format!("{name}: Stand with ")), "{verdict}");
                    decided.push(name);
                    sams += u32::from(spot == 3);
                    continue;
                }
            }
            assert!(t.apply(next(&t, stand)));
        }
        decided.dedup();
        assert!(decided.contains(&"Alex"), "{decided:?}");
        assert_eq!(t.prompt(), None, "nobody's move once settled");
        // Each person's result is theirs; the bank records the first person's.
        let (sam, alex) = (t.net_of(0).unwrap(), t.net_of(1).unwrap());
        assert_eq!(t.round_net(), Some(sam + alex));
        assert_eq!((t.bank.net, t.bank.chips), (sam, start + sam));
        assert_eq!(t.chips_of(1), 30_000 + alex);
        // The device's trainer record is Sam's: Alex's verdicts are shown, not counted in it.
        assert_eq!(t.bank.decisions, sams);
        // The log names each person, never "You".
        assert!(t.screen.log.iter().any(|l| l.starts_with("Alex: ")), "{:?}", t.screen.log);
        assert!(!t.screen.log.iter().any(|l| l.contains("You")), "{:?}", t.screen.log);
        // A reload resumes the people, their names and their chips.
        use crate::ui::storage::{decode, encode};
        let stored = decode::<StoredCasino>(&encode(1, &t.stored()), 1).unwrap();
        let back = CasinoState::restore(&stored, Bank::default()).unwrap();
        assert!(back.game == t.game);
        assert_eq!(back.people.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["Sam", "Alex"]);
        assert_eq!((back.chips_of(0), back.chips_of(1)), (t.chips_of(0), t.chips_of(1)));
    }

    #[test]
    fn a_new_shoe_keeps_each_persons_chips_and_bets() {
        let mut t = two_people(12);
        assert!(t.apply(Msg::BetOn(4)));
        assert!(t.apply(Msg::Act { action: Action::Bet { spot: 4, amount: 1500 }, at: t.at() }));
        let mut rounds = 0;
        while !t.shoe_over() {
            assert!(t.apply(next(&t, |t| Action::Stand { spot: t.spot() })));
            rounds += 1;
            assert!(rounds < 5000, "the cut card comes out");
        }
        let worth = (t.worth_of(0), t.worth_of(1));
        assert!(t.apply(next(&t, stand)));
        assert!(t.shoe_fresh());
        assert_eq!((t.worth_of(0), t.worth_of(1)), worth);
        assert_eq!(t.people[1].start_chips, worth.1);
        assert_eq!(t.game.spots()[4].bet, 1500.min(worth.1), "Alex's bet carries over");
        assert_eq!(t.prompt().as_deref(), Some("Alex's bet"), "the spot being bet on too");
    }

    #[test]
    fn one_player_is_no_pass_and_play_and_names_are_cleaned() {
        let one = vec![Person { name: "Sam".into(), start_chips: 1 }];
        let t = CasinoState::with_people(Choice::default(), 3, Bank::default(), one);
        assert!(!t.pass_and_play() && t.people.is_empty());
        assert_eq!(t.prompt(), None);
        assert!(t.stored().people.is_empty());
        assert_eq!(clean_name("  Sa,m:\n ", "Player 2"), "Sam");
        assert_eq!(clean_name(" ,: ", "Player 2"), "Player 2");
        assert_eq!(clean_name(&"x".repeat(40), "P").len(), MAX_NAME);
        // A save naming people with chips out of range is refused with a notice, not a panic.
        let mut stored = two_people(1).stored();
        stored.people[1].start_chips = -1;
        assert!(CasinoState::restore(&stored, Bank::default()).is_err());
    }
}
