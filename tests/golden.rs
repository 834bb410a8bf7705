//! Golden playthroughs (OpenSpiel's integration_tests/playthroughs): a seeded game played by a
//! seeded random player, written as text. A rules change shows up as a diff of these files.
//! Regenerate deliberately with `UPDATE_GOLDEN=1 cargo test --test golden`.
mod common;
use blackjack::engine::rng::GameRng;
use common::*;
use std::fmt::Write;

fn playthrough(preset: Preset, players: u8, seed: u64) -> String {
    let mut g = Game::new(preset.rules(), players, seed).unwrap();
    let mut rng = GameRng::new(seed);
    let mut out = String::new();
    writeln!(out, "# {} | {players} players | seed {seed}", g.rules().spec().name).unwrap();
    for s in 0..players {
        writeln!(out, "hand {s}: {}", hand(&g, s)).unwrap();
    }
    writeln!(out, "starter: {} | first: {}", g.top(), g.current()).unwrap();
    while !g.is_over() && g.log().len() < 400 {
        let legal = g.legal_actions();
        let mut a = legal[rng.below(legal.len() as u64) as usize];
        // The player calls "Last card" when it is true, so games can end.
        let s = g.current();
        if g.is_legal(Action::CallLastCard { seat: s }) && g.hand(s).len() <= 2 {
            a = Action::CallLastCard { seat: s };
        }
        let ev = g.apply(a).unwrap();
        writeln!(out, "> {a}").unwrap();
        for e in ev {
            if !matches!(e, Event::TurnStarts { .. }) {
                writeln!(out, "    {e:?}").unwrap();
            }
        }
    }
    writeln!(out, "winner: {:?} | scores: {:?}", g.winner(), g.scores()).unwrap();
    out
}

#[test]
fn golden_playthroughs_match() {
    let cases = [
        (Preset::Taylor, 4, 1),
        (Preset::Priestly, 3, 2),
        (Preset::British, 2, 3),
        (Preset::CrazyEights, 5, 4),
        (Preset::Switch, 4, 5),
    ];
    let update = std::env::var("UPDATE_GOLDEN").is_ok();
    let mut stale = Vec::new();
    for (preset, players, seed) in cases {
        let text = playthrough(preset, players, seed);
        let path = format!("{}/tests/golden/{}-{players}p-seed{seed}.txt", env!("CARGO_MANIFEST_DIR"), preset.id());
        if update {
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if expected != text {
            let line = expected.lines().zip(text.lines()).position(|(a, b)| a != b).unwrap_or(0) + 1;
            stale.push(format!("{path}: first difference at line {line}"));
        }
    }
    assert!(stale.is_empty(), "playthroughs changed (UPDATE_GOLDEN=1 to accept):\n{}", stale.join("\n"));
}
