//! The page of tables with friends (`friends/`, its own wasm module): the host opens a table
//! (a game, the seats for friends, bots in the rest) and sends its room link (`#room=…`); a
//! friend opens the link, picks a free seat, and its browser keeps the seat's token, which takes
//! the seat back after a reload and which no other browser has. The transport is in
//! [`session`]; what the host sent this page, and the screen it feeds, in [`peer`]; what is
//! read from text is in [`room`].
//!
//! Each family has a page of its own, this lobby and its table ([`FriendsPage`]: [`shedding`],
//! [`uno`], [`casino`]). Once the host deals, each page draws its family's table from its own
//! seat's screen: the host's from its game's updates for its seat, a friend's from the updates
//! the host sends it (a local game and a remote one are two sources of the same stream). Above
//! it stay the seats and a plain line of what is happening.
//!
//! The session sits in a `RefCell` that the poll timer and the callbacks borrow mutably: they
//! use `try_borrow_mut` and the page renders from a borrow dropped before any child renders, so
//! a re-entry skips a beat instead of aborting the page.

pub mod casino;
pub mod host_worker;
mod lobby;
pub mod newcomer;
pub mod news;
pub mod page;
pub mod peer;
pub mod room;
mod session;
pub mod shedding;
pub mod uno;
pub mod words;

use crate::engine::catalog::{preset_title, GameKind};
use crate::engine::shedding::Preset;
use crate::net::worker::{Family, HostRecord};
use crate::net::{Seat, SeatToken, Seating, Seats, ToHost};
use gloo_storage::{LocalStorage, Storage};
use news::Ended;
pub use page::FriendsPage;
use room::{check_signal_url, ice_urls, room_in_fragment, token_from_text, token_text, HostKey, RoomId};
use session::{Session, Transport};
use std::cell::RefCell;
use std::rc::Rc;
use words::refusal_words;
use yew::prelude::*;

/// Every game a table with friends offers, on any family's page: (the family's name for its
/// rules, its name, the family's page under `friends/`). Choosing a game of another family on a
/// page's form goes to that family's page.
const ALL_GAMES: [(&str, &str, &str); 7] = [
    ("taylor", preset_title(Preset::Taylor), ""),
    ("priestly", preset_title(Preset::Priestly), ""),
    ("british", preset_title(Preset::British), ""),
    ("crazy-eights", preset_title(Preset::CrazyEights), ""),
    ("switch", preset_title(Preset::Switch), ""),
    (crate::net::uno::PRESET, GameKind::UnoBlackjack.info().title, "uno/"),
    (crate::net::casino::PRESET, GameKind::Casino.info().title, "casino/"),
];

/// The game picked on another family's form (its page opens with it chosen).
const GAME_KEY: &str = "bj.friends.game";

/// The href from page `F`'s folder to the friends page folder `to` (both under `friends/`).
fn href_to<F: FriendsPage>(to: &str) -> String {
    "../".repeat(F::HOME.matches('/').count()) + to
}

const SIGNAL_KEY: &str = "bj.friends.signal";
const ICE_KEY: &str = "bj.friends.ice";
const NAME_KEY: &str = "bj.friends.name";

/// How often the page takes in what arrived (ms).
const POLL_MS: u32 = 40;

fn host_key(room: &str) -> String {
    format!("bj.friends.host.{room}")
}

fn token_key(room: &RoomId) -> String {
    format!("bj.friends.seat.{}", room.as_str())
}

/// The text stored under `key` (as it was set: no JSON around it).
fn stored(key: &str) -> Option<String> {
    LocalStorage::raw().get_item(key).ok().flatten()
}

/// Storage can be full or disabled (private mode): the table goes on either way.
fn store(key: &str, value: &str) {
    let _ = LocalStorage::raw().set_item(key, value);
}

/// The host's table as its worker last wrote it (the worker alone reads it whole).
fn save_host(room: &str, record: &str) {
    store(&host_key(room), record);
}

fn load_host(room: &RoomId) -> Option<String> {
    stored(&host_key(room.as_str()))
}

fn host_key_name(room: &RoomId) -> String {
    format!("bj.friends.hostkey.{}", room.as_str())
}

/// The host ended this page's place at `room`. The host's own page (`host`) forgets the table:
/// its record, its key, and the link in the address bar (a reload shows the form). A friend's
/// keeps the end in place of its seat's token, so the link opened again says so.
fn forget_room(room: &RoomId, end: Ended, host: bool) {
    if host {
        let _ = LocalStorage::raw().remove_item(&host_key(room.as_str()));
        let _ = LocalStorage::raw().remove_item(&host_key_name(room));
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash("");
        }
    } else {
        store(&token_key(room), end.mark());
    }
}

/// This browser's key for hosting `room` (see [`HostKey`]): kept beside the table's record, under
/// a key of its own (the record is the worker's, in a form older saves share). A record without
/// one gets a new key (`true`): a table opened before keys were kept is bound by it, and a record
/// copied from another browser is refused by the signalling server.
fn host_key_of(room: &RoomId) -> (HostKey, bool) {
    let key_name = host_key_name(room);
    match stored(&key_name).and_then(|k| HostKey::parse(&k)) {
        Some(key) => (key, false),
        None => {
            let key = HostKey::from_random(random_bytes());
            store(&key_name, key.as_str());
            (key, true)
        }
    }
}

/// The host's side of the table stored as `record` (its text).
fn open_host<F: FriendsPage>(room: RoomId, record: String, t: &Transport) -> Result<Session<F>, String> {
    let settings = crate::ui::load_settings().0;
    let pace = u32::from(settings.bot_pace.max(1));
    let (key, new) = host_key_of(&room);
    // The host's clock setting is the table's: off, or the rules' time a move times it (at a
    // table with friends, at least four times: `friends_scale`).
    Session::host(room, (&key, new), record, pace, crate::net::clock::friends_scale(settings.clock_scale), t)
}

fn random_bytes() -> [u8; 16] {
    let mut b = [0u8; 16];
    // The browser's generator; if it failed, the page's clock at least differs per table.
    if getrandom::fill(&mut b).is_err() {
        b[..8].copy_from_slice(&(js_sys_now() as u64).to_le_bytes());
    }
    b
}

fn js_sys_now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// The signalling address: the player's setting, else the build's (`BJ_SIGNAL_URL`), else port
/// 3536 of the machine that served this page (as `scripts/serve.sh` runs it). The ICE servers:
/// the player's, else the build's (`BJ_ICE`), else none.
fn transport() -> Transport {
    let set: Option<String> = stored(SIGNAL_KEY).and_then(|s| check_signal_url(&s));
    let built = option_env!("BJ_SIGNAL_URL").and_then(check_signal_url);
    let here = web_sys::window().and_then(|w| w.location().hostname().ok()).unwrap_or_else(|| "127.0.0.1".into());
    let signal = set.or(built).unwrap_or_else(|| format!("ws://{here}:3536"));
    let mut ice = ice_urls(&stored(ICE_KEY).unwrap_or_default());
    if ice.is_empty() {
        ice = ice_urls(option_env!("BJ_ICE").unwrap_or_default());
    }
    Transport { signal, ice }
}

/// The page's address with this room's fragment.
fn room_link(room: &RoomId) -> String {
    let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    let base = href.split('#').next().unwrap_or_default();
    format!("{base}{}", room.fragment())
}

/// The notice for a host's message refused for not fitting its table (`net::Reader`).
const UNFIT: &str = "The host sent something this page cannot show, so it was left out and the table goes on. \
If the table stops making sense, reload this page.";

/// The seats; `on_take` offers each free seat (a friend's lobby), `on_remove` a "Remove" beside
/// each friend's (the host's).
fn seats_list(
    seats: &Seats,
    mine: Option<u8>,
    on_take: Option<Callback<u8>>,
    on_remove: Option<&Callback<u8>>,
) -> Html {
    html! {
        <ol class="friend-seats" aria-label="Seats">
        // `n` counts from one as players do; `i`, the seat's number on the wire (the reader
        // refuses a lobby of more seats than a `u8` names).
        { for seats.seats.iter().enumerate().map(|(n, s)| {
            let (i, n) = (n as u8, n + 1);
            let you = if mine == Some(i) { " (you)" } else { "" };
            let (who, take) = match s {
                Seat::Host { name } => (format!("{name}, the host{you}"), false),
                Seat::Bot => (format!("Bot {n}"), false),
                Seat::Open => ("Free".to_owned(), true),
                Seat::Friend { name, here: true } => (format!("{name}{you}"), false),
                Seat::Friend { name, here: false } => (format!("{name}{you}, away: a bot plays for now"), false),
            };
            let button = match (&on_take, take) {
                (Some(cb), true) => {
                    let cb = cb.clone();
                    html! { <button class="primary" onclick={Callback::from(move |_| cb.emit(i))}>{ format!("Take seat {n}") }</button> }
                }
                _ => match (on_remove, s) {
                    (Some(cb), Seat::Friend { name, .. }) => {
                        let cb = cb.clone();
                        html! { <button aria-label={format!("Remove {name}")} onclick={Callback::from(move |_| cb.emit(i))}>{"Remove"}</button> }
                    }
                    _ => html! {},
                },
            };
            html! { <li data-seat={i.to_string()}><span>{ format!("Seat {n}: {who}") }</span>{ button }</li> }
        }) }
        </ol>
    }
}

/// What the host is asked to confirm before it happens: in the page's own words (never
/// `window.confirm`, which a page cannot style or word and some browsers suppress).
#[derive(Copy, Clone, PartialEq)]
enum Ask {
    Remove(u8),
    Close,
}

/// The host's "Close the table", and the question it or a "Remove" beside a seat asks first.
fn host_controls<F: FriendsPage>(
    seats: &Seats,
    asking: &UseStateHandle<Option<Ask>>,
    session: &Rc<RefCell<Option<Session<F>>>>,
    tick: &UseStateHandle<u32>,
) -> Html {
    let ask = |a: Option<Ask>| {
        let asking = asking.clone();
        Callback::from(move |_| asking.set(a))
    };
    let question = match **asking {
        Some(Ask::Remove(seat)) => match seats.seats.get(seat as usize) {
            Some(Seat::Friend { name, .. }) => Some((
                format!("Remove {name}? A bot plays {name}'s seat for the rest of the game, and {name}'s page cannot take it back."),
                format!("Yes, remove {name}"),
                ToHost::Remove { seat },
            )),
            _ => None,
        },
        Some(Ask::Close) => Some((
            "Close the table for everyone? Each friend's page is told, and the table cannot be opened again.".into(),
            "Yes, close the table".into(),
            ToHost::Close,
        )),
        None => None,
    };
    let confirm = question.map(|(words, yes, message)| {
        let (session, asking, tick) = (session.clone(), asking.clone(), tick.clone());
        let on_yes = Callback::from(move |_| {
            with_session(&session, |s| s.send_to_host(&message));
            asking.set(None);
            tick.set(tick.wrapping_add(1));
        });
        html! {
            <div class="host-ask">
                <p role="alert">{ words }</p>
                <button class="primary" onclick={on_yes}>{ yes }</button>
                <button onclick={ask(None)}>{"Cancel"}</button>
            </div>
        }
    });
    html! {
        <div class="host-controls">
            <button onclick={ask(Some(Ask::Close))}>{"Close the table"}</button>
            { confirm.unwrap_or_default() }
        </div>
    }
}

/// The host's form: a game, how many play, how many seats are for friends.
#[derive(Clone, PartialEq)]
struct Setup {
    /// The family's name for the game's rules.
    preset: String,
    players: u8,
    friends: u8,
    name: String,
}

fn open_table<F: Family>(setup: &Setup) -> HostRecord<F> {
    let room = RoomId::from_random(random_bytes());
    let mut seating =
        vec![Seating::Host { name: crate::net::protocol::clean_name(&setup.name).unwrap_or_else(|| "Host".into()) }];
    for s in 1..setup.players {
        seating.push(if s <= setup.friends { Seating::Open } else { Seating::Bot });
    }
    HostRecord::new(room.as_str().to_owned(), setup.preset.clone(), seating, crate::ui::new_seed())
}

fn input_value(e: InputEvent) -> String {
    e.target_unchecked_into::<web_sys::HtmlInputElement>().value()
}

fn setup_form<F: FriendsPage>(setup: &UseStateHandle<Setup>, on_open: Callback<()>) -> Html {
    let s = (**setup).clone();
    let set = |f: fn(&mut Setup, String)| {
        let setup = setup.clone();
        Callback::from(move |v: String| {
            let mut next = (*setup).clone();
            f(&mut next, v);
            next.friends = next.friends.clamp(1, next.players - 1);
            setup.set(next);
        })
    };
    let games: Vec<(&'static str, &'static str)> = ALL_GAMES.iter().map(|g| (g.0, g.1)).collect();
    let on_name = set(|s, v| s.name = v).reform(input_value);
    let page = ALL_GAMES.iter().find(|g| g.0 == s.preset).map(|g| g.2);
    let here = page == Some(F::HOME);
    // A game of another family: its page opens with that game chosen.
    let on_game = {
        let setup = setup.clone();
        Callback::from(move |id: String| {
            match ALL_GAMES.iter().find(|g| g.0 == id).map(|g| g.2) {
                Some(page) if page != F::HOME => {
                    store(GAME_KEY, &id);
                    if let Some(w) = web_sys::window() {
                        let _ = w.location().assign(&href_to::<F>(page));
                    }
                }
                _ => {}
            }
            setup.set(Setup { preset: id, ..(*setup).clone() });
        })
    };
    let (low, high, _) = F::PLAYERS;
    html! {
        <section class="friends-setup" aria-labelledby="open-title">
            <h2 id="open-title">{"Open a table"}</h2>
            <p>{"You deal and run the game in this browser, which keeps every hand; friends join from a link and see only their own. Bots play the other seats."}</p>
            { crate::ui::kit::choice_field("fr-game", "Game", crate::ui::kit::options(&games, &s.preset), on_game) }
            if here {
            { crate::ui::kit::choice_field("fr-players", "Players", crate::ui::kit::number_options(low..=high, s.players), set(|s, v| s.players = v.parse().unwrap_or(4))) }
            { crate::ui::kit::choice_field("fr-friends", "Seats for friends", crate::ui::kit::number_options(1..s.players, s.friends), set(|s, v| s.friends = v.parse().unwrap_or(1))) }
            <div class="field"><label for="fr-name">{"Your name"}</label><input id="fr-name" maxlength="16" value={s.name.clone()} oninput={on_name} /></div>
            <button class="primary" onclick={on_open.reform(|_| ())}>{"Open the table"}</button>
            } else {
            <p class="note" role="status">{"Opening that game's page…"}</p>
            }
        </section>
    }
}

fn settings_form() -> Html {
    let signal: String = stored(SIGNAL_KEY).unwrap_or_default();
    let ice: String = stored(ICE_KEY).unwrap_or_default();
    let on_signal = Callback::from(|e: InputEvent| {
        let v = input_value(e);
        if v.trim().is_empty() {
            let _ = LocalStorage::raw().remove_item(SIGNAL_KEY);
        } else {
            store(SIGNAL_KEY, &v);
        }
    });
    let on_ice = Callback::from(|e: InputEvent| {
        store(ICE_KEY, &input_value(e));
    });
    html! {
        <details class="friends-settings">
            <summary>{"Connection settings"}</summary>
            <div class="field"><label for="fr-signal">{"Signalling server"}</label>
                <input id="fr-signal" placeholder={transport().signal} value={signal} oninput={on_signal} /></div>
            <div class="field"><label for="fr-ice">{"STUN and TURN servers (for play across the internet; none by default)"}</label>
                <input id="fr-ice" placeholder="stun:stun.example.org:3478" value={ice} oninput={on_ice} /></div>
            <p class="note">{"The signalling server sees the room and how browsers connect, nothing of the game: cards and moves go from browser to browser. Changes apply when the table opens."}</p>
        </details>
    }
}

/// The page of tables with friends of family `F`: the host's form, or a room's lobby and table.
#[component]
pub fn FriendsApp<F: FriendsPage>() -> Html {
    let session: Rc<RefCell<Option<Session<F>>>> = use_mut_ref(|| None);
    let tick = use_state(|| 0u32);
    let problem = use_state(|| None::<String>);
    let setup = use_state(|| {
        // The game chosen on another family's form, if it is this page's; else the first.
        let mine = |id: &str| ALL_GAMES.iter().any(|g| g.0 == id && g.2 == F::HOME);
        // From the address the page already reads (its query; `search` would be one more import).
        let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
        let query = href.split('#').next().and_then(|h| h.split_once('?')).map_or("", |q| q.1);
        let asked = newcomer::game_in_query(query).filter(|id| mine(id)).map(str::to_owned);
        let chosen = asked.or_else(|| stored(GAME_KEY).filter(|id| mine(id)));
        let first = ALL_GAMES.iter().find(|g| mine(g.0)).map_or("", |g| g.0);
        Setup {
            preset: chosen.unwrap_or_else(|| first.to_owned()),
            players: F::PLAYERS.2,
            friends: 2.min(F::PLAYERS.2 - 1),
            name: stored(NAME_KEY).unwrap_or_else(|| "Host".into()),
        }
    });
    let name = use_state(|| stored(NAME_KEY).unwrap_or_default());
    let asking = use_state(|| None::<Ask>);

    // A room link: the host's own table (its record is here), or a friend's seat.
    {
        let session = session.clone();
        let problem = problem.clone();
        use_effect_with((), move |_| {
            let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
            match room_in_fragment(&hash) {
                Ok(None) => {}
                Ok(Some(room)) => {
                    let t = transport();
                    let opened = match load_host(&room) {
                        Some(record) => open_host::<F>(room, record, &t),
                        None => {
                            let kept = stored(&token_key(&room)).unwrap_or_default();
                            // The host removed this browser or closed the table: said again.
                            match Ended::from_mark(&kept) {
                                Some(end) => Err(end.words().to_owned()),
                                None => Ok(Session::peer(room, token_from_text(&kept), &t)),
                            }
                        }
                    };
                    match opened {
                        Ok(s) => *session.borrow_mut() = Some(s),
                        Err(why) => problem.set(Some(why)),
                    }
                }
                Err(why) => problem.set(Some(why.to_string())),
            }
        });
    }

    // Take in what arrived, a few times a frame's worth a second.
    {
        let session = session.clone();
        let tick = tick.clone();
        let problem = problem.clone();
        use_effect_with((), move |_| {
            let interval = gloo_timers::callback::Interval::new(POLL_MS, move || {
                let changed = session.try_borrow_mut().ok().is_some_and(|mut s| {
                    let changed = s.as_mut().is_some_and(|s| s.poll(js_sys_now()));
                    // A friend's page the host removed, or whose table it closed: it says so, and
                    // lets the table go (no reconnecting).
                    if let Some(end) = s.as_ref().filter(|s| s.hosting.is_none()).and_then(|s| s.me.end) {
                        *s = None;
                        problem.set(Some(end.words().to_owned()));
                    }
                    changed
                });
                if changed {
                    tick.set(tick.wrapping_add(1));
                }
            });
            move || drop(interval)
        });
    }

    let on_open = {
        let session = session.clone();
        let problem = problem.clone();
        let setup = setup.clone();
        let tick = tick.clone();
        Callback::from(move |()| {
            let record = open_table::<F>(&setup);
            store(NAME_KEY, &setup.name);
            let text = record.to_text();
            save_host(&record.room, &text);
            let Ok(room) = RoomId::parse(&record.room) else { return };
            // This browser opens the room: its key is drawn now, before anyone has the link.
            let _ = host_key_of(&room);
            if let Some(w) = web_sys::window() {
                let _ = w.location().set_hash(&room.fragment());
            }
            match open_host(room, text, &transport()) {
                Ok(s) => *session.borrow_mut() = Some(s),
                Err(why) => problem.set(Some(why)),
            }
            tick.set(tick.wrapping_add(1));
        })
    };

    // A phone held sideways has room for the table alone: once it is dealt, the page scrolls it
    // to the top of the screen (once; the seats are a swipe up).
    let table_shown = session.try_borrow().ok().is_some_and(|s| {
        s.as_ref().is_some_and(|s| s.me.screen.is_some() && s.me.seats.as_ref().is_some_and(|x| x.dealt))
    });
    use_effect_with(table_shown, |&shown| {
        let window = web_sys::window();
        let short =
            window.as_ref().and_then(|w| w.inner_height().ok()).and_then(|h| h.as_f64()).is_some_and(|h| h < 500.0);
        if shown && short {
            if let Some(t) =
                window.and_then(|w| w.document()).and_then(|d| d.query_selector(".friends-table .table").ok().flatten())
            {
                t.scroll_into_view();
            }
        }
    });

    let body = match (&*problem, session.try_borrow().as_deref()) {
        (Some(p), _) => html! { <p class="notice" role="alert">{ p.clone() }</p> },
        (None, Ok(None)) => html! { <>{ setup_form::<F>(&setup, on_open) }{ settings_form() }</> },
        // The host closed its table: back to the form (the page still tells whoever opens the
        // old link that it is closed, until another table opens).
        (None, Ok(Some(s))) if s.hosting.is_some() && s.me.end.is_some() => html! {
            <><p class="note" role="status">{"You closed the table."}</p>{ setup_form::<F>(&setup, on_open) }{ settings_form() }</>
        },
        (None, Ok(Some(s))) => table_view(s, &session, &name, &tick, &asking),
        // Never while the page runs as written (nothing renders inside a borrow); a beat later.
        (None, Err(_)) => html! {},
    };
    html! {
        <>
        <header class="masthead">
            <div><h1>{"Play with friends"}</h1><p class="tagline"><a href="../">{"All games"}</a></p></div>
        </header>
        <main class="friends">{ body }</main>
        </>
    }
}

/// Goes to the page at `to` (the menu, a new table).
fn go(to: &'static str) -> Callback<()> {
    Callback::from(move |()| {
        if let Some(w) = web_sys::window() {
            let _ = w.location().assign(to);
        }
    })
}

/// Runs `f` on the session, unless there is none or it is in use (then the click is dropped,
/// never a panic: release builds abort on one).
fn with_session<F: FriendsPage>(session: &Rc<RefCell<Option<Session<F>>>>, f: impl FnOnce(&mut Session<F>)) {
    if let Ok(mut guard) = session.try_borrow_mut() {
        if let Some(s) = guard.as_mut() {
            f(s);
        }
    }
}

fn table_view<F: FriendsPage>(
    s: &Session<F>,
    session: &Rc<RefCell<Option<Session<F>>>>,
    name: &UseStateHandle<String>,
    tick: &UseStateHandle<u32>,
    asking: &UseStateHandle<Option<Ask>>,
) -> Html {
    // A friend's page that cannot get to the table says why (and not the connection's end too).
    let why_not = if s.hosting.is_none() { lobby::why_not(s) } else { None };
    let ended = s.ended.try_borrow().ok().and_then(|e| e.clone()).filter(|_| why_not.is_none());
    let dropped = (s.dropped > 0)
        .then(|| html! { <p class="note">{ format!("{} unreadable messages dropped.", s.dropped) }</p> });
    let unfit = (s.me.unfit > 0).then(|| html! { <p class="notice" role="alert">{ UNFIT }</p> });
    // A browser that could not connect (a stranger's broken set-up, or one that left first).
    let failed = (s.failed > 0).then(|| {
        let n = crate::ui::plural(s.failed as usize, "browser");
        html! { <p class="note">{ format!("{n} could not connect; the table goes on.") }</p> }
    });
    let p = &s.me;
    let seats = p.seats.as_ref();
    let dealt = seats.is_some_and(|s| s.dealt);
    let table = match (seats, dealt) {
        (Some(seats), true) => match p.screen.as_ref() {
            Some(screen) => F::table(screen, room_link(&s.room), &seats.game, session, tick),
            None => html! {},
        },
        _ => html! {},
    };
    let inner = match &s.hosting {
        Some(h) => {
            let link = room_link(&s.room);
            let start = {
                let session = session.clone();
                let tick = tick.clone();
                Callback::from(move |_| {
                    with_session(&session, Session::start);
                    tick.set(tick.wrapping_add(1));
                })
            };
            let status = match (&p.update, dealt) {
                (Some(u), true) => F::status_line(u, seats),
                _ if seats.is_none() => "Opening your table…".into(),
                _ => "Send the link to your friends. Deal when everyone is seated; bots take the free seats.".into(),
            };
            let on_remove = {
                let asking = asking.clone();
                Callback::from(move |seat| asking.set(Some(Ask::Remove(seat))))
            };
            html! {
                <>
                <h2>{ seats.map(|s| s.game.clone()).unwrap_or_default() }</h2>
                { lobby::link_field(link) }
                { lobby::clock_line(seats.map(|s| s.clock_ms)) }
                if let Some(seats) = seats { { seats_list(seats, p.seat, None, Some(&on_remove)) } }
                if seats.is_some() && !dealt { <button class="primary" onclick={start}>{"Deal"}</button> }
                <p class="status" role="status" aria-live="polite">{ status }</p>
                if let Some(n) = &p.news { <p class="note seat-news" role="status">{ n.clone() }</p> }
                if let Some(seats) = seats { { host_controls(seats, asking, session, tick) } }
                if let Some(b) = &h.broken { <p class="notice" role="alert">{ b.clone() }</p> }
                { table }
                </>
            }
        }
        None => {
            let on_take = {
                let session = session.clone();
                let name = name.clone();
                Callback::from(move |seat: u8| {
                    // The field as it is now: a click right after typing can come before the
                    // render that would give this callback the new name.
                    let typed = web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.get_element_by_id("fr-name"))
                        .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(e).ok())
                        .map_or_else(|| (*name).clone(), |i| i.value());
                    let mut b = [0u8; 16];
                    b.copy_from_slice(&random_bytes());
                    let token = SeatToken(u128::from_le_bytes(b));
                    let Ok(mut guard) = session.try_borrow_mut() else { return };
                    let Some(s) = guard.as_mut() else { return };
                    store(&token_key(&s.room), &token_text(token));
                    store(NAME_KEY, &typed);
                    s.me.token = Some(token);
                    // The seat's key, not the token: the host never learns the token.
                    let key = token.key(s.room.as_str());
                    s.send_to_host(&ToHost::Claim { seat, key, name: typed });
                })
            };
            let seated = p.seat.is_some();
            let line = if p.host_gone {
                "The host left the table. When they open it again, this page takes you back to your seat.".to_owned()
            } else if seats.is_none() {
                "Connecting to the host…".to_owned()
            } else if let (Some(u), Some(true)) = (&p.update, seats.map(|s| s.dealt)) {
                F::status_line(u, seats)
            } else if seated {
                "Waiting for the host to deal. The host's browser deals and keeps the cards.".to_owned()
            } else {
                "Pick a free seat.".to_owned()
            };
            let on_name = {
                let name = name.clone();
                Callback::from(move |e: InputEvent| name.set(input_value(e)))
            };
            html! {
                <>
                <h2>{ seats.map(|s| s.game.clone()).unwrap_or_else(|| "A table with friends".into()) }</h2>
                if !seated && seats.is_some() {
                    <div class="field"><label for="fr-name">{"Your name"}</label><input id="fr-name" maxlength="16" value={(**name).clone()} oninput={on_name} /></div>
                }
                if let Some(why) = why_not { <p class="notice" role="alert">{ why }</p> }
                { lobby::clock_line(seats.map(|s| s.clock_ms)) }
                if let Some(seats) = seats { { seats_list(seats, p.seat, (!seated).then_some(on_take), None) } }
                <p class="status" role="status" aria-live="polite">{ line }</p>
                if let Some(n) = &p.news { <p class="note seat-news" role="status">{ n.clone() }</p> }
                if let Some(r) = &p.refused { <p class="notice" role="alert">{ refusal_words(r, seats) }</p> }
                { table }
                </>
            }
        }
    };
    html! {
        <section class="friends-table">
            { inner }
            if let Some(e) = ended { <p class="notice" role="alert">{ e }</p> }
            { unfit.unwrap_or_default() }
            { dropped.unwrap_or_default() }
            { failed.unwrap_or_default() }
        </section>
    }
}
