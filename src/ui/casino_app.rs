//! The casino page (`tables/`, also reached as `tables/#casino`): Casino Blackjack only, its own
//! wasm module. It resumes a table in progress and links back to the menu; an old `tables/#uno`
//! link is sent to the UNO page (`uno/`).

use super::casino::history::{History, HISTORY_KEY, HISTORY_VERSION};
use super::casino::setup::CasinoSetup;
use super::casino::state::{Bank, CasinoState, Choice, StoredCasino, BANK_KEY, SAVE_KEY, SAVE_VERSION};
use super::casino::table::{CasinoTable, Leave};
use super::components::card::CardStyle;
use super::new_seed;
use super::page_frame::{to_menu, PageFrame};
use super::settings::{self, Settings};
use super::storage;
use std::rc::Rc;
use yew::prelude::*;

/// The UNO game's old fragment on this page, and where that game lives now.
pub const UNO_AWAY: (&str, &str) = ("#uno", "../uno/");

#[derive(Clone, PartialEq)]
enum Screen {
    Setup,
    Table(Rc<CasinoState>),
}

/// The player's chips and trainer record; a bad save becomes a fresh bank and a notice.
fn casino_bank() -> (Bank, Option<String>) {
    match storage::load::<Bank>(BANK_KEY, SAVE_VERSION) {
        Ok(b) => (b.unwrap_or_default(), None),
        Err(p) => {
            storage::set_aside(BANK_KEY);
            (Bank::default(), Some(p.notice("chips")))
        }
    }
}

/// The session's history for the Sessions screen; a bad one is set aside with a notice.
fn casino_history() -> (History, Option<String>) {
    match storage::load::<History>(HISTORY_KEY, HISTORY_VERSION) {
        Ok(h) => (h.unwrap_or_default(), None),
        Err(p) => {
            storage::set_aside(HISTORY_KEY);
            (History::default(), Some(p.notice("session history")))
        }
    }
}

/// A saved table resumed, or the setup; a bad save becomes a notice.
fn initial_screen() -> (Screen, Option<String>) {
    let (bank, bank_notice) = casino_bank();
    let (history, history_notice) = casino_history();
    let bank_notice = bank_notice.or(history_notice);
    let (table, notice) = storage::resume::<StoredCasino, _, _>(SAVE_KEY, SAVE_VERSION, "casino table", |s| {
        CasinoState::restore(s, bank).map(|t| t.with_history(history))
    });
    match table {
        Some(t) => (Screen::Table(Rc::new(t)), notice.or(bank_notice)),
        None => (Screen::Setup, notice.or(bank_notice)),
    }
}

#[component]
pub fn CasinoApp() -> Html {
    let resumed = use_memo((), |_| initial_screen());
    let screen = use_state(|| resumed.0.clone());
    let notice = use_state(|| resumed.1.clone());
    let settings = use_memo((), |_| {
        storage::load::<Settings>(settings::KEY, settings::VERSION).ok().flatten().unwrap_or_default()
    });
    let style = CardStyle { four_colour: settings.four_colour, high_contrast: settings.high_contrast };
    let body = match (*screen).clone() {
        Screen::Setup => {
            let on_start = {
                let screen = screen.clone();
                Callback::from(move |c: Choice| {
                    let t = CasinoState::new(c, new_seed(), casino_bank().0).with_history(casino_history().0);
                    screen.set(Screen::Table(Rc::new(t)))
                })
            };
            html! { <CasinoSetup {on_start} on_cancel={Callback::from(|()| to_menu())} /> }
        }
        Screen::Table(t) => {
            let key = t.seed.to_string();
            // The table clears its own save when nothing is at stake; mid-round it resumes later.
            let on_leave = {
                let screen = screen.clone();
                Callback::from(move |l: Leave| match l {
                    Leave::Menu => to_menu(),
                    Leave::NewGame => screen.set(Screen::Setup),
                })
            };
            html! { <CasinoTable {key} initial={t} style={style} {on_leave} /> }
        }
    };
    let on_dismiss = {
        let notice = notice.clone();
        Callback::from(move |()| notice.set(None))
    };
    html! { <PageFrame notice={(*notice).clone()} {on_dismiss} away={UNO_AWAY}>{body}</PageFrame> }
}
