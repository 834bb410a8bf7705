//! What one seat's UNO Blackjack screen shows, built from that seat's [`SeatUpdate`]s alone: its
//! view, the log, each seat's revealed cards and latest act (kept on the felt after the round's
//! reward until the next round starts), the cards that just moved, the last round's result and
//! each player's exit round. It never holds the [`Game`]: a table on this device (`state.rs`,
//! which holds the game) and a table with friends feed the same screen, and the views
//! (`table.rs`) draw from it.
//!
//! [`Game`]: crate::engine::uno::Game

use super::words::{describe, mark, name};
use crate::bots::shedding::Level;
use crate::engine::uno::{Action, Event, Phase, Seat, SeatUpdate, Status, UnoCard, UnoView};

#[derive(Clone, Debug, PartialEq)]
pub struct UnoScreen {
    /// The table's names, seat by seat ("You" for the one person at a table of bots).
    pub names: Vec<String>,
    /// Each seat's bot level, `None` for a person (the table's setting, which every seat may know).
    pub levels: Vec<Option<Level>>,
    /// The house rule "a pass lasts one go-around" (a pass is final for the round without it).
    pub pass_again: bool,
    /// The seat's view after the latest update.
    pub view: UnoView,
    /// The number of actions applied so far: a move made from this screen is stamped with it.
    pub state_id: u32,
    /// Readable lines, oldest first.
    pub log: Vec<String>,
    /// Why this seat's last move was refused.
    pub notice: Option<String>,
    /// Each seat's revealed cards this round (a bust stays shown, marked), kept until the next round.
    pub shown: Vec<Vec<UnoCard>>,
    pub totals: Vec<u8>,
    /// Each seat's latest act: "hit: 7 → 18", "passed", "bust!". Cleared when the seat's turn
    /// comes round again (it is deciding now; "skipped" from the last go-round no longer holds).
    pub acts: Vec<SeatAct>,
    /// The cards the latest update turned up (they travel from the deck or the queue).
    pub fresh: Vec<Fresh>,
    pub last: Option<RoundEnd>,
    /// The round in which each player went out.
    pub out_round: Vec<Option<u32>>,
    /// A table with friends: the other people are at their own screens, so this one is never
    /// shared and only its own seat's person counts.
    pub online: bool,
}

/// A card that just arrived on a seat's stack: where it came from, in the order of the flips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fresh {
    pub seat: Seat,
    pub index: usize,
    pub from_deck: bool,
}

/// A seat's latest act as its seat shows it: what it did ("hit", "passed") and what a wide seat
/// adds (": 7 → 18"; a phone's seat has room for the word alone, and shows the card and the
/// total just above it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatAct {
    pub what: String,
    pub detail: String,
    /// The seat did not play ("skipped", "passed"): when its turn comes, that is over.
    pub sat_out: bool,
}

impl SeatAct {
    fn new(what: impl Into<String>) -> SeatAct {
        SeatAct { what: what.into(), ..SeatAct::default() }
    }

    fn sat_out(what: &str) -> SeatAct {
        SeatAct { sat_out: true, ..SeatAct::new(what) }
    }
}

/// How the last round ended: its winners, their total and the cards each took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    pub round: u32,
    pub winners: Vec<Seat>,
    pub total: u8,
    pub rewards: Vec<u8>,
}

impl UnoScreen {
    /// A screen from a seat's first update (a new deal, or a seat that joins).
    pub fn new(names: Vec<String>, levels: Vec<Option<Level>>, pass_again: bool, first: SeatUpdate) -> UnoScreen {
        let n = first.view.statuses.len();
        let mut s = UnoScreen {
            names,
            levels,
            pass_again,
            view: first.view.clone(),
            state_id: first.state_id,
            log: Vec::new(),
            notice: None,
            shown: vec![Vec::new(); n],
            totals: vec![0; n],
            acts: vec![SeatAct::default(); n],
            fresh: Vec::new(),
            last: None,
            out_round: vec![None; n],
            online: false,
        };
        s.receive(first);
        s
    }

    /// The seat this screen shows.
    pub fn me(&self) -> Seat {
        self.view.seat
    }

    /// A seat's name at this table.
    pub fn name(&self, seat: Seat) -> &str {
        name(&self.names, seat)
    }

    /// A seat's bot level; `None` for a person.
    pub fn level(&self, seat: Seat) -> Option<Level> {
        self.levels.get(seat as usize).copied().flatten()
    }

    pub fn at(&self) -> usize {
        self.state_id as usize
    }

    pub fn players(&self) -> usize {
        self.view.statuses.len()
    }

    pub fn status(&self, seat: Seat) -> Status {
        self.view.statuses.get(seat as usize).copied().unwrap_or(Status::Out)
    }

    /// The seat whose turn it is to hit or pass, if the round's match is on.
    pub fn turn(&self) -> Option<Seat> {
        match self.view.phase {
            Phase::Match { turn } => Some(turn),
            _ => None,
        }
    }

    pub fn my_turn(&self) -> bool {
        self.turn() == Some(self.me())
    }

    pub fn is_over(&self) -> bool {
        matches!(self.view.phase, Phase::Over { .. })
    }

    /// Whether this seat takes part in the game still (not out, not yet waiting to join).
    pub fn i_am_in(&self) -> bool {
        matches!(self.status(self.me()), Status::Playing | Status::Joining { .. })
    }

    /// Whether any person at the table (this seat or, on a shared screen, another) takes part in
    /// the game still: with one person, [`Self::i_am_in`].
    pub fn people_in(&self) -> bool {
        if self.online {
            return self.i_am_in();
        }
        (0..self.players() as Seat)
            .any(|s| self.level(s).is_none() && matches!(self.status(s), Status::Playing | Status::Joining { .. }))
    }

    /// Several people share this screen (pass-and-play).
    pub fn shared(&self) -> bool {
        !self.online && self.levels.iter().filter(|l| l.is_none()).count() > 1
    }

    /// Whether this seat has nothing left to decide this round (bust, or passed for good).
    pub fn i_am_done(&self) -> bool {
        let me = self.me() as usize;
        let (busted, passed) = (self.view.busted.get(me), self.view.passed.get(me));
        self.turn().is_some() && (busted == Some(&true) || (passed == Some(&true) && !self.pass_again))
    }

    /// Whether the game would accept `action` now (the engine's own rule, read off the view).
    pub fn is_legal(&self, action: Action) -> bool {
        self.view.is_legal(action)
    }

    /// Takes the update after an action: the view, and what the table shows of the events.
    pub fn receive(&mut self, update: SeatUpdate) {
        let (turn_before, acts_before) = (self.turn(), self.acts.clone());
        self.view = update.view;
        self.state_id = update.state_id;
        self.fresh.clear();
        // A reveal starts with its round; any other flip is a hit (a Draw card's penalty flip
        // happens only in the reveal, after the card that caused it).
        let reveal = update.events.iter().any(|e| matches!(e, Event::RoundStarts { .. }));
        let mut drawn = None;
        for e in &update.events {
            self.note(reveal, e, &mut drawn);
        }
        // The seat whose turn has just come is deciding now: what it did before ("hit" a
        // go-round ago) or that it sat out ("skipped" in the reveal, "passed") would read as its
        // answer to "hit or pass?". A card it turned up in this update stays.
        if let Some(t) = self.turn().filter(|&t| turn_before != Some(t)) {
            if let (Some(act), Some(before)) = (self.acts.get_mut(t as usize), acts_before.get(t as usize)) {
                if act == before || act.sat_out {
                    *act = SeatAct::default();
                }
            }
        }
        let names = &self.names;
        crate::ui::text::extend_log(&mut self.log, &update.events, |e| describe(names, e), 60);
    }

    /// A move of this screen's person was refused (or, `None`, a move was accepted): why.
    pub fn refused(&mut self, why: Option<String>) {
        self.notice = why;
    }

    fn note(&mut self, reveal: bool, e: &Event, drawn: &mut Option<Seat>) {
        // The stacks this screen keeps (sized by its first update; `net::Reader` lets no update
        // of another size through, and a flip past them is dropped here either way).
        let n = self.shown.len().min(self.totals.len());
        let mut act = |seat: Seat, what: SeatAct| {
            if let Some(a) = self.acts.get_mut(seat as usize) {
                *a = what;
            }
        };
        match e {
            Event::RoundStarts { round, .. } => {
                self.shown.iter_mut().for_each(Vec::clear);
                self.totals.iter_mut().for_each(|t| *t = 0);
                self.acts.iter_mut().for_each(|a| *a = SeatAct::default());
                self.last = Some(RoundEnd { round: *round, winners: Vec::new(), total: 0, rewards: Vec::new() });
            }
            Event::Flipped { seat, card, from_deck, total } if (*seat as usize) < n => {
                let how = match () {
                    _ if *drawn == Some(*seat) => "draw 1",
                    _ if !reveal => "hit",
                    _ => "flip",
                };
                act(*seat, SeatAct { detail: format!(": {} → {total}", mark(*card)), ..SeatAct::new(how) });
                let s = *seat as usize;
                self.shown[s].push(*card);
                self.totals[s] = *total;
                self.fresh.push(Fresh { seat: *seat, index: self.shown[s].len() - 1, from_deck: *from_deck });
            }
            Event::DrawPenalty { seat } => *drawn = Some(*seat),
            Event::Skipped { seat } => act(*seat, SeatAct::sat_out("skipped")),
            Event::Bust { seat, .. } => act(*seat, SeatAct::new("bust!")),
            Event::Passed { seat } => act(*seat, SeatAct::sat_out("passed")),
            Event::NoCards { seat } => act(*seat, SeatAct::new("no cards")),
            Event::Winners { seats, total } => {
                for &s in seats {
                    act(s, SeatAct { detail: format!(" with {total}"), ..SeatAct::new("wins") });
                }
                if let Some(l) = &mut self.last {
                    l.winners = seats.clone();
                    l.total = *total;
                    l.rewards = vec![0; seats.len()];
                }
            }
            Event::Rewarded { seat, cards } => {
                act(*seat, SeatAct::new(format!("won +{cards}")));
                if let Some(l) = &mut self.last {
                    if let Some(i) = l.winners.iter().position(|w| w == seat) {
                        l.rewards[i] = *cards;
                    }
                }
            }
            Event::Joined { seat } => act(*seat, SeatAct::new("joins")),
            Event::EarnedQueue { seat } => act(*seat, SeatAct::new("has a queue")),
            Event::Out { seat } => {
                // The seat's tag says "out"; its act says why, not the same word again.
                act(*seat, SeatAct::new("no cards left"));
                if let Some(o) = self.out_round.get_mut(*seat as usize) {
                    *o = Some(self.view.round);
                }
            }
            _ => {}
        }
    }
}
