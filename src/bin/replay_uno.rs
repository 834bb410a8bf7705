//! The UNO Blackjack replay page (`replay/uno/`): a finished game step by step, its own wasm
//! module, so no other page carries the viewer and the viewer carries no bots.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start_replay_uno();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
