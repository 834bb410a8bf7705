//! cargo +nightly fuzz run casino_save: a saved casino table made of fuzzed parts (choice,
//! chips, log) is refused with a typed error or replays to a table whose chips and cards are
//! all accounted for.
#![no_main]
use blackjack::engine::casino::save::{restore, Choice};
use blackjack::engine::casino::TableSpec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 12 {
        return;
    }
    let choice = Choice { decks: data[0], bots: data[1], surrender: data[2] & 1 == 1, h17: data[2] & 2 == 2, spots: data[2] >> 2 };
    let chips = i64::from_le_bytes(data[3..11].try_into().unwrap());
    let seed = data[11] as u64;
    let log = String::from_utf8_lossy(&data[12..]);
    if let Ok(g) = restore(choice, seed, chips, &log) {
        let bots = g.bankrolls().len() as i64 - 1;
        assert_eq!(g.chips_in_play(), chips.max(500) + bots * TableSpec::default().starting_bankroll);
        assert_eq!(g.cards_accounted(), g.rules().decks as usize * 52);
    }
});
