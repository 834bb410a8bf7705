//! What the hostile-input property tests share (native only: proptest is not in the page).
#![allow(dead_code)]

use proptest::prelude::ProptestConfig;

/// `PROPTEST_CASES` when set, else `default` (kept small: the CI share is seconds).
pub fn cases(default: u32) -> ProptestConfig {
    let n = std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default);
    ProptestConfig { cases: n, failure_persistence: None, ..ProptestConfig::default() }
}

/// Tampers with a saved log of action codes: each edit (kind, i, j) removes a code, copies one
/// elsewhere, swaps two, or inserts one of `inserts` (codes that may or may not be legal there).
pub fn tamper(codes: &mut Vec<String>, edits: &[(usize, usize, usize)], inserts: &[&str]) {
    for &(kind, i, j) in edits {
        let n = codes.len().max(1);
        let (i, j) = (i % n, j % n);
        match kind {
            0 if !codes.is_empty() => {
                codes.remove(i);
            }
            1 if !codes.is_empty() => {
                let c = codes[i].clone();
                codes.insert(j, c);
            }
            2 if !codes.is_empty() => codes.swap(i, j),
            _ => codes.insert(i.min(codes.len()), inserts[j % inserts.len()].into()),
        }
    }
}
