//! The UNO Blackjack table: seats around an oval felt (placed by `static/uno.css` from each
//! seat's number and the player count), each with its queue, its revealed stack and total, the
//! starter token and its latest act; the deck and the trash in the centre; Hit and Pass, and
//! Fast-forward and Leave once the player has nothing left to decide. Bots play on timers that
//! are dropped when the state changes; the table is saved after every change. Rounds and the
//! game end in a results dialog.

use super::card::UnoCardView;
use super::state::{level_name, name, parse_level, Msg, RoundEnd, UnoChoice, UnoState, HUMAN, SAVE_KEY, SAVE_VERSION};
use crate::engine::uno::{Action, Phase, Seat, Status};
use crate::ui::components::results::{ResultRow, ResultsDialog};
use crate::ui::kit::{
    self, choice_field, house_rule, number_options, options, table_head, use_autosave, use_next_move, use_table_keys,
};
use crate::ui::reducer::Reducer;
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
    let c = *choice;
    let on_players = {
        let choice = choice.clone();
        Callback::from(move |v: String| choice.set(UnoChoice { players: v.parse().unwrap_or(4), ..*choice }))
    };
    let on_level = {
        let choice = choice.clone();
        Callback::from(move |v: String| {
            choice.set(UnoChoice { level: parse_level(&v).unwrap_or(choice.level), ..*choice })
        })
    };
    let flag = |f: fn(&mut UnoChoice, bool)| {
        let choice = choice.clone();
        Callback::from(move |v: bool| {
            let mut n = *choice;
            f(&mut n, v);
            choice.set(n);
        })
    };
    let levels =
        options(&[("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard")], &level_name(c.level).to_ascii_lowercase());
    let start = {
        let on_start = props.on_start.clone();
        Callback::from(move |_: MouseEvent| on_start.emit(c))
    };
    let bots = c.players as usize - 1;
    html! {
        <section class="setup uno-setup" aria-labelledby="uno-setup-title">
            <h2 id="uno-setup-title">{"UNO Blackjack"}</h2>
            <p class="lead">{"Blackjack with UNO cards. Each round everyone turns up cards from their own face-down queue, then hits or passes to get closest to 21. The round's winners take new cards; run out and you are out. The last player with cards wins."}</p>
            <div class="uno-groups">
                <fieldset class="group">
                    <legend>{"Table"}</legend>
                    { choice_field("uno-players", "Players (you and bots)", number_options(2..=10, c.players), on_players) }
                    { choice_field("uno-level", "Bot level", levels, on_level) }
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
                </fieldset>
            </div>
            <section class="group uno-summary" aria-labelledby="uno-summary-title">
                <h3 id="uno-summary-title">{"At this table"}</h3>
                <ul>
                    <li>{ format!("{} players: you and {} ({}).", c.players, plural(bots, "bot"), level_name(c.level)) }</li>
                    <li>{"Everyone starts with 15 cards face down."}</li>
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
                        <li>{ format!("{} sits out round 1, then joins (house rule).", name(c.players - 1)) }</li>
                    }
                </ul>
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

/// The names of several seats: "You", "Sam and Jo", "Sam, Jo and Kit".
fn names(seats: &[Seat]) -> String {
    let all: Vec<&str> = seats.iter().map(|&s| name(s)).collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => all.concat(),
    }
}

/// One seat: name and level, the queue as a stack of backs with its count, the revealed stack
/// fanned with its total, the starter token and the latest act.
fn seat_view(state: &UnoState, seat: Seat) -> Html {
    let g = &state.game;
    let p = &g.players()[seat as usize];
    let me = seat == HUMAN;
    let active = matches!(g.phase(), Phase::Match { turn } if *turn == seat);
    let shown = &state.shown[seat as usize];
    let won =
        !matches!(g.phase(), Phase::Match { .. }) && state.last.as_ref().is_some_and(|l| l.winners.contains(&seat));
    // Bust and passed are the seat's latest act; the tag is for where the player stands in the game.
    let tag = match p.status {
        Status::Out => "out",
        Status::Waiting => "waiting",
        Status::Joining { .. } => "from the deck",
        Status::Playing => "",
    };
    let whose = if me { "Your".to_string() } else { format!("{}'s", name(seat)) };
    let queue = p.queue.len();
    let round = g.round();
    html! {
        <li class={classes!("uno-player", active.then_some("active"), me.then_some("me"), won.then_some("won"),
                (p.status == Status::Out).then_some("out"), p.busted.then_some("bust"))}
            style={format!("--k:{seat}")} aria-current={active.then_some("true")}>
            <p class="seat-name">
                <span class="who">{ name(seat) }</span>
                // The player's seat is named "You" already: a level badge saying "you" would repeat it.
                if !me { <span class="level">{ level_name(state.choice.level) }</span> }
                if g.starter() == seat {
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
                        let fresh = state.fresh.iter().position(|f| f.seat == seat && f.index == i);
                        let from_deck = fresh.is_some_and(|o| state.fresh[o].from_deck);
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
                if !shown.is_empty() { <span class="sum"><span class="word">{"Total "}</span>{ state.totals[seat as usize] }</span> }
                if !tag.is_empty() { <span class="tag">{ tag }</span> }
            </p>
            <p class="act">{ state.acts[seat as usize].clone() }</p>
        </li>
    }
}

/// The deck, the trash with its top card, the round and the direction of play.
fn centre_view(state: &UnoState) -> Html {
    let g = &state.game;
    html! {
        <div class="uno-centre">
            <p class="round-info">
                { if g.round() == 0 { "First round".to_string() } else { format!("Round {}", g.round()) } }
                <span class="dir">
                    <span class="dir-words">{ if g.clockwise() { "play goes clockwise " } else { "play goes anticlockwise " } }</span>
                    { if g.clockwise() { "↻" } else { "↺" } }
                </span>
            </p>
            <div class="piles">
                <div class="uno-deck">
                    <UnoCardView card={None} />
                    <span class="pile-count"><span class="word">{"Deck "}</span>{ g.deck_len() }</span>
                </div>
                <div class="uno-trash">
                    if g.trash().is_empty() { <span class="empty-slot"></span> } else { <UnoCardView card={g.trash().last().copied()} /> }
                    <span class="pile-count"><span class="word">{"Trash "}</span>{ g.trash().len() }</span>
                </div>
            </div>
        </div>
    }
}

fn round_title(l: &RoundEnd) -> String {
    match l.winners.as_slice() {
        [] => format!("Round {}: no winner", l.round),
        [HUMAN] => format!("You win round {}", l.round),
        [w] => format!("{} wins round {}", name(*w), l.round),
        ws => format!("{} share round {}", names(ws), l.round),
    }
}

/// The end of the game: winners first, then the others by how long they lasted.
fn game_rows(state: &UnoState, winners: &[Seat]) -> Vec<ResultRow> {
    let n = state.game.players().len();
    // Lasting longer is better: a winner beats everyone, a later exit an earlier one.
    let rank =
        |s: usize| if winners.contains(&(s as Seat)) { u32::MAX } else { state.out_round[s].unwrap_or(u32::MAX - 1) };
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
            let out = state.out_round[s].map_or("–".to_string(), |r| format!("round {r}"));
            let queue = plural(state.game.players()[s].queue.len(), "card");
            ResultRow::new(vec![place.to_string().into(), name(s as Seat).into(), queue.into(), out.into()], s == 0)
        })
        .collect()
}

/// A new game: the save is cleared and the page opens the UNO new-game screen.
fn new_game() {
    kit::clear_save(SAVE_KEY);
    let Some(w) = web_sys::window() else { return };
    let _ = w.location().set_hash("uno");
    let _ = w.location().reload();
}

#[component]
pub fn UnoTable(props: &TableProps) -> Html {
    let initial = props.initial.clone();
    let state = use_reducer(move || Reducer((*initial).clone()));
    let help = use_state(|| false);
    let table = use_node_ref();
    let at = state.at();
    let key = (state.seed, at);
    let game = &state.game;

    {
        let s = state.clone();
        use_autosave(SAVE_KEY, SAVE_VERSION, key, move || s.stored());
    }
    // Bots on timers; the next round starts by itself when the player is out of the game. A
    // fast-forward under way goes on in the next task, after the page has painted its chunk.
    {
        let d = state.dispatcher();
        let next = if state.forwarding {
            Some((0, Msg::FastForward { at }))
        } else {
            state.auto_action().map(|(action, ms)| (ms, Msg::Act { action, at }))
        };
        use_next_move(key, next.map(|(ms, msg)| (ms, Callback::from(move |()| d.dispatch(msg)))));
    }
    // Focus stays on the table; when the control that had it went away or turned disabled, the
    // player's first usable control (Hit, Reveal…) takes it, so a keyboard player never looks for it.
    {
        let table = table.clone();
        use_effect_with(key, move |_| kit::keep_focus(&table, "[aria-label='Your controls'] button:not([disabled])"));
    }
    let my_turn = matches!(game.phase(), Phase::Match { turn } if *turn == HUMAN);
    let can_hit = my_turn && game.is_legal(Action::Hit { seat: HUMAN });
    let over = game.is_over();
    let can_ff = !over && (state.i_am_done() || !state.i_am_in());
    let round_over = *game.phase() == Phase::RoundStart && state.last.is_some() && state.i_am_in();
    let act = |action: Action| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Msg::Act { action, at }))
    };
    let fast_forward = {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Msg::FastForward { at }))
    };
    let toggle_help = {
        let help = help.clone();
        Callback::from(move |()| help.set(!*help))
    };
    let on_key = {
        let s = state.clone();
        let help = help.clone();
        Callback::from(move |e: KeyboardEvent| {
            let at = s.at();
            let msg = match e.key().as_str() {
                "?" => {
                    help.set(!*help);
                    e.prevent_default();
                    return;
                }
                "Escape" => return help.set(false),
                "h" | "H" => Msg::Act { action: Action::Hit { seat: HUMAN }, at },
                "p" | "P" => Msg::Act { action: Action::Pass { seat: HUMAN }, at },
                "r" | "R" => Msg::Act { action: Action::Reveal, at },
                "f" | "F" if !s.game.is_over() && (s.i_am_done() || !s.i_am_in()) => Msg::FastForward { at },
                _ => return,
            };
            if matches!(msg, Msg::Act { action, .. } if !s.game.is_legal(action)) {
                return;
            }
            e.prevent_default();
            s.dispatch(msg);
        })
    };
    use_table_keys(on_key);
    let restart = {
        let s = state.clone();
        Callback::from(move |()| s.dispatch(Msg::Restart { seed: getrandom::u64().unwrap_or(s.seed.wrapping_add(1)) }))
    };
    let phase_text = match game.phase() {
        Phase::RoundStart => format!("Round {}: reveal phase next.", game.round() + 1),
        Phase::Match { .. } if my_turn => "Your turn: hit or pass?".to_string(),
        Phase::Match { turn } => format!("{}'s turn to hit or pass.", name(*turn)),
        Phase::Over { winners } => format!("Game over. Winner: {}.", names(winners)),
    };
    let n = game.players().len();
    // The results of the game, or of the round the player just played (not while watching).
    let results = match game.phase() {
        Phase::Over { winners } => Some((
            match winners.as_slice() {
                [HUMAN] => "You win!".to_string(),
                [w] => format!("{} wins", name(*w)),
                ws => format!("{} share the win", names(ws)),
            },
            format!("The last with cards in the queue, after {}.", plural(game.round() as usize, "round")),
            ["Place", "Player", "Queue", "Out"],
            game_rows(&state, winners),
            "Play again".to_string(),
            restart,
        )),
        _ => None,
    };
    // A round's result is shown on the table, over the felt's foot, and the next round goes on
    // by itself after a few seconds (`auto_action`) or at a tap: one game had 75 rounds, and a
    // dialog after each was 74 clicks.
    let round_result = state.last.as_ref().filter(|_| round_over).map(|l| {
        let mut text = round_title(l);
        if l.winners.is_empty() {
            text.push_str(": everyone went bust, the cards go to the trash.");
        } else {
            let _ = std::fmt::Write::write_fmt(&mut text, format_args!(" with {}.", l.total));
        }
        let out: Vec<Seat> = (0..n as Seat).filter(|&s| state.out_round[s as usize] == Some(l.round)).collect();
        match out.as_slice() {
            [] => {}
            [HUMAN] => text.push_str(" You are out."),
            [one] => text.push_str(&format!(" {} is out.", name(*one))),
            many => text.push_str(&format!(" {} are out.", names(many))),
        }
        text
    });

    html! {
    <section class="uno table" aria-label="UNO Blackjack table" tabindex="-1" ref={table}>
        { table_head("UNO Blackjack", Html::default(), *help, toggle_help.clone(), RULES_HREF, props.on_leave.clone()) }
        if *help {
            <div class="uno-keys" role="region" aria-label="Keyboard shortcuts list">
                { Html::from_html_unchecked(AttrValue::Static(KEYS)) }
                <button onclick={toggle_help.reform(|_| ())}>{"Close"}</button>
            </div>
        }
        if let Some(n) = state.notice.clone() { <p class="notice" role="alert">{n}</p> }
        <div class={classes!("uno-felt", (n > 6).then_some("many"), (n > 8).then_some("crowd"))} style={format!("--n:{n}")}>
            <ul class="uno-players" aria-label="Players">
                { for (0..n as Seat).map(|s| seat_view(&state, s)) }
            </ul>
            { centre_view(&state) }
        </div>
        if let Some(text) = round_result {
            <p class="round-result" role="status">{ text }</p>
        } else {
            <p class="status" aria-live="polite">{ phase_text }</p>
        }
        <div class="controls" role="group" aria-label="Your controls">
            if round_over {
                <button class="primary next-round" onclick={act(Action::Reveal)}>{ format!("Reveal round {}", game.round() + 1) }</button>
            } else if *game.phase() == Phase::RoundStart && state.i_am_in() {
                <button class="primary" onclick={act(Action::Reveal)}>{"Reveal"}</button>
            }
            if !over {
                <button disabled={!can_hit} aria-disabled={(!can_hit).to_string()} onclick={act(Action::Hit { seat: HUMAN })}>{"Hit"}</button>
                <button disabled={!my_turn} aria-disabled={(!my_turn).to_string()} onclick={act(Action::Pass { seat: HUMAN })}>{"Pass"}</button>
            }
            if can_ff {
                <button class="primary" onclick={fast_forward}>{"Fast-forward"}</button>
            }
            if !over && !state.i_am_in() {
                <button onclick={props.on_leave.reform(|_| ())}>{"Leave"}</button>
            }
        </div>
        if can_ff {
            <p class="hint">{ if state.i_am_in() { "Fast-forward plays the bots to the end of the round." } else { "You are out. Fast-forward plays the bots to the end of the game." } }</p>
        }
        <ul class="log" aria-label="Game log" tabindex="0">
            { for state.log.iter().rev().take(14).map(|l| html! { <li>{l}</li> }) }
        </ul>
        if let Some((title, summary, headers, rows, primary, on_primary)) = results {
            <ResultsDialog {title} {summary} headers={headers.iter().map(|&h| AttrValue::Static(h)).collect::<Vec<_>>()} {rows}
                primary_label={primary} {on_primary} on_new_game={Callback::from(|()| new_game())}
                on_menu={props.on_leave.clone()} rules_href={RULES_HREF} />
        }
    </section>
    }
}
