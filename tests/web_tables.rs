//! Browser tests of the second page's components: UNO cards readable without colour, and the
//! casino table's controls as the player meets them (wasm-bindgen-test in headless Chromium).
#![cfg(target_arch = "wasm32")]

use blackjack::engine::uno::UnoCard;
use blackjack::ui::casino::state::{Bank, CasinoState, Choice};
use blackjack::ui::casino::table::{signed_milli, CasinoTable, TableProps};
use blackjack::ui::components::card::CardStyle;
use blackjack::ui::uno::card::{UnoCardProps, UnoCardView};
use std::rc::Rc;
use wasm_bindgen_test::*;
use yew::prelude::*;

mod web_common;
use web_common::root;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
async fn an_uno_card_shows_its_colour_letter_and_symbol() {
    let r = root();
    let card: UnoCard = "G+2".parse().unwrap();
    yew::Renderer::<UnoCardView>::with_root_and_props(
        r.clone(),
        UnoCardProps { card: Some(card), class: Classes::new() },
    )
    .render();
    yew::scheduler::flush().await;
    let html = r.inner_html();
    assert!(html.contains(">G+2<"), "the corner reads G+2 for colour-blind players: {html}");
    assert!(html.contains(">+2<"));
    assert!(html.contains("#1e7b3a"), "and it is green");
    assert_eq!(r.query_selector("svg").unwrap().unwrap().get_attribute("aria-hidden").as_deref(), Some("true"));
}

#[wasm_bindgen_test]
async fn the_casino_table_opens_for_bets_with_named_controls() {
    let r = root();
    let state = Rc::new(CasinoState::new(Choice::default(), 7, Bank::default()));
    yew::Renderer::<CasinoTable>::with_root_and_props(
        r.clone(),
        TableProps { initial: state, style: CardStyle::default(), on_leave: Callback::noop() },
    )
    .render();
    yew::scheduler::flush().await;
    let text = r.text_content().unwrap_or_default();
    assert!(text.contains("Chips: $995"), "the minimum bet is on the spot: {text}");
    let buttons: Vec<String> = {
        let list = r.query_selector_all("button").unwrap();
        (0..list.length()).filter_map(|i| list.item(i)?.text_content()).collect()
    };
    assert!(buttons.contains(&"Deal".to_string()), "{buttons:?}");
    assert_eq!(signed_milli(-0.0625), "-0.063");
    assert_eq!(signed_milli(1.5), "+1.500");
}
