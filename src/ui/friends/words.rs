//! What a table with friends says of its seats and of the host's refusals, in players' words
//! (every family's page: the lobby, the status line, the table's notices and log).

use super::news::bot_for;
use crate::bots::shedding::Level;
use crate::net::{Refusal, Seat, Seats};

pub fn refusal_words<R: std::fmt::Display>(r: &Refusal<R>, seats: Option<&Seats>) -> String {
    match r {
        Refusal::UnknownToken => "That seat is not yours.".into(),
        Refusal::SeatTaken { .. } => "Someone else is in that seat now.".into(),
        Refusal::AlreadySeated { .. } => "You have a seat already.".into(),
        Refusal::NotSeated => "Take a seat first.".into(),
        Refusal::Stale { .. } => "The table moved on before your move arrived.".into(),
        Refusal::NotYourSeat => "That is not your move to make.".into(),
        Refusal::Illegal(why) => format!("Not allowed: {why}."),
        Refusal::NotOpen { .. } => "That seat is not free.".into(),
        Refusal::BadName => "Type a name first.".into(),
        Refusal::NotStarted => "The host has not dealt yet.".into(),
        Refusal::CalledFirst { seat } => format!("{} called it first.", seat_name(seats, *seat)),
        Refusal::NotHost => "Only the host can do that.".into(),
        Refusal::NoFriend { .. } => "No friend sits there now.".into(),
        Refusal::EnoughTalk => "You have said enough for one game: the table takes no more talk from you.".into(),
        Refusal::EnoughBets => {
            "You have changed your bet enough for this round: press Deal to play the bet you have.".into()
        }
        Refusal::EnoughSlips => "The table takes no more moves out of turn from you this game.".into(),
    }
}

/// Who sits at `seat`, in words.
pub fn seat_name(seats: Option<&Seats>, seat: u8) -> String {
    match seats.and_then(|s| s.seats.get(seat as usize)) {
        Some(Seat::Friend { name, here: false }) => bot_for(name),
        Some(Seat::Host { name } | Seat::Friend { name, .. }) => name.clone(),
        // Counted in a wider type: a host may name seat 255 (a `u8` plus one would overflow).
        _ => format!("Bot {}", u16::from(seat) + 1),
    }
}

/// Every seat's name and bot level as the screen of seat `me` says them: its own seat is "You"
/// (the table's words speak to the seat named so), a free or bot seat a bot.
pub(crate) fn screen_names(seats: &Seats, me: u8) -> (Vec<String>, Vec<Option<Level>>) {
    seats
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            _ if i == me as usize => ("You".to_owned(), None),
            Seat::Friend { name, here: false } => (bot_for(name), Some(Level::Normal)),
            Seat::Host { name } | Seat::Friend { name, .. } => (name.clone(), None),
            Seat::Bot | Seat::Open => (format!("Bot {}", i + 1), Some(Level::Normal)),
        })
        .unzip()
}

/// The log's line when two made the same call and the host took `first`'s: `too`'s came second.
/// `me` is this page's seat ("you were").
pub fn called_too(seats: Option<&Seats>, me: Option<u8>, first: u8, too: u8) -> String {
    let first = match me == Some(first) {
        true => "you were".to_owned(),
        false => format!("{} was", seat_name(seats, first)),
    };
    format!("{} called it too; {first} first.", seat_name(seats, too))
}
