//! The UNO Blackjack replay page, `replay/uno/`: a finished game step by step, as any seat saw
//! it or with every queue face up. Its own wasm module, without the bots. The table is the live
//! table's own view ([`table_view`]) drawn from the shown seat's screen, which `replay.rs` feeds
//! the seat's updates as play did. With no replay in its link, the page lists the last finished
//! games kept on this device.

use super::card::UnoCardView;
use super::replay::{queues, KeptUno, UnoReplay, PREFIX, RECENT_KEY};
use super::table::{table_view, Look};
use crate::bots::uno_analysis::summary;
use crate::net::worker::{HostRecord, Uno};
use crate::ui::components::notice::notice as banner;
use crate::ui::replay::{analysis_in, keep_analysis_in, keep_in};
use crate::ui::replay_controls::{controls, go, kept, use_hash, use_kept, use_stepper};
use std::rc::Rc;
use yew::prelude::*;

/// The host's records of tables with friends (`ui/friends`' `host_key`).
const HOSTED_PREFIX: &str = "bj.friends.host.";

/// The players' rules page, from `replay/uno/`.
const RULES_HREF: &str = "../../rules/uno-blackjack.html";

#[component]
pub fn UnoReplayApp() -> Html {
    let hash = use_hash();
    let opened = use_memo(hash.clone(), |h| UnoReplay::parse(h));
    // The games this browser hosted with friends join the list first.
    use_memo((), |_| keep_hosted());
    let (list, notice) =
        use_kept(RECENT_KEY, UnoReplay::parse_body, opened.as_ref().as_ref().and_then(|r| r.as_ref().err().cloned()));
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_| notice.set(None))
    };
    let body = match &*opened {
        Some(Ok(r)) => html! { <Viewer key={hash.clone()} replay={Rc::new(r.clone())} /> },
        _ => {
            let games = list
                .0
                .iter()
                .map(|(body, r)| {
                    let text = format!("UNO Blackjack · {} players · {} moves", r.choice().players, r.len());
                    (format!("{PREFIX}{body}"), text)
                })
                .collect();
            kept(
                "Replays of your last UNO Blackjack games",
                games,
                html! { <p><a class="button primary" href="../../uno/">{"Play UNO Blackjack"}</a>{" "}<a class="button" href="../">{"Other replays"}</a></p> },
            )
        }
    };
    html! {
        <>
        { banner((*notice).clone(), dismiss) }
        <main>{body}</main>
        </>
    }
}

#[derive(Properties)]
struct ViewerProps {
    replay: Rc<UnoReplay>,
}

impl PartialEq for ViewerProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.replay, &other.replay)
    }
}

#[component]
fn Viewer(props: &ViewerProps) -> Html {
    let replay = props.replay.clone();
    let stepper = use_stepper(replay.len(), replay.choice().persons().first().copied().unwrap_or(0));
    let now = *stepper.at;
    let frame = {
        let replay = replay.clone();
        use_memo((now.seat, now.step), move |&(seat, step)| replay.frame(seat, step))
    };
    let help = use_state(|| false);
    let table = use_node_ref();
    // The analysis of a seat's hits and passes (worked out at once: a few counts a decision),
    // kept with the game, so a reload shows the one made before.
    let analysed = {
        let replay = replay.clone();
        use_state(move || {
            analysis_in(RECENT_KEY, &replay.body()).and_then(|t| KeptUno::decode(&t, &replay)).map(Rc::new)
        })
    };
    // A replay is checked whole when read (`UnoReplay::new`): every step has a frame.
    let Some(frame) = &*frame else { return Html::default() };
    let names = replay.names();
    let look = Look {
        // A replay is watched, not played: the table's moves go nowhere.
        act: Callback::noop(),
        fast_forward: Callback::noop(),
        help: *help,
        toggle_help: {
            let help = help.clone();
            Callback::from(move |()| help.set(!*help))
        },
        covered: false,
        uncover: Callback::noop(),
        on_leave: Callback::from(|()| go("../../")),
        // Play again: a new game of UNO Blackjack on its own page.
        restart: Callback::from(|()| go("../../uno/")),
        table,
        // As at a table with friends: nobody reveals, fast-forwards or leaves from the table.
        online: true,
        rules_href: RULES_HREF,
        extra: Html::default(),
        replay_href: None,
        share: None,
    };
    let seats: Vec<(u8, String)> = names.iter().enumerate().map(|(s, n)| (s as u8, n.clone())).collect();
    html! {
        <div class="replay uno-replay">
            { controls("Replay: UNO Blackjack", &stepper, &frame.lines.join(" "), &seats, "Every queue face up") }
            { table_view(&frame.screen, look) }
            { analysis_view(&replay, now.seat, &names, &analysed) }
            if now.face_up {
                <section class="all-hands" aria-label="Every queue">
                    <h3>{"Every queue, next card first"}</h3>
                    <ul>
                        { for queues(&frame.game).into_iter().enumerate().map(|(s, cards)| html! {
                            <li>
                                <span class="hand-name">{ names.get(s).cloned().unwrap_or_default() }{ format!(": {} cards", cards.len()) }</span>
                                // An empty queue is its line alone (an image must name what it shows).
                                if !cards.is_empty() {
                                    <span class="hand-cards" role="img" aria-label={cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")}>
                                        { for cards.iter().map(|&c| html! { <UnoCardView card={Some(c)} /> }) }
                                    </span>
                                }
                            </li>
                        }) }
                    </ul>
                </section>
            }
        </div>
    }
}

/// A seat's hits and passes weighed, with the seat (`None`: not analysed yet).
type Analysed = Option<Rc<KeptUno>>;

/// The analysis section: a button that weighs `seat`'s hits and passes, then its summary and
/// each decision, marked where the other choice was clearly better.
fn analysis_view(replay: &Rc<UnoReplay>, seat: u8, names: &[String], analysed: &UseStateHandle<Analysed>) -> Html {
    let name = names.get(seat as usize).cloned().unwrap_or_default();
    let shown = analysed.as_ref().filter(|k| k.seat == seat).cloned();
    let Some(kept) = shown else {
        let onclick = {
            let (replay, analysed) = (replay.clone(), analysed.clone());
            Callback::from(move |_| {
                let Some(done) = replay.weigh(seat) else { return };
                keep_analysis_in(RECENT_KEY, replay.body(), KeptUno::encode(seat, &done.weighed));
                analysed.set(Some(Rc::new(done)));
            })
        };
        return html! {
            <section class="uno-analysis" aria-label="Analysis">
                <button class="button" {onclick}>{ if name == "You" { "Analyse your hits and passes".to_string() } else { format!("Analyse {name}'s hits and passes") } }</button>
            </section>
        };
    };
    let weighed = &kept.weighed;
    let s = summary(weighed);
    let pct = |p: f64| (p * 100.0).round() as u32;
    let line = if s.decisions == 0 {
        format!("{name} had no choice to make: nothing to analyse.")
    } else {
        let hits = if s.hits == 0 {
            "no hits".to_string()
        } else {
            format!("{} hits (a {}% bust chance on average)", s.hits, pct(s.hit_bust))
        };
        format!(
            "{name}: {} decisions, {hits}, {} passes; the other choice was clearly better at {}.",
            s.decisions,
            s.decisions - s.hits,
            s.marked
        )
    };
    html! {
        <section class="uno-analysis" aria-label="Analysis">
            <h3>{"Hits and passes"}</h3>
            <p class="analysis-summary">{ line }</p>
            // A box of its own that scrolls (replay_more.css): focusable, so that the keys scroll it.
            <ol class="analysis-moves" tabindex="0">
                { for weighed.iter().map(|w| {
                    let what = if w.hit { "Hit" } else { "Passed" };
                    let other = if w.hit { "Passing" } else { "Hitting" };
                    let mark = w.is_marked().then(|| format!(" {other} was clearly better (by {:.1} cards).", w.lost()));
                    html! {
                        <li class={classes!(w.is_marked().then_some("marked"))}>
                            { format!("Move {}: {what} on {}, a {}% chance that a card would bust.", w.index + 1, w.total, pct(w.bust)) }
                            if let Some(m) = mark { <strong>{ m }</strong> }
                        </li>
                    }
                }) }
            </ol>
        </section>
    }
}

/// The finished games this browser hosted with friends, from the host's records (the host's
/// page keeps one a table until the table is closed): each is kept in this page's list, so
/// that it stays once its table is closed. A record that is not an UNO game's, or not over, is
/// passed by. Bounded: the first 100 keys of the storage.
fn keep_hosted() {
    let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else { return };
    let n = storage.length().unwrap_or(0).min(100);
    for i in 0..n {
        let Some(key) = storage.key(i).ok().flatten().filter(|k| k.starts_with(HOSTED_PREFIX)) else { continue };
        let Some(text) = storage.get_item(&key).ok().flatten() else { continue };
        if let Some(replay) = HostRecord::<Uno>::from_text(&text).and_then(|r| UnoReplay::of_record(&r).ok()) {
            keep_in(RECENT_KEY, replay.fragment()[PREFIX.len()..].to_string());
        }
    }
}
