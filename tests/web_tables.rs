//! Browser tests of the second page's components: UNO cards readable without colour, and the
//! casino table's controls as the player meets them (wasm-bindgen-test in headless Chromium).
#![cfg(target_arch = "wasm32")]

use blackjack::engine::uno::UnoCard;
use blackjack::ui::casino::state::{Bank, CasinoState, Choice};
use blackjack::ui::casino::table::{CasinoTable, TableProps};
use blackjack::ui::casino::words::signed_milli;
use blackjack::ui::components::card::CardStyle;
use blackjack::ui::uno::card::{UnoCardProps, UnoCardView};
use blackjack::ui::uno::state::{UnoChoice, UnoState};
use blackjack::ui::uno::table::{SetupProps, TableProps as UnoTableProps, UnoSetup, UnoTable};
use std::rc::Rc;
use wasm_bindgen::JsCast;
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

#[wasm_bindgen_test]
async fn the_uno_table_seats_everyone_round_the_felt_with_queues_counted_in_words() {
    let r = root();
    let state = Rc::new(UnoState::new(UnoChoice { players: 3, ..UnoChoice::default() }, 11));
    yew::Renderer::<UnoTable>::with_root_and_props(
        r.clone(),
        UnoTableProps { initial: state, on_leave: Callback::noop() },
    )
    .render();
    yew::scheduler::flush().await;
    let felt = r.query_selector(".uno-felt").unwrap().expect("an oval felt");
    assert_eq!(felt.get_attribute("style").as_deref(), Some("--n:3"), "the CSS places seats from the player count");
    let seats = r.query_selector_all(".uno-player").unwrap();
    assert_eq!(seats.length(), 3);
    for k in 0..3 {
        let seat: web_sys::Element = seats.item(k).unwrap().dyn_into().unwrap();
        assert_eq!(seat.get_attribute("style"), Some(format!("--k:{k}")));
    }
    let text = r.text_content().unwrap_or_default();
    assert!(text.contains("Queue: 15 cards"), "{text}");
    assert!(r.query_selector(".uno-centre .uno-deck").unwrap().is_some(), "the deck is in the centre");
    assert!(r.query_selector(".uno-player.me .starter").unwrap().is_some(), "you start the first round");
    assert!(!text.contains('·'), "no stray separators: {text}");
}

#[wasm_bindgen_test]
async fn the_uno_setup_speaks_players_words_and_sums_up_the_rules() {
    let r = root();
    yew::Renderer::<UnoSetup>::with_root_and_props(
        r.clone(),
        SetupProps { on_start: Callback::noop(), on_cancel: Callback::noop() },
    )
    .render();
    yew::scheduler::flush().await;
    let text = r.text_content().unwrap_or_default();
    for word in ["seed", "preset", "spec", "ours"] {
        assert!(!text.to_lowercase().contains(word), "{word:?} in {text}");
    }
    assert!(text.contains("4 players: you and 3 bots (Normal)."), "{text}");
    assert!(text.contains("A pass is final for the round."), "{text}");
    assert_eq!(r.query_selector_all("fieldset").unwrap().length(), 2, "controls in groups");
    let link = r.query_selector("a.rules-link").unwrap().expect("a rules link");
    assert_eq!(link.get_attribute("href").as_deref(), Some("../rules/uno-blackjack.html"));
}

#[wasm_bindgen_test]
fn the_trainer_says_what_a_play_gave_up_in_hundredths_of_a_bet() {
    use blackjack::ui::casino::words::of_a_bet;
    assert_eq!(of_a_bet(80), "0.08 of a bet");
    assert_eq!(of_a_bet(75), "0.08 of a bet", "rounded, not cut");
    assert_eq!(of_a_bet(3), "less than 0.01 of a bet");
    assert_eq!(of_a_bet(1250), "1.25 bets");
}
