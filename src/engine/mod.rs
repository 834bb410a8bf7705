//! The rules engines. Pure: no web crates, no clock, no unseeded randomness.
//! Time reaches a game only as an action (a timeout); randomness only from [`rng::GameRng`].

pub mod cards;
pub mod casino;
pub mod catalog;
pub mod rng;
pub mod shedding;
pub mod uno;
