//! The casino replay page's words that need no page (compiled natively too, so tests reach
//! them): whose decision the felt shows, and the analysis of the player's decisions: each
//! decision in words, and the analysis as kept with the shoe ([`KeptCasino`]).

use super::replay::CasinoReplay;
use super::screen::CasinoScreen;
use crate::bots::casino_analysis::{milli, play_of, CasinoDecision, CasinoJudgement, MAX_EV_MILLI};
use crate::engine::casino::Phase;

/// The felt's line naming whose decision it is, where the replay is watched from a bot's spot
/// (`watching_a_bot`): the felt says "Your decision" for the spots the screen is fed, which are
/// the bot's then. `None` (the felt's own line) for the player's spots, and when nobody decides.
pub fn whose_decision(screen: &CasinoScreen, watching_a_bot: bool) -> Option<String> {
    match screen.phase() {
        Phase::Insurance { spot } if watching_a_bot && screen.is_mine(spot) => {
            Some(format!("The dealer shows an ace: insurance? {} is deciding", screen.who(spot)))
        }
        Phase::Playing { spot, .. } if watching_a_bot && screen.is_mine(spot) => {
            Some(format!("{} is deciding", screen.who(spot)))
        }
        _ => None,
    }
}

/// The format of a kept casino analysis, its first word: another is not read (the shoe then
/// shows no analysis, and can be analysed again).
const FORMAT: &str = "c1";

/// The analysis of one viewer's decisions (`seat` of [`CasinoReplay::viewers`]), as kept with the
/// shoe and shown: each value to a thousandth of a bet, so the page shows the same figures before
/// and after a reload.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptCasino {
    pub seat: u8,
    pub judged: Vec<CasinoJudgement>,
}

impl KeptCasino {
    /// `c1/<seat>/<decisions, joined by "_">`, each `<move's place>:<play>:<its value>:<best
    /// play>:<its value>`, the plays by their letters, the values in thousandths of a bet (signed:
    /// hence `:` between the fields).
    pub fn encode(seat: u8, judged: &[CasinoJudgement]) -> String {
        let each: Vec<String> = judged
            .iter()
            .map(|j| {
                format!(
                    "{}:{}:{}:{}:{}",
                    j.index,
                    j.played.letter(),
                    milli(j.played_ev),
                    j.best.letter(),
                    milli(j.best_ev)
                )
            })
            .collect();
        format!("{FORMAT}/{seat}/{}", each.join("_"))
    }

    /// A kept analysis of `replay` read back; `None` for anything else: another format, a
    /// viewer the shoe has not, a move that was not that viewer's decision or not the play
    /// named, decisions out of order, a value out of range or better than the best. At most one
    /// entry a decision is read.
    pub fn decode(text: &str, replay: &CasinoReplay) -> Option<KeptCasino> {
        let mut parts = text.split('/');
        if parts.next()? != FORMAT {
            return None;
        }
        let seat: u8 = parts.next()?.parse().ok().filter(|&s: &u8| (s as usize) < replay.viewers().len())?;
        let entries = parts.next()?;
        if parts.next().is_some() {
            return None;
        }
        let decisions = replay.decisions(seat);
        let mut open = decisions.iter();
        let mut judged = Vec::new();
        for entry in entries.split('_').filter(|e| !e.is_empty()) {
            let mut f = entry.split(':');
            let index: usize = f.next()?.parse().ok()?;
            let played = play_of(f.next()?)?;
            let played_milli: i64 = f.next()?.parse().ok().filter(|v: &i64| v.abs() <= MAX_EV_MILLI)?;
            let best = play_of(f.next()?)?;
            let best_milli: i64 = f.next()?.parse().ok().filter(|v: &i64| v.abs() <= MAX_EV_MILLI)?;
            if f.next().is_some() || best_milli < played_milli {
                return None;
            }
            // The decisions in order: each entry is a later one than the last.
            let d = open.find(|d| d.index == index)?;
            if d.played.play() != Some(played) {
                return None;
            }
            judged.push(CasinoJudgement {
                index,
                spot: d.view.spot,
                played,
                played_ev: played_milli as f64 / 1000.0,
                best,
                best_ev: best_milli as f64 / 1000.0,
            });
        }
        Some(KeptCasino { seat, judged })
    }

    /// The analysis as it is kept and shown: [`Self::encode`] read back (values to a thousandth).
    pub fn of(seat: u8, judged: &[CasinoJudgement], replay: &CasinoReplay) -> Option<KeptCasino> {
        Self::decode(&Self::encode(seat, judged), replay)
    }
}

/// A value in bets to two places, with a true minus sign: "−0.54", "0.12".
fn bets(ev: f64) -> String {
    let cents = (ev * 100.0).round() as i64;
    let sign = if cents < 0 { "−" } else { "" };
    format!("{sign}{}.{:02}", cents.abs() / 100, cents.abs() % 100)
}

/// A judged decision in words: "Hit 16 v 10: −0.54 bets; stand was −0.52", or, for the best
/// play, "Stand 17 v 9: 0.12 bets, the best play". The hand and the dealer's card are the
/// decision's view's.
pub fn judged_line(d: &CasinoDecision, j: &CasinoJudgement) -> String {
    let hand = d.view.current_hand().map(|h| h.total()).map(|t| {
        if t.is_soft() && t.best() != 21 {
            format!("soft {}", t.best())
        } else {
            t.best().to_string()
        }
    });
    let up = d.view.dealer_up().map(|c| {
        if c.rank.number() == 1 {
            "A".to_string()
        } else {
            c.rank.number().min(10).to_string()
        }
    });
    let head = match (hand, up) {
        (Some(h), Some(u)) => format!("{} {h} v {u}", j.played.name()),
        _ => j.played.name().to_string(),
    };
    if j.lost_milli() == 0 {
        format!("{head}: {} bets, the best play", bets(j.played_ev))
    } else {
        format!("{head}: {} bets; {} was {}", bets(j.played_ev), j.best.name().to_ascii_lowercase(), bets(j.best_ev))
    }
}
