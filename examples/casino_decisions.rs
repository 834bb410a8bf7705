//! How long every casino decision takes natively: the bot's move (`CasinoBot::decide`, a
//! full-shoe strategy, kept across the rounds as the page keeps it) and the trainer's hint
//! (`values` over the cards left), at every decision a player meets in many seeded rounds with
//! six bots and the player, at 1, 2, 6 and 8 decks. Prints the median, 95th percentile and
//! worst per decision, the worst hands, and a checksum of every move and every hint value's bits
//! (the same checksum before and after a speed-up means the same play and the same values).
//!
//!     cargo run --release --example casino_decisions -- [--rounds 150] [--seed 1] [--cold]
//!
//! `--cold` gives each decision a new bot (nothing kept from earlier decisions: the page's first
//! decision of each kind). Times are the thread's processor time (Linux), so that other work on
//! the machine does not count. The page's wasm is expected 1.5 to 3 times slower than these.

use blackjack::bots::casino::{unseen_plus, values, Allowed, CasinoBot};
use blackjack::engine::casino::save::{new_table, Choice};
use blackjack::engine::casino::strategy::Counts;
use blackjack::engine::casino::{Action, Phase};
use std::time::Duration;

/// This thread's processor time: on a machine shared with other work, wall-clock times of a
/// few milliseconds mostly measure the others.
#[cfg(target_os = "linux")]
fn cpu_time() -> Duration {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: clock_gettime writes one timespec into the struct it is given.
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    Duration::new(ts.sec as u64, ts.nsec as u32)
}
#[cfg(not(target_os = "linux"))]
fn cpu_time() -> Duration {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

struct Timings {
    all: Vec<(Duration, String)>,
}

impl Timings {
    fn report(&mut self, what: &str) {
        self.all.sort_by_key(|t| t.0);
        let n = self.all.len();
        if n == 0 {
            return;
        }
        let at = |q: f64| self.all[((n - 1) as f64 * q).round() as usize].0;
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "  {what:<6} {n:>6} decisions  median {:>8.3} ms  p95 {:>8.3} ms  max {:>8.3} ms  ({})",
            ms(at(0.5)),
            ms(at(0.95)),
            ms(self.all[n - 1].0),
            self.all[n - 1].1
        );
    }
}

/// FNV-1a over the bytes given: the checksum of the play and of the values.
fn mix(h: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *h = (*h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
}

fn main() {
    let rounds: u32 = arg("--rounds").and_then(|s| s.parse().ok()).unwrap_or(150);
    let seed: u64 = arg("--seed").and_then(|s| s.parse().ok()).unwrap_or(1);
    let cold = std::env::args().any(|a| a == "--cold");
    let mut sum = 0xcbf2_9ce4_8422_2325u64;
    let (mut bot_max, mut hint_max) = (Duration::ZERO, Duration::ZERO);
    for decks in [1u8, 2, 6, 8] {
        let (mut bots, mut hints) = (Timings { all: Vec::new() }, Timings { all: Vec::new() });
        let mut bot = CasinoBot::default();
        let mut table_seed = seed;
        let mut played = 0;
        while played < rounds {
            let choice = Choice { decks, bots: 6, surrender: table_seed % 2 == 0, h17: table_seed % 3 == 0, spots: 1 };
            let Ok(mut g) = new_table(choice, table_seed, 100_000) else { break };
            table_seed += 1;
            // Until the table runs dry of chips: one table seed after another.
            while played < rounds {
                let a = match g.phase() {
                    Phase::Betting if g.legal_actions().contains(&Action::Deal) => Action::Deal,
                    Phase::Betting => break,
                    Phase::Settled => {
                        played += 1;
                        Action::NextRound
                    }
                    Phase::Insurance { spot } => Action::Insure { spot, amount: 0 },
                    Phase::Playing { spot, hand } => {
                        let view = g.view(spot);
                        let h = &view.hands[hand as usize];
                        let up = view.dealer_up().expect("an up card while playing");
                        let label = format!(
                            "{decks} deck(s), spot {spot}, {} v {}",
                            h.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "),
                            up
                        );
                        let mut extra = h.cards.clone();
                        extra.push(up);
                        let t = cpu_time();
                        let vals = values(&view.rules, unseen_plus(&view, &extra), &h.cards, up, Allowed::of(&view));
                        let dt = cpu_time() - t;
                        hints.all.push((dt, label.clone()));
                        for (p, v) in &vals {
                            mix(&mut sum, &[*p as u8]);
                            mix(&mut sum, &v.to_bits().to_le_bytes());
                        }
                        if cold {
                            bot = CasinoBot::default();
                        }
                        let t = cpu_time();
                        let a = bot.decide(&view).expect("the bot's decision");
                        let dt = cpu_time() - t;
                        bots.all.push((dt, label));
                        a
                    }
                };
                mix(&mut sum, blackjack::engine::casino::save::code(a).as_bytes());
                g.apply(a).expect("a legal move");
            }
        }
        println!("{decks} deck(s), {rounds} rounds, six bots and the player (all playing the bot's strategy):");
        bots.report("bot");
        hints.report("hint");
        bot_max = bot_max.max(bots.all.last().map_or(Duration::ZERO, |t| t.0));
        hint_max = hint_max.max(hints.all.last().map_or(Duration::ZERO, |t| t.0));
    }
    // The slowest hands found above, timed alone (the least of five runs: little noise).
    println!("the slowest hands alone, full shoe, least of five runs:");
    for decks in [1u8, 2, 6, 8] {
        let rules = Choice { decks, bots: 6, surrender: true, h17: true, spots: 1 }.rules();
        let mut worst = (Duration::ZERO, String::new());
        for (a, b) in [("2H", "2D"), ("3H", "3D"), ("AH", "AD"), ("AH", "2D"), ("AH", "3D"), ("2H", "3D")] {
            for up in ["AS", "2S", "3S", "4S"] {
                let cards = [a.parse().unwrap(), b.parse().unwrap()];
                let up = up.parse().unwrap();
                let allowed = Allowed { hit: true, double: true, split: a[..1] == b[..1], surrender: true };
                let best = (0..5)
                    .map(|_| {
                        let t = cpu_time();
                        std::hint::black_box(values(&rules, Counts::full(decks), &cards, up, allowed));
                        cpu_time() - t
                    })
                    .min()
                    .unwrap_or_default();
                if best > worst.0 {
                    worst = (best, format!("{a} {b} v {up}"));
                }
            }
        }
        println!("  {decks} deck(s): {:>8.3} ms  ({})", worst.0.as_secs_f64() * 1e3, worst.1);
    }
    println!(
        "worst: bot {:.3} ms, hint {:.3} ms; checksum of moves and hint values {sum:016x}",
        bot_max.as_secs_f64() * 1e3,
        hint_max.as_secs_f64() * 1e3
    );
}
