//! The analysis of a seat's decisions (`bots::analysis`), from that seat's view as it was then:
//! on a scripted deal a deliberately bad move is marked and the best move is not; a whole game is
//! judged decision by decision; and the search worker answers the same judgement as a request.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use blackjack::bots::analysis::{judge, judge_game, MISTAKE};
use blackjack::bots::work::{serve, Job, Reply, Request};
use common::*;

/// Seat 0 to move in Taylor, holding the 5♥ (one card: "Last card" said) on the 5♠: laying it
/// wins at once; picking up instead gives the others a turn each, and seat 1 holds one card too.
fn last_card_position() -> Game {
    let mut g = deal(Preset::Taylor, &["5H", "9H", "KD 3C 4D", "QC 8S 6D 2C"], "5S", "7D 7S 8H 9D 10S JH");
    let call = Action::CallLastCard { seat: 0 };
    if g.is_legal(call) {
        act(&mut g, call);
    }
    assert_eq!(g.current(), 0);
    g
}

#[test]
fn a_bad_move_is_marked_and_the_best_move_is_not() {
    let g = last_card_position();
    let view = g.view(0);
    let out = Action::Play { seat: 0, card: c("5H") };
    let draw = Action::Draw { seat: 0 };
    assert!(view.legal.contains(&out) && view.legal.contains(&draw), "{:?}", view.legal);
    let best = judge(&view, out, 200, 1).expect("a decision with a choice");
    assert_eq!(best.best, out);
    assert!(!best.is_mistake(), "{best:?}");
    assert!(best.played_chance > 0.99, "{best:?}");
    let bad = judge(&view, draw, 200, 1).expect("a decision with a choice");
    assert_eq!(bad.best, out);
    assert!(bad.is_mistake() && bad.lost() > MISTAKE, "{bad:?}");
    // A move that is not this seat's to make is not judged.
    assert_eq!(judge(&view, Action::Draw { seat: 1 }, 50, 1), None);
}

#[test]
fn a_recorded_game_is_judged_at_each_of_the_seats_decisions() {
    let g = Game::new(Preset::Taylor.rules(), 3, 77).unwrap();
    let mut play = g.clone();
    let mut log = Vec::new();
    let mut bots: Vec<blackjack::bots::shedding::SheddingBot> = (0..3)
        .map(|s| blackjack::bots::shedding::SheddingBot::new(s, blackjack::bots::shedding::Level::Normal, 5))
        .collect();
    while !play.is_over() && log.len() < 60 {
        let seat = play.current();
        let a = bots[seat as usize]
            .decide(&play.view(seat))
            .map(|d| d.action)
            .filter(|a| play.is_legal(*a))
            .unwrap_or_else(|| play.legal_actions()[0]);
        play.apply(a).unwrap();
        log.push(a);
    }
    let judged = judge_game(g, &log, 0, 30, 9);
    let chosen = log.iter().filter(|a| a.seat() == 0 && !a.is_call()).count();
    assert!(!judged.is_empty() && judged.len() <= chosen, "{} judged of {chosen}", judged.len());
    for j in &judged {
        assert!((0.0..=1.0).contains(&j.played_chance) && j.best_chance >= j.played_chance, "{j:?}");
    }
}

#[test]
fn the_search_worker_judges_a_decision_from_the_view_it_is_sent() {
    let g = last_card_position();
    let view = g.view(0);
    let draw = Action::Draw { seat: 0 };
    let asked = Request { job: Job::Judge { played: draw }, iterations: 200, seed: 1, view: view.clone() };
    let reply = serve(&asked.encode());
    let direct = judge(&view, draw, 200, 1).unwrap();
    match reply {
        Reply::Judged { at, played, played_pm, best, best_pm } => {
            assert_eq!((at, played, best), (view.state_id, draw, direct.best));
            assert_eq!(
                (played_pm, best_pm),
                ((direct.played_chance * 1000.0).round() as u16, (direct.best_chance * 1000.0).round() as u16)
            );
            assert_eq!(Reply::decode(&reply.encode()), Some(reply.clone()));
        }
        other => panic!("{other:?}"),
    }
    // A move the seat may not make is refused.
    let wrong = Request { job: Job::Judge { played: Action::Draw { seat: 2 } }, iterations: 20, seed: 1, view };
    assert_eq!(serve(&wrong.encode()), Reply::Refused);
}

/// A scripted position: seat 0 to move on `starter` with these hands ("Last card" said first
/// where seat 0 holds one card and may say it), the move the rules make best and a bad one.
struct Position {
    name: &'static str,
    preset: Preset,
    hands: &'static [&'static str],
    starter: &'static str,
    /// Moves played first (see [`step_of`]): in Priestly "Last card" must be said before the
    /// turn that goes out, so a one-card position there is reached by playing down to it.
    before: &'static [&'static str],
    best: &'static str,
    bad: &'static str,
}

/// Deals per move when a scripted position is judged: each chance within a few points.
const POSITION_SAMPLES: u32 = 1000;

/// "p.QS" (seat 0 lays the Q♠) or "d" (seat 0 picks up).
fn move_of(text: &str) -> Action {
    match text.strip_prefix("p.") {
        Some(card) => Action::Play { seat: 0, card: c(card) },
        None => Action::Draw { seat: 0 },
    }
}

/// "l0" (seat 0 says "Last card"), "p0.5H" (seat 0 lays the 5♥), "f0" (seat 0 ends its turn),
/// "d1" (seat 1 picks up).
fn step_of(text: &str) -> Action {
    let seat: u8 = text[1..2].parse().unwrap();
    match &text[..1] {
        "l" => Action::CallLastCard { seat },
        "p" => Action::Play { seat, card: c(&text[3..]) },
        "f" => Action::Finish { seat },
        _ => Action::Draw { seat },
    }
}

fn position_game(p: &Position) -> Game {
    // The stock: the rest of the deck, in a fixed order.
    let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
    let stock: Vec<String> =
        ["C", "D", "H", "S"].iter().flat_map(|s| ranks.iter().map(move |r| format!("{r}{s}"))).collect();
    let mut g = deal(p.preset, p.hands, p.starter, &stock.join(" "));
    let call = Action::CallLastCard { seat: 0 };
    for step in p.before {
        act(&mut g, step_of(step));
    }
    if g.is_legal(call) {
        act(&mut g, call);
    }
    assert_eq!(g.current(), 0, "{}: seat 0 to move", p.name);
    g
}

/// What is wrong with the analysis of a position, if anything: its best move must be called best
/// and be no mistake, and the bad move marked, with the best move as its better.
fn position_problem(p: &Position) -> Option<String> {
    let g = position_game(p);
    let view = g.view(0);
    let (best, bad) = (move_of(p.best), move_of(p.bad));
    for a in [best, bad] {
        if !view.legal.contains(&a) {
            return Some(format!("{}: {a:?} is not legal: {:?}", p.name, view.legal));
        }
    }
    let good = judge(&view, best, POSITION_SAMPLES, 3)?;
    if good.best != best || good.is_mistake() {
        return Some(format!("{}: the best move judged {good:?}", p.name));
    }
    let marked = judge(&view, bad, POSITION_SAMPLES, 3)?;
    if marked.best != best || !marked.is_mistake() {
        return Some(format!("{}: the bad move judged {marked:?}", p.name));
    }
    None
}

/// Every position of a game is judged right (all the wrong ones said at once).
fn check_positions(positions: &[Position]) {
    assert!(positions.len() >= 10);
    let wrong: Vec<String> = positions.iter().filter_map(position_problem).collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

const TAYLOR: &[Position] = &[
    Position {
        name: "the last card, four players",
        preset: Preset::Taylor,
        hands: &["5H", "9H", "KD 3C 4D", "QC 8S 6D 2C"],
        starter: "5S",
        before: &[],
        best: "p.5H",
        bad: "d",
    },
    Position {
        name: "the last card on its rank, two players",
        preset: Preset::Taylor,
        hands: &["9C", "3H 4H"],
        starter: "9D",
        before: &[],
        best: "p.9C",
        bad: "d",
    },
    Position {
        name: "the last card, three players",
        preset: Preset::Taylor,
        hands: &["6D", "2H 5S", "KS 3C"],
        starter: "9D",
        before: &[],
        best: "p.6D",
        bad: "d",
    },
    // Under a black Jack's seven cards: only another black Jack avoids picking them up.
    Position {
        name: "a black Jack onto a black Jack",
        preset: Preset::Taylor,
        hands: &["JC 4H 9D", "5S 6S", "KH 3H"],
        starter: "JS",
        before: &[],
        best: "p.JC",
        bad: "d",
    },
    Position {
        name: "a red two onto a black two",
        preset: Preset::Taylor,
        hands: &["2H 5C 9D", "6S 4S", "KH 3H"],
        starter: "2S",
        before: &[],
        best: "p.2H",
        bad: "d",
    },
    // An eight is followed by any card: the eight, then the last card, and out.
    Position {
        name: "an eight to go out",
        preset: Preset::Taylor,
        hands: &["8H 3C", "6S 4S KD", "KH 3H 4D"],
        starter: "5H",
        before: &[],
        best: "p.8H",
        bad: "d",
    },
    // With two players a Queen skips the other: the Q♠ then the 5♠ goes out in one go.
    Position {
        name: "a Queen to play twice",
        preset: Preset::Taylor,
        hands: &["QS 5S", "4H 6D 9C"],
        starter: "3S",
        before: &[],
        best: "p.QS",
        bad: "d",
    },
    // A ten, then the rest of its suit: out in one turn.
    Position {
        name: "a ten and its suit",
        preset: Preset::Taylor,
        hands: &["10C 4C 9C", "4H 6D", "KS 3H"],
        starter: "10H",
        before: &[],
        best: "p.10C",
        bad: "d",
    },
    // With three players a King skips both others.
    Position {
        name: "a King to play twice",
        preset: Preset::Taylor,
        hands: &["KH 6H", "4S 9C", "3C 5S"],
        starter: "9H",
        before: &[],
        best: "p.KH",
        bad: "d",
    },
    Position {
        name: "the last card against three last cards",
        preset: Preset::Taylor,
        hands: &["4C", "9H", "4D", "QD"],
        starter: "9C",
        before: &[],
        best: "p.4C",
        bad: "d",
    },
];

const PRIESTLY: &[Position] = &[
    // "Last card" said at the turn before, the 6♥ laid (the others pick up): the 5♥ goes out.
    Position {
        name: "the last card, adjacent",
        preset: Preset::Priestly,
        hands: &["6H 5H", "9S 3C"],
        starter: "7H",
        before: &["l0", "p0.6H", "f0", "d1"],
        best: "p.5H",
        bad: "d",
    },
    Position {
        name: "the last card on its rank, three players",
        preset: Preset::Priestly,
        hands: &["9D 9C", "3H 5S", "KS 4D"],
        starter: "9S",
        before: &["l0", "p0.9D", "f0", "d1", "d2"],
        best: "p.9C",
        bad: "d",
    },
    Position {
        name: "the last card, four players",
        preset: Preset::Priestly,
        hands: &["7S 6S", "3H", "KD 4C", "9H 5D"],
        starter: "7C",
        before: &["l0", "p0.7S", "f0", "d1", "d2", "d3"],
        best: "p.6S",
        bad: "d",
    },
    Position {
        name: "the last card, a King",
        preset: Preset::Priestly,
        hands: &["KS KD", "5S 6S", "4H 3H"],
        starter: "KC",
        before: &["l0", "p0.KS", "f0", "d1", "d2"],
        best: "p.KD",
        bad: "d",
    },
    // A run goes out in one turn: the 5♥, 6♥, 7♥ ("Last cards" said at the turn before, which
    // laid the 4♥: a call counts if it stood when the turn began).
    Position {
        name: "a run to go out",
        preset: Preset::Priestly,
        hands: &["4H 5H 6H 7H", "9S 3C", "KS 4D"],
        starter: "4C",
        before: &["l0", "p0.4H", "f0", "d1", "d2"],
        best: "p.5H",
        bad: "d",
    },
    Position {
        name: "a run down to go out",
        preset: Preset::Priestly,
        hands: &["7C 6C 5C 4C", "9S 6H", "KS 7D"],
        starter: "7S",
        before: &["l0", "p0.7C", "f0", "d1", "d2"],
        best: "p.6C",
        bad: "d",
    },
    // Under a pick-up, a pick-up card passes it on and may lead a run: out in one turn.
    Position {
        name: "a two onto a two, then a run",
        preset: Preset::Priestly,
        hands: &["2D 3D", "5S 6S", "4H 3H"],
        starter: "2S",
        before: &["l0"],
        best: "p.2D",
        bad: "d",
    },
    Position {
        name: "a two onto a black Jack, then a run",
        preset: Preset::Priestly,
        hands: &["2C 3C", "5S 6S", "KH 3H"],
        starter: "JS",
        before: &["l0"],
        best: "p.2C",
        bad: "d",
    },
    // An Ace goes on anything: the last card, "Last card" said at the turn before.
    Position {
        name: "the last card, an Ace",
        preset: Preset::Priestly,
        hands: &["9S AS", "5D 6D", "4H 3H"],
        starter: "9C",
        before: &["l0", "p0.9S", "f0", "d1", "d2"],
        best: "p.AS",
        bad: "d",
    },
    // A Queen must be covered: the Q♣ covered by the Q♦ goes out.
    Position {
        name: "a Queen covered to go out",
        preset: Preset::Priestly,
        hands: &["QC QD", "5S 6S 9H", "4H 3H 9D"],
        starter: "KC",
        before: &["l0"],
        best: "p.QC",
        bad: "d",
    },
];

const BRITISH: &[Position] = &[
    Position {
        name: "the last card, two players",
        preset: Preset::British,
        hands: &["5H", "9S 3C"],
        starter: "5S",
        before: &[],
        best: "p.5H",
        bad: "d",
    },
    Position {
        name: "the last card, three players",
        preset: Preset::British,
        hands: &["9C", "3H 5S", "KS 4D"],
        starter: "9D",
        before: &[],
        best: "p.9C",
        bad: "d",
    },
    Position {
        name: "the last card, four players",
        preset: Preset::British,
        hands: &["QS", "3H", "KD 4C", "9H 5D"],
        starter: "3S",
        before: &[],
        best: "p.QS",
        bad: "d",
    },
    // Under a black Jack's six: a red Jack cancels it, a black Jack passes on twelve.
    Position {
        name: "a red Jack onto a black Jack",
        preset: Preset::British,
        hands: &["JH 4C 9D", "5S 6S", "KH 3H"],
        starter: "JS",
        before: &[],
        best: "p.JH",
        bad: "d",
    },
    Position {
        name: "a black Jack onto a black Jack",
        preset: Preset::British,
        hands: &["JC 5D 8H", "5S 6S", "KH 3H"],
        starter: "JS",
        before: &[],
        best: "p.JC",
        bad: "d",
    },
    Position {
        name: "a two onto a two",
        preset: Preset::British,
        hands: &["2D 6H 9S", "5S 6S", "KH 3H"],
        starter: "2C",
        before: &[],
        best: "p.2D",
        bad: "d",
    },
    // With two players a seven or an eight skips the other: play again, and out.
    Position {
        name: "a seven to play twice",
        preset: Preset::British,
        hands: &["7S 4S", "5H 6C 9C"],
        starter: "9S",
        before: &[],
        best: "p.7S",
        bad: "d",
    },
    Position {
        name: "an eight to play twice",
        preset: Preset::British,
        hands: &["8H 3H", "5S 6C 9C"],
        starter: "6H",
        before: &[],
        best: "p.8H",
        bad: "d",
    },
    // An Ace goes on anything and names the suit of the last card.
    Position {
        name: "an Ace for the last card's suit",
        preset: Preset::British,
        hands: &["AC 9D", "5S 6C", "KS 4H"],
        starter: "5H",
        before: &[],
        best: "p.AC",
        bad: "d",
    },
    Position {
        name: "the last card, a two",
        preset: Preset::British,
        hands: &["2S", "3H 4C", "KD 5C"],
        starter: "2H",
        before: &[],
        best: "p.2S",
        bad: "d",
    },
];

#[test]
fn taylor_positions_with_a_known_best_move() {
    check_positions(TAYLOR);
}

#[test]
fn priestly_positions_with_a_known_best_move() {
    check_positions(PRIESTLY);
}

#[test]
fn british_positions_with_a_known_best_move() {
    check_positions(BRITISH);
}

/// Plays `game` (a game won by the first out: Taylor, Priestly) on with normal bots at every seat
/// (seeded by `seed`) to its end, and says whether `seat` won.
fn playout_wins(mut game: Game, seat: u8, seed: u64) -> bool {
    use blackjack::bots::shedding::{Level, SheddingBot};
    let mut bots: Vec<SheddingBot> = (0..game.players())
        .map(|s| SheddingBot::new(s, Level::Normal, seed.wrapping_mul(31).wrapping_add(u64::from(s))))
        .collect();
    for _ in 0..2000 {
        if game.is_over() {
            break;
        }
        let s = game.current();
        let a = bots[s as usize]
            .decide(&game.view(s))
            .map(|d| d.action)
            .filter(|a| game.is_legal(*a))
            .unwrap_or_else(|| game.legal_actions()[0]);
        game.apply(a).unwrap();
    }
    game.winner() == Some(seat)
}

/// Over sampled deals: normal bots play seat 0's game; at each of its decisions that the analysis
/// marks (the best move gave more than the threshold over the move played), the true position
/// (every hand as dealt, which the analysis never saw) is played on `playouts` times after each
/// of the two moves. Returns (mistakes found, wins after the best move, wins after the move played).
fn best_against_played(
    preset: Preset,
    players: u8,
    deals: std::ops::Range<u64>,
    samples: u32,
    playouts: u64,
) -> (usize, u64, u64) {
    use blackjack::bots::analysis::decisions;
    use blackjack::bots::shedding::{Level, SheddingBot};
    let (mut found, mut best_wins, mut played_wins) = (0, 0, 0);
    for deal_seed in deals {
        let dealt = Game::new(preset.rules(), players, deal_seed).unwrap();
        let mut game = dealt.clone();
        let mut bots: Vec<SheddingBot> =
            (0..players).map(|s| SheddingBot::new(s, Level::Normal, deal_seed ^ u64::from(s))).collect();
        while !game.is_over() && game.log().len() < 400 {
            let s = game.current();
            let a = bots[s as usize]
                .decide(&game.view(s))
                .map(|d| d.action)
                .filter(|a| game.is_legal(*a))
                .unwrap_or_else(|| game.legal_actions()[0]);
            game.apply(a).unwrap();
        }
        let log = game.log().to_vec();
        let mut replayed = dealt.clone();
        let mut at = 0;
        for d in decisions(dealt, &log, 0) {
            while at < d.index {
                replayed.apply(log[at]).unwrap();
                at += 1;
            }
            let Some(j) = judge(&d.view, d.played, samples, deal_seed.wrapping_add(d.index as u64)) else { continue };
            if !j.is_mistake() {
                continue;
            }
            found += 1;
            for k in 0..playouts {
                for (action, wins) in [(j.best, &mut best_wins), (j.played, &mut played_wins)] {
                    let mut g = replayed.clone();
                    g.apply(action).unwrap();
                    *wins += u64::from(playout_wins(g, 0, deal_seed * 1000 + d.index as u64 * 10 + k));
                }
            }
        }
    }
    (found, best_wins, played_wins)
}

#[test]
fn where_the_analysis_marks_a_move_its_best_move_wins_more_often() {
    let (found, best, played) = best_against_played(Preset::Taylor, 3, 1..7, 100, 20);
    println!("Taylor, 3 players, 6 deals: {found} marked moves; wins after the best move {best}, after the move played {played}");
    assert!(found > 0, "the sample has marked moves");
    assert!(best > played, "the best move wins more often: {best} against {played}");
}

/// The long run of the check above, for the figures in the report:
/// `cargo test --test analysis -- --ignored --nocapture` (the test profile is optimised; set
/// `ANALYSIS_LONG=priestly`, or taylor, british, to run one game). Taylor and Priestly must pass;
/// British's figures are printed. Last run (the best move chosen and weighed on separate halves
/// of the deals): Taylor 49.9% against 30.9% (+19.0 ± 1.6 points, 134 marked moves), Priestly
/// 48.0% against 36.4% (+11.6 ± 2.1, 85), British 30.0% against 29.2% (+0.8 ± 1.2, 224: its
/// analysis weighs a round's places, the check the whole game's win). Before, chosen and weighed
/// on the same deals: Taylor +10.0 ± 1.3, Priestly -1.8 ± 0.8, British -1.5 ± 0.8.
#[test]
#[ignore]
fn where_the_analysis_marks_a_move_its_best_move_wins_more_often_long() {
    let only = std::env::var("ANALYSIS_LONG").unwrap_or_default();
    let games =
        [(Preset::Taylor, "Taylor", true), (Preset::Priestly, "Priestly", true), (Preset::British, "British", false)];
    for (preset, name, must_pass) in games.into_iter().filter(|g| only.is_empty() || g.1.eq_ignore_ascii_case(&only)) {
        let (found, best, played) = best_against_played(preset, 3, 100..160, 200, 50);
        let n = (found as u64 * 50).max(1) as f64;
        let (pb, pp) = (best as f64 / n, played as f64 / n);
        let se = ((pb * (1.0 - pb) + pp * (1.0 - pp)) / n).sqrt();
        println!(
            "{name}, 3 players, 60 deals: {found} marked moves, 50 playouts each: the best move won {:.1}%, the move played {:.1}% (difference {:.1} ± {:.1} points, 95%)",
            pb * 100.0,
            pp * 100.0,
            (pb - pp) * 100.0,
            1.96 * se * 100.0
        );
        if must_pass {
            assert!(best > played, "{name}");
        }
    }
}

/// The deal of the table link `taylor.2.normal.136~hand=1`: two players, one card each, seat 0
/// to move holding the Q♣ (it follows the card turned up) and not yet having said "Last card".
fn one_card_each_136() -> Game {
    let mut spec = Preset::Taylor.spec();
    spec.hand_size = 1;
    let g = Game::new(Rules::new(spec).unwrap(), 2, 136).unwrap();
    assert_eq!((hand(&g, 0), hand(&g, 1), g.current()), ("QC".to_string(), "10D".to_string(), 0));
    g
}

/// Laying the last card without having said "Last card" is no win in Taylor (seven cards'
/// penalty), so the analysis once called picking up best there (46% against the Q♣): saying
/// "Last card" is a choice too, and with it the Q♣ wins at once.
#[test]
fn saying_last_card_then_going_out_is_weighed_where_the_seat_has_not_said_it() {
    let g = one_card_each_136();
    let view = g.view(0);
    let (queen, draw, call) =
        (Action::Play { seat: 0, card: c("QC") }, Action::Draw { seat: 0 }, Action::CallLastCard { seat: 0 });
    assert!(view.legal.contains(&call), "{:?}", view.legal);
    for played in [queen, draw] {
        let j = judge(&view, played, POSITION_SAMPLES, 3).expect("a decision with a choice");
        assert_eq!(j.best, call, "{j:?}");
        assert!(j.best_chance > 0.99 && j.is_mistake(), "{j:?}");
    }
    // Said, the Q♣ goes out: the best move, and picking up a mistake.
    let mut said = g.clone();
    act(&mut said, call);
    let view = said.view(0);
    let j = judge(&view, queen, POSITION_SAMPLES, 3).unwrap();
    assert!(j.best == queen && j.played_chance > 0.99 && !j.is_mistake(), "{j:?}");
    let j = judge(&view, draw, POSITION_SAMPLES, 3).unwrap();
    assert!(j.best == queen && j.is_mistake(), "{j:?}");
}
