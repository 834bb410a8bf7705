#!/usr/bin/env bash
# Command 1 of 2: set up if needed, build (every page, release), and serve the game on
# http://127.0.0.1:${PORT:-8080}/ with the signalling server of tables with friends beside it on
# ws://127.0.0.1:${SIGNAL_PORT:-3536}/ (the page's default signalling address).
#   BIND=0.0.0.0 ./scripts/serve.sh   serves both to a home network: friends open
#                                     http://THIS-MACHINE'S-ADDRESS:8080/ and set the signalling
#                                     address in the page's settings to ws://THAT-ADDRESS:3536/
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
"$ROOT/scripts/setup.sh"
cd "$ROOT"
PORT="${PORT:-8080}"
BIND="${BIND:-127.0.0.1}"
export BIND
"$ROOT/scripts/build.sh" dist /
"$SIGNAL_BIN" --addr "$BIND:$SIGNAL_PORT" &
SIGNAL_PID=$!
trap 'kill "$SIGNAL_PID" 2>/dev/null || true' EXIT
node scripts/static-server.mjs dist "$PORT" /
