//! The second page: Casino Blackjack and UNO Blackjack. It is a separate wasm module so the
//! first load (the menu and the shedding games) stays small; it opens at `tables/#casino` or
//! `tables/#uno`, resumes a table in progress, and links back to the menu.

use super::casino::state::{
    Bank, CasinoState, Choice, StoredCasino, BANK_KEY, SAVE_KEY as CASINO_KEY, SAVE_VERSION as CASINO_VERSION,
};
use super::casino::table::{CasinoSetup, CasinoTable, Leave};
use super::components::card::CardStyle;
use super::components::logo::Logo;
use super::components::notice::Notice;
use super::settings::{self, Settings};
use super::storage;
use super::uno::state::{StoredUno, UnoChoice, UnoState, SAVE_KEY as UNO_KEY, SAVE_VERSION as UNO_VERSION};
use super::uno::table::{UnoSetup, UnoTable};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Clone, PartialEq)]
enum Screen {
    CasinoSetup,
    Casino(Rc<CasinoState>),
    UnoSetup,
    Uno(Rc<UnoState>),
}

impl Screen {
    fn is_uno(&self) -> bool {
        matches!(self, Screen::UnoSetup | Screen::Uno(_))
    }
}

fn hash_is_uno() -> bool {
    web_sys::window().and_then(|w| w.location().hash().ok()).is_some_and(|h| h == "#uno")
}

fn new_seed() -> u64 {
    getrandom::u64().unwrap_or(0x5eed)
}

/// The player's chips and trainer record; a bad save becomes a fresh bank and a notice.
fn casino_bank() -> (Bank, Option<String>) {
    match storage::load::<Bank>(BANK_KEY, CASINO_VERSION) {
        Ok(b) => (b.unwrap_or_default(), None),
        Err(p) => {
            storage::set_aside(BANK_KEY);
            (Bank::default(), Some(p.notice("chips")))
        }
    }
}

/// The game named in the fragment, resuming a saved table; a bad save becomes a notice.
fn initial_screen() -> (Screen, Option<String>) {
    if hash_is_uno() {
        let (table, notice) =
            storage::resume::<StoredUno, _>(UNO_KEY, UNO_VERSION, "UNO Blackjack game", UnoState::restore);
        return match table {
            Some(t) if !t.game.is_over() => (Screen::Uno(Rc::new(t)), notice),
            _ => (Screen::UnoSetup, notice),
        };
    }
    let (bank, bank_notice) = casino_bank();
    let (table, notice) = storage::resume::<StoredCasino, _>(CASINO_KEY, CASINO_VERSION, "casino table", |s| {
        CasinoState::restore(s, bank)
    });
    match table {
        Some(t) => (Screen::Casino(Rc::new(t)), notice.or(bank_notice)),
        None => (Screen::CasinoSetup, notice.or(bank_notice)),
    }
}

fn to_menu() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign("../");
    }
}

#[component]
pub fn TablesApp() -> Html {
    let resumed = use_memo((), |_| initial_screen());
    let screen = use_state(|| resumed.0.clone());
    let notice = use_state(|| resumed.1.clone());
    let settings = use_memo((), |_| {
        storage::load::<Settings>(settings::KEY, settings::VERSION).ok().flatten().unwrap_or_default()
    });
    let style = CardStyle { four_colour: settings.four_colour, high_contrast: settings.high_contrast };
    let menu = Callback::from(|()| to_menu());
    let on_casino = {
        let screen = screen.clone();
        Callback::from(move |c: Choice| {
            screen.set(Screen::Casino(Rc::new(CasinoState::new(c, new_seed(), casino_bank().0))))
        })
    };
    let on_uno = {
        let screen = screen.clone();
        Callback::from(move |c: UnoChoice| screen.set(Screen::Uno(Rc::new(UnoState::new(c, new_seed())))))
    };
    // Leaving a table clears its save, then goes back to the menu.
    let leave = |key: &'static str| {
        Callback::from(move |()| {
            if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
                let _ = s.remove_item(key);
            }
            to_menu();
        })
    };
    // `#casino` → `#uno` in the same tab (a link, the back button): open that table, no reload.
    let showing_uno = use_mut_ref(|| false);
    *showing_uno.borrow_mut() = screen.is_uno();
    {
        let screen = screen.clone();
        let notice = notice.clone();
        use_effect_with((), move |_| {
            let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
                if hash_is_uno() != *showing_uno.borrow() {
                    let (s, n) = initial_screen();
                    screen.set(s);
                    notice.set(n);
                }
            });
            let window = web_sys::window();
            if let Some(w) = &window {
                let _ = w.add_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
            }
            move || {
                if let Some(w) = window {
                    let _ = w.remove_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
                }
            }
        });
    }
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_| notice.set(None))
    };
    let body = match (*screen).clone() {
        Screen::CasinoSetup => html! { <CasinoSetup on_start={on_casino} on_cancel={menu.clone()} /> },
        Screen::Casino(t) => {
            let key = t.seed.to_string();
            // The table clears its own save when nothing is at stake; mid-round it resumes later.
            let on_leave = {
                let screen = screen.clone();
                Callback::from(move |l: Leave| match l {
                    Leave::Menu => to_menu(),
                    Leave::NewGame => screen.set(Screen::CasinoSetup),
                })
            };
            html! { <CasinoTable {key} initial={t} style={style} {on_leave} /> }
        }
        Screen::UnoSetup => html! { <UnoSetup on_start={on_uno} on_cancel={menu.clone()} /> },
        Screen::Uno(t) => {
            let key = t.seed.to_string();
            html! { <UnoTable {key} initial={t} on_leave={leave(UNO_KEY)} /> }
        }
    };
    html! {
        <>
        <header class="masthead">
            <Logo />
            <div>
                <h1>{"Blackjack"}</h1>
                <p class="tagline"><a href="../">{"All games"}</a></p>
            </div>
        </header>
        <Notice text={(*notice).clone()} on_dismiss={dismiss} />
        <main>{body}</main>
        <footer><p>{"Runs entirely in your browser. No account, no network needed after the first visit."}</p></footer>
        </>
    }
}
