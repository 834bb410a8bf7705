//! What one seat's screen shows, built from that seat's [`SeatUpdate`]s alone: its view, the
//! log, each seat's latest act, the rounds of a match. It never holds the [`Game`]: a local
//! table (`state.rs`, which holds the game) and a table with friends feed the same screen, and
//! the views (`seats.rs`, `centre.rs`, `controls.rs`, `end.rs`, `hand.rs`) draw from it.
//!
//! [`Game`]: crate::engine::shedding::Game

use super::words;
use crate::bots::shedding::Level;
use crate::engine::shedding::{Action, Event, PenaltyReason, Phase, Seat, SeatUpdate, SeatView};

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
    /// The penalties this seat paid since its person last moved (the banner names them all: two
    /// that land together are both explained).
    pub owed: Vec<(PenaltyReason, u8)>,
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
            owed: Vec::new(),
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

    /// Where `seat` sits on this screen's felt ([`position`]): turned so that the
    /// screen's own seat is at the bottom, above its hand (a friend at seat 2, or the person a
    /// shared screen shows), the others in seat order clockwise from it.
    pub fn place(&self, seat: Seat) -> (i32, i32) {
        let n = self.players().max(1);
        position((seat % n + n - self.me() % n) % n, n)
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
        // (a call-out or the clock costs cards too); any more before that move join it.
        if mine.is_some() {
            self.owed.clear();
        }
        let paid = words::penalties_of(self.me(), &events);
        if !paid.is_empty() || mine.is_some() {
            self.owed.extend(paid);
            self.notice = words::penalty_banner(&before, mine, &self.owed);
        }
        let names = &self.names;
        // A call-out shown to be false says whose cards went back and who pays: the call-out is
        // in the view the dispute was made from.
        let line = |e: &Event| match e {
            Event::DisputeUpheld { id, by } => {
                before.accusations.get(*id as usize).map(|a| words::upheld(names, *by, a))
            }
            e => words::describe(names, e),
        };
        crate::ui::text::extend_log(&mut self.log, &events, line, 60);
        self.absorb(&before, &events);
        self.recent = events;
    }

    /// Shows another seat's view of the same moment (pass-and-play hands the screen on), or a
    /// seat's view whole after a rejoin: nothing happened, so nothing is logged or animated.
    pub fn show(&mut self, update: SeatUpdate) {
        self.view = update.view;
        self.recent.clear();
        self.notice = None;
        self.owed.clear();
    }

    /// A turn move of this screen's person landed after their turn timed out (a tap in flight
    /// as the ring ran out): it was not played. Said with what the timeout cost.
    pub fn late(&mut self) {
        self.notice = Some(words::late_tap(words::penalty_banner(&self.view, None, &self.owed)));
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
                // The target of a call-out shown to be false: the cards went back (its badge said
                // "+7: no Last card" until now).
                Event::DisputeUpheld { id, .. } => match before.accusations.get(*id as usize) {
                    Some(a) => (a.target, Some(Act { at, text: words::returned(a.cards), kind: "call" })),
                    None => continue,
                },
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

/// sin of a whole angle in degrees, ×1000 (Bhaskara's approximation, off by under 0.2%).
fn sin_milli(deg: i32) -> i32 {
    let d = deg.rem_euclid(360);
    let (d, sign) = if d > 180 { (d - 180, -1) } else { (d, 1) };
    let p = d * (180 - d);
    sign * 4000 * p / (40500 - p)
}

/// Where seat `k` of `n` sits on the felt, in thousandths of its width and height: seat k at
/// 90° + k·360°/n (the player at the bottom), so play with seat numbers goes clockwise on the
/// screen, to the player's left.
pub fn position(k: u8, n: u8) -> (i32, i32) {
    let deg = 90 + (k as i32 * 360 + n as i32 / 2) / n.max(1) as i32;
    (500 + 430 * sin_milli(deg + 90) / 1000, 500 + 400 * sin_milli(deg) / 1000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shedding::{Game, Preset};

    #[test]
    fn each_screen_has_its_own_seat_at_the_bottom_and_the_next_seats_clockwise_from_it() {
        let game = Game::new(Preset::Taylor.rules(), 4, 3).unwrap();
        let bottom = position(0, 4);
        assert!(bottom.1 > 800, "seat 0 of a local table sits at the bottom: {bottom:?}");
        for me in 0..4u8 {
            let s = SeatScreen::new(vec!["A".into(); 4], vec![None; 4], game.update_for(me).unwrap());
            let places: Vec<_> = (0..4).map(|k| s.place((me + k) % 4)).collect();
            let expected: Vec<_> = (0..4).map(|k| position(k, 4)).collect();
            assert_eq!(places, expected, "the screen of seat {me}");
        }
    }
}
