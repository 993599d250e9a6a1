"""Hexade bot: sixes made and broken, captures (RULES.md 4.2-4.4: "a six wins if it
survives the opponent's next move"; "If s+d and s+2d hold opponent stones and s+3d holds
M's stone, then s+d and s+2d are captured")."""

import pytest

from conftest import random_state, run_search
from tavoliere import load_game
from tavoliere.ai import Thinker, choose


def play(game, names):
    return game.replay(names)


def test_makes_a_six_that_cannot_be_broken():
    """White a5 b5 c5 d5 e5 with Black far away: f5 completes the line and no reply can
    capture a stone of it."""
    game = load_game("hexade")
    state = play(game, ["a5", "s19", "e5", "r19", "b5", "s18", "c5", "q19", "d5", "s17"])
    assert game.to_move(state) == 0
    thinker = Thinker(game, state, level=3)
    while not thinker.done:
        thinker.step(0.05)
    assert game.move_name(thinker.move()) == "f5"
    assert thinker.progress()["proven"] == "win"


def test_breaks_the_opponents_six():
    """RULES.md X-7: White's a5-f5 line is pending; Black's only saving move is f7, which
    captures f5 and f6 (f7-f6-f5-f4)."""
    game = load_game("hexade")
    state = play(game, ["a5", "f4", "e5", "s19", "b5", "r19", "c5", "s18", "d5", "q19",
                        "f6", "s17", "f5"])
    assert game.to_move(state) == 1 and state.pending
    assert game.move_name(choose(game, state, level=1, seed=1)) == "f7"


def test_takes_the_capture():
    """RULES.md X-1: White b2, Black c3 d4: White e5 captures c3 and d4."""
    game = load_game("hexade")
    state = play(game, ["b2", "c3", "j10", "d4"])
    assert game.to_move(state) == 0
    move = choose(game, state, level=3)
    assert game.move_name(move) == "e5"
    assert len(game.apply(state, move).captured) == 2


def test_does_not_expose_a_pair():
    """White b2, Black d4: a Black stone on c3 would make the pair c3-d4 that White takes
    with e5 (RULES.md X-1).  The bot never exposes it, nor any other pair."""
    game = load_game("hexade")
    state = play(game, ["b2", "d4", "j10", "m12", "h13"])
    assert game.to_move(state) == 1
    for level in (1, 3, 5):
        move = choose(game, state, level=level, iterations=40, seed=level)
        after = game.apply(state, move)
        assert game.move_name(move) != "c3"
        assert max(len(game.apply(after, r).captured) for r in game.legal_moves(after)) == 0


@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_level_breaks_a_six(level):
    game = load_game("hexade")
    state = play(game, ["a5", "f4", "e5", "s19", "b5", "r19", "c5", "s18", "d5", "q19",
                        "f6", "s17", "f5"])
    for seed in range(5):
        assert game.move_name(choose(game, state, level=level, seed=seed)) == "f7"


def test_a_win_is_reported_for_a_winning_position_only():
    game = load_game("hexade(size=6)")
    state = game.initial_state()
    thinker = Thinker(game, state, iterations=5)
    while not thinker.done:
        thinker.step(0.05)
    assert thinker.progress()["proven"] is None


def brute_force_breaks(game, state):
    """Every legal move after which the opponent's pending six does not win (rule book)."""
    out = []
    for move in game.legal_moves(state):
        outcome = game.outcome(game.apply(state, move))
        if outcome is None or outcome.winner == game.to_move(state):
            out.append(game.move_name(move))
    return sorted(out)


def test_x8_only_b4_and_e8_break_the_six():
    """RULES.md X-8: "Black's only six-breaking replies are b4 (captures c4, d4) and e8
    (captures e7, e6)"; the bot's candidate list is exactly those, and it plays one."""
    from tavoliere.ai.hexade import HexadeEngine
    import random
    game = load_game("hexade")
    state = play(game, ["a2", "e4", "d5", "e5", "b3", "s19", "c4", "s18", "e6", "r19",
                        "d4", "s17", "e7", "q19", "f7"])
    assert game.to_move(state) == 1 and state.pending
    assert brute_force_breaks(game, state) == ["b4", "e8"]
    engine = HexadeEngine(game, state, 3, random.Random(0))
    assert sorted(game.grid.names[c] for c in engine.queue) == ["b4", "e8"]
    assert game.move_name(choose(game, state, level=1)) in ("b4", "e8")


def test_breaking_moves_match_the_rules_on_random_pending_sixes():
    """Random games on a small board until a six is pending: the bot's breaking moves are
    exactly the rule book's."""
    import random
    from tavoliere.ai.hexade import saving_cells
    game = load_game("hexade(size=5)")
    rng = random.Random(6)
    checked = 0
    while checked < 25:
        state = game.initial_state()
        while game.outcome(state) is None and not state.pending:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        if game.outcome(state) is not None:
            continue
        expected = brute_force_breaks(game, state)
        mover = 1 + state.ply % 2
        assert sorted(game.grid.names[c]
                      for c in saving_cells(game.kernel(state), mover)) == expected
        checked += 1


FOUR = ["b5", "s19", "e5", "r19", "c5", "s18", "d5"]     # White b5-e5; Black far away


def test_threat_search_finds_the_move_that_leaves_two_holes():
    """White b5 c5 d5 e5: f5 leaves two cells that each complete a six (a5 for a5-f5, g5
    for b5-g5), and Black can fill only one; a5 or g5 leave a single hole, which Black fills.
    So f5 is the only threat sequence of one move, and the level-3 bot plays it."""
    from tavoliere.ai.hexade import ThreatSearch
    game = load_game("hexade")
    state = play(game, FOUR + ["q19"])
    board = game.kernel(state)
    assert game.grid.names[run_search(ThreatSearch(10_000).winning_move(board, 1, 1))] == "f5"
    assert run_search(ThreatSearch(10_000).winning_move(board, 1, 0)) is None   # no six in one
    thinker = Thinker(game, state, level=3, seed=2)
    while not thinker.done:
        thinker.step(0.05)
    assert game.move_name(thinker.move()) == "f5"
    assert thinker.progress()["win_chance"] >= 0.9


@pytest.mark.parametrize("level", [3, 4, 5])
def test_the_stronger_levels_stop_the_threat_sequence(level):
    """Black to move against the same four: only a5, f5 and g5 (or a capture) keep White
    from leaving two holes; after the bot's move White has no threat sequence."""
    from tavoliere.ai.hexade import ThreatSearch
    game = load_game("hexade")
    state = play(game, FOUR)
    move = choose(game, state, level=level, iterations=400, seed=level)
    after = game.kernel(game.apply(state, move))
    assert run_search(ThreatSearch(10_000).winning_move(after, 1, 2)) is None
    assert game.move_name(move) in ("a5", "f5", "g5")


def test_a_threat_search_stops_at_its_budget():
    from tavoliere.ai.hexade import OutOfWork, ThreatSearch
    game = load_game("hexade")
    board = game.kernel(play(game, FOUR + ["q19"]))
    with pytest.raises(OutOfWork):
        run_search(ThreatSearch(3).winning_move(board, 1, 3))


# a game between levels 3 and 4; Black to move.  m9 looks best two plies deep, but White
# answers n10 with a six that no reply can break.
TRAP = ("j10 j9 k8 h7 k10 i7 m10 l10 j7 i10 l9 i6 n11 o12 i8 g5 i5 i6 m9 m8 n9 m11 l7 g6 "
        "k7 l8 n8 l8 m8").split()


@pytest.mark.parametrize("level", [4, pytest.param(5, marks=pytest.mark.slow)])
def test_the_look_ahead_avoids_a_move_lost_two_plies_later(level):
    """Levels 4 and 5 look four plies ahead: they do not play m9, and after their move the
    opponent has no proven win."""
    game = load_game("hexade")
    state = play(game, TRAP)
    lost = game.apply(state, game.parse_move("m9", state))
    assert done(Thinker(game, lost, level=4, iterations=10**6)).progress()["proven"] == "win"
    move = choose(game, state, level=level, iterations=10**6)
    assert game.move_name(move) != "m9"
    reply = done(Thinker(game, game.apply(state, move), level=4, iterations=10**6))
    assert reply.progress()["proven"] is None


def done(thinker):
    while not thinker.done:
        thinker.step(1.0)
    return thinker


def test_both_completions_match_the_definition():
    """The cells that complete a six, for each colour: the one empty cell of a six shape
    whose five other cells hold that colour's stones."""
    from tavoliere.ai.hexade import both_completions
    game = load_game("hexade(size=6)")
    found = 0
    for seed in range(30):
        board = game.kernel(random_state(game, seed, 60))
        owner = board.owner
        expected = (set(), set(), set())
        for shape in board.geo.shapes:
            empty = [c for c in shape if not owner[c]]
            colours = {owner[c] for c in shape if owner[c]}
            if len(empty) == 1 and len(colours) == 1:
                expected[colours.pop()].add(empty[0])
        assert both_completions(board) == expected
        found += len(expected[1]) + len(expected[2])
    assert found > 10
