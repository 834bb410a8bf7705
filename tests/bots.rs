//! Bots: never an illegal action, the same choice for the same view and seed, and blind to
//! anything a seat cannot see.
mod common;
use blackjack::bots::shedding::{Level, SheddingBot};
use blackjack::bots::table::play_out;
use common::*;

#[test]
fn bots_never_choose_an_illegal_action_in_any_preset_or_table_size() {
    // play_out panics on any refused action; thousands of positions across every preset.
    let mut positions = 0;
    for preset in Preset::ALL {
        for players in [2u8, 3, 4, 6, 9, 12] {
            for seed in 0..3u64 {
                let levels: Vec<Level> = (0..players)
                    .map(|s| if (s as u64 + seed) % 2 == 0 { Level::Normal } else { Level::Easy })
                    .collect();
                let game = Game::new(preset.rules(), players, seed * 97 + players as u64).unwrap();
                positions += play_out(game, &levels, seed, &mut || 0).actions;
            }
        }
    }
    assert!(positions > 5_000, "only {positions} positions");
}

#[test]
fn the_same_view_and_seed_give_the_same_decision_and_games_replay() {
    let game = Game::new(Preset::Taylor.rules(), 4, 42).unwrap();
    let levels = [Level::Normal, Level::Easy, Level::Normal, Level::Easy];
    let a = play_out(game.clone(), &levels, 7, &mut || 0);
    let b = play_out(game, &levels, 7, &mut || 0);
    assert_eq!((a.winner, a.actions), (b.winner, b.actions));
    let g = Game::new(Preset::British.rules(), 3, 5).unwrap();
    let v = g.view(g.current());
    let mut x = SheddingBot::new(g.current(), Level::Normal, 9);
    let mut y = SheddingBot::new(g.current(), Level::Normal, 9);
    assert_eq!(x.decide(&v), y.decide(&v));
}

#[test]
fn a_bot_decides_the_same_whatever_the_hidden_cards_are() {
    // Seat 1's hand and the stock differ; seat 0's view, and so its bot's choices, cannot.
    let a = deal(Preset::Taylor, &["5H 9C 2H", "6H 9S 3D", "7C 9D"], "4H", "KC KD KS");
    let b = deal(Preset::Taylor, &["5H 9C 2H", "6H 9S KC", "7C 9D"], "4H", "3D KD KS");
    for level in [Level::Easy, Level::Normal] {
        let mut x = SheddingBot::new(0, level, 3);
        let mut y = SheddingBot::new(0, level, 3);
        assert_eq!(x.decide(&a.view(0)), y.decide(&b.view(0)));
    }
}

#[test]
fn a_normal_bot_answers_a_pick_up_instead_of_picking_up() {
    let mut g = deal(Preset::Taylor, &["JS 9C", "JH 7D 8D", "6S"], "4S", "3D 4D 5D 6D 9D 3S 4S 5S");
    play(&mut g, 0, "JS");
    let mut bot = SheddingBot::new(1, Level::Normal, 1);
    let d = bot.decide(&g.view(1)).unwrap();
    assert_eq!(d.action, Action::Play { seat: 1, card: c("JH") });
}

#[test]
fn a_normal_bot_names_the_suit_it_holds_most_of() {
    let mut g = deal(Preset::British, &["AH 3S 7S KS 2D", "6C"], "4H", "3D 4D 5D");
    play(&mut g, 0, "AH");
    let mut bot = SheddingBot::new(0, Level::Normal, 1);
    let d = bot.decide(&g.view(0)).unwrap();
    assert_eq!(d.action, Action::NameSuit { seat: 0, suit: blackjack::engine::cards::Suit::Spades });
}

#[test]
fn a_sampled_deal_looks_exactly_like_the_real_game_from_the_searching_seat() {
    use blackjack::engine::rng::GameRng;
    let mut rng = GameRng::new(3);
    for preset in Preset::ALL {
        let mut g = Game::new(preset.rules(), 4, 17).unwrap();
        for step in 0..60 {
            if g.is_over() {
                break;
            }
            let seat = (step % 4) as Seat;
            let view = g.view(seat);
            let sample = Game::determinize(&view, &mut rng);
            let mut seen = sample.view(seat);
            seen.state_id = view.state_id; // the sample has no history of its own
            assert_eq!(seen, view, "{preset:?} step {step}");
            sample.check_invariants().unwrap();
            assert_eq!(sample.total_cards(), g.total_cards());
            let legal = g.legal_actions();
            g.apply(legal[step % legal.len()]).unwrap();
        }
    }
}

#[test]
fn the_hard_bot_picks_a_legal_move_and_the_same_one_for_the_same_seed() {
    let mut g = Game::new(Preset::Taylor.rules(), 3, 8).unwrap();
    for _ in 0..12 {
        if g.is_over() {
            break;
        }
        let seat = g.current();
        let view = g.view(seat);
        let mut a = SheddingBot::new(seat, Level::Hard, 5).with_iterations(60);
        let mut b = SheddingBot::new(seat, Level::Hard, 5).with_iterations(60);
        let (da, db) = (a.decide(&view).unwrap(), b.decide(&view).unwrap());
        assert_eq!(da, db);
        assert!(g.is_legal(da.action), "{}", da.action);
        g.apply(da.action).unwrap();
    }
}
