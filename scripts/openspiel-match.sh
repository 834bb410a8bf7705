#!/usr/bin/env bash
# Our Crazy Eights bots against OpenSpiel's ISMCTS on OpenSpiel's own crazy_eights, the same
# deals in both engines, legal moves checked at every step (benches/openspiel/match.py).
# Installs open_spiel from PyPI into target/openspiel-venv (once), builds the Rust peer
# optimised (the bench profile), then runs the match. Not part of the test command.
#
#   scripts/openspiel-match.sh [--games N] [--players P] [--ms T | --iterations N]
#                              [--ours hard|normal|open|openspiel] [--theirs openspiel|normal]
#                              [--seed S] [--uct C] [--out FILE] [--tries N] [--infer on|off]
#                              [--policy-tree on|off] [--voids on|off] [--trust F] [--evidence] [--fit]
#   scripts/openspiel-match.sh --summarize FILE...     # figures from earlier --out files
#   scripts/openspiel-match.sh --compare A B           # two runs game by game on the same deals
#
# Fair by construction: each side's budget is the CPU time of its own searching thread, counted
# from the request (ours: inside the peer, from reading the view to the move; theirs: the search
# in Python, its resampling and C++ rollouts included), so neither the JSON traffic, nor Python
# waiting on the peer, nor either side's start-up counts; seats rotate game by game (our seat is
# game % players), the deals are seeds --seed, --seed+1, ... from this engine, fed to OpenSpiel.
# `--ours openspiel` (OpenSpiel's bot in the measured seat too) won 25.5% +- 6.0 of 200 games, the
# fair share (load 6.8-8.7): the harness favours no seat.
#
# Measured 29 Nov 2026, 4 players, 10 ms CPU a move, the same 400 deals (seeds 1,000,000 on; the
# load average on 2 shared cores beside each: the CPU budget keeps our iterations within 5% from
# load 3 to 6.6, OpenSpiel's simulations fell from 124 to 106 a move):
#   the hard bot as shipped              34.8% +- 4.7 (fair share 25%)          load 2.7-5.2
#   --infer off                          42.8% +- 4.8; game by game +8.0 +- 6.4  load 5.2-5.6
#   --tries 0                            33.8% +- 4.6;               -1.0 +- 5.8  load 3.2
#   --trust 0.2 (per seat, fit)          36.8% +- 4.7;               +2.0 +- 6.1  load 5.2-6.2
#   --evidence (per seat, proof)         36.5% +- 4.7;               +1.8 +- 6.0  load 6.1-6.6
#   --policy-tree off                    40.0% +- 6.8 of the first 200; +5.0 +- 8.8 (unclear)  load 1.7-3.1
#   --tries 0 --infer off --voids off    41.0% +- 6.8 of the first 200; -7.5 +- 9.4 against
#                                        --infer off, +6.0 +- 8.6 against as shipped   load 6.5-7.1
# (`scripts/openspiel-match.sh --games 400 --players 4 --ms 10 --ours hard [setting]`; the
# default run was 200 + 200 with --seed 1000200, joined; game by game: `--compare A B`.)
# Ours: about 3,100 iterations a move (5,900 with --tries 0: the model's redraws take half the
# time); OpenSpiel's: 106-124 simulations (Python). OpenSpiel's bots draw while they could play
# in 16% of such turns, so 23% of their draws do not mean what `infer` reads from a draw (a lack
# of every card that could have been laid); our normal bot never does. Against three normal bots
# on the same deals (`--theirs normal`) the hard bot won 32.2% +- 4.6 as shipped and 34.0% +- 4.6
# with --infer off (+1.8 +- 3.1 game by game, load 6.1-6.8): in Crazy Eights the inference gains
# nothing even against the bot it models. The per-seat trials keep a quarter of the gain: they
# reach too few seats (--fit: the others' sampled hands fit their latest turns in 64% of deals
# against OpenSpiel's bots, 92% against ours; a seat under 20% in 27% of (search, seat) pairs
# against 1%; --evidence forgot 11% of pairs), while every OpenSpiel seat draws while able.
# Equal time, more of it, for both sides (--infer off, the first 200 of those deals, where 10 ms
# won 48.5% +- 6.9): 20 ms 33.5% +- 6.5 of 200, -15.0 +- 9.4 game by game (load 5.3-8.7; ours
# 5,960 iterations, theirs 224 simulations); 50 ms 38.3% +- 8.7 of the first 120 (where 10 ms
# won 48.3%), -10.0 +- 11.9 game by game (load 5.3-7.3; 14,140 iterations, 536 simulations).
# More time helps OpenSpiel's bot more than ours (its 110 simulations at 10 ms are far from
# enough, our 3,000 nearly are), and it then draws while able less often (16% of such turns at
# 10 ms, 12% at 20, 8% at 50).
# The goal is 50%, not met: the best honest setting, --infer off, won 42.8% +- 4.8 at 10 ms and
# less when both sides get more time. In the way: OpenSpiel's bots are not our normal bot (the
# model's reading of a draw, `infer`, costs 8 points against them), and the game's luck at four
# players (against three of the very normal bots it models, the hard bot wins 32-34% here).
# Measured again 29 Nov 2026 on a quieter machine (load 2-5; OpenSpiel's bots got 175-194
# simulations a move at 10 ms, ours 3,800-4,100 iterations), 4 players, 10 ms CPU, 400 deals from
# 1,000,000 (and 400 more from 1,000,400 where said):
#   the hard bot as shipped              38.8% +- 3.4 of 800 (39.2 and 38.2)
#   --infer off                          37.2% +- 4.7; -2.0 +- 6.1 game by game against shipped
#   --infer off --policy-tree off        40.0% +- 4.8; +0.8 +- 6.0
#   the model only for our own bots      32.8% +- 3.3 of 800; -6.0 +- 4.2 (a trial, not kept:
#     seats that are not our easy or normal bots neither bounded by their pick-ups nor playing
#     the normal policy in the tree; the same model as the row above, whose difference from it is
#     this match's own noise: the CPU-time budget changes the iterations, and so 37-40% of the
#     results, between two runs of one setting)
#   --ours open (every hand told)        44.2% +- 4.9; with --policy-tree off 46.8% +- 4.9
# The last row is the ceiling of this search at this time: told every other hand (only the
# stock's order left to chance), it still wins under half of its games against three OpenSpiel
# bots, so no honest reading of the deals can bring the hard bot to the goal of 50% here. The
# earlier +8 points of --infer off (above, at 106-124 simulations) did not hold against these
# stronger OpenSpiel bots.
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
