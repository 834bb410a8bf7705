#!/usr/bin/env bash
# Command 2 of 2: set up if needed, then run every test. Exits non-zero on any failure.
#   actionlint, rustfmt and clippy -> native engine tests -> wasm browser tests -> release builds (root and subpath)
#   -> first-load size budget -> end-to-end tests in headless Chromium
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
# The test command builds each thing once: incremental caches would only double what a fresh
# machine writes to its disk (see the disk check below).
export CARGO_INCREMENTAL=0
# On a short disk each step's build is removed once its tests pass (nothing later reads it), so
# what the run needs at once is its largest step, not the sum. Otherwise builds stay, for reruns.
lean=false
if disk_short "$TEST_DISK_GB" "the test command"; then lean=true; fi
done_with() { if $lean; then rm -rf "$@"; fi; }
"$ROOT/scripts/setup.sh"
cd "$ROOT"

# Each step says how much disk is left, so a run that fills it shows where.
step() { printf '\n== test: %s (%s free)\n' "$*" "$(disk_free_human)"; }

step "workflow lint (actionlint), formatting (rustfmt) and lints (clippy -D warnings, native and wasm)"
# Its shellcheck and pyflakes checks are off: the run: steps are one-line script calls, and the
# result must not depend on whether this machine happens to have either on PATH.
"$ACTIONLINT" -shellcheck= -pyflakes= .github/workflows/*.yml
cargo fmt --check
cargo clippy --locked --all-targets -- -D warnings
cargo clippy --locked --all-targets -p blackjack-signal -- -D warnings
cargo clippy --locked --all-targets --target wasm32-unknown-unknown -- -D warnings

step "native engine and bot tests (cargo test), and the signalling server's rooms"
cargo test --locked
cargo test --locked -p blackjack-signal
done_with target/debug

step "browser component tests (wasm-bindgen-test in headless Chromium)"
# --lib too: unit tests of page-only modules (e.g. ui/drills/spread.rs) are wasm_bindgen_tests.
# Only the test files that hold browser tests: each test file is a whole wasm binary (about 20 MB
# with line tables), and the engine's test files have nothing for the browser to run.
browser_tests=()
for file in $(grep -l 'wasm_bindgen_test' tests/*.rs); do
  browser_tests+=(--test "$(basename "$file" .rs)")
done
cargo test --locked --target wasm32-unknown-unknown --lib "${browser_tests[@]}"
done_with target/wasm32-unknown-unknown/debug

step "release build at / (dist) and under a GitHub Pages subpath (dist-sub)"
"$ROOT/scripts/build.sh" dist /
"$ROOT/scripts/build.sh" dist-sub /blackjack/
done_with target/wasm32-unknown-unknown/release

step "first-load size budget"
node scripts/size-report.mjs dist --budget-kb 150

step "end-to-end tests in headless Chromium (the signalling server on 127.0.0.1 beside them)"
# Tables with friends connect through it (tests/e2e/friends.test.mjs); stopped when this script ends.
"$SIGNAL_BIN" --addr "127.0.0.1:$SIGNAL_PORT" &
SIGNAL_PID=$!
trap 'kill "$SIGNAL_PID" 2>/dev/null || true' EXIT
export SIGNAL_URL="ws://127.0.0.1:$SIGNAL_PORT"
node --test --test-concurrency=1 tests/e2e/
