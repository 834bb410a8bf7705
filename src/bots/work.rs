//! What a shedding table asks the search worker (`search_work`, a wasm module of its own, no
//! yew: the hard bot's search runs there, off the page's thread and out of the page's download)
//! and what the worker answers. [`serve`] is the worker's whole job, plain Rust, tested natively;
//! `ui/search_worker.rs` only carries the messages.
//!
//! A request is the hard bot's own [`SeatView`] (its hand and the public table, never another
//! hand: the type has none), the rules it plays by, its search budget and a seed from the bot's
//! generator, in `postcard`. The answer is a line of text: the move as its action code
//! ([`Action::code`], which the page already reads for its saves), so the page links no decoder
//! for it. Both ways are read with bounds: anything else is `None`, never a panic. The page takes
//! a move only for the state it asked about, and only if that seat may make it ([`Reply::take`]);
//! otherwise the bot plays the normal move.

use super::ismcts::{Ismcts, Search};
use crate::engine::feed::{Shape, Unfit};
use crate::engine::rng::GameRng;
use crate::engine::shedding::{Action, Rules, SeatUpdate, SeatView};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The first byte of every request: a page and a worker of different builds never misread each
/// other (the page's cache may keep an older worker for a while).
pub const FORMAT: u8 = 1;

/// A request is a few hundred bytes (a view, its rules); a longer one is not read.
pub const MAX_REQUEST_BYTES: usize = 16 * 1024;

/// The most iterations a request may ask for: a worker never searches for more than a few
/// seconds, whatever it is sent.
pub const MAX_ITERATIONS: u32 = 50_000;

/// The hard bot's budget in the search worker, iterations a move. Off the page's thread its
/// search costs the page nothing, so it searches longer than the page could
/// ([`super::ismcts::PAGE_ITERATIONS`], when it ran between the page's frames); the tournament
/// measures the hard level at this budget (benches/tournament.rs): in Taylor against three normal
/// bots it won 47.4%, 48.5% and 46.9% (± 3.1) of 1,000 deals each from 7,000,000, 8,000,000 and
/// 9,000,000, deals its tuning never saw (47.6% ± 1.8 of the 3,000); Priestly, since the hard bot
/// says "Last card(s)" with any two or three cards, 46.5% and 45.8% (± 3.1) of 1,000 each from
/// 7,000,000 (42.4% ± 3.1 before) and 9,000,000 (46.2% ± 2.2 of the 2,000); British 54.5% ± 6.9
/// of 200 matches from 7,000,000 (48 of the first 100, 61 of the next 100 played with
/// `--from 100`). 8,000 iterations won no more on the tuning's deals ([`super::ismcts::Ismcts`]).
pub const WORKER_ITERATIONS: u32 = 4000;

/// What is asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Job {
    /// The hard bot's turn move.
    Move,
    /// The analysis of a decision (`bots::analysis`, for the replay page): the chance of the
    /// move `played` from this view and of the best move, `iterations` deals drawn for each.
    Judge { played: Action },
}

/// One request: the searching seat's view and how to search.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub job: Job,
    pub iterations: u32,
    /// The search's generator starts from this (drawn from the bot's own).
    pub seed: u64,
    pub view: SeatView,
}

/// The request's bytes: its view's rules travel beside it (a view does not serialise them).
#[derive(Serialize)]
struct WireOut<'a> {
    job: Job,
    iterations: u32,
    seed: u64,
    rules: &'a Rules,
    view: &'a SeatView,
}

#[derive(Deserialize)]
struct WireIn {
    job: Job,
    iterations: u32,
    seed: u64,
    rules: Rules,
    view: SeatView,
}

impl Request {
    /// The bytes the page posts. A function of the view alone: two games that differ only in
    /// what this seat cannot see give the same bytes (tests/search_work.rs).
    pub fn encode(&self) -> Vec<u8> {
        let wire = WireOut {
            job: self.job,
            iterations: self.iterations,
            seed: self.seed,
            rules: &self.view.rules,
            view: &self.view,
        };
        postcard::to_extend(&wire, vec![FORMAT]).unwrap_or_default()
    }

    /// The request in `bytes`, if it is one a page could have sent: the rules checked as any
    /// rules are, the view's lists fitting its table ([`SeatUpdate::shape`]) and its cards
    /// adding up, so the search never indexes past a list it was sent.
    pub fn decode(bytes: &[u8]) -> Option<Request> {
        if bytes.len() > MAX_REQUEST_BYTES {
            return None;
        }
        let (&FORMAT, body) = bytes.split_first()? else { return None };
        let (wire, rest) = postcard::take_from_bytes::<WireIn>(body).ok()?;
        if !rest.is_empty() || wire.iterations == 0 || wire.iterations > MAX_ITERATIONS {
            return None;
        }
        let mut view = wire.view;
        view.rules = Arc::new(wire.rules);
        fits(&view).ok()?;
        Some(Request { job: wire.job, iterations: wire.iterations, seed: wire.seed, view })
    }
}

/// Whether a view read from bytes is one a table could show: the checks a friend's page makes
/// of a host's update, and the counts the search's sampling relies on (each hand at least the
/// cards known to be in it, no more cards in play than the decks hold).
fn fits(view: &SeatView) -> Result<(), Unfit> {
    let update = SeatUpdate { state_id: view.state_id, view: view.clone(), events: Vec::new() };
    let Shape { seat, seats } = update.shape()?;
    if usize::from(seat) >= seats {
        return Err(Unfit::NoSuchSeat { field: "the searching seat", seat, seats });
    }
    if view.hand_sizes[seat as usize] != view.hand.len() {
        return Err(Unfit::Impossible("the searching seat's hand"));
    }
    let decks = 52 * usize::from(view.rules.decks_for(seats as u8));
    let in_play = view
        .hand_sizes
        .iter()
        .try_fold(view.pile.len(), |n, &k| n.checked_add(k))
        .and_then(|n| n.checked_add(view.stock_len))
        .filter(|&n| n <= decks);
    if in_play.is_none() || view.stock_seen.len() > view.stock_len {
        return Err(Unfit::Impossible("more cards than the decks hold"));
    }
    if (0..seats).any(|s| view.known[s].len() > view.hand_sizes[s]) {
        return Err(Unfit::Impossible("a hand smaller than its known cards"));
    }
    Ok(())
}

/// What the worker posts: a line of text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The worker's module is up: requests posted from now on are read.
    Ready,
    /// The move found for the state `at` (the view's state id), after `iterations`.
    Move { at: u32, action: Action, iterations: u32 },
    /// The judgement of a decision at the state `at`: the chance (in thousandths) of the move
    /// played and of the best move.
    Judged { at: u32, played: Action, played_pm: u16, best: Action, best_pm: u16 },
    /// The request could not be read (nothing to search).
    Refused,
}

/// A reply is a few dozen characters; a longer text is not read.
const MAX_REPLY_CHARS: usize = 80;

/// [`Reply::Ready`]'s text: the page's end of the worker reads it before any other reply (the
/// casino analysis reads its replies with its own reader).
pub const READY: &str = "ready";

/// The worker's answer to a message of a format it does not know (from a page of another build
/// of the site): the page says it needs reloading, never that there was nothing to do.
pub const UNKNOWN: &str = "unknown";

impl Reply {
    pub fn encode(&self) -> String {
        match self {
            Reply::Ready => READY.into(),
            Reply::Move { at, action, iterations } => format!("move {at} {} {iterations}", action.code()),
            Reply::Judged { at, played, played_pm, best, best_pm } => {
                format!("judged {at} {} {played_pm} {} {best_pm}", played.code(), best.code())
            }
            Reply::Refused => "refused".into(),
        }
    }

    /// The reply in `text`, if it is one a worker could have sent.
    pub fn decode(text: &str) -> Option<Reply> {
        if text.len() > MAX_REPLY_CHARS {
            return None;
        }
        let mut words = text.split(' ');
        let reply = match words.next()? {
            READY => Reply::Ready,
            "refused" => Reply::Refused,
            "move" => {
                let at = words.next()?.parse().ok()?;
                let action = Action::from_code(words.next()?)?;
                let iterations = words.next()?.parse().ok()?;
                Reply::Move { at, action, iterations }
            }
            "judged" => {
                let at = words.next()?.parse().ok()?;
                let played = Action::from_code(words.next()?)?;
                let played_pm = words.next()?.parse().ok().filter(|&c| c <= 1000)?;
                let best = Action::from_code(words.next()?)?;
                let best_pm = words.next()?.parse().ok().filter(|&c| c <= 1000)?;
                Reply::Judged { at, played, played_pm, best, best_pm }
            }
            _ => return None,
        };
        words.next().is_none().then_some(reply)
    }

    /// The move this reply gives the seat of `view` at its state, if it is one: an answer for
    /// another state is stale (the game moved on), and a move that seat may not make now is
    /// refused (the bot then plays the normal move).
    pub fn take(&self, view: &SeatView) -> Taken {
        match *self {
            Reply::Move { at, .. } if at != view.state_id => Taken::Stale,
            Reply::Move { action, .. }
                if action.seat() == view.seat && super::shedding::turn_actions(view).contains(&action) =>
            {
                Taken::Move(action)
            }
            Reply::Ready => Taken::Stale,
            _ => Taken::Refused,
        }
    }
}

/// What the page makes of a reply ([`Reply::take`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Taken {
    Move(Action),
    /// For another state than the one in view: dropped.
    Stale,
    /// Not a move this seat may make: the bot plays the normal move instead.
    Refused,
}

/// The worker's job: the reply to the request in `bytes`.
pub fn serve(bytes: &[u8]) -> Reply {
    let Some(request) = Request::decode(bytes) else { return Reply::Refused };
    match request.job {
        Job::Move => {
            if !request.view.is_my_turn() || super::shedding::turn_actions(&request.view).is_empty() {
                return Reply::Refused;
            }
            let config = Ismcts { iterations: request.iterations, ..Ismcts::default() };
            let at = request.view.state_id;
            let mut search = Search::new(config, request.view, GameRng::new(request.seed));
            search.run(request.iterations);
            Reply::Move { at, action: search.best(), iterations: search.iterations() }
        }
        Job::Judge { played } => {
            let pm = |chance: f64| (chance.clamp(0.0, 1.0) * 1000.0).round() as u16;
            if request.iterations > super::analysis::MAX_SAMPLES {
                return Reply::Refused;
            }
            match super::analysis::judge(&request.view, played, request.iterations, request.seed) {
                Some(j) => Reply::Judged {
                    at: j.at,
                    played,
                    played_pm: pm(j.played_chance),
                    best: j.best,
                    best_pm: pm(j.best_chance),
                },
                None => Reply::Refused,
            }
        }
    }
}
