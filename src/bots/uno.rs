//! UNO Blackjack players: hit or pass from what the seat can see. The cards not yet seen are
//! the full deck minus every stack and the trash (all face up at a real table), so the chance
//! that the next card busts is exact for what the seat knows, never a peek at a queue. The hard
//! level weighs each decision in cards ([`round_values`]); [`play_out`] plays a whole game of
//! bots as the UNO page does (the tournament benchmark and tests).

use super::shedding::Level;
use crate::engine::rng::GameRng;
use crate::engine::uno::{total, uno_decks, value, Action, Game, Phase, Seat, SkipValue, UnoCard, UnoView};
use std::cmp::Ordering;

/// The chance that one more card busts this seat, over the cards it has not seen.
pub fn bust_probability(view: &UnoView) -> f64 {
    let decks = (view.total_cards as usize / 108).max(1) as u8;
    let mut unseen: Vec<UnoCard> = uno_decks(decks);
    let seen = view.stacks.iter().flatten().chain(view.trash.iter());
    for c in seen {
        if let Some(i) = unseen.iter().position(|u| u == c) {
            unseen.swap_remove(i);
        }
    }
    if unseen.is_empty() {
        return 1.0;
    }
    let me = &view.stacks[view.seat as usize];
    let busts = unseen
        .iter()
        .filter(|&&c| {
            let mut s = me.clone();
            s.push(c);
            total(&s, view.skip_value) > 21
        })
        .count();
    busts as f64 / unseen.len() as f64
}

/// The best total among the others still in the round who can no longer change it (passed).
fn best_passed(view: &UnoView) -> u8 {
    (0..view.stacks.len())
        .filter(|&s| s != view.seat as usize && !view.busted[s] && view.passed[s] && !view.stacks[s].is_empty())
        .map(|s| view.total(s as u8))
        .max()
        .unwrap_or(0)
}

/// The chance of each value one more card adds, over the cards the seat has not seen:
/// index 0..=10 for that value, [`ACE`] for a wild (an ace: 1, or 11 while that does not bust).
fn draw_chances(view: &UnoView) -> Option<[f64; 12]> {
    let decks = (view.total_cards as usize / 108).max(1) as u8;
    let mut count = [0u32; 12];
    let index = |c: &UnoCard| if c.is_wild() { ACE } else { value(*c, view.skip_value) as usize };
    for c in uno_decks(decks) {
        count[index(&c)] += 1;
    }
    for c in view.stacks.iter().flatten().chain(view.trash.iter()) {
        count[index(c)] = count[index(c)].saturating_sub(1);
    }
    let n: u32 = count.iter().sum();
    (n > 0).then(|| count.map(|k| k as f64 / n as f64))
}

const ACE: usize = 11;
/// A hand as the model sees it: the sum with wilds as 1, and whether it holds a wild.
type Hand = (u8, bool);

fn hand_of(stack: &[UnoCard], skip: SkipValue) -> Hand {
    let hard: u32 = stack.iter().map(|&c| value(c, skip) as u32).sum();
    (hard.min(22) as u8, stack.iter().any(|c| c.is_wild()))
}

fn hand_total((hard, ace): Hand) -> u8 {
    if ace && hard <= 11 {
        hard + 10
    } else {
        hard
    }
}

/// The hand after a card of index `c` (`None`: a bust).
fn add((hard, ace): Hand, c: usize) -> Option<Hand> {
    let hard = hard + if c == ACE { 1 } else { c as u8 };
    (hard <= 21).then_some((hard, ace || c == ACE))
}

/// How a player still hitting is expected to finish against a passed total `target`: for each
/// hand, the chances of ending below it or bust, level with it and above it, and the cards it
/// is expected to add. The model chases the target and otherwise stands on 16 or more, as the
/// normal level does.
fn chaser(p: &[f64; 12], target: u8) -> [[[f64; 4]; 2]; 22] {
    let mut v = [[[0.0; 4]; 2]; 22];
    for hard in (0..=21u8).rev() {
        for ace in [false, true] {
            let t = hand_total((hard, ace));
            v[hard as usize][ace as usize] = if t >= target.max(16) || p[0] >= 1.0 {
                match t.cmp(&target) {
                    Ordering::Less => [1.0, 0.0, 0.0, 0.0],
                    Ordering::Equal => [0.0, 1.0, 0.0, 0.0],
                    Ordering::Greater => [0.0, 0.0, 1.0, 0.0],
                }
            } else {
                // One card, then the hand it makes; a zero leaves the hand as it was.
                let mut r = [0.0, 0.0, 0.0, 1.0];
                for (c, &pc) in p.iter().enumerate().skip(1) {
                    let next = add((hard, ace), c).map_or([1.0, 0.0, 0.0, 0.0], |(h, a)| v[h as usize][a as usize]);
                    for i in 0..4 {
                        r[i] += pc * next[i];
                    }
                }
                r.map(|x| x / (1.0 - p[0]))
            };
        }
    }
    v
}

/// What the hard level counts a card its hits take from its queue as worth, in cards. The
/// exact price is 1 (a card lost when the round is lost), and at that price the hard level
/// wins most against three normal bots (58.1% ± 2.2 over 2,000 games), but a table of hard bots
/// then passes on nearly every first card: four of them played 553 rounds a game (2,353 actions,
/// 20 minutes at the page's pace) where four normal bots play 94 (681). At 0.75 the hard level
/// still wins 53.1% ± 2.2 against three normal, and four hard bots play 165 rounds (1,014 actions).
/// (`cargo bench --bench uno_tournament`, measured with each price.)
const HIT_PRICE: f64 = 0.75;

/// The most hits the model looks ahead.
const LOOKAHEAD: usize = 12;

/// What passing now and hitting now are worth to the seat, in cards: its share of the round's
/// reward (every stack of the round, its own included, as far as the deck and trash can pay)
/// times the chance of winning it, less [`HIT_PRICE`] for each card its hits take from its
/// queue. A pass keeps the total; a hit is followed by the best play on. Those who passed keep
/// their totals, and each player still hitting chases the seat's final total ([`chaser`]).
/// Cards are what the game is won with: the last queue standing wins.
pub fn round_values(view: &UnoView) -> (f64, f64) {
    let Some(p) = draw_chances(view) else {
        return (0.0, 0.0);
    };
    let skip = view.skip_value;
    let me = view.seat as usize;
    let mut best_passed = 0;
    let mut hitting: Vec<Hand> = Vec::new();
    for s in (0..view.stacks.len()).filter(|&s| s != me && !view.busted[s] && !view.stacks[s].is_empty()) {
        if view.passed[s] {
            best_passed = best_passed.max(view.total(s as u8));
        } else {
            hitting.push(hand_of(&view.stacks[s], skip));
        }
    }
    // Cards of the round so far: every stack, and the busted stacks already collected.
    let held: u32 =
        view.queue_sizes.iter().map(|&q| q as u32).sum::<u32>() + view.deck as u32 + view.trash.len() as u32;
    let pot = (view.total_cards as u32).saturating_sub(held) as f64;
    let payable = (view.deck as usize + view.trash.len()) as f64;
    // Standing on each total: the chance of winning (a shared win counting its share) and the
    // cards the chasers are expected to add to the pot.
    let mut stand = [(0.0, 0.0); 22];
    for t in best_passed..=21 {
        let chase = chaser(&p, t);
        let (mut ties, mut extra) = (vec![1.0], 0.0);
        for &(h, a) in &hitting {
            let [below, level, _, cards] = chase[h as usize][a as usize];
            extra += cards;
            let mut next = vec![0.0; ties.len() + 1];
            for (k, &q) in ties.iter().enumerate() {
                next[k] += q * below;
                next[k + 1] += q * level;
            }
            ties = next;
        }
        let fixed = (0..view.stacks.len())
            .filter(|&s| s != me && !view.busted[s] && view.passed[s] && view.total(s as u8) == t)
            .count();
        stand[t as usize] = (ties.iter().enumerate().map(|(k, q)| q / (k + fixed + 1) as f64).sum(), extra);
    }
    let queue = view.queue_sizes[me] as usize;
    let worth = |t: u8, hits: usize| {
        let (win, extra) = stand[t as usize];
        win * (pot + hits as f64 + extra).min(payable) - HIT_PRICE * hits.min(queue) as f64
    };
    // best[k][hand]: the value of a hand reached after k more hits, playing on at its best.
    let mut best = vec![[[0.0f64; 2]; 22]; LOOKAHEAD + 1];
    let bust = |k: usize| -HIT_PRICE * (k.min(queue) as f64);
    for k in (0..=LOOKAHEAD).rev() {
        for hard in 0..=21u8 {
            for ace in [false, true] {
                let h = (hard, ace);
                let mut v = worth(hand_total(h), k);
                if k < LOOKAHEAD {
                    let hit: f64 = p
                        .iter()
                        .enumerate()
                        .map(|(c, &pc)| {
                            pc * add(h, c).map_or(bust(k + 1), |(hd, a)| best[k + 1][hd as usize][a as usize])
                        })
                        .sum();
                    v = v.max(hit);
                }
                best[k][hard as usize][ace as usize] = v;
            }
        }
    }
    let h = hand_of(&view.stacks[me], skip);
    let pass = worth(hand_total(h).min(21), 0);
    let hit = p
        .iter()
        .enumerate()
        .map(|(c, &pc)| pc * add(h, c).map_or(bust(1), |(hd, a)| best[1][hd as usize][a as usize]))
        .sum();
    (pass, hit)
}

/// How long a bot takes over a move at UNO Blackjack (ms, before the player's bot pace): on the
/// UNO page and at a table with friends, where the host's worker plays the bots' seats.
pub const BOT_MS: u32 = 500;

/// How long a round's result stays on the table before the next round is revealed by itself
/// (ms): long enough to read the winner, the total and who is out, short enough that a game of
/// some 85 rounds does not spend minutes waiting (on the UNO page the player may lengthen it,
/// and a tap on Reveal goes on sooner; at a table with friends the host's worker reveals it).
pub const ROUND_SHOWN_MS: u32 = 2500;

/// Hit or pass. `jitter` in [0, 1) comes from the bot's seeded generator.
pub fn decide(view: &UnoView, level: Level, jitter: f64) -> Action {
    let seat = view.seat;
    let Phase::Match { turn } = view.phase else {
        return Action::Reveal;
    };
    debug_assert_eq!(turn, seat);
    let me = view.total(seat);
    let p_bust = bust_probability(view);
    let best_passed = best_passed(view);
    let hit = match level {
        Level::Random => jitter < 0.5,
        // Hits to a fixed mark, give or take.
        Level::Easy => (me as f64) < 14.0 + 4.0 * jitter,
        // Dealer-like, but will chase a total that already beats it.
        Level::Normal => (me < best_passed && p_bust < 0.9) || (me < 17 && p_bust < 0.5),
        // Weighs the exact chance of winning the round by passing now against hitting and then
        // playing on as well as it can, with the others still hitting expected to chase its total.
        Level::Hard => {
            let (pass, hit) = round_values(view);
            hit > pass
        }
    };
    let can_hit = view.queue_sizes[seat as usize] > 0 || view.deck > 0 || !view.trash.is_empty();
    if hit && can_hit && p_bust < 1.0 {
        Action::Hit { seat }
    } else {
        Action::Pass { seat }
    }
}

/// The jitter a bot gets for the move at `at` (the length of the action log) of the game dealt
/// with `seed`: the UNO page draws it this way, so a tournament plays the page's games.
pub fn jitter(seed: u64, at: usize) -> f64 {
    GameRng::new(seed ^ (at as u64).wrapping_mul(0x9e37_79b9)).unit()
}

/// One game of UNO Blackjack played to the end by bots (the tournament benchmark and tests).
pub struct UnoTableResult {
    /// The game as it ended (its log replays it).
    pub game: Game,
    /// The game's winners: one seat, or those sharing the win (nobody left with a queue, or the
    /// round limit reached with equal queues).
    pub winners: Vec<Seat>,
    /// (seat, nanoseconds) for each decision where hitting was allowed (for timing reports).
    pub decide_ns: Vec<(Seat, u64)>,
}

/// Plays `game` to the end with `levels[seat]` at each seat, as the UNO page's `auto_action`
/// does: the seat whose turn it is decides from its own view with the page's jitter, a waiting
/// seat joins at the start of the second round or later, and every other round starts at once.
/// `clock` only measures decision time (the bots never see it); pass `|| 0` where not wanted.
pub fn play_out(mut game: Game, levels: &[Level], clock: &mut dyn FnMut() -> u64) -> UnoTableResult {
    assert_eq!(levels.len(), game.players().len(), "one level per seat");
    let seed = game.seed();
    let mut decide_ns = Vec::new();
    loop {
        let action = match game.phase() {
            Phase::Over { winners } => {
                let winners = winners.clone();
                return UnoTableResult { game, winners, decide_ns };
            }
            Phase::Match { turn } => {
                let turn = *turn;
                let view = game.view(turn);
                let t0 = clock();
                let a = decide(&view, levels[turn as usize], jitter(seed, game.log().len()));
                let t = clock().saturating_sub(t0);
                if game.legal_actions().len() > 1 {
                    decide_ns.push((turn, t));
                }
                a
            }
            Phase::RoundStart => {
                let join = game.legal_actions().into_iter().find(|a| matches!(a, Action::Join { .. }));
                join.filter(|_| game.round() >= 1).unwrap_or(Action::Reveal)
            }
        };
        game.apply(action).unwrap_or_else(|e| panic!("a bot chose an illegal action: {e}"));
    }
}
