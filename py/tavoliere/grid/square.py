"""Square boards: cells ``a1``.. with ``a1`` bottom-left, index = rank * width + file."""

from __future__ import annotations

from functools import cached_property, lru_cache

LETTERS = "abcdefghijklmnopqrstuvwxyz"
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
KING = ORTHOGONAL + ((1, 1), (1, -1), (-1, 1), (-1, -1))
LABEL_MARGIN = 0.7


class SquareGrid:
    def __init__(self, width: int, height: int | None = None):
        self.width = width
        self.height = width if height is None else height
        self.size = self.width * self.height
        self.names = [LETTERS[i % self.width] + str(i // self.width + 1) for i in range(self.size)]
        self._index = {name: i for i, name in enumerate(self.names)}

    def index(self, name: str) -> int | None:
        """The index of the cell called ``name``, or None if there is no such cell."""
        return self._index.get(name)

    def coords(self, cell: int) -> tuple[int, int]:
        """(file, rank), both counted from 0."""
        return cell % self.width, cell // self.width

    def at(self, file: int, rank: int) -> int | None:
        if 0 <= file < self.width and 0 <= rank < self.height:
            return rank * self.width + file
        return None

    def step(self, cell: int, dfile: int, drank: int) -> int | None:
        file, rank = self.coords(cell)
        return self.at(file + dfile, rank + drank)

    @cached_property
    def king_neighbours(self) -> tuple[tuple[int, ...], ...]:
        """The up to 8 cells touching each cell by a side or a corner."""
        return tuple(tuple(n for d in KING if (n := self.step(c, *d)) is not None)
                     for c in range(self.size))

    @cached_property
    def l_paths(self) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """For each cell s, the L-paths (p1, p2, t) that leave s and stay on the board: a step
        u then two steps v at a right angle ("1 then 2"), or two steps u then one step v ("2
        then 1"); two paths to each knight destination.  They come in a fixed order (u in
        ``ORTHOGONAL`` order, then v, then "1 then 2" first), which the Barrier solver's node
        counts and the opening book made with it depend on."""
        table = []
        for cell in range(self.size):
            paths = []
            for u in ORTHOGONAL:
                for v in ((u[1], u[0]), (-u[1], -u[0])):     # the two right angles to u
                    for steps in ((u, v, v), (u, u, v)):     # "1 then 2", "2 then 1"
                        path = self.walk(cell, steps)
                        if path is not None:
                            paths.append(path)
            table.append(tuple(paths))
        return tuple(table)

    def walk(self, cell: int, steps) -> tuple[int, ...] | None:
        """The cells reached one step at a time from ``cell``, or None if a step leaves the
        board."""
        cells = []
        for step in steps:
            cell = self.step(cell, *step)
            if cell is None:
                return None
            cells.append(cell)
        return tuple(cells)

    @cached_property
    def symmetries(self) -> list[tuple[int, ...]]:
        """The 8 symmetries of a square board (4 when it is not square), as permutations:
        ``perm[cell]`` is where ``cell`` goes.  The first one is the identity."""
        w, h = self.width, self.height
        maps = [lambda f, r: (f, r), lambda f, r: (w - 1 - f, r),
                lambda f, r: (f, h - 1 - r), lambda f, r: (w - 1 - f, h - 1 - r)]
        if w == h:
            maps += [lambda f, r: (r, f), lambda f, r: (w - 1 - r, f),
                     lambda f, r: (r, w - 1 - f), lambda f, r: (w - 1 - r, w - 1 - f)]
        return [tuple(self.at(*m(*self.coords(c))) for c in range(self.size)) for m in maps]

    def layout(self, tones=None) -> dict:
        """Unit squares, files lettered underneath and ranks numbered on the left; ``tones``
        (a tone for each cell index) marks areas, else the cells are chequered."""
        m = LABEL_MARGIN
        cells = []
        for cell, name in enumerate(self.names):
            file, rank = self.coords(cell)
            x, y = m + file, m + (self.height - 1 - rank)
            tone = (file + rank + 1) % 2 if tones is None else tones[cell]
            cells.append({"name": name, "x": x + 0.5, "y": y + 0.5, "tone": tone,
                          "points": [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]]})
        labels = [{"text": LETTERS[f], "x": m + f + 0.5, "y": m + self.height + m / 2}
                  for f in range(self.width)]
        labels += [{"text": str(r + 1), "x": m / 2, "y": m + self.height - 1 - r + 0.5}
                   for r in range(self.height)]
        return {"kind": "square", "width": self.width + 2 * m, "height": self.height + 2 * m,
                "cells": cells, "labels": labels}

    def diagram(self, marks: dict[int, str]) -> str:
        """Rows from the top, ``.`` for an empty cell, with file letters underneath."""
        rows = []
        for rank in reversed(range(self.height)):
            row = " ".join(marks.get(self.at(f, rank), ".") for f in range(self.width))
            rows.append(f"{rank + 1:>2} {row}")
        rows.append("   " + " ".join(LETTERS[:self.width]))
        return "\n".join(rows)


def on_the_lines(layout: dict, dots=()) -> dict:
    """A square layout drawn as Go and Connect6 boards are: stones on the points where lines
    cross.  The cells keep their squares (what a tap finds) in one tone, and ``lines`` (the
    segments through the centres of each row and column) and ``dots`` (the centres of the
    cells named in ``dots``: star points) are drawn over them.  Such a board is ``upright``:
    as in Go's diagrams, both players see it the same way round, so the page does not turn
    it for the second side unless asked."""
    cells = [{**cell, "tone": 0} for cell in layout["cells"]]
    rows, columns = {}, {}
    for cell in cells:
        rows.setdefault(cell["y"], []).append(cell["x"])
        columns.setdefault(cell["x"], []).append(cell["y"])
    lines = [[[min(xs), y], [max(xs), y]] for y, xs in sorted(rows.items())]
    lines += [[[x, min(ys)], [x, max(ys)]] for x, ys in sorted(columns.items())]
    marked = set(dots)
    return {**layout, "cells": cells, "lines": lines, "upright": True,
            "dots": [[cell["x"], cell["y"]] for cell in cells if cell["name"] in marked]}


@lru_cache(maxsize=None)
def square_grid(width: int, height: int | None = None) -> SquareGrid:
    """One shared grid per board size, so that its tables (``l_paths``, ``symmetries``...)
    are computed once for the rules and the bots alike."""
    return SquareGrid(width, height)
