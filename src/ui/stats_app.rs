//! The statistics page (`stats/`, issue 36 §5), its own wasm module: per game, played, won,
//! average place and the daily streaks; today's deals and their results to share; and the last
//! games kept on this device as a chart over time, with a table as its text alternative, each
//! game linked to its replay.
//!
//! The chart shows the analysis' accuracy over time where every kept game of that game was
//! analysed ([`Recent::accuracy`], read from the analyses kept with the games), else each game's
//! place.

use super::components::notice::notice as banner;
use super::daily::{self, share_line, Daily, DailyGame, Day};
use super::replay::{Recent, RECENT_KEY, RECENT_VERSION};
use super::shedding::link::preset_title;
use super::stats::{self, Stats};
use super::storage;
use crate::engine::shedding::Preset;
use std::fmt::Write;
use yew::prelude::*;

/// One kept game, as the chart and its table show it.
#[derive(Clone, PartialEq)]
pub struct Kept {
    pub preset: Preset,
    pub players: u8,
    pub place: u8,
    /// The analysis' accuracy (0 to 100), where the game was analysed.
    pub accuracy: Option<u8>,
    pub moves: usize,
    /// The replay page's address for it.
    pub href: String,
}

/// The kept games, oldest first (the order of a chart over time). Games that do not replay (a
/// tampered save) are left out.
pub fn kept(recent: &Recent) -> Vec<Kept> {
    let mut out: Vec<Kept> = recent
        .replays()
        .filter_map(Result::ok)
        .filter_map(|r| {
            let end = r.frame(0, r.len())?;
            Some(Kept {
                preset: r.setup().preset,
                players: r.setup().players,
                place: stats::place(&end.game, 0),
                accuracy: recent.accuracy(&r),
                moves: r.len(),
                href: format!("../replay/{}", r.fragment()),
            })
        })
        .collect();
    out.reverse();
    out
}

/// The chart of one game's kept games over time (an SVG drawn as markup: it is only looked at;
/// the table beside it says the same in words). Places with 1st at the top, or the accuracy
/// where every game has one.
pub fn chart(title: &str, games: &[&Kept]) -> Html {
    let (w, h, pad) = (320.0_f64, 140.0_f64, 24.0_f64);
    let by_accuracy = games.iter().all(|g| g.accuracy.is_some());
    let most = games.iter().map(|g| g.players).max().unwrap_or(2).max(2);
    // y of a value: accuracy 100 or 1st place at the top.
    let y = |g: &Kept| -> f64 {
        let share = match g.accuracy.filter(|_| by_accuracy) {
            Some(a) => 1.0 - f64::from(a) / 100.0,
            None => f64::from(g.place.saturating_sub(1)) / f64::from(most - 1),
        };
        pad / 2.0 + share * (h - pad)
    };
    let x = |i: usize| -> f64 {
        let n = games.len().max(2) - 1;
        pad + (w - 2.0 * pad) * i as f64 / n as f64
    };
    let mut svg = format!(
        "<svg class=\"chart\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{}\" focusable=\"false\">",
        crate::ui::text::escape(title)
    );
    let levels: Vec<(f64, String)> = if by_accuracy {
        vec![(pad / 2.0, "100%".into()), (h - pad / 2.0, "0%".into())]
    } else {
        (1..=most)
            .map(|p| {
                let k = Kept { place: p, accuracy: None, ..games[0].clone() };
                (y(&k), super::text::ordinal(p as usize))
            })
            .collect()
    };
    for (ly, label) in &levels {
        let _ = write!(
            svg,
            "<line x1=\"{pad}\" x2=\"{}\" y1=\"{ly:.1}\" y2=\"{ly:.1}\" class=\"grid\"/><text x=\"2\" y=\"{:.1}\">{label}</text>",
            w - pad / 2.0,
            ly + 4.0
        );
    }
    let points: Vec<String> = games.iter().enumerate().map(|(i, g)| format!("{:.1},{:.1}", x(i), y(g))).collect();
    let _ = write!(svg, "<polyline points=\"{}\" class=\"line\"/>", points.join(" "));
    for p in &points {
        let (px, py) = p.split_once(',').unwrap_or(("0", "0"));
        let _ = write!(svg, "<circle cx=\"{px}\" cy=\"{py}\" r=\"4\"/>");
    }
    svg.push_str("</svg>");
    Html::from_html_unchecked(svg.into())
}

/// Everything the page shows, read once.
struct Read {
    stats: Stats,
    today: Option<(Day, Daily)>,
    kept: Vec<Kept>,
    notice: Option<String>,
}

fn read() -> Read {
    let (stats, stats_problem) = stats::load();
    let (recent, recent_problem) = storage::load_or_notice::<Recent>(RECENT_KEY, RECENT_VERSION, "replays");
    let today = daily::today().map(|d| (d, daily::load(d)));
    let daily_problem = today.as_ref().and_then(|(_, (_, p))| p.clone());
    Read {
        stats,
        kept: kept(&recent),
        today: today.map(|(d, (record, _))| (d, record)),
        notice: stats_problem.or(recent_problem).or(daily_problem),
    }
}

fn average(places: (u32, u32)) -> String {
    match places {
        (0, _) => "–".into(),
        (n, sum) => format!("{:.1}", f64::from(sum) / f64::from(n)),
    }
}

/// The record's figures, column by column.
const COLUMNS: [&str; 5] = ["Played", "Won", "Average place", "Daily streak", "Best streak"];

/// A game's figures as the record's cells, each named for a phone, where a game's row is a card
/// of its own with each figure by its name (six columns did not fit 320 px: stats.css).
fn figures(values: [String; 5]) -> Html {
    COLUMNS.iter().zip(values).map(|(c, v)| html! { <td data-label={*c}>{ v }</td> }).collect()
}

/// The table of each game's record: played, won, average place, the daily streaks.
fn records(stats: &Stats, today: Option<&(Day, Daily)>) -> Html {
    let mut rows: Vec<Html> = Preset::ALL
        .iter()
        .enumerate()
        .filter_map(|(i, &p)| {
            let (played, won) = stats.games[i];
            let streaks = today.filter(|_| daily::GAMES.contains(&p)).map(|(d, r)| r.streaks(p, *d));
            if played == 0 && streaks.is_none_or(|s| s.1 == 0) {
                return None;
            }
            let (current, best) = streaks.unwrap_or((0, 0));
            Some(html! {
                <tr>
                    <th scope="row">{ preset_title(p) }</th>
                    { figures([played.to_string(), won.to_string(), average(stats.places[i]), current.to_string(), best.to_string()]) }
                </tr>
            })
        })
        .collect();
    // UNO's and the casino's daily deals: their streaks (their games are not among the counted
    // ones).
    for game in [DailyGame::Uno, DailyGame::Casino] {
        if let Some((current, best)) = today.map(|(d, r)| r.streaks(game, *d)).filter(|s| s.1 > 0) {
            rows.push(html! {
                <tr>
                    <th scope="row">{ daily::short_name(game) }</th>
                    { figures(["–".into(), "–".into(), "–".into(), current.to_string(), best.to_string()]) }
                </tr>
            });
        }
    }
    if rows.is_empty() {
        return html! { <p>{"No finished games yet: each game you finish against the bots counts here."}</p> };
    }
    html! {
        <>
        <p>{"An average place of 1.0 is first every time. A daily streak counts the days in a row you played that game's deal of the day."}</p>
        <div class="table-wrap" tabindex="0" role="region" aria-label="Your record">
            <table class="record">
                <caption>{"Your record in each game"}</caption>
                <thead><tr>
                    <th scope="col">{"Game"}</th>
                    { for COLUMNS.iter().map(|c| html! { <th scope="col">{ *c }</th> }) }
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
        </>
    }
}

/// Today's deals: each one's result to share, or the way to play it.
fn today_section(today: Day, record: &Daily) -> Html {
    html! {
        <section aria-labelledby="today-title">
            <h2 id="today-title" class="section-title">{ format!("Today's deal, {}", today.label()) }</h2>
            <ul class="daily-games">
                { for daily::ALL.iter().map(|&game| html! {
                    <li>
                        <h3>{ format!("{} daily", daily::short_name(game)) }</h3>
                        if let Some(o) = record.result(today, game) {
                            { share_line(format!("line-{}", game.id()), daily::result_line(game, today, *o)) }
                        } else {
                            <a class="button primary" href={format!("../#daily={}", game.id())}
                                aria-label={format!("Play today's {} deal", daily::short_name(game))}>{"Play today's deal"}</a>
                        }
                    </li>
                }) }
            </ul>
        </section>
    }
}

/// Each game's last kept games: the chart, then the same as a table, each game linked to its replay.
fn over_time(kept: &[Kept]) -> Html {
    if kept.is_empty() {
        return html! {};
    }
    let games: Vec<Preset> = Preset::ALL.into_iter().filter(|p| kept.iter().any(|k| k.preset == *p)).collect();
    html! {
        <section aria-labelledby="time-title">
            <h2 id="time-title" class="section-title">{"Your last games"}</h2>
            <p>{ match kept.len() {
                1 => "Your last game, kept on this device with its replay.".to_string(),
                n => format!("Your last {} kept on this device, oldest first, each with its replay.", super::plural(n, "game")),
            } }</p>
            { for games.into_iter().map(|p| {
                let of: Vec<&Kept> = kept.iter().filter(|k| k.preset == p).collect();
                let by_accuracy = of.iter().all(|k| k.accuracy.is_some());
                let what = if by_accuracy { "accuracy" } else { "place" };
                let title = format!("{}: your {what} in each game, oldest first", preset_title(p));
                html! {
                    <figure class="over-time">
                        { chart(&title, &of) }
                        <figcaption>{ title.clone() }</figcaption>
                        <div class="table-wrap" tabindex="0" role="region" aria-label={format!("{}: each game", preset_title(p))}>
                            <table>
                                <thead><tr>
                                    <th scope="col">{"Game"}</th><th scope="col">{"Place"}</th>
                                    if by_accuracy { <th scope="col">{"Accuracy"}</th> }
                                    <th scope="col">{"Moves"}</th><th scope="col">{"Replay"}</th>
                                </tr></thead>
                                <tbody>
                                    { for of.iter().enumerate().map(|(i, k)| html! {
                                        <tr>
                                            <th scope="row">{ i + 1 }</th>
                                            <td>{ format!("{} of {}", super::text::ordinal(usize::from(k.place)), k.players) }</td>
                                            if by_accuracy { <td>{ format!("{}%", k.accuracy.unwrap_or(0)) }</td> }
                                            <td>{ k.moves }</td>
                                            <td><a href={k.href.clone()} aria-label={format!("Replay game {}", i + 1)}>{"Replay"}</a></td>
                                        </tr>
                                    }) }
                                </tbody>
                            </table>
                        </div>
                    </figure>
                }
            }) }
        </section>
    }
}

#[component]
pub fn StatsApp() -> Html {
    let read = use_memo((), |_| read());
    let notice = use_state(|| read.notice.clone());
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_| notice.set(None))
    };
    html! {
        <>
        { banner((*notice).clone(), dismiss) }
        <main class="stats-page">
            <h2 class="section-title">{"Your statistics"}</h2>
            { records(&read.stats, read.today.as_ref()) }
            if let Some((day, record)) = &read.today { { today_section(*day, record) } }
            { over_time(&read.kept) }
            <p><a class="button" href="../">{"All games"}</a></p>
        </main>
        </>
    }
}
