//! Tables with friends, as pure code: the messages between a host and its peers
//! ([`protocol`]) and the host's state machine ([`host`]). No web crates and no sockets: the
//! page's transport (WebRTC) hands bytes in and sends what comes out, so everything here is
//! tested natively, hostile bytes included (`tests/net_host.rs`).
//!
//! The host runs the engine; a peer only ever receives its own seat's [`SeatUpdate`]s (the
//! family's `feed`): never another hand, the stock's order, the seed or the log.
//!
//! Generic parts here (the wire, the host, the reader, the clock, the worker's loop); each
//! family's online parts in a file of its own: its game as a [`Table`] and its
//! [`worker::Family`] ([`shedding`], [`uno`], [`casino`]). Adding a family online is one file
//! here and one under `ui/friends/`.
//!
//! [`SeatUpdate`]: crate::engine::shedding::SeatUpdate

pub mod casino;
pub mod clock;
pub mod host;
pub mod protocol;
pub mod rate;
mod reader;
pub mod shedding;
pub mod uno;
pub mod worker;

pub use clock::{Turn, TurnClock};
pub use host::{Applied, Dropped, Host, Message, Out, Outgoing, PeerId, Seating, MOST_SLIPS};
pub use protocol::{
    decode_to_host, decode_to_peer, encode, Clock, Notice, Refusal, Seat, SeatKey, SeatToken, Seats, ToHost, ToPeer,
    MAX_SEATS, PROTOCOL,
};
pub use reader::Reader;

use crate::engine::feed::{NoSuchSeat, Shape, Unfit};
use serde::de::DeserializeOwned;
use serde::Serialize;

/// What the host needs of a game family: its seats, its state id, whose move an action is,
/// applying one, and a seat's update (each family's file implements it for its game).
pub trait Table {
    type Action: Serialize + DeserializeOwned;
    type Event;
    type Update: Serialize + DeserializeOwned + Clone;
    /// Why the rules refuse a move (sent to the peer as it is; its page puts it in words).
    type Refusal: Serialize + DeserializeOwned + Clone + std::fmt::Debug + PartialEq;
    /// What every update of the table repeats and the wire carries once, in the welcome (the
    /// shedding rules; `()` for a family whose updates carry nothing of the kind).
    type Shared: Serialize + DeserializeOwned + Clone + std::fmt::Debug + PartialEq;
    fn seats(&self) -> u8;
    fn shared(&self) -> Self::Shared;
    /// Puts what the welcome carried back into an update read from the wire.
    fn restore(update: &mut Self::Update, shared: &Self::Shared);
    /// Moves with each accepted action; a peer's move must carry the current one.
    fn state_id(&self) -> u32;
    /// The seat whose move this is; `None` for a move only the host makes.
    fn seat_of(action: &Self::Action) -> Option<u8>;
    /// Applies a move (all or nothing).
    ///
    /// # Errors
    /// The rules' reason; nothing changed.
    fn act(&mut self, action: Self::Action) -> Result<Vec<Self::Event>, Self::Refusal>;
    fn update(&self, seat: u8, events: &[Self::Event]) -> Result<Self::Update, NoSuchSeat>;
    /// The seat an update is for and its table's seats, if everything in it fits that table
    /// (the family's `SeatUpdate::shape`): what [`Reader`] checks every update read from a host
    /// against (the welcome's), so that no screen indexes past a list.
    ///
    /// # Errors
    /// What does not fit.
    fn shape(update: &Self::Update) -> Result<Shape, Unfit>;
    /// The seat that made the same call as `action` in a move taken since state `at`: `action`,
    /// made from state `at`, came second (calls race on the host's arrival order).
    fn called_first(&self, _at: u32, _action: &Self::Action) -> Option<u8> {
        None
    }
    /// Whether `action` is a call the rules take now at no cost, though the peer made it from
    /// an older state (a call is not computed from the turn: it is taken in arrival order).
    fn late_call(&self, _action: &Self::Action) -> bool {
        false
    }
    /// Whether `action`, a turn's move worked out in state `at`, stands now because every move
    /// taken since was table talk or another seat's "Last card", which change nobody's move
    /// (calls are [`Table::late_call`]'s). Else anyone at the table could talk, or call falsely,
    /// as fast as the host's rate allows and make every other person's move stale.
    fn only_talk_since(&self, _at: u32, _action: &Self::Action) -> bool {
        false
    }
    /// Whether `action` is talk the seat may no longer make: it has said the most a seat may say
    /// in one game. Talk costs nothing (or nothing once the stock is bare), so a seat could talk
    /// at the host's rate for hours, and every word is kept in the game's record (which the host's
    /// page stores, within a size it can read back); bounded, no game is harmed by it.
    fn talked_out(&self, _action: &Self::Action) -> bool {
        false
    }
    /// Whether `action` is a bet the seat may no longer make in this round: it has changed its
    /// bet the most a seat may in one round. A bet costs nothing until the deal, so a seat could
    /// change it at the host's rate round after round, and every change is kept in the game's
    /// record (see [`Table::talked_out`]).
    fn bets_out(&self, _action: &Self::Action) -> bool {
        false
    }
    /// Whether `action` is a slip the rules take and penalise (a card out of turn, a wrong card,
    /// a false call-out), not talk ([`Table::talked_out`] bounds that): the host takes at most
    /// [`MOST_SLIPS`] a seat. A slip costs a card from the stock, nothing once the stock is
    /// bare, and moves the table on: unbounded, a seat could make every other person's move
    /// stale at the host's rate, and grow the game's record without end.
    fn slips(&self, _action: &Self::Action) -> bool {
        false
    }
    /// The turn the host's quick-play clock runs for now, if any (see [`TurnClock`]).
    fn clock(&self) -> Option<Turn> {
        None
    }
    /// The move the host makes when `seat`'s time runs out.
    fn timeout(_seat: u8) -> Option<Self::Action> {
        None
    }
}
