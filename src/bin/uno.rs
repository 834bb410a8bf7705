//! The UNO page's binary (`uno/`): UNO Blackjack, loaded only when it is opened.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_uno();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
