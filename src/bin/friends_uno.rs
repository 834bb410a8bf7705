//! The page of UNO Blackjack tables with friends (`friends/uno/`): its own wasm module, as the
//! friends page's, with the UNO table instead of the shedding one.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_friends_uno();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
