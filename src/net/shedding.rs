//! The shedding games (Taylor, Priestly, British, Crazy Eights, Switch) at a table with friends,
//! the host's side: the game as [`Table`] (its rules travel once, in the welcome) and the
//! [`Shedding`] family of the host's worker (`friends/`: a record's game, the bots' moves).
//! The page's side is `ui/friends`.

use super::clock::Turn;
use super::worker::Family;
use super::Table;
use crate::bots::shedding::{normal_move, Level, SheddingBot};
use crate::engine::catalog::preset_title;
use crate::engine::feed::{NoSuchSeat, Shape, Unfit};
use crate::engine::shedding::{Action, Event, Game, Preset, Refusal, Rules, SeatUpdate, SeatView};
use std::sync::Arc;

/// The most phrases and "Last card" calls one seat makes in a game at a table with friends
/// (true calls count, but are never refused): a long game's chat is a few hundred phrases, and
/// every seat's most, in the record, stays far within what the host's page stores.
pub const MOST_TALK: usize = 500;

impl Table for Game {
    type Action = Action;
    type Event = Event;
    type Update = SeatUpdate;
    type Refusal = Refusal;
    /// A view's rules are left off the wire (`SeatView::rules` is not serialised): a few hundred
    /// bytes a move, the same every time.
    type Shared = Arc<Rules>;
    fn seats(&self) -> u8 {
        self.players()
    }
    fn shared(&self) -> Arc<Rules> {
        self.shared_rules()
    }
    fn restore(update: &mut SeatUpdate, rules: &Arc<Rules>) {
        update.view.rules = rules.clone();
    }
    fn state_id(&self) -> u32 {
        Game::state_id(self)
    }
    /// Every move names its seat; the quick-play clock is the host's (its page runs the clock).
    fn seat_of(action: &Action) -> Option<u8> {
        match action {
            Action::Timeout { .. } => None,
            a => Some(a.seat()),
        }
    }
    fn act(&mut self, action: Action) -> Result<Vec<Event>, Refusal> {
        self.apply(action).map_err(|e| e.reason)
    }
    fn update(&self, seat: u8, events: &[Event]) -> Result<SeatUpdate, NoSuchSeat> {
        self.update_after(seat, events)
    }
    fn shape(update: &SeatUpdate) -> Result<Shape, Unfit> {
        update.shape()
    }
    fn called_first(&self, at: u32, action: &Action) -> Option<u8> {
        self.first_call_since(at, *action)
    }
    /// Table talk is taken as the rules take it (a phrase that costs a card costs it); any other
    /// call only if it is right now (a call-out the table moved past would cost the caller).
    fn late_call(&self, action: &Action) -> bool {
        match action {
            Action::Say { .. } => self.is_accepted(*action),
            a => a.is_call() && self.is_legal(*a),
        }
    }
    /// A phrase, or another seat's "Last card", costs its speaker at most (cards from the
    /// stock: the engine checks the move again; a true call changes no hand), so neither changes
    /// the mover's hand, the top card or the turn. The mover's own call (its hand), a call-out
    /// or a dispute (cards handed over) may have changed what the mover would do.
    fn only_talk_since(&self, at: u32, action: &Action) -> bool {
        let talk = |a: &Action| match a {
            Action::Say { .. } => true,
            Action::CallLastCard { seat } => *seat != action.seat(),
            _ => false,
        };
        !action.is_call() && self.log().get(at as usize..).is_some_and(|since| since.iter().all(talk))
    }
    /// Talk ("Well played!", "Sorry", ...) or a false "Last card" (which costs nothing once the
    /// stock is bare), past [`MOST_TALK`] of the seat's phrases and calls in this game.
    fn talked_out(&self, action: &Action) -> bool {
        let talk = match action {
            Action::Say { .. } => true,
            Action::CallLastCard { .. } => self.is_accepted(*action) && !self.is_legal(*action),
            _ => false,
        };
        let said =
            |a: &&Action| matches!(a, Action::Say { .. } | Action::CallLastCard { .. }) && a.seat() == action.seat();
        talk && self.log().iter().filter(said).count() >= MOST_TALK
    }
    fn slips(&self, action: &Action) -> bool {
        let talk = matches!(action, Action::Say { .. } | Action::CallLastCard { .. });
        !talk && self.is_accepted(*action) && !self.is_legal(*action)
    }
    /// The rules' clock for the seat to move; it starts again with each of the turn's moves
    /// (each card of a run, as at the local table), not with another player's call.
    fn clock(&self) -> Option<Turn> {
        let spec = self.rules().spec();
        let full_ms = spec.clock_ms.filter(|_| spec.penalties.timeout.is_some() && !self.is_over())?;
        let key = u64::from(self.turn_number()) << 32 | u64::from(self.plays_this_round());
        Some(Turn { seat: self.current(), full_ms, key })
    }
    fn timeout(seat: u8) -> Option<Action> {
        Some(Action::Timeout { seat })
    }
}

/// The shedding games at a table with friends (`friends/`); a record names its game by
/// [`Preset::id`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shedding;

impl Family for Shedding {
    type Game = Game;
    type Action = Action;
    type Bot = SheddingBot;
    const RECORD_FORM: &'static str = "bj.friends.2:";
    /// A game's log is a few hundred moves: the record keeps it whole.
    type Start = ();
    fn new_game(preset: &str, players: u8, seed: u64) -> Option<Game> {
        Game::new(Preset::from_id(preset)?.rules(), players, seed).ok()
    }
    fn game_name(preset: &str) -> Option<&'static str> {
        Preset::from_id(preset).map(preset_title)
    }
    fn log(game: &Game) -> Vec<Action> {
        game.log().to_vec()
    }
    fn is_over(game: &Game) -> bool {
        game.is_over()
    }
    fn bot(seat: u8, seed: u64) -> SheddingBot {
        SheddingBot::new(seat, Level::Normal, seed ^ (u64::from(seat) << 32))
    }
    fn bot_move(bot: &mut SheddingBot, game: &Game, seat: u8) -> Option<(Action, u32)> {
        bot_decision(bot, &game.view(seat))
    }
}

/// The normal level's move (its calls at the table, then its turn).
fn bot_decision(bot: &mut SheddingBot, view: &SeatView) -> Option<(Action, u32)> {
    if let Some(d) = bot.table_decision(view) {
        return Some((d.action, d.delay_ms));
    }
    let action = view.is_my_turn().then(|| normal_move(&view.policy_input())).flatten()?;
    Some((action, bot.turn_delay(view)))
}
