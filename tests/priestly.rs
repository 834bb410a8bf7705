//! Priestly College BlackJack (seed 001): one scenario per rule sentence. See docs/rules/priestly.md.
mod common;
use blackjack::engine::cards::Suit;
use common::*;

const STOCK: &str = "3D 4D 5D 6D 9D 3S 4S 5S 6S 9S 3C 4C 5C 6C 9C";

#[test]
fn a_full_deck_of_fifty_two_seven_cards_each_and_a_card_turned_over() {
    let g = Game::new(Preset::Priestly.rules(), 5, 9).unwrap();
    assert_eq!(g.total_cards(), 52);
    assert!((0..5).all(|s| g.hand(s).len() == 7));
    assert_eq!(g.pile().len(), 1);
}

#[test]
fn a_player_who_cannot_place_a_card_takes_one() {
    let mut g = deal(Preset::Priestly, &["9C KD", "6H"], "4H", STOCK);
    assert_eq!(g.legal_actions(), vec![Action::Draw { seat: 0 }]);
    draw(&mut g, 0);
    assert_eq!(g.hand(0).len(), 3);
    assert_eq!(g.current(), 1);
}

#[test]
fn a_depleted_deck_keeps_the_top_card_and_reshuffles_the_rest() {
    let mut g = deal(Preset::Priestly, &["5H 9C", "5C 9S", "6C 9D"], "4H", "");
    play(&mut g, 0, "5H");
    play(&mut g, 1, "5C");
    play(&mut g, 2, "6C");
    let ev = draw(&mut g, 0);
    assert!(ev.iter().any(|e| matches!(e, Event::Refilled { shuffled: true, .. })));
    assert_eq!(g.pile().to_vec(), cards("6C"), "the current top card stays");
    assert_eq!(g.hand(0).len(), 2);
    assert_eq!(g.stock_len(), 2);
}

#[test]
fn a_card_follows_by_the_same_rank_or_the_next_number_in_the_same_suit() {
    // "4 of hearts is active, a 4 in any other suit can be played, or 5 of hearts" (and 3 of hearts).
    let g = deal(Preset::Priestly, &["4C 5H 3H 6H 9H 5C", "KD"], "4H", STOCK);
    assert_eq!(legal_plays(&g), ["3H", "4C", "5H"]);
}

#[test]
fn a_run_of_five_six_and_seven_of_hearts_can_be_played() {
    let mut g = deal(Preset::Priestly, &["5H 6H 7H 9C", "KD"], "4H", STOCK);
    play(&mut g, 0, "5H");
    play(&mut g, 0, "6H");
    play(&mut g, 0, "7H");
    assert_eq!(g.current(), 1, "nothing else follows: the turn ends by itself");
    assert_eq!(hand(&g, 0), "9C");
}

#[test]
fn a_run_may_change_suit_on_a_matching_number() {
    // "4 of hearts, 5 of hearts, 5 of clubs, 6 of clubs could be played onto the 3 of hearts."
    let mut g = deal(Preset::Priestly, &["4H 5H 5C 6C KD", "QS"], "3H", STOCK);
    for card in ["4H", "5H", "5C", "6C"] {
        play(&mut g, 0, card);
    }
    assert_eq!(hand(&g, 0), "KD");
    assert_eq!(g.current(), 1);
}

#[test]
fn a_run_can_go_down_and_keeps_its_direction() {
    let mut g = deal(Preset::Priestly, &["3H 2H 4C KD", "QS"], "4H", STOCK);
    play(&mut g, 0, "3H");
    assert!(has(&g, Action::Play { seat: 0, card: c("2H") }));
    assert!(has(&g, Action::Finish { seat: 0 }));
    let mut up = deal(Preset::Priestly, &["5H 6H 5C 4C KD", "QS"], "4H", STOCK);
    play(&mut up, 0, "5H");
    play(&mut up, 0, "6H");
    assert!(!has(&up, Action::Play { seat: 0, card: c("5C") }), "a run going up cannot turn down");
}

#[test]
fn pick_ups_stack_and_the_total_goes_to_the_next_player() {
    let mut g = deal(Preset::Priestly, &["2H 9C", "JH KD", "JS 9D", "KS QS"], "3H", STOCK);
    play(&mut g, 0, "2H");
    assert_eq!(g.pending().unwrap().cards, 2);
    play(&mut g, 1, "JH");
    assert_eq!(g.pending().unwrap().cards, 5, "two plus a red jack's three");
    play(&mut g, 2, "JS");
    assert_eq!(g.pending().unwrap().cards, 10, "plus a black jack's five");
    draw(&mut g, 3);
    assert_eq!(g.hand(3).len(), 12);
}

#[test]
fn a_pick_up_passed_on_can_lead_into_a_run_that_cancels_it_completely() {
    let mut g = deal(Preset::Priestly, &["2H 9C", "2C 3C 4C KD", "9D"], "3H", STOCK);
    play(&mut g, 0, "2H");
    play(&mut g, 1, "2C");
    assert_eq!(g.pending().unwrap().cards, 4);
    play(&mut g, 1, "3C");
    assert_eq!(g.pending(), None, "the run cancels the pick-up");
    play(&mut g, 1, "4C");
    assert_eq!(g.current(), 2);
    assert_eq!(g.pending(), None);
}

#[test]
fn a_run_cannot_go_on_a_pick_up_unless_it_begins_with_a_pick_up_card() {
    let mut g = deal(Preset::Priestly, &["2C 9H", "3H 4H KD", "9D"], "3C", STOCK);
    play(&mut g, 0, "2C");
    assert_eq!(g.legal_actions(), vec![Action::Draw { seat: 1 }]);
    let refusal = refused(&mut g, Action::Play { seat: 1, card: c("3H") });
    assert!(matches!(refusal, Refusal::MustAnswerPickUp { cards: 2, .. }));
    // Every card of the pick-up group, named as the rules list them.
    assert_eq!(refusal.to_string(), "a pick-up of 2 is pending: play a 2 or a red Jack or a black Jack or pick up 2");
}

#[test]
fn an_ace_changes_the_suit_at_any_point_but_not_on_a_pick_up_and_ends_the_turn() {
    let mut g = deal(Preset::Priestly, &["AS 5H 9C", "6C 7D 8D"], "4H", STOCK);
    play(&mut g, 0, "5H");
    assert!(has(&g, Action::Play { seat: 0, card: c("AS") }), "mid-run, on anything");
    play(&mut g, 0, "AS");
    act(&mut g, Action::NameSuit { seat: 0, suit: Suit::Clubs });
    assert_eq!(g.current(), 1, "changing the suit ends the turn");
    assert_eq!(legal_plays(&g), ["6C"]);
    let mut p = deal(Preset::Priestly, &["2H 9C", "AS KD"], "3H", STOCK);
    play(&mut p, 0, "2H");
    assert!(!has(&p, Action::Play { seat: 1, card: c("AS") }), "not on an active pick-up");
}

#[test]
fn a_ten_changes_the_direction_and_has_no_use_with_two_players() {
    let mut g = deal(Preset::Priestly, &["10H 9C", "9S", "9D", "JH 7D"], "9H", STOCK);
    play(&mut g, 0, "10H");
    assert_eq!(g.current(), 3);
    let mut two = deal(Preset::Priestly, &["10H 9C", "9S 7D"], "9H", STOCK);
    play(&mut two, 0, "10H");
    assert_eq!(two.current(), 1);
}

#[test]
fn an_eight_skips_the_next_player_and_each_eight_skips_one_more() {
    let mut g = deal(Preset::Priestly, &["8H 8C 9C", "KS", "KD", "KH"], "7H", STOCK);
    play(&mut g, 0, "8H");
    play(&mut g, 0, "8C");
    act(&mut g, Action::Finish { seat: 0 });
    assert_eq!(g.current(), 3, "two eights: seats 1 and 2 miss their turn");
}

#[test]
fn a_turn_cannot_finish_on_a_queen_which_must_be_covered() {
    let mut g = deal(Preset::Priestly, &["QH JH 5C", "6C"], "KH", STOCK);
    play(&mut g, 0, "QH");
    assert!(!has(&g, Action::Finish { seat: 0 }));
    assert_eq!(legal_plays(&g), ["JH"]);
    assert_eq!(refused(&mut g, Action::Finish { seat: 0 }), Refusal::MustCover);
    play(&mut g, 0, "JH");
    assert_eq!(g.current(), 1);
}

#[test]
fn a_queen_that_cannot_be_followed_means_picking_up_a_card() {
    let mut g = deal(Preset::Priestly, &["QH 9C 5D", "6C"], "KH", STOCK);
    play(&mut g, 0, "QH");
    assert_eq!(g.legal_actions(), vec![Action::Draw { seat: 0 }]);
    draw(&mut g, 0);
    assert_eq!(g.hand(0).len(), 3);
    assert_eq!(g.current(), 1);
}

#[test]
fn to_finish_a_player_must_have_said_last_cards_before_that_turn() {
    // Without the call: laying the last cards makes the player take one instead of finishing.
    let mut g = deal(Preset::Priestly, &["5H 6H", "KS 9D"], "4H", STOCK);
    play(&mut g, 0, "5H");
    let ev = play(&mut g, 0, "6H");
    assert!(!g.is_over());
    assert_eq!(penalties(&ev), vec![(0, 1, PenaltyReason::NoCallToGoOut)]);
    // A call made during the finishing turn itself is too late ("prior to their next turn").
    let mut g = deal(Preset::Priestly, &["5H 6H", "KS 9D"], "4H", STOCK);
    play(&mut g, 0, "5H");
    act(&mut g, Action::CallLastCard { seat: 0 });
    let ev = play(&mut g, 0, "6H");
    assert!(!g.is_over());
    assert_eq!(penalties(&ev), vec![(0, 1, PenaltyReason::NoCallToGoOut)]);
}

#[test]
fn a_run_that_empties_the_hand_after_a_call_wins() {
    let mut g = deal(Preset::Priestly, &["4H 5H 6H", "KS 9D"], "3H", STOCK);
    play(&mut g, 0, "4H");
    act(&mut g, Action::Finish { seat: 0 });
    act(&mut g, Action::CallLastCard { seat: 0 });
    draw(&mut g, 1);
    play(&mut g, 0, "5H");
    let ev = play(&mut g, 0, "6H");
    assert!(ev.contains(&Event::GameOver { winner: 0 }));
}
