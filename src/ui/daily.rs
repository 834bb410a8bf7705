//! The daily deal (issue 36 §4): each day each shedding game has one deal for everybody, its
//! number worked out from the date (UTC) and the game, against three bots at the normal level.
//! The bots' own draws follow from the deal's number too (see `TableState::new`), so the whole
//! game is the same for everyone who plays it the same way.
//!
//! What was played is read back from the games the page keeps anyway (the replays under
//! `blackjack.replays`, and the game in progress): a kept game whose table is a day's daily table
//! is that day's daily game. The menu and the statistics page gather them into the daily record
//! (`blackjack.daily`), which keeps each day's result, refuses a second try the same day and
//! counts the streaks. So the table's page (`play/`, at its budget) carries nothing of this.
//!
//! Pure but for the clock and the storage at the end (wasm only): the date is the browser's, read
//! here in the page, never in the engine or the bots.

use super::replay::Replay;
use super::shedding::link::TableSetup;
use super::storage::{Fields, Stored};
use super::text::plural;
use crate::bots::shedding::Level;
use crate::engine::catalog::preset_title;
use crate::engine::shedding::{Action, Game, Preset};
use crate::engine::text::ascii_number;

/// The games with a daily deal, in the menu's order.
pub const GAMES: [Preset; 3] = [Preset::Taylor, Preset::Priestly, Preset::British];
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
pub fn deal_number(day: Day, game: Preset) -> u64 {
    let mut x = u64::from(day.0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for b in game.id().bytes() {
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
/// (a game begun before midnight and finished after it is the day it was dealt).
pub fn daily_of(table: &TableSetup, today: Day) -> Option<(Day, Preset)> {
    [today, today.before()].into_iter().find_map(|day| {
        let daily = setup(table.preset, day);
        let same = GAMES.contains(&table.preset)
            && table.seed == daily.seed
            && table.players == daily.players
            && table.house == daily.house
            && table.levels == daily.levels;
        same.then_some((day, table.preset))
    })
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

/// The game's short name in a result line: "Taylor", "Priestly", "British".
pub fn short_name(game: Preset) -> &'static str {
    let title = preset_title(game);
    title.split(' ').next().unwrap_or(title)
}

/// The line a player copies and pastes anywhere: "Taylor daily, 28 Nov: won in 14 turns,
/// 2 pick-ups". No hidden card, no link: only what the player did.
pub fn result_line(game: Preset, day: Day, o: &Outcome) -> String {
    let how = if o.won() {
        "won".to_string()
    } else {
        format!("{} of {PLAYERS}", super::text::ordinal(usize::from(o.place)))
    };
    format!(
        "{} daily, {}: {how} in {}, {}",
        short_name(game),
        day.label(),
        plural(o.turns as usize, "turn"),
        plural(o.pickups as usize, "pick-up")
    )
}

/// One day's daily game, finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub day: Day,
    pub game: Preset,
    pub outcome: Outcome,
}

/// The daily record: each finished daily game (newest first, at most [`KEPT`]), and each game's
/// best streak (kept apart, so that it outlives the entries dropped).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Daily {
    pub entries: Vec<Entry>,
    pub best: [u32; GAMES.len()],
}

pub const KEY: &str = "blackjack.daily";
pub const VERSION: u32 = 1;
/// Daily games kept: a year of every game.
pub const KEPT: usize = 366 * GAMES.len();

fn game_index(game: Preset) -> Option<usize> {
    GAMES.iter().position(|&g| g == game)
}

impl Stored for Daily {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let entries: Vec<String> = self
            .entries
            .iter()
            .map(|e| {
                let o = &e.outcome;
                format!("{}.{}.{}.{}.{}", e.day.0, e.game.id(), o.place, o.turns, o.pickups)
            })
            .collect();
        let best: Vec<String> = self.best.iter().map(u32::to_string).collect();
        vec![("games", entries.join(" ")), ("best", best.join(","))]
    }

    /// Bounded when read: at most [`KEPT`] entries; any entry that is not one this page writes
    /// (an unknown game, a place past the table, a number too long) makes the record unreadable.
    fn decode(f: &Fields) -> Option<Self> {
        let mut entries = Vec::new();
        for text in f.get("games")?.split_ascii_whitespace().take(KEPT) {
            let parts: Vec<&str> = text.splitn(6, '.').collect();
            let [day, game, place, turns, pickups] = parts[..] else { return None };
            let day = Day(ascii_number(day)?);
            let game = Preset::from_id(game).filter(|&g| game_index(g).is_some())?;
            let (place, turns, pickups) = (ascii_number(place)?, ascii_number(turns)?, ascii_number(pickups)?);
            if !(1..=u32::from(PLAYERS)).contains(&place) {
                return None;
            }
            entries.push(Entry { day, game, outcome: Outcome { place: place as u8, turns, pickups } });
        }
        let mut best = [0; GAMES.len()];
        let read: Vec<u32> = f.get("best")?.split(',').map(ascii_number).collect::<Option<_>>()?;
        if read.len() != best.len() {
            return None;
        }
        best.copy_from_slice(&read);
        Some(Daily { entries, best })
    }
}

impl Daily {
    /// The result of `game` on `day`, if it was played.
    pub fn result(&self, day: Day, game: Preset) -> Option<&Outcome> {
        self.entries.iter().find(|e| e.day == day && e.game == game).map(|e| &e.outcome)
    }

    /// Keeps a finished daily game, once: `false` when that day's game of that kind is kept
    /// already (the first result stands: a second try never replaces it).
    pub fn record(&mut self, entry: Entry) -> bool {
        let Some(i) = game_index(entry.game) else { return false };
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
    fn days(&self, game: Preset) -> impl Iterator<Item = Day> + '_ {
        self.entries.iter().filter(move |e| e.game == game).map(|e| e.day)
    }

    /// (current, longest) runs of consecutive days in the entries. The current one ends today,
    /// or yesterday while today's deal is still to play.
    fn streaks_from_entries(&self, game: Preset, today: Day) -> (u32, u32) {
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
    pub fn streaks(&self, game: Preset, today: Day) -> (u32, u32) {
        let (current, longest) = self.streaks_from_entries(game, today);
        let best = game_index(game).map_or(0, |i| self.best[i]);
        (current, longest.max(best))
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
                changed |= self.record(Entry { day, game, outcome: Outcome::of(&frame.game) });
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
    if let Some(o) = record.result(today, game) {
        return Start::Played(format!(
            "You have played today's {} deal already ({}). Each deal is played once: a new one comes at midnight (UTC).",
            short_name(game),
            result_line(game, today, o)
        ));
    }
    match in_progress.and_then(|t| daily_of(t, today)) {
        Some((day, g)) if day == today && g == game => Start::Resume,
        _ => Start::Deal(setup(game, today)),
    }
}

/// Today, by the browser's clock (UTC); `None` if the clock says a time before 1970.
#[cfg(target_arch = "wasm32")]
pub fn today() -> Option<Day> {
    Day::from_ms(js_sys::Date::now())
}

/// The daily record, with the daily games finished since it was last read gathered in (from the
/// kept replays and the game in progress), and saved if anything was new. An unreadable record is
/// set aside and starts again, with a notice.
#[cfg(target_arch = "wasm32")]
pub fn load(today: Day) -> (Daily, Option<String>) {
    use super::shedding::state::{StoredGame, TableState, SAVE_KEY, SAVE_VERSION};
    use super::storage;
    let (mut record, notice) = storage::load_or_notice::<Daily>(KEY, VERSION, "daily results");
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
    if record.gather(&finished, today) {
        storage::save(KEY, VERSION, &record);
    }
    (record, notice)
}

#[cfg(target_arch = "wasm32")]
pub use share::ShareLine;

#[cfg(target_arch = "wasm32")]
mod share {
    use yew::prelude::*;

    #[derive(Properties, PartialEq)]
    pub struct ShareLineProps {
        /// The field's id (one per game on a page).
        pub id: AttrValue,
        pub line: AttrValue,
    }

    /// A result line in a field, with its Share button and what became of the share. The button's
    /// work is static/share.js's (as the friends pages' room links): the Web Share API where the
    /// browser has it, the clipboard otherwise, and the line selected if both are refused.
    #[component]
    pub fn ShareLine(props: &ShareLineProps) -> Html {
        html! {
            <div class="field share-line">
                <label for={props.id.clone()}>{"Your result, to paste anywhere"}</label>
                <div class="link-row">
                    <textarea id={props.id.clone()} readonly=true rows="2" value={props.line.clone()} />
                    <button data-share-text={props.id.clone()}>{"Share result"}</button>
                </div>
                <p class="note" role="status" data-copied=""></p>
            </div>
        }
    }
}
