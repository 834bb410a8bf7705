//! The shedding table's state and reducer: `TableState::apply` applies a message to the
//! engine and keeps what the table shows besides the game (the log, each seat's latest act, the
//! rounds of a match). It is plain Rust, built and tested natively; the page wraps it in a thin
//! `yew::Reducible` (`table.rs`). Timers, bots and storage are effects in the table component.

use super::link::TableSetup;
pub use super::saved::{RestoreError, StoredGame};
use super::words::{self, who};
pub use super::words::{short, HUMAN};
use crate::engine::shedding::{Action, Event, Game, Seat};
use crate::ui::reducer::Apply;

pub const SAVE_KEY: &str = "blackjack.shedding";
pub const SAVE_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq)]
pub struct TableState {
    pub setup: TableSetup,
    pub game: Game,
    pub bot_seed: u64,
    /// Readable lines, oldest first.
    pub log: Vec<String>,
    /// Why the last action of the human was refused.
    pub notice: Option<String>,
    /// The events of the last accepted action: the table animates them (keyed by state id).
    pub recent: Vec<Event>,
    /// Each seat's latest act, shown at the seat: (state id, words, kind for the look).
    pub acts: Vec<Option<Act>>,
    /// Every finished round of a match: places, cards left and the match scores after it.
    pub rounds: Vec<RoundEnd>,
    /// A round just ended and its summary is open: the next deal waits until it is closed.
    pub between_rounds: bool,
}

/// What a seat did last ("played Q♠", "picked up 2", "Last card!", a chat bubble).
#[derive(Clone, Debug, PartialEq)]
pub struct Act {
    pub at: u32,
    pub text: String,
    /// "play", "draw", "call" or "say": the seat shows each in its own way.
    pub kind: &'static str,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RoundEnd {
    pub places: Vec<Seat>,
    pub cards_left: Vec<usize>,
    pub scores: Vec<u32>,
    /// A tie-breaker round between those who reached the target (it scores no points).
    pub tie_break: bool,
}

pub enum Msg {
    /// Apply `action` if the game is still at state `at` (timers and bots may fire late).
    Act {
        action: Action,
        at: u32,
    },
    Dismiss,
    /// Close the round summary: the bots and the clock start on the next deal.
    NextRound,
}

impl TableState {
    /// A new deal; `Err` lists every problem of the setup's rules.
    pub fn new(setup: TableSetup) -> Result<TableState, RestoreError> {
        let rules = setup.rules().map_err(RestoreError::BadRules)?;
        let game = Game::new(rules, setup.players, setup.seed).map_err(RestoreError::Setup)?;
        let bot_seed = setup.seed.rotate_left(17);
        let players = game.players() as usize;
        // The deal as an event, so the table deals the cards out visibly on a new game.
        let dealt = Event::Dealt {
            round: 0,
            dealer: game.dealer(),
            seats: (0..players as Seat).collect(),
            hand_size: game.hand(0).len() as u8,
            starter: game.view(HUMAN).top(),
        };
        let mut t = TableState {
            setup,
            game,
            bot_seed,
            log: Vec::new(),
            notice: None,
            recent: vec![dealt],
            acts: vec![None; players],
            rounds: Vec::new(),
            between_rounds: false,
        };
        t.log.push(format!(
            "{}. {}.",
            who(&t.setup.names, t.game.dealer(), "deals"),
            who(&t.setup.names, t.game.current(), "starts")
        ));
        Ok(t)
    }

    /// Keeps what the table shows besides the game: each seat's latest act and the rounds' ends.
    fn absorb(&mut self, before: &Game, events: &[Event]) {
        let at = self.game.state_id();
        for e in events {
            let (seat, act) = match e {
                Event::Dealt { .. } => {
                    self.acts.iter_mut().for_each(|a| *a = None);
                    continue;
                }
                Event::RoundOver { places, scores, .. } => {
                    // Cards left when the round ended: the hands before the last action, less
                    // the cards of anyone who went out with it.
                    let cards_left = (0..self.game.players())
                        .map(|s| {
                            let out = events.iter().any(|e| matches!(e, Event::WentOut { seat, .. } if *seat == s));
                            if out {
                                0
                            } else {
                                before.hand(s).len()
                            }
                        })
                        .collect();
                    self.rounds.push(RoundEnd {
                        places: places.clone(),
                        cards_left,
                        scores: scores.clone(),
                        tie_break: before.is_tie_break(),
                    });
                    self.between_rounds = !self.game.is_over();
                    continue;
                }
                e => match words::act(&self.setup.names, e) {
                    Some((seat, text, kind)) => (seat, Some(Act { at, text, kind })),
                    None => continue,
                },
            };
            if let Some(slot) = self.acts.get_mut(seat as usize) {
                *slot = act;
            }
        }
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.setup.names[seat as usize]
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
            let before = t.game.clone();
            let events = t.game.apply(action).map_err(RestoreError::Replay)?;
            t.absorb(&before, &events);
        }
        // A save with no moves yet is a new deal (the page saves one as it deals): nothing
        // was restored, so the log says nothing of it.
        if !checked.log().is_empty() {
            t.log = vec!["Game restored.".into()];
        }
        t.recent = Vec::new();
        t.between_rounds = false;
        Ok(t)
    }
}

impl Apply for TableState {
    type Msg = Msg;

    /// Applies a message; `false` when it changed nothing (a stale timer or bot move, a bot's
    /// refused action), so the page can keep the state it has.
    fn apply(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::Dismiss => self.notice = None,
            Msg::NextRound => self.between_rounds = false,
            Msg::Act { at, .. } if at != self.game.state_id() => return false,
            Msg::Act { action, .. } => {
                let before = self.game.clone();
                match self.game.apply(action) {
                    Ok(events) => {
                        // A penalty of the player's is explained until their next move, whoever
                        // moves in between (a call-out or the clock costs cards too).
                        let banner = words::penalty_banner(&before, action, &events);
                        if banner.is_some() || action.seat() == HUMAN {
                            self.notice = banner;
                        }
                        let names = &self.setup.names;
                        crate::ui::text::extend_log(&mut self.log, &events, |e| words::describe(names, e), 60);
                        self.absorb(&before, &events);
                        self.recent = events;
                    }
                    Err(e) if action.seat() == HUMAN => {
                        self.notice = Some(crate::ui::text::capitalise(&e.reason.to_string()))
                    }
                    Err(_) => return false,
                }
            }
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
        TableState::new(TableSetup::new(preset, 4, Level::Normal, seed)).expect("a preset deals")
    }

    /// Plays each turn's first legal card (else its first legal action) until `stop` says so, or
    /// the game ends: rounds end by someone going out, as at a real table.
    fn play_until(t: &mut TableState, stop: impl Fn(&TableState) -> bool) {
        for _ in 0..5_000 {
            if stop(t) || t.game.is_over() {
                return;
            }
            if t.between_rounds {
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
        let (at, lines) = (t.game.state_id(), t.log.len());
        assert!(t.apply(Msg::Act { action, at }));
        assert!(t.game.state_id() > at);
        assert!(t.log.len() > lines, "the move has a line in the log");
        assert!(!t.recent.is_empty(), "the move's events drive the animation");
        let act = t.acts[seat as usize].as_ref().expect("the seat shows what it did");
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
        let notice = t.notice.clone().expect("the refusal is shown");
        assert!(notice.starts_with(|c: char| c.is_ascii_uppercase()), "{notice}");
        assert!(t.apply(Msg::Dismiss));
        assert_eq!(t.notice, None);
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
            let notice = t.notice.expect("a wrong card is explained");
            assert!(notice.contains("does not follow the") && notice.contains("you pick up"), "{notice}");
            return;
        }
        panic!("no deal in 200 gave the player a wrong card to play");
    }

    #[test]
    fn a_round_of_a_match_ends_with_its_summary_and_the_next_waits() {
        let mut t = table(Preset::British, 21);
        play_until(&mut t, |t| t.between_rounds);
        assert!(t.between_rounds, "the first round ended");
        assert_eq!(t.rounds.len(), 1);
        let end = &t.rounds[0];
        assert_eq!(end.places.len(), 4);
        // Out first, or fewest cards when the round stopped early: places never go up in cards.
        let left: Vec<usize> = end.places.iter().map(|&s| end.cards_left[s as usize]).collect();
        assert!(left.windows(2).all(|w| w[0] <= w[1]), "{end:?}");
        assert_eq!(end.scores.iter().sum::<u32>(), 3 + 2 + 1, "places score 3, 2, 1 and 0");
        assert!(t.apply(Msg::NextRound));
        assert!(!t.between_rounds);
    }

    #[test]
    fn a_restored_game_shows_what_the_played_one_showed() {
        let mut t = table(Preset::Taylor, 99);
        play_until(&mut t, |t| t.game.log().len() >= 25);
        let back = TableState::restore(&t.stored()).expect("its own save restores");
        assert_eq!(back.game, t.game);
        assert_eq!(back.acts, t.acts);
        assert_eq!(back.rounds, t.rounds);
        assert_eq!(back.log, ["Game restored."]);
    }
}
