//! Share links: `#table=<rules>.<seats>.<bots>.<seed>` opens the same deal for a friend.
//! Rules are named by preset (the page offers presets only so far).

use crate::bots::shedding::Level;
use crate::engine::shedding::Preset;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableLink {
    pub preset: Preset,
    pub players: u8,
    pub level: Level,
    pub seed: u64,
}

impl TableLink {
    pub fn fragment(&self) -> String {
        let level = match self.level {
            Level::Random | Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        };
        format!("#table={}.{}.{level}.{}", self.preset.id(), self.players, self.seed)
    }

    /// Reads a location hash; `None` when it is not a table link at all, `Some(Err)` when it is
    /// one but malformed (the page says so instead of guessing).
    pub fn parse(hash: &str) -> Option<Result<TableLink, String>> {
        let body = hash.strip_prefix("#table=")?;
        let mut p = body.split('.');
        let (Some(preset), Some(players), Some(level), Some(seed), None) = (p.next(), p.next(), p.next(), p.next(), p.next()) else {
            return Some(Err(format!("the link \"{body}\" is not a table link")));
        };
        let Some(preset) = Preset::from_id(preset) else {
            return Some(Err(format!("the link names unknown rules \"{preset}\"")));
        };
        let rules = preset.rules();
        let spec = rules.spec();
        let players = match players.parse::<u8>() {
            Ok(n) if (spec.min_players..=spec.max_players).contains(&n) => n,
            _ => return Some(Err(format!("the link asks for {players} players"))),
        };
        let level = match level {
            "easy" => Level::Easy,
            "normal" => Level::Normal,
            "hard" => Level::Hard,
            other => return Some(Err(format!("the link asks for \"{other}\" bots"))),
        };
        let Ok(seed) = seed.parse::<u64>() else {
            return Some(Err("the link's deal number is not a number".into()));
        };
        Some(Ok(TableLink { preset, players, level, seed }))
    }
}
