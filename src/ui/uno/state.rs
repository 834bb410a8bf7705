//! The UNO Blackjack table's state and reducer (`UnoState::apply`, plain Rust, built and tested
//! natively; the page wraps it in a thin `yew::Reducible` in `table.rs`). Timers and storage are
//! effects in the component.
//! Besides the game, the state keeps what the table shows of it: each seat's revealed cards and
//! latest act, which stay on the felt after the round's reward until the next round starts, the
//! cards that just moved (they travel from the deck or the queue), and each player's exit round.

use super::words::describe;
pub use super::words::{level_name, name, HUMAN};
use crate::bots::shedding::Level;
use crate::bots::uno::decide;
use crate::engine::codes::ReplayError;
use crate::engine::uno::save::save_from_codes;
pub use crate::engine::uno::save::{code, parse_code};
use crate::engine::uno::{
    Action, Event, Game, IllegalAction, Phase, Seat, SkipValue, Status, UnoCard, UnoReplayError, UnoRules, UnoSpec,
};
use crate::ui::reducer::Apply;
use crate::ui::storage::{Fields, Stored};

pub const SAVE_KEY: &str = "blackjack.uno";
pub const SAVE_VERSION: u32 = 1;
/// Fast-forward plays at most this many actions in one go, then lets the page paint and go on:
/// after the player is out, a ten-seat game can have thousands left, a few seconds of frozen
/// page if played at once. A chunk this size stays well inside a browser's 50 ms long task.
pub const FORWARD_CHUNK: usize = 150;
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnoChoice {
    pub players: u8,
    pub level: Level,
    pub skip_zero: bool,
    pub pass_again: bool,
    pub deal_back_in: bool,
    /// The classic "join mid-game": the last seat sits out the first round, then joins and
    /// draws from the deck until it earns a queue (or is out after three rounds).
    pub latecomer: bool,
}

impl Default for UnoChoice {
    fn default() -> Self {
        UnoChoice {
            players: 4,
            level: Level::Normal,
            skip_zero: false,
            pass_again: false,
            deal_back_in: false,
            latecomer: false,
        }
    }
}

impl UnoChoice {
    pub fn rules(&self) -> UnoRules {
        UnoRules::new(UnoSpec {
            skip_value: if self.skip_zero { SkipValue::Zero } else { SkipValue::Ten },
            pass_is_final: !self.pass_again,
            deal_back_in: self.deal_back_in,
            ..UnoSpec::default()
        })
        .unwrap_or_else(|_| UnoRules::seed_rules())
    }
}

fn level_code(l: Level) -> &'static str {
    match l {
        Level::Random | Level::Easy => "easy",
        Level::Normal => "normal",
        Level::Hard => "hard",
    }
}

pub fn parse_level(s: &str) -> Option<Level> {
    Some(match s {
        "easy" => Level::Easy,
        "normal" => Level::Normal,
        "hard" => Level::Hard,
        _ => return None,
    })
}

#[derive(Clone, Debug, PartialEq)]
pub struct StoredUno {
    pub choice: UnoChoice,
    pub seed: u64,
    pub log: String,
}

impl Stored for StoredUno {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let c = self.choice;
        vec![
            ("players", c.players.to_string()),
            ("level", level_code(c.level).into()),
            ("skip_zero", (c.skip_zero as u8).to_string()),
            ("pass_again", (c.pass_again as u8).to_string()),
            ("deal_back_in", (c.deal_back_in as u8).to_string()),
            ("latecomer", (c.latecomer as u8).to_string()),
            ("seed", self.seed.to_string()),
            ("log", self.log.clone()),
        ]
    }
    fn decode(f: &Fields) -> Option<Self> {
        Some(StoredUno {
            choice: UnoChoice {
                players: f.parse("players")?,
                level: parse_level(f.get("level")?)?,
                skip_zero: f.flag("skip_zero")?,
                pass_again: f.flag("pass_again")?,
                deal_back_in: f.flag("deal_back_in")?,
                latecomer: f.flag("latecomer")?,
            },
            seed: f.parse("seed")?,
            log: f.get("log")?.to_string(),
        })
    }
}

/// A card that just arrived on a seat's stack: where it came from, in the order of the flips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fresh {
    pub seat: Seat,
    pub index: usize,
    pub from_deck: bool,
}

/// How the last round ended: its winners, their total and the cards each took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundEnd {
    pub round: u32,
    pub winners: Vec<Seat>,
    pub total: u8,
    pub rewards: Vec<u8>,
}

/// How long a round's result stays on the table before the next round is revealed by itself:
/// long enough to read the winner, the totals and who is out (a tap on Reveal goes on sooner).
pub const ROUND_SHOWN_MS: u32 = 4500;

#[derive(Clone, PartialEq)]
pub struct UnoState {
    pub choice: UnoChoice,
    pub seed: u64,
    pub game: Game,
    pub log: Vec<String>,
    pub notice: Option<String>,
    /// Each seat's revealed cards this round (a bust stays shown, marked), kept until the next round.
    pub shown: Vec<Vec<UnoCard>>,
    pub totals: Vec<u8>,
    /// Each seat's latest act: "hit: 7 → 18", "passed", "bust!".
    pub acts: Vec<String>,
    pub fresh: Vec<Fresh>,
    pub last: Option<RoundEnd>,
    /// The round in which each player went out.
    pub out_round: Vec<Option<u32>>,
    /// Fast-forward is under way: the page sends the next chunk after it has painted.
    pub forwarding: bool,
}

#[derive(Clone, Copy)]
pub enum Msg {
    Act {
        action: Action,
        at: usize,
    },
    /// Let the bots play at once: to the end of the game when the player is out of it, else to
    /// the end of the round.
    FastForward {
        at: usize,
    },
    /// Play again: the same rules, a new deal.
    Restart {
        seed: u64,
    },
}

impl UnoState {
    pub fn new(choice: UnoChoice, seed: u64) -> UnoState {
        let choice = UnoChoice { players: choice.players.clamp(2, 10), ..choice };
        let game = Game::with_waiting(choice.rules(), choice.players, &waiting(&choice), seed)
            .expect("2 to 10 players, at most one waiting");
        let n = choice.players as usize;
        UnoState {
            choice,
            seed,
            game,
            log: Vec::new(),
            notice: None,
            shown: vec![Vec::new(); n],
            totals: vec![0; n],
            acts: vec![String::new(); n],
            fresh: Vec::new(),
            last: None,
            out_round: vec![None; n],
            forwarding: false,
        }
    }
    /// A saved game, checked whole (players, every action code, every action replayed) first;
    /// then replayed through the same steps as play, so the table looks as it did.
    pub fn restore(s: &StoredUno) -> Result<UnoState, UnoReplayError> {
        let c = &s.choice;
        let save = save_from_codes(c.rules().spec().clone(), c.players, waiting(c), s.seed, &s.log)?;
        Game::replay(&save, None)?;
        let mut t = UnoState::new(s.choice, s.seed);
        for (index, &a) in save.log.iter().enumerate() {
            t.play(a).map_err(|refused| ReplayError::Refused { index, refused })?;
        }
        Ok(t)
    }
    /// Applies one action and updates what the table shows of it.
    pub fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        let events = self.game.apply(action)?;
        self.fresh.clear();
        let mut drawn = None;
        for e in &events {
            self.note(action, e, &mut drawn);
        }
        crate::ui::text::extend_log(&mut self.log, &events, describe, 60);
        Ok(())
    }
    fn note(&mut self, action: Action, e: &Event, drawn: &mut Option<Seat>) {
        let act = |s: &mut Self, seat: Seat, text: String| s.acts[seat as usize] = text;
        match e {
            Event::RoundStarts { round, .. } => {
                self.shown.iter_mut().for_each(Vec::clear);
                self.totals.iter_mut().for_each(|t| *t = 0);
                self.acts.iter_mut().for_each(String::clear);
                self.last = Some(RoundEnd { round: *round, winners: Vec::new(), total: 0, rewards: Vec::new() });
            }
            Event::Flipped { seat, card, from_deck, total } => {
                let s = *seat as usize;
                self.shown[s].push(*card);
                self.totals[s] = *total;
                self.fresh.push(Fresh { seat: *seat, index: self.shown[s].len() - 1, from_deck: *from_deck });
                let how = match action {
                    _ if *drawn == Some(*seat) => "draw one",
                    Action::Hit { .. } => "hit",
                    _ => "flip",
                };
                act(self, *seat, format!("{how}: {} → {total}", super::words::mark(*card)));
            }
            Event::DrawPenalty { seat } => *drawn = Some(*seat),
            Event::Skipped { seat } => act(self, *seat, "skipped".into()),
            Event::Bust { seat, .. } => act(self, *seat, "bust!".into()),
            Event::Passed { seat } => act(self, *seat, "passed".into()),
            Event::NoCards { seat } => act(self, *seat, "no cards".into()),
            Event::Winners { seats, total } => {
                if let Some(l) = &mut self.last {
                    l.winners = seats.clone();
                    l.total = *total;
                    l.rewards = vec![0; seats.len()];
                }
                for &s in seats {
                    act(self, s, format!("wins with {total}"));
                }
            }
            Event::Rewarded { seat, cards } => {
                if let Some(l) = &mut self.last {
                    if let Some(i) = l.winners.iter().position(|w| w == seat) {
                        l.rewards[i] = *cards;
                    }
                }
                act(self, *seat, format!("won +{cards}"));
            }
            Event::Joined { seat } => act(self, *seat, "joins".into()),
            Event::EarnedQueue { seat } => act(self, *seat, "has a queue".into()),
            Event::Out { seat } => {
                self.out_round[*seat as usize] = Some(self.game.round());
                // The seat's tag says "out"; its act says why, not the same word again.
                act(self, *seat, "no cards left".into());
            }
            _ => {}
        }
    }
    /// The player's own status.
    pub fn me(&self) -> Status {
        self.game.players()[HUMAN as usize].status
    }
    /// Whether the player takes part in the game still (not out, not yet waiting to join).
    pub fn i_am_in(&self) -> bool {
        matches!(self.me(), Status::Playing | Status::Joining { .. })
    }
    /// Whether the player has nothing left to decide this round (bust, or passed for good).
    pub fn i_am_done(&self) -> bool {
        let p = &self.game.players()[HUMAN as usize];
        matches!(self.game.phase(), Phase::Match { .. }) && (p.busted || (p.passed && !self.choice.pass_again))
    }
    /// What happens next without the player, and after how many milliseconds: a bot's move, a
    /// latecomer joining, the next round once the last one's result has been shown, or the next
    /// round at once when the player is out of the game.
    pub fn auto_action(&self) -> Option<(Action, u32)> {
        let g = &self.game;
        match g.phase() {
            Phase::Match { turn } if *turn != HUMAN => {
                let jitter = crate::bots::uno::jitter(self.seed, self.at());
                Some((decide(&g.view(*turn), self.choice.level, jitter), 500))
            }
            // The latecomer joins at the beginning of the second round's reveal phase.
            Phase::RoundStart if g.round() >= 1 => {
                match g.legal_actions().into_iter().find(|a| matches!(a, Action::Join { .. })) {
                    Some(a) => Some((a, 600)),
                    None if !self.i_am_in() => Some((Action::Reveal, 2000)),
                    // A round the player took part in: its result stays on the table a moment,
                    // then the next round goes on by itself (or at a tap on Reveal).
                    None if self.last.is_some() => Some((Action::Reveal, ROUND_SHOWN_MS)),
                    None => None,
                }
            }
            Phase::RoundStart if !self.i_am_in() => Some((Action::Reveal, 2000)),
            _ => None,
        }
    }
    /// Plays the bots' moves at once, to the end of the round (or the game, once the player is
    /// out), at most `chunk` of them; `forwarding` says whether any are left for another chunk.
    pub fn fast_forward(&mut self, chunk: usize) {
        let whole_game = !self.i_am_in();
        self.forwarding = false;
        for _ in 0..chunk {
            if !whole_game && !matches!(self.game.phase(), Phase::Match { .. }) {
                return;
            }
            let Some((a, _)) = self.auto_action() else { return };
            if self.play(a).is_err() {
                return;
            }
        }
        self.forwarding = !self.game.is_over() && (whole_game || matches!(self.game.phase(), Phase::Match { .. }));
    }
    pub fn stored(&self) -> StoredUno {
        StoredUno {
            choice: self.choice,
            seed: self.seed,
            log: self.game.log().iter().map(|&a| code(a)).collect::<Vec<_>>().join(" "),
        }
    }
    pub fn at(&self) -> usize {
        self.game.log().len()
    }
}

/// A latecomer (the last seat) needs two players dealt in besides them.
fn waiting(choice: &UnoChoice) -> Vec<Seat> {
    if choice.latecomer && choice.players >= 3 {
        vec![choice.players - 1]
    } else {
        Vec::new()
    }
}

impl Apply for UnoState {
    type Msg = Msg;

    /// Applies a message; `false` when it changed nothing (a stale timer or key), so the page
    /// keeps the state it has.
    fn apply(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::Restart { seed } => *self = UnoState::new(self.choice, seed),
            Msg::Act { at, .. } | Msg::FastForward { at } if at != self.at() => return false,
            Msg::Act { action, .. } => {
                self.forwarding = false;
                self.notice = self.play(action).err().map(|e| e.reason.to_string());
            }
            Msg::FastForward { .. } => {
                self.notice = None;
                self.fast_forward(FORWARD_CHUNK);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(players: u8, seed: u64) -> UnoState {
        UnoState::new(UnoChoice { players, level: Level::Hard, ..UnoChoice::default() }, seed)
    }

    /// The player's own move: reveal at a round's start, hit below 17, else pass.
    fn mine(t: &UnoState) -> Option<Action> {
        let legal = t.game.legal_actions();
        let hit = Action::Hit { seat: HUMAN };
        let pass = Action::Pass { seat: HUMAN };
        [Action::Reveal, if t.totals[HUMAN as usize] < 17 { hit } else { pass }, pass, hit]
            .into_iter()
            .find(|a| legal.contains(a))
            .or_else(|| legal.first().copied())
    }

    /// One step of the game: what happens by itself, else the player's move.
    fn step(t: &mut UnoState) -> bool {
        let Some(action) = t.auto_action().map(|(a, _)| a).or_else(|| mine(t)) else { return false };
        t.apply(Msg::Act { action, at: t.at() })
    }

    #[test]
    fn a_message_for_an_earlier_state_changes_nothing() {
        let mut t = table(4, 1);
        let at = t.at();
        assert!(!t.apply(Msg::Act { action: Action::Reveal, at: at + 1 }));
        assert!(!t.apply(Msg::FastForward { at: at + 1 }));
        assert_eq!(t.at(), at);
    }

    #[test]
    fn a_refused_action_is_explained_and_the_game_untouched() {
        let mut t = table(4, 2);
        let at = t.at();
        assert!(t.apply(Msg::Act { action: Action::Pass { seat: 3 }, at }));
        assert_eq!(t.at(), at);
        assert!(t.notice.is_some());
    }

    #[test]
    fn fast_forward_goes_in_chunks_to_the_same_end_as_playing_it_all() {
        // Play until the player is out of a ten-seat game, then fast-forward the rest.
        let mut t = table(10, 3);
        for _ in 0..20_000 {
            if !t.i_am_in() || t.game.is_over() {
                break;
            }
            assert!(step(&mut t));
        }
        assert!(!t.i_am_in() && !t.game.is_over(), "the player went out with the game still on");
        let mut whole = t.clone();
        let mut chunks = 0;
        loop {
            let at = t.at();
            assert!(t.apply(Msg::FastForward { at }));
            assert!(t.at() - at <= FORWARD_CHUNK, "one chunk plays at most {FORWARD_CHUNK} actions");
            chunks += 1;
            if !t.forwarding {
                break;
            }
        }
        assert!(t.game.is_over(), "fast-forward after the player is out plays the game to its end");
        // The same moves as playing every automatic action one by one.
        while let Some((a, _)) = whole.auto_action() {
            assert!(whole.apply(Msg::Act { action: a, at: whole.at() }));
        }
        assert_eq!(t.game.log(), whole.game.log());
        assert!(chunks >= 1);
    }

    #[test]
    fn fast_forward_in_a_round_stops_at_the_rounds_end() {
        let mut t = table(4, 4);
        for _ in 0..2_000 {
            if t.i_am_done() {
                break;
            }
            assert!(step(&mut t));
        }
        assert!(t.i_am_done());
        let round = t.game.round();
        assert!(t.apply(Msg::FastForward { at: t.at() }));
        assert!(!t.forwarding);
        assert!(!matches!(t.game.phase(), Phase::Match { .. }), "the round's matches are over");
        assert!(t.game.round() <= round + 1);
    }

    #[test]
    fn a_restored_game_is_the_game_that_was_saved_and_a_tampered_one_says_why() {
        let mut t = table(5, 5);
        for _ in 0..60 {
            step(&mut t);
        }
        let back = UnoState::restore(&t.stored()).expect("its own save restores");
        assert_eq!(back.game.log(), t.game.log());
        assert_eq!(back.acts, t.acts);
        assert_eq!(back.shown, t.shown);
        let mut bad = t.stored();
        bad.log.push_str(" zz");
        assert!(matches!(UnoState::restore(&bad), Err(ReplayError::BadCode { .. })));
    }
}
