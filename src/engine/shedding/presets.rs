//! The seeds as data. Each preset is a [`RuleSpec`] value; docs/rules/<preset>.md quotes the
//! seed sentence by sentence and names the field (and test) that carries each decision.

use super::rules::*;
use crate::engine::cards::{Colour, Rank};
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    Taylor,
    Priestly,
    British,
    CrazyEights,
    Switch,
}

impl Preset {
    pub const ALL: [Preset; 5] =
        [Preset::Taylor, Preset::Priestly, Preset::British, Preset::CrazyEights, Preset::Switch];

    pub fn id(self) -> &'static str {
        match self {
            Preset::Taylor => "taylor",
            Preset::Priestly => "priestly",
            Preset::British => "british",
            Preset::CrazyEights => "crazy-eights",
            Preset::Switch => "switch",
        }
    }

    /// The preset with this [`Preset::id`].
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }

    pub fn spec(self) -> RuleSpec {
        match self {
            Preset::Taylor => taylor(),
            Preset::Priestly => priestly(),
            Preset::British => british(),
            Preset::CrazyEights => crazy_eights(),
            Preset::Switch => switch(),
        }
    }

    pub fn rules(self) -> Rules {
        Rules::new(self.spec()).unwrap_or_else(|e| panic!("every preset is a valid rule set (tested): {e}"))
    }
}

const fn power(rank: Rank, colour: Option<Colour>, effect: Effect) -> Power {
    Power { rank, colour, effect }
}
const BLACK: Option<Colour> = Some(Colour::Black);
const RED: Option<Colour> = Some(Colour::Red);
const ANY: Option<Colour> = None;
/// Pick-up groups: cards answer pick-ups of their own group.
const TWOS: u8 = 0;
const JACKS: u8 = 1;

/// 000: Taylor Blackjack, the house-party rules.
pub fn taylor() -> RuleSpec {
    RuleSpec {
        name: "Taylor".into(),
        min_players: 2,
        max_players: 12,
        hand_size: 7,
        hand_size_two_players: None,
        one_deck_max_players: 5,
        follow: Follow::SuitOrRank,
        powers: vec![
            power(Rank::Ace, ANY, Effect::ChangeSuit { wild: false, ends_turn: false }),
            power(Rank::Two, BLACK, Effect::PickUp { group: TWOS, cards: 2 }),
            power(Rank::Two, RED, Effect::ReducePickUp { group: TWOS, cards: 2 }),
            power(Rank::Seven, ANY, Effect::Reverse),
            power(Rank::Eight, ANY, Effect::FollowOn),
            power(Rank::Ten, ANY, Effect::SuitRun),
            power(Rank::Jack, BLACK, Effect::PickUp { group: JACKS, cards: 7 }),
            power(Rank::Jack, RED, Effect::ReducePickUp { group: JACKS, cards: 7 }),
            power(Rank::Queen, ANY, Effect::Skip { players: 1 }),
            power(Rank::King, ANY, Effect::Skip { players: 2 }),
        ],
        turn_effects: TurnEffects::LastCard,
        runs: None,
        stacking: Stacking::SameGroup,
        draw: DrawRule { may_draw_when_able: true, max_draws: 1, play_after_draw: false },
        refill: Refill::TurnOver,
        first_card: FirstCard::AsIfDealerPlayed,
        two_player_reverse: TwoPlayerReverse::NoEffect,
        last_card: Some(LastCardRule {
            when: CallWhen::OneCardLeft,
            deadline: CallDeadline::NextCard,
            penalty: CallPenalty::PickUp(7),
            enforcement: Enforcement::Accusation,
            false_call: Some(1),
        }),
        clock_ms: Some(2000),
        penalties: Penalties {
            timeout: Some(1),
            out_of_turn: Some(1),
            wrong_card: Some(1),
            table_talk: Some(1),
            false_accusation: Some(1),
        },
        scoring: Scoring::FirstOut,
        max_plays: 600,
    }
}

/// 001: Priestly College BlackJack.
pub fn priestly() -> RuleSpec {
    RuleSpec {
        name: "Priestly College".into(),
        min_players: 2,
        max_players: 12,
        hand_size: 7,
        hand_size_two_players: None,
        one_deck_max_players: 6,
        follow: Follow::AdjacentInSuitOrRank,
        powers: vec![
            power(Rank::Two, ANY, Effect::PickUp { group: TWOS, cards: 2 }),
            power(Rank::Jack, RED, Effect::PickUp { group: TWOS, cards: 3 }),
            power(Rank::Jack, BLACK, Effect::PickUp { group: TWOS, cards: 5 }),
            power(Rank::Ace, ANY, Effect::ChangeSuit { wild: true, ends_turn: true }),
            power(Rank::Ten, ANY, Effect::Reverse),
            power(Rank::Eight, ANY, Effect::Skip { players: 1 }),
            power(Rank::Queen, ANY, Effect::MustCover),
        ],
        turn_effects: TurnEffects::EveryCard,
        runs: Some(Runs { keep_direction: true }),
        stacking: Stacking::AnyPickUp,
        draw: DrawRule { may_draw_when_able: true, max_draws: 1, play_after_draw: false },
        refill: Refill::Reshuffle,
        first_card: FirstCard::AsIfDealerPlayed,
        two_player_reverse: TwoPlayerReverse::NoEffect,
        last_card: Some(LastCardRule {
            when: CallWhen::Anytime,
            deadline: CallDeadline::OwnNextTurn,
            penalty: CallPenalty::CannotGoOut,
            enforcement: Enforcement::Automatic,
            false_call: None,
        }),
        clock_ms: None,
        penalties: Penalties::NONE,
        scoring: Scoring::FirstOut,
        max_plays: 600,
    }
}

/// 003: British Black Jack, with multi-round scoring.
pub fn british() -> RuleSpec {
    RuleSpec {
        name: "British".into(),
        min_players: 2,
        max_players: 12,
        hand_size: 7,
        hand_size_two_players: None,
        one_deck_max_players: 5,
        follow: Follow::SuitOrRank,
        powers: vec![
            power(Rank::Two, ANY, Effect::PickUp { group: TWOS, cards: 2 }),
            power(Rank::Jack, BLACK, Effect::PickUp { group: JACKS, cards: 6 }),
            power(Rank::Jack, RED, Effect::CancelPickUp { group: JACKS }),
            power(Rank::Seven, ANY, Effect::Reverse),
            power(Rank::Eight, ANY, Effect::Skip { players: 1 }),
            power(Rank::Ace, ANY, Effect::ChangeSuit { wild: true, ends_turn: false }),
        ],
        turn_effects: TurnEffects::LastCard,
        runs: None,
        stacking: Stacking::SameGroup,
        draw: DrawRule { may_draw_when_able: true, max_draws: 1, play_after_draw: false },
        refill: Refill::Reshuffle,
        first_card: FirstCard::AsIfDealerPlayed,
        two_player_reverse: TwoPlayerReverse::ActsAsSkip,
        last_card: Some(LastCardRule {
            when: CallWhen::OneCardLeft,
            deadline: CallDeadline::NextPlayerMoves,
            penalty: CallPenalty::DrawNextTurn,
            enforcement: Enforcement::Automatic,
            false_call: None,
        }),
        clock_ms: None,
        penalties: Penalties::NONE,
        scoring: Scoring::Places { target_base: 8, tie_break: TieBreak::AllAtTarget },
        max_plays: 600,
    }
}

/// Crazy Eights exactly as OpenSpiel's `crazy_eights` with default parameters, so the engine
/// can be compared with a peer on the same game (benches/shedding.rs).
pub fn crazy_eights() -> RuleSpec {
    RuleSpec {
        name: "Crazy Eights (OpenSpiel defaults)".into(),
        min_players: 2,
        max_players: 12,
        hand_size: 5,
        hand_size_two_players: Some(7),
        one_deck_max_players: 5,
        follow: Follow::SuitOrRank,
        powers: vec![power(Rank::Eight, ANY, Effect::ChangeSuit { wild: true, ends_turn: false })],
        turn_effects: TurnEffects::LastCard,
        runs: None,
        stacking: Stacking::SameGroup,
        draw: DrawRule { may_draw_when_able: true, max_draws: 5, play_after_draw: true },
        refill: Refill::Never,
        first_card: FirstCard::RedrawWild,
        two_player_reverse: TwoPlayerReverse::NoEffect,
        last_card: None,
        clock_ms: None,
        penalties: Penalties::NONE,
        scoring: Scoring::FirstOut,
        max_plays: 100,
    }
}

/// Plain Switch, the common British pub rules, as a neutral baseline.
pub fn switch() -> RuleSpec {
    RuleSpec {
        name: "Switch".into(),
        min_players: 2,
        max_players: 12,
        hand_size: 7,
        hand_size_two_players: None,
        one_deck_max_players: 5,
        follow: Follow::SuitOrRank,
        powers: vec![
            power(Rank::Ace, ANY, Effect::ChangeSuit { wild: true, ends_turn: false }),
            power(Rank::Two, ANY, Effect::PickUp { group: TWOS, cards: 2 }),
            power(Rank::Eight, ANY, Effect::Skip { players: 1 }),
            power(Rank::Jack, BLACK, Effect::PickUp { group: JACKS, cards: 5 }),
            power(Rank::Jack, RED, Effect::CancelPickUp { group: JACKS }),
            power(Rank::King, ANY, Effect::Reverse),
        ],
        turn_effects: TurnEffects::LastCard,
        runs: None,
        stacking: Stacking::SameGroup,
        draw: DrawRule { may_draw_when_able: true, max_draws: 1, play_after_draw: false },
        refill: Refill::Reshuffle,
        first_card: FirstCard::AsIfDealerPlayed,
        two_player_reverse: TwoPlayerReverse::ActsAsSkip,
        last_card: Some(LastCardRule {
            when: CallWhen::OneCardLeft,
            deadline: CallDeadline::NextPlayerMoves,
            penalty: CallPenalty::PickUp(2),
            enforcement: Enforcement::Automatic,
            false_call: None,
        }),
        clock_ms: None,
        penalties: Penalties::NONE,
        scoring: Scoring::FirstOut,
        max_plays: 600,
    }
}
