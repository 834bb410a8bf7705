#!/usr/bin/env bash
# Installs what building and testing need, and only what is missing: safe to run again.
# Everything comes from crates.io, npm and Debian apt; nothing is downloaded from elsewhere.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"

step() { printf '\n== setup: %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  step "Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

for component in rustfmt clippy; do
  if ! rustup component list --installed | grep -q "^$component"; then
    step "Rust component $component"
    rustup component add "$component"
  fi
done

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

# npm packages (wasm-opt from binaryen, playwright-core, axe-core): reinstall only when the lock changed.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "npm packages"
  npm ci --no-audit --no-fund --loglevel=error
fi

if ! wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
  echo "setup: wasm-opt on PATH is not binaryen $BINARYEN_VERSION: $(command -v wasm-opt || echo none)" >&2
  exit 1
fi
echo "setup: ready (trunk $TRUNK_VERSION, wasm-bindgen $WBG, binaryen $BINARYEN_VERSION, $(chromium --version 2>/dev/null | head -1))"
