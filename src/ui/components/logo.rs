use yew::prelude::*;

/// The game's mark: a black jack over an ace of spades, drawn in SVG. (A view function, not a
/// component: a component costs each page that draws it about a kilobyte.)
pub fn logo() -> Html {
    html! {
        <svg class="logo" viewBox="0 0 120 100" role="img" aria-label="Blackjack logo: a jack over an ace">
            <g transform="rotate(-12 40 60)">
                <rect x="14" y="18" width="52" height="74" rx="6" fill="#fff" stroke="#1b1b1b" stroke-width="2"/>
                <text x="22" y="38" font-size="16" font-weight="700" fill="#1b1b1b">{"A"}</text>
                <text x="40" y="70" font-size="30" text-anchor="middle" fill="#1b1b1b">{"♠"}</text>
            </g>
            <g transform="rotate(10 80 55)">
                <rect x="52" y="10" width="52" height="74" rx="6" fill="#fff" stroke="#1b1b1b" stroke-width="2"/>
                <text x="60" y="30" font-size="16" font-weight="700" fill="#1b1b1b">{"J"}</text>
                <text x="78" y="62" font-size="30" text-anchor="middle" fill="#1b1b1b">{"♣"}</text>
            </g>
        </svg>
    }
}
