"""Game records (tavoliere.notation): the text format for every game, Havannah SGF, and Little
Golem's Havannah files, checked on real games in tests/data/littlegolem (see its README)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.havannah_ref import Havannah as ReferenceHavannah
from tavoliere.core import load_game
from tavoliere.grid.hexhex import HexGrid
from test_conformance import first_specs
from tavoliere.notation import (MAX_MOVES, MAX_TEXT, Record, RecordError, RecordMoveError,
                                export_record, export_sgf, little_golem_cell, parse_record)

LITTLE_GOLEM = Path(__file__).parent / "data" / "littlegolem"


def random_game(spec: str, seed: int, max_plies: int = 400):
    """A random game of ``spec``: its move names and its final state."""
    game, rng = load_game(spec), random.Random(seed)
    state, names = game.initial_state(), []
    while game.outcome(state) is None and len(names) < max_plies:
        move = rng.choice(game.legal_moves(state))
        names.append(game.move_name(move))
        state = game.apply(state, move)
    return names, state


def record_error(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    return str(caught.value)


# -- the text record: round trips -----------------------------------------------------------------
ROUND_TRIP_SPECS = [
    "barrier(size=5)", "barrier(size=6)", "barrier",
    "hekka(max_plies=60)", "hekka(areas=symmetric,max_plies=40)",
    "havannah(size=4,swap=true)", "havannah(size=5,ring_needs_empty=true)",
    "hexade(size=4,max_plies=80)", "hexade(size=5,max_plies=60)",
] + first_specs(besides=("barrier", "hekka", "havannah", "hexade"))


@pytest.mark.parametrize("spec", ROUND_TRIP_SPECS)
@pytest.mark.parametrize("seed", range(4))
def test_text_round_trip_of_random_games(spec, seed):
    """Export then import gives the same spec, the same moves and the same final state."""
    names, state = random_game(spec, seed)
    game = load_game(spec)
    tags = {"White": "Anna", "Black": "Computer, level 3", "Date": "2026-11-22"}
    record = parse_record(export_record(spec, names, tags))
    assert record.game == game.spec
    assert record.moves == tuple(names)
    assert game.replay(record.moves) == state
    assert {k: record.tags[k] for k in tags} == tags
    outcome = game.outcome(state)
    assert record.tags["Result"] == (game.outcome_text(outcome) if outcome else "*")


def test_export_writes_the_documented_layout():
    text = export_record("havannah(swap=true,size=4)", ["d4", "swap", "c3"],
                         {"White": "Anna", "Black": "Computer, level 3", "Date": "2026-11-22"})
    assert text == ('[Game "havannah(size=4,swap=true)"]\n'
                    '[White "Anna"]\n'
                    '[Black "Computer, level 3"]\n'
                    '[Date "2026-11-22"]\n'
                    '[Result "*"]\n'
                    '\n'
                    '1. d4 swap 2. c3\n')


def test_export_computes_the_result_of_a_finished_game():
    """Havannah HV-7 (RULES 3.4): a1 ... j1 is a bridge; Black's stones stay out of the way."""
    white = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"]
    black = ["a10", "b11", "c12", "d13", "e14", "f15", "g16", "h17", "i18"]
    moves = [m for pair in zip(white, black) for m in pair] + [white[-1]]
    text = export_record("havannah", moves, {"Result": "Black wins: White resigned"})
    assert '[Result "White wins: bridge"]' in text   # computed, whatever the caller said
    assert '[Result "Black wins: White resigned"]' in export_record("havannah", moves[:-1], {
        "Result": "Black wins: White resigned"})       # an unfinished game keeps the caller's


def test_short_forms_are_written_out_in_full():
    """Barrier short forms (RULES decisions: "c4-e3" or "e3" when exactly one legal path
    fits) are read, and the record keeps the full path."""
    names, _ = random_game("barrier(size=5)", 7)
    game = load_game("barrier(size=5)")
    for ply in range(2, len(names)):
        state = game.replay(names[:ply])
        ends = [game.move_name(m).split("-")[-1] for m in game.legal_moves(state)]
        full = names[ply]
        start, *_, end = full.split("-")
        if ends.count(end) == 1:
            break
    else:
        pytest.fail("no unique destination in the sample game")
    for short in (end, f"{start}-{end}"):
        record = parse_record(export_record("barrier(size=5)", names[:ply] + [short]))
        assert record.moves == tuple(names[:ply + 1])


def test_export_writes_long_games_on_short_lines():
    names, _ = random_game("barrier(size=5)", 7)
    text = export_record("barrier(size=5)", names)
    assert all(len(line) <= 79 for line in text.splitlines())
    assert f"1. {names[0]} {names[1]} 2. {names[2]}" in text


def test_import_accepts_numbers_or_none_comments_lines_and_case():
    expected = ("d4", "swap", "c3", "e5")
    variants = [
        '[Game "havannah(size=4,swap=true)"]\n\n1. d4 swap 2. c3 e5\n',
        '[Game "havannah(size=4,swap=true)"]\nd4 swap c3 e5',
        '[Game "havannah(size=4,swap=true)"]\n1.d4 1... swap\n2.c3\n  2... e5 *\n',
        '\ufeff[Game "havannah(size=4,swap=true)"]\r\n\r\n1. D4 {the centre} SWAP\r\n'
        '{a comment\nover two lines} 2. c3 e5 1-0\r\n',
        '  [ Game  "havannah(size=4,swap=true)" ]  \n[Event "club"]\n1. d4\nswap\n2. c3\ne5\n',
    ]
    for text in variants:
        assert parse_record(text).moves == expected, text


def test_unknown_tags_are_kept_and_written_back():
    text = ('[Game "hexade(size=4)"]\n[Event "Torneo di Natale"]\n[Round "3"]\n'
            '[Annotator "Marino"]\n\n1. a1\n')
    record = parse_record(text)
    assert record.tags == {"Event": "Torneo di Natale", "Round": "3", "Annotator": "Marino"}
    again = export_record(record.game, record.moves, record.tags)
    assert parse_record(again) == Record("hexade(size=4)", ("a1",),
                                         {**record.tags, "Result": "*"})


def test_a_record_is_an_immutable_value():
    record = parse_record('[Game "barrier"]\n1. a1')
    with pytest.raises(AttributeError):
        record.moves = ()
    assert isinstance(record.moves, tuple)


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs")), max_size=40))
def test_any_one_line_tag_value_survives_a_round_trip(value):
    """Quotes, backslashes, brackets, braces, markup: a tag value is plain text both ways."""
    record = parse_record(export_record("barrier(size=5)", ["a1"], {"White": value, "X": value}))
    assert record.tags["X"] == value
    if value:
        assert record.tags["White"] == value


def test_tag_values_with_unicode_line_separators_stay_on_their_line():
    for value in ("a\u2028b", "a\x85b", "a\u2029b", "tab\there", "{not a comment}"):
        record = parse_record(export_record("barrier(size=5)", ["a1"], {"White": value}))
        assert record.tags["White"] == value and record.moves == ("a1",)


def test_script_text_in_tags_is_kept_as_plain_text():
    hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    text = export_record("havannah(size=4)", ["d4"], {"White": hostile, "Note": hostile})
    assert parse_record(text).tags["White"] == hostile
    # a value trying to close its tag and open another stays inside its own tag
    sneaky = 'Anna"] [Game "chess'
    record = parse_record(export_record("havannah(size=4)", ["d4"], {"White": sneaky}))
    assert record.game == "havannah(size=4)" and record.tags["White"] == sneaky
    # markup in the moves is a bad move, quoted as text (a short excerpt of it)
    message = record_error('[Game "havannah(size=4)"]\n1. <script>alert(1)</script>')
    assert message.startswith("ply 1 (<script>alert(1…): '<script>alert(1)</scrip…' ")


# -- the text record: malformed input, each with its message --------------------------------------
@pytest.mark.parametrize("line", ['[White Anna]', '[White "Anna"', '[White "Anna"] extra',
                                  '[1White "Anna"]', '[White "An"na"]', '[]'])
def test_a_malformed_tag_line_is_refused(line):
    message = record_error(f'[Game "barrier"]\n{line}\n1. a1')
    assert message.startswith("line 2: malformed tag line ")
    assert 'write [Name "value"]' in message


def test_a_missing_game_tag_is_refused():
    assert record_error('[White "Anna"]\n1. a1').startswith("the record has no Game tag")
    assert "no Game tag" in record_error("1. a1 e5")
    assert "no Game tag" in record_error("")


@pytest.mark.parametrize("spec, words", [
    ("chess", "unknown game 'chess'; games are barrier, "),
    ("barrier(size=4)", "option size='4' is not accepted; size takes an integer from 5 to 9"),
    ("barrier(sise=6)", "unknown option 'sise'; options are size"),
    ("hekka(areas=round)", "areas takes one of: literal, symmetric"),
    ("havannah(swap=maybe)", "swap takes true or false"),
    ("havannah(size=8", "malformed game spec"),
])
def test_a_bad_game_spec_is_refused(spec, words):
    message = record_error(f'[Game "{spec}"]\n')
    assert message.startswith(f'[Game "{spec}"]: ')
    assert words in message


@pytest.mark.parametrize("spec, moves, ply, text, words", [
    ("barrier(size=5)", "1. a1 e5 2. a1-b1", 3, "a1-b1", "a1-b1 is not legal here"),
    ("barrier(size=5)", "1. a1 a1", 2, "a1", "is not legal here"),
    ("barrier(size=5)", "1. a1 e5 2. c4-", 3, "c4-", "is not a move in Barrier notation"),
    ("hekka", "1. a2 e5 2. zz", 3, "zz", "Hekka"),
    ("havannah(size=4)", "1. d4 d4", 2, "d4", "d4 is occupied"),
    ("havannah(size=4)", "1. d4 h1", 2, "h1", "h1 is not a cell of the base-4 board"),
    ("havannah(size=4)", "1. d4 swap", 2, "swap", "swap=true"),
    ("hexade(size=4)", "1. d4 a1 2. d5", 3, "d5", "distance"),
])
def test_a_bad_move_is_reported_by_ply_and_text(spec, moves, ply, text, words):
    with pytest.raises(RecordMoveError) as caught:
        parse_record(f'[Game "{spec}"]\n{moves}\n')
    error = caught.value
    assert str(error).startswith(f"ply {ply} ({text}): ")
    assert words in str(error)
    assert (error.ply, error.text) == (ply, text)
    assert isinstance(error, ValueError)


def test_a_move_after_the_end_of_the_game_is_refused():
    white = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"]
    black = ["a10", "b11", "c12", "d13", "e14", "f15", "g16", "h17", "i18", "s19"]
    moves = " ".join(m for pair in zip(white, black) for m in pair)
    message = record_error(f'[Game "havannah"]\n{moves}')
    assert message == "ply 20 (s19): the game is already over (White wins: bridge)"


def test_too_much_text_is_refused():
    text = '[Game "barrier"]\n' + "{" + "x" * MAX_TEXT + "}"
    assert record_error(text) == (f"the record is too long: {len(text)} characters, "
                                  f"at most 200000 are accepted")
    assert MAX_TEXT == 200_000


def test_too_many_moves_are_refused_before_replaying():
    assert MAX_MOVES == 5000
    too_many = '[Game "hexade"]\n' + " ".join(["j10"] * (MAX_MOVES + 1))
    assert "more than 5000 moves" in record_error(too_many)
    # 5000 moves pass the count, so the replay reports the first bad one instead
    just_enough = '[Game "hexade"]\n' + " ".join(["j10"] * MAX_MOVES)
    assert record_error(just_enough).startswith("ply 2 (j10)")


@pytest.mark.parametrize("text, words", [
    ('[Game "barrier"]\n[White "A"]\n[White "B"]\n', "line 3: tag White is given twice"),
    ('[Game "barrier"]\n1. a1\n[White "Anna"]\n',
     "line 3: '[White' is not a move; tag lines go before"),
    ('[Game "barrier"]\n1. a1 {never closed\ne5', "line 2: the comment brace { is never closed"),
    ('[Game "barrier"]\n1. a1 } e5', "line 2: the comment brace } closes no comment"),
    ('[Game "barrier"]\n1. a1 e5 3. a1-b1-c1-c2',
     "line 2: turn number 3. does not fit: the next move is ply 3, White's move of turn 2 "
     "(written 2.)"),
    ('[Game "barrier"]\n1. a1 1. e5', "turn number 1. does not fit: the next move is ply 2, "
                                      "Black's move of turn 1 (written 1...)"),
    ('[Game "barrier"]\n1... a1', "turn number 1... does not fit"),
    # where Black begins, the first mover's moves still carry the numbers, and are Black's
    ('[Game "cephalopod(first_player=black)"]\n1. a1 1. e5', "turn number 1. does not fit: the next "
                                                        "move is ply 2, White's move of turn 1"),
    ('[Game "barrier"]\n1. a1\x00 e5', "line 2: the record contains a control character (U+0000)"),
])
def test_other_malformed_records_are_refused(text, words):
    assert words in record_error(text)


def test_parse_record_wants_text():
    with pytest.raises(RecordError, match="a record is a text"):
        parse_record(b'[Game "barrier"]')


def test_export_refuses_bad_input():
    with pytest.raises(RecordMoveError, match=r"^ply 2 \(a1\): "):
        export_record("barrier(size=5)", ["a1", "a1"])
    with pytest.raises(RecordError, match=r"unknown game 'chess'"):
        export_record("chess", [])
    with pytest.raises(RecordError, match="tag name 'Two words' is not accepted"):
        export_record("barrier", [], {"Two words": "x"})
    with pytest.raises(RecordError, match="tag White: the value must be one line of text"):
        export_record("barrier", [], {"White": "Anna\nBob"})
    # the Game tag always comes from the spec
    assert export_record("barrier", [], {"Game": "chess"}).startswith('[Game "barrier"]\n')


# -- SGF (ours) ----------------------------------------------------------------------------------
def test_sgf_export_layout():
    text = export_sgf("havannah(size=4,swap=true)", ["d4", "swap", "c3"],
                      {"White": "Anna", "Black": "Bot ]\\", "Date": "2026-11-22"})
    assert text == ("(;FF[4]GM[havannah]SZ[4]RU[havannah(size=4,swap=true)]AP[Tavoliere]"
                    "PW[Anna]PB[Bot \\]\\\\]DT[2026-11-22]\n"
                    ";W[d4] ;B[swap] ;W[c3])\n")


@pytest.mark.parametrize("spec", ["havannah(size=4,swap=true)", "havannah(size=5)",
                                  "havannah(size=6,swap=true,ring_needs_empty=true)"])
@pytest.mark.parametrize("seed", range(4))
def test_sgf_round_trip_of_random_havannah_games(spec, seed):
    names, state = random_game(spec, seed)
    game = load_game(spec)
    tags = {"White": "Anna", "Black": "Computer, level 3", "Date": "2026-11-22",
            "Event": "club", "Site": "Torino", "Comment": "friendly"}
    text = export_sgf(spec, names, tags)
    record = parse_record(text)
    assert (record.game, record.moves) == (game.spec, tuple(names))
    assert game.replay(record.moves) == state
    assert {k: record.tags[k] for k in tags} == tags
    outcome = game.outcome(state)
    assert record.tags["Result"] == (game.outcome_text(outcome) if outcome else "*")
    if outcome:
        assert f"RE[{'WB'[outcome.winner]}+{outcome.reason}]" in text


def test_other_havannah_sgf_in_our_notation_is_read():
    """Castro writes (;FF[4]GM[havannah]SZ[5] ;W[a1]C[good]): base in SZ, our cell names."""
    record = parse_record("(;FF[4]GM[havannah]SZ[5]\n ;W[a1]C[good]\n ;B[e5]\n)\n")
    assert record == Record("havannah(size=5)", ("a1", "e5"), {"Result": "*"})
    # a swap in such a file turns the swap option on
    assert parse_record("(;GM[havannah]SZ[5];W[a1];B[swap])").game == "havannah(size=5,swap=true)"
    # an escaped line break inside a value is removed, other escapes keep their character
    record = parse_record("(;GM[havannah]SZ[4]PW[An\\\nna \\] \\\\]PB[x];W[d4])")
    assert record.tags["White"] == "Anna ] \\" and record.tags["Black"] == "x"
    # variations: the main line is the first one at every branch
    text = "(;GM[havannah]SZ[4];W[d4](;B[c3];W[e5](;B[a1])(;B[a2]))(;B[a3];W[a4]))"
    assert parse_record(text).moves == ("d4", "c3", "e5", "a1")


@pytest.mark.parametrize("text, words", [
    ("(;FF[4]GM[3]SZ[19];B[pd])", "this is a record of GM[3]; only Havannah, Go (GM[1]) and Connect6 (GM[connect6]) SGF records are read"),
    ("(;GM[havannah];W[a1])", "SGF: the record has no SZ[...]"),
    ("(;GM[havannah]SZ[12];W[a1])", "option size='12' is not accepted"),
    ("(;GM[havannah]SZ[4];B[d4])",
     "ply 1 (d4): the record gives this move to Black, but ply 1 is White's"),
    ("(;GM[havannah]SZ[4];W[d4];B[d4])", "ply 2 (d4): "),
    ("(;GM[havannah]SZ[4];W[d4];B[q9])", "ply 2 (q9): "),
    ("(;GM[havannah]SZ[4];W[d4", "SGF: a [value] is never closed"),
    ("(;GM[havannah]SZ[4];W[d4]", "SGF: the record ends before its closing )"),
    ("(;GM[havannah]SZ[4];W[d4])(;GM[havannah])", "only one game per record"),
    ("(;GM[havannah]SZ[4];W[d4] $)", "SGF: unexpected '$'"),
    ("(;GM[havannah]SZ[4];W)", "SGF: property 'W' has no [value]"),
    ("(;GM[havannah]SZ[4];W[d4];B[resign];W[c3])", "ply 3 (c3): a move after a resignation"),
    ("(;GM[havannah]SZ[4]RE[B+R];W[d4];B[resign])",
     "RE[B+R] does not match its moves: Black resigned"),
])
def test_malformed_sgf_is_refused(text, words):
    assert words in record_error(text)


def test_an_sgf_result_that_contradicts_the_moves_is_refused():
    white = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1"]
    black = ["a10", "b11", "c12", "d13", "e14", "f15", "g16", "h17", "i18"]
    moves = [m for pair in zip(white, black) for m in pair] + [white[-1]]
    text = export_sgf("havannah", moves)
    assert "RE[W+bridge]" in text
    assert parse_record(text).tags["Result"] == "White wins: bridge"
    message = record_error(text.replace("RE[W+bridge]", "RE[B+bridge]"))
    assert message == ("the record's result RE[B+bridge] does not match its moves, which end "
                       "with White wins: bridge")


def test_sgf_export_is_for_havannah_only():
    with pytest.raises(RecordError, match="SGF records are written for Havannah, Go and Connect6 only, not Hexade"):
        export_sgf("hexade", [])


# -- Little Golem --------------------------------------------------------------------------------
def test_little_golem_cells_on_base_8():
    """LG numbers every row from 1; our numbers shift by the row's distance past the middle."""
    table = {"A1": "a1", "A8": "a8", "H1": "h1", "H15": "h15", "I1": "i2", "I14": "i15",
             "M3": "m8", "O1": "o8", "O2": "o9", "O8": "o15", "e4": "e4", "L9": "l13"}
    for lg, ours in table.items():
        assert little_golem_cell(lg, 8) == ours
    for bad, words in [("P1", "not a cell of the base-8"), ("O9", "not a cell of the base-8"),
                       ("A0", "not a cell"), ("H16", "not a cell"),
                       ("swap", "not a Little Golem cell"),
                       ("11", "not a Little Golem cell")]:
        with pytest.raises(ValueError, match=words):
            little_golem_cell(bad, 8)


@pytest.mark.parametrize("base", range(4, 11))
def test_little_golem_cells_fill_our_board_and_keep_the_corners(base):
    """The conversion is one-to-one from LG's rows (lengths n, n+1, ..., 2n-1, ..., n) onto our
    board, and LG's corners (the ends of the first, middle and last rows) are our corners."""
    grid = HexGrid(base)
    rows = [2 * base - 1 - abs(row - (base - 1)) for row in range(2 * base - 1)]
    lg_cells = [f"{chr(65 + row)}{k}" for row, length in enumerate(rows)
                for k in range(1, length + 1)]
    ours = [little_golem_cell(cell, base) for cell in lg_cells]
    assert sorted(ours) == sorted(grid.names)
    ends = {f"{chr(65 + row)}{k}" for row in (0, base - 1, 2 * base - 2) for k in (1, rows[row])}
    assert {little_golem_cell(cell, base) for cell in ends} == {grid.names[c] for c in grid.corners}


def little_golem_games():
    return sorted(LITTLE_GOLEM.glob("*.hgf"))


def lg_properties(text: str) -> tuple[int, str, list[tuple[str, str]]]:
    """SZ, RE and the labelled moves of a Little Golem file, read with a regex (not the module)."""
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1))
    result = re.search(r"RE\[(\w)\]", text).group(1)
    return size, result, re.findall(r";([WB])\[([^\]]*)\]", text)


def test_there_are_real_little_golem_records():
    assert len(little_golem_games()) == 22


@pytest.mark.parametrize("path", little_golem_games(), ids=lambda p: p.stem)
def test_little_golem_game_replays_to_its_recorded_result(path):
    """Every real game imports; the winner is the one RE names (RE[B] = the first player, our
    White); a game that did not end by resignation ends on a structure at its last move."""
    text = path.read_text()
    size, result, labelled = lg_properties(text)
    record = parse_record(text)
    game = load_game(record.game)
    assert record.game == f"havannah(size={size},swap=true)".replace("size=10,", "")
    winner = 0 if result == "B" else 1
    played = [value for _, value in labelled if value != "resign"]
    assert len(record.moves) == len(played)
    assert ("swap" in record.moves) == ("swap" in played)
    states = [game.initial_state()]
    for name in record.moves:
        states.append(game.play(states[-1], game.parse_move(name, states[-1])))
    assert all(game.outcome(state) is None for state in states[:-1])
    outcome = game.outcome(states[-1])
    if labelled[-1][1] == "resign":
        resigner = "WB".index(labelled[-1][0])
        assert outcome is None and resigner == 1 - winner
        assert record.tags["Result"] == (f"{('White', 'Black')[winner]} wins: "
                                         f"{('White', 'Black')[resigner]} resigned")
    else:
        assert outcome is not None and outcome.winner == winner
        assert record.tags["Result"] == game.outcome_text(outcome)
    # Little Golem's PB is the first player, our White
    assert record.tags["White"] == re.search(r"PB\[([^\]]*)\]", text).group(1)
    assert record.tags["Black"] == re.search(r"PW\[([^\]]*)\]", text).group(1)
    assert record.tags["Comment"] == f"game #{path.stem}"


STRUCTURE_GAMES = ["1009693", "1009695", "1010428", "1010429", "1010437", "1010439", "1010441",
                   "1010923", "1010924", "1014525", "1014532"]


@pytest.mark.parametrize("number", STRUCTURE_GAMES)
def test_little_golem_structures_agree_with_the_reference(number):
    """The slow reference (no tavoliere code) replays the converted cells: the first structure
    appears at the very last move, made by the player RE names (RE[B] = first player)."""
    size, result, labelled = lg_properties((LITTLE_GOLEM / f"{number}.hgf").read_text())
    reference = ReferenceHavannah(size, swap=True, exact_rings=False)
    for ply, (_, value) in enumerate(labelled, 1):
        assert reference.outcome is None, f"game {number} ended before ply {ply}"
        reference.play("swap" if value == "swap" else little_golem_cell(value, size))
    assert reference.outcome is not None and reference.outcome[0] == (0 if result == "B" else 1)


@pytest.mark.parametrize("number", ["1010428", "1010429", "1010437", "1010439", "1010441",
                                    "1010923", "1010924", "1014525", "1014532"])
def test_little_golem_cells_taken_literally_leave_the_board(number):
    """The evidence against reading LG's numbers as ours: the same games fall off the board."""
    size, _, labelled = lg_properties((LITTLE_GOLEM / f"{number}.hgf").read_text())
    game = load_game(f"havannah(size={size},swap=true)")
    with pytest.raises(ValueError, match="is not a cell of the base"):
        game.replay([value.lower() for _, value in labelled if value != "resign"])


def test_little_golem_swap_gives_the_first_stone_to_the_second_player():
    """Game 1014525: Black swaps White's M3 (our m8) and wins with a bridge through it, at the
    last move; a repeated first cell is read as the same swap."""
    text = (LITTLE_GOLEM / "1014525.hgf").read_text()
    record = parse_record(text)
    assert record.moves[:3] == ("m8", "swap", "h3")
    game = load_game(record.game)
    outcome = game.outcome(game.replay(record.moves))
    assert (outcome.winner, outcome.reason) == (1, "bridge") and "m8" in outcome.cells
    assert record.tags["Result"] == "Black wins: bridge"
    assert parse_record(text.replace("B[swap]", "B[M3]")).moves == record.moves


def test_little_golem_result_that_contradicts_the_moves_is_refused():
    text = (LITTLE_GOLEM / "1014525.hgf").read_text()
    assert "RE[W]" in text
    assert "does not match its moves, which end with Black wins: bridge" in record_error(
        text.replace("RE[W]", "RE[B]"))
    resigned = (LITTLE_GOLEM / "1009692.hgf").read_text()
    assert "does not match its moves: Black resigned" in record_error(
        resigned.replace("RE[B]", "RE[W]"))


def test_little_golem_bad_cell_is_reported_by_ply_and_text():
    text = (LITTLE_GOLEM / "1010428.hgf").read_text().replace("B[H4]", "B[P4]", 1)
    assert record_error(text) == "ply 2 (P4): P4 is not a cell of the base-8 Little Golem board"


# -- hostile and broken input: always a RecordError with a short message ----------------------------
def bridge_import(text: str) -> dict:
    import json

    from tavoliere.bridge import handle
    return json.loads(handle(json.dumps({"op": "import", "text": text})))


@pytest.mark.parametrize("text", ["(;é[1])", "(;SZ[8]ß[1])", "(;SZ[8];W[d4]Ж[x])", "(;\u0661[1])"])
def test_a_non_ascii_letter_where_an_sgf_property_goes_is_a_bad_record(text):
    answer = bridge_import(text)
    assert answer["error"] == "bad-record" and answer["code"] == "sgf.unexpected", answer
    assert record_error(text).startswith("SGF: unexpected ")


def test_a_turn_number_of_thousands_of_digits_is_a_clean_bad_record():
    text = '[Game "barrier"]\n' + "1" * 4400 + ". c3"
    answer = bridge_import(text)
    assert answer["error"] == "bad-record" and answer["code"] == "record.turn-number", answer
    message = answer["message"]
    assert "integer" not in message and "digits" not in message and len(message) < 200
    assert message.startswith("line 2: turn number 1111") and "…" in message
    # an ordinary long number is refused the same way, and a right one still reads
    assert "does not fit" in record_error('[Game "barrier"]\n1234567. c3')
    assert parse_record('[Game "barrier"]\n001. c3').moves == ("c3",)


def test_messages_quote_only_a_short_excerpt_of_the_input():
    long = "x" * 5000
    for text in (f'[Game "barrier"]\n[{long}', f'[Game "barrier"]\n1. a1 {long}[',
                 f'[Game "{long}"]', f"(;SZ[8];W[{long}])", f"(;GM[{long}])",
                 f'[Game "barrier"]\n1. {long}'):
        message = record_error(text)
        assert len(message) < 200 and "x" * 30 not in message, message


def fuzzed_records(rng: random.Random):
    """Random bytes and text, and valid records cut or mutated at random places."""
    valid = [export_record("barrier(size=6)", ["c4", "d4", "c4-b4-b3-b2"], {"White": "Anna"}),
             export_record("hekka", ["a2", "e5", "a2-a1-b1-c1/a1"]),
             export_sgf("havannah(size=4,swap=true)", ["d4", "swap", "c3"], {"Black": "Bo"}),
             (LITTLE_GOLEM / "1014525.hgf").read_text(),
             export_record("hexade(size=5)", ["a1", "e5", "e1"])]
    alphabet = '()[];{}"\\.-/ \n\tWBSZGMRUPLa1j10swapé€\u2028\x00' + "0123456789"
    for _ in range(150):
        yield bytes(rng.randrange(256) for _ in range(rng.randrange(60))).decode("latin-1")
        yield "".join(rng.choice(alphabet) for _ in range(rng.randrange(80)))
        yield "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randrange(40)))
        text = rng.choice(valid)
        yield text[:rng.randrange(len(text) + 1)]
        at = rng.randrange(len(text) + 1)
        yield text[:at] + rng.choice(alphabet) + text[at + rng.randrange(3):]
        yield "(;" + "".join(rng.choice(alphabet) for _ in range(rng.randrange(80)))


def test_fuzzed_records_are_read_or_refused_never_an_internal_error():
    rng = random.Random(20261122)
    kinds = set()
    for text in fuzzed_records(rng):
        answer = bridge_import(text)
        assert answer["ok"] or answer["error"] == "bad-record", (text, answer)
        kinds.add(answer["ok"] or answer["code"])
        if not answer["ok"]:
            assert len(answer["message"]) <= 200, answer["message"]
    assert True in kinds and len(kinds) > 10
