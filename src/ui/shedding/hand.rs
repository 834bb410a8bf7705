//! The player's hand: an overlapping fan along the bottom. The overlap is CSS (the strip each
//! card shows is the width left over, shared by the cards, never under 24 px: below that the
//! hand wraps to a second row); the page only says how many cards there are. Cards that can be
//! played are lifted (a click is handled by the table, from `data-act`); a card the rules refuse is dimmed and `aria-disabled`; under Taylor, where
//! a wrong card is played at a cost, the "show playable cards" assist dims the cards that do not
//! follow and describes them to a screen reader.

use super::words::short;
use crate::engine::cards::Card;
use crate::engine::shedding::{Action, SeatView};
use crate::ui::components::card::{card_view, CardStyle};
use yew::prelude::*;

pub struct HandProps<'a> {
    pub cards: &'a [Card],
    pub view: &'a SeatView,
    /// Taylor: a card that does not follow is accepted, at a penalty.
    pub penalises_wrong: bool,
    pub assist: bool,
    pub style: CardStyle,
}

pub fn hand(p: HandProps) -> Html {
    let my_turn = p.view.is_my_turn();
    let laid = &p.view.turn.laid;
    let mark = !p.penalises_wrong || p.assist;
    html! {
        <div class="hand-wrap">
            if my_turn && !laid.is_empty() {
                <p class="laid-so-far">{"Laid this turn: "}{ laid.iter().map(|&c| short(c)).collect::<Vec<_>>().join(" ") }</p>
            }
            <span id="no-follow" hidden=true>{"Does not follow: costs a penalty card"}</span>
            <ul class="hand" aria-label="Your hand" style={format!("--n:{}", p.cards.len())}>
                { for p.cards.iter().enumerate().map(|(i, &card)| {
                    let follows = p.view.legal.contains(&Action::Play { seat: p.view.seat, card });
                    let refused = !follows && !p.penalises_wrong;
                    let costly = !follows && p.penalises_wrong && p.assist && my_turn;
                    // Keyed by card (and copy, with two decks): a card picked up mounts and slides in.
                    let copy = p.cards[..i].iter().filter(|&&c| c == card).count();
                    html! {
                        <li key={format!("{card}.{copy}")}>
                            <button class={classes!("hand-card", (follows && mark).then_some("playable"), costly.then_some("dim"))}
                                aria-label={card.name()}
                                aria-disabled={refused.then_some("true")}
                                aria-describedby={costly.then_some("no-follow")}
                                data-act={Action::Play { seat: p.view.seat, card }.code()}>
                                { card_view(Some(card), p.style, Classes::new()) }
                            </button>
                        </li>
                    }
                }) }
            </ul>
        </div>
    }
}
