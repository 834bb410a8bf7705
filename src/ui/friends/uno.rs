//! UNO Blackjack at a table with friends (`friends/uno/`, its own page and wasm module): the
//! lobby is the friends page's ([`super::FriendsApp`]); the table is the UNO page's view
//! ([`crate::ui::uno::table::table_view`]) drawn from this seat's [`UnoScreen`], which the host's
//! updates alone feed. The host's worker reveals each round (`net::worker::Uno`): no page has a
//! Reveal or Fast-forward button here.

use super::page::FriendsPage;
use super::words::seat_name;
use crate::bots::shedding::Level;
use crate::engine::uno::{Action, Phase, SeatUpdate};
use crate::net::worker::Uno;
use crate::net::Seats;
use crate::ui::uno::screen::UnoScreen;

impl FriendsPage for Uno {
    type Screen = UnoScreen;
    const WORKER_URL: &'static str = "friends_uno_host_loader.js";
    const HOME: &'static str = "uno/";
    const PLAYERS: (u8, u8, u8) = (2, 10, 4);
    /// The classic rules: a pass is final for the round.
    fn screen(names: Vec<String>, levels: Vec<Option<Level>>, update: SeatUpdate) -> UnoScreen {
        UnoScreen { online: true, ..UnoScreen::new(names, levels, false, update) }
    }
    fn players(update: &SeatUpdate) -> usize {
        update.view.statuses.len()
    }
    fn me(screen: &UnoScreen) -> u8 {
        screen.me()
    }
    fn show(screen: &mut UnoScreen, update: SeatUpdate) {
        *screen =
            UnoScreen { online: true, ..UnoScreen::new(screen.names.clone(), screen.levels.clone(), false, update) };
    }
    fn receive(screen: &mut UnoScreen, update: SeatUpdate, _: Option<Action>) {
        screen.refused(None);
        screen.receive(update);
    }
    fn refused(screen: &mut UnoScreen, why: String) {
        screen.refused(Some(why));
    }
    fn rename(screen: &mut UnoScreen, names: Vec<String>, levels: Vec<Option<Level>>) {
        (screen.names, screen.levels) = (names, levels);
    }
    /// Kept to the screen's length of log: a host may send any number of lines.
    fn note(screen: &mut UnoScreen, line: String) {
        crate::ui::text::extend_log(&mut screen.log, &[line], |l| Some(l.clone()), 60);
    }
    fn status_line(update: &SeatUpdate, seats: Option<&Seats>) -> String {
        let v = &update.view;
        let who = |s| if s == v.seat { "You".to_owned() } else { seat_name(seats, s) };
        let queue = crate::ui::text::plural(v.queue_sizes.get(v.seat as usize).map_or(0, |&q| q as usize), "card");
        match &v.phase {
            Phase::Over { winners } => {
                let names: Vec<String> = winners.iter().map(|&w| who(w)).collect();
                format!("The game is over: {} won.", names.join(" and "))
            }
            Phase::RoundStart => format!("Round {} is about to be revealed. Your queue: {queue}.", v.round + 1),
            Phase::Match { turn } if *turn == v.seat => format!("Your turn: hit or pass. Your queue: {queue}."),
            Phase::Match { turn } => format!("{}'s turn. Your queue: {queue}.", who(*turn)),
        }
    }
    #[cfg(target_arch = "wasm32")]
    fn table(
        screen: &UnoScreen,
        _link: String,
        _game: &str,
        session: &std::rc::Rc<std::cell::RefCell<Option<super::session::Session<Uno>>>>,
        tick: &yew::UseStateHandle<u32>,
    ) -> yew::Html {
        view::table(screen, session, tick)
    }
}

/// The table, drawn in the browser.
#[cfg(target_arch = "wasm32")]
mod view {
    use super::super::session::Session;
    use super::super::{go, with_session};
    use crate::engine::uno::Action;
    use crate::net::worker::Uno;
    use crate::ui::uno::screen::UnoScreen;
    use crate::ui::uno::table::{table_view, Look};
    use std::cell::RefCell;
    use std::rc::Rc;
    use yew::prelude::*;

    /// The players' rules page, from `friends/uno/`.
    const RULES_HREF: &str = "../../rules/uno-blackjack.html";

    pub(super) fn table(
        screen: &UnoScreen,
        session: &Rc<RefCell<Option<Session<Uno>>>>,
        tick: &UseStateHandle<u32>,
    ) -> Html {
        let act = {
            let (session, tick) = (session.clone(), tick.clone());
            let at = screen.state_id;
            Callback::from(move |a: Action| {
                with_session(&session, |s| s.act(a, at));
                tick.set(tick.wrapping_add(1));
            })
        };
        // The host's page keeps the game's record: once it is over, its replay is on the UNO
        // replay page's list (a friend's page holds no more than its seat's screen).
        let hosting = session.borrow().as_ref().is_some_and(|s| s.hosting.is_some());
        html! { <OnlineUno screen={Rc::new(screen.clone())} {act} {hosting} /> }
    }

    #[derive(Properties, PartialEq)]
    struct Props {
        screen: Rc<UnoScreen>,
        act: Callback<Action>,
        hosting: bool,
    }

    /// The UNO table of this page's seat (its own component for the keyboard list's state).
    #[component]
    fn OnlineUno(p: &Props) -> Html {
        let help = use_state(|| false);
        let toggle_help = {
            let help = help.clone();
            Callback::from(move |()| help.set(!*help))
        };
        let look = Look {
            act: p.act.clone(),
            fast_forward: Callback::noop(),
            help: *help,
            toggle_help,
            covered: false,
            uncover: Callback::noop(),
            on_leave: go("../../"),
            restart: go("./"),
            table: NodeRef::default(),
            online: true,
            rules_href: RULES_HREF,
            extra: Html::default(),
            replay_href: (p.hosting && p.screen.is_over()).then(|| "../../replay/uno/".to_string()),
            share: None,
        };
        table_view(&p.screen, look)
    }
}
