//! The shedding table's page (`play/`): its own wasm module, so the menu and the table each stay
//! within the first-load budget.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_play();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
