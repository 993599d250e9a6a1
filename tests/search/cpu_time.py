"""CPU seconds a bot spends on fixed searches (fixed iterations, so the same tree), to set
a port beside the original: run it with PYTHONPATH at each version's ``py`` folder.  A name
``uct:SPEC`` times the generic MCTS (``style="uct"``) for 2,000 iterations from the start.

    PYTHONPATH=py python3 tests/search/cpu_time.py damone hekka uct:hekka"""

import sys
import time

from tavoliere import load_game
from tavoliere.ai import Thinker

POSITIONS = {   # spec: (moves, level, iterations)
    "damone": ("damone", ["f3-e4", "c6-d5", "e4xc6"], 5, 3000),
    "hekka": ("hekka", ["c4", "f6", "c4-c5-d5-e5/d5", "f6-f5-f4-e4/c5"], 5, 1500),
    "cephalopod": ("cephalopod", ["c3", "b3"], 5, 1500),
    "layli": ("layli", [], 5, 1500),
}


def cpu(name: str, repeats: int = 3) -> float:
    style = "full"
    if name.startswith("uct:"):
        spec, moves, level, iterations, style = name[4:], [], 3, 2000, "uct"
    else:
        spec, moves, level, iterations = POSITIONS[name]
    game = load_game(spec)
    state = game.replay(moves)
    times = []
    for _ in range(repeats):
        started = time.process_time()
        thinker = Thinker(game, state, level=level, iterations=iterations, seed=1, style=style)
        while not thinker.done:
            thinker.step(10.0)
        times.append(time.process_time() - started)
    return min(times), thinker.progress()["best"], getattr(thinker.engine, "nodes", "-")


if __name__ == "__main__":
    for name in sys.argv[1:]:
        seconds, best, nodes = cpu(name)
        print(f"{name}: {seconds:.3f} s CPU (best of 3), {nodes} nodes, move {best}")
