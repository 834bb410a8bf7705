//! Golden bytes of the wire, per family: a welcome and an update of a fixed deal (fixed seed,
//! fixed moves), encoded as a host sends them, compared with `tests/golden/wire/`. The wire
//! carries engine types (views, events, rules), so a change to any of them changes the bytes a
//! peer of the last release reads; this test says so, and asks for a [`PROTOCOL`] bump, so that
//! such a peer is told "another version" instead of misreading a table.
//!
//! Each file's name carries the protocol it was written under (`v3-taylor-welcome.hex`). To
//! write them for the current `PROTOCOL` (after a bump; the older version's files go):
//!
//! ```text
//! BLESS=1 cargo test --test net_golden
//! ```
//!
//! That one command is all a merge that bumps `PROTOCOL` needs (two branches that each bump it
//! to the same number: bless once, after both are in).
#![cfg(not(target_arch = "wasm32"))]

use blackjack::engine::casino::Action as Bet;
use blackjack::engine::shedding::Action as Shed;
use blackjack::engine::uno::Action as Uno;
use blackjack::net::worker::{self, Family};
use blackjack::net::{encode, Message, Reader, Table, ToPeer, PROTOCOL};
use std::fmt::Debug;
use std::path::{Path, PathBuf};

/// What regenerates the files (the failure messages say it).
const BLESS: &str = "BLESS=1 cargo test --test net_golden";

/// One family's fixed table: the welcome `seat` is sent before `moves`, and its update after
/// the last of them (with that move's events), each as the host encodes it.
struct Fixed<F: Family> {
    name: &'static str,
    preset: &'static str,
    players: u8,
    seed: u64,
    seat: u8,
    moves: Vec<F::Action>,
}

impl<F: Family> Fixed<F>
where
    Message<F::Game>: PartialEq + Debug,
{
    fn messages(&self) -> [(String, Vec<u8>); 2] {
        let name = self.name;
        let mut game = F::new_game(self.preset, self.players, self.seed).expect("the fixed table opens");
        let update = game.update(self.seat, &[]).expect("the seat is at the table");
        let welcome: Message<F::Game> = ToPeer::Welcome { seat: self.seat, shared: game.shared(), update };
        let mut events = Vec::new();
        for &a in &self.moves {
            // The moves are fixed by hand for this deal: if the rules or the deal changed, pick
            // moves that are legal again (and the bytes will have changed anyway).
            events = game.act(a).unwrap_or_else(|e| panic!("{name}: the fixed move {a:?} is refused ({e:?})"));
        }
        let update: Message<F::Game> = ToPeer::Update(game.update(self.seat, &events).expect("the seat"));
        // The bytes are what a peer reads back as these very messages.
        let (w, u) = (encode(&welcome), encode(&update));
        let mut reader = Reader::<F::Game>::default();
        assert_eq!(reader.read(&w).as_ref(), Some(&welcome), "{name}: the welcome reads back");
        let mut whole = update.clone();
        if let (ToPeer::Update(up), ToPeer::Welcome { shared, .. }) = (&mut whole, &welcome) {
            F::Game::restore(up, shared);
        }
        assert_eq!(reader.read(&u), Some(whole), "{name}: the update reads back, with what the welcome carried");
        [(format!("{name}-welcome"), w), (format!("{name}-update"), u)]
    }
}

fn tables() -> Vec<(String, Vec<u8>)> {
    let card = |c: &str| c.parse().expect("a card");
    let taylor = Fixed::<worker::Shedding> {
        name: "taylor",
        preset: "taylor",
        players: 3,
        seed: 1,
        seat: 1,
        moves: vec![
            Shed::Play { seat: 1, card: card("9H") },
            Shed::Play { seat: 2, card: card("7H") },
            Shed::Play { seat: 1, card: card("6H") },
            Shed::Draw { seat: 0 },
        ],
    };
    let uno = Fixed::<worker::Uno> {
        name: "uno",
        preset: blackjack::net::uno::PRESET,
        players: 3,
        seed: 1,
        seat: 1,
        moves: vec![Uno::Reveal, Uno::Hit { seat: 0 }, Uno::Hit { seat: 1 }, Uno::Pass { seat: 2 }],
    };
    let casino = Fixed::<worker::Casino> {
        name: "casino",
        preset: blackjack::net::casino::PRESET,
        players: 3,
        seed: 1,
        seat: 1,
        moves: vec![
            Bet::Bet { spot: 0, amount: 500 },
            Bet::Bet { spot: 1, amount: 500 },
            Bet::Bet { spot: 2, amount: 1000 },
            Bet::Deal,
            Bet::Hit { spot: 0 },
        ],
    };
    [taylor.messages(), uno.messages(), casino.messages()].into_iter().flatten().collect()
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/wire")
}

/// The file of `name` under protocol `version`.
fn file(version: u16, name: &str) -> PathBuf {
    dir().join(format!("v{version}-{name}.hex"))
}

/// The versions that have a file of `name`.
fn versions_of(name: &str) -> Vec<u16> {
    let suffix = format!("-{name}.hex");
    let mut found: Vec<u16> = std::fs::read_dir(dir())
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(&suffix)?.strip_prefix('v')?.parse().ok())
        .collect();
    found.sort_unstable();
    found
}

/// Bytes as hexadecimal text, 32 bytes a line (a change shows as a diff of lines).
fn to_hex(bytes: &[u8]) -> String {
    let mut text = String::new();
    for line in bytes.chunks(32) {
        for b in line {
            text.push_str(&format!("{b:02x}"));
        }
        text.push('\n');
    }
    text
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if digits.len() % 2 != 0 {
        return None;
    }
    digits.chunks(2).map(|p| u8::from_str_radix(std::str::from_utf8(p).ok()?, 16).ok()).collect()
}

/// What is wrong with the recorded bytes of `name` (`None`: they are these).
fn problem(name: &str, bytes: &[u8]) -> Option<String> {
    let path = file(PROTOCOL, name);
    let recorded = std::fs::read_to_string(&path).ok();
    compared(&path, recorded.as_deref(), &versions_of(name), bytes)
}

/// What is wrong with `recorded`, the text of the file at `path` (`None`: there is none), for
/// `bytes`; `versions`: the versions that have a file of the same message.
fn compared(path: &Path, recorded: Option<&str>, versions: &[u16], bytes: &[u8]) -> Option<String> {
    let path = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(path).display();
    let Some(text) = recorded else {
        return Some(format!(
            "{path}: no golden bytes for protocol {PROTOCOL} (there are for {versions:?}); if net::PROTOCOL was \
             bumped, write them with `{BLESS}`"
        ));
    };
    let Some(recorded) = from_hex(text) else {
        return Some(format!("{path}: not hexadecimal text; write it again with `{BLESS}`"));
    };
    if recorded == bytes {
        return None;
    }
    let at = recorded.iter().zip(bytes).position(|(a, b)| a != b).unwrap_or(recorded.len().min(bytes.len()));
    Some(format!(
        "{path}: the wire changed (first difference at byte {at}; {} bytes now, {} recorded) and net::PROTOCOL is \
         still {PROTOCOL}: a peer of the last release would misread it. Bump net::PROTOCOL \
         (src/net/protocol.rs) and regenerate with `{BLESS}`",
        bytes.len(),
        recorded.len()
    ))
}

#[test]
fn each_familys_welcome_and_update_are_the_bytes_recorded_for_this_protocol() {
    let messages = tables();
    if std::env::var("BLESS").is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(dir()).expect("tests/golden/wire");
        for (name, bytes) in &messages {
            // One version's files at a time: an older version's bytes are no use to anyone.
            for v in versions_of(name).into_iter().filter(|&v| v != PROTOCOL) {
                std::fs::remove_file(file(v, name)).expect("an older golden file");
            }
            std::fs::write(file(PROTOCOL, name), to_hex(bytes)).expect("a golden file");
        }
        return;
    }
    let problems: Vec<String> = messages.iter().filter_map(|(name, bytes)| problem(name, bytes)).collect();
    assert!(problems.is_empty(), "\n{}\n", problems.join("\n"));
}

/// The check can fail: a byte changed, a file of another version only, or a damaged file is
/// reported with what to do.
#[test]
fn a_changed_byte_a_missing_version_or_a_damaged_file_is_reported_with_what_to_do() {
    let (_, bytes) = &tables()[0];
    let path = file(PROTOCOL, "example");
    let text = to_hex(bytes);
    assert_eq!(compared(&path, Some(&text), &[PROTOCOL], bytes), None);
    let mut changed = bytes.clone();
    *changed.last_mut().unwrap() ^= 1;
    let said = compared(&path, Some(&text), &[PROTOCOL], &changed).expect("a changed byte is caught");
    assert!(said.contains("the wire changed") && said.contains("Bump net::PROTOCOL") && said.contains(BLESS), "{said}");
    let longer = [bytes.as_slice(), &[0]].concat();
    assert!(compared(&path, Some(&text), &[PROTOCOL], &longer).is_some(), "a byte more is caught");
    let said = compared(&path, None, &[PROTOCOL - 1], bytes).expect("a missing file is caught");
    assert!(said.contains("no golden bytes") && said.contains(BLESS), "{said}");
    assert!(compared(&path, Some("0g"), &[PROTOCOL], bytes).is_some(), "a damaged file is caught");
    assert_eq!(from_hex(&to_hex(&changed)), Some(changed));
}
