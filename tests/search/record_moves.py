"""Record (or check) the alpha-beta bots' moves on fixed positions, at fixed iterations,
levels and seeds: the proof that a bot ported onto ``ai/alphabeta.py`` plays as before.

    python3 tests/search/record_moves.py record   # writes tests/search/moves.json
    python3 tests/search/record_moves.py check    # replays it, lists every difference

Positions are seeded random openings of each game's specs; a move is recorded with the
engine's reported win chance and iteration count, so a port must search the same tree in
the same slices, not only land on the same move."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2] / "py"),
                str(Path(__file__).resolve().parents[1])]

from tavoliere import load_game          # noqa: E402
from tavoliere.ai import Thinker          # noqa: E402
from conftest import random_state       # noqa: E402  (the suite's seeded random positions)

HERE = Path(__file__).parent
FILE = HERE / "moves.json"
# spec: (opening plies, budgets as (level, iterations))
CASES = {
    "damone": ((0, 6, 14, 30, 50), ((1, 40), (3, 80), (5, 60), (5, 400), (5, 2000))),
    "damone(win=damone)": ((10, 40), ((4, 120), (5, 200))),
    "hekka": ((2, 4, 10, 24), ((1, 20), (3, 60), (5, 200), (5, 1500))),
    "hekka(areas=symmetric)": ((6, 16), ((4, 100),)),
    "cephalopod(size=3x5)": ((0, 3, 8), ((1, 30), (3, 100), (5, 200))),
    "cephalopod": ((2, 10, 20), ((2, 60), (5, 150), (5, 1000))),
    "layli": ((0, 4, 12), ((1, 60), (3, 150), (5, 300))),
    "layli(match=true,max_rounds=4)": ((6,), ((4, 200),)),
}


def cases():
    for spec, (openings, budgets) in CASES.items():
        game = load_game(spec)
        for plies in openings:
            state = random_state(game, plies, plies)
            if game.outcome(state) is not None or len(game.legal_moves(state)) < 2:
                continue
            for level, iterations in budgets:
                yield spec, plies, level, iterations, game, state


def think(game, state, level: int, iterations: int, seed: int = 3) -> dict:
    thinker = Thinker(game, state, level=level, iterations=iterations, seed=seed)
    while not thinker.done:
        thinker.step(10.0)
    progress = thinker.progress()
    return {"move": progress["best"], "iterations": progress["iterations"],
            "win_chance": progress["win_chance"], "proven": progress["proven"],
            "nodes": getattr(thinker.engine, "nodes", None)}


def main(command: str, only: str = "") -> int:
    rows = []
    for spec, plies, level, iterations, game, state in cases():
        if only and not spec.startswith(only):
            continue
        row = {"spec": spec, "plies": plies, "level": level, "iterations": iterations}
        row.update(think(game, state, level, iterations))
        rows.append(row)
        print(json.dumps(row), flush=True)
    if command == "record":
        FILE.write_text(json.dumps(rows, indent=1) + "\n")
        return 0
    recorded = {(r["spec"], r["plies"], r["level"], r["iterations"]): r
                for r in json.loads(FILE.read_text())}
    wrong = 0
    for row in rows:
        old = recorded[row["spec"], row["plies"], row["level"], row["iterations"]]
        if old != row:
            wrong += 1
            print("DIFFERS:", old, "->", row)
    print(f"{len(rows)} positions, {wrong} differ")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
