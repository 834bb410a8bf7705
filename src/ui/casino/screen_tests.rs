//! The casino screen fed by the table's local source (`state.rs`): a screen that never sees the
//! game, fed only the player's spots' updates, shows what the game shows each spot, and holds
//! nothing face down. Apart from both files, as the state depends on the screen and the screen
//! on nothing of the state.

use super::bank::Bank;
use super::screen::CasinoScreen;
use super::state::{CasinoState, Choice, Msg};
use crate::bots::casino::decide;
use crate::engine::cards::Card;
use crate::engine::casino::{Action, Event, Game, SeatUpdate, Spot};
use crate::engine::feed::cards_in;
use crate::engine::rng::GameRng;
use crate::ui::reducer::Apply;

/// The amounts worth trying for a move of `spot`: none, the smallest, the bet's halves, the
/// chips, and one past each limit.
fn amounts(g: &Game, spot: Spot) -> Vec<i64> {
    let r = g.rules();
    let bet = g.spots()[spot as usize].bet;
    let chips = g.spots()[spot as usize].owner.map_or(0, |p| g.bankrolls()[p as usize]);
    let mut v = vec![0, 1, 100, r.min_bet - 100, r.min_bet, bet / 2, bet / 2 + 100, bet, bet + 100];
    v.extend([chips, chips + bet, chips + bet + 100, r.max_bet, r.max_bet + 100, -100]);
    v
}

/// Every move of `spot` worth trying now, and the moves of no spot.
fn moves(g: &Game, spot: Spot) -> Vec<Action> {
    let mut v = vec![Action::Deal, Action::NextRound];
    for amount in amounts(g, spot) {
        v.extend([Action::Bet { spot, amount }, Action::Insure { spot, amount }, Action::Double { spot, amount }]);
    }
    v.extend([Action::Hit { spot }, Action::Stand { spot }, Action::Split { spot }, Action::Surrender { spot }]);
    v
}

/// Random rounds at tables of one to three spots for the player, with bots: the player's
/// moves are random among those its screen allows (any amount), a bot's its strategy.
/// `each` sees the table before and after every action, and the action's events.
fn random_rounds(mut each: impl FnMut(&CasinoState, &CasinoState, &[Event])) {
    let tables = [(1, 2, 1, false), (2, 3, 2, true), (3, 4, 6, false), (3, 0, 8, true)];
    for (k, (spots, bots, decks, surrender)) in tables.into_iter().enumerate() {
        let choice = Choice { spots, bots, decks, surrender, h17: k % 2 == 0 };
        let seed = 70 + k as u64;
        let mut t = CasinoState::new(choice, seed, Bank::default());
        let mut rng = GameRng::new(seed);
        for _ in 0..2_500 {
            let g = &t.game;
            let action = match g.to_act() {
                Some(s) if !t.is_mine(s) => decide(&g.view(s)).expect("a bot decides its own turn"),
                _ => {
                    let open: Vec<Action> = moves(g, t.spot()).into_iter().filter(|&a| t.screen.is_legal(a)).collect();
                    // Deal often enough that rounds are played, not only bets changed.
                    match open.iter().find(|&&a| a == Action::Deal || a == Action::NextRound) {
                        Some(&a) if rng.below(3) == 0 => a,
                        _ if open.is_empty() => break,
                        _ => open[rng.below(open.len() as u64) as usize],
                    }
                }
            };
            let before = t.clone();
            let mut host = before.game.clone();
            let events = host.apply(action).expect("a legal move");
            assert!(t.apply(Msg::Act { action, at: t.at() }));
            if t.seed == before.seed {
                assert_eq!(t.game, host);
            }
            each(&before, &t, &events);
        }
    }
}

/// What the player's spots receive from `g` after `events`.
fn updates(g: &Game, mine: &[Spot], events: &[Event]) -> Vec<SeatUpdate> {
    mine.iter().map(|&s| g.update_after(s, events).expect("the player's spot")).collect()
}

#[test]
fn a_screen_fed_only_the_players_updates_shows_what_the_game_shows_each_spot() {
    // The same stream from another source: a screen that never sees the game, fed the
    // updates of the player's spots, as a friend's browser would be.
    let mut remote: Option<CasinoScreen> = None;
    let (mut steps, mut rounds) = (0, 0);
    random_rounds(|before, t, events| {
        let remote = match &mut remote {
            Some(r) if r == &before.screen => r,
            r => {
                // A new table (or a new shoe: a table of its own): the screen starts from
                // each spot's first update, with the log so far.
                let mut fresh =
                    CasinoScreen::new(updates(&before.game, before.mine(), &[]), before.screen.names.clone()).unwrap();
                fresh.log = before.screen.log.clone();
                assert_eq!(fresh, before.screen, "a screen from the first updates is the table's");
                r.insert(fresh)
            }
        };
        if t.seed != before.seed {
            return;
        }
        remote.receive(updates(&t.game, t.mine(), events));
        assert_eq!(remote, &t.screen, "after {:?}", t.game.log().last());
        for &s in t.mine() {
            assert_eq!(t.screen.view_of(s), Some(&t.game.view(s)), "the screen holds each spot's view");
        }
        assert_eq!(t.screen.spots(), t.game.spots(), "every spot as the table shows it");
        assert_eq!(t.view().dealer, t.game.dealer_visible());
        steps += 1;
        rounds += events.iter().filter(|e| matches!(e, Event::Settled { .. })).count();
    });
    assert!(steps > 5_000 && rounds > 500, "{steps} steps, {rounds} hands settled");
}

/// Cards `update` names that are not face up on `g`'s table (the hole card while down, the
/// shoe's cards to come): by kind, as a shoe holds several decks.
fn hidden_in(update: &impl serde::Serialize, g: &Game) -> Vec<Card> {
    let face_up = g.face_up_cards();
    cards_in::<Card>(update).into_iter().filter(|c| !face_up.contains(c)).collect()
}

#[test]
fn no_update_names_the_hole_card_or_the_shoe_to_come() {
    let (mut checked, mut holes, mut shoes) = (0, 0, 0);
    random_rounds(|_, t, events| {
        let g = &t.game;
        for &s in t.mine() {
            let u = g.update_after(s, events).unwrap();
            assert_eq!(hidden_in(&u, g), Vec::<Card>::new(), "after {:?}", g.log().last());
            // The check can fail: the hole card, or the shoe's next card, planted in the
            // update (where no such card is face up) is caught.
            let (hole, shoe) = g.face_down();
            if let Some(hole) = hole.filter(|h| hidden_in(&vec![*h], g) == [*h]) {
                let mut planted = u.clone();
                planted.view.dealer[1] = Some(hole);
                assert_eq!(hidden_in(&planted, g), vec![hole]);
                holes += 1;
            }
            if let Some(&next) = shoe.first().filter(|c| hidden_in(&vec![**c], g) == [**c]) {
                let mut planted = u.clone();
                planted.events.push(Event::DealerDraws { card: next });
                assert_eq!(hidden_in(&planted, g), vec![next]);
                shoes += 1;
            }
        }
        checked += 1;
    });
    assert!(checked > 5_000 && holes > 1_000 && shoes > 1_000, "{checked} {holes} {shoes}");
}

#[test]
fn the_views_refusal_is_the_games_for_every_move_of_every_spot() {
    let mut compared = 0;
    random_rounds(|_, t, _| {
        let g = &t.game;
        for (i, s) in g.spots().iter().enumerate() {
            if s.owner.is_none() {
                continue;
            }
            let spot = i as Spot;
            let view = g.view(spot);
            for a in moves(g, spot) {
                assert_eq!(view.refusal(a), g.refusal(a), "{a:?} at {:?}", g.phase());
                if t.is_mine(spot) {
                    assert_eq!(t.screen.refusal(a), g.refusal(a), "{a:?} at {:?}", g.phase());
                }
                compared += 1;
            }
        }
    });
    assert!(compared > 100_000, "{compared}");
}

#[test]
fn between_hands_the_bet_controls_offer_what_the_next_round_allows() {
    let (mut compared, mut sat_out) = (0, 0);
    random_rounds(|_, t, _| {
        let Some(next) = t.screen.next_bets() else { return };
        // The next round as the game deals it (a new shoe is a table of its own: not here).
        let mut after = t.clone();
        assert!(after.apply(Msg::Act { action: Action::NextRound, at: t.at() }));
        if after.seed != t.seed {
            return;
        }
        for &s in t.mine() {
            let (ours, game) = (next.view_of(s).unwrap(), after.screen.view_of(s).unwrap());
            assert_eq!((ours.phase, ours.chips, ours.bet), (game.phase, game.chips, game.bet));
            assert_eq!(ours.spots[s as usize], game.spots[s as usize]);
            sat_out += usize::from(t.screen.spots()[s as usize].bet > 0 && game.bet == 0);
            for a in moves(&after.game, s).into_iter().filter(|a| matches!(a, Action::Bet { .. } | Action::Deal)) {
                assert_eq!(next.refusal(a), after.screen.refusal(a), "{a:?}");
                compared += 1;
            }
        }
        assert_eq!((next.placed(), next.broke(), next.worth()), (after.placed(), after.broke(), after.worth()));
    });
    assert!(compared > 10_000, "{compared} moves compared, {sat_out} spots sat out");
}
