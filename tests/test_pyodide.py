"""The built wheel in Pyodide under Node: the same game gives the same result as in CPython."""

import json

import pytest

from conftest import run_in_pyodide
from tavoliere.bridge import handle
from test_conformance import first_specs

pytestmark = pytest.mark.pyodide

KNOWN = ["barrier(size=6)", "hekka", "havannah(size=5)", "hexade(size=5)"]
SPECS = KNOWN + first_specs(besides=[spec.split("(")[0] for spec in KNOWN])
GAME_CODE = """
import json, random
from tavoliere import load_game
results = {}
for spec in SPECS:
    game = load_game(spec)
    rng = random.Random(7)
    state, names = game.initial_state(), []
    while game.outcome(state) is None:
        move = rng.choice(game.legal_moves(state))
        names.append(game.move_name(move))
        state = game.apply(state, move)
    results[spec] = {"moves": names, "outcome": game.outcome(state).as_dict()}
print("RESULT " + json.dumps(results))
""".replace("SPECS", repr(SPECS))


def _result(stdout: str):
    line = next(line for line in stdout.splitlines() if line.startswith("RESULT "))
    return json.loads(line[len("RESULT "):])


def test_random_games_agree_between_pyodide_and_cpython(site):
    in_pyodide = _result(run_in_pyodide(site, GAME_CODE))
    namespace: dict = {}
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(GAME_CODE, namespace)
    assert in_pyodide == _result(out.getvalue())
    assert all(r["moves"] for r in in_pyodide.values())


def test_the_wheel_installs_with_micropip_and_answers_the_bridge(site, extra_wheels):
    code = ("import sys, json, micropip, tavoliere.bridge as b\n"
            "print('PY', sys.version_info[:2])\n"
            "print('RESULT ' + b.handle(json.dumps({'op': 'play', 'game': 'barrier', "
            "'moves': ['c4', 'f6'], 'move': 'c4-d4-e4-e3'})))\n")
    stdout = run_in_pyodide(site, code, micropip_dir=extra_wheels)
    assert "PY (3, 14)" in stdout
    answer = _result(stdout)
    expected = json.loads(handle(json.dumps({"op": "play", "game": "barrier",
                                             "moves": ["c4", "f6"], "move": "c4-d4-e4-e3"})))
    assert answer == expected and answer["ok"]


def test_deeply_nested_requests_are_refused_without_killing_pyodide(site):
    """json.loads recurses once a level; in Pyodide 1200 levels overflow the JavaScript stack
    (a fatal error that ends the worker) before Python's recursion limit is reached."""
    code = ("import json, tavoliere.bridge as b\n"
            "texts = ['[' * 1200 + ']' * 1200, '{\"a\":' * 1200 + '1' + '}' * 1200]\n"
            "print('RESULT ' + json.dumps([json.loads(b.handle(t))['error'] for t in texts]))\n")
    assert _result(run_in_pyodide(site, code)) == ["bad-request", "bad-request"]
