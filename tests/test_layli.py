"""Layli Goobalay: the rules of shared/RULES.md section 10 and its acceptance tests LY-1 to
LY-4, then the engine against the slow reference (tests/reference/layli_ref.py, written from
the rule text and sharing no code with the engine): perft counts and random games compared
move for move.

Each test quotes the rule sentence it checks.  Expected values are written out by hand from
the rule text, or taken from RULES.md's verified examples, never computed by the engine.
"""

import doctest
import itertools
import random

import pytest

from reference import layli_ref as ref
from tavoliere import load_game
from tavoliere.core import IllegalMove, InvalidMove, perft
from tavoliere.games import layli
from tavoliere.games.layli import Layli

GAME = Layli()
LY3 = ["a", "e", "c", "f"]


def names(game, state):
    return [game.move_name(move) for move in game.legal_moves(state)]


def play(game, state, letter):
    return game.apply(state, game.parse_move(letter, state))


def test_the_module_examples_run():
    assert doctest.testmod(layli).failed == 0


# -- 10.1 board and notation -----------------------------------------------------------------

def test_two_rows_of_six_pits_with_four_seeds_each():
    """"Two rows of six pits. ... 48 seeds, 4 in every pit at the start." """
    state = GAME.initial_state()
    assert GAME.board_text(state) == "N(a-f) 4 4 4 4 4 4; S(a-f) 4 4 4 4 4 4"
    assert sum(state.pits) == 48 and state.stores == (0, 0)
    assert GAME.pieces(state) == {name: "counter=4" for name in "abcdefABCDEF"}


def test_south_sits_at_the_bottom_and_names_run_from_each_players_left():
    """"South's a-f run left to right as South sees the board.  North's a-f run right to left
    as South sees it."  The pits are the cells a-f (South) and A-F (North); the stores sit at
    the ends."""
    cells = {cell["name"]: cell for cell in GAME.layout()["cells"]}
    assert sorted(cells) == sorted([*"abcdefABCDEF", "south", "north"])
    assert [name for name in sorted("abcdef", key=lambda n: cells[n]["x"])] == list("abcdef")
    assert [name for name in sorted("ABCDEF", key=lambda n: cells[n]["x"])] == list("FEDCBA")
    assert cells["a"]["y"] > cells["A"]["y"]                  # South's row is below
    assert cells["F"]["x"] == cells["a"]["x"]                 # South's a faces North's f
    assert cells["C"]["x"] == cells["d"]["x"]                 # c <-> d
    assert cells["north"]["x"] < cells["a"]["x"] < cells["f"]["x"] < cells["south"]["x"]


def test_a_move_is_the_letter_of_one_of_the_movers_pits():
    """"A move is the letter of one of the mover's own pits, e.g. a." """
    assert names(GAME, GAME.initial_state()) == list("abcdef")
    state = play(GAME, GAME.initial_state(), "a")
    assert GAME.to_move(state) == 1
    moves = GAME.legal_moves(state)
    assert [GAME.move_name(m) for m in moves] == ["a", "b", "e", "f"]   # North's c, d are empty
    assert [GAME.clicks(m) for m in moves] == [("A",), ("B",), ("E",), ("F",)]


def test_the_sowing_runs_counter_clockwise_into_the_opponents_row():
    """"Sowing order (counter-clockwise): S a -> ... -> S f -> N a -> ... -> N f -> S a";
    "e and f end in North's row with no capture"."""
    state = play(GAME, GAME.initial_state(), "f")
    assert GAME.board_text(state) == "N(a-f) 7 1 6 1 6 6; S(a-f) 6 0 1 6 6 2"
    assert state.stores == (0, 0)


# -- 10.2 turn structure ---------------------------------------------------------------------

def test_south_moves_first_unless_the_option_says_north():
    """"South moves first (REC; S4 is silent; option first_player)." """
    assert GAME.to_move(GAME.initial_state()) == 0
    north = load_game("layli(first_player=north)")
    start = north.initial_state()
    assert north.to_move(start) == 1
    after = play(north, start, "a")                       # North's a: the cell A
    assert north.board_text(after) == "N(a-f) 2 7 0 6 1 6; S(a-f) 6 6 0 0 6 6"
    assert north.to_move(after) == 0


def test_options_and_their_defaults():
    """"first_player = South (default) | North; match = off (default) | on, with max_rounds
    = 20"."""
    assert GAME.settings == {"first_player": "south", "match": False, "max_rounds": 20,
                             "max_plies": 500}
    assert load_game("layli(match=true,max_rounds=5)").spec == "layli(match=true,max_rounds=5)"
    with pytest.raises(ValueError, match="first_player"):
        load_game("layli(first_player=east)")
    assert [o.name for o in Layli.options if o.hidden] == ["max_plies"]


# -- 10.3 a move: LY-1 to LY-3 ----------------------------------------------------------------

def test_ly1_opening_a_relays_four_times_and_captures_two():
    """LY-1: "The sowing lifts S a (4), then relays from S e (5), N d (5), S c (6) and N c
    (6). The last seed falls into the emptied S c. The pit opposite, N d, holds 1, so South
    captures 2.  Result: N(a-f) 6 6 0 0 6 6; S(a-f) 2 7 0 6 1 6." """
    state = play(GAME, GAME.initial_state(), "a")
    assert GAME.board_text(state) == "N(a-f) 6 6 0 0 6 6; S(a-f) 2 7 0 6 1 6"
    assert state.stores == (2, 0)
    assert GAME.marks(state)["leaving"] == ["c", "D"]         # S c and N d were emptied
    start = ref.new_game()
    lifted = [(pit, seeds[ref.ORDER.index(pit)])
              for seeds, pit in ref.lifts(dict(start["pits"]), {}, ("S", "a"))]
    assert lifted == [(("S", "a"), 4), (("S", "e"), 5), (("N", "d"), 5), (("S", "c"), 6),
                      (("N", "c"), 6)]


@pytest.mark.parametrize("letter, captured", [("b", 7), ("c", 7), ("d", 7), ("e", 0), ("f", 0)])
def test_ly2_the_other_openings(letter, captured):
    """LY-2: "b, c and d each capture 7, and e and f end in North's row with no capture." """
    state = play(GAME, GAME.initial_state(), letter)
    assert state.stores == (captured, 0)
    assert sum(state.pits) == 48 - captured


def test_ly2_the_board_after_b():
    """LY-2: "After b the board is N(a-f) 6 6 0 0 1 6; S(a-f) 6 2 7 0 6 1." """
    state = play(GAME, GAME.initial_state(), "b")
    assert GAME.board_text(state) == "N(a-f) 6 6 0 0 1 6; S(a-f) 6 2 7 0 6 1"


def test_ly3_the_record_a_e_c_f():
    """LY-3: "South's a captures 2, North's e captures nothing, South's c captures 2 and
    North's f captures nothing. The board is then N(a-f) 0 2 1 5 9 3; S(a-f) 2 6 3 1 8 4,
    with South to move." """
    state = GAME.initial_state()
    stores = []
    for letter in LY3:
        state = play(GAME, state, letter)
        stores.append(state.stores)
    assert stores == [(2, 0), (2, 0), (4, 0), (4, 0)]
    assert GAME.board_text(state) == "N(a-f) 0 2 1 5 9 3; S(a-f) 2 6 3 1 8 4"
    assert GAME.to_move(state) == 0


def test_ly3_an_endless_relay_is_not_a_legal_move():
    """LY-3: "South's c never ends: its relay returns to its starting state after 21,492
    lifts. It is therefore illegal.  South's legal moves are a and e (both end in North's
    row), b (captures 7), d (captures 7) and f (captures 2)." """
    state = GAME.replay(LY3)
    assert names(GAME, state) == ["a", "b", "d", "e", "f"]
    captures = {letter: play(GAME, state, letter).stores[0] - 4 for letter in "abdef"}
    assert captures == {"a": 0, "b": 7, "d": 7, "e": 0, "f": 2}
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("c", state)
    assert error.value.params["inner"] == ["layli.endless"]
    assert "relay for ever" in str(error.value)
    marks = GAME.marks(state)
    assert marks["shaded"] == ["c"] and marks["message"]["key"] == "endless"
    assert GAME.notes(state)["endless"] == ["c"]


def test_ly3_the_endless_relay_has_a_period_of_21492_lifts():
    """"its relay returns to its starting state after 21,492 lifts" (the reference's lifts)."""
    position = ref.new_game()
    for letter in LY3:
        position = ref.play(position, letter)
    relay = ref.lifts(dict(position["pits"]), {}, ("S", "c"))
    states = list(itertools.islice(relay, 21493))
    assert states[21492] == states[0] and states[0] not in states[1:21492]


def test_twelve_seeds_or_more_also_sow_the_emptied_starting_pit():
    """"With 12 or more seeds the emptied starting pit also receives seeds."  Twelve seeds from
    S a reach every other pit once and the last falls back into the empty S a, a stop; N f
    opposite holds 1, so South captures 2."""
    state = GAME.position("N(a-f) 0 0 0 0 0 0; S(a-f) 12 0 0 0 0 0")
    after = play(GAME, state, "a")
    assert GAME.board_text(after) == "N(a-f) 1 1 1 1 1 0; S(a-f) 0 1 1 1 1 1"
    assert after.stores == (2, 0)


def test_three_opposite_makes_a_pair_of_uurs_for_the_mover():
    """"k = 3 (Uur): one seed moves from the opposite pit into L, so both hold 2. Both pits
    become Uurs owned by the mover for the rest of the round." """
    state = GAME.position("N(a-f) 1 0 0 0 3 0; S(a-f) 1 0 0 0 0 0")
    after = play(GAME, state, "a")                    # the seed stops in S b; N e faces it
    assert GAME.board_text(after) == "N(a-f) 1 0 0 0 2S 0; S(a-f) 0 2S 0 0 0 0"
    assert after.stores == (0, 0)
    assert GAME.pieces(after) == {"A": "counter=1", "E": "counter.0=2", "b": "counter.0=2"}


def test_an_uur_is_never_lifted_and_keeps_what_falls_into_it():
    """"Seeds are never lifted from an Uur, neither to start nor to relay."  "the move stops
    when ... L is an Uur"; "Seeds later sown into an Uur stay there for its owner." """
    state = GAME.position("N(a-f) 0 0 0 1 2S 0; S(a-f) 0 2S 0 0 0 3", to_move=1)
    after = play(GAME, state, "d")                    # North's single seed falls into N e
    assert GAME.board_text(after) == "N(a-f) 0 0 0 0 3S 0; S(a-f) 0 2S 0 0 0 3"
    assert after.stores == (0, 0)
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("b", after)
    assert error.value.params["inner"] == ["layli.uur"]
    assert GAME.marks(after)["shaded"] == ["b"]


def test_a_relay_never_lifts_an_uur():
    """South's f (2 seeds) ends in N b, an Uur holding 2: the move stops there."""
    state = GAME.position("N(a-f) 1 2N 0 0 0 0; S(a-f) 1 0 0 0 0 2")
    after = play(GAME, state, "f")
    assert GAME.board_text(after) == "N(a-f) 2 3N 0 0 0 0; S(a-f) 1 0 0 0 0 0"


def test_no_capture_in_the_opponents_row():
    """"Nothing happens when ... L is in the opponent's row"."""
    state = GAME.position("N(a-f) 0 0 0 0 0 1; S(a-f) 0 0 0 0 2 2")
    after = play(GAME, state, "f")                    # stops in the empty N b, S e opposite
    assert after.stores == (0, 0)
    assert GAME.board_text(after) == "N(a-f) 1 1 0 0 0 1; S(a-f) 0 0 0 0 2 0"


def test_no_capture_opposite_an_empty_pit_or_an_uur():
    """"Nothing happens when ... the pit opposite L is empty; the pit opposite L is an Uur,
    of either owner (REC)." """
    empty = GAME.position("N(a-f) 1 0 0 0 0 0; S(a-f) 1 0 0 0 0 0")
    assert play(GAME, empty, "a").stores == (0, 0)    # S b faces the empty N e
    for owner in "SN":
        state = GAME.position(f"N(a-f) 1 0 0 0 3{owner} 0; S(a-f) 1 0 0 0 0 0")
        after = play(GAME, state, "a")
        assert after.stores == (0, 0) and after.pits[1] == 1 and after.pits[10] == 3


@pytest.mark.parametrize("k", [1, 2, 4, 9])
def test_one_two_or_four_and_more_opposite_are_captured_with_the_last_seed(k):
    """"k = 1, 2 or >= 4: the mover captures those k seeds plus the 1 seed in L; both pits
    become empty." """
    state = GAME.position(f"N(a-f) 1 0 0 0 {k} 0; S(a-f) 1 0 0 0 0 0")
    after = play(GAME, state, "a")
    assert after.stores == (k + 1, 0)
    assert GAME.board_text(after) == "N(a-f) 1 0 0 0 0 0; S(a-f) 0 0 0 0 0 0"


# -- 10.4 end of the round -------------------------------------------------------------------

def test_the_round_ends_when_the_mover_cannot_move_and_rows_go_to_their_owners():
    """"The round ends when the player to move has no legal move."  "Each player then scores:
    the seeds he captured; the contents of the Uurs he owns, in either row; the seeds in the
    non-Uur pits of his own row."  South 20 + 3 (his row) + 2 (his Uur in North's row) = 25,
    North 20 + 1 = 21."""
    state = GAME.position("N(a-f) 0 0 0 0 2S 0; S(a-f) 1 0 1 0 0 1", to_move=1, stores=(20, 20))
    assert GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert (outcome.winner, outcome.reason) == (0, "seeds")
    assert state.stores == (25, 20)                   # the seeds are collected into the stores
    assert GAME.outcome_text(outcome) == "White wins: more seeds"


def test_24_24_is_a_draw():
    """"the higher score wins; 24-24 is a draw"."""
    state = GAME.position("N(a-f) 0 0 0 0 0 0; S(a-f) 0 0 0 0 0 4", to_move=1, stores=(20, 24))
    outcome = GAME.outcome(state)
    assert (outcome.winner, outcome.reason) == (None, "equal-seeds")


def test_the_last_move_collects_the_seeds_into_the_stores():
    """After a move that leaves the opponent without a move, the board is collected."""
    state = GAME.position("N(a-f) 0 0 0 0 0 0; S(a-f) 0 0 0 1 0 3", stores=(20, 24))
    after = play(GAME, state, "d")                   # S d -> S e: North still has nothing
    assert GAME.outcome(after).winner is None
    assert after.pits == (0,) * 12 and after.stores == (24, 24)
    assert GAME.pieces(after) == {"south": "counter.0=24", "north": "counter.1=24"}


def test_ly4_seeds_are_conserved_and_games_are_short():
    """LY-4: "in 20,000 random games every final score pair summed to 48; games lasted 7-75
    plies" (here 300 games)."""
    for seed in range(300):
        rng, state, plies = random.Random(seed), GAME.initial_state(), 0
        while GAME.legal_moves(state):
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
            plies += 1
            assert sum(state.pits) + sum(state.stores) == 48
        assert sum(state.stores) == 48 and 7 <= plies <= 75


def test_a_round_that_reaches_the_safety_limit_ends_with_the_rows_collected():
    """Not in the sources: seeds may circle for ever, so a round of ``max_plies`` plies ends
    as if the mover could not move (hidden option), as Oware ends an endless cycle."""
    game = load_game("layli(max_plies=10)")
    rng, state = random.Random(5), game.initial_state()
    while game.outcome(state) is None:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert state.round_ply == 10 and game.outcome(state).reason in ("seeds", "equal-seeds")
    assert game.legal_moves(state) == [] and sum(state.stores) == 48


def test_positions_of_a_round_can_repeat():
    """Why the limit is needed: three seeds can go round and round, back to where they were
    after 18 plies, and the players may repeat that for ever."""
    start = GAME.position("N(a-f) 1 0 1 0 0 0; S(a-f) 0 1 0 0 0 0", to_move=1)
    cycle = "a b b c d d f b a f a d d e e f f a".split()
    state = GAME.replay(cycle, start)
    assert (state.pits, state.uurs, state.to_move) == (start.pits, start.uurs, start.to_move)
    assert state.round_ply == 18 and GAME.outcome(state) is None


# -- 10.5 the match --------------------------------------------------------------------------

MATCH = Layli(match=True)


def test_the_smaller_holding_is_dealt_from_f_and_copied_by_the_leader():
    """"holdings 28-20 -> both rows become a-f = 3 3 3 3 4 4, and the leader sets 8 aside";
    "The first player alternates between rounds." """
    state = MATCH.position("N(a-f) 0 0 0 0 0 0; S(a-f) 0 0 0 0 0 0", stores=(28, 20))
    assert MATCH.board_text(state) == "N(a-f) 3 3 3 3 4 4; S(a-f) 3 3 3 3 4 4"
    assert (state.round, state.aside, state.stores, MATCH.to_move(state)) == (2, (8, 0), (0, 0), 1)
    assert MATCH.marks(state)["message"] == {
        "key": "round", "params": {"round": 2, "south": 28, "north": 20, "player": 0, "aside": 8}}
    assert MATCH.pieces(state)["south"] == "counter.0=8"


def test_every_pit_gets_at_least_one_seed_when_dealt():
    """"round-robin from his rightmost pit: f, e, d, c, b, a, f, e, ...  Every pit gets at
    least one." """
    assert layli.dealt(6) == (1, 1, 1, 1, 1, 1)
    assert layli.dealt(7) == (1, 1, 1, 1, 1, 2)
    assert layli.dealt(20) == (3, 3, 3, 3, 4, 4)
    assert layli.dealt(24) == (4, 4, 4, 4, 4, 4)


def test_equal_holdings_both_deal_24():
    """"With equal holdings (24-24) both deal 24 and nothing is set aside." """
    state = MATCH.position("N(a-f) 0 0 0 0 0 0; S(a-f) 0 0 0 0 0 0", stores=(24, 24))
    assert MATCH.board_text(state) == "N(a-f) 4 4 4 4 4 4; S(a-f) 4 4 4 4 4 4"
    assert state.aside == (0, 0) and MATCH.marks(state)["message"]["key"] == "round-even"


def test_a_holding_below_six_loses_the_match():
    """"If a player's holding is below 6, he loses the match." """
    state = MATCH.position("N(a-f) 0 0 0 0 0 0; S(a-f) 0 0 0 0 0 0", stores=(43, 5))
    outcome = MATCH.outcome(state)
    assert (outcome.winner, outcome.reason) == (0, "below-six")
    assert MATCH.outcome_text(outcome, "it") == "Vince il Bianco: il Nero ha meno di sei semi"


def test_the_set_aside_seeds_count_in_the_next_holding():
    """"each player's holding is his round score, plus any seeds he set aside at the start of
    the round."  Round 2 from 28-20: North ends it with 14 of the 40 seeds in play; with
    South's 8 aside the holdings are 34-14, so the next round deals 14."""
    state = MATCH.position("N(a-f) 0 0 0 0 0 0; S(a-f) 0 0 0 0 0 0", stores=(28, 20))
    ended = state._replace(pits=(0,) * 12, stores=(26, 14), to_move=0)
    after = MATCH.settle_round(ended)
    assert after.round == 3 and after.aside == (20, 0)
    assert MATCH.board_text(after) == "N(a-f) 2 2 2 2 3 3; S(a-f) 2 2 2 2 3 3"
    assert MATCH.to_move(after) == 0                 # round 3: South again


def test_after_max_rounds_the_larger_holding_wins():
    """"after round max_rounds ends (the below-6 loss is checked first), the larger holding
    wins and equal holdings draw." """
    game = Layli(match=True, max_rounds=1)
    state = game.position("N(a-f) 0 0 0 0 0 0; S(a-f) 0 0 0 0 0 0", stores=(30, 18))
    assert (game.outcome(state).winner, game.outcome(state).reason) == (0, "rounds")
    even = game.position("N(a-f) 0 0 0 0 0 0; S(a-f) 0 0 0 0 0 0", stores=(24, 24))
    assert (game.outcome(even).winner, game.outcome(even).reason) == (None, "equal-rounds")


# -- notation and errors ---------------------------------------------------------------------

@pytest.mark.parametrize("text", ["g", "A", "ab", "a1", "", "1", "pass", "c4-d4"])
def test_text_that_is_not_a_pit_letter_is_refused(text):
    with pytest.raises(InvalidMove) as error:
        GAME.parse_move(text, GAME.initial_state())
    assert error.value.code == "move.notation-because"
    assert error.value.params["inner"] == ["layli.write"]


def test_an_empty_pit_is_refused_with_its_reason():
    state = play(GAME, GAME.initial_state(), "a")      # North's c and d are empty
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("c", state)
    assert error.value.params["inner"] == ["layli.empty-pit"]
    assert str(error.value) == "c is not legal here: Black's pit c is empty"
    assert error.value.text("it") == ("c non è una mossa possibile in questa posizione: "
                                      "la buca c del Nero è vuota")


def test_no_move_after_the_end():
    state = GAME.position("N(a-f) 0 0 0 0 0 0; S(a-f) 0 0 0 0 0 4", to_move=1, stores=(20, 24))
    with pytest.raises(IllegalMove) as error:
        GAME.parse_move("a", state)
    assert error.value.code == "move.game-over"


def test_names_parse_back_with_spaces():
    state = GAME.initial_state()
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(f" {GAME.move_name(move)} ", state) == move


# -- against the reference -------------------------------------------------------------------

def reference_of(game, state):
    """The engine's state as the reference's pits and Uurs."""
    pits = {pit: state.pits[index] for index, pit in enumerate(ref.ORDER)}
    uur = {pit: "SN"[owner] for index, pit in enumerate(ref.ORDER)
           for owner in (0, 1) if state.uurs[owner] >> index & 1}
    return pits, uur


def play_alongside(game, position, rng):
    """One random game played by the engine and the reference side by side, comparing the
    legal moves, the pits, the Uurs, the captures and the result at every ply."""
    state, plies = game.initial_state(), 0
    while True:
        legal = names(game, state)
        assert legal == ref.legal(position)
        if not legal:
            break
        assert reference_of(game, state) == (position["pits"], position["uur"])
        assert state.stores == (position["captured"]["S"], position["captured"]["N"])
        assert (state.round, state.aside) == (position["round"],
                                              (position["aside"]["S"], position["aside"]["N"]))
        assert "SN"[game.to_move(state)] == position["to_move"]
        letter = rng.choice(legal)
        state, position = play(game, state, letter), ref.play(position, letter)
        plies += 1
    winner, _ = position["result"]
    assert game.outcome(state).winner == (None if winner is None else "SN".index(winner))
    if not game.is_match:
        scores = ref.round_scores(position)
        assert state.stores == (scores["S"], scores["N"])
    return plies


@pytest.mark.parametrize("spec, reference, games", [
    ("layli", {}, 150), ("layli(first_player=north)", {"first": "N"}, 50),
    ("layli(match=true,max_rounds=6)", {"match": True, "max_rounds": 6}, 25)])
def test_random_games_match_the_reference(spec, reference, games):
    game = load_game(spec)
    for seed in range(games):
        play_alongside(game, ref.new_game(**reference), random.Random(seed))


@pytest.mark.slow
def test_thousands_of_random_games_match_the_reference():
    game, match = load_game("layli"), load_game("layli(match=true)")
    for seed in range(3000):
        play_alongside(game, ref.new_game(), random.Random(seed))
    for seed in range(300):
        play_alongside(match, ref.new_game(match=True), random.Random(seed))


# id, moves from the start, depth, leaf count (the reference's; the slow test recomputes them)
PERFT = [
    ("start", [], 1, 6), ("start", [], 2, 28), ("start", [], 3, 129), ("start", [], 4, 607),
    ("ly3", LY3, 1, 5), ("ly3", LY3, 3, None),
    ("middle", ["b", "e", "a", "f", "d", "b"], 3, None),
]


def reference_position(moves):
    position = ref.new_game()
    for move in moves:
        position = ref.play(position, move)
    return position


@pytest.mark.parametrize("name, moves, depth, count", PERFT, ids=lambda v: str(v))
def test_perft_equals_the_reference(name, moves, depth, count):
    expected = ref.perft(reference_position(moves), depth)
    assert count is None or expected == count
    assert perft(GAME, GAME.replay(moves), depth) == expected


@pytest.mark.slow
def test_perft_to_depth_six_equals_the_reference():
    assert perft(GAME, GAME.initial_state(), 6) == ref.perft(ref.new_game(), 6)


def test_the_pits_are_labelled_as_their_owner_names_them():
    """"Each player names the pits of his own row `a`–`f` from **his own left**": the board
    labels each pit with that letter, on its owner's side, and each store with its owner."""
    layout = GAME.layout()
    cells = {c["name"]: c for c in layout["cells"]}
    labels = {(round(lb["x"], 4), lb["text"]): lb["y"] for lb in layout["labels"]}
    for pit in "abcdef":
        south, north = cells[pit], cells[pit.upper()]
        assert labels[(round(south["x"], 4), pit)] > south["y"]      # under South's row
        assert labels[(round(north["x"], 4), pit)] < north["y"]      # above North's row
    # South's a is at South's left, North's a at North's left (the right as South sees it)
    assert cells["a"]["x"] < cells["f"]["x"] and cells["A"]["x"] > cells["F"]["x"]
    assert labels[(round(cells["south"]["x"], 4), "S")] > cells["south"]["y"]
    assert labels[(round(cells["north"]["x"], 4), "N")] < cells["north"]["y"]
    assert len(layout["labels"]) == 14


def test_a_sowing_is_given_seed_by_seed_for_the_page_to_show():
    """"Sowing order (counter-clockwise): S a -> ... -> S f -> N a -> ... -> N f -> S a": the
    steps of a move are the pit lifted, then one seed more in each next pit, relays included;
    the capture is the move's result, after the last step."""
    state = GAME.initial_state()
    move = GAME.parse_move("a", state)
    steps = GAME.move_steps(state, move)
    count = lambda pieces, cell: int(pieces.get(cell, "counter=0").split("=")[1])  # noqa: E731
    assert "a" not in steps[0] and count(steps[0], "b") == 4                # a lifted
    assert [count(steps[i], "abcde"[i]) for i in range(1, 5)] == [5, 5, 5, 5]  # b, c, d, e
    for before, after in zip(steps, steps[1:]):  # one seed dropped, or one pit lifted
        changes = {c: count(after, c) - count(before, c) for c in "abcdefABCDEF"}
        moved = {c: d for c, d in changes.items() if d}
        assert list(moved.values()) == [1] or (len(moved) == 1 and count(after, *moved) == 0), moved
    final = GAME.pieces(GAME.apply(state, move))
    board = lambda p: {c: count(p, c) for c in "abcdefABCDEF"}  # noqa: E731
    # the last step is the board before the capture: the result differs only where it took
    changed = {c for c in "abcdefABCDEF" if board(steps[-1])[c] != board(final)[c]}
    assert changed == {"c", "D"}  # South's c captured North's d (RULES LY-1's first capture)
    assert len(steps) == 31
