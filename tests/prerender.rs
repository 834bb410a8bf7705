//! index.html paints the first screen before the wasm arrives (the app then replaces it with its
//! own render): the static copy must name the same five games, say the same thing about each,
//! and link each to its table and its rules page, so nothing jumps or changes when the app mounts;
//! then the Play with friends tile, which opens the friends page.

use blackjack::engine::catalog::{Family, GAMES};
use blackjack::engine::shedding::Preset;

#[test]
fn the_prerendered_first_screen_matches_the_catalog() {
    let html = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/index.html")).unwrap();
    let start = html.find("<div id=\"prerender\">").expect("index.html has the prerendered first screen");
    let screen = &html[start..];
    assert_eq!(screen.matches("<li class=\"game\">").count(), GAMES.len());
    assert!(screen.contains("<ul class=\"games\" id=\"games\">"), "the list the app takes over");
    let mut at = 0;
    for g in GAMES.iter() {
        // In the catalog's order, each with its summary, its Play control and its rules link.
        let found = screen[at..].find(&format!("<h3>{}</h3>", g.title)).unwrap_or_else(|| panic!("{}", g.title));
        at += found;
        let tile = &screen[at..at + screen[at..].find("</li>").unwrap()];
        assert!(tile.contains(g.summary), "{}: summary differs from the catalog", g.title);
        assert!(tile.contains(&format!("aria-label=\"Play {}\"", g.title)), "{}", g.title);
        // Named so that no other control's name contains "Play <game>" (tests and screen readers find it).
        assert!(tile.contains(&format!("aria-label=\"{}: how to play\"", g.title)), "{}", g.title);
        // Play: the shedding games' rules by id (the app opens their setup), the others' page
        // (UNO Blackjack has a page of its own; the casino is tables/#casino, as links have it).
        let play = match g.family {
            Family::Shedding => {
                format!("data-play=\"{}\"", Preset::from_id(g.id).expect("a shedding game's id names its rules").id())
            }
            _ if g.id == "uno" => "href=\"uno/\"".to_string(),
            _ => format!("href=\"tables/#{}\"", g.id),
        };
        assert!(tile.contains(&play), "{}: {play}", g.title);
    }
    // Play with friends is a tile of the list too, after the games (not counted among them), and
    // opens the friends page.
    let friends = &screen[screen.find("<li class=\"game friends\">").expect("the Play with friends tile")..];
    let friends = &friends[..friends.find("</li>").unwrap()];
    assert!(friends.contains("<h3>Play with friends</h3>") && friends.contains("href=\"friends/\""), "{friends}");
    assert!(screen.find("<li class=\"game friends\">") > screen.rfind("<li class=\"game\">"), "after the games");
    assert!(screen.find("</ul>") > screen.find("<li class=\"game friends\">"), "inside the list the app takes over");
    // The parts the app takes over by id, and the Settings button it wires.
    for text in [
        "<header class=\"masthead\" id=\"masthead\">",
        "<h1>Blackjack</h1>",
        "aria-expanded=\"false\" aria-controls=\"settings\"",
        "<footer id=\"footer\">",
    ] {
        assert!(screen.contains(text), "{text}");
    }
}
