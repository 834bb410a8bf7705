//! The casino page's binary (`tables/`): Casino Blackjack, loaded only when it is opened.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_tables();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
