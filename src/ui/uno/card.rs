//! UNO cards drawn in SVG: the colour, and on every card a letter for the colour and the
//! card's mark, so a colour-blind player reads them as easily as anyone.

use super::words::mark;
use crate::engine::uno::{Colour, UnoCard};
use yew::prelude::*;

fn fill(c: Option<Colour>) -> &'static str {
    match c {
        Some(Colour::Red) => "#c8102e",
        Some(Colour::Yellow) => "#e0a800",
        Some(Colour::Green) => "#1e7b3a",
        Some(Colour::Blue) => "#1652c4",
        None => "#222222",
    }
}

#[derive(Properties, PartialEq)]
pub struct UnoCardProps {
    /// `None` draws the back.
    pub card: Option<UnoCard>,
    #[prop_or_default]
    pub class: Classes,
}

/// One UNO card (decorative: the surrounding element carries its name).
#[component]
pub fn UnoCardView(props: &UnoCardProps) -> Html {
    let inner = match props.card {
        None => html! { <>
            <rect x="2" y="2" width="96" height="136" rx="9" fill="#111" stroke="#fff" stroke-width="3"/>
            <ellipse cx="50" cy="70" rx="30" ry="48" fill="#c8102e" transform="rotate(25 50 70)"/>
            <text x="50" y="78" text-anchor="middle" font-size="24" font-weight="700" fill="#f2c500" font-family="sans-serif">{"UNO"}</text>
        </> },
        Some(c) => {
            let colour = fill(c.colour);
            // A wild card's corner is its mark alone ("W", "+4"): it has no colour to name.
            let letter = c.colour.map_or("", |k| &k.name()[..1]);
            let symbol = mark(c);
            let corner = format!("{letter}{symbol}");
            html! { <>
                <rect x="2" y="2" width="96" height="136" rx="9" fill={colour} stroke="#fff" stroke-width="3"/>
                if c.colour.is_none() {
                    <path d="M50 22 A30 48 0 0 1 80 70 L50 70 Z" fill="#c8102e"/>
                    <path d="M80 70 A30 48 0 0 1 50 118 L50 70 Z" fill="#1652c4"/>
                    <path d="M50 118 A30 48 0 0 1 20 70 L50 70 Z" fill="#1e7b3a"/>
                    <path d="M20 70 A30 48 0 0 1 50 22 L50 70 Z" fill="#e0a800"/>
                } else {
                    <ellipse cx="50" cy="70" rx="30" ry="46" fill="#fff"/>
                }
                <text x="50" y="84" text-anchor="middle" font-size="40" font-weight="800" font-family="sans-serif"
                      fill={if c.colour.is_none() { "#fff" } else { colour }} stroke={if c.colour.is_none() { "#000" } else { "none" }} stroke-width="1.5">{symbol}</text>
                <text x="10" y="24" font-size="18" font-weight="700" fill="#fff" font-family="sans-serif">{corner.clone()}</text>
                <text x="90" y="130" text-anchor="end" font-size="18" font-weight="700" fill="#fff" font-family="sans-serif">{corner}</text>
            </> }
        }
    };
    html! {
        <svg class={classes!("card", "uno-card", props.class.clone())} viewBox="0 0 100 140" aria-hidden="true" focusable="false"
             data-card={props.card.map(|c| c.to_string())}>
            {inner}
        </svg>
    }
}
