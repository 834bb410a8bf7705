//! The index plays for the deviations drill, asked of the drills' worker (`worker.rs`): the
//! Illustrious 18 and Fab 4 hands come first, after a few percent of the work, and the drill
//! asks them while the worker goes on to the whole table.

use super::state::Setup;
use super::work::{Job, Reply, Request};
use super::worker::Helper;
use crate::engine::casino::indices::IndexPlay;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::UseStateHandle;

/// The index plays for one set of rules and one system, as far as they are worked out.
#[derive(Clone, PartialEq)]
pub enum Indices {
    /// Being worked out: `percent` done, and the first hands' plays once they are known.
    Working {
        key: (Setup, usize),
        percent: u32,
        first: Option<Rc<Vec<IndexPlay>>>,
    },
    Ready {
        key: (Setup, usize),
        plays: Rc<Vec<IndexPlay>>,
    },
    /// The worker could not start, or stopped.
    Failed {
        key: (Setup, usize),
    },
}

impl Indices {
    pub fn key(&self) -> (Setup, usize) {
        match self {
            Indices::Working { key, .. } | Indices::Ready { key, .. } | Indices::Failed { key } => *key,
        }
    }

    /// The plays a question may be asked from: every one once ready, the first hands' before.
    pub fn plays(&self) -> Option<Rc<Vec<IndexPlay>>> {
        match self {
            Indices::Ready { plays, .. } => Some(plays.clone()),
            Indices::Working { first, .. } => first.clone(),
            Indices::Failed { .. } => None,
        }
    }
}

/// The part of the setup the indices depend on (the pace of the count drill does not matter).
pub fn indices_key(s: &Setup) -> (Setup, usize) {
    (Setup { choice: s.choice, system: s.system, game: s.game, ..Setup::default() }, s.system)
}

/// Asks the worker for the index plays of `setup`, into `out` for as long as `current` holds
/// their key; the worker runs as long as the returned [`Helper`] lives.
pub fn compute_indices(
    setup: Setup,
    current: Rc<RefCell<(Setup, usize)>>,
    out: UseStateHandle<Option<Indices>>,
) -> Option<Helper> {
    let key = indices_key(&setup);
    out.set(Some(Indices::Working { key, percent: 0, first: None }));
    let (first, percent) = (RefCell::new(None::<Rc<Vec<IndexPlay>>>), Cell::new(0));
    let failed = out.clone();
    let helper = Helper::start(Request::new(Job::Indices, &setup), move |reply| {
        if *current.borrow() != key {
            return;
        }
        match reply {
            Some(Reply::Progress(p)) => percent.set(p),
            Some(Reply::First(plays)) => *first.borrow_mut() = Some(Rc::new(plays)),
            Some(Reply::All(plays)) => return out.set(Some(Indices::Ready { key, plays: Rc::new(plays) })),
            _ => return out.set(Some(Indices::Failed { key })),
        }
        out.set(Some(Indices::Working { key, percent: percent.get(), first: first.borrow().clone() }));
    });
    if helper.is_none() {
        failed.set(Some(Indices::Failed { key }));
    }
    helper
}
