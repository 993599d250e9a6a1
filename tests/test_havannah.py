"""Havannah (RULES.md 3): the acceptance examples HV-3 to HV-10, swap, Schmittberger, the
draw, bad input, the kernel, and random games compared move by move with the reference in
tests/reference/havannah_ref.py (which shares no code with the engine)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference import havannah_ref
from tavoliere.core import IllegalMove, InvalidMove, load_game
from tavoliere.games.havannah import BRIDGE, FORK, RING, Havannah, HavannahBoard

# Black stones far from every example, none touching another: they never make a structure.
BLACK_FILL = ["o15", "q15", "o13", "q13", "m15", "m17", "o17", "q17", "k15", "k17", "q11",
              "s15", "m13"]
BLACK_FILL8 = ["l12", "n12", "l10", "n10", "j12", "n14", "l14"]


def position(game, white, black=(), fill=BLACK_FILL):
    """Replay White's stones in order (the last one is the last move) with Black's stones,
    then filler stones, in between."""
    black = list(black) + [c for c in fill if c not in white and c not in black]
    moves = []
    for k, stone in enumerate(white):
        moves.append(stone)
        if k < len(white) - 1:
            moves.append(black[k])
    state = game.replay(moves)
    # the reference, written from the definitions, ends the same way
    ref = havannah_ref.Havannah(game.base, ring_needs_empty=game.settings["ring_needs_empty"])
    for move in moves:
        ref.play(move)
    outcome = game.outcome(state)
    assert ref.outcome == (None if outcome is None else
                           (outcome.winner, outcome.reason, tuple(sorted(outcome.cells))))
    return state


def structure(game, state):
    outcome = game.outcome(state)
    return None if outcome is None else (outcome.winner, outcome.reason, set(outcome.cells))


RING6 = ["i9", "i10", "j9", "j11", "k10", "k11"]


@pytest.mark.parametrize("needs_empty", [False, True])
def test_hv3_ring_around_empty_cell(needs_empty):
    """HV-3: "White {i9, i10, j9, j11, k10, k11} with j10 empty -> ring (standard and
    Schmittberger)"; "Ring: a chain that goes around at least one cell"."""
    game = Havannah(ring_needs_empty=needs_empty)
    state = position(game, RING6)
    assert structure(game, state) == (0, "ring", set(RING6))
    assert game.legal_moves(state) == []


@pytest.mark.parametrize("needs_empty", [False, True])
def test_hv4_ring_around_opponent_stone(needs_empty):
    """HV-4: "the same ring with a Black stone on j10 -> ring (standard); no ring under
    Schmittberger"."""
    game = Havannah(ring_needs_empty=needs_empty)
    state = position(game, RING6, black=["j10"])
    if needs_empty:
        assert game.outcome(state) is None and len(game.legal_moves(state)) == 271 - 11
    else:
        assert structure(game, state) == (0, "ring", set(RING6))


@pytest.mark.parametrize("needs_empty", [False, True])
@pytest.mark.parametrize("centre_first", [True, False])
def test_hv5_solid_hexagon(needs_empty, centre_first):
    """HV-5: "the same ring plus a White stone on j10 (solid 7-hexagon) -> ring (standard);
    no ring under Schmittberger".  H1: the inside may hold the mover's own stones."""
    game = Havannah(ring_needs_empty=needs_empty)
    white = ["j10"] + RING6 if centre_first else RING6[:3] + ["j10"] + RING6[3:]
    state = position(game, white)
    if needs_empty:
        assert game.outcome(state) is None
    else:
        assert structure(game, state) == (0, "ring", set(RING6))


def test_hv6_edge_does_not_close_a_ring():
    """HV-6: "White {a2, b1, b2} around the empty corner a1 -> no ring (the edge does not
    close it)"; H4: "Boundary cells cannot be inside"."""
    game = Havannah()
    state = position(game, ["a2", "b1", "b2"])
    assert game.outcome(state) is None
    state = position(game, ["a2", "b1", "b2", "a1"])  # filling the corner is no ring either
    assert game.outcome(state) is None


def test_ring_with_stones_of_both_colours_inside():
    """A bigger ring: the inside holds an empty cell, a Black and a White stone (H1: "the
    cell may be occupied by either player")."""
    game = Havannah()
    ring = ["h8", "h9", "h10", "i11", "j12", "k12", "l12", "l11", "l10", "k9", "j8", "i8"]
    state = position(game, ["j10"] + ring, black=["i9"])
    assert structure(game, state) == (0, "ring", set(ring))


def test_hv7_minimal_bridge():
    """HV-7: "White a1 b1 c1 d1 e1 f1 g1 h1 i1 j1 (10 stones) -> bridge"; "Bridge: one chain
    contains >= 2 of the 6 corner cells"."""
    game = Havannah()
    white = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"]
    assert game.outcome(position(game, white[:-1])) is None
    assert structure(game, position(game, white)) == (0, "bridge", set(white))
    game8 = Havannah(size=8)  # H8: the same rules on base 8, corners a1 ... h1
    white8 = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
    assert structure(game8, position(game8, white8, fill=BLACK_FILL8)) == (0, "bridge", set(white8))


def test_bridge_between_adjacent_corners_through_the_middle():
    """"any two, adjacent corners included": a chain a1 ... j10 ... s19 joins two opposite
    corners."""
    game = Havannah()
    white = [f"{'abcdefghijklmnopqrs'[k]}{k + 1}" for k in range(19)]
    assert structure(game, position(game, white, fill=["a5", "c7", "e9", "g11", "i13", "k15",
                                                       "m17", "b9", "d11", "f13", "h15",
                                                       "j17", "l19", "e3", "g5", "i7", "k9",
                                                       "m11"])) == (0, "bridge", set(white))


def test_hv8_minimal_fork():
    """HV-8: "White a2 b2 b1 c1 d1 e1 f1 g1 h1 i1 j2 k2 (12 stones) -> fork (sides 0, 1, 2;
    no corner)"; "Fork: one chain contains cells from >= 3 different sides"."""
    game = Havannah()
    white = ["a2", "b2", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j2", "k2"]
    assert game.outcome(position(game, white[:-1])) is None
    assert structure(game, position(game, white)) == (0, "fork", set(white))


def test_hv9_corner_is_on_no_side():
    """HV-9: "White b1 ... i1 j1 k2 -> touches sides 1 and 2 plus corner j1 -> neither a fork
    nor a bridge"; "Corner cells belong to no side"."""
    game = Havannah()
    white = ["b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1", "k2"]
    assert game.outcome(position(game, white)) is None


def test_hv10_bridge_and_fork_at_once():
    """HV-10: "White a2 a1 b1 ... i1 j1 k2 -> both bridge (a1, j1) and fork (a2, b1..., k2)";
    "Several structures at once are simply a win"; H3: "a corner stone may be part of a
    fork's chain"."""
    game = Havannah()
    white = ["a2", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "j1", "k2", "i1"]
    assert structure(game, position(game, white)) == (0, "bridge+fork", set(white))


def test_black_wins_too():
    """"if the mover's stones contain a ring, a bridge or a fork, the mover wins"."""
    game = Havannah(size=8)
    moves = []
    for w, b in zip(["a1", "c1", "e1", "g1", "a3", "a5"], RING6):
        moves += [w, b]
    state = game.replay(moves)
    assert structure(game, state) == (1, "ring", set(RING6))


# the draw ---------------------------------------------------------------------------------
DRAW_WHITE = ["a1", "a4", "b2", "b5", "c3", "c4", "c6", "d1", "d4", "d6", "e3", "e4", "e6",
              "f3", "f4", "f5", "f7", "g5", "g6"]
DRAW_BLACK = ["a2", "a3", "b1", "b3", "b4", "c1", "c2", "c5", "d2", "d3", "d5", "d7", "e2",
              "e5", "e7", "f6", "g4", "g7"]


def test_full_board_is_a_draw():
    """H5: "Full board? Draw."  A base-4 board filled with no ring, bridge or fork for
    either player (found by a search, checked here by the reference too)."""
    game = Havannah(size=4)
    moves = [c for pair in zip(DRAW_WHITE, DRAW_BLACK + [None]) for c in pair if c]
    state = game.replay(moves)
    assert game.outcome(state).as_dict() == {"winner": None, "reason": "full-board", "cells": []}
    assert game.legal_moves(state) == []
    ref = havannah_ref.Havannah(4)
    for move in moves:
        assert ref.outcome is None
        ref.play(move)
    assert ref.outcome == (None, "full-board", ())


# swap ---------------------------------------------------------------------------------------
def test_swap():
    """"only at ply 2, Black may play swap.  White's stone becomes Black's, and White moves
    next"; the swap is named ``swap`` and has no cell to click: the page shows a button."""
    game = load_game("havannah(size=8,swap=true)")
    start = game.initial_state()
    assert all(game.move_name(m) != "swap" for m in game.legal_moves(start))
    state = game.replay(["d4"])
    swap = game.parse_move("swap", state)
    assert game.legal_moves(state)[-1] == swap
    assert game.move_name(swap) == "swap" and game.clicks(swap) == ()
    state = game.play(state, swap)
    assert game.pieces(state) == {"d4": "stone.1"}
    assert game.to_move(state) == 0 and state.ply == 2
    assert "swap" not in [game.move_name(m) for m in game.legal_moves(state)]
    with pytest.raises(IllegalMove):
        game.parse_move("swap", state)
    # the swapped stone is Black's in every way: Black closes a ring through it
    moves = ["d4", "swap"]
    for w, b in zip(["h12", "k12", "m12", "o12", "h14"], ["f5", "f6", "e6", "d5", "e4"]):
        moves += [w, b]
    state = game.replay(moves)
    assert structure(game, state) == (1, "ring", {"d4", "e4", "f5", "f6", "e6", "d5"})


def test_swap_off_by_default():
    """"swap default off, to follow the seed"."""
    game = load_game("havannah")
    state = game.replay(["j10"])
    with pytest.raises(IllegalMove):
        game.parse_move("swap", state)


def test_swap_agrees_with_reference():
    """Random games with swap=true where Black swaps half the time, move by move."""
    for seed in range(20):
        rng = random.Random(seed)
        compare_game(4 + seed % 3, rng, swap=True, swap_chance=0.5)


# bad input ----------------------------------------------------------------------------------
def test_bad_cells_and_occupied_cells():
    """Cells off the board are InvalidMove naming the board; occupied cells IllegalMove."""
    game = load_game("havannah")
    state = game.replay(["j10"])
    for text in ("z9", "a19", "a11", "t1", "j0"):
        with pytest.raises(InvalidMove, match="not a cell of the base-10 board"):
            game.parse_move(text, state)
    for text in ("", "10j", "j10-k10", "pass", "J10"):
        with pytest.raises(InvalidMove, match="not a move in Havannah notation"):
            game.parse_move(text, state)
    with pytest.raises(IllegalMove, match="j10 is occupied"):
        game.parse_move("j10", state)
    with pytest.raises(IllegalMove, match="ply 3"):
        game.replay(["j10", "a1", "a1"])
    with pytest.raises(InvalidMove, match="ply 2"):
        game.replay(["j10", "z9"])
    small = load_game("havannah(size=8)")
    with pytest.raises(InvalidMove, match="base-8"):
        small.parse_move("s19", small.initial_state())


def test_no_move_after_the_end():
    game = Havannah()
    state = position(game, RING6)
    with pytest.raises(IllegalMove, match="over"):
        game.parse_move("a1", state)
    with pytest.raises(IllegalMove):
        game.play(state, (0,))


@pytest.mark.parametrize("spec", ["havannah(size=11)", "havannah(size=3)", "havannah(sise=6)",
                                  "havannah(swap=maybe)", "havannah(ring_needs_empty=2)",
                                  "havannah(size=)", "havannah(size=8"])
def test_malformed_specs(spec):
    with pytest.raises(ValueError):
        load_game(spec)


def test_direct_construction_checks_ranges():
    with pytest.raises(ValueError, match="size"):
        Havannah(size=11)


# the protocol ------------------------------------------------------------------------------
def test_states_are_values():
    """States are immutable and hashable; the same stones reached in another order are the
    same state; play never changes its argument."""
    game = load_game("havannah(size=6)")
    a = game.replay(["a1", "b2", "c3", "d4"])
    b = game.replay(["c3", "d4", "a1", "b2"])
    assert a == b and hash(a) == hash(b)
    before = (a.board, a.ply, a.kernel)
    game.play(a, (game.grid.index("e5"),))
    assert (a.board, a.ply, a.kernel) == before
    with pytest.raises(AttributeError):
        a.ply = 3
    assert len({a, b}) == 1


def test_names_clicks_pieces_diagram_layout():
    game = load_game("havannah(size=5)")
    state = game.replay(["c3", "e5"])
    moves = game.legal_moves(state)
    assert len(moves) == 61 - 2
    for move in moves:
        assert game.parse_move(game.move_name(move), state) == move
        assert game.clicks(move) == (game.move_name(move),)
    assert game.pieces(state) == {"c3": "stone.0", "e5": "stone.1"}
    assert "W" in game.diagram(state) and "B" in game.diagram(state)
    assert len(game.layout()["cells"]) == 61
    assert game.notes(state) == {}


# the kernel ----------------------------------------------------------------------------------
def test_kernel_play_out_matches_place():
    """``play_out`` is ``place`` in a loop: same winner, flags and length."""
    for seed in range(200):
        rng = random.Random(seed)
        base = 4 + seed % 7
        needs_empty = seed % 3 == 0
        a, b = HavannahBoard(base, needs_empty), HavannahBoard(base, needs_empty)
        order = list(range(a.geo.size))
        rng.shuffle(order)
        winner, flags, placed = a.play_out(order)
        expected = (-1, 0, len(order))
        for k, cell in enumerate(order):
            f = b.place(cell)
            if f:
                expected = (k % 2, f, k + 1)
                break
        assert (winner, flags, placed) == expected
        assert a.owner == b.owner and a.turn == b.turn and a.empty == b.empty


def test_kernel_copy_is_independent():
    board = HavannahBoard(6)
    board.place(3)
    other = board.copy()
    other.place(4)
    assert board.owner[4] == 0 and other.owner[4] == 2 and board.turn == 2


def test_kernel_flags():
    """The kernel reports each structure as a flag; the reason joins them in order."""
    game = Havannah()
    board = HavannahBoard(10)
    white = ["a2", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "j1", "k2", "i1"]
    flags = 0
    for w, b in zip(white, BLACK_FILL):
        flags = board.place(game.grid.index(w))
        if flags:
            break
        board.place(game.grid.index(b))
    assert flags == BRIDGE | FORK and not flags & RING
    assert board.find(game.grid.index("a1")) == board.find(game.grid.index("k2"))


# against the reference ----------------------------------------------------------------------
def compare_game(base, rng, swap=False, needs_empty=False, swap_chance=0.0):
    """Play one random game on the engine and the reference side by side: the same legal
    moves at every ply, the same outcome (winner, reason, cells) at the same ply."""
    game = Havannah(size=base, swap=swap, ring_needs_empty=needs_empty)
    ref = havannah_ref.Havannah(base, swap=swap, ring_needs_empty=needs_empty)
    state = game.initial_state()
    while True:
        names = sorted(game.move_name(m) for m in game.legal_moves(state))
        assert names == ref.legal_moves(), f"ply {state.ply}"
        outcome = game.outcome(state)
        if outcome is None or ref.outcome is None:
            assert outcome is None and ref.outcome is None, (outcome, ref.outcome)
        else:
            assert (outcome.winner, outcome.reason, tuple(sorted(outcome.cells))) == ref.outcome
            return outcome
        name = "swap" if "swap" in names and rng.random() < swap_chance else rng.choice(names)
        state = game.play(state, game.parse_move(name, state))
        ref.play(name)


def test_random_games_against_reference():
    """200 random games on bases 4 to 8, a quarter of them Schmittberger."""
    reasons = set()
    for seed in range(200):
        rng = random.Random(seed)
        outcome = compare_game(4 + seed % 5, rng, needs_empty=seed % 4 == 3)
        reasons.add(outcome.reason)
    assert {"ring", "bridge", "fork", "bridge+fork"} <= reasons


@pytest.mark.slow
def test_many_random_games_against_reference():
    for seed in range(1000, 4000):
        rng = random.Random(seed)
        compare_game(4 + seed % 5, rng, swap=seed % 7 == 0, needs_empty=seed % 4 == 3,
                     swap_chance=0.5)


def test_exact_ring_test_matches_the_definition():
    """The reference's exact ring test (RULES 3.2 (a)/(b)) against the literal definition
    ("a cell c such that c cannot reach the outside when own minus {c} are walls") on random
    sets of stones, so that the faster test may stand in for it on larger boards."""
    rng = random.Random(7)
    agree = rings = 0
    for k in range(300):
        board = havannah_ref.Board(4 + k % 2)
        own = {c for c in board.names if rng.random() < 0.3 + 0.4 * rng.random()}
        exact = havannah_ref.has_ring_exact(board, own)
        assert exact == havannah_ref.has_ring_bruteforce(board, own), sorted(own)
        agree += 1
        rings += exact
    assert 30 < rings < 270


# symmetries ---------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.integers(4, 7), symmetry=st.integers(1, 11), seed=st.integers(0, 10**6),
       needs_empty=st.booleans())
def test_symmetries_preserve_outcomes(base, symmetry, seed, needs_empty):
    """A random game and its image under one of the 12 symmetries end the same way at the
    same ply (winner, reason, the mapped cells), with the same number of moves each ply."""
    game = Havannah(size=base, ring_needs_empty=needs_empty)
    perm = game.grid.symmetries[symmetry]
    rng = random.Random(seed)
    state, image = game.initial_state(), game.initial_state()
    while game.outcome(state) is None:
        assert len(game.legal_moves(state)) == len(game.legal_moves(image))
        assert game.outcome(image) is None
        (cell,) = rng.choice(game.legal_moves(state))
        state, image = game.play(state, (cell,)), game.play(image, (perm[cell],))
    a, b = game.outcome(state), game.outcome(image)
    names = game.grid.names
    assert (a.winner, a.reason) == (b.winner, b.reason)
    assert {names[perm[game.grid.index(c)]] for c in a.cells} == set(b.cells)
