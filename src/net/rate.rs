//! How fast a peer may send: a token bucket per peer, with the time handed in (the net layer
//! reads no clock). A peer's game sends a move or a call now and then; a burst of
//! [`BURST`] messages passes, and [`PER_SECOND`] a second after that. Anything faster is
//! dropped and counted by the host, never queued.

/// Messages a peer may send at once, after a quiet moment.
pub const BURST: u64 = 20;
/// Messages a second, sustained.
pub const PER_SECOND: u64 = 10;

/// Seat proofs a peer may send on one connection ([`super::host::Host::connect`]'s challenge):
/// a friend's page proves once, again if its seat was still held (a reload the host has not
/// seen leave yet). More would only be guesses at a 128-bit tag; they are dropped and counted.
pub const PROOFS: u8 = 3;

/// One peer's allowance, in thousandths of a message.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bucket {
    milli: u64,
    last_ms: u64,
}

impl Bucket {
    /// A full bucket at `now_ms`.
    pub fn new(now_ms: u64) -> Bucket {
        Bucket { milli: BURST * 1000, last_ms: now_ms }
    }

    /// Whether one more message may pass at `now_ms` (and if so, it is counted). A clock that
    /// goes back refills nothing.
    pub fn take(&mut self, now_ms: u64) -> bool {
        let elapsed = now_ms.saturating_sub(self.last_ms);
        self.last_ms = self.last_ms.max(now_ms);
        self.milli = self.milli.saturating_add(elapsed.saturating_mul(PER_SECOND)).min(BURST * 1000);
        if self.milli >= 1000 {
            self.milli -= 1000;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_the_sustained_rate() {
        let mut b = Bucket::new(0);
        assert_eq!((0..BURST + 5).filter(|_| b.take(0)).count() as u64, BURST);
        // A second later, PER_SECOND more.
        assert_eq!((0..BURST).filter(|_| b.take(1000)).count() as u64, PER_SECOND);
        // A long quiet refills to the burst, no more.
        assert_eq!((0..BURST * 3).filter(|_| b.take(1_000_000)).count() as u64, BURST);
    }

    #[test]
    fn a_steady_peer_at_the_rate_is_never_dropped() {
        let mut b = Bucket::new(0);
        assert!((0..10_000u64).all(|i| b.take(i * 1000 / PER_SECOND)));
    }

    #[test]
    fn a_clock_going_back_or_to_the_end_of_time_neither_panics_nor_refills() {
        let mut b = Bucket::new(5_000);
        while b.take(5_000) {}
        assert!(!b.take(0), "back in time: nothing new");
        assert!(!b.take(5_000));
        assert!(b.take(u64::MAX));
        assert!(b.take(u64::MAX));
    }
}
