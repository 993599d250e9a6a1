"""Ghost: the rules of shared/RULES.md section 14 and its acceptance tests G-0 to G-8, what
each seat may see (views, the bridge's answers, the shown record: a leak test searches the
JSON), the check of a full record at the end, and the engine against the slow reference
(tests/reference/ghost_ref.py, written from the rule text and sharing no code with the
engine): perft counts and random games compared move by move.

Each test quotes the rule sentence it checks; expected values are written out by hand from
the rule text, never computed by the engine.
"""

import doctest
import json
import random
from collections import Counter

import pytest

from reference import ghost_ref as ref
from tavoliere import bridge, load_game
from tavoliere.core import CHANCE, IllegalMove, InvalidMove, perft, read_piece
from tavoliere.games import ghost
from tavoliere.games.ghost import Ghost, commitment

GAME = Ghost()
SETUPS = "b1c1d2e2 b5c5d6e6"


def names(game, state):
    return sorted(game.move_name(move) for move in game.legal_moves(state))


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def colours(state, player):
    """{cell: letter} of ``player``'s ghosts on the board."""
    return {ghost.GRID.names[c]: m for c, m in enumerate(state.board)
            if m != "." and ghost.owner_of(m) == player}


def test_the_module_examples_run():
    assert doctest.testmod(ghost).failed == 0


# -- 14.1 board, 14.2 set-up ---------------------------------------------------------------------

def test_g0_seventy_setups_each_and_4900_pairs():
    """G-0 "Each player has 70 set-ups; there are 4,900 pairs."  14.2: "He puts all 8 on his
    8 home cells and chooses freely which 4 are bad: 70 possible set-ups each." """
    state = GAME.initial_state()
    assert GAME.to_move(state) == 0 and len(GAME.legal_moves(state)) == 70
    assert perft(GAME, state, 2) == 4900
    black = GAME.apply(state, GAME.legal_moves(state)[0])
    assert GAME.to_move(black) == 1 and len(set(names(GAME, black))) == 70


def test_home_cells_and_the_setup_notation():
    """14.1 "Home cells: White b1–e1 and b2–e2; Black b5–e5 and b6–e6."  "set-up ply: the
    four cells of that player's bad ghosts, ascending (letter, then row), e.g. b1c1d2e2"."""
    state = GAME.initial_state()
    assert set(GAME.pieces(state)) == {f + r for f in "bcde" for r in "1256"}
    assert "b1c1d2e2" in names(GAME, state)
    assert GAME.parse_move("e2d2c1b1", state) == GAME.parse_move("b1c1d2e2", state)
    state = GAME.replay(SETUPS.split())
    assert colours(state, 0) == {"b1": "B", "c1": "B", "d2": "B", "e2": "B",
                                 "b2": "G", "c2": "G", "d1": "G", "e1": "G"}
    assert colours(state, 1)["b5"] == "b" and colours(state, 1)["b6"] == "g"


@pytest.mark.parametrize("text", ["a1b1c1d1", "b5c5d6e6", "b1b1c1d1"])
def test_a_setup_names_four_distinct_home_cells_of_its_owner(text):
    """14.7.1 "each set-up names exactly 4 distinct home cells of its owner"."""
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move(text, GAME.initial_state())
    assert error.value.params["inner"] == ["ghost.setup-cells"]


@pytest.mark.parametrize("text", ["", "b2-", "zz99", "b1c1d2", "b2-b3-b4", "hello", "a6-in"])
def test_text_outside_the_notation_is_refused(text):
    with pytest.raises(InvalidMove) as error:
        GAME.parse_move(text, GAME.initial_state())
    assert error.value.code == "move.notation-because"
    assert "a6-out" in str(error.value) and "a6-out" in error.value.text("it")


def test_setups_are_sealed_and_hidden_for_the_whole_game():
    """14.2 "Each is sealed: the other player never sees it during the game."  White's is
    sealed while Black chooses (as a sealed bid); after that both stay out of the views."""
    state = GAME.replay(["b1c1d2e2"])
    assert GAME.sealed(state) == 1 and GAME.to_move(state) == 1
    assert set(colours(GAME.concealed(state), 0).values()) == {"U"}
    state = GAME.replay(SETUPS.split())
    assert GAME.sealed(state) == 0
    assert set(colours(GAME.view(state, 1), 0).values()) == {"U"}
    assert set(colours(GAME.view(state, 0), 1).values()) == {"u"}
    assert colours(GAME.view(state, 0), 0) == colours(state, 0)


# -- 14.3 turns, 14.4 moves ------------------------------------------------------------------------

def test_g1_eight_moves_at_the_start():
    """G-1 "Start, any set-ups. White has exactly 8 moves: b1-a1 b2-a2 b2-b3 c2-c3 d2-d3
    e2-e3 e2-f2 e1-f1. Black likewise has 8." """
    rng = random.Random(1)
    for _ in range(5):
        state = GAME.initial_state()
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
        assert GAME.to_move(state) == 0
        assert names(GAME, state) == sorted("b1-a1 b2-a2 b2-b3 c2-c3 d2-d3 e2-e3 e2-f2 e1-f1".split())
        black = GAME.play(state, GAME.parse_move("b2-b3", state))
        assert names(GAME, black) == sorted("b6-a6 b5-a5 b5-b4 c5-c4 d5-d4 e5-e4 e5-f5 e6-f6".split())


def test_first_player_option():
    """14.9 "first_player = White (default) | Black | random"; GH6 "DM01 draws lots"."""
    black = load_game("ghost(first_player=black)")
    assert black.to_move(black.replay(SETUPS.split())) == 1
    drawn = load_game("ghost(first_player=random)")
    state = drawn.replay(SETUPS.split())
    assert drawn.to_move(state) == CHANCE and names(drawn, state) == ["first=black", "first=white"]
    assert all(drawn.probability(state, m) == 0.5 for m in drawn.legal_moves(state))
    assert drawn.to_move(drawn.replay([*SETUPS.split(), "first=black"])) == 1


G2_WHITE, G2_BLACK = "a6 G, b2 B, c2 G, d2 B", "b6 B, c5 G, e5 G, e6 B"


def test_g2_exit():
    """G-2 "White has exactly 11 moves: a6-a5 a6xb6 a6-out b2-a2 b2-b1 b2-b3 c2-c1 c2-c3 d2-d1
    d2-d3 d2-e2. After a6-out, White wins by escape." 14.4.3 "Exit: a good ghost that stands
    on one of the opponent's two corner cells ... may, as his move, leave the board"."""
    state = GAME.position(G2_WHITE, G2_BLACK, lost=(2, 2, 2, 2))
    assert names(GAME, state) == sorted("a6-a5 a6xb6 a6-out b2-a2 b2-b1 b2-b3 c2-c1 c2-c3 "
                                        "d2-d1 d2-d3 d2-e2".split())
    end = GAME.play(state, GAME.parse_move("a6-out", state))
    outcome = GAME.outcome(end)
    assert (outcome.winner, outcome.reason) == (0, "exit")
    assert GAME.outcome_text(outcome) == "White wins: a good ghost of the winner left the board"


def test_g2_a_bad_ghost_never_leaves():
    """G-2 "With a6 bad and b2 good instead: 10 moves, no a6-out."  14.4.3 "A bad ghost may
    stand on those cells but never leave"."""
    state = GAME.position("a6 B, b2 G, c2 G, d2 B", G2_BLACK, lost=(2, 2, 2, 2))
    assert len(GAME.legal_moves(state)) == 10 and "a6-out" not in names(GAME, state)
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("a6-out", state)
    assert error.value.params["inner"] == ["ghost.no-exit"]


def test_g2_blacks_view():
    """G-2 "Black's view of this position shows a6, b2, c2 and d2 as "?"." """
    state = GAME.position(G2_WHITE, G2_BLACK, lost=(2, 2, 2, 2))
    seen = GAME.view(state, 1)
    assert colours(seen, 0) == {"a6": "U", "b2": "U", "c2": "U", "d2": "U"}
    assert colours(seen, 1) == colours(state, 1)
    pieces = GAME.pieces(seen)
    assert {cell: read_piece(pieces[cell]) for cell in ("a6", "b2")} == \
        {"a6": ("pawn", 0, None), "b2": ("pawn", 0, None)}
    assert read_piece(pieces["c5"]) == ("stone", 1, "G") and read_piece(pieces["b6"]) == ("stone", 1, "X")


def test_steps_and_captures_are_orthogonal_and_never_onto_ones_own():
    """14.4.1 "one of the mover's ghosts goes to an orthogonally adjacent cell that does not
    hold one of his own"; 14.4.2 "Capturing is never compulsory"."""
    state = GAME.position("c3 G, c4 B", "d3 g, b3 b", lost=(3, 3, 3, 3))
    assert names(GAME, state) == sorted("c3-c2 c3xd3 c3xb3 c4-c5 c4-b4 c4-d4".split())
    for text, code in (("c3-c4", "ghost.own-ghost"), ("c3-d4", "ghost.not-adjacent"),
                       ("c3-d3", "ghost.capture-x"), ("c4xc5", "ghost.no-capture"),
                       ("d3-d4", "ghost.not-yours")):
        with pytest.raises(IllegalMove) as error:
            GAME.parse_move(text, state)
        assert error.value.params["inner"] == [code], text


def test_g3_fourth_good_captured_wins():
    """G-3 "Black has already lost G, G, G, B. c3xc4 → White wins." 14.6.2 "the move captured
    the opponent's fourth good ghost → the mover wins"."""
    state = GAME.position("c3 B, a1 G, f2 G, d1 B", "c4 G, d5 B, e5 B, b6 B", lost=(0, 0, 3, 1))
    end = GAME.play(state, GAME.parse_move("c3xc4", state))
    assert (GAME.outcome(end).winner, GAME.outcome(end).reason) == (0, "fourth-good")


def test_g4_fourth_bad_captured_loses():
    """G-4 "Before the move, White sees d4 as "?". c4xd4 → Black wins."  14.6.3 "the move
    captured the opponent's fourth bad ghost → the opponent wins"."""
    state = GAME.position("c4 G, a1 G, f2 B, d1 B", "d4 B, b5 G, e5 G, b6 G", lost=(0, 0, 1, 3))
    assert colours(GAME.view(state, 0), 1)["d4"] == "u"
    end = GAME.play(state, GAME.parse_move("c4xd4", state))
    assert (GAME.outcome(end).winner, GAME.outcome(end).reason) == (1, "fourth-bad")
    assert "Black wins" in GAME.outcome_text(GAME.outcome(end))


def test_g4_a_good_victim_reveals_its_colour_and_play_goes_on():
    """G-4 "With d4 good instead ..., the same move reveals a good ghost and play goes on."
    14.5 "the colour of a captured ghost: the opponent yes, from the capture on"."""
    state = GAME.position("c4 G, a1 G, f2 B, d1 B", "d4 G, b5 G, e5 G, b6 B", lost=(0, 0, 1, 3))
    after = GAME.play(state, GAME.parse_move("c4xd4", state))
    assert GAME.outcome(after) is None and after.lost == (0, 0, 2, 3)
    assert GAME.marks(after)["message"] == {"key": "captured-good",
                                            "params": {"player": 1, "good": 2, "bad": 3}}
    assert GAME.ply_words(state, GAME.parse_move("c4xd4", state)) == \
        ("move.capture-good", {"move": "c4xd4"})


def test_g5_exits_are_the_opponents_corners():
    """G-5 "White has no exit move: a1 is his own corner. Black has f1-out and no a6-out.
    f1-out → Black wins."  14.1 "A player's own two corners are ordinary cells for him." """
    white, black = "a1 G, c3 G, d3 B, e3 B", "f1 G, a6 G, b4 B, e5 B"
    state = GAME.position(white, black, lost=(2, 2, 2, 2))
    assert not [n for n in names(GAME, state) if n.endswith("out")]
    state = GAME.position(white, black, to_move=1, lost=(2, 2, 2, 2))
    assert [n for n in names(GAME, state) if n.endswith("out")] == ["f1-out"]
    end = GAME.play(state, GAME.parse_move("f1-out", state))
    assert (GAME.outcome(end).winner, GAME.outcome(end).reason) == (1, "exit")


def test_g6_draw_at_the_move_limit():
    """G-6 "With max_plies=4, b2-b3 b5-b4 b3-a3 b4-a4 ends in a draw with no legal moves."
    14.6.4 "the number of moves (set-up plies not counted) has reached max_plies → draw"."""
    game = load_game("ghost(max_plies=4)")
    end = game.replay([*SETUPS.split(), *"b2-b3 b5-b4 b3-a3 b4-a4".split()])
    assert (game.outcome(end).winner, game.outcome(end).reason) == (None, "max-plies")
    assert game.legal_moves(end) == []
    assert load_game("ghost").max_plies == 300


# -- 14.7 the record, its check, the commitment ------------------------------------------------------

G8 = "b1c1d2e2 b5c5d6e6 b2-a2 e5-f5 a2-a3 f5-f4 a3-a4 f4-f3 a4-a5 f3-f2 a5-a6 f2-f1 a6-out"


def test_g8_the_record_check():
    """G-8 "... replays to a White win by escape.  The same moves with White's set-up b1b2c1e2
    fail the check at a6-out: that ghost is bad."  14.7 "every -out is made by a good ghost
    from an opponent's corner"."""
    report = GAME.check_record(G8.split())
    assert report["ok"] and (report["outcome"].winner, report["outcome"].reason) == (0, "exit")
    bad = GAME.check_record(["b1b2c1e2", *G8.split()[1:]])
    assert not bad["ok"] and bad["ply"] == 13 and "a6-out" in bad["why"]


def test_the_check_compares_revealed_colours_and_the_result():
    """14.7.3 "every colour revealed during the game equals the colour that the set-ups
    give"; 14.7.4 "the recorded result equals the replay's result"."""
    record = [*SETUPS.split(), "b2-b3", "c5-c4", "b3-b4", "c4-c3", "c2xc3"]
    assert GAME.check_record(record, revealed=[(7, "B")])["ok"]      # c5 was bad
    wrong = GAME.check_record(record, revealed=[(7, "G")])
    assert not wrong["ok"] and wrong["ply"] == 7
    result = GAME.outcome(GAME.replay(G8.split()))
    assert GAME.check_record(G8.split(), result=result)["ok"]
    other = type(result)(1, "exit", ("f1",))
    assert not GAME.check_record(G8.split(), result=other)["ok"]
    assert not GAME.check_record(["b1c1d2e2", "a1b1c1d1"])["ok"]


def test_g8_commitment_vectors():
    """G-8 "Commitment test vectors" for sha256("tavoliere-ghost|<player>|<bad cells
    ascending>|<salt>")."""
    assert commitment(0, "b1c1d2e2", "00112233445566778899aabbccddeeff") == \
        "9acb353867ff6a674704f7ff917ff18985a2ce971f8aad53df4f55d664ee59ad"
    assert commitment(1, "b5c5d6e6", "ffeeddccbbaa99887766554433221100") == \
        "e7d8caaefc3dc1acfc268e001642b5d3684a0dc770d43863c41a4753a12d3587"
    with pytest.raises(ValueError):
        commitment(0, "b1c1d2e2", "short")


def test_the_shown_record_hides_the_setups_and_notes_captured_colours():
    """14.7 "Shown record during the game: the same with S0 and S1 shown as ?; each capture
    is listed with the victim's revealed colour as a note (c4xd4 (bad))." """
    record = [*SETUPS.split(), "b2-b3", "c5-c4", "b3-b4", "c4-c3", "c2xc3"]
    answer = ask(op="view", game="ghost", moves=record, seat=0)
    assert answer["moves"] == ["?", "?", *record[2:]]
    assert answer["words"][6] == ["move.capture-bad", {"move": "c2xc3"}]  # c5 was bad
    assert GAME.text_table("en")["move.capture-good"].format(move="c2xc3") == "c2xc3 (good)"
    assert GAME.text_table("it")["move.capture-bad"].format(move="c4xd4") == "c4xd4 (cattivo)"
    end = ask(op="view", game="ghost", moves=G8.split(), seat=1)
    assert end["moves"] == G8.split()                     # "At the end both set-ups are shown"
    hidden = ask(op="view", game="ghost(reveal_at_end=false)", moves=G8.split(), seat=1)
    assert hidden["moves"][:2] == ["?", "?"]


# -- what each seat may see: nothing of the other side's colours leaks -------------------------------

def secret_cells(state, seat):
    """The cells of the uncaptured ghosts whose colour ``seat`` may not know."""
    return {ghost.GRID.names[c] for c, m in enumerate(state.board)
            if m != "." and ghost.owner_of(m) != seat}


def leaks(answer: dict, state, seat) -> list:
    """Places in a JSON answer that tell the colour of a ghost ``seat`` may not know: a piece
    token with a label on one of its cells, a set-up's name."""
    text = json.dumps(answer)
    found = []
    pieces = dict(answer.get("pieces", {}))
    for part in filter(None, answer.get("position", "").split(";")):  # op position's text
        token, cells = part.split(":")
        pieces.update({cell: token for cell in cells.split(",")})
    for cell in secret_cells(state, seat):
        token = pieces.get(cell)
        if token is not None and read_piece(token)[2] is not None:
            found.append(f"{cell}: {token}")
    for setup in ("b1c1d2e2", "b5c5d6e6"):
        owner = 0 if setup.startswith("b1") else 1
        if owner != seat and setup in text:
            found.append(setup)
    return found


@pytest.mark.parametrize("seat", [0, 1, "none"])
def test_no_answer_for_a_seat_tells_the_other_sides_colours(seat):
    """14.5 "the colours of his own ghosts: the opponent no, until captured or escaped";
    "the other player's set-up, his legal moves: never during the game"; "The legal-move list
    ... is shown only to the player to move"."""
    rng = random.Random(f"leak-{seat}")
    record = SETUPS.split()
    player = None if seat == "none" else seat
    while True:
        state = GAME.replay(record)
        if GAME.outcome(state) is not None:
            break
        for op in ("view", "position"):
            answer = ask(op=op, game="ghost", moves=record, seat=seat)
            assert answer["ok"] and leaks(answer, state, player) == [], (record, op)
        if GAME.to_move(state) == player:
            for move in GAME.legal_moves(state)[:3]:
                answer = ask(op="preview", game="ghost", moves=record,
                             move=GAME.move_name(move), seat=seat)
                assert leaks(answer, GAME.apply(state, move), player) == []
        else:
            assert ask(op="view", game="ghost", moves=record, seat=seat)["legal"] == []
        move = rng.choice(GAME.legal_moves(state))
        answer = ask(op="play", game="ghost", moves=record, move=GAME.move_name(move), seat=seat)
        answer.pop("played")  # the page's own request, echoed
        after = GAME.apply(state, move)
        if GAME.outcome(after) is None:
            assert leaks(answer, after, player) == []
        record.append(GAME.move_name(move))


def test_the_view_during_the_setups():
    """14.2 "the other player never sees it": Black, choosing his set-up, sees no colour of
    White's, and the move list does not yet show White's sealed ply."""
    answer = ask(op="view", game="ghost", moves=["b1c1d2e2"])
    assert answer["to_move"] == 1 and answer["sealed"] == 1 and answer["moves"] == []
    assert "b1c1d2e2" not in json.dumps(answer)
    assert all(read_piece(answer["pieces"][c])[2] is None for c in ("b1", "c1", "b2"))
    assert len(answer["legal"]) == 70 and answer["free_after"] == 0


def test_a_bot_gets_its_own_view():
    """14.5 "Bots get only their own view (the state with the other side's uncaptured
    colours replaced by "unknown")."  The bridge starts the search from that view."""
    record = [*SETUPS.split(), "b2-b3"]
    from tavoliere.ai import Thinker
    seen = []
    original = Thinker.__init__

    def spy(self, game, state, **budget):
        seen.append(state)
        original(self, game, state, **budget)

    Thinker.__init__ = spy
    try:
        assert ask(op="think_start", game="ghost", moves=record, iterations=5, id="g")["ok"]
    finally:
        Thinker.__init__ = original
    ask(op="think_stop", id="g")
    assert set(colours(seen[0], 0).values()) == {"U"}
    assert colours(seen[0], 1) == colours(GAME.replay(record), 1)


def test_a_guess_gives_each_side_its_good_ghosts_left():
    """14.5: each side starts with 4 good and 4 bad ghosts; a search that may not look
    (``Game.guess``, ai/mcts.py) fills the unknown colours with as many good ones as the
    side has left, never betraying the real ones: every arrangement comes up."""
    record = [*SETUPS.split(), "b2-b3", "e5-e4", "b3-b4", "b5xb4"]   # Black takes a good ghost
    state = GAME.replay(record)
    seen = GAME.view(state, 1)
    arrangements = Counter()
    for seed in range(300):
        guessed = GAME.guess(seen, 1, random.Random(seed))
        white = colours(guessed, 0)
        assert sorted(white.values()) == ["B"] * 4 + ["G"] * 3
        assert colours(guessed, 1) == colours(state, 1)
        arrangements[tuple(sorted(c for c, m in white.items() if m == "G"))] += 1
    assert len(arrangements) == 35      # 3 good among 7: C(7, 3)


def test_the_generic_bot_plays_the_same_whatever_it_cannot_see():
    """14.5 "Bots get only their own view": the generic search, given Black's view of two
    games that differ only in White's hidden colours, plays the same move with the same seed."""
    from tavoliere.ai.mcts import MctsEngine
    moves = []
    for white_setup in ("b1c1d2e2", "b2c2d1e1"):
        state = GAME.replay([white_setup, "b5c5d6e6", "b2-b3"])
        engine = MctsEngine(GAME, GAME.view(state, 1), 2, random.Random(4))
        while engine.iterations < 200:
            engine.work()
        moves.append(GAME.move_name(engine.best))
    assert moves[0] == moves[1]


# -- pictures ----------------------------------------------------------------------------------------

def test_exit_arrows_are_cells_beyond_the_corners():
    """14.1 "an exit is ghost, then the exit arrow drawn outside that corner"."""
    layout = GAME.layout()
    cells = {cell["name"]: cell for cell in layout["cells"]}
    assert cells["a7"]["y"] < cells["a6"]["y"] and cells["a0"]["y"] > cells["a1"]["y"]
    assert all(0 < p[1] < layout["height"] for name in ("a7", "f0") for p in cells[name]["points"])
    state = GAME.position(G2_WHITE, G2_BLACK, lost=(2, 2, 2, 2))
    assert GAME.clicks(GAME.parse_move("a6-out", state)) == ("a6", "a7")
    assert GAME.clicks(GAME.parse_move("b1c1d2e2", GAME.initial_state())) == ("b1", "c1", "d2", "e2")


# -- the reference -----------------------------------------------------------------------------------

def reference_of(state):
    """The reference position for an engine state after the set-ups."""
    pos = ref.new_game()
    pos.update(setups=2, turn="WB"[state.mover], moves=state.moves)
    pos["ghosts"] = {ghost.GRID.names[c]: ("W" if m.isupper() else "B",
                                           "good" if m.upper() == "G" else "bad")
                     for c, m in enumerate(state.board) if m != "."}
    w_good, w_bad, b_good, b_bad = state.lost
    pos["lost"] = {"W": {"good": w_good, "bad": w_bad}, "B": {"good": b_good, "bad": b_bad}}
    return pos


@pytest.mark.parametrize("record, depth", [("", 2), (SETUPS, 3), (SETUPS + " b2-b3 c5-c4 b3-b4", 3)])
def test_perft_equals_the_reference(record, depth):
    state, pos = GAME.replay(record.split()), ref.new_game()
    for move in record.split():
        pos = ref.play(pos, move)
    assert perft(GAME, state, depth) == ref.perft(pos, depth)


def test_perft_of_g2_equals_the_reference():
    state = GAME.position(G2_WHITE, G2_BLACK, lost=(2, 2, 2, 2))
    assert perft(GAME, state, 3) == ref.perft(reference_of(state), 3)


def compare_game(game, pos, rng, first_player=None):
    """One random game played by the engine and the reference side by side."""
    state = game.initial_state()
    while True:
        expected = ref.legal(pos)
        assert names(game, state) == sorted(expected)
        outcome = game.outcome(state)
        if not expected:
            winner = None if outcome.winner is None else "WB"[outcome.winner]
            assert (winner, outcome.reason) == pos["result"]
            return state
        move = rng.choice(expected)
        state, pos = game.play(state, game.parse_move(move, state)), ref.play(pos, move)


@pytest.mark.parametrize("spec, first", [("ghost", "W"), ("ghost(first_player=random,max_plies=60)", "random")])
def test_random_games_agree_with_the_reference(spec, first):
    game = load_game(spec)
    rng = random.Random(f"ghost-{spec}")
    for _ in range(25):
        compare_game(game, ref.new_game(first, game.max_plies), rng)


@pytest.mark.slow
def test_many_random_games_agree_with_the_reference():
    rng = random.Random("ghost-slow")
    for _ in range(1000):
        compare_game(GAME, ref.new_game(), rng)


@pytest.mark.slow
def test_g7_random_games_statistics():
    """G-7 "20,000 uniformly random games (seed 4): No position without a result ever lacked a
    legal move. Results: 8,358 fourth good captured, 8,016 fourth bad captured, 3,095 exits,
    531 draws at 300 moves. Length 15–300 moves, mean 164."  The script behind these figures
    is not in RULES.md: the counts here must come out close (within 3%), not equal."""
    rng = random.Random(4)
    reasons, lengths = Counter(), []
    for _ in range(20000):
        state = GAME.initial_state()
        while GAME.outcome(state) is None:
            moves = GAME.legal_moves(state)
            assert moves
            state = GAME.apply(state, rng.choice(moves))
        reasons[GAME.outcome(state).reason] += 1
        lengths.append(state.moves)
    expected = {"fourth-good": 8358, "fourth-bad": 8016, "exit": 3095, "max-plies": 531}
    for reason, count in expected.items():
        assert abs(reasons[reason] - count) <= 0.03 * count + 40, (reason, reasons)
    assert min(lengths) >= 5 and max(lengths) == 300
    assert abs(sum(lengths) / len(lengths) - 164) < 5


def test_what_each_ghost_was_seen_to_do_moves_with_it():
    """The public evidence a bot may weigh (14.5 "where every ghost stands, whose it is, the
    move history: yes, yes, yes"): steps towards the ghost's exits, and moves that ended next
    to an opposing ghost, kept on the cell where the ghost stands, the same in every view."""
    state = GAME.replay([*SETUPS.split(), "b2-b3", "e5-e4", "b3-b4", "e4-e3", "b4-a4", "e3-f3"])
    at = {name: ghost.GRID.index(name) for name in ("a4", "f3", "b2", "e3", "c2")}
    assert state.advanced[at["a4"]] == 3          # b2-b3, b3-b4, b4-a4: each nearer a6
    assert state.offered[at["a4"]] == 1           # on b4 it touched Black's b5
    assert state.advanced[at["f3"]] == 3          # e5-e4, e4-e3, e3-f3: each nearer f1
    assert state.offered[at["f3"]] == 1           # on e3 it touched White's e2
    assert state.advanced[at["b2"]] == state.advanced[at["e3"]] == state.advanced[at["c2"]] == 0
    assert GAME.view(state, 0).advanced == state.advanced
