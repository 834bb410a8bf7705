//! The casino table: the head row, the felt (`felt.rs`) with the player's controls
//! (`controls.rs`), the trainer, the strategy chart and the log beside it (`trainer.rs`; below
//! it on a phone), and the dialog at the end of a shoe or of the chips (`end.rs`). Effects run
//! the bots on timers (dropped when the state changes), deal the next hand by itself when the
//! player chose so, and save the table and the bank after every change; the kit keeps keyboard
//! focus on the table (on Deal between hands) and listens for the shortcuts anywhere on the page.

use super::controls::{controls, shortcuts, Press, KEYS};
use super::daily::{keys, use_daily_line};
use super::end::{round_end, share, Fold};
use super::felt::felt;
use super::grade::{chart_ask, prepare};
use super::screen::CasinoScreen;
use super::setup::RULES_PAGE;
use super::state::{CasinoState, Msg, SAVE_KEY, SAVE_VERSION};
use super::trainer::{chart_panel, trainer, CountChoice, Panel};
use crate::bots::casino::BOT_MS;
use crate::engine::casino::{Action, Phase};
use crate::ui::components::card::CardStyle;
use crate::ui::components::results::focus_primary;
use crate::ui::drills::bankroll::WORKER_URL as DRILLS_WORKER;
use crate::ui::drills::worker::GradeWorker;
use crate::ui::kit::{self, table_head, use_autosave, use_next_move, use_table_keys};
use crate::ui::reducer::Reducer;
use crate::ui::settings::AUTO_DEAL_SECS;
use std::rc::Rc;
use yew::prelude::*;

/// Where the player goes from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Menu,
    NewGame,
}

#[derive(Properties)]
pub struct TableProps {
    pub initial: Rc<CasinoState>,
    pub style: CardStyle,
    pub on_leave: Callback<Leave>,
}

/// The table starts from `initial` and then keeps its own state, so the same table is the same
/// `Rc`: comparing by pointer spares the page a deep comparison of the whole table (1.8 KB of
/// wasm before optimising).
impl PartialEq for TableProps {
    fn eq(&self, o: &Self) -> bool {
        Rc::ptr_eq(&self.initial, &o.initial) && self.style == o.style && self.on_leave == o.on_leave
    }
}

#[component]
pub fn CasinoTable(props: &TableProps) -> Html {
    let initial = props.initial.clone();
    let state = use_reducer(move || Reducer((*initial).clone()));
    let hint = use_state(|| false);
    let help = use_state(|| false);
    // The double-for-less amounts, open at this position of the game (closed by any move).
    let less: UseStateHandle<Option<usize>> = use_state(|| None);
    let table_ref = use_node_ref();
    let at = state.at();
    // The results dialog's state (a view function, not a component): folded into a bar at this
    // position of the game, and its primary action, focused when it opens or unfolds.
    let folded: UseStateHandle<Option<usize>> = use_state(|| None);
    let primary = use_node_ref();
    let daily_line = use_daily_line(&state);
    // The count's choices as the player left them (read once, when the table opens).
    let (remembered, count_notice) = (*use_memo((), |()| CountChoice::remembered())).clone();
    let (show_count, system) = (use_state(|| remembered.shown), use_state(|| remembered.system));
    let panel = Panel { show_count, system };
    // The trainer's grading (basic strategy plus the shown count's index plays) and its exact
    // values are the drills' worker's (fetched from drills/, never on this thread): started
    // with the table, told the count shown, asked each decision made (in order: the answers
    // judge them when they come) and, while the hint is open, the decision open now.
    let grader = {
        let d = state.dispatcher();
        use_memo((), move |()| GradeWorker::start(DRILLS_WORKER, move |reply| d.dispatch(Msg::Graded(reply))))
    };
    let shown = panel.show_count.then_some(*panel.system);
    {
        let (d, grader, rules) = (state.dispatcher(), grader.clone(), state.game.rules().clone());
        use_effect_with((shown, rules), move |(shown, rules)| {
            d.dispatch(Msg::Count(*shown));
            match (grader.as_ref(), shown) {
                // The worker could not start: the trainer says so and goes without.
                (None, _) => d.dispatch(Msg::Graded(None)),
                (Some(w), Some(system)) => w.ask(prepare(rules, *system)),
                (Some(_), None) => {}
            }
        });
    }
    let sent = use_mut_ref(|| 0u32);
    {
        let (s, grader) = (state.clone(), grader.clone());
        use_effect_with(state.grading.asked, move |&asked| {
            if let Some(w) = grader.as_ref() {
                for ask in s.asks_after(*sent.borrow()) {
                    w.ask(ask.encode());
                }
            }
            *sent.borrow_mut() = asked;
        });
    }
    {
        let (s, open, grader) = (state.clone(), *hint, grader.clone());
        let news = state.grading.indices;
        use_effect_with((at, open, state.grading.shown, news, state.grading.epoch), move |_| {
            if let (Some(w), Some(ask)) = (grader.as_ref(), s.grade_ask(false).filter(|_| open)) {
                w.ask(ask.encode());
            }
        });
    }

    // Autosave the table and the player's bank after every change (today's deal: its own).
    {
        let (table_key, bank_key) = keys(state.daily);
        let s = state.clone();
        use_autosave(table_key, SAVE_VERSION, at, move || s.stored());
        // And when a verdict comes (the worker's answer counts a decision after its move).
        let s = state.clone();
        use_autosave(bank_key, SAVE_VERSION, (at, state.bank.decisions), move || s.bank.clone());
    }
    // Bots act on a timer, dropped when the state changes. They sit at this device's table and
    // decide from their own spot's view: the worker works their play out (the solver is its, not
    // this page's), and the timer runs from its answer.
    {
        let (s, grader) = (state.clone(), grader.clone());
        use_effect_with((at, state.grading.epoch), move |_| {
            if let (Some(w), Some(ask)) = (grader.as_ref(), s.bot_ask()) {
                w.ask(ask.encode());
            }
        });
        let action = state.bot_move();
        let d = state.dispatcher();
        use_next_move(
            (at, action),
            action.map(|action| (BOT_MS, Callback::from(move |()| d.dispatch(Msg::Act { action, at })))),
        );
    }
    // Fast practice: between hands the next one deals by itself after the seconds chosen (the
    // page's timer, dropped by any move; a bet changed waits for Deal). Saved with the settings.
    let auto_deal = use_state(|| crate::ui::load_settings().0.auto_deal);
    {
        let due = (*auto_deal > 0 && state.screen.between_hands().is_some_and(|n| n.placed()))
            .then_some(u32::from(*auto_deal) * 1000);
        let d = state.dispatcher();
        use_next_move(
            (at, due),
            due.map(|ms| (ms, Callback::from(move |()| d.dispatch(Msg::Act { action: Action::Deal, at })))),
        );
    }
    let on_auto_deal = {
        let auto_deal = auto_deal.clone();
        Callback::from(move |e: Event| {
            let secs = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse().unwrap_or(0);
            let settings = crate::ui::settings::Settings { auto_deal: secs, ..crate::ui::load_settings().0 };
            crate::ui::storage::save(crate::ui::settings::KEY, crate::ui::settings::VERSION, &settings);
            auto_deal.set(secs);
        })
    };
    // Focus stays on the table: when a move removed or disabled the focused control, it goes to
    // the main action now available, or the table.
    {
        let table_ref = table_ref.clone();
        use_effect_with((at, *less), move |_| kit::keep_focus(&table_ref, "[data-primary]:not([disabled])"));
        let primary = primary.clone();
        use_effect_with((at, *folded == Some(at)), move |_| focus_primary(&primary));
    }
    // Every control and every shortcut goes through here.
    let run = {
        let (s, hint, help, less) = (state.clone(), hint.clone(), help.clone(), less.clone());
        Callback::from(move |p: Press| match p {
            Press::Act(action) => s.dispatch(Msg::Act { action, at }),
            Press::Refill => s.dispatch(Msg::Refill),
            Press::Hint => hint.set(!*hint),
            Press::Less => less.set(if *less == Some(at) { None } else { Some(at) }),
            Press::Help => help.set(!*help),
            Press::BetOn(spot) => s.dispatch(Msg::BetOn(spot)),
        })
    };
    // Leaving: with nothing at stake the table's save goes (its chips are in the bank); in the
    // middle of a hand it stays, and the table resumes next time.
    let leave = |to: Leave| {
        let on_leave = props.on_leave.clone();
        // Today's deal's save always stays: it is the day's one game.
        let keep = state.daily || !matches!(state.view().phase, Phase::Betting | Phase::Settled);
        Callback::from(move |()| {
            if !keep {
                kit::clear_save(SAVE_KEY);
            }
            on_leave.emit(to)
        })
    };
    use_table_keys(shortcuts(state.clone(), run.clone(), *help));
    let next_round = {
        let d = state.dispatcher();
        Callback::from(move |()| d.dispatch(Msg::Act { action: Action::NextRound, at }))
    };

    // On a short phone the head is one row: the word "Chips:" steps aside there (still read out),
    // and the people's chips at pass-and-play end in an ellipsis if they must (whole in the title).
    let line = state.chips_line();
    let bankroll = match line.strip_prefix("Chips: ") {
        Some(amount) => html! { <p class="bankroll"><span class="word">{"Chips: "}</span>{ amount.to_owned() }</p> },
        None => html! { <p class="bankroll" title={line.clone()}>{ line }</p> },
    };
    html! {
    <section class="casino table" aria-label="Casino table" tabindex="-1" ref={table_ref}>
        { table_head("Casino Blackjack", bankroll,
            *help, run.reform(|()| Press::Help), RULES_PAGE, leave(Leave::Menu)) }
        if *help {
            <dl class="keys-help" aria-label="Keyboard shortcuts">
                { for KEYS.iter().map(|(k, what)| html! { <><dt>{*k}</dt><dd>{*what}</dd></> }) }
            </dl>
        }
        if let Some(n) = state.notice.clone() {
            <p class="notice" role="alert">{n}</p>
        }
        if let Some(n) = count_notice {
            <p class="notice" role="alert">{n}</p>
        }
        { super::daily::progress(&state) }
        <div class="casino-layout">
            <div class="felt">
                { felt(&state.screen, state.betting, state.prompt(), props.style) }
                { controls(&state.screen, state.betting, &run, (!state.daily_over()).then_some(*hint), *less == Some(at)) }
            </div>
            <div class="casino-side">
                { trainer(&state, *hint, &panel) }
                { chart_panel(state.grading.chart.clone(), {
                    let (grader, rules) = (grader.clone(), state.game.rules().clone());
                    Callback::from(move |()| if let Some(w) = grader.as_ref() { w.ask(chart_ask(&rules)) })
                }) }
                { share(&state) }
                <p class="drills-link"><a href="../drills/">{"Drills: strategy, counting, deviations"}</a>{" · "}<a href="../bankroll/">{"Your session"}</a></p>
                <p class="auto-deal"><label for="auto-deal">{"Next hand"}</label>
                    <select id="auto-deal" onchange={on_auto_deal}>
                        { for AUTO_DEAL_SECS.iter().map(|&n| html! {
                            <option value={n.to_string()} selected={n == *auto_deal}>
                                { if n == 0 { "when I deal".to_string() } else { format!("deals by itself after {n} s") } }
                            </option>
                        }) }
                    </select>
                </p>
                { log_view(&state.screen) }
            </div>
        </div>
        { round_end(&state, next_round, leave(Leave::NewGame), leave(Leave::Menu), Fold {
            folded: *folded == Some(at),
            on_fold: Callback::from(move |f: bool| folded.set(f.then_some(at))),
            primary,
            daily: daily_line,
        }) }
    </section>
    }
}

/// The table's log, newest first (the live table's and a replay's).
pub fn log_view(screen: &CasinoScreen) -> Html {
    html! { <>
        <h3 class="log-title">{"What happened"}</h3>
        <ul class="log" aria-label="Table log">
            { for screen.log.iter().rev().take(12).map(|l| html! { <li>{l}</li> }) }
        </ul>
    </> }
}
