"""Hekka: every rule of shared/RULES.md section 2 (and its line in the Decisions table), and
the acceptance examples K-1 to K-4.

Each test quotes the rule sentence it checks.  Expected values are written out by hand from
the rule text and the seed, never computed by the engine.
"""

import pytest

from tavoliere.core import IllegalMove, InvalidMove, Outcome
from tavoliere.games.hekka import Hekka

GAME = Hekka()


def legal(game, state):
    return {game.move_name(move) for move in game.legal_moves(state)}


def obstacles(game, state):
    return {cell for cell, piece in game.pieces(state).items() if piece == "block"}


def removals(game, state, path):
    """The obstacles that may be removed after moving along ``path``."""
    return {name.split("/")[1] for name in legal(game, state) if name.startswith(path + "/")}


def cells(text):
    return set(text.split())


AREA_A = cells("a2 a3 a4 b2 b3 b4 c2 c3 c4 d2 d3 d4")
AREA_B = cells("e5 e6 e7 f5 f6 f7 g5 g6 g7")
AREA_B_SYMMETRIC = AREA_B | cells("h5 h6 h7")


# -- 2.1 board and options ------------------------------------------------------------------

def test_the_board_is_8x8_and_has_no_size_option():
    """Decisions: "Hekka | size and areas | 8x8" """
    assert GAME.spec == "hekka"
    assert len(GAME.layout()["cells"]) == 64
    with pytest.raises(ValueError, match="unknown option 'size'"):
        Hekka(size=6)


def test_options_are_areas_and_max_plies():
    """Decisions: "option areas=symmetric uses e5-h7 instead"; "option max_plies (default 500)" """
    assert Hekka(areas="symmetric", max_plies=80).spec == "hekka(areas=symmetric,max_plies=80)"
    areas, max_plies = Hekka.options
    assert (areas.default, max_plies.default) == ("literal", 500)
    with pytest.raises(ValueError, match="one of: literal, symmetric"):
        areas.parse("hekka", "mirror")
    from tavoliere.core import MAX_PLIES       # no limit past the longest record (F4)
    with pytest.raises(ValueError, match=f"an integer from 10 to {MAX_PLIES}"):
        max_plies.parse("hekka", "9")


def test_white_always_begins_and_first_player_is_not_an_option():
    """2.2: "The first player (White by default) places in area A or area B"; the options
    table (section 6) gives Hekka no first_player, although Barrier has one, so White
    begins and Black's first placement is the second ply."""
    with pytest.raises(ValueError, match="unknown option 'first_player'"):
        Hekka(first_player="black")
    state = GAME.initial_state()
    assert GAME.to_move(state) == 0
    state = GAME.replay(["c4"], state)
    assert GAME.pieces(state) == {"c4": "pawn.0"} and GAME.to_move(state) == 1


# -- 2.2 placement --------------------------------------------------------------------------

def test_white_places_in_either_area():
    """"The first player (White by default) places in area A or area B, at their choice."
    "Area A = a4-d2, the rectangle a2-d4" and "Area B = e7-g5, read literally as the
    rectangle e5-g7 (files e-g x ranks 5-7, 9 squares)." """
    state = GAME.initial_state()
    assert GAME.to_move(state) == 0
    assert legal(GAME, state) == AREA_A | AREA_B
    assert GAME.notes(state)["areas"] == [sorted(AREA_A), sorted(AREA_B)]


def test_the_symmetric_option_widens_area_b_to_e5_h7():
    """"the option is e5-h7, a likely typo-fix that makes the areas symmetric" """
    game = Hekka(areas="symmetric")
    assert legal(game, game.initial_state()) == AREA_A | AREA_B_SYMMETRIC
    assert legal(game, game.replay(["b3"])) == AREA_B_SYMMETRIC


@pytest.mark.parametrize("white, black_area", [("c4", AREA_B), ("g7", AREA_A)])
def test_black_places_anywhere_in_the_other_area(white, black_area):
    """"The second player must place in any square of the other area." """
    assert legal(GAME, GAME.replay([white])) == black_area


def test_placing_outside_the_areas_is_illegal_and_says_where_to_place():
    with pytest.raises(IllegalMove, match="White places in area a2-d4 or area e5-g7"):
        GAME.parse_move("h8", GAME.initial_state())
    with pytest.raises(IllegalMove, match="Black places in area e5-g7"):
        GAME.parse_move("d3", GAME.replay(["c4"]))
    with pytest.raises(IllegalMove, match="c4 holds White's pawn"):
        GAME.parse_move("c4", GAME.replay(["c4"]))


# -- 2.3 a) the move ------------------------------------------------------------------------

def test_the_pawn_jumps_over_obstacles_and_the_other_pawn():
    """"The pawn makes a knight move to an empty square t ... Intermediate squares may hold
    obstacles or the opponent's pawn: the pawn jumps like a chess knight." """
    state = GAME.position("a1", "b2", "a2 b1")  # every path from a1 crosses a2, b1 or b2
    assert {name.split("/")[0] for name in legal(GAME, state)} == {
        "a1-a2-a3-b3", "a1-b1-b2-b3", "a1-b1-c1-c2", "a1-a2-b2-c2"}


def test_the_destination_must_be_empty():
    """"... but the destination must still be empty" (S0: "la casella di arrivo deve
    comunque essere vuota")."""
    state = GAME.position("a1", "h8", "c2")
    assert {name.split("/")[0] for name in legal(GAME, state)} == {"a1-a2-a3-b3", "a1-b1-b2-b3"}
    with pytest.raises(IllegalMove, match="c2 holds an obstacle, and a move must end on an empty cell"):
        GAME.parse_move("a1-b1-c1-c2/c2", state)
    state = GAME.position("a1", "b3")
    assert {name.split("/")[0] for name in legal(GAME, state)} == {"a1-b1-c1-c2", "a1-a2-b2-c2"}
    with pytest.raises(IllegalMove, match="b3 holds Black's pawn, and a move must end on an empty cell"):
        GAME.parse_move("a1-a2-a3-b3/a2", state)


def test_each_empty_destination_gives_two_path_moves():
    """K2: "Both paths stay inside the board, so every empty knight target gives exactly two
    distinct path-moves." """
    state = GAME.replay(["c4", "f6", "c4-c5-d5-e5/d5", "f6-f5-f4-e4/c5"])
    paths = {name.split("/")[0] for name in legal(GAME, state)}
    destinations = {path[-2:] for path in paths}
    assert len(paths) == 2 * len(destinations)


# -- 2.3 b) obstacles -----------------------------------------------------------------------

def test_obstacles_go_on_the_empty_traversed_cells_only():
    """"Place obstacles on every empty traversed square, starting square included ... No
    obstacle goes on a square that already has one or on the opponent's pawn." """
    state = GAME.position("e5", "e4", "c4 f4 f5 f6")
    after = GAME.replay(["e5-e4-e3-d3/f4"], state)  # passes over Black's pawn on e4
    assert GAME.pieces(after) == {"c4": "block", "f5": "block", "f6": "block",
                                  "e5": "block", "e3": "block",
                                  "e4": "pawn.1", "d3": "pawn.0"}


def test_a_move_over_two_obstacles_places_only_the_start_cell():
    """K-3: "e5-f5-f4-f3, which jumps over both of them and places only e5 (a 'net-zero'
    move)", and 2.4: "Each move places k in {1, 2, 3} obstacles and removes 1"."""
    state = GAME.position("e5", "e4", "c4 f4 f5 f6")
    after = GAME.replay(["e5-f5-f4-f3/f5"], state)
    assert obstacles(GAME, after) == cells("c4 e5 f4 f6")


# -- 2.3 c) removal -------------------------------------------------------------------------

def test_step_1_old_obstacles_next_to_the_other_pawn_go_first():
    """"C1 = {o in OLD : o is orthogonally or diagonally adjacent (king-adjacent,
    8-neighbourhood) to the opponent's pawn}. If C1 is not empty, the mover removes any one
    of C1." (diagonal neighbours count)"""
    state = GAME.position("a1", "h8", "g7 h7 g6 d4", to_move=0)
    assert removals(GAME, state, "a1-b1-c1-c2") == {"g7", "h7"}


def test_step_2_new_obstacles_are_not_removable_when_old_ones_exist():
    """"Otherwise, if OLD is not empty, the mover removes any one of OLD."  K3: "step 2
    excludes the NEW obstacles." """
    state = GAME.position("a1", "h8", "d4 e6", to_move=0)
    assert removals(GAME, state, "a1-b1-c1-c2") == {"d4", "e6"}


def test_step_3_any_new_obstacle_when_there_is_no_old_one():
    """"Otherwise (no obstacles from earlier turns ...), the mover removes any one of NEW."
    K5: "there is no adjacency priority among the NEW obstacles". """
    state = GAME.position("a1", "b2")  # b2 is next to b1, but adjacency does not matter here
    assert removals(GAME, state, "a1-b1-c1-c2") == {"a1", "b1", "c1"}
    assert removals(GAME, state, "a1-a2-b2-c2") == {"a1", "a2"}  # nothing goes on Black's b2


def test_removal_is_compulsory():
    """K4: "removal is compulsory ('deve rimuovere') and is always possible" """
    state = GAME.replay(["c4", "f6"])
    assert all("/" in name for name in legal(GAME, state))
    with pytest.raises(IllegalMove, match="ambiguous"):
        GAME.parse_move("c4-c5-d5-e5", state)


# -- 2.3 end --------------------------------------------------------------------------------

def test_a_player_with_no_empty_knight_destination_loses():
    """"End: a player with no empty knight destination at the start of their movement turn
    loses." """
    state = GAME.position("a1", "b3", "c2", to_move=0)
    assert GAME.outcome(state) == Outcome(1, "no-moves", ("a1",))
    state = GAME.position("a1", "h8", "b3 c2", to_move=1)
    assert GAME.outcome(state) is None


# -- 2.4 termination ------------------------------------------------------------------------

# RULES.md 2.4: "Placements: W a4, B e6. Then these 85 movement plies (W first)" and "From
# there this 12-ply cycle of legal moves returns to the identical position".
K4_RECORD = ["a4", "e6"] + (
    "a4-b4-b3-b2/b3 e6-f6-g6-g5/b4 b2-b3-c3-d3/g6 g5-g4-g3-h3/c3 d3-d4-e4-f4/g4 h3-h2-h1-g1/e4 "
    "f4-f5-f6-g6/h2 g1-f1-e1-e2/f6 g6-h6-h5-h4/e1 e2-e1-d1-c1/h3 h4-g4-g3-g2/b2 c1-c2-b2-a2/f1 "
    "g2-g3-f3-e3/b2 a2-a3-a4-b4/f4 e3-f3-f2-f1/b3 b4-b5-b6-c6/f2 f1-f2-e2-d2/b5 c6-b6-a6-a7/d1 "
    "d2-c2-b2-b1/a6 a7-b7-c7-c8/c1 b1-b2-b3-c3/b7 c8-d8-d7-d6/d2 c3-d3-d4-d5/c6 d6-d7-d8-e8/d4 "
    "d5-d6-d7-e7/d8 e8-e7-e6-f6/e6 e7-d7-c7-c6/g5 f6-g6-h6-h7/d5 c6-d6-d7-d8/g6 h7-h6-h5-g5/e7 "
    "d8-d7-d6-e6/f5 g5-h5-h4-h3/d7 e6-d6-c6-c5/g3 h3-h4-g4-f4/b4 c5-c6-c7-d7/e3 f4-g4-g5-g6/c6 "
    "d7-d8-c8-b8/h5 g6-f6-e6-e7/a7 b8-c8-c7-c6/d8 e7-d7-d6-d5/d7 c6-d6-d5-d4/e6 d5-d4-d3-e3/c3 "
    "d4-d5-d6-e6/f2 e3-f3-f4-f5/d5 e6-f6-g6-g7/g6 f5-g5-g4-g3/f6 g7-h7-h6-h5/f4 g3-f3-e3-e4/g5 "
    "h5-h4-g4-f4/f5 e4-f4-g4-g5/g3 f4-g4-g5-g6/h4 g5-g6-g7-f7/h5 g6-g5-g4-h4/e8 f7-e7-e6-e5/g5 "
    "h4-g4-f4-f5/e4 e5-e6-e7-d7/g6 f5-f4-f3-g3/e7 d7-d6-e6-f6/f4 g3-h3-h4-h5/f5 f6-e6-e5-e4/h6 "
    "h5-h4-g4-f4/e3 e4-f4-g4-g5/f3 f4-g4-g5-g6/h5 g5-g4-g3-f3/f7 g6-f6-e6-e7/g4 f3-g3-h3-h2/e6 "
    "e7-d7-d6-d5/g3 h2-h3-h4-g4/e4 d5-d4-d3-e3/f4 g4-g5-g6-h6/d4 e3-e2-e1-d1/g6 h6-h7-g7-f7/c2 "
    "d1-e1-f1-f2/e7 f7-g7-h7-h8/e1 f2-e2-e3-e4/g7 h8-h7-h6-g6/d5 e4-e3-f3-g3/f7 g6-g5-g4-f4/f2 "
    "g3-h3-h4-h5/e3 f4-e4-e5-e6/g5 h5-h6-h7-g7/d7 e6-f6-g6-g5/h8 g7-g6-g5-f5/h5 g5-f5-f6-f7/e4 "
    "f5-e5-e6-e7/g6 "
).split()
K4_CYCLE = (
    "f7-g7-h7-h8/f6 e7-f7-g7-g8/h7 h8-g8-g7-g6/f7 g8-g7-g6-f6/f5 g6-g7-g8-f8/e7 f6-g6-h6-h5/g7 "
    "f8-g8-h8-h7/g5 h5-h6-h7-g7/h8 h7-g7-g6-g5/f8 g7-g6-g5-f5/h5 g5-f5-f6-f7/g6 f5-e5-e6-e7/g8 "
).split()


def test_k4_the_third_occurrence_of_a_position_is_a_draw():
    """K-4: "The record in 2.4 must not hang an engine. With repetition_draw on, it is a draw
    at game ply 111."  2.4: "This reaches a position with W on e7, B on f7, Black to move,
    and 35 obstacles: a2 a3 ... h7.  The same position occurs after ... game plies 87, 99
    and 111." """
    assert (len(K4_RECORD), len(K4_CYCLE)) == (87, 12)
    state = GAME.replay(K4_RECORD)
    assert state.ply == 87
    expected = {cell: "block" for cell in (
        "a2 a3 a4 b1 b2 b3 b6 b8 c5 c6 c7 c8 d1 d3 d6 e2 e5 e6 f1 f3 f4 f5 f6 g1 g2 g3 "
        "g4 g5 g7 h1 h2 h3 h4 h6 h7").split()}
    assert GAME.pieces(state) == {**expected, "e7": "pawn.0", "f7": "pawn.1"}
    assert GAME.to_move(state) == 1
    for occurrence in (2, 3):
        before = state
        state = GAME.replay(K4_CYCLE[:-1], state)
        assert GAME.outcome(state) is None  # the cycle's other positions are new
        state = GAME.replay(K4_CYCLE[-1:], state)
        assert GAME.pieces(state) == GAME.pieces(before) and GAME.to_move(state) == 1
        assert GAME.notes(state)["repetitions"] == occurrence
    assert state.ply == 111
    assert GAME.outcome(state) == Outcome(None, "repetition")
    assert GAME.legal_moves(state) == []


def test_max_plies_draws_when_reached():
    """Decisions: "option max_plies (default 500) draws when reached" """
    game = Hekka(max_plies=10)
    state = game.replay(["c4", "f6"])
    while state.ply < 9:
        state = game.play(state, game.legal_moves(state)[0])
    assert game.outcome(state) is None and game.notes(state)["plies_left"] == 1
    state = game.play(state, game.legal_moves(state)[0])
    assert game.outcome(state) == Outcome(None, "max-plies")
    assert game.legal_moves(state) == []


def test_a_player_who_cannot_move_loses_even_when_a_draw_rule_also_applies():
    """The loss rule is the game's own; the draw rules are additions, so the loss wins."""
    game = Hekka(max_plies=10)
    stuck = game.position("a1", "b3", "c2")._replace(ply=10)
    assert game.outcome(stuck).winner == 1


# -- 2.5 acceptance tests -------------------------------------------------------------------

def test_k1_the_first_move_removes_one_of_its_own_obstacles():
    """K-1: "White plays c4-c5-d5-e5. NEW = {c4, c5, d5}. There are no OLD obstacles, so the
    legal removals are exactly {c4, c5, d5} (step 3). The example takes d5, leaving
    obstacles {c4, c5}.  From the start position White has 8 knight targets x 2 paths x 3
    removals = 48 distinct moves." """
    state = GAME.replay(["c4", "f6"])
    assert removals(GAME, state, "c4-c5-d5-e5") == {"c4", "c5", "d5"}
    assert len(GAME.legal_moves(state)) == 48
    after = GAME.replay(["c4-c5-d5-e5/d5"], state)
    assert obstacles(GAME, after) == {"c4", "c5"}


def test_k2_black_removes_an_old_obstacle_not_its_new_ones():
    """K-2: "Black plays f6-f5-f4-e4. NEW = {f6, f5, f4}. C1 is empty ... So the legal
    removals are exactly {c4, c5} (step 2). The example takes c5, leaving obstacles
    {c4, f4, f5, f6}." """
    state = GAME.replay(["c4", "f6", "c4-c5-d5-e5/d5"])
    assert removals(GAME, state, "f6-f5-f4-e4") == {"c4", "c5"}
    with pytest.raises(IllegalMove, match=r"f5 cannot be removed: no obstacle from an earlier "
                                          r"turn touches White's pawn.*\(c4, c5\)"):
        GAME.parse_move("f6-f5-f4-e4/f5", state)
    after = GAME.replay(["f6-f5-f4-e4/c5"], state)
    assert obstacles(GAME, after) == {"c4", "f4", "f5", "f6"}


def test_k3_every_removal_is_next_to_blacks_pawn():
    """K-3: "White's destinations are {c6, d3, d7, f3, f7, g4, g6} (14 paths) ... paths
    through Black's pawn on e4 are allowed, e.g. e5-e4-e3-d3.  For every path the removal
    must be f4 or f5, the OLD obstacles next to e4." """
    state = GAME.replay(["c4", "f6", "c4-c5-d5-e5/d5", "f6-f5-f4-e4/c5"])
    moves = legal(GAME, state)
    paths = {name.split("/")[0] for name in moves}
    assert len(paths) == 14 and "e5-e4-e3-d3" in paths
    assert {path[-2:] for path in paths} == {"c6", "d3", "d7", "f3", "f7", "g4", "g6"}
    assert {name.split("/")[1] for name in moves} == {"f4", "f5"}
    assert removals(GAME, state, "e5-f5-f4-f3") == {"f4", "f5"}
    with pytest.raises(IllegalMove, match="touch Black's pawn go first"):
        GAME.parse_move("e5-d5-d6-d7/c4", state)


# -- notation and the page ------------------------------------------------------------------

def test_a_move_is_its_path_a_slash_and_the_removed_obstacle():
    """Decisions: "path then / then the removed obstacle: c4-c5-d5-e5/d5" """
    state = GAME.replay(["c4", "f6"])
    move = GAME.parse_move("c4-c5-d5-e5/d5", state)
    assert GAME.move_name(move) == "c4-c5-d5-e5/d5"
    assert GAME.clicks(move) == ("e5", "c5", "d5")
    placement = GAME.parse_move("c4", GAME.initial_state())
    assert (GAME.move_name(placement), GAME.clicks(placement)) == ("c4", ("c4",))


def test_short_forms_work_when_one_legal_move_fits():
    """As for Barrier: short input forms only when exactly one legal move fits."""
    state = GAME.replay(["c4", "f6"])
    assert GAME.move_name(GAME.parse_move("c4-e5/d5", state)) == "c4-c5-d5-e5/d5"
    with pytest.raises(IllegalMove, match="ambiguous"):
        GAME.parse_move("e5/c4", state)  # c4 is a new obstacle of both paths to e5


@pytest.mark.parametrize("text, problem", [
    ("c4-c5-d5-e5/d5/c4", "not a move in Hekka notation"),
    ("c4-c5-d5-e5/d5-c5", "the one obstacle removed"),
    ("c4-c5-d5-e5/", "'' is not a cell"),
    ("c4-c5-e5/d5", "not 3 cells"),
    ("c4-c5-d5-e5/z1", "'z1' is not a cell of the 8x8 board"),
])
def test_text_outside_the_notation_is_an_invalid_move(text, problem):
    with pytest.raises(InvalidMove, match=problem):
        GAME.parse_move(text, GAME.replay(["c4", "f6"]))


def test_notes_report_repetitions_and_plies_left():
    state = GAME.replay(["c4", "f6", "c4-c5-d5-e5/d5"])
    assert GAME.notes(state) == {"phase": "movement", "obstacles": 2,
                                 "repetitions": 1, "plies_left": 497}


@pytest.mark.parametrize("text", ["c4-c5-c6-c7/c5", "c4-d5-e5-e6/c4", "c4-d4-e4-f4"])
def test_a_path_that_is_not_an_l_is_refused_by_name(text):
    """A four-cell path that is no L used to crash while naming it (a Hekka move has five parts)."""
    with pytest.raises(IllegalMove, match=f"{text.partition('/')[0]} is not an L-shaped path"):
        GAME.parse_move(text, GAME.replay(["c4", "f6"]))
