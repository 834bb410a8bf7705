//! The player's statistics for the shedding games: games finished and won, and the places, per
//! preset.
//! Persisted, versioned; each game is counted once, however often its end is shown again
//! (a reload, or a share link to a finished deal).
//!
//! A deal opened from a share link is counted apart, as a "shared deal": the link carries the
//! deal itself, and from it every hidden card can be worked out, so such a game says nothing
//! about the player's own record.

#[cfg(target_arch = "wasm32")]
use super::storage;
use super::storage::{Fields, Stored};
use crate::engine::shedding::{Game, Preset, Seat};
use crate::engine::text::ascii_number;

pub const KEY: &str = "blackjack.stats";
pub const VERSION: u32 = 1;

/// How many finished games are remembered so that each is counted once.
const REMEMBERED: usize = 20;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// (played, won) per preset, in [`Preset::ALL`] order: the player's own record.
    pub games: [(u32, u32); 5],
    /// (games placed, sum of their places) per preset, in [`Preset::ALL`] order: the average
    /// place. Games counted before places were kept have none, so this has its own count.
    pub places: [(u32, u32); 5],
    /// (played, won) of deals opened from a share link, every preset together.
    pub shared: (u32, u32),
    /// The games already counted ("seed.actions"), the latest few.
    pub counted: Vec<String>,
}

/// "a/b" pairs, one per preset.
fn pairs(of: &[(u32, u32); 5]) -> String {
    of.iter().map(|(a, b)| format!("{a}/{b}")).collect::<Vec<_>>().join(",")
}

/// One pair per preset, each read by `read`.
fn read_pairs(text: &str, read: fn(&str) -> Option<(u32, u32)>) -> Option<[(u32, u32); 5]> {
    let parsed: Vec<(u32, u32)> = text.split(',').map(read).collect::<Option<_>>()?;
    parsed.try_into().ok()
}

/// "games placed/sum of places": every place at least 1st, and never past the largest table (a
/// sum that says otherwise was not written by this page).
fn placed(text: &str) -> Option<(u32, u32)> {
    let (n, sum) = text.split_once('/')?;
    let (n, sum): (u32, u32) = (ascii_number(n)?, ascii_number(sum)?);
    (n <= sum && u64::from(sum) <= u64::from(n) * u64::from(Seat::MAX)).then_some((n, sum))
}

/// The place `seat` finished in, 1 for the winner: the others by points in a match (most
/// first), else by cards left (fewest first), ties by seat, as the results dialog ranks them.
pub fn place(game: &Game, seat: Seat) -> u8 {
    let winner = game.winner();
    let rank = |s: Seat| -> u64 {
        if Some(s) == winner {
            0
        } else if game.target().is_some() {
            u64::from(u32::MAX - game.scores().get(s as usize).copied().unwrap_or(0)) + 1
        } else {
            1 + game.hand(s).len() as u64
        }
    };
    let mine = rank(seat);
    let ahead = (0..game.players()).filter(|&s| s != seat && (rank(s), s) < (mine, seat)).count();
    (ahead + 1).min(usize::from(u8::MAX)) as u8
}

/// "played/won", with won never above played.
fn tally(text: &str) -> Option<(u32, u32)> {
    let (p, w) = text.split_once('/')?;
    let (p, w): (u32, u32) = (ascii_number(p)?, ascii_number(w)?);
    (w <= p).then_some((p, w))
}

impl Stored for Stats {
    fn encode(&self) -> Vec<(&'static str, String)> {
        vec![
            ("games", pairs(&self.games)),
            ("places", pairs(&self.places)),
            ("shared", format!("{}/{}", self.shared.0, self.shared.1)),
            ("counted", self.counted.join(",")),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        let games = read_pairs(f.get("games")?, tally)?;
        // Statistics saved before places were kept have none.
        let places = match f.get("places") {
            Some(p) => read_pairs(p, placed)?,
            None => [(0, 0); 5],
        };
        // Statistics saved before shared deals were counted apart have none.
        let shared = match f.get("shared") {
            Some(s) => tally(s)?,
            None => (0, 0),
        };
        let counted: Vec<String> = f.get("counted")?.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect();
        Some(Stats { games, places, shared, counted })
    }
}

impl Stats {
    /// Counts a finished game once: `id` names it (seed and length), `place` the player's (1 for
    /// a win), `shared` if it was opened from a share link (counted apart from the player's
    /// record). Counts stop at `u32::MAX` rather than wrap.
    pub fn record(&mut self, preset: Preset, id: String, place: u8, shared: bool) -> bool {
        if self.counted.contains(&id) {
            return false;
        }
        let i = Preset::ALL.iter().position(|&p| p == preset).unwrap_or(0);
        let tally = if shared { &mut self.shared } else { &mut self.games[i] };
        if tally.0 < u32::MAX {
            tally.0 += 1;
            tally.1 += u32::from(place == 1);
            let places = &mut self.places[i];
            if !shared && places.1 <= u32::MAX - u32::from(Seat::MAX) {
                places.0 += 1;
                places.1 += u32::from(place.max(1));
            }
        }
        self.counted.push(id);
        let drop = self.counted.len().saturating_sub(REMEMBERED);
        self.counted.drain(..drop);
        true
    }
}

/// The saved statistics; unreadable ones are set aside and start again (with a notice).
#[cfg(target_arch = "wasm32")]
pub fn load() -> (Stats, Option<String>) {
    storage::load_or_notice(KEY, VERSION, "statistics")
}

/// Records a finished game in the saved statistics (see [`Stats::record`]).
#[cfg(target_arch = "wasm32")]
pub fn record(preset: Preset, id: String, place: u8, shared: bool) {
    let (mut s, _) = load();
    if s.record(preset, id, place, shared) {
        storage::save(KEY, VERSION, &s);
    }
}
