//! Sizes of the messages of a table with friends (bytes on the wire: `postcard`, the shedding
//! rules in the welcome only), over random games through `net::Host`, one table of each family:
//! Taylor for four, UNO Blackjack for four and casino Blackjack at four spots, the host at seat 0
//! and three friends: `cargo run --release --example friends_messages`.

use blackjack::engine::rng::GameRng;
use blackjack::engine::{shedding, uno};
use blackjack::net::{encode, Host, SeatToken, Seating, Table, ToHost, ToPeer};

/// Every message of one random game at `game` (at most `moves` moves), by kind.
fn measure<T: Table>(
    game: T,
    name: &str,
    moves: usize,
    legal: impl Fn(&T) -> Vec<T::Action>,
) -> Vec<(&'static str, usize)>
where
    T::Action: Copy,
{
    let seating = vec![Seating::Host { name: "Ann".into() }, Seating::Open, Seating::Open, Seating::Open];
    let mut host = Host::open(game, name, seating);
    let mut sizes: Vec<(&'static str, usize)> = Vec::new();
    for seat in 1..4u8 {
        host.connect(u64::from(seat), u128::from(seat));
        let claim = encode(&ToHost::<T::Action>::Claim {
            seat,
            key: SeatToken(u128::MAX - u128::from(seat)).key("Ab3dEf6hIj9lMn2pQr5tUv"),
            name: "Samantha".into(),
        });
        sizes.push(("peer -> host: Claim", claim.len()));
        for o in host.receive(u64::from(seat), &claim) {
            let kind = match o.message {
                ToPeer::Welcome { .. } => "host -> peer: Welcome (the seat's whole view)",
                ToPeer::Seats(_) => "host -> peer: Seats",
                _ => "host -> peer: Notice",
            };
            sizes.push((kind, encode(&o.message).len()));
        }
    }
    for o in host.start() {
        sizes.push(("host -> peer: Update", encode(&o.message).len()));
    }
    let mut rng = GameRng::new(1);
    for _ in 0..moves {
        let legal = legal(host.table());
        if legal.is_empty() {
            break;
        }
        let a = legal[rng.below(legal.len() as u64) as usize];
        if T::seat_of(&a).is_some_and(|s| s != 0) {
            sizes.push(("peer -> host: Act", encode(&ToHost::Act { at: host.table().state_id(), action: a }).len()));
        }
        let Ok(applied) = host.act(a) else { break };
        for o in applied.out {
            sizes.push(("host -> peer: Update", encode(&o.message).len()));
        }
    }
    sizes
}

fn print(title: &str, sizes: &[(&str, usize)]) {
    println!("{title}");
    let mut kinds: Vec<&str> = sizes.iter().map(|(k, _)| *k).collect();
    kinds.sort_unstable();
    kinds.dedup();
    println!("  {:<48} {:>7} {:>7} {:>7} {:>7}", "message", "count", "median", "p95", "max");
    for k in kinds {
        let mut v: Vec<usize> = sizes.iter().filter(|(x, _)| *x == k).map(|(_, n)| *n).collect();
        v.sort_unstable();
        let at = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
        println!("  {k:<48} {:>7} {:>7} {:>7} {:>7}", v.len(), at(0.5), at(0.95), v[v.len() - 1]);
    }
}

fn main() {
    let taylor = shedding::Game::new(shedding::Preset::Taylor.rules(), 4, 7).expect("a Taylor table for four");
    print(
        "Taylor, four players",
        &measure(taylor, "Taylor Blackjack", 3000, |g| if g.is_over() { Vec::new() } else { g.legal_actions() }),
    );
    let uno = uno::Game::new(uno::UnoRules::seed_rules(), 4, 7).expect("an UNO Blackjack table for four");
    print("UNO Blackjack, four players", &measure(uno, "UNO Blackjack", 3000, uno::Game::legal_actions));
    let casino = blackjack::net::casino::ShoeTable::new(4, 7).expect("a casino table of four spots");
    let legal = |t: &blackjack::net::casino::ShoeTable| t.legal_actions();
    print("Casino Blackjack, four spots", &measure(casino, "Casino Blackjack", 3000, legal));
}
