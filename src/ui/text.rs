//! Small text helpers every table uses, in the native build too (the reducers and their tests
//! run natively): counts that agree with their word, the log's window, HTML escaping of names.

/// "1 card", "2 cards": a count and a word that agrees with it.
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Appends the sentences for `events` to a table's log, keeping the last `keep` lines.
pub fn extend_log<E>(log: &mut Vec<String>, events: &[E], describe: impl Fn(&E) -> Option<String>, keep: usize) {
    log.extend(events.iter().filter_map(describe));
    let drop = log.len().saturating_sub(keep);
    log.drain(..drop);
}

/// Text for HTML: names are typed by the player.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The first letter in capitals. ASCII only: the engine's sentences are English, and
/// `to_uppercase` would bring Unicode tables into the page.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_ascii_uppercase().to_string() + c.as_str()).unwrap_or_default()
}

/// "1st", "2nd", "3rd", "11th", "22nd": a place in words.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_agrees_with_its_word() {
        assert_eq!(plural(1, "card"), "1 card");
        assert_eq!(plural(0, "card"), "0 cards");
        assert_eq!(plural(12, "bot"), "12 bots");
    }

    #[test]
    fn the_log_keeps_only_its_window() {
        let mut log: Vec<String> = (0..5).map(|i| i.to_string()).collect();
        extend_log(&mut log, &[5, 6, 7], |n| (n % 2 == 1).then(|| n.to_string()), 4);
        assert_eq!(log, ["3", "4", "5", "7"]);
    }

    #[test]
    fn names_cannot_carry_markup() {
        assert_eq!(escape("<b>Sam & 'Jo'</b>"), "&lt;b&gt;Sam &amp; &#39;Jo&#39;&lt;/b&gt;");
    }

    #[test]
    fn only_the_first_letter_is_raised() {
        assert_eq!(capitalise("not your turn"), "Not your turn");
        assert_eq!(capitalise(""), "");
    }
}
