//! The casino table's state and reducer: the reducer applies actions to the engine and keeps
//! the trainer's tally; bots, timers and storage are effects in the component.

use crate::bots::casino::{hand_label, unseen_plus, values, Allowed};
use crate::engine::casino::game::money;
use crate::engine::casino::hand::is_two_card_21;
use crate::engine::casino::save::{self, new_table};
pub use crate::engine::casino::save::{code, parse_code, Choice, HUMAN_SPOT};
use crate::engine::casino::strategy::Play;
use crate::engine::casino::{Action, Event, Game, Outcome, Phase, Spot, TableSpec, MAX_CHIPS};
use crate::ui::storage::{Fields, Stored};
use std::rc::Rc;
use yew::prelude::*;

pub const SAVE_KEY: &str = "blackjack.casino";
pub const SAVE_VERSION: u32 = 1;
pub const BANK_KEY: &str = "blackjack.casino.bank";
const NAMES: [&str; 7] = ["Ada", "Ben", "Cy", "You", "Di", "Eve", "Fay"];

pub fn spot_name(spot: Spot) -> &'static str {
    NAMES[spot as usize]
}

/// The player's chips and trainer record across tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Bank {
    pub chips: i64,
    pub decisions: u32,
    pub best_plays: u32,
    /// Expected value given up, in thousandths of a bet.
    pub ev_lost_milli: i64,
    /// Hands (rounds) played, their net result in cents, and new bankrolls taken at $0.
    pub hands: u32,
    pub net: i64,
    pub refills: u32,
}

/// An amount in thousandths of a bet, as a player reads it: "0.08 of a bet", "1.25 bets"
/// (hundredths, rounded; "less than 0.01 of a bet" for a loss that rounds to nothing).
pub fn of_a_bet(milli: i64) -> String {
    let cents = (milli + 5) / 10;
    match cents {
        ..=0 if milli > 0 => "less than 0.01 of a bet".into(),
        ..100 => format!("0.{cents:02} of a bet"),
        _ => format!("{}.{:02} bets", cents / 100, cents % 100),
    }
}

impl Default for Bank {
    fn default() -> Self {
        Bank {
            chips: TableSpec::default().starting_bankroll,
            decisions: 0,
            best_plays: 0,
            ev_lost_milli: 0,
            hands: 0,
            net: 0,
            refills: 0,
        }
    }
}

impl Stored for Bank {
    fn encode(&self) -> Vec<(&'static str, String)> {
        vec![
            ("chips", self.chips.to_string()),
            ("decisions", self.decisions.to_string()),
            ("best", self.best_plays.to_string()),
            ("lost", self.ev_lost_milli.to_string()),
            ("hands", self.hands.to_string()),
            ("net", self.net.to_string()),
            ("refills", self.refills.to_string()),
        ]
    }
    /// Limits are checked here, at load: chips within 0 to `MAX_CHIPS`, no more best plays
    /// than decisions, no negative loss.
    fn decode(f: &Fields) -> Option<Self> {
        let bank = Bank {
            chips: f.parse("chips")?,
            decisions: f.parse("decisions")?,
            best_plays: f.parse("best")?,
            ev_lost_milli: f.parse("lost")?,
            // Added later: a bank saved before them starts these at zero.
            hands: f.parse("hands").unwrap_or(0),
            net: f.parse("net").unwrap_or(0),
            refills: f.parse("refills").unwrap_or(0),
        };
        let sane =
            (0..=MAX_CHIPS).contains(&bank.chips) && bank.best_plays <= bank.decisions && bank.ev_lost_milli >= 0;
        sane.then_some(bank)
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
    Act {
        action: Action,
        at: usize,
    },
    /// A new bankroll when the player cannot cover the minimum bet: a fresh shoe (this seed).
    Refill {
        seed: u64,
    },
    Dismiss,
}

impl CasinoState {
    pub fn new(choice: Choice, seed: u64, bank: Bank) -> CasinoState {
        // No free chips: a player who sits down broke is offered a new bankroll, counted.
        let chips = bank.chips.clamp(0, MAX_CHIPS);
        // Bots bet the minimum; the player starts with the minimum bet in place. A choice the
        // form never offers becomes the default table (which always opens with these chips).
        let choice = if choice.check().is_ok() { choice } else { Choice::default() };
        let game = new_table(choice, seed, chips).expect("a valid choice and chips in range open a table");
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

    /// A saved table, checked whole (choice, chips, every action code) before it is replayed.
    pub fn restore(s: &StoredCasino, bank: Bank) -> Result<CasinoState, String> {
        let game = save::restore(s.choice, s.seed, s.chips, &s.log).map_err(|e| e.to_string())?;
        let chips = game.bankrolls()[0];
        Ok(CasinoState {
            choice: s.choice,
            seed: s.seed,
            start_chips: s.chips,
            game,
            log: Vec::new(),
            notice: None,
            verdict: None,
            bank: Bank { chips, ..bank },
        })
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

    /// The player's bet on the spot.
    pub fn bet(&self) -> i64 {
        self.game.spots()[HUMAN_SPOT as usize].bet
    }

    /// What the player owns: the chips, plus a bet still only placed (before the deal).
    pub fn worth(&self) -> i64 {
        self.chips() + if self.game.phase() == Phase::Betting { self.bet() } else { 0 }
    }

    /// Out of chips: nothing on the spot and not enough for the smallest bet.
    pub fn broke(&self) -> bool {
        self.game.phase() == Phase::Betting && self.worth() < self.game.rules().min_bet
    }

    /// The player's net result for a settled round, in cents: every hand and the insurance.
    pub fn round_net(&self) -> Option<i64> {
        if self.game.phase() != Phase::Settled {
            return None;
        }
        let s = &self.game.spots()[HUMAN_SPOT as usize];
        if s.hands.is_empty() {
            return None;
        }
        let hands: i64 = s.hands.iter().map(|h| h.returned - h.stake).sum();
        let dealer: Vec<_> = self.game.dealer_visible().into_iter().flatten().collect();
        let insurance = match s.insurance {
            0 => 0,
            i if is_two_card_21(&dealer) => 2 * i,
            i => -i,
        };
        Some(hands + insurance)
    }

    /// The trainer's values for the player's current decision, best first.
    pub fn hint(&self) -> Option<Vec<(Play, f64)>> {
        let Phase::Playing { spot, hand } = self.game.phase() else { return None };
        if spot != HUMAN_SPOT {
            return None;
        }
        let view = self.game.view(spot);
        let h = view.hands.get(hand as usize)?;
        let up = view.dealer_up()?;
        let mut extra = h.cards.clone();
        extra.push(up);
        let shoe = unseen_plus(&view, &extra);
        Some(values(&view.rules, shoe, &h.cards, up, Allowed::of(&view)))
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
    let me = |s: Spot| s == HUMAN_SPOT;
    let who = |s: Spot| if me(s) { "You" } else { spot_name(s) };
    // "You win" / "Ada wins".
    let verb = |s: Spot, v: &str| format!("{} {v}{}", who(s), if me(s) { "" } else { "s" });
    Some(match e {
        Event::Shuffled { .. } => "The dealer shuffles and a player places the cut card.".into(),
        Event::CutCardOut => "The cut card is out: a shuffle after this round.".into(),
        Event::ShoeRefilled { .. } => "The shoe ran out: the dealer shuffles the discards to finish the round.".into(),
        Event::RoundCalledOff => "No cards are left anywhere: the round is called off and every bet comes back.".into(),
        Event::DealerUp { card } => format!("The dealer shows the {}.", card.name()),
        Event::InsuranceOffered => "The dealer shows an ace: insurance?".into(),
        Event::Insured { spot, amount } if *amount > 0 => format!("{} for {}.", verb(*spot, "insure"), money(*amount)),
        Event::BlackjackPaid { spot, amount } => format!("Blackjack! {} {}.", verb(*spot, "win"), money(*amount)),
        Event::Surrendered { spot, .. } => format!("{}.", verb(*spot, "surrender")),
        Event::Split { spot, .. } => format!("{} the pair.", verb(*spot, "split")),
        Event::Doubled { spot, amount, .. } => format!("{} for {}.", verb(*spot, "double"), money(*amount)),
        Event::Bust { spot, .. } => format!("{}.", verb(*spot, "bust")),
        Event::HoleRevealed { card } => format!("The dealer turns the {}.", card.name()),
        Event::DealerDraws { card } => format!("The dealer draws the {}.", card.name()),
        Event::DealerStands { total } => format!("The dealer stands on {total}."),
        Event::DealerBusts => "The dealer busts.".into(),
        Event::DealerBlackjack => "The dealer has blackjack.".into(),
        Event::InsurancePaid { spot, amount } => format!("Insurance pays {} {}.", who(*spot), money(*amount)),
        Event::InsuranceLost { spot, amount } if me(*spot) => format!("You lose the {} insurance.", money(*amount)),
        Event::Settled { spot, outcome, net, .. } => {
            format!("{}: {}, {}.", who(*spot), outcome_word(*outcome), signed_money(*net))
        }
        _ => return None,
    })
}

/// The outcome in one lower-case word, as the log says it.
pub fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Blackjack => "blackjack",
        Outcome::Win => "win",
        Outcome::Push => "push",
        Outcome::Lose => "lose",
        Outcome::Bust => "bust",
        Outcome::Surrender => "surrender",
    }
}

/// "+$7.50", "−$10" (a true minus sign), "$0".
pub fn signed_money(cents: i64) -> String {
    match cents {
        0 => "$0".into(),
        c if c > 0 => format!("+{}", money(c)),
        c => format!("\u{2212}{}", money(-c)),
    }
}

impl Reducible for CasinoState {
    type Action = Msg;

    fn reduce(self: Rc<Self>, msg: Msg) -> Rc<Self> {
        match msg {
            Msg::Dismiss => Rc::new(CasinoState { notice: None, ..(*self).clone() }),
            Msg::Refill { seed } if self.broke() => {
                let bank = Bank {
                    chips: TableSpec::default().starting_bankroll,
                    refills: self.bank.refills + 1,
                    ..self.bank.clone()
                };
                let mut next = CasinoState::new(self.choice, seed, bank);
                next.log = self.log.clone();
                next.log.push(format!("A new bankroll: {}, and a fresh shoe.", money(next.worth())));
                Rc::new(next)
            }
            Msg::Refill { .. } => self,
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
                                next.bank.decisions = next.bank.decisions.saturating_add(1);
                                let hand = label.unwrap_or_default();
                                if played == best || lost < 1e-9 {
                                    next.bank.best_plays = next.bank.best_plays.saturating_add(1);
                                    next.verdict = Some(format!("{} with {hand}: the best play.", played.name()));
                                } else {
                                    let milli = (lost * 1000.0).round() as i64;
                                    next.bank.ev_lost_milli = next.bank.ev_lost_milli.saturating_add(milli);
                                    next.verdict = Some(format!(
                                        "{} with {hand}: {} was better, by {}.",
                                        played.name(),
                                        best.name(),
                                        of_a_bet(milli)
                                    ));
                                }
                            }
                        }
                        if let (Some(net), None) = (next.round_net(), self.round_net()) {
                            next.bank.hands += 1;
                            next.bank.net += net;
                        }
                        next.bank.chips = next.worth();
                    }
                    Err(e) => next.notice = Some(e.reason.to_string()),
                }
                Rc::new(next)
            }
        }
    }
}
