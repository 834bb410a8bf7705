//! The UNO page's action log as compact codes ("v h0 p1 j3"), read with typed errors: every
//! code is checked (ASCII only, lengths limited) before one action is replayed.

use super::game::{Action, Seat, UnoReplayError, UnoSave, UNO_SAVE_FORMAT};
use super::rules::UnoSpec;
use crate::engine::codes::{parse_log, Code, CodeError};

pub fn code(a: Action) -> String {
    match a {
        Action::Reveal => "v".into(),
        Action::Hit { seat } => format!("h{seat}"),
        Action::Pass { seat } => format!("p{seat}"),
        Action::Join { seat } => format!("j{seat}"),
    }
}

/// Reads one code written by [`code`]; anything else is a typed error, never a panic.
pub fn parse_code(s: &str) -> Result<Action, CodeError> {
    let c = Code::split(s)?;
    Ok(match c.kind {
        b'v' => c.bare().map(|()| Action::Reveal)?,
        b'h' => Action::Hit { seat: c.seat_only()? },
        b'p' => Action::Pass { seat: c.seat_only()? },
        b'j' => Action::Join { seat: c.seat_only()? },
        _ => return Err(CodeError::UnknownKind),
    })
}

/// A save from the page's parts: the whole log is read before anything else, so a bad code
/// refuses the save before one action is replayed. Replay it with `Game::replay`.
pub fn save_from_codes(
    rules: UnoSpec,
    players: u8,
    waiting: Vec<Seat>,
    seed: u64,
    log: &str,
) -> Result<UnoSave, UnoReplayError> {
    let log = parse_log(log, parse_code)?;
    Ok(UnoSave { format: UNO_SAVE_FORMAT, rules, players, waiting, seed, log })
}
