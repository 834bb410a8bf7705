//! cargo +nightly fuzz run casino_codes: any bytes as one casino action code and as a whole
//! saved log; a typed error or an action that prints back to the same code, never a panic.
#![no_main]
use blackjack::engine::casino::save::{code, parse_code};
use blackjack::engine::codes::{parse_log, ReplayError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(a) = parse_code(&text) {
        assert_eq!(parse_code(&code(a)), Ok(a));
    }
    let _: Result<_, ReplayError<(), ()>> = parse_log(&text, parse_code);
});
