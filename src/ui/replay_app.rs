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
use super::replay::{self, hands, Analysis, Judgement, Recent, Replay, RECENT_KEY, RECENT_VERSION};
use super::replay_controls::{controls_with, go, kept, stopped_notice, use_hash, use_stepper, Stopped};
use super::search_worker::SearchWorker;
use super::settings::Settings;
use super::shedding::link::preset_title;
use super::shedding::table::{use_table_view, TableView};
use super::storage;
use crate::bots::analysis::{self, Weighed};
use crate::engine::shedding::Seat;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

#[component]
pub fn ReplayApp() -> Html {
    // A replay is watched, not played: no quick-play clock runs on its seats, and none is
    // explained over its felt (the table's first-clock note paused a default Taylor replay).
    let loaded = use_memo((), |_| {
        let (mut settings, notice) = super::load_settings();
        settings.clock_scale = None;
        (settings, notice)
    });
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
    let games = read
        .0
        .iter()
        .filter_map(|(body, r)| {
            let s = r.as_ref().ok()?.setup();
            let text = format!("{} · {} players · {} moves", preset_title(s.preset), s.players, r.as_ref().ok()?.len());
            Some((format!("{}{body}", replay::PREFIX), text))
        })
        .collect();
    kept(
        "Replays of your last games",
        games,
        html! {
            <p>
                <a class="button primary" href="../">{"Choose a game"}</a>{" "}
                <a class="button" href="uno/">{"UNO Blackjack replays"}</a>{" "}
                <a class="button" href="casino/">{"Casino Blackjack replays"}</a>
            </p>
        },
    )
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

#[component]
fn Viewer(props: &ViewerProps) -> Html {
    let replay = props.replay.clone();
    let last = replay.len();
    let first_person = replay.setup().persons().first().copied().unwrap_or(0);
    let stepper = use_stepper(last, first_person);
    let now = *stepper.at;
    // The analysis kept with this game, if it has one.
    let analysis = {
        let replay = replay.clone();
        use_state(move || {
            // Read as the list of kept games is (its notice, if any, is the list's to give).
            storage::load_or_notice::<Recent>(RECENT_KEY, RECENT_VERSION, "replays").0.analysis(&replay)
        })
    };
    let analysis_run = use_analysis(replay.clone(), first_person, analysis.clone());
    let frame = {
        let replay = replay.clone();
        use_memo((now.seat, now.step), move |&(seat, step)| replay.frame(seat, step))
    };
    let to_step = stepper.to_step.clone();
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
        share: None,
        faces: now.face_up.then(|| hands(&frame.game)),
    });
    let lines = frame.lines().join(" ");
    // The mark of a mistake, at the step its move was made.
    let marked = now.step.checked_sub(1).and_then(|index| {
        let kept = analysis.as_ref()?.judged.iter().find(|k| k.index == index && k.is_mistake())?;
        Some(replay::mark(kept, replay.action(index)?))
    });
    let seats: Vec<(u8, String)> = names.iter().enumerate().map(|(s, name)| (s as u8, name.clone())).collect();
    let style = CardStyle { four_colour: props.settings.four_colour, high_contrast: props.settings.high_contrast };
    html! {
        <div class="replay">
            { controls_with(
                &format!("Replay: {}", preset_title(setup.preset)),
                &stepper,
                &lines,
                marked.map(|mark| html! { <p class="replay-mark">{ mark }</p> }).unwrap_or_default(),
                &seats,
                "Every hand face up",
                analysis_panel(&replay, analysis.as_ref(), analysis_run, &to_step),
            ) }
            { table }
            // Every hand face up at a crowded table (nine seats or more): on a phone its seats
            // have no room for their cards, so they are listed under the felt (replay.css).
            if now.face_up && names.len() > 8 {
                <section class="all-hands every" aria-label="Every hand">
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

/// A run of the analysis: the worker, the game, the move from which the next decision is asked
/// for, and the decisions judged so far. Which moves were decisions the worker finds (the page
/// links no moves' generator): each reply names its move, and the next ask starts after it.
struct Run {
    worker: Option<SearchWorker>,
    replay: Rc<Replay>,
    seat: Seat,
    from: usize,
    judged: Vec<Weighed>,
}

impl Run {
    fn ask(&self) {
        if let Some(worker) = &self.worker {
            worker.ask_judge(&replay::judge_request(&self.replay, self.seat, self.from));
        }
    }
}

/// What a reply to a run comes to.
enum Step {
    /// No run is on (it was cancelled or is over): nothing changes.
    Ignored,
    /// The next decision is asked for, from this move on.
    Asked(usize),
    Done(Analysis),
    Stopped(Stopped),
}

/// The analysis' run as the viewer holds it: how far it is (the move weighed up to, while one
/// is on), why the last one stopped short, and its buttons.
struct AnalysisRun {
    progress: Option<usize>,
    failed: Option<Stopped>,
    start: Callback<MouseEvent>,
    cancel: Callback<MouseEvent>,
}

/// "Analyse my play" for the viewer's game: a run in the search worker, which keeps its result
/// with the game and hands it to `analysis` (the viewer's own hooks, not a component of its
/// own: a component's machinery costs the page's wasm more than the panel does).
#[hook]
fn use_analysis(replay: Rc<Replay>, seat: Seat, analysis: UseStateHandle<Option<Analysis>>) -> AnalysisRun {
    let run: Rc<RefCell<Option<Run>>> = use_mut_ref(|| None);
    let progress = use_state(|| None::<usize>);
    let failed = use_state(|| None::<Stopped>);
    {
        // Leaving the replay stops its run (the run's worker holds the run: it would not stop).
        let run = run.clone();
        use_effect_with((), move |_| move || drop(run.borrow_mut().take()));
    }
    let start = {
        let (run, progress, failed) = (run.clone(), progress.clone(), failed.clone());
        Callback::from(move |_: MouseEvent| {
            failed.set(None);
            let on_reply = {
                let (run, progress, failed, replay, analysis) =
                    (run.clone(), progress.clone(), failed.clone(), replay.clone(), analysis.clone());
                move |reply: Option<Judgement>| match take_reply(&run, reply) {
                    Step::Ignored => {}
                    Step::Asked(from) => progress.set(Some(from)),
                    Step::Done(done) => {
                        replay::keep_analysis(&replay, &done);
                        progress.set(None);
                        analysis.set(Some(done));
                    }
                    Step::Stopped(why) => {
                        progress.set(None);
                        failed.set(Some(why));
                    }
                }
            };
            // Every text is a reply: one this build cannot read is a worker of another build's.
            let read = |text: &str| Some(Judgement::read(text));
            let Some(worker) = SearchWorker::start_reading(WORKER_URL, read, on_reply) else {
                failed.set(Some(Stopped::Failed));
                return;
            };
            let started = Run { worker: Some(worker), replay: replay.clone(), seat, from: 0, judged: Vec::new() };
            started.ask();
            // A run already on is dropped (its worker stopped) for the new one.
            drop(run.borrow_mut().replace(started));
            progress.set(Some(0));
        })
    };
    let cancel = {
        let (run, progress) = (run.clone(), progress.clone());
        Callback::from(move |_: MouseEvent| {
            drop(run.borrow_mut().take());
            progress.set(None);
        })
    };
    AnalysisRun { progress: *progress, failed: *failed, start, cancel }
}

/// The analysis panel: "Analyse my play" (a progress bar and Cancel while it runs), then the
/// summary of the analysis kept with the game: the accuracy and the three biggest mistakes,
/// each a jump to its move.
fn analysis_panel(replay: &Replay, analysis: Option<&Analysis>, run: AnalysisRun, to_step: &Callback<usize>) -> Html {
    let total = replay.len();
    let summary = analysis.map(|a| {
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
                        let text = format!("Move {}: {}", k.index + 1, replay::mark(k, replay.action(k.index)?));
                        let step = k.index + 1;
                        Some(html! { <li><button class="quiet" onclick={to_step.reform(move |_| step)}>{ text }</button></li> })
                    }) }
                </ol>
            }
            </>
        }
    });
    html! {
        <section class="replay-analysis" aria-labelledby="analysis-title">
            <h3 id="analysis-title">{"Analysis"}</h3>
            if let Some(done) = run.progress {
                <div class="analysis-progress">
                    <label for="analysis-progress">{ format!("Weighing your decisions: move {done} of {total}") }</label>
                    <progress id="analysis-progress" max={total.to_string()} value={done.to_string()}></progress>
                    <button onclick={run.cancel}>{"Cancel"}</button>
                </div>
            } else {
                <button class="primary" onclick={run.start}>{ if analysis.is_some() { "Analyse again" } else { "Analyse my play" } }</button>
            }
            { stopped_notice(run.failed) }
            { summary.unwrap_or_default() }
        </section>
    }
}

/// Takes the worker's reply into the run: the judgement of the decision asked for is kept (its
/// state id is its move's place in the game) and the next, from the move after, is asked for;
/// `Done` says no decision is left, and the run makes the analysis. A worker that stopped ends
/// the run, and so does one of another build ([`Judgement::Outdated`], or a judgement of a
/// move not asked for), which only a reload brings to the page's: the progress bar never waits
/// on a reply that will not come. The run's worker is dropped only after this reply's handler
/// returns (it is that worker's listener).
fn take_reply(run: &RefCell<Option<Run>>, reply: Option<Judgement>) -> Step {
    let mut slot = run.borrow_mut();
    let Some(reply) = reply else {
        drop_later(slot.take());
        return Step::Stopped(Stopped::Failed);
    };
    let Some(r) = slot.as_mut() else { return Step::Ignored };
    if let Some(weighed) = reply.weighed(&r.replay, r.seat, r.from) {
        r.from = weighed.index + 1;
        r.judged.push(weighed);
        r.ask();
        return Step::Asked(r.from);
    }
    let Some(mut r) = slot.take() else { return Step::Ignored };
    let step = match reply {
        Judgement::Done => Step::Done(Analysis { seat: r.seat, judged: std::mem::take(&mut r.judged) }),
        _ => Step::Stopped(Stopped::Outdated),
    };
    drop_later(Some(r));
    step
}

/// Drops a finished run once the current event is handled (see [`take_reply`]).
fn drop_later(run: Option<Run>) {
    if let Some(run) = run {
        gloo_timers::callback::Timeout::new(0, move || drop(run)).forget();
    }
}
