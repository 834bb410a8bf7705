//! The drills' worker (`drills/drills_work_*`): the index plays and the bet spread's edges,
//! worked out off the page's thread and out of its first load (see
//! `blackjack::ui::drills::work`). No yew: the drills page starts it when a drill needs it.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::drills::worker::run();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The drills' worker runs in the browser, in a Web Worker (see README.md).");
}
