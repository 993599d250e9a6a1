"""Hekka: iterative-deepening alpha-beta on bitboards, with a mobility and space evaluation.

A position is ``(obstacles, me, other)`` as in ``ai/barrier_solver.py`` (a bit mask and the two
pawn cells).  A move is a knight path to an empty destination (it may jump over anything),
the obstacles it leaves on its empty traversed cells, and the one obstacle it must remove
(RULES.md 2.3: an old obstacle next to the opponent's pawn if there is one, else any old
obstacle, else one of the new ones).

* **Evaluation** (side to move): 10 x the difference of the pawns' free knight destinations,
  plus the difference of the cells each pawn reaches in two knight moves (space);
* **repetition**: a position already on the search path, or seen twice in the game, is a
  draw (value 0), so the search neither walks into a third repetition when ahead nor
  misses one when behind; the ``max_plies`` limit is a draw as well;
* **search**: negamax alpha-beta with a transposition table (depth, value, bound, best
  move), the table's move first, then moves by the evaluation of the opponent's
  destinations after them; deepening one ply at a time, in chunks of a bounded number of
  nodes (the search is a generator paused between chunks: restarting it from the table
  each chunk, as a first version did, spent the chunks walking back to where it stopped
  and never got deeper than 3 or 4 plies), so the move depends only on the number of
  chunks.  A proven win or loss ends the search; small positions are thus
  searched exactly.  This module is the kernel: the search itself is ``ai/alphabeta.py``;
* **levels**: level 1 looks one ply ahead, level 2 two plies, the others as deep as their
  time allows.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..games.hekka import position_key
from ..grid.square import square_grid
from .alphabeta import AlphaBeta
from .engine import bot_for

WIN = 10 ** 5


@lru_cache(maxsize=None)
def tables(n: int = 8):
    """The square grid's tables in the forms the search reads fastest: the L-paths (p1, p2, t)
    per cell (``SquareGrid.l_paths``), the knight destinations per cell, and the king
    neighbours of each cell as a bit mask."""
    grid = square_grid(n)
    dests = tuple(tuple(sorted({t for _, _, t in paths})) for paths in grid.l_paths)
    king = tuple(sum(1 << cell for cell in ring) for ring in grid.king_neighbours)
    return grid.l_paths, dests, king


def bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@bot_for("hekka")
class HekkaEngine(AlphaBeta):
    CHUNK = 120           # nodes per work() call (a few ms; Pyodide is 2-4x slower)
    SCORE_SCALE = 90      # win chance as before: 0.5 + value / 200, up to 0.95
    WIN = WIN
    MAX_DEPTH = 24
    LEVEL_DEPTH = {1: 1, 2: 2}

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False):
        super().__init__(game, state, level, rng)
        self.paths, self.dests, self.king = tables(8)
        if self.done:
            return
        if state.ply < 2:
            self.best = self.placement()
            self.done = True
            return
        player = state.ply % 2
        obstacles = 0
        for c in state.obstacles:
            obstacles |= 1 << c
        self.root = (obstacles, state.pawns[player], state.pawns[1 - player])
        # a position seen before in the game counts as a draw if the search reaches it again
        self.twice = set()
        history = state.earlier + (position_key(state),)
        for index, key in enumerate(history):
            pawns, obst = key[0], key[1]
            side = (state.ply - len(history) + 1 + index) % 2   # the keys alternate sides
            mask = 0
            for c in obst:
                mask |= 1 << c
            self.twice.add((mask, pawns[side], pawns[1 - side]))
        self.root_ply = state.ply
        self.max_plies = game.max_plies
        self.table: dict = {}
        # ``nodes`` (AlphaBeta) counts work units: positions, plus move ordering (chunk sizes)
        self.searched = 0             # positions searched
        self.best_kernel_move = None
        self.noise = {move: rng.random() for move in self.moves(*self.root)}
        self.best = self.to_game_move(self.ordered_moves(*self.root)[0])
        # weak levels look less far ahead (their deliberate imprecision)
        self.max_depth = self.LEVEL_DEPTH.get(level, self.MAX_DEPTH)

    # -- the kernel ------------------------------------------------------------------------------
    def moves(self, obstacles: int, me: int, other: int):
        """Legal moves ``(p1, p2, t, removed, new_obstacles)`` of the pawn on ``me``."""
        touching = self.king[other] & obstacles
        old = touching or obstacles
        out = []
        other_bit = 1 << other
        for p1, p2, t in self.paths[me]:
            if (obstacles | other_bit) >> t & 1:
                continue
            new = ((1 << me) | (1 << p1) | (1 << p2)) & ~obstacles & ~other_bit
            for removed in bits(old or new):
                out.append((p1, p2, t, removed, (obstacles | new) & ~(1 << removed)))
        return out

    def free_destinations(self, obstacles: int, me: int, other: int) -> int:
        blocked = obstacles | (1 << other)
        return sum(1 for t in self.dests[me] if not blocked >> t & 1)

    def space(self, obstacles: int, me: int, other: int) -> int:
        blocked = obstacles | (1 << other)
        reach = 0
        for t in self.dests[me]:
            if not blocked >> t & 1:
                reach |= 1 << t
                for u in self.dests[t]:
                    if not blocked >> u & 1:
                        reach |= 1 << u
        return reach.bit_count()

    def evaluate(self, position, ply: int = 0) -> int:
        obstacles, me, other = position
        mine = self.free_destinations(obstacles, me, other)
        theirs = self.free_destinations(obstacles, other, me)
        return (10 * (mine - theirs) + self.space(obstacles, me, other)
                - self.space(obstacles, other, me))

    def ordered_moves(self, obstacles: int, me: int, other: int, first=None, noise=None):
        """The moves, fewest destinations left to the opponent first (ties in the order of
        ``noise``, a number per move, when given), the table's move ``first`` before all."""
        moves = self.moves(obstacles, me, other)
        free = self.free_destinations
        if noise is None:
            moves.sort(key=lambda move: free(move[4], other, move[2]))
        else:
            moves.sort(key=lambda move: (free(move[4], other, move[2]), noise[move]))
        self.nodes += len(moves) // 8     # ordering costs work too: count it
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    # -- the kernel (``alphabeta.AlphaBeta`` searches) -----------------------------------------
    def open(self, position, ply: int, path):
        """A position's end value, or None: ``ordered`` lists its moves when the table has
        not settled it (most positions never need them)."""
        self.searched += 1
        return self.end_value(position, ply, path)

    def ordered(self, position, moves, first, ply: int):
        # equal moves at the root are taken in a seeded random order: games differ
        return self.ordered_moves(*position, first, None if ply else self.noise)

    def after(self, position, move):
        return move[4], position[2], move[2]

    def end_value(self, key, ply: int, path):
        """The value of a position that needs no search (a repetition, the move limit, a pawn
        with no destination), or None."""
        obstacles, me, other = key
        if ply and (key in path or key in self.twice):
            return 0                                   # repetition: a draw
        if self.root_ply + ply >= self.max_plies:
            return 0
        blocked = obstacles | (1 << other)
        if all(blocked >> t & 1 for t in self.dests[me]):
            return -WIN + ply                          # no destination: the mover loses
        return None

    def leaf(self, position, ply: int, path) -> int:
        """A position at depth 0: its end value or its evaluation (no generator: leaves are
        most of the nodes)."""
        self.nodes += 1
        self.searched += 1
        end = self.end_value(position, ply, path)
        return self.evaluate(position) if end is None else end

    def to_game_move(self, move):
        obstacles, me, other = self.root
        p1, p2, t, removed, _ = move
        return (me, p1, p2, t, removed)

    # -- placements -------------------------------------------------------------------------------
    def placement(self):
        """The placement with the most free knight destinations (and, for Black, the fewest
        left to White)."""
        state = self.state
        white = state.pawns[0]
        def value(move):
            cell = move[0]
            mine = len(self.dests[cell])
            if white is None:
                return (mine, -cell)
            return (mine - self.free_destinations(0, white, cell), -cell)
        return max(self.legal, key=value)
