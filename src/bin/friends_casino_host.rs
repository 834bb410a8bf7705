//! The host of a casino Blackjack table with friends, in a Web Worker of its own
//! (`friends/casino/friends_casino_host_*`): the table, its bots and `net::Host` (see
//! `blackjack::net::casino`). Started only when a player opens a table as host.

#[cfg(target_arch = "wasm32")]
fn main() {
    blackjack::ui::friends::host_worker::run::<blackjack::net::casino::Casino>();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The host of a table with friends runs in the browser, in a Web Worker (see README.md).");
}
