"""Connect6 bot: it never misses a six in one move nor a block (RULES.md 8.3: "If the mover
has a six, the mover wins"), finds short threat sequences, is deterministic with
``iterations``, and thinks in short slices."""

import random
import time

import pytest

from conftest import random_state, run_search
from tavoliere import load_game
from tavoliere.ai import Thinker, choose
from tavoliere.ai.alphabeta import INF, AlphaBeta
from tavoliere.ai.connect6 import WIN, Board, Connect6Engine

GAME = load_game("connect6")


def replay(text, game=GAME):
    return game.replay(text.split())


def think(state, level, game=GAME, seed=0):
    thinker = Thinker(game, state, level=level, seed=seed)
    while not thinker.done:
        thinker.step(0.05)
    return thinker


def test_the_game_has_its_own_bot():
    thinker = Thinker(GAME, replay("j10"), iterations=1)
    assert isinstance(thinker.engine, Connect6Engine)


@pytest.mark.parametrize("level", [1, 2, 3, 5])
def test_takes_a_six_when_it_has_one(level):
    """CN-3: after j10 a1a2 j11j12 a3a4 j13j14, Black has a1-a4 and White threatens j9/j15:
    Black wins at once with a5a6 (and must not merely block)."""
    state = replay("j10 a1a2 j11j12 a3a4 j13j14")
    for seed in range(3):
        thinker = think(state, level, seed=seed)
        after = GAME.apply(state, thinker.move())
        assert GAME.outcome(after).winner == 1
        assert thinker.progress()["proven"] == "win"


@pytest.mark.parametrize("level", [1, 2, 3])
def test_blocks_a_five_on_both_ends(level):
    """White j10-j14 is five with both ends open: Black must take j9 and j15 (any other
    move lets White make six)."""
    state = replay("j10 a1c1 j11j12 e1g1 j13j14")
    for seed in range(3):
        move = think(state, level, seed=seed).move()
        assert GAME.move_name(move) == "j15j9" or set(GAME.clicks(move)) == {"j9", "j15"}


@pytest.mark.parametrize("level", [1, 3])
def test_blocks_two_fours_at_once(level):
    """White has two fours, d4-d7 and h4-h7, each closed below (d3, h3): Black must put
    one stone on d8 or d9 and the other on h8 or h9, or White makes six."""
    game = load_game("connect6(size=13)")
    state = game.position("d4 d5 d6 d7 h4 h5 h6 h7 m13", "d3 h3 a13 b13 l1 m1 a1 c1")
    assert game.to_move(state) == 1
    move = think(state, level, game=game).move()
    after = game.apply(state, move)
    assert {"d8", "d9"} & set(game.clicks(move)) and {"h8", "h9"} & set(game.clicks(move))
    for reply in game.legal_moves(after)[::7]:
        assert game.outcome(game.apply(after, reply)) is None, game.move_name(reply)


def test_a_lost_position_is_reported():
    """Three separate fives cannot all be stopped with two stones."""
    game = load_game("connect6(size=13)")
    state = game.position("a5 b5 c5 d5 e5 a9 b9 c9 d9 e9 m1 m2 m3 m4 m5",
                          "a1 b1 c2 d1 e3 g1 h3 i1 j3 k1 g12 h12 a12 c12")
    assert game.to_move(state) == 1
    assert think(state, 3, game=game).progress()["proven"] == "loss"


def threats_two_stones_cannot_stop(game, state, player):
    """Whether ``player``'s sixes-in-waiting (six cells in a row holding four or more of
    their stones and none of the other's) are more than two stones can all hit: counted by
    brute force over the board's lines."""
    pieces = game.pieces(state)
    mine, theirs = f"stone.{player}", f"stone.{1 - player}"
    side = game.side
    letters = "abcdefghijklmnopqrs"
    holes = []
    for x in range(side):
        for y in range(side):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(x + k * dx, y + k * dy) for k in range(6)]
                if not all(0 <= cx < side and 0 <= cy < side for cx, cy in cells):
                    continue
                names = [letters[cx] + str(cy + 1) for cx, cy in cells]
                tokens = [pieces.get(name) for name in names]
                if tokens.count(mine) >= 4 and theirs not in tokens:
                    holes.append({name for name in names if name not in pieces})
    cells = sorted(set().union(*holes)) if holes else []
    return bool(holes) and not any(all(a in h or b in h for h in holes)
                                   for a in cells for b in cells)


def test_finds_a_move_that_leaves_more_threats_than_two_stones_stop():
    """White d7 e7 f7 and g5 g6: g7 with g8 (or c7...) makes two fours at once, which need
    four Black stones to stop: a win in two moves, proven."""
    game = load_game("connect6(size=13)")
    state = game.position("d7 e7 f7 g5 g6 a13 a11", "a1 b3 c1 d3 e1 f3 m13 m11")
    assert game.to_move(state) == 0
    assert not threats_two_stones_cannot_stop(game, state, 0)
    thinker = think(state, 3, game=game)
    assert thinker.progress()["proven"] == "win"
    assert threats_two_stones_cannot_stop(game, game.apply(state, thinker.move()), 0)


def test_the_first_stone_goes_to_the_centre():
    assert GAME.move_name(choose(GAME, GAME.initial_state(), level=3)) == "j10"


def test_same_seed_and_iterations_give_the_same_move():
    state = random_state(GAME, 5, 6)
    moves = {GAME.move_name(choose(GAME, state, level=level, iterations=6, seed=2))
             for level in (3,) for _ in range(2)}
    assert len(moves) == 1


@pytest.mark.parametrize("spec", ["connect6", "connect6(size=13)"])
def test_work_comes_back_quickly(spec, quiet_collector):
    """One work() call is a short chunk (the web worker calls it in 50 ms slices), in CPU
    time, which the machine's load does not stretch."""
    game = load_game(spec)
    for seed in range(4):
        state = random_state(game, seed, 12)
        if game.outcome(state) is not None:
            continue
        thinker = Thinker(game, state, level=5, seed=seed)
        slowest = 0.0
        for _ in range(60):
            if thinker.engine.done:
                break
            started = time.process_time()
            thinker.engine.work()
            slowest = max(slowest, time.process_time() - started)
        assert slowest < 0.03


@pytest.mark.parametrize("level", [4, 5])
def test_the_deepening_levels_still_block(level):
    """Levels 4 and 5 deepen over the blocking pairs only: after a long think they still
    stop a five open at both ends and two fours at once."""
    state = replay("j10 a1c1 j11j12 e1g1 j13j14")
    move = choose(GAME, state, level=level, iterations=400, seed=1)
    assert set(GAME.clicks(move)) == {"j9", "j15"}
    game = load_game("connect6(size=13)")
    state = game.position("d4 d5 d6 d7 h4 h5 h6 h7 m13", "d3 h3 a13 b13 l1 m1 a1 c1")
    move = choose(game, state, level=level, iterations=400, seed=1)
    assert {"d8", "d9"} & set(game.clicks(move)) and {"h8", "h9"} & set(game.clicks(move))


def test_levels_4_and_5_search_deeper_with_more_time():
    """Level 4 and 5's alpha-beta over candidate pairs deepens one pair-move an iteration,
    so a longer budget looks further ahead; level 3 stops after its two-move look-ahead."""
    state = replay("j10 k11l12 h9i9")
    depths = {}
    for level, work in ((3, 5000), (4, 40), (4, 3000), (5, 3000)):
        thinker = Thinker(GAME, state, level=level, iterations=work, seed=0)
        while not thinker.done:
            thinker.step(0.05)
        depths[level, work] = thinker.engine.depth
    assert depths[3, 5000] == 2
    assert depths[4, 40] < depths[4, 3000] and depths[4, 3000] >= 4 and depths[5, 3000] >= 4


def test_level_4_is_careless_now_and_then_but_never_when_it_must_block():
    """Level 4 skips its deepening on about one quiet move in three and plays the second or
    third best pair of its look-ahead, so that level 5 stands clearly above it; never when
    it must block a threat, and level 5 never does."""
    quiet = replay("j10 k11l12 h9i9")
    must_block = replay("j10 k11l12 j11j12 a1c1 j13e5")     # four in a column to stop

    def shallow(state, level, seeds):
        depths = []
        for seed in range(seeds):
            thinker = Thinker(GAME, state, level=level, iterations=600, seed=seed)
            while not thinker.done:
                thinker.step(0.05)
            depths.append(thinker.engine.depth)
        assert max(depths) >= 3
        return sum(1 for depth in depths if depth == 2)
    assert 1 <= shallow(quiet, 4, 20) <= 10
    assert shallow(must_block, 4, 10) == shallow(quiet, 5, 5) == 0


def test_the_deepening_is_deterministic_with_iterations():
    state = random_state(GAME, 5, 6)
    for level in (4, 5):
        moves = {GAME.move_name(choose(GAME, state, level=level, iterations=200, seed=2))
                 for _ in range(2)}
        assert len(moves) == 1


def opponent_wins_by_threats(after, depth):
    """Whether the player to move in ``after`` has a proven threat sequence of ``depth``
    moves."""
    engine = Connect6Engine(GAME, after, 5, None)
    engine.limit = float("inf")              # one run, no pauses
    return run_search(engine.threat_win(engine.me, depth)) is not None


def test_level_5_avoids_a_quiet_pair_that_loses_to_a_threat_sequence():
    """From a level-5 game (ply 9, Black to move): several of Black's best-looking quiet
    pairs, k5l6 among them, let White win by a sequence of threats within three moves.
    Level 5 looks for such a sequence after each pair it weighs and drops the pair; with the
    check of one move only (as at levels 1 to 4) it played k5l6."""
    state = GAME.position("j5 i6 j6 n6 i7 k8 g9 i11 j11", "i5 j7 m7 j8 l8 j9 k9 j10")
    assert opponent_wins_by_threats(GAME.apply(state, GAME.parse_move("k5l6", state)), 3)
    after = GAME.apply(state, choose(GAME, state, level=5, iterations=3000, seed=0))
    makes_a_threat = Board(GAME.side, after.board).threats[1]
    assert makes_a_threat or not opponent_wins_by_threats(after, 3)


def minimax(engine, ply, depth):
    """The kernel's tree searched whole, without pruning: the same positions, pairs and
    evaluation as the deepening's, walked by hand."""
    board = engine.board
    found = engine.open(board, ply, ())
    if isinstance(found, int):
        return found
    if depth == 0:
        return engine.evaluate(board, ply)
    best = -INF
    for pair in engine.ordered(board, found, None, ply):
        engine.after(board, pair)
        best = max(best, -minimax(engine, ply + 1, depth - 1))
        engine.unmake(board, pair)
    return best


@pytest.mark.parametrize("moves, level", [("j10 k11l12 h9i9", 4),
                                          ("j10 k11l12 j11j12 a1c1 j13e5", 5)])
def test_the_deepening_is_the_shared_alpha_beta_and_its_cuts_lose_nothing(moves, level):
    """Levels 4 and 5 deepen with the shared search (``ai/alphabeta.py``) over the bot's
    pairs (quiet ones, then blocks of a four): its value at each depth is the whole tree's,
    and the board and the line of stones placed come back as they were."""
    engine = Connect6Engine(GAME, replay(moves), level, random.Random(0))
    assert isinstance(engine, AlphaBeta)
    engine.limit, engine.line, engine.root_values = INF, [], {}
    owner, score = engine.board.owner[:], engine.board.score[:]
    for depth in (1, 2, 3):
        value = run_search(engine.search(engine.board, depth, -INF, INF, 0, set()))
        assert value == minimax(engine, 0, depth)
        assert abs(value) < WIN // 2 or depth > 1
        assert engine.board.owner == owner and engine.board.score == score
        assert engine.line == []
    board, movers = engine.board, []          # plies alternate: the bot's pair, then theirs
    for ply in (0, 1):
        pair = engine.ordered(board, engine.open(board, ply, ()), None, ply)[0]
        engine.after(board, pair)
        movers.append({board.owner[cell] for cell in pair})
    assert movers == [{engine.me}, {1 - engine.me}]
