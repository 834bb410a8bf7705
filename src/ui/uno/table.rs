//! The UNO Blackjack table: seats around an oval felt (placed by `static/uno.css` from each
//! seat's number and the player count), each with its queue, its revealed stack and total, the
//! starter token and its latest act; the deck and the trash in the centre; Hit and Pass, and
//! Fast-forward and Leave once the player has nothing left to decide. Bots play on timers that
//! are dropped when the state changes, and each round is revealed by itself after a pause the
//! player may lengthen; the table is saved after every change. A round's result shows on the
//! table; the game ends in a results dialog.

use super::card::UnoCardView;
use super::replay::{UnoReplay, PREFIX, RECENT_KEY};
use super::state::{level_name, parse_level, Msg, RoundEnd, UnoChoice, UnoScreen, UnoState, SAVE_KEY, SAVE_VERSION};
use super::words::{game_length, is_you, names_of};
use crate::engine::uno::{Action, Phase, Seat, Status};
use crate::ui::components::results::{ResultRow, ResultsDialog};
use crate::ui::kit::{
    self, choice_field, house_rule, number_options, options, seat_rows, table_head, use_autosave, use_next_move,
    use_table_keys,
};
use crate::ui::reducer::Reducer;
use crate::ui::settings::{Settings, REVEAL_TENTHS};
use crate::ui::text::plural;
use std::rc::Rc;
use yew::prelude::*;

/// The keyboard shortcuts, as static markup (cheaper in the page than built node by node).
const KEYS: &str = "<dl><dt><kbd>H</kbd></dt><dd>Hit</dd><dt><kbd>P</kbd></dt><dd>Pass</dd>\
<dt><kbd>R</kbd></dt><dd>Reveal the next round</dd><dt><kbd>F</kbd></dt><dd>Fast-forward, once you are bust, passed or out</dd>\
<dt><kbd>?</kbd></dt><dd>Show or hide this list</dd></dl>";

/// The players' rules page, from `uno/`.
pub const RULES_HREF: &str = "../rules/uno-blackjack.html";

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub on_start: Callback<UnoChoice>,
    pub on_cancel: Callback<()>,
}

#[component]
pub fn UnoSetup(props: &SetupProps) -> Html {
    let choice = use_state(UnoChoice::default);
    let c = &*choice;
    let change = |f: fn(&mut UnoChoice, String)| {
        let choice = choice.clone();
        Callback::from(move |v: String| {
            let mut n = (*choice).clone();
            f(&mut n, v);
            choice.set(n);
        })
    };
    let on_players = change(|c, v| c.resize(v.parse().unwrap_or(c.players)));
    // Every bot's level at once; a seat's own choice is on its row.
    let on_level = change(|c, v| {
        let level = parse_level(&v).unwrap_or(c.bot_level());
        c.levels.iter_mut().filter(|l| l.is_some()).for_each(|l| *l = Some(level));
    });
    let flag = |f: fn(&mut UnoChoice, bool)| {
        let choice = choice.clone();
        Callback::from(move |v: bool| {
            let mut n = (*choice).clone();
            f(&mut n, v);
            choice.set(n);
        })
    };
    let levels = options(
        &[("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")],
        &level_name(c.bot_level()).to_ascii_lowercase(),
    );
    let start = {
        let on_start = props.on_start.clone();
        let c = c.clone();
        Callback::from(move |_: MouseEvent| on_start.emit(c.clone()))
    };
    let bots = c.levels.iter().flatten().count();
    let people = c.players as usize - bots;
    let who = match people {
        1 => format!("you and {}", plural(bots, "bot")),
        _ if bots == 0 => format!("{people} people, passing the screen"),
        _ => format!("{people} people, passing the screen, and {}", plural(bots, "bot")),
    };
    html! {
        <section class="setup uno-setup" aria-labelledby="uno-setup-title">
            <h2 id="uno-setup-title">{"UNO Blackjack"}</h2>
            <p class="lead">{"Blackjack with UNO cards. Each round everyone turns up cards from their own face-down queue, then hits or passes to get closest to 21. The round's winners take new cards; run out and you are out. The last player with cards wins."}</p>
            <div class="uno-groups">
                <fieldset class="group">
                    <legend>{"Table"}</legend>
                    { choice_field("uno-players", "Players (you and bots)", number_options(2..=10, c.players), on_players) }
                    { choice_field("uno-level", "Bot level", levels, on_level) }
                    { seat_rows(&choice, |c| (&mut c.names, &mut c.levels)) }
                </fieldset>
                <fieldset class="group">
                    <legend>{"House rules"}</legend>
                    { house_rule(c.skip_zero, flag(|c, v| c.skip_zero = v), "Skip cards count 0",
                        "The classic rules count them 10, like Reverse and Draw Two.") }
                    { house_rule(c.pass_again, flag(|c, v| c.pass_again = v), "A pass lasts one go-around",
                        "Classic: a pass is final for the round, as in Blackjack.") }
                    { house_rule(c.deal_back_in, flag(|c, v| c.deal_back_in = v), "Deal players with no cards back in",
                        "Instead of going out, they turn up cards from the deck.") }
                    { house_rule(c.latecomer, flag(|c, v| c.latecomer = v), "A latecomer joins after round 1",
                        "The last bot joins late and needs a win within three rounds (3 players or more).") }
                    { house_rule(c.short, flag(|c, v| c.short = v), "A short game",
                        "Everyone starts with 8 cards, not 15: a game in about a third of the time.") }
                </fieldset>
            </div>
            <section class="group uno-summary" aria-labelledby="uno-summary-title">
                <h3 id="uno-summary-title">{"At this table"}</h3>
                <ul>
                    <li>{ if bots == 0 {
                        format!("{} players: {who}.", c.players)
                    } else {
                        format!("{} players: {who} ({}).", c.players, level_name(c.bot_level()))
                    } }</li>
                    <li>{ if c.short {
                        "Everyone starts with 8 cards face down (house rule: a short game)."
                    } else {
                        "Everyone starts with 15 cards face down."
                    } }</li>
                    <li>{ if c.skip_zero {
                        "Numbers count their value, Skip 0 (house rule), Reverse and Draw Two 10; a Wild is an ace, 11 or 1."
                    } else {
                        "Numbers count their value, Skip, Reverse and Draw Two 10; a Wild is an ace, 11 or 1."
                    } }</li>
                    <li>{ if c.pass_again {
                        "A pass lasts one go-around: you are asked again until everyone passes in a row (house rule)."
                    } else {
                        "A pass is final for the round."
                    } }</li>
                    <li>{ if c.deal_back_in {
                        "With no cards left you are dealt back in from the deck (house rule)."
                    } else {
                        "With no cards left at the end of a round, you are out."
                    } }</li>
                    if c.latecomer && c.players >= 3 {
                        <li>{ format!("{} sits out round 1, then joins (house rule).", c.table_names()[c.players as usize - 1]) }</li>
                    }
                </ul>
                <p class="game-length">{ game_length(c.players, c.short) }</p>
                <p><a class="rules-link" href={RULES_HREF}>{"How to play UNO Blackjack"}</a></p>
            </section>
            <div class="setup-actions">
                <button class="play primary" onclick={start}>{"Start"}</button>
                <button onclick={props.on_cancel.reform(|_| ())}>{"Back"}</button>
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct TableProps {
    pub initial: Rc<UnoState>,
    pub on_leave: Callback<()>,
}

/// One seat: name and level, the queue as a stack of backs with its count, the revealed stack
/// fanned with its total, the starter token and the latest act.
fn seat_view(screen: &UnoScreen, seat: Seat) -> Html {
    let v = &screen.view;
    let status = screen.status(seat);
    let busted = v.busted.get(seat as usize).copied().unwrap_or(false);
    let me = seat == screen.me();
    let active = screen.turn() == Some(seat);
    let shown = &screen.shown[seat as usize];
    let won = screen.turn().is_none() && screen.last.as_ref().is_some_and(|l| l.winners.contains(&seat));
    // Bust and passed are the seat's latest act; the tag is for where the player stands in the game.
    let tag = match status {
        Status::Out => "out",
        Status::Waiting => "waiting",
        Status::Joining { .. } => "from the deck",
        Status::Playing => "",
    };
    let whose = if me { "Your".to_string() } else { format!("{}'s", screen.name(seat)) };
    let queue = v.queue_sizes.get(seat as usize).map_or(0, |&q| q as usize);
    let round = v.round;
    // Places round the felt count from the shown seat, drawn at the foot (on a shared screen,
    // the person holding it), so the others keep their order and nobody sits under it.
    let n = screen.players();
    let place = (seat as usize + n - screen.me() as usize) % n;
    html! {
        <li class={classes!("uno-player", active.then_some("active"), me.then_some("me"), won.then_some("won"),
                (status == Status::Out).then_some("out"), busted.then_some("bust"))}
            style={format!("--k:{place}")} aria-current={active.then_some("true")}>
            <p class="seat-name">
                <span class="who">{ screen.name(seat).to_string() }</span>
                // A bot's level; a person's seat has none.
                if let Some(level) = screen.level(seat) { <span class="level">{ level_name(level) }</span> }
                if v.starter == seat {
                    <span class="starter" title="Starts this round">{"★"}<span class="sr-cards">{" starter"}</span></span>
                }
            </p>
            <div class="seat-cards">
                <p class={classes!("queue", (queue == 0).then_some("empty"))} title={format!("Queue: {}", plural(queue, "card"))}>
                    <UnoCardView card={None} />
                    <span class="count" aria-hidden="true">{ queue }</span>
                    <span class="sr-cards">{ format!("Queue: {}", plural(queue, "card")) }</span>
                </p>
                <div role="group" class="cards stack" aria-label={format!("{whose} stack: {}",
                        shown.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "))}>
                    { for shown.iter().enumerate().map(|(i, c)| {
                        let fresh = screen.fresh.iter().position(|f| f.seat == seat && f.index == i);
                        let from_deck = fresh.is_some_and(|o| screen.fresh[o].from_deck);
                        html! {
                            <span key={format!("{round}.{i}")} class={classes!("slot", fresh.map(|_| "fly"), from_deck.then_some("from-deck"))}
                                  style={fresh.map(|o| format!("--i:{o}"))}>
                                <UnoCardView card={Some(*c)} />
                            </span>
                        }
                    }) }
                </div>
            </div>
            <p class="total">
                if !shown.is_empty() { <span class="sum"><span class="word">{"Total "}</span>{ screen.totals[seat as usize] }</span> }
                if !tag.is_empty() { <span class="tag">{ tag }</span> }
            </p>
            if let Some(act) = screen.acts.get(seat as usize) {
                <p class="act">{ act.what.clone() }<span class="detail">{ act.detail.clone() }</span></p>
            }
        </li>
    }
}

/// The deck, the trash with its top card, the round and the direction of play.
fn centre_view(screen: &UnoScreen) -> Html {
    let v = &screen.view;
    html! {
        <div class="uno-centre">
            <p class="round-info">
                { if v.round == 0 { "First round".to_string() } else { format!("Round {}", v.round) } }
                // Each of the direction's lines a box of its own: where it takes two lines, the
                // words keep the width of the longer one, where one wrapped line would take the
                // centre's whole width and run under a side seat.
                <span class="dir">
                    <span class="dir-words">{"play goes "}</span>
                    <span class="dir-way">
                        <span class="dir-words">{ if v.clockwise { "clockwise " } else { "anticlockwise " } }</span>
                        { if v.clockwise { "↻" } else { "↺" } }
                    </span>
                </span>
            </p>
            <div class="piles">
                <div class="uno-deck">
                    <UnoCardView card={None} />
                    <span class="pile-count"><span class="word">{"Deck "}</span>{ v.deck }</span>
                </div>
                <div class="uno-trash">
                    if v.trash.is_empty() { <span class="empty-slot"></span> } else { <UnoCardView card={v.trash.last().copied()} /> }
                    <span class="pile-count"><span class="word">{"Trash "}</span>{ v.trash.len() }</span>
                </div>
            </div>
        </div>
    }
}

fn round_title(screen: &UnoScreen, l: &RoundEnd) -> String {
    match l.winners.as_slice() {
        [] => format!("Round {}: no winner", l.round),
        [w] if is_you(&screen.names, *w) => format!("You win round {}", l.round),
        [w] => format!("{} wins round {}", screen.name(*w), l.round),
        ws => format!("{} share round {}", names_of(&screen.names, ws), l.round),
    }
}

/// The end of the game: winners first, then the others by how long they lasted.
fn game_rows(screen: &UnoScreen, winners: &[Seat]) -> Vec<ResultRow> {
    let n = screen.players();
    // Lasting longer is better: a winner beats everyone, a later exit an earlier one.
    let rank =
        |s: usize| if winners.contains(&(s as Seat)) { u32::MAX } else { screen.out_round[s].unwrap_or(u32::MAX - 1) };
    let mut order: Vec<usize> = (0..n).collect();
    // An insertion sort: ten seats at most, and no second copy of the library's sort in the page.
    for i in 1..n {
        let mut j = i;
        while j > 0 && rank(order[j - 1]) < rank(order[j]) {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    order
        .iter()
        .map(|&s| {
            let place = 1 + (0..n).filter(|&o| rank(o) > rank(s)).count();
            let out = screen.out_round[s].map_or("–".to_string(), |r| format!("round {r}"));
            let queue = plural(screen.view.queue_sizes[s] as usize, "card");
            let me = s == screen.me() as usize;
            ResultRow::new(
                vec![place.to_string().into(), screen.name(s as Seat).to_string().into(), queue.into(), out.into()],
                me,
            )
        })
        .collect()
}

/// The page's clock for fast-forward's chunks (0 where the page has none: then a chunk ends by
/// its count of moves).
fn page_clock() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// A new game: the save is cleared and the page opens the UNO new-game screen.
fn new_game() {
    kit::clear_save(SAVE_KEY);
    let Some(w) = web_sys::window() else { return };
    let _ = w.location().set_hash("uno");
    let _ = w.location().reload();
}

/// What the table's controls do: the source of the screen (this device's game, or a host) acts
/// on them.
pub struct Look {
    pub act: Callback<Action>,
    pub fast_forward: Callback<()>,
    pub help: bool,
    pub toggle_help: Callback<()>,
    /// Pass-and-play: the table is covered until the person it was handed to is ready.
    pub covered: bool,
    pub uncover: Callback<()>,
    pub on_leave: Callback<()>,
    pub restart: Callback<()>,
    pub table: NodeRef,
    /// A table with friends: the host reveals each round and nobody fast-forwards; a new game is
    /// a new table (`restart`), not this device's saved game.
    pub online: bool,
    pub rules_href: &'static str,
    /// This device's own controls beside the log (the pause before each round), or nothing.
    pub extra: Html,
    /// "Replay" in the results: the replay page with this finished game, where the page holds
    /// its deal and moves (a friend's page does not: the host's worker keeps the game).
    pub replay_href: Option<String>,
    /// A finished daily game's result line and its Share result, in the results (`None` for
    /// any other game; drawn by the page that has one, so the others carry none of it).
    pub share: Option<Html>,
}

#[component]
pub fn UnoTable(props: &TableProps) -> Html {
    let initial = props.initial.clone();
    let state = use_reducer(move || Reducer((*initial).clone()));
    let help = use_state(|| false);
    let table = use_node_ref();
    let at = state.at();
    // Uncovering starts what waited for the next person (a bot's move after a reload).
    let key = (state.seed, at, state.covered);

    {
        let s = state.clone();
        use_autosave(SAVE_KEY, SAVE_VERSION, key, move || s.stored());
    }
    // Bots on timers; the next round starts by itself when the player is out of the game. A
    // fast-forward under way goes on in the next task, after the page has painted its chunk.
    {
        let d = state.dispatcher();
        let next = if state.forwarding {
            Some((0, Msg::FastForward { at, clock: page_clock }))
        } else {
            state.auto_action().map(|(action, ms)| (ms, Msg::Act { action, at }))
        };
        // A pause changed restarts the wait for the next round.
        use_next_move((key, state.pause_ms), next.map(|(ms, msg)| (ms, Callback::from(move |()| d.dispatch(msg)))));
    }
    // Focus stays on the table; when the control that had it went away or turned disabled, the
    // player's first usable control (Hit, Reveal…) takes it, so a keyboard player never looks for it.
    {
        let table = table.clone();
        use_effect_with(key, move |_| {
            kit::keep_focus(&table, ".cover button, [aria-label='Your controls'] button:not([disabled])")
        });
    }
    let toggle_help = {
        let help = help.clone();
        Callback::from(move |()| help.set(!*help))
    };
    let on_key = {
        let s = state.clone();
        let help = help.clone();
        Callback::from(move |e: KeyboardEvent| {
            let (screen, at) = (&s.screen, s.at());
            // A covered table takes no moves: the next person taps when ready.
            if s.covered && e.key() != "?" {
                return;
            }
            let me = screen.me();
            let msg = match e.key().as_str() {
                "?" => {
                    help.set(!*help);
                    e.prevent_default();
                    return;
                }
                "Escape" => return help.set(false),
                "h" | "H" => Msg::Act { action: Action::Hit { seat: me }, at },
                "p" | "P" => Msg::Act { action: Action::Pass { seat: me }, at },
                "r" | "R" => Msg::Act { action: Action::Reveal, at },
                "f" | "F" if !screen.is_over() && (screen.i_am_done() || !screen.people_in()) => {
                    Msg::FastForward { at, clock: page_clock }
                }
                _ => return,
            };
            if matches!(msg, Msg::Act { action, .. } if !screen.is_legal(action)) {
                return;
            }
            e.prevent_default();
            s.dispatch(msg);
        })
    };
    use_table_keys(on_key);
    // The pause before each round: the player's setting, read once and saved when changed.
    {
        let d = state.dispatcher();
        use_effect_with((), move |_| {
            d.dispatch(Msg::Pause { ms: u32::from(crate::ui::load_settings().0.reveal_tenths) * 100 })
        });
    }
    let on_pause = {
        let d = state.dispatcher();
        Callback::from(move |e: Event| {
            let tenths =
                e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse().unwrap_or(REVEAL_TENTHS[0]);
            let settings = Settings { reveal_tenths: tenths, ..crate::ui::load_settings().0 };
            crate::ui::storage::save(crate::ui::settings::KEY, crate::ui::settings::VERSION, &settings);
            d.dispatch(Msg::Pause { ms: u32::from(tenths) * 100 });
        })
    };
    // A finished game is kept for the replay page, and its results offer its replay; a daily
    // game goes into the daily record, and its results offer its line to share.
    let replay_href = state.game.is_over().then(|| UnoReplay::of(&state.choice, &state.game).fragment());
    let share = use_state(|| None);
    {
        let body = replay_href.as_ref().map(|f| f[PREFIX.len()..].to_string());
        let (s, share) = (state.clone(), share.clone());
        use_effect_with(body, move |body| {
            if let Some(body) = body {
                crate::ui::replay::keep_in(RECENT_KEY, body.clone());
                share.set(crate::ui::daily::keep_uno(&s.choice, &s.game));
            }
        });
    }
    let look = Look {
        act: {
            let s = state.clone();
            Callback::from(move |action| s.dispatch(Msg::Act { action, at }))
        },
        fast_forward: {
            let s = state.clone();
            Callback::from(move |()| s.dispatch(Msg::FastForward { at, clock: page_clock }))
        },
        help: *help,
        toggle_help,
        covered: state.covered,
        uncover: {
            let s = state.clone();
            Callback::from(move |()| s.dispatch(Msg::Uncover))
        },
        on_leave: props.on_leave.clone(),
        restart: {
            let s = state.clone();
            Callback::from(move |()| {
                s.dispatch(Msg::Restart { seed: getrandom::u64().unwrap_or(s.seed.wrapping_add(1)) })
            })
        },
        table,
        online: false,
        rules_href: RULES_HREF,
        extra: html! {
            <p class="uno-pause"><label for="uno-pause">{"Pause before each round"}</label>
                <select id="uno-pause" onchange={on_pause}>
                    { for REVEAL_TENTHS.iter().map(|&t| html! {
                        <option value={t.to_string()} selected={u32::from(t) * 100 == state.pause_ms}>
                            { format!("{}.{} s", t / 10, t % 10) }
                        </option>
                    }) }
                </select>
            </p>
        },
        replay_href: replay_href.map(|f| format!("../replay/uno/{f}")),
        share: (*share).clone().map(|line| crate::ui::daily::share_line("daily-line".into(), line)),
    };
    table_view(&state.screen, look)
}

/// The table as one seat's screen shows it: drawn from the screen alone (a table with friends
/// feeds the same screen from the network).
pub fn table_view(screen: &UnoScreen, look: Look) -> Html {
    let v = &screen.view;
    let me = screen.me();
    let my_turn = screen.my_turn();
    let can_hit = my_turn && screen.is_legal(Action::Hit { seat: me });
    let over = screen.is_over();
    // On a shared screen, what waits for a person waits for any person still in the game.
    let people_in = screen.people_in();
    let can_ff = !over && (screen.i_am_done() || !people_in) && !look.online;
    let round_over = v.phase == Phase::RoundStart && screen.last.is_some() && people_in;
    let reveal = !look.online;
    let rules_href = look.rules_href;
    let act = |action: Action| look.act.reform(move |_: MouseEvent| action);
    let shared = screen.shared();
    let phase_text = match &v.phase {
        Phase::RoundStart if reveal => format!("Round {} is revealed in a moment.", v.round.saturating_add(1)),
        Phase::RoundStart => format!("Round {}: reveal phase next.", v.round.saturating_add(1)),
        Phase::Match { .. } if my_turn && shared => format!("{}: your turn, hit or pass?", screen.name(me)),
        Phase::Match { .. } if my_turn => "Your turn: hit or pass?".to_string(),
        Phase::Match { turn } => format!("{}'s turn to hit or pass.", screen.name(*turn)),
        Phase::Over { winners } => format!("Game over. Winner: {}.", names_of(&screen.names, winners)),
    };
    let n = screen.players();
    // The results of the game, or of the round the player just played (not while watching).
    let results = match &v.phase {
        Phase::Over { winners } => Some((
            match winners.as_slice() {
                [w] if is_you(&screen.names, *w) => "You win!".to_string(),
                [w] => format!("{} wins", screen.name(*w)),
                ws => format!("{} share the win", names_of(&screen.names, ws)),
            },
            format!("The last with cards in the queue, after {}.", plural(v.round as usize, "round")),
            ["Place", "Player", "Queue", "Out"],
            game_rows(screen, winners),
            "Play again".to_string(),
            look.restart.clone(),
        )),
        _ => None,
    };
    // A round's result is shown on the table, over the felt's foot, and the next round goes on
    // by itself after a few seconds (`auto_action`) or at a tap: one game had 75 rounds, and a
    // dialog after each was 74 clicks.
    let round_result = screen.last.as_ref().filter(|_| round_over).map(|l| {
        let mut text = round_title(screen, l);
        if l.winners.is_empty() {
            text.push_str(": everyone went bust, the cards go to the trash.");
        } else {
            let _ = std::fmt::Write::write_fmt(&mut text, format_args!(" with {}.", l.total));
        }
        let out: Vec<Seat> = (0..n as Seat).filter(|&s| screen.out_round[s as usize] == Some(l.round)).collect();
        match out.as_slice() {
            [] => {}
            [one] if is_you(&screen.names, *one) => text.push_str(" You are out."),
            [one] => text.push_str(&format!(" {} is out.", screen.name(*one))),
            many => text.push_str(&format!(" {} are out.", names_of(&screen.names, many))),
        }
        text
    });
    let toggle_help = look.toggle_help;

    html! {
    <section class="uno table" aria-label="UNO Blackjack table" tabindex="-1" ref={look.table}>
        { table_head("UNO Blackjack", Html::default(), look.help, toggle_help.clone(), rules_href, look.on_leave.clone()) }
        if look.help {
            <div class="uno-keys" role="region" aria-label="Keyboard shortcuts list">
                { Html::from_html_unchecked(AttrValue::Static(KEYS)) }
                <button onclick={toggle_help.reform(|_| ())}>{"Close"}</button>
            </div>
        }
        if look.covered {
            // Pass-and-play, between two people: no card of the table is on the screen until
            // the next person is ready (the log below is public).
            <div class="cover" role="group" aria-label="Pass the screen">
                <p class="turn">{ format!("Pass to {}.", screen.name(me)) }</p>
                <button class="primary" onclick={look.uncover.reform(|_| ())}>{ format!("{}: tap when ready", screen.name(me)) }</button>
            </div>
        } else {
        if let Some(n) = screen.notice.clone() { <p class="notice" role="alert">{n}</p> }
        // How full the table is: the style sheet sizes and places the seats by it (uno.css).
        <div class={classes!("uno-felt", (n > 4).then_some("several"), (n > 6).then_some("many"), (n > 8).then_some("crowd"))}
             style={format!("--n:{n}")}>
            <ul class="uno-players" aria-label="Players">
                { for (0..n as Seat).map(|s| seat_view(screen, s)) }
            </ul>
            { centre_view(screen) }
        </div>
        if let Some(text) = round_result {
            <p class="round-result" role="status">{ text }</p>
        } else {
            <p class="status" aria-live="polite">{ phase_text }</p>
        }
        <div class="controls" role="group" aria-label="Your controls">
            // The next round is revealed by itself after a pause (`auto_action`); the button
            // goes on at once.
            if round_over && reveal {
                <button class="primary next-round" onclick={act(Action::Reveal)}>{ format!("Reveal round {}", v.round.saturating_add(1)) }</button>
            } else if v.phase == Phase::RoundStart && people_in && reveal {
                <button class="primary" onclick={act(Action::Reveal)}>{"Reveal"}</button>
            }
            if !over {
                <button disabled={!can_hit} aria-disabled={(!can_hit).to_string()} onclick={act(Action::Hit { seat: me })}>{"Hit"}</button>
                <button disabled={!my_turn} aria-disabled={(!my_turn).to_string()} onclick={act(Action::Pass { seat: me })}>{"Pass"}</button>
            }
            if can_ff {
                <button class="primary" onclick={look.fast_forward.reform(|_| ())}>{"Fast-forward"}</button>
            }
            if !over && !people_in && !look.online {
                <button onclick={look.on_leave.reform(|_| ())}>{"Leave"}</button>
            }
        </div>
        if can_ff {
            <p class="hint">{ match () {
                _ if shared && people_in => "Fast-forward plays the bots' turns at once.",
                _ if people_in => "Fast-forward plays the bots to the end of the round.",
                _ => "You are out. Fast-forward plays the bots to the end of the game.",
            } }</p>
        }
        }
        { look.extra }
        <ul class="log" aria-label="Game log" tabindex="0">
            { for screen.log.iter().rev().take(14).map(|l| html! { <li>{l}</li> }) }
        </ul>
        if let Some((title, summary, headers, rows, primary, on_primary)) = results {
            <ResultsDialog {title} {summary} headers={headers.iter().map(|&h| AttrValue::Static(h)).collect::<Vec<_>>()} {rows}
                primary_label={primary} on_primary={on_primary.clone()}
                on_new_game={if look.online { on_primary } else { Callback::from(|()| new_game()) }}
                on_menu={look.on_leave} {rules_href}
                friends_href={(!look.online).then_some(AttrValue::Static("../friends/uno/"))}
                replay_href={look.replay_href.map(AttrValue::from)}>
                if let Some(share) = look.share { {share} }
            </ResultsDialog>
        }
    </section>
    }
}
