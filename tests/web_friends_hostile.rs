//! Browser tests of a friend's tables drawn from a hostile host's updates that fit the welcome
//! (issue 35, 1.4): `net::Reader` lets them through (they have the welcome's shape), so the
//! views a friend's page mounts (the UNO table, the casino felt and controls, the shedding seats,
//! centre, hand, controls and end screen) must draw them without a panic, which would abort the
//! page. What does not fit is refused before any screen sees it (`tests/friend_screens_hostile.rs`).
#![cfg(target_arch = "wasm32")]

use blackjack::engine::casino;
use blackjack::engine::casino::rules::MAX_CHIPS;
use blackjack::engine::shedding;
use blackjack::engine::uno;
use blackjack::net::{encode, Reader, Table, ToPeer};
use blackjack::ui::casino::controls::controls;
use blackjack::ui::casino::felt::felt;
use blackjack::ui::casino::screen::CasinoScreen;
use blackjack::ui::components::card::CardStyle;
use blackjack::ui::shedding::centre::centre;
use blackjack::ui::shedding::controls::{actions, foot, head, Look as ShedLook};
use blackjack::ui::shedding::end::{end, EndActions};
use blackjack::ui::shedding::hand::{hand, HandProps};
use blackjack::ui::shedding::screen::SeatScreen;
use blackjack::ui::shedding::seats::seats;
use blackjack::ui::uno::screen::UnoScreen;
use blackjack::ui::uno::table::{table_view, Look};
use wasm_bindgen_test::*;
use yew::prelude::*;

mod web_common;
use web_common::root;

wasm_bindgen_test_configure!(run_in_browser);

/// Edits that keep an update of its table's shape (a hostile host's, the reader lets through).
type Edits<'a, U> = Vec<Box<dyn Fn(&mut U) + 'a>>;

#[derive(Properties, PartialEq)]
struct ShowProps {
    html: Html,
}

/// Mounts what a view function drew (its components render too).
#[component]
fn Show(p: &ShowProps) -> Html {
    p.html.clone()
}

async fn mount(html: Html) -> String {
    let r = root();
    yew::Renderer::<Show>::with_root_and_props(r.clone(), ShowProps { html }).render();
    yew::scheduler::flush().await;
    r.text_content().unwrap_or_default()
}

/// `update` as a friend's page reads it after the welcome of `first`: `None` if refused.
fn through_reader<T: Table>(shared: T::Shared, seat: u8, first: T::Update, update: T::Update) -> Option<T::Update> {
    let mut reader = Reader::<T>::default();
    let welcome = ToPeer::<T::Update, T::Refusal, T::Shared>::Welcome { seat, shared, update: first };
    reader.read(&encode(&welcome))?;
    match reader.read(&encode(&ToPeer::<T::Update, T::Refusal, T::Shared>::Update(update)))? {
        ToPeer::Update(u) => Some(u),
        _ => None,
    }
}

fn uno_table(screen: &UnoScreen) -> Html {
    let look = Look {
        act: Callback::noop(),
        fast_forward: Callback::noop(),
        help: false,
        toggle_help: Callback::noop(),
        covered: false,
        uncover: Callback::noop(),
        on_leave: Callback::noop(),
        restart: Callback::noop(),
        table: NodeRef::default(),
        online: true,
        rules_href: "rules.html",
        extra: Html::default(),
        replay_href: None,
        share: None,
    };
    table_view(screen, look)
}

#[wasm_bindgen_test]
async fn an_uno_table_draws_any_update_that_fits_the_welcome() {
    let mut g = uno::Game::new(uno::UnoRules::seed_rules(), 4, 21).unwrap();
    let first = g.update_for(2).unwrap();
    g.apply(uno::Action::Reveal).unwrap();
    let honest = g.update_for(2).unwrap();
    let all: Vec<u8> = (0..4).collect();
    let card: uno::UnoCard = "B7".parse().unwrap();
    let edits: Edits<uno::SeatUpdate> = vec![
        Box::new(|u| {
            let v = &mut u.view;
            v.round = u32::MAX;
            v.deck = u16::MAX;
            v.trash.clear();
            v.queue_sizes.iter_mut().for_each(|q| *q = u16::MAX);
            v.stacks.iter_mut().for_each(|s| s.extend([card; 40]));
            v.phase = uno::Phase::Over { winners: all.clone() };
            v.statuses.iter_mut().for_each(|s| *s = uno::Status::Out);
        }),
        Box::new(|u| {
            let v = &mut u.view;
            v.phase = uno::Phase::Match { turn: 2 };
            v.busted.iter_mut().for_each(|b| *b = true);
            v.passed.iter_mut().for_each(|p| *p = true);
            v.total_cards = 0;
            v.starter = 3;
            u.events.extend([
                uno::Event::Flipped { seat: 3, card, from_deck: true, total: u8::MAX },
                uno::Event::RoundStarts { round: u32::MAX, starter: 0 },
                uno::Event::Winners { seats: all.clone(), total: u8::MAX },
                uno::Event::Rewarded { seat: 1, cards: u8::MAX },
                uno::Event::Out { seat: 2 },
            ]);
        }),
        Box::new(|u| {
            u.view.phase = uno::Phase::RoundStart;
            u.view.round = u32::MAX;
            u.events.extend([
                uno::Event::Winners { seats: vec![], total: 0 },
                uno::Event::Out { seat: 0 },
                uno::Event::Out { seat: 2 },
                uno::Event::GameOver { winners: vec![] },
            ]);
        }),
    ];
    for (i, edit) in edits.iter().enumerate() {
        let mut u = honest.clone();
        edit(&mut u);
        let u = through_reader::<uno::Game>((), 2, first.clone(), u).expect("it fits the welcome");
        let mut screen =
            UnoScreen { online: true, ..UnoScreen::new(vec!["Sam".into(); 4], vec![None; 4], false, first.clone()) };
        screen.receive(u);
        let text = mount(uno_table(&screen)).await;
        assert!(text.contains("Sam"), "edit {i}: the table is drawn: {text}");
    }
}

#[wasm_bindgen_test]
async fn a_casino_table_draws_any_update_that_fits_the_welcome() {
    let spec = casino::TableSpec { seats: 3, ..casino::TableSpec::default() };
    let rules = casino::TableRules::new(spec).unwrap();
    let mut g = casino::Game::new(rules, &[Some(0), Some(1), Some(2)], vec![100_000; 3], 5).unwrap();
    let first = g.update_for(1).unwrap();
    for spot in 0..3 {
        g.apply(casino::Action::Bet { spot, amount: 1_000 }).unwrap();
    }
    g.apply(casino::Action::Deal).unwrap();
    let honest = g.update_for(1).unwrap();
    let most = MAX_CHIPS * 1_000;
    let edits: Edits<casino::SeatUpdate> = vec![
        Box::new(|u| {
            let v = &mut u.view;
            v.phase = casino::Phase::Playing { spot: 1, hand: 0 };
            v.spots[1].hands.truncate(1);
            v.spots.iter_mut().for_each(|s| s.hands.iter_mut().for_each(|h| h.cards.clear()));
            v.chips = most;
            v.dealer.clear();
            v.hole_revealed = true;
            v.shoe_size = 0;
            v.shoe_left = usize::from(u16::MAX);
            v.discards = usize::from(u16::MAX);
            v.seen = [u16::MAX; 10];
            v.legal.clear();
        }),
        Box::new(|u| {
            let v = &mut u.view;
            v.phase = casino::Phase::Betting;
            v.chips = -most;
            v.spots.iter_mut().for_each(|s| {
                s.bet = most;
                s.insurance = -most;
                s.hands.iter_mut().for_each(|h| (h.stake, h.returned) = (most, -most));
            });
        }),
        Box::new(|u| {
            let v = &mut u.view;
            v.phase = casino::Phase::Settled;
            v.spots.iter_mut().for_each(|s| s.owner = None);
            v.dealer = vec![None; 12];
            u.events.push(casino::Event::Settled { spot: 2, hand: 200, outcome: casino::Outcome::Win, net: most });
        }),
        Box::new(|u| u.view.phase = casino::Phase::Insurance { spot: 1 }),
    ];
    for (i, edit) in edits.iter().enumerate() {
        let mut u = honest.clone();
        edit(&mut u);
        let u =
            through_reader::<blackjack::net::casino::ShoeTable>((), 1, first.clone(), u).expect("it fits the welcome");
        let mut screen = CasinoScreen::single(first.clone(), vec!["Kim".into(), "You".into(), "Sam".into()]);
        screen.receive(vec![u]);
        let me = screen.view().spot;
        let style = CardStyle::default();
        let text = mount(
            html! { <>{ felt(&screen, me, None, style) }{ controls(&screen, me, &Callback::noop(), None, true) }</> },
        )
        .await;
        assert!(text.contains("Dealer"), "edit {i}: the felt is drawn: {text}");
    }
}

#[wasm_bindgen_test]
async fn a_shedding_table_draws_any_update_that_fits_the_welcome() {
    let mut g = shedding::Game::new(shedding::Preset::British.rules(), 3, 8).unwrap();
    let first = g.update_for(1).unwrap();
    let a = g.legal_actions()[0];
    let events = g.apply(a).unwrap();
    let honest = g.update_after(1, &events).unwrap();
    let edits: Edits<shedding::SeatUpdate> = vec![
        Box::new(|u| {
            let v = &mut u.view;
            v.round = u32::MAX;
            v.target = Some(0);
            v.scores.iter_mut().for_each(|s| *s = u32::MAX);
            v.phase = shedding::Phase::Over { winner: 2 };
            v.stock_len = usize::MAX;
            v.hand.clear();
            v.hand_sizes.iter_mut().for_each(|h| *h = usize::MAX);
            v.finished = vec![0, 1, 2, 2];
            u.events.push(shedding::Event::RoundOver {
                round: u32::MAX,
                places: vec![2, 2, 0],
                scores: vec![u32::MAX; 3],
            });
        }),
        Box::new(|u| {
            let v = &mut u.view;
            v.current = 1;
            v.dealer = 2;
            v.in_round.iter_mut().for_each(|r| *r = false);
            v.pile.truncate(1);
            u.events.extend([
                shedding::Event::GameOver { winner: 0 },
                shedding::Event::TieBreak { seats: vec![0, 1, 2, 1] },
                shedding::Event::Dealt {
                    round: u32::MAX,
                    dealer: 0,
                    seats: vec![],
                    hand_size: u8::MAX,
                    starter: v.pile[0],
                },
            ]);
        }),
    ];
    for (i, edit) in edits.iter().enumerate() {
        let mut u = honest.clone();
        edit(&mut u);
        let u = through_reader::<shedding::Game>(first.view.rules.clone(), 1, first.clone(), u)
            .expect("it fits the welcome");
        let names = vec!["Kim".to_string(), "You".into(), "Sam".into()];
        let mut screen = SeatScreen::new(names, vec![None; 3], first.clone());
        screen.receive(u, None);
        let view = screen.view.clone();
        let look = ShedLook {
            screen: &screen,
            view: &view,
            link: (String::new(), "these rules"),
            rules_href: "rules.html",
            others: &[],
            ended: screen.winner().is_some(),
            help_open: false,
            callout_open: true,
            log_open: true,
            penalises_wrong: true,
            assist: true,
            by_rank: false,
            explain_clock: None,
            clock_scale: None,
            talk_cost: Some(1),
            talk_note: true,
        };
        let strings = [head(&look), actions(&look), foot(&look)].concat();
        let style = CardStyle::default();
        let hand = hand(HandProps { cards: &view.hand, view: &view, penalises_wrong: true, assist: true, style });
        let actions = EndActions {
            play_again: Callback::noop(),
            next_round: Callback::noop(),
            new_game: Callback::noop(),
            menu: Callback::noop(),
            friends: None,
            replay: None,
            folded: false,
            on_fold: Callback::noop(),
            primary: NodeRef::default(),
            share: None,
        };
        screen.between_rounds = true;
        let text = mount(html! { <>
            { seats(&screen, Some((1_000, 0)), None) }{ centre(&screen, style) }{ hand }{ end(&screen, "rules.html", actions) }
        </> })
        .await;
        assert!(text.contains("Kim") && !strings.is_empty(), "edit {i}: the table is drawn: {text}");
    }
}
