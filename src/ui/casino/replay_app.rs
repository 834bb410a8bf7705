//! The casino replay page, `replay/casino/`: a finished shoe step by step, as the player's spots
//! or a bot's saw it, or with the dealer's hole card face up. Its own wasm module, without the
//! bots. The felt and the log are the live table's own ([`felt`], [`log_view`]), drawn from the
//! shown spots' screen, which `replay.rs` feeds their updates as play did. With no replay in its
//! link, the page lists the last finished shoes kept on this device.

use super::felt::felt;
use super::replay::{dealer_face_up, CasinoReplay, LAST, PREFIX, RECENT_KEY};
use super::replay_analysis::{judged_line, whose_decision, KeptCasino};
use super::state::{Bank, CasinoState, StoredCasino, SAVE_KEY, SAVE_VERSION};
use super::table::log_view;
use crate::bots::casino_analysis::{judge, summary, CasinoJudgement, MARK_MILLI};
use crate::ui::components::card::{card_view, CardStyle};
use crate::ui::components::notice::notice as banner;
use crate::ui::replay::{analysis_in, keep_analysis_in, keep_in};
use crate::ui::replay_controls::{controls, kept, use_hash, use_kept, use_stepper};
use crate::ui::storage;
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;
use yew::platform::spawn_local;
use yew::platform::time::sleep;
use yew::prelude::*;

/// Decisions judged a task: each takes a few milliseconds, so a task stays well under the 50 ms
/// of a long task, and the progress bar moves between them.
const JUDGED_A_TASK: usize = 2;

#[component]
pub fn CasinoReplayApp() -> Html {
    let hash = use_hash();
    let opened = use_memo(hash.clone(), |h| CasinoReplay::parse(h));
    let (list, notice) = use_kept(
        RECENT_KEY,
        CasinoReplay::parse_body,
        opened.as_ref().as_ref().and_then(|r| r.as_ref().err().cloned()),
    );
    {
        // From the casino page's results: the shoe its save holds, kept and shown by its link
        // (the address then says which shoe; a save not over, or none, is the list).
        let hash = hash.clone();
        use_effect_with((), move |_| {
            if hash == LAST {
                if let Some(r) = last_shoe() {
                    let link = r.fragment();
                    keep_in(RECENT_KEY, link[PREFIX.len()..].to_string());
                    if let Some(w) = web_sys::window() {
                        let _ = w.location().replace(&link);
                    }
                }
            }
        });
    }
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_| notice.set(None))
    };
    let body = match &*opened {
        Some(Ok(r)) => html! { <Viewer key={hash.clone()} replay={Rc::new(r.clone())} /> },
        _ => {
            let games = list
                .0
                .iter()
                .map(|(body, r)| {
                    let c = r.choice();
                    let text = format!("Casino Blackjack · {} decks · {} moves", c.decks, r.len());
                    (format!("{PREFIX}{body}"), text)
                })
                .collect();
            kept(
                "Replays of your last casino shoes",
                games,
                html! { <p><a class="button primary" href="../../tables/">{"Play Casino Blackjack"}</a>{" "}<a class="button" href="../">{"Other replays"}</a></p> },
            )
        }
    };
    html! {
        <>
        { banner((*notice).clone(), dismiss) }
        <main>{body}</main>
        </>
    }
}

#[derive(Properties)]
struct ViewerProps {
    replay: Rc<CasinoReplay>,
}

impl PartialEq for ViewerProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.replay, &other.replay)
    }
}

#[component]
fn Viewer(props: &ViewerProps) -> Html {
    let replay = props.replay.clone();
    let stepper = use_stepper(replay.len(), 0);
    let now = *stepper.at;
    let frame = {
        let replay = replay.clone();
        use_memo((now.seat, now.step), move |&(seat, step)| replay.frame(seat, step))
    };
    let settings = use_memo((), |_| crate::ui::load_settings().0);
    // The analysis kept with this shoe, if it has one (read once: a run keeps its own).
    let analysis = {
        let replay = replay.clone();
        use_state(move || analysis_in(RECENT_KEY, &replay.body()).and_then(|t| KeptCasino::decode(&t, &replay)))
    };
    let progress = use_state(|| None::<(usize, usize)>);
    // Bumped by Cancel and by each new run: a run whose number is no longer this stops.
    let run_id = use_memo((), |_| Rc::new(Cell::new(0u32)));
    // A replay is checked whole when read (`CasinoReplay::new`): every step has a frame.
    let Some(frame) = &*frame else { return Html::default() };
    let style = CardStyle { four_colour: settings.four_colour, high_contrast: settings.high_contrast };
    let seats: Vec<(u8, String)> = replay.viewers().into_iter().enumerate().map(|(i, v)| (i as u8, v.label)).collect();
    let screen = &frame.screen;
    let dealer = dealer_face_up(&frame.game);
    html! {
        <div class="replay casino-replay">
            { controls("Replay: Casino Blackjack", &stepper, &frame.lines.join(" "), &seats, "The dealer's cards face up") }
            <section class="casino table" aria-label="Casino table">
                <div class="casino-layout">
                    <div class="felt">{ felt(screen, screen.mine()[0], whose_decision(screen, now.seat != 0), style) }</div>
                    <div class="casino-side">{ log_view(screen) }</div>
                </div>
            </section>
            { analysis_view(&replay, now.seat, &seats, &analysis, &progress, &run_id, &stepper.to_step) }
            if now.face_up {
                <section class="all-hands" aria-label="The dealer's cards">
                    <h3>{"The dealer's cards"}</h3>
                    if dealer.is_empty() {
                        <p>{"None dealt."}</p>
                    } else {
                        <span class="hand-cards" role="img" aria-label={dealer.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")}>
                            { for dealer.iter().map(|&c| card_view(Some(c), style, Classes::new())) }
                        </span>
                    }
                </section>
            }
        </div>
    }
}

/// Judges `seat`'s decisions a few a task (see [`JUDGED_A_TASK`]), the browser free between
/// tasks, with the progress in `progress`; at the end the analysis is kept with the shoe and
/// shown. A run stops, keeping nothing, once `run_id` has moved on (Cancel, or a new run).
fn start_run(
    replay: Rc<CasinoReplay>,
    seat: u8,
    analysis: UseStateHandle<Option<KeptCasino>>,
    progress: UseStateHandle<Option<(usize, usize)>>,
    run_id: Rc<Cell<u32>>,
) {
    let id = run_id.get().wrapping_add(1);
    run_id.set(id);
    let decisions = replay.decisions(seat);
    let total = decisions.len();
    progress.set(Some((0, total)));
    spawn_local(async move {
        let mut judged: Vec<CasinoJudgement> = Vec::new();
        for (done, chunk) in decisions.chunks(JUDGED_A_TASK).enumerate() {
            // Yield first, so that the progress bar is drawn before the first judgement.
            sleep(Duration::ZERO).await;
            if run_id.get() != id {
                return;
            }
            judged.extend(chunk.iter().filter_map(judge));
            progress.set(Some((((done + 1) * JUDGED_A_TASK).min(total), total)));
        }
        let text = KeptCasino::encode(seat, &judged);
        keep_analysis_in(RECENT_KEY, replay.body(), text);
        analysis.set(KeptCasino::of(seat, &judged, &replay));
        progress.set(None);
    });
}

/// The analysis section: "Analyse my play" (or a bot's), a progress bar and Cancel while it
/// runs, then the summary and each decision in words, the marked ones a jump to their move.
fn analysis_view(
    replay: &Rc<CasinoReplay>,
    seat: u8,
    seats: &[(u8, String)],
    analysis: &UseStateHandle<Option<KeptCasino>>,
    progress: &UseStateHandle<Option<(usize, usize)>>,
    run_id: &Rc<Cell<u32>>,
    to_step: &Callback<usize>,
) -> Html {
    let name = seats.iter().find(|(s, _)| *s == seat).map(|(_, n)| n.clone()).unwrap_or_default();
    let whose = if seat == 0 { "my play".to_string() } else { format!("{name}'s play") };
    let shown = analysis.as_ref().filter(|a| a.seat == seat);
    let start = {
        let (replay, analysis, progress, run_id) = (replay.clone(), analysis.clone(), progress.clone(), run_id.clone());
        Callback::from(move |_| start_run(replay.clone(), seat, analysis.clone(), progress.clone(), run_id.clone()))
    };
    let cancel = {
        let (progress, run_id) = (progress.clone(), run_id.clone());
        Callback::from(move |_| {
            run_id.set(run_id.get().wrapping_add(1));
            progress.set(None);
        })
    };
    let results = shown.map(|a| {
        let decisions = replay.decisions(a.seat);
        let s = summary(&a.judged);
        let who = if a.seat == 0 { "You".to_string() } else { name.clone() };
        let line = if s.decisions == 0 {
            format!("{who} made no decision on a hand in this shoe: nothing to analyse.")
        } else {
            format!(
                "{who}: {} decisions, {} the best play, {} marked (each gave up more than {:.2} of a bet); {:.2} bets given up in all.",
                s.decisions,
                s.best,
                s.marked,
                MARK_MILLI as f64 / 1000.0,
                s.lost_milli as f64 / 1000.0,
            )
        };
        html! {
            <>
            <p class="analysis-summary">{ line }</p>
            <ol class="analysis-moves">
                { for a.judged.iter().filter_map(|j| {
                    let d = decisions.iter().find(|d| d.index == j.index)?;
                    let text = format!("Move {}: {}", j.index + 1, judged_line(d, j));
                    let step = j.index + 1;
                    Some(if j.is_marked() {
                        html! { <li class="marked"><button class="quiet" onclick={to_step.reform(move |_| step)}>{ text }</button></li> }
                    } else {
                        html! { <li>{ text }</li> }
                    })
                }) }
            </ol>
            </>
        }
    });
    html! {
        <section class="casino-analysis" aria-label="Analysis">
            <h3>{"Analysis"}</h3>
            if let Some((done, total)) = **progress {
                <div class="analysis-progress">
                    <label for="analysis-progress">{ format!("Weighing the decisions: {done} of {total}") }</label>
                    <progress id="analysis-progress" max={total.to_string()} value={done.to_string()}></progress>
                    <button onclick={cancel}>{"Cancel"}</button>
                </div>
            } else {
                <button class="button primary" onclick={start}>{ if shown.is_some() { format!("Analyse {whose} again") } else { format!("Analyse {whose}") } }</button>
            }
            { results.unwrap_or_default() }
        </section>
    }
}

/// The shoe of the casino page's save, if it is over.
fn last_shoe() -> Option<CasinoReplay> {
    let saved = storage::load::<StoredCasino>(SAVE_KEY, SAVE_VERSION).ok().flatten()?;
    let table = CasinoState::restore(&saved, Bank::default()).ok()?;
    CasinoReplay::finished(&table).then(|| CasinoReplay::of(&table)).flatten()
}
