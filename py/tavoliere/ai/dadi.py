"""Dadi: a selective expectimax-alpha-beta over the dice in hand, exact in the endgame.

* **What is known.**  Every unplaced die is open (RULES.md 12.2.6), so the plies up to the
  next batch roll are a game of perfect information; chance enters only when a batch is
  rolled or a token re-rolls a die.
* **Evaluation** (points, White's minus Black's with two players): each row and column is
  judged on its own.  A line's empty cells will be filled by the players in proportion to
  the dice each has left, each die worth the mean of his remaining dice (the unplaced ones
  as they show, the reserve at 3.5); a normal approximation of the difference of the two
  final sums gives the chance that each player has the lowest sum, and the line is worth
  each player's expected sum times his chance of winning it.  A full line is scored
  exactly (a player with no die on it does not compete).  With three or four players each
  line gives every player his chance of being lowest against all the others present.
* **Search** (two players): iterative deepening alpha-beta over placements, the tokens'
  re-rolls averaged over their six outcomes (an expectimax node; a token does not count as
  a ply).  A batch roll is the horizon.  Inner nodes look only at the best ``beam`` moves of
  a quick ordering (the change a placement makes to its row and column), and the root at
  the best ``ROOT_WIDTH`` of the previous depth.  This module is the kernel: the search
  itself is ``ai/alphabeta.py`` (negamax: a value is the mover's, White's negated when Black
  moves; ``wide_root``, so each root move has its exact value for the levels' noise; a
  token is a move into a ``Chance`` of six re-rolls, after which the same player places).
  The position is one ``Board`` played in place (``IN_PLACE``).  There is no table, as
  before the port (``probe`` and ``store`` do nothing): so the port searches the very tree
  of the search it replaced; whether a table would pay (a key of the whole board at every
  node, for the transpositions of a few plies) was not measured.
* **Endgame**: once every die has been rolled (no batch is left to come) and at most
  ``EXACT_CELLS[level]`` cells are empty (4, 5, 7, 8 and 9 from level 1 to 5), the last
  iteration is full width to the end of the game, every token's re-roll averaged, with the
  exact result at the leaves (a win is worth ``WIN`` plus the score difference): its values
  are exact, and a sure result is proven.  In CPython a position of 7 empty cells without
  tokens takes up to about a second, 9 cells several seconds, and each token held
  multiplies the tree by its six re-rolls; a search the budget cuts short plays the move
  of the deepest beam iteration, run first.  Searching the whole last batch exactly (12
  cells with two players) is out of reach: about 12! orders of placement times the
  values, and every token's re-rolls.
* **Three or four players**: one ply, every placement and every token's expected re-roll,
  judged by the mover's expected points minus the best of the others' (``margins``: a
  plain generator beside the kernel, paused on the same work units; not alpha-beta).
* **Levels**: deeper searches and wider beams with the level's time; levels 1 to 4 add a
  seeded random error to each root move's value (6, 2.5, 1.2 and 0.5 points: ``NOISE``),
  so they now and then prefer a worse placement, and level 5 plays its search's best.
  Above level 3 a deeper or wider search gains little (the dice and the evaluation
  dominate), so the noise is what mostly separates levels 3, 4 and 5.
"""

from __future__ import annotations

import math

from ..core import CHANCE
from ..games.dadi import CHOOSE
from .alphabeta import AlphaBeta, Chance
from .engine import bot_for

WIN = 10_000                            # a won game's value, plus the score difference
EXACT_CELLS = {1: 4, 2: 5, 3: 7, 4: 8, 5: 9}
BEAM = {1: 4, 2: 5, 3: 7, 4: 9, 5: 11}
ROOT_WIDTH = {1: 8, 2: 10, 3: 14, 4: 18, 5: 24}
MAX_DEPTH = {1: 1, 2: 2, 3: 4, 4: 6, 5: 8}
NOISE = {1: 6.0, 2: 2.5, 3: 1.2, 4: 0.5}
CHUNK = 150                             # nodes a work() call searches (a few ms)
MULTI_COST = 25                         # nodes a 3- or 4-player evaluation counts for
SQRT2 = math.sqrt(2.0)
ROLLS = Chance(range(1, 7))             # a token's re-roll: the die's six values


class Board:
    """The position as the search plays it: mutable arrays, played and taken back."""

    def __init__(self, game, state):
        self.n = game.players
        self.lines = game.lines
        self.cell_lines = {}
        for index, line in enumerate(game.lines):
            for cell in line:
                self.cell_lines.setdefault(cell, []).append(index)
        self.owner = [-1] * game.grid.size
        self.value = [0] * game.grid.size
        self.sums = [[0] * self.n for _ in game.lines]
        self.counts = [[0] * self.n for _ in game.lines]
        self.empty_in = [len(line) for line in game.lines]
        self.empties = len(game.playable)
        self.playable = game.playable
        self.first_cells = game.first_cells
        self.batch = game.batch
        for cell, die in enumerate(state.board):
            if die is not None:
                self.put(cell, die[0], die[1])
        self.hands = [[0] * 7 for _ in range(self.n)]
        for player, hand in enumerate(state.hands):
            for value in hand:
                self.hands[player][value] += 1
        self.held = [len(hand) for hand in state.hands]
        self.reserve = list(state.reserve)
        self.tokens = list(state.tokens)
        self.supply = state.supply
        self.mover = state.actor
        self.rerolling = False          # a token has taken a die from the hand: it is rolled

    def put(self, cell, player, value):
        self.owner[cell], self.value[cell] = player, value
        for line in self.cell_lines[cell]:
            self.sums[line][player] += value
            self.counts[line][player] += 1
            self.empty_in[line] -= 1
        self.empties -= 1

    def take(self, cell):
        player, value = self.owner[cell], self.value[cell]
        self.owner[cell] = -1
        for line in self.cell_lines[cell]:
            self.sums[line][player] -= value
            self.counts[line][player] -= 1
            self.empty_in[line] += 1
        self.empties += 1

    def open_cells(self):
        if self.empties == len(self.playable):
            return self.first_cells
        owner = self.owner
        return [c for c in self.playable if owner[c] < 0]

    def place(self, cell, value):
        """The mover places; returns what ``unplace`` needs."""
        me = self.mover
        self.put(cell, me, value)
        self.hands[me][value] -= 1
        self.held[me] -= 1
        earned = value == 6 and self.supply > 0
        if earned:
            self.supply -= 1
            self.tokens[me] += 1
        self.mover = (me + 1) % self.n
        return me, earned

    def unplace(self, cell, value, undo):
        me, earned = undo
        self.take(cell)
        self.hands[me][value] += 1
        self.held[me] += 1
        if earned:
            self.supply += 1
            self.tokens[me] -= 1
        self.mover = me

    def batch_due(self):
        me = self.mover
        return self.held[me] == 0 and self.reserve[me] > 0

    # -- evaluation -------------------------------------------------------------------------------
    def prospects(self):
        """For each player: his share of the dice still to place, and the mean and mean
        square of their values (the reserve at 3.5)."""
        left = [self.held[p] + self.reserve[p] for p in range(self.n)]
        total = sum(left) or 1
        out = []
        for p in range(self.n):
            hand = self.hands[p]
            count = left[p]
            if count:
                mean = (sum(v * hand[v] for v in range(1, 7)) + 3.5 * self.reserve[p]) / count
                square = (sum(v * v * hand[v] for v in range(1, 7))
                          + 91 / 6 * self.reserve[p]) / count
            else:
                mean, square = 3.5, 91 / 6
            out.append((left[p] / total, mean, square))
        return out

    def line_points(self, line, prospects):
        """Each player's expected points from ``line`` (see the module docstring)."""
        n = self.n
        sums, counts, empty = self.sums[line], self.counts[line], self.empty_in[line]
        points = [0.0] * n
        if empty == 0:
            present = [p for p in range(n) if counts[p]]
            low = min(sums[p] for p in present)
            winners = [p for p in present if sums[p] == low]
            if len(winners) == 1:
                points[winners[0]] = float(low)
            return points
        means, variances, present = [], [], []
        for p in range(n):
            share, mean, square = prospects[p]
            k = empty * share
            means.append(sums[p] + k * mean)
            variances.append(empty * share * square - empty * share * share * mean * mean)
            # a player with no die there yet competes only if he may still place one
            present.append(counts[p] > 0 or share > 0)
        for p in range(n):
            if not present[p]:
                continue
            chance = 1.0
            for o in range(n):
                if o == p or not present[o]:
                    continue
                spread = math.sqrt(max(variances[p] + variances[o], 0.0)) + 0.6
                gap = (means[o] - means[p] - 0.5) / spread
                chance *= 0.5 * (1.0 + math.erf(gap / SQRT2))
            points[p] = chance * means[p]
        return points

    def line_margin(self, line, prospects):
        """Two players: White's expected points from ``line`` minus Black's (the same as
        ``line_points``, written out for speed)."""
        sums, counts, empty = self.sums[line], self.counts[line], self.empty_in[line]
        s0, s1 = sums
        if empty == 0:
            c0, c1 = counts
            if not c1 or (c0 and s0 < s1):
                return s0
            if not c0 or s1 < s0:
                return -s1
            return 0
        (q0, m0, sq0), (q1, m1, sq1) = prospects
        k0, k1 = empty * q0, empty * q1
        mu0, mu1 = s0 + k0 * m0, s1 + k1 * m1
        variance = k0 * (sq0 - q0 * m0 * m0) + k1 * (sq1 - q1 * m1 * m1)
        spread = (math.sqrt(variance) + 0.6) * SQRT2 if variance > 0 else 0.6 * SQRT2
        p0 = 0.5 + 0.5 * math.erf((mu1 - mu0 - 0.5) / spread)
        p1 = 0.5 + 0.5 * math.erf((mu0 - mu1 - 0.5) / spread)
        if not q1 and not counts[1]:
            p0, p1 = 1.0, 0.0
        elif not q0 and not counts[0]:
            p0, p1 = 0.0, 1.0
        return p0 * mu0 - p1 * mu1

    def expected_points(self):
        prospects = self.prospects()
        totals = [0.0] * self.n
        for line in range(len(self.lines)):
            for p, value in enumerate(self.line_points(line, prospects)):
                totals[p] += value
        return totals

    def evaluate(self):
        """Two players: White's expected points minus Black's (exact on a full board)."""
        if self.empties == 0:
            return self.final_value()
        prospects = self.prospects()
        margin = self.line_margin
        return sum(margin(line, prospects) for line in range(len(self.lines)))

    def final_value(self):
        totals = [0] * self.n
        for line in range(len(self.lines)):
            for p, value in enumerate(self.line_points(line, None)):
                totals[p] += value
        diff = totals[0] - totals[1]
        return diff + (WIN if diff > 0 else -WIN if diff < 0 else 0)

    def quick(self, cell, value, prospects):
        """The change a placement makes to the mover's side of the two lines it is on (the
        ordering of the search), from White's side with two players."""
        lines = self.cell_lines[cell]
        me = self.mover
        if self.n == 2:
            margin = self.line_margin
            before = sum(margin(line, prospects) for line in lines)
            self.put(cell, me, value)
            after = sum(margin(line, prospects) for line in lines)
            self.take(cell)
            return after - before
        before = [self.line_points(line, prospects) for line in lines]
        self.put(cell, me, value)
        after = [self.line_points(line, prospects) for line in lines]
        self.take(cell)
        mine = sum(a[me] - b[me] for a, b in zip(after, before))
        others = sum(a[p] - b[p] for a, b in zip(after, before) for p in range(self.n) if p != me)
        return mine - others / (self.n - 1)


@bot_for("dadi")
class DadiEngine(AlphaBeta):
    """The kernel of ``ai/alphabeta.py`` for two players (a position is the one ``Board``,
    played in place; a token is a move into a ``Chance`` of six re-rolls), and a one-ply
    margin search beside it for three or four."""

    CHUNK = CHUNK
    WIN = WIN
    IN_PLACE = True
    wide_root = True        # every root move's exact value: the levels' noise is added to it

    def __init__(self, game, state, level: int, rng, fresh: bool = False):
        super().__init__(game, state, level, rng)
        self.scores = {}
        self.full = False               # this iteration is the full-width one to the end
        if self.done or game.to_move(state) == CHANCE:
            self.done = True
            return
        if state.stage == CHOOSE:
            self.best = self.choose_first(state)
            self.done = True
            return
        self.board = self.root = Board(game, state)
        self.root_empties = self.board.empties
        self.undo = []                  # what ``unmake`` needs, one entry a placement
        self.by_key = {}
        for move in self.legal:
            key = ("t", move[1]) if move[0] == "t" else (move[1], move[2])
            self.by_key[key] = move
        self.exact = (game.players == 2 and not any(self.board.reserve)
                      and self.board.empties <= EXACT_CELLS[level])
        self.max_depth = MAX_DEPTH[level] if game.players == 2 else 1
        self.multi = game.players > 2
        self.SPLIT_ROOT = not self.multi    # the margin search of 3-4 players is not split

    def choose_first(self, state):
        """Who begins: the chooser himself (the first placement is worth having: he puts
        the first die where it suits him and sees the others' dice before placing more)."""
        return ("first", state.actor)

    # -- the deepening ----------------------------------------------------------------------------
    def start_iteration(self):
        if self.multi:
            return self.margins()
        if self.exact and self.depth > min(self.max_depth, self.board.empties - 1):
            self.depth, self.full = self.board.empties, True
        return super().start_iteration()

    def finish_iteration(self, value) -> None:
        if self.multi:
            self.finish(value, False)
            return
        sign = self.sign()
        self.finish({move: sign * value for move, value in self.root_values.items()}, self.full)
        self.depth += 1

    def finish(self, values, complete):
        """Take an iteration's root values (White's side with two players): add the level's
        noise, play the best, report the win chance and a proof."""
        sign = self.sign()
        if self.level in NOISE:
            values = {key: value + sign * self.rng.gauss(0.0, NOISE[self.level])
                      for key, value in values.items()}
        best_key = max(values, key=lambda key: sign * values[key])
        self.best = self.by_key[best_key]
        self.scores = values
        value = values[best_key]
        if self.game.players == 2:
            mine = sign * value
            if complete:                # every leaf a result: a mix of them is not proven
                if abs(value) >= WIN - 500:
                    self.proven = "win" if mine > 0 else "loss"
                elif value == 0:
                    self.proven = "draw"
                self.win_chance = max(0.0, min(1.0, 0.5 + mine / (2 * WIN)))
            else:
                self.win_chance = 1.0 / (1.0 + math.exp(-mine / 8.0))
        if complete or (self.depth >= self.max_depth and not self.exact):
            self.done = True

    def sign(self):
        """+1 where the mover's values are to be maximised (White, or anyone with three or
        four players, whose values are his own margins), -1 for Black."""
        return 1 if self.board.mover == 0 or self.multi else -1

    # -- the kernel (two players; ``alphabeta.AlphaBeta`` searches) ----------------------------
    def open(self, board, ply: int, path):
        """A token's re-roll (a ``Chance``), the end (the exact result), a batch to roll
        (the horizon), or None: ``ordered`` lists the placements."""
        if board.rerolling:
            return ROLLS
        if board.empties == 0:
            return board.final_value() if board.mover == 0 else -board.final_value()
        if board.batch_due():
            return self.evaluate(board, ply)
        return None

    def evaluate(self, board, ply: int):
        return board.evaluate() if board.mover == 0 else -board.evaluate()

    def leaf(self, board, ply: int, path):
        """A position after a placement at depth 0: its result or its evaluation."""
        self.nodes += 1
        value = board.final_value() if board.empties == 0 else board.evaluate()
        return value if board.mover == 0 else -value

    def quiet(self, move) -> bool:
        return move[0] != "t"           # a token's re-rolls are searched

    def probe(self, key, depth: int, alpha, beta, ply: int):
        return None, None               # no table (see the module docstring)

    def store(self, key, depth: int, value, move, alpha, beta) -> None:
        pass

    def ordered(self, board, moves, first, ply: int) -> list:
        """The placements by the quick ordering, the best ``beam`` of them inside the tree
        (all of them in the full-width iteration), the root's the best ``ROOT_WIDTH`` of the
        previous iteration; then a token on each value in hand at the root, and inside the
        tree two plies or more from the horizon (or in the full-width iteration)."""
        me = board.mover
        prospects = board.prospects()
        values = [v for v in range(1, 7) if board.hands[me][v]]
        placements = [(cell, value) for cell in board.open_cells() for value in values]
        full = self.full
        if len(placements) > 1:
            quick = board.quick
            placements.sort(key=lambda m: quick(m[0], m[1], prospects), reverse=me == 0)
            if ply == 0:
                if not full and self.depth > 1:
                    sign = self.sign()
                    scores = self.scores
                    order = sorted(scores, key=lambda key: -sign * scores[key])
                    keep = [key for key in order if key[0] != "t"][:ROOT_WIDTH[self.level]]
                    placements = [m for m in placements if m in set(keep)]
                    placements.sort(key=keep.index)
            elif not full:
                del placements[BEAM[self.level]:]
        if board.tokens[me]:
            depth = self.depth - (self.root_empties - board.empties)   # this node's
            if ply == 0 or depth >= 2 or full:
                placements += [("t", value) for value in values]
        return placements

    def after(self, board, move):
        if board.rerolling:             # a re-roll's outcome: a die of this value in hand
            board.hands[board.mover][move] += 1
            board.rerolling = False
        elif move[0] == "t":            # a token: the die leaves the hand to be re-rolled
            me = board.mover
            board.hands[me][move[1]] -= 1
            board.tokens[me] -= 1
            board.supply += 1
            board.rerolling = True
        else:
            self.undo.append(board.place(move[0], move[1]))
        return board

    def unmake(self, board, move) -> None:
        if isinstance(move, int):       # a re-roll's outcome
            board.hands[board.mover][move] -= 1
            board.rerolling = True
        elif move[0] == "t":
            me = board.mover
            board.hands[me][move[1]] += 1
            board.tokens[me] += 1
            board.supply -= 1
            board.rerolling = False
        else:
            board.unplace(move[0], move[1], self.undo.pop())

    # -- three or four players: one ply, margins --------------------------------------------------
    def margins(self):
        """Each root move's value: the mover's expected points minus the best of the
        others', a token's averaged over its six re-rolls (a generator, like the search)."""
        board = self.board
        prospects = board.prospects()
        me = board.mover
        values = [v for v in range(1, 7) if board.hands[me][v]]
        placements = [(cell, value) for cell in board.open_cells() for value in values]
        placements.sort(key=lambda m: -board.quick(m[0], m[1], prospects))
        margins = {}
        for cell, value in placements:
            undo = board.place(cell, value)
            margins[(cell, value)] = self.margin(board.expected_points(), undo[0])
            self.nodes += MULTI_COST
            board.unplace(cell, value, undo)
            self.nodes += 1
            if self.nodes >= self.limit:
                yield
        if board.tokens[me]:
            for value in values:
                margins[("t", value)] = yield from self.token_margin(value)
        return margins

    def margin(self, points, player):
        others = max(points[p] for p in range(len(points)) if p != player)
        return points[player] - others

    def token_margin(self, value):
        """A token on a ``value``: the average over the six re-rolls of the best margin a
        placement then gives."""
        board = self.board
        me = board.mover
        hand = board.hands[me]
        hand[value] -= 1
        board.tokens[me] -= 1
        board.supply += 1
        total = 0.0
        for new in range(1, 7):
            hand[new] += 1
            total += yield from self.best_placement_margin()
            hand[new] -= 1
        hand[value] += 1
        board.tokens[me] += 1
        board.supply -= 1
        return total / 6

    def best_placement_margin(self):
        board = self.board
        me = board.mover
        best = -math.inf
        for cell in board.open_cells():
            for value in range(1, 7):
                if board.hands[me][value]:
                    undo = board.place(cell, value)
                    best = max(best, self.margin(board.expected_points(), me))
                    board.unplace(cell, value, undo)
                    self.nodes += MULTI_COST
                    if self.nodes >= self.limit:
                        yield
        return best
