//! Bots for the shedding games. A bot is handed one [`SeatView`] (its own hand, the public
//! table) and nothing else: the type has no way to reach another hand or the stock order.
//!
//! Each decision comes with a reaction time drawn from the level's distribution, so the page's
//! quick-play clock is a real threat and call-outs feel human. All randomness is the bot's own
//! seeded generator: a game with bots replays exactly.

use super::ismcts::Ismcts;
use crate::engine::cards::{Card, Suit};
use crate::engine::rng::GameRng;
use crate::engine::shedding::hand::{cards_of, SUIT_MASK};
use crate::engine::shedding::rules::{Effect, Rules};
use crate::engine::shedding::{Action, Hand, LastTurn, LegalSet, Phase, Phrase, Seat, SeatView, Void};
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// Any legal turn move, uniformly at random: the baseline the tournament measures against
    /// (not offered in the page).
    Random,
    /// Plays a legal card with little thought, often forgets "Last card", slow to call others out.
    Easy,
    /// Sound heuristics: keeps answers for pick-ups, attacks a player who is nearly out,
    /// names the suit it holds most of.
    Normal,
    /// Information-set Monte Carlo tree search over deals sampled from its own view, with the
    /// normal level's policy in the playouts.
    Hard,
}

/// Time for the table to take in the last move before a bot makes its next turn move, added by
/// the page to the bot's reaction time (and divided by the pace, as that is). The reaction alone
/// (a median of 0.9 s at the normal level, half that for each further card of a turn) left a
/// newcomer behind; with this a bot's move comes every 1.1 to 2.6 s at "Like people", each card
/// of a turn of several cards on its own. `examples/game_lengths.rs` measures what it makes of a
/// whole game.
pub const SEEN_MS: u32 = 800;

/// What the bot wants to do, and after how long (the page waits, then re-checks the state id).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub action: Action,
    pub delay_ms: u32,
}

/// Per-level table manners.
#[derive(Copy, Clone, Debug)]
struct Manners {
    /// Median reaction time for a turn move, in milliseconds.
    move_ms: f64,
    /// Chance of forgetting to say "Last card" when down to one card.
    forget_call: f64,
    /// Chance of noticing another seat's missed call (checked once per chance).
    notice: f64,
    /// Chance of a slip of the tongue ("Sorry!") after a penalty.
    slip: f64,
}

impl Level {
    fn manners(self) -> Manners {
        match self {
            Level::Random | Level::Easy => Manners { move_ms: 1300.0, forget_call: 0.35, notice: 0.25, slip: 0.10 },
            Level::Normal => Manners { move_ms: 900.0, forget_call: 0.08, notice: 0.6, slip: 0.03 },
            Level::Hard => Manners { move_ms: 800.0, forget_call: 0.03, notice: 0.8, slip: 0.02 },
        }
    }
}

#[derive(Clone, Debug)]
pub struct SheddingBot {
    pub seat: Seat,
    pub level: Level,
    rng: GameRng,
    /// The state id at which this bot last decided whether to call (so it forgets once, not forever).
    considered_call_at: Option<u32>,
    considered_accusation_at: Option<u32>,
    search: Ismcts,
}

impl SheddingBot {
    /// Sets the hard level's search budget (iterations per move).
    pub fn with_iterations(mut self, iterations: u32) -> Self {
        self.search.iterations = iterations;
        self
    }

    /// Sets the hard level's whole search configuration (tuning runs).
    pub fn with_search(mut self, search: Ismcts) -> Self {
        self.search = search;
        self
    }

    pub fn new(seat: Seat, level: Level, seed: u64) -> Self {
        SheddingBot {
            seat,
            level,
            rng: GameRng::new(seed ^ ((seat as u64) << 48)),
            considered_call_at: None,
            considered_accusation_at: None,
            search: Ismcts::default(),
        }
    }

    /// A reaction time around `median` ms (log-normal-ish: a product of uniform factors).
    fn reaction(&mut self, median: f64) -> u32 {
        let f = 0.6 + 0.8 * self.rng.unit();
        let g = 0.75 + 0.5 * self.rng.unit();
        (median * f * g) as u32
    }

    /// The bot's next action from this view, if it wants to act now.
    pub fn decide(&mut self, view: &SeatView) -> Option<Decision> {
        self.decide_with(view, |search, view, rng| Some(search.choose(view, rng)))
    }

    /// [`SheddingBot::decide`], the hard level's turn move asked of `search` (its configuration,
    /// the view, the bot's generator). The page's tables run the search in the search worker and
    /// call this only for the other levels, or with the normal move when the worker cannot
    /// start: so the page's own module holds no search code (`bots::work`).
    pub fn decide_with(
        &mut self,
        view: &SeatView,
        search: impl FnOnce(&Ismcts, &SeatView, &mut GameRng) -> Option<Action>,
    ) -> Option<Decision> {
        if let Some(d) = self.table_decision(view) {
            return Some(d);
        }
        if !view.is_my_turn() {
            return None;
        }
        let action = match self.level {
            Level::Random => {
                let turn = turn_actions(view);
                (!turn.is_empty()).then(|| turn[self.rng.below(turn.len() as u64) as usize])
            }
            Level::Easy => self.easy_move(view),
            Level::Normal => normal_move(&view.policy_input()),
            Level::Hard => search(&self.search, view, &mut self.rng),
        }?;
        Some(Decision { action, delay_ms: self.turn_delay(view) })
    }

    /// How long this bot takes over a turn move.
    pub fn turn_delay(&mut self, view: &SeatView) -> u32 {
        let m = self.level.manners();
        let median = if view.turn.laid.is_empty() { m.move_ms } else { m.move_ms * 0.5 };
        self.reaction(median)
    }

    /// For the hard level on its turn: what to ask the search worker (the bot's own view, its
    /// search budget and a seed from its generator, as [`SheddingBot::decide`] would fork it, so
    /// a game replays the same either way). `None` for other levels, or when it is not this
    /// bot's turn.
    pub fn search_request(&mut self, view: &SeatView) -> Option<super::work::Request> {
        (self.level == Level::Hard && view.is_my_turn()).then(|| super::work::Request {
            job: super::work::Job::Move,
            iterations: self.search.iterations,
            seed: self.rng.next_u64(),
            view: view.clone(),
        })
    }

    /// The normal level's turn move, for a hard bot whose search worker could not start.
    pub fn fallback_move(view: &SeatView) -> Option<Action> {
        normal_move(&view.policy_input()).or_else(|| turn_actions(view).first().copied())
    }

    /// Calls, call-outs and disputes: what the bot does at the table whether or not it is its turn.
    pub fn table_decision(&mut self, view: &SeatView) -> Option<Decision> {
        if !matches!(view.phase, Phase::Playing) {
            return None;
        }
        let m = self.level.manners();
        // "Last card": said at once, unless this bot forgets (decided once per state).
        let call = Action::CallLastCard { seat: self.seat };
        if view.legal.contains(&call) && view.hand.len() == 1 && self.considered_call_at != Some(view.state_id) {
            self.considered_call_at = Some(view.state_id);
            if self.rng.unit() >= m.forget_call {
                let delay = self.reaction(250.0);
                return Some(Decision { action: call, delay_ms: delay });
            }
        }
        // Priestly's "Last card(s)": call when the whole hand could go in one run next turn.
        // The hard bot calls with any two or three cards: the call is never false and costs
        // nothing, and a run such as 5♥ 6♥ 6♣ goes out, which the quick check misses (+3.1 ±
        // 2.7 points game by game over 1,600 Priestly games: `Ismcts`'s doc).
        if view.legal.contains(&call)
            && view.hand.len() > 1
            && view.hand.len() <= 3
            && (self.level == Level::Hard || could_run_out(Hand::from_cards(&view.hand)))
        {
            let delay = self.reaction(400.0);
            return Some(Decision { action: call, delay_ms: delay });
        }
        // Call-outs and disputes the bot has noticed.
        if self.considered_accusation_at != Some(view.state_id) {
            self.considered_accusation_at = Some(view.state_id);
            let spotted: Vec<Action> = view
                .legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Accuse { .. } | Action::Dispute { .. }))
                .collect();
            if !spotted.is_empty() && self.rng.unit() < m.notice {
                let a = spotted[self.rng.below(spotted.len() as u64) as usize];
                let delay = self.reaction(700.0);
                return Some(Decision { action: a, delay_ms: delay });
            }
        }
        None
    }

    /// An occasional slip of the tongue after a penalty: party behaviour, deliberately costly.
    pub fn after_penalty(&mut self) -> Option<Action> {
        (self.rng.unit() < self.level.manners().slip).then_some(Action::Say { seat: self.seat, phrase: Phrase::Sorry })
    }

    fn easy_move(&mut self, view: &SeatView) -> Option<Action> {
        let turn: Vec<Action> = turn_actions(view);
        if turn.is_empty() {
            return None;
        }
        // Plays rather than draws when it can, otherwise anything.
        let plays: Vec<Action> =
            turn.iter().copied().filter(|a| matches!(a, Action::Play { .. } | Action::NameSuit { .. })).collect();
        let pool = if plays.is_empty() { &turn } else { &plays };
        Some(pool[self.rng.below(pool.len() as u64) as usize])
    }
}

/// The turn moves among a view's legal actions.
pub fn turn_actions(view: &SeatView) -> Vec<Action> {
    view.legal.iter().copied().filter(is_turn_action).collect()
}

fn is_turn_action(a: &Action) -> bool {
    matches!(
        a,
        Action::Play { .. }
            | Action::NameSuit { .. }
            | Action::Draw { .. }
            | Action::Pass { .. }
            | Action::Finish { .. }
    )
}

/// Whether the hand could plausibly all go in one turn (a Priestly run): every card shares a
/// rank or a suit with the next in some order. Cheap check: all one suit or all one rank.
/// (Where the rules let a seat call before its last card, the bots call with two or three cards
/// only then: the search reads a standing call so, [`fits_call`].)
pub fn could_run_out(hand: Hand) -> bool {
    let one_rank = cards_of(hand.bits()).next().map(|c| RANK_MASK << (c.index() % 13));
    SUIT_MASK.iter().chain(&one_rank).any(|&m| hand.count_in(m) == hand.len())
}

/// The four cards of the lowest rank (one a suit): shifted, those of any rank.
const RANK_MASK: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// Whether a seat whose "Last card(s)" call stands (`called`) could hold `hand`, as the easy
/// and normal bots call ([`SheddingBot::table_decision`]): with one card, or with two or three that
/// [`could_run_out`]. A call before the last card is possible only where the rules allow it
/// (Priestly); it stands until the seat's next turn, with the hand it was made with. The search's
/// model of the others, from public facts only.
pub fn fits_call(called: bool, hand: Hand) -> bool {
    !called || hand.len() == 1 || hand.len() > 3 || could_run_out(hand)
}

/// What the normal policy looks at: the seat's own cards, the rules, how close the nearest
/// opponent is to going out, and the legal turn actions. Built from a view, or (in search) from
/// a sampled game, without copying the table.
pub struct PolicyInput<'a> {
    pub rules: &'a Rules,
    pub hand: Hand,
    /// The smallest hand among the opponents still in the round.
    pub threat: usize,
    pub legal: LegalSet,
}

impl SeatView {
    pub fn policy_input(&self) -> PolicyInput<'_> {
        let threat = (0..self.hand_sizes.len())
            .filter(|&s| s as Seat != self.seat && self.in_round[s] && !self.finished.contains(&(s as Seat)))
            .map(|s| self.hand_sizes[s])
            .min()
            .unwrap_or(usize::MAX);
        let legal = LegalSet::of(self.seat, &self.legal);
        PolicyInput { rules: &self.rules, hand: Hand::from_cards(&self.hand), threat, legal }
    }
}

/// How much the bot wants to lay `card` now (higher is better).
fn card_score(view: &PolicyInput, card: Card) -> f64 {
    let effect = view.rules.effect(card);
    let same_suit = view.hand.count_in(SUIT_MASK[card.suit.index() as usize]) as f64;
    let danger = view.threat <= 2;
    let mut score = 10.0 + 0.6 * same_suit + 0.05 * card.rank.number() as f64;
    match effect {
        // Answers to pick-ups are kept for defence unless they are needed now.
        Some(Effect::ReducePickUp { .. }) | Some(Effect::CancelPickUp { .. }) => score -= 8.0,
        // Pick-ups and skips: hold them while nobody is close, fire them at a player nearly out.
        Some(Effect::PickUp { cards, .. }) => score += if danger { 6.0 + cards as f64 * 0.2 } else { -3.0 },
        Some(Effect::Skip { .. }) => score += if danger { 4.0 } else { -1.0 },
        // Wild suit changers are flexible: keep them for when nothing else fits.
        Some(Effect::ChangeSuit { wild: true, .. }) => score -= 6.0,
        Some(Effect::ChangeSuit { wild: false, .. }) => score -= 1.0,
        // Queens that must be covered cost a card if they cannot be: careful.
        Some(Effect::MustCover) => score -= 2.0,
        // Follow-ons and suit runs shed extra cards: good.
        Some(Effect::FollowOn) | Some(Effect::SuitRun) => score += 2.5,
        Some(Effect::Reverse) | None => {}
    }
    score
}

/// The normal level's turn move. Public so search can use it as its playout policy.
/// (No allocation: search calls it at every step of every playout.)
pub fn normal_move(view: &PolicyInput) -> Option<Action> {
    let (legal, seat) = (view.legal, view.legal.seat());
    // Naming a suit: the one held most of (ties: highest total rank, so high cards go first).
    if legal.names_suit() {
        let best = Suit::ALL
            .iter()
            .copied()
            .max_by_key(|&s| {
                let suit = SUIT_MASK[s.index() as usize];
                (view.hand.count_in(suit), view.hand.rank_sum(suit))
            })
            .unwrap_or(Suit::Spades);
        return Some(Action::NameSuit { seat, suit: best });
    }
    let finish = legal.may_finish().then_some(Action::Finish { seat });
    let other =
        if legal.may_draw() { Some(Action::Draw { seat }) } else { legal.may_pass().then_some(Action::Pass { seat }) };
    // The best play: the last of the highest scores, in card order (as `max_by` chooses).
    let mut best = None::<(Card, f64)>;
    for card in cards_of(legal.plays()) {
        if view.hand.len() == 1 {
            // Going out beats everything.
            return Some(Action::Play { seat, card });
        }
        let score = card_score(view, card);
        if best.is_none_or(|(_, b)| score >= b) {
            best = Some((card, score));
        }
    }
    let Some((card, best_score)) = best else { return finish.or(other) };
    // Mid-turn (a run or a ten's sequence): keep shedding unless the best card is one worth keeping.
    if finish.is_some() && best_score < 6.0 {
        return finish;
    }
    Some(Action::Play { seat, card })
}

/// Whether a seat holding `hand` now could have played its latest turns (`turns`, the latest
/// first) as the normal policy plays: the first card it would have laid, a pick-up only with
/// nothing to lay (but the cards picked up), the suit it would have named. Going back turn by
/// turn, the cards laid return to the hand and the cards picked up leave it (those it could have
/// laid, and the rest at random: a hand is kept in proportion to the ways it fits); a hand changed
/// between turns other than so ends the look back. The search's model of the other seats
/// (`ismcts`), from public facts only.
pub fn fits_normal(rules: &Rules, turns: &[LastTurn], hand: Hand, rng: &mut GameRng) -> bool {
    // Any seat will do: the policy's choice depends on the hand and the table, not on who holds it.
    let seat = 0;
    // The hand just after the turn looked at.
    let mut h = hand;
    for t in turns.iter().take_while(|t| t.size > 0) {
        let mut then = h;
        then.add_all(t.laid);
        let Some(drew) = then.len().checked_sub(t.size as usize) else { break };
        let threat = if t.fewest == u8::MAX { usize::MAX } else { t.fewest as usize };
        match t.first {
            None => {
                let could = then.count_in(t.open);
                if could > drew {
                    return false;
                }
                for c in cards_of(then.bits() & t.open) {
                    then.remove(c);
                    then.remove(c);
                }
                for _ in could..drew {
                    let k = rng.below(then.len() as u64) as usize;
                    if let Some(c) = cards_of(then.bits()).chain(cards_of(then.twins())).nth(k) {
                        then.remove(c);
                    }
                }
            }
            Some(card) => {
                if drew != 0 {
                    break;
                }
                let legal = LegalSet::turn(seat, then.bits() & t.open, true, false, false);
                if normal_move(&PolicyInput { rules, hand: then, threat, legal }) != Some(Action::Play { seat, card }) {
                    return false;
                }
                if let Some(suit) = t.named {
                    let legal = LegalSet::name_suit(seat);
                    if normal_move(&PolicyInput { rules, hand: h, threat, legal })
                        != Some(Action::NameSuit { seat, suit })
                    {
                        return false;
                    }
                }
            }
        }
        h = then;
    }
    true
}

/// What a seat's latest turns say it lacks, as the normal policy reads them: a seat that picked
/// up when it could have laid a card held none of the cards that could have opened that turn, so
/// of those it holds now (`size` cards) at most as many as reached its hand since (picked up then
/// or later, or handed to it). Joined to what the table saw (`seen`, the engine's [`Void`]). The
/// search deals each hand within it before [`fits_normal`] checks the hand (a pick-up of any suit
/// made most uniform deals misfit, and a hand that never fitted stood). Public facts only.
pub fn inferred_void(seen: Void, turns: &[LastTurn], size: usize) -> Void {
    let mut laid_since = 0usize;
    for t in turns.iter().take_while(|t| t.size > 0) {
        laid_since += t.laid.len();
        if t.first.is_none() {
            let reached = (size + laid_since).saturating_sub(t.size as usize);
            let inferred = Void { cards: t.open, free: reached.min(u16::MAX as usize) as u16 };
            return join(seen, inferred);
        }
    }
    seen
}

/// One bound implied by both `a` and `b`: the one that implies the other if there is one (fewer
/// exceptions allowed among more cards), else both sets with both allowances.
fn join(a: Void, b: Void) -> Void {
    let implies = |x: Void, y: Void| y.cards & !x.cards == 0 && x.free <= y.free;
    match (a.cards, b.cards) {
        (0, _) => b,
        (_, 0) => a,
        _ if implies(b, a) => b,
        _ if implies(a, b) => a,
        _ => Void { cards: a.cards | b.cards, free: a.free.saturating_add(b.free) },
    }
}
