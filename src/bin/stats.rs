//! The statistics page (`stats/`): its own wasm module, so the menu stays small and no other
//! page carries the charts.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_stats();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
