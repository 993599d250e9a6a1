"""Damone bot: a win to take, a loss to prevent, the repetition draw, chunks that resume the
search, determinism and short slices (RULES.md 9.4: "The player to move who has no legal
move loses, whether because he is blocked or because he has no pieces")."""

import random
import time

import pytest

from tavoliere import load_game
from tavoliere.ai import Thinker, choose, match
from tavoliere.ai.damone import DamoneEngine, evaluate

GAME = load_game("damone")


def test_blocks_the_last_piece_to_win():
    """Black's last piece, a pedina on the edge at h5, can only step to g4 and cannot be
    captured there: the dama steps f3-g4 (a pedina cannot take a dama) and Black, blocked,
    loses."""
    state = GAME.position("Df3 Ib1", "Ph5")
    for level in (1, 3):
        move = choose(GAME, state, level=level, iterations=10)
        assert GAME.move_name(move) == "f3-g4"
    thinker = Thinker(GAME, state, iterations=10)
    while not thinker.done:
        thinker.step(0.05)
    assert thinker.progress()["proven"] == "win"


def test_keeps_its_last_piece_out_of_reach():
    """White's lone damone on b1: c2 would be jumped by the black damone on d3 (landing on
    b1, empty once White has left it), and White would have no pieces; a2 is safe."""
    state = GAME.position("Ib1", "Id3")
    assert GAME.move_name(choose(GAME, state, level=3, iterations=20)) == "b1-a2"


def test_prefers_the_capture_that_wins_material_later():
    """Every move the bot returns is legal, and from DM-5 it plays the only legal capture."""
    state = GAME.position("Ie6 Pe2", "Ia8 Pd3 Pb5 Df7")
    assert GAME.move_name(choose(GAME, state, iterations=5)) == "e2xc4xa6"


def test_positions_of_the_game_count_as_draws_in_the_search():
    """A position seen since the last capture is known to the search (repetition draw)."""
    state = GAME.replay(["h1-g2", "a8-b7", "g2-h1", "b7-a8"])
    engine = DamoneEngine(GAME, state, 3, random.Random(0))
    assert (GAME.initial_state().board, 0) in engine.seen
    after_one = GAME.replay(["h1-g2"])
    assert (after_one.board, 1) in engine.seen and (after_one.board, 0) not in engine.seen


def test_level_5_counts_a_draw_as_a_little_worse_than_equal():
    """A repetition is worth 0 to level 4; level 5 counts it as below 0 for its own side and
    as far above 0 for the opponent (contempt), so it plays on from even positions."""
    state = GAME.replay(["h1-g2", "a8-b7", "g2-h1", "b7-a8"])
    again = GAME.replay(["h1-g2"])       # seen, Black to move
    back = GAME.initial_state().board    # seen, White to move (the bot's side)
    for level, contempt in ((4, 0), (5, DamoneEngine.CONTEMPT[5])):
        engine = DamoneEngine(GAME, state, level, random.Random(0))
        assert engine.end_value(again.board, 1, GAME.legal_moves(again), 1, 1, set()) == contempt
        assert engine.end_value(back, 0, GAME.legal_moves(state), 2, 2, set()) == -contempt
    assert DamoneEngine.CONTEMPT[5] > 0


def test_levels_1_to_3_are_careless_now_and_then_and_levels_4_and_5_never():
    """On some of its decisions (seeded) a level gives each root move a random bonus of up to
    about a pedina or more, so it may prefer a worse move; otherwise the bonus, at most 3
    points, only breaks ties."""
    state = GAME.initial_state()

    def careless(level):
        return sum(max(DamoneEngine(GAME, state, level, random.Random(seed)).bonus.values()) > 3
                   for seed in range(200))

    for level in (1, 2, 3):
        chance, largest = DamoneEngine.CARELESS[level]
        assert largest >= 80 and abs(careless(level) - 200 * chance) < 25, level
    assert careless(4) == careless(5) == 0


def test_levels_1_to_4_look_a_fixed_number_of_plies_ahead_and_level_5_deeper():
    """Levels 1 to 4 stop at 2, 3, 4 and 5 plies whatever time they are given, so each is one
    ply short of the next on any machine; level 5 deepens while it has time."""
    state = GAME.initial_state()
    for level, depth in ((1, 2), (2, 3), (3, 4), (4, 5)):
        thinker = Thinker(GAME, state, level=level, seconds=60)
        while not thinker.done:
            thinker.step(0.05)
        assert thinker.engine.depth - 1 == depth, level
    thinker = Thinker(GAME, state, level=5, iterations=1500)
    while not thinker.done:
        thinker.step(0.05)
    assert thinker.engine.depth - 1 > 5


def test_the_evaluation_is_symmetric():
    """The set-up is the same for both sides, turned: its value is 0 for either to move."""
    board = GAME.initial_state().board
    assert evaluate(board, 0) == evaluate(board, 1) == 0


def test_a_paused_search_goes_on_where_it_stopped():
    """Chunks resume the search instead of restarting it: the same depth, move and value as
    one search in a single chunk."""
    state = GAME.replay(["f3-e4", "c6-d5", "e4xc6"])
    small = DamoneEngine(GAME, state, 5, random.Random(0))
    while small.depth <= 4 and not small.done:
        small.work()
    big = DamoneEngine(GAME, state, 5, random.Random(0))
    big.CHUNK = 10 ** 9
    while big.depth <= 4 and not big.done:
        big.work()
    assert (small.best, small.score) == (big.best, big.score)


def test_work_is_short():
    """One work() call is a few milliseconds of CPU time (the page's worker calls it in 50 ms
    slices)."""
    engine = DamoneEngine(GAME, GAME.replay(["f3-e4", "c6-d5"]), 5, random.Random(0))
    times = []
    for _ in range(300):
        started = time.process_time()
        engine.work()
        times.append(time.process_time() - started)
    times.sort()
    assert times[len(times) // 2] < 0.005 and times[-5] < 0.015


def test_same_seed_same_move():
    state = GAME.replay(["f3-e4", "c6-d5"])
    moves = {choose(GAME, state, level=2, iterations=30, seed=4) for _ in range(2)}
    assert len(moves) == 1


def test_level_1_beats_random_play():
    result = match("damone", "level1", "random", games=6, seed=2)
    assert result["a_wins"] == 6


@pytest.mark.slow
def test_level_1_always_beats_random_play():
    result = match("damone", "level1", "random", games=40, seed=5)
    assert result["a_wins"] == 40


@pytest.mark.slow
def test_level_2_beats_level_1():
    result = match("damone", "level2", "level1", games=20, seconds=None, seed=1)
    assert result["a_score"] > 0.5
