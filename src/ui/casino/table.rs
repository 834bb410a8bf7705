//! The casino table: the dealer at the top of a felt arc with the shoe (and its cut card) and
//! the discard tray, the spots below with the player's in the middle, chips for betting, the
//! player's controls, the trainer and the strategy chart beside the felt (below it on a phone),
//! and a results dialog at the end of each hand. Effects run the bots on timers (dropped when
//! the state changes), save the table after every change, keep keyboard focus on the table
//! and listen for the single-key shortcuts anywhere on the page.

use super::state::{
    of_a_bet, signed_money, spot_name, Bank, CasinoState, Choice, Msg, BANK_KEY, HUMAN_SPOT, SAVE_KEY, SAVE_VERSION,
};
use crate::bots::casino::CasinoBot;
use crate::engine::casino::game::{money, Hand};
use crate::engine::casino::hand::Total;
use crate::engine::casino::strategy::{column, Column, Counts};
use crate::engine::casino::{Action, HandState, Outcome, Phase};
use crate::ui::components::card::{CardStyle, CardView};
use crate::ui::components::results::{ResultRow, ResultsDialog};
use crate::ui::storage;
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use std::time::Duration;
use wasm_bindgen::JsCast;
use yew::platform::spawn_local;
use yew::platform::time::sleep;
use yew::prelude::*;

/// The player rules page, from the tables page.
pub const RULES_PAGE: &str = "../rules/casino.html";
/// The chips a bet is made of, in cents.
const CHIPS: [i64; 4] = [500, 2500, 10_000, 50_000];

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub on_start: Callback<Choice>,
    pub on_cancel: Callback<()>,
}

/// The rules of the table a [`Choice`] makes, in players' words, one sentence each: the classic
/// rules (3 to 2, double on 9 to 11 for up to the bet, three hands, $5 to $500, seven seats) and
/// the house rules chosen.
pub fn rules_summary(c: &Choice) -> Vec<&'static str> {
    let mut out = vec![
        "Blackjack pays 3 to 2; other wins pay even money.",
        if c.h17 {
            "The dealer hits a soft 17 (house rule) and stands on the other 17s."
        } else {
            "The dealer stands on every 17."
        },
        "Double on 9, 10 or 11 for any amount up to your bet, and take one more card.",
        "Split a pair of equal value, up to three hands. Split aces get one card each.",
        "Insurance when the dealer shows an ace: up to half your bet, paid 2 to 1.",
        "If the dealer has blackjack you lose only your first bet: doubles and splits come back.",
    ];
    if c.surrender {
        out.push("Surrender (house rule): give up half your bet as your first decision.");
    }
    out.push("Bets from $5 to $500. The dealer shuffles when the cut card comes out, about two thirds into the shoe.");
    out
}

/// The casino's new-table form: labels above their controls, in groups, and the table's rules.
#[component]
pub fn CasinoSetup(props: &SetupProps) -> Html {
    let choice = use_state(Choice::default);
    let c = *choice;
    let num = |f: fn(&mut Choice, u8)| {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse().unwrap_or(0);
            let mut n = *choice;
            f(&mut n, v);
            choice.set(n);
        })
    };
    let flag = |f: fn(&mut Choice, bool)| {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            let mut n = *choice;
            f(&mut n, v);
            choice.set(n);
        })
    };
    let start = {
        let on_start = props.on_start.clone();
        Callback::from(move |_: MouseEvent| on_start.emit(c))
    };
    html! {
        <section class="setup casino-setup" aria-labelledby="casino-setup-title">
            <h2 id="casino-setup-title">{"Casino Blackjack"}</h2>
            <p>{"Beat the dealer: finish closer to 21 than the dealer without going over. The other players are bots; everyone plays against the dealer, not each other."}</p>
            <div class="setup-groups">
                <fieldset>
                    <legend>{"The table"}</legend>
                    <div class="field">
                        <label for="decks">{"Decks in the shoe"}</label>
                        <select id="decks" onchange={num(|c, v| c.decks = v)}>
                            { for [1u8, 2, 4, 6, 8].into_iter().map(|d| html! { <option value={d.to_string()} selected={d == c.decks}>{d}</option> }) }
                        </select>
                    </div>
                    <div class="field">
                        <label for="bots">{"Other players (bots)"}</label>
                        <select id="bots" onchange={num(|c, v| c.bots = v)}>
                            { for (0..=6u8).map(|n| html! { <option value={n.to_string()} selected={n == c.bots}>{n}</option> }) }
                        </select>
                    </div>
                </fieldset>
                <fieldset>
                    <legend>{"House rules"}</legend>
                    <div class="field check">
                        <input id="surrender" type="checkbox" checked={c.surrender} onchange={flag(|c, v| c.surrender = v)} />
                        <label for="surrender">{"Surrender"}</label>
                        <small>{"Give up half your bet instead of playing the hand, as your first decision."}</small>
                    </div>
                    <div class="field check">
                        <input id="h17" type="checkbox" checked={c.h17} onchange={flag(|c, v| c.h17 = v)} />
                        <label for="h17">{"Dealer hits soft 17"}</label>
                        <small>{"The classic rules have the dealer stand on every 17; drawing to a soft 17 is a little worse for you."}</small>
                    </div>
                </fieldset>
            </div>
            <h3>{"The rules of this table"}</h3>
            <ul class="rules-summary">{ for rules_summary(&c).into_iter().map(|l| html! { <li>{l}</li> }) }</ul>
            <p><a class="rules-link" href={RULES_PAGE}>{"How to play casino Blackjack"}</a></p>
            <div class="setup-actions">
                <button class="play primary" onclick={start}>{"Sit down"}</button>
                <button onclick={props.on_cancel.reform(|_| ())}>{"Back"}</button>
            </div>
        </section>
    }
}

/// Where the player goes from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Menu,
    NewGame,
}

#[derive(Properties, PartialEq)]
pub struct TableProps {
    pub initial: Rc<CasinoState>,
    pub style: CardStyle,
    pub on_leave: Callback<Leave>,
}

/// A hand's total for its badge: "21" for a blackjack (its outcome says the word), "7 or 17".
fn total_badge(h: &Hand) -> String {
    match h.state {
        HandState::Blackjack | HandState::BlackjackPaid => "21".into(),
        HandState::Playing => h.total().describe(),
        // A finished hand has one total: "19", not "9 or 19".
        _ => h.total().best().to_string(),
    }
}

/// A hand's result, on the hand: "Blackjack! +$7.50", "Bust −$10", "Push"; with its tone.
fn outcome_line(h: &Hand) -> Option<(String, &'static str)> {
    let net = h.returned - h.stake;
    let tone = match net {
        0 => "push",
        n if n > 0 => "won",
        _ => "lost",
    };
    let label = match (h.outcome, h.state) {
        (Some(Outcome::Push), _) => return Some(("Push".into(), "push")),
        (Some(Outcome::Blackjack), _) => "Blackjack!",
        (Some(Outcome::Win), _) => "Win",
        (Some(Outcome::Lose), _) => "Lose",
        (Some(Outcome::Bust), _) => "Bust",
        (Some(Outcome::Surrender), _) => "Surrender",
        (None, HandState::Blackjack) => return Some(("Blackjack!".into(), "won")),
        (None, HandState::Bust) => return Some(("Bust".into(), "lost")),
        (None, HandState::Surrendered) => return Some(("Surrendered".into(), "push")),
        _ => return None,
    };
    Some((format!("{label} {}", signed_money(net)), tone))
}

/// What a control does: an action at the table, or something on the page.
#[derive(Clone, Copy, PartialEq)]
enum Press {
    Act(Action),
    Refill,
    Hint,
    /// Open (or close) the amounts of a double for less.
    Less,
    Help,
}

/// The shortcuts, as the "?" list shows them.
const KEYS: [(&str, &str); 8] = [
    ("1 2 3 4", "Add a $5, $25, $100 or $500 chip"),
    ("C", "Clear the bet"),
    ("Enter", "Deal, or the next round"),
    ("H / S", "Hit / Stand"),
    ("D / L", "Double / Double for less"),
    ("P / R", "Split / Surrender"),
    ("I / N", "Insurance / No insurance"),
    ("? / Esc", "Show / hide this list"),
];

/// The press a key stands for (the caller checks that an action is legal now).
fn key_press(s: &CasinoState, key: &str) -> Option<Press> {
    let spot = HUMAN_SPOT;
    let bet = s.bet();
    let phase = s.game.phase();
    Some(Press::Act(match key {
        "h" => Action::Hit { spot },
        "s" => Action::Stand { spot },
        "d" => Action::Double { spot, amount: bet },
        "p" => Action::Split { spot },
        "r" => Action::Surrender { spot },
        "i" => Action::Insure { spot, amount: bet / 2 },
        "n" => Action::Insure { spot, amount: 0 },
        "c" => Action::Bet { spot, amount: 0 },
        "1" | "2" | "3" | "4" => Action::Bet { spot, amount: bet + CHIPS[(key.as_bytes()[0] - b'1') as usize] },
        "enter" if phase == Phase::Betting && bet > 0 => Action::Deal,
        "enter" if phase == Phase::Settled => Action::NextRound,
        "l" => return Some(Press::Less),
        "?" | "escape" => return Some(Press::Help),
        _ => return None,
    }))
}

/// The trainer's running score: "Trainer: 3 decisions, 2 best plays; 1 other play gave up 0.08
/// of a bet in expected winnings."
fn trainer_summary(b: &Bank) -> String {
    let mut s = format!(
        "Trainer: {}, {}",
        crate::ui::plural(b.decisions as usize, "decision"),
        crate::ui::plural(b.best_plays as usize, "best play")
    );
    let others = b.decisions.saturating_sub(b.best_plays) as usize;
    if others > 0 {
        let who = crate::ui::plural(others, "other play");
        s += &format!("; {who} gave up {} in expected winnings", of_a_bet(b.ev_lost_milli));
    }
    s + "."
}

/// The player's record at the casino, every new bankroll counted.
fn tally(b: &Bank) -> String {
    let refills = if b.refills > 0 { format!(" · new bankrolls: {}", b.refills) } else { String::new() };
    format!("Hands played: {} · net {}{refills}", b.hands, signed_money(b.net))
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

#[component]
pub fn CasinoTable(props: &TableProps) -> Html {
    let initial = props.initial.clone();
    let state = use_reducer(move || (*initial).clone());
    let show_count = use_state(|| false);
    let hint = use_state(|| false);
    let help = use_state(|| false);
    // The double-for-less amounts, open at this position of the game (closed by any move).
    let less: UseStateHandle<Option<usize>> = use_state(|| None);
    let chart: UseStateHandle<Option<Rc<Vec<Column>>>> = use_state(|| None);
    let table_ref = use_node_ref();
    let game = &state.game;
    let at = state.at();
    // The trainer's values are exact (a solver over the cards left): computed once per
    // position while the hint is open, not on every render.
    let hint_values = {
        let s = state.clone();
        use_memo((at, *hint), move |&(_, open)| if open { s.hint() } else { None })
    };

    // Autosave the table and the player's bank after every change.
    {
        let s = state.clone();
        use_effect_with(at, move |_| {
            storage::save(SAVE_KEY, SAVE_VERSION, &s.stored());
            storage::save(BANK_KEY, SAVE_VERSION, &s.bank);
        });
    }
    // Bots act on a timer; the handle is dropped (cancelled) when the state changes. They share
    // one CasinoBot, which keeps what it works out from hand to hand.
    let bot = use_mut_ref(CasinoBot::default);
    {
        let s = state.clone();
        use_effect_with(at, move |_| {
            let spot = s.game.to_act().filter(|&sp| sp != HUMAN_SPOT);
            let timer = spot.and_then(|sp| bot.borrow_mut().decide(&s.game.view(sp))).map(|action| {
                let d = s.dispatcher();
                Timeout::new(700, move || d.dispatch(Msg::Act { action, at }))
            });
            move || drop(timer)
        });
    }
    // Focus stays on the table: when a move removed or disabled the focused control (or focus
    // was parked on the table itself), it goes to the main action now available, or the table.
    {
        let table_ref = table_ref.clone();
        use_effect_with((at, *less), move |_| {
            let Some(table) = table_ref.cast::<web_sys::HtmlElement>() else { return };
            let active = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
            let lost = match &active {
                None => true,
                Some(a) => {
                    a.tag_name() == "BODY" || a.has_attribute("disabled") || a.is_same_node(Some(table.as_ref()))
                }
            };
            if lost {
                let primary = table
                    .query_selector("[data-primary]:not([disabled])")
                    .ok()
                    .flatten()
                    .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
                crate::ui::focus_quietly(&primary.unwrap_or(table));
            }
        });
    }
    // Every control and every shortcut goes through here.
    let run = {
        let (s, hint, help, less) = (state.clone(), hint.clone(), help.clone(), less.clone());
        Rc::new(move |p: Press| match p {
            Press::Act(action) => s.dispatch(Msg::Act { action, at }),
            Press::Refill => s.dispatch(Msg::Refill { seed: getrandom::u64().unwrap_or(s.seed ^ 1) }),
            Press::Hint => hint.set(!*hint),
            Press::Less => less.set(if *less == Some(at) { None } else { Some(at) }),
            Press::Help => help.set(!*help),
        })
    };
    let press = |p: Press| {
        let run = run.clone();
        Callback::from(move |_: MouseEvent| run(p))
    };
    let act = |a: Action| press(Press::Act(a));
    let phase = game.phase();
    let my_turn = game.to_act() == Some(HUMAN_SPOT);
    let bet = state.bet();
    let chips = state.chips();
    let rules = game.rules().clone();
    let legal = |a: Action| game.is_legal(a);
    // Leaving: with nothing at stake the table's save goes (its chips are in the bank); in the
    // middle of a hand it stays, and the table resumes next time.
    let leave = |to: Leave| {
        let on_leave = props.on_leave.clone();
        let keep = !matches!(phase, Phase::Betting | Phase::Settled);
        Callback::from(move |()| {
            if !keep {
                if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
                    let _ = s.remove_item(SAVE_KEY);
                }
            }
            on_leave.emit(to)
        })
    };

    let open_chart = {
        let chart = chart.clone();
        let rules = rules.clone();
        Callback::from(move |e: Event| {
            let open = e.target_unchecked_into::<web_sys::HtmlDetailsElement>().open();
            if !open || chart.is_some() {
                return;
            }
            let chart = chart.clone();
            let rules = rules.clone();
            // One up card per chunk, yielding to the browser between them.
            spawn_local(async move {
                let mut cols = Vec::new();
                for up in 1..=10u8 {
                    cols.push(column(&rules, Counts::full(rules.decks), up, false));
                    sleep(Duration::ZERO).await;
                }
                chart.set(Some(Rc::new(cols)));
            });
        })
    };

    let less_open = *less == Some(at);
    let can_less = rules.double_for_less && my_turn && legal(Action::Double { spot: HUMAN_SPOT, amount: 100 });
    let double_full = Action::Double { spot: HUMAN_SPOT, amount: bet };
    let dealer = game.dealer_visible();
    let dealer_cards: Vec<_> = dealer.iter().flatten().copied().collect();
    let dealer_total = game.hole_revealed().then(|| Total::of(&dealer_cards));
    let shoe = game.shoe_size().max(1);
    let left_pct = 100 * game.shoe_left() / shoe;
    // The shoe is drawn from its back (right) to its front: the cut card sits this far from the back.
    let cut_pct = 100 * game.shoe_left().saturating_sub(game.before_cut()) / shoe;
    let tray_pct = (100 * game.discards() / shoe).min(100);
    let status = match phase {
        Phase::Betting if state.broke() => "You are out of chips.".to_string(),
        Phase::Betting => "Place your bet and deal.".to_string(),
        Phase::Insurance { spot } if spot == HUMAN_SPOT => "The dealer shows an ace: insurance?".into(),
        Phase::Playing { spot, .. } if spot == HUMAN_SPOT => "Your decision.".into(),
        Phase::Insurance { spot } | Phase::Playing { spot, .. } => format!("{} is deciding.", spot_name(spot)),
        Phase::Settled => "Hand over.".into(),
    };
    // The controls of this moment: (label, what it does, enabled, class).
    let mut buttons: Vec<(String, Press, bool, &'static str)> = Vec::new();
    let mut line = None;
    let mut b = |label: &str, p: Press, on: bool, class: &'static str| buttons.push((label.to_string(), p, on, class));
    let me = HUMAN_SPOT;
    match phase {
        Phase::Betting if state.broke() => {
            b("New bankroll", Press::Refill, true, "primary");
            line = Some(format!(
                "{} in chips and a fresh shoe. Your statistics count every new bankroll.",
                money(rules.starting_bankroll)
            ));
        }
        Phase::Betting => {
            b("Clear bet", Press::Act(Action::Bet { spot: me, amount: 0 }), bet > 0, "");
            b("Deal", Press::Act(Action::Deal), bet > 0 && legal(Action::Deal), "primary");
            line =
                Some(format!("Bet {} · table limits {} to {}", money(bet), money(rules.min_bet), money(rules.max_bet)));
        }
        Phase::Insurance { .. } if my_turn => {
            let insure = Action::Insure { spot: me, amount: bet / 2 };
            b("Insurance", Press::Act(insure), legal(insure), "");
            b("No insurance", Press::Act(Action::Insure { spot: me, amount: 0 }), true, "primary");
            line = Some(format!("Insurance costs {} and pays 2 to 1 if the dealer has blackjack.", money(bet / 2)));
        }
        Phase::Insurance { .. } | Phase::Playing { .. } => {
            let mine = |a: Action| my_turn && legal(a);
            b("Hit", Press::Act(Action::Hit { spot: me }), mine(Action::Hit { spot: me }), "primary");
            b("Stand", Press::Act(Action::Stand { spot: me }), my_turn, "");
            b("Double", Press::Act(double_full), mine(double_full), "");
            b("Split", Press::Act(Action::Split { spot: me }), mine(Action::Split { spot: me }), "");
            if rules.double_for_less {
                b("Double for less", Press::Less, can_less, "");
            }
            if rules.surrender {
                b("Surrender", Press::Act(Action::Surrender { spot: me }), mine(Action::Surrender { spot: me }), "");
            }
            b("Hint", Press::Hint, true, "quiet");
            if less_open && can_less {
                for a in double_amounts(bet, chips) {
                    let d = Action::Double { spot: me, amount: a };
                    buttons.push((format!("Double for {}", money(a)), Press::Act(d), legal(d), "less"));
                }
            }
        }
        // The results dialog carries Next round; the table has its own only when the player sat out.
        Phase::Settled if state.round_net().is_some() => {}
        Phase::Settled => b("Next round", Press::Act(Action::NextRound), true, "primary"),
    }
    let chips_row = (phase == Phase::Betting && !state.broke()).then(|| html! {
        <div class="chips" role="group" aria-label="Chips">
            { for CHIPS.iter().enumerate().map(|(i, &chip)| {
                let a = Action::Bet { spot: me, amount: bet + chip };
                html! { <button class={format!("chip chip-{i}")} aria-label={format!("Add {}", money(chip))} disabled={!legal(a)} onclick={act(a)}>{ chip / 100 }</button> }
            }) }
        </div>
    });
    let controls = html! { <>
        { chips_row.unwrap_or_default() }
        if let Some(l) = line { <p>{l}</p> }
        { for buttons.into_iter().map(|(label, p, on, class)| {
            let pressed = match p {
                Press::Hint => Some(hint.to_string()),
                _ => None,
            };
            let expanded = (p == Press::Less).then(|| less_open.to_string());
            html! {
                <button class={class} data-primary={(class == "primary").then_some("")} disabled={!on}
                    aria-pressed={pressed} aria-expanded={expanded} onclick={press(p)}>{label}</button>
            }
        }) }
    </> };

    let onkeydown = {
        let run = run.clone();
        let s = state.clone();
        let (can_less, help_open) = (can_less, *help);
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let key = e.key().to_ascii_lowercase();
            // Enter on a button, link or field is the browser's own.
            let tag = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).map(|t| t.tag_name());
            if key == "enter" && tag.is_some_and(|t| t != "SECTION") {
                return;
            }
            let ok = match key_press(&s, &key) {
                Some(Press::Act(a)) => s.game.is_legal(a),
                Some(Press::Less) => can_less,
                Some(Press::Help) => key == "?" || help_open,
                _ => false,
            };
            if let Some(p) = key_press(&s, &key).filter(|_| ok) {
                e.prevent_default();
                run(p);
            }
        })
    };

    // The end of a hand: every hand's result, the dealer's, and the session so far.
    let results = state.round_net().map(|net| {
        let title = match net {
            0 => "You break even".to_string(),
            n if n > 0 => format!("You win {}", money(n)),
            n => format!("You lose {}", money(-n)),
        };
        let dealer_line = match dealer_total {
            Some(t) if t.is_bust() => format!("The dealer busts with {}.", t.hard),
            Some(_) if crate::engine::casino::hand::is_two_card_21(&dealer_cards) => "The dealer has blackjack.".into(),
            Some(t) => format!("The dealer has {}.", t.best()),
            None => String::new(),
        };
        let mut rows = Vec::new();
        for (i, s) in game.spots().iter().enumerate() {
            for h in &s.hands {
                let who = if i as u8 == HUMAN_SPOT { "You" } else { spot_name(i as u8) };
                let result = outcome_line(h).map(|o| o.0).unwrap_or_default();
                rows.push(ResultRow::new(vec![who.into(), total_badge(h).into(), result.into()], i as u8 == HUMAN_SPOT));
            }
        }
        let me = &game.spots()[HUMAN_SPOT as usize];
        if me.insurance > 0 {
            let won = crate::engine::casino::hand::is_two_card_21(&dealer_cards);
            rows.push(ResultRow::new(
                vec!["You".into(), "Insurance".into(), signed_money(if won { 2 * me.insurance } else { -me.insurance }).into()],
                true,
            ));
        }
        let b = &state.bank;
        let d = state.dispatcher();
        let next_round = Callback::from(move |()| d.dispatch(Msg::Act { action: Action::NextRound, at }));
        let shuffle = if game.cut_card_out() { " The cut card is out: a new shoe next." } else { "" };
        let summary = format!("{dealer_line} You have {}.{shuffle}", money(chips));
        html! {
            <ResultsDialog title={title} summary={Some(AttrValue::from(summary))}
                headers={vec![AttrValue::from("Player"), "Hand".into(), "Result".into()]} rows={rows}
                primary_label="Next round" on_primary={next_round}
                on_new_game={Some(leave(Leave::NewGame))} on_menu={Some(leave(Leave::Menu))} rules_href={Some(AttrValue::from(RULES_PAGE))}>
                <p class="tally">{ tally(b) }</p>
            </ResultsDialog>
        }
    });

    html! {
    <section class="casino table" aria-label="Casino table" tabindex="-1" ref={table_ref} {onkeydown}>
        <div class="table-head">
            <h2>{"Casino Blackjack"}</h2>
            <p class="bankroll">{ format!("Chips: {}", money(chips)) }</p>
            <a class="rules-link" href={RULES_PAGE}>{"Rules"}</a>
            <button class="keys-button" aria-label="Keyboard shortcuts" aria-expanded={help.to_string()} onclick={press(Press::Help)}>{"?"}</button>
            <button onclick={leave(Leave::Menu).reform(|_| ())}>{"Menu"}</button>
        </div>
        if *help {
            <dl class="keys-help" aria-label="Keyboard shortcuts">
                { for KEYS.iter().map(|(k, what)| html! { <><dt>{*k}</dt><dd>{*what}</dd></> }) }
            </dl>
        }
        if let Some(n) = state.notice.clone() {
            <p class="notice" role="alert">{n}</p>
        }
        <div class="casino-layout">
        <div class="felt">
            <div class="felt-top">
                <div class="tray" role="img" aria-label={format!("Discards: {} cards", game.discards())}>
                    <div class="tray-box"><div class="tray-stack" style={format!("height:{tray_pct}%")}></div></div>
                    <p>{ format!("Discards {}", game.discards()) }</p>
                </div>
                <div class="dealer" role="group" aria-label="Dealer">
                    <h3>{"Dealer"}
                        if let Some(t) = dealer_total { <span class={classes!("badge", t.is_bust().then_some("bust"))}>{ if phase == Phase::Settled { t.best().to_string() } else { t.describe() } }</span> }
                    </h3>
                    <div class="cards">
                        { for dealer.iter().map(|c| html! { <CardView card={*c} style={props.style} /> }) }
                    </div>
                    <ul class="sr-cards">
                        { for dealer.iter().map(|c| html! { <li>{ c.map_or("Face-down card".to_string(), |c| c.name()) }</li> }) }
                    </ul>
                </div>
                <div class="shoe" role="group" aria-label="Shoe">
                    <div class="shoe-box" role="img" aria-label={format!("{} cards left, {} before the cut card", game.shoe_left(), game.before_cut())}>
                        <div class="shoe-stack" style={format!("width:{left_pct}%")}></div>
                        if !game.cut_card_out() {
                            <div class="shoe-cut" style={format!("right:{cut_pct}%")}></div>
                        }
                    </div>
                    <p>{ if game.cut_card_out() { "Cut card out".to_string() } else { format!("{} cards to the cut card", game.before_cut()) } }</p>
                </div>
            </div>
            <p class="felt-print" aria-hidden="true">{ format!("Blackjack pays {} to {} · Insurance pays 2 to 1", rules.blackjack_pays.0, rules.blackjack_pays.1) }</p>
            <p class="status" aria-live="polite">{ status }</p>
            <ul class="spots" aria-label="Players">
                { for game.spots().iter().enumerate().filter(|(_, s)| s.owner.is_some()).map(|(i, s)| {
                    let spot = i as u8;
                    let active = game.to_act() == Some(spot);
                    let arc = 3 - (spot as i32 - HUMAN_SPOT as i32).abs();
                    html! {
                    <li class={classes!("spot", active.then_some("active"), (spot == HUMAN_SPOT).then_some("me"))} style={format!("--arc:{arc}")} aria-current={active.then_some("true")}>
                        <h3>{ spot_name(spot) }
                            if s.bet > 0 { <span class="bet">{ money(s.bet) }</span> } else { <span class="bet none">{"no bet"}</span> }
                            if s.insurance > 0 { <span class="bet insured">{ format!("insured {}", money(s.insurance)) }</span> }
                        </h3>
                        <div class="hands">
                        { for s.hands.iter().enumerate().map(|(j, h)| {
                            let current = matches!(phase, Phase::Playing { spot: ps, hand } if ps == spot && hand as usize == j);
                            let outcome = outcome_line(h);
                            html! {
                            <div role="group" class={classes!("bj-hand", current.then_some("current"))} aria-label={format!("{} hand {}: {}", spot_name(spot), j + 1, h.cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "))}>
                                <div class="cards">{ for h.cards.iter().map(|c| html! { <CardView card={Some(*c)} style={props.style} /> }) }</div>
                                <p class={classes!("total", "badge", h.total().is_bust().then_some("bust"))}>
                                    { total_badge(h) }{ if h.doubled { " · doubled" } else { "" } }
                                </p>
                                if let Some((text, tone)) = outcome { <p class={classes!("outcome", tone)}>{ text }</p> }
                            </div>
                        }}) }
                        </div>
                    </li>
                }}) }
            </ul>
            <div class="controls" role="group" aria-label="Your controls">{ controls }</div>
        </div>
        <div class="casino-side">
        <div class="trainer" role="group" aria-label="Trainer">
            if let Some(v) = state.verdict.clone() { <p class="verdict">{v}</p> }
            if *hint && my_turn {
                if let Some(vals) = (*hint_values).clone() {
                    <table class="evs"><caption>{"Expected value of each play, per bet, for the cards left"}</caption>
                        <tbody>{ for vals.iter().map(|(p, v)| html! { <tr><th scope="row">{p.name()}</th><td>{ signed_milli(*v) }</td></tr> }) }</tbody>
                    </table>
                }
            }
            <p class="session">{ trainer_summary(&state.bank) }</p>
            <p class="tally">{ tally(&state.bank) }</p>
            <label><input type="checkbox" checked={*show_count} onchange={{ let sc = show_count.clone(); Callback::from(move |e: Event| sc.set(e.target_unchecked_into::<web_sys::HtmlInputElement>().checked())) }} />{" Show the Hi-Lo count"}</label>
            if *show_count {
                <p class="count">{ format!("Running count {:+} · true count {}", game.running_count(), signed_tenths(game.true_count())) }</p>
            }
        </div>
        <details class="chart" ontoggle={open_chart}>
            <summary>{"Strategy chart for these rules"}</summary>
            { match (*chart).clone() {
                None => html! { <p>{"Computing the chart…"}</p> },
                Some(cols) => chart_table(&cols),
            } }
        </details>
        <h3 class="log-title">{"What happened"}</h3>
        <ul class="log" aria-label="Table log">
            { for state.log.iter().rev().take(12).map(|l| html! { <li>{l}</li> }) }
        </ul>
        </div>
        </div>
        { results.unwrap_or_default() }
    </section>
    }
}

/// "+0.123" / "-1.500" without float formatting (which would add kilobytes to the download).
pub fn signed_milli(v: f64) -> String {
    let m = (v * 1000.0).round() as i64;
    format!("{}{}.{:03}", if m < 0 { "-" } else { "+" }, m.abs() / 1000, m.abs() % 1000)
}

/// "+1.5" / "-0.3".
pub fn signed_tenths(v: f64) -> String {
    let t = (v * 10.0).round() as i64;
    format!("{}{}.{}", if t < 0 { "-" } else { "+" }, t.abs() / 10, t.abs() % 10)
}

/// The chart as a table: rows by hand, columns by up card 2…10, A.
fn chart_table(cols: &[Column]) -> Html {
    let ups: [usize; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
    let head = html! { <tr><th scope="col">{"Hand"}</th>{ for ups.iter().map(|&u| html! { <th scope="col">{ if u == 0 { "A".to_string() } else { (u + 1).to_string() } }</th> }) }</tr> };
    let row = |label: String, cell: &dyn Fn(&Column) -> &'static str| {
        html! { <tr><th scope="row">{label}</th>{ for ups.iter().map(|&u| { let l = cell(&cols[u]); html! { <td class={format!("p-{l}")}>{l}</td> } }) }</tr> }
    };
    html! {
        <table class="strategy">
            <caption>
                <span class="p-S">{"S"}</span>{" stand · "}<span class="p-H">{"H"}</span>{" hit · "}<span class="p-D">{"D"}</span>{" double · "}
                <span class="p-P">{"P"}</span>{" split · "}<span class="p-R">{"R"}</span>{" surrender (best first choice)"}
            </caption>
            <thead>{head}</thead>
            <tbody>
                { for (8..=17u8).map(|t| row(format!("Hard {t}"), &move |c: &Column| c.hard[(t - 5) as usize][0].letter())) }
                { for (13..=20u8).map(|t| row(format!("Soft {t}"), &move |c: &Column| c.soft[(t - 13) as usize][0].letter())) }
                { for [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10].into_iter().map(|p| row(if p == 1 { "A,A".into() } else { format!("{p},{p}") }, &move |c: &Column| c.pairs[p as usize - 1].letter())) }
            </tbody>
        </table>
    }
}
