//! The UNO Blackjack table's state and reducer (`UnoState::apply`, plain Rust, built and tested
//! natively; the page wraps it in a thin `yew::Reducible` in `table.rs`). Timers and storage are
//! effects in the component.
//! The state is the table's local source: it holds the game and feeds the shown seat's screen
//! (`screen.rs`) that seat's updates only; the views draw from the screen.
//! Pass-and-play: any seat may be a person. The screen shows the seat of the person whose
//! decision it is, and is covered between two people's turns until the next is ready (nothing
//! runs meanwhile); the bots' turns, the reveal and a round's result are shown on the screen of
//! whoever holds it (they are public). docs/rules/uno-blackjack.md says so for players.

pub use super::screen::{Fresh, RoundEnd, UnoScreen};
pub use super::words::{level_name, HUMAN};
use crate::bots::shedding::Level;
use crate::bots::uno::{decide, BOT_MS, ROUND_SHOWN_MS};
use crate::engine::codes::ReplayError;
use crate::engine::uno::save::save_from_codes;
pub use crate::engine::uno::save::{code, parse_code};
use crate::engine::uno::{
    Action, Game, IllegalAction, Phase, Seat, SkipValue, Status, UnoReplayError, UnoRules, UnoSpec,
};
use crate::ui::reducer::Apply;
use crate::ui::shedding::link::{clean_name, level_from_id, level_id, NAMES};
use crate::ui::storage::{Fields, Stored};

pub const SAVE_KEY: &str = "blackjack.uno";
pub const SAVE_VERSION: u32 = 1;
/// Fast-forward plays for about this long by the page's clock, then lets the page paint and goes
/// on: after the player is out, a ten-seat game can have thousands of moves left, a few seconds
/// of frozen page if played at once. A count of moves would say nothing of the time (150 moves
/// of hard bots took 50 to 60 ms natively, more in the page); this leaves room for the paint
/// inside the 50 ms a browser counts as a long task.
pub const FORWARD_MS: f64 = 12.0;
/// At most this many moves a chunk all the same: a page whose clock does not move still paints.
pub const FORWARD_MOST: usize = 400;
/// The page's clock, in milliseconds (`performance.now()`): the reducer reads none of its own.
pub type Clock = fn() -> f64;
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnoChoice {
    pub players: u8,
    /// One level per seat, `None` for a person; seat 0 is always a person (the one at the page).
    pub levels: Vec<Option<Level>>,
    /// The names, seat by seat, as the form has them (seat 0 "You" unless renamed).
    pub names: Vec<String>,
    pub skip_zero: bool,
    pub pass_again: bool,
    pub deal_back_in: bool,
    /// The classic "join mid-game": the last seat sits out the first round, then joins and
    /// draws from the deck until it earns a queue (or is out after three rounds).
    pub latecomer: bool,
    /// House rule for a shorter game: queues of [`SHORT_QUEUE`] cards, not 15 (a game of four
    /// in about a third of the time: docs/rules/uno-blackjack.md, "A short game").
    pub short: bool,
}

/// The queue a player is dealt in a short game (the house rule `short`).
pub const SHORT_QUEUE: u8 = 8;

impl Default for UnoChoice {
    fn default() -> Self {
        let mut c = UnoChoice {
            players: 0,
            levels: Vec::new(),
            names: Vec::new(),
            skip_zero: false,
            pass_again: false,
            deal_back_in: false,
            latecomer: false,
            short: false,
        };
        c.resize(4);
        c
    }
}

impl UnoChoice {
    /// A table of `players` (2 to 10): new seats are bots at the level of the last bot, named
    /// by default; seat 0 stays a person.
    pub fn resize(&mut self, players: u8) {
        let players = players.clamp(2, 10);
        let level = self.levels.iter().flatten().last().copied().unwrap_or(Level::Normal);
        self.players = players;
        self.levels.resize(players as usize, Some(level));
        self.levels[0] = None;
        let from = self.names.len().min(players as usize);
        self.names.truncate(players as usize);
        self.names.extend(NAMES[from..players as usize].iter().map(|n| n.to_string()));
    }

    /// The level the bots play at, for the form's "all bots" field: the first bot's.
    pub fn bot_level(&self) -> Level {
        self.levels.iter().flatten().next().copied().unwrap_or(Level::Normal)
    }

    pub fn is_person(&self, seat: Seat) -> bool {
        self.levels.get(seat as usize).is_some_and(Option::is_none)
    }

    pub fn persons(&self) -> Vec<Seat> {
        (0..self.players).filter(|&s| self.is_person(s)).collect()
    }

    /// The names as the table says them: at a pass-and-play table the screen is handed round,
    /// so nobody is "You" (the first seat's default name becomes "Player 1").
    pub fn table_names(&self) -> Vec<String> {
        let shared = self.persons().len() > 1;
        let name =
            |(s, n): (usize, &String)| if shared && n == "You" { format!("Player {}", s + 1) } else { n.clone() };
        self.names.iter().enumerate().map(name).collect()
    }

    pub fn rules(&self) -> UnoRules {
        UnoRules::new(UnoSpec {
            skip_value: if self.skip_zero { SkipValue::Zero } else { SkipValue::Ten },
            pass_is_final: !self.pass_again,
            deal_back_in: self.deal_back_in,
            queue_size: if self.short { SHORT_QUEUE } else { UnoSpec::default().queue_size },
            ..UnoSpec::default()
        })
        .unwrap_or_else(|_| UnoRules::seed_rules())
    }
}

pub fn parse_level(s: &str) -> Option<Level> {
    level_from_id(s).filter(|_| s.len() > 1)
}

/// A seat's choice as the save writes it: a bot's level, or "person".
fn seat_code(l: Option<Level>) -> &'static str {
    l.map_or("person", level_id)
}

#[derive(Clone, Debug, PartialEq)]
pub struct StoredUno {
    pub choice: UnoChoice,
    pub seed: u64,
    pub log: String,
}

impl Stored for StoredUno {
    fn encode(&self) -> Vec<(&'static str, String)> {
        let c = &self.choice;
        vec![
            ("players", c.players.to_string()),
            // The bots' level, as a save from before pass-and-play had it (for one level at all).
            ("level", level_id(c.bot_level()).into()),
            ("seats", c.levels.iter().map(|&l| seat_code(l)).collect::<Vec<_>>().join(",")),
            ("names", c.names.join(",")),
            ("skip_zero", (c.skip_zero as u8).to_string()),
            ("pass_again", (c.pass_again as u8).to_string()),
            ("deal_back_in", (c.deal_back_in as u8).to_string()),
            ("latecomer", (c.latecomer as u8).to_string()),
            ("short", (c.short as u8).to_string()),
            ("seed", self.seed.to_string()),
            ("log", self.log.clone()),
        ]
    }
    /// A save from before pass-and-play (no seats, no names) is one person and bots at its level.
    fn decode(f: &Fields) -> Option<Self> {
        let players: u8 = f.parse("players")?;
        let level = parse_level(f.get("level")?)?;
        let n = players as usize;
        let levels: Vec<Option<Level>> = match f.get("seats") {
            Some(seats) => seats
                .split(',')
                .map(|c| if c == "person" { Some(None) } else { parse_level(c).map(Some) })
                .collect::<Option<_>>()?,
            None => (0..n).map(|s| (s > 0).then_some(level)).collect(),
        };
        let names: Vec<String> = match f.get("names") {
            Some(names) => names.split(',').enumerate().map(|(s, raw)| clean_name(raw, s as Seat)).collect(),
            // One name a seat, whatever the count: a save for too many players must still be read,
            // so that restoring it can say why it cannot be dealt.
            None => (0..n).map(|s| clean_name("", s as Seat)).collect(),
        };
        // Seat 0 is the person at the page, as the form makes it.
        if levels.len() != n || names.len() != n || levels.first() != Some(&None) {
            return None;
        }
        Some(StoredUno {
            choice: UnoChoice {
                players,
                levels,
                names,
                skip_zero: f.flag("skip_zero")?,
                pass_again: f.flag("pass_again")?,
                deal_back_in: f.flag("deal_back_in")?,
                latecomer: f.flag("latecomer")?,
                // Added with the short game: a save from before it has 15 cards a queue.
                short: f.flag("short").unwrap_or(false),
            },
            seed: f.parse("seed")?,
            log: f.get("log")?.to_string(),
        })
    }
}

/// A table on this device: the game itself (its seed is here, and only here) and the screen of
/// the seat being shown, which the views draw from.
#[derive(Clone, PartialEq)]
pub struct UnoState {
    pub choice: UnoChoice,
    pub seed: u64,
    pub game: Game,
    pub screen: UnoScreen,
    /// Fast-forward is under way: the page sends the next chunk after it has painted.
    pub forwarding: bool,
    /// Pass-and-play: the screen was handed to another person, and the table stays covered
    /// until they are ready (nothing runs meanwhile: no bot, no next round).
    pub covered: bool,
    /// How long the table waits before it reveals a round by itself, in milliseconds: time to
    /// read the last round's result (the player's setting; a tap on Reveal goes on at once).
    pub pause_ms: u32,
}

#[derive(Clone, Copy)]
pub enum Msg {
    Act {
        action: Action,
        at: usize,
    },
    /// Let the bots play at once: to the end of the game when the player is out of it, else to
    /// the end of the round; a chunk of [`FORWARD_MS`] by `clock` at a time.
    FastForward {
        at: usize,
        clock: Clock,
    },
    /// Play again: the same rules, a new deal.
    Restart {
        seed: u64,
    },
    /// Pass-and-play: the person the screen was handed to is ready.
    Uncover,
    /// The pause before a round is revealed by itself, in milliseconds (the player's setting).
    Pause {
        ms: u32,
    },
}

impl UnoState {
    pub fn new(mut choice: UnoChoice, seed: u64) -> UnoState {
        choice.resize(choice.players);
        let game = Game::with_waiting(choice.rules(), choice.players, &waiting(&choice), seed)
            .expect("2 to 10 players, at most one waiting");
        // The first seat is a person's: the screen opens there (covered, with several people).
        let first = game.update_for(HUMAN).expect("the player's seat is at every table");
        let screen = UnoScreen::new(choice.table_names(), choice.levels.clone(), choice.pass_again, first);
        let covered = choice.persons().len() > 1;
        UnoState { choice, seed, game, screen, forwarding: false, covered, pause_ms: ROUND_SHOWN_MS }
    }

    /// Several people share this screen, each seat in turn (pass-and-play).
    pub fn pass_and_play(&self) -> bool {
        self.choice.persons().len() > 1
    }

    /// Whether any person takes part in the game still (not out, not yet waiting to join).
    pub fn anyone_in(&self) -> bool {
        self.screen.people_in()
    }

    /// The seat the screen shows after a move: the person whose decision it is; else whoever
    /// had it, unless they are out of the game and another person is still in it (then, once
    /// the next round's matches start, that person: the result of the round that put the one
    /// holding the screen out is shown to them first).
    fn next_shown(&self) -> Seat {
        let me = self.screen.me();
        match self.game.phase() {
            Phase::Match { turn } if self.choice.is_person(*turn) => *turn,
            Phase::RoundStart | Phase::Over { .. } => me,
            Phase::Match { .. } => {
                let players = self.game.players();
                let is_in = |s: Seat| matches!(players[s as usize].status, Status::Playing | Status::Joining { .. });
                if is_in(me) {
                    me
                } else {
                    self.choice.persons().into_iter().find(|&s| is_in(s)).unwrap_or(me)
                }
            }
        }
    }
    /// A saved game, checked whole (players, every action code, every action replayed) first;
    /// then replayed through the same steps as play, so the table looks as it did.
    pub fn restore(s: &StoredUno) -> Result<UnoState, UnoReplayError> {
        let c = &s.choice;
        let save = save_from_codes(c.rules().spec().clone(), c.players, waiting(c), s.seed, &s.log)?;
        Game::replay(&save, None)?;
        let mut t = UnoState::new(s.choice.clone(), s.seed);
        for (index, &a) in save.log.iter().enumerate() {
            t.play(a).map_err(|refused| ReplayError::Refused { index, refused })?;
        }
        // Whoever picks the device up after a reload sees the table only once its person is ready.
        t.covered = t.pass_and_play();
        Ok(t)
    }
    /// Applies one action and feeds its events, as the shown seat may learn them, to the screen.
    pub fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        let events = self.game.apply(action)?;
        let shown = self.next_shown();
        self.covered |= shown != self.screen.me();
        // The shown seat is a seat of this table: the person to move, or the one shown before.
        if let Ok(update) = self.game.update_after(shown, &events) {
            self.screen.receive(update);
        }
        Ok(())
    }
    /// Whether the player takes part in the game still (not out, not yet waiting to join).
    pub fn i_am_in(&self) -> bool {
        self.screen.i_am_in()
    }
    /// Whether the player has nothing left to decide this round (bust, or passed for good).
    pub fn i_am_done(&self) -> bool {
        self.screen.i_am_done()
    }
    /// What happens next without the player, and after how many milliseconds: a bot's move, a
    /// latecomer joining, the next round once the table has shown the last one's result (or the
    /// first deal) for `pause_ms`, or the next round soon when the player is out of the game: no
    /// round waits for a click. Nothing happens while the screen is covered between two people.
    pub fn auto_action(&self) -> Option<(Action, u32)> {
        let g = &self.game;
        if self.covered {
            return None;
        }
        match g.phase() {
            Phase::Match { turn } => {
                let level = self.choice.levels.get(*turn as usize).copied().flatten()?;
                let jitter = crate::bots::uno::jitter(self.seed, self.at());
                Some((decide(&g.view(*turn), level, jitter), BOT_MS))
            }
            // The latecomer joins at the beginning of the second round's reveal phase.
            Phase::RoundStart => {
                match g.legal_actions().into_iter().find(|a| g.round() >= 1 && matches!(a, Action::Join { .. })) {
                    Some(a) => Some((a, 600)),
                    None if !self.anyone_in() => Some((Action::Reveal, 2000)),
                    // The last round's result (or the first deal) stays on the table a moment, then
                    // the next round goes on by itself (or at a tap on Reveal).
                    None => Some((Action::Reveal, self.pause_ms)),
                }
            }
            Phase::Over { .. } => None,
        }
    }
    /// Plays the bots' moves at once, to the end of the round (or the game, once the player is
    /// out), for [`FORWARD_MS`] by `clock` (at least one move, at most [`FORWARD_MOST`]);
    /// `forwarding` says whether any are left for another chunk.
    pub fn fast_forward(&mut self, clock: Clock) {
        let whole_game = !self.anyone_in();
        let started = clock();
        self.forwarding = false;
        for _ in 0..FORWARD_MOST {
            if !whole_game && !matches!(self.game.phase(), Phase::Match { .. }) {
                return;
            }
            let Some((a, _)) = self.auto_action() else { return };
            if self.play(a).is_err() {
                return;
            }
            if clock() - started >= FORWARD_MS {
                break;
            }
        }
        self.forwarding = !self.game.is_over() && (whole_game || matches!(self.game.phase(), Phase::Match { .. }));
    }
    pub fn stored(&self) -> StoredUno {
        StoredUno {
            choice: self.choice.clone(),
            seed: self.seed,
            log: self.game.log().iter().map(|&a| code(a)).collect::<Vec<_>>().join(" "),
        }
    }
    pub fn at(&self) -> usize {
        self.game.log().len()
    }
}

/// A latecomer (the last seat) needs two players dealt in besides them.
pub(crate) fn waiting(choice: &UnoChoice) -> Vec<Seat> {
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
            Msg::Restart { seed } => *self = UnoState::new(self.choice.clone(), seed),
            Msg::Uncover => self.covered = false,
            Msg::Pause { ms } => self.pause_ms = ms,
            Msg::Act { at, .. } | Msg::FastForward { at, .. } if at != self.at() => return false,
            Msg::Act { action, .. } => {
                self.forwarding = false;
                let refused = self.play(action).err().map(|e| e.reason.to_string());
                self.screen.refused(refused);
            }
            Msg::FastForward { clock, .. } => {
                self.screen.refused(None);
                self.fast_forward(clock);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::feed::cards_in;
    use crate::engine::rng::GameRng;
    use crate::engine::uno::{Event, SeatUpdate, UnoCard};
    use std::collections::HashMap;

    thread_local!(static NOW: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) });
    /// A clock on which every reading is a millisecond later: each move takes a millisecond.
    fn ticking() -> f64 {
        NOW.with(|t| {
            t.set(t.get() + 1.0);
            t.get()
        })
    }
    /// A clock that does not move.
    fn stopped() -> f64 {
        0.0
    }

    fn table(players: u8, seed: u64) -> UnoState {
        let mut c = UnoChoice { levels: vec![None, Some(Level::Hard)], ..UnoChoice::default() };
        c.resize(players);
        UnoState::new(c, seed)
    }

    /// The player's own move: reveal at a round's start, hit below 17, else pass.
    fn mine(t: &UnoState) -> Option<Action> {
        let legal = t.game.legal_actions();
        let hit = Action::Hit { seat: HUMAN };
        let pass = Action::Pass { seat: HUMAN };
        [Action::Reveal, if t.screen.totals[HUMAN as usize] < 17 { hit } else { pass }, pass, hit]
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
        assert!(!t.apply(Msg::FastForward { at: at + 1, clock: stopped }));
        assert_eq!(t.at(), at);
    }

    #[test]
    fn every_round_is_revealed_by_itself_after_the_pause_the_player_chose() {
        let mut t = table(4, 21);
        assert_eq!(t.auto_action(), Some((Action::Reveal, ROUND_SHOWN_MS)), "the first deal too: no click");
        assert!(t.apply(Msg::Pause { ms: 6000 }));
        let mut reveals = 0;
        for _ in 0..5_000 {
            if t.game.is_over() || !t.i_am_in() {
                break;
            }
            if *t.game.phase() == Phase::RoundStart {
                assert_eq!(t.auto_action(), Some((Action::Reveal, 6000)), "round {}", t.game.round());
                reveals += 1;
            }
            assert!(step(&mut t));
        }
        assert!(reveals >= 3, "{reveals} rounds");
    }

    #[test]
    fn a_short_game_deals_short_queues_and_its_save_says_so_while_an_old_save_is_the_classic_game() {
        use crate::ui::storage::{decode, encode};
        let mut c = UnoChoice { short: true, ..UnoChoice::default() };
        c.resize(4);
        let t = UnoState::new(c, 5);
        assert!(t.game.players().iter().all(|p| p.queue.len() == SHORT_QUEUE as usize));
        let back = decode::<StoredUno>(&encode(SAVE_VERSION, &t.stored()), SAVE_VERSION).unwrap();
        assert!(back.choice.short);
        assert!(UnoState::restore(&back).unwrap().game == t.game);
        let old = encode(SAVE_VERSION, &t.stored()).replace("short=1\n", "");
        assert!(!decode::<StoredUno>(&old, SAVE_VERSION).unwrap().choice.short, "a save from before it");
    }

    #[test]
    fn a_refused_action_is_explained_and_the_game_untouched() {
        let mut t = table(4, 2);
        let at = t.at();
        assert!(t.apply(Msg::Act { action: Action::Pass { seat: 3 }, at }));
        assert_eq!(t.at(), at);
        assert!(t.screen.notice.is_some());
    }

    #[test]
    fn fast_forward_chunks_are_sized_by_the_clock() {
        let mut t = table(10, 3);
        for _ in 0..20_000 {
            if !t.i_am_in() || t.game.is_over() {
                break;
            }
            assert!(step(&mut t));
        }
        assert!(!t.i_am_in() && !t.game.is_over(), "the player went out with the game still on");
        // A millisecond a move: a chunk of FORWARD_MS moves, then the page paints.
        let at = t.at();
        assert!(t.apply(Msg::FastForward { at, clock: ticking }));
        assert_eq!(t.at() - at, FORWARD_MS as usize);
        assert!(t.forwarding);
        // A clock that does not move: the chunk still ends, after FORWARD_MOST moves.
        let at = t.at();
        assert!(t.apply(Msg::FastForward { at, clock: stopped }));
        assert!(t.at() - at == FORWARD_MOST || !t.forwarding, "{} moves", t.at() - at);
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
            assert!(t.apply(Msg::FastForward { at, clock: ticking }));
            assert!(t.at() - at <= FORWARD_MS as usize, "one chunk plays for at most {FORWARD_MS} ms");
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
        assert!(t.apply(Msg::FastForward { at: t.at(), clock: stopped }));
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
        assert_eq!(back.screen, t.screen);
        let mut bad = t.stored();
        bad.log.push_str(" zz");
        assert!(matches!(UnoState::restore(&bad), Err(ReplayError::BadCode { .. })));
    }

    /// Random legal moves for everyone (the player too), now and then what the table does by
    /// itself, over several table sizes and house rules: `each` sees the host's game after
    /// every action and the action's events.
    fn random_games(mut each: impl FnMut(&UnoState, &Game, &[Event])) {
        for (k, players) in [2u8, 3, 4, 7, 10].into_iter().enumerate() {
            let seed = 40 + k as u64;
            let mut choice = UnoChoice {
                latecomer: k % 2 == 1,
                pass_again: k == 2,
                deal_back_in: k == 3,
                skip_zero: k == 4,
                short: k == 1,
                ..UnoChoice::default()
            };
            choice.resize(players);
            let mut t = UnoState::new(choice, seed);
            let mut rng = GameRng::new(seed);
            for _ in 0..3_000 {
                if t.game.is_over() {
                    break;
                }
                let legal = t.game.legal_actions();
                let action = match t.auto_action() {
                    Some((a, _)) if rng.below(2) == 0 => a,
                    _ => legal[rng.below(legal.len() as u64) as usize],
                };
                let mut host = t.game.clone();
                let events = host.apply(action).expect("a legal action");
                assert!(t.apply(Msg::Act { action, at: t.at() }));
                assert_eq!(t.game, host);
                each(&t, &host, &events);
            }
        }
    }

    #[test]
    fn a_screen_fed_only_seat_updates_shows_what_the_table_shows() {
        // The same stream from another source: a screen that never sees the game, fed each
        // action's update for the player's seat, as a friend's browser would be.
        let mut remote: Option<UnoScreen> = None;
        let (mut steps, mut rounds, mut outs) = (0, 0, 0);
        random_games(|t, host, events| {
            let remote = match &mut remote {
                Some(r) if t.at() > 1 => r,
                r => {
                    // A new game: its screen starts from the deal's update, then takes the first action's.
                    let fresh = Game::with_waiting(t.choice.rules(), t.choice.players, &waiting(&t.choice), t.seed)
                        .expect("the same table");
                    let first = fresh.update_for(HUMAN).expect("the player's seat");
                    r.insert(UnoScreen::new(
                        t.choice.table_names(),
                        t.choice.levels.clone(),
                        t.choice.pass_again,
                        first,
                    ))
                }
            };
            remote.receive(host.update_after(HUMAN, events).expect("the player's seat"));
            assert_eq!(remote, &t.screen, "after {:?}", host.log().last());
            steps += 1;
            rounds += events.iter().filter(|e| matches!(e, Event::Winners { .. })).count();
            outs += events.iter().filter(|e| matches!(e, Event::Out { .. })).count();
        });
        assert!(steps > 1_000 && rounds > 20 && outs > 3, "{steps} steps, {rounds} rounds won, {outs} out");
    }

    #[test]
    fn a_seat_whose_turn_comes_round_again_no_longer_shows_it_was_skipped_or_passed() {
        // "You … skipped" above "Your turn: hit or pass?" read as the answer to the question.
        let (mut before, mut cleared) = (None, 0);
        random_games(|t, _, _| {
            let turn = t.screen.turn();
            if let Some(now) = turn {
                if before != Some(now) {
                    let act = &t.screen.acts[now as usize];
                    assert!(act.what != "skipped" && act.what != "passed", "seat {now} still shows {act:?}");
                    cleared += 1;
                }
            }
            before = if t.at() <= 1 { None } else { turn };
        });
        assert!(cleared > 500, "{cleared} turns came round");
    }

    /// A card count per card: UNO decks hold two of most cards, so a multiset.
    fn counts(cards: impl IntoIterator<Item = UnoCard>) -> HashMap<UnoCard, usize> {
        let mut m = HashMap::new();
        cards.into_iter().for_each(|c| *m.entry(c).or_insert(0) += 1);
        m
    }

    /// The cards `update` names that are not face up on the table (a queue's or the deck's): its
    /// events may name the cards this action flipped, its view the stacks and the trash.
    fn hidden_in(update: &SeatUpdate, host: &Game, events: &[Event]) -> Vec<UnoCard> {
        let face_up = counts(host.players().iter().flat_map(|p| p.stack.clone()).chain(host.trash().iter().copied()));
        let flipped = counts(events.iter().filter_map(|e| match e {
            Event::Flipped { card, .. } => Some(*card),
            _ => None,
        }));
        let in_events = cards_in::<UnoCard>(&update.events);
        // The view as the update carries it (its wire form): the whole update less its events.
        let mut in_view = counts(cards_in::<UnoCard>(update));
        for c in &in_events {
            in_view.entry(*c).and_modify(|n| *n -= 1);
        }
        let over = |found: HashMap<UnoCard, usize>, allowed: &HashMap<UnoCard, usize>| {
            found
                .into_iter()
                .filter(|(c, n)| *n > allowed.get(c).copied().unwrap_or(0))
                .map(|(c, _)| c)
                .collect::<Vec<_>>()
        };
        let mut hidden = over(counts(in_events), &flipped);
        hidden.extend(over(in_view, &face_up));
        hidden
    }

    #[test]
    fn no_update_to_the_player_carries_another_seats_hidden_card() {
        let mut checked = 0;
        random_games(|_, host, events| {
            let u = host.update_after(HUMAN, events).expect("the player's seat");
            assert_eq!(hidden_in(&u, host, events), Vec::<UnoCard>::new(), "after {:?}", host.log().last());
            // The check can fail: the next card of another seat's queue, planted in the update, is caught.
            if let Some(&next) = host.players().iter().skip(1).find_map(|p| p.queue.front()) {
                let mut planted = u.clone();
                planted.view.stacks[0].push(next);
                let face_up = host
                    .players()
                    .iter()
                    .flat_map(|p| p.stack.iter())
                    .chain(host.trash())
                    .filter(|&&c| c == next)
                    .count();
                if face_up == 0 {
                    assert_eq!(hidden_in(&planted, host, events), vec![next]);
                }
            }
            checked += 1;
        });
        assert!(checked > 1_000);
    }

    /// Seats 0 and 2 people ("You" and "Jo"), seat 1 a bot: a pass-and-play table of three.
    fn shared(seed: u64) -> UnoState {
        let mut c = UnoChoice::default();
        c.resize(3);
        c.levels[2] = None;
        c.names[2] = "Jo".into();
        UnoState::new(c, seed)
    }

    #[test]
    fn pass_and_play_covers_the_table_between_two_peoples_turns() {
        let mut t = shared(7);
        assert!(t.pass_and_play() && t.covered, "the table opens covered until its first person is ready");
        assert_eq!(t.auto_action(), None, "nothing runs while covered");
        assert_eq!(t.screen.names, ["Player 1", "Sam", "Jo"], "nobody is 'You' on a shared screen");
        assert_eq!((t.screen.level(1), t.screen.level(2)), (Some(Level::Normal), None));
        let (mut handed, mut shown) = (0, [false; 3]);
        for _ in 0..20_000 {
            if t.game.is_over() {
                break;
            }
            if t.covered {
                handed += 1;
                assert_eq!(t.auto_action(), None, "no bot moves, no round starts, while covered");
                assert!(t.apply(Msg::Uncover));
                continue;
            }
            let me = t.screen.me();
            shown[me as usize] = true;
            assert!(t.choice.is_person(me), "the screen only ever shows a person's seat");
            assert_eq!(t.screen.view, t.game.view(me), "the screen holds that seat's view");
            let action = match t.auto_action() {
                Some((a, _)) => a,
                None => {
                    let legal = t.game.legal_actions();
                    let hit = Action::Hit { seat: me };
                    let pass = Action::Pass { seat: me };
                    let mine = if t.screen.totals[me as usize] < 17 { hit } else { pass };
                    [Action::Reveal, mine, pass, hit].into_iter().find(|a| legal.contains(a)).unwrap_or(legal[0])
                }
            };
            assert!(t.apply(Msg::Act { action, at: t.at() }));
            if let Phase::Match { turn } = t.game.phase() {
                if t.choice.is_person(*turn) {
                    assert_eq!(t.screen.me(), *turn, "the person to decide has the screen");
                    assert_eq!(t.covered, *turn != me, "covered exactly when the screen changes hands");
                }
            }
        }
        assert!(t.game.is_over(), "the game was played to its end");
        assert!(handed > 5 && shown[0] && shown[2] && !shown[1], "handed {handed} times, shown {shown:?}");
    }

    #[test]
    fn with_one_person_the_table_is_never_covered_and_shows_the_player() {
        let mut t = table(4, 9);
        assert!(!t.pass_and_play());
        assert_eq!(t.screen.names[0], "You");
        for _ in 0..2_000 {
            if t.game.is_over() {
                break;
            }
            assert!(!t.covered && t.screen.me() == HUMAN);
            step(&mut t);
        }
    }

    #[test]
    fn pass_and_play_is_saved_and_restored_covered_with_its_seats() {
        let mut t = shared(12);
        for _ in 0..40 {
            if t.game.is_over() {
                break;
            }
            if t.covered {
                t.apply(Msg::Uncover);
            }
            let action = t.auto_action().map(|(a, _)| a).unwrap_or_else(|| t.game.legal_actions()[0]);
            t.apply(Msg::Act { action, at: t.at() });
        }
        let text = crate::ui::storage::encode(SAVE_VERSION, &t.stored());
        let read: StoredUno = crate::ui::storage::decode(&text, SAVE_VERSION).expect("its own save reads");
        assert_eq!(read, t.stored());
        let back = UnoState::restore(&read).expect("its own save restores");
        assert!(!t.game.is_over() && t.at() > 10, "a game under way is saved");
        assert_eq!((back.game.log(), back.screen.me()), (t.game.log(), t.screen.me()));
        assert!(back.covered, "whoever picks up a reloaded screen sees no table until ready");
        assert_eq!((&back.choice.levels, &back.screen.names), (&t.choice.levels, &t.screen.names));
        // Play again keeps the seats and the names, and covers the new deal.
        let mut again = back.clone();
        assert!(again.apply(Msg::Restart { seed: 99 }));
        assert_eq!((&again.choice, again.at(), again.covered), (&back.choice, 0, true));
    }

    #[test]
    fn a_save_from_before_pass_and_play_is_one_person_and_bots() {
        let old = format!(
            "blackjack v{SAVE_VERSION}\nplayers=3\nlevel=hard\nskip_zero=0\npass_again=0\ndeal_back_in=0\nlatecomer=0\nseed=4\nlog="
        );
        let read: StoredUno = crate::ui::storage::decode(&old, SAVE_VERSION).expect("an old save reads");
        assert_eq!(read.choice.levels, [None, Some(Level::Hard), Some(Level::Hard)]);
        assert_eq!(read.choice.names, ["You", "Sam", "Alex"]);
        // An old save for more players than a game takes is read, and restoring it says why not.
        let many = old.replace("players=3", "players=200");
        let read: StoredUno = crate::ui::storage::decode(&many, SAVE_VERSION).expect("read, to be refused by count");
        assert_eq!(read.choice.names.len(), 200);
        let Err(why) = UnoState::restore(&read) else { panic!("200 players cannot be dealt") };
        let why = why.to_string();
        assert!(why.contains("200 players"), "{why}");
        // A save whose first seat is a bot, or whose seats do not match its players, is refused.
        for bad in
            ["seats=hard,hard,hard\nnames=a,b,c", "seats=person,hard\nnames=a,b,c", "seats=person,hard,x\nnames=a,b,c"]
        {
            let text = format!("{old}\n{bad}");
            assert!(crate::ui::storage::decode::<StoredUno>(&text, SAVE_VERSION).is_err(), "{bad}");
        }
    }

    #[test]
    fn fast_forward_on_a_shared_screen_stops_for_the_next_person_and_always_moves_on() {
        for seed in 0..20 {
            let mut t = shared(seed);
            for _ in 0..20_000 {
                if t.game.is_over() {
                    break;
                }
                if t.covered {
                    assert!(t.apply(Msg::Uncover));
                    continue;
                }
                let me = t.screen.me();
                let can_ff = t.screen.i_am_done() || !t.screen.people_in();
                let before = (t.at(), t.covered);
                if can_ff {
                    assert!(t.apply(Msg::FastForward { at: t.at(), clock: ticking }));
                    assert!(!t.forwarding || t.at() > before.0, "a chunk that goes on has moved, seed {seed}");
                } else if let Some((a, _)) = t.auto_action() {
                    assert!(t.apply(Msg::Act { action: a, at: t.at() }));
                } else {
                    let legal = t.game.legal_actions();
                    let hit = Action::Hit { seat: me };
                    let action =
                        [Action::Reveal, hit, Action::Pass { seat: me }].into_iter().find(|a| legal.contains(a));
                    let action = action.unwrap_or_else(|| panic!("nothing to do at {:?}, seed {seed}", t.game.phase()));
                    assert!(t.apply(Msg::Act { action, at: t.at() }));
                }
                assert!(
                    (t.at(), t.covered) != before || t.forwarding || t.auto_action().is_some() || can_ff,
                    "stuck, seed {seed}"
                );
            }
            assert!(t.game.is_over(), "seed {seed}");
        }
    }
}
