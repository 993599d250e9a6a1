"""Hekka bot: wins in one (with the right removal), avoiding losses in one, and the
repetition draw (RULES.md 2.3-2.4: "a player with no empty knight destination at the start
of their movement turn loses"; "the game is a draw when the same (pawn squares, obstacle
set, side to move) occurs for the 3rd time")."""

import random

import pytest

from tavoliere import load_game
from tavoliere.ai import Thinker, choose
from tavoliere.ai.hekka import HekkaEngine


def test_win_in_one_needs_the_right_removal():
    """Black on a1 has only b3 and c2; b3 holds an obstacle.  White e3 jumps to c2 and
    must remove an old obstacle: removing b3 would free Black, removing h8 wins."""
    game = load_game("hekka")
    state = game.position("e3", "a1", "b3 h8", to_move=0)
    move = choose(game, state, iterations=4)
    after = game.apply(state, move)
    assert game.outcome(after) is not None and game.outcome(after).winner == 0
    assert game.move_name(move).endswith("/h8")


def test_avoids_a_loss_in_one():
    """Every move keeps at least one reply that does not stalemate White at once."""
    game = load_game("hekka")
    state = game.replay(["c4", "f6", "c4-c5-d5-e5/d5", "f6-f5-f4-e4/c5"])
    move = choose(game, state, level=4, seconds=0.5)
    after = game.apply(state, move)
    for reply in game.legal_moves(after):
        outcome = game.outcome(game.apply(after, reply))
        assert outcome is None or outcome.winner != 1


def test_a_won_position_is_proven():
    game = load_game("hekka")
    state = game.position("e3", "a1", "b3 h8", to_move=0)
    thinker = Thinker(game, state, iterations=20)
    while not thinker.done:
        thinker.step(0.05)
    assert thinker.progress()["proven"] == "win"


def test_repeated_positions_count_as_draws_in_the_search():
    """The positions of the game since the last irreversible move are known to the search."""
    game = load_game("hekka")
    names = ("a4 e6 a4-b4-b3-b2/b3 e6-f6-g6-g5/b4").split()
    state = game.replay(names)
    engine = HekkaEngine(game, state, 3, random.Random(0))
    assert engine.twice      # at least the current position
    player = state.ply % 2
    mask = sum(1 << c for c in state.obstacles)
    assert (mask, state.pawns[player], state.pawns[1 - player]) in engine.twice


def test_placements_are_legal_and_central():
    game = load_game("hekka")
    state = game.initial_state()
    move = choose(game, state)
    assert move in game.legal_moves(state)
    state = game.apply(state, move)
    assert choose(game, state) in game.legal_moves(state)


def test_the_search_scores_a_third_repetition_as_a_draw():
    """RULES.md 2.4's record: after the 85 movement plies and one turn of the 12-ply cycle,
    the position has occurred twice; the cycle's last move would repeat it a third time,
    and the search values that move as a draw (0), whatever the evaluation says."""
    from test_hekka import K4_CYCLE, K4_RECORD
    game = load_game("hekka")
    state = game.replay(K4_RECORD + K4_CYCLE + K4_CYCLE[:-1])
    last = game.parse_move(K4_CYCLE[-1], state)
    outcome = game.outcome(game.apply(state, last))
    assert outcome is not None and outcome.winner is None        # the rules: a draw
    engine = HekkaEngine(game, state, 3, random.Random(0))
    obstacles, me, other = engine.root
    child = next(m for m in engine.moves(obstacles, me, other)
                 if engine.to_game_move(m) == last)
    engine.limit = 10 ** 9
    search = engine.search((child[4], other, child[2]), 3, -10 ** 6, 10 ** 6, 1, set())
    with pytest.raises(StopIteration) as stop:     # the search is a generator; no pause here
        next(search)
    assert stop.value.value == 0


def test_a_paused_search_goes_on_where_it_stopped():
    """Chunks resume the search instead of restarting it: a position searched in chunks of
    120 nodes reaches the same depth and move as one searched in a single chunk, with about
    the same number of nodes."""
    game = load_game("hekka")
    state = game.replay(["c4", "f6", "c4-c5-d5-e5/d5", "f6-f5-f4-e4/c5"])
    small = HekkaEngine(game, state, 5, random.Random(0))
    while small.depth <= 4:
        small.work()
    big = HekkaEngine(game, state, 5, random.Random(0))
    big.CHUNK = 10 ** 9
    while big.depth <= 4:
        big.work()
    assert small.best == big.best and small.score == big.score
    assert small.searched < 1.1 * big.searched
