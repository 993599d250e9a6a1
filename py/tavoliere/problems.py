"""Problems, as the magazines print them: "White to play and win in 2".

A problem is a position (``Game.position_text``), a goal (``win:N``: the side to move wins
within N of its own moves; ``capture:N``: it captures within N, in games that count
captures) and its solution, proven by ``ai/prover.py``: the key (the one first move that
wins), the main line, and the refutation of each wrong try.

* ``check`` proves a goal from a position (or from the moves that lead to it);
* ``mine`` finds new problems in seeded games: positions where exactly one move wins within
  N and none wins sooner, each graded by difficulty;
* ``collection`` reads the problems shipped in ``data/problems/GAME.json``, and
  ``problem_of_the_day`` picks one of them from the date, the same for everyone.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

from .ai.prover import CaptureGoal, Prover, hooks_for
from .core import CHANCE, load_game
from .messages import Problem, excerpt

DATA = Path(__file__).resolve().parent / "data" / "problems"
MAX_N = 5                      # the longest goal the command line accepts



GOALS = ("win", "capture")      # the kinds of goal (see Goal)


@dataclass(frozen=True)
class Goal:
    """What the side to move must do within ``n`` of its own moves, whatever the defence:
    ``win`` the game, or ``capture`` at least one piece (games that count captures:
    ``Game.captures``, e.g. Go).  Written ``kind:N`` (``str(goal)``)."""

    kind: str
    n: int

    def __str__(self) -> str:
        return f"{self.kind}:{self.n}"

    def view(self, game, start):
        """The game as the prover sees it for this goal from ``start``: the game itself for a
        win, the game through ``CaptureGoal`` for a capture."""
        return game if self.kind == "win" else CaptureGoal(game, start)

    def prover(self, game, start) -> Prover:
        return Prover(self.view(game, start), start, self.n)


def counts_captures(game) -> bool:
    """Whether ``game`` counts captures (has the hook ``captures``), so offers capture:N."""
    return callable(getattr(game, "captures", None))


def goal_kinds(game) -> list[str]:
    """The goals a problem of ``game`` may have: those it declares (``problem_goals``: Go's
    games end only when both players pass, so no defence ever lets a win come), else a win,
    and a capture where the game counts captures."""
    declared = getattr(game, "problem_goals", None)
    if declared is not None:
        return [kind for kind in GOALS if kind in declared]
    return [kind for kind in GOALS if kind == "win" or counts_captures(game)]


def parse_goal(text: str, game=None) -> Goal:
    """The goal written ``win:N`` or ``capture:N``; a Problem for anything else, and for
    ``capture:N`` in a ``game`` that does not count captures."""
    match = (re.fullmatch(r"\s*([a-z]+)\s*:\s*(\d{1,3})\s*", text) if isinstance(text, str)
             else None)
    if not match or match.group(1) not in GOALS or not 1 <= int(match.group(2)) <= MAX_N:
        raise Problem("problem.goal", goal=excerpt(text), high=MAX_N)
    goal = Goal(match.group(1), int(match.group(2)))
    if game is not None and goal.kind not in goal_kinds(game):
        if goal.kind == "capture":
            raise Problem("problem.no-captures", game=game.title, goal=str(goal))
        raise Problem("problem.goal-kind", game=game.title, goal=str(goal),
                      goals=", ".join(f"{kind}:N" for kind in goal_kinds(game)))
    return goal


def problem_game(spec: str):
    """The game of ``spec``, if it can have problems (perfect information, no dice)."""
    game = load_game(spec)
    if game.has_chance() or game.seals_plies():
        raise Problem("problem.game", game=game.title)
    return game


def check(spec: str, position: str | None = None, moves=None, goal: str = "win:1",
          max_nodes: int | None = None) -> dict:
    """The proof of ``goal`` from ``position`` (a position text) or after ``moves`` (move
    names from the start): ``sound`` (exactly one key), ``keys``, ``line``, ``refutations``,
    ``value`` (the quickest win, or None) and ``nodes``."""
    game = problem_game(spec)
    goal = parse_goal(goal, game)
    if (position is None) == (moves is None):
        raise Problem("problem.no-position")
    state = game.read_position(position) if position is not None else game.replay(moves)
    result = goal.prover(game, state).run(max_nodes)
    if result is None:
        raise TimeoutError(f"the proof needs more than {max_nodes} nodes")
    return {"spec": game.spec, "position": game.position_text(state), "goal": str(goal),
            "kind": goal.kind, **result}


# -- grading ------------------------------------------------------------------------------
def tempting_tries(game, state, n: int, result: dict, max_nodes: int = 200_000) -> list[str]:
    """The wrong first moves a shallow look would play: those refuted by one defence only
    (every other reply loses within N), so that only the search to the end finds the
    answer.  A try that ends the game at once is no temptation.  Tries are looked at in
    move order until ``max_nodes`` are spent (on a big board, only the first ones)."""
    prover = Prover(game, state, n)
    prover.limit = max_nodes
    tempting = []
    for move in game.legal_moves(state):
        name = game.move_name(move)
        if name not in result["refutations"] or result["refutations"][name] is None:
            continue
        if prover.nodes > max_nodes:   # the budget is spent: the tries left are not looked at
            break
        after = game.apply(state, move)
        escapes = 0
        replies = game.legal_moves(after)
        prover.nodes += len(replies) // 10
        for reply in replies:
            position = game.apply(after, reply)
            outcome = game.outcome(position)
            if outcome is not None:
                escapes += outcome.winner != prover.attacker
            elif drain(prover.attack(position, n - 1)) > n - 1:
                escapes += 1
            if escapes > 1 or prover.nodes > max_nodes:
                break
        if escapes == 1 and prover.nodes <= max_nodes:
            tempting.append(name)
    return tempting


def drain(generator):
    """Run a prover's search generator to its end (no slices) and return its value."""
    try:
        while True:
            next(generator)
    except StopIteration as stop:
        return stop.value


def difficulty(n: int, tries: int) -> int:
    """A grade from 1 to 5: the moves to find, plus one for one tempting try, two for more."""
    return min(5, n + min(tries, 2))


# -- mining -------------------------------------------------------------------------------
def seeded_positions(game, rng: random.Random, max_plies: int = 400):
    """The positions of one seeded game where nobody misses a win in one: each side plays a
    move that wins at once when it has one, else a random move (random play alone leaves
    wins lying about, so its positions make poor problems)."""
    state = game.initial_state()
    plies = 0
    while game.outcome(state) is None and plies < max_plies:
        yield state
        moves = game.legal_moves(state)
        mover = game.to_move(state)
        quick_win = hooks_for(game)[1]
        winning = ([quick_win(game, state, mover)] if quick_win is not None else
                   [m for m in moves if _wins(game, game.apply(state, m), mover)])
        winning = [move for move in winning if move is not None]
        state = game.apply(state, winning[0] if winning else rng.choice(moves))
        plies += 1


def _wins(game, state, player: int) -> bool:
    outcome = game.outcome(state)
    return outcome is not None and outcome.winner == player


def mine(spec: str, count: int, seed: int = 0, max_n: int = 3, max_nodes: int = 100_000,
         games: int = 1000, log=None, last: int | None = None, kind: str = "win",
         records=None, per_game: int | None = None) -> list[dict]:
    """Up to ``count`` new problems of ``spec`` (see ``mined``); ``log`` is told each one."""
    found = []
    for problem in mined(spec, count, seed, max_n, max_nodes, games, last, kind, records,
                         per_game):
        found.append(problem)
        if log:
            log(f"{len(found)}/{count}: {kind} in {problem['n']}, difficulty "
                f"{problem['difficulty']}, {problem['position']}")
    return found


def mined(spec: str, count: int, seed: int = 0, max_n: int = 3, max_nodes: int = 100_000,
          games: int = 1000, last: int | None = None, kind: str = "win", records=None,
          per_game: int | None = None):
    """New problems of ``spec``, one at a time, up to ``count``, from seeded games (seeds
    ``seed``, ``seed + 1``, ...): positions where exactly one move wins within N and none
    sooner, for N from 1 to ``max_n``, each proven within ``max_nodes`` nodes.  At most a
    ``max_n``-th of them for each N, so that the easy wins in one do not crowd out the
    rest.  ``last``: look only at the last positions of each game, where its wins are (on
    a big board, where early positions cost much and hold nothing).  ``kind``: the goal's
    (``win`` or ``capture``); ``records``: games to look at instead of seeded ones (lists of
    move names, e.g. GNU Go's own games), numbered from ``seed``; ``per_game``: at most
    that many problems from one game (the positions a few plies apart often hold the same
    problem again)."""
    game = problem_game(spec)
    parse_goal(f"{kind}:1", game)
    seen = set()
    per_n = {n: 0 for n in range(1, max_n + 1)}
    for number in range(seed, seed + games):
        if records is not None:
            if number - seed >= len(records):
                return
            states = record_positions(game, records[number - seed])
        else:
            states = list(seeded_positions(game, random.Random(number)))
        first = 0 if last is None else max(0, len(states) - last)
        taken = 0
        for ply, state in enumerate(states[first:], first):
            if per_game is not None and taken >= per_game:
                break
            if sum(per_n.values()) >= count:
                return
            if game.to_move(state) == CHANCE or state in seen:
                continue
            seen.add(state)
            problem = problem_at(game, state, max_n, max_nodes, per_n, count, kind)
            if problem is not None:
                problem["source"] = (f"record {number}, ply {ply}" if records is not None
                                     else f"seed {number}, ply {ply}")
                per_n[problem["n"]] += 1
                taken += 1
                yield problem


def record_positions(game, names: list[str]) -> list:
    """The positions of a game record (move names), each as its position text reads back:
    what a problem starts from (a Go position read from text forgets the ko point and the
    history, 13.7, so the proof must start from that state, not the game's)."""
    state, out = game.initial_state(), []
    for name in names:
        if game.outcome(state) is not None:
            break
        out.append(game.read_position(game.position_text(state)))
        state = game.apply(state, game.parse_move(name, state))
    return out


def only_move(game, state) -> bool:
    """Whether the side to move has a single legal move: its key would be "unique" with
    nothing to find, so such a position is no problem."""
    return len(game.legal_moves(state)) < 2


def _single_move(problem: dict) -> bool:
    """Whether a listed problem's side to move has a single legal move (see ``only_move``)."""
    game = load_game(problem["spec"])
    return only_move(game, game.read_position(problem["position"]))


def problem_at(game, state, max_n: int, max_nodes: int, per_n: dict, count: int,
               kind: str = "win") -> dict | None:
    """The problem whose position is ``state``, if it has one: the least N with a win (or
    capture, for ``kind`` capture), and exactly one key for it, chosen among more than one
    legal move."""
    if only_move(game, state):
        return None
    for n in range(1, max_n + 1):
        goal = Goal(kind, n)
        result = goal.prover(game, state).run(max_nodes)
        if result is None:
            return None
        if result["keys"]:
            # a quota per N keeps the easy wins in one from filling the collection
            if len(result["keys"]) != 1 or result["value"] != n or per_n[n] >= -(-count // max_n):
                return None
            tries = tempting_tries(goal.view(game, state), state, n, result,
                                   min(max_nodes, 500_000))
            return {"spec": game.spec, "position": game.position_text(state),
                    "goal": str(goal), "n": n, "key": result["keys"][0],
                    "line": result["line"], "refutations": len(result["refutations"]),
                    "tempting": tries, "difficulty": difficulty(n, len(tries))}
    return None


# -- collections --------------------------------------------------------------------------
def collection(game_name: str) -> list[dict]:
    """The problems shipped for ``game_name`` (``data/problems/GAME.json``)."""
    path = DATA / f"{game_name}.json"
    if not re.fullmatch(r"[a-z0-9_]+", str(game_name)) or not path.exists():
        raise Problem("problem.unknown", game=excerpt(game_name))
    return json.loads(path.read_text(encoding="utf-8"))["problems"]


def collections() -> list[str]:
    """The games that ship problems."""
    return sorted(path.stem for path in DATA.glob("*.json"))


def problem_of_the_day(game_name: str, day: datetime.date | None = None) -> dict:
    """One problem of ``game_name`` for ``day`` (today by default, UTC): the same on every
    machine, since it depends only on the date, the game and the collection's size."""
    day = day or datetime.datetime.now(datetime.timezone.utc).date()
    problems = collection(game_name)
    digest = hashlib.sha256(f"{game_name}/{day.isoformat()}".encode()).digest()
    return problems[int.from_bytes(digest[:8], "big") % len(problems)]


def ship(game_name: str, found: list[dict], max_nodes: int | None = None,
         proven: bool = False) -> int:
    """Add the problems ``found`` (as ``mined`` gives them) to the shipped collection of
    ``game_name``, each proven again and graded with this code (``proven``: trust the proof
    and grade ``mined`` just made, so that a miner can ship each find at once), the same
    position never twice, never one where the side to move has a single legal move; drop
    such positions already listed; the collection's size."""
    path = DATA / f"{game_name}.json"
    listed = json.loads(path.read_text(encoding="utf-8"))["problems"] if path.exists() else []
    listed = [p for p in listed if not _single_move(p)]
    positions = {(p["spec"], p["position"]) for p in listed}
    for problem in found:
        if (problem["spec"], problem["position"]) in positions:
            continue
        game = problem_game(problem["spec"])
        if game.name != game_name:
            raise ValueError(f"{problem['spec']} is not a spec of {game_name}")
        state = game.read_position(problem["position"])
        goal = parse_goal(problem["goal"], game)
        n = goal.n
        if only_move(game, state):
            continue
        if proven:
            result = {"keys": [problem["key"]], "line": problem["line"]}
            tries = problem["tempting"]
        else:
            result = goal.prover(game, state).run(max_nodes)
            if result is None or len(result["keys"]) != 1 or result["value"] != n:
                continue
            tries = tempting_tries(goal.view(game, state), state, n, result)
        listed.append({"spec": game.spec, "position": problem["position"], "goal": str(goal),
                       "n": n, "key": result["keys"][0], "line": result["line"],
                       "tempting": tries, "difficulty": difficulty(n, len(tries)),
                       "source": problem.get("source", "")})
        positions.add((game.spec, problem["position"]))
    listed.sort(key=lambda p: (p["difficulty"], p["n"], p["spec"], p["position"]))
    DATA.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"game": game_name, "problems": listed}, ensure_ascii=False, indent=1)
    path.write_text(text + "\n", encoding="utf-8")
    return len(listed)


def measure(game_name: str, seconds: float = 10.0) -> dict:
    """CPU time to prove the shipped problems of ``game_name`` (the median for each N, in
    milliseconds), and the largest N (up to ``MAX_N``) proven within ``seconds`` from the
    position of its hardest problem (N = 1, 2, ... until one takes longer; a win found
    sooner does not stop the count)."""
    import statistics
    import time
    listed = collection(game_name)
    times: dict[int, list[float]] = {}
    for problem in listed:
        game = load_game(problem["spec"])
        state = game.read_position(problem["position"])
        start = time.process_time()
        parse_goal(problem["goal"]).prover(game, state).run()
        times.setdefault(problem["n"], []).append(time.process_time() - start)
    hardest = max(listed, key=lambda p: (p["n"], p["difficulty"]))
    game = load_game(hardest["spec"])
    state = game.read_position(hardest["position"])
    largest, n = 0, 1
    while n <= MAX_N:
        kind = parse_goal(hardest["goal"]).kind
        prover, start = Goal(kind, n).prover(game, state), time.process_time()
        while not prover.done and time.process_time() - start <= seconds:
            prover.work()
        if not prover.done:
            break
        largest, n = n, n + 1
    return {"game": game_name, "problems": len(listed),
            "median_ms": {n: round(1000 * statistics.median(t), 1)
                          for n, t in sorted(times.items())},
            "count": {n: len(t) for n, t in sorted(times.items())},
            "largest_n": largest, "position": hardest["position"], "spec": hardest["spec"]}
