//! UNO Blackjack (seed 002): a scenario per sentence on scripted decks, random play over every
//! player count checking the invariants, and the bots. docs/rules/uno-blackjack.md maps each
//! seed sentence to its test here.

use blackjack::bots::shedding::Level;
use blackjack::bots::uno::{bust_probability, decide, jitter, play_out, round_values};
use blackjack::engine::rng::GameRng;
use blackjack::engine::uno::cards::ParseUnoCardError;
use blackjack::engine::uno::*;

fn card(s: &str) -> UnoCard {
    s.parse().unwrap()
}
fn cards(s: &str) -> Vec<UnoCard> {
    s.split_whitespace().map(card).collect()
}

fn rules(f: impl FnOnce(&mut UnoSpec)) -> UnoRules {
    let mut spec = UnoSpec { queue_size: 3, ..UnoSpec::default() };
    f(&mut spec);
    UnoRules::new(spec).unwrap()
}

/// A scripted game: `queues[i]` is seat i's queue from the top; `deck` is the deck from the top.
fn game(r: UnoRules, queues: &[&str], deck: &str) -> Game {
    let qs: Vec<Vec<UnoCard>> = queues.iter().map(|q| cards(q)).collect();
    let size = r.queue_size as usize;
    let mut order = Vec::new();
    for i in 0..size {
        for q in &qs {
            order.push(q[i]);
        }
    }
    order.extend(cards(deck));
    Game::with_deck(r, queues.len() as u8, &[], order).unwrap()
}

fn flips(ev: &[Event]) -> Vec<(Seat, String)> {
    ev.iter()
        .filter_map(|e| if let Event::Flipped { seat, card, .. } = e { Some((*seat, card.to_string())) } else { None })
        .collect()
}

#[test]
fn a_deck_is_108_uno_cards() {
    let d = uno_decks(1);
    assert_eq!(d.len(), 108);
    assert_eq!(d.iter().filter(|c| c.face == Face::Number(0)).count(), 4);
    assert_eq!(d.iter().filter(|c| c.face == Face::Number(7)).count(), 8);
    assert_eq!(d.iter().filter(|c| c.face == Face::Skip).count(), 8);
    assert_eq!(d.iter().filter(|c| c.face == Face::DrawTwo).count(), 8);
    assert_eq!(d.iter().filter(|c| c.face == Face::Wild).count(), 4);
    assert_eq!(d.iter().filter(|c| c.face == Face::WildDrawFour).count(), 4);
    assert_eq!(uno_decks(2).len(), 216, "1 or more decks put together into a single deck");
}

#[test]
fn card_text_reads_back_and_bad_text_says_which_part_is_wrong() {
    for c in uno_decks(1) {
        assert_eq!(c.to_string().parse::<UnoCard>(), Ok(c));
    }
    let colour = |s: &str| Err(ParseUnoCardError::Colour(s.into()));
    let face = |s: &str| Err(ParseUnoCardError::Face(s.into()));
    assert_eq!("".parse::<UnoCard>(), colour(""));
    assert_eq!("X7".parse::<UnoCard>(), colour("X7"));
    assert_eq!("é".parse::<UnoCard>(), colour("é"));
    assert_eq!("r7".parse::<UnoCard>(), colour("r7"));
    for bad in ["R", "R10", "R+5", "R05", "B+4", "GW", "Yé"] {
        assert_eq!(bad.parse::<UnoCard>(), face(bad));
    }
    assert_eq!(format!("R{}", "9".repeat(10_000)).parse::<UnoCard>(), face("R9999999"), "the text kept is short");
    assert_eq!("X7".parse::<UnoCard>().unwrap_err().to_string(), "not an UNO card: \"X7\"");
}

#[test]
fn two_to_ten_players_and_each_queue_gets_15_cards_dealt_clockwise_face_down() {
    assert!(Game::new(UnoRules::seed_rules(), 1, 1).is_err());
    assert!(Game::new(UnoRules::seed_rules(), 11, 1).is_err());
    for n in 2..=10 {
        let g = Game::new(UnoRules::seed_rules(), n, 1).unwrap();
        assert!(g.players().iter().all(|p| p.queue.len() == 15));
        let v = g.view(0);
        assert_eq!(v.queue_sizes, vec![15; n as usize], "a seat sees queue sizes, never their cards");
        assert_eq!(g.cards_accounted(), g.total_cards());
    }
    // Clockwise, one card at a time: seat 0 gets the 1st, 4th, 7th card of a 3-player deal.
    let g = game(rules(|_| {}), &["R1 R2 R3", "G1 G2 G3", "B1 B2 B3"], "Y1 Y2");
    assert_eq!(g.players()[1].queue.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["G1", "G2", "G3"]);
    assert_eq!(g.deck_len(), 2, "the deck goes to the side");
}

#[test]
fn card_values_numbers_wilds_as_aces_reverse_and_draw_ten_skip_by_option() {
    let t = |s: &str| total(&cards(s), SkipValue::Ten);
    assert_eq!(t("R0 B7"), 7);
    assert_eq!(t("W R5"), 16, "a wild is an ace: 11");
    assert_eq!(t("W R5 G9"), 15, "or 1 if 11 would bust");
    assert_eq!(t("+4 R5"), 16, "Wild Draw Four is a wild card (the seed's Draw X excludes wilds)");
    assert_eq!(t("RR B+2"), 20);
    assert_eq!(t("RS"), 10, "our choice: a Skip is worth 10 like the other action cards");
    assert_eq!(total(&cards("RS"), SkipValue::Zero), 0, "house rule: Skip worth 0");
}

#[test]
fn reveal_flips_the_top_of_each_queue_starting_with_the_first_player_dealt() {
    let mut g = game(rules(|_| {}), &["R1 R2 R3", "G4 G2 G3", "B5 B2 B3"], "");
    let ev = g.apply(Action::Reveal).unwrap();
    assert_eq!(flips(&ev), [(0, "R1".into()), (1, "G4".into()), (2, "B5".into())]);
    assert_eq!(g.phase(), &Phase::Match { turn: 0 }, "the match starts with the first to reveal");
}

#[test]
fn reveal_skip_passes_over_the_next_player_who_flips_later() {
    let mut g = game(rules(|_| {}), &["RS R2 R3", "G4 G2 G3", "B5 B2 B3"], "");
    let ev = g.apply(Action::Reveal).unwrap();
    assert!(ev.contains(&Event::Skipped { seat: 1 }));
    // 0 skips 1; 2 flips; 0 flips again (1 still has no card); then 1.
    assert_eq!(flips(&ev), [(0, "RS".into()), (2, "B5".into()), (0, "R2".into()), (1, "G4".into())]);
}

#[test]
fn reveal_reverse_changes_direction() {
    let mut g = game(rules(|_| {}), &["RR R2 R3", "G4 G2 G3", "B5 B2 B3"], "");
    let ev = g.apply(Action::Reveal).unwrap();
    assert_eq!(flips(&ev), [(0, "RR".into()), (2, "B5".into()), (1, "G4".into())]);
    assert_eq!(g.phase(), &Phase::Match { turn: 0 });
    assert!(g.clockwise(), "the match moves clockwise at first");
}

#[test]
fn reveal_draw_card_counts_as_draw_one_the_next_player_flips_one_and_loses_the_turn() {
    let mut g = game(rules(|_| {}), &["R+2 R2 R3", "GS G2 G3", "B5 B2 B3"], "");
    let ev = g.apply(Action::Reveal).unwrap();
    assert!(ev.contains(&Event::DrawPenalty { seat: 1 }));
    // Seat 1's drawn Skip is not played, so it skips nobody; seat 2 goes next.
    assert_eq!(flips(&ev), [(0, "R+2".into()), (1, "GS".into()), (2, "B5".into())]);
    // A draw card as the last needed flip still makes the next player flip.
    let mut g = game(rules(|_| {}), &["R1 R2 R3", "G4 G2 G3", "B+2 B2 B3"], "");
    let ev = g.apply(Action::Reveal).unwrap();
    assert_eq!(flips(&ev), [(0, "R1".into()), (1, "G4".into()), (2, "B+2".into()), (0, "R2".into())]);
}

#[test]
fn hit_flips_from_the_queue_and_from_the_deck_once_the_queue_is_empty() {
    let mut g = game(rules(|s| s.queue_size = 2), &["R1 R2", "G4 G2"], "Y3 Y4 Y5");
    g.apply(Action::Reveal).unwrap();
    let ev = g.apply(Action::Hit { seat: 0 }).unwrap();
    assert!(matches!(ev[0], Event::Flipped { seat: 0, from_deck: false, total: 3, .. }));
    g.apply(Action::Hit { seat: 1 }).unwrap();
    let ev = g.apply(Action::Hit { seat: 0 }).unwrap();
    assert!(matches!(ev[0], Event::Flipped { seat: 0, from_deck: true, total: 6, .. }), "{ev:?}");
}

#[test]
fn reverse_in_the_match_changes_direction() {
    let mut g = game(rules(|_| {}), &["R1 RR R3", "G4 G2 G3", "B5 B2 B3"], "");
    g.apply(Action::Reveal).unwrap();
    let ev = g.apply(Action::Hit { seat: 0 }).unwrap();
    assert!(ev.contains(&Event::Reversed { clockwise: false }));
    assert_eq!(g.phase(), &Phase::Match { turn: 2 });
}

#[test]
fn a_bust_is_collected_at_once_and_the_player_is_out_of_the_round() {
    let mut g = game(rules(|_| {}), &["R9 RR R+2", "G4 G2 G3", "B5 B2 B3"], "");
    g.apply(Action::Reveal).unwrap();
    g.apply(Action::Hit { seat: 0 }).unwrap(); // 19, and a Reverse: turn to seat 2
    g.apply(Action::Pass { seat: 2 }).unwrap();
    g.apply(Action::Pass { seat: 1 }).unwrap();
    let ev = g.apply(Action::Hit { seat: 0 }).unwrap(); // 29: bust
    assert!(ev.iter().any(|e| matches!(e, Event::Bust { seat: 0, total: 29, collected: 3 })), "{ev:?}");
}

#[test]
fn the_match_ends_when_all_remaining_players_pass_and_closest_to_21_wins() {
    let mut g = game(rules(|_| {}), &["R9 R8 R3", "G4 G2 G3", "B5 B2 B3"], "Y1 Y2 Y3 Y4 Y5 Y6");
    g.apply(Action::Reveal).unwrap();
    g.apply(Action::Hit { seat: 0 }).unwrap(); // 17
    g.apply(Action::Pass { seat: 1 }).unwrap();
    g.apply(Action::Pass { seat: 2 }).unwrap();
    assert_eq!(g.phase(), &Phase::Match { turn: 0 }, "passing is final; seat 0 may still hit");
    let ev = g.apply(Action::Pass { seat: 0 }).unwrap();
    assert!(ev.contains(&Event::Winners { seats: vec![0], total: 17 }));
    // 4 cards collected: 4 drawn from the deck to the bottom of the winner's queue.
    assert!(ev.contains(&Event::Rewarded { seat: 0, cards: 4 }));
    let q: Vec<String> = g.players()[0].queue.iter().map(|c| c.to_string()).collect();
    assert_eq!(q, ["R3", "Y1", "Y2", "Y3", "Y4"]);
    assert_eq!(g.trash().len(), 4, "the stacks go to the trash");
    assert_eq!(g.phase(), &Phase::RoundStart);
    assert_eq!(g.starter(), 1, "the next round starts clockwise from the last starter");
}

#[test]
fn the_match_ends_when_one_player_remains() {
    let mut g = game(rules(|s| s.queue_size = 3), &["R9 R8 R9", "G4 G2 G3"], "Y1 Y2 Y3 Y4 Y5 Y6");
    g.apply(Action::Reveal).unwrap();
    g.apply(Action::Hit { seat: 0 }).unwrap(); // 17
    g.apply(Action::Hit { seat: 1 }).unwrap(); // 6
    let ev = g.apply(Action::Hit { seat: 0 }).unwrap(); // 26 bust
    assert!(ev.contains(&Event::Winners { seats: vec![1], total: 6 }), "{ev:?}");
}

#[test]
fn tied_winners_split_the_reward_earliest_total_gets_the_odd_card() {
    let mut g = game(rules(|_| {}), &["R9 R8 R3", "G9 G8 G3", "B5 B2 B3"], "Y1 Y2 Y3 Y4 Y5 Y6 Y7");
    g.apply(Action::Reveal).unwrap(); // 9, 9, 5
    g.apply(Action::Hit { seat: 0 }).unwrap(); // 17 (reached first)
    g.apply(Action::Hit { seat: 1 }).unwrap(); // 17
    g.apply(Action::Pass { seat: 2 }).unwrap();
    g.apply(Action::Pass { seat: 0 }).unwrap();
    let ev = g.apply(Action::Pass { seat: 1 }).unwrap();
    assert!(ev.contains(&Event::Winners { seats: vec![0, 1], total: 17 }));
    // 5 cards collected: 3 to seat 0 (earlier), 2 to seat 1.
    assert!(ev.contains(&Event::Rewarded { seat: 0, cards: 3 }));
    assert!(ev.contains(&Event::Rewarded { seat: 1, cards: 2 }));
}

#[test]
fn the_trash_is_shuffled_into_an_empty_deck() {
    let mut g = game(rules(|s| s.queue_size = 2), &["R9 R8", "G4 G2"], "");
    g.apply(Action::Reveal).unwrap();
    g.apply(Action::Pass { seat: 0 }).unwrap();
    g.apply(Action::Pass { seat: 1 }).unwrap(); // deck empty: no reward cards; stacks to trash
    assert_eq!(g.trash().len(), 2);
    g.apply(Action::Reveal).unwrap(); // 8 v 2
    let ev = g.apply(Action::Hit { seat: 1 }).unwrap(); // seat 1's queue is empty: deck empty: trash shuffled
    assert!(ev.iter().any(|e| matches!(e, Event::TrashShuffled { cards: 2 })), "{ev:?}");
}

#[test]
fn an_empty_queue_at_the_end_of_a_round_is_out_and_the_last_with_a_queue_wins() {
    let mut g = game(rules(|s| s.queue_size = 1), &["R9", "G4", "B5"], "Y1 Y2");
    g.apply(Action::Reveal).unwrap();
    g.apply(Action::Pass { seat: 0 }).unwrap();
    g.apply(Action::Pass { seat: 1 }).unwrap();
    let ev = g.apply(Action::Pass { seat: 2 }).unwrap();
    assert!(ev.contains(&Event::Out { seat: 1 }) && ev.contains(&Event::Out { seat: 2 }));
    assert_eq!(g.phase(), &Phase::Over { winners: vec![0] });
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.apply(Action::Reveal).unwrap_err().reason, Refusal::GameOver);
}

#[test]
fn a_player_joining_mid_game_draws_from_the_deck_and_is_out_after_three_rounds_without_a_queue() {
    let r = rules(|s| s.queue_size = 8);
    let mut g = Game::with_waiting(r, 3, &[2], 5).unwrap();
    assert_eq!(g.players()[2].queue.len(), 0);
    assert!(g.legal_actions().contains(&Action::Join { seat: 2 }));
    g.apply(Action::Join { seat: 2 }).unwrap();
    let mut rounds = 0;
    let mut rng = GameRng::new(3);
    while !g.is_over() && rounds < 3 {
        let ev = g.apply(Action::Reveal).unwrap();
        assert!(
            ev.iter().any(|e| matches!(e, Event::Flipped { seat: 2, from_deck: true, .. })),
            "the joiner flips from the deck"
        );
        while let Phase::Match { turn } = g.phase().clone() {
            // Seat 2 always busts its way out; others pass.
            let a = if turn == 2 && rng.below(2) == 0 { Action::Hit { seat: 2 } } else { Action::Pass { seat: turn } };
            g.apply(a).unwrap();
        }
        rounds += 1;
        if g.players()[2].status == Status::Playing {
            return; // earned a queue: proceeds as normal
        }
    }
    assert!(matches!(g.players()[2].status, Status::Out | Status::Playing), "{:?}", g.players()[2].status);
}

#[test]
fn joiners_who_never_win_are_out_after_exactly_three_rounds() {
    let r = rules(|s| s.queue_size = 10);
    let mut g = Game::with_waiting(r, 3, &[2], 9).unwrap();
    g.apply(Action::Join { seat: 2 }).unwrap();
    for round in 1..=3 {
        g.apply(Action::Reveal).unwrap();
        while let Phase::Match { turn } = g.phase().clone() {
            // The joiner hits until bust, so never wins a reward.
            let a = if turn == 2 && g.is_legal(Action::Hit { seat: 2 }) {
                Action::Hit { seat: 2 }
            } else {
                Action::Pass { seat: turn }
            };
            g.apply(a).unwrap();
        }
        let st = g.players()[2].status;
        if round < 3 {
            assert!(matches!(st, Status::Joining { .. }), "round {round}: {st:?}");
        } else {
            assert_eq!(st, Status::Out);
        }
    }
}

#[test]
fn dealing_losing_players_back_in_has_no_three_round_limit() {
    let r = rules(|s| {
        s.queue_size = 2;
        s.deal_back_in = true;
    });
    // Seat 2 flips its last card in the reveal and wins nothing: out of cards, dealt back in.
    let mut g = game(r, &["R9 R8", "G9 G8", "B2 Y2"], "Y1 Y3 Y4 Y5 Y6 Y7 Y8 Y9 G1 G2 G3 G5 G6 G7");
    g.apply(Action::Reveal).unwrap();
    g.apply(Action::Pass { seat: 0 }).unwrap();
    g.apply(Action::Pass { seat: 1 }).unwrap();
    g.apply(Action::Hit { seat: 2 }).unwrap(); // 4
    g.apply(Action::Pass { seat: 2 }).unwrap();
    assert_eq!(g.players()[2].status, Status::Joining { rounds_left: None });
    assert!(!g.is_over(), "two players still have queues; the third plays on from the deck");
    for _ in 0..5 {
        if g.is_over() {
            break;
        }
        g.apply(Action::Reveal).unwrap();
        while let Phase::Match { turn } = g.phase().clone() {
            g.apply(Action::Pass { seat: turn }).unwrap();
        }
        assert_ne!(g.players()[2].status, Status::Out, "never out for lack of a queue");
    }
}

#[test]
fn bad_rules_list_every_problem_each_by_kind() {
    let e = UnoRules::new(UnoSpec {
        min_players: 1,
        max_players: 11,
        queue_size: 0,
        decks: Some(5),
        join_rounds: 0,
        ..UnoSpec::default()
    })
    .unwrap_err();
    assert_eq!(
        e.problems,
        [
            UnoProblem::Players { min: 1, max: 11 },
            UnoProblem::EmptyQueue,
            UnoProblem::Decks(5),
            UnoProblem::NoJoinRounds
        ]
    );
    assert_eq!(e.problems[0].to_string(), "players must be within 2 to 10, not 1 to 11");
    // One deck (108 cards) up to six players: four queues of 30 leave 8 to draw, the first count found.
    let e = UnoRules::new(UnoSpec { queue_size: 30, ..UnoSpec::default() }).unwrap_err();
    assert_eq!(e.problems, [UnoProblem::ShortDeck { players: 4, queue: 30, cards: 108 }]);
    assert_eq!(
        e.to_string(),
        "the UNO Blackjack rules have 1 problem(s): 4 players with 30 cards each leave under 10 cards of 108 in the deck"
    );
}

#[test]
fn random_games_keep_every_invariant_at_every_player_count() {
    let games: u64 = std::env::var("UNO_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(12);
    for players in 2..=10u8 {
        for seed in 0..games {
            let r = UnoRules::new(UnoSpec {
                pass_is_final: seed % 3 != 0,
                skip_value: if seed % 2 == 0 { SkipValue::Ten } else { SkipValue::Zero },
                ..UnoSpec::default()
            })
            .unwrap();
            let mut g = Game::new(r, players, seed * 31 + players as u64).unwrap();
            let mut rng = GameRng::new(seed);
            let mut steps = 0;
            while !g.is_over() {
                let legal = g.legal_actions();
                assert!(!legal.is_empty(), "legal actions until the end");
                assert!(legal.windows(2).all(|w| w[0] < w[1]));
                let a = if let Phase::Match { turn } = g.phase() {
                    decide(&g.view(*turn), [Level::Easy, Level::Normal, Level::Hard][(seed % 3) as usize], rng.unit())
                } else {
                    legal[0]
                };
                assert!(g.is_legal(a), "the bot chose {a:?}, legal {legal:?}");
                let before = g.clone();
                let bad = Action::Hit { seat: (players + 1) % players };
                if !g.is_legal(bad) {
                    assert!(g.apply(bad).is_err());
                    assert_eq!(g, before, "a refused action changes nothing");
                }
                g.apply(a).unwrap();
                assert_eq!(g.cards_accounted(), g.total_cards(), "cards conserved");
                // A screen fed only views knows what the game would refuse, and why.
                let v = g.view((steps % players as u32) as Seat);
                for s in 0..=players {
                    for a in
                        [Action::Reveal, Action::Hit { seat: s }, Action::Pass { seat: s }, Action::Join { seat: s }]
                    {
                        assert_eq!(v.refusal(a), g.refusal(a), "{a:?} from the view ({players} players, seed {seed})");
                    }
                }
                for s in 0..players {
                    let v = g.view(s);
                    assert_eq!(
                        v.queue_sizes.iter().map(|&n| n as usize).sum::<usize>(),
                        g.players().iter().map(|p| p.queue.len()).sum::<usize>()
                    );
                }
                steps += 1;
                assert!(g.round() <= g.rules().round_limit(), "a game ends ({players} players, seed {seed})");
                assert!(steps < 200_000, "a game ends ({players} players, seed {seed})");
            }
            let replayed = Game::replay(&g.save(), None).unwrap();
            assert_eq!(replayed, g, "the save replays to the same state");
        }
    }
}

#[test]
fn bots_see_only_the_view_and_choose_the_same_for_the_same_view() {
    let mut g = game(rules(|_| {}), &["R9 R8 R3", "G9 G8 G3", "B5 B2 B3"], "Y1 Y2 Y3");
    g.apply(Action::Reveal).unwrap();
    let v = g.view(0);
    assert_eq!(decide(&v, Level::Hard, 0.5), decide(&v, Level::Hard, 0.5));
    assert_eq!(bust_probability(&v), 0.0, "nothing busts a 9");
    assert_eq!(decide(&v, Level::Normal, 0.0), Action::Hit { seat: 0 });
    g.apply(Action::Hit { seat: 0 }).unwrap(); // 17
    let p = bust_probability(&g.view(0));
    assert!(p > 0.3 && p < 0.6, "17 busts on 5 and up (wilds count 1): {p}");
}

#[test]
fn hidden_cards_change_no_level_s_decision() {
    // The same cards face up, different queues and deck beneath: the same view, the same choices.
    let mut a = game(rules(|_| {}), &["R9 R8 R3", "G9 G4 G3"], "Y1 Y2 Y3 Y4");
    let mut b = game(rules(|_| {}), &["R9 Y2 B7", "G9 R1 +4"], "B5 G8 R0 W");
    for g in [&mut a, &mut b] {
        g.apply(Action::Reveal).unwrap();
    }
    for seat in 0..2 {
        assert_eq!(a.phase(), &Phase::Match { turn: seat });
        let (va, vb) = (a.view(seat), b.view(seat));
        assert_eq!(va, vb, "what the seat sees is the same");
        assert_ne!(a.players()[seat as usize].queue, b.players()[seat as usize].queue);
        for level in [Level::Random, Level::Easy, Level::Normal, Level::Hard] {
            for j in [0.0, 0.3, 0.7, 0.99] {
                assert_eq!(decide(&va, level, j), decide(&vb, level, j), "{level:?} at jitter {j}");
            }
        }
        assert_eq!(round_values(&va), round_values(&vb));
        a.apply(Action::Pass { seat }).unwrap();
        b.apply(Action::Pass { seat }).unwrap();
    }
}

#[test]
fn hard_passes_on_a_total_that_already_wins_and_hits_when_passing_must_lose() {
    // Seat 0 passes on 9; seat 1 hits to 13. Nobody else can move: passing wins for certain,
    // where the normal level, below 17, would still hit.
    let mut g = game(rules(|_| {}), &["R9 R8 R3", "G9 G4 G3"], "Y1 Y2 Y3 Y4 Y5 Y6");
    g.apply(Action::Reveal).unwrap();
    g.apply(Action::Pass { seat: 0 }).unwrap();
    g.apply(Action::Hit { seat: 1 }).unwrap();
    let v = g.view(1);
    assert_eq!((v.total(1), v.phase.clone()), (13, Phase::Match { turn: 1 }));
    let (pass, hit) = round_values(&v);
    assert!(pass > hit, "a sure win is worth more than a hit: {pass} vs {hit}");
    assert_eq!(decide(&v, Level::Hard, 0.5), Action::Pass { seat: 1 });
    assert_eq!(decide(&v, Level::Normal, 0.5), Action::Hit { seat: 1 });
    // Seat 0 passes on 17; seat 1 holds 7 and an empty queue: a pass loses for certain, and a
    // hit from the deck costs the queue nothing.
    let mut g = game(rules(|s| s.queue_size = 2), &["R9 R8", "G5 G2"], "Y1 Y2 Y3 Y4 Y5 Y6");
    g.apply(Action::Reveal).unwrap();
    g.apply(Action::Hit { seat: 0 }).unwrap(); // 17
    g.apply(Action::Hit { seat: 1 }).unwrap(); // 7
    g.apply(Action::Pass { seat: 0 }).unwrap();
    let v = g.view(1);
    assert_eq!((v.total(1), v.queue_sizes[1], v.phase.clone()), (7, 0, Phase::Match { turn: 1 }));
    let (pass, hit) = round_values(&v);
    assert!(pass == 0.0 && hit > 0.0, "{pass} vs {hit}");
    assert_eq!(decide(&v, Level::Hard, 0.5), Action::Hit { seat: 1 });
}

#[test]
fn a_short_tournament_plays_every_game_to_the_end_as_the_page_does() {
    let table = [Level::Hard, Level::Normal, Level::Easy, Level::Normal];
    for players in [2u8, 4] {
        for g in 0..8u64 {
            let seed = 500 + g;
            let n = players as usize;
            let levels: Vec<Level> = (0..n).map(|s| table[(s + g as usize) % n]).collect();
            let mut ticks = 0u64;
            let r = play_out(Game::new(UnoRules::seed_rules(), players, seed).unwrap(), &levels, &mut || {
                ticks += 1;
                ticks
            });
            assert!(r.game.is_over(), "every game ends");
            assert_eq!(r.game.phase(), &Phase::Over { winners: r.winners.clone() });
            assert!(!r.winners.is_empty() && r.winners.iter().all(|&w| w < players), "winners sit at the table");
            assert!(r.winners.windows(2).all(|w| w[0] != w[1]), "each winner once");
            if r.winners.len() == 1 {
                let w = r.winners[0];
                let others = (0..players).filter(|&s| s != w);
                assert!(
                    others.clone().all(|s| r.game.players()[s as usize].status == Status::Out)
                        || r.game.round() == r.game.rules().round_limit(),
                    "the last with a queue wins"
                );
            }
            // Every decision is the seat's level deciding from its own view with the page's jitter.
            let mut replay = Game::new(UnoRules::seed_rules(), players, seed).unwrap();
            let mut choices = 0;
            for (at, &a) in r.game.log().iter().enumerate() {
                match replay.phase().clone() {
                    Phase::Match { turn } => {
                        assert_eq!(a, decide(&replay.view(turn), levels[turn as usize], jitter(seed, at)));
                        choices += (replay.legal_actions().len() > 1) as usize;
                    }
                    _ => assert_eq!(a, Action::Reveal),
                }
                replay.apply(a).unwrap();
            }
            assert_eq!(replay, r.game, "the log replays to the same end");
            assert_eq!(r.decide_ns.len(), choices, "one timing per real choice");
            assert!(r.decide_ns.iter().all(|&(s, t)| s < players && t == 1), "the clock is read around each choice");
            // The same deal and levels play the same game.
            let again = play_out(Game::new(UnoRules::seed_rules(), players, seed).unwrap(), &levels, &mut || 0);
            assert_eq!((again.game.log(), &again.winners), (r.game.log(), &r.winners));
        }
    }
}
