//! Replays of finished UNO Blackjack games: what a replay is, its link (`#replay=uno.…`), and
//! each step as one seat's [`UnoScreen`]. Pure (compiled natively too), so the tests reach every
//! reader the replay page (`replay/uno/`) runs on a link or a kept game.
//!
//! A replay is the table (its seats, house rules and deal) and its action log: the engine replays
//! the log through the same checks as play, and the screen of the seat shown is fed
//! `update_after(seat, events)` step by step, exactly as at the live table, so the replay page
//! draws with the live table's own view (`table::table_view`), never a second drawing. A finished
//! game with friends (the host's record: the classic rules, the seats' names) is a replay too.
//!
//! A replay shows every queue, so the table offers one only once its game is over, and a link to
//! a game that is not over is refused.

use super::screen::UnoScreen;
use super::state::{waiting, UnoChoice};
use super::words::describe;
use crate::bots::shedding::Level;
use crate::bots::uno_analysis::{weigh_game, HitOrPass};
use crate::engine::uno::save::{code, parse_code};
use crate::engine::uno::{Action, Game, Seat, UnoCard};
use crate::net::host::Seating;
use crate::net::worker::{HostRecord, Uno};
use crate::ui::replay::{read_moves, ReplayProblem, MAX_REPLAY_BYTES};
use crate::ui::shedding::link::{level_from_id, level_id, LinkProblem, NAMES};

/// The fragment of an UNO replay: `#replay=uno.<seats>.<house rules>.<deal>/<moves>`. A seat is
/// `p` (a person) or a bot's level (`e`, `n`, `h`); the house rules are five `0`/`1` flags
/// (Skip counts 0, a pass lasts one go-around, deal back in, a latecomer, a short game); the
/// moves are the save's codes joined by `_`.
pub const PREFIX: &str = "#replay=uno.";

/// A finished game, checked: its table, its deal and its log, every action of which the engine
/// accepted, and the game over at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct UnoReplay {
    choice: UnoChoice,
    seed: u64,
    log: Vec<Action>,
}

/// One step of a replay as one seat saw it: its screen, the game at that point (for the queues
/// shown face up) and what the step's move did, as the log says it.
pub struct UnoFrame {
    pub screen: UnoScreen,
    pub game: Game,
    pub lines: Vec<String>,
}

/// A seat in a link: `p` for a person, else the first letter of the bot's level.
fn seat_letter(level: Option<Level>) -> char {
    level.map_or('p', |l| char::from(level_id(l).as_bytes()[0]))
}

impl UnoReplay {
    /// Checks a table, a deal and a log: every action replayed through the engine, the game over
    /// at the end. Any problem refuses the whole replay.
    pub fn new(choice: UnoChoice, seed: u64, log: Vec<Action>) -> Result<UnoReplay, ReplayProblem> {
        let replay = UnoReplay { choice, seed, log };
        let mut game = replay.deal()?;
        for (index, &action) in replay.log.iter().enumerate() {
            game.apply(action).map_err(|_| ReplayProblem::Refused { index })?;
        }
        if !game.is_over() {
            return Err(ReplayProblem::NotFinished);
        }
        Ok(replay)
    }

    /// The replay of a finished game at this device's table.
    pub fn of(choice: &UnoChoice, game: &Game) -> UnoReplay {
        UnoReplay { choice: choice.clone(), seed: game.seed(), log: game.log().to_vec() }
    }

    /// The replay of a finished game with friends, from the host's record: the classic rules
    /// (the only table the friends page deals), `names` seat by seat (`None`: a bot's seat).
    pub fn online(names: Vec<Option<String>>, seed: u64, log: Vec<Action>) -> Result<UnoReplay, ReplayProblem> {
        let players = u8::try_from(names.len()).map_err(|_| ReplayProblem::Setup)?;
        let levels = names.iter().map(|n| if n.is_some() { None } else { Some(Level::Normal) }).collect();
        let names =
            names.into_iter().enumerate().map(|(s, n)| n.unwrap_or_else(|| NAMES[s % NAMES.len()].into())).collect();
        let choice = UnoChoice { players, levels, names, ..UnoChoice::default() };
        UnoReplay::new(choice, seed, log)
    }

    /// The replay of the game a host's record holds (as the host's page keeps it): each seat's
    /// name as the table had it at the end, a bot's seat named by default.
    pub fn of_record(record: &HostRecord<Uno>) -> Result<UnoReplay, ReplayProblem> {
        let names = record
            .seating
            .iter()
            .map(|s| match s {
                Seating::Host { name } | Seating::Friend { name, .. } => Some(name.clone()),
                Seating::Bot | Seating::Open | Seating::Removed { .. } => None,
            })
            .collect();
        UnoReplay::online(names, record.seed, record.log.clone())
    }

    fn deal(&self) -> Result<Game, ReplayProblem> {
        let c = &self.choice;
        if c.levels.len() != c.players as usize || c.names.len() != c.players as usize {
            return Err(ReplayProblem::Setup);
        }
        Game::with_waiting(c.rules(), c.players, &waiting(c), self.seed).map_err(|_| ReplayProblem::Setup)
    }

    /// The link's fragment (see [`PREFIX`]).
    pub fn fragment(&self) -> String {
        let c = &self.choice;
        let seats: String = c.levels.iter().map(|&l| seat_letter(l)).collect();
        let flags: String = [c.skip_zero, c.pass_again, c.deal_back_in, c.latecomer, c.short]
            .iter()
            .map(|&f| if f { '1' } else { '0' })
            .collect();
        let moves: Vec<String> = self.log.iter().map(|&a| code(a)).collect();
        format!("{PREFIX}{seats}.{flags}.{}/{}", self.seed, moves.join("_"))
    }

    /// Reads a location hash: `None` when it is not an UNO replay link at all, else the replay
    /// or what is wrong with it. Any text is safe here: the length is checked first, each part
    /// is read by ASCII, each move by the saves' reader, and the whole log is replayed through
    /// the engine's checks.
    pub fn parse(hash: &str) -> Option<Result<UnoReplay, ReplayProblem>> {
        let body = hash.strip_prefix(PREFIX)?;
        Some(Self::parse_body(body))
    }

    /// The text after [`PREFIX`] (as the kept games hold it).
    pub fn parse_body(body: &str) -> Result<UnoReplay, ReplayProblem> {
        if body.len() > MAX_REPLAY_BYTES {
            return Err(ReplayProblem::TooLong);
        }
        let (table, moves) = body.split_once('/').ok_or(ReplayProblem::Incomplete)?;
        let mut parts = table.split('.');
        let (Some(seats), Some(flags), Some(deal), None) = (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(ReplayProblem::Incomplete);
        };
        if !(2..=10).contains(&seats.len()) {
            return Err(ReplayProblem::Setup);
        }
        let levels = seats
            .chars()
            .map(|c| match c {
                'p' => Ok(None),
                _ => level_from_id(c.encode_utf8(&mut [0; 4]))
                    .map(Some)
                    .ok_or(ReplayProblem::Table(LinkProblem::Levels(seats.into()))),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let flag = |i: usize| match flags.as_bytes().get(i) {
            Some(b'0') => Ok(false),
            Some(b'1') => Ok(true),
            _ => Err(ReplayProblem::Incomplete),
        };
        if flags.len() != 5 {
            return Err(ReplayProblem::Incomplete);
        }
        let seed = crate::engine::text::ascii_number(deal).ok_or(ReplayProblem::Table(LinkProblem::DealNumber))?;
        let players = levels.len() as u8;
        let mut choice = UnoChoice {
            players,
            levels,
            names: Vec::new(),
            skip_zero: flag(0)?,
            pass_again: flag(1)?,
            deal_back_in: flag(2)?,
            latecomer: flag(3)?,
            short: flag(4)?,
        };
        choice.names = (0..players as usize).map(|s| NAMES[s].to_string()).collect();
        let log = read_moves(moves, parse_code)?;
        UnoReplay::new(choice, seed, log)
    }

    /// The text after [`PREFIX`], as the kept games hold it.
    pub fn body(&self) -> String {
        self.fragment()[PREFIX.len()..].to_string()
    }

    /// `seat`'s hits and passes weighed ([`weigh_game`]), as kept and shown: see [`KeptUno`].
    pub fn weigh(&self, seat: Seat) -> Option<KeptUno> {
        let weighed = weigh_game(self.deal().ok()?, &self.log, seat);
        KeptUno::decode(&KeptUno::encode(seat, &weighed), self)
    }

    pub fn choice(&self) -> &UnoChoice {
        &self.choice
    }

    /// The number of moves: steps run from 0 (the deal) to `len()` (the end).
    pub fn len(&self) -> usize {
        self.log.len()
    }

    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// The names as the table said them.
    pub fn names(&self) -> Vec<String> {
        self.choice.table_names()
    }

    /// The table at `step` (0 the deal, `len()` the end, later steps are the end) as `seat` saw
    /// it: the seat's screen fed the seat's update after each action, as at the live table.
    /// `None` only for a replay that was never checked (see [`UnoReplay::new`]).
    pub fn frame(&self, seat: Seat, step: usize) -> Option<UnoFrame> {
        let seat = seat.min(self.choice.players.saturating_sub(1));
        let mut game = self.deal().ok()?;
        let c = &self.choice;
        let mut screen = UnoScreen::new(self.names(), c.levels.clone(), c.pass_again, game.update_for(seat).ok()?);
        let mut lines = screen.log.clone();
        for &action in &self.log[..step.min(self.log.len())] {
            let events = game.apply(action).ok()?;
            lines = events.iter().filter_map(|e| describe(&screen.names, e)).collect();
            screen.receive(game.update_after(seat, &events).ok()?);
        }
        Some(UnoFrame { screen, game, lines })
    }
}

/// Every seat's queue at a point of the game, next card first, for the queues face up.
pub fn queues(game: &Game) -> Vec<Vec<UnoCard>> {
    game.players().iter().map(|p| p.queue.iter().copied().collect()).collect()
}

/// The last finished UNO games, kept as the shedding games are ([`crate::ui::replay::Recent`]),
/// under a key of their own.
pub const RECENT_KEY: &str = "blackjack.replays.uno";

/// The format of a kept UNO analysis, its first word: another is not read (the game then shows
/// no analysis, and can be analysed again).
const ANALYSIS_FORMAT: &str = "u1";

/// The most a kept value may be either way, in thousandths of a card: a round is worth a few
/// cards, never this.
const MAX_VALUE_MILLI: i64 = 1_000_000;

/// A seat's hits and passes weighed, as kept with the game (in the kept games' record, as the
/// shedding page keeps its analysis) and shown: the chances in thousandths, the values in
/// thousandths of a card, so the page shows the same figures before and after a reload.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptUno {
    pub seat: Seat,
    pub weighed: Vec<HitOrPass>,
}

fn thousandths(x: f64) -> i64 {
    (x * 1000.0).round() as i64
}

impl KeptUno {
    /// `u1/<seat>/<decisions, joined by "_">`, each `<move's place>:<h or p>:<total>:<bust
    /// chance ‰>:<passing's value>:<hitting's value>`, the values in thousandths of a card
    /// (signed: hence `:` between the fields).
    pub fn encode(seat: Seat, weighed: &[HitOrPass]) -> String {
        let each: Vec<String> = weighed
            .iter()
            .map(|w| {
                let (pass, hit) = (thousandths(w.pass_value), thousandths(w.hit_value));
                format!(
                    "{}:{}:{}:{}:{pass}:{hit}",
                    w.index,
                    if w.hit { 'h' } else { 'p' },
                    w.total,
                    thousandths(w.bust)
                )
            })
            .collect();
        format!("{ANALYSIS_FORMAT}/{seat}/{}", each.join("_"))
    }

    /// A kept analysis of `replay` read back; `None` for anything else: another format, a seat
    /// the game has not, a move that was not that seat's hit or pass as named, moves out of
    /// order, a chance over 100% or a value out of range. At most one entry a move is read.
    pub fn decode(text: &str, replay: &UnoReplay) -> Option<KeptUno> {
        let mut parts = text.split('/');
        if parts.next()? != ANALYSIS_FORMAT {
            return None;
        }
        let seat: Seat = parts.next()?.parse().ok().filter(|&s| s < replay.choice.players)?;
        let entries = parts.next()?;
        if parts.next().is_some() {
            return None;
        }
        let value = |t: &str| t.parse::<i64>().ok().filter(|v| v.abs() <= MAX_VALUE_MILLI).map(|v| v as f64 / 1000.0);
        let mut weighed: Vec<HitOrPass> = Vec::new();
        for entry in entries.split('_').filter(|e| !e.is_empty()) {
            let f: Vec<&str> = entry.splitn(7, ':').collect();
            let [index, choice, total, bust, pass, hit] = f[..] else { return None };
            let index: usize = index.parse().ok()?;
            let hit_made = match choice {
                "h" => true,
                "p" => false,
                _ => return None,
            };
            let made = if hit_made { Action::Hit { seat } } else { Action::Pass { seat } };
            let in_order = weighed.last().is_none_or(|w| w.index < index);
            if !in_order || replay.log.get(index) != Some(&made) {
                return None;
            }
            let total: u8 = total.parse().ok()?;
            let bust: i64 = bust.parse().ok().filter(|b| (0..=1000).contains(b))?;
            weighed.push(HitOrPass {
                index,
                hit: hit_made,
                total,
                bust: bust as f64 / 1000.0,
                pass_value: value(pass)?,
                hit_value: value(hit)?,
            });
        }
        Some(KeptUno { seat, weighed })
    }
}
