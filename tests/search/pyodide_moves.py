"""The ported bots and the generic MCTS in Pyodide (Python 3.14) against CPython: the same
move, win chance and node count for the same seed and iterations.  Needs the built site:

    python3 build.py build && python3 tests/search/pyodide_moves.py
"""
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "py")]
from conftest import run_in_pyodide  # noqa: E402

site = ROOT / "_site"
CODE = r'''
import json, random, sys
from tavoliere import load_game
from tavoliere.core import CHANCE
from tavoliere.ai import Thinker
rows = []
for spec, plies, level, iterations, style in [("damone", 14, 5, 60, "full"), ("hekka", 10, 3, 60, "full"),
        ("cephalopod(size=3x5)", 8, 3, 100, "full"), ("layli", 4, 3, 150, "full"),
        ("dadi(players=3)", 5, 3, 40, "uct"), ("footsteps(points=10)", 1, 3, 40, "uct"), ("hekka", 4, 3, 40, "uct")]:
    game = load_game(spec)
    rng = random.Random(plies)
    state = game.initial_state()
    for _ in range(plies):
        state = game.apply(state, game.random_move(state, rng))
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.roll(state, rng))
    state = game.concealed(state)
    t = Thinker(game, state, level=level, iterations=iterations, seed=3, style=style)
    while not t.done: t.step(10.0)
    p = t.progress()
    rows.append([spec, plies, style, p["best"], p["win_chance"], getattr(t.engine, "nodes", None)])
print("RESULT " + json.dumps({"rows": rows, "version": sys.version}))
'''
out = run_in_pyodide(site, CODE)
line = next(line for line in out.splitlines() if line.startswith("RESULT "))
found = json.loads(line[len("RESULT "):])
print("Pyodide:", found["version"].split()[0], "CPython:", sys.version.split()[0])
here = {}
exec(CODE.replace('print("RESULT "', 'result = ("RESULT "'), here)     # the same, in CPython
differ = 0
for pyodide, cpython in zip(found["rows"], here["rows"]):
    differ += pyodide != cpython
    print("same" if pyodide == cpython else "DIFFERS", pyodide, cpython)
sys.exit(1 if differ else 0)
