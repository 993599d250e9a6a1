"""The shared alpha-beta (``ai/alphabeta.py``) on a tiny game whose values are known by
hand, and the ported bots (Damone, Hekka, Cephalopod) against the moves recorded before the
port (``tests/search/record_moves.py``).

The tiny game is a take-away game: a pile of stones, each player in turn takes 1, 2 or 3,
and whoever takes the last stone wins.  The player to move loses exactly when the pile is a
multiple of 4, and the winning move takes ``pile % 4``; different orders of taking meet in
the same pile, so a transposition table has work to do."""

import json
import random
from pathlib import Path

import pytest

from tavoliere import load_game
from tavoliere.ai.alphabeta import AlphaBeta

WIN = 1000


class Pile:
    """Just enough of a game for ``Engine``: the legal moves of a state."""

    def legal_moves(self, pile):
        return [take for take in (1, 2, 3) if take <= pile]


class PileKernel(AlphaBeta):
    WIN = WIN
    CHUNK = 5

    def __init__(self, pile: int, max_depth: int = 30, table: bool = True, chunk: int = 5):
        super().__init__(Pile(), pile, 5, random.Random(0))
        self.root, self.table, self.max_depth = pile, {}, max_depth
        self.use_table = table
        self.CHUNK = chunk

    def open(self, pile, ply, path):
        return -WIN + ply if pile == 0 else [take for take in (1, 2, 3) if take <= pile]

    def after(self, pile, take):
        return pile - take

    def evaluate(self, pile, ply):
        return 0                      # nothing is known before the end

    def probe(self, key, depth, alpha, beta, ply):
        if not self.use_table:
            return None, None
        return super().probe(key, depth, alpha, beta, ply)


def run(engine, limit=10 ** 6):
    while not engine.done and engine.iterations < limit:
        engine.work()
    return engine


@pytest.mark.parametrize("pile", [5, 6, 7, 9, 10, 11, 13])
def test_finds_the_win_in_n(pile):
    """From a pile that is not a multiple of 4 the mover wins by leaving one: the search
    proves it, with the value of a win in the number of the mover's turns it takes."""
    engine = run(PileKernel(pile))
    assert engine.best == pile % 4
    assert engine.proven == "win" and engine.win_chance == 1.0
    plies = 2 * (pile // 4) + 1                       # the winner's last move is this ply
    assert engine.score == WIN - plies


@pytest.mark.parametrize("pile", [4, 8, 12])
def test_a_lost_pile_is_proven_lost(pile):
    """A multiple of 4 is lost: whatever the mover takes, the winner answers to 4 less, and
    takes the last stone on the ply ``pile // 2``."""
    engine = run(PileKernel(pile))
    assert engine.proven == "loss" and engine.win_chance == 0.0
    assert engine.score == -WIN + pile // 2


def test_the_table_saves_work_and_changes_no_value():
    """Taking 1 then 2 and 2 then 1 reach the same pile: with the table each is searched
    once per depth."""
    with_table = run(PileKernel(14, max_depth=9))
    without = run(PileKernel(14, max_depth=9, table=False))
    assert (with_table.best, with_table.score) == (without.best, without.score)
    assert with_table.nodes < 0.6 * without.nodes           # 331 against 647


def test_an_entry_of_the_table_settles_a_node():
    """A table entry deep enough, exact, is taken as the node's value without a search:
    planted wrong, it decides the root's choice."""
    engine = PileKernel(9, max_depth=3)
    engine.table[7] = (10, WIN - 5, 0, None)      # pile 7 (after taking 2): "won for the mover"
    engine.table[6] = (10, -WIN + 5, 0, None)     # pile 6 (after taking 3): "lost for the mover"
    run(engine)
    assert engine.best == 3                        # the planted loss, not the real win (take 1)


def test_paused_in_slices_it_searches_as_in_one_long_run():
    """The search is a generator paused once ``CHUNK`` nodes are used: small chunks resume
    where they stopped, and find the same moves, values and tables as one huge chunk."""
    small = PileKernel(23, max_depth=8, chunk=3)
    big = PileKernel(23, max_depth=8, chunk=10 ** 9)
    run(small), run(big)
    assert small.iterations > 10 * big.iterations
    assert (small.best, small.score, small.depth) == (big.best, big.score, big.depth)
    assert small.table == big.table
    assert abs(small.nodes - big.nodes) < 3 * small.iterations    # a node or so per pause


def test_a_move_depends_on_the_chunks_only():
    first = run(PileKernel(31, max_depth=12), limit=40)
    second = run(PileKernel(31, max_depth=12), limit=40)
    assert (first.best, first.score, first.depth, first.nodes) == (
        second.best, second.score, second.depth, second.nodes)
    assert first.table == second.table


# A game that can go round for ever: from S its player may go to T or hand the win to the
# other; from T the other may go back to S or hand the win over too.  Both sides think
# themselves worse off (the evaluation is -50 for the side to move), so the only sound line is
# to go round: a draw, once the search sees S again on its own line.
CYCLE = {"S": {"loop": "T", "give": "WON"}, "T": {"back": "S", "give": "WON"}}


class Cycle:
    def legal_moves(self, position):
        return list(CYCLE[position])


class CycleKernel(AlphaBeta):
    WIN = WIN

    def __init__(self, repetition: bool = True):
        super().__init__(Cycle(), "S", 5, random.Random(0))
        self.root, self.table, self.max_depth = "S", {}, 4
        self.repetition = repetition

    def open(self, position, ply, path):
        if position == "WON":
            return WIN - ply                  # the side to move there has won
        if self.repetition and ply and position in path:
            return 0
        return list(CYCLE[position])

    def after(self, position, move):
        return CYCLE[position][move]

    def evaluate(self, position, ply):
        return -50


def test_a_repetition_on_the_searched_line_is_a_draw():
    with_rule = run(CycleKernel())
    assert (with_rule.best, with_rule.score) == ("loop", 0)
    without = run(CycleKernel(repetition=False))
    assert (without.best, without.score) == ("loop", -50)     # the horizon's guess instead


def test_a_root_bonus_shifts_the_window_and_the_choice():
    """``bonus`` (a weak level's slip) adds to a root move's value: a big enough bonus on a
    losing move makes it the choice, and its value is the search's plus the bonus."""
    engine = PileKernel(9, max_depth=3)
    engine.bonus = {2: 2 * WIN}
    run(engine)
    assert engine.best == 2


class InPlaceKernel(PileKernel):
    """The same game played on a one-element list, in place: ``after`` changes it,
    ``unmake`` restores it."""

    IN_PLACE = True

    def __init__(self, pile, **kwargs):
        super().__init__(pile, **kwargs)
        self.board = [pile]
        self.root = self.board

    def key(self, board):
        return board[0]

    def open(self, board, ply, path):
        return super().open(board[0], ply, path)

    def after(self, board, take):
        board[0] -= take
        return board

    def unmake(self, board, take):
        board[0] += take


def test_a_kernel_that_plays_in_place_searches_the_same_tree():
    copy = run(PileKernel(19, max_depth=10, chunk=7))
    in_place = run(InPlaceKernel(19, max_depth=10, chunk=7))
    assert (in_place.best, in_place.score, in_place.nodes) == (copy.best, copy.score, copy.nodes)
    assert in_place.board == [19]


# -- the ported bots play the moves recorded before the port ------------------------------------
RECORDED = json.loads((Path(__file__).parent / "search" / "moves.json").read_text())
PINNED = [row for row in RECORDED if row["iterations"] <= 100 and row["level"] in (1, 3, 4, 5)]


def think(row):
    import sys
    sys.path.insert(0, str(Path(__file__).parent / "search"))
    from conftest import random_state
    from record_moves import think as record
    game = load_game(row["spec"])
    state = random_state(game, row["plies"], row["plies"])
    return record(game, state, row["level"], row["iterations"])


def row_name(row) -> str:
    return f"{row['spec']}-{row['plies']}-L{row['level']}-{row['iterations']}"


@pytest.mark.parametrize("row", PINNED[::3], ids=row_name)
def test_a_ported_bot_plays_the_recorded_move(row):
    """Move, win chance and node count as recorded before the bot became a kernel."""
    found = think(row)
    assert found == {key: row[key] for key in found}


@pytest.mark.slow
@pytest.mark.parametrize("row", RECORDED, ids=row_name)
def test_every_recorded_move_is_played_again(row):
    found = think(row)
    assert found == {key: row[key] for key in found}
