"""The Barrier engine pinned against the slow reference (tests/reference/barrier.py, written
from the rule text and sharing no code with the engine): perft counts, random games compared
move for move, and properties every position must have (hypothesis)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from reference import barrier as ref
from conftest import random_state
from tavoliere.core import perft
from tavoliere.games.barrier import Barrier

B1 = ["c4", "f6", "c4-d4-e4-e3", "f6-f5-f4-g4"]

# id, size, moves from the start, depth, leaf count.  The counts come from the reference
# (``ref.perft``); the test marked slow recomputes every one of them with it.
PERFT = [
    ("start-5", 5, [], 4, 18240),
    ("start-5", 5, [], 5, 46912),
    ("start-5", 5, [], 6, 71456),
    ("start-6", 6, [], 4, 66048),
    ("start-7", 7, [], 4, 170624),
    ("start-8", 8, [], 4, 362688),
    ("start-9", 9, [], 4, 679104),
    ("corners-6", 6, ["a1", "f6"], 6, 4640),
    ("b1-8", 8, B1, 4, 253),
    ("b1-8", 8, B1, 6, 1123),
    ("b1-8", 8, B1, 8, 6912),
    ("b1-8", 8, B1, 10, 21605),
    ("b1-9", 9, B1, 6, 8047),
    ("b1-9", 9, B1, 8, 65238),
]


def reference_position(size, moves, first="white"):
    pos = ref.new_game(size, first)
    for move in moves:
        pos = ref.play(pos, move)
    return pos


# -- perft ----------------------------------------------------------------------------------

@pytest.mark.parametrize("size", range(5, 10))
def test_the_first_three_plies_match_a_count_by_hand(size):
    """Ply 1: n^2 placements; ply 2: n^2 - 1.  Ply 3: each of White's L-paths (two per
    knight move, 8(n-1)(n-2) knight moves on the board) is blocked exactly when Black stands
    on one of its three cells, so it survives n^2 - 4 of Black's n^2 - 1 placements."""
    game, cells = Barrier(size=size), size * size
    knight_moves = 8 * (size - 1) * (size - 2)
    start = game.initial_state()
    assert [perft(game, start, depth) for depth in (1, 2, 3)] == [
        cells, cells * (cells - 1), 2 * knight_moves * (cells - 4)]


@pytest.mark.parametrize("name, size, moves, depth, count", PERFT, ids=lambda v: str(v))
def test_perft_table(name, size, moves, depth, count):
    game = Barrier(size=size)
    assert perft(game, game.replay(moves), depth) == count


@pytest.mark.parametrize("size, moves, depth", [(5, [], 4), (8, B1, 4), (7, ["a1", "g7"], 3)])
def test_perft_equals_the_reference(size, moves, depth):
    game = Barrier(size=size)
    assert perft(game, game.replay(moves), depth) == ref.perft(reference_position(size, moves), depth)


@pytest.mark.parametrize("size, moves, depth", [(5, [], 4), (8, B1, 4)])
def test_perft_with_black_first_equals_the_reference(size, moves, depth):
    """Who begins changes the colours, never the counts: the same as White first, and as the
    reference's count with Black first."""
    game = Barrier(size=size, first_player="black")
    count = perft(game, game.replay(moves), depth)
    assert count == ref.perft(reference_position(size, moves, "black"), depth)
    assert count == perft(Barrier(size=size), Barrier(size=size).replay(moves), depth)


@pytest.mark.slow
@pytest.mark.parametrize("name, size, moves, depth, count", PERFT, ids=lambda v: str(v))
def test_perft_table_is_the_references(name, size, moves, depth, count):
    assert ref.perft(reference_position(size, moves), depth) == count


# -- random games move for move -------------------------------------------------------------

def play_alongside(game, rng):
    """One random game played by the engine and the reference side by side, comparing the
    legal moves, the pieces and the outcome at every ply.  Returns the number of plies."""
    state, pos = game.initial_state(), ref.new_game(game.side, game.settings["first_player"])
    while True:
        moves = [game.move_name(move) for move in game.legal_moves(state)]
        assert len(set(moves)) == len(moves)
        assert sorted(moves) == sorted(ref.legal_moves(pos)), game.diagram(state)
        assert game.pieces(state) == ref.pieces(pos)
        outcome, result = game.outcome(state), ref.result(pos)
        assert (outcome is None) == (result is None) == bool(moves)
        if outcome:
            assert outcome.winner == result[0]
            return state.ply
        name = rng.choice(moves)
        state = game.play(state, game.parse_move(name, state))
        pos = ref.play(pos, name)


@pytest.mark.parametrize("size", range(5, 10))
def test_random_games_agree_with_the_reference(size):
    game, rng = Barrier(size=size), random.Random(f"barrier-{size}")
    for _ in range(40):
        play_alongside(game, rng)


@pytest.mark.parametrize("size", [5, 6, 8])
def test_random_games_with_black_first_agree_with_the_reference(size):
    game = Barrier(size=size, first_player="black")
    rng = random.Random(f"barrier-black-{size}")
    for _ in range(20):
        play_alongside(game, rng)


@pytest.mark.slow
@pytest.mark.parametrize("size", range(5, 10))
def test_many_random_games_agree_with_the_reference(size):
    game, rng = Barrier(size=size), random.Random(f"barrier-slow-{size}")
    for _ in range(2000):
        play_alongside(game, rng)


# -- properties of every position -----------------------------------------------------------

positions = st.builds(lambda size, first, seed, plies: (Barrier(size=size, first_player=first),
                                                      seed, plies),
                      st.integers(5, 9), st.sampled_from(["white", "black"]),
                      st.integers(0, 10**6), st.integers(0, 30))


@settings(max_examples=150, deadline=None)
@given(positions)
def test_board_symmetries_preserve_moves_and_outcomes(case):
    """The rules never mention a direction, so turning or mirroring the board maps legal
    moves onto legal moves and keeps the outcome."""
    game, seed, plies = case
    state = random_state(game, seed, plies)
    moves = game.legal_moves(state)
    outcome = game.outcome(state)
    for perm in game.grid.symmetries:
        image = state._replace(pawns=tuple(None if c is None else perm[c] for c in state.pawns),
                               obstacles=frozenset(perm[c] for c in state.obstacles))
        assert set(game.legal_moves(image)) == {tuple(perm[c] for c in move) for move in moves}
        assert (game.outcome(image) is None) == (outcome is None)
        if outcome:
            assert game.outcome(image).winner == outcome.winner


@settings(max_examples=150, deadline=None)
@given(positions)
def test_every_move_has_a_name_that_reads_back_and_clicks_that_pick_it(case):
    """The page narrows the legal moves by the clicks so far and plays when one is left, so no
    move's clicks may be the start of another's."""
    game, seed, plies = case
    state = random_state(game, seed, plies)
    moves = game.legal_moves(state)
    clicks = {move: game.clicks(move) for move in moves}
    for move in moves:
        assert game.parse_move(game.move_name(move), state) == move
        assert [other for other in moves if clicks[other][:len(clicks[move])] == clicks[move]] == [move]


@settings(max_examples=150, deadline=None)
@given(positions)
def test_play_returns_a_new_state_and_moves_end_exactly_with_the_game(case):
    game, seed, plies = case
    state = random_state(game, seed, plies)
    copy = state._replace()
    moves = game.legal_moves(state)
    assert (game.outcome(state) is None) == bool(moves)
    for move in moves:
        after = game.play(state, move)
        assert after != state and hash(after) is not None
    assert state == copy
