//! The casino page (`tables/`, also reached as `tables/#casino`): Casino Blackjack only, its own
//! wasm module. It resumes a table in progress and links back to the menu; an old `tables/#uno`
//! link is sent to the UNO page (`uno/`); `tables/#daily` (the menu's "Today's deal") deals
//! today's daily game, once a day.

use super::casino::daily as casino_daily;
use super::casino::setup::casino_setup;
use super::casino::state::{Bank, CasinoState, Choice, Person, StoredCasino, BANK_KEY, SAVE_KEY, SAVE_VERSION};
use super::casino::table::{CasinoTable, Leave};
use super::components::card::CardStyle;
use super::daily::{self, DailyGame};
use super::new_seed;
use super::page_frame::{page_frame, to_menu, use_away};
use super::settings::{self, Settings};
use super::storage;
use crate::engine::casino::save::parse_shoe_code;
use std::rc::Rc;
use yew::prelude::*;

/// The UNO game's old fragment on this page, and where that game lives now.
pub const UNO_AWAY: (&str, &str) = ("#uno", "../uno/");

#[derive(Clone, PartialEq)]
enum Screen {
    /// The new-table form; with a shared shoe, its table and number.
    Setup(Option<(Choice, u64)>),
    Table(Rc<CasinoState>),
}

/// A shared shoe in the page's address (`?shoe=CODE`, see `Share this shoe`): its table and
/// number, or a notice that it cannot be read (`parse_shoe_code` checks its length first).
fn shared_shoe() -> Option<Result<(Choice, u64), String>> {
    let search = web_sys::window()?.location().search().ok()?;
    let code = search.strip_prefix('?')?.split('&').find_map(|p| p.strip_prefix("shoe="))?;
    let notice = "This link to a shoe could not be read. Here is a new table instead.";
    Some(parse_shoe_code(code).map_err(|_| notice.to_string()))
}

/// The player's chips and trainer record; a bad save becomes a fresh bank and a notice.
fn casino_bank() -> (Bank, Option<String>) {
    storage::load_or_notice(BANK_KEY, SAVE_VERSION, "chips")
}

/// With `#daily`, today's deal; else the player's own table.
fn initial_screen() -> (Screen, Option<String>) {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    if hash == "#daily" {
        return daily_screen();
    }
    own_screen()
}

/// Today's deal: refused with a notice (the result) once played today, with the player's own
/// table instead; else the daily game in progress if it is today's, else dealt (in place of any
/// older daily game). The daily game has saves of its own: the player's table and chips are
/// never touched. Its save stays once it is over, and is what refuses the second try here (the
/// menu refuses it from the record, and this page, at its budget, carries none).
fn daily_screen() -> (Screen, Option<String>) {
    let Some(today) = daily::today() else {
        return (own_screen().0, Some(daily::CLOCK_NOTICE.into()));
    };
    let (table, notice) =
        storage::resume::<StoredCasino, _, _>(casino_daily::SAVE_KEY, SAVE_VERSION, "game of today's deal", |s| {
            let (bank, _) = storage::load_or_notice::<Bank>(casino_daily::BANK_KEY, SAVE_VERSION, "chips");
            CasinoState::restore(s, bank).map(casino_daily::resumed)
        });
    // A daily game finished (left for the record again: the page may have closed as it ended).
    let line = table.as_ref().and_then(casino_daily::keep);
    match table {
        Some(t) if daily::casino_daily_of(&t.choice, t.seed, t.start_chips, today) == Some(today) => match line {
            Some(line) => (own_screen().0, Some(daily::already(DailyGame::Casino, &line))),
            None => (Screen::Table(Rc::new(t)), notice),
        },
        _ => (Screen::Table(Rc::new(casino_daily::table(today))), notice),
    }
}

/// A saved table resumed, or the setup; a bad save becomes a notice.
fn own_screen() -> (Screen, Option<String>) {
    let (bank, bank_notice) = casino_bank();
    let (table, notice) = storage::resume::<StoredCasino, _, _>(SAVE_KEY, SAVE_VERSION, "casino table", |s| {
        CasinoState::restore(s, bank)
    });
    let notice = notice.or(bank_notice);
    match (table, shared_shoe()) {
        // The table the link deals is the one in progress: it resumes.
        (Some(t), Some(Ok(shoe))) if (t.choice, t.seed) == shoe => (Screen::Table(Rc::new(t)), notice),
        (_, Some(Ok(shoe))) => (Screen::Setup(Some(shoe)), notice),
        (Some(t), shared) => (Screen::Table(Rc::new(t)), shared.and_then(Result::err).or(notice)),
        (None, shared) => (Screen::Setup(None), shared.and_then(Result::err).or(notice)),
    }
}

#[component]
pub fn CasinoApp() -> Html {
    // The frame as a view function and its one effect here: no frame component on this page.
    use_away(UNO_AWAY);
    let resumed = use_memo((), |_| initial_screen());
    let screen = use_state(|| resumed.0.clone());
    let notice = use_state(|| resumed.1.clone());
    // The table being chosen at the setup: a shared shoe's, else the classic one.
    let choice = use_state(|| match &resumed.0 {
        Screen::Setup(Some(shared)) => shared.0,
        _ => Choice::default(),
    });
    // The names typed for pass-and-play, one per person (one: a single player); kept for the
    // next table.
    let names = use_state(|| vec![String::new()]);
    let settings = use_memo((), |_| {
        storage::load::<Settings>(settings::KEY, settings::VERSION).ok().flatten().unwrap_or_default()
    });
    let style = CardStyle { four_colour: settings.four_colour, high_contrast: settings.high_contrast };
    let body = match (*screen).clone() {
        Screen::Setup(shared) => {
            let on_start = {
                let screen = screen.clone();
                Callback::from(move |(c, people): (Choice, Vec<Person>)| {
                    // The shared shoe's cards need its decks; any other table gets a new shoe.
                    let seed = shared.filter(|s| s.0.decks == c.decks).map_or_else(new_seed, |s| s.1);
                    let t = CasinoState::with_people(c, seed, casino_bank().0, people);
                    screen.set(Screen::Table(Rc::new(t)))
                })
            };
            casino_setup(&choice, &names, on_start, Callback::from(|()| to_menu()), shared.is_some())
        }
        Screen::Table(t) => {
            let key = t.seed.to_string();
            // The table clears its own save when nothing is at stake; mid-round it resumes later.
            let on_leave = {
                let screen = screen.clone();
                Callback::from(move |l: Leave| match l {
                    Leave::Menu => to_menu(),
                    Leave::NewGame => screen.set(Screen::Setup(None)),
                })
            };
            html! { <CasinoTable {key} initial={t} style={style} {on_leave} /> }
        }
    };
    let on_dismiss = {
        let notice = notice.clone();
        Callback::from(move |()| notice.set(None))
    };
    page_frame((*notice).clone(), on_dismiss, body)
}
