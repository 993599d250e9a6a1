"""Studies (tavoliere.study): records with variations, comments, move marks and board marks in
the text record and SGF; Abstract Play records (tavoliere.abstractplay); ``record convert``.
The formats are in docs/records.md."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tavoliere import bridge
from tavoliere.__main__ import main
from tavoliere.abstractplay import parse_abstractplay
from tavoliere.core import load_game
from tavoliere.messages import MESSAGES, Problem
from tavoliere.notation import RecordError, export_record, export_sgf, parse_record
from tavoliere.study import (GLYPHS, MAX_COMMENT, MAX_DEPTH, Mark, Node, Study, checked,
                             convert, parse_study, study_sgf, study_text)
from test_conformance import first_specs

ABSTRACT_PLAY = Path(__file__).parent / "data" / "abstractplay"
SGF_SPECS = ["havannah(size=5,swap=true)", "havannah(size=8)", "go(size=9)",
             "go(size=9,handicap=2)", "connect6(size=13)"]


def random_line(game, state, rng, plies):
    """Up to ``plies`` random legal plies from ``state``: (names, states before each)."""
    names, states = [], []
    while game.outcome(state) is None and len(names) < plies:
        move = rng.choice(game.legal_moves(state))
        names.append(game.move_name(move))
        states.append(state)
        state = game.apply(state, move)
    return names, states


def cells_of(names):
    return [name for name in names if re.fullmatch(r"[a-z]{1,2}\d{1,3}", name)]


def random_study(spec: str, seed: int) -> Study:
    """A random annotated game: comments (with markup and braces), glyphs, marks on the
    cells played, and a variation (with one inside it) on a few plies."""
    game, rng = load_game(spec), random.Random(seed)
    names, states = random_line(game, game.initial_state(), rng, 16)
    cells = cells_of(names) or ["a1"]
    line = [Node(name) for name in names]
    for at, node in enumerate(line):
        if rng.random() < 0.4:
            node.comment = rng.choice(["good", "<b>bold</b> & {braces} \\ back", "È «giusta»",
                                       "two\nlines"])
        if rng.random() < 0.3:
            node.glyph = rng.choice(GLYPHS)
        if rng.random() < 0.3:
            node.marks = [Mark("circle", rng.choice(cells)), Mark("cross", rng.choice(cells)),
                          Mark("label", rng.choice(cells), text="A"),
                          Mark("arrow", rng.choice(cells), to=rng.choice(cells))]
        if at % 3 == 1:
            other, _ = random_line(game, states[at], rng, 4)
            if other and other[0] != node.move:
                variation = [Node(name) for name in other]
                variation[0].comment = "instead"
                if len(variation) > 1:
                    deeper, _ = random_line(game, game.replay(
                        [*names[:at], *other[:1]]), rng, 2)
                    if deeper and deeper[0] != other[1]:
                        variation[1].variations = [[Node(n, glyph="?") for n in deeper]]
                node.variations = [variation]
    return checked(Study(game.spec, {"White": "Anna"}, "the start", [Mark("circle", cells[0])],
                         line))


def lines(study: Study):
    return study.comment, study.marks, [node.to_dict() for node in study.line]


def error_of(call) -> Problem:
    with pytest.raises(RecordError) as caught:
        call()
    return caught.value


# -- round trips ----------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", first_specs())
@pytest.mark.parametrize("seed", range(2))
def test_text_round_trip_of_random_studies_of_every_game(spec, seed):
    study = random_study(spec, seed)
    text = study_text(study)
    again = parse_study(text)
    assert lines(again) == lines(study)
    assert parse_record(text).moves == study.main_line()   # the flat record: the main line
    assert study_text(again) == text


@pytest.mark.parametrize("spec", SGF_SPECS)
@pytest.mark.parametrize("seed", range(3))
def test_sgf_round_trip_of_random_studies(spec, seed):
    study = random_study(spec, seed)
    sgf = study_sgf(study)
    again = parse_study(sgf)
    assert lines(again) == lines(study)
    assert lines(parse_study(study_text(again))) == lines(study)


comments = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from(
    "\n{}[]()\\<>&\"'$!?%"), max_size=60).map(str.strip).filter(lambda c: "[%" not in c)


@settings(max_examples=60, deadline=None)
@given(comments, st.sampled_from(("", *GLYPHS)))
def test_any_comment_survives_both_formats_as_plain_text(comment, glyph):
    """Markup stays text: the page inserts a comment as text, never as HTML."""
    study = checked(Study("havannah(size=4)", line=[Node("d4", comment, glyph), Node("e5")]))
    for written in (study_text(study), study_sgf(study)):
        again = parse_study(written)
        assert again.line[0].comment == comment and again.line[0].glyph == glyph


def test_the_text_format_in_full():
    """docs/records.md: "{...} comments, ( ) variations after the move they replace, glyphs
    or NAGs $1-$6 for the move marks, [%cr], [%ma], [%lb cell:text], [%ar from:to]"."""
    text = ('[Game "havannah(size=4)"]\n\n{the start [%cr d4]} 1. d4 $1 {centre [%ma c3] '
            '[%lb c3:A] [%ar d4:e5]} (1. c3?! {or here} 1... d4 (1... e5 $4)) 1... e5!? *')
    study = parse_study(text)
    assert study.to_dict() == {
        "game": "havannah(size=4)", "tags": {}, "comment": "the start",
        "marks": [{"kind": "circle", "cell": "d4"}],
        "line": [{"move": "d4", "comment": "centre", "glyph": "!",
                  "marks": [{"kind": "cross", "cell": "c3"},
                            {"kind": "label", "cell": "c3", "text": "A"},
                            {"kind": "arrow", "cell": "d4", "to": "e5"}],
                  "variations": [[{"move": "c3", "comment": "or here", "glyph": "?!"},
                                  {"move": "d4", "variations": [[{"move": "e5",
                                                                  "glyph": "??"}]]}]]},
                 {"move": "e5", "glyph": "!?"}]}
    assert Study.from_dict(study.to_dict()).to_dict() == study.to_dict()


def test_sgf_properties_of_a_study():
    """SGF's own properties: C, TE/BM/DO/IT, CR, MA, LB, AR; variations as subtrees."""
    study = parse_study('[Game "go(size=9)"]\n1. e5 {[%cr e5] [%lb c3:A] [%ar c3:e5] hi} '
                        '(1. c3 $2) 1... d4 $5 2. f6 $6 {x}')
    sgf = study_sgf(study)
    assert ";B[ee]CR[ee]LB[cg:A]AR[cg:ee]C[hi]" in sgf
    assert "(;B[cg]BM[1])" in sgf and ";W[df]IT[]" in sgf and ";B[fd]DO[]C[x]" in sgf
    other = ("(;FF[4]GM[1]SZ[9]C[root];B[ee]TE[2]MA[aa](;W[cc]BM[2];B[dd]TE[1])"
             "(;W[dd]C[b]))")
    read = parse_study(other)
    assert read.comment == "root" and read.main_line() == ("e5", "c7", "d6")
    assert read.line[0].glyph == "!!" and read.line[0].marks == [Mark("cross", "a9")]
    assert [n.glyph for n in read.line[1:]] == ["??", "!"]
    assert read.line[1].variations[0][0].to_dict() == {"move": "d6", "comment": "b"}


def test_little_golem_variations_use_their_cells():
    text = ("(;FF[4]SZ[8]RU[LG]SO[http://www.littlegolem.com];W[M3]C[start]"
            "(;B[swap];W[H3])(;B[O2]LB[O2:x]))")
    study = parse_study(text)
    assert study.main_line() == ("m8", "swap", "h3")
    assert study.line[1].variations == [[Node("o9", marks=[Mark("label", "o9", text="x")])]]


# Little Golem Connect6 files as public Connect6 tools quote them in their own tests: no GM,
# EV naming the tournament, the first player (ours: White) is their B, cells written as ours.
LITTLE_GOLEM_CONNECT6 = (
    "(;FF[4]EV[connect6.mc.2006.sep.1.10]PB[xooox]PW[Theo van der Storm]"
    "SO[http://www.littlegolem.com]\n;B[j10];W[i9l10];B[j8l8];W[k8m7];B[i11j12];W[k9j9];"
    "B[l9l7];W[k10k7];B[k11k6];W[g9j5])")


def test_a_little_golem_connect6_file_opens_with_its_first_player_as_white():
    """RULES.md 1 (Connect6): "The first player is named White (Black in Wu's rules), places
    one stone, and then each move places two"; a move's two cells are written in ascending
    order, whatever order the file gives them in."""
    record = parse_record(LITTLE_GOLEM_CONNECT6)
    assert record.game == "connect6"
    assert record.moves == ("j10", "i9l10", "j8l8", "k8m7", "i11j12", "j9k9", "l7l9",
                            "k7k10", "k6k11", "g9j5")
    assert record.tags["White"] == "xooox" and record.tags["Black"] == "Theo van der Storm"
    assert record.tags["Event"] == "connect6.mc.2006.sep.1.10"
    # exported as our own SGF and read back: the same game
    again = parse_record(export_sgf(record.game, record.moves, record.tags))
    assert again.moves == record.moves and again.tags["White"] == "xooox"


def test_a_little_golem_connect6_file_with_a_bad_ply_names_it():
    wrong_player = LITTLE_GOLEM_CONNECT6.replace(";W[i9l10]", ";B[i9l10]")
    assert str(error_of(lambda: parse_record(wrong_player))) == (
        "ply 2 (i9l10): the record gives this move to White, but ply 2 is Black's")
    off_board = LITTLE_GOLEM_CONNECT6.replace("W[k8m7]", "W[k8t7]")
    assert str(error_of(lambda: parse_record(off_board))) == (
        "ply 4 (k8t7): 't7' is not a cell of the 19x19 board")
    # without Little Golem's event, a file with no GM is Havannah's, as before
    other = LITTLE_GOLEM_CONNECT6.replace("EV[connect6", "EV[x")
    assert error_of(lambda: parse_record(other)).code == "sgf.no-size"


# -- hostile records ------------------------------------------------------------------------------
def test_deep_variations_are_refused_with_a_message_not_a_recursion_error():
    moves = ["a1", "b1", "c1", "d1"]
    nested = "1. a1 " + "".join(f"(1. {moves[1 + i % 3]} " for i in range(1000))
    text = '[Game "havannah(size=4)"]\n' + nested + ")" * 1000
    assert str(error_of(lambda: parse_record(text))) == (
        f"the record nests variations more than {MAX_DEPTH} deep")
    sgf = "(;FF[4]GM[havannah]SZ[4]" + "(;W[a1])(;W[b1]" * 1000 + ")" * 1001
    assert error_of(lambda: parse_record(sgf)).code == "study.too-deep"
    deep = {"game": "havannah(size=4)", "line": [{"move": "a1"}]}
    for _ in range(300):
        deep = {"game": "havannah(size=4)",
                "line": [{"move": "a1", "variations": [deep["line"]]}]}
    assert error_of(lambda: Study.from_dict(deep)).code == "study.too-deep"


def test_a_long_main_line_nested_in_sgf_is_read_without_recursion():
    """Some editors nest every node; the main line is a loop, however deep."""
    game = load_game("havannah(size=10)")
    names, _ = random_line(game, game.initial_state(), random.Random(3), 250)
    sgf = "(;FF[4]GM[havannah]SZ[10]" + "".join(
        f"(;{'WB'[i % 2]}[{n}]" for i, n in enumerate(names)) + ")" * (len(names) + 1)
    assert parse_study(sgf).main_line() == tuple(names)


def test_huge_comments_are_refused():
    huge = "x" * (MAX_COMMENT + 1)
    assert str(error_of(lambda: parse_record(f'[Game "barrier"]\n1. c4 {{{huge}}}'))).startswith(
        "a comment is too long")
    sgf = f"(;FF[4]GM[havannah]SZ[4];W[a1]C[{huge}])"
    assert error_of(lambda: parse_record(sgf)).code == "study.comment-long"
    assert error_of(lambda: study_text(Study.from_dict(
        {"game": "barrier", "line": [{"move": "c4", "comment": huge}]}))).code == \
        "study.comment-long"


@pytest.mark.parametrize("moves, code", [
    ("{x} 1. d4 ( 1. c3", "study.variation-open"),
    ("1. d4 )", "study.variation-close"),
    ("1. d4 ()", "study.variation-empty"),
    ("( 1. d4 )", "study.variation-place"),
    ("1. d4 $7", "study.nag"),
    ("$1 1. d4", "study.nag"),
    ("1. d4 {[%lb d4]}", "study.mark-item"),
    ("1. d4 {[%cr 44]}", "study.mark-cell"),
    ("1. d4 {[%lb d4:long]}", "study.mark-label"),
    ("1. d4 (1. c3 {x} 1... c3)", "record.move"),
])
def test_malformed_studies_are_refused_with_their_message(moves, code):
    error = error_of(lambda: parse_record(f'[Game "havannah(size=4)"]\n{moves}'))
    assert error.code == code
    assert Problem.text(error, "it") != str(error)


def test_a_bad_move_in_a_variation_is_named_by_ply():
    error = error_of(lambda: parse_record('[Game "havannah(size=4)"]\n1. d4 e5 (1... d4) 2. c3'))
    assert str(error).startswith("ply 2 (d4): ")


@pytest.mark.parametrize("data, code", [
    ({"game": "barrier", "line": [{"move": "c4", "glyph": "!!!"}]}, "study.glyph"),
    ({"game": "barrier", "line": [{"move": "c4", "marks": [{"kind": "star"}]}]}, "study.mark"),
    ({"game": "barrier", "line": "c4"}, "study.shape"),
    ({"game": "barrier", "line": [{"move": "z9"}]}, "record.move"),
])
def test_a_bad_study_value_is_refused(data, code):
    assert error_of(lambda: Study.from_dict(data)).code == code


def test_too_many_plies_in_all_lines_are_refused():
    variations = " ".join("(1. b1)" for _ in range(20_001))
    error = error_of(lambda: parse_record(f'[Game "havannah(size=4)"]\n1. a1 {variations}'))
    assert error.code == "study.too-many-nodes"


# -- Abstract Play --------------------------------------------------------------------------------
def test_abstract_play_havannah():
    """Rows are letters, cells counted from 1 in each row (their HexTriGraph), as Little Golem."""
    record = parse_abstractplay((ABSTRACT_PLAY / "havannah.json").read_text())
    assert record.game == "havannah(size=4)"
    assert record.moves == ("a1", "d4", "a2", "d5", "a3", "d6", "a4")
    assert record.tags == {"White": "Anna", "Black": "Bruno", "Date": "2026-10-03",
                           "Site": "Abstract Play 7b1c2e90-0000-4000-8000-000000000001",
                           "Result": "White wins: bridge"}


def test_abstract_play_havannah_pie_becomes_our_swap():
    record = parse_abstractplay((ABSTRACT_PLAY / "havannah-pie.json").read_text())
    assert record.game == "havannah(size=6,swap=true)"
    assert record.moves == ("f6", "swap", "k7", "k11", "h5")   # K2 -> k7, K6 -> k11 on base 6
    assert record.tags["Result"] == "Black wins (Abstract Play)"


def test_abstract_play_cephalopod_capture():
    record = parse_abstractplay((ABSTRACT_PLAY / "cephalopod.json").read_text())
    assert record.game == "cephalopod"
    assert record.moves == ("b3", "d3", "c3/b3/d3", "a1", "e5", "b4")
    game = load_game(record.game)
    assert game.replay(record.moves) == game.replay(["b3", "d3", "c3/d3/b3", "a1", "e5", "b4"])
    assert record.tags["Result"] == "Black wins (Abstract Play)"


def test_abstract_play_connect6():
    record = parse_abstractplay((ABSTRACT_PLAY / "connect6.json").read_text())
    assert record.moves == ("j10", "a1a2", "j11j12", "a3a4", "j13j14", "s18s19", "j15k15")
    assert record.tags["Result"] == "White wins: six in a row"


def test_abstract_play_go_komi_seats_and_columns():
    """Their columns keep the letter i (ours skip it): their i5 is our j5 on 9x9."""
    record = parse_abstractplay((ABSTRACT_PLAY / "go.json").read_text())
    assert record.game == "go(size=9,komi=7.5)"
    assert record.moves == ("e5", "c3", "j5", "g7", "pass", "c7")
    # seat 0 (Go's Black; the tag White names seat 0) played the first stone: Marco, who won
    assert (record.tags["White"], record.tags["Black"]) == ("Marco", "Lia")
    assert record.tags["Result"] == "Black wins (Abstract Play)"
    assert load_game("go").text_table("en")["player.0"] == "Black"


def ap_record(name="Havannah", variants=(), moves=(("a1", "d4"),), **header):
    return json.dumps({"header": {"game": {"name": name, "variants": list(variants)},
                                  "players": [{"name": "A", "result": 1},
                                              {"name": "B", "result": 0}], **header},
                       "moves": [list(r) for r in moves]})


@pytest.mark.parametrize("text, message", [
    ("{not json", "Abstract Play: the record is not JSON"),
    ('{"moves": []}', "Abstract Play: the record's header, moves is missing"),
    (ap_record("Chess"), "Abstract Play: 'Chess' cannot be imported; the games both sites "
                         "have are Cephalopod, Connect6, Go, Havannah"),
    (ap_record(variants=["size-12"]), "Abstract Play: the variant 'size-12' of Havannah is "
                                      "not played here"),
    (ap_record("Connect6", ["toroidal-15"]), "the variant 'toroidal-15' of Connect6"),
    (ap_record(moves=[("a1", "zz")]), "Abstract Play: ply 2: 'zz' cannot be read"),
    (ap_record(moves=[("a1", "a1")]), "ply 2 (a1): "),
    (ap_record("Go", moves=[("six",)]), "ply 1: 'six' cannot be read"),
    (ap_record("Go", moves=[("-3",)]), "the komi '-3' is not"),
])
def test_abstract_play_errors_name_what_could_not_be_read(text, message):
    error = error_of(lambda: parse_abstractplay(text))
    assert message in str(error)
    assert Problem.text(error, "it") != str(error)


def test_every_new_code_has_both_languages():
    for code in MESSAGES:
        if code.startswith(("study.", "ap.")):
            assert MESSAGES[code]["en"] and MESSAGES[code]["it"], code


# -- command line and bridge ----------------------------------------------------------------------
def test_record_convert_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "game.txt"
    path.write_text('[Game "havannah(size=4)"]\n1. d4 {mine} (1. c3) 1... e5')
    assert main(["record", "convert", str(path), "--to", "sgf"]) == 0
    sgf = capsys.readouterr().out
    assert sgf.startswith("(;FF[4]GM[havannah]") and "(;W[d4]C[mine] ;B[e5]) (;W[c3]))" in sgf
    (tmp_path / "game.sgf").write_text(sgf)
    assert main(["record", "convert", str(tmp_path / "game.sgf"), "--to", "text"]) == 0
    assert "1. d4 {mine} (1. c3) 1... e5" in capsys.readouterr().out
    assert main(["record", "convert", str(ABSTRACT_PLAY / "go.json"), "--to", "sgf"]) == 0
    assert ";B[ee] ;W[cg] ;B[ie]" in capsys.readouterr().out   # SGF counts i again
    assert main(["record", "convert", str(path), "--to", "sgf", "--from", "abstractplay"]) == 2
    assert "said to be abstractplay, but it reads as text" in capsys.readouterr().err
    assert main(["record", "convert", str(ABSTRACT_PLAY / "connect6.json"), "--to", "sgf"]) == 0
    assert ";W[j10] ;B[a1a2] ;W[j11j12]" in capsys.readouterr().out
    assert main(["record", "convert", str(ABSTRACT_PLAY / "cephalopod.json"), "--to", "sgf"]) == 2
    assert "SGF records are written for Havannah, Go and Connect6 only" in capsys.readouterr().err
    assert main(["record", "convert", str(tmp_path / "none"), "--to", "text"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_convert_refuses_unknown_kinds():
    assert error_of(lambda: convert("x", "pgn")).code == "study.target"
    assert error_of(lambda: convert("x", "text", "lg")).code == "study.source"


def test_the_bridge_import_answers_the_tree():
    text = export_record("hexade(size=5)", ["a1", "e5"])
    answer = json.loads(bridge.handle(json.dumps({"op": "import", "text": text.replace(
        "1. a1", "1. a1 {look}")})))
    assert answer["moves"] == ["a1", "e5"]
    assert answer["tree"]["line"] == [{"move": "a1", "comment": "look"}, {"move": "e5"}]


def test_the_bridge_export_writes_a_tree():
    tree = parse_study('[Game "havannah(size=4)"]\n1. d4 {why} (1. c3) 1... e5').to_dict()
    answer = json.loads(bridge.handle(json.dumps({"op": "export", "tree": tree})))
    assert answer["ok"] and "1. d4 {why} (1. c3) 1... e5" in answer["text"]
    tree["line"][0]["variations"][0][0]["move"] = "d4"   # the same cell twice: refused
    tree["line"][1]["move"] = "d4"
    bad = json.loads(bridge.handle(json.dumps({"op": "export", "tree": tree})))
    assert bad["error"] == "bad-record" and "ply 2 (d4)" in bad["message"]


def test_a_sealed_ply_stays_out_of_the_text_of_a_study():
    """As export_record: a record shows what both players may see."""
    game = load_game("footsteps")
    first = game.move_name(game.legal_moves(game.initial_state())[0])
    assert game.sealed(game.replay([first])) == 1
    study = checked(Study("footsteps", line=[Node(first, "my bid")]))
    text = study_text(study)
    assert first not in text.split("\n\n", 1)[1] and "my bid" not in text
