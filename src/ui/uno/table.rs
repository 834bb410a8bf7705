//! The UNO Blackjack table: every player's queue and stack, totals, the starter token, the
//! deck and trash, and the Hit and Pass buttons. Bots play on timers that are dropped when
//! the state changes; the table is saved after every change.

use super::card::UnoCardView;
use super::state::{name, parse_level, Msg, UnoChoice, UnoState, HUMAN, SAVE_KEY, SAVE_VERSION};
use crate::bots::uno::decide;
use crate::engine::rng::GameRng;
use crate::engine::uno::{Action, Phase, Status};
use crate::ui::storage;
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use yew::prelude::*;

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
        Callback::from(move |e: Event| {
            let v: u8 = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse().unwrap_or(4);
            choice.set(UnoChoice { players: v, ..*choice });
        })
    };
    let on_level = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            choice.set(UnoChoice { level: parse_level(&v).unwrap_or(choice.level), ..*choice });
        })
    };
    let flag = |f: fn(&mut UnoChoice, bool)| {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let mut n = *choice;
            f(&mut n, e.target_unchecked_into::<web_sys::HtmlInputElement>().checked());
            choice.set(n);
        })
    };
    let start = {
        let on_start = props.on_start.clone();
        Callback::from(move |_: MouseEvent| on_start.emit(c))
    };
    html! {
        <section class="setup" aria-labelledby="uno-setup-title">
            <h2 id="uno-setup-title">{"UNO Blackjack"}</h2>
            <p>{"Fifteen face-down cards in your queue. Each round the top cards are revealed (Skip, Reverse and Draw cards act as in UNO), then everyone hits or passes to get closest to 21. The winners take new cards; an empty queue at the end of a round is out."}</p>
            <label for="uno-players">{"Players (you and bots)"}</label>
            <select id="uno-players" onchange={on_players}>
                { for (2..=10u8).map(|n| html! { <option value={n.to_string()} selected={n == c.players}>{n}</option> }) }
            </select>
            <label for="uno-level">{"Bot level"}</label>
            <select id="uno-level" onchange={on_level}>
                <option value="easy" selected={c.level == crate::bots::shedding::Level::Easy}>{"Easy"}</option>
                <option value="normal" selected={c.level == crate::bots::shedding::Level::Normal}>{"Normal"}</option>
                <option value="hard" selected={c.level == crate::bots::shedding::Level::Hard}>{"Hard"}</option>
            </select>
            <label><input type="checkbox" checked={c.skip_zero} onchange={flag(|c, v| c.skip_zero = v)} />{" Skip cards are worth 0 (the seed gives no value; ours is 10)"}</label>
            <label><input type="checkbox" checked={c.pass_again} onchange={flag(|c, v| c.pass_again = v)} />{" A pass is only for one go-around (ours: a pass is final, as in Blackjack)"}</label>
            <label><input type="checkbox" checked={c.deal_back_in} onchange={flag(|c, v| c.deal_back_in = v)} />{" Deal losing players back in each round (the seed's option)"}</label>
            <label><input type="checkbox" checked={c.latecomer} onchange={flag(|c, v| c.latecomer = v)} />{" A latecomer joins after the first round (three players or more; the seed's option)"}</label>
            <div class="setup-actions">
                <button class="play" onclick={start}>{"Start"}</button>
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

fn status_text(s: Status, busted: bool, passed: bool) -> &'static str {
    match s {
        Status::Out => "out",
        Status::Waiting => "waiting",
        Status::Joining { .. } if busted => "bust",
        Status::Joining { .. } => "drawing from the deck",
        Status::Playing if busted => "bust",
        Status::Playing if passed => "passed",
        Status::Playing => "",
    }
}

#[component]
pub fn UnoTable(props: &TableProps) -> Html {
    let initial = props.initial.clone();
    let state = use_reducer(move || (*initial).clone());
    let at = state.at();
    let game = &state.game;

    {
        let s = state.clone();
        use_effect_with(at, move |_| storage::save(SAVE_KEY, SAVE_VERSION, &s.stored()));
    }
    // Bots on timers; the reveal starts by itself when the player is not in the round.
    {
        let s = state.clone();
        use_effect_with(at, move |_| {
            let g = &s.game;
            let action = match g.phase() {
                Phase::Match { turn } if *turn != HUMAN => {
                    let jitter = GameRng::new(s.seed ^ (at as u64).wrapping_mul(0x9e37_79b9)).unit();
                    Some((decide(&g.view(*turn), s.choice.level, jitter), 500))
                }
                // The latecomer joins at the beginning of the second round's reveal phase.
                Phase::RoundStart
                    if g.round() >= 1 && g.legal_actions().iter().any(|a| matches!(a, Action::Join { .. })) =>
                {
                    g.legal_actions().into_iter().find(|a| matches!(a, Action::Join { .. })).map(|a| (a, 600))
                }
                Phase::RoundStart
                    if !matches!(g.players()[HUMAN as usize].status, Status::Playing | Status::Joining { .. }) =>
                {
                    Some((Action::Reveal, 1500))
                }
                _ => None,
            };
            let timer = action.map(|(a, ms)| {
                let d = s.dispatcher();
                Timeout::new(ms, move || d.dispatch(Msg::Act { action: a, at }))
            });
            move || drop(timer)
        });
    }
    let act = |action: Action| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Msg::Act { action, at }))
    };
    let my_turn = matches!(game.phase(), Phase::Match { turn } if *turn == HUMAN);
    let onkeydown = {
        let s = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            let a = match e.key().to_ascii_lowercase().as_str() {
                "h" => Action::Hit { seat: HUMAN },
                "p" => Action::Pass { seat: HUMAN },
                "enter" | "r" => Action::Reveal,
                _ => return,
            };
            if s.game.is_legal(a) {
                e.prevent_default();
                s.dispatch(Msg::Act { action: a, at: s.at() });
            }
        })
    };
    let view = game.view(HUMAN);
    let phase_text = match game.phase() {
        Phase::RoundStart => format!("Round {}: reveal phase next.", game.round() + 1),
        Phase::Match { turn } if *turn == HUMAN => "Match phase: your turn. Hit or pass?".to_string(),
        Phase::Match { turn } => format!("Match phase: {}'s turn.", name(*turn)),
        Phase::Over { winners } => {
            format!("Game over. Winner: {}.", winners.iter().map(|&s| name(s)).collect::<Vec<_>>().join(" and "))
        }
    };

    html! {
    <section class="uno table" aria-label="UNO Blackjack table" {onkeydown}>
        <div class="table-head">
            <h2>{"UNO Blackjack"}</h2>
            <p>{ format!("Deck {} · trash {} · play goes {}", game.deck_len(), game.trash().len(), if game.clockwise() { "clockwise ↻" } else { "anticlockwise ↺" }) }</p>
            <button onclick={props.on_leave.reform(|_| ())}>{"Menu"}</button>
        </div>
        if let Some(n) = state.notice.clone() { <p class="notice" role="alert">{n}</p> }
        <ul class="uno-players" aria-label="Players">
            { for game.players().iter().enumerate().map(|(i, p)| {
                let seat = i as u8;
                let active = matches!(game.phase(), Phase::Match { turn } if *turn == seat);
                let total = view.total(seat);
                html! {
                <li class={classes!("uno-player", active.then_some("active"), (seat == HUMAN).then_some("me"))} aria-current={active.then_some("true")}>
                    <h3>
                        { name(seat) }
                        if game.starter() == seat { <span class="starter" title="Started this round">{" ★ starter"}</span> }
                    </h3>
                    <p class="queue">
                        <UnoCardView card={None} class="mini" />
                        { format!("Queue: {} cards", p.queue.len()) }
                    </p>
                    <div role="group" class="cards stack" aria-label={format!("{} stack: {}", if seat == HUMAN { "Your".to_string() } else { format!("{}'s", name(seat)) }, p.stack.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "))}>
                        { for p.stack.iter().map(|c| html! { <UnoCardView card={Some(*c)} /> }) }
                    </div>
                    <p class="total">
                        if !p.stack.is_empty() { { format!("Total {total}") } }
                        { match status_text(p.status, p.busted, p.passed) { "" => String::new(), s => format!(" · {s}") } }
                    </p>
                </li>
            }}) }
        </ul>
        <p class="status" aria-live="polite">{ phase_text }</p>
        <div class="controls" role="group" aria-label="Your controls">
            if *game.phase() == Phase::RoundStart {
                <button class="primary" onclick={act(Action::Reveal)}>{"Reveal"}</button>
            }
            <button disabled={!my_turn || !game.is_legal(Action::Hit { seat: HUMAN })} onclick={act(Action::Hit { seat: HUMAN })}>{"Hit"}</button>
            <button disabled={!my_turn} onclick={act(Action::Pass { seat: HUMAN })}>{"Pass"}</button>
            if game.is_over() {
                <button class="primary" onclick={props.on_leave.reform(|_| ())}>{"New game"}</button>
            }
        </div>
        <ul class="log" aria-label="Game log">
            { for state.log.iter().rev().take(14).map(|l| html! { <li>{l}</li> }) }
        </ul>
    </section>
    }
}
