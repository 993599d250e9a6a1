"""Footsteps: the rules of shared/RULES.md section 11 and its acceptance tests FT-3 and FT-4
(FT-1 and FT-2 are values of the bot's table: tests/test_ai_footsteps.py), the sealed bids
through the bridge, records, and the engine against the slow reference
(tests/reference/footsteps_ref.py, written from the rule text and sharing no code with the
engine): perft counts and random games compared move by move.

Each test quotes the rule sentence it checks; expected values are written out by hand from
the rule text, never computed by the engine.
"""

import doctest
import json
import random

import pytest

from reference import footsteps_ref as ref
from tavoliere import bridge, load_game
from tavoliere.core import IllegalMove, InvalidMove, perft, read_piece
from tavoliere.games import footsteps
from tavoliere.games.footsteps import HIDDEN, Footsteps
from tavoliere.notation import export_record, parse_record

GAME = Footsteps()


def bids(game, state):
    return [game.move_name(move) for move in game.legal_moves(state)]


def after(game, record, state=None):
    return game.replay(record.split(), state)


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def test_the_module_examples_run():
    assert doctest.testmod(footsteps).failed == 0


# -- 11.1 track and notation -------------------------------------------------------------------

def test_a_track_of_seven_cells_with_the_marker_in_the_centre():
    """"A track of 7 cells. Number the cells -3 ... +3; the marker starts on cell 0, the
    centre." """
    layout = GAME.layout()
    track = [cell["name"] for cell in layout["cells"] if cell["name"] not in ("white", "black")]
    assert track == ["m3", "m2", "m1", "0", "p1", "p2", "p3"]
    assert [label["text"] for label in layout["labels"]] == ["-3", "-2", "-1", "0", "+1", "+2", "+3"]
    state = GAME.initial_state()
    assert state.marker == 0
    assert {cell for cell, token in GAME.pieces(state).items() if token == "marker"} == {"0"}


def test_whites_goal_is_plus_three_and_blacks_minus_three():
    """"White's goal is +3, Black's is -3."  The goals are the two ends, marked (tone 1);
    each player's points sit beside his own goal."""
    cells = {cell["name"]: cell for cell in GAME.layout()["cells"]}
    assert cells["p3"]["tone"] == cells["m3"]["tone"] == 1
    assert all(cells[name]["tone"] == 0 for name in ("m2", "m1", "0", "p1", "p2"))
    assert cells["black"]["x"] < cells["m3"]["x"] < cells["p3"]["x"] < cells["white"]["x"]
    assert GAME.outcome(GAME.position(3, 5, 5)).winner == 0
    assert GAME.outcome(GAME.position(-3, 5, 5)).winner == 1


def test_each_player_starts_with_50_points_or_the_option():
    """"Each player starts with 50 points (option points)."  The points are shown as a
    counter of each player's colour."""
    assert GAME.initial_state().points == (50, 50)
    assert load_game("footsteps(points=7)").initial_state().points == (7, 7)
    pieces = GAME.pieces(GAME.initial_state())
    assert read_piece(pieces["white"]) == ("counter", 0, "50")
    assert read_piece(pieces["black"]) == ("counter", 1, "50")


def test_the_points_option_and_its_range():
    """"points = 50 (default; any positive integer)": 1 up to 50, the reach of the bot's
    table (a value outside is refused with the range)."""
    (option,) = GAME.options
    assert (option.name, option.default, option.low, option.high) == ("points", 50, 1, 50)
    assert load_game("footsteps(points=50)").spec == "footsteps"
    for text in ("0", "51", "x"):
        with pytest.raises(ValueError, match="points takes an integer from 1 to 50"):
            load_game(f"footsteps(points={text})")


def test_a_bid_is_a_plain_decimal_number():
    """"each bid is one ply, written as a plain decimal number with no sign and no leading
    zeros, e.g. 12." """
    state = GAME.initial_state()
    assert GAME.parse_move("12", state) == 12 and GAME.move_name(12) == "12"
    assert GAME.parse_move(" 7 ", state) == 7
    assert GAME.clicks(12) == ()          # a button, or a number typed in


@pytest.mark.parametrize("text", ["012", "+5", "-3", "1.5", "12a", "", "twelve", "c4", "1 2",
                                  "1234567"])
def test_text_that_is_not_a_plain_number_is_refused(text):
    with pytest.raises(InvalidMove) as error:
        GAME.parse_move(text, GAME.initial_state())
    assert error.value.code == "move.notation-because"
    assert error.value.params["inner"] == ["footsteps.write"]
    assert "no leading zeros" in str(error.value)
    assert "zeri iniziali" in error.value.text("it")


def test_a_round_is_two_plies_white_first():
    """"A round is two plies, White's bid first, then Black's ... A record such as 12 7 5 5
    is two rounds." """
    state = GAME.initial_state()
    assert GAME.to_move(state) == 0
    state = after(GAME, "12", state)
    assert GAME.to_move(state) == 1
    state = after(GAME, "7", state)
    assert GAME.to_move(state) == 0
    assert (state.marker, state.points) == (1, (38, 43))
    state = after(GAME, "5 5", state)
    assert (state.marker, state.points) == (1, (33, 38))


# -- 11.2 sealed simultaneous bids ---------------------------------------------------------------

def test_bids_from_one_to_the_points_left():
    """"A player with p >= 1 points bids an integer from 1 to p (minimum 1)." """
    state = GAME.position(0, 4, 2)
    assert bids(GAME, state) == ["1", "2", "3", "4"]
    assert bids(GAME, after(GAME, "3", state)) == ["1", "2"]


def test_a_bid_above_the_points_is_refused_with_the_reason():
    state = GAME.position(0, 4, 2)
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("5", state)
    assert str(error.value) == "5 is not legal here: White has only 4 points"
    assert error.value.text("it") == ("5 non è una mossa possibile in questa posizione: "
                                      "il Bianco ha solo 4 punti")
    with pytest.raises(IllegalMove, match="Black has only 2 points"):
        GAME.parse_move("3", after(GAME, "1", state))


def test_zero_is_refused_while_points_remain():
    """FT3: "Can a bid be 0 while points remain? No (minimum 1)." """
    with pytest.raises(IllegalMove, match="still has points, so the bid is at least 1"):
        GAME.parse_move("0", GAME.initial_state())


def test_a_player_with_no_points_bids_zero():
    """"A player with 0 points bids 0. This ply is forced." """
    state = GAME.position(0, 0, 3)
    assert bids(GAME, state) == ["0"]
    with pytest.raises(IllegalMove, match="White has no points left and can only bid 0"):
        GAME.parse_move("1", state)
    assert bids(GAME, after(GAME, "0", state)) == ["1", "2", "3"]


def test_both_bids_are_deducted_and_the_higher_moves_the_marker():
    """"When both bids are in, they are revealed together and both are deducted ... The
    higher bid moves the marker one cell towards its bidder's goal." (FT1: "Is the losing bid
    also deducted? Yes, both bids.") """
    state = after(GAME, "12 7")
    assert (state.marker, state.points) == (1, (38, 43))
    state = after(GAME, "3 9", state)
    assert (state.marker, state.points) == (0, (35, 34))
    state = after(GAME, "1 2", state)
    assert (state.marker, state.points) == (-1, (34, 32))


def test_equal_bids_leave_the_marker_where_it_is():
    """"Equal bids leave it where it is." """
    state = after(GAME, "9 9")
    assert (state.marker, state.points) == (0, (41, 41))


def test_nothing_is_deducted_or_moved_until_both_bids_are_in():
    """"In each round both players choose a bid without seeing the other's": White's bid
    alone changes neither the marker nor the points shown."""
    start = GAME.initial_state()
    sealed = after(GAME, "12")
    assert GAME.pieces(sealed) == GAME.pieces(start)
    assert GAME.sealed(sealed) == 1 and GAME.sealed(start) == 0


def test_the_concealed_state_hides_the_amount_but_not_that_white_has_bid():
    """"During a round he may see that the opponent has already bid, but never the
    amount." """
    views = [GAME.concealed(after(GAME, f"4 4 {bid}")) for bid in ("1", "20", "46")]
    assert views[0] == views[1] == views[2] and views[0].pending == HIDDEN
    assert GAME.notes(views[0])["bid_in"] is True
    assert GAME.marks(views[0])["message"] == {"key": "sealed", "params": {"player": 0, "opponent": 1}}
    assert "1" not in GAME.diagram(views[0]).split("\n")[1]


def test_the_legal_bids_depend_only_on_the_movers_points():
    """"The legal bids of either player depend only on his own points." """
    for white_bid in ("1", "25", "50"):
        state = after(GAME, white_bid)
        assert GAME.legal_moves(state) == GAME.legal_moves(GAME.concealed(state)) == list(range(1, 51))


def test_a_concealed_round_cannot_be_played_out():
    """The concealed state is an information set, not a position: nothing can resolve it."""
    with pytest.raises(ValueError, match="hides White's bid"):
        GAME.apply(GAME.concealed(after(GAME, "12")), 3)


# -- 11.2.3 what the page sees: the bridge ------------------------------------------------------

def test_the_view_never_shows_a_sealed_bid():
    """"The room keeps the first submitted bid hidden ... until the other bid arrives";
    "An unfinished round never appears in ... a move list shown to the opponent".  The
    same view comes back whatever White bid, and it is the view of the round's start, but
    for the mover and the sealed ply."""
    start = ask(op="view", game="footsteps", moves=["12", "7"])
    answers = [ask(op="view", game="footsteps", moves=["12", "7", bid]) for bid in ("1", "20", "38")]
    assert answers[0] == answers[1] == answers[2]
    view = answers[0]
    assert view["moves"] == ["12", "7"] and view["ply"] == 2 and view["sealed"] == 1
    assert view["to_move"] == 1 and start["to_move"] == 0 and start["sealed"] == 0
    assert view["pieces"] == start["pieces"]
    assert view["last"] == start["last"] == {"name": "7", "clicks": [], "cells": [], "player": 1}
    assert [move["name"] for move in view["legal"]] == [str(bid) for bid in range(1, 44)]
    assert view["notes"]["bid_in"] is True
    assert view["marks"]["message"]["key"] == "sealed"


def test_once_both_bids_are_in_the_round_is_shown():
    """"The record shows each round once both bids are in." """
    view = ask(op="view", game="footsteps", moves=["12", "7", "20", "30"])
    assert view["moves"] == ["12", "7", "20", "30"] and view["sealed"] == 0
    assert view["pieces"] == {"0": "marker", "white": "counter.0=18", "black": "counter.1=13"}
    assert view["marks"]["message"] == {"key": "round", "params": {"white": 20, "black": 30}}


def test_playing_a_sealed_bid_answers_with_the_concealed_view():
    """The page plays White's bid through the bridge and is answered with a view that does
    not show it (only ``played``, for the page's own record, names it)."""
    answer = ask(op="play", game="footsteps", moves=[], move="12")
    assert answer["ok"] and answer["played"] == "12"
    assert answer["moves"] == [] and answer["sealed"] == 1 and answer["last"] is None
    assert "12" not in json.dumps({k: v for k, v in answer.items() if k not in ("played", "legal")})


def test_position_and_preview_do_not_reveal_a_sealed_bid():
    for bid in ("1", "40"):
        position = ask(op="position", game="footsteps", moves=[bid])
        assert position["position"] == "marker:0;counter.0=50:white;counter.1=50:black"
        # Black's preview of his answer would reveal the round: it shows the round's start
        preview = ask(op="preview", game="footsteps", moves=[bid], move="30")
        assert preview["pieces"] == {"0": "marker", "white": "counter.0=50", "black": "counter.1=50"}


def test_records_hold_complete_rounds_only():
    """"records hold complete rounds only": a sealed bid is left out of the export."""
    text = export_record("footsteps", ["12", "7", "5"])
    assert text.splitlines()[-1] == "1. 12 7"
    assert ask(op="export", game="footsteps", moves=["12", "7", "5"])["text"] == text
    assert parse_record(text).moves == ("12", "7")


# -- 11.3 end and result -----------------------------------------------------------------------

def test_the_marker_on_a_goal_wins():
    """"The marker reaches +3 -> White wins; -3 -> Black wins." """
    state = after(GAME, "2 1 2 1 2 1")
    outcome = GAME.outcome(state)
    assert (outcome.winner, outcome.reason, outcome.cells) == (0, "goal", ("p3",))
    assert GAME.legal_moves(state) == []
    assert GAME.outcome_text(outcome) == "White wins: the marker reached the goal"
    assert GAME.outcome_text(outcome, "it") == "Vince il Bianco: il segnalino ha raggiunto la meta"
    black = GAME.outcome(after(GAME, "1 2 1 2 1 2"))
    assert (black.winner, black.cells) == (1, ("m3",))


def test_ft3_white_with_three_points_against_none_wins_with_three_bids_of_one():
    """FT-3: "Marker on 0, White 3 points, Black 0: White bids 1 three times and wins (+1)." """
    state = GAME.position(0, 3, 0)
    assert bids(GAME, after(GAME, "1", state)) == ["0"]
    state = after(GAME, "1 0 1 0 1 0", state)
    assert GAME.outcome(state).winner == 0


def test_ft3_with_two_points_the_game_ends_in_a_draw():
    """FT-3: "With White on 2 points instead, the game ends in a draw (0)." """
    state = after(GAME, "1 0 1 0", GAME.position(0, 2, 0))
    outcome = GAME.outcome(state)
    assert (state.marker, outcome.winner, outcome.reason) == (2, None, "no-points")
    assert GAME.outcome_text(outcome) == "Draw: both players ran out of points"
    assert GAME.outcome_text(outcome, "it") == "Patta: entrambi i giocatori hanno finito i punti"


def test_ft4_one_one_from_one_point_each_is_a_draw():
    """FT-4: "The record 1 1 from (0, 1, 1) leaves both players on 0 with the marker on 0:
    a draw." """
    game = load_game("footsteps(points=1)")
    state = game.replay(["1", "1"])
    assert (state.marker, state.points) == (0, (0, 0))
    assert game.outcome(state).winner is None


def test_a_player_out_of_points_goes_on_bidding_zero():
    """"If only one player has 0 points, play goes on: that player bids 0 and the other must
    still bid at least 1." (FT2: "He bids 0 and the game goes on.") """
    state = after(GAME, "3 2", GAME.position(0, 5, 2))
    assert GAME.outcome(state) is None and state.points == (2, 0)
    assert bids(GAME, state) == ["1", "2"]
    assert bids(GAME, after(GAME, "1", state)) == ["0"]


def test_both_out_of_points_is_a_draw():
    """"Both players have 0 points with the marker not on a goal -> draw." """
    state = after(GAME, "2 1", GAME.position(-1, 2, 1))
    assert (state.marker, state.points) == (0, (0, 0))
    assert GAME.outcome(state).winner is None and GAME.outcome(state).reason == "no-points"


def test_no_bid_after_the_end():
    state = after(GAME, "2 1 2 1 2 1")
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("1", state)
    assert error.value.code == "move.game-over"


def test_the_game_always_ends_within_a_hundred_rounds():
    """"Every round removes at least 1 point, so it lasts at most 100 rounds." """
    state = GAME.initial_state()
    plies = 0
    while GAME.outcome(state) is None:          # the longest game: every bid is 1, all equal
        state = GAME.apply(state, 1)
        plies += 1
    assert plies == 100 and GAME.outcome(state).reason == "no-points"


# -- against the reference ------------------------------------------------------------------------

def play_alongside(game, position, rng):
    """One random game played by the engine and the reference side by side, comparing the
    legal bids, the marker, the points and the result at every ply."""
    state = game.initial_state()
    while True:
        legal = bids(game, state)
        assert legal == ref.legal(position)
        if not legal:
            break
        if ref.whose_bid(position) == "W":      # at a round's start both agree on everything
            assert (state.marker, state.points) == (position["cell"],
                                                    (position["points"]["W"], position["points"]["B"]))
        assert "WB"[game.to_move(state)] == ref.whose_bid(position)
        # bids near the top, the middle and 1 alike, so that games end every way
        bid = rng.choice([legal[0], legal[-1], rng.choice(legal)])
        state, position = game.play(state, game.parse_move(bid, state)), ref.play(position, bid)
    winner, reason = position["result"]
    outcome = game.outcome(state)
    assert (outcome.winner, outcome.reason) == ({"W": 0, "B": 1, None: None}[winner], reason)
    assert game.replay(position["record"]) == state
    return outcome


@pytest.mark.parametrize("points, games", [(50, 60), (10, 150), (3, 100), (1, 10)])
def test_random_games_match_the_reference(points, games):
    """With 3 points or fewer nobody can win three rounds: every game is a draw."""
    game = load_game(f"footsteps(points={points})")
    winners = {play_alongside(game, ref.new_game(points), random.Random(seed)).winner
               for seed in range(games)}
    assert winners == ({None} if points <= 3 else {0, 1, None})


@pytest.mark.slow
def test_thousands_of_random_games_match_the_reference():
    for points in (50, 20, 7, 2):
        game = load_game(f"footsteps(points={points})")
        for seed in range(1500):
            play_alongside(game, ref.new_game(points), random.Random(seed))


@pytest.mark.parametrize("points, depth", [(3, 6), (5, 4), (50, 2), (2, 8)])
def test_perft_equals_the_reference(points, depth):
    game = load_game(f"footsteps(points={points})")
    assert perft(game, game.initial_state(), depth) == ref.perft(ref.new_game(points), depth)


def test_perft_by_hand():
    """Two plies from the start: 50 x 50 pairs of bids; with 2 points each, every game of
    bids is one of 2 x 2 first rounds, then what is left (written out by hand)."""
    assert perft(GAME, GAME.initial_state(), 2) == 2500
    two = load_game("footsteps(points=2)")
    # rounds: (1,1) -> (1,1) left: 1 more round; (1,2),(2,1) -> one player on 0, the other
    # on 1: 1 more round; (2,2) -> draw.  So 4 two-ply lines, 3 of which go on by one round.
    assert perft(two, two.initial_state(), 4) == 3


@pytest.mark.parametrize("seed", range(3))
def test_records_round_trip(seed):
    rng = random.Random(seed)
    names, state = [], GAME.initial_state()
    while GAME.outcome(state) is None:
        names.append(rng.choice(bids(GAME, state)))
        state = GAME.apply(state, int(names[-1]))
    record = parse_record(export_record("footsteps", names, {"White": "Anna"}))
    assert record.moves == tuple(names) and GAME.replay(record.moves) == state
