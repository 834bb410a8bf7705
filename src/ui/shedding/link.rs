//! What defines a table before the first card ([`TableSetup`]): the new-game form makes one, a
//! share link carries one, and a saved game starts from one. A link reads
//! `#table=<preset>.<seats>.<bots>.<seed>[~<house rules>]`, where `<bots>` is one level for every
//! bot ("normal") or a letter per bot ("enh"), and the house rules are the engine's overrides
//! of the preset (`clock=3000~p.J.b=p1-5`): the link encodes the whole rule set.

use crate::bots::shedding::Level;
use crate::engine::shedding::house::{apply_overrides, overrides, OverrideProblem};
use crate::engine::shedding::{Preset, Problem, RuleSpec, Rules, Seat};
use crate::engine::text::{ascii_number, shown};

/// Default names, seat by seat; seat 0 is the person at the page.
pub const NAMES: [&str; 12] = ["You", "Sam", "Alex", "Jo", "Kit", "Lou", "Max", "Ned", "Pat", "Rae", "Tam", "Vic"];

#[derive(Clone, Debug, PartialEq)]
pub struct TableSetup {
    pub preset: Preset,
    /// House rules: the settings that differ from the preset ("" for none).
    pub house: String,
    pub players: u8,
    /// One level per seat; `None` for the person at the page (seat 0).
    pub levels: Vec<Option<Level>>,
    pub names: Vec<String>,
    pub seed: u64,
    /// Opened from a share link: statistics count it as a shared deal, apart from the player's
    /// own record (the link carries the deal, from which every hidden card can be worked out).
    pub shared: bool,
}

/// The deal part of a link to the rules alone: the page deals it anew.
pub const NEW_DEAL: &str = "new";

/// The longest table link read, in bytes. A link with every house rule changed is under 1,000;
/// a longer one was not made by this page and is refused before it is parsed.
pub const MAX_LINK_BYTES: usize = 2048;

pub fn level_id(l: Level) -> &'static str {
    match l {
        Level::Random | Level::Easy => "easy",
        Level::Normal => "normal",
        Level::Hard => "hard",
    }
}

pub fn level_from_id(id: &str) -> Option<Level> {
    match id {
        "easy" | "e" => Some(Level::Easy),
        "normal" | "n" => Some(Level::Normal),
        "hard" | "h" => Some(Level::Hard),
        _ => None,
    }
}

/// A name that fits the table and the save format: at most 12 characters, none of the save's or
/// link's separators. (No Unicode class tables: they would weigh more than the whole form.)
pub fn clean_name(raw: &str, seat: Seat) -> String {
    let kept: String = raw.chars().filter(|&c| c >= ' ' && !matches!(c, ',' | '=' | '~' | '\u{7f}')).take(12).collect();
    let kept = kept.trim();
    if kept.is_empty() {
        NAMES[seat as usize % NAMES.len()].to_string()
    } else {
        kept.to_string()
    }
}

/// Why a setup's rules cannot be dealt. The form lists each problem in players' words
/// (`setup.rs`); a link or a save, which nobody chose setting by setting, says which kind.
#[derive(Clone, Debug, PartialEq)]
pub enum BadRules {
    /// House-rule settings that could not be read (each says in players' words what is wrong).
    Unreadable(Vec<OverrideProblem>),
    /// House rules that do not work together.
    Conflicts(Vec<Problem>),
}

impl std::fmt::Display for BadRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadRules::Unreadable(p) => write!(f, "its house rules could not be read: {}", joined(p)),
            BadRules::Conflicts(_) => write!(f, "its house rules do not work together"),
        }
    }
}

/// The problems in players' words, one after another.
fn joined(problems: &[OverrideProblem]) -> String {
    problems.iter().map(OverrideProblem::to_string).collect::<Vec<_>>().join("; ")
}

impl TableSetup {
    /// A table of `players` with default names, every bot at `level`.
    pub fn new(preset: Preset, players: u8, level: Level, seed: u64) -> TableSetup {
        TableSetup {
            preset,
            house: String::new(),
            players,
            levels: (0..players).map(|s| (s != 0).then_some(level)).collect(),
            names: (0..players).map(|s| NAMES[s as usize % NAMES.len()].to_string()).collect(),
            seed,
            shared: false,
        }
    }

    /// The seats of people (not bots), in seat order: one at a table against bots; several
    /// share the screen in turn (pass-and-play).
    pub fn persons(&self) -> Vec<Seat> {
        (0..self.players).filter(|&s| self.is_person(s)).collect()
    }

    pub fn is_person(&self, seat: Seat) -> bool {
        self.levels.get(seat as usize).is_some_and(Option::is_none)
    }

    /// The names as the table says them: at a pass-and-play table the screen is handed round,
    /// so nobody is "You" (the first seat's default name becomes "Player 1").
    pub fn table_names(&self) -> Vec<String> {
        let shared = self.persons().len() > 1;
        let name =
            |(s, n): (usize, &String)| if shared && n == "You" { format!("Player {}", s + 1) } else { n.clone() };
        self.names.iter().enumerate().map(name).collect()
    }

    /// The preset with the house rules applied (unchecked); `Err` lists unreadable settings.
    pub fn spec(&self) -> Result<RuleSpec, Vec<OverrideProblem>> {
        apply_overrides(&self.preset.spec(), &self.house)
    }

    /// The checked rule set: the preset with the house rules, every problem listed.
    pub fn rules(&self) -> Result<Rules, BadRules> {
        Rules::new(self.spec().map_err(BadRules::Unreadable)?).map_err(|e| BadRules::Conflicts(e.problems))
    }

    /// Seat count changed on the form: keep what was chosen for the seats that remain.
    pub fn resize(&mut self, players: u8) {
        let level = self.levels.iter().flatten().last().copied().unwrap_or(Level::Normal);
        self.players = players;
        self.levels.resize(players as usize, Some(level));
        for s in self.names.len()..players as usize {
            self.names.push(NAMES[s % NAMES.len()].to_string());
        }
        self.names.truncate(players as usize);
    }

    /// The link to this deal: the rules and the seed, from which every card can be worked out,
    /// so the table offers it only once the game is over.
    pub fn fragment(&self) -> String {
        self.link(&self.seed.to_string())
    }

    /// The link to these rules and seats, for a new deal (`…​.new`): what the table offers while
    /// a game is in progress, since a link to the deal would tell its hidden cards.
    pub fn rules_fragment(&self) -> String {
        self.link(NEW_DEAL)
    }

    fn link(&self, deal: &str) -> String {
        // Seats after the first: one word when every one is a bot of one level, else a letter
        // each ("p" for a person, at a pass-and-play table).
        let others = self.levels.get(1..).unwrap_or_default();
        let first = others.first().copied().flatten().unwrap_or(Level::Normal);
        let levels = if others.iter().all(|l| l.is_some_and(|l| level_id(l) == level_id(first))) {
            level_id(first).to_string()
        } else {
            others.iter().map(|l| l.map_or("p", |l| &level_id(l)[..1])).collect()
        };
        // The house rules as the form writes them (each setting once, only those that differ),
        // not as a link spelled them: a link may repeat a setting or pad a number ("hand=0005"),
        // and with `new` in place of a one-digit deal number the table's own link could then
        // pass MAX_LINK_BYTES and be refused. Written so, the longest rules fit (tests below).
        let house = match self.spec() {
            Ok(spec) => overrides(&self.preset.spec(), &spec),
            Err(_) => self.house.clone(),
        };
        let house = if house.is_empty() { String::new() } else { format!("~{house}") };
        format!("#table={}.{}.{levels}.{deal}{house}", self.preset.id(), self.players)
    }

    /// Reads a location hash; `None` when it is not a table link at all, `Some(Err)` when it is
    /// one but malformed or its rules are not a valid rule set: which [`LinkProblem`] (its
    /// `Display` is the sentence the page shows the player). Any text is safe here: it is read
    /// by `char` and ASCII checks, and kept only cut short ([`shown`]).
    pub fn parse(hash: &str) -> Option<Result<TableSetup, LinkProblem>> {
        let body = hash.strip_prefix("#table=")?;
        if body.len() > MAX_LINK_BYTES {
            return Some(Err(LinkProblem::TooLong));
        }
        let (head, house) = body.split_once('~').unwrap_or((body, ""));
        let mut p = head.split('.');
        let (Some(preset), Some(players), Some(levels), Some(seed), None) =
            (p.next(), p.next(), p.next(), p.next(), p.next())
        else {
            return Some(Err(LinkProblem::Incomplete));
        };
        let Some(preset) = Preset::from_id(preset) else {
            return Some(Err(LinkProblem::UnknownGame(shown(preset))));
        };
        let base = preset.spec();
        let players = match ascii_number::<u8>(players) {
            Some(n) if (base.min_players..=base.max_players).contains(&n) => n,
            _ => return Some(Err(LinkProblem::Players { preset, asked: shown(players) })),
        };
        // A link to the rules alone deals anew: it is no shared deal (nobody knows its cards),
        // and the page draws its seed (seed 0 here is a placeholder).
        let shared = seed != NEW_DEAL;
        let Some(seed) = (if shared { ascii_number::<u64>(seed) } else { Some(0) }) else {
            return Some(Err(LinkProblem::DealNumber));
        };
        let mut setup = TableSetup::new(preset, players, Level::Normal, seed);
        setup.house = house.to_string();
        setup.shared = shared;
        let others: Option<Vec<Option<Level>>> = match level_from_id(levels) {
            Some(l) if levels.len() > 1 => Some(vec![Some(l); players.saturating_sub(1) as usize]),
            _ => levels
                .chars()
                .map(|c| if c == 'p' { Some(None) } else { level_from_id(&c.to_string()).map(Some) })
                .collect(),
        };
        match others {
            Some(o) if o.len() + 1 == players as usize => setup.levels = std::iter::once(None).chain(o).collect(),
            _ => return Some(Err(LinkProblem::Levels(shown(levels)))),
        }
        let rules = match setup.rules() {
            Ok(r) => r,
            Err(BadRules::Unreadable(p)) => return Some(Err(LinkProblem::Unreadable(p))),
            Err(BadRules::Conflicts(_)) => return Some(Err(LinkProblem::Conflicts)),
        };
        // Kept as the form writes them, as the table's links and the save will be (see `link`).
        setup.house = overrides(&base, rules.spec());
        if !(rules.spec().min_players..=rules.spec().max_players).contains(&players) {
            return Some(Err(LinkProblem::PlayersUnderHouseRules(players)));
        }
        Some(Ok(setup))
    }
}

/// What is wrong with a table link. Text from the link is kept cut short ([`shown`]); the words
/// for the player are the `Display`.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkProblem {
    TooLong,
    /// Fewer or more parts than preset, players, bots, deal.
    Incomplete,
    UnknownGame(String),
    /// A player count the game does not seat.
    Players {
        preset: Preset,
        asked: String,
    },
    DealNumber,
    Levels(String),
    /// House-rule settings that could not be read.
    Unreadable(Vec<OverrideProblem>),
    /// House rules that do not work together.
    Conflicts,
    PlayersUnderHouseRules(u8),
}

impl std::fmt::Display for LinkProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkProblem::TooLong => f.write_str("It is far too long to be a table link."),
            LinkProblem::Incomplete => f.write_str("Part of it is missing or changed."),
            LinkProblem::UnknownGame(g) => write!(f, "It names a game this page does not know (\"{g}\")."),
            LinkProblem::Players { preset, asked } => {
                let base = preset.spec();
                let (min, max) = (base.min_players, base.max_players);
                write!(f, "It asks for {asked} players; {} seats {min} to {max}.", preset_title(*preset))
            }
            LinkProblem::DealNumber => f.write_str("Its deal number is damaged."),
            LinkProblem::Levels(l) => write!(f, "Its bots' levels (\"{l}\") are not easy, normal or hard."),
            LinkProblem::Unreadable(p) => write!(f, "Its house rules could not be read: {}.", joined(p)),
            LinkProblem::Conflicts => f.write_str("Its house rules do not work together."),
            LinkProblem::PlayersUnderHouseRules(n) => write!(f, "Its house rules do not allow {n} players."),
        }
    }
}

/// The game's name as players know it (the catalog's, as every page says it).
pub use crate::engine::catalog::preset_title;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shedding::house::{effect_from_parts, house_rules, Kind, EFFECT_KINDS};

    #[test]
    fn a_link_to_the_rules_carries_no_deal_and_opens_a_new_one() {
        let mut setup = TableSetup::new(Preset::Taylor, 4, Level::Hard, 3_735_928_559);
        setup.house = "hand=5".into();
        let rules = setup.rules_fragment();
        assert_eq!(rules, "#table=taylor.4.hard.new~hand=5");
        assert!(!rules.contains("3735928559"));
        let back = TableSetup::parse(&rules).expect("a table link").expect("a good one");
        assert!(!back.shared, "a new deal is not a shared deal");
        assert_eq!((back.preset, back.players, back.house.as_str()), (Preset::Taylor, 4, "hand=5"));
        assert_eq!(back.levels, setup.levels);
    }

    #[test]
    fn a_link_to_the_deal_is_a_shared_deal() {
        let setup = TableSetup::new(Preset::British, 3, Level::Normal, 424_242);
        assert_eq!(setup.fragment(), "#table=british.3.normal.424242");
        let back = TableSetup::parse(&setup.fragment()).expect("a table link").expect("a good one");
        assert!(back.shared);
        assert_eq!(back.seed, 424_242);
    }

    #[test]
    fn a_pass_and_play_table_keeps_its_people_in_the_link() {
        let mut setup = TableSetup::new(Preset::Priestly, 4, Level::Normal, 9);
        setup.levels[2] = None;
        assert_eq!(setup.persons(), [0, 2]);
        assert_eq!(setup.rules_fragment(), "#table=priestly.4.npn.new");
        let back = TableSetup::parse(&setup.rules_fragment()).expect("a table link").expect("a good one");
        assert_eq!(back.levels, setup.levels);
        // Nobody is "You" on a shared screen; a table of one person keeps its "You".
        assert_eq!(setup.table_names()[0], "Player 1");
        assert_eq!(TableSetup::new(Preset::Priestly, 4, Level::Normal, 9).table_names()[0], "You");
        assert!(
            TableSetup::parse("#table=priestly.4.nqn.new").is_some_and(|r| r.is_err()),
            "an unknown letter is refused"
        );
    }

    /// The longest rules the new-game form can make for `preset`: each setting in turn at the
    /// longest value the form offers that the rules still accept (a power card: every effect at
    /// 30 cards, the fourth pick-up group).
    fn longest_rules(preset: Preset) -> RuleSpec {
        let mut spec = preset.spec();
        for rule in house_rules() {
            let mut values: Vec<String> = match &rule.kind {
                Kind::Flag => vec!["0".into(), "1".into()],
                Kind::Number { min, max } => (*min..=*max).rev().map(|n| n.to_string()).collect(),
                Kind::Choice(choices) => choices.iter().map(|c| c.to_string()).collect(),
                Kind::Power => EFFECT_KINDS.iter().map(|(k, _)| effect_from_parts(k, 30, 3)).collect(),
            };
            // Longest first; the first the rules accept is kept.
            values.sort_by_key(|v| std::cmp::Reverse(v.len()));
            for v in values {
                let mut tried = spec.clone();
                if rule.set(&mut tried, &v).is_ok() && Rules::new(tried.clone()).is_ok() {
                    spec = tried;
                    break;
                }
            }
        }
        spec
    }

    #[test]
    fn the_longest_rules_the_setup_allows_make_links_that_open() {
        for preset in Preset::ALL {
            let spec = longest_rules(preset);
            let players = Rules::new(spec.clone()).expect("kept only what the rules accept").spec().max_players;
            let mut setup = TableSetup::new(preset, players, Level::Normal, u64::MAX);
            setup.house = overrides(&preset.spec(), &spec);
            // A letter per seat (the longest way to write the seats): easy, hard, a person…
            for (s, level) in setup.levels.iter_mut().enumerate().skip(1) {
                *level = [Some(Level::Easy), Some(Level::Hard), None][s % 3];
            }
            for link in [setup.fragment(), setup.rules_fragment()] {
                let body = link.len() - "#table=".len();
                assert!(body <= MAX_LINK_BYTES, "{}: {body} bytes", preset.id());
                let back = TableSetup::parse(&link).expect("a table link");
                let back = back.unwrap_or_else(|e| panic!("{} refused: {e}: {link}", preset.id()));
                assert_eq!(back.spec().expect("readable").powers, spec.powers);
                assert_eq!((back.house.as_str(), &back.levels), (setup.house.as_str(), &setup.levels));
            }
        }
    }

    #[test]
    fn a_link_that_spells_its_rules_at_length_makes_table_links_that_open() {
        // Within the limit as it came (a one-digit deal number), but "new" is two bytes longer.
        // Each exactly at the limit: one setting padded with noughts, and one repeated (the first
        // padded to make up the rest).
        let head = "#table=taylor.4.normal.1~";
        let full = "#table=".len() + MAX_LINK_BYTES;
        let padded = format!("{head}hand={}5", "0".repeat(full - head.len() - "hand=5".len()));
        let repeats = (full - head.len() - "hand=5".len()) / "~hand=5".len();
        let rest = full - head.len() - "hand=5".len() - repeats * "~hand=5".len();
        let repeated = format!("{head}hand={}5{}", "0".repeat(rest), "~hand=5".repeat(repeats));
        for link in [padded, repeated] {
            assert_eq!(link.len(), full);
            let setup = TableSetup::parse(&link).expect("a table link").expect("within the limit");
            assert_eq!(setup.house, "hand=5", "kept as the form writes it");
            assert_eq!(setup.rules_fragment(), "#table=taylor.4.normal.new~hand=5");
            // A setup with the long spelling (a save from before) makes the same short link.
            let long = TableSetup { house: link.split_once('~').unwrap().1.to_string(), ..setup.clone() };
            assert_eq!(long.rules_fragment(), setup.rules_fragment());
            assert!(TableSetup::parse(&long.rules_fragment()).is_some_and(|r| r.is_ok()));
        }
    }
}
