//! The shedding table's state and reducer. The reducer only applies actions to the engine;
//! timers, bots and storage are effects in the table component.

use super::link::TableSetup;
pub use super::saved::{RestoreError, StoredGame};
use crate::engine::shedding::{Action, Event, Game, PenaltyReason, Seat};
use std::rc::Rc;
use yew::prelude::*;

pub const SAVE_KEY: &str = "blackjack.shedding";
pub const SAVE_VERSION: u32 = 1;
pub const HUMAN: Seat = 0;

/// "Sam plays", "You play": the subject and a present-tense verb that agrees with it.
fn who(names: &[String], seat: Seat, verb: &str) -> String {
    if seat != HUMAN {
        return format!("{} {verb}", names[seat as usize]);
    }
    let (first, rest) = verb.split_once(' ').map_or((verb, ""), |(f, r)| (f, r));
    let plain = match first {
        "is" => "are".to_string(),
        f if f.ends_with("sses") || f.ends_with("shes") => f[..f.len() - 2].to_string(),
        f => f.strip_suffix('s').unwrap_or(f).to_string(),
    };
    if rest.is_empty() {
        format!("You {plain}")
    } else {
        format!("You {plain} {rest}")
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TableState {
    pub setup: TableSetup,
    pub game: Game,
    pub bot_seed: u64,
    /// Readable lines, oldest first.
    pub log: Vec<String>,
    /// Why the last action of the human was refused.
    pub notice: Option<String>,
    /// The events of the last accepted action: the table animates them (keyed by state id).
    pub recent: Vec<Event>,
}

pub enum Msg {
    /// Apply `action` if the game is still at state `at` (timers and bots may fire late).
    Act {
        action: Action,
        at: u32,
    },
    Dismiss,
}

impl TableState {
    /// A new deal; `Err` lists every problem of the setup's rules.
    pub fn new(setup: TableSetup) -> Result<TableState, RestoreError> {
        let rules = setup.rules().map_err(RestoreError::BadRules)?;
        let game = Game::new(rules, setup.players, setup.seed).map_err(RestoreError::Setup)?;
        let bot_seed = setup.seed.rotate_left(17);
        let mut t = TableState { setup, game, bot_seed, log: Vec::new(), notice: None, recent: Vec::new() };
        t.log.push(format!(
            "{}. {}.",
            who(&t.setup.names, t.game.dealer(), "deals"),
            who(&t.setup.names, t.game.current(), "starts")
        ));
        Ok(t)
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.setup.names[seat as usize]
    }

    pub fn stored(&self) -> StoredGame {
        StoredGame::of(&self.setup, &self.game, self.bot_seed)
    }

    /// Replays a stored game through the engine (see [`StoredGame::replay`]): a tampered or
    /// outdated save is refused with a reason instead of producing an impossible table.
    pub fn restore(s: &StoredGame) -> Result<TableState, RestoreError> {
        let (setup, game) = s.replay()?;
        let log = vec!["Game restored.".into()];
        Ok(TableState { setup, game, bot_seed: s.bot_seed, log, notice: None, recent: Vec::new() })
    }
}

impl Reducible for TableState {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        match msg {
            Msg::Dismiss => Rc::new(TableState { notice: None, ..(*self).clone() }),
            Msg::Act { at, .. } if at != self.game.state_id() => self,
            Msg::Act { action, .. } => {
                let mut next = (*self).clone();
                match next.game.apply(action) {
                    Ok(events) => {
                        next.notice = None;
                        let names = next.setup.names.clone();
                        crate::ui::extend_log(&mut next.log, &events, |e| describe(&names, e), 60);
                        next.recent = events;
                    }
                    Err(e) if action.seat() == HUMAN => next.notice = Some(capitalise(&e.reason.to_string())),
                    Err(_) => return self,
                }
                Rc::new(next)
            }
        }
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    // ASCII only: the refusals are English, and `to_uppercase` would bring Unicode tables into the page.
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

fn reason_text(r: PenaltyReason) -> &'static str {
    match r {
        PenaltyReason::Timeout => "too slow",
        PenaltyReason::OutOfTurn => "played out of turn",
        PenaltyReason::WrongCard => "wrong card",
        PenaltyReason::TableTalk => "table talk",
        PenaltyReason::MissedLastCard => "no \"Last card\"",
        PenaltyReason::FalseLastCard => "false \"Last card\"",
        PenaltyReason::FalseAccusation => "false call-out",
        PenaltyReason::WrongDispute => "wrong dispute",
        PenaltyReason::NoCallToGoOut => "went out without calling",
    }
}

/// One line of the game log for an event, or nothing for bookkeeping events.
pub fn describe(names: &[String], e: &Event) -> Option<String> {
    let who = |seat: Seat, verb: &str| who(names, seat, verb);
    let name = |seat: Seat| names[seat as usize].as_str();
    Some(match e {
        Event::Dealt { round, dealer, .. } => format!("Round {}: {}.", round + 1, who(*dealer, "deals")),
        Event::Played { seat, card } => format!("{} the {}.", who(*seat, "plays"), card.name()),
        Event::SuitNamed { seat, suit } => format!("{} {}.", who(*seat, "names"), suit.name()),
        Event::Drew { seat, cards } => format!("{} {}.", who(*seat, "picks up"), plural(*cards as u32)),
        Event::Passed { seat } => format!("{}.", who(*seat, "passes")),
        Event::Penalty { seat, cards, reason } => {
            format!("{} {} ({}).", who(*seat, "picks up"), plural(*cards as u32), reason_text(*reason))
        }
        Event::Refilled { shuffled, .. } => {
            if *shuffled {
                "The pile is shuffled into a new stock.".into()
            } else {
                "The pile is turned over.".into()
            }
        }
        Event::PickUpPending { cards } => format!("Pick-up of {cards} pending."),
        Event::Reversed { .. } => "Direction reversed.".into(),
        Event::Skipped { seat } => format!("{} a turn.", who(*seat, "misses")),
        Event::CalledLastCard { seat } => format!("{}: \"Last card!\"", name(*seat)),
        Event::MissedLastCard { seat } => format!("{} did not say \"Last card\".", name(*seat)),
        Event::Said { seat, phrase } => {
            format!("{}: \"{}\"", name(*seat), crate::ui::shedding::table::phrase_text(names, *phrase))
        }
        Event::Accused { accuser, target, .. } => format!("{} {}!", who(*accuser, "calls out"), name(*target)),
        Event::DisputeUpheld { by, .. } => format!("{} the call-out was false.", who(*by, "shows")),
        Event::DisputeRejected { by, .. } => format!("{}, wrongly.", who(*by, "disputes")),
        Event::OutOfTurn { seat } => format!("{} out of turn.", who(*seat, "plays")),
        Event::WentOut { seat, place } => format!("{} out (place {place}).", who(*seat, "is")),
        Event::RoundOver { round, .. } => format!("Round {} is over.", round + 1),
        Event::TieBreak { seats } => {
            format!("Tie-breaker between {}.", seats.iter().map(|&s| name(s)).collect::<Vec<_>>().join(" and "))
        }
        Event::TurnLimit { .. } => "The turn limit: the game ends, fewest cards first.".into(),
        Event::GameOver { winner } => {
            format!("{} {} the game!", name(*winner), if *winner == HUMAN { "win" } else { "wins" })
        }
        Event::TurnStarts { .. } | Event::PickUpCleared => return None,
    })
}

fn plural(n: u32) -> String {
    if n == 1 {
        "1 card".into()
    } else {
        format!("{n} cards")
    }
}
