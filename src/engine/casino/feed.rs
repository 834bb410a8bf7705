//! What the player at one spot receives after each action: its view and the action's events as
//! that spot may learn them ([`SeatUpdate`]). The host holds the [`Game`] (the shoe's order, the
//! hole card); a table renders from updates only.
//!
//! Every casino event is public. The only cards a table keeps face down are the hole card and
//! the shoe: the hole card is dealt as [`Event::HoleDealt`], which names no card, and is named
//! only by [`Event::HoleRevealed`] when it is turned; the shoe's cards are named only as they
//! are dealt face up. So [`Event::for_seat`] gives every spot the event as it is, written out
//! variant by variant so that an event added later is decided on here. The hole card reaches
//! a view only once turned ([`SpotView::dealer`]).
//!
//! [`SpotView`] is defined beside the game without serde; its wire form is written here
//! ([`SpotViewDef`]) and its rules are checked again when read, as every rule set read is.

use super::game::{Action, Event, Game, Phase, Spot, SpotState};
use super::rules::{TableRules, TableSpec, MAX_CHIPS};
use super::view::SpotView;
use crate::engine::cards::Card;
use crate::engine::feed::{check_seat, ensure, Fits, NoSuchSeat, Shape, Unfit};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::Arc;

/// Everything a table needs to draw one spot's screen after an action: the spot's view and what
/// happened, as the spot may know it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatUpdate {
    /// The number of actions applied so far (the casino page's state id): a move made from
    /// this update is stamped with it, so a move made against an older state is dropped.
    pub state_id: u32,
    /// Exactly `game.view(spot)`.
    #[serde(with = "SpotViewDef")]
    pub view: SpotView,
    /// The action's events as this spot may learn them ([`Event::for_seat`]), in order; empty
    /// for a spot that (re)joins.
    pub events: Vec<Event>,
}

impl Event {
    /// What the player at `spot` may learn from this event. Every casino event is public (see
    /// the module doc), so each spot learns it whole; the spot is asked for so that the host
    /// redacts per spot, and an event with a private part would be redacted here.
    pub fn for_seat(&self, _spot: Spot) -> Event {
        match self {
            // Dealt face up to a spot, the up card, the dealer's draws: every player sees them.
            Event::Dealt { .. } | Event::DealerUp { .. } | Event::DealerDraws { .. } => self.clone(),
            // The hole card, face down: the event names no card.
            Event::HoleDealt => self.clone(),
            // The hole card turned face up: public from now on.
            Event::HoleRevealed { .. } => self.clone(),
            // The cut card's place is seen when the shoe is cut; a refill is a count.
            Event::Shuffled { .. } | Event::CutCardOut | Event::ShoeRefilled { .. } => self.clone(),
            // Chips on the table are in plain sight, and so is how each hand ends.
            Event::RoundCalledOff
            | Event::InsuranceOffered
            | Event::Insured { .. }
            | Event::BlackjackPaid { .. }
            | Event::Surrendered { .. }
            | Event::Split { .. }
            | Event::Doubled { .. }
            | Event::Bust { .. }
            | Event::DealerStands { .. }
            | Event::DealerBusts
            | Event::DealerBlackjack
            | Event::InsurancePaid { .. }
            | Event::InsuranceLost { .. }
            | Event::Settled { .. } => self.clone(),
        }
    }
}

impl Game {
    /// The casino page's state id: the number of actions applied (saturating; a table's log is
    /// far shorter than `u32::MAX`).
    pub fn state_id(&self) -> u32 {
        u32::try_from(self.log().len()).unwrap_or(u32::MAX)
    }

    /// What the player at `spot` receives after an action that produced `events`.
    ///
    /// # Errors
    /// [`NoSuchSeat`] for a spot the table does not have.
    pub fn update_after(&self, spot: Spot, events: &[Event]) -> Result<SeatUpdate, NoSuchSeat> {
        let spot = check_seat(spot, self.spots().len())?;
        Ok(SeatUpdate {
            state_id: self.state_id(),
            view: self.view(spot),
            events: events.iter().map(|e| e.for_seat(spot)).collect(),
        })
    }

    /// What a player who joins (or rejoins) at `spot` now receives: its view, no events.
    ///
    /// # Errors
    /// [`NoSuchSeat`] for a spot the table does not have.
    pub fn update_for(&self, spot: Spot) -> Result<SeatUpdate, NoSuchSeat> {
        self.update_after(spot, &[])
    }
}

impl SeatUpdate {
    /// The update's table, if everything in it fits that table: 1 to 7 spots (what
    /// [`TableRules`] allows), the spot it is for and every spot it names (the turn, every
    /// event's) one the table has, the hand in play one its spot has, the shoe's counts within
    /// what a shoe holds, and every amount of money within what a table can come to. The check of an update read from a host before a friend's
    /// screen takes it (`net::Reader`).
    ///
    /// ```
    /// use blackjack::engine::casino::{Game, Phase, TableRules};
    /// use blackjack::engine::feed::Unfit;
    ///
    /// let mut seating = vec![None; 7];
    /// seating[3] = Some(0);
    /// let game = Game::new(TableRules::seed_rules(), &seating, vec![100_000], 4).unwrap();
    /// let mut u = game.update_for(3).unwrap();
    /// assert_eq!(u.shape().map(|s| (s.seat, s.seats)), Ok((3, 7)));
    /// u.view.phase = Phase::Playing { spot: 3, hand: 2 };
    /// assert!(matches!(u.shape(), Err(Unfit::Impossible(_))), "spot 3 has no hand 2");
    /// ```
    ///
    /// # Errors
    /// The first thing found that does not fit ([`Unfit`]).
    pub fn shape(&self) -> Result<Shape, Unfit> {
        let v = &self.view;
        let fits = Fits::new(v.spots.len(), 1, 7)?;
        match v.phase {
            Phase::Betting | Phase::Settled => {}
            Phase::Insurance { spot } => fits.seat("the turn", spot)?,
            Phase::Playing { spot, hand } => {
                fits.seat("the turn", spot)?;
                ensure(v.spots.get(spot as usize).is_some_and(|s| (hand as usize) < s.hands.len()), "hand in play")?;
            }
        }
        // Far more than any shoe (eight decks are 416 cards): the felt's percentages stay in range.
        let most = usize::from(u16::MAX);
        ensure([v.shoe_size, v.shoe_left, v.discards, v.before_cut].iter().all(|&n| n <= most), "shoe")?;
        // Money a thousand times the most a bankroll opens with: sums over every hand of every
        // spot stay far inside an `i64` (no screen's arithmetic overflows).
        let money = |m: i64| m.unsigned_abs() <= MAX_CHIPS.unsigned_abs() * 1_000;
        let hands = |hs: &[super::game::Hand]| hs.iter().all(|h| money(h.stake) && money(h.returned));
        let spots = v.spots.iter().all(|s| money(s.bet) && money(s.insurance) && hands(&s.hands));
        ensure(money(v.chips) && money(v.bet) && hands(&v.hands) && spots, "amount of money")?;
        for e in &self.events {
            if let Event::Insured { amount, .. }
            | Event::BlackjackPaid { amount, .. }
            | Event::Surrendered { returned_now: amount, .. }
            | Event::Doubled { amount, .. }
            | Event::InsurancePaid { amount, .. }
            | Event::InsuranceLost { amount, .. }
            | Event::Settled { net: amount, .. } = *e
            {
                ensure(money(amount), "amount of money")?;
            }
            match *e {
                Event::Dealt { spot, .. }
                | Event::Insured { spot, .. }
                | Event::BlackjackPaid { spot, .. }
                | Event::Surrendered { spot, .. }
                | Event::Split { spot, .. }
                | Event::Doubled { spot, .. }
                | Event::Bust { spot, .. }
                | Event::InsurancePaid { spot, .. }
                | Event::InsuranceLost { spot, .. }
                | Event::Settled { spot, .. } => fits.seat("an event", spot)?,
                Event::Shuffled { .. }
                | Event::CutCardOut
                | Event::ShoeRefilled { .. }
                | Event::RoundCalledOff
                | Event::DealerUp { .. }
                | Event::HoleDealt
                | Event::InsuranceOffered
                | Event::HoleRevealed { .. }
                | Event::DealerDraws { .. }
                | Event::DealerStands { .. }
                | Event::DealerBusts
                | Event::DealerBlackjack => {}
            }
        }
        fits.shape(v.spot)
    }
}

/// The wire form of [`SpotView`], field for field (serde's remote derive: a field added to the
/// view must be added here, or this does not compile).
#[derive(Serialize, Deserialize)]
#[serde(remote = "SpotView")]
struct SpotViewDef {
    #[serde(with = "checked_rules")]
    rules: Arc<TableRules>,
    spot: Spot,
    phase: Phase,
    chips: i64,
    bet: i64,
    hands: Vec<super::game::Hand>,
    spots: Vec<SpotState>,
    dealer: Vec<Option<Card>>,
    hole_revealed: bool,
    seen: [u16; 10],
    discards: usize,
    shoe_left: usize,
    shoe_size: usize,
    before_cut: usize,
    cut_out: bool,
    red_sevens: u16,
    legal: Vec<Action>,
}

/// The table's rules as their [`TableSpec`], checked by [`TableRules::new`] when read back.
mod checked_rules {
    use super::*;

    pub fn serialize<S: Serializer>(rules: &Arc<TableRules>, s: S) -> Result<S::Ok, S::Error> {
        rules.spec().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<TableRules>, D::Error> {
        let spec = TableSpec::deserialize(d)?;
        TableRules::new(spec).map(Arc::new).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;
    use crate::engine::feed::cards_in;

    /// Two players at spots 0 and 1 with bets down; the shoe deals 10C to spot 0, 9D to spot 1,
    /// the up card 5H, 7C and 8D, then the hole card QS (the only queen of spades in the shoe),
    /// then the dealer's draws.
    fn table() -> Game {
        let spec = TableSpec { seats: 2, decks: 1, ..TableSpec::default() };
        let rules = TableRules::new(spec).unwrap();
        let shoe = parse_cards("10C 9D 5H 7C 8D QS 2H 3H 4H 6H").unwrap();
        let mut g = Game::with_shoe(rules, &[Some(0), Some(1)], vec![100_000, 100_000], shoe, 10).unwrap();
        g.apply(Action::Bet { spot: 0, amount: 1000 }).unwrap();
        g.apply(Action::Bet { spot: 1, amount: 1000 }).unwrap();
        g
    }

    fn qs() -> Card {
        "QS".parse().unwrap()
    }

    #[test]
    fn the_hole_card_reaches_no_spot_before_it_is_turned() {
        let mut g = table();
        let events = g.apply(Action::Deal).unwrap();
        assert!(events.contains(&Event::HoleDealt));
        for spot in 0..2 {
            let u = g.update_after(spot, &events).unwrap();
            assert_eq!(u.view.dealer, vec![Some("5H".parse().unwrap()), None]);
            assert!(!cards_in(&u).contains(&qs()), "spot {spot} must not learn the hole card");
        }
        // Spot 0 stands: still spot 1's turn, the hole card stays down.
        let events = g.apply(Action::Stand { spot: 0 }).unwrap();
        for spot in 0..2 {
            assert!(!cards_in(&g.update_after(spot, &events).unwrap()).contains(&qs()));
        }
    }

    #[test]
    fn the_hole_card_reaches_every_spot_once_it_is_turned() {
        let mut g = table();
        g.apply(Action::Deal).unwrap();
        g.apply(Action::Stand { spot: 0 }).unwrap();
        let events = g.apply(Action::Stand { spot: 1 }).unwrap();
        for spot in 0..2 {
            let u = g.update_after(spot, &events).unwrap();
            assert!(u.events.contains(&Event::HoleRevealed { card: qs() }), "{:?}", u.events);
            assert_eq!(u.view.dealer.get(1), Some(&Some(qs())));
        }
    }

    #[test]
    fn a_card_dealt_to_another_spot_is_public_and_the_next_card_of_the_shoe_is_not() {
        let mut g = table();
        let events = g.apply(Action::Deal).unwrap();
        let u = g.update_after(0, &events).unwrap();
        assert!(u.events.contains(&Event::Dealt { spot: 1, hand: 0, card: "9D".parse().unwrap() }));
        assert_eq!(u.view.spots[1].hands[0].cards, parse_cards("9D 8D").unwrap());
        assert!(!cards_in::<Card>(&u).contains(&"2H".parse().unwrap()), "the shoe's next card stays unknown");
    }

    #[test]
    fn a_spot_that_rejoins_gets_the_view_it_would_have_had_and_no_events() {
        let mut g = table();
        let events = g.apply(Action::Deal).unwrap();
        for spot in 0..2 {
            let rejoined = g.update_for(spot).unwrap();
            assert_eq!(rejoined.view, g.update_after(spot, &events).unwrap().view);
            assert_eq!(rejoined.view, g.view(spot));
            assert_eq!(rejoined.state_id, 3, "two bets and the deal");
            assert!(rejoined.events.is_empty());
        }
    }

    #[test]
    fn a_spot_the_table_does_not_have_is_a_typed_error_not_a_panic() {
        let g = table();
        assert_eq!(g.update_for(2), Err(NoSuchSeat { seat: 2, seats: 2 }));
    }

    #[test]
    fn an_update_survives_its_json_form_and_its_rules_are_checked_when_read() {
        let mut g = table();
        let events = g.apply(Action::Deal).unwrap();
        let u = g.update_after(1, &events).unwrap();
        let json = serde_json::to_string(&u).unwrap();
        let back: SeatUpdate = serde_json::from_str(&json).unwrap();
        assert_eq!(back, u);
        let bad = json.replacen("\"decks\":1", "\"decks\":0", 1);
        assert_ne!(bad, json);
        assert!(serde_json::from_str::<SeatUpdate>(&bad).is_err(), "a table without cards is refused");
    }
}
