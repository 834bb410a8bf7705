//! The tables' reducers against hostile input, natively (issue 27): the page's click → engine →
//! screen logic (`ui::{shedding,casino,uno}::state`) given arbitrary messages, stale or forged,
//! and banks read back from storage with any numbers at all. Nothing may panic (the page's
//! release build aborts on panic), a message that changes nothing says so, and what the table
//! shows stays consistent with its game. `PROPTEST_CASES=2000 cargo test --release --test
//! reducers_hostile` for a long run.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino::decide;
use blackjack::bots::shedding::Level;
use blackjack::engine::casino::{Action as CasinoAction, Phase as CasinoPhase};
use blackjack::engine::shedding::{Action as ShedAction, Preset};
use blackjack::engine::uno::Action as UnoAction;
use blackjack::ui::casino::bank::{Bank, MAX_LOST_MILLI, MAX_NET};
use blackjack::ui::casino::state::{CasinoState, Choice, Msg as CasinoMsg};
use blackjack::ui::reducer::Apply;
use blackjack::ui::shedding::link::TableSetup;
use blackjack::ui::shedding::state::{Msg as ShedMsg, TableState};
use blackjack::ui::storage::{decode, encode};
use blackjack::ui::uno::state::{Msg as UnoMsg, UnoChoice, UnoState};
use proptest::prelude::*;

mod hostile;
use hostile::cases;

/// A message the table could be sent: its kind, two small numbers, and how stale it is.
type Raw = (u8, u8, u8, u8);

fn shedding_msg(t: &TableState, (kind, a, b, stale): Raw) -> ShedMsg {
    let at = t.game.state_id().wrapping_sub((stale % 4 == 0) as u32);
    let legal = t.game.legal_actions();
    let action = match kind % 4 {
        // Mostly legal moves, so that games go deep; else anything at all.
        0 | 1 if !legal.is_empty() => legal[a as usize % legal.len()],
        _ => ShedAction::from_code(&format!("{}{}", a % 12, ['p', 'd', 'l', 'x'][b as usize % 4]))
            .unwrap_or(ShedAction::Timeout { seat: a % 12 }),
    };
    match kind % 16 {
        14 => ShedMsg::Dismiss,
        15 => ShedMsg::NextRound,
        _ => ShedMsg::Act { action, at },
    }
}

fn casino_msg(t: &CasinoState, (kind, a, b, stale): Raw) -> CasinoMsg {
    let at = t.at().wrapping_sub((stale % 4 == 0) as usize);
    let spot = a % 8;
    let amount = [0, 100, 500, 2500, i64::MAX, -500][b as usize % 6];
    // Mostly what the page would send (the bots' timers, the player's legal choices), so that
    // rounds settle and the bank moves; else anything at all.
    let sensible = match t.game.phase() {
        _ if kind % 4 == 0 => None,
        CasinoPhase::Betting => Some(CasinoAction::Deal),
        CasinoPhase::Settled => Some(CasinoAction::NextRound),
        _ => match t.game.to_act() {
            Some(s) if !t.is_mine(s) => decide(&t.game.view(s)),
            _ => {
                let legal = t.game.legal_actions();
                legal.get(a as usize % legal.len().max(1)).copied()
            }
        },
    };
    let action = match kind % 10 {
        _ if sensible.is_some() => sensible.unwrap_or(CasinoAction::Deal),
        0 => CasinoAction::Deal,
        1 => CasinoAction::NextRound,
        2 => CasinoAction::Bet { spot, amount },
        3 => CasinoAction::Insure { spot, amount },
        4 => CasinoAction::Double { spot, amount },
        5 => CasinoAction::Split { spot },
        6 => CasinoAction::Surrender { spot },
        7 => CasinoAction::Hit { spot },
        _ => CasinoAction::Stand { spot },
    };
    match kind % 24 {
        21 => CasinoMsg::BetOn(spot),
        22 => CasinoMsg::Dismiss,
        23 => CasinoMsg::Refill,
        _ => CasinoMsg::Act { action, at },
    }
}

thread_local!(static NOW: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) });
/// The page's clock, as fast-forward reads it: a millisecond later at every reading.
fn ticking() -> f64 {
    NOW.with(|t| {
        t.set(t.get() + 1.0);
        t.get()
    })
}

fn uno_msg(t: &UnoState, (kind, a, _, stale): Raw) -> UnoMsg {
    let at = t.at().wrapping_sub((stale % 4 == 0) as usize);
    let seat = a % 11;
    match kind % 12 {
        0 => UnoMsg::FastForward { at, clock: ticking },
        1 => UnoMsg::Act { action: UnoAction::Reveal, at },
        2 => UnoMsg::Act { action: UnoAction::Join { seat }, at },
        3 => UnoMsg::Act { action: UnoAction::Pass { seat }, at },
        11 => UnoMsg::Restart { seed: u64::from(a) },
        _ => match t.auto_action() {
            Some((action, _)) => UnoMsg::Act { action, at },
            None => UnoMsg::Act { action: UnoAction::Hit { seat }, at },
        },
    }
}

/// Applies `msg`; if it reports no change, nothing changed.
fn apply_checked<S: Apply + PartialEq>(t: &mut S, msg: S::Msg) {
    let before = t.clone();
    if !t.apply(msg) {
        assert!(*t == before, "a message that changed nothing changed the table");
    }
}

proptest! {
    #![proptest_config(cases(24))]

    #[test]
    fn a_shedding_table_takes_any_messages(preset in 0usize..5, seed: u64, msgs in prop::collection::vec(any::<Raw>(), 0..300)) {
        let preset = Preset::ALL[preset];
        let mut t = TableState::new(TableSetup::new(preset, 4, Level::Normal, seed)).expect("a preset deals");
        for raw in msgs {
            let msg = shedding_msg(&t, raw);
            apply_checked(&mut t, msg);
            prop_assert!(t.screen.log.len() <= 60, "the log keeps its window");
            prop_assert_eq!(t.screen.acts.len(), 4);
            prop_assert!(t.game.check_invariants().is_ok());
        }
        // What the table shows survives a reload.
        let back = TableState::restore(&t.stored()).expect("its own save restores");
        prop_assert_eq!(back.game, t.game);
    }

    #[test]
    fn a_casino_table_takes_any_messages_and_any_bank(
        bots in 0u8..7, spots in 1u8..=3, seed: u64,
        chips in prop_oneof![Just(0i64), Just(100_000), Just(i64::MAX), any::<i64>()],
        decisions in prop_oneof![Just(u32::MAX), any::<u32>()],
        best in prop_oneof![Just(0u32), any::<u32>()],
        lost in prop_oneof![Just(0i64), Just(MAX_LOST_MILLI), Just(i64::MAX), any::<i64>()],
        hands in prop_oneof![Just(u32::MAX), any::<u32>()],
        net in prop_oneof![Just(MAX_NET), Just(-MAX_NET), Just(i64::MAX), Just(i64::MIN), any::<i64>()],
        refills in prop_oneof![Just(u32::MAX), any::<u32>()],
        // The session's history as stored: any text (the table appends to it unread).
        rounds in prop_oneof![Just(String::new()), "[0-9, -]{0,60}", ".{0,40}"],
        // Fewer: each of the player's decisions is priced by the trainer's exact solver.
        msgs in prop::collection::vec(any::<Raw>(), 0..100),
    ) {
        let stored = Bank { chips, decisions, best_plays: best, ev_lost_milli: lost, hands, net, refills, rounds, ..Bank::default() };
        // A bank read back from storage: out of bounds, it is refused (and the page starts anew).
        let bank = decode::<Bank>(&encode(1, &stored), 1).unwrap_or_default();
        let choice = Choice { bots: bots.min(7 - spots), spots, ..Choice::default() };
        let mut t = CasinoState::new(choice, seed, bank);
        for raw in msgs {
            let msg = casino_msg(&t, raw);
            apply_checked(&mut t, msg);
            prop_assert!((-MAX_NET..=MAX_NET).contains(&t.bank.net));
            prop_assert!((0..=MAX_LOST_MILLI).contains(&t.bank.ev_lost_milli));
            prop_assert!(t.bank.best_plays <= t.bank.decisions);
            prop_assert_eq!(t.bank.chips, t.worth());
            prop_assert!(t.screen.log.len() <= blackjack::ui::casino::screen::LOG_KEPT);
            if t.game.phase() == CasinoPhase::Settled {
                let _ = t.round_net();
            }
        }
        let back = CasinoState::restore(&t.stored(), t.bank.clone()).expect("its own save restores");
        prop_assert!(back.game == t.game);
    }

    #[test]
    fn an_uno_table_takes_any_messages(players in 2u8..=10, seed: u64, latecomer: bool, msgs in prop::collection::vec(any::<Raw>(), 0..300)) {
        let mut t = UnoState::new(UnoChoice { players, latecomer, ..UnoChoice::default() }, seed);
        for raw in msgs {
            let msg = uno_msg(&t, raw);
            let at = t.at();
            apply_checked(&mut t, msg);
            // A fast-forward is one chunk of the clock's time (a millisecond a move here): the
            // page stays responsive.
            prop_assert!(t.at().saturating_sub(at) <= blackjack::ui::uno::state::FORWARD_MS as usize);
            prop_assert!(t.screen.log.len() <= 60);
        }
        let back = UnoState::restore(&t.stored()).expect("its own save restores");
        prop_assert_eq!(back.game.log(), t.game.log());
    }
}
