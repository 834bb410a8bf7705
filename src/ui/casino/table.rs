//! The casino table: dealer, spots, the shoe with its cut card, the player's controls, the
//! trainer panel and the strategy chart. Effects run the bots on timers (dropped when the
//! state changes) and save the table after every change.

use super::state::{spot_name, CasinoState, Choice, Msg, BANK_KEY, HUMAN_SPOT, SAVE_KEY, SAVE_VERSION};
use crate::bots::casino::decide;
use crate::engine::casino::game::money;
use crate::engine::casino::hand::Total;
use crate::engine::casino::strategy::{column, Column, Counts};
use crate::engine::casino::{Action, HandState, Outcome, Phase};
use crate::ui::components::card::{CardStyle, CardView};
use crate::ui::storage;
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use std::time::Duration;
use yew::platform::spawn_local;
use yew::platform::time::sleep;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub on_start: Callback<Choice>,
    pub on_cancel: Callback<()>,
}

/// The casino's new-table form.
#[component]
pub fn CasinoSetup(props: &SetupProps) -> Html {
    let choice = use_state(Choice::default);
    let c = *choice;
    let num = |f: fn(&mut Choice, u8)| {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse().unwrap_or(0);
            let mut n = *choice;
            f(&mut n, v);
            choice.set(n);
        })
    };
    let flag = |f: fn(&mut Choice, bool)| {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            let mut n = *choice;
            f(&mut n, v);
            choice.set(n);
        })
    };
    let start = {
        let on_start = props.on_start.clone();
        Callback::from(move |_: MouseEvent| on_start.emit(c))
    };
    html! {
        <section class="setup" aria-labelledby="casino-setup-title">
            <h2 id="casino-setup-title">{"Casino Blackjack"}</h2>
            <p>{"Seed 004's table: blackjack pays 3 to 2, the dealer stands on all 17s, double on 9, 10 or 11 (for less if you like), split any pair up to three hands, insurance, and a cut card about a third from the back."}</p>
            <label for="decks">{"Decks in the shoe"}</label>
            <select id="decks" onchange={num(|c, v| c.decks = v)}>
                { for [1u8, 2, 4, 6, 8].into_iter().map(|d| html! { <option value={d.to_string()} selected={d == c.decks}>{d}</option> }) }
            </select>
            <label for="bots">{"Other players (bots)"}</label>
            <select id="bots" onchange={num(|c, v| c.bots = v)}>
                { for (0..=6u8).map(|n| html! { <option value={n.to_string()} selected={n == c.bots}>{n}</option> }) }
            </select>
            <label><input type="checkbox" checked={c.surrender} onchange={flag(|c, v| c.surrender = v)} />{" Surrender (the seed's variation: give up half the bet as your first decision)"}</label>
            <label><input type="checkbox" checked={c.h17} onchange={flag(|c, v| c.h17 = v)} />{" Dealer hits soft 17 (house rule; the seed says stand on all 17s)"}</label>
            <div class="setup-actions">
                <button class="play" onclick={start}>{"Sit down"}</button>
                <button onclick={props.on_cancel.reform(|_| ())}>{"Back"}</button>
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct TableProps {
    pub initial: Rc<CasinoState>,
    pub style: CardStyle,
    pub on_leave: Callback<()>,
}

fn outcome_text(o: Outcome) -> &'static str {
    match o {
        Outcome::Blackjack => "Blackjack",
        Outcome::Win => "Win",
        Outcome::Push => "Push",
        Outcome::Lose => "Lose",
        Outcome::Bust => "Bust",
        Outcome::Surrender => "Surrendered",
    }
}

#[component]
pub fn CasinoTable(props: &TableProps) -> Html {
    let initial = props.initial.clone();
    let state = use_reducer(move || (*initial).clone());
    let show_count = use_state(|| false);
    let hint = use_state(|| false);
    let chart: UseStateHandle<Option<Rc<Vec<Column>>>> = use_state(|| None);
    let game = &state.game;
    let at = state.at();
    // The trainer's values are exact (a solver over the cards left): computed once per
    // position while the hint is open, not on every render.
    let hint_values = {
        let s = state.clone();
        use_memo((at, *hint), move |&(_, open)| if open { s.hint() } else { None })
    };

    // Autosave the table and the player's bank after every change.
    {
        let s = state.clone();
        use_effect_with(at, move |_| {
            storage::save(SAVE_KEY, SAVE_VERSION, &s.stored());
            storage::save(BANK_KEY, SAVE_VERSION, &s.bank);
        });
    }
    // Bots act on a timer; the handle is dropped (cancelled) when the state changes.
    {
        let s = state.clone();
        use_effect_with(at, move |_| {
            let spot = s.game.to_act().filter(|&sp| sp != HUMAN_SPOT);
            let timer = spot.and_then(|sp| decide(&s.game.view(sp))).map(|action| {
                let d = s.dispatcher();
                Timeout::new(700, move || d.dispatch(Msg::Act { action, at }))
            });
            move || drop(timer)
        });
    }

    let act = |action: Action| {
        let s = state.clone();
        Callback::from(move |_: MouseEvent| s.dispatch(Msg::Act { action, at }))
    };
    let phase = game.phase();
    let me = &game.spots()[HUMAN_SPOT as usize];
    let my_turn = game.to_act() == Some(HUMAN_SPOT);
    let bet = me.bet;
    let chips = state.chips();
    let rules = game.rules().clone();
    let legal = |a: Action| game.is_legal(a);

    // Keyboard: H hit, S stand, D double, P split, R surrender, I insurance, N no insurance,
    // Enter deal / next round.
    let onkeydown = {
        let s = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            let g = &s.game;
            let spot = HUMAN_SPOT;
            let bet = g.spots()[spot as usize].bet;
            let a = match e.key().to_ascii_lowercase().as_str() {
                "h" => Action::Hit { spot },
                "s" => Action::Stand { spot },
                "d" => Action::Double { spot, amount: bet },
                "p" => Action::Split { spot },
                "r" => Action::Surrender { spot },
                "i" => Action::Insure { spot, amount: bet / 2 },
                "n" => Action::Insure { spot, amount: 0 },
                "enter" if g.phase() == Phase::Betting => Action::Deal,
                "enter" if g.phase() == Phase::Settled => Action::NextRound,
                _ => return,
            };
            if g.is_legal(a) {
                e.prevent_default();
                s.dispatch(Msg::Act { action: a, at: s.at() });
            }
        })
    };

    let open_chart = {
        let chart = chart.clone();
        let rules = rules.clone();
        Callback::from(move |e: Event| {
            let open = e.target_unchecked_into::<web_sys::HtmlDetailsElement>().open();
            if !open || chart.is_some() {
                return;
            }
            let chart = chart.clone();
            let rules = rules.clone();
            // One up card per chunk, yielding to the browser between them.
            spawn_local(async move {
                let mut cols = Vec::new();
                for up in 1..=10u8 {
                    cols.push(column(&rules, Counts::full(rules.decks), up, false));
                    sleep(Duration::ZERO).await;
                }
                chart.set(Some(Rc::new(cols)));
            });
        })
    };

    let dealer = game.dealer_visible();
    let dealer_total = game.hole_revealed().then(|| Total::of(&dealer.iter().flatten().copied().collect::<Vec<_>>()));
    let shoe = game.shoe_size().max(1);
    let dealt_pct = 100 * (shoe - game.shoe_left()) / shoe;
    let cut_pct = 100 * (shoe - game.shoe_left() + game.before_cut()) / shoe;
    let status = match phase {
        Phase::Betting => "Place your bet and deal.".to_string(),
        Phase::Insurance { spot } if spot == HUMAN_SPOT => "The dealer shows an ace: insurance?".into(),
        Phase::Playing { spot, .. } if spot == HUMAN_SPOT => "Your decision.".into(),
        Phase::Insurance { spot } | Phase::Playing { spot, .. } => format!("{} is deciding.", spot_name(spot)),
        Phase::Settled => "Round over.".into(),
    };

    html! {
    <section class="casino table" aria-label="Casino table" {onkeydown}>
        <div class="table-head">
            <h2>{"Casino Blackjack"}</h2>
            <p class="bankroll">{ format!("Chips: {}", money(chips)) }</p>
            <button onclick={props.on_leave.reform(|_| ())}>{"Menu"}</button>
        </div>
        if let Some(n) = state.notice.clone() {
            <p class="notice" role="alert">{n}</p>
        }
        <div class="dealer" role="group" aria-label="Dealer">
            <h3>{"Dealer"}{ dealer_total.map(|t| format!(": {}", t.best())).unwrap_or_default() }</h3>
            <div class="cards">
                { for dealer.iter().map(|c| html! { <CardView card={*c} style={props.style} /> }) }
            </div>
            <ul class="sr-cards">
                { for dealer.iter().map(|c| html! { <li>{ c.map_or("Face-down card".to_string(), |c| c.name()) }</li> }) }
            </ul>
        </div>
        <div class="shoe" role="group" aria-label="Shoe">
            <div class="shoe-bar" role="img" aria-label={format!("{} cards left, {} before the cut card", game.shoe_left(), game.before_cut())}>
                <div class="shoe-dealt" style={format!("width:{dealt_pct}%")}></div>
                if !game.cut_card_out() {
                    <div class="shoe-cut" style={format!("left:{cut_pct}%")}></div>
                }
            </div>
            <p>{ format!("Shoe: {} cards left · discards {}{}", game.shoe_left(), game.discards(), if game.cut_card_out() { " · cut card out" } else { "" }) }</p>
            <label><input type="checkbox" checked={*show_count} onchange={{ let sc = show_count.clone(); Callback::from(move |e: Event| sc.set(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked())) }} />{" Show the Hi-Lo count"}</label>
            if *show_count {
                <p class="count">{ format!("Running count {:+} · true count {}", game.running_count(), signed_tenths(game.true_count())) }</p>
            }
        </div>
        <ul class="spots" aria-label="Players">
            { for game.spots().iter().enumerate().filter(|(_, s)| s.owner.is_some()).map(|(i, s)| {
                let spot = i as u8;
                let active = game.to_act() == Some(spot);
                html! {
                <li class={classes!("spot", active.then_some("active"), (spot == HUMAN_SPOT).then_some("me"))} aria-current={active.then_some("true")}>
                    <h3>{ spot_name(spot) }{ format!(" · bet {}", money(s.bet)) }
                        if s.insurance > 0 { { format!(" · insured {}", money(s.insurance)) } }
                    </h3>
                    { for s.hands.iter().enumerate().map(|(j, h)| {
                        let t = h.total();
                        let current = matches!(phase, Phase::Playing { spot: ps, hand } if ps == spot && hand as usize == j);
                        html! {
                        <div role="group" class={classes!("bj-hand", current.then_some("current"))} aria-label={format!("{} hand {}: {}", spot_name(spot), j + 1, h.cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "))}>
                            <div class="cards">{ for h.cards.iter().map(|c| html! { <CardView card={Some(*c)} style={props.style} /> }) }</div>
                            <p class="total">
                                { if h.state == HandState::BlackjackPaid || (h.state == HandState::Blackjack) { "Blackjack".to_string() } else { t.describe() } }
                                { if h.doubled { " · doubled" } else { "" } }
                                { h.outcome.map(|o| format!(" · {}", outcome_text(o))).unwrap_or_default() }
                            </p>
                        </div>
                    }}) }
                </li>
            }}) }
        </ul>
        <p class="status" aria-live="polite">{ status }</p>
        <div class="controls" role="group" aria-label="Your controls">
            { match phase {
                Phase::Betting => html! { <>
                    { for [500i64, 2500, 10000].into_iter().map(|chip| {
                        let next = (bet + chip).min(rules.max_bet);
                        html! { <button disabled={!legal(Action::Bet { spot: HUMAN_SPOT, amount: next })} onclick={act(Action::Bet { spot: HUMAN_SPOT, amount: next })}>{ format!("+{}", money(chip)) }</button> }
                    }) }
                    <button disabled={bet == 0} onclick={act(Action::Bet { spot: HUMAN_SPOT, amount: 0 })}>{"Clear bet"}</button>
                    <button class="primary" disabled={!legal(Action::Deal)} onclick={act(Action::Deal)}>{"Deal"}</button>
                </> },
                Phase::Insurance { .. } if my_turn => html! { <>
                    <button onclick={act(Action::Insure { spot: HUMAN_SPOT, amount: bet / 2 })} disabled={!legal(Action::Insure { spot: HUMAN_SPOT, amount: bet / 2 })}>{"Insurance"}</button>
                    <button onclick={act(Action::Insure { spot: HUMAN_SPOT, amount: 0 })}>{"No insurance"}</button>
                </> },
                Phase::Playing { .. } => html! { <>
                    <button disabled={!my_turn || !legal(Action::Hit { spot: HUMAN_SPOT })} onclick={act(Action::Hit { spot: HUMAN_SPOT })}>{"Hit"}</button>
                    <button disabled={!my_turn} onclick={act(Action::Stand { spot: HUMAN_SPOT })}>{"Stand"}</button>
                    <button disabled={!my_turn || !legal(Action::Double { spot: HUMAN_SPOT, amount: bet })} onclick={act(Action::Double { spot: HUMAN_SPOT, amount: bet })}>{"Double"}</button>
                    <button disabled={!my_turn || !legal(Action::Split { spot: HUMAN_SPOT })} onclick={act(Action::Split { spot: HUMAN_SPOT })}>{"Split"}</button>
                    if rules.surrender {
                        <button disabled={!my_turn || !legal(Action::Surrender { spot: HUMAN_SPOT })} onclick={act(Action::Surrender { spot: HUMAN_SPOT })}>{"Surrender"}</button>
                    }
                    <button aria-pressed={hint.to_string()} onclick={{ let h = hint.clone(); Callback::from(move |_| h.set(!*h)) }}>{"Hint"}</button>
                </> },
                Phase::Settled => html! { <button class="primary" onclick={act(Action::NextRound)}>{"Next round"}</button> },
                _ => html! {},
            } }
        </div>
        <div class="trainer" role="group" aria-label="Trainer">
            if let Some(v) = state.verdict.clone() { <p class="verdict">{v}</p> }
            if *hint && my_turn {
                if let Some(vals) = (*hint_values).clone() {
                    <table class="evs"><caption>{"Expected value of each play, per bet, for the cards left"}</caption>
                        <tbody>{ for vals.iter().map(|(p, v)| html! { <tr><th scope="row">{p.name()}</th><td>{ signed_milli(*v) }</td></tr> }) }</tbody>
                    </table>
                }
            }
            <p class="session">{ format!("Trainer: {} decisions, {} best plays, {}.{:03} bets of expected value given up.", state.bank.decisions, state.bank.best_plays, state.bank.ev_lost_milli / 1000, state.bank.ev_lost_milli % 1000) }</p>
        </div>
        <details class="chart" ontoggle={open_chart}>
            <summary>{"Strategy chart for these rules"}</summary>
            { match (*chart).clone() {
                None => html! { <p>{"Computing the chart…"}</p> },
                Some(cols) => chart_table(&cols),
            } }
        </details>
        <ul class="log" aria-label="Table log">
            { for state.log.iter().rev().take(12).map(|l| html! { <li>{l}</li> }) }
        </ul>
    </section>
    }
}

/// "+0.123" / "-1.500" without float formatting (which would add kilobytes to the download).
pub fn signed_milli(v: f64) -> String {
    let m = (v * 1000.0).round() as i64;
    format!("{}{}.{:03}", if m < 0 { "-" } else { "+" }, m.abs() / 1000, m.abs() % 1000)
}

/// "+1.5" / "-0.3".
pub fn signed_tenths(v: f64) -> String {
    let t = (v * 10.0).round() as i64;
    format!("{}{}.{}", if t < 0 { "-" } else { "+" }, t.abs() / 10, t.abs() % 10)
}

/// The chart as a table: rows by hand, columns by up card 2…10, A.
fn chart_table(cols: &[Column]) -> Html {
    let ups: [usize; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
    let head = html! { <tr><th scope="col">{"Hand"}</th>{ for ups.iter().map(|&u| html! { <th scope="col">{ if u == 0 { "A".to_string() } else { (u + 1).to_string() } }</th> }) }</tr> };
    let row = |label: String, cell: &dyn Fn(&Column) -> &'static str| {
        html! { <tr><th scope="row">{label}</th>{ for ups.iter().map(|&u| { let l = cell(&cols[u]); html! { <td class={format!("p-{l}")}>{l}</td> } }) }</tr> }
    };
    html! {
        <table class="strategy">
            <caption>{"S stand · H hit · D double · P split · R surrender (best first choice)"}</caption>
            <thead>{head}</thead>
            <tbody>
                { for (8..=17u8).map(|t| row(format!("Hard {t}"), &move |c: &Column| c.hard[(t - 5) as usize][0].letter())) }
                { for (13..=20u8).map(|t| row(format!("Soft {t}"), &move |c: &Column| c.soft[(t - 13) as usize][0].letter())) }
                { for [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10].into_iter().map(|p| row(if p == 1 { "A,A".into() } else { format!("{p},{p}") }, &move |c: &Column| c.pairs[p as usize - 1].letter())) }
            </tbody>
        </table>
    }
}
