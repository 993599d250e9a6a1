"""Damone italiano: iterative-deepening alpha-beta on the rule book's byte boards.

A position is ``(board, player)``: the 64-byte board of ``games/damone.py`` and the side to
move.  Its moves come from the rule book's own generator (``board_moves``: compulsory
capture and the priority rules included), so the search plays exactly the legal moves.

* **Evaluation** (side to move): material (pedina 100, dama 300, damone 700), 4 points per
  step a side could make (mobility), and 6 per row a pedina has advanced towards its
  promotion squares;
* **captures are never cut off**: at depth 0 a side that must capture goes on capturing
  (a quiescence search along the forced captures), so a leaf never sits in mid-exchange;
* **draws**: a position met again on the search path or already seen in the game since the
  last capture is a draw, so the search neither repeats when ahead nor misses a repetition
  when behind; so are the no-capture limit and the ply limit.  A draw is worth 0, except to
  level 5, which counts it as half a pedina worse than equal for itself (contempt): it then
  plays on from the even positions where level 4 and it used to repeat, and most of their
  games had been drawn that way;
* **search**: negamax alpha-beta with a transposition table (depth, value, bound, move), the
  table's move first, then promotions, then moves by a history score; deepening one ply at
  a time.  This module is the kernel: the search itself is ``ai/alphabeta.py``, a
  generator paused every ``CHUNK`` nodes, so ``work()`` stays short and the move depends
  only on the number of chunks;
* **levels**: levels 1 to 4 look 2, 3, 4 and 5 plies ahead (plus the forced captures), so
  each is one ply short of the next whatever the machine; level 5 deepens as far as its time
  allows (about 10 plies in the middle game in 8 s of CPython).  In a game where two sound
  searches draw most games at equal material, one ply is what separates the levels: when
  levels 3 and 4 deepened by time too, level 5 scored only 61.5% against level 4, a ply
  behind it.  Levels 1 to 3 also play carelessly now and then: on about 30%, 15% and 10% of
  their moves (seeded) each root move gets a random bonus of up to 150, 120 or 80 points,
  about a pedina or more, so they may prefer a worse move.  Levels 4 and 5 get a tiny bonus
  that only breaks ties.
"""

from __future__ import annotations

import random

from ..games.damone import (DAMA, DAMONE, GRID, PEDINA, PROMOTION, STEPS, board_after,
                            board_moves, is_capture, owner_of, rank_of)
from .alphabeta import AlphaBeta, careless_bonus
from .engine import bot_for

INF = 10 ** 6
WIN = 10 ** 5
VALUES = {PEDINA: 100, DAMA: 300, DAMONE: 700}
MOBILITY = 4
ADVANCE = 6


def advance(cell: int, owner: int) -> int:
    """How far a pedina has come towards its promotion squares (a6 and c8 for White, which
    lie on the diagonal row - column = 5; f1 and h3 for Black), from 0 to 5."""
    column, row = GRID.coords(cell)
    progress = row - column if owner == 0 else column - row
    return max(0, min(5, progress + 2))


# what each piece byte is worth to its owner on each cell (material plus advancement)
WORTH = {value: tuple(VALUES[rank_of(value)] + (ADVANCE * advance(cell, owner_of(value))
                                               if rank_of(value) == PEDINA else 0)
                      for cell in range(GRID.size))
         for value in STEPS}


def evaluate(board: bytes, player: int) -> int:
    """Material, advancement and mobility, for the side to move."""
    score = 0
    for cell, value in enumerate(board):
        if value:
            sign = 1 if owner_of(value) == player else -1
            free = sum(1 for end in STEPS[value][cell] if not board[end])
            score += sign * (WORTH[value][cell] + MOBILITY * free)
    return score


@bot_for("damone")
class DamoneEngine(AlphaBeta):
    CHUNK = 40            # nodes per work() call: a few ms in CPython
    SPLIT_ROOT = False    # a position can come back (alphabeta.py): one worker searches
    SCORE_SCALE = 675     # a dama and a half ahead: a 95% chance
    WIN = WIN
    HISTORY = True        # moves that cut off are tried early elsewhere
    MAX_DEPTH = 40
    LEVEL_DEPTH = {1: 2, 2: 3, 3: 4, 4: 5}
    CARELESS = {1: (0.3, 150), 2: (0.15, 120), 3: (0.1, 80)}   # level: (how often, largest bonus)
    CONTEMPT = {5: 50}    # level: how much worse than equal a draw looks to the bot

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False):
        super().__init__(game, state, level, rng)
        if self.done:
            return
        self.player = state.ply % 2
        self.root = (state.board, self.player, state.quiet)
        self.seen = self.game_positions(state)
        self.settings = game.settings
        self.root_ply = state.ply
        self.table: dict = {}
        self.history: dict = {}
        self.max_depth = self.LEVEL_DEPTH.get(level, self.MAX_DEPTH)
        chance, largest = self.CARELESS.get(level, (0.0, 0))
        self.bonus = careless_bonus(rng, self.legal, chance, largest, otherwise=3)
        self.contempt = self.CONTEMPT.get(level, 0)

    def game_positions(self, state) -> set:
        """The positions (board, side to move) of the game since the last capture."""
        boards = state.earlier
        first = state.ply - len(boards)
        return {(board, (first + index) % 2) for index, board in enumerate(boards)}

    # -- the kernel (``alphabeta.AlphaBeta`` searches) -----------------------------------------
    # A position is (board, side to move, plies since the last capture); its key leaves out
    # the count, which only the no-capture limit reads.
    def key(self, position):
        return position[0], position[1]

    def open(self, position, ply: int, path):
        board, player, quiet = position
        moves = board_moves(board, player)
        end = self.end_value(board, player, moves, ply, quiet, path)
        return moves if end is None else end

    def at_rest(self, position, moves) -> bool:
        return not is_capture(moves[0])        # captures are never cut off

    def quiet(self, move) -> bool:
        return not is_capture(move)

    def evaluate(self, position, ply: int) -> int:
        return evaluate(position[0], position[1])

    def after(self, position, move):
        board, player, quiet = position
        return board_after(board, move), 1 - player, 0 if is_capture(move) else quiet + 1

    def end_value(self, board: bytes, player: int, moves: list, ply: int, quiet: int, path):
        """The value of a position that needs no search, or None."""
        if self.settings["win"] == "damone" and (DAMONE | player << 2) not in board:
            return -WIN + ply
        if not moves:
            return -WIN + ply
        if ply and ((board, player) in path or (board, player) in self.seen):
            return self.draw_value(player)
        limit = self.settings["no_capture_plies"]
        if (limit and quiet >= limit) or self.root_ply + ply >= self.game.max_plies:
            return self.draw_value(player)
        return None

    def draw_value(self, player: int) -> int:
        """A draw, for the side to move: the contempt below 0 for the bot's own side, as far
        above 0 for its opponent."""
        return -self.contempt if player == self.player else self.contempt

    def ordered(self, position, moves: list, first, ply: int):
        """The table's move first, then promotions, then by history."""
        board = position[0]
        if len(moves) > 1 and not is_capture(moves[0]):
            history = self.history
            moves = sorted(moves, key=lambda m: (m[-1] not in PROMOTION[board[m[0]]],
                                                 -history.get(m, 0)))
        if first is not None and first in moves:
            moves = [first] + [move for move in moves if move != first]
        return moves

    def leaf(self, position, ply: int, path) -> int:
        """A position at depth 0 after a step: its end value, its evaluation, or, when the
        side to move must capture, the quiescence search along the captures."""
        self.nodes += 1
        board, player, quiet = position
        moves = board_moves(board, player)
        end = self.end_value(board, player, moves, ply, quiet, path)
        if end is not None:
            return end
        if not is_capture(moves[0]):
            return evaluate(board, player)
        return self.captures_only(board, player, moves, ply)

    def captures_only(self, board, player, moves, ply) -> int:
        """The forced captures played out (no pause: each one removes a piece), then the
        evaluation."""
        best = -INF
        for move in moves:
            self.nodes += 1
            child, other = board_after(board, move), 1 - player
            replies = board_moves(child, other)
            end = self.end_value(child, other, replies, ply + 1, 0, ())
            if end is not None:
                value = -end
            elif is_capture(replies[0]):
                value = -self.captures_only(child, other, replies, ply + 1)
            else:
                value = -evaluate(child, other)
            best = max(best, value)
        return best
