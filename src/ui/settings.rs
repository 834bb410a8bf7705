//! Player settings: how cards look and how fast the table plays. Persisted, versioned.

use super::storage::{Fields, Stored};
use crate::bots::uno::ROUND_SHOWN_MS;

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
    /// The casino deals the next hand by itself this many seconds after one ends (0: the player
    /// deals). The timer is the page's.
    pub auto_deal: u8,
    /// UNO Blackjack reveals each round by itself this many tenths of a second after its cards
    /// are down (time to read them; a button goes on at once).
    pub reveal_tenths: u8,
}

/// The choices of the casino's next hand, in seconds (0: the player deals).
pub const AUTO_DEAL_SECS: [u8; 4] = [0, 2, 4, 8];
/// The choices of UNO's reveal pause, in tenths of a second.
pub const REVEAL_TENTHS: [u8; 4] = [(ROUND_SHOWN_MS / 100) as u8, 40, 60, 100];

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
            ("auto_deal", self.auto_deal.to_string()),
            ("reveal", self.reveal_tenths.to_string()),
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
            // Added with the casino's dealing by itself and UNO's reveal by itself; a value the
            // page never offers is the nearest it does.
            auto_deal: f.parse("auto_deal").unwrap_or(0).min(AUTO_DEAL_SECS[3]),
            reveal_tenths: f.parse("reveal").unwrap_or(REVEAL_TENTHS[0]).clamp(REVEAL_TENTHS[0], REVEAL_TENTHS[3]),
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
            auto_deal: 0,
            reveal_tenths: REVEAL_TENTHS[0],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::storage::{decode, encode};

    #[test]
    fn the_next_hand_and_the_reveal_pause_round_trip_and_old_or_odd_values_are_the_pages() {
        let s = Settings { auto_deal: 4, reveal_tenths: 60, ..Settings::default() };
        assert_eq!(decode::<Settings>(&encode(VERSION, &s), VERSION).ok(), Some(s));
        // Saved before them: the player deals, and the reveal waits its shortest pause.
        let old = "clock=1\nfour_colour=0\nhigh_contrast=0\nreduce_motion=0";
        let text = format!("{}\n{old}", encode(VERSION, &Settings::default()).lines().next().unwrap());
        let back = decode::<Settings>(&text, VERSION).expect("an old save reads");
        assert_eq!((back.auto_deal, back.reveal_tenths), (0, REVEAL_TENTHS[0]));
        let odd = encode(VERSION, &Settings { auto_deal: 200, reveal_tenths: 1, ..Settings::default() });
        let back = decode::<Settings>(&odd, VERSION).unwrap();
        assert_eq!((back.auto_deal, back.reveal_tenths), (AUTO_DEAL_SECS[3], REVEAL_TENTHS[0]));
    }
}
