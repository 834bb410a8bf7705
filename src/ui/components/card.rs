//! Playing cards in SVG: each face is a `<use>` of one symbol in the sprite `static/cards.svg`
//! (Adrian Kennard's public-domain card art: real court figures, aces and pips, vector so sharp
//! at any size), fetched once after the page is up and cached by the service worker; the back
//! is drawn here.

use crate::engine::cards::{Card, Suit};
use std::sync::atomic::{AtomicU8, Ordering};
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

/// How many folders this page sits below the sprite (`play/`, `tables/`, `drills/`: one;
/// `friends/casino/`: two).
static SPRITE_UP: AtomicU8 = AtomicU8::new(0);

/// Called once by the casino page (`tables/`): its cards fetch the sprite from `../cards.svg`.
pub fn sprite_in_parent_folder() {
    SPRITE_UP.store(1, Ordering::Relaxed);
}

/// Called once by a page two folders down (`friends/casino/`): `../../cards.svg`.
pub fn sprite_two_folders_up() {
    SPRITE_UP.store(2, Ordering::Relaxed);
}

/// The face of `card` as SVG elements (inside a 100 x 140 viewBox): the card's outline drawn here
/// (heavier in high contrast) and the art referenced from the sprite `cards.svg` (built by
/// `scripts/make-card-sprite.mjs`), a separately cached file, so no picture weighs on the wasm.
/// The sprite draws suit signs and indices in `currentColor`: the `color` here picks the deck.
pub fn face(card: Card, style: CardStyle) -> Html {
    let up = match SPRITE_UP.load(Ordering::Relaxed) {
        0 => "",
        1 => "../",
        _ => "../../",
    };
    let href = format!("{up}cards.svg#{card}");
    let stroke = if style.high_contrast { "3" } else { "1.5" };
    html! {
        <g>
            <rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf8" stroke="#222" stroke-width={stroke}/>
            <use {href} width="100" height="140" color={style.suit_colour(card.suit)}/>
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
    card_view(props.card, props.style, props.class.clone())
}

/// [`CardView`] as a plain view function: a page whose only cards are these carries no card
/// component (a component costs about 1 KB of the page's download; `play/` has none to spare).
pub fn card_view(card: Option<Card>, style: CardStyle, class: Classes) -> Html {
    let inner = match card {
        Some(c) => face(c, style),
        None => back(),
    };
    html! {
        <svg class={classes!("card", class)} viewBox="0 0 100 140" aria-hidden="true" focusable="false"
             data-card={card.map(|c| c.to_string())}>
            {inner}
        </svg>
    }
}
