"""Connect6: the rules of shared/RULES.md section 8 and its acceptance examples CN-1 to CN-7,
then the engine pinned against the slow reference (tests/reference/connect6_ref.py, written
from the rule text and sharing no code with the engine): perft counts and random games
compared move by move.

Each test quotes the rule sentence it checks; expected values are written out by hand from
the rule text, never computed by the engine.
"""

import random
from math import comb

import pytest

from reference import connect6_ref as ref
from tavoliere import load_game
from tavoliere.core import IllegalMove, InvalidMove, perft
from tavoliere.games.connect6 import Connect6

GAME = Connect6()


def names(game, moves):
    return [game.move_name(move) for move in moves]


def replay(text, game=GAME):
    return game.replay(text.split())


# -- 8.1 board and notation -----------------------------------------------------------------

def test_default_board_is_19x19_and_15_and_13_are_options():
    """"A square grid of cells (the points of a Go board). Default 19×19; options 15×15 and
    13×13." """
    for spec, side in (("connect6", 19), ("connect6(size=15)", 15), ("connect6(size=13)", 13)):
        game = load_game(spec)
        assert game.spec == spec
        assert len(game.layout()["cells"]) == side * side
    for bad in ("connect6(size=14)", "connect6(size=17)", "connect6(size=x)"):
        with pytest.raises(ValueError, match="size takes one of: 19, 15, 13"):
            load_game(bad)
    assert Connect6(size=15) == load_game("connect6(size=15)")
    assert Connect6(size=19).spec == "connect6"


def test_columns_run_a_to_s_with_no_letter_skipped_and_centres():
    """"On 19×19 the columns are a–s, with no letter skipped. This differs from Go, which
    omits i."  "The centre is j10 (19×19), h8 (15×15), g7 (13×13)." """
    cells = {cell["name"]: cell for cell in GAME.layout()["cells"]}
    assert sorted({name[0] for name in cells}) == list("abcdefghijklmnopqrs")
    assert "i9" in cells and "s19" in cells and "t1" not in cells
    for spec, centre in (("connect6", "j10"), ("connect6(size=15)", "h8"),
                         ("connect6(size=13)", "g7")):
        layout = load_game(spec).layout()
        xs = sorted(c["x"] for c in layout["cells"])
        ys = sorted(c["y"] for c in layout["cells"])
        middle = next(c for c in layout["cells"] if c["name"] == centre)
        assert (middle["x"], middle["y"]) == (xs[len(xs) // 2], ys[len(ys) // 2])
    assert cells["a1"]["x"] < cells["b1"]["x"] and cells["a1"]["y"] > cells["a2"]["y"]


def test_cn2_two_cells_are_named_in_ascending_order():
    """CN-2: "{k10, j11} → j11k10; {a10, a9} → a9a10; {j11, j9} → j9j11" (column letter
    first, then row number compared as a number)."""
    state = replay("j10")
    for written, name in (("k10j11", "j11k10"), ("j11k10", "j11k10"), ("a10a9", "a9a10"),
                          ("a9a10", "a9a10"), ("j11j9", "j9j11")):
        assert GAME.move_name(GAME.parse_move(written, state)) == name


def test_the_two_cells_may_be_clicked_in_either_order():
    """"REC: input may give the two cells in either order; the record stores the ascending
    form." """
    state = replay("j10")
    move = GAME.parse_move("k10j11", state)
    assert GAME.clicks(move) == ("j11", "k10")
    assert Connect6.free_clicks_after == 0
    assert GAME.clicks(GAME.parse_move("j10", GAME.initial_state())) == ("j10",)
    assert GAME.replay(["j10", "k10j11"]).board == GAME.replay(["j10", "j11k10"]).board


def test_the_same_cell_twice_is_illegal():
    """"The same cell twice is illegal." """
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("a1a1", replay("j10"))
    assert error.value.code == "connect6.same-cell"


@pytest.mark.parametrize("text, code", [
    ("", "move.notation"), ("j", "move.notation"), ("j10-k10", "move.notation"),
    ("10j", "move.notation"), ("j10k", "move.notation"), ("j10k10l10", "move.notation"),
    ("t1", "board.not-a-cell"), ("a20", "board.not-a-cell"), ("a0", "board.not-a-cell"),
    ("a1t1", "board.not-a-cell"), ("x" * 10_000, "move.notation"),
])
def test_text_outside_the_notation_is_refused_with_its_code(text, code):
    """"It parses as [a-s][0-9]+[a-s][0-9]+." """
    with pytest.raises(InvalidMove) as error:
        GAME.parse_move(text, replay("j10"))
    assert error.value.code == code
    assert len(str(error.value)) < 120


@pytest.mark.parametrize("moves, text, code", [
    ("", "j10k10", "connect6.one-stone"),
    ("j10", "k10", "connect6.two-stones"),
    ("j10", "j10k10", "move.occupied"),
    ("j10 a1a2 j11j12 a3a4 j13j14 a5a6", "b1b2", "move.game-over"),
])
def test_illegal_moves_say_why(moves, text, code):
    """"Ply 1: White places one stone"; "each move places exactly two stones ... on two
    different empty cells"; the game ends with a six."""
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move(text, replay(moves) if moves else GAME.initial_state())
    assert code in (error.value.code, *error.value.params.get("inner", []))


def test_uppercase_input_is_read():
    assert GAME.move_name(GAME.parse_move(" J10 ", GAME.initial_state())) == "j10"


# -- 8.2 turn structure ---------------------------------------------------------------------

def test_cn1_move_counts():
    """CN-1: "19×19: 361 first moves, then C(360,2) = 64,620 two-stone moves. 15×15: 225,
    then 24,976. 13×13: 169, then 14,028." """
    for spec, first, second in (("connect6", 361, 64_620), ("connect6(size=15)", 225, 24_976),
                                ("connect6(size=13)", 169, 14_028)):
        game = load_game(spec)
        start = game.initial_state()
        assert len(game.legal_moves(start)) == first
        after = game.apply(start, game.legal_moves(start)[0])
        moves = game.legal_moves(after)
        assert len(moves) == second == len(set(moves))


def test_white_places_one_stone_then_each_move_places_two():
    """"Ply 1: White places one stone on any empty cell. There is no centre or distance
    restriction."  "From then on the players alternate, starting with Black, and each move
    places exactly two stones of the mover's colour." """
    state = GAME.initial_state()
    assert GAME.to_move(state) == 0
    assert "a1" in names(GAME, GAME.legal_moves(state))
    state = replay("a1")
    assert GAME.pieces(state) == {"a1": "stone.0"}
    assert GAME.to_move(state) == 1
    state = replay("a1 s19s18")
    assert GAME.pieces(state) == {"a1": "stone.0", "s18": "stone.1", "s19": "stone.1"}
    assert GAME.to_move(state) == 0 and state.ply == 2
    assert all(len(move) == 2 for move in GAME.legal_moves(state)[:50])


def test_first_player_black_lets_black_begin():
    """"first_player = White (default) | Black": the rules are the same, only the names
    differ."""
    game = load_game("connect6(first_player=black)")
    state = game.initial_state()
    assert game.to_move(state) == 1
    state = game.replay(["j10", "a1a2"])
    assert game.pieces(state) == {"j10": "stone.1", "a1": "stone.0", "a2": "stone.0"}
    state = game.replay("j10 a1a2 j11j12 a3a4 j13j14 a5a6".split())
    assert game.outcome(state).winner == 0


def test_a_full_19x19_board_holds_181_and_180_stones():
    """"All three board sizes have an odd number of cells, so after the first stone the
    empty cells are always even in number ... A full 19×19 board holds 181 White and 180
    Black stones." """
    white, black = full_board_pattern(19)
    assert (len(white), len(black)) == (181, 180)
    for side in (13, 15, 19):
        assert side * side % 2 == 1


# -- 8.3 win and end ------------------------------------------------------------------------

def test_cn3_five_is_not_enough_and_black_wins_with_six():
    """CN-3: "j10 a1a2 j11j12 a3a4 j13j14: White has five (j10–j14); no winner, Black to
    move. Continuing with a5a6, Black wins with a1–a6, at ply 6." """
    state = replay("j10 a1a2 j11j12 a3a4 j13j14")
    assert GAME.outcome(state) is None and GAME.to_move(state) == 1
    state = GAME.play(state, GAME.parse_move("a5a6", state))
    outcome = GAME.outcome(state)
    assert (outcome.winner, outcome.reason, state.ply) == (1, "six", 6)
    assert outcome.cells == ("a1", "a2", "a3", "a4", "a5", "a6")
    assert GAME.legal_moves(state) == []


def test_cn4_an_overline_wins_and_the_second_stone_is_irrelevant():
    """CN-4: "j10 a1a2 j11j12 a3a4 j13j14 s1s2 j9j15 → White wins with the seven j9–j15
    (overline). With j15s19 instead of j9j15, White wins with j10–j15 (the second stone is
    irrelevant)." """
    state = replay("j10 a1a2 j11j12 a3a4 j13j14 s1s2 j9j15")
    outcome = GAME.outcome(state)
    assert outcome.winner == 0
    assert outcome.cells == tuple(f"j{row}" for row in range(9, 16))
    state = replay("j10 a1a2 j11j12 a3a4 j13j14 s1s2 j15s19")
    outcome = GAME.outcome(state)
    assert outcome.winner == 0
    assert outcome.cells == tuple(f"j{row}" for row in range(10, 16))


def test_cn5_a_blocked_column_does_not_win():
    """CN-5: "j10 a1a2 j11j12 a3a4 j13j14 j9j15 k10l10 → no winner: Black's j9 and j15
    block the column. Black is to move." """
    state = replay("j10 a1a2 j11j12 a3a4 j13j14 j9j15 k10l10")
    assert GAME.outcome(state) is None and GAME.to_move(state) == 1


def full_board_pattern(side):
    """CN-6: "Let x = column index (a = 0) and y = row − 1. Put White on the cells where
    (x + 2y) mod 4 ∈ {0, 1} and Black elsewhere." """
    white, black = [], []
    for x in range(side):
        for y in range(side):
            (white if (x + 2 * y) % 4 in (0, 1) else black).append("abcdefghijklmnopqrs"[x] + str(y + 1))
    return white, black


def test_cn6_a_full_board_without_a_six_is_a_draw():
    """CN-6: "This gives 181 White and 180 Black stones; the longest run of either colour in
    any direction is 2, so the position is a legal full board and a draw." """
    white, black = full_board_pattern(19)
    state = GAME.position(white, black)
    outcome = GAME.outcome(state)
    assert (outcome.winner, outcome.reason) == (None, "full-board")
    assert GAME.legal_moves(state) == []


def test_cn6_the_last_move_filling_the_board_draws():
    """"Full board with no six → draw": played move by move, the pattern fills the board on
    the last move, and nobody wins before."""
    game = load_game("connect6(size=13)")
    white, black = full_board_pattern(13)
    moves = [white[0]] + [a + b for a, b in zip(*[iter(interleave(black, white[1:]))] * 2)]
    state = game.initial_state()
    for move in moves:
        assert game.outcome(state) is None
        state = game.play(state, game.parse_move(move, state))
    assert game.outcome(state).reason == "full-board"


def interleave(black, white):
    """Black's cells two by two, then White's two by two, and so on."""
    out = []
    for i in range(0, max(len(black), len(white)), 2):
        out += black[i:i + 2] + white[i:i + 2]
    return out


def test_cn7_a_diagonal_seven_wins():
    """CN-7: "j10 a1a2 k11l12 a3a4 m13n14 s1s2 i9o15 → White wins on the diagonal i9–o15
    (seven stones)." """
    outcome = GAME.outcome(replay("j10 a1a2 k11l12 a3a4 m13n14 s1s2 i9o15"))
    assert outcome.winner == 0
    assert outcome.cells == ("i9", "j10", "k11", "l12", "m13", "n14", "o15")


def test_a_six_on_the_falling_diagonal_and_on_a_row():
    """"A six is six or more consecutive stones of one colour along a row, a column or either
    diagonal." """
    state = replay("a6 s1s2 b5c4 s3s4 d3e2 s6s7 f1q19")
    assert GAME.outcome(state).cells == ("a6", "b5", "c4", "d3", "e2", "f1")
    state = replay("a10 s1s2 b10c10 s3s4 d10e10 s6s7 f10q19")
    assert GAME.outcome(state).cells == ("a10", "b10", "c10", "d10", "e10", "f10")


def test_a_move_making_two_sixes_rings_both():
    """"It makes no difference which of the two stones completed the six": both lines are
    the mover's, and the page rings every stone of them."""
    state = GAME.position("a1 a2 a3 a4 a5 c1 d1 e1 f1 g1 k10",
                          "s1 s2 s3 s5 s6 s8 s9 s11 s12 s14 s16 s18")
    assert GAME.to_move(state) == 0
    state = GAME.play(state, GAME.parse_move("a6b1", state))
    assert GAME.outcome(state).cells == ("a1", "a2", "a3", "a4", "a5", "a6", "b1", "c1",
                                         "d1", "e1", "f1", "g1")


def test_a_win_by_the_first_stone_still_needs_two_stones():
    """"A move is always two stones, even when the first stone already completes a six." """
    state = replay("j10 a1a2 j11j12 a3a4 j13j14 s1s2")
    assert "j15" not in names(GAME, GAME.legal_moves(state))
    with pytest.raises(IllegalMove):
        GAME.parse_move("j15", state)


def test_marks_remind_the_first_movers_how_many_stones():
    assert GAME.marks(GAME.initial_state())["message"] == {"key": "one-stone",
                                                           "params": {"player": 0}}
    assert GAME.marks(replay("j10"))["message"]["key"] == "two-stones"
    assert GAME.marks(replay("j10 a1a2 j11j12")) == {}


def test_position_refuses_what_cannot_happen():
    with pytest.raises(ValueError):
        GAME.position("a1 a2", "")          # two stones before the other player's move
    with pytest.raises(ValueError):
        GAME.position("a1", "a1 a2")        # one cell twice
    with pytest.raises(ValueError):
        GAME.position("c1 c3 c5 c7 c9 c11 c13", "a2 a3 a4 a5 a6 a7")  # Black, not last, has six


# -- against the reference ------------------------------------------------------------------

def reference_position(game, state):
    stones = {name: "WB"[int(token[-1])] for name, token in game.pieces(state).items()}
    return {"size": game.side, "stones": stones, "moves": state.ply,
            "first": "WB"[game.first]}


def drawn_board_with_holes(side, holes, seed):
    """The CN-6 pattern with ``holes`` cells emptied (keeping the stone counts of a game)
    and a few stones of each colour swapped to give White five in a row (a hole may cut
    it), but no six yet: a position near the end where sixes are a move or two away.
    Seeded; a try that makes a six is drawn again."""
    rng = random.Random(seed)
    while True:
        pos = pattern_with_five(side, holes, rng)
        if ref.winner(pos) is None:
            return pos


def pattern_with_five(side, holes, rng):
    white, black = full_board_pattern(side)
    rng.shuffle(white)
    rng.shuffle(black)
    # the last mover has one stone more: White after an odd number of moves, else Black
    moves = (side * side - holes + 1) // 2
    extra = 0 if moves % 2 else 1
    white, black = white[holes // 2 + extra:], black[holes // 2 - extra:]
    stones = {**dict.fromkeys(white, "W"), **dict.fromkeys(black, "B")}
    row = rng.randrange(side)
    for x in range(1, 6):
        name = ref.cell_name(x, row)
        if stones.get(name) == "B":
            other = rng.choice([n for n, c in sorted(stones.items()) if c == "W"
                                and abs(ref.xy(n)[1] - row) > 1])
            stones[name], stones[other] = "W", "B"
    return {"size": side, "stones": stones, "moves": (len(stones) + 1) // 2, "first": "W"}


def engine_position(game, pos):
    stones = pos["stones"]
    return game.position([n for n, c in stones.items() if c == "W"],
                         [n for n, c in stones.items() if c == "B"])


# name, size, holes (empty cells), seed, depth, leaf count (from ``ref.perft``; the test
# marked slow recomputes them)
PERFT = [
    ("holes-13-a", 13, 10, 1, 2, 980),
    ("holes-13-a", 13, 10, 1, 3, 14700),
    ("holes-13-b", 13, 12, 2, 3, 66780),
    ("holes-15-a", 15, 10, 3, 3, 12180),
    ("holes-19-a", 19, 8, 4, 4, 1890),
]


@pytest.mark.parametrize("name, side, holes, seed, depth, count", PERFT,
                         ids=lambda v: str(v))
def test_perft_table(name, side, holes, seed, depth, count):
    game = load_game(f"connect6(size={side})")
    pos = drawn_board_with_holes(side, holes, seed)
    assert perft(game, engine_position(game, pos), depth) == count


@pytest.mark.parametrize("side, holes, seed", [(13, 10, 1), (13, 12, 2), (15, 10, 3),
                                               (19, 8, 4), (13, 14, 5)])
def test_perft_two_matches_the_reference(side, holes, seed):
    game = load_game(f"connect6(size={side})")
    pos = drawn_board_with_holes(side, holes, seed)
    assert perft(game, engine_position(game, pos), 2) == ref.perft(pos, 2)


@pytest.mark.slow
@pytest.mark.parametrize("name, side, holes, seed, depth, count", PERFT,
                         ids=lambda v: str(v))
def test_perft_table_against_the_reference(name, side, holes, seed, depth, count):
    assert ref.perft(drawn_board_with_holes(side, holes, seed), depth) == count


def test_perft_from_the_start_by_hand():
    """Depth 1 and 2 on 13×13: 169, then 169 × C(168, 2)."""
    game = load_game("connect6(size=13)")
    assert perft(game, game.initial_state(), 1) == 169
    after = game.replay(["g7"])
    assert perft(game, after, 1) == comb(168, 2)


def compare_random_game(game, seed, full_lists_every=0):
    """Play a seeded random game with the engine and check every ply against the reference:
    the mover, the count of legal moves, the chosen move's legality, the stones after it,
    the winner and the ringed cells; every ``full_lists_every`` plies, the whole list of
    legal moves, in order."""
    rng = random.Random(seed)
    state = game.initial_state()
    pos = ref.new_game(game.side, "WB"[game.first])
    winner = None
    while winner is None and len(pos["stones"]) < game.side ** 2:   # ref.is_over(pos)
        assert "WB"[game.to_move(state)] == ref.mover(pos)
        moves = game.legal_moves(state)
        assert len(moves) == ref.count_moves(pos)
        if full_lists_every and state.ply % full_lists_every == 0:
            assert names(game, moves) == ref.legal_moves(pos)
        move = rng.choice(moves)
        name = game.move_name(move)
        assert ref.is_well_placed(pos, name)
        assert game.parse_move(name, state) == move
        state, pos = game.apply(state, move), ref.place(pos, name)
        assert reference_position(game, state) == pos
        outcome = game.outcome(state)
        winner = ref.winner(pos)
        assert (None if outcome is None or outcome.winner is None
                else "WB"[outcome.winner]) == winner
        if winner is not None:
            assert list(outcome.cells) == ref.winning_cells(pos)
    assert game.outcome(state) is not None and game.legal_moves(state) == []


@pytest.mark.parametrize("spec", ["connect6(size=13)", "connect6(size=15,first_player=black)"])
def test_random_games_match_the_reference(spec):
    game = load_game(spec)
    for seed in range(120 if "13" in spec else 40):
        compare_random_game(game, seed, full_lists_every=25 if seed % 20 == 0 else 0)


def test_random_19x19_games_match_the_reference():
    game = load_game("connect6")
    for seed in range(4):
        compare_random_game(game, seed)


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["connect6(size=13)", "connect6(size=15)", "connect6",
                                  "connect6(size=13,first_player=black)"])
def test_thousands_of_random_games_match_the_reference(spec):
    game = load_game(spec)
    for seed in range(1000, 1000 + (1500 if "13" in spec else 500)):
        compare_random_game(game, seed, full_lists_every=7 if seed % 25 == 0 else 0)
