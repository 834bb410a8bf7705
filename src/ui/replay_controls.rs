//! The replay viewer's controls, shared by the replay pages of the shedding games (`replay/`),
//! UNO Blackjack (`replay/uno/`) and casino Blackjack (`replay/casino/`): the step shown, forward, back, to any move or played
//! at a chosen speed; arrows, Home, End and space; whose view; everything face up. Each page
//! draws its own live table's view from the step's screen beside them.

use super::kit::{not_a_shortcut, use_table_keys};
use super::page_frame::use_hash_change;
use super::replay::{broken, Recent, ReplayProblem, RECENT_VERSION};
use super::storage;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The speeds of Play: milliseconds a move, and their names.
const SPEEDS: [(u32, &str); 4] = [(2000, "Slow"), (1000, "Normal"), (500, "Quick"), (200, "Very quick")];

pub fn location_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

pub fn go(to: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign(to);
    }
}

/// The location's fragment, kept up to date: a game chosen from the list changes only the
/// fragment, and the page shows it without a reload.
#[hook]
pub fn use_hash() -> String {
    let hash = use_state(location_hash);
    {
        let hash = hash.clone();
        use_hash_change(move || hash.set(location_hash()));
    }
    (*hash).clone()
}

/// What the viewer's controls change.
#[derive(Clone, Copy, PartialEq)]
pub struct At {
    pub step: usize,
    pub seat: u8,
    pub playing: bool,
    pub speed: u32,
    pub face_up: bool,
}

/// The viewer's state and the moves of its controls.
#[derive(Clone)]
pub struct Stepper {
    pub at: UseStateHandle<At>,
    pub last: usize,
    pub to_step: Callback<usize>,
    pub toggle_play: Callback<()>,
}

/// The step shown (from the deal, seen by `first_seat`), Play's timer and the keys: the arrows
/// step, Home and End go to the deal and the end, space plays or pauses.
#[hook]
pub fn use_stepper(last: usize, first_seat: u8) -> Stepper {
    let at = use_state(|| At { step: 0, seat: first_seat, playing: false, speed: 1000, face_up: false });
    let now = *at;
    // A step stops Play; Play at the end starts again from the deal.
    let to_step = {
        let at = at.clone();
        Callback::from(move |n: usize| at.set(At { step: n.min(last), playing: false, ..*at }))
    };
    let toggle_play = {
        let at = at.clone();
        Callback::from(move |()| {
            let restart = !at.playing && at.step >= last;
            at.set(At { playing: !at.playing, step: if restart { 0 } else { at.step }, ..*at });
        })
    };
    {
        let at = at.clone();
        use_effect_with(now, move |now| {
            let timer = now.playing.then(|| {
                let now = *now;
                gloo_timers::callback::Timeout::new(now.speed, move || {
                    let step = (now.step + 1).min(last);
                    at.set(At { step, playing: step < last, ..now });
                })
            });
            move || drop(timer)
        });
    }
    {
        let (to_step, toggle_play) = (to_step.clone(), toggle_play.clone());
        use_table_keys(Callback::from(move |e: KeyboardEvent| {
            if not_a_shortcut(&e) {
                return;
            }
            let on_button = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|t| matches!(t.tag_name().as_str(), "BUTTON" | "A" | "SELECT" | "INPUT"));
            match e.key().as_str() {
                "ArrowRight" => to_step.emit(now.step + 1),
                "ArrowLeft" => to_step.emit(now.step.saturating_sub(1)),
                "Home" => to_step.emit(0),
                "End" => to_step.emit(last),
                // Space on a button presses the button.
                " " if !on_button => toggle_play.emit(()),
                _ => return,
            }
            e.prevent_default();
        }));
    }
    Stepper { at, last, to_step, toggle_play }
}

fn target_value(e: &Event) -> String {
    e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).map(|i| i.value()).unwrap_or_else(|| {
        e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()).map(|s| s.value()).unwrap_or_default()
    })
}

/// The controls beside the table (see [`controls_with`]), with nothing of the page's own.
pub fn controls(title: &str, s: &Stepper, lines: &str, seats: &[(u8, String)], face_up: &str) -> Html {
    controls_with(title, s, lines, Html::default(), seats, face_up, Html::default())
}

/// The page's title, then the step controls: the step and what its move did (announced, with
/// `note` under it: the analysis' mark at a mistake), the step buttons and the slider; then the
/// options: the speed, whose view (`seats`: each one's value and name), everything face up
/// (`face_up`: its label), the keys, and `extra` (the shedding page's analysis). On a phone the
/// step controls are a compact bar at the foot of the screen, so that the table fits above it,
/// and the options come after the table (replay.css).
pub fn controls_with(
    title: &str,
    s: &Stepper,
    lines: &str,
    note: Html,
    seats: &[(u8, String)],
    face_up: &str,
    extra: Html,
) -> Html {
    let (now, last) = (*s.at, s.last);
    let step_text = if now.step == 0 { "The deal".to_string() } else { format!("Move {} of {last}", now.step) };
    let button = |label: &'static str, text: &'static str, to: usize, off: bool| {
        let to_step = s.to_step.clone();
        html! {
            <button aria-label={label} disabled={off} onclick={Callback::from(move |_| to_step.emit(to))}>{text}</button>
        }
    };
    let set = |f: fn(&mut At, &str)| {
        let at = s.at.clone();
        Callback::from(move |e: Event| {
            let mut next = *at;
            f(&mut next, &target_value(&e));
            at.set(next);
        })
    };
    let on_jump = {
        let to_step = s.to_step.clone();
        Callback::from(move |e: Event| to_step.emit(target_value(&e).parse::<usize>().unwrap_or(0)))
    };
    html! {
        <>
        <h2 class="replay-title">{ title }</h2>
        <section class="replay-controls" aria-label="Replay">
            <div class="replay-now" role="status" aria-live="polite">
                <p><strong>{ step_text }</strong>{ ": " }{ lines }</p>
                { note }
            </div>
            <div class="replay-steps">
                { button("To the deal", "|◀", 0, now.step == 0) }
                { button("Back one move", "◀", now.step.saturating_sub(1), now.step == 0) }
                <button class="primary" onclick={s.toggle_play.reform(|_| ())}>{ if now.playing { "Pause" } else { "Play" } }</button>
                { button("Forward one move", "▶", (now.step + 1).min(last), now.step >= last) }
                { button("To the end", "▶|", last, now.step >= last) }
            </div>
            <label class="replay-jump">{"Move "}
                <input type="range" min="0" max={last.to_string()} value={now.step.to_string()} onchange={on_jump} />
            </label>
        </section>
        <section class="replay-options" aria-label="Replay options">
            <label>{"Speed "}
                <select onchange={set(|a, v| a.speed = v.parse().unwrap_or(1000))}>
                    { for SPEEDS.iter().map(|&(ms, name)| html! { <option value={ms.to_string()} selected={ms == now.speed}>{name}</option> }) }
                </select>
            </label>
            <label>{"Seen by "}
                <select onchange={set(|a, v| a.seat = v.parse().unwrap_or(0))}>
                    { for seats.iter().map(|(s, name)| html! { <option value={s.to_string()} selected={*s == now.seat}>{name}</option> }) }
                </select>
            </label>
            <label><input type="checkbox" checked={now.face_up} onchange={set(|a, _| a.face_up = !a.face_up)} />{ format!(" {face_up}") }</label>
            <p class="replay-keys">{"Keys: ← → a move, Home and End, space to play or pause."}</p>
            { extra }
        </section>
        </>
    }
}

/// The list of the last games kept on this device (`games`: each one's link and line), newest
/// first, or how games get there.
pub fn kept(title: &str, games: Vec<(String, String)>, others: Html) -> Html {
    html! {
        <section class="replays" aria-labelledby="replays-title">
            <h2 id="replays-title" class="section-title">{ title }</h2>
            if games.is_empty() {
                <p>{"No finished games yet: a game you finish is kept here to watch again."}</p>
            } else {
                <ol class="replay-list">
                    { for games.into_iter().map(|(href, text)| html! { <li><a {href}>{text}</a></li> }) }
                </ol>
            }
            { others }
        </section>
    }
}

/// The kept games read (each with its text, newest first) and what could not be read.
pub type KeptRead<R> = Rc<(Vec<(String, R)>, Option<String>)>;

/// The kept games under `key` that `read` reads (each with its text after the family's
/// `#replay=` prefix), newest first, and the page's notice: why the link opened (`opened`)
/// cannot be shown, else what of the kept games could not be read (a tampered save).
#[hook]
pub fn use_kept<R: 'static>(
    key: &'static str,
    read: fn(&str) -> Result<R, ReplayProblem>,
    opened: Option<ReplayProblem>,
) -> (KeptRead<R>, UseStateHandle<Option<String>>) {
    let list = use_memo((), move |_| {
        let (recent, problem) = storage::load_or_notice::<Recent>(key, RECENT_VERSION, "replays");
        let all: Vec<_> = recent.games.iter().map(|body| (body.clone(), read(body))).collect();
        let unreadable = all.iter().filter(|(_, r)| r.is_err()).count();
        let problem = problem.or_else(|| {
            (unreadable > 0).then(|| {
                let was = if unreadable == 1 { "was" } else { "were" };
                format!("{unreadable} of your kept games could not be read and {was} left out.")
            })
        });
        (all.into_iter().filter_map(|(body, r)| Some((body, r.ok()?))).collect(), problem)
    });
    let notice = use_state(|| None::<String>);
    {
        // A broken link is said once, in the notice; the list of kept games shows under it.
        let (notice, problem) = (notice.clone(), list.1.clone());
        use_effect_with(opened, move |opened| {
            let why = opened.as_ref().map(broken).or(problem);
            if why.is_some() {
                notice.set(why);
            }
        });
    }
    (list, notice)
}

/// Why a run of a replay's analysis in the search worker ended without its results.
#[derive(Copy, Clone, PartialEq)]
pub enum Stopped {
    /// The worker could not start, or stopped.
    Failed,
    /// The worker is of another build of the site than the page (an older one from a cache, or
    /// a newer one while this tab stayed open): only a reload brings the two together.
    Outdated,
}

/// What the analysis says when its run stopped short (nothing when it did not), the shedding and
/// casino replays alike.
pub fn stopped_notice(stopped: Option<Stopped>) -> Html {
    match stopped {
        None => Html::default(),
        Some(Stopped::Failed) => html! {
            <p class="analysis-failed">{"The analysis cannot run in this browser: it could not start its helper. Try again, or in another browser."}</p>
        },
        Some(Stopped::Outdated) => html! {
            <p class="analysis-failed" role="alert">
                {"The analysis needs this page reloaded: the site was updated since it opened. "}
                <button class="button" onclick={Callback::from(|_| reload())}>{"Reload the page"}</button>
            </p>
        },
    }
}

/// Loads the page again (the replay is in its address), with the worker of its build.
fn reload() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}
