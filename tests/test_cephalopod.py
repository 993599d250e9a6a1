"""Cephalopod: the rules of shared/RULES.md section 5, its acceptance examples C-1 to C-9, and
the engine pinned against the slow reference (tests/reference/cephalopod_ref.py, written from
the rule text and sharing no code with the engine): perft counts and random games compared
move for move.

Each test quotes the rule sentence it checks.  Expected values are written out by hand from
the rule text, or come from the reference, never from the engine.
"""

import random

import pytest

from reference import cephalopod_ref as ref
from tavoliere import load_game
from tavoliere.core import IllegalMove, InvalidMove, perft, read_piece
from tavoliere.games.cephalopod import Cephalopod

GAME = Cephalopod()
SMALL = Cephalopod(size="3x5")


def at(game, state, cell):
    """The names of the legal moves on ``cell``."""
    return sorted(name for name in map(game.move_name, game.legal_moves(state))
                  if name.split("/")[0] == cell)


def die(game, state, cell):
    """(owner, pips) of the die on ``cell``."""
    shape, owner, label = read_piece(game.pieces(state)[cell])
    assert shape == "die"
    return owner, int(label)


# -- 5.1 board and notation ---------------------------------------------------------------------

def test_c1_the_empty_board_has_a_move_per_cell():
    """C-1: "Empty board: 25 legal moves (3x5: 15)." """
    assert len(GAME.legal_moves(GAME.initial_state())) == 25
    assert len(SMALL.legal_moves(SMALL.initial_state())) == 15


def test_boards_are_5x5_by_default_and_3x5_as_an_option():
    """5.1: "Default 5x5 ... Option size=3x5: 5 columns a-e x 3 rows 1-3"; 5.6: "size = 5x5
    (default) | 3x5"."""
    assert GAME.spec == "cephalopod" and SMALL.spec == "cephalopod(size=3x5)"
    names = {cell["name"] for cell in SMALL.layout()["cells"]}
    assert names == {f + r for f in "abcde" for r in "123"}
    assert len(GAME.layout()["cells"]) == 25
    for bad in ("cephalopod(size=3x3)", "cephalopod(size=7x7)", "cephalopod(first_player=red)"):
        with pytest.raises(ValueError, match="one of"):
            load_game(bad)


def test_cells_touch_orthogonally_only():
    """5.1: "orthogonal adjacency only (up to 4 neighbours)": a diagonal die is not captured."""
    state = GAME.position({"b2": 1, "d4": 1, "b3": 1})
    assert at(GAME, state, "c3") == ["c3"]


def test_captured_cells_are_written_in_ascending_order():
    """5.1: "The captured cells are written in ascending order: column letter first, then row
    number compared as a number"; "input may list the captured cells in any order"."""
    state = GAME.position({"b3": 1, "c2": 1, "c4": 1, "d3": 1})
    assert "c3/b3/c2/c4/d3" in at(GAME, state, "c3")
    move = GAME.parse_move("c3/d3/c4/b3/c2", state)
    assert GAME.move_name(move) == "c3/b3/c2/c4/d3"
    assert GAME.parse_move(" C3/D3/B3 ", state) == GAME.parse_move("c3/b3/d3", state)


def test_rows_compare_as_numbers_in_names():
    """"a1 < a2 < ... < a5 < b1": on 5x5 no row reaches 10, so the order is the column, then the
    row; the name lists b-column cells before c-column ones whatever their rows."""
    state = GAME.position({"b5": 1, "c4": 1, "d5": 1})
    assert at(GAME, state, "c5") == ["c5/b5/c4", "c5/b5/c4/d5", "c5/b5/d5", "c5/c4/d5"]


# -- 5.2 and 5.3 placement ----------------------------------------------------------------------

def test_white_moves_first_unless_black_is_chosen():
    """5.2: "White (player 0) moves first"; "option first_player"."""
    assert GAME.to_move(GAME.initial_state()) == 0
    game = load_game("cephalopod(first_player=black)")
    state = game.initial_state()
    assert game.to_move(state) == 1
    assert die(game, game.apply(state, (12,)), "c3") == (1, 1)


def test_c2_two_ones_must_be_captured():
    """C-2: "{1,1}: b3=1, d3=1.  At c3 the only move is c3/b3/d3, showing 2; plain c3 is
    illegal." """
    state = GAME.position({"b3": 1, "d3": -1})
    assert at(GAME, state, "c3") == ["c3/b3/d3"]
    after = GAME.play(state, GAME.parse_move("c3/b3/d3", state))
    assert die(GAME, after, "c3") == (0, 2)
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("c3", state)
    assert error.value.params["inner"] == ["cephalopod.must-capture"]


def test_c3_any_subset_of_two_or_more_may_be_chosen():
    """C-3 (IGG-C's example): "b3=1, c4=2, d3=3.  At c3 exactly 4 moves: c3/b3/c4 (3),
    c3/b3/d3 (4), c3/c4/d3 (5), c3/b3/c4/d3 (6).  Plain c3 is illegal." """
    state = GAME.position({"b3": 1, "c4": 2, "d3": 3})
    expected = {"c3/b3/c4": 3, "c3/b3/d3": 4, "c3/c4/d3": 5, "c3/b3/c4/d3": 6}
    assert at(GAME, state, "c3") == sorted(expected)
    for name, pips in expected.items():
        after = GAME.apply(state, GAME.parse_move(name, state))
        assert die(GAME, after, "c3") == (0, pips)
        assert not set(name.split("/")[1:]) & set(GAME.pieces(after))


def test_c4_sums_over_six_leave_a_plain_placement():
    """C-4: "{6,1}: b3=6, d3=1 -> only c3, showing 1.  The same for {5,6}." """
    for first, second in ((6, 1), (5, 6)):
        state = GAME.position({"b3": first, "d3": -second})
        assert at(GAME, state, "c3") == ["c3"]
        assert die(GAME, GAME.apply(state, GAME.parse_move("c3", state)), "c3") == (0, 1)


def test_c5_four_ones_give_eleven_moves():
    """C-5: "{1,1,1,1}: b3, c2, c4, d3 all 1 -> 11 moves at c3"; 5.3: "at most 11 moves:
    C(4,2)+C(4,3)+1"."""
    state = GAME.position({"b3": 1, "c2": -1, "c4": 1, "d3": -1})
    assert len(at(GAME, state, "c3")) == 11


def test_c6_mixed_values():
    """C-6: "{5,1,6,1}: b3=5, d3=1, c2=6, c4=1 -> exactly c3/b3/c4 (6), c3/b3/d3 (6),
    c3/c4/d3 (2)." """
    state = GAME.position({"b3": 5, "d3": 1, "c2": 6, "c4": -1})
    assert at(GAME, state, "c3") == ["c3/b3/c4", "c3/b3/d3", "c3/c4/d3"]
    shown = {name: die(GAME, GAME.apply(state, GAME.parse_move(name, state)), "c3")[1]
             for name in at(GAME, state, "c3")}
    assert shown == {"c3/b3/c4": 6, "c3/b3/d3": 6, "c3/c4/d3": 2}


def test_c7_a_corner_has_two_neighbours():
    """C-7: "Corner: a2=1, b1=1 -> at a1 only a1/a2/b1 (2)." """
    state = GAME.position({"a2": 1, "b1": -1})
    assert at(GAME, state, "a1") == ["a1/a2/b1"]
    assert die(GAME, GAME.apply(state, GAME.parse_move("a1/a2/b1", state)), "a1") == (0, 2)


def test_c8_a_record_with_a_capture():
    """C-8: "Record b3 d3: White's plain c3 is now illegal; c3/b3/d3 is legal, and there are 23
    legal moves in all.  After b3 d3 c3/b3/d3 the board holds only White's die on c3 showing 2,
    and Black is to move." """
    state = GAME.replay(["b3", "d3"])
    assert len(GAME.legal_moves(state)) == 23
    with pytest.raises(IllegalMove):
        GAME.parse_move("c3", state)
    after = GAME.replay(["b3", "d3", "c3/b3/d3"])
    assert GAME.pieces(after) == {"c3": "die.0=2"}
    assert GAME.to_move(after) == 1


def test_capture_is_compulsory_only_on_the_chosen_cell():
    """5.3: "A player may always choose another cell instead: capturing is compulsory only on
    a cell where a capture is possible"."""
    state = GAME.replay(["b3", "d3"])
    assert "a1" in map(GAME.move_name, GAME.legal_moves(state))


def test_own_dice_and_mixed_colours_are_captured():
    """5.5 C2: "dice of either colour, in any mix"."""
    own = GAME.position({"b3": 1, "d3": 1})
    assert at(GAME, own, "c3") == ["c3/b3/d3"]
    mixed = GAME.position({"b3": 1, "d3": -2})
    after = GAME.apply(mixed, GAME.parse_move("c3/b3/d3", mixed))
    assert GAME.pieces(after) == {"c3": "die.0=3"}


def test_the_last_capture_is_shown_fading_out():
    after = GAME.replay(["b3", "d3", "c3/b3/d3"])
    marks = GAME.marks(after)
    assert marks["leaving"] == ["b3", "d3"]
    assert marks["message"] == {"key": "captured", "params": {"player": 0, "count": 2, "pips": 2}}
    assert GAME.marks(GAME.replay(["b3"])) == {}


# -- 5.4 end and result -------------------------------------------------------------------------

def test_a_full_board_goes_to_the_player_with_more_dice():
    """5.4: "The game ends when every cell is filled; the player with more dice on the board
    wins.  Both boards have an odd number of cells, so there are no draws." """
    white = {f + r: (1 if (i % 2) else -1) for i, (f, r) in
             enumerate((f, r) for f in "abcde" for r in "123")}
    state = SMALL.position(white)
    outcome = SMALL.outcome(state)
    assert SMALL.legal_moves(state) == []
    assert sum(1 for v in white.values() if v < 0) == 8 and outcome.winner == 1
    assert outcome.reason == "more-dice"
    assert SMALL.outcome_text(outcome) == \
        "Black wins: the board is full and White has fewer dice on it"


def test_c9_random_games_end_within_the_bounds():
    """C-9: "In 3,000 random 5x5 games every game ended in 104-181 plies, and no player ever
    had more than 18 dice on the board at his turn" (here 100 of them; the slow test plays
    3,000)."""
    check_random_games(100)


@pytest.mark.slow
def test_c9_three_thousand_random_games():
    check_random_games(3000)


def check_random_games(count):
    """5.1: "a player about to move ... has at most 23 dice on the board", so 24 are enough;
    C-9's figures (at most 18, in 104-181 plies) are what random play shows."""
    for seed in range(count):
        rng, state, plies = random.Random(seed), GAME.initial_state(), 0
        while GAME.outcome(state) is None:
            assert GAME.dice_counts(state)[GAME.to_move(state)] <= 18
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
            plies += 1
        assert 104 <= plies <= 181, (seed, plies)


# -- perft against the reference ----------------------------------------------------------------

MID30 = ("c1 a5 c5 e4 a2 a4 e3 b2 d3 a3/a2/a4 e5 b5/a5/c5 a2/a3/b2 a4 d4/d3/e4 d3/d4/e3 "
         "a5/a4/b5 b5 a4 e4 d5 a3/a2/a4 e2 b1 c3 e3/e2/e4 a1 d2 d4/d3/d5 a4").split()
LATE50 = ("c5 d4 d1 d2 e1 e4 b2 b1 e5 d5/c5/d4 b3 a4 c2/b2/d2 b5 b2/b3/c2 a3 c4 e3 "
          "d4/c4/d5/e4 a2/a3/b2 d3/d4/e3 e2 b4/a4/b5 a1/a2/b1 d4 a4 a3 a5 c2 c4/b4/d4 e3/d3/e2 "
          "a2/a1/a3 e2 d2/c2/e2 e2/d2/e1 b5 d5 b4/a4/b5 c3 c1 a1 d4/c4/d5 b1/a1/c1 d5/d4/e5 "
          "c4/b4/c3 d4 a4 d3 c3/c4/d3 b5").split()

# spec, moves from the start, depth, leaf count (from ``ref.perft``; the slow test recounts)
PERFT = [
    ("cephalopod", [], 3, 13800),
    ("cephalopod", [], 4, 304840),
    ("cephalopod(size=3x5)", [], 4, 33304),
    ("cephalopod(size=3x5)", [], 5, 390512),
    ("cephalopod", MID30, 3, 9152),
    ("cephalopod", LATE50, 3, 3383),
]


def reference_position(game, moves):
    pos = ref.new_game(game.grid.width, game.grid.height, game.first)
    for move in moves:
        pos = ref.play(pos, move)
    return pos


@pytest.mark.parametrize("spec, moves, depth, count", PERFT, ids=lambda v: str(v)[:20])
def test_perft_table(spec, moves, depth, count):
    game = load_game(spec)
    assert perft(game, game.replay(moves), depth) == count


@pytest.mark.parametrize("spec, moves, depth, count",
                         [row for row in PERFT if row[3] < 20000], ids=lambda v: str(v)[:20])
def test_perft_table_agrees_with_the_reference(spec, moves, depth, count):
    game = load_game(spec)
    assert ref.perft(reference_position(game, moves), depth) == count


@pytest.mark.slow
@pytest.mark.parametrize("spec, moves, depth, count", PERFT, ids=lambda v: str(v)[:20])
def test_perft_table_is_the_references(spec, moves, depth, count):
    game = load_game(spec)
    assert ref.perft(reference_position(game, moves), depth) == count


# -- random games move by move against the reference --------------------------------------------

def compare_random_games(spec, seeds):
    game = load_game(spec)
    for seed in seeds:
        rng, state = random.Random(seed), game.initial_state()
        pos = reference_position(game, [])
        while True:
            names = sorted(map(game.move_name, game.legal_moves(state)))
            assert names == sorted(ref.legal_moves(pos)), (seed, state.ply)
            assert game.to_move(state) == pos["mover"]
            outcome = game.outcome(state)
            if outcome is None:
                assert ref.winner(pos) is None
            else:
                assert outcome.winner == ref.winner(pos)
                break
            name = rng.choice(names)
            move = game.parse_move(name, state)
            assert game.move_name(move) == name and game.clicks(move)[0] == name.split("/")[0]
            state, pos = game.play(state, move), ref.play(pos, name)
            assert game.pieces(state) == {cell: f"die.{player}={pips}"
                                          for cell, (player, pips) in pos["dice"].items()}


@pytest.mark.parametrize("spec, games", [("cephalopod", 250), ("cephalopod(size=3x5)", 250),
                                         ("cephalopod(first_player=black)", 30)])
def test_random_games_agree_with_the_reference(spec, games):
    compare_random_games(spec, range(games))


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["cephalopod", "cephalopod(size=3x5)"])
def test_thousands_of_random_games_agree_with_the_reference(spec):
    compare_random_games(spec, range(1000, 4000))


# -- names, clicks and errors -------------------------------------------------------------------

def test_clicks_are_the_cell_then_each_captured_die():
    """The empty cell, then the dice to capture in the order of the name; a set that begins a
    larger one (c3/b3/c4 and c3/b3/c4/d3) is a prefix of its clicks."""
    state = GAME.position({"b3": 1, "c4": 2, "d3": 3})
    clicks = {GAME.move_name(m): GAME.clicks(m) for m in GAME.legal_moves(state)}
    assert clicks["c3/b3/c4"] == ("c3", "b3", "c4")
    assert clicks["c3/b3/c4/d3"] == ("c3", "b3", "c4", "d3")
    assert clicks["a1"] == ("a1",)


@pytest.mark.parametrize("text, code", [
    ("", "cephalopod.write"), ("c3/", "cephalopod.write"), ("/b3", "cephalopod.write"),
    ("f1", "cephalopod.not-a-cell"), ("c3/zz", "cephalopod.not-a-cell"),
    ("c3/b3/b3", "cephalopod.cell-twice"), ("c3/c3/b3", "cephalopod.cell-twice"),
    ("x" * 1000, "cephalopod.not-a-cell"),
])
def test_text_outside_the_notation_is_an_invalid_move(text, code):
    with pytest.raises(InvalidMove) as error:
        GAME.parse_move(text, GAME.initial_state())
    assert error.value.code == "move.notation-because"
    assert error.value.params["inner"] == [code]
    assert len(str(error.value)) < 200


def test_rows_beyond_the_small_board_are_not_cells():
    with pytest.raises(InvalidMove, match="rows 1-3"):
        SMALL.parse_move("a4", SMALL.initial_state())


@pytest.mark.parametrize("moves, text, code", [
    (["b3", "d3"], "c3", "cephalopod.must-capture"),
    (["b3", "d3"], "b3", "move.occupied"),
    (["b3", "d3"], "c3/b3", "cephalopod.one-die"),
    (["b3", "d3"], "c3/b3/a1", "cephalopod.not-next"),
    (["b3"], "c3/b3/c4", "cephalopod.no-die"),
    (["b3", "d3", "c3/b3/d3", "d3", "c2", "c4", "b3"], "a1/a2/b1", "cephalopod.no-die"),
])
def test_illegal_moves_say_why(moves, text, code):
    state = GAME.replay(moves)
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move(text, state)
    assert error.value.code == "move.not-legal-because"
    assert error.value.params["inner"] == [code]


def test_a_sum_over_six_is_refused_with_the_sum():
    state = GAME.position({"d2": 6, "e3": 1})
    with pytest.raises(IllegalMove, match="add up to 7"):
        GAME.parse_move("d3/d2/e3", state)


def test_a_move_after_the_end_says_the_game_is_over():
    state = SMALL.position({f + r: 1 for f in "abcde" for r in "123"})
    with pytest.raises(IllegalMove, match="the game is over"):
        SMALL.parse_move("a1", state)


def test_diagram_and_notes():
    state = GAME.replay(["b3", "d3", "c3/b3/d3", "a1"])
    assert GAME.diagram(state).splitlines()[2] == " 3 .. .. W2 .. .."
    assert GAME.diagram(state).splitlines()[4] == " 1 B1 .. .. .. .."
    assert GAME.diagram(state).endswith("White to move")
    assert GAME.notes(state) == {"dice": [1, 1], "empty": 23, "captured": []}
