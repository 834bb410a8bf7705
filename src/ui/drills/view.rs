//! The drills page's views: plain functions of the reducer's [`Drills`] that send [`DrillMsg`]s.

use super::app::now;
use super::indices::Indices;
use super::session::{deck_pace, CountRound, DrillMsg, Drills};
use super::spread::{game_words, DOUBLE_NAMES, WORKER_FAILED};
use super::state::*;
use super::work::{Game, DOUBLE_ON};
use crate::engine::cards::Card;
use crate::engine::casino::count::{CountSystem, SYSTEMS};
use crate::engine::casino::drill::{cells, first_count, Row};
use crate::engine::casino::indices::{count_range, Choice as IndexChoice, IndexPlay, Situation};
use crate::engine::casino::strategy::Play;
use crate::ui::casino::words::{half_points, running_keys, signed_milli, signed_tenths};
use crate::ui::components::card::{card_view, CardStyle};
use crate::ui::kit::{choice_field, house_rule, number_options, options};
use yew::prelude::*;

/// A card drawn as the tables draw it (the SVG sprite, in the player's deck colours), named for
/// a screen reader: the picture itself is hidden from it, the wrapper carries the name.
fn card(c: Card, style: CardStyle) -> Html {
    html! { <span class="pc" role="img" aria-label={c.name()}>{ card_view(Some(c), style, Classes::new()) }</span> }
}

fn score_line(s: &Score) -> String {
    format!("Right {} · wrong {} · streak {} · best streak {}", s.right, s.wrong, s.streak, s.best)
}

fn cell_name(i: usize) -> String {
    let Some(c) = cells().get(i).copied() else { return String::new() };
    let hand = match c.row {
        Row::Hard(t) => format!("Hard {t}"),
        Row::Soft(t) => format!("Soft {t}"),
        Row::Pair(p) => format!("{},{}", up_name(p), up_name(p)),
    };
    format!("{hand} v {}", up_name(c.up))
}

fn weakest(list: Vec<(String, u32, u32)>) -> Html {
    if list.is_empty() {
        return html! { <p class="weakest">{"Weakest: nothing missed yet."}</p> };
    }
    html! {
        <div class="weakest"><h3>{"Weakest"}</h3><ol>
            { for list.into_iter().map(|(k, r, m)| html! { <li>{ format!("{k}: missed {m} of {}", r + m) }</li> }) }
        </ol></div>
    }
}

/// The plays' keys, for the strategy and deviation drills.
fn play_keys(plays: &[(IndexChoice, &'static str)], on: Callback<IndexChoice>, answered: bool) -> Html {
    html! {
        <div class="answers" role="group" aria-label="Your play">
            { for plays.iter().map(|&(c, k)| {
                let on = on.clone();
                html! { <button disabled={answered} onclick={Callback::from(move |_| on.emit(c))}>
                    { c.name() }<kbd>{k}</kbd></button> }
            }) }
        </div>
    }
}

const STRATEGY_KEYS: [(IndexChoice, &str); 5] = [
    (IndexChoice::Play(Play::Stand), "S"),
    (IndexChoice::Play(Play::Hit), "H"),
    (IndexChoice::Play(Play::Double), "D"),
    (IndexChoice::Play(Play::Split), "P"),
    (IndexChoice::Play(Play::Surrender), "R"),
];

/// The text in the input with this id (empty if there is none).
pub(super) fn input_value(id: &str) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(e).ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// A form's submit as the message its fields make.
fn submit(send: &Callback<DrillMsg>, msg: fn() -> DrillMsg) -> Callback<SubmitEvent> {
    send.reform(move |e: SubmitEvent| {
        e.prevent_default();
        msg()
    })
}

fn next_button(send: &Callback<DrillMsg>, msg: DrillMsg, label: &'static str) -> Html {
    html! { <button class="primary next" onclick={send.reform(move |_| msg.clone())}>{label}<kbd>{"Enter"}</kbd></button> }
}

/// The page's body: the list of drills, or the drill open.
pub fn body(
    d: &Drills,
    indices: &Option<Indices>,
    send: &Callback<DrillMsg>,
    on_sessions: Callback<()>,
    style: CardStyle,
) -> Html {
    let Some(drill) = d.screen else { return home(&d.progress, send, on_sessions) };
    let p = &d.progress;
    let weak: Vec<(String, u32, u32)> = match drill {
        Drill::Strategy => p
            .cells
            .weakest(5)
            .into_iter()
            .filter_map(|i| Some((cell_name(i), p.cells.tally(i)?)))
            .map(|(k, t)| (k, t.right, t.missed))
            .collect(),
        _ => p.weakest_kinds(drill, 5).into_iter().map(|(k, t)| (k, t.right, t.missed)).collect(),
    };
    let content = match drill {
        Drill::Strategy => strategy_view(d, send, style),
        Drill::Running => running_view(d, send, style),
        Drill::True => tray_view(d, send),
        Drill::Deviations => deviation_view(d, indices, send, style),
        Drill::Ramp => ramp_view(d, send),
        Drill::Test => test_view(d, send, style),
    };
    html! {
        <section class="drill" aria-labelledby="drill-title">
            <div class="drill-head">
                <h2 id="drill-title">{drill.title()}</h2>
                <button onclick={send.reform(|_| DrillMsg::Open(None))}>{"All drills"}<kbd>{"Esc"}</kbd></button>
            </div>
            <p class="rules-line">{ rules_line(&p.setup, true) }</p>
            <p class="score" aria-live="polite">{ score_line(p.score_of(drill)) }</p>
            { content }
            { weakest(weak) }
        </section>
    }
}

/// The drills' table and count in words; with `game`, its cut card and doubling too (the
/// spread form names its own).
pub(super) fn rules_line(s: &Setup, game: bool) -> String {
    let c = s.choice;
    format!(
        "{} deck{}, dealer {} soft 17, {}surrender{} · {} count",
        c.decks,
        if c.decks == 1 { "" } else { "s" },
        if c.h17 { "hits" } else { "stands on" },
        if c.surrender { "" } else { "no " },
        if game { format!(", {}", game_words(&s.game)) } else { String::new() },
        s.system().name
    )
}

/// A drill in the list: its button and key, what it asks and its score.
fn list_item(d: Drill, progress: &Progress, send: &Callback<DrillMsg>) -> Html {
    html! { <li>
        <button class="drill-open" onclick={send.reform(move |_| DrillMsg::Open(Some(d)))}>
            <strong>{d.title()}</strong><kbd>{d.key()}</kbd>
        </button>
        <span>{d.about()}</span>
        <span class="score">{ score_line(progress.score_of(d)) }</span>
    </li> }
}

fn home(progress: &Progress, send: &Callback<DrillMsg>, on_sessions: Callback<()>) -> Html {
    let s = progress.setup;
    let change = |f: fn(&mut Setup, &str)| {
        send.reform(move |v: String| {
            let mut n = s;
            f(&mut n, &v);
            DrillMsg::Setup(n)
        })
    };
    let flag = |f: fn(&mut Setup, bool)| {
        send.reform(move |v: bool| {
            let mut n = s;
            f(&mut n, v);
            DrillMsg::Setup(n)
        })
    };
    let systems: Vec<(&'static str, &'static str)> = SYSTEMS.iter().map(|x| (x.key, x.name)).collect();
    let speeds: Vec<(&'static str, &'static str)> = vec![
        ("0", "Your own pace (space for the next card)"),
        ("2000", "Very slow (2 s)"),
        ("1500", "Slow (1.5 s)"),
        ("1000", "Steady (1 s)"),
        ("800", "0.8 s"),
        ("600", "Quick (0.6 s)"),
        ("450", "0.45 s"),
        ("300", "Fast (0.3 s)"),
        ("200", "Very fast (0.2 s)"),
    ];
    let lengths: Html = LENGTHS
        .iter()
        .map(|&n| {
            let label = if n % 52 == 0 {
                format!("{n} ({} deck{})", n / 52, if n == 52 { "" } else { "s" })
            } else {
                n.to_string()
            };
            html! { <option value={n.to_string()} selected={n == s.length}>{ label }</option> }
        })
        .collect();
    let targets: Html = TARGETS
        .iter()
        .map(|&t| {
            let label = if t == 0 { "None".to_string() } else { format!("A deck in {t} s") };
            html! { <option value={t.to_string()} selected={t == s.target}>{ label }</option> }
        })
        .collect();
    let penetrations: Html = PENETRATIONS
        .iter()
        .map(|&p| html! { <option value={p.to_string()} selected={p == s.game.penetration}>{ format!("{p}%") }</option> })
        .collect();
    let doubles: Html = DOUBLE_NAMES
        .iter()
        .enumerate()
        .map(|(i, name)| html! { <option value={i.to_string()} selected={DOUBLE_ON[i] == s.game.double_on}>{ *name }</option> })
        .collect();
    let roundings: Html = Rounding::ALL
        .iter()
        .map(|r| html! { <option value={r.key()} selected={*r == s.rounding}>{ r.name() }</option> })
        .collect();
    html! {
        <section class="setup drills-home" aria-labelledby="drills-title">
            <h2 id="drills-title">{"Casino drills"}</h2>
            <p>{"Practise for the casino table: basic strategy, counting and the count's deviations, each worked out for the rules you choose. Your scores stay in this browser."}</p>
            <ul class="drill-list">
                { for Drill::ALL.iter().filter(|d| d.key() < 5).map(|&d| list_item(d, progress, send)) }
                <li>
                    <button class="drill-open" onclick={on_sessions.reform(|_| ())}><strong>{"Your casino sessions"}</strong><kbd>{"5"}</kbd></button>
                    <span>{"Your bankroll over time, what each kind of decision cost you, your results by count, and your risk of ruin."}</span>
                </li>
                { for Drill::ALL.iter().filter(|d| d.key() > 5).map(|&d| list_item(d, progress, send)) }
            </ul>
            <div class="setup-groups">
                <fieldset>
                    <legend>{"The table"}</legend>
                    { choice_field("decks", "Decks in the shoe", number_options(DECKS, s.choice.decks), change(|s, v| s.choice.decks = v.parse().unwrap_or(6))) }
                    { house_rule(s.choice.surrender, flag(|s, v| s.choice.surrender = v), "Surrender", "Give up half your bet instead of playing the hand, as your first decision.") }
                    { house_rule(s.choice.h17, flag(|s, v| s.choice.h17 = v), "Dealer hits soft 17", "The classic rules have the dealer stand on every 17.") }
                    { choice_field("penetration", "Dealt before the cut card", penetrations, change(|s, v| s.game.penetration = v.parse().unwrap_or(Game::default().penetration))) }
                    { choice_field("double-on", "Double on", doubles, change(|s, v| s.game.double_on = v.parse().ok().and_then(|i: usize| DOUBLE_ON.get(i).copied()).unwrap_or(Game::default().double_on))) }
                    { house_rule(s.game.das, flag(|s, v| s.game.das = v), "Double after a split", "Double a hand made by splitting a pair, on the cards the doubling rule allows.") }
                </fieldset>
                <fieldset>
                    <legend>{"Counting"}</legend>
                    { choice_field("system", "Count system", options(&systems, s.system().key), change(|s, v| s.system = SYSTEMS.iter().position(|x| x.key == v).unwrap_or(0))) }
                    { choice_field("speed", "Pace of the cards", options(&speeds, &s.speed.to_string()), change(|s, v| s.speed = v.parse().unwrap_or(1000))) }
                    { choice_field("at-once", "Cards at a time", number_options(1..=3, s.at_once), change(|s, v| s.at_once = v.parse().unwrap_or(1))) }
                    { choice_field("length", "Cards a round", lengths, change(|s, v| s.length = v.parse().unwrap_or(20))) }
                    { choice_field("target", "Speed target", targets, change(|s, v| s.target = v.parse().unwrap_or(0))) }
                    { house_rule(s.checks, flag(|s, v| s.checks = v), "Count checks", "Stop at random points of a round and ask the count so far.") }
                    { choice_field("rounding", "True count rounding", roundings, change(|s, v| s.rounding = Rounding::ALL.into_iter().find(|r| r.key() == v).unwrap_or(Rounding::Truncate))) }
                    { house_rule(s.ticks, flag(|s, v| s.ticks = v), "Deck marks on the discard tray", "Without them, judge the decks dealt by eye, as at a table.") }
                </fieldset>
                <fieldset>
                    <legend>{"Deviations"}</legend>
                    { choice_field("plays", "Plays asked", options(&PLAY_SETS, &s.plays.to_string()), change(|s, v| s.plays = v.parse().unwrap_or(0))) }
                    { house_rule(s.rare, flag(|s, v| s.rare = v), "Rare counts", "Also ask counts of −5 and below, which come up seldom.") }
                </fieldset>
            </div>
            <p><a href="../tables/#casino">{"To the casino table"}</a>{" · "}<a href="../rules/casino.html">{"How to play casino Blackjack"}</a></p>
        </section>
    }
}

fn strategy_view(d: &Drills, send: &Callback<DrillMsg>, style: CardStyle) -> Html {
    let Some(f) = &d.flash else { return html! { <p>{"No hand to ask."}</p> } };
    let best = f.values.first().map(|v| v.0);
    let allowed: Vec<(IndexChoice, &'static str)> = STRATEGY_KEYS
        .iter()
        .copied()
        .filter(|(c, _)| matches!(c, IndexChoice::Play(p) if f.values.iter().any(|v| v.0 == *p)))
        .collect();
    html! {
        <>
        <div class="question" aria-live="polite">
            <p>{"Dealer shows "}{ card(f.q.up, style) }</p>
            <p>{"You hold "}{ card(f.q.cards[0], style) }{" "}{ card(f.q.cards[1], style) }</p>
        </div>
        { play_keys(&allowed, send.reform(DrillMsg::AnswerFlash), f.answer.is_some()) }
        if let (Some(a), Some(b)) = (f.answer, best) {
            <p class={classes!("verdict", if a == b { "right" } else { "wrong" })} role="status">
                { if a == b { format!("Right: {}.", b.name()) } else { format!("Not quite: {} is the play, not {}.", b.name(), a.name()) } }
            </p>
            <table class="evs"><caption>{"Expected value of each play, per bet, from a full shoe"}</caption>
                <tbody>{ for f.values.iter().map(|(p, v)| html! { <tr><th scope="row">{p.name()}</th><td>{ signed_milli(*v) }</td></tr> }) }</tbody>
            </table>
            { next_button(send, DrillMsg::NextFlash, "Next hand") }
        }
        </>
    }
}

fn running_view(d: &Drills, send: &Callback<DrillMsg>, style: CardStyle) -> Html {
    let setup = &d.progress.setup;
    let start = setup.system().initial_running_count_half(setup.choice.decks);
    let start_text = if start == 0 { "0".to_string() } else { half_points(start) };
    let Some(r) = &d.round else {
        let cards = setup.length.min(52 * setup.choice.decks as u16);
        let own =
            if setup.speed == 0 { " At your own pace: space or the right arrow turns the next card." } else { "" };
        return html! {
            <>
            <p>{ format!("{cards} cards, {} at a time. Start the count at {start_text}.{own}", setup.at_once) }</p>
            { next_button(send, DrillMsg::NextRound, "Start") }
            </>
        };
    };
    let per = setup.at_once as usize;
    let done = r.done(setup.at_once);
    let showing: Vec<Card> = if done || r.shown == 0 || r.asking {
        Vec::new()
    } else {
        r.cards[((r.shown - 1) * per).min(r.cards.len())..(r.shown * per).min(r.cards.len())].to_vec()
    };
    let truth = running_half(setup.system(), setup.choice.decks, &r.cards);
    let (id, shown) = (r.id, r.shown);
    let check = submit_check(send);
    let checks = r.checked.iter().filter(|c| c.1).count();
    html! {
        <>
        <p>{ format!("Start the count at {start_text}.") }</p>
        <div class="flash" aria-live="assertive" data-shown={r.shown.to_string()}>{ for showing.into_iter().map(|c| card(c, style)) }</div>
        if d.own_pace_turn() {
            <button class="next-card" onclick={send.reform(move |_| DrillMsg::Tick { id, shown, at: now() })}>{"Next card"}<kbd>{"Space"}</kbd></button>
        }
        if r.asking {
            <form class="count-form check-form" onsubmit={check}>
                <label for="check-answer">{"The count so far"}</label>
                <input id="check-answer" inputmode="decimal" autocomplete="off" />
                <button type="submit">{"Check"}</button>
            </form>
        }
        if let Some((typed, right)) = r.checked.last().filter(|_| !r.asking && !done) {
            <p class={classes!("check-verdict", if *right { "right" } else { "wrong" })} role="status">
                { if *right { format!("Right: {}. On you go.", half_points(*typed)) } else { format!("Not quite: you said {}. On you go.", half_points(*typed)) } }
            </p>
        }
        if done {
            <form class="count-form" onsubmit={submit(send, || DrillMsg::AnswerCount(input_value("count-answer")))}>
                <label for="count-answer">{"The running count"}</label>
                <input id="count-answer" inputmode="decimal" autocomplete="off" disabled={r.answer.is_some()} />
                <button type="submit" disabled={r.answer.is_some()}>{"Check"}</button>
            </form>
            if let Some(a) = r.answer {
                <p class={classes!("verdict", if a == truth { "right" } else { "wrong" })} role="status">
                    { if a == truth { format!("Right: {}.", half_points(truth)) } else { format!("Not quite: the count was {}, not {}.", half_points(truth), half_points(a)) } }
                </p>
                { stopwatch(r, setup.target) }
                if !r.checks.is_empty() {
                    <p class="checks">{ format!("Count checks along the way: {checks} of {} right.", r.checks.len()) }</p>
                }
                <p class="cards-were">{"The cards: "}{ for r.cards.iter().map(|&c| card(c, style)) }</p>
                { next_button(send, DrillMsg::NextRound, "Next round") }
            }
        } else {
            <p class="progress">{ format!("Cards {} of {}", (r.shown * per).min(r.cards.len()), r.cards.len()) }</p>
        }
        </>
    }
}

/// A count check's form, its field's count sent with the page's clock (the stopwatch stops
/// while it is asked).
fn submit_check(send: &Callback<DrillMsg>) -> Callback<SubmitEvent> {
    send.reform(move |e: SubmitEvent| {
        e.prevent_default();
        DrillMsg::AnswerCheck { typed: input_value("check-answer"), at: now() }
    })
}

/// The stopwatch's time for a round once its last card has gone, its pace a deck, and whether
/// it met the player's target.
fn stopwatch(r: &CountRound, target: u16) -> Html {
    let (Some(ms), Some((per_deck, met))) = (r.elapsed(), deck_pace(r, target)) else { return Html::default() };
    let secs = |x: f64| signed_tenths(x).trim_start_matches('+').to_string();
    let pace = format!("{} cards in {} s: a deck in {} s.", r.cards.len(), secs(ms / 1000.0), secs(per_deck));
    let verdict = match met {
        Some(true) => format!(" Within your target of a deck in {target} s."),
        Some(false) => format!(" Slower than your target of a deck in {target} s."),
        None => String::new(),
    };
    html! { <p class={classes!("stopwatch", met.map(|m| if m { "right" } else { "wrong" }))}>{ pace }{ verdict }</p> }
}

/// The bet ramp drill: the player's ramp (its form), a true count and the bet asked.
fn ramp_view(d: &Drills, send: &Callback<DrillMsg>) -> Html {
    let ramp = d.progress.setup.ramp;
    let save = send.reform(|e: SubmitEvent| {
        e.prevent_default();
        DrillMsg::SetRamp((0..RAMP_COUNTS.len()).map(|i| input_value(&format!("ramp-{i}"))).collect())
    });
    let answer = submit(send, || DrillMsg::AnswerRamp(input_value("bet-answer")));
    let question = match &d.ramp {
        None => Html::default(),
        Some(q) => html! {
            <>
            <p class="question true-count">{ format!("True count {:+}", q.true_count) }</p>
            <form class="count-form" key={q.id.to_string()} onsubmit={answer}>
                <label for="bet-answer">{"Your bet, in units"}</label>
                <input id="bet-answer" inputmode="numeric" autocomplete="off" disabled={q.answer.is_some()} />
                <button type="submit" disabled={q.answer.is_some()}>{"Check"}</button>
            </form>
            if let Some((units, right)) = q.answer {
                <p class={classes!("verdict", if right { "right" } else { "wrong" })} role="status">
                    { if right { format!("Right: {units} at {:+}.", q.true_count) } else {
                        format!("Not quite: your ramp bets {} at {:+}, not {units}.", ramp.bet_at(q.true_count), q.true_count) } }
                </p>
                { next_button(send, DrillMsg::NextRamp, "Next count") }
            }
            </>
        },
    };
    html! {
        <>
        { question }
        <details class="ramp-form">
            <summary>{"Your ramp"}</summary>
            <form class="count-form" onsubmit={save}>
                { for RAMP_COUNTS.iter().enumerate().map(|(i, c)| {
                    let id = format!("ramp-{i}");
                    html! { <span class="field"><label for={id.clone()}>{ format!("At {c}") }</label>
                        <input id={id} inputmode="numeric" autocomplete="off" value={ramp.0[i].to_string()} /></span> }
                }) }
                <button type="submit">{"Save the ramp"}</button>
            </form>
            <p class="formula">{ format!("Units bet at each true count, each a whole number from 1 to {MAX_UNITS}. Now: {}.",
                RAMP_COUNTS.iter().zip(ramp.0).map(|(c, u)| format!("{u} at {c}")).collect::<Vec<_>>().join(", ")) }</p>
        </details>
        </>
    }
}

/// Half decks as a player reads them: "4.5".
fn halves_text(h: u32) -> String {
    format!("{}{}", h / 2, if h % 2 == 1 { ".5" } else { "" })
}

/// The shoe (the cards left, the cut card in them) and the discard tray, drawn to scale in whole
/// units (480 divides into quarter decks of every shoe offered), each as tall as the whole shoe;
/// a mark at each deck only if the player asks for them (`ticks`).
fn tray_picture(q: &TrayQuestion, ticks: bool) -> Html {
    let (h, w) = (480u32, 140u32);
    let per_deck = h / q.decks.max(1) as u32;
    let stack = (q.dealt * per_deck / 52).min(h);
    let cut_y = 10 + q.cut * per_deck / 52;
    let marks = |x1: u32, x2: u32| -> Html {
        if !ticks {
            return Html::default();
        }
        (1..q.decks as u32)
            .map(|d| {
                let y = (10 + h - d * per_deck).to_string();
                html! { <line class="tray-mark" x1={x1.to_string()} x2={x2.to_string()} y1={y.clone()} y2={y} /> }
            })
            .collect()
    };
    html! {
        <svg class="tray" viewBox={format!("0 0 {} {}", 2 * w + 90, h + 20)} width="200" height="250" role="img"
            aria-label={format!("The shoe of {} decks with its cut card, and the discard tray, {} percent full", q.decks, 100 * stack / h)}>
            <rect class="shoe-box" x="10" y="10" width={w.to_string()} height={h.to_string()} />
            <rect class="shoe-stack" x="10" y={(10 + stack).to_string()} width={w.to_string()} height={(h - stack).to_string()} />
            <line class="cut-card" x1="4" x2={(w + 16).to_string()} y1={cut_y.to_string()} y2={cut_y.to_string()} />
            <rect class="tray-box" x={(w + 80).to_string()} y="10" width={w.to_string()} height={h.to_string()} data-decks={q.decks.to_string()} />
            <rect class="tray-stack" x={(w + 80).to_string()} y={(10 + h - stack).to_string()} width={w.to_string()} height={stack.to_string()} data-dealt={q.dealt.to_string()} />
            { marks(w + 60, w + 80) }
        </svg>
    }
}

fn tray_view(d: &Drills, send: &Callback<DrillMsg>) -> Html {
    let Some(t) = &d.tray else { return html! {} };
    let setup = &d.progress.setup;
    let system: &CountSystem = setup.system();
    let q = &t.q;
    let truth = q.true_count(system);
    let whole = setup.rounding.apply(truth);
    let formula = if system.balanced() {
        "true count = running count ÷ decks left (to the nearest half deck)".to_string()
    } else {
        "true count = (running count − initial count − deck sum × decks dealt) ÷ decks left".to_string()
    };
    let answer = submit(send, || DrillMsg::AnswerTray {
        decks: input_value("decks-left"),
        true_count: input_value("true-answer"),
    });
    html! {
        <>
        if t.new_shoe { <p class="new-shoe" role="status">{"A new shoe is shuffled and dealt."}</p> }
        <div class="tray-question">
            { tray_picture(q, setup.ticks) }
            <p>{ format!("{} decks in the shoe. The running count is ", q.decks) }<strong class="running">{ half_points(q.running_half) }</strong>{"."}</p>
        </div>
        <form class="count-form" key={t.id.to_string()} onsubmit={answer}>
            <label for="decks-left">{"Decks left (to half a deck)"}</label>
            <input id="decks-left" inputmode="decimal" autocomplete="off" disabled={t.answer.is_some()} />
            <label for="true-answer">{ format!("True count ({})", setup.rounding.name()) }</label>
            <input id="true-answer" inputmode="decimal" autocomplete="off" disabled={t.answer.is_some()} />
            <button type="submit" disabled={t.answer.is_some()}>{"Check"}</button>
        </form>
        if let Some((decks, tc, decks_ok, count_ok)) = t.answer {
            <p class={classes!("verdict", if decks_ok && count_ok { "right" } else { "wrong" })} role="status">
                { format!("{} about {} decks were left (you said {}); the true count is {} (you said {tc:+}), {whole:+} by your rounding.",
                    if decks_ok && count_ok { "Right:" } else { "Not quite:" }, halves_text(q.halves_left()),
                    half_points(decks).trim_start_matches('+'), signed_tenths(truth)) }
            </p>
            <p class="formula">{ formula }</p>
            { next_button(send, DrillMsg::NextTray, "Next tray") }
        }
        </>
    }
}

/// Every computed index play for the rules and count, as a table (folded away under the drill),
/// in the order the drill teaches them (the worker ranks them: the Illustrious 18 and Fab 4
/// first, then by what each is worth), with that worth.
fn index_table(rows: &[IndexPlay], first: usize) -> Html {
    html! {
        <details class="index-table">
            <summary>{ format!("All {} index plays for these rules and this count", rows.len()) }</summary>
            <table class="evs">
                <caption>{ format!("Each play: at the index or above, and below it. The first {first} are the Illustrious 18 and Fab 4; then by what each is worth, in bets per 10,000 rounds") }</caption>
                <thead><tr><th scope="col">{"Dealer"}</th><th scope="col">{"Hand"}</th><th scope="col">{"Index"}</th><th scope="col">{"At or above"}</th><th scope="col">{"Below"}</th><th scope="col">{"Worth"}</th></tr></thead>
                <tbody>{ for rows.iter().map(|p| html! {
                    <tr><td>{ up_name(p.up) }</td><th scope="row">{ p.situation.describe() }</th><td>{ format!("{:+}", p.index) }</td>
                        <td>{ p.at_or_above.name() }</td><td>{ p.below.name() }</td><td>{ hundredths(p.gain * 10_000.0) }</td></tr>
                }) }</tbody>
            </table>
        </details>
    }
}

/// A figure to two places ("1.35"), by hand: the page has no other use for float formatting's
/// weight.
fn hundredths(x: f64) -> String {
    let c = (x.max(0.0) * 100.0).round() as u64;
    format!("{}.{:02}", c / 100, c % 100)
}

fn deviation_view(d: &Drills, indices: &Option<Indices>, send: &Callback<DrillMsg>, style: CardStyle) -> Html {
    let (table, plays) = match indices {
        Some(Indices::Ready { plays, .. }) if plays.is_empty() => {
            let (lowest, highest) = count_range(d.progress.setup.system());
            return html! { <p>{ format!("No play changes with the count between −{} and {highest:+} for these rules.", lowest.unsigned_abs()) }</p> };
        }
        Some(Indices::Ready { plays, .. }) => {
            (index_table(plays, first_count(&d.progress.setup.rules(), plays)), plays.clone())
        }
        // The Illustrious 18 and Fab 4 are asked while the rest is worked out.
        Some(Indices::Working { percent, first: Some(first), .. }) => {
            let working = html! {
                <p class="working" role="status">{ format!("Asking the Illustrious 18 and the Fab 4 while the other index plays for these rules and this count are worked out: {percent}%") }</p>
            };
            (working, first.clone())
        }
        Some(Indices::Working { percent, .. }) => {
            return html! { <p class="working" role="status">{ format!("Working out the index plays for these rules and this count: {percent}%") }</p> }
        }
        Some(Indices::Failed { .. }) => return html! { <p class="verdict wrong" role="alert">{ WORKER_FAILED }</p> },
        None => return html! { <p class="working">{"Working out the index plays…"}</p> },
    };
    let Some(dev) = &d.dev else { return table };
    let q = &dev.q;
    // Surrender is decided first: when it is the answer to a hand asked by its own index, say
    // which surrender index made it so.
    let surrender = IndexChoice::Play(Play::Surrender);
    let first = (q.answer == surrender && q.play.at_or_above != surrender && q.play.below != surrender)
        .then(|| {
            plays.iter().find(|p| {
                p.up == q.play.up
                    && p.index <= q.true_count
                    && p.at_or_above == surrender
                    && match (p.situation, q.play.situation) {
                        (Situation::Surrender(a), Situation::Total { soft: false, total: b }) => a == b,
                        (Situation::SurrenderPair(a), Situation::Pair(b)) => a == b,
                        _ => false,
                    }
            })
        })
        .flatten()
        .map(|p| {
            format!(
                " Surrender is decided first: {} v {}, surrender at {:+} or more.",
                p.situation.describe(),
                up_name(p.up),
                p.index
            )
        });
    // Only the plays the table's rules offer for this hand.
    let offered = dev_choices(&d.progress.setup.rules(), q);
    let keys: Vec<(IndexChoice, &'static str)> = [(IndexChoice::Insure, "I"), (IndexChoice::DeclineInsurance, "N")]
        .into_iter()
        .chain(STRATEGY_KEYS)
        .filter(|(c, _)| offered.contains(c))
        .collect();
    // KO and Red 7 are played by the running count alone (their plays come keyed to it).
    let (system, decks) = (d.progress.setup.system(), d.progress.setup.choice.decks);
    let count = if system.balanced() { "true count" } else { "running count" };
    let rule = format!(
        "{} v {}: {} at a {count} of {:+} or more, {} below.",
        q.play.situation.describe(),
        up_name(q.play.up),
        q.play.at_or_above.name(),
        q.play.index,
        q.play.below.name()
    );
    html! {
        <>
        <div class="question" aria-live="polite">
            <p class="true-count">{ format!("{} {:+}", if system.balanced() { "True count" } else { "Running count" }, q.true_count) }</p>
            if let Some(keys) = running_keys(system, decks) { <p class="keys">{ format!("{}, {decks}-deck shoe: {keys}", system.name) }</p> }
            <p>{"Dealer shows "}{ card(q.up, style) }</p>
            if q.cards.is_empty() { <p>{"Insurance?"}</p> } else {
                <p>{"You hold "}{ for q.cards.iter().map(|&c| card(c, style)) }</p>
            }
        </div>
        { play_keys(&keys, send.reform(DrillMsg::AnswerDev), dev.answer.is_some()) }
        if let Some(a) = dev.answer {
            <p class={classes!("verdict", if a == q.answer { "right" } else { "wrong" })} role="status">
                { if a == q.answer { format!("Right: {}.", q.answer.name()) } else { format!("Not quite: {} is the play here, not {}.", q.answer.name(), a.name()) } }
            </p>
            <p class="index-rule">{ rule }{ first.unwrap_or_default() }</p>
            { next_button(send, DrillMsg::NextDev, "Next hand") }
        }
        { table }
        </>
    }
}

/// A part of a test round graded: its name, the right answer and the player's.
fn test_part(name: &str, right: bool, answer: String, given: String) -> Html {
    let text = if right { format!("{name}: {answer}, right.") } else { format!("{name}: {answer}, not {given}.") };
    html! { <li class={if right { "right" } else { "wrong" }}>{ text }</li> }
}

/// The test mode: the cards dealt since the last hand (or the shuffle) and the tray, the hand
/// dealt; the running count, true count and bet typed, then the play by its key; each part
/// graded and the round scored.
fn test_view(d: &Drills, send: &Callback<DrillMsg>, style: CardStyle) -> Html {
    let Some(q) = &d.test else { return html! { <p>{"No hand to ask."}</p> } };
    let setup = &d.progress.setup;
    let r = &q.round;
    let since = if q.from == 0 { "Cards dealt since the shuffle" } else { "Cards dealt since your last hand" };
    let answer = submit(send, || DrillMsg::AnswerTestCounts {
        running: input_value("test-running"),
        true_count: input_value("test-true"),
        bet: input_value("test-bet"),
    });
    let offered = hand_choices(&setup.rules(), &r.cards);
    let keys: Vec<(IndexChoice, &'static str)> =
        STRATEGY_KEYS.into_iter().filter(|(c, _)| offered.contains(c)).collect();
    let counted = q.counts.is_some();
    html! {
        <>
        if r.new_shoe { <p class="new-shoe" role="status">{"A new shoe is shuffled and dealt."}</p> }
        <div class="tray-question">
            { tray_picture(&r.tray, setup.ticks) }
            <div>
                <p>{ format!("{} decks in the shoe. {since}:", r.tray.decks) }</p>
                <p class="test-cards" data-cards={(r.seen.len() - q.from).to_string()}>{ for r.seen[q.from..].iter().map(|&c| card(c, style)) }</p>
            </div>
        </div>
        <div class="question" aria-live="polite">
            <p>{"Dealer shows "}{ card(r.up, style) }</p>
            <p>{"You hold "}{ card(r.cards[0], style) }{" "}{ card(r.cards[1], style) }</p>
        </div>
        <form class="count-form" key={q.id.to_string()} onsubmit={answer}>
            <label for="test-running">{"Running count (before this hand)"}</label>
            <input id="test-running" inputmode="decimal" autocomplete="off" disabled={counted} />
            <label for="test-true">{ format!("True count ({})", setup.rounding.name()) }</label>
            <input id="test-true" inputmode="decimal" autocomplete="off" disabled={counted} />
            <label for="test-bet">{"Your bet by your ramp, in units"}</label>
            <input id="test-bet" inputmode="numeric" autocomplete="off" disabled={counted} />
            <button type="submit" disabled={counted}>{"On to the play"}</button>
        </form>
        if counted {
            if d.plays.is_none() {
                <p class="working" role="status">{"The index plays for these rules are not ready yet: this hand's play is graded by basic strategy alone."}</p>
            }
            { play_keys(&keys, send.reform(DrillMsg::AnswerTestPlay), q.graded.is_some()) }
        }
        if let Some((a, g)) = &q.graded {
            <ul class="test-parts">
                { test_part("Running count", g.running, half_points(g.right.running_half), half_points(a.running_half)) }
                { test_part("True count", g.true_count, format!("{:+}", g.right.true_count), format!("{:+}", a.true_count)) }
                { test_part("Bet", g.bet, format!("{} units", g.right.bet), a.bet.to_string()) }
                { test_part("Play", g.play, g.right.play.name().to_string(), a.play.name().to_string()) }
            </ul>
            <p class={classes!("verdict", if g.whole() { "right" } else { "wrong" })} role="status">
                { format!("This round: {} of 4{}", g.score(), if g.whole() { ", all right." } else { "." }) }
                { if g.by_indices { " The play is graded by basic strategy and the index plays." } else { " The play is graded by basic strategy alone." } }
            </p>
            { next_button(send, DrillMsg::NextTest, "Next hand") }
        }
        </>
    }
}
