//! Taylor Blackjack (seed 000): one scenario per rule sentence. See docs/rules/taylor.md.
mod common;
use common::*;

const STOCK: &str = "3D 4D 5D 6D 9D 3S 4S 5S 6S 9S 3C 4C";

#[test]
fn deals_seven_each_turns_one_up_and_the_rest_is_the_stock() {
    let g = Game::new(Preset::Taylor.rules(), 4, 1).unwrap();
    for s in 0..4 {
        assert_eq!(g.hand(s).len(), 7);
    }
    assert_eq!(g.pile().len(), 1);
    assert_eq!(g.stock_len(), 52 - 28 - 1);
}

#[test]
fn play_starts_left_of_the_dealer_and_passes_left() {
    let mut g = deal(Preset::Taylor, &["5H 9C", "6H 9S", "7C 9D"], "4H", STOCK);
    assert_eq!(g.dealer(), 2);
    assert_eq!(g.current(), 0);
    play(&mut g, 0, "5H");
    assert_eq!(g.current(), 1);
    play(&mut g, 1, "6H");
    assert_eq!(g.current(), 2);
}

#[test]
fn a_card_must_follow_suit_or_rank() {
    let g = deal(Preset::Taylor, &["4S 9H 9C KD", "6H"], "4H", STOCK);
    assert_eq!(legal_plays(&g), ["4S", "9H"]);
}

#[test]
fn a_player_unable_to_play_draws_the_top_card_and_that_is_the_turn() {
    let mut g = deal(Preset::Taylor, &["9C KD", "6H 6S"], "4H", STOCK);
    assert_eq!(g.legal_actions(), vec![Action::Draw { seat: 0 }]);
    draw(&mut g, 0);
    assert_eq!(hand(&g, 0), "9C 3D KD");
    assert_eq!(g.current(), 1, "picking up is a turn: no play after drawing");
}

#[test]
fn an_exhausted_stock_is_replenished_from_the_face_up_cards_without_shuffling() {
    let mut g = deal(Preset::Taylor, &["5H 6H 9C", "5C 6C 9S", "KC KD"], "4H", "");
    play(&mut g, 0, "5H");
    play(&mut g, 1, "5C");
    play(&mut g, 2, "KC");
    // A king skips two: with three players, seat 2 plays again.
    assert_eq!(g.current(), 2);
    draw(&mut g, 2);
    // Face-up 4H 5H 5C KS: KS stays on top; turned over as they lie, 4H is now the top of the stock.
    assert_eq!(hand(&g, 2), "KD 4H");
    assert_eq!(g.pile().to_vec(), cards("KC"));
    assert_eq!(g.stock_len(), 2);
}

#[test]
fn an_ace_names_the_suit_the_next_play_must_follow() {
    let mut g = deal(Preset::Taylor, &["AH 9C", "6H 6S 9S AD"], "4H", STOCK);
    play(&mut g, 0, "AH");
    assert_eq!(g.legal_actions().len(), 4, "name one of four suits");
    act(&mut g, Action::NameSuit { seat: 0, suit: blackjack::engine::cards::Suit::Spades });
    assert_eq!(legal_plays(&g), ["6S", "9S", "AD"], "spades, or another ace by rank");
}

#[test]
fn an_ace_can_only_be_played_where_it_naturally_follows() {
    let g = deal(Preset::Taylor, &["AS 9C", "6H"], "4H", STOCK);
    assert!(!has(&g, Action::Play { seat: 0, card: c("AS") }));
}

#[test]
fn a_black_two_makes_the_next_player_pick_up_two() {
    let mut g = deal(Preset::Taylor, &["2S 9C", "6S 7D"], "4S", STOCK);
    play(&mut g, 0, "2S");
    assert_eq!(g.pending().unwrap().cards, 2);
    assert_eq!(g.legal_actions(), vec![Action::Draw { seat: 1 }]);
    draw(&mut g, 1);
    assert_eq!(g.hand(1).len(), 4);
    assert_eq!(g.pending(), None);
}

#[test]
fn a_red_two_neutralises_a_black_two() {
    let mut g = deal(Preset::Taylor, &["2S 9C", "2H 7D", "5H 8C"], "4S", STOCK);
    play(&mut g, 0, "2S");
    play(&mut g, 1, "2H");
    assert_eq!(g.pending(), None);
    assert_eq!(g.current(), 2);
    assert_eq!(legal_plays(&g), ["5H"], "the red two is followed normally");
}

#[test]
fn two_black_twos_make_four_and_a_red_two_reduces_it_to_two() {
    let mut g = deal(Preset::Taylor, &["2S 9C", "2C 7D", "2D 8C", "6S 6D"], "4S", STOCK);
    play(&mut g, 0, "2S");
    play(&mut g, 1, "2C");
    assert_eq!(g.pending().unwrap().cards, 4);
    play(&mut g, 2, "2D");
    assert_eq!(g.pending().unwrap().cards, 2, "red two: the next player picks up two");
    draw(&mut g, 3);
    assert_eq!(g.hand(3).len(), 4);
}

#[test]
fn a_seven_reverses_the_direction() {
    let mut g = deal(Preset::Taylor, &["7H 9C", "6S", "5S", "7S 5H"], "4H", STOCK);
    play(&mut g, 0, "7H");
    assert_eq!(g.current(), 3);
    assert!(!g.clockwise());
}

#[test]
fn an_eight_must_be_followed_at_once_by_any_other_card() {
    let mut g = deal(Preset::Taylor, &["8H KC 3D", "6S"], "4H", STOCK);
    play(&mut g, 0, "8H");
    assert_eq!(g.current(), 0);
    assert_eq!(legal_plays(&g), ["3D", "KC"], "any card, no need to follow");
    assert!(!has(&g, Action::Draw { seat: 0 }) && !has(&g, Action::Finish { seat: 0 }));
    play(&mut g, 0, "3D");
    assert_eq!(g.current(), 1);
}

#[test]
fn an_eight_that_was_the_last_card_cannot_be_followed_so_the_player_draws() {
    let mut g = deal(Preset::Taylor, &["8H", "6S 9S"], "4H", STOCK);
    act(&mut g, Action::CallLastCard { seat: 0 });
    play(&mut g, 0, "8H");
    assert_eq!(g.legal_actions(), vec![Action::Draw { seat: 0 }]);
    draw(&mut g, 0);
    assert!(!g.is_over());
    assert_eq!(g.hand(0).len(), 1);
}

#[test]
fn a_ten_lets_the_player_lay_cards_of_its_suit_and_say_finished() {
    let mut g = deal(Preset::Taylor, &["10C 3C 5C KD", "6S 6C"], "4C", STOCK);
    play(&mut g, 0, "10C");
    assert_eq!(legal_plays(&g), ["3C", "5C"]);
    assert!(has(&g, Action::Finish { seat: 0 }));
    play(&mut g, 0, "3C");
    // 5C is kept back for tactical reasons.
    act(&mut g, Action::Finish { seat: 0 });
    assert_eq!(hand(&g, 0), "5C KD");
    assert_eq!(g.current(), 1);
}

#[test]
fn only_the_last_card_after_a_ten_takes_effect() {
    // The seed's example: ten of clubs, then seven and two of clubs: no reverse, but pick up two.
    let mut g = deal(Preset::Taylor, &["10C 7C 2C 5C KD", "6S", "6H"], "4C", STOCK);
    play(&mut g, 0, "10C");
    play(&mut g, 0, "7C");
    play(&mut g, 0, "2C");
    act(&mut g, Action::Finish { seat: 0 });
    assert!(g.clockwise(), "the seven did not take effect");
    assert_eq!(g.current(), 1);
    assert_eq!(g.pending().unwrap().cards, 2, "the two did");
}

#[test]
fn a_black_jack_makes_the_next_player_pick_up_seven() {
    let mut g = deal(Preset::Taylor, &["JS 9C", "6S 7D"], "4S", "3D 4D 5D 6D 9D 3S 4S 5S");
    play(&mut g, 0, "JS");
    draw(&mut g, 1);
    assert_eq!(g.hand(1).len(), 9);
}

#[test]
fn red_and_black_jacks_neutralise_double_and_reduce() {
    let mut g = deal(Preset::Taylor, &["JS 9C", "JC 7D", "JH 8C", "6S 6D"], "4S", STOCK);
    play(&mut g, 0, "JS");
    play(&mut g, 1, "JC");
    assert_eq!(g.pending().unwrap().cards, 14);
    play(&mut g, 2, "JH");
    assert_eq!(g.pending().unwrap().cards, 7);
    let mut g2 = deal(Preset::Taylor, &["JS 9C", "JD 7D", "6S"], "4S", STOCK);
    play(&mut g2, 0, "JS");
    play(&mut g2, 1, "JD");
    assert_eq!(g2.pending(), None, "a red jack neutralises a black jack");
}

#[test]
fn a_queen_skips_the_next_player_and_with_two_the_same_player_goes_again() {
    let mut g = deal(Preset::Taylor, &["QH 9C", "6S", "6D"], "4H", STOCK);
    play(&mut g, 0, "QH");
    assert_eq!(g.current(), 2);
    let mut g2 = deal(Preset::Taylor, &["QH 9H", "6S"], "4H", STOCK);
    play(&mut g2, 0, "QH");
    assert_eq!(g2.current(), 0);
}

#[test]
fn a_king_skips_two_and_with_three_the_same_player_goes_again() {
    let mut g = deal(Preset::Taylor, &["KH 9C", "6S", "6D", "6C"], "4H", STOCK);
    play(&mut g, 0, "KH");
    assert_eq!(g.current(), 3);
    let mut g3 = deal(Preset::Taylor, &["KH 9H", "6S", "6D"], "4H", STOCK);
    play(&mut g3, 0, "KH");
    assert_eq!(g3.current(), 0);
}

#[test]
fn under_a_penalty_the_only_options_are_the_appropriate_card_or_picking_up() {
    let mut g = deal(Preset::Taylor, &["2S 9C", "JS 2H 9S 2C", "6S"], "4S", STOCK);
    play(&mut g, 0, "2S");
    assert_eq!(legal_plays(&g), ["2C", "2H"], "not the black jack, not a spade that would follow");
    assert!(has(&g, Action::Draw { seat: 1 }));
}

#[test]
fn only_one_card_a_turn_outside_eights_and_tens() {
    let mut g = deal(Preset::Taylor, &["5H 5C 9D", "6S"], "4H", STOCK);
    play(&mut g, 0, "5H");
    assert_eq!(g.current(), 1, "5C cannot follow in the same turn");
}

#[test]
fn a_player_down_to_one_card_must_call_last_card_before_the_next_card_or_pick_up_seven() {
    let mut g = deal(Preset::Taylor, &["5H 9H", "6H 6C 7C", "6D 8D"], "4H", "3D 4D 5D 6S 9S 3S 4S 5S 3C 4C 5C");
    play(&mut g, 0, "5H");
    assert!(has_table(&g, 0, Action::CallLastCard { seat: 0 }));
    play(&mut g, 1, "6H"); // the next card: seat 0 did not call
    assert!(g.calls()[0].missed);
    // Anyone may now hand the offender seven cards.
    let a = Action::Accuse { seat: 2, target: 0, infringement: Infringement::MissedLastCard };
    assert!(g.legal_actions_for(2).contains(&a));
    let ev = act(&mut g, a);
    assert_eq!(penalties(&ev), vec![(0, 7, PenaltyReason::MissedLastCard)]);
    assert_eq!(g.hand(0).len(), 8);
}

#[test]
fn calling_last_card_in_time_is_safe_and_a_false_call_out_costs_the_accuser() {
    let mut g = deal(Preset::Taylor, &["5H 9H", "6H 6C 7C", "6D 8D"], "4H", "3D 4D 5D 6S 9S 3S 4S 5S 3C 4C 5C");
    play(&mut g, 0, "5H");
    act(&mut g, Action::CallLastCard { seat: 0 });
    play(&mut g, 1, "6H");
    assert!(!g.calls()[0].missed);
    // Seat 2 calls seat 0 out anyway: seat 0 is handed the cards...
    act(&mut g, Action::Accuse { seat: 2, target: 0, infringement: Infringement::MissedLastCard });
    assert_eq!(g.hand(0).len(), 8);
    // ...until someone shows the call-out was false: the cards go back, the accuser picks up one.
    let ev = act(&mut g, Action::Dispute { seat: 1, accusation: 0 });
    assert_eq!(penalties(&ev), vec![(2, 1, PenaltyReason::FalseAccusation)]);
    assert_eq!(g.hand(0).len(), 1);
    assert_eq!(g.hand(2).len(), 3);
}

#[test]
fn disputing_a_correct_call_out_costs_the_disputer() {
    let mut g = deal(Preset::Taylor, &["5H 9H", "6H 6C 7C", "6D 8D"], "4H", "3D 4D 5D 6S 9S 3S 4S 5S 3C 4C 5C");
    play(&mut g, 0, "5H");
    play(&mut g, 1, "6H");
    act(&mut g, Action::Accuse { seat: 2, target: 0, infringement: Infringement::MissedLastCard });
    let ev = act(&mut g, Action::Dispute { seat: 0, accusation: 0 });
    assert_eq!(penalties(&ev), vec![(0, 1, PenaltyReason::WrongDispute)]);
    assert_eq!(g.hand(0).len(), 9);
}

#[test]
fn going_out_without_having_called_is_caught_at_once() {
    let mut g = deal(Preset::Taylor, &["10H 5H 9H", "6C 7C"], "4H", "3D 4D 5D 6S 9S 3S 4S 5S");
    play(&mut g, 0, "10H");
    play(&mut g, 0, "5H");
    let ev = play(&mut g, 0, "9H");
    assert!(!g.is_over());
    assert_eq!(penalties(&ev), vec![(0, 7, PenaltyReason::NoCallToGoOut)]);
}

#[test]
fn calling_last_card_with_more_than_one_card_costs_one() {
    let mut g = deal(Preset::Taylor, &["5H 9H 9C", "6C"], "4H", STOCK);
    let ev = act(&mut g, Action::CallLastCard { seat: 0 });
    assert_eq!(penalties(&ev), vec![(0, 1, PenaltyReason::FalseLastCard)]);
}

#[test]
fn two_decks_above_five_players_allow_four_black_twos_for_eight() {
    let g = Game::new(Preset::Taylor.rules(), 6, 3).unwrap();
    assert_eq!(g.total_cards(), 104);
    let mut g = deal(Preset::Taylor, &["2S 9C", "2S 7D", "2C 8C", "2C 8D", "6D", "6H"], "4S", STOCK);
    for s in 0..4 {
        play(&mut g, s, ["2S", "2S", "2C", "2C"][s as usize]);
    }
    assert_eq!(g.pending().unwrap().cards, 8);
    let mut j = deal(Preset::Taylor, &["JS 9C", "JS 7D", "JC 8C", "JC 8D", "6D", "6H"], "4S", STOCK);
    for s in 0..4 {
        play(&mut j, s, ["JS", "JS", "JC", "JC"][s as usize]);
    }
    assert_eq!(j.pending().unwrap().cards, 28);
}

#[test]
fn too_slow_picks_up_instead_and_playing_out_of_turn_picks_up_too() {
    let mut g = deal(Preset::Taylor, &["5H 9C", "6H 9S", "7C 9D"], "4H", STOCK);
    // Seat 0 is slow and seat 2 jumps in: both pick up.
    let ev = act(&mut g, Action::Play { seat: 2, card: c("9D") });
    assert_eq!(penalties(&ev), vec![(2, 1, PenaltyReason::OutOfTurn)]);
    assert_eq!(hand(&g, 2), "7C 3D 9D", "the card stays in hand, plus one");
    let ev = act(&mut g, Action::Timeout { seat: 0 });
    assert_eq!(penalties(&ev), vec![(0, 1, PenaltyReason::Timeout)]);
    assert_eq!(g.current(), 1);
}

#[test]
fn saying_sorry_or_whose_turn_it_is_costs_a_card_and_sorry_for_sorry_costs_another() {
    let mut g = deal(Preset::Taylor, &["5H 9C", "6H 9S", "7C 9D"], "4H", STOCK);
    let ev = act(&mut g, Action::Say { seat: 1, phrase: Phrase::Sorry });
    assert_eq!(penalties(&ev), vec![(1, 1, PenaltyReason::TableTalk)]);
    let ev = act(&mut g, Action::Say { seat: 1, phrase: Phrase::Sorry });
    assert_eq!(penalties(&ev), vec![(1, 1, PenaltyReason::TableTalk)]);
    let ev = act(&mut g, Action::Say { seat: 2, phrase: Phrase::YourTurn(0) });
    assert_eq!(penalties(&ev), vec![(2, 1, PenaltyReason::TableTalk)]);
    let ev = act(&mut g, Action::Say { seat: 2, phrase: Phrase::WellPlayed });
    assert!(penalties(&ev).is_empty());
}

#[test]
fn a_wrong_card_under_a_penalty_picks_up_both() {
    let mut g = deal(Preset::Taylor, &["2S 9C", "9D 7D", "6S"], "4S", STOCK);
    play(&mut g, 0, "2S");
    let ev = act(&mut g, Action::Play { seat: 1, card: c("9D") });
    assert_eq!(penalties(&ev), vec![(1, 1, PenaltyReason::WrongCard)]);
    assert_eq!(g.hand(1).len(), 2 + 1 + 2, "incorrect-play card and the two from the black two");
    assert_eq!(g.pending(), None);
    assert_eq!(g.current(), 2);
}

#[test]
fn the_first_player_to_get_rid_of_all_cards_wins() {
    let mut g = deal(Preset::Taylor, &["5H", "6C 7C"], "4H", STOCK);
    act(&mut g, Action::CallLastCard { seat: 0 });
    let ev = play(&mut g, 0, "5H");
    assert!(ev.contains(&Event::GameOver { winner: 0 }));
    assert!(g.legal_actions().is_empty());
}

fn has_table(g: &Game, seat: Seat, a: Action) -> bool {
    g.legal_actions_for(seat).contains(&a)
}
