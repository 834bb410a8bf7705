//! The casino table's words: the log's sentences, the rules in players' words, hands'
//! badges and results, amounts of money and of bets, the trainer's running score. The reducer
//! (`state.rs`) and the table's views both read them here; natively built and tested.

use super::bank::Bank;
use crate::engine::casino::count::CountSystem;
use crate::engine::casino::game::{money, Hand};
use crate::engine::casino::rules::{DealerBlackjack, DoubleOn, INSURANCE_PAYS};
use crate::engine::casino::save::Choice;
use crate::engine::casino::{Event, HandState, Outcome, Spot};

const NAMES: [&str; 7] = ["Ada", "Ben", "Cy", "You", "Di", "Eve", "Fay"];

/// A spot's player, by the spot: the person at this screen is "You".
pub fn spot_name(spot: Spot) -> &'static str {
    NAMES.get(spot as usize).copied().unwrap_or("A player")
}

/// Who sits where, as the words name them.
#[derive(Clone, Copy)]
pub struct Seating<'a> {
    /// The spots of the screen's player (or people), in the order they are dealt.
    pub mine: &'a [Spot],
    /// At pass-and-play the people's names, one a spot of `mine`; empty: one player, "You".
    pub people: &'a [String],
    /// At a table with friends each spot's player by spot (the people and bots of that table);
    /// empty, or an empty name: the table's own bot name ([`spot_name`]).
    pub table: &'a [String],
}

impl Seating<'_> {
    /// A spot's player: "You" at the player's one spot, "You (spot 2)" (counted from the
    /// dealer's left) at several, a person's name at pass-and-play; another spot by the table's
    /// name for it.
    pub fn who(&self, spot: Spot) -> String {
        match self.mine.iter().position(|&s| s == spot) {
            Some(i) if !self.people.is_empty() => self.people[i.min(self.people.len() - 1)].clone(),
            Some(_) if self.mine.len() == 1 => "You".into(),
            Some(i) => format!("You (spot {})", i + 1),
            None => match self.table.get(spot as usize) {
                Some(name) if !name.is_empty() => name.clone(),
                _ => spot_name(spot).into(),
            },
        }
    }

    /// Whether the spot is named "You" (which takes the plain verb).
    fn is_you(&self, spot: Spot) -> bool {
        self.people.is_empty() && self.mine.contains(&spot)
    }
}

/// An amount in thousandths of a bet, as a player reads it: "0.08 of a bet", "1.25 bets"
/// (hundredths, rounded; "less than 0.01 of a bet" for a loss that rounds to nothing).
pub fn of_a_bet(milli: i64) -> String {
    let cents = milli.saturating_add(5) / 10;
    match cents {
        ..=0 if milli > 0 => "less than 0.01 of a bet".into(),
        ..100 => format!("0.{cents:02} of a bet"),
        _ => format!("{}.{:02} bets", cents / 100, cents % 100),
    }
}

/// A sentence for the log and the live region, naming the players as `at` does.
pub fn describe(e: &Event, at: Seating) -> Option<String> {
    let who = |s: Spot| at.who(s);
    // "You win" / "Ada wins": "You" takes the plain verb; a person by name, like a bot, the "s".
    let verb = |s: Spot, v: &str| format!("{} {v}{}", who(s), if at.is_you(s) { "" } else { "s" });
    Some(match e {
        Event::Shuffled { .. } => "The dealer shuffles and a player places the cut card.".into(),
        Event::CutCardOut => "The cut card is out: a shuffle after this round.".into(),
        Event::ShoeRefilled { .. } => "The shoe ran out: the dealer shuffles the discards to finish the round.".into(),
        Event::RoundCalledOff => "No cards are left anywhere: the round is called off and every bet comes back.".into(),
        Event::DealerUp { card } => format!("The dealer shows the {}.", card.name()),
        Event::InsuranceOffered => "The dealer shows an ace: insurance?".into(),
        Event::Insured { spot, amount } if *amount > 0 => format!("{} for {}.", verb(*spot, "insure"), money(*amount)),
        Event::BlackjackPaid { spot, amount } => format!("Blackjack! {} {}.", verb(*spot, "win"), money(*amount)),
        Event::Surrendered { spot, .. } => format!("{}.", verb(*spot, "surrender")),
        Event::Split { spot, .. } => format!("{} the pair.", verb(*spot, "split")),
        Event::Doubled { spot, amount, .. } => format!("{} for {}.", verb(*spot, "double"), money(*amount)),
        Event::Bust { spot, .. } => format!("{}.", verb(*spot, "bust")),
        Event::HoleRevealed { card } => format!("The dealer turns the {}.", card.name()),
        Event::DealerDraws { card } => format!("The dealer draws the {}.", card.name()),
        Event::DealerStands { total } => format!("The dealer stands on {total}."),
        Event::DealerBusts => "The dealer busts.".into(),
        Event::DealerBlackjack => "The dealer has blackjack.".into(),
        Event::InsurancePaid { spot, amount } => format!("Insurance pays {} {}.", who(*spot), money(*amount)),
        Event::InsuranceLost { spot, amount } if at.mine.contains(spot) => {
            format!("{} the {} insurance.", verb(*spot, "lose"), money(*amount))
        }
        Event::Settled { spot, outcome, net, .. } => {
            format!("{}: {}, {}.", who(*spot), outcome_word(*outcome), signed_money(*net))
        }
        _ => return None,
    })
}

/// The outcome in one lower-case word, as the log says it.
pub fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Blackjack => "blackjack",
        Outcome::Win => "win",
        Outcome::Push => "push",
        Outcome::Lose => "lose",
        Outcome::Bust => "bust",
        Outcome::Surrender => "surrender",
    }
}

/// "+$7.50", "−$10" (a true minus sign), "$0".
pub fn signed_money(cents: i64) -> String {
    match cents {
        0 => "$0".into(),
        c if c > 0 => format!("+{}", money(c)),
        c => format!("\u{2212}{}", money(c.saturating_neg())),
    }
}

/// The rules of the table a [`Choice`] makes, in players' words, one sentence each, read from
/// the checked rules themselves (so a figure here is the figure the engine plays by): the
/// classic rules (3 to 2, double on 9 to 11 for up to the bet, three hands, $5 to $500, seven
/// seats) and the house rules chosen.
pub fn rules_summary(c: &Choice) -> Vec<String> {
    let r = c.rules();
    let (n, d) = r.blackjack_pays;
    let mut out = vec![
        format!("Blackjack pays {n} to {d}; other wins pay even money."),
        if r.dealer_hits_soft_17 {
            "The dealer hits a soft 17 (house rule) and stands on the other 17s.".to_string()
        } else {
            "The dealer stands on every 17.".to_string()
        },
        format!(
            "Double on {}{}, and take one more card.",
            match r.double_on {
                DoubleOn::NineToEleven => "9, 10 or 11",
                DoubleOn::TenOrEleven => "10 or 11",
                DoubleOn::AnyTwo => "any two cards",
            },
            if r.double_for_less { " for any amount up to your bet" } else { " for your bet" }
        ),
        format!(
            "Split a pair of equal value, up to {} hands.{}",
            number_word(r.max_hands()),
            if r.hit_split_aces { "" } else { " Split aces get one card each." }
        ),
    ];
    if r.insurance {
        out.push(format!("Insurance when the dealer shows an ace: up to half your bet, paid {INSURANCE_PAYS} to 1."));
    }
    out.push(match r.dealer_blackjack {
        DealerBlackjack::OriginalBetOnly => {
            "If the dealer has blackjack you lose only your first bet: doubles and splits come back.".into()
        }
        DealerBlackjack::AllBets => "If the dealer has blackjack you lose every bet on the hand.".into(),
    });
    if r.surrender {
        out.push("Surrender (house rule): give up half your bet as your first decision.".into());
    }
    out.push(format!(
        "Bets from {} to {}. The dealer shuffles when the cut card comes out, {} into the shoe.",
        money(r.min_bet),
        money(r.max_bet),
        share_word(r.penetration_percent)
    ));
    out
}

/// "two", "three": the few counts a sentence spells out.
fn number_word(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        n => n.to_string(),
    }
}

/// How far into the shoe the cut card sits, as a dealer would say it.
fn share_word(percent: u8) -> String {
    match percent {
        48..=52 => "about half way".into(),
        63..=70 => "about two thirds".into(),
        73..=77 => "about three quarters".into(),
        p => format!("about {p}%"),
    }
}

/// A hand's total for its badge: "21" for a blackjack (its outcome says the word), "7 or 17".
pub fn total_badge(h: &Hand) -> String {
    match h.state {
        HandState::Blackjack | HandState::BlackjackPaid => "21".into(),
        HandState::Playing => h.total().describe(),
        // A finished hand has one total: "19", not "9 or 19".
        _ => h.total().best().to_string(),
    }
}

/// A hand's result, on the hand: "Blackjack! +$7.50", "Bust −$10", "Push"; with its tone.
pub fn outcome_line(h: &Hand) -> Option<(String, &'static str)> {
    let net = h.returned - h.stake;
    let tone = match net {
        0 => "push",
        n if n > 0 => "won",
        _ => "lost",
    };
    let label = match (h.outcome, h.state) {
        (Some(Outcome::Push), _) => return Some(("Push".into(), "push")),
        (Some(Outcome::Blackjack), _) => "Blackjack!",
        (Some(Outcome::Win), _) => "Win",
        (Some(Outcome::Lose), _) => "Lose",
        (Some(Outcome::Bust), _) => "Bust",
        (Some(Outcome::Surrender), _) => "Surrender",
        (None, HandState::Blackjack) => return Some(("Blackjack!".into(), "won")),
        (None, HandState::Bust) => return Some(("Bust".into(), "lost")),
        (None, HandState::Surrendered) => return Some(("Surrendered".into(), "push")),
        _ => return None,
    };
    Some((format!("{label} {}", signed_money(net)), tone))
}

/// The trainer's running score: "Trainer: 3 decisions, 2 right plays; 1 other play gave up 0.08
/// of a bet in expected winnings." At pass-and-play it is the first person's, named (`whose`:
/// "Sam's trainer: …"), since the device's record is theirs.
pub fn trainer_summary(b: &Bank, whose: Option<&str>) -> String {
    let mut s = format!(
        "{}: {}, {}",
        whose.map_or("Trainer".into(), |n| format!("{n}'s trainer")),
        crate::ui::text::plural(b.decisions as usize, "decision"),
        crate::ui::text::plural(b.best_plays as usize, "right play")
    );
    let others = b.decisions.saturating_sub(b.best_plays) as usize;
    if others > 0 {
        let who = crate::ui::text::plural(others, "other play");
        s += &format!("; {who} gave up {} in expected winnings", of_a_bet(b.ev_lost_milli));
    }
    s + "."
}

/// The player's record at the casino, every new bankroll counted.
pub fn tally(b: &Bank) -> String {
    let refills = if b.refills > 0 { format!(" · new bankrolls: {}", b.refills) } else { String::new() };
    format!("Hands played: {} · net {}{refills}", b.hands, signed_money(b.net))
}

/// "+0.123" / "-1.500" without float formatting (which would add kilobytes to the download).
pub fn signed_milli(v: f64) -> String {
    let m = (v * 1000.0).round() as i64;
    format!("{}{}.{:03}", if m < 0 { "-" } else { "+" }, m.abs() / 1000, m.abs() % 1000)
}

/// A count in half points as a player writes it: "+3", "-2", "+2.5".
pub fn half_points(half: i32) -> String {
    let (sign, a) = (if half < 0 { "-" } else { "+" }, half.unsigned_abs());
    format!("{sign}{}{}", a / 2, if a % 2 == 1 { ".5" } else { "" })
}

/// A count played by its running count alone (KO, Red 7) for a shoe of `decks` decks: "key
/// count -4 · pivot +4", where to bet more from and the count that means the same at any depth.
/// `None` for a balanced count, which is divided by the decks left.
pub fn running_keys(system: &CountSystem, decks: u8) -> Option<String> {
    let (pivot, _) = system.pivot(decks)?;
    let key = system.key_count(decks).map(|k| format!("key count {} · ", half_points(2 * k)));
    Some(format!("{}pivot {}", key.unwrap_or_default(), half_points(pivot)))
}

/// "+1.5" / "-0.3".
pub fn signed_tenths(v: f64) -> String {
    let t = (v * 10.0).round() as i64;
    format!("{}{}.{}", if t < 0 { "-" } else { "+" }, t.abs() / 10, t.abs() % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classic_table_reads_as_the_rules_say() {
        let lines = rules_summary(&Choice::default());
        assert_eq!(lines[0], "Blackjack pays 3 to 2; other wins pay even money.");
        assert_eq!(lines[2], "Double on 9, 10 or 11 for any amount up to your bet, and take one more card.");
        assert_eq!(lines[3], "Split a pair of equal value, up to three hands. Split aces get one card each.");
        assert!(lines.contains(&"Insurance when the dealer shows an ace: up to half your bet, paid 2 to 1.".into()));
        assert_eq!(
            lines.last().unwrap(),
            "Bets from $5 to $500. The dealer shuffles when the cut card comes out, about two thirds into the shoe."
        );
    }

    #[test]
    fn the_house_rules_chosen_are_named_as_house_rules() {
        let lines = rules_summary(&Choice { surrender: true, h17: true, ..Choice::default() });
        assert!(lines.iter().any(|l| l.starts_with("The dealer hits a soft 17 (house rule)")));
        assert!(lines.iter().any(|l| l.starts_with("Surrender (house rule)")));
    }

    #[test]
    fn amounts_of_a_bet_read_in_hundredths() {
        assert_eq!(of_a_bet(80), "0.08 of a bet");
        assert_eq!(of_a_bet(1), "less than 0.01 of a bet");
        assert_eq!(of_a_bet(1250), "1.25 bets");
        // A record at its limits still reads, and never overflows.
        assert!(of_a_bet(i64::MAX).ends_with(" bets"));
    }

    #[test]
    fn money_carries_a_true_minus_and_never_overflows() {
        assert_eq!(signed_money(750), "+$7.50");
        assert_eq!(signed_money(-1000), "\u{2212}$10");
        assert_eq!(signed_money(0), "$0");
        assert!(signed_money(i64::MIN).starts_with('\u{2212}'));
    }

    #[test]
    fn a_spot_without_a_name_never_breaks_a_sentence() {
        assert_eq!(spot_name(3), "You");
        assert_eq!(spot_name(200), "A player");
        let alone = |mine| Seating { mine, people: &[], table: &[] };
        assert_eq!(alone(&[3]).who(3), "You");
        assert_eq!(alone(&[2, 3, 4]).who(4), "You (spot 3)");
        assert_eq!(alone(&[2, 3, 4]).who(1), "Ben");
        // A table with friends names its spots; an unnamed one keeps the bot's name.
        let table = ["Kim", "", "Sam"].map(String::from);
        let online = Seating { mine: &[2], people: &[], table: &table };
        assert_eq!(
            (online.who(0), online.who(1), online.who(2), online.who(5)),
            ("Kim".into(), "Ben".into(), "You".into(), "Eve".into())
        );
        let bust = Event::Bust { spot: 0, hand: 0 };
        assert_eq!(describe(&bust, online).as_deref(), Some("Kim busts."));
        assert_eq!(describe(&Event::Bust { spot: 2, hand: 0 }, online).as_deref(), Some("You bust."));
    }

    #[test]
    fn at_pass_and_play_the_log_names_each_person_not_you() {
        let names = ["Sam", "Alex"].map(String::from);
        let people = Seating { mine: &[3, 4], people: &names, table: &[] };
        let alone = |mine| Seating { mine, people: &[], table: &[] };
        assert_eq!(people.who(4), "Alex");
        assert_eq!(people.who(1), "Ben");
        let bust = Event::Bust { spot: 4, hand: 0 };
        assert_eq!(describe(&bust, people).as_deref(), Some("Alex busts."));
        assert_eq!(describe(&bust, alone(&[4])).as_deref(), Some("You bust."));
        let lost = Event::InsuranceLost { spot: 3, amount: 500 };
        assert_eq!(describe(&lost, people).as_deref(), Some("Sam loses the $5 insurance."));
        assert_eq!(describe(&lost, alone(&[3])).as_deref(), Some("You lose the $5 insurance."));
    }

    #[test]
    fn thousandths_and_tenths_print_without_floats() {
        assert_eq!(signed_milli(-1.5), "-1.500");
        assert_eq!(signed_milli(0.1234), "+0.123");
        assert_eq!(signed_tenths(1.46), "+1.5");
        assert_eq!(signed_tenths(-0.3), "-0.3");
    }
}
