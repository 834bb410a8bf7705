//! The casino solver's speed-ups (issue #27) change no decision and no value: the bot plays
//! every seeded round exactly as the solver it replaced, and the trainer's values are the same
//! to the last bit.

mod casino_reference;

use blackjack::bots::casino::{decide, unseen_plus, values, Allowed, CasinoBot};
use blackjack::engine::casino::save::{new_table, Choice};
use blackjack::engine::casino::strategy::{Counts, Play};
use blackjack::engine::casino::{Action, Phase};

fn play(a: Action) -> Play {
    match a {
        Action::Hit { .. } => Play::Hit,
        Action::Double { .. } => Play::Double,
        Action::Split { .. } => Play::Split,
        Action::Surrender { .. } => Play::Surrender,
        _ => Play::Stand,
    }
}

/// Every decision of `rounds` rounds at a table of six bots and the player (who plays as a
/// bot), checked against the reference: the move, and the values of the hint for that hand.
fn check_table(decks: u8, seed: u64, rounds: u32) -> usize {
    let choice = Choice { decks, bots: 6, surrender: seed % 2 == 0, h17: seed % 3 == 0, spots: 1 };
    let mut g = new_table(choice, seed, 100_000).unwrap();
    let (mut played, mut decisions) = (0, 0);
    // One bot for the whole table, as the page keeps it: what it remembers changes nothing.
    let mut bot = CasinoBot::default();
    while played < rounds {
        let a = match g.phase() {
            Phase::Betting if g.legal_actions().contains(&Action::Deal) => Action::Deal,
            Phase::Betting => break,
            Phase::Settled => {
                played += 1;
                Action::NextRound
            }
            Phase::Insurance { spot } => Action::Insure { spot, amount: 0 },
            Phase::Playing { spot, hand } => {
                let view = g.view(spot);
                let h = &view.hands[hand as usize];
                let up = view.dealer_up().unwrap();
                let allowed = Allowed::of(&view);
                let mut extra = h.cards.clone();
                extra.push(up);
                let shoe = unseen_plus(&view, &extra);
                let fast = values(&view.rules, shoe, &h.cards, up, allowed);
                let old = casino_reference::values(&view.rules, shoe, &h.cards, up, allowed);
                let bits = |v: &[(_, f64)]| v.iter().map(|&(p, x)| (p, x.to_bits())).collect::<Vec<_>>();
                assert_eq!(bits(&fast), bits(&old), "hint for {:?} v {up} at {decks} decks, seed {seed}", h.cards);
                let full = Counts::full(decks);
                let old = casino_reference::values(&view.rules, full, &h.cards, up, allowed);
                let a = bot.decide(&view).unwrap();
                assert_eq!(decide(&view), Some(a), "a bot from nothing decides the same");
                assert_eq!(play(a), old.first().map_or(Play::Stand, |v| v.0), "{:?} v {up} at {decks} decks", h.cards);
                decisions += 1;
                a
            }
        };
        g.apply(a).unwrap();
    }
    decisions
}

#[test]
fn the_fast_solver_plays_and_hints_exactly_as_the_old_one_at_every_deck_count() {
    let mut decisions = 0;
    for decks in 1..=8u8 {
        for seed in 0..2u64 {
            decisions += check_table(decks, seed * 8 + decks as u64, 10);
        }
    }
    assert!(decisions > 500, "{decisions} decisions checked");
}
