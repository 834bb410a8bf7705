//! The quick-play clock of a table with friends, as its host runs it. The host's clock decides:
//! the time comes in from the host's page (`now_ms`, its own clock; a peer sends no time the
//! host uses), the host makes the timeout move itself, and each peer is told the time *left* as
//! the host sends it ([`Clock`]), never a time of day: the peer takes off half its link's round
//! trip and its ring ends when the host's clock does, within the link's jitter.
//!
//! Pure: no timers. The worker calls [`TurnClock::follow`] after each change of the table,
//! [`TurnClock::due`] on each tick, and sends [`TurnClock::left`] to the seated peers.

use super::protocol::Clock;
use crate::engine::shedding::rules::CLOCK_GRACE_MS;

/// At a table with friends the clock gives each move at least this many times the rules' time
/// (Taylor's 2 s become 8 s): people new to the game, or to this table's house, read their hand
/// and the table before the host's clock takes a card from them.
pub const FRIENDS_SCALE: u8 = 4;

/// The clock at a table with friends from the host's clock setting (`None`: off): off stays
/// off; otherwise at least [`FRIENDS_SCALE`] times the rules' time.
pub fn friends_scale(setting: Option<u8>) -> u8 {
    setting.map_or(0, |s| s.max(FRIENDS_SCALE))
}

/// The turn a clock runs for: whose, how long, and what starts it again (the clock restarts
/// when `key` changes, and runs on through moves that keep it, such as other players' calls).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub seat: u8,
    pub full_ms: u32,
    pub key: u64,
}

/// The host's clock: the turn it runs for, and when it started (the host's milliseconds; `None`
/// until the next time heard, for a turn started by a message that carries no time, such as the
/// deal: the clock then starts at the next tick, never in the past).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnClock {
    running: Option<(Turn, Option<u64>)>,
}

impl TurnClock {
    /// The table changed at `now_ms` (`None`: a change whose message carried no time) and its
    /// clock is now `turn` (`None`: no clock runs: a bot's turn, no clock in these rules, the
    /// game over). The same turn runs on; another starts afresh. `true` if the clock started,
    /// restarted or stopped.
    pub fn follow(&mut self, turn: Option<Turn>, now_ms: Option<u64>) -> bool {
        match (turn, self.running) {
            (Some(t), Some((r, _))) if t == r => false,
            (None, None) => false,
            (Some(t), _) => {
                self.running = Some((t, now_ms));
                true
            }
            (None, Some(_)) => {
                self.running = None;
                true
            }
        }
    }

    /// Time heard at `now_ms`: a clock waiting for a time starts now.
    pub fn heard(&mut self, now_ms: u64) {
        if let Some((_, started @ None)) = &mut self.running {
            *started = Some(now_ms);
        }
    }

    /// The seat whose time ran out at `now_ms`, if any (the host then makes its timeout move):
    /// the ring's length and then the grace ([`CLOCK_GRACE_MS`]), so that a move in flight as the
    /// ring ends is still played.
    pub fn due(&self, now_ms: u64) -> Option<u8> {
        let (turn, started) = self.running?;
        (now_ms >= started? + u64::from(turn.full_ms + CLOCK_GRACE_MS)).then_some(turn.seat)
    }

    /// The clock as a peer is told it at `now_ms`: the time left then (none once it ran out).
    pub fn left(&self, now_ms: u64) -> Option<Clock> {
        let (turn, started) = self.running?;
        let gone = now_ms.saturating_sub(started.unwrap_or(now_ms)).min(u64::from(turn.full_ms)) as u32;
        Some(Clock { seat: turn.seat, left_ms: turn.full_ms - gone, full_ms: turn.full_ms })
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_runs_on_until_its_key_changes_and_is_due_at_its_length() {
        let turn = Turn { seat: 2, full_ms: 2000, key: 7 };
        let mut c = TurnClock::default();
        assert!(c.follow(Some(turn), Some(1000)));
        assert!(!c.follow(Some(turn), Some(1500)), "the same turn runs on");
        assert_eq!(c.left(1500), Some(Clock { seat: 2, left_ms: 1500, full_ms: 2000 }));
        // Due once the ring has run out and the grace after it has passed.
        assert_eq!(c.due(3000 + u64::from(CLOCK_GRACE_MS) - 1), None);
        assert_eq!(c.due(3000 + u64::from(CLOCK_GRACE_MS)), Some(2));
        assert_eq!(c.left(9000).map(|c| c.left_ms), Some(0));
        assert!(c.follow(Some(Turn { key: 8, ..turn }), Some(3100)), "the next move starts it again");
        assert_eq!(c.due(5099 + u64::from(CLOCK_GRACE_MS)), None);
        assert!(c.follow(None, Some(3200)) && !c.is_running() && c.due(99_999).is_none());
        assert!(!c.follow(None, Some(3300)));
    }

    #[test]
    fn a_turn_started_without_a_time_starts_at_the_next_time_heard() {
        let turn = Turn { seat: 1, full_ms: 2000, key: 0 };
        let mut c = TurnClock::default();
        assert!(c.follow(Some(turn), None));
        assert_eq!(c.due(1_000_000), None, "never due before it started");
        assert_eq!(c.left(1_000_000).map(|c| c.left_ms), Some(2000));
        c.heard(50_000);
        c.heard(60_000);
        assert_eq!(c.due(51_999 + u64::from(CLOCK_GRACE_MS)), None);
        assert_eq!(c.due(52_000 + u64::from(CLOCK_GRACE_MS)), Some(1));
    }
}
