//! The shedding table's state and reducer. The reducer only applies actions to the engine;
//! timers, bots and storage are effects in the table component.

use super::link::TableSetup;
pub use super::saved::{RestoreError, StoredGame};
use crate::engine::cards::Card;
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
    /// Each seat's latest act, shown at the seat: (state id, words, kind for the look).
    pub acts: Vec<Option<Act>>,
    /// Every finished round of a match: places, cards left and the match scores after it.
    pub rounds: Vec<RoundEnd>,
    /// A round just ended and its summary is open: the next deal waits until it is closed.
    pub between_rounds: bool,
}

/// What a seat did last ("played Q♠", "picked up 2", "Last card!", a chat bubble).
#[derive(Clone, Debug, PartialEq)]
pub struct Act {
    pub at: u32,
    pub text: String,
    /// "play", "draw", "call" or "say": the seat shows each in its own way.
    pub kind: &'static str,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RoundEnd {
    pub places: Vec<Seat>,
    pub cards_left: Vec<usize>,
    pub scores: Vec<u32>,
    /// A tie-breaker round between those who reached the target (it scores no points).
    pub tie_break: bool,
}

/// "Q♠", "10♥": a card in few letters, for the seats and the laid-so-far strip.
pub fn short(c: Card) -> String {
    format!("{}{}", c.rank.short(), c.suit.symbol())
}

pub enum Msg {
    /// Apply `action` if the game is still at state `at` (timers and bots may fire late).
    Act {
        action: Action,
        at: u32,
    },
    Dismiss,
    /// Close the round summary: the bots and the clock start on the next deal.
    NextRound,
}

impl TableState {
    /// A new deal; `Err` lists every problem of the setup's rules.
    pub fn new(setup: TableSetup) -> Result<TableState, RestoreError> {
        let rules = setup.rules().map_err(RestoreError::BadRules)?;
        let game = Game::new(rules, setup.players, setup.seed).map_err(RestoreError::Setup)?;
        let bot_seed = setup.seed.rotate_left(17);
        let players = game.players() as usize;
        // The deal as an event, so the table deals the cards out visibly on a new game.
        let dealt = Event::Dealt {
            round: 0,
            dealer: game.dealer(),
            seats: (0..players as Seat).collect(),
            hand_size: game.hand(0).len() as u8,
            starter: game.view(HUMAN).top(),
        };
        let mut t = TableState {
            setup,
            game,
            bot_seed,
            log: Vec::new(),
            notice: None,
            recent: vec![dealt],
            acts: vec![None; players],
            rounds: Vec::new(),
            between_rounds: false,
        };
        t.log.push(format!(
            "{}. {}.",
            who(&t.setup.names, t.game.dealer(), "deals"),
            who(&t.setup.names, t.game.current(), "starts")
        ));
        Ok(t)
    }

    /// Keeps what the table shows besides the game: each seat's latest act and the rounds' ends.
    fn absorb(&mut self, before: &Game, events: &[Event]) {
        let at = self.game.state_id();
        for e in events {
            let act = |text: String, kind| Some(Act { at, text, kind });
            let (seat, act) = match e {
                Event::Dealt { .. } => {
                    self.acts.iter_mut().for_each(|a| *a = None);
                    continue;
                }
                Event::Played { seat, card } => (*seat, act(format!("played {}", short(*card)), "play")),
                Event::SuitNamed { seat, suit } => (*seat, act(format!("named {}", suit.symbol()), "play")),
                Event::Drew { seat, cards } => (*seat, act(format!("picked up {cards}"), "draw")),
                Event::Penalty { seat, cards, reason } => {
                    (*seat, act(format!("+{cards}: {}", reason_text(*reason)), "draw"))
                }
                Event::Passed { seat } => (*seat, act("passed".into(), "draw")),
                Event::Skipped { seat } => (*seat, act("missed a turn".into(), "draw")),
                Event::CalledLastCard { seat } => (*seat, act("Last card!".into(), "call")),
                Event::Said { seat, phrase } => (
                    *seat,
                    act(format!("“{}”", crate::ui::shedding::table::phrase_text(&self.setup.names, *phrase)), "say"),
                ),
                Event::Accused { accuser, target, .. } => {
                    (*accuser, act(format!("called out {}!", self.setup.names[*target as usize]), "call"))
                }
                Event::WentOut { seat, place } => (*seat, act(format!("out: place {place}"), "call")),
                Event::RoundOver { places, scores, .. } => {
                    // Cards left when the round ended: the hands before the last action, less
                    // the cards of anyone who went out with it.
                    let cards_left = (0..self.game.players())
                        .map(|s| {
                            let out = events.iter().any(|e| matches!(e, Event::WentOut { seat, .. } if *seat == s));
                            if out {
                                0
                            } else {
                                before.hand(s).len()
                            }
                        })
                        .collect();
                    self.rounds.push(RoundEnd {
                        places: places.clone(),
                        cards_left,
                        scores: scores.clone(),
                        tie_break: before.is_tie_break(),
                    });
                    self.between_rounds = !self.game.is_over();
                    continue;
                }
                _ => continue,
            };
            if let Some(slot) = self.acts.get_mut(seat as usize) {
                *slot = act;
            }
        }
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
        // The save is read and replayed whole first (every problem refuses it); then the table
        // replays it through the same steps as play, so each seat's latest act is as it was.
        let (setup, checked) = s.replay()?;
        let mut t = TableState::new(setup)?;
        t.bot_seed = s.bot_seed;
        for &action in checked.log() {
            let before = t.game.clone();
            let events = t.game.apply(action).map_err(RestoreError::Replay)?;
            t.absorb(&before, &events);
        }
        // A save with no moves yet is a new deal (the page saves one as it deals): nothing
        // was restored, so the log says nothing of it.
        if !checked.log().is_empty() {
            t.log = vec!["Game restored.".into()];
        }
        t.recent = Vec::new();
        t.between_rounds = false;
        Ok(t)
    }
}

impl Reducible for TableState {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        match msg {
            Msg::Dismiss => Rc::new(TableState { notice: None, ..(*self).clone() }),
            Msg::NextRound => Rc::new(TableState { between_rounds: false, ..(*self).clone() }),
            Msg::Act { at, .. } if at != self.game.state_id() => self,
            Msg::Act { action, .. } => {
                let mut next = (*self).clone();
                match next.game.apply(action) {
                    Ok(events) => {
                        next.notice = wrong_card(&self.game, action, &events);
                        let names = next.setup.names.clone();
                        crate::ui::extend_log(&mut next.log, &events, |e| describe(&names, e), 60);
                        next.absorb(&self.game, &events);
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

/// Why the player's own card cost a penalty, in full: the log line only names the reason.
fn wrong_card(before: &Game, action: Action, events: &[Event]) -> Option<String> {
    let Action::Play { seat: HUMAN, card } = action else { return None };
    events.iter().find_map(|e| match e {
        Event::Penalty { seat: HUMAN, cards, reason: PenaltyReason::WrongCard } => Some(format!(
            "The {} does not follow the {}: you pick up {}.",
            card.name(),
            before.view(HUMAN).top().name(),
            plural(*cards as u32)
        )),
        Event::Penalty { seat: HUMAN, cards, reason: PenaltyReason::OutOfTurn } => {
            Some(format!("It was not your turn: you pick up {}.", plural(*cards as u32)))
        }
        _ => None,
    })
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
