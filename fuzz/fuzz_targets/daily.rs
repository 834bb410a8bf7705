//! The daily record's decoder: read or refused, and what is read writes back the same.
#![no_main]
use blackjack::ui::daily::Daily;
use blackjack::ui::storage::{decode, encode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    for raw in [s.to_string(), format!("blackjack v1\n{s}")] {
        if let Ok(daily) = decode::<Daily>(&raw, 1) {
            assert_eq!(decode::<Daily>(&encode(1, &daily), 1).ok(), Some(daily));
        }
    }
});
