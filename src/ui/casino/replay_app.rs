//! The casino replay page, `replay/casino/`: a finished shoe step by step, as the player's spots
//! or a bot's saw it, or with the dealer's hole card face up. Its own wasm module, without the
//! bots. The felt and the log are the live table's own ([`felt`], [`log_view`]), drawn from the
//! shown spots' screen, which `replay.rs` feeds their updates as play did. With no replay in its
//! link, the page lists the last finished shoes kept on this device.

use super::felt::felt;
use super::replay::{dealer_face_up, CasinoReplay, LAST, PREFIX, RECENT_KEY};
use super::replay_analysis::whose_decision;
use super::state::{Bank, CasinoState, StoredCasino, SAVE_KEY, SAVE_VERSION};
use super::table::log_view;
use crate::ui::components::card::{card_view, CardStyle};
use crate::ui::components::notice::notice as banner;
use crate::ui::replay::keep_in;
use crate::ui::replay_controls::{controls, kept, use_hash, use_kept, use_stepper};
use crate::ui::storage;
use std::rc::Rc;
use yew::prelude::*;

#[component]
pub fn CasinoReplayApp() -> Html {
    let hash = use_hash();
    let opened = use_memo(hash.clone(), |h| CasinoReplay::parse(h));
    let (list, notice) = use_kept(
        RECENT_KEY,
        CasinoReplay::parse_body,
        opened.as_ref().as_ref().and_then(|r| r.as_ref().err().cloned()),
    );
    {
        // From the casino page's results: the shoe its save holds, kept and shown by its link
        // (the address then says which shoe; a save not over, or none, is the list).
        let hash = hash.clone();
        use_effect_with((), move |_| {
            if hash == LAST {
                if let Some(r) = last_shoe() {
                    let link = r.fragment();
                    keep_in(RECENT_KEY, link[PREFIX.len()..].to_string());
                    if let Some(w) = web_sys::window() {
                        let _ = w.location().replace(&link);
                    }
                }
            }
        });
    }
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_| notice.set(None))
    };
    let body = match &*opened {
        Some(Ok(r)) => html! { <Viewer key={hash.clone()} replay={Rc::new(r.clone())} /> },
        _ => {
            let games = list
                .0
                .iter()
                .map(|(body, r)| {
                    let c = r.choice();
                    let text = format!("Casino Blackjack · {} decks · {} moves", c.decks, r.len());
                    (format!("{PREFIX}{body}"), text)
                })
                .collect();
            kept(
                "Replays of your last casino shoes",
                games,
                html! { <p><a class="button primary" href="../../tables/">{"Play Casino Blackjack"}</a>{" "}<a class="button" href="../">{"Other replays"}</a></p> },
            )
        }
    };
    html! {
        <>
        { banner((*notice).clone(), dismiss) }
        <main>{body}</main>
        </>
    }
}

#[derive(Properties)]
struct ViewerProps {
    replay: Rc<CasinoReplay>,
}

impl PartialEq for ViewerProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.replay, &other.replay)
    }
}

#[component]
fn Viewer(props: &ViewerProps) -> Html {
    let replay = props.replay.clone();
    let stepper = use_stepper(replay.len(), 0);
    let now = *stepper.at;
    let frame = {
        let replay = replay.clone();
        use_memo((now.seat, now.step), move |&(seat, step)| replay.frame(seat, step))
    };
    let settings = use_memo((), |_| crate::ui::load_settings().0);
    // A replay is checked whole when read (`CasinoReplay::new`): every step has a frame.
    let Some(frame) = &*frame else { return Html::default() };
    let style = CardStyle { four_colour: settings.four_colour, high_contrast: settings.high_contrast };
    let seats: Vec<(u8, String)> = replay.viewers().into_iter().enumerate().map(|(i, v)| (i as u8, v.label)).collect();
    let screen = &frame.screen;
    let dealer = dealer_face_up(&frame.game);
    html! {
        <div class="replay casino-replay">
            { controls("Replay: Casino Blackjack", &stepper, &frame.lines.join(" "), &seats, "The dealer's cards face up") }
            <section class="casino table" aria-label="Casino table">
                <div class="casino-layout">
                    <div class="felt">{ felt(screen, screen.mine()[0], whose_decision(screen, now.seat != 0), style) }</div>
                    <div class="casino-side">{ log_view(screen) }</div>
                </div>
            </section>
            if now.face_up {
                <section class="all-hands" aria-label="The dealer's cards">
                    <h3>{"The dealer's cards"}</h3>
                    if dealer.is_empty() {
                        <p>{"None dealt."}</p>
                    } else {
                        <span class="hand-cards" role="img" aria-label={dealer.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")}>
                            { for dealer.iter().map(|&c| card_view(Some(c), style, Classes::new())) }
                        </span>
                    }
                </section>
            }
        </div>
    }
}

/// The shoe of the casino page's save, if it is over.
fn last_shoe() -> Option<CasinoReplay> {
    let saved = storage::load::<StoredCasino>(SAVE_KEY, SAVE_VERSION).ok().flatten()?;
    let table = CasinoState::restore(&saved, Bank::default()).ok()?;
    CasinoReplay::finished(&table).then(|| CasinoReplay::of(&table)).flatten()
}
