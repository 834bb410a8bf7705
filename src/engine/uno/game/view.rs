//! What one seat may see ([`UnoView`]): every stack and the trash face up, of the queues and the
//! deck only their sizes.

use super::*;

/// Everything one seat may see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnoView {
    pub seat: Seat,
    pub skip_value: SkipValue,
    pub phase: Phase,
    pub statuses: Vec<Status>,
    pub queue_sizes: Vec<u16>,
    pub stacks: Vec<Vec<UnoCard>>,
    pub busted: Vec<bool>,
    pub passed: Vec<bool>,
    pub deck: u16,
    pub trash: Vec<UnoCard>,
    pub total_cards: u16,
    pub starter: Seat,
    pub clockwise: bool,
    pub round: u32,
}

impl UnoView {
    pub fn total(&self, seat: Seat) -> u8 {
        total(&self.stacks[seat as usize], self.skip_value)
    }

    /// Why `action` would be refused now, as [`Game::refusal`] says it: everything it decides on
    /// is in every seat's view, so a screen fed only views knows which buttons work.
    pub fn refusal(&self, action: Action) -> Option<Refusal> {
        let waiting = |seat: Seat| self.statuses.get(seat as usize) == Some(&Status::Waiting);
        let can_flip = |seat: Seat| {
            self.queue_sizes.get(seat as usize).is_some_and(|&q| q > 0) || self.deck > 0 || !self.trash.is_empty()
        };
        refusal(&self.phase, action, waiting, can_flip)
    }

    pub fn is_legal(&self, action: Action) -> bool {
        self.refusal(action).is_none()
    }
}

impl Game {
    /// What `seat` can see: stacks and the trash are face up; queues and the deck are not.
    ///
    /// # Examples
    ///
    /// ```
    /// use blackjack::engine::uno::{Action, Game, UnoRules};
    ///
    /// let mut game = Game::new(UnoRules::seed_rules(), 3, 8).unwrap();
    /// game.apply(Action::Reveal).unwrap();
    /// let view = game.view(1);
    /// // Queues are face down: only their sizes. Stacks are face up.
    /// for seat in 0..3u8 {
    ///     let player = &game.players()[seat as usize];
    ///     assert_eq!(view.queue_sizes[seat as usize] as usize, player.queue.len());
    ///     assert_eq!((&view.stacks[seat as usize], view.total(seat)), (&player.stack, game.total(seat)));
    /// }
    /// assert_eq!(view.deck as usize, game.deck_len());
    /// ```
    pub fn view(&self, seat: Seat) -> UnoView {
        UnoView {
            seat,
            skip_value: self.rules.skip_value,
            phase: self.phase.clone(),
            statuses: self.players.iter().map(|p| p.status).collect(),
            queue_sizes: self.players.iter().map(|p| p.queue.len() as u16).collect(),
            stacks: self.players.iter().map(|p| p.stack.clone()).collect(),
            busted: self.players.iter().map(|p| p.busted).collect(),
            passed: self.players.iter().map(|p| p.passed).collect(),
            deck: self.deck.len() as u16,
            trash: self.trash.clone(),
            total_cards: self.total_cards as u16,
            starter: self.starter,
            clockwise: self.clockwise,
            round: self.round,
        }
    }
}
