//! The replay page, `replay/`: a finished shedding game step by step (forward, back, to any
//! move, or played at a chosen speed; arrows, Home, End and space), as any seat saw it or with
//! every hand face up. Its own wasm module, without the bots. The table is the live table's own
//! view ([`use_table_view`]) drawn from the shown seat's screen, which `replay.rs` feeds the
//! seat's updates as play did. With no replay in its link, the page lists the last finished
//! games kept on this device.

use super::components::card::{card_view, CardStyle};
use super::components::notice::notice as banner;
use super::kit::{not_a_shortcut, use_table_keys};
use super::page_frame::use_hash_change;
use super::replay::{self, hands, Recent, Replay, RECENT_KEY, RECENT_VERSION};
use super::settings::Settings;
use super::shedding::link::preset_title;
use super::shedding::table::{use_table_view, TableView};
use super::storage;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The speeds of Play: milliseconds a move, and their names.
const SPEEDS: [(u32, &str); 4] = [(2000, "Slow"), (1000, "Normal"), (500, "Quick"), (200, "Very quick")];

fn location_hash() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

fn go(to: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign(to);
    }
}

/// The location's fragment, kept up to date: a game chosen from the list changes only the
/// fragment, and the page shows it without a reload.
#[hook]
fn use_hash() -> String {
    let hash = use_state(location_hash);
    {
        let hash = hash.clone();
        use_hash_change(move || hash.set(location_hash()));
    }
    (*hash).clone()
}

#[component]
pub fn ReplayApp() -> Html {
    let loaded = use_memo((), |_| super::load_settings());
    let hash = use_hash();
    let opened = use_memo(hash.clone(), |h| Replay::parse(h));
    let notice = use_state(|| loaded.1.clone());
    {
        // A broken link is said once, in the notice; the list of kept games shows under it.
        let notice = notice.clone();
        use_effect_with(opened.clone(), move |opened| {
            if let Some(Err(why)) = &**opened {
                notice.set(Some(replay::broken(why)));
            }
        });
    }
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_| notice.set(None))
    };
    let body = match &*opened {
        Some(Ok(r)) => html! { <Viewer key={hash.clone()} replay={Rc::new(r.clone())} settings={loaded.0.clone()} /> },
        _ => html! { <Kept notice={notice.clone()} /> },
    };
    html! {
        <>
        { banner((*notice).clone(), dismiss) }
        <main>{body}</main>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct KeptProps {
    notice: UseStateHandle<Option<String>>,
}

/// The last finished games kept on this device, newest first, each a link to its replay.
#[component]
fn Kept(props: &KeptProps) -> Html {
    let read = use_memo((), |_| {
        let (recent, problem) = storage::load_or_notice::<Recent>(RECENT_KEY, RECENT_VERSION, "replays");
        let games: Vec<(String, Result<Replay, replay::ReplayProblem>)> =
            recent.games.iter().cloned().zip(recent.replays()).collect();
        (games, problem)
    });
    {
        let (notice, read) = (props.notice.clone(), read.clone());
        use_effect_with((), move |_| {
            let unreadable = read.0.iter().filter(|(_, r)| r.is_err()).count();
            let problem = read.1.clone().or_else(|| {
                (unreadable > 0).then(|| {
                    format!(
                        "{unreadable} of your kept games could not be read and {} left out.",
                        if unreadable == 1 { "was" } else { "were" }
                    )
                })
            });
            if notice.is_none() && problem.is_some() {
                notice.set(problem);
            }
        });
    }
    html! {
        <section class="replays" aria-labelledby="replays-title">
            <h2 id="replays-title" class="section-title">{"Replays of your last games"}</h2>
            if read.0.iter().any(|(_, r)| r.is_ok()) {
                <ol class="replay-list">
                    { for read.0.iter().filter_map(|(body, r)| Some((body, r.as_ref().ok()?))).map(|(body, r)| {
                        let s = r.setup();
                        let text = format!("{} · {} players · {} moves", preset_title(s.preset), s.players, r.len());
                        html! { <li><a href={format!("{}{body}", replay::PREFIX)}>{text}</a></li> }
                    }) }
                </ol>
            } else {
                <p>{"No finished games yet: a game you finish is kept here to watch again."}</p>
            }
            <p>
                <a class="button primary" href="../">{"Choose a game"}</a>{" "}
                <a class="button" href="uno/">{"UNO Blackjack replays"}</a>{" "}
                <a class="button" href="casino/">{"Casino Blackjack replays"}</a>
            </p>
        </section>
    }
}

#[derive(Properties)]
struct ViewerProps {
    replay: Rc<Replay>,
    settings: Settings,
}

impl PartialEq for ViewerProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.replay, &other.replay) && self.settings == other.settings
    }
}

/// What the viewer's controls change.
#[derive(Clone, Copy, PartialEq)]
struct At {
    step: usize,
    seat: u8,
    playing: bool,
    speed: u32,
    face_up: bool,
}

fn target_value(e: &Event) -> String {
    e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()).map(|i| i.value()).unwrap_or_else(|| {
        e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()).map(|s| s.value()).unwrap_or_default()
    })
}

#[component]
fn Viewer(props: &ViewerProps) -> Html {
    let replay = props.replay.clone();
    let last = replay.len();
    let first_person = replay.setup().persons().first().copied().unwrap_or(0);
    let at = use_state(|| At { step: 0, seat: first_person, playing: false, speed: 1000, face_up: false });
    let now = *at;
    let frame = {
        let replay = replay.clone();
        use_memo((now.seat, now.step), move |&(seat, step)| replay.frame(seat, step))
    };
    let set = |f: fn(&mut At, usize)| {
        let at = at.clone();
        Callback::from(move |n: usize| {
            let mut next = *at;
            f(&mut next, n);
            at.set(next);
        })
    };
    // A step stops Play; Play at the end starts again from the deal.
    let to_step = set(|a, n| *a = At { step: n, playing: false, ..*a });
    let toggle_play = {
        let at = at.clone();
        Callback::from(move |()| {
            let restart = !at.playing && at.step >= last;
            at.set(At { playing: !at.playing, step: if restart { 0 } else { at.step }, ..*at });
        })
    };
    // Play: the next move after the chosen time, until the end.
    {
        let at = at.clone();
        use_effect_with(now, move |now| {
            let timer = (now.playing).then(|| {
                let now = *now;
                gloo_timers::callback::Timeout::new(now.speed, move || {
                    let step = (now.step + 1).min(last);
                    at.set(At { step, playing: step < last, ..now });
                })
            });
            move || drop(timer)
        });
    }
    // Keyboard first: the arrows step, Home and End go to the deal and the end, space plays.
    {
        let (to_step, toggle_play) = (to_step.clone(), toggle_play.clone());
        use_table_keys(Callback::from(move |e: KeyboardEvent| {
            if not_a_shortcut(&e) {
                return;
            }
            let on_button = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .is_some_and(|t| matches!(t.tag_name().as_str(), "BUTTON" | "A"));
            match e.key().as_str() {
                "ArrowRight" => to_step.emit((now.step + 1).min(last)),
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
    let help_open = use_state(|| false);
    // A replay is checked whole when read (`Replay::new`): every step has a frame, so this
    // return never comes between one render's hooks and the next's.
    let Some(frame) = &*frame else { return Html::default() };
    let setup = replay.setup();
    let names = replay.names();
    let table = use_table_view(TableView {
        screen: &frame.screen,
        settings: &props.settings,
        covered: false,
        ring: None,
        help_open,
        link: (format!("../{}", setup.fragment()), "this deal"),
        others: Vec::new(),
        rules_href: format!("../rules/{}.html", setup.preset.id()),
        // A replay is watched, not played: the table's moves go nowhere.
        on_act: Callback::noop(),
        on_uncover: Callback::noop(),
        on_next_round: Callback::noop(),
        on_leave: Callback::from(|()| go("../")),
        on_sort: Callback::noop(),
        on_settings: Callback::noop(),
        // Play again deals these rules anew (the menu deals a table link and opens the table).
        on_play_again: {
            let link = format!("../{}", setup.rules_fragment());
            Callback::from(move |()| go(&link))
        },
        on_new_game: {
            let link = format!("../#new={}", setup.preset.id());
            Callback::from(move |()| go(&link))
        },
        friends_href: None,
        replay_href: None,
    });
    let lines = frame.lines().join(" ");
    let step_text = if now.step == 0 { "The deal".to_string() } else { format!("Move {} of {last}", now.step) };
    let button = |label: &'static str, text: &'static str, to: usize, off: bool| {
        let to_step = to_step.clone();
        html! {
            <button aria-label={label} disabled={off} onclick={Callback::from(move |_| to_step.emit(to))}>{text}</button>
        }
    };
    let on_jump = {
        let to_step = to_step.clone();
        Callback::from(move |e: Event| to_step.emit(target_value(&e).parse::<usize>().unwrap_or(0).min(last)))
    };
    let on_speed = {
        let at = at.clone();
        Callback::from(move |e: Event| at.set(At { speed: target_value(&e).parse().unwrap_or(1000), ..*at }))
    };
    let on_seat = {
        let at = at.clone();
        Callback::from(move |e: Event| at.set(At { seat: target_value(&e).parse().unwrap_or(0), ..*at }))
    };
    let on_face_up = {
        let at = at.clone();
        Callback::from(move |_: Event| at.set(At { face_up: !at.face_up, ..*at }))
    };
    let style = CardStyle { four_colour: props.settings.four_colour, high_contrast: props.settings.high_contrast };
    html! {
        <div class="replay">
            <section class="replay-controls" aria-label="Replay">
                <h2>{ format!("Replay: {}", preset_title(setup.preset)) }</h2>
                <p class="replay-now" role="status" aria-live="polite"><strong>{ step_text }</strong>{ ": " }{ lines }</p>
                <div class="replay-steps">
                    { button("To the deal", "|◀", 0, now.step == 0) }
                    { button("Back one move", "◀", now.step.saturating_sub(1), now.step == 0) }
                    <button class="primary" onclick={toggle_play.reform(|_| ())}>{ if now.playing { "Pause" } else { "Play" } }</button>
                    { button("Forward one move", "▶", (now.step + 1).min(last), now.step >= last) }
                    { button("To the end", "▶|", last, now.step >= last) }
                </div>
                <label class="replay-jump">{"Move "}
                    <input type="range" min="0" max={last.to_string()} value={now.step.to_string()} onchange={on_jump} />
                </label>
                <label>{"Speed "}
                    <select onchange={on_speed}>
                        { for SPEEDS.iter().map(|&(ms, name)| html! { <option value={ms.to_string()} selected={ms == now.speed}>{name}</option> }) }
                    </select>
                </label>
                <label>{"Seen by "}
                    <select onchange={on_seat}>
                        { for names.iter().enumerate().map(|(s, name)| html! { <option value={s.to_string()} selected={s == now.seat as usize}>{name}</option> }) }
                    </select>
                </label>
                <label><input type="checkbox" checked={now.face_up} onchange={on_face_up} />{" Every hand face up"}</label>
                <p class="replay-keys">{"Keys: ← → a move, Home and End, space to play or pause."}</p>
            </section>
            { table }
            if now.face_up {
                <section class="all-hands" aria-label="Every hand">
                    <h3>{"Every hand"}</h3>
                    <ul>
                        { for hands(&frame.game).into_iter().enumerate().map(|(s, cards)| html! {
                            <li>
                                <span class="hand-name">{ names.get(s).cloned().unwrap_or_default() }{ format!(": {} cards", cards.len()) }</span>
                                // A hand played out is its line alone (an image must name what it shows).
                                if !cards.is_empty() {
                                    <span class="hand-cards" role="img" aria-label={cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")}>
                                        { for cards.iter().map(|&c| card_view(Some(c), style, Classes::new())) }
                                    </span>
                                }
                            </li>
                        }) }
                    </ul>
                </section>
            }
        </div>
    }
}
