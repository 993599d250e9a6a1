"""Go: the rules of shared/RULES.md section 13 and its acceptance examples GO-1 to GO-11, then
the engine pinned against the slow reference (tests/reference/go_ref.py, written from the rule
text and sharing no code with the engine): perft counts and random games compared move by
move.

Each test quotes the rule sentence it checks; expected values are written out by hand from the
rule text, never computed by the engine.
"""

import random

import pytest

from reference import go_ref as ref
from tavoliere import load_game
from tavoliere.core import IllegalMove, InvalidMove, perft
from tavoliere.games.go import Go, GoState
from tavoliere.messages import Problem

GAME = load_game("go(size=9)")


def stones(game, state, colour):
    """The names of the stones of ``colour`` ("B" or "W"), sorted."""
    value = 1 if colour == "B" else 2
    return sorted(game.names[c] for c, v in enumerate(state.board) if v == value)


def legal_names(game, state):
    return [game.move_name(m) for m in game.legal_moves(state)]


def is_legal(game, state, name):
    try:
        game.parse_move(name, state)
        return True
    except IllegalMove:
        return False


# -- the contract the bot relies on -------------------------------------------------------------

def test_state_contract_for_the_bot():
    """The module docstring's contract: board by ``row * size + col`` (row 0 = rank 1, col 0 =
    column a), 0/1/2 values, to_move, ko, phase, prisoners; moves are tuples."""
    state = GAME.replay(["c2", "pass"])
    assert isinstance(state, GoState) and hash(state) == hash(GAME.replay(["c2", "pass"]))
    assert state.board[1 * 9 + 2] == 1 and state.to_move == 0 and state.ko == -1
    assert state.phase == "play" and state.prisoners == (0, 0)
    assert GAME.size == 9 and GAME.names[8] == "j1" and GAME.names[80] == "j9"
    assert GAME.parse_move("pass", state) == ("pass",) and GAME.parse_move("e5", state) == (40,)
    with pytest.raises(Exception):
        state.to_move = 1


# -- 13.1 board and notation ----------------------------------------------------------------------

def test_sizes_and_names_skip_i():
    """"A square grid of 19×19 points (cells) by default ... options 13×13 and 9×9."
    "9×9: a–h, j; 13×13: a–h, j–n; 19×19: a–h, j–t. a1 is bottom-left, t19 top-right."
    "Input is case-insensitive (Q16 = q16)." """
    for spec, side, letters in (("go", 19, "abcdefghjklmnopqrst"), ("go(size=13)", 13,
                                "abcdefghjklmn"), ("go(size=9)", 9, "abcdefghj")):
        game = load_game(spec)
        assert game.spec == spec and game.size == side
        assert sorted({name[0] for name in game.names}) == sorted(letters)
    big = load_game("go")
    assert big.names[0] == "a1" and big.names[-1] == "t19"
    assert big.parse_move("Q16", big.initial_state()) == big.parse_move("q16", big.initial_state())
    with pytest.raises(InvalidMove, match="i5. is not a cell"):
        GAME.parse_move("i5", GAME.initial_state())
    with pytest.raises(InvalidMove):
        GAME.parse_move("k1", GAME.initial_state())
    for bad in ("go(size=11)", "go(handicap=1)", "go(komi=6.3)", "go(komi=-1)", "go(ko=x)"):
        with pytest.raises(Problem):
            load_game(bad)


def test_options_and_komi_defaults():
    """"Komi (DECIDED; S4 has none): default 6.5 (territory, J89) or 7.5 (area, TT/AGA); 0.5
    in handicap games. Option komi takes any multiple of 0.5, 0 included." """
    assert load_game("go").komi == 6.5
    assert load_game("go(scoring=area)").komi == 7.5
    assert load_game("go(handicap=2)").komi == 0.5
    assert load_game("go(scoring=area,handicap=4)").komi == 0.5
    assert load_game("go(komi=0)").komi == 0 and load_game("go(komi=3.5)").komi == 3.5
    assert load_game("go(komi=7.0)").spec == "go(komi=7)"
    assert Go(size=9, komi=6.5) == load_game("go(size=9,komi=6.5)")


# -- 13.2 players, captures, suicide, ko ----------------------------------------------------------

def test_black_moves_first_and_white_after_handicap():
    """"Black moves first and is player 0"; "The board starts empty, or with Black's fixed
    handicap stones ...; then White (player 1) makes the first ply." """
    assert GAME.to_move(GAME.initial_state()) == 0
    assert GAME.text_table("en")["player.0"] == "Black"
    assert GAME.text_table("it")["player.1"] == "Bianco"
    game = load_game("go(size=9,handicap=2)")
    state = game.initial_state()
    assert game.to_move(state) == 1 and stones(game, state, "B") == ["c3", "g7"]


def test_go1_single_capture():
    """GO-1: "From the empty board, b1 a1 a2: Black's a2 captures a1. Black has 1 prisoner; the
    board is B a2 b1."  "d5 e5 f5 a9 e4 b9 e6: Black's e6 captures e5 in the centre." """
    state = GAME.replay("b1 a1 a2".split())
    assert state.prisoners == (1, 0)
    assert stones(GAME, state, "B") == ["a2", "b1"] and stones(GAME, state, "W") == []
    state = GAME.replay("d5 e5 f5 a9 e4 b9 e6".split())
    assert state.prisoners == (1, 0) and "e5" not in stones(GAME, state, "W")


def test_go2_multi_stone_capture():
    """GO-2: "a2 a1 b2 b1 c2 c1 d1: d1 captures the chain a1 b1 c1. Black has 3 prisoners"; the
    set-up "b1 captures the three single-stone chains at once (3 prisoners), although b1
    itself had no liberty before the captures." """
    state = GAME.replay("a2 a1 b2 b1 c2 c1 d1".split())
    assert state.prisoners == (3, 0) and stones(GAME, state, "B") == ["a2", "b2", "c2", "d1"]
    assert stones(GAME, state, "W") == []
    setup = GAME.position("a2 b3 c2 d1", "a1 b2 c1", to_move=0)
    state = GAME.replay(["b1"], setup)
    assert state.prisoners == (3, 0) and stones(GAME, state, "W") == []


def test_go3_suicide_is_illegal():
    """GO-3: "B a2 b1, White to move: a1 is illegal."  "B a2 b2 c1, W b1, White to move: a1 is
    illegal: the two-stone chain a1 b1 would have no liberty." """
    for black, white in (("a2 b1", ""), ("a2 b2 c1", "b1")):
        state = GAME.position(black, white, to_move=1)
        assert "a1" not in legal_names(GAME, state)
        with pytest.raises(IllegalMove, match="suicide"):
            GAME.parse_move("a1", state)


def test_go4_suicide_that_captures_is_legal():
    """GO-4: "W a3 b2 c1, B a2 b1, White to move: a1 is legal and captures a2 and b1. White has
    2 prisoners; a1 keeps the liberties a2, b1." """
    state = GAME.position("a2 b1", "a3 b2 c1", to_move=1)
    after = GAME.replay(["a1"], state)
    assert after.prisoners == (0, 2) and stones(GAME, after, "B") == []
    assert after.board[GAME.cell("a2")] == after.board[GAME.cell("b1")] == 0


def test_go5_ko():
    """GO-5: "d6 e6 c5 f5 d4 e4 j9 d5 e5: Black's e5 captures d5. White's d5 is now illegal.
    After j1 h9 (moves elsewhere), d5 is legal and captures e5; then Black's e5 is illegal."
    "The same plies are legal or illegal under ko=superko." """
    for spec in ("go(size=9)", "go(size=9,ko=superko)"):
        game = load_game(spec)
        state = game.replay("d6 e6 c5 f5 d4 e4 j9 d5 e5".split())
        assert state.prisoners == (1, 0) and state.ko == game.cell("d5")
        assert "d5" not in legal_names(game, state)
        with pytest.raises(IllegalMove, match="ko"):
            game.parse_move("d5", state)
        state = game.replay("j1 h9 d5".split(), state)
        assert state.prisoners == (1, 1)
        assert "e5" not in legal_names(game, state)


def test_go6_superko_send_two_return_one():
    """GO-6: "Set-up B a2 a3 b1, W b2 c2 d1, Black to move: c1 (self-atari), then a1 captures
    b1 c1. With ko=simple, Black's b1 is legal: it captures a1 and recreates the set-up board.
    With ko=superko, the same b1 is illegal." """
    simple = GAME.position("a2 a3 b1", "b2 c2 d1", to_move=0)
    state = GAME.replay("c1 a1".split(), simple)
    assert state.prisoners == (0, 2)
    after = GAME.replay(["b1"], state)
    assert after.board == simple.board
    game = load_game("go(size=9,ko=superko)")
    state = game.replay("c1 a1".split(), game.position("a2 a3 b1", "b2 c2 d1", to_move=0))
    assert "b1" not in legal_names(game, state)
    with pytest.raises(IllegalMove, match="superko"):
        game.parse_move("b1", state)


def test_go7_long_cycle_draw():
    """GO-7: "In GO-6, repeat c1 a1 b1 pass. Ply 9 (c1) creates, for the third time, the same
    board with White to move: the game ends as a draw." """
    state = GAME.position("a2 a3 b1", "b2 c2 d1", to_move=0)
    state = GAME.replay("c1 a1 b1 pass c1 a1 b1 pass".split(), state)
    assert GAME.outcome(state) is None
    state = GAME.replay(["c1"], state)
    outcome = GAME.outcome(state)
    assert outcome.winner is None and outcome.reason == "long-cycle" and outcome.scores == ()
    assert GAME.legal_moves(state) == []


def test_passes_open_marking_and_max_plies():
    """"Two consecutive passes stop play ... and open the marking phase. The player to move (the
    one who passed first) starts it."  "When it [max_plies] is reached in play, the marking
    phase starts at once as if after two passes; afterwards resume no longer restarts play." """
    state = GAME.replay("e5 pass pass".split())
    assert state.phase == "marking" and state.to_move == 1
    assert set(legal_names(GAME, state)) == {"dead", "resume"}
    game = load_game("go(size=9,max_plies=12)")
    state = game.replay("a1 b1 c1 d1 e1 f1 g1 h1 j1 a3 b3".split())
    assert state.phase == "play"
    state = game.replay(["c3"], state)
    assert state.phase == "marking"
    over = game.replay(["resume"], state)
    assert over.phase == "over" and game.outcome(over).reason == "score"


def test_marking_at_most_four_proposals_and_whole_chains():
    """"At most 4 proposals per marking phase; after the fourth, the player to move may only
    accept, resume or resign."  "The list must hold whole chains"; "only occupied cells" """
    state = GAME.replay("c3 d3 c4 pass pass".split())
    assert state.phase == "marking"
    for _ in range(4):
        state = GAME.replay(["dead"], state)
    assert legal_names(GAME, state) == ["accept", "resume"]
    with pytest.raises(IllegalMove, match="four proposals"):
        GAME.parse_move("dead", state)
    state = GAME.replay("c3 d3 c4 pass pass".split())
    with pytest.raises(IllegalMove, match="whole chains: c4 is missing"):
        GAME.parse_move("dead:c3", state)
    with pytest.raises(IllegalMove, match="no stone"):
        GAME.parse_move("dead:e5", state)
    with pytest.raises(IllegalMove, match="by column"):
        GAME.parse_move("dead:d3,c3,c4", state)
    assert GAME.parse_move("dead:c3,c4", state) == ("dead", GAME.cell("c3"), GAME.cell("c4"))
    with pytest.raises(IllegalMove, match="no proposal"):
        GAME.parse_move("accept", state)
    with pytest.raises(IllegalMove, match="marking phase"):
        GAME.parse_move("accept", GAME.initial_state())


# -- 13.4 scoring ---------------------------------------------------------------------------------
GO8_BLACK = "b9 a8 b8 c8 g9 g8 g7 f7 e7 d7 d6 d5 d4 d3 d2 d1"
GO8_WHITE = "d9 d8 e8 f8 f9 a7 b7 c7 c6 c5 c4 c3 c2 c1"


def test_go8_seki_neutral_under_territory():
    """GO-8: "c9 is the only seki point ... For Black e9 is illegal (suicide); for White a9 is.
    Territory: Black 36, White 12. a9, c9 and e9 count for nobody. Result B+17.5 (36 against
    18.5); B+24 with komi 0."  "Area, komi 7.5: ... B+18.5." """
    state = GAME.position(GO8_BLACK, GO8_WHITE, to_move=0)
    assert "e9" not in legal_names(GAME, state)
    assert "a9" not in legal_names(GAME, GAME.position(GO8_BLACK, GO8_WHITE, to_move=1))
    end = GAME.replay("pass pass dead accept".split(), state)
    assert GAME.outcome(end).scores == (36, 18.5) and GAME.outcome(end).winner == 0
    game = load_game("go(size=9,komi=0)")
    end = game.replay("pass pass dead accept".split(), game.position(GO8_BLACK, GO8_WHITE))
    assert game.outcome(end).scores == (36, 12)
    game = load_game("go(size=9,scoring=area)")
    end = game.replay("pass pass dead accept".split(), game.position(GO8_BLACK, GO8_WHITE))
    assert game.outcome(end).scores == (53, 34.5)
    assert game.outcome_text(game.outcome(end)) == "Black wins: 53\u201334.5 at the count"


GO9_BLACK = "d9 d8 d7 d6 d5 d4 e4 e3 e2 e1 h3 h7"
GO9_WHITE = "e9 e8 e7 e6 f6 f5 f4 f3 f2 f1 b7"


def go9(spec):
    game = load_game(spec)
    return game, game.position(GO9_BLACK, GO9_WHITE, to_move=1, prisoners=(1, 1))


@pytest.mark.parametrize("spec, scores, winner", [
    ("go(size=9)", (32, 39.5), 1),
    ("go(size=9,komi=0)", (32, 33), 1),
    ("go(size=9,scoring=area)", (40, 47.5), 1),
    ("go(size=9,scoring=area,komi=0)", (40, 40), None),
])
def test_go9_dead_stones(spec, scores, winner):
    """GO-9: "Record pass pass dead:b7,h3,h7 accept ... Territory: Black 30 + 2 prisoners = 32;
    White 30 + 3 + 6.5 = 39.5; W+7.5. With komi 0: W+1. Area, komi 7.5: 10 + 30 = 40 against
    10 + 30 + 7.5 = 47.5; W+7.5. With komi 0: draw." """
    game, state = go9(spec)
    assert "e5" in [game.names[c] for c in range(81) if state.board[c] == 0]
    end = game.replay("pass pass dead:b7,h3,h7 accept".split(), state)
    outcome = game.outcome(end)
    assert outcome.scores == scores and outcome.winner == winner


def test_go9_unit_toggles():
    """GO-9: "A click on h3 toggles the unit {h3, h7}; a click on b7 toggles {b7}." """
    game, state = go9("go(size=9)")
    assert game.unit(state, "h3") == ("h3", "h7")
    assert game.unit(state, "b7") == ("b7",)
    assert game.unit(state, "e5") == ()


@pytest.mark.parametrize("spec, scores", [("go(size=9)", (1, 7.5)),
                                          ("go(size=9,scoring=area)", (12, 18.5))])
def test_go10_dispute_then_two_passes_score_as_is(spec, scores):
    """GO-10: "GO-9 with pass pass dead:b7,h3,h7 resume pass pass. After resume, White is to
    move. The two immediate passes end the game as is ... Territory: 1 against 1 + 6.5, W+6.5.
    Area: 12 against 11 + 7.5, W+6.5." """
    game, state = go9(spec)
    state = game.replay("pass pass dead:b7,h3,h7 resume".split(), state)
    assert state.phase == "play" and state.to_move == 1
    end = game.replay("pass pass".split(), state)
    assert game.outcome(end).scores == scores and game.outcome(end).winner == 1
    assert stones(game, end, "W").count("b7") == 1


def test_resume_then_play_makes_passes_open_marking_again():
    """"Earlier passes no longer count towards "two consecutive passes"": after a resume and a
    play, two passes open the marking phase again, not the end."""
    game, state = go9("go(size=9)")
    state = game.replay("pass pass dead resume a1 pass pass".split(), state)
    assert state.phase == "marking"


def test_go11_counts_and_handicap_points():
    """GO-11: "The empty board has 81 / 169 / 361 legal plays; max_plies is 324 / 676 / 1444."
    "4 on 19×19: d4 q16 d16 q4; 9 on 13×13: d4 k10 d10 k4 d7 k7 g4 g10 g7; 5 on 9×9: c3 g7 c7
    g3 e5." """
    for spec, plays, limit in (("go(size=9)", 81, 324), ("go(size=13)", 169, 676),
                               ("go", 361, 1444)):
        game = load_game(spec)
        assert len(game.legal_moves(game.initial_state())) == plays + 1   # and pass
        assert game.max_plies == limit
    for spec, expected in (("go(handicap=4)", "d4 q16 d16 q4"),
                           ("go(size=13,handicap=9)", "d4 k10 d10 k4 d7 k7 g4 g10 g7"),
                           ("go(size=9,handicap=5)", "c3 g7 c7 g3 e5")):
        game = load_game(spec)
        assert [game.names[c] for c in game.geo.handicap_points(game.handicap)] == expected.split()


def test_area_handicap_adds_n_minus_one():
    """"with handicap N ≥ 2, White also adds N − 1 (AGA)"; with a handicap the default komi is
    0.5: the empty 9x9 board with 3 handicap stones counts 81 for Black, 0.5 + 2 for White."""
    game = load_game("go(size=9,scoring=area,handicap=3)")
    end = game.replay("pass pass dead accept".split())
    assert game.outcome(end).scores == (81, 2.5)


def test_marks_and_estimate_buttons():
    """A marking phase offers the computer's estimate as a button, with the count it gives."""
    game, state = go9("go(size=9)")
    state = game.replay("pass pass".split(), state)
    moves = legal_names(game, state)
    assert moves[0] == "dead:b7,h3,h7" and "resume" in moves and "dead" in moves
    assert all(game.clicks(game.parse_move(m, state)) == () for m in moves)
    state = game.replay(["dead:b7,h3,h7"], state)
    marks = game.marks(state)
    assert marks["highlight"] == ["b7", "h3", "h7"]
    assert marks["message"]["params"]["scores"] == "32\u201339.5"


def test_estimate_keeps_a_seki_alive():
    """13.3.6: the computer's playouts make no self-atari that captures nothing, so GO-8's seki
    (alive by definition, "un gruppo in Seki è vivo per definizione") is proposed as alive."""
    state = GAME.replay("pass pass".split(), GAME.position(GO8_BLACK, GO8_WHITE))
    assert legal_names(GAME, state)[0] == "dead"


def test_shaded_points_are_the_illegal_empty_ones():
    state = GAME.replay("d6 e6 c5 f5 d4 e4 j9 d5 e5".split())
    assert GAME.marks(state)["shaded"] == ["d5"]


# -- against the reference ------------------------------------------------------------------------

def ref_legal(game, state, pos):
    estimate = ([game.names[c] for c in game.estimate(state.board)]
                if state.phase == "marking" else ())
    return ref.legal_moves(pos, estimate)


def compare_game(spec, options, seed, pass_bias=0.1):
    """A seeded random game played by the engine and the reference side by side: the same
    legal moves at every ply, the same result at the end."""
    game, rng = load_game(spec), random.Random(seed)
    state, pos = game.initial_state(), ref.new_game(**options)
    while True:
        legal = game.legal_moves(state)
        assert legal_names(game, state) == ref_legal(game, state, pos), (seed, state.plies)
        if not legal:
            outcome, result = game.outcome(state), pos["result"]
            assert outcome.winner == {"B": 0, "W": 1, None: None}[result[0]]
            assert (outcome.reason, tuple(outcome.scores)) == (result[1], tuple(result[2]))
            return
        move = ("pass",) if state.phase == "play" and rng.random() < pass_bias else rng.choice(legal)
        state = game.play(state, move)
        pos = ref.play(pos, game.move_name(move))


def test_perft_against_reference():
    """Move sequences of length 1 and 2 from the empty 9x9 board, and from two middle-game
    positions (a ko and GO-6's send-two-return-one, under both ko rules)."""
    assert perft(GAME, GAME.initial_state(), 2) == ref.perft(ref.new_game(), 2)
    ko = "d6 e6 c5 f5 d4 e4 j9 d5 e5".split()
    pos = ref.new_game()
    for name in ko:
        pos = ref.play(pos, name)
    assert perft(GAME, GAME.replay(ko), 2) == ref.perft(pos, 2)
    for kind in ("simple", "superko"):
        game = load_game(f"go(size=9,ko={kind})")
        state = game.replay(["c1", "a1"], game.position("a2 a3 b1", "b2 c2 d1"))
        pos = ref.new_game(ko=kind, black="a2 a3 b1".split(), white="b2 c2 d1".split())
        pos = ref.play(ref.play(pos, "c1"), "a1")
        assert perft(game, state, 2) == ref.perft(pos, 2)


@pytest.mark.parametrize("spec, options, seeds", [
    ("go(size=9,max_plies=120)", dict(size=9, max_plies=120), range(4)),
    ("go(size=9,scoring=area,ko=superko,handicap=3,max_plies=90)",
     dict(size=9, scoring="area", ko="superko", handicap=3, max_plies=90), range(2)),
])
def test_random_games_match_reference(spec, options, seeds):
    for seed in seeds:
        compare_game(spec, options, seed)


@pytest.mark.slow
@pytest.mark.parametrize("spec, options", [
    ("go(size=9)", dict(size=9)),
    ("go(size=9,ko=superko,komi=0)", dict(size=9, ko="superko", komi=0)),
    ("go(size=9,scoring=area,handicap=2,max_plies=150)",
     dict(size=9, scoring="area", handicap=2, max_plies=150)),
])
def test_many_random_games_match_reference(spec, options):
    for seed in range(300):
        compare_game(spec, options, seed)


# -- SGF records (13.1) ---------------------------------------------------------------------------

def test_go11_sgf_coordinates():
    """GO-11: "SGF: q16 = pd, d4 = dp, t1 = ss (19×19); a1 = ai, j9 = ia (9×9)." """
    big = load_game("go")
    for name, sgf in (("q16", "pd"), ("d4", "dp"), ("t1", "ss")):
        assert big.sgf_point(big.cell(name)) == sgf and big.sgf_move(sgf) == name
    for name, sgf in (("a1", "ai"), ("j9", "ia")):
        assert GAME.sgf_point(GAME.cell(name)) == sgf and GAME.sgf_move(sgf) == name
    assert GAME.sgf_move("") == "pass" and GAME.sgf_move("tt") == "pass"


def test_sgf_round_trip_with_handicap_marking_and_result():
    """"Pass = B[] (tt also accepted on import). Handicap = HA[n] + AB[...]; komi KM;
    RU[Japanese] / RU[Chinese] for the two scorings"; RE "B+7.5"."""
    from tavoliere.notation import export_sgf, parse_record
    moves = "e5 d5 pass pass dead:d5 accept".split()
    text = export_sgf("go(size=9,handicap=2)", moves, {"White": "Anna", "Black": "Bot"})
    assert "GM[1]" in text and "SZ[9]" in text and "HA[2]AB[cg][gc]" in text
    assert "KM[0.5]" in text and "RU[Japanese]" in text and "RE[W+1.5]" in text
    assert ";W[ee]" in text and ";W[]" in text and "PB[Anna]" in text
    record = parse_record(text)
    assert record.game == "go(size=9,handicap=2)" and list(record.moves) == moves
    assert record.tags["White"] == "Anna"
    area = export_sgf("go(size=9,scoring=area)", ["e5", "pass", "pass", "dead", "accept"])
    assert "RU[Chinese]" in area and "RE[B+73.5]" in area
    assert parse_record(area).game == "go(size=9,scoring=area)"


def test_sgf_from_elsewhere_tt_pass_and_resignation():
    from tavoliere.notation import RecordError, parse_record
    record = parse_record("(;GM[1]FF[4]SZ[19]KM[7.5]RU[Chinese]RE[W+R];B[pd];W[dp];B[tt];W[])")
    assert record.game == "go(scoring=area,komi=7.5)"
    assert record.moves == ("q16", "d4", "pass", "pass")
    assert record.tags["Result"] == "White wins: Black resigned"
    with pytest.raises(RecordError, match="fixed handicap"):
        parse_record("(;GM[1]SZ[9]HA[2]AB[aa][bb];W[ee])")
    with pytest.raises(RecordError, match="9, 13 or 19"):
        parse_record("(;GM[1]SZ[11];B[aa])")
    with pytest.raises(RecordError, match="ply 2"):
        parse_record("(;GM[1]SZ[9];B[ee];W[ee])")


def test_gnugo_record_opens_and_replays():
    """A record written by GNU Go 3.8 (tests/data/gnugo, see its README) replays move by move;
    SGF y counts from the top, so its first stone B[fd] is f6."""
    from pathlib import Path

    from tavoliere.notation import parse_record
    text = (Path(__file__).parent / "data" / "gnugo" / "gnugo-9x9-ascii-seed7.sgf").read_text()
    record = parse_record(text)
    assert record.game == "go(size=9,komi=7.5)" and len(record.moves) == 34
    assert record.moves[:2] == ("f6", "e5") and record.moves[-1] == "d5"
    state = GAME.replay(record.moves)
    assert state.phase == "play" and state.to_move == 0


# -- the GTP engine -------------------------------------------------------------------------------

def gtp_session(lines, spec="go(size=9)"):
    """The answers of our GTP engine to ``lines``, one per command."""
    import io

    from tavoliere.ai.gtp_server import GTPServer
    out = io.StringIO()
    GTPServer(spec, iterations=20, seed=1).serve(io.StringIO("\n".join(lines) + "\n"), out)
    return [answer for answer in out.getvalue().split("\n\n") if answer]


def test_gtp_scripted_session():
    answers = gtp_session([
        "protocol_version", "7 name", "known_command genmove", "known_command frobnicate",
        "boardsize 9", "komi 6.5", "play b E5", "play b D5", "play w i5", "play w E5",
        "play w D5", "# a comment", "showboard", "undo", "undo", "undo", "boardsize 11",
        "fixed_handicap 3", "play b c3", "genmove w", "final_score", "clear_board",
        "play b pass", "play w pass", "genmove b", "final_score", "final_status_list dead",
        "unknown_thing", "quit", "name"])
    assert answers[:4] == ["= 2", "=7 Tavoliere", "= true", "= false"]
    assert answers[4:7] == ["=", "=", "="]
    assert answers[7] == "? illegal move (it is W's turn)"
    assert answers[8] == "? syntax error"                      # no column i
    assert answers[9].startswith("? illegal move (e5 is occupied")
    assert answers[10] == "="
    assert " 5 . . . O X . . . ." in answers[11]
    assert answers[12:15] == ["=", "=", "? cannot undo"]
    assert answers[15] == "? unacceptable size"
    assert answers[16] == "= C3 G7 C7"
    assert answers[17] == "? illegal move (it is W's turn)"    # White moves after a handicap
    assert answers[18].startswith("= ") and len(answers[18].split()) == 2
    assert answers[19].startswith("= ")
    assert answers[20:23] == ["=", "=", "="]
    assert answers[23] == "= pass"                             # play has stopped
    assert answers[24] == "= W+6.5"                            # the empty board: komi
    assert answers[25] == "="
    assert answers[26] == "? unknown command"
    assert answers[27] == "=" and len(answers) == 28           # nothing after quit


def test_gnugo_and_pachi_showboards_are_read():
    from tavoliere.ai.gtp import read_go_board
    text = """
   A B C D E F G H J
 9 . . . . . . . . . 9
 8 . . . . . . . . . 8
 7 . . + . . . + . . 7
 6 . . . . . . . . . 6
 5 . . . . X O . . . 5     WHITE (O) has captured 0 stones
 4 . . . . . . . . . 4     BLACK (X) has captured 0 stones
 3 . . + . . . + . . 3
 2 . . . . . . . . . 2
 1 X . . . . . . . . 1
   A B C D E F G H J"""
    assert read_go_board(text, 9) == {"e5": 0, "f5": 1, "a1": 0}
    assert read_go_board("nothing", 9) is None
    pachi = """Move:   3  Komi: 0.0  Handicap: 0  Captures B: 0 W: 0
      A B C D E F G H J
    +-------------------+
  9 | . . . . . . . . X)|
  8 | . . . . . . . . . |
  7 | . . . . . . . . . |
  6 | . . . . . . . . . |
  5 | . . . . X . . . . |
  4 | . . . . . . . . . |
  3 | . . O . . . . . . |
  2 | . . . . . . . . . |
  1 |(X). . . . . . . . |
    +-------------------+"""   # (Pachi 12.90; the last stone in parentheses, at a1 here made up)
    assert read_go_board(pachi, 9) == {"j9": 0, "e5": 0, "c3": 1, "a1": 0}


def test_playout_chains_agree_with_the_flood_fills():
    """The estimate's playouts keep liberties move by move (``_Chains``); on random sequences
    they judge every point as the plain flood fills do, and keep the same chains."""
    from tavoliere.games import go as module
    neighbours = module.board_geometry(9).neighbours
    for seed in range(8):
        rng = random.Random(seed)
        board = [0] * 81
        kept, plain = module._Chains(board, neighbours), list(board)
        for ply in range(150):
            colour = 1 + ply % 2
            for cell in rng.sample([c for c in range(81) if board[c] == 0], 3):
                trial = list(plain)
                captured = module.place(trial, cell, colour, neighbours)
                allowed = captured is not None and not (
                    captured == [] and not module.two_liberties(trial, cell, neighbours))
                result = kept.play(cell, colour)
                assert (result is not None) == allowed
                if result is not None:
                    plain = trial
                    assert board == plain and sorted(result) == sorted(captured)
                    for chain, liberties in module.chains(board, neighbours):
                        number = kept.owner[next(iter(chain))]
                        assert set(kept.stones[number]) == chain
                        assert kept.liberties[number] == liberties
                    break


def test_a_position_text_is_a_set_up_with_its_prisoners():
    """13.7: "a set-up is the start position for the ko rules, and it need not be reachable
    in play": a position read back keeps the stones, the player to move and the prisoners."""
    import random
    from tavoliere.messages import Problem
    game = load_game("go(size=9)")
    rng, state = random.Random(1), game.initial_state()
    for _ in range(40):
        state = game.apply(state, rng.choice([m for m in game.legal_moves(state)
                                              if m != ("pass",)]))
    text = game.position_text(state)
    back = game.read_position(text)
    assert (back.board, back.to_move, back.prisoners) == (state.board, state.to_move,
                                                          state.prisoners)
    assert game.position_text(back) == text and back.phase == "play"
    with pytest.raises(Problem) as refused:      # a chain without a liberty
        game.read_position("stone.0:a1;stone.1:a2,b1 w")
    assert refused.value.code == "position.piece" and "a1" in refused.value.text("en")
