//! The shedding games at a table with friends (`friends/`, its own wasm module): the lobby is
//! the friends page's ([`super::FriendsApp`]); the table is the shedding page's
//! ([`crate::ui::shedding::table::use_table_view`]) drawn from this seat's [`SeatScreen`], which
//! the host's updates alone feed. The host's worker times the moves out (`net::worker::Shedding`):
//! the ring shows the time left it was told.

use super::page::FriendsPage;
use super::words::seat_name;
use crate::bots::shedding::Level;
use crate::engine::shedding::{Action, SeatUpdate};
use crate::net::worker::Shedding;
use crate::net::Seats;
use crate::ui::shedding::screen::SeatScreen;

impl FriendsPage for Shedding {
    type Screen = SeatScreen;
    const WORKER_URL: &'static str = "friends_host_loader.js";
    const HOME: &'static str = "";
    const PLAYERS: (u8, u8, u8) = (2, 6, 4);
    fn screen(names: Vec<String>, levels: Vec<Option<Level>>, update: SeatUpdate) -> SeatScreen {
        SeatScreen::new(names, levels, update)
    }
    fn players(update: &SeatUpdate) -> usize {
        update.view.hand_sizes.len()
    }
    fn me(screen: &SeatScreen) -> u8 {
        screen.me()
    }
    fn show(screen: &mut SeatScreen, update: SeatUpdate) {
        screen.show(update);
    }
    fn receive(screen: &mut SeatScreen, update: SeatUpdate, pending: Option<Action>) {
        screen.receive(update, pending);
    }
    fn refused(screen: &mut SeatScreen, why: String) {
        screen.refused(why);
    }
    fn rename(screen: &mut SeatScreen, names: Vec<String>, levels: Vec<Option<Level>>) {
        (screen.names, screen.levels) = (names, levels);
    }
    /// Kept to the screen's length of log: a host may send any number of lines.
    fn note(screen: &mut SeatScreen, line: String) {
        crate::ui::text::extend_log(&mut screen.log, &[line], |l| Some(l.clone()), 60);
    }
    fn status_line(update: &SeatUpdate, seats: Option<&Seats>) -> String {
        let v = &update.view;
        if let crate::engine::shedding::Phase::Over { winner } = v.phase {
            let who = if winner == v.seat { "You".to_owned() } else { seat_name(seats, winner) };
            return format!("The game is over: {who} won.");
        }
        let cards = crate::ui::text::plural(v.hand.len(), "card");
        if !v.finished.is_empty() && v.legal.is_empty() && v.current == v.seat && v.hand.is_empty() {
            return format!("You are out. You hold {cards}.");
        }
        let mover = if v.current == v.seat {
            "Your turn".to_owned()
        } else {
            format!("{}'s turn", seat_name(seats, v.current))
        };
        format!("{mover}. You hold {cards}; {} in the stock.", v.stock_len)
    }
    #[cfg(target_arch = "wasm32")]
    fn table(
        screen: &SeatScreen,
        link: String,
        game: &str,
        session: &std::rc::Rc<std::cell::RefCell<Option<super::session::Session<Shedding>>>>,
        tick: &yew::UseStateHandle<u32>,
    ) -> yew::Html {
        view::table(screen, link, game, session, tick)
    }
}

/// The table, drawn in the browser.
#[cfg(target_arch = "wasm32")]
mod view {
    use super::super::session::Session;
    use super::super::{go, with_session};
    use crate::engine::catalog::preset_title;
    use crate::engine::shedding::{Action, Preset};
    use crate::net::worker::Shedding;
    use crate::ui::settings::Settings;
    use crate::ui::shedding::screen::SeatScreen;
    use crate::ui::shedding::table::{use_table_view, TableView};
    use std::cell::RefCell;
    use std::rc::Rc;
    use yew::prelude::*;

    pub(super) fn table(
        screen: &SeatScreen,
        link: String,
        game: &str,
        session: &Rc<RefCell<Option<Session<Shedding>>>>,
        tick: &UseStateHandle<u32>,
    ) -> Html {
        let on = |f: fn(&mut Session<Shedding>, Action, u32)| {
            let (session, tick) = (session.clone(), tick.clone());
            Callback::from(move |(a, at): (Action, u32)| {
                with_session(&session, |s| f(s, a, at));
                tick.set(tick.wrapping_add(1));
            })
        };
        // The round's summary was closed: the table goes on.
        let on_next_round = {
            let (session, tick) = (session.clone(), tick.clone());
            Callback::from(move |()| {
                with_session(&session, |s| {
                    if let Some(screen) = &mut s.me.screen {
                        screen.between_rounds = false;
                    }
                });
                tick.set(tick.wrapping_add(1));
            })
        };
        // The host's clock as this page was told it (read, not taken: the page renders inside a
        // shared borrow of the session).
        let ring = session.try_borrow().ok().and_then(|s| s.as_ref()?.me.clock).map(|c| (c.seat, c.left_ms, c.full_ms));
        html! { <OnlineTable screen={Rc::new(screen.clone())} {link} rules_href={rules_href(game)} on_act={on(Session::act)} {on_next_round} {ring} /> }
    }

    /// The rules page of the game named `game` (as [`preset_title`] says it).
    fn rules_href(game: &str) -> String {
        let preset = Preset::ALL.into_iter().find(|p| preset_title(*p) == game).unwrap_or(Preset::Taylor);
        format!("../rules/{}.html", preset.id())
    }

    #[derive(Properties)]
    struct OnlineProps {
        screen: Rc<SeatScreen>,
        link: String,
        rules_href: String,
        on_act: Callback<(Action, u32)>,
        on_next_round: Callback<()>,
        /// The host's clock: seat, ms left as it arrived, full length.
        ring: Option<(u8, u32, u32)>,
    }

    /// The page renders only when something arrived or was done, and then the table renders too: a
    /// screen is the same only if it is the same allocation (a deep comparison of two screens was
    /// about 5 KB of the module).
    impl PartialEq for OnlineProps {
        fn eq(&self, other: &Self) -> bool {
            Rc::ptr_eq(&self.screen, &other.screen)
                && self.link == other.link
                && self.rules_href == other.rules_href
                && self.on_act == other.on_act
                && self.on_next_round == other.on_next_round
                && self.ring == other.ring
        }
    }

    /// The shedding table, drawn from this page's seat's screen. The quick-play clock is the host's
    /// (its worker times the moves out): the ring shows the time left it was told.
    #[component]
    fn OnlineTable(p: &OnlineProps) -> Html {
        let settings = use_state(|| Settings { clock_scale: None, ..crate::ui::load_settings().0 });
        let on_settings = {
            let settings = settings.clone();
            Callback::from(move |s: Settings| settings.set(Settings { clock_scale: None, ..s }))
        };
        let on_sort = {
            let settings = settings.clone();
            Callback::from(move |by_rank| settings.set(Settings { sort_by_rank: by_rank, ..(*settings).clone() }))
        };
        // The keyboard list pauses nothing here: the host's bots keep their own pace.
        let help_open = use_state(|| false);
        use_table_view(TableView {
            screen: &p.screen,
            settings: &settings,
            covered: false,
            ring: p.ring,
            help_open,
            link: (p.link.clone(), "this table"),
            others: Vec::new(),
            rules_href: p.rules_href.clone(),
            on_act: p.on_act.clone(),
            on_uncover: Callback::noop(),
            on_next_round: p.on_next_round.clone(),
            on_leave: go("../"),
            on_sort,
            on_settings,
            on_play_again: go("./"),
            on_new_game: go("./"),
            // Already a table with friends: no "Play this with friends".
            friends_href: None,
            // No replay: the game, its deal and its moves are the host's worker's, never this page's.
            replay_href: None,
            share: None,
            faces: None,
        })
    }
}
