//! The player's chips and trainer record across casino tables, as stored: bounded when read
//! back, saturating as it grows. The table (`state.rs`) keeps it, its words (`words.rs`) and
//! history (`history.rs`) read it; it depends on none of them.

use crate::engine::casino::{TableSpec, MAX_CHIPS};
use crate::ui::storage::{Fields, Stored};

/// The largest win or loss a bank's record holds, in cents ($10 billion): far past any session,
/// and a sum of two stays far inside `i64`. A stored record beyond it is refused at load.
pub const MAX_NET: i64 = 1_000_000_000_000;
/// The largest expected value given up a record holds, in thousandths of a bet.
pub const MAX_LOST_MILLI: i64 = 1_000_000_000_000;

/// The player's chips and trainer record across tables. Every count saturates: a record read
/// back from storage is bounded at load, and no sum of it can overflow.
#[derive(Clone, Debug, PartialEq)]
pub struct Bank {
    pub chips: i64,
    pub decisions: u32,
    pub best_plays: u32,
    /// Expected value given up, in thousandths of a bet.
    pub ev_lost_milli: i64,
    /// Hands (rounds) played, their net result in cents, and new bankrolls taken at $0.
    pub hands: u32,
    pub net: i64,
    pub refills: u32,
    /// The session's latest rounds for the Sessions screen, as stored ("worth,bet,count,net"
    /// each, see `history.rs`): appended here, read and bounded only where they are drawn.
    pub rounds: String,
    /// By kind of decision (hard, soft, pair): decisions judged and the value given up.
    pub kinds: [(u32, i64); 3],
}

impl Default for Bank {
    fn default() -> Self {
        Bank {
            chips: TableSpec::default().starting_bankroll,
            decisions: 0,
            best_plays: 0,
            ev_lost_milli: 0,
            hands: 0,
            net: 0,
            refills: 0,
            rounds: String::new(),
            kinds: [(0, 0); 3],
        }
    }
}

impl Stored for Bank {
    fn encode(&self) -> Vec<(&'static str, String)> {
        vec![
            ("chips", self.chips.to_string()),
            ("decisions", self.decisions.to_string()),
            ("best", self.best_plays.to_string()),
            ("lost", self.ev_lost_milli.to_string()),
            ("hands", self.hands.to_string()),
            ("net", self.net.to_string()),
            ("refills", self.refills.to_string()),
            ("rounds", self.rounds.clone()),
            ("kinds", {
                let [a, b, c] = self.kinds;
                format!("{},{},{},{},{},{}", a.0, a.1, b.0, b.1, c.0, c.1)
            }),
        ]
    }
    /// Limits are checked here, at load: chips within 0 to `MAX_CHIPS`, no more best plays
    /// than decisions, a loss within 0 to `MAX_LOST_MILLI` and a net within ±`MAX_NET`.
    fn decode(f: &Fields) -> Option<Self> {
        let bank = Bank {
            chips: f.parse("chips")?,
            decisions: f.parse("decisions")?,
            best_plays: f.parse("best")?,
            ev_lost_milli: f.parse("lost")?,
            // Added later: a bank saved before them starts these at zero.
            hands: f.parse("hands").unwrap_or(0),
            net: f.parse("net").unwrap_or(0),
            refills: f.parse("refills").unwrap_or(0),
            // Added with the Sessions screen: a bank saved before it has no history.
            rounds: f.get("rounds").unwrap_or("").to_string(),
            kinds: match f.get("kinds") {
                None => [(0, 0); 3],
                Some(v) => {
                    let mut n = v.split(',');
                    let mut kind = || Some((n.next()?.parse().ok()?, n.next()?.parse().ok()?));
                    [kind()?, kind()?, kind()?]
                }
            },
        };
        let sane = (0..=MAX_CHIPS).contains(&bank.chips)
            && bank.best_plays <= bank.decisions
            && (0..=MAX_LOST_MILLI).contains(&bank.ev_lost_milli)
            && (-MAX_NET..=MAX_NET).contains(&bank.net)
            && bank.kinds.iter().all(|k| (0..=MAX_LOST_MILLI).contains(&k.1));
        sane.then_some(bank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_bank_out_of_bounds_is_refused() {
        use crate::ui::storage::{decode, encode};
        let read = |b: Bank| decode::<Bank>(&encode(1, &b), 1).is_ok();
        let bank =
            Bank { decisions: 3, best_plays: 1, ev_lost_milli: 40, hands: u32::MAX, net: -500, ..Bank::default() };
        assert!(read(bank.clone()));
        assert!(!read(Bank { net: i64::MAX, ..bank.clone() }));
        assert!(!read(Bank { net: i64::MIN, ..bank.clone() }));
        assert!(!read(Bank { ev_lost_milli: i64::MAX, ..bank.clone() }));
        assert!(!read(Bank { best_plays: 4, ..bank }));
    }
}
