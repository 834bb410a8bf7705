//! The seats round the oval (where each sits: [`SeatScreen::place`], the screen's own seat at
//! the bottom, among the others), and what each shows: name and level, a fan of backs that
//! follows the hand, the latest act, and on the active seat the glow and the clock ring.

use super::screen::SeatScreen;
use super::words::short;
use crate::bots::shedding::Level;
use crate::engine::cards::{Card, Colour};
use crate::engine::shedding::Event;
use crate::ui::text::escape;
use yew::prelude::*;

/// The level under a seat's name: a bot's level, "you" at the screen's own seat, nothing for
/// another person.
fn level_word(l: Option<Level>, me: bool) -> &'static str {
    match l {
        None if me => "you",
        None => "",
        Some(Level::Easy) => "easy",
        Some(Level::Normal) => "normal",
        Some(Level::Hard) => "hard",
        Some(Level::Random) => "random",
    }
}

/// Every seat, the player's own included, round the felt. Nothing here is interactive, so it is
/// one piece of markup (far smaller in the page than a tree of virtual nodes); it is replaced
/// only when its text changes, and the moves' animations are keyed to the state they belong to.
/// `clock`: the ring's time left and its full length (ms), on the active seat. `faces`: a
/// replay's every hand face up, each other seat's cards by name in place of its backs.
pub fn seats(screen: &SeatScreen, clock: Option<(u32, u32)>, faces: Option<&[Vec<Card>]>) -> Html {
    use std::fmt::Write;
    let (view, me) = (&screen.view, screen.me());
    let n = screen.players();
    let at = screen.at();
    let over = screen.winner().is_some();
    let mut h = String::from("<ul class=\"seats\" aria-label=\"Players\">");
    for s in 0..n {
        let i = s as usize;
        let active = view.current == s && !over;
        let count = view.hand_sizes[i];
        let hit = |f: &dyn Fn(&Event) -> bool| screen.recent.iter().any(f);
        let drew = hit(&|e| matches!(e, Event::Drew { seat, .. } | Event::Penalty { seat, .. } if *seat == s));
        let skipped = hit(&|e| matches!(e, Event::Skipped { seat } if *seat == s));
        let (x, y) = screen.place(s);
        let _ = write!(
            h,
            "<li data-seat=\"{s}\" style=\"--x:{x};--y:{y}\" class=\"seat{}{}{}{}{}{}{}\"{}>",
            if s == me { " me" } else { "" },
            if y > 600 { " low" } else { "" },
            if y < 250 { " top" } else { "" },
            if active { " active" } else { "" },
            if view.in_round[i] { "" } else { " sitting-out" },
            if drew { " drew" } else { "" },
            if skipped { " skipped" } else { "" },
            if active { " aria-current=\"true\"" } else { "" },
        );
        if let Some((left, ms)) = clock.filter(|_| active) {
            let big = if s == me { " big" } else { "" };
            // A clock that started elsewhere (the host's) joins its run part-way.
            let _ = write!(h, "<span class=\"clock-ring{big}\" style=\"animation-duration:{ms}ms;animation-delay:-{}ms;--from:{}\" aria-hidden=\"true\"></span>", ms.saturating_sub(left), ms / 100);
        }
        if let Some(cards) = faces.and_then(|f| f.get(i)).filter(|c| s != me && !c.is_empty()) {
            // Face up: "Q♠ 10♥" to read at a glance, named in full for a screen reader.
            let names: Vec<String> = cards.iter().map(|c| c.name()).collect();
            // Red suits in red, as on the cards (`.faces b`).
            let shown: Vec<String> = cards
                .iter()
                .map(|&c| match c.colour() {
                    Colour::Red => format!("<b>{}</b>", short(c)),
                    Colour::Black => short(c),
                })
                .collect();
            let _ =
                write!(h, "<span class=\"faces\" role=\"img\" aria-label=\"{}\">{}", names.join(", "), shown.join(" "));
        } else {
            // The fan follows the hand (up to 10 backs, 5 past eight seats); the count is in words.
            let _ = write!(
                h,
                "<span class=\"fan\" style=\"--k:{}\" aria-hidden=\"true\">",
                count.min(if n > 8 { 5 } else { 10 })
            );
            for _ in 0..count.min(if n > 8 { 5 } else { 10 }) {
                h.push_str("<i></i>");
            }
        }
        // The level under the name; for the player only when their name does not say "You".
        let name = screen.name(s);
        let level = level_word(screen.levels.get(i).copied().flatten(), s == me);
        let level = if s == me && name.eq_ignore_ascii_case("you") { "" } else { level };
        let _ = write!(
            h,
            "</span><span class=\"seat-name\">{}<small class=\"level\"> {level}</small></span><span class=\"seat-count\">{count}<span class=\"unit\"> card{}</span></span>",
            escape(name),
            if count == 1 { "" } else { "s" }
        );
        let act = screen.acts.get(i).cloned().flatten();
        // A badge unless the seat's latest act says the same ("Last card!", "out: place 2"):
        // one label for one fact, not two stacked on a small seat.
        let says = |t: &str| act.as_ref().is_some_and(|a| a.text.starts_with(t));
        // "Last card!" only while the call still stands: not once the seat is out.
        if view.calls[i].called && count > 0 && !says("Last") {
            h.push_str("<span class=\"badge\">Last card!</span>");
        }
        // "Out" only for a seat that has really gone out (no cards left).
        if count == 0 && view.finished.contains(&s) && !says("out") {
            h.push_str("<span class=\"badge\">Out</span>");
        }
        if let Some(act) = act {
            let new = if act.at == at { " new" } else { "" };
            let _ = write!(h, "<span class=\"act {}{new}\">{}</span>", act.kind, escape(&act.text));
        }
        h.push_str("</li>");
    }
    h.push_str("</ul>");
    Html::from_html_unchecked(h.into())
}
