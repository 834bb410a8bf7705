//! Browser tests of the app shell, in headless Chromium (wasm-bindgen-test).
#![cfg(target_arch = "wasm32")]

use blackjack::engine::catalog::GAMES;
use blackjack::ui::App;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// index.html as the page serves it: its first screen (the game list the app takes over).
const INDEX: &str = include_str!("../index.html");

fn mount() -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    if document.get_element_by_id("games").is_none() {
        let start = INDEX.find("<div id=\"prerender\">").expect("index.html's first screen");
        let end = INDEX.rfind("</body>").unwrap();
        let page = document.create_element("div").unwrap();
        page.set_inner_html(&INDEX[start..end]);
        document.body().unwrap().append_child(&page).unwrap();
    }
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    root
}

#[wasm_bindgen_test]
async fn title_screen_lists_the_five_games() {
    let root = mount();
    yew::scheduler::flush().await;
    let titles = root.query_selector_all(".game:not(.friends) h3").unwrap();
    assert_eq!(titles.length() as usize, GAMES.len());
    // Play with friends is a tile of its own beside them, opening the friends page.
    let friends = root.query_selector(".game.friends a[href='friends/']").unwrap();
    assert!(friends.is_some(), "the Play with friends tile");
    // The app took index.html's copy over: one list, in the app, and Play is live.
    let document = web_sys::window().unwrap().document().unwrap();
    assert!(document.get_element_by_id("prerender").is_none(), "the static copy is gone");
    assert_eq!(document.query_selector_all(".games").unwrap().length(), 1);
    assert_eq!(root.query_selector_all("[aria-disabled]").unwrap().length(), 0);
    let text = root.text_content().unwrap();
    for g in GAMES.iter() {
        assert!(text.contains(g.title), "missing {}", g.title);
    }
    let play: web_sys::HtmlElement =
        wasm_bindgen::JsCast::unchecked_into(root.query_selector("[data-play=british]").unwrap().unwrap());
    play.click();
    yew::scheduler::flush().await;
    let rules: web_sys::HtmlSelectElement =
        wasm_bindgen::JsCast::unchecked_into(root.query_selector("#preset").unwrap().expect("Play opens the setup"));
    assert_eq!(rules.value(), "british");
}

#[wasm_bindgen_test]
async fn a_corrupt_settings_save_shows_a_notice_not_a_crash() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item("blackjack.settings", "{not json").unwrap();
    let root = mount();
    yew::scheduler::flush().await;
    let alert = root.query_selector("[role=alert]").unwrap().expect("a notice is shown");
    assert!(alert.text_content().unwrap().contains("could not be read"));
    // The unreadable save is set aside, not destroyed.
    assert_eq!(storage.get_item("blackjack.settings.unreadable").unwrap().as_deref(), Some("{not json"));
    storage.clear().unwrap();
}
