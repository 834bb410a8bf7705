//! The casino's new-table form: labels above their controls, in groups (the kit's fields, as at
//! the other tables), and the table's rules in players' words, read from the rules themselves.

use super::state::{clean_name, Choice, Person, MAX_NAME};
use super::words::rules_summary;
use crate::engine::casino::save::MAX_SPOTS;
use crate::engine::casino::TableSpec;
use crate::ui::kit::{choice_field, house_rule, number_options};
use yew::prelude::*;

/// The player rules page, from the tables page.
pub const RULES_PAGE: &str = "../rules/casino.html";

/// The form, a view function (a component costs the page about a kilobyte): the page holds the
/// `choice` being made and the `names` typed, one per person at the device (pass-and-play with
/// two or more: a spot each); `shared` says it came from a shared shoe's link.
pub fn casino_setup(
    choice: &UseStateHandle<Choice>,
    names: &UseStateHandle<Vec<String>>,
    on_start: Callback<(Choice, Vec<Person>)>,
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
    let people = names.len().max(1);
    let on_people = {
        let (choice, names) = (choice.clone(), names.clone());
        Callback::from(move |v: String| {
            let n = v.parse::<usize>().unwrap_or(1).clamp(1, MAX_SPOTS as usize);
            let mut list = (*names).clone();
            list.resize(n, String::new());
            names.set(list);
            // A spot each; the bots keep the seats the people leave.
            let mut c = *choice;
            if n > 1 {
                c.spots = n as u8;
            }
            c.bots = c.bots.min(c.max_bots());
            choice.set(c);
        })
    };
    let name_field = |i: usize| {
        let value = names[i].clone();
        let names = names.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let mut list = (*names).clone();
            if let Some(n) = list.get_mut(i) {
                *n = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            }
            names.set(list);
        });
        let id = format!("person-{}", i + 1);
        html! {
            <div class="field">
                <label for={id.clone()}>{ format!("Player {}'s name", i + 1) }</label>
                <input {id} type="text" maxlength={MAX_NAME.to_string()} autocomplete="off"
                    placeholder={format!("Player {}", i + 1)} {value} {oninput} />
            </div>
        }
    };
    let typed = (**names).clone();
    let start = Callback::from(move |_: MouseEvent| {
        let people = typed
            .iter()
            .enumerate()
            .map(|(i, n)| Person {
                name: clean_name(n, &format!("Player {}", i + 1)),
                start_chips: TableSpec::default().starting_bankroll,
            })
            .collect();
        on_start.emit((c, people))
    });
    html! {
        <section class="setup casino-setup" aria-labelledby="casino-setup-title">
            <h2 id="casino-setup-title">{"Casino Blackjack"}</h2>
            <p>{"Beat the dealer: finish closer to 21 than the dealer without going over. The other players are bots, or friends passing this device; everyone plays against the dealer, not each other."}</p>
            if shared {
                <p class="notice shared" role="status">{"A shared shoe: sit down to play the same cards."}</p>
            }
            <div class="setup-groups">
                <fieldset>
                    <legend>{"The table"}</legend>
                    { choice_field("decks", "Decks in the shoe", number_options([1, 2, 4, 6, 8], c.decks), num(|c, v| c.decks = v)) }
                    { choice_field("people", "People at this device", number_options(1..=MAX_SPOTS, people as u8), on_people) }
                    if people > 1 {
                        { for (0..people).map(name_field) }
                    } else {
                        { choice_field("spots", "Your spots", number_options(1..=MAX_SPOTS, c.spots), num(|c, v| {
                            // The bots keep the seats the player's spots leave.
                            c.spots = v.clamp(1, MAX_SPOTS);
                            c.bots = c.bots.min(c.max_bots());
                        })) }
                    }
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
