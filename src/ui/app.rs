//! The app shell: the title screen with the five games and the settings panel.

use super::components::logo::Logo;
use super::components::notice::Notice;
use super::settings::{self, Settings};
use super::shedding::link::TableSetup;
use super::shedding::setup::SheddingSetup;
use super::shedding::state::{StoredGame, TableState, SAVE_KEY, SAVE_VERSION};
use super::shedding::table::SheddingTable;
use super::storage;
use crate::engine::catalog::{Family, GameKind, GAMES};
use crate::engine::shedding::Preset;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Clone, PartialEq)]
enum Screen {
    Title,
    Setup(Preset),
    Table(Rc<TableState>),
}

fn preset_for(kind: GameKind) -> Option<Preset> {
    match kind {
        GameKind::Taylor => Some(Preset::Taylor),
        GameKind::PriestlyCollege => Some(Preset::Priestly),
        GameKind::British => Some(Preset::British),
        GameKind::UnoBlackjack | GameKind::Casino => None,
    }
}

/// A game in progress, if one was saved: a bad save becomes a notice, never a crash.
fn initial_screen() -> (Screen, Option<String>) {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    let saved = storage::load::<StoredGame>(SAVE_KEY, SAVE_VERSION);
    match TableSetup::parse(&hash) {
        // The linked deal, unless the saved game is that very deal in progress (a reload).
        Some(Ok(link)) => {
            if let Ok(Some(stored)) = &saved {
                if stored.preset == link.preset.id()
                    && stored.house == link.house
                    && stored.seed == link.seed
                    && stored.players == link.players
                {
                    if let Ok(t) = TableState::restore(stored) {
                        return (Screen::Table(Rc::new(t)), None);
                    }
                }
            }
            return match TableState::new(link) {
                Ok(t) => (Screen::Table(Rc::new(t)), None),
                Err(e) => (Screen::Title, Some(format!("That link could not be opened: {e}."))),
            };
        }
        Some(Err(why)) => return (Screen::Title, Some(format!("That link could not be opened: {why}."))),
        None => {}
    }
    match saved {
        Ok(Some(stored)) => match TableState::restore(&stored) {
            Ok(t) if !t.game.is_over() => (Screen::Table(Rc::new(t)), None),
            Ok(_) => (Screen::Title, None),
            Err(e) => {
                storage::set_aside(SAVE_KEY);
                (Screen::Title, Some(format!("Your saved game could not be restored ({e}); it was set aside.")))
            }
        },
        Ok(None) => (Screen::Title, None),
        Err(problem) => {
            storage::set_aside(SAVE_KEY);
            (Screen::Title, Some(problem.notice("game")))
        }
    }
}

fn new_seed() -> u64 {
    getrandom::u64().unwrap_or(0x5eed)
}

fn family_label(f: Family) -> &'static str {
    match f {
        Family::Shedding => "Shedding game",
        Family::Hybrid => "UNO hybrid",
        Family::Casino => "Casino game",
    }
}

/// Loads settings once at start; a bad save becomes a notice and defaults, never a crash.
fn initial_settings() -> (Settings, Option<String>) {
    match storage::load::<Settings>(settings::KEY, settings::VERSION) {
        Ok(Some(s)) => (s, None),
        Ok(None) => (Settings::default(), None),
        Err(problem) => {
            storage::set_aside(settings::KEY);
            (Settings::default(), Some(problem.notice("settings")))
        }
    }
}

#[component]
pub fn App() -> Html {
    let loaded = use_memo((), |_| initial_settings());
    let resumed = use_memo((), |_| initial_screen());
    let settings = use_state(|| loaded.0.clone());
    let stats_problem = use_memo((), |_| super::stats::load().1);
    let notice = use_state(|| loaded.1.clone().or_else(|| resumed.1.clone()).or_else(|| (*stats_problem).clone()));
    let screen = use_state(|| resumed.0.clone());
    let settings_open = use_state(|| false);

    // A table link opened in this same tab changes only the fragment: reload to open that deal.
    use_effect_with((), |_| {
        let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| {
            if let Some(w) = web_sys::window() {
                if w.location().hash().is_ok_and(|h| h.starts_with("#table=")) {
                    let _ = w.location().reload();
                }
            }
        });
        let window = web_sys::window();
        if let Some(w) = &window {
            let _ = w
                .add_event_listener_with_callback("hashchange", wasm_bindgen::JsCast::unchecked_ref(listener.as_ref()));
        }
        move || {
            if let Some(w) = window {
                let _ = w.remove_event_listener_with_callback(
                    "hashchange",
                    wasm_bindgen::JsCast::unchecked_ref(listener.as_ref()),
                );
            }
        }
    });

    // Persistence is a side effect of a change, never part of computing the change.
    use_effect_with((*settings).clone(), |s| storage::save(settings::KEY, settings::VERSION, s));

    let toggle_settings = {
        let open = settings_open.clone();
        Callback::from(move |_| open.set(!*open))
    };
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_| notice.set(None))
    };
    let set_flag = |update: fn(&mut Settings, bool)| {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let checked = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            let mut next = (*settings).clone();
            update(&mut next, checked);
            settings.set(next);
        })
    };
    let on_clock = {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            let mut next = (*settings).clone();
            next.clock_scale = value.parse::<u8>().ok().filter(|&n| n > 0);
            settings.set(next);
        })
    };
    let on_pace = {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            let mut next = (*settings).clone();
            next.bot_pace = value.parse::<u8>().unwrap_or(1).clamp(1, 8);
            settings.set(next);
        })
    };
    let on_sort = {
        let settings = settings.clone();
        Callback::from(move |by_rank: bool| settings.set(Settings { sort_by_rank: by_rank, ..(*settings).clone() }))
    };
    let s = (*settings).clone();
    let go = |to: Screen| {
        let screen = screen.clone();
        Callback::from(move |()| screen.set(to.clone()))
    };
    let on_start = {
        let screen = screen.clone();
        let notice = notice.clone();
        Callback::from(move |setup: TableSetup| match TableState::new(TableSetup { seed: new_seed(), ..setup }) {
            Ok(t) => screen.set(Screen::Table(Rc::new(t))),
            // The form refuses rules with problems; this is the belt to its braces.
            Err(e) => notice.set(Some(format!("That table could not be dealt: {e}."))),
        })
    };
    let body = match (*screen).clone() {
        Screen::Setup(preset) => html! {
            <main><SheddingSetup preset={preset} on_start={on_start} on_cancel={go(Screen::Title)} /></main>
        },
        Screen::Table(initial) => {
            let key = initial.bot_seed.to_string();
            let on_settings = {
                let settings = settings.clone();
                Callback::from(move |s: Settings| settings.set(s))
            };
            let on_new_game = {
                let screen = screen.clone();
                Callback::from(move |p: Preset| screen.set(Screen::Setup(p)))
            };
            html! {
            <main><SheddingTable key={key} initial={initial} settings={s.clone()} on_leave={go(Screen::Title)} on_sort={on_sort.clone()}
                on_settings={on_settings} on_play_again={on_start.clone()} on_new_game={on_new_game} /></main>
            }
        }
        Screen::Title => {
            let (stats, _) = super::stats::load();
            html! {
            <main>
                <h2 class="section-title">{"Choose a game"}</h2>
                <ul class="games">
                    { for GAMES.iter().map(|g| html! {
                        <li class="game" key={g.id}>
                            <h3>{g.title}</h3>
                            <p class="family">{family_label(g.family)}</p>
                            <p>{g.summary}</p>
                            if let Some(p) = preset_for(g.kind) {
                                <button class="play" aria-label={format!("Play {}", g.title)} onclick={go(Screen::Setup(p)).reform(|_: MouseEvent| ())}>{"Play"}</button>
                            } else {
                                // Casino and UNO Blackjack live on their own page, loaded only when opened.
                                <a class="play" aria-label={format!("Play {}", g.title)} href={format!("tables/#{}", g.id)}>{"Play"}</a>
                            }
                        </li>
                    }) }
                </ul>
                if stats.games.iter().any(|g| g.0 > 0) {
                    <section class="stats" aria-labelledby="stats-title">
                        <h2 id="stats-title" class="section-title">{"Your games"}</h2>
                        <table>
                            <thead><tr><th scope="col">{"Rules"}</th><th scope="col">{"Played"}</th><th scope="col">{"Won"}</th></tr></thead>
                            <tbody>
                                { for Preset::ALL.iter().zip(stats.games.iter()).filter(|(_, g)| g.0 > 0).map(|(p, g)| html! {
                                    <tr><th scope="row">{ super::shedding::setup::preset_title(*p) }</th><td>{ g.0 }</td><td>{ g.1 }</td></tr>
                                }) }
                            </tbody>
                        </table>
                    </section>
                }
            </main>
            }
        }
    };

    html! {
        <>
        <header class="masthead">
            <Logo />
            <div>
                <h1>{"Blackjack"}</h1>
                <p class="tagline">{"Every card game called Blackjack, against honest bots, online or off."}</p>
            </div>
            <button class="settings-button" aria-expanded={(*settings_open).to_string()} aria-controls="settings" onclick={toggle_settings}>
                {"Settings"}
            </button>
        </header>
        <Notice text={(*notice).clone()} on_dismiss={dismiss} />
        if *settings_open {
            <section id="settings" class="settings" aria-labelledby="settings-title">
                <h2 id="settings-title">{"Settings"}</h2>
                <label><input type="checkbox" checked={s.four_colour} onchange={set_flag(|s, v| s.four_colour = v)} />{" Four-colour deck"}</label>
                <label><input type="checkbox" checked={s.high_contrast} onchange={set_flag(|s, v| s.high_contrast = v)} />{" High-contrast cards"}</label>
                <label><input type="checkbox" checked={s.reduce_motion} onchange={set_flag(|s, v| s.reduce_motion = v)} />{" Reduce motion"}</label>
                <label for="clock">{"Quick-play clock"}</label>
                <select id="clock" onchange={on_clock}>
                    <option value="1" selected={s.clock_scale == Some(1)}>{"As the rules say"}</option>
                    <option value="2" selected={s.clock_scale == Some(2)}>{"Twice as long"}</option>
                    <option value="4" selected={s.clock_scale == Some(4)}>{"Four times as long"}</option>
                    <option value="0" selected={s.clock_scale.is_none()}>{"Off"}</option>
                </select>
                <label for="pace">{"Bots' pace"}</label>
                <select id="pace" onchange={on_pace}>
                    <option value="1" selected={s.bot_pace == 1}>{"Like people"}</option>
                    <option value="2" selected={s.bot_pace == 2}>{"Brisk"}</option>
                    <option value="4" selected={s.bot_pace == 4}>{"Quick"}</option>
                </select>
            </section>
        }
        {body}
        <footer><p>{"Runs entirely in your browser. No account, no network needed after the first visit."}</p></footer>
        </>
    }
}
