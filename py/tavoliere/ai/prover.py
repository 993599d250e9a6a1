"""The problem prover: does the side to move win within N of its own moves?

Written once over the game protocol (``legal_moves``, ``apply``, ``outcome``, ``to_move``),
so it serves every game with perfect information.  It answers exactly, by an AND/OR search:
at the attacker's turn *some* move must win, at the defender's turn *every* defence must
lose.  What it returns (``Prover.result``):

* ``keys``: every first move that wins within N (a sound problem has exactly one);
* ``line``: the main line, a key then, move after move, the attacker's quickest win against
  the defender's longest resistance, to the end of the game;
* ``refutations``: for each wrong first move (a *try*), the defence that refutes it (None
  when the try ends the game at once without winning);

A win "within N" may come on the defender's reply to the attacker's N-th move: a Hexade six
wins when it outlasts the reply, so making one that cannot be broken is a win in one.
* ``value``: the fewest attacker moves that force the win (None when N do not suffice).

**Values.**  ``value(state)`` is the smallest k such that the attacker forces a win with k
more of its own moves, or ``INF`` when it cannot within the budget searched.  At the
attacker's turn it is 1 + the least value after a move (0 after a winning move); at the
defender's turn the greatest value after a defence.  A budget ``n`` bounds every search: an
attacker's move is searched only for a win quicker than the best one found so far, and a
defence that escapes the budget ends the defender's search at once.  The table keeps, for
each state, its exact value once known, or the largest budget within which it is known to
fail, so a state met again by another order of moves is not searched twice.

**Hooks** (sound pruning a game may supply, ``HOOKS`` by game name), both optional:
``defences(game, state, attacker, n)``, when the attacker has ``n`` (0 or 1) moves left,
answers ``("escape", move)`` (a defence after which the attacker cannot win) or
``("search", moves)`` (the defences worth searching: every one left out loses at once);
``win(game, state, player)`` is a move of ``player`` that wins at once, or None when no
move of ``player`` wins within that one move (not even on the reply).  Havannah and
Connect6 have them: only the mover's stones can make a structure, and stones never move
nor leave the board, so a defence that takes no cell of a threatened win leaves that win
to be played.  A game object may also carry its own ``hooks`` pair: ``CaptureGoal`` does.

**Goals.**  The prover proves wins.  The goal ``capture:N`` (the side to move captures within
N, in games with ``captures(state)``, e.g. Go) is proven by the same search on
``CaptureGoal(game, start)``, whose ``outcome`` counts a capture by the attacker as its win;
its hooks ask the game's ``capture_move`` (a capture in one, found directly) and
``capture_defences`` (the defences worth trying against one).

**Slices.**  The search is a generator that pauses every ``CHUNK`` nodes; ``work()`` runs one
slice and keeps ``progress`` (first moves settled, nodes searched) up to date, like the
engines of ``engine.py``, so that the page's worker can run it between messages.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..core import Outcome

INF = 1 << 20     # "no win within the budget"


def _passed(state):
    """The same position with the other side to move (a state with a ``ply`` field)."""
    return replace(state, ply=state.ply + 1)


def havannah_defences(game, state, attacker: int, n: int):
    """Havannah, the attacker with ``n`` (0 or 1) moves left: only the mover's stones can
    make a structure, so with none left any defence escapes; with one, stones never move
    nor leave the board, so a defence that neither ends the game nor takes the cell of
    every win the attacker already threatens leaves one of those wins for its next move,
    and with no threat at all any defence escapes."""
    if n == 0:
        return "escape", (state.board.index(0),)
    threatened = _passed(state)
    wins = {move[0] for move in game.legal_moves(threatened)
            if _winner(game, game.apply(threatened, move)) == attacker}
    moves = game.legal_moves(state)
    if not wins:
        return "escape", moves[0]
    return "search", [move for move in moves if move[0] in wins and len(wins) == 1
                      or game.outcome(game.apply(state, move)) is not None]


@lru_cache(maxsize=None)
def _windows(side: int) -> tuple[tuple[int, ...], ...]:
    """Every line of six cells of a Connect6 board."""
    from ..grid.square import square_grid
    grid, out = square_grid(side), []
    for cell in range(grid.size):
        for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            window, at = [cell], cell
            while len(window) < 6 and (at := grid.step(at, df, dr)) is not None:
                window.append(at)
            if len(window) == 6:
                out.append(tuple(window))
    return tuple(out)


def _threats(game, board, player: int) -> list[frozenset]:
    """The empty cells of each line of six where ``player`` has four stones or more and the
    other none: the cells one move must fill to make a six there."""
    own, other = player + 1, 2 - player
    out = []
    for window in _windows(game.side):
        values = [board[cell] for cell in window]
        if other not in values and values.count(own) >= 4:
            out.append(frozenset(cell for cell in window if board[cell] == 0))
    return out


def connect6_win(game, state, player: int):
    """A move of ``player`` that makes a six now (a pair of stones; after the first move),
    or None: exactly when a line of six holds four of its stones and none of the other's."""
    threats = _threats(game, state.board, player)
    if not threats:
        return None
    cells = sorted(threats[0], key=game.geo.rank.__getitem__)
    if len(cells) == 1:
        other = next(c for c in game.geo.column_order if state.board[c] == 0 and c != cells[0])
        cells = sorted((cells[0], other), key=game.geo.rank.__getitem__)
    return tuple(cells)


def connect6_defences(game, state, attacker: int, n: int):
    """Connect6, the attacker with ``n`` (0 or 1) moves left: only the mover can make a six,
    so with none left any defence escapes (the first pair); with one, the defender escapes
    with a six of its own, or when the attacker threatens nothing; otherwise only a pair of
    stones that takes a cell of every threatened line can stop it (stones stay put, so any
    other pair leaves a line to finish)."""
    if n == 0:
        first = [cell for cell in game.geo.column_order if state.board[cell] == 0][:2]
        return "escape", tuple(first)
    defender = 1 - attacker
    own_win = connect6_win(game, state, defender)
    if own_win is not None:
        return "escape", own_win
    threats = _threats(game, state.board, attacker)
    if not threats:
        return "escape", game.legal_moves(state)[0]
    # every stopping pair holds a cell of the first threat: pair those cells with every
    # empty cell (not every pair of the board), then keep the pairs that meet every threat
    empty = [cell for cell in game.geo.column_order if state.board[cell] == 0]
    pairs = {game.geo.ascending(cell, other) for cell in threats[0] for other in empty
             if other != cell}
    return "search", sorted((pair for pair in pairs
                             if all(cells.intersection(pair) for cells in threats)),
                            key=lambda pair: (game.geo.rank[pair[0]], game.geo.rank[pair[1]]))


def plop_defences(game, state, attacker: int, n: int):
    """Pferdeäppel: the game's own ``defences`` (an extra apple off the attacker's landing
    squares only helps the attacker)."""
    return game.defences(state, attacker, n)


def plop_win(game, state, player: int):
    """Pferdeäppel: the game's own ``winning_move`` (a catch, no safe square left, a golden
    apple, the brown horse blocked or left to drop a golden apple)."""
    return game.winning_move(state, player)


def plop_hooks(game):
    """Pferdeäppel's hooks serve the classic single game only."""
    if game.trail or game.is_match:
        return None, None
    return plop_defences, plop_win


# game name -> (the defences at the attacker's last move, a move that wins at once or None),
# or a function of the game giving them (when only some of its specs have hooks)
HOOKS = {"havannah": (havannah_defences, None),
         "connect6": (connect6_defences, connect6_win),
         "plop": plop_hooks}


def hooks_for(game):
    """The prover's hooks for ``game``: (defences, win), each None where it has none."""
    found = HOOKS.get(game.name, (None, None))
    return found(game) if callable(found) else found


# -- the goal capture:N ---------------------------------------------------------------------
class CaptureGoal:
    """A game that counts captures (``captures(state)``: the stones each player has taken so
    far, None once no capture can come) seen through the goal "the side to move captures
    within N of its own moves": the same game, but the attacker *wins* as soon as its count
    passes the start's, and every other end (the game's own, or no capture possible any
    more) is no win for it.  So ``Prover`` proves a capture as it proves a win, unchanged.
    Everything but ``outcome`` and the hooks is the game's own."""

    def __init__(self, game, start):
        self.game = game
        self.attacker = game.to_move(start)
        self.before = game.captures(start)[self.attacker]
        self.hooks = (capture_defences, capture_win)

    def __getattr__(self, name):
        return getattr(self.game, name)

    def legal_moves(self, state):
        """The game's moves; the defender's in the game's ``defence_order`` when it has one
        (the most natural defence first: the main line shows the first of the longest)."""
        moves = self.game.legal_moves(state)
        order = getattr(self.game, "defence_order", None)
        if order is None or self.game.to_move(state) == self.attacker:
            return moves
        return order(state, moves)

    def outcome(self, state):
        counts = self.game.captures(state)
        if counts is not None and counts[self.attacker] > self.before:
            return Outcome(self.attacker, "capture")
        outcome = self.game.outcome(state)
        if counts is None or outcome is not None:
            return Outcome(None, outcome.reason if outcome is not None else "no-capture")
        return None


def capture_win(goal, state, player: int):
    """A move of ``player`` that captures at once (the game's ``capture_move``), or None
    when none does (a defence never adds to the attacker's captures)."""
    capture_move = getattr(goal.game, "capture_move", None)
    if capture_move is None:     # no quick answer: look at every move
        return next((move for move in goal.legal_moves(state)
                     if _winner(goal, goal.apply(state, move)) == player), None)
    return capture_move(state)


def capture_defences(goal, state, attacker: int, n: int):
    """The capture goal, the attacker with ``n`` (0 or 1) moves left: with none left any
    defence escapes (only the attacker's own moves capture for it); with one, the game's
    ``capture_defences`` when it has them, else every defence is searched."""
    if n == 0:
        return "escape", goal.legal_moves(state)[0]
    defences = getattr(goal.game, "capture_defences", None)
    return defences(state) if defences is not None else ("search", goal.legal_moves(state))


def _winner(game, state):
    outcome = game.outcome(state)
    return None if outcome is None else outcome.winner


class Prover:
    """Proves or refutes "the side to move wins within ``n`` of its own moves" from
    ``state``.  Call ``work()`` until ``done`` (or ``run()``), then read ``result``."""

    CHUNK = 2000       # nodes per work() call

    def __init__(self, game, state, n: int, hooks: bool = True):
        if n < 1:
            raise ValueError("a problem's goal is a win within 1 or more moves")
        self.game, self.state, self.n = game, state, n
        self.attacker = game.to_move(state)
        # a goal's own hooks (CaptureGoal's), else the game's
        own = getattr(game, "hooks", None) or hooks_for(game)
        self.defences, self.quick_win = own if hooks else (None, None)
        self.exact: dict = {}        # state -> its value, once known exactly
        self.failed: dict = {}       # state -> the largest budget it is known to fail within
        self.refuter: dict = {}      # defender's state -> a defence that escapes
        self.nodes = 0
        self.limit = 0
        self.moves = game.legal_moves(state)
        self.progress = {"moves": len(self.moves), "settled": 0, "nodes": 0}
        self.done = False
        self.result = None
        self.running = self.prove()

    # -- slices ---------------------------------------------------------------------------
    def work(self) -> None:
        """One slice of the search (about ``CHUNK`` nodes)."""
        if self.done:
            return
        self.limit = self.nodes + self.CHUNK
        try:
            next(self.running)
        except StopIteration as stop:
            self.result, self.done = stop.value, True
        self.progress["nodes"] = self.nodes

    def run(self, max_nodes: int | None = None) -> dict | None:
        """Work until done (the result) or until ``max_nodes`` are searched (None)."""
        while not self.done:
            if max_nodes is not None and self.nodes >= max_nodes:
                return None
            self.work()
        return self.result

    def tick(self):
        self.nodes += 1
        if self.nodes >= self.limit:
            yield

    # -- the root -------------------------------------------------------------------------
    def prove(self):
        game, n = self.game, self.n
        if game.outcome(self.state) is not None:
            return self.answer([], {}, [], INF)
        values = {}
        # wins in one first: they settle their moves cheaply and shorten the line
        afters = [(move, game.apply(self.state, move)) for move in self.moves]
        for move, after in afters:
            yield from self.tick()
            if _winner(game, after) == self.attacker:
                values[move] = 1
        for move, after in afters:
            if move not in values:
                if game.outcome(after) is not None:
                    values[move] = INF
                else:
                    values[move] = 1 + (yield from self.defend(after, n - 1))
            self.progress["settled"] += 1
        keys = [move for move in self.moves if values[move] <= n]
        refutations = {}
        for move, after in afters:
            if values[move] > n:
                refutations[move] = (None if game.outcome(after) is not None
                                     else (yield from self.refutation(after, n - 1)))
        best = min(values.values(), default=INF)
        line = (yield from self.main_line(best)) if best <= n else []
        return self.answer(keys, refutations, line, best)

    def answer(self, keys, refutations, line, best) -> dict:
        name = self.game.move_name
        return {"sound": len(keys) == 1,
                "keys": sorted(name(move) for move in keys),
                "value": best if best <= self.n else None,
                "line": [name(move) for move in line],
                "refutations": {name(move): None if reply is None else name(reply)
                                for move, reply in sorted(refutations.items(),
                                                          key=lambda item: name(item[0]))},
                "nodes": self.nodes}

    # -- the search -------------------------------------------------------------------------
    def known(self, state, n: int):
        """The table's value of ``state`` within budget ``n``, or None if it must be searched."""
        value = self.exact.get(state)
        if value is not None:
            return value if value <= n else INF
        if self.failed.get(state, -1) >= n:
            return INF
        return None

    def remember(self, state, n: int, value: int) -> int:
        if value <= n:
            self.exact[state] = value
        elif self.failed.get(state, -1) < n:
            self.failed[state] = n
        return value

    def attack(self, state, n: int):
        """The value of ``state`` with the attacker to move and at most ``n`` moves left."""
        game = self.game
        outcome = game.outcome(state)
        if outcome is not None:
            return 0 if outcome.winner == self.attacker else INF
        if n == 0:
            return INF
        value = self.known(state, n)
        if value is not None:
            return value
        if self.quick_win is not None:
            yield from self.tick()
            if self.quick_win(game, state, self.attacker) is not None:
                return self.remember(state, n, 1)
            if n == 1:
                return self.remember(state, n, INF)
        afters = []
        for move in game.legal_moves(state):
            yield from self.tick()
            after = game.apply(state, move)
            outcome = game.outcome(after)
            if outcome is not None:
                if outcome.winner == self.attacker:
                    return self.remember(state, n, 1)
                continue
            afters.append(after)
        best = INF
        for after in afters:
            budget = min(n, best - 1) - 1      # only a quicker win than the best one counts
            if budget < 0:
                break
            value = yield from self.defend(after, budget)
            best = min(best, 1 + value)
        return self.remember(state, n, best)

    def defend(self, state, n: int):
        """The value of ``state`` with the defender to move and the attacker ``n`` moves left."""
        game = self.game
        outcome = game.outcome(state)
        if outcome is not None:
            return 0 if outcome.winner == self.attacker else INF
        value = self.known(state, n)
        if value is not None:
            return value
        worst = 0
        if n <= 1 and self.defences is not None:
            yield from self.tick()
            kind, found = self.defences(game, state, self.attacker, n)
            if kind == "escape":
                self.refuter[state] = found
                return self.remember(state, n, INF)
            moves = game.legal_moves(state)
            self.nodes += len(moves) // 10     # what a hook's look at the moves costs, or about
            worst = 1 if len(found) < len(moves) else 0   # a left-out defence loses at once
            moves = found
        else:
            moves = game.legal_moves(state)
        for move in moves:
            yield from self.tick()
            value = yield from self.attack(game.apply(state, move), n)
            if value > n:
                self.refuter[state] = move
                return self.remember(state, n, INF)
            worst = max(worst, value)
        return self.remember(state, n, worst)

    # -- what the result shows ---------------------------------------------------------------
    def refutation(self, state, n: int):
        """A defence from ``state`` after which the attacker cannot win within ``n``."""
        if state not in self.refuter:
            yield from self.defend(state, n)
        move = self.refuter.get(state)
        if move is None:   # known from the table: look for the escape again
            for move in self.game.legal_moves(state):
                if (yield from self.attack(self.game.apply(state, move), n)) > n:
                    break
        return move

    def main_line(self, value: int):
        """The key (the first quickest, in move order), then the longest defence and the
        quickest win after it, down to the end of the game."""
        game, state, line = self.game, self.state, []
        while game.outcome(state) is None:
            chosen = None
            for move in game.legal_moves(state):
                after = game.apply(state, move)
                if game.to_move(state) != self.attacker:
                    if (yield from self.attack(after, value)) == value:
                        chosen = move
                        break
                    continue
                outcome = game.outcome(after)
                if outcome is not None:
                    if outcome.winner == self.attacker and value == 1:
                        chosen = move
                        break
                    continue
                if (yield from self.defend(after, value - 1)) == value - 1:
                    chosen = move
                    break
            if game.to_move(state) == self.attacker:
                value -= 1
            line.append(chosen)
            state = game.apply(state, chosen)
        return line


def prove(game, state, n: int, max_nodes: int | None = None, hooks: bool = True) -> dict | None:
    """The prover's result for "the side to move wins within ``n``", or None when it needs
    more than ``max_nodes`` nodes."""
    return Prover(game, state, n, hooks=hooks).run(max_nodes)
