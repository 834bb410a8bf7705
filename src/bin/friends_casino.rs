//! The page of casino Blackjack tables with friends (`friends/casino/`): its own wasm module, as
//! the friends page's, with the casino felt instead of the shedding table.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_friends_casino();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
