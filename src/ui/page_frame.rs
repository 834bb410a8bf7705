//! What the casino page (`tables/`) and the UNO page (`uno/`) share: the page frame (masthead
//! with "All games", a notice, main, footer), going back to the menu, and sending
//! a fragment that names the other game to that game's page. Each page is its own wasm module,
//! so nothing here names either game's table types.

use super::components::logo::logo;
use super::components::notice::notice;
use wasm_bindgen::JsCast;
use yew::prelude::*;

pub fn to_menu() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().assign("../");
    }
}

/// Leaving a table clears its save, then goes back to the menu.
pub fn leave_clearing(key: &'static str) -> Callback<()> {
    Callback::from(move |()| {
        if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
            let _ = s.remove_item(key);
        }
        to_menu();
    })
}

/// When the page's fragment is `fragment` (an old link such as `tables/#uno`), replaces the page
/// with `target` (relative, so it works under any public URL) and returns true.
pub fn redirect_if_hash(fragment: &str, target: &str) -> bool {
    let Some(location) = web_sys::window().map(|w| w.location()) else { return false };
    if location.hash().ok().as_deref() != Some(fragment) {
        return false;
    }
    location.replace(target).is_ok()
}

#[derive(Properties, PartialEq)]
pub struct FrameProps {
    pub notice: Option<String>,
    pub on_dismiss: Callback<()>,
    /// The other game's fragment on this page, and the page it now lives on.
    pub away: (&'static str, &'static str),
    pub children: Html,
}

/// The page around a table; it also follows a change of fragment to the other game's page.
#[component]
pub fn PageFrame(props: &FrameProps) -> Html {
    use_away(props.away);
    page_frame(props.notice.clone(), props.on_dismiss.clone(), props.children.clone())
}

/// Follows a change of the page's fragment to the other game's page (`away`: the fragment, and
/// the page it now lives on), for as long as the page is up.
#[hook]
pub fn use_away(away: (&'static str, &'static str)) {
    let (fragment, target) = away;
    use_hash_change(move || {
        redirect_if_hash(fragment, target);
    });
}

/// Runs `then` whenever the page's fragment changes, for as long as the page is up.
#[hook]
pub fn use_hash_change(then: impl Fn() + 'static) {
    use_effect_with((), move |_| {
        let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(then);
        let window = web_sys::window();
        if let Some(w) = &window {
            let _ = w.add_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(w) = window {
                let _ = w.remove_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
            }
        }
    });
}

/// [`PageFrame`]'s markup as a view function: a page that calls [`use_away`] itself carries no
/// frame component (a component costs its page about a kilobyte).
pub fn page_frame(notice_text: Option<String>, on_dismiss: Callback<()>, body: Html) -> Html {
    html! {
        <>
        <header class="masthead">
            { logo() }
            <div>
                <h1>{"Blackjack"}</h1>
                <p class="tagline"><a href="../">{"All games"}</a></p>
            </div>
        </header>
        { notice(notice_text, on_dismiss.reform(|_: MouseEvent| ())) }
        <main>{body}</main>
        <footer><p>{"Runs entirely in your browser. No account, no network needed after the first visit."}</p></footer>
        </>
    }
}
