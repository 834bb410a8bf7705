//! What one seat receives after each action: its view and the action's events as that seat may
//! learn them ([`SeatUpdate`]). The host holds the [`Game`]; a table renders from updates only.
//!
//! Every UNO Blackjack event is public. The cards nobody sees are the queues (a player's own
//! too: they are face down) and the deck: a card is named only by [`Event::Flipped`], when it
//! is turned face up onto a stack, and cards that go face down (a reward into a queue, the
//! trash shuffled into the deck) are counts. So [`Event::for_seat`] gives every seat the event
//! as it is, written out variant by variant so that an event added later is decided on here.
//!
//! [`UnoView`] is defined beside the game without serde; its wire form is written here
//! ([`UnoViewDef`]).

use super::cards::UnoCard;
use super::game::{Event, Game, Phase, Seat, Status, UnoView};
use super::rules::SkipValue;
use crate::engine::feed::{check_seat, Fits, NoSuchSeat, Shape, Unfit};
use serde::{Deserialize, Serialize};

/// Everything a table needs to draw one seat's screen after an action: the seat's view and what
/// happened, as the seat may know it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatUpdate {
    /// The number of actions applied so far (the UNO page's state id): a move made from this
    /// update is stamped with it, so a move made against an older state is dropped.
    pub state_id: u32,
    /// Exactly `game.view(seat)`.
    #[serde(with = "UnoViewDef")]
    pub view: UnoView,
    /// The action's events as this seat may learn them ([`Event::for_seat`]), in order; empty
    /// for a seat that (re)joins.
    pub events: Vec<Event>,
}

impl SeatUpdate {
    /// The update's table, if everything in it fits that table: one entry a seat in every
    /// per-seat list, every seat it names (the turn, the starter, winners, every event's) one
    /// the table has, at a table of 2 to 10 (what [`super::UnoRules`] allows). The check of an
    /// update read from a host before a friend's screen takes it (`net::Reader`).
    ///
    /// ```
    /// use blackjack::engine::feed::Unfit;
    /// use blackjack::engine::uno::{Game, UnoRules};
    ///
    /// let game = Game::new(UnoRules::seed_rules(), 3, 8).unwrap();
    /// let mut u = game.update_for(1).unwrap();
    /// assert_eq!(u.shape().map(|s| (s.seat, s.seats)), Ok((1, 3)));
    /// u.view.busted.pop();
    /// assert!(matches!(u.shape(), Err(Unfit::Length { .. })));
    /// ```
    ///
    /// # Errors
    /// The first thing found that does not fit ([`Unfit`]).
    pub fn shape(&self) -> Result<Shape, Unfit> {
        let v = &self.view;
        let fits = Fits::new(v.statuses.len(), 2, 10)?;
        fits.list("queues", v.queue_sizes.len())?;
        fits.list("stacks", v.stacks.len())?;
        fits.list("busts", v.busted.len())?;
        fits.list("passes", v.passed.len())?;
        fits.seat("the starter", v.starter)?;
        match &v.phase {
            Phase::RoundStart => {}
            Phase::Match { turn } => fits.seat("the turn", *turn)?,
            Phase::Over { winners } => fits.seats("the winners", winners)?,
        }
        for e in &self.events {
            match e {
                Event::RoundStarts { starter: seat, .. }
                | Event::Flipped { seat, .. }
                | Event::DrawPenalty { seat }
                | Event::Skipped { seat }
                | Event::Bust { seat, .. }
                | Event::Passed { seat }
                | Event::NoCards { seat }
                | Event::Rewarded { seat, .. }
                | Event::Joined { seat }
                | Event::EarnedQueue { seat }
                | Event::Out { seat } => fits.seat("an event", *seat)?,
                Event::Winners { seats, .. } | Event::GameOver { winners: seats } => fits.seats("an event", seats)?,
                Event::Reversed { .. } | Event::TrashShuffled { .. } | Event::RoundLimit { .. } => {}
            }
        }
        fits.shape(v.seat)
    }
}

impl Event {
    /// What `seat` may learn from this event. Every UNO Blackjack event is public (see the
    /// module doc), so each seat learns it whole; the seat is asked for so that the host
    /// redacts per seat, and an event with a private part would be redacted here.
    pub fn for_seat(&self, _seat: Seat) -> Event {
        match self {
            // A card flipped lands face up on a stack, whether from a queue or the deck.
            Event::Flipped { .. } => self.clone(),
            // A bust collects a stack everyone saw; a reward goes into a queue as a count; the
            // trash shuffled into the deck is a count, never an order.
            Event::Bust { .. } | Event::Rewarded { .. } | Event::TrashShuffled { .. } => self.clone(),
            // Turns, directions, passes and results: seats and totals the whole table sees.
            Event::RoundStarts { .. }
            | Event::DrawPenalty { .. }
            | Event::Skipped { .. }
            | Event::Reversed { .. }
            | Event::Passed { .. }
            | Event::NoCards { .. }
            | Event::Winners { .. }
            | Event::Joined { .. }
            | Event::EarnedQueue { .. }
            | Event::Out { .. }
            | Event::RoundLimit { .. }
            | Event::GameOver { .. } => self.clone(),
        }
    }
}

impl Game {
    /// The UNO page's state id: the number of actions applied (saturating; a log is far
    /// shorter than `u32::MAX`).
    pub fn state_id(&self) -> u32 {
        u32::try_from(self.log().len()).unwrap_or(u32::MAX)
    }

    /// What `seat` receives after an action that produced `events`.
    ///
    /// # Errors
    /// [`NoSuchSeat`] for a seat the table does not have.
    pub fn update_after(&self, seat: Seat, events: &[Event]) -> Result<SeatUpdate, NoSuchSeat> {
        let seat = check_seat(seat, self.players().len())?;
        Ok(SeatUpdate {
            state_id: self.state_id(),
            view: self.view(seat),
            events: events.iter().map(|e| e.for_seat(seat)).collect(),
        })
    }

    /// What a seat that joins (or rejoins) the table now receives: its view, no events.
    ///
    /// # Errors
    /// [`NoSuchSeat`] for a seat the table does not have.
    pub fn update_for(&self, seat: Seat) -> Result<SeatUpdate, NoSuchSeat> {
        self.update_after(seat, &[])
    }
}

/// The wire form of [`UnoView`], field for field (serde's remote derive: a field added to the
/// view must be added here, or this does not compile).
#[derive(Serialize, Deserialize)]
#[serde(remote = "UnoView")]
struct UnoViewDef {
    seat: Seat,
    skip_value: SkipValue,
    phase: Phase,
    statuses: Vec<Status>,
    queue_sizes: Vec<u16>,
    stacks: Vec<Vec<UnoCard>>,
    busted: Vec<bool>,
    passed: Vec<bool>,
    deck: u16,
    trash: Vec<UnoCard>,
    total_cards: u16,
    starter: Seat,
    clockwise: bool,
    round: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::uno::{Action, UnoRules, UnoSpec};

    fn cards_in(value: &impl Serialize) -> Vec<UnoCard> {
        crate::engine::feed::cards_in(value)
    }

    fn card(s: &str) -> UnoCard {
        s.parse().unwrap()
    }

    /// Two seats with queues of three: seat 0 holds R9 R8 R3, seat 1 G9 G8 G3; the deck Y1 Y2 Y3.
    fn table() -> Game {
        let rules = UnoRules::new(UnoSpec { queue_size: 3, ..UnoSpec::default() }).unwrap();
        let deck = ["R9", "G9", "R8", "G8", "R3", "G3", "Y1", "Y2", "Y3"].map(card).to_vec();
        Game::with_deck(rules, 2, &[], deck).unwrap()
    }

    #[test]
    fn a_flip_is_public_and_the_queues_below_it_stay_hidden_even_from_their_owner() {
        let mut g = table();
        let events = g.apply(Action::Reveal).unwrap();
        for seat in 0..2 {
            let u = g.update_after(seat, &events).unwrap();
            let seen = cards_in(&u);
            assert!(seen.contains(&card("R9")) && seen.contains(&card("G9")), "both first flips: {seen:?}");
            for hidden in ["R8", "R3", "G8", "G3", "Y1", "Y2", "Y3"] {
                assert!(!seen.contains(&card(hidden)), "seat {seat} must not see {hidden}");
            }
            assert_eq!(u.view.queue_sizes, vec![2, 2]);
        }
    }

    #[test]
    fn a_hit_names_only_the_card_flipped() {
        let mut g = table();
        g.apply(Action::Reveal).unwrap();
        let events = g.apply(Action::Hit { seat: 0 }).unwrap();
        for seat in 0..2 {
            let seen = cards_in(&g.update_after(seat, &events).unwrap());
            assert!(seen.contains(&card("R8")));
            assert!(!seen.contains(&card("R3")) && !seen.contains(&card("Y1")), "{seen:?}");
        }
    }

    #[test]
    fn a_seat_that_rejoins_gets_the_view_it_would_have_had_and_no_events() {
        let mut g = table();
        let events = g.apply(Action::Reveal).unwrap();
        for seat in 0..2 {
            let rejoined = g.update_for(seat).unwrap();
            assert_eq!(rejoined.view, g.update_after(seat, &events).unwrap().view);
            assert_eq!(rejoined.view, g.view(seat));
            assert_eq!(rejoined.state_id, 1);
            assert!(rejoined.events.is_empty());
        }
    }

    #[test]
    fn a_seat_the_table_does_not_have_is_a_typed_error() {
        assert_eq!(table().update_for(2), Err(NoSuchSeat { seat: 2, seats: 2 }));
    }

    #[test]
    fn an_update_survives_its_json_form_unchanged() {
        let mut g = table();
        let events = g.apply(Action::Reveal).unwrap();
        let u = g.update_after(0, &events).unwrap();
        let back: SeatUpdate = serde_json::from_str(&serde_json::to_string(&u).unwrap()).unwrap();
        assert_eq!(back, u);
    }
}
