"""Layli Goobalay: iterative-deepening alpha-beta on the rule book's sowing kernel.

* **Values** are seeds still to be won, from the mover's side: a move is worth the seeds it
  captures minus the value of the position it leaves to the opponent, and a position where
  the mover cannot move is worth what the two players then collect (own row outside Uurs,
  own Uurs).  The seeds already captured never change the choice, so positions are keyed by
  pits, Uurs and mover alone, and a transposition table shares them across move orders.
* **Evaluation** at the horizon: the seeds in the mover's Uurs minus those in the
  opponent's (they are banked: an Uur is never emptied in a round), and a quarter of the
  difference of the seeds on the two rows (they are the mover's to sow, and what each player
  collects at the end).  Values are counted in quarter seeds.
* **Search**: negamax alpha-beta (at most six moves a position), the table's move first,
  then the biggest captures; deepening one ply at a time, paused every ``CHUNK`` work units
  (the search is a generator), so a move depends only on the number of chunks.  This
  module is the kernel: the search itself is ``ai/alphabeta.py`` (with ``EXACT``).  An
  iteration that reaches the end of the round on every line is exact: the search stops
  and the result is proven, which happens as soon as few seeds are left.
* **Cycles**: seeds can circle for ever, so a position already on the searched line is
  worth what the players would collect there (the ply limit of a round ends a cycle that
  way); such a value is a guess, so a tree with cycles is never proven.
* **Endless relays** inside the tree: a relay of more than ``LIFT_LIMIT`` lifts counts as
  endless (no finite relay in random play needed 600; endless ones can take a million
  lifts).  The root's moves come from the rule book, which checks them exactly.
* **Levels**: South's first move is worth about 6 seeds to a deep search, so from the start
  two sound players split a match by colour.  Levels 1 to 4 look 5, 8, 11 and 13 plies
  ahead, level 5 as deep as its time allows (about 17 plies in the opening in CPython).
  Levels 1 and 2 now and then (seeded: 5 and 3 moves in 10) play a move up to 10 seeds
  worse, but only one their own search still sees 6 (level 1) or 2 (level 2) seeds ahead
  after it, never when behind: a deeper search punishes such a slip, random play seldom
  does.  Random play wins a game now and then as South: after its first two or three moves
  a deep search can prove North lost (level 1 lost about 1 game in 200 to it).
"""

from __future__ import annotations

import random

from ..games.layli import (PITS, ROW, cached_successors, candidate_pits, expansion,
                           row_and_uur_seeds)
from .alphabeta import INF, AlphaBeta
from .engine import bot_for

SCALE = 4                  # values are in quarter seeds
EXACT = 10 ** 4            # the depth stored for a value that saw the end of every line
LIFT_LIMIT = 1000
RELAYS_PER_NODE = 10       # a position's expansion counts 1 work unit, plus 1 per 10 relays


def encoded(pits: tuple, uurs: tuple, mover: int) -> bytes:
    """A position as 17 bytes: the 12 counts, the two Uur masks (two bytes each), the
    mover.  The search's tables key and hold positions as bytes, which the garbage collector
    never tracks: with tuples, its full collections over a big table took up to 0.7 s."""
    return bytes(pits) + bytes((uurs[0] & 255, uurs[0] >> 8, uurs[1] & 255, uurs[1] >> 8, mover))


def decoded(key: bytes) -> tuple[tuple, tuple, int]:
    return tuple(key[:PITS]), (key[12] | key[13] << 8, key[14] | key[15] << 8), key[16]


def uur_seeds(pits: tuple, mask: int) -> int:
    return sum(pits[pit] for pit in range(PITS) if mask >> pit & 1)


def end_value(pits: tuple, uurs: tuple, mover: int) -> int:
    """What the mover gains over the opponent when the round ends here."""
    return SCALE * (row_and_uur_seeds(pits, uurs, mover) - row_and_uur_seeds(pits, uurs, 1 - mover))


def evaluate(pits: tuple, uurs: tuple, mover: int) -> int:
    """The horizon's guess (see the module docstring), in quarter seeds."""
    banked = uur_seeds(pits, uurs[mover]) - uur_seeds(pits, uurs[1 - mover])
    taken = uurs[0] | uurs[1]
    own = sum(pits[pit] for pit in range(mover * ROW, mover * ROW + ROW) if not taken >> pit & 1)
    other = sum(pits[pit] for pit in range((1 - mover) * ROW, (2 - mover) * ROW)
                if not taken >> pit & 1)
    return SCALE * banked + own - other


@bot_for("layli")
class LayliEngine(AlphaBeta):
    CHUNK = 16             # work units per work() call: a position expanded costs 1, a leaf 1/4
    NODE_COST = 0          # (``expand`` and ``leaf`` count the work)
    SPLIT_ROOT = False     # the seeds can circle back to a position: one worker searches
    EXACT = EXACT          # values that saw the end of every line are kept as exact
    MAX_DEPTH = 60
    # Levels 1-4 look 5, 8, 11 and 13 plies ahead and level 5 as deep as its time allows
    # (about 17 plies in the opening, and exact once few seeds are left); depth 13 takes up
    # to about 1 s in CPython, within level 4's 3 s.  Against random play (600 games each)
    # depth 3 lost 4 and 7 games, depth 4 (the old level 1) 13, depth 5 three, depth 7 two:
    # level 1 looks 5 plies ahead.  Levels 1 and 2 slip (IMPRECISION), but only where their
    # search still sees them that many seeds ahead after the slip (CUSHION) and never when
    # behind: level 1 slipping half its moves with a 6-seed cushion lost 3 games in 600 to
    # random play, as without slips (28 in 600 when it slipped 4 moves in 10 without one).
    LEVEL_DEPTH = {1: 5, 2: 8, 3: 11, 4: 13}
    # (chance of an imprecise move, how much worse it may be, in quarter seeds)
    IMPRECISION = {1: (0.5, 10 * SCALE), 2: (0.3, 10 * SCALE)}
    # levels that slip only where their search still sees them ahead by this much (quarter
    # seeds) after the slip, and never when behind
    CUSHION = {1: 6 * SCALE, 2: 2 * SCALE}

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False):
        super().__init__(game, state, level, rng)
        self.table: dict = {}
        self.children: dict = {}
        self.nodes = 0.0
        self.limit = 0.0
        self.depth = 1
        self.horizon = False         # whether the current line met the search's horizon
        self.path: set = set()       # the positions of the line being searched
        self.root_values: dict = {}
        self.max_depth = self.LEVEL_DEPTH.get(level, self.MAX_DEPTH)
        self.imprecision = self.IMPRECISION.get(level)
        self.wide_root = self.imprecision is not None    # every root move's exact value
        self.cushion = self.CUSHION.get(level, 0)
        self.banked = (state.stores[state.to_move] - state.stores[1 - state.to_move]
                       + state.aside[state.to_move] - state.aside[1 - state.to_move])
        self.root = encoded(state.pits, state.uurs, state.to_move)
        if self.done:
            return
        # the root's moves come from the rule book (exact about endless relays)
        self.children[self.root] = self.kids(
            cached_successors(state.pits, state.uurs, state.to_move), state.to_move)
        self.noise = {pit: rng.random() for pit, _, _ in self.children[self.root]}

    # -- the tree --------------------------------------------------------------------------------
    def expand(self, key) -> list:
        """The moves of a position: (pit, the position after, quarter seeds captured)."""
        kids = self.children.get(key)
        if kids is None:
            pits, uurs, mover = decoded(key)
            moves, relays = expansion(pits, uurs, mover, LIFT_LIMIT)
            self.nodes += 1 + relays / RELAYS_PER_NODE
            kids = self.kids(moves, mover)
            if len(self.children) > 200_000:    # a long think: start the memo again
                self.children.clear()
            self.children[key] = kids
        return kids

    @staticmethod
    def kids(moves, mover: int) -> tuple:
        return tuple((pit, encoded(result[0], result[1], 1 - mover), SCALE * result[2])
                     for pit, result in moves)

    def leaf(self, key, ply: int = 0, path=None) -> int:
        """A position at the horizon: its end value if the mover has no pit to sow, else the
        evaluation (leaves are most of the nodes: they are not expanded)."""
        self.nodes += 0.25
        if key in self.path:
            return self.repeated(key)
        pits, uurs, mover = decoded(key)
        if not candidate_pits(pits, uurs, mover):
            return end_value(pits, uurs, mover)
        self.horizon = True
        return evaluate(pits, uurs, mover)

    def repeated(self, key) -> int:
        """A position already on the search path: the seeds may circle for ever, and the
        round's ply limit then gives each player his row, so it is worth its end value (a
        guess: where the cycle is cut is not known, so it is not exact)."""
        self.horizon = True
        return end_value(*decoded(key))

    def ordered(self, key, kids, first, ply: int) -> list:
        """The table's move first, then the biggest captures (at the root, equal captures
        in the seeded order of ``noise``, so games differ)."""
        if ply == 0:
            kids = sorted(kids, key=lambda kid: (-kid[2], self.noise[kid[0]]))
        else:
            kids = sorted(kids, key=lambda kid: -kid[2])
        if first is not None:
            kids.sort(key=lambda kid: kid[0] != first)
        return kids

    # -- the kernel (``alphabeta.AlphaBeta`` searches) -----------------------------------------
    # A position is its key (``encoded``); a move is a child (pit, key after, captured).
    def open(self, key, ply: int, path):
        if ply and key in path:
            return self.repeated(key)
        kids = self.expand(key)
        return kids if kids else end_value(*decoded(key))

    def after(self, key, kid):
        return kid[1]

    def gain(self, kid, ply: int) -> int:
        return kid[2]

    def probe(self, key, depth: int, alpha: int, beta: int, ply: int):
        """The table's value if it settles this search (a value that is not exact makes the
        line a guess), and its pit to try first."""
        value, first = super().probe(key, depth, alpha, beta, ply)
        if value is not None:
            self.horizon = self.horizon or self.table[key][0] < EXACT
        return value, first

    def store(self, key, depth: int, value: int, kid, alpha: int, beta: int) -> None:
        bound = 1 if value >= beta else -1 if value <= alpha else 0
        self.table[key] = (depth, value, bound, kid[0])

    # -- the work loop ---------------------------------------------------------------------------
    def start_iteration(self):
        self.horizon = False
        self.root_values = {}
        return self.search(self.root, self.depth, -INF, INF, 0, self.path)

    def finish_iteration(self, value: int) -> None:
        """Take the iteration's move; stop when it saw every line to the end, or at the
        level's depth."""
        best_pit = self.table[self.root][3]
        self.best = (best_pit,)
        self.root_values = {kid[0]: value for kid, value in self.root_values.items()}
        exact = not self.horizon
        expected = self.banked + value / SCALE         # the final margin, in seeds
        if exact and not self.game.is_match:
            self.proven = "win" if expected > 0 else "loss" if expected < 0 else "draw"
        self.win_chance = ({"win": 1.0, "loss": 0.0, "draw": 0.5}[self.proven] if self.proven
                           else 0.5 + max(-0.45, min(0.45, expected / 16)))
        self.depth += 1
        if exact or self.depth > self.max_depth:
            self.done = True
            if not exact and self.imprecision is not None:
                self.best = (self.imprecise_choice(best_pit),)

    def imprecise_choice(self, best_pit: int) -> int:
        """Now and then (seeded) a move worse than the best one, for levels 1-3: any move
        within ``margin`` of the best, and, where the search sees a win, one that still
        wins by its own (shallow) judgment."""
        chance, margin = self.imprecision
        if self.rng.random() >= chance:
            return best_pit
        top = self.root_values[best_pit]
        floor = top - margin
        if self.banked * SCALE + top > 0:
            # a slip keeps what its own search sees as a win: a won position is not thrown
            # away to a weak opponent's lucky start, but a deeper search sees the slip's cost
            floor = max(floor, 1 - self.banked * SCALE + self.cushion)
        elif self.cushion:
            return best_pit            # a level with a cushion never slips when behind
        near = sorted(pit for pit, value in self.root_values.items() if value >= floor)
        return self.rng.choice(near) if near else best_pit

