//! One random-simulation test over every preset and player count (OpenSpiel's RandomSimulation):
//! after every action, invariants hold; legal actions are sorted, unique and non-empty until the
//! end; each legal action is accepted; sampled refused actions change nothing; views hide other
//! hands; games end within a bound; the save replays to the same state.
//! `SIM_GAMES` raises the number of seeds per configuration (the local soak).

use blackjack::engine::cards::{standard_decks, Card, Suit};
use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::*;

const MAX_ACTIONS: usize = 50_000;

/// `SIM_PROBES=0` keeps the invariant, legality and replay checks of every step and game but
/// skips the costly per-step probes (refused actions, legals-are-legal, views) and checks the
/// text encodings (the page's action codes, the JSON save) on one game in 64: the mode for
/// million-game soaks.
fn probing() -> bool {
    std::env::var("SIM_PROBES").map(|v| v != "0").unwrap_or(true)
}

fn games_per_config() -> u64 {
    std::env::var("SIM_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(4)
}

/// Random probes of actions that may or may not be accepted.
fn probe(g: &Game, rng: &mut GameRng, all_cards: &[Card]) -> Action {
    let n = g.players();
    let seat = rng.below(n as u64) as Seat;
    let card = all_cards[rng.below(all_cards.len() as u64) as usize];
    match rng.below(10) {
        0 => Action::Play { seat, card },
        1 => Action::Play { seat: g.current(), card },
        2 => Action::NameSuit { seat, suit: Suit::ALL[rng.below(4) as usize] },
        3 => Action::Draw { seat },
        4 => Action::Pass { seat },
        5 => Action::Finish { seat },
        6 => Action::CallLastCard { seat },
        7 => Action::Accuse { seat, target: rng.below(n as u64) as Seat, infringement: Infringement::MissedLastCard },
        8 => Action::Dispute { seat, accusation: rng.below(4) as u16 },
        _ => Action::Timeout { seat: g.current() },
    }
}

fn check_view_honesty(g: &Game) {
    for seat in 0..g.players() {
        let v = g.view(seat);
        assert_eq!(v.hand, g.hand(seat).to_vec());
        assert_eq!(v.hand_sizes.iter().sum::<usize>() + v.stock_len + v.pile.len(), g.total_cards());
        assert_eq!(v.legal, g.legal_actions_for(seat));
    }
}

fn run(preset: Preset, players: u8, seed: u64) -> usize {
    let mut g = Game::new(preset.rules(), players, seed).unwrap();
    let mut rng = GameRng::new(seed ^ 0x5eed);
    let all_cards = standard_decks(1);
    let probes = probing();
    // One game in 64, spread over every player count (a multiplicative hash of the seed).
    let encodings = probes || seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58 == 0;
    let mut steps = 0;
    // Reused buffers (the engine's allocation-free calls): a soak spends its time on checks.
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    while !g.is_over() {
        g.check_invariants().unwrap_or_else(|e| panic!("{preset:?} {players}p seed {seed} step {steps}: {e:?}"));
        g.legal_actions_into(&mut legal);
        if encodings {
            assert_eq!(legal, g.legal_actions(), "the buffered and the plain legal list agree");
        }
        assert!(!legal.is_empty());
        assert!(legal.windows(2).all(|w| w[0] < w[1]), "sorted and unique: {legal:?}");
        let probe_now = probes;
        for &a in legal.iter().filter(|_| probe_now) {
            assert!(g.is_accepted(a), "{a} is listed but refused: {:?}", g.refusal(a));
        }
        // legals_are_legal: every turn action is listed exactly when it is legal.
        let seat = g.current();
        let mut candidates: Vec<Action> = all_cards.iter().map(|&card| Action::Play { seat, card }).collect();
        candidates.extend(Suit::ALL.iter().map(|&suit| Action::NameSuit { seat, suit }));
        candidates.extend([Action::Draw { seat }, Action::Pass { seat }, Action::Finish { seat }]);
        for a in candidates.into_iter().filter(|_| probe_now) {
            assert_eq!(legal.contains(&a), g.is_legal(a), "{preset:?} {a}: listed vs legal disagree");
        }
        // Probe: a refused action must leave the game exactly as it was.
        for _ in 0..if probe_now { 2 } else { 0 } {
            let a = probe(&g, &mut rng, &all_cards);
            let before = g.clone();
            if let Err(e) = g.clone().apply(a) {
                assert_eq!(e.action, a);
                let mut h = g.clone();
                assert!(h.apply(a).is_err());
                assert_eq!(h, before, "refused {a} changed the game");
            }
        }
        if probe_now && steps % 17 == 0 {
            check_view_honesty(&g);
        }
        // Mostly turn actions; sometimes a table action from any seat (calls, call-outs, disputes).
        let action = if rng.below(6) == 0 {
            let seat = rng.below(players as u64) as Seat;
            let extra = g.legal_actions_for(seat);
            extra[rng.below(extra.len() as u64) as usize..].first().copied().unwrap_or(legal[0])
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        if encodings {
            assert_eq!(Action::from_code(&action.code()), Some(action), "the page's save code round-trips");
        }
        events.clear();
        g.apply_into(action, &mut events)
            .unwrap_or_else(|e| panic!("{preset:?} seed {seed}: legal {action} refused: {e}"));
        steps += 1;
        assert!(steps < MAX_ACTIONS, "{preset:?} {players}p seed {seed}: no end after {MAX_ACTIONS} actions");
    }
    g.check_invariants().unwrap();
    assert!(g.legal_actions().is_empty());
    let replayed = Game::replay(&g.save(), None).unwrap();
    assert_eq!(replayed, g, "save replays to the same state");
    if encodings {
        let json = serde_json::to_string(&g.save()).unwrap();
        let back: Save = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g.save());
    }
    steps
}

#[test]
fn random_games_keep_every_invariant_for_every_preset_and_player_count() {
    let per = games_per_config();
    // `SIM_FIRST` starts at another seed, so a long soak can be split over several processes.
    let first: u64 = std::env::var("SIM_FIRST").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    let only = std::env::var("SIM_PRESET").ok();
    for preset in Preset::ALL.into_iter().filter(|p| only.as_deref().is_none_or(|o| o == p.id())) {
        let mut total = 0;
        for players in 2..=12u8 {
            for k in first..first + per {
                total += run(preset, players, k * 1_000 + players as u64);
            }
        }
        eprintln!("{preset:?}: {} games, {total} actions", per * 11);
    }
}

/// Random house-rule sets (any value of any setting, several at once, on any preset): the page
/// lets players build them, so every one that the checked constructor accepts must play out
/// with every invariant intact. `SIM_HOUSE` raises the number of rule sets.
#[test]
fn random_house_rules_keep_every_invariant() {
    use blackjack::engine::shedding::house::{apply_overrides, house_rules, overrides, Kind};
    let sets: u64 = std::env::var("SIM_HOUSE").ok().and_then(|s| s.parse().ok()).unwrap_or(60);
    let rules = house_rules();
    let mut rng = GameRng::new(0x4005e);
    let (mut played, mut refused) = (0, 0);
    for k in 0..sets {
        let preset = Preset::ALL[rng.below(Preset::ALL.len() as u64) as usize];
        let base = preset.spec();
        let mut spec = base.clone();
        for _ in 0..1 + rng.below(6) {
            let rule = &rules[rng.below(rules.len() as u64) as usize];
            let value = match &rule.kind {
                Kind::Flag => rng.below(2).to_string(),
                Kind::Number { min, max } => {
                    (*min as u64 + rng.below((max - min) as u64 + 1)).min(*min as u64 + 12).to_string()
                }
                Kind::Choice(c) => c[rng.below(c.len() as u64) as usize].to_string(),
                Kind::Power => {
                    ["-", "p0-2", "p1-4", "r0-2", "c0", "c1", "v", "s1", "s2", "f", "t", "m", "a", "ae", "w", "we"]
                        [rng.below(16) as usize]
                        .to_string()
                }
            };
            let _ = rule.set(&mut spec, &value);
        }
        let code = overrides(&base, &spec);
        let spec = apply_overrides(&base, &code).unwrap_or_else(|e| panic!("{code}: {e:?}"));
        let Ok(checked) = Rules::new(spec) else {
            refused += 1;
            continue;
        };
        for players in [2, 3, 5, 8] {
            if players < checked.spec().min_players || players > checked.spec().max_players {
                continue;
            }
            let mut g = Game::new(checked.clone(), players, k).unwrap();
            let mut steps = 0;
            while !g.is_over() {
                g.check_invariants().unwrap_or_else(|e| panic!("{preset:?} +{code} {players}p step {steps}: {e:?}"));
                let legal = g.legal_actions();
                assert!(legal.windows(2).all(|w| w[0] < w[1]));
                let a = legal[rng.below(legal.len() as u64) as usize];
                g.apply(a).unwrap_or_else(|e| panic!("{preset:?} +{code}: legal {a} refused: {e}"));
                steps += 1;
                assert!(steps < MAX_ACTIONS, "{preset:?} +{code} {players}p: no end after {MAX_ACTIONS} actions");
            }
            assert_eq!(Game::replay(&g.save(), None).unwrap(), g, "{preset:?} +{code}: replay");
            played += 1;
        }
    }
    eprintln!("house rules: {played} games played, {refused} rule sets refused by Rules::new");
    assert!(played > 0);
}
