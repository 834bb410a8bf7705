//! The Sessions screen of the drills page: how the casino sessions went, from the history the
//! casino table stores (`ui::casino::history`). Three SVG charts, each followed by its figures as
//! a table (the text alternative a screen reader reads): the bankroll over time, the expected
//! value given up by kind of decision, and the result by true count; and the risk of ruin for the
//! player's bankroll, betting as they did, with the formula and its source. A plain view function:
//! the shaping is in `history.rs`, tested natively.

use crate::engine::casino::game::money;
use crate::engine::casino::risk::{n0, risk_of_ruin, ROUND_VARIANCE};
use crate::engine::casino::TableSpec;
use crate::ui::casino::history::*;
use crate::ui::casino::words::{of_a_bet, signed_milli, signed_money};
use yew::prelude::*;

/// Chart boxes, in SVG units (the charts scale to the page's width).
const W: f64 = 320.0;
const H: f64 = 120.0;

/// An SVG coordinate, whole (integer formatting: float formatting would add kilobytes to the page).
fn n(v: f64) -> String {
    (v.round() as i64).to_string()
}

/// The screen: `chips` is the player's bankroll now (the casino's bank); `spread` the risk of
/// ruin for a bankroll and bet spread the player enters (`spread.rs`), shown with or without
/// rounds; `rows` the edge at each Hi-Lo count for the drills' table once worked out (`spread.rs`).
pub fn sessions_view(
    h: &History,
    chips: i64,
    on_back: Callback<()>,
    spread: Html,
    rows: Option<&[(i32, f64, f64)]>,
) -> Html {
    let head = html! {
        <div class="drill-head">
            <h2 id="drill-title">{"Your casino sessions"}</h2>
            <button onclick={on_back.reform(|_| ())}>{"All drills"}<kbd>{"Esc"}</kbd></button>
        </div>
    };
    if h.rounds.is_empty() && h.kinds.iter().all(|k| k.0 == 0) {
        return html! {
            <section class="drill sessions" aria-labelledby="drill-title">
                { head }
                <p>{"No rounds yet. Play at the casino table and your session shows here: your bankroll round by round, what each kind of decision cost you, and how you did at each count."}</p>
                <p><a href="../tables/#casino">{"To the casino table"}</a></p>
                { spread }
            </section>
        };
    }
    html! {
        <section class="drill sessions" aria-labelledby="drill-title">
            { head }
            <p class="rules-line">{ match h.rounds.len() {
                1 => "Your last round at the casino table, as this browser kept it.".to_string(),
                n => format!("Your last {} at the casino table, as this browser kept them.", crate::ui::text::plural(n, "round")),
            } }</p>
            { bankroll_chart(&h.rounds) }
            { kinds_chart(&h.kinds) }
            { count_chart(&h.rounds) }
            { risk(&h.rounds, chips, rows) }
            { spread }
        </section>
    }
}

fn bankroll_chart(rounds: &[Round]) -> Html {
    if rounds.is_empty() {
        return Html::default();
    }
    let (points, lo, hi) = bankroll_points(rounds, W, H);
    let (first, last) = (rounds[0].worth, rounds[rounds.len() - 1].worth);
    let label = format!(
        "Bankroll over {} rounds: from {} to {}, lowest {}, highest {}.",
        rounds.len(),
        money(first),
        money(last),
        money(lo),
        money(hi)
    );
    // The table: the bankroll after every tenth round (and the last), so it stays short.
    let rows = rounds.iter().enumerate().filter(|(i, _)| (i + 1) % 10 == 0 || i + 1 == rounds.len());
    html! {
        <figure class="chart-fig">
            <figcaption><h3>{"Bankroll over time"}</h3></figcaption>
            <svg class="chart bankroll" viewBox={format!("-4 -4 {} {}", n(W + 8.0), n(H + 8.0))} role="img" aria-label={label.clone()}>
                <line class="axis" x1="0" y1={n(H)} x2={n(W)} y2={n(H)} />
                <polyline class="line" points={points} />
            </svg>
            <p class="chart-range">{ label }</p>
            <table class="evs chart-table">
                <caption>{"Bankroll after each tenth round"}</caption>
                <thead><tr><th scope="col">{"Round"}</th><th scope="col">{"Bankroll"}</th><th scope="col">{"That round"}</th></tr></thead>
                <tbody>{ for rows.map(|(i, r)| html! {
                    <tr><td>{ i + 1 }</td><td>{ money(r.worth) }</td><td>{ signed_money(r.net) }</td></tr>
                }) }</tbody>
            </table>
        </figure>
    }
}

fn kinds_chart(kinds: &[(u32, i64); 3]) -> Html {
    // Per decision, in thousandths of a bet.
    let per: Vec<i64> = kinds.iter().map(|&(n, lost)| if n == 0 { 0 } else { lost / n as i64 }).collect();
    let top = per.iter().copied().max().unwrap_or(0).max(1) as f64;
    let bar_h = H / 3.0;
    html! {
        <figure class="chart-fig">
            <figcaption><h3>{"Expected value given up, by kind of decision"}</h3></figcaption>
            <svg class="chart kinds" viewBox={format!("0 0 {} {}", n(W), n(H))} role="img" aria-label="Expected value given up per decision: hard totals, soft totals and pairs; the table below gives the figures.">
                { for KINDS.iter().enumerate().map(|(i, k)| {
                    let w = (W - 110.0) * per[i] as f64 / top;
                    let y = i as f64 * bar_h;
                    html! { <g>
                        <text x="0" y={n(y + bar_h * 0.6)}>{ *k }</text>
                        <rect class="bar" x="105" y={n(y + 6.0)} width={n(w.max(1.0))} height={n(bar_h - 12.0)} />
                    </g> }
                }) }
            </svg>
            <table class="evs chart-table">
                <caption>{"Decisions the trainer judged, and the expected value given up"}</caption>
                <thead><tr><th scope="col">{"Kind"}</th><th scope="col">{"Decisions"}</th><th scope="col">{"Given up"}</th><th scope="col">{"Per decision"}</th></tr></thead>
                <tbody>{ for KINDS.iter().enumerate().map(|(i, k)| html! {
                    <tr><th scope="row">{ *k }</th><td>{ kinds[i].0 }</td><td>{ of_a_bet(kinds[i].1) }</td><td>{ of_a_bet(per[i]) }</td></tr>
                }) }</tbody>
            </table>
        </figure>
    }
}

fn count_chart(rounds: &[Round]) -> Html {
    let bins = by_count(rounds);
    // The result per unit bet in each bin, in hundredths (a win of the bet = 100).
    let per_bet: Vec<Option<f64>> =
        bins.iter().map(|&(n, bet, net)| (n > 0 && bet > 0).then(|| net as f64 / bet as f64)).collect();
    let top = per_bet.iter().flatten().fold(0.5f64, |m, v| m.max(v.abs()));
    let mid = H / 2.0;
    let col = W / 7.0;
    html! {
        <figure class="chart-fig">
            <figcaption><h3>{"Result by true count"}</h3></figcaption>
            <svg class="chart counts" viewBox={format!("0 0 {} {}", n(W), n(H + 20.0))} role="img" aria-label="Your average result per bet at each Hi-Lo true count when the round was dealt; the table below gives the figures.">
                <line class="axis" x1="0" y1={n(mid)} x2={n(W)} y2={n(mid)} />
                { for per_bet.iter().enumerate().map(|(i, v)| {
                    let x = i as f64 * col;
                    let bar = v.map(|v| {
                        let len = (mid - 4.0) * v.abs() / top;
                        let y = if v >= 0.0 { mid - len } else { mid };
                        html! { <rect class={if v >= 0.0 { "bar won" } else { "bar lost" }} x={n(x + 6.0)} y={n(y)} width={n(col - 12.0)} height={n(len.max(1.0))} /> }
                    });
                    html! { <g>
                        { bar.unwrap_or_default() }
                        <text x={n(x + col / 2.0)} y={n(H + 16.0)} text-anchor="middle">{ ["≤−3", "−2", "−1", "0", "+1", "+2", "≥+3"][i] }</text>
                    </g> }
                }) }
            </svg>
            <table class="evs chart-table">
                <caption>{"Rounds by the true count at the deal (Hi-Lo), your average bet and your result per bet"}</caption>
                <thead><tr><th scope="col">{"True count"}</th><th scope="col">{"Rounds"}</th><th scope="col">{"Average bet"}</th><th scope="col">{"Result per bet"}</th></tr></thead>
                <tbody>{ for bins.iter().enumerate().map(|(i, &(n, bet, _))| html! {
                    <tr><th scope="row">{ COUNT_BINS[i] }</th><td>{ n }</td>
                        <td>{ if n > 0 { money(bet / n as i64) } else { "–".into() } }</td>
                        <td>{ per_bet[i].map_or("–".into(), hundredths) }</td></tr>
                }) }</tbody>
            </table>
        </figure>
    }
}

fn risk(rounds: &[Round], chips: i64, rows: Option<&[(i32, f64, f64)]>) -> Html {
    let unit = TableSpec::default().min_bet;
    let units = chips / unit;
    // The expected figures of the bets as placed, at the edge of each count bet at; the rounds'
    // own results only until the edges are worked out (a few hundred rounds' luck would make
    // the risk 0% or 100%).
    let expected = rows.and_then(|rows| expected_figures(rounds, unit, rows));
    let figures = expected.map(|f| (f.win, f.sd)).or_else(|| round_figures(rounds, unit));
    let body = match figures {
        Some((w, sd)) => html! { <>
            <p class="risk-figure"><strong>{ format!("Risk of ruin: {}", percent(risk_of_ruin(w, sd, units as f64))) }</strong>
                { format!(" for your {} ({units} bets of {}), betting as in these {}.", money(chips), money(unit), crate::ui::text::plural(rounds.len(), "round")) }</p>
            <ul class="formula">
                if expected.is_some() {
                    <li>{ format!("W, what your bets could expect at the counts you placed them: {} bets a round (your rounds' own results: {})", signed_milli(w), round_figures(rounds, unit).map_or("–".into(), |r| signed_milli(r.0))) }</li>
                } else {
                    <li>{ format!("W, your average result a round: {} bets", hundredths(w)) }</li>
                }
                <li>{ format!("SD, its standard deviation: {} bets (a flat bettor's is about {})", hundredths(sd), hundredths(ROUND_VARIANCE.sqrt())) }</li>
                <li>{ format!("B, your bankroll: {units} bets") }</li>
                <li>{ format!("A hundred rounds, about an hour at a table: {} bets", hundredths(100.0 * w)) }</li>
                if let Some(n) = n0(w, sd).filter(|n| *n < 1e9) {
                    <li>{ format!("N0, the rounds after which your win is one standard deviation: {}", n.ceil() as u64) }</li>
                }
            </ul>
            if w <= 0.0 { <p>{"At a loss on average, any bankroll is lost in the end: the formula gives 100%. Counting and a bet spread that rises with the count are what turn W above zero."}</p> }
        </> },
        _ => html! { <p>{"Play at least two rounds at the casino table for a risk of ruin."}</p> },
    };
    html! {
        <div class="risk">
            <h3>{"Risk of ruin, betting as you did"}</h3>
            { body }
            <p class="formula">{"Risk of ruin = exp(−2 · W · B / SD²): Don Schlesinger, "}<cite>{"Blackjack Attack: Playing the Pros' Way"}</cite>{" (RGE Publishing, third edition 2005), the chapter on risk of ruin. W is what each of your bets could expect at the Hi-Lo true count you placed it at (the edge at each count for the drills' table, below), SD the spread of such bets; until those edges are worked out, both are measured from your rounds' own results, which a short session measures roughly."}</p>
        </div>
    }
}
