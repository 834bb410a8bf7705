//! The statistics decoder: read or refused, and what is read writes back the same.
#![no_main]
use blackjack::ui::stats::Stats;
use blackjack::ui::storage::{decode, encode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    for raw in [s.to_string(), format!("blackjack v1\n{s}")] {
        if let Ok(stats) = decode::<Stats>(&raw, 1) {
            assert_eq!(decode::<Stats>(&encode(1, &stats), 1).ok(), Some(stats));
        }
    }
});
