//! Beside the felt (below it on a phone), as plain view functions: the trainer (its verdict on the last decision,
//! graded by basic strategy and the shown count's index plays, with the exact values beside it;
//! the value of every option on request, the session's score, the Hi-Lo count), the strategy chart
//! for the table's rules, computed when opened, and the table's log.

use super::grade::yardstick_line;
use super::grade::{CHART_ROWS, CHART_UPS};
use super::state::{CasinoState, GRADING_OFF};
use super::words::{half_points, running_keys, signed_milli, signed_tenths, tally, trainer_summary};
use crate::engine::casino::count::SYSTEMS;
use crate::engine::casino::game::money;
use crate::engine::casino::strategy::Play;
use crate::engine::casino::Phase;
use crate::ui::drills::state::{Ramp, SAVE_KEY as DRILLS_KEY, SAVE_VERSION as DRILLS_VERSION};
use crate::ui::storage::{load_or_notice, save, Fields, Stored};
use std::rc::Rc;
use yew::prelude::*;

/// Where the table keeps whether the count is shown and in which system, across reloads.
const COUNT_KEY: &str = "blackjack.casino.count";
const COUNT_VERSION: u32 = 1;

/// The count panel's choices as saved: shown or not, and the system (by its key).
#[derive(Copy, Clone, Default)]
pub struct CountChoice {
    pub shown: bool,
    /// An index into [`SYSTEMS`].
    pub system: usize,
}

impl Stored for CountChoice {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let system = SYSTEMS.get(self.system).unwrap_or(&SYSTEMS[0]);
        vec![("shown", (self.shown as u8).to_string()), ("system", system.key.to_string())]
    }
    fn decode(fields: &Fields) -> Option<Self> {
        let key = fields.get("system")?;
        Some(CountChoice { shown: fields.flag("shown")?, system: SYSTEMS.iter().position(|s| s.key == key)? })
    }
}

impl CountChoice {
    /// The choices made at the table before; Hi-Lo, hidden, the first time. A save this page
    /// cannot read is set aside for the defaults and says so, like every other save.
    pub fn remembered() -> (CountChoice, Option<String>) {
        load_or_notice::<CountChoice>(COUNT_KEY, COUNT_VERSION, "count choice")
    }

    fn keep(self) {
        save(COUNT_KEY, COUNT_VERSION, &self);
    }
}

/// The bet ramp the player set in the drills (their "Bet ramp" drill), read from the drills'
/// save: only its one field, so nothing else of that save is decoded here.
struct DrillsRamp(Ramp);

impl Stored for DrillsRamp {
    fn encode(&self) -> Vec<(&'static str, String)> {
        // Never written from the table: the drills page owns this save.
        Vec::new()
    }
    fn decode(fields: &Fields) -> Option<Self> {
        fields.get("bet_ramp").and_then(Ramp::decode).map(DrillsRamp)
    }
}

/// The player's own ramp, if the drills saved one. A save the table cannot read means no note:
/// the drills page says what became of its own save when it is next opened.
fn own_ramp() -> Option<Ramp> {
    crate::ui::storage::load::<DrillsRamp>(DRILLS_KEY, DRILLS_VERSION).ok().flatten().map(|r| r.0)
}

/// The note beside a bet that is not what the player's own ramp bets at the true count shown
/// (rounded down, as counters bet by it): the ramp is in units of the table's minimum bet.
/// `None` when the bet is the ramp's.
pub fn ramp_note(ramp: &Ramp, true_count: f64, bet: i64, min_bet: i64) -> Option<String> {
    // A true count beyond any shoe's reach still picks an end of the ramp, never a panic.
    let whole = true_count.floor().clamp(-1000.0, 1000.0) as i32;
    let units = ramp.bet_at(whole);
    let ramp_bet = units as i64 * min_bet;
    (bet != ramp_bet).then(|| {
        let plural = if units == 1 { "unit" } else { "units" };
        format!(
            "Your bet ramp says {units} {plural} ({}) at a true count of {whole:+}; this bet is {}.",
            money(ramp_bet),
            money(bet)
        )
    })
}

/// What the trainer panel keeps between renders (the table's hooks hold it): the count shown
/// and its system. (Plain view functions rather than components: each component costs the
/// page's download about a kilobyte.)
pub struct Panel {
    pub show_count: UseStateHandle<bool>,
    pub system: UseStateHandle<usize>,
}

/// The trainer: `hint` says the player asked for the value of every option, which the table
/// asks the worker for while the hint is open.
pub fn trainer(s: &CasinoState, hint: bool, panel: &Panel) -> Html {
    let (show_count, system) = (&panel.show_count, &panel.system);
    let (my_turn, g) = (s.my_turn(), &s.grading);
    let on_count = {
        let (show_count, system) = (show_count.clone(), system.clone());
        Callback::from(move |e: Event| {
            let shown = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            CountChoice { shown, system: *system }.keep();
            show_count.set(shown)
        })
    };
    let on_system = {
        let (show_count, system) = (show_count.clone(), system.clone());
        Callback::from(move |e: Event| {
            let key = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            let chosen = SYSTEMS.iter().position(|x| x.key == key).unwrap_or(0);
            CountChoice { shown: *show_count, system: chosen }.keep();
            system.set(chosen)
        })
    };
    let chosen = SYSTEMS.get(**system).unwrap_or(&SYSTEMS[0]);
    // The count shown as the panel has it (the state hears of a change an effect later).
    let shown = show_count.then_some(**system);
    // At the bet, the player's own ramp from the drills against the true count shown (KO and
    // Red 7 are played without a true count: no note); the save is read only then.
    let rules = s.game.rules();
    let betting = s.view().phase == Phase::Betting || s.between_hands();
    let ramp_line = (**show_count && betting && running_keys(chosen, rules.decks).is_none())
        .then(own_ramp)
        .flatten()
        .and_then(|ramp| ramp_note(&ramp, s.view().count_in(chosen).1, s.bet(), rules.min_bet));
    html! {
        <div class="trainer" role="group" aria-label="Trainer">
            if g.off { <p class="notice">{GRADING_OFF}</p> }
            if let Some(v) = s.verdict.clone() { <p class="verdict">{v}</p> }
            if let Some(v) = s.verdict_values.clone() { <p class="verdict-values">{v}</p> }
            <p class="yardstick">{ yardstick_line(shown, g.indices.filter(|i| Some(i.0) == shown).map(|i| i.1)) }</p>
            if hint && my_turn && !g.off {
                if let Some(vals) = s.hint() {
                    <table class="evs"><caption>{"Expected value of each play, per bet, for the cards left"}</caption>
                        <tbody>{ for vals.iter().map(|(p, v)| html! { <tr><th scope="row">{p.name()}</th><td>{ signed_milli(*v) }</td></tr> }) }</tbody>
                    </table>
                } else {
                    <p class="evs-wait">{"Working out the value of each play…"}</p>
                }
            }
            <p class="session">{ trainer_summary(&s.bank, s.people.first().map(|p| p.name.as_str())) }</p>
            <p class="tally">{ tally(&s.bank) }</p>
            <label><input type="checkbox" checked={**show_count} onchange={on_count} />{" Show the count"}</label>
            if **show_count {
                <select aria-label="Count system" onchange={on_system}>
                    { for SYSTEMS.iter().map(|x| html! { <option value={x.key} selected={x == chosen}>{x.name}</option> }) }
                </select>
                <p class="count">{ {
                    let (running, true_count) = s.view().count_in(chosen);
                    // KO and Red 7 are read by the running count alone, against its keys.
                    let then = running_keys(chosen, s.game.rules().decks)
                        .unwrap_or_else(|| format!("true count {}", signed_tenths(true_count)));
                    format!("Running count {} · {then}", half_points(running))
                } }</p>
                if let Some(note) = ramp_line { <p class="ramp-note">{note}</p> }
            }
        </div>
    }
}

/// The basic-strategy chart for the table's rules, asked of the trainer's worker when the panel
/// is first opened (`on_open`; `cells` once it has come: `grade::GradeReply::Chart`).
pub fn chart_panel(cells: Option<Rc<Vec<Play>>>, on_open: Callback<()>) -> Html {
    let asked = cells.is_some();
    let ontoggle = Callback::from(move |e: Event| {
        if !asked && e.target_unchecked_into::<web_sys::HtmlDetailsElement>().open() {
            on_open.emit(());
        }
    });
    html! {
        <details class="chart" {ontoggle}>
            <summary>{"Strategy chart for these rules"}</summary>
            { match cells {
                Some(cells) if cells.len() == CHART_ROWS * 10 => chart_table(&cells),
                _ => html! { <p>{"Computing the chart…"}</p> },
            } }
        </details>
    }
}

/// The chart as a table: rows by hand, columns by up card 2…10, A.
fn chart_table(cells: &[Play]) -> Html {
    let head = html! { <tr><th scope="col">{"Hand"}</th>{ for CHART_UPS.iter().map(|&u| html! { <th scope="col">{ if u == 1 { "A".to_string() } else { u.to_string() } }</th> }) }</tr> };
    let labels = (8..=17)
        .map(|t| format!("Hard {t}"))
        .chain((13..=20).map(|t| format!("Soft {t}")))
        .chain((1..=10).map(|p| if p == 1 { "A,A".into() } else { format!("{p},{p}") }));
    html! {
        <table class="strategy">
            <caption>
                <span class="p-S">{"S"}</span>{" stand · "}<span class="p-H">{"H"}</span>{" hit · "}<span class="p-D">{"D"}</span>{" double · "}
                <span class="p-P">{"P"}</span>{" split · "}<span class="p-R">{"R"}</span>{" surrender (best first choice)"}
            </caption>
            <thead>{head}</thead>
            <tbody>
                { for labels.zip(cells.chunks(10)).map(|(label, row)| html! { <tr><th scope="row">{label}</th>{ for row.iter().map(|p| { let l = p.letter(); html! { <td class={format!("p-{l}")}>{l}</td> } }) }</tr> }) }
            </tbody>
        </table>
    }
}

// The page's module is built for wasm only, where the test runner runs `wasm_bindgen_test`s.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::storage::decode;
    use wasm_bindgen_test::wasm_bindgen_test as test;

    #[test]
    fn the_note_names_the_ramps_bet_at_the_true_count_rounded_down_and_is_silent_when_they_agree() {
        let ramp = Ramp([1, 2, 4, 6, 8, 10]);
        // $5 units: +3.9 bets as +3, 4 units.
        assert_eq!(ramp_note(&ramp, 3.9, 2000, 500), None);
        assert_eq!(
            ramp_note(&ramp, 3.9, 500, 500).as_deref(),
            Some("Your bet ramp says 4 units ($20) at a true count of +3; this bet is $5.")
        );
        // Below +1 the ramp's first step; a negative count rounds down too.
        assert_eq!(ramp_note(&ramp, -0.2, 500, 500), None);
        assert_eq!(
            ramp_note(&ramp, -0.2, 1000, 500).as_deref(),
            Some("Your bet ramp says 1 unit ($5) at a true count of -1; this bet is $10.")
        );
        // Past the top step, the top step; a count no shoe reaches is no panic.
        assert_eq!(ramp_note(&ramp, 9.0, 5000, 500), None);
        assert!(ramp_note(&ramp, f64::NAN, 1000, 500).is_some());
        assert_eq!(ramp_note(&ramp, f64::INFINITY, 5000, 500), None);
    }

    #[test]
    fn the_ramp_is_read_from_the_drills_save_alone_and_nothing_else_is_taken_for_one() {
        let saved = format!("blackjack v{DRILLS_VERSION}\nother=1\nbet_ramp=1 2 3 4 5 6\n");
        assert_eq!(decode::<DrillsRamp>(&saved, DRILLS_VERSION).map(|r| r.0), Ok(Ramp([1, 2, 3, 4, 5, 6])));
        for bad in ["bet_ramp=1 2 3", "bet_ramp=0 1 2 3 4 5", "bet_ramp=1  2 3 4 5 6", "other=1"] {
            let saved = format!("blackjack v{DRILLS_VERSION}\n{bad}\n");
            assert!(decode::<DrillsRamp>(&saved, DRILLS_VERSION).is_err(), "{bad}");
        }
    }
}
