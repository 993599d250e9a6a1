"""Dadi: the rules of shared/RULES.md section 12 and its acceptance tests DD-1..DD-4, the
chance plies (probabilities, seeded rolls, the bridge's roll op), records, the page's data,
and the engine against the slow reference (tests/reference/dadi_ref.py, written from the
rule text and sharing no code with the engine), compared move by move over random games.

Each test quotes the rule sentence it checks; expected values are written out by hand from
the rule text, never computed by the engine.
"""

import doctest
import json
import math
import random
from collections import Counter

import pytest

from reference import dadi_ref as ref
from tavoliere import bridge, load_game
from tavoliere.core import CHANCE, IllegalMove, InvalidMove, read_piece
from tavoliere.games import dadi
from tavoliere.games.dadi import Dadi
from tavoliere.notation import RecordError, export_record, export_sgf, parse_record

GAME = Dadi()
OPENING = "r111121 r351622 r114462".split()   # DD-2


def names(game, state):
    return [game.move_name(move) for move in game.legal_moves(state)]


def after(game, record, state=None):
    return game.replay(record.split() if isinstance(record, str) else record, state)


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def board_from_rows(game, text):
    """The cells of a diagram written as in DD-4: rows from the top, ``W3 B6 ...``."""
    lines = [line.split() for line in text.strip().splitlines()]
    cells = {}
    for line in lines:
        rank = int(line[0])
        for file, token in enumerate(line[1:]):
            if token != "##":
                cells[f"{'abcdefgh'[file]}{rank}"] = ("WBRU".index(token[0]), int(token[1]))
    return cells


def play_out(game, seed, bot=None):
    """A seeded game: rolls drawn with ``roll``, moves by ``bot`` (random by default)."""
    rng = random.Random(seed)
    state, states, moves = game.initial_state(), [], []
    while game.outcome(state) is None:
        if game.to_move(state) == CHANCE:
            move = game.roll(state, rng)
        else:
            move = (bot or (lambda s: rng.choice(game.legal_moves(s))))(state)
        states.append(state)
        moves.append(move)
        state = game.apply(state, move)
    return states + [state], moves


def test_the_module_examples_run():
    assert doctest.testmod(dadi).failed == 0


# -- 12.1 board, equipment and notation --------------------------------------------------------

@pytest.mark.parametrize("players, side, each, batch, void, first", [
    (2, 6, 18, 6, 15, ["c3", "c4", "d3", "d4"]),
    (3, 7, 16, 4, 10, None),
    (4, 8, 16, 4, 10, ["d4", "d5", "e4", "e5"]),
])
def test_the_table_of_boards(players, side, each, batch, void, first):
    """"| 2 (default) | 6×6, a1–f6 | 18 | 6 | sum < 15 | on c3, c4, d3 or d4 |" and the rows
    for 3 and 4 players; "The dice exactly fill the playable cells: 36, 48 = 49 − 1, and 64"."""
    game = load_game(f"dadi(players={players})")
    assert game.players == players
    assert (game.side, game.dice_each, game.batch, game.void_limit) == (side, each, batch, void)
    assert len(game.playable) == {2: 36, 3: 48, 4: 64}[players] == players * each
    state = game.initial_state()
    assert game.to_move(state) == CHANCE and state.due == batch
    assert len(game.legal_moves(state)) == math.comb(batch + 5, 5)   # 462 or 126 rolls
    allowed = sorted(game.grid.names[c] for c in game.first_cells)
    if first is None:   # "anywhere except d4"
        assert len(allowed) == 48 and "d4" not in allowed
    else:
        assert allowed == sorted(first)


def test_the_default_game_has_two_players_and_the_options_of_12_5():
    """"`players` = 2 (default) | 3 | 4; `void_rule` = every_batch (default) | opening;
    `tiebreak` = none (default) | lines"."""
    assert load_game("dadi").players == 2
    options = {o.name: o for o in Dadi.options}
    assert (options["players"].default, options["players"].low, options["players"].high) == (2, 2, 4)
    assert options["void_rule"].choices == ("every_batch", "opening")
    assert options["tiebreak"].choices == ("none", "lines")
    assert Dadi.players_option == "players" and Dadi().info()["players_option"] == "players"
    assert Dadi().info()["chance"] is True
    for bad in ("dadi(players=5)", "dadi(players=1)", "dadi(void_rule=never)"):
        with pytest.raises(ValueError):
            load_game(bad)


def test_with_three_players_d4_stays_empty_all_game():
    """"With 3 players d4 stays empty all game"; it is drawn as a blocked cell."""
    game = load_game("dadi(players=3)")
    states, moves = play_out(game, 5)
    assert all(state.board[game.grid.index("d4")] is None for state in states)
    assert game.pieces(states[-1])["d4"] == "block"
    assert {c["name"]: c["tone"] for c in game.layout()["cells"]}["d4"] == 1
    assert all(not name.startswith("d4=") for state in states[:-1] for name in names(game, state))


def test_six_tokens_form_a_common_supply():
    """"6 "segna 6" tokens form a common supply"."""
    for players in (2, 3, 4):
        game = load_game(f"dadi(players={players})")
        state = game.initial_state()
        assert state.supply == 6 and set(state.tokens) == {0}
        assert game.pieces(state)["supply"] == "counter=6"


def test_roll_names_are_ascending_and_read_in_any_order():
    """"`r122356` is a chance ply: `r` and the dice values in ascending order (...; input in
    any order is accepted). It is 6 digits for a 2-player batch, 4 for a 3–4-player batch,
    and 1 after a token"."""
    state = GAME.initial_state()
    assert GAME.move_name(GAME.parse_move("r653221", state)) == "r122356"
    assert GAME.parse_move("R122356", state) == ("r", 1, 2, 2, 3, 5, 6)
    four = load_game("dadi(players=4)")
    assert GAME.move_name(four.parse_move("r6121", four.initial_state())) == "r1126"
    token = after(GAME, OPENING + ["first=1", "d4=6", "c3=1", "t4"])
    assert names(GAME, token) == ["r1", "r2", "r3", "r4", "r5", "r6"]


def test_placements_tokens_and_the_choice_are_named_as_in_12_1():
    """"`d4=3` is a placement: the cell, then the value of the die placed"; "`t3` spends a
    token"; "`first=1` is the opening choice of who begins"."""
    chooser = after(GAME, OPENING)
    assert names(GAME, chooser) == ["first=0", "first=1"]
    four = load_game("dadi(players=4)")
    state = after(four, "r1126 r1225 r1334 r1144 first=3")   # Red's 11 chose Blue
    assert state.actor == 3
    assert GAME.move_name(("p", GAME.grid.index("d4"), 3, 0, 1)) == "d4=3"
    assert GAME.move_name(("t", 3)) == "t3"


def test_the_opening_highest_total_among_four():
    """"The player with the highest total then plays `first=k`"."""
    four = load_game("dadi(players=4)")
    state = after(four, "r1126 r1225 r1334 r1144")   # totals 10, 10, 11, 10
    assert four.to_move(state) == 2 and names(four, state) == [f"first={k}" for k in range(4)]


# -- 12.2 turn structure ---------------------------------------------------------------------------

def test_dd1_a_void_opening_roll_is_rolled_again():
    """DD-1: "`r111121` for White totals 7 < 15: it is void, and the next ply is again White's
    roll"."""
    state = after(GAME, "r111121")
    assert GAME.to_move(state) == CHANCE and state.actor == 0 and state.due == 6
    assert state.hands == ((), ()) and state.reserve == (18, 18)
    assert GAME.marks(state)["message"] == {"key": "void",
                                            "params": {"player": 0, "total": 7, "limit": 15}}


def test_dd2_the_opening_and_blacks_sixteen_first_placements():
    """DD-2: "White's batch is 3 5 1 6 2 2 (19) and Black's is 1 1 4 4 6 2 (18)"; "White
    chooses; with `first=1` Black begins"; "Black has exactly 16 first placements: c3, c4, d3
    or d4, times the values 1, 2, 4, 6"."""
    state = after(GAME, OPENING)
    assert state.hands == ((1, 2, 2, 3, 5, 6), (1, 1, 2, 4, 4, 6))
    assert state.reserve == (12, 12)          # "This opening roll is the player's first batch"
    assert GAME.to_move(state) == 0 and state.stage == dadi.CHOOSE
    assert GAME.marks(state)["message"] == {"key": "chooses", "params": {"player": 0, "total": 19}}
    state = after(GAME, ["first=1"], state)
    assert GAME.to_move(state) == 1
    expected = sorted(f"{cell}={value}" for cell in ("c3", "c4", "d3", "d4") for value in (1, 2, 4, 6))
    assert sorted(names(GAME, state)) == expected and len(expected) == 16
    shaded = GAME.marks(state)["shaded"]
    assert len(shaded) == 32 and not {"c3", "c4", "d3", "d4"} & set(shaded)


def test_dd3_a_six_earns_a_token_and_a_token_rerolls_a_die():
    """DD-3: "Continue `d4=6 c3=1`. Black's 6 earns a token (Black 1, supply 5). Black now
    has 105 legal plies: 34 cells × 3 values (1, 2, 4), plus `t1`, `t2`, `t4`. `t4 r2` turns
    one 4 into a 2, giving Black's unplaced dice 1 1 2 2 4; after `b2=2` they are 1 1 2 4"."""
    state = after(GAME, OPENING + ["first=1", "d4=6"])
    assert state.tokens == (0, 1) and state.supply == 5
    state = after(GAME, ["c3=1"], state)
    legal = names(GAME, state)
    assert len(legal) == 105 == 34 * 3 + 3
    assert sorted(n for n in legal if n.startswith("t")) == ["t1", "t2", "t4"]
    assert {n.split("=")[1] for n in legal if "=" in n} == {"1", "2", "4"}
    state = after(GAME, ["t4"], state)
    assert GAME.to_move(state) == CHANCE and state.due == 1
    assert state.tokens == (0, 0) and state.supply == 6    # "A spent token returns"
    state = after(GAME, ["r2"], state)
    assert state.hands[1] == (1, 1, 2, 2, 4) and GAME.to_move(state) == 1
    assert GAME.marks(state)["message"] == {"key": "rerolled",
                                            "params": {"player": 1, "old": 4, "new": 2}}
    state = after(GAME, ["b2=2"], state)
    assert state.hands[1] == (1, 1, 2, 4) and GAME.to_move(state) == 0


def test_tied_opening_totals_roll_again_and_replace_their_batches():
    """"If the highest totals tie, only the tied players roll again, in seat order; the new
    rolls replace their batches, and the highest of the new totals chooses (again among the
    tied players only, repeated while they tie)"."""
    three = load_game("dadi(players=3)")
    state = after(three, "r3346 r1126 r3346")        # 16, 10, 16: White and Red tie
    assert three.to_move(state) == CHANCE and state.actor == 0 and state.contenders == (0, 2)
    assert three.marks(state)["message"] == {"key": "tie", "params": {"total": 16}}
    state = after(three, "r2233 r1233", state)       # 10 and 9: Red's is void, rolled again
    assert state.actor == 2 and three.marks(state)["message"]["key"] == "void"
    state = after(three, "r2233", state)             # 10 and 10: tied again
    assert state.contenders == (0, 2) and state.actor == 0
    state = after(three, "r1144 r1111", state)       # 10 and 4 (void) ...
    state = after(three, "r1135", state)             # ... then 10 and 10 once more
    state = after(three, "r2236 r2235", state)       # 13 and 12: White chooses
    assert three.to_move(state) == 0 and state.stage == dadi.CHOOSE
    assert state.hands == ((2, 2, 3, 6), (1, 1, 2, 6), (2, 2, 3, 5))
    assert state.reserve == (12, 12, 12)             # replaced, not added
    # Black, lower, never rolled again: a lower total of 10 would otherwise have tied
    state = after(three, ["first=2"], state)
    assert three.to_move(state) == 2


def test_turns_go_in_seat_order_from_the_chosen_player():
    """"Turns go in seat order ("clockwise") from the chosen player"."""
    four = load_game("dadi(players=4)")
    state = after(four, "r1126 r1225 r1334 r1144 first=3")
    seen = []
    rng = random.Random(3)
    for _ in range(9):
        seen.append(four.to_move(state))
        state = four.apply(state, next(m for m in four.legal_moves(state) if m[0] == "p"))
        while four.to_move(state) == CHANCE:
            state = four.apply(state, four.roll(state, rng))
    assert seen == [3, 0, 1, 2, 3, 0, 1, 2, 3]


def test_a_new_batch_is_rolled_when_the_mover_has_no_unplaced_dice():
    """"a. first, if he has no unplaced dice and still has dice in reserve, has his next batch
    rolled: a chance ply, repeated while void (REC: the void rule applies to every batch)"."""
    game = load_game("dadi")
    state = after(game, "r333444 r444444 first=0")      # 21 and 24: Black chooses White
    assert state.actor == 0
    cells = iter(n for n in game.grid.names if n not in ("c3",))
    record = ["c3=3"]
    white, black = [3, 3, 4, 4, 4], [4] * 6
    for _ in range(5):
        record.append(f"{next(cells)}={black.pop()}")
        record.append(f"{next(cells)}={white.pop()}")
    state = after(game, record, state)
    assert state.hands == ((), (4,)) and game.to_move(state) == 1
    black_last = f"{next(cells)}=4"
    state = after(game, [black_last], state)             # Black's last; White's batch is due
    assert game.to_move(state) == CHANCE and state.actor == 0 and state.due == 6
    void = after(game, ["r111123"], state)               # 9 < 15: void, again White's roll
    assert game.to_move(void) == CHANCE and void.actor == 0 and void.hands[0] == ()
    stands = after(game, ["r111156"], void)             # 15: stands
    assert stands.hands[0] == (1, 1, 1, 1, 5, 6) and stands.reserve == (6, 12)
    # option void_rule=opening: the void rule is only for the opening
    opening = load_game("dadi(void_rule=opening)")
    later = after(opening, "r333444 r444444 first=0".split() + record
                  + [black_last, "r111123"])
    assert opening.to_move(later) == 0 and later.hands[0] == (1, 1, 1, 1, 2, 3)
    assert opening.to_move(after(opening, "r111121")) == CHANCE   # ... but at the opening


def test_a_token_is_spent_only_on_the_movers_unplaced_dice_before_placing():
    """"A token may be spent only in the mover's own turn, before the placement, and only on
    one of his unplaced dice. The new value stands, with no void rule for a single die. A
    re-rolled 6 earns a token only when it is placed." And several per turn (DD4)."""
    cells = {"a1": (0, 6), "b1": (1, 6), "c1": (0, 6)}
    state = GAME.position(cells, hands=[(1, 2), (3,)], tokens=(2, 1), mover=0)
    assert names(GAME, state)[-2:] == ["t1", "t2"]
    state = after(GAME, "t1 r6", state)                 # a re-rolled 6: no token yet
    assert state.tokens == (1, 1) and state.supply == 4 and state.hands[0] == (2, 6)
    state = after(GAME, "t2 r1", state)                 # a second token in the same turn
    assert state.tokens == (0, 1) and state.supply == 5 and state.hands[0] == (1, 6)
    assert not any(n.startswith("t") for n in names(GAME, state))
    state = after(GAME, "d1=6", state)                  # placed: now it earns one
    assert state.tokens == (1, 1) and state.supply == 4
    assert GAME.marks(state)["message"] == {"key": "six", "params": {"player": 0}}
    # Black holds a token but has no 1: only his own unplaced 3
    assert [n for n in names(GAME, state) if n.startswith("t")] == ["t3"]


def test_a_six_earns_a_token_only_while_the_supply_lasts():
    """"When a player places a 6 he takes one token from the supply, if any is left"."""
    state = GAME.position({"a1": (0, 1)}, hands=[(6,), (6,)], tokens=(4, 2), supply=0, mover=0)
    state = after(GAME, "b1=6", state)
    assert state.tokens == (4, 2) and state.supply == 0


def test_a_mover_always_has_a_die_while_the_board_is_not_full():
    """With equal dice and turns in seat order, when a turn begins the mover has placed
    floor(turns / players) < dice each dice: he always has an unplaced die or one in
    reserve, and the board is full exactly when everyone's last die is placed ("The game
    ends when the last die is placed; the board is then full")."""
    for players in (2, 3, 4):
        game = load_game(f"dadi(players={players})")
        for seed in range(3):
            states, moves = play_out(game, seed)
            for state in states[:-1]:
                if state.stage == dadi.PLAY and not state.due:
                    mover = state.actor
                    assert state.hands[mover], "a mover without unplaced dice"
                    placed = sum(1 for die in state.board if die)
                    mine = sum(1 for die in state.board if die and die[0] == mover)
                    assert mine == placed // players
            last = states[-1]
            assert game.is_full(last) and set(last.reserve) == {0}
            assert last.hands == ((),) * players


# -- 12.3 end and scoring --------------------------------------------------------------------------

DD4 = """
6  W3 B6 W5 W6 B4 B6
5  W4 B3 B2 W2 B3 B6
4  B5 B4 W2 W5 W5 B1
3  W5 W3 W1 W2 W5 B4
2  B3 B6 W1 W6 B1 B1
1  B4 W1 B4 W1 W5 B1
"""


def test_dd4_the_constructed_board_scores_60_to_47():
    """DD-4: "Each side has 18 dice. Column a is tied 12–12 and scores for nobody. White wins
    6 lines for 60, Black 5 lines for 47, so White wins 60–47"."""
    cells = board_from_rows(GAME, DD4)
    assert Counter(owner for owner, _ in cells.values()) == {0: 18, 1: 18}
    state = GAME.position(cells, tokens=(0, 0))
    outcome = GAME.outcome(state)
    assert outcome.winner == 0 and outcome.scores == (60, 47) and outcome.reason == "score"
    assert GAME.outcome_text(outcome) == "White wins: most points (60\u201347)"
    assert GAME.outcome_text(outcome, "it") == "Vince il Bianco: più punti (60\u201347)"
    lines = {line["line"]: line for line in GAME.notes(state)["lines"]}
    assert lines["cola"]["sums"] == [12, 12] and lines["cola"]["winner"] is None
    assert GAME.notes(state)["lines_won"] == [6, 5]
    pieces = GAME.pieces(state)
    assert pieces["cola"] == "marker"
    assert sum(int(read_piece(pieces[line])[2]) for line in lines
               if read_piece(pieces[line])[1] == 0) == 60
    assert GAME.legal_moves(state) == []
    assert ref.result(ref_position(cells)) == (0, [60, 47])


def ref_position(cells, n=2):
    pos = ref.new_game(n)
    pos["cells"] = dict(cells)
    pos["phase"] = "turn"
    return pos


def test_a_shared_lowest_sum_scores_for_nobody_even_with_a_higher_third():
    """"if the lowest sum is shared by two or more players, nobody scores the line, even when
    another player has a higher sum"; "With 3 players, d4's row and column simply have one
    cell fewer"."""
    three = load_game("dadi(players=3)")
    row4 = {"a4": (0, 2), "b4": (1, 1), "c4": (2, 6), "e4": (0, 1), "f4": (1, 2), "g4": (2, 6)}
    state = three.position(row4)
    (sums, winner, score) = three.line_results(state)[3]
    assert sums == (3, 3, 12) and winner is None and score == 0
    assert len(three.lines[3]) == 6 and len(three.lines[7 + 3]) == 6


def test_equal_scores_draw_and_the_lines_tiebreak():
    """"Equal scores → draw (REC) ... Option `tiebreak=lines`: more lines won breaks the tie,
    then a draw"."""
    # White's 1s in rows 1-3 and Black's 1s in rows 4-6: each row is won by its owner (6
    # points), each column is tied 3-3
    cells = {f"{f}{r}": (0 if r <= 3 else 1, 1) for f in "abcdef" for r in range(1, 7)}
    state = GAME.position(cells)
    outcome = GAME.outcome(state)
    assert outcome.winner is None and outcome.scores == (18, 18) and outcome.reason == "equal-score"
    assert GAME.outcome_text(outcome) == "Draw: equal points (18\u201318)"
    lines = load_game("dadi(tiebreak=lines)")
    assert lines.outcome(lines.position(cells)).winner is None   # 3 lines each: still a draw
    assert lines.outcome(lines.position(cells)).reason == "equal-score"


def test_the_lines_tiebreak_breaks_equal_points():
    """"Option `tiebreak=lines`: more lines won breaks the tie, then a draw"."""
    game = load_game("dadi(tiebreak=lines)")
    # rows 1-3 White, 4-6 Black, all 1s: rows 6 points each, columns tied.  Then make
    # column a White's: a4..a6 become Black 2s, so column a is 3 (White) against 6 (Black):
    # White wins it for 3 but loses 3 points in... rows 4-6 now score 7 each for Black.
    cells = {f"{f}{r}": (0 if r <= 3 else 1, 1) for f in "abcdef" for r in range(1, 7)}
    for r in (4, 5, 6):
        cells[f"a{r}"] = (1, 2)
    # White: rows 6+6+6 + column a 3 = 21 in 4 lines; Black: rows 7+7+7 = 21 in 3 lines
    state = game.position(cells)
    assert game.scores(state) == ((21, 21), (4, 3))
    outcome = game.outcome(state)
    assert outcome.winner == 0 and outcome.reason == "lines" and outcome.scores == (21, 21)
    assert game.outcome_text(outcome, "it") == \
        "Vince il Bianco: parità di punti, più righe e colonne conquistate (21\u201321)"
    assert GAME.outcome(GAME.position(cells)).winner is None


# -- chance plies --------------------------------------------------------------------------------

@pytest.mark.parametrize("spec, record", [("dadi", []), ("dadi(players=4)", []),
                                          ("dadi", OPENING + ["first=1", "d4=6", "c3=1", "t4"])])
def test_the_probabilities_of_the_rolls_sum_to_one(spec, record):
    """"the game gives each roll's probability (multinomial over the dice)"."""
    game = load_game(spec)
    state = after(game, record)
    total = sum(game.probability(state, move) for move in game.legal_moves(state))
    assert abs(total - 1) < 1e-12
    pos = ref.new_game(game.players)
    if record:
        for text in record:
            pos = ref.play(pos, text)
    if game.players == 4 or record:   # the reference's count of ordered throws (small cases)
        for move in game.legal_moves(state)[:40]:
            assert abs(game.probability(state, move) - ref.probability(pos, game.move_name(move))) < 1e-12


def test_the_chance_of_a_few_rolls_by_hand():
    """r111111 is 1 of 6**6 throws; r123456 is 6! of them; r112233 is 6!/(2!2!2!)."""
    state = GAME.initial_state()
    assert GAME.probability(state, ("r", 1, 1, 1, 1, 1, 1)) == 1 / 6 ** 6
    assert GAME.probability(state, ("r", 1, 2, 3, 4, 5, 6)) == 720 / 6 ** 6
    assert GAME.probability(state, ("r", 1, 1, 2, 2, 3, 3)) == 90 / 6 ** 6


def test_a_seeded_roll_is_legal_and_follows_the_probabilities():
    """``roll`` draws the dice one by one: the same distribution as ``probability`` (a
    chi-square test over the 126 rolls of 4 dice, 20,000 draws) and always a legal roll."""
    four = load_game("dadi(players=4)")
    state = four.initial_state()
    legal = set(four.legal_moves(state))
    rng = random.Random(12)
    draws = 20000
    counts = Counter(four.roll(state, rng) for _ in range(draws))
    assert set(counts) <= legal
    chi2 = sum((counts[m] - draws * four.probability(state, m)) ** 2 / (draws * four.probability(state, m))
               for m in legal)
    assert chi2 < 190          # 125 degrees of freedom: p < 0.0002 above 190
    one = after(GAME, OPENING + ["first=1", "d4=6", "c3=1", "t4"])
    assert set(Counter(GAME.roll(one, rng) for _ in range(600))) == set(GAME.legal_moves(one))
    assert GAME.roll(state, random.Random(7)) == GAME.roll(state, random.Random(7))


def test_the_bridge_rolls_with_a_seed_or_the_systems_source():
    """"The page rolls ... from the browser's cryptographic random source"; tests give a seed."""
    moves = OPENING + ["first=1", "d4=6", "c3=1", "t4"]
    legal = set(names(GAME, after(GAME, moves)))
    seeded = ask(op="roll", game="dadi", moves=moves, seed=7)
    assert seeded["ok"] and seeded["move"] in legal
    assert ask(op="roll", game="dadi", moves=moves, seed=7)["move"] == seeded["move"]
    unseeded = ask(op="roll", game="dadi", moves=[])
    assert unseeded["ok"] and len(unseeded["move"]) == 7
    assert unseeded["move"] in names(GAME, GAME.initial_state())
    refused = ask(op="roll", game="dadi", moves=OPENING)
    assert refused["ok"] is False and refused["code"] == "request.no-roll"


def test_the_bridge_shows_a_chance_ply_without_moves_and_refuses_to_think_there():
    view = ask(op="view", game="dadi", moves=["r111121"])
    assert view["to_move"] == CHANCE and view["legal"] == []
    assert view["marks"]["message"]["key"] == "void"
    refused = ask(op="think_start", game="dadi", moves=[])
    assert refused["ok"] is False and refused["code"] == "request.chance"
    view = ask(op="view", game="dadi", moves=OPENING + ["first=1"])
    placement = next(m for m in view["legal"] if m["name"] == "c3=4")
    assert placement["clicks"] == ["p1d4", "c3"] and placement["steps"] == ["die", "cell"]
    view = ask(op="view", game="dadi", moves=OPENING + ["first=1", "d4=6", "c3=1"])
    tokens = [m for m in view["legal"] if not m["clicks"]]
    assert [m["name"] for m in tokens] == ["t1", "t2", "t4"]
    assert view["last"]["cells"] == ["c3"] and view["last"]["player"] == 0
    assert view["players"] == 2


def test_the_bridge_words_the_rolls_for_the_page():
    """A roll is written `r122356` (dice ascending); the move list and the messages show its
    dice."""
    view = ask(op="view", game="dadi", moves=OPENING + ["first=1", "d4=6"])
    words = [["move.roll", {"dice": " ".join(sorted(name[1:]))}] for name in OPENING] + [None, None]
    assert view["words"] == words
    assert "words" not in ask(op="view", game="havannah(size=5)", moves=["c3"])


# -- records -------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec", ["dadi", "dadi(players=3)", "dadi(players=4,tiebreak=lines)"])
def test_a_seeded_game_replays_exactly_through_a_record(spec):
    """"replays, links and saved games apply the recorded chance plies"."""
    game = load_game(spec)
    states, moves = play_out(game, 21)
    text = export_record(spec, [game.move_name(m) for m in moves], {"White": "Anna"})
    record = parse_record(text)
    assert record.game == game.spec
    assert game.replay(record.moves) == states[-1]
    assert record.tags["Result"] == game.outcome_text(game.outcome(states[-1]))
    half = [game.move_name(m) for m in moves[:40]]
    assert game.replay(parse_record(export_record(spec, half)).moves) == states[40]


def test_sgf_is_for_havannah_only():
    with pytest.raises(RecordError) as caught:
        export_sgf("dadi", OPENING)
    assert caught.value.code == "sgf.havannah-only"


# -- names and errors ------------------------------------------------------------------------------

@pytest.mark.parametrize("record, text, code", [
    ([], "zz99", "dadi.write"),
    ([], "r1234566", "dadi.roll-count"),
    ([], "r123457", "dadi.pips"),
    ([], "d4=3", "dadi.roll-due"),
    ([], "q9=3", "board.not-a-cell"),
    (OPENING, "r123456", "dadi.no-roll"),
    (OPENING, "d4=3", "dadi.not-yet"),
    (OPENING, "t3", "dadi.not-yet"),
    (OPENING, "first=2", "dadi.no-player"),
    (OPENING + ["first=1"], "first=0", "dadi.no-choice"),
    (OPENING + ["first=1"], "a1=1", "dadi.first-centre"),
    (OPENING + ["first=1"], "c3=3", "dadi.no-die"),
    (OPENING + ["first=1"], "t1", "dadi.no-token"),
    (OPENING + ["first=1", "d4=6"], "d4=1", "move.occupied"),
    (OPENING + ["first=1", "d4=6", "c3=1"], "t3", "dadi.no-die"),
])
def test_a_bad_move_says_what_is_wrong(record, text, code):
    state = after(GAME, record)
    with pytest.raises((InvalidMove, IllegalMove)) as caught:
        GAME.parse_move(text, state)
    error = caught.value
    assert code in (error.code, *error.params.get("inner", ()))
    assert error.text("it") != str(error)


def test_blocked_d4_is_refused_with_its_reason():
    three = load_game("dadi(players=3)")
    state = after(three, "r3346 r1126 r2256 first=0")
    with pytest.raises(IllegalMove) as caught:
        three.parse_move("d4=3", state)
    assert caught.value.params["inner"] == ["dadi.blocked"]
    assert "d4 stays empty" in str(caught.value)


def test_the_game_over_refuses_any_move():
    state = GAME.position(board_from_rows(GAME, DD4))
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move("r123456", state)
    assert caught.value.code == "move.game-over"


# -- the page's data -------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_layout_has_the_board_racks_tokens_supply_and_result_cells(players):
    game = load_game(f"dadi(players={players})")
    layout = game.layout()
    cells = [c["name"] for c in layout["cells"]]
    assert len(cells) == len(set(cells))
    side = game.side
    expected = set(game.grid.names) | {"supply"}
    expected |= {f"row{r}" for r in range(1, side + 1)} | {f"col{f}" for f in "abcdefgh"[:side]}
    for p in range(players):
        expected |= {f"p{p}t"} | {f"p{p}d{j}" for j in range(1, game.batch + 1)}
    assert set(cells) == expected
    for cell in layout["cells"]:       # everything inside the box
        for x, y in cell["points"]:
            assert 0 <= x <= layout["width"] and 0 <= y <= layout["height"]
    # a narrow screen: the layout is taller than wide, or about square
    assert layout["width"] <= layout["height"] * 1.05
    # no two cells overlap (their centres are at least most of a rack slot apart)
    centres = [(c["x"], c["y"]) for c in layout["cells"]]
    for i, (x, y) in enumerate(centres):
        for u, v in centres[i + 1:]:
            assert max(abs(x - u), abs(y - v)) > 0.7


def test_the_racks_show_the_unplaced_dice_sorted_and_the_tokens():
    state = after(GAME, OPENING + ["first=1", "d4=6"])
    pieces = GAME.pieces(state)
    assert [pieces[f"p0d{j}"] for j in range(1, 7)] == \
        ["die.0=1", "die.0=2", "die.0=2", "die.0=3", "die.0=5", "die.0=6"]
    assert [pieces.get(f"p1d{j}") for j in range(1, 7)] == \
        ["die.1=1", "die.1=1", "die.1=2", "die.1=4", "die.1=4", None]
    assert pieces["d4"] == "die.1=6" and pieces["p1t"] == "counter.1=1"
    assert pieces["p0t"] == "counter.0=0" and pieces["supply"] == "counter=5"
    notes = GAME.notes(state)
    assert notes["hands"] == [[1, 2, 2, 3, 5, 6], [1, 1, 2, 4, 4]]
    assert notes["reserve"] == [12, 12] and notes["tokens"] == [0, 1] and notes["supply"] == 5


def test_a_placement_is_clicked_from_the_rack_then_on_the_cell():
    state = after(GAME, OPENING + ["first=1", "d4=6"])
    moves = {GAME.move_name(m): m for m in GAME.legal_moves(state)}
    assert GAME.clicks(moves["c3=2"]) == ("p0d2", "c3")
    assert GAME.clicks(moves["c3=6"]) == ("p0d6", "c3")
    assert GAME.click_steps(moves["c3=2"]) == ("die", "cell")
    assert GAME.move_cells(moves["c3=2"]) == ("c3",)
    state = after(GAME, ["c3=1"], state)
    token = GAME.parse_move("t4", state)
    assert GAME.clicks(token) == () and GAME.move_cells(token) == ()
    for language in ("en", "it"):
        table = GAME.text_table(language)
        assert table["move.t4"] and table["move.first=3"] and table["step.die"]
    assert GAME.text_table("it")["move.first=1"] == "Comincia il Nero"
    assert GAME.text_table("it")["player.2"] == "Rosso"


def test_a_click_on_any_die_of_a_value_counts_as_one_on_the_first():
    state = after(GAME, OPENING + ["first=1"])          # Black holds 1 1 2 4 4 6
    assert GAME.same_cells(state) == {"p1d2": "p1d1", "p1d5": "p1d4"}
    assert ask(op="view", game="dadi", moves=OPENING + ["first=1"])["same"] == {
        "p1d2": "p1d1", "p1d5": "p1d4"}
    state = after(GAME, ["d4=6"], state)                # White holds 1 2 2 3 5 6
    assert GAME.same_cells(state) == {"p0d3": "p0d2"}
    assert GAME.same_cells(after(GAME, ["r111121"])) == {}   # a roll is due
    assert "same" not in ask(op="view", game="dadi", moves=["r111121"])


def test_the_diagram_is_plain_text():
    state = GAME.position(board_from_rows(GAME, DD4))
    text = GAME.diagram(state)
    assert text.splitlines()[0] == " 6 W3 B6 W5 W6 B4 B6"
    assert "White wins: most points (60\u201347)" in text


# -- the slow reference ----------------------------------------------------------------------------

def compare_with_reference(spec, seed, n, void_rule="every_batch", tiebreak="none"):
    """One seeded random game, the engine and the reference side by side: the same legal
    plies, the same player to move, the same result."""
    game = load_game(spec)
    pos = ref.new_game(n, void_rule, tiebreak)
    rng = random.Random(seed)
    state = game.initial_state()
    plies = 0
    while True:
        legal = sorted(names(game, state))
        assert legal == ref.legal(pos), (spec, seed, plies)
        mover = game.to_move(state)
        assert (mover if mover != CHANCE else "chance") == ref.to_move(pos)
        outcome = game.outcome(state)
        expected = ref.result(pos)
        if outcome is None:
            assert expected is None
        else:
            assert (outcome.winner, list(outcome.scores)) == expected
            return plies
        if mover == CHANCE:
            # low rolls now and then, to reach void rolls at every batch
            text = (ref.random_roll(pos, rng) if rng.random() < 0.8
                    else rng.choice(legal[:20]))
        else:
            placements = [t for t in legal if "=" in t and not t.startswith("first")]
            others = [t for t in legal if t not in placements]
            text = rng.choice(others) if others and rng.random() < 0.3 else rng.choice(legal)
        state = game.play(state, game.parse_move(text, state))
        pos = ref.play(pos, text)
        plies += 1


@pytest.mark.parametrize("spec, n, options", [
    ("dadi", 2, {}), ("dadi(players=3)", 3, {}), ("dadi(players=4)", 4, {}),
    ("dadi(void_rule=opening,tiebreak=lines)", 2, {"void_rule": "opening", "tiebreak": "lines"}),
])
def test_random_games_agree_with_the_reference(spec, n, options):
    for seed in range(2):
        compare_with_reference(spec, seed, n, **options)


@pytest.mark.slow
@pytest.mark.parametrize("spec, n, options", [
    ("dadi", 2, {}), ("dadi(players=3)", 3, {}), ("dadi(players=4)", 4, {}),
    ("dadi(void_rule=opening,tiebreak=lines)", 2, {"void_rule": "opening", "tiebreak": "lines"}),
    ("dadi(players=3,tiebreak=lines)", 3, {"tiebreak": "lines"}),
])
def test_many_random_games_agree_with_the_reference(spec, n, options):
    for seed in range(2, 400):
        compare_with_reference(spec, seed, n, **options)
