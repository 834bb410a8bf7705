//! Bots: players that receive exactly one seat's view and the legal actions, never more.

pub mod analysis;
pub mod casino;
pub mod casino_analysis;
pub mod ismcts;
pub mod shedding;
pub mod table;
pub mod uno;
pub mod uno_analysis;
pub mod work;
