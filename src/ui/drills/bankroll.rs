//! The bankroll page (`bankroll/`, its own wasm module): how the casino sessions went
//! (`sessions.rs`) and the risk of ruin for a bankroll and bet spread (`spread.rs`), for the
//! drills' table and count system (read from the drills' saved record). A page of its own, so
//! that the drills page keeps its weight for the drills; the chance and edge at each count come
//! from the drills' worker, fetched from `drills/` where it is built.

use super::app::{load_progress, CASINO_AWAY};
use super::indices::indices_key;
use super::sessions::sessions_view;
use super::spread::{compute_spread, hi_lo_rows, spread_view, Plan, SpreadRows};
use super::view::rules_line;
use crate::ui::casino::history::History;
use crate::ui::casino::state::{Bank, BANK_KEY, SAVE_VERSION as BANK_VERSION};
use crate::ui::kit::use_table_keys;
use crate::ui::page_frame::PageFrame;
use crate::ui::storage;
use yew::prelude::*;

/// The drills' worker, from this page's folder.
pub const WORKER_URL: &str = "../drills/drills_work_loader.js";

/// The drills page, where Escape and "All drills" go.
fn to_drills() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign("../drills/");
    }
}

/// The casino table's session history (kept in the player's bank) and the chips now. A history
/// with a figure out of bounds is cleared, with a notice: the casino table starts it again from
/// the next round. (An unreadable bank is the casino page's to set aside and report.)
fn load_history() -> (History, i64, Option<String>) {
    let Ok(Some(mut bank)) = storage::load::<Bank>(BANK_KEY, BANK_VERSION) else {
        return (History::default(), Bank::default().chips, None);
    };
    match History::of(&bank) {
        Some(h) => (h, bank.chips, None),
        None => {
            (bank.rounds, bank.kinds) = (String::new(), Default::default());
            storage::save(BANK_KEY, BANK_VERSION, &bank);
            let notice = "Your casino session history could not be read; it starts again from your next round.";
            (History::default(), bank.chips, Some(notice.into()))
        }
    }
}

#[component]
pub fn BankrollApp() -> Html {
    // The drills' table and count: the drills page reports a record it cannot read.
    let setup = use_memo((), |_| load_progress().0.setup);
    let history = use_memo((), |_| load_history());
    let notice = use_state(|| history.2.clone());
    // The form starts from the drills' table's cut card and doubling.
    let plan = use_state(|| (Plan { game: setup.game, ..Plan::default() }, None::<&'static str>));
    let rows = use_state(|| None::<SpreadRows>);
    let rows_for = use_mut_ref(|| (indices_key(&setup), plan.0.game));
    // The worker working them out, while they are wanted (dropped: stopped).
    let helper = use_mut_ref(|| None);

    // The chances and edges for the bet spread's risk, asked for again whenever the form's game
    // changes (work for the game left behind is stopped).
    {
        let (rows, rows_for, helper) = (rows.clone(), rows_for.clone(), helper.clone());
        use_effect_with((indices_key(&setup), plan.0.game), move |key| {
            *rows_for.borrow_mut() = *key;
            if !rows.as_ref().is_some_and(|r| r.key() == *key) {
                *helper.borrow_mut() = compute_spread(key.0 .0, key.1, WORKER_URL, rows_for, rows);
            }
        });
    }

    use_table_keys(Callback::from(|e: KeyboardEvent| {
        if e.key() == "Escape" {
            e.prevent_default();
            to_drills();
        }
    }));

    let on_dismiss = {
        let notice = notice.clone();
        Callback::from(move |()| notice.set(None))
    };
    let on_plan = {
        let plan = plan.clone();
        Callback::from(move |p: Result<Plan, &'static str>| match p {
            Ok(p) => plan.set((p, None)),
            Err(problem) => plan.set((plan.0, Some(problem))),
        })
    };
    let table = format!("For the drills' table: {}", rules_line(&setup, false));
    let spread = spread_view(&rows, &plan, table, on_plan);
    html! {
        <PageFrame notice={(*notice).clone()} {on_dismiss} away={CASINO_AWAY}>
            { sessions_view(&history.0, history.1, Callback::from(|()| to_drills()), spread, hi_lo_rows(&rows, &setup)) }
        </PageFrame>
    }
}
