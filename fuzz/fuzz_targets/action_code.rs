//! `Action::parse_code` (the saved move codes): a move or a typed error; a move writes back as itself.
#![no_main]
use blackjack::engine::shedding::Action;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    if let Ok(a) = Action::parse_code(s) {
        assert_eq!(Action::parse_code(&a.code()), Ok(a));
    }
});
