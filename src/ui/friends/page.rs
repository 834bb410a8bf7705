//! What a family adds to the friends page: one trait, [`FriendsPage`], implemented by the
//! family's marker (`net`'s `Shedding`, `Uno`, `Casino`) in `ui/friends/<family>.rs`. With the
//! family's `net/<family>.rs` (its table and host worker) that file is the whole family online.
//!
//! Everything but the drawn table compiles natively too, so the friend's side
//! ([`super::peer::PeerSide`]) is tested natively with each family's real screen.

use crate::bots::shedding::Level;
use crate::net::worker::Family;
use crate::net::{Seats, Table};

/// A family's seat update and the rules' refusal, on its page.
pub type Update<F> = <<F as Family>::Game as Table>::Update;
pub type Rules<F> = <<F as Family>::Game as Table>::Refusal;

/// A family's friends page: its games' seat counts, its seat's screen fed by the host's updates
/// alone, its host worker's module, its line of what is happening and its table. One page per
/// family (`friends/` for the shedding games, `friends/uno/`, `friends/casino/`); the lobby
/// (seats, links, settings) is the same on each ([`super::FriendsApp`]).
pub trait FriendsPage: Family<Game: Table<Refusal: std::fmt::Display>> {
    type Screen: Clone;
    /// The host worker's module, beside the page (trunk's loader shim of the family's bin).
    const WORKER_URL: &'static str;
    /// This page's folder under `friends/` (`""` for `friends/` itself, else `"name/"`).
    const HOME: &'static str;
    /// The seats a table may have, and the form's first choice.
    const PLAYERS: (u8, u8, u8);
    /// A seat's screen from its first update: `names`/`levels` as
    /// [`super::words::screen_names`] says them ("You" at `update`'s seat).
    fn screen(names: Vec<String>, levels: Vec<Option<Level>>, update: Update<Self>) -> Self::Screen;
    /// The seats in an update (before the host's seats have arrived).
    fn players(update: &Update<Self>) -> usize;
    /// The seat a screen shows.
    fn me(screen: &Self::Screen) -> u8;
    /// The seat shown whole again (a rejoin's welcome).
    fn show(screen: &mut Self::Screen, update: Update<Self>);
    /// The next update; `pending` is the move this page sent, if it has not come back yet.
    fn receive(screen: &mut Self::Screen, update: Update<Self>, pending: Option<Self::Action>);
    /// The host refused this page's move: why, in words.
    fn refused(screen: &mut Self::Screen, why: String);
    fn rename(screen: &mut Self::Screen, names: Vec<String>, levels: Vec<Option<Level>>);
    /// A line for the screen's log that is no move (who called first); none by default.
    fn note(_screen: &mut Self::Screen, _line: String) {}
    /// The plain line of what is happening, from one seat's update.
    fn status_line(update: &Update<Self>, seats: Option<&Seats>) -> String;
    /// The mounted table of this page's seat, once dealt (the browser's build alone draws).
    #[cfg(target_arch = "wasm32")]
    fn table(
        screen: &Self::Screen,
        link: String,
        game: &str,
        session: &std::rc::Rc<std::cell::RefCell<Option<super::session::Session<Self>>>>,
        tick: &yew::UseStateHandle<u32>,
    ) -> yew::Html;
}
