//! The index plays for the deviations drill, worked out in the page between frames: about 2 s of
//! work natively, so it runs in slices of [`SLICE_MS`] and never as one long task.

use super::state::Setup;
use crate::engine::casino::indices::{all_situations, count_shoes, depths, IndexPlay, IndexWork, ProfileBuilder};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;
use yew::platform::spawn_local;
use yew::platform::time::sleep;
use yew::UseStateHandle;

/// How long one task of the index computation runs before the page paints, in ms: a slice
/// ends at the first step past it, and a step is at most a few ms natively (p99.9 about 8 ms,
/// `examples/drill_costs.rs`), so a task stays near this plus one step.
const SLICE_MS: f64 = 12.0;

fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// The index plays for one set of rules and one system, as far as they are worked out.
#[derive(Clone, PartialEq)]
pub enum Indices {
    Working { key: (Setup, usize), percent: u32 },
    Ready { key: (Setup, usize), plays: Rc<Vec<IndexPlay>> },
}

impl Indices {
    pub fn key(&self) -> (Setup, usize) {
        match self {
            Indices::Working { key, .. } | Indices::Ready { key, .. } => *key,
        }
    }

    pub fn plays(&self) -> Option<Rc<Vec<IndexPlay>>> {
        match self {
            Indices::Ready { plays, .. } => Some(plays.clone()),
            Indices::Working { .. } => None,
        }
    }
}

/// The part of the setup the indices depend on (the pace of the count drill does not matter).
pub fn indices_key(s: &Setup) -> (Setup, usize) {
    (Setup { speed: 1000, at_once: 1, length: 20, ..*s }, s.system)
}

/// Works the index plays out in slices of [`SLICE_MS`], yielding to the browser between them,
/// and stops if the rules or system change meanwhile (`current` no longer holds `key`).
pub fn compute_indices(setup: Setup, current: Rc<RefCell<(Setup, usize)>>, out: UseStateHandle<Option<Indices>>) {
    let key = indices_key(&setup);
    out.set(Some(Indices::Working { key, percent: 0 }));
    spawn_local(async move {
        let rules = setup.choice.rules();
        let system = setup.system();
        let stale = || *current.borrow() != key;
        let mut shoes = Vec::new();
        let mut start = now();
        for (i, dealt) in depths(&rules).into_iter().enumerate() {
            let mut b = ProfileBuilder::new(system, rules.decks, dealt);
            while !b.step(100_000) {
                if now() - start > SLICE_MS {
                    sleep(Duration::ZERO).await;
                    if stale() {
                        return;
                    }
                    out.set(Some(Indices::Working { key, percent: 5 * i as u32 }));
                    start = now();
                }
            }
            shoes.push(count_shoes(&b.finish()));
        }
        let mut work = IndexWork::new(&rules, system, shoes, all_situations(&rules));
        while !work.step() {
            if now() - start > SLICE_MS {
                sleep(Duration::ZERO).await;
                if stale() {
                    return;
                }
                let (done, all) = work.progress();
                out.set(Some(Indices::Working { key, percent: 15 + (85 * done / all.max(1)) as u32 }));
                start = now();
            }
        }
        if !stale() {
            out.set(Some(Indices::Ready { key, plays: Rc::new(work.finish()) }));
        }
    });
}
