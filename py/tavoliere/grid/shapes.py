"""Boards that are not grids of equal cells, as layouts (see ``grid``): a mancala's two rows of
pits with a store at each end, a short track of cells, and racks of slots beside a board (a
player's dice waiting to be placed).  The games that use them name the cells; these
functions only place them."""

from __future__ import annotations

import math

MARGIN = 0.6


def pits(top: list[str], bottom: list[str], stores: tuple[str, str] | None = None,
         labels: dict[str, str] | None = None) -> dict:
    """Two rows of round pits, ``top`` left to right above ``bottom`` left to right, and
    optionally two tall stores, ``stores[0]`` at the left end and ``stores[1]`` at the right.
    Pits are circles one unit apart; the counts they hold are the game's pieces (counters).
    ``labels`` names cells as the notation does: a top pit's label stands above it, a bottom
    pit's below it, the left store's above it and the right store's below it (each on its
    owner's side when the top row and the left store are one player's)."""
    if len(top) != len(bottom):
        raise ValueError("the two rows of pits must be as long")
    if len({*top, *bottom, *(stores or ())}) != 2 * len(top) + (2 if stores else 0):
        raise ValueError("every pit and store needs a name of its own")
    store_width = 1.0 if stores else 0.0
    left = MARGIN + store_width + (0.2 if stores else 0.0)
    cells = []
    for row, names in enumerate((top, bottom)):
        for column, name in enumerate(names):
            cells.append({"name": name, "x": left + column + 0.5, "y": MARGIN + row + 0.5,
                          "tone": 0, "radius": 0.42})
    width = left + len(top) + (0.2 + store_width if stores else 0.0) + MARGIN
    if stores:
        for name, x in zip(stores, (MARGIN + 0.5, width - MARGIN - 0.5)):
            cells.append({"name": name, "x": x, "y": MARGIN + 1.0, "tone": 1,
                          "points": _rounded_box(x, MARGIN + 1.0, 0.42, 0.9)})
    texts = labels or {}
    above = {*top, *(stores[:1] if stores else ())}
    return {"kind": "pits", "width": round(width, 4), "height": 2 + 2 * MARGIN,
            "cells": cells,
            "labels": [{"text": texts[cell["name"]], "x": cell["x"],
                        "y": MARGIN / 2 if cell["name"] in above else MARGIN + 2 + MARGIN / 2}
                       for cell in cells if cell["name"] in texts]}


def track(names: list[str], labels: list[str] | None = None,
          stores: tuple[str, str] | None = None) -> dict:
    """A row of square cells left to right, each with a label underneath (``labels``,
    by default none); ``tone`` 1 marks the two ends, a track's goals.  ``stores``, when
    given, adds a round-ended box at each end (``stores[0]`` at the left, ``stores[1]`` at
    the right), tone 2, to hold what the players have left (a bidding game's points)."""
    if len(set(names) | set(stores or ())) != len(names) + (2 if stores else 0):
        raise ValueError("every cell and store needs a name of its own")
    left = MARGIN + (1.2 if stores else 0.0)
    cells = []
    for i, name in enumerate(names):
        x, end = round(left + i, 4), round(left + i + 1, 4)
        tone = 1 if i in (0, len(names) - 1) else 0
        cells.append({"name": name, "x": round(x + 0.5, 4), "y": MARGIN + 0.5, "tone": tone,
                      "points": [[x, MARGIN], [end, MARGIN], [end, MARGIN + 1], [x, MARGIN + 1]]})
    width = left + len(names) + (1.2 if stores else 0.0) + MARGIN
    if stores:
        for name, x in zip(stores, (MARGIN + 0.5, width - MARGIN - 0.5)):
            cells.append({"name": name, "x": x, "y": MARGIN + 0.5, "tone": 2,
                          "points": _rounded_box(x, MARGIN + 0.5, 0.42, 0.5)})
    texts = labels or []
    return {"kind": "track", "width": round(width, 4), "height": 1 + 2 * MARGIN,
            "cells": cells,
            "labels": [{"text": text, "x": round(left + i + 0.5, 4), "y": MARGIN + 1 + MARGIN / 2}
                       for i, text in enumerate(texts)]}


def square_cell(name: str, x: float, y: float, size: float, tone: int) -> dict:
    """A square cell of side ``size`` with its top left corner at (x, y), drawn a little
    inside its place so that neighbouring ones stand apart."""
    inset = size * 0.06
    low, high = (round(x + inset, 4), round(y + inset, 4)), (round(x + size - inset, 4),
                                                            round(y + size - inset, 4))
    return {"name": name, "x": round(x + size / 2, 4), "y": round(y + size / 2, 4), "tone": tone,
            "points": [[low[0], low[1]], [high[0], low[1]], [high[0], high[1]], [low[0], high[1]]]}


def racks(groups: list[list[str]], y: float, width: float, unit: float,
          tones: tuple[int, int] = (3, 2), gap: float = 0.4) -> list[dict]:
    """One row of racks centred across ``width`` at height ``y``: each group (a player's
    rack, its slots named in order) a row of squares of side ``unit``, the first in
    ``tones[0]`` (a counter, say) and the others in ``tones[1]``; racks ``gap`` apart."""
    span = sum(len(group) for group in groups) * unit + (len(groups) - 1) * gap
    x, cells = (width - span) / 2, []
    for group in groups:
        for slot, name in enumerate(group):
            cells.append(square_cell(name, x + slot * unit, y, unit, tones[0] if slot == 0 else tones[1]))
        x += len(group) * unit + gap
    return cells


def _rounded_box(x: float, y: float, half_width: float, half_height: float) -> list:
    """A box with round ends (a stadium) around (x, y), as a polygon."""
    points = []
    for sign, start in ((-1, math.pi), (1, 0.0)):  # the top cap left to right, then the bottom
        cy = y + sign * (half_height - half_width)
        for k in range(9):
            angle = start + k * math.pi / 8
            points.append([round(x + half_width * math.cos(angle), 4),
                           round(cy + half_width * math.sin(angle), 4)])
    return points
