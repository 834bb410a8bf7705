//! Browser tests of the card and table components (wasm-bindgen-test in headless Chromium).
#![cfg(target_arch = "wasm32")]

use blackjack::engine::cards::Card;
use blackjack::engine::shedding::{Deal, Game, Preset};
use blackjack::ui::components::card::{CardStyle, CardView, CardViewProps};
use blackjack::ui::settings::Settings;
use blackjack::ui::shedding::state::TableState;
use blackjack::ui::shedding::table::{SheddingTable, TableProps};
use std::rc::Rc;
use wasm_bindgen_test::*;
use yew::prelude::*;

mod web_common;
use web_common::root;

wasm_bindgen_test_configure!(run_in_browser);


fn cards(s: &str) -> Vec<Card> {
    blackjack::engine::cards::parse_cards(s).unwrap()
}

#[wasm_bindgen_test]
async fn a_card_draws_its_rank_and_suit_in_its_colour() {
    let r = root();
    let card: Card = "QH".parse().unwrap();
    yew::Renderer::<CardView>::with_root_and_props(r.clone(), CardViewProps { card: Some(card), style: CardStyle::default(), class: Classes::new() }).render();
    yew::scheduler::flush().await;
    let svg = r.query_selector("svg.card").unwrap().unwrap();
    assert_eq!(svg.get_attribute("data-card").as_deref(), Some("QH"));
    let html = r.inner_html();
    assert!(html.contains("♥") && html.contains(">Q<"), "{html}");
    assert!(html.contains("#c8102e"), "hearts are red");
    let r2 = root();
    let style = CardStyle { four_colour: true, high_contrast: false };
    yew::Renderer::<CardView>::with_root_and_props(r2.clone(), CardViewProps { card: Some("5C".parse().unwrap()), style, class: Classes::new() }).render();
    yew::scheduler::flush().await;
    assert!(r2.inner_html().contains("#0b7a32"), "four-colour clubs are green");
}

#[wasm_bindgen_test]
async fn the_hand_is_named_cards_and_marks_only_legal_ones_as_playable() {
    // British does not penalise a wrong card, so cards that cannot be played are aria-disabled.
    let rules = Preset::British.rules();
    let deal = Deal { hands: vec![cards("5H 9C KD"), cards("6S"), cards("7D")], starter: "4H".parse().unwrap(), stock_top_first: cards("2C 3C"), dealer: 2, scores: vec![] };
    let game = Game::from_deal(rules, deal).unwrap();
    let state = TableState { preset: Preset::British, game, levels: vec![None, None, None], bot_seed: 1, log: vec![], notice: None };
    let r = root();
    let props = TableProps { initial: Rc::new(state), settings: Settings { clock_scale: None, ..Settings::default() }, on_leave: Callback::noop() };
    yew::Renderer::<SheddingTable>::with_root_and_props(r.clone(), props).render();
    yew::scheduler::flush().await;
    let buttons = r.query_selector_all("ul[aria-label='Your hand'] button").unwrap();
    let mut seen = Vec::new();
    for i in 0..buttons.length() {
        let b: web_sys::Element = buttons.get(i).unwrap().dyn_into().unwrap();
        seen.push((b.get_attribute("aria-label").unwrap(), b.get_attribute("aria-disabled")));
    }
    assert_eq!(
        seen,
        vec![
            ("9 of clubs".to_string(), Some("true".to_string())),
            ("King of diamonds".to_string(), Some("true".to_string())),
            ("5 of hearts".to_string(), None),
        ]
    );
    web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
}

use wasm_bindgen::JsCast;

#[wasm_bindgen_test]
fn share_links_round_trip_and_bad_ones_say_why() {
    use blackjack::bots::shedding::Level;
    use blackjack::ui::shedding::link::TableLink;
    let link = TableLink { preset: Preset::Priestly, players: 5, level: Level::Easy, seed: 987654321 };
    assert_eq!(link.fragment(), "#table=priestly.5.easy.987654321");
    assert_eq!(TableLink::parse(&link.fragment()), Some(Ok(link)));
    assert_eq!(TableLink::parse("#settings"), None);
    for bad in ["#table=poker.4.easy.1", "#table=taylor.13.easy.1", "#table=taylor.4.wizard.1", "#table=taylor.4.easy.x", "#table=taylor.4"] {
        assert!(matches!(TableLink::parse(bad), Some(Err(_))), "{bad}");
    }
}

#[wasm_bindgen_test]
fn saves_round_trip_and_old_or_broken_ones_are_named() {
    use blackjack::ui::shedding::state::StoredGame;
    use blackjack::ui::storage::{decode, encode, LoadProblem};
    let settings = Settings { four_colour: true, high_contrast: false, reduce_motion: true, clock_scale: None };
    assert_eq!(decode::<Settings>(&encode(2, &settings), 2), Ok(settings.clone()));
    assert_eq!(decode::<Settings>(&encode(1, &settings), 2), Err(LoadProblem::OldVersion(1)));
    assert_eq!(decode::<Settings>("{\"version\":1}", 2), Err(LoadProblem::Corrupt));
    let game = TableState::new(Preset::Taylor, 3, blackjack::bots::shedding::Level::Easy, 99);
    let stored = game.stored();
    let back: StoredGame = decode(&encode(1, &stored), 1).unwrap();
    assert_eq!(back, stored);
    assert_eq!(TableState::restore(&back).unwrap().game, game.game);
    let mut tampered = stored.clone();
    tampered.log = "p.0.ZZ".into();
    assert!(TableState::restore(&tampered).is_err());
}
