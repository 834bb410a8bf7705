//! The player's controls at the casino table: chips while betting, then the decisions of the
//! moment (Hit, Stand, Double, Split, Double for less, Surrender, Hint, insurance), and the
//! shortcuts that stand for them. Every control and key becomes a [`Press`], which the table
//! runs.

use super::screen::CasinoScreen;
use super::state::CasinoState;
use crate::engine::casino::game::money;
use crate::engine::casino::{Action, Phase, Spot};
use crate::ui::reducer::Reducer;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The chips a bet is made of, in cents.
pub const CHIPS: [i64; 4] = [500, 2500, 10_000, 50_000];

/// What a control does: an action at the table, or something on the page.
#[derive(Clone, Copy, PartialEq)]
pub enum Press {
    Act(Action),
    Refill,
    Hint,
    /// Open (or close) the amounts of a double for less.
    Less,
    Help,
    /// Bet on another of the player's spots.
    BetOn(Spot),
}

/// The shortcuts, as the "?" list shows them.
pub const KEYS: [(&str, &str); 9] = [
    ("1 2 3 4", "Add a $5, $25, $100 or $500 chip"),
    ("B", "Bet on your next spot"),
    ("C", "Clear the bet"),
    ("Enter", "Deal (after a hand: the same bet again)"),
    ("H / S", "Hit / Stand"),
    ("D / L", "Double / Double for less"),
    ("P / R", "Split / Surrender"),
    ("I / N", "Insurance / No insurance"),
    ("? / Esc", "Show / hide this list"),
];

/// The press a key stands for (the caller checks that an action is legal now).
pub fn key_press(s: &CasinoState, key: &str) -> Option<Press> {
    let spot = s.spot();
    let bet = s.bet();
    let phase = s.view().phase;
    Some(Press::Act(match key {
        "b" => return Some(Press::BetOn(next_spot(s))),
        "h" => Action::Hit { spot },
        "s" => Action::Stand { spot },
        "d" => Action::Double { spot, amount: bet },
        "p" => Action::Split { spot },
        "r" => Action::Surrender { spot },
        "i" => Action::Insure { spot, amount: bet / 2 },
        "n" => Action::Insure { spot, amount: 0 },
        "c" => Action::Bet { spot, amount: 0 },
        "1" | "2" | "3" | "4" => Action::Bet { spot, amount: bet + CHIPS[(key.as_bytes()[0] - b'1') as usize] },
        "enter" if phase == Phase::Betting && s.placed() => Action::Deal,
        // Between hands Enter deals the same bets again (the reducer starts the next round).
        "enter" if s.between_hands() => Action::Deal,
        "enter" if phase == Phase::Settled => Action::NextRound,
        "l" => return Some(Press::Less),
        "?" | "escape" => return Some(Press::Help),
        _ => return None,
    }))
}

/// The keyboard's shortcuts at the table (the kit listens anywhere on the page): a key that
/// stands for a press open now runs it through `run`; `help_open` says the list is showing.
pub fn shortcuts(
    s: UseReducerHandle<Reducer<CasinoState>>,
    run: Callback<Press>,
    help_open: bool,
) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let key = e.key().to_ascii_lowercase();
        // Enter on a button or link is the browser's own.
        let tag = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).map(|t| t.tag_name());
        if key == "enter" && tag.is_some_and(|t| t != "SECTION" && t != "BODY") {
            return;
        }
        let ok = match key_press(&s, &key) {
            // Between hands a bet and Deal are the next round's: its screen says what it allows.
            Some(Press::Act(a @ (Action::Bet { .. } | Action::Deal))) if s.between_hands() => {
                s.screen.between_hands().is_some_and(|n| n.is_legal(a))
            }
            Some(Press::Act(a)) => s.screen.is_legal(a),
            Some(Press::Less) => can_double_less(&s.screen, s.betting),
            Some(Press::Help) => key == "?" || help_open,
            Some(Press::BetOn(_)) => s.mine().len() > 1 && s.view().phase == Phase::Betting,
            _ => false,
        };
        if let Some(p) = key_press(&s, &key).filter(|_| ok) {
            e.prevent_default();
            run.emit(p);
        }
    })
}

/// The player's spot after the one bet on, round the table.
fn next_spot(s: &CasinoState) -> Spot {
    let mine = s.mine();
    let i = mine.iter().position(|&x| x == s.betting).unwrap_or(0);
    mine[(i + 1) % mine.len()]
}

/// Whether the player may double for less now (the rules allow it, and any double is open).
pub fn can_double_less(s: &CasinoScreen, betting: Spot) -> bool {
    s.view().rules.double_for_less && s.my_turn() && s.is_legal(Action::Double { spot: s.spot(betting), amount: 100 })
}

/// The amounts offered for a double for less: each chip below the bet, half the bet, and the
/// whole bet, within the player's chips.
fn double_amounts(bet: i64, chips: i64) -> Vec<i64> {
    let half = bet / 200 * 100;
    let mut v: Vec<i64> = Vec::new();
    for a in CHIPS
        .iter()
        .copied()
        .filter(|&c| c < half)
        .chain([half])
        .chain(CHIPS.iter().copied().filter(|&c| c > half && c < bet))
        .chain([bet])
    {
        if a > 0 && a <= chips && !v.contains(&a) {
            v.push(a);
        }
    }
    v
}

/// A control: its label, what it does, whether it is enabled, and its class.
type Button = (String, Press, bool, &'static str);

/// The controls of this moment, and a line about them; `local`: this device's table (a new
/// bankroll, the trainer's hint and Next round are its own; at a table with friends the host
/// clears the table).
fn buttons(s: &CasinoScreen, betting: Spot, local: bool, less_open: bool) -> (Vec<Button>, Option<String>) {
    let me = s.spot(betting);
    let (bet, rules) = (s.spots().get(me as usize).map_or(0, |x| x.bet), &s.view().rules);
    let my_turn = s.my_turn();
    let legal = |a: Action| s.is_legal(a);
    let mut out = Vec::new();
    let mut b = |label: &str, p: Press, on: bool, class: &'static str| out.push((label.to_string(), p, on, class));
    let mut line = None;
    match s.view().phase {
        Phase::Betting if s.broke() && !local => {
            line = Some(format!("You have less than the smallest bet, {}: you sit out.", money(rules.min_bet)));
        }
        Phase::Betting if s.broke() => {
            b("New bankroll", Press::Refill, true, "primary");
            line = Some(format!(
                "{} in chips and a fresh shoe. Your statistics count every new bankroll.",
                money(rules.starting_bankroll)
            ));
        }
        Phase::Betting => {
            let mine = s.mine();
            if mine.len() > 1 {
                for (i, &spot) in mine.iter().enumerate() {
                    // Pass-and-play: each person's spot by their name.
                    let label = s.name_at(spot).map_or_else(|| format!("Spot {}", i + 1), str::to_string);
                    b(&label, Press::BetOn(spot), true, if spot == me { "on" } else { "" });
                }
            }
            b("Clear bet", Press::Act(Action::Bet { spot: me, amount: 0 }), bet > 0, "");
            b("Deal", Press::Act(Action::Deal), s.placed() && legal(Action::Deal), "primary");
            let on = match mine.iter().position(|&x| x == me) {
                Some(i) if mine.len() > 1 => format!(" on spot {}", i + 1),
                _ => String::new(),
            };
            line = Some(format!(
                "Bet {}{on} · table limits {} to {}",
                money(bet),
                money(rules.min_bet),
                money(rules.max_bet)
            ));
        }
        Phase::Insurance { .. } if my_turn => {
            let insure = Action::Insure { spot: me, amount: bet / 2 };
            b("Insurance", Press::Act(insure), legal(insure), "");
            b("No insurance", Press::Act(Action::Insure { spot: me, amount: 0 }), true, "primary");
            line = Some(format!(
                "Insurance costs {} and pays {} to 1 if the dealer has blackjack.",
                money(bet / 2),
                crate::engine::casino::rules::INSURANCE_PAYS
            ));
        }
        Phase::Insurance { .. } | Phase::Playing { .. } => {
            let mine = |a: Action| my_turn && legal(a);
            let double_full = Action::Double { spot: me, amount: bet };
            let can_less = can_double_less(s, betting);
            // Hit is where the keys start (focused), but not drawn as the move to make: the
            // gold of a primary button on a hard 20 read as advice.
            b("Hit", Press::Act(Action::Hit { spot: me }), mine(Action::Hit { spot: me }), "first");
            b("Stand", Press::Act(Action::Stand { spot: me }), my_turn, "");
            b("Double", Press::Act(double_full), mine(double_full), "");
            b("Split", Press::Act(Action::Split { spot: me }), mine(Action::Split { spot: me }), "");
            if rules.double_for_less {
                b("Double for less", Press::Less, can_less, "");
            }
            if rules.surrender {
                b("Surrender", Press::Act(Action::Surrender { spot: me }), mine(Action::Surrender { spot: me }), "");
            }
            if local {
                b("Hint", Press::Hint, true, "quiet");
            }
            if less_open && can_less {
                for a in double_amounts(bet, s.chips()) {
                    let d = Action::Double { spot: me, amount: a };
                    out.push((format!("Double for {}", money(a)), Press::Act(d), legal(d), "less"));
                }
            }
        }
        // Between hands `controls` draws the next round's bet controls and Deal instead. At the
        // end of a shoe, or out of chips, the dialog carries Next round; the table has its own
        // only when the player sat out. At a table with friends the host clears the table.
        Phase::Settled if s.round_net().is_some() || !local => {}
        Phase::Settled => b("Next round", Press::Act(Action::NextRound), true, "primary"),
    }
    (out, line)
}

/// The player's controls for `s`, the chips going on `betting`: `hint` says the trainer's
/// values are showing (`None`: a table with friends, which has no trainer), `less_open` the
/// amounts of a double for less. (A view function: no state of its own.)
pub fn controls(
    s: &CasinoScreen,
    betting: Spot,
    on_press: &Callback<Press>,
    hint: Option<bool>,
    less_open: bool,
) -> Html {
    let press = |x: Press| on_press.reform(move |_: MouseEvent| x);
    // Between hands at this device's table: the bet controls and Deal stay where they were, as
    // the next round will offer them (the reducer starts it on a chip or Deal).
    let next = s.between_hands().filter(|_| hint.is_some());
    let s = next.as_ref().unwrap_or(s);
    let me = s.spot(betting);
    let bet = s.spots().get(me as usize).map_or(0, |x| x.bet);
    let chips_row = (s.view().phase == Phase::Betting && !s.broke()).then(|| html! {
        <div class="chips" role="group" aria-label="Chips">
            { for CHIPS.iter().enumerate().map(|(i, &chip)| {
                let a = Action::Bet { spot: me, amount: bet + chip };
                html! { <button class={format!("chip chip-{i}")} aria-label={format!("Add {}", money(chip))} disabled={!s.is_legal(a)} onclick={press(Press::Act(a))}>{ chip / 100 }</button> }
            }) }
        </div>
    });
    let (buttons, line) = buttons(s, betting, hint.is_some(), less_open);
    let hint = hint.unwrap_or_default();
    html! {
        <div class="controls" role="group" aria-label="Your controls">
            { chips_row.unwrap_or_default() }
            if let Some(l) = line { <p>{l}</p> }
            { for buttons.into_iter().map(|(label, x, on, class)| {
                let pressed = match x {
                    Press::Hint => Some(hint.to_string()),
                    Press::BetOn(_) => Some((class == "on").to_string()),
                    _ => None,
                };
                let expanded = (x == Press::Less).then(|| less_open.to_string());
                // Keyed by its word: after Deal, Yew would otherwise reuse Deal's button, focus
                // and all, for whichever button took its place (Hint), not Hit.
                html! {
                    <button key={label.clone()} class={class} data-primary={matches!(class, "primary" | "first").then_some("")} disabled={!on}
                        aria-pressed={pressed} aria-expanded={expanded} onclick={press(x)}>{label}</button>
                }
            }) }
        </div>
    }
}
