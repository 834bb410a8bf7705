//! The compact text the casino and UNO pages save their action logs in ("h3", "b3:1000", "v"),
//! read back with typed errors. Text from storage is hostile input: it is checked as ASCII
//! byte by byte, lengths are limited before anything is parsed, and the whole log is read
//! before one action is replayed.

use std::fmt;

/// The longest action code: a letter, a seat, a colon and an amount of at most 18 digits.
pub const MAX_CODE_LEN: usize = 24;
/// The most actions a saved log may hold. A casino round takes about 15 actions at a full
/// table, so this is over 10,000 rounds; an UNO game ends by its round limit long before.
pub const MAX_LOG_ACTIONS: usize = 200_000;
/// The longest saved log, in bytes.
pub const MAX_LOG_BYTES: usize = MAX_LOG_ACTIONS * 8;

/// Why an action code was not read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    Empty,
    TooLong,
    /// A character outside the code alphabet (letters, digits, ':'), multi-byte ones included.
    NotAscii,
    UnknownKind,
    /// A seat or amount missing, out of range, or not plain digits.
    BadNumber,
    /// Something after the code ended.
    Trailing,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CodeError::Empty => "an empty action",
            CodeError::TooLong => "an action code too long",
            CodeError::NotAscii => "a character that belongs in no action code",
            CodeError::UnknownKind => "an unknown kind of action",
            CodeError::BadNumber => "a seat or amount that is not a number in range",
            CodeError::Trailing => "extra text after an action",
        })
    }
}

impl std::error::Error for CodeError {}

/// An action code split into its parts: `kind` letter, then an optional seat, then an optional
/// `:amount`. Seats are 0–255, amounts 0–10^18, both plain ASCII digits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Code {
    pub kind: u8,
    pub seat: Option<u8>,
    pub amount: Option<i64>,
}

fn digits(b: &[u8], max_len: usize) -> Result<Option<u64>, CodeError> {
    if b.is_empty() {
        return Ok(None);
    }
    if b.len() > max_len || !b.iter().all(u8::is_ascii_digit) {
        return Err(CodeError::BadNumber);
    }
    Ok(Some(b.iter().fold(0u64, |n, &d| n * 10 + (d - b'0') as u64)))
}

impl Code {
    pub fn split(s: &str) -> Result<Code, CodeError> {
        let b = s.as_bytes();
        if b.is_empty() {
            return Err(CodeError::Empty);
        }
        if b.len() > MAX_CODE_LEN {
            return Err(CodeError::TooLong);
        }
        if !b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b':') {
            return Err(CodeError::NotAscii);
        }
        let kind = b[0];
        if !kind.is_ascii_lowercase() {
            return Err(CodeError::UnknownKind);
        }
        let rest = &b[1..];
        let (seat, amount) = match rest.iter().position(|&c| c == b':') {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        let seat = match digits(seat, 3)? {
            Some(n) => Some(u8::try_from(n).map_err(|_| CodeError::BadNumber)?),
            None => None,
        };
        let amount = match amount {
            Some(a) => Some(digits(a, 18)?.ok_or(CodeError::BadNumber)? as i64),
            None => None,
        };
        Ok(Code { kind, seat, amount })
    }

    /// The seat, required.
    pub fn seat(&self) -> Result<u8, CodeError> {
        self.seat.ok_or(CodeError::BadNumber)
    }
    /// The amount, required.
    pub fn amount(&self) -> Result<i64, CodeError> {
        self.amount.ok_or(CodeError::BadNumber)
    }
    /// A code that carries nothing after its letter.
    pub fn bare(&self) -> Result<(), CodeError> {
        if self.seat.is_some() || self.amount.is_some() {
            Err(CodeError::Trailing)
        } else {
            Ok(())
        }
    }
    /// A code with a seat and no amount.
    pub fn seat_only(&self) -> Result<u8, CodeError> {
        if self.amount.is_some() {
            return Err(CodeError::Trailing);
        }
        self.seat()
    }
}

/// Why a saved game was not restored. `S` is the family's setup error, `A` its refused action,
/// `R` its rules' problems (`Infallible` for a family whose saves cannot hold bad rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError<S, A, R> {
    /// Saved by another version of the format.
    Format {
        found: u32,
        reads: u32,
    },
    /// The log is longer than any game this page saves.
    TooLong {
        actions: usize,
        max: usize,
    },
    /// Action `index` of the log is not a code this page writes.
    BadCode {
        index: usize,
        error: CodeError,
    },
    Rules(R),
    Setup(S),
    /// Action `index` is not legal at that point of the game.
    Refused {
        index: usize,
        refused: A,
    },
}

impl<S: fmt::Display, A: fmt::Display, R: fmt::Display> fmt::Display for ReplayError<S, A, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Format { found, reads } => write!(f, "save format {found}, this version reads {reads}"),
            ReplayError::TooLong { actions, max } => {
                write!(f, "the saved game is too long ({actions} actions; at most {max})")
            }
            ReplayError::BadCode { index, error } => write!(f, "action {index} is unreadable: {error}"),
            ReplayError::Rules(p) => write!(f, "{p}"),
            ReplayError::Setup(e) => write!(f, "{e}"),
            ReplayError::Refused { index, refused } => write!(f, "action {index}: {refused}"),
        }
    }
}

impl<S, A, R> std::error::Error for ReplayError<S, A, R>
where
    S: fmt::Display + fmt::Debug,
    A: fmt::Display + fmt::Debug,
    R: fmt::Display + fmt::Debug,
{
}

/// Reads a whole saved log (codes separated by spaces) before anything is replayed: the
/// length is checked first, then every code.
pub fn parse_log<T, S, A, R>(
    log: &str,
    parse: impl Fn(&str) -> Result<T, CodeError>,
) -> Result<Vec<T>, ReplayError<S, A, R>> {
    if log.len() > MAX_LOG_BYTES {
        return Err(ReplayError::TooLong { actions: log.len() / 2, max: MAX_LOG_ACTIONS });
    }
    let mut out = Vec::new();
    for (index, c) in log.split_ascii_whitespace().enumerate() {
        if index >= MAX_LOG_ACTIONS {
            return Err(ReplayError::TooLong { actions: index + 1, max: MAX_LOG_ACTIONS });
        }
        out.push(parse(c).map_err(|error| ReplayError::BadCode { index, error })?);
    }
    Ok(out)
}
