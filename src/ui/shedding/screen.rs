//! What one seat's screen shows, built from that seat's [`SeatUpdate`]s alone: its view, the
//! log, each seat's latest act, the rounds of a match. It never holds the [`Game`]: a local
//! table (`state.rs`, which holds the game) and a table with friends feed the same screen, and
//! the views (`seats.rs`, `centre.rs`, `controls.rs`, `end.rs`, `hand.rs`) draw from it.
//!
//! [`Game`]: crate::engine::shedding::Game

use super::words;
use crate::bots::shedding::Level;
use crate::engine::shedding::{Action, Event, Phase, Seat, SeatUpdate, SeatView};

#[derive(Clone, Debug, PartialEq)]
pub struct SeatScreen {
    /// Every seat's name, as this screen says it: the seat named "You" is spoken to.
    pub names: Vec<String>,
    /// Each seat's bot level; `None` for a person.
    pub levels: Vec<Option<Level>>,
    /// The seat's view after the latest update.
    pub view: SeatView,
    /// The events of the latest update: the table animates them (keyed by state id).
    pub recent: Vec<Event>,
    /// Readable lines, oldest first.
    pub log: Vec<String>,
    /// Why this seat's last move was refused, or what it cost.
    pub notice: Option<String>,
    /// Each seat's latest act, shown at the seat.
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

impl SeatScreen {
    /// A screen from a seat's first update (a new deal: the cards are dealt out visibly).
    pub fn new(names: Vec<String>, levels: Vec<Option<Level>>, first: SeatUpdate) -> SeatScreen {
        let view = first.view;
        let players = view.hand_sizes.len();
        let dealt = Event::Dealt {
            round: view.round,
            dealer: view.dealer,
            seats: (0..players as Seat).collect(),
            hand_size: view.hand.len() as u8,
            starter: view.top(),
        };
        let log = vec![format!(
            "{}. {}.",
            words::who(&names, view.dealer, "deals"),
            words::who(&names, view.current, "starts")
        )];
        SeatScreen {
            names,
            levels,
            view,
            recent: vec![dealt],
            log,
            notice: None,
            acts: vec![None; players],
            rounds: Vec::new(),
            between_rounds: false,
        }
    }

    /// The seat this screen shows.
    pub fn me(&self) -> Seat {
        self.view.seat
    }

    pub fn at(&self) -> u32 {
        self.view.state_id
    }

    pub fn players(&self) -> Seat {
        self.view.hand_sizes.len() as Seat
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.names.get(seat as usize).map_or("", String::as_str)
    }

    pub fn winner(&self) -> Option<Seat> {
        match self.view.phase {
            Phase::Over { winner } => Some(winner),
            Phase::Playing => None,
        }
    }

    /// Takes an update after an action. `mine` is the move this screen's person made, when the
    /// update answers it: a card it cost is explained in full.
    pub fn receive(&mut self, update: SeatUpdate, mine: Option<Action>) {
        let before = std::mem::replace(&mut self.view, update.view);
        let events = update.events;
        // A penalty of this person's is explained until their next move, whoever moves in between
        // (a call-out or the clock costs cards too).
        let banner = words::penalty_banner(&before, self.me(), mine, &events);
        if banner.is_some() || mine.is_some() {
            self.notice = banner;
        }
        let names = &self.names;
        crate::ui::text::extend_log(&mut self.log, &events, |e| words::describe(names, e), 60);
        self.absorb(&before, &events);
        self.recent = events;
    }

    /// Shows another seat's view of the same moment (pass-and-play hands the screen on), or a
    /// seat's view whole after a rejoin: nothing happened, so nothing is logged or animated.
    pub fn show(&mut self, update: SeatUpdate) {
        self.view = update.view;
        self.recent.clear();
        self.notice = None;
    }

    /// A move of this screen's person was refused: why, in players' words.
    pub fn refused(&mut self, why: String) {
        self.notice = Some(crate::ui::text::capitalise(&why));
    }

    /// Keeps what the table shows besides the view: each seat's latest act and the rounds' ends.
    fn absorb(&mut self, before: &SeatView, events: &[Event]) {
        let at = self.view.state_id;
        for e in events {
            let (seat, act) = match e {
                Event::Dealt { .. } => {
                    self.acts.iter_mut().for_each(|a| *a = None);
                    continue;
                }
                Event::RoundOver { places, scores, .. } => {
                    // Cards left when the round ended: the hands before the last action, less
                    // the cards of anyone who went out with it.
                    let cards_left = (0..before.hand_sizes.len())
                        .map(|s| {
                            let out =
                                events.iter().any(|e| matches!(e, Event::WentOut { seat, .. } if *seat as usize == s));
                            if out {
                                0
                            } else {
                                before.hand_sizes[s]
                            }
                        })
                        .collect();
                    self.rounds.push(RoundEnd {
                        places: places.clone(),
                        cards_left,
                        scores: scores.clone(),
                        tie_break: before.tie_break,
                    });
                    self.between_rounds = self.winner().is_none();
                    continue;
                }
                e => match words::act(&self.names, e) {
                    Some((seat, text, kind)) => (seat, Some(Act { at, text, kind })),
                    None => continue,
                },
            };
            if let Some(slot) = self.acts.get_mut(seat as usize) {
                *slot = act;
            }
        }
    }
}
