"""Go: Monte Carlo tree search with RAVE on a fast board kernel of its own.

The kernel (``GoBoard``) is a mutable board for playouts, checked against a slow reference
(``tests/reference/go_ref.py``) and the rule book by the tests:

* **Flat arrays with a border**: a size x size board is stored in rows of ``size + 1``
  points, with a row of border points above and below and one border column shared by the
  left and the right edge, so the four neighbours of a point are ``p - W, p - 1, p + 1,
  p + W`` with no bounds checks.  ``colour`` holds 0 empty, 1 Black, 2 White, 3 border.
* **Chains** keep their stones (a list) and their liberties (a set) under a head point
  (``chain[p]``); a play merges its own chains into the largest one and removes the
  opponent's chains whose liberty set becomes empty.  Exact liberties make "in atari" a
  ``len(...) == 1``.
* **Legality**: an empty point other than the simple-ko point, with an empty neighbour, or
  an own chain with another liberty, or an opponent chain it captures (RULES.md 13.2.4-6).
* **Area score** (RULES.md 13.4, ``scoring=area``): stones plus the empty regions that reach
  one colour only, by flood fill.

The search (``GoEngine``):

* **Tree**: UCT with RAVE (all-moves-as-first statistics blended by
  ``beta = rave_n / (rave_n + n + rave_n * n / RAVE_K)``); children are made with **priors**
  (virtual visits): captures, escapes from atari, the 3x3 shapes of ``SHAPES`` and the
  points near the last stone, and penalties for self-atari and for the low lines far from
  stones.  A play that fills one's own single-point eye is never a child.  Pass is always
  a child; two passes in a row end the tree's game, which is then scored by a playout (as
  the marking estimate does).  Moves are ranked by real visits.
* **Playouts**, after MoGo's: capture the stone just played when it is in atari; save one's
  own chain put in atari by the last stone (capture a neighbour in atari, or extend when that
  gives two liberties or more); else a point next to the last stone that matches a shape;
  else a random play that fills no own eye and is no self-atari; pass when none is left.
  Two passes end the playout, scored by area with the game's komi; a tenth of the result
  is the margin, so that a lost or won game is still played for points.
* **Passing**: the bot passes when it has no play but own-eye fills, when the most visited
  root move is pass, when the opponent has passed after a resume and the board as it
  stands wins, and, once the playouts agree on the life of every chain, when the opponent
  has just passed and the playouts' count wins or when every play left lands on a settled
  point (owned by one colour in nearly every playout) or is a self-atari.
* **Tree reuse**: the tree of the previous search is kept per game spec, style, level and
  colour; the next search starts from the subtree of the two plies played since (not for
  searches counted in iterations, which must not depend on the past).
* **Marking** (RULES.md 13.3.6): ``dead_estimate`` runs seeded playouts from the stopped
  position; a chain is dead when the opponent owns its cells in more than half of them.

``plain=True`` keeps the kernel and the eye rule (random playouts never end without it) and
drops the rest: plain UCT, the "uct" bot of matches.
"""

from __future__ import annotations

import math
import random
import zlib

from .engine import TreeSearch, bot_for, ucb1_child

EMPTY, BLACK, WHITE, BORDER = 0, 1, 2, 3
PASS = 0                  # the pass in the kernel's moves (point 0 is always border)


class GoBoard:
    """A Go board for playouts: mutable, no history but the simple-ko point.

    Points are ``(row + 1) * W + col + 1`` with ``W = size + 1`` (row 0 is rank 1).  The
    colour to play is ``turn`` (1 Black, 2 White)."""

    __slots__ = ("size", "W", "colour", "chain", "stones", "libs", "empties", "where", "ko",
                 "turn", "passes", "captured", "points", "steps", "diagonals")

    def __init__(self, size: int):
        W = size + 1
        self.size, self.W = size, W
        total = (size + 2) * W + 1
        self.colour = [BORDER] * total
        self.points = [(r + 1) * W + c + 1 for r in range(size) for c in range(size)]
        for p in self.points:
            self.colour[p] = EMPTY
        self.chain = [0] * total          # head point of the chain of each stone
        self.stones: list = [None] * total    # head -> list of the chain's stones
        self.libs: list = [None] * total      # head -> set of the chain's liberties
        self.empties = list(self.points)
        self.where = [-1] * total         # index of an empty point in ``empties``
        for i, p in enumerate(self.empties):
            self.where[p] = i
        self.ko = 0                       # the point the player to move may not play, or 0
        self.turn = BLACK
        self.passes = 0                   # consecutive passes just made
        self.captured = [0, 0, 0]         # stones captured by colour 1 and 2
        self.steps = (-W, -1, 1, W)
        self.diagonals = (-W - 1, -W + 1, W - 1, W + 1)

    def copy(self) -> "GoBoard":
        other = GoBoard.__new__(GoBoard)
        other.size, other.W = self.size, self.W
        other.colour = self.colour[:]
        other.chain = self.chain[:]
        other.stones = [s[:] if s else None for s in self.stones]
        other.libs = [s.copy() if s else None for s in self.libs]
        other.empties = self.empties[:]
        other.where = self.where[:]
        other.ko, other.turn, other.passes = self.ko, self.turn, self.passes
        other.captured = self.captured[:]
        other.points, other.steps, other.diagonals = self.points, self.steps, self.diagonals
        return other

    # -- conversion --------------------------------------------------------------------------
    def point(self, index: int) -> int:
        """The kernel point of the rule book's cell index ``row * size + col``."""
        row, col = divmod(index, self.size)
        return (row + 1) * self.W + col + 1

    def index(self, point: int) -> int:
        """The rule book's cell index of a kernel point."""
        row, col = divmod(point, self.W)
        return (row - 1) * self.size + col - 1

    @classmethod
    def from_cells(cls, size: int, cells, turn: int = BLACK, ko_index: int = -1) -> "GoBoard":
        """A board holding ``cells`` (row-major: 0 empty, 1 Black, 2 White), ``turn`` to
        play and ``ko_index`` (a cell index, or -1) forbidden by simple ko."""
        board = cls(size)
        for index, value in enumerate(cells):
            if value:
                board.put(board.point(index), value)
        board.turn = turn
        board.ko = board.point(ko_index) if ko_index >= 0 else 0
        return board

    def put(self, p: int, c: int) -> None:
        """Set a stone down with no capture (for building positions; every chain must end up
        with a liberty)."""
        self.colour[p] = c
        self._take_empty(p)
        self._join(p, c)
        for q in (p - self.W, p - 1, p + 1, p + self.W):
            if self.colour[q] == 3 - c:
                self.libs[self.chain[q]].discard(p)

    def cells(self) -> tuple:
        """The board as the rule book's tuple (row-major, 0 empty, 1 Black, 2 White)."""
        colour = self.colour
        return tuple(colour[p] for p in self.points)

    # -- empties -----------------------------------------------------------------------------
    def _take_empty(self, p: int) -> None:
        empties, where = self.empties, self.where
        i = where[p]
        last = empties.pop()
        if last != p:
            empties[i] = last
            where[last] = i
        where[p] = -1

    def _give_empty(self, p: int) -> None:
        self.where[p] = len(self.empties)
        self.empties.append(p)

    # -- rules -------------------------------------------------------------------------------
    def is_legal(self, p: int, c: int) -> bool:
        """Whether colour ``c`` may play on point ``p`` (``c`` is to move: the ko point is
        the mover's)."""
        colour = self.colour
        if colour[p] != EMPTY or p == self.ko:
            return False
        libs, chain = self.libs, self.chain
        for q in (p - self.W, p - 1, p + 1, p + self.W):
            cq = colour[q]
            if cq == EMPTY:
                return True
            if cq == c:
                if len(libs[chain[q]]) > 1:
                    return True
            elif cq != BORDER and len(libs[chain[q]]) == 1:
                return True                    # captures: its last liberty is p
        return False

    def is_eye(self, p: int, c: int) -> bool:
        """Whether the empty point ``p`` is a single-point eye of colour ``c``: its four
        neighbours are ``c`` (or border) and the opponent holds at most one diagonal point
        in the middle of the board, none on the edge."""
        colour = self.colour
        for q in (p - self.W, p - 1, p + 1, p + self.W):
            cq = colour[q]
            if cq != c and cq != BORDER:
                return False
        bad = 0
        edge = 0
        for d in self.diagonals:
            cd = colour[p + d]
            if cd == 3 - c:
                bad += 1
            elif cd == BORDER:
                edge = 1                       # on the edge no diagonal is to spare
        return bad + edge < 2

    def play(self, p: int) -> int:
        """The player to move plays on ``p`` (legal) or passes (``PASS``); the number of
        stones captured."""
        c = self.turn
        self.turn = 3 - c
        if p == PASS:
            self.ko = 0
            self.passes += 1
            return 0
        self.passes = 0
        colour, chain, libs, stones = self.colour, self.chain, self.libs, self.stones
        o = 3 - c
        colour[p] = c
        self._take_empty(p)
        dead = []
        for q in (p - self.W, p - 1, p + 1, p + self.W):
            if colour[q] == o:
                h = chain[q]
                lib = libs[h]
                lib.discard(p)
                if not lib and h not in dead:
                    dead.append(h)
        head = self._join(p, c)
        taken = 0
        steps = self.steps
        for h in dead:
            for s in stones[h]:
                colour[s] = EMPTY
                chain[s] = 0
                self._give_empty(s)
                for d in steps:
                    if colour[s + d] == c:
                        libs[chain[s + d]].add(s)
            taken += len(stones[h])
            stones[h] = libs[h] = None
        self.captured[c] += taken
        self.ko = 0
        if taken == 1 and len(stones[head]) == 1 and len(libs[head]) == 1:
            self.ko = next(iter(libs[head]))     # the captured stone's point
        return taken

    def _join(self, p: int, c: int) -> int:
        """Make ``p`` (just coloured ``c``) one chain with its own neighbours; its head."""
        colour, chain, libs, stones = self.colour, self.chain, self.libs, self.stones
        fresh = set()
        heads = []
        for q in (p - self.W, p - 1, p + 1, p + self.W):
            cq = colour[q]
            if cq == EMPTY:
                fresh.add(q)
            elif cq == c:
                h = chain[q]
                if h not in heads:
                    heads.append(h)
        if not heads:
            chain[p] = p
            stones[p] = [p]
            libs[p] = fresh
            return p
        base = max(heads, key=lambda h: len(stones[h]))
        group, lib = stones[base], libs[base]
        for h in heads:
            if h != base:
                for s in stones[h]:
                    chain[s] = base
                group.extend(stones[h])
                lib |= libs[h]
                stones[h] = libs[h] = None
        lib.discard(p)
        lib |= fresh
        group.append(p)
        chain[p] = base
        return base

    def liberties_after(self, p: int, c: int) -> int:
        """How many liberties the chain of a stone of ``c`` played on the empty ``p`` would
        have (a capture counts as plenty)."""
        colour, chain, libs = self.colour, self.chain, self.libs
        found = set()
        for q in (p - self.W, p - 1, p + 1, p + self.W):
            cq = colour[q]
            if cq == EMPTY:
                found.add(q)
            elif cq == c:
                found |= libs[chain[q]]
            elif cq != BORDER and len(libs[chain[q]]) == 1:
                return 9
        found.discard(p)
        return len(found)

    # -- scoring -----------------------------------------------------------------------------
    def owners(self) -> list:
        """For every point: the colour of its stone, or of the only colour its empty region
        reaches, or 0 (dame, or off the board)."""
        colour = self.colour
        owner = [0] * len(colour)
        steps = self.steps
        seen = bytearray(len(colour))
        for p in self.points:
            cp = colour[p]
            if cp:
                owner[p] = cp
                continue
            if seen[p]:
                continue
            region = [p]
            seen[p] = 1
            reach = 0
            i = 0
            while i < len(region):
                s = region[i]
                i += 1
                for d in steps:
                    q = s + d
                    cq = colour[q]
                    if cq == EMPTY:
                        if not seen[q]:
                            seen[q] = 1
                            region.append(q)
                    elif cq != BORDER:
                        reach |= cq
            if reach == 1 or reach == 2:
                for s in region:
                    owner[s] = reach
        return owner

    def area(self) -> tuple[int, int]:
        """(Black's, White's) area: stones plus empty regions reaching only that colour."""
        owner = self.owners()
        return owner.count(BLACK), owner.count(WHITE)


# -- 3x3 shapes ------------------------------------------------------------------------------
# Seen from the player about to play on the centre ``*``: X his stone, O the opponent's,
# . empty, # off the board, ? anything, x not his (O, empty or edge), o not the opponent's.
# Each shape is tried in its eight orientations.
SHAPES = (
    # hane: bend round the head of an opponent stone that touches one of ours
    ("XO?",
     ".*.",
     "?.?"),
    # hane answered with a hane: block the opponent's bend at the head
    ("XOO",
     ".*.",
     "?.?"),
    # cut: the two opponent stones are joined only through the centre and our stone
    ("?OX",
     "?*O",
     "?x?"),
    # wedge between two opponent stones under one of ours
    ("?X?",
     "O*O",
     "x.x"),
    # connect: the opponent threatens to cut our two diagonal stones here
    ("OX?",
     "X*o",
     "?o?"),
    # block the opponent crawling along the first line
    ("X??",
     "O*?",
     "###"),
    # hane under an opponent stone on the second line
    ("?O?",
     "X*.",
     "###"),
)
CHOICES = {"X": (1,), "O": (2,), ".": (0,), "#": (3,), "?": (0, 1, 2, 3),
           "x": (0, 2, 3), "o": (0, 1, 3)}
# the eight neighbours in code order, as (row step, column step); row +1 is the upper row
AROUND = ((1, -1), (1, 0), (1, 1), (0, -1), (0, 1), (-1, -1), (-1, 0), (-1, 1))


def orientations(step):
    """The eight images of a (row, col) step under the symmetries of the square."""
    r, c = step
    return ((r, c), (r, -c), (-r, c), (-r, -c), (c, r), (c, -r), (-c, r), (-c, -r))


_SHAPE_TABLES: dict = {}


def shape_tables() -> tuple:
    """For each colour to play (index 1 and 2), a table over the 4**8 neighbourhoods
    (``colour`` of the eight neighbours in ``AROUND`` order, two bits each): 1 where one of
    ``SHAPES`` matches.  Built on first use (a fraction of a second)."""
    if _SHAPE_TABLES:
        return _SHAPE_TABLES["tables"]
    from itertools import product
    tables = (None, bytearray(4 ** 8), bytearray(4 ** 8))
    for rows in SHAPES:
        cells = {}
        for i, (r, c) in enumerate(((1, -1), (1, 0), (1, 1), (0, -1), (0, 0), (0, 1),
                                    (-1, -1), (-1, 0), (-1, 1))):
            if (r, c) != (0, 0):
                cells[r, c] = rows[i // 3][i % 3]
        for k in range(8):
            image = {orientations(step)[k]: char for step, char in cells.items()}
            choices = [CHOICES[image[step]] for step in AROUND]
            for values in product(*choices):
                for mover in (1, 2):
                    code = 0
                    for i, v in enumerate(values):
                        if v == 1 or v == 2:
                            v = v if mover == 1 else 3 - v     # X is the mover's colour
                        code |= v << (2 * i)
                    tables[mover][code] = 1
    _SHAPE_TABLES["tables"] = tables
    return tables


def shape_offsets(W: int) -> tuple:
    return tuple(r * W + c for r, c in AROUND)


def shape_code(colour, p: int, offsets) -> int:
    a, b, c, d, e, f, g, h = offsets
    return (colour[p + a] | colour[p + b] << 2 | colour[p + c] << 4 | colour[p + d] << 6
            | colour[p + e] << 8 | colour[p + f] << 10 | colour[p + g] << 12
            | colour[p + h] << 14)


# -- playouts --------------------------------------------------------------------------------
def tactical_move(board: GoBoard, last: int, c: int) -> int:
    """A play answering the stone just played on ``last`` by the opponent: capture it when
    it is in atari, or save one of our chains it put in atari (by capturing a neighbour in
    atari, or by extending when that gives two liberties or more).  0 when none."""
    colour, chain, libs, stones = board.colour, board.chain, board.libs, board.stones
    o = 3 - c
    if colour[last] == o:
        lib = libs[chain[last]]
        if len(lib) == 1:
            p = next(iter(lib))
            if board.is_legal(p, c):
                return p
    W = board.W
    for q in (last - W, last - 1, last + 1, last + W):
        if colour[q] != c:
            continue
        lib = libs[chain[q]]
        if len(lib) != 1:
            continue
        for s in stones[chain[q]]:
            for n in (s - W, s - 1, s + 1, s + W):
                if colour[n] == o:
                    theirs = libs[chain[n]]
                    if len(theirs) == 1:
                        p = next(iter(theirs))
                        if board.is_legal(p, c):
                            return p
        p = next(iter(lib))
        if board.is_legal(p, c) and board.liberties_after(p, c) >= 2:
            return p
    return 0


def shape_move(board: GoBoard, last: int, c: int, rng, table, offsets) -> int:
    """A point next to ``last`` where one of the shapes matches for ``c`` (legal, no
    self-atari), chosen at random; 0 when none."""
    colour = board.colour
    found = []
    for d in offsets:
        p = last + d
        if (colour[p] == EMPTY and table[shape_code(colour, p, offsets)]
                and board.is_legal(p, c) and board.liberties_after(p, c) >= 2):
            found.append(p)
    if not found:
        return 0
    return found[rng.randrange(len(found))] if len(found) > 1 else found[0]


def random_move(board: GoBoard, c: int, rng, careful: bool) -> int:
    """A random legal play that fills no own eye (and, when ``careful``, is no self-atari
    that captures nothing); PASS when there is none."""
    empties = board.empties
    n = len(empties)
    if not n:
        return PASS
    start = rng.randrange(n)
    colour, W, ko = board.colour, board.W, board.ko
    for i in range(n):
        p = empties[(start + i) % n]
        if p == ko:
            continue
        if ((colour[p - W] == EMPTY) + (colour[p - 1] == EMPTY) + (colour[p + 1] == EMPTY)
                + (colour[p + W] == EMPTY)) >= 2:
            return p                       # two liberties: legal, no eye, no self-atari
        if board.is_eye(p, c) or not board.is_legal(p, c):
            continue
        if careful and board.liberties_after(p, c) < 2:
            continue                       # a self-atari that captures nothing
        return p
    return PASS


POLICY = frozenset({"tactics", "shapes", "careful"})    # the playout's ideas, all of them


def play_out(board: GoBoard, rng, last: int, limit: int, policy: frozenset,
             moves: list) -> None:
    """Play ``board`` on until two passes in a row (or ``limit`` plies), appending each
    stone played to ``moves`` (the colour is the board's turn before the play).  ``policy``
    names the ideas used (``POLICY``; empty: random plays that fill no own eye)."""
    table = shape_tables()
    offsets = shape_offsets(board.W)
    tactics, shapes, careful = ("tactics" in policy, "shapes" in policy,
                                "careful" in policy)
    for _ in range(limit):
        c = board.turn
        p = 0
        if last:
            if tactics:
                p = tactical_move(board, last, c)
            if shapes and not p:
                p = shape_move(board, last, c, rng, table[c], offsets)
        if not p:
            p = random_move(board, c, rng, careful)
        board.play(p)
        if p:
            moves.append(p if c == BLACK else -p)
        elif board.passes >= 2:
            return
        last = p


# -- the search ------------------------------------------------------------------------------
RAVE_K = 800.0            # equivalence parameter of the RAVE blend
EXPLORATION = 0.0         # UCT exploration with RAVE and priors (RAVE explores for us)
PLAIN_EXPLORATION = 0.9
EVEN = (10.0, 5.0)        # the priors' virtual visits and wins of an ordinary play
EXPAND_AFTER = 2          # real visits of a leaf before it gets children
SETTLED = 0.9             # a point owned by one colour this often is settled
SETTLED_AFTER = 100       # iterations before the ownership says anything
SCORE_WEIGHT = 0.1        # the share of the playout's result that is its score, not its winner
BLUNDER = {1: 0.4, 2: 0.2}   # how often levels 1 and 2 play their second or third choice

_TREES: dict = {}         # (spec, plain, without, level, colour) -> (cells, ko, root)


class Node:
    __slots__ = ("move", "n", "w", "rn", "rw", "real", "children")

    def __init__(self, move: int, prior_n: float = 0.0, prior_w: float = 0.0):
        self.move = move          # the point played to reach this node (PASS for a pass)
        self.n = prior_n          # visits, virtual ones included
        self.w = prior_w          # wins for the player who made ``move``
        self.rn = 0.0             # AMAF visits and wins of ``move`` for that player
        self.rw = 0.0
        self.real = 0             # real visits (expansion waits for EXPAND_AFTER)
        self.children: list | None = None


def kernel_of(game, state) -> GoBoard:
    """The kernel board of a rule-book state (stones, player to move, ko point, passes)."""
    board = GoBoard.from_cells(game.size, state.board, state.to_move + 1, state.ko)
    board.passes = getattr(state, "passes", 0)
    return board


def area_komi(game) -> float:
    """What White adds to the area count: komi, and N - 1 for N handicap stones under area
    scoring (13.4)."""
    komi = float(getattr(game, "komi", 7.5))
    handicap = getattr(game, "handicap", 0)
    if getattr(game, "area", False) and handicap:
        komi += handicap - 1
    return komi


@bot_for("go")
@bot_for("go", style="uct", plain=True)   # plain UCT on the kernel, random playouts
class GoEngine(TreeSearch):
    CHUNK = 1             # one iteration per work(): about 1 ms on 9x9, 4 ms on 19x19
    # what a match may take away (``without``) to measure what each idea gains: the RAVE
    # blend (without it, UCB1 with the plain bot's exploration, priors still counted), the
    # priors (without them, every play starts even), the result's little score, and the
    # playout's ideas (``POLICY``): docs/go-bot.md, "What each idea gains"
    IDEAS = ("rave", "priors", "score") + tuple(sorted(POLICY))

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False,
                 plain: bool = False, without: frozenset = frozenset()):
        super().__init__(game, state, level, rng)
        self.plain = plain
        ideas = frozenset() if plain else frozenset(self.IDEAS) - without
        self.rave, self.priors, self.score = (idea in ideas for idea in ("rave", "priors", "score"))
        self.policy = POLICY & ideas
        self.fresh = fresh
        self.root = Node(PASS)
        if state.phase == "marking":
            self.start_marking(state)
            self.done = False
            return
        if self.done:
            return
        self.root_board = kernel_of(game, state)
        self.komi = area_komi(game)
        self.limit = 3 * game.size * game.size
        self.cell_count = game.size * game.size
        self.offsets = shape_offsets(self.root_board.W)
        self.table = shape_tables()
        self.near = set(self.offsets)
        W = self.root_board.W
        self.close = self.near | {-2 * W, -2, 2, 2 * W}   # within two steps of the last stone
        self.line_penalty = self.line_penalties(self.root_board)
        self.legal_set = set(self.legal)
        self.key = (game.spec, plain, without, level, state.to_move)
        self.root = (None if fresh else self.reused_root(state)) or Node(PASS)
        self.last = self.last_stone(state)
        if self.root.children is None:
            self.expand(self.root, self.root_board, self.last)
        # how often each point ended Black's and White's, over this search's playouts
        self.black_owns = [0] * len(self.root_board.colour)
        self.white_owns = [0] * len(self.root_board.colour)
        self.owned = 0
        chance = 0.0 if plain else BLUNDER.get(level, 0.0)
        self.blunder = rng.randrange(1, 3) if rng.random() < chance else 0
        if not any(child.move != PASS for child in self.root.children):
            self.best, self.done = ("pass",), True       # only own eyes are left to fill
            return
        self.update_best()

    # -- tree reuse ----------------------------------------------------------------------------
    def last_stone(self, state) -> int:
        """The kernel point of the opponent's last stone, when the history tells (else 0)."""
        history = getattr(state, "history", ())
        if len(history) < 2 or getattr(state, "passes", 0):
            return 0
        before, now = history[-2][0], history[-1][0]
        if now != state.board:
            return 0
        colour = 2 - state.to_move          # the opponent's stones are to_move == 0 -> 2
        new = [i for i, v in enumerate(now) if v == colour and before[i] != colour]
        return self.root_board.point(new[0]) if len(new) == 1 else 0

    def reused_root(self, state):
        """The node of the kept tree for ``state``: the cached root followed by the two plies
        played since (found from the stones that appeared, checked on the kernel)."""
        cached = _TREES.get(self.key)
        if cached is None:
            return None
        cells, ko, node = cached
        now = state.board
        if len(cells) != len(now) or node.children is None:
            return None
        size = self.game.size
        mine, theirs = state.to_move + 1, 2 - state.to_move
        board = GoBoard.from_cells(size, cells, mine, ko)
        path = []
        for colour in (mine, theirs):
            new = [i for i in range(len(now)) if now[i] == colour and cells[i] != colour]
            if len(new) > 1:
                return None
            path.append(board.point(new[0]) if new else PASS)
        for move in path:
            if node.children is None:
                return None
            node = next((child for child in node.children if child.move == move), None)
            if node is None or (move != PASS and not board.is_legal(move, board.turn)):
                return None
            board.play(move)
        if board.cells() != now or board.turn != mine or board.ko != self.root_board.ko:
            return None
        return node

    def remember(self) -> None:
        if not self.fresh:
            _TREES[self.key] = (self.state.board, self.state.ko, self.root)

    # -- expansion -----------------------------------------------------------------------------
    def expand(self, node: Node, board: GoBoard, last: int) -> None:
        """The node's children: every legal play that fills no own eye, and pass; with
        priors unless plain."""
        c = board.turn
        plays = [p for p in board.empties if not board.is_eye(p, c) and board.is_legal(p, c)]
        plays.sort()                    # the order of ``empties`` depends on the past
        if self.plain:
            # plain UCT would pass at random in the opening: pass only with nothing to play
            node.children = [Node(p) for p in plays] or [Node(PASS)]
            return
        children = [self.prior_child(board, p, c, last) if self.priors else Node(p, *EVEN)
                    for p in plays]
        children.append(Node(PASS, EVEN[0], 0.2 * EVEN[0]))
        node.children = children

    def prior_child(self, board: GoBoard, p: int, c: int, last: int) -> Node:
        """A child with virtual visits and wins that say how the play looks at first sight."""
        colour, chain, libs, stones = board.colour, board.chain, board.libs, board.stones
        W = board.W
        n, w = EVEN
        captures = saves = friends = 0
        for q in (p - W, p - 1, p + 1, p + W):
            cq = colour[q]
            if cq == c:
                friends += 1
                if len(libs[chain[q]]) == 1:
                    saves += len(stones[chain[q]])
            elif cq == 3 - c and len(libs[chain[q]]) == 1:
                captures += len(stones[chain[q]])
        if captures:
            n, w = n + 10 + 2 * captures, w + 10 + 2 * captures
        liberties = board.liberties_after(p, c)
        if saves and liberties >= 2:
            n, w = n + 10 + saves, w + 10 + saves
        if liberties == 1 and not captures:
            n += 10 + (10 if friends else 0)            # self-atari
        if self.table[c][shape_code(colour, p, self.offsets)]:
            bonus = 6 if last and p - last in self.near else 3
            n, w = n + bonus, w + bonus
        elif last and p - last in self.close:
            n, w = n + 4, w + 4                         # the fight is where the last stone is
        if not any(colour[p + d] in (BLACK, WHITE) for d in self.offsets):
            n += self.line_penalty[p]                   # low lines, far from stones
        return Node(p, n, w)

    @staticmethod
    def line_penalties(board: GoBoard) -> list:
        """Virtual lost visits of a play on the first line (10) and the second (5), given
        to plays with no stone around them: the opening is not played there."""
        penalty = [0] * len(board.colour)
        last = board.size - 1
        for index, p in enumerate(board.points):
            row, col = divmod(index, board.size)
            line = min(row, col, last - row, last - col)
            penalty[p] = 10 if line == 0 else 5 if line == 1 else 0
        return penalty

    # -- one iteration -------------------------------------------------------------------------
    def work(self) -> None:
        if self.done:
            return
        if self.marking is not None:
            self.marking.run(MARK_CHUNK)
            self.iterations += 1
            if self.marking.finished:
                self.best, self.done = self.marking_answer(), True
            return
        for _ in range(self.CHUNK):
            self.iterate()
            self.iterations += 1
        self.update_best()

    def iterate(self) -> None:
        board = self.root_board.copy()
        node, path, sequence = self.root, [self.root], []
        last = self.last
        while node.children is not None:
            node = self.select(node)
            path.append(node)
            sequence.append(node.move if board.turn == BLACK else -node.move)
            board.play(node.move)
            last = node.move
            if board.passes >= 2:
                board.passes, last = 0, 0     # play has stopped: a playout settles the dead
                break
            if node.children is None and node.real + 1 >= EXPAND_AFTER:
                self.expand(node, board, last)
        played = []
        play_out(board, self.rng, last, self.limit, self.policy, played)
        owner = board.owners()
        black, white = owner.count(BLACK), owner.count(WHITE)
        margin = black - white - self.komi
        result = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
        if self.score:
            # a little of the score, so that a lost (or won) game is still played for
            # points instead of at random: a bot far behind would otherwise fill its own
            # eyes' space, and one far ahead give points away
            points = 0.5 + margin / (2 * self.cell_count)
            result = (1.0 - SCORE_WEIGHT) * result + SCORE_WEIGHT * min(1.0, max(0.0, points))
        self.owned += 1
        black_owns, white_owns = self.black_owns, self.white_owns
        for p in self.root_board.points:
            if owner[p] == BLACK:
                black_owns[p] += 1
            elif owner[p] == WHITE:
                white_owns[p] += 1
        self.back_up(path, sequence, played, result)

    def select(self, node: Node) -> Node:
        children = node.children
        log_n = math.log(node.n + 1)
        if not self.rave:
            return ucb1_child(children, log_n, PLAIN_EXPLORATION)
        best, best_value = None, -1e9
        for child in children:
            n, rn = child.n, child.rn
            if rn:
                beta = rn / (rn + n + rn * n / RAVE_K)
                value = (1.0 - beta) * child.w / n + beta * child.rw / rn
            else:
                value = child.w / n
            value += EXPLORATION * math.sqrt(log_n / n)
            if value > best_value:
                best, best_value = child, value
        return best

    def back_up(self, path, sequence, played, result: float) -> None:
        """Add the result (1 for a Black win) along the path, and the AMAF statistics: a
        child of a node gets the result when its player was the first to play its point
        after that node (in the tree or in the playout)."""
        black_first = self.root_board.turn == BLACK     # who plays the root's children
        for depth, node in enumerate(path):
            node.n += 1
            node.real += 1
            # the mover of a node at odd depth is the root's player
            mover_black = black_first if depth % 2 else not black_first
            node.w += result if mover_black else 1.0 - result
        if not self.rave:
            return
        first = [0] * len(self.root_board.colour)
        for m in reversed(played):
            if m > 0:
                first[m] = BLACK
            else:
                first[-m] = WHITE
        for depth in range(len(path) - 1, -1, -1):
            if depth < len(sequence):
                m = sequence[depth]
                if m > 0:
                    first[m] = BLACK
                elif m < 0:
                    first[-m] = WHITE
            children = path[depth].children
            if not children:
                continue
            to_play_black = black_first if depth % 2 == 0 else not black_first
            colour = BLACK if to_play_black else WHITE
            gain = result if to_play_black else 1.0 - result
            for child in children:
                if first[child.move] == colour and child.move:
                    child.rn += 1.0
                    child.rw += gain

    # -- the answer ---------------------------------------------------------------------------
    def legal_children(self) -> list:
        """The root's children whose play the rule book allows here, pass included."""
        return [c for c in self.root.children
                if c.move == PASS or (self.root_board.index(c.move),) in self.legal_set]

    def update_best(self) -> None:
        children = self.legal_children()
        # real visits rank the moves (virtual ones are priors, and penalties add them too)
        ranked = sorted(children, key=lambda c: (-c.real, -c.w / c.n if c.n else 0, c.move))
        top = ranked[0]
        plays = [c for c in ranked if c.move != PASS]
        if self.blunder and len(plays) > self.blunder:
            top = plays[self.blunder]
        self.win_chance = top.w / top.n if top.n else None
        if plays and self.resumed():
            # two passes straight after a resume count the board as it stands (13.3.4),
            # which the playouts do not know: pass only if that count wins
            passing = self.wins_as_is()
        else:
            passing = top.move == PASS or self.should_pass(plays)
        if passing:
            top = next((c for c in ranked if c.move == PASS), top)
        elif top.move == PASS:
            top = plays[0]
        self.best = ("pass",) if top.move == PASS else (self.root_board.index(top.move),)
        self.remember()

    def root_statistics(self):
        """(move, real visits, wins, 0) of each play at the root, what a root-parallel search
        adds up (``parallel.py``, the page's pool): the most real visits over all the
        workers, as ``update_best`` ranks them.  A pass is decided by more than its visits
        (the playouts' count, the opponent's pass, a resume), which a merge cannot weigh: a
        worker that passes shares nothing, so that its own answer stands when it is the main
        one, and one that plays shares its plays only.  None while marking and before a
        playout."""
        if getattr(self, "marking", None) is not None or not self.iterations or \
                self.best == ("pass",):
            return None
        return [((self.root_board.index(c.move),), c.real, c.real * c.w / c.n if c.n else 0.0, 0)
                for c in self.legal_children() if c.move != PASS]

    def should_pass(self, plays) -> bool:
        """Pass although a play is ranked first (not after a resume: ``update_best``): only
        once the playouts agree on the life of every chain, and then when the opponent has
        just passed and the playouts' count wins, or when every play lands on a settled
        point (or puts a chain in atari)."""
        if self.plain or self.owned < SETTLED_AFTER:
            return False
        board = self.root_board
        c = board.turn
        need = SETTLED * self.owned
        black_owns, white_owns = self.black_owns, self.white_owns
        if any(black_owns[p] < need and white_owns[p] < need for p in board.points
               if board.colour[p]):
            return False                      # a stone still lives or dies in the playouts
        if board.passes == 1:
            margin = self.expected_margin()
            if margin != 0 and (margin > 0) == (c == BLACK):
                return True
        for child in plays:
            p = child.move
            if black_owns[p] >= need or white_owns[p] >= need:
                continue
            touches_own = c in (board.colour[p - board.W], board.colour[p - 1],
                                board.colour[p + 1], board.colour[p + board.W])
            if touches_own and board.liberties_after(p, c) < 2:
                continue                      # a self-atari: no way to gain here
            return False
        return True

    def resumed(self) -> bool:
        """Whether play has resumed after a dispute and no stone has been played since."""
        return bool(getattr(self.state, "resumed", False))

    def wins_as_is(self) -> bool:
        """Whether the count of the board as it stands, nothing removed, wins."""
        return self.margin(()) > 0

    def margin(self, dead) -> float:
        """The bot's lead in the count if the stones ``dead`` were agreed dead now."""
        black, white = self.game.count_with(self.state, dead)
        return black - white if self.state.to_move == 0 else white - black

    def expected_margin(self) -> float:
        """Black's area minus White's and komi, by the playouts' ownership."""
        total = sum(self.black_owns) - sum(self.white_owns)
        return total / max(1, self.owned) - self.komi

    # -- marking -------------------------------------------------------------------------------
    marking = None

    def start_marking(self, state) -> None:
        board = kernel_of(self.game, state)
        seed = zlib.crc32(bytes(state.board))        # both sides see the same estimate
        self.marking = Ownership(board, MARK_PLAYOUTS, random.Random(seed))

    def marking_answer(self):
        """RULES.md 13.3.6: accept a proposal equal to the estimate, counter-propose the
        estimate, resume when the opponent's second proposal still differs.  The marking
        plies alternate and every one before an answer is a proposal, so the opponent has made
        (proposals + 1) // 2 of them: the second comes at the third proposal, whoever began.
        Past ``max_plies`` a resume ends the game as is (13.3.4), with no play to settle the
        dispute: then the bot accepts a proposal that counts better for it than the board
        as it stands."""
        state = self.state
        dead = self.marking.dead_cells()
        proposal = getattr(state, "proposal", None)
        if proposal is not None and set(proposal) == set(dead):
            return ("accept",)
        if proposal is not None and (state.proposals >= 3
                                     or state.proposals >= MAX_PROPOSALS):
            if self.game.resume_ends(state) and self.margin(proposal) > self.margin(()):
                return ("accept",)
            return ("resume",)
        size = self.game.size
        return ("dead", *sorted(dead, key=lambda i: (i % size, i // size)))


MARK_PLAYOUTS = 128       # enough for a 60% owner to come out right nearly always
MARK_CHUNK = 2
MAX_PROPOSALS = 4


class Ownership:
    """Seeded playouts from a stopped position, area-scored, counted chain by chain
    (RULES.md 13.3.6): a chain is dead when the opponent owns most of its cells in more than
    half of the playouts.  The first player alternates from one playout to the next."""

    def __init__(self, board: GoBoard, playouts: int, rng: random.Random):
        self.board, self.playouts, self.rng = board, playouts, rng
        board.passes, board.ko = 0, 0
        heads = sorted({board.chain[p] for p in board.points if board.colour[p]})
        self.chains = [(board.colour[h], sorted(board.stones[h])) for h in heads]
        self.lost = [0] * len(self.chains)
        self.done = 0

    @property
    def finished(self) -> bool:
        return self.done >= self.playouts

    def run(self, count: int) -> None:
        limit = 3 * len(self.board.points)
        for _ in range(count):
            if self.finished:
                return
            board = self.board.copy()
            board.turn = BLACK if self.done % 2 == 0 else WHITE
            play_out(board, self.rng, 0, limit, POLICY, [])
            owner = board.owners()
            for k, (colour, stones) in enumerate(self.chains):
                against = sum(1 for s in stones if owner[s] == 3 - colour)
                if 2 * against > len(stones):
                    self.lost[k] += 1
            self.done += 1

    def dead_cells(self) -> list:
        """The rule book's cell indices of the stones of the dead chains."""
        board = self.board
        return sorted(board.index(s) for k, (_, stones) in enumerate(self.chains)
                      if 2 * self.lost[k] > self.done for s in stones)


def dead_estimate(game, state, playouts: int, rng: random.Random) -> list:
    """The dead stones of a stopped position by RULES.md 13.3.6: seeded playouts from it
    (no play fills its own single-point eye), area-scored; a chain is dead when the
    opponent owns its cells in more than half of them.  Cell indices, ascending."""
    estimate = Ownership(kernel_of(game, state), playouts, rng)
    estimate.run(playouts)
    return estimate.dead_cells()


def bench(seconds: float = 2.0) -> list:
    """Speed on 9x9, one dict per measurement (``what``, ``value``): playouts per second
    from the empty board with the playout policy and with random plays (eyes kept), and
    the bot's MCTS iterations per second from the empty board (when the rule book is
    registered)."""
    from time import perf_counter
    out = []
    for policy, what in ((POLICY, "policy"), (frozenset(), "random")):
        rng = random.Random(1)
        count, started = 0, perf_counter()
        while perf_counter() - started < seconds:
            play_out(GoBoard(9), rng, 0, 243, policy, [])
            count += 1
        out.append({"what": f"go 9x9 {what} playouts/s",
                    "value": round(count / (perf_counter() - started), 1)})
    from ..core import game_names, load_game
    if "go" in game_names():
        from . import Thinker
        game = load_game("go(size=9,scoring=area)")
        thinker = Thinker(game, game.initial_state(), seconds=seconds)
        thinker.engine.fresh = True              # do not keep this tree for later searches
        started = perf_counter()
        thinker.finish()
        out.append({"what": "go(size=9) MCTS iterations/s from the empty board",
                    "value": round(thinker.engine.iterations / (perf_counter() - started), 1)})
    return out
