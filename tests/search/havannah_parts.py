"""Havannah's playouts part by part, in CPU seconds, in CPython and in Pyodide (issue 43).

    PYTHONPATH=py python3 tests/search/havannah_parts.py
    python3 build.py build
    node tests/pyodide/run.mjs _site/pyodide _site/wheels/tavoliere-*.whl tests/search/havannah_parts.py

Base 10: copies of the empty board, ``random.shuffle`` of its cells, a Fisher-Yates shuffle
drawing ``random()``, ``play_out`` alone (the orders drawn beforehand), the whole random
playout of ``python -m tavoliere bench ai`` (copy, shuffle, play_out), and the bot's MCTS
(6,000 iterations from the empty board, seed 1, best of 3).  Under Node, Pyodide's
``time.process_time`` is the wall clock, so the CPU time is Node's ``process.cpuUsage()``.
"""

import random
import sys
import time

from tavoliere.ai import Thinker
from tavoliere.core import load_game
from tavoliere.games.havannah import HavannahBoard

SECONDS = 2.0
clock = time.process_time
if sys.platform == "emscripten":
    import js

    def clock():
        used = js.process.cpuUsage()
        return (used.user + used.system) / 1e6


def rate(label, make, run):
    count, spent = 0, 0.0
    while spent < SECONDS:
        batch = [make() for _ in range(200)]
        started = clock()
        for item in batch:
            run(item)
        spent += clock() - started
        count += len(batch)
    print(f"{label:<40} {count / spent:>10,.0f} /s")


def fisher_yates(order, random=random.Random(3).random):
    for i in range(len(order) - 1, 0, -1):
        j = int(random() * (i + 1))
        order[i], order[j] = order[j], order[i]


board = HavannahBoard(10)
cells = list(range(board.geo.size))
rng = random.Random(1)


def shuffled():
    order = cells[:]
    rng.shuffle(order)
    return order


print("python", sys.version.split()[0])
rate("copy of the empty board", lambda: None, lambda _: board.copy())
rate("random.shuffle of the 271 cells", lambda: cells[:], rng.shuffle)
rate("Fisher-Yates with random()", lambda: cells[:], fisher_yates)
rate("play_out alone", lambda: (board.copy(), shuffled()), lambda pair: pair[0].play_out(pair[1]))
rate("whole random playout (bench ai)", lambda: None, lambda _: board.copy().play_out(shuffled()))

game = load_game("havannah")
best = None
for _ in range(3):
    thinker = Thinker(game, game.initial_state(), iterations=6000, seed=1)
    started = clock()
    while not thinker.done:
        thinker.step(0.05)
    spent = clock() - started
    best = spent if best is None else min(best, spent)
print(f"{'MCTS, 6,000 iterations, CPU s':<40} {best:>10.2f}   move {game.move_name(thinker.move())}")
