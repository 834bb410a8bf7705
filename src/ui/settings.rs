//! Player settings: how cards look and how fast the table plays. Persisted, versioned.

use serde::{Deserialize, Serialize};

pub const KEY: &str = "blackjack.settings";
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// Clubs green and diamonds blue, so suits differ by colour as well as shape.
    pub four_colour: bool,
    /// Thicker outlines and stronger colours on cards.
    pub high_contrast: bool,
    /// Turns card animations off even when the system does not ask for it.
    pub reduce_motion: bool,
    /// Multiplies every game's quick-play clock; `None` switches the clock off.
    pub clock_scale: Option<u8>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { four_colour: false, high_contrast: false, reduce_motion: false, clock_scale: Some(1) }
    }
}
