//! What the player's casino screen shows, built from the [`SeatUpdate`]s of the player's spots
//! alone: each spot's view and the table's log. It never holds the [`Game`] (the shoe's order,
//! the hole card): a table on this device (`state.rs`, which holds the game) and a table with
//! friends feed the same screen, and the felt, the controls, the trainer and the results
//! (`felt.rs`, `controls.rs`, `trainer.rs`, `end.rs`) draw from it.
//!
//! At a casino table everything but the hole card and the shoe is in plain sight, so one view
//! carries the whole table; the player keeps a view per spot because the moves open to a spot
//! are that spot's view's.
//!
//! [`Game`]: crate::engine::casino::Game

use super::words::{describe, Seating};
use crate::engine::casino::game::SpotState;
use crate::engine::casino::hand::is_two_card_21;
use crate::engine::casino::rules::INSURANCE_PAYS;
use crate::engine::casino::{Action, Phase, Refusal, SeatUpdate, Spot, SpotView};

/// The log's lines kept: the newest, enough for a shoe's last hands.
pub const LOG_KEPT: usize = 40;

#[derive(Clone, Debug, PartialEq)]
pub struct CasinoScreen {
    /// The view of each of the player's spots, in the order they are dealt (never empty).
    pub views: Vec<SpotView>,
    /// The number of actions applied so far: a move made from this screen is stamped with it.
    pub state_id: u32,
    /// Readable lines, oldest first.
    pub log: Vec<String>,
    /// At pass-and-play the people's names, one a spot of `views`, for the log (empty: one
    /// player, "You").
    pub names: Vec<String>,
    /// At a table with friends each spot's player, by spot (empty: the bots' own names).
    pub table_names: Vec<String>,
}

impl CasinoScreen {
    /// A screen from the first update of each of the player's spots (a new table, or a player
    /// who sits down); `None` without a spot.
    pub fn new(first: Vec<SeatUpdate>, names: Vec<String>) -> Option<CasinoScreen> {
        let state_id = first.first()?.state_id;
        let views = first.iter().map(|u| u.view.clone()).collect();
        let mut s = CasinoScreen { views, state_id, log: Vec::new(), names, table_names: Vec::new() };
        s.receive(first);
        Some(s)
    }

    /// Takes the updates after an action, one per spot of the player's (the same events in
    /// each: every casino event is public), and writes the events into the log once.
    pub fn receive(&mut self, updates: Vec<SeatUpdate>) {
        let mine = self.mine();
        if let Some(u) = updates.first() {
            self.state_id = u.state_id;
            let at = Seating { mine: &mine, people: &self.names, table: &self.table_names };
            crate::ui::text::extend_log(&mut self.log, &u.events, |e| describe(e, at), LOG_KEPT);
        }
        for u in updates {
            if let Some(v) = self.views.iter_mut().find(|v| v.spot == u.view.spot) {
                *v = u.view;
            }
        }
    }

    /// A screen of one spot at a table with friends, whose players are `table_names` by spot.
    pub fn single(update: SeatUpdate, table_names: Vec<String>) -> CasinoScreen {
        let mut s = CasinoScreen {
            views: vec![update.view.clone()],
            state_id: update.state_id,
            log: Vec::new(),
            names: Vec::new(),
            table_names,
        };
        s.receive(vec![update]);
        s
    }

    /// Pass-and-play: the name of the person who plays `spot` (`None` with one player, or at a
    /// spot not the device's).
    pub fn name_at(&self, spot: Spot) -> Option<&str> {
        let i = self.views.iter().position(|v| v.spot == spot)?;
        self.names.get(i.min(self.names.len().saturating_sub(1))).map(String::as_str)
    }

    /// A spot's player, as the log and the felt name them: "You" (or a person's name at
    /// pass-and-play) at the player's, else the table's name for it.
    pub fn who(&self, spot: Spot) -> String {
        Seating { mine: &self.mine(), people: &self.names, table: &self.table_names }.who(spot)
    }

    /// The table as the player's first spot sees it (every spot sees the same table).
    pub fn view(&self) -> &SpotView {
        &self.views[0]
    }

    /// The view of one of the player's spots.
    pub fn view_of(&self, spot: Spot) -> Option<&SpotView> {
        self.views.iter().find(|v| v.spot == spot)
    }

    /// The player's spots, in the order they are dealt.
    pub fn mine(&self) -> Vec<Spot> {
        self.views.iter().map(|v| v.spot).collect()
    }

    pub fn phase(&self) -> Phase {
        self.view().phase
    }

    pub fn spots(&self) -> &[SpotState] {
        &self.view().spots
    }

    /// The player's chips (not on the table).
    pub fn chips(&self) -> i64 {
        self.view().chips
    }

    /// Why the game would refuse the player's `action` now: the view of the action's spot
    /// answers (the first spot's for a move of no spot, Deal or Next round); a move for a spot
    /// that is not the player's is not the player's to make.
    pub fn refusal(&self, action: Action) -> Option<Refusal> {
        match action.spot() {
            None => self.view().refusal(action),
            Some(s) => self.view_of(s).map_or(Some(Refusal::NotYourTurn), |v| v.refusal(action)),
        }
    }

    pub fn is_legal(&self, action: Action) -> bool {
        self.refusal(action).is_none()
    }

    /// Between hands: the screen as the next round's betting will find it, so the bet controls
    /// and Deal stay on the felt beside the results. As the engine's next round does: the hands
    /// and the dealer's cards go, and each of the player's spots keeps its bet where its
    /// owner's chips cover it (taken from them), else sits out. `None` unless settled.
    pub fn next_bets(&self) -> Option<CasinoScreen> {
        if self.phase() != Phase::Settled {
            return None;
        }
        // Each owner's chips, from the player's views (another player's are not in them).
        let mut chips: Vec<(u8, i64)> = Vec::new();
        for v in &self.views {
            if let Some(o) = self.spot_state(v.spot).and_then(|s| s.owner) {
                if !chips.iter().any(|c| c.0 == o) {
                    chips.push((o, v.chips));
                }
            }
        }
        let mut spots = self.spots().to_vec();
        for (i, s) in spots.iter_mut().enumerate() {
            (s.hands, s.insurance, s.insurance_decided) = (Vec::new(), 0, false);
            let mine = self.is_mine(i as Spot);
            if let Some(c) = s.owner.and_then(|o| chips.iter_mut().find(|c| c.0 == o)).filter(|_| mine) {
                if s.bet > c.1 {
                    s.bet = 0;
                } else {
                    c.1 -= s.bet;
                }
            }
        }
        let mut next = self.clone();
        for v in &mut next.views {
            let owner = spots.get(v.spot as usize).and_then(|s| s.owner);
            v.chips = chips.iter().find(|c| Some(c.0) == owner).map_or(v.chips, |c| c.1);
            v.bet = spots.get(v.spot as usize).map_or(0, |s| s.bet);
            (v.phase, v.spots, v.hands) = (Phase::Betting, spots.clone(), Vec::new());
            (v.dealer, v.hole_revealed) = (Vec::new(), false);
        }
        Some(next)
    }

    /// Between hands: the next round's screen ([`Self::next_bets`]) for the bet controls and
    /// Deal, unless the shoe is over or the player is out of chips for it (the dialog's cases).
    pub fn between_hands(&self) -> Option<CasinoScreen> {
        self.next_bets().filter(|n| !self.view().cut_out && !n.broke())
    }

    /// Whether the spot is one of the player's.
    pub fn is_mine(&self, spot: Spot) -> bool {
        self.views.iter().any(|v| v.spot == spot)
    }

    /// The player's spot the controls act on: the one whose turn it is, else `betting` (the
    /// one the chips go on).
    pub fn spot(&self, betting: Spot) -> Spot {
        self.view().to_act().filter(|&s| self.is_mine(s)).unwrap_or(betting)
    }

    /// Whether it is one of the player's spots' turn.
    pub fn my_turn(&self) -> bool {
        self.view().to_act().is_some_and(|s| self.is_mine(s))
    }

    /// A spot as the table shows it (`None` past the table: never in an update `net::Reader`
    /// lets through, and no panic either way).
    fn spot_state(&self, spot: Spot) -> Option<&SpotState> {
        self.spots().get(spot as usize)
    }

    /// Whether the player has a bet on any spot.
    pub fn placed(&self) -> bool {
        self.views.iter().any(|v| self.spot_state(v.spot).is_some_and(|s| s.bet > 0))
    }

    /// What the player owns (the first person's, at pass-and-play: each person has chips of
    /// their own): the chips, plus the bets still only placed (before the deal).
    pub fn worth(&self) -> i64 {
        // At pass-and-play the spots past the people's count are the last person's.
        let first = |i: usize| i == 0 || self.names.len() <= 1;
        let placed: i64 = self
            .views
            .iter()
            .enumerate()
            .filter(|(i, _)| first(*i))
            .map(|(_, v)| self.spot_state(v.spot).map_or(0, |s| s.bet))
            .fold(0i64, i64::saturating_add);
        self.chips().saturating_add(if self.phase() == Phase::Betting { placed } else { 0 })
    }

    /// Out of chips: nothing on the spot and not enough for the smallest bet.
    pub fn broke(&self) -> bool {
        self.phase() == Phase::Betting && self.worth() < self.view().rules.min_bet
    }

    /// The player's net result for a settled round, in cents: every hand of every spot played
    /// and the insurance.
    pub fn round_net(&self) -> Option<i64> {
        let played: Vec<Spot> = self.played().collect();
        if self.phase() != Phase::Settled || played.is_empty() {
            return None;
        }
        Some(played.iter().map(|&s| self.spot_net(s)).fold(0i64, |a, n| a.saturating_add(n)))
    }

    /// The player's spots dealt in this round.
    pub fn played(&self) -> impl Iterator<Item = Spot> + '_ {
        self.views.iter().map(|v| v.spot).filter(|&s| self.spot_state(s).is_some_and(|s| !s.hands.is_empty()))
    }

    /// What one of the player's spots made this round: its hands and its insurance.
    pub fn spot_net(&self, spot: Spot) -> i64 {
        let Some(s) = self.spot_state(spot) else { return 0 };
        let hands = s.hands.iter().map(|h| h.returned.saturating_sub(h.stake)).fold(0i64, i64::saturating_add);
        hands.saturating_add(self.insurance_net(spot).unwrap_or(0))
    }

    /// What a spot's insurance made once the hole card is known: the bet paid 2 to 1
    /// ([`INSURANCE_PAYS`]) if the dealer has blackjack, else lost. `None` without insurance.
    pub fn insurance_net(&self, spot: Spot) -> Option<i64> {
        let insured = self.spot_state(spot)?.insurance;
        if insured == 0 {
            return None;
        }
        let dealer: Vec<_> = self.view().dealer.iter().flatten().copied().collect();
        Some(if is_two_card_21(&dealer) { insured.saturating_mul(INSURANCE_PAYS) } else { -insured })
    }
}
