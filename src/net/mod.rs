//! Tables with friends, as pure code: the messages between a host and its peers
//! ([`protocol`]) and the host's state machine ([`host`]). No web crates and no sockets: the
//! page's transport (WebRTC) hands bytes in and sends what comes out, so everything here is
//! tested natively, hostile bytes included (`tests/net_host.rs`).
//!
//! The host runs the engine; a peer only ever receives its own seat's [`SeatUpdate`]s (the
//! family's `feed`): never another hand, the stock's order, the seed or the log.
//!
//! [`SeatUpdate`]: crate::engine::shedding::SeatUpdate

pub mod casino_host;
pub mod clock;
pub mod host;
pub mod protocol;
pub mod rate;
mod reader;
pub mod worker;

pub use clock::{Turn, TurnClock};
pub use host::{Applied, Dropped, Host, Message, Out, Outgoing, PeerId, Seating};
pub use protocol::{
    decode_to_host, decode_to_peer, encode, Clock, Notice, Refusal, Seat, SeatKey, SeatToken, Seats, ToHost, ToPeer,
    MAX_SEATS, PROTOCOL,
};
pub use reader::Reader;

use crate::engine::feed::{NoSuchSeat, Shape, Unfit};
use crate::engine::{casino, shedding, uno};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::sync::Arc;

/// What the host needs of a game family: its seats, its state id, whose move an action is,
/// applying one, and a seat's update.
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
    /// The turn the host's quick-play clock runs for now, if any (see [`TurnClock`]).
    fn clock(&self) -> Option<Turn> {
        None
    }
    /// The move the host makes when `seat`'s time runs out.
    fn timeout(_seat: u8) -> Option<Self::Action> {
        None
    }
}

impl Table for shedding::Game {
    type Action = shedding::Action;
    type Event = shedding::Event;
    type Update = shedding::SeatUpdate;
    type Refusal = shedding::Refusal;
    /// A view's rules are left off the wire (`SeatView::rules` is not serialised): a few hundred
    /// bytes a move, the same every time.
    type Shared = Arc<shedding::Rules>;
    fn seats(&self) -> u8 {
        self.players()
    }
    fn shared(&self) -> Arc<shedding::Rules> {
        self.shared_rules()
    }
    fn restore(update: &mut shedding::SeatUpdate, rules: &Arc<shedding::Rules>) {
        update.view.rules = rules.clone();
    }
    fn state_id(&self) -> u32 {
        shedding::Game::state_id(self)
    }
    /// Every move names its seat; the quick-play clock is the host's (its page runs the clock).
    fn seat_of(action: &shedding::Action) -> Option<u8> {
        match action {
            shedding::Action::Timeout { .. } => None,
            a => Some(a.seat()),
        }
    }
    fn act(&mut self, action: shedding::Action) -> Result<Vec<shedding::Event>, shedding::Refusal> {
        self.apply(action).map_err(|e| e.reason)
    }
    fn update(&self, seat: u8, events: &[shedding::Event]) -> Result<shedding::SeatUpdate, NoSuchSeat> {
        self.update_after(seat, events)
    }
    fn shape(update: &shedding::SeatUpdate) -> Result<Shape, Unfit> {
        update.shape()
    }
    fn called_first(&self, at: u32, action: &shedding::Action) -> Option<u8> {
        self.first_call_since(at, *action)
    }
    /// Table talk is taken as the rules take it (a phrase that costs a card costs it); any other
    /// call only if it is right now (a call-out the table moved past would cost the caller).
    fn late_call(&self, action: &shedding::Action) -> bool {
        match action {
            shedding::Action::Say { .. } => self.is_accepted(*action),
            a => a.is_call() && self.is_legal(*a),
        }
    }
    /// The rules' clock for the seat to move; it starts again with each of the turn's moves
    /// (each card of a run, as at the local table), not with another player's call.
    fn clock(&self) -> Option<Turn> {
        let spec = self.rules().spec();
        let full_ms = spec.clock_ms.filter(|_| spec.penalties.timeout.is_some() && !self.is_over())?;
        let key = u64::from(self.turn_number()) << 32 | u64::from(self.plays_this_round());
        Some(Turn { seat: self.current(), full_ms, key })
    }
    fn timeout(seat: u8) -> Option<shedding::Action> {
        Some(shedding::Action::Timeout { seat })
    }
}

impl Table for casino::Game {
    type Action = casino::Action;
    type Event = casino::Event;
    type Update = casino::SeatUpdate;
    type Refusal = casino::Refusal;
    /// Its views still carry their rules (the friends page plays the shedding games only).
    type Shared = ();
    fn shared(&self) {}
    fn restore(_: &mut casino::SeatUpdate, (): &()) {}
    fn seats(&self) -> u8 {
        u8::try_from(self.spots().len()).unwrap_or(u8::MAX)
    }
    fn state_id(&self) -> u32 {
        casino::Game::state_id(self)
    }
    /// Dealing and clearing the table name no spot: the host does them.
    fn seat_of(action: &casino::Action) -> Option<u8> {
        action.spot()
    }
    fn act(&mut self, action: casino::Action) -> Result<Vec<casino::Event>, casino::Refusal> {
        self.apply(action).map_err(|e| e.reason)
    }
    fn update(&self, seat: u8, events: &[casino::Event]) -> Result<casino::SeatUpdate, NoSuchSeat> {
        self.update_after(seat, events)
    }
    fn shape(update: &casino::SeatUpdate) -> Result<Shape, Unfit> {
        update.shape()
    }
}

impl Table for uno::Game {
    type Action = uno::Action;
    type Event = uno::Event;
    type Update = uno::SeatUpdate;
    type Refusal = uno::Refusal;
    /// Its views still carry their rules (the friends page plays the shedding games only).
    type Shared = ();
    fn shared(&self) {}
    fn restore(_: &mut uno::SeatUpdate, (): &()) {}
    fn seats(&self) -> u8 {
        u8::try_from(self.players().len()).unwrap_or(u8::MAX)
    }
    fn state_id(&self) -> u32 {
        uno::Game::state_id(self)
    }
    /// The reveal names no seat: the host starts each round.
    fn seat_of(action: &uno::Action) -> Option<u8> {
        match *action {
            uno::Action::Hit { seat } | uno::Action::Pass { seat } | uno::Action::Join { seat } => Some(seat),
            uno::Action::Reveal => None,
        }
    }
    fn act(&mut self, action: uno::Action) -> Result<Vec<uno::Event>, uno::Refusal> {
        self.apply(action).map_err(|e| e.reason)
    }
    fn update(&self, seat: u8, events: &[uno::Event]) -> Result<uno::SeatUpdate, NoSuchSeat> {
        self.update_after(seat, events)
    }
    fn shape(update: &uno::SeatUpdate) -> Result<Shape, Unfit> {
        update.shape()
    }
}
