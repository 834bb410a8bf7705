//! The rules engines. Pure: no web crates, no clock, no unseeded randomness.
//! Time reaches a game only as an action (a timeout); randomness only from [`rng::GameRng`].

pub mod cards;
pub mod casino;
pub mod catalog;
pub mod codes;
pub mod rng;
pub mod shedding;
pub mod sort;
pub mod text;
pub mod uno;

/// Every problem found in a rule set (casino and UNO; the shedding rules have their own type
/// with structured problems). `rules` names the rule set in the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleProblems {
    pub rules: &'static str,
    pub problems: Vec<String>,
}

impl std::fmt::Display for RuleProblems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the {} rules have {} problem(s): {}", self.rules, self.problems.len(), self.problems.join("; "))
    }
}

impl std::error::Error for RuleProblems {}

/// A refused action, returned with the reason; the game is unchanged. The casino and UNO
/// engines use it with their own action and reason types.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Refused<A, R> {
    pub action: A,
    pub reason: R,
}

impl<A: std::fmt::Debug, R: std::fmt::Display> std::fmt::Display for Refused<A, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} refused: {}", self.action, self.reason)
    }
}

impl<A: std::fmt::Debug, R: std::fmt::Display + std::fmt::Debug> std::error::Error for Refused<A, R> {}
