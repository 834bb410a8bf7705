//! `house::apply_overrides` on every preset, then `Rules::new`; an accepted rule set deals.
#![no_main]
use blackjack::engine::shedding::house::apply_overrides;
use blackjack::engine::shedding::{Game, Preset, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    for preset in Preset::ALL {
        if let Ok(Ok(rules)) = apply_overrides(&preset.spec(), s).map(Rules::new) {
            let players = rules.spec().min_players;
            let g = Game::new(rules, players, s.len() as u64).expect("checked rules deal");
            assert_eq!(g.check_invariants(), Ok(()));
        }
    }
});
