//! Today's deal at the casino (issue 36 §4): the day's shoe at the default table, one spot for the
//! player, [`CASINO_CHIPS`] and [`HANDS`] hands, then the table ends with the result. The record,
//! the result line and the streaks are the menu's (`ui/daily.rs`); what only the casino's page
//! needs is here: the table dealt, its saves (apart from the player's own table and bank, which
//! it never touches), its end, and its outcome read from its log, left for the menu to record
//! (under its day's key, `daily::casino_key`: this page, at its budget, carries no record). A second try is refused
//! from the daily's own save, which stays once the game is over.
//!
//! The same shoe for everybody: the table is one game from the deal's number to the end. At the
//! cut card the game shuffles its next shoe itself, from the same number (`Game::shuffle`), where
//! any other table opens a new one with a number of its own (`CasinoState::new_shoe`); a player
//! short of the smallest bet ends the day there, never with a new bankroll (which would draw a
//! new number). The bots decide from what they see and draw nothing, so the cards follow from
//! the deal's number and the player's own moves alone.

use super::state::{Bank, CasinoState};
use crate::engine::casino::save::{new_table_for, HUMAN_SPOT};
use crate::engine::casino::{Action, Event, Outcome, Phase};
use crate::ui::daily::{
    casino_choice, casino_daily_of, deal_number, CasinoOutcome, DailyGame, Day, CASINO_CHIPS, HANDS,
};

/// The daily table in progress (or finished), apart from the player's own table.
pub const SAVE_KEY: &str = "blackjack.casino.daily";
/// The daily table's bank: its trainer's record, apart from the player's own.
pub const BANK_KEY: &str = "blackjack.casino.daily.bank";
/// The replay page's fragment that opens the finished daily game of [`SAVE_KEY`] (as
/// `replay::LAST` opens the player's own table's shoe).
pub const LAST: &str = "#last-daily";
/// The daily table's link to [`LAST`].
pub const LAST_HREF: &str = "../replay/casino/#last-daily";

/// The daily table of `day`: the day's shoe, the daily's chips.
pub fn table(day: Day) -> CasinoState {
    let bank = Bank { chips: CASINO_CHIPS, ..Bank::default() };
    resumed(CasinoState::new(casino_choice(), deal_number(day, DailyGame::Casino), bank))
}

/// A table restored from the daily's save, played as the daily (to its hands, one shoe).
pub fn resumed(mut t: CasinoState) -> CasinoState {
    t.daily = true;
    t
}

/// Where a table is saved, and its bank: the daily's keys, or the player's own.
pub fn keys(daily: bool) -> (&'static str, &'static str) {
    if daily {
        (SAVE_KEY, BANK_KEY)
    } else {
        (super::state::SAVE_KEY, super::state::BANK_KEY)
    }
}

impl CasinoState {
    /// Today's deal is over: its last hand settled, the [`HANDS`]th or the one that left the
    /// chips short of the smallest bet. Never for any other table.
    pub fn daily_over(&self) -> bool {
        self.daily
            && self.screen.phase() == Phase::Settled
            && (self.game.round() >= HANDS || self.chips() < self.game.rules().min_bet)
    }
}

/// How a daily game went, once it is over (`None` before, or for any other table): its hands
/// read again from its log, from the table dealt anew (the player's worth before each deal
/// against the chips once it settled, and the blackjacks paid), as the table showed them.
pub fn outcome(t: &CasinoState) -> Option<CasinoOutcome> {
    if !t.daily_over() {
        return None;
    }
    let mut game = new_table_for(t.choice, t.seed, &[t.start_chips]).ok()?;
    let (mut won, mut blackjacks, mut before) = (0u32, 0u32, 0i64);
    for &a in t.game.log().strip_prefix(game.log())? {
        if a == Action::Deal {
            before = game.bankrolls()[0].saturating_add(game.spots()[HUMAN_SPOT as usize].bet);
        }
        let settled = game.phase() == Phase::Settled;
        let events = game.apply(a).ok()?;
        let paid = |e: &Event| matches!(e, Event::Settled { spot: HUMAN_SPOT, outcome: Outcome::Blackjack, .. });
        blackjacks += events.iter().filter(|e| paid(e)).count() as u32;
        if !settled && game.phase() == Phase::Settled && game.bankrolls()[0] > before {
            won += 1;
        }
    }
    // More hands than the day's (a save written by hand): no day's game, and never recorded.
    (game.round() <= HANDS).then(|| CasinoOutcome { chips: game.bankrolls()[0], hands: game.round(), won, blackjacks })
}

/// A finished daily game of `today` or the day before: its day and outcome.
pub fn finished(t: &CasinoState, today: Day) -> Option<(Day, CasinoOutcome)> {
    let day = casino_daily_of(&t.choice, t.seed, t.start_chips, today)?;
    Some((day, outcome(t)?))
}

/// A finished daily game of `today` or the day before, by the browser's clock, left for the
/// menu to record under its day's key ([`daily::casino_key`]; again and again is harmless: the
/// record keeps the day's first result): the line of its result, to share.
#[cfg(target_arch = "wasm32")]
pub fn keep(t: &CasinoState) -> Option<String> {
    use crate::ui::daily;
    let (day, outcome) = finished(t, daily::today()?)?;
    crate::ui::storage::save(&daily::casino_key(day), daily::VERSION, &daily::CasinoDay { day, outcome });
    Some(daily::result_line(DailyGame::Casino, day, outcome))
}

/// The daily table's result line once its game is over, `None` before and at any other table;
/// the game left for the record as it ends (an effect).
#[cfg(target_arch = "wasm32")]
#[yew::hook]
pub fn use_daily_line(s: &yew::UseReducerHandle<crate::ui::reducer::Reducer<CasinoState>>) -> Option<String> {
    let over = s.daily_over();
    let t = s.clone();
    yew::use_effect_with(over, move |&over| {
        if over {
            keep(&t);
        }
    });
    let today = crate::ui::daily::today()?;
    finished(s, today).map(|(day, o)| crate::ui::daily::result_line(DailyGame::Casino, day, o))
}

/// Where today's deal stands, at the top of its table ("Today's deal: hand 3 of 20"); nothing at
/// any other table.
#[cfg(target_arch = "wasm32")]
pub fn progress(s: &CasinoState) -> yew::Html {
    if !s.daily {
        return yew::Html::default();
    }
    // While the bets are made the hand to come is the one to count.
    let hand = s.game.round() + u32::from(s.screen.phase() == Phase::Betting);
    yew::html! { <p class="daily-hands">{ format!("Today's deal: hand {} of {HANDS}", hand.min(HANDS)) }</p> }
}

/// The results dialog of the daily's last hand: the day's result in its title, the line to share,
/// its replay, and Play again for a table of the player's own (never the daily again). Any
/// other dialog as it is.
#[cfg(target_arch = "wasm32")]
pub fn ending(
    s: &CasinoState,
    props: crate::ui::components::results::ResultsProps,
    line: Option<String>,
) -> crate::ui::components::results::ResultsProps {
    use crate::engine::casino::game::money;
    use yew::prelude::*;
    let Some(o) = outcome(s) else { return props };
    let sign = if o.net() > 0 { "+" } else { "" };
    let share = line.map(|l| crate::ui::daily::share_line("daily-line".into(), l));
    crate::ui::components::results::ResultsProps {
        title: format!("Today's deal: {sign}{}", money(o.net())).into(),
        children: html! { <>{ props.children }{ share.unwrap_or_default() }</> },
        primary_label: "Play again".into(),
        on_primary: props.on_new_game.unwrap_or(props.on_primary),
        on_new_game: None,
        replay_href: Some(AttrValue::Static(LAST_HREF)),
        ..props
    }
}
