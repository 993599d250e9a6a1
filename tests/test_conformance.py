"""One conformance suite run over every registered game (small boards keep it quick)."""

import random

import pytest

from tavoliere import IllegalMove, InvalidMove, load_game
from tavoliere.core import CHANCE, game_class, game_names, read_piece

SPECS = {
    "barrier": ["barrier(size=5)", "barrier", "barrier(size=6,first_player=black)"],
    "hekka": ["hekka", "hekka(areas=symmetric)"],
    "havannah": ["havannah(size=4)", "havannah(size=5,swap=true)", "havannah(size=6,ring_needs_empty=true)"],
    "hexade": ["hexade(size=4)", "hexade(size=5)"],
    "cephalopod": ["cephalopod(size=3x5)", "cephalopod", "cephalopod(first_player=black)"],
    "connect6": ["connect6(size=13)", "connect6(size=15,first_player=black)"],
    "damone": ["damone", "damone(win=damone)", "damone(repetition_draw=false,no_capture_plies=0,max_plies=300)"],
    "layli": ["layli", "layli(match=true,max_rounds=4)", "layli(first_player=north)"],
    "footsteps": ["footsteps(points=10)", "footsteps", "footsteps(points=1)"],
    "go": ["go(size=9,max_plies=60)", "go(size=9)", "go(size=9,scoring=area,ko=superko,handicap=2)", "go(size=13,max_plies=200)"],
    "dadi": ["dadi", "dadi(players=3)", "dadi(players=4,void_rule=opening,tiebreak=lines)"],
    "plop": ["plop", "plop(variant=trail)", "plop(match=true,rounds=3)"],
    "ghost": ["ghost", "ghost(first_player=random,max_plies=40)", "ghost(first_player=black,reveal_at_end=false)"],
    "tinydice": ["tinydice"],  # tests/games/: games of the test suite's own
    "pairs": ["pairs"],
}
ALL_SPECS = [spec for name in SPECS for spec in SPECS[name]]


def first_specs(besides=()) -> list[str]:
    """The first spec of each game the wheel ships, except ``besides``: the other test files
    (records, Pyodide, the bots) cover every new game through its line here."""
    import build
    return [SPECS[name][0] for name in build.shipped_games() if name not in besides]


def test_every_registered_game_is_covered():
    assert sorted(game_names()) == sorted(SPECS)


def random_game(game, seed, max_plies=400):
    """The states and moves of one seeded random game (a roll drawn as the game rolls it)."""
    rng = random.Random(seed)
    state = game.initial_state()
    states, moves = [state], []
    while game.outcome(state) is None and len(moves) < max_plies:
        move = game.random_move(state, rng)
        moves.append(move)
        state = game.play(state, move)
        states.append(state)
    return states, moves


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_random_games_keep_the_protocol(spec):
    game = load_game(spec)
    for seed in range(6):
        states, moves = random_game(game, seed)
        for state, move in zip(states, moves):
            legal = game.legal_moves(state)
            assert legal and game.outcome(state) is None
            assert len(set(legal)) == len(legal), "a move is listed twice"
            assert game.legal_moves(state) == legal, "legal moves are not in a fixed order"
            name = game.move_name(move)
            assert game.parse_move(name, state) == move, f"{name} does not parse back"
            clicks = game.clicks(move)  # none for a button (a swap, a pass)
            assert isinstance(clicks, tuple) and all(isinstance(c, str) for c in clicks)
            assert not game.picks_up or len(clicks) != 1, "a piece picked up must go somewhere"
            mover = game.to_move(state)
            assert mover in range(game.players) or (mover == CHANCE and game.has_chance())
            if mover == CHANCE:  # every roll once, with its chance; the roll drawn is one
                assert move in legal
                assert abs(sum(game.probability(state, m) for m in legal) - 1) < 1e-9
            hash(state)
        last = states[-1]
        if game.outcome(last) is not None:
            assert game.legal_moves(last) == []
            assert game.outcome(last).winner in (*range(game.players), None)
        assert game.replay([game.move_name(m) for m in moves]) == last


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_random_games_end_with_an_outcome(spec):
    game = load_game(spec)
    for seed in range(10):
        states, _ = random_game(game, seed, max_plies=3000)
        outcome = game.outcome(states[-1])
        assert outcome is not None, f"seed {seed} did not end"
        assert game.draws or outcome.winner is not None, f"seed {seed} drawn"


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_every_seat_sees_the_board_and_the_mover_his_moves(spec):
    """Hidden information (``Game.view``): a seat's view of a state keeps where every piece
    stands (only what they are may be hidden), the player to move can choose among the very
    moves of the full state from his own view, and a view seen again hides nothing more."""
    game = load_game(spec)
    states, _ = random_game(game, 2, max_plies=60)
    for state in states:
        mover = game.to_move(state)
        for seat in (*range(game.players), None):
            seen = game.view(state, seat)
            assert set(game.pieces(seen)) == set(game.pieces(state))
            assert game.view(seen, seat) == seen
            if seat == mover and game.outcome(state) is None:
                assert [game.move_name(m) for m in game.legal_moves(seen)] == \
                    [game.move_name(m) for m in game.legal_moves(state)]


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_every_name_parse_move_accepts_is_a_legal_move(spec):
    """The notation cannot smuggle in a move: whatever name ``parse_move`` reads without an
    error, at any position, is one of that position's legal moves. The names tried are the
    legal names of every position of a random game (legal somewhere, so well formed), each
    tried at other positions, where many are occupied, out of turn or out of phase."""
    game = load_game(spec)
    rng = random.Random(7)
    states, _ = random_game(game, 3, max_plies=80)
    pool = set()
    for state in states:
        names = [game.move_name(move) for move in game.legal_moves(state)]
        pool.update(rng.sample(names, min(len(names), 25)))
    pool = sorted(pool)
    accepted = 0
    for state in states:
        legal = set(game.legal_moves(state))
        for name in rng.sample(pool, min(len(pool), 150)):
            try:
                move = game.parse_move(name, state)
            except (InvalidMove, IllegalMove):
                continue
            accepted += 1
            assert move in legal, f"{name} was read as a move that is not legal here"
    assert accepted, "no name was ever accepted: the test saw nothing"


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_a_guess_at_what_a_seat_cannot_see_agrees_with_what_it_sees(spec):
    """``Game.guess`` (what a search plays from when it may not look): a full state that
    the seat would see exactly as it does, with every piece where it stands; the guesses
    differ only in what is hidden, and a game that hides nothing guesses nothing."""
    game = load_game(spec)
    rng = random.Random(5)
    states, _ = random_game(game, 4, max_plies=60)
    for state in states:
        for seat in (*range(game.players), None):
            seen = game.view(state, seat)
            guessed = game.guess(seen, seat, rng)
            assert game.view(guessed, seat) == seen
            assert set(game.pieces(guessed)) == set(game.pieces(state))
            if not game.hides_information():
                assert guessed == seen
            elif seat == game.to_move(state) and game.outcome(state) is None:
                # the mover's own moves do not depend on what he cannot see
                assert game.legal_moves(guessed) == game.legal_moves(state)


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_play_never_changes_its_input(spec):
    game = load_game(spec)
    states, moves = random_game(game, 1, max_plies=30)
    for state, move in zip(states, moves):
        snapshot = (repr(state), hash(state), game.legal_moves(state))
        game.play(state, move)
        assert (repr(state), hash(state), game.legal_moves(state)) == snapshot


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_pieces_and_layout_name_the_same_cells(spec):
    game = load_game(spec)
    cells = {c["name"] for c in game.layout()["cells"]}
    states, _ = random_game(game, 3, max_plies=20)
    for state in states:
        pieces = game.pieces(state)
        assert set(pieces) <= cells
        for token in pieces.values():
            shape, owner, label = read_piece(token)  # a known shape, or ValueError
            assert owner is None or 0 <= owner < game.players
            assert shape != "die" or label in tuple("123456")
        assert isinstance(game.diagram(state), str)
    for move in game.legal_moves(states[0]):
        assert set(game.clicks(move)) <= cells


@pytest.mark.parametrize("name", list(SPECS))
def test_spec_is_canonical_and_loads_back(name):
    for spec in SPECS[name]:
        game = load_game(spec)
        assert load_game(game.spec) == game
    assert load_game(name).spec == name


@pytest.mark.parametrize("spec, words", [
    ("chess", "unknown game 'chess'"),
    ("barrier(size=4)", "size takes an integer from 5 to 9"),
    ("barrier(size=x)", "size"),
    ("barrier(sise=6)", "unknown option 'sise'"),
    ("barrier(size=6", "malformed"),
    ("barrier(size=6,size=7)", "twice"),
    ("barrier(size)", "key=value"),
    ("", "malformed"),
    ("havannah(swap=maybe)", "true or false"),
    ("hekka(areas=round)", "one of: literal, symmetric"),
])
def test_bad_specs_say_what_is_wrong(spec, words):
    with pytest.raises(ValueError, match=None) as error:
        load_game(spec)
    assert words in str(error.value)


@pytest.mark.parametrize("name", list(SPECS))
def test_malformed_move_texts_are_invalid_moves(name):
    game = load_game(SPECS[name][0])
    state = game.initial_state()
    for text in ("", "c4-", "zz99", "a1-", "-", "c4-d4-e4-e3/", "hello"):
        with pytest.raises((InvalidMove, IllegalMove)):
            game.parse_move(text, state)
    with pytest.raises(InvalidMove):
        game.parse_move("zz99", state)


@pytest.mark.parametrize("name", list(SPECS))
def test_replay_names_the_failing_ply(name):
    game = load_game(SPECS[name][0])
    state, played = game.initial_state(), []
    # the first ply that refuses a name legal at the ply before (in a mancala the first move
    # may be legal again; in a bidding game both players start with the same bids; a roll is
    # drawn as the game rolls it, since the lowest may be void and rolled again for ever)
    rng = random.Random(1)
    for _ in range(20):
        first = (game.roll(state, rng) if game.to_move(state) == CHANCE
                 else game.legal_moves(state)[0])
        after = game.apply(state, first)
        legal_next = {game.move_name(move) for move in game.legal_moves(after)}
        refused = [game.move_name(move) for move in game.legal_moves(state)
                   if game.move_name(move) not in legal_next]
        played.append(game.move_name(first))
        if refused:
            break
        state = after
    with pytest.raises(IllegalMove) as error:
        game.replay([*played, refused[0]])
    ply = len(played) + 1
    assert error.value.ply == ply and f"ply {ply}" in str(error.value)


def test_game_classes_describe_their_options():
    for name in game_names():
        info = game_class(name)().info()
        assert info["name"] == name and info["title"]


def test_games_that_cannot_be_drawn_tell_the_page():
    """RULES.md 1.4 (Barrier): "There are no draws."  5.4 (Cephalopod): "Both boards have an odd
    number of cells (25, 15), so there are no draws."  The page then offers no agreed draw:
    their info says so, and the random games above never end drawn."""
    assert {name for name in game_names() if not game_class(name).draws} == {"barrier", "cephalopod"}
    assert load_game("cephalopod(size=3x5)").info()["no_draws"] is True
    assert "no_draws" not in load_game("havannah(size=4)").info()
