"""Barrier: every rule of shared/RULES.md section 1 and its acceptance examples B-1 to B-3.

Each test quotes the rule sentence it checks.  Expected values are written out by hand from
the rule text and the seed, never computed by the engine.
"""

import random

import pytest

from tavoliere import load_game
from tavoliere.core import IllegalMove, InvalidMove, Outcome
from tavoliere.games.barrier import Barrier
from tavoliere.notation import RecordError, export_record, parse_record

GAME = Barrier()


def names(game, moves):
    return [game.move_name(move) for move in moves]


def legal(game, state):
    return set(names(game, game.legal_moves(state)))


# -- 1.1 board and notation -----------------------------------------------------------------

def test_default_board_is_8x8_and_sizes_5_to_9_are_allowed():
    """"Square board, N x N with N in {5,...,9}. Default N = 8." """
    assert GAME.spec == "barrier"
    assert len(GAME.layout()["cells"]) == 64
    for size in range(5, 10):
        game = Barrier(size=size)
        assert game.spec == ("barrier" if size == 8 else f"barrier(size={size})")
        assert len(game.legal_moves(game.initial_state())) == size * size
    option = Barrier.options[0]
    for text in ("4", "10", "eight"):
        with pytest.raises(ValueError, match="size"):
            option.parse("barrier", text)


def test_load_game_reads_the_size_option():
    game = load_game("barrier(size=6)")
    assert isinstance(game, Barrier) and game.side == 6
    with pytest.raises(ValueError, match="an integer from 5 to 9"):
        load_game("barrier(size=10)")


def test_cells_are_named_chess_style_with_a1_bottom_left():
    """"file letter a... (a = left) then rank number 1... (1 = bottom)" """
    cells = {cell["name"]: cell for cell in GAME.layout()["cells"]}
    assert sorted(cells) == sorted(f + r for f in "abcdefgh" for r in "12345678")
    assert cells["a1"]["x"] < cells["b1"]["x"]   # a is left of b
    assert cells["a1"]["y"] > cells["a2"]["y"]   # y grows downwards: rank 1 is at the bottom
    assert cells["h8"]["x"] == max(c["x"] for c in cells.values())
    assert cells["h8"]["y"] == min(c["y"] for c in cells.values())


# -- 1.2 turn structure ---------------------------------------------------------------------

def test_white_moves_first_unless_black_is_chosen():
    """1.2: "White moves first (S2: "Inizia il Bianco oppure, indifferentemente, uno dei
    giocatori"). REC: offer first_player as an option, default White." """
    assert GAME.to_move(GAME.initial_state()) == 0
    assert GAME.spec == "barrier" and GAME.settings["first_player"] == "white"
    black = load_game("barrier(first_player=black)")
    assert black.to_move(black.initial_state()) == 1
    assert black == Barrier(first_player="black") != GAME
    # the options are written in the order they are declared, size first
    assert load_game("barrier(first_player=black,size=7)").spec == \
        "barrier(size=7,first_player=black)"
    with pytest.raises(ValueError, match="first_player takes one of: white, black"):
        load_game("barrier(first_player=red)")


BLACK_FIRST = Barrier(first_player="black")


def test_with_black_first_black_places_then_white_then_black_moves_first():
    """With first_player=black, ply 1 is Black's placement, ply 2 White's, and the movements
    alternate from Black on; otherwise the rules are the same, so B-1's record gives the
    same position with the colours exchanged, and the first mover the same eight moves."""
    state = BLACK_FIRST.replay(["c4"])
    assert BLACK_FIRST.pieces(state) == {"c4": "pawn.1"}
    assert BLACK_FIRST.to_move(state) == 0
    state = BLACK_FIRST.replay(["f6"], state)
    assert BLACK_FIRST.pieces(state) == {"c4": "pawn.1", "f6": "pawn.0"}
    assert BLACK_FIRST.to_move(state) == 1
    assert {name.split("-")[0] for name in legal(BLACK_FIRST, state)} == {"c4"}
    state = BLACK_FIRST.replay(B1_RECORD[2:], state)
    assert BLACK_FIRST.pieces(state) == {"c4": "block", "d4": "block", "e4": "block",
                                         "f6": "block", "f5": "block", "f4": "block",
                                         "e3": "pawn.1", "g4": "pawn.0"}
    assert BLACK_FIRST.to_move(state) == 1
    assert {name[-2:] for name in legal(BLACK_FIRST, state)} == {"c2", "d1", "f1", "g2"}
    assert BLACK_FIRST.diagram(state).endswith("Black to move")


def test_with_black_first_white_cannot_take_the_first_turns():
    """Black's turn is Black's: White's pawn may not move in the first movement, and White's
    placement may not go on Black's cell."""
    state = BLACK_FIRST.replay(["c4"])
    with pytest.raises(IllegalMove, match="c4 holds Black's pawn"):
        BLACK_FIRST.parse_move("c4", state)
    state = BLACK_FIRST.replay(["f6"], state)
    with pytest.raises(IllegalMove, match="Black's pawn is on c4, not on f6"):
        BLACK_FIRST.parse_move("f6-f5-f4-g4", state)
    with pytest.raises(IllegalMove, match="ply 3: "):
        BLACK_FIRST.replay(["c4", "f6", "f6-f5-f4-g4"])


def test_with_black_first_the_stuck_player_still_loses():
    """1.4: "A player who has no legal L-move when their movement turn starts loses": who
    began does not change it; ``position`` sets the side to move whoever began."""
    stuck = BLACK_FIRST.position("h8", "a1", "b1 a2", to_move=1)
    assert BLACK_FIRST.to_move(stuck) == 1
    assert BLACK_FIRST.outcome(stuck) == Outcome(0, "no-moves", ("a1",))
    stuck = BLACK_FIRST.position("h8", "a1", "g8 h7", to_move=0)
    assert BLACK_FIRST.to_move(stuck) == 0
    assert BLACK_FIRST.outcome(stuck) == Outcome(1, "no-moves", ("h8",))


def test_placements_go_on_any_empty_cell():
    """"Ply 1: White puts its pawn on any empty square. Ply 2: Black puts its pawn on any
    empty square other than White's. No adjacency or area restriction." """
    state = GAME.initial_state()
    every_cell = {f + r for f in "abcdefgh" for r in "12345678"}
    assert legal(GAME, state) == every_cell
    state = GAME.play(state, GAME.parse_move("a1", state))
    assert GAME.to_move(state) == 1
    assert legal(GAME, state) == every_cell - {"a1"}
    state = GAME.replay(["b2"], state)  # right next to White: allowed (B3)
    assert GAME.pieces(state) == {"a1": "pawn.0", "b2": "pawn.1"}
    assert GAME.to_move(state) == 0


def test_movement_starts_at_ply_3_with_the_movers_own_pawn():
    """"Movement phase, from ply 3 on, alternating, no passing. The mover must make exactly
    one L-move with its own pawn." """
    state = GAME.replay(["c4", "f6"])
    assert GAME.notes(state)["phase"] == "movement"
    assert {name.split("-")[0] for name in legal(GAME, state)} == {"c4"}
    state = GAME.replay(["c4-d4-e4-e3"], state)
    assert {name.split("-")[0] for name in legal(GAME, state)} == {"f6"}
    assert all(len(name.split("-")) == 4 for name in legal(GAME, state))


# -- 1.3 the L-move -------------------------------------------------------------------------

def test_a_corner_pawn_has_both_paths_to_each_of_its_two_destinations():
    """"A, 1 then 2: [s, s+u, s+u+v, s+u+2v]; B, 2 then 1: [s, s+u, s+2u, s+2u+v]" and
    "Every knight destination t is reached by exactly two paths"."""
    state = GAME.position("a1", "h8")
    assert legal(GAME, state) == {"a1-a2-a3-b3", "a1-b1-b2-b3", "a1-b1-c1-c2", "a1-a2-b2-c2"}


def test_a_central_pawn_has_16_paths_two_to_each_knight_destination():
    """"That gives 16 paths (8 knight destinations x 2 paths each) ... the first-leg square is
    s+u in one and s+v in the other." """
    state = GAME.position("d4", "h8")
    moves = legal(GAME, state)
    assert moves == {
        "d4-d5-d6-c6", "d4-c4-c5-c6", "d4-d5-d6-e6", "d4-e4-e5-e6",
        "d4-e4-f4-f5", "d4-d5-e5-f5", "d4-e4-f4-f3", "d4-d3-e3-f3",
        "d4-d3-d2-e2", "d4-e4-e3-e2", "d4-d3-d2-c2", "d4-c4-c3-c2",
        "d4-c4-b4-b3", "d4-d3-c3-b3", "d4-c4-b4-b5", "d4-d5-c5-b5"}
    by_destination = {}
    for name in moves:
        by_destination.setdefault(name[-2:], []).append(name.split("-")[1])
    assert all(len(firsts) == 2 and firsts[0] != firsts[1] for firsts in by_destination.values())


def test_the_legs_are_never_collinear_or_opposite():
    """B5: "The legs are perpendicular (the knight's 'L')." """
    for name in legal(GAME, GAME.position("d4", "h8")):
        s, p1, p2, t = (GAME.grid.coords(GAME.cell(cell)) for cell in name.split("-"))
        assert abs(t[0] - s[0]) * abs(t[1] - s[1]) == 2  # a knight's displacement
        steps = [(b[0] - a[0], b[1] - a[1]) for a, b in ((s, p1), (p1, p2), (p2, t))]
        assert all(abs(dx) + abs(dy) == 1 for dx, dy in steps)
        assert steps[0] == steps[1] != steps[2] or steps[0] != steps[1] == steps[2]


def test_an_obstacle_or_the_other_pawn_on_the_path_blocks_it():
    """"A path [s, p1, p2, t] is legal iff p1, p2 and t are all on the board and all empty,
    meaning no obstacle and not the opponent's pawn. The pawn jumps over nothing." """
    # An obstacle on a first step removes the paths through it, and only those.
    assert legal(GAME, GAME.position("a1", "h8", "a2")) == {"a1-b1-b2-b3", "a1-b1-c1-c2"}
    # The opponent's pawn in the middle of a path blocks it just the same.
    assert legal(GAME, GAME.position("a1", "b2")) == {"a1-a2-a3-b3", "a1-b1-c1-c2"}
    # A blocked destination removes both of its paths.
    assert legal(GAME, GAME.position("a1", "h8", "b3")) == {"a1-b1-c1-c2", "a1-a2-b2-c2"}
    assert legal(GAME, GAME.position("a1", "c2")) == {"a1-a2-a3-b3", "a1-b1-b2-b3"}


def test_the_start_and_the_cells_passed_over_become_obstacles():
    """"Effect: obstacles go on s, p1 and p2, and the pawn moves to t. Nothing is ever
    captured or removed." (B4: the start square becomes an obstacle too.)"""
    state = GAME.position("a1", "h8", "h1")
    after = GAME.replay(["a1-a2-b2-c2"], state)
    assert GAME.pieces(after) == {"a1": "block", "a2": "block", "b2": "block",
                                  "h1": "block", "c2": "pawn.0", "h8": "pawn.1"}
    assert GAME.to_move(after) == 1


# -- 1.4 end of game ------------------------------------------------------------------------

def test_a_player_who_cannot_move_loses():
    """"A player who has no legal L-move when their movement turn starts loses." """
    stuck = GAME.position("h8", "a1", "g8 h7", to_move=0)
    assert GAME.legal_moves(stuck) == []
    assert GAME.outcome(stuck) == Outcome(1, "no-moves", ("h8",))
    stuck = GAME.position("h8", "a1", "b1 a2", to_move=1)
    assert GAME.outcome(stuck) == Outcome(0, "no-moves", ("a1",))
    # The same cells with the other side to move: the game goes on.
    assert GAME.outcome(GAME.position("h8", "a1", "g8 h7", to_move=1)) is None


def test_no_pawn_is_ever_stuck_right_after_the_placements():
    """B8: "If the side to move is stuck right after the placements ... it loses at that
    moment."  With no obstacles yet, only Black's pawn can block, and even a corner pawn has
    four paths no single cell meets all of, so this never happens on sizes 5 to 9."""
    for size in range(5, 10):
        game = Barrier(size=size)
        for white in range(size * size):
            for black in range(size * size):
                if black != white:
                    state = game.apply(game.apply(game.initial_state(), (white,)), (black,))
                    assert game.legal_moves(state), (size, white, black)


@pytest.mark.parametrize("first", ["white", "black"])
@pytest.mark.parametrize("size", range(5, 10))
def test_every_game_ends_with_a_winner_within_the_obstacle_bound(size, first):
    """"There are no draws." and "The game always ends: every movement adds exactly 3
    obstacles, so there are at most floor((N^2 - 2) / 3) movement plies."  Whoever begins,
    the turns alternate from the first player, and each turn moves the mover's own pawn."""
    game, rng = Barrier(size=size, first_player=first), random.Random(f"{size}-{first}")
    starter = ("white", "black").index(first)
    for _ in range(40):
        state = game.initial_state()
        while (outcome := game.outcome(state)) is None:
            before, mover = state, game.to_move(state)
            assert mover == (starter + state.ply) % 2
            state = game.play(state, rng.choice(game.legal_moves(state)))
            assert len(state.obstacles) == (len(before.obstacles) + 3 if state.ply > 2 else 0)
            assert state.pawns[1 - mover] == before.pawns[1 - mover]
            assert state.pawns[mover] not in (None, before.pawns[mover])
        assert outcome.winner == 1 - game.to_move(state)
        assert state.ply - 2 <= (size * size - 2) // 3


# -- 1.6 acceptance tests -------------------------------------------------------------------

B1_RECORD = ["c4", "f6", "c4-d4-e4-e3", "f6-f5-f4-g4"]


def test_b1_white_has_exactly_eight_moves_to_c2_d1_f1_g2():
    """B-1: "Play c4, f6, c4-d4-e4-e3, f6-f5-f4-g4. The obstacles are then {c4, d4, e4, f6,
    f5, f4}, White is on e3 and Black on g4. White's legal moves are exactly these 8 ...
    Their destinations are exactly {c2, d1, f1, g2}" (S0: "può muovere in c2, in d1, in f1
    oppure in g2")."""
    state = GAME.replay(B1_RECORD)
    assert GAME.pieces(state) == {"c4": "block", "d4": "block", "e4": "block",
                                  "f6": "block", "f5": "block", "f4": "block",
                                  "e3": "pawn.0", "g4": "pawn.1"}
    moves = names(GAME, GAME.legal_moves(state))
    assert sorted(moves) == sorted(["e3-d3-c3-c2", "e3-e2-d2-c2", "e3-d3-d2-d1", "e3-e2-e1-d1",
                                    "e3-e2-e1-f1", "e3-f3-f2-f1", "e3-e2-f2-g2", "e3-f3-g3-g2"])
    assert {move[-2:] for move in moves} == {"c2", "d1", "f1", "g2"}


def test_b1_the_other_knight_targets_are_blocked_for_the_stated_reasons():
    """B-1: "c4 and f5 are obstacles, g4 is Black's pawn, and the d5 paths are cut by e4 and d4." """
    state = GAME.replay(B1_RECORD)
    for path, reason in [("e3-d3-c3-c4", "c4 holds an obstacle"),
                         ("e3-f3-f4-f5", "f4 holds an obstacle"),
                         ("e3-f3-g3-g4", "g4 holds Black's pawn"),
                         ("e3-e4-e5-d5", "e4 holds an obstacle"),
                         ("e3-d3-d4-d5", "d4 holds an obstacle")]:
        with pytest.raises(IllegalMove, match=reason):
            GAME.parse_move(path, state)


def test_b2_black_then_has_exactly_three_moves():
    """B-2: "Continue with e3-f3-g3-g2, which adds obstacles e3, f3 and g3. Black on g4 then
    has exactly 3 legal moves: g4-g5-g6-h6, g4-h4-h5-h6 and g4-h4-h3-h2, matching S0." """
    state = GAME.replay(B1_RECORD + ["e3-f3-g3-g2"])
    assert {"e3", "f3", "g3"} <= {name for name, piece in GAME.pieces(state).items()
                                  if piece == "block"}
    assert legal(GAME, state) == {"g4-g5-g6-h6", "g4-h4-h5-h6", "g4-h4-h3-h2"}


def test_b2_on_9x9_black_would_have_six_moves():
    """1.1: "On a 9x9 board Black would have six moves in test B-2 instead of the stated
    three (it gains g4-g5-h5-i5, g4-h4-i4-i5 and g4-h4-i4-i3)" - so the example is 8x8."""
    game = Barrier(size=9)
    state = game.replay(B1_RECORD + ["e3-f3-g3-g2"])
    assert legal(game, state) == {"g4-g5-g6-h6", "g4-h4-h5-h6", "g4-h4-h3-h2",
                                  "g4-g5-h5-i5", "g4-h4-i4-i5", "g4-h4-i4-i3"}


def test_b3_what_the_missing_diagram_still_implies():
    """B-3 (partly reconstructed): "White's pawn is on b4 ... Black's pawn is on b5 ... With
    Black on b5, White's only path to a6 is b4-a4-a5-a6."  S2: White "cannot move to a6
    because Black would answer b5-b6-b7-a7, blocking it" - true even on an otherwise empty
    board, which is the position used here."""
    state = GAME.position("b4", "b5")
    assert {n for n in legal(GAME, state) if n.endswith("a6")} == {"b4-a4-a5-a6"}
    assert {n for n in legal(GAME, state) if n.endswith("a2")} == {"b4-a4-a3-a2", "b4-b3-b2-a2"}
    state = GAME.replay(["b4-a4-a5-a6", "b5-b6-b7-a7"], state)
    assert GAME.outcome(state) == Outcome(1, "no-moves", ("a6",))


# -- notation -------------------------------------------------------------------------------

def test_moves_are_named_by_their_cells():
    """B7: "Placement c4; movement c4-d4-e4-e3 (all 4 squares, in order)." """
    state = GAME.initial_state()
    assert GAME.move_name(GAME.parse_move("c4", state)) == "c4"
    state = GAME.replay(["c4", "f6"])
    move = GAME.parse_move("c4-d4-e4-e3", state)
    assert GAME.move_name(move) == "c4-d4-e4-e3"
    assert move == tuple(GAME.cell(c) for c in ("c4", "d4", "e4", "e3"))


def test_short_forms_are_accepted_only_when_one_legal_move_fits():
    """1.3 REC: "also accept the short forms s-t or t, but only when exactly one legal path
    matches; the seed's prose uses 'a2-c1' and 'muovere in a2'." """
    state = GAME.replay(B1_RECORD + ["e3-f3-g3-g2"])  # Black: g4-g5-g6-h6, g4-h4-h5-h6, g4-h4-h3-h2
    assert GAME.move_name(GAME.parse_move("h2", state)) == "g4-h4-h3-h2"
    assert GAME.move_name(GAME.parse_move("g4-h2", state)) == "g4-h4-h3-h2"
    assert GAME.move_name(GAME.parse_move(" G4-H4-H3-H2 ", state)) == "g4-h4-h3-h2"
    for text in ("h6", "g4-h6"):
        with pytest.raises(IllegalMove, match="ambiguous") as error:
            GAME.parse_move(text, state)
        assert "g4-g5-g6-h6" in str(error.value) and "g4-h4-h5-h6" in str(error.value)


@pytest.mark.parametrize("text, problem", [
    ("", "'' is not a cell"),
    ("hello", "'hello' is not a cell"),
    ("c9", "'c9' is not a cell of the 8x8 board"),
    ("c4-d4-e4", "not 3 cells"),
    ("c4-d4-e4-e3-e2", "not 5 cells"),
    ("c4-d4-e4-e3/d4", "write a cell such as c4"),
])
def test_text_outside_the_notation_is_an_invalid_move(text, problem):
    with pytest.raises(InvalidMove, match=problem):
        GAME.parse_move(text, GAME.replay(["c4", "f6"]))


@pytest.mark.parametrize("record, text, problem", [
    (["c4"], "c4", "c4 holds White's pawn"),
    (["c4"], "c4-d4-e4-e3", "a placement is one cell"),
    (["c4", "f6"], "f6-f5-f4-g4", "White's pawn is on c4, not on f6"),
    (["c4", "f6"], "c4-d4-e4-f4", "not an L-shaped path"),
    (["c4", "f6"], "c4-c5-b5-b6", "not an L-shaped path"),
    (["c4", "f6"], "c4-c5-c6-c7", "not an L-shaped path"),
    (["c4", "f6"], "c4-d4-e4-f5", "not an L-shaped path"),
    (["c4", "f6"], "h8", "no legal move of White's pawn ends on h8"),
    (["c4", "d4"], "c4-d4-e4-e3", "d4 holds Black's pawn"),
])
def test_well_formed_but_illegal_moves_say_what_is_wrong(record, text, problem):
    with pytest.raises(IllegalMove, match=problem):
        GAME.parse_move(text, GAME.replay(record))


def test_no_move_is_legal_once_the_game_is_over():
    state = GAME.replay(["b4", "b5", "b4-a4-a5-a6", "b5-b6-b7-a7"])
    with pytest.raises(IllegalMove, match=r"the game is over \(Black wins: White has no legal move\)"):
        GAME.parse_move("a6-b6-b7-b8", state)


def test_a_record_with_black_first_keeps_its_option_and_reads_back():
    """A record carries the game's options in its Game tag, so the game read back is Black
    first again; the turn numbers go with the first mover's moves, here Black's."""
    spec = "barrier(size=5,first_player=black)"
    game, rng = load_game(spec), random.Random(7)
    state, names = game.initial_state(), []
    while game.outcome(state) is None:
        move = rng.choice(game.legal_moves(state))
        names.append(game.move_name(move))
        state = game.play(state, move)
    text = export_record(spec, names, {"White": "Anna", "Black": "Bruno"})
    assert text.startswith(f'[Game "{spec}"]')
    assert f"1. {names[0]} {names[1]} 2. {names[2]}" in " ".join(text.split())
    record = parse_record(text)
    assert (record.game, record.moves) == (spec, tuple(names))
    assert game.replay(record.moves) == state
    assert game.pieces(game.replay(record.moves[:1])) == {names[0]: "pawn.1"}
    assert record.tags["Result"] == game.outcome_text(game.outcome(state))


def test_a_record_with_black_first_gives_ply_1_to_black():
    """``1...`` marks the second player's move; with Black first that is White, who does
    not have ply 1."""
    with pytest.raises(RecordError, match=r"turn number 1\.\.\. does not fit: the next move is "
                                          r"ply 1, Black's move of turn 1 \(written 1\.\)"):
        parse_record('[Game "barrier(first_player=black)"]\n1... c4')
    with pytest.raises(RecordError, match="ply 2, White's move of turn 1"):
        parse_record('[Game "barrier(first_player=black)"]\n1. c4 2. f6')


def test_replay_names_the_ply_that_failed():
    with pytest.raises(IllegalMove, match="ply 3: ") as error:
        GAME.replay(["c4", "f6", "c4-d4-e4-f4"])
    assert error.value.ply == 3
    with pytest.raises(InvalidMove, match="ply 2: "):
        GAME.replay(["c4", "x"])


# -- what the page uses ---------------------------------------------------------------------

def test_clicks_are_destination_then_first_step():
    """Issue 3: "Click sequence: destination first, then the first step only when two paths
    exist" (the page stops asking as soon as one legal move is left)."""
    state = GAME.replay(["c4", "f6"])
    assert GAME.clicks(GAME.parse_move("c4", GAME.initial_state())) == ("c4",)
    assert GAME.clicks(GAME.parse_move("c4-d4-e4-e3", state)) == ("e3", "d4")


def test_pieces_diagram_and_notes_describe_the_position():
    state = GAME.replay(B1_RECORD)
    assert GAME.diagram(state) == "\n".join([
        " 8 . . . . . . . .",
        " 7 . . . . . . . .",
        " 6 . . . . . # . .",
        " 5 . . . . . # . .",
        " 4 . . # # # # B .",
        " 3 . . . . W . . .",
        " 2 . . . . . . . .",
        " 1 . . . . . . . .",
        "   a b c d e f g h",
        "White to move"])
    assert GAME.notes(state) == {"phase": "movement", "obstacles": 6}
    assert GAME.notes(GAME.initial_state()) == {"phase": "placement", "obstacles": 0}
    over = GAME.position("h8", "a1", "g8 h7")
    assert GAME.diagram(over).endswith("Black wins: White has no legal move")


def test_position_rejects_impossible_set_ups():
    with pytest.raises(ValueError, match="'j1' is not a cell of the 8x8 board"):
        GAME.position("j1", "a1")
    with pytest.raises(ValueError, match="different cells"):
        GAME.position("a1", "a1")
    with pytest.raises(ValueError, match="different cells"):
        GAME.position("a1", "b1", "a1")
    with pytest.raises(ValueError, match="to_move"):
        GAME.position("a1", "b1", to_move=2)
