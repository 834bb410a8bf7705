//! Casino Blackjack at a table with friends (`friends/casino/`, its own page and wasm module):
//! the lobby is the friends page's ([`super::FriendsApp`]); the table is the casino page's felt
//! and controls ([`crate::ui::casino::felt`], [`crate::ui::casino::controls`]) drawn from this
//! spot's [`CasinoScreen`], which the host's updates alone feed. The host's worker deals and
//! clears the table (`net::casino`): Deal here says the person is ready (their bet, made
//! again), and there is no Next round button.

use super::page::FriendsPage;
use super::words::seat_name;
use crate::bots::shedding::Level;
use crate::engine::casino::game::money;
use crate::engine::casino::{Action, Phase, SeatUpdate};
use crate::net::casino::Casino;
use crate::net::Seats;
use crate::ui::casino::screen::CasinoScreen;

/// This spot's screen at a table with friends: what the host sent (the screen also holds the
/// seats' names, for its log and felt), and the host's last refusal of this page's move.
#[derive(Clone, PartialEq)]
pub struct OnlineCasino {
    pub screen: CasinoScreen,
    pub notice: Option<String>,
}

impl FriendsPage for Casino {
    type Screen = OnlineCasino;
    const WORKER_URL: &'static str = "friends_casino_host_loader.js";
    const HOME: &'static str = "casino/";
    const PLAYERS: (u8, u8, u8) = (2, 7, 4);
    fn screen(names: Vec<String>, _: Vec<Option<Level>>, update: SeatUpdate) -> OnlineCasino {
        OnlineCasino { screen: CasinoScreen::single(update, names), notice: None }
    }
    fn players(update: &SeatUpdate) -> usize {
        update.view.spots.len()
    }
    fn me(screen: &OnlineCasino) -> u8 {
        screen.screen.view().spot
    }
    fn show(screen: &mut OnlineCasino, update: SeatUpdate) {
        let log = std::mem::take(&mut screen.screen.log);
        let names = std::mem::take(&mut screen.screen.table_names);
        screen.screen = CasinoScreen::single(update, names);
        screen.screen.log = log;
    }
    fn receive(screen: &mut OnlineCasino, update: SeatUpdate, _: Option<Action>) {
        screen.notice = None;
        // An update for another spot (never sent) would change nothing: the screen keeps its own.
        screen.screen.receive(vec![update]);
    }
    fn refused(screen: &mut OnlineCasino, why: String) {
        screen.notice = Some(why);
    }
    fn rename(screen: &mut OnlineCasino, names: Vec<String>, _: Vec<Option<Level>>) {
        screen.screen.table_names = names;
    }
    fn note(screen: &mut OnlineCasino, line: String) {
        crate::ui::text::extend_log(&mut screen.screen.log, &[line], |l| Some(l.clone()), 40);
    }
    fn status_line(update: &SeatUpdate, seats: Option<&Seats>) -> String {
        let v = &update.view;
        let who = |s: u8| if s == v.spot { "You".to_owned() } else { seat_name(seats, s) };
        let chips = money(v.chips);
        match v.phase {
            Phase::Betting => format!("Bets, please. Your chips: {chips}."),
            Phase::Insurance { spot } if spot == v.spot => "The dealer shows an ace: insurance?".into(),
            Phase::Playing { spot, .. } if spot == v.spot => format!("Your decision. Your chips: {chips}."),
            Phase::Insurance { spot } | Phase::Playing { spot, .. } => format!("{} is deciding.", who(spot)),
            Phase::Settled => format!("Hand over. Your chips: {chips}."),
        }
    }
    #[cfg(target_arch = "wasm32")]
    fn table(
        screen: &OnlineCasino,
        _link: String,
        _game: &str,
        session: &std::rc::Rc<std::cell::RefCell<Option<super::session::Session<Casino>>>>,
        tick: &yew::UseStateHandle<u32>,
    ) -> yew::Html {
        view::table(screen, session, tick)
    }
}

/// The table, drawn in the browser.
#[cfg(target_arch = "wasm32")]
mod view {
    use super::super::session::Session;
    use super::super::with_session;
    use super::OnlineCasino;
    use crate::engine::casino::game::money;
    use crate::engine::casino::Action;
    use crate::net::casino::Casino;
    use crate::ui::casino::controls::{controls, Press};
    use crate::ui::casino::felt::felt;
    use crate::ui::components::card::CardStyle;
    use std::cell::RefCell;
    use std::rc::Rc;
    use yew::prelude::*;

    /// The players' rules page, from `friends/casino/`.
    const RULES_HREF: &str = "../../rules/casino.html";

    pub(super) fn table(
        screen: &OnlineCasino,
        session: &Rc<RefCell<Option<Session<Casino>>>>,
        tick: &UseStateHandle<u32>,
    ) -> Html {
        let act = {
            let (session, tick) = (session.clone(), tick.clone());
            let at = screen.screen.state_id;
            Callback::from(move |a: Action| {
                with_session(&session, |s| s.act(a, at));
                tick.set(tick.wrapping_add(1));
            })
        };
        html! { <OnlineCasinoTable screen={Rc::new(screen.clone())} {act} /> }
    }

    #[derive(Properties, PartialEq)]
    struct Props {
        screen: Rc<OnlineCasino>,
        act: Callback<Action>,
    }

    /// The casino table of this page's spot (its own component for the double-for-less amounts).
    #[component]
    fn OnlineCasinoTable(p: &Props) -> Html {
        let less = use_state(|| None::<u32>);
        let t = &p.screen;
        let s = &t.screen;
        if s.views.is_empty() {
            return html! { <p class="notice" role="alert">{ s.log.join(" ") }</p> };
        }
        let at = s.state_id;
        let me = s.view().spot;
        let settings = crate::ui::load_settings().0;
        let style = CardStyle { four_colour: settings.four_colour, high_contrast: settings.high_contrast };
        let run = {
            let (act, less) = (p.act.clone(), less.clone());
            let bet = s.spots().get(me as usize).map_or(0, |x| x.bet);
            Callback::from(move |press: Press| match press {
                // The host deals: Deal says this person is ready, their bet made again.
                Press::Act(Action::Deal) => act.emit(Action::Bet { spot: me, amount: bet }),
                Press::Act(a) => act.emit(a),
                Press::Less => less.set(if *less == Some(at) { None } else { Some(at) }),
                _ => {}
            })
        };
        html! {
        <section class="casino table online" aria-label="Casino table">
            if let Some(n) = t.notice.clone() {
                <p class="notice" role="alert">{n}</p>
            }
            <div class="casino-layout">
                <div class="felt">
                    { felt(s, me, None, style) }
                    { controls(s, me, &run, None, *less == Some(at)) }
                </div>
                <div class="casino-side">
                    <p class="bankroll">{ format!("Your chips: {}", money(s.chips())) }</p>
                    <p><a class="rules-link" href={RULES_HREF}>{"How to play casino Blackjack"}</a></p>
                    <h3 class="log-title">{"What happened"}</h3>
                    <ul class="log" aria-label="Table log">
                        { for s.log.iter().rev().take(12).map(|l| html! { <li>{l}</li> }) }
                    </ul>
                </div>
            </div>
        </section>
        }
    }
}
