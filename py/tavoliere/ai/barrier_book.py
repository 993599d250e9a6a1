"""The Barrier opening book: solved values shipped in ``tavoliere/data/barrier_book.json``.

``make_book`` writes the book: the placement values of every size (``solve_size``), and for
8x8 the winner's first movement after every pair of placements, so that the bot's first
plies need no search (those positions are the slowest to solve).  ``book_move`` and
``black_wins_reply`` read it; a movement position is looked up under its ``canonical`` key,
the same for its 8 symmetric images.  As in the solver, "White" is the player who places
first: the book serves ``first_player=black`` with the colours exchanged.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from .barrier_solver import Solver, kernel, placement_classes, reply_classes, solve_size

__all__ = ["book", "canonical", "book_move", "black_wins_reply", "movement_book", "make_book"]


@lru_cache(maxsize=None)
def book() -> dict:
    """The shipped book (``tavoliere/data/barrier_book.json``, made by ``make_book``):
    ``{"placements": {size: {White's first cell: [Black's winning replies]}},
    "movements": {size: {position key: winning move}}}``; empty if the file is missing."""
    try:
        text = (resources.files("tavoliere") / "data" / "barrier_book.json").read_text()
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return {"placements": {}, "movements": {}}
    data = json.loads(text)
    return {part: {int(size): entry for size, entry in data[part].items()}
            for part in ("placements", "movements")}


def canonical(n: int, obstacles: int, me: int, other: int) -> tuple[str, tuple[int, ...]]:
    """The book key of a movement position, the same for its 8 symmetric images, and the
    symmetry that maps the position onto the key's frame."""
    k = kernel(n)
    best = None
    for perm in k.symmetries:
        image = (k.map_mask(obstacles, perm), perm[me], perm[other])
        if best is None or image < best[0]:
            best = (image, perm)
    (mask, a, b), perm = best
    return f"{mask:x}.{a}.{b}", perm


def book_move(n: int, obstacles: int, me: int, other: int):
    """The winning move the book gives for this position, or None."""
    entry = book()["movements"].get(n)
    if not entry:
        return None
    key, perm = canonical(n, obstacles, me, other)
    name = entry.get(key)
    if name is None:
        return None
    k = kernel(n)
    inverse = {image: cell for cell, image in enumerate(perm)}
    return tuple(inverse[k.names.index(part)] for part in name.split("-"))


def movement_book(n: int, solver: Solver | None = None, placements: dict | None = None,
                  log=None) -> dict:
    """For every pair of placements (up to symmetry), the winner's first movement: White's
    winning first move when White wins, and Black's winning answer to each of White's first
    moves when Black wins.  These are the positions whose solving takes longest."""
    solver = solver or Solver(n)
    k = kernel(n)
    out: dict[str, str] = {}

    def store(obstacles, me, other):
        key, perm = canonical(n, obstacles, me, other)
        if key in out:
            return
        for move in sorted(k.moves(obstacles, me, other),
                           key=lambda m: k.mobility(obstacles | (1 << m[0]) | (1 << m[1])
                                                    | (1 << m[2]), other, m[3])):
            after = obstacles | (1 << move[0]) | (1 << move[1]) | (1 << move[2])
            if not solver.wins(after, other, move[3]):
                out[key] = "-".join(k.names[perm[c]] for c in move)
                return

    for white in placement_classes(n):
        for black in reply_classes(n, white):
            if solver.placement_wins(white, black):
                store(0, white, black)
            else:
                for move in k.moves(0, white, black):
                    after = (1 << move[0]) | (1 << move[1]) | (1 << move[2])
                    store(after, black, move[3])
        if log:
            log(f"{n}x{n} {k.names[white]}: {len(out)} entries, {solver.nodes} nodes")
    return out


def make_book(placement_sizes=range(5, 10), movement_sizes=(8,), log=None) -> str:
    """The text of ``barrier_book.json``."""
    placements, movements = {}, {}
    for n in placement_sizes:
        solver = Solver(n)
        placements[str(n)] = solve_size(n, solver)["black_winning_replies"]
        if n in movement_sizes:
            movements[str(n)] = movement_book(n, solver, log=log)
    return json.dumps({"about": "Barrier opening book made by "
                                "tavoliere.ai.barrier_book.make_book(): "
                                "placements[size][White's first cell] = Black's winning replies; "
                                "movements[size][position key] = the winner's first movement",
                       "placements": placements, "movements": movements},
                      separators=(",", ":"), sort_keys=True)


def black_wins_reply(n: int, white: int, black: int) -> bool | None:
    """From the book: whether Black's placement ``black`` answering ``white`` wins for Black."""
    entry = book()["placements"].get(n)
    if entry is None:
        return None
    k = kernel(n)
    for perm in k.symmetries:
        name = k.names[perm[white]]
        if name in entry:
            return k.names[perm[black]] in entry[name]
    return None
