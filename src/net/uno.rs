//! UNO Blackjack at a table with friends, the host's side: the game as [`Table`] and the [`Uno`]
//! family of the host's worker (`friends/uno/`: a record's game, the bots' moves, the host's
//! reveal of each round). The page's side is `ui/friends/uno.rs`.

use super::worker::Family;
use super::Table;
use crate::bots::shedding::Level;
use crate::bots::uno::{decide, jitter, BOT_MS, ROUND_SHOWN_MS};
use crate::engine::catalog::GameKind;
use crate::engine::feed::{NoSuchSeat, Shape, Unfit};
use crate::engine::uno::{Action, Event, Game, Phase, Refusal, SeatUpdate, UnoRules};

impl Table for Game {
    type Action = Action;
    type Event = Event;
    type Update = SeatUpdate;
    type Refusal = Refusal;
    /// Its views still carry their rules (the friends page plays the shedding games only).
    type Shared = ();
    fn shared(&self) {}
    fn restore(_: &mut SeatUpdate, (): &()) {}
    fn seats(&self) -> u8 {
        u8::try_from(self.players().len()).unwrap_or(u8::MAX)
    }
    fn state_id(&self) -> u32 {
        Game::state_id(self)
    }
    /// The reveal names no seat: the host starts each round.
    fn seat_of(action: &Action) -> Option<u8> {
        match *action {
            Action::Hit { seat } | Action::Pass { seat } | Action::Join { seat } => Some(seat),
            Action::Reveal => None,
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
}

/// The family's name for its one table's rules (the classic rules of the UNO page): the
/// catalog's id of the game.
pub const PRESET: &str = GameKind::UnoBlackjack.info().id;

/// What records saved before the game took the catalog's id named the same rules: a host's
/// table saved then still opens.
const OLD_PRESET: &str = "classic";

/// Whether `preset` names the family's table (its id, or the older name of saved records).
fn is_ours(preset: &str) -> bool {
    preset == PRESET || preset == OLD_PRESET
}

/// UNO Blackjack, by the classic rules ([`PRESET`]). Every seat plays from the first round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Uno;

impl Family for Uno {
    type Game = Game;
    type Action = Action;
    /// A bot's seed (its jitter is drawn per move from it).
    type Bot = u64;
    const RECORD_FORM: &'static str = "bj.friends.uno.2:";
    /// A game's log is a few hundred moves: the record keeps it whole.
    type Start = ();
    fn new_game(preset: &str, players: u8, seed: u64) -> Option<Game> {
        is_ours(preset).then(|| Game::new(UnoRules::seed_rules(), players, seed).ok()).flatten()
    }
    fn game_name(preset: &str) -> Option<&'static str> {
        is_ours(preset).then_some(const { GameKind::UnoBlackjack.info().title })
    }
    fn log(game: &Game) -> Vec<Action> {
        game.log().to_vec()
    }
    fn is_over(game: &Game) -> bool {
        game.is_over()
    }
    fn bot(seat: u8, seed: u64) -> u64 {
        seed ^ (u64::from(seat) << 32)
    }
    /// The UNO page's bot and pace, at the seat whose turn it is.
    fn bot_move(bot: &mut u64, game: &Game, seat: u8) -> Option<(Action, u32)> {
        let Phase::Match { turn } = *game.phase() else { return None };
        if turn != seat {
            return None;
        }
        let action = decide(&game.view(seat), Level::Normal, jitter(*bot, game.log().len()));
        Some((action, BOT_MS))
    }
    /// The round's end stays on every screen a moment before the reveal, as on the UNO page.
    fn host_move(game: &Game) -> Option<(Action, u32)> {
        matches!(game.phase(), Phase::RoundStart).then_some((Action::Reveal, ROUND_SHOWN_MS))
    }
}
