//! A table of bots playing one game to the end, as the page would run it: every seat decides
//! from its own view, the quickest reaction acts first, and a turn slower than the rules' clock
//! becomes a `Timeout`. Used by the tournament benchmark and by tests.

use super::ismcts::Ismcts;
use super::shedding::{Level, SheddingBot};
use crate::engine::rng::GameRng;
use crate::engine::shedding::{Action, Game, Seat, SeatView};

pub struct TableResult {
    pub winner: Seat,
    pub actions: usize,
    /// (seat, nanoseconds) for each turn decision with a real choice (for timing reports).
    pub decide_ns: Vec<(Seat, u64)>,
}

/// Plays `game` to the end with one bot per seat. `clock` measures decision time (the bots
/// never see it); pass `|| 0` where timing is not wanted.
pub fn play_out(game: Game, levels: &[Level], seed: u64, clock: &mut dyn FnMut() -> u64) -> TableResult {
    play_out_with(game, levels, seed, None, clock)
}

/// [`play_out`] with the hard level's search configured (`None`: the default).
pub fn play_out_with(
    game: Game,
    levels: &[Level],
    seed: u64,
    search: Option<&Ismcts>,
    clock: &mut dyn FnMut() -> u64,
) -> TableResult {
    play_out_watched(game, levels, seed, search, &mut |_, search, view, rng| Some(search.choose(view, rng)), clock)
}

/// What a hard bot's turn move is asked of in [`play_out_watched`]: the real game, the bot's
/// search configuration, its view and its generator.
pub type HardMove<'a> = &'a mut dyn FnMut(&Game, &Ismcts, &SeatView, &mut GameRng) -> Option<Action>;

/// [`play_out_with`], each hard bot's turn move asked of `hard`, which also sees the real game:
/// for the tournament's diagnoses only (a search dealt the true hands, to measure what better
/// deals could win; how often the model's deals fit). A bot in play never gets the game.
pub fn play_out_watched(
    mut game: Game,
    levels: &[Level],
    seed: u64,
    search: Option<&Ismcts>,
    hard: HardMove,
    clock: &mut dyn FnMut() -> u64,
) -> TableResult {
    let n = game.players() as usize;
    assert_eq!(levels.len(), n);
    let mut bots: Vec<SheddingBot> = (0..n)
        .map(|s| {
            let bot = SheddingBot::new(s as Seat, levels[s], seed.wrapping_mul(31).wrapping_add(s as u64));
            match search {
                Some(cfg) => bot.with_search(cfg.clone()),
                None => bot,
            }
        })
        .collect();
    let clock_ms = game.rules().spec().clock_ms;
    let mut decide_ns = Vec::new();
    let mut actions = 0;
    while !game.is_over() {
        let current = game.current();
        let mut best: Option<(u32, Action)> = None;
        for bot in bots.iter_mut() {
            let view = game.view(bot.seat);
            let choice = bot.seat == current && super::shedding::turn_actions(&view).len() > 1;
            let t0 = clock();
            let d = bot.decide_with(&view, |search, view, rng| hard(&game, search, view, rng));
            if choice {
                decide_ns.push((bot.seat, clock().saturating_sub(t0)));
            }
            if let Some(d) = d {
                if best.is_none_or(|(ms, _)| d.delay_ms < ms) {
                    best = Some((d.delay_ms, d.action));
                }
            }
        }
        let (ms, mut action) = best.expect("the current player always has a move");
        if let Some(limit) = clock_ms {
            if ms > limit && action.seat() == current {
                action = Action::Timeout { seat: current };
            }
        }
        let events = game.apply(action).unwrap_or_else(|e| panic!("a bot chose an illegal action: {e}"));
        actions += 1;
        // Penalties sometimes draw an apology: party behaviour, and it costs a card under Taylor.
        for e in events {
            if let crate::engine::shedding::Event::Penalty { seat, .. } = e {
                if !game.is_over() {
                    if let Some(say) = bots[seat as usize].after_penalty() {
                        let _ = game.apply(say);
                    }
                }
            }
        }
        assert!(actions < 100_000, "a bot game did not end");
    }
    TableResult { winner: game.winner().expect("over"), actions, decide_ns }
}
