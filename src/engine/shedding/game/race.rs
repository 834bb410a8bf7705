//! Calls race. At a real table two players may call the same thing at once; the one heard first
//! makes the call, and the other's is moot. With friends online "heard first" is the host's
//! arrival order: a call made from an older state than the table's, when a move taken since made
//! the same call, came second. This says which seat made it first; the host refuses the second
//! call and names the first caller (the engine alone would take a second call-out of the same
//! player as a false one, and hand over cards again).

use super::*;

impl Action {
    /// A call, not a turn's move: "Last card", table talk, a call-out or a dispute. Anyone may
    /// make one at any moment, so it is not computed from the turn as a play is.
    pub fn is_call(&self) -> bool {
        matches!(
            self,
            Action::CallLastCard { .. } | Action::Say { .. } | Action::Accuse { .. } | Action::Dispute { .. }
        )
    }
}

impl Game {
    /// The seat that, among the moves taken since state `at` (a [`Game::state_id`]), made the
    /// call `action` would make, so that `action` came second; `None` if nobody did (or `action`
    /// is no call, or `at` is not an earlier state).
    ///
    /// - a call-out of a player: another call-out of the same player for the same thing, or that
    ///   player's own "Last card" call (it came before the call-out);
    /// - a player's own "Last card": a call-out of that player for missing it;
    /// - a dispute of a call-out: another dispute of the same one.
    ///
    /// Table talk never races: each voice is its own.
    pub fn first_call_since(&self, at: u32, action: Action) -> Option<Seat> {
        let since = self.log.get(at as usize..)?;
        let me = action.seat();
        since.iter().find_map(|&taken| {
            let first = taken.seat();
            let same = match (action, taken) {
                (Action::Accuse { target, infringement, .. }, Action::Accuse { target: t, infringement: i, .. }) => {
                    target == t && infringement == i
                }
                (
                    Action::Accuse { target, infringement: Infringement::MissedLastCard, .. },
                    Action::CallLastCard { seat },
                ) => target == seat,
                (
                    Action::CallLastCard { seat },
                    Action::Accuse { target, infringement: Infringement::MissedLastCard, .. },
                ) => target == seat,
                (Action::Dispute { accusation, .. }, Action::Dispute { accusation: a, .. }) => accusation == a,
                _ => false,
            };
            (same && first != me).then_some(first)
        })
    }

    /// Whether `action`, chosen at state `at`, is a late tap: one of its seat's turn moves (a
    /// card, a suit, a pick-up, a pass, Finished) whose turn timed out at `at` or since. The
    /// person chose it on their turn and it landed after the clock's `Timeout`, so it is late,
    /// not out of turn: the page plays nothing and charges nothing more (the timeout's penalty
    /// stands), and says so. Told from the state ids alone; no clock is read here.
    pub fn timed_out_since(&self, at: u32, action: Action) -> bool {
        let timeout = Action::Timeout { seat: action.seat() };
        action.is_turn_move() && self.log.get(at as usize..).is_some_and(|since| since.contains(&timeout))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shedding::Preset;

    #[test]
    fn a_second_call_out_of_the_same_player_names_the_first_caller() {
        let mut g = Game::new(Preset::Taylor.rules(), 4, 3).unwrap();
        let at = g.state_id();
        // Seat 1 says "Last card" out of turn (a false call costs cards, but it is taken).
        let call = Action::CallLastCard { seat: 1 };
        assert!(g.apply(call).is_ok());
        let accuse = |seat| Action::Accuse { seat, target: 1, infringement: Infringement::MissedLastCard };
        // A call-out of seat 1 made before that call arrived came second: seat 1 called first.
        assert_eq!(g.first_call_since(at, accuse(2)), Some(1));
        // Seat 1's own call is not raced by itself; a later state sees nothing; talk never races.
        assert_eq!(g.first_call_since(at, call), None);
        assert_eq!(g.first_call_since(g.state_id(), accuse(2)), None);
        assert_eq!(g.first_call_since(at, Action::Say { seat: 2, phrase: Phrase::Hurry }), None);
        assert_eq!(g.first_call_since(g.state_id() + 1, accuse(2)), None);
        assert!(call.is_call() && !Action::Draw { seat: 0 }.is_call());
    }

    #[test]
    fn a_turn_move_chosen_before_its_timeout_is_late_and_one_chosen_after_is_out_of_turn() {
        let mut g = Game::new(Preset::Taylor.rules(), 3, 5).unwrap();
        let seat = g.current();
        let card = g.hand(seat).iter().next().expect("a dealt hand");
        let tap = Action::Play { seat, card };
        let at = g.state_id();
        assert!(!g.timed_out_since(at, tap), "nothing has happened since: the tap is on time");
        g.apply(Action::Timeout { seat }).expect("Taylor has a clock");
        // Chosen on the turn that timed out: late. Chosen after it: an out-of-turn play (Taylor
        // charges for it), not late.
        assert!(g.timed_out_since(at, tap));
        assert!(g.timed_out_since(at, Action::Draw { seat }));
        assert!(!g.timed_out_since(g.state_id(), tap));
        assert!(matches!(g.check(tap), Ok(Plan::OutOfTurn(_))));
        // Only that seat's turn moves: another seat's card, or a call, is no late tap.
        let other = g.current();
        let theirs = Action::Play { seat: other, card: g.hand(other).iter().next().unwrap() };
        assert!(!g.timed_out_since(at, theirs));
        assert!(!g.timed_out_since(at, Action::CallLastCard { seat }));
        assert!(!g.timed_out_since(g.state_id() + 3, tap), "a state to come says nothing");
    }
}
