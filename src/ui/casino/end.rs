//! The end of a shoe at the casino, or of the player's chips: the last hand's results, the
//! dealer's, the insurance, and the session so far, in the results dialog with Next round (or
//! Next shoe). Any other hand ends on the felt, its results beside the spots and in the log,
//! with the bet controls and Deal in place (`controls.rs`).

use super::replay::{CasinoReplay, LAST_HREF};
use super::setup::RULES_PAGE;
use super::state::CasinoState;
use super::words::{outcome_line, signed_money, tally, total_badge};
use crate::engine::casino::game::money;
use crate::engine::casino::hand::{is_two_card_21, Total};
use crate::ui::components::results::{results_view, ResultRow, ResultsProps};
use yew::prelude::*;

/// A link to this shoe, offered only before its first card or after its last round
/// (`CasinoState::share_code`): whoever opens it plays the same cards.
pub fn share(s: &CasinoState) -> Html {
    let Some(code) = s.share_code() else { return Html::default() };
    html! { <p class="share"><a href={format!("?shoe={code}#casino")}>{"Share this shoe"}</a>{": a link that deals anyone the same cards."}</p> }
}

/// What the results dialog's view needs from the table that keeps its state: whether it is
/// folded into a bar (and how to fold or unfold it), and its primary action's ref.
pub struct Fold {
    pub folded: bool,
    pub on_fold: Callback<bool>,
    pub primary: NodeRef,
    /// Today's deal: its result line to share, once it is over (`daily.rs`).
    pub daily: Option<String>,
}

/// The results of the hand just settled that ended the shoe or the player's chips; nothing
/// before it is. (A view function, and the dialog's too, its state kept by the table: a
/// component costs the page about a kilobyte.)
pub fn round_end(
    s: &CasinoState,
    on_next: Callback<()>,
    on_new_game: Callback<()>,
    on_menu: Callback<()>,
    fold: Fold,
) -> Html {
    let Some(net) = s.round_net().filter(|_| !s.between_hands()) else { return Html::default() };
    let v = s.view();
    let title = match net {
        // Several people: each one's result is in the summary.
        _ if s.pass_and_play() => "Hand over".to_string(),
        0 => "You break even".to_string(),
        n if n > 0 => format!("You win {}", money(n)),
        n => format!("You lose {}", money(n.saturating_neg())),
    };
    let dealer: Vec<_> = v.dealer.iter().flatten().copied().collect();
    let dealer_line = match v.hole_revealed.then(|| Total::of(&dealer)) {
        Some(t) if t.is_bust() => format!("The dealer busts with {}.", t.hard),
        Some(_) if is_two_card_21(&dealer) => "The dealer has blackjack.".into(),
        Some(t) => format!("The dealer has {}.", t.best()),
        None => String::new(),
    };
    let mut rows = Vec::new();
    // Every hand by spot, and each of the player's spots' insurance under its hands.
    for (i, spot) in v.spots.iter().enumerate() {
        let (me, name) = (s.is_mine(i as u8), AttrValue::from(s.who(i as u8)));
        for h in &spot.hands {
            let result = outcome_line(h).map(|o| o.0).unwrap_or_default();
            rows.push(ResultRow::new(vec![name.clone(), total_badge(h).into(), result.into()], me));
        }
        if let Some(insurance) = s.insurance_net(i as u8).filter(|_| me) {
            rows.push(ResultRow::new(vec![name, "Insurance".into(), signed_money(insurance).into()], true));
        }
    }
    let shuffle = if v.cut_out { " The cut card is out: a new shoe next." } else { "" };
    let summary = match s.pass_and_play() {
        // Each person's result and chips, by name.
        true => {
            let each: Vec<String> = (0..s.people.len())
                .map(|i| {
                    let net = s.net_of(i).map_or_else(|| "sat out".into(), signed_money);
                    format!("{} {net}, {} in chips", s.people[i].name, money(s.chips_of(i)))
                })
                .collect();
            format!("{dealer_line} {}.{shuffle}", each.join("; "))
        }
        false => format!("{dealer_line} You have {}.{shuffle}", money(s.chips())),
    };
    let props = ResultsProps {
        title: title.into(),
        summary: Some(summary.into()),
        headers: vec!["Player".into(), "Hand".into(), "Result".into()],
        rows,
        children: html! { <><p class="tally">{ tally(&s.bank) }</p>{ share(s) }</> },
        primary_label: match () {
            _ if s.out_of_chips() => "New bankroll",
            _ if v.cut_out => "Next shoe",
            _ => "Next round",
        }
        .into(),
        on_primary: on_next,
        on_new_game: Some(on_new_game),
        on_menu: Some(on_menu),
        rules_href: Some(RULES_PAGE.into()),
        friends_href: Some("../friends/casino/".into()),
        // A shoe (or the chips) over: its replay. The replay page reads it from this table's
        // save (`LAST`), which holds the shoe: tables/ is at its budget, with no room for the
        // replay's link or the kept list.
        replay_href: CasinoReplay::finished(s).then_some(AttrValue::Static(LAST_HREF)),
    };
    // Today's deal over: the day's result in place of the next round.
    let props = super::daily::ending(s, props, fold.daily);
    results_view(&props, fold.folded, fold.on_fold, &fold.primary)
}
