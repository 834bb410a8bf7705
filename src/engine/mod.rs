//! The rules engines. Pure: no web crates, no clock, no unseeded randomness.
//! Time reaches a game only as an action (a timeout); randomness only from [`rng::GameRng`].

pub mod cards;
pub mod casino;
pub mod catalog;
pub mod codes;
pub mod feed;
pub mod rng;
pub mod shedding;
pub mod sort;
pub mod text;
pub mod uno;

/// Every problem found in a rule set, each a typed problem `P` of its family (casino:
/// [`casino::rules::TableProblem`], UNO: [`uno::rules::UnoProblem`]; the shedding rules have
/// their own error, which also keeps the rule set). `rules` names the rule set in the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleProblems<P> {
    pub rules: &'static str,
    pub problems: Vec<P>,
}

impl<P: std::fmt::Display> std::fmt::Display for RuleProblems<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the {} rules have {} problem(s): ", self.rules, self.problems.len())?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl<P: std::fmt::Display + std::fmt::Debug> std::error::Error for RuleProblems<P> {}

/// A refused action, returned with the reason; the game is unchanged. The casino and UNO
/// engines use it with their own action and reason types.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Refused<A, R> {
    pub action: A,
    pub reason: R,
}

/// The reason alone, in words a player reads (a save that could not be restored names the
/// action's place in its log). The action's `Debug` ("Hit { spot: 3 }") is not plain English,
/// and formatting it brought Rust's string escaping into the pages' downloads.
impl<A, R: std::fmt::Display> std::fmt::Display for Refused<A, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.reason)
    }
}

impl<A: std::fmt::Debug, R: std::fmt::Display + std::fmt::Debug> std::error::Error for Refused<A, R> {}
