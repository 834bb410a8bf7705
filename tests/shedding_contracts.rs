//! Contracts of the shedding engine that are not one seed's sentence: rules validation lists
//! every problem, views never depend on hidden cards, presets are valid, saves round-trip.
mod common;
use blackjack::engine::cards::{Colour, Rank};
use blackjack::engine::shedding::rules::*;
use common::*;

#[test]
fn every_preset_is_a_valid_rule_set_and_serialises_round_trip() {
    for p in Preset::ALL {
        let rules = Rules::new(p.spec()).unwrap_or_else(|e| panic!("{e}"));
        let json = serde_json::to_string(&rules).unwrap();
        let back: Rules = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rules);
    }
}

#[test]
fn a_bad_rule_set_reports_every_problem_not_only_the_first() {
    let mut spec = Preset::Taylor.spec();
    spec.name = " ".into();
    spec.min_players = 1;
    spec.hand_size = 30;
    spec.draw.max_draws = 0;
    spec.clock_ms = None; // but penalties.timeout is still set
    spec.powers.push(Power { rank: Rank::Queen, colour: Some(Colour::Red), effect: Effect::Reverse });
    let err = Rules::new(spec).unwrap_err();
    let text = err.to_string();
    assert!(err.problems.len() >= 6, "{text}");
    for needle in [
        "needs a name",
        "at least two players",
        "leaving under 5",
        "max_draws",
        "timeout and clock_ms",
        "has 2 effects",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
}

#[test]
fn rules_from_a_save_or_link_are_checked_too() {
    let mut spec = Preset::British.spec();
    spec.hand_size = 0;
    let json = serde_json::json!({ "spec": spec }).to_string();
    let err = serde_json::from_str::<Rules>(&json).unwrap_err().to_string();
    assert!(err.contains("hand_size must be at least 1"), "{err}");
}

#[test]
fn a_view_does_not_change_when_hidden_cards_change() {
    // Swap a card between seat 1's hand and the stock: seat 0's view must be identical.
    let a = deal(Preset::Taylor, &["5H 9C", "6H 9S 3D", "7C 9D"], "4H", "KC KD KS");
    let b = deal(Preset::Taylor, &["5H 9C", "6H 9S KC", "7C 9D"], "4H", "3D KD KS");
    let (va, vb) = (a.view(0), b.view(0));
    assert_eq!(va, vb);
    assert_ne!(a.view(1), b.view(1));
    // And the seat's own hand is exactly its cards.
    assert_eq!(va.hand, cards("9C 5H"));
}

#[test]
fn an_old_save_format_is_refused_with_a_clear_error() {
    let g = Game::new(Preset::Taylor.rules(), 3, 7).unwrap();
    let mut save = g.save();
    save.format = 0;
    let err = Game::replay(&save, None).unwrap_err().to_string();
    assert!(err.contains("save format 0"), "{err}");
}

#[test]
fn a_log_replays_to_any_point() {
    let mut g = Game::new(Preset::Priestly.rules(), 4, 11).unwrap();
    let mut states = vec![g.clone()];
    for _ in 0..30 {
        let a = g.legal_actions()[0];
        g.apply(a).unwrap();
        states.push(g.clone());
    }
    let save = g.save();
    for (i, s) in states.iter().enumerate() {
        assert_eq!(&Game::replay(&save, Some(i)).unwrap(), s, "point {i}");
    }
}

#[test]
fn out_of_range_players_are_refused() {
    assert!(Game::new(Preset::Taylor.rules(), 1, 0).is_err());
    assert!(Game::new(Preset::Taylor.rules(), 13, 0).is_err());
}

#[test]
fn presets_are_found_by_their_id() {
    for p in Preset::ALL {
        assert_eq!(Preset::from_id(p.id()), Some(p));
    }
    assert_eq!(Preset::from_id("poker"), None);
}

#[test]
fn a_quiet_apply_plays_the_same_game_and_a_redeal_is_a_new_deal() {
    // `apply_quiet` is `apply` without events or log: the same legal lists
    // and the same table at every step, the same refusals. `redeal` deals what `new` deals.
    use blackjack::engine::rng::GameRng;
    let mut rng = GameRng::new(5);
    for preset in Preset::ALL {
        for players in [2u8, 4, 7] {
            let mut loud = Game::new(preset.rules(), players, 40 + players as u64).unwrap();
            let mut quiet = loud.clone();
            let mut trusted = loud.clone();
            // As search plays: trusting the set, and keeping no record of the last turns.
            let mut searched = loud.clone();
            searched.stop_recording_turns();
            let mut steps = 0;
            while !loud.is_over() && steps < 1500 {
                let legal = loud.legal_actions();
                assert_eq!(quiet.legal_actions(), legal, "{preset:?} {players}p step {steps}");
                // The set is the list: the same actions in the same order, and the k-th is the k-th.
                let set = loud.legal_set();
                assert_eq!(set.iter().collect::<Vec<_>>(), legal);
                assert_eq!(set.len(), legal.len());
                assert!(legal.iter().enumerate().all(|(k, &a)| set.nth(k) == a && set.contains(a)));
                let bad = Action::Play { seat: (loud.current() + 1) % players, card: c("KD") };
                assert_eq!(quiet.refusal(bad), loud.refusal(bad));
                assert!(!set.contains(bad));
                let a = legal[rng.below(legal.len() as u64) as usize];
                loud.apply(a).unwrap();
                quiet.apply_quiet(a).unwrap();
                // `apply_legal` (what search runs on) trusts the set: the very same game afterwards.
                trusted.apply_legal(a);
                assert_eq!(trusted, quiet, "{preset:?} {players}p step {steps}: apply_legal after {a}");
                searched.apply_legal(a);
                assert_eq!(searched.legal_set(), quiet.legal_set(), "{preset:?} {players}p step {steps}");
                for s in 0..players {
                    let mut v = quiet.view(s);
                    v.state_id = loud.state_id();
                    assert_eq!(v, loud.view(s), "{preset:?} {players}p step {steps}");
                    // Without the record (the latest turns, the seen stock, the known cards),
                    // everything else each seat sees is the same.
                    let (mut seen, mut unrecorded) = (v, searched.view(s));
                    unrecorded.state_id = seen.state_id;
                    for v in [&mut seen, &mut unrecorded] {
                        v.last_turns.clear();
                        v.stock_seen.clear();
                        v.known.clear();
                    }
                    assert_eq!(unrecorded, seen, "{preset:?} {players}p step {steps}: without the record");
                }
                steps += 1;
            }
            assert_eq!((quiet.is_over(), quiet.winner()), (loud.is_over(), loud.winner()));
            assert!(quiet.log().is_empty());
            assert_eq!((searched.stock_len(), searched.scores()), (quiet.stock_len(), quiet.scores()));
            let mut reused = loud;
            reused.redeal(99);
            assert_eq!(reused, Game::new(preset.rules(), players, 99).unwrap(), "{preset:?} {players}p");
        }
    }
}
