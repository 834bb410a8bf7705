//! The other players at a shedding table and the clock: one seeded bot per seat, each deciding
//! from its own view on a timer of its reaction time (the hard level asking the search worker,
//! so the page never thinks), the player's quick-play clock, the autosave and the statistics.
//! Every timer is dropped when the state changes, and so is a search's answer that comes late;
//! anything that fires late is dropped by the reducer's state-id check.

use super::state::{Msg, TableState, SAVE_KEY, SAVE_VERSION};
use crate::bots::shedding::{Decision, SheddingBot, SEEN_MS};
use crate::bots::work::{Reply, Request, Taken};
use crate::engine::shedding::rules::CLOCK_GRACE_MS;
use crate::engine::shedding::{Action, Seat, SeatView};
use crate::ui::reducer::Reducer;
use crate::ui::search_worker::{SearchWorker, UNAVAILABLE};
use crate::ui::settings::Settings;
use crate::ui::storage;
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

type Timers = Rc<RefCell<Vec<Timeout>>>;

/// The hard bots' thinking: the table's search worker (started when a hard bot first has a move
/// to make), and the one search asked of it. A reply for any other state, or one that comes
/// after the state moved on, is dropped.
#[derive(Default)]
struct Thinking {
    worker: Option<SearchWorker>,
    /// The worker could not start or stopped: the hard bots play the normal move.
    failed: bool,
    asked: Option<Asked>,
}

struct Asked {
    view: SeatView,
    /// The search generation it was asked in (the state's: see `use_table_players`).
    generation: u32,
    /// Page time (ms) of the asking, and when the bot's reaction time is up.
    since: f64,
    due: f64,
}

fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// Plays `action` at state `at` once the page's clock reaches `due` (the bot's reaction time).
fn play_at(timers: &Timers, dispatcher: UseReducerDispatcher<Reducer<TableState>>, action: Action, at: u32, due: f64) {
    let wait = (due - now()).max(0.0) as u32;
    timers.borrow_mut().push(Timeout::new(wait, move || dispatcher.dispatch(Msg::Act { action, at })));
}

/// Says once that the hard bots play the normal move, from a task of its own: the table may
/// draw at once when told, and its effects ask for searches again.
fn tell_unavailable(dispatcher: UseReducerDispatcher<Reducer<TableState>>) {
    Timeout::new(0, move || dispatcher.dispatch(Msg::Notice(UNAVAILABLE.into()))).forget();
}

/// Asks the search worker for a hard bot's move (starting it the first time); the move is played
/// after the bot's reaction time, as the other levels' are. If the worker cannot start, the table
/// says so once and the bot plays the normal move.
fn think(
    thinking: &Rc<RefCell<Thinking>>,
    request: Request,
    delay_ms: u32,
    dispatcher: UseReducerDispatcher<Reducer<TableState>>,
    timers: &Timers,
    generation: &Rc<Cell<u32>>,
) {
    let since = now();
    let at = request.view.state_id;
    let mut t = thinking.borrow_mut();
    if t.worker.is_none() {
        let on_reply = {
            let (thinking, dispatcher, timers, generation) =
                (Rc::downgrade(thinking), dispatcher.clone(), timers.clone(), generation.clone());
            move |reply: Option<Reply>| answered(&thinking, reply, &dispatcher, &timers, &generation)
        };
        t.worker = SearchWorker::start(on_reply);
        if t.worker.is_none() {
            t.failed = true;
            tell_unavailable(dispatcher.clone());
        }
    }
    if let Some(worker) = t.worker.as_ref().filter(|_| !t.failed) {
        worker.ask(&request);
    } else if let Some(action) = SheddingBot::fallback_move(&request.view) {
        play_at(timers, dispatcher, action, at, since + delay_ms as f64);
        return;
    }
    t.asked = Some(Asked { view: request.view, generation: generation.get(), since, due: since + delay_ms as f64 });
}

/// A reply from the search worker (`None`: it could not start, or stopped).
fn answered(
    thinking: &Weak<RefCell<Thinking>>,
    reply: Option<Reply>,
    dispatcher: &UseReducerDispatcher<Reducer<TableState>>,
    timers: &Timers,
    generation: &Rc<Cell<u32>>,
) {
    let Some(thinking) = thinking.upgrade() else { return };
    let mut t = thinking.borrow_mut();
    if reply.is_none() && !t.failed {
        t.failed = true;
        tell_unavailable(dispatcher.clone());
    }
    let Some(asked) = t.asked.take_if(|a| a.generation == generation.get()) else { return };
    let at = asked.view.state_id;
    let action = match reply.as_ref().map(|r| r.take(&asked.view)) {
        Some(Taken::Stale) => {
            t.asked = Some(asked);
            return;
        }
        Some(Taken::Move(action)) => Some(action),
        // A reply that is no move of this seat's, or none at all: the normal move.
        Some(Taken::Refused) | None => SheddingBot::fallback_move(&asked.view),
    };
    // Measured in the page for the tests and the closing figures (console.debug, not an error):
    // the iterations and the wait from asking to the answer. Integer microseconds: float
    // formatting would add kilobytes to the download.
    let iterations = match reply {
        Some(Reply::Move { iterations, .. }) => iterations,
        _ => 0,
    };
    web_sys::console::debug_1(
        &format!(
            "bj-search worker={} iterations={iterations} wait_us={}",
            !t.failed as u8,
            ((now() - asked.since) * 1000.0) as u64
        )
        .into(),
    );
    if let Some(action) = action {
        play_at(timers, dispatcher.clone(), action, at, asked.due);
    }
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
    // level searches `bots::work::WORKER_ITERATIONS` a move in the search worker, as the
    // tournament measures it.
    let bots = {
        let levels = state.setup.levels.clone();
        let seed = state.bot_seed;
        use_mut_ref(move || {
            levels
                .iter()
                .enumerate()
                .map(|(s, l)| {
                    l.map(|l| {
                        SheddingBot::new(s as Seat, l, seed).with_iterations(crate::bots::work::WORKER_ITERATIONS)
                    })
                })
                .collect::<Vec<_>>()
        })
    };
    let timers: Timers = use_mut_ref(Vec::new);
    let thinking: Rc<RefCell<Thinking>> = use_mut_ref(Thinking::default);
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
                        None => match bot.search_request(&view).filter(|_| !thinking.borrow().failed) {
                            // The hard level thinks in the search worker, so the page never does.
                            Some(request) => {
                                let delay = (bot.turn_delay(&view) + SEEN_MS) / pace;
                                think(&thinking, request, delay, state.dispatcher(), &timers, &search_generation);
                                None
                            }
                            // A turn move also waits for the last one to be seen (see SEEN_MS).
                            // Without its worker the hard level plays the normal move.
                            None => bot
                                .decide_with(&view, |_, view, _| SheddingBot::fallback_move(view))
                                .map(|d| Decision { delay_ms: d.delay_ms + SEEN_MS, ..d }),
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
                    if state.setup.is_person(winner) { 1 } else { crate::ui::stats::place(game, 0) },
                    state.setup.shared,
                );
                crate::ui::replay::remember(&state.setup, game);
            }
            let generation = search_generation.clone();
            move || {
                timers.borrow_mut().clear();
                // A search's answer for this state is dropped when it comes.
                generation.set(generation.get().wrapping_add(1));
            }
        });
    }
}
