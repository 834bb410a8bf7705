//! The casino replay page's words that need no page (compiled natively too, so tests reach
//! them): whose decision the felt shows, and the analysis of the player's decisions.

use super::screen::CasinoScreen;
use crate::engine::casino::Phase;

/// The felt's line naming whose decision it is, where the replay is watched from a bot's spot
/// (`watching_a_bot`): the felt says "Your decision" for the spots the screen is fed, which are
/// the bot's then. `None` (the felt's own line) for the player's spots, and when nobody decides.
pub fn whose_decision(screen: &CasinoScreen, watching_a_bot: bool) -> Option<String> {
    match screen.phase() {
        Phase::Insurance { spot } if watching_a_bot && screen.is_mine(spot) => {
            Some(format!("The dealer shows an ace: insurance? {} is deciding", screen.who(spot)))
        }
        Phase::Playing { spot, .. } if watching_a_bot && screen.is_mine(spot) => {
            Some(format!("{} is deciding", screen.who(spot)))
        }
        _ => None,
    }
}
