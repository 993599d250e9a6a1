"""Havannah (Christian Freeling, 1979/80), RULES.md section 3.

Two players place stones in turn, White first, one stone on any empty cell of a hexagonal
board (base 10 by default; any base 4..10 with ``size``).  Stones never move and are never
captured; there is no passing.  Right after a placement the mover wins if their stones hold

- a **ring**: a chain going around at least one cell, whatever fills the inside (empty,
  the opponent's or the mover's own stones); the board edge cannot close a ring.  With
  ``ring_needs_empty=true`` (Schmittberger) the inside must hold at least one empty cell;
- a **bridge**: one chain holding two of the six corners;
- a **fork**: one chain touching three of the six sides; corners belong to no side, but a
  chain may run through a corner.

A full board with no structure is a draw ("full-board").  With ``swap=true`` Black's first
move may be ``swap``: White's stone becomes Black's and White moves next.

Moves are ``(cell,)`` (named like ``j10``) and, for the swap, ``(cell, SWAP)`` where ``cell``
holds White's first stone (named ``swap``; the page shows it as a button).

The rule book keeps immutable states.  Each one carries a snapshot of a small union-find
(``HavannahBoard``, the mutable kernel below) so that a move costs the same at any stage:
a stone merges the groups it touches, each group leader keeps bitmasks of the sides and
corners it touches, and a ring is looked for only when the stone touches one group twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..core import Game, IllegalMove, InvalidMove, Option, Outcome, piece, register
from ..messages import Problem, excerpt
from ..grid.hexhex import HexGrid

SWAP = -1            # second element of the swap move (cell, SWAP)
EMPTY, OFF = 0, 3    # kernel cell values; a stone of player p is p + 1
RING, BRIDGE, FORK = 1, 2, 4
REASONS = ((RING, "ring"), (BRIDGE, "bridge"), (FORK, "fork"))


def reason_text(flags: int) -> str:
    """``"ring"``, ``"bridge"``, ``"fork"`` or several joined with ``+`` in that order."""
    return "+".join(word for flag, word in REASONS if flags & flag)


# -- the kernel -------------------------------------------------------------------------------
def _arcs(pattern: int) -> tuple[int, ...]:
    """One direction per run of set bits in the cyclic 6-bit ``pattern`` (own neighbours)."""
    if pattern == 63:
        return (0,)
    return tuple(i for i in range(6)
                 if pattern >> i & 1 and not pattern >> ((i - 1) % 6) & 1)


def _enclosable(pattern: int) -> tuple[int, ...]:
    """Directions of own neighbours that may now be surrounded by own stones: those whose two
    cyclic neighbours (the cells they share with the new stone) are own as well."""
    return tuple(i for i in range(6)
                 if all(pattern >> ((i + k) % 6) & 1 for k in (-1, 0, 1)))


def _win_flags(mask: int) -> int:
    """Bridge and fork flags of a group touching the sides (bits 0-5) and corners (6-11)."""
    sides, corners = bin(mask & 63).count("1"), bin(mask >> 6).count("1")
    return (BRIDGE if corners >= 2 else 0) | (FORK if sides >= 3 else 0)


ARCS = tuple(_arcs(p) for p in range(64))
ENCLOSABLE = tuple(_enclosable(p) for p in range(64))
WIN = tuple(_win_flags(mask) for mask in range(1 << 12))


class Geometry:
    """Flat tables of one board size for the kernel; the cell ``size`` is an off-board
    sentinel so that every cell has exactly six neighbours, in cyclic order."""

    def __init__(self, base: int):
        grid = self.grid = HexGrid(base)
        self.size = off = grid.size
        self.around = tuple(tuple(off if n is None else n for n in ring)
                            for ring in grid.around) + ((off,) * 6,)
        edge = []
        for cell in range(grid.size):
            if grid.corner_of[cell] >= 0:
                edge.append(1 << (6 + grid.corner_of[cell]))
            elif grid.side_of[cell] >= 0:
                edge.append(1 << grid.side_of[cell])
            else:
                edge.append(0)
        self.edge = tuple(edge) + (0,)
        self.is_boundary = grid.is_boundary + (True,)


@lru_cache(maxsize=None)
def geometry(base: int) -> Geometry:
    return Geometry(base)


class HavannahBoard:
    """A mutable Havannah position for fast play (the rule book's moves and the AI's playouts).

    ``owner[cell]`` is 0 (empty), 1 (White) or 2 (Black); ``own[p][cell]`` is the 6-bit pattern
    of the cell's neighbours holding p's stones, bit i for direction i.  Groups are a
    union-find (``parent``) whose leaders keep ``mask``: the sides and corners they touch.
    ``place`` returns the RING / BRIDGE / FORK flags the stone completes (0 for none).
    """

    __slots__ = ("geo", "needs_empty", "owner", "parent", "mask", "own", "turn", "empty")

    def __init__(self, base: int = 10, ring_needs_empty: bool = False):
        geo = self.geo = geometry(base)
        n = geo.size + 1
        self.needs_empty = ring_needs_empty
        self.owner = [EMPTY] * geo.size + [OFF]
        self.parent = list(range(n))
        self.mask = [0] * n
        self.own = (None, [0] * n, [0] * n)
        self.turn = 1
        self.empty = geo.size

    def copy(self) -> HavannahBoard:
        other = HavannahBoard.__new__(HavannahBoard)
        other.geo, other.needs_empty = self.geo, self.needs_empty
        other.owner, other.parent, other.mask = self.owner[:], self.parent[:], self.mask[:]
        other.own = (None, self.own[1][:], self.own[2][:])
        other.turn, other.empty = self.turn, self.empty
        return other

    def find(self, cell: int) -> int:
        parent = self.parent
        while parent[cell] != cell:
            parent[cell] = cell = parent[parent[cell]]
        return cell

    def place(self, s: int) -> int:
        """Put the mover's stone on the empty cell ``s``; the flags of what it completes."""
        p = self.turn
        self.turn = 3 - p
        self.owner[s] = p
        self.empty -= 1
        own = self.own[p]
        pattern = own[s]
        ring = self.geo.around[s]
        n0, n1, n2, n3, n4, n5 = ring
        # s is in direction i + 3 seen from its neighbour in direction i
        own[n0] |= 8
        own[n1] |= 16
        own[n2] |= 32
        own[n3] |= 1
        own[n4] |= 2
        own[n5] |= 4
        parent, mask = self.parent, self.mask
        if not pattern:
            parent[s] = s
            mask[s] = self.geo.edge[s]
            return 0
        arcs = ARCS[pattern]
        flags = 0
        # stones of one arc touch each other, so one find per arc is enough
        leader = ring[arcs[0]]
        while parent[leader] != leader:
            parent[leader] = leader = parent[parent[leader]]
        joined = self.geo.edge[s] | mask[leader]
        for i in arcs[1:]:
            other = ring[i]
            while parent[other] != other:
                parent[other] = other = parent[parent[other]]
            if other == leader:
                # Two separate contacts with one group close a cycle through s.  Around s the
                # cycle has a gap of non-own neighbours on each side; the gap inside the cycle
                # holds a board cell (nothing off the board is inside), which is now enclosed.
                # Conversely a newly enclosed cell was connected to the edge through s, so s
                # touches its wall twice.  (Before this move there was no ring: game over.)
                flags = RING
            else:
                joined |= mask[other]
                parent[other] = leader
        parent[s] = leader
        mask[leader] = joined
        flags |= WIN[joined]
        if self.needs_empty:
            if flags & RING and not self._encloses_empty(s, p):
                flags &= ~RING
        elif pattern == 63 or any(own[ring[i]] == 63 for i in ENCLOSABLE[pattern]):
            flags |= RING  # an own stone with six own neighbours is inside a ring
        return flags

    def _encloses_empty(self, s: int, p: int) -> bool:
        """Schmittberger: does a region of non-own cells next to ``s`` that cannot reach the
        board edge hold an empty cell?  (Run only when ``s`` closed a cycle.)"""
        owner, around, boundary = self.owner, self.geo.around, self.geo.is_boundary
        off = self.geo.size
        seen = set()
        for start in around[s]:
            if start == off or owner[start] == p or start in seen:
                continue
            seen.add(start)
            stack, is_open, has_empty = [start], False, False
            while stack:
                cell = stack.pop()
                is_open = is_open or boundary[cell]
                has_empty = has_empty or owner[cell] == EMPTY
                for n in around[cell]:
                    if n != off and owner[n] != p and n not in seen:
                        seen.add(n)
                        stack.append(n)
            if has_empty and not is_open:
                return True
        return False

    def swap(self) -> None:
        """Black takes over White's only stone; White moves next."""
        cell = self.owner.index(1)
        self.owner[cell] = 2
        for i, n in enumerate(self.geo.around[cell]):
            bit = 1 << ((i + 3) % 6)
            self.own[1][n] &= ~bit
            self.own[2][n] |= bit
        self.turn = 1

    def play_out(self, order) -> tuple[int, int, int]:
        """Place stones in turn on the cells of ``order`` (all empty, e.g. the empty cells
        shuffled) until someone wins or the cells run out: (winner 0/1 or -1 for none, flags,
        stones placed).  This is ``place`` with everything in local variables, for random
        playouts; tests check that both agree."""
        geo = self.geo
        owner, parent, mask, own_of = self.owner, self.parent, self.mask, self.own
        around, edge = geo.around, geo.edge
        arcs_of, enclosable, win = ARCS, ENCLOSABLE, WIN
        needs_empty = self.needs_empty
        p = self.turn
        placed = 0
        for s in order:
            owner[s] = p
            placed += 1
            own = own_of[p]
            pattern = own[s]
            ring = around[s]
            n0, n1, n2, n3, n4, n5 = ring
            own[n0] |= 8
            own[n1] |= 16
            own[n2] |= 32
            own[n3] |= 1
            own[n4] |= 2
            own[n5] |= 4
            if not pattern:
                parent[s] = s
                mask[s] = edge[s]
                p = 3 - p
                continue
            arcs = arcs_of[pattern]
            flags = 0
            leader = ring[arcs[0]]
            while parent[leader] != leader:
                parent[leader] = leader = parent[parent[leader]]
            joined = edge[s] | mask[leader]
            if len(arcs) > 1:
                for i in arcs[1:]:
                    other = ring[i]
                    while parent[other] != other:
                        parent[other] = other = parent[parent[other]]
                    if other == leader:
                        flags = RING
                    else:
                        joined |= mask[other]
                        parent[other] = leader
            parent[s] = leader
            mask[leader] = joined
            flags |= win[joined]
            if needs_empty:
                if flags & RING and not self._encloses_empty(s, p):
                    flags &= ~RING
            elif pattern == 63:
                flags |= RING
            else:
                for i in enclosable[pattern]:
                    if own[ring[i]] == 63:
                        flags |= RING
            if flags:
                self.turn, self.empty = 3 - p, self.empty - placed
                return p - 1, flags, placed
            p = 3 - p
        self.turn, self.empty = p, self.empty - placed
        return -1, 0, placed


# -- the rule book ----------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class HavannahState:
    """A position: ``board[cell]`` is 0 (empty), 1 (White) or 2 (Black); ``ply`` counts the
    moves played (a swap is a move).  The union-find snapshot and the outcome are derived
    from these two and take no part in equality."""

    board: tuple[int, ...]
    ply: int
    outcome: Outcome | None = field(default=None, compare=False)
    kernel: tuple = field(default=(), compare=False)  # (parent, mask, own White, own Black)

    def __repr__(self) -> str:
        return f"HavannahState(ply={self.ply}, stones={len(self.board) - self.board.count(0)})"


@register
class Havannah(Game):
    name = "havannah"
    title = "Havannah"
    author = "Christian Freeling, 1979"
    minutes = 25
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "try", "spec": "havannah(size=4)", "playout": 124, "plies": 10, "try": True},
        {"caption": "bridge", "spec": "havannah(size=4)", "playout": 124},
        {"caption": "fork", "spec": "havannah(size=4)", "playout": 154},
        {"caption": "ring", "spec": "havannah(size=4)", "playout": 305},
    )
    options = (
        Option("size", 10, low=4, high=10,
               help="cells per side of the hexagon (8 is the 169-cell variant)"),
        Option("swap", False, help="Black's first move may take over White's first stone"),
        Option("ring_needs_empty", False, help="Schmittberger: a ring must enclose an empty cell"),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.base = self.settings["size"]
        self.geo = geometry(self.base)
        self.grid = self.geo.grid

    # -- the kernel and the state ---------------------------------------------------------
    def kernel(self, state: HavannahState) -> HavannahBoard:
        """A fresh mutable HavannahBoard holding ``state``, for searches and playouts."""
        kernel = HavannahBoard.__new__(HavannahBoard)
        kernel.geo, kernel.needs_empty = self.geo, self.settings["ring_needs_empty"]
        kernel.owner = list(state.board) + [OFF]
        parent, mask, white, black = state.kernel
        kernel.parent, kernel.mask = list(parent), list(mask)
        kernel.own = (None, list(white), list(black))
        kernel.turn = 1 + state.ply % 2
        kernel.empty = state.board.count(EMPTY)
        return kernel

    def initial_state(self) -> HavannahState:
        kernel = HavannahBoard(self.base, self.settings["ring_needs_empty"])
        return HavannahState(tuple(kernel.owner[:-1]), 0, None,
                             (tuple(kernel.parent), tuple(kernel.mask),
                              tuple(kernel.own[1]), tuple(kernel.own[2])))

    def to_move(self, state: HavannahState) -> int:
        return state.ply % 2

    def legal_moves(self, state: HavannahState) -> list:
        if state.outcome is not None:
            return []
        moves = [(cell,) for cell, value in enumerate(state.board) if value == EMPTY]
        if self.settings["swap"] and state.ply == 1:
            moves.append((state.board.index(1), SWAP))
        return moves

    def apply(self, state: HavannahState, move) -> HavannahState:
        kernel = self.kernel(state)
        if len(move) == 2:
            kernel.swap()
            flags = 0
        else:
            flags = kernel.place(move[0])
        board = tuple(kernel.owner[:-1])
        outcome = None
        if flags:
            outcome = Outcome(state.ply % 2, reason_text(flags),
                              self._structure(board, move[0], flags))
        elif kernel.empty == 0:
            outcome = Outcome(None, "full-board")
        return HavannahState(board, state.ply + 1, outcome,
                             (tuple(kernel.parent), tuple(kernel.mask),
                              tuple(kernel.own[1]), tuple(kernel.own[2])))

    def outcome(self, state: HavannahState) -> Outcome | None:
        return state.outcome

    # -- the winning structure, for the page ----------------------------------------------
    def _structure(self, board, last: int, flags: int) -> tuple[str, ...]:
        """The stones to highlight: the chain of the last stone for a bridge or a fork, else
        the stones of that chain that wall in the enclosed cells (the ring itself)."""
        chain = self._chain(board, last)
        if not flags & (BRIDGE | FORK):
            enclosed = self._enclosed(board, board[last])
            neighbours = self.grid.neighbours
            chain = {c for c in chain if c not in enclosed
                     and any(n in enclosed for n in neighbours[c])}
        return tuple(self.grid.names[c] for c in sorted(chain))

    def _chain(self, board, start: int) -> set[int]:
        colour, chain, stack = board[start], {start}, [start]
        while stack:
            for n in self.grid.neighbours[stack.pop()]:
                if board[n] == colour and n not in chain:
                    chain.add(n)
                    stack.append(n)
        return chain

    def _enclosed(self, board, colour: int) -> set[int]:
        """The cells that cannot reach the board edge without crossing ``colour``'s stones
        (other than themselves).  Under Schmittberger only regions with an empty cell."""
        grid = self.grid
        reached = {c for c in range(grid.size) if grid.is_boundary[c] and board[c] != colour}
        stack = list(reached)
        while stack:
            for n in grid.neighbours[stack.pop()]:
                if board[n] != colour and n not in reached:
                    reached.add(n)
                    stack.append(n)
        enclosed = {c for c in range(grid.size) if board[c] != colour and c not in reached}
        if self.settings["ring_needs_empty"]:
            return {c for region in self._regions(board, enclosed)
                    if any(board[r] == EMPTY for r in region) for c in region}
        # an own stone is enclosed when all its non-own neighbours are enclosed
        enclosed |= {c for c in range(grid.size) if board[c] == colour
                     and not grid.is_boundary[c]
                     and all(board[n] == colour or n in enclosed for n in grid.neighbours[c])}
        return enclosed

    def _regions(self, board, cells: set[int]) -> list[set[int]]:
        regions, left = [], set(cells)
        while left:
            start = left.pop()
            region, stack = {start}, [start]
            while stack:
                for n in self.grid.neighbours[stack.pop()]:
                    if n in left:
                        left.discard(n)
                        region.add(n)
                        stack.append(n)
            regions.append(region)
        return regions

    # -- names, clicks and pictures ---------------------------------------------------------
    def move_name(self, move) -> str:
        return "swap" if len(move) == 2 else self.grid.names[move[0]]

    def clicks(self, move) -> tuple[str, ...]:
        """A cell is clicked; the swap has no cell of its own: it is a button."""
        return () if len(move) == 2 else (self.grid.names[move[0]],)

    def parse_move(self, text: str, state: HavannahState):
        """A cell name such as ``j10``, or ``swap``."""
        text = text.strip()
        if text == "swap":
            for move in self.legal_moves(state):
                if len(move) == 2:
                    return move
            if state.outcome is not None:
                raise IllegalMove("move.game-over", move="swap")
            raise IllegalMove("havannah.swap")
        cell = self.grid.index(text)
        if cell is None:
            if self.grid.looks_like_cell(text):
                raise InvalidMove("hex.not-a-cell", cell=excerpt(text, quoted=False),
                                  base=self.base)
            raise InvalidMove("havannah.notation", move=excerpt(text))
        name = self.grid.names[cell]
        if state.outcome is not None:
            raise IllegalMove("move.game-over", move=name)
        if state.board[cell] != EMPTY:
            raise IllegalMove("move.occupied", cell=name)
        return (cell,)

    def pieces(self, state: HavannahState) -> dict[str, str]:
        return {self.grid.names[c]: piece("stone", v - 1)
                for c, v in enumerate(state.board) if v != EMPTY}

    def layout(self) -> dict:
        # Forks and bridges are made of sides and corners: the page shades them so players
        # see at a glance which cells count (sides darker, corners in a tint of their own).
        grid = self.grid
        tones = {cell: 1 for side in grid.sides for cell in side} | {cell: 3 for cell in grid.corners}
        return grid.layout(tones)

    def diagram(self, state: HavannahState) -> str:
        return self.grid.diagram({c: "WB"[v - 1] for c, v in enumerate(state.board) if v})

    # -- positions as text (core.Game.position_text) ------------------------------------------
    def position_counters(self, state: HavannahState) -> dict[str, object]:
        """The ply: it says who moves, and whether Black may still swap."""
        return {"ply": state.ply}

    def position_from(self, pieces, mover: int, counters) -> HavannahState:
        """Stones of both colours.  Without ``ply``: as many plies as stones, one more when
        that count gives the wrong side to move (the swap, where it is allowed).  Only open
        positions: a ring, bridge or fork already made is refused."""
        board = self.cells_of(pieces, {"stone.0": 1, "stone.1": 2}, self.grid.size,
                              self.grid.index)
        white, black = board.count(1), board.count(2)
        placed = white + black
        ply = self.counter(counters, "ply", 0, self.grid.size + 1,
                           placed + (placed % 2 != mover))
        # a game without swap has White one stone ahead or level; a swap adds a ply and
        # turns White's first stone Black's
        plain = ply == placed and white - black == ply % 2
        swapped = (self.settings["swap"] and ply >= 2 and ply == placed + 1
                   and black - white == 1 - ply % 2)
        if not (plain or swapped):
            raise Problem("position.count", piece="stone.0", count=white,
                          allowed=(ply + 1) // 2)
        kernel = HavannahBoard(self.base, self.settings["ring_needs_empty"])
        outcome = None
        for cell, colour in enumerate(board):
            if colour:
                kernel.turn = colour
                flags = kernel.place(cell)
                if flags:
                    outcome = Outcome(colour - 1, reason_text(flags),
                                      self._structure(tuple(board), cell, flags))
        if kernel.empty == 0 and outcome is None:
            outcome = Outcome(None, "full-board")
        return self.refuse_decided(HavannahState(
            tuple(board), ply, outcome, (tuple(kernel.parent), tuple(kernel.mask),
                                         tuple(kernel.own[1]), tuple(kernel.own[2]))))

    # -- texts (after the rules they word): the rules, labels, messages -------------------
    texts = {
        "en": {
            "tagline": "Place stones to make a ring, a bridge between two corners or a fork to three sides.",
            "diagram.bridge": "A bridge: one chain joins two corners.",
            "diagram.fork": "A fork: one chain touches three sides.",
            "diagram.ring": "A ring: one chain goes round at least one cell.",
            "rules": [
                "Havannah (Christian Freeling, 1980) is played on a hexagonal board of 271 cells, "
                "10 per side; the 169-cell variant has 8 per side, and here you may choose from 4 "
                "to 10. Players take turns placing one stone of their colour on any empty cell; "
                "stones never move and are never captured.",
                "You win as soon as one of your chains forms a ring (it encloses at least one "
                "cell, whatever is inside), a bridge (it joins two of the six corners) or a fork "
                "(it joins three of the six sides; corners belong to no side).",
                "Options: with the swap rule, Black's first move may take over White's first "
                "stone (the Swap button); in the Schmittberger variant, a ring must enclose at "
                "least one empty cell. If the board fills up, the game is a draw.",
            ],
            "option.size": "Cells per side",
            "option.size.header": "side {value}",
            "option.swap": "Swap rule (Black may take over White's first stone)",
            "option.ring_needs_empty": "Schmittberger variant (a ring must enclose an empty cell)",
            "reason.ring": "ring",
            "reason.bridge": "bridge",
            "reason.fork": "fork",
            "move.swap": "Swap",
        },
        "it": {
            "tagline": "Posa pedine per formare un anello, un ponte fra due vertici o una forchetta su tre lati.",
            "diagram.bridge": "Un ponte: una catena unisce due vertici.",
            "diagram.fork": "Una forchetta: una catena tocca tre lati.",
            "diagram.ring": "Un anello: una catena gira intorno ad almeno una casella.",
            "rules": [
                "Havannah (Christian Freeling, 1980) si gioca su un tavoliere esagonale di 271 "
                "caselle, 10 per lato; la variante 169 ne ha 8 per lato, e qui si può scegliere "
                "da 4 a 10. A turno si colloca una pedina del proprio colore su una casella "
                "vuota; le pedine non si spostano più e non vengono mai catturate.",
                "Si vince non appena una propria catena forma un Anello (racchiude almeno una "
                "casella, qualunque cosa contenga), un Ponte (collega due dei sei angoli) o una "
                "Forchetta (collega tre dei sei lati; gli angoli non appartengono a nessun lato).",
                "Opzioni: con la regola dello scambio, alla sua prima mossa il Nero può fare sua "
                "la prima pedina del Bianco (pulsante Scambio); nella variante Schmittberger "
                "l'Anello deve racchiudere almeno una casella vuota. Se il tavoliere si riempie, "
                "la partita è patta.",
            ],
            "option.size": "Caselle per lato",
            "option.size.header": "lato {value}",
            "option.swap": "Regola dello scambio (il Nero può fare sua la prima pedina del Bianco)",
            "option.ring_needs_empty": "Variante Schmittberger (l'Anello deve racchiudere una "
                                       "casella vuota)",
            "reason.ring": "Anello",
            "reason.bridge": "Ponte",
            "reason.fork": "Forchetta",
            "move.swap": "Scambio",
        },
    }
