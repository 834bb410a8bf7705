//! The banner for something the player should know (a save set aside, a link that failed).

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct NoticeProps {
    pub text: Option<String>,
    pub on_dismiss: Callback<MouseEvent>,
}

#[component]
pub fn Notice(props: &NoticeProps) -> Html {
    notice(props.text.clone(), props.on_dismiss.clone())
}

/// [`Notice`] as a plain view function, for a page with no bytes to spare for a component.
pub fn notice(text: Option<String>, on_dismiss: Callback<MouseEvent>) -> Html {
    match text {
        Some(text) => html! {
            <div class="notice" role="alert">
                <p>{text}</p>
                <button onclick={on_dismiss}>{"Dismiss"}</button>
            </div>
        },
        None => html! {},
    }
}
