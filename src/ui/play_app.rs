//! The shedding table's page, `play/`: its own wasm module, so neither the menu page nor the
//! table carries the other's code (each first load stays under 150 KB gzip). It opens the game in
//! progress that the menu saved (its setup screen's Deal, or a share link the menu dealt) or an
//! earlier visit saved; with none it sends the player to the menu, a table link with it. Menu and New game go
//! back to the menu page; Play again deals here.

use super::components::notice::notice as banner;
use super::settings::{self, Settings};
use super::shedding::link::TableSetup;
use super::shedding::state::{StoredGame, TableState, SAVE_KEY, SAVE_VERSION};
use super::shedding::table::SheddingTable;
use super::storage;
use crate::engine::shedding::Preset;
use std::rc::Rc;
use yew::prelude::*;

/// Goes to the menu page, with `fragment` (for example `#new=taylor`, the setup screen).
fn to_menu(fragment: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign(&format!("../{fragment}"));
    }
}

/// The table to open, or the reason there is none (a notice), or `Err(None)`: nothing to open.
/// A table link (`play/#table=…`) is the menu's to read: it deals it, saves it and comes back
/// here (see `app.rs`), so this page carries no link reader.
fn opening() -> Result<TableState, Option<String>> {
    match storage::load::<StoredGame>(SAVE_KEY, SAVE_VERSION) {
        Ok(Some(stored)) => TableState::restore(&stored).map_err(|e| {
            storage::set_aside(SAVE_KEY);
            Some(format!("Your saved game could not be restored ({e}); it was set aside."))
        }),
        Ok(None) => Err(None),
        Err(problem) => {
            storage::set_aside(SAVE_KEY);
            Err(Some(problem.notice("game")))
        }
    }
}

/// A table link opened on this page: the menu reads it.
fn table_link() -> Option<String> {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok())?;
    hash.starts_with("#table=").then_some(hash)
}

#[component]
pub fn PlayApp() -> Html {
    let loaded = use_memo((), |_| super::load_settings());
    let link = use_memo((), |_| table_link());
    let opened = use_memo((), |_| if link.is_some() { Err(None) } else { opening() });
    let settings = use_state(|| loaded.0.clone());
    let table = use_state(|| match &*opened {
        Ok(t) => Some(Rc::new(t.clone())),
        Err(_) => None,
    });
    let notice = use_state(|| match &*opened {
        Err(why) => loaded.1.clone().or_else(|| why.clone()),
        Ok(_) => loaded.1.clone(),
    });
    {
        // Nothing to open and nothing to say: the menu is where a game starts (and where a table
        // link is read).
        let nothing = table.is_none() && notice.is_none();
        let link = (*link).clone();
        use_effect_with((), move |_| {
            if nothing {
                to_menu(link.as_deref().unwrap_or(""));
            }
        });
    }
    super::use_reload_on_table_link();
    // Persistence is a side effect of a change, never part of computing the change.
    use_effect_with((*settings).clone(), |s| storage::save(settings::KEY, settings::VERSION, s));

    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_| notice.set(None))
    };
    let body = match (*table).clone() {
        Some(initial) => {
            let key = initial.bot_seed.to_string();
            let on_settings = {
                let settings = settings.clone();
                Callback::from(move |s: Settings| settings.set(s))
            };
            let on_sort = {
                let settings = settings.clone();
                Callback::from(move |by_rank: bool| {
                    settings.set(Settings { sort_by_rank: by_rank, ..(*settings).clone() })
                })
            };
            let on_play_again = {
                let (table, notice) = (table.clone(), notice.clone());
                Callback::from(move |setup: TableSetup| {
                    match TableState::new(TableSetup { seed: super::new_seed(), ..setup }) {
                        Ok(t) => table.set(Some(Rc::new(t))),
                        Err(e) => notice.set(Some(format!("That table could not be dealt: {e}."))),
                    }
                })
            };
            let on_new_game = Callback::from(|p: Preset| to_menu(&format!("#new={}", p.id())));
            html! {
                <SheddingTable {key} {initial} settings={(*settings).clone()} on_leave={Callback::from(|()| to_menu(""))}
                    {on_sort} {on_settings} {on_play_again} {on_new_game} />
            }
        }
        None => html! { <p><a class="button primary" href="../">{"Choose a game"}</a></p> },
    };
    html! {
        <>
        { banner((*notice).clone(), dismiss) }
        <main>{body}</main>
        </>
    }
}
