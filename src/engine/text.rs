//! Reading untrusted text (links, saves, house rules): numbers by ASCII checks, and refused text
//! quoted short. Nothing here slices by byte offset, so any text is safe.

/// A whole number written in ASCII digits only (no sign, no spaces, at most 20 digits) that fits `T`.
pub fn ascii_number<T: std::str::FromStr>(s: &str) -> Option<T> {
    (!s.is_empty() && s.len() <= 20 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
}

/// At most the first 24 characters of refused text, with "..." when cut: a message never repeats
/// a huge input.
pub fn shown(s: &str) -> String {
    let mut out: String = s.chars().take(24).collect();
    if out.len() < s.len() {
        out.push_str("...");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_plain_ascii_digits_and_quotes_are_cut_by_character() {
        assert_eq!(ascii_number::<u8>("12"), Some(12));
        for bad in ["", "+1", "-1", " 1", "1 ", "256", "１", "1é", "99999999999999999999999"] {
            assert_eq!(ascii_number::<u8>(bad), None, "{bad}");
        }
        assert_eq!(shown("short"), "short");
        assert_eq!(shown(&"é".repeat(30)), format!("{}...", "é".repeat(24)));
    }
}
