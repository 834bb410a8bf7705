//! cargo +nightly fuzz run table_codes: any bytes as one casino and one UNO action code, and as
//! a whole saved log of each; a typed error or an action that prints back to the same code,
//! never a panic. (The two tables share the log reader; one target covers both codes.)
#![no_main]
use blackjack::engine::codes::{parse_log, CodeError, ReplayError};
use blackjack::engine::{casino, uno};
use libfuzzer_sys::fuzz_target;

/// One decoder's checks: a code that parses prints back to itself; a log is read whole.
fn check<A: PartialEq + std::fmt::Debug + Copy>(text: &str, parse: fn(&str) -> Result<A, CodeError>, code: fn(A) -> String) {
    if let Ok(a) = parse(text) {
        assert_eq!(parse(&code(a)), Ok(a));
    }
    let _: Result<_, ReplayError<(), (), ()>> = parse_log(text, parse);
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    check(&text, casino::save::parse_code, casino::save::code);
    check(&text, uno::save::parse_code, uno::save::code);
});
