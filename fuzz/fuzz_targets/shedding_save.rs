//! The shedding save (`storage::decode::<StoredGame>`, then `StoredGame::replay`): refused with a
//! reason, or a game that passes every invariant.
#![no_main]
use blackjack::ui::shedding::saved::StoredGame;
use blackjack::ui::storage::decode;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    for raw in [s.to_string(), format!("blackjack v1\n{s}")] {
        if let Ok(saved) = decode::<StoredGame>(&raw, 1) {
            if let Ok((_, game)) = saved.replay() {
                assert_eq!(game.check_invariants(), Ok(()));
            }
        }
    }
});
