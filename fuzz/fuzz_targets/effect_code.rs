//! `house::parse_effect` (a power card's effect code): an effect or `None`, and it reads back.
#![no_main]
use blackjack::engine::shedding::house::{effect_code, parse_effect};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    if let Some(e) = parse_effect(s) {
        assert_eq!(parse_effect(&effect_code(e)), Some(e));
    }
});
