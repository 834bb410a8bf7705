//! `TableSetup::parse` (a share link): a table or a typed refusal; a table's link opens the same table.
#![no_main]
use blackjack::ui::shedding::link::TableSetup;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|s: &str| {
    for hash in [s.to_string(), format!("#table={s}")] {
        if let Some(Ok(setup)) = TableSetup::parse(&hash) {
            assert_eq!(TableSetup::parse(&setup.fragment()), Some(Ok(setup)));
        }
    }
});
