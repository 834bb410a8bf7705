//! The UNO Blackjack analysis (`bots::uno_analysis`, issue 36 section 3): the bust chance of each
//! hit or pass, counted by hand over the cards the seat had not seen; never a hidden card (a
//! queue's next card changed, the view the same, the figures the same); the marks and the
//! summary of a whole game.

use blackjack::bots::uno_analysis::{summary, weigh, weigh_game, MARK_CARDS};
use blackjack::engine::uno::*;

fn cards(s: &str) -> Vec<UnoCard> {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

/// A scripted two-player game, three cards a queue: `queues[i]` is seat i's queue from the top,
/// `deck` the deck from the top.
fn game(queues: [&str; 2], deck: &str) -> Game {
    let rules = UnoRules::new(UnoSpec { queue_size: 3, ..UnoSpec::default() }).unwrap();
    let qs: Vec<Vec<UnoCard>> = queues.iter().map(|q| cards(q)).collect();
    let mut order = Vec::new();
    for i in 0..3 {
        for q in &qs {
            order.push(q[i]);
        }
    }
    order.extend(cards(deck));
    Game::with_deck(rules, 2, &[], order).unwrap()
}

fn act(g: &mut Game, a: Action) {
    g.apply(a).unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
}

/// In a full deck of 108, the cards worth 5 or more: the numbers 5 to 9 (two of each a colour)
/// and the Skips, Reverses and Draw Twos (10 each, two of each a colour). A wild is an ace, 1
/// where 11 would bust.
const FIVE_OR_MORE: usize = 5 * 2 * 4 + 3 * 2 * 4;

#[test]
fn the_bust_chance_is_counted_over_the_cards_the_seat_has_not_seen() {
    let mut g = game(["R9 G8 Y2", "B5 B6 B7"], "R1 R2 R3");
    act(&mut g, Action::Reveal);
    assert_eq!(g.phase(), &Phase::Match { turn: 0 });
    // On 9 nothing busts: no card is worth more than 11 (a wild, then 1).
    let first = weigh(&g.view(0), 1, true).expect("seat 0 chooses");
    assert_eq!((first.total, first.bust), (9, 0.0));
    act(&mut g, Action::Hit { seat: 0 });
    act(&mut g, Action::Hit { seat: 1 });
    assert_eq!(g.phase(), &Phase::Match { turn: 0 });
    // On 17 (R9 G8) a card worth 5 or more busts. Seen: R9, G8, B5, B6, each worth 5 or more.
    let view = g.view(0);
    let w = weigh(&view, 3, false).unwrap();
    assert_eq!(w.total, 17);
    assert_eq!(w.bust, (FIVE_OR_MORE - 4) as f64 / (108 - 4) as f64);
    // Not the seat's turn: nothing to weigh.
    assert_eq!(weigh(&g.view(1), 3, false), None);
}

#[test]
fn a_round_s_cards_in_the_trash_stay_seen() {
    // Seat 0 hits the R Skip (19) and passes; seat 1 hits the B6 (11) and passes: seat 0 wins the
    // round, and its four cards go to the trash.
    let mut g = game(["R9 RS Y2", "B5 B6 B7"], "R1 R2 R3 G1 G2 G3 Y1 Y3 Y4");
    act(&mut g, Action::Reveal);
    // Each seat's choices in turn, whoever's turn it is.
    let mut plans = [vec![true, false], vec![true, false]].map(|p| p.into_iter());
    while let Phase::Match { turn } = *g.phase() {
        let seat = turn;
        let hit = plans[seat as usize].next().expect("a scripted choice");
        act(&mut g, if hit { Action::Hit { seat } } else { Action::Pass { seat } });
    }
    act(&mut g, Action::Reveal);
    let view = g.view(0);
    assert_eq!(view.trash.len(), 4, "{:?}", view.trash);
    let Phase::Match { turn } = view.phase else { panic!("{:?}", view.phase) };
    let w = weigh(&g.view(turn), 9, true).unwrap();
    // Seen: the four of the trash and the two stacks; the seat's total decides what busts.
    let seen: Vec<UnoCard> = view.trash.iter().chain(view.stacks.iter().flatten()).copied().collect();
    let me = &view.stacks[turn as usize];
    let mut unseen = uno_decks(1);
    for c in &seen {
        let i = unseen.iter().position(|u| u == c).unwrap();
        unseen.swap_remove(i);
    }
    let busts = unseen.iter().filter(|&&c| total(&[me.as_slice(), &[c]].concat(), SkipValue::Ten) > 21).count();
    assert_eq!(unseen.len(), 108 - 6);
    assert_eq!(w.bust, busts as f64 / unseen.len() as f64);
}

/// Honesty: the figures come from the seat's view alone. Two games alike but for the card seat
/// 0 would hit next (a 2, or a 9 that busts it on 17): at that decision their views are equal,
/// and so is everything the analysis says of it.
#[test]
fn changing_a_hidden_card_leaves_the_figures_unchanged() {
    let log = [Action::Reveal, Action::Hit { seat: 0 }, Action::Hit { seat: 1 }, Action::Pass { seat: 0 }];
    let (a, b) = (game(["R9 G8 Y2", "B5 B6 B7"], "R1 R2 R3"), game(["R9 G8 Y9", "B5 B6 B7"], "R1 R2 R3"));
    let (mut ga, mut gb) = (a.clone(), b.clone());
    for &action in &log[..3] {
        act(&mut ga, action);
        act(&mut gb, action);
    }
    assert_eq!(ga.view(0), gb.view(0), "the hidden card is hidden");
    let (wa, wb) = (weigh_game(a, &log, 0), weigh_game(b, &log, 0));
    assert_eq!(wa.len(), 2);
    assert_eq!(wa, wb);
}

#[test]
fn a_whole_game_is_weighed_at_each_hit_or_pass_with_marks_and_a_summary() {
    use blackjack::bots::shedding::Level;
    use blackjack::bots::uno::{decide, jitter};
    let mut marked_somewhere = false;
    for seed in 1..6 {
        let dealt = Game::new(UnoRules::seed_rules(), 3, seed).unwrap();
        let mut g = dealt.clone();
        // Seat 0 plays at random: some of its choices are clearly the worse.
        let levels = [Level::Random, Level::Normal, Level::Hard];
        for _ in 0..3_000 {
            if g.is_over() {
                break;
            }
            let a = match g.phase() {
                Phase::Match { turn } => {
                    let t = *turn;
                    decide(&g.view(t), levels[t as usize], jitter(seed, g.log().len()))
                }
                _ => Action::Reveal,
            };
            act(&mut g, a);
        }
        let log = g.log().to_vec();
        let weighed = weigh_game(dealt, &log, 0);
        let chose = log.iter().filter(|a| matches!(a, Action::Hit { seat: 0 } | Action::Pass { seat: 0 })).count();
        assert!(!weighed.is_empty() && weighed.len() <= chose, "seed {seed}: {} of {chose}", weighed.len());
        for w in &weighed {
            assert!((0.0..=1.0).contains(&w.bust), "{w:?}");
            assert_eq!(w.hit, matches!(log[w.index], Action::Hit { .. }), "{w:?}");
            assert_eq!(w.is_marked(), w.lost() > MARK_CARDS);
        }
        let s = summary(&weighed);
        assert_eq!(s.decisions, weighed.len());
        assert_eq!(s.hits, weighed.iter().filter(|w| w.hit).count());
        assert_eq!(s.marked, weighed.iter().filter(|w| w.is_marked()).count());
        marked_somewhere |= s.marked > 0;
    }
    assert!(marked_somewhere, "a random player's choices are marked somewhere");
}
