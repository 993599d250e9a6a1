"""The bridge's problem ops (tavoliere.solving): a reader solves a problem move by move, the
computer answers a correct move with the longest defence and a wrong one with its
refutation; compositions are proven in slices.  The verdicts are checked against the plain
minimax of tests/reference/prover_ref.py, not against the prover that made them."""

import json

import pytest

from reference import prover_ref
from tavoliere import problems
from tavoliere.bridge import handle
from tavoliere.core import load_game
from tavoliere.messages import MESSAGES
from tavoliere.solving import problem_id

# a shipped Barrier win in 3 with nine wrong tries (see the collection)
BARRIER = {"game": "barrier", "goal": "win:3",
           "position": "pawn.0:c3;block:c4,a5,b5,c5,d5,e5,a6,d6,e6,a7,c7,d7;pawn.1:e7 w ply=6"}
KEY = "c3-d3-e3-e4"
# a Barrier position where three first moves win within 2: a composition with cooks
COOKED = {"game": "barrier", "goal": "win:2",
          "position": "block:e1,f1,g1,h1,e2,f2,g2,h2,a3,d3,e3,f3,g3,h3,a4,b4,c4,g4,h4,a5,b5,"
                      "c5,a6,b6,c6,a7,b7;pawn.0:f4;pawn.1:d6 b ply=11"}


def ask(**request):
    return json.loads(handle(json.dumps(request)))


def state_after(problem: dict, moves: list[str]):
    game = load_game(problem["game"])
    return game, game.replay(moves, game.read_position(problem["position"]))


def test_the_problems_of_a_game_are_listed_with_the_problem_of_the_day():
    answer = ask(op="problem", step="list", game="barrier", date="2026-11-27")
    shipped = problems.collection("barrier")
    assert answer["ok"] and len(answer["problems"]) == len(shipped)
    ids = [p["id"] for p in answer["problems"]]
    assert len(set(ids)) == len(ids) and answer["today"] in ids
    today = problems.problem_of_the_day("barrier", __import__("datetime").date(2026, 11, 27))
    assert answer["today"] == problem_id(today["spec"], today["position"])
    opened = ask(op="problem", step="open", game="barrier", today=True, date="2026-11-27")
    assert opened["ok"] and opened["id"] == answer["today"] and opened["position"] == today["position"]


def test_a_shipped_problem_opens_with_its_stipulation_solution_and_board():
    listed = ask(op="problem", step="list", game="barrier")["problems"]
    entry = next(p for p in listed if p["position"] == BARRIER["position"])
    opened = ask(op="problem", step="open", game="barrier", id=entry["id"])
    assert opened["ok"], opened
    assert (opened["n"], opened["attacker"], opened["keys"]) == (3, 0, [KEY])
    assert opened["line"][0] == KEY and len(opened["line"]) == 5
    view = opened["view"]
    assert view["ply"] == 0 and view["to_move"] == 0 and view["pieces"]["c3"] == "pawn.0"
    assert KEY in [move["name"] for move in view["legal"]]


def test_a_correct_move_is_answered_with_the_longest_defence():
    answer = ask(op="problem", step="move", **BARRIER, moves=[], move=KEY)
    assert answer["ok"] and answer["verdict"] == "correct" and answer["left"] == 2
    game, after = state_after(BARRIER, [KEY])
    attacker = 0
    # the reply keeps the attacker from winning within 1, and no defence does better
    replied = game.apply(after, game.parse_move(answer["reply"], after))
    assert not prover_ref.wins_within(game, replied, 1, attacker)
    assert prover_ref.wins_within(game, replied, 2, attacker)
    for defence in game.legal_moves(after):
        assert prover_ref.wins_within(game, game.apply(after, defence), 2, attacker)


def test_the_main_line_played_out_is_solved_on_the_last_move():
    line = ask(op="problem", step="open", **BARRIER)["line"]
    moves = []
    for ply in range(0, len(line), 2):
        answer = ask(op="problem", step="move", **BARRIER, moves=moves, move=line[ply])
        assert answer["ok"], answer
        if ply == len(line) - 1:
            assert answer["verdict"] == "solved" and answer["reply"] is None
        else:
            assert answer["verdict"] == "correct"
            moves += [answer["move"], answer["reply"]]
    game, end = state_after(BARRIER, line)
    assert game.outcome(end).winner == 0


def test_a_wrong_try_is_answered_with_its_refutation_and_why():
    game, start = state_after(BARRIER, [])
    tries = [game.move_name(m) for m in game.legal_moves(start) if game.move_name(m) != KEY]
    assert len(tries) == 9
    reasons = set()
    for name in tries:
        answer = ask(op="problem", step="move", **BARRIER, moves=[], move=name)
        assert answer["ok"] and answer["verdict"] == "wrong" and answer["move"] == name
        reasons.add(answer["reason"])
        after = game.apply(start, game.parse_move(name, start))
        refuted = game.apply(after, game.parse_move(answer["reply"], after))
        outcome = game.outcome(refuted)
        if answer["reason"] == "loses":
            assert outcome is not None and outcome.winner == 1
        else:   # after the refutation White no longer wins with its two moves left
            assert answer["reason"] == "escapes"
            assert outcome is None and not prover_ref.wins_within(game, refuted, 2, 0)
    assert reasons == {"escapes", "loses"}


def test_a_try_on_the_last_move_that_does_not_win_is_too_slow():
    line = ask(op="problem", step="open", **BARRIER)["line"]
    game, state = state_after(BARRIER, line[:4])
    wrong = next(game.move_name(m) for m in game.legal_moves(state)
                 if game.move_name(m) != line[4]
                 and game.outcome(game.apply(state, m)) is None)
    answer = ask(op="problem", step="move", **BARRIER, moves=line[:4], move=wrong)
    assert answer["verdict"] == "wrong" and answer["reason"] in ("slow", "loses")
    assert answer["left"] == 0


@pytest.mark.parametrize("name", ["barrier", "hekka", "cephalopod", "damone", "layli", "hexade",
                                  "plop"])
def test_a_shipped_problem_of_each_game_is_solved_by_its_line(name):
    entry = ask(op="problem", step="list", game=name)["problems"][-1]   # the hardest, by the collection's order
    problem = {"game": entry["spec"], "position": entry["position"], "goal": entry["goal"]}
    line, moves = ask(op="problem", step="open", game=name, id=entry["id"])["line"], []
    verdict = None
    while verdict != "solved":
        answer = ask(op="problem", step="move", **problem, moves=moves, move=line[len(moves)])
        assert answer["ok"] and answer["verdict"] in ("correct", "solved"), answer
        verdict = answer["verdict"]
        moves += [answer["move"]] + ([answer["reply"]] if answer["reply"] else [])
    game, end = state_after(problem, moves)
    assert game.outcome(end).winner == game.to_move(game.read_position(entry["position"]))


def test_the_ordinary_ops_play_from_a_problem_position():
    view = ask(op="view", game="barrier", position=BARRIER["position"], moves=[KEY])
    assert view["ok"] and view["ply"] == 1 and view["moves"] == [KEY] and view["to_move"] == 1
    played = ask(op="play", game="barrier", position=BARRIER["position"], moves=[KEY],
                 move=ask(op="problem", step="move", **BARRIER, moves=[], move=KEY)["reply"])
    assert played["ok"] and played["ply"] == 2 and played["pieces"]["e4"] == "pawn.0"
    # the same moves from the game's own start are another record
    assert not ask(op="view", game="barrier", moves=[KEY])["ok"]


@pytest.mark.parametrize("request_, error, code", [
    ({"op": "problem", "step": "move", **BARRIER, "moves": [], "move": "c3-c4"}, "illegal-move", None),
    ({"op": "problem", "step": "move", **BARRIER, "moves": [], "move": "z9"}, "invalid-move", None),
    ({"op": "problem", "step": "move", **BARRIER, "goal": "win:0", "moves": [], "move": KEY},
     "bad-request", "problem.goal"),
    ({"op": "problem", "step": "move", **BARRIER, "goal": "win:1", "moves": [], "move": KEY},
     "bad-request", "solving.unsound"),
    ({"op": "problem", "step": "move", **BARRIER, "position": "pawn.0:c3 w", "moves": [], "move": KEY},
     "bad-request", "position.mover"),
    ({"op": "problem", "step": "move", **BARRIER, "moves": [KEY], "move": "e7-f7-g7-g6"},
     "bad-request", "solving.not-yours"),
    ({"op": "problem", "step": "move", **BARRIER, "position": 7, "moves": [], "move": KEY},
     "bad-request", "request.field"),
    ({"op": "problem", "step": "open", "game": "barrier", "id": "00000000"}, "bad-request", "solving.no-id"),
    ({"op": "problem", "step": "open", "game": "barrier", "id": "<script>"}, "bad-request", "request.field"),
    ({"op": "problem", "step": "list", "game": "footsteps"}, "bad-request", "problem.unknown"),
    ({"op": "problem", "step": "list", "game": "barrier", "date": "tomorrow"}, "bad-request", "request.field"),
    ({"op": "view", "game": "barrier", "position": "pawn.9:a1 w", "moves": []},
     "bad-request", "position.piece"),
    ({"op": "problem", "step": "start", "game": "footsteps", "moves": [], "goal": "win:1"},
     "bad-request", "problem.game"),
])
def test_bad_input_is_refused_with_a_message(request_, error, code):
    answer = json.loads(handle(json.dumps(request_)))
    assert not answer["ok"] and answer["error"] == error, answer
    if code:
        assert answer["code"] == code
        assert set(MESSAGES[answer["code"]]) == {"en", "it"}
    assert answer["message"]


def test_after_the_last_move_the_problem_is_over():
    line = ask(op="problem", step="open", **BARRIER)["line"]
    answer = ask(op="problem", step="move", **BARRIER, moves=line, move="a1")
    assert not answer["ok"] and answer["code"] == "solving.over"


def test_a_composition_is_proven_in_slices_and_its_cooks_listed():
    started = ask(op="problem", step="start", **COOKED, moves=[], id="compose")
    assert started["ok"] and started["position"] == COOKED["position"]
    progress = {"done": False}
    while not progress["done"]:
        progress = ask(op="problem", step="step", id="compose", slice=0.01)["progress"]
    assert progress["settled"] == progress["moves"]
    proof = ask(op="problem", step="stop", id="compose")
    game, start = state_after(COOKED, [])
    assert proof["keys"] == prover_ref.keys(game, start, 2)
    assert not proof["sound"] and proof["cooks"] == proof["keys"][1:] and len(proof["keys"]) == 3
    assert ask(op="problem", step="step", id="compose")["code"] == "request.no-search"


def test_a_problem_proven_in_slices_opens_without_a_second_search(monkeypatch):
    """Issue 39, 2: the proof "runs in the worker's slices and reports progress": a problem a
    page gives by its position is proven by start, step and stop, and the open that follows
    finds that proof (a cooked one too: every key is accepted)."""
    from tavoliere.ai.prover import Prover
    ask(op="problem", step="start", **COOKED, moves=[], id="page")
    while not ask(op="problem", step="step", id="page", slice=0.01)["progress"]["done"]:
        pass
    proof = ask(op="problem", step="stop", id="page")

    def no_search(*args, **kwargs):
        raise AssertionError("searched again")
    monkeypatch.setattr(Prover, "run", no_search)
    opened = ask(op="problem", step="open", game=proof["spec"], position=proof["position"], goal=proof["goal"])
    assert opened["ok"] and opened["keys"] == proof["keys"] and opened["line"] == proof["line"]
    for key in proof["keys"]:
        assert ask(op="problem", step="move", game=proof["spec"], position=proof["position"],
                   goal=proof["goal"], moves=[], move=key)["verdict"] != "wrong"


def test_a_composition_from_a_record_gives_its_position_text():
    started = ask(op="problem", step="start", game="barrier(size=5)", moves=["c3", "a1"], goal="win:1")
    assert started["ok"] and started["position"] == "pawn.1:a1;pawn.0:c3 w ply=2"
    while not ask(op="problem", step="step", slice=0.05)["progress"]["done"]:
        pass
    proof = ask(op="problem", step="stop")
    game = load_game("barrier(size=5)")
    assert proof["done"] and proof["keys"] == prover_ref.keys(game, game.replay(["c3", "a1"]), 1)
    assert proof["cooks"] == proof["keys"][1:] and proof["value"] == 1


def test_an_unknown_step_is_refused_naming_the_steps():
    answer = ask(op="problem", step="fly")
    assert not answer["ok"] and answer["code"] == "request.problem-step"
    assert "move" in answer["params"]["steps"]


def test_a_shipped_problem_is_answered_from_its_known_proof():
    """Its key and line come from the collection; only what the reader's moves reach is
    searched (a Connect6 win in 2 would take seconds to prove from the start)."""
    from tavoliere import solving
    entry = next(p for p in problems.collection("connect6") if p["n"] == 2)
    pid = problem_id(entry["spec"], entry["position"])
    solving._solving.clear()
    opened = ask(op="problem", step="open", game="connect6", id=pid)
    assert opened["ok"] and opened["keys"] == [entry["key"]] and opened["line"] == entry["line"]
    answer = ask(op="problem", step="move", game=entry["spec"], id=pid, position=entry["position"],
                 goal=entry["goal"], moves=[], move=entry["key"])
    assert answer["verdict"] == "correct" and answer["left"] == 1
    game, after = state_after({"game": entry["spec"], "position": entry["position"]}, [entry["key"]])
    replied = game.apply(after, game.parse_move(answer["reply"], after))
    assert game.outcome(replied) is None
    solving._solving.clear()   # the worker may have dropped it: the id finds it again
    line = entry["line"]
    last = ask(op="problem", step="move", game=entry["spec"], id=pid, position=entry["position"],
               goal=entry["goal"], moves=line[:2], move=line[2])
    assert last["verdict"] == "solved"


@pytest.mark.pyodide
def test_pyodide_answers_the_problem_op_as_cpython_does(site):
    """The page's Python (3.14 in Pyodide) gives the same verdicts, replies and proofs."""
    from conftest import run_in_pyodide
    requests = [
        {"op": "problem", "step": "list", "game": "barrier", "date": "2026-11-27"},
        {"op": "problem", "step": "open", **BARRIER},
        {"op": "problem", "step": "move", **BARRIER, "moves": [], "move": KEY},
        {"op": "problem", "step": "move", **BARRIER, "moves": [], "move": "c3-c2-c1-b1"},
        {"op": "problem", "step": "start", **COOKED, "moves": [], "id": "c"},
        {"op": "problem", "step": "step", "id": "c", "slice": 5},
        {"op": "problem", "step": "stop", "id": "c"},
    ]
    code = ("import json, tavoliere.bridge as b\n"
            f"requests = json.loads({json.dumps(json.dumps(requests))})\n"
            "print('RESULT ' + json.dumps([json.loads(b.handle(json.dumps(r))) for r in requests]))\n")
    line = next(l for l in run_in_pyodide(site, code).splitlines() if l.startswith("RESULT "))
    in_pyodide = json.loads(line[len("RESULT "):])
    here = [ask(**request) for request in requests]
    for answer in (in_pyodide[5], here[5]):   # node counts agree; the slice's timing aside
        assert answer["progress"]["done"]
    assert in_pyodide == here and all(answer["ok"] for answer in here)
