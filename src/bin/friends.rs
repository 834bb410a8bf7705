//! The page of tables with friends (`friends/`): its own wasm module, loaded only when a player
//! opens "Play with friends" or a room link, so the networking never weighs on the other pages.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_friends();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
