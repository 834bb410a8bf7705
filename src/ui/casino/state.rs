//! The casino table's state and reducer: the reducer applies actions to the engine and keeps
//! the trainer's tally; bots, timers and storage are effects in the component.

use crate::bots::casino::{hand_label, unseen_plus, values, Allowed};
use crate::engine::casino::game::money;
use crate::engine::casino::strategy::Play;
use crate::engine::casino::{Action, Event, Game, Outcome, Phase, Spot, TableRules, TableSpec};
use crate::ui::storage::{Fields, Stored};
use std::rc::Rc;
use yew::prelude::*;

pub const SAVE_KEY: &str = "blackjack.casino";
pub const SAVE_VERSION: u32 = 1;
pub const BANK_KEY: &str = "blackjack.casino.bank";
/// The player sits in the middle of the seven spots; bots fill the others in this order.
pub const HUMAN_SPOT: Spot = 3;
const BOT_SPOTS: [Spot; 6] = [2, 4, 1, 5, 0, 6];
const NAMES: [&str; 7] = ["Ada", "Ben", "Cy", "You", "Di", "Eve", "Fay"];

pub fn spot_name(spot: Spot) -> &'static str {
    NAMES[spot as usize]
}

/// The table the player chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub decks: u8,
    pub bots: u8,
    pub surrender: bool,
    pub h17: bool,
}

impl Default for Choice {
    fn default() -> Self {
        Choice { decks: 6, bots: 2, surrender: false, h17: false }
    }
}

impl Choice {
    pub fn rules(&self) -> TableRules {
        TableRules::new(TableSpec {
            decks: self.decks,
            surrender: self.surrender,
            dealer_hits_soft_17: self.h17,
            ..TableSpec::default()
        })
        .unwrap_or_else(|_| TableRules::seed_rules())
    }
}

/// The player's chips and trainer record across tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Bank {
    pub chips: i64,
    pub decisions: u32,
    pub best_plays: u32,
    /// Expected value given up, in thousandths of a bet.
    pub ev_lost_milli: i64,
}

impl Default for Bank {
    fn default() -> Self {
        Bank { chips: TableSpec::default().starting_bankroll, decisions: 0, best_plays: 0, ev_lost_milli: 0 }
    }
}

impl Stored for Bank {
    fn encode(&self) -> Vec<(&'static str, String)> {
        vec![
            ("chips", self.chips.to_string()),
            ("decisions", self.decisions.to_string()),
            ("best", self.best_plays.to_string()),
            ("lost", self.ev_lost_milli.to_string()),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        Some(Bank {
            chips: f.parse("chips")?,
            decisions: f.parse("decisions")?,
            best_plays: f.parse("best")?,
            ev_lost_milli: f.parse("lost")?,
        })
    }
}

/// A table in progress: the choice, seed, starting chips and the action log.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredCasino {
    pub choice: Choice,
    pub seed: u64,
    pub chips: i64,
    pub log: String,
}

impl Stored for StoredCasino {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let c = self.choice;
        vec![
            ("decks", c.decks.to_string()),
            ("bots", c.bots.to_string()),
            ("surrender", (c.surrender as u8).to_string()),
            ("h17", (c.h17 as u8).to_string()),
            ("seed", self.seed.to_string()),
            ("chips", self.chips.to_string()),
            ("log", self.log.clone()),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        Some(StoredCasino {
            choice: Choice {
                decks: f.parse("decks")?,
                bots: f.parse("bots")?,
                surrender: f.flag("surrender")?,
                h17: f.flag("h17")?,
            },
            seed: f.parse("seed")?,
            chips: f.parse("chips")?,
            log: f.get("log")?.to_string(),
        })
    }
}

/// A compact text code per action ("h3", "x3:1000", "n").
pub fn code(a: Action) -> String {
    match a {
        Action::Bet { spot, amount } => format!("b{spot}:{amount}"),
        Action::Deal => "d".into(),
        Action::Insure { spot, amount } => format!("i{spot}:{amount}"),
        Action::Surrender { spot } => format!("r{spot}"),
        Action::Hit { spot } => format!("h{spot}"),
        Action::Stand { spot } => format!("s{spot}"),
        Action::Double { spot, amount } => format!("x{spot}:{amount}"),
        Action::Split { spot } => format!("p{spot}"),
        Action::NextRound => "n".into(),
    }
}

pub fn parse_code(s: &str) -> Option<Action> {
    let (k, rest) = s.split_at_checked(1)?;
    let (spot, amount) = match rest.split_once(':') {
        Some((a, b)) => (a.parse().ok(), b.parse().ok()),
        None => (rest.parse().ok(), None),
    };
    Some(match k {
        "b" => Action::Bet { spot: spot?, amount: amount? },
        "d" => Action::Deal,
        "i" => Action::Insure { spot: spot?, amount: amount? },
        "r" => Action::Surrender { spot: spot? },
        "h" => Action::Hit { spot: spot? },
        "s" => Action::Stand { spot: spot? },
        "x" => Action::Double { spot: spot?, amount: amount? },
        "p" => Action::Split { spot: spot? },
        "n" => Action::NextRound,
        _ => return None,
    })
}

#[derive(Clone, PartialEq)]
pub struct CasinoState {
    pub choice: Choice,
    pub seed: u64,
    pub start_chips: i64,
    pub game: Game,
    pub log: Vec<String>,
    pub notice: Option<String>,
    /// The trainer's verdict on the player's last decision.
    pub verdict: Option<String>,
    pub bank: Bank,
}

pub enum Msg {
    Act { action: Action, at: usize },
    Dismiss,
}

fn seating(bots: u8) -> Vec<Option<u8>> {
    let mut s = vec![None; 7];
    s[HUMAN_SPOT as usize] = Some(0);
    for (i, &spot) in BOT_SPOTS.iter().take(bots.min(6) as usize).enumerate() {
        s[spot as usize] = Some(i as u8 + 1);
    }
    s
}

impl CasinoState {
    pub fn new(choice: Choice, seed: u64, bank: Bank) -> CasinoState {
        let chips = bank.chips.max(TableSpec::default().min_bet);
        let mut bankrolls = vec![TableSpec::default().starting_bankroll; 1 + choice.bots as usize];
        bankrolls[0] = chips;
        let mut game =
            Game::new(choice.rules(), &seating(choice.bots), bankrolls, seed).expect("the seating fits the table");
        // Bots bet the minimum; the player starts with the minimum bet in place.
        let min = game.rules().min_bet;
        for spot in 0..7u8 {
            let _ = game.apply(Action::Bet { spot, amount: min });
        }
        CasinoState {
            choice,
            seed,
            start_chips: chips,
            game,
            log: Vec::new(),
            notice: None,
            verdict: None,
            bank: Bank { chips, ..bank },
        }
    }

    pub fn restore(s: &StoredCasino, bank: Bank) -> Result<CasinoState, String> {
        let mut t = CasinoState::new(s.choice, s.seed, Bank { chips: s.chips, ..bank });
        // The constructor's opening bets are the first entries of the log; replay the rest.
        let opening = t.game.log().len();
        for (i, c) in s.log.split_whitespace().enumerate().skip(opening) {
            let a = parse_code(c).ok_or_else(|| format!("unreadable action {c:?}"))?;
            t.game.apply(a).map_err(|e| format!("action {i}: {e}"))?;
        }
        Ok(t)
    }

    pub fn stored(&self) -> StoredCasino {
        StoredCasino {
            choice: self.choice,
            seed: self.seed,
            chips: self.start_chips,
            log: self.game.log().iter().map(|&a| code(a)).collect::<Vec<_>>().join(" "),
        }
    }

    pub fn at(&self) -> usize {
        self.game.log().len()
    }

    /// The player's chips now.
    pub fn chips(&self) -> i64 {
        self.game.bankrolls()[0]
    }

    /// The trainer's values for the player's current decision, best first.
    pub fn hint(&self) -> Option<Vec<(Play, f64)>> {
        let Phase::Playing { spot, hand } = self.game.phase() else { return None };
        if spot != HUMAN_SPOT {
            return None;
        }
        let h = &self.game.spots()[spot as usize].hands[hand as usize];
        let up = self.game.dealer_up()?;
        let mut extra = h.cards.clone();
        extra.push(up);
        let shoe = unseen_plus(&self.game, &extra);
        Some(values(self.game.rules(), shoe, &h.cards, up, Allowed::of(&self.game, spot)))
    }
}

fn play_of(a: Action) -> Option<Play> {
    Some(match a {
        Action::Stand { .. } => Play::Stand,
        Action::Hit { .. } => Play::Hit,
        Action::Double { .. } => Play::Double,
        Action::Split { .. } => Play::Split,
        Action::Surrender { .. } => Play::Surrender,
        _ => return None,
    })
}

/// A sentence for the log and the live region.
pub fn describe(e: &Event) -> Option<String> {
    let who = |s: Spot| if s == HUMAN_SPOT { "You".to_string() } else { spot_name(s).to_string() };
    Some(match e {
        Event::Shuffled { .. } => "The dealer shuffles and a player places the cut card.".into(),
        Event::CutCardOut => "The cut card is out: a shuffle after this round.".into(),
        Event::DealerUp { card } => format!("The dealer shows the {}.", card.name()),
        Event::InsuranceOffered => "Insurance is open.".into(),
        Event::Insured { spot, amount } if *amount > 0 => format!("{} insured for {}.", who(*spot), money(*amount)),
        Event::BlackjackPaid { spot, amount } => format!("Blackjack! {} paid {}.", who(*spot), money(*amount)),
        Event::Surrendered { spot, .. } => format!("{} surrendered.", who(*spot)),
        Event::Split { spot, .. } => format!("{} split.", who(*spot)),
        Event::Doubled { spot, amount, .. } => format!("{} doubled for {}.", who(*spot), money(*amount)),
        Event::Bust { spot, .. } => format!("{} bust.", who(*spot)),
        Event::HoleRevealed { card } => format!("The dealer turns the {}.", card.name()),
        Event::DealerDraws { card } => format!("The dealer draws the {}.", card.name()),
        Event::DealerStands { total } => format!("The dealer stands on {total}."),
        Event::DealerBusts => "The dealer busts.".into(),
        Event::DealerBlackjack => "The dealer has blackjack.".into(),
        Event::InsurancePaid { spot, amount } => format!("Insurance pays {} {}.", who(*spot), money(*amount)),
        Event::Settled { spot, outcome, net, .. } => {
            let what = match outcome {
                Outcome::Blackjack => "blackjack",
                Outcome::Win => "win",
                Outcome::Push => "push",
                Outcome::Lose => "lose",
                Outcome::Bust => "bust",
                Outcome::Surrender => "surrender",
            };
            format!("{}: {what}, {}{}.", who(*spot), if *net >= 0 { "+" } else { "" }, money(*net))
        }
        _ => return None,
    })
}

impl Reducible for CasinoState {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        match msg {
            Msg::Dismiss => Rc::new(CasinoState { notice: None, ..(*self).clone() }),
            // A stale action (a timer from an earlier state) is dropped.
            Msg::Act { at, .. } if at != self.at() => self,
            Msg::Act { action, .. } => {
                let mut next = (*self).clone();
                // The trainer judges a decision before it is made, on the cards left.
                let judged = match (action.spot(), play_of(action)) {
                    (Some(HUMAN_SPOT), Some(p)) => self.hint().map(|v| (p, v)),
                    _ => None,
                };
                let label = self.game.current_hand().map(|h| hand_label(&h.cards));
                match next.game.apply(action) {
                    Ok(events) => {
                        next.notice = None;
                        crate::ui::extend_log(&mut next.log, &events, describe, 40);
                        if let Some((played, vals)) = judged {
                            if let Some(&(best, best_v)) = vals.first() {
                                let mine = vals.iter().find(|(p, _)| *p == played).map_or(best_v, |v| v.1);
                                let lost = (best_v - mine).max(0.0);
                                next.bank.decisions += 1;
                                let hand = label.unwrap_or_default();
                                if played == best || lost < 1e-9 {
                                    next.bank.best_plays += 1;
                                    next.verdict = Some(format!("{} with {hand}: the best play.", played.name()));
                                } else {
                                    let milli = (lost * 1000.0).round() as i64;
                                    next.bank.ev_lost_milli += milli;
                                    next.verdict = Some(format!(
                                        "{} with {hand}: {} was better, by {}.{:03} of a bet.",
                                        played.name(),
                                        best.name(),
                                        milli / 1000,
                                        milli % 1000
                                    ));
                                }
                            }
                        }
                        next.bank.chips = next.chips();
                    }
                    Err(e) => next.notice = Some(e.reason.to_string()),
                }
                Rc::new(next)
            }
        }
    }
}
