//! The casino felt: the dealer at the top of the arc with the shoe (and its cut card) and the
//! discard tray, the table's print, the status line, and the spots below with the player's in
//! the middle, each hand with its total and, once settled, its result.

use super::screen::CasinoScreen;
use super::state::HUMAN_SPOT;
use super::words::{outcome_line, total_badge};
use crate::engine::casino::game::money;
use crate::engine::casino::game::SpotState;
use crate::engine::casino::hand::Total;
use crate::engine::casino::rules::INSURANCE_PAYS;
use crate::engine::casino::Phase;
use crate::ui::components::card::{card_view, CardStyle};
use yew::prelude::*;

/// What the table is waiting for, in a line.
fn status(s: &CasinoScreen, prompt: Option<String>) -> String {
    // Pass-and-play: the line names whose move it is, so the device goes to them.
    if let Some(p) = prompt {
        let what = if s.view().phase == Phase::Betting { ": place it and deal." } else { "." };
        return format!("{p}{what}");
    }
    match s.view().phase {
        Phase::Betting if s.broke() => {
            // Chips may remain, short of the smallest bet: say so rather than "no chips".
            format!("You have less than the smallest bet, {}.", money(s.view().rules.min_bet))
        }
        Phase::Betting => "Place your bet and deal.".to_string(),
        Phase::Insurance { spot } if s.is_mine(spot) => format!("The dealer shows an ace: insurance?{}", at(s, spot)),
        Phase::Playing { spot, .. } if s.is_mine(spot) => format!("Your decision{}.", at(s, spot)),
        Phase::Insurance { spot } | Phase::Playing { spot, .. } => format!("{} is deciding.", s.who(spot)),
        Phase::Settled => "Hand over.".into(),
    }
}

/// " on spot 2" when the player has several spots, else nothing.
fn at(s: &CasinoScreen, spot: u8) -> String {
    let mine = s.mine();
    match mine.iter().position(|&x| x == spot) {
        Some(i) if mine.len() > 1 => format!(" on spot {}", i + 1),
        _ => String::new(),
    }
}

/// The felt's view of the player's `screen`, the chips going on `betting` while the player
/// bets. (A view function, not a component: it has no state of its own, and each component
/// costs the page download.)
pub fn felt(state: &CasinoScreen, betting: u8, prompt: Option<String>, style: CardStyle) -> Html {
    let v = state.view();
    let phase = v.phase;
    let dealer = &v.dealer;
    let dealer_cards: Vec<_> = dealer.iter().flatten().copied().collect();
    let dealer_total = v.hole_revealed.then(|| Total::of(&dealer_cards));
    let shoe = v.shoe_size.max(1);
    let left_pct = 100 * v.shoe_left / shoe;
    // The shoe is drawn from its back (right) to its front: the cut card sits this far from the back.
    let cut_pct = 100 * v.shoe_left.saturating_sub(v.before_cut) / shoe;
    let tray_pct = (100 * v.discards / shoe).min(100);
    let (pays, per) = v.rules.blackjack_pays;
    html! { <>
        <div class="felt-top">
            <div class="tray" role="img" aria-label={format!("Discards: {} cards", v.discards)}>
                <div class="tray-box"><div class="tray-stack" style={format!("height:{tray_pct}%")}></div></div>
                <p>{ format!("Discards {}", v.discards) }</p>
            </div>
            <div class="dealer" role="group" aria-label="Dealer">
                <h3>{"Dealer"}
                    if let Some(t) = dealer_total { <span class={classes!("badge", t.is_bust().then_some("bust"))}>{ if phase == Phase::Settled { t.best().to_string() } else { t.describe() } }</span> }
                </h3>
                <div class="cards">
                    { for dealer.iter().map(|c| card_view(*c, style, Classes::new())) }
                </div>
                <ul class="sr-cards">
                    { for dealer.iter().map(|c| html! { <li>{ c.map_or("Face-down card".to_string(), |c| c.name()) }</li> }) }
                </ul>
            </div>
            <div class="shoe" role="group" aria-label="Shoe">
                <div class="shoe-box" role="img" aria-label={format!("{} cards left, {} before the cut card", v.shoe_left, v.before_cut)}>
                    <div class="shoe-stack" style={format!("width:{left_pct}%")}></div>
                    if !v.cut_out {
                        <div class="shoe-cut" style={format!("right:{cut_pct}%")}></div>
                    }
                </div>
                <p>{ if v.cut_out { "Cut card out".to_string() } else { format!("{} cards to the cut card", v.before_cut) } }</p>
            </div>
        </div>
        <p class="felt-print" aria-hidden="true">{ format!("Blackjack pays {pays} to {per} · Insurance pays {INSURANCE_PAYS} to 1") }</p>
        <p class="status" aria-live="polite">{ status(state, prompt) }</p>
        <ul class={classes!("spots", (state.mine().len() > 1).then_some("several"))} aria-label="Players">
            { for v.spots.iter().enumerate().filter(|(_, s)| s.owner.is_some()).map(|(i, s)| spot(state, betting, i as u8, s, style)) }
        </ul>
    </> }
}

/// One spot on the arc: its player, bet and insurance, and each of its hands.
fn spot(state: &CasinoScreen, betting: u8, spot: u8, s: &SpotState, style: CardStyle) -> Html {
    let phase = state.view().phase;
    let (mine, several) = (state.is_mine(spot), state.mine().len() > 1);
    // The spot to act, or the one the chips go on while the player bets on several.
    let active = state.view().to_act() == Some(spot) || (several && phase == Phase::Betting && spot == betting);
    let arc = 3 - (spot as i32 - HUMAN_SPOT as i32).abs();
    html! {
    <li class={classes!("spot", active.then_some("active"), mine.then_some("me"))} style={format!("--arc:{arc}")} aria-current={active.then_some("true")}>
        <h3>{ state.who(spot) }
            if active && mine && several { <span class="turn">{ if phase == Phase::Betting { "Betting" } else { "Your turn" } }</span> }
            if s.bet > 0 { <span class="bet">{ money(s.bet) }</span> } else { <span class="bet none">{"no bet"}</span> }
            if s.insurance > 0 { <span class="bet insured">{ format!("insured {}", money(s.insurance)) }</span> }
        </h3>
        <div class="hands">
        { for s.hands.iter().enumerate().map(|(j, h)| {
            let current = matches!(phase, Phase::Playing { spot: ps, hand } if ps == spot && hand as usize == j);
            let outcome = outcome_line(h);
            html! {
            <div role="group" class={classes!("bj-hand", current.then_some("current"))} aria-label={format!("{} hand {}: {}", state.who(spot), j + 1, h.cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "))}>
                <div class="cards">{ for h.cards.iter().map(|c| card_view(Some(*c), style, Classes::new())) }</div>
                <p class={classes!("total", "badge", h.total().is_bust().then_some("bust"))}>
                    { total_badge(h) }{ if h.doubled { ", doubled" } else { "" } }
                </p>
                if let Some((text, tone)) = outcome { <p class={classes!("outcome", tone)}>{ text }</p> }
            </div>
        }}) }
        </div>
    </li>
    }
}
