#!/usr/bin/env bash
# Command 1 of 2: set up if needed, build (both pages, release), and serve the game on
# http://127.0.0.1:${PORT:-8080}/
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
"$ROOT/scripts/setup.sh"
cd "$ROOT"
PORT="${PORT:-8080}"
"$ROOT/scripts/build.sh" dist /
exec node scripts/static-server.mjs dist "$PORT" /
