//! The casino's new-table form: labels above their controls, in groups (the kit's fields, as at
//! the other tables), and the table's rules in players' words, read from the rules themselves.

use super::state::Choice;
use super::words::rules_summary;
use crate::engine::casino::save::MAX_SPOTS;
use crate::ui::kit::{choice_field, house_rule, number_options};
use yew::prelude::*;

/// The player rules page, from the tables page.
pub const RULES_PAGE: &str = "../rules/casino.html";

/// The form, a view function (a component costs the page about a kilobyte): the page holds the
/// `choice` being made; `shared` says it came from a shared shoe's link.
pub fn casino_setup(
    choice: &UseStateHandle<Choice>,
    on_start: Callback<Choice>,
    on_cancel: Callback<()>,
    shared: bool,
) -> Html {
    let c = **choice;
    let num = |f: fn(&mut Choice, u8)| {
        let choice = choice.clone();
        Callback::from(move |v: String| {
            let mut n = *choice;
            f(&mut n, v.parse().unwrap_or(0));
            choice.set(n);
        })
    };
    let flag = |f: fn(&mut Choice, bool)| {
        let choice = choice.clone();
        Callback::from(move |v: bool| {
            let mut n = *choice;
            f(&mut n, v);
            choice.set(n);
        })
    };
    let start = Callback::from(move |_: MouseEvent| on_start.emit(c));
    html! {
        <section class="setup casino-setup" aria-labelledby="casino-setup-title">
            <h2 id="casino-setup-title">{"Casino Blackjack"}</h2>
            <p>{"Beat the dealer: finish closer to 21 than the dealer without going over. The other players are bots; everyone plays against the dealer, not each other."}</p>
            if shared {
                <p class="notice shared" role="status">{"A shared shoe: sit down to play the same cards."}</p>
            }
            <div class="setup-groups">
                <fieldset>
                    <legend>{"The table"}</legend>
                    { choice_field("decks", "Decks in the shoe", number_options([1, 2, 4, 6, 8], c.decks), num(|c, v| c.decks = v)) }
                    { choice_field("spots", "Your spots", number_options(1..=MAX_SPOTS, c.spots), num(|c, v| {
                        // The bots keep the seats the player's spots leave.
                        c.spots = v.clamp(1, MAX_SPOTS);
                        c.bots = c.bots.min(c.max_bots());
                    })) }
                    { choice_field("bots", "Other players (bots)", number_options(0..=c.max_bots(), c.bots), num(|c, v| c.bots = v)) }
                </fieldset>
                <fieldset>
                    <legend>{"House rules"}</legend>
                    { house_rule(c.surrender, flag(|c, v| c.surrender = v), "Surrender",
                        "Give up half your bet instead of playing the hand, as your first decision.") }
                    { house_rule(c.h17, flag(|c, v| c.h17 = v), "Dealer hits soft 17",
                        "The classic rules have the dealer stand on every 17; drawing to a soft 17 is a little worse for you.") }
                </fieldset>
            </div>
            <h3>{"The rules of this table"}</h3>
            <ul class="rules-summary">{ for rules_summary(&c).into_iter().map(|l| html! { <li>{l}</li> }) }</ul>
            <p><a class="rules-link" href={RULES_PAGE}>{"How to play casino Blackjack"}</a>{" · "}<a href="../drills/">{"Drills"}</a></p>
            <div class="setup-actions">
                <button class="play primary" onclick={start}>{"Sit down"}</button>
                <button onclick={on_cancel.reform(|_| ())}>{"Back"}</button>
            </div>
        </section>
    }
}
