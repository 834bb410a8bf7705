//! The daily deal (issue 36 §4) and the statistics record (§5): the day's deal number is stable
//! and differs across days and games; a finished daily game is gathered once, with its result
//! line, and a second try the same day is refused; the streaks; the daily record and the
//! statistics read old records, refuse hostile ones and are bounded when read.
// proptest is a native dev-dependency: the wasm build of the tests leaves this file out.
#![cfg(not(target_arch = "wasm32"))]

use blackjack::bots::shedding::Level;
use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Action, Game, Preset};
use blackjack::engine::uno;
use blackjack::ui::daily::{
    daily_of, deal_number, finished_line, played_notice, record_uno, result_line, setup, start, uno_choice,
    uno_daily_of, Daily, DailyGame, Day, Entry, Outcome, Played, Start, UnoOutcome, ALL, GAMES, KEPT, PLAYERS,
};
use blackjack::ui::reducer::Apply;
use blackjack::ui::replay::Replay;
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
    assert_eq!(DailyGame::from_id("casino"), None);
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
    assert_eq!(r.best, [3, 0, 1, 0]);
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
        "games=20785.uno.1.30.4\nbest=0,0,0,0,0",
        "games=20785.uno.1.30.4\nbest=0,0",
    ] {
        let text = format!("blackjack v1\n{bad}\n");
        assert_eq!(decode::<Daily>(&text, 1), Err(LoadProblem::Corrupt), "{bad}");
    }
}
