//! The daily deal (issue 36 §4): each day each shedding game, UNO Blackjack and casino Blackjack
//! has one deal for everybody, its number worked out from the date (UTC) and the game, against
//! three bots at the normal level (at the casino: the table's bots and the dealer, one shoe, a
//! fixed bank and [`HANDS`] hands). The bots' own draws follow from the deal's number too (see
//! `TableState::new`; UNO's and the casino's bots draw nothing), so the whole game is the same for
//! everyone who plays it the same way.
//!
//! What was played is read back from the games the page keeps anyway (the replays under
//! `blackjack.replays`, and the game in progress): a kept game whose table is a day's daily table
//! is that day's daily game. The menu and the statistics page gather them into the daily record
//! (`blackjack.daily`), which keeps each day's result, refuses a second try the same day and
//! counts the streaks. So the table's page (`play/`, at its budget) carries little of this: the
//! finished daily game's result line and its Share result in its results ([`finished_share`]),
//! never the record.
//! UNO's page records its daily game itself when it ends (`record_uno`): the menu then reads the
//! record alone, and carries no UNO engine to replay the kept UNO games. The casino's page (at its
//! budget) keeps no record either: it leaves its finished daily game's outcome under a key of the
//! day's ([`casino_key`]; worked out on that page, `ui/casino/daily.rs`), which the menu and the
//! statistics page gather into the record ([`Daily::gather_casino`]).
//!
//! Pure but for the clock and the storage at the end (wasm only): the date is the browser's, read
//! here in the page, never in the engine or the bots.

use super::replay::Replay;
use super::shedding::link::TableSetup;
use super::storage::{Fields, LoadProblem, Stored};
use super::text::plural;
use super::uno::state::UnoChoice;
use crate::bots::shedding::Level;
use crate::engine::casino::game::money;
use crate::engine::casino::save::Choice as CasinoChoice;
use crate::engine::casino::MAX_CHIPS;
use crate::engine::catalog::preset_title;
use crate::engine::shedding::{Action, Game, Preset};
use crate::engine::text::ascii_number;
use crate::engine::uno;

/// The shedding games with a daily deal, in the menu's order.
pub const GAMES: [Preset; 3] = [Preset::Taylor, Preset::Priestly, Preset::British];

/// A game with a daily deal: a shedding game, UNO Blackjack or casino Blackjack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyGame {
    Shed(Preset),
    Uno,
    Casino,
}

/// Every game with a daily deal, in the menu's order (the record's streaks are kept in it: a
/// game added later goes at the end, so that older records still read).
pub const ALL: [DailyGame; 5] = [
    DailyGame::Shed(Preset::Taylor),
    DailyGame::Shed(Preset::Priestly),
    DailyGame::Shed(Preset::British),
    DailyGame::Uno,
    DailyGame::Casino,
];

impl From<Preset> for DailyGame {
    fn from(p: Preset) -> Self {
        DailyGame::Shed(p)
    }
}

impl DailyGame {
    /// The game's id, as links and the record write it ("taylor", "uno").
    pub fn id(self) -> &'static str {
        match self {
            DailyGame::Shed(p) => p.id(),
            DailyGame::Uno => "uno",
            DailyGame::Casino => "casino",
        }
    }

    /// A game with a daily deal, by its id.
    pub fn from_id(id: &str) -> Option<DailyGame> {
        ALL.into_iter().find(|g| g.id() == id)
    }

    fn index(self) -> Option<usize> {
        ALL.iter().position(|&g| g == self)
    }
}
/// Seats at a daily table: the player and three bots.
pub const PLAYERS: u8 = 4;

/// A day: whole days since 1 January 1970 (UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day(pub u32);

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

impl Day {
    /// The day of a time in milliseconds since 1970 (UTC), as the browser's clock gives it;
    /// `None` for a time before 1970 or not a number.
    pub fn from_ms(ms: f64) -> Option<Day> {
        let days = (ms / 86_400_000.0).floor();
        (days.is_finite() && days >= 0.0 && days <= f64::from(u32::MAX)).then_some(Day(days as u32))
    }

    /// The day before (the first day stays itself).
    pub fn before(self) -> Day {
        Day(self.0.saturating_sub(1))
    }

    /// (year, month 1-12, day of month 1-31): the proleptic Gregorian calendar, by Howard
    /// Hinnant's days-to-civil algorithm (exact for every `u32` day).
    pub fn civil(self) -> (i64, u32, u32) {
        let z = i64::from(self.0) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        (yoe + era * 400 + i64::from(m <= 2), m, d)
    }

    /// "28 Nov".
    pub fn label(self) -> String {
        let (_, m, d) = self.civil();
        format!("{d} {}", MONTHS[(m as usize - 1) % 12])
    }
}

/// The day's deal number for `game`: the same on every device, different for each day and each
/// game. A fixed mix (SplitMix64's finaliser over the day and the game's name), never a library's
/// hasher, whose output may change between versions: a day's deal must not.
pub fn deal_number(day: Day, game: impl Into<DailyGame>) -> u64 {
    let mut x = u64::from(day.0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for b in game.into().id().bytes() {
        x = (x ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The daily table of `game` on `day`: its rules as they stand, four seats, the bots at the
/// normal level, the day's deal.
pub fn setup(game: Preset, day: Day) -> TableSetup {
    TableSetup::new(game, PLAYERS, Level::Normal, deal_number(day, game))
}

/// Which daily game a table is, if any: the game's daily table of `today` or of the day before
/// (a game begun before midnight and finished after it is the day it was dealt). Compared field
/// by field with [`setup`]'s table, without making one (the table's page, at its budget, asks).
pub fn daily_of(table: &TableSetup, today: Day) -> Option<(Day, Preset)> {
    let seats = table.levels.iter().enumerate().all(|(s, &l)| l == (s != 0).then_some(Level::Normal));
    let same = GAMES.contains(&table.preset)
        && table.players == PLAYERS
        && table.levels.len() == usize::from(PLAYERS)
        && seats
        && table.house.is_empty();
    [today, today.before()]
        .into_iter()
        .find(|&day| same && table.seed == deal_number(day, table.preset))
        .map(|day| (day, table.preset))
}

/// How a finished daily game went for the player (seat 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Place at the end, 1 for the winner.
    pub place: u8,
    /// The player's turns: each run of the player's own moves (a card, a suit, a pick-up, a
    /// pass, Finished) counts once.
    pub turns: u32,
    /// How often the player picked up (a pending pick-up of several cards counts once).
    pub pickups: u32,
}

impl Outcome {
    /// The player's outcome of a finished game.
    pub fn of(game: &Game) -> Outcome {
        let (mut turns, mut pickups, mut mine) = (0u32, 0u32, false);
        for a in game.log() {
            if !a.is_turn_move() {
                continue;
            }
            let me = a.seat() == 0;
            turns += u32::from(me && !mine);
            pickups += u32::from(matches!(a, Action::Draw { seat: 0 }));
            mine = me;
        }
        Outcome { place: super::stats::place(game, 0), turns, pickups }
    }

    pub fn won(&self) -> bool {
        self.place == 1
    }
}

/// The daily table of UNO Blackjack: the rules as they stand, the player and three bots at the
/// normal level, the names the form gives (the deal's number is the game's seed).
pub fn uno_choice() -> UnoChoice {
    UnoChoice::default()
}

/// Which day's daily UNO game a table is, if any: `today`'s or the day before's (as
/// [`daily_of`]).
pub fn uno_daily_of(choice: &UnoChoice, seed: u64, today: Day) -> Option<Day> {
    let daily = *choice == uno_choice();
    [today, today.before()].into_iter().find(|&day| daily && seed == deal_number(day, DailyGame::Uno))
}

/// How a finished daily UNO game went for the player (seat 0): all public, as the table showed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnoOutcome {
    /// Place at the end, 1 for a winner: the winners first, then the others by the round they
    /// went out in, as the table's results rank them.
    pub place: u8,
    /// Rounds the game lasted.
    pub rounds: u32,
    /// Rounds the player won (or shared).
    pub round_wins: u32,
}

impl UnoOutcome {
    /// The player's outcome of a finished game, its rounds read again from its log (the game is
    /// dealt anew from its rules and seed: a daily table has nobody waiting to join).
    pub fn of(game: &uno::Game) -> UnoOutcome {
        let n = game.players().len();
        let mut out = vec![u32::MAX - 1; n];
        let mut round_wins = 0;
        if let Ok(mut again) = uno::Game::new(game.rules().clone(), n as u8, game.seed()) {
            for &a in game.log() {
                let Ok(events) = again.apply(a) else { break };
                for e in events {
                    match e {
                        uno::Event::Winners { seats, .. } => round_wins += u32::from(seats.contains(&0)),
                        uno::Event::Out { seat } => out[usize::from(seat).min(n - 1)] = again.round(),
                        _ => {}
                    }
                }
            }
        }
        if let uno::Phase::Over { winners } = game.phase() {
            for &w in winners {
                out[usize::from(w).min(n - 1)] = u32::MAX;
            }
        }
        let place = 1 + out.iter().filter(|&&o| o > out[0]).count() as u8;
        UnoOutcome { place, rounds: game.round(), round_wins }
    }
}

/// Hands in a daily casino game: the table ends with the result after the last.
pub const HANDS: u32 = 20;
/// The chips every daily casino game starts with, in cents ($1,000): the same for everybody, and
/// apart from the player's own bank (a daily game neither takes nor gives it chips).
pub const CASINO_CHIPS: i64 = 100_000;

/// The daily table of casino Blackjack: the table's default rules and bots, one spot for the
/// player (the deal's number is the shoe's).
pub fn casino_choice() -> CasinoChoice {
    CasinoChoice::default()
}

/// Which day's daily casino game a table is, if any: `today`'s or the day before's (as
/// [`daily_of`]), by its table, its shoe's number and the chips it began with.
pub fn casino_daily_of(choice: &CasinoChoice, seed: u64, chips: i64, today: Day) -> Option<Day> {
    let daily = *choice == casino_choice() && chips == CASINO_CHIPS;
    [today, today.before()].into_iter().find(|&day| daily && seed == deal_number(day, DailyGame::Casino))
}

/// How a finished daily casino game went for the player: all public, as the table showed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CasinoOutcome {
    /// The player's chips at the end, in cents (the game began with [`CASINO_CHIPS`]).
    pub chips: i64,
    /// Hands dealt: [`HANDS`], fewer when the chips ran short of the smallest bet first.
    pub hands: u32,
    /// Hands the player came out of ahead.
    pub won: u32,
    /// Blackjacks dealt to the player.
    pub blackjacks: u32,
}

impl CasinoOutcome {
    /// Chips won (or lost, below zero) over the game, in cents.
    pub fn net(&self) -> i64 {
        self.chips - CASINO_CHIPS
    }

    /// Won: every one of the [`HANDS`] hands played, and more chips at the end than at the start
    /// (docs/rules/casino.md).
    pub fn won_day(&self) -> bool {
        self.hands >= HANDS && self.chips > CASINO_CHIPS
    }

    /// An outcome as the record holds it, checked: chips within the table's limits, 1 to
    /// [`HANDS`] hands, and no more hands won or blackjacks than hands.
    fn checked(chips: i64, hands: u32, won: u32, blackjacks: u32) -> Option<CasinoOutcome> {
        let sane = (0..=MAX_CHIPS).contains(&chips) && (1..=HANDS).contains(&hands) && won.max(blackjacks) <= hands;
        sane.then_some(CasinoOutcome { chips, hands, won, blackjacks })
    }
}

/// A finished daily casino game, as the casino's page leaves it for the record (under
/// [`casino_key`]): the day it was dealt and how it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CasinoDay {
    pub day: Day,
    pub outcome: CasinoOutcome,
}

/// Where the casino's page of the build before [`casino_key`] left its last finished daily game
/// ([`CasinoDay`]): still gathered, never written.
pub const CASINO_KEY: &str = "blackjack.daily.casino";

/// Days the casino's page leaves their games apart: a month.
pub const CASINO_DAYS: u32 = 31;

/// Where the casino's page leaves the finished daily game of `day` ([`CasinoDay`]) for the
/// record: one key of [`CASINO_DAYS`], in turn (`blackjack.daily.casino.<day mod CASINO_DAYS>`).
/// That page can open on today's deal without the menu (a bookmark, a tab reopened on
/// `tables/#daily`), and keeps no record, so one key for its last game lost a day whenever two
/// were played with neither the menu nor the statistics opened between. Now a game is lost only
/// to the same key's game a month later. A key of its own a day, written whole: the page (at
/// its budget) reads none and decodes nothing. The menu and the statistics page gather every key
/// ([`casino_keys`]) whenever they open, and the page leaves its game again whenever it opens it
/// finished (each day's first result stands in the record).
pub fn casino_key(day: Day) -> String {
    format!("{CASINO_KEY}.{}", day.0 % CASINO_DAYS)
}

/// Every key a finished daily casino game may be left under: [`CASINO_KEY`], then each day's
/// ([`casino_key`]). Bounded: the menu reads these and no more.
pub fn casino_keys() -> impl Iterator<Item = String> {
    std::iter::once(CASINO_KEY.to_string()).chain((0..CASINO_DAYS).map(|d| casino_key(Day(d))))
}

impl Stored for CasinoDay {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let o = self.outcome;
        vec![
            ("day", self.day.0.to_string()),
            ("chips", o.chips.to_string()),
            ("hands", o.hands.to_string()),
            ("won", o.won.to_string()),
            ("blackjacks", o.blackjacks.to_string()),
        ]
    }

    /// Bounded when read, as the record's entries are ([`CasinoOutcome::checked`]).
    fn decode(f: &Fields) -> Option<Self> {
        let n = |k: &str| f.get(k).and_then(ascii_number::<u32>);
        let chips = f.get("chips").and_then(ascii_number::<i64>)?;
        let outcome = CasinoOutcome::checked(chips, n("hands")?, n("won")?, n("blackjacks")?)?;
        Some(CasinoDay { day: Day(n("day")?), outcome })
    }
}

/// How a daily game went: a shedding game's outcome, UNO's or the casino's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    Shed(Outcome),
    Uno(UnoOutcome),
    Casino(CasinoOutcome),
}

impl From<Outcome> for Played {
    fn from(o: Outcome) -> Self {
        Played::Shed(o)
    }
}

impl From<UnoOutcome> for Played {
    fn from(o: UnoOutcome) -> Self {
        Played::Uno(o)
    }
}

impl From<CasinoOutcome> for Played {
    fn from(o: CasinoOutcome) -> Self {
        Played::Casino(o)
    }
}

impl Played {
    /// The numbers the record writes after the day and the game: the place, then turns and
    /// pick-ups (shedding) or rounds and rounds won (UNO); the casino's chips at the end, hands,
    /// hands won and blackjacks.
    fn numbers(&self) -> String {
        match *self {
            Played::Shed(o) => format!("{}.{}.{}", o.place, o.turns, o.pickups),
            Played::Uno(o) => format!("{}.{}.{}", o.place, o.rounds, o.round_wins),
            Played::Casino(o) => format!("{}.{}.{}.{}", o.chips, o.hands, o.won, o.blackjacks),
        }
    }
}

/// The game's short name in a result line: "Taylor", "Priestly", "British", "UNO Blackjack".
pub fn short_name(game: impl Into<DailyGame>) -> &'static str {
    match game.into() {
        DailyGame::Shed(p) => {
            let title = preset_title(p);
            title.split(' ').next().unwrap_or(title)
        }
        DailyGame::Uno => "UNO Blackjack",
        DailyGame::Casino => "Casino Blackjack",
    }
}

/// The line a player copies and pastes anywhere: "Taylor daily, 28 Nov: won in 14 turns,
/// 2 pick-ups", "UNO Blackjack daily, 28 Nov: won, 12 rounds, 5 round wins", "Casino Blackjack
/// daily, 28 Nov: +$35 over 20 hands, 12 won, 2 blackjacks". No hidden card, no link: only what
/// the player did.
pub fn result_line(game: impl Into<DailyGame>, day: Day, played: impl Into<Played>) -> String {
    let how = |place: u8| {
        if place == 1 {
            "won".to_string()
        } else {
            format!("{} of {PLAYERS}", super::text::ordinal(usize::from(place)))
        }
    };
    let rest = match played.into() {
        Played::Shed(o) => format!(
            "{} in {}, {}",
            how(o.place),
            plural(o.turns as usize, "turn"),
            plural(o.pickups as usize, "pick-up")
        ),
        Played::Uno(o) => format!(
            "{}, {}, {}",
            how(o.place),
            plural(o.rounds as usize, "round"),
            plural(o.round_wins as usize, "round win")
        ),
        Played::Casino(o) => format!(
            "{}{} over {}, {} won, {}",
            if o.net() > 0 { "+" } else { "" },
            money(o.net()),
            plural(o.hands as usize, "hand"),
            o.won,
            plural(o.blackjacks as usize, "blackjack")
        ),
    };
    format!("{} daily, {}: {rest}", short_name(game), day.label())
}

/// One day's daily game, finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub day: Day,
    pub game: DailyGame,
    pub outcome: Played,
}

/// The daily record: each finished daily game (newest first, at most [`KEPT`]), and each game's
/// best streak (kept apart, so that it outlives the entries dropped), in the order of [`ALL`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Daily {
    pub entries: Vec<Entry>,
    pub best: [u32; ALL.len()],
}

pub const KEY: &str = "blackjack.daily";
pub const VERSION: u32 = 1;
/// Daily games kept: a year of every game.
pub const KEPT: usize = 366 * ALL.len();

impl Stored for Daily {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let entries: Vec<String> =
            self.entries.iter().map(|e| format!("{}.{}.{}", e.day.0, e.game.id(), e.outcome.numbers())).collect();
        let best: Vec<String> = self.best.iter().map(u32::to_string).collect();
        vec![("games", entries.join(" ")), ("best", best.join(","))]
    }

    /// Bounded when read: at most [`KEPT`] entries; any entry that is not one this page writes
    /// (an unknown game, a place past the table, a casino game past its hands or the chips'
    /// limit, a number too long) makes the record unreadable. A record from before UNO's daily
    /// deal has three best streaks, the shedding games', one from before the casino's four.
    fn decode(f: &Fields) -> Option<Self> {
        let mut entries = Vec::new();
        for text in f.get("games")?.split_ascii_whitespace().take(KEPT) {
            let parts: Vec<&str> = text.splitn(7, '.').collect();
            let [day, game, ref numbers @ ..] = parts[..] else { return None };
            let day = Day(ascii_number(day)?);
            let game = DailyGame::from_id(game)?;
            let outcome = match (game, numbers) {
                (DailyGame::Casino, &[chips, hands, won, blackjacks]) => Played::Casino(CasinoOutcome::checked(
                    ascii_number(chips)?,
                    ascii_number(hands)?,
                    ascii_number(won)?,
                    ascii_number(blackjacks)?,
                )?),
                (DailyGame::Shed(_) | DailyGame::Uno, &[place, a, b]) => {
                    let (place, a, b) = (ascii_number(place)?, ascii_number(a)?, ascii_number(b)?);
                    if !(1..=u32::from(PLAYERS)).contains(&place) {
                        return None;
                    }
                    let place = place as u8;
                    match game {
                        DailyGame::Uno => Played::Uno(UnoOutcome { place, rounds: a, round_wins: b }),
                        _ => Played::Shed(Outcome { place, turns: a, pickups: b }),
                    }
                }
                _ => return None,
            };
            entries.push(Entry { day, game, outcome });
        }
        let mut best = [0; ALL.len()];
        let read: Vec<u32> = f.get("best")?.split(',').map(ascii_number).collect::<Option<_>>()?;
        // Each game with a daily deal was added at the end of `ALL`: every length since is read.
        if !(GAMES.len()..=best.len()).contains(&read.len()) {
            return None;
        }
        best[..read.len()].copy_from_slice(&read);
        Some(Daily { entries, best })
    }
}

impl Daily {
    /// The result of `game` on `day`, if it was played.
    pub fn result(&self, day: Day, game: impl Into<DailyGame>) -> Option<&Played> {
        let game = game.into();
        self.entries.iter().find(|e| e.day == day && e.game == game).map(|e| &e.outcome)
    }

    /// Keeps a finished daily game, once: `false` when that day's game of that kind is kept
    /// already (the first result stands: a second try never replaces it).
    pub fn record(&mut self, entry: Entry) -> bool {
        let Some(i) = entry.game.index() else { return false };
        if self.result(entry.day, entry.game).is_some() {
            return false;
        }
        let at = self.entries.iter().position(|e| e.day < entry.day).unwrap_or(self.entries.len());
        self.entries.insert(at, entry);
        self.entries.truncate(KEPT);
        let (_, run) = self.streaks_from_entries(entry.game, entry.day);
        self.best[i] = self.best[i].max(run);
        true
    }

    /// The days `game` was played, newest first.
    fn days(&self, game: DailyGame) -> impl Iterator<Item = Day> + '_ {
        self.entries.iter().filter(move |e| e.game == game).map(|e| e.day)
    }

    /// (current, longest) runs of consecutive days in the entries. The current one ends today,
    /// or yesterday while today's deal is still to play.
    fn streaks_from_entries(&self, game: DailyGame, today: Day) -> (u32, u32) {
        let days: Vec<u32> = self.days(game).map(|d| d.0).collect();
        let (mut longest, mut run) = (0, 0);
        let mut current = None;
        for (i, &day) in days.iter().enumerate() {
            let follows = i > 0 && days[i - 1] == day + 1;
            if !follows && i > 0 && current.is_none() {
                current = Some(run);
            }
            run = if follows { run + 1 } else { 1 };
            longest = longest.max(run);
        }
        let recent = days.first().is_some_and(|&d| d >= today.before().0);
        (if recent { current.unwrap_or(run) } else { 0 }, longest)
    }

    /// (current, best) daily streak of `game` on `today`, in days.
    pub fn streaks(&self, game: impl Into<DailyGame>, today: Day) -> (u32, u32) {
        let game = game.into();
        let (current, longest) = self.streaks_from_entries(game, today);
        let best = game.index().map_or(0, |i| self.best[i]);
        (current, longest.max(best))
    }

    /// Gathers the casino page's finished daily game, once (the first result of the day stands):
    /// `true` when it was new.
    pub fn gather_casino(&mut self, played: &CasinoDay) -> bool {
        self.record(Entry { day: played.day, game: DailyGame::Casino, outcome: played.outcome.into() })
    }

    /// Gathers the casino page's daily games from every key it leaves them under ([`casino_keys`]),
    /// each read by `read` (`None`: nothing there), once each: `true` when any was new. A key
    /// that cannot be read goes to `unreadable`, and the others are gathered still.
    pub fn gather_casino_days(
        &mut self,
        mut read: impl FnMut(&str) -> Result<Option<CasinoDay>, LoadProblem>,
        mut unreadable: impl FnMut(&str, LoadProblem),
    ) -> bool {
        let mut changed = false;
        for key in casino_keys() {
            match read(&key) {
                Ok(left) => changed |= left.is_some_and(|c| self.gather_casino(&c)),
                Err(problem) => unreadable(&key, problem),
            }
        }
        changed
    }

    /// Gathers the daily games among finished games: each that is a daily table of `today` or
    /// the day before is recorded with its outcome. `true` when anything was new.
    pub fn gather<'a>(&mut self, games: impl IntoIterator<Item = &'a Replay>, today: Day) -> bool {
        let mut changed = false;
        for replay in games {
            let Some((day, game)) = daily_of(replay.setup(), today) else { continue };
            if self.result(day, game).is_some() {
                continue;
            }
            if let Some(frame) = replay.frame(0, replay.len()) {
                changed |= self.record(Entry { day, game: game.into(), outcome: Outcome::of(&frame.game).into() });
            }
        }
        changed
    }
}

/// What the menu does with a tap on a game's "Today's deal".
#[derive(Debug, PartialEq)]
pub enum Start {
    /// Already played today: the notice says the result.
    Played(String),
    /// Today's deal is the game in progress: go on with it.
    Resume,
    /// Deal it.
    Deal(TableSetup),
}

/// Decides a tap on `game`'s daily deal: the first result of the day stands, the game in
/// progress goes on, else the day's deal is dealt.
pub fn start(record: &Daily, game: Preset, today: Day, in_progress: Option<&TableSetup>) -> Start {
    if let Some(notice) = played_notice(record, game, today) {
        return Start::Played(notice);
    }
    match in_progress.and_then(|t| daily_of(t, today)) {
        Some((day, g)) if day == today && g == game => Start::Resume,
        _ => Start::Deal(setup(game, today)),
    }
}

/// The notice refusing a second try at `game`'s deal of `today`, if it was played: it says the
/// result.
pub fn played_notice(record: &Daily, game: impl Into<DailyGame>, today: Day) -> Option<String> {
    let game = game.into();
    record.result(today, game).map(|&o| already(game, &result_line(game, today, o)))
}

/// The notice refusing a second try at `game`'s deal of the day, which went as `line` says.
pub fn already(game: DailyGame, line: &str) -> String {
    format!(
        "You have played today's {} deal already ({line}). Each deal is played once: a new one comes at midnight (UTC).",
        short_name(game)
    )
}

/// Records a finished daily UNO game in `record`, once: its line, or `None` when the game is no
/// daily game of `today` (or the day before) or is not over.
pub fn record_uno(record: &mut Daily, choice: &UnoChoice, game: &uno::Game, today: Day) -> Option<String> {
    let day = uno_daily_of(choice, game.seed(), today).filter(|_| game.is_over())?;
    record.record(Entry { day, game: DailyGame::Uno, outcome: UnoOutcome::of(game).into() });
    // The first result of the day stands, and is the one to share.
    record.result(day, DailyGame::Uno).map(|&o| result_line(DailyGame::Uno, day, o))
}

/// The result line a finished shedding game's results offer to share, if it is a daily game
/// (`today`'s or the day before's, as [`daily_of`]) dealt from the menu's "Today's deal": the
/// menu's line, as the menu works it out when it gathers this game from the kept replay. `None`
/// for any other table, a game still in play, or a deal opened from a link (the day's first
/// result is the menu's to keep: a link lets the deal be played again, and that game's line is
/// not the day's).
pub fn finished_line(table: &TableSetup, game: &Game, today: Day) -> Option<String> {
    let (day, preset) = daily_of(table, today).filter(|_| game.is_over() && !table.shared)?;
    Some(result_line(preset, day, Outcome::of(game)))
}

/// The notice when the browser's clock gives no day ([`today`] is `None`).
pub const CLOCK_NOTICE: &str = "This device's clock is set before 1970, so today's deal cannot be worked out.";

/// Today, by the browser's clock (UTC); `None` if the clock says a time before 1970.
#[cfg(target_arch = "wasm32")]
pub fn today() -> Option<Day> {
    Day::from_ms(js_sys::Date::now())
}

/// The daily record as saved, nothing gathered (UNO's page: it records its own games); an
/// unreadable record is set aside and starts again, with a notice.
#[cfg(target_arch = "wasm32")]
pub fn load_record() -> (Daily, Option<String>) {
    super::storage::load_or_notice::<Daily>(KEY, VERSION, "daily results")
}

/// The daily record, with the daily games finished since it was last read gathered in (from the
/// kept replays and the game in progress), and saved if anything was new. An unreadable record is
/// set aside and starts again, with a notice.
#[cfg(target_arch = "wasm32")]
pub fn load(today: Day) -> (Daily, Option<String>) {
    use super::shedding::state::{StoredGame, TableState, SAVE_KEY, SAVE_VERSION};
    use super::storage;
    let (mut record, notice) = load_record();
    let (recent, _) = storage::load_or_notice::<super::replay::Recent>(
        super::replay::RECENT_KEY,
        super::replay::RECENT_VERSION,
        "replays",
    );
    let mut finished: Vec<Replay> = recent.replays().filter_map(Result::ok).collect();
    if let Some(t) =
        storage::load::<StoredGame>(SAVE_KEY, SAVE_VERSION).ok().flatten().and_then(|s| TableState::restore(&s).ok())
    {
        if t.game.is_over() {
            finished.push(Replay::of(&t.setup, &t.game));
        }
    }
    // The casino page's daily games; an unreadable one is set aside, with a notice.
    let mut casino_notice = None;
    let casino = record.gather_casino_days(
        |key| storage::load(key, VERSION),
        |key, problem| {
            storage::set_aside(key);
            casino_notice = Some(problem.notice("casino daily result"));
        },
    );
    let new = record.gather(&finished, today) | casino;
    if new {
        storage::save(KEY, VERSION, &record);
    }
    (record, notice.or(casino_notice))
}

/// A finished shedding game on the table's page (`play/`): its result line, if it is a daily
/// game ([`finished_line`]), by the browser's clock.
#[cfg(target_arch = "wasm32")]
pub fn finished_share(table: &TableSetup, game: &Game) -> Option<String> {
    finished_line(table, game, today()?)
}

/// A finished UNO game on this page: if it is a daily game, kept in the daily record (once: the
/// first result of the day stands), and its result line to share.
#[cfg(target_arch = "wasm32")]
pub fn keep_uno(choice: &UnoChoice, game: &uno::Game) -> Option<String> {
    let today = today()?;
    let (mut record, _) = load_record();
    let line = record_uno(&mut record, choice, game, today)?;
    super::storage::save(KEY, VERSION, &record);
    Some(line)
}

/// A result line in a field, with its Share button and what became of the share. The button's
/// work is static/share.js's (as the friends pages' room links): the Web Share API where the
/// browser has it, the clipboard otherwise, and the line selected if both are refused. Markup,
/// not `html!` nor a component: the field is only read and its button is share.js's, and the
/// markup costs each page a fraction of the code (play/ draws it in its results, at its budget).
/// Its few styles are its own, inline, so that no style sheet the friends pages share carries
/// them (and play/, which has no forms style sheet, draws it as the menu does). `id` is the
/// field's (one per game on a page).
#[cfg(target_arch = "wasm32")]
pub fn share_line(id: String, line: String) -> yew::Html {
    let line = super::text::escape(&line);
    yew::Html::from_html_unchecked(
        format!(
            "<div class=\"field share-line\" style=\"margin:0;display:grid;gap:var(--space-1)\">\
<label for=\"{id}\" style=\"font-weight:600\">Your result, to paste anywhere</label>\
<div style=\"display:flex;flex-wrap:wrap;gap:var(--space-2)\">\
<textarea id=\"{id}\" readonly rows=\"2\" style=\"flex:1 1 14rem;min-width:0;min-height:44px;resize:none;font:inherit\">{line}</textarea>\
<button data-share-text=\"{id}\">Share result</button></div>\
<p class=\"note\" style=\"min-height:1.5em;margin:0\" role=\"status\" data-copied></p></div>"
        )
        .into(),
    )
}
