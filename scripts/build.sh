#!/usr/bin/env bash
# Builds the whole site for release into DIST (default dist): the menu and the shedding setup at
# the root, the shedding table in play/, the statistics in stats/, the casino table in tables/, UNO Blackjack in uno/, the
# casino drills in drills/ (the casino sessions and the bet spread's risk in bankroll/) and tables with friends in friends/ (UNO Blackjack's in friends/uno/,
# casino Blackjack's in friends/casino/) (each page its own wasm module, fetched only when
# opened), then the JS glue minified and the service worker's precache list over all of them.
#   Usage: scripts/build.sh [DIST] [BASE]
# BASE defaults to ./ : every URL a page names is relative, so the one build serves at a site's
# root and under any GitHub Pages subpath alike (the end-to-end tests serve it at both). An
# absolute BASE (/blackjack/) still works, for a build meant for one place only.
# BJ_SIGNAL_URL=wss://… at build time sets the signalling server the friends page uses by default
# (a player may set another in the page); without it, port 3536 of the machine serving the page.
# BJ_ICE="stun:… turn:…" likewise sets the ICE servers it uses when the player has set none.
# BUILD_JOBS (default: the machine's cores) pages are packed at once.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
DIST="${1:-dist}"
BASE="${2:-./}"
JOBS="${BUILD_JOBS:-$(nproc)}"

# A build of the same inputs is the same site: when DIST was built from exactly these files,
# settings and tools, it is kept as it is (a second test run with nothing changed builds nothing).
# The stamp covers every file the build reads.
stamp="$( {
  find src static .cargo -type f -print0 | sort -z | xargs -0 sha256sum
  sha256sum ./*.html Cargo.toml Cargo.lock Trunk.toml package-lock.json scripts/build.sh scripts/env.sh \
    scripts/minify-glue.mjs scripts/sw-precache.mjs
  echo "base=$BASE signal=${BJ_SIGNAL_URL:-} ice=${BJ_ICE:-} rustflags=${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-}"
  rustc --version; trunk --version; wasm-bindgen --version; wasm-opt --version
} | sha256sum | cut -c1-64)"
if [ -f "$DIST/.build-stamp" ] && [ "$(cat "$DIST/.build-stamp")" = "$stamp" ]; then
  echo "build: $DIST is already built from these files (remove $DIST/.build-stamp to build it again)"
  exit 0
fi

# Every page's wasm module (and each host worker's) in one cargo run, so that cargo links them
# side by side (each link is whole-program LTO on one core) instead of one page after another as
# the trunk runs below would. Trunk's own cargo runs then find them built.
cargo build --release --locked --target wasm32-unknown-unknown --bins

# page's HTML : its folder under DIST
PAGES=(
  index.html:
  play.html:play
  replay.html:replay
  stats.html:stats
  replay_uno.html:replay/uno
  replay_casino.html:replay/casino
  tables.html:tables
  uno.html:uno
  drills.html:drills
  bankroll.html:bankroll
  friends.html:friends
  friends_uno.html:friends/uno
  friends_casino.html:friends/casino
)
# Each page into a folder of its own (a trunk build empties its dist folder first), JOBS at a
# time: wasm-bindgen and wasm-opt run on one core each. Then the folders are put together.
PARTS="$(mktemp -d "${TMPDIR:-/tmp}/blackjack-build.XXXXXX")"
trap 'rm -rf "$PARTS"' EXIT
# A page's own folder under PARTS: flat (friends/uno's is not inside friends', which its trunk
# build empties while the other runs).
part() { if [ -n "$1" ]; then echo "${1//\//__}"; else echo root; fi; }
pack() {
  local html="$1" folder="$2" base="$BASE"
  if [ -n "$folder" ]; then
    case "$BASE" in ./) base="./" ;; *) base="${BASE}${folder}/" ;; esac
  fi
  trunk build --release --offline=true --dist "$PARTS/$(part "$folder")" --public-url "$base" "$html" \
    >"$PARTS/${html}.log" 2>&1 || { cat "$PARTS/${html}.log" >&2; echo "build: $html failed" >&2; return 1; }
  echo "build: $html -> $DIST/$folder"
}
running=0
failed=0
for entry in "${PAGES[@]}"; do
  if [ "$running" -ge "$JOBS" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  pack "${entry%%:*}" "${entry#*:}" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
[ "$failed" = 0 ] || exit 1

rm -rf "$DIST"
mkdir -p "$DIST"
for entry in "${PAGES[@]}"; do
  folder="${entry#*:}"
  mkdir -p "$DIST/$folder"
  cp -R "$PARTS/$(part "$folder")/." "$DIST/$folder/"
done
node scripts/minify-glue.mjs "$DIST"
node scripts/sw-precache.mjs "$DIST"
# Written last, outside the site's files (sw-precache lists only what it finds before it): a
# build that stopped half-way leaves no stamp.
echo "$stamp" >"$DIST/.build-stamp"
