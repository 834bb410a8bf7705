//! The risk of ruin for the bankroll and bet spread the player enters (the Sessions screen): the
//! chance of each true count and the player's exact edge at each count, for the drills' rules and
//! count system, are asked of the drills' worker ([`compute_spread`]; `engine::casino::risk::
//! SpreadWork`, about a second of work natively); the win rate, its standard deviation and the
//! risk for any bankroll and spread then follow at once ([`Plan::figures`]).

use super::indices::indices_key;
use super::state::Setup;
use super::view::input_value;
use super::work::{Game, Job, Reply, Request, DOUBLE_ON};
use super::worker::Helper;
use crate::engine::casino::risk::{
    bankroll_for_risk, n0, risk_of_ruin, spread_figures, RoundFigures, Spread, ROUND_VARIANCE,
};
use crate::engine::casino::DoubleOn;
use crate::ui::casino::history::{hundredths, percent};
use crate::ui::casino::words::signed_milli;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The true counts the player sets a bet for: +1 or less, +2, +3, +4, +5 or more.
pub const BET_COUNTS: [i32; 5] = [1, 2, 3, 4, 5];
const MAX_BANKROLL: u32 = 10_000_000;
/// Rounds an hour for the hourly figures: a counter at a table with a few others.
const ROUNDS_AN_HOUR: u32 = 100;
const MAX_BET: u32 = 10_000;

/// What the rows are worked out for: the drills' table and count ([`indices_key`]) and the
/// form's [`Game`].
pub type SpreadKey = ((Setup, usize), Game);

/// Each whole true count with its chance and the player's edge there, for one set of rules and
/// one count system, as far as they are worked out.
#[derive(Clone, PartialEq)]
pub enum SpreadRows {
    Working {
        key: SpreadKey,
        percent: u32,
    },
    Ready {
        key: SpreadKey,
        rows: Rc<Vec<(i32, f64, f64)>>,
    },
    /// The worker could not start, or stopped.
    Failed {
        key: SpreadKey,
    },
}

impl SpreadRows {
    pub fn key(&self) -> SpreadKey {
        match self {
            SpreadRows::Working { key, .. } | SpreadRows::Ready { key, .. } | SpreadRows::Failed { key } => *key,
        }
    }
}

/// The rows once worked out, if they are for the Hi-Lo count and the casino table's game (the
/// casino table keeps each round's Hi-Lo true count: the Sessions screen's "betting as you did"
/// prices its bets with them).
pub fn hi_lo_rows<'a>(rows: &'a Option<SpreadRows>, setup: &Setup) -> Option<&'a [(i32, f64, f64)]> {
    match rows {
        Some(SpreadRows::Ready { key, rows })
            if key.0 == indices_key(setup) && key.1 == Game::default() && setup.system == 0 =>
        {
            Some(rows)
        }
        _ => None,
    }
}

/// Asks the worker for the rows of `setup` and `game`, into `out` for as long as `current`
/// holds their key; the worker runs as long as the returned [`Helper`] lives.
pub fn compute_spread(
    setup: Setup,
    game: Game,
    worker: &str,
    current: Rc<RefCell<SpreadKey>>,
    out: UseStateHandle<Option<SpreadRows>>,
) -> Option<Helper> {
    let key = (indices_key(&setup), game);
    out.set(Some(SpreadRows::Working { key, percent: 0 }));
    let failed = out.clone();
    let helper = Helper::start_at(worker, Request { game, ..Request::new(Job::Spread, &setup) }, move |reply| {
        if *current.borrow() != key {
            return;
        }
        out.set(Some(match reply {
            Some(Reply::Progress(percent)) => SpreadRows::Working { key, percent },
            Some(Reply::Rows(rows)) => SpreadRows::Ready { key, rows: Rc::new(rows) },
            _ => SpreadRows::Failed { key },
        }))
    });
    if helper.is_none() {
        failed.set(Some(SpreadRows::Failed { key }));
    }
    helper
}

/// The player's bankroll and bet spread, in units (their smallest bet), the risk of ruin they
/// would accept, and the game's cut card and doubling rules.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Plan {
    pub game: Game,
    pub bankroll: u32,
    /// The bet at each of [`BET_COUNTS`]: the first below it too, the last above it.
    pub bets: [u32; 5],
    /// The risk of ruin the player accepts, as a fraction (0.05 for 5%): the form gives the
    /// bankroll it takes.
    pub risk: f64,
}

impl Default for Plan {
    fn default() -> Self {
        Plan { game: Game::default(), bankroll: 1000, bets: [1, 2, 4, 6, 8], risk: 0.05 }
    }
}

/// What the form says of entries it cannot use.
pub const PLAN_PROBLEM: &str =
    "The bankroll and the bets are whole numbers of units: a bankroll of 1 to 10,000,000 and bets of 0 to 10,000.";
/// What it says of a cut card it cannot use.
pub const PENETRATION_PROBLEM: &str =
    "The share of the shoe dealt before the cut card is a whole percent from 50 to 90.";
/// What it says of a risk it cannot use.
pub const RISK_PROBLEM: &str = "The risk you accept is a percent from 0.01 to 99.99, such as 5, 13.5 or 1.";

impl Plan {
    /// The plan the form's fields make (the game's penetration in percent, doubling after a
    /// split, the doubling rule's code in [`DOUBLE_ON`], the bankroll, the risk accepted in
    /// percent, then the five bets), or why not.
    pub fn read(
        (penetration, das, double): (&str, bool, &str),
        bankroll: &str,
        risk: &str,
        bets: [String; 5],
    ) -> Result<Plan, &'static str> {
        let penetration: u8 = penetration
            .trim()
            .trim_end_matches('%')
            .trim()
            .parse()
            .ok()
            .filter(|p| (50..=90).contains(p))
            .ok_or(PENETRATION_PROBLEM)?;
        // The select offers only these; anything else is the casino table's rule.
        let double_on = double.parse::<usize>().ok().and_then(|i| DOUBLE_ON.get(i)).copied();
        let game = Game { penetration, das, double_on: double_on.unwrap_or(Game::default().double_on) };
        let bankroll: u32 = bankroll.trim().parse().map_err(|_| PLAN_PROBLEM)?;
        if !(1..=MAX_BANKROLL).contains(&bankroll) {
            return Err(PLAN_PROBLEM);
        }
        let risk = hundredths_of(risk.trim().trim_end_matches('%').trim())
            .filter(|r| (1..=9999).contains(r))
            .ok_or(RISK_PROBLEM)? as f64
            / 10_000.0;
        let mut out = [0; 5];
        for (slot, b) in out.iter_mut().zip(bets) {
            *slot = b.trim().parse().ok().filter(|&b| b <= MAX_BET).ok_or(PLAN_PROBLEM)?;
        }
        Ok(Plan { game, bankroll, bets: out, risk })
    }

    pub fn spread(&self) -> Spread {
        // The first step covers every count below +2.
        let mut steps = vec![(i32::MIN, self.bets[0] as f64)];
        steps.extend(BET_COUNTS[1..].iter().zip(&self.bets[1..]).map(|(&t, &b)| (t, b as f64)));
        Spread { steps }
    }

    /// The win and standard deviation of a round, and the risk of ruin, from the rows.
    pub fn figures(&self, rows: &[(i32, f64, f64)]) -> (RoundFigures, f64) {
        let f = spread_figures(&self.spread(), rows, ROUND_VARIANCE);
        (f, risk_of_ruin(f.win, f.sd, self.bankroll as f64))
    }
}

/// "13.5" as 1350 hundredths: digits with at most two after a point, read by hand (the
/// standard float parser weighs about 15 KB on the page).
fn hundredths_of(text: &str) -> Option<u32> {
    let (whole, part) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() > 6 || part.len() > 2 || !digits(whole) || !digits(part) || (whole.is_empty() && part.is_empty()) {
        return None;
    }
    let whole: u32 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let part: u32 = if part.is_empty() { 0 } else { part.parse::<u32>().ok()? * if part.len() == 1 { 10 } else { 1 } };
    Some(whole * 100 + part)
}

/// A fraction as the percent a player types: 0.05 as "5", 0.135 as "13.5", to a hundredth.
fn percent_entry(v: f64) -> String {
    let hundredths = (v * 10_000.0).round() as u64;
    let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// "+1.2%" / "-0.5%": a fraction as a signed percent, to a tenth.
fn signed_percent(v: f64) -> String {
    let t = (v * 1000.0).round() as i64;
    format!("{}{}.{}%", if t < 0 { "-" } else { "+" }, t.abs() / 10, t.abs() % 10)
}

/// What the page says when its worker could not start or stopped.
pub const WORKER_FAILED: &str =
    "This browser could not work these figures out: reload the page to try again, or try another browser.";

/// The doubling rules as the forms name them, in the order of [`DOUBLE_ON`].
pub(super) const DOUBLE_NAMES: [&str; 3] = ["Any two cards", "9, 10 or 11 only", "10 or 11 only"];

/// A game's cut card and doubling in words, for the rules lines (the form's and the drills').
pub(super) fn game_words(g: &Game) -> String {
    let double = match g.double_on {
        DoubleOn::AnyTwo => "double on any two cards",
        DoubleOn::NineToEleven => "double on 9 to 11",
        DoubleOn::TenOrEleven => "double on 10 or 11",
    };
    format!(
        "{}% dealt before the cut card, {double}, {}double after a split",
        g.penetration,
        if g.das { "" } else { "no " }
    )
}

/// A checkbox's state by its id.
fn checked(id: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(e).ok())
        .is_some_and(|i| i.checked())
}

/// A select's value by its id.
fn selected(id: &str) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(e).ok())
        .map(|s| s.value())
        .unwrap_or_default()
}

const BET_LABELS: [&str; 5] =
    ["Bet at a true count of +1 or less", "Bet at +2", "Bet at +3", "Bet at +4", "Bet at +5 or more"];

/// The form and, once the rows are ready, the figures. `plan` is the last plan entered (with
/// the form's complaint, if the last entries could not be read); `table` names the drills'
/// table's rules (the form's own follow them on the rules line).
pub fn spread_view(
    rows: &Option<SpreadRows>,
    plan: &(Plan, Option<&'static str>),
    table: String,
    on_plan: Callback<Result<Plan, &'static str>>,
) -> Html {
    let (p, problem) = *plan;
    let onsubmit = on_plan.reform(|e: SubmitEvent| {
        e.prevent_default();
        Plan::read(
            (&input_value("ror-pen"), checked("ror-das"), &selected("ror-double")),
            &input_value("ror-bankroll"),
            &input_value("ror-risk"),
            std::array::from_fn(|i| input_value(&format!("ror-bet-{i}"))),
        )
    });
    let result = match rows {
        // Rows for the game the form last set: until the worker has them, its progress.
        Some(SpreadRows::Ready { rows, key }) if key.1 == p.game => figures_view(&p, rows),
        Some(SpreadRows::Ready { .. }) => {
            html! { <p class="working">{"Working out the edge at each count for these rules…"}</p> }
        }
        Some(SpreadRows::Working { percent, .. }) => {
            html! { <p class="working">{ format!("Working out the edge at each count for these rules: {percent}%") }</p> }
        }
        Some(SpreadRows::Failed { .. }) => html! { <p class="verdict wrong">{ WORKER_FAILED }</p> },
        None => html! { <p class="working">{"Working out the edge at each count…"}</p> },
    };
    html! {
        <div class="risk spread">
            <h3>{"Risk of ruin for your bankroll and bet spread"}</h3>
            <p class="rules-line">{ format!("{table}; {}.", game_words(&p.game)) }</p>
            <form class="spread-form" {onsubmit} aria-describedby="spread-units">
                <fieldset>
                    <legend>{"The game"}</legend>
                    <div class="field">
                        <label for="ror-pen">{"Dealt before the cut card, in percent"}</label>
                        <input id="ror-pen" inputmode="numeric" autocomplete="off" value={p.game.penetration.to_string()} />
                    </div>
                    <div class="field">
                        <label for="ror-double">{"Double on"}</label>
                        <select id="ror-double">
                            { for DOUBLE_NAMES.iter().enumerate().map(|(i, name)| html! {
                                <option value={i.to_string()} selected={DOUBLE_ON[i] == p.game.double_on}>{ *name }</option>
                            }) }
                        </select>
                    </div>
                    <div class="field">
                        <input id="ror-das" type="checkbox" checked={p.game.das} />
                        <label for="ror-das">{"Double after a split"}</label>
                    </div>
                </fieldset>
                <p id="spread-units">{"In units: one unit is your smallest bet."}</p>
                <div class="field">
                    <label for="ror-bankroll">{"Bankroll, in units"}</label>
                    <input id="ror-bankroll" inputmode="numeric" autocomplete="off" value={p.bankroll.to_string()} />
                </div>
                <div class="field">
                    <label for="ror-risk">{"Risk of ruin you accept, in percent"}</label>
                    <input id="ror-risk" inputmode="decimal" autocomplete="off" value={percent_entry(p.risk)} />
                </div>
                <fieldset>
                    <legend>{"Bet spread, in units"}</legend>
                    { for BET_LABELS.iter().enumerate().map(|(i, label)| {
                        let id = format!("ror-bet-{i}");
                        html! { <div class="field">
                            <label for={id.clone()}>{ *label }</label>
                            <input {id} inputmode="numeric" autocomplete="off" value={p.bets[i].to_string()} />
                        </div> }
                    }) }
                </fieldset>
                <button type="submit">{"Work out my risk"}</button>
            </form>
            <div class="spread-result" role="status" aria-live="polite">
                if let Some(problem) = problem { <p class="verdict wrong">{ problem }</p> }
                { result }
            </div>
            <p class="formula">{"The chance of each true count is exact at each depth a round may start at before the cut card (one player against the dealer), weighted by how often one does; the edge at each count is the exact expected value of perfect play for the cards left at that count (the same method as the index plays); a round bet at one unit is taken to have a standard deviation of 1.15 units, doubles and splits included. Risk of ruin = exp(−2 · W · B / SD²): Don Schlesinger, "}<cite>{"Blackjack Attack: Playing the Pros' Way"}</cite>{" (RGE Publishing, third edition 2005), the chapter on risk of ruin."}</p>
        </div>
    }
}

fn figures_view(p: &Plan, rows: &[(i32, f64, f64)]) -> Html {
    let (f, risk) = p.figures(rows);
    let spread = p.spread();
    // The table lists the counts reached at least one round in 200 (all count in the figures).
    let shown: Vec<&(i32, f64, f64)> = rows.iter().filter(|r| r.1 >= 0.005).collect();
    let needed = bankroll_for_risk(f.win, f.sd, p.risk).filter(|b| *b < 1e9);
    html! { <>
        <p class="risk-figure"><strong>{ format!("Risk of ruin: {}", percent(risk)) }</strong>
            { format!(" with {} units, betting {} to {} units.", p.bankroll, p.bets.iter().min().unwrap_or(&0), p.bets.iter().max().unwrap_or(&0)) }</p>
        <ul class="formula">
            <li>{ format!("W, your average result a round: {} units ({} a hundred rounds)", signed_milli(f.win), hundredths(100.0 * f.win)) }</li>
            <li>{ format!("SD, its standard deviation: {} units a round", hundredths(f.sd)) }</li>
            <li>{ format!("B, your bankroll: {} units", p.bankroll) }</li>
            if let Some(b) = needed {
                <li class="risk-bankroll">{ format!("For a {}% risk of ruin: a bankroll of {} units", percent_entry(p.risk), b.ceil() as u64) }</li>
            }
            <li>{ format!("An hour at {ROUNDS_AN_HOUR} rounds: {} units", hundredths(ROUNDS_AN_HOUR as f64 * f.win)) }</li>
            if let Some(n) = n0(f.win, f.sd).filter(|n| *n < 1e9) {
                <li>{ format!("N0, the rounds after which your win is one standard deviation: {} (about {} hours)", n.ceil() as u64, (n / ROUNDS_AN_HOUR as f64).ceil() as u64) }</li>
            }
        </ul>
        if f.win <= 0.0 { <p>{"At a loss on average, any bankroll is lost in the end: the formula gives 100%. Bet more where the count is high and less where it is low to turn W above zero."}</p> }
        <table class="evs chart-table">
            <caption>{"Each true count: how often a round starts there, your edge and your bet"}</caption>
            <thead><tr><th scope="col">{"True count"}</th><th scope="col">{"Rounds"}</th><th scope="col">{"Your edge"}</th><th scope="col">{"Your bet"}</th></tr></thead>
            <tbody>{ for shown.iter().map(|&&(t, chance, edge)| html! {
                <tr><th scope="row">{ format!("{t:+}") }</th><td>{ percent(chance) }</td><td>{ signed_percent(edge) }</td><td>{ spread.bet_at(t) as u32 }</td></tr>
            }) }</tbody>
        </table>
    </> }
}

// The page's module is built for wasm only, where the test runner runs `wasm_bindgen_test`s
// (plain `#[test]`s there are not run).
#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test as test;

    fn s(v: &str) -> String {
        v.to_string()
    }

    #[test]
    fn a_plan_is_read_from_whole_units_and_anything_else_is_refused() {
        let bets = || [s("1"), s(" 2"), s("4"), s("6"), s("8 ")];
        let game = ("67", true, "1");
        assert_eq!(Plan::read(game, " 1000", "5", bets()), Ok(Plan::default()));
        // The game: a whole percent dealt from 50 to 90, doubling after a split, the doubling rule.
        assert_eq!(
            Plan::read((" 85 % ", false, "2"), "100", "5", bets()).map(|p| p.game),
            Ok(Game { penetration: 85, das: false, double_on: DoubleOn::TenOrEleven })
        );
        assert_eq!(Plan::read((" 75", true, "0"), "100", "5", bets()).map(|p| p.game.double_on), Ok(DoubleOn::AnyTwo));
        for pen in ["49", "91", "", "67.5", "x", "-70"] {
            assert_eq!(Plan::read((pen, true, "0"), "100", "5", bets()), Err(PENETRATION_PROBLEM), "{pen:?}");
        }
        assert_eq!(
            game_words(&Game::default()),
            "67% dealt before the cut card, double on 9 to 11, double after a split"
        );
        for bankroll in ["0", "-5", "1.5", "", "abc", "10000001", "99999999999999999999"] {
            assert_eq!(Plan::read(game, bankroll, "5", bets()), Err(PLAN_PROBLEM), "{bankroll:?}");
        }
        assert_eq!(Plan::read(game, "100", "5", [s("1"), s("x"), s("4"), s("6"), s("8")]), Err(PLAN_PROBLEM));
        assert_eq!(Plan::read(game, "100", "5", [s("1"), s("2"), s("4"), s("6"), s("10001")]), Err(PLAN_PROBLEM));
        // The risk accepted: a percent from 0.01 to 99.99 (shown back to a hundredth), a "%" allowed.
        assert_eq!(Plan::read(game, "100", " 13.5 % ", bets()).map(|p| p.risk), Ok(0.135));
        assert_eq!(
            (hundredths_of("0.05"), hundredths_of(".5"), hundredths_of("7."), hundredths_of("1.234")),
            (Some(5), Some(50), Some(700), None)
        );
        for risk in ["0", "0.001", "100", "-1", "", ".", "NaN", "inf", "five", "1e1", "5.5.5"] {
            assert_eq!(Plan::read(game, "100", risk, bets()), Err(RISK_PROBLEM), "{risk:?}");
        }
        assert_eq!(
            (percent_entry(0.05), percent_entry(0.135), percent_entry(0.01), percent_entry(0.0001)),
            (s("5"), s("13.5"), s("1"), s("0.01"))
        );
    }

    #[test]
    fn the_spread_bets_its_first_unit_below_plus_two_and_its_last_from_plus_five() {
        let sp = Plan::default().spread();
        let bets: Vec<f64> = [-9, 0, 1, 2, 3, 4, 5, 12].iter().map(|&t| sp.bet_at(t)).collect();
        assert_eq!(bets, vec![1.0, 1.0, 1.0, 2.0, 4.0, 6.0, 8.0, 8.0]);
    }

    #[test]
    fn the_figures_are_the_engines_for_the_rows_and_more_bankroll_is_less_risk() {
        // Rows as the engine gives them: (count, chance, edge).
        let rows = [(-2, 0.2, -0.015), (0, 0.5, -0.005), (2, 0.2, 0.005), (5, 0.1, 0.02)];
        let p = Plan::default();
        let (f, risk) = p.figures(&rows);
        let direct = spread_figures(&p.spread(), &rows, ROUND_VARIANCE);
        assert_eq!(f, direct);
        assert_eq!(risk, risk_of_ruin(f.win, f.sd, 1000.0));
        let richer = Plan { bankroll: 5000, ..p };
        assert!(f.win > 0.0 && richer.figures(&rows).1 < risk);
        assert_eq!(signed_percent(0.0123), "+1.2%");
        assert_eq!(signed_percent(-0.0049), "-0.5%");
    }
}
