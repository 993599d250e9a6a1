"""A slow, obviously-correct Hexade written straight from RULES.md 4.1-4.5, sharing no code
with the engine (no tavoliere import).  Sixes are found by checking every shape.

Cells are names (``"e5"``); a position is a dict name -> player (0 White, 1 Black).
"""

from __future__ import annotations

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Board:
    """Base-n board: (L, N) is on it iff 0 <= L, N <= 2n-2 and |L - N| <= n-1."""

    def __init__(self, n: int):
        m = n - 1
        self.coords = [(L, N) for L in range(2 * m + 1) for N in range(2 * m + 1)
                       if abs(L - N) <= m]
        self.on = set(self.coords)
        self.names = [self.name(c) for c in self.coords]

    @staticmethod
    def name(coord) -> str:
        return LETTERS[coord[0]] + str(coord[1] + 1)

    def distance(self, a, b) -> int:
        """max(|dL|, |dN|, |dL - dN|)."""
        dL, dN = b[0] - a[0], b[1] - a[1]
        return max(abs(dL), abs(dN), abs(dL - dN))

    def shapes(self) -> set[frozenset]:
        """Every six: 6 consecutive cells along (1,0), (0,1) or (1,1); the triangles TA and
        TB anchored at any (L, N); the six neighbours of any cell that has six."""
        out = set()
        for L, N in self.coords:
            for dL, dN in ((1, 0), (0, 1), (1, 1)):
                cells = [(L + k * dL, N + k * dN) for k in range(6)]
                if all(c in self.on for c in cells):
                    out.add(frozenset(cells))
            ta = [(L, N), (L, N + 1), (L, N + 2), (L + 1, N + 1), (L + 1, N + 2), (L + 2, N + 2)]
            tb = [(L, N), (L + 1, N), (L + 2, N), (L + 1, N + 1), (L + 2, N + 1), (L + 2, N + 2)]
            for tri in (ta, tb):
                if all(c in self.on for c in tri):
                    out.add(frozenset(tri))
            ring = [(L + a, N + b) for a, b in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))]
            if all(c in self.on for c in ring):
                out.add(frozenset(ring))
        return out


class Hexade:
    def __init__(self, n: int = 10, max_plies: int = 1000):
        self.board = Board(n)
        self.shapes = [frozenset(Board.name(c) for c in shape) for shape in self.board.shapes()]
        self.coord = dict(zip(self.board.names, self.board.coords))
        self.max_plies = max_plies
        self.stones: dict[str, int] = {}
        self.ply = 0
        self.first_white = None
        self.outcome = None      # (winner or None, reason, sorted cells)
        self.last_captured = []

    def to_move(self) -> int:
        return self.ply % 2

    def sixes(self, player: int) -> list[frozenset]:
        mine = {c for c, p in self.stones.items() if p == player}
        return [s for s in self.shapes if s <= mine]

    def legal_moves(self) -> list[str]:
        if self.outcome:
            return []
        moves = [c for c in self.board.names if c not in self.stones]
        if self.ply == 2:  # White's second stone: distance >= 3 from White's first
            first = self.coord[self.first_white]
            moves = [c for c in moves if self.board.distance(first, self.coord[c]) >= 3]
        return sorted(moves)

    def play(self, move: str) -> None:
        assert move in self.legal_moves(), move
        me, opp = self.to_move(), 1 - self.to_move()
        if self.ply == 0:
            self.first_white = move
        self.stones[move] = me
        L, N = self.coord[move]
        captured = []
        for dL, dN in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
            a, b, c = (self.board.name((L + k * dL, N + k * dN)) for k in (1, 2, 3))
            if (self.stones.get(a) == opp and self.stones.get(b) == opp
                    and self.stones.get(c) == me):
                captured += [a, b]
        for c in captured:
            del self.stones[c]
        self.last_captured = sorted(captured)
        self.ply += 1
        # the state machine of RULES 4.4, literally
        if self.sixes(opp):
            self.outcome = (opp, "six", self.union(self.sixes(opp)))
        elif len(self.stones) == len(self.board.names) or not self.legal_moves():
            mine = self.sixes(me)
            self.outcome = (me, "six", self.union(mine)) if mine else (None, "full-board", ())
        elif not self.sixes(me) and self.ply >= self.max_plies:
            self.outcome = (None, "max-plies", ())

    def pending(self):
        """(player, cells) of a six waiting for the opponent's reply, or None."""
        if self.outcome or self.ply == 0:
            return None
        mover = 1 - self.to_move()
        mine = self.sixes(mover)
        return (mover, self.union(mine)) if mine else None

    @staticmethod
    def union(shapes) -> tuple[str, ...]:
        return tuple(sorted(set().union(*shapes)))
