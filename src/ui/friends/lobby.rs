//! What a newcomer meets in the lobby of a table with friends, beside the seats: the room link
//! with Copy and Share, the quick-play line, and the reason a link cannot get to the table
//! (decided in [`super::newcomer`], natively tested).

use super::newcomer::{cannot_join, quick_play, Reach};
use super::page::FriendsPage;
use super::session::Session;
use yew::prelude::*;

/// The room link, with Copy and, where the browser can share a link (phones), Share. The
/// buttons' work is static/share.js's (fetched once the page has loaded): the Clipboard and Web Share
/// bindings would cost the page's wasm more than the friends page has room for. Copy says
/// "Copied" in the status beside it, or selects the link where the clipboard is refused.
pub fn link_field(link: String) -> Html {
    let share = web_sys::window().is_some_and(|w| js_sys::Reflect::has(&w.navigator(), &"share".into()) == Ok(true));
    html! {
        <div class="field room-link">
            <label for="fr-link">{"Room link"}</label>
            <div class="link-row">
                <input id="fr-link" readonly=true value={link} />
                <button data-copy="fr-link">{"Copy"}</button>
                if share { <button data-share="fr-link">{"Share"}</button> }
            </div>
            <p class="note" role="status" data-copied=""></p>
        </div>
    }
}

/// The lobby's line about the clock, once the host's seats say it.
pub fn clock_line(clock_ms: Option<u32>) -> Html {
    match clock_ms {
        Some(ms) => html! { <p class="note quick-play">{ quick_play(ms) }</p> },
        None => Html::default(),
    }
}

/// Why a friend's page is not at the table, as a notice; nothing while it is or is getting there.
pub fn why_not<F: FriendsPage>(s: &Session<F>) -> Option<&'static str> {
    let ended = s.ended.try_borrow().is_ok_and(|e| e.is_some());
    let p = &s.me;
    cannot_join(&Reach {
        seats: p.seats.as_ref(),
        seat: p.seat,
        token: p.token.is_some(),
        host_gone: p.host_gone,
        alone_ms: s.alone_ms(),
        old: s.me.old,
        ended,
    })
}
