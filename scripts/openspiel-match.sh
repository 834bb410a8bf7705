#!/usr/bin/env bash
# Our Crazy Eights bots against OpenSpiel's ISMCTS on OpenSpiel's own crazy_eights, the same
# deals in both engines, legal moves checked at every step (benches/openspiel/match.py).
# Installs open_spiel from PyPI into target/openspiel-venv (once), builds the Rust peer
# optimised (the bench profile), then runs the match. Not part of the test command.
#
#   scripts/openspiel-match.sh [--games N] [--players P] [--ms T | --iterations N]
#                              [--ours hard|normal] [--seed S] [--uct C] [--out FILE]
#   scripts/openspiel-match.sh --summarize FILE...     # figures from earlier --out files
#
# Measured (29 Nov 2026, load average 6.7 on 2 cores; both sides' budget is CPU time, so the
# load slows the run, not the bots): --games 200 --players 4 --ms 10 --ours hard, the hard bot
# won 38.0% +- 6.7 (fair share 25%; OpenSpiel's returns 37.5% +- 6.7), about 3,000 iterations a
# move against OpenSpiel's 108 simulations. The goal is 50%. (Earlier: 44.0% +- 6.9.) Its model
# of the others is our normal bot (`Ismcts::tries`, `infer`), which OpenSpiel's bots are not.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
VENV="$TARGET/openspiel-venv"
OPEN_SPIEL_VERSION="2.0.2"
if ! "$VENV/bin/python" -c "import pyspiel" 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "open_spiel==$OPEN_SPIEL_VERSION"
fi
cargo build --quiet --profile bench --example openspiel_peer
exec "$VENV/bin/python" benches/openspiel/match.py --peer "$TARGET/release/examples/openspiel_peer" "$@"
