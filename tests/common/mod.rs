//! Helpers for scenario tests on scripted deals.
#![allow(dead_code)]

use blackjack::engine::cards::{parse_cards, Card};
pub use blackjack::engine::shedding::*;

pub fn c(s: &str) -> Card {
    s.parse().unwrap()
}

pub fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// A scripted game: `hands[i]` for seat i, the starter card, the stock from the top down.
/// The last seat deals, so seat 0 plays first (unless the starter says otherwise).
pub fn deal(preset: Preset, hands: &[&str], starter: &str, stock: &str) -> Game {
    deal_with(preset.spec(), hands, starter, stock)
}

pub fn deal_with(spec: RuleSpec, hands: &[&str], starter: &str, stock: &str) -> Game {
    deal_scored(spec, hands, starter, stock, Vec::new())
}

pub fn deal_scored(spec: RuleSpec, hands: &[&str], starter: &str, stock: &str, scores: Vec<u32>) -> Game {
    let rules = Rules::new(spec).unwrap();
    let dealer = hands.len() as u8 - 1;
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    // Convenience: a shared filler stock loses the cards this deal already placed.
    let decks = rules.decks_for(hands.len() as u8) as usize;
    let mut placed: Vec<Card> = hands.iter().flatten().copied().chain([c(starter)]).collect();
    let mut stock_top_first = Vec::new();
    for card in cards(stock) {
        if placed.iter().filter(|&&x| x == card).count() < decks {
            placed.push(card);
            stock_top_first.push(card);
        }
    }
    Game::from_deal(rules, Deal { hands, starter: c(starter), stock_top_first, dealer, scores }).unwrap()
}

pub fn play(g: &mut Game, seat: Seat, card: &str) -> Vec<Event> {
    g.apply(Action::Play { seat, card: c(card) }).unwrap_or_else(|e| panic!("{e}"))
}

pub fn act(g: &mut Game, a: Action) -> Vec<Event> {
    g.apply(a).unwrap_or_else(|e| panic!("{e}"))
}

pub fn draw(g: &mut Game, seat: Seat) -> Vec<Event> {
    act(g, Action::Draw { seat })
}

pub fn legal_plays(g: &Game) -> Vec<String> {
    let mut v: Vec<String> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Play { card, .. } => Some(card.to_string()),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

pub fn has(g: &Game, a: Action) -> bool {
    g.legal_actions().contains(&a)
}

pub fn hand(g: &Game, seat: Seat) -> String {
    g.hand(seat).iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

pub fn refused(g: &mut Game, a: Action) -> Refusal {
    let before = g.clone();
    let e = g.apply(a).expect_err("should be refused");
    assert_eq!(*g, before, "a refused action changed the game");
    e.reason
}

pub fn penalties(ev: &[Event]) -> Vec<(Seat, u8, PenaltyReason)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Penalty { seat, cards, reason } => Some((*seat, *cards, *reason)),
            _ => None,
        })
        .collect()
}
