"""Connect6's deepening levels on positions of self-play, one line each (move, depth
reached, win chance, proof, stones placed, work units): run it with PYTHONPATH at each
version's ``py`` folder and compare the outputs line by line.

    PYTHONPATH=py python3 tests/search/connect6_moves.py > after.txt"""

import random

from tavoliere import load_game
from tavoliere.ai import Thinker, choose

GAMES = 6                      # self-play games of level 2 from 2 random plies
PLIES = (4, 8, 12, 16, 20)     # the positions taken from each
RUNS = ((4, 300), (5, 300), (5, 1500))   # (level, iterations)


def positions(spec: str = "connect6"):
    game = load_game(spec)
    for seed in range(GAMES):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(2):
            state = game.apply(state, game.random_move(state, rng))
        for ply in range(3, max(PLIES) + 1):
            if game.outcome(state) is not None:
                break
            if ply in PLIES:
                yield f"{seed}/{ply}", game, state
            state = game.apply(state, choose(game, state, level=2, iterations=40, seed=seed))


if __name__ == "__main__":
    for name, game, state in positions():
        for level, iterations in RUNS:
            thinker = Thinker(game, state, level=level, iterations=iterations, seed=1)
            while not thinker.done:
                thinker.step(10.0)
            engine, progress = thinker.engine, thinker.progress()
            print(f"{name} level {level} x{iterations}: {progress['best']} depth {engine.depth}"
                  f" chance {progress['win_chance']} proven {progress['proven']}"
                  f" placed {engine.board.placed} work {engine.iterations}", flush=True)
