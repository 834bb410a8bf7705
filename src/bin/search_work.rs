//! The search worker (`play/search_work_*`): the hard bot's search, off the table page's thread
//! and out of its download (see `blackjack::bots::work`). No yew: the shedding table starts it
//! when a hard bot first has a move to make.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::search_worker::run();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The search worker runs in the browser, in a Web Worker (see README.md).");
}
