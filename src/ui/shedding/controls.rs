//! The table's head, actions, chat, log and notes as markup. Every button names what it does
//! in a data attribute — `data-act` an engine action by its code (`Action::code`), `data-ui` a
//! page control — and one listener on the table handles them all: a tree of virtual nodes and a
//! callback per button would cost the page many kilobytes for the same buttons.

use super::screen::SeatScreen;
use super::words::{cards, phrase_text};
use crate::engine::cards::Suit;
use crate::engine::shedding::{Action, Infringement, Phrase, Seat, SeatView};
use crate::ui::text::escape;
use std::fmt::Write;

/// A button: `attr` is `data-act="…"` or `data-ui="…"` (and any other attributes).
fn button(h: &mut String, class: &str, attr: &str, text: &str) {
    let _ = write!(h, "<button class=\"{class}\" {attr}>{text}</button>");
}

fn act(h: &mut String, class: &str, action: Action, text: &str) {
    button(h, class, &format!("data-act=\"{}\"", action.code()), text);
}

pub struct Look<'a> {
    pub screen: &'a SeatScreen,
    pub view: &'a SeatView,
    /// The share link and what it carries ("this deal" once the game is over, else "these
    /// rules": a link to the deal would tell every hidden card). The screen's source makes it.
    pub link: (String, &'static str),
    pub rules_href: &'a str,
    /// Pass-and-play: the calls other people at the table may make now (their "Last card", a
    /// dispute of a call-out against them), offered to whoever holds the screen.
    pub others: &'a [Action],
    pub ended: bool,
    pub help_open: bool,
    pub callout_open: bool,
    pub log_open: bool,
    /// Taylor: a wrong card is played at a cost, and the assist can be switched.
    pub penalises_wrong: bool,
    pub assist: bool,
    pub by_rank: bool,
    /// The clock in milliseconds, when it runs and has not been explained yet.
    pub explain_clock: Option<u32>,
    pub clock_scale: Option<u8>,
    /// What table talk costs under these rules ("Sorry!", whose turn it is), if anything.
    pub talk_cost: Option<u8>,
    /// The note on table talk is open (a costly word was tapped for the first time).
    pub talk_note: bool,
}

/// "2 seconds", "2.5 seconds": integer arithmetic only (float formatting would cost kilobytes).
fn seconds(ms: u32) -> String {
    match (ms / 1000, ms % 1000 / 100) {
        (1, 0) => "1 second".into(),
        (s, 0) => format!("{s} seconds"),
        (s, t) => format!("{s}.{t} seconds"),
    }
}

/// The title row: the rules' name, the match score, the assist, the link, "?" and Menu.
pub fn head(l: &Look) -> String {
    let (screen, view) = (l.screen, l.view);
    let mut h = format!("<div class=\"table-head\"><h2>{}</h2>", escape(&view.rules.spec().name));
    if let Some(target) = view.target {
        // Between rounds the engine has dealt the next round already: the header keeps to the one
        // whose results are shown until they are closed.
        let round = view.round.saturating_add(u32::from(!screen.between_rounds));
        let _ = write!(h, "<p class=\"scores\">Round {round} · to {target}: ");
        for s in 0..screen.players() {
            let _ = write!(h, "<span>{} {} </span>", escape(screen.name(s)), view.scores[s as usize]);
        }
        h.push_str("</p>");
    }
    if l.penalises_wrong && !l.ended {
        let _ = write!(
            h,
            "<label class=\"assist\"><input type=\"checkbox\" data-ui=\"assist\"{}>Show playable cards</label>",
            if l.assist { " checked" } else { "" }
        );
    }
    let (link, what) = &l.link;
    let _ = write!(h, "<a class=\"share\" href=\"{}\">Link to {what}</a>", escape(link));
    let _ = write!(
        h,
        "<button class=\"help-button\" data-ui=\"help\" aria-label=\"Keyboard shortcuts\" aria-expanded=\"{}\">?<span class=\"help-word\"> Shortcuts</span></button>",
        l.help_open
    );
    let _ = write!(h, "<a class=\"rules-link\" href=\"{}\">Rules</a>", l.rules_href);
    if !l.ended {
        button(&mut h, "", "data-ui=\"menu\"", "Menu");
    }
    h.push_str("</div>");
    h
}

/// The clock's first note, over the felt (the table is paused while it is open): what the clock
/// asks, its speed, and Got it; any move closes it too.
pub fn clock_note(l: &Look) -> String {
    let mut h = String::new();
    if let Some(ms) = l.explain_clock {
        let _ = write!(
            h,
            "<div class=\"clock-tip\" role=\"note\"><p><strong>Paused.</strong> Quick play: you have {} for each \
             move (the ring on your seat), or you pick up. The clock starts at Got it, or with your first move.</p>\
             <label>Clock speed <select data-ui=\"clock\">",
            seconds(ms)
        );
        for (v, text) in [(1, "As the rules say"), (2, "Twice as long"), (4, "Four times as long"), (0, "Off")] {
            let selected = if l.clock_scale.unwrap_or(0) == v { " selected" } else { "" };
            let _ = write!(h, "<option value=\"{v}\"{selected}>{text}</option>");
        }
        h.push_str("</select></label>");
        button(&mut h, "", "data-ui=\"clock-ok\"", "Got it");
        h.push_str("</div>");
    }
    h
}

/// Whose turn, then the player's actions: name a suit, pick up, finished, Last card, call-outs.
pub fn actions(l: &Look) -> String {
    let (screen, view, me) = (l.screen, l.view, l.screen.me());
    let my_turn = view.is_my_turn();
    let legal = &view.legal;
    let spec = view.rules.spec();
    let mut h = String::from("<div class=\"actions\">");
    let _ = write!(
        h,
        "<p class=\"turn{}\">{}</p>",
        if my_turn { " mine" } else { "" },
        if my_turn { "Your turn".to_string() } else { format!("{}'s turn", escape(screen.name(view.current))) }
    );
    if my_turn && view.turn.awaiting_suit {
        // Said on screen too: four suit buttons alone do not say that the turn waits for one.
        // The words sit beside "Your turn" and the four suits share the row under them, so a
        // phone's hand stays on the first screen (the group has the words as its name).
        h.push_str(
            "<span class=\"prompt\" aria-hidden=\"true\">Name a suit:</span>\
             <div class=\"suit-picker\" role=\"group\" aria-label=\"Name a suit\">",
        );
        for suit in Suit::ALL {
            let text = format!("<span aria-hidden=\"true\">{} </span>{}", suit.symbol(), suit.name());
            act(&mut h, &format!("suit-{}", suit.letter()), Action::NameSuit { seat: me, suit }, &text);
        }
        h.push_str("</div>");
    }
    h.push_str("<div class=\"controls\">");
    match legal.iter().copied().find(|a| matches!(a, Action::Draw { .. } | Action::Pass { .. })) {
        Some(a @ Action::Pass { .. }) => act(&mut h, "primary", a, "Pick up (nothing to draw: pass)"),
        Some(a) => match view.pending {
            Some(p) => act(&mut h, "primary", a, &format!("Pick up {}", p.cards)),
            None => act(&mut h, "primary", a, "Pick up"),
        },
        None => h.push_str("<button disabled>Pick up</button>"),
    }
    if let Some(a) = legal.iter().copied().find(|a| matches!(a, Action::Finish { .. })) {
        act(&mut h, "primary", a, "Finished");
    }
    if spec.last_card.is_some() {
        // Full weight only when it matters (one card left, or two on the player's turn); it
        // stays available otherwise, since a false call is part of the game.
        let matters = view.hand.len() == 1 || (my_turn && view.hand.len() == 2);
        act(
            &mut h,
            if matters { "last-card" } else { "last-card quiet" },
            Action::CallLastCard { seat: me },
            "Last card",
        );
    }
    let accusable =
        spec.last_card.is_some_and(|r| r.enforcement == crate::engine::shedding::rules::Enforcement::Accusation);
    if accusable {
        button(&mut h, "", &format!("data-ui=\"callout\" aria-expanded=\"{}\"", l.callout_open), "Call out");
    }
    h.push_str("</div>");
    let name = |s| escape(screen.name(s));
    if l.callout_open && accusable {
        h.push_str("<div class=\"callout\" role=\"group\" aria-label=\"Call out a player who did not say Last card\">");
        for s in (0..screen.players()).filter(|&s| s != me) {
            let a = Action::Accuse { seat: me, target: s, infringement: Infringement::MissedLastCard };
            act(&mut h, "", a, &format!("{} missed Last card", name(s)));
        }
        h.push_str("</div>");
    }
    // Open call-outs by others: the player may claim one was false (and pays if it was not).
    let mut disputes = view.accusations.iter().filter(|a| a.open && a.accuser != me).peekable();
    if disputes.peek().is_some() {
        h.push_str("<div class=\"disputes\" role=\"group\" aria-label=\"Call-outs you can dispute\">");
        for a in disputes {
            let text = format!("Dispute: {} called out {}", name(a.accuser), name(a.target));
            act(&mut h, "", Action::Dispute { seat: me, accusation: a.id }, &text);
        }
        h.push_str("</div>");
    }
    others(l, &mut h);
    h.push_str("</div>");
    h
}

/// The other people's calls (pass-and-play), each under its caller's name.
fn others(l: &Look, h: &mut String) {
    if l.others.is_empty() {
        return;
    }
    h.push_str("<div class=\"others\" role=\"group\" aria-label=\"Calls of the other players\">");
    for &a in l.others {
        let name = escape(l.screen.name(a.seat()));
        let text = match a {
            Action::Dispute { accusation, .. } => match l.view.accusations.get(accusation as usize) {
                Some(c) => format!("{name}: dispute {}'s call-out", escape(l.screen.name(c.accuser))),
                None => continue,
            },
            _ => format!("{name}: Last card!"),
        };
        act(h, "", a, &text);
    }
    h.push_str("</div>");
}

/// Pass-and-play, between two people's turns: the hand is hidden until the next person is
/// ready (their clock starts then). The others may still make their calls from here.
pub fn cover(l: &Look) -> String {
    let name = escape(l.screen.name(l.screen.me()));
    let mut h = format!(
        "<div class=\"cover\" role=\"group\" aria-label=\"Pass the screen\"><p class=\"turn\">Pass to {name}.</p>"
    );
    button(&mut h, "primary", "data-ui=\"uncover\"", &format!("{name}: tap when ready"));
    others(l, &mut h);
    h.push_str("</div>");
    h
}

/// Below the hand: the order of the hand, and the quick chat. Words that cost a card under these
/// rules (table talk: "Sorry!", whose turn it is) are a group apart, marked with their cost; the
/// first tap on one opens a note saying so instead of saying it.
pub fn foot(l: &Look) -> String {
    let mut h = String::from("<div class=\"table-foot\">");
    button(&mut h, "sort", "data-ui=\"sort\"", if l.by_rank { "Sort by suit" } else { "Sort by rank" });
    let phrases = [Phrase::WellPlayed, Phrase::Hurry, Phrase::Sorry, Phrase::YourTurn(l.view.current)];
    let me = l.screen.me();
    let say = |h: &mut String, class: &str, p: Phrase, mark: &str| {
        let text = format!("{}{mark}", escape(&phrase_text(&l.screen.names, p)));
        act(h, class, Action::Say { seat: me, phrase: p }, &text);
    };
    let costs = |p: &Phrase| l.talk_cost.is_some() && p.is_infringement();
    h.push_str("<div class=\"chat\" role=\"group\" aria-label=\"Say\">");
    for p in phrases.into_iter().filter(|p| *p != Phrase::YourTurn(me) && !costs(p)) {
        say(&mut h, "chat-button", p, "");
    }
    h.push_str("</div>");
    if let Some(n) = l.talk_cost {
        let cost = cards(n as u32);
        let _ = write!(
            h,
            "<div class=\"chat talk\" role=\"group\" aria-label=\"Table talk: each costs {cost}\">\
             <span class=\"talk-cost\" aria-hidden=\"true\">Costs {cost}:</span>"
        );
        let mark = format!("<span class=\"cost\" aria-hidden=\"true\"> +{n}</span>");
        for p in phrases.into_iter().filter(|p| *p != Phrase::YourTurn(me) && costs(p)) {
            say(&mut h, "chat-button costly", p, &mark);
        }
        h.push_str("</div>");
        if l.talk_note {
            let _ = write!(
                h,
                "<p class=\"talk-tip\" role=\"note\">Table talk: under these rules, saying \u{201c}Sorry!\u{201d} or \
                 whose turn it is during play costs {cost}, as at a real table. Tap it again to say it anyway.</p>"
            );
        }
    }
    h.push_str("</div>");
    h
}

/// The log as a drawer: the latest lines, or the whole game when opened. It is never the only
/// place a move is shown (the seats and the centre show each one). The list itself stays in
/// the page (a live region must, to be read out); these are its toggle and its lines.
pub fn log_toggle(open: bool) -> String {
    format!(
        "<button class=\"log-toggle\" data-ui=\"log\" aria-expanded=\"{open}\" aria-controls=\"game-log\">{}</button>",
        if open { "Hide the log" } else { "Show the log" }
    )
}

pub fn log_lines(lines: &[String], open: bool) -> String {
    let mut h = String::new();
    for line in lines.iter().rev().take(if open { 60 } else { 8 }) {
        let _ = write!(h, "<li>{}</li>", escape(line));
    }
    h
}

/// The turn move a key stands for, if it is legal now: P picks up (or passes), F finishes, L
/// says "Last card", H D C S name a suit, 1 to 9 play the first, second… playable card.
pub fn key_action(key: &str, me: Seat, legal: &[Action], playable: &[Action]) -> Option<Action> {
    let find = |f: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| f(a));
    match key {
        "p" => find(&|a| matches!(a, Action::Draw { .. } | Action::Pass { .. })),
        "f" => find(&|a| matches!(a, Action::Finish { .. })),
        "l" => Some(Action::CallLastCard { seat: me }),
        "h" | "d" | "c" | "s" => find(
            &|a| matches!(a, Action::NameSuit { suit, .. } if suit.letter().to_ascii_lowercase().to_string() == key),
        ),
        "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" => {
            playable.get((key.as_bytes()[0] - b'1') as usize).copied()
        }
        _ => None,
    }
}
