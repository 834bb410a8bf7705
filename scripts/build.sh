#!/usr/bin/env bash
# Builds the whole site for release into DIST (default dist) served under BASE (default /):
# the menu and the shedding setup at the root, the shedding table in play/, the casino table in
# tables/, UNO Blackjack in uno/, the casino drills in drills/ and tables with friends in friends/
# (UNO Blackjack's in friends/uno/, casino Blackjack's in friends/casino/)
# (each page its own wasm module, fetched only when opened), then the JS glue minified and the
# service worker's precache list over all six.
#   Usage: scripts/build.sh [DIST] [BASE]
# BJ_SIGNAL_URL=wss://… at build time sets the signalling server the friends page uses by default
# (a player may set another in the page); without it, port 3536 of the machine serving the page.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
DIST="${1:-dist}"
BASE="${2:-/}"
trunk build --release --offline=true --dist "$DIST" --public-url "$BASE" index.html
trunk build --release --offline=true --dist "$DIST/play" --public-url "${BASE}play/" play.html
trunk build --release --offline=true --dist "$DIST/tables" --public-url "${BASE}tables/" tables.html
trunk build --release --offline=true --dist "$DIST/uno" --public-url "${BASE}uno/" uno.html
trunk build --release --offline=true --dist "$DIST/drills" --public-url "${BASE}drills/" drills.html
trunk build --release --offline=true --dist "$DIST/friends" --public-url "${BASE}friends/" friends.html
# After friends/: a trunk build empties its own dist folder first.
trunk build --release --offline=true --dist "$DIST/friends/uno" --public-url "${BASE}friends/uno/" friends_uno.html
trunk build --release --offline=true --dist "$DIST/friends/casino" --public-url "${BASE}friends/casino/" friends_casino.html
node scripts/minify-glue.mjs "$DIST"
node scripts/sw-precache.mjs "$DIST"
