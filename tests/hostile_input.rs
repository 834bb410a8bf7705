//! Hostile input never kills the page (issue 12, the shedding family and the shared decoders).
//!
//! Property tests (proptest) throw arbitrary and mutated text at every decoder the menu page runs
//! on untrusted input (cards, move codes, effect codes, house rules, share links, stored fields,
//! the shedding save, settings, statistics): each returns `Ok` or a typed `Err`, never panics.
//! Accepted rule sets, from house rules or built field by field, deal and play a random game that
//! ends within the turn limit with every invariant held; tampered saves are refused or replay to
//! a state that passes `check_invariants`. Plus one scenario per new refusal.
//!
//! Case counts are small by default so the suite takes seconds; `PROPTEST_CASES=5000` (or any
//! number) runs every property that many times.
// proptest is a native dev-dependency: the wasm build of the tests leaves this file out.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::engine::cards::{Card, Colour, Rank, Suit};
use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::house::{
    apply_overrides, effect_code, house_rules, parse_effect, Kind, OverrideProblem,
};
use blackjack::engine::shedding::rules::*;
use blackjack::engine::shedding::*;
use blackjack::ui::settings::Settings;
use blackjack::ui::shedding::link::{BadRules, LinkProblem, TableSetup, MAX_LINK_BYTES};
use blackjack::ui::shedding::saved::StoredGame;
use blackjack::ui::stats::Stats;
use blackjack::ui::storage::{decode, encode, LoadProblem, MAX_SAVE_BYTES};
use proptest::prelude::*;

mod hostile;
use hostile::cases as config;

/// Text a hostile save or link may hold: ASCII codes, separators, multi-byte characters, controls.
fn hostile_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ -~]{0,40}",
        "[pdnxfltsaqCDHSAJQK0-9.~=é€😀\u{0}\n -]{0,40}",
        proptest::collection::vec(any::<u8>(), 0..60).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

/// Every decoder of untrusted text, fed `s`; panics only if a decoder does.
fn every_decoder(s: &str) {
    if let Ok(card) = s.parse::<Card>() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
    }
    if let Ok(a) = Action::parse_code(s) {
        assert_eq!(Action::parse_code(&a.code()), Ok(a), "a read code writes back the same move");
    }
    if let Some(e) = parse_effect(s) {
        assert_eq!(parse_effect(&effect_code(e)), Some(e));
    }
    for preset in Preset::ALL {
        if let Ok(spec) = apply_overrides(&preset.spec(), s) {
            let _ = Rules::new(spec);
        }
    }
    for hash in [s.to_string(), format!("#table={s}"), format!("#table=taylor.4.normal.1~{s}")] {
        if let Some(Ok(setup)) = TableSetup::parse(&hash) {
            assert_eq!(TableSetup::parse(&setup.fragment()), Some(Ok(setup)));
        }
    }
    let header = format!("blackjack v1\n{s}");
    for raw in [s, header.as_str()] {
        if let Ok(saved) = decode::<StoredGame>(raw, 1) {
            if let Ok((_, game)) = saved.replay() {
                assert_eq!(game.check_invariants(), Ok(()));
            }
        }
        let _ = decode::<Stats>(raw, 1);
        let _ = decode::<Settings>(raw, 2);
    }
}

/// A house-rule value: one the form offers, or something near it that may be out of range.
fn house_value(kind: &Kind, rng: &mut GameRng) -> String {
    match kind {
        Kind::Flag => ["0", "1", "2"][rng.below(3) as usize].to_string(),
        Kind::Number { min, max } => match rng.below(4) {
            0 => (rng.below(300) as u32).to_string(),
            _ => (min + rng.below((max - min + 1) as u64) as u32).to_string(),
        },
        Kind::Choice(choices) => choices[rng.below(choices.len() as u64) as usize].to_string(),
        Kind::Power => {
            let big = |rng: &mut GameRng| if rng.below(4) == 0 { rng.below(256) } else { 1 + rng.below(4) };
            match rng.below(13) {
                0 => format!("p{}-{}", rng.below(4), big(rng)),
                1 => format!("r{}-{}", rng.below(4), big(rng)),
                2 => format!("c{}", rng.below(4)),
                3 => format!("s{}", big(rng)),
                k => ["-", "v", "f", "t", "m", "a", "ae", "w", "we"][(k - 4) as usize].to_string(),
            }
        }
    }
}

/// Random house rules on a random preset: (preset, overrides).
fn random_house(seed: u64) -> (Preset, String) {
    let mut rng = GameRng::new(seed);
    let preset = Preset::ALL[rng.below(5) as usize];
    let rules = house_rules();
    let n = rng.below(12) as usize + if rng.below(8) == 0 { 26 } else { 0 };
    let items: Vec<String> = (0..n)
        .map(|_| {
            let r = &rules[rng.below(rules.len() as u64) as usize];
            format!("{}={}", r.key, house_value(&r.kind, &mut rng))
        })
        .collect();
    (preset, items.join("~"))
}

/// A RuleSpec built field by field, most values plausible and some not.
fn random_spec(seed: u64) -> RuleSpec {
    let mut rng = GameRng::new(seed);
    let mut r = |n: u64| rng.below(n);
    let min_players = 2 + r(3) as u8;
    let max_players = min_players + r(11) as u8;
    let effect = |r: &mut dyn FnMut(u64) -> u64| match r(9) {
        0 => Effect::PickUp { group: r(3) as u8, cards: 1 + r(6) as u8 },
        1 => Effect::ReducePickUp { group: r(3) as u8, cards: 1 + r(3) as u8 },
        2 => Effect::CancelPickUp { group: r(3) as u8 },
        3 => Effect::Reverse,
        4 => {
            let most = if r(4) == 0 { 30 } else { 2 };
            Effect::Skip { players: 1 + r(most) as u8 }
        }
        5 => Effect::FollowOn,
        6 => Effect::SuitRun,
        7 => Effect::MustCover,
        _ => Effect::ChangeSuit { wild: r(2) == 0, ends_turn: r(2) == 0 },
    };
    let mut powers = Vec::new();
    for _ in 0..r(7) {
        let rank = Rank::ALL[r(13) as usize];
        let colour = [None, Some(Colour::Red), Some(Colour::Black)][r(3) as usize];
        powers.push(Power { rank, colour, effect: effect(&mut r) });
    }
    let pick = |r: &mut dyn FnMut(u64) -> u64, n: u8| if r(3) == 0 { Some(r(n as u64) as u8) } else { None };
    let last_card = (r(2) == 0).then(|| LastCardRule {
        when: [CallWhen::OneCardLeft, CallWhen::Anytime][r(2) as usize],
        deadline: [CallDeadline::NextCard, CallDeadline::NextPlayerMoves, CallDeadline::OwnNextTurn][r(3) as usize],
        penalty: [CallPenalty::PickUp(1 + r(5) as u8), CallPenalty::DrawNextTurn, CallPenalty::CannotGoOut]
            [r(3) as usize],
        enforcement: [Enforcement::Accusation, Enforcement::Automatic][r(2) as usize],
        false_call: pick(&mut r, 3),
    });
    let clock_ms = (r(3) == 0).then(|| 500 + r(5000) as u32);
    let most_plays = if r(2) == 0 { 6000 } else { 300 };
    RuleSpec {
        name: "random".into(),
        min_players,
        max_players,
        hand_size: 1 + r(9) as u8,
        hand_size_two_players: pick(&mut r, 12),
        one_deck_max_players: 2 + r(11) as u8,
        follow: [Follow::SuitOrRank, Follow::AdjacentInSuitOrRank][r(2) as usize],
        powers,
        turn_effects: [TurnEffects::LastCard, TurnEffects::EveryCard][r(2) as usize],
        runs: [None, Some(Runs { keep_direction: false }), Some(Runs { keep_direction: true })][r(3) as usize],
        stacking: [Stacking::SameGroup, Stacking::AnyPickUp][r(2) as usize],
        draw: DrawRule { may_draw_when_able: r(2) == 0, max_draws: 1 + r(3) as u8, play_after_draw: r(2) == 0 },
        refill: [Refill::TurnOver, Refill::Reshuffle, Refill::Never][r(3) as usize],
        first_card: [FirstCard::AsIfDealerPlayed, FirstCard::Neutral, FirstCard::RedrawWild][r(3) as usize],
        two_player_reverse: [TwoPlayerReverse::NoEffect, TwoPlayerReverse::ActsAsSkip][r(2) as usize],
        last_card,
        clock_ms,
        penalties: Penalties {
            timeout: clock_ms.map(|_| 1 + r(3) as u8),
            out_of_turn: pick(&mut r, 3),
            wrong_card: pick(&mut r, 3),
            table_talk: pick(&mut r, 3),
            false_accusation: pick(&mut r, 3).or(Some(1)),
        },
        scoring: if r(3) == 0 {
            Scoring::Places {
                target_base: 1 + r(10) as u8,
                tie_break: [TieBreak::AllAtTarget, TieBreak::HighestOnly][r(2) as usize],
            }
        } else {
            Scoring::FirstOut
        },
        max_plays: 1 + r(most_plays) as u32,
    }
}

/// Any action at all, seats and arguments out of range included.
fn any_action(rng: &mut GameRng) -> Action {
    let seat = rng.below(14) as Seat;
    let card = Card::from_index(rng.below(52) as usize);
    match rng.below(11) {
        0 => Action::Play { seat, card },
        1 => Action::NameSuit { seat, suit: Suit::ALL[rng.below(4) as usize] },
        2 => Action::Draw { seat },
        3 => Action::Pass { seat },
        4 => Action::Finish { seat },
        5 => Action::CallLastCard { seat },
        6 => Action::Timeout { seat },
        7 => Action::Say { seat, phrase: Phrase::YourTurn(rng.below(256) as Seat) },
        8 => Action::Say { seat, phrase: [Phrase::Sorry, Phrase::WellPlayed, Phrase::Hurry][rng.below(3) as usize] },
        9 => Action::Accuse { seat, target: rng.below(14) as Seat, infringement: Infringement::MissedLastCard },
        _ => Action::Dispute { seat, accusation: rng.below(6) as u16 },
    }
}

/// Plays `g` to the end at random (mostly legal turn moves, some probes of anything): every
/// invariant holds after each action, every refusal leaves the game as it was, and the game ends
/// within the turn limit. Returns the game.
fn play_random(mut g: Game, seed: u64) -> Game {
    let mut rng = GameRng::new(seed);
    let mut legal = Vec::new();
    let bound = MAX_TURNS as usize * 60;
    let mut steps = 0;
    while !g.is_over() {
        assert_eq!(g.check_invariants(), Ok(()), "{} step {steps}", g.rules().spec().name);
        if rng.below(8) == 0 {
            let a = any_action(&mut rng);
            let before = g.clone();
            if g.apply(a).is_err() {
                assert_eq!(g, before, "a refused {a} changed the game");
            }
        } else {
            g.legal_actions_into(&mut legal);
            let a = legal[rng.below(legal.len() as u64) as usize];
            let s = g.current();
            let call = Action::CallLastCard { seat: s };
            let a = if g.hand(s).len() <= 2 && g.is_legal(call) { call } else { a };
            g.apply(a).unwrap_or_else(|e| panic!("a listed move was refused: {e}"));
        }
        steps += 1;
        assert!(g.turn_number() <= MAX_TURNS, "past the turn limit");
        assert!(steps < bound, "no end after {steps} actions");
    }
    assert_eq!(g.check_invariants(), Ok(()));
    g
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn any_text_into_every_decoder_is_ok_or_a_typed_error(s in hostile_text()) {
        every_decoder(&s);
    }

    /// A code or link with one character changed (often to a multi-byte one) is still only text.
    #[test]
    fn mutated_codes_and_links_are_ok_or_a_typed_error(
        k in 0usize..200, at in any::<prop::sample::Index>(), c in any::<char>(), seed in any::<u64>()
    ) {
        let (preset, house) = random_house(seed);
        let base = [
            Action::Play { seat: (k % 12) as Seat, card: Card::from_index(k % 52) }.code(),
            Action::Say { seat: 1, phrase: Phrase::YourTurn((k % 13) as Seat) }.code(),
            format!("#table={}.4.enh.{seed}~{house}", preset.id()),
            effect_code(Some(Effect::PickUp { group: 1, cards: (k % 40) as u8 })),
        ];
        for text in base {
            let chars: Vec<char> = text.chars().collect();
            let i = at.index(chars.len() + 1);
            let mut inserted = chars.clone();
            inserted.insert(i, c);
            let mut replaced = chars.clone();
            if i < replaced.len() {
                replaced[i] = c;
            }
            for variant in [inserted, replaced] {
                every_decoder(&variant.into_iter().collect::<String>());
            }
        }
    }
}

proptest! {
    #![proptest_config(config(64))]

    /// Share link → TableSetup → link: whatever a setup holds comes back; any link that opens
    /// writes a link that opens the same table.
    #[test]
    fn share_links_round_trip(seed in any::<u64>(), players in 2u8..=12, levels in "[enh]{11}", one in any::<bool>()) {
        let (preset, house) = random_house(seed);
        let spec = preset.spec();
        let players = players.clamp(spec.min_players, spec.max_players);
        let bots: String = levels.chars().take(players as usize - 1).collect();
        let bots = if one { ["easy", "normal", "hard"][seed as usize % 3].to_string() } else { bots };
        let link = format!("#table={}.{players}.{bots}.{seed}~{house}", preset.id());
        match TableSetup::parse(&link) {
            Some(Ok(setup)) => {
                prop_assert!(setup.shared, "a deal opened from a link is a shared deal");
                prop_assert_eq!(TableSetup::parse(&setup.fragment()), Some(Ok(setup.clone())));
                prop_assert!(setup.rules().is_ok());
            }
            Some(Err(why)) => {
                let why = why.to_string();
                prop_assert!(!why.is_empty() && why.len() < 4000, "{}", why)
            }
            None => prop_assert!(false, "a table link was not recognised"),
        }
    }

    /// Random house rules that the checked constructor accepts deal, play and end within the
    /// turn limit with every invariant held.
    #[test]
    fn accepted_house_rules_deal_and_end_within_the_limit(seed in any::<u64>(), players in 2u8..=12) {
        let (preset, house) = random_house(seed);
        let Ok(spec) = apply_overrides(&preset.spec(), &house) else { return Ok(()) };
        let Ok(rules) = Rules::new(spec) else { return Ok(()) };
        let players = players.clamp(rules.spec().min_players, rules.spec().max_players);
        let g = Game::new(rules, players, seed).expect("checked rules deal");
        play_random(g, seed ^ 0xabc);
    }

    /// RuleSpec values built field by field: accepted ones deal and end within the turn limit.
    #[test]
    fn accepted_rule_specs_deal_and_end_within_the_limit(seed in any::<u64>(), players in 2u8..=12) {
        let spec = random_spec(seed);
        let Ok(rules) = Rules::new(spec) else { return Ok(()) };
        let players = players.clamp(rules.spec().min_players, rules.spec().max_players);
        let g = Game::new(rules, players, seed).expect("checked rules deal");
        play_random(g, seed ^ 0xdef);
    }

    /// A save tampered with (a move changed, dropped, swapped or garbled; the seats, the players or
    /// the house rules edited) is refused, or replays to a state that passes every check.
    #[test]
    fn tampered_saves_are_refused_or_replay_to_a_sound_state(seed in any::<u64>(), edits in 1usize..4) {
        let preset = Preset::ALL[seed as usize % 5];
        let players = 2 + (seed % 4) as u8;
        let mut setup = TableSetup::new(preset, players, blackjack::bots::shedding::Level::Easy, seed);
        setup.house = random_house(seed).1;
        let Ok(rules) = setup.rules() else { return Ok(()) };
        let mut g = Game::new(rules, players, seed).unwrap();
        let mut rng = GameRng::new(seed);
        for _ in 0..rng.below(300) {
            if g.is_over() {
                break;
            }
            let legal = g.legal_actions();
            g.apply(legal[rng.below(legal.len() as u64) as usize]).unwrap();
        }
        let honest = StoredGame::of(&setup, &g, 7);
        let back: StoredGame = decode(&encode(1, &honest), 1).unwrap();
        prop_assert_eq!(&back, &honest);
        prop_assert_eq!(back.replay().unwrap().1, g, "an honest save replays exactly");
        let mut s = honest.clone();
        for _ in 0..edits {
            let mut codes: Vec<String> = s.log.split_whitespace().map(str::to_string).collect();
            let i = rng.below(codes.len() as u64 + 1) as usize;
            match rng.below(8) {
                0 if i < codes.len() => codes[i] = any_action(&mut rng).code(),
                1 if i < codes.len() => { codes.remove(i); }
                2 if i + 1 < codes.len() => codes.swap(i, i + 1),
                3 => codes.insert(i, ["p.0.Aé", "s.0.Y200", "é", "p.0.10H", "d.99", "x.0"][rng.below(6) as usize].into()),
                4 => s.players = rng.below(15) as u8,
                5 => s.seats.push(["", "hard", "wizard"][rng.below(3) as usize].into()),
                6 => s.house = random_house(rng.next_u64()).1,
                _ => s.names.push("é€😀".into()),
            }
            s.log = codes.join(" ");
        }
        let raw = encode(1, &s);
        if let Ok(read) = decode::<StoredGame>(&raw, 1) {
            if let Ok((_, game)) = read.replay() {
                prop_assert_eq!(game.check_invariants(), Ok(()));
            }
        }
    }
}

// ----- one scenario per refusal -----------------------------------------------------------------

fn with_power(mut spec: RuleSpec, rank: Rank, effect: Effect) -> RuleSpec {
    spec.powers.retain(|p| p.rank != rank);
    spec.powers.push(Power { rank, colour: None, effect });
    spec
}

fn problems(spec: RuleSpec) -> Vec<String> {
    Rules::new(spec).err().map(|e| e.problems.iter().map(|p| p.to_string()).collect()).unwrap_or_default()
}

#[test]
fn a_first_card_redraw_where_every_card_left_is_wild_is_refused_before_it_can_hang() {
    let wild = Effect::ChangeSuit { wild: true, ends_turn: false };
    let mut spec = Preset::CrazyEights.spec();
    for rank in Rank::ALL {
        spec = with_power(spec, rank, wild);
    }
    let p = problems(spec);
    assert!(p.iter().any(|p| p.contains("the deal must leave a card that is not wild")), "{p:?}");
    // The link: all 26 keys wild on Crazy Eights (which redraws by default).
    let all_wild: Vec<String> =
        house_rules().iter().filter(|r| r.key.starts_with("p.")).map(|r| format!("{}=we", r.key)).collect();
    let link = format!("#table=crazy-eights.4.normal.1~{}", all_wild.join("~"));
    let why = TableSetup::parse(&link).unwrap().unwrap_err();
    assert_eq!(why, LinkProblem::Conflicts);
    assert_eq!(why.to_string(), "Its house rules do not work together.");
    // Two players, twenty cards each, every rank but kings wild: the kings may all be dealt.
    let mut spec = Preset::CrazyEights.spec();
    spec.hand_size_two_players = Some(20);
    spec.max_players = 2;
    for rank in Rank::ALL.into_iter().filter(|&r| r != Rank::King) {
        spec = with_power(spec, rank, wild);
    }
    assert!(!problems(spec).is_empty());
    // The classic rules still deal, every seed.
    for seed in 0..200 {
        assert!(Game::new(Preset::CrazyEights.rules(), 2 + (seed % 4) as u8, seed).is_ok());
    }
}

#[test]
fn empty_two_player_hands_and_huge_counts_and_play_limits_are_refused() {
    let mut spec = Preset::CrazyEights.spec();
    spec.hand_size_two_players = Some(0);
    assert!(problems(spec).iter().any(|p| p.contains("two players must be dealt")));
    let mut spec = Preset::Taylor.spec();
    spec.max_plays = u32::MAX;
    assert!(problems(spec).iter().any(|p| p.contains("play limit")));
    let spec = with_power(Preset::Priestly.spec(), Rank::Five, Effect::Skip { players: 255 });
    assert!(problems(spec).iter().any(|p| p.contains("out of range")));
    let spec = with_power(Preset::British.spec(), Rank::Two, Effect::PickUp { group: 0, cards: 255 });
    assert!(problems(spec).iter().any(|p| p.contains("out of range")));
}

#[test]
fn skips_of_many_laps_cost_one_lap_and_name_each_seat_once() {
    // Every card skips 30 at a 12-seat table: one action, a bounded number of events.
    let mut spec = Preset::Priestly.spec();
    for rank in Rank::ALL {
        spec = with_power(spec, rank, Effect::Skip { players: 30 });
    }
    spec.runs = None;
    let rules = Rules::new(spec).unwrap();
    let mut g = Game::new(rules, 12, 5).unwrap();
    let seat = g.current();
    let a = g.legal_actions().into_iter().find(|a| matches!(a, Action::Play { .. })).expect("a card to lay");
    let ev = g.apply(a).unwrap();
    let skipped = ev.iter().filter(|e| matches!(e, Event::Skipped { .. })).count();
    assert_eq!(skipped, 12, "30 skips round 12 seats: each misses a turn, named once");
    // 30 skips from `seat`: the next turn is the 31st seat on, 31 mod 12 = 7 seats on.
    assert_eq!(g.current(), (seat + 7) % 12);
}

#[test]
fn table_talk_naming_a_seat_that_is_not_at_the_table_is_refused() {
    let mut g = Game::new(Preset::Taylor.rules(), 3, 1).unwrap();
    let before = g.clone();
    let e = g.apply(Action::Say { seat: 1, phrase: Phrase::YourTurn(200) }).unwrap_err();
    assert_eq!(e.reason, Refusal::NoSuchSeat);
    assert_eq!(g, before);
    assert!(g.apply(Action::Say { seat: 1, phrase: Phrase::YourTurn(2) }).is_ok());
}

#[test]
fn a_game_that_reaches_the_turn_limit_ends_with_the_fewest_cards_winning() {
    // Nobody can go out: every card must be covered, and covering cards must be covered too.
    let mut spec = Preset::Taylor.spec();
    for rank in Rank::ALL {
        spec = with_power(spec, rank, Effect::MustCover);
    }
    spec.penalties = Penalties { false_accusation: Some(1), ..Penalties::NONE };
    spec.clock_ms = None;
    let rules = Rules::new(spec).unwrap();
    let g = play_random(Game::new(rules, 4, 3).unwrap(), 3);
    assert!(g.turn_number() <= MAX_TURNS);
    let winner = g.winner().unwrap();
    let fewest = (0..4).map(|s| g.hand(s).len()).min().unwrap();
    if g.turn_number() == MAX_TURNS {
        assert_eq!(g.hand(winner).len(), fewest, "at the limit the fewest cards wins");
    }
    // British rounds: a match of twelve where nobody can go out ends at the limit on scores.
    let mut spec = Preset::British.spec();
    for rank in Rank::ALL {
        spec = with_power(spec, rank, Effect::MustCover);
    }
    let g = play_random(Game::new(Rules::new(spec).unwrap(), 12, 9).unwrap(), 9);
    assert!(g.is_over() && g.turn_number() <= MAX_TURNS);
}

#[test]
fn overlong_saves_and_links_are_refused_before_parsing() {
    let huge = format!("blackjack v1\nlog={}", "d.0 ".repeat(MAX_SAVE_BYTES / 4 + 1));
    assert!(matches!(decode::<StoredGame>(&huge, 1), Err(LoadProblem::TooLong(_))));
    let link = format!("#table=taylor.4.normal.1~{}", "hand=5~".repeat(MAX_LINK_BYTES / 7 + 1));
    let why = TableSetup::parse(&link).unwrap().unwrap_err();
    assert_eq!(why, LinkProblem::TooLong);
    assert!(why.to_string().contains("too long"), "{why}");
}

#[test]
fn a_link_s_unreadable_house_rules_are_typed_and_told_to_the_player_in_the_same_words() {
    let link = "#table=priestly.2.hard.5~hand=99~colour=red";
    let why = TableSetup::parse(link).unwrap().unwrap_err();
    assert!(matches!(&why, LinkProblem::Unreadable(p) if p.len() == 2), "{why:?}");
    assert_eq!(
        why.to_string(),
        "Its house rules could not be read: there is no house rule \"colour\"; \
         Cards dealt: \"99\" is not a possible value (1 to 20)."
    );
    let setup = TableSetup {
        house: "hand=99~colour=red".into(),
        ..TableSetup::new(Preset::Priestly, 2, blackjack::bots::shedding::Level::Hard, 5)
    };
    let Err(BadRules::Unreadable(problems)) = setup.rules() else { panic!("{:?}", setup.rules()) };
    assert!(matches!(problems[0], OverrideProblem::UnknownRule(ref k) if k == "colour"), "{problems:?}");
    assert!(
        matches!(problems[1], OverrideProblem::BadValue { ref key, ref value, .. } if key == "hand" && value == "99")
    );
}

#[test]
fn a_save_holding_a_multi_byte_character_is_refused_with_a_reason() {
    let g = Game::new(Preset::Taylor.rules(), 3, 4).unwrap();
    let setup = TableSetup::new(Preset::Taylor, 3, blackjack::bots::shedding::Level::Easy, 4);
    let mut s = StoredGame::of(&setup, &g, 1);
    for bad in ["p.0.Aé", "é", "p.0.1é", "s.0.Yé"] {
        s.log = bad.into();
        let e = s.replay().unwrap_err();
        assert!(e.to_string().contains("unreadable move"), "{e}");
    }
    s.log.clear();
    s.house = "p.A.b=é".into();
    assert!(s.replay().is_err());
}

#[test]
fn statistics_count_shared_deals_apart_and_never_wrap() {
    let mut st = Stats::default();
    assert!(st.record(Preset::Taylor, "1.50".into(), 1, false));
    assert!(st.record(Preset::Taylor, "2.60".into(), 1, true));
    assert!(!st.record(Preset::Taylor, "2.60".into(), 1, true), "counted once");
    assert_eq!(st.games[0], (1, 1));
    assert_eq!(st.shared, (1, 1));
    let back: Stats = decode(&encode(1, &st), 1).unwrap();
    assert_eq!(back, st);
    st.games[1] = (u32::MAX, 3);
    st.record(Preset::Priestly, "3.70".into(), 1, false);
    assert_eq!(st.games[1], (u32::MAX, 3), "a count at its top stays there");
    // Statistics from before shared deals were counted apart still read.
    let old = "blackjack v1\ngames=1/0,0/0,0/0,0/0,0/0\ncounted=9.9\n";
    assert_eq!(decode::<Stats>(old, 1).unwrap().shared, (0, 0));
    for bad in ["games=1/2,0/0,0/0,0/0,0/0", "games=99999999999/0,0/0,0/0,0/0,0/0", "games=+1/0,0/0,0/0,0/0,0/0"] {
        assert!(decode::<Stats>(&format!("blackjack v1\n{bad}\ncounted=\n"), 1).is_err(), "{bad}");
    }
}

/// Found by the property test above: a round of British scoring that ended on the 3,000th turn
/// dealt the next round (turn 3,001). The game must end at the limit however its last turn ends.
#[test]
fn a_round_ending_on_the_last_allowed_turn_ends_the_game() {
    let seed = 5606243189014385381u64;
    let (preset, house) = random_house(seed);
    let rules = Rules::new(apply_overrides(&preset.spec(), &house).expect("overrides")).expect("rules");
    let players = 3u8.clamp(rules.spec().min_players, rules.spec().max_players);
    let g = play_random(Game::new(rules, players, seed).expect("deal"), seed ^ 0xabc);
    assert_eq!(g.turn_number(), MAX_TURNS, "this deal's last round ends on the last allowed turn");
}
