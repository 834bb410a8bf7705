//! A game's whole table of index plays as the drills ask for it: the count's profiles first,
//! then the hands a counter learns first (the Illustrious 18 and the Fab 4) one by one, then
//! every other decision, in bounded steps ([`IndexTableWork`]). The first hand comes out after a
//! fraction of a percent of the work and the 22 after a few percent, so a drill can ask them
//! while the rest is worked out, and they are the same plays the whole table holds (each
//! decision is priced on its own: [`IndexWork`] gives the same plays for a situation whichever
//! others it is given with).

use super::{all_situations, count_shoes, depths, CountShoes, IndexPlay, IndexWork, ProfileBuilder, Situation, COUNTS};
use crate::engine::casino::count::CountSystem;
use crate::engine::casino::rules::TableRules;

/// The Illustrious 18 and the Fab 4 surrenders, the index plays a counter learns first (Don
/// Schlesinger, *Blackjack Attack: Playing the Pros' Way*, RGE Publishing: the Illustrious 18 in
/// the chapter "Attacking the Shoe", the Fab 4 added in the second edition), as (decision, up
/// card). Their indices are computed for the game like every other; `tests/casino_trainer.rs`
/// holds them to the published Hi-Lo figures.
pub const ILLUSTRIOUS: [(Situation, u8); 22] = {
    const fn hard(total: u8) -> Situation {
        Situation::Total { soft: false, total }
    }
    [
        (Situation::Insurance, 1),
        (hard(16), 10),
        (hard(15), 10),
        (Situation::Pair(10), 5),
        (Situation::Pair(10), 6),
        (hard(10), 10),
        (hard(12), 3),
        (hard(12), 2),
        (hard(11), 1),
        (hard(9), 2),
        (hard(10), 1),
        (hard(9), 7),
        (hard(16), 9),
        (hard(13), 2),
        (hard(12), 4),
        (hard(12), 5),
        (hard(12), 6),
        (hard(13), 3),
        (Situation::Surrender(14), 10),
        (Situation::Surrender(15), 10),
        (Situation::Surrender(15), 9),
        (Situation::Surrender(15), 1),
    ]
};

/// The decisions that answer a hand (surrender first: [`super::answer_at`] reads a total's or a
/// pair's own play and its surrender): a hard total and its surrender, a pair and its surrender.
fn answering(situation: Situation) -> [Situation; 2] {
    match situation {
        Situation::Total { soft: false, total } | Situation::Surrender(total) => {
            [Situation::Total { soft: false, total }, Situation::Surrender(total)]
        }
        Situation::Pair(p) | Situation::SurrenderPair(p) => [Situation::Pair(p), Situation::SurrenderPair(p)],
        other => [other, other],
    }
}

/// The decisions of [`all_situations`] that answer each hand of [`ILLUSTRIOUS`], hand by hand
/// in its order (a hand whose decisions an earlier hand has, as 15 v 10 for its surrender, is
/// left out).
pub fn first_hands(rules: &TableRules) -> Vec<Vec<(Situation, u8)>> {
    let all = all_situations(rules);
    let mut taken = Vec::new();
    let mut hands = Vec::new();
    for (situation, up) in ILLUSTRIOUS {
        let mine: Vec<(Situation, u8)> = (all.iter().copied())
            .filter(|&(s, u)| u == up && answering(situation).contains(&s) && !taken.contains(&(s, u)))
            .collect();
        if !mine.is_empty() {
            taken.extend(&mine);
            hands.push(mine);
        }
    }
    hands
}

/// The decisions of [`all_situations`] that answer the hands of [`ILLUSTRIOUS`], in the order of
/// [`all_situations`]: with only their index plays, a drill gives each of those hands the same
/// answer as with the whole table.
pub fn first_situations(rules: &TableRules) -> Vec<(Situation, u8)> {
    let first: Vec<(Situation, u8)> = first_hands(rules).concat();
    all_situations(rules).into_iter().filter(|s| first.contains(s)).collect()
}

/// What a step of [`IndexTableWork`] found.
#[derive(Clone, Debug, PartialEq)]
pub enum Found {
    /// The index plays of the hands of [`ILLUSTRIOUS`] worked out so far (each of them with
    /// every decision it is answered with), in the order of [`all_situations`]: one hand more
    /// each time, until those of all [`first_situations`].
    First(Vec<IndexPlay>),
    /// Every index play of [`all_situations`], in its order (the first ones included).
    All(Vec<IndexPlay>),
}

#[derive(Clone, Debug)]
enum Stage {
    /// The count's profile at each of [`depths`], one after another (the one being made, and
    /// those made).
    Profiles {
        builder: Option<ProfileBuilder>,
        shoes: Vec<CountShoes>,
    },
    /// One first hand's decisions being worked out, and the hands after it.
    First {
        work: IndexWork,
        hands: Vec<Vec<(Situation, u8)>>,
        shoes: Vec<CountShoes>,
    },
    Rest(IndexWork),
    Done,
}

/// The index plays of every decision of a game, worked out in bounded steps (a profile's slice
/// of about 100,000 multiply-adds, or one decision at one depth and count): those of each hand
/// of [`ILLUSTRIOUS`] as soon as they are known, then all of them. The same plays as
/// [`super::index_plays`] over [`all_situations`].
#[derive(Clone, Debug)]
pub struct IndexTableWork {
    rules: TableRules,
    system: CountSystem,
    all: Vec<(Situation, u8)>,
    /// The decisions worked out before the rest (the first hands'), as far as they are done.
    first: Vec<(Situation, u8)>,
    done: usize,
    found: Vec<IndexPlay>,
    stage: Stage,
}

/// The share of the work the profiles take, in percent (about as long as the first hands).
const PROFILES_PERCENT: usize = 15;

impl IndexTableWork {
    pub fn new(rules: &TableRules, system: &CountSystem) -> IndexTableWork {
        IndexTableWork {
            rules: rules.clone(),
            system: *system,
            all: all_situations(rules),
            first: first_situations(rules),
            done: 0,
            found: Vec::new(),
            stage: Stage::Profiles { builder: None, shoes: Vec::new() },
        }
    }

    /// How far the work is, 0 to 100.
    pub fn percent(&self) -> u32 {
        // Every decision costs about as much at each depth and count.
        let per = depths(&self.rules).len() * COUNTS;
        let all = (per * self.all.len()).max(1);
        let steps = |work: &IndexWork| {
            PROFILES_PERCENT + (100 - PROFILES_PERCENT) * (self.done * per + work.progress().0).min(all) / all
        };
        (match &self.stage {
            Stage::Profiles { shoes, .. } => PROFILES_PERCENT * shoes.len() / depths(&self.rules).len(),
            Stage::First { work, .. } | Stage::Rest(work) => steps(work),
            Stage::Done => 100,
        }) as u32
    }

    /// `true` once [`Found::All`] has been given.
    pub fn is_done(&self) -> bool {
        matches!(self.stage, Stage::Done)
    }

    /// The work for `situations` after `before`, keeping what `before` worked out once an up
    /// card (the stiff totals' hands of three cards or more).
    fn next_work(&self, before: &mut IndexWork, shoes: Vec<CountShoes>, situations: Vec<(Situation, u8)>) -> IndexWork {
        let mut work = IndexWork::new(&self.rules, &self.system, shoes, situations);
        work.multi = std::mem::take(&mut before.multi);
        work
    }

    /// One bounded step; what it completed, if anything. Once done, a step does nothing.
    pub fn step(&mut self) -> Option<Found> {
        match &mut self.stage {
            Stage::Profiles { builder, shoes } => {
                let at = depths(&self.rules);
                let (system, decks) = (&self.system, self.rules.decks);
                let b = builder.get_or_insert_with(|| ProfileBuilder::new(system, decks, at[shoes.len()]));
                if b.step(100_000) {
                    shoes.extend(builder.take().map(|b| count_shoes(&b.finish(), decks)));
                    if shoes.len() == at.len() {
                        let shoes = std::mem::take(shoes);
                        let mut hands = first_hands(&self.rules);
                        hands.reverse();
                        let hand = hands.pop().unwrap_or_default();
                        let work = IndexWork::new(&self.rules, &self.system, shoes.clone(), hand);
                        self.stage = Stage::First { work, hands, shoes };
                    }
                }
                None
            }
            Stage::First { work, .. } => {
                if !work.step() {
                    return None;
                }
                let Stage::First { mut work, mut hands, shoes } = std::mem::replace(&mut self.stage, Stage::Done)
                else {
                    return None;
                };
                let next = match hands.pop() {
                    Some(hand) => {
                        let next = self.next_work(&mut work, shoes.clone(), hand);
                        Stage::First { work: next, hands, shoes }
                    }
                    None => {
                        let rest = self.all.iter().filter(|s| !self.first.contains(s)).copied().collect();
                        Stage::Rest(self.next_work(&mut work, shoes, rest))
                    }
                };
                self.done += work.situations.len();
                self.stage = next;
                self.found.extend(work.finish());
                self.sort();
                Some(Found::First(self.found.clone()))
            }
            Stage::Rest(work) => {
                if !work.step() {
                    return None;
                }
                let Stage::Rest(work) = std::mem::replace(&mut self.stage, Stage::Done) else { return None };
                self.found.extend(work.finish());
                self.sort();
                Some(Found::All(std::mem::take(&mut self.found)))
            }
            Stage::Done => None,
        }
    }

    /// The plays found in the order of the decisions, as one run over all of them gives them
    /// (each decision's own plays keep their order: the sort is stable).
    fn sort(&mut self) {
        let all = &self.all;
        self.found.sort_by_key(|p| all.iter().position(|s| *s == (p.situation, p.up)));
    }
}
