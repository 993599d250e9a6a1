"""Barrier, played perfectly: an exact solver on bitboards, an opening book, and the bot.

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

``solve_size(n)`` gives the value of every pair of placements on the n x n board and
``describe_size`` turns it into the text the README quotes (5x5: White wins, only from c3;
6x6 to 9x9: Black wins whatever White does).  ``BarrierEngine`` is the bot behind
``tavoliere.ai.choose`` for Barrier.  The book in ``tavoliere/data/barrier_book.json``
(``make_book``) holds those placement values for every size, and for 8x8 the winner's first
movement after every pair of placements, so the first plies need no search.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from importlib import resources
from time import perf_counter

from ..grid.square import square_grid
from .engine import Engine

__all__ = ["Kernel", "Solver", "OutOfWork", "solve_size", "describe_size", "make_book", "book",
           "book_move", "BarrierEngine", "kernel"]

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

    # -- the search ------------------------------------------------------------------------
    def wins(self, obstacles: int, me: int, other: int) -> bool:
        """Whether the side to move (pawn on ``me``) wins with perfect play."""
        key = obstacles << 14 | me << 7 | other
        known = self.table.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfWork
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
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfWork
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
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise OutOfWork
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


# -- the opening book ------------------------------------------------------------------------
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
    return json.dumps({"about": "Barrier opening book made by tavoliere.ai.barrier.make_book(): "
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


# -- the bot -----------------------------------------------------------------------------------
_SOLVERS: dict[int, Solver] = {}


def shared_solver(n: int) -> Solver:
    """One solver per size, kept between moves (its table is the bot's memory)."""
    solver = _SOLVERS.get(n)
    if solver is None or len(solver.table) > 1_000_000:   # keep the browser's memory in check
        solver = _SOLVERS[n] = Solver(n)
    return solver


class BarrierEngine(Engine):
    """The Barrier bot: book for the placements, exact solver for the movement phase.

    Work comes in chunks of at most ``CHUNK`` solver nodes; each chunk restarts the root
    from the solver's table, so the amount of work, and so the move, depends only on the
    number of chunks, never on the clock.  Before the root is proved the bot holds a
    guess: a 2-ply alpha-beta on mobility and territory, run before the solver, which sees
    every reply that would leave the pawn no move (a 1-ply guess walked into such traps
    against random play).  Once the root is proved it plays a winning move, or, when lost,
    the move that leaves the opponent the fewest winning replies (the hardest to refute),
    and among those, once the board is small enough, the one after which the game lasts
    longest (``Solver.plies_left``).

    Levels 1 and 2 are deliberately imprecise (seeded), in ways a stronger player punishes
    and a beginner seldom does: their placement is sometimes a random cell of the middle of
    the board, and while the board is open they often move by a short alpha-beta instead of
    the solver, keeping that move only if at most one reply in ``SLIP_ODDS`` refutes it.
    Measured on 8x8: level 1 beats random play 1000 times in 1000, level 2 beats level 1
    68% and level 3 beats level 2 66% (200 games each).
    """

    CHUNK = 1500
    # weak levels: (alpha-beta depth, how often) they move by a short alpha-beta on
    # mobility and territory instead of the solver, and how often they place at random
    SHALLOW = {1: (2, 1.0), 2: (3, 0.35)}
    PLACEMENT_SLIP = {1: 0.6, 2: 0.3}
    # ... but only with more free cells than this (7x7 and up): on 5x5 and 6x6 a slip is a
    # lost game that even random play refutes often
    SLIP_FREE = 40
    SLIP_ODDS = 8         # a movement slip leaves at most one winning reply in this many
    # up to this size a random Black placement is still a winning one; on 9x9 it may lose,
    # since that is where the weak levels' imprecision shows (a well placed Black pawn
    # keeps its win through alpha-beta movements)
    KEEP_WIN_SIZE = 8
    GUESS_DEPTH = 2       # plies of the alpha-beta guess held until the solver proves the root
    LENGTH_FREE = 40      # count the plies left (to hold out longest) below this many free cells

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False):
        super().__init__(game, state, level, rng)
        self.n = game.settings["size"]
        self.k = kernel(self.n)
        self.solver = Solver(self.n) if fresh else shared_solver(self.n)
        self.phase = "solve"
        self.ranking: dict = {}            # losing move -> the opponent's winning replies
        self.scores: dict = {}             # root move -> whether it wins
        self.then_solve = False            # the shallow search is only a first guess
        if self.legal and not self.done:
            self.setup()

    # -- setting up --------------------------------------------------------------------------
    def setup(self):
        state = self.state
        self.player = state.ply % 2
        if state.ply < 2:
            self.setup_placement()
            if (self.level in self.SHALLOW and self.k.size - 2 > self.SLIP_FREE
                    and self.rng.random() < self.PLACEMENT_SLIP[self.level]):
                self.best = self.plausible_placement()
                self.done = True
            return
        me, other = state.pawns[self.player], state.pawns[1 - self.player]
        self.position = (self.mask(state.obstacles), me, other)
        shallow = self.SHALLOW.get(self.level)
        self.best = max(self.legal, key=self.mobility_score)   # until something better
        free = self.k.size - len(state.obstacles) - 2
        if (shallow is not None and free > self.SLIP_FREE
                and self.rng.random() < shallow[1]):
            # weak levels: a short alpha-beta on mobility while the board is open
            self.phase = "shallow"
            self.depth = shallow[0]
            self.pending = sorted(self.legal, key=self.mobility_score, reverse=True)
            self.shallow_best = (None, -10 ** 9)
            return
        known = book_move(self.n, *self.position)
        if known in self.legal:
            self.best, self.proven, self.win_chance, self.done = known, "win", 1.0, True
        else:
            self.phase, self.depth, self.then_solve = "shallow", self.GUESS_DEPTH, True
            self.pending = sorted(self.legal, key=self.mobility_score, reverse=True)
            self.shallow_best = (None, -10 ** 9)

    # -- alpha-beta on mobility (weak levels, and the guess before a proof) -----------------
    def shallow_step(self):
        """Value one more root move by alpha-beta (one per chunk, a few milliseconds)."""
        move = self.pending.pop(0)
        best, best_value = self.shallow_best
        after, them, there = self.child(move)
        value = -self.alphabeta(after, them, there, self.depth - 1, -10 ** 9, -best_value)
        if value > best_value:
            self.shallow_best = best, best_value = move, value
            self.best = move
        if not self.pending:
            if self.then_solve:
                self.phase = "solve"
            else:
                self.phase = "vet slip"

    def room(self, obstacles: int, me: int, other: int) -> int:
        """The cells the pawn on ``me`` could step on in its next two moves."""
        paths = self.k.paths
        blocked = obstacles | (1 << other)
        cells = 0
        for need, add, t, _, _ in paths[me]:
            if not blocked & need:
                cells |= need
                again = blocked | add
                for need2, _, _, _, _ in paths[t]:
                    if not again & need2:
                        cells |= need2
        return cells.bit_count()

    def alphabeta(self, obstacles: int, me: int, other: int, depth: int, alpha: int,
                  beta: int) -> int:
        """Negamax on mobility and territory; a pawn with no move loses (later is better)."""
        k = self.k
        moves = k.moves(obstacles, me, other)
        if not moves:
            return -1000 - depth
        if depth <= 0:
            # mobility, and the room each pawn has within two moves (its territory)
            return (4 * (len(moves) - k.mobility(obstacles, other, me))
                    + self.room(obstacles, me, other) - self.room(obstacles, other, me))
        for s, p1, p2, t in moves:
            after = obstacles | (1 << s) | (1 << p1) | (1 << p2)
            value = -self.alphabeta(after, other, t, depth - 1, -beta, -alpha)
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        return alpha

    @staticmethod
    def mask(cells) -> int:
        out = 0
        for cell in cells:
            out |= 1 << cell
        return out

    def setup_placement(self):
        state, n = self.state, self.n
        if state.ply == 0:
            entry = book()["placements"].get(n)
            if entry is not None:
                self.place_white_from_book(entry)
                return
            self.phase = "white placement"
            self.best = (self.central_cell(),)
            self.pending = [(w,) for w in placement_classes(n)]
            self.white_scores = {}
        else:
            white = state.pawns[0]
            verdicts = {b: black_wins_reply(n, white, b) for (b,) in self.legal}
            winners = [b for b, wins in verdicts.items() if wins]
            if None not in verdicts.values():
                self.finish_black_placement(white, winners)
                return
            self.phase = "black placement"
            self.pending = [b for (b,) in self.legal]
            self.black_winners = []

    def central_cell(self) -> int:
        middle = (self.n - 1) // 2
        return middle * self.n + middle

    def place_white_from_book(self, entry: dict):
        """White's first cell: a winning one if any, else the one with fewest Black refutations
        (the central cells break ties)."""
        k = self.k
        centre = (self.n - 1) / 2
        def badness(name):
            cell = k.names.index(name)
            f, r = cell % self.n, cell // self.n
            return (len(entry[name]), abs(f - centre) + abs(r - centre), cell)
        best = min(entry, key=badness)
        cell = k.names.index(best)
        self.best = (cell,)
        self.proven = "loss" if entry[best] else "win"
        self.win_chance = 0.0 if entry[best] else 1.0
        self.done = True

    def finish_black_placement(self, white: int, winners: list[int]):
        self.black_winners = winners
        if winners:
            # among Black's winning cells, the one that leaves White the fewest moves
            best = min(winners, key=lambda b: (self.k.mobility(0, white, b), b))
            self.proven, self.win_chance = "win", 1.0
        else:
            best = max((b for (b,) in self.legal), key=lambda b: (self.k.mobility(0, b, white), -b))
            self.proven, self.win_chance = "loss", 0.0
        self.best = (best,)
        self.done = True

    # -- imprecision of the weak levels -------------------------------------------------------
    def plausible_placement(self):
        """A placement on a random cell of the middle of the board; for Black, one that
        still wins when the book says which do (a lost placement is a slip that no later
        move repairs, and that even random play converts now and then)."""
        n = self.n
        cells = self.legal
        if self.state.ply == 1 and self.proven == "win" and self.n <= self.KEEP_WIN_SIZE:
            cells = [(b,) for b in self.black_winners]
        middle = [m for m in cells if 1 <= m[0] % n <= n - 2 and 1 <= m[0] // n <= n - 2]
        return self.rng.choice(middle or cells)

    def vet_slip(self):
        """Keep a weak level's alpha-beta move only if at most one in SLIP_ODDS of the
        opponent's replies wins against it: a stronger player finds those, a beginner
        seldom does.  Otherwise think properly."""
        obstacles, me, other = self.child(self.best)
        replies = len(self.k.moves(obstacles, me, other))
        if self.refutations(self.best) * self.SLIP_ODDS <= replies:
            self.done = True
        else:
            self.phase = "solve"

    def refutations(self, move) -> int:
        """How many of the opponent's replies to ``move`` win for them."""
        obstacles, me, other = self.child(move)
        count = 0
        for reply in self.k.moves(obstacles, me, other):
            after = obstacles | (1 << reply[0]) | (1 << reply[1]) | (1 << reply[2])
            if not self.solver.wins(after, other, reply[3]):
                count += 1
        return count

    def mobility_score(self, move) -> int:
        obstacles, me, other = self.position
        after = obstacles | (1 << move[0]) | (1 << move[1]) | (1 << move[2])
        theirs = self.k.mobility(after, other, move[3])
        if theirs == 0:
            return 1000
        return 2 * self.k.mobility(after, move[3], other) - 3 * theirs

    # -- thinking ----------------------------------------------------------------------------
    def work(self) -> None:
        """One chunk of work (a bounded number of solver nodes)."""
        if self.done:
            return
        self.iterations += 1
        solver = self.solver
        solver.limit = solver.nodes + self.CHUNK
        try:
            if self.phase == "shallow":
                self.shallow_step()
            elif self.phase == "vet slip":
                self.vet_slip()
            elif self.phase == "solve":
                self.solve_root()
            elif self.phase == "rank":
                self.rank_losing_moves()
            elif self.phase == "length":
                self.hold_out()
            elif self.phase == "white placement":
                self.solve_white_placement()
            else:
                self.solve_black_placement()
        except OutOfWork:
            pass
        except RecursionError:     # never expected: the search is at most ~27 plies deep
            self.done = True
        finally:
            solver.limit = None

    def child(self, move):
        obstacles, me, other = self.position
        return obstacles | (1 << move[0]) | (1 << move[1]) | (1 << move[2]), other, move[3]

    def solve_root(self):
        for move in sorted(self.legal, key=self.mobility_score, reverse=True):
            if move in self.scores:
                continue
            self.scores[move] = not self.solver.wins(*self.child(move))   # True: this move wins
            if self.scores[move]:
                self.best, self.proven, self.win_chance, self.done = move, "win", 1.0, True
                return
        self.proven, self.win_chance = "loss", 0.0
        self.phase = "rank"

    def rank_losing_moves(self):
        """For each (losing) move, how many of the opponent's replies win for them."""
        for move in self.legal:
            if move in self.ranking:
                continue
            self.ranking[move] = self.refutations(move)
        self.best = min(self.legal, key=lambda m: (self.ranking[m], -self.mobility_score(m)))
        fewest = self.ranking[self.best]
        self.holding = [m for m in self.legal if self.ranking[m] == fewest]
        free = self.k.size - self.position[0].bit_count() - 2
        if len(self.holding) > 1 and free <= self.LENGTH_FREE:
            self.phase = "length"
            self.lengths = {}
        else:
            self.done = True

    def hold_out(self):
        """Among the moves with the fewest refutations, the one that lasts longest."""
        for move in self.holding:
            if move not in self.lengths:
                self.lengths[move] = self.solver.plies_left(*self.child(move))
        self.best = max(self.holding, key=lambda m: (self.lengths[m], self.mobility_score(m)))
        self.done = True

    def solve_white_placement(self):
        """No book for this size: White's first cell, solved pair by pair."""
        n = self.n
        while self.pending:
            (white,) = self.pending[0]
            refuted = self.white_scores.setdefault(white, {})
            for rep, cells in reply_classes(n, white).items():
                if rep not in refuted:
                    refuted[rep] = 0 if self.solver.placement_wins(white, rep) else len(cells)
            self.pending.pop(0)
        refuted = {w: sum(counts.values()) for w, counts in self.white_scores.items()}
        best = min(refuted, key=lambda w: (refuted[w], w))
        self.best = (best,)
        self.proven = "loss" if refuted[best] else "win"
        self.win_chance = 0.0 if refuted[best] else 1.0
        self.done = True

    def solve_black_placement(self):
        white = self.state.pawns[0]
        while self.pending:
            black = self.pending[0]
            if not self.solver.placement_wins(white, black):
                self.black_winners.append(black)
            self.pending.pop(0)
        self.finish_black_placement(white, self.black_winners)
