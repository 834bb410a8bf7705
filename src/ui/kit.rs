//! The table kit: what every table page has, written once. The head row (the game's name, the
//! keyboard list "?", the rules, Menu, in that order), the document-wide shortcut listener and
//! its guard, the timer of the next move, keeping focus on the table, autosave, leaving with
//! nothing at stake, and the setup forms' fields. (The shedding table runs several bots at once,
//! each on its own timer, and the hard level's search: `shedding/players.rs`.) The shedding table draws its head row as markup (see
//! `shedding/controls.rs`: a tree of nodes would cost its page download it has not got) with the
//! same classes and order as [`table_head`].

use crate::bots::shedding::Level;
use crate::ui::shedding::link::{clean_name, level_from_id, level_id};
use crate::ui::storage::{self, Stored};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Whether a key belongs to the browser or a form, not to the table's shortcuts: with a
/// modifier held, or typed into a field. A disabled field takes no typing: a form answered with
/// Enter disables its fields as its verdict is drawn, and the browser moves focus off them only
/// at its next frame, so until then the next key (Enter for the next question) still targets the
/// field and would be lost. (By its attribute, as [`focus_lost`] reads it: `matches(":disabled")`
/// would add an import to every table's page, and friends/ has no bytes to spare.)
pub fn not_a_shortcut(e: &KeyboardEvent) -> bool {
    e.ctrl_key()
        || e.meta_key()
        || e.alt_key()
        || e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|t| {
            matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA") && !t.has_attribute("disabled")
        })
}

/// Single-key shortcuts from anywhere on the page while the table is shown: the document
/// listens, and calls the latest `on_key` (refreshed on every render, so it sees the latest
/// state). Keys that are [`not_a_shortcut`] never reach it.
#[hook]
pub fn use_table_keys(on_key: Callback<KeyboardEvent>) {
    let cell = use_mut_ref(Callback::<KeyboardEvent>::noop);
    *cell.borrow_mut() = on_key;
    use_effect_with((), move |_| {
        let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            if !not_a_shortcut(&e) {
                cell.borrow().emit(e)
            }
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(d) = &document {
            let _ = d.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(d) = document {
                let _ = d.remove_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
            }
        }
    });
}

/// Saves `value()` under `key` whenever `deps` change (every move: the state's position).
#[hook]
pub fn use_autosave<T: Stored + 'static, D: PartialEq + 'static>(
    key: &'static str,
    version: u32,
    deps: D,
    value: impl Fn() -> T + 'static,
) {
    use_effect_with(deps, move |_| storage::save(key, version, &value()));
}

/// The next thing that happens by itself at a table (a bot's move, the next round), as
/// `(milliseconds, message)`: sent after that delay unless `deps` change first, when the timer
/// is dropped (cancelled). A message that arrives late anyway is dropped by the reducer's state
/// check.
#[hook]
pub fn use_next_move<D: PartialEq + 'static>(deps: D, next: Option<(u32, Callback<()>)>) {
    use_effect_with(deps, move |_| {
        let timer = next.map(|(ms, send)| gloo_timers::callback::Timeout::new(ms, move || send.emit(())));
        move || drop(timer)
    });
}

/// Whether focus has left the table: on `<body>` (the focused control was replaced), on a
/// control now disabled or gone, or parked on the table itself.
pub fn focus_lost(table: &web_sys::HtmlElement) -> bool {
    match web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element()) {
        None => true,
        Some(a) => {
            a.tag_name() == "BODY" || a.has_attribute("disabled") || !a.is_connected() || a.is_same_node(Some(table))
        }
    }
}

/// Keeps focus on the table: when it was lost ([`focus_lost`]), it goes to the first enabled
/// control matching `preferred`, or the table. Never scrolls.
pub fn keep_focus(table: &NodeRef, preferred: &str) {
    let Some(table) = table.cast::<web_sys::HtmlElement>() else { return };
    if !focus_lost(&table) {
        return;
    }
    let target = table.query_selector(preferred).ok().flatten().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    crate::ui::focus_quietly(&target.unwrap_or(table));
}

/// Leaving a table with nothing at stake: its save goes (the next visit opens a new table).
pub fn clear_save(key: &str) {
    if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.remove_item(key);
    }
}

/// The sound switch of every table's head row: static/sound.js (loaded after the page) makes
/// the sounds, keeps the switch's state in localStorage and puts it back whenever a table redraws
/// the switch; the page only shows it.
pub const SOUND_SWITCH: &str =
    "<label class=\"sound-switch\"><input type=\"checkbox\" data-sound checked>Sound</label>";

/// The head row of a table: its name, what the table adds (`extra`: the chips at the casino),
/// then "?" (the keyboard list), Rules and Menu, the same at every table. (A view function, not
/// a component: each component costs its page download, and these have no state of their own.)
pub fn table_head(
    title: &'static str,
    extra: Html,
    help_open: bool,
    on_help: Callback<()>,
    rules_href: &'static str,
    on_menu: Callback<()>,
) -> Html {
    html! {
        <div class="table-head">
            <h2>{ title }</h2>
            { extra }
            { Html::from_html_unchecked(AttrValue::Static(SOUND_SWITCH)) }
            <button class="help-button" aria-label="Keyboard shortcuts" aria-expanded={help_open.to_string()}
                onclick={on_help.reform(|_| ())}>{"?"}<span class="help-word">{" Shortcuts"}</span></button>
            <a class="rules-link" href={rules_href}>{"Rules"}</a>
            <button onclick={on_menu.reform(|_| ())}>{"Menu"}</button>
        </div>
    }
}

/// A house rule on a setup form: a checkbox with its name and, under it, what it changes from
/// the classic rules. The whole row is the label, so the whole row is the target.
pub fn house_rule(checked: bool, onchange: Callback<bool>, label: &'static str, note: &'static str) -> Html {
    let onchange = onchange.reform(|e: Event| e.target_unchecked_into::<web_sys::HtmlInputElement>().checked());
    html! {
        <label class="check">
            <input type="checkbox" {checked} {onchange} />
            <span>{ label }<small>{ note }</small></span>
        </label>
    }
}

/// A labelled drop-down on a setup form; `options` from [`options`] or [`number_options`].
pub fn choice_field(id: &'static str, label: &'static str, options: Html, onchange: Callback<String>) -> Html {
    let onchange = onchange.reform(|e: Event| e.target_unchecked_into::<web_sys::HtmlSelectElement>().value());
    html! {
        <div class="field">
            <label for={id}>{ label }</label>
            <select {id} {onchange}>{ options }</select>
        </div>
    }
}

/// A drop-down's options, (value, what the player reads), `current` selected.
pub fn options(items: &[(&'static str, &'static str)], current: &str) -> Html {
    items.iter().map(|&(v, label)| html! { <option value={v} selected={v == current}>{ label }</option> }).collect()
}

/// A drop-down's options for the counts `values`, `current` selected.
pub fn number_options(values: impl IntoIterator<Item = u8>, current: u8) -> Html {
    values.into_iter().map(|n| html! { <option value={n.to_string()} selected={n == current}>{ n }</option> }).collect()
}

/// A seat's choice on a new-game form: a bot's level, or a person (pass-and-play: the screen is
/// handed round).
const SEAT_CHOICES: [(&str, &str); 4] =
    [("easy", "easy"), ("normal", "normal"), ("hard", "hard"), ("person", "a person (pass the screen)")];

/// Where a new-game form keeps its seats: the names and the levels (`None`: a person).
pub type SeatFields<T> = fn(&mut T) -> (&mut Vec<String>, &mut Vec<Option<Level>>);

/// The seats of a new-game form (the shedding games' and UNO Blackjack's): each one's name and,
/// after the first (the person at the page), a bot's level or a person. `seats` finds the names
/// and the levels (`None`: a person) in the form's state, which a change sets anew.
pub fn seat_rows<T: Clone + 'static>(state: &UseStateHandle<T>, seats: SeatFields<T>) -> Html {
    let on_seat = {
        let state = state.clone();
        Callback::from(move |(seat, name, value): (u8, bool, String)| {
            let mut next = (*state).clone();
            let (names, levels) = seats(&mut next);
            if name {
                names[seat as usize] = clean_name(&value, seat);
            } else {
                levels[seat as usize] = level_from_id(&value);
            }
            state.set(next);
        })
    };
    let mut shown = (**state).clone();
    let (names, levels) = seats(&mut shown);
    let bots = levels.iter().flatten().count();
    html! {
        <details class="house seats">
            <summary>{ format!("Seats: names, bots and people ({})", crate::ui::text::plural(bots, "bot")) }</summary>
            <p>{"Make any seat a person to play with friends on this screen: it is passed round, and covered between two people's turns until the next one is ready."}</p>
            { for names.iter().zip(levels).enumerate().map(|(seat, (name, level))| {
                let seat = seat as u8;
                let on_name = on_seat.reform(move |e: Event| (seat, true, e.target_unchecked_into::<web_sys::HtmlInputElement>().value()));
                let on_level = on_seat.reform(move |e: Event| (seat, false, e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()));
                html! {
                    <div class="seat-row" key={seat.to_string()}>
                        <label>{ format!("Seat {} name", seat + 1) }
                            <input type="text" maxlength="12" value={name.clone()} onchange={on_name} />
                        </label>
                        if seat > 0 {
                            <label>{ format!("Seat {}", seat + 1) }
                                <select onchange={on_level}>{ options(&SEAT_CHOICES, level.map_or("person", level_id)) }</select>
                            </label>
                        }
                    </div>
                }
            }) }
        </details>
    }
}
