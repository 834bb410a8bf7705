//! cargo +nightly fuzz run uno_save: a saved UNO game made of fuzzed parts (players, waiting
//! seats, rule options, log) is refused with a typed error or replays to a game with every card
//! accounted for, within its round limit.
#![no_main]
use blackjack::engine::uno::save::save_from_codes;
use blackjack::engine::uno::{Game, SkipValue, UnoSpec};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 6 {
        return;
    }
    let spec = UnoSpec {
        skip_value: if data[0] & 1 == 1 { SkipValue::Zero } else { SkipValue::Ten },
        pass_is_final: data[0] & 2 == 0,
        deal_back_in: data[0] & 4 == 4,
        ..UnoSpec::default()
    };
    let waiting: Vec<u8> = data[2..4].iter().copied().filter(|&s| s != 255).collect();
    let log = String::from_utf8_lossy(&data[6..]);
    if let Ok(save) = save_from_codes(spec, data[1], waiting, data[4] as u64, &log) {
        if let Ok(g) = Game::replay(&save, None) {
            assert_eq!(g.cards_accounted(), g.total_cards());
            assert!(g.round() <= g.rules().round_limit());
        }
    }
});
