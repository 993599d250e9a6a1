"""Havannah bot: wins in one, the only defence, ring threats (RULES.md 3.2: "right after a
placement, if the mover's stones contain a ring, a bridge or a fork, the mover wins")."""

import pytest

from tavoliere import load_game
from tavoliere.ai import Thinker, choose
from tavoliere.ai.havannah import HavannahEngine, would_win

FAR = ["j10", "l12", "n14", "h12", "f10", "p15", "j14", "l16", "n12"]   # scattered, harmless


def position(game, white, black):
    """Alternate White's and Black's stones (White first)."""
    names = []
    for i in range(max(len(white), len(black))):
        if i < len(white):
            names.append(white[i])
        if i < len(black):
            names.append(black[i])
    return game.replay(names)


BRIDGE = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1"]       # j1 makes a1-j1
RING = ["i9", "i10", "j9", "j11", "k10"]                              # k11 closes around j10


def test_win_in_one_bridge():
    game = load_game("havannah")
    state = position(game, BRIDGE, FAR)
    assert game.to_move(state) == 0
    move = choose(game, state, iterations=2)
    assert game.move_name(move) == "j1"
    thinker = Thinker(game, state, iterations=2)
    thinker.step(0.05)
    assert thinker.progress()["proven"] == "win"


def test_the_only_defence_against_a_bridge():
    game = load_game("havannah")
    state = position(game, BRIDGE, FAR[:8])
    assert game.to_move(state) == 1
    assert game.move_name(choose(game, state, iterations=20)) == "j1"


def test_ring_threat_win_and_defence():
    """A ring counts whatever fills its inside: k11 wins for White, so Black must take k11."""
    game = load_game("havannah")
    far = ["b3", "d7", "p14", "r17", "c8"]
    state = position(game, RING, far)
    assert game.move_name(choose(game, state, iterations=2)) == "k11"
    state = position(game, RING, far[:4])
    assert game.to_move(state) == 1
    assert game.move_name(choose(game, state, iterations=20)) == "k11"


def test_would_win_agrees_with_the_rules_on_random_positions():
    """The kernel-side test of a winning cell matches playing the stone with the rule book."""
    import random
    game = load_game("havannah(size=5)")
    rng = random.Random(4)
    checked = 0
    for _ in range(40):
        state = game.initial_state()
        while game.outcome(state) is None:
            board = game.kernel(state)
            p = board.turn
            for (cell,) in game.legal_moves(state):
                after = game.apply(state, (cell,))
                wins = after.outcome is not None and after.outcome.winner == p - 1
                assert would_win(board, cell, p) == wins
                checked += 1
            state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert checked > 1000


def test_two_threats_are_a_proven_loss():
    """White threatens j1 (bridge) and k11 (ring): Black cannot stop both."""
    game = load_game("havannah")
    white = BRIDGE + RING
    black = ["b3", "d7", "p14", "r17", "c8", "n12", "f12", "p19", "l18", "g14", "r12",
             "e9", "m17"]
    state = position(game, white, black)
    assert game.to_move(state) == 1
    thinker = Thinker(game, state, iterations=50)
    while not thinker.done:
        thinker.step(0.05)
    assert thinker.progress()["proven"] == "loss"


def test_tree_reuse_keeps_the_subtree():
    game = load_game("havannah(size=6)")
    state = game.initial_state()
    first = Thinker(game, state, seconds=0.3)
    while not first.done:
        first.step(0.05)
    move = first.move()
    reply_state = game.apply(game.apply(state, move), (0,) if move != (0,) else (1,))
    engine = HavannahEngine(game, reply_state, 3, __import__("random").Random(1))
    assert engine.root.n > 0      # the search starts from the old tree's grandchild


def test_swap_is_taken_on_a_central_first_stone():
    game = load_game("havannah(size=6,swap=true)")
    state = game.replay(["f6"])
    assert game.move_name(choose(game, state, iterations=5)) == "swap"


@pytest.mark.slow
def test_full_mcts_beats_plain_uct():
    from tavoliere.ai import match
    result = match("havannah(size=8)", "level3", "uct", games=20, seconds=1.0, seed=2)
    assert result["a_score"] >= 0.8, result


def test_schmittberger_rings_need_an_empty_inside():
    """With ring_needs_empty=true a ring around a Black stone does not win: White's k11
    around j10 (Black) is no win, so the bot must not claim one."""
    game = load_game("havannah(ring_needs_empty=true)")
    state = position(game, RING, ["j10", "b3", "d7", "p14", "r17"])
    thinker = Thinker(game, state, iterations=30)
    while not thinker.done:
        thinker.step(0.05)
    assert thinker.progress()["proven"] != "win"
    after = game.apply(state, thinker.move())
    assert game.outcome(after) is None
