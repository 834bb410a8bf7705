//! The players' words of the shedding table, in one place: the log's sentences, each seat's
//! latest act, the penalties' reasons, table talk, and the banner that explains a penalty. The
//! reducer (`state.rs`) and the views (`seats.rs`, `controls.rs`, `end.rs`) both read them here,
//! so imports run one way: table → views → state → words. Builds natively, and is tested there.

use crate::engine::cards::Card;
use crate::engine::shedding::{AccusationView, Action, Event, PenaltyReason, Phrase, Seat, SeatView};

/// The seat of the person at a table of one person and bots (the new-game form seats them first).
pub const HUMAN: Seat = 0;

/// The name of the seat a screen speaks to. A screen names its own seat so (the one person's at
/// a table of bots, each friend's own at a table online); at a pass-and-play table, where the
/// screen is handed round, every seat goes by its name.
pub const YOU: &str = "You";

/// Whether `seat` is spoken to ("You play") rather than named ("Sam plays").
pub fn is_you(names: &[String], seat: Seat) -> bool {
    names.get(seat as usize).is_some_and(|n| n == YOU)
}

/// "Sam plays", "You play": the subject and a present-tense verb that agrees with it.
pub fn who(names: &[String], seat: Seat, verb: &str) -> String {
    if !is_you(names, seat) {
        return format!("{} {verb}", seat_name(names, seat));
    }
    let (first, rest) = verb.split_once(' ').map_or((verb, ""), |(f, r)| (f, r));
    let plain = match first {
        "is" => "are".to_string(),
        "has" => "have".to_string(),
        f if f.ends_with("sses") || f.ends_with("shes") => f[..f.len() - 2].to_string(),
        f => f.strip_suffix('s').unwrap_or(f).to_string(),
    };
    if rest.is_empty() {
        format!("You {plain}")
    } else {
        format!("You {plain} {rest}")
    }
}

/// A seat's name; a seat the names do not cover (never at a checked table) reads "A player".
pub fn seat_name(names: &[String], seat: Seat) -> &str {
    names.get(seat as usize).map_or("A player", String::as_str)
}

/// "Q♠", "10♥": a card in few letters, for the seats and the laid-so-far strip.
pub fn short(c: Card) -> String {
    format!("{}{}", c.rank.short(), c.suit.symbol())
}

/// "1 card", "3 cards".
pub fn cards(n: u32) -> String {
    crate::ui::text::plural(n as usize, "card")
}

/// Table talk, as it is said.
pub fn phrase_text(names: &[String], p: Phrase) -> String {
    match p {
        Phrase::Sorry => "Sorry!".into(),
        Phrase::YourTurn(s) => format!("Your turn, {}", seat_name(names, s)),
        Phrase::WellPlayed => "Well played".into(),
        Phrase::Hurry => "Hurry up!".into(),
    }
}

/// Why a penalty was given, in a few words (the log and the seat's badge).
pub fn reason_text(r: PenaltyReason) -> &'static str {
    match r {
        PenaltyReason::Timeout => "too slow",
        PenaltyReason::OutOfTurn => "played out of turn",
        PenaltyReason::WrongCard => "wrong card",
        PenaltyReason::TableTalk => "table talk",
        PenaltyReason::MissedLastCard => "no \"Last card\"",
        PenaltyReason::FalseLastCard => "false \"Last card\"",
        PenaltyReason::FalseAccusation => "false call-out",
        PenaltyReason::WrongDispute => "wrong dispute",
        PenaltyReason::NoCallToGoOut => "went out without calling",
    }
}

/// What a seat did, as its seat shows it ("played Q♠", "picked up 2", "Last card!"), with the
/// kind of act for the look: "play", "draw", "call" or "say". Nothing for events a seat does
/// not show.
pub fn act(names: &[String], e: &Event) -> Option<(Seat, String, &'static str)> {
    Some(match e {
        Event::Played { seat, card } => (*seat, format!("played {}", short(*card)), "play"),
        Event::SuitNamed { seat, suit } => (*seat, format!("named {}", suit.symbol()), "play"),
        Event::Drew { seat, cards } => (*seat, format!("picked up {cards}"), "draw"),
        Event::Penalty { seat, cards, reason } => (*seat, format!("+{cards}: {}", reason_text(*reason)), "draw"),
        Event::Passed { seat } => (*seat, "passed".into(), "draw"),
        Event::Skipped { seat } => (*seat, "missed a turn".into(), "draw"),
        Event::CalledLastCard { seat } => (*seat, "Last card!".into(), "call"),
        Event::Said { seat, phrase } => (*seat, format!("“{}”", phrase_text(names, *phrase)), "say"),
        Event::Accused { accuser, target, .. } => {
            (*accuser, format!("called out {}!", seat_name(names, *target)), "call")
        }
        Event::WentOut { seat, place } => (*seat, format!("out: place {place}"), "call"),
        _ => return None,
    })
}

/// One line of the game log for an event, or nothing for bookkeeping events.
pub fn describe(names: &[String], e: &Event) -> Option<String> {
    let who = |seat: Seat, verb: &str| who(names, seat, verb);
    let name = |seat: Seat| seat_name(names, seat);
    Some(match e {
        Event::Dealt { round, dealer, .. } => format!("Round {}: {}.", round.saturating_add(1), who(*dealer, "deals")),
        Event::Played { seat, card } => format!("{} the {}.", who(*seat, "plays"), card.name()),
        Event::SuitNamed { seat, suit } => format!("{} {}.", who(*seat, "names"), suit.name()),
        Event::Drew { seat, cards: n } => format!("{} {}.", who(*seat, "picks up"), cards(*n as u32)),
        Event::Passed { seat } => format!("{}.", who(*seat, "passes")),
        Event::Penalty { seat, cards: n, reason } => {
            format!("{} {} ({}).", who(*seat, "picks up"), cards(*n as u32), reason_text(*reason))
        }
        Event::Refilled { shuffled, .. } => {
            if *shuffled {
                "The pile is shuffled into a new stock.".into()
            } else {
                "The pile is turned over.".into()
            }
        }
        Event::PickUpPending { cards } => format!("Pick-up of {cards} pending."),
        Event::Reversed { .. } => "Direction reversed.".into(),
        Event::Skipped { seat } => format!("{} a turn.", who(*seat, "misses")),
        Event::CalledLastCard { seat } => format!("{}: \"Last card!\"", name(*seat)),
        Event::MissedLastCard { seat } => format!("{} did not say \"Last card\".", name(*seat)),
        Event::Said { seat, phrase } => format!("{}: \"{}\"", name(*seat), phrase_text(names, *phrase)),
        Event::Accused { accuser, target, .. } => format!("{} {}!", who(*accuser, "calls out"), name(*target)),
        Event::DisputeUpheld { by, .. } => format!("{} the call-out was false.", who(*by, "shows")),
        Event::DisputeRejected { by, .. } => format!("{}, wrongly.", who(*by, "disputes")),
        Event::OutOfTurn { seat } => format!("{} out of turn.", who(*seat, "plays")),
        Event::WentOut { seat, place } => format!("{} out (place {place}).", who(*seat, "is")),
        Event::RoundOver { round, .. } => format!("Round {} is over.", round.saturating_add(1)),
        Event::TieBreak { seats } => {
            format!("Tie-breaker between {}.", seats.iter().map(|&s| name(s)).collect::<Vec<_>>().join(" and "))
        }
        Event::TurnLimit { .. } => "The turn limit: the game ends, fewest cards first.".into(),
        Event::GameOver { winner } => {
            format!("{} {} the game!", name(*winner), if is_you(names, *winner) { "win" } else { "wins" })
        }
        Event::TurnStarts { .. } | Event::PickUpCleared => return None,
    })
}

/// A false call-out shown to be false, for the log: who showed it, that the cards handed over
/// go back, and who pays for the call (the penalty's own line follows with what it cost).
pub fn upheld(names: &[String], by: Seat, a: &AccusationView) -> String {
    let of = if by == a.target { String::new() } else { format!(" of {}", seat_name(names, a.target)) };
    // "You" mid-sentence is "you" (said whole: a search for "You" in the text costs the page
    // a string searcher).
    let payer = if is_you(names, a.accuser) { "you pay".to_string() } else { who(names, a.accuser, "pays") };
    format!(
        "{} the call-out{of} was false: the {} go back to the stock, and {payer} for the false call-out.",
        who(names, by, "shows"),
        cards(a.cards as u32),
    )
}

/// The seat of a player whose call-out was shown to be false: the cards it was handed went back.
pub fn returned(n: u8) -> String {
    format!("{} returned", cards(n as u32))
}

/// The penalties `me` paid in `events`, in order: the reason and the cards.
pub fn penalties_of(me: Seat, events: &[Event]) -> Vec<(PenaltyReason, u8)> {
    let of_me = |e: &Event| match e {
        Event::Penalty { seat, cards, reason } if *seat == me => Some((*reason, *cards)),
        _ => None,
    };
    events.iter().filter_map(of_me).collect()
}

/// What to do next time, after a penalty for `reason`.
fn next_time(reason: PenaltyReason) -> &'static str {
    match reason {
        PenaltyReason::WrongCard => "Play a card that follows.",
        PenaltyReason::OutOfTurn => "Wait for your turn.",
        PenaltyReason::Timeout => "Move before your ring runs out.",
        PenaltyReason::TableTalk => "Say nothing during play.",
        PenaltyReason::MissedLastCard => "Say it with one card left.",
        PenaltyReason::FalseLastCard => "Say it with one card left.",
        PenaltyReason::FalseAccusation => "Call out only a silent last card.",
        PenaltyReason::WrongDispute => "Dispute only a false call.",
        PenaltyReason::NoCallToGoOut => "Say it before your turn.",
    }
}

/// The penalties a person paid since their last move (`owed`, oldest first), in full, as a
/// banner: what happened and what to do next time (the log line and the seat's badge only name
/// the reason). Two that land together (too slow, then a call-out, before the person moved
/// again) are both named, with what they cost in all. `before` is the view the latest move was
/// made from; `mine` the person's own move, when the update answers it (a wrong card names both
/// cards). Nothing when nothing is owed.
pub fn penalty_banner(before: &SeatView, mine: Option<Action>, owed: &[(PenaltyReason, u8)]) -> Option<String> {
    let (what, next, total) = match owed {
        [] => return None,
        [(PenaltyReason::WrongCard, n)] if matches!(mine, Some(Action::Play { .. })) => {
            let Some(Action::Play { card, .. }) = mine else { return None };
            let n = cards(*n as u32);
            return Some(format!("The {} does not follow the {}: you pick up {n}.", card.name(), before.top().name()));
        }
        [(reason, n)] => (reason_text(*reason).to_string(), next_time(*reason).to_string(), cards(*n as u32)),
        several => {
            let what: Vec<&str> = several.iter().map(|(r, _)| reason_text(*r)).collect();
            let mut next: Vec<&str> = Vec::new();
            for (r, _) in several {
                if !next.contains(&next_time(*r)) {
                    next.push(next_time(*r));
                }
            }
            let total = several.iter().map(|(_, n)| *n as u32).sum();
            (what.join(", then "), next.join(" "), format!("{} in all", cards(total)))
        }
    };
    Some(format!("{}: you pick up {total}. {next}", crate::ui::text::capitalise(&what)))
}

/// A turn move that landed after its turn timed out (a tap in flight as the ring ran out): it
/// was not played, and costs nothing more; `owed` is the banner of what the timeout cost.
pub fn late_tap(owed: Option<String>) -> String {
    let late = "Too late: your move landed after your ring ran out, so it was not played (and costs nothing more).";
    match owed {
        Some(owed) => format!("{late} {owed}"),
        None => late.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::{Rank, Suit};

    fn names() -> Vec<String> {
        ["You", "Sam", "Ali"].map(String::from).to_vec()
    }

    #[test]
    fn the_player_is_you_and_the_verb_agrees() {
        let n = names();
        assert_eq!(who(&n, 0, "plays"), "You play");
        assert_eq!(who(&n, 0, "is"), "You are");
        assert_eq!(who(&n, 0, "passes"), "You pass");
        assert_eq!(who(&n, 0, "picks up"), "You pick up");
        assert_eq!(who(&n, 1, "picks up"), "Sam picks up");
    }

    #[test]
    fn a_seat_without_a_name_never_breaks_a_sentence() {
        assert_eq!(describe(&names(), &Event::Passed { seat: 7 }).as_deref(), Some("A player passes."));
    }

    #[test]
    fn the_log_names_cards_and_counts_in_words() {
        let n = names();
        let card = Card { rank: Rank::Queen, suit: Suit::Spades };
        assert_eq!(describe(&n, &Event::Played { seat: 1, card }).as_deref(), Some("Sam plays the Queen of spades."));
        assert_eq!(describe(&n, &Event::Drew { seat: 0, cards: 1 }).as_deref(), Some("You pick up 1 card."));
        let penalty = Event::Penalty { seat: 2, cards: 2, reason: PenaltyReason::Timeout };
        assert_eq!(describe(&n, &penalty).as_deref(), Some("Ali picks up 2 cards (too slow)."));
        assert_eq!(describe(&n, &Event::PickUpCleared), None);
    }

    #[test]
    fn a_seat_shows_its_act_in_few_letters() {
        let card = Card { rank: Rank::Ten, suit: Suit::Hearts };
        assert_eq!(act(&names(), &Event::Played { seat: 2, card }), Some((2, "played 10♥".into(), "play")));
        let said = Event::Said { seat: 1, phrase: Phrase::YourTurn(2) };
        assert_eq!(act(&names(), &said), Some((1, "“Your turn, Ali”".into(), "say")));
        assert_eq!(act(&names(), &Event::Reversed { clockwise: true }), None);
    }

    #[test]
    fn every_penalty_of_the_players_is_explained_with_what_to_do_next_time() {
        let game = crate::engine::shedding::Game::new(
            std::sync::Arc::new(crate::engine::shedding::Preset::Taylor.rules()),
            3,
            1,
        )
        .expect("deals");
        let view = game.view(HUMAN);
        let reasons = [
            PenaltyReason::OutOfTurn,
            PenaltyReason::Timeout,
            PenaltyReason::TableTalk,
            PenaltyReason::MissedLastCard,
            PenaltyReason::FalseLastCard,
            PenaltyReason::FalseAccusation,
            PenaltyReason::WrongDispute,
            PenaltyReason::NoCallToGoOut,
        ];
        for reason in reasons {
            let events = [Event::Penalty { seat: HUMAN, cards: 2, reason }];
            let banner = penalty_banner(&view, None, &penalties_of(HUMAN, &events)).expect("explained");
            // What happened, what it cost, then a second sentence: what to do next time.
            assert!(banner.contains("2 cards"), "{banner}");
            assert!(banner.trim_end_matches('.').contains(". "), "{banner}");
            // Another seat's penalty is its own business: no banner.
            let theirs = [Event::Penalty { seat: 1, cards: 2, reason }];
            assert_eq!(penalty_banner(&view, None, &penalties_of(HUMAN, &theirs)), None);
        }
    }

    #[test]
    fn two_penalties_that_land_together_are_both_named_with_what_they_cost_in_all() {
        let game = crate::engine::shedding::Game::new(
            std::sync::Arc::new(crate::engine::shedding::Preset::Taylor.rules()),
            3,
            1,
        )
        .expect("deals");
        let owed = [(PenaltyReason::Timeout, 1), (PenaltyReason::MissedLastCard, 7)];
        let banner = penalty_banner(&game.view(HUMAN), None, &owed).expect("explained");
        assert_eq!(
            banner,
            "Too slow, then no \"Last card\": you pick up 8 cards in all. Move before your ring runs out. \
             Say it with one card left."
        );
        let late = late_tap(Some(banner));
        assert!(late.starts_with("Too late:") && late.contains("not played") && late.contains("Too slow"), "{late}");
    }

    #[test]
    fn a_false_call_out_reads_as_cards_returned_and_names_who_pays() {
        let a = AccusationView {
            id: 0,
            accuser: 0,
            target: 1,
            infringement: crate::engine::shedding::Infringement::MissedLastCard,
            correct: false,
            cards: 7,
            open: true,
        };
        assert_eq!(
            upheld(&names(), 1, &a),
            "Sam shows the call-out was false: the 7 cards go back to the stock, and you pay for the false call-out."
        );
        assert_eq!(
            upheld(&names(), 2, &a),
            "Ali shows the call-out of Sam was false: the 7 cards go back to the stock, and you pay for the false call-out."
        );
        assert_eq!(returned(7), "7 cards returned");
    }
}
