"""The shared alpha-beta's chance nodes (``ai/alphabeta.py``: ``open`` returns a ``Chance``,
as Dadi's bot does for a token's re-roll), against an expectimax written here plainly.

The tiny game: ``turns`` turns; on his turn a player takes 2 points, or rolls a die worth
0, 1, 2 or 6 points (equally likely) and then moves again, a pass that ends his turn.  The
end is worth 100 to the player ahead plus the difference of the points, so whether a roll
is worth its risk depends on the score."""

import random

import pytest

from tavoliere.ai.alphabeta import AlphaBeta, Chance

ROLL = Chance((0, 1, 2, 6))


def end_value(mine: int, theirs: int) -> int:
    diff = mine - theirs
    return diff + (100 if diff > 0 else -100 if diff < 0 else 0)


def moves(position):
    """A position is (turns left, the mover's points, the other's, whether he rolled)."""
    return ["pass"] if position[3] else ["take", "roll"]


def step(position, move):
    left, mine, theirs, rolled = position
    if move == "take":
        return left - 1, theirs, mine + 2, False
    return left - 1, theirs, mine, False                 # "pass"


def expectimax(position) -> float:
    """The value for the mover, every roll averaged, each player at his best."""
    left, mine, theirs, rolled = position
    if left == 0:
        return end_value(mine, theirs)
    best = -float("inf")
    for move in moves(position):
        if move == "roll":
            value = sum(expectimax((left, mine + points, theirs, True))
                        for points in ROLL) / len(ROLL)
        else:
            value = -expectimax(step(position, move))
        best = max(best, value)
    return best


class Game:
    def legal_moves(self, position):
        return moves(position)


class DiceKernel(AlphaBeta):
    WIN = 10 ** 6                 # no value is a proven result: the deepening goes on

    def __init__(self, position, chunk=10 ** 9):
        super().__init__(Game(), position, 5, random.Random(0))
        self.root, self.table, self.max_depth = position, {}, position[0]
        self.CHUNK = chunk

    def open(self, position, ply, path):
        if position[0] == "chance":
            return ROLL
        left, mine, theirs, rolled = position
        return end_value(mine, theirs) if left == 0 else moves(position)

    def after(self, position, move):
        if position[0] == "chance":                      # the roll: the same player moves
            _, left, mine, theirs = position
            return left, mine + move, theirs, True
        if move == "roll":
            return "chance", position[0], position[1], position[2]
        return step(position, move)

    def evaluate(self, position, ply):
        return position[1] - position[2]

    def quiet(self, move):
        return move != "roll"         # a move into a chance node is searched, not judged

    def key(self, position):
        return position


def run(engine):
    while not engine.done:
        engine.work()
    return engine


@pytest.mark.parametrize("position", [(1, 0, 0, False), (2, 0, 0, False), (3, 0, 5, False),
                                      (4, 3, 0, False), (4, 0, 3, False), (5, 1, 1, False)])
def test_a_chance_node_is_the_mean_of_its_outcomes(position):
    """Searched to the end, the root's value and each root move's value are the
    expectimax's (a roll and the move after it take one ply: ``turns`` plies reach the end)."""
    engine = run(DiceKernel(position))
    assert engine.depth > engine.max_depth
    assert engine.score == pytest.approx(expectimax(position))
    for move, value in engine.root_values.items():
        if move == "roll":
            expected = sum(expectimax((position[0], position[1] + points, position[2], True))
                           for points in ROLL) / len(ROLL)
        else:
            expected = -expectimax(step(position, move))
        assert value == pytest.approx(expected)


def test_a_roll_is_worth_its_risk_only_well_behind():
    """On the last turn, one point behind, the take wins surely (101) and a roll wins only
    on a 2 or a 6 (a mean of 26.25); three points behind only a roll can still win."""
    one_behind = run(DiceKernel((1, 0, 1, False)))
    assert one_behind.best == "take" and one_behind.score == 101
    assert one_behind.root_values["roll"] == pytest.approx((-101 + 0 + 101 + 105) / 4)
    three_behind = run(DiceKernel((1, 0, 3, False)))
    assert three_behind.best == "roll"
    assert three_behind.score == pytest.approx((-103 - 102 - 101 + 103) / 4)


def test_a_search_paused_in_small_chunks_ends_the_same():
    """Chance nodes pause and resume like any other: chunks of 3 nodes give the same
    values as one unpaused run."""
    whole = run(DiceKernel((5, 0, 2, False)))
    paused = run(DiceKernel((5, 0, 2, False), chunk=3))
    assert paused.iterations > whole.iterations
    assert paused.score == whole.score and paused.root_values == whole.root_values
