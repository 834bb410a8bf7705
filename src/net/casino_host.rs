//! The host of a casino table with friends, pure: the table opened from its record, and the
//! moves the host makes itself, because at a casino table nobody owns them: dealing, clearing a
//! settled round, and the bots' bets and decisions at the spots no person plays now.
//!
//! - **One spot a person, chips of their own.** Person `i` sits at the `i`-th of the middle
//!   spots ([`Choice::seating_of`]) with the chips the record gives them; bots sit at the others
//!   with the table's starting chips (as in pass-and-play, `docs/rules/casino.md`).
//! - **Dealing.** A person says they are ready by betting what is already on their spot again
//!   (the page's "Deal" button sends exactly that; a chip added or taken back is not readiness).
//!   The host deals once every spot a person plays now is ready, or when its betting clock
//!   ([`BETTING_MS`] of the page's clock from the start of betting) runs out with a bet down.
//! - **Clearing.** A settled round stays on the felt for [`SETTLED_MS`], then the host clears it
//!   (bets stay up for the next round, as the engine keeps them).
//! - **Bots.** A bot's spot keeps a flat minimum bet (placed again after it sat out, if its
//!   chips cover it) and decides with the computed strategy ([`CasinoBot`]) after
//!   [`BOT_MS`] / pace. A person who drops is played the same way until they come back: their
//!   spot keeps the bet it has (flat) and the strategy decides for it; it is not waited for.
//!
//! Time is the page's clock, handed in with each message: no clock is read here.

use super::host::{Host, Out, Seating};
use super::protocol::encode;
use super::worker::{from_bytes, to_bytes, FromWorker, ToWorker, PAGE};
use crate::bots::casino::CasinoBot;
use crate::engine::casino::save::{code, restore_for, Choice, MAX_SPOTS};
use crate::engine::casino::{Action, Game, Phase, Spot};
use serde::{Deserialize, Serialize};

/// The table's name as a table with friends says it.
pub const GAME_NAME: &str = "Casino Blackjack";

/// How long the host waits for everyone's bet before it deals with the bets down (page clock).
pub const BETTING_MS: u64 = 20_000;

/// How long a settled round stays on the felt before the host clears it.
pub const SETTLED_MS: u64 = 4_000;

/// A bot's decision time, divided by the player's "bot pace".
pub const BOT_MS: u32 = 700;

/// The most moves the host makes at once without waiting (the bots' bets, then a deal).
const MAX_AT_ONCE: usize = 16;

/// What the host keeps in the browser to reopen its casino table after a reload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CasinoRecord {
    pub room: String,
    pub decks: u8,
    pub surrender: bool,
    pub h17: bool,
    pub bots: u8,
    pub seed: u64,
    /// Each person's chips when they sat down, person by person (one to [`MAX_SPOTS`]).
    pub chips: Vec<i64>,
    /// Who each of the table's seven spots is for (a bot's or an empty spot: [`Seating::Bot`]).
    pub seating: Vec<Seating>,
    pub log: Vec<Action>,
    pub started: bool,
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// How a casino record is stored: this prefix, then the record in `postcard` as hexadecimal. A
/// shedding table's record (`bj.friends.1:`) is not read as one.
const RECORD_FORM: &str = "bj.friends.casino.1:";

/// The longest record read back.
const MAX_RECORD_TEXT: usize = 512 * 1024;

impl CasinoRecord {
    /// A new table for `people` (clamped to one to [`MAX_SPOTS`]), each with `chips`: the host
    /// at the first person's spot, the others' spots open to friends, bots at `bots` spots.
    pub fn new(room: &str, host: &str, people: u8, bots: u8, seed: u64, chips: i64) -> CasinoRecord {
        let people = people.clamp(1, MAX_SPOTS);
        let choice = Choice { spots: people, bots: 0, ..Choice::default() };
        let bots = bots.min(choice.max_bots());
        let spots = choice.my_spots();
        let seating = (0..7u8)
            .map(|s| match spots.iter().position(|&m| m == s) {
                Some(0) => Seating::Host { name: host.to_owned() },
                Some(_) => Seating::Open,
                None => Seating::Bot,
            })
            .collect();
        let choice = Choice { bots, ..choice };
        CasinoRecord {
            room: room.to_owned(),
            decks: choice.decks,
            surrender: choice.surrender,
            h17: choice.h17,
            bots,
            seed,
            chips: vec![chips; people as usize],
            seating,
            log: Vec::new(),
            started: false,
        }
    }

    /// The table chosen: one spot a person.
    pub fn choice(&self) -> Choice {
        let spots = u8::try_from(self.chips.len()).unwrap_or(u8::MAX);
        Choice { decks: self.decks, bots: self.bots, surrender: self.surrender, h17: self.h17, spots }
    }

    pub fn to_text(&self) -> String {
        let bytes = to_bytes(self);
        let mut text = String::with_capacity(RECORD_FORM.len() + 2 * bytes.len());
        text.push_str(RECORD_FORM);
        for b in bytes {
            text.push(char::from(HEX[usize::from(b >> 4)]));
            text.push(char::from(HEX[usize::from(b & 15)]));
        }
        text
    }

    /// The record in `text`, if it is one this page wrote (bounded, never a panic).
    pub fn from_text(text: &str) -> Option<CasinoRecord> {
        let hex = text.strip_prefix(RECORD_FORM)?.as_bytes();
        if hex.len() > MAX_RECORD_TEXT || hex.len() % 2 != 0 {
            return None;
        }
        let nibble = |c: u8| HEX.iter().position(|h| *h == c).map(|n| n as u8);
        let bytes: Option<Vec<u8>> = hex.chunks_exact(2).map(|p| Some(nibble(p[0])? << 4 | nibble(p[1])?)).collect();
        from_bytes(&bytes?)
    }

    /// The table and its host, replayed from the record (the engine checks the table, the
    /// chips and every move again). An empty log is a new table: every seated spot starts with
    /// the minimum bet.
    pub fn open(&self) -> Option<Host<Game>> {
        let game = if self.log.is_empty() {
            crate::engine::casino::save::new_table_for(self.choice(), self.seed, &self.chips).ok()?
        } else {
            let log: Vec<String> = self.log.iter().map(|&a| code(a)).collect();
            restore_for(self.choice(), self.seed, &self.chips, &log.join(" ")).ok()?
        };
        // A person's spot must be a person's in the record: a seat for nobody's spot is a bot's.
        let seating = self
            .seating
            .iter()
            .enumerate()
            .map(|(s, seat)| match seat {
                Seating::Bot => Seating::Bot,
                _ if self.person_at(s as Spot).is_none() => Seating::Bot,
                other => other.clone(),
            })
            .collect();
        let mut host = Host::open(game, GAME_NAME, seating);
        if self.started {
            host.start();
        }
        Some(host)
    }

    /// The person (an index into [`CasinoRecord::chips`]) at `spot`, if a person's spot.
    fn person_at(&self, spot: Spot) -> Option<usize> {
        let spots = self.choice().my_spots();
        spots.iter().position(|&m| m == spot).filter(|&i| i < self.chips.len())
    }
}

/// The betting phase under way: where it began in the log, each spot's bet then, and when (the
/// first tick of the page's clock after it began, once the table is open).
#[derive(Clone, Debug)]
struct Betting {
    from: usize,
    bets: Vec<i64>,
    since_ms: Option<u64>,
}

/// Which person-played spots said they are ready in this betting phase: their last bet in it
/// repeated the bet already on the spot.
fn ready(game: &Game, betting: &Betting, spot: Spot) -> bool {
    let mut bet = betting.bets.get(spot as usize).copied().unwrap_or(0);
    let mut ready = false;
    for a in game.log().iter().skip(betting.from) {
        if let Action::Bet { spot: s, amount } = *a {
            if s == spot {
                ready = amount == bet;
                bet = amount;
            }
        }
    }
    ready
}

/// The host's casino table in its worker: the game, its host, the bots and the host's clocks.
pub struct CasinoHost {
    host: Host<Game>,
    record: CasinoRecord,
    bot: CasinoBot,
    pace: u32,
    /// The page's clock as last handed in.
    now_ms: u64,
    betting: Option<Betting>,
    settled_since: Option<u64>,
    /// The next bot decision: when, in which state, what.
    due: Option<(u64, u32, Action)>,
}

impl CasinoHost {
    /// The table of `record`, with the host's page seated at the host's spot.
    pub fn open(record: &str, pace: u32) -> Option<(CasinoHost, Vec<FromWorker>)> {
        let record = CasinoRecord::from_text(record)?;
        let mut host = record.open()?;
        let out = host.seat_host(PAGE);
        let mut table = CasinoHost {
            host,
            record,
            bot: CasinoBot::default(),
            pace: pace.max(1),
            now_ms: 0,
            betting: None,
            settled_since: None,
            due: None,
        };
        table.follow_phase();
        Some((table, sends(out)))
    }

    pub fn host(&self) -> &Host<Game> {
        &self.host
    }

    pub fn record(&self) -> &CasinoRecord {
        &self.record
    }

    /// One message of the page (`Open` is taken by [`CasinoWorker::handle`]).
    pub fn handle(&mut self, message: ToWorker) -> Vec<FromWorker> {
        let (out, moved) = match message {
            ToWorker::Open { .. } => return Vec::new(),
            ToWorker::Connected { peer } => (self.host.connect(peer), false),
            ToWorker::Left { peer } => (self.host.leave(peer), true),
            ToWorker::Bytes { peer, now_ms, bytes } => {
                self.now_ms = self.now_ms.max(now_ms);
                let out = if peer == PAGE {
                    self.host.receive(PAGE, &bytes)
                } else {
                    self.host.receive_at(peer, now_ms, &bytes)
                };
                (out, true)
            }
            ToWorker::Deal => {
                self.record.started = true;
                (self.host.start(), true)
            }
            ToWorker::Tick { now_ms } => {
                self.now_ms = self.now_ms.max(now_ms);
                let out = self.host_moves();
                if out.is_empty() {
                    return Vec::new();
                }
                (out, true)
            }
        };
        // No screen here takes the peers' events: every page reads its own spot's updates.
        drop(self.host.take_peer_events());
        self.follow_phase();
        let mut to_page = sends(out);
        if moved {
            self.record.seating = self.host.seating().to_vec();
            self.record.log = self.host.table().log().to_vec();
            to_page.push(FromWorker::Save { record: self.record.to_text() });
        }
        to_page
    }

    /// Notes when betting and a settled round began, by the page's clock.
    fn follow_phase(&mut self) {
        let game = self.host.table();
        let phase = game.phase();
        if phase != Phase::Betting {
            self.betting = None;
        } else if self.betting.is_none() {
            let bets = game.spots().iter().map(|s| s.bet).collect();
            self.betting = Some(Betting { from: game.log().len(), bets, since_ms: None });
        }
        if phase != Phase::Settled {
            self.settled_since = None;
        } else if self.settled_since.is_none() {
            self.settled_since = Some(self.now_ms);
        }
    }

    /// The host's moves due now, each one's messages.
    fn host_moves(&mut self) -> Out<Game> {
        let mut out = Vec::new();
        for _ in 0..MAX_AT_ONCE {
            let Some(action) = self.host_move() else { break };
            match self.host.act(action) {
                Ok(applied) => out.extend(applied.out),
                Err(_) => break,
            }
            self.follow_phase();
        }
        out
    }

    /// The one move the host makes now, if any: a bot's bet, the deal, clearing the table, or a
    /// bot's decision that is due.
    pub fn host_move(&mut self) -> Option<Action> {
        let game = self.host.table();
        if !self.host.is_started() {
            return None;
        }
        let now = self.now_ms;
        match game.phase() {
            Phase::Betting => {
                let min = game.rules().min_bet;
                let spots = game.spots();
                // A bot's spot keeps a flat minimum bet; a person's (even one who dropped) keeps
                // theirs, or sits out.
                let bot_bet = (0..spots.len() as Spot).find(|&s| {
                    let spot = &spots[s as usize];
                    let chips = spot.owner.map_or(0, |p| game.bankrolls()[p as usize]);
                    self.host.seating()[s as usize] == Seating::Bot
                        && spot.owner.is_some()
                        && spot.bet == 0
                        && chips >= min
                });
                if let Some(spot) = bot_bet {
                    return Some(Action::Bet { spot, amount: min });
                }
                let betting = self.betting.as_mut()?;
                let since_ms = *betting.since_ms.get_or_insert(now);
                let betting = &*betting;
                let people = (0..spots.len() as Spot).filter(|&s| self.host.is_played_by_a_person(s));
                let all_ready = people.clone().count() > 0 && people.clone().all(|s| ready(game, betting, s));
                let clock_out = now >= since_ms.saturating_add(BETTING_MS);
                let any_bet = spots.iter().any(|s| s.bet > 0);
                (any_bet && (all_ready || clock_out)).then_some(Action::Deal)
            }
            Phase::Settled => {
                let since = self.settled_since?;
                (now >= since.saturating_add(SETTLED_MS)).then_some(Action::NextRound)
            }
            Phase::Insurance { spot } | Phase::Playing { spot, .. } => {
                if self.host.is_played_by_a_person(spot) {
                    self.due = None;
                    return None;
                }
                let state = game.state_id();
                match self.due {
                    Some((at, s, action)) if s == state => (now >= at).then(|| {
                        self.due = None;
                        action
                    }),
                    _ => {
                        let action = self.bot.decide(&game.view(spot))?;
                        self.due = Some((now + u64::from(BOT_MS / self.pace), state, action));
                        None
                    }
                }
            }
        }
    }
}

/// The casino worker's state between messages: nothing until the page opens a table.
#[derive(Default)]
pub struct CasinoWorker {
    table: Option<CasinoHost>,
}

impl CasinoWorker {
    /// The page's bytes in, the messages for the page out. Unreadable bytes, or a message
    /// before the table is open, change nothing.
    pub fn handle(&mut self, bytes: &[u8]) -> Vec<FromWorker> {
        match (from_bytes::<ToWorker>(bytes), &mut self.table) {
            (Some(ToWorker::Open { record, pace }), _) => match CasinoHost::open(&record, pace) {
                Some((table, out)) => {
                    self.table = Some(table);
                    out
                }
                None => vec![FromWorker::Unreadable],
            },
            (Some(message), Some(table)) => table.handle(message),
            _ => Vec::new(),
        }
    }

    pub fn table(&self) -> Option<&CasinoHost> {
        self.table.as_ref()
    }
}

fn sends(out: Out<Game>) -> Vec<FromWorker> {
    out.into_iter().map(|o| FromWorker::Send { to: o.to, bytes: encode(&o.message) }).collect()
}

/// The bytes a page sends to say its person is ready for the deal: the bet already on the spot,
/// made again (`at`: the state id of the page's last update).
pub fn ready_bytes(spot: Spot, bet: i64, at: u32) -> Vec<u8> {
    encode(&super::protocol::ToHost::Act { at, action: Action::Bet { spot, amount: bet } })
}
