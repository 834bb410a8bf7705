//! Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).
//!
//! One tree over the searching seat's information set. Every iteration samples a complete deal
//! consistent with the seat's view ([`Sampler`]: `Game::determinize_with`), each other seat's
//! hand dealt within what its latest pick-up says it lacks (`inferred_void`) and redrawn until
//! it fits that seat's latest turns as the normal policy would have played them (the bot's
//! model of the others, from public facts: `fits_normal`), walks the tree choosing among the
//! actions legal in that sample (UCB1 with availability counts for the searching seat; the
//! others play the normal policy on their sampled hands), adds one node, plays on with
//! the normal bot's policy for a few actions (to the round's end at most), and credits each
//! node's mover with its share: the win or the round's points if the playout got there, else an
//! estimate from the hand sizes (a short playout scored by hand sizes beat playing to the end,
//! and costs a fraction of it).
//! The bot never sees the real game: its only input is its `SeatView`.

use super::shedding::{
    could_run_out, fits_call, fits_normal, inferred_void, normal_move, Level, PolicyInput, SheddingBot,
};
use crate::engine::cards::Card;
use crate::engine::rng::GameRng;
use crate::engine::shedding::rules::{CallPenalty, CallWhen, Effect, Rules};
use crate::engine::shedding::{Action, Game, Hand, LegalSet, Seat, SeatView, Void};

/// The hard bot's search budget when it searched on the page's own thread, iterations a move
/// (sized so a move's search stayed under 50 ms at the 95th percentile in Chromium), and still
/// the default of native play ([`crate::bots::table`] in tests). The
/// page's tables now ask the search worker, which searches
/// [`crate::bots::work::WORKER_ITERATIONS`]. 2,000 won 46.2% ± 2.2 in Taylor against 45.9% ± 2.2
/// at 1,200 (2,000 games each).
pub const PAGE_ITERATIONS: u32 = 1200;

/// The hard level's search settings. Screened beside the defaults and dropped (Taylor, the
/// worker's 4,000 iterations, game by game over 600 deals from 1,000,000 where the defaults won
/// 47.0% ± 4.0; each change but the last turned the result of 170 to 190 of the 600 games,
/// either way): a fifth of the playout moves uniformly random −3.5 ± 4.3 points (the others are
/// normal bots, so the policy is the right model of them, and noise only blurs it); a playout
/// limit of 40 −3.0 ± 4.3; a pick-up waiting at the cut-off counted as cards of the seat to
/// answer it −3.2 ± 4.3; a flat search on paired deals (each deal played on after every move,
/// the same 4,000 playouts, no tree) −5.7 ± 4.5, so the tree over the seat's own later moves is
/// worth keeping; the normal move credited 200 visits at the final choice −0.7 ± 2.8.
/// Screened later on the same 600 deals against the same defaults (`--outcomes`/`--against`;
/// in brackets, the games whose result did not change): 8,000 iterations a move −0.8 ± 3.4
/// (489; twice the time a move, a median of 110 ms under load), so the worker stays at 4,000 and
/// 16,000 was not tried; the model reading each other seat's latest eight turns instead of four
/// (the engine keeping eight: a card held now checked against more of the turns it was held
/// through, more pick-ups read as a lack) −2.2 ± 2.9 (519), so four stay; the final choice by
/// the best mean reward among the moves visited at least half as often as the most visited,
/// instead of by visits, −0.3 ± 1.5 (578); a playout limit of 10 −6.3 ± 4.5 (412), so 20 stays,
/// between 10 and 40; the hard bot never forgetting "Last card", always noticing another's
/// missed call and never saying sorry (its table manners, not its search) +0.5 ± 0.7 (595).
/// A learned cut-off score, also dropped: each seat weighted by the exponent of a linear score
/// of 14 figures (its cards; one, two or three of them; its cards of each kind of effect;
/// whether it moves now or next; the pick-up waiting for it; its cards that follow the top),
/// fitted by maximum likelihood to who won from 517,000 positions of 100,000 games of four
/// normal bots. It predicts the winner better than the hand sizes (held-out log loss 1.261
/// against 1.357, or 1.298 with the hand-size weight fitted too; the favourite wins 41.3% of
/// the time against 38.3%), but the search won no more with it: on the 600 tuning deals +0.2 ±
/// 4.4 (419), twice as sharp +1.7 ± 4.2 (434), three times +0.5 ± 4.2 (435), twice with a
/// playout limit of 10 +0.7 ± 4.3 (430); twice as sharp on 2,000 fresh deals from 8,000,000
/// and 9,000,000, −0.7 and +1.4 ± 3.3 (709 and 708): +0.4 ± 2.3. As the ceiling below says,
/// the cut-off's score is not what holds the search back.
///
/// Where the ceiling is (the tournament's `--oracle` and `--fit-report`, the same 600 deals):
/// the search dealt the other seats' true hands (the stock still shuffled; the bench alone sees
/// them) won 91.2% ± 2.3, +44.2 ± 4.5 points game by game (295 unchanged), so what limits the
/// search is its deals, not its tree or the cut-off's score. Yet its deals fit the model: a
/// hand that fits each other seat's latest turns is found within the 20 tries in 90.5% of deals
/// (56.4% at the first hand; 90.4 to 90.5% for each seat), and the true hands fit it 91.4% of
/// the time (the rest miss by the random guess at which cards a pick-up brought). So a sampler
/// that fits better has little to gain in Taylor; what the deals lack is what the four recorded
/// turns do not say.
///
/// The hard bot's own "Last card(s)" in Priestly (the table's calls, `SheddingBot::table_decision`,
/// not the search): calling with any two or three cards, since the call is never false and costs
/// nothing, instead of only with a hand that [`could_run_out`], won +2.7 ± 4.4 points game by
/// game on Priestly's 600 tuning deals from 1,000,000 (42.2% ± 4.0 before; 420 unchanged), and
/// +3.3 ± 3.4 on 1,000 deals from 2,000,000 it was not chosen on (40.9% ± 3.0 → 44.2% ± 3.1;
/// 699 unchanged): +3.1 ± 2.7 over the 1,600, so it is kept.
///
/// The model of the others for our own bots only, screened against OpenSpiel's bots
/// (`scripts/openspiel-match.sh`, 800 deals): seats that are not our easy or normal bots (a
/// person, a hard bot, a program of another make) neither bounded by their pick-ups
/// ([`Ismcts::infer`]) nor choosing in the tree as the normal policy
/// ([`Ismcts::policy_tree`]), but by their own results, won 6.0 ± 4.2 points fewer game by game
/// (38.8% → 32.8%). The normal bot is a better model of OpenSpiel's search than none, so every
/// seat is modelled as our normal bot.
///
/// Longer memories of the others, screened on the 600 Taylor tuning deals against the defaults
/// (the same deals, 47.0% ± 4.0): when no redraw fits a seat's turns within the tries, the hand
/// that explains the most of them (from the latest back) standing instead of the first drawn
/// +0.3 ± 3.2 (506 unchanged); with that, the engine keeping eight turns a seat −1.7 ± 3.7 (474),
/// and eight turns with 100 redraws +0.0 ± 4.0 (450, twice the time a move). The turns before the
/// latest four say little the engine's [`Void`] does not already carry, so a longer record (or a
/// belief kept over the whole round) has little to give.
///
/// Screened on 2,000 fresh Taylor deals from 8,000,000 (the defaults 47.5% ± 2.2; game by game
/// against them, unchanged games in brackets), each dropped: a ten's sequence that ends by itself
/// (no "Finished" said) read as a lack of that suit, one more public fact, +0.2 ± 1.6 (1,724);
/// the search's games played with the table's manners ([`TableManners`]: seats that forget
/// "Last card" now and then and are called out for it) −0.4 ± 2.4 (1,413); UCB1's constant 0.5
/// −0.9 ± 2.4 (1,410) and 1.0 −0.1 ± 2.3 (1,433); a playout limit of 30 −1.6 ± 2.4 (1,419).
/// On 2,000 Taylor deals from 11,000,000 (the defaults 47.1% ± 2.2), also dropped: 16,000
/// iterations a move −0.2 ± 2.1 (1,544; six times the time a move, a median of 65 ms natively),
/// so the search has all it can take from its deals by 4,000; the tree ending at the searching
/// seat's own pick-up, the playout's normal policy playing the cards it drew (the tree's later
/// moves are one node whatever it drew), +0.5 ± 2.4 (1,419). And what the whole model of the
/// others is worth, on the same deals: without it (no redraws, no lack read from a pick-up:
/// every deal the view allows as likely) −2.5 ± 2.4 (1,420). So all the others' play says of
/// their hands is worth some 2.5 points in Taylor; a longer or finer reading of it can add only
/// a part of that, and the longer memories and more redraws screened above found none of it.
#[derive(Clone, Debug)]
pub struct Ismcts {
    pub iterations: u32,
    /// UCB1's exploration constant (0.4 screened at the worker's 4,000 iterations: -1.0 ± 3.7
    /// points game by game over 800 Taylor deals; 1.0 -2.8 ± 4.2 over the 600 tuning deals from
    /// 1,000,000, 435 unchanged: so 0.7 stays).
    pub exploration: f64,
    /// Playouts stop after this many actions; the position is then scored by hand sizes.
    pub playout_limit: u32,
    /// Cut-off scoring: a seat's weight is `cutoff_base` to the power of its cards in hand.
    /// 0.7, where it was 0.6065 (about exp(-0.5)): +1.5 ± 1.3 points game by game over 6,600
    /// Taylor deals at the worker's 4,000 iterations (2,000 each from 8,000,000, 11,000,000 and
    /// 13,000,000: +2.6, +2.1 and +1.0 ± 2.3; the 600 tuning deals −2.3 ± 4.3), 48.8% of the
    /// 6,000 fresh ones; Priestly +1.4 ± 4.0 (1,000 deals from 12,000,000), British +0.0 ± 7.9
    /// (300 matches); with it, Priestly won 45.1% ± 1.5 of 4,000 fresh deals (1,000 each from
    /// 12,000,000 and 14,000,000, 2,000 from 15,000,000: 45.9, 44.3 and 45.1%).
    /// 0.75 gave +0.8 ± 2.4 on the 8,000,000 deals; 0.78 and 0.37 were no better.
    /// A flatter weight trusts a lead of a card or two less: twenty moves on, it often is not one.
    pub cutoff_base: f64,
    /// The model of the others: each other seat's sampled hand is drawn again, up to this many
    /// times, until it fits that seat's latest turns as the normal policy would have played them
    /// ([`fits_normal`]). 0: every deal the view allows is as likely. 100 screened against 20 at
    /// 4,000 iterations: +0.5 ± 3.3 points game by game over 800 Taylor deals, for half as much
    /// time again per move, so 20 stays.
    pub tries: u32,
    /// The others choose in the tree as the normal policy would (not by their own statistics).
    pub policy_tree: bool,
    /// Cut-off scoring counts each power card in a hand (a pick-up, an answer to one, a wild
    /// suit changer: [`power_mask`]) as this many cards fewer: holding one is worth something
    /// when the round is cut off, as the cards left are not all alike. Off: 0.5 lost 3.4 ± 3.7
    /// points game by game over 800 Taylor deals at 4,000 iterations.
    pub power_weight: f64,
    /// Each other seat's hand is dealt within what its latest pick-up says it lacks
    /// ([`inferred_void`]) before the model checks it: with only `tries` uniform redraws, a seat
    /// that picked up on a plain lead was mostly dealt a hand the model refused, which then stood.
    pub infer: bool,
    /// The bots' own "Last card(s)" habit in the search: in its games each seat says it as the
    /// easy and normal bots do (with one card, or with two or three that [`could_run_out`]; the
    /// hard bot calls with any two or three), not whenever the
    /// rules let it with three or fewer; and a call that stands says the caller's hand is such
    /// ([`fits_call`], up to 100 redraws). Only Priestly lets a seat call before its last
    /// card, so only it changes. Off: screened on Priestly's 600 tuning deals from 1,000,000,
    /// where the defaults won 42.2% ± 4.0, it lost 2.0 ± 5.1 points game by game (the same
    /// result in 352 of the 600 games).
    pub bot_calls: bool,
}

impl Default for Ismcts {
    fn default() -> Self {
        Ismcts {
            iterations: PAGE_ITERATIONS,
            exploration: 0.7,
            playout_limit: 20,
            cutoff_base: 0.7,
            tries: 20,
            policy_tree: true,
            power_weight: 0.0,
            infer: true,
            bot_calls: false,
        }
    }
}

struct Node {
    action: Option<Action>,
    /// The seat that chose `action` (whose reward this node accumulates).
    mover: Seat,
    children: Vec<usize>,
    visits: u32,
    available: u32,
    reward: f64,
}

impl Ismcts {
    /// The searching seat's turn move for this view (all iterations at once: native use).
    pub fn choose(&self, view: &SeatView, rng: &mut GameRng) -> Action {
        let mut search = Search::new(self.clone(), view.clone(), rng.fork());
        search.run(self.iterations.max(1));
        search.best()
    }
}

/// A search in progress: `run` it in chunks (the page yields to the browser between them),
/// then take `best`. Everything it knows is the view it was given.
pub struct Search {
    config: Ismcts,
    sampler: Sampler,
    rng: GameRng,
    legal: Vec<Action>,
    cutoff: Cutoff,
    nodes: Vec<Node>,
    done: u32,
    path: Vec<usize>,
}

impl Search {
    pub fn new(config: Ismcts, view: SeatView, rng: GameRng) -> Search {
        let legal = super::shedding::turn_actions(&view);
        let sampler = Sampler::new(view, &config);
        let root =
            Node { action: None, mover: sampler.view.seat, children: Vec::new(), visits: 0, available: 0, reward: 0.0 };
        let cutoff = Cutoff::new(&config, &sampler.view.rules);
        Search { config, sampler, rng, legal, cutoff, nodes: vec![root], done: 0, path: Vec::with_capacity(64) }
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.done
    }

    /// Whether the budget is spent (or there is nothing to choose between).
    pub fn finished(&self) -> bool {
        self.legal.len() <= 1 || self.done >= self.config.iterations
    }

    /// Runs up to `n` more iterations.
    pub fn run(&mut self, n: u32) {
        if self.legal.len() <= 1 {
            return;
        }
        for _ in 0..n {
            self.iterate();
            self.done += 1;
        }
    }

    /// The most visited legal move at the root.
    pub fn best(&self) -> Action {
        let nodes = &self.nodes;
        nodes[0]
            .children
            .iter()
            .copied()
            .filter(|&c| nodes[c].action.is_some_and(|a| self.legal.contains(&a)))
            .max_by_key(|&c| nodes[c].visits)
            .and_then(|c| nodes[c].action)
            .unwrap_or(self.legal[0])
    }

    fn iterate(&mut self) {
        let Search { config, sampler, rng, nodes, path, cutoff, .. } = self;
        let seat = sampler.view.seat;
        let mut g = sampler.deal(rng);
        // A match (place scoring) goes on after a round ends, with a new deal: a playout stops
        // with the round being played and credits each seat its share of that round's points.
        // (Played on into the next deals, the seat with fewest cards at the cut-off says nothing
        // about this move: the hard bot then won no British match in 200.)
        let (round, players) = (g.round(), g.players() as usize);
        let mut before = [0u32; 12];
        before[..players].copy_from_slice(g.scores());
        path.clear();
        path.push(0usize);
        let mut node = 0usize;
        // Selection and expansion.
        while !g.is_over() {
            let legal = g.legal_set();
            let mover = g.current();
            if config.policy_tree && mover != seat {
                // Another seat plays as the model says it would with the hand it was dealt here.
                let a = policy_move(&g, legal);
                let child = match nodes[node].children.iter().find(|&&c| nodes[c].action == Some(a)) {
                    Some(&c) => c,
                    None => add_child(nodes, node, a, mover),
                };
                nodes[child].available += 1;
                apply_and_call_as(&mut g, a, config.bot_calls);
                node = child;
                path.push(child);
                continue;
            }
            let mut untried: Option<Action> = None;
            let mut n_untried = 0u32;
            for a in legal.iter() {
                match nodes[node].children.iter().find(|&&c| nodes[c].action == Some(a)) {
                    Some(&c) => nodes[c].available += 1,
                    None => {
                        // Reservoir sampling: a uniformly random untried action.
                        n_untried += 1;
                        if rng.below(n_untried as u64) == 0 {
                            untried = Some(a);
                        }
                    }
                }
            }
            if let Some(a) = untried {
                let child = add_child(nodes, node, a, mover);
                nodes[child].available = 1;
                apply_and_call_as(&mut g, a, config.bot_calls);
                path.push(child);
                break;
            }
            let best = nodes[node]
                .children
                .iter()
                .copied()
                .filter(|&c| nodes[c].action.is_some_and(|a| legal.contains(a)))
                .max_by(|&a, &b| config.ucb(&nodes[a]).total_cmp(&config.ucb(&nodes[b])));
            let Some(best) = best else { break };
            let Some(a) = nodes[best].action else { break };
            apply_and_call_as(&mut g, a, config.bot_calls);
            node = best;
            path.push(best);
        }
        // Playout with the normal policy.
        let mut steps = 0;
        while !g.is_over() && steps < config.playout_limit && g.round() == round {
            let a = policy_move(&g, g.legal_set());
            apply_and_call_as(&mut g, a, config.bot_calls);
            steps += 1;
        }
        let round_over = !g.is_over() && g.round() != round;
        let top = players.max(2) as f64 - 1.0;
        let mut reward = [0f64; 12];
        if round_over {
            for s in 0..players {
                reward[s] = g.scores()[s].saturating_sub(before[s]) as f64 / top;
            }
        } else if let Some(w) = g.winner() {
            reward[w as usize] = 1.0;
        } else {
            cutoff_reward(&g, cutoff, &mut reward[..players]);
        }
        for &n in path.iter() {
            let node = &mut nodes[n];
            node.visits += 1;
            node.reward += reward[node.mover as usize];
        }
    }
}

/// Where the search's deals come from: the searching seat's view, and its model of the others
/// (from public facts only). With [`Ismcts::infer`], each other seat's hand is dealt within what
/// the table saw it lack joined to what its latest pick-up says it lacks ([`inferred_void`]);
/// then, up to [`Ismcts::tries`] times, drawn again until it fits that seat's latest turns as the
/// normal policy would have played them ([`fits_normal`]).
pub struct Sampler {
    view: SeatView,
    tries: u32,
    /// [`Ismcts::bot_calls`]: each seat's standing call, read as the bots call.
    calls: Vec<bool>,
}

impl Sampler {
    pub fn new(mut view: SeatView, config: &Ismcts) -> Sampler {
        if config.infer {
            let players = view.hand_sizes.len();
            view.voids.resize(players, Void::default());
            for s in (0..players).filter(|&s| s != view.seat as usize) {
                view.voids[s] = inferred_void(view.voids[s], &view.last_turns[s], view.hand_sizes[s]);
            }
        }
        let calls: Vec<bool> = view.calls.iter().map(|c| config.bot_calls && c.called).collect();
        // A standing call before the last card is rare at random (three cards of one suit: one
        // deal in twenty), so twenty redraws would miss it a third of the time.
        let early_call = calls.iter().zip(&view.hand_sizes).any(|(&c, &n)| c && (2..=3).contains(&n));
        let tries = if early_call && config.tries > 0 { config.tries.max(CALL_TRIES) } else { config.tries };
        Sampler { view, tries, calls }
    }

    /// The view dealt from (its bounds joined to the inferred ones).
    pub fn view(&self) -> &SeatView {
        &self.view
    }

    /// One whole deal consistent with the view.
    pub fn deal(&self, rng: &mut GameRng) -> Game {
        self.deal_observed(rng, |_, _| {})
    }

    /// [`Sampler::deal`], telling `observe` each hand the model checked: the seat, and whether
    /// the hand fitted (the first hand a seat was dealt, then each redraw, until one fits). For
    /// the tournament's report of how often the deals fit (`--fit-report`).
    pub fn deal_observed(&self, rng: &mut GameRng, mut observe: impl FnMut(Seat, bool)) -> Game {
        let (view, rules, turns) = (&self.view, &*self.view.rules, &self.view.last_turns);
        let mut fit_rng = rng.fork();
        Game::determinize_with(view, rng, self.tries, &mut |s, h| {
            let called = self.calls.get(s as usize).copied().unwrap_or(false);
            let fits = fits_call(called, h) && fits_normal(rules, &turns[s as usize], h, &mut fit_rng);
            observe(s, fits);
            fits
        })
    }
}

/// The redraws a deal may take when a seat's call stands with two or three cards
/// ([`Ismcts::bot_calls`]).
const CALL_TRIES: u32 = 100;

/// Adds a node for `action` (chosen by `mover`) under `parent`; returns its index.
fn add_child(nodes: &mut Vec<Node>, parent: usize, action: Action, mover: Seat) -> usize {
    let c = nodes.len();
    nodes.push(Node { action: Some(action), mover, children: Vec::new(), visits: 0, available: 0, reward: 0.0 });
    nodes[parent].children.push(c);
    c
}

impl Ismcts {
    fn ucb(&self, n: &Node) -> f64 {
        if n.visits == 0 {
            return f64::INFINITY;
        }
        n.reward / n.visits as f64 + self.exploration * ((n.available.max(1) as f64).ln() / n.visits as f64).sqrt()
    }
}

/// Applies a turn action in a sampled game, then lets the mover say "Last card" when the rules
/// would accept it as true: simulated players are careful callers, so simulated games can end
/// (without the call, Taylor turns going out into a seven-card penalty).
#[inline(never)]
fn apply_and_call(g: &mut Game, a: Action) {
    apply_and_call_as(g, a, false);
}

/// [`apply_and_call`], the mover saying "Last card(s)" before its last card only when it
/// [`could_run_out`] if `as_bots` ([`Ismcts::bot_calls`]).
#[inline(never)]
fn apply_and_call_as(g: &mut Game, a: Action, as_bots: bool) {
    let mover = a.seat();
    // The search only ever applies actions of the legal set.
    g.apply_legal(a);
    let hand = g.hand(mover);
    if !g.is_over() && hand.len() <= 3 && (!as_bots || hand.len() == 1 || could_run_out(hand)) {
        let call = Action::CallLastCard { seat: mover };
        if g.is_legal(call) {
            let _ = g.apply_quiet(call);
        }
    }
}

fn policy_move(g: &Game, legal: LegalSet) -> Action {
    let seat = g.current();
    let input = PolicyInput { rules: g.rules(), hand: g.hand(seat), threat: threat(g, seat), legal };
    normal_move(&input).unwrap_or_else(|| legal.nth(0))
}

/// The cards whose effect makes them worth keeping for later (a pick-up, an answer to one, a
/// wild suit changer): a hand holding them is stronger than its size says.
pub fn power_mask(rules: &Rules) -> u64 {
    (0..52).map(Card::from_index).fold(0, |m, c| {
        let power = matches!(
            rules.effect(c),
            Some(Effect::PickUp { .. } | Effect::ReducePickUp { .. } | Effect::CancelPickUp { .. })
                | Some(Effect::ChangeSuit { wild: true, .. })
        );
        m | (power as u64) << c.index()
    })
}

/// How a round cut off before its end scores a hand: `base` to the power of its cards, each
/// power card counted as `power_weight` cards fewer ([`Ismcts::power_weight`]).
#[derive(Copy, Clone, Debug)]
struct Cutoff {
    base: f64,
    power: u64,
    /// `base` to the power of minus `power_weight`: the factor each power card adds.
    bonus: f64,
}

impl Cutoff {
    fn new(config: &Ismcts, rules: &Rules) -> Cutoff {
        let power = if config.power_weight == 0.0 { 0 } else { power_mask(rules) };
        Cutoff { base: config.cutoff_base, power, bonus: config.cutoff_base.powf(-config.power_weight) }
    }

    fn weight(&self, hand: Hand) -> f64 {
        self.base.powi(hand.len() as i32) * self.bonus.powi(hand.count_in(self.power) as i32)
    }
}

/// Scores a round cut off before its end by the hands left, a seat still playing weighted by
/// [`Cutoff::weight`]: first-out, its share of the win is its share of the weights;
/// places, the places' points it can expect (it beats another seat still playing with chance
/// w(s) / (w(s) + w(j))), the places already taken this round standing.
fn cutoff_reward(g: &Game, cutoff: &Cutoff, reward: &mut [f64]) {
    let n = reward.len();
    let finished = g.finished();
    // Weights, zero for seats out of the round's play.
    let mut w = [0f64; 12];
    for (s, x) in w[..n].iter_mut().enumerate() {
        if g.in_round(s as Seat) && !finished.contains(&(s as Seat)) {
            *x = cutoff.weight(g.hand(s as Seat));
        }
    }
    let total: f64 = w.iter().sum();
    let places = g.target().is_some();
    let top = n as f64 - 1.0;
    for (i, &s) in finished.iter().enumerate() {
        reward[s as usize] = (n - 1 - i) as f64 / top;
    }
    for s in 0..n {
        if w[s] > 0.0 {
            reward[s] = if places {
                (0..n).filter(|&j| j != s && w[j] > 0.0).map(|j| w[s] / (w[s] + w[j])).sum::<f64>() / top
            } else {
                w[s] / total
            };
        }
    }
}

fn threat(g: &Game, seat: Seat) -> usize {
    (0..g.players())
        .filter(|&s| s != seat && g.in_round(s) && !g.finished().contains(&s))
        .map(|s| g.hand(s).len())
        .min()
        .unwrap_or(usize::MAX)
}

/// The chance of each of `view`'s turn moves, as the analysis estimates it: `samples` deals drawn
/// from the view (as the search draws them, the others' hands fitting their latest turns), the
/// same deals for every move (so the moves are compared on equal cards), each move played on by
/// the normal policy for every seat to the round's end: the seat's win, or its share of the
/// round's places. A flat estimate, not a tree: every move gets as many samples, so the move
/// played is measured as well as the best. The view is all it sees. Where a missed "Last card"
/// costs a pick-up (Taylor), the playouts say it and call out a missed one as the normal bots at
/// a table do ([`TableManners`]), not as the search's careful callers.
///
/// Where the seat may still say "Last card" (the call is in its legal moves) and holds few
/// cards, saying it is a choice too, listed as the call: its chance is that of the best turn move
/// made after it. Without it, a seat about to go out without having called would be judged only
/// on moves that meet the rule's penalty (in Taylor, laying its only card costs seven), and the
/// analysis would call picking up best where saying "Last card" and going out wins at once.
pub fn move_chances(view: &SeatView, samples: u32, seed: u64) -> Vec<(Action, f64)> {
    move_outcomes(view, samples, seed).into_iter().map(|(m, deals)| (m, mean(&deals))).collect()
}

/// [`move_chances`] deal by deal: each move's outcome on each of the `samples` deals (the same
/// deals for every move, in order), so that the analysis can tell a difference between two
/// moves from the deals' noise.
pub fn move_outcomes(view: &SeatView, samples: u32, seed: u64) -> Vec<(Action, Vec<f64>)> {
    let moves = super::shedding::turn_actions(view);
    let call = Action::CallLastCard { seat: view.seat };
    let may_call = view.hand.len() <= CALL_CARDS && view.legal.contains(&call);
    let config = Ismcts::default();
    let cutoff = &Cutoff::new(&config, &view.rules);
    let mut rng = GameRng::new(seed);
    let n = samples.max(1) as usize;
    let mut outcomes = vec![Vec::with_capacity(n); moves.len()];
    // After the call, each turn move's outcomes (the call's are those of the best of them).
    let mut called = vec![Vec::with_capacity(n); if may_call { moves.len() } else { 0 }];
    let sampler = Sampler::new(view.clone(), &config);
    for _ in 0..n {
        let deal = sampler.deal(&mut rng);
        // The table's manners on this deal: the same for every move, which share the deal.
        let manners = rng.next_u64();
        for (m, out) in moves.iter().zip(outcomes.iter_mut()) {
            out.push(playout_chance(deal.clone(), view.seat, *m, cutoff, manners));
        }
        if may_call {
            let mut after = deal.clone();
            let _ = after.apply_quiet(call);
            for (m, out) in moves.iter().zip(called.iter_mut()) {
                out.push(playout_chance(after.clone(), view.seat, *m, cutoff, manners));
            }
        }
    }
    let mut all: Vec<(Action, Vec<f64>)> = moves.into_iter().zip(outcomes).collect();
    if let Some(best) = called.into_iter().reduce(|a, b| if mean(&b) > mean(&a) { b } else { a }) {
        all.push((call, best));
    }
    all
}

/// The mean of some outcomes (0 with none).
pub fn mean(outcomes: &[f64]) -> f64 {
    outcomes.iter().sum::<f64>() / outcomes.len().max(1) as f64
}

/// The most cards a seat holds for the analysis to weigh saying "Last card" ([`move_chances`]):
/// as the search's careful callers ([`apply_and_call`]), a run or a last card away from out.
const CALL_CARDS: usize = 3;

/// `seat`'s chance after its move `m` in the sampled game `g` (see [`move_chances`]), the
/// table's manners drawn from `manners`.
fn playout_chance(mut g: Game, seat: Seat, m: Action, cutoff: &Cutoff, manners: u64) -> f64 {
    let (round, players) = (g.round(), g.players() as usize);
    let mut before = [0u32; 12];
    before[..players].copy_from_slice(g.scores());
    let mut table = TableManners::new(manners, g.rules());
    table.apply(&mut g, m);
    let mut steps = 0;
    while !g.is_over() && g.round() == round && steps < MAX_PLAYOUT {
        let a = policy_move(&g, g.legal_set());
        table.apply(&mut g, a);
        steps += 1;
    }
    let seat = seat as usize;
    if !g.is_over() && g.round() != round {
        g.scores()[seat].saturating_sub(before[seat]) as f64 / (players.max(2) as f64 - 1.0)
    } else if g.is_over() {
        f64::from(u8::from(g.winner() == Some(seat as Seat)))
    } else {
        let mut reward = [0f64; 12];
        cutoff_reward(&g, cutoff, &mut reward[..players]);
        reward[seat]
    }
}

/// Actions a playout of the analysis plays at most (a round rarely lasts a few hundred).
const MAX_PLAYOUT: u32 = 600;

/// "Last card" in the analysis's playouts as it goes at a table of normal bots: where the call is
/// made with one card left and a missed one costs a pick-up of cards (Taylor's seven), each
/// seat's calls and call-outs are its normal bot's ([`SheddingBot::table_decision`], seeded per
/// deal), which now and then forgets the call, and notices another seat's missed call only
/// sometimes; asked wherever one could be due, and made before the next turn move (a bot's call
/// or call-out comes quicker than a turn move, mostly).
///
/// Why not the search's careful callers ([`apply_and_call`]), who always call in time: a
/// seat down to one card then never pays for it, where at the table a forgotten call costs
/// seven cards in Taylor. Over the Taylor moves the analysis marked (deals 100..140, 119 moves),
/// the careful callers said 48.8 points were given up on the deals drawn from the view, and the
/// same deals played at a table of normal bots ([`super::table::Table`]) 36.2; with these
/// manners, 34.6.
///
/// Elsewhere the playouts keep the careful callers, as the bots' manners changed nothing that
/// showed, at a cost. In British a missed call costs a card at the next turn: the marked moves
/// (deals 100..125) were 7.7 points careful, 7.0 with the bots' calls, 7.5 at the bots' table,
/// and over the long check's 200 deals the analysis said 10.7 and 10.6, where a judgement took
/// 29.5 ms against 21.8 (wall clock, this machine under load). Where "Last card" may be said at any time and counts for the turn after
/// (Priestly), the bot weighs a call at every state a seat holds a run's worth of cards, and
/// asking it (a view of the table each time) made a judgement 2.2 times as slow, for 10.9
/// points careful, 10.6 with the bots' calls and 9.9 at their table (deals 100..130).
struct TableManners {
    seed: u64,
    /// Made the first time a call or call-out could be due (most playouts' first stretch never
    /// needs one).
    bots: Vec<SheddingBot>,
    /// The actions of the playout so far, as the state's id in the bots' views: a bot decides
    /// once a state whether to call (it forgets once, not forever) and whether it noticed a missed
    /// call, and a playout's quiet moves do not move the game's own id.
    state: u32,
    /// The rules' call is made with one card left and a missed one costs a pick-up of cards:
    /// the bots make it. Otherwise the careful callers.
    bots_call: bool,
}

impl TableManners {
    fn new(seed: u64, rules: &Rules) -> TableManners {
        let bots_call = rules
            .spec()
            .last_card
            .is_some_and(|r| r.when == CallWhen::OneCardLeft && matches!(r.penalty, CallPenalty::PickUp(n) if n > 1));
        TableManners { seed, bots: Vec::new(), state: 0, bots_call }
    }

    /// Applies a turn action of [`Game::legal_set`], then the calls and call-outs it brings.
    fn apply(&mut self, g: &mut Game, a: Action) {
        if self.bots_call {
            g.apply_legal(a);
            self.act(g);
        } else {
            apply_and_call(g, a);
        }
    }

    /// Whether `seat` might say "Last card" now.
    fn may_call(g: &Game, seat: Seat) -> bool {
        let c = g.calls()[seat as usize];
        !c.called && g.hand(seat).len() == 1 && g.in_round(seat)
    }

    /// The seats' calls and call-outs after an action, the quickest first, until none is made.
    /// Only the bots that could make one are asked, each from its own view: one that might say
    /// "Last card", and, where a seat has missed its call, the others (their call-outs are all
    /// true: nothing to dispute). The rest would do nothing.
    fn act(&mut self, g: &mut Game) {
        for _ in 0..MAX_TABLE_ACTIONS {
            self.state = self.state.wrapping_add(1);
            let players = g.players();
            let missed = g.calls().iter().enumerate().fold(0u32, |m, (s, c)| m | u32::from(c.missed) << s);
            let asks = |s: Seat| TableManners::may_call(g, s) || missed & !(1 << s) != 0;
            if g.is_over() || !(0..players).any(asks) {
                return;
            }
            if self.bots.is_empty() {
                self.bots = (0..players).map(|s| SheddingBot::new(s, Level::Normal, self.seed)).collect();
            }
            let state = self.state;
            let Some(d) = self
                .bots
                .iter_mut()
                .filter(|b| asks(b.seat))
                .filter_map(|b| b.table_decision(&SeatView { state_id: state, ..g.view(b.seat) }))
                .min_by_key(|d| d.delay_ms)
            else {
                return;
            };
            if g.apply_quiet(d.action).is_err() {
                return;
            }
        }
    }
}

/// Calls and call-outs made at most between two turn moves of a playout (each seat's call and a
/// call-out or two; the bots decide once a state, so this only bounds the loop).
const MAX_TABLE_ACTIONS: u32 = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shedding::Preset;

    /// A round part-played by the normal policy (so hands differ), not yet over.
    fn part_played(preset: Preset, moves: usize) -> Game {
        let mut g = Game::new(preset.rules(), 4, 7).unwrap();
        for _ in 0..moves {
            let a = policy_move(&g, g.legal_set());
            apply_and_call(&mut g, a);
        }
        assert!(!g.is_over() && g.finished().is_empty(), "the sample position should still be in play");
        g
    }

    #[test]
    fn a_cut_off_first_out_round_shares_one_win_and_fewer_cards_weigh_more() {
        let g = part_played(Preset::Taylor, 12);
        assert!((0..4).any(|s| g.hand(s).len() != g.hand(0).len()), "the hands should differ");
        let mut reward = [0f64; 4];
        cutoff_reward(&g, &Cutoff::new(&Ismcts::default(), g.rules()), &mut reward);
        assert!((reward.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{reward:?}");
        for s in 0..4u8 {
            for t in 0..4u8 {
                if g.hand(s).len() < g.hand(t).len() {
                    assert!(reward[s as usize] > reward[t as usize], "{reward:?}");
                }
            }
        }
    }

    #[test]
    fn a_cut_off_round_with_places_shares_every_places_points() {
        // British scores places: the points of 1st..4th are 3/3, 2/3, 1/3, 0, so 2 in all.
        let g = part_played(Preset::British, 12);
        let mut reward = [0f64; 4];
        cutoff_reward(&g, &Cutoff::new(&Ismcts::default(), g.rules()), &mut reward);
        assert!((reward.iter().sum::<f64>() - 2.0).abs() < 1e-9, "{reward:?}");
        assert!(reward.iter().all(|&r| (0.0..=1.0).contains(&r)), "{reward:?}");
    }

    #[test]
    fn with_the_policy_tree_the_other_seats_never_choose_by_their_statistics() {
        let g = part_played(Preset::Taylor, 12);
        let seat = g.current();
        for policy_tree in [true, false] {
            let config = Ismcts { iterations: 300, policy_tree, ..Ismcts::default() };
            let mut search = Search::new(config, g.view(seat), GameRng::new(3));
            search.run(300);
            let others: Vec<&Node> = search.nodes.iter().filter(|n| n.action.is_some() && n.mover != seat).collect();
            assert!(!others.is_empty(), "the tree should reach the other seats' moves");
            // Under UCB a node counts as available whenever it was legal, taken or not; under the
            // policy only when the walk took it.
            assert_eq!(others.iter().all(|n| n.available == n.visits), policy_tree);
        }
    }
}
