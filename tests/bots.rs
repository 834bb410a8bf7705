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
            // Random players may pick up while able to answer, breaking the model the search makes
            // of others; where the real hand keeps it, so does every sample.
            for s in (0..4).filter(|&s| s != seat && view.voids[s as usize].allows(g.hand(s))) {
                assert!(view.voids[s as usize].allows(sample.hand(s)), "{preset:?} step {step} seat {s}");
            }
            assert_eq!(sample.total_cards(), g.total_cards());
            // Search plays on from the sample without adding to the record of the last turns
            // (nobody reads it there): the record stays as the view showed it.
            let mut played = sample.clone();
            for k in 0..3 {
                let set = played.legal_set();
                if set.is_empty() {
                    break;
                }
                played.apply_legal(set.nth(k % set.len()));
            }
            assert_eq!(played.last_turns(), &view.last_turns[..], "{preset:?} step {step}");
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

/// Plays `game` with a normal bot in every seat (turn moves and "Last card" calls), calling
/// `each` before every action.
fn normal_game(mut game: Game, seed: u64, mut each: impl FnMut(&Game)) {
    let n = game.players();
    let mut bots: Vec<SheddingBot> = (0..n).map(|s| SheddingBot::new(s, Level::Normal, seed + s as u64)).collect();
    let mut steps = 0;
    while !game.is_over() && steps < 2000 {
        each(&game);
        let seat = game.current();
        let mut action = bots[seat as usize].decide(&game.view(seat)).expect("a move on its turn").action;
        if matches!(action, Action::Accuse { .. } | Action::Dispute { .. }) {
            // Call-outs are left out (a sample does not rebuild them): the bot moves instead.
            action = bots[seat as usize].decide(&game.view(seat)).expect("a move on its turn").action;
        }
        game.apply(action).unwrap();
        steps += 1;
    }
}

#[test]
fn sampled_deals_respect_what_the_table_showed_and_still_look_like_the_real_game() {
    // A seat that picked up instead of answering a pick-up or following a named suit holds none
    // of the cards that would have answered, but for those picked up since. Normal bots always
    // answer when they can, so in their games the constraint is true of the real hands; every
    // sample keeps it and still shows the searching seat exactly its own view.
    use blackjack::engine::rng::GameRng;
    let mut rng = GameRng::new(11);
    let mut constrained = 0;
    for preset in Preset::ALL {
        for seed in 0..6u64 {
            let game = Game::new(preset.rules(), 4, 300 + seed).unwrap();
            normal_game(game, seed, |g| {
                for s in 0..g.players() {
                    assert!(g.voids()[s as usize].allows(g.hand(s)), "{preset:?} seed {seed}: seat {s} real hand");
                }
                let me = g.current();
                let view = g.view(me);
                let others_void: Vec<Seat> = (0..4).filter(|&s| s != me && view.voids[s as usize].cards != 0).collect();
                if others_void.is_empty() {
                    return;
                }
                constrained += 1;
                for k in 0..4 {
                    // Plain samples, and samples held to the model of the others (as the search draws them).
                    let sample = if k % 2 == 0 {
                        Game::determinize(&view, &mut rng)
                    } else {
                        let mut fit_rng = GameRng::new(k);
                        Game::determinize_with(&view, &mut rng, 20, &mut |s, h| {
                            blackjack::bots::shedding::fits_normal(
                                &view.rules,
                                &view.last_turns[s as usize],
                                h,
                                &mut fit_rng,
                            )
                        })
                    };
                    let mut seen = sample.view(me);
                    seen.state_id = view.state_id;
                    assert_eq!(seen, view, "{preset:?} seed {seed}");
                    sample.check_invariants().unwrap();
                    for &s in &others_void {
                        let v = view.voids[s as usize];
                        assert!(v.allows(sample.hand(s)), "{preset:?} seed {seed}: seat {s} sampled {v:?}");
                    }
                }
            });
        }
    }
    assert!(constrained > 200, "only {constrained} positions with a constraint");
}

#[test]
fn a_seat_that_picks_up_instead_of_answering_is_taken_to_hold_no_answer() {
    // Seat 0 lays a black two; seat 1 picks up two instead of answering.
    let mut g = deal(Preset::Taylor, &["2S 9C 5H 4D", "6H 9S 3D 4C", "7C 9D 5C KH"], "5S", "8D 8C 3S 6C");
    play(&mut g, 0, "2S");
    draw(&mut g, 1);
    let v = g.voids()[1];
    let twos: u64 = ["2C", "2D", "2H", "2S"].iter().map(|s| 1u64 << c(s).index()).sum();
    assert_eq!((v.cards, v.free), (twos, 2), "no two of any colour, but for the two cards just picked up");
    assert_eq!(g.view(2).voids[1], v, "the whole table saw it");
    // Laying a card that is not a two leaves the bound as it was (it may have been either kind).
    let mut h = deal(Preset::Taylor, &["2S 9C 5H 4D", "6H 9S 3D 4C", "6S 9D 5C KH"], "5S", "2H 8C 3S 6C");
    play(&mut h, 0, "2S");
    draw(&mut h, 1);
    play(&mut h, 2, "6S");
    draw(&mut h, 0); // nothing follows, no pick-up pending, no suit named: this says nothing
    assert_eq!(h.voids()[0], Void::default());
    play(&mut h, 1, "6H");
    assert_eq!((h.voids()[1].cards, h.voids()[1].free), (twos, 2));
    assert_eq!(h.hand(1).len(), 5);
    // A new deal starts without any.
    assert!(Game::new(Preset::Taylor.rules(), 3, 1).unwrap().voids().iter().all(|v| *v == Void::default()));
}

#[test]
fn the_hard_bot_decides_the_same_whatever_the_hidden_cards_behind_a_constraint() {
    // Seat 1 picked up instead of answering the black two. Its hidden hand and the stock differ
    // between the two games (both keep it without a two); seat 2's view, and so the hard bot's
    // search over samples that respect the constraint, cannot.
    let mut a = deal(Preset::Taylor, &["2S 9C 5H 4D", "6H 9S 3D 4C", "7C 9D 5C KH"], "5S", "8D 8C 3S 6C");
    let mut b = deal(Preset::Taylor, &["2S 9C 5H 4D", "6H 9S KD 4C", "7C 9D 5C KH"], "5S", "3S 6C 8D 8C");
    for g in [&mut a, &mut b] {
        play(g, 0, "2S");
        draw(g, 1);
    }
    let (va, vb) = (a.view(2), b.view(2));
    assert_ne!(a.hand(1), b.hand(1));
    assert_eq!(va, vb);
    assert!(va.voids[1].cards != 0, "the constraint is in the view the search samples from");
    for seed in 0..4 {
        let mut x = SheddingBot::new(2, Level::Hard, seed).with_iterations(200);
        let mut y = SheddingBot::new(2, Level::Hard, seed).with_iterations(200);
        assert_eq!(x.decide(&va), y.decide(&vb));
    }
}

#[test]
fn normal_bots_real_hands_fit_their_latest_turns_and_many_sampled_hands_do_not() {
    // The search's model of the others is the normal policy: in games of normal bots a real hand
    // always fits its seat's latest turns where no pick-up has to be undone (a random guess at
    // which cards were picked up can miss), and fits far more often than a plain sample's hand
    // (the model tells the search something).
    use blackjack::bots::shedding::fits_normal;
    use blackjack::engine::rng::GameRng;
    let mut rng = GameRng::new(5);
    let (mut checked, mut real_misfits, mut misfits) = (0u32, 0u32, 0u32);
    for preset in Preset::ALL {
        for seed in 0..6u64 {
            let game = Game::new(preset.rules(), 4, 500 + seed).unwrap();
            normal_game(game, seed, |g| {
                let rules = g.rules();
                let me = g.current();
                let sample = Game::determinize(&g.view(me), &mut rng);
                for s in (0..g.players()).filter(|&s| s != me && g.last_turns()[s as usize][0].size > 0) {
                    let t = &g.last_turns()[s as usize];
                    let fits = fits_normal(rules, t, g.hand(s), &mut rng);
                    if t.iter().take_while(|t| t.size > 0).all(|t| t.first.is_some()) {
                        assert!(fits, "{preset:?} seed {seed}: seat {s} {t:?}");
                    }
                    checked += 1;
                    real_misfits += !fits as u32;
                    misfits += !fits_normal(rules, t, sample.hand(s), &mut rng) as u32;
                }
            });
        }
    }
    eprintln!("{checked} checked: real hands misfit {real_misfits}, samples {misfits}");
    assert!(misfits > 4 * real_misfits && misfits * 5 > checked, "{checked}: {real_misfits} real, {misfits} sampled");
}

#[test]
fn the_record_of_each_seats_latest_turns_holds_only_what_the_table_saw() {
    // The same public moves over different hidden cards (seat 1's and seat 2's hands, the stock):
    // seat 0's view, the turns it records included, is the same, and it says what was seen.
    let a = deal(Preset::Taylor, &["5H 9C 2H", "6H 9S 3D 4C", "7C 9D KH QS"], "4H", "KC KD KS");
    let b = deal(Preset::Taylor, &["5H 9C 2H", "6H 3S 8D 4C", "7C JD KH QC"], "4H", "9D 9S 8H");
    let mut views = Vec::new();
    for mut g in [a, b] {
        play(&mut g, 0, "5H");
        play(&mut g, 1, "6H");
        draw(&mut g, 2);
        assert_ne!(g.last_turns()[1][0], Default::default());
        views.push(g.view(0));
    }
    assert_eq!(views[0], views[1]);
    let (t1, t2) = (views[0].last_turns[1][0], views[0].last_turns[2][0]);
    assert_eq!((t1.first, t1.size, t1.laid.len(), t1.fewest), (Some(c("6H")), 4, 1, 2));
    assert_eq!((t2.first, t2.size, t2.laid.len(), t2.fewest), (None, 4, 0, 2));
    let hearts_or_sixes: u64 = ["6C", "6D", "6S"].iter().fold(0x1fff << 26, |m, s| m | 1u64 << c(s).index());
    assert_eq!(t2.open, hearts_or_sixes, "what could have followed the six of hearts");
    // So the hard bot, whose samples are held to these turns, decides the same.
    let mut x = SheddingBot::new(0, Level::Hard, 2).with_iterations(200);
    let mut y = SheddingBot::new(0, Level::Hard, 2).with_iterations(200);
    assert_eq!(x.decide(&views[0]), y.decide(&views[1]));
}

#[test]
fn a_stock_turned_over_unshuffled_is_public_and_so_are_the_cards_drawn_from_it() {
    // Taylor turns the face-up cards over as they lie: everyone watched them laid, so everyone
    // knows the new stock's order, and which card each seat then draws. Every sample keeps it.
    use blackjack::engine::rng::GameRng;
    use blackjack::engine::shedding::Hand;
    let mut g = deal(Preset::Taylor, &["5H 9C 2C", "6D 9S 3S", "7C 4D 6H"], "4H", "KC");
    // The same game but for the card seat 1 draws from the dealt stock: nobody else saw it.
    let mut other = deal(Preset::Taylor, &["5H 9C 2C", "6D 9S 3S", "7C 4D 6H"], "4H", "QD");
    for g in [&mut g, &mut other] {
        play(g, 0, "5H");
        draw(g, 1); // the last card of the dealt stock: nobody else knows it
        play(g, 2, "6H");
        assert!(g.view(2).stock_seen.is_empty() && g.view(2).known.iter().all(|k| k.is_empty()));
        draw(g, 0); // the stock is empty: 4H and 5H are turned over, and seat 0 draws 4H
    }
    assert_ne!(g.hand(1), other.hand(1));
    assert_eq!(g.view(2), other.view(2), "what seat 1 drew before the turn-over stays hidden");
    let view = g.view(1);
    assert_eq!(view.stock_seen, cards("5H"));
    assert_eq!(view.known, vec![Hand::from_cards(&cards("4H")), Hand::EMPTY, Hand::EMPTY]);
    assert_eq!(g.view(2).known, view.known, "the whole table saw it");
    let mut rng = GameRng::new(7);
    for _ in 0..20 {
        let sample = Game::determinize(&view, &mut rng);
        assert!(sample.hand(0).contains(c("4H")), "seat 0 holds the card it was seen to draw");
        assert_eq!(sample.stock_seen(), &cards("5H")[..]);
        let mut seen = sample.view(1);
        seen.state_id = view.state_id;
        assert_eq!(seen, view);
        sample.check_invariants().unwrap();
    }
    // Laid, the card is no longer known to be held.
    play(&mut g, 1, "6D");
    play(&mut g, 2, "4D");
    play(&mut g, 0, "4H");
    assert!(g.view(1).known.iter().all(|k| k.is_empty()));
    g.check_invariants().unwrap();
}

/// Taylor lets a seat pick up when it could lay a card, so a plain pick-up binds nothing at the
/// table; but a normal player picks up only with nothing to lay. Seat 0 leads the 9♣ and seat 1
/// picks up the K♦: in `with_clubs` seat 1 held the 4♣ and the 9♠ all along (it may draw when
/// able), in the other it held neither. Seat 2 sees the same either way.
fn club_lead_picked_up(with_clubs: bool) -> Game {
    let (one, stock) = if with_clubs { ("6H 9S 3D 4C", "KD 3S 4H 3H 6D") } else { ("6H 3S 3D 4H", "KD 9S 4C 3H 6D") };
    let mut g = deal(Preset::Taylor, &["9C 4D 5H 6S", one, "3C 9D 6C 4S"], "5C", stock);
    play(&mut g, 0, "9C");
    draw(&mut g, 1);
    g
}

#[test]
fn a_seat_that_picked_up_on_a_club_lead_is_dealt_without_clubs_more_often_than_not() {
    use blackjack::bots::ismcts::{Ismcts, Sampler};
    use blackjack::engine::cards::{Card, Suit};
    use blackjack::engine::rng::GameRng;
    let view = club_lead_picked_up(false).view(2);
    assert_eq!(view.voids[1], Void::default(), "no rule made seat 1 answer: the table binds nothing");
    let open = view.last_turns[1][0].open;
    let clubs: u64 = (0..52).map(Card::from_index).filter(|c| c.suit == Suit::Clubs).map(|c| 1u64 << c.index()).sum();
    assert_eq!(open & clubs, clubs, "any club could have opened seat 1's turn");
    // Of 400 deals, those giving seat 1 no club: the model's, and a plain shuffle's.
    let without_clubs = |config: Ismcts| {
        let sampler = Sampler::new(view.clone(), &config);
        let mut rng = GameRng::new(11);
        let mut none = 0;
        for _ in 0..400 {
            let hand = sampler.deal(&mut rng).hand(1);
            assert_eq!(hand.len(), 5);
            if config.infer {
                // It picked up one card since: at most one card that could have opened its turn.
                assert!(hand.count_in(open) <= 1, "{:?}", hand.to_vec());
            }
            none += (hand.count_in(clubs) == 0) as u32;
        }
        none
    };
    let plain = without_clubs(Ismcts { tries: 0, infer: false, ..Ismcts::default() });
    let inferred = without_clubs(Ismcts { infer: true, ..Ismcts::default() });
    eprintln!("seat 1 without clubs: {plain} of 400 plain, {inferred} of 400 inferred");
    assert!(plain < 200, "a plain shuffle gives seat 1 a club in most deals ({plain} of 400 without)");
    assert!(inferred > 240, "the model should deal seat 1 no club in most deals ({inferred} of 400 without)");
}

#[test]
fn what_the_search_infers_is_a_function_of_the_seats_view_alone() {
    // Two games that differ only in seat 1's hidden cards and the stock: the same view, so the
    // same bounds inferred, the same deals for a seed, and the same move for a seed.
    use blackjack::bots::ismcts::{Ismcts, Sampler};
    let (a, b) = (club_lead_picked_up(true), club_lead_picked_up(false));
    assert_ne!(a.hand(1), b.hand(1));
    let (va, vb) = (a.view(2), b.view(2));
    assert_eq!(va, vb);
    let config = Ismcts { infer: true, iterations: 300, ..Ismcts::default() };
    let (sa, sb) = (Sampler::new(va.clone(), &config), Sampler::new(vb.clone(), &config));
    assert_eq!(sa.view(), sb.view());
    assert_ne!(sa.view().voids[1], Void::default(), "seat 1's pick-up is read as a bound");
    same_deals_and_moves(&sa, &sb, &va, &vb, &config);
}

/// Two samplers (and two hard bots) given equal views deal the same hands and choose the same
/// move for each seed: what the model infers comes from the view alone.
fn same_deals_and_moves(
    sa: &blackjack::bots::ismcts::Sampler,
    sb: &blackjack::bots::ismcts::Sampler,
    va: &blackjack::engine::shedding::SeatView,
    vb: &blackjack::engine::shedding::SeatView,
    config: &blackjack::bots::ismcts::Ismcts,
) {
    use blackjack::engine::rng::GameRng;
    for seed in 0..20 {
        let (x, y) = (sa.deal(&mut GameRng::new(seed)), sb.deal(&mut GameRng::new(seed)));
        assert!((0..3).all(|s| x.hand(s) == y.hand(s)), "seed {seed}");
    }
    for seed in 0..4 {
        let mut x = SheddingBot::new(2, Level::Hard, seed).with_search(config.clone());
        let mut y = SheddingBot::new(2, Level::Hard, seed).with_search(config.clone());
        assert_eq!(x.decide(va), y.decide(vb));
    }
}

/// Priestly lets a seat say "Last card(s)" at any time; the easy and normal bots say it before
/// their last card only with two or three cards all of one suit or one rank (the hard bot with
/// any two or three). Seat 1 lays the 5♠ and calls with three cards left: all hearts in
/// `one_suit`, three suits in the other (a call only the hard bot would make, but the table
/// cannot tell). Seat 2 sees the same either way.
fn priestly_call_stands(one_suit: bool) -> Game {
    let one = if one_suit { "5S KH 9H 6H" } else { "5S KC 9D 6H" };
    let mut g = deal(Preset::Priestly, &["5H 9S 4C 7D", one, "5D 9C 7C 4S"], "4H", "KD 3S 4D 3H 6D");
    play(&mut g, 0, "5H");
    play(&mut g, 1, "5S");
    act(&mut g, Action::CallLastCard { seat: 1 });
    g
}

#[test]
fn a_standing_call_is_read_as_the_bots_call_from_the_view_alone() {
    use blackjack::bots::ismcts::{Ismcts, Sampler};
    use blackjack::bots::shedding::could_run_out;
    use blackjack::engine::rng::GameRng;
    let (a, b) = (priestly_call_stands(true), priestly_call_stands(false));
    assert_ne!(a.hand(1), b.hand(1));
    assert_eq!(a.current(), 2);
    let (va, vb) = (a.view(2), b.view(2));
    assert_eq!(va, vb);
    assert!(va.calls[1].called && va.hand_sizes[1] == 3, "seat 1's call stands with three cards");
    // Of 200 deals, those giving seat 1 three cards of one suit or one rank: the model's, a plain one's.
    let runs_out = |config: &Ismcts| {
        let sampler = Sampler::new(va.clone(), config);
        let mut rng = GameRng::new(3);
        (0..200).filter(|_| could_run_out(sampler.deal(&mut rng).hand(1))).count()
    };
    let plain = runs_out(&Ismcts { bot_calls: false, ..Ismcts::default() });
    let read = runs_out(&Ismcts { bot_calls: true, ..Ismcts::default() });
    eprintln!("seat 1 of one suit or rank: {plain} of 200 plain, {read} of 200 reading the call");
    assert!(plain < 40, "three cards at random are rarely of one suit ({plain} of 200)");
    assert!(read > 190, "the model should deal seat 1 a hand it would have called with ({read} of 200)");
    // What it infers comes from the view alone: the same deals and the same move for a seed.
    let config = Ismcts { bot_calls: true, iterations: 300, ..Ismcts::default() };
    let (sa, sb) = (Sampler::new(va.clone(), &config), Sampler::new(vb.clone(), &config));
    same_deals_and_moves(&sa, &sb, &va, &vb, &config);
}

#[test]
fn the_hard_bot_says_last_cards_with_any_two_or_three_cards_where_the_call_is_never_false() {
    // Priestly: seat 1 lays the 5♠ and holds K♣ 9♦ 6♥, no run in sight. The call costs nothing
    // and a hand such as 5♥ 6♥ 6♣ can go in one run, so the hard bot says it; the normal bot
    // waits for a hand of one suit or rank.
    let mut g = deal(Preset::Priestly, &["5H 9S 4C 7D", "5S KC 9D 6H", "5D 9C 7C 4S"], "4H", "KD 3S 4D 3H 6D");
    play(&mut g, 0, "5H");
    play(&mut g, 1, "5S");
    let call = Action::CallLastCard { seat: 1 };
    let says = |level, g: &Game| SheddingBot::new(1, level, 9).table_decision(&g.view(1)).map(|d| d.action);
    assert_eq!(says(Level::Hard, &g), Some(call));
    assert_eq!(says(Level::Normal, &g), None);
    // Taylor takes the call only with one card (a false call is not among the legal moves), so
    // the hard bot with two cards stays quiet there.
    let mut t = deal(Preset::Taylor, &["5H 9S 4C 7D", "5S KC 9D", "5D 9C 7C 4S"], "4H", "KD 3S 4D 3H 6D");
    play(&mut t, 0, "5H");
    play(&mut t, 1, "5S");
    assert_eq!(t.view(1).hand.len(), 2);
    assert_eq!(says(Level::Hard, &t), None);
}

#[test]
fn a_hand_could_run_out_when_all_one_suit_or_all_one_rank() {
    use blackjack::bots::shedding::could_run_out;
    let run = |s: &str| could_run_out(Hand::from_cards(&cards(s)));
    for yes in ["5H", "5H 9H", "KH 9H 6H", "5H 5C 5D", "9S 9S"] {
        assert!(run(yes), "{yes}");
    }
    for no in ["5H 6C", "5H 5C 6C", "KH 9H 6S", "AS 2S 2H"] {
        assert!(!run(no), "{no}");
    }
}
