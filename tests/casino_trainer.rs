//! The trainer's engine (issue #26): counting systems as data, index plays computed by exact
//! conditioning and held to Schlesinger's published Hi-Lo indices, risk of ruin against a
//! published worked example, and the drill's weighted flashcards.
//! docs/rules/casino.md ("Counting, index plays, risk and the drill") cites the tests here.

use blackjack::engine::cards::{standard_decks, Card, Rank, Suit};
use blackjack::engine::casino::count::{system, CountSystem, Counter, HI_LO, KEY_COUNTS, SYSTEMS};
use blackjack::engine::casino::drill::{cell_values, cells, Cell, Drill, Record, Row, Tally, MAX_COUNT};
use blackjack::engine::casino::hand::{hi_lo_points, points};
use blackjack::engine::casino::indices::{
    all_situations, answer_at, count_range, count_shoes, depth_profile, depths, edge_by_count, first_situations,
    index_plays, index_plays_from, key_count, play_at, Choice, Composition, Found, IndexPlay, IndexTableWork,
    IndexWork, ProfileBuilder, RunningKeys, Situation, HIGHEST, ILLUSTRIOUS,
};
use blackjack::engine::casino::risk::*;
use blackjack::engine::casino::save::Choice as TableChoice;
use blackjack::engine::casino::strategy::{chart_with, Play};
use blackjack::engine::casino::{DoubleOn, SplitLimit, TableRules, TableSpec};
use blackjack::engine::rng::GameRng;

fn full_shoe(decks: u8) -> Composition {
    let d = decks as f64;
    let mut c = [4.0 * d; 10];
    c[9] = 16.0 * d;
    c
}

// Counting systems.

#[test]
fn balanced_systems_sum_to_zero_over_a_deck_and_ko_and_red_7_to_their_published_sums() {
    for s in &SYSTEMS {
        let sum: i32 = standard_decks(1).into_iter().map(|c| s.tag_half(c)).sum();
        assert_eq!(sum, s.deck_sum_half(), "{}", s.name);
        let expected = match s.key {
            "ko" => 8,
            "red7" => 4,
            _ => 0,
        };
        assert_eq!(sum, expected, "{} sums to {} half points a deck", s.name, sum);
        assert_eq!(s.balanced(), expected == 0);
    }
}

#[test]
fn tags_are_the_published_ones() {
    let pts = |s: &CountSystem| s.half_tags.map(|t| t as f64 / 2.0);
    let by = |k: &str| system(k).unwrap();
    assert_eq!(pts(by("hilo")), [-1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, -1.0]);
    assert_eq!(pts(by("ko")), [-1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, -1.0]);
    assert_eq!(pts(by("hiopt1")), [0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, -1.0]);
    assert_eq!(pts(by("hiopt2")), [0.0, 1.0, 1.0, 2.0, 2.0, 1.0, 1.0, 0.0, 0.0, -2.0]);
    assert_eq!(pts(by("omega2")), [0.0, 1.0, 1.0, 2.0, 2.0, 2.0, 1.0, 0.0, -1.0, -2.0]);
    assert_eq!(pts(by("zen")), [-1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 1.0, 0.0, 0.0, -2.0]);
    assert_eq!(pts(by("halves")), [-1.0, 0.5, 1.0, 1.0, 1.5, 1.0, 0.5, 0.0, -0.5, -1.0]);
    assert_eq!(pts(by("red7")), [-1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0, -1.0]);
    let red7 = by("red7");
    let seven = |s| Card::new(Rank::Seven, s);
    assert_eq!(red7.tag_half(seven(Suit::Hearts)), 2);
    assert_eq!(red7.tag_half(seven(Suit::Spades)), 0);
    assert_eq!(HI_LO.tag_half(seven(Suit::Hearts)), 0);
    // Hi-Lo is the table's own count: the same tags as the game's.
    for p in 1..=10u8 {
        assert_eq!(HI_LO.half_tags[p as usize - 1] as i32, 2 * hi_lo_points(p));
    }
}

#[test]
fn a_whole_shoe_counted_ends_at_the_initial_count_plus_its_deck_sums_and_a_true_count_of_zero_midway() {
    for s in &SYSTEMS {
        let mut c = Counter::new(s, 6);
        let shoe = standard_decks(6);
        for &card in &shoe[..156] {
            c.see(card);
        }
        // standard_decks is in order, so the first three decks are whole decks: a neutral count.
        assert!(c.true_count().abs() < 1e-9, "{}: {}", s.name, c.true_count());
        for &card in &shoe[156..] {
            c.see(card);
        }
        assert_eq!(c.running_half, s.initial_running_count_half(6) + 6 * s.deck_sum_half());
    }
}

#[test]
fn ko_true_count_equivalent_has_its_pivot_at_plus_four() {
    let ko = system("ko").unwrap();
    // A running count of +4 (8 half points) means +4 at any depth of a six-deck shoe.
    for dealt in [52, 104, 156, 260] {
        assert!((ko.true_count(8, 6, dealt) - 4.0).abs() < 1e-9);
    }
    // Away from the pivot, (running − 4) / decks left + 4: running +10 with 3 decks left is +6.
    assert!((ko.true_count(20, 6, 156) - 6.0).abs() < 1e-9);
    // A balanced count divides by the decks left: Hi-Lo +6 with 2 decks left is +3.
    assert!((HI_LO.true_count(12, 6, 208) - 3.0).abs() < 1e-9);
    // No division by zero at the end of the shoe, nor for a count past it.
    assert!(HI_LO.true_count(4, 6, 400).is_finite());
}

/// KO and Red 7 are read by the running count alone: their pivot is the running count that means
/// the same true count at every depth. Vancura and Fuchs (*Knock-Out Blackjack*, Huntington
/// Press 1998, "the pivot point") give KO's as +4 whatever the decks, with the standard initial
/// count 4 − 4 × decks; Snyder's Red 7 starts at −2 × decks and pivots at 0, a true count of +2.
#[test]
fn unbalanced_counts_pivot_where_the_running_count_means_the_same_at_every_depth() {
    let (ko, red7) = (system("ko").unwrap(), system("red7").unwrap());
    for decks in [1u8, 2, 4, 6, 8] {
        assert_eq!(ko.pivot(decks), Some((8, 4.0)), "KO at {decks} decks");
        assert_eq!(red7.pivot(decks), Some((0, 2.0)), "Red 7 at {decks} decks");
        for s in [ko, red7] {
            let (running, true_count) = s.pivot(decks).unwrap();
            for dealt in [0, 13, 26 * decks as u32 - 1, 52 * decks as u32 - 20] {
                assert!((s.true_count(running, decks, dealt) - true_count).abs() < 1e-9, "{} {decks} {dealt}", s.name);
                // A running count for a true count, and back.
                for t in [-3.0, 0.5, 4.0, 7.25] {
                    let r = s.running_at(t, decks, dealt);
                    let back = (r
                        - s.initial_running_count_half(decks) as f64
                        - s.deck_sum_half() as f64 * dealt as f64 / 52.0)
                        / ((52 * decks as u32 - dealt) as f64 / 52.0)
                        / 2.0;
                    assert!((back - t).abs() < 1e-9, "{} {decks} {dealt} {t}: {back}", s.name);
                }
            }
        }
        assert_eq!(HI_LO.pivot(decks), None);
        assert_eq!(HI_LO.key_count(decks), None);
    }
}

/// The key counts a page shows for KO and Red 7 ([`KEY_COUNTS`]) are the computed ones, and KO's
/// are within one of Vancura and Fuchs' (*Knock-Out Blackjack*, chapter "The Knock-Out System —
/// Rookie": +2 at one deck, +1 at two, −4 at six and −6 at eight).
#[test]
fn the_key_counts_shown_are_the_computed_ones_and_kos_are_vancura_and_fuchs() {
    let mut report = String::new();
    for (key, decks, shown) in KEY_COUNTS {
        let s = system(key).unwrap();
        let rules = TableChoice { decks, ..TableChoice::default() }.rules();
        let computed = key_count(&rules, s);
        report += &format!("{key} at {decks} decks: computed {computed:?}, shown {shown}\n");
        assert_eq!(s.key_count(decks), Some(shown as i32));
        assert_eq!(computed, Some(shown as i32), "{report}");
    }
    println!("{report}");
    for (decks, published) in [(1u8, 2), (2, 1), (6, -4), (8, -6)] {
        let shown = system("ko").unwrap().key_count(decks).unwrap();
        assert!((shown - published).abs() <= 1, "KO at {decks} decks: {shown}, published {published}");
    }
}

/// An unbalanced count's index plays keyed to the running count: each index is the least running
/// count whose expected true count (over the depths where it comes up) reaches the play's
/// crossing, so a running count at or above it is at or above the crossing on average. At the
/// pivot the expected true count is the pivot's at every depth, so it stands for exactly that.
#[test]
fn kos_index_plays_are_keyed_to_the_running_count_for_the_shoe() {
    let ko = system("ko").unwrap();
    for decks in [1u8, 6] {
        let rules = TableChoice { decks, ..TableChoice::default() }.rules();
        let keys = RunningKeys::new(&rules, ko).expect("KO is unbalanced");
        assert!(RunningKeys::new(&rules, &HI_LO).is_none(), "Hi-Lo is divided, not keyed");
        assert!((keys.running_for(4.0) - 4.0).abs() < 1e-6, "{}", keys.running_for(4.0));
        assert_eq!((keys.pivot(), keys.index_for(4.0)), (4, 4));
        let (lowest, highest) = keys.range();
        assert!(lowest < 4 - 4 * decks as i32 && highest > 4, "{lowest}..{highest}");
        // A higher true count needs a higher running count.
        let steps: Vec<f64> = (-6..=10).map(|t| keys.running_for(t as f64)).collect();
        assert!(steps.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
        let plays = index_plays(&rules, ko, &ILLUSTRIOUS);
        let keyed = keys.keyed(&plays);
        assert_eq!(keyed.len(), plays.len());
        for (p, k) in plays.iter().zip(&keyed) {
            assert_eq!((p.situation, p.up, p.at_or_above, p.below), (k.situation, k.up, k.at_or_above, k.below));
            assert_eq!(k.crossing, keys.running_for(p.crossing));
            assert_eq!(k.index, keys.index_for(p.crossing));
            assert!(k.index as f64 >= k.crossing - 1e-9 && (k.index as f64) < k.crossing + 1.0);
            // Above the pivot's true count, above the pivot's running count; below, below.
            assert_eq!(p.crossing > 4.0, k.crossing > 4.0, "{} v {}", p.situation.describe(), p.up);
        }
        println!(
            "KO at {decks} decks: {}",
            keyed
                .iter()
                .map(|k| format!("{} v {} {:+}", k.situation.describe(), k.up, k.index))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
}

// Index plays.

/// The game the published Hi-Lo indices are for: six decks, dealer stands on soft 17, double
/// any two cards, double after splitting, late surrender, resplit to four hands (not aces).
fn six_deck_s17_das_ls() -> TableRules {
    TableRules::new(TableSpec {
        decks: 6,
        penetration_percent: 75,
        dealer_hits_soft_17: false,
        double_on: DoubleOn::AnyTwo,
        double_after_split: true,
        split_limit: SplitLimit::Hands(4),
        surrender: true,
        ..TableSpec::default()
    })
    .unwrap()
}

/// The Illustrious 18 and the Fab 4 surrenders for Hi-Lo in a six-deck S17 game with DAS
/// and late surrender, as published by Don Schlesinger in *Blackjack Attack: Playing the Pros'
/// Way* (RGE Publishing; the Illustrious 18 in the chapter "Attacking the Shoe", first edition
/// 1997, from his Blackjack Forum article of September 1986; the Fab 4 surrenders added in the
/// second edition, 2000, and kept in the third, 2005). The same values are repeated by, among
/// others, freeblackjack.games/card-counting/deviations and
/// blackjack.yuchunlab.com/en/content/cardcounting/deviations (which gives 15 v A as +2 for
/// S17, where Schlesinger's table gives +1: both are within the tolerance).
/// (situation, up card, play at or above, published index).
const PUBLISHED: [(Situation, u8, Choice, i32); 22] = {
    use Choice::Play as P;
    const fn hard(total: u8) -> Situation {
        Situation::Total { soft: false, total }
    }
    [
        (Situation::Insurance, 1, Choice::Insure, 3),
        (hard(16), 10, P(Play::Stand), 0),
        (hard(15), 10, P(Play::Stand), 4),
        (Situation::Pair(10), 5, P(Play::Split), 5),
        (Situation::Pair(10), 6, P(Play::Split), 4),
        (hard(10), 10, P(Play::Double), 4),
        (hard(12), 3, P(Play::Stand), 2),
        (hard(12), 2, P(Play::Stand), 3),
        (hard(11), 1, P(Play::Double), 1),
        (hard(9), 2, P(Play::Double), 1),
        (hard(10), 1, P(Play::Double), 4),
        (hard(9), 7, P(Play::Double), 3),
        (hard(16), 9, P(Play::Stand), 5),
        (hard(13), 2, P(Play::Stand), -1),
        (hard(12), 4, P(Play::Stand), 0),
        (hard(12), 5, P(Play::Stand), -2),
        (hard(12), 6, P(Play::Stand), -1),
        (hard(13), 3, P(Play::Stand), -2),
        (Situation::Surrender(14), 10, P(Play::Surrender), 3),
        (Situation::Surrender(15), 10, P(Play::Surrender), 0),
        (Situation::Surrender(15), 9, P(Play::Surrender), 2),
        (Situation::Surrender(15), 1, P(Play::Surrender), 1),
    ]
};

/// How many of the 22 we compute exactly: the goal is at least 20 (issue 38). The one we miss is
/// one off: 16 v 9 (crossing 4.49, published +5; Blackjack Apprenticeship's chart below has +4
/// for it, at H17, where the dealer's 9 plays the same). Surrender 15 v A was the other (1.55)
/// until the player's draws against an ace left out the hole card the dealer peeked at (1.43).
/// Raise this when the computation improves; never lower it to pass.
const PUBLISHED_EXACT: usize = 21;

#[test]
fn the_illustrious_18_and_the_fab_4_computed_for_hi_lo_are_within_one_of_the_published_indices() {
    let rules = six_deck_s17_das_ls();
    let situations: Vec<(Situation, u8)> = PUBLISHED.iter().map(|p| (p.0, p.1)).collect();
    let computed = index_plays(&rules, &HI_LO, &situations);
    let mut exact = Vec::new();
    let mut report = String::new();
    for (situation, up, play, published) in PUBLISHED {
        let found: Vec<&IndexPlay> =
            computed.iter().filter(|c| c.situation == situation && c.up == up && c.at_or_above == play).collect();
        assert_eq!(found.len(), 1, "{} v {up}: {found:?}", situation.describe());
        let c = found[0];
        report += &format!(
            "{} v {up}: computed {:+} ({:.2}), published {published:+}\n",
            situation.describe(),
            c.index,
            c.crossing
        );
        assert!((c.index - published).abs() <= 1, "none is off by more than one:\n{report}");
        if c.index == published {
            exact.push(c);
        }
    }
    // Printed with `cargo test -- --nocapture`: the whole comparison, for the docs' table.
    println!("{report}{} of 22 exact", exact.len());
    assert!(exact.len() >= PUBLISHED_EXACT, "{} of 22 exact, {PUBLISHED_EXACT} were:\n{report}", exact.len());
}

/// The same hands in a six-deck game whose dealer hits soft 17 (DAS, late surrender), against
/// Blackjack Apprenticeship's "H17 Expanded Deviation Chart" for Hi-Lo (blackjackapprenticeship.com,
/// 2018; a copy at pt.scribd.com/document/396399851/BJA-H17-EXP). The chart marks each index
/// with the count from which the play changes ("4+" from +4 up, "−2−" from −2 down); the
/// number is compared, as Schlesinger's are above. It gives 11 v A as a double down to −1,
/// 10 v A from +3, 16 v 9 from +4, surrender 14 v 10 from +4 and 15 v A from −1, where the S17
/// table has +1, +4, +5, +3 and +1. It gives no index for 12 v 6 and 13 v 3 (stand at every count
/// it shows), so those two are not compared: we find them at −3 (crossings −3.50 and −2.60),
/// below the S17 game's −1 and −2, as a dealer who hits soft 17 busts more.
const PUBLISHED_H17: [(Situation, u8, Choice, i32); 20] = {
    use Choice::Play as P;
    const fn hard(total: u8) -> Situation {
        Situation::Total { soft: false, total }
    }
    [
        (Situation::Insurance, 1, Choice::Insure, 3),
        (hard(16), 10, P(Play::Stand), 0),
        (hard(15), 10, P(Play::Stand), 4),
        (Situation::Pair(10), 5, P(Play::Split), 5),
        (Situation::Pair(10), 6, P(Play::Split), 4),
        (hard(10), 10, P(Play::Double), 4),
        (hard(12), 3, P(Play::Stand), 2),
        (hard(12), 2, P(Play::Stand), 3),
        (hard(11), 1, P(Play::Double), -1),
        (hard(9), 2, P(Play::Double), 1),
        (hard(10), 1, P(Play::Double), 3),
        (hard(9), 7, P(Play::Double), 3),
        (hard(16), 9, P(Play::Stand), 4),
        (hard(13), 2, P(Play::Stand), -1),
        (hard(12), 4, P(Play::Stand), 0),
        (hard(12), 5, P(Play::Stand), -2),
        (Situation::Surrender(14), 10, P(Play::Surrender), 4),
        (Situation::Surrender(15), 10, P(Play::Surrender), 0),
        (Situation::Surrender(15), 9, P(Play::Surrender), 2),
        (Situation::Surrender(15), 1, P(Play::Surrender), -1),
    ]
};

/// How many of the 20 compared we compute exactly at H17: the goal is the S17 game's, all but
/// two (issue 38). 11 v A was one off (crossing −0.45, chart −1) while the player's draws
/// against an ace came from a shoe still holding the dealer's hole card, which the peek showed is
/// not a ten: drawn without it, −0.57. The two one off:
/// - 12 v 3 (crossing 1.16, chart +2). The S17 game's is 1.58, and a dealer who hits soft 17
///   busts more, so a 12 stands earlier; taking the player's hit cards out of the dealer's shoe
///   as well (tried, for over twenty times the work) only moves it to 1.32, and Schlesinger's 12 v 2
///   and 12 v 5 one off.
/// - Surrender 14 v 10 (3.27, chart +4). A dealer's ten never hits a soft 17 (ten and ace is a
///   blackjack, every other hand from a ten is hard), so this decision is the S17 game's, where
///   Schlesinger's Fab 4 (above) has +3, as we do; this chart's +4 and Schlesinger's +3 are two
///   sources for one index. (16 v 9, where the dealer's 9 cannot make a soft 17 either, splits
///   them the other way: +4 here, +5 in Schlesinger's.)
///
/// Raise it when the computation improves; never lower it to pass.
const PUBLISHED_H17_EXACT: usize = 18;

#[test]
fn the_illustrious_18_and_the_fab_4_at_h17_are_within_one_of_a_published_h17_chart() {
    let rules =
        TableRules::new(TableSpec { dealer_hits_soft_17: true, ..six_deck_s17_das_ls().spec().clone() }).unwrap();
    let situations: Vec<(Situation, u8)> = PUBLISHED_H17.iter().map(|p| (p.0, p.1)).collect();
    let computed = index_plays(&rules, &HI_LO, &situations);
    let (mut exact, mut report) = (0, String::new());
    for (situation, up, play, published) in PUBLISHED_H17 {
        let found: Vec<&IndexPlay> =
            computed.iter().filter(|c| c.situation == situation && c.up == up && c.at_or_above == play).collect();
        assert_eq!(found.len(), 1, "{} v {up}: {found:?}", situation.describe());
        let c = found[0];
        report += &format!(
            "{} v {up}: computed {:+} ({:.2}), chart {published:+}\n",
            situation.describe(),
            c.index,
            c.crossing
        );
        assert!((c.index - published).abs() <= 1, "none is off by more than one:\n{report}");
        exact += (c.index == published) as usize;
    }
    println!("{report}{exact} of 20 exact");
    assert!(exact >= PUBLISHED_H17_EXACT, "{exact} of 20 exact, {PUBLISHED_H17_EXACT} were:\n{report}");
}

/// The indices are keyed to the count the player reads with the up card and their own two
/// cards counted, as the published tables and the table's count panel are: re-keyed from the
/// count before the round, 12 v 3 (the up card and most 12s count +1 or +2) moves up to the
/// published +2 and 13 v 3 to −2, where keyed to the count before the round they were +1 and −3.
#[test]
fn the_index_is_keyed_to_the_count_with_the_cards_on_the_table() {
    let rules = six_deck_s17_das_ls();
    let hard = |total| Situation::Total { soft: false, total };
    let plays = index_plays(&rules, &HI_LO, &[(hard(12), 3), (hard(13), 3)]);
    let index = |s: Situation| plays.iter().find(|p| p.situation == s).map(|p| p.index);
    assert_eq!(index(hard(12)), Some(2));
    assert_eq!(index(hard(13)), Some(-2));
}

/// One decision, one right answer: surrender is decided first (as the published Fab 4 are), so
/// a hard total and its surrender question have the same answer at every count, and a pair
/// may be surrendered too: 8,8 v A surrenders when the dealer hits soft 17 and is split when
/// the dealer stands on it (issue 38; multi-deck H17 basic strategy charts with late surrender
/// mark 8,8 v A "surrender, else split", and the late surrender tables of the Wizard of Odds'
/// Blackjack Appendix 6, wizardofodds.com/games/blackjack/appendix/6/, give 8+8 v A its own row
/// that depends on H17).
#[test]
fn surrender_is_decided_first_so_a_hand_has_one_answer_at_each_count() {
    let rules = six_deck_s17_das_ls();
    let (lowest, highest) = count_range(&HI_LO);
    let mut situations = Vec::new();
    for up in 1..=10u8 {
        for total in 12..=17u8 {
            situations.push((Situation::Total { soft: false, total }, up));
            situations.push((Situation::Surrender(total), up));
        }
        for p in 2..=9u8 {
            situations.push((Situation::Pair(p), up));
            situations.push((Situation::SurrenderPair(p), up));
        }
    }
    let plays = index_plays(&rules, &HI_LO, &situations);
    let surrender = Choice::Play(Play::Surrender);
    // Where a surrender index gives way to playing the hand, the hand is played as its own
    // indices say: the two decisions are priced on the same hands at the same counts.
    let mut checked = 0;
    for p in plays.iter().filter(|p| matches!(p.situation, Situation::Surrender(_) | Situation::SurrenderPair(_))) {
        let (kept, t) = if p.at_or_above == surrender { (p.below, p.index - 1) } else { (p.at_or_above, p.index) };
        if !(lowest..=highest).contains(&t) {
            continue;
        }
        let own = match p.situation {
            Situation::Surrender(total) => Situation::Total { soft: false, total },
            Situation::SurrenderPair(pair) => Situation::Pair(pair),
            _ => unreachable!(),
        };
        if let Some(own_play) = play_at(&plays, own, p.up, t) {
            assert_eq!(own_play, kept, "{} v {} at {t}", p.situation.describe(), p.up);
            checked += 1;
        }
        assert_eq!(answer_at(&plays, p.situation, p.up, t), Some(kept));
        assert_eq!(answer_at(&plays, own, p.up, t), Some(kept));
        assert_eq!(answer_at(&plays, own, p.up, t + if kept == p.below { 1 } else { -1 }), Some(surrender));
    }
    assert!(checked >= 5, "{checked} surrender indices beside a total's own");
    // The example: 10,6 v 10 at +2 is surrendered whichever way it is asked.
    let sixteen = Situation::Total { soft: false, total: 16 };
    assert_eq!(play_at(&plays, sixteen, 10, 2), Some(Choice::Play(Play::Stand)), "its total alone stands");
    assert_eq!(answer_at(&plays, sixteen, 10, 2), Some(surrender));
    assert_eq!(answer_at(&plays, Situation::Surrender(16), 10, 2), Some(surrender));
    // 15 v 10 below its surrender index of 0 is hit, from 0 up surrendered (the Fab 4).
    let fifteen = Situation::Total { soft: false, total: 15 };
    assert_eq!(answer_at(&plays, fifteen, 10, -1), Some(Choice::Play(Play::Hit)));
    assert_eq!(answer_at(&plays, fifteen, 10, 0), Some(surrender));
    // 8,8 v A: split at S17; surrendered at H17 below a count near 0 (the crossing is +0.35,
    // so at counts read as 0 or more it is split: the index rounds the crossing).
    let eights = [(Situation::Pair(8), 1), (Situation::SurrenderPair(8), 1)];
    let s17 = index_plays(&rules, &HI_LO, &eights);
    assert!(s17.iter().all(|p| p.at_or_above != surrender && p.below != surrender), "{s17:?}");
    let h17 = TableRules::new(TableSpec { dealer_hits_soft_17: true, ..rules.spec().clone() }).unwrap();
    let h17_plays = index_plays(&h17, &HI_LO, &eights);
    assert_eq!(answer_at(&h17_plays, Situation::Pair(8), 1, -1), Some(surrender), "{h17_plays:?}");
    assert_eq!(answer_at(&h17_plays, Situation::SurrenderPair(8), 1, -1), Some(surrender));
    let crossing = h17_plays.iter().find(|p| p.below == surrender).map(|p| p.crossing);
    assert!(crossing.is_some_and(|c| c > 0.0), "H17 surrenders 8,8 v A at a neutral count: {crossing:?}");
    assert!(all_situations(&h17).contains(&(Situation::SurrenderPair(8), 1)));
}

/// A level-two count's points are twice a level-one count's, so its indices are about twice as
/// far from zero: searched only to ±10 they lost about half their plays, 16 v 9 among them
/// (Hi-Opt II, Omega II and Zen publish it near +8 to +10 in their own points).
#[test]
fn level_two_counts_keep_their_indices() {
    let rules = six_deck_s17_das_ls();
    let situations = all_situations(&rules);
    let hilo = index_plays(&rules, &HI_LO, &situations).len();
    for key in ["hiopt2", "omega2", "zen"] {
        let s = system(key).unwrap();
        assert_eq!(count_range(s), (-20, 20), "{key}");
        let plays = index_plays(&rules, s, &situations);
        assert!(plays.len() >= hilo, "{key}: {} plays, Hi-Lo {hilo}", plays.len());
        let sixteen = plays
            .iter()
            .find(|p| p.situation == Situation::Total { soft: false, total: 16 } && p.up == 9)
            .unwrap_or_else(|| panic!("{key}: no 16 v 9"));
        assert_eq!(sixteen.at_or_above, Choice::Play(Play::Stand));
        assert!((6..=12).contains(&sixteen.index), "{key}: 16 v 9 at {}", sixteen.index);
        assert!(plays.iter().any(|p| p.index.abs() > 10), "{key}: some index beyond ±10");
    }
}

#[test]
fn the_expected_cards_left_given_the_count_agree_with_counting_every_deal_by_hand() {
    // Every three-card deal from one deck, counted with Red 7 (so the sevens' colours matter).
    let red7 = system("red7").unwrap();
    let deck = standard_decks(1);
    let mut by_count: std::collections::BTreeMap<i32, (f64, Composition)> = Default::default();
    for i in 0..52 {
        for j in i + 1..52 {
            for k in j + 1..52 {
                let cards = [deck[i], deck[j], deck[k]];
                let s: i32 = cards.iter().map(|&c| red7.tag_half(c)).sum();
                let e = by_count.entry(s).or_insert((0.0, [0.0; 10]));
                e.0 += 1.0;
                let mut left = full_shoe(1);
                for c in cards {
                    left[points(c) as usize - 1] -= 1.0;
                }
                for (sum, cards) in e.1.iter_mut().zip(left) {
                    *sum += cards;
                }
            }
        }
    }
    let deals = 52.0 * 51.0 * 50.0 / 6.0;
    let profile = depth_profile(red7, 1, 3);
    assert_eq!(profile.len(), by_count.len());
    for ((_, (n, sum)), (_, prob, comp)) in by_count.iter().zip(&profile) {
        assert!((n / deals - prob).abs() < 1e-12, "{n} {prob}");
        for p in 0..10 {
            assert!((sum[p] / n - comp[p]).abs() < 1e-9, "{:?} {:?}", sum.map(|x| x / n), comp);
        }
    }
}

#[test]
fn every_system_insures_above_some_positive_count_and_below_it_declines() {
    let rules = six_deck_s17_das_ls();
    for s in &SYSTEMS {
        let plays = index_plays(&rules, s, &[(Situation::Insurance, 1)]);
        // Hi-Opt I and II and Omega II leave the ace out of the count but still see the tens.
        assert_eq!(plays.len(), 1, "{}: {plays:?}", s.name);
        let p = plays[0];
        assert_eq!((p.at_or_above, p.below), (Choice::Insure, Choice::DeclineInsurance));
        assert!(p.index > 0 && p.index < HIGHEST, "{}: {}", s.name, p.index);
    }
}

#[test]
fn nonsense_situations_and_up_cards_find_no_index_and_never_panic() {
    let rules = six_deck_s17_das_ls();
    let nonsense = [
        (Situation::Pair(0), 10),
        (Situation::Pair(11), 5),
        (Situation::Total { soft: false, total: 200 }, 6),
        (Situation::Total { soft: true, total: 3 }, 6),
        (Situation::Surrender(40), 10),
        (Situation::Total { soft: false, total: 16 }, 0),
        (Situation::Insurance, 11),
    ];
    assert_eq!(index_plays(&rules, &HI_LO, &nonsense), vec![]);
    // A profile past the end of the shoe stops at its last card.
    let p = depth_profile(&HI_LO, 1, 10_000);
    assert!(!p.is_empty() && p.iter().all(|x| x.0.is_finite() && x.2.iter().all(|&c| c >= 0.0)));
}

// Risk of ruin.

/// Michael Hall, "Risk of Ruin", *Blackjack Review* (revised 15 January 1992), section I:
/// winning 0.0151 units a hand with an average squared win of 3.887, the chance of losing a
/// bankroll of 300 units before doubling it is 9.0%.
#[test]
fn the_chance_of_losing_300_units_before_doubling_them_is_halls_nine_percent() {
    let (win, sd) = (0.0151, (3.887f64 - 0.0151 * 0.0151).sqrt());
    let r = risk_of_ruin_before_goal(win, sd, 300.0, 300.0);
    assert!((r - 0.090).abs() < 0.002, "{r}");
    // Without a goal the risk is larger: some who would have doubled are ruined later.
    assert!(risk_of_ruin(win, sd, 300.0) > r);
}

/// A worked example answered on the Two Plus Two forums (the thread archived at
/// archives2.twoplustwo.com/archive/index.php/t-28089.html), with the formula
/// `ror = exp(−2uB/σ²)` used here: a standard deviation of 8 units an hour and a bankroll of 100
/// units give 21% winning 0.5 units an hour, 9.6% at 0.75 and 4.3% at 1 (the answer gives the
/// discrete form `((1 − u/σ)/(1 + u/σ))^(B/σ)` beside it as "essentially the same"; at 1 unit
/// the exponential gives 4.39% and the discrete form 4.32%).
#[test]
fn the_risk_of_ruin_is_the_forums_worked_example() {
    for (win, published) in [(0.5, 0.21), (0.75, 0.096), (1.0, 0.043)] {
        let r = risk_of_ruin(win, 8.0, 100.0);
        // Within the published figure's last digit (4.39% against 4.3%: the discrete form's).
        assert!((r - published).abs() < 0.0011, "winning {win}: {r} against {published}");
    }
    // The formula itself, to the last digit: exp(−2 · 0.5 · 100 / 64).
    assert!((risk_of_ruin(0.5, 8.0, 100.0) - (-1.5625f64).exp()).abs() < 1e-15);
}

#[test]
fn the_spreads_figures_made_in_steps_are_the_chances_and_edges_made_at_once() {
    // A single deck keeps the one-go edges quick; every count the shoe reaches is compared.
    let rules = TableRules::new(TableSpec { decks: 1, penetration_percent: 75, ..TableSpec::default() }).unwrap();
    for system in [&HI_LO, system("ko").unwrap()] {
        let mut work = SpreadWork::new(&rules, system);
        let mut steps = 0;
        while !work.step(50_000) {
            steps += 1;
            let (done, all) = work.progress();
            assert!(done <= all, "{done} of {all}");
        }
        assert!(steps > 10, "{steps} steps");
        let (chances, edges) = work.finish();
        assert_eq!(chances, true_count_frequencies(system, &rules));
        let counts = edge_counts(&chances);
        assert!(counts.len() >= 5 && counts.contains(&0), "{counts:?}");
        let once = edge_by_count(&rules, system, &counts);
        assert_eq!(edges.len(), once.len());
        for (a, b) in edges.iter().zip(&once) {
            assert_eq!(a.0, b.0);
            assert!((a.1 - b.1).abs() < 1e-12, "{a:?} {b:?}");
        }
        // A spread from these: more units at high counts wins more than flat betting.
        let rows = count_rows(&chances, &edges);
        let flat = spread_figures(&Spread { steps: vec![(-1000, 1.0)] }, &rows, ROUND_VARIANCE);
        let ramp = Spread { steps: vec![(-1000, 1.0), (2, 2.0), (3, 4.0), (4, 6.0), (5, 8.0)] };
        let f = spread_figures(&ramp, &rows, ROUND_VARIANCE);
        assert!(f.win > flat.win && f.sd > flat.sd, "{} {flat:?} {f:?}", system.name);
    }
}

#[test]
fn the_bankroll_for_a_risk_gives_back_that_risk_and_more_bankroll_means_less_risk() {
    let (win, sd) = (0.02, 2.3);
    for risk in [0.01, 0.05, 0.135, 0.5] {
        let b = bankroll_for_risk(win, sd, risk).unwrap();
        assert!((risk_of_ruin(win, sd, b) - risk).abs() < 1e-12);
        assert!(risk_of_ruin(win, sd, b * 1.5) < risk);
    }
    // A risk of e^-2 (13.5%) needs a bankroll of SD² / W: a textbook landmark.
    assert!((bankroll_for_risk(win, sd, (-2.0f64).exp()).unwrap() - sd * sd / win).abs() < 1e-9);
    assert_eq!(bankroll_for_risk(-0.01, sd, 0.05), None);
}

/// After N0 rounds the expected win is one standard deviation of the result: N0 · W = √N0 · SD
/// (the definition in Don Schlesinger's *Blackjack Attack*, the SCORE chapter). A win of 0.02
/// units a round with an SD of 2.3 gives (2.3 / 0.02)² = 13,225 rounds.
#[test]
fn n0_is_the_rounds_after_which_the_win_is_one_standard_deviation() {
    let (win, sd) = (0.02, 2.3);
    let rounds = n0(win, sd).unwrap();
    assert!((rounds - 13_225.0).abs() < 1e-6, "{rounds}");
    assert!((rounds * win - rounds.sqrt() * sd).abs() < 1e-9);
    for (w, s) in [(0.0, 2.0), (-0.01, 2.0), (f64::NAN, 1.0), (0.01, f64::INFINITY)] {
        assert_eq!(n0(w, s), None, "{w} {s}");
    }
}

#[test]
fn nonsense_or_a_losing_game_is_certain_ruin_and_never_a_panic_or_nan() {
    for (w, s, b) in [(-0.01, 1.1, 100.0), (0.0, 1.1, 100.0), (f64::NAN, 1.0, 1.0), (0.01, f64::INFINITY, 5.0)] {
        assert_eq!(risk_of_ruin(w, s, b), 1.0);
    }
    assert_eq!(risk_of_ruin(0.01, 1.1, -5.0), 1.0);
    assert_eq!(risk_of_ruin(0.01, 0.0, 5.0), 0.0);
    // A fair game is the fair walk's ruin: 100 units before winning 300 more is 75%.
    assert!((risk_of_ruin_before_goal(0.0, 1.1, 100.0, 300.0) - 0.75).abs() < 1e-12);
    for x in [f64::NAN, f64::INFINITY, -1.0, 0.0, 1e300] {
        let r = risk_of_ruin_before_goal(x, x, x, x);
        assert!((0.0..=1.0).contains(&r), "{x}: {r}");
    }
}

#[test]
fn a_spread_wins_where_it_bets_big_and_its_figures_follow_the_counts() {
    // Flat betting two units wins twice the edge, with the flat bet's deviation.
    let counts = [(-1, 0.3, -0.01), (0, 0.4, -0.005), (2, 0.3, 0.005)];
    let flat = spread_figures(&Spread { steps: vec![(0, 2.0)] }, &counts, ROUND_VARIANCE);
    let edge: f64 = counts.iter().map(|c| c.1 * c.2).sum();
    assert!((flat.win - 2.0 * edge).abs() < 1e-12);
    assert!((flat.sd - (4.0 * ROUND_VARIANCE - flat.win * flat.win).sqrt()).abs() < 1e-12);
    // One unit below +2 and eight from +2: a losing flat game becomes a winning one.
    let ramp = Spread { steps: vec![(-100, 1.0), (2, 8.0)] };
    assert_eq!((ramp.bet_at(-5), ramp.bet_at(1), ramp.bet_at(2), ramp.bet_at(9)), (1.0, 1.0, 8.0, 8.0));
    let f = spread_figures(&ramp, &counts, ROUND_VARIANCE);
    assert!(flat.win < 0.0 && f.win > 0.0, "{flat:?} {f:?}");
    assert!(risk_of_ruin(f.win, f.sd, 1000.0) < risk_of_ruin(f.win, f.sd, 500.0));
}

#[test]
fn hi_lo_true_counts_at_six_decks_are_mostly_near_zero_and_their_chances_sum_to_one() {
    let rules = TableRules::seed_rules();
    let f = true_count_frequencies(&HI_LO, &rules);
    let total: f64 = f.iter().map(|x| x.1).sum();
    assert!((total - 1.0).abs() < 1e-9);
    let near: f64 = f.iter().filter(|x| x.0.abs() <= 1).map(|x| x.1).sum();
    let high: f64 = f.iter().filter(|x| x.0 >= 3).map(|x| x.1).sum();
    let low: f64 = f.iter().filter(|x| x.0 <= -3).map(|x| x.1).sum();
    // The shoe is symmetric for a balanced count; most rounds are near neutral.
    assert!(near > 0.6 && (high - low).abs() < 1e-9 && high > 0.01, "{near} {high} {low}");
}

#[test]
fn the_edge_at_a_neutral_count_is_the_charts_and_each_hi_lo_true_count_adds_about_half_a_percent() {
    let rules = six_deck_s17_das_ls();
    let edges = edge_by_count(&rules, &HI_LO, &[0, 1, 5]);
    assert_eq!(edges.iter().map(|e| e.0).collect::<Vec<_>>(), vec![0, 1, 5]);
    // A neutral count mid-shoe is close to a full shoe: minus the house edge of perfect play.
    let house = chart_with(&rules, false).house_edge_percent;
    assert!((100.0 * edges[0].1 + house).abs() < 0.2, "{} against {house}", 100.0 * edges[0].1);
    // The usual rule of thumb: each Hi-Lo true count is worth about half a percent.
    let slope = 100.0 * (edges[2].1 - edges[1].1) / 4.0;
    assert!((0.35..0.7).contains(&slope), "{slope}% a count");
    // A ramp from +1 on a bankroll of 1,000 units: a winning game with a modest risk.
    let rows = count_rows(&true_count_frequencies(&HI_LO, &rules), &edges);
    let ramp = Spread { steps: vec![(-100, 1.0), (1, 2.0), (2, 4.0), (3, 8.0)] };
    let f = spread_figures(&ramp, &rows, ROUND_VARIANCE);
    let risk = risk_of_ruin(f.win, f.sd, 1000.0);
    assert!(f.win > 0.0 && risk > 0.0 && risk < 0.5, "{f:?} {risk}");
}

// The drill.

fn drill() -> Drill {
    Drill::new(&chart_with(&TableRules::seed_rules(), false))
}

fn draws(d: &Drill, n: usize, seed: u64) -> Vec<u32> {
    let mut rng = GameRng::new(seed);
    let mut seen = vec![0u32; d.len()];
    for _ in 0..n {
        seen[d.next(&mut rng)] += 1;
    }
    seen
}

#[test]
fn a_cell_missed_again_and_again_comes_up_many_times_more_often_than_the_others() {
    let mut d = drill();
    let hard16 = (0..d.len()).find(|&i| d.card(i).unwrap().0 == Cell { row: Row::Hard(16), up: 10 }).unwrap();
    let (_, right) = d.card(hard16).unwrap();
    let wrong = if right == Play::Stand { Play::Hit } else { Play::Stand };
    for _ in 0..30 {
        assert_eq!(d.check(hard16, wrong), Some(false));
    }
    let seen = draws(&d, 50_000, 7);
    let others = (seen.iter().sum::<u32>() - seen[hard16]) as f64 / (d.len() - 1) as f64;
    assert!(seen[hard16] as f64 > 12.0 * others, "{} against {others:.1} on average", seen[hard16]);
    // Answered right from then on, it fades back toward the others.
    for _ in 0..300 {
        d.check(hard16, right);
    }
    assert!(d.weight(hard16) <= 2);
}

#[test]
fn every_cell_keeps_a_chance_and_comes_up_in_a_long_drill() {
    let mut d = drill();
    // Every cell answered right many times, one missed many times.
    for i in 0..d.len() {
        let (_, play) = d.card(i).unwrap();
        for _ in 0..50 {
            d.check(i, play);
        }
    }
    for _ in 0..(MAX_COUNT + 10) {
        d.check(0, Play::Surrender);
    }
    assert_eq!(d.tally(0).unwrap().missed, MAX_COUNT);
    assert!((0..d.len()).all(|i| d.weight(i) >= 1));
    let seen = draws(&d, 60_000, 11);
    assert!(seen.iter().all(|&n| n > 0), "a cell never came up");
}

#[test]
fn the_answer_is_the_computed_charts_and_the_hand_fits_the_cell() {
    let chart = chart_with(&TableRules::seed_rules(), false);
    let mut d = Drill::new(&chart);
    assert_eq!(d.len(), 10 * (15 + 8 + 10));
    let mut rng = GameRng::new(3);
    for i in 0..d.len() {
        let (cell, play) = d.card(i).unwrap();
        let (a, b) = d.hand(i, &mut rng).unwrap();
        let decided = chart.decide(&[a, b], cell.up, true, true, true, true);
        match cell.row {
            Row::Hard(t) => assert!(a != b && a != 1 && a + b == t),
            Row::Soft(t) => assert!(a == 1 && b + 11 == t),
            Row::Pair(p) => assert_eq!((a, b), (p, p)),
        }
        // The chart's own decision for those cards is the answer the drill expects.
        assert_eq!(decided, play, "{cell:?}");
        assert_eq!(d.check(i, play), Some(true));
    }
    assert_eq!(d.check(d.len(), Play::Hit), None);
    assert_eq!(d.card(d.len()), None);
}

// The drills page's pieces: the same answers and figures in steps a page task can hold.

#[test]
fn each_cells_values_put_the_charts_play_first() {
    for rules in [TableRules::seed_rules(), six_deck_s17_das_ls()] {
        let chart = chart_with(&rules, false);
        let d = Drill::new(&chart);
        assert_eq!(cells().len(), d.len());
        for (i, cell) in cells().into_iter().enumerate() {
            let (c, play) = d.card(i).unwrap();
            assert_eq!(c, cell);
            let values = cell_values(&rules, cell);
            assert_eq!(values.first().map(|v| v.0), Some(play), "{cell:?}: {values:?}");
            // Every play the rules allow is priced, best first, each once.
            assert!(values.windows(2).all(|w| w[0].1 >= w[1].1 - 1e-12), "{cell:?}");
            assert!(values.iter().any(|v| v.0 == Play::Stand) && values.iter().any(|v| v.0 == Play::Hit));
            assert_eq!(values.iter().any(|v| v.0 == Play::Surrender), rules.surrender, "{cell:?}");
            assert_eq!(values.iter().any(|v| v.0 == Play::Split), matches!(cell.row, Row::Pair(_)), "{cell:?}");
        }
    }
    assert!(cell_values(&TableRules::seed_rules(), Cell { row: Row::Hard(16), up: 11 }).is_empty());
    assert!(cell_values(&TableRules::seed_rules(), Cell { row: Row::Soft(40), up: 5 }).is_empty());
}

#[test]
fn a_record_read_back_is_bounded_and_its_weakest_cells_are_the_most_missed() {
    let mut r = Record::new(5);
    assert!(r.set_tally(0, Tally { right: 1, missed: 1 }));
    assert!(r.set_tally(1, Tally { right: 0, missed: 3 }));
    assert!(r.set_tally(2, Tally { right: u32::MAX, missed: u32::MAX }));
    assert!(r.set_tally(3, Tally { right: 9, missed: 0 }));
    assert!(!r.set_tally(5, Tally::default()), "no such cell");
    assert_eq!(r.tally(2), Some(Tally { right: MAX_COUNT, missed: MAX_COUNT }));
    assert_eq!(r.weakest(10), vec![1, 2, 0], "all missed first, then by share and misses; never missed not at all");
    assert_eq!(r.weakest(1), vec![1]);
    assert!(r.record(4, false) && !r.record(9, true));
    assert_eq!(r.weakest(10), vec![1, 4, 2, 0]);
}

#[test]
fn a_profile_made_in_small_steps_is_the_profile_made_at_once() {
    for (key, decks, dealt) in [("hilo", 6, 150), ("omega2", 2, 40), ("halves", 1, 30), ("ko", 8, 0)] {
        let s = system(key).unwrap();
        let mut b = ProfileBuilder::new(s, decks, dealt);
        let mut steps = 0;
        while !b.step(1) {
            steps += 1;
        }
        assert!(dealt == 0 || steps > dealt as usize, "{key}: {steps} steps");
        assert_eq!(b.finish(), depth_profile(s, decks, dealt), "{key}");
    }
}

#[test]
fn the_indices_made_one_step_at_a_time_are_the_indices_made_at_once() {
    let rules = six_deck_s17_das_ls();
    let situations = vec![
        (Situation::Total { soft: false, total: 16 }, 10),
        (Situation::Pair(10), 5),
        (Situation::Surrender(15), 10),
        (Situation::Insurance, 1),
    ];
    let shoes: Vec<_> =
        depths(&rules).iter().map(|&d| count_shoes(&depth_profile(&HI_LO, rules.decks, d), rules.decks)).collect();
    let mut work = IndexWork::new(&rules, &HI_LO, shoes.clone(), situations.clone());
    let mut last = work.progress();
    assert_eq!(last.0, 0);
    while !work.step() {
        let p = work.progress();
        assert!(p.0 > last.0 && p.0 <= p.1, "{p:?}");
        last = p;
    }
    let stepped = work.finish();
    assert_eq!(stepped, index_plays_from(&rules, &HI_LO, &shoes, &situations));
    assert_eq!(stepped, index_plays(&rules, &HI_LO, &situations));
    assert_eq!(stepped.len(), 4, "{stepped:?}");
}

/// The drills ask the Illustrious 18 and the Fab 4 while the rest of the table is worked out
/// (issue 38: a first question within 2 s): the table's work gives their plays after a small
/// part of its steps, and they answer each of those hands at every count as the whole table
/// does, which is the same as one run over every decision.
#[test]
fn the_first_hands_come_early_and_answer_as_the_whole_table_does() {
    // The engine's first hands are the published ones the test above holds to Schlesinger's.
    assert_eq!(ILLUSTRIOUS.to_vec(), PUBLISHED.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>());
    let rules = six_deck_s17_das_ls();
    let first = first_situations(&rules);
    // Each hand with the decision it is answered with (a total with its surrender, a pair with
    // its surrender, offered for 12 to 17 and 2,2 to 9,9): the 17 totals and pairs of the
    // Illustrious 18 and the totals of three Fab 4 (14 v 10, 15 v 9, 15 v A), 20; insurance; the
    // 13 surrenders of those totals that are 12 to 17.
    assert_eq!(first.len(), 20 + 1 + 13, "{first:?}");
    let mut work = IndexTableWork::new(&rules, &HI_LO);
    let (mut steps, mut percent, mut profiles) = (0usize, 0, None);
    // Each time the first hands grow: (steps so far, the plays).
    let (mut early, mut all) = (Vec::<(usize, Vec<IndexPlay>)>::new(), None);
    while !work.is_done() {
        let found = work.step();
        steps += 1;
        assert!(work.percent() >= percent && work.percent() <= 100, "{} after {percent}", work.percent());
        percent = work.percent();
        // The count's profiles are the first 15%.
        if percent >= 15 && profiles.is_none() {
            profiles = Some(steps);
        }
        match found {
            Some(Found::First(plays)) => {
                assert!(all.is_none(), "the first hands before the rest");
                assert!(early.last().is_none_or(|e| plays.len() > e.1.len() && e.1.iter().all(|p| plays.contains(p))));
                early.push((steps, plays));
            }
            Some(Found::All(plays)) => all = Some(plays),
            None => {}
        }
    }
    assert_eq!(work.step(), None, "done stays done");
    assert_eq!(percent, 100);
    let all = all.expect("the whole table");
    // In the steps after the profiles (one decision at one depth and count each): the first hand
    // (insurance, one decision) after its 3 × 21 and the step that finds them done, the 22 after
    // about a twelfth of them all.
    let profiles = profiles.unwrap();
    let (first_at, last_at, steps) = (early[0].0 - profiles, early.last().unwrap().0 - profiles, steps - profiles);
    println!("the first hand after {first_at} of {steps} steps, the {} after {last_at}", early.len());
    // Each hand of the 22 is one step more (15 v 10's surrender is its total's).
    assert_eq!(early.len(), 21);
    assert_eq!(first_at, 3 * 21 + 1);
    assert!(last_at * 10 < steps, "{last_at} of {steps} steps");
    assert_eq!(all, index_plays(&rules, &HI_LO, &all_situations(&rules)), "one run over every decision");
    let in_first: Vec<IndexPlay> = all.iter().filter(|p| first.contains(&(p.situation, p.up))).copied().collect();
    let early = &early.last().unwrap().1;
    assert_eq!(*early, in_first);
    let (lowest, highest) = count_range(&HI_LO);
    for (situation, up) in ILLUSTRIOUS {
        for t in lowest..=highest {
            let answer = answer_at(early, situation, up, t);
            assert!(answer.is_some(), "{} v {up}", situation.describe());
            assert_eq!(answer, answer_at(&all, situation, up, t), "{} v {up} at {t}", situation.describe());
        }
    }
    // A table without surrender or insurance has fewer first decisions, and no empty ones.
    let plain = TableRules::new(TableSpec { surrender: false, insurance: false, ..rules.spec().clone() }).unwrap();
    let first = first_situations(&plain);
    assert_eq!(first.len(), 20, "{first:?}");
    assert!(first.iter().all(|s| all_situations(&plain).contains(s)));
}

#[test]
fn the_tables_count_in_any_system_is_the_count_of_the_cards_face_up_since_the_shuffle() {
    use blackjack::engine::casino::save::{new_table, Choice as TableChoice};
    use blackjack::engine::casino::Action;
    let mut red_sevens = 0;
    for seed in 0..40 {
        let mut g = new_table(TableChoice { decks: 2, bots: 6, ..TableChoice::default() }, seed, 100_000).unwrap();
        g.apply(Action::Deal).unwrap();
        // The first round after the shuffle: everything seen is on the table.
        let face_up = g.face_up_cards();
        red_sevens +=
            face_up.iter().filter(|c| c.rank == Rank::Seven && matches!(c.suit, Suit::Hearts | Suit::Diamonds)).count();
        assert_eq!(g.count_in(&HI_LO).0, 2 * g.running_count(), "seed {seed}");
        for s in &SYSTEMS {
            let mut c = Counter::new(s, 2);
            for &card in &face_up {
                c.see(card);
            }
            let (running, true_count) = g.count_in(s);
            assert_eq!(running, c.running_half, "{} seed {seed}", s.name);
            assert!((true_count - c.true_count()).abs() < 1e-12, "{} seed {seed}", s.name);
        }
    }
    assert!(red_sevens > 0, "a red seven came up");
}

/// One and two decks (S17, DAS, doubling any two, no surrender, three quarters dealt): the
/// four plays issue 38 names, held to within one of the published single- and double-deck Hi-Lo
/// indices: Stanford Wong, *Professional Blackjack* (Pi Yee Press, 1994), the Hi-Lo tables for
/// one and two decks, 16 v 10 stand at 0, 15 v 10 at +4 and 12 v 3 at +2 in both; insurance at
/// +1.4 at one deck (the same figure, 1.36 by combinatorial analysis, in "Composition-dependent
/// indices for Insurance (Hi-Lo)", blackjacktheforum.com thread 44995) and +2 at two decks.
/// Before the seen cards were taken out of the cards dealt before the round in their own
/// values' shares (`CountShoes::before_seeing`), 16 v 10 stood at +2 at one deck, above the
/// published 0, and insurance paid from 0, below +1.4.
#[test]
fn one_and_two_decks_are_within_one_of_the_published_single_and_double_deck_indices() {
    let hard = |total| Situation::Total { soft: false, total };
    let published: [(u8, Situation, u8, Choice, i32); 8] = [
        (1, hard(16), 10, Choice::Play(Play::Stand), 0),
        (1, hard(15), 10, Choice::Play(Play::Stand), 4),
        (1, hard(12), 3, Choice::Play(Play::Stand), 2),
        (1, Situation::Insurance, 1, Choice::Insure, 1),
        (2, hard(16), 10, Choice::Play(Play::Stand), 0),
        (2, hard(15), 10, Choice::Play(Play::Stand), 4),
        (2, hard(12), 3, Choice::Play(Play::Stand), 2),
        (2, Situation::Insurance, 1, Choice::Insure, 2),
    ];
    let mut report = String::new();
    for decks in [1u8, 2] {
        let rules =
            TableRules::new(TableSpec { decks, surrender: false, ..six_deck_s17_das_ls().spec().clone() }).unwrap();
        let mine: Vec<_> = published.iter().filter(|p| p.0 == decks).collect();
        let computed = index_plays(&rules, &HI_LO, &mine.iter().map(|p| (p.1, p.2)).collect::<Vec<_>>());
        for &&(_, situation, up, play, index) in &mine {
            let found: Vec<&IndexPlay> =
                computed.iter().filter(|c| c.situation == situation && c.up == up && c.at_or_above == play).collect();
            assert_eq!(found.len(), 1, "{decks} decks, {} v {up}: {computed:?}", situation.describe());
            let c = found[0];
            report += &format!(
                "{decks} decks, {} v {up}: computed {:+} ({:.2}), published {index:+}\n",
                situation.describe(),
                c.index,
                c.crossing
            );
            assert!((c.index - index).abs() <= 1, "off by more than one:\n{report}");
        }
    }
    println!("{report}");
    // 16 v 10 stands no later than 15 v 10 at either size (issue 38: +7 against +4 at one deck).
    for decks in [1u8, 2] {
        let rules =
            TableRules::new(TableSpec { decks, surrender: false, ..six_deck_s17_das_ls().spec().clone() }).unwrap();
        let plays = index_plays(&rules, &HI_LO, &[(hard(16), 10), (hard(15), 10)]);
        let at = |t: u8| plays.iter().find(|p| p.situation == hard(t)).map(|p| p.crossing);
        assert!(at(16) < at(15), "{decks} decks: 16 v 10 at {:?}, 15 v 10 at {:?}", at(16), at(15));
    }
}

// The exact solver and the hole card the dealer peeked at.

/// The dealer's outcomes (17 … 21, bust) standing on the up card and `hole`, drawing from
/// `shoe`, by plain recursion over every card the dealer draws.
fn dealer_outcomes(shoe: &mut [u16; 10], hard: u8, ace: bool, h17: bool) -> [f64; 6] {
    let mut out = [0.0; 6];
    let soft = ace && hard + 10 <= 21;
    let total = if soft { hard + 10 } else { hard };
    if hard > 21 {
        out[5] = 1.0;
        return out;
    }
    if total > 17 || (total == 17 && !(soft && h17)) {
        out[(total - 17) as usize] = 1.0;
        return out;
    }
    let n: u16 = shoe.iter().sum();
    for p in 1..=10u8 {
        let c = shoe[p as usize - 1];
        if c == 0 {
            continue;
        }
        shoe[p as usize - 1] -= 1;
        let sub = dealer_outcomes(shoe, hard + p, ace || p == 1, h17);
        shoe[p as usize - 1] += 1;
        for (o, s) in out.iter_mut().zip(sub) {
            *o += c as f64 / n as f64 * s;
        }
    }
    out
}

/// A brute-force model of the player's decisions after the dealer has peeked under `up` and
/// found no blackjack: the hole card is one of the cards not seen, and which one is a belief
/// (`hole[v]`, the chance it is of point value v+1), updated by Bayes' rule with every card the
/// player draws. Nothing of the solver's method is taken on trust: no shoe "without the hole
/// card", only the hole card enumerated.
struct Peeked {
    up: u8,
    h17: bool,
}

impl Peeked {
    /// The belief about the hole card before the player draws: the cards not seen, less the one
    /// that would have made a blackjack.
    fn first_belief(&self, shoe: &[u16; 10]) -> [f64; 10] {
        let never = if self.up == 1 { 9 } else { 0 };
        let others: u16 = shoe.iter().enumerate().filter(|&(i, _)| i != never).map(|(_, c)| c).sum();
        let mut b = [0.0; 10];
        for (i, x) in b.iter_mut().enumerate() {
            if i != never {
                *x = shoe[i] as f64 / others as f64;
            }
        }
        b
    }

    /// Standing on `total` with `shoe` not seen (the hole card among it).
    fn stand(&self, shoe: &[u16; 10], belief: &[f64; 10], total: u8) -> f64 {
        let mut v = 0.0;
        for h in 1..=10u8 {
            let b = belief[h as usize - 1];
            if b == 0.0 {
                continue;
            }
            let mut rest = *shoe;
            rest[h as usize - 1] -= 1;
            let d = dealer_outcomes(&mut rest, self.up + h, self.up == 1 || h == 1, self.h17);
            let mut r = d[5];
            for (i, &p) in d.iter().take(5).enumerate() {
                r += p * f64::from(i8::from(total > 17 + i as u8) - i8::from(total < 17 + i as u8));
            }
            v += b * if total > 21 { -1.0 } else { r };
        }
        v
    }

    /// The chance of each next card and the belief after it.
    fn draws(&self, shoe: &[u16; 10], belief: &[f64; 10]) -> Vec<(u8, f64, [f64; 10])> {
        let n: u16 = shoe.iter().sum();
        let mut out = Vec::new();
        for p in 1..=10u8 {
            // P(hole = h, next = p) = belief(h) × (cards of p left once h is out) / (n − 1).
            let mut joint = [0.0; 10];
            for h in 0..10 {
                let left = shoe[p as usize - 1] - u16::from(h == p as usize - 1 && shoe[h] > 0);
                joint[h] = belief[h] * left as f64 / (n - 1) as f64;
            }
            let chance: f64 = joint.iter().sum();
            if chance > 0.0 {
                out.push((p, chance, joint.map(|j| j / chance)));
            }
        }
        out
    }

    /// The best of standing and hitting on (`hard`, `ace`), then hitting on as well as one may.
    fn play(&self, shoe: &[u16; 10], belief: &[f64; 10], hard: u8, ace: bool) -> f64 {
        let total = if ace && hard + 10 <= 21 { hard + 10 } else { hard };
        if hard > 21 {
            return -1.0;
        }
        let stand = self.stand(shoe, belief, total);
        if total == 21 {
            return stand;
        }
        stand.max(self.hit(shoe, belief, hard, ace))
    }

    fn hit(&self, shoe: &[u16; 10], belief: &[f64; 10], hard: u8, ace: bool) -> f64 {
        let mut v = 0.0;
        for (p, chance, after) in self.draws(shoe, belief) {
            let mut rest = *shoe;
            rest[p as usize - 1] -= 1;
            v += chance * self.play(&rest, &after, hard + p, ace || p == 1);
        }
        v
    }

    fn double(&self, shoe: &[u16; 10], belief: &[f64; 10], hard: u8, ace: bool) -> f64 {
        let mut v = 0.0;
        for (p, chance, after) in self.draws(shoe, belief) {
            let mut rest = *shoe;
            rest[p as usize - 1] -= 1;
            let (h, a) = (hard + p, ace || p == 1);
            v += chance * 2.0 * self.stand(&rest, &after, if a && h + 10 <= 21 { h + 10 } else { h });
        }
        v
    }
}

/// The trainer's values (`strategy::Solver`, exact mode) against an ace or a ten, where the
/// dealer has peeked: the player's cards are drawn from cards that hold the hole card, which is
/// known not to make a blackjack. Checked against the brute-force model above on a small shoe,
/// where one card more or less moves the values most (issue 38 §1: `indices` had this fault;
/// the solver drew from the whole shoe and doubled 11 v A from too few tens).
#[test]
fn the_exact_solver_draws_the_players_cards_knowing_the_hole_card_made_no_blackjack() {
    use blackjack::engine::casino::strategy::{Counts, Solver};
    // Eighteen cards not seen besides the up card, a third of them tens.
    let shoe = [2u16, 1, 1, 2, 2, 1, 1, 2, 1, 6];
    let mut wrong = Vec::new();
    for h17 in [false, true] {
        let rules = TableRules::new(TableSpec {
            decks: 1,
            dealer_hits_soft_17: h17,
            double_on: DoubleOn::AnyTwo,
            ..TableSpec::default()
        })
        .unwrap();
        for (up, a, b) in [(1u8, 5u8, 6u8), (1, 4, 5), (1, 7, 8), (1, 1, 6), (10, 4, 6), (10, 7, 9), (10, 5, 6)] {
            let mut with_up = shoe;
            with_up[up as usize - 1] += 1;
            let mut solver = Solver::new(&rules, Counts(with_up), up);
            let evs = solver.evaluate(a, b);
            let mut left = shoe;
            left[a as usize - 1] -= 1;
            left[b as usize - 1] -= 1;
            let model = Peeked { up, h17 };
            let belief = model.first_belief(&left);
            let n: u16 = left.iter().sum();
            let pbj = left[if up == 1 { 9 } else { 0 }] as f64 / n as f64;
            let at_table = |v: f64| -pbj + (1.0 - pbj) * v;
            let (hard, ace) = (a + b, a == 1 || b == 1);
            let total = if ace && hard + 10 <= 21 { hard + 10 } else { hard };
            let expected = [
                ("stand", evs.stand, at_table(model.stand(&left, &belief, total))),
                ("hit", evs.hit, at_table(model.hit(&left, &belief, hard, ace))),
                ("double", evs.double.unwrap(), at_table(model.double(&left, &belief, hard, ace))),
            ];
            for (play, solver_value, brute) in expected {
                if (solver_value - brute).abs() > 1e-9 {
                    wrong.push(format!(
                        "{a},{b} v {up} ({}): {play} {solver_value:.6}, by every hole card {brute:.6}",
                        if h17 { "H17" } else { "S17" }
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
