//! The drills page (`drills/`, its own wasm module): four drills for the casino table's rules,
//! keyboard-first and scored, with a streak and the weakest hands; the record is saved in
//! localStorage (`state.rs`). The reducer (`session.rs`) holds what is on screen; this component
//! only wires it to the page: the save, the running count's timer, the focus, the keys, and the
//! index plays asked of the drills' worker (`indices.rs`). The casino sessions and the bet
//! spread's risk are a page of their own (`bankroll.rs`, `bankroll/`), opened from the list.

use super::indices::{compute_indices, indices_key, Indices};
use super::session::{DrillMsg, Drills};
use super::state::*;
use super::view::body;
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
/// The casino sessions' old fragment (`drills/#sessions`) sends to their page.
pub const SESSIONS_AWAY: (&str, &str) = ("#sessions", "../bankroll/");

/// The saved record, or a fresh one and a notice for a save that cannot be read.
pub(super) fn load_progress() -> (Progress, Option<String>) {
    storage::load_or_notice(SAVE_KEY, SAVE_VERSION, "drill record")
}

/// The casino sessions and the bet spread's risk: a page of their own.
fn to_sessions() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign(SESSIONS_AWAY.1);
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
    let notice = use_state(|| loaded.1.clone());
    let indices = use_state(|| None::<Indices>);
    let indices_for = use_mut_ref(|| indices_key(&drills.progress.setup));
    // The worker working them out, while they are wanted (dropped: stopped).
    let indices_helper = use_mut_ref(|| None);
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

    // A new test round: its first field takes the keys.
    use_effect_with(drills.test.as_ref().map(|q| (q.id, q.counts.is_some())), |key| {
        if matches!(key, Some((_, false))) {
            focus_id("test-running");
        }
    });

    // The index plays, asked for when the deviations drill is opened for new rules (work for
    // rules left behind is stopped; work for these goes on while the drill is closed).
    {
        let (indices, indices_for, helper) = (indices.clone(), indices_for.clone(), indices_helper.clone());
        // The test mode grades its plays by them too.
        let open = matches!(drills.screen, Some(Drill::Deviations | Drill::Test));
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
    // The reducer asks its deviations from the plays once they are ready.
    {
        let send = send.clone();
        use_effect_with(indices.as_ref().and_then(Indices::plays), move |plays| {
            send.emit(DrillMsg::Plays(plays.clone()))
        });
    }

    {
        let (drills, send) = (drills.clone(), send.clone());
        use_table_keys(Callback::from(move |e: KeyboardEvent| {
            // 5 opens the casino sessions' page from the list.
            let key = e.key();
            if drills.screen.is_none() && key == "5" {
                e.prevent_default();
                to_sessions();
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
    html! {
        <PageFrame notice={(*notice).clone()} {on_dismiss} away={CASINO_AWAY}>
            { body(&drills, &indices, &send, Callback::from(|()| to_sessions()), style) }
        </PageFrame>
    }
}
