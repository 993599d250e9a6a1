"""Hexade (RULES.md 4): the acceptance examples X-1 to X-9, the pending-six state machine,
draws, bad input, the kernel, and random games compared move by move with the reference in
tests/reference/hexade_ref.py (which shares no code with the engine)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference import hexade_ref
from tavoliere.core import IllegalMove, InvalidMove, load_game
from tavoliere.games.hexade import Hexade, HexadeBoard, six_shapes
from tavoliere.grid.hexhex import HexGrid

# Filler stones far from the examples: same-coloured fillers are at distance 3 from each
# other, so they never capture, are never captured and never make a six; the first two
# White fillers satisfy the rule for White's second stone.
WHITE_FILL = ["p19", "m19", "j19", "p16", "m16", "j16", "s16", "s19"]
BLACK_FILL = ["q14", "n14", "k14", "h14", "e14", "r17", "o17", "l17", "i17", "s14", "q11",
              "s11"]


def setup(game, white, black, to_move=0):
    """Replay a position holding ``white`` and ``black`` (each placed in the order given,
    after the fillers) with ``to_move`` to play; no stone is captured on the way, and the
    reference reaches the same position."""
    n_white = max(len(white) + 1, len(black) + to_move)  # a White filler first, always
    n_black = n_white - to_move
    white = WHITE_FILL[:n_white - len(white)] + white
    black = BLACK_FILL[:n_black - len(black)] + black
    moves = [c for k in range(n_white) for c in (white[k], black[k] if k < n_black else None) if c]
    state = game.replay(moves)
    assert game.to_move(state) == to_move and len(game.pieces(state)) == len(moves)
    ref = reference_after(game.base, moves)
    assert {c: ("stone.0", "stone.1")[p] for c, p in ref.stones.items()} == game.pieces(state)
    return state, moves


def reference_after(base, moves, max_plies=1000):
    ref = hexade_ref.Hexade(base, max_plies)
    for move in moves:
        ref.play(move)
    return ref


def names(game, cells):
    return sorted(game.grid.names[c] for c in cells)


@pytest.fixture(scope="module")
def game():
    return load_game("hexade")


# captures -----------------------------------------------------------------------------------
def test_x1_capture_along_a3(game):
    """X-1: "White b2; Black c3, d4; White plays e5 -> captures c3 and d4"; "If s+d and s+2d
    hold opponent stones and s+3d holds M's stone (all on the board), then s+d and s+2d are
    captured"."""
    state, _ = setup(game, ["b2"], ["c3", "d4"])
    after = game.play(state, game.parse_move("e5", state))
    assert names(game, after.captured) == ["c3", "d4"]
    assert "c3" not in game.pieces(after) and "d4" not in game.pieces(after)
    assert game.pieces(after)["e5"] == "stone.0" and game.pieces(after)["b2"] == "stone.0"
    assert game.notes(after)["captured"] == ["c3", "d4"]


def test_x2_captures_in_every_direction_at_once(game):
    """X-2: "White c5, f5; Black c3, c4, d3, e4; White plays c2 -> captures c3, c4 (towards
    c5) and d3, e4 (towards f5)"; "All directions are captured at once; this is compulsory
    and automatic"."""
    state, moves = setup(game, ["c5", "f5"], ["c3", "c4", "d3", "e4"])
    after = game.play(state, game.parse_move("c2", state))
    assert names(game, after.captured) == ["c3", "c4", "d3", "e4"]
    assert not any(v == "stone.1" for c, v in game.pieces(after).items() if c in "c3 c4 d3 e4")
    ref = reference_after(10, moves + ["c2"])
    assert ref.last_captured == ["c3", "c4", "d3", "e4"]


def test_x3_placing_into_a_sandwich_is_safe(game):
    """X-3: "White b2, e5; Black c3; Black plays d4 -> no capture, and the pair c3-d4 between
    b2 and e5 is safe.  For instance, a later White move at f7 captures nothing"; "Active
    only: only the stone just placed can be an encloser"."""
    state, _ = setup(game, ["b2", "e5"], ["c3"], to_move=1)
    state = game.play(state, game.parse_move("d4", state))
    assert state.captured == ()
    state = game.play(state, game.parse_move("a1", state))
    state = game.play(state, game.parse_move("f7", state))
    assert state.captured == ()
    assert game.pieces(state)["c3"] == game.pieces(state)["d4"] == "stone.1"


def test_x4_exactly_two(game):
    """X-4: "White b2; Black c3, d4, e5; White plays f6 -> no capture"; "three or more
    opponent stones in a row between them are not captured"."""
    state, _ = setup(game, ["b2"], ["c3", "d4", "e5"])
    state = game.play(state, game.parse_move("f6", state))
    assert state.captured == ()


def test_a_single_stone_is_never_captured(game):
    """"A single stone is never captured"."""
    state, _ = setup(game, ["b2"], ["c3"])
    state = game.play(state, game.parse_move("d4", state))
    assert state.captured == ()


def test_capture_against_the_edge(game):
    """"s+d and s+2d hold opponent stones and s+3d holds M's stone (all on the board)": a pair
    against the edge is captured from the inside only when the encloser is on the board."""
    state, _ = setup(game, ["a2", "a3"], ["a4"], to_move=1)
    state = game.play(state, game.parse_move("a1", state))
    assert names(game, state.captured) == ["a2", "a3"]
    state, _ = setup(game, ["a2", "a3"], [], to_move=1)
    state = game.play(state, game.parse_move("a4", state))  # a1 is empty: nothing
    assert state.captured == ()


def test_recapture_of_a_freed_pair(game):
    """MS-X: a pair becomes vulnerable again "only if one encloser is captured and the
    opponent later places a stone on that cell again"."""
    state, _ = setup(game, ["b2", "e5"], ["c3"], to_move=1)
    state = game.play(state, game.parse_move("d4", state))      # safe between b2 and e5
    state = game.play(state, game.parse_move("f6", state))      # White
    state = game.play(state, game.parse_move("g7", state))      # Black takes e5 and f6
    assert names(game, state.captured) == ["e5", "f6"]
    state = game.play(state, game.parse_move("e5", state))      # White is back on e5
    assert names(game, state.captured) == ["c3", "d4"]


# White's second stone ------------------------------------------------------------------------
X5_FORBIDDEN = "h8 h9 h10 i8 i9 i10 i11 j8 j9 j11 j12 k9 k10 k11 k12 l10 l11 l12".split()


def test_x5_second_stone_zone(game):
    """X-5: "With White's first stone on j10, the forbidden cells are h8 h9 h10 i8 i9 i10 i11
    j8 j9 j11 j12 k9 k10 k11 k12 l10 l11 l12"; "White's second stone (ply 3) must be at hex
    distance >= 3 from White's first stone"."""
    state = game.replay(["j10", "a1"])
    legal = {game.move_name(m) for m in game.legal_moves(state)}
    assert legal == set(game.grid.names) - set(X5_FORBIDDEN) - {"j10", "a1"}
    assert sorted(game.notes(state)["forbidden"]) == sorted(X5_FORBIDDEN)
    for cell in ("l12", "j12"):
        with pytest.raises(IllegalMove, match="distance 2 from White's first stone j10"):
            game.parse_move(cell, state)
    for cell in ("l13", "k8", "h11", "j7", "m10", "h12"):
        assert game.move_name(game.parse_move(cell, state)) == cell
    with pytest.raises(IllegalMove, match="ply 3"):
        game.replay(["j10", "a1", "k9"])


def test_black_has_no_restriction_and_later_stones_neither(game):
    """"Black has no restriction"; the rule is for White's second stone only."""
    state = game.replay(["j10"])
    assert len(game.legal_moves(state)) == 270
    assert "forbidden" not in game.notes(state)
    state = game.replay(["j10", "a1", "p15", "a2"])
    assert len(game.legal_moves(state)) == 271 - 4
    assert "forbidden" not in game.notes(state)


def test_x9_pbmserv_diagram(game):
    """X-9: "the x-marked area around O = I11 is exactly the radius-2 hexagon (rows G: N =
    8-10, H: 8-11, I: 8-12, J: 9-12, K: 10-12; 0-based N)"."""
    rows = {"g": range(8, 11), "h": range(8, 12), "i": range(8, 13), "j": range(9, 13),
            "k": range(10, 13)}
    area = {f"{letter}{n + 1}" for letter, ns in rows.items() for n in ns}
    state = game.replay(["i11", "a1"])
    assert set(game.notes(state)["forbidden"]) == area - {"i11"}


# sixes ------------------------------------------------------------------------------------
def test_shape_counts():
    """"Base 10 has 528 windows", "432 triangles", hexagons around "217 centres"."""
    shapes = six_shapes(HexGrid(10))
    assert len(shapes) == 528 + 432 + 217
    ref = hexade_ref.Board(10).shapes()
    grid = HexGrid(10)
    assert {frozenset(grid.names[c] for c in s) for s in shapes} == \
        {frozenset(hexade_ref.Board.name(c) for c in s) for s in ref}


def pending_after(game, white, last, black=()):
    """White's stones ``white`` then the move ``last``: the notes' pending six."""
    state, _ = setup(game, white, list(black))
    state = game.play(state, game.parse_move(last, state))
    return state, game.notes(state)["pending"]


@pytest.mark.parametrize("white, last, six", [
    ("a5 b5 c5 d5 e5", "f5", "a5 b5 c5 d5 e5 f5"),                # line along A1
    ("a5 b5 c5 d5 e5 g5", "f5", "a5 b5 c5 d5 e5 f5 g5"),          # overline of seven
    ("e1 e2 e3 e4 e6", "e5", "e1 e2 e3 e4 e5 e6"),                # along A2
    ("c1 d2 e3 f4 h6", "g5", "c1 d2 e3 f4 g5 h6"),                # along A3
    ("e5 e6 e7 f6 f7", "g7", "e5 e6 e7 f6 f7 g7"),                # triangle TA
    ("e5 f5 g5 f6 g7", "g6", "e5 f5 g5 f6 g6 g7"),                # triangle TB
    ("i9 i10 j9 j11 k10", "k11", "i9 i10 j9 j11 k10 k11"),        # hexagon, j10 empty
    ("i9 i10 j9 j11 k10 j10", "k11", "i9 i10 j9 j11 k10 k11"),    # hexagon, j10 White
])
def test_x6_shapes(game, white, last, six):
    """X-6: "a5-f5 is a line; a5-g5 is still a win (overline)"; "{e5 e6 e7 f6 f7 g7} and
    {e5 f5 g5 f6 g6 g7} are triangles"; "{i9 i10 j9 j11 k10 k11} is a hexagon whether j10 is
    empty, White or Black".  A new six is pending (White wins after a harmless reply)."""
    state, pending = pending_after(game, white.split(), last)
    assert pending == {"player": 0, "cells": sorted(six.split(), key=game.grid.index)}
    assert game.outcome(state) is None
    state = game.play(state, game.parse_move("s10", state))
    assert game.outcome(state).as_dict() == {"winner": 0, "reason": "six",
                                             "cells": sorted(six.split(), key=game.grid.index)}


def test_x6_hexagon_around_a_black_stone(game):
    state, pending = pending_after(game, "i9 i10 j9 j11 k10".split(), "k11", black=["j10"])
    assert pending["cells"] == sorted("i9 i10 j9 j11 k10 k11".split(), key=game.grid.index)


@pytest.mark.parametrize("white, last", [
    ("a5 b5 c5 d5", "e5"),                 # five in a row
    ("a5 b5 c5 d5 e5", "g5"),              # a gap
    ("e5 e6 f6 f7 g7", "h8"),              # not a triangle
    ("a1 a2 b1 b2 b3", "c2"),              # five cells around b2 (c3 missing) and b2
    ("b2 b3 c2 c4 d3", "c3"),              # five cells around c3 (d4 missing) and c3
])
def test_non_sixes(game, white, last):
    """Shapes that are not sixes: no pending six."""
    state, pending = pending_after(game, white.split(), last)
    assert pending is None and game.outcome(state) is None


# the state machine ---------------------------------------------------------------------------
X7_WHITE = ["a5", "b5", "c5", "d5", "e5", "f6"]


def test_x7a_six_broken_by_the_reply(game):
    """X-7 (a): "White a5 b5 c5 d5 e5 f6; Black f4; White plays f5: ... PENDING(W).  Black
    plays f7 -> captures f5 and f6.  The six is destroyed and the game continues"."""
    state, _ = setup(game, X7_WHITE, ["f4"])
    state = game.play(state, game.parse_move("f5", state))
    assert state.captured == () and game.notes(state)["pending"]["player"] == 0
    state = game.play(state, game.parse_move("f7", state))
    assert names(game, state.captured) == ["f5", "f6"]
    assert game.outcome(state) is None and game.notes(state)["pending"] is None
    assert game.legal_moves(state)


def test_x7b_six_survives_the_reply(game):
    """X-7 (b): "Black plays anywhere else that captures nothing from the line (e.g. s19) ->
    White wins"."""
    state, _ = setup(game, X7_WHITE, ["f4"])
    state = game.play(state, game.parse_move("f5", state))
    state = game.play(state, game.parse_move("s19", state))
    assert game.outcome(state).as_dict() == {
        "winner": 0, "reason": "six", "cells": ["a5", "b5", "c5", "d5", "e5", "f5"]}
    assert game.legal_moves(state) == []


def test_six_broken_by_a_reply_that_makes_its_own_six(game):
    """"the opponent breaks all of P's sixes and completes a six of their own -> game
    continues; the opponent's six is now pending and P gets one reply to break it"."""
    black_line = ["a7", "b7", "c7", "d7", "e7", "f7"]
    state, _ = setup(game, X7_WHITE + ["f9"], ["f4", "a7", "b7", "c7", "d7", "e7", "f8"])
    state = game.play(state, game.parse_move("f5", state))   # White's a5-f5 pending
    state = game.play(state, game.parse_move("f7", state))   # takes f5 f6, makes a7-f7
    assert names(game, state.captured) == ["f5", "f6"]
    assert game.outcome(state) is None
    assert game.notes(state)["pending"] == {"player": 1, "cells": black_line}
    # White breaks Black's six in turn: f6 takes f7 and f8 (towards f9)
    broken = game.play(state, game.parse_move("f6", state))
    assert names(game, broken.captured) == ["f7", "f8"]
    assert game.outcome(broken) is None and game.notes(broken)["pending"] is None
    # or White does not: Black's six outlasted the reply
    after = game.play(state, game.parse_move("s10", state))
    assert game.outcome(after).as_dict() == {"winner": 1, "reason": "six", "cells": black_line}


def test_reply_makes_a_six_without_breaking_the_first(game):
    """"the opponent completes their own six without breaking P's -> P wins: P's six was
    first and outlasted the reply"."""
    state, _ = setup(game, X7_WHITE, ["f4", "a8", "b8", "c8", "d8", "e8"])
    state = game.play(state, game.parse_move("f5", state))
    state = game.play(state, game.parse_move("f8", state))  # Black a8-f8, no capture
    assert state.captured == ()
    assert game.outcome(state).as_dict() == {
        "winner": 0, "reason": "six", "cells": ["a5", "b5", "c5", "d5", "e5", "f5"]}


def test_two_sixes_one_broken(game):
    """"P had two sixes and the opponent breaks only one -> P wins (P still has a six)";
    the winning cells are the six that survived."""
    ring = ["g6", "g7", "f7", "e6", "e5", "f5"]  # around f6
    white = ["a5", "b5", "c5", "d5", "e5", "d6", "e6", "f7", "g6", "g7"]
    state, _ = setup(game, white, ["d4"])
    state = game.play(state, game.parse_move("f5", state))  # line a5-f5 and the ring
    pending = game.notes(state)["pending"]
    assert pending["cells"] == sorted(set(ring) | {"a5", "b5", "c5", "d5"}, key=game.grid.index)
    state = game.play(state, game.parse_move("d7", state))  # captures d6 and d5
    assert names(game, state.captured) == ["d5", "d6"]
    assert game.outcome(state).as_dict() == {"winner": 0, "reason": "six",
                                             "cells": sorted(ring, key=game.grid.index)}


def test_x8_only_two_defences(game):
    """X-8: "White a2 b3 c4 d5 e6 d4 e7; Black e4 e5; White plays f7 ... Black's only
    six-breaking replies are b4 (captures c4, d4) and e8 (captures e7, e6)"."""
    state, moves = setup(game, ["a2", "b3", "c4", "d5", "e6", "d4", "e7"], ["e4", "e5"])
    state = game.play(state, game.parse_move("f7", state))
    assert game.notes(state)["pending"]["cells"] == ["a2", "b3", "c4", "d5", "e6", "f7"]
    defences = {}
    for move in game.legal_moves(state):
        after = game.play(state, move)
        if game.outcome(after) is None:
            defences[game.move_name(move)] = names(game, after.captured)
    assert defences == {"b4": ["c4", "d4"], "e8": ["e6", "e7"]}
    # the reference agrees on both defences
    for reply in ("b4", "e8", "s19"):
        ref = reference_after(10, moves + ["f7", reply])
        assert (ref.outcome is None) == (reply != "s19")


# draws ---------------------------------------------------------------------------------------
def test_max_plies_draw_waits_for_a_pending_six():
    """4.5: "max_plies ... Apply it only in positions where no six is pending"."""
    game = load_game("hexade(max_plies=10)")
    state = game.replay(["a1", "g7", "d1", "s10", "a3", "g9", "a5", "g11", "a7", "g13"])
    assert game.outcome(state).as_dict() == {"winner": None, "reason": "max-plies", "cells": []}
    game = load_game("hexade(max_plies=13)")
    moves = ["a5", "s19", "d5", "s17", "b5", "s15", "c5", "s13", "e5", "f4", "f6", "q17", "f5"]
    state = game.replay(moves)  # ply 13: White's six a5-f5 is pending, so no draw yet
    assert game.outcome(state) is None and game.notes(state)["pending"]["player"] == 0
    broken = game.play(state, game.parse_move("f7", state))  # breaks it: now the draw
    assert game.outcome(broken).as_dict() == {"winner": None, "reason": "max-plies", "cells": []}
    won = game.play(state, game.parse_move("q15", state))
    assert game.outcome(won).as_dict()["winner"] == 0
    assert reference_after(10, moves + ["f7"], max_plies=13).outcome == (None, "max-plies", ())


def full_board_game(want_six: bool):
    """A random base-4 game that ends on a full board (with a six or without)."""
    game = load_game("hexade(size=4)")
    for seed in range(5000):
        rng = random.Random(seed)
        state, moves = game.initial_state(), []
        while game.outcome(state) is None:
            move = rng.choice(game.legal_moves(state))
            moves.append(game.move_name(move))
            state = game.play(state, move)
        if 0 not in state.board and (game.outcome(state).reason == "six") == want_six:
            return game, state, moves
    raise AssertionError("no such game found")


def test_full_board_draw():
    """"Board full and no pending six -> draw"; the reference ends the same game the same way."""
    game, state, moves = full_board_game(want_six=False)
    assert game.outcome(state).as_dict() == {"winner": None, "reason": "full-board", "cells": []}
    assert reference_after(4, moves).outcome == (None, "full-board", ())


def test_full_board_with_a_six_wins():
    """"if O has no legal placement (board full): winner = M if has_six(M)"."""
    game, state, moves = full_board_game(want_six=True)
    outcome = game.outcome(state)
    assert outcome.winner == (state.ply - 1) % 2 and outcome.reason == "six"
    ref = reference_after(4, moves).outcome
    assert ref == (outcome.winner, "six", tuple(sorted(outcome.cells)))


# bad input -----------------------------------------------------------------------------------
def test_bad_input(game):
    state = game.replay(["j10"])
    for text in ("z9", "a19", "a11", "t5"):
        with pytest.raises(InvalidMove, match="not a cell of the base-10 board"):
            game.parse_move(text, state)
    for text in ("", "swap", "e5-e6", "E5"):
        with pytest.raises(InvalidMove, match="Hexade notation"):
            game.parse_move(text, state)
    with pytest.raises(IllegalMove, match="j10 is occupied"):
        game.parse_move("j10", state)


@pytest.mark.parametrize("spec", ["hexade(size=11)", "hexade(swap=true)", "hexade(size=3)",
                                  "hexade(max_plies=5)", "hexade(max_plies=ten)", "hexade(",
                                  "hexade(size=8,size=9)"])
def test_malformed_specs(spec):
    with pytest.raises(ValueError):
        load_game(spec)


def test_protocol_basics():
    game = load_game("hexade(size=8)")
    assert game.spec == "hexade(size=8)" and game.grid.size == 169
    state = game.replay(["d4", "e5"])
    assert game.pieces(state) == {"d4": "stone.0", "e5": "stone.1"}
    assert state == game.replay(["d4", "e5"]) and hash(state) == hash(game.replay(["d4", "e5"]))
    for move in game.legal_moves(state)[:20]:
        assert game.parse_move(game.move_name(move), state) == move
        assert game.clicks(move) == (game.move_name(move),)
    assert game.notes(game.initial_state()) == {"captured": [], "pending": None}
    assert len(game.layout()["cells"]) == 169
    assert game.diagram(state).count("W") == 1
    with pytest.raises(ValueError, match="size"):
        Hexade(size=2)


# the kernel ----------------------------------------------------------------------------------
def test_kernel_copy_is_independent():
    board = HexadeBoard(5)
    board.place(0)
    other = board.copy()
    other.place(30)
    assert board.owner[30] == 0 and other.owner[30] == 2 and board.ply == 1


# against the reference -----------------------------------------------------------------------
def compare_game(base, rng, max_plies=1000):
    """One random game on the engine and the reference side by side: the same legal moves,
    captures and pending six at every ply, the same outcome at the same ply."""
    game = Hexade(size=base, max_plies=max_plies)
    ref = hexade_ref.Hexade(base, max_plies)
    state = game.initial_state()
    events, was_pending = set(), None
    while True:
        names_ = sorted(game.move_name(m) for m in game.legal_moves(state))
        assert names_ == ref.legal_moves(), f"ply {state.ply}"
        assert sorted(game.notes(state)["captured"]) == ref.last_captured
        pending = game.notes(state)["pending"]
        expected = ref.pending()
        assert (None if pending is None else (pending["player"], tuple(sorted(pending["cells"])))) \
            == expected, f"ply {state.ply}"
        if state.captured:
            events.add("capture")
        if pending:
            events.add("pending")
        elif was_pending and ref.outcome is None:
            events.add("broken")
        was_pending = pending
        outcome = game.outcome(state)
        if outcome is None or ref.outcome is None:
            assert outcome is None and ref.outcome is None, (outcome, ref.outcome)
        else:
            assert (outcome.winner, outcome.reason, tuple(sorted(outcome.cells))) == ref.outcome
            return outcome, events
        name = rng.choice(names_)
        state = game.play(state, game.parse_move(name, state))
        ref.play(name)


def test_random_games_against_reference():
    """200 random games on bases 4 to 8 (some with a short max_plies)."""
    reasons, events = set(), set()
    for seed in range(200):
        rng = random.Random(seed)
        outcome, seen = compare_game(4 + seed % 5, rng, max_plies=40 if seed % 10 == 9 else 1000)
        reasons.add(outcome.reason)
        events |= seen
    assert {"six", "max-plies", "full-board"} <= reasons
    assert events == {"capture", "pending", "broken"}


@pytest.mark.slow
def test_many_random_games_against_reference():
    for seed in range(1000, 4000):
        rng = random.Random(seed)
        compare_game(4 + seed % 5, rng, max_plies=60 if seed % 10 == 9 else 1000)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.integers(4, 7), symmetry=st.integers(1, 11), seed=st.integers(0, 10**6))
def test_symmetries_preserve_outcomes(base, symmetry, seed):
    """A random game and its image under one of the 12 symmetries: the same number of legal
    moves and the same captures (mapped) at every ply, the same outcome at the same ply."""
    game = Hexade(size=base, max_plies=200)
    perm = game.grid.symmetries[symmetry]
    rng = random.Random(seed)
    state, image = game.initial_state(), game.initial_state()
    while game.outcome(state) is None:
        assert game.outcome(image) is None
        moves = game.legal_moves(state)
        assert sorted(perm[c] for (c,) in moves) == [c for (c,) in game.legal_moves(image)]
        (cell,) = rng.choice(moves)
        state, image = game.play(state, (cell,)), game.play(image, (perm[cell],))
        assert sorted(perm[c] for c in state.captured) == list(image.captured)
    a, b = game.outcome(state), game.outcome(image)
    names_ = game.grid.names
    assert (a.winner, a.reason) == (b.winner, b.reason)
    assert {names_[perm[game.grid.index(c)]] for c in a.cells} == set(b.cells)
