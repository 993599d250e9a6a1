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


# -- puzzles: rings, bridges and forks in one and two moves, to make and to stop --------------
# Most positions come from games our bot lost to morat (base 8, 1 s a move each; the records
# are in tests/data/morat/).  "In two": the side to move makes (or the opponent threatens to
# make) a stone that leaves two winning cells, so that one block cannot stop both.  The sets
# of answers were computed by brute force: every move after which the opponent has no win
# within three plies (forcing moves that make a threat of one's own included).

FORK_IN_ONE = ("a4 d1 b4 k12 c4 m13 d4 i13 e4 k14 f4 g12 g4 m11 h4 i10 i4 g10 j4 l9 k4 n12 "
               "e3 j8 e2").split()          # White's a4-k4 line and e3-e2 need e1 (d1 is Black)

# (moves, answers, what): Black or White to move must play one of the answers
STOP_IN_TWO = [
    # morat (Black) threatens c2, then b3 and e3 both close a ring
    ("f7 g5 f8 b1 g9 c3 h9 h8 h10 d3 g10 b2 i8 c4 g8 f9 g7 d2 c1 e4 i9 h7 i11 d4 j11 j10 i10 "
     "h11", {"b3", "c2", "e3"}, "ring"),
    # morat threatens c4, then e4 and e5 close a ring
    ("g9 c3 h8 i9 f7 h9 g8 e8 h7 f5 h6 f6 j10 e6 i8 d4 d5 d6 i7 c5",
     {"c4", "e4", "e5", "g6", "g7"}, "ring"),
    # morat threatens d2, then e2 and e3 close a ring
    ("f7 a2 h6 k7 g9 b3 f6 c2 h7 c3 h8 a1 b1 b4 g8 g6 i9 d4 f5 g5 i10 h10 h9 d5 c5 g7 j9 c4 "
     "j8 i7 b2 e4 i11 d6 c6 f4 j10 i8 e5 f3", {"d2", "e2", "e3", "g10", "h11", "i6", "j7"},
     "ring"),
    # morat threatens a8, then d8 and d9 both join two corners
    ("j10 g12 j11 f11 i9 h12 k10 h11 h10 g10 f10 e10 h9 i11 i8 i13 j12 g13 j8 k9 j9 i10 h7 "
     "i14 h14 h13 g11 e9 f9 e8 g9 i15 f7 h15 g14 g7 g6 f6 e6 c8 f5 e5 i7 h8 i6 b8 h5 g5 g4 "
     "f4 j7 h6", {"a8", "d8", "d9"}, "bridge"),
    # morat (White) threatens l6, then l5 and m6 both make a fork
    ("l12 h8 j12 i7 k11 j8 l13 j9 k13 j11 j10 i11 m12 i9 h7 f7 m11 g7 k10 l10 m14 h6 g6 g5 "
     "n13 n14 m13 l11 o14 i10 n15 o15 m10 f5 f6 e5 e6 h10 g9 g10 k9 l9 k8 e7 l8 m9 f9 f10 "
     "l7", {"d5", "d6", "e8", "e9", "m6"}, "fork"),
]


def test_fork_in_one_made_and_stopped():
    game = load_game("havannah(size=8)")
    state = game.replay(FORK_IN_ONE)                 # Black to move: e1 is the only block
    assert game.move_name(choose(game, state, iterations=30)) == "e1"
    state = game.replay(FORK_IN_ONE + ["h13"])      # White to move: e1 wins
    assert game.move_name(choose(game, state, iterations=2)) == "e1"
    assert game.outcome(game.apply(state, game.parse_move("e1", state))).reason == "fork"


@pytest.mark.parametrize("moves, answers, what", STOP_IN_TWO,
                         ids=[f"{w}-{i}" for i, (_, _, w) in enumerate(STOP_IN_TWO)])
def test_stop_a_structure_in_two(moves, answers, what):
    """The bot (300 iterations) stops a move that would make two winning threats."""
    game = load_game("havannah(size=8)")
    state = game.replay(moves.split())
    for seed in (0, 1):
        assert game.move_name(choose(game, state, iterations=300, seed=seed)) in answers


@pytest.mark.parametrize("moves, answers, what", STOP_IN_TWO,
                         ids=[f"{w}-{i}" for i, (_, _, w) in enumerate(STOP_IN_TWO)])
def test_make_a_structure_in_two(moves, answers, what):
    """After a move outside the answers, the opponent makes two threats and the bot sees the
    win at once (proven), then wins with the structure."""
    game = load_game("havannah(size=8)")
    state = game.replay(moves.split())
    board = game.kernel(state)
    wrong = next(game.grid.names[c] for c in range(game.grid.size)
                 if not board.owner[c] and game.grid.names[c] not in answers
                 and not board.own[1][c] and not board.own[2][c])
    state = game.apply(state, game.parse_move(wrong, state))
    thinker = Thinker(game, state, iterations=50)
    while not thinker.done:
        thinker.step(0.05)
    assert thinker.progress()["proven"] == "win"
    while game.outcome(state) is None:           # both sides play it out: the threat wins
        state = game.apply(state, choose(game, state, iterations=50))
    assert game.outcome(state).winner == 1 - game.to_move(game.replay(moves.split()))
    assert what in game.outcome(state).reason


def test_a_kept_tree_is_checked_too():
    """With the tree of its previous move kept, the bot still checks every root move for an
    answer making two threats (those subtrees were grown without that check).  A game lost
    to morat: g5 let White's h15 threaten i14 and j15 (rings); h15 and j15 are the answers."""
    game = load_game("havannah(size=8)")
    moves = ("i10 i6 i9 h13 f7 g11 f8 i13 e8 i12 i8 h11 g12 g13 g9 f11 f12 f13 h9 e11 e12 g7 "
             "g8 h10 j10 g10 f9 e7 h8 j9 j8 i11 h12 k13 l13 k12 g6 j14 j11 i15 f6 h7 i7 h6 d7 "
             "g14 d6 e6 e5 d5 k10 k9").split()
    earlier = Thinker(game, game.replay(moves[:-2]), seconds=0.5, seed=0)
    while not earlier.done:
        earlier.step(0.05)
    thinker = Thinker(game, game.replay(moves), seconds=60, seed=0)
    assert thinker.engine.root.n > 0             # the kept tree
    while thinker.engine.pending:
        thinker.step(0.05)
    thinker.step(0.05)
    thinker.stop()
    assert game.move_name(thinker.move()) in {"h15", "j15"}
