//! The host of an UNO Blackjack table with friends, in a Web Worker of its own
//! (`friends/uno/friends_uno_host_*`): the game, its bots and `net::Host` (see
//! `blackjack::net::worker::Uno`). Started only when a player opens a table as host.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::friends::host_worker::run::<blackjack::net::worker::Uno>();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The host of a table with friends runs in the browser, in a Web Worker (see README.md).");
}
