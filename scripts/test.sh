#!/usr/bin/env bash
# Command 2 of 2: set up if needed, then run every test. Exits non-zero on any failure.
#   set-up -> actionlint, rustfmt and clippy -> native engine tests -> wasm browser tests
#   -> release build (one build, served at / and under a subpath) -> first-load size budget
#   -> end-to-end tests in headless Chromium
# Each step prints how long it took, and the run ends with a table of every step's time (also
# when a step fails); the end-to-end step lists its ten slowest tests.
#   E2E_JOBS=N  end-to-end test files run N at a time (default 2)
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

# Step timing: `step NAME` closes the step before it; the table prints when the script exits.
STEP_NAMES=()
STEP_SECS=()
RUN_START=$SECONDS
step_started=$SECONDS
step_name=""
close_step() {
  if [ -n "$step_name" ]; then
    local took=$((SECONDS - step_started))
    STEP_NAMES+=("$step_name")
    STEP_SECS+=("$took")
    printf '== test: %s took %dm%02ds\n' "$step_name" $((took / 60)) $((took % 60))
  fi
  step_name=""
}
# Each step says how much disk is left, so a run that fills it shows where.
step() {
  close_step
  step_name="$1"
  step_started=$SECONDS
  printf '\n== test: %s (%s free)\n' "$1" "$(disk_free_human)"
}
report_times() {
  local status=$?
  close_step
  printf '\n== test: step times (%s)\n' "$([ "$status" = 0 ] && echo passed || echo "FAILED, exit $status")"
  local i
  for i in "${!STEP_NAMES[@]}"; do
    printf '  %-28s %3dm%02ds\n' "${STEP_NAMES[$i]}" $((STEP_SECS[i] / 60)) $((STEP_SECS[i] % 60))
  done
  local total=$((SECONDS - RUN_START))
  printf '  %-28s %3dm%02ds\n' "total" $((total / 60)) $((total % 60))
}
cleanup() {
  report_times
  if [ -n "${SIGNAL_PID:-}" ]; then kill "$SIGNAL_PID" 2>/dev/null || true; fi
}
trap cleanup EXIT

step "set-up"
"$ROOT/scripts/setup.sh"
cd "$ROOT"

step "lints"
echo "workflow lint (actionlint), formatting (rustfmt) and lints (clippy -D warnings, native and wasm)"
# Its shellcheck and pyflakes checks are off: the run: steps are one-line script calls, and the
# result must not depend on whether this machine happens to have either on PATH.
"$ACTIONLINT" -shellcheck= -pyflakes= .github/workflows/*.yml
cargo fmt --check
cargo clippy --locked --all-targets -- -D warnings
cargo clippy --locked --all-targets -p blackjack-signal -- -D warnings
# The deployment recipe's systemd unit (deploy/; its flags are run through the server's own
# --check by signal/tests/deploy.rs): its directives, where the machine has systemd-analyze, with
# the program pointed at the built server (the unit names where the README installs it). Any
# complaint fails: systemd only warns about a directive it cannot read.
if command -v systemd-analyze >/dev/null; then
  unit_dir="$(mktemp -d)"
  sed "s#^ExecStart=/usr/local/bin/blackjack-signal #ExecStart=$SIGNAL_BIN #" deploy/blackjack-signal.service \
    >"$unit_dir/blackjack-signal.service"
  verify="$(systemd-analyze verify "$unit_dir/blackjack-signal.service" 2>&1)" && [ -z "$verify" ] || {
    echo "systemd-analyze verify deploy/blackjack-signal.service: $verify"
    exit 1
  }
  rm -r "$unit_dir"
fi
cargo clippy --locked --all-targets --target wasm32-unknown-unknown -- -D warnings

step "native tests"
echo "native engine and bot tests (cargo test), and the signalling server's rooms"
cargo test --locked
# An example's own tests run only when asked for: the OpenSpiel peer's (its settings, the open
# level, the evidence rule).
cargo test --locked --example openspiel_peer
cargo test --locked -p blackjack-signal
done_with target/debug

step "wasm browser tests"
echo "browser component tests (wasm-bindgen-test in headless Chromium)"
# --lib too: unit tests of page-only modules (e.g. ui/drills/spread.rs) are wasm_bindgen_tests.
# Only the test files that hold browser tests: each test file is a whole wasm binary (about 20 MB
# with line tables), and the engine's test files have nothing for the browser to run.
browser_tests=()
for file in $(grep -l 'wasm_bindgen_test' tests/*.rs); do
  browser_tests+=(--test "$(basename "$file" .rs)")
done
cargo test --locked --target wasm32-unknown-unknown --lib "${browser_tests[@]}"
done_with target/wasm32-unknown-unknown/debug

step "release build"
echo "release build of every page (dist), with relative URLs: the end-to-end tests serve it at / and under /blackjack/"
"$ROOT/scripts/build.sh" dist
done_with target/wasm32-unknown-unknown/release

step "size budget"
node scripts/size-report.mjs dist --budget-kb 150

step "end-to-end tests"
echo "end-to-end tests in headless Chromium, ${E2E_JOBS:-2} files at a time (the signalling server on 127.0.0.1 beside them)"
# Tables with friends connect through it (tests/e2e/friends*.test.mjs); stopped when this script ends.
# Its log (a line per room opened, closed or refused) goes to test-output/signal.log.
mkdir -p test-output
# Every page of the browser tests is on this machine: no limit of friends per address in a room,
# nor of rooms per address (else one test's new rooms would forget another's table whose host
# is away, and the test of a host who comes back would fail as the files run beside each other).
"$SIGNAL_BIN" --addr "127.0.0.1:$SIGNAL_PORT" --max-room-per-address 0 --remember-per-address 0 \
  >test-output/signal.log 2>&1 &
SIGNAL_PID=$!
export SIGNAL_URL="ws://127.0.0.1:$SIGNAL_PORT"
# The files that take longest start first (they play whole games at the bots' pace), so the
# others fill in beside them instead of one long file running alone at the end.
e2e_files=(tests/e2e/tables.test.mjs tests/e2e/shedding.test.mjs tests/e2e/matrix.test.mjs)
for file in tests/e2e/*.test.mjs; do
  case " ${e2e_files[*]} " in *" $file "*) ;; *) e2e_files+=("$file") ;; esac
done
node --test --test-concurrency="${E2E_JOBS:-2}" \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=./tests/e2e/slowest-reporter.mjs --test-reporter-destination=stdout \
  "${e2e_files[@]}"
