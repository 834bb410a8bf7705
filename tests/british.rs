//! British Black Jack (seed 003): one scenario per rule sentence. See docs/rules/british.md.
mod common;
use blackjack::engine::cards::Suit;
use common::*;

const STOCK: &str = "3D 4D 5D 6D 9D 3S 4S 5S 6S 9S 3C 4C 5C 6C 9C KS KC KD";

#[test]
fn seven_cards_each_the_first_card_turned_and_the_dealers_left_starts() {
    let g = Game::new(Preset::British.rules(), 3, 2).unwrap();
    assert!((0..3).all(|s| g.hand(s).len() == 7));
    assert_eq!(g.dealer(), 0);
    let g = deal(Preset::British, &["5H", "6H", "7C"], "4H", STOCK);
    assert_eq!(g.current(), 0, "seat 2 dealt, seat 0 on its left starts");
}

#[test]
fn a_card_matches_by_number_or_suit_and_a_player_may_choose_not_to_play() {
    let mut g = deal(Preset::British, &["4C 9H KD", "6H"], "4H", STOCK);
    assert_eq!(legal_plays(&g), ["4C", "9H"]);
    assert!(has(&g, Action::Draw { seat: 0 }), "may pick up for strategic reasons");
    draw(&mut g, 0);
    assert_eq!(g.hand(0).len(), 4);
}

#[test]
fn twos_stack_two_four_six_eight_to_a_maximum_of_four() {
    let mut g = deal(Preset::British, &["2H 9C", "2C 9D", "2S KH", "2D QC", "5H 5S"], "4H", STOCK);
    for (s, card) in ["2H", "2C", "2S", "2D"].iter().enumerate() {
        play(&mut g, s as Seat, card);
    }
    assert_eq!(g.pending().unwrap().cards, 8);
    draw(&mut g, 4);
    assert_eq!(g.hand(4).len(), 10);
}

#[test]
fn once_the_two_has_been_picked_up_it_is_a_normal_card() {
    let mut g = deal(Preset::British, &["2H 9C", "5S 9D", "5H 8C"], "4H", STOCK);
    play(&mut g, 0, "2H");
    draw(&mut g, 1);
    assert_eq!(g.pending(), None);
    assert_eq!(legal_plays(&g), ["5H"], "the third player follows the two by suit, no pick-up");
}

#[test]
fn a_black_jack_costs_six_another_twelve_and_a_red_jack_neutralises_it() {
    let mut g = deal(Preset::British, &["JS 9C", "JC 9D", "JH KH", "5H 5S"], "4S", STOCK);
    play(&mut g, 0, "JS");
    assert_eq!(g.pending().unwrap().cards, 6);
    assert_eq!(legal_plays(&g), ["JC"], "another jack, not a matching club");
    play(&mut g, 1, "JC");
    assert_eq!(g.pending().unwrap().cards, 12);
    play(&mut g, 2, "JH");
    assert_eq!(g.pending(), None);
    assert_eq!(legal_plays(&g), ["5H"], "after the red jack: follow suit (or another jack)");
}

#[test]
fn a_black_jack_picked_up_is_neutral_for_the_third_player() {
    let mut g = deal(Preset::British, &["JS 9C", "5D 9D", "5S 8D"], "4S", STOCK);
    play(&mut g, 0, "JS");
    draw(&mut g, 1);
    assert_eq!(g.hand(1).len(), 8);
    assert_eq!(legal_plays(&g), ["5S"]);
}

#[test]
fn with_two_players_a_black_jack_can_be_double_blackjacked() {
    let mut g = deal(Preset::British, &["JS 9C", "JC 9D"], "4S", STOCK);
    play(&mut g, 0, "JS");
    play(&mut g, 1, "JC");
    assert_eq!(g.pending().unwrap().cards, 12);
    assert_eq!(g.legal_actions(), vec![Action::Draw { seat: 0 }]);
}

#[test]
fn a_seven_reverses_the_direction() {
    let mut g = deal(Preset::British, &["7H 9C", "6S", "5S", "8S 5H"], "4H", STOCK);
    play(&mut g, 0, "7H");
    assert_eq!(g.current(), 3);
}

#[test]
fn a_first_card_seven_means_the_dealers_right_starts_or_with_two_the_dealer() {
    let g = deal(Preset::British, &["5H", "6H", "7C", "8C"], "7H", STOCK);
    assert_eq!(g.dealer(), 3);
    assert_eq!(g.current(), 2, "the dealer's right");
    let g2 = deal(Preset::British, &["5H", "6H"], "7H", STOCK);
    assert_eq!(g2.current(), 1, "two players: the dealer starts");
}

#[test]
fn an_eight_skips_the_next_player_and_a_first_card_eight_with_two_lets_the_dealer_start() {
    let mut g = deal(Preset::British, &["8H 9C", "6S", "5S"], "4H", STOCK);
    play(&mut g, 0, "8H");
    assert_eq!(g.current(), 2);
    let g2 = deal(Preset::British, &["5H", "6H"], "8H", STOCK);
    assert_eq!(g2.current(), 1);
    let g3 = deal(Preset::British, &["5H", "6H", "7D"], "8H", STOCK);
    assert_eq!(g3.current(), 1, "the dealer's left misses the first turn");
}

#[test]
fn sevens_and_eights_are_normal_cards_once_their_effect_is_over() {
    let mut g = deal(Preset::British, &["8H 9C", "6S", "5S 8D"], "4H", STOCK);
    play(&mut g, 0, "8H");
    play(&mut g, 2, "8D");
    assert_eq!(g.current(), 1, "the second eight skips seat 0, not anyone twice");
}

#[test]
fn two_players_play_sevens_and_eights_off_in_long_runs() {
    // The seed's example: 8H, 7H, 7S, 7C, 8C, 8D, 10D, all by one player.
    let mut g = deal(Preset::British, &["8H 7H 7S 7C 8C 8D 10D KS", "9C 3H"], "4H", STOCK);
    for card in ["8H", "7H", "7S", "7C", "8C", "8D", "10D"] {
        assert_eq!(g.current(), 0, "before {card}");
        play(&mut g, 0, card);
    }
    assert_eq!(g.current(), 1, "a normal card ends the run");
}

#[test]
fn an_ace_follows_anything_neutral_and_names_a_suit() {
    let mut g = deal(Preset::British, &["AD 9S", "6H 6C"], "4C", STOCK);
    play(&mut g, 0, "AD");
    act(&mut g, Action::NameSuit { seat: 0, suit: Suit::Hearts });
    assert_eq!(legal_plays(&g), ["6H"]);
}

#[test]
fn an_ace_cannot_neutralise_an_active_two_or_jack_but_may_follow_one_played_out() {
    let mut g = deal(Preset::British, &["2C 9S", "AD 6C", "AH 5S"], "4C", STOCK);
    play(&mut g, 0, "2C");
    assert!(!has(&g, Action::Play { seat: 1, card: c("AD") }));
    assert!(matches!(refused(&mut g, Action::Play { seat: 1, card: c("AD") }), Refusal::MustAnswerPickUp { .. }));
    draw(&mut g, 1);
    assert!(has(&g, Action::Play { seat: 2, card: c("AH") }), "the two has been played out");
}

#[test]
fn an_ace_remains_an_ace() {
    let mut g = deal(Preset::British, &["AD 9S", "6H 6C", "7D"], "2C", STOCK);
    // The starter two was taken as played by the dealer: seat 0 must answer or pick up.
    assert!(g.pending().is_some());
    draw(&mut g, 0);
    play(&mut g, 1, "6C");
    assert_eq!(g.pending(), None, "no card becomes a two by naming it");
}

#[test]
fn an_exhausted_stock_keeps_the_top_card_and_reshuffles_the_rest() {
    let mut g = deal(Preset::British, &["5H 9C", "5C 9S", "6C 9D"], "4H", "");
    play(&mut g, 0, "5H");
    play(&mut g, 1, "5C");
    play(&mut g, 2, "6C");
    let ev = draw(&mut g, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::Refilled { shuffled: true, .. })));
    assert_eq!(g.pile().to_vec(), cards("6C"));
}

#[test]
fn a_player_on_one_card_must_call_before_the_next_player_moves() {
    let mut g = deal(Preset::British, &["5H 9H", "6H 9S", "7H 9D"], "4H", STOCK);
    play(&mut g, 0, "5H");
    act(&mut g, Action::CallLastCard { seat: 0 });
    play(&mut g, 1, "6H");
    assert!(!g.calls()[0].owes_draw);
}

#[test]
fn without_the_call_the_next_turn_is_a_pick_up_even_if_they_could_go_out() {
    let mut g = deal(Preset::British, &["5H 9H", "6H 9S", "KH 9D"], "4H", STOCK);
    play(&mut g, 0, "5H");
    play(&mut g, 1, "6H");
    play(&mut g, 2, "KH");
    assert!(g.calls()[0].owes_draw);
    assert_eq!(g.legal_actions(), vec![Action::Draw { seat: 0 }], "9H would go out, but a pick-up is owed");
    draw(&mut g, 0);
    assert_eq!(g.hand(0).len(), 2);
}

#[test]
fn a_missed_call_and_a_two_laid_on_the_player_are_two_penalties_picked_up_together() {
    // Seat 0 lays down to one card without the call; seat 1 moves (the deadline passes) by laying
    // a 2 on them. Seat 0 owes one card for the call and two for the 2: three in all.
    let mut g = deal(Preset::British, &["5H 9H", "2H 9S"], "4H", STOCK);
    play(&mut g, 0, "5H");
    play(&mut g, 1, "2H");
    assert!(g.calls()[0].owes_draw);
    assert_eq!(g.legal_actions(), vec![Action::Draw { seat: 0 }], "owing a card, the 2 cannot be answered");
    let ev = draw(&mut g, 0);
    let penalty = Event::Penalty { seat: 0, cards: 1, reason: PenaltyReason::MissedLastCard };
    assert!(ev.contains(&penalty), "{ev:?}");
    assert!(ev.contains(&Event::Drew { seat: 0, cards: 2 }), "{ev:?}");
    assert_eq!(g.hand(0).len(), 4, "9H plus one for the call plus two for the 2");
    assert_eq!(g.pending(), None);
    assert_eq!(g.current(), 1);
}

#[test]
fn two_players_score_one_for_the_winner_and_the_match_goes_to_ten() {
    let mut g = deal(Preset::British, &["5H", "6C 7C"], "4H", STOCK);
    act(&mut g, Action::CallLastCard { seat: 0 });
    let ev = play(&mut g, 0, "5H");
    assert!(ev.iter().any(|e| matches!(e, Event::RoundOver { .. })));
    assert_eq!(g.scores(), [1, 0]);
    assert_eq!(g.target(), Some(10));
    assert_eq!(g.round(), 1, "a new round is dealt");
    assert!(!g.is_over());
}

#[test]
fn three_players_score_two_one_nothing_in_finishing_order() {
    let mut g = deal(Preset::British, &["5H", "6H 6C", "9S 9D"], "4H", STOCK);
    act(&mut g, Action::CallLastCard { seat: 0 });
    play(&mut g, 0, "5H");
    assert_eq!(g.finished(), [0]);
    assert_eq!(refused(&mut g, Action::CallLastCard { seat: 1 }), Refusal::CallNotTrue { cards: 2 });
    // Seat 1 plays 6H, down to one, and calls.
    play(&mut g, 1, "6H");
    act(&mut g, Action::CallLastCard { seat: 1 });
    draw(&mut g, 2);
    play(&mut g, 1, "6C");
    assert_eq!(g.scores(), [2, 1, 0]);
    assert_eq!(g.target(), Some(11));
}

/// Seats 0 and 1 start the round on 10 of 11; seat 0 goes out first (+2), seat 1 second (+1).
fn final_round(tie_break: TieBreak) -> (Game, Vec<Event>) {
    let mut spec = Preset::British.spec();
    spec.scoring = blackjack::engine::shedding::rules::Scoring::Places { target_base: 8, tie_break };
    let mut g = deal_scored(spec, &["5H", "6H 6C", "9S 9D"], "4H", STOCK, vec![10, 10, 0]);
    let mut ev = Vec::new();
    act(&mut g, Action::CallLastCard { seat: 0 });
    ev.extend(play(&mut g, 0, "5H"));
    ev.extend(play(&mut g, 1, "6H"));
    ev.extend(act(&mut g, Action::CallLastCard { seat: 1 }));
    ev.extend(draw(&mut g, 2));
    ev.extend(play(&mut g, 1, "6C"));
    (g, ev)
}

use blackjack::engine::shedding::rules::TieBreak;

#[test]
fn everyone_on_a_winning_score_plays_a_tie_breaker_round() {
    let (mut g, ev) = final_round(TieBreak::AllAtTarget);
    assert_eq!(g.scores(), [12, 11, 0]);
    assert!(ev.contains(&Event::TieBreak { seats: vec![0, 1] }));
    assert!(g.is_tie_break() && !g.is_over());
    assert!(!g.in_round(2), "only the players with winning scores play it");
    assert_eq!(g.hand(2).len(), 0);
    // Play the tie-breaker out: its first player out wins the match.
    let mut rng = blackjack::engine::rng::GameRng::new(5);
    while !g.is_over() {
        let legal = g.legal_actions();
        let a = legal[rng.below(legal.len() as u64) as usize];
        g.apply(a).unwrap();
        let s = g.current();
        if g.hand(s).len() == 1 && g.is_accepted(Action::CallLastCard { seat: s }) {
            g.apply(Action::CallLastCard { seat: s }).unwrap();
        }
    }
    assert!([0, 1].contains(&g.winner().unwrap()));
}

#[test]
fn the_highest_only_house_rule_gives_the_match_to_the_higher_score() {
    let (g, _) = final_round(TieBreak::HighestOnly);
    assert_eq!(g.winner(), Some(0));
}

#[test]
fn two_decks_above_five_players_allow_eight_twos_and_four_black_jacks_for_twenty_four() {
    let g = Game::new(Preset::British.rules(), 6, 1).unwrap();
    assert_eq!(g.total_cards(), 104);
    let mut j = deal(Preset::British, &["JS 9C", "JS 7D", "JC 8C", "JC 8D", "6D", "6H"], "4S", STOCK);
    for s in 0..4 {
        play(&mut j, s, ["JS", "JS", "JC", "JC"][s as usize]);
    }
    assert_eq!(j.pending().unwrap().cards, 24);
}

#[test]
fn a_player_who_goes_out_on_an_ace_still_names_the_suit() {
    let mut g = deal(Preset::British, &["AS", "6H 9C", "9S 9D"], "4H", STOCK);
    act(&mut g, Action::CallLastCard { seat: 0 });
    play(&mut g, 0, "AS");
    assert_eq!(g.finished(), [0]);
    assert_eq!(g.legal_actions().len(), 4);
    act(&mut g, Action::NameSuit { seat: 0, suit: Suit::Clubs });
    assert_eq!(g.current(), 1);
    assert_eq!(legal_plays(&g), ["9C"]);
}
