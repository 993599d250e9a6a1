"""Damone italiano: the rules of shared/RULES.md section 9, its acceptance examples DM-1 to
DM-9, and the engine checked against the slow reference (tests/reference/damone_ref.py,
written from the rule text and sharing no code with the engine).

Each test quotes the rule sentence it checks.  Expected values are written out by hand from
the rule text, never computed by the engine; the perft counts come from the reference.
"""

import random

import pytest

from reference import damone_ref as ref
from tavoliere import load_game
from tavoliere.core import IllegalMove, InvalidMove, perft
from tavoliere.games.damone import Damone

GAME = Damone()


def legal(game, state):
    return {game.move_name(move) for move in game.legal_moves(state)}


def play(game, state, *names):
    for name in names:
        state = game.play(state, game.parse_move(name, state))
    return state


def reference_position(white, black, to_move="W", **options):
    """The reference's position written as RULES.md writes them: ``"Ih1 Dc4 Pe4"``."""
    pieces = {}
    for colour, text in (("W", white), ("B", black)):
        for word in text.split():
            pieces[word[1:]] = (colour, word[0])
    return ref.make_position(pieces, to_move, **options)


# -- 9.1 board, pieces, set-up ----------------------------------------------------------------

def test_dm1_the_set_up():
    """DM-1: "The set-up has 16 pieces, all on dark squares; g2 and b7 are empty."  9.1:
    "White: damone h1; dame f1, h3 (g2 stays empty); pedine d1, e2, f3, g4, h5.  Black:
    damone a8; dame a6, c8 (b7 empty); pedine a4, b5, c6, d7, e8." """
    pieces = GAME.pieces(GAME.initial_state())
    assert pieces == {
        "h1": "double-crowned.0", "f1": "crowned.0", "h3": "crowned.0",
        "d1": "stone.0", "e2": "stone.0", "f3": "stone.0", "g4": "stone.0", "h5": "stone.0",
        "a8": "double-crowned.1", "a6": "crowned.1", "c8": "crowned.1",
        "a4": "stone.1", "b5": "stone.1", "c6": "stone.1", "d7": "stone.1", "e8": "stone.1"}
    dark = {cell["name"] for cell in GAME.layout()["cells"] if cell["tone"] == 1}
    assert set(pieces) <= dark and "g2" not in pieces and "b7" not in pieces


def test_the_playing_squares_are_the_dark_ones_and_a1_is_light():
    """9.1: "An 8×8 draughts board in the Italian orientation: a1 is light and h1 is dark.
    Play uses only the dark squares, those where (column number + row number) is odd." """
    tones = {cell["name"]: cell["tone"] for cell in GAME.layout()["cells"]}
    assert len(tones) == 64 and tones["a1"] == 0 and tones["h1"] == 1
    assert {name for name, tone in tones.items() if tone == 1} == {
        f + r for f in "abcdefgh" for r in "12345678" if ("abcdefgh".index(f) + 1 + int(r)) % 2}


def test_white_moves_first_and_the_players_alternate():
    """9.2: "White moves first ..., then the players alternate." """
    state = GAME.initial_state()
    assert GAME.to_move(state) == 0
    assert GAME.to_move(play(GAME, state, "f3-e4")) == 1


# -- 9.3 moves --------------------------------------------------------------------------------

def test_dm2_eight_moves_each_from_the_set_up():
    """DM-2: "From the set-up White has exactly 8 moves ... With Black to move in the set-up
    position, Black has exactly 8." """
    state = GAME.initial_state()
    assert legal(GAME, state) == {"d1-c2", "e2-d3", "f1-g2", "f3-e4", "g4-f5", "h1-g2",
                                  "h3-g2", "h5-g6"}
    assert legal(GAME, state._replace(ply=1)) == {"a4-b3", "a6-b7", "a8-b7", "b5-c4",
                                                  "c6-d5", "c8-b7", "d7-e6", "e8-f7"}


def test_pedine_go_forwards_or_sideways_never_backwards():
    """9.1: "White pedine NW, NE, SW; Black pedine SE, NE, SW.  Dame and damoni use all four
    directions." """
    assert legal(GAME, GAME.position("Pe4 Ih1", "Ia8")) == {"e4-d5", "e4-f5", "e4-d3", "h1-g2"}
    assert legal(GAME, GAME.position("Ih1", "Pe4 Ia8", to_move=1)) == {
        "e4-f3", "e4-f5", "e4-d3", "a8-b7"}
    assert legal(GAME, GAME.position("De4 Ih1", "Ia8")) == {
        "e4-d5", "e4-f5", "e4-d3", "e4-f3", "h1-g2"}


def test_dm3_rule_2_the_higher_ranked_capturer():
    """DM-3 (rule 2): "the sequence made by the higher-ranked capturing piece": White Ih1 Dc4
    Pe4; Black Ia8 Pd5.  "Only c4xe6 is legal." """
    state = GAME.position("Ih1 Dc4 Pe4", "Ia8 Pd5")
    assert legal(GAME, state) == {"c4xe6"}
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("e4xc6", state)
    assert error.value.params["inner"] == ["damone.priority"]


def test_dm4_rule_3_the_higher_ranked_victim():
    """DM-4 (rule 3): "the sequence whose highest-ranked captured piece ranks higher": White
    Ie4; Black Ia8 Dd5 Pf5: "only e4xc6 (taking the dama) is legal, not e4xg6." """
    assert legal(GAME, GAME.position("Ie4", "Ia8 Dd5 Pf5")) == {"e4xc6"}


def test_rule_4_more_damoni_then_more_dame():
    """9.3 rule 4: "more damoni captured, then more dame captured".  The white damone may
    take a damone and a pedina (e4xg6xe8) or a damone and a dama (e4xc2xa4): rules 1-3 tie,
    and the dama decides."""
    assert legal(GAME, GAME.position("Ie4", "If5 Pf7 Id3 Db3", to_move=0)) == {"e4xc2xa4"}


def test_dm5_rule_1_most_pieces_then_promotion():
    """DM-5: White Ie6 Pe2; Black Ia8 Pd3 Pb5 Df7.  "Only e2xc4xa6 is legal: two pieces beat
    the damone's single capture e6xg8.  After it, White has Ie6 Da6 and Black has Ia8 Df7." """
    state = GAME.position("Ie6 Pe2", "Ia8 Pd3 Pb5 Df7")
    assert legal(GAME, state) == {"e2xc4xa6"}
    after = play(GAME, state, "e2xc4xa6")
    assert GAME.pieces(after) == {"e6": "double-crowned.0", "a6": "crowned.0",
                                  "a8": "double-crowned.1", "f7": "crowned.1"}


def test_dm6_the_rank_limit():
    """DM-6: "a pedina captures only pedine": White Ih1 Pe4; Black Ia8 Dd5.  "There is no
    capture; White's moves are e4-d3, e4-f5, h1-g2." """
    assert legal(GAME, GAME.position("Ih1 Pe4", "Ia8 Dd5")) == {"e4-d3", "e4-f5", "h1-g2"}


def test_a_piece_never_jumps_its_own():
    """9.3: "A piece never jumps its own pieces." """
    assert "e4xg6" not in legal(GAME, GAME.position("Ie4 Pf5 Ih1", "Ia8"))


def test_dm7_no_stop_on_c8():
    """DM-7: White Ih1 Pe6; Black Ia8 Pd7 Pb7: "the only move is e6xc8xa6, ending as a dama
    on a6."  9.3: "Rank stays unchanged during a capture sequence." """
    state = GAME.position("Ih1 Pe6", "Ia8 Pd7 Pb7")
    assert legal(GAME, state) == {"e6xc8xa6"}
    assert GAME.pieces(play(GAME, state, "e6xc8xa6"))["a6"] == "crowned.0"
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("e6xc8", state)
    assert error.value.params["inner"] == ["damone.go-on"]


def test_dm8_promotion_by_step():
    """DM-8: "With White Ih1 Db7 and Black Ib1, b7-a8 makes a damone.  With White Ih1 Pb7 and
    Black Ib1, White's moves are b7-a6, b7-a8, b7-c8, h1-g2: b7-a6 and b7-c8 give a dama,
    while b7-a8 leaves a pedina that can never move.  A White pedina on b5 has b5-a4, b5-a6
    and b5-c6, and b5-a6 promotes." """
    assert GAME.pieces(play(GAME, GAME.position("Ih1 Db7", "Ib1"), "b7-a8"))["a8"] == \
        "double-crowned.0"
    state = GAME.position("Ih1 Pb7", "Ib1")
    assert legal(GAME, state) == {"b7-a6", "b7-a8", "b7-c8", "h1-g2"}
    assert GAME.pieces(play(GAME, state, "b7-a6"))["a6"] == "crowned.0"
    assert GAME.pieces(play(GAME, state, "b7-c8"))["c8"] == "crowned.0"
    stuck = play(GAME, state, "b7-a8", "b1-c2")
    assert GAME.pieces(stuck)["a8"] == "stone.0"
    assert legal(GAME, stuck) == {"h1-g2"}
    state = GAME.position("Ih1 Pb5", "Ib1")
    assert legal(GAME, state) == {"b5-a4", "b5-a6", "b5-c6", "h1-g2"}
    assert GAME.pieces(play(GAME, state, "b5-a6"))["a6"] == "crowned.0"


def test_black_promotes_on_f1_h3_and_h1():
    """9.3: "Black pedina → dama on f1 or h3 ... Black dama → damone on h1." """
    state = GAME.position("Ia8", "Pg2 Ib7", to_move=1)
    assert legal(GAME, state) >= {"g2-f1", "g2-h3", "g2-h1"}
    assert GAME.pieces(play(GAME, state, "g2-f1"))["f1"] == "crowned.1"
    assert GAME.pieces(play(GAME, state, "g2-h3"))["h3"] == "crowned.1"
    assert GAME.pieces(play(GAME, state, "g2-h1"))["h1"] == "stone.1"
    dama = GAME.position("Ia8", "Dg2 Ib7", to_move=1)
    assert GAME.pieces(play(GAME, dama, "g2-h1"))["h1"] == "double-crowned.1"


def test_the_starting_square_counts_as_empty():
    """9.3: "The capturer's starting square counts as empty": the damone on e4 goes round
    the four pedine and lands back on e4, either way round."""
    state = GAME.position("Ie4", "Pf5 Pf7 Pd7 Pd5 Ia2")
    assert legal(GAME, state) == {"e4xg6xe8xc6xe4", "e4xc6xe8xg6xe4"}
    assert GAME.pieces(play(GAME, state, "e4xg6xe8xc6xe4")) == {"e4": "double-crowned.0",
                                                                 "a2": "double-crowned.1"}


def test_captured_pieces_stay_until_the_sequence_ends():
    """9.3: "Captured pieces stay on the board until the sequence ends, so no piece can be
    jumped twice and no jump may land on a captured piece's square."  The dama on c4 takes
    d5 and lands on e6, then f7 to g8; d5 is still there, so e6 cannot jump it back."""
    state = GAME.position("Dc4 Ih1", "Pd5 Pf7 Ia2")
    assert legal(GAME, state) == {"c4xe6xg8"}


def test_a_capture_is_compulsory():
    """9.3: "if any capture exists, the mover must capture, and a step is illegal." """
    state = GAME.position("Ih1 Pe4", "Ia8 Pd5")
    assert legal(GAME, state) == {"e4xc6"}
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("h1-g2", state)
    assert error.value.params["inner"] == ["damone.must-capture"]
    marks = GAME.marks(state)
    assert marks["highlight"] == ["e4"] and marks["message"]["key"] == "must-capture"


# -- 9.4 end and result -----------------------------------------------------------------------

def test_dm9_stalemate_loses():
    """DM-9: "White Pa8 alone, Black Ib1, White to move → White has no legal move and
    loses." """
    state = GAME.position("Pa8", "Ib1")
    assert GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert (outcome.winner, outcome.reason) == (1, "no-moves")


def test_a_player_without_pieces_loses():
    """9.4: "The player to move who has no legal move loses, whether because he is blocked
    or because he has no pieces." """
    state = play(GAME, GAME.position("Ie4", "Pd5"), "e4xc6")
    outcome = GAME.outcome(state)
    assert (outcome.winner, outcome.reason) == (0, "no-pieces")
    assert GAME.outcome_text(outcome) == "White wins: Black has no pieces left"


def test_capturing_the_damone_wins_with_the_option():
    """9.4: "Option win=damone: a player also wins at once when the opponent has no damone
    left after his move." """
    game = Damone(win="damone")
    state = play(game, game.position("Ie4", "If5 Pa4"), "e4xg6")
    outcome = game.outcome(state)
    assert (outcome.winner, outcome.reason) == (0, "no-damone") and game.legal_moves(state) == []
    assert GAME.outcome(play(GAME, GAME.position("Ie4", "If5 Pa4"), "e4xg6")) is None


SHUFFLE = ["h1-g2", "a8-b7", "g2-h1", "b7-a8"]


def test_the_third_repetition_draws():
    """9.4 (a): "the third occurrence of the same position (pieces, ranks, side to move) is a
    draw" (non-official, option repetition_draw)."""
    state = play(GAME, GAME.initial_state(), *SHUFFLE, *SHUFFLE[:3])
    assert GAME.outcome(state) is None and GAME.notes(state)["repetitions"] == 2
    state = play(GAME, state, SHUFFLE[3])
    assert GAME.outcome(state).reason == "repetition" and GAME.legal_moves(state) == []
    game = Damone(repetition_draw=False)
    assert game.outcome(play(game, game.initial_state(), *SHUFFLE * 3)) is None


def test_plies_without_a_capture_draw():
    """9.4 (b): "80 consecutive plies (40 moves each) without a capture is a draw";
    RULES.md 9.6: "no_capture_plies = 80 (0 = off)". """
    game = Damone(repetition_draw=False)
    state = play(game, game.initial_state(), *SHUFFLE * 20)
    assert state.ply == 80 and game.outcome(state).reason == "no-capture"
    assert game.outcome(play(game, game.initial_state(), *SHUFFLE * 19, *SHUFFLE[:3])) is None
    short = Damone(repetition_draw=False, no_capture_plies=6)
    assert short.outcome(play(short, short.initial_state(), *SHUFFLE, "h1-g2", "a8-b7")).reason \
        == "no-capture"
    never = Damone(repetition_draw=False, no_capture_plies=0)
    assert never.outcome(play(never, never.initial_state(), *SHUFFLE * 25)) is None


def test_a_blocked_player_loses_before_any_draw():
    """9.4: "first the player to move with no legal move loses; only otherwise do the draw
    rules (a), (b) apply." """
    state = GAME.position("Pa8", "Ib1")._replace(quiet=200)
    assert GAME.outcome(state).reason == "no-moves"


def test_the_options_and_their_defaults():
    """9.6: "win = all (default: capture all or block) | damone; repetition_draw = on;
    no_capture_plies = 80 (0 = off)." """
    options = {option.name: option for option in Damone.options}
    assert options["win"].default == "all" and options["win"].choices == ("all", "damone")
    assert options["repetition_draw"].default is True
    assert options["no_capture_plies"].default == 80 and options["no_capture_plies"].low == 0
    assert options["max_plies"].hidden
    assert load_game("damone(win=damone,no_capture_plies=0)").spec == \
        "damone(win=damone,no_capture_plies=0)"
    with pytest.raises(ValueError, match="one of: all, damone"):
        load_game("damone(win=king)")


# -- notation -----------------------------------------------------------------------------------

def test_names_clicks_and_the_short_capture_form():
    """Decisions: "Moves f3-e4, e2xc4xa6".  9.1: "A capture is the start square and every
    landing square, joined by x"; the clicks are the piece, then each landing square."""
    state = GAME.position("Ie6 Pe2", "Ia8 Pd3 Pb5 Df7")
    move = GAME.parse_move("e2xc4xa6", state)
    assert GAME.clicks(move) == ("e2", "c4", "a6")
    assert set(GAME.move_cells(move)) == {"e2", "d3", "c4", "b5", "a6"}
    assert GAME.parse_move(" E2xA6 ", state) == move
    step = GAME.parse_move("f3-e4", GAME.initial_state())
    assert GAME.clicks(step) == ("f3", "e4") and GAME.move_name(step) == "f3-e4"


def test_a_short_form_that_fits_two_captures_is_ambiguous():
    state = GAME.position("Ie4", "Pf5 Pf7 Pd7 Pd5 Ia2")
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("e4xe4", state)
    assert error.value.code == "move.ambiguous"


@pytest.mark.parametrize("text, code, inner", [
    ("e4", "move.notation-because", "damone.write"),
    ("f3-e4-d5", "move.notation-because", "damone.write"),
    ("f3-e4xd5", "move.notation-because", "damone.write"),
    ("f3-z9", "move.notation-because", "board.not-a-cell"),
    ("a1-b2", "move.notation-because", "damone.light-square"),
    ("x" * 300, "move.notation-because", "damone.write"),
])
def test_text_outside_the_notation_is_refused_with_its_code(text, code, inner):
    with pytest.raises(InvalidMove) as error:
        GAME.parse_move(text, GAME.initial_state())
    assert error.value.code == code and error.value.params["inner"] == [inner]
    assert len(str(error.value)) < 200  # the input is quoted through excerpt()


@pytest.mark.parametrize("text, inner", [
    ("c6-d5", "damone.not-yours"), ("e4-d5", "damone.not-yours"),
    ("f3-g2", "damone.no-such-move"), ("f3xd5", "damone.no-such-move")])
def test_moves_that_are_not_legal_say_why(text, inner):
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move(text, GAME.initial_state())
    assert error.value.code == "move.not-legal-because"
    assert error.value.params["inner"] == [inner]


def test_a_move_after_the_end_says_the_game_is_over():
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("a8-b7", GAME.position("Pa8", "Ib1"))
    assert error.value.params["inner"] == ["reason.game-over"]


# -- the engine against the reference -----------------------------------------------------------

REC16 = ("f3-e4 a8-b7 h5-g6 e8-f7 g6xe8 b7-a8 e2-d3 a8-b7 d1-c2 b5-c4 d3xb5 a6xc4 e4-d5 "
         "c4xe6 h3-g2 b7-a6").split()
REC30 = REC16 + ("c2-b3 a4xc2 f1-e2 a6-b7 g2-f1 c6-b5 e8xc6xa4 e6-f5 e2-d3 f5xh3 d3xb1 b7-c6 "
                 "h1-g2 c6-b5").split()

# id, moves from the start, depth, leaf count (from ``ref.perft``; the slow test recomputes them)
PERFT = [
    ("start", [], 4, 4703),
    ("start", [], 5, 42778),
    ("rec16", REC16, 4, 4039),
    ("rec30", REC30, 4, 1458),
]


@pytest.mark.parametrize("name, moves, depth, count", PERFT, ids=str)
def test_perft_table(name, moves, depth, count):
    assert perft(GAME, GAME.replay(moves), depth) == count


@pytest.mark.slow
@pytest.mark.parametrize("name, moves, depth, count", PERFT, ids=str)
def test_perft_table_is_the_references(name, moves, depth, count):
    pos = ref.new_game()
    for move in moves:
        pos = ref.play(pos, move)
    assert ref.perft(pos, depth) == count


@pytest.mark.parametrize("white, black, depth", [
    ("Ie4", "If5 Pf7 Id3 Db3", 4), ("Ie4", "Pf5 Pf7 Pd7 Pd5 Ia2", 4),
    ("Ie6 Pe2 Pg2", "Ia8 Pd3 Pb5 Df7 Pc6", 3), ("Ih1 Pb7 Dd3", "Ib1 Pg4 Pf5", 3)])
def test_perft_equals_the_reference(white, black, depth):
    assert perft(GAME, GAME.position(white, black), depth) == \
        ref.perft(reference_position(white, black), depth)


def play_alongside(game, options, rng):
    """One random game played by the engine and the reference side by side, comparing the
    legal moves, the pieces and the outcome at every ply."""
    state, pos = game.initial_state(), ref.new_game(**options)
    while True:
        moves = [game.move_name(move) for move in game.legal_moves(state)]
        assert len(set(moves)) == len(moves)
        assert sorted(moves) == sorted(ref.legal_moves(pos)), game.diagram(state)
        assert game.pieces(state) == ref.pieces_tokens(pos)
        outcome, result = game.outcome(state), ref.result(pos)
        assert (outcome is None) == (result is None) == bool(moves)
        if outcome:
            assert (outcome.winner, outcome.reason) == ({"W": 0, "B": 1}.get(result[0]), result[1])
            return outcome
        name = rng.choice(moves)
        state = game.play(state, game.parse_move(name, state))
        pos = ref.play(pos, name)


OPTION_SETS = [{}, {"win": "damone"}, {"repetition_draw": False, "no_capture_plies": 30}]


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_random_games_agree_with_the_reference(options):
    game, rng = Damone(**options), random.Random(f"damone-{options}")
    reasons = {play_alongside(game, options, rng).reason for _ in range(100)}
    assert len(reasons) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_many_random_games_agree_with_the_reference(options):
    game, rng = Damone(**options), random.Random(f"damone-slow-{options}")
    for _ in range(2000):
        play_alongside(game, options, rng)


# -- properties of every position ---------------------------------------------------------------

def turned(state):
    """The position turned half a turn with the colours swapped (each side's set-up, moves
    and promotion squares are the other's, turned)."""
    board = bytes(0 if not value else value ^ 4 for value in reversed(state.board))
    return state._replace(board=board, ply=state.ply + 1, quiet=0, earlier=())


@pytest.mark.parametrize("seed", range(30))
def test_turning_the_board_and_swapping_colours_keeps_the_moves(seed):
    from conftest import random_state
    state = random_state(GAME, seed, seed * 3)._replace(quiet=0, earlier=())
    image = turned(state)
    expected = {tuple(63 - cell for cell in move) for move in GAME.legal_moves(state)}
    assert set(GAME.legal_moves(image)) == expected
    outcome, other = GAME.outcome(state), GAME.outcome(image)
    assert (outcome is None) == (other is None)
    if outcome:
        assert other.winner == 1 - outcome.winner


@pytest.mark.parametrize("seed", range(30))
def test_no_moves_clicks_begin_another_moves_clicks(seed):
    """The page plays as soon as the clicks so far pick one legal move."""
    from conftest import random_state
    state = random_state(GAME, seed, seed * 4)
    moves = GAME.legal_moves(state)
    clicks = {move: GAME.clicks(move) for move in moves}
    for move in moves:
        assert GAME.parse_move(GAME.move_name(move), state) == move
        assert [m for m in moves if clicks[m][:len(clicks[move])] == clicks[move]] == [move]
