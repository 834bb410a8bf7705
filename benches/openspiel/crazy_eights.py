"""OpenSpiel's crazy_eights with default parameters under uniformly random play.

Speed: pyspiel.evaluate_bots with C++ uniform random bots (the game loop runs in C++).
Length: a Python loop over the same game, counting decisions (non-chance actions) and plays
(actions 0..51 by a player), to compare with this engine's mean game length.
Usage: python crazy_eights.py GAMES
"""
import random
import sys
import time

import pyspiel

games = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
game = pyspiel.load_game("crazy_eights")
players = game.num_players()

start = time.perf_counter()
for seed in range(games):
    bots = [pyspiel.make_uniform_random_bot(p, seed * 16 + p) for p in range(players)]
    pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
elapsed = time.perf_counter() - start

rng = random.Random(7)
length_games = min(games, 5000)
decisions = plays = 0
for _ in range(length_games):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            action = rng.choice(state.legal_actions())
            decisions += 1
            if action < 52:
                plays += 1
            state.apply_action(action)

print(f"players: {players}")
print(f"games_per_second: {games / elapsed:.1f}")
print(f"decisions_per_game: {decisions / length_games:.2f}")
print(f"plays_per_game: {plays / length_games:.2f}")
