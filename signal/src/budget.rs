//! What one connection may send, as pure bookkeeping: a token bucket of bytes and one of
//! messages. Each holds up to its burst and fills at its rate; a message spends its length from
//! the one and one from the other, and a connection whose message finds either short is over its
//! budget (the server closes it, code 1008). No clock: the time is passed in, so the rule is
//! tested natively.
//!
//! Real signalling is small and bursty: an SDP offer or answer is a few KB, an ICE candidate a
//! few hundred bytes, a keep-alive every 10 s; a host whose 16 friends reconnect at once sends
//! an offer and some candidates to each. The defaults (`blackjack-signal --burst-bytes`,
//! `--rate-bytes`, `--burst-messages`, `--rate-messages`) are far above that, and far below
//! what would let one connection fill another's queue.

use std::time::Instant;

/// A bucket's size and how fast it fills, per second.
#[derive(Copy, Clone, Debug)]
pub struct Rate {
    pub burst: u64,
    pub per_sec: u64,
}

struct Bucket {
    left: f64,
    rate: Rate,
}

impl Bucket {
    fn full(rate: Rate) -> Bucket {
        Bucket { left: rate.burst as f64, rate }
    }

    fn fill(&mut self, secs: f64) {
        self.left = (self.left + secs * self.rate.per_sec as f64).min(self.rate.burst as f64);
    }
}

/// One connection's budget.
pub struct Budget {
    bytes: Bucket,
    messages: Bucket,
    at: Instant,
}

impl Budget {
    /// A full budget at `now`.
    pub fn new(bytes: Rate, messages: Rate, now: Instant) -> Budget {
        Budget { bytes: Bucket::full(bytes), messages: Bucket::full(messages), at: now }
    }

    /// Spends a message of `len` bytes at `now`: `false` (and nothing spent) if the budget is
    /// short of it.
    pub fn spend(&mut self, len: usize, now: Instant) -> bool {
        let secs = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = self.at.max(now);
        self.bytes.fill(secs);
        self.messages.fill(secs);
        let len = len as f64;
        if self.bytes.left < len || self.messages.left < 1.0 {
            return false;
        }
        self.bytes.left -= len;
        self.messages.left -= 1.0;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const BYTES: Rate = Rate { burst: 256 * 1024, per_sec: 32 * 1024 };
    const MESSAGES: Rate = Rate { burst: 512, per_sec: 32 };

    fn ms(t0: Instant, ms: u64) -> Instant {
        t0 + Duration::from_millis(ms)
    }

    #[test]
    fn a_host_whose_sixteen_friends_reconnect_at_once_stays_within_its_budget() {
        let t0 = Instant::now();
        let mut b = Budget::new(BYTES, MESSAGES, t0);
        // To each of 16 friends at once: an offer of 6 KB and 20 candidates of 400 bytes.
        for _ in 0..16 {
            assert!(b.spend(6_000, t0));
            assert!((0..20).all(|_| b.spend(400, t0)));
        }
        // Then a keep-alive every 10 s for an hour, and a renegotiation now and then.
        for s in 1..=360 {
            assert!(b.spend(12, ms(t0, s * 10_000)));
            if s % 30 == 0 {
                assert!(b.spend(6_000, ms(t0, s * 10_000)));
            }
        }
    }

    #[test]
    fn a_connection_sending_as_fast_as_it_can_runs_out_of_bytes_and_gets_them_back_at_its_rate() {
        let t0 = Instant::now();
        let mut b = Budget::new(BYTES, MESSAGES, t0);
        let sent = (0..100).take_while(|_| b.spend(16 * 1024, t0)).count();
        assert_eq!(sent, 16, "the burst: 256 KB");
        assert!(!b.spend(1, t0), "nothing left");
        // Refused spends cost nothing; half a second gives 16 KB back.
        assert!(!b.spend(16 * 1024, ms(t0, 499)));
        assert!(b.spend(16 * 1024, ms(t0, 500)));
        // A long pause fills it to its burst, no more.
        let sent = (0..100).take_while(|_| b.spend(16 * 1024, ms(t0, 3_600_000))).count();
        assert_eq!(sent, 16);
    }

    #[test]
    fn many_small_messages_run_out_of_messages() {
        let t0 = Instant::now();
        let mut b = Budget::new(BYTES, MESSAGES, t0);
        assert_eq!((0..10_000).take_while(|_| b.spend(2, t0)).count(), 512);
        assert!(b.spend(2, ms(t0, 32)), "one message back every 1/32 s");
        assert!(!b.spend(2, ms(t0, 32)));
        // A clock that goes back spends nothing it did not have.
        assert!(!b.spend(2, t0));
    }
}
