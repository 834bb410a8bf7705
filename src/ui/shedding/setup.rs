//! The new-game screen for the shedding games: rules preset, number of seats, bot level.

use crate::bots::shedding::Level;
use crate::engine::shedding::Preset;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SetupChoice {
    pub preset: Preset,
    pub players: u8,
    pub level: Level,
}

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub preset: Preset,
    pub on_start: Callback<SetupChoice>,
    pub on_cancel: Callback<()>,
}

pub fn preset_title(p: Preset) -> &'static str {
    match p {
        Preset::Taylor => "Taylor Blackjack",
        Preset::Priestly => "Priestly College BlackJack",
        Preset::British => "British Black Jack",
        Preset::CrazyEights => "Crazy Eights (OpenSpiel rules)",
        Preset::Switch => "Switch",
    }
}

#[component]
pub fn SheddingSetup(props: &SetupProps) -> Html {
    let choice = use_state(|| SetupChoice { preset: props.preset, players: 4, level: Level::Normal });
    let select = |f: fn(&mut SetupChoice, &str)| {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlSelectElement>().value();
            let mut c = *choice;
            f(&mut c, &v);
            choice.set(c);
        })
    };
    let start = {
        let choice = choice.clone();
        props.on_start.reform(move |e: SubmitEvent| {
            e.prevent_default();
            *choice
        })
    };
    let c = *choice;
    html! {
        <section class="setup" aria-labelledby="setup-title">
            <h2 id="setup-title">{"New game"}</h2>
            <form onsubmit={start}>
                <label for="preset">{"Rules"}</label>
                <select id="preset" onchange={select(|c, v| c.preset = Preset::from_id(v).unwrap_or(c.preset))}>
                    { for Preset::ALL.iter().map(|&p| html! { <option value={p.id()} selected={p == c.preset}>{ preset_title(p) }</option> }) }
                </select>
                <label for="players">{"Players (you and bots)"}</label>
                <select id="players" onchange={select(|c, v| c.players = v.parse().unwrap_or(c.players))}>
                    { for (2..=12u8).map(|n| html! { <option value={n.to_string()} selected={n == c.players}>{ n }</option> }) }
                </select>
                <label for="level">{"Bots"}</label>
                <select id="level" onchange={select(|c, v| c.level = match v { "easy" => Level::Easy, "hard" => Level::Hard, _ => Level::Normal })}>
                    <option value="easy" selected={c.level == Level::Easy}>{"Easy: casual, forgetful"}</option>
                    <option value="normal" selected={c.level == Level::Normal}>{"Normal: sound play, sharp eyes"}</option>
                    <option value="hard" selected={c.level == Level::Hard}>{"Hard: thinks ahead (searches possible deals)"}</option>
                </select>
                <div class="setup-buttons">
                    <button type="submit">{"Deal"}</button>
                    <button type="button" onclick={props.on_cancel.reform(|_| ())}>{"Back"}</button>
                </div>
            </form>
        </section>
    }
}
