# Sourced by the other scripts: tool versions and PATH, in one place.
# shellcheck shell=bash
TRUNK_VERSION="0.21.14"
BINARYEN_VERSION="132"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Installed tools come first: cargo's bin (trunk, wasm-bindgen) and npm's (wasm-opt from binaryen,
# which must shadow Debian's older /usr/bin/wasm-opt if one is present).
export PATH="$ROOT/node_modules/.bin:$HOME/.cargo/bin:$PATH"
# The wasm-bindgen crate version in Cargo.lock; the CLI must equal it exactly.
wasm_bindgen_version() {
  awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/"/, "", $3); print $3; exit }' "$ROOT/Cargo.lock"
}
