//! The table kit: what every table page has, written once. The head row (the game's name, the
//! keyboard list "?", the rules, Menu, in that order), the document-wide shortcut listener and
//! its guard, keeping focus on the table, autosave, leaving with nothing at stake, and the
//! setup forms' fields. The shedding table draws its head row as markup (see
//! `shedding/controls.rs`: a tree of nodes would cost its page download it has not got) with the
//! same classes and order as [`TableHead`].

use crate::ui::storage::{self, Stored};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Whether a key belongs to the browser or a form, not to the table's shortcuts: with a
/// modifier held, or typed into a field.
pub fn not_a_shortcut(e: &KeyboardEvent) -> bool {
    e.ctrl_key()
        || e.meta_key()
        || e.alt_key()
        || e.target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
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

#[derive(Properties, PartialEq)]
pub struct TableHeadProps {
    pub title: AttrValue,
    pub help_open: bool,
    pub on_help: Callback<()>,
    pub rules_href: AttrValue,
    pub on_menu: Callback<()>,
    /// What the table adds after its name (the chips at the casino).
    #[prop_or_default]
    pub children: Html,
}

/// The head row of a table: its name, what the table adds, then "?" (the keyboard list), Rules
/// and Menu, the same at every table.
#[component]
pub fn TableHead(p: &TableHeadProps) -> Html {
    html! {
        <div class="table-head">
            <h2>{ p.title.clone() }</h2>
            { p.children.clone() }
            <button class="help-button" aria-label="Keyboard shortcuts" aria-expanded={p.help_open.to_string()}
                onclick={p.on_help.reform(|_| ())}>{"?"}</button>
            <a class="rules-link" href={p.rules_href.clone()}>{"Rules"}</a>
            <button onclick={p.on_menu.reform(|_| ())}>{"Menu"}</button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct HouseRuleProps {
    pub checked: bool,
    pub onchange: Callback<bool>,
    pub label: AttrValue,
    /// What it changes from the classic rules.
    pub note: AttrValue,
}

/// A house rule on a setup form: a checkbox with its name and, under it, what it changes. The
/// whole row is the label, so the whole row is the target.
#[component]
pub fn HouseRule(p: &HouseRuleProps) -> Html {
    let onchange = p.onchange.reform(|e: Event| e.target_unchecked_into::<web_sys::HtmlInputElement>().checked());
    html! {
        <label class="check">
            <input type="checkbox" checked={p.checked} {onchange} />
            <span>{ p.label.clone() }<small>{ p.note.clone() }</small></span>
        </label>
    }
}

#[derive(Properties, PartialEq)]
pub struct ChoiceFieldProps {
    pub id: AttrValue,
    pub label: AttrValue,
    /// (value, what the player reads).
    pub options: Vec<(AttrValue, AttrValue)>,
    pub selected: AttrValue,
    pub onchange: Callback<String>,
}

/// A labelled drop-down on a setup form.
#[component]
pub fn ChoiceField(p: &ChoiceFieldProps) -> Html {
    let onchange = p.onchange.reform(|e: Event| e.target_unchecked_into::<web_sys::HtmlSelectElement>().value());
    html! {
        <div class="field">
            <label for={p.id.clone()}>{ p.label.clone() }</label>
            <select id={p.id.clone()} {onchange}>
                { for p.options.iter().map(|(v, text)| html! {
                    <option value={v.clone()} selected={*v == p.selected}>{ text.clone() }</option>
                }) }
            </select>
        </div>
    }
}

/// Options 1, 2, … as a [`ChoiceField`] lists them.
pub fn numbers(values: impl IntoIterator<Item = u8>) -> Vec<(AttrValue, AttrValue)> {
    values.into_iter().map(|n| (AttrValue::from(n.to_string()), AttrValue::from(n.to_string()))).collect()
}
