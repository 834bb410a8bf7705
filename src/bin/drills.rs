//! The drills page's binary (`drills/`): the casino drills, loaded only when opened.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_drills();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
