//! What one seat receives after each action: its view and the action's events as that seat may
//! learn them ([`SeatUpdate`]). The host holds the [`Game`]; a table renders from updates only,
//! so a local game and an online one are two sources of the same stream.
//!
//! Every shedding event is public. The engine never names a card that is face down: a pick-up
//! ([`Event::Drew`], [`Event::Penalty`], the cards of [`Event::Accused`]) is a count, a refill
//! is a count, and the cards an event names were laid face up (a play, the starter). So
//! [`Event::for_seat`] gives every seat the event as it is. It is written out variant by
//! variant, without a catch-all, so that an event added later is decided on here.
//!
//! What only the seat itself may see (its hand, hence the cards it has just picked up) is in its
//! [`SeatView`], never in an event: the events of one action are the same for every seat, and
//! the owner of a pick-up reads its new cards from the hand in the same update.

use super::action::{Event, Seat};
use super::game::{Game, Phase};
use super::view::SeatView;
use crate::engine::feed::{check_seat, ensure, Fits, NoSuchSeat, Shape, Unfit};
use serde::{Deserialize, Serialize};

/// Everything a table needs to draw one seat's screen after an action: the seat's view and what
/// happened, as the seat may know it. The same value reaches a seat at the host's own screen and
/// a seat across the network.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatUpdate {
    /// [`Game::state_id`] after the action: a move made from this update is stamped with it,
    /// so a move made against an older state is recognised and dropped.
    pub state_id: u32,
    /// Exactly `game.view(seat)`.
    pub view: SeatView,
    /// The action's events as this seat may learn them ([`Event::for_seat`]), in order; empty
    /// for a seat that (re)joins, which starts from its view.
    pub events: Vec<Event>,
}

impl SeatUpdate {
    /// The update's table, if everything in it fits that table: as many seats as its rules
    /// allow, one entry a seat in every per-seat list, every seat it names (the seat to move, the
    /// dealer, the winner, those finished, call-outs, every event's) one the table has, a face-up
    /// card on the pile, and a round's scores for every seat. The check of an update read from a
    /// host (its rules put back from the welcome) before a friend's screen takes it
    /// (`net::Reader`).
    ///
    /// ```
    /// use blackjack::engine::feed::Unfit;
    /// use blackjack::engine::shedding::{Game, Preset};
    ///
    /// let game = Game::new(Preset::Taylor.rules(), 3, 42).unwrap();
    /// let mut u = game.update_for(2).unwrap();
    /// assert_eq!(u.shape().map(|s| (s.seat, s.seats)), Ok((2, 3)));
    /// u.view.current = 3;
    /// assert!(matches!(u.shape(), Err(Unfit::NoSuchSeat { seat: 3, .. })));
    /// ```
    ///
    /// # Errors
    /// The first thing found that does not fit ([`Unfit`]).
    pub fn shape(&self) -> Result<Shape, Unfit> {
        let v = &self.view;
        let spec = v.rules.spec();
        let fits = Fits::new(v.hand_sizes.len(), spec.min_players.into(), spec.max_players.into())?;
        fits.list("seats in the round", v.in_round.len())?;
        fits.list("scores", v.scores.len())?;
        fits.list_for_each("calls", v.calls.len())?;
        fits.list_for_each("known cards", v.known.len())?;
        fits.list_for_each("voids", v.voids.len())?;
        fits.list_for_each("last turns", v.last_turns.len())?;
        fits.seat("the seat to move", v.current)?;
        fits.seat("the dealer", v.dealer)?;
        fits.seats("those finished", &v.finished)?;
        if let Phase::Over { winner } = v.phase {
            fits.seat("the winner", winner)?;
        }
        for a in &v.accusations {
            fits.seats("a call-out", &[a.accuser, a.target])?;
        }
        ensure(!v.pile.is_empty(), "pile without its top card")?;
        for e in &self.events {
            match e {
                Event::Dealt { dealer, seats, .. } => {
                    fits.seat("an event", *dealer)?;
                    fits.seats("an event", seats)?;
                }
                Event::RoundOver { places, scores, .. } => {
                    fits.seats("an event", places)?;
                    fits.list("a round's scores", scores.len())?;
                }
                Event::TieBreak { seats } => fits.seats("an event", seats)?,
                Event::Played { seat, .. }
                | Event::SuitNamed { seat, .. }
                | Event::Drew { seat, .. }
                | Event::Passed { seat }
                | Event::Penalty { seat, .. }
                | Event::Skipped { seat }
                | Event::TurnStarts { seat }
                | Event::CalledLastCard { seat }
                | Event::MissedLastCard { seat }
                | Event::Said { seat, .. }
                | Event::DisputeUpheld { by: seat, .. }
                | Event::DisputeRejected { by: seat, .. }
                | Event::OutOfTurn { seat }
                | Event::WentOut { seat, .. }
                | Event::GameOver { winner: seat } => fits.seat("an event", *seat)?,
                Event::Accused { accuser, target, .. } => fits.seats("an event", &[*accuser, *target])?,
                Event::Refilled { .. }
                | Event::PickUpPending { .. }
                | Event::PickUpCleared
                | Event::Reversed { .. }
                | Event::TurnLimit { .. } => {}
            }
        }
        fits.shape(v.seat)
    }
}

impl Event {
    /// What `seat` may learn from this event. Every shedding event is public (see the module
    /// doc), so each seat learns it whole; the seat is asked for so that the host redacts per
    /// seat, and an event with a private part would be redacted here without changing a caller.
    pub fn for_seat(&self, _seat: Seat) -> Event {
        match self {
            // The starter is turned face up; the rest is who deals and how many cards each gets.
            Event::Dealt { .. } => self.clone(),
            // A card laid is face up (a wrong card and one played out of turn too).
            Event::Played { .. } => self.clone(),
            // Pick-ups and penalties are counts: which cards were taken is only in the taker's
            // hand (its view).
            Event::Drew { .. } | Event::Penalty { .. } => self.clone(),
            // A refill says how many cards and whether they were shuffled, never their order.
            Event::Refilled { .. } => self.clone(),
            // A call-out hands the target a count of cards, like a penalty.
            Event::Accused { .. } => self.clone(),
            // Round scores are public: the hands are counted face up at the end of a round.
            Event::RoundOver { .. } => self.clone(),
            // The rest carry seats, suits, counts and phrases: what everyone at the table sees
            // or hears.
            Event::SuitNamed { .. }
            | Event::Passed { .. }
            | Event::PickUpPending { .. }
            | Event::PickUpCleared
            | Event::Reversed { .. }
            | Event::Skipped { .. }
            | Event::TurnStarts { .. }
            | Event::CalledLastCard { .. }
            | Event::MissedLastCard { .. }
            | Event::Said { .. }
            | Event::DisputeUpheld { .. }
            | Event::DisputeRejected { .. }
            | Event::OutOfTurn { .. }
            | Event::WentOut { .. }
            | Event::TieBreak { .. }
            | Event::TurnLimit { .. }
            | Event::GameOver { .. } => self.clone(),
        }
    }
}

impl Game {
    /// What `seat` receives after an action that produced `events`: its view of the game as it
    /// now stands and the events redacted for it.
    ///
    /// ```
    /// use blackjack::engine::shedding::{Game, Preset};
    ///
    /// let mut game = Game::new(Preset::Taylor.rules(), 3, 42).unwrap();
    /// let events = game.apply(game.legal_actions()[0]).unwrap();
    /// // Each seat's screen is drawn from its own update: its view and the events for it.
    /// for seat in 0..3 {
    ///     let update = game.update_after(seat, &events).unwrap();
    ///     assert_eq!(update.view, game.view(seat));
    ///     assert_eq!(update.state_id, game.state_id());
    /// }
    /// // A seat that (re)joins starts from its view alone.
    /// assert!(game.update_for(1).unwrap().events.is_empty());
    /// assert!(game.update_for(3).is_err(), "a table of three has no seat 3");
    /// ```
    ///
    /// # Errors
    /// [`NoSuchSeat`] for a seat the table does not have.
    pub fn update_after(&self, seat: Seat, events: &[Event]) -> Result<SeatUpdate, NoSuchSeat> {
        let seat = check_seat(seat, self.players() as usize)?;
        Ok(SeatUpdate {
            state_id: self.state_id(),
            view: self.view(seat),
            events: events.iter().map(|e| e.for_seat(seat)).collect(),
        })
    }

    /// What a seat that joins (or rejoins) now receives: its view, no events. It is exactly the
    /// view the seat would hold had it seen every update.
    ///
    /// # Errors
    /// [`NoSuchSeat`] for a seat the table does not have.
    pub fn update_for(&self, seat: Seat) -> Result<SeatUpdate, NoSuchSeat> {
        self.update_after(seat, &[])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::Card;
    use crate::engine::feed::cards_in;
    use crate::engine::shedding::{Action, Deal, Preset};

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// [`table_of`] under Crazy Eights: no penalties to muddle a pick-up.
    fn table() -> Game {
        table_of(Preset::CrazyEights)
    }

    /// Three seats, seat 1 to play first with a hand that cannot follow the starter (the nine of
    /// hearts); the stock's top cards (KH, then QH, JH, 10H) are unique in the deal.
    fn table_of(preset: Preset) -> Game {
        let hands = vec![
            vec![card("2C"), card("3C"), card("4C")],
            vec![card("2D"), card("3D"), card("4D")],
            vec![card("2S"), card("3S"), card("4S")],
        ];
        let deal = Deal {
            hands,
            starter: card("9H"),
            stock_top_first: vec![card("KH"), card("QH"), card("JH"), card("10H")],
            dealer: 0,
            scores: Vec::new(),
        };
        Game::from_deal(preset.rules(), deal).unwrap()
    }

    #[test]
    fn another_seats_pick_up_reaches_a_seat_as_a_count_and_never_the_card() {
        let mut g = table();
        assert_eq!(g.current(), 1);
        let events = g.apply(Action::Draw { seat: 1 }).unwrap();
        assert!(g.hand(1).contains(card("KH")), "seat 1 picked up the stock's top card");
        for seat in [0, 2] {
            let u = g.update_after(seat, &events).unwrap();
            assert!(u.events.iter().any(|e| matches!(e, Event::Drew { seat: 1, cards: 1 })), "{:?}", u.events);
            assert!(!cards_in(&u).contains(&card("KH")), "seat {seat} sees a count, not the card");
            assert_eq!(u.view.hand_sizes[1], 4);
        }
    }

    #[test]
    fn a_penalty_reaches_the_other_seats_as_a_count_and_the_penalised_seat_in_its_hand() {
        // Taylor: saying "sorry" costs a card, taken from the stock's top.
        let mut g = table_of(Preset::Taylor);
        let events = g.apply(Action::Say { seat: 0, phrase: crate::engine::shedding::Phrase::Sorry }).unwrap();
        assert!(events.iter().any(|e| matches!(e, Event::Penalty { seat: 0, cards: 1, .. })), "{events:?}");
        assert!(g.hand(0).contains(card("KH")));
        for seat in [1, 2] {
            assert!(!cards_in(&g.update_after(seat, &events).unwrap()).contains(&card("KH")), "seat {seat}");
        }
        assert!(g.update_after(0, &events).unwrap().view.hand.contains(&card("KH")));
    }

    #[test]
    fn a_seat_reads_the_card_it_picked_up_from_its_own_hand_not_from_the_events() {
        let mut g = table();
        let events = g.apply(Action::Draw { seat: 1 }).unwrap();
        let u = g.update_after(1, &events).unwrap();
        assert!(u.view.hand.contains(&card("KH")));
        assert!(!cards_in(&u.events).contains(&card("KH")), "the events are the same for every seat");
        assert_eq!(u.events, g.update_after(0, &events).unwrap().events);
    }

    #[test]
    fn a_card_laid_is_public_to_every_seat() {
        let mut g = table();
        g.apply(Action::Draw { seat: 1 }).unwrap();
        assert!(g.is_legal(Action::Play { seat: 1, card: card("KH") }), "a card picked up may be laid at once");
        // Seat 1 lays the king of hearts it picked up: now everyone sees it.
        let events = g.apply(Action::Play { seat: 1, card: card("KH") }).unwrap();
        for seat in 0..3 {
            let u = g.update_after(seat, &events).unwrap();
            assert!(u.events.contains(&Event::Played { seat: 1, card: card("KH") }), "seat {seat}: {:?}", u.events);
            assert_eq!(u.view.top(), card("KH"));
        }
    }

    #[test]
    fn a_seat_that_rejoins_gets_the_view_it_would_have_had_and_no_events() {
        let mut g = table();
        let events = g.apply(Action::Draw { seat: 1 }).unwrap();
        for seat in 0..3 {
            let followed = g.update_after(seat, &events).unwrap();
            let rejoined = g.update_for(seat).unwrap();
            assert_eq!(rejoined.view, followed.view);
            assert_eq!(rejoined.view, g.view(seat));
            assert_eq!(rejoined.state_id, g.state_id());
            assert!(rejoined.events.is_empty());
        }
    }

    #[test]
    fn a_seat_the_table_does_not_have_is_a_typed_error() {
        let g = table();
        assert_eq!(g.update_for(3), Err(NoSuchSeat { seat: 3, seats: 3 }));
        assert_eq!(g.update_after(255, &[]), Err(NoSuchSeat { seat: 255, seats: 3 }));
    }

    #[test]
    fn an_update_survives_its_json_form_unchanged_but_for_its_rules() {
        let mut g = table();
        let events = g.apply(Action::Draw { seat: 1 }).unwrap();
        let u = g.update_after(1, &events).unwrap();
        let mut back: SeatUpdate = serde_json::from_str(&serde_json::to_string(&u).unwrap()).unwrap();
        // The rules travel apart (once per table): the reader puts them back.
        back.view.rules = g.shared_rules();
        assert_eq!(back, u);
    }
}
