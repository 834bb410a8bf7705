//! The player's statistics for the shedding games: games finished and won, per preset.
//! Persisted, versioned; each game is counted once, however often its end is shown again
//! (a reload, or a share link to a finished deal).
//!
//! A deal opened from a share link is counted apart, as a "shared deal": the link carries the
//! deal itself, and from it every hidden card can be worked out, so such a game says nothing
//! about the player's own record.

#[cfg(target_arch = "wasm32")]
use super::storage;
use super::storage::{Fields, Stored};
use crate::engine::shedding::Preset;
use crate::engine::text::ascii_number;

pub const KEY: &str = "blackjack.stats";
pub const VERSION: u32 = 1;

/// How many finished games are remembered so that each is counted once.
const REMEMBERED: usize = 20;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// (played, won) per preset, in [`Preset::ALL`] order: the player's own record.
    pub games: [(u32, u32); 5],
    /// (played, won) of deals opened from a share link, every preset together.
    pub shared: (u32, u32),
    /// The games already counted ("seed.actions"), the latest few.
    pub counted: Vec<String>,
}

/// "played/won", with won never above played.
fn tally(text: &str) -> Option<(u32, u32)> {
    let (p, w) = text.split_once('/')?;
    let (p, w): (u32, u32) = (ascii_number(p)?, ascii_number(w)?);
    (w <= p).then_some((p, w))
}

impl Stored for Stats {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let games = self.games.iter().map(|(p, w)| format!("{p}/{w}")).collect::<Vec<_>>().join(",");
        vec![
            ("games", games),
            ("shared", format!("{}/{}", self.shared.0, self.shared.1)),
            ("counted", self.counted.join(",")),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        let mut games = [(0, 0); 5];
        let parsed: Vec<(u32, u32)> = f.get("games")?.split(',').map(tally).collect::<Option<_>>()?;
        if parsed.len() != games.len() {
            return None;
        }
        games.copy_from_slice(&parsed);
        // Statistics saved before shared deals were counted apart have none.
        let shared = match f.get("shared") {
            Some(s) => tally(s)?,
            None => (0, 0),
        };
        let counted: Vec<String> = f.get("counted")?.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect();
        Some(Stats { games, shared, counted })
    }
}

impl Stats {
    /// Counts a finished game once: `id` names it (seed and length), `won` if the player won,
    /// `shared` if it was opened from a share link (counted apart from the player's record).
    /// Counts stop at `u32::MAX` rather than wrap.
    pub fn record(&mut self, preset: Preset, id: String, won: bool, shared: bool) -> bool {
        if self.counted.contains(&id) {
            return false;
        }
        let tally = if shared {
            &mut self.shared
        } else {
            let i = Preset::ALL.iter().position(|&p| p == preset).unwrap_or(0);
            &mut self.games[i]
        };
        if tally.0 < u32::MAX {
            tally.0 += 1;
            tally.1 += won as u32;
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
pub fn record(preset: Preset, id: String, won: bool, shared: bool) {
    let (mut s, _) = load();
    if s.record(preset, id, won, shared) {
        storage::save(KEY, VERSION, &s);
    }
}
