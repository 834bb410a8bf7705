//! Casino Blackjack (seed 004): a scenario per sentence on scripted shoes, the simulator
//! cross-checked against the engine, random play checking chips and cards are conserved, and
//! the computed strategy checked against known cells and a published house edge.
//! docs/rules/casino.md maps each seed sentence to the test here that pins it.

use blackjack::engine::cards::{parse_cards, Card};
use blackjack::engine::casino::hand::points;
use blackjack::engine::casino::sim::{SimShoe, Simulator};
use blackjack::engine::casino::strategy::{chart, Counts, Play, Solver};
use blackjack::engine::casino::*;
use blackjack::engine::rng::GameRng;

const BET: i64 = 1000;
const BANK: i64 = 100_000;

fn rules(f: impl FnOnce(&mut TableSpec)) -> TableRules {
    let mut spec = TableSpec { seats: 1, ..TableSpec::default() };
    f(&mut spec);
    TableRules::new(spec).unwrap()
}

/// A table with `spots` players (one each), bets of $10 placed, and the shoe scripted:
/// first card to each spot, up card, second card to each spot, hole card, then draws.
fn table(r: TableRules, spots: usize, shoe: &str) -> Game {
    let seats = r.seats as usize;
    let seating: Vec<Option<u8>> = (0..seats).map(|i| (i < spots).then_some(i as u8)).collect();
    let mut cards = parse_cards(shoe).unwrap();
    // Filler so the dealer can always draw: low cards would change outcomes, so use tens.
    let n = cards.len();
    cards.extend(std::iter::repeat_n("KC".parse::<Card>().unwrap(), 60));
    let mut g = Game::with_shoe(r, &seating, vec![BANK; spots], cards, n + 50).unwrap();
    for s in 0..spots {
        g.apply(Action::Bet { spot: s as u8, amount: BET }).unwrap();
    }
    g
}

fn one(shoe: &str) -> Game {
    let mut g = table(rules(|_| {}), 1, shoe);
    g.apply(Action::Deal).unwrap();
    g
}

fn won(g: &Game, player: usize) -> i64 {
    g.bankrolls()[player] - BANK
}

#[test]
fn cards_count_face_value_pictures_ten_aces_one_or_eleven() {
    assert_eq!(points("KS".parse().unwrap()), 10);
    assert_eq!(points("7H".parse().unwrap()), 7);
    assert_eq!(points("AH".parse().unwrap()), 1);
    let t = hand::Total::of(&parse_cards("AS 8D").unwrap());
    assert_eq!((t.hard, t.best(), t.describe()), (9, 19, "9 or 19".to_string()));
    let t = hand::Total::of(&parse_cards("AS 8D 5C").unwrap());
    assert_eq!(t.best(), 14, "the ace falls back to one rather than bust");
}

#[test]
fn deal_order_is_each_spot_then_up_card_then_second_cards_then_hole() {
    let mut g = table(rules(|s| s.seats = 2), 2, "2S 3S 9H 4S 5S KD");
    g.apply(Action::Deal).unwrap();
    let h: Vec<String> = g.spots().iter().map(|s| format!("{:?}", s.hands[0].cards)).collect();
    assert_eq!(h, ["[2S, 4S]", "[3S, 5S]"]);
    assert_eq!(g.dealer_up().unwrap().to_string(), "9H");
    assert_eq!(g.dealer_visible()[1], None, "the hole card is face down");
}

#[test]
fn blackjack_pays_three_to_two_at_once_when_dealer_shows_neither_ace_nor_ten() {
    let g = one("AS 9H KD 7C");
    assert_eq!(won(&g, 0), 1500);
    assert_eq!(g.phase(), Phase::Settled);
    assert_eq!(g.spots()[0].hands[0].state, HandState::BlackjackPaid);
}

#[test]
fn blackjack_waits_when_a_ten_shows_and_pushes_against_dealer_blackjack() {
    let g = one("AS KH KD AC");
    assert_eq!(g.phase(), Phase::Settled);
    assert_eq!(won(&g, 0), 0, "a push");
    let g = one("AS KH KD 9C");
    assert_eq!(won(&g, 0), 1500, "paid once the dealer shows no blackjack");
}

#[test]
fn player_blackjack_beats_a_dealer_three_card_21() {
    // Two spots so the dealer must draw for spot 1's 20.
    let mut g = table(rules(|s| s.seats = 2), 2, "AS KC KH KD KS 6C 5D");
    g.apply(Action::Deal).unwrap();
    g.apply(Action::Stand { spot: 1 }).unwrap();
    assert_eq!(g.phase(), Phase::Settled);
    assert_eq!(Total::of(&g.dealer_visible().iter().flatten().copied().collect::<Vec<_>>()).best(), 21);
    assert_eq!(won(&g, 0), 1500);
    assert_eq!(won(&g, 1), -BET);
}
use blackjack::engine::casino::hand::{self, Total};

#[test]
fn a_players_21_loses_to_a_dealer_blackjack() {
    let mut g = one("5S AH 6D KC");
    g.apply(Action::Insure { spot: 0, amount: 0 }).unwrap();
    g.apply(Action::Hit { spot: 0 }).unwrap(); // draws a ten: 21, stands automatically
    assert_eq!(g.phase(), Phase::Settled);
    assert_eq!(g.spots()[0].hands[0].total().best(), 21);
    assert_eq!(won(&g, 0), -BET);
}

#[test]
fn over_21_loses() {
    let mut g = one("KS 7H 6D 9C KH");
    g.apply(Action::Hit { spot: 0 }).unwrap();
    assert_eq!(g.spots()[0].hands[0].outcome, Some(Outcome::Bust));
    assert_eq!(won(&g, 0), -BET);
}

#[test]
fn dealer_must_hit_16() {
    let mut g = one("KS 9H 9D 7C 2H");
    g.apply(Action::Stand { spot: 0 }).unwrap();
    let dealer: Vec<Card> = g.dealer_visible().iter().flatten().copied().collect();
    assert_eq!(dealer.len(), 3);
    assert_eq!(Total::of(&dealer).best(), 18);
    assert_eq!(won(&g, 0), BET, "19 beats 18");
}

#[test]
fn dealer_stands_on_soft_17_unless_the_house_rule_says_hit() {
    let mut g = one("KS 6H 8D AC 4H");
    g.apply(Action::Stand { spot: 0 }).unwrap();
    assert_eq!(g.dealer_visible().len(), 2);
    assert_eq!(won(&g, 0), BET, "18 beats soft 17");
    let mut g = table(rules(|s| s.dealer_hits_soft_17 = true), 1, "KS 6H 8D AC 4H");
    g.apply(Action::Deal).unwrap();
    g.apply(Action::Stand { spot: 0 }).unwrap();
    assert_eq!(g.dealer_visible().len(), 3);
    assert_eq!(won(&g, 0), -BET, "soft 17 + 4 = 21");
}

#[test]
fn a_dealer_bust_pays_every_hand_left_on_the_table() {
    let mut g = table(rules(|s| s.seats = 2), 2, "KS 2S 6H 3D 4D KC 9C");
    g.apply(Action::Deal).unwrap();
    g.apply(Action::Stand { spot: 0 }).unwrap(); // 13
    g.apply(Action::Stand { spot: 1 }).unwrap(); // 6
    assert_eq!((won(&g, 0), won(&g, 1)), (BET, BET), "dealer 6+10+9 busts");
}

#[test]
fn double_down_on_9_10_or_11_only_for_up_to_the_bet_and_one_card() {
    let mut g = one("5S 6H 4D KC 9H");
    assert!(g.legal_actions().contains(&Action::Double { spot: 0, amount: BET }));
    g.apply(Action::Double { spot: 0, amount: 400 }).unwrap(); // double for less
    assert_eq!(g.phase(), Phase::Settled, "one card only, then the dealer");
    assert_eq!(g.spots()[0].hands[0].cards.len(), 3);
    assert_eq!(won(&g, 0), 1400, "18 (9+9) beats 16? dealer 6+10 must hit: draws K");
}

#[test]
fn no_double_on_other_totals_nor_above_the_bet() {
    let g = one("5S 6H 7D KC");
    let err = g.clone().apply(Action::Double { spot: 0, amount: BET }).unwrap_err();
    assert_eq!(err.reason, Refusal::CannotDouble);
    let g = one("5S 6H 4D KC");
    let before = g.clone();
    let mut g2 = g.clone();
    assert!(g2.apply(Action::Double { spot: 0, amount: BET + 100 }).is_err());
    assert_eq!(g2, before, "a refused action changes nothing");
    let r = rules(|s| s.double_on = DoubleOn::AnyTwo);
    let mut g = table(r, 1, "5S 6H 7D KC");
    g.apply(Action::Deal).unwrap();
    assert!(g.is_legal(Action::Double { spot: 0, amount: BET }), "house rule: double any two");
}

#[test]
fn split_equal_point_values_even_king_and_queen_each_hand_in_turn() {
    let mut g = one("KS 6H QD 9C 5S 8H");
    g.apply(Action::Split { spot: 0 }).unwrap();
    assert_eq!(g.spots()[0].hands.len(), 2);
    assert_eq!(g.spots()[0].hands[0].cards.len(), 2, "the first hand gets its second card");
    assert_eq!(g.spots()[0].hands[1].cards.len(), 1, "the second waits for its turn");
    g.apply(Action::Stand { spot: 0 }).unwrap(); // K5 = 15
    assert_eq!(g.spots()[0].hands[1].cards.len(), 2);
    g.apply(Action::Stand { spot: 0 }).unwrap(); // Q8 = 18
                                                 // Dealer 6+9 = 15 draws K: bust.
    assert_eq!(won(&g, 0), 2 * BET);
    assert_eq!(g.log().len(), 5, "bet, deal, split, stand, stand");
}

#[test]
fn resplit_to_three_hands_at_a_seven_seat_table_four_at_six() {
    for (seats, limit) in [(7u8, 3usize), (6, 4)] {
        let mut g = table(rules(|s| s.seats = seats), 1, "8S 6H 8D 9C 8C 8H 8D 2C 3C 4C");
        g.apply(Action::Deal).unwrap();
        let mut splits = 0;
        while g.is_legal(Action::Split { spot: 0 }) {
            g.apply(Action::Split { spot: 0 }).unwrap();
            splits += 1;
        }
        assert_eq!(splits + 1, limit, "{seats} seats");
        assert_eq!(g.refusal(Action::Split { spot: 0 }), Some(Refusal::CannotSplit));
    }
}

#[test]
fn split_aces_get_one_card_each_and_ace_ten_is_21_not_blackjack() {
    let mut g = one("AS 9H AD 7C KH 5C");
    g.apply(Action::Split { spot: 0 }).unwrap();
    assert_eq!(g.phase(), Phase::Settled, "one card to each ace, no decisions");
    let s = &g.spots()[0];
    assert_eq!(s.hands[0].outcome, Some(Outcome::Win), "A+K = 21 beats 16? dealer 9+7 = 16 draws: see below");
    assert_ne!(s.hands[0].outcome, Some(Outcome::Blackjack));
    assert_eq!(s.hands[0].returned, 2 * BET, "21 after a split pays even money, not 3:2");
}

#[test]
fn double_after_split_is_allowed() {
    let mut g = one("4S 6H 4D 9C 6C 9D KH KS");
    g.apply(Action::Split { spot: 0 }).unwrap(); // 4+6 = 10
    assert!(g.is_legal(Action::Double { spot: 0, amount: BET }));
    let r = rules(|s| s.double_after_split = false);
    let mut g = table(r, 1, "4S 6H 4D 9C 6C 9D KH KS");
    g.apply(Action::Deal).unwrap();
    g.apply(Action::Split { spot: 0 }).unwrap();
    assert!(!g.is_legal(Action::Double { spot: 0, amount: BET }));
}

#[test]
fn insurance_when_the_dealer_shows_an_ace_up_to_half_the_bet_pays_two_to_one() {
    let mut g = one("KS AH 9D KC");
    assert_eq!(g.phase(), Phase::Insurance { spot: 0 }, "offered before anyone receives a third card");
    assert_eq!(
        g.refusal(Action::Insure { spot: 0, amount: BET / 2 + 1 }),
        Some(Refusal::InsuranceTooBig { max: BET / 2 })
    );
    assert_eq!(g.refusal(Action::Hit { spot: 0 }), Some(Refusal::NotNow));
    g.apply(Action::Insure { spot: 0, amount: BET / 2 }).unwrap();
    // 004: with an ace or ten up the dealer "will act on all hands" before showing the hole card.
    assert_eq!(g.phase(), Phase::Playing { spot: 0, hand: 0 });
    g.apply(Action::Stand { spot: 0 }).unwrap();
    assert_eq!(g.phase(), Phase::Settled);
    assert_eq!(won(&g, 0), -BET + BET, "lose the bet, win 2:1 on the half-bet insurance");
}

#[test]
fn insurance_is_lost_when_the_dealer_has_no_blackjack() {
    let mut g = one("KS AH 9D 6C 5D");
    g.apply(Action::Insure { spot: 0, amount: 300 }).unwrap();
    g.apply(Action::Stand { spot: 0 }).unwrap();
    // Dealer A+6 = soft 17 stands; 19 wins.
    assert_eq!(won(&g, 0), BET - 300);
}

#[test]
fn against_dealer_blackjack_only_the_original_bet_is_lost_split_and_double_returned() {
    // Ten up: no insurance; the player splits 5s? (5+5 = 10) splits and doubles, then the hole card is an ace.
    let mut g = one("5S KH 5D AC 6C 9D 5H 4H");
    g.apply(Action::Split { spot: 0 }).unwrap(); // hand 1: 5+6 = 11
    g.apply(Action::Double { spot: 0, amount: BET }).unwrap(); // +9 = 20
    g.apply(Action::Stand { spot: 0 }).unwrap(); // hand 2: 5+5 = 10, stand
    assert_eq!(g.phase(), Phase::Settled);
    assert_eq!(won(&g, 0), -BET, "three bets out, only the original lost");
    let r = rules(|s| s.dealer_blackjack = DealerBlackjack::AllBets);
    let mut g = table(r, 1, "5S KH 5D AC 6C 9D 5H 4H");
    g.apply(Action::Deal).unwrap();
    g.apply(Action::Split { spot: 0 }).unwrap();
    g.apply(Action::Double { spot: 0, amount: BET }).unwrap();
    g.apply(Action::Stand { spot: 0 }).unwrap();
    assert_eq!(won(&g, 0), -3 * BET, "house rule: no-hole-card, every stake lost");
}

#[test]
fn surrender_returns_half_at_once_against_a_low_up_card() {
    let r = rules(|s| s.surrender = true);
    let mut g = table(r, 1, "KS 9H 6D 8C");
    g.apply(Action::Deal).unwrap();
    let ev = g.apply(Action::Surrender { spot: 0 }).unwrap();
    assert!(ev.contains(&Event::Surrendered { spot: 0, returned_now: BET / 2 }));
    assert_eq!(won(&g, 0), -BET / 2);
}

#[test]
fn surrender_against_an_ace_or_ten_only_counts_if_the_dealer_has_no_blackjack() {
    let r = rules(|s| {
        s.surrender = true;
        s.insurance = false;
    });
    let mut g = table(r.clone(), 1, "KS AH 6D KC");
    g.apply(Action::Deal).unwrap();
    g.apply(Action::Surrender { spot: 0 }).unwrap();
    assert_eq!(won(&g, 0), -BET, "dealer blackjack: the whole wager");
    let mut g = table(r, 1, "KS AH 6D 7C");
    g.apply(Action::Deal).unwrap();
    g.apply(Action::Surrender { spot: 0 }).unwrap();
    assert_eq!(won(&g, 0), -BET / 2, "no blackjack: half back");
}

#[test]
fn surrender_must_come_before_any_other_decision_and_only_as_a_variation() {
    let g = one("KS 9H 6D 8C");
    assert_eq!(g.refusal(Action::Surrender { spot: 0 }), Some(Refusal::CannotSurrender), "off by default");
    let r = rules(|s| s.surrender = true);
    let mut g = table(r, 1, "2S 9H 3D 8C 2C");
    g.apply(Action::Deal).unwrap();
    g.apply(Action::Hit { spot: 0 }).unwrap();
    assert_eq!(g.refusal(Action::Surrender { spot: 0 }), Some(Refusal::CannotSurrender));
}

#[test]
fn play_continues_until_the_cut_card_then_shuffle_and_cut_again() {
    let r = rules(|s| s.decks = 1);
    let mut g = Game::new(r, &[Some(0)], vec![BANK], 7).unwrap();
    let mut rounds_since_shuffle = 0;
    let mut saw_cut = false;
    for _ in 0..40 {
        g.apply(Action::Bet { spot: 0, amount: BET }).ok();
        g.apply(Action::Deal).unwrap();
        while let Some(a) =
            g.legal_actions().into_iter().find(|a| matches!(a, Action::Stand { .. } | Action::Insure { amount: 0, .. }))
        {
            g.apply(a).unwrap();
        }
        assert_eq!(g.cards_accounted(), 52);
        rounds_since_shuffle += 1;
        let cut_out = g.cut_card_out();
        let ev = g.apply(Action::NextRound).unwrap();
        let shuffled = ev.iter().any(|e| matches!(e, Event::Shuffled { .. }));
        assert_eq!(shuffled, cut_out, "a shuffle exactly when the cut card has come out");
        if shuffled {
            saw_cut = true;
            assert!(rounds_since_shuffle >= 3, "about two thirds of a deck lasts several rounds");
            rounds_since_shuffle = 0;
            assert_eq!(g.discards(), 0);
            let cut = 52 - g.before_cut();
            assert!((16..=20).contains(&cut), "cut card about a third up from the bottom: {cut} cards behind it");
        } else {
            assert!(g.discards() > 0, "used cards go to the discard holder");
        }
    }
    assert!(saw_cut);
}

#[test]
fn bets_outside_the_table_limits_are_refused_with_the_limits() {
    let mut g = Game::new(rules(|_| {}), &[Some(0)], vec![BANK], 1).unwrap();
    let e = g.apply(Action::Bet { spot: 0, amount: 100 }).unwrap_err();
    assert_eq!(e.reason, Refusal::BetOutOfRange { min: 500, max: 50_000 });
    assert_eq!(e.reason.to_string(), "bets go from $5 to $500");
    assert_eq!(g.apply(Action::Deal).unwrap_err().reason, Refusal::NoBets);
}

#[test]
fn bad_rules_list_every_problem() {
    let e = TableRules::new(TableSpec {
        decks: 9,
        seats: 0,
        penetration_percent: 99,
        blackjack_pays: (1, 2),
        ..TableSpec::default()
    })
    .unwrap_err();
    assert_eq!(
        e.problems,
        [
            TableProblem::Decks(9),
            TableProblem::Penetration(99),
            TableProblem::Seats(0),
            TableProblem::BlackjackPays { pays: 1, to: 2 }
        ]
    );
    assert_eq!(
        e.to_string(),
        "the table rules have 4 problem(s): the shoe holds 1 to 8 decks, not 9; the cut card goes between 50% and \
         90% of the shoe, not 99%; a table has 1 to 7 seats, not 0; blackjack must pay at least even money, not 1 to 2"
    );
}

#[test]
fn bad_stakes_and_splits_are_each_named_with_the_amounts_at_fault() {
    let e = TableRules::new(TableSpec {
        split_limit: SplitLimit::Hands(5),
        min_bet: 150,
        max_bet: MAX_BET + 100,
        starting_bankroll: MAX_CHIPS + 1,
        ..TableSpec::default()
    })
    .unwrap_err();
    assert_eq!(
        e.problems,
        [
            TableProblem::SplitHands(5),
            TableProblem::MinBet(150),
            TableProblem::MaxBetAboveLimit(MAX_BET + 100),
            TableProblem::BankrollAboveLimit(MAX_CHIPS + 1)
        ]
    );
    let e = TableRules::new(TableSpec { min_bet: 1000, max_bet: 500, starting_bankroll: 900, ..TableSpec::default() })
        .unwrap_err();
    assert_eq!(e.problems, [TableProblem::MaxBet { max: 500, min: 1000 }, TableProblem::BankrollBelowMinBet]);
    assert_eq!(e.problems[0].to_string(), "the maximum bet 500 must be whole chips and at least the minimum 1000");
    assert_eq!(e.problems[1].to_string(), "the starting bankroll must cover the minimum bet");
}

/// Plays random legal actions (random amounts included) and checks the invariants after each.
#[test]
fn random_play_conserves_chips_and_cards_and_offers_sorted_legal_actions() {
    for seed in 0..30u64 {
        let mut rng = GameRng::new(seed);
        let seats = 1 + rng.below(7) as u8;
        let r = rules(|s| {
            s.seats = seats;
            s.decks = 1 + rng.below(8) as u8;
            s.surrender = seed % 2 == 0;
            s.dealer_hits_soft_17 = seed % 3 == 0;
            s.dealer_blackjack =
                if seed % 5 == 0 { DealerBlackjack::AllBets } else { DealerBlackjack::OriginalBetOnly };
            s.resplit_aces = seed % 4 == 0;
            s.hit_split_aces = seed % 7 == 0;
        });
        let total_cards = r.decks as usize * 52;
        let seating: Vec<Option<u8>> = (0..seats).map(|i| (i % 2 == 0 || seed % 3 == 0).then_some(i % 3)).collect();
        let mut g = Game::new(r, &seating, vec![BANK; 3], seed).unwrap();
        let chips = g.chips_in_play();
        for _ in 0..3000 {
            let legal = g.legal_actions();
            if legal.is_empty() {
                // The end: nobody seated can cover the minimum bet.
                assert_eq!(g.phase(), Phase::Betting);
                assert!(
                    g.spots().iter().filter_map(|s| s.owner).all(|p| g.bankrolls()[p as usize] < g.rules().min_bet),
                    "{:?}",
                    g.bankrolls()
                );
                break;
            }
            assert!(legal.windows(2).all(|w| w[0] < w[1]), "sorted and unique: {legal:?}");
            let mut a = legal[rng.below(legal.len() as u64) as usize];
            match &mut a {
                Action::Bet { amount, .. } if *amount > 0 => *amount = 500 * (1 + rng.below(6) as i64),
                Action::Double { amount, .. } => *amount = 1 + rng.below(*amount as u64) as i64,
                _ => {}
            }
            // Random illegal probes are refused and change nothing.
            let probe = Action::Hit { spot: rng.below(8) as u8 };
            if !g.is_legal(probe) {
                let before = g.clone();
                assert!(g.apply(probe).is_err());
                assert_eq!(g, before);
            }
            if g.is_legal(a) {
                g.apply(a).unwrap();
            }
            assert_eq!(g.chips_in_play(), chips, "chips conserved (seed {seed})");
            assert_eq!(g.cards_accounted(), total_cards, "cards conserved (seed {seed})");
        }
    }
}

/// The benchmark's simulator and the engine play the same shoes to the same results.
#[test]
fn simulator_and_engine_agree_on_the_same_shoes() {
    for (i, spec) in [
        TableSpec { seats: 1, ..TableSpec::default() },
        TableSpec { seats: 1, surrender: true, dealer_hits_soft_17: true, ..TableSpec::default() },
        TableSpec {
            seats: 1,
            double_on: DoubleOn::AnyTwo,
            resplit_aces: true,
            dealer_blackjack: DealerBlackjack::AllBets,
            ..TableSpec::default()
        },
    ]
    .into_iter()
    .enumerate()
    {
        let r = TableRules::new(TableSpec { decks: 2, insurance: false, ..spec }).unwrap();
        let c = chart(&r);
        let sim = Simulator::new(&r, &c);
        let mut rng = GameRng::new(i as u64);
        for round in 0..3000 {
            let mut cards = blackjack::engine::cards::standard_decks(2);
            rng.shuffle(&mut cards);
            let pts: Vec<u8> = cards.iter().map(|&c| points(c)).collect();
            let mut shoe = SimShoe::scripted(pts);
            let expected = sim.round(&mut shoe);
            let mut g = Game::with_shoe(r.clone(), &[Some(0)], vec![BANK], cards, 104).unwrap();
            g.apply(Action::Bet { spot: 0, amount: BET }).unwrap();
            g.apply(Action::Deal).unwrap();
            while let Phase::Playing { spot, hand } = g.phase() {
                let h = &g.spots()[spot as usize].hands[hand as usize];
                let pts: Vec<u8> = h.cards.iter().map(|&c| points(c)).collect();
                let play = if pts.len() == 2 {
                    let ok = |a: Action| g.is_legal(a);
                    c.decide(
                        &pts,
                        points(g.dealer_up().unwrap()),
                        ok(Action::Hit { spot }),
                        ok(Action::Double { spot, amount: BET }),
                        ok(Action::Split { spot }),
                        ok(Action::Surrender { spot }),
                    )
                } else if c.hits(h.total().hard, h.total().is_soft(), points(g.dealer_up().unwrap())) {
                    Play::Hit
                } else {
                    Play::Stand
                };
                let a = match play {
                    Play::Stand => Action::Stand { spot },
                    Play::Hit => Action::Hit { spot },
                    Play::Double => Action::Double { spot, amount: BET },
                    Play::Split => Action::Split { spot },
                    Play::Surrender => Action::Surrender { spot },
                };
                g.apply(a).unwrap();
            }
            let net = (g.bankrolls()[0] - BANK) as f64 / BET as f64;
            assert!(
                (net - expected.net).abs() < 1e-9,
                "rules {i}, round {round}: engine {net}, simulator {}",
                expected.net
            );
        }
    }
}

#[test]
fn computed_strategy_matches_well_known_basic_strategy_cells() {
    let r =
        TableRules::new(TableSpec { decks: 6, double_on: DoubleOn::AnyTwo, surrender: true, ..TableSpec::default() })
            .unwrap();
    let mut s = Solver::new(&r, Counts::full(6), 10);
    assert_eq!(s.evaluate(10, 6).best().0, Play::Surrender, "16 v 10 surrenders");
    assert_eq!(s.evaluate(10, 10).best().0, Play::Stand);
    assert_eq!(
        s.evaluate(8, 8).best().0,
        Play::Split,
        "always split eights… except v 10 with surrender? still split in S17"
    );
    let mut s = Solver::new(&r, Counts::full(6), 6);
    assert_eq!(s.evaluate(10, 2).best().0, Play::Stand, "12 v 6 stands");
    assert_eq!(s.evaluate(6, 5).best().0, Play::Double, "11 v 6 doubles");
    assert_eq!(s.evaluate(1, 7).best().0, Play::Double, "soft 18 v 6 doubles");
    let mut s = Solver::new(&r, Counts::full(6), 2);
    assert_eq!(s.evaluate(10, 2).best().0, Play::Hit, "12 v 2 hits");
    let mut s = Solver::new(&r, Counts::full(6), 1);
    let e = s.evaluate(10, 9);
    assert!(e.insurance.unwrap() < 0.0, "insurance is a bad bet from a full shoe");
}

#[test]
fn computed_house_edge_agrees_with_the_published_one_deck_figure() {
    // Wizard of Odds, Blackjack Appendix 9 (1ds17r4): 1 deck, S17, DAS, double any two, resplit
    // to four hands except aces, one card to split aces, dealer peeks: player return +0.1839%.
    let r = TableRules::new(TableSpec {
        decks: 1,
        double_on: DoubleOn::AnyTwo,
        split_limit: SplitLimit::Hands(4),
        surrender: false,
        ..TableSpec::default()
    })
    .unwrap();
    let edge = chart(&r).house_edge_percent;
    assert!((edge - -0.1839).abs() < 0.05, "computed {edge:.4}%");
}

#[test]
fn the_quick_chart_agrees_with_the_exact_chart_at_six_decks() {
    let r = TableRules::seed_rules();
    let exact = chart(&r);
    let quick = blackjack::engine::casino::strategy::chart_with(&r, false);
    let mut differ = 0;
    for up in 1..=10u8 {
        for t in 5..=20u8 {
            differ += (exact.cell(false, t, up) != quick.cell(false, t, up)) as usize;
        }
        for t in 13..=20u8 {
            differ += (exact.cell(true, t, up) != quick.cell(true, t, up)) as usize;
        }
        for p in 0..10 {
            differ += (exact.pairs[p][up as usize - 1] != quick.pairs[p][up as usize - 1]) as usize;
        }
    }
    assert!(differ <= 3, "{differ} of 340 cells differ");
    assert!(
        (exact.house_edge_percent - quick.house_edge_percent).abs() < 0.1,
        "{} v {}",
        exact.house_edge_percent,
        quick.house_edge_percent
    );
}

/// docs/rules/casino.md: A+8 doubled as "9" is the better play against a 6 at one deck, by a
/// hair. Figures from the engine's own solver (default table, one deck, full shoe).
#[test]
fn doubling_soft_19_against_a_6_is_the_better_play_at_one_deck() {
    let r = TableRules::new(TableSpec { decks: 1, ..TableSpec::default() }).unwrap();
    let e = Solver::new(&r, Counts::full(1), 6).evaluate(1, 8);
    let double = e.double.expect("A+8 counts as 9: doubling is open");
    println!("A+8 v 6, one deck: double {double:+.4}, stand {:+.4}", e.stand);
    assert!(double > e.stand, "double {double} v stand {}", e.stand);
    assert_eq!(format!("{double:+.4} {:+.4}", e.stand), "+0.4826 +0.4824");
    let six = TableRules::seed_rules();
    let e = Solver::new(&six, Counts::full(6), 6).evaluate(1, 8);
    assert!(e.double.unwrap() < e.stand, "at six decks standing is better");
    println!("A+8 v 6, six decks: double {:+.4}, stand {:+.4}", e.double.unwrap(), e.stand);
}
