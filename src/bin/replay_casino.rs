//! The casino replay page (`replay/casino/`): a finished shoe step by step, its own wasm
//! module, so no other page carries the viewer and the viewer carries no bots.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_replay_casino();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
