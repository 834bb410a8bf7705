//! The casino replay page, `replay/casino/`: a finished shoe step by step, as the player's spots
//! or a bot's saw it, or with the dealer's hole card face up. Its own wasm module, without the
//! bots. The felt and the log are the live table's own ([`felt`], [`log_view`]), drawn from the
//! shown spots' screen, which `replay.rs` feeds their updates as play did. With no replay in its
//! link, the page lists the last finished shoes kept on this device. "Analyse my play" has the
//! search worker judge each decision (the shedding table's own worker, `play/search_work_*`),
//! one at a time, sent as what the deciding spot saw ([`CasinoAsk`]): the page only asks and
//! draws (a progress bar, Cancel, the results).

use super::daily;
use super::felt::felt;
use super::replay::{dealer_face_up, CasinoReplay, LAST, PREFIX, RECENT_KEY};
use super::replay_analysis::{judged_line, whose_decision, KeptCasino};
use super::state::{Bank, CasinoState, StoredCasino, SAVE_VERSION};
use super::table::log_view;
use crate::bots::casino_analysis::{summary, CasinoAsk, CasinoDecision, CasinoJudgement, CasinoReply, MARK_MILLI};
use crate::ui::components::card::{card_view, CardStyle};
use crate::ui::components::notice::notice as banner;
use crate::ui::replay::{analysis_in, keep_analysis_in, keep_in};
use crate::ui::replay_controls::{controls, kept, stopped_notice, use_hash, use_kept, use_stepper, Stopped};
use crate::ui::search_worker::SearchWorker;
use crate::ui::storage;
use std::cell::RefCell;
use std::rc::Rc;
use yew::platform::spawn_local;
use yew::prelude::*;

/// The search worker's module, the shedding table page's own (`play/search_work_loader.js`):
/// the casino analysis is one of its jobs, never a second build.
const WORKER_URL: &str = "../../play/search_work_loader.js";

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
        // (the address then says which shoe; a save not over, or none, is the list). Today's
        // deal's results: its game, from its own save.
        let hash = hash.clone();
        use_effect_with((), move |_| {
            if hash == LAST || hash == daily::LAST {
                if let Some(r) = last_shoe(hash == daily::LAST) {
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
            <Analysis replay={replay.clone()} seat={now.seat} name={seats.iter().find(|(s, _)| *s == now.seat).map(|(_, n)| n.clone()).unwrap_or_default()} to_step={stepper.to_step.clone()} />
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

/// A run of the analysis: the worker, the decisions, how many have had their reply, and those
/// judged.
struct Run {
    worker: SearchWorker,
    decisions: Vec<CasinoDecision>,
    answered: usize,
    judged: Vec<CasinoJudgement>,
}

impl Run {
    /// Asks for the next decision's judgement: `false` when none is left.
    fn ask_next(&mut self) -> bool {
        while let Some(d) = self.decisions.get(self.answered) {
            if let Some(ask) = CasinoAsk::of(d) {
                self.worker.ask_casino(&ask);
                return true;
            }
            // A decision without a hand to judge (none is, in a replay that reads) is passed by.
            self.answered += 1;
        }
        false
    }

    /// Takes the worker's reply to the decision asked: judged (if it is that decision's) or
    /// refused, the next is asked. `false` when the run is over: every decision answered, or a
    /// worker of another build that cannot judge any ([`CasinoReply::Outdated`]).
    fn take(&mut self, reply: CasinoReply) -> bool {
        let Some(d) = self.decisions.get(self.answered) else { return false };
        match reply {
            CasinoReply::Judged { at, played, played_milli, best, best_milli } if at as usize == d.index => {
                self.judged.push(CasinoJudgement {
                    index: d.index,
                    spot: d.view.spot,
                    played,
                    played_ev: played_milli as f64 / 1000.0,
                    best,
                    best_ev: best_milli as f64 / 1000.0,
                });
            }
            // Another decision's (none is: one is asked at a time): the same is waited for.
            CasinoReply::Judged { .. } => return true,
            CasinoReply::Refused => {}
            CasinoReply::Outdated => return false,
        }
        self.answered += 1;
        self.ask_next()
    }
}

/// The analysis' run as the viewer holds it: how far it is (decisions answered of all, while one
/// is on), why the last one stopped short, and its buttons (`start` for a seat).
struct AnalysisRun {
    progress: Option<(usize, usize)>,
    failed: Option<Stopped>,
    start: Callback<u8>,
    cancel: Callback<MouseEvent>,
}

/// "Analyse my play" for the viewer's shoe: a run in the search worker, which keeps its result
/// with the shoe and hands it to `analysis`. A new run drops the one on (its worker stopped), as
/// do Cancel and leaving the replay.
#[hook]
fn use_analysis(replay: Rc<CasinoReplay>, analysis: UseStateHandle<Option<KeptCasino>>) -> AnalysisRun {
    let run: Rc<RefCell<Option<Run>>> = use_mut_ref(|| None);
    let progress = use_state(|| None::<(usize, usize)>);
    let failed = use_state(|| None::<Stopped>);
    {
        let run = run.clone();
        use_effect_with((), move |_| move || drop(run.borrow_mut().take()));
    }
    let start = {
        let (run, progress, failed) = (run.clone(), progress.clone(), failed.clone());
        Callback::from(move |seat: u8| {
            failed.set(None);
            drop(run.borrow_mut().take());
            let decisions = replay.decisions(seat);
            let total = decisions.len();
            let finish = {
                let (replay, analysis, progress) = (replay.clone(), analysis.clone(), progress.clone());
                move |judged: &[CasinoJudgement]| {
                    keep_analysis_in(RECENT_KEY, replay.body(), KeptCasino::encode(seat, judged));
                    analysis.set(KeptCasino::of(seat, judged, &replay));
                    progress.set(None);
                }
            };
            if decisions.is_empty() {
                return finish(&[]);
            }
            let on_reply = {
                let (run, progress, failed) = (run.clone(), progress.clone(), failed.clone());
                move |reply: Option<CasinoReply>| {
                    let mut slot = run.borrow_mut();
                    let Some(r) = slot.as_mut() else { return };
                    let going = reply.is_some_and(|reply| r.take(reply));
                    if going {
                        return progress.set(Some((r.answered, total)));
                    }
                    // Over (or the worker stopped): the run is dropped once this reply's handler
                    // has returned (its worker's listener is running it).
                    let over = slot.take();
                    drop(slot);
                    match (&over, reply) {
                        (_, Some(CasinoReply::Outdated)) => {
                            progress.set(None);
                            failed.set(Some(Stopped::Outdated));
                        }
                        (Some(r), Some(_)) => finish(&r.judged),
                        _ => {
                            progress.set(None);
                            failed.set(Some(Stopped::Failed));
                        }
                    }
                    spawn_local(async move { drop(over) });
                }
            };
            // Every text is a reply: one this build cannot read is a worker of another build's.
            let read = |text: &str| Some(CasinoReply::read(text));
            let Some(worker) = SearchWorker::start_reading(WORKER_URL, read, on_reply) else {
                return failed.set(Some(Stopped::Failed));
            };
            let mut started = Run { worker, decisions, answered: 0, judged: Vec::new() };
            started.ask_next();
            *run.borrow_mut() = Some(started);
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
    AnalysisRun { progress: *progress, failed: *failed, start, cancel }
}

#[derive(Properties)]
struct AnalysisProps {
    replay: Rc<CasinoReplay>,
    /// Whose decisions (the viewer's seat) and that seat's name.
    seat: u8,
    name: String,
    to_step: Callback<usize>,
}

impl PartialEq for AnalysisProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.replay, &other.replay)
            && (self.seat, &self.name) == (other.seat, &other.name)
            && self.to_step == other.to_step
    }
}

/// The analysis section: "Analyse my play" (or a bot's), a progress bar and Cancel while it
/// runs, then the summary and each decision in words, the marked ones a jump to their move. A
/// component of its own, so that a reply from the worker draws this section again, not the felt.
#[component]
fn Analysis(props: &AnalysisProps) -> Html {
    let AnalysisProps { replay, seat, name, to_step } = props;
    let seat = *seat;
    // The analysis kept with this shoe, if it has one (read once: a run keeps its own).
    let analysis = {
        let replay = replay.clone();
        use_state(move || analysis_in(RECENT_KEY, &replay.body()).and_then(|t| KeptCasino::decode(&t, &replay)))
    };
    let run = use_analysis(replay.clone(), analysis.clone());
    let whose = if seat == 0 { "my play".to_string() } else { format!("{name}'s play") };
    let shown = analysis.as_ref().filter(|a| a.seat == seat);
    let start = run.start.reform(move |_: MouseEvent| seat);
    let results = shown.map(|a| {
        let decisions = replay.decisions(a.seat);
        let s = summary(&a.judged);
        let who = if a.seat == 0 { "You".to_string() } else { name.clone() };
        let line = if decisions.is_empty() {
            format!("{who} made no decision on a hand in this shoe: nothing to analyse.")
        } else if s.decisions == 0 {
            // Kept by a run whose worker judged none (one of another build, before the page
            // could tell): never "no decision" for a shoe that had some.
            format!("None of the {} decisions could be judged. Analyse again to judge them.", decisions.len())
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
            // A box of its own that scrolls (replay_more.css): focusable, so that the keys scroll
            // it where no marked decision's button is in it.
            <ol class="analysis-moves" tabindex="0">
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
            if let Some((done, total)) = run.progress {
                <div class="analysis-progress">
                    <label for="analysis-progress">{ format!("Weighing the decisions: {done} of {total}") }</label>
                    <progress id="analysis-progress" max={total.to_string()} value={done.to_string()}></progress>
                    <button onclick={run.cancel.clone()}>{"Cancel"}</button>
                </div>
            } else {
                <button class="button primary" onclick={start}>{ if shown.is_some() { format!("Analyse {whose} again") } else { format!("Analyse {whose}") } }</button>
            }
            { stopped_notice(run.failed) }
            { results.unwrap_or_default() }
        </section>
    }
}

/// The shoe of the casino page's save, if it is over; or the game of today's deal's save
/// (`daily`), if it is.
fn last_shoe(daily: bool) -> Option<CasinoReplay> {
    let saved = storage::load::<StoredCasino>(daily::keys(daily).0, SAVE_VERSION).ok().flatten()?;
    let table = CasinoState::restore(&saved, Bank::default()).ok()?;
    let table = if daily { daily::resumed(table) } else { table };
    (CasinoReplay::finished(&table) || table.daily_over()).then(|| CasinoReplay::of(&table)).flatten()
}
