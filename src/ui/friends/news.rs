//! What a table with friends says about who is at it: a friend who leaves, comes back, sits
//! down or is removed (read from the host's seats messages, on every page), and the end of a
//! seat or of the table told by the host. Pure words, compiled natively too (`ui/native.rs`), so
//! they are tested without a browser.

use crate::net::{Seat, Seats};

/// How the host ended this page's place at the table.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The host removed this page's person (their seat is a bot's now).
    Removed,
    /// The host closed the table.
    Closed,
}

impl Ended {
    /// What the page says, instead of the table.
    pub fn words(self) -> &'static str {
        match self {
            Ended::Removed => "The host removed you from this table.",
            Ended::Closed => "The host closed this table.",
        }
    }

    /// What the page keeps for the room in place of its seat's token, so that the link opened
    /// again says the same instead of connecting.
    pub fn mark(self) -> &'static str {
        match self {
            Ended::Removed => "removed",
            Ended::Closed => "closed",
        }
    }

    /// The end a kept text marks, if it is one.
    pub fn from_mark(text: &str) -> Option<Ended> {
        [Ended::Removed, Ended::Closed].into_iter().find(|e| e.mark() == text)
    }
}

/// The name of a bot that plays the seat of `name`, away: the log names the bot, not the friend.
pub fn bot_for(name: &str) -> String {
    format!("Bot for {name}")
}

/// The lines a page says when the seats change from `old` to `new` (its own seat, `me`, aside):
/// a friend left (a bot plays for them), is back, sat down, or was removed by the host.
pub fn seat_news(old: &Seats, new: &Seats, me: Option<u8>) -> Vec<String> {
    let lines = old.seats.iter().zip(&new.seats).enumerate().filter(|(i, _)| me.map(usize::from) != Some(*i));
    lines
        .filter_map(|(i, change)| match change {
            (Seat::Friend { here: true, .. }, Seat::Friend { name, here: false }) if new.dealt => {
                Some(format!("{name} left; a bot plays for {name} until {name} is back."))
            }
            (Seat::Friend { here: true, .. }, Seat::Friend { name, here: false }) => {
                Some(format!("{name} left; the seat waits for {name}."))
            }
            (Seat::Friend { here: false, .. }, Seat::Friend { name, here: true }) => Some(format!("{name} is back.")),
            (Seat::Open, Seat::Friend { name, .. }) => Some(format!("{name} took seat {}.", i + 1)),
            // A bot plays the seat for the rest of the game.
            (Seat::Friend { name, .. }, Seat::Bot) => {
                Some(format!("The host removed {name}; a bot plays seat {} from now on.", i + 1))
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(seats: Vec<Seat>, dealt: bool) -> Seats {
        Seats { game: "Taylor Blackjack".into(), seats, dealt, clock_ms: 0 }
    }

    fn sam(here: bool) -> Seat {
        Seat::Friend { name: "Sam".into(), here }
    }

    #[test]
    fn a_friend_who_leaves_and_comes_back_is_told_to_the_table() {
        let host = Seat::Host { name: "Ann".into() };
        let here = table(vec![host.clone(), sam(true), Seat::Bot], true);
        let away = table(vec![host.clone(), sam(false), Seat::Bot], true);
        assert_eq!(seat_news(&here, &away, Some(0)), ["Sam left; a bot plays for Sam until Sam is back."]);
        assert_eq!(seat_news(&away, &here, Some(0)), ["Sam is back."]);
        assert!(seat_news(&here, &here, Some(0)).is_empty(), "no change, no news");
        // Before the deal no bot plays yet.
        let (here, away) = (table(here.seats, false), table(away.seats, false));
        assert_eq!(seat_news(&here, &away, None), ["Sam left; the seat waits for Sam."]);
    }

    #[test]
    fn a_friend_who_sits_down_or_is_removed_is_told_and_one_s_own_seat_is_not() {
        let open = table(vec![Seat::Open, Seat::Open], true);
        let seated = table(vec![Seat::Open, sam(true)], true);
        assert_eq!(seat_news(&open, &seated, Some(0)), ["Sam took seat 2."]);
        assert!(seat_news(&open, &seated, Some(1)).is_empty(), "the page's own seat");
        let removed = table(vec![Seat::Open, Seat::Bot], true);
        assert_eq!(seat_news(&seated, &removed, None), ["The host removed Sam; a bot plays seat 2 from now on."]);
        // A lobby of another length (never sent: the reader refuses it) says what it can.
        assert!(seat_news(&seated, &table(vec![], true), None).is_empty());
    }

    #[test]
    fn an_end_is_kept_as_a_mark_and_read_back() {
        for e in [Ended::Removed, Ended::Closed] {
            assert_eq!(Ended::from_mark(e.mark()), Some(e));
        }
        assert_eq!(Ended::from_mark(&"0123456789abcdef".repeat(2)), None, "a seat's token is no end");
        assert_eq!(bot_for("Sam"), "Bot for Sam");
    }
}
