//! The end of a game or a round, the same for all five games: a dialog with the result, a table
//! of places (or hands, or rounds), **Play again** as the primary action, then New game, Menu and
//! the rules. Focus moves into it when it opens, so a keyboard or screen-reader player lands on
//! the result and can press Enter to play again. "View table" folds it into a bar, so the final
//! board can be looked at, and the bar opens it again.

use yew::prelude::*;

/// One row of the results table. `mine` marks the player's own row (shown in bold, with a
/// marker that does not rely on colour alone).
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    pub cells: Vec<AttrValue>,
    pub mine: bool,
}

impl ResultRow {
    pub fn new(cells: Vec<AttrValue>, mine: bool) -> Self {
        ResultRow { cells, mine }
    }
}

#[derive(Properties, PartialEq)]
pub struct ResultsProps {
    /// The headline: "You won!", "Sam wins the round", "Round 3: you lost $10".
    pub title: AttrValue,
    /// One line under the headline, in players' words (how the game ended, the match score).
    #[prop_or_default]
    pub summary: Option<AttrValue>,
    /// Column headings of the results table ("Place", "Player", "Cards left").
    #[prop_or_default]
    pub headers: Vec<AttrValue>,
    #[prop_or_default]
    pub rows: Vec<ResultRow>,
    /// Anything more the game wants to show (a British round-by-round table, a casino tally).
    #[prop_or_default]
    pub children: Html,
    /// "Play again" at the end of a game; "Next round" or "Next hand" between rounds.
    #[prop_or(AttrValue::Static("Play again"))]
    pub primary_label: AttrValue,
    pub on_primary: Callback<()>,
    /// Back to the new-game screen with the same game chosen; hidden when `None`.
    #[prop_or_default]
    pub on_new_game: Option<Callback<()>>,
    /// Back to the list of games; hidden when `None`.
    #[prop_or_default]
    pub on_menu: Option<Callback<()>>,
    /// The rules page for this game (a relative link); hidden when `None`.
    #[prop_or_default]
    pub rules_href: Option<AttrValue>,
    /// The friends page with this game chosen ("Play this with friends"), at a table of one's
    /// own; `None` at a table with friends.
    #[prop_or_default]
    pub friends_href: Option<AttrValue>,
    /// The replay page with this finished game ("Replay"), where the table has its record.
    #[prop_or_default]
    pub replay_href: Option<AttrValue>,
}

#[component]
pub fn ResultsDialog(props: &ResultsProps) -> Html {
    let folded = use_state(|| false);
    let primary = use_node_ref();
    {
        // Focus the primary action whenever the dialog opens (or is unfolded).
        let primary = primary.clone();
        use_effect_with(*folded, move |_| focus_primary(&primary));
    }
    let fold = {
        let folded = folded.clone();
        Callback::from(move |f: bool| folded.set(f))
    };
    results_view(props, *folded, fold, &primary)
}

/// Focuses the dialog's primary action, if it is showing (the page calls it when the dialog
/// opens or unfolds).
pub fn focus_primary(primary: &NodeRef) {
    if let Some(button) = primary.cast::<web_sys::HtmlElement>() {
        let _ = button.focus();
    }
}

/// [`ResultsDialog`] as a plain view function, for a page with no bytes to spare for a
/// component: the page keeps whether it is `folded` (`on_fold` sets it), holds the `primary`
/// action's ref, and calls [`focus_primary`] when the dialog opens or unfolds.
pub fn results_view(props: &ResultsProps, folded: bool, on_fold: Callback<bool>, primary: &NodeRef) -> Html {
    let click = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    if folded {
        return html! {
            <div class="results-bar" role="region" aria-label="Result">
                <strong>{props.title.clone()}</strong>
                <button class="primary" onclick={on_fold.reform(|_| false)}>{"Show results"}</button>
            </div>
        };
    }
    let fold = on_fold.reform(|_| true);
    html! {
        <div class="results-backdrop">
            <section class="results dialog" role="dialog" aria-modal="false" aria-labelledby="results-title">
                <h2 id="results-title">{props.title.clone()}</h2>
                if let Some(summary) = &props.summary {
                    <p class="results-summary">{summary.clone()}</p>
                }
                if !props.rows.is_empty() {
                    <table class="results-table">
                        if !props.headers.is_empty() {
                            <thead><tr>{ for props.headers.iter().map(|h| html! { <th scope="col">{h.clone()}</th> }) }</tr></thead>
                        }
                        <tbody>
                            { for props.rows.iter().map(|row| html! {
                                <tr class={classes!(row.mine.then_some("mine"))}>
                                    { for row.cells.iter().map(|c| html! { <td>{c.clone()}</td> }) }
                                </tr>
                            }) }
                        </tbody>
                    </table>
                }
                { props.children.clone() }
                <div class="results-actions">
                    <button class="primary" ref={primary.clone()} onclick={click(&props.on_primary)}>{props.primary_label.clone()}</button>
                    if let Some(href) = &props.replay_href {
                        <a class="button" href={href.clone()}>{"Replay"}</a>
                    }
                    if let Some(cb) = &props.on_new_game {
                        <button onclick={click(cb)}>{"New game"}</button>
                    }
                    if let Some(cb) = &props.on_menu {
                        <button onclick={click(cb)}>{"Menu"}</button>
                    }
                    if let Some(href) = &props.friends_href {
                        <a class="button" href={href.clone()}>{"Play this with friends"}</a>
                    }
                    <button class="quiet" onclick={fold}>{"View table"}</button>
                    if let Some(href) = &props.rules_href {
                        <a class="button quiet" href={href.clone()}>{"Rules"}</a>
                    }
                </div>
            </section>
        </div>
    }
}
