//! The UNO Blackjack table's state and reducer; bots, timers and storage are effects in the
//! component.

use crate::bots::shedding::Level;
use crate::engine::uno::save::save_from_codes;
pub use crate::engine::uno::save::{code, parse_code};
use crate::engine::uno::{Action, Event, Game, Seat, SkipValue, UnoRules, UnoSpec};
use crate::ui::storage::{Fields, Stored};
use std::rc::Rc;
use yew::prelude::*;

pub const SAVE_KEY: &str = "blackjack.uno";
pub const SAVE_VERSION: u32 = 1;
pub const HUMAN: Seat = 0;
const NAMES: [&str; 10] = ["You", "Sam", "Alex", "Jo", "Kit", "Lou", "Max", "Ned", "Pat", "Rae"];

pub fn name(seat: Seat) -> &'static str {
    NAMES[seat as usize % NAMES.len()]
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnoChoice {
    pub players: u8,
    pub level: Level,
    pub skip_zero: bool,
    pub pass_again: bool,
    pub deal_back_in: bool,
    /// The seed's "join mid-game": the last seat sits out the first round, then joins and
    /// draws from the deck until it earns a queue (or is out after three rounds).
    pub latecomer: bool,
}

impl Default for UnoChoice {
    fn default() -> Self {
        UnoChoice {
            players: 4,
            level: Level::Normal,
            skip_zero: false,
            pass_again: false,
            deal_back_in: false,
            latecomer: false,
        }
    }
}

impl UnoChoice {
    pub fn rules(&self) -> UnoRules {
        UnoRules::new(UnoSpec {
            skip_value: if self.skip_zero { SkipValue::Zero } else { SkipValue::Ten },
            pass_is_final: !self.pass_again,
            deal_back_in: self.deal_back_in,
            ..UnoSpec::default()
        })
        .unwrap_or_else(|_| UnoRules::seed_rules())
    }
}

fn level_code(l: Level) -> &'static str {
    match l {
        Level::Random | Level::Easy => "easy",
        Level::Normal => "normal",
        Level::Hard => "hard",
    }
}

pub fn parse_level(s: &str) -> Option<Level> {
    Some(match s {
        "easy" => Level::Easy,
        "normal" => Level::Normal,
        "hard" => Level::Hard,
        _ => return None,
    })
}

#[derive(Clone, Debug, PartialEq)]
pub struct StoredUno {
    pub choice: UnoChoice,
    pub seed: u64,
    pub log: String,
}

impl Stored for StoredUno {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let c = self.choice;
        vec![
            ("players", c.players.to_string()),
            ("level", level_code(c.level).into()),
            ("skip_zero", (c.skip_zero as u8).to_string()),
            ("pass_again", (c.pass_again as u8).to_string()),
            ("deal_back_in", (c.deal_back_in as u8).to_string()),
            ("latecomer", (c.latecomer as u8).to_string()),
            ("seed", self.seed.to_string()),
            ("log", self.log.clone()),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        Some(StoredUno {
            choice: UnoChoice {
                players: f.parse("players")?,
                level: parse_level(f.get("level")?)?,
                skip_zero: f.flag("skip_zero")?,
                pass_again: f.flag("pass_again")?,
                deal_back_in: f.flag("deal_back_in")?,
                latecomer: f.flag("latecomer")?,
            },
            seed: f.parse("seed")?,
            log: f.get("log")?.to_string(),
        })
    }
}

#[derive(Clone, PartialEq)]
pub struct UnoState {
    pub choice: UnoChoice,
    pub seed: u64,
    pub game: Game,
    pub log: Vec<String>,
    pub notice: Option<String>,
}

pub enum Msg {
    Act { action: Action, at: usize },
}

/// "Sam flips", "You flip": the subject and a verb that agrees with it.
fn says(seat: Seat, verb: &str) -> String {
    if seat != HUMAN {
        return format!("{} {verb}", name(seat));
    }
    let plain = match verb {
        "is" => "are",
        "has" => "have",
        v if v.ends_with("sses") || v.ends_with("shes") => &v[..v.len() - 2],
        v => v.strip_suffix('s').unwrap_or(v),
    };
    format!("You {plain}")
}

pub fn describe(e: &Event) -> Option<String> {
    let who = |s: Seat| name(s);
    Some(match e {
        Event::RoundStarts { round, starter } => format!("Round {round}: {}.", says(*starter, "starts")),
        Event::Flipped { seat, card, from_deck, total } => format!(
            "{} {}{}: {total}.",
            says(*seat, "flips"),
            card.name(),
            if *from_deck { " from the deck" } else { "" }
        ),
        Event::DrawPenalty { seat } => format!(
            "Draw one: {} a card and {} the turn.",
            says(*seat, "flips"),
            if *seat == HUMAN { "lose" } else { "loses" }
        ),
        Event::Skipped { seat } => format!("{} skipped.", says(*seat, "is")),
        Event::Reversed { clockwise } => {
            format!("Reverse: play goes {}.", if *clockwise { "clockwise" } else { "anticlockwise" })
        }
        Event::Bust { seat, total, .. } => format!("{} with {total}.", says(*seat, "busts")),
        Event::Passed { seat } => format!("{}.", says(*seat, "passes")),
        Event::TrashShuffled { cards } => format!("The trash ({cards} cards) is shuffled into the deck."),
        Event::Winners { seats, total } => format!(
            "{} win{} the round with {total}.",
            seats.iter().map(|&s| who(s)).collect::<Vec<_>>().join(" and "),
            if seats.len() == 1 && seats[0] != HUMAN { "s" } else { "" }
        ),
        Event::Rewarded { seat, cards } => format!("{} {cards} cards into the queue.", says(*seat, "takes")),
        Event::Joined { seat } => format!("{} the game.", says(*seat, "joins")),
        Event::EarnedQueue { seat } => format!("{} earned a queue.", says(*seat, "has")),
        Event::Out { seat } => format!("{} out of cards and out of the game.", says(*seat, "is")),
        Event::GameOver { winners } => format!(
            "Game over: {} win{}.",
            winners.iter().map(|&s| who(s)).collect::<Vec<_>>().join(" and "),
            if winners.len() == 1 && winners[0] != HUMAN { "s" } else { "" }
        ),
        Event::NoCards { seat } => format!("No cards left for {}.", who(*seat)),
        Event::RoundLimit { rounds } => {
            format!("That was round {rounds}, the last: the most cards in a queue wins.")
        }
    })
}

impl UnoState {
    pub fn new(choice: UnoChoice, seed: u64) -> UnoState {
        let choice = UnoChoice { players: choice.players.clamp(2, 10), ..choice };
        let game = Game::with_waiting(choice.rules(), choice.players, &waiting(&choice), seed)
            .expect("2 to 10 players, at most one waiting");
        UnoState { choice, seed, game, log: Vec::new(), notice: None }
    }
    /// A saved game, checked whole (players, every action code) before it is replayed.
    pub fn restore(s: &StoredUno) -> Result<UnoState, String> {
        let c = &s.choice;
        let save = save_from_codes(c.rules().spec().clone(), c.players, waiting(c), s.seed, &s.log)
            .map_err(|e| e.to_string())?;
        let game = Game::replay(&save, None).map_err(|e| e.to_string())?;
        Ok(UnoState { choice: s.choice, seed: s.seed, game, log: Vec::new(), notice: None })
    }
    pub fn stored(&self) -> StoredUno {
        StoredUno {
            choice: self.choice,
            seed: self.seed,
            log: self.game.log().iter().map(|&a| code(a)).collect::<Vec<_>>().join(" "),
        }
    }
    pub fn at(&self) -> usize {
        self.game.log().len()
    }
}

/// A latecomer (the last seat) needs two players dealt in besides them.
fn waiting(choice: &UnoChoice) -> Vec<Seat> {
    if choice.latecomer && choice.players >= 3 {
        vec![choice.players - 1]
    } else {
        Vec::new()
    }
}

impl Reducible for UnoState {
    type Action = Msg;
    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        let Msg::Act { action, at } = msg;
        if at != self.at() {
            return self;
        }
        let mut next = (*self).clone();
        match next.game.apply(action) {
            Ok(events) => {
                next.notice = None;
                crate::ui::extend_log(&mut next.log, &events, describe, 60);
            }
            Err(e) => next.notice = Some(e.reason.to_string()),
        }
        Rc::new(next)
    }
}
