"""The problems' goal ``capture:N`` ("Black to play and capture in 2"): the goal read and
refused, the prover through ``CaptureGoal`` checked against the plain minimax of
``reference/capture_ref.py`` on small Go boards, Go's quick hooks, the command line, and
Go's shipped collection."""

from __future__ import annotations

import json
import random

import pytest

from reference import capture_ref
from tavoliere import problems
from tavoliere.__main__ import main
from tavoliere.ai.prover import CaptureGoal, Prover
from tavoliere.core import load_game
from tavoliere.games.go import board_geometry
from tavoliere.messages import Problem


def small_go(size: int):
    """Go on a ``size`` x ``size`` board.  The rules of section 13 do not depend on the size,
    but the option offers 9, 13 and 19 only: the test gives a 9x9 game a smaller geometry, so
    that the reference's plain minimax finishes."""
    game = load_game("go(size=9)")
    game.size, game.geo = size, board_geometry(size)
    game.names, game.max_plies = game.geo.names, 4 * size * size
    return game


def random_positions(game, seed: int, plies: int, every: int = 3):
    """Positions of one random game (plays only, passes left out, so that the board fills):
    each ``every``-th from ply ``every``, history and ko as the game left them."""
    rng, state, out = random.Random(seed), game.initial_state(), []
    for ply in range(1, plies + 1):
        plays = [move for move in game.legal_moves(state) if move[0] != "pass"]
        if not plays or state.phase != "play":
            break
        state = game.apply(state, rng.choice(plays))
        if ply % every == 0:
            out.append(state)
    return out


def check_against_reference(game, state, n: int, hooks: bool = True) -> dict:
    goal = CaptureGoal(game, state)
    result = Prover(goal, state, n, hooks=hooks).run()
    assert result["keys"] == capture_ref.keys(game, state, n), game.diagram(state)
    if result["keys"]:
        value = result["value"]
        assert value == 1 or not capture_ref.keys(game, state, value - 1)
        # the main line is legal and its last move captures
        end = game.replay(result["line"], state)
        attacker = state.to_move
        assert end.prisoners[attacker] > state.prisoners[attacker]
        assert len(result["line"]) == 2 * value - 1
    # each refutation stops every capture within the moves left
    for name, reply in result["refutations"].items():
        after = game.replay([name], state)
        if reply is not None:
            position = game.replay([reply], after)
            attacker, before = state.to_move, state.prisoners[state.to_move]
            assert n == 1 or not capture_ref.captures_within(game, position, n - 1, attacker,
                                                             before)
    return result


# (board size, N, seeds, plies of each random game)
CASES = [(5, 1, 10, 18), (5, 2, 10, 18), (7, 1, 4, 36), (7, 2, 4, 33), (5, 3, 6, 15)]


@pytest.mark.parametrize("size, n, seeds, plies", CASES)
def test_the_prover_finds_every_capture_key_and_no_false_one(size, n, seeds, plies):
    game = small_go(size)
    with_keys = without = 0
    for seed in range(seeds):
        for state in random_positions(game, seed, plies):
            result = check_against_reference(game, state, n)
            with_keys += bool(result["keys"])
            without += not result["keys"]
    assert with_keys and without     # both kinds of answer were checked


def test_the_hooks_do_not_change_the_answers():
    game = small_go(5)
    for seed in range(4):
        for state in random_positions(game, 10 + seed, 15):
            for n in (1, 2):
                goal = CaptureGoal(game, state)
                plain = Prover(goal, state, n, hooks=False).run()
                hooked = Prover(goal, state, n).run()
                assert plain["keys"] == hooked["keys"] and plain["value"] == hooked["value"]


def test_a_capture_in_one_is_a_play_on_the_last_liberty_unless_ko_forbids_it():
    """RULES 13: a play "that leaves an opponent chain without liberties captures it"; simple
    ko "forbids recreating the board of just before the previous ply"."""
    game = load_game("go(size=9)")
    # White b2 has one liberty, c2: Black takes it there, making a ko (c2 alone, in atari)
    state = game.position("b3 a2 b1", "c3 b2 d2 c1", to_move=0)
    assert game.move_name(game.capture_move(state)) == "c2"
    taken = game.apply(state, game.capture_move(state))
    assert taken.prisoners == (1, 0) and game.move_name((taken.ko,)) == "b2"
    # Black c2 is in atari at b2, but the ko forbids White to take back at once
    assert game.capture_move(taken) is None
    result = problems.Goal("capture", 1).prover(game, taken).run()
    assert result["keys"] == [] == capture_ref.keys(game, taken, 1)
    # with White to move and no ko, the capture in one is found, by the hook and the prover
    retake = game.position("b3 a2 b1 c2", "c3 d2 c1", to_move=1)
    assert game.move_name(game.capture_move(retake)) == "b2"
    assert problems.Goal("capture", 1).prover(game, retake).run()["keys"] == ["b2"]


def test_the_goal_is_read_and_refused_with_clear_messages():
    go = load_game("go(size=9)")
    assert str(problems.parse_goal("capture:2", go)) == "capture:2"
    assert problems.parse_goal(" win : 3 ") == problems.Goal("win", 3)
    # Go declares its goals (problem_goals): a game ends only when both pass, no win comes
    assert problems.goal_kinds(go) == ["capture"]
    assert problems.goal_kinds(load_game("barrier")) == ["win"]
    for text in ("capture:0", "take:2", "capture", f"capture:{problems.MAX_N + 1}", None):
        with pytest.raises(Problem) as raised:
            problems.parse_goal(text, go)
        assert raised.value.code == "problem.goal"
    with pytest.raises(Problem) as raised:
        problems.parse_goal("capture:2", load_game("barrier"))
    assert raised.value.code == "problem.no-captures"
    assert "Barrier" in str(raised.value) and "capture:2" in raised.value.text("it")
    with pytest.raises(Problem) as raised:
        problems.parse_goal("win:2", go)
    assert str(raised.value) == "a Go problem's goal is capture:N, not win:2"
    with pytest.raises(Problem) as raised:
        problems.check("barrier", moves=[], goal="capture:1")
    assert raised.value.code == "problem.no-captures"


# the net of White's g1: h1 leaves it two liberties' worth of nothing (g2 is then its last)
NET = ("stone.0:f1,f2,f3,g3,d4,b5,c5,f5,f6,h6,d7,d8;"
       "stone.1:g1,b2,e2,c3,d3,e3,b4,a5,e6,e7,f7,g8 w prisoners_black=0 prisoners_white=0")


def test_problem_check_proves_a_capture_in_two_on_the_command_line(capsys):
    assert main(["problem", "check", "go(size=9)", "--position", NET, "--goal", "capture:2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["sound"] and out["keys"] == ["h1"] and out["line"][0] == "h1"
    assert out["refutations"]["g2"] == "h1"          # extending first lets White connect out
    assert main(["problem", "check", "go(size=9)", "--position", NET, "--goal", "capture:1"]) == 0
    assert json.loads(capsys.readouterr().out)["keys"] == []
    assert main(["problem", "check", "barrier", "--moves", "", "--goal", "capture:1"]) == 2
    assert "does not count captures" in capsys.readouterr().err


def test_go_ships_capture_problems_each_proven_again():
    listed = problems.collection("go")
    assert len(listed) >= 30 and {p["n"] for p in listed} >= {1, 2}
    assert all(p["goal"] == f"capture:{p['n']}" and p["spec"] == "go(size=9)" for p in listed)
    assert len({p["position"] for p in listed}) == len(listed)
    for problem in sorted(listed, key=lambda p: p["n"])[::7]:   # a sample: -m slow for all
        check_shipped(problem)


@pytest.mark.slow
def test_every_go_problem_is_proven_again():
    for problem in problems.collection("go"):
        check_shipped(problem)


def check_shipped(problem):
    game = load_game(problem["spec"])
    state = game.read_position(problem["position"])
    goal = problems.parse_goal(problem["goal"], game)
    result = goal.prover(game, state).run()
    assert result["keys"] == [problem["key"]] and result["value"] == goal.n == problem["n"]
    assert result["line"] == problem["line"]
    assert problem["difficulty"] == problems.difficulty(goal.n, len(problem["tempting"]))


# -- solving and composing through the bridge (the page's side) -----------------------------
def ask(**request):
    from tavoliere.bridge import handle
    return json.loads(handle(json.dumps(request)))


GO_NET = {"game": "go(size=9)", "position": NET, "goal": "capture:2"}


def test_a_capture_problem_is_solved_move_by_move():
    opened = ask(op="problem", step="open", **GO_NET)
    assert opened["ok"] and opened["kind"] == "capture" and opened["goal"] == "capture:2"
    assert opened["n"] == 2 and opened["attacker"] == 0 and opened["keys"] == ["h1"]
    # a wrong try: extending first lets White connect out at h1
    wrong = ask(op="problem", step="move", **GO_NET, moves=[], move="g2")
    assert wrong["verdict"] == "wrong" and wrong["reply"] == "h1" and wrong["reason"] == "escapes"
    # the key, answered by the longest (and most natural) defence, then the capture
    right = ask(op="problem", step="move", **GO_NET, moves=[], move="h1")
    assert right["verdict"] == "correct" and right["reply"] == "g2" and right["left"] == 1
    last = ask(op="problem", step="move", **GO_NET, moves=["h1", "g2"], move="h2")
    assert last["verdict"] == "solved"
    slow = ask(op="problem", step="move", **GO_NET, moves=["h1", "g2"], move="a1")
    assert slow["verdict"] == "wrong" and slow["reason"] == "slow"


def test_go_problem_of_the_day_opens_with_its_capture_goal():
    opened = ask(op="problem", step="open", game="go", today=True, date="2026-11-27")
    assert opened["ok"] and opened["kind"] == "capture" and opened["goal"].startswith("capture:")
    listed = ask(op="problem", step="list", game="go", date="2026-11-27")
    assert listed["today"] == opened["id"] and len(listed["problems"]) >= 30


def test_a_capture_composition_is_proven_in_slices():
    started = ask(op="problem", step="start", **GO_NET, moves=[], id="go-compose")
    assert started["ok"] and started["kind"] == "capture"
    progress = {"done": False}
    while not progress["done"]:
        progress = ask(op="problem", step="step", id="go-compose", slice=0.01)["progress"]
    proof = ask(op="problem", step="stop", id="go-compose")
    assert proof["sound"] and proof["keys"] == ["h1"] and proof["goal"] == "capture:2"
    refused = ask(op="problem", step="start", game="barrier", position="pawn.0:c3;pawn.1:e7 w ply=6",
                  goal="capture:1", moves=[], id="nope")
    assert refused["code"] == "problem.no-captures"


def test_the_editor_offers_the_goals_of_the_game():
    assert ask(op="problem", step="edit", game="go(size=9)", moves=[])["goals"] == ["capture"]
    assert ask(op="problem", step="edit", game="barrier", moves=[])["goals"] == ["win"]
