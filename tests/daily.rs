//! The daily deal (issue 36 §4) and the statistics record (§5): the day's deal number is stable
//! and differs across days and games; a finished daily game is gathered once, with its result
//! line, and a second try the same day is refused; the streaks; the daily record and the
//! statistics read old records, refuse hostile ones and are bounded when read.
// proptest is a native dev-dependency: the wasm build of the tests leaves this file out.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::casino::decide;
use blackjack::bots::shedding::Level;
use blackjack::engine::casino::hand::Total;
use blackjack::engine::casino::save::{Choice as CasinoChoice, HUMAN_SPOT};
use blackjack::engine::casino::{Action as CasinoAction, Phase, TableSpec};
use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Action, Game, Preset};
use blackjack::engine::uno;
use blackjack::ui::casino::daily as casino_daily;
use blackjack::ui::casino::replay::CasinoReplay;
use blackjack::ui::casino::state::{Bank, CasinoState, Msg as CasinoMsg};
use blackjack::ui::daily::{already, casino_choice, casino_daily_of, CasinoDay, CasinoOutcome, CASINO_CHIPS, HANDS};
use blackjack::ui::daily::{casino_key, casino_keys, CASINO_DAYS, CASINO_KEY};
use blackjack::ui::daily::{
    daily_of, deal_number, finished_line, played_notice, record_uno, result_line, setup, start, uno_choice,
    uno_daily_of, Daily, DailyGame, Day, Entry, Outcome, Played, Start, UnoOutcome, ALL, GAMES, KEPT, PLAYERS,
};
use blackjack::ui::reducer::Apply;
use blackjack::ui::replay::Replay;
use blackjack::ui::replay::ReplayProblem;
use blackjack::ui::shedding::link::TableSetup;
use blackjack::ui::stats::{place, Stats};
use blackjack::ui::storage::{decode, encode, LoadProblem};
use blackjack::ui::uno::state::{Msg, UnoChoice, UnoState};
use proptest::prelude::*;
use std::collections::HashSet;

/// 28 November 2026 (UTC).
const NOV_28: Day = Day(20_785);

/// Plays `setup`'s deal to its end with random legal moves (no table talk), from `seed`.
fn finish(setup: &TableSetup, seed: u64) -> Game {
    let mut game = Game::new(setup.rules().expect("the daily rules"), setup.players, setup.seed).expect("deals");
    let mut rng = GameRng::new(seed);
    for _ in 0..50_000 {
        if game.is_over() {
            return game;
        }
        let legal: Vec<Action> =
            game.legal_actions().into_iter().filter(|a| !matches!(a, Action::Say { .. })).collect();
        let plays: Vec<Action> = legal.iter().copied().filter(|a| matches!(a, Action::Play { .. })).collect();
        let pool = if plays.is_empty() || rng.below(4) == 0 { &legal } else { &plays };
        game.apply(pool[rng.below(pool.len() as u64) as usize]).expect("a legal action");
    }
    panic!("the game did not end");
}

#[test]
fn the_days_deal_is_stable_and_differs_across_days_and_games() {
    // Pinned: the same number on every device and in every version, or the deal changes under
    // the players of that day.
    assert_eq!(deal_number(NOV_28, Preset::Taylor), deal_number(Day(20_785), Preset::Taylor));
    assert_eq!(
        deal_number(NOV_28, Preset::Taylor),
        0xd4c9_a887_2e38_8d3f,
        "{:#x}",
        deal_number(NOV_28, Preset::Taylor)
    );
    let mut seen = HashSet::new();
    for day in 20_000..21_000 {
        for game in GAMES {
            assert!(seen.insert(deal_number(Day(day), game)), "day {day} {game:?} repeats a deal");
        }
    }
    // Each day's table is the game's rules as they stand, four seats, normal bots.
    let t = setup(Preset::Taylor, NOV_28);
    assert_eq!((t.players, t.house.as_str(), t.seed), (PLAYERS, "", deal_number(NOV_28, Preset::Taylor)));
    assert_eq!(t.levels.iter().filter(|l| l.is_some()).count(), 3);
}

#[test]
fn days_come_from_the_clock_in_utc_and_read_as_dates() {
    assert_eq!(Day::from_ms(1_795_910_340_000.0), Some(NOV_28), "23:59 on 28 November is still that day");
    assert_eq!(Day::from_ms(1_795_910_400_000.0), Some(Day(20_786)), "midnight is the next");
    assert_eq!(Day::from_ms(-1.0), None);
    assert_eq!(Day::from_ms(f64::NAN), None);
    assert_eq!(Day::from_ms(f64::INFINITY), None);
    assert_eq!(NOV_28.civil(), (2026, 11, 28));
    assert_eq!(NOV_28.label(), "28 Nov");
    assert_eq!(Day(0).civil(), (1970, 1, 1));
    assert_eq!(Day(20_878).label(), "1 Mar", "2027 is no leap year");
    assert_eq!(Day(u32::MAX).civil().1, Day(u32::MAX).civil().1.clamp(1, 12));
}

#[test]
fn a_daily_game_is_recognised_by_its_table_only() {
    let t = setup(Preset::Priestly, NOV_28);
    assert_eq!(daily_of(&t, NOV_28), Some((NOV_28, Preset::Priestly)));
    // Begun before midnight, finished after: the day it was dealt.
    assert_eq!(daily_of(&t, Day(NOV_28.0 + 1)), Some((NOV_28, Preset::Priestly)));
    assert_eq!(daily_of(&t, Day(NOV_28.0 + 2)), None);
    for changed in [
        TableSetup { seed: t.seed ^ 1, ..t.clone() },
        TableSetup { house: "hand=3".into(), ..t.clone() },
        TableSetup::new(Preset::Priestly, 3, blackjack::bots::shedding::Level::Normal, t.seed),
        TableSetup::new(Preset::Priestly, 4, blackjack::bots::shedding::Level::Hard, t.seed),
        // Pass-and-play: a second person in place of a bot.
        TableSetup { levels: vec![None, None, Some(Level::Normal), Some(Level::Normal)], ..t.clone() },
    ] {
        assert_eq!(daily_of(&changed, NOV_28), None, "{changed:?}");
    }
    // Crazy Eights has no daily deal.
    assert_eq!(daily_of(&setup(Preset::CrazyEights, NOV_28), NOV_28), None);
}

#[test]
fn a_finished_daily_game_is_gathered_once_and_a_second_try_is_refused() {
    let table = setup(Preset::Taylor, NOV_28);
    // Before playing: deal it; while it is in progress: go on with it.
    let record = Daily::default();
    assert_eq!(start(&record, Preset::Taylor, NOV_28, None), Start::Deal(table.clone()));
    assert_eq!(start(&record, Preset::Taylor, NOV_28, Some(&table)), Start::Resume);
    assert_eq!(start(&record, Preset::Priestly, NOV_28, Some(&table)), Start::Deal(setup(Preset::Priestly, NOV_28)));

    let game = finish(&table, 7);
    let outcome = Outcome::of(&game);
    let mine = game.log().iter().filter(|a| a.seat() == 0 && a.is_turn_move()).count() as u32;
    assert!(outcome.turns >= 1 && outcome.turns <= mine, "{outcome:?} of {mine} moves");
    let draws = game.log().iter().filter(|a| matches!(a, Action::Draw { seat: 0 })).count() as u32;
    assert_eq!(outcome.pickups, draws);
    assert_eq!(outcome.won(), game.winner() == Some(0));
    assert_eq!(outcome.place, place(&game, 0));

    let line = result_line(Preset::Taylor, NOV_28, outcome);
    assert!(line.starts_with("Taylor daily, 28 Nov: "), "{line}");
    assert!(line.contains(&format!(" in {} turn", outcome.turns)), "{line}");
    // Nothing hidden and no link: no card, no deal number, no address.
    for never in ["http", "#", "seed", &table.seed.to_string(), "♠", "♥"] {
        assert!(!line.contains(never), "{line} says {never}");
    }
    let fixed = Outcome { place: 1, turns: 14, pickups: 2 };
    assert_eq!(result_line(Preset::Taylor, NOV_28, fixed), "Taylor daily, 28 Nov: won in 14 turns, 2 pick-ups");
    let third = Outcome { place: 3, turns: 1, pickups: 1 };
    assert_eq!(result_line(Preset::British, NOV_28, third), "British daily, 28 Nov: 3rd of 4 in 1 turn, 1 pick-up");

    let replay = Replay::of(&table, &game);
    let other = Replay::of(&setup(Preset::Taylor, Day(1)), &finish(&setup(Preset::Taylor, Day(1)), 3));
    let mut record = Daily::default();
    assert!(record.gather([&other, &replay], NOV_28), "today's game is new");
    assert_eq!(record.entries.len(), 1, "a game of another day is not today's");
    assert!(!record.gather([&replay], NOV_28), "gathered once");
    assert_eq!(record.result(NOV_28, Preset::Taylor), Some(&outcome.into()));
    // The second try: refused with the first result, even with the deal in progress again.
    match start(&record, Preset::Taylor, NOV_28, Some(&table)) {
        Start::Played(notice) => {
            assert!(notice.contains(&line), "{notice}");
            assert!(notice.contains("already"), "{notice}");
        }
        other => panic!("{other:?}"),
    }
    // A better result later does not replace the first.
    let better =
        Entry { day: NOV_28, game: Preset::Taylor.into(), outcome: Outcome { place: 1, turns: 1, pickups: 0 }.into() };
    assert!(!record.record(better));
    assert_eq!(record.result(NOV_28, Preset::Taylor), Some(&outcome.into()));
    // Tomorrow is another deal.
    assert_eq!(
        start(&record, Preset::Taylor, Day(NOV_28.0 + 1), None),
        Start::Deal(setup(Preset::Taylor, Day(NOV_28.0 + 1)))
    );
}

#[test]
fn the_tables_results_offer_the_menus_line_for_each_shedding_daily() {
    for (game, name) in GAMES.into_iter().zip(["Taylor", "Priestly", "British"]) {
        let table = setup(game, NOV_28);
        let played = finish(&table, 11 + game as u64);
        // The menu's line: the game gathered from its kept replay, as the menu does.
        let mut menu = Daily::default();
        assert!(menu.gather([&Replay::of(&table, &played)], NOV_28), "{name}");
        let &gathered = menu.result(NOV_28, game).expect("gathered");
        let line = finished_line(&table, &played, NOV_28).expect("a daily game");
        assert_eq!(line, result_line(game, NOV_28, gathered), "{name}: the table's line is the menu's");
        assert!(line.starts_with(&format!("{name} daily, 28 Nov: ")), "{line}");
        // Finished after midnight: still the day it was dealt.
        assert_eq!(finished_line(&table, &played, Day(NOV_28.0 + 1)).as_ref(), Some(&line));
        // Nothing for a game still in play, another deal, a day long gone, or the deal opened
        // from a link (it may be a second try: the day's first result is the menu's).
        let begun = Game::new(table.rules().expect("rules"), table.players, table.seed).expect("deals");
        assert_eq!(finished_line(&table, &begun, NOV_28), None, "{name} in play");
        let other = TableSetup { seed: table.seed ^ 1, ..table.clone() };
        assert_eq!(finished_line(&other, &finish(&other, 5), NOV_28), None, "{name}, another deal");
        assert_eq!(finished_line(&table, &played, Day(NOV_28.0 + 2)), None, "{name}, two days on");
        let linked = TableSetup { shared: true, ..table.clone() };
        assert_eq!(finished_line(&linked, &played, NOV_28), None, "{name} from a link");
    }
}

fn played(record: &mut Daily, game: Preset, days: &[u32]) {
    for &d in days {
        record.record(Entry {
            day: Day(d),
            game: game.into(),
            outcome: Outcome { place: 2, turns: 9, pickups: 1 }.into(),
        });
    }
}

#[test]
fn streaks_count_days_in_a_row_per_game() {
    let mut r = Daily::default();
    played(&mut r, Preset::Taylor, &[100, 99, 98, 95, 94, 93, 92]);
    played(&mut r, Preset::Priestly, &[99]);
    assert_eq!(r.streaks(Preset::Taylor, Day(100)), (3, 4));
    // Today still to play: yesterday's run goes on.
    assert_eq!(r.streaks(Preset::Taylor, Day(101)), (3, 4));
    // A day missed: the run is over, the best stays.
    assert_eq!(r.streaks(Preset::Taylor, Day(102)), (0, 4));
    assert_eq!(r.streaks(Preset::Priestly, Day(100)), (1, 1));
    assert_eq!(r.streaks(Preset::British, Day(100)), (0, 0));
    // Entries recorded out of order land in order.
    played(&mut r, Preset::British, &[50, 52, 51]);
    assert_eq!(r.streaks(Preset::British, Day(52)), (3, 3));
    // The best outlives the entries it was counted from.
    let back: Daily = decode(&encode(1, &r), 1).unwrap();
    assert_eq!(back, r);
    let mut short = back.clone();
    short.entries.retain(|e| e.game != Preset::Taylor.into() || e.day.0 > 95);
    assert_eq!(short.streaks(Preset::Taylor, Day(100)), (3, 4));
}

#[test]
fn the_daily_record_refuses_hostile_text_and_is_bounded_when_read() {
    let good = "blackjack v1\ngames=20785.taylor.1.14.2 20784.british.4.30.7\nbest=1,0,1\n";
    let r: Daily = decode(good, 1).unwrap();
    assert_eq!(r.entries.len(), 2);
    assert_eq!(r.entries[1].outcome, Outcome { place: 4, turns: 30, pickups: 7 }.into());
    for bad in [
        "games=20785.chess.1.14.2\nbest=0,0,0",
        "games=20785.crazy-eights.1.14.2\nbest=0,0,0",
        "games=20785.taylor.0.14.2\nbest=0,0,0",
        "games=20785.taylor.5.14.2\nbest=0,0,0",
        "games=20785.taylor.1.14\nbest=0,0,0",
        "games=20785.taylor.1.14.2.9\nbest=0,0,0",
        "games=20785.taylor.1.-14.2\nbest=0,0,0",
        "games=99999999999999999999.taylor.1.14.2\nbest=0,0,0",
        "games=20785.taylor.1.14.2\nbest=0,0",
        "games=20785.taylor.1.14.2\nbest=a,0,0",
        "games=20785.taylor.1.14.2",
        "best=0,0,0",
        "games=20785.taylor.1.é.2\nbest=0,0,0",
    ] {
        let text = format!("blackjack v1\n{bad}\n");
        assert_eq!(decode::<Daily>(&text, 1), Err(LoadProblem::Corrupt), "{bad}");
    }
    assert_eq!(decode::<Daily>("blackjack v9\ngames=\nbest=0,0,0\n", 1), Err(LoadProblem::OldVersion(9)));
    // Far more entries than the page keeps: only the first KEPT are read.
    let many = vec!["1.taylor.1.1.1"; KEPT + 500].join(" ");
    let r: Daily = decode(&format!("blackjack v1\ngames={many}\nbest=0,0,0\n"), 1).unwrap();
    assert_eq!(r.entries.len(), KEPT);
    // And the record never keeps more than that.
    let mut r = Daily::default();
    for d in 0..(KEPT as u32 + 10) {
        r.record(Entry {
            day: Day(d),
            game: Preset::Taylor.into(),
            outcome: Outcome { place: 1, turns: 1, pickups: 0 }.into(),
        });
    }
    assert_eq!(r.entries.len(), KEPT);
    assert_eq!(r.entries[0].day, Day(KEPT as u32 + 9), "the newest kept");
}

#[test]
fn statistics_keep_places_and_still_read_records_from_before() {
    let mut st = Stats::default();
    assert!(st.record(Preset::Taylor, "1.10".into(), 1, false));
    assert!(st.record(Preset::Taylor, "2.10".into(), 3, false));
    assert!(st.record(Preset::Taylor, "3.10".into(), 2, true), "a shared deal counts apart");
    assert_eq!(st.games[0], (2, 1));
    assert_eq!(st.places[0], (2, 4), "average place 2.0, the shared deal not in it");
    let back: Stats = decode(&encode(1, &st), 1).unwrap();
    assert_eq!(back, st);
    // Saved before places were kept: read, with no places.
    let old = "blackjack v1\ngames=4/2,0/0,0/0,0/0,0/0\nshared=0/0\ncounted=9.9\n";
    let read = decode::<Stats>(old, 1).unwrap();
    assert_eq!((read.games[0], read.places[0]), ((4, 2), (0, 0)));
    for bad in ["1/0,0/0,0/0,0/0,0/0", "2/1,0/0,0/0,0/0,0/0", "1/9999,0/0,0/0,0/0,0/0", "0/0,0/0", "x"] {
        let text = format!("blackjack v1\ngames=1/0,0/0,0/0,0/0,0/0\nplaces={bad}\ncounted=\n");
        assert_eq!(decode::<Stats>(&text, 1), Err(LoadProblem::Corrupt), "{bad}");
    }
}

#[test]
fn places_rank_as_the_results_do() {
    let game = finish(&setup(Preset::Taylor, NOV_28), 11);
    let places: Vec<u8> = (0..game.players()).map(|s| place(&game, s)).collect();
    let mut sorted = places.clone();
    sorted.sort();
    assert_eq!(sorted, vec![1, 2, 3, 4], "each place once: {places:?}");
    let winner = game.winner().expect("over");
    assert_eq!(places[winner as usize], 1);
    for a in 0..game.players() {
        for b in 0..game.players() {
            if a != winner && b != winner && game.hand(a).len() < game.hand(b).len() {
                assert!(places[a as usize] < places[b as usize], "fewer cards, better place: {places:?}");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
    /// Any text as a daily record: read or refused, never a panic; what is read writes back the same.
    #[test]
    fn any_daily_record_is_read_or_refused(entries in "[0-9a-z. ,-]{0,80}", best in "[0-9,x]{0,12}") {
        let raw = format!("blackjack v1\ngames={entries}\nbest={best}\n");
        if let Ok(r) = decode::<Daily>(&raw, 1) {
            prop_assert!(r.entries.len() <= KEPT);
            prop_assert_eq!(decode::<Daily>(&encode(1, &r), 1).ok(), Some(r));
        }
    }
}

/// Today's UNO deal played to its end at the page's table: the person at seat 0 hitting under
/// `stand` and passing from it, the bots and the reveals as the table plays them by itself.
fn finish_uno(day: Day, stand: u8) -> UnoState {
    let mut t = UnoState::new(uno_choice(), deal_number(day, DailyGame::Uno));
    for _ in 0..20_000 {
        if t.game.is_over() {
            return t;
        }
        let me = t.screen.me();
        let action = t.auto_action().map(|(a, _)| a).unwrap_or_else(|| {
            let legal = t.game.legal_actions();
            let mine = if t.screen.totals[me as usize] < stand {
                uno::Action::Hit { seat: me }
            } else {
                uno::Action::Pass { seat: me }
            };
            [uno::Action::Reveal, mine, uno::Action::Pass { seat: me }]
                .into_iter()
                .find(|a| legal.contains(a))
                .unwrap_or(legal[0])
        });
        assert!(t.apply(Msg::Act { action, at: t.at() }));
    }
    panic!("the daily UNO game did not end");
}

#[test]
fn the_uno_deal_is_stable_and_differs_across_days_and_from_the_other_games() {
    // Pinned as the shedding games' is: the deal must not change under that day's players.
    let n = deal_number(NOV_28, DailyGame::Uno);
    assert_eq!(n, deal_number(Day(20_785), DailyGame::Uno));
    assert_eq!(n, 0x4b8c_c56d_e8a2_87c5, "{n:#x}");
    assert_eq!(deal_number(NOV_28, Preset::Taylor), deal_number(NOV_28, DailyGame::Shed(Preset::Taylor)));
    let mut seen = HashSet::new();
    for day in 20_000..21_000 {
        for game in ALL {
            assert!(seen.insert(deal_number(Day(day), game)), "day {day} {game:?} repeats a deal");
        }
    }
    for game in ALL {
        assert_eq!(DailyGame::from_id(game.id()), Some(game));
    }
    assert_eq!(DailyGame::from_id("crazy-eights"), None);
    assert_eq!(DailyGame::from_id("casino"), Some(DailyGame::Casino));
    assert_eq!(DailyGame::from_id("tables"), None);
    // The daily table: four seats, the player and three normal bots, the rules as they stand.
    let c = uno_choice();
    assert_eq!(c.players, PLAYERS);
    assert_eq!(c.levels.iter().filter(|l| **l == Some(Level::Normal)).count(), 3);
    assert_eq!(c, UnoChoice::default());
}

#[test]
fn a_daily_uno_game_is_recognised_by_its_table_only() {
    let seed = deal_number(NOV_28, DailyGame::Uno);
    let c = uno_choice();
    assert_eq!(uno_daily_of(&c, seed, NOV_28), Some(NOV_28));
    assert_eq!(uno_daily_of(&c, seed, Day(NOV_28.0 + 1)), Some(NOV_28), "finished after midnight");
    assert_eq!(uno_daily_of(&c, seed, Day(NOV_28.0 + 2)), None);
    assert_eq!(uno_daily_of(&c, seed ^ 1, NOV_28), None);
    assert_eq!(uno_daily_of(&c, deal_number(NOV_28, Preset::Taylor), NOV_28), None, "another game's number");
    let mut hard = c.clone();
    hard.levels[1] = Some(Level::Hard);
    let mut three = c.clone();
    three.resize(3);
    for changed in [UnoChoice { short: true, ..c.clone() }, UnoChoice { skip_zero: true, ..c.clone() }, hard, three] {
        assert_eq!(uno_daily_of(&changed, seed, NOV_28), None, "{changed:?}");
    }
}

#[test]
fn a_finished_daily_uno_game_is_recorded_once_and_a_second_try_is_refused() {
    let t = finish_uno(NOV_28, 17);
    let o = UnoOutcome::of(&t.game);
    assert_eq!(o.rounds, t.game.round());
    assert!((1..=PLAYERS).contains(&o.place), "{o:?}");
    let uno::Phase::Over { winners } = t.game.phase() else { panic!("over") };
    assert_eq!(o.place == 1, winners.contains(&0), "{o:?} {winners:?}");
    assert!(o.round_wins <= o.rounds);
    // The same as the table's results: its last row of the rounds it showed.
    let shown_wins = t.screen.log.iter().filter(|l| l.starts_with("You win round")).count() as u32;
    assert!(shown_wins <= o.round_wins, "{shown_wins} > {o:?}");

    // Not over yet: nothing recorded; another table: nothing recorded.
    let mut record = Daily::default();
    let fresh = UnoState::new(uno_choice(), deal_number(NOV_28, DailyGame::Uno));
    assert_eq!(record_uno(&mut record, &fresh.choice, &fresh.game, NOV_28), None);
    let other = UnoState::new(uno_choice(), 42);
    assert_eq!(record_uno(&mut record, &other.choice, &other.game, NOV_28), None);
    assert!(record.entries.is_empty());
    assert_eq!(played_notice(&record, DailyGame::Uno, NOV_28), None);

    let line = record_uno(&mut record, &t.choice, &t.game, NOV_28).expect("today's daily game");
    assert!(line.starts_with("UNO Blackjack daily, 28 Nov: "), "{line}");
    assert!(line.contains(&format!(", {} round", o.rounds)), "{line}");
    for never in ["http", "#", "seed", &t.seed.to_string()] {
        assert!(!line.contains(never), "{line} says {never}");
    }
    assert_eq!(record.result(NOV_28, DailyGame::Uno), Some(&Played::Uno(o)));
    let notice = played_notice(&record, DailyGame::Uno, NOV_28).expect("played");
    assert!(notice.contains(&line) && notice.contains("already"), "{notice}");
    // A second game of the deal, played otherwise: the first result stands and is the line.
    let again = finish_uno(NOV_28, 12);
    assert_eq!(record_uno(&mut record, &again.choice, &again.game, NOV_28), Some(line));
    assert_eq!(record.entries.len(), 1);
    assert_eq!(record.streaks(DailyGame::Uno, NOV_28), (1, 1));
    assert_eq!(record.streaks(Preset::Taylor, NOV_28), (0, 0), "each game its own streak");
    // Written and read back.
    let back: Daily = decode(&encode(1, &record), 1).unwrap();
    assert_eq!(back, record);

    let fixed = UnoOutcome { place: 1, rounds: 12, round_wins: 5 };
    assert_eq!(result_line(DailyGame::Uno, NOV_28, fixed), "UNO Blackjack daily, 28 Nov: won, 12 rounds, 5 round wins");
    let second = UnoOutcome { place: 2, rounds: 1, round_wins: 1 };
    assert_eq!(
        result_line(DailyGame::Uno, NOV_28, second),
        "UNO Blackjack daily, 28 Nov: 2nd of 4, 1 round, 1 round win"
    );
}

#[test]
fn old_daily_records_still_read_and_uno_entries_are_checked() {
    // Written before UNO's daily deal: three best streaks, the shedding games'.
    let old = "blackjack v1\ngames=20785.taylor.1.14.2\nbest=3,0,1\n";
    let r: Daily = decode(old, 1).unwrap();
    assert_eq!(r.best, [3, 0, 1, 0, 0]);
    assert_eq!(r.streaks(Preset::Taylor, NOV_28).1, 3);
    assert_eq!(r.streaks(DailyGame::Uno, NOV_28), (0, 0));
    let new = "blackjack v1\ngames=20785.uno.2.30.4 20785.taylor.1.14.2\nbest=1,0,0,1\n";
    let r: Daily = decode(new, 1).unwrap();
    assert_eq!(r.entries[0].outcome, Played::Uno(UnoOutcome { place: 2, rounds: 30, round_wins: 4 }));
    assert_eq!(decode::<Daily>(&encode(1, &r), 1).unwrap(), r);
    for bad in [
        "games=20785.uno.5.30.4\nbest=0,0,0,0",
        "games=20785.uno.0.30.4\nbest=0,0,0,0",
        "games=20785.uno.1.30\nbest=0,0,0,0",
        "games=20785.UNO.1.30.4\nbest=0,0,0,0",
        "games=20785.casino.1.30.4\nbest=0,0,0,0",
        "games=20785.uno.1.30.4\nbest=0,0,0,0,0,0",
        "games=20785.uno.1.30.4\nbest=0,0",
    ] {
        let text = format!("blackjack v1\n{bad}\n");
        assert_eq!(decode::<Daily>(&text, 1), Err(LoadProblem::Corrupt), "{bad}");
    }
}

// ---- Casino Blackjack's daily deal ----

/// Today's casino deal played at the page's table until the table ends it: the player bets
/// `bet` (the smallest bet when the chips no longer cover it) and plays `mine` on each decision,
/// the bots their strategy. Each hand's result as the table showed it, in order.
fn play_casino(day: Day, bet: i64, mine: impl Fn(&CasinoState) -> CasinoAction) -> (CasinoState, Vec<i64>) {
    let (t, nets, _) = play_casino_counting_shoes(day, bet, mine);
    (t, nets)
}

/// [`play_casino`], and how many times the cut card came out and a new shoe followed.
fn play_casino_counting_shoes(
    day: Day,
    bet: i64,
    mine: impl Fn(&CasinoState) -> CasinoAction,
) -> (CasinoState, Vec<i64>, u32) {
    let mut t = casino_daily::table(day);
    let mut shoes = 0;
    let min = t.game.rules().min_bet;
    let mut nets = Vec::new();
    for _ in 0..10_000 {
        if t.daily_over() {
            return (t, nets, shoes);
        }
        shoes += u32::from(t.shoe_over());
        let settled = t.game.phase() == Phase::Settled;
        let action = match t.game.phase() {
            Phase::Betting => {
                let want = if t.worth() >= bet { bet } else { min };
                if t.bet() == want {
                    CasinoAction::Deal
                } else {
                    CasinoAction::Bet { spot: HUMAN_SPOT, amount: want }
                }
            }
            Phase::Settled => CasinoAction::NextRound,
            Phase::Insurance { spot } if spot == HUMAN_SPOT => CasinoAction::Insure { spot, amount: 0 },
            Phase::Playing { spot, .. } if spot == HUMAN_SPOT => mine(&t),
            Phase::Insurance { spot } | Phase::Playing { spot, .. } => {
                decide(&t.game.view(spot)).expect("a bot decides its own turn")
            }
        };
        assert!(t.apply(CasinoMsg::Act { action, at: t.at() }), "{action:?}");
        if !settled && t.game.phase() == Phase::Settled {
            nets.push(t.round_net().expect("the player's hand settled"));
        }
    }
    panic!("the daily casino game did not end");
}

fn stand(_: &CasinoState) -> CasinoAction {
    CasinoAction::Stand { spot: HUMAN_SPOT }
}

/// Hits to 17, a policy that draws more cards than standing.
fn hit_to_17(t: &CasinoState) -> CasinoAction {
    let total = t.game.current_hand().map_or(21, |h| Total::of(&h.cards).best());
    if total < 17 {
        CasinoAction::Hit { spot: HUMAN_SPOT }
    } else {
        CasinoAction::Stand { spot: HUMAN_SPOT }
    }
}

#[test]
fn the_casino_deal_is_stable_and_its_table_is_the_default_one_with_fixed_chips() {
    let n = deal_number(NOV_28, DailyGame::Casino);
    assert_eq!(n, deal_number(Day(20_785), DailyGame::Casino));
    assert_eq!(n, 0xfe19_3190_5da6_8813, "{n:#x}");
    for game in ALL.into_iter().filter(|&g| g != DailyGame::Casino) {
        assert_ne!(deal_number(NOV_28, game), n, "{game:?}");
    }
    assert_ne!(deal_number(Day(NOV_28.0 + 1), DailyGame::Casino), n);
    // The table: the default rules and bots, one spot, the daily's chips, the day's shoe.
    let t = casino_daily::table(NOV_28);
    assert!(t.daily);
    assert_eq!((t.choice, t.seed, t.start_chips), (CasinoChoice::default(), n, CASINO_CHIPS));
    assert_eq!(t.choice, casino_choice());
    assert_eq!(t.mine(), &[HUMAN_SPOT]);
    assert_eq!(t.worth(), CASINO_CHIPS, "the chips are the daily's, whatever the player's bank");
    assert_eq!(CASINO_CHIPS, TableSpec::default().starting_bankroll);
    assert_eq!(casino_daily::keys(true), (casino_daily::SAVE_KEY, casino_daily::BANK_KEY));
    assert_ne!(casino_daily::keys(true).0, casino_daily::keys(false).0, "its own save");
    assert_ne!(casino_daily::keys(true).1, casino_daily::keys(false).1, "and its own bank");
    // Nothing shares the daily's shoe by a link, before or after.
    assert_eq!(t.share_code(), None);
}

#[test]
fn two_fresh_daily_tables_of_a_day_deal_the_same_shoe() {
    let (a, b) = (casino_daily::table(NOV_28), casino_daily::table(NOV_28));
    assert!(a.game == b.game);
    let (a, nets_a) = play_casino(NOV_28, 1000, hit_to_17);
    let (b, nets_b) = play_casino(NOV_28, 1000, hit_to_17);
    assert_eq!(a.game.log(), b.game.log(), "the same moves meet the same cards");
    assert!(a.game == b.game);
    assert_eq!(nets_a, nets_b);
    // Another day's shoe deals other cards.
    let first_cards = |day: Day| {
        let mut t = casino_daily::table(day);
        assert!(t.apply(CasinoMsg::Act { action: CasinoAction::Deal, at: t.at() }));
        t.game.spots()[HUMAN_SPOT as usize].hands[0].cards.clone()
    };
    let days: Vec<_> = (0..4).map(|d| first_cards(Day(NOV_28.0 + d))).collect();
    assert!(days.iter().skip(1).any(|c| *c != days[0]), "{days:?}");
}

#[test]
fn the_daily_shoe_is_shuffled_again_by_the_game_from_the_deals_number_alone() {
    // A daily game that reaches the cut card within its hands: the next shoe is the same game's
    // (its number unchanged, the log going on), so it is the same for everybody.
    for d in 0..60 {
        let day = Day(NOV_28.0 + d);
        let (t, nets, shoes) = play_casino_counting_shoes(day, 500, hit_to_17);
        if shoes == 0 {
            continue;
        }
        assert_eq!(t.seed, deal_number(day, DailyGame::Casino), "no new shoe number");
        assert_eq!(t.game.round(), nets.len() as u32, "one game, every hand in its log");
        let (again, _) = play_casino(day, 500, hit_to_17);
        assert!(again.game == t.game, "the reshuffled shoe is the same again");
        return;
    }
    panic!("no daily game of 60 days reached the cut card");
}

#[test]
fn the_daily_casino_table_ends_after_its_hands_with_its_result() {
    let (mut t, nets) = play_casino(NOV_28, 2500, hit_to_17);
    assert_eq!(nets.len() as u32, HANDS, "{nets:?}");
    assert!(t.daily_over() && !t.between_hands());
    // Nothing more is played: a deal, a bet, the next round are all refused, nothing changes.
    let before = t.game.clone();
    for action in [CasinoAction::Deal, CasinoAction::NextRound, CasinoAction::Bet { spot: HUMAN_SPOT, amount: 500 }] {
        assert!(!t.apply(CasinoMsg::Act { action, at: t.at() }), "{action:?}");
    }
    assert!(!t.apply(CasinoMsg::Refill));
    assert!(t.game == before);
    let o = casino_daily::outcome(&t).expect("over");
    assert_eq!(o.hands, HANDS);
    assert_eq!(o.chips, t.worth());
    assert_eq!(o.net(), nets.iter().sum::<i64>(), "the hands' results add up to the day's");
    assert_eq!(o.won, nets.iter().filter(|&&n| n > 0).count() as u32, "{nets:?}");
    assert!(o.blackjacks <= o.hands);
    assert_eq!(o.won_day(), o.chips > CASINO_CHIPS);
    assert_eq!(casino_daily::finished(&t, NOV_28), Some((NOV_28, o)));
    assert_eq!(casino_daily::finished(&t, Day(NOV_28.0 + 1)), Some((NOV_28, o)), "finished after midnight");
    assert_eq!(casino_daily::finished(&t, Day(NOV_28.0 + 2)), None);
    // The daily's own table is no daily once its day is gone; any other table never ends so.
    let mut own = CasinoState::new(CasinoChoice::default(), t.seed, Bank::default());
    assert!(!own.daily_over() && casino_daily::outcome(&own).is_none());
    assert!(own.apply(CasinoMsg::Act { action: CasinoAction::Deal, at: own.at() }));
    // Before the end: no outcome.
    assert_eq!(casino_daily::outcome(&casino_daily::table(NOV_28)), None);
    // Blackjacks are counted as the table paid them, over days.
    let paid: u32 = (0..6).map(|d| casino_daily::outcome(&play_casino(Day(d), 500, stand).0).unwrap().blackjacks).sum();
    assert!(paid > 0, "some blackjack in 120 hands");
}

#[test]
fn the_daily_casino_game_ends_when_the_chips_run_short_and_never_refills() {
    for d in 0..40 {
        let (mut t, nets) = play_casino(Day(NOV_28.0 + d), 50_000, |t| CasinoAction::Hit { spot: t.spot() });
        if nets.len() as u32 == HANDS {
            continue;
        }
        assert!(t.chips() < t.game.rules().min_bet);
        assert!(t.daily_over() && !t.between_hands());
        assert!(!t.apply(CasinoMsg::Refill), "no new bankroll at today's deal");
        let next = CasinoMsg::Act { action: CasinoAction::NextRound, at: t.at() };
        assert!(!t.apply(next), "nor a next round, which elsewhere would be the new bankroll");
        let o = casino_daily::outcome(&t).unwrap();
        assert_eq!((o.hands, o.chips), (nets.len() as u32, t.chips()));
        assert!(!o.won_day());
        let line = result_line(DailyGame::Casino, Day(NOV_28.0 + d), o);
        assert!(line.contains(&format!(" over {} hand", o.hands)), "{line}");
        return;
    }
    panic!("hitting every hand at the largest bet never ran the chips out");
}

#[test]
fn the_casino_result_line_says_the_chips_hands_and_blackjacks_and_nothing_hidden() {
    let o = CasinoOutcome { chips: CASINO_CHIPS + 3500, hands: 20, won: 12, blackjacks: 2 };
    assert_eq!(
        result_line(DailyGame::Casino, NOV_28, o),
        "Casino Blackjack daily, 28 Nov: +$35 over 20 hands, 12 won, 2 blackjacks"
    );
    let lost = CasinoOutcome { chips: CASINO_CHIPS - 12_050, hands: 20, won: 8, blackjacks: 1 };
    assert_eq!(
        result_line(DailyGame::Casino, NOV_28, lost),
        "Casino Blackjack daily, 28 Nov: -$120.50 over 20 hands, 8 won, 1 blackjack"
    );
    let even = CasinoOutcome { chips: CASINO_CHIPS, hands: 20, won: 9, blackjacks: 0 };
    assert_eq!(
        result_line(DailyGame::Casino, NOV_28, even),
        "Casino Blackjack daily, 28 Nov: $0 over 20 hands, 9 won, 0 blackjacks"
    );
    assert!(!even.won_day() && o.won_day() && !lost.won_day());
    let (t, _) = play_casino(NOV_28, 1000, stand);
    let line = result_line(DailyGame::Casino, NOV_28, casino_daily::outcome(&t).unwrap());
    for never in ["http", "#", "seed", "shoe", &t.seed.to_string(), "♠", "♥", "♦", "♣"] {
        assert!(!line.contains(never), "{line} says {never}");
    }
}

#[test]
fn a_finished_daily_casino_game_is_recorded_once_and_a_second_try_is_refused() {
    let (t, _) = play_casino(NOV_28, 1000, hit_to_17);
    let (day, o) = casino_daily::finished(&t, NOV_28).unwrap();
    let mut record = Daily::default();
    assert_eq!(played_notice(&record, DailyGame::Casino, NOV_28), None);
    // The casino page leaves it for the record (it keeps none); the menu gathers it, once.
    let left: CasinoDay = decode(&encode(1, &CasinoDay { day, outcome: o }), 1).unwrap();
    assert_eq!(left, CasinoDay { day: NOV_28, outcome: o });
    assert!(record.gather_casino(&left));
    assert!(!record.gather_casino(&left), "gathered once");
    let line = result_line(DailyGame::Casino, NOV_28, o);
    assert_eq!(record.result(NOV_28, DailyGame::Casino), Some(&Played::Casino(o)));
    let notice = played_notice(&record, DailyGame::Casino, NOV_28).expect("played");
    assert!(notice.starts_with("You have played today's Casino Blackjack deal already"), "{notice}");
    assert!(notice.contains(&line), "{notice}");
    // The casino page refuses it from its own save with the same notice.
    assert_eq!(already(DailyGame::Casino, &line), notice);
    // The deal played again otherwise: the first result stands.
    let (again, _) = play_casino(NOV_28, 50_000, stand);
    let (_, other) = casino_daily::finished(&again, NOV_28).unwrap();
    assert_ne!(other, o);
    assert!(!record.gather_casino(&CasinoDay { day: NOV_28, outcome: other }));
    assert_eq!(record.result(NOV_28, DailyGame::Casino), Some(&Played::Casino(o)));
    assert_eq!(record.entries.len(), 1);
    assert_eq!(record.streaks(DailyGame::Casino, NOV_28), (1, 1));
    assert_eq!(record.streaks(DailyGame::Uno, NOV_28), (0, 0), "each game its own streak");
    // Yesterday's too: a streak of two.
    record.gather_casino(&CasinoDay { day: NOV_28.before(), outcome: o });
    assert_eq!(record.streaks(DailyGame::Casino, NOV_28), (2, 2));
    let back: Daily = decode(&encode(1, &record), 1).unwrap();
    assert_eq!(back, record);
    // Recognised by its table, shoe and chips alone.
    let c = casino_choice();
    let seed = deal_number(NOV_28, DailyGame::Casino);
    assert_eq!(casino_daily_of(&c, seed, CASINO_CHIPS, NOV_28), Some(NOV_28));
    assert_eq!(casino_daily_of(&c, seed, CASINO_CHIPS, Day(NOV_28.0 + 2)), None);
    assert_eq!(casino_daily_of(&c, seed ^ 1, CASINO_CHIPS, NOV_28), None);
    assert_eq!(casino_daily_of(&c, seed, CASINO_CHIPS + 100, NOV_28), None);
    assert_eq!(casino_daily_of(&c, deal_number(NOV_28, DailyGame::Uno), CASINO_CHIPS, NOV_28), None);
    for other in [CasinoChoice { decks: 2, ..c }, CasinoChoice { bots: 0, ..c }, CasinoChoice { spots: 2, ..c }] {
        assert_eq!(casino_daily_of(&other, seed, CASINO_CHIPS, NOV_28), None, "{other:?}");
    }
}

#[test]
fn the_finished_daily_casino_game_replays_and_a_shorter_one_is_refused() {
    let (t, _) = play_casino(NOV_28, 1000, hit_to_17);
    let replay = CasinoReplay::of(&t).expect("its log begins as the page opens a table");
    let back = CasinoReplay::parse_body(&replay.body()).expect("a finished daily game replays");
    assert_eq!(back, replay);
    assert!(back.frame(0, back.len()).is_some());
    // Its results offer its own replay, never the player's own table's.
    assert!(!CasinoReplay::finished(&t));
    // A hand short of the day's: refused, as any shoe in play is (the link would tell the cards).
    let mut short = casino_daily::table(NOV_28);
    for &a in &t.game.log()[short.game.log().len()..] {
        if short.game.round() == HANDS - 1 && a == CasinoAction::Deal {
            break;
        }
        short.game.apply(a).unwrap();
    }
    let body = CasinoReplay::of(&short).unwrap().body();
    assert_eq!(CasinoReplay::parse_body(&body), Err(ReplayProblem::NotFinished));
}

#[test]
fn hostile_daily_casino_entries_and_saves_get_notices_never_a_panic() {
    let good = "blackjack v1\ngames=20785.casino.103500.20.12.2 20785.uno.2.30.4\nbest=0,0,0,1,1\n";
    let r: Daily = decode(good, 1).unwrap();
    assert_eq!(
        r.entries[0].outcome,
        Played::Casino(CasinoOutcome { chips: 103_500, hands: 20, won: 12, blackjacks: 2 })
    );
    assert_eq!(r.best, [0, 0, 0, 1, 1]);
    assert_eq!(decode::<Daily>(&encode(1, &r), 1).unwrap(), r);
    // Written before the casino's daily deal: four best streaks.
    assert_eq!(decode::<Daily>("blackjack v1\ngames=\nbest=1,2,3,4\n", 1).unwrap().best, [1, 2, 3, 4, 0]);
    for bad in [
        "games=20785.casino.103500.20.12\nbest=0,0,0,0,0",
        "games=20785.casino.103500.20.12.2.1\nbest=0,0,0,0,0",
        "games=20785.casino.1.30.4\nbest=0,0,0,0,0",
        "games=20785.casino.-5.20.12.2\nbest=0,0,0,0,0",
        "games=20785.casino.1000000000000001.20.12.2\nbest=0,0,0,0,0",
        "games=20785.casino.99999999999999999999.20.12.2\nbest=0,0,0,0,0",
        "games=20785.casino.103500.0.0.0\nbest=0,0,0,0,0",
        "games=20785.casino.103500.21.12.2\nbest=0,0,0,0,0",
        "games=20785.casino.103500.20.21.2\nbest=0,0,0,0,0",
        "games=20785.casino.103500.20.12.21\nbest=0,0,0,0,0",
        "games=20785.casino.103500.20.12.x\nbest=0,0,0,0,0",
        "games=20785.casino.103500.20.12.2\nbest=0,0,0,0,0,0",
    ] {
        let text = format!("blackjack v1\n{bad}\n");
        assert_eq!(decode::<Daily>(&text, 1), Err(LoadProblem::Corrupt), "{bad}");
    }
    // The casino page's result left for the record: read with the same bounds.
    let left = "blackjack v1\nday=20785\nchips=103500\nhands=20\nwon=12\nblackjacks=2\n";
    let read: CasinoDay = decode(left, 1).unwrap();
    assert_eq!(read.outcome, CasinoOutcome { chips: 103_500, hands: 20, won: 12, blackjacks: 2 });
    for bad in
        ["chips=-1", "chips=99999999999999999999", "hands=21", "hands=0", "won=25", "blackjacks=x", "day=", "day=-3"]
    {
        let key = bad.split('=').next().unwrap();
        let text: String = left
            .lines()
            .map(|l| if l.starts_with(&format!("{key}=")) { bad } else { l })
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(decode::<CasinoDay>(&text, 1), Err(LoadProblem::Corrupt), "{bad}");
    }
    assert_eq!(decode::<CasinoDay>("blackjack v1\nday=20785\n", 1), Err(LoadProblem::Corrupt));
    // A daily save written by hand: refused whole, or played on and never recorded past its
    // hands (the record would refuse it).
    let (t, _) = play_casino(NOV_28, 1000, stand);
    let mut stored = t.stored();
    stored.log.push_str(" zz");
    assert!(CasinoState::restore(&stored, Bank::default()).is_err());
    let mut longer = casino_daily::table(NOV_28);
    longer.daily = false;
    let mut rounds = 0;
    while longer.game.round() <= HANDS {
        let a = match longer.game.phase() {
            Phase::Betting => CasinoAction::Deal,
            Phase::Settled => CasinoAction::NextRound,
            Phase::Insurance { spot } => CasinoAction::Insure { spot, amount: 0 },
            Phase::Playing { spot, .. } => CasinoAction::Stand { spot },
        };
        assert!(longer.apply(CasinoMsg::Act { action: a, at: longer.at() }));
        rounds += 1;
        assert!(rounds < 10_000);
    }
    while longer.game.phase() != Phase::Settled {
        let a = match longer.game.phase() {
            Phase::Insurance { spot } => CasinoAction::Insure { spot, amount: 0 },
            Phase::Playing { spot, .. } => CasinoAction::Stand { spot },
            _ => CasinoAction::Deal,
        };
        assert!(longer.apply(CasinoMsg::Act { action: a, at: longer.at() }));
    }
    let restored = casino_daily::resumed(CasinoState::restore(&longer.stored(), Bank::default()).unwrap());
    assert!(restored.daily_over());
    assert_eq!(casino_daily::outcome(&restored), None, "{} hands is no day's game", restored.game.round());
    assert_eq!(casino_daily::finished(&restored, NOV_28), None);
}

/// What the casino page leaves in the browser's storage: key to text, as `storage::save` writes.
type Left = std::collections::HashMap<String, String>;

/// The casino page's `keep` for a finished daily game of `today` (or the day before).
fn leave(left: &mut Left, t: &CasinoState, today: Day) {
    let (day, outcome) = casino_daily::finished(t, today).expect("a finished daily game");
    left.insert(casino_key(day), encode(1, &CasinoDay { day, outcome }));
}

/// The menu's gathering of what the casino page left (`daily::load`): the new days, and the keys
/// it could not read.
fn gather_left(record: &mut Daily, left: &Left) -> (bool, Vec<(String, LoadProblem)>) {
    let mut unreadable = Vec::new();
    let new = record.gather_casino_days(
        |key| left.get(key).map(|text| decode::<CasinoDay>(text, 1)).transpose(),
        |key, problem| unreadable.push((key.to_string(), problem)),
    );
    (new, unreadable)
}

/// The casino page keeps no record and can be opened on today's deal without the menu (a
/// bookmark, a tab reopened on `tables/#daily`): two days played so, and neither is lost. Left
/// under one key, the second day's replaced the first before the menu could gather it.
#[test]
fn two_daily_casino_days_left_before_the_menu_opens_are_both_gathered() {
    let yesterday = NOV_28.before();
    let (first, _) = play_casino(yesterday, 1000, hit_to_17);
    let (second, _) = play_casino(NOV_28, 1000, stand);
    let mut left = Left::new();
    leave(&mut left, &first, yesterday);
    leave(&mut left, &second, NOV_28);
    // The page opening a finished game again leaves the same.
    leave(&mut left, &second, NOV_28);
    assert_eq!(left.len(), 2);
    let mut record = Daily::default();
    assert_eq!(gather_left(&mut record, &left), (true, vec![]));
    for (t, day) in [(&first, yesterday), (&second, NOV_28)] {
        let o = casino_daily::outcome(t).unwrap();
        assert_eq!(record.result(day, DailyGame::Casino), Some(&Played::Casino(o)));
    }
    assert_eq!(record.streaks(DailyGame::Casino, NOV_28), (2, 2));
    // Gathered once: the menu opened again finds nothing new.
    assert_eq!(gather_left(&mut record, &left), (false, vec![]));
    assert_eq!(record.entries.len(), 2);
    // The one game the page of the build before left under the old key is gathered too.
    let two_days_ago = yesterday.before();
    let (older, _) = play_casino(two_days_ago, 1000, stand);
    let (day, outcome) = casino_daily::finished(&older, yesterday).unwrap();
    left.insert(CASINO_KEY.to_string(), encode(1, &CasinoDay { day, outcome }));
    assert_eq!(gather_left(&mut record, &left), (true, vec![]));
    assert_eq!(record.result(two_days_ago, DailyGame::Casino), Some(&Played::Casino(outcome)));
    assert_eq!(record.streaks(DailyGame::Casino, NOV_28), (3, 3));
}

#[test]
fn the_casino_days_left_are_bounded_and_a_hostile_one_is_set_aside_alone() {
    let o = CasinoOutcome { chips: 103_500, hands: 20, won: 12, blackjacks: 2 };
    // The keys read: the old one and a month of days, each once, and no more whatever is stored.
    let keys: Vec<String> = casino_keys().collect();
    assert_eq!(keys.len(), CASINO_DAYS as usize + 1);
    assert_eq!(keys.iter().collect::<HashSet<_>>().len(), keys.len());
    // Forty days in a row, never gathered: each day's key is its own for a month, and the
    // oldest are the ones let go.
    let mut left = Left::new();
    let days: Vec<Day> = (0..40).map(|d| Day(NOV_28.0 + d)).collect();
    for w in days.windows(CASINO_DAYS as usize) {
        assert_eq!(w.iter().map(|&d| casino_key(d)).collect::<HashSet<_>>().len(), w.len(), "a month apart");
    }
    for &day in &days {
        assert!(keys.contains(&casino_key(day)));
        left.insert(casino_key(day), encode(1, &CasinoDay { day, outcome: o }));
    }
    // Keys nobody reads (written by hand): never read, however many.
    for n in 0..1000 {
        left.insert(format!("{CASINO_KEY}.{}", CASINO_DAYS + n), "blackjack v1\ngarbage\n".into());
    }
    let mut record = Daily::default();
    assert_eq!(gather_left(&mut record, &left), (true, vec![]));
    assert_eq!(record.entries.len(), CASINO_DAYS as usize);
    assert!(days[40 - CASINO_DAYS as usize..].iter().all(|&d| record.result(d, DailyGame::Casino).is_some()));
    // A key that cannot be read (garbage, another version, far too long) is handed back to be
    // set aside with a notice; the other days are gathered still.
    let mut record = Daily::default();
    let bad = [
        (casino_key(days[39]), "blackjack v1\nday=x\n".to_string()),
        (casino_key(days[38]), "blackjack v2\nday=20785\n".to_string()),
        (casino_key(days[37]), format!("blackjack v1\nday={}", "9".repeat(300_000))),
        (CASINO_KEY.to_string(), "\u{1F0A1}".to_string()),
    ];
    let mut hostile = left.clone();
    hostile.extend(bad.iter().cloned());
    let (new, unreadable) = gather_left(&mut record, &hostile);
    assert!(new);
    let mut refused: Vec<&str> = unreadable.iter().map(|(k, _)| k.as_str()).collect();
    refused.sort_unstable();
    let mut expected: Vec<&str> = bad.iter().map(|(k, _)| k.as_str()).collect();
    expected.sort_unstable();
    assert_eq!(refused, expected);
    assert!(unreadable.iter().any(|(_, p)| matches!(p, LoadProblem::TooLong(_))));
    assert!(unreadable.iter().any(|(_, p)| *p == LoadProblem::OldVersion(2)));
    assert_eq!(record.entries.len(), CASINO_DAYS as usize - 3);
}
