//! UNO Blackjack players: hit or pass from what the seat can see. The cards not yet seen are
//! the full deck minus every stack and the trash (all face up at a real table), so the chance
//! that the next card busts is exact for what the seat knows, never a peek at a queue.

use super::shedding::Level;
use crate::engine::rng::GameRng;
use crate::engine::uno::{total, uno_decks, Action, Game, Phase, Seat, UnoCard, UnoView};

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

/// The best total among the others still in the round who can no longer change it (passed),
/// and whether anyone else is still hitting.
fn table_state(view: &UnoView) -> (u8, bool) {
    let mut best_passed = 0;
    let mut others_hitting = false;
    for s in 0..view.stacks.len() {
        if s == view.seat as usize || view.busted[s] || view.stacks[s].is_empty() {
            continue;
        }
        if view.passed[s] {
            best_passed = best_passed.max(view.total(s as u8));
        } else {
            others_hitting = true;
        }
    }
    (best_passed, others_hitting)
}

/// Hit or pass. `jitter` in [0, 1) comes from the bot's seeded generator.
pub fn decide(view: &UnoView, level: Level, jitter: f64) -> Action {
    let seat = view.seat;
    let Phase::Match { turn } = view.phase else {
        return Action::Reveal;
    };
    debug_assert_eq!(turn, seat);
    let me = view.total(seat);
    let p_bust = bust_probability(view);
    let (best_passed, others_hitting) = table_state(view);
    let hit = match level {
        Level::Random => jitter < 0.5,
        // Hits to a fixed mark, give or take.
        Level::Easy => (me as f64) < 14.0 + 4.0 * jitter,
        // Dealer-like, but will chase a total that already beats it.
        Level::Normal => (me < best_passed && p_bust < 0.9) || (me < 17 && p_bust < 0.5),
        // Must beat the best finished total; otherwise hit while the chance of improving
        // without busting outweighs the risk, more boldly when others may still pass it.
        Level::Hard => {
            if me < best_passed {
                p_bust < 1.0
            } else {
                let threshold = if others_hitting { 0.45 } else { 0.3 };
                p_bust < threshold && me < 20
            }
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
