"""The Barrier solver and bot, checked against the independent slow solver in
tests/reference/barrier_solver_ref.py (RULES.md section 1: "A player who has no legal L-move
when their movement turn starts loses"; "There are no draws")."""

import random

import pytest

from reference import barrier_solver_ref as ref
from tavoliere.ai import Thinker, choose
from tavoliere.ai import barrier as bot
from tavoliere.ai.barrier_book import black_wins_reply, book, book_move
from tavoliere.ai.barrier_solver import Solver, kernel, solve_size
from tavoliere.games.barrier import Barrier


def ref_cell(n, cell):
    return (cell % n, cell // n)


def ref_obstacles(n, cells):
    return frozenset(ref_cell(n, c) for c in cells)


def random_position(game, rng, plies):
    """A movement-phase state reached by random placements and ``plies`` random moves."""
    state = game.initial_state()
    for _ in range(2 + plies):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply(state, rng.choice(moves))
    return state


def mover_and_other(game, state):
    """The cells of the mover's pawn and of the other pawn (the mover depends on who began)."""
    player = game.to_move(state)
    return state.pawns[player], state.pawns[1 - player]


def ref_mover_wins(game, state):
    n = game.side
    me, other = mover_and_other(game, state)
    return ref.make_solver(n)(ref_cell(n, me), ref_cell(n, other),
                              ref_obstacles(n, state.obstacles))


def solver_mover_wins(game, solver, state):
    me, other = mover_and_other(game, state)
    return solver.wins(bot.BarrierEngine.mask(state.obstacles), me, other)


# -- solved values of whole boards ------------------------------------------------------------
def test_5x5_value_matches_the_reference():
    """Every first cell of White on 5x5, and every Black reply, valued by both solvers."""
    value = solve_size(5)
    for white_name, replies in value["black_winning_replies"].items():
        white = Barrier(size=5).cell(white_name)
        assert replies == ref.black_winning_replies(5, ref_cell(5, white)), white_name
    assert value["winner"] == "White" and value["white_wins_from"] == ["c3"]


@pytest.mark.parametrize("white_name", ["c2", "b2"])
def test_6x6_value_matches_the_reference_fast_part(white_name):
    value = solve_size(6)
    white = Barrier(size=6).cell(white_name)
    assert value["black_winning_replies"][white_name] == ref.black_winning_replies(
        6, ref_cell(6, white))


@pytest.mark.slow
def test_6x6_value_matches_the_reference_in_full():
    value = solve_size(6)
    assert len(value["black_winning_replies"]) == 6      # the 6 classes of first cells
    for white_name, replies in value["black_winning_replies"].items():
        white = Barrier(size=6).cell(white_name)
        assert replies == ref.black_winning_replies(6, ref_cell(6, white)), white_name
    assert value["winner"] == "Black"


def test_the_shipped_book_agrees_with_the_solver():
    """The placement book is what solve_size computes (5x5 and 6x6 here, 7x7 under slow)."""
    placements = book()["placements"]
    for n in (5, 6):
        assert placements[n] == solve_size(n)["black_winning_replies"]


@pytest.mark.slow
def test_the_shipped_book_agrees_with_the_solver_7x7_8x8():
    placements = book()["placements"]
    for n in (7, 8):
        assert placements[n] == solve_size(n)["black_winning_replies"]


def test_the_movement_book_gives_winning_moves():
    """Every entry of the 8x8 movement book checked against the solver on a sample."""
    entry = book()["movements"].get(8)
    if not entry:
        pytest.skip("no movement book")
    solver = Solver(8)
    k = kernel(8)
    rng = random.Random(5)
    for key in rng.sample(sorted(entry), 25):
        mask, me, other = key.split(".")
        obstacles, me, other = int(mask, 16), int(me), int(other)
        move = book_move(8, obstacles, me, other)
        assert move in k.moves(obstacles, me, other)
        after = obstacles | (1 << move[0]) | (1 << move[1]) | (1 << move[2])
        assert not solver.wins(after, other, move[3])


# -- positions in play ------------------------------------------------------------------------
@pytest.mark.parametrize("n,plies", [(5, 0), (5, 2), (6, 1), (6, 3), (7, 5), (7, 7)])
def test_solver_matches_the_reference_on_random_positions(n, plies):
    game = Barrier(size=n)
    rng = random.Random(n * 100 + plies)
    solver = Solver(n)
    for _ in range(12):
        state = random_position(game, rng, plies)
        if game.outcome(state) is not None:
            continue
        assert solver_mover_wins(game, solver, state) == ref_mover_wins(game, state), \
            game.diagram(state)


def test_separated_pawns_are_valued_by_their_longest_runs():
    """Once the pawns can no longer meet, the side to move wins exactly when its longest run
    of moves is longer than the opponent's; checked against the reference's plain search."""
    rng = random.Random(11)
    checked = 0
    for n in (6, 7):
        game = Barrier(size=n)
        solver = Solver(n)
        for _ in range(300):
            state = random_position(game, rng, rng.randrange(3, 8))
            if game.outcome(state) is not None:
                continue
            me, other = mover_and_other(game, state)
            obstacles = bot.BarrierEngine.mask(state.obstacles)
            reaches = solver.separated_reaches(obstacles, me, other)
            if reaches is None:
                continue
            checked += 1
            mine, theirs = reaches
            full = solver.k.full
            assert solver.longest(full & ~mine, me) == ref.longest_run(
                n, ref_cell(n, me), ref_obstacles(n, state.obstacles) | {ref_cell(n, other)})
            assert solver.separated_value(obstacles, me, other) == ref_mover_wins(game, state)
    assert checked >= 20


def won_positions(game, rng, count):
    """``count`` random positions, after 0 to 3 random movements, that the mover wins
    against any defence (by the reference solver)."""
    found = 0
    while found < count:
        state = random_position(game, rng, rng.randrange(0, 4))
        if game.outcome(state) is None and ref_mover_wins(game, state):
            found += 1
            yield state


def test_the_bot_plays_a_winning_move_whenever_there_is_one():
    """On random 6x6 and 7x7 positions won for the side to move, the bot's move keeps the win."""
    rng = random.Random(3)
    for n in (6, 7):
        game = Barrier(size=n)
        for state in won_positions(game, rng, 8):
            move = choose(game, state, level=3)
            assert move in game.legal_moves(state)
            assert not ref_mover_wins(game, game.apply(state, move)), game.diagram(state)


def lost_positions(game, rng, count, plies):
    """``count`` random positions, after ``plies`` (a range) random movements, that the
    mover loses against perfect play (by the reference solver) and that offer a choice."""
    found = 0
    while found < count:
        state = random_position(game, rng, rng.randrange(*plies))
        if (game.outcome(state) is not None or len(game.legal_moves(state)) < 2
                or ref_mover_wins(game, state)):
            continue
        found += 1
        yield state


def refutations(game, state, move):
    """How many of the opponent's replies to ``move`` win for them (reference solver)."""
    after = game.apply(state, move)
    return sum(1 for reply in game.legal_moves(after)
               if not ref_mover_wins(game, game.apply(after, reply)))


def test_on_the_losing_side_the_bot_leaves_the_fewest_winning_replies():
    """Lost positions: the bot's move is one of those with the fewest refutations."""
    game = Barrier(size=6)
    for state in lost_positions(game, random.Random(8), 5, (1, 4)):
        counts = {move: refutations(game, state, move) for move in game.legal_moves(state)}
        thinker = Thinker(game, state, level=3)
        while not thinker.done:
            thinker.step(0.05)
        assert thinker.progress()["proven"] == "loss"
        assert counts[thinker.move()] == min(counts.values())


def test_a_weak_levels_slips_are_hard_to_refute():
    """Level 1 sometimes gives a won 8x8 game away while the board is open, but only by a
    move that at most one reply in eight refutes (a beginner seldom finds it)."""
    game = Barrier(size=8)
    solver = bot.shared_solver(8)
    rng = random.Random(5)
    slips = 0
    while slips < 4:
        state = random_position(game, rng, rng.randrange(0, 3))
        if game.outcome(state) is not None or not solver_mover_wins(game, solver, state):
            continue
        after = game.apply(state, choose(game, state, level=1, seconds=30,
                                         seed=rng.randrange(1000)))
        if not solver_mover_wins(game, solver, after):
            continue                      # the move keeps the win
        slips += 1
        replies = game.legal_moves(after)
        refuting = sum(1 for reply in replies
                       if not solver_mover_wins(game, solver, game.apply(after, reply)))
        assert refuting * 8 <= len(replies), game.diagram(state)


# -- the alpha-beta guess (a kernel of ai/alphabeta.py) ----------------------------------------
def guess_engine(game, state, level, chunk=None):
    """The bot at ``level`` in ``state``, sent to its alpha-beta guess as a weak level's
    move (the first seed whose draw does so), run until the guess is over (``chunk`` nodes
    a work() call if given)."""
    for seed in range(100):
        engine = bot.BarrierEngine(game, state, level, random.Random(seed), fresh=True)
        if engine.phase == "shallow" and not engine.then_solve:
            break
    else:
        raise AssertionError("no seed sends this level to its guess")
    if chunk is not None:
        engine.CHUNK = chunk
    while engine.phase == "shallow" and not engine.done:
        engine.work()
    return engine


def plain_negamax(game, state, depth, ply, evaluate):
    """Full-width negamax from the rules (no pruning, no table): a player with no L-move
    loses ("A player who has no legal L-move when their movement turn starts loses"),
    sooner being worse; at the horizon, the bot's evaluation of the mover's position."""
    if game.outcome(state) is not None:
        return -bot.BarrierEngine.WIN + ply
    if depth == 0:
        me, other = mover_and_other(game, state)
        return evaluate((bot.BarrierEngine.mask(state.obstacles), me, other))
    return max(-plain_negamax(game, game.apply(state, move), depth - 1, ply + 1, evaluate)
               for move in game.legal_moves(state))


@pytest.mark.parametrize("n,level,depth,count", [(8, 1, 2, 6), (9, 1, 2, 4), (8, 2, 3, 2)])
def test_the_guess_plays_a_move_of_the_best_value(n, level, depth, count):
    """Level 1 looks 2 plies ahead and level 2 3: the move of their guess has the best value
    a plain negamax finds at that depth (same evaluation), and the guess claims no proof."""
    game = Barrier(size=n)
    rng = random.Random(40 + n + level)
    checked = 0
    while checked < count:
        state = random_position(game, rng, rng.randrange(0, 4))
        if game.outcome(state) is not None or len(game.legal_moves(state)) < 3:
            continue
        checked += 1
        engine = guess_engine(game, state, level)
        assert engine.phase == "vet slip" and engine.proven is None
        values = {move: -plain_negamax(game, game.apply(state, move), depth - 1, 1,
                                       engine.evaluate)
                  for move in game.legal_moves(state)}
        assert values[engine.best] == max(values.values()), game.diagram(state)


def test_the_guess_paused_every_few_nodes_plays_the_same_move():
    """The guess pauses by nodes (``AlphaBeta``): 5 nodes a chunk or all at once, the same
    move after the same nodes, in more chunks."""
    game = Barrier(size=9)
    rng = random.Random(17)
    for _ in range(4):
        state = random_position(game, rng, rng.randrange(0, 4))
        if game.outcome(state) is not None:
            continue
        whole, paused = (guess_engine(game, state, 2, chunk) for chunk in (10 ** 6, 5))
        assert paused.best == whole.best and paused.nodes == whole.nodes
        assert paused.iterations > whole.iterations == 1


@pytest.mark.parametrize("white,black,obstacles,to_move,winner", [
    ("a4", "d2", "a5 a6 b1 b2 b5 b6 c2 c5 d5", 1, "d2-d3-c3-b3"),
    ("c5", "d5", "c6 d6 e5 e6 f5 f6", 0, "c5-c4-d4-e4"),
])
def test_win_in_one(white, black, obstacles, to_move, winner):
    """6x6 puzzles: exactly one of the mover's moves leaves the opponent without a legal
    L-move ("A player who has no legal L-move when their movement turn starts loses"); the
    test checks that property with the rules before asking the bot, at every level."""
    game = Barrier(size=6)
    state = game.position(white, black, obstacles, to_move=to_move)
    moves = game.legal_moves(state)
    winning = [m for m in moves if game.outcome(game.apply(state, m)) is not None]
    assert [game.move_name(m) for m in winning] == [winner] and len(moves) >= 4
    for level in range(1, 6):
        assert game.move_name(choose(game, state, level=level, seconds=0.2, seed=level)) == winner


def test_the_only_defence():
    """Positions where exactly one move keeps the game alive for more than one ply: the bot
    finds it (the reference solver proves the others lose)."""
    rng = random.Random(13)
    game = Barrier(size=6)
    found = 0
    while found < 4:
        state = random_position(game, rng, rng.randrange(1, 5))
        if game.outcome(state) is not None:
            continue
        saving = [m for m in game.legal_moves(state)
                  if not ref_mover_wins(game, game.apply(state, m))]
        if len(saving) != 1 or len(game.legal_moves(state)) < 3:
            continue
        found += 1
        assert choose(game, state, level=3) == saving[0], game.diagram(state)


def test_placements_follow_the_book():
    """White's first cell on 5x5 is the only winning one (c3); Black answers 8x8's d4 with a
    winning reply."""
    game = Barrier(size=5)
    assert game.move_name(choose(game, game.initial_state(), level=3)) == "c3"
    game = Barrier(size=8)
    state = game.apply(game.initial_state(), (game.cell("d4"),))
    thinker = Thinker(game, state, level=3)
    thinker.step(0.05)
    assert thinker.progress()["proven"] == "win"
    black = thinker.move()[0]
    assert black_wins_reply(8, game.cell("d4"), black)


# -- Black first (RULES.md 1.2: "REC: offer first_player as an option, default White") -------
# The rules look at who places first, never at colours, so the solver and the book, written
# for White first, serve Black first with the colours read the other way round.

def swapped(state):
    """The same position with the colours exchanged, each pawn on the other's cell, for the
    game where the other colour began: the same ply is then the other colour's turn."""
    return state._replace(pawns=state.pawns[::-1])


@pytest.mark.parametrize("n", [5, 6])
def test_with_black_first_the_bot_plays_a_winning_move_whenever_there_is_one(n):
    """Random 5x5 and 6x6 positions with Black first, won for the side to move (reference
    solver): the bot's move at levels 3 to 5 keeps the win, and it is the move the bot makes
    in the same position with the colours exchanged and White first."""
    game, white_first = Barrier(size=n, first_player="black"), Barrier(size=n)
    rng = random.Random(30 + n)
    for found, state in enumerate(won_positions(game, rng, 8), start=1):
        level = 3 + found % 3
        move = choose(game, state, level=level)
        assert move in game.legal_moves(state)
        assert not ref_mover_wins(game, game.apply(state, move)), game.diagram(state)
        mirror = swapped(state)
        assert white_first.to_move(mirror) == 1 - game.to_move(state)
        assert choose(white_first, mirror, level=level) == move


def test_with_black_first_blacks_first_cell_on_5x5_wins():
    """Black's first cell leaves White no winning reply (reference solver)."""
    game = Barrier(size=5, first_player="black")
    start = game.initial_state()
    first = choose(game, start, level=3)[0]
    assert game.pieces(game.apply(start, (first,))) == {game.grid.names[first]: "pawn.1"}
    assert ref.black_winning_replies(5, ref_cell(5, first)) == []


@pytest.mark.parametrize("n, firsts", [(5, "a1 b1 c1 b2 c2 c3"), (6, "c2 b2")])
def test_with_black_first_whites_reply_wins_whenever_one_does(n, firsts):
    """White's reply to Black's first cell (every symmetry class on 5x5, two on 6x6): one of
    the winning replies when there are any, and the bot knows the game lost when there are
    none (reference solver)."""
    game = Barrier(size=n, first_player="black")
    for name in firsts.split():
        state = game.apply(game.initial_state(), (game.cell(name),))
        winners = ref.black_winning_replies(n, ref_cell(n, game.cell(name)))
        thinker = Thinker(game, state, level=3)
        while not thinker.done:
            thinker.step(0.05)
        assert thinker.progress()["proven"] == ("win" if winners else "loss"), name
        if winners:
            assert game.move_name(thinker.move()) in winners, name


def test_with_black_first_white_answers_8x8_from_the_book():
    """On 8x8 the second player wins; with Black first that is White, whose reply to d4 the
    book proves winning at once."""
    game = Barrier(size=8, first_player="black")
    state = game.apply(game.initial_state(), (game.cell("d4"),))
    assert game.to_move(state) == 0
    thinker = Thinker(game, state, level=3)
    thinker.step(0.05)
    assert thinker.progress()["proven"] == "win"
    assert black_wins_reply(8, game.cell("d4"), thinker.move()[0])


def test_solve_size_rejects_bad_sizes():
    with pytest.raises(ValueError, match="5x5 to 9x9"):
        solve_size(4)


# -- matches ---------------------------------------------------------------------------------
def play(game, bots, rng):
    state = game.initial_state()
    while game.outcome(state) is None:
        player = game.to_move(state)
        move = bots[player](state)
        assert move in game.legal_moves(state)
        state = game.apply(state, move)
    return game.outcome(state).winner


@pytest.mark.parametrize("first", ["white", "black"])
@pytest.mark.parametrize("n", [5, 6])
def test_the_winning_side_always_wins_against_random_play(n, first):
    """5x5 is won by the first player (from c3), 6x6 by the second: the bot on that side
    always wins, whichever colour began."""
    game = Barrier(size=n, first_player=first)
    winner = game.first if n == 5 else 1 - game.first
    rng = random.Random(f"{n}-{first}")
    for i in range(4):
        bots = {winner: lambda s: choose(game, s, level=3),
                1 - winner: lambda s: rng.choice(game.legal_moves(s))}
        assert play(game, bots, rng) == winner


@pytest.mark.slow
@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_the_winning_side_always_wins_against_other_bots(n):
    """The side that wins with perfect play wins every game, against random play and against
    the bot itself at every level."""
    game = Barrier(size=n)
    winner = 0 if n == 5 else 1
    rng = random.Random(n)
    opponents = [lambda s: rng.choice(game.legal_moves(s))] + [
        (lambda level: lambda s: choose(game, s, level=level, seconds=0.3, seed=rng.random()))(lv)
        for lv in (1, 2, 3)]
    for opponent in opponents:
        for _ in range(3):
            bots = {winner: lambda s: choose(game, s, level=4, seconds=2.0), 1 - winner: opponent}
            assert play(game, bots, rng) == winner


def ref_plies_left(n, me, other, obstacles):
    """Movements left when the winner hurries and the loser holds out (reference solver)."""
    wins = ref.make_solver(n)
    best = None
    winning = wins(me, other, obstacles)
    for path in ref.legal_paths(n, me, other, obstacles):
        after = obstacles | frozenset(path[:3])
        if winning and wins(other, path[3], after):
            continue
        length = 1 + ref_plies_left(n, other, path[3], after)
        if best is None or (length < best if winning else length > best):
            best = length
    return best or 0


def test_plies_left_matches_the_reference():
    """The length of the game under perfect play, on random 5x5 and 6x6 positions."""
    rng = random.Random(21)
    for n, plies in ((5, 0), (5, 1), (6, 3), (6, 4)):
        game = Barrier(size=n)
        solver = Solver(n)
        for _ in range(6):
            state = random_position(game, rng, plies)
            if game.outcome(state) is not None:
                continue
            me, other = mover_and_other(game, state)
            assert solver.plies_left(bot.BarrierEngine.mask(state.obstacles), me, other) == \
                ref_plies_left(n, ref_cell(n, me), ref_cell(n, other),
                               ref_obstacles(n, state.obstacles))


def test_on_the_losing_side_the_bot_holds_out_longest():
    """Among the lost moves with the fewest refutations, the bot picks one after which the
    game lasts longest (the reference counts the plies)."""
    game = Barrier(size=6)
    n = 6
    for state in lost_positions(game, random.Random(9), 4, (2, 5)):
        def length(move):
            after = game.apply(state, move)
            me, other = mover_and_other(game, after)
            return ref_plies_left(n, ref_cell(n, me), ref_cell(n, other),
                                  ref_obstacles(n, after.obstacles))
        counts = {move: refutations(game, state, move) for move in game.legal_moves(state)}
        fewest = min(counts.values())
        candidates = [m for m in game.legal_moves(state) if counts[m] == fewest]
        move = choose(game, state, level=3)
        assert move in candidates
        assert length(move) == max(length(m) for m in candidates)
