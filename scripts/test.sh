#!/usr/bin/env bash
# Command 2 of 2: set up if needed, then run every test. Exits non-zero on any failure.
#   actionlint, rustfmt and clippy -> native engine tests -> wasm browser tests -> release builds (root and subpath)
#   -> first-load size budget -> end-to-end tests in headless Chromium
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
"$ROOT/scripts/setup.sh"
cd "$ROOT"

step() { printf '\n== test: %s\n' "$*"; }

step "workflow lint (actionlint), formatting (rustfmt) and lints (clippy -D warnings, native and wasm)"
# Its shellcheck and pyflakes checks are off: the run: steps are one-line script calls, and the
# result must not depend on whether this machine happens to have either on PATH.
"$ACTIONLINT" -shellcheck= -pyflakes= .github/workflows/*.yml
cargo fmt --check
cargo clippy --locked --all-targets -- -D warnings
cargo clippy --locked --all-targets --target wasm32-unknown-unknown -- -D warnings

step "native engine and bot tests (cargo test)"
cargo test --locked

step "browser component tests (wasm-bindgen-test in headless Chromium)"
cargo test --locked --target wasm32-unknown-unknown --tests

step "release build at / (dist) and under a GitHub Pages subpath (dist-sub)"
"$ROOT/scripts/build.sh" dist /
"$ROOT/scripts/build.sh" dist-sub /blackjack/

step "first-load size budget"
node scripts/size-report.mjs dist --budget-kb 150

step "end-to-end tests in headless Chromium"
node --test --test-concurrency=1 tests/e2e/
