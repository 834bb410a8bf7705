//! The settings decoder: read or refused, and what is read writes back the same.
#![no_main]
use blackjack::ui::settings::{Settings, VERSION};
use blackjack::ui::storage::{decode, encode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    for raw in [s.to_string(), format!("blackjack v{VERSION}\n{s}")] {
        if let Ok(settings) = decode::<Settings>(&raw, VERSION) {
            assert_eq!(decode::<Settings>(&encode(VERSION, &settings), VERSION).ok(), Some(settings));
        }
    }
});
