//! Sizes of the messages of a table with friends (bytes on the wire: `postcard`, the rules in the
//! welcome only), over a whole random Taylor game for four through `net::Host`:
//! `cargo run --release --example friends_messages`.

use blackjack::engine::rng::GameRng;
use blackjack::engine::shedding::{Action, Game, Preset};
use blackjack::net::{encode, Host, SeatToken, Seating, ToHost};

fn main() {
    let game = Game::new(Preset::Taylor.rules(), 4, 7).expect("a Taylor table for four");
    let seating = vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Open, Seating::Open];
    let mut host = Host::open(game, "Taylor Blackjack", seating);
    let mut sizes: Vec<(&str, usize)> = Vec::new();
    for seat in 1..4u8 {
        host.connect(u64::from(seat));
        let claim = encode(&ToHost::<Action>::Claim {
            seat,
            token: SeatToken(u128::MAX - u128::from(seat)),
            name: "Samantha".into(),
        });
        sizes.push(("peer -> host: Claim", claim.len()));
        for o in host.receive(u64::from(seat), &claim) {
            let kind = match o.message {
                blackjack::net::ToPeer::Welcome { .. } => "host -> peer: Welcome (the seat's whole view)",
                blackjack::net::ToPeer::Seats(_) => "host -> peer: Seats",
                _ => "host -> peer: Notice",
            };
            sizes.push((kind, encode(&o.message).len()));
        }
    }
    for o in host.start() {
        sizes.push(("host -> peer: Update", encode(&o.message).len()));
    }
    let mut rng = GameRng::new(1);
    while !host.table().is_over() && host.table().log().len() < 3000 {
        let legal = host.table().legal_actions();
        let a = legal[rng.below(legal.len() as u64) as usize];
        if a.seat() != 0 {
            sizes.push(("peer -> host: Act", encode(&ToHost::Act { at: host.table().state_id(), action: a }).len()));
        }
        let Ok(applied) = host.act(a) else { break };
        for o in applied.out {
            sizes.push(("host -> peer: Update", encode(&o.message).len()));
        }
    }
    let mut kinds: Vec<&str> = sizes.iter().map(|(k, _)| *k).collect();
    kinds.sort_unstable();
    kinds.dedup();
    println!("{:<48} {:>7} {:>7} {:>7} {:>7}", "message", "count", "median", "p95", "max");
    for k in kinds {
        let mut v: Vec<usize> = sizes.iter().filter(|(x, _)| *x == k).map(|(_, n)| *n).collect();
        v.sort_unstable();
        let at = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
        println!("{k:<48} {:>7} {:>7} {:>7} {:>7}", v.len(), at(0.5), at(0.95), v[v.len() - 1]);
    }
}
