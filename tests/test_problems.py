"""Positions as text (``Game.position_text`` / ``read_position``), the prover
(``ai/prover.py``, checked against the plain minimax of ``reference/prover_ref.py``), the
``problem`` command line, the mined collections and the problem of the day."""

from __future__ import annotations

import datetime
import json
import random

import pytest

from reference import prover_ref
from tavoliere import problems
from tavoliere.__main__ import main
from tavoliere.ai.prover import Prover, prove
from tavoliere.core import load_game
from tavoliere.messages import MESSAGES, Problem
from test_conformance import SPECS, random_game

# the games of perfect information: every one writes and reads its positions
PERFECT = ["barrier", "hekka", "havannah", "hexade", "cephalopod", "connect6", "damone", "layli",
           "plop"]
# the games whose collections' goal is capture:N (tests/test_problems_capture.py)
CAPTURE_GOALS = ["go"]
# the games that keep their result in the state read only open positions (Plop: a catch
# leaves one horse to show, and a golden apple may lie under a horse)
OPEN_ONLY = {"havannah", "hexade", "connect6", "plop"}
# specs whose positions are not written: a Plop match keeps its rounds' points
UNWRITTEN = {"plop(match=true,rounds=3)"}


# -- positions as text ----------------------------------------------------------------------
def positions(spec: str, seeds=range(3)):
    """(game, state) for every position of a few seeded random games of ``spec``, the last
    one excepted where the game reads only open positions."""
    game = load_game(spec)
    for seed in seeds:
        states, _ = random_game(game, seed)
        for state in states:
            if game.name not in OPEN_ONLY or game.outcome(state) is None:
                yield game, state


@pytest.mark.parametrize("spec", [spec for name in PERFECT for spec in SPECS[name]
                                  if spec not in UNWRITTEN])
def test_a_position_read_back_is_the_position_written(spec):
    rng = random.Random(spec)
    # Connect6's big boards: one game (each position is read back whole)
    for game, state in positions(spec, range(1 if spec.startswith("connect6") else 3)):
        text = game.position_text(state)
        back = game.read_position(text)
        assert back == state, text
        assert game.position_text(back) == text
        assert game.legal_moves(back) == game.legal_moves(state), text
        assert game.outcome(back) == game.outcome(state), text
        moves = game.legal_moves(state)
        if moves:   # what the state derives from the position (pending sixes, chains) too
            move = rng.choice(moves)
            after, after_back = game.apply(state, move), game.apply(back, move)
            assert after == after_back and game.outcome(after) == game.outcome(after_back), text


def test_a_set_up_position_and_its_text_are_the_same_state():
    barrier = load_game("barrier")
    state = barrier.read_position("pawn.0:a1;pawn.1:c2;block:b1,a2 w")
    assert state == barrier.position("a1", "c2", obstacles="b1 a2")
    assert barrier.outcome(state).reason == "no-moves"
    damone = load_game("damone")
    text = "double-crowned.0:h1;crowned.0:c4;stone.0:e4;double-crowned.1:a8;stone.1:d5 w"
    assert damone.read_position(text) == damone.position("Ih1 Dc4 Pe4", "Ia8 Pd5")
    connect6 = load_game("connect6(size=13)")
    assert connect6.read_position("stone.0:g7 b") == connect6.position("g7", "")


def test_the_counters_left_out_are_the_earliest_that_fit():
    barrier = load_game("barrier(size=6)")
    assert barrier.read_position("pawn.0:c3;pawn.1:e5 b").ply == 3
    assert barrier.read_position("pawn.0:c3 b").ply == 1
    havannah = load_game("havannah(size=5,swap=true)")
    # RULES 3.3: with the swap, Black's first move takes over White's stone: one Black stone
    # with White to move is ply 2
    assert havannah.read_position("stone.1:c3 w").ply == 2


def finished_text(spec: str) -> str:
    game = load_game(spec)
    states, _ = random_game(game, 0)
    assert game.outcome(states[-1]).winner is not None
    return game.position_text(states[-1])


FINISHED = finished_text("havannah(size=4)")
ERRORS = [
    ("position.malformed", "barrier", "pawn.0:c3"),
    ("position.malformed", "barrier", "pawn.0:c3 x"),
    ("position.malformed", "barrier", "bishop.0:c3 w"),
    ("position.malformed", "barrier", "pawn.0:c3;pawn.1:e5 w ply"),
    ("position.cell", "barrier(size=5)", "pawn.0:f6 w"),
    ("position.twice", "barrier", "pawn.0:c3;block:c3 w"),
    ("position.piece", "barrier", "stone.0:c3;pawn.1:e5 w"),
    # RULES 9.1: "Play uses only the dark squares"; a1 is light
    ("position.piece", "damone", "stone.0:a1 w"),
    ("position.counter", "barrier", "pawn.0:c3;pawn.1:e5 w moves=3"),
    ("position.counter-value", "barrier", "pawn.0:c3;pawn.1:e5 w ply=x"),
    # RULES 1.2: the pawns are placed on plies 1 and 2, so no obstacle stands before that
    ("position.count", "barrier", "block:a1 w ply=0"),
    # RULES 10.1: "48 seeds"
    ("position.count", "layli", "counter=4:a,b,c,d,e,f,A,B,C,D,E w"),
    # RULES 1.2: the movement alternates, so after ply 3 Black moves
    ("position.mover", "barrier", "pawn.0:c3;pawn.1:e5 w ply=3"),
    # RULES 3.2: "the mover wins immediately" with a ring, a bridge or a fork: nothing to solve
    ("position.over", "havannah(size=4)", FINISHED),
    ("position.unsupported", "footsteps", "- w"),
]


@pytest.mark.parametrize("code, spec, text", ERRORS)
def test_a_wrong_position_is_refused_with_a_message_in_both_languages(code, spec, text):
    with pytest.raises(Problem) as raised:
        load_game(spec).read_position(text)
    assert raised.value.code == code, str(raised.value)
    assert raised.value.text("it") and str(raised.value)


GOAL_ERRORS = [
    ("problem.goal", lambda: problems.parse_goal("win:0")),
    ("problem.goal", lambda: problems.parse_goal("draw:2")),
    ("problem.goal", lambda: problems.parse_goal(f"win:{problems.MAX_N + 1}")),
    ("problem.no-position", lambda: problems.check("barrier", goal="win:1")),
    ("problem.game", lambda: problems.check("dadi", moves=[], goal="win:1")),
    ("problem.unknown", lambda: problems.collection("footsteps")),
    ("problem.no-captures", lambda: problems.check("barrier", moves=[], goal="capture:1")),
    ("problem.goal-kind", lambda: problems.check("go(size=9)", moves=["e5"], goal="win:1")),
]


@pytest.mark.parametrize("code, call", GOAL_ERRORS)
def test_a_wrong_goal_or_game_is_refused(code, call):
    with pytest.raises(Problem) as raised:
        call()
    assert raised.value.code == code


def test_every_position_and_problem_message_is_shown_here():
    shown = {code for code, *_ in ERRORS} | {code for code, _ in GOAL_ERRORS}
    assert shown == {code for code in MESSAGES if code.startswith(("position.", "problem."))}


# -- the prover against the reference --------------------------------------------------------
# (spec, N, seeds, positions from the end of each game): small boards, so that the plain
# minimax of the reference finishes
AGAINST_REFERENCE = [
    ("barrier(size=5)", 3, 3, 8), ("barrier(size=6,first_player=black)", 2, 2, 8),
    ("hekka", 2, 2, 8),
    ("havannah(size=4)", 2, 2, 8), ("havannah(size=4,ring_needs_empty=true)", 2, 1, 8),
    ("hexade(size=4)", 2, 2, 12), ("cephalopod(size=3x5)", 3, 3, 10),
    ("damone", 2, 2, 12), ("layli", 3, 2, 12), ("layli(match=true,max_rounds=2)", 2, 1, 12),
]
# deeper and larger: minutes of the reference's time
AGAINST_REFERENCE_SLOW = [
    ("havannah(size=4)", 3, 3, 6), ("havannah(size=5,swap=true)", 2, 3, 10),
    ("hexade(size=4)", 3, 2, 10), ("hekka", 3, 2, 10), ("damone", 3, 2, 16),
    ("barrier(size=6)", 3, 4, 12), ("plop", 1, 3, 6),
]


def check_against_reference(game, state, n):
    result = prove(game, state, n)
    attacker = game.to_move(state)
    assert result["keys"] == prover_ref.keys(game, state, n), game.position_text(state)
    assert result["sound"] == (len(result["keys"]) == 1)
    if not result["keys"]:
        assert result["value"] is None and result["line"] == []
        return result
    # the quickest win: no key within one move fewer
    value = result["value"]
    assert value == 1 or not prover_ref.keys(game, state, value - 1)
    # the main line is legal, ends in the attacker's win with its value-th move (or the
    # reply to it)
    line_state = game.replay(result["line"], state)
    assert game.outcome(line_state).winner == attacker
    assert len(result["line"]) in (2 * value - 1, 2 * value)
    # each refutation escapes: the attacker cannot win within N - 1 after it
    for try_name, reply in result["refutations"].items():
        after = game.replay([try_name], state)
        if reply is None:
            assert game.outcome(after) is not None
        else:
            assert escapes_within(game, game.replay([reply], after), n - 1, attacker)
    return result


@pytest.mark.parametrize("spec, n, seeds, last", AGAINST_REFERENCE + [
    pytest.param(*case, marks=pytest.mark.slow) for case in AGAINST_REFERENCE_SLOW])
def test_the_prover_finds_every_key_and_no_false_one(spec, n, seeds, last):
    game = load_game(spec)
    with_keys = without = 0
    for seed in range(seeds):
        # games where a win in one is never missed: their last positions hold no key too
        states = list(problems.seeded_positions(game, random.Random(seed)))
        for state in states[-last:]:
            if game.outcome(state) is None:
                for goal in range(1, n + 1):
                    result = check_against_reference(game, state, goal)
                    with_keys += bool(result["keys"])
                    without += not result["keys"]
    assert with_keys and without   # both kinds of answer were checked


def crowded_connect6(game, rng, empty: int):
    """A Connect6 position with ``empty`` empty cells and no six: random pairs that make
    no six, the game restarted when none is found."""
    while True:
        state = game.initial_state()
        while state.board.count(0) > empty:
            moves = game.legal_moves(state)
            for _ in range(60):
                after = game.apply(state, rng.choice(moves))
                if game.outcome(after) is None:
                    state = after
                    break
            else:
                break
        else:
            return state


def test_the_prover_finds_every_connect6_key_on_a_crowded_board():
    game = load_game("connect6(size=13)")
    rng = random.Random(6)
    found = set()
    for _ in range(4):
        state = crowded_connect6(game, rng, 9)
        for n in (1, 2):
            result = check_against_reference(game, state, n)
            found.add(bool(result["keys"]))
            hookless = prove(game, state, n, hooks=False)
            assert (hookless["keys"], hookless["value"]) == (result["keys"], result["value"])


def test_the_hooks_do_not_change_havannah_answers():
    game = load_game("havannah(size=5)")
    for seed in range(3):
        states, _ = random_game(game, seed)
        for state in states[-10:-1]:
            for n in (1, 2):
                with_hooks, without = prove(game, state, n), prove(game, state, n, hooks=False)
                assert with_hooks["keys"] == without["keys"]
                assert with_hooks["value"] == without["value"]


def test_the_prover_works_in_slices_and_reports_progress():
    game = load_game("barrier(size=6)")
    state = game.read_position("block:a3,a4,a5;pawn.0:b3;pawn.1:d5 b ply=3")
    whole = prove(game, state, 3)
    prover = Prover(game, state, 3)
    prover.CHUNK = 10
    seen = []
    while not prover.done:
        prover.work()
        seen.append((prover.progress["settled"], prover.progress["nodes"]))
    assert len(seen) > 10 and seen == sorted(seen)
    assert seen[-1][0] == prover.progress["moves"] == len(game.legal_moves(state))
    assert prover.result == whole


def test_a_finished_position_has_no_key():
    game = load_game("barrier")
    state = game.read_position("pawn.0:a1;pawn.1:c2;block:b1,a2 w")
    assert prove(game, state, 2)["keys"] == []
    with pytest.raises(ValueError):
        Prover(game, state, 0)


# -- the command line -------------------------------------------------------------------------
PROBLEM = ("barrier(size=6)", "block:a3,a4,a5;pawn.0:b3;pawn.1:d5 b ply=3")


def test_problem_check_prints_the_proof_as_json(capsys):
    spec, position = PROBLEM
    assert main(["problem", "check", spec, "--position", position, "--goal", "win:3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"sound", "keys", "line", "refutations"}
    assert out["sound"] and out["keys"] == ["d5-c5-c4-c3"] and out["line"][0] == "d5-c5-c4-c3"
    game = load_game(spec)
    state = game.read_position(position)
    assert out["keys"] == prover_ref.keys(game, state, 3)
    assert len(out["refutations"]) == len(game.legal_moves(state)) - 1


def test_problem_check_takes_the_moves_that_lead_to_the_position(capsys):
    assert main(["problem", "check", "barrier(size=5)", "--moves", "c3,a1", "--goal",
                 "win:1"]) == 0
    out = json.loads(capsys.readouterr().out)
    game = load_game("barrier(size=5)")
    assert out["keys"] == prover_ref.keys(game, game.replay(["c3", "a1"]), 1)
    assert out["sound"] == (len(out["keys"]) == 1)


@pytest.mark.parametrize("args, words", [
    (["--position", PROBLEM[1], "--goal", "win:x"], "is not a goal"),
    (["--position", PROBLEM[1], "--goal", "win:9"], "is not a goal"),
    (["--position", "pawn.0:z9 w", "--goal", "win:1"], "is not a cell"),
    (["--moves", "a1,a1", "--goal", "win:1"], "ply 2"),
])
def test_problem_check_says_what_is_wrong(capsys, args, words):
    assert main(["problem", "check", PROBLEM[0], *args]) == 2
    assert words in capsys.readouterr().err


def test_problem_mine_finds_problems_the_prover_confirms(capsys):
    assert main(["problem", "mine", "barrier(size=5)", "--count", "4", "--max-n", "2"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert len(found) == 4 and {p["n"] for p in found} == {1, 2}
    for problem in found:
        check_mined(problem)


def check_mined(problem):
    """A mined problem is sound: one key within N, no win sooner, its grade follows."""
    game = load_game(problem["spec"])
    state = game.read_position(problem["position"])
    goal = problems.parse_goal(problem["goal"], game)
    n = goal.n
    result = goal.prover(game, state).run()
    assert result["keys"] == [problem["key"]] and result["value"] == n == problem["n"]
    assert result["line"] == problem["line"]
    assert problem["difficulty"] == problems.difficulty(n, len(problem["tempting"]))
    assert set(problem["tempting"]) <= set(result["refutations"])


def escapes_within(game, position, n, attacker) -> bool:
    """Whether the defender's reply that led to ``position`` stops a win within ``n``."""
    outcome = game.outcome(position)
    if outcome is not None:
        return outcome.winner != attacker
    return n == 0 or not prover_ref.wins_within(game, position, n, attacker)


def test_a_tempting_try_is_refuted_by_one_reply_only():
    game = load_game("barrier(size=5)")
    checked = 0
    for problem in problems.mine("barrier(size=5)", 8, max_n=2):
        state = game.read_position(problem["position"])
        attacker, n = game.to_move(state), problem["n"]
        for move in game.legal_moves(state):
            name = game.move_name(move)
            if name == problem["key"]:
                continue
            after = game.apply(state, move)
            if game.outcome(after) is not None:
                continue
            escapes = sum(1 for reply in game.legal_moves(after)
                          if escapes_within(game, game.apply(after, reply), n - 1, attacker))
            assert (escapes == 1) == (name in problem["tempting"]), (problem, name)
            checked += 1
    assert checked


# -- collections and the problem of the day -------------------------------------------------
def shipped():
    return [(name, problem) for name in problems.collections()
            for problem in problems.collection(name)]


def test_every_game_of_perfect_information_ships_problems():
    assert set(problems.collections()) == set(PERFECT) | set(CAPTURE_GOALS)
    for name in PERFECT:
        listed = problems.collection(name)
        assert listed and all(load_game(p["spec"]).name == name for p in listed)
        assert len({p["position"] for p in listed}) == len(listed)


def test_a_sample_of_the_shipped_problems_is_proven_again():
    for name in problems.collections():
        listed = sorted(problems.collection(name), key=lambda p: p["n"])
        # Connect6's wins in 2 take seconds each (thousands of pairs): -m slow proves them
        for problem in (listed[:1] if name == "connect6" else listed[:2]):
            check_mined(problem)


@pytest.mark.slow
def test_every_shipped_problem_is_proven_again():
    for _, problem in shipped():
        check_mined(problem)


def test_the_problem_of_the_day_depends_only_on_the_date():
    day = datetime.date(2026, 11, 27)
    for name in problems.collections():
        chosen = problems.problem_of_the_day(name, day)
        assert chosen == problems.problem_of_the_day(name, day)
        assert chosen in problems.collection(name)
        month = [problems.problem_of_the_day(name, day + datetime.timedelta(days=d))
                 for d in range(30)]
        if len(problems.collection(name)) > 1:
            assert len({p["position"] for p in month}) > 1
    assert problems.problem_of_the_day("barrier")   # today's, whatever the date


@pytest.mark.slow
def test_problem_measure_reports_medians_and_the_largest_n(capsys):
    assert main(["problem", "measure", "barrier", "--seconds", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "barrier" and out["problems"] == len(problems.collection("barrier"))
    assert set(out["median_ms"]) <= {"1", "2", "3"} and out["largest_n"] >= 1


def test_mining_may_look_at_the_last_positions_of_each_game_only():
    game = load_game("barrier(size=5)")
    found = problems.mine("barrier(size=5)", 3, max_n=2, last=3)
    assert found
    for problem in found:
        check_mined(problem)
        seed, ply = (int(word.strip(",")) for word in problem["source"].split()[1::2])
        assert ply >= len(list(problems.seeded_positions(game, random.Random(seed)))) - 3
