//! Browser tests of the results dialog that ends every game and round (headless Chromium).
#![cfg(target_arch = "wasm32")]

use blackjack::ui::components::results::{ResultRow, ResultsDialog, ResultsProps};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use yew::prelude::*;

mod web_common;
use web_common::root;

wasm_bindgen_test_configure!(run_in_browser);

fn button(root: &web_sys::Element, label: &str) -> Option<web_sys::HtmlElement> {
    let all = root.query_selector_all("button").unwrap();
    (0..all.length())
        .filter_map(|i| all.item(i)?.dyn_into::<web_sys::HtmlElement>().ok())
        .find(|b| b.text_content().as_deref() == Some(label))
}

async fn render(with_menu: bool) -> (web_sys::Element, Rc<Cell<u32>>) {
    let played = Rc::new(Cell::new(0));
    let p = played.clone();
    let props = ResultsProps {
        title: "You won!".into(),
        summary: Some("Sam had 3 cards left.".into()),
        headers: vec!["Place".into(), "Player".into(), "Cards left".into()],
        rows: vec![
            ResultRow::new(vec!["1st".into(), "You".into(), "0".into()], true),
            ResultRow::new(vec!["2nd".into(), "Sam".into(), "3".into()], false),
        ],
        children: Html::default(),
        primary_label: "Play again".into(),
        on_primary: Callback::from(move |()| p.set(p.get() + 1)),
        on_new_game: with_menu.then(Callback::noop),
        on_menu: with_menu.then(Callback::noop),
        rules_href: Some("rules/taylor.html".into()),
        friends_href: with_menu.then(|| "../friends/?game=taylor".into()),
        replay_href: with_menu.then(|| "../replay/#replay=taylor.2.normal.7/d.0".into()),
    };
    let r = root();
    yew::Renderer::<ResultsDialog>::with_root_and_props(r.clone(), props).render();
    yew::scheduler::flush().await;
    // The focus effect runs after the render.
    yew::scheduler::flush().await;
    (r, played)
}

#[wasm_bindgen_test]
async fn the_dialog_names_itself_takes_focus_and_plays_again() {
    let (r, played) = render(true).await;
    let dialog = r.query_selector("[role=dialog]").unwrap().expect("a dialog");
    let title_id = dialog.get_attribute("aria-labelledby").unwrap();
    let title = r.query_selector(&format!("#{title_id}")).unwrap().unwrap();
    assert_eq!(title.text_content().unwrap(), "You won!");
    let rows = r.query_selector_all("tbody tr").unwrap();
    assert_eq!(rows.length(), 2);
    assert_eq!(r.query_selector_all("tr.mine").unwrap().length(), 1, "the player's row is marked");
    let again = button(&r, "Play again").expect("Play again");
    let active = web_sys::window().unwrap().document().unwrap().active_element().unwrap();
    assert!(active.is_same_node(Some(&again)), "focus moved to Play again");
    assert!(button(&r, "New game").is_some() && button(&r, "Menu").is_some());
    // At a table of one's own: the same game with friends.
    let friends = r.query_selector("a[href='../friends/?game=taylor']").unwrap().expect("Play this with friends");
    assert_eq!(friends.text_content().unwrap(), "Play this with friends");
    // A finished game the table holds: its replay, beside Play again.
    let replay = r.query_selector("a[href^='../replay/#replay=']").unwrap().expect("Replay");
    assert_eq!(replay.text_content().unwrap(), "Replay");
    again.click();
    yew::scheduler::flush().await;
    assert_eq!(played.get(), 1);
}

#[wasm_bindgen_test]
async fn view_table_folds_the_dialog_into_a_bar_and_back() {
    let (r, _) = render(false).await;
    assert!(button(&r, "Menu").is_none(), "no Menu when the page gives none");
    assert!(r.query_selector("a[href*=friends]").unwrap().is_none(), "no friends link when the page gives none");
    assert!(r.query_selector("a[href*=replay]").unwrap().is_none(), "no replay when the page gives none");
    button(&r, "View table").unwrap().click();
    yew::scheduler::flush().await;
    assert!(r.query_selector("[role=dialog]").unwrap().is_none());
    assert!(r.text_content().unwrap().contains("You won!"), "the bar keeps the result in view");
    button(&r, "Show results").unwrap().click();
    yew::scheduler::flush().await;
    yew::scheduler::flush().await;
    assert!(r.query_selector("[role=dialog]").unwrap().is_some());
}
