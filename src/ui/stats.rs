//! The player's statistics for the shedding games: games finished and won, per preset.
//! Persisted, versioned; each game is counted once, however often its end is shown again
//! (a reload, or a share link to a finished deal).

use super::storage::{self, Fields, Stored};
use crate::engine::shedding::Preset;

pub const KEY: &str = "blackjack.stats";
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// (played, won) per preset, in [`Preset::ALL`] order.
    pub games: [(u32, u32); 5],
    /// The games already counted ("seed.actions"), the latest few.
    pub counted: Vec<String>,
}

impl Stored for Stats {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let games = self.games.iter().map(|(p, w)| format!("{p}/{w}")).collect::<Vec<_>>().join(",");
        vec![("games", games), ("counted", self.counted.join(","))]
    }
    fn decode(f: &Fields) -> Option<Self> {
        let mut games = [(0, 0); 5];
        let parsed: Vec<(u32, u32)> = f
            .get("games")?
            .split(',')
            .map(|g| g.split_once('/').and_then(|(p, w)| Some((p.parse().ok()?, w.parse().ok()?))))
            .collect::<Option<_>>()?;
        if parsed.len() != games.len() || parsed.iter().any(|(p, w)| w > p) {
            return None;
        }
        games.copy_from_slice(&parsed);
        let counted = f.get("counted")?.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect();
        Some(Stats { games, counted })
    }
}

impl Stats {
    /// Counts a finished game once: `id` names it (seed and length), `won` if the player won.
    pub fn record(&mut self, preset: Preset, id: String, won: bool) -> bool {
        if self.counted.contains(&id) {
            return false;
        }
        let i = Preset::ALL.iter().position(|&p| p == preset).unwrap_or(0);
        self.games[i].0 += 1;
        self.games[i].1 += won as u32;
        self.counted.push(id);
        let drop = self.counted.len().saturating_sub(20);
        self.counted.drain(..drop);
        true
    }
}

/// The saved statistics; unreadable ones are set aside and start again (with a notice).
pub fn load() -> (Stats, Option<String>) {
    match storage::load::<Stats>(KEY, VERSION) {
        Ok(s) => (s.unwrap_or_default(), None),
        Err(problem) => {
            storage::set_aside(KEY);
            (Stats::default(), Some(problem.notice("statistics")))
        }
    }
}

/// Records a finished game in the saved statistics.
pub fn record(preset: Preset, id: String, won: bool) {
    let (mut s, _) = load();
    if s.record(preset, id, won) {
        storage::save(KEY, VERSION, &s);
    }
}
