//! The deployment recipe's unit file (deploy/blackjack-signal.service, README "Over the
//! internet") starts this server with flags it accepts: its `ExecStart` line, run with the
//! server's `--check` (which reads the flags and exits without listening). A flag renamed or
//! dropped here fails this test, not a server at start-up. `scripts/test.sh` also runs
//! `systemd-analyze verify` on the unit where the machine has it.

use std::process::Command;

/// The unit file's `ExecStart` arguments, after the program.
fn exec_start_flags() -> Vec<String> {
    let unit = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../deploy/blackjack-signal.service"))
        .expect("deploy/blackjack-signal.service");
    let line = unit.lines().find_map(|l| l.strip_prefix("ExecStart=")).expect("an ExecStart line");
    let mut words = line.split_whitespace().map(str::to_owned);
    assert_eq!(words.next().as_deref(), Some("/usr/local/bin/blackjack-signal"), "the program the README installs");
    words.collect()
}

fn check(flags: &[String]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_blackjack-signal")).args(flags).arg("--check").output().unwrap();
    (out.status.success(), format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn the_unit_file_s_flags_are_accepted_and_set_what_the_recipe_says() {
    let flags = exec_start_flags();
    let (ok, said) = check(&flags);
    assert!(ok, "{said}");
    // Loopback behind the TLS proxy, and the proxy's header naming each player's address.
    assert!(said.contains("--addr 127.0.0.1:3536 "), "{said}");
    assert!(said.contains("--address-header x-real-ip"), "{said}");
    // One address may not fill the server with rooms it remembers for a week.
    assert!(said.contains("--remember-per-address 64 "), "{said}");
}

#[test]
fn the_check_refuses_what_the_server_would_refuse() {
    let (ok, said) = check(&["--idle-secs".into(), "0".into()]);
    assert!(!ok && said.contains("--idle-secs: not a value"), "{said}");
    let (ok, _) = check(&["--no-such-flag".into(), "1".into()]);
    assert!(!ok);
}
