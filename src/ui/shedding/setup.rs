//! The new-game screen for the shedding games: rules preset, seats (each bot's name and level),
//! and every house rule of the engine's rule data, each with its one-line explanation. The form
//! edits a [`TableSetup`]; the rules are checked as they change, and every problem is listed.

use super::link::{level_from_id, level_id, preset_title, BadRules, TableSetup};
use crate::bots::shedding::Level;
use crate::engine::shedding::house::{
    effect_from_parts, effect_parts, house_rules, overrides, HouseRule, Kind, EFFECT_KINDS,
};
use crate::engine::shedding::rules::Scoring;
use crate::engine::shedding::{Preset, Problem, RuleSpec};
use crate::ui::kit::{choice_field, options};
use crate::ui::text::plural;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub preset: Preset,
    /// The chosen table; the page adds a fresh seed.
    pub on_start: Callback<TableSetup>,
    pub on_cancel: Callback<()>,
}

/// The table's rules in a sentence or two, in players' words: the game's character, then the
/// numbers that shape a deal as the form now sets them (house rules may change them).
fn summary(preset: Preset, spec: &RuleSpec) -> String {
    let character = match preset {
        Preset::Taylor => crate::engine::catalog::GAMES[0].summary,
        Preset::Priestly => crate::engine::catalog::GAMES[1].summary,
        Preset::British => crate::engine::catalog::GAMES[2].summary,
        Preset::CrazyEights => "Match suit or rank; eights are wild.",
        Preset::Switch => "Match suit or rank; twos and black jacks make you pick up, aces change suit.",
    };
    format!("{character} {} cards each, {} to {} players.", spec.hand_size, spec.min_players, spec.max_players)
}

/// The bots' levels by id: explained for the whole table, by name alone seat by seat.
const LEVELS: [(&str, &str); 3] = [
    ("easy", "Easy: casual, forgetful"),
    ("normal", "Normal: sound play, sharp eyes"),
    ("hard", "Hard: thinks ahead (searches possible deals)"),
];
/// Seat counts as select options, indexed by the count.
const SEAT_COUNTS: [(&str, &str); 13] = [
    ("0", "0"),
    ("1", "1"),
    ("2", "2"),
    ("3", "3"),
    ("4", "4"),
    ("5", "5"),
    ("6", "6"),
    ("7", "7"),
    ("8", "8"),
    ("9", "9"),
    ("10", "10"),
    ("11", "11"),
    ("12", "12"),
];
/// The form's sections, by house-rule key.
fn section(key: &str) -> usize {
    match key {
        k if k.starts_with("p.") => 3,
        "scoring" | "target" | "ties" | "max_plays" => 2,
        k if k.starts_with("last") || k.starts_with("pen_") || k == "clock" => 1,
        _ => 0,
    }
}
const SECTIONS: [&str; 4] = ["Dealing and play", "Calls, clock and penalties", "Winning", "Power cards"];

fn value_of(e: &Event) -> String {
    let t = e.target_unchecked_into::<HtmlInputElement>();
    if t.type_() == "checkbox" {
        if t.checked() { "1" } else { "0" }.into()
    } else {
        t.value()
    }
}
fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// One house rule's control, labelled, with its explanation as the description.
fn rule_control(rule: &HouseRule, spec: &RuleSpec, on_set: &Callback<(String, String)>) -> Html {
    let value = rule.get(spec);
    let id = format!("hr-{}", rule.key.replace('.', "-"));
    let help_id = format!("{id}-help");
    let key = rule.key.to_string();
    let set = |f: fn(&Event) -> String| {
        let key = key.clone();
        on_set.reform(move |e: Event| (key.clone(), f(&e)))
    };
    let help = html! { <small id={help_id.clone()}>{ rule.help() }</small> };
    match &rule.kind {
        Kind::Flag => html! {
            <div class="rule">
                <label><input type="checkbox" id={id} checked={value == "1"} aria-describedby={help_id} onchange={set(value_of)} />{ format!(" {}", rule.label) }</label>
                { help }
            </div>
        },
        Kind::Number { min, max } => html! {
            <div class="rule">
                <label for={id.clone()}>{ rule.label.clone() }</label>
                <input type="number" id={id} min={min.to_string()} max={max.to_string()} value={value} aria-describedby={help_id} onchange={set(value_of)} />
                { help }
            </div>
        },
        Kind::Choice(choices) => html! {
            <div class="rule">
                <label for={id.clone()}>{ rule.label.clone() }</label>
                <select id={id} aria-describedby={help_id} onchange={set(select_value)}>
                    { options(&choices.iter().copied().zip(rule.choice_labels().iter().copied()).collect::<Vec<_>>(), &value) }
                </select>
                { help }
            </div>
        },
        Kind::Power => {
            let (kind, n, group) = effect_parts(&value);
            let compose = |part: u8| {
                let (key, kind) = (key.clone(), kind.clone());
                on_set.reform(move |e: Event| {
                    let (mut k, mut n, mut g) = (kind.clone(), n, group);
                    match part {
                        0 => k = select_value(&e),
                        1 => n = value_of(&e).parse().unwrap_or(n),
                        _ => g = select_value(&e).parse().unwrap_or(g),
                    }
                    if n == 0 {
                        n = if k == "s" { 1 } else { 2 };
                    }
                    (key.clone(), effect_from_parts(&k, n, g))
                })
            };
            let counted = matches!(kind.as_str(), "p" | "r" | "s");
            let grouped = matches!(kind.as_str(), "p" | "r" | "c");
            html! {
                <div class="rule" role="group" aria-labelledby={id.clone()}>
                    <span id={id.clone()}>{ rule.label.clone() }</span>
                    <div class="power">
                        <select aria-label={format!("{}: effect", rule.label)} aria-describedby={help_id} onchange={compose(0)}>
                            { options(&EFFECT_KINDS, &kind) }
                        </select>
                        if counted {
                            <input type="number" min="1" max="30" value={n.to_string()} aria-label={format!("{}: how many", rule.label)} onchange={compose(1)} />
                        }
                        if grouped {
                            <select aria-label={format!("{}: pick-up group", rule.label)} onchange={compose(2)}>
                                { options(&[("0", "group 1"), ("1", "group 2"), ("2", "group 3"), ("3", "group 4")], &group.to_string()) }
                            </select>
                        }
                    </div>
                    { help }
                </div>
            }
        }
    }
}

/// A problem with the chosen rules in players' words, naming the form's settings (the engine's
/// own text names the rule data's fields).
fn problem_text(problem: &Problem) -> String {
    match *problem {
        Problem::NoName => "The rules need a name.".into(),
        Problem::TooFewPlayers(_) | Problem::TooManySeats(_) | Problem::MinAboveMax { .. } => {
            "These rules need a table of 2 to 12 players.".into()
        }
        Problem::NoHand | Problem::NoHandForTwo => "Each player must be dealt at least one card.".into(),
        Problem::DeckTooSmall { players, hand, decks } => format!(
            "{players} players with {hand} cards each leave fewer than 5 cards to draw from {}: lower \"Cards dealt\", or use two decks from fewer players (\"One deck for up to\").",
            if decks == 1 { "one deck" } else { "two decks" }
        ),
        Problem::AllWild => "So many cards are wild that the first card turned up may never settle: make fewer cards wild, deal fewer, or change \"First card turned up\".".into(),
        Problem::NoDraws => "\"Cards drawn in a turn\" must be at least 1.".into(),
        Problem::DrawsEndTurn => "Drawing more than one card in a turn needs \"Play after drawing\": without it, the first card drawn ends the turn.".into(),
        Problem::PlayLimit => "The play limit must be 1 to 5,000 cards a round.".into(),
        Problem::ClockTooFast(_) => "The quick-play clock must give at least half a second a move.".into(),
        Problem::ClockWithoutTimeout => "A quick-play clock and its \"Too slow\" penalty go together: choose both or neither.".into(),
        Problem::NoTarget => "A match needs a target of at least 1 point.".into(),
        Problem::AccusationWithoutPenalty => "When players call each other out for a missed \"Last card\", a wrong call-out needs a penalty (\"False call-out\").".into(),
        Problem::AnytimeCallCannotBeFalse => "\"Last card\" said at any time is never false, so it cannot be punished as false.".into(),
        Problem::ZeroCallPenalty => "Missing the call must cost at least one card.".into(),
        Problem::TwoEffects { card, .. } => format!("The {} has more than one power: give each card one at most.", card.name()),
        Problem::PickUpNothing(rank) => format!("{}s: picking up 0 cards does nothing.", rank.name()),
        Problem::SkipNobody(rank) => format!("{}s: making 0 players miss a turn does nothing.", rank.name()),
        Problem::OutOfRange(rank) => format!("{}s: a power counts at most 30 cards or players.", rank.name()),
        Problem::NoPickUpInGroup { rank, .. } => {
            format!("{}s answer a pick-up that no card starts: give another card that pick-up.", rank.name())
        }
    }
}

/// How long a game usually lasts, bots at the pace "Like people": measured by `cargo run
/// --release --example game_lengths` (the middle half of the games; Taylor and Priestly with
/// four players, British by players and target). A game with friends takes longer.
fn game_length(preset: Preset, players: u8, spec: &RuleSpec) -> Option<String> {
    match (preset, spec.scoring) {
        (Preset::Taylor, _) => Some("A game of four usually takes 1 to 2 minutes; a long one 3.".into()),
        (Preset::Priestly, _) => {
            Some("A game of four usually takes 3 to 9 minutes, now and then over 12: runs are hard to finish.".into())
        }
        (Preset::British, Scoring::Places { target_base, .. }) => Some(british_length(players, target_base)),
        _ => None,
    }
}

/// The targets (before the players are added) British matches were measured at.
const BRITISH_TARGETS: [u8; 4] = [1, 4, 8, 12];
/// A British match's minutes (the middle half of 60 matches) by players, 2 to 6, at each of
/// `BRITISH_TARGETS`, and a round's (the median).
const BRITISH_MINUTES: [([(u8, u8); 4], u8); 5] = [
    ([(4, 6), (9, 13), (17, 22), (26, 32)], 1),
    ([(5, 7), (9, 13), (16, 21), (23, 29)], 2),
    ([(6, 9), (10, 14), (18, 23), (24, 29)], 3),
    ([(7, 12), (11, 16), (18, 24), (25, 31)], 4),
    ([(10, 13), (14, 18), (20, 27), (26, 33)], 5),
];

/// A British match's length for the table chosen: "A match of 4 players to 5 points usually
/// takes 6 to 9 minutes, a round about 3 minutes." Between the targets measured the minutes
/// are interpolated; past the last, the last step goes on; above six players, six's.
fn british_length(players: u8, target_base: u8) -> String {
    let (row, round) = BRITISH_MINUTES[(players.clamp(2, 6) - 2) as usize];
    let i = BRITISH_TARGETS.iter().rposition(|&t| t <= target_base).unwrap_or(0).min(2);
    let (t0, t1) = (BRITISH_TARGETS[i] as i32, BRITISH_TARGETS[i + 1] as i32);
    let at = |m0: u8, m1: u8| (m0 as i32 + (m1 as i32 - m0 as i32) * (target_base as i32 - t0) / (t1 - t0)).max(1);
    let (lo, hi) = (at(row[i].0, row[i + 1].0), at(row[i].1, row[i + 1].1));
    let more = if players > 6 { ", longer with more players" } else { "" };
    format!(
        "A match of {players} players to {} points usually takes {lo} to {hi} minutes{more}, a round about {}.",
        u32::from(target_base) + u32::from(players),
        plural(round as usize, "minute")
    )
}

#[component]
pub fn SheddingSetup(props: &SetupProps) -> Html {
    let setup = use_state(|| TableSetup::new(props.preset, 4, Level::Normal, 0));
    // A house-rule value the form could not take (out of range): shown with the rules' problems.
    let input_problem = use_state(|| None::<String>);
    let base = setup.preset.spec();
    let rules = house_rules();
    let spec = setup.spec().unwrap_or_else(|_| base.clone());
    let mut problems: Vec<String> = match setup.rules() {
        Ok(_) => Vec::new(),
        Err(BadRules::Unreadable(p)) => p.iter().map(ToString::to_string).collect(),
        Err(BadRules::Conflicts(p)) => p.iter().map(problem_text).collect(),
    };
    problems.extend((*input_problem).clone());

    let update = |f: fn(&mut TableSetup, String)| {
        let setup = setup.clone();
        Callback::from(move |v: String| {
            let mut next = (*setup).clone();
            f(&mut next, v);
            setup.set(next);
        })
    };
    let on_rule = {
        let setup = setup.clone();
        let input_problem = input_problem.clone();
        let rules = rules.clone();
        Callback::from(move |(key, value): (String, String)| {
            let base = setup.preset.spec();
            let mut spec = setup.spec().unwrap_or_else(|_| base.clone());
            let Some(rule) = rules.iter().find(|r| r.key == key) else { return };
            match rule.set(&mut spec, &value) {
                Ok(()) => {
                    input_problem.set(None);
                    let mut next = (*setup).clone();
                    next.house = overrides(&base, &spec);
                    setup.set(next);
                }
                Err(e) => input_problem.set(Some(e.to_string())),
            }
        })
    };
    let reset = {
        let setup = setup.clone();
        let input_problem = input_problem.clone();
        Callback::from(move |_: MouseEvent| {
            input_problem.set(None);
            setup.set(TableSetup { house: String::new(), ..(*setup).clone() });
        })
    };
    let start = {
        let setup = setup.clone();
        props.on_start.reform(move |e: SubmitEvent| {
            e.prevent_default();
            (*setup).clone()
        })
    };
    let s = &*setup;
    let all_level = s.levels.iter().flatten().next().copied().unwrap_or(Level::Normal);
    html! {
        <section class="setup" aria-labelledby="setup-title">
            <h2 id="setup-title">{"New game"}</h2>
            <p class="rules-summary">{ summary(s.preset, &spec) }</p>
            if let Some(length) = game_length(s.preset, s.players, &spec) { <p class="game-length">{ length }</p> }
            <p><a class="rules-link" href={format!("rules/{}.html", s.preset.id())}>{ format!("How to play {}", preset_title(s.preset)) }</a></p>
            <form onsubmit={start}>
                <fieldset class="group">
                    <legend>{"The game"}</legend>
                    { choice_field("preset", "Rules", options(&Preset::ALL.map(|p| (p.id(), preset_title(p))), s.preset.id()),
                        update(|s, v| {
                            s.preset = Preset::from_id(&v).unwrap_or(s.preset);
                            s.house.clear();
                        })) }
                </fieldset>
                <fieldset class="group">
                    <legend>{"Players"}</legend>
                    { choice_field("players", "Players",
                        options(SEAT_COUNTS.get(base.min_players as usize..=base.max_players as usize).unwrap_or_default(), &s.players.to_string()),
                        update(|s, v| s.resize(v.parse().unwrap_or(s.players)))) }
                    { choice_field("level", "Bots", options(&LEVELS, level_id(all_level)), update(|s, v| {
                        let l = level_from_id(&v);
                        for seat in s.levels.iter_mut().skip(1).filter(|l| l.is_some()) {
                            *seat = l;
                        }
                    })) }
                    { crate::ui::kit::seat_rows(&setup, |s| (&mut s.names, &mut s.levels)) }
                </fieldset>
                { house_rules_details(s, &spec, &rules, &on_rule, reset) }
                if !problems.is_empty() {
                    <ul class="problems" role="alert" aria-label="Problems with these rules">
                        { for problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }
                    </ul>
                }
                <div class="setup-buttons">
                    <button type="submit" class="primary" disabled={!problems.is_empty()}>{"Deal"}</button>
                    <button type="button" onclick={props.on_cancel.reform(|_| ())}>{"Back"}</button>
                </div>
            </form>
        </section>
    }
}

/// Every house rule, by section, with a way back to the classic rules.
fn house_rules_details(
    s: &TableSetup,
    spec: &RuleSpec,
    rules: &[HouseRule],
    on_rule: &Callback<(String, String)>,
    reset: Callback<MouseEvent>,
) -> Html {
    let changed = if s.house.is_empty() { 0 } else { s.house.split('~').count() };
    html! {
        <details class="house">
            <summary>{ format!("House rules ({changed} changed)") }</summary>
            <p>{"Change any rule of the game. A share link of the table carries your house rules."}</p>
            <button type="button" onclick={reset}>{ format!("Back to the classic {}", preset_title(s.preset)) }</button>
            { for SECTIONS.iter().enumerate().map(|(i, title)| html! {
                <fieldset>
                    <legend>{ *title }</legend>
                    // A setting that does not apply (a detail of a call that is off) is not shown.
                    { for rules.iter().filter(|r| section(&r.key) == i && !r.get(spec).is_empty()).map(|r| rule_control(r, spec, on_rule)) }
                </fieldset>
            }) }
        </details>
    }
}
