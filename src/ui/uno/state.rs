//! The UNO Blackjack table's state and reducer; timers and storage are effects in the component.
//! Besides the game, the state keeps what the table shows of it: each seat's revealed cards and
//! latest act, which stay on the felt after the round's reward until the next round starts, the
//! cards that just moved (they travel from the deck or the queue), and each player's exit round.

use crate::bots::shedding::Level;
use crate::bots::uno::decide;
use crate::engine::uno::save::save_from_codes;
pub use crate::engine::uno::save::{code, parse_code};
use crate::engine::uno::{Action, Event, Game, Phase, Seat, SkipValue, Status, UnoCard, UnoRules, UnoSpec};
use crate::ui::plural;
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
    /// The classic "join mid-game": the last seat sits out the first round, then joins and
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

/// The level as a player reads it: "Easy", "Normal", "Hard".
pub fn level_name(l: Level) -> &'static str {
    match l {
        Level::Random | Level::Easy => "Easy",
        Level::Normal => "Normal",
        Level::Hard => "Hard",
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

/// A card that just arrived on a seat's stack: where it came from, in the order of the flips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fresh {
    pub seat: Seat,
    pub index: usize,
    pub from_deck: bool,
}

/// How the last round ended: its winners, their total and the cards each took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    pub round: u32,
    pub winners: Vec<Seat>,
    pub total: u8,
    pub rewards: Vec<u8>,
}

#[derive(Clone, PartialEq)]
pub struct UnoState {
    pub choice: UnoChoice,
    pub seed: u64,
    pub game: Game,
    pub log: Vec<String>,
    pub notice: Option<String>,
    /// Each seat's revealed cards this round (a bust stays shown, marked), kept until the next round.
    pub shown: Vec<Vec<UnoCard>>,
    pub totals: Vec<u8>,
    /// Each seat's latest act: "hit: 7 → 18", "passed", "bust!".
    pub acts: Vec<String>,
    pub fresh: Vec<Fresh>,
    pub last: Option<RoundEnd>,
    /// The round in which each player went out.
    pub out_round: Vec<Option<u32>>,
}

pub enum Msg {
    Act {
        action: Action,
        at: usize,
    },
    /// Let the bots play at once: to the end of the game when the player is out of it, else to
    /// the end of the round.
    FastForward {
        at: usize,
    },
    /// Play again: the same rules, a new deal.
    Restart {
        seed: u64,
    },
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
        Event::Rewarded { seat, cards } => {
            format!("{} {} into the queue.", says(*seat, "takes"), plural(*cards as usize, "card"))
        }
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
        let n = choice.players as usize;
        UnoState {
            choice,
            seed,
            game,
            log: Vec::new(),
            notice: None,
            shown: vec![Vec::new(); n],
            totals: vec![0; n],
            acts: vec![String::new(); n],
            fresh: Vec::new(),
            last: None,
            out_round: vec![None; n],
        }
    }
    /// A saved game, checked whole (players, every action code, every action replayed) first;
    /// then replayed through the same steps as play, so the table looks as it did.
    pub fn restore(s: &StoredUno) -> Result<UnoState, String> {
        let c = &s.choice;
        let save = save_from_codes(c.rules().spec().clone(), c.players, waiting(c), s.seed, &s.log)
            .map_err(|e| e.to_string())?;
        Game::replay(&save, None).map_err(|e| e.to_string())?;
        let mut t = UnoState::new(s.choice, s.seed);
        for &a in &save.log {
            t.play(a)?;
        }
        Ok(t)
    }
    /// Applies one action and updates what the table shows of it.
    pub fn play(&mut self, action: Action) -> Result<(), String> {
        let events = self.game.apply(action).map_err(|e| e.reason.to_string())?;
        self.fresh.clear();
        let mut drawn = None;
        for e in &events {
            self.note(action, e, &mut drawn);
        }
        crate::ui::extend_log(&mut self.log, &events, describe, 60);
        Ok(())
    }
    fn note(&mut self, action: Action, e: &Event, drawn: &mut Option<Seat>) {
        let act = |s: &mut Self, seat: Seat, text: String| s.acts[seat as usize] = text;
        match e {
            Event::RoundStarts { round, .. } => {
                self.shown.iter_mut().for_each(Vec::clear);
                self.totals.iter_mut().for_each(|t| *t = 0);
                self.acts.iter_mut().for_each(String::clear);
                self.last = Some(RoundEnd { round: *round, winners: Vec::new(), total: 0, rewards: Vec::new() });
            }
            Event::Flipped { seat, card, from_deck, total } => {
                let s = *seat as usize;
                self.shown[s].push(*card);
                self.totals[s] = *total;
                self.fresh.push(Fresh { seat: *seat, index: self.shown[s].len() - 1, from_deck: *from_deck });
                let how = match action {
                    _ if *drawn == Some(*seat) => "draw one",
                    Action::Hit { .. } => "hit",
                    _ => "flip",
                };
                act(self, *seat, format!("{how}: {} → {total}", super::card::mark(*card)));
            }
            Event::DrawPenalty { seat } => *drawn = Some(*seat),
            Event::Skipped { seat } => act(self, *seat, "skipped".into()),
            Event::Bust { seat, .. } => act(self, *seat, "bust!".into()),
            Event::Passed { seat } => act(self, *seat, "passed".into()),
            Event::NoCards { seat } => act(self, *seat, "no cards".into()),
            Event::Winners { seats, total } => {
                if let Some(l) = &mut self.last {
                    l.winners = seats.clone();
                    l.total = *total;
                    l.rewards = vec![0; seats.len()];
                }
                for &s in seats {
                    act(self, s, format!("wins with {total}"));
                }
            }
            Event::Rewarded { seat, cards } => {
                if let Some(l) = &mut self.last {
                    if let Some(i) = l.winners.iter().position(|w| w == seat) {
                        l.rewards[i] = *cards;
                    }
                }
                act(self, *seat, format!("won +{cards}"));
            }
            Event::Joined { seat } => act(self, *seat, "joins".into()),
            Event::EarnedQueue { seat } => act(self, *seat, "has a queue".into()),
            Event::Out { seat } => {
                self.out_round[*seat as usize] = Some(self.game.round());
                act(self, *seat, "out".into());
            }
            _ => {}
        }
    }
    /// The player's own status.
    pub fn me(&self) -> Status {
        self.game.players()[HUMAN as usize].status
    }
    /// Whether the player takes part in the game still (not out, not yet waiting to join).
    pub fn i_am_in(&self) -> bool {
        matches!(self.me(), Status::Playing | Status::Joining { .. })
    }
    /// Whether the player has nothing left to decide this round (bust, or passed for good).
    pub fn i_am_done(&self) -> bool {
        let p = &self.game.players()[HUMAN as usize];
        matches!(self.game.phase(), Phase::Match { .. }) && (p.busted || (p.passed && !self.choice.pass_again))
    }
    /// What happens next without the player, and after how many milliseconds: a bot's move, a
    /// latecomer joining, or the next round when the player is out of the game.
    pub fn auto_action(&self) -> Option<(Action, u32)> {
        let g = &self.game;
        match g.phase() {
            Phase::Match { turn } if *turn != HUMAN => {
                let jitter = crate::bots::uno::jitter(self.seed, self.at());
                Some((decide(&g.view(*turn), self.choice.level, jitter), 500))
            }
            // The latecomer joins at the beginning of the second round's reveal phase.
            Phase::RoundStart if g.round() >= 1 => {
                match g.legal_actions().into_iter().find(|a| matches!(a, Action::Join { .. })) {
                    Some(a) => Some((a, 600)),
                    None if !self.i_am_in() => Some((Action::Reveal, 2000)),
                    None => None,
                }
            }
            Phase::RoundStart if !self.i_am_in() => Some((Action::Reveal, 2000)),
            _ => None,
        }
    }
    /// Plays the bots' moves at once, to the end of the round (or the game, once the player is out).
    pub fn fast_forward(&mut self) {
        let whole_game = !self.i_am_in();
        for _ in 0..100_000 {
            if !whole_game && !matches!(self.game.phase(), Phase::Match { .. }) {
                break;
            }
            let Some((a, _)) = self.auto_action() else { break };
            if self.play(a).is_err() {
                break;
            }
        }
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
        match msg {
            Msg::Restart { seed } => Rc::new(UnoState::new(self.choice, seed)),
            Msg::Act { at, .. } | Msg::FastForward { at } if at != self.at() => self,
            Msg::Act { action, .. } => {
                let mut next = (*self).clone();
                next.notice = next.play(action).err();
                Rc::new(next)
            }
            Msg::FastForward { .. } => {
                let mut next = (*self).clone();
                next.notice = None;
                next.fast_forward();
                Rc::new(next)
            }
        }
    }
}
