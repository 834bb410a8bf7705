//! The UNO Blackjack table's words: seats' names, the log's sentences, the bots' level, and a
//! card's mark as printed on real UNO cards. The reducer (`state.rs`) and the views both read
//! them here; natively built and tested.

use crate::bots::shedding::Level;
use crate::engine::uno::{Event, Face, Seat, UnoCard};
use crate::ui::text::plural;

/// The seat of the person at this screen.
pub const HUMAN: Seat = 0;
const NAMES: [&str; 10] = ["You", "Sam", "Alex", "Jo", "Kit", "Lou", "Max", "Ned", "Pat", "Rae"];

/// A seat's name (ten seats at most; a larger number wraps rather than fails).
pub fn name(seat: Seat) -> &'static str {
    NAMES[seat as usize % NAMES.len()]
}

/// The level as a player reads it: "Easy", "Normal", "Hard".
pub fn level_name(l: Level) -> &'static str {
    match l {
        Level::Random | Level::Easy => "Easy",
        Level::Normal => "Normal",
        Level::Hard => "Hard",
    }
}

/// "Sam flips", "You flip": the subject and a verb that agrees with it.
pub fn says(seat: Seat, verb: &str) -> String {
    if seat != HUMAN {
        return format!("{} {verb}", name(seat));
    }
    let plain = match verb {
        "is" => "are",
        "has" => "have",
        v if v.ends_with("sses") || v.ends_with("shes") => &v[..v.len() - 2],
        v => v.strip_suffix('s').unwrap_or(v),
    };
    format!("You {plain}")
}

/// One line of the game log for an event.
pub fn describe(e: &Event) -> Option<String> {
    let who = |s: Seat| name(s);
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
            if *seat == HUMAN { "lose" } else { "loses" }
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
            if seats.len() == 1 && seats[0] != HUMAN { "s" } else { "" }
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
            if winners.len() == 1 && winners[0] != HUMAN { "s" } else { "" }
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

    #[test]
    fn the_player_is_you_and_the_verb_agrees() {
        assert_eq!(says(HUMAN, "flips"), "You flip");
        assert_eq!(says(HUMAN, "has"), "You have");
        assert_eq!(says(HUMAN, "passes"), "You pass");
        assert_eq!(says(1, "busts"), "Sam busts");
    }

    #[test]
    fn skip_and_reverse_are_marked_as_on_real_cards() {
        assert_eq!(mark(UnoCard { colour: Some(Colour::Red), face: Face::Skip }), "⊘");
        assert_eq!(mark(UnoCard { colour: Some(Colour::Blue), face: Face::Reverse }), "⇄");
    }

    #[test]
    fn the_log_says_who_wins_in_agreement() {
        assert_eq!(
            describe(&Event::Winners { seats: vec![1], total: 21 }).as_deref(),
            Some("Sam wins the round with 21.")
        );
        assert_eq!(
            describe(&Event::Winners { seats: vec![0, 2], total: 20 }).as_deref(),
            Some("You and Alex win the round with 20.")
        );
        assert_eq!(
            describe(&Event::Rewarded { seat: 0, cards: 1 }).as_deref(),
            Some("You take 1 card into the queue.")
        );
    }
}
