//! The drills page (`drills/`, its own wasm module): four drills for the casino table's rules,
//! keyboard-first and scored, with a streak and the weakest hands; the record is saved in
//! localStorage (`drills/state.rs`). Everything it computes is the engine's, for the rules chosen:
//! a flashcard's values one cell at a time (a few milliseconds), the index plays in steps between
//! frames (about 3 s of work natively, never one long task).

use super::casino::words::{half_points, signed_milli, signed_tenths};
use super::drills::state::*;
use super::new_seed;
use super::page_frame::PageFrame;
use super::storage;
use crate::engine::cards::Card;
use crate::engine::casino::count::SYSTEMS;
use crate::engine::casino::drill::{cell_values, cells, Row};
use crate::engine::casino::indices::{
    all_situations, count_shoes, depths, Choice as IndexChoice, IndexPlay, IndexWork, ProfileBuilder,
};
use crate::engine::casino::strategy::Play;
use crate::engine::rng::GameRng;
use crate::ui::kit::{choice_field, house_rule, number_options, options, use_table_keys};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;
use yew::platform::spawn_local;
use yew::platform::time::sleep;
use yew::prelude::*;

/// The casino table's fragment on this page sends it there.
pub const CASINO_AWAY: (&str, &str) = ("#casino", "../tables/#casino");
/// How long one task of the index computation runs before the page paints, in ms: a slice
/// ends at the first step past it, and a step is at most a few ms natively (p99.9 about 8 ms,
/// `examples/drill_costs.rs`), so a task stays near this plus one step.
const SLICE_MS: f64 = 12.0;

fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// The saved record, or a fresh one and a notice for a save that cannot be read.
fn load_progress() -> (Progress, Option<String>) {
    match storage::load::<Progress>(SAVE_KEY, SAVE_VERSION) {
        Ok(p) => (p.unwrap_or_default(), None),
        Err(problem) => {
            storage::set_aside(SAVE_KEY);
            (Progress::default(), Some(problem.notice("drill record")))
        }
    }
}

/// The index plays for one set of rules and one system, as far as they are worked out.
#[derive(Clone, PartialEq)]
enum Indices {
    Working { key: (Setup, usize), percent: u32 },
    Ready { key: (Setup, usize), plays: Rc<Vec<IndexPlay>> },
}

/// The part of the setup the indices depend on (the pace of the count drill does not matter).
fn indices_key(s: &Setup) -> (Setup, usize) {
    (Setup { speed: 1000, at_once: 1, length: 20, ..*s }, s.system)
}

/// Works the index plays out in slices of [`SLICE_MS`], yielding to the browser between them,
/// and stops if the rules or system change meanwhile (`current` no longer holds `key`).
fn compute_indices(setup: Setup, current: Rc<RefCell<(Setup, usize)>>, out: UseStateHandle<Option<Indices>>) {
    let key = indices_key(&setup);
    out.set(Some(Indices::Working { key, percent: 0 }));
    spawn_local(async move {
        let rules = setup.choice.rules();
        let system = setup.system();
        let stale = || *current.borrow() != key;
        let mut shoes = Vec::new();
        let mut start = now();
        for (i, dealt) in depths(&rules).into_iter().enumerate() {
            let mut b = ProfileBuilder::new(system, rules.decks, dealt);
            while !b.step(100_000) {
                if now() - start > SLICE_MS {
                    sleep(Duration::ZERO).await;
                    if stale() {
                        return;
                    }
                    out.set(Some(Indices::Working { key, percent: 5 * i as u32 }));
                    start = now();
                }
            }
            shoes.push(count_shoes(&b.finish()));
        }
        let mut work = IndexWork::new(&rules, shoes, all_situations(&rules));
        while !work.step() {
            if now() - start > SLICE_MS {
                sleep(Duration::ZERO).await;
                if stale() {
                    return;
                }
                let (done, all) = work.progress();
                out.set(Some(Indices::Working { key, percent: 15 + (85 * done / all.max(1)) as u32 }));
                start = now();
            }
        }
        if !stale() {
            out.set(Some(Indices::Ready { key, plays: Rc::new(work.finish()) }));
        }
    });
}

/// A card as text, named for a screen reader.
fn card(c: Card) -> Html {
    let red = matches!(c.suit, crate::engine::cards::Suit::Hearts | crate::engine::cards::Suit::Diamonds);
    html! {
        <span class={classes!("pc", red.then_some("red"))} role="img" aria-label={c.name()} data-card={c.to_string()}>
            { format!("{}{}", c.rank.short(), c.suit.symbol()) }
        </span>
    }
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

/// The name of an index play's choice as the answer keys say it.
fn choice_name(c: IndexChoice) -> &'static str {
    c.name()
}

/// The plays' keys, for the strategy and deviation drills.
fn play_keys(plays: &[(IndexChoice, &'static str)], on: Callback<IndexChoice>, answered: bool) -> Html {
    html! {
        <div class="answers" role="group" aria-label="Your play">
            { for plays.iter().map(|&(c, k)| {
                let on = on.clone();
                html! { <button disabled={answered} onclick={Callback::from(move |_| on.emit(c))}>
                    { choice_name(c) }<kbd>{k}</kbd></button> }
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

/// A flashcard on screen: the question, its values (best first) and the answer given.
#[derive(Clone, PartialEq)]
struct Flash {
    q: Flashcard,
    values: Vec<(Play, f64)>,
    answer: Option<Play>,
}

#[derive(Clone, PartialEq)]
struct CountRound {
    cards: Vec<Card>,
    /// The flash on screen, from 1 (0: about to start; past the last: the count is asked).
    shown: usize,
    /// The count typed, once answered (in half points).
    answer: Option<i32>,
    id: u32,
}

#[derive(Clone, PartialEq)]
struct Tray {
    q: TrayQuestion,
    /// A new form for each tray, so no answer stays in its fields.
    id: u32,
    /// The decks left (in half decks) and true count given, and whether each was right.
    answer: Option<(i32, i32, bool, bool)>,
}

#[derive(Clone, PartialEq)]
struct Dev {
    q: Deviation,
    answer: Option<IndexChoice>,
}

fn input_value(id: &str) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(e).ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

fn focus_id(id: &str) {
    if let Some(e) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
    {
        super::focus_quietly(&e);
    }
}

#[component]
pub fn DrillsApp() -> Html {
    let loaded = use_memo((), |_| load_progress());
    let progress = use_state(|| loaded.0.clone());
    let notice = use_state(|| loaded.1.clone());
    let screen = use_state(|| None::<Drill>);
    let rng = use_mut_ref(|| GameRng::new(new_seed()));
    let flash = use_state(|| None::<Flash>);
    let round = use_state(|| None::<CountRound>);
    let tray = use_state(|| None::<Tray>);
    let dev = use_state(|| None::<Dev>);
    let indices = use_state(|| None::<Indices>);
    let indices_for = use_mut_ref(|| indices_key(&progress.setup));

    // Saved on every change of the record.
    use_effect_with((*progress).clone(), |p| storage::save(SAVE_KEY, SAVE_VERSION, p));

    let setup = progress.setup;
    let system = setup.system();

    // The next question of each drill.
    let next_flash = {
        let (flash, progress, rng) = (flash.clone(), progress.clone(), rng.clone());
        Callback::from(move |()| {
            let q = flashcard(&progress.cells, &mut rng.borrow_mut());
            flash.set(q.map(|q| {
                let values = cell_values(&progress.setup.choice.rules(), q.cell);
                Flash { q, values, answer: None }
            }));
        })
    };
    let next_round = {
        let (round, progress, rng) = (round.clone(), progress.clone(), rng.clone());
        Callback::from(move |()| {
            let cards = count_round(&progress.setup, &mut rng.borrow_mut());
            let id = round.as_ref().map_or(0, |r| r.id + 1);
            round.set(Some(CountRound { cards, shown: 0, answer: None, id }));
        })
    };
    let next_tray = {
        let (tray, progress, rng) = (tray.clone(), progress.clone(), rng.clone());
        Callback::from(move |()| {
            let id = tray.as_ref().map_or(0, |t| t.id.wrapping_add(1));
            tray.set(Some(Tray { q: tray_question(&progress.setup, &mut rng.borrow_mut()), id, answer: None }));
        })
    };
    let next_dev = {
        let (dev, progress, rng, indices) = (dev.clone(), progress.clone(), rng.clone(), indices.clone());
        Callback::from(move |()| {
            if let Some(Indices::Ready { plays, .. }) = &*indices {
                let q = deviation(plays, &progress.kinds[2], &mut rng.borrow_mut());
                dev.set(q.map(|q| Dev { q, answer: None }));
            }
        })
    };

    // The running count's flashes: the next one after the chosen pace, then the answer.
    {
        let round = round.clone();
        let key = round.as_ref().map(|r| (r.id, r.shown, r.answer.is_some()));
        let (speed, at_once) = (setup.speed, setup.at_once as usize);
        use_effect_with(key, move |key| {
            let timer = match (key, (*round).clone()) {
                (Some((_, shown, false)), Some(r)) if *shown <= flashes(r.cards.len(), at_once) => {
                    Some(gloo_timers::callback::Timeout::new(speed, move || {
                        round.set(Some(CountRound { shown: r.shown + 1, ..r }));
                    }))
                }
                (Some((_, _, false)), Some(_)) => {
                    focus_id("count-answer");
                    None
                }
                _ => None,
            };
            move || drop(timer)
        });
    }

    // A new tray: the first field takes the keys (once it is on the page).
    {
        let key = tray.as_ref().map(|t| (t.id, t.answer.is_some()));
        use_effect_with(key, |key| {
            if matches!(key, Some((_, false))) {
                focus_id("decks-left");
            }
        });
    }

    // The index plays, worked out when the deviations drill is opened for new rules.
    {
        let (indices, indices_for) = (indices.clone(), indices_for.clone());
        let open = *screen == Some(Drill::Deviations);
        use_effect_with((open, indices_key(&setup)), move |(open, key)| {
            let have = match &*indices {
                Some(Indices::Working { key: k, .. }) | Some(Indices::Ready { key: k, .. }) => k == key,
                None => false,
            };
            *indices_for.borrow_mut() = *key;
            if *open && !have {
                compute_indices(key.0, indices_for, indices);
            }
        });
    }
    // The first deviation question once the plays are ready.
    {
        let (next_dev, dev) = (next_dev.clone(), dev.clone());
        let ready = matches!(&*indices, Some(Indices::Ready { .. }));
        use_effect_with(ready, move |ready| {
            if *ready {
                if dev.is_none() {
                    next_dev.emit(());
                }
            } else if dev.is_some() {
                dev.set(None);
            }
        });
    }

    let open_drill = {
        let (screen, next_flash, next_tray, round, tray, flash) =
            (screen.clone(), next_flash.clone(), next_tray.clone(), round.clone(), tray.clone(), flash.clone());
        Callback::from(move |d: Option<Drill>| {
            screen.set(d);
            match d {
                Some(Drill::Strategy) if flash.is_none() => next_flash.emit(()),
                Some(Drill::True) if tray.is_none() => next_tray.emit(()),
                Some(Drill::Running) => round.set(None),
                _ => {}
            }
        })
    };

    let answer_flash = {
        let (flash, progress) = (flash.clone(), progress.clone());
        Callback::from(move |c: IndexChoice| {
            let (Some(f), IndexChoice::Play(play)) = ((*flash).clone(), c) else { return };
            if f.answer.is_some() || !f.values.iter().any(|v| v.0 == play) {
                return;
            }
            let right = f.values.first().is_some_and(|b| b.0 == play);
            let mut p = (*progress).clone();
            p.cells.record(f.q.index, right);
            p.score(Drill::Strategy, "", right);
            progress.set(p);
            flash.set(Some(Flash { answer: Some(play), ..f }));
        })
    };
    let answer_dev = {
        let (dev, progress) = (dev.clone(), progress.clone());
        Callback::from(move |c: IndexChoice| {
            let Some(d) = (*dev).clone() else { return };
            if d.answer.is_some() {
                return;
            }
            let right = c == d.q.answer;
            let mut p = (*progress).clone();
            p.score(Drill::Deviations, &d.q.kind(), right);
            progress.set(p);
            dev.set(Some(Dev { answer: Some(c), ..d }));
        })
    };
    let answer_count = {
        let (round, progress) = (round.clone(), progress.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(r) = (*round).clone() else { return };
            if r.answer.is_some() || r.shown <= flashes(r.cards.len(), progress.setup.at_once as usize) {
                return;
            }
            let Some(typed) = parse_count(&input_value("count-answer")) else { return };
            let s = progress.setup;
            let right = typed == running_half(s.system(), s.choice.decks, &r.cards);
            let mut p = (*progress).clone();
            let kind = format!(
                "{} at a time, {} s",
                s.at_once,
                signed_tenths(s.speed as f64 / 1000.0).trim_start_matches('+')
            );
            p.score(Drill::Running, &kind, right);
            progress.set(p);
            round.set(Some(CountRound { answer: Some(typed), ..r }));
        })
    };
    let answer_tray = {
        let (tray, progress) = (tray.clone(), progress.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(t) = (*tray).clone() else { return };
            if t.answer.is_some() {
                return;
            }
            let (Some(decks), Some(tc)) = (
                parse_count(&input_value("decks-left")),
                parse_count(&input_value("true-answer")).filter(|h| h % 2 == 0),
            ) else {
                return;
            };
            let (decks_ok, count_ok) = t.q.check(progress.setup.system(), decks as f64 / 2.0, tc / 2);
            let mut p = (*progress).clone();
            p.score(Drill::True, &t.q.kind(), decks_ok && count_ok);
            progress.set(p);
            tray.set(Some(Tray { answer: Some((decks, tc / 2, decks_ok, count_ok)), ..t }));
        })
    };

    // Keys: 1 to 4 open a drill, Escape goes back; a drill's answer keys; Enter or N for the next.
    {
        let (screen, open_drill) = (screen.clone(), open_drill.clone());
        let (flash, dev, round, tray) = (flash.clone(), dev.clone(), round.clone(), tray.clone());
        let (answer_flash, answer_dev) = (answer_flash.clone(), answer_dev.clone());
        let (next_flash, next_dev, next_round, next_tray) =
            (next_flash.clone(), next_dev.clone(), next_round.clone(), next_tray.clone());
        use_table_keys(Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            let next = key == "Enter" || key == " ";
            match *screen {
                None => {
                    if let Some(d) =
                        key.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).and_then(|i| Drill::ALL.get(i))
                    {
                        e.prevent_default();
                        open_drill.emit(Some(*d));
                    }
                }
                Some(_) if key == "Escape" => open_drill.emit(None),
                Some(Drill::Strategy) => match flash.as_ref().map(|f| f.answer.is_some()) {
                    Some(true) if next => {
                        e.prevent_default();
                        next_flash.emit(())
                    }
                    Some(false) => {
                        if let Some(c) = key_choice(&key) {
                            answer_flash.emit(c)
                        }
                    }
                    _ => {}
                },
                Some(Drill::Deviations) => match dev.as_ref().map(|d| d.answer.is_some()) {
                    Some(true) if next => {
                        e.prevent_default();
                        next_dev.emit(())
                    }
                    Some(false) => {
                        if let Some(c) = key_choice(&key) {
                            answer_dev.emit(c)
                        }
                    }
                    _ => {}
                },
                Some(Drill::Running) if next && round.as_ref().is_none_or(|r| r.answer.is_some()) => {
                    e.prevent_default();
                    next_round.emit(())
                }
                Some(Drill::True) if next && tray.as_ref().is_some_and(|t| t.answer.is_some()) => {
                    e.prevent_default();
                    next_tray.emit(())
                }
                _ => {}
            }
        }));
    }

    let body = match *screen {
        None => home(&progress, open_drill.clone(), {
            let progress = progress.clone();
            Callback::from(move |s: Setup| {
                let mut p = (*progress).clone();
                p.setup = s;
                progress.set(p);
            })
        }),
        Some(d) => {
            let score = progress.scores[d.index()];
            let weak: Vec<(String, u32, u32)> = match d {
                Drill::Strategy => progress
                    .cells
                    .weakest(5)
                    .into_iter()
                    .filter_map(|i| Some((cell_name(i), progress.cells.tally(i)?)))
                    .map(|(k, t)| (k, t.right, t.missed))
                    .collect(),
                _ => {
                    progress.kinds[d.index() - 1].weakest(5).into_iter().map(|(k, t)| (k, t.right, t.missed)).collect()
                }
            };
            let content = match d {
                Drill::Strategy => strategy_view(&flash, answer_flash.clone(), next_flash.clone()),
                Drill::Running => running_view(&round, &setup, answer_count.clone(), next_round.clone()),
                Drill::True => tray_view(&tray, system, answer_tray.clone(), next_tray.clone()),
                Drill::Deviations => deviation_view(&indices, &dev, answer_dev.clone(), next_dev.clone()),
            };
            let back = open_drill.reform(|_: MouseEvent| None);
            html! {
                <section class="drill" aria-labelledby="drill-title">
                    <div class="drill-head">
                        <h2 id="drill-title">{d.title()}</h2>
                        <button onclick={back}>{"All drills"}<kbd>{"Esc"}</kbd></button>
                    </div>
                    <p class="rules-line">{ rules_line(&setup) }</p>
                    <p class="score" aria-live="polite">{ score_line(&score) }</p>
                    { content }
                    { weakest(weak) }
                </section>
            }
        }
    };
    let on_dismiss = {
        let notice = notice.clone();
        Callback::from(move |()| notice.set(None))
    };
    html! { <PageFrame notice={(*notice).clone()} {on_dismiss} away={CASINO_AWAY}>{body}</PageFrame> }
}

fn rules_line(s: &Setup) -> String {
    let c = s.choice;
    format!(
        "{} deck{}, dealer {} soft 17, {}surrender · {} count",
        c.decks,
        if c.decks == 1 { "" } else { "s" },
        if c.h17 { "hits" } else { "stands on" },
        if c.surrender { "" } else { "no " },
        s.system().name
    )
}

fn home(progress: &UseStateHandle<Progress>, open: Callback<Option<Drill>>, set: Callback<Setup>) -> Html {
    let s = progress.setup;
    let change = |f: fn(&mut Setup, &str)| {
        let set = set.clone();
        Callback::from(move |v: String| {
            let mut n = s;
            f(&mut n, &v);
            set.emit(n);
        })
    };
    let flag = |f: fn(&mut Setup, bool)| {
        let set = set.clone();
        Callback::from(move |v: bool| {
            let mut n = s;
            f(&mut n, v);
            set.emit(n);
        })
    };
    let systems: Vec<(&'static str, &'static str)> = SYSTEMS.iter().map(|x| (x.key, x.name)).collect();
    let speeds: Vec<(&'static str, &'static str)> =
        vec![("1500", "Slow (1.5 s)"), ("1000", "Steady (1 s)"), ("600", "Quick (0.6 s)"), ("300", "Fast (0.3 s)")];
    html! {
        <section class="setup drills-home" aria-labelledby="drills-title">
            <h2 id="drills-title">{"Casino drills"}</h2>
            <p>{"Practise for the casino table: basic strategy, counting and the count's deviations, each worked out for the rules you choose. Your scores stay in this browser."}</p>
            <ul class="drill-list">
                { for Drill::ALL.iter().enumerate().map(|(i, &d)| {
                    let open = open.clone();
                    html! { <li>
                        <button class="drill-open" onclick={Callback::from(move |_| open.emit(Some(d)))}>
                            <strong>{d.title()}</strong><kbd>{i + 1}</kbd>
                        </button>
                        <span>{d.about()}</span>
                        <span class="score">{ score_line(&progress.scores[i]) }</span>
                    </li> }
                }) }
            </ul>
            <div class="setup-groups">
                <fieldset>
                    <legend>{"The table"}</legend>
                    { choice_field("decks", "Decks in the shoe", number_options(DECKS, s.choice.decks), change(|s, v| s.choice.decks = v.parse().unwrap_or(6))) }
                    { house_rule(s.choice.surrender, flag(|s, v| s.choice.surrender = v), "Surrender", "Give up half your bet instead of playing the hand, as your first decision.") }
                    { house_rule(s.choice.h17, flag(|s, v| s.choice.h17 = v), "Dealer hits soft 17", "The classic rules have the dealer stand on every 17.") }
                </fieldset>
                <fieldset>
                    <legend>{"Counting"}</legend>
                    { choice_field("system", "Count system", options(&systems, s.system().key), change(|s, v| s.system = SYSTEMS.iter().position(|x| x.key == v).unwrap_or(0))) }
                    { choice_field("speed", "Pace of the cards", options(&speeds, &s.speed.to_string()), change(|s, v| s.speed = v.parse().unwrap_or(1000))) }
                    { choice_field("at-once", "Cards at a time", number_options(1..=3, s.at_once), change(|s, v| s.at_once = v.parse().unwrap_or(1))) }
                    { choice_field("length", "Cards a round", number_options(LENGTHS, s.length), change(|s, v| s.length = v.parse().unwrap_or(20))) }
                </fieldset>
            </div>
            <p><a href="../tables/#casino">{"To the casino table"}</a>{" · "}<a href="../rules/casino.html">{"How to play casino Blackjack"}</a></p>
        </section>
    }
}

fn strategy_view(flash: &Option<Flash>, answer: Callback<IndexChoice>, next: Callback<()>) -> Html {
    let Some(f) = flash else { return html! { <p>{"No hand to ask."}</p> } };
    let best = f.values.first().map(|v| v.0);
    let allowed: Vec<(IndexChoice, &'static str)> = STRATEGY_KEYS
        .iter()
        .copied()
        .filter(|(c, _)| matches!(c, IndexChoice::Play(p) if f.values.iter().any(|v| v.0 == *p)))
        .collect();
    html! {
        <>
        <div class="question" aria-live="polite">
            <p>{"Dealer shows "}{ card(f.q.up) }</p>
            <p>{"You hold "}{ card(f.q.cards[0]) }{" "}{ card(f.q.cards[1]) }</p>
        </div>
        { play_keys(&allowed, answer, f.answer.is_some()) }
        if let (Some(a), Some(b)) = (f.answer, best) {
            <p class={classes!("verdict", if a == b { "right" } else { "wrong" })} role="status">
                { if a == b { format!("Right: {}.", b.name()) } else { format!("Not quite: {} is the play, not {}.", b.name(), a.name()) } }
            </p>
            <table class="evs"><caption>{"Expected value of each play, per bet, from a full shoe"}</caption>
                <tbody>{ for f.values.iter().map(|(p, v)| html! { <tr><th scope="row">{p.name()}</th><td>{ signed_milli(*v) }</td></tr> }) }</tbody>
            </table>
            <button class="primary next" onclick={next.reform(|_| ())}>{"Next hand"}<kbd>{"Enter"}</kbd></button>
        }
        </>
    }
}

fn running_view(round: &Option<CountRound>, setup: &Setup, answer: Callback<SubmitEvent>, next: Callback<()>) -> Html {
    let start = setup.system().initial_running_count_half(setup.choice.decks);
    let start_text = if start == 0 { "0".to_string() } else { half_points(start) };
    let Some(r) = round else {
        return html! {
            <>
            <p>{ format!("{} cards, {} at a time. Start the count at {start_text}.", setup.length, setup.at_once) }</p>
            <button class="primary next" onclick={next.reform(|_| ())}>{"Start"}<kbd>{"Enter"}</kbd></button>
            </>
        };
    };
    let per = setup.at_once as usize;
    let done = r.shown > flashes(r.cards.len(), per);
    let showing: Vec<Card> = if done || r.shown == 0 {
        Vec::new()
    } else {
        r.cards[((r.shown - 1) * per).min(r.cards.len())..(r.shown * per).min(r.cards.len())].to_vec()
    };
    let truth = running_half(setup.system(), setup.choice.decks, &r.cards);
    html! {
        <>
        <p>{ format!("Start the count at {start_text}.") }</p>
        <div class="flash" aria-live="assertive" data-shown={r.shown.to_string()}>{ for showing.into_iter().map(card) }</div>
        if done {
            <form class="count-form" onsubmit={answer}>
                <label for="count-answer">{"The running count"}</label>
                <input id="count-answer" inputmode="decimal" autocomplete="off" disabled={r.answer.is_some()} />
                <button type="submit" disabled={r.answer.is_some()}>{"Check"}</button>
            </form>
            if let Some(a) = r.answer {
                <p class={classes!("verdict", if a == truth { "right" } else { "wrong" })} role="status">
                    { if a == truth { format!("Right: {}.", half_points(truth)) } else { format!("Not quite: the count was {}, not {}.", half_points(truth), half_points(a)) } }
                </p>
                <p class="cards-were">{"The cards: "}{ for r.cards.iter().map(|&c| card(c)) }</p>
                <button class="primary next" onclick={next.reform(|_| ())}>{"Next round"}<kbd>{"Enter"}</kbd></button>
            }
        } else {
            <p class="progress">{ format!("Cards {} of {}", (r.shown * per).min(r.cards.len()), r.cards.len()) }</p>
        }
        </>
    }
}

/// Quarter decks as a player reads them: "4.75".
fn quarters_text(q: u32) -> String {
    format!("{}{}", q / 4, ["", ".25", ".5", ".75"][(q % 4) as usize])
}

/// How many flashes show `cards` cards, `per` at a time.
fn flashes(cards: usize, per: usize) -> usize {
    cards.div_ceil(per.max(1))
}

fn tray_view(
    tray: &Option<Tray>,
    system: &'static crate::engine::casino::count::CountSystem,
    answer: Callback<SubmitEvent>,
    next: Callback<()>,
) -> Html {
    let Some(t) = tray else { return html! {} };
    let q = &t.q;
    // The tray drawn to scale in whole units (480 divides into quarter decks of every shoe
    // offered): its height holds the whole shoe, a mark at each deck.
    let (h, w) = (480u32, 140u32);
    let per_deck = h / q.decks.max(1) as u32;
    let stack = (q.dealt * per_deck / 52).min(h);
    let truth = q.true_count(system);
    let formula = if system.balanced() {
        "true count = running count ÷ decks left".to_string()
    } else {
        "true count = (running count − initial count − deck sum × decks dealt) ÷ decks left".to_string()
    };
    html! {
        <>
        <div class="tray-question">
            <svg class="tray" viewBox={format!("0 0 {} {}", w + 60, h + 20)} width="110" height="250" role="img"
                aria-label={format!("The discard tray for {} decks, {} percent full", q.decks, 100 * stack / h)}>
                <rect class="tray-box" x="50" y="10" width={w.to_string()} height={h.to_string()} data-decks={q.decks.to_string()} />
                <rect class="tray-stack" x="50" y={(10 + h - stack).to_string()} width={w.to_string()} height={stack.to_string()} />
                { for (1..q.decks as u32).map(|d| {
                    let y = (10 + h - d * per_deck).to_string();
                    html! { <line class="tray-mark" x1="30" x2="50" y1={y.clone()} y2={y} /> }
                }) }
            </svg>
            <p>{ format!("{} decks in the shoe. The running count is ", q.decks) }<strong class="running">{ half_points(q.running_half) }</strong>{"."}</p>
        </div>
        <form class="count-form" key={t.id.to_string()} onsubmit={answer}>
            <label for="decks-left">{"Decks left (to half a deck)"}</label>
            <input id="decks-left" inputmode="decimal" autocomplete="off" disabled={t.answer.is_some()} />
            <label for="true-answer">{"True count (whole number)"}</label>
            <input id="true-answer" inputmode="decimal" autocomplete="off" disabled={t.answer.is_some()} />
            <button type="submit" disabled={t.answer.is_some()}>{"Check"}</button>
        </form>
        if let Some((decks, tc, decks_ok, count_ok)) = t.answer {
            <p class={classes!("verdict", if decks_ok && count_ok { "right" } else { "wrong" })} role="status">
                { format!("{} {} decks were left (you said {}); the true count is {} (you said {tc:+}).",
                    if decks_ok && count_ok { "Right:" } else { "Not quite:" }, quarters_text(q.quarters_left()),
                    half_points(decks).trim_start_matches('+'), signed_tenths(truth)) }
            </p>
            <p class="formula">{ formula }</p>
            <button class="primary next" onclick={next.reform(|_| ())}>{"Next tray"}<kbd>{"Enter"}</kbd></button>
        }
        </>
    }
}

fn deviation_view(
    indices: &Option<Indices>,
    dev: &Option<Dev>,
    answer: Callback<IndexChoice>,
    next: Callback<()>,
) -> Html {
    match indices {
        Some(Indices::Ready { plays, .. }) if plays.is_empty() => {
            return html! { <p>{"No play changes with the count between −10 and +10 for these rules."}</p> }
        }
        Some(Indices::Ready { .. }) => {}
        Some(Indices::Working { percent, .. }) => {
            return html! { <p class="working" role="status">{ format!("Working out the index plays for these rules and this count: {percent}%") }</p> }
        }
        None => return html! { <p class="working">{"Working out the index plays…"}</p> },
    }
    let Some(d) = dev else { return html! {} };
    let q = &d.q;
    let keys: Vec<(IndexChoice, &'static str)> = match q.play.situation {
        crate::engine::casino::indices::Situation::Insurance => {
            vec![(IndexChoice::Insure, "I"), (IndexChoice::DeclineInsurance, "N")]
        }
        _ => STRATEGY_KEYS.to_vec(),
    };
    let rule = format!(
        "{} v {}: {} at a true count of {:+} or more, {} below.",
        q.play.situation.describe(),
        up_name(q.play.up),
        q.play.at_or_above.name(),
        q.play.index,
        q.play.below.name()
    );
    html! {
        <>
        <div class="question" aria-live="polite">
            <p class="true-count">{ format!("True count {:+}", q.true_count) }</p>
            <p>{"Dealer shows "}{ card(q.up) }</p>
            if q.cards.is_empty() { <p>{"Insurance?"}</p> } else {
                <p>{"You hold "}{ for q.cards.iter().map(|&c| card(c)) }</p>
            }
        </div>
        { play_keys(&keys, answer, d.answer.is_some()) }
        if let Some(a) = d.answer {
            <p class={classes!("verdict", if a == q.answer { "right" } else { "wrong" })} role="status">
                { if a == q.answer { format!("Right: {}.", q.answer.name()) } else { format!("Not quite: {} is the play here, not {}.", q.answer.name(), a.name()) } }
            </p>
            <p class="index-rule">{ rule }</p>
            <button class="primary next" onclick={next.reform(|_| ())}>{"Next hand"}<kbd>{"Enter"}</kbd></button>
        }
        </>
    }
}
