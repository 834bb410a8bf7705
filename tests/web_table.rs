//! Browser tests of the card and table components (wasm-bindgen-test in headless Chromium).
#![cfg(target_arch = "wasm32")]

use blackjack::bots::shedding::Level;
use blackjack::engine::cards::Card;
use blackjack::engine::shedding::{Deal, Game, Preset};
use blackjack::ui::components::card::{CardStyle, CardView, CardViewProps};
use blackjack::ui::settings::Settings;
use blackjack::ui::shedding::link::TableSetup;
use blackjack::ui::shedding::state::{SeatScreen, TableState};
use blackjack::ui::shedding::table::{SheddingTable, TableProps};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use yew::prelude::*;

mod web_common;
use web_common::root;

wasm_bindgen_test_configure!(run_in_browser);

fn cards(s: &str) -> Vec<Card> {
    blackjack::engine::cards::parse_cards(s).unwrap()
}

/// A three-seat game of `preset` from a chosen deal: the hands, the starter on the pile, the
/// stock from its top; seat 2 dealt, so the player (seat 0) moves first.
fn dealt(preset: Preset, hands: [&str; 3], starter: &str, stock: &str) -> Game {
    let deal = Deal {
        hands: hands.iter().map(|h| cards(h)).collect(),
        starter: starter.parse().unwrap(),
        stock_top_first: cards(stock),
        dealer: 2,
        scores: vec![],
    };
    Game::from_deal(preset.rules(), deal).unwrap()
}

/// The buttons of the player's hand, in order on the screen.
fn hand_buttons(r: &web_sys::Element) -> Vec<web_sys::Element> {
    let buttons = r.query_selector_all("ul[aria-label='Your hand'] button").unwrap();
    (0..buttons.length()).map(|i| buttons.get(i).unwrap().dyn_into::<web_sys::Element>().unwrap()).collect()
}

/// Renders the table for `game` with every seat played by hand (no bots, no clock), and waits
/// for the render: the state a scenario set up is the state on the screen.
async fn render_table(preset: Preset, game: Game, settings: Settings) -> web_sys::Element {
    render_table_with(preset, game, settings, |_| {}).await
}

/// [`render_table`], with the table's state edited first (the seats' latest acts, say).
async fn render_table_with(
    preset: Preset,
    game: Game,
    settings: Settings,
    edit: impl FnOnce(&mut TableState),
) -> web_sys::Element {
    let mut setup = TableSetup::new(preset, game.players(), Level::Normal, 0);
    setup.levels = vec![None; game.players() as usize];
    // The screen of seat 0, uncovered: a scenario is looked at from the first seat.
    let mut screen = SeatScreen::new(setup.names.clone(), setup.levels.clone(), game.update_for(0).unwrap());
    screen.recent.clear();
    let mut state = TableState { setup, game, bot_seed: 1, screen, covered: false };
    edit(&mut state);
    let r = root();
    let props = TableProps {
        initial: Rc::new(state),
        settings: Settings { clock_scale: None, ..settings },
        on_leave: Callback::noop(),
        on_sort: Callback::noop(),
        on_settings: Callback::noop(),
        on_play_again: Callback::noop(),
        on_new_game: Callback::noop(),
    };
    yew::Renderer::<SheddingTable>::with_root_and_props(r.clone(), props).render();
    yew::scheduler::flush().await;
    r
}

#[wasm_bindgen_test]
async fn a_card_shows_its_art_from_the_sprite_in_its_suit_colour() {
    let r = root();
    let card: Card = "QH".parse().unwrap();
    yew::Renderer::<CardView>::with_root_and_props(
        r.clone(),
        CardViewProps { card: Some(card), style: CardStyle::default(), class: Classes::new() },
    )
    .render();
    yew::scheduler::flush().await;
    let svg = r.query_selector("svg.card").unwrap().unwrap();
    assert_eq!(svg.get_attribute("data-card").as_deref(), Some("QH"));
    // The art is the sprite's symbol for this card, its suit signs in the suit's colour.
    let art = r.query_selector("svg.card use").unwrap().unwrap();
    assert_eq!(art.get_attribute("href").as_deref(), Some("cards.svg#QH"));
    assert_eq!(art.get_attribute("color").as_deref(), Some("#c8102e"), "hearts are red");
    let r2 = root();
    let style = CardStyle { four_colour: true, high_contrast: false };
    yew::Renderer::<CardView>::with_root_and_props(
        r2.clone(),
        CardViewProps { card: Some("5C".parse().unwrap()), style, class: Classes::new() },
    )
    .render();
    yew::scheduler::flush().await;
    let art = r2.query_selector("svg.card use").unwrap().unwrap();
    assert_eq!(art.get_attribute("href").as_deref(), Some("cards.svg#5C"));
    assert_eq!(art.get_attribute("color").as_deref(), Some("#0b7a32"), "four-colour clubs are green");
}

#[wasm_bindgen_test]
async fn the_hand_is_named_cards_and_marks_only_legal_ones_as_playable() {
    // British does not penalise a wrong card, so cards that cannot be played are aria-disabled.
    let game = dealt(Preset::British, ["5H 9C KD", "6S", "7D"], "4H", "2C 3C");
    let r = render_table(Preset::British, game, Settings::default()).await;
    let seen: Vec<_> = hand_buttons(&r)
        .iter()
        .map(|b| (b.get_attribute("aria-label").unwrap(), b.get_attribute("aria-disabled")))
        .collect();
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

#[wasm_bindgen_test]
fn share_links_round_trip_with_house_rules_and_levels_and_bad_ones_say_why() {
    let mut link = TableSetup::new(Preset::Priestly, 5, Level::Easy, 987654321);
    link.shared = true; // what a link opens is a shared deal
    assert_eq!(link.fragment(), "#table=priestly.5.easy.987654321");
    assert_eq!(TableSetup::parse(&link.fragment()), Some(Ok(link.clone())));
    link.levels[2] = Some(Level::Hard);
    link.house = "clock=3000~pen_slow=1~p.Q.b=s2".into();
    assert_eq!(link.fragment(), "#table=priestly.5.ehee.987654321~clock=3000~pen_slow=1~p.Q.b=s2");
    let back = TableSetup::parse(&link.fragment()).unwrap().unwrap();
    assert_eq!(back, link);
    assert_eq!(back.rules().unwrap().spec().clock_ms, Some(3000), "the link carries the whole rule set");
    // The old four-part links still open.
    assert!(matches!(TableSetup::parse("#table=taylor.4.normal.1"), Some(Ok(_))));
    assert_eq!(TableSetup::parse("#settings"), None);
    for bad in [
        "#table=poker.4.easy.1",
        "#table=taylor.13.easy.1",
        "#table=taylor.4.wizard.1",
        "#table=taylor.4.easy.x",
        "#table=taylor.4",
        "#table=taylor.4.en.1",
        "#table=taylor.4.easy.1~hand=0",
        "#table=taylor.4.easy.1~clock=0",
    ] {
        assert!(matches!(TableSetup::parse(bad), Some(Err(_))), "{bad}");
    }
}

#[wasm_bindgen_test]
fn saves_round_trip_and_old_or_broken_ones_are_named() {
    use blackjack::ui::shedding::state::StoredGame;
    use blackjack::ui::storage::{decode, encode, LoadProblem};
    let settings = Settings {
        four_colour: true,
        high_contrast: false,
        reduce_motion: true,
        clock_scale: None,
        bot_pace: 4,
        sort_by_rank: true,
        show_playable: false,
        clock_explained: true,
        auto_deal: 4,
        reveal_tenths: 60,
    };
    assert_eq!(decode::<Settings>(&encode(2, &settings), 2), Ok(settings.clone()));
    assert_eq!(decode::<Settings>(&encode(1, &settings), 2), Err(LoadProblem::OldVersion(1)));
    assert_eq!(decode::<Settings>("{\"version\":1}", 2), Err(LoadProblem::Corrupt));
    let mut setup = TableSetup::new(Preset::Taylor, 3, Level::Easy, 99);
    setup.house = "hand=5".into();
    setup.names[1] = "Ann".into();
    let game = TableState::new(setup).unwrap();
    let stored = game.stored();
    let back: StoredGame = decode(&encode(1, &stored), 1).unwrap();
    assert_eq!(back, stored);
    let restored = TableState::restore(&back).unwrap();
    assert_eq!(restored.game, game.game);
    assert_eq!((restored.game.hand(0).len(), restored.screen.name(1)), (5, "Ann"), "house rules and names come back");
    // A save from before house rules and names opens with the preset and default names.
    let old = "blackjack v1\npreset=taylor\nplayers=3\nseed=99\nbot_seed=1\nseats=,easy,easy\nlog=\n";
    let old: StoredGame = decode(old, 1).unwrap();
    assert_eq!(TableState::restore(&old).unwrap().screen.name(2), "Alex");
    let mut tampered = stored.clone();
    tampered.log = "p.0.ZZ".into();
    assert!(TableState::restore(&tampered).is_err());
}

#[wasm_bindgen_test]
async fn a_false_call_out_can_be_disputed_from_the_table_and_the_accuser_pays() {
    use blackjack::engine::shedding::{Action, Infringement};
    let mut game = dealt(Preset::Taylor, ["5H 9C KD", "6S 7S", "7D 8D"], "4H", "2C 3C 4C 5C");
    // Sam calls me out for a "Last card" I never owed: a false call-out, open until the next card.
    game.apply(Action::Accuse { seat: 1, target: 0, infringement: Infringement::MissedLastCard }).unwrap();
    let r = render_table(Preset::Taylor, game, Settings::default()).await;
    let group =
        r.query_selector("[aria-label='Call-outs you can dispute']").unwrap().expect("the dispute control is shown");
    let button: web_sys::HtmlElement = group.query_selector("button").unwrap().unwrap().dyn_into().unwrap();
    assert_eq!(button.text_content().unwrap(), "Dispute: Sam called out You");
    button.click();
    yew::scheduler::flush().await;
    let log = r.query_selector("[aria-label='Game log']").unwrap().unwrap().text_content().unwrap();
    assert!(
        log.contains(
            "You show the call-out was false: the 4 cards go back to the stock, and Sam pays for the false call-out."
        ),
        "{log}"
    );
    assert!(log.contains("Sam picks up 1 card (false call-out)."), "{log}");
    assert!(
        r.query_selector("[aria-label='Call-outs you can dispute']").unwrap().is_none(),
        "a settled call-out is closed"
    );
}

#[wasm_bindgen_test]
async fn a_last_card_call_is_labelled_once_on_its_seat() {
    use blackjack::engine::shedding::Action;
    use blackjack::ui::shedding::state::Act;
    let mut game = dealt(Preset::Taylor, ["5H 9C KD", "6S", "7D 8D"], "4H", "2C 3C 4C 5C");
    game.apply(Action::CallLastCard { seat: 1 }).unwrap();
    let labels = |r: &web_sys::Element| {
        let seat = r.query_selector("li[data-seat='1']").unwrap().expect("Sam's seat");
        (seat.text_content().unwrap().matches("Last card!").count(), seat.query_selector(".badge").unwrap().is_some())
    };
    // Just called: the seat's act says so, and no badge repeats it beside the act.
    let just_called = |s: &mut TableState| {
        s.screen.acts[1] = Some(Act { at: s.game.state_id(), text: "Last card!".into(), kind: "call" });
    };
    let r = render_table_with(Preset::Taylor, game.clone(), Settings::default(), just_called).await;
    assert_eq!(labels(&r), (1, false));
    // Without that act (another since), the badge keeps the standing call in sight.
    let r = render_table(Preset::Taylor, game, Settings::default()).await;
    assert_eq!(labels(&r), (1, true));
}

#[wasm_bindgen_test]
async fn the_hand_can_be_shown_by_rank_instead_of_by_suit() {
    let game = dealt(Preset::British, ["5H 9C KD 5C", "6S", "7D"], "4H", "2C 3C");
    let order = |r: &web_sys::Element| {
        hand_buttons(r).iter().map(|b| b.get_attribute("aria-label").unwrap()).collect::<Vec<_>>()
    };
    for (by_rank, want) in [
        (false, ["5 of clubs", "9 of clubs", "King of diamonds", "5 of hearts"]),
        (true, ["5 of clubs", "5 of hearts", "9 of clubs", "King of diamonds"]),
    ] {
        let r = render_table(Preset::British, game.clone(), Settings { sort_by_rank: by_rank, ..Settings::default() })
            .await;
        assert_eq!(order(&r), want, "by rank: {by_rank}");
    }
}

#[wasm_bindgen_test]
fn seats_sit_on_an_ellipse_with_the_player_at_the_bottom_and_play_going_clockwise() {
    use blackjack::ui::shedding::screen::position;
    assert_eq!(position(0, 4), (500, 900));
    // The next seat is at the player's left (screen left), then the top, then the right.
    assert_eq!(position(1, 4), (70, 500));
    assert_eq!(position(2, 4), (500, 100));
    assert_eq!(position(3, 4), (930, 500));
    for n in 2..=12u8 {
        for k in 0..n {
            let (x, y) = position(k, n);
            assert!((70..=930).contains(&x) && (100..=900).contains(&y), "{k}/{n}: {x},{y}");
        }
    }
}

#[wasm_bindgen_test]
async fn taylor_marks_the_cards_that_follow_unless_the_assist_is_off() {
    // Taylor plays a wrong card at a cost: with the assist on, the cards that do not follow are
    // dimmed and described (not disabled: they can still be played); with it off, nothing is marked.
    let game = dealt(Preset::Taylor, ["5H 9C KD", "6S 7S", "7D 8D"], "4H", "2C 3C 4C 5C");
    let marks = |r: &web_sys::Element| {
        hand_buttons(r)
            .iter()
            .map(|b| (b.get_attribute("aria-label").unwrap(), b.get_attribute("aria-describedby"), b.class_name()))
            .collect::<Vec<_>>()
    };
    let on = render_table(Preset::Taylor, game.clone(), Settings::default()).await;
    let seen = marks(&on);
    assert_eq!(seen[2].0, "5 of hearts");
    assert!(seen[2].2.contains("playable") && seen[2].1.is_none(), "{seen:?}");
    for (name, described, class) in &seen[..2] {
        assert_eq!(described.as_deref(), Some("no-follow"), "{name}");
        assert!(class.contains("dim") && !class.contains("playable"), "{name}: {class}");
    }
    let why = on.query_selector("#no-follow").unwrap().unwrap().text_content().unwrap();
    assert!(why.contains("Does not follow"), "{why}");
    let off = render_table(Preset::Taylor, game, Settings { show_playable: false, ..Settings::default() }).await;
    assert!(marks(&off).iter().all(|(_, d, c)| d.is_none() && !c.contains("dim") && !c.contains("playable")));
    // Every seat is round the table, the player's own among them.
    assert_eq!(off.query_selector_all("ul[aria-label='Players'] li").unwrap().length(), 3);
}

#[wasm_bindgen_test]
async fn after_an_ace_the_table_asks_for_a_suit_in_words_and_the_suit_buttons_take_the_focus() {
    let game = dealt(Preset::Taylor, ["AH 9C KD", "6S 7S", "7D 8D"], "4H", "2C 3C 4C 5C");
    let r = render_table(Preset::Taylor, game, Settings::default()).await;
    let ace: web_sys::HtmlElement = hand_buttons(&r)
        .into_iter()
        .find(|b| b.get_attribute("aria-label").as_deref() == Some("Ace of hearts"))
        .expect("the ace is in the hand")
        .dyn_into()
        .unwrap();
    ace.click();
    yew::scheduler::flush().await;
    let picker = r.query_selector(".suit-picker").unwrap().expect("the suit buttons are shown");
    // The group is named in words; the words shown beside it say the same.
    assert_eq!(picker.get_attribute("aria-label").as_deref(), Some("Name a suit"));
    let prompt = picker.previous_element_sibling().and_then(|p| p.text_content());
    assert_eq!(prompt.as_deref(), Some("Name a suit:"));
    assert!(picker.text_content().unwrap().contains("Hearts"), "{:?}", picker.text_content());
    let focused = web_sys::window().unwrap().document().unwrap().active_element().expect("something has the focus");
    assert!(focused.closest(".suit-picker").unwrap().is_some(), "focus is on {}", focused.outer_html());
}
