//! What a seat receives, shared by the three families: the error for a seat the table does not
//! have. Each family's `feed` module builds its own `SeatUpdate` (its view and its events).
//!
//! Why a feed at all: a table is rendered from one seat's update, never from the whole game, so
//! that a table fed by the local engine and one fed by a host over the network are the same
//! component reading the same stream, and a peer's browser can only ever hold what its seat may
//! know (`tests/seat_feed.rs` holds every update to that).

use std::fmt;

/// An update was asked for a seat the table does not have (a peer's claim, a stale link).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NoSuchSeat {
    pub seat: u8,
    /// The seats the table has (seats are numbered from 0).
    pub seats: usize,
}

impl fmt::Display for NoSuchSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "there is no seat {} at a table of {}", self.seat, self.seats)
    }
}

impl std::error::Error for NoSuchSeat {}

/// `seat` if the table has it.
pub(crate) fn check_seat(seat: u8, seats: usize) -> Result<u8, NoSuchSeat> {
    if (seat as usize) < seats {
        Ok(seat)
    } else {
        Err(NoSuchSeat { seat, seats })
    }
}

/// Every card of type `C` reachable in a value's JSON form (a playing card is a `{"rank",
/// "suit"}` object, an UNO card `{"colour", "face"}`): what the feed tests look for in an update.
#[cfg(test)]
pub(crate) fn cards_in<C: serde::de::DeserializeOwned>(value: &impl serde::Serialize) -> Vec<C> {
    fn walk<C: serde::de::DeserializeOwned>(v: &serde_json::Value, out: &mut Vec<C>) {
        if let Ok(c) = serde_json::from_value(v.clone()) {
            out.push(c);
        }
        match v {
            serde_json::Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            serde_json::Value::Object(o) => o.values().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(&serde_json::to_value(value).expect("an update serialises"), &mut out);
    out
}
