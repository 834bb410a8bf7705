//! The UNO page (`uno/`): UNO Blackjack only, its own wasm module. It resumes a table in
//! progress and links back to the menu; `uno/#casino` is sent to the casino page.

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

/// A saved game still being played resumed, or the setup; a bad save becomes a notice.
fn initial_screen() -> (Screen, Option<String>) {
    let (table, notice) =
        storage::resume::<StoredUno, _, _>(SAVE_KEY, SAVE_VERSION, "UNO Blackjack game", UnoState::restore);
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
