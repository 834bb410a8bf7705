//! Casino Blackjack (21) at a table with friends, the host's side: the game as [`Table`], the
//! [`Casino`] family of the host's worker (`friends/casino/`), and the moves the host makes
//! itself because at a casino table nobody owns them (dealing, clearing a settled round), with
//! the bots' bets and decisions at the spots no person plays now. The page's side is
//! `ui/friends/casino.rs`.
//!
//! - **A spot a seat, chips of its own.** The table has one spot per seat of the table with
//!   friends (two to seven); each spot's player has their own chips, the table's starting chips,
//!   which last the table (`docs/rules/casino.md`, "Online").
//! - **Dealing.** A person says they are ready by betting what is already on their spot again
//!   (the page's Deal button sends exactly that; adding or taking back a chip is not readiness,
//!   [`ready`]). The host deals once every spot a person plays now is ready, or when
//!   [`BETTING_MS`] pass without a bet changing, and at the latest [`BETTING_MOST_MS`] after
//!   betting opened, however the bets change.
//! - **Clearing.** A settled round stays on the felt for [`SETTLED_MS`], then the host clears
//!   it (the bets stay up for the next round, as the engine keeps them).
//! - **Bots.** A spot no person plays now (a bot's, one not yet claimed, or a person's who
//!   dropped) is played flat: it keeps the bet it has, the minimum if it has none and its chips
//!   cover it, and decides with the computed strategy ([`CasinoBot`]) after [`BOT_MS`], as on
//!   the casino page.
//! - **The record.** Each shoe after the first is a table of its own, from a seed of its own
//!   and the chips and bets standing ([`ShoeTable`]), so the host's page stores the table from
//!   the first bet of the shoe in play ([`Start`]), and each round's bets as they were dealt, not
//!   every change of them ([`record_log`]): it grows by a shoe's play, however long the table
//!   plays.
//!
//! The worker's clock and the bots' pace apply the delays: nothing here reads a clock.

use super::worker::Family;
use super::Table;
use crate::bots::casino::{CasinoBot, BOT_MS};
use crate::engine::casino::save::next_shoe_seed;
use crate::engine::casino::{Action, Event, Game, Phase, Refusal, SeatUpdate, ShoeStart, Spot, TableRules, TableSpec};
use crate::engine::catalog::GameKind;
use crate::engine::feed::{NoSuchSeat, Shape, Unfit};
use serde::{Deserialize, Serialize};

/// A casino table with friends: the engine's table for the shoe in play, each shoe after the
/// first opened as a table of its own from a seed of its own (the one before's
/// [`next_shoe_seed`], as the casino page opens its shoes) with everyone's chips and the bets
/// standing ([`ShoeStart`], [`Game::resume`]). So the host's record starts again at each shoe
/// ([`Start`]) and grows by a shoe's play, however long the table plays. Its state id goes on
/// rising across shoes (the ids of the shoes before are added), as every page's moves are tagged
/// with it.
#[derive(Clone, Debug)]
pub struct ShoeTable {
    game: Game,
    start: Start,
    /// The state ids of the shoes before this one, added to this shoe's.
    before: u32,
}

impl ShoeTable {
    /// A table of `players` spots (two to seven), one player at each with the table's starting
    /// chips, no bet down yet (the bots put theirs down as the host's first moves); `None` for a
    /// count the table cannot seat.
    pub fn new(players: u8, seed: u64) -> Option<ShoeTable> {
        let game = new_game(players, seed)?;
        let start = Start::Shoe(shoe_start(&game, seed));
        Some(ShoeTable { game, start, before: 0 })
    }

    /// The table a record opens ([`Start`]), its log not yet replayed.
    pub fn open(players: u8, seed: u64, start: &Start) -> Option<ShoeTable> {
        let game = match start {
            Start::First => return ShoeTable::new(players, seed),
            Start::Shoe(s) => Game::resume(table_rules(players)?, &seating(players), s).ok()?,
            Start::Whole => new_game(players, seed)?,
        };
        Some(ShoeTable { game, start: start.clone(), before: 0 })
    }

    /// After a settled round whose clearing shuffled: the next shoe, a table of its own from its
    /// own seed, everyone's chips and bets carried over. The shuffle the round's clearing told is
    /// the new shoe's (its cut card where the new shoe's is).
    fn next_shoe(&mut self, events: &mut [Event]) {
        if matches!(self.start, Start::Whole) {
            return;
        }
        let Some(shuffled) = events.iter_mut().find(|e| matches!(e, Event::Shuffled { .. })) else { return };
        let start = shoe_start(&self.game, next_shoe_seed(self.game.seed()));
        let seats: Vec<Option<u8>> = self.game.spots().iter().map(|s| s.owner).collect();
        // Chips and bets the table had cannot be refused; were they, the shoe the engine shuffled
        // stands (the record's start is then the shoe before's, and replays it so).
        let Ok(next) = Game::resume(self.game.rules().clone(), &seats, &start) else { return };
        *shuffled = Event::Shuffled { cut_at: u16::try_from(next.before_cut()).unwrap_or(u16::MAX) };
        self.before = self.before.saturating_add(self.game.state_id());
        self.game = next;
        self.start = Start::Shoe(start);
    }
}

/// Reading a table with friends is reading the engine's table of the shoe in play (for a table of
/// [`Start::Whole`], the whole table); its moves go through [`Table::act`], which opens each shoe.
impl std::ops::Deref for ShoeTable {
    type Target = Game;
    fn deref(&self) -> &Game {
        &self.game
    }
}

/// The start of a shoe of `seed` at `game` as it stands between rounds: its chips, the bets
/// standing, the house's takings and the rounds dealt.
fn shoe_start(game: &Game, seed: u64) -> ShoeStart {
    ShoeStart {
        seed,
        bankrolls: game.bankrolls().to_vec(),
        bets: game.spots().iter().map(|s| s.bet).collect(),
        house: game.house(),
        round: game.round(),
    }
}

impl Table for ShoeTable {
    type Action = Action;
    type Event = Event;
    type Update = SeatUpdate;
    type Refusal = Refusal;
    /// Its views still carry their rules (the friends page plays the shedding games only).
    type Shared = ();
    fn shared(&self) {}
    fn restore(_: &mut SeatUpdate, (): &()) {}
    fn seats(&self) -> u8 {
        u8::try_from(self.game.spots().len()).unwrap_or(u8::MAX)
    }
    fn state_id(&self) -> u32 {
        self.before.saturating_add(self.game.state_id())
    }
    /// Dealing and clearing the table name no spot: the host does them.
    fn seat_of(action: &Action) -> Option<u8> {
        action.spot()
    }
    fn act(&mut self, action: Action) -> Result<Vec<Event>, Refusal> {
        let mut events = self.game.apply(action).map_err(|e| e.reason)?;
        if action == Action::NextRound {
            self.next_shoe(&mut events);
        }
        Ok(events)
    }
    fn update(&self, seat: u8, events: &[Event]) -> Result<SeatUpdate, NoSuchSeat> {
        let update = self.game.update_after(seat, events)?;
        Ok(SeatUpdate { state_id: self.state_id(), ..update })
    }
    fn shape(update: &SeatUpdate) -> Result<Shape, Unfit> {
        update.shape()
    }
    /// A bet in betting past [`MOST_BETS`] of the spot's in this round, unless it makes the spot
    /// ready (the bet last made, again: once a round, so the bets stay bounded).
    fn bets_out(&self, action: &Action) -> bool {
        let Action::Bet { spot, amount } = *action else { return false };
        let log = self.game.log();
        let from = log.iter().rposition(|a| *a == Action::NextRound).map_or(0, |i| i + 1);
        let made = log[from..].iter().filter(|a| matches!(a, Action::Bet { spot: s, .. } if *s == spot)).count();
        // Only past the most is the spot's last bet looked for (it may lie rounds back, as bets
        // stay up), so a bet within the limit costs a look at this round alone.
        let readies = || !ready(self, spot) && last_bets(self, spot).next() == Some(amount);
        self.game.phase() == Phase::Betting && made >= MOST_BETS && !readies()
    }
}

/// The family's name for its one table's rules (the classic rules of the casino page): the
/// catalog's id of the game.
pub const PRESET: &str = GameKind::Casino.info().id;

/// How long the host waits with no bet changing before it deals the bets down (ms).
pub const BETTING_MS: u32 = 20_000;

/// The longest betting lasts, however the bets change (ms): a bet changed restarts
/// [`BETTING_MS`], which a person changing their bet just inside it would otherwise hold open
/// for ever.
pub const BETTING_MOST_MS: u32 = 60_000;

/// The most bets one spot makes in one round's betting (each chip added or taken back, a bet
/// cleared, and Deal, which bets again what is there), past which the host refuses them, but for
/// the Deal that says the person is ready. Any bet within the table's limits takes at most 11 of
/// the page's chips, so a person builds a bet chip by chip, clears it and builds another and is
/// still far from it; a stranger changing their bet at the host's rate (ten a second) kept
/// every change in the record the host's page stores, a few KB a round, until it no longer read
/// back (`tests/net_casino.rs`).
pub const MOST_BETS: usize = 30;

/// How long a settled round stays on the felt before the host clears it (ms).
pub const SETTLED_MS: u32 = 4_000;

/// The pause before the host deals once everyone is ready (ms): the last chip lands first.
pub const READY_MS: u32 = 300;

/// The time a bot takes to put its chips down (ms); its decisions take [`BOT_MS`].
const BOT_BET_MS: u32 = 200;

/// A table of `players` spots (two to seven), one player at each with the table's starting
/// chips, no bet down yet; `None` for a count the table cannot seat. Its first shoe is
/// [`ShoeTable::new`]'s.
pub fn new_game(players: u8, seed: u64) -> Option<Game> {
    let chips = vec![starting_chips(players)?; players as usize];
    Game::new(table_rules(players)?, &seating(players), chips, seed).ok()
}

/// The table's rules for `players` spots (two to seven).
fn table_rules(players: u8) -> Option<TableRules> {
    (2..=7).contains(&players).then(|| TableRules::new(TableSpec { seats: players, ..TableSpec::default() }).ok())?
}

/// One player a spot, in spot order.
fn seating(players: u8) -> Vec<Option<u8>> {
    (0..players).map(Some).collect()
}

/// Each player's chips when the table opens.
fn starting_chips(players: u8) -> Option<i64> {
    table_rules(players).map(|r| r.starting_bankroll)
}

/// Where the host's record of a table begins ([`Family::start`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// At the table's first deal: a new table's record.
    #[default]
    First,
    /// At the first bet of the shoe that began so: the record grows by a shoe's play (ten to
    /// thirty rounds), never by the table's whole, however many hours it is played.
    Shoe(ShoeStart),
    /// A table whose record was written before records began at each shoe (form 2): dealt as
    /// then, each shoe shuffled on from the one generator, its whole log replayed.
    Whole,
}

/// Whether the player at `spot` said they are ready in this betting phase: their last bet in it
/// made again the bet already on the spot (the one before it, or the one standing when the shoe
/// began: a first bet, or one that changes the amount, is not readiness). Read from the shoe's
/// log alone, so a table reopened from its record reads the same.
pub fn ready(table: &ShoeTable, spot: Spot) -> bool {
    let log = table.game.log();
    let phase_from = log.iter().rposition(|a| *a == Action::NextRound).map_or(0, |i| i + 1);
    let last = log.iter().rposition(|a| matches!(a, Action::Bet { spot: s, .. } if *s == spot));
    let mut bets = last_bets(table, spot);
    match (last, bets.next(), bets.next()) {
        (Some(last), Some(amount), Some(before)) => last >= phase_from && amount == before,
        _ => false,
    }
}

/// `spot`'s bets in the shoe's log, the latest first, then the bet standing on it when the shoe
/// began (if any).
fn last_bets(table: &ShoeTable, spot: Spot) -> impl Iterator<Item = i64> + '_ {
    let standing = match &table.start {
        Start::Shoe(start) => start.bets.get(usize::from(spot)).copied(),
        Start::First | Start::Whole => None,
    };
    let bets = table.game.log().iter().rev().filter_map(move |a| match *a {
        Action::Bet { spot: s, amount } if s == spot => Some(amount),
        _ => None,
    });
    bets.chain(standing.filter(|&b| b > 0))
}

/// `log` as the host's record keeps it: in the betting of each round dealt, only each spot's last
/// bet, the one it played (in the order of those last bets); the betting under way stays whole,
/// as [`ready`] and the most bets a round read it. Every change of a bet went into the log, up to
/// [`MOST_BETS`] a spot a round, and the record grew with them (a table of six changing their
/// bets as often as allowed reached the size the host's page reads back in under an hour); now
/// it grows by a round's play. The table the record reopens plays on as the one it was taken
/// from ([`Game::plays_as`]): a spot's player has that spot's chips alone (one spot a seat), so
/// a bet that was taken was within them whatever the bets before it, and is taken on its own.
/// A reopened table's state ids are lower; every page is welcomed again by then anyway.
pub fn record_log(log: &[Action]) -> Vec<Action> {
    let mut kept = Vec::with_capacity(log.len());
    // The bets since the last move that was not one.
    let mut bets: Vec<Action> = Vec::new();
    for &a in log {
        match a {
            Action::Bet { .. } => bets.push(a),
            Action::Deal => {
                let last = |i: usize, b: &Action| !bets[i + 1..].iter().any(|later| later.spot() == b.spot());
                kept.extend(bets.iter().enumerate().filter(|(i, b)| last(*i, b)).map(|(_, b)| *b));
                bets.clear();
                kept.push(a);
            }
            _ => {
                kept.append(&mut bets);
                kept.push(a);
            }
        }
    }
    kept.append(&mut bets);
    kept
}

/// The host's own move now, and after how long (ms) if nothing changes meanwhile: a bot's bet
/// first (`people[spot]`: a person plays the spot now), then the deal (everyone ready, or the
/// betting clock), or clearing a settled round.
pub fn host_move(table: &ShoeTable, people: &[bool]) -> Option<(Action, u32)> {
    let (game, person) = (&table.game, |s: Spot| people.get(s as usize).copied().unwrap_or(false));
    match game.phase() {
        Phase::Betting => {
            let min = game.rules().min_bet;
            let spots = game.spots();
            let bare = (0..spots.len() as Spot).find(|&s| {
                let spot = &spots[s as usize];
                let chips = spot.owner.map_or(0, |p| game.bankrolls()[p as usize]);
                !person(s) && spot.owner.is_some() && spot.bet == 0 && chips >= min
            });
            if let Some(spot) = bare {
                return Some((Action::Bet { spot, amount: min }, BOT_BET_MS));
            }
            if !spots.iter().any(|s| s.bet > 0) {
                return None;
            }
            let mut persons = (0..spots.len() as Spot).filter(|&s| person(s)).peekable();
            let all_ready = persons.peek().is_some() && persons.all(|s| ready(table, s));
            Some((Action::Deal, if all_ready { READY_MS } else { BETTING_MS }))
        }
        Phase::Settled => Some((Action::NextRound, SETTLED_MS)),
        Phase::Insurance { .. } | Phase::Playing { .. } => None,
    }
}

/// The strategy's decision for `spot` when it is that spot's to make (insurance declined), from
/// the spot's view alone.
pub fn bot_move(bot: &mut CasinoBot, game: &Game, spot: Spot) -> Option<(Action, u32)> {
    if game.to_act() != Some(spot) {
        return None;
    }
    bot.decide(&game.view(spot)).map(|a| (a, BOT_MS))
}

/// Casino Blackjack (21) at a table with friends: one spot a seat (`friends/casino/`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Casino;

impl Family for Casino {
    type Game = ShoeTable;
    type Action = Action;
    type Bot = CasinoBot;
    const RECORD_FORM: &'static str = "bj.friends.casino.3:";
    type Start = Start;
    /// A bet placed restarts the betting clock; everyone ready deals at once.
    const RETHINK_AT_ONCE: bool = true;
    fn new_game(preset: &str, players: u8, seed: u64) -> Option<ShoeTable> {
        (preset == PRESET).then(|| ShoeTable::new(players, seed)).flatten()
    }
    fn start(table: &ShoeTable) -> Start {
        table.start.clone()
    }
    fn start_before() -> Start {
        Start::Whole
    }
    fn open_game(preset: &str, players: u8, seed: u64, start: &Start) -> Option<ShoeTable> {
        (preset == PRESET).then(|| ShoeTable::open(players, seed, start)).flatten()
    }
    fn game_name(preset: &str) -> Option<&'static str> {
        (preset == PRESET).then_some(const { GameKind::Casino.info().title })
    }
    /// The shoe's log, from its first bet ([`Casino::start`]; a table opened from a record of the
    /// form before, from its first deal) as the record keeps it ([`record_log`]): a round's bets,
    /// once it is dealt, only as they were dealt.
    fn log(table: &ShoeTable) -> Vec<Action> {
        record_log(table.game.log())
    }
    /// A casino table plays on for as long as its host keeps it open.
    fn is_over(_: &ShoeTable) -> bool {
        false
    }
    fn bot(_: u8, _: u64) -> CasinoBot {
        CasinoBot::default()
    }
    fn bot_move(bot: &mut CasinoBot, table: &ShoeTable, spot: u8) -> Option<(Action, u32)> {
        bot_move(bot, &table.game, spot)
    }
    fn host_move_with(table: &ShoeTable, people: &[bool]) -> Option<(Action, u32)> {
        host_move(table, people)
    }
    /// A round's betting ([`BETTING_MOST_MS`]), keyed by the round (it moves on with each deal).
    fn longest_wait(table: &ShoeTable) -> Option<(u32, u32)> {
        (table.game.phase() == Phase::Betting).then(|| (table.game.round(), BETTING_MOST_MS))
    }
}
