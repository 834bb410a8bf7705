//! The seat feed's card checker, shared by `tests/seat_feed.rs` (every update the engine builds)
//! and `tests/net_recorder.rs` (every message a host sends, read back as its peer reads it): the
//! cards a seat may see, computed from the true game, and a search of a value's JSON form for
//! any other card.
#![allow(dead_code)]

use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;

/// Cards by their JSON text, counted.
#[derive(Default, Debug)]
pub struct Counts(pub HashMap<String, usize>);

impl Counts {
    pub fn add(&mut self, card: &impl Serialize) {
        *self.0.entry(key(&serde_json::to_value(card).unwrap())).or_default() += 1;
    }
    pub fn get(&self, k: &str) -> usize {
        self.0.get(k).copied().unwrap_or(0)
    }
}

pub fn key(v: &Value) -> String {
    v.to_string()
}

/// The two field names of a card object in its JSON form: `["rank", "suit"]` for a French card,
/// `["colour", "face"]` for an UNO card.
pub type CardShape = [&'static str; 2];
pub const FRENCH: CardShape = ["rank", "suit"];
pub const UNO: CardShape = ["colour", "face"];

pub fn is_card(v: &Value, shape: CardShape) -> bool {
    matches!(v, Value::Object(o) if o.len() == 2 && shape.iter().all(|k| o.contains_key(*k)))
}

/// Every card of `update` must be allowed (`allowed` copies of it may be named in one list, and
/// at least one copy must exist for it to be named at all). Returns the first card that is not,
/// with where it was found.
pub fn hidden_card_in(update: &impl Serialize, shape: CardShape, allowed: &Counts) -> Option<String> {
    fn walk(v: &Value, path: &mut String, shape: CardShape, allowed: &Counts) -> Option<String> {
        if is_card(v, shape) {
            let k = key(v);
            return (allowed.get(&k) == 0).then(|| format!("{k} at {path}"));
        }
        match v {
            Value::Array(items) => {
                let mut here = Counts::default();
                for (i, x) in items.iter().enumerate() {
                    if is_card(x, shape) {
                        let k = key(x);
                        *here.0.entry(k.clone()).or_default() += 1;
                        if here.get(&k) > allowed.get(&k) {
                            return Some(format!("{k} {} times in {path}", here.get(&k)));
                        }
                    }
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    let found = walk(x, path, shape, allowed);
                    path.truncate(len);
                    if found.is_some() {
                        return found;
                    }
                }
                None
            }
            Value::Object(fields) => {
                for (name, x) in fields {
                    let len = path.len();
                    path.push('.');
                    path.push_str(name);
                    let found = walk(x, path, shape, allowed);
                    path.truncate(len);
                    if found.is_some() {
                        return found;
                    }
                }
                None
            }
            _ => None,
        }
    }
    walk(&serde_json::to_value(update).unwrap(), &mut String::new(), shape, allowed)
}

pub mod shedding {
    use super::Counts;
    use blackjack::engine::shedding::*;

    /// What `seat` may see now, plus the cards laid face up by this action and the round's
    /// public record of cards laid (they may since have been shuffled back into the stock).
    pub fn allowed(g: &Game, seat: Seat, events: &[Event]) -> Counts {
        let mut c = Counts::default();
        let cards = g.hand(seat).to_vec().into_iter().chain(g.pile().iter().copied()).chain(g.stock_seen().to_vec());
        cards.for_each(|x| c.add(&x));
        g.known().iter().flat_map(|h| h.to_vec()).for_each(|x| c.add(&x));
        for e in events {
            match e {
                Event::Played { card, .. } | Event::Dealt { starter: card, .. } => c.add(card),
                _ => {}
            }
        }
        for t in g.last_turns().iter().flatten() {
            t.laid.to_vec().iter().chain(&t.first).for_each(|x| c.add(x));
        }
        g.turn().laid.iter().for_each(|x| c.add(x));
        c
    }
}

pub mod casino {
    use super::Counts;
    use blackjack::engine::casino::Game;

    /// The cards face up on the table now: every hand at every spot (a blackjack paid at once
    /// stays in sight until the round ends) and the dealer's cards, the hole card once turned.
    /// Nothing else may reach a spot: every card an event names is on the table after it.
    pub fn allowed(g: &Game) -> Counts {
        let mut c = Counts::default();
        g.spots().iter().flat_map(|s| &s.hands).flat_map(|h| &h.cards).for_each(|x| c.add(x));
        g.dealer_visible().into_iter().flatten().for_each(|x| c.add(&x));
        c
    }
}

pub mod uno {
    use super::Counts;
    use blackjack::engine::uno::*;

    /// What every seat sees now: the stacks and the trash; plus the cards this action flipped
    /// face up (a bust collects its stack out of sight, a round's end may shuffle the trash
    /// into the deck).
    pub fn allowed(g: &Game, events: &[Event]) -> Counts {
        let mut c = Counts::default();
        g.players().iter().flat_map(|p| &p.stack).chain(g.trash()).for_each(|x| c.add(x));
        for e in events {
            if let Event::Flipped { card, .. } = e {
                c.add(card);
            }
        }
        c
    }
}
