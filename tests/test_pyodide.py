"""The built wheel in Pyodide under Node: the same game gives the same result as in CPython."""

import json
import zipfile

import pytest

import build
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


# What the page asks of Python: the snapshot's warm-up (web/snapshot.js, WARM: every module of
# the package), then each game's board, view and a short think, and some bad requests.
PAGE_CODE = """
import importlib, json, pkgutil, sys, tavoliere, tavoliere.bridge as bridge
for module in pkgutil.walk_packages(tavoliere.__path__, "tavoliere."):
    if module.name != "tavoliere.__main__":
        importlib.import_module(module.name)
def ask(**request):
    return json.loads(bridge.handle(json.dumps(request)))
for game in ask(op="games")["games"]:
    assert ask(op="layout", game=game["name"])["ok"] and ask(op="view", game=game["name"])["ok"]
    ask(op="think_start", game=game["name"], moves=[], iterations=5, seed=1, id="w")
    ask(op="think_stop", id="w")
for bad in ['{"op": "play", "game": "nosuch"}', "not json", '{"op": "view", "moves": ["z9"]}']:
    assert not json.loads(bridge.handle(bad))["ok"]
stdlib = sys.path[next(i for i, p in enumerate(sys.path) if p.endswith(".zip"))] + "/"
print("RESULT " + json.dumps(sorted((name, (getattr(module, "__file__", None) or "")
                                    .removeprefix(stdlib)) for name, module in sys.modules.items())))
"""


def test_the_page_imports_none_of_the_standard_library_the_site_leaves_out(site):
    """In the whole runtime (node_modules), Pyodide's start-up and everything the page asks of
    the engine import no module that build.py leaves out of the site's python_stdlib.zip; the
    same requests then succeed with the site's trimmed copy."""
    whole = build.ensure_node_modules()
    imported = _result(run_in_pyodide(site, PAGE_CODE, runtime=whole))
    files = dict(imported)
    assert "tavoliere.bridge" in files and files["encodings.utf_8"] == "encodings/utf_8.py"
    assert [name for name, file in imported if build.unused_stdlib(file)] == []
    assert _result(run_in_pyodide(site, PAGE_CODE)) == imported
    with zipfile.ZipFile(site / "pyodide" / "python_stdlib.zip") as trimmed:
        shipped = trimmed.namelist()
    with zipfile.ZipFile(whole / "python_stdlib.zip") as original:
        assert [name for name in original.namelist() if not build.unused_stdlib(name)] == shipped
    assert "encodings/cp1252.py" not in shipped and "unittest/__init__.py" not in shipped


def test_the_benchmarks_run_in_the_sites_python(site):
    """`bench ... --pyodide` imports the command line in the site's trimmed Python: a module
    it leaves out (statistics, imported at the top) broke every Pyodide benchmark."""
    code = ("import json\nfrom tavoliere.__main__ import run_benchmark\n"
            "print('RESULT ' + json.dumps([row['game'] for row in run_benchmark('rules', 0.01)]))\n")
    assert "havannah" in _result(run_in_pyodide(site, code))
