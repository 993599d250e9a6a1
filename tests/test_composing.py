"""Composing a problem (issue 39 part 5, docs/problems.md section 6): the problem op's step
"edit" reads a position set up by hand with the game's rules, and answers the tokens an
editor offers; and the shipped collections (part 4): at least 30 problems a game, none whose
key is the only legal move."""

import json

import pytest

from tavoliere import problems
from tavoliere.bridge import handle
from tavoliere.core import load_game, read_piece
from tavoliere.messages import MESSAGES
from tavoliere.solving import palette

# the games of perfect information that ship problems (docs/problems.md; Go has none yet)
SHIPPED = ["barrier", "cephalopod", "connect6", "damone", "go", "havannah", "hekka", "hexade", "layli",
           "plop"]


def edit(**request):
    return json.loads(handle(json.dumps({"op": "problem", "step": "edit", **request})))


# -- the step "edit" ---------------------------------------------------------------------
@pytest.mark.parametrize("spec, position, written", [
    ("barrier(size=5)", "pawn.0:c3;pawn.1:a1 w", "pawn.1:a1;pawn.0:c3 w ply=2"),
    ("barrier(size=5)", "pawn.1:a1;pawn.0:c3;block:e5 w", "pawn.1:a1;pawn.0:c3;block:e5 w ply=2"),
    ("havannah(size=4)", "stone.0:a1;stone.1:b2 w", "stone.0:a1;stone.1:b2 w ply=2"),
    ("cephalopod", "die.0=1:a1;die.1=2:c3 w", "die.0=1:a1;die.1=2:c3 w ply=2"),
])
def test_a_position_the_rules_reach_is_read_and_written_again(spec, position, written):
    answer = edit(game=spec, position=position)
    assert answer["ok"], answer
    assert answer["position"] == written          # the counters the rules fill in, added
    assert answer["to_move"] == 0 and not answer["over"]
    game = load_game(spec)
    assert answer["pieces"] == game.pieces(game.read_position(position))
    assert answer["spec"] == game.spec


@pytest.mark.parametrize("spec, position, code, message", [
    # Barrier: the side to move must agree with the pawns placed (White placed, Black next)
    ("barrier(size=5)", "pawn.0:c3 w", "position.mover", "in this position Black is to move, not White"),
    # Barrier: no obstacle before both pawns are placed
    ("barrier(size=5)", "pawn.0:c3;block:a1 b", "position.count",
     "there are 1 pieces block, but the rules allow 0"),
    # Havannah: stone counts that no alternation of moves gives
    ("havannah(size=4)", "stone.0:a1,a2,a3 b", "position.count",
     "there are 3 pieces stone.0, but the rules allow 2"),
    # Connect6: one stone, then two a move
    ("connect6(size=13)", "stone.0:a1,a2 b", "position.count",
     "there are 0 pieces stone.1, but the rules allow 1"),
    # a cell the board lacks
    ("barrier(size=5)", "pawn.0:f6;pawn.1:a1 w", "position.cell", "'f6' is not a cell of the Barrier board"),
])
def test_a_position_the_rules_cannot_reach_is_refused_with_their_reason(spec, position, code, message):
    answer = edit(game=spec, position=position)
    assert not answer["ok"]
    assert answer["error"] == "bad-request" and answer["code"] == code
    assert answer["message"] == message
    assert set(MESSAGES[code]) == {"en", "it"}   # the page says it in either language


def test_without_a_position_edit_reads_the_position_the_moves_reach():
    answer = edit(game="barrier(size=5)", moves=["c3", "a1"])
    assert answer["ok"] and answer["position"] == "pawn.1:a1;pawn.0:c3 w ply=2"
    assert edit(game="barrier(size=5)")["position"] == "- w ply=0"
    assert edit(game="barrier(size=5)", moves=["c3", "z9"])["ok"] is False


def test_edit_refuses_a_game_without_problems():
    answer = edit(game="footsteps", position="- w")
    assert not answer["ok"] and answer["code"] == "problem.game"


# -- the palette --------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["barrier", "hekka", "havannah(size=6)", "hexade(size=5)",
                                  "cephalopod", "connect6(size=13)", "damone", "layli",
                                  "plop"])
def test_the_palette_holds_every_token_of_the_start_and_of_the_shipped_problems(spec):
    game = load_game(spec)
    tokens = palette(game)
    assert len(tokens) == len(set(tokens)) and all(read_piece(t) for t in tokens)
    assert set(game.pieces(game.initial_state()).values()) <= set(tokens)
    for problem in problems.collection(game.name):
        if problem["spec"] == game.spec:
            assert set(game.parse_position(problem["position"])[0].values()) <= set(tokens)
    assert edit(game=spec)["palette"] == tokens


def test_the_palette_goes_by_shape_then_owner_then_number():
    assert palette(load_game("barrier")) == ["pawn.0", "pawn.1", "block"]
    assert palette(load_game("cephalopod"))[:7] == [f"die.0={n}" for n in range(1, 7)] + ["die.1=1"]
    assert palette(load_game("damone")) == ["stone.0", "stone.1", "crowned.0", "crowned.1",
                                            "double-crowned.0", "double-crowned.1"]


# -- the collections ----------------------------------------------------------------------
def test_every_game_of_perfect_information_ships_at_least_30_problems():
    assert problems.collections() == SHIPPED
    for name in SHIPPED:
        assert len(problems.collection(name)) >= 30, name


@pytest.mark.parametrize("name", SHIPPED)
def test_no_shipped_key_is_the_only_legal_move(name):
    for problem in problems.collection(name):
        game = load_game(problem["spec"])
        state = game.read_position(problem["position"])
        moves = [game.move_name(m) for m in game.legal_moves(state)]
        assert len(moves) > 1, problem["position"]
        assert problem["key"] in moves and problem["line"][0] == problem["key"]


def test_the_miner_passes_over_a_position_with_a_single_legal_move():
    # once shipped as a Barrier win in 1: Black's only move is also the win
    game = load_game("barrier")
    state = game.read_position("block:e1,f1,h1,e2,f2,g2,h2,e3,f3,g3,e4,f4;pawn.0:h3;pawn.1:g4 w ply=6")
    assert [game.move_name(m) for m in game.legal_moves(state)] == ["h3-h4-h5-g5"]
    assert problems.only_move(game, state)
    assert problems.problem_at(game, state, 3, 100_000, {1: 0, 2: 0, 3: 0}, 30) is None
    found = {"spec": "barrier", "position": game.position_text(state), "goal": "win:1", "n": 1,
             "key": "h3-h4-h5-g5", "line": ["h3-h4-h5-g5"], "tempting": []}
    before = problems.collection("barrier")
    assert found["position"] not in {p["position"] for p in before}
    shipped = {}
    real = problems.DATA
    try:   # ship into a copy of the collection: the single move is not added
        import tempfile
        from pathlib import Path
        with tempfile.TemporaryDirectory() as folder:
            problems.DATA = Path(folder)
            assert problems.ship("barrier", [found], proven=True) == 0
            shipped = json.loads((Path(folder) / "barrier.json").read_text())
    finally:
        problems.DATA = real
    assert shipped["problems"] == []


@pytest.mark.pyodide
def test_pyodide_reads_an_edited_position_as_cpython_does(site):
    """The page's Python (3.14 in Pyodide) accepts and refuses the same positions, with the
    same palette (its seeded random games are the same)."""
    from conftest import run_in_pyodide
    requests = [
        {"op": "problem", "step": "edit", "game": "barrier(size=5)", "moves": ["c3", "a1"]},
        {"op": "problem", "step": "edit", "game": "barrier(size=5)", "position": "pawn.0:c3 w"},
        {"op": "problem", "step": "edit", "game": "cephalopod", "position": "die.0=1:a1;die.1=2:c3 w"},
        {"op": "problem", "step": "edit", "game": "damone"},
    ]
    code = ("import json, tavoliere.bridge as b\n"
            f"requests = json.loads({json.dumps(json.dumps(requests))})\n"
            "print('RESULT ' + json.dumps([json.loads(b.handle(json.dumps(r))) for r in requests]))\n")
    line = next(l for l in run_in_pyodide(site, code).splitlines() if l.startswith("RESULT "))
    in_pyodide = json.loads(line[len("RESULT "):])
    here = [json.loads(handle(json.dumps(request))) for request in requests]
    assert in_pyodide == here
    assert [answer["ok"] for answer in here] == [True, False, True, True]
