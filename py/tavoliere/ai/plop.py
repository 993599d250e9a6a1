"""Pferdeäppel (Plop): iterative-deepening alpha-beta over the hunt, for either horse.

A search position is ``(white, brown, apples, mover, brown_left, golden_left)``: the horses'
cells, the mask of every marked square, the horse to move (0 white, 1 brown) and the supply.
It is one round: in a match the bot plays for the points of the round it is in.

* **End values** follow ``games/plop.py`` (``round_end``), checked against it by the tests:
  a catch, White without a safe square, the first golden apple (the twelfth in a match),
  Brown blocked.  A finished single game is worth a win plus 100 per point of difference,
  from the mover's side, sooner wins first; a finished round of a match is worth only its
  points, 1000 each (a round White "wins" by one golden apple is a poor one for him), so
  the search never calls a match round proven and level 5 goes on deepening.
* **Evaluation** (White's side, negated for Brown): 60 per safe square of the white horse,
  12 per unmarked square two knight's moves ahead through a safe square (room to run),
  15 per knight's move between the horses (up to 4), minus 8 per free square of the brown
  horse, and the clock: in a single game the first golden apple wins for White, so each
  brown apple still in the supply costs White 12.
* **Pruned extras (a heuristic, not a proof)**: every ply may add an extra apple on any of
  about 60 squares, which makes some 500 plies a turn.  The search tries only the extras
  that change the hunt at once: Brown's on White's safe squares (what an extra is for:
  Brown's other extras only bring the golden apples, White's victory, nearer), White's on
  the brown horse's free knight squares (towards blocking it), plus one apple as far as
  possible from the white horse (a move of the clock only).  Level 5 (``traps``) also tries
  Brown's extras on the free squares a knight's move from White's safe squares, where a
  trap for White's next move is laid (about four times Brown's plies, a ply less deep);
  other plans with an apple elsewhere are not seen.  The page still accepts every legal
  move; the bot only chooses among these.
* **The trail variant** has no apples to count: its evaluation is the horses' free squares
  one and two moves ahead, White's against Brown's (a horse that cannot move loses).
* **Search**: at the horizon a catch that Brown could play is played out (its result, not
  the evaluation, is the leaf's value), so even one ply sees that a square attacked by the
  brown horse loses; negamax alpha-beta with a transposition table, the table's move first,
  then catches, then moves by a cheap score (safe squares left to White); one ply deeper
  each iteration, paused every ``CHUNK`` nodes (the shared search, ``alphabeta.py``, of
  which this bot is a kernel) so a move depends only on the number of chunks.
* **Levels** (``STEPS``; ``SINGLE``, ``TRAIL``, a table for each horse): levels 1 to 4 look
  1, 1, 2 and 4 plies ahead; level 5 deepens as far as its time allows and sees Brown's
  traps.  Level 1 is careless (seeded): on every move each root move gets a random bonus of
  up to 150 points, about two safe squares, so it may prefer a worse move.  In the single
  game level 3's White is careless on every move too, up to 150, and level 4's Brown looks 5
  plies ahead.  In the trail variant, whose plies have at most 8 moves, the Whites look 4, 6,
  10 and 10 plies ahead (levels 1 and 2 careless on about 25% and 12% of their moves, up to
  150 and 100), the Browns 1, 2, 4 and 12 (careless on every move, a quarter, a quarter and
  none, up to 200, 150 and 150).
"""

from __future__ import annotations

import random

from ..games.plop import (BROWN_HORSE, GOLDEN_APPLES, KNIGHT, KNIGHT_MASK, WHITE_HORSE,
                          cells_of, safe_squares as safe_mask)
from .alphabeta import AlphaBeta, careless_bonus
from .engine import bot_for

WIN = 10 ** 5
POINT = 100
MATCH_POINT = 1000    # a point of a match round: beyond any evaluation, short of a proven win
SIDE = 8


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def ahead(squares: int) -> int:
    """The squares a knight's move from any of ``squares`` (a mask)."""
    out = 0
    for cell in cells_of(squares):
        out |= KNIGHT_MASK[cell]
    return out


def knight_distances() -> tuple:
    """DISTANCE[a][b]: the fewest knight's moves from a to b on an empty board."""
    table = []
    for start in range(SIDE * SIDE):
        far = [None] * (SIDE * SIDE)
        far[start], frontier, steps = 0, [start], 0
        while frontier:
            steps += 1
            nxt = []
            for cell in frontier:
                for target in KNIGHT[cell]:
                    if far[target] is None:
                        far[target] = steps
                        nxt.append(target)
            frontier = nxt
        table.append(tuple(far))
    return tuple(table)


DISTANCE = knight_distances()
# For each cell, every cell from the farthest (by knight's moves) to the nearest.
FARTHEST = tuple(tuple(sorted(range(SIDE * SIDE), key=lambda c, a=a: (-DISTANCE[a][c], c)))
                 for a in range(SIDE * SIDE))


class Rules:
    """The round's rules on search positions (``games/plop.py`` on masks), for one game's
    settings."""

    CLOCK = 12    # what each brown apple left in the supply is worth to Brown (single game)

    def __init__(self, is_match: bool, traps: bool = False):
        self.is_match = is_match
        self.traps = traps

    def end(self, pos):
        """(winner horse or None, White's points, Brown's points) if the round is over."""
        white, brown, apples, mover, brown_left, golden_left = pos
        golden_played = GOLDEN_APPLES - golden_left
        if white == brown:
            return self.caught(brown_left, golden_played)
        if self.is_match:
            if not golden_left:
                return (WHITE_HORSE, 24 if safe_mask(white, brown, apples) else 12, 0)
        elif golden_played:
            return (WHITE_HORSE, golden_played, 0)
        if mover == WHITE_HORSE:
            if not safe_mask(white, brown, apples):
                return self.caught(brown_left, golden_played)
        elif not (KNIGHT_MASK[brown] & ~apples) and white not in KNIGHT[brown]:
            return (WHITE_HORSE, 24, 0)
        return None

    @staticmethod
    def caught(brown_left: int, golden_played: int):
        if brown_left:
            return (BROWN_HORSE, 0, brown_left)
        if golden_played:
            return (WHITE_HORSE, golden_played, 0)
        return (None, 0, 0)

    def extras_allowed(self, pos, safe_after: int) -> bool:
        """Whether any extra apple may follow the mandatory one (``safe_after``: White's safe
        squares once it lies)."""
        _, _, _, mover, brown_left, golden_left = pos
        if brown_left + golden_left <= 1:
            return False
        if not brown_left and not self.is_match:
            return False
        return not (mover == BROWN_HORSE and not safe_after)

    def moves(self, pos) -> list:
        """The moves the search tries (see "pruned extras"); each is a legal move."""
        white, brown, apples, mover, _, _ = pos
        out = []
        if mover == WHITE_HORSE:
            for target in KNIGHT[white]:
                if apples >> target & 1:
                    continue
                out.append((target,))
                marked = apples | 1 << target
                safe = safe_mask(target, brown, marked)
                if not self.extras_allowed(pos, safe):
                    continue
                only = safe if safe & (safe - 1) == 0 else 0
                candidates = KNIGHT_MASK[brown] & ~marked & ~only
                for cell in FARTHEST[target]:
                    if not (marked >> cell & 1) and cell != brown and not (only >> cell & 1):
                        candidates |= 1 << cell
                        break
                out.extend((target, cell) for cell in cells_of(candidates))
        else:
            for target in KNIGHT[brown]:
                if target == white:
                    out.append((target,))
                    continue
                if apples >> target & 1:
                    continue
                out.append((target,))
                marked = apples | 1 << target
                safe = safe_mask(white, target, marked)
                if safe & (safe - 1) and self.extras_allowed(pos, safe):
                    candidates = safe | (ahead(safe) & ~marked if self.traps else 0)
                    out.extend((target, cell) for cell in cells_of(candidates))
        return out

    @staticmethod
    def after(pos, move):
        white, brown, apples, mover, brown_left, golden_left = pos
        target = move[0]
        if mover == WHITE_HORSE:
            white = target
        else:
            if target == white:
                return (target, target, apples, WHITE_HORSE, brown_left, golden_left)
            brown = target
        for cell in move:
            apples |= 1 << cell
            if brown_left:
                brown_left -= 1
            else:
                golden_left -= 1
        return (white, brown, apples, 1 - mover, brown_left, golden_left)

    def evaluate(self, pos) -> int:
        """The static value for White (see the module docstring)."""
        white, brown, apples, _, brown_left, _ = pos
        safe = safe_mask(white, brown, apples)
        room = ahead(safe) & ~apples
        score = (60 * popcount(safe) + 12 * popcount(room)
                 + 15 * min(4, DISTANCE[white][brown])
                 - 8 * popcount(KNIGHT_MASK[brown] & ~apples))
        if not self.is_match:
            score -= self.CLOCK * brown_left
        return score


def search_position(state) -> tuple:
    return (*state.horses, state.brown | state.golden, state.mover, state.brown_left,
            state.golden_left)


@bot_for("plop")
class PlopEngine(AlphaBeta):
    CHUNK = 40
    SCORE_SCALE = 150
    WIN = WIN
    MAX_DEPTH = 40
    # level: (plies ahead, how often careless, largest bonus); level 5 deepens on its clock.
    # The hunt rewards depth up to 4 plies and little beyond, and rungs of one ply each were
    # too close (3 plies beat 2 only 55 to 60% of the time): level 1 slips on every move,
    # level 2 never, and level 3 looks 2 plies ahead (docs/plop.md, "The match's ladder",
    # and the single game's, 2026-12-04).
    STEPS = {1: (1, 1.0, 150), 2: (1, 0, 0), 3: (2, 0, 0), 4: (4, 0, 0)}
    # In the single game a White 2 plies deep wins most games whoever holds Brown, and level 4
    # over level 3 was decided by the horse (60%, level 4's Brown winning a fifth of its
    # games): there level 3's White slips on every move, and level 4's Brown looks 5 plies
    # ahead, to a move of its own.  Its Brown then wins more than a third (docs/plop.md,
    # "Level 3's White slips, level 4's Brown looks further"), while level 3 keeps its Brown,
    # which carries most of its edge over level 2.
    SINGLE = {WHITE_HORSE: {**STEPS, 3: (2, 1.0, 150)}, BROWN_HORSE: {**STEPS, 4: (5, 0, 0)}}
    # In the trail Brown, who alone can catch, wins nearly every game once he looks a few
    # plies ahead, so with one table for both horses the rungs were the horse's (52 to 60%).
    # Its Browns climb in steeper steps than its Whites, so that a level's White beats the
    # Brown of the level below often enough to make the rung, and level 4's Brown looks 12
    # plies ahead to keep its edge over level 3's White of 10 (docs/plop.md, "The trail's
    # Browns climb" and "The trail's rungs over five seeds").
    TRAIL = {WHITE_HORSE: {1: (4, 0.25, 150), 2: (6, 0.12, 100), 3: (10, 0, 0), 4: (10, 0, 0)},
             BROWN_HORSE: {1: (1, 1.0, 200), 2: (2, 0.25, 150), 3: (4, 0.25, 150), 4: (12, 0, 0)}}

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False):
        super().__init__(game, state, level, rng)
        if self.done:
            return
        if game.trail:
            self.rules = TrailRules()
        else:
            self.rules = Rules(game.is_match, traps=level >= 5)
        self.root = search_position(state)
        self.table: dict = {}
        steps = self.STEPS if game.is_match else \
            (self.TRAIL if game.trail else self.SINGLE)[self.root[3]]
        self.max_depth, chance, largest = steps.get(level, (self.MAX_DEPTH, 0.0, 0))
        root_moves = self.rules.moves(self.root)
        self.best = root_moves[0]
        self.bonus = careless_bonus(rng, root_moves, chance, largest, otherwise=2)

    # -- the kernel ------------------------------------------------------------------------------
    def open(self, pos, ply: int, path):
        end = self.end_value(pos, ply)
        return end if end is not None else self.rules.moves(pos)

    def after(self, pos, move):
        return self.rules.after(pos, move)

    def evaluate(self, pos, ply: int) -> int:
        if pos[3] == BROWN_HORSE and pos[0] in KNIGHT[pos[1]]:
            # a catch is on: play it out rather than evaluate (a horizon of one ply)
            return -self.end_value(self.rules.after(pos, (pos[0],)), ply + 1)
        value = self.rules.evaluate(pos)
        return value if pos[3] == WHITE_HORSE else -value

    def end_value(self, pos, ply: int):
        end = self.rules.end(pos)
        if end is None:
            return None
        winner, white_points, brown_points = end
        if getattr(self.rules, "is_match", False):
            # a match counts the points only: a round "won" for 1 point is no win
            value = MATCH_POINT * (white_points - brown_points)
        else:
            value = POINT * (white_points - brown_points)
            if winner is not None:
                value += (WIN - ply) * (1 if winner == WHITE_HORSE else -1)
        return value if pos[3] == WHITE_HORSE else -value

    def ordered(self, pos, moves, first, ply: int):
        """The table's move first, then catches, then by White's safe squares after the move
        (fewest first for Brown, most first for White)."""
        white, brown, apples, mover = pos[:4]
        sign = 1 if mover == BROWN_HORSE else -1

        def score(move):
            target = move[0]
            if mover == BROWN_HORSE and target == white:
                return -100
            marked = apples | 1 << target
            if len(move) == 2:
                marked |= 1 << move[1]
            if mover == WHITE_HORSE:
                return sign * popcount(safe_mask(target, brown, marked))
            return sign * popcount(safe_mask(white, target, marked))
        moves = sorted(moves, key=score)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves


def reach(cell: int, apples: int) -> int:
    """40 per free square a knight's move from ``cell``, 8 per free square two moves away."""
    first = KNIGHT_MASK[cell] & ~apples
    return 40 * popcount(first) + 8 * popcount(ahead(first) & ~apples)


class TrailRules:
    """The trail variant on search positions: the square left is closed, a horse may move onto
    the other (a capture, which wins), and a horse that cannot move loses."""

    @staticmethod
    def end(pos):
        white, brown, apples, mover = pos[:4]
        if white == brown:
            return (1 - mover, 0, 0)
        here = pos[mover]
        if not KNIGHT_MASK[here] & ~apples:
            return (1 - mover, 0, 0)
        return None

    @staticmethod
    def moves(pos) -> list:
        here, apples = pos[pos[3]], pos[2]
        return [(target,) for target in KNIGHT[here] if not apples >> target & 1]

    @staticmethod
    def after(pos, move):
        white, brown, apples, mover, brown_left, golden_left = pos
        apples |= 1 << pos[mover]
        if mover == WHITE_HORSE:
            white = move[0]
        else:
            brown = move[0]
        return (white, brown, apples, 1 - mover, brown_left, golden_left)

    @staticmethod
    def evaluate(pos) -> int:
        """For White: his free squares and those two moves ahead against Brown's (a horse
        that cannot move loses, as in Isolation)."""
        white, brown, apples = pos[:3]
        return reach(white, apples) - reach(brown, apples)
