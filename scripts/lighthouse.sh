#!/usr/bin/env bash
# Lighthouse (mobile) on a release build served from 127.0.0.1 as GitHub Pages serves it (gzip,
# `Cache-Control: max-age=600`, ETags: scripts/static-server.mjs --pages). Reports, never gates:
#   performance, accessibility, best practices, and the paint timings. Usage: scripts/lighthouse.sh [dist]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
cd "$ROOT"
DIST="${1:-dist}"
[ -f "$DIST/index.html" ] || trunk build --release --offline=true --dist "$DIST"
LH_DIR="$ROOT/target/tools/lighthouse"
if [ ! -x "$LH_DIR/node_modules/.bin/lighthouse" ]; then
  npm install --prefix "$LH_DIR" --no-audit --no-fund --loglevel=error lighthouse@12.8.2
fi
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
node scripts/static-server.mjs "$DIST" "$PORT" / --pages >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER' EXIT
sleep 1
OUT="$ROOT/test-output/lighthouse.json"
mkdir -p "$ROOT/test-output"
CHROME_PATH=/usr/bin/chromium "$LH_DIR/node_modules/.bin/lighthouse" "http://127.0.0.1:$PORT/" --quiet \
  --output=json --output-path="$OUT" --only-categories=performance,accessibility,best-practices \
  --chrome-flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync --user-data-dir=$(mktemp -d)"
node -e '
  const r = require(process.argv[1]);
  for (const [k, c] of Object.entries(r.categories)) console.log(`${c.title}: ${Math.round(c.score * 100)}`);
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"])
    console.log(`  ${r.audits[id].title}: ${r.audits[id].displayValue}`);
  for (const a of Object.values(r.audits)) if (a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable") console.log(`  - ${a.id}: ${a.title}`);
' "$OUT"
