"""A slow, obviously-correct Havannah written straight from RULES.md 3.1-3.2, sharing no code
with the engine (no tavoliere import).  Every test recomputes from the whole board.

Cells are names (``"j10"``); a position is a dict name -> player (0 White, 1 Black).
"""

from __future__ import annotations

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Board:
    """Base-n board: (L, N) is on it iff 0 <= L, N <= 2n-2 and |L - N| <= n-1."""

    def __init__(self, n: int):
        self.n, m = n, n - 1
        self.m = m
        self.coords = [(L, N) for L in range(2 * m + 1) for N in range(2 * m + 1)
                       if abs(L - N) <= m]
        self.names = [LETTERS[L] + str(N + 1) for L, N in self.coords]
        self.coord_of = dict(zip(self.names, self.coords))
        self.name_of = dict(zip(self.coords, self.names))
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)]
        self._neighbours = {  # (L+-1, N), (L, N+-1), (L+1, N+1), (L-1, N-1) on the board
            name: [self.name_of[(L + a, N + b)] for a, b in steps if (L + a, N + b) in self.name_of]
            for name, (L, N) in self.coord_of.items()}
        self.boundary = {name for name, ns in self._neighbours.items() if len(ns) < 6}
        self.corner_set = self._corners()
        self.side_sets = self._sides()

    def neighbours(self, name: str) -> list[str]:
        return self._neighbours[name]

    def is_boundary(self, name: str) -> bool:
        """A cell with fewer than six neighbours."""
        return name in self.boundary

    def cube(self, name: str) -> tuple[int, int, int]:
        L, N = self.coord_of[name]
        return L - self.m, N - L, self.m - N

    def corners(self) -> set[str]:
        return self.corner_set

    def sides(self) -> list[set[str]]:
        return self.side_sets

    def _corners(self) -> set[str]:
        """Two cube coordinates equal to +-m."""
        return {c for c in self.names if sum(abs(v) == self.m for v in self.cube(c)) == 2}

    def _sides(self) -> list[set[str]]:
        """The table of RULES.md 3.1: x = -m, z = +m, y = -m, x = +m, z = -m, y = +m,
        corners removed."""
        m, corners = self.m, self.corner_set
        tests = [lambda x, y, z: x == -m, lambda x, y, z: z == m, lambda x, y, z: y == -m,
                 lambda x, y, z: x == m, lambda x, y, z: z == -m, lambda x, y, z: y == m]
        return [{c for c in self.names if test(*self.cube(c)) and c not in corners}
                for test in tests]


def flood(board: Board, start: str, passable) -> set[str]:
    seen, stack = {start}, [start]
    while stack:
        for n in board.neighbours(stack.pop()):
            if n not in seen and passable(n):
                seen.add(n)
                stack.append(n)
    return seen


def chains(board: Board, stones: set[str]) -> list[set[str]]:
    out, left = [], set(stones)
    while left:
        chain = flood(board, left.pop(), lambda c: c in stones)
        left -= chain
        out.append(chain)
    return out


def has_bridge(board: Board, stones: set[str]) -> bool:
    """One chain contains >= 2 of the 6 corner cells."""
    corners = board.corners()
    return any(len(chain & corners) >= 2 for chain in chains(board, stones))


def has_fork(board: Board, stones: set[str]) -> bool:
    """One chain contains cells from >= 3 different sides (corners are on no side)."""
    sides = board.sides()
    return any(sum(bool(chain & side) for side in sides) >= 3 for chain in chains(board, stones))


def enclosed_bruteforce(board: Board, own: set[str]) -> set[str]:
    """RULES 3.2's definition: the cells c that cannot reach the outside when own minus {c}
    are walls.  The outside is reached from a boundary cell."""
    out = set()
    for c in board.names:
        walls = own - {c}
        region = flood(board, c, lambda x: x not in walls)
        if not any(board.is_boundary(x) for x in region):
            out.add(c)
    return out


def has_ring_bruteforce(board: Board, own: set[str]) -> bool:
    return bool(enclosed_bruteforce(board, own))


def has_ring_exact(board: Board, own: set[str]) -> bool:
    """RULES 3.2's exact test: (a) a non-own cell cut off from every boundary cell along
    non-own cells, or (b) an own non-boundary stone with all six neighbours own."""
    open_cells = set()
    for c in board.names:
        if board.is_boundary(c) and c not in own and c not in open_cells:
            open_cells |= flood(board, c, lambda x: x not in own)
    if any(c not in own and c not in open_cells for c in board.names):
        return True
    return any(c in own and not board.is_boundary(c)
               and all(n in own for n in board.neighbours(c)) for c in board.names)


def enclosed_regions_with_empty(board: Board, own: set[str], occupied: set[str]) -> list[set[str]]:
    """Schmittberger: the regions of non-own cells that touch no boundary cell and hold an
    empty cell."""
    regions, seen = [], set()
    for c in board.names:
        if c in own or c in seen:
            continue
        region = flood(board, c, lambda x: x not in own)
        seen |= region
        if not any(board.is_boundary(x) for x in region) and region - occupied:
            regions.append(region)
    return regions


class Havannah:
    """The rules: White (0) first; place on an empty cell; the mover wins with a ring, a
    bridge or a fork; full board = draw; optional swap at ply 2 and Schmittberger rings."""

    def __init__(self, n: int = 10, swap: bool = False, ring_needs_empty: bool = False,
                 exact_rings: bool | None = None):
        self.board = Board(n)
        self.swap, self.needs_empty = swap, ring_needs_empty
        # the literal definition is quadratic: use it on the smallest board only; the exact
        # test is checked against it in test_havannah.py
        self.exact = n == 4 if exact_rings is None else exact_rings
        self.stones: dict[str, int] = {}
        self.ply = 0
        self.outcome = None  # (winner, reason, sorted cells) or ("draw", "full-board")

    def to_move(self) -> int:
        return self.ply % 2

    def legal_moves(self) -> list[str]:
        if self.outcome:
            return []
        moves = [c for c in self.board.names if c not in self.stones]
        if self.swap and self.ply == 1:
            moves.append("swap")
        return sorted(moves)

    def play(self, move: str) -> None:
        assert move in self.legal_moves(), move
        mover = self.to_move()
        self.ply += 1
        if move == "swap":
            (cell,) = self.stones
            self.stones[cell] = 1
            return
        self.stones[move] = mover
        own = {c for c, p in self.stones.items() if p == mover}
        words, cells = [], set()
        ring = self.ring_fence(own, move)
        if ring:
            words.append("ring")
            cells |= ring
        chain = next(ch for ch in chains(self.board, own) if move in ch)
        if has_bridge(self.board, own):
            words.append("bridge")
            cells |= chain
        if has_fork(self.board, own):
            words.append("fork")
            cells |= chain
        if words:
            self.outcome = (mover, "+".join(words), tuple(sorted(cells)))
        elif len(self.stones) == len(self.board.names):
            self.outcome = (None, "full-board", ())

    def ring_fence(self, own: set[str], last: str) -> set[str]:
        """Empty if the mover has no ring; else the ring's stones: the stones of the last
        stone's chain next to an enclosed cell and not enclosed themselves."""
        board = self.board
        if self.needs_empty:
            regions = enclosed_regions_with_empty(board, own, set(self.stones))
            if not regions:
                return set()
            enclosed = set().union(*regions)
        else:
            if self.exact:
                enclosed = enclosed_bruteforce(board, own)
                if not enclosed:
                    return set()
            else:
                if not has_ring_exact(board, own):
                    return set()
                enclosed = enclosed_bruteforce(board, own)
        chain = next(ch for ch in chains(board, own) if last in ch)
        return {c for c in chain if c not in enclosed
                and any(n in enclosed for n in board.neighbours(c))}
