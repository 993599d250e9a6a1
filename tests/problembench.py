"""Time to prove the shipped problems' wins in 2 and 3, in Pyodide under Node and in CPython
(docs/problems.md, "Pyodide").  The same code runs in both, one after the other on the same
machine: each problem's goal proven from its position by ``Prover(...).run()``, wall time
(``time.perf_counter``; Pyodide has no process clock), the median per game and N.

    nice -n 10 python3 tests/problembench.py [--repeat 3] [--games go,plop,barrier]

Prints a Markdown table; each problem's time is the least of ``--repeat`` runs, so that a
run slowed by the other jobs of a shared machine counts less.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests"), str(ROOT)]

CODE = """
import json, time
from tavoliere import problems
from tavoliere.core import load_game
times = {}
for name in GAMES or problems.collections():
    for problem in problems.collection(name):
        if problem["n"] not in (2, 3):
            continue
        game = load_game(problem["spec"])
        state = game.read_position(problem["position"])
        best = None
        for _ in range(REPEAT):
            start = time.perf_counter()
            problems.parse_goal(problem["goal"]).prover(game, state).run()
            spent = time.perf_counter() - start
            best = spent if best is None else min(best, spent)
        times.setdefault(name, {}).setdefault(str(problem["n"]), []).append(best)
print("RESULT " + json.dumps(times))
"""


def result(stdout: str) -> dict:
    line = next(line for line in stdout.splitlines() if line.startswith("RESULT "))
    return json.loads(line[len("RESULT "):])


def in_cpython(code: str) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, {})
    return result(out.getvalue())


def in_pyodide(code: str) -> dict:
    """The code in Pyodide under Node, with a site built apart (tests rebuild _site/)."""
    import tempfile
    import build
    from conftest import run_in_pyodide
    with tempfile.TemporaryDirectory() as folder:
        return result(run_in_pyodide(build.build(Path(folder) / "site"), code))


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def table(cpython: dict, pyodide: dict) -> str:
    rows = ["| game | N | problems | CPython ms (median) | Pyodide ms (median) | Pyodide / CPython |",
            "|---|---|---:|---:|---:|---:|"]
    for name in sorted(cpython):
        for n in sorted(cpython[name]):
            here, there = median(cpython[name][n]), median(pyodide[name][n])
            rows.append(f"| {name} | {n} | {len(cpython[name][n])} | {1000 * here:.1f} | "
                        f"{1000 * there:.1f} | {there / here:.1f} |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", default="", help="only these collections (names joined by commas)")
    args = parser.parse_args()
    games = [name for name in args.games.split(",") if name]
    code = CODE.replace("REPEAT", str(args.repeat)).replace("GAMES", repr(games))
    cpython = in_cpython(code)
    pyodide = in_pyodide(code)
    print(f"CPython {platform.python_version()}, Pyodide under Node "
          f"(the site's runtime), {platform.machine()}")
    print(table(cpython, pyodide))


if __name__ == "__main__":
    main()
