//! This engine as a peer for OpenSpiel: JSON lines on stdin, one JSON reply per line on stdout.
//! benches/openspiel/match.py drives it, owns OpenSpiel's `crazy_eights` state and checks the
//! two engines against each other at every step (scripts/openspiel-match.sh runs the match).
//!
//!   cargo build --profile bench --example openspiel_peer
//!
//! Cards and actions travel as OpenSpiel's action ids: a card is `rank * 4 + suit` (ranks
//! 2,3,..,K,A as 0..12; suits C,D,H,S as 0..3), 52 is Draw, 53 Pass, 54 + suit names a suit.
//!
//! Requests (one JSON object per line) and replies:
//! - `{"cmd":"new","players":P,"seed":S}`: deals a Crazy Eights game from seed S.
//!   Reply: `{"dealer","hands":[[ids]..],"starter","current","legal","over"}`.
//! - `{"cmd":"apply","action":ID}`: plays a turn action of the current seat.
//!   Reply: `{"drawn":ID|null,"current","legal","over","winner":SEAT|null}`; `drawn` is the card a
//!   Draw took from the stock (OpenSpiel's next chance outcome).
//! - `{"cmd":"think","seat":S,"level":"hard"|"normal","ms":T,"clock":"cpu"|"wall"}` (or
//!   `"iterations":N` instead of `ms`): the bot's move from `game.view(S)` alone. The hard bot
//!   runs its search in chunks until T ms are spent (this thread's CPU time with `"cpu"`, else
//!   wall time), as the page runs it in chunks between frames. `"level":"open"` is a reference,
//!   not a fair player: the hard bot's search told every other hand (not the stock's order).
//!   Optional `"tries":N`, `"infer":BOOL`, `"policy_tree":BOOL` set the hard bot's model of the
//!   others (`Ismcts`'s fields of those names; left out, its defaults); `"voids":false` also
//!   drops what the view takes the others to lack from their pick-ups on a named suit;
//!   `"trust":F` forgets the model for each seat whose sampled hands fit its turns in fewer than F
//!   of 50 deals (`forget_misfits`); `"evidence":true` forgets it for each seat whose public play
//!   proved it drew while able to play (`Evidence`); `"fit":true` adds `"fit":[[found,asked]..]`
//!   per seat. The reply's `"forgot"` counts the seats forgotten.
//!   Reply: `{"action":ID,"iterations":N,"us":MICROSECONDS}`.
//!
//! Errors are replied as `{"error":"..."}`; the peer never guesses.

use blackjack::bots::ismcts::{Ismcts, Sampler, Search};
use blackjack::bots::shedding::{fits_normal, normal_move, turn_actions, Level, SheddingBot};
use blackjack::engine::cards::{Card, Rank, Suit};
use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Action, Game, Preset, Rules, Seat, SeatView, Void};
use serde_json::{json, Value};
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::time::Instant;

const DRAW: u64 = 52;
const PASS: u64 = 53;
const NOMINATE: u64 = 54;
/// Iterations between two looks at the clock: small against a millisecond.
const CHUNK: u32 = 16;

fn card_id(c: Card) -> u64 {
    let rank = match c.rank {
        Rank::Ace => 12,
        r => r.number() as u64 - 2,
    };
    rank * 4 + c.suit.index() as u64
}

fn card_from_id(id: u64) -> Option<Card> {
    if id >= 52 {
        return None;
    }
    let number = match id / 4 {
        12 => 1,
        r => r as u8 + 2,
    };
    Some(Card::new(Rank::from_number(number)?, Suit::ALL[(id % 4) as usize]))
}

/// OpenSpiel's id for one of our turn actions; `None` for actions its game has no id for.
fn action_id(a: Action) -> Option<u64> {
    match a {
        Action::Play { card, .. } => Some(card_id(card)),
        Action::Draw { .. } => Some(DRAW),
        Action::Pass { .. } => Some(PASS),
        Action::NameSuit { suit, .. } => Some(NOMINATE + suit.index() as u64),
        _ => None,
    }
}

fn action_from_id(id: u64, seat: Seat) -> Option<Action> {
    match id {
        0..52 => Some(Action::Play { seat, card: card_from_id(id)? }),
        DRAW => Some(Action::Draw { seat }),
        PASS => Some(Action::Pass { seat }),
        54..58 => Some(Action::NameSuit { seat, suit: Suit::ALL[(id - NOMINATE) as usize] }),
        _ => None,
    }
}

struct Peer {
    rules: Arc<Rules>,
    game: Option<Game>,
    seed: u64,
    bots: Vec<Option<SheddingBot>>,
    /// Public evidence, per seat, against the model's reading of a pick-up (`Evidence`).
    evidence: Vec<Evidence>,
}

/// What the table can prove about a seat's pick-ups, from public facts only (the cards that
/// could have opened a turn, how many cards were drawn, which were laid): a seat that opened a
/// turn by drawing and later lays more of the cards that could have opened it than it has drawn
/// since held one of them when it drew. Our normal bot never draws when it can play, so against
/// it `proofs` stays 0; OpenSpiel's bots do (see `their_drew_anyway` in match.py).
#[derive(Clone, Default)]
struct Evidence {
    /// The cards that could have opened the seat's latest turn opened by a draw, and how many
    /// cards it has drawn since (each may be one of them).
    open: Option<(u64, usize)>,
    /// Cards laid that the seat must have held when it drew instead.
    proofs: u32,
}

impl Evidence {
    fn note(&mut self, action: Action, opened_by_draw: Option<u64>, hand_size: usize) {
        if let Some(open) = opened_by_draw {
            self.open = Some((open, 0));
        }
        match (action, &mut self.open) {
            (Action::Draw { .. }, Some((_, drawn))) => *drawn += 1,
            (Action::Play { card, .. }, Some((open, drawn))) if *open & (1u64 << card.index()) != 0 => {
                if *drawn == 0 {
                    self.proofs += 1;
                } else {
                    *drawn -= 1;
                }
            }
            _ => {}
        }
        // As the engine's `Void` lapses: once the cards drawn since could be the whole hand.
        if self.open.is_some_and(|(_, drawn)| drawn >= hand_size) {
            self.open = None;
        }
    }
}

impl Peer {
    fn game(&self) -> Result<&Game, String> {
        self.game.as_ref().ok_or_else(|| "no game: send new first".to_string())
    }

    /// The current seat's turn actions as OpenSpiel ids (sorted); an action without an id is
    /// reported as -1 so that the driver's comparison fails loudly.
    fn legal(&self) -> Result<Vec<i64>, String> {
        let g = self.game()?;
        let mut ids: Vec<i64> = g.legal_actions().into_iter().map(|a| action_id(a).map_or(-1, |i| i as i64)).collect();
        ids.sort_unstable();
        Ok(ids)
    }

    fn state(&self) -> Result<Value, String> {
        let g = self.game()?;
        Ok(json!({
            "current": g.current(),
            "legal": self.legal()?,
            "over": g.is_over(),
            "winner": g.winner(),
        }))
    }

    fn handle(&mut self, req: &Value) -> Result<Value, String> {
        let num = |k: &str| req.get(k).and_then(Value::as_u64).ok_or_else(|| format!("missing number {k}"));
        match req.get("cmd").and_then(Value::as_str) {
            Some("new") => {
                let players = num("players")? as u8;
                self.seed = num("seed")?;
                let g = Game::new(self.rules.clone(), players, self.seed).map_err(|e| e.to_string())?;
                let hands: Vec<Vec<u64>> = (0..players).map(|s| g.hand(s).iter().map(card_id).collect()).collect();
                let mut reply = json!({"dealer": g.dealer(), "hands": hands, "starter": card_id(g.top())});
                self.bots = vec![None; players as usize];
                self.evidence = vec![Evidence::default(); players as usize];
                self.game = Some(g);
                merge(&mut reply, self.state()?);
                Ok(reply)
            }
            Some("apply") => {
                let id = num("action")?;
                let g = self.game.as_mut().ok_or("no game")?;
                let seat = g.current();
                let action = action_from_id(id, seat).ok_or_else(|| format!("no such action id {id}"))?;
                let before = g.hand(seat).to_vec();
                let turns_before = g.view(seat).last_turns[seat as usize];
                let round = g.round();
                g.apply(action).map_err(|e| e.to_string())?;
                if g.round() != round {
                    self.evidence.iter_mut().for_each(|e| *e = Evidence::default());
                } else if let Some(e) = self.evidence.get_mut(seat as usize) {
                    // A new latest turn opened by this draw (public: `LastTurn`).
                    let turns = g.view(seat).last_turns[seat as usize];
                    let opened = (turns != turns_before && turns[0].first.is_none()).then_some(turns[0].open);
                    e.note(action, opened.filter(|_| matches!(action, Action::Draw { .. })), g.hand(seat).len());
                }
                let drawn = match action {
                    Action::Draw { .. } => {
                        let after = g.hand(seat);
                        let new: Vec<Card> = after.iter().filter(|c| !before.contains(c)).collect();
                        match new.as_slice() {
                            [c] => Some(card_id(*c)),
                            _ => return Err(format!("a draw changed the hand by {} cards", new.len())),
                        }
                    }
                    _ => None,
                };
                let mut reply = json!({ "drawn": drawn });
                merge(&mut reply, self.state()?);
                Ok(reply)
            }
            Some("think") => {
                let seat = num("seat")? as Seat;
                let g = self.game()?;
                if g.is_over() || g.current() != seat {
                    return Err(format!("not seat {seat}'s turn"));
                }
                let mut view = g.view(seat);
                let level = match req.get("level").and_then(Value::as_str) {
                    Some("hard") => Level::Hard,
                    Some("normal") => Level::Normal,
                    Some("open") => {
                        // A reference, not a bot: the hard bot's search told every other hand
                        // (as cards known to it), only the stock's order left to chance.
                        for s in (0..g.players()).filter(|&s| s != seat) {
                            view.known[s as usize] = g.hand(s);
                        }
                        Level::Hard
                    }
                    other => return Err(format!("unknown level {other:?}")),
                };
                let open = req.get("level").and_then(Value::as_str) == Some("open");
                let voids = match req.get("voids") {
                    None => true,
                    Some(v) => v.as_bool().ok_or("voids must be true or false")?,
                };
                if !voids {
                    // The engine's own reading of a pick-up on a named suit (`Void`) is the model
                    // too under these rules (drawing is allowed when able): drop it for the others.
                    for (s, v) in view.voids.iter_mut().enumerate() {
                        if s != seat as usize {
                            *v = Void::default();
                        }
                    }
                }
                let cpu = req.get("clock").and_then(Value::as_str) == Some("cpu");
                let clock = Clock::start(cpu);
                let mut iterations = 0;
                let mut fit = None;
                // Other seats whose model the search forgot (`"evidence"`, `"trust"`).
                let mut forgot = 0u32;
                let turn = turn_actions(&view);
                let action = if turn.len() == 1 {
                    turn[0]
                } else if level == Level::Normal {
                    normal_move(&view.policy_input()).ok_or("the normal bot found no move")?
                } else {
                    let seed = self.seed;
                    let bot = self.bots[seat as usize]
                        .get_or_insert_with(|| SheddingBot::new(seat, Level::Hard, seed.wrapping_mul(31) ^ 0x5eed));
                    // The search the page's search worker runs for this bot's request.
                    let mut request = bot.search_request(&view).ok_or("no search on this turn")?;
                    let mut config = model(req)?;
                    if open {
                        // Nothing to infer or to fit: the hands are known.
                        (config.tries, config.infer) = (0, false);
                    }
                    // Asked for, the diagnostic (of the view as the table gave it) runs after the
                    // search, its time taken off the move's.
                    let fit_view =
                        (req.get("fit").and_then(Value::as_bool) == Some(true)).then(|| request.view.clone());
                    if req.get("evidence").and_then(Value::as_bool) == Some(true) {
                        // Trust the model of a seat until its own public play proves it drew
                        // while it could play: then forget what its turns would say under it.
                        for (s, e) in self.evidence.iter().enumerate() {
                            if s != seat as usize && e.proofs > 0 {
                                forget_seat(&mut request.view, s);
                                forgot += 1;
                            }
                        }
                    }
                    if let Some(trust) = req.get("trust") {
                        let trust = trust.as_f64().ok_or("trust must be a number")?;
                        forgot += forget_misfits(&mut request.view, &config, trust, request.seed);
                    }
                    let mut search = Search::new(config.clone(), request.view, GameRng::new(request.seed));
                    match (req.get("ms").and_then(Value::as_f64), req.get("iterations").and_then(Value::as_u64)) {
                        (Some(ms), _) => {
                            let budget = ms / 1000.0;
                            loop {
                                search.run(CHUNK);
                                if clock.seconds() >= budget {
                                    break;
                                }
                            }
                        }
                        (None, Some(n)) => search.run(n as u32),
                        (None, None) => return Err("think needs ms or iterations".into()),
                    }
                    iterations = search.iterations();
                    fit = fit_view.map(|v| fit_counts(&v, &config, 100, request.seed));
                    search.best()
                };
                let id = action_id(action).ok_or_else(|| format!("{action} has no OpenSpiel id"))?;
                let us = (clock.seconds() - fit.as_ref().map_or(0.0, |f: &FitCounts| f.seconds)) * 1e6;
                let mut reply = json!({"action": id, "iterations": iterations, "us": us as u64, "forgot": forgot});
                if let Some(f) = fit {
                    reply["fit"] = json!(f.seats);
                }
                Ok(reply)
            }
            other => Err(format!("unknown cmd {other:?}")),
        }
    }
}

/// How well each seat's sampled hands fit its latest turns as the normal policy would have played
/// them: `seats[s]` is `[deals where a fitting hand was found within the tries, deals asked]`
/// (the search's sampler, `Ismcts::tries` redraws, 20 if the run turned them off). A diagnostic
/// for a per-seat trust in the model; its time (`seconds`) is taken off the move's.
struct FitCounts {
    seats: Vec<[u32; 2]>,
    seconds: f64,
}

fn fit_counts(view: &SeatView, config: &Ismcts, deals: u32, seed: u64) -> FitCounts {
    let clock = Clock::start(true);
    let sampler = Sampler::new(view.clone(), config);
    let v = sampler.view();
    let tries = if config.tries == 0 { Ismcts::default().tries } else { config.tries };
    let (mut rng, mut fit_rng) = (GameRng::new(seed ^ 0xf17), GameRng::new(seed ^ 0xf170));
    let mut seats = vec![[0u32; 2]; v.hand_sizes.len()];
    for _ in 0..deals {
        let mut hit: Vec<Option<bool>> = vec![None; seats.len()];
        Game::determinize_with(v, &mut rng, tries, &mut |s, h| {
            let ok = fits_normal(&v.rules, &v.last_turns[s as usize], h, &mut fit_rng);
            let e = &mut hit[s as usize];
            *e = Some(e.unwrap_or(false) || ok);
            ok
        });
        for (counts, found) in seats.iter_mut().zip(hit) {
            if let Some(found) = found {
                counts[0] += found as u32;
                counts[1] += 1;
            }
        }
    }
    FitCounts { seats, seconds: clock.seconds() }
}

/// A per-seat trust in the model, on the move's clock (a bench-side trial, not the product's):
/// from 50 deals of the sampler, each other seat whose hand fit its latest turns in fewer than
/// `trust` of them is not playing like our normal bot, so the search forgets what its turns
/// would say under that model (its latest turns and its voids), and deals it any hand the view
/// allows. Seats that play like the model keep it.
fn forget_misfits(view: &mut SeatView, config: &Ismcts, trust: f64, seed: u64) -> u32 {
    let fit = fit_counts(view, config, 50, seed);
    let mut forgot = 0;
    for (s, [found, asked]) in fit.seats.into_iter().enumerate() {
        if s != view.seat as usize && asked > 0 && (found as f64) < trust * asked as f64 {
            forget_seat(view, s);
            forgot += 1;
        }
    }
    forgot
}

/// The search forgets what seat `s`'s turns say under the model of the others (its latest turns
/// and its voids) and deals it any hand the view allows.
fn forget_seat(view: &mut SeatView, s: usize) {
    if let Some(t) = view.last_turns.get_mut(s) {
        *t = Default::default();
    }
    if let Some(v) = view.voids.get_mut(s) {
        *v = Void::default();
    }
}

/// The hard bot's search settings, `Ismcts::default()` but for the model of the others where
/// the request names it (`"tries"`, `"infer"`, `"policy_tree"`): the match screens how much of
/// its model of our normal bot the search should keep against OpenSpiel's bots.
fn model(req: &Value) -> Result<Ismcts, String> {
    let mut config = Ismcts::default();
    if let Some(v) = req.get("tries") {
        config.tries = v.as_u64().and_then(|n| u32::try_from(n).ok()).ok_or("tries must be a count")?;
    }
    let flag = |k: &str, into: &mut bool| match req.get(k) {
        None => Ok(()),
        Some(v) => v.as_bool().map(|b| *into = b).ok_or(format!("{k} must be true or false")),
    };
    flag("infer", &mut config.infer)?;
    flag("policy_tree", &mut config.policy_tree)?;
    Ok(config)
}

/// Time spent on a move: wall time, or this thread's CPU time (on a shared machine, wall time
/// also counts the time spent waiting for a core; CPU time does not).
struct Clock {
    wall: Instant,
    cpu: Option<f64>,
}

impl Clock {
    fn start(cpu: bool) -> Clock {
        Clock { wall: Instant::now(), cpu: if cpu { thread_cpu_seconds() } else { None } }
    }
    fn seconds(&self) -> f64 {
        match (self.cpu, thread_cpu_seconds()) {
            (Some(t0), Some(t)) => t - t0,
            _ => self.wall.elapsed().as_secs_f64(),
        }
    }
}

/// This thread's CPU time (Linux `CLOCK_THREAD_CPUTIME_ID`, as Python's `time.thread_time`).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_seconds() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec (two 64-bit fields on 64-bit Linux) into `ts`.
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0;
    ok.then_some(ts.sec as f64 + ts.nsec as f64 * 1e-9)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}

fn merge(into: &mut Value, from: Value) {
    if let (Some(a), Value::Object(b)) = (into.as_object_mut(), from) {
        a.extend(b);
    }
}

fn main() {
    let mut peer = Peer {
        rules: Arc::new(Preset::CrazyEights.rules()),
        game: None,
        seed: 0,
        bots: Vec::new(),
        evidence: Vec::new(),
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Value>(&line) {
            Ok(req) => peer.handle(&req).unwrap_or_else(|e| json!({ "error": e })),
            Err(e) => json!({ "error": format!("bad JSON: {e}") }),
        };
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_match_openspiel() {
        // OpenSpiel: "2C" is 0, "8D" is 6*4+1, "AS" is 51.
        assert_eq!(card_id(Card::new(Rank::Two, Suit::Clubs)), 0);
        assert_eq!(card_id(Card::new(Rank::Eight, Suit::Diamonds)), 25);
        assert_eq!(card_id(Card::new(Rank::Ace, Suit::Spades)), 51);
        for id in 0..58 {
            let a = action_from_id(id, 1).expect("every OpenSpiel player action has a twin");
            assert_eq!(action_id(a), Some(id));
        }
        assert_eq!(action_from_id(58, 0), None);
    }

    #[test]
    fn the_open_reference_searches_the_real_hands() {
        // What the "open" level relies on: a view told every other hand as known cards deals
        // exactly those hands, whatever the sampler draws.
        let g = Game::new(Arc::new(Preset::CrazyEights.rules()), 4, 7).unwrap();
        let mut view = g.view(1);
        for s in [0, 2, 3] {
            view.known[s as usize] = g.hand(s);
        }
        let config = Ismcts { tries: 0, infer: false, ..Ismcts::default() };
        let sampler = blackjack::bots::ismcts::Sampler::new(view, &config);
        let mut rng = GameRng::new(3);
        for _ in 0..20 {
            let dealt = sampler.deal(&mut rng);
            for s in 0..4 {
                assert_eq!(dealt.hand(s), g.hand(s));
            }
        }
    }

    #[test]
    fn evidence_proves_a_draw_while_able_only_past_the_cards_drawn_since() {
        let (x, y, z) = (card_from_id(0).unwrap(), card_from_id(4).unwrap(), card_from_id(9).unwrap());
        let open = (1u64 << x.index()) | (1u64 << y.index());
        let mut e = Evidence::default();
        // Opens a turn by drawing one card (which may be x), then lays x: nothing proven.
        e.note(Action::Draw { seat: 1 }, Some(open), 6);
        e.note(Action::Play { seat: 1, card: x }, None, 5);
        assert_eq!(e.proofs, 0);
        // A card that could not have opened that turn says nothing either.
        e.note(Action::Play { seat: 1, card: z }, None, 4);
        assert_eq!(e.proofs, 0);
        // A second card that could have opened it: held when the seat drew instead.
        e.note(Action::Play { seat: 1, card: y }, None, 3);
        assert_eq!(e.proofs, 1);
        // Lapsed once the cards drawn since could be the whole hand.
        let mut e = Evidence::default();
        e.note(Action::Draw { seat: 2 }, Some(open), 1);
        e.note(Action::Play { seat: 2, card: x }, None, 0);
        e.note(Action::Play { seat: 2, card: y }, None, 0);
        assert_eq!(e.proofs, 0);
    }

    #[test]
    fn model_settings_change_only_what_the_request_names() {
        let d = Ismcts::default();
        let same = model(&json!({"cmd": "think"})).unwrap();
        assert_eq!((same.tries, same.infer, same.policy_tree), (d.tries, d.infer, d.policy_tree));
        let m = model(&json!({"tries": 0, "infer": !d.infer, "policy_tree": !d.policy_tree})).unwrap();
        assert_eq!((m.tries, m.infer, m.policy_tree), (0, !d.infer, !d.policy_tree));
        assert_eq!(m.exploration, d.exploration);
        assert!(model(&json!({"tries": -1})).is_err());
        assert!(model(&json!({"tries": 1u64 << 40})).is_err());
        assert!(model(&json!({"infer": "yes"})).is_err());
        assert!(model(&json!({"policy_tree": 1})).is_err());
    }
}
