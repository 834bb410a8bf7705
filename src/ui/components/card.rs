//! Playing cards drawn in SVG from code: corner indices, pips laid out as on a real card for
//! 2 to 10, a framed court figure for J, Q and K, a large pip for the ace, and a back design.
//! No raster images: every card stays sharp at any size and costs no download.

use crate::engine::cards::{Card, Rank, Suit};
use yew::prelude::*;

/// How suits are coloured.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct CardStyle {
    /// Clubs green and diamonds blue, so the four suits differ by colour too.
    pub four_colour: bool,
    /// Heavier outlines and pure colours.
    pub high_contrast: bool,
}

impl CardStyle {
    pub fn suit_colour(self, suit: Suit) -> &'static str {
        match (suit, self.four_colour, self.high_contrast) {
            (Suit::Clubs, true, _) => "#0b7a32",
            (Suit::Diamonds, true, _) => "#1652c4",
            (Suit::Hearts | Suit::Diamonds, _, true) => "#b00000",
            (Suit::Hearts | Suit::Diamonds, _, false) => "#c8102e",
            (Suit::Clubs | Suit::Spades, _, _) => "#111111",
        }
    }
}

/// Pip centres in a 100 x 140 card, for ranks 2 to 10 (x, y). Integers: float formatting
/// would add kilobytes to the download for nothing.
fn pips(rank: Rank) -> &'static [(u8, u8)] {
    const L: u8 = 32;
    const C: u8 = 50;
    const R: u8 = 68;
    match rank {
        Rank::Two => &[(C, 30), (C, 110)],
        Rank::Three => &[(C, 30), (C, 70), (C, 110)],
        Rank::Four => &[(L, 30), (R, 30), (L, 110), (R, 110)],
        Rank::Five => &[(L, 30), (R, 30), (C, 70), (L, 110), (R, 110)],
        Rank::Six => &[(L, 30), (R, 30), (L, 70), (R, 70), (L, 110), (R, 110)],
        Rank::Seven => &[(L, 30), (R, 30), (C, 50), (L, 70), (R, 70), (L, 110), (R, 110)],
        Rank::Eight => &[(L, 30), (R, 30), (C, 50), (L, 70), (R, 70), (C, 90), (L, 110), (R, 110)],
        Rank::Nine => &[(L, 30), (R, 30), (L, 57), (R, 57), (C, 70), (L, 83), (R, 83), (L, 110), (R, 110)],
        Rank::Ten => &[(L, 30), (R, 30), (C, 44), (L, 57), (R, 57), (L, 83), (R, 83), (C, 96), (L, 110), (R, 110)],
        _ => &[],
    }
}

fn court_letter(rank: Rank) -> &'static str {
    match rank {
        Rank::Jack => "J",
        Rank::Queen => "Q",
        Rank::King => "K",
        _ => "",
    }
}

/// The face of `card` as SVG elements (inside a 100 x 140 viewBox).
pub fn face(card: Card, style: CardStyle) -> Html {
    let colour = style.suit_colour(card.suit);
    let symbol = card.suit.symbol().to_string();
    let rank = card.rank.short();
    let stroke = if style.high_contrast { "3" } else { "1.5" };
    let body = match card.rank {
        Rank::Ace => html! {
            <text x="50" y="86" font-size="56" text-anchor="middle" fill={colour}>{symbol.clone()}</text>
        },
        Rank::Jack | Rank::Queen | Rank::King => html! {
            <g>
                <rect x="22" y="24" width="56" height="92" rx="4" fill="none" stroke={colour} stroke-width="1.5"/>
                // A simple figure: crown (K), tiara (Q) or cap (J) over a face, and the suit on the chest.
                if card.rank == Rank::King {
                    <path d="M36 46 L40 34 L46 42 L50 32 L54 42 L60 34 L64 46 Z" fill={colour}/>
                } else if card.rank == Rank::Queen {
                    <path d="M38 46 Q50 30 62 46 Z" fill={colour}/>
                } else {
                    <path d="M38 46 L38 38 L62 38 L62 46 Z" fill={colour}/>
                }
                <circle cx="50" cy="56" r="9" fill="none" stroke={colour} stroke-width="1.5"/>
                <text x="50" y="92" font-size="26" text-anchor="middle" fill={colour}>{symbol.clone()}</text>
                <text x="50" y="110" font-size="14" font-weight="700" text-anchor="middle" fill={colour}>{court_letter(card.rank)}</text>
            </g>
        },
        _ => html! {
            <g>
                { for pips(card.rank).iter().map(|&(x, y)| html! {
                    <text x={x.to_string()} y={(y + 6).to_string()} font-size="18" text-anchor="middle" fill={colour}>{symbol.clone()}</text>
                }) }
            </g>
        },
    };
    html! {
        <g>
            <rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf8" stroke="#222" stroke-width={stroke}/>
            <text x="8" y="20" font-size="16" font-weight="700" fill={colour}>{rank}</text>
            <text x="8" y="34" font-size="13" fill={colour}>{symbol.clone()}</text>
            <g transform="rotate(180 50 70)">
                <text x="8" y="20" font-size="16" font-weight="700" fill={colour}>{rank}</text>
                <text x="8" y="34" font-size="13" fill={colour}>{symbol}</text>
            </g>
            {body}
        </g>
    }
}

pub fn back() -> Html {
    html! {
        <g>
            <rect x="1" y="1" width="98" height="138" rx="8" fill="#0b3f8a" stroke="#222" stroke-width="1.5"/>
            <rect x="8" y="8" width="84" height="124" rx="5" fill="none" stroke="#fff" stroke-width="2"/>
            <path d="M50 22 L80 70 L50 118 L20 70 Z" fill="none" stroke="#fff" stroke-width="2"/>
            <path d="M50 44 L66 70 L50 96 L34 70 Z" fill="#fff" opacity="0.5"/>
        </g>
    }
}

#[derive(Properties, PartialEq)]
pub struct CardViewProps {
    /// `None` draws the back.
    pub card: Option<Card>,
    #[prop_or_default]
    pub style: CardStyle,
    #[prop_or_default]
    pub class: Classes,
}

/// A card as a picture (decorative: the surrounding control carries its name).
#[component]
pub fn CardView(props: &CardViewProps) -> Html {
    let inner = match props.card {
        Some(c) => face(c, props.style),
        None => back(),
    };
    html! {
        <svg class={classes!("card", props.class.clone())} viewBox="0 0 100 140" aria-hidden="true" focusable="false"
             data-card={props.card.map(|c| c.to_string())}>
            {inner}
        </svg>
    }
}
