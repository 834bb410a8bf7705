//! The shedding table: opponents, pile and stock, the player's hand as card buttons, the
//! controls, and the game log. Effects run the bots (each on a timer of its own reaction time),
//! the human's quick-play clock, and the autosave; every timer is dropped (cancelled) when the
//! state changes, and anything that fires late is dropped by the reducer's state-id check.

use super::state::{Msg, TableState, HUMAN, SAVE_KEY, SAVE_VERSION};
use crate::bots::ismcts::Search;
use crate::bots::shedding::SheddingBot;
use crate::engine::cards::Suit;
use crate::engine::shedding::{Action, Event, Infringement, Phase, Phrase, Seat};
use crate::ui::components::card::{CardStyle, CardView};
use crate::ui::settings::Settings;
use crate::ui::storage;
use gloo_timers::callback::Timeout;
use std::cell::Cell;
use std::cell::RefCell;
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

/// The hard bot's search budget in the page: sized so a move's total search time stays under
/// 50 ms at the 95th percentile in Chromium (measured by tests/e2e/shedding.test.mjs), while
/// the tournament still measures it above 30% against three normal bots.
const PAGE_SEARCH_ITERATIONS: u32 = 400;

/// Runs a hard bot's search in chunks, yielding to the browser between them, then plays the
/// move after the bot's reaction time. It gives up as soon as the game state moves on.
fn think(
    mut search: Search,
    delay_ms: u32,
    dispatcher: UseReducerDispatcher<TableState>,
    at: u32,
    generation: Rc<Cell<u32>>,
) {
    let mine = generation.get();
    spawn_local(async move {
        let perf = web_sys::window().and_then(|w| w.performance());
        let now = || perf.as_ref().map_or(0.0, |p| p.now());
        let started = now();
        let (mut busy, mut longest) = (0.0f64, 0.0f64);
        while !search.finished() {
            let t0 = now();
            search.run(SEARCH_CHUNK);
            let spent = now() - t0;
            busy += spent;
            longest = longest.max(spent);
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
                "bj-search iterations={} busy_us={} longest_chunk_us={}",
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

/// Moves keyboard focus to the next (or previous) card in the hand.
fn move_focus(forward: bool) {
    let Some(active) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element()) else { return };
    let Some(item) = active.parent_element() else { return };
    let next = if forward { item.next_element_sibling() } else { item.previous_element_sibling() };
    if let Some(button) =
        next.and_then(|li| li.first_element_child()).and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = button.focus();
    }
}

/// The quick-play clock for this game, scaled by the player's setting; `None` when off.
fn clock_ms(game: &crate::engine::shedding::Game, scale: Option<u8>) -> Option<u32> {
    game.rules().spec().clock_ms.zip(scale).map(|(ms, k)| ms * k as u32)
}

/// The clock as a ring that empties over `ms` (keyed by state id, so it restarts each move).
fn clock_ring(ms: Option<u32>, at: u32) -> Html {
    match ms {
        Some(ms) => {
            html! { <span class="clock-ring" key={format!("c{at}")} style={format!("animation-duration: {ms}ms")} aria-hidden="true"></span> }
        }
        None => Html::default(),
    }
}

pub fn phrase_text(names: &[String], p: Phrase) -> String {
    match p {
        Phrase::Sorry => "Sorry!".into(),
        Phrase::YourTurn(s) => format!("Your turn, {}", names[s as usize]),
        Phrase::WellPlayed => "Well played".into(),
        Phrase::Hurry => "Hurry up!".into(),
    }
}

#[derive(Properties)]
pub struct TableProps {
    /// The state to start from (a new deal or a restored save); key the component by game.
    pub initial: Rc<TableState>,
    pub settings: Settings,
    pub on_leave: Callback<()>,
    /// The player switched the hand's order (by rank or by suit): the page keeps it in settings.
    #[prop_or_default]
    pub on_sort: Callback<bool>,
}

/// Props compare by identity: a new deal or restore is a new `Rc`, and deep-comparing two
/// games on every render would cost time and download size for nothing.
impl PartialEq for TableProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.initial, &other.initial)
            && self.settings == other.settings
            && self.on_leave == other.on_leave
            && self.on_sort == other.on_sort
    }
}

#[component]
pub fn SheddingTable(props: &TableProps) -> Html {
    let state = {
        let initial = props.initial.clone();
        use_reducer(move || (*initial).clone())
    };
    let game = &state.game;
    let at = game.state_id();
    let view = game.view(HUMAN);
    let style = CardStyle { four_colour: props.settings.four_colour, high_contrast: props.settings.high_contrast };
    let callout_open = use_state(|| false);

    // Bots: one seeded bot per seat, kept across renders (their generators move on).
    let bots = {
        let levels = state.setup.levels.clone();
        let seed = state.bot_seed;
        use_mut_ref(move || {
            levels
                .iter()
                .enumerate()
                .map(|(s, l)| l.map(|l| SheddingBot::new(s as Seat, l, seed).with_iterations(PAGE_SEARCH_ITERATIONS)))
                .collect::<Vec<_>>()
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
    {
        let state = state.clone();
        let bots = bots.clone();
        let timers = timers.clone();
        let clock_scale = props.settings.clock_scale.filter(|_| *visible);
        let pace = props.settings.bot_pace.max(1) as u32;
        use_effect_with((at, *visible), move |_| {
            timers.borrow_mut().clear();
            let game = &state.game;
            if !game.is_over() {
                for bot in bots.borrow_mut().iter_mut().flatten() {
                    let view = game.view(bot.seat);
                    let decision = match bot.table_decision(&view) {
                        Some(d) => Some(d),
                        None => match bot.start_search(&view) {
                            // The hard level thinks in chunks so the page never freezes.
                            Some(search) => {
                                let delay = bot.turn_delay(&view) / pace;
                                think(search, delay, state.dispatcher(), at, search_generation.clone());
                                None
                            }
                            None => bot.decide(&view),
                        },
                    };
                    if let Some(d) = decision {
                        let dispatcher = state.dispatcher();
                        timers.borrow_mut().push(Timeout::new(d.delay_ms / pace, move || {
                            dispatcher.dispatch(Msg::Act { action: d.action, at })
                        }));
                    }
                }
                // The quick-play clock for the human player.
                if let Some(ms) = clock_ms(game, clock_scale) {
                    if game.current() == HUMAN {
                        let dispatcher = state.dispatcher();
                        timers.borrow_mut().push(Timeout::new(ms, move || {
                            dispatcher.dispatch(Msg::Act { action: Action::Timeout { seat: HUMAN }, at })
                        }));
                    }
                }
            }
            storage::save(SAVE_KEY, SAVE_VERSION, &state.stored());
            if let Some(winner) = game.winner() {
                crate::ui::stats::record(
                    state.setup.preset,
                    format!("{}.{}", game.seed(), game.state_id()),
                    winner == HUMAN,
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

    let act = {
        let state = state.clone();
        move |action: Action| {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Msg::Act { action, at }))
        }
    };
    let my_turn = view.is_my_turn();
    let legal = &view.legal;
    let penalises_wrong = game.rules().spec().penalties.wrong_card.is_some();
    let pick_up = legal.iter().copied().find(|a| matches!(a, Action::Draw { .. } | Action::Pass { .. }));
    let finish = legal.iter().copied().find(|a| matches!(a, Action::Finish { .. }));
    let naming = my_turn && view.turn.awaiting_suit;
    let pick_up_label = match (pick_up, view.pending) {
        (Some(Action::Pass { .. }), _) => "Pick up (nothing to draw: pass)".to_string(),
        (_, Some(p)) if my_turn => format!("Pick up {}", p.cards),
        _ => "Pick up".to_string(),
    };
    let players = game.players();
    let over = match view.phase {
        Phase::Over { winner } => Some(winner),
        Phase::Playing => None,
    };
    let accusable = game
        .rules()
        .spec()
        .last_card
        .is_some_and(|r| r.enforcement == crate::engine::shedding::rules::Enforcement::Accusation);
    let name = |s: Seat| state.name(s).to_string();
    // The engine keeps a hand by suit, then rank; the player may prefer rank, then suit.
    let by_rank = props.settings.sort_by_rank;
    let mut hand = view.hand.clone();
    if by_rank {
        hand.sort_unstable_by_key(|c| (c.rank, c.suit));
    }
    // The quick-play clock, as the active seat's ring (the engine only ever sees the timeout).
    let clock_ms = clock_ms(game, props.settings.clock_scale).filter(|_| over.is_none());
    let reversed = state.recent.iter().any(|e| matches!(e, Event::Reversed { .. }));
    // Open call-outs by others: the player may claim one was false (and pays if it was not).
    let disputable: Vec<_> = view.accusations.iter().filter(|a| a.open && a.accuser != HUMAN).cloned().collect();
    let direction = if view.clockwise { "Play goes left ↻" } else { "Play goes right ↺" };
    // Keyboard play: P pick up, L last card, F finished, H/D/C/S name a suit, arrows through the hand.
    let onkeydown = {
        let state = state.clone();
        let legal = legal.clone();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key().to_ascii_lowercase();
            let find = |f: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| f(a));
            let action = match key.as_str() {
                "p" => find(&|a| matches!(a, Action::Draw { .. } | Action::Pass { .. })),
                "f" => find(&|a| matches!(a, Action::Finish { .. })),
                "l" => Some(Action::CallLastCard { seat: HUMAN }),
                "h" | "d" | "c" | "s" => find(
                    &|a| matches!(a, Action::NameSuit { suit, .. } if suit.letter().to_ascii_lowercase().to_string() == key),
                ),
                "arrowleft" | "arrowright" => {
                    move_focus(key == "arrowright");
                    None
                }
                _ => None,
            };
            if let Some(action) = action {
                e.prevent_default();
                state.dispatch(Msg::Act { action, at });
            }
        })
    };

    html! {
        <section class={classes!("table", props.settings.reduce_motion.then_some("reduce-motion"))} aria-label="Card table" {onkeydown}>
            <div class="table-head">
                <h2>{ game.rules().spec().name.clone() }</h2>
                if let Some(target) = view.target {
                    <p class="scores">{ format!("Round {} · to {target}: ", view.round + 1) }
                        { for (0..players).map(|s| html! { <span>{ format!("{} {} ", name(s), view.scores[s as usize]) }</span> }) }
                    </p>
                }
                <a class="share" href={state.setup.fragment()}>{"Link to this deal"}</a>
                <button onclick={props.on_leave.reform(|_| ())}>{"Menu"}</button>
            </div>
            <ul class="opponents" aria-label="Players">
                { for (1..players).map(|s| {
                    let active = view.current == s && over.is_none();
                    let called = view.calls[s as usize].called;
                    let drew = state.recent.iter().any(|e| matches!(e, Event::Drew { seat, .. } | Event::Penalty { seat, .. } if *seat == s));
                    let skipped = state.recent.iter().any(|e| matches!(e, Event::Skipped { seat } if *seat == s));
                    html! {
                        // Keyed by state id, so an animation plays again on the next event.
                        <li key={format!("{s}.{at}")} class={classes!("seat", active.then_some("active"), (!view.in_round[s as usize]).then_some("sitting-out"),
                                drew.then_some("drew"), skipped.then_some("skipped"))}
                            aria-current={active.then_some("true")}>
                            <span class="seat-name">{ name(s) }</span>
                            if active { { clock_ring(clock_ms, at) } }
                            <span class="seat-count">{ format!("{} cards", view.hand_sizes[s as usize]) }</span>
                            if called { <span class="badge">{"Last card!"}</span> }
                            if view.finished.contains(&s) { <span class="badge">{"Out"}</span> }
                        </li>
                    }
                }) }
            </ul>
            <div class="centre">
                <div class="pile" role="img" aria-label={format!("Top card: {}", view.top().name())}>
                    <div class="laid" key={view.pile.len().to_string()}><CardView card={Some(view.top())} style={style} /></div>
                </div>
                <div class="stock" role="img" aria-label={format!("Stock: {} cards", view.stock_len)}>
                    <CardView card={None} />
                    <span>{ view.stock_len }</span>
                </div>
                <div class="status">
                    <p class={classes!(reversed.then_some("reversed"))} key={format!("d{at}")}>{ direction }</p>
                    if let Some(s) = view.called_suit { <p>{ format!("Suit called: {}", s.name()) }</p> }
                    if let Some(p) = view.pending { <p class="pending" key={format!("p{}", p.cards)}>{ format!("+{}", p.cards) }</p> }
                    <p class={classes!("turn", my_turn.then_some("mine"))}>
                        if my_turn { { clock_ring(clock_ms, at) } }
                        { match over { Some(w) => format!("{} won!", name(w)), None if my_turn => "Your turn".to_string(), None => format!("{}'s turn", name(view.current)) } }
                    </p>
                </div>
            </div>
            if let Some(text) = state.notice.clone() {
                <p class="refusal" role="status">{ text }</p>
            }
            if naming {
                <div class="suit-picker" role="group" aria-label="Name a suit">
                    { for Suit::ALL.iter().map(|&suit| html! {
                        <button onclick={act(Action::NameSuit { seat: HUMAN, suit })}>{ suit.name() }</button>
                    }) }
                </div>
            }
            <div class="controls">
                <button disabled={pick_up.is_none()} onclick={pick_up.map(&act).unwrap_or_default()}>{ pick_up_label }</button>
                if finish.is_some() {
                    <button onclick={finish.map(&act).unwrap_or_default()}>{"Finished"}</button>
                }
                if game.rules().spec().last_card.is_some() {
                    <button class="last-card" onclick={act(Action::CallLastCard { seat: HUMAN })}>{"Last card"}</button>
                }
                if accusable {
                    <button aria-expanded={(*callout_open).to_string()} onclick={{ let o = callout_open.clone(); Callback::from(move |_| o.set(!*o)) }}>{"Call out"}</button>
                }
            </div>
            if *callout_open && accusable {
                <div class="callout" role="group" aria-label="Call out a player who did not say Last card">
                    { for (1..players).map(|s| html! {
                        <button onclick={act(Action::Accuse { seat: HUMAN, target: s, infringement: Infringement::MissedLastCard })}>{ format!("{} missed Last card", name(s)) }</button>
                    }) }
                </div>
            }
            if !disputable.is_empty() {
                <div class="disputes" role="group" aria-label="Call-outs you can dispute">
                    { for disputable.iter().map(|a| html! {
                        <button onclick={act(Action::Dispute { seat: HUMAN, accusation: a.id })}>
                            { format!("Dispute: {} called out {}", name(a.accuser), name(a.target)) }
                        </button>
                    }) }
                </div>
            }
            <button class="sort" onclick={props.on_sort.reform(move |_: MouseEvent| !by_rank)}>{ if by_rank { "Sort by suit" } else { "Sort by rank" } }</button>
            <ul class="hand" aria-label="Your hand">
                { for hand.iter().enumerate().map(|(i, &card)| {
                    let playable = legal.contains(&Action::Play { seat: HUMAN, card });
                    let disabled = !playable && !penalises_wrong;
                    // Keyed by card (and copy, with two decks): a card picked up mounts and slides in.
                    let copy = hand[..i].iter().filter(|&&c| c == card).count();
                    html! {
                        <li key={format!("{card}.{copy}")}>
                            <button class={classes!("hand-card", playable.then_some("playable"))} aria-label={card.name()}
                                aria-disabled={disabled.then_some("true")}
                                onclick={act(Action::Play { seat: HUMAN, card })}>
                                <CardView card={Some(card)} style={style} />
                            </button>
                        </li>
                    }
                }) }
            </ul>
            <div class="chat" role="group" aria-label="Say">
                { for [Phrase::WellPlayed, Phrase::Hurry, Phrase::Sorry, Phrase::YourTurn(view.current)].into_iter().filter(|p| *p != Phrase::YourTurn(HUMAN)).map(|p| html! {
                    <button class="chat-button" onclick={act(Action::Say { seat: HUMAN, phrase: p })}>{ phrase_text(&state.setup.names, p) }</button>
                }) }
            </div>
            <ul class="log" aria-live="polite" aria-label="Game log">
                { for state.log.iter().rev().take(8).map(|l| html! { <li>{ l.clone() }</li> }) }
            </ul>
        </section>
    }
}
