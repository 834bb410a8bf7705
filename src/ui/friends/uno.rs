//! UNO Blackjack at a table with friends (`friends/uno/`, its own page and wasm module): the
//! lobby is the friends page's ([`super::FriendsApp`]); the table is the UNO page's view
//! ([`crate::ui::uno::table::table_view`]) drawn from this seat's [`UnoScreen`], which the host's
//! updates alone feed. The host's worker reveals each round (`net::worker::Uno`): no page has a
//! Reveal or Fast-forward button here.

use super::session::Session;
use super::{go, seat_name, with_session, FriendsPage};
use crate::engine::uno::{Action, Phase, SeatUpdate};
use crate::net::worker::Uno;
use crate::net::Seats;
use crate::ui::uno::screen::UnoScreen;
use crate::ui::uno::table::{table_view, Look};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The players' rules page, from `friends/uno/`.
const RULES_HREF: &str = "../../rules/uno-blackjack.html";

impl FriendsPage for Uno {
    const HOME: &'static str = "uno/";
    const PLAYERS: (u8, u8, u8) = (2, 10, 4);
    fn status_line(update: &SeatUpdate, seats: Option<&Seats>) -> String {
        let v = &update.view;
        let who = |s| if s == v.seat { "You".to_owned() } else { seat_name(seats, s) };
        let queue = crate::ui::plural(v.queue_sizes.get(v.seat as usize).map_or(0, |&q| q as usize), "card");
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
    fn table(
        screen: &UnoScreen,
        _link: String,
        _game: &str,
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
        html! { <OnlineUno screen={Rc::new(screen.clone())} {act} /> }
    }
}

#[derive(Properties, PartialEq)]
struct Props {
    screen: Rc<UnoScreen>,
    act: Callback<Action>,
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
    };
    table_view(&p.screen, look)
}
