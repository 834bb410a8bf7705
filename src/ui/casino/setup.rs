//! The casino's new-table form: labels above their controls, in groups (the kit's fields, as at
//! the other tables), and the table's rules in players' words, read from the rules themselves.

use super::state::Choice;
use super::words::rules_summary;
use crate::ui::kit::{numbers, ChoiceField, HouseRule};
use yew::prelude::*;

/// The player rules page, from the tables page.
pub const RULES_PAGE: &str = "../rules/casino.html";

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub on_start: Callback<Choice>,
    pub on_cancel: Callback<()>,
}

#[component]
pub fn CasinoSetup(props: &SetupProps) -> Html {
    let choice = use_state(Choice::default);
    let c = *choice;
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
    let start = {
        let on_start = props.on_start.clone();
        Callback::from(move |_: MouseEvent| on_start.emit(c))
    };
    html! {
        <section class="setup casino-setup" aria-labelledby="casino-setup-title">
            <h2 id="casino-setup-title">{"Casino Blackjack"}</h2>
            <p>{"Beat the dealer: finish closer to 21 than the dealer without going over. The other players are bots; everyone plays against the dealer, not each other."}</p>
            <div class="setup-groups">
                <fieldset>
                    <legend>{"The table"}</legend>
                    <ChoiceField id="decks" label="Decks in the shoe" options={numbers([1, 2, 4, 6, 8])}
                        selected={c.decks.to_string()} onchange={num(|c, v| c.decks = v)} />
                    <ChoiceField id="bots" label="Other players (bots)" options={numbers(0..=6)}
                        selected={c.bots.to_string()} onchange={num(|c, v| c.bots = v)} />
                </fieldset>
                <fieldset>
                    <legend>{"House rules"}</legend>
                    <HouseRule checked={c.surrender} onchange={flag(|c, v| c.surrender = v)} label="Surrender"
                        note="Give up half your bet instead of playing the hand, as your first decision." />
                    <HouseRule checked={c.h17} onchange={flag(|c, v| c.h17 = v)} label="Dealer hits soft 17"
                        note="The classic rules have the dealer stand on every 17; drawing to a soft 17 is a little worse for you." />
                </fieldset>
            </div>
            <h3>{"The rules of this table"}</h3>
            <ul class="rules-summary">{ for rules_summary(&c).into_iter().map(|l| html! { <li>{l}</li> }) }</ul>
            <p><a class="rules-link" href={RULES_PAGE}>{"How to play casino Blackjack"}</a></p>
            <div class="setup-actions">
                <button class="play primary" onclick={start}>{"Sit down"}</button>
                <button onclick={props.on_cancel.reform(|_| ())}>{"Back"}</button>
            </div>
        </section>
    }
}
