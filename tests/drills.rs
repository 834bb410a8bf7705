//! The drills' ranking of the index plays (issue 38): the Illustrious 18 and Fab 4 first, in
//! their published order, then every other play by what it is worth (`IndexPlay::gain`: how
//! often its hand and counts come, times its lead over the other play there). The grading rules
//! of each drill (rounding conventions, the plays a table offers, the stopwatch) are unit tests
//! beside the page's reducer (`src/ui/drills/state.rs`, `session.rs`).

use blackjack::engine::casino::count::HI_LO;
use blackjack::engine::casino::drill::{first_count, ranked_plays};
use blackjack::engine::casino::indices::{
    all_situations, first_hands, first_situations, index_plays, Choice, IndexPlay, Situation,
};
use blackjack::engine::casino::save::Choice as TableChoice;
use blackjack::engine::casino::strategy::Play;

fn six_deck_plays() -> (blackjack::engine::casino::TableRules, Vec<IndexPlay>) {
    let rules = TableChoice { surrender: true, ..TableChoice::default() }.rules();
    let plays = index_plays(&rules, &HI_LO, &all_situations(&rules));
    (rules, plays)
}

#[test]
fn the_illustrious_18_and_fab_4_come_first_in_their_order_then_the_rest_by_value() {
    let (rules, plays) = six_deck_plays();
    let ranked = ranked_plays(&rules, &plays);
    assert_eq!(ranked.len(), plays.len());
    assert!(plays.iter().all(|p| ranked.contains(p)), "the same plays");
    let first = first_situations(&rules);
    let n = first_count(&rules, &ranked);
    assert_eq!(n, plays.iter().filter(|p| first.contains(&(p.situation, p.up))).count());
    assert!(n >= 20, "{n} plays of the first hands");
    // The first hands' plays in the published order, hand by hand.
    let hands = first_hands(&rules);
    let hand = |p: &IndexPlay| hands.iter().position(|h| h.contains(&(p.situation, p.up))).unwrap();
    assert!(ranked[..n].windows(2).all(|w| hand(&w[0]) <= hand(&w[1])));
    assert_eq!((ranked[0].situation, ranked[0].up), (Situation::Insurance, 1), "insurance leads the 18");
    // Then by value, most first, every value a chance times a lead: positive and small.
    let rest = &ranked[n..];
    assert!(rest.windows(2).all(|w| w[0].gain >= w[1].gain), "by value");
    assert!(ranked.iter().all(|p| p.gain >= 0.0 && p.gain < 0.01), "gains in bets a round");
    assert!(rest.iter().filter(|p| p.gain > 0.0).count() > rest.len() / 2);
    for p in ranked.iter().take(n + 12) {
        println!(
            "{} v {}: {:+} ({:.2}), {:.7} bets a round",
            p.situation.describe(),
            p.up,
            p.index,
            p.crossing,
            p.gain
        );
    }
}

/// A play's value grows with how often its counts come: 16 v 10 stands from about 0, at
/// counts that come every other round, and is worth far more than a double that waits for +8.
#[test]
fn a_play_at_a_common_count_is_worth_more_than_one_at_a_rare_count() {
    let (_, plays) = six_deck_plays();
    let find = |s: Situation, up: u8, play: Play| {
        *plays.iter().find(|p| p.situation == s && p.up == up && p.at_or_above == Choice::Play(play)).unwrap()
    };
    let stand_16 = find(Situation::Total { soft: false, total: 16 }, 10, Play::Stand);
    let double_8 = plays
        .iter()
        .filter(|p| p.situation == (Situation::Total { soft: false, total: 8 }) && p.index > 4)
        .min_by_key(|p| p.index)
        .copied();
    if let Some(d) = double_8 {
        assert!(
            stand_16.gain > 3.0 * d.gain,
            "16 v 10 {} against 8 v {} at {:+}: {}",
            stand_16.gain,
            d.up,
            d.index,
            d.gain
        );
    }
    assert!(stand_16.gain > 0.0);
}
