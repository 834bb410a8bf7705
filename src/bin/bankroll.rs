//! The bankroll page's binary (`bankroll/`): the casino sessions and the bet spread's risk, loaded only when opened.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_bankroll();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
