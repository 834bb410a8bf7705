//! The UNO page (`uno/`): UNO Blackjack only, its own wasm module. It resumes a table in
//! progress and links back to the menu; `uno/#casino` is sent to the casino page; `uno/#daily`
//! (the menu's "Today's deal") deals today's daily game, once a day.

use super::daily;
use super::new_seed;
use super::page_frame::{leave_clearing, to_menu, PageFrame};
use super::storage;
use super::uno::state::{StoredUno, UnoChoice, UnoState, SAVE_KEY, SAVE_VERSION};
use super::uno::table::{UnoSetup, UnoTable};
use std::rc::Rc;
use yew::prelude::*;

/// The casino game's fragment, and the page it lives on.
pub const CASINO_AWAY: (&str, &str) = ("#casino", "../tables/#casino");

#[derive(Clone, PartialEq)]
enum Screen {
    Setup,
    Table(Rc<UnoState>),
}

/// A saved game still being played resumed, or the setup; a bad save becomes a notice. With
/// `#daily`, today's deal instead: refused with a notice (the result) once played today, the game
/// in progress if it is that deal, else dealt (in place of any other game in progress).
fn initial_screen() -> (Screen, Option<String>) {
    let (table, notice) =
        storage::resume::<StoredUno, _, _>(SAVE_KEY, SAVE_VERSION, "UNO Blackjack game", UnoState::restore);
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    if hash == "#daily" {
        let Some(today) = daily::today() else {
            return (Screen::Setup, Some(daily::CLOCK_NOTICE.into()));
        };
        let (mut record, _) = daily::load_record();
        // A daily game finished but not yet in the record (the page closed as it ended) counts.
        if let Some(t) = &table {
            if daily::record_uno(&mut record, &t.choice, &t.game, today).is_some() {
                storage::save(daily::KEY, daily::VERSION, &record);
            }
        }
        if let Some(played) = daily::played_notice(&record, daily::DailyGame::Uno, today) {
            let resumed = table.filter(|t| !t.game.is_over()).map(|t| Screen::Table(Rc::new(t)));
            return (resumed.unwrap_or(Screen::Setup), Some(played));
        }
        return match table {
            Some(t) if daily::uno_daily_of(&t.choice, t.seed, today) == Some(today) => {
                (Screen::Table(Rc::new(t)), notice)
            }
            _ => {
                let seed = daily::deal_number(today, daily::DailyGame::Uno);
                (Screen::Table(Rc::new(UnoState::new(daily::uno_choice(), seed))), notice)
            }
        };
    }
    match table {
        Some(t) if !t.game.is_over() => (Screen::Table(Rc::new(t)), notice),
        _ => (Screen::Setup, notice),
    }
}

#[component]
pub fn UnoApp() -> Html {
    let resumed = use_memo((), |_| initial_screen());
    let screen = use_state(|| resumed.0.clone());
    let notice = use_state(|| resumed.1.clone());
    let body = match (*screen).clone() {
        Screen::Setup => {
            let on_start = {
                let screen = screen.clone();
                Callback::from(move |c: UnoChoice| screen.set(Screen::Table(Rc::new(UnoState::new(c, new_seed())))))
            };
            html! { <UnoSetup {on_start} on_cancel={Callback::from(|()| to_menu())} /> }
        }
        Screen::Table(t) => {
            let key = t.seed.to_string();
            html! { <UnoTable {key} initial={t} on_leave={leave_clearing(SAVE_KEY)} /> }
        }
    };
    let on_dismiss = {
        let notice = notice.clone();
        Callback::from(move |()| notice.set(None))
    };
    html! { <PageFrame notice={(*notice).clone()} {on_dismiss} away={CASINO_AWAY}>{body}</PageFrame> }
}
