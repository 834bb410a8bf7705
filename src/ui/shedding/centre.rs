//! The middle of the felt: the pile (its last few cards slightly turned), the stock and its
//! count, the direction of play, the pending pick-up and the named suit; and the cards in
//! flight. A card laid by a seat starts at that seat and slides to the pile; a card picked up
//! leaves the stock for the seat; a deal goes round the table. The offsets are the seats'
//! positions in thousandths of the felt (CSS container units turn them into pixels), and only
//! `transform` and `opacity` move, for `var(--motion)` (0 under reduced motion).

use super::screen::SeatScreen;
use crate::engine::shedding::Event;
use crate::ui::components::card::{card_view, CardStyle};
use yew::prelude::*;

/// `--dx`/`--dy`: from the centre of the felt to seat `s`, in thousandths of the felt.
fn offset(screen: &SeatScreen, s: u8) -> String {
    let (x, y) = screen.place(s);
    format!("--dx:{};--dy:{}", x - 500, y - 500)
}

/// Cards leaving the stock this move: (seat, index for the stagger).
fn flights(recent: &[Event], n: u8) -> Vec<(u8, usize)> {
    let mut out = Vec::new();
    for e in recent {
        match e {
            Event::Drew { seat, cards } | Event::Penalty { seat, cards, .. } => {
                let first = out.len();
                out.extend((0..(*cards as usize).min(4)).map(|i| (*seat, first + i)));
            }
            // The deal: two rounds of one card each round the table.
            Event::Dealt { seats, .. } => {
                for r in 0..2 {
                    out.extend(seats.iter().enumerate().map(|(j, &s)| (s, r * n as usize + j)));
                }
            }
            _ => {}
        }
    }
    out
}

/// The parts of the centre that are only looked at, as one piece of markup (see seats.rs):
/// the cards in flight from the stock, the direction, the pending pick-up, the named suit.
fn markup(screen: &SeatScreen) -> [String; 2] {
    use std::fmt::Write;
    let (n, view) = (screen.players(), &screen.view);
    let mut h = format!("<div class=\"flights\" data-at=\"{}\" aria-hidden=\"true\">", screen.at());
    for (s, i) in flights(&screen.recent, n) {
        let (x, y) = screen.place(s);
        let _ = write!(h, "<i class=\"fly\" data-to=\"{s}\" style=\"--dx:{};--dy:{};--i:{i}\"></i>", x - 500, y - 500);
    }
    let (label, arrow, words) = if view.clockwise {
        ("clockwise, to your left", "↻", "to your left")
    } else {
        ("anticlockwise, to your right", "↺", "to your right")
    };
    h.push_str("</div>");
    let reversed = screen.recent.iter().any(|e| matches!(e, Event::Reversed { .. }));
    let raised = screen.recent.iter().any(|e| matches!(e, Event::PickUpPending { .. }));
    let mut i = format!(
        "<div class=\"centre-info\"><p class=\"direction{}\" role=\"img\" aria-label=\"Play goes {label}\"><span class=\"arrow\">{arrow}</span><span class=\"words\">{words}</span></p>",
        if reversed { " new" } else { "" }
    );
    if let Some(p) = view.pending {
        let new = if raised { " new" } else { "" };
        let _ = write!(i, "<p class=\"pending{new}\">+{}<span class=\"sr-cards\"> to pick up</span></p>", p.cards);
    }
    if let Some(s) = view.called_suit {
        let _ = write!(
            i,
            "<p class=\"called\"><span class=\"suit\" aria-hidden=\"true\">{}</span><span class=\"name\">{}</span> called</p>",
            s.symbol(),
            s.name()
        );
    }
    i.push_str("</div>");
    [h, i]
}

pub fn centre(screen: &SeatScreen, style: CardStyle) -> Html {
    let view = &screen.view;
    let len = view.pile.len();
    let from = screen.recent.iter().find_map(|e| match e {
        Event::Played { seat, card } if *card == view.top() => Some(*seat),
        _ => None,
    });
    html! {
        <div class="centre">
            <div class="stock" role="img" aria-label={format!("Stock: {} cards", view.stock_len)}>
                if view.stock_len > 0 { { card_view(None, style, Classes::new()) } }
                <span class="stock-count">{ view.stock_len }</span>
            </div>
            <div class="pile" role="img" aria-label={format!("Top card: {}", view.top().name())}>
                { for view.pile.iter().enumerate().skip(len.saturating_sub(3)).map(|(i, &card)| {
                    // A slight, fixed turn per card, so the last few show under the top one.
                    let turn = (card.index() as i32 * 7 + i as i32 * 5) % 17 - 8;
                    let top = i + 1 == len;
                    let moving = from.filter(|_| top);
                    html! {
                        <div key={i} class={classes!("laid", moving.map(|_| "from-seat"))}
                            data-from={moving.map(|s| s.to_string())}
                            style={moving.map(|s| offset(screen, s))}>
                            <div class="turned" style={format!("--r:{turn}deg")}>{ card_view(Some(card), style, Classes::new()) }</div>
                        </div>
                    }
                }) }
            </div>
            { for markup(screen).into_iter().map(|h| Html::from_html_unchecked(h.into())) }
        </div>
    }
}
