//! The banner for something the player should know (a save set aside, a link that failed).

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NoticeProps {
    pub text: Option<String>,
    pub on_dismiss: Callback<MouseEvent>,
}

#[component]
pub fn Notice(props: &NoticeProps) -> Html {
    match &props.text {
        Some(text) => html! {
            <div class="notice" role="alert">
                <p>{text.clone()}</p>
                <button onclick={props.on_dismiss.clone()}>{"Dismiss"}</button>
            </div>
        },
        None => html! {},
    }
}
