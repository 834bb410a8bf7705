//! The drills page (`drills/`, its own wasm module): four drills for the casino table's rules,
//! keyboard-first and scored, with a streak and the weakest hands; the record is saved in
//! localStorage (`state.rs`). The reducer (`session.rs`) holds what is on screen; this component
//! only wires it to the page: the save, the running count's timer, the focus, the keys, and the
//! index plays and the bet spread's edges asked of the drills' worker (`indices.rs`, `spread.rs`).

use super::indices::{compute_indices, indices_key, Indices};
use super::session::{DrillMsg, Drills};
use super::sessions::sessions_view;
use super::spread::{compute_spread, hi_lo_rows, spread_view, Plan, SpreadRows};
use super::state::*;
use super::view::{body, rules_line};
use crate::ui::casino::history::History;
use crate::ui::casino::state::{Bank, BANK_KEY, SAVE_VERSION as BANK_VERSION};
use crate::ui::components::card::CardStyle;
use crate::ui::kit::use_table_keys;
use crate::ui::new_seed;
use crate::ui::page_frame::PageFrame;
use crate::ui::reducer::Reducer;
use crate::ui::settings::{self, Settings};
use crate::ui::storage;
use yew::prelude::*;

/// The casino table's fragment on this page sends it there.
pub const CASINO_AWAY: (&str, &str) = ("#casino", "../tables/#casino");

/// The saved record, or a fresh one and a notice for a save that cannot be read.
fn load_progress() -> (Progress, Option<String>) {
    storage::load_or_notice(SAVE_KEY, SAVE_VERSION, "drill record")
}

/// The casino table's session history (kept in the player's bank) and the chips now, for the
/// Sessions screen. A history with a figure out of bounds is cleared, with a notice: the casino
/// table starts it again from the next round. (An unreadable bank is the casino page's to set
/// aside and report.)
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

/// The page's clock, in milliseconds: the running count's stopwatch (the engine has none).
pub(super) fn now() -> f64 {
    js_sys::Date::now()
}

fn focus_id(id: &str) {
    if let Some(e) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
    {
        crate::ui::focus_quietly(&e);
    }
}

#[component]
pub fn DrillsApp() -> Html {
    let loaded = use_memo((), |_| load_progress());
    let drills = use_reducer(|| Reducer(Drills::new(loaded.0.clone(), new_seed())));
    let history = use_memo((), |_| load_history());
    let notice = use_state(|| loaded.1.clone().or(history.2.clone()));
    // The Sessions screen, open from the list or at drills/#sessions (the casino table's link).
    let sessions =
        use_state(|| web_sys::window().and_then(|w| w.location().hash().ok()).is_some_and(|h| h == "#sessions"));
    let indices = use_state(|| None::<Indices>);
    let spread_rows = use_state(|| None::<SpreadRows>);
    let spread_for = use_mut_ref(|| indices_key(&drills.progress.setup));
    let plan = use_state(|| (Plan::default(), None::<&'static str>));
    let indices_for = use_mut_ref(|| indices_key(&drills.progress.setup));
    // The worker working out each, while it is wanted (dropped: stopped).
    let indices_helper = use_mut_ref(|| None);
    let spread_helper = use_mut_ref(|| None);
    let send = drills.dispatcher();
    let send = Callback::from(move |m: DrillMsg| send.dispatch(m));
    let setup = drills.progress.setup;
    // The cards in the player's deck colours, as the tables draw them.
    let settings = use_memo((), |_| {
        storage::load::<Settings>(settings::KEY, settings::VERSION).ok().flatten().unwrap_or_default()
    });
    let style = CardStyle { four_colour: settings.four_colour, high_contrast: settings.high_contrast };

    // Saved on every change of the record.
    use_effect_with(drills.progress.clone(), |p| storage::save(SAVE_KEY, SAVE_VERSION, p));

    // The running count's flashes: the next one after the chosen pace (at the player's own
    // pace only the first: their key turns the rest), a count check's field when one is asked,
    // then the answer's field. Each flash is stamped with the page's clock, for the stopwatch.
    {
        let round = drills
            .round
            .as_ref()
            .filter(|r| r.answer.is_none())
            .map(|r| (r.id, r.shown, r.asking, r.done(setup.at_once), setup.speed));
        let send = send.clone();
        use_effect_with(round, move |round| {
            let timer = match *round {
                Some((_, _, true, _, _)) => {
                    focus_id("check-answer");
                    None
                }
                Some((id, shown, false, false, speed)) if speed > 0 || shown == 0 => {
                    Some(gloo_timers::callback::Timeout::new(speed, move || {
                        send.emit(DrillMsg::Tick { id, shown, at: now() })
                    }))
                }
                Some((_, _, false, true, _)) => {
                    focus_id("count-answer");
                    None
                }
                _ => None,
            };
            move || drop(timer)
        });
    }

    // A new bet question: its field takes the keys.
    use_effect_with(drills.ramp.as_ref().map(|q| (q.id, q.answer.is_some())), |key| {
        if matches!(key, Some((_, false))) {
            focus_id("bet-answer");
        }
    });

    // A new tray: the first field takes the keys (once it is on the page).
    use_effect_with(drills.tray.as_ref().map(|t| (t.id, t.answer.is_some())), |key| {
        if matches!(key, Some((_, false))) {
            focus_id("decks-left");
        }
    });

    // The index plays, asked for when the deviations drill is opened for new rules (work for
    // rules left behind is stopped; work for these goes on while the drill is closed).
    {
        let (indices, indices_for, helper) = (indices.clone(), indices_for.clone(), indices_helper.clone());
        let open = drills.screen == Some(Drill::Deviations);
        use_effect_with((open, indices_key(&setup)), move |(open, key)| {
            let have = indices.as_ref().is_some_and(|i| i.key() == *key);
            *indices_for.borrow_mut() = *key;
            if have {
                return;
            }
            if *open {
                *helper.borrow_mut() = compute_indices(key.0, indices_for, indices);
            } else {
                // Stopped, and started again if these rules come back.
                *helper.borrow_mut() = None;
                if matches!(*indices, Some(Indices::Working { .. })) {
                    indices.set(None);
                }
            }
        });
    }
    // The chances and edges for the bet spread's risk, asked for when the Sessions screen is
    // opened for new rules.
    {
        let (rows, spread_for, helper) = (spread_rows.clone(), spread_for.clone(), spread_helper.clone());
        use_effect_with((*sessions, indices_key(&setup)), move |(open, key)| {
            let have = rows.as_ref().is_some_and(|r| r.key() == *key);
            *spread_for.borrow_mut() = *key;
            if have {
                return;
            }
            if *open {
                *helper.borrow_mut() = compute_spread(key.0, spread_for, rows);
            } else {
                *helper.borrow_mut() = None;
                if matches!(*rows, Some(SpreadRows::Working { .. })) {
                    rows.set(None);
                }
            }
        });
    }
    // The reducer asks its deviations from the plays once they are ready.
    {
        let send = send.clone();
        use_effect_with(indices.as_ref().and_then(Indices::plays), move |plays| {
            send.emit(DrillMsg::Plays(plays.clone()))
        });
    }

    {
        let (drills, send, sessions) = (drills.clone(), send.clone(), sessions.clone());
        use_table_keys(Callback::from(move |e: KeyboardEvent| {
            // The Sessions screen: Escape goes back; 5 opens it from the list.
            let key = e.key();
            if *sessions || (drills.screen.is_none() && key == "5") {
                if *sessions == (key == "Escape") {
                    e.prevent_default();
                    sessions.set(!*sessions);
                }
                return;
            }
            if let Some(msg) = drills.key(&key) {
                e.prevent_default();
                send.emit(msg.stamped(now()));
            }
        }));
    }

    let on_dismiss = {
        let notice = notice.clone();
        Callback::from(move |()| notice.set(None))
    };
    let spread = if *sessions {
        let on_plan = {
            let plan = plan.clone();
            Callback::from(move |p: Result<Plan, &'static str>| match p {
                Ok(p) => plan.set((p, None)),
                Err(problem) => plan.set((plan.0, Some(problem))),
            })
        };
        let table = format!("For the drills' table: {}.", rules_line(&setup));
        spread_view(&spread_rows, &plan, table, on_plan)
    } else {
        Html::default()
    };
    html! {
        <PageFrame notice={(*notice).clone()} {on_dismiss} away={CASINO_AWAY}>
            if *sessions {
                { sessions_view(&history.0, history.1, { let s = sessions.clone(); Callback::from(move |()| s.set(false)) }, spread, hi_lo_rows(&spread_rows, &setup)) }
            } else {
                { body(&drills, &indices, &send, { let s = sessions.clone(); Callback::from(move |()| s.set(true)) }, style) }
            }
        </PageFrame>
    }
}
