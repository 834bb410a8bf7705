//! The fast playout path is the same game as `Game`: for every rule set it accepts, the same
//! seed and the same choices give the same legal actions at every step, the same winner and the
//! same length; and it refuses every rule set it does not cover.

use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::house::apply_overrides;
use blackjack::engine::shedding::playout::Playout;
use blackjack::engine::shedding::{Game, Preset, Rules};

fn lockstep(rules: &Rules, players: u8, seed: u64) -> u64 {
    let mut game = Game::new(rules.clone(), players, seed).unwrap();
    let mut fast = Playout::new(rules, players, seed).expect("on the fast path");
    let mut choose = GameRng::new(seed ^ 0xfa57);
    let (mut legal, mut fast_legal) = (Vec::new(), Vec::new());
    let mut steps = 0;
    while !game.is_over() {
        game.legal_actions_into(&mut legal);
        fast.legal_actions_into(&mut fast_legal);
        assert_eq!(fast_legal, legal, "{} {players}p seed {seed} step {steps}", rules.spec().name);
        let k = choose.below(legal.len() as u64) as usize;
        game.apply(legal[k]).unwrap();
        assert!(fast.play_nth(k));
        steps += 1;
    }
    assert!(fast.is_over(), "seed {seed}: the game ended, the playout did not");
    assert_eq!(fast.winner(), game.winner(), "{players}p seed {seed}");
    assert_eq!(fast.plays(), game.plays_this_round(), "{players}p seed {seed}");
    steps
}

#[test]
fn the_fast_path_plays_the_same_games_as_the_engine() {
    let rules = Preset::CrazyEights.rules();
    let mut steps = 0;
    for players in 2..=5 {
        for seed in 0..400 {
            steps += lockstep(&rules, players, seed);
        }
    }
    assert!(steps > 100_000, "{steps} steps compared");
}

#[test]
fn house_rules_on_the_fast_path_play_the_same_games_too() {
    // Skips, reverses (and a reverse that skips between two), a suit change that is not wild,
    // no playing after a draw, a short play limit: every power the fast path takes.
    for overrides in [
        "p.Q.b=s1~p.Q.r=s1~p.K.b=v~p.K.r=v~p.A.b=a~p.A.r=a",
        "p.J.b=s2~p.7.r=v~rev2=skip~play_draw=0~draws=1",
        "draw_able=0~max_plays=40~first=neutral~p.8.r=-",
    ] {
        let spec = apply_overrides(&Preset::CrazyEights.spec(), overrides).unwrap();
        let rules = Rules::new(spec).unwrap();
        for players in 2..=5 {
            for seed in 0..150 {
                lockstep(&rules, players, seed);
            }
        }
    }
}

#[test]
fn rule_sets_it_does_not_cover_are_refused() {
    for preset in [Preset::Taylor, Preset::Priestly, Preset::British, Preset::Switch] {
        assert!(Playout::new(&preset.rules(), 4, 1).is_none(), "{preset:?}");
    }
    // Two decks (six players or more in Crazy Eights) are not on the fast path either.
    assert!(Playout::new(&Preset::CrazyEights.rules(), 6, 1).is_none());
    assert!(Playout::new(&Preset::CrazyEights.rules(), 5, 1).is_some());
}

#[test]
fn a_redeal_is_the_same_as_a_new_deal() {
    let rules = Preset::CrazyEights.rules();
    let mut reused = Playout::new(&rules, 4, 999).unwrap();
    let mut rng = GameRng::new(3);
    reused.play_random(&mut rng);
    for seed in 0..100 {
        reused.redeal(seed);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        reused.legal_actions_into(&mut a);
        Playout::new(&rules, 4, seed).unwrap().legal_actions_into(&mut b);
        assert_eq!(a, b, "seed {seed}");
        let (mut r1, mut r2) = (GameRng::new(seed), GameRng::new(seed));
        let mut fresh = Playout::new(&rules, 4, seed).unwrap();
        assert_eq!((reused.play_random(&mut r1), reused.winner()), (fresh.play_random(&mut r2), fresh.winner()));
    }
}

#[test]
fn random_play_chooses_as_the_benchmark_does() {
    let rules = Preset::CrazyEights.rules();
    let mut a = GameRng::new(7);
    let mut b = GameRng::new(7);
    let mut legal = Vec::new();
    for seed in 0..200 {
        let mut game = Game::new(rules.clone(), 5, seed).unwrap();
        let mut decisions = 0;
        while !game.is_over() {
            game.legal_actions_into(&mut legal);
            game.apply(legal[a.below(legal.len() as u64) as usize]).unwrap();
            decisions += 1;
        }
        let mut fast = Playout::new(&rules, 5, seed).unwrap();
        assert_eq!(fast.play_random(&mut b), decisions, "seed {seed}");
        assert_eq!(fast.winner(), game.winner());
    }
}
