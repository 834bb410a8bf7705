//! The end of a game, and of each round of a match: the shared results dialog with places,
//! cards left and (British) the match scores round by round; Play again, New game, Menu. Drawn
//! by the view function [`results_view`], not the `ResultsDialog` component: the component's
//! props comparison and lifecycle cost play/ (at its budget) about a kilobyte; the table keeps
//! the dialog's fold and its primary action's ref instead ([`super::table::use_table_view`]).

use super::screen::SeatScreen;
use super::words::is_you;
use crate::engine::shedding::Seat;
use crate::ui::components::results::{results_view, ResultRow, ResultsProps};
use crate::ui::text::escape;
pub use crate::ui::text::ordinal;
use yew::prelude::*;

pub struct EndActions {
    pub play_again: Callback<()>,
    pub next_round: Callback<()>,
    pub new_game: Callback<()>,
    pub menu: Callback<()>,
    /// The friends page with this game chosen, at a table of one's own (see [`super::table::TableView`]).
    pub friends: Option<AttrValue>,
    /// The replay page with this finished game (see [`super::table::TableView`]).
    pub replay: Option<AttrValue>,
    /// "View table" folded the dialog into a bar (`on_fold` sets it); `primary` is its primary
    /// action's ref, which the table focuses when the dialog opens or unfolds.
    pub folded: bool,
    pub on_fold: Callback<bool>,
    pub primary: NodeRef,
    /// A finished daily game's result line and its Share result (see [`super::table::TableView`]).
    pub share: Option<Html>,
}

/// The sentence announced (and shown) for a finished game: "You won!", "Sam won!".
pub fn headline(state: &SeatScreen, winner: Seat) -> String {
    if is_you(&state.names, winner) {
        "You won!".into()
    } else {
        format!("{} won!", state.name(winner))
    }
}

/// "You", or the seat's name.
fn headline_name(state: &SeatScreen, s: Seat) -> String {
    if is_you(&state.names, s) {
        "you".into()
    } else {
        state.name(s).to_string()
    }
}

/// "You and Sam reached 12 points": who is at the target, in players' words. (Built by hand:
/// a string search would bring its searcher into the page.)
fn reached(state: &SeatScreen, target: u32) -> String {
    let scores = state.rounds.last().map(|r| r.scores.clone()).unwrap_or_default();
    let names: Vec<String> = (0..state.players())
        .filter(|&s| scores.get(s as usize).is_some_and(|&p| p >= target))
        .map(|s| headline_name(state, s))
        .collect();
    let mut list = String::new();
    for (i, name) in names.iter().enumerate() {
        list.push_str(match i {
            0 => "",
            _ if i + 1 == names.len() => " and ",
            _ => ", ",
        });
        list.push_str(name);
    }
    if let Some(first) = list.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    format!("{list} reached {target} points")
}

/// The match scores after each round, one row per round (markup: it is only read).
fn rounds_table(state: &SeatScreen) -> Html {
    use std::fmt::Write;
    let mut h = String::from(
        "<div class=\"rounds-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"Match scores\"><table class=\"rounds\"><caption>Match scores after each round</caption><thead><tr><th scope=\"col\">Round</th>",
    );
    for s in 0..state.players() {
        let _ = write!(h, "<th scope=\"col\">{}</th>", escape(state.name(s)));
    }
    h.push_str("</tr></thead><tbody>");
    for (r, end) in state.rounds.iter().enumerate() {
        let tie = if end.tie_break { " (tie-breaker)" } else { "" };
        let _ = write!(h, "<tr><th scope=\"row\">{}{tie}</th>", r + 1);
        for p in &end.scores {
            let _ = write!(h, "<td>{p}</td>");
        }
        h.push_str("</tr>");
    }
    h.push_str("</tbody></table></div>");
    Html::from_html_unchecked(h.into())
}

/// Seats in order of `rank` (lowest first, ties by seat), without a sort (smaller in the page).
fn ranked(n: Seat, rank: impl Fn(Seat) -> u32) -> Vec<Seat> {
    let mut out: Vec<Seat> = Vec::with_capacity(n as usize);
    for s in 0..n {
        let at = out.iter().position(|&t| rank(t) > rank(s)).unwrap_or(out.len());
        out.insert(at, s);
    }
    out
}

/// The dialog, when a game or a round has ended; nothing while play goes on.
/// `rules` is the rules page of the game (`../rules/taylor.html`).
pub fn end(state: &SeatScreen, rules: &str, a: EndActions) -> Html {
    let view = &state.view;
    let n = state.players();
    let rules_href = AttrValue::from(rules.to_string());
    let row = |place: usize, s: Seat, extra: Vec<AttrValue>| {
        let mut cells = vec![AttrValue::from(ordinal(place)), AttrValue::from(state.name(s).to_string())];
        cells.extend(extra);
        ResultRow::new(cells, s == state.me())
    };
    let target = view.target;
    if let Some(winner) = state.winner() {
        let (headers, rows): (Vec<AttrValue>, Vec<ResultRow>) = match (state.rounds.last(), target) {
            // A match: ranked by points, the winner first; cards left in the last round.
            (Some(last), Some(t)) => {
                let order = ranked(n, |s| if s == winner { 0 } else { u32::MAX - last.scores[s as usize] });
                let rows = order
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| {
                        let i_ = s as usize;
                        // Below the target, a seat sat out the tie-breaker: it had no cards to leave.
                        let sat_out = last.tie_break && last.scores[i_] < t;
                        let left = if sat_out { "—".to_string() } else { last.cards_left[i_].to_string() };
                        row(i + 1, s, vec![last.scores[i_].to_string().into(), left.into()])
                    })
                    .collect();
                (vec!["Place".into(), "Player".into(), "Points".into(), "Cards left".into()], rows)
            }
            _ => {
                let order = ranked(n, |s| if s == winner { 0 } else { 1 + view.hand_sizes[s as usize] as u32 });
                let rows = order
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| row(i + 1, s, vec![view.hand_sizes[s as usize].to_string().into()]));
                (vec!["Place".into(), "Player".into(), "Cards left".into()], rows.collect())
            }
        };
        let summary = match target {
            Some(t) if view.tie_break => {
                // Why 12 points can beat 14: reaching the target together, a round decided it.
                format!(
                    "{} in the same round, so a tie-breaker round decided the match: {} won it.",
                    reached(state, t),
                    headline_name(state, winner)
                )
            }
            Some(t) => format!("First to {t} points wins the match."),
            None => {
                format!("{} went out first.", if is_you(&state.names, winner) { "You" } else { state.name(winner) })
            }
        };
        let props = ResultsProps {
            title: headline(state, winner).into(),
            summary: Some(summary.into()),
            headers,
            rows,
            children: html! { <>
                if target.is_some() { { rounds_table(state) } }
                if let Some(share) = a.share { { share } }
            </> },
            primary_label: "Play again".into(),
            on_primary: a.play_again,
            on_new_game: Some(a.new_game),
            on_menu: Some(a.menu),
            rules_href: Some(rules_href),
            friends_href: a.friends,
            replay_href: a.replay,
        };
        return results_view(&props, a.folded, a.on_fold, &a.primary);
    }
    let Some(last) = state.rounds.last().filter(|_| state.between_rounds) else { return Html::default() };
    // The rows go in this round's finishing order, so beside the match total each shows what this
    // round earned (the total alone read as if 3rd place had scored more than 2nd).
    let before = state.rounds.len().checked_sub(2).map(|r| &state.rounds[r].scores);
    let rows: Vec<ResultRow> = last
        .places
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let i_ = s as usize;
            let now = last.scores[i_];
            let earned = now - before.map_or(0, |b| b[i_].min(now));
            row(
                i + 1,
                s,
                vec![last.cards_left[i_].to_string().into(), format!("+{earned}").into(), now.to_string().into()],
            )
        })
        .collect();
    let first = last.places[0];
    let who = if is_you(&state.names, first) { "you went".to_string() } else { format!("{} went", state.name(first)) };
    let title = format!("Round {}: {who} out first", state.rounds.len());
    let summary = target.map(|t| {
        AttrValue::from(if view.tie_break {
            format!("{}: a tie-breaker round between them decides the match.", reached(state, t))
        } else {
            format!("First to {t} points wins the match.")
        })
    });
    let props = ResultsProps {
        title: title.into(),
        summary,
        headers: vec!["Place".into(), "Player".into(), "Cards left".into(), "This round".into(), "Match total".into()],
        rows,
        children: rounds_table(state),
        primary_label: "Next round".into(),
        on_primary: a.next_round,
        on_new_game: None,
        on_menu: Some(a.menu),
        rules_href: Some(rules_href),
        friends_href: None,
        replay_href: None,
    };
    results_view(&props, a.folded, a.on_fold, &a.primary)
}
