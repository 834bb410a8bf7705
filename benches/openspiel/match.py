"""Our Crazy Eights bots against OpenSpiel's ISMCTS, on OpenSpiel's own `crazy_eights`.

The Rust peer (examples/openspiel_peer.rs) deals each game from a seed; this script feeds the
same deal to OpenSpiel through its chance outcomes (the dealer, every dealt card, the starter,
every card drawn), applies every move to both engines, and checks at every step that they agree
on whose turn it is, on the legal moves and on the end of the game. A disagreement aborts that
game with a diff (and makes the run exit 1).

Our bot decides from its seat's view alone (inside the peer); OpenSpiel's bots get OpenSpiel's
state object and use only what the algorithm reads from it (see `Resampler`). Both sides get the
same time per move (CPU time of the searching thread by default, or wall time); our seat rotates with the game number. One of our bots plays against
P-1 of theirs.

Why OpenSpiel's Python ISMCTSBot: pyspiel's C++ `ISMCTSBot` stops with "ResampleFromInfostate()
not implemented" on crazy_eights, and pyspiel has no way to give it a resampler. OpenSpiel's
Python port of the same algorithm (open_spiel.python.algorithms.ismcts) accepts one. Its hot
parts run in C++: each sampled world is rebuilt by `Game.deserialize_state` and each rollout is
`pyspiel.evaluate_bots` with C++ uniform random bots (what `RandomRolloutEvaluator` does).

Usage: python match.py --peer PATH [--games N] [--players P] [--ms T | --iterations N]
                       [--ours hard|normal|open|openspiel]
                       [--theirs openspiel|normal] [--seed S] [--uct C] [--out FILE]
                       [--tries N] [--infer on|off] [--policy-tree on|off] [--voids on|off]
                       [--trust F] [--evidence] [--fit]
       python match.py --summarize FILE...
       python match.py --compare A B      # game by game on the deals both files played

--tries, --infer and --policy-tree set the hard bot's model of the others (`Ismcts`'s fields of
those names; left out, its defaults): how far its search assumes they play as our normal bot.
--voids off also drops what the view takes them to lack after a pick-up on a named suit (the
engine's `Void`: the same model, since these rules let a player draw when able to play).
--trust F keeps the model only for the seats it fits: a seat whose sampled hands fit its latest
turns in fewer than F of 50 deals is dealt any hand the view allows (a bench-side trial of a
per-seat trust, on the move's clock); --evidence forgets it for a seat once its own public play
has proved it drew while it could play (laid more of the cards that could have opened that turn
than it has drawn since), which our normal bot never does; --fit reports how well the others fit
the model.
"""
import argparse
import json
import math
import random
import subprocess
import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

# Budgets in CPU time of the searching thread (the default: on a shared machine wall time also
# counts waiting for a core) or in wall time.
CLOCKS = {"cpu": time.thread_time, "wall": time.perf_counter}
DRAW = 52
DEALER_BASE = 52
EIGHT_RANK = 6


class Peer:
    """The Rust engine over JSON lines."""

    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, **req):
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the peer exited")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"peer refused {req}: {reply['error']}")
        return reply

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


class Resampler:
    """ResampleFromInfostate for crazy_eights, from the searching player's information only.

    Public: the deal order, every card played and by whom, every draw's receiver, hand sizes.
    Private to `player`: the cards it was dealt and drew. The cards nobody but their holder has
    seen (other hands and the stock) are shuffled and dealt back into the other players' slots
    that still hold an unplayed card; the rest stay in the deck. The rebuilt history is replayed
    by OpenSpiel in C++ (`deserialize_state`).
    """

    def __init__(self, game, rng):
        self.game = game
        self.players = game.num_players()
        self.initial = 7 if self.players == 2 else 5
        self.rng = rng
        self.key = None

    def prepare(self, state, player):
        hist = [(h.player, h.action) for h in state.full_history()]
        actions = [a for _, a in hist]
        n, k = self.players, self.initial
        dealer = actions[0] - DEALER_BASE
        receiver = {}  # history index -> player who received the chance card
        for i in range(n * k):
            receiver[1 + i] = (dealer + 1 + i) % n
        starter_at = 1 + n * k
        if actions[starter_at] // 4 == EIGHT_RANK:
            raise RuntimeError("the resampler assumes the first card turned up was not an eight")
        last_mover = None
        played = {}  # card -> player who played it
        for i in range(starter_at + 1, len(hist)):
            p, a = hist[i]
            if p < 0:
                receiver[i] = last_mover
            else:
                last_mover = p
                if a < 52:
                    played[a] = p
        known = {actions[starter_at]} | set(played)
        hidden = []
        for i, p in receiver.items():
            if p == player:
                known.add(actions[i])
            elif played.get(actions[i]) != p:
                hidden.append(i)
        self.pool = [c for c in range(52) if c not in known]
        self.hidden = hidden
        self.actions = actions

    def __call__(self, state, player):
        key = (state.serialize(), player)
        if key != self.key:
            self.prepare(state, player)
            self.key = key
        cards = self.rng.sample(self.pool, len(self.hidden))
        actions = self.actions[:]
        for i, c in zip(self.hidden, cards):
            actions[i] = c
        return self.game.deserialize_state("\n".join(map(str, actions)))


class CppRandomRollout:
    """RandomRolloutEvaluator with the rollout in C++: pyspiel.evaluate_bots with uniform bots."""

    def __init__(self, players, seed):
        self.bots = [pyspiel.make_uniform_random_bot(p, seed * 16 + p) for p in range(players)]
        self.rng = random.Random(seed)

    def evaluate(self, state):
        return np.array(pyspiel.evaluate_bots(state.clone(), self.bots, self.rng.randrange(1 << 30)))

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot, searching until a wall-time budget is spent (or N simulations)."""

    def __init__(self, game, seed, uct_c, budget_s=None, simulations=None, clock=time.perf_counter):
        super().__init__(
            game,
            CppRandomRollout(game.num_players(), seed),
            uct_c,
            max_simulations=simulations or 1,
            random_state=np.random.RandomState(seed),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            # crazy_eights has no information state string; its observation string leaves out
            # the stock and the draws so far, so one key can carry different legal sets.
            use_observation_string=True,
            allow_inconsistent_action_sets=True,
        )
        self.budget_s = budget_s
        self.clock = clock
        self.simulations = simulations
        self.set_resampler(Resampler(game, random.Random(seed ^ 0x5A5A)))
        self.last_simulations = 0

    # The same semantics as the base class without its deep copies (they cost OpenSpiel's bot
    # more than half its time on this game): a filtered view of a node, and a copy of a list.
    def filter_illegals(self, node, legal_actions):
        legal = set(legal_actions)
        view = ismcts.ISMCTSNode()
        view.child_info = {a: c for a, c in node.child_info.items() if a in legal}
        view.total_visits = node.total_visits - sum(
            c.visits for a, c in node.child_info.items() if a not in legal
        )
        view.prior_map = node.prior_map
        return view

    def check_expand(self, node, legal_actions):
        untried = [a for a in legal_actions if a not in node.child_info]
        if not untried:
            return pyspiel.INVALID_ACTION
        return untried[self._random_state.randint(len(untried))]

    def run_search(self, state):
        self.reset()
        legal = state.legal_actions()
        self.last_simulations = 0
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        start = self.clock()
        self._root_node = self.create_new_node(state)
        root_key = self.get_state_key(state)
        sims = 0
        while True:
            sampled = self.sample_root_state(state)
            assert root_key == self.get_state_key(sampled), "a sampled world looks different to the searcher"
            self.run_simulation(sampled)
            sims += 1
            if self.simulations is not None:
                if sims >= self.simulations:
                    break
            # The first simulation only expands the root: at least two give it a visit.
            elif sims >= 2 and self.clock() - start >= self.budget_s:
                break
        self.last_simulations = sims
        node = self.filter_illegals(self._root_node, legal)
        return self.get_final_policy(state, node)


class Mismatch(Exception):
    pass


def check(step, ours, state):
    """The two engines must agree on the end, the mover and the legal moves."""
    if ours["over"] != state.is_terminal():
        raise Mismatch(f"step {step}: game over here {ours['over']}, in OpenSpiel {state.is_terminal()}")
    if ours["over"]:
        return
    if state.is_chance_node():
        raise Mismatch(f"step {step}: OpenSpiel waits for a chance outcome, this engine for seat {ours['current']}")
    if ours["current"] != state.current_player():
        raise Mismatch(f"step {step}: seat {ours['current']} to move here, player {state.current_player()} in OpenSpiel")
    theirs = sorted(state.legal_actions())
    if ours["legal"] != theirs:
        only_ours = sorted(set(ours["legal"]) - set(theirs))
        only_theirs = sorted(set(theirs) - set(ours["legal"]))
        name = lambda a: state.action_to_string(state.current_player(), a) if a >= 0 else "(no OpenSpiel id)"
        raise Mismatch(
            f"step {step}: legal moves differ for seat {ours['current']}\n"
            f"  only here:         {[name(a) for a in only_ours]}\n"
            f"  only in OpenSpiel: {[name(a) for a in only_theirs]}\n"
            f"  OpenSpiel state:\n{state}"
        )


def apply_chance(state, card, what):
    outcomes = dict(state.chance_outcomes())
    if card not in outcomes:
        raise Mismatch(f"{what}: card {card} is not a chance outcome in OpenSpiel")
    state.apply_action(card)


def play_game(args, game, peer, index):
    players = args.players
    seed = args.seed + index
    our_seat = index % players
    ours = peer.ask(cmd="new", players=players, seed=seed)
    state = game.new_initial_state()
    # The deal, fed through OpenSpiel's chance outcomes: dealer, then one card at a time from
    # the dealer's left, then the starter.
    state.apply_action(DEALER_BASE + ours["dealer"])
    k = len(ours["hands"][0])
    for i in range(k * players):
        seat = (ours["dealer"] + 1 + i) % players
        apply_chance(state, ours["hands"][seat][i // players], f"deal {i}")
    apply_chance(state, ours["starter"], "starter")
    bots = {
        s: TimedISMCTS(
            game,
            seed * 8 + s,
            args.uct,
            budget_s=None if args.iterations else args.ms / 1000.0,
            simulations=args.iterations,
            clock=CLOCKS[args.clock],
        )
        for s in range(players)
        # `--ours openspiel`: the measured seat is OpenSpiel's bot too (a control of the harness,
        # whose fair share is 1 / players), searching on its own seed stream.
        if (s != our_seat and args.theirs == "openspiel") or (s == our_seat and args.ours == "openspiel")
    }
    step = 0
    stats = {"our_moves": 0, "our_iters": 0, "our_us": 0, "their_moves": 0, "their_sims": 0, "their_us": 0}
    # How often the others draw while they could play a card: our normal bot never does, so the
    # hard bot's model reads a draw as a lack of the cards that would have gone (`infer`).
    stats.update({"their_draws": 0, "their_could_play": 0, "their_drew_anyway": 0})
    # With --fit: for each of our searches and each other seat that had turns to read, the share
    # of sampled deals where the sampler found that seat a hand fitting its latest turns as our
    # normal bot would have played them (`fits_normal`): the signal a per-seat trust would use.
    stats.update({"fit_found": 0, "fit_asked": 0, "fit_pairs": 0, "fit_low": 0})
    check(step, ours, state)
    while not ours["over"]:
        seat = ours["current"]
        choice = len(ours["legal"]) > 1
        if seat != our_seat and args.theirs == "normal":
            action = peer.ask(cmd="think", seat=seat, level="normal")["action"]
        elif seat == our_seat and args.ours != "openspiel":
            budget = {"iterations": args.iterations} if args.iterations else {"ms": args.ms, "clock": args.clock}
            fit = {"fit": True} if args.fit else {}
            reply = peer.ask(cmd="think", seat=seat, level=args.ours, **budget, **model_request(args), **fit)
            action = reply["action"]
            stats["forgot"] = stats.get("forgot", 0) + reply.get("forgot", 0)
            for s, (found, asked) in enumerate(reply.get("fit", [])):
                if s != seat and asked:
                    stats["fit_found"] += found
                    stats["fit_asked"] += asked
                    stats["fit_pairs"] += 1
                    stats["fit_low"] += int(found < 0.2 * asked)
            if choice:
                stats["our_moves"] += 1
                stats["our_iters"] += reply["iterations"]
                stats["our_us"] += reply["us"]
        else:
            t0 = CLOCKS[args.clock]()
            action = bots[seat].step(state)
            if choice and seat == our_seat:
                stats["our_moves"] += 1
                stats["our_iters"] += bots[seat].last_simulations
                stats["our_us"] += int((CLOCKS[args.clock]() - t0) * 1e6)
            elif choice:
                stats["their_moves"] += 1
                stats["their_sims"] += bots[seat].last_simulations
                stats["their_us"] += int((CLOCKS[args.clock]() - t0) * 1e6)
        if seat != our_seat and action == DRAW:
            stats["their_draws"] += 1
        if seat != our_seat and DRAW in ours["legal"] and any(a < DRAW for a in ours["legal"]):
            stats["their_could_play"] += 1
            stats["their_drew_anyway"] += int(action == DRAW)
        ours = peer.ask(cmd="apply", action=int(action))
        state.apply_action(int(action))
        if action == DRAW:
            apply_chance(state, ours["drawn"], f"step {step}: draw")
        step += 1
        check(step, ours, state)
    returns = state.returns()
    out = [p for p in range(players) if returns[p] == 0]
    if out and out != [ours["winner"]]:
        raise Mismatch(f"the end: player {out} went out in OpenSpiel, seat {ours['winner']} won here")
    best = max(returns)
    top = [p for p in range(players) if returns[p] == best]
    return {
        "game": index,
        "seed": seed,
        "players": players,
        "ours": args.ours,
        "ms": args.ms,
        "iterations": args.iterations,
        "clock": args.clock,
        "model": model_name(args),
        "theirs": args.theirs,
        "our_seat": our_seat,
        "winner": ours["winner"],
        "win": int(ours["winner"] == our_seat),
        # OpenSpiel's own reading of the result: the best return (penalty points), ties shared.
        "os_win": (1.0 / len(top)) if our_seat in top else 0.0,
        "went_out": int(0 in returns),
        "our_return": returns[our_seat],
        "steps": step,
        **stats,
    }


def model_request(args):
    """The model settings sent with each think request (only those given)."""
    req = {}
    if args.tries is not None:
        req["tries"] = args.tries
    if args.infer is not None:
        req["infer"] = args.infer == "on"
    if args.policy_tree is not None:
        req["policy_tree"] = args.policy_tree == "on"
    if args.voids is not None:
        req["voids"] = args.voids == "on"
    if args.trust is not None:
        req["trust"] = args.trust
    if args.evidence:
        req["evidence"] = True
    return req


def model_name(args):
    req = model_request(args)
    return " ".join(f"{k}={v}" for k, v in req.items()) or "default"


def interval(wins, n):
    p = wins / n if n else float("nan")
    half = 1.96 * math.sqrt(p * (1 - p) / n) if n else float("nan")
    return p, half


def summarize(rows, aborted=0):
    if not rows:
        print("no games")
        return
    n = len(rows)
    first = rows[0]
    clock = first.get("clock", "wall")
    budget = f"{first['iterations']} iterations" if first["iterations"] else f"{first['ms']} ms ({clock} time)"
    players = first["players"]
    p, h = interval(sum(r["win"] for r in rows), n)
    po, ho = interval(sum(r["os_win"] for r in rows), n)
    moves = sum(r["our_moves"] for r in rows)
    tmoves = sum(r["their_moves"] for r in rows)
    theirs = "our normal bot" if first.get("theirs") == "normal" else "OpenSpiel ISMCTS"
    print(
        f"{first['ours']} (ours) vs {players - 1} x {theirs}, {players} players, {budget} per move, "
        f"{n} games, seats rotated, model: {first.get('model', 'default')}"
    )
    print(f"  our win rate:            {100 * p:.1f}% +- {100 * h:.1f} (95%); fair share {100 / players:.1f}%")
    print(f"  by OpenSpiel's returns:  {100 * po:.1f}% +- {100 * ho:.1f} (best return, ties shared)")
    print(f"  games ended by a player going out: {sum(r['went_out'] for r in rows)} of {n}")
    if moves:
        print(
            f"  ours:   {sum(r['our_iters'] for r in rows) / moves:.0f} iterations per move, "
            f"{sum(r['our_us'] for r in rows) / moves / 1000:.1f} ms per move ({moves} moves with a choice)"
        )
    if tmoves:
        print(
            f"  theirs: {sum(r['their_sims'] for r in rows) / tmoves:.0f} simulations per move, "
            f"{sum(r['their_us'] for r in rows) / tmoves / 1000:.1f} ms per move ({tmoves} moves with a choice)"
        )
    could = sum(r.get("their_could_play", 0) for r in rows)
    if could:
        drew = sum(r.get("their_drew_anyway", 0) for r in rows)
        draws = sum(r.get("their_draws", 0) for r in rows)
        print(
            f"  theirs drew instead of playing in {drew} of {could} turns where they could play "
            f"({100 * drew / could:.0f}%): {drew} of their {draws} draws ({100 * drew / max(draws, 1):.0f}%) "
            f"did not mean they lacked a card to play"
        )
    forgot = sum(r.get("forgot", 0) for r in rows)
    if forgot and moves:
        print(f"  the model forgotten for {forgot / (moves * (players - 1)):.0%} of (search, other seat) pairs")
    asked = sum(r.get("fit_asked", 0) for r in rows)
    if asked:
        pairs = sum(r["fit_pairs"] for r in rows)
        print(
            f"  the others' sampled hands fit their latest turns in {100 * sum(r['fit_found'] for r in rows) / asked:.0f}% "
            f"of deals; a seat fit in under 20% of them at {100 * sum(r['fit_low'] for r in rows) / pairs:.0f}% "
            f"of {pairs} (search, seat) pairs"
        )
    if aborted:
        print(f"  ABORTED: {aborted} games where the engines disagreed")


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def compare(a_path, b_path):
    """A against B game by game, on the deals (seed, players, our seat) both played: the mean
    difference of the win with its 95% interval, and how many games changed result. Same deals,
    same seat: what stays is the difference between the settings and OpenSpiel's own noise."""
    key = lambda r: (r["seed"], r["players"], r["our_seat"])
    a = {key(r): r for r in load(a_path)}
    b = {key(r): r for r in load(b_path)}
    common = sorted(set(a) & set(b))
    if not common:
        print("no deal in common")
        return
    n = len(common)
    for field, label in (("win", "win"), ("os_win", "by OpenSpiel's returns")):
        d = [a[k][field] - b[k][field] for k in common]
        mean = sum(d) / n
        var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else float("nan")
        half = 1.96 * math.sqrt(var / n)
        changed = sum(1 for x in d if x != 0)
        print(
            f"  {label}: A - B = {100 * mean:+.1f} +- {100 * half:.1f} points (95%), "
            f"{n} deals, {changed} changed result"
        )
    name = lambda r: f"{r['ours']}, {r['ms']} ms, model: {r.get('model', 'default')}"
    for label, rows in (("A", a), ("B", b)):
        p, h = interval(sum(rows[k]["win"] for k in common), n)
        print(f"  {label} ({name(rows[common[0]])}): {100 * p:.1f}% +- {100 * h:.1f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--peer")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--ms", type=float, default=10.0)
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="cpu", help="what --ms measures")
    ap.add_argument("--iterations", type=int, default=None, help="equal iterations instead of equal time")
    ap.add_argument("--ours", choices=["hard", "normal", "open", "openspiel"], default="hard", help="open: a reference, the hard bot told every hand")
    ap.add_argument("--theirs", choices=["openspiel", "normal"], default="openspiel", help="the other seats")
    ap.add_argument("--seed", type=int, default=1_000_000)
    # crazy_eights returns are penalty points (0 for the winner, down to -544): an exploration
    # constant on that scale. In 150 two-player games against our normal bot, 100 did better for
    # OpenSpiel's bot than 20 or 2 (the value in OpenSpiel's examples, tuned for returns in [-1, 1]).
    ap.add_argument("--uct", type=float, default=100.0, help="OpenSpiel ISMCTS exploration constant")
    ap.add_argument("--out", help="append one JSON line per game here")
    ap.add_argument("--tries", type=int, default=None, help="the hard bot's Ismcts::tries")
    ap.add_argument("--infer", choices=["on", "off"], default=None, help="the hard bot's Ismcts::infer")
    ap.add_argument("--policy-tree", choices=["on", "off"], default=None, help="the hard bot's Ismcts::policy_tree")
    ap.add_argument(
        "--voids", choices=["on", "off"], default=None, help="off: drop the view's voids of the others (a pick-up on a named suit)"
    )
    ap.add_argument(
        "--trust", type=float, default=None, help="forget the model for a seat whose hands fit its turns in fewer than this share of deals"
    )
    ap.add_argument(
        "--evidence", action="store_true", help="forget the model for a seat whose public play proved it drew while able to play"
    )
    ap.add_argument("--fit", action="store_true", help="ask the peer how well the others' hands fit the model")
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"), help="A against B on the deals both played, and exit")
    ap.add_argument("--summarize", nargs="*", help="print the figures from earlier --out files and exit")
    args = ap.parse_args()
    if args.compare:
        compare(*args.compare)
        return
    if args.summarize:
        groups = {}
        for path in args.summarize:
            for r in load(path):
                k = (r["ours"], r.get("theirs"), r["players"], r["ms"], r["iterations"], r.get("clock"), r.get("model", "default"))
                groups.setdefault(k, []).append(r)
        for rows in groups.values():
            summarize(rows)
        return
    game = pyspiel.load_game("crazy_eights", {"players": args.players})
    peer = Peer(args.peer)
    out = open(args.out, "a") if args.out else None
    rows, aborted = [], 0
    start = time.perf_counter()
    for i in range(args.games):
        try:
            row = play_game(args, game, peer, i)
        except Mismatch as e:
            aborted += 1
            print(f"game {i} (seed {args.seed + i}) ABORTED, the engines disagree:\n{e}", file=sys.stderr)
            continue
        rows.append(row)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        if (i + 1) % 50 == 0:
            p, h = interval(sum(r["win"] for r in rows), len(rows))
            el = time.perf_counter() - start
            print(f"  ... {i + 1} games, {100 * p:.1f}% +- {100 * h:.1f}, {el:.0f} s", file=sys.stderr, flush=True)
    peer.close()
    summarize(rows, aborted)
    sys.exit(1 if aborted else 0)


if __name__ == "__main__":
    main()
