//! The replay page, `replay/`: a finished shedding game step by step (forward, back, to any
//! move, or played at a chosen speed; arrows, Home, End and space), as any seat saw it or with
//! every hand face up. Its own wasm module, without the bots. The table is the live table's own
//! view ([`use_table_view`]) drawn from the shown seat's screen, which `replay.rs` feeds the
//! seat's updates as play did. With no replay in its link, the page lists the last finished
//! games kept on this device.
//!
//! "Analyse my play" weighs each of the player's decisions in the search worker (the table
//! page's own `search_work` module), one at a time, from the player's view as it was then
//! (`replay::serve_judge`, in the worker: the view searched as `bots::work`'s `Job::Judge`). The
//! page only asks and draws (a progress bar, Cancel, a mark at each mistake's step and a
//! summary), so no task of its own is long. The results are kept with the game
//! (`replay::Analysis` in the kept games' record).

use super::components::card::{card_view, CardStyle};
use super::components::notice::notice as banner;
use super::kit::{not_a_shortcut, use_table_keys};
use super::page_frame::use_hash_change;
use super::replay::{self, hands, Analysis, Recent, Replay, RECENT_KEY, RECENT_VERSION};
use super::search_worker::SearchWorker;
use super::settings::Settings;
use super::shedding::link::preset_title;
use super::shedding::table::{use_table_view, TableView};
use super::storage;
use crate::bots::analysis::{self, Decision, Weighed};
use crate::bots::work::Reply;
use crate::engine::shedding::Seat;
use std::cell::RefCell;
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
            <p><a class="button primary" href="../">{"Choose a game"}</a></p>
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
    // The analysis kept with this game, if it has one.
    let analysis = {
        let replay = replay.clone();
        use_state(move || {
            storage::load::<Recent>(RECENT_KEY, RECENT_VERSION).ok().flatten().and_then(|r| r.analysis(&replay))
        })
    };
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
    // The mark of a mistake, at the step its move was made.
    let marked = now.step.checked_sub(1).and_then(|index| {
        let kept = analysis.as_ref()?.judged.iter().find(|k| k.index == index && k.is_mistake())?;
        Some(replay::mark(kept, replay.action(index)?))
    });
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
            <h2 class="replay-title">{ format!("Replay: {}", preset_title(setup.preset)) }</h2>
            // The step's line and the step controls: on a phone, a compact bar fixed at the foot
            // of the screen, so that the table above fits the first screen.
            <section class="replay-controls" aria-label="Replay">
                <div class="replay-now" role="status" aria-live="polite">
                    <p><strong>{ step_text }</strong>{ ": " }{ lines }</p>
                    if let Some(mark) = marked {
                        <p class="replay-mark">{ mark }</p>
                    }
                </div>
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
            </section>
            <section class="replay-options" aria-label="Replay options">
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
                <AnalysisPanel
                    replay={replay.clone()}
                    seat={first_person}
                    analysis={(*analysis).clone()}
                    on_done={{ let analysis = analysis.clone(); Callback::from(move |a: Analysis| analysis.set(Some(a))) }}
                    to_step={to_step.clone()} />
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

/// The search worker's module, the table page's own (`play/search_work_loader.js`).
const WORKER_URL: &str = "../play/search_work_loader.js";

/// A run of the analysis: the worker, the game, the decisions to weigh, the one asked about,
/// and those judged so far.
struct Run {
    worker: Option<SearchWorker>,
    replay: Rc<Replay>,
    seat: Seat,
    decisions: Vec<Decision>,
    next: usize,
    judged: Vec<Weighed>,
}

impl Run {
    fn ask(&self) {
        let (Some(worker), Some(d)) = (&self.worker, self.decisions.get(self.next)) else { return };
        worker.ask_judge(&replay::judge_request(&self.replay, self.seat, d.index));
    }
}

/// What a reply to a run comes to.
enum Step {
    /// Not a reply to the decision asked about (a stale or unknown one): nothing changes.
    Ignored,
    Asked(usize),
    Done(Analysis),
    Failed,
}

#[derive(Properties)]
struct AnalysisProps {
    replay: Rc<Replay>,
    /// The player's seat, whose decisions are weighed.
    seat: Seat,
    /// The analysis kept with the game.
    analysis: Option<Analysis>,
    on_done: Callback<Analysis>,
    to_step: Callback<usize>,
}

impl PartialEq for AnalysisProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.replay, &other.replay) && self.seat == other.seat && self.analysis == other.analysis
    }
}

/// "Analyse my play": runs the analysis (progress, Cancel), keeps it with the game, and shows its
/// summary: the accuracy and the three biggest mistakes, each a jump to its move.
#[component]
fn AnalysisPanel(props: &AnalysisProps) -> Html {
    let run: Rc<RefCell<Option<Run>>> = use_mut_ref(|| None);
    // (decisions weighed, decisions to weigh) while a run is on.
    let progress = use_state(|| None::<(usize, usize)>);
    let failed = use_state(|| false);
    {
        // Leaving the replay stops its run (the run's worker holds the run: it would not stop).
        let run = run.clone();
        use_effect_with((), move |_| move || drop(run.borrow_mut().take()));
    }
    let on_done = props.on_done.clone();
    let start = {
        let (run, progress, failed, replay, seat) =
            (run.clone(), progress.clone(), failed.clone(), props.replay.clone(), props.seat);
        Callback::from(move |_: MouseEvent| {
            failed.set(false);
            let decisions = replay.decisions(seat);
            if decisions.is_empty() {
                let done = Analysis { seat, judged: Vec::new() };
                replay::keep_analysis(&replay, &done);
                on_done.emit(done);
                return;
            }
            let total = decisions.len();
            let on_reply = {
                let (run, progress, failed, replay, on_done) =
                    (run.clone(), progress.clone(), failed.clone(), replay.clone(), on_done.clone());
                move |reply: Option<Reply>| {
                    let step = take_reply(&run, seat, reply);
                    match step {
                        Step::Ignored => {}
                        Step::Asked(n) => progress.set(Some((n, total))),
                        Step::Done(done) => {
                            replay::keep_analysis(&replay, &done);
                            progress.set(None);
                            on_done.emit(done);
                        }
                        Step::Failed => {
                            progress.set(None);
                            failed.set(true);
                        }
                    }
                }
            };
            let Some(worker) = SearchWorker::start_from(WORKER_URL, on_reply) else {
                failed.set(true);
                return;
            };
            let started =
                Run { worker: Some(worker), replay: replay.clone(), seat, decisions, next: 0, judged: Vec::new() };
            started.ask();
            // A run already on is dropped (its worker stopped) for the new one.
            drop(run.borrow_mut().replace(started));
            progress.set(Some((0, total)));
        })
    };
    let cancel = {
        let (run, progress) = (run.clone(), progress.clone());
        Callback::from(move |_: MouseEvent| {
            drop(run.borrow_mut().take());
            progress.set(None);
        })
    };
    let to_step = props.to_step.clone();
    let summary = props.analysis.as_ref().map(|a| {
        let mistakes = a.judged.iter().filter(|k| k.is_mistake()).count();
        let worst = analysis::biggest_mistakes(&a.judged, 3);
        let line = match analysis::accuracy(&a.judged) {
            _ if a.judged.is_empty() => "No decision to weigh: each move you made was the only one you could.".to_string(),
            Some(accuracy) => format!(
                "Accuracy {accuracy}%: your moves kept {accuracy}% of the best moves' chances. {} weighed, {} that gave up more than {}% of your chance.",
                super::plural(a.judged.len(), "decision"),
                super::plural(mistakes, "mistake"),
                analysis::MISTAKE_PM / 10,
            ),
            None => "No move had any chance left to win: nothing to weigh.".to_string(),
        };
        html! {
            <>
            <p class="analysis-summary">{ line }</p>
            if !worst.is_empty() {
                <h4>{"The biggest mistakes"}</h4>
                <ol class="analysis-mistakes">
                    { for worst.iter().filter_map(|k| {
                        let text = format!("Move {}: {}", k.index + 1, replay::mark(k, props.replay.action(k.index)?));
                        let to_step = to_step.clone();
                        let step = k.index + 1;
                        Some(html! { <li><button class="quiet" onclick={Callback::from(move |_| to_step.emit(step))}>{ text }</button></li> })
                    }) }
                </ol>
            }
            </>
        }
    });
    html! {
        <section class="replay-analysis" aria-labelledby="analysis-title">
            <h3 id="analysis-title">{"Analysis"}</h3>
            if let Some((done, total)) = *progress {
                <div class="analysis-progress">
                    <label for="analysis-progress">{ format!("Weighing your decisions: {done} of {total}") }</label>
                    <progress id="analysis-progress" max={total.to_string()} value={done.to_string()}>{ format!("{done} of {total}") }</progress>
                    <button onclick={cancel}>{"Cancel"}</button>
                </div>
            } else {
                <button class="primary" onclick={start}>{ if props.analysis.is_some() { "Analyse again" } else { "Analyse my play" } }</button>
            }
            if *failed {
                <p class="analysis-failed">{"The analysis cannot run in this browser: it could not start its helper. Try again, or in another browser."}</p>
            }
            { summary.unwrap_or_default() }
        </section>
    }
}

/// Takes the worker's reply into the run: the judgement of the decision asked about is kept and
/// the next is asked; the last makes the analysis. A worker that stopped ends the run. The run's
/// worker is dropped only after this reply's handler returns (it is that worker's listener).
fn take_reply(run: &RefCell<Option<Run>>, seat: Seat, reply: Option<Reply>) -> Step {
    let mut slot = run.borrow_mut();
    let Some(reply) = reply else {
        drop_later(slot.take());
        return Step::Failed;
    };
    let Some(r) = slot.as_mut() else { return Step::Ignored };
    let Some(asked) = r.decisions.get(r.next) else { return Step::Ignored };
    match reply {
        Reply::Judged { at, played, played_pm, best, best_pm }
            if at == asked.view.state_id && played == asked.played =>
        {
            r.judged.push(Weighed { index: asked.index, played_pm, best, best_pm });
        }
        // A decision the worker could not weigh is left out.
        Reply::Refused => {}
        _ => return Step::Ignored,
    }
    r.next += 1;
    if r.next < r.decisions.len() {
        r.ask();
        return Step::Asked(r.next);
    }
    let done = slot.take().map(|r| {
        let judged = r.judged.clone();
        drop_later(Some(r));
        Analysis { seat, judged }
    });
    done.map_or(Step::Ignored, Step::Done)
}

/// Drops a finished run once the current event is handled (see [`take_reply`]).
fn drop_later(run: Option<Run>) {
    if let Some(run) = run {
        gloo_timers::callback::Timeout::new(0, move || drop(run)).forget();
    }
}
