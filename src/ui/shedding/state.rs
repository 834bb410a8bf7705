//! The shedding table's state and reducer: `TableState::apply` applies a message to the
//! engine and keeps what the table shows besides the game (the log, each seat's latest act, the
//! rounds of a match). It is plain Rust, built and tested natively; the page wraps it in a thin
//! `yew::Reducible` (`table.rs`). Timers, bots and storage are effects in the table component.

use super::link::TableSetup;
pub use super::saved::{RestoreError, StoredGame};
pub use super::screen::{Act, RoundEnd, SeatScreen};
pub use super::words::{short, HUMAN};
use crate::engine::shedding::{Action, Game, Seat};
use crate::ui::reducer::Apply;

pub const SAVE_KEY: &str = "blackjack.shedding";
pub const SAVE_VERSION: u32 = 1;

/// A table on this device: the game itself (the setup and its seed are here, and only here) and
/// the screen of the seat being shown, which the views draw from.
#[derive(Clone, Debug, PartialEq)]
pub struct TableState {
    pub setup: TableSetup,
    pub game: Game,
    pub bot_seed: u64,
    pub screen: SeatScreen,
    /// Pass-and-play: the screen was handed to another person, whose hand stays covered until
    /// they are ready (nothing runs meanwhile: no bot, no clock).
    pub covered: bool,
}

pub enum Msg {
    /// Apply `action` if the game is still at state `at` (timers and bots may fire late). A
    /// person's move is stamped with the state shown when they began it (the finger went down):
    /// one that lands after its turn timed out is a late tap, explained and not played.
    Act {
        action: Action,
        at: u32,
    },
    Dismiss,
    /// Close the round summary: the bots and the clock start on the next deal.
    NextRound,
    /// Pass-and-play: the person the screen was handed to is ready.
    Uncover,
    /// Something the table must tell the player (the hard bots' search worker could not start).
    Notice(String),
}

impl TableState {
    /// A new deal; `Err` lists every problem of the setup's rules.
    pub fn new(setup: TableSetup) -> Result<TableState, RestoreError> {
        let rules = setup.rules().map_err(RestoreError::BadRules)?;
        let game = Game::new(rules, setup.players, setup.seed).map_err(RestoreError::Setup)?;
        let bot_seed = setup.seed.rotate_left(17);
        let persons = setup.persons();
        // The screen opens for the person who moves first, else the first person at the table.
        let first =
            if persons.contains(&game.current()) { game.current() } else { persons.first().copied().unwrap_or(HUMAN) };
        let screen = SeatScreen::new(
            setup.table_names(),
            setup.levels.clone(),
            game.update_for(first).map_err(|_| RestoreError::BadSeat(first.to_string()))?,
        );
        Ok(TableState { covered: persons.len() > 1, setup, game, bot_seed, screen })
    }

    /// Several people share this screen, each seat in turn (pass-and-play).
    pub fn pass_and_play(&self) -> bool {
        self.setup.persons().len() > 1
    }

    /// The seat the screen shows after a move: the person to move, else whoever had it.
    fn next_shown(&self) -> Seat {
        let current = self.game.current();
        let person = self.setup.levels.get(current as usize).is_some_and(Option::is_none);
        if person && !self.game.is_over() {
            current
        } else {
            self.screen.me()
        }
    }

    /// Applies an action and feeds its events to the screen (of the seat now shown).
    fn play(&mut self, action: Action) -> Result<(), crate::engine::shedding::IllegalAction> {
        let events = self.game.apply(action)?;
        // The person holding the screen reads what their own move cost, before handing it on.
        let mine = (action.seat() == self.screen.me()).then_some(action);
        let shown = self.next_shown();
        self.covered |= shown != self.screen.me();
        // The shown seat is a seat of this table: the next to move, or the one shown before.
        if let Ok(update) = self.game.update_after(shown, &events) {
            self.screen.receive(update, mine);
        }
        Ok(())
    }

    pub fn stored(&self) -> StoredGame {
        StoredGame::of(&self.setup, &self.game, self.bot_seed)
    }

    /// Replays a stored game through the engine (see [`StoredGame::replay`]): a tampered or
    /// outdated save is refused with a reason instead of producing an impossible table.
    pub fn restore(s: &StoredGame) -> Result<TableState, RestoreError> {
        // The save is read and replayed whole first (every problem refuses it); then the table
        // replays it through the same steps as play, so each seat's latest act is as it was.
        let (setup, checked) = s.replay()?;
        let mut t = TableState::new(setup)?;
        t.bot_seed = s.bot_seed;
        for &action in checked.log() {
            t.play(action).map_err(RestoreError::Replay)?;
        }
        // A save with no moves yet is a new deal (the page saves one as it deals): nothing
        // was restored, so the log says nothing of it.
        if !checked.log().is_empty() {
            t.screen.log = vec!["Game restored.".into()];
        }
        t.screen.recent = Vec::new();
        t.screen.notice = None;
        t.screen.owed.clear();
        t.screen.between_rounds = false;
        // Whoever picks the device up after a reload sees no hand until its person is ready.
        t.covered = t.pass_and_play();
        Ok(t)
    }
}

impl Apply for TableState {
    type Msg = Msg;

    /// Applies a message; `false` when it changed nothing (a stale timer or bot move, a bot's
    /// refused action), so the page can keep the state it has.
    fn apply(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::Dismiss => {
                self.screen.notice = None;
                self.screen.owed.clear();
            }
            Msg::NextRound => self.screen.between_rounds = false,
            Msg::Uncover => self.covered = false,
            Msg::Notice(text) => self.screen.notice = Some(text),
            // The person's own turn move, chosen before their clock ran out and landing after
            // (the ring's grace passed while it was in flight): late, not out of turn. Nothing is
            // played, nothing more is charged, and the screen says so, if it still shows them.
            Msg::Act { at, action }
                if at != self.game.state_id()
                    && action.seat() == self.screen.me()
                    && self.setup.is_person(action.seat())
                    && self.game.timed_out_since(at, action) =>
            {
                self.screen.late()
            }
            Msg::Act { at, .. } if at != self.game.state_id() => return false,
            Msg::Act { action, .. } => match self.play(action) {
                Ok(()) => {}
                // A person's refused move is explained; a bot's is dropped.
                Err(e) if self.setup.is_person(action.seat()) => self.screen.refused(e.reason.to_string()),
                Err(_) => return false,
            },
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::shedding::Level;
    use crate::engine::shedding::{Preset, Refusal};

    fn table(preset: Preset, seed: u64) -> TableState {
        TableState::new(TableSetup::new(preset, 4, Level::Normal, seed)).expect("the classic rules deal")
    }

    /// Plays each turn's first legal card (else its first legal action) until `stop` says so, or
    /// the game ends: rounds end by someone going out, as at a real table.
    fn play_until(t: &mut TableState, stop: impl Fn(&TableState) -> bool) {
        for _ in 0..5_000 {
            if stop(t) || t.game.is_over() {
                return;
            }
            if t.screen.between_rounds {
                assert!(t.apply(Msg::NextRound));
                continue;
            }
            let legal = t.game.legal_actions();
            let action = legal.iter().copied().find(|a| matches!(a, Action::Play { .. })).unwrap_or(legal[0]);
            assert!(t.apply(Msg::Act { action, at: t.game.state_id() }), "a legal action is applied");
        }
    }

    #[test]
    fn a_message_for_an_earlier_state_changes_nothing() {
        let mut t = table(Preset::Taylor, 7);
        let before = t.clone();
        let action = t.game.legal_actions()[0];
        assert!(!t.apply(Msg::Act { action, at: t.game.state_id() + 1 }));
        assert_eq!(t, before);
    }

    #[test]
    fn an_accepted_move_is_logged_shown_at_its_seat_and_animated() {
        let mut t = table(Preset::Taylor, 11);
        let seat = t.game.current();
        let action = t.game.legal_actions()[0];
        let (at, lines) = (t.game.state_id(), t.screen.log.len());
        assert!(t.apply(Msg::Act { action, at }));
        assert!(t.game.state_id() > at);
        assert!(t.screen.log.len() > lines, "the move has a line in the log");
        assert!(!t.screen.recent.is_empty(), "the move's events drive the animation");
        let act = t.screen.acts[seat as usize].as_ref().expect("the seat shows what it did");
        assert_eq!(act.at, t.game.state_id());
    }

    #[test]
    fn a_refused_move_of_the_player_is_explained_and_the_game_untouched() {
        let mut t = table(Preset::Priestly, 3);
        play_until(&mut t, |t| t.game.current() != HUMAN);
        let game = t.game.clone();
        // Not the player's turn: Priestly refuses a card played now.
        let card = t.game.hand(HUMAN).iter().next().expect("the player holds cards");
        let action = Action::Play { seat: HUMAN, card };
        assert_eq!(t.game.refusal(action), Some(Refusal::NotYourTurn));
        assert!(t.apply(Msg::Act { action, at: t.game.state_id() }));
        assert_eq!(t.game, game);
        let notice = t.screen.notice.clone().expect("the refusal is shown");
        assert!(notice.starts_with(|c: char| c.is_ascii_uppercase()), "{notice}");
        assert!(t.apply(Msg::Dismiss));
        assert_eq!(t.screen.notice, None);
    }

    #[test]
    fn a_bots_refused_move_changes_nothing() {
        let mut t = table(Preset::Priestly, 5);
        play_until(&mut t, |t| t.game.current() == HUMAN);
        let before = t.clone();
        let card = t.game.hand(1).iter().next().expect("seat 1 holds cards");
        assert!(!t.apply(Msg::Act { action: Action::Play { seat: 1, card }, at: t.game.state_id() }));
        assert_eq!(t, before);
    }

    #[test]
    fn a_wrong_card_in_taylor_says_what_it_did_not_follow() {
        for seed in 0..200 {
            let mut t = table(Preset::Taylor, seed);
            play_until(&mut t, |t| t.game.current() == HUMAN);
            let wrong = t
                .game
                .hand(HUMAN)
                .iter()
                .map(|card| Action::Play { seat: HUMAN, card })
                .find(|&a| t.game.turn().laid.is_empty() && t.game.is_accepted(a) && !t.game.is_legal(a));
            let Some(action) = wrong else { continue };
            assert!(t.apply(Msg::Act { action, at: t.game.state_id() }));
            let notice = t.screen.notice.expect("a wrong card is explained");
            assert!(notice.contains("does not follow the") && notice.contains("you pick up"), "{notice}");
            return;
        }
        panic!("no deal in 200 gave the player a wrong card to play");
    }

    #[test]
    fn a_round_of_a_match_ends_with_its_summary_and_the_next_waits() {
        let mut t = table(Preset::British, 21);
        play_until(&mut t, |t| t.screen.between_rounds);
        assert!(t.screen.between_rounds, "the first round ended");
        assert_eq!(t.screen.rounds.len(), 1);
        let end = &t.screen.rounds[0];
        assert_eq!(end.places.len(), 4);
        // Out first, or fewest cards when the round stopped early: places never go up in cards.
        let left: Vec<usize> = end.places.iter().map(|&s| end.cards_left[s as usize]).collect();
        assert!(left.windows(2).all(|w| w[0] <= w[1]), "{end:?}");
        assert_eq!(end.scores.iter().sum::<u32>(), 3 + 2 + 1, "places score 3, 2, 1 and 0");
        assert!(t.apply(Msg::NextRound));
        assert!(!t.screen.between_rounds);
    }

    #[test]
    fn a_restored_game_shows_what_the_played_one_showed() {
        let mut t = table(Preset::Taylor, 99);
        play_until(&mut t, |t| t.game.log().len() >= 25);
        let back = TableState::restore(&t.stored()).expect("its own save restores");
        assert_eq!(back.game, t.game);
        assert_eq!(back.screen.acts, t.screen.acts);
        assert_eq!(back.screen.rounds, t.screen.rounds);
        assert_eq!(back.screen.log, ["Game restored."]);
    }

    #[test]
    fn a_screen_fed_only_seat_updates_shows_what_the_table_shows() {
        // The same stream from another source: a screen that never sees the game, fed each
        // action's update for seat 0, as a friend's browser would be.
        let mut t = table(Preset::British, 8);
        let mut remote = t.screen.clone();
        for _ in 0..3_000 {
            if t.game.is_over() {
                break;
            }
            if t.screen.between_rounds {
                t.apply(Msg::NextRound);
                remote.between_rounds = false;
                continue;
            }
            let legal = t.game.legal_actions();
            let action = legal.iter().copied().find(|a| matches!(a, Action::Play { .. })).unwrap_or(legal[0]);
            let mut host = t.game.clone();
            let events = host.apply(action).expect("a legal action");
            assert!(t.apply(Msg::Act { action, at: t.game.state_id() }));
            remote.receive(host.update_after(HUMAN, &events).unwrap(), (action.seat() == HUMAN).then_some(action));
            assert_eq!(remote, t.screen);
        }
        assert!(remote.log.len() > 10 && !remote.rounds.is_empty());
    }

    #[test]
    fn a_tap_that_lands_after_its_timeout_is_late_not_out_of_turn() {
        // Taylor: a clock, and a card played out of turn costs one. The player's turn times out
        // while a tap on a card is in flight; the tap, stamped with the turn it was chosen on,
        // lands after.
        let mut t = table(Preset::Taylor, 13);
        play_until(&mut t, |t| t.game.current() == HUMAN && t.game.turn().laid.is_empty());
        let at = t.game.state_id();
        let card = t.game.hand(HUMAN).iter().next().expect("the player holds cards");
        let tap = Action::Play { seat: HUMAN, card };
        assert!(t.apply(Msg::Act { action: Action::Timeout { seat: HUMAN }, at }));
        let (game, held) = (t.game.clone(), t.game.hand(HUMAN).len());
        assert!(t.screen.notice.as_deref().is_some_and(|n| n.starts_with("Too slow")));
        assert!(t.apply(Msg::Act { action: tap, at }), "the late tap is explained");
        assert_eq!(t.game, game, "nothing played, nothing more charged");
        assert_eq!(t.game.hand(HUMAN).len(), held);
        let notice = t.screen.notice.clone().expect("a notice");
        assert!(notice.starts_with("Too late:") && notice.contains("not played"), "{notice}");
        assert!(notice.contains("Too slow: you pick up 1 card."), "the one penalty is named: {notice}");
        // The same card tapped on the next state, once the table has moved on, is out of turn:
        // the engine charges for it, and the banner says so.
        let now = t.game.state_id();
        assert!(t.apply(Msg::Act { action: tap, at: now }));
        assert_eq!(t.game.hand(HUMAN).len(), held + 1);
        assert!(
            t.screen.notice.as_deref().is_some_and(|n| n.starts_with("Played out of turn")),
            "{:?}",
            t.screen.notice
        );
        // A bot's stale move, or a stale timer, is still dropped.
        let before = t.clone();
        assert!(!t.apply(Msg::Act { action: Action::Timeout { seat: HUMAN }, at }));
        let bot = Action::Draw { seat: 1 };
        assert!(!t.apply(Msg::Act { action: bot, at }));
        assert_eq!(t, before);
    }

    #[test]
    fn penalties_that_land_before_the_person_moves_again_are_named_together() {
        // Taylor: too slow, then called out for a silent last card, before the player moved.
        let mut t = table(Preset::Taylor, 13);
        play_until(&mut t, |t| t.game.current() == HUMAN && t.game.turn().laid.is_empty());
        assert!(t.apply(Msg::Act { action: Action::Timeout { seat: HUMAN }, at: t.game.state_id() }));
        let accuse = Action::Accuse {
            seat: 1,
            target: HUMAN,
            infringement: crate::engine::shedding::Infringement::MissedLastCard,
        };
        assert!(t.apply(Msg::Act { action: accuse, at: t.game.state_id() }));
        let notice = t.screen.notice.clone().expect("a notice");
        assert!(notice.starts_with("Too slow, then no \"Last card\": you pick up 8 cards in all."), "{notice}");
        // The player's next move starts afresh.
        assert!(t.apply(Msg::Act {
            action: Action::Say { seat: HUMAN, phrase: crate::engine::shedding::Phrase::WellPlayed },
            at: t.game.state_id()
        }));
        assert_eq!(t.screen.notice, None);
    }

    #[test]
    fn a_false_call_out_returns_the_cards_on_the_seat_and_in_the_log() {
        // Seat 1 has not missed anything: the player's call-out of it is false, and seat 1
        // disputes it.
        let mut t = table(Preset::Taylor, 17);
        let accuse = Action::Accuse {
            seat: HUMAN,
            target: 1,
            infringement: crate::engine::shedding::Infringement::MissedLastCard,
        };
        assert!(t.apply(Msg::Act { action: accuse, at: t.game.state_id() }));
        let act = |t: &TableState, s: usize| t.screen.acts[s].as_ref().map(|a| a.text.clone());
        assert_eq!(act(&t, 1).as_deref(), Some("+7: no \"Last card\""));
        assert!(t.apply(Msg::Act { action: Action::Dispute { seat: 1, accusation: 0 }, at: t.game.state_id() }));
        assert_eq!(act(&t, 1).as_deref(), Some("7 cards returned"));
        assert_eq!(act(&t, 0).as_deref(), Some("+1: false call-out"), "the accuser's seat says it paid");
        let log = t.screen.log.join("\n");
        assert!(log.contains("Sam shows the call-out was false: the 7 cards go back to the stock, and you pay for the false call-out."), "{log}");
        assert!(log.contains("You pick up 1 card (false call-out)."), "{log}");
    }

    fn pass_and_play(preset: Preset, seed: u64) -> TableState {
        let mut setup = TableSetup::new(preset, 4, Level::Normal, seed);
        setup.levels[2] = None;
        setup.names[2] = "Jo".into();
        TableState::new(setup).expect("the classic rules deal")
    }

    #[test]
    fn pass_and_play_covers_the_screen_between_two_peoples_turns() {
        let mut t = pass_and_play(Preset::Priestly, 4);
        assert!(t.pass_and_play() && t.covered, "the first hand is covered until its person is ready");
        assert!(t.apply(Msg::Uncover));
        assert_eq!(t.screen.name(0), "Player 1", "nobody is 'You' on a shared screen");
        let mut handed = 0;
        for _ in 0..3_000 {
            if t.game.is_over() {
                break;
            }
            if t.screen.between_rounds {
                t.apply(Msg::NextRound);
            }
            if t.covered {
                handed += 1;
                assert!(t.apply(Msg::Uncover));
            }
            let me = t.screen.me();
            assert!(t.setup.is_person(me), "the screen only ever shows a person's seat");
            assert_eq!(t.screen.view, t.game.view(me), "the screen holds that seat's view, no other hand");
            let action = t.game.legal_actions()[0];
            let before = t.screen.me();
            t.apply(Msg::Act { action, at: t.game.state_id() });
            let next = t.game.current();
            if t.setup.is_person(next) && !t.game.is_over() {
                assert_eq!(t.screen.me(), next, "the person to move has the screen");
                assert_eq!(t.covered, next != before, "covered exactly when the screen changes hands");
            }
        }
        assert!(handed > 5, "the screen changed hands {handed} times");
    }

    #[test]
    fn a_refused_move_of_any_person_is_explained() {
        let mut t = pass_and_play(Preset::Priestly, 6);
        play_until(&mut t, |t| t.game.current() == 2);
        t.apply(Msg::Uncover);
        let card = t.game.hand(0).iter().next().expect("seat 0 holds cards");
        assert!(t.apply(Msg::Act { action: Action::Play { seat: 0, card }, at: t.game.state_id() }));
        assert!(t.screen.notice.is_some(), "a person's refused move is explained");
    }

    #[test]
    fn pass_and_play_is_saved_and_restored_covered() {
        let mut t = pass_and_play(Preset::Taylor, 12);
        play_until(&mut t, |t| t.game.log().len() >= 30);
        let back = TableState::restore(&t.stored()).expect("its own save restores");
        assert_eq!((back.game.clone(), back.screen.me()), (t.game.clone(), t.screen.me()));
        assert!(back.covered, "whoever picks up a reloaded screen sees no hand until ready");
        assert_eq!(back.setup.levels, t.setup.levels);
    }
}
