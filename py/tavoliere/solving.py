"""A reader solving a problem, move by move (the page's side of ``problems.py``).

The page opens a problem (a shipped one by its id, the problem of the day, or any position
with a goal), then sends each move the reader makes.  ``Solving`` keeps the proof of the
problem (``ai/prover.py``): its tables already hold the value of every position the main
line and the tries pass through, so answering a move costs little more than a look-up.

A reader's move, with k of the attacker's moves left:

* it wins at once: the problem is **solved**;
* it keeps a win within k - 1 more moves: it is **correct**, and the defender answers with
  the *longest defence* (the reply after which the quickest win is slowest, the first such
  in move order, as in the main line); the problem is solved when that reply ends the game
  in the attacker's favour (a Hexade six outlasting it);
* otherwise it is **wrong**: the defender answers with the *refutation* (a reply after which
  the attacker no longer wins within k - 1), and ``reason`` says why the try fails:
  ``ends`` (the try itself ends the game, without winning), ``loses`` (the refutation wins
  for the defender), ``slow`` (no move was left: the key had to win at once) or
  ``escapes`` (after the refutation no win within the moves left).
"""

from __future__ import annotations

import datetime
import hashlib
import random

from .core import IllegalMove, InvalidMove, read_piece
from .messages import Problem, excerpt
from .problems import (collection, drain, goal_kinds, parse_goal, problem_game,
                       problem_of_the_day)

MAX_NODES = 3_000_000   # a problem whose proof needs more is refused, not searched for minutes
KEPT = 4                # proofs kept (the boards of one page share the worker)


def problem_id(spec: str, position: str) -> str:
    """A shipped problem's short name, stable when the collection grows: 8 hex digits of a
    SHA-256 of its spec and position."""
    return hashlib.sha256(f"{spec} {position}".encode()).hexdigest()[:8]


def listing(name: str, day: datetime.date | None = None) -> dict:
    """The problems shipped for the game ``name``: their ids, specs, positions, goals and
    grades, in the collection's order (by difficulty), and the id of the problem of ``day``."""
    problems = collection(name)
    today = problem_of_the_day(name, day)
    return {"game": name, "today": problem_id(today["spec"], today["position"]),
            "problems": [{"id": problem_id(p["spec"], p["position"]), "spec": p["spec"],
                          "position": p["position"], "goal": p["goal"], "n": p["n"],
                          "difficulty": p["difficulty"]} for p in problems]}


def shipped(name: str, wanted: str) -> dict:
    """The shipped problem of the game ``name`` whose id is ``wanted``."""
    for problem in collection(name):
        if problem_id(problem["spec"], problem["position"]) == wanted:
            return problem
    raise Problem("solving.no-id", game=excerpt(name), id=excerpt(wanted))


class Solving:
    """One problem being solved: its game, start, goal and proof.  A shipped problem
    (``known``: its entry in the collection) was proven when it was shipped: its key and
    line are read from there, and only the positions the reader's moves reach are searched
    (a Connect6 win in 2 takes seconds to prove from the start, most of them refuting the
    thousands of wrong first pairs nobody plays)."""

    def __init__(self, spec: str, position: str, goal: str, known: dict | None = None):
        self.rules = rules = problem_game(spec)
        self.goal = parse_goal(goal, rules)
        self.n = self.goal.n
        self.start = rules.read_position(position)
        # the game as the goal sees it: for capture:N the attacker "wins" by a capture
        self.game = self.goal.view(rules, self.start)
        self.position = self.game.position_text(self.start)
        self.attacker = self.game.to_move(self.start)
        self.prover = self.goal.prover(rules, self.start)
        if known is not None:   # shipped, or proven a slice at a time (``keep_proof``)
            keys = known["keys"] if "keys" in known else [known["key"]]
            self.result = {"keys": list(keys), "line": list(known["line"])}
            if not keys:
                raise Problem("solving.unsound", goal=str(self.goal))
            return
        self.result = self.prover.run(MAX_NODES)
        if self.result is None:
            raise Problem("solving.too-hard", nodes=MAX_NODES)
        if not self.result["keys"]:
            raise Problem("solving.unsound", goal=str(self.goal))

    def summary(self) -> dict:
        """What the page shows before the first move: the stipulation's parts and the
        solution (kept back by the page until the reader asks for it)."""
        return {"spec": self.game.spec, "position": self.position, "goal": str(self.goal),
                "kind": self.goal.kind, "n": self.n, "attacker": self.attacker,
                "keys": self.result["keys"], "line": self.result["line"]}

    def replay(self, names: list[str]):
        """The state after the moves played so far, and how many attacker's moves are left."""
        state, left = self.start, self.n
        for ply, text in enumerate(names, 1):
            if self.game.outcome(state) is not None:
                raise Problem("solving.over")
            mover = self.game.to_move(state)
            try:
                move = self.game.parse_move(text, state)
            except (InvalidMove, IllegalMove) as error:
                raise error.wrapped("at-move", ply=ply, entry=excerpt(text, 16, quoted=False))
            state = self.game.apply(state, move)
            left -= mover == self.attacker
        return state, left

    def answer(self, names: list[str], text: str) -> dict:
        """The verdict on the reader's move ``text`` after ``names`` (see the module's words)."""
        game = self.game
        state, left = self.replay(names)
        if game.outcome(state) is not None or left < 1:
            raise Problem("solving.over")
        if game.to_move(state) != self.attacker:
            raise Problem("solving.not-yours")
        move = game.parse_move(text, state)
        name, after = game.move_name(move), game.apply(state, move)
        outcome = game.outcome(after)
        if outcome is not None:
            if outcome.winner == self.attacker:
                return {"verdict": "solved", "move": name, "reply": None, "left": left - 1}
            return {"verdict": "wrong", "move": name, "reply": None, "reason": "ends",
                    "left": left - 1}
        value = drain(self.prover.defend(after, left - 1))
        if value <= left - 1:
            reply = self.longest_defence(after, value)
            replied = game.outcome(game.apply(after, reply))
            solved = replied is not None and replied.winner == self.attacker
            return {"verdict": "solved" if solved else "correct", "move": name,
                    "reply": game.move_name(reply), "left": left - 1}
        reply = drain(self.prover.refutation(after, left - 1))
        refuted = game.outcome(game.apply(after, reply))
        reason = ("loses" if refuted is not None and refuted.winner not in (None, self.attacker)
                  else "slow" if left == 1 else "escapes")
        return {"verdict": "wrong", "move": name, "reply": game.move_name(reply),
                "reason": reason, "left": left - 1}

    def longest_defence(self, state, value: int):
        """The first defence (in move order) after which the quickest win takes ``value``
        more moves: the reply that resists longest."""
        for move in self.game.legal_moves(state):
            if drain(self.prover.attack(self.game.apply(state, move), value)) == value:
                return move
        raise AssertionError("a proven value has a defence that keeps it")


_solving: dict[tuple, Solving] = {}


def solving(spec: str, position: str, goal: str, known: dict | None = None) -> Solving:
    """The problem's ``Solving``, proven once and kept while its page needs it; ``known``:
    its entry in a shipped collection, when it is one."""
    key = (spec, position, goal)
    if key not in _solving:
        made = Solving(spec, position, goal, known)
        while len(_solving) >= KEPT:
            del _solving[next(iter(_solving))]
        _solving[key] = made
    return _solving[key]


def keep_proof(spec: str, position: str, goal: str, result: dict) -> None:
    """Keep a proof made a slice at a time (the bridge's start, step and stop, with progress
    for the reader) for the problem then opened with the same spec, position and goal, so
    that opening it searches nothing again.  An unsound one is not kept: opening it says so
    after its own search, bounded."""
    if result["keys"]:
        _solving.pop((spec, position, goal), None)
        try:
            solving(spec, position, goal, {"keys": result["keys"], "line": result["line"]})
        except Problem:
            pass   # a position its game cannot read back: never opened as a problem anyway


# -- composing: a position set up by hand -------------------------------------------------
PALETTE_GAMES = 3     # seeded random games looked at for the tokens a game's pieces take
PALETTE_PLIES = 80    # plies of each (the pieces of an endgame: a crowned piece, a die's 6)
_palettes: dict[str, list[str]] = {}


def palette(game) -> list[str]:
    """The piece tokens an editor offers for ``game``, in the order first met: those of the
    start position, of a few seeded random games and of the shipped problems' positions
    (so that pieces rare in random play, such as a Damone damone, are there too).  Kept
    for each spec: random games of a big board take a moment."""
    if game.spec in _palettes:
        return _palettes[game.spec]
    tokens: dict[str, None] = {}
    def meet(state):
        tokens.update(dict.fromkeys(game.pieces(state).values()))
    meet(game.initial_state())
    for seed in range(PALETTE_GAMES):
        rng, state = random.Random(seed), game.initial_state()
        for _ in range(PALETTE_PLIES):
            if game.outcome(state) is not None:
                break
            moves = game.legal_moves(state)
            state = game.apply(state, rng.choice(moves))
            meet(state)
    try:
        shipped_problems = collection(game.name)
    except Problem:
        shipped_problems = []
    for problem in shipped_problems:
        if problem["spec"] != game.spec:   # another board: its cells are not this one's
            continue
        pieces, _, _ = game.parse_position(problem["position"])
        tokens.update(dict.fromkeys(pieces.values()))
    _palettes[game.spec] = sorted(tokens, key=_token_order(list(tokens)))
    return _palettes[game.spec]


def _token_order(met: list[str]):
    """Tokens grouped by shape (in the order shapes were first met), then by owner, then by
    label (numbers as numbers: a die's faces 1 to 6 in turn)."""
    shapes: dict[str, int] = {}
    for token in met:
        shapes.setdefault(read_piece(token)[0], len(shapes))
    def key(token):
        shape, owner, label = read_piece(token)
        number = int(label) if label and label.isdigit() else -1
        return shapes[shape], -1 if owner is None else owner, number, label or ""
    return key


def edited(spec: str, position: str | None = None, moves: list[str] | None = None) -> dict:
    """A position set up in the editor, read by the game's rules (``Game.read_position``:
    a Problem naming what they cannot reach), or the position the record ``moves`` reach
    (the game on the table): the position written again (with the counters the rules
    filled in), the side to move, the pieces, and the ``palette`` of tokens to place."""
    game = problem_game(spec)
    if position is not None:
        state = game.read_position(position)
    else:
        state = game.replay(moves or [])
    outcome = game.outcome(state)
    return {"spec": game.spec, "position": game.position_text(state),
            "to_move": None if outcome is not None else game.to_move(state),
            "over": outcome is not None, "pieces": game.pieces(state),
            "palette": palette(game), "goals": goal_kinds(game)}
