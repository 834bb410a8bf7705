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

/// What a seat's update shows of its table: the seat it is for, and how many seats there are
/// (the length of every list of one entry a seat). A friend's page takes the welcome's shape as
/// the table's and refuses any later update of another (`net::Reader`), so a screen sized by
/// the welcome may index every list by any seat an update names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub seat: u8,
    pub seats: usize,
}

/// Why an update read from the wire does not fit a table a screen can draw: what a host that is
/// hostile (or of a broken build) could send, and a host running this engine never does. Each
/// family's `SeatUpdate::shape` is the one check; the page words the refusal itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// A table of this many seats is not one the game is played at.
    Seats { seats: usize },
    /// A list of one entry a seat (`list`) has `len` entries at a table of `seats`.
    Length { list: &'static str, len: usize, seats: usize },
    /// `field` names a seat the table does not have.
    NoSuchSeat { field: &'static str, seat: u8, seats: usize },
    /// Something every table of the game has is missing or out of range (`what`).
    Impossible(&'static str),
    /// The update is for another table than the welcome's (another seat, or another number of
    /// seats): `found`, where the welcome was `welcome`.
    NotTheWelcomes { welcome: Shape, found: Shape },
}

impl fmt::Display for Unfit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unfit::Seats { seats } => write!(f, "a table of {seats} seats"),
            Unfit::Length { list, len, seats } => write!(f, "{len} entries of {list} at a table of {seats}"),
            Unfit::NoSuchSeat { field, seat, seats } => write!(f, "{field} names seat {seat} at a table of {seats}"),
            Unfit::Impossible(what) => write!(f, "an impossible {what}"),
            Unfit::NotTheWelcomes { welcome, found } => write!(
                f,
                "an update for seat {} of {} after a welcome to seat {} of {}",
                found.seat, found.seats, welcome.seat, welcome.seats
            ),
        }
    }
}

impl std::error::Error for Unfit {}

/// The checks every family's `shape` is made of, over one update's table of `seats` seats.
pub(crate) struct Fits {
    pub seats: usize,
}

impl Fits {
    /// `seats` if a table of the game may have that many (`min..=max`).
    pub fn new(seats: usize, min: usize, max: usize) -> Result<Fits, Unfit> {
        if (min..=max).contains(&seats) {
            Ok(Fits { seats })
        } else {
            Err(Unfit::Seats { seats })
        }
    }

    /// A list of one entry a seat, `len` long. (Lengths, not slices: one copy of each check in
    /// the page, not one per list type.)
    pub fn list(&self, list: &'static str, len: usize) -> Result<(), Unfit> {
        match len == self.seats {
            true => Ok(()),
            false => Err(Unfit::Length { list, len, seats: self.seats }),
        }
    }

    /// A list of an entry for each seat and perhaps more, `len` long (the shedding game keeps
    /// some per seat of its largest table).
    pub fn list_for_each(&self, list: &'static str, len: usize) -> Result<(), Unfit> {
        match len >= self.seats {
            true => Ok(()),
            false => Err(Unfit::Length { list, len, seats: self.seats }),
        }
    }

    /// A seat the table has.
    pub fn seat(&self, field: &'static str, seat: u8) -> Result<(), Unfit> {
        match (seat as usize) < self.seats {
            true => Ok(()),
            false => Err(Unfit::NoSuchSeat { field, seat, seats: self.seats }),
        }
    }

    /// Seats the table has, every one.
    pub fn seats(&self, field: &'static str, seats: &[u8]) -> Result<(), Unfit> {
        seats.iter().try_for_each(|&s| self.seat(field, s))
    }

    /// The shape, for the update's own seat.
    pub fn shape(&self, seat: u8) -> Result<Shape, Unfit> {
        self.seat("the update's seat", seat)?;
        Ok(Shape { seat, seats: self.seats })
    }
}

/// `Ok` if `ok`, else the thing the table always has that is missing (`what`).
pub(crate) fn ensure(ok: bool, what: &'static str) -> Result<(), Unfit> {
    if ok {
        Ok(())
    } else {
        Err(Unfit::Impossible(what))
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
