"""Hexagonal boards of base n (n cells per side, 3n(n-1)+1 cells), shared by Havannah and Hexade.

Notation (RULES.md 3.1): a cell is a letter and a number, ``L`` = letter index (a = 0) and
``N`` = number - 1.  A cell is on the board iff ``0 <= L, N <= 2n-2`` and ``|L - N| <= n-1``;
so on base 10 the corners are a1, a10, j1, j19, s10, s19.  The six neighbours of (L, N) are
(L+-1, N), (L, N+-1), (L+1, N+1) and (L-1, N-1); (L+1, N-1) is *not* adjacent.

Cells are indexed letter by letter: a1, a2, ... a10, b1, ... b11, ..., s19.

>>> grid = HexGrid(10)
>>> grid.size, [grid.names[c] for c in grid.corners]
(271, ['a1', 'a10', 'j1', 'j19', 's10', 's19'])
>>> sorted(grid.names[c] for c in grid.neighbours[grid.index("j10")])
['i10', 'i9', 'j11', 'j9', 'k10', 'k11']
>>> grid.distance(grid.index("j10"), grid.index("k8"))
3
"""

from __future__ import annotations

import math
import re
from functools import cached_property
from itertools import permutations

LETTERS = "abcdefghijklmnopqrstuvwxyz"

# The six directions (dL, dN) in cyclic order around a cell, so that consecutive entries are
# neighbours of each other and direction i + 3 is the opposite of direction i.
DIRECTIONS = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
# The three lines of the board (RULES.md 4.1: A1 same number, A2 same letter, A3 diagonal).
LINE_DIRECTIONS = ((1, 0), (0, 1), (1, 1))

LABEL_MARGIN = 0.6
_NAME = re.compile(r"[a-z][0-9]{1,2}")


class HexGrid:
    """The cells of a base-``base`` hexagonal board, their names, neighbours and symmetries."""

    def __init__(self, base: int):
        if not 2 <= base <= 13:
            raise ValueError(f"a hexagonal board has a base from 2 to 13, not {base}")
        self.base = base
        m = self.radius = base - 1
        self.span = 2 * m + 1  # letters (and numbers) in use: a .. s on base 10
        self.coordinates = tuple((L, N) for L in range(self.span) for N in range(self.span)
                                 if abs(L - N) <= m)
        self.size = len(self.coordinates)
        self._at = {lm: cell for cell, lm in enumerate(self.coordinates)}
        self.names = tuple(LETTERS[L] + str(N + 1) for L, N in self.coordinates)
        self._index = {name: cell for cell, name in enumerate(self.names)}

        # around[cell][i] is the neighbour in DIRECTIONS[i], or None off the board.
        self.around = tuple(tuple(self._at.get((L + dL, N + dN)) for dL, dN in DIRECTIONS)
                            for L, N in self.coordinates)
        self.neighbours = tuple(tuple(n for n in ring if n is not None) for ring in self.around)
        self.is_boundary = tuple(len(ns) < 6 for ns in self.neighbours)

        # A cell is a corner when two cube coordinates are extreme, a side cell when one is.
        extremes = [[axis for axis, v in enumerate(self.cube(c)) if abs(v) == m]
                     for c in range(self.size)]
        self.corners = tuple(c for c in range(self.size) if len(extremes[c]) == 2)
        self.sides = tuple(tuple(c for c in range(self.size)
                                 if len(extremes[c]) == 1 and self._side_number(c) == k)
                           for k in range(6))
        self.side_of = tuple(next((k for k, side in enumerate(self.sides) if c in side), -1)
                             for c in range(self.size))
        self.corner_of = tuple(self.corners.index(c) if c in self.corners else -1
                               for c in range(self.size))

    # -- names and coordinates ----------------------------------------------------------
    def index(self, name: str) -> int | None:
        """The index of the cell called ``name``, or None if there is no such cell."""
        return self._index.get(name)

    def looks_like_cell(self, text: str) -> bool:
        """True for text written like a cell name (a letter and a number), on the board or not."""
        return _NAME.fullmatch(text) is not None

    def coords(self, cell: int) -> tuple[int, int]:
        """(L, N): the letter index and the number - 1."""
        return self.coordinates[cell]

    def at(self, L: int, N: int) -> int | None:
        return self._at.get((L, N))

    def step(self, cell: int, dL: int, dN: int, times: int = 1) -> int | None:
        L, N = self.coordinates[cell]
        return self._at.get((L + dL * times, N + dN * times))

    def cube(self, cell: int) -> tuple[int, int, int]:
        """Cube coordinates (x, y, z) with the centre at (0, 0, 0) and x + y + z = 0."""
        L, N = self.coordinates[cell]
        m = self.radius
        return L - m, N - L, m - N

    def from_cube(self, x: int, y: int, z: int) -> int | None:
        m = self.radius
        return self._at.get((x + m, m - z))

    def distance(self, a: int, b: int) -> int:
        """Hex distance: the fewest steps between neighbours from ``a`` to ``b``."""
        (La, Na), (Lb, Nb) = self.coordinates[a], self.coordinates[b]
        dL, dN = Lb - La, Nb - Na
        return max(abs(dL), abs(dN), abs(dL - dN))

    def _side_number(self, cell: int) -> int:
        """The side (0..5, as in the table of RULES.md 3.1) of a non-corner boundary cell."""
        x, y, z = self.cube(cell)
        m = self.radius
        return {(0, -m): 0, (2, m): 1, (1, -m): 2, (0, m): 3, (2, -m): 4, (1, m): 5}[
            next((axis, v) for axis, v in enumerate((x, y, z)) if abs(v) == m)]

    def line(self, cell: int, direction: tuple[int, int], length: int) -> tuple[int, ...] | None:
        """``length`` cells from ``cell`` along ``direction``, or None if it leaves the board."""
        cells = tuple(self.step(cell, *direction, times=k) for k in range(length))
        return None if None in cells else cells

    # -- symmetries -----------------------------------------------------------------------
    @cached_property
    def symmetries(self) -> list[tuple[int, ...]]:
        """The 12 symmetries of the hexagon as permutations: ``perm[cell]`` is where ``cell``
        goes.  Each permutes the three cube coordinates and maybe negates them all; the first
        is the identity."""
        perms = []
        for sign in (1, -1):
            for order in permutations(range(3)):
                perm = []
                for cell in range(self.size):
                    xyz = self.cube(cell)
                    perm.append(self.from_cube(*(sign * xyz[axis] for axis in order)))
                perms.append(tuple(perm))
        return perms

    # -- drawing --------------------------------------------------------------------------
    def centre(self, L: float, N: float) -> tuple[float, float]:
        """Where (L, N) is drawn before the margin is added: letters are columns going right,
        numbers go up each column (a1 bottom-left, like a chess board), y grows downwards."""
        return L * math.sqrt(3) / 2, L / 2 - N

    def layout(self, tones: dict[int, int] | None = None) -> dict:
        """Flat-topped hexagons one unit apart, letters under the columns, numbers at the
        start of each row (rows of equal number run down to the right).  ``tones`` shades
        chosen cells (cell index: tone; 0, the plain board, for the others)."""
        tones = tones or {}
        radius = 1 / math.sqrt(3)  # centre to corner; centre to edge is 1/2
        corners = [(radius * math.cos(k * math.pi / 3), radius * math.sin(k * math.pi / 3))
                   for k in range(6)]
        m = self.radius
        labels = []
        for L in range(self.span):
            lowest = max(0, L - m)
            x, y = self.centre(L, lowest - 0.85)
            labels.append((LETTERS[L], x, y))
        for N in range(self.span):
            first = max(0, N - m)
            x, y = self.centre(first - 0.85, N)
            labels.append((str(N + 1), x, y))
        xs = [self.centre(L, N)[0] for L, N in self.coordinates]
        ys = [self.centre(L, N)[1] for L, N in self.coordinates]
        left = min(min(xs) - radius, min(x for _, x, _ in labels) - 0.3)
        top = min(min(ys) - 0.5, min(y for _, _, y in labels) - 0.3)
        right = max(max(xs) + radius, max(x for _, x, _ in labels) + 0.3)
        bottom = max(max(ys) + 0.5, max(y for _, _, y in labels) + 0.3)
        dx, dy = LABEL_MARGIN - left, LABEL_MARGIN - top

        def rounded(v: float) -> float:
            return round(v, 4)

        cells = []
        for cell, (L, N) in enumerate(self.coordinates):
            x, y = self.centre(L, N)
            x, y = x + dx, y + dy
            cells.append({"name": self.names[cell], "x": rounded(x), "y": rounded(y), "tone": tones.get(cell, 0),
                          "points": [[rounded(x + cx), rounded(y + cy)] for cx, cy in corners]})
        return {"kind": "hex",
                "width": rounded(right - left + 2 * LABEL_MARGIN),
                "height": rounded(bottom - top + 2 * LABEL_MARGIN),
                "cells": cells,
                "labels": [{"text": t, "x": rounded(x + dx), "y": rounded(y + dy)}
                           for t, x, y in labels]}

    def diagram(self, marks: dict[int, str]) -> str:
        """One text row per number, highest first, ``.`` for an empty cell.  Neighbours sit
        next to each other in a row and diagonally in the rows above and below; each row
        ends with the letters it runs through.

        >>> print(HexGrid(3).diagram({0: "W"}))
         5   . . .     c-e
         4  . . . .    b-e
         3 . . . . .   a-e
         2  . . . .    a-d
         1   W . .     a-c
        """
        m = self.radius
        rows = []
        for N in reversed(range(self.span)):
            line = [" "] * (4 * m + 1)
            first, last = max(0, N - m), min(2 * m, N + m)
            for L in range(first, last + 1):
                line[2 * L - N + m] = marks.get(self._at[(L, N)], ".")
            rows.append(f"{N + 1:>2} {''.join(line)}   {LETTERS[first]}-{LETTERS[last]}")
        return "\n".join(rows)
