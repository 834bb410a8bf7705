//! The seat feed tells each seat only what it may know. A recorder plays random games of every
//! family, builds every seat's update after every action, and checks each one against the true
//! game at that moment:
//!
//! - no card hidden from the seat is reachable in it. Every card in the update's JSON form is
//!   found (so a field added later is checked too) and counted: a list may hold a card at most
//!   as many times as the seat can see copies of it (twin decks hold two), and a card anywhere
//!   must have a copy the seat can see. What a seat can see is computed from the game, not from
//!   the update: its own hand, the face-up cards, the public part of the stock and the cards
//!   known to be held (shedding); the cards face up on the table, the hole card only once turned
//!   (casino); the stacks and the trash, never a queue, the owner's included (UNO). Cards the
//!   rules turn face up during the action (a card laid, a starter, a flip) and the table's
//!   public record of cards laid this round are public history, so they may be named too;
//! - its view is exactly `game.view(seat)`, it carries the game's state id, and it reads back
//!   from JSON unchanged (what a peer holds is what the host built);
//! - a seat that rejoins at any point gets the view it would have had by following every update.
//!
//! A planted card is caught (the checker is tested on updates with a hidden card put in).
//! By default each game is checked for its first 250 actions (a few seconds); `FEED_GAMES=n`
//! plays n seeds per configuration, each to its end (the long soak):
//! `FEED_GAMES=50 cargo test --test seat_feed`.

use blackjack::engine::rng::GameRng;

mod feed_check;
use feed_check::*;

/// How many seeds to play per configuration: `FEED_GAMES`, or one.
fn scale() -> u64 {
    std::env::var("FEED_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(1)
}

/// The most actions of a game that are checked: by default the first [`QUICK`] (deals, refills,
/// the first rounds; `cargo test` stays at a few seconds, since every update is serialised and
/// searched), in a soak (`FEED_GAMES` set) every action to the end of the game.
fn action_limit() -> usize {
    if std::env::var("FEED_GAMES").is_ok() {
        usize::MAX
    } else {
        QUICK
    }
}
const QUICK: usize = 250;

/// Every update is checked for hidden cards; one step in this many also goes through JSON and
/// back (the round trip costs more than the check, and the view's fields are the same each step).
const ROUND_TRIP: usize = 8;

mod shedding {
    use super::*;
    use blackjack::engine::cards::Card;
    use blackjack::engine::shedding::*;
    use feed_check::shedding::allowed;

    /// Checks every seat's update after an action; returns how many updates were checked.
    pub fn check_all(g: &Game, events: &[Event], at: &str, round_trip: bool) -> usize {
        for seat in 0..g.players() {
            let u = g.update_after(seat, events).unwrap();
            assert_eq!(u.view, g.view(seat), "{at}: seat {seat}'s view");
            assert_eq!(u.state_id, g.state_id(), "{at}");
            assert_eq!(u.events.len(), events.len(), "{at}: one event for each");
            if let Some(leak) = hidden_card_in(&u, FRENCH, &allowed(g, seat, events)) {
                panic!("{at}: seat {seat} was sent a card hidden from it: {leak}");
            }
            if round_trip {
                let mut back: SeatUpdate = serde_json::from_str(&serde_json::to_string(&u).unwrap()).unwrap();
                // The rules travel apart, once per table (net::Reader puts them back).
                back.view.rules = g.shared_rules();
                assert_eq!(back, u, "{at}: seat {seat}'s update reads back from JSON unchanged");
            }
        }
        g.players() as usize
    }

    /// A random game with turn actions and, now and then, a table action from any seat (calls,
    /// call-outs, disputes, talk). Returns the updates checked.
    pub fn play(preset: Preset, players: u8, seed: u64) -> usize {
        let mut g = Game::new(preset.rules(), players, seed).unwrap();
        let mut rng = GameRng::new(seed ^ 0xfeed);
        let mut checked = check_all(&g, &[], &format!("{preset:?} {players}p seed {seed} deal"), true);
        let mut steps = 0;
        while !g.is_over() && steps < action_limit().min(3000) {
            let legal = g.legal_actions();
            let action = if rng.below(6) == 0 {
                let extra = g.legal_actions_for(rng.below(players as u64) as Seat);
                extra.get(rng.below(extra.len().max(1) as u64) as usize).copied().unwrap_or(legal[0])
            } else {
                legal[rng.below(legal.len() as u64) as usize]
            };
            let events = g.apply(action).unwrap();
            steps += 1;
            let at = format!("{preset:?} {players}p seed {seed} step {steps} ({action})");
            checked += check_all(&g, &events, &at, steps % ROUND_TRIP == 0);
            // A seat drops out and rejoins: it gets what it would have had.
            let seat = rng.below(players as u64) as Seat;
            assert_eq!(g.update_for(seat).unwrap().view, g.update_after(seat, &events).unwrap().view, "{at}");
        }
        checked
    }

    /// A hidden card planted in an update is found: the recorder can fail.
    pub fn planted_card_is_caught() {
        let g = Game::new(Preset::Taylor.rules(), 4, 7).unwrap();
        let u = g.update_for(0).unwrap();
        let allowed = allowed(&g, 0, &[]);
        assert_eq!(hidden_card_in(&u, FRENCH, &allowed), None, "an honest update passes");
        let hidden: Card =
            g.hand(1).to_vec().into_iter().find(|c| allowed.get(&key(&serde_json::to_value(c).unwrap())) == 0).unwrap();
        let mut in_view = u.clone();
        in_view.view.hand.push(hidden);
        assert!(hidden_card_in(&in_view, FRENCH, &allowed).is_some(), "a card of another hand in the view");
        let mut in_event = u.clone();
        in_event.events.push(Event::Played { seat: 1, card: hidden });
        assert!(hidden_card_in(&in_event, FRENCH, &allowed).is_some(), "a card of another hand in an event");
        // One copy seen does not allow a list to name two.
        let top = *u.view.pile.last().unwrap();
        let mut twice = u;
        twice.view.pile.push(top);
        assert!(hidden_card_in(&twice, FRENCH, &allowed).is_some(), "a second copy of a card seen once");
    }
}

mod casino {
    use super::*;
    use blackjack::engine::cards::Card;
    use blackjack::engine::casino::*;

    pub use feed_check::casino::allowed;

    pub fn check_all(g: &Game, events: &[Event], at: &str, round_trip: bool) -> usize {
        let allowed = allowed(g);
        for spot in 0..g.spots().len() as Spot {
            let u = g.update_after(spot, events).unwrap();
            assert_eq!(u.view, g.view(spot), "{at}: spot {spot}'s view");
            assert_eq!(u.state_id as usize, g.log().len(), "{at}");
            if let Some(leak) = hidden_card_in(&u, FRENCH, &allowed) {
                panic!("{at}: spot {spot} was sent a card hidden from it: {leak}");
            }
            if round_trip {
                let back: SeatUpdate = serde_json::from_str(&serde_json::to_string(&u).unwrap()).unwrap();
                assert_eq!(back, u, "{at}: spot {spot}'s update reads back from JSON unchanged");
            }
        }
        g.spots().len()
    }

    /// A random table (seats, decks, house rules) played with random legal actions and amounts.
    pub fn play(seed: u64, actions: usize) -> usize {
        let mut rng = GameRng::new(seed);
        let seats = 1 + rng.below(7) as u8;
        let spec = TableSpec {
            seats,
            decks: 1 + rng.below(8) as u8,
            surrender: seed % 2 == 0,
            dealer_hits_soft_17: seed % 3 == 0,
            resplit_aces: seed % 4 == 0,
            ..TableSpec::default()
        };
        let seating: Vec<Option<u8>> = (0..seats).map(|i| (i % 2 == 0 || seed % 3 == 0).then_some(i % 3)).collect();
        let mut g = Game::new(TableRules::new(spec).unwrap(), &seating, vec![100_000; 3], seed).unwrap();
        let mut checked = check_all(&g, &[], &format!("seed {seed} seated"), true);
        for steps in 0..actions {
            let legal = g.legal_actions();
            let Some(&pick) = legal.get(rng.below(legal.len().max(1) as u64) as usize) else { break };
            let mut a = pick;
            match &mut a {
                Action::Bet { amount, .. } if *amount > 0 => *amount = 500 * (1 + rng.below(6) as i64),
                Action::Double { amount, .. } => *amount = 1 + rng.below(*amount as u64) as i64,
                _ => {}
            }
            let Ok(events) = g.apply(a) else { continue };
            let at = format!("seed {seed} step {steps} ({a:?})");
            checked += check_all(&g, &events, &at, steps % ROUND_TRIP == 0);
            let spot = rng.below(seats as u64) as Spot;
            assert_eq!(g.update_for(spot).unwrap().view, g.view(spot), "{at}: a spot that rejoins");
        }
        checked
    }

    /// The hole card, found through the public API only: a copy of the table stands every hand
    /// until the dealer turns it.
    pub fn hole_card(g: &Game) -> Option<Card> {
        let mut copy = g.clone();
        for _ in 0..100 {
            let a = match copy.phase() {
                Phase::Insurance { spot } => Action::Insure { spot, amount: 0 },
                Phase::Playing { spot, .. } => Action::Stand { spot },
                _ => return None,
            };
            for e in copy.apply(a).ok()? {
                if let Event::HoleRevealed { card } = e {
                    return Some(card);
                }
            }
        }
        None
    }

    pub fn planted_card_is_caught() {
        // One deck, so a card is either on the table or not.
        let spec = TableSpec { seats: 1, decks: 1, ..TableSpec::default() };
        for seed in 0..20 {
            let mut g = Game::new(TableRules::new(spec.clone()).unwrap(), &[Some(0)], vec![100_000], seed).unwrap();
            g.apply(Action::Bet { spot: 0, amount: 1000 }).unwrap();
            g.apply(Action::Deal).unwrap();
            let Some(hole) = hole_card(&g) else { continue };
            let allowed = allowed(&g);
            let u = g.update_for(0).unwrap();
            assert_eq!(hidden_card_in(&u, FRENCH, &allowed), None, "an honest update passes");
            if allowed.get(&key(&serde_json::to_value(hole).unwrap())) > 0 {
                continue;
            }
            let mut leaked = u;
            leaked.view.dealer[1] = Some(hole);
            assert!(hidden_card_in(&leaked, FRENCH, &allowed).is_some(), "the hole card in the view");
            return;
        }
        panic!("no deal in 20 with a hole card unlike the cards face up");
    }
}

mod uno {
    use super::*;
    use blackjack::engine::uno::*;

    pub use feed_check::uno::allowed;

    pub fn check_all(g: &Game, events: &[Event], at: &str, round_trip: bool) -> usize {
        let allowed = allowed(g, events);
        for seat in 0..g.players().len() as Seat {
            let u = g.update_after(seat, events).unwrap();
            assert_eq!(u.view, g.view(seat), "{at}: seat {seat}'s view");
            assert_eq!(u.state_id as usize, g.log().len(), "{at}");
            if let Some(leak) = hidden_card_in(&u, UNO, &allowed) {
                panic!("{at}: seat {seat} was sent a card hidden from it: {leak}");
            }
            if round_trip {
                let back: SeatUpdate = serde_json::from_str(&serde_json::to_string(&u).unwrap()).unwrap();
                assert_eq!(back, u, "{at}: seat {seat}'s update reads back from JSON unchanged");
            }
        }
        g.players().len()
    }

    /// A random game to its end: random legal actions, latecomers joining now and then.
    pub fn play(players: u8, seed: u64) -> usize {
        // Short queues too: more rounds end, reward and shuffle the trash per update checked.
        let spec = UnoSpec {
            queue_size: [3, 4, 8, 15][(seed % 4) as usize],
            pass_is_final: seed % 3 != 0,
            skip_value: if seed % 2 == 0 { SkipValue::Ten } else { SkipValue::Zero },
            ..UnoSpec::default()
        };
        let waiting: Vec<Seat> = if seed % 4 == 0 && players > 2 { vec![players - 1] } else { Vec::new() };
        let mut g = Game::with_waiting(UnoRules::new(spec).unwrap(), players, &waiting, seed).unwrap();
        let mut rng = GameRng::new(seed ^ 0xfeed);
        let mut checked = check_all(&g, &[], &format!("{players}p seed {seed} deal"), true);
        let mut steps = 0;
        while !g.is_over() && steps < action_limit() {
            let legal = g.legal_actions();
            let a = legal[rng.below(legal.len() as u64) as usize];
            let events = g.apply(a).unwrap();
            steps += 1;
            let at = format!("{players}p seed {seed} step {steps} ({a:?})");
            checked += check_all(&g, &events, &at, steps % ROUND_TRIP == 0);
            let seat = rng.below(players as u64) as Seat;
            assert_eq!(g.update_for(seat).unwrap().view, g.view(seat), "{at}: a seat that rejoins");
            assert!(steps < 200_000, "{at}: a game ends");
        }
        checked
    }

    pub fn planted_card_is_caught() {
        let mut g = Game::new(UnoRules::new(UnoSpec::default()).unwrap(), 3, 5).unwrap();
        g.apply(Action::Reveal).unwrap();
        let allowed = allowed(&g, &[]);
        let u = g.update_for(0).unwrap();
        assert_eq!(hidden_card_in(&u, UNO, &allowed), None, "an honest update passes");
        // The next card of seat 0's own queue: hidden from its owner too.
        let next =
            g.players()[0].queue.iter().copied().find(|c| allowed.get(&key(&serde_json::to_value(c).unwrap())) == 0);
        let mut leaked = u;
        leaked.view.stacks[0].push(next.unwrap());
        assert!(hidden_card_in(&leaked, UNO, &allowed).is_some(), "a queued card in the view");
    }
}

#[test]
fn the_recorder_catches_a_hidden_card_planted_in_an_update() {
    shedding::planted_card_is_caught();
    casino::planted_card_is_caught();
    uno::planted_card_is_caught();
}

#[test]
fn no_shedding_update_carries_a_card_hidden_from_its_seat() {
    use blackjack::engine::shedding::Preset;
    let (mut games, mut updates) = (0, 0);
    for k in 0..scale() {
        for preset in Preset::ALL {
            // A small table and a large one (two decks above five or six players).
            for players in [2, 8] {
                updates += shedding::play(preset, players, k * 100 + players as u64);
                games += 1;
            }
        }
    }
    eprintln!("shedding: {games} games, {updates} updates checked");
}

#[test]
fn no_casino_update_carries_a_card_hidden_from_its_spot() {
    let (mut tables, mut updates) = (0, 0);
    for seed in 0..6 * scale() {
        updates += casino::play(seed, action_limit().min(1000));
        tables += 1;
    }
    eprintln!("casino: {tables} tables, {updates} updates checked");
}

#[test]
fn no_uno_update_carries_a_card_hidden_from_its_seat() {
    let (mut games, mut updates) = (0, 0);
    for k in 0..scale() {
        for players in [2, 3, 4, 7] {
            updates += uno::play(players, k * 100 + players as u64);
            games += 1;
        }
    }
    eprintln!("uno: {games} games, {updates} updates checked");
}
