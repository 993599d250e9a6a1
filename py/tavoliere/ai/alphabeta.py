"""The alpha-beta search, written once: the games' bots are kernels over it.

``AlphaBeta`` deepens one ply at a time; the search of one depth is a generator that pauses
(yields) once ``nodes`` passes ``limit``, and ``work()`` (``engine.PausedSearch``) gives it
``CHUNK`` more nodes and resumes it, so a move depends only on the number of chunks, never on
the clock.  It keeps a transposition table (depth, value, bound, best move), tries the
table's move first, counts a position already on the searched line through the kernel's
``end_value`` (repetition), keeps a history score of the moves that cut off (``HISTORY``),
shifts the window by a per-move gain (a capture's seeds, a weak level's random root bonus),
and stops at a proven result.

A game's kernel is a subclass that says what a position is and how to walk it::

    class NimKernel(AlphaBeta):         # take 1 or 2 stones; who takes the last one wins
        WIN = 1000

        def __init__(self, game, state, level, rng, fresh=False):
            super().__init__(game, state, level, rng)
            self.root, self.table, self.max_depth = state.stones, {}, 30

        def open(self, stones, ply, path):      # a value, or the moves to search
            return -self.WIN + ply if stones == 0 else [1, 2][:stones]

        def after(self, stones, take):
            return stones - take

        def evaluate(self, stones, ply):
            return 0

Everything else has a default: ``key`` (the position itself), ``ordered`` (the table's move
first, then the history), ``gain`` (the root bonus ``bonus``), ``leaf`` (a position at the
horizon: ``open``, then ``evaluate``), ``at_rest`` and ``quiet`` (whether to stop at depth
0: yes unless the kernel sees a forced sequence to play out), ``unmake`` (for a kernel that
plays moves in place), ``probe``/``store`` (the table).  Values are negamax: for the side to move, a win
``WIN`` minus the plies it takes.

Two options serve a game whose values are not only wins and losses: ``EXACT`` (a kernel's
``leaf`` sets ``horizon`` when it guesses) stores a value that saw the end of every line
with that depth, so the table never searches it again and an exact root ends the deepening;
``wide_root`` searches each root move with a full window, so that ``root_values`` holds the
exact value of every move (a weak level then picks among the near-best).

A game with chance inside the tree (Dadi's token re-rolls a die) has ``open`` return a
``Chance``, the equally likely outcomes of a roll (moves for ``after``): the node's value is
the mean of its outcomes' values instead of the best, each outcome searched with a full
window (a mean has no cutoff), and the move into a chance node and the roll take one ply
between them (the outcomes are searched at the depth before the chance node).  The player
who moved into a chance node moves again after the roll (as after Dadi's token): the node
is valued, as any node, for its side to move in the negamax sense, his opponent, so its
value is the mean of its outcomes' values negated.  A move into a chance node is not
``quiet`` (it is searched, never judged as a leaf).  Values may then be floats.  A kernel
that never returns a ``Chance`` is searched node for node as before.
"""

from __future__ import annotations

import zlib

from .engine import PausedSearch

INF = 10 ** 9
VALUE = (int, float)      # what ``open`` returns for a position that needs no search


def careless_bonus(rng, moves, chance: float, largest: int, otherwise: int = 0) -> dict:
    """Each root move's random bonus (``gain`` at the root) for a weak level: up to
    ``largest`` on a careless move, which comes with ``chance``, so that a move that much
    worse may look best; else up to ``otherwise`` (a tie-break among equals), or none."""
    spread = largest if rng.random() < chance else otherwise
    return {move: rng.randrange(spread + 1) for move in moves} if spread else {}


class Chance(tuple):
    """What ``open`` returns at a chance node: its outcomes, equally likely (see the module
    docstring)."""


class AlphaBeta(PausedSearch):
    """Iterative-deepening negamax alpha-beta over a kernel (see the module docstring).
    The kernel sets ``root`` (the position to move from), ``table`` (a dict), ``max_depth``
    and ``WIN``; ``SCORE_SCALE`` is the value at which the reported win chance reaches 0.95."""

    SCORE_SCALE = 200
    HISTORY = False       # keep a history score of cutting moves, for ``ordered``
    IN_PLACE = False      # ``after`` changes the position itself: ``unmake`` restores it
    NODE_COST = 1         # work units a searched node counts (0: the kernel counts its own)
    EXACT = 0             # if set, the table depth of a value that saw the end of every line
    horizon = False       # (EXACT) whether the line being searched met the horizon
    wide_root = False     # search every root move with a full window (exact root values)
    depth = 1
    nodes = 0
    limit = 0
    score = 0
    bonus: dict = {}      # root move -> a bonus added to its value (weak levels' slips)
    # Root split (parallel.py): ``root_share`` (index, count) makes this search take only
    # its share of the root's moves, the same in every worker (``shared``); each searched
    # depth is kept in ``split_rows`` for the merge.  A kernel whose positions can come back
    # sets SPLIT_ROOT False: the root's value, stored for a share of its moves, would
    # mislead a later search that meets the position again.
    SPLIT_ROOT = True
    root_share = None
    split_rows = ()

    # -- the kernel (a game's subclass) ----------------------------------------------------------
    def open(self, position, ply: int, path):
        """The value of a position that needs no search (the game is over, a repetition,
        a limit), or else its moves, in any form ``ordered`` accepts, or a ``Chance``."""
        raise NotImplementedError

    def after(self, position, move):
        """The position after ``move``."""
        raise NotImplementedError

    def evaluate(self, position, ply: int) -> int:
        """The horizon's guess, for the side to move."""
        raise NotImplementedError

    def key(self, position):
        """The table's (and the searched line's) key of a position."""
        return position

    def at_rest(self, position, moves) -> bool:
        """Whether a position at depth 0 stops at its evaluation (``False``: the search
        goes on along its moves, a quiescence search)."""
        return True

    def quiet(self, move) -> bool:
        """Whether the position after ``move`` at depth 1 may be judged as a leaf."""
        return True

    def leaf(self, position, ply: int, path) -> int:
        """A position at the horizon (no generator: leaves are most of the nodes)."""
        self.nodes += 1
        found = self.open(position, ply, path)
        if isinstance(found, VALUE):
            return found
        return self.evaluate(position, ply)

    def ordered(self, position, moves, first, ply: int) -> list:
        """The moves to try: the table's move ``first`` before the others, then (``HISTORY``)
        the moves that cut off most often."""
        moves = list(moves)
        if self.HISTORY and len(moves) > 1:
            history = self.history
            moves.sort(key=lambda move: -history.get(move, 0))
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def gain(self, move, ply: int) -> int:
        """What playing ``move`` is worth besides the position it leaves (the root's
        random bonus of a careless level by default)."""
        return self.bonus.get(move, 0) if ply == 0 else 0

    def unmake(self, position, move) -> None:
        """Take ``move`` back (``IN_PLACE`` kernels)."""

    def to_game_move(self, move):
        """The rule book's move for a move of the search's own (the same by default)."""
        return move

    # -- the search ------------------------------------------------------------------------------
    def search(self, position, depth: int, alpha: int, beta: int, ply: int, path: set):
        """Negamax alpha-beta, a generator: it pauses (yields) once the chunk's nodes are
        used up, and returns the value when done."""
        self.nodes += self.NODE_COST
        if self.nodes > self.limit:
            yield
        moves = self.open(position, ply, path)
        if isinstance(moves, VALUE):
            return moves
        if isinstance(moves, Chance):
            return (yield from self.averaged(position, moves, depth, ply, path))
        if depth <= 0 and self.at_rest(position, moves):
            return self.evaluate(position, ply)
        key = self.key(position)
        known, first = self.probe(key, depth, alpha, beta, ply)
        if known is not None:
            return known
        original_alpha = alpha
        best_value, best_move = -INF, None
        exact = self.EXACT
        if exact:
            outer_horizon, self.horizon = self.horizon, False
        wide = ply == 0 and self.wide_root
        order = self.ordered(position, moves, first, ply)
        if ply == 0 and self.root_share:
            order = self.shared(order)
        path.add(key)
        try:
            for move in order:
                child = self.after(position, move)
                gain = self.gain(move, ply)
                if depth <= 1 and self.quiet(move):
                    value = gain - self.leaf(child, ply + 1, path)
                else:   # the window shifted by the gain, so that bounds stay bounds
                    low, high = (-INF, INF) if wide else (gain - beta, gain - alpha)
                    value = gain - (yield from self.search(child, depth - 1, low, high,
                                                           ply + 1, path))
                if self.IN_PLACE:
                    self.unmake(position, move)
                if ply == 0:
                    self.root_values[move] = value
                if value > best_value:
                    best_value, best_move = value, move
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            if self.HISTORY:
                                self.history[move] = self.history.get(move, 0) + depth * depth
                            break
        finally:
            path.discard(key)
        if exact:
            self.store(key, depth if self.horizon else exact, best_value, best_move,
                       original_alpha, beta)
            self.horizon = outer_horizon or self.horizon
        else:
            self.store(key, depth, best_value, best_move, original_alpha, beta)
        return best_value

    def shared(self, moves: list) -> list:
        """This worker's root moves: those whose text's checksum leaves ``index`` modulo
        ``count``.  A move belongs to the same worker in every worker and every iteration,
        whatever the list it comes in (a kernel may narrow its root to the best moves of the
        iteration before); never none (a worker whose share is empty searches the first
        move again, harmlessly)."""
        index, count = self.root_share
        mine = [move for move in moves if zlib.crc32(repr(move).encode()) % count == index]
        return mine or moves[:1]

    def iteration_done(self, depth, value) -> None:
        """Keep the searched depth's move and value (the root's mover's side) for the merge
        of several workers' shares: ``[depth, move, value, win chance, proven]``."""
        if self.SPLIT_ROOT and self.best is not None:
            if not self.split_rows:
                self.split_rows = []
            self.split_rows.append([depth, self.best, value, self.win_chance, self.proven])

    def averaged(self, position, outcomes: Chance, depth: int, ply: int, path: set):
        """A chance node's value: the mean of its outcomes', each searched with a full window
        at the depth of the node before it (the move into it and the roll are one ply)."""
        total = 0
        for outcome in outcomes:
            child = self.after(position, outcome)
            total -= yield from self.search(child, depth + 1, -INF, INF, ply + 1, path)
            if self.IN_PLACE:
                self.unmake(position, outcome)
        return total / len(outcomes)

    def probe(self, key, depth: int, alpha: int, beta: int, ply: int):
        """(the table's value for ``key`` if it settles this search, else None; the table's
        best move there, to try first, or None).  The root is always searched."""
        entry = self.table.get(key)
        if entry is None:
            return None, None
        e_depth, e_value, e_bound, first = entry
        if ply and e_depth >= depth and (e_bound == 0 or (e_bound > 0 and e_value >= beta)
                                         or (e_bound < 0 and e_value <= alpha)):
            return e_value, first
        return None, first

    def store(self, key, depth: int, value: int, move, alpha: int, beta: int) -> None:
        """Keep a searched position: ``value`` is exact, a lower bound (it reached ``beta``)
        or an upper bound (it did not pass the original ``alpha``)."""
        bound = 1 if value >= beta else -1 if value <= alpha else 0
        self.table[key] = (depth, value, bound, move)

    def best_move_at(self, key):
        """The table's best move at ``key`` (None if not searched)."""
        entry = self.table.get(key)
        return None if entry is None else entry[3]

    # -- the deepening ---------------------------------------------------------------------------
    def start_iteration(self):
        self.horizon = False
        self.root_values = {}
        return self.search(self.root, self.depth, -INF, INF, 0, set())

    def finish_iteration(self, value: int) -> None:
        """A depth is searched: take its move, say how it looks, go one ply deeper."""
        win = self.WIN
        move = self.best_move_at(self.key(self.root))
        if move is not None:
            self.best = self.to_game_move(move)
            self.score = value
        if abs(value) > win // 2:
            self.proven = "win" if value > 0 else "loss"
            self.done = True
        self.win_chance = self.chance(value)
        self.depth += 1
        if self.depth > self.max_depth:
            self.done = True

    def chance(self, value: int) -> float:
        """The reported win chance of a value: 1 or 0 when proven, else linear up to 0.95
        at ``SCORE_SCALE``."""
        win = self.WIN
        return 1.0 if value > win // 2 else 0.0 if value < -win // 2 else (
            0.5 + max(-0.45, min(0.45, value * 0.45 / self.SCORE_SCALE)))
