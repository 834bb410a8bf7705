//! Player settings: how cards look and how fast the table plays. Persisted, versioned.

use super::storage::{Fields, Stored};

pub const KEY: &str = "blackjack.settings";
pub const VERSION: u32 = 2;

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// Clubs green and diamonds blue, so suits differ by colour as well as shape.
    pub four_colour: bool,
    /// Thicker outlines and stronger colours on cards.
    pub high_contrast: bool,
    /// Turns card animations off even when the system does not ask for it.
    pub reduce_motion: bool,
    /// Multiplies every game's quick-play clock; `None` switches the clock off.
    pub clock_scale: Option<u8>,
    /// Divides the bots' reaction times: 1 plays at people's pace, 4 four times as fast.
    pub bot_pace: u8,
    /// Shows the hand by rank (then suit) instead of by suit (then rank).
    pub sort_by_rank: bool,
    /// Marks the cards that follow (Taylor lets a wrong card be played, at a cost).
    pub show_playable: bool,
    /// The one-line explanation of the quick-play clock has been read.
    pub clock_explained: bool,
}

impl Stored for Settings {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let flag = |b: bool| if b { "1" } else { "0" }.to_string();
        vec![
            ("four_colour", flag(self.four_colour)),
            ("high_contrast", flag(self.high_contrast)),
            ("reduce_motion", flag(self.reduce_motion)),
            ("clock", self.clock_scale.unwrap_or(0).to_string()),
            ("pace", self.bot_pace.to_string()),
            ("sort", flag(self.sort_by_rank)),
            ("assist", flag(self.show_playable)),
            ("clock_seen", flag(self.clock_explained)),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        let clock: u8 = f.parse("clock")?;
        Some(Settings {
            four_colour: f.flag("four_colour")?,
            high_contrast: f.flag("high_contrast")?,
            reduce_motion: f.flag("reduce_motion")?,
            clock_scale: (clock > 0).then_some(clock),
            // Settings saved before the pace existed play at people's pace.
            bot_pace: f.parse("pace").unwrap_or(1).clamp(1, 8),
            sort_by_rank: f.flag("sort").unwrap_or(false),
            // Older saves have neither: the assist on, the clock not yet explained.
            show_playable: f.flag("assist").unwrap_or(true),
            clock_explained: f.flag("clock_seen").unwrap_or(false),
        })
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            four_colour: false,
            high_contrast: false,
            reduce_motion: false,
            clock_scale: Some(1),
            bot_pace: 1,
            sort_by_rank: false,
            show_playable: true,
            clock_explained: false,
        }
    }
}
