"""Hexade (Christian Freeling, 1992), RULES.md section 4.

Played on the Havannah board (base 10 by default, any base 4..10 with ``size``), empty at
the start; White moves first.  Each turn the mover places one stone on any empty cell;
there is no passing.  White's second stone must be at distance 3 or more from White's first.

**Capture** (custodian, pairs only, automatic): when the mover's new stone s has, in some
direction, two opponent stones right after it and then one of the mover's stones, those two
stones are removed.  Every direction is checked at once.  Only the new stone captures, and
only exactly two stones: one stone, or three in a row, are never captured.

**Six**: a player has a six when their stones fill one of these shapes:
six cells in a row on one of the three lines (longer rows count), the compact triangle of
side three in either orientation, or the six neighbours of any cell not on the edge (the
centre may hold anything).  A six wins if it survives the opponent's next move.  After each
move (placement and captures) of M, with O the opponent:

- if O still has a six (made on O's previous move, not broken by M's captures), O wins;
- else if M has a six, it is *pending*: O gets one reply to break it by capture;
- if the board is then full, M wins with a six, otherwise the game is drawn ("full-board");
- with no six pending, the game is drawn after ``max_plies`` moves ("max-plies").

A move is ``(cell,)``, named like ``e5``; its captures follow from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..core import Game, IllegalMove, InvalidMove, Option, Outcome, move_limit, piece, register
from ..messages import Problem, excerpt
from ..grid.hexhex import DIRECTIONS, LINE_DIRECTIONS, HexGrid

EMPTY, OFF = 0, 3        # kernel cell values; a stone of player p is p + 1
SECOND_STONE_DISTANCE = 3  # White's second stone keeps this distance from its first


def six_shapes(grid: HexGrid) -> tuple[tuple[int, ...], ...]:
    """Every cell set that makes a six on ``grid``, each sorted, without repeats:
    6-windows on the three lines, the triangles TA and TB, the rings around inner cells."""
    shapes = set()
    for cell in range(grid.size):
        L, N = grid.coords(cell)
        for direction in LINE_DIRECTIONS:
            window = grid.line(cell, direction, 6)
            if window:
                shapes.add(tuple(sorted(window)))
        for offsets in (((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)),    # TA
                        ((0, 0), (1, 0), (2, 0), (1, 1), (2, 1), (2, 2))):   # TB
            triangle = [grid.at(L + dL, N + dN) for dL, dN in offsets]
            if None not in triangle:
                shapes.add(tuple(sorted(triangle)))
        if not grid.is_boundary[cell]:
            shapes.add(tuple(sorted(grid.neighbours[cell])))
    return tuple(sorted(shapes))


class Geometry:
    """Flat tables of one board size: capture triples and the sixes through each cell."""

    def __init__(self, base: int):
        grid = self.grid = HexGrid(base)
        self.size = off = grid.size
        self.around = tuple(tuple(off if n is None else n for n in ring)
                            for ring in grid.around) + ((off,) * 6,)
        # (s+d, s+2d, s+3d) for each direction d that stays on the board
        lines = [[grid.line(cell, d, 4) for d in DIRECTIONS] for cell in range(grid.size)]
        self.captures = tuple(tuple(line[1:] for line in cell_lines if line)
                              for cell_lines in lines)
        self.shapes = six_shapes(grid)
        through = [[] for _ in range(grid.size)]
        for shape in self.shapes:
            for cell in shape:
                through[cell].append(shape)
        self.shapes_at = tuple(tuple(shapes) for shapes in through)
        # the other five cells of each shape through a cell, for the test after a placement
        self.rest_at = tuple(tuple(tuple(c for c in shape if c != cell) for shape in shapes)
                             for cell, shapes in enumerate(self.shapes_at))


@lru_cache(maxsize=None)
def geometry(base: int) -> Geometry:
    return Geometry(base)


class HexadeBoard:
    """A mutable Hexade position for fast play.  ``owner[cell]`` is 0, 1 (White) or 2 (Black);
    ``pending`` lists the sixes of the player who moved last.  ``place`` resolves a move
    completely (captures, sixes, the end of the game) and returns the captured cells;
    ``result`` is then None or (winner 0/1 or None, reason, cells)."""

    __slots__ = ("geo", "max_plies", "owner", "ply", "pending", "empty", "result")

    def __init__(self, base: int = 10, max_plies: int = 1000):
        geo = self.geo = geometry(base)
        self.max_plies = max_plies
        self.owner = [EMPTY] * geo.size + [OFF]
        self.ply = 0
        self.pending = ()
        self.empty = geo.size
        self.result = None

    def copy(self) -> HexadeBoard:
        other = HexadeBoard.__new__(HexadeBoard)
        other.geo, other.max_plies = self.geo, self.max_plies
        other.owner = self.owner[:]
        other.ply, other.pending, other.empty, other.result = (
            self.ply, self.pending, self.empty, self.result)
        return other

    def place(self, s: int) -> list[int]:
        """Play the mover's stone on the empty cell ``s``; the cells it captured."""
        owner, geo = self.owner, self.geo
        m = 1 + self.ply % 2
        o = 3 - m
        owner[s] = m
        captured = []
        for a, b, c in geo.captures[s]:
            if owner[a] == o and owner[b] == o and owner[c] == m:
                owner[a] = owner[b] = EMPTY
                captured += (a, b)
        self.ply += 1
        self.empty += len(captured) - 1
        if self.pending:
            # the opponent's six survives unless a stone of every one of its shapes was taken
            survivors = [shape for shape in self.pending
                         if not captured or not any(c in captured for c in shape)]
            if survivors:
                self.pending = ()
                self.result = (o - 1, "six", _union(survivors))
                return captured
        # M had no six before this move (O's move would have ended the game), and M's stones
        # only grew by s: M's sixes are the shapes through s, each holding a neighbour of s
        sixes = ()
        if m in [owner[n] for n in geo.around[s]]:
            sixes = tuple([shape for shape, (a, b, c, d, e)
                           in zip(geo.shapes_at[s], geo.rest_at[s])
                           if owner[a] == m and owner[b] == m and owner[c] == m
                           and owner[d] == m and owner[e] == m])
        self.pending = sixes
        if self.empty == 0:
            self.result = (m - 1, "six", _union(sixes)) if sixes else (None, "full-board", ())
        elif not sixes and self.ply >= self.max_plies:
            self.result = (None, "max-plies", ())
        return captured

    def forbidden(self) -> set[int]:
        """Cells barred to White's second stone (empty cells near White's first stone)."""
        if self.ply != 2:
            return set()
        grid, first = self.geo.grid, self.owner.index(1)
        return {c for c in range(grid.size) if self.owner[c] == EMPTY
                and grid.distance(first, c) < SECOND_STONE_DISTANCE}


def _union(shapes) -> tuple[int, ...]:
    return tuple(sorted({c for shape in shapes for c in shape}))


# -- the rule book ----------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class HexadeState:
    """A position: ``board[cell]`` is 0 (empty), 1 (White) or 2 (Black), ``ply`` counts the
    moves played.  ``captured`` (cells the last move took), ``pending`` (the last mover's
    sixes waiting for the reply) and ``outcome`` follow from the moves and take no part in
    equality."""

    board: tuple[int, ...]
    ply: int
    captured: tuple[int, ...] = field(default=(), compare=False)
    pending: tuple[tuple[int, ...], ...] = field(default=(), compare=False)
    outcome: Outcome | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        return f"HexadeState(ply={self.ply}, stones={len(self.board) - self.board.count(0)})"


@register
class Hexade(Game):
    name = "hexade"
    title = "Hexade"
    author = "Christian Freeling, 1992"
    minutes = 20
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "try", "spec": "hexade(size=4)", "playout": 58, "plies": 4, "try": True},
        {"caption": "win", "spec": "hexade(size=4)", "playout": 58},
    )
    options = (
        Option("size", 10, low=4, high=10,
               help="cells per side of the hexagon (8 is the 169-cell variant)"),
        move_limit(1000, 10000, help="draw after this many moves with no six pending"),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.base = self.settings["size"]
        self.geo = geometry(self.base)
        self.grid = self.geo.grid

    def kernel(self, state: HexadeState) -> HexadeBoard:
        """A fresh mutable HexadeBoard holding ``state``, for searches and playouts."""
        kernel = HexadeBoard.__new__(HexadeBoard)
        kernel.geo, kernel.max_plies = self.geo, self.settings["max_plies"]
        kernel.owner = list(state.board) + [OFF]
        kernel.ply, kernel.pending = state.ply, state.pending
        kernel.empty = state.board.count(EMPTY)
        outcome = state.outcome
        kernel.result = None if outcome is None else (
            outcome.winner, outcome.reason, tuple(self.grid.index(c) for c in outcome.cells))
        return kernel

    def initial_state(self) -> HexadeState:
        return HexadeState((EMPTY,) * self.grid.size, 0)

    def to_move(self, state: HexadeState) -> int:
        return state.ply % 2

    def legal_moves(self, state: HexadeState) -> list:
        if state.outcome is not None:
            return []
        forbidden = self.kernel(state).forbidden()
        return [(cell,) for cell, value in enumerate(state.board)
                if value == EMPTY and cell not in forbidden]

    def apply(self, state: HexadeState, move) -> HexadeState:
        kernel = self.kernel(state)
        captured = kernel.place(move[0])
        outcome = None
        if kernel.result is not None:
            winner, reason, cells = kernel.result
            outcome = Outcome(winner, reason, tuple(self.grid.names[c] for c in cells))
        return HexadeState(tuple(kernel.owner[:-1]), kernel.ply, tuple(sorted(captured)),
                           kernel.pending, outcome)

    def outcome(self, state: HexadeState) -> Outcome | None:
        return state.outcome

    def move_name(self, move) -> str:
        return self.grid.names[move[0]]

    def clicks(self, move) -> tuple[str, ...]:
        return (self.grid.names[move[0]],)

    def parse_move(self, text: str, state: HexadeState):
        """A cell name such as ``e5``."""
        text = text.strip()
        cell = self.grid.index(text)
        if cell is None:
            if self.grid.looks_like_cell(text):
                raise InvalidMove("hex.not-a-cell", cell=excerpt(text, quoted=False),
                                  base=self.base)
            raise InvalidMove("hexade.notation", move=excerpt(text))
        name = self.grid.names[cell]
        if state.outcome is not None:
            raise IllegalMove("move.game-over", move=name)
        if state.board[cell] != EMPTY:
            raise IllegalMove("move.occupied", cell=name)
        if cell in self.kernel(state).forbidden():
            first = state.board.index(1)
            raise IllegalMove("hexade.second-stone", cell=name,
                              distance=self.grid.distance(first, cell),
                              first=self.grid.names[first], min=SECOND_STONE_DISTANCE)
        return (cell,)

    def notes(self, state: HexadeState) -> dict:
        names = self.grid.names
        pending = None
        if state.pending and state.outcome is None:
            pending = {"player": 1 - state.ply % 2,
                       "cells": [names[c] for c in _union(state.pending)]}
        notes = {"captured": [names[c] for c in state.captured], "pending": pending}
        if state.ply == 2 and state.outcome is None:
            notes["forbidden"] = [names[c] for c in sorted(self.kernel(state).forbidden())]
        return notes

    def marks(self, state: HexadeState) -> dict:
        """A pending six is ringed and explained; the second stone's forbidden cells are shaded;
        the stones just captured fade out."""
        notes = self.notes(state)
        marks = {"leaving": notes["captured"]}
        if notes["pending"]:
            player = notes["pending"]["player"]
            marks["highlight"] = notes["pending"]["cells"]
            marks["message"] = {"key": "pending-six", "params": {"player": player, "opponent": 1 - player}}
        elif notes.get("forbidden"):
            marks["shaded"] = notes["forbidden"]
            marks["message"] = {"key": "forbidden-zone", "params": {}}
        return marks

    def pieces(self, state: HexadeState) -> dict[str, str]:
        return {self.grid.names[c]: piece("stone", v - 1)
                for c, v in enumerate(state.board) if v != EMPTY}

    def layout(self) -> dict:
        return self.grid.layout()

    def diagram(self, state: HexadeState) -> str:
        return self.grid.diagram({c: "WB"[v - 1] for c, v in enumerate(state.board) if v})

    # -- positions as text (core.Game.position_text) ------------------------------------------
    def position_counters(self, state: HexadeState) -> dict[str, object]:
        """The ply: it says who moves, when White's second stone is restricted and when the
        move limit draws."""
        return {"ply": state.ply}

    def position_from(self, pieces, mover: int, counters) -> HexadeState:
        """Stones of both colours.  Captures make stone counts say little, so without ``ply``
        the ply is the number of stones, plus one if that gives the wrong side to move.  The
        pending sixes are the last mover's sixes on the board; an open position has none of
        the mover's (it would have won already)."""
        board = self.cells_of(pieces, {"stone.0": 1, "stone.1": 2}, self.grid.size,
                              self.grid.index)
        placed = self.grid.size - board.count(EMPTY)
        ply = self.counter(counters, "ply", 0, self.settings["max_plies"],
                           placed + (placed % 2 != mover))
        if placed > ply or (ply <= 2 and board.count(2) != ply // 2):
            raise Problem("position.count", piece="stone", count=placed, allowed=ply)
        last = 2 - ply % 2            # the colour that moved last
        sixes = {colour: tuple(shape for shape in self.geo.shapes
                               if all(board[c] == colour for c in shape)) for colour in (1, 2)}
        state = HexadeState(tuple(board), ply, (), sixes[last] if ply else ())
        outcome = None
        if sixes[3 - last]:
            outcome = Outcome(2 - last, "six")
        elif board.count(EMPTY) == 0:
            outcome = Outcome(last - 1, "six") if sixes[last] else Outcome(None, "full-board")
        elif ply >= self.settings["max_plies"] and not sixes[last]:
            outcome = Outcome(None, "max-plies")
        if outcome is not None:
            raise Problem("position.over", **outcome.message_params(self))
        return state

    # -- texts (after the rules they word): the rules, labels, messages -----------------------
    texts = {
        "en": {
            "tagline": "Complete a six-stone shape that survives a turn, capturing pairs on the way.",
            "rules": [
                "Hexade (Christian Freeling, 1992) is played on the Havannah board. Players take "
                "turns placing one stone on any empty cell. White's second stone must be at "
                "least three cells away from White's first (the shaded cells are forbidden).",
                "Capture: when the stone just placed closes exactly two enemy stones in a straight "
                "line between itself and another stone of its colour, those two are removed, in "
                "every possible direction at once. Only the stone just placed can capture, so a "
                "stone may safely be placed between two enemy stones.",
                "Goal: a perfect six of your own stones: six (or more) in a row, a triangle of "
                "six, or a hexagon (the six cells around any cell). The six must survive your "
                "opponent's next move: if they break it with a capture, play goes on; if not, "
                "you win.",
                "Tavoliere adds a rule, so that every game ends: the game is drawn when the board "
                "fills up without a six, or after 1000 plies.",
            ],
            "option.size": "Cells per side",
            "option.size.header": "side {value}",
            "reason.six": "a perfect six",
            "message.pending-six": "{player} has a perfect six: {opponent} must break it with a "
                                   "capture right now, or lose.",
            "message.forbidden-zone": "White's second stone must be at least three cells away "
                                      "from the first: the shaded cells are forbidden.",
        },
        "it": {
            "tagline": "Completa una figura di sei pedine che resista un turno, catturando coppie.",
            "rules": [
                "Hexade (Christian Freeling, 1992) si gioca sul tavoliere di Havannah. A turno si "
                "colloca una pedina su una casella vuota. La seconda pedina del Bianco non può "
                "essere collocata entro due caselle dalla prima (le caselle ombreggiate sono "
                "vietate).",
                "La cattura avviene per custodia: quando la pedina appena collocata chiude "
                "esattamente due pedine avversarie in linea retta fra sé e un'altra pedina dello "
                "stesso colore, quelle due vengono tolte, in tutte le direzioni possibili, "
                "contemporaneamente. Solo la "
                "pedina appena collocata può catturare: si può quindi collocare una pedina fra "
                "due avversarie senza alcun rischio.",
                "Scopo: formare un «6 perfetto», cioè sei (o più) pedine in fila, un triangolo di "
                "sei oppure un esagono (le sei caselle intorno a una casella). Il 6 perfetto deve "
                "resistere alla mossa successiva dell'avversario: se questi lo spezza con una "
                "cattura si continua, altrimenti si vince.",
                "Qui si aggiunge una regola, perché ogni partita finisca: la partita è patta se "
                "il tavoliere si riempie senza un 6 perfetto, oppure dopo 1000 semimosse.",
            ],
            "option.size": "Caselle per lato",
            "option.size.header": "lato {value}",
            "reason.six": "6 perfetto",
            "message.pending-six": "Il {player} ha un 6 perfetto: il {opponent} deve spezzarlo "
                                   "subito con una cattura, altrimenti perde.",
            "message.forbidden-zone": "La seconda pedina del Bianco non può essere collocata "
                                      "entro due caselle dalla prima: le caselle ombreggiate "
                                      "sono vietate.",
        },
    }
