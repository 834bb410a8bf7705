//! Reusable view pieces, drawn as SVG where they are pictures.

pub mod card;
pub mod logo;
pub mod notice;
pub mod results;
