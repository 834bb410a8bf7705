//! The app binary. In the browser it mounts the Yew app; natively there is nothing to run.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The game runs in the browser: use scripts/serve.sh (see README.md).");
}
