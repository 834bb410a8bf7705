//! `Card::from_str`: any text is a card or a typed error, and a card reads back as itself.
#![no_main]
use blackjack::engine::cards::Card;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    if let Ok(card) = s.parse::<Card>() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
    }
});
