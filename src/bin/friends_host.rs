//! The host of a table with friends, in a Web Worker of its own (`friends/friends_host_*`): the
//! game, its bots and `net::Host` (see `blackjack::net::worker`). No yew: the host's page starts
//! this module only when a player opens a table, so a friend's page never fetches it.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::friends::host_worker::run::<blackjack::net::worker::Shedding>();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The host of a table with friends runs in the browser, in a Web Worker (see README.md).");
}
