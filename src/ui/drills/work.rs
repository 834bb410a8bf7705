//! What the drills page asks its worker (`drills_work`, a wasm module of its own: the index
//! search and the bet spread's edges are seconds of work and most of the trainer's code, so
//! they are neither in the page's first load nor on its thread) and what the worker answers.
//! Messages are arrays of numbers (a `Float64Array` each way, no serialiser in the page), read
//! with bounds: a message that is not one is `None`, never a panic. [`serve`] is the worker's
//! whole job, plain Rust, tested natively; `worker.rs` only carries the messages.

use super::state::{Setup, DECKS};
use crate::engine::casino::count::SYSTEMS;
use crate::engine::casino::drill::ranked_plays;
use crate::engine::casino::indices::{
    Choice as IndexChoice, Found, IndexPlay, IndexTableWork, RunningKeys, Situation, PLAYS,
};
use crate::engine::casino::risk::{count_rows, SpreadWork};
use crate::engine::casino::save::Choice;
use crate::engine::casino::{DoubleOn, TableRules, TableSpec};

/// What the page asks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// The deviations drill's index plays: the Illustrious 18 and Fab 4 hands first, then all.
    Indices,
    /// The bet spread's rows: each true count's chance and the player's edge there.
    Spread,
}

/// The rules the bet spread's form sets beyond the drills' table: how deep the cut card is
/// (percent of the shoe dealt, 50 to 90), doubling after a split, and which two cards double.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub penetration: u8,
    pub das: bool,
    pub double_on: DoubleOn,
}

/// The doubling rules by their code on the wire and in the form.
pub const DOUBLE_ON: [DoubleOn; 3] = [DoubleOn::AnyTwo, DoubleOn::NineToEleven, DoubleOn::TenOrEleven];

impl Default for Game {
    /// The casino table's.
    fn default() -> Self {
        let s = TableSpec::default();
        Game { penetration: s.penetration_percent, das: s.double_after_split, double_on: s.double_on }
    }
}

/// A job for one game: the table's decks, surrender and soft 17 rule, the count system (an
/// index into [`SYSTEMS`]) and the [`Game`]; the rest of the rules are the casino table's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub job: Job,
    pub decks: u8,
    pub surrender: bool,
    pub h17: bool,
    pub system: usize,
    pub game: Game,
}

impl Request {
    pub fn new(job: Job, setup: &Setup) -> Request {
        let c = setup.choice;
        Request { job, decks: c.decks, surrender: c.surrender, h17: c.h17, system: setup.system, game: setup.game }
    }

    pub fn encode(&self) -> Vec<f64> {
        let job = match self.job {
            Job::Indices => 0.0,
            Job::Spread => 1.0,
        };
        let g = self.game;
        let double = DOUBLE_ON.iter().position(|&d| d == g.double_on).unwrap_or(0);
        vec![
            job,
            self.decks as f64,
            self.surrender as u8 as f64,
            self.h17 as u8 as f64,
            self.system as f64,
            g.penetration as f64,
            g.das as u8 as f64,
            double as f64,
        ]
    }

    /// The request in `v`, if it is one the page could have sent.
    pub fn decode(v: &[f64]) -> Option<Request> {
        let [job, decks, surrender, h17, system, penetration, das, double] = v else { return None };
        let job = match whole(*job, 0, 1)? {
            0 => Job::Indices,
            _ => Job::Spread,
        };
        let decks = whole(*decks, 1, 8)? as u8;
        let system = whole(*system, 0, SYSTEMS.len() as i64 - 1)? as usize;
        let game = Game {
            penetration: whole(*penetration, 50, 90)? as u8,
            das: whole(*das, 0, 1)? == 1,
            double_on: DOUBLE_ON[whole(*double, 0, 2)? as usize],
        };
        DECKS.contains(&decks).then_some(Request {
            job,
            decks,
            surrender: whole(*surrender, 0, 1)? == 1,
            h17: whole(*h17, 0, 1)? == 1,
            system,
            game,
        })
    }

    /// The checked rules asked for (the casino table's where a figure is out of bounds, which
    /// [`Request::decode`] never lets through).
    pub fn rules(&self) -> TableRules {
        let choice = Choice { decks: self.decks, surrender: self.surrender, h17: self.h17, ..Choice::default() };
        table_rules(choice, self.game)
    }
}

/// The checked rules of a table `choice` with `game`'s cut card and doubling (the table's
/// where a figure is out of bounds, which no form or save lets through).
pub fn table_rules(choice: Choice, game: Game) -> TableRules {
    let spec = TableSpec {
        penetration_percent: game.penetration,
        double_after_split: game.das,
        double_on: game.double_on,
        ..choice.spec()
    };
    TableRules::new(spec).unwrap_or_else(|_| choice.rules())
}

/// What the worker posts.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// The worker's module is up: requests posted from now on are read.
    Ready,
    /// The share of the job done, 0 to 100.
    Progress(u32),
    /// The index plays of the Illustrious 18 and Fab 4 hands (and the surrenders they are
    /// answered with), the whole table still being worked out; in their published order.
    First(Vec<IndexPlay>),
    /// Every index play, ranked: the Illustrious 18 and Fab 4 first, then by value.
    All(Vec<IndexPlay>),
    /// (true count, chance, edge) rows for the bet spread.
    Rows(Vec<(i32, f64, f64)>),
    /// The request could not be read.
    Refused,
}

/// The most index plays or rows a reply carries (a game has about 300 index plays).
pub const MAX_ROWS: usize = 4096;
/// The furthest count a reply may name, in the system's points (the spread's chances reach
/// ±2,000: `risk::true_count_frequencies`).
const MAX_COUNT: i64 = 2000;
const PLAY_WIDTH: usize = 8;
const ROW_WIDTH: usize = 3;

/// `x` if it is a whole number from `lo` to `hi`.
pub(crate) fn whole(x: f64, lo: i64, hi: i64) -> Option<i64> {
    (x.fract() == 0.0 && x >= lo as f64 && x <= hi as f64).then_some(x as i64)
}

pub(crate) fn choice_code(c: IndexChoice) -> f64 {
    match c {
        IndexChoice::Play(p) => PLAYS.iter().position(|&q| q == p).unwrap_or(0) as f64,
        IndexChoice::Insure => 5.0,
        IndexChoice::DeclineInsurance => 6.0,
    }
}

pub(crate) fn choice_of(x: f64) -> Option<IndexChoice> {
    Some(match whole(x, 0, 6)? {
        5 => IndexChoice::Insure,
        6 => IndexChoice::DeclineInsurance,
        p => IndexChoice::Play(PLAYS[p as usize]),
    })
}

/// A situation as two numbers: its kind and its total or pair card.
pub(crate) fn situation_code(s: Situation) -> [f64; 2] {
    let (kind, n) = match s {
        Situation::Total { soft: false, total } => (0, total),
        Situation::Total { soft: true, total } => (1, total),
        Situation::Pair(p) => (2, p),
        Situation::Surrender(t) => (3, t),
        Situation::SurrenderPair(p) => (4, p),
        Situation::Insurance => (5, 0),
    };
    [kind as f64, n as f64]
}

pub(crate) fn situation_of(kind: f64, n: f64) -> Option<Situation> {
    let n = whole(n, 0, 21)? as u8;
    Some(match whole(kind, 0, 5)? {
        0 => Situation::Total { soft: false, total: n },
        1 => Situation::Total { soft: true, total: n },
        2 => Situation::Pair(n),
        3 => Situation::Surrender(n),
        4 => Situation::SurrenderPair(n),
        _ => Situation::Insurance,
    })
}

fn encode_plays(tag: f64, plays: &[IndexPlay]) -> Vec<f64> {
    let mut v = vec![tag];
    for p in plays.iter().take(MAX_ROWS) {
        let [kind, n] = situation_code(p.situation);
        let (at_or_above, below) = (choice_code(p.at_or_above), choice_code(p.below));
        v.extend([kind, n, p.up as f64, at_or_above, below, p.index as f64, p.crossing, p.gain]);
    }
    v
}

fn decode_plays(v: &[f64]) -> Option<Vec<IndexPlay>> {
    if v.len() % PLAY_WIDTH != 0 || v.len() / PLAY_WIDTH > MAX_ROWS {
        return None;
    }
    v.chunks_exact(PLAY_WIDTH)
        .map(|r| {
            Some(IndexPlay {
                situation: situation_of(r[0], r[1])?,
                up: whole(r[2], 1, 10)? as u8,
                at_or_above: choice_of(r[3])?,
                below: choice_of(r[4])?,
                index: whole(r[5], -MAX_COUNT, MAX_COUNT)? as i32,
                crossing: Some(r[6]).filter(|c| c.abs() <= MAX_COUNT as f64)?,
                // A chance times a lead of at most a few bets.
                gain: Some(r[7]).filter(|g| (0.0..=4.0).contains(g))?,
            })
        })
        .collect()
}

impl Reply {
    pub fn encode(&self) -> Vec<f64> {
        match self {
            Reply::Ready => vec![0.0],
            Reply::Progress(p) => vec![1.0, *p as f64],
            Reply::First(plays) => encode_plays(2.0, plays),
            Reply::All(plays) => encode_plays(3.0, plays),
            Reply::Rows(rows) => {
                let mut v = vec![4.0];
                for &(t, chance, edge) in rows.iter().take(MAX_ROWS) {
                    v.extend([t as f64, chance, edge]);
                }
                v
            }
            Reply::Refused => vec![5.0],
        }
    }

    /// The reply in `v`, if it is one the worker could have sent.
    pub fn decode(v: &[f64]) -> Option<Reply> {
        let (&tag, rest) = v.split_first()?;
        Some(match (whole(tag, 0, 5)?, rest) {
            (0, []) => Reply::Ready,
            (1, [p]) => Reply::Progress(whole(*p, 0, 100)? as u32),
            (2, plays) => Reply::First(decode_plays(plays)?),
            (3, plays) => Reply::All(decode_plays(plays)?),
            (4, rows) if rows.len() % ROW_WIDTH == 0 && rows.len() / ROW_WIDTH <= MAX_ROWS => Reply::Rows(
                rows.chunks_exact(ROW_WIDTH)
                    .map(|r| {
                        let t = whole(r[0], -MAX_COUNT, MAX_COUNT)? as i32;
                        let chance = Some(r[1]).filter(|c| (0.0..=1.0).contains(c))?;
                        Some((t, chance, Some(r[2]).filter(|e| e.abs() <= 2.0)?))
                    })
                    .collect::<Option<_>>()?,
            ),
            (5, []) => Reply::Refused,
            _ => return None,
        })
    }
}

/// Index plays as the worker sends them out, to the drills and to the casino table's grading
/// (`ui/casino/grade.rs`): ranked as the drill asks them (the Illustrious 18 and Fab 4, then by
/// value), so the page has no sorting to do, and for KO and Red 7, which are played by the
/// running count, keyed to it (`keys`, [`RunningKeys::new`] of the rules and system).
pub fn finished_plays(rules: &TableRules, keys: Option<&RunningKeys>, plays: Vec<IndexPlay>) -> Vec<IndexPlay> {
    let plays = ranked_plays(rules, &plays);
    match keys {
        Some(k) => k.keyed(&plays),
        None => plays,
    }
}

/// Does `request` to the end, posting its progress (each whole percent once) and its results:
/// for the index plays [`Reply::First`] and then [`Reply::All`], for the spread [`Reply::Rows`].
pub fn serve(request: &Request, post: &mut impl FnMut(Reply)) {
    let rules = request.rules();
    let system = &SYSTEMS[request.system.min(SYSTEMS.len() - 1)];
    let mut shown = None;
    let mut progress = |percent: u32, post: &mut dyn FnMut(Reply)| {
        if shown != Some(percent) {
            shown = Some(percent);
            post(Reply::Progress(percent));
        }
    };
    match request.job {
        Job::Indices => {
            let mut work = IndexTableWork::new(&rules, system);
            let keys = RunningKeys::new(&rules, system);
            let keyed = |plays: Vec<IndexPlay>| finished_plays(&rules, keys.as_ref(), plays);
            while !work.is_done() {
                match work.step() {
                    Some(Found::First(plays)) => post(Reply::First(keyed(plays))),
                    Some(Found::All(plays)) => post(Reply::All(keyed(plays))),
                    None => progress(work.percent(), post),
                }
            }
        }
        Job::Spread => {
            let mut work = SpreadWork::new(&rules, system);
            while !work.step(100_000) {
                let (done, all) = work.progress();
                progress((100 * done / all.max(1)).min(99) as u32, post);
            }
            let (chances, edges) = work.finish();
            post(Reply::Rows(count_rows(&chances, &edges)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::casino::indices::{all_situations, first_situations, index_plays};

    fn request(job: Job) -> Request {
        Request::new(job, &Setup::default())
    }

    #[test]
    fn a_request_is_read_back_and_one_the_page_never_sends_is_refused() {
        for job in [Job::Indices, Job::Spread] {
            let game = Game { penetration: 85, das: false, double_on: DoubleOn::TenOrEleven };
            let r = Request { surrender: true, system: SYSTEMS.len() - 1, game, ..request(job) };
            assert_eq!(Request::decode(&r.encode()), Some(r));
            let spec = r.rules().spec().clone();
            assert_eq!(
                (spec.penetration_percent, spec.double_after_split, spec.double_on),
                (85, false, DoubleOn::TenOrEleven)
            );
        }
        let good = request(Job::Indices).encode();
        for (i, bad) in [2.0, 3.0, 2.0, 2.0, SYSTEMS.len() as f64, 49.0, 2.0, 3.0].into_iter().enumerate() {
            let mut v = good.clone();
            v[i] = bad;
            assert_eq!(Request::decode(&v), None, "{v:?}");
        }
        let odd_cut = [&good[..5], &[91.0, 1.0, 0.0]].concat();
        for bad in [
            vec![],
            vec![0.0; 4],
            vec![0.0; 9],
            vec![0.0, 6.5, 0.0, 0.0, 0.0, 67.0, 1.0, 0.0],
            vec![f64::NAN; 8],
            odd_cut,
        ] {
            assert_eq!(Request::decode(&bad), None, "{bad:?}");
        }
    }

    #[test]
    fn replies_are_read_back_and_anything_else_is_none_never_a_panic() {
        let rules = Setup::default().rules();
        let plays = index_plays(&rules, &SYSTEMS[0], &first_situations(&rules));
        assert!(plays.len() > 10);
        let rows = vec![(-1, 0.25, -0.012), (0, 0.5, -0.004), (3, 0.25, 0.011)];
        for r in [
            Reply::Ready,
            Reply::Progress(37),
            Reply::First(plays.clone()),
            Reply::All(plays.clone()),
            Reply::Rows(rows),
            Reply::Refused,
        ] {
            assert_eq!(Reply::decode(&r.encode()), Some(r));
        }
        let good = Reply::All(plays).encode();
        for bad in [
            vec![],
            vec![9.0],
            vec![0.0, 1.0],
            vec![1.0, 101.0],
            vec![1.0, 0.5],
            vec![4.0, 1.0, 0.5],
            vec![4.0, 1.0, 1.5, 0.0],
            vec![4.0, 1.0, 0.5, f64::NAN],
            good[..good.len() - 1].to_vec(),
            vec![3.0; 1 + PLAY_WIDTH * (MAX_ROWS + 1)],
        ] {
            assert_eq!(Reply::decode(&bad), None, "{:?}", &bad[..bad.len().min(9)]);
        }
        // Each number of a play out of its range: the up card, a choice, the index, the crossing,
        // the gain.
        for (at, x) in
            [(3, 0.0), (3, 11.0), (4, 7.0), (5, -1.0), (6, 0.5), (7, f64::INFINITY), (8, -0.1), (8, f64::NAN), (1, 6.0)]
        {
            let mut v = good.clone();
            v[at] = x;
            assert_eq!(Reply::decode(&v), None, "{at}: {x}");
        }
    }

    /// The worker's whole job for the deviations drill: the first hands, then every play, the
    /// same as one run over every decision, with each percent of progress posted once, rising.
    #[test]
    fn the_worker_posts_the_first_hands_then_every_play_with_its_progress() {
        let mut posted = Vec::new();
        serve(&request(Job::Indices), &mut |r| posted.push(r));
        let at = |f: fn(&Reply) -> bool| posted.iter().position(f).expect("posted");
        let (first, all) = (at(|r| matches!(r, Reply::First(_))), at(|r| matches!(r, Reply::All(_))));
        assert!(first < all && all == posted.len() - 1, "first at {first}, all at {all} of {}", posted.len());
        let percents: Vec<u32> =
            posted.iter().filter_map(|r| if let Reply::Progress(p) = r { Some(*p) } else { None }).collect();
        assert!(percents.windows(2).all(|w| w[0] < w[1]) && percents.len() > 50, "{percents:?}");
        let rules = Setup::default().rules();
        let Reply::All(plays) = &posted[all] else { unreachable!() };
        assert_eq!(*plays, ranked_plays(&rules, &index_plays(&rules, &SYSTEMS[0], &all_situations(&rules))));
    }

    /// KO is played by the running count: the worker's plays for it are the true-count
    /// equivalents' plays keyed to the running count for the shoe, the first hands' too.
    #[test]
    fn the_worker_keys_kos_plays_to_the_running_count() {
        let ko = SYSTEMS.iter().position(|s| s.key == "ko").unwrap();
        let mut request = Request { system: ko, ..request(Job::Indices) };
        request.decks = 2;
        let mut posted = Vec::new();
        serve(&request, &mut |r| posted.push(r));
        let rules = Choice { decks: 2, ..Choice::default() }.rules();
        let keys = RunningKeys::new(&rules, &SYSTEMS[ko]).expect("KO is unbalanced");
        let Some(Reply::All(plays)) = posted.last() else { panic!("{:?}", posted.last()) };
        let ranked = ranked_plays(&rules, &index_plays(&rules, &SYSTEMS[ko], &all_situations(&rules)));
        assert_eq!(*plays, keys.keyed(&ranked));
        let Some(Reply::First(first)) = posted.iter().rev().find(|r| matches!(r, Reply::First(_))) else { panic!() };
        assert!(first.iter().all(|p| plays.contains(p)), "the first hands' plays are the table's");
    }

    #[test]
    fn the_worker_posts_the_spreads_rows() {
        let mut posted = Vec::new();
        serve(&request(Job::Spread), &mut |r| posted.push(r));
        let Some(Reply::Rows(rows)) = posted.last() else { panic!("{:?}", posted.last()) };
        let chances: f64 = rows.iter().map(|r| r.1).sum();
        assert!((chances - 1.0).abs() < 1e-6 && rows.len() > 5, "{rows:?}");
        assert!(posted[..posted.len() - 1].iter().all(|r| matches!(r, Reply::Progress(p) if *p < 100)));
    }
}
