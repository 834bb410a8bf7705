//! The other players at a shedding table and the clock: one seeded bot per seat, each deciding
//! from its own view on a timer of its reaction time (the hard level searching in chunks, so the
//! page never freezes), the player's quick-play clock, the autosave and the statistics. Every
//! timer is dropped when the state changes, and a search stops at its next chunk; anything that
//! fires late is dropped by the reducer's state-id check.

use super::state::{Msg, TableState, SAVE_KEY, SAVE_VERSION};
use crate::bots::ismcts::Search;
use crate::bots::shedding::{Decision, SheddingBot, SEEN_MS};
use crate::engine::shedding::rules::CLOCK_GRACE_MS;
use crate::engine::shedding::{Action, Seat};
use crate::ui::reducer::Reducer;
use crate::ui::settings::Settings;
use crate::ui::storage;
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::platform::spawn_local;
use yew::platform::time::sleep;
use yew::prelude::*;

/// Iterations per chunk of the hard bot's search: small enough that one chunk stays well under
/// the 50 ms a browser counts as a long task, even on a slow phone.
const SEARCH_CHUNK: u32 = 25;

/// Runs a hard bot's search in chunks, yielding to the browser between them, then plays the
/// move after the bot's reaction time. It gives up as soon as the game state moves on.
fn think(
    mut search: Search,
    delay_ms: u32,
    dispatcher: UseReducerDispatcher<Reducer<TableState>>,
    at: u32,
    generation: Rc<Cell<u32>>,
) {
    let mine = generation.get();
    spawn_local(async move {
        let perf = web_sys::window().and_then(|w| w.performance());
        let now = || perf.as_ref().map_or(0.0, |p| p.now());
        let started = now();
        let (mut busy, mut longest, mut chunks) = (0.0f64, 0.0f64, 0u32);
        while !search.finished() {
            let t0 = now();
            search.run(SEARCH_CHUNK);
            let spent = now() - t0;
            busy += spent;
            longest = longest.max(spent);
            chunks += 1;
            sleep(Duration::ZERO).await;
            if generation.get() != mine {
                return;
            }
        }
        // Measured in the page for the tests and the closing figures (console.debug, not an error).
        // Integer microseconds: float formatting would add kilobytes to the download.
        let us = |ms: f64| (ms * 1000.0) as u64;
        web_sys::console::debug_1(
            &format!(
                "bj-search iterations={} chunks={chunks} busy_us={} longest_chunk_us={}",
                search.iterations(),
                us(busy),
                us(longest)
            )
            .into(),
        );
        let waited = (now() - started) as u32;
        sleep(Duration::from_millis(delay_ms.saturating_sub(waited) as u64)).await;
        if generation.get() == mine {
            dispatcher.dispatch(Msg::Act { action: search.best(), at });
        }
    });
}

fn page_visible() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_none_or(|d| d.visibility_state() != web_sys::VisibilityState::Hidden)
}

/// The quick-play clock for this game, scaled by the player's setting; `None` when off.
pub fn clock_ms(spec: &crate::engine::shedding::RuleSpec, scale: Option<u8>) -> Option<u32> {
    spec.clock_ms.zip(scale).map(|(ms, k)| ms * k as u32)
}

/// Runs the table's bots and the player's clock for each new state (and when the page is shown
/// or hidden, or a round's summary closes), and saves the game.
#[hook]
pub fn use_table_players(state: &UseReducerHandle<Reducer<TableState>>, settings: &Settings, paused: bool) {
    let at = state.game.state_id();
    // Bots: one seeded bot per seat, kept across renders (their generators move on). The hard
    // level searches `bots::ismcts::PAGE_ITERATIONS` a move, as the tournament measures it.
    let bots = {
        let levels = state.setup.levels.clone();
        let seed = state.bot_seed;
        use_mut_ref(move || {
            levels.iter().enumerate().map(|(s, l)| l.map(|l| SheddingBot::new(s as Seat, l, seed))).collect::<Vec<_>>()
        })
    };
    let timers: Rc<RefCell<Vec<Timeout>>> = use_mut_ref(Vec::new);
    let search_generation: Rc<Cell<u32>> = (*use_memo((), |_| Rc::new(Cell::new(0u32)))).clone();
    // The clock pauses while the page is hidden: track visibility, and re-run the timers effect.
    let visible = use_state(page_visible);
    {
        let visible = visible.clone();
        use_effect_with((), move |_| {
            let listener = Closure::<dyn Fn()>::new(move || visible.set(page_visible()));
            let document = web_sys::window().and_then(|w| w.document());
            if let Some(d) = &document {
                let _ = d.add_event_listener_with_callback("visibilitychange", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(d) = document {
                    let _ =
                        d.remove_event_listener_with_callback("visibilitychange", listener.as_ref().unchecked_ref());
                }
            }
        });
    }
    let explained = settings.clock_explained;
    {
        let state = state.clone();
        let bots = bots.clone();
        let timers = timers.clone();
        let clock_scale = settings.clock_scale.filter(|_| *visible && explained);
        let pace = settings.bot_pace.max(1) as u32;
        use_effect_with((at, *visible, paused, explained), move |_| {
            timers.borrow_mut().clear();
            let game = &state.game;
            // Between the rounds of a match, the next deal waits until the summary is closed.
            if !game.is_over() && !paused {
                for bot in bots.borrow_mut().iter_mut().flatten() {
                    let view = game.view(bot.seat);
                    let decision = match bot.table_decision(&view) {
                        Some(d) => Some(d),
                        None => match bot.start_search(&view) {
                            // The hard level thinks in chunks so the page never freezes.
                            Some(search) => {
                                let delay = (bot.turn_delay(&view) + SEEN_MS) / pace;
                                think(search, delay, state.dispatcher(), at, search_generation.clone());
                                None
                            }
                            // A turn move also waits for the last one to be seen (see SEEN_MS).
                            None => bot.decide(&view).map(|d| Decision { delay_ms: d.delay_ms + SEEN_MS, ..d }),
                        },
                    };
                    if let Some(d) = decision {
                        let dispatcher = state.dispatcher();
                        timers.borrow_mut().push(Timeout::new(d.delay_ms / pace, move || {
                            dispatcher.dispatch(Msg::Act { action: d.action, at })
                        }));
                    }
                }
                // The quick-play clock of the person to move: its ring runs `ms`, and a tap in
                // flight as it ends still counts (the grace), so the timeout waits that much more.
                if let Some(ms) = clock_ms(game.rules().spec(), clock_scale) {
                    let seat = game.current();
                    if state.setup.is_person(seat) {
                        let dispatcher = state.dispatcher();
                        timers.borrow_mut().push(Timeout::new(ms + CLOCK_GRACE_MS, move || {
                            dispatcher.dispatch(Msg::Act { action: Action::Timeout { seat }, at })
                        }));
                    }
                }
            }
            storage::save(SAVE_KEY, SAVE_VERSION, &state.stored());
            if let Some(winner) = game.winner() {
                crate::ui::stats::record(
                    state.setup.preset,
                    format!("{}.{}", game.seed(), game.state_id()),
                    state.setup.is_person(winner),
                    state.setup.shared,
                );
            }
            let generation = search_generation.clone();
            move || {
                timers.borrow_mut().clear();
                // Searches for this state stop at their next chunk.
                generation.set(generation.get().wrapping_add(1));
            }
        });
    }
}
