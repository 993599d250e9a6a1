"""The Hekka engine pinned against the slow reference (tests/reference/hekka.py, written from
the rule text and sharing no code with the engine): perft counts, random games compared move
for move (the repetition and move-limit draws included), and properties (hypothesis)."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from reference import hekka as ref
from conftest import random_state
from test_hekka import K4_CYCLE, K4_RECORD
from tavoliere.core import perft
from tavoliere.games.hekka import Hekka

K2 = ["c4", "f6", "c4-c5-d5-e5/d5", "f6-f5-f4-e4/c5"]
# White to move after 110 plies: the cycle's last move, f5-e5-e6-e7/g8, would bring the
# position of ply 87 back for the third time.
K4_BEFORE_THIRD = K4_RECORD + K4_CYCLE + K4_CYCLE[:-1]

# id, options, moves from the start, depth, leaf count.  The counts come from the reference
# (``ref.perft``); the test marked slow recomputes every one of them with it.
PERFT = [
    ("start", {}, [], 3, 8102),
    ("start", {}, [], 4, 131736),
    ("start-symmetric", {"areas": "symmetric"}, [], 4, 156640),
    ("k2", {}, K2, 3, 14258),
    ("k2", {}, K2, 4, 275282),
    ("k4-cycle", {}, K4_RECORD, 4, 33638),
    ("k4-third", {}, K4_BEFORE_THIRD, 3, 5156),
    ("k4-third", {}, K4_BEFORE_THIRD, 4, 60330),
    ("max-plies", {"max_plies": 10}, K2 + ["e5-f5-f4-f3/f5", "e4-e5-e6-d6/f4"], 3, 9178),
    ("max-plies", {"max_plies": 10}, K2 + ["e5-f5-f4-f3/f5", "e4-e5-e6-d6/f4"], 4, 177828),
]


def reference_position(options, moves):
    pos = ref.new_game(**options)
    for move in moves:
        pos = ref.play(pos, move)
    return pos


# -- perft ----------------------------------------------------------------------------------

def test_the_first_two_plies_match_a_count_by_hand():
    """White: 12 cells of area A + 9 of area B; Black: the 9 or the 12 of the other area."""
    game = Hekka()
    assert [perft(game, game.initial_state(), depth) for depth in (1, 2)] == [21, 12 * 9 + 9 * 12]
    game = Hekka(areas="symmetric")
    assert [perft(game, game.initial_state(), depth) for depth in (1, 2)] == [24, 2 * 12 * 12]


@pytest.mark.parametrize("name, options, moves, depth, count", PERFT, ids=lambda v: str(v))
def test_perft_table(name, options, moves, depth, count):
    game = Hekka(**options)
    assert perft(game, game.replay(moves), depth) == count


@pytest.mark.parametrize("options, moves, depth", [
    ({}, [], 3), ({"areas": "symmetric"}, ["d4", "e5"], 3), ({}, K2, 3), ({}, K4_BEFORE_THIRD, 2)])
def test_perft_equals_the_reference(options, moves, depth):
    game = Hekka(**options)
    assert perft(game, game.replay(moves), depth) == ref.perft(reference_position(options, moves), depth)


@pytest.mark.slow
@pytest.mark.parametrize("name, options, moves, depth, count", PERFT, ids=lambda v: str(v))
def test_perft_table_is_the_references(name, options, moves, depth, count):
    assert ref.perft(reference_position(options, moves), depth) == count


# -- random games move for move -------------------------------------------------------------

def compare(game, state, pos):
    """Legal moves, pieces, repetitions and outcome agree; returns the legal move names."""
    moves = [game.move_name(move) for move in game.legal_moves(state)]
    assert len(set(moves)) == len(moves)
    assert sorted(moves) == sorted(ref.legal_moves(pos)), game.diagram(state)
    assert game.pieces(state) == ref.pieces(pos)
    outcome, result = game.outcome(state), ref.result(pos)
    assert (outcome is None) == (result is None) == bool(moves)
    if outcome:
        assert outcome.winner == result[0]
        assert (outcome.reason == "repetition") == (result[1] == "repetition")
        assert (outcome.reason == "max-plies") == (result[1] == "max_plies")
    if state.ply >= 2:
        assert game.notes(state)["repetitions"] == pos["seen"].count(ref.key(pos))
    return moves


def play_alongside(game, pos, rng, state=None):
    """One random game played by the engine and the reference side by side."""
    state = game.initial_state() if state is None else state
    while moves := compare(game, state, pos):
        name = rng.choice(moves)
        state = game.play(state, game.parse_move(name, state))
        pos = ref.play(pos, name)
    return game.outcome(state)


@pytest.mark.parametrize("options", [{}, {"areas": "symmetric"}, {"max_plies": 12}])
def test_random_games_agree_with_the_reference(options):
    game, rng = Hekka(**options), random.Random(f"hekka-{options}")
    endings = {play_alongside(game, ref.new_game(**options), rng).winner for _ in range(40)}
    assert endings == ({0, 1, None} if "max_plies" in options else {0, 1})


@pytest.mark.slow
@pytest.mark.parametrize("options", [{}, {"areas": "symmetric"}, {"max_plies": 30}])
def test_many_random_games_agree_with_the_reference(options):
    game, rng = Hekka(**options), random.Random(f"hekka-slow-{options}")
    for _ in range(1000):
        play_alongside(game, ref.new_game(**options), rng)


def test_every_branch_of_the_k4_cycle_agrees_with_the_reference():
    """Round the 12-ply cycle of RULES.md 2.4 three times (to the draw), comparing at every
    ply, and play out a random game from every ply of it, so that repetitions are counted
    on many branches, not only along the record."""
    game, rng = Hekka(), random.Random("k4")
    state, pos = game.initial_state(), ref.new_game()
    for name in K4_RECORD + K4_CYCLE * 2:
        compare(game, state, pos)
        state, pos = game.play(state, game.parse_move(name, state)), ref.play(pos, name)
        if state.ply > 87:
            play_alongside(game, pos, rng, state)
    assert compare(game, state, pos) == []


# -- properties of every position -----------------------------------------------------------

def summary(outcome):
    """An outcome without its highlighted cells, which move with the board."""
    return outcome and (outcome.winner, outcome.reason)


def image(state, perm):
    return state._replace(pawns=tuple(None if c is None else perm[c] for c in state.pawns),
                          obstacles=frozenset(perm[c] for c in state.obstacles),
                          earlier=tuple((tuple(perm[c] for c in pawns),
                                         frozenset(perm[c] for c in obstacles), side)
                                        for pawns, obstacles, side in state.earlier))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(2, 40))
def test_board_symmetries_preserve_movement_positions(seed, plies):
    """Only the start areas break the board's symmetry: once both pawns stand, turning or
    mirroring the board maps legal moves onto legal moves and keeps the outcome."""
    game = Hekka()
    state = random_state(game, seed, plies)
    moves = game.legal_moves(state)
    for perm in game.grid.symmetries:
        turned = image(state, perm)
        assert set(game.legal_moves(turned)) == {tuple(perm[c] for c in move) for move in moves}
        assert summary(game.outcome(turned)) == summary(game.outcome(state))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 40))
def test_with_symmetric_areas_the_half_turn_preserves_the_whole_game(seed, plies):
    """With areas=symmetric, area B (e5-h7) is area A (a2-d4) turned half a turn, so the half
    turn preserves the placements too."""
    game = Hekka(areas="symmetric")
    half_turn = game.grid.symmetries[3]
    assert game.grid.names[half_turn[game.cell("a2")]] == "h7"
    state = random_state(game, seed, plies)
    assert set(game.legal_moves(image(state, half_turn))) == {
        tuple(half_turn[c] for c in move) for move in game.legal_moves(state)}


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["literal", "symmetric"]), st.integers(0, 10**6), st.integers(0, 40))
def test_every_move_has_a_name_that_reads_back_and_clicks_that_pick_it(areas, seed, plies):
    game = Hekka(areas=areas)
    state = random_state(game, seed, plies)
    moves = game.legal_moves(state)
    clicks = {move: game.clicks(move) for move in moves}
    for move in moves:
        assert game.parse_move(game.move_name(move), state) == move
        assert [other for other in moves if clicks[other][:len(clicks[move])] == clicks[move]] == [move]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 40))
def test_obstacles_never_decrease_and_play_never_mutates(seed, plies):
    """2.4: "Each move places k in {1, 2, 3} obstacles and removes 1, so the obstacle count
    never decreases." """
    game = Hekka()
    state = random_state(game, seed, plies)
    copy = state._replace()
    moves = game.legal_moves(state)
    assert (game.outcome(state) is None) == bool(moves)
    for move in moves:
        after = game.play(state, move)
        assert len(state.obstacles) <= len(after.obstacles) <= len(state.obstacles) + 2
    assert state == copy
