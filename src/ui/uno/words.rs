//! The UNO Blackjack table's words: the log's sentences, the bots' level, and a card's mark as
//! printed on real UNO cards. Seats go by the table's names, as at the shedding tables (whose
//! `who`, "You" and default names these are): the one person at a table of bots is "You", and
//! at a pass-and-play table every seat goes by its name. The reducer (`state.rs`) and the views
//! both read them here; natively built and tested.

use crate::bots::shedding::Level;
use crate::engine::uno::{Event, Face, Seat, UnoCard};
pub use crate::ui::shedding::words::{is_you, seat_name as name, who as says};
use crate::ui::text::plural;

/// The seat of the person at a table of one person and bots (the new-game form seats them first).
pub const HUMAN: Seat = 0;

/// How long a game lasts in minutes, by players (2 to 10): the middle half of the games and
/// the median, with the classic 15 cards each, then with the short game's 8. Measured by
/// `cargo run --release --example game_lengths` (60 games each: normal bots, a bot's move
/// 0.5 s, a person's 2 s, each round revealed 2.5 s after the last).
const GAME_MINUTES: [[(u8, u8, u8); 2]; 9] = [
    [(1, 4, 3), (1, 2, 1)],
    [(3, 10, 5), (1, 3, 2)],
    [(5, 14, 8), (2, 5, 4)],
    [(9, 19, 13), (2, 6, 4)],
    [(11, 22, 16), (3, 9, 5)],
    [(18, 41, 24), (5, 13, 8)],
    [(17, 41, 29), (5, 16, 9)],
    [(27, 65, 42), (9, 20, 13)],
    [(29, 78, 49), (10, 25, 19)],
];

/// How long a game at this table usually lasts, as the setup says it; past ten minutes in the
/// middle, the short game's length too.
pub fn game_length(players: u8, short: bool) -> String {
    let row = GAME_MINUTES[(players.clamp(2, 10) - 2) as usize];
    let (lo, hi, mid) = row[short as usize];
    let mut line = format!("A game of {players} usually lasts {lo} to {hi} minutes, half of them under {mid}.");
    if !short && mid > 10 {
        let (lo, hi, _) = row[1];
        line.push_str(&format!(" \"A short game\" lasts {lo} to {hi}."));
    }
    line
}

/// The level as a player reads it: "Easy", "Normal", "Hard".
pub fn level_name(l: Level) -> &'static str {
    match l {
        Level::Random | Level::Easy => "Easy",
        Level::Normal => "Normal",
        Level::Hard => "Hard",
    }
}

/// "Sam and Jo", "Sam, Jo and Kit": the names of several seats.
pub fn names_of(names: &[String], seats: &[Seat]) -> String {
    let all: Vec<&str> = seats.iter().map(|&s| name(names, s)).collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => all.concat(),
    }
}

/// One line of the game log for an event, `names` the table's.
pub fn describe(names: &[String], e: &Event) -> Option<String> {
    let says = |s: Seat, verb: &str| says(names, s, verb);
    let who = |s: Seat| name(names, s);
    // "wins" for one seat named, "win" for several or for "You".
    let win = |seats: &[Seat]| if seats.len() == 1 && !is_you(names, seats[0]) { "s" } else { "" };
    Some(match e {
        Event::RoundStarts { round, starter } => format!("Round {round}: {}.", says(*starter, "starts")),
        Event::Flipped { seat, card, from_deck, total } => format!(
            "{} {}{}: {total}.",
            says(*seat, "flips"),
            card.name(),
            if *from_deck { " from the deck" } else { "" }
        ),
        Event::DrawPenalty { seat } => format!(
            "Draw one: {} a card and {} the turn.",
            says(*seat, "flips"),
            if is_you(names, *seat) { "lose" } else { "loses" }
        ),
        Event::Skipped { seat } => format!("{} skipped.", says(*seat, "is")),
        Event::Reversed { clockwise } => {
            format!("Reverse: play goes {}.", if *clockwise { "clockwise" } else { "anticlockwise" })
        }
        Event::Bust { seat, total, .. } => format!("{} with {total}.", says(*seat, "busts")),
        Event::Passed { seat } => format!("{}.", says(*seat, "passes")),
        Event::TrashShuffled { cards } => format!("The trash ({cards} cards) is shuffled into the deck."),
        Event::Winners { seats, total } => format!(
            "{} win{} the round with {total}.",
            seats.iter().map(|&s| who(s)).collect::<Vec<_>>().join(" and "),
            win(seats)
        ),
        Event::Rewarded { seat, cards } => {
            format!("{} {} into the queue.", says(*seat, "takes"), plural(*cards as usize, "card"))
        }
        Event::Joined { seat } => format!("{} the game.", says(*seat, "joins")),
        Event::EarnedQueue { seat } => format!("{} earned a queue.", says(*seat, "has")),
        Event::Out { seat } => format!("{} out of cards and out of the game.", says(*seat, "is")),
        Event::GameOver { winners } => format!(
            "Game over: {} win{}.",
            winners.iter().map(|&s| who(s)).collect::<Vec<_>>().join(" and "),
            win(winners)
        ),
        Event::NoCards { seat } => format!("No cards left for {}.", who(*seat)),
        Event::RoundLimit { rounds } => {
            format!("That was round {rounds}, the last: the most cards in a queue wins.")
        }
    })
}

/// The mark printed on a card, as on real UNO cards: a number, ⊘ (skip), ⇄ (reverse), +2, W or
/// +4. (The engine's letters, "S" and "R", read as colours beside the colour letter: "RR".)
pub fn mark(c: UnoCard) -> String {
    match c.face {
        Face::Skip => "⊘".into(),
        Face::Reverse => "⇄".into(),
        _ => c.symbol(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::uno::Colour;

    fn table() -> Vec<String> {
        ["You", "Sam", "Alex", "Jo"].map(String::from).to_vec()
    }

    #[test]
    fn the_player_is_you_and_the_verb_agrees() {
        let t = table();
        assert_eq!(says(&t, HUMAN, "flips"), "You flip");
        assert_eq!(says(&t, HUMAN, "has"), "You have");
        assert_eq!(says(&t, HUMAN, "passes"), "You pass");
        assert_eq!(says(&t, 1, "busts"), "Sam busts");
    }

    #[test]
    fn on_a_shared_screen_every_seat_goes_by_its_name() {
        let t = ["Player 1", "Sam", "Jo"].map(String::from).to_vec();
        assert_eq!(describe(&t, &Event::Passed { seat: 0 }).as_deref(), Some("Player 1 passes."));
        assert_eq!(
            describe(&t, &Event::DrawPenalty { seat: 0 }).as_deref(),
            Some("Draw one: Player 1 flips a card and loses the turn.")
        );
        assert_eq!(describe(&t, &Event::GameOver { winners: vec![0] }).as_deref(), Some("Game over: Player 1 wins."));
        assert_eq!(names_of(&t, &[0, 1, 2]), "Player 1, Sam and Jo");
    }

    #[test]
    fn skip_and_reverse_are_marked_as_on_real_cards() {
        assert_eq!(mark(UnoCard { colour: Some(Colour::Red), face: Face::Skip }), "⊘");
        assert_eq!(mark(UnoCard { colour: Some(Colour::Blue), face: Face::Reverse }), "⇄");
    }

    #[test]
    fn the_log_says_who_wins_in_agreement() {
        assert_eq!(
            describe(&table(), &Event::Winners { seats: vec![1], total: 21 }).as_deref(),
            Some("Sam wins the round with 21.")
        );
        assert_eq!(
            describe(&table(), &Event::Winners { seats: vec![0, 2], total: 20 }).as_deref(),
            Some("You and Alex win the round with 20.")
        );
        assert_eq!(
            describe(&table(), &Event::Rewarded { seat: 0, cards: 1 }).as_deref(),
            Some("You take 1 card into the queue.")
        );
    }

    #[test]
    fn the_setup_says_how_long_a_game_lasts_and_offers_the_short_game_past_ten_minutes() {
        assert_eq!(game_length(4, false), "A game of 4 usually lasts 5 to 14 minutes, half of them under 8.");
        assert_eq!(game_length(4, true), "A game of 4 usually lasts 2 to 5 minutes, half of them under 4.");
        assert!(game_length(6, false).ends_with("\"A short game\" lasts 3 to 9."));
        // Every row: the middle half holds its median, the short game is shorter.
        for row in GAME_MINUTES {
            for (lo, hi, mid) in row {
                assert!(lo <= mid && mid <= hi);
            }
            assert!(row[1].2 < row[0].2);
        }
    }
}
