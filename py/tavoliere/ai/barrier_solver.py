"""Barrier, played perfectly: an exact solver on bitboards.

The solver answers one question, "does the side to move win?", by negamax over the movement
phase with a transposition table, move ordering and, once the pawns can no longer meet, the
exact count of the moves each pawn has left:

* a position is ``(obstacles, me, other)``: a bit mask of the obstacle cells and the cells of
  the pawn to move and of the other pawn (cell index = rank * size + file, as ``SquareGrid``);
* a move is legal when its three cells p1, p2, t are neither obstacles nor the other pawn
  (``need & blocked == 0``), and it adds the obstacles s, p1, p2 (``add``);
* children are searched in the order of the opponent's replies, fewest first, and a move that
  leaves the opponent no reply is a win at once;
* when the cells each pawn could ever use (a flood fill over its L-paths) no longer overlap,
  the two pawns play separate one-player games: the side to move wins exactly when its longest
  sequence of moves is longer than the opponent's.  That is computed exactly (memoised), but
  only once few enough free cells are left for it to be cheaper than the plain search;
* the placements are searched with the board's 8 symmetries (White's first cell up to
  symmetry, Black's reply up to the symmetries that keep White's cell).

Only the placements speak of colours, and there "White" is the player who places first and
so moves first: with ``first_player=black`` every value holds with the colours exchanged.

``solve_size(n)`` gives the value of every pair of placements on the n x n board and
``describe_size`` turns it into the text the README quotes (5x5: White wins, only from c3;
6x6 to 9x9: Black wins whatever White does).  The opening book (``barrier_book.py``) is made
from these values, and the bot (``barrier.py``) thinks with the same solver.
"""

from __future__ import annotations

from functools import lru_cache
from time import perf_counter

from ..grid.square import square_grid

__all__ = ["Kernel", "kernel", "Solver", "OutOfWork", "placement_classes", "reply_classes",
           "solve_size", "describe_size"]

SEPARATION_FREE_CELLS = 30   # look for separated pawns only with at most this many free cells


class OutOfWork(Exception):
    """The solver has used up the nodes it was given; its table keeps what it proved."""


class Kernel:
    """The L-paths of one board size (``SquareGrid.l_paths``, in its order) as bit masks."""

    def __init__(self, n: int):
        grid = square_grid(n)
        self.n = n
        self.size = grid.size
        self.full = (1 << self.size) - 1
        self.names = grid.names
        self.symmetries = grid.symmetries
        # paths[s]: (need, add, t, p1, p2) for every L-path from s
        self.paths = [tuple(self.masks(s, *path) for path in grid.l_paths[s])
                      for s in range(self.size)]

    @staticmethod
    def masks(s: int, p1: int, p2: int, t: int) -> tuple[int, int, int, int, int]:
        """An L-path as the solver reads it: the cells that must be free (``need``), the
        obstacles it leaves (``add``), and its cells."""
        return (1 << p1) | (1 << p2) | (1 << t), (1 << s) | (1 << p1) | (1 << p2), t, p1, p2

    def moves(self, obstacles: int, me: int, other: int) -> list[tuple[int, int, int, int]]:
        """The legal L-paths ``(me, p1, p2, t)`` of the pawn on ``me``."""
        blocked = obstacles | (1 << other)
        return [(me, p1, p2, t) for need, _, t, p1, p2 in self.paths[me] if not blocked & need]

    def mobility(self, obstacles: int, me: int, other: int) -> int:
        blocked = obstacles | (1 << other)
        return sum(1 for path in self.paths[me] if not blocked & path[0])

    def map_mask(self, mask: int, perm) -> int:
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << perm[low.bit_length() - 1]
            mask ^= low
        return out


@lru_cache(maxsize=None)
def kernel(n: int) -> Kernel:
    return Kernel(n)


class Solver:
    """Exact win/loss values of movement-phase positions, with a table that outlives each
    call: a search that runs out of nodes raises OutOfWork and the next call goes on from
    what was proved."""

    def __init__(self, n: int, separation: bool = True):
        self.k = kernel(n)
        self.table: dict[int, bool] = {}
        self.longest_table: dict[int, int] = {}
        self.length_table: dict[int, int] = {}
        self.separation = separation
        self.nodes = 0
        self.limit = None          # raise OutOfWork after this many nodes (None: no limit)

    def count_node(self) -> None:
        """Count one more searched position; OutOfWork once the limit is passed."""
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfWork

    # -- the search ------------------------------------------------------------------------
    def wins(self, obstacles: int, me: int, other: int) -> bool:
        """Whether the side to move (pawn on ``me``) wins with perfect play."""
        key = obstacles << 14 | me << 7 | other
        known = self.table.get(key)
        if known is not None:
            return known
        self.count_node()
        paths = self.k.paths
        blocked = obstacles | (1 << other)
        children = []
        for need, add, t, _, _ in paths[me]:
            if blocked & need:
                continue
            after = obstacles | add
            their_blocked = after | (1 << t)
            replies = 0
            for path in paths[other]:
                if not their_blocked & path[0]:
                    replies += 1
            if replies == 0:                     # the opponent is stuck: a win at once
                self.table[key] = True
                return True
            children.append((replies, after, t))
        if not children:
            self.table[key] = False
            return False
        if self.separation and self.k.size - obstacles.bit_count() <= SEPARATION_FREE_CELLS:
            value = self.separated_value(obstacles, me, other)
            if value is not None:
                self.table[key] = value
                return value
        children.sort()
        for _, after, t in children:
            if not self.wins(after, other, t):
                self.table[key] = True
                return True
        self.table[key] = False
        return False

    # -- pawns that can no longer meet -------------------------------------------------------
    def reach(self, blocked: int, start: int, stop: int) -> int:
        """The cells the pawn on ``start`` could ever step on (ignoring the obstacles it
        would leave), or -1 as soon as one of them is in ``stop``."""
        paths = self.k.paths
        seen, frontier, cells = 1 << start, [start], 0
        while frontier:
            here = frontier.pop()
            for need, _, t, _, _ in paths[here]:
                if not blocked & need:
                    if need & stop:
                        return -1
                    cells |= need
                    if not seen >> t & 1:
                        seen |= 1 << t
                        frontier.append(t)
        return cells

    def separated_value(self, obstacles: int, me: int, other: int) -> bool | None:
        """If the two pawns can never again touch a cell the other could use, whether the side
        to move wins (its longest run of moves beats the opponent's); None if they can meet."""
        reach = self.separated_reaches(obstacles, me, other)
        if reach is None:
            return None
        mine, theirs = reach
        full = self.k.full
        return self.longest(full & ~mine, me) > self.longest(full & ~theirs, other)

    def separated_reaches(self, obstacles: int, me: int, other: int):
        """The two pawns' reachable cells when they are disjoint, else None."""
        their_blocked = obstacles | (1 << me)
        their_first = 0
        for need, _, _, _, _ in self.k.paths[other]:
            if not their_blocked & need:
                their_first |= need
        mine = self.reach(obstacles | (1 << other), me, their_first)
        if mine < 0:
            return None
        theirs = self.reach(their_blocked, other, mine)
        if theirs < 0:
            return None
        return mine, theirs

    def longest(self, blocked: int, start: int) -> int:
        """The most L-moves a lone pawn on ``start`` can make when ``blocked`` is everything it
        may not use (every cell outside its own region is blocked, so the value depends only on
        ``blocked`` and ``start``)."""
        key = blocked << 7 | start
        known = self.longest_table.get(key)
        if known is not None:
            return known
        self.count_node()
        best = 0
        ceiling = (self.k.full & ~blocked).bit_count() // 3   # each move uses 3 fresh cells
        for need, add, t, _, _ in self.k.paths[start]:
            if not blocked & need:
                value = 1 + self.longest(blocked | add, t)
                if value > best:
                    best = value
                    if best >= ceiling:
                        break
        self.longest_table[key] = best
        return best

    # -- how long the game lasts -----------------------------------------------------------------
    def plies_left(self, obstacles: int, me: int, other: int) -> int:
        """The number of movements still to be played when the winner hurries and the loser
        holds out as long as possible (both play perfectly)."""
        key = obstacles << 14 | me << 7 | other
        known = self.length_table.get(key)
        if known is not None:
            return known
        self.count_node()
        winning = self.wins(obstacles, me, other)
        best = None
        for need, add, t, _, _ in self.k.paths[me]:
            if (obstacles | (1 << other)) & need:
                continue
            after = obstacles | add
            if winning and self.wins(after, other, t):
                continue                  # the winner only considers winning moves
            length = 1 + self.plies_left(after, other, t)
            if best is None or (length < best if winning else length > best):
                best = length
        best = best or 0
        self.length_table[key] = best
        return best

    # -- whole positions ---------------------------------------------------------------------
    def placement_wins(self, white: int, black: int) -> bool:
        """Whether White, to move after the placements ``white`` and ``black``, wins."""
        return self.wins(0, white, black)


def placement_classes(n: int) -> list[int]:
    """One White first cell per class of the board's symmetries (the smallest index)."""
    k = kernel(n)
    return sorted({min(perm[c] for perm in k.symmetries) for c in range(k.size)})


def reply_classes(n: int, white: int) -> dict[int, list[int]]:
    """Black's replies to ``white`` grouped by the symmetries that keep ``white`` in place:
    representative -> all the cells it stands for."""
    k = kernel(n)
    keep = [perm for perm in k.symmetries if perm[white] == white]
    groups: dict[int, list[int]] = {}
    for black in range(k.size):
        if black != white:
            groups.setdefault(min(perm[black] for perm in keep), []).append(black)
    return groups


def solve_size(n: int, solver: Solver | None = None) -> dict:
    """The solved value of the n x n board.

    For each of White's first cells (up to symmetry): the Black replies that win for Black
    (after which White moves first).  White wins with perfect play exactly when some first cell
    leaves Black no winning reply.

    >>> value = solve_size(5)
    >>> value["winner"], value["white_wins_from"]
    ('White', ['c3'])
    """
    if not 5 <= n <= 9:
        raise ValueError(f"Barrier is played on 5x5 to 9x9 boards, not {n}x{n}")
    solver = solver or Solver(n)
    k = solver.k
    start = perf_counter()
    black_wins = {}
    for white in placement_classes(n):
        winners = []
        for rep, cells in reply_classes(n, white).items():
            if not solver.placement_wins(white, rep):
                winners.extend(cells)
        black_wins[k.names[white]] = sorted(k.names[c] for c in winners)
    white_from = [cell for cell, replies in black_wins.items() if not replies]
    return {
        "size": n,
        "winner": "White" if white_from else "Black",
        "white_wins_from": white_from,
        "black_winning_replies": black_wins,
        "nodes": solver.nodes,
        "seconds": round(perf_counter() - start, 3),
    }


def describe_size(value: dict) -> str:
    """The solved value as a few lines of text (for the command line and the README)."""
    n = value["size"]
    lines = [f"Barrier {n}x{n}: {value['winner']} wins with perfect play."]
    if value["white_wins_from"]:
        lines.append("White wins by placing on " + ", ".join(value["white_wins_from"])
                     + " (or a symmetric cell); every other first cell loses.")
    else:
        lines.append("Every first cell of White loses; Black's winning replies:")
    for white, replies in value["black_winning_replies"].items():
        lines.append(f"  White {white}: Black wins with {len(replies)} of {n * n - 1} replies"
                     + (f" ({' '.join(replies)})" if replies else ""))
    lines.append(f"({value['nodes']} nodes, {value['seconds']} s)")
    return "\n".join(lines)
