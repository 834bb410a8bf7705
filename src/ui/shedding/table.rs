//! The shedding table. `SheddingTable` is a table on this device: it holds the game (through
//! `state.rs`), runs the bots and the clock, and feeds the shown seat's screen to
//! [`use_table_view`], which draws any seat's screen from its updates alone (a table with friends
//! online feeds it from the network). The view: the oval felt with every seat round it (`seats.rs`), the pile, stock and
//! direction in the middle (`centre.rs`), the player's hand along the bottom (`hand.rs`), the
//! actions, the log as a drawer, and the results at the end of a game or round (`end.rs`).
//! Effects run the bots (each on a timer of its own reaction time), the human's quick-play
//! clock, and the autosave; every timer is dropped (cancelled) when the state changes, and
//! anything that fires late is dropped by the reducer's state-id check. Single-key shortcuts
//! listen on the whole document while the table is shown, and focus never falls to <body>.

use super::centre::centre;
use super::controls::{actions, clock_note, cover, foot, head, key_action, log_lines, log_toggle, Look};
use super::end::{end, headline, EndActions};
use super::hand::{hand, HandProps};
use super::link::TableSetup;
use super::players::{clock_ms, use_table_players};
use super::screen::SeatScreen;
use super::seats::seats;
use super::state::{Msg, TableState};
use crate::engine::cards::Card;
use crate::engine::shedding::{Action, Preset};
use crate::ui::components::card::CardStyle;
use crate::ui::components::results::focus_primary;
use crate::ui::kit::use_table_keys;
use crate::ui::reducer::Reducer;
use crate::ui::settings::Settings;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Moves keyboard focus to the next (or previous) card in the hand.
fn move_focus(forward: bool) {
    let Some(active) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element()) else { return };
    if !active.class_name().starts_with("hand-card") {
        return;
    }
    let Some(item) = active.parent_element() else { return };
    let next = if forward { item.next_element_sibling() } else { item.previous_element_sibling() };
    if let Some(button) =
        next.and_then(|li| li.first_element_child()).and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = button.focus();
    }
}

/// When focus has fallen to <body> (the focused button was replaced): the page control used
/// last, else a playable card, else any card, else the table itself. Focus never stays on
/// <body>, where the shortcuts and a screen reader would lose the table. No scrolling.
///
/// When the turn waits for a suit to be named, focus goes to the suit buttons: nothing else
/// can be played then.
fn keep_focus(table: &NodeRef, last_ui: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(table) = table.cast::<web_sys::HtmlElement>() else { return };
    let find = |selector: &str| table.query_selector(selector).ok().flatten();
    let active = document.active_element();
    if let Some(suit) = find(".suit-picker button").and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        if active.as_ref().is_none_or(|a| a.closest(".suit-picker").ok().flatten().is_none()) {
            crate::ui::focus_quietly(&suit);
        }
        return;
    }
    let lost = active.is_none_or(|a| a.tag_name() == "BODY");
    if !lost {
        return;
    }
    let target = (!last_ui.is_empty())
        .then(|| find(&format!("[data-ui=\"{last_ui}\"]")))
        .flatten()
        .or_else(|| find(".hand-card.playable"))
        .or_else(|| find(".hand-card"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    crate::ui::focus_quietly(&target.unwrap_or(table));
}

/// The "?" list of keys (static markup: nothing to compute; HTML's optional end tags of `dt` and
/// `dd` left out, for the page's download).
const SHORTCUTS: &str = "<dl><dt><kbd>1</kbd>–<kbd>9</kbd><dd>play the 1st, 2nd… playable card\
<dt><kbd>←</kbd> <kbd>→</kbd><dd>move through your hand; <kbd>Enter</kbd> plays\
<dt><kbd>P</kbd><dd>pick up (or pass)<dt><kbd>F</kbd><dd>finished (a turn of several cards)\
<dt><kbd>L</kbd><dd>say “Last card”<dt><kbd>H</kbd> <kbd>D</kbd> <kbd>C</kbd> <kbd>S</kbd>\
<dd>name a suit<dt><kbd>?</kbd> <kbd>Esc</kbd><dd>show or hide this list</dl>";

#[derive(Properties)]
pub struct TableProps {
    /// The state to start from (a new deal or a restored save); key the component by game.
    pub initial: Rc<TableState>,
    pub settings: Settings,
    pub on_leave: Callback<()>,
    /// The player switched the hand's order (by rank or by suit): the page keeps it in settings.
    #[prop_or_default]
    pub on_sort: Callback<bool>,
    /// A setting changed at the table (the playable-cards assist, the clock): the page keeps it.
    #[prop_or_default]
    pub on_settings: Callback<Settings>,
    /// Play again: the same table and rules; the page deals it with a new seed.
    #[prop_or_default]
    pub on_play_again: Callback<TableSetup>,
    /// New game: the setup screen for these rules.
    #[prop_or_default]
    pub on_new_game: Callback<Preset>,
}

/// Props compare by identity: a new deal or restore is a new `Rc`, and deep-comparing two
/// games on every render would cost time and download size for nothing.
impl PartialEq for TableProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.initial, &other.initial)
            && self.settings == other.settings
            && self.on_leave == other.on_leave
            && self.on_sort == other.on_sort
            && self.on_settings == other.on_settings
            && self.on_play_again == other.on_play_again
            && self.on_new_game == other.on_new_game
    }
}

#[component]
pub fn SheddingTable(props: &TableProps) -> Html {
    let state = {
        let initial = props.initial.clone();
        use_reducer(move || Reducer((*initial).clone()))
    };
    let screen = &state.screen;
    let me = screen.me();
    // The bots, the quick-play clock and the autosave (`players.rs`); nothing runs while a
    // round's summary is open, a pass-and-play hand is covered, or the clock's first-time note or
    // the keyboard list is open (nobody misses a turn, or pays for a move, while reading it). The
    // list's open state lives here, not in the view, so that it can pause the table.
    let help_open = use_state(|| false);
    let reading = *help_open
        || !props.settings.clock_explained
            && clock_ms(screen.view.rules.spec(), props.settings.clock_scale).is_some()
            && screen.winner().is_none();
    use_table_players(&state, &props.settings, screen.between_rounds || state.covered || reading);
    // Mid-game a link carries the rules only: a link to the deal would tell every hidden card.
    let link = if screen.winner().is_some() {
        (state.setup.fragment(), "this deal")
    } else {
        (state.setup.rules_fragment(), "these rules")
    };
    // Pass-and-play: the calls of the other people at the table ("Last card", a dispute), from
    // the cover or the controls of whoever holds the screen.
    let others: Vec<Action> = if state.pass_and_play() {
        let persons = state.setup.persons().into_iter().filter(|&p| p != me);
        persons
            .flat_map(|p| state.game.legal_actions_for(p))
            .filter(|a| matches!(a, Action::CallLastCard { .. } | Action::Dispute { .. }))
            .collect()
    } else {
        Vec::new()
    };
    let send = |msg: fn() -> Msg| {
        let state = state.clone();
        Callback::from(move |()| state.dispatch(msg()))
    };
    let on_play_again = {
        let (cb, setup) = (props.on_play_again.clone(), state.setup.clone());
        Callback::from(move |()| cb.emit(setup.clone()))
    };
    let on_new_game = {
        let (cb, preset) = (props.on_new_game.clone(), state.setup.preset);
        Callback::from(move |()| cb.emit(preset))
    };
    // A finished daily game (the menu's "Today's deal"): its result line to share, as the menu
    // shows it (worked out from the game, no storage read: cheap enough for each render after
    // the end, and no hook to carry).
    let daily_line =
        if state.game.is_over() { crate::ui::daily::finished_share(&state.setup, &state.game) } else { None };
    use_table_view(TableView {
        screen,
        settings: &props.settings,
        covered: state.covered,
        ring: None,
        help_open,
        link,
        others,
        // The rules pages sit beside the menu, one level up from this page (`play/`).
        rules_href: format!("../rules/{}.html", state.setup.preset.id()),
        friends_href: Some(format!("../friends/?game={}", state.setup.preset.id())),
        replay_href: state
            .game
            .is_over()
            .then(|| format!("../replay/{}", crate::ui::replay::Replay::of(&state.setup, &state.game).fragment())),
        share: daily_line.map(|line| crate::ui::daily::share_line("daily-line".into(), line)),
        faces: None,
        // Every move is stamped with the state it was chosen in: a late one is dropped (or, if
        // its turn timed out meanwhile, explained).
        on_act: {
            let state = state.clone();
            Callback::from(move |(action, at)| state.dispatch(Msg::Act { action, at }))
        },
        on_uncover: send(|| Msg::Uncover),
        on_next_round: send(|| Msg::NextRound),
        on_leave: props.on_leave.clone(),
        on_sort: props.on_sort.clone(),
        on_settings: props.on_settings.clone(),
        on_play_again,
        on_new_game,
    })
}

/// What a table draws from, whatever feeds it: the shown seat's screen, and where each thing
/// the player does goes. A table on this device and a table with friends online both draw
/// through [`use_table_view`].
pub struct TableView<'a> {
    pub screen: &'a SeatScreen,
    pub settings: &'a Settings,
    /// Pass-and-play: the hand is covered until its person is ready.
    pub covered: bool,
    /// A clock run elsewhere (the host's, online): the seat it runs for, the ms left as it
    /// arrived and its full length. The rules' clock of the player's setting runs otherwise.
    pub ring: Option<(u8, u32, u32)>,
    /// The keyboard list ("?"): open or not, kept by the table's source, which pauses its
    /// clock and bots while the list is open.
    pub help_open: UseStateHandle<bool>,
    /// The share link and what it carries ("these rules", "this deal").
    pub link: (String, &'static str),
    /// Other people's calls that whoever holds the screen may make for them.
    pub others: Vec<Action>,
    pub rules_href: String,
    /// A move chosen on this screen, stamped with the state it was chosen in: the one shown when
    /// the press on it began (a tap in flight as the clock runs out is then known as late).
    pub on_act: Callback<(Action, u32)>,
    pub on_uncover: Callback<()>,
    pub on_next_round: Callback<()>,
    pub on_leave: Callback<()>,
    pub on_sort: Callback<bool>,
    pub on_settings: Callback<Settings>,
    pub on_play_again: Callback<()>,
    pub on_new_game: Callback<()>,
    /// "Play this with friends" at the game's end: the friends page with this game chosen (a
    /// table of one's own), none at a table with friends.
    pub friends_href: Option<String>,
    /// "Replay" at the game's end: the replay page with this game, where the table holds its
    /// deal and moves (a table with friends does not: the host's worker keeps the game).
    pub replay_href: Option<String>,
    /// A finished daily game's result line and its Share result, in the results (`None` for any
    /// other game; drawn by the table on this device, so that the friends and replay pages
    /// carry none of it).
    pub share: Option<Html>,
    /// A replay with every hand face up: each seat's cards, shown on the others' seats in place
    /// of their backs (the shown seat's are its hand along the bottom).
    pub faces: Option<Vec<Vec<Card>>>,
}

/// The table's own panels: the keyboard list (kept by the table's source), the call-out choices,
/// the log drawer, and the note on table talk (0: not yet used, 1: its note open, 2: told).
#[derive(Clone)]
struct Panels {
    help: UseStateHandle<bool>,
    callout: UseStateHandle<bool>,
    log: UseStateHandle<bool>,
    talk: UseStateHandle<u8>,
}

/// What the table remembers for its focus: the page control used last (it keeps the focus when
/// the table redraws), whether the player has used the table yet (a click or a key), and the
/// state shown when the latest press began (a tap is stamped with it).
#[derive(Clone)]
struct Focus {
    last_ui: Rc<RefCell<String>>,
    engaged: Rc<Cell<bool>>,
    pressed: Rc<Cell<Option<u32>>>,
}

/// What a move on this render does besides itself: the state it is stamped with, whether it
/// closes the clock's first note (any move does), and what table talk costs under these rules
/// (its first use explains instead of saying it).
#[derive(Clone, Copy)]
struct MoveCtx {
    at: u32,
    note_open: bool,
    talk_cost: Option<u8>,
}

/// A move: a first word of table talk that costs a card opens its note instead; any move closes
/// the clock's first note (the clock starts with it). Sent stamped with `at`.
fn make_move(t: &TableView<'_>, panels: &Panels, ctx: MoveCtx) -> Callback<(Action, u32)> {
    let (on_act, on_settings, settings, talk) =
        (t.on_act.clone(), t.on_settings.clone(), t.settings.clone(), panels.talk.clone());
    Callback::from(move |(action, at): (Action, u32)| {
        let costly =
            matches!(action, Action::Say { phrase, .. } if phrase.is_infringement()) && ctx.talk_cost.is_some();
        if costly && *talk == 0 {
            talk.set(1);
            return;
        }
        if *talk == 1 {
            talk.set(2);
        }
        if ctx.note_open {
            on_settings.emit(Settings { clock_explained: true, ..settings.clone() });
        }
        on_act.emit((action, at));
    })
}

/// Every button of the table says what it does in `data-act` (an action's code) or `data-ui`;
/// one listener handles them all, and the last page control used keeps the focus. A move is
/// stamped with the state shown when the press on it began (a click from the keyboard: now).
fn table_click(t: &TableView<'_>, panels: &Panels, focus: &Focus, by_rank: bool, ctx: MoveCtx) -> Callback<MouseEvent> {
    let settings = t.settings.clone();
    let assist = settings.show_playable;
    let (on_uncover, on_leave, on_sort, on_settings) =
        (t.on_uncover.clone(), t.on_leave.clone(), t.on_sort.clone(), t.on_settings.clone());
    let on_move = make_move(t, panels, ctx);
    let (panels, focus) = (panels.clone(), focus.clone());
    Callback::from(move |e: MouseEvent| {
        focus.engaged.set(true);
        let pressed = focus.pressed.take().filter(|_| e.detail() > 0);
        let Some(el) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("[data-act], [data-ui]").ok().flatten())
        else {
            return;
        };
        if let Some(action) = el.get_attribute("data-act").as_deref().and_then(Action::from_code) {
            focus.last_ui.borrow_mut().clear();
            on_move.emit((action, pressed.unwrap_or(ctx.at)));
            return;
        }
        let ui = el.get_attribute("data-ui").unwrap_or_default();
        let flip = |h: &UseStateHandle<bool>| h.set(!**h);
        match ui.as_str() {
            "menu" => on_leave.emit(()),
            "uncover" => on_uncover.emit(()),
            "help" => flip(&panels.help),
            "callout" => flip(&panels.callout),
            "log" => flip(&panels.log),
            "sort" => on_sort.emit(!by_rank),
            "clock-ok" => on_settings.emit(Settings { clock_explained: true, ..settings.clone() }),
            "assist" => on_settings.emit(Settings { show_playable: !assist, ..settings.clone() }),
            _ => return,
        }
        *focus.last_ui.borrow_mut() = ui;
    })
}

/// The clock's note offers the clock's lengths: choosing one also closes the note.
fn clock_choice(t: &TableView<'_>) -> Callback<yew::Event> {
    let (on_settings, settings) = (t.on_settings.clone(), t.settings.clone());
    Callback::from(move |e: yew::Event| {
        let select = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok());
        if let Some(select) = select.filter(|s| s.get_attribute("data-ui").as_deref() == Some("clock")) {
            let clock_scale = select.value().parse::<u8>().ok().filter(|&n| n > 0);
            on_settings.emit(Settings { clock_scale, clock_explained: true, ..settings.clone() });
        }
    })
}

/// Keyboard play from anywhere on the table screen (the kit's document listener hands on only
/// the table's keys); made anew each render, with the latest moves. Nothing is played from the
/// keys while the hand is covered.
fn table_keys(
    t: &TableView<'_>,
    cards: &[Card],
    panels: &Panels,
    focus: &Focus,
    ctx: MoveCtx,
) -> Callback<KeyboardEvent> {
    let help = &panels.help;
    let me = t.screen.me();
    let legal = if t.covered { Vec::new() } else { t.screen.view.legal.clone() };
    let may_guess = t.settings.show_playable || t.screen.view.rules.spec().penalties.wrong_card.is_none();
    let playable: Vec<Action> =
        cards.iter().map(|&card| Action::Play { seat: me, card }).filter(|a| legal.contains(a) && may_guess).collect();
    let (on_move, help, engaged) = (make_move(t, panels, ctx), help.clone(), focus.engaged.clone());
    Callback::from(move |e: KeyboardEvent| {
        engaged.set(true);
        let key = e.key().to_ascii_lowercase();
        match key.as_str() {
            "arrowleft" | "arrowright" => move_focus(key == "arrowright"),
            "?" => help.set(!*help),
            "escape" => help.set(false),
            _ => {
                if let Some(action) = key_action(&key, me, &legal, &playable) {
                    e.prevent_default();
                    on_move.emit((action, ctx.at));
                }
            }
        }
    })
}

/// The table as markup and handlers, from a [`TableView`]: felt, seats, centre, hand, actions,
/// log and results; its own panels (keys, call-out, log) and focus-keeping are kept here.
#[hook]
pub fn use_table_view(t: TableView<'_>) -> Html {
    let TableView { screen, settings, .. } = t;
    let view = &screen.view;
    let style = CardStyle { four_colour: settings.four_colour, high_contrast: settings.high_contrast };
    let panels = Panels {
        help: t.help_open.clone(),
        callout: use_state(|| false),
        log: use_state(|| false),
        talk: use_state(|| 0u8),
    };
    let focus = Focus {
        last_ui: use_mut_ref(String::new),
        engaged: (*use_memo((), |_| Rc::new(Cell::new(false)))).clone(),
        pressed: (*use_memo((), |_| Rc::new(Cell::new(None)))).clone(),
    };
    let table_ref = use_node_ref();
    let paused = screen.between_rounds || t.covered;
    // The clock waits while its note is open: nobody pays for a move before being told of it.
    let explained = settings.clock_explained;
    let spec = view.rules.spec();
    let over = screen.winner();
    // The engine keeps a hand by suit, then rank; the player may prefer rank, then suit.
    let by_rank = settings.sort_by_rank;
    let mut cards = view.hand.clone();
    if by_rank {
        crate::engine::sort::sort_small_by_key(&mut cards, |c| (c.rank, c.suit));
    }
    // The quick-play clock, as the active seat's ring (the engine only ever sees the timeout),
    // nor while the keyboard list pauses the table: the ring starts afresh after.
    let rules_clock = clock_ms(spec, settings.clock_scale).filter(|_| over.is_none() && !paused);
    let clock_ms = rules_clock.filter(|_| explained && !*panels.help).map(|ms| (ms, ms));
    let clock_ms = match t.ring {
        Some((seat, left, full)) if seat == view.current && over.is_none() => Some((left, full)),
        _ => clock_ms,
    };
    let ended = over.is_some() || screen.between_rounds;
    let explain_clock = rules_clock.filter(|_| !explained);
    let talk_cost = spec.penalties.table_talk;
    let ctx = MoveCtx { at: screen.at(), note_open: explain_clock.is_some(), talk_cost };

    let onclick = table_click(&t, &panels, &focus, by_rank, ctx);
    // A press begins: a tap is stamped with the state shown now, whenever its click lands.
    let onpointerdown = {
        let (pressed, at) = (focus.pressed.clone(), screen.at());
        Callback::from(move |_: PointerEvent| pressed.set(Some(at)))
    };
    let onchange = clock_choice(&t);
    // After every move (and when a panel opens or closes), focus stays on the table; only once
    // the player has used it: until then focus stays where the page put it, and no focus ring
    // appears on a card nobody chose.
    {
        let (table_ref, focus) = (table_ref.clone(), focus.clone());
        let deps = (screen.at(), paused, *panels.help, *panels.callout, *panels.log, settings.clone());
        use_effect_with(deps, move |_| {
            if focus.engaged.get() {
                keep_focus(&table_ref, &focus.last_ui.borrow());
            }
        });
    }
    // The results dialog (a view function, see `end.rs`): folded at the state it was folded at,
    // and unfolded again once it has closed (a replay stepped back and forth opens it anew, as
    // the component did); its primary action focused when it opens or unfolds, after the
    // table's own focus-keeping above.
    let folded = use_state(|| None::<u32>);
    let primary = use_node_ref();
    let is_folded = *folded == Some(screen.at());
    {
        let (primary, folded) = (primary.clone(), folded.clone());
        use_effect_with((screen.at(), is_folded, ended), move |&(_, _, ended)| {
            if !ended && folded.is_some() {
                folded.set(None);
            }
            focus_primary(&primary)
        });
    }
    use_table_keys(table_keys(&t, &cards, &panels, &focus, ctx));

    let announce = match over {
        Some(w) => headline(screen, w),
        None if screen.between_rounds => format!("Round {} is over.", screen.rounds.len()),
        None => String::new(),
    };
    let assist = settings.show_playable;
    let penalises_wrong = spec.penalties.wrong_card.is_some();
    let log_open = *panels.log;
    let look = Look {
        screen,
        view,
        link: t.link,
        rules_href: &t.rules_href,
        others: &t.others,
        ended,
        help_open: *panels.help,
        callout_open: *panels.callout,
        log_open,
        penalises_wrong,
        assist,
        by_rank,
        explain_clock,
        clock_scale: settings.clock_scale,
        talk_cost,
        talk_note: *panels.talk == 1,
    };
    let end_actions = EndActions {
        play_again: t.on_play_again,
        next_round: t.on_next_round,
        new_game: t.on_new_game,
        menu: t.on_leave,
        friends: t.friends_href.map(AttrValue::from),
        replay: t.replay_href.map(AttrValue::from),
        share: t.share,
        folded: is_folded,
        on_fold: {
            let (folded, at) = (folded.clone(), screen.at());
            Callback::from(move |f: bool| folded.set(f.then_some(at)))
        },
        primary,
    };
    let raw = |h: String| Html::from_html_unchecked(h.into());
    html! {
        <section ref={table_ref} tabindex="-1" aria-label="Card table" {onclick} {onchange} {onpointerdown}
            class={classes!("table", "shed", settings.reduce_motion.then_some("reduce-motion"))}>
            { raw(head(&look)) }
            // The clock's first note lies over the felt, never above the hand (on a phone it
            // pushed the hand off the first screen): the table is paused under it, and looks it.
            <div class={classes!("felt", (screen.players() > 8).then_some("many"), explain_clock.is_some().then_some("paused"))}>
                { seats(screen, clock_ms, t.faces.as_deref()) }
                { centre(screen, style) }
                { raw(clock_note(&look)) }
            </div>
            if let Some(text) = screen.notice.clone() {
                <p class="refusal" role="status">{ text }</p>
            }
            if t.covered && !ended {
                { raw(cover(&look)) }
            } else if !ended {
                { raw(actions(&look)) }
                { hand(HandProps { cards: &cards, view, penalises_wrong, assist, style }) }
                { raw(foot(&look)) }
            }
            <div class={classes!("log-drawer", log_open.then_some("open"))}>
                { raw(log_toggle(log_open)) }
                <ul id="game-log" class="log" aria-live="polite" aria-label="Game log" tabindex={log_open.then_some("0")}>{ raw(log_lines(&screen.log, log_open)) }</ul>
            </div>
            <p class="sr-cards" role="status">{ announce }</p>
            { end(screen, &t.rules_href, end_actions) }
            if *panels.help {
                <div class="shortcuts" role="dialog" aria-label="Keyboard shortcuts">
                    <h3>{"Keyboard shortcuts"}</h3>
                    { raw(SHORTCUTS.into()) }
                    <button data-ui="help">{"Close"}</button>
                </div>
            }
        </section>
    }
}
