//! Replays of finished casino shoes: what a replay is, its link (`#replay=casino.…`), and each
//! step as the [`CasinoScreen`] of the player's spots (or of one bot's). Pure (compiled natively
//! too), so the tests reach every reader the replay page (`replay/casino/`) runs on a link or a
//! kept game.
//!
//! The page opens each shoe as a table of its own (`CasinoState::new_shoe`), so a shoe is the
//! game replayed: the table (its rules, the player's spots, the bots), the shoe's number, each
//! person's chips when it opened, and every move after the opening bets. The engine replays them
//! through the same checks as play, and the screen shown is fed each spot's
//! `update_after(spot, events)` step by step, as at the live table, so the replay page draws
//! with the live table's own felt, never a second drawing.
//!
//! The shoe's number tells every card in it, so a replay is offered only once the shoe is over
//! (the cut card out and its last round settled) or the chips are (every person short of the
//! smallest bet after a round), or today's deal is (its last hand settled: `daily.rs`), and a
//! link to a shoe not over is refused.

use super::screen::CasinoScreen;
use super::state::CasinoState;
use super::words::{describe, spot_name, Seating};
use crate::bots::casino_analysis::{decisions, CasinoDecision};
use crate::engine::cards::Card;
use crate::engine::casino::save::{code, new_table_for, parse_code, parse_shoe_code, shoe_code, Choice};
use crate::engine::casino::{Action, Event, Game, Phase, Spot};
use crate::engine::text::ascii_number;
use crate::ui::daily::{casino_choice, CASINO_CHIPS, HANDS};
use crate::ui::replay::{read_moves, ReplayProblem, MAX_REPLAY_BYTES};

/// The fragment of a casino replay: `#replay=casino.<shoe>.<chips>/<moves>`: the shoe's code as
/// "Share this shoe" writes it (the table and its number), each person's chips in cents when the
/// shoe opened (joined by `-`), and the moves after the opening bets, the save's codes joined by
/// `_`.
pub const PREFIX: &str = "#replay=casino.";

/// A finished shoe, checked: every move accepted by the engine, and the shoe or the chips over
/// at the end.
#[derive(Clone, Debug, PartialEq)]
pub struct CasinoReplay {
    choice: Choice,
    seed: u64,
    chips: Vec<i64>,
    /// The people's names at pass-and-play (empty: one player, "You").
    names: Vec<String>,
    log: Vec<Action>,
}

/// One step of a replay as one seat saw it: its screen, the game at that point (for the hole
/// card face up) and what the step's move did, as the log says it.
pub struct CasinoFrame {
    pub screen: CasinoScreen,
    pub game: Game,
    pub lines: Vec<String>,
}

/// Whose view a replay shows: a name, the spots and the names the screen takes.
pub struct Viewer {
    pub label: String,
    spots: Vec<Spot>,
    names: Vec<String>,
}

impl CasinoReplay {
    /// Checks a table and its moves: every move replayed through the engine, the shoe (or the
    /// chips) over at the end. Any problem refuses the whole replay.
    pub fn new(
        choice: Choice,
        seed: u64,
        chips: Vec<i64>,
        names: Vec<String>,
        log: Vec<Action>,
    ) -> Result<CasinoReplay, ReplayProblem> {
        let replay = CasinoReplay { choice, seed, chips, names, log };
        let mut game = replay.deal()?;
        for (index, &action) in replay.log.iter().enumerate() {
            game.apply(action).map_err(|_| ReplayProblem::Refused { index })?;
        }
        // Today's deal is one game of its hands, its shoes shuffled by the game itself.
        let daily = replay.choice == casino_choice()
            && replay.chips == [CASINO_CHIPS]
            && game.round() >= HANDS
            && game.phase() == Phase::Settled;
        if !(daily || is_over(&game, replay.chips.len())) {
            return Err(ReplayProblem::NotFinished);
        }
        Ok(replay)
    }

    /// The replay of this device's table's shoe (whether it is over: see [`Self::finished`]);
    /// `None` for a table whose log does not begin as the page opens one (a save written by
    /// hand).
    pub fn of(t: &CasinoState) -> Option<CasinoReplay> {
        let chips: Vec<i64> =
            if t.people.is_empty() { vec![t.start_chips] } else { t.people.iter().map(|p| p.start_chips).collect() };
        let names = t.people.iter().map(|p| p.name.clone()).collect();
        let mut replay = CasinoReplay { choice: t.choice, seed: t.seed, chips, names, log: Vec::new() };
        let opening = replay.deal().ok()?;
        replay.log = t.game.log().strip_prefix(opening.log())?.to_vec();
        Some(replay)
    }

    /// Whether the shoe (or the chips) is over at the end of the replay, so that it may be shown
    /// (today's deal: only at its end, which offers its own replay, `daily.rs`).
    pub fn finished(t: &CasinoState) -> bool {
        !t.daily && is_over(&t.game, t.people.len().max(1))
    }

    /// The table as it opened, the opening bets placed (as the page opens one).
    fn deal(&self) -> Result<Game, ReplayProblem> {
        new_table_for(self.choice, self.seed, &self.chips).map_err(|_| ReplayProblem::Setup)
    }

    /// The link's fragment (see [`PREFIX`]).
    pub fn fragment(&self) -> String {
        let chips: Vec<String> = self.chips.iter().map(i64::to_string).collect();
        let moves: Vec<String> = self.log.iter().map(|&a| code(a)).collect();
        format!("{PREFIX}{}.{}/{}", shoe_code(self.choice, self.seed), chips.join("-"), moves.join("_"))
    }

    /// Reads a location hash: `None` when it is not a casino replay link at all, else the replay
    /// or what is wrong with it. Any text is safe here: the length is checked first, the shoe
    /// by the shared shoes' own reader, each move by the saves' reader, and the whole log is
    /// replayed through the engine's checks.
    pub fn parse(hash: &str) -> Option<Result<CasinoReplay, ReplayProblem>> {
        Some(Self::parse_body(hash.strip_prefix(PREFIX)?))
    }

    /// The text after [`PREFIX`] (as the kept games hold it).
    pub fn parse_body(body: &str) -> Result<CasinoReplay, ReplayProblem> {
        if body.len() > MAX_REPLAY_BYTES {
            return Err(ReplayProblem::TooLong);
        }
        let (table, moves) = body.split_once('/').ok_or(ReplayProblem::Incomplete)?;
        let (shoe, chips) = table.split_once('.').ok_or(ReplayProblem::Incomplete)?;
        let (choice, seed) = parse_shoe_code(shoe).map_err(|_| ReplayProblem::Setup)?;
        // At most a person a spot of the player's: the table checks the count and the range.
        let chips = chips
            .split('-')
            .take(4)
            .map(|c| ascii_number::<i64>(c).ok_or(ReplayProblem::Incomplete))
            .collect::<Result<Vec<_>, _>>()?;
        let names =
            if chips.len() > 1 { (1..=chips.len()).map(|i| format!("Player {i}")).collect() } else { Vec::new() };
        let log = read_moves(moves, parse_code)?;
        CasinoReplay::new(choice, seed, chips, names, log)
    }

    /// The text after [`PREFIX`], as the kept shoes hold it.
    pub fn body(&self) -> String {
        self.fragment()[PREFIX.len()..].to_string()
    }

    /// The decisions on their hands of viewer `seat` of [`Self::viewers`] (the player's spots,
    /// or one bot's), for the analysis; none for a viewer the shoe has not.
    pub fn decisions(&self, seat: u8) -> Vec<CasinoDecision> {
        let viewers = self.viewers();
        let Some(v) = viewers.get(seat as usize) else { return Vec::new() };
        self.deal().map(|g| decisions(g, &self.log, &v.spots)).unwrap_or_default()
    }

    pub fn choice(&self) -> Choice {
        self.choice
    }

    /// The number of moves: steps run from 0 (the table as it opened) to `len()` (the end).
    pub fn len(&self) -> usize {
        self.log.len()
    }

    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// Whose view the replay may show: the player's spots (the live table's screen), then each
    /// bot's spot.
    pub fn viewers(&self) -> Vec<Viewer> {
        let people = self.chips.len().max(1) as u8;
        let seating = self.choice.seating_of(people);
        let mine: Vec<Spot> = self.choice.my_spots().to_vec();
        let label = if self.names.is_empty() { "You".to_string() } else { self.names.join(" and ") };
        let mut all = vec![Viewer { label, spots: mine, names: self.names.clone() }];
        for (spot, owner) in seating.iter().enumerate() {
            if owner.is_some_and(|o| o >= people) {
                let name = spot_name(spot as Spot).to_string();
                all.push(Viewer { label: name.clone(), spots: vec![spot as Spot], names: vec![name] });
            }
        }
        all
    }

    /// The table at `step` (0 as it opened, `len()` the end, later steps are the end) as viewer
    /// `seat` of [`Self::viewers`] saw it: its screen fed its spots' updates after each move, as
    /// at the live table. `None` only for a replay that was never checked.
    pub fn frame(&self, seat: u8, step: usize) -> Option<CasinoFrame> {
        let viewers = self.viewers();
        let v = viewers.get(seat as usize).or(viewers.first())?;
        let mut game = self.deal().ok()?;
        let updates =
            |g: &Game, events: &[Event]| v.spots.iter().filter_map(|&s| g.update_after(s, events).ok()).collect();
        let mut screen = CasinoScreen::new(updates(&game, &[]), v.names.clone())?;
        let mut lines = Vec::new();
        for &action in &self.log[..step.min(self.log.len())] {
            let events = game.apply(action).ok()?;
            let at = Seating { mine: &v.spots, people: &v.names, table: &[] };
            lines = events.iter().filter_map(|e| describe(e, at)).collect();
            screen.receive(updates(&game, &events));
        }
        Some(CasinoFrame { screen, game, lines })
    }
}

/// Over, for a replay: a round settled that ends the shoe (the cut card out) or leaves every
/// person (the first `people` players) short of the smallest bet.
fn is_over(game: &Game, people: usize) -> bool {
    let min = game.rules().min_bet;
    let broke = game.bankrolls().iter().take(people).all(|&c| c < min);
    game.phase() == Phase::Settled && (game.cut_card_out() || broke)
}

/// The dealer's cards face up, the hole card too (for a replay of a shoe that is over).
pub fn dealer_face_up(game: &Game) -> Vec<Card> {
    game.dealer_cards().to_vec()
}

/// The fragment of the replay page that opens the shoe of the casino page's save (its results
/// link to it): the page reads the save, keeps the shoe in its list and shows its replay link.
pub const LAST: &str = "#last";

/// The casino page's link to [`LAST`].
pub const LAST_HREF: &str = "../replay/casino/#last";

/// The last finished shoes, kept as the shedding games are ([`crate::ui::replay::Recent`]),
/// under a key of their own.
pub const RECENT_KEY: &str = "blackjack.replays.casino";
