//! The app shell: the title screen with the five games, Play with friends, and the settings panel.

use super::components::notice::Notice;
use super::daily::{self, share_line, Daily, DailyGame, Day};
use super::kit::options;
use super::settings::{self, Settings};
use super::shedding::link::TableSetup;
use super::shedding::setup::SheddingSetup;
use super::shedding::state::{StoredGame, TableState, SAVE_KEY, SAVE_VERSION};
use super::storage;
use crate::engine::shedding::Preset;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Clone, PartialEq)]
enum Screen {
    Title,
    Setup(Preset),
}

/// What the menu page opens with. A table link belongs to the table's page (`play/`): a good one
/// goes there at once, a broken one becomes a notice here. `#new=<game>` (the table's New game)
/// opens that game's setup screen. A saved game is offered as Continue; a bad save is set aside.
fn initial_screen() -> (Screen, Option<String>) {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    match TableSetup::parse(&hash) {
        Some(Ok(link)) => match open_link(link) {
            Ok(()) => return (Screen::Title, None),
            Err(e) => return (Screen::Title, Some(super::broken_link(&format!("Its table could not be dealt: {e}.")))),
        },
        Some(Err(why)) => return (Screen::Title, Some(super::broken_link(&why.to_string()))),
        None => {}
    }
    if let Some(preset) = hash.strip_prefix("#new=").and_then(Preset::from_id) {
        return (Screen::Setup(preset), None);
    }
    // The statistics page's "Play today's deal".
    if let Some(game) = hash.strip_prefix("#daily=").and_then(DailyGame::from_id) {
        return (Screen::Title, open_daily(game));
    }
    match storage::load::<StoredGame>(SAVE_KEY, SAVE_VERSION) {
        Ok(Some(stored)) => match TableState::restore(&stored) {
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

/// Opens the table's page, which opens the saved game.
fn to_play() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign("play/");
    }
}

/// A good table link: its deal becomes the game in progress, and the table's page opens it. The
/// same table already in progress is resumed, not dealt again; otherwise a link to the rules
/// alone is a new deal, its seed drawn here. The link's address is replaced,
/// so Back from the table does not deal it again.
fn open_link(mut link: TableSetup) -> Result<(), super::shedding::state::RestoreError> {
    let saved = storage::load::<StoredGame>(SAVE_KEY, SAVE_VERSION).ok().flatten();
    // The same table in progress is resumed: that very deal for a link to it, and for a link to
    // the rules alone (the player clicked their own table's link) the game on these rules, so
    // that following a link never throws a game away.
    let resumed = saved.is_some_and(|s| {
        s.preset == link.preset.id()
            && s.house == link.house
            && s.players == link.players
            && if link.shared { s.seed == link.seed } else { TableState::restore(&s).is_ok_and(|t| !t.game.is_over()) }
    });
    if !resumed {
        if !link.shared {
            link.seed = super::new_seed();
        }
        storage::save(SAVE_KEY, SAVE_VERSION, &TableState::new(link)?.stored());
    }
    if let Some(w) = web_sys::window() {
        let _ = w.location().replace("play/");
    }
    Ok(())
}

/// Today's deal of `game`: refused with a notice (the result) once played today, else the game in
/// progress if it is that deal, else dealt and saved; the table's page then opens it. UNO's page
/// and the casino's deal their own (`uno/#daily`, `tables/#daily`), and refuse a second try
/// there too.
fn open_daily(game: DailyGame) -> Option<String> {
    let Some(today) = daily::today() else {
        return Some(daily::CLOCK_NOTICE.into());
    };
    let (record, _) = daily::load(today);
    let game = match game {
        DailyGame::Shed(p) => p,
        DailyGame::Uno | DailyGame::Casino => {
            let notice = daily::played_notice(&record, game, today);
            if notice.is_none() {
                if let Some(w) = web_sys::window() {
                    let page = if game == DailyGame::Uno { "uno/#daily" } else { "tables/#daily" };
                    let _ = w.location().assign(page);
                }
            }
            return notice;
        }
    };
    let saved =
        storage::load::<StoredGame>(SAVE_KEY, SAVE_VERSION).ok().flatten().and_then(|s| TableState::restore(&s).ok());
    match daily::start(&record, game, today, saved.as_ref().map(|t| &t.setup)) {
        daily::Start::Played(notice) => Some(notice),
        daily::Start::Resume => {
            to_play();
            None
        }
        daily::Start::Deal(setup) => match TableState::new(setup) {
            Ok(t) => {
                storage::save(SAVE_KEY, SAVE_VERSION, &t.stored());
                to_play();
                None
            }
            Err(e) => Some(format!("That table could not be dealt: {e}.")),
        },
    }
}

/// A shedding game in progress, from the save, for the first screen's Continue.
fn saved_game() -> Option<Rc<TableState>> {
    let stored = storage::load::<StoredGame>(SAVE_KEY, SAVE_VERSION).ok().flatten()?;
    TableState::restore(&stored).ok().filter(|t| !t.game.is_over()).map(Rc::new)
}

/// The parts of the first screen that index.html paints before the wasm arrives (`id`: the
/// masthead, the game tiles, the footer), taken over as they are: the app shows those very
/// nodes rather than a second copy of its own, so nothing moves when it mounts and their markup
/// is not in the wasm. Their buttons wait (`aria-disabled`) until now. `None` where the page
/// has no such part.
fn take(id: &str) -> Option<Html> {
    let part = web_sys::window()?.document()?.get_element_by_id(id)?;
    if let Ok(waiting) = part.query_selector_all("[aria-disabled]") {
        for i in 0..waiting.length() {
            if let Some(el) = waiting.item(i).and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok()) {
                let _ = el.remove_attribute("aria-disabled");
            }
        }
    }
    part.remove();
    Some(Html::VRef(part.into()))
}

/// The element under a click that carries `attr`, and that attribute's value.
fn clicked(e: &MouseEvent, attr: &str) -> Option<(web_sys::Element, String)> {
    let el = e.target_dyn_into::<web_sys::Element>()?.closest(&format!("[{attr}]")).ok()??;
    let value = el.get_attribute(attr)?;
    Some((el, value))
}

#[component]
pub fn App() -> Html {
    let loaded = use_memo((), |_| super::load_settings());
    let resumed = use_memo((), |_| initial_screen());
    let painted = use_memo((), |_| {
        // A casino or UNO table saved by the second page (which resumes it): its tile says Continue.
        for (key, id) in [(super::casino::state::SAVE_KEY, "Casino"), (super::uno::state::SAVE_KEY, "UNO")] {
            let link = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.query_selector(&format!("[aria-label='Play {id} Blackjack']")).ok().flatten());
            if let (true, Some(a)) = (storage::has(key), link) {
                a.set_text_content(Some("Continue"));
                let _ = a.set_attribute("aria-label", &format!("Continue {id} Blackjack"));
            }
        }
        let parts = [take("masthead"), take("games"), take("footer")];
        // The rest of the static copy goes in the same breath (before the browser paints again).
        if let Some(rest) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("prerender"))
        {
            rest.remove();
        }
        parts
    });
    let settings = use_state(|| loaded.0.clone());
    let stats_problem = use_memo((), |_| super::stats::load().1);
    // Today by the browser's clock, and the daily results (the daily games finished since the
    // menu last looked gathered in).
    let today = use_memo((), |_| daily::today().map(|d| (d, daily::load(d))));
    let notice = use_state(|| {
        loaded
            .1
            .clone()
            .or_else(|| resumed.1.clone())
            .or_else(|| (*stats_problem).clone())
            .or_else(|| today.as_ref().as_ref().and_then(|(_, (_, problem))| problem.clone()))
    });
    let screen = use_state(|| resumed.0.clone());
    let settings_open = use_state(|| false);

    super::use_reload_on_table_link();

    // Persistence is a side effect of a change, never part of computing the change.
    use_effect_with((*settings).clone(), |s| storage::save(settings::KEY, settings::VERSION, s));

    let toggle_settings = {
        let open = settings_open.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some((button, _)) = clicked(&e, "aria-expanded") {
                let _ = button.set_attribute("aria-expanded", if *open { "false" } else { "true" });
                open.set(!*open);
            }
        })
    };
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_| notice.set(None))
    };
    let go = |to: Screen| {
        let screen = screen.clone();
        Callback::from(move |()| screen.set(to.clone()))
    };
    // Deal: the new game is saved, and the table's page opens it (as it does on a reload).
    let on_start = {
        let notice = notice.clone();
        Callback::from(move |setup: TableSetup| {
            match TableState::new(TableSetup { seed: super::new_seed(), ..setup }) {
                Ok(t) => {
                    storage::save(SAVE_KEY, SAVE_VERSION, &t.stored());
                    to_play();
                }
                // The form refuses rules with problems; this is the belt to its braces.
                Err(e) => notice.set(Some(format!("That table could not be dealt: {e}."))),
            }
        })
    };
    let body = match (*screen).clone() {
        Screen::Setup(preset) => html! {
            <main><SheddingSetup preset={preset} on_start={on_start} on_cancel={go(Screen::Title)} /></main>
        },
        Screen::Title => title_screen(
            painted[1].clone().unwrap_or_default(),
            &screen,
            &notice,
            today.as_ref().as_ref().map(|(d, (record, _))| (*d, record)),
        ),
    };

    html! {
        <>
        // The masthead's Settings button (index.html's markup) opens and closes the panel.
        <div onclick={toggle_settings}>{ painted[0].clone().unwrap_or_default() }</div>
        <Notice text={(*notice).clone()} on_dismiss={dismiss} />
        if *settings_open { { settings_panel(&settings) } }
        {body}
        { painted[2].clone().unwrap_or_default() }
        </>
    }
}

/// The menu's first screen: the game in progress, the game tiles (the static page's, kept as
/// painted) and the player's results.
fn title_screen(
    games: Html,
    screen: &UseStateHandle<Screen>,
    notice: &UseStateHandle<Option<String>>,
    today: Option<(Day, &Daily)>,
) -> Html {
    let (stats, _) = super::stats::load();
    let shed = saved_game();
    // A tile's Play for a shedding game names its rules (`data-play`); the casino and UNO
    // tiles are links to the second page.
    let on_tiles = {
        let (screen, notice) = (screen.clone(), notice.clone());
        Callback::from(move |e: MouseEvent| {
            if let Some(p) = clicked(&e, "data-play").and_then(|(_, id)| Preset::from_id(&id)) {
                screen.set(Screen::Setup(p));
            }
            if let Some(p) = clicked(&e, "data-daily").and_then(|(_, id)| DailyGame::from_id(&id)) {
                if let Some(why) = open_daily(p) {
                    notice.set(Some(why));
                }
            }
        })
    };
    html! {
    <main onclick={on_tiles}>
        if let Some(t) = shed {
            <section class="resume" aria-labelledby="resume-title">
                <h2 id="resume-title" class="section-title">{"Your game in progress"}</h2>
                <p class="resume-game">
                    <span id="resume-shed">{ format!("{} · {} players", super::shedding::link::preset_title(t.setup.preset), t.setup.players) }</span>
                    <button class="primary" aria-describedby="resume-shed" onclick={Callback::from(|_: MouseEvent| to_play())}>{"Continue"}</button>
                </p>
            </section>
        }
        <h2 class="section-title">{"Choose a game"}</h2>
        { games }
        if let Some((day, record)) = today { { daily_section(day, record) } }
        if stats.games.iter().any(|g| g.0 > 0) {
            <section class="stats" aria-labelledby="stats-title">
                <h2 id="stats-title" class="section-title">{"Your games"}</h2>
                <table>
                    <thead><tr><th scope="col">{"Rules"}</th><th scope="col">{"Played"}</th><th scope="col">{"Won"}</th></tr></thead>
                    <tbody>
                        { for Preset::ALL.iter().zip(stats.games.iter()).filter(|(_, g)| g.0 > 0).map(|(p, g)| html! {
                            <tr><th scope="row">{ super::shedding::link::preset_title(*p) }</th><td>{ g.0 }</td><td>{ g.1 }</td></tr>
                        }) }
                    </tbody>
                </table>
                // The replay page lists the last finished games kept on this device.
                <p><a class="button" href="replay/">{"Replays of your last games"}</a></p>
            </section>
        }
    </main>
    }
}

/// "Today's deal": each game's deal of the day, or its result to share once played, and the
/// streaks.
fn daily_section(today: Day, record: &Daily) -> Html {
    html! {
        <section class="daily" aria-labelledby="daily-title">
            <h2 id="daily-title" class="section-title">{"Today's deal"}</h2>
            <p>{ format!("{}: one deal a day for each game, the same for everybody. Play it once; share how you did.", today.label()) }</p>
            <ul class="daily-games">
                { for daily::ALL.iter().map(|&game| {
                    let name = daily::short_name(game);
                    let (current, best) = record.streaks(game, today);
                    html! {
                        <li>
                            <h3>{ format!("{name} daily") }</h3>
                            if let Some(o) = record.result(today, game) {
                                { share_line(format!("line-{}", game.id()), daily::result_line(game, today, *o)) }
                            } else {
                                <button class="primary" data-daily={game.id()} aria-label={format!("Play today's {name} deal")}>{"Play today's deal"}</button>
                            }
                            if best > 0 {
                                <p class="streak">{ format!("Daily streak: {} (best {})", super::plural(current as usize, "day"), best) }</p>
                            }
                        </li>
                    }
                }) }
            </ul>
            <p><a class="button" href="stats/">{"Your statistics"}</a></p>
        </section>
    }
}

/// The settings panel the masthead's Settings button opens.
fn settings_panel(settings: &UseStateHandle<Settings>) -> Html {
    let set_flag = |update: fn(&mut Settings, bool)| {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let checked = e.target_unchecked_into::<web_sys::HtmlInputElement>().checked();
            let mut next = (*settings).clone();
            update(&mut next, checked);
            settings.set(next);
        })
    };
    let set_choice = |update: fn(&mut Settings, &str)| {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
            let mut next = (*settings).clone();
            update(&mut next, &value);
            settings.set(next);
        })
    };
    let on_clock = set_choice(|s, v| s.clock_scale = v.parse::<u8>().ok().filter(|&n| n > 0));
    let on_pace = set_choice(|s, v| s.bot_pace = v.parse::<u8>().unwrap_or(1).clamp(1, 8));
    let s = (**settings).clone();
    html! {
        <section id="settings" class="settings" aria-labelledby="settings-title">
            <h2 id="settings-title">{"Settings"}</h2>
            <label><input type="checkbox" checked={s.four_colour} onchange={set_flag(|s, v| s.four_colour = v)} />{" Four-colour deck"}</label>
            <label><input type="checkbox" checked={s.high_contrast} onchange={set_flag(|s, v| s.high_contrast = v)} />{" High-contrast cards"}</label>
            <label><input type="checkbox" checked={s.reduce_motion} onchange={set_flag(|s, v| s.reduce_motion = v)} />{" Reduce motion"}</label>
            <label for="clock">{"Quick-play clock"}</label>
            <select id="clock" onchange={on_clock}>
                { options(&[("1", "As the rules say"), ("2", "Twice as long"), ("4", "Four times as long"), ("0", "Off")], &s.clock_scale.unwrap_or(0).to_string()) }
            </select>
            <label for="pace">{"Bots' pace"}</label>
            <select id="pace" onchange={on_pace}>
                { options(&[("1", "Like people"), ("2", "Brisk"), ("4", "Quick")], &s.bot_pace.to_string()) }
            </select>
        </section>
    }
}
