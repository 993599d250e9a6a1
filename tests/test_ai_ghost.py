"""The Ghost bot (py/tavoliere/ai/ghost.py): it takes a winning exit, plays from its own view
only (two full states with the same view get the same move), is deterministic with a fixed
number of iterations, weighs what it has seen, and keeps clear of a losing capture."""

import random

import pytest

from tavoliere import load_game
from tavoliere.ai import Thinker, choose
from tavoliere.ai.ghost import ADVANCE, OFFER, belief, determinise, duel
from tavoliere.games.ghost import GRID, OUT as GHOST_OUT

GAME = load_game("ghost")


def name(move):
    return GAME.move_name(move)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_takes_a_winning_exit(level):
    """RULES.md 14.6.1 "an exit → the mover wins": with a good ghost on a6 every level
    leaves at once (G-2's position)."""
    state = GAME.position("a6 G, b2 B, c2 G, d2 B", "b6 B, c5 G, e5 G, e6 B", lost=(2, 2, 2, 2))
    for seed in range(3):
        assert name(choose(GAME, GAME.view(state, 0), level=level, iterations=20, seed=seed)) == "a6-out"


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_captures_a_ghost_about_to_leave(level):
    """RULES.md 14.4: a good ghost on one of the opponent's corners may leave the board as
    its move, and an exit wins.  Black's ghost on a1 (one of Black's exits) leaves next move
    if it is good, so every level of White takes it at once from a2, careless moves
    included."""
    state = GAME.position("a2 G, c2 G, d2 B, e1 B", "a1 G, c5 G, e5 B, e6 B", lost=(2, 2, 2, 2))
    for seed in range(4):
        assert name(choose(GAME, GAME.view(state, 0), level=level, iterations=20,
                           seed=seed)) == "a2xa1"


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_a_ghost_on_its_exit_is_taken_unless_it_looks_like_the_fourth_bad(level):
    """RULES.md 14.6.3 "the move captured the opponent's fourth bad ghost → the opponent
    wins", against 14.6.1 "an exit → the mover wins".  Three of Black's bad ghosts are
    taken, so one of his three ghosts left is bad: taking a1 loses one time in three, and
    leaving it lets a good ghost walk out (two times in three).  Every level takes the
    gamble.  A ghost seen offering itself to capture three times looks bad (odds of being
    good 0.6 ** 3 against the others' 1, so it is the bad one seven times in ten): from
    level 2, which weighs what it has seen, the capture is refused."""
    risky = GAME.position("a2 G, c2 G, d2 B, e1 B", "a1 G, c5 G, e5 B", lost=(2, 2, 2, 3))
    suspect = risky._replace(offered=tuple(3 if cell == GRID.index("a1") else 0
                                           for cell in range(36)))
    for seed in range(4):
        assert name(choose(GAME, GAME.view(risky, 0), level=level, iterations=20,
                           seed=seed)) == "a2xa1"
        taken = name(choose(GAME, GAME.view(suspect, 0), level=level, iterations=20, seed=seed))
        assert (taken == "a2xa1") == (level == 1)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_steps_onto_an_exit_no_opposing_ghost_can_reach(level):
    """RULES.md 14.4: a good ghost on one of the opponent's far corners may leave the board
    as its move.  White's good ghost on a5 steps onto a6, where no black ghost stands next
    to it: it leaves next move and nothing can stop it, so every level plays it."""
    state = GAME.position("a5 G, c2 G, d2 B, e1 B", "c5 U, d4 U, e5 U, e6 U", lost=(2, 2, 2, 2))
    for seed in range(4):
        assert name(choose(GAME, state, level=level, iterations=20, seed=seed)) == "a5-a6"


def test_level_1_races_home_once_no_capture_is_safe():
    """RULES.md 14.6.1: with three bad ghosts of Black's taken, any capture may take his
    fourth and hand him the game, so an exit is White's way to win: level 1, whose moves
    are otherwise mostly careless, steps its good ghost nearest an exit towards it (c4 to
    c5 or b4, each 3 steps from a6) on every move."""
    state = GAME.position("c4 G, b1 G, a1 B, f1 B", "e2 U, f3 U, d1 U", lost=(2, 2, 2, 3))
    for seed in range(8):
        assert name(choose(GAME, state, level=1, iterations=20, seed=seed)) in (
            "c4-c5", "c4-b4")


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_never_offers_its_last_good_ghost(level):
    """RULES.md 14.6.1 "the opponent captures all four of the player's good ghosts → the
    player loses": with three good ghosts lost, White's last one (c3) is never moved next to
    a black ghost (c4 would be), nor left next to one, while another move exists; at level 1
    its step home is the quick policy's favourite."""
    state = GAME.position("c3 G, a1 B, f1 B", "c5 U, e5 U, b6 U", lost=(3, 1, 0, 0))
    attacked = GAME.position("c3 G, a1 B, f1 B", "c4 U, e5 U, b6 U", lost=(3, 1, 0, 0))
    for seed in range(6):
        assert name(choose(GAME, state, level=level, iterations=20, seed=seed)) != "c3-c4"
        assert name(choose(GAME, attacked, level=level, iterations=20, seed=seed)) in (
            "c3-b3", "c3-d3", "c3-c2", "c3xc4")


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_a_cornered_last_good_ghost_goes_where_fewest_ghosts_can_take_it(level):
    """RULES.md 14.6.2, "the move captured the opponent's fourth good ghost → the mover
    wins": White's last good ghost on c3 is next to two black ghosts (c4, b3) and every
    move leaves it next to one at least (no capture is safe: Black's fourth bad is among
    his five).  c3-c2 leaves it next to d2 alone, where any other move leaves two ghosts
    able to take it."""
    state = GAME.position("c3 G, a1 B, f1 B, e1 B", "c4 U, b3 U, d2 U, e3 U, f6 U",
                          lost=(3, 1, 0, 3))
    for seed in range(4):
        assert name(choose(GAME, state, level=level, iterations=20, seed=seed)) == "c3-c2"


@pytest.mark.parametrize("level", [4, 5])
def test_levels_4_and_5_march_a_bad_ghost_as_a_good_one_would(level):
    """Issue 42: the bot "bluffs (its bad ghosts sometimes play like good ones)".  White's
    good ghost on a1 is hemmed in by two bad ones; a2-a3 and a2-b2 both open its way, and
    levels 4 and 5 choose the one that takes the bad ghost forward, as a good one would go
    (the code before chose a2-b2, a step back)."""
    state = GAME.position("a1 G, b1 B, a2 B", "b6 U, c6 U, d6 U, e6 U", lost=(3, 2, 2, 2))
    for seed in range(3):
        assert name(choose(GAME, state, level=level, iterations=40, seed=seed)) == "a2-a3"


def test_the_horizon_counts_the_march_of_bad_ghosts_at_levels_4_and_5_only():
    """``MARCH``: at the horizon of levels 4 and 5, each step a bad ghost has taken towards
    the exits counts for its side, the same for either side; below level 4 it counts for
    nothing."""
    from tavoliere.ai.ghost import MARCH, sample_board, sample_value

    def value(white, black, level):
        state = GAME.position(white, black, lost=(3, 3, 3, 3))
        return sample_value(sample_board(state), list(state.lost), 0, MARCH.get(level, 0))

    assert MARCH[4] > 0 and MARCH[5] > 0 and 3 not in MARCH
    for level in (3, 4, 5):
        before = value("a1 G, a2 B", "f6 G, f5 B", level)
        assert value("a1 G, a3 B", "f6 G, f5 B", level) - before == MARCH.get(level, 0)
        assert value("a1 G, a2 B", "f6 G, f4 B", level) - before == -MARCH.get(level, 0)


def swapped(state, cells):
    """The same position with the colours of Black's ghosts on ``cells`` swapped round."""
    board = list(state.board)
    marks = [board[GRID.index(c)] for c in cells]
    for cell, mark in zip(cells, marks[1:] + marks[:1]):
        board[GRID.index(cell)] = mark
    return state._replace(board="".join(board))


def test_plays_from_its_own_view_only():
    """14.5 "Bots get only their own view": given the full state, the bot takes its own
    view first, so two states that differ only in the colours it may not see get the very
    same move, for any seed, and the same as from the view itself."""
    rng = random.Random(5)
    state = GAME.replay("b1c1d2e2 b5c5d6e6".split())
    for _ in range(12):
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    assert GAME.to_move(state) == 0 and GAME.outcome(state) is None
    other = swapped(state, ["b5", "b6"])
    assert other != state and GAME.view(other, 0) == GAME.view(state, 0)
    for seed in range(3):
        moves = {name(choose(GAME, s, level=3, iterations=60, seed=seed))
                 for s in (state, other, GAME.view(state, 0))}
        assert len(moves) == 1


def test_its_determinisations_agree_with_its_view():
    """A sample of the belief keeps every public fact: its own colours, where every ghost
    stands, and as many good ghosts left as the opponent has."""
    state = GAME.position("c4 G, a1 G, f2 B, d1 B", "d4 u, b5 u, e5 u, b6 u", lost=(2, 2, 1, 3))
    rng = random.Random(1)
    odds = belief(state, 0)
    for _ in range(50):
        full = determinise(state, 0, odds, rng)
        marks = [full.board[GRID.index(c)] for c in ("d4", "b5", "e5", "b6")]
        assert sorted(marks) == ["b", "g", "g", "g"]
        assert full.board[GRID.index("c4")] == "G"


def test_a_ghost_seen_heading_for_an_exit_looks_good():
    """The belief: each step towards its exits raises a ghost's odds of being good; each
    move that offered it to capture lowers them."""
    record = "b1c1d2e2 b5c5d6e6 b2-b3 b5-a5 b3-b4 e5-e4 c2-c3 e4-e3".split()
    state = GAME.replay(record)
    odds = belief(GAME.view(state, 0), 0)
    assert odds[GRID.index("c5")] == 1.0                 # never moved
    assert odds[GRID.index("a5")] == ADVANCE             # b5-a5: nearer a1, Black's exit
    # e5-e4 and e4-e3 nearer f1; on e3 it touches White's e2: offered to capture
    assert odds[GRID.index("e3")] == pytest.approx(ADVANCE ** 2 * OFFER)
    assert ADVANCE > 1 > OFFER
    blind = belief(GAME.view(state, 0), 0, use_evidence=False)
    assert set(blind.values()) == {1.0}


def test_never_captures_a_possible_fourth_bad_when_another_move_exists():
    """14.6.3 "the move captured the opponent's fourth bad ghost → the opponent wins": with
    three bad ghosts of Black's captured, an unknown ghost may be the fourth."""
    state = GAME.position("c3 G, a1 G, f2 B, d1 B", "c4 u, e5 u, b6 u, f5 u, a5 u",
                          lost=(2, 2, 0, 3))
    for seed in range(4):
        assert name(choose(GAME, state, level=4, iterations=80, seed=seed)) != "c3xc4"


def test_fixed_iterations_give_the_same_move():
    state = GAME.replay("b1c1d2e2 b5c5d6e6 b2-b3 e5-e4".split())
    view = GAME.view(state, 0)
    first = [name(choose(GAME, view, level=3, iterations=64, seed=seed)) for seed in range(4)]
    again = [name(choose(GAME, view, level=3, iterations=64, seed=seed)) for seed in range(4)]
    assert first == again


def test_a_setup_is_one_of_the_seventy_drawn_by_the_seed():
    """14.2.3 "A bot chooses its own set-up the same way" (uniformly)."""
    start = GAME.initial_state()
    picks = {name(choose(GAME, start, level=3, iterations=5, seed=seed)) for seed in range(12)}
    assert len(picks) > 6 and picks <= {name(m) for m in GAME.legal_moves(start)}


def test_the_thinker_reports_progress():
    state = GAME.replay("b1c1d2e2 b5c5d6e6".split())
    thinker = Thinker(GAME, GAME.view(state, 0), level=3, iterations=40, seed=1)
    while not thinker.done:
        progress = thinker.step(0.05)
    assert progress["best"] in {name(m) for m in GAME.legal_moves(state)}
    assert 0 <= progress["win_chance"] <= 1


def test_the_bot_beats_random_play():
    """Ten quick seeded games against uniformly random moves, five with each colour: the
    bot (level 3, which plays one move in twenty without search) wins at least nine."""
    assert duel("bot", "random", 10, iterations=40)["wins"] >= 9


@pytest.mark.slow
def test_level_1_is_beatable_and_the_bot_beats_it():
    assert duel("bot", "random", 20, iterations=200)["score"] > 0.8


def reference_value(state, depth: int, guard: bool = False) -> int:
    """Plain negamax on the rule book's own states, no pruning: what ``lookahead`` must
    find on a sample where every colour is known.  With ``guard``, a side with an opposing
    ghost on that ghost's exit within reach may only capture it, as every level does."""
    from tavoliere.ai.ghost import WIN, sample_board, sample_value
    from tavoliere.games.ghost import EXITS
    player = GAME.to_move(state)
    moves = GAME.legal_moves(state)
    if any(move[1] == GHOST_OUT for move in moves):
        return WIN                                          # 14.6.1: an exit wins
    if depth == 0:
        return sample_value(sample_board(state), list(state.lost), player)
    forced = [move for move in moves if move[2] and move[1] in EXITS[1 - player]]
    if guard and forced:
        moves = forced
    values = []
    for move in moves:
        after = GAME.apply(state, move)
        outcome = GAME.outcome(after)
        if outcome is not None:                             # a fourth good or bad captured
            values.append(WIN if outcome.winner == player else -WIN)
        else:
            values.append(-reference_value(after, depth - 1, guard))
    return max(values)


def test_the_lookahead_agrees_with_plain_negamax_on_the_rule_book():
    """The samples' alpha-beta (levels 3 to 5) walks the rule book's moves, captures and
    ends (RULES.md 14.4, 14.6.1: an exit wins; a fourth good ghost captured wins for the
    capturer, a fourth bad one for its owner) and prunes without changing a value: on
    positions of random games with every colour known, each depth gives plain negamax's
    value."""
    from tavoliere.ai.ghost import lookahead, sample_board
    rng = random.Random(3)
    checked = 0
    for _ in range(6):
        state = GAME.initial_state()
        while GAME.outcome(state) is None and state.moves < 120:
            if state.setups == 2 and state.moves % 7 == 5:
                for depth in (1, 2, 3) if state.moves % 3 == 0 else (1, 2):
                    board, lost = sample_board(state), list(state.lost)
                    value = lookahead(board, lost, GAME.to_move(state), depth, [0])
                    assert value == reference_value(state, depth), (state.board, state.lost, depth)
                    assert (board, lost) == (sample_board(state), list(state.lost))
                    checked += 1
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    assert checked > 60


def test_level_5_sees_in_its_lines_that_a_ghost_on_its_exit_is_taken():
    """Every level takes an opposing ghost standing on one of its exits (RULES.md 14.4: a
    good one leaves next move), not knowing its colour (14.5).  In a sample every colour is
    known, so without ``guard`` the lookahead's sides would leave a bad one there; level 5's
    lines take it as the real players do, and its alpha-beta still gives plain negamax's
    value under that rule on positions of random games."""
    from tavoliere.ai.ghost import GUARD, lookahead, sample_board
    assert GUARD == {5}
    rng = random.Random(4)
    checked = guarded = 0
    for _ in range(6):
        state = GAME.initial_state()
        while GAME.outcome(state) is None and state.moves < 120:
            if state.setups == 2 and state.moves % 5 == 3:
                for depth in (1, 2, 3) if state.moves % 2 else (1, 2):
                    board, lost = sample_board(state), list(state.lost)
                    value = lookahead(board, lost, GAME.to_move(state), depth, [0], guard=True)
                    assert value == reference_value(state, depth, guard=True), \
                        (state.board, state.lost, depth)
                    assert (board, lost) == (sample_board(state), list(state.lost))
                    checked += 1
                    guarded += value != reference_value(state, depth)
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    assert checked > 80 and guarded > 0


def test_level_5_walks_its_last_bad_ghost_onto_its_exit_to_be_taken():
    """RULES.md 14.6.3: "the move captured the opponent's fourth bad ghost → the opponent
    wins".  Black has taken three of White's bad ghosts; White's last one, on b6, steps onto
    White's exit a6 next to Black's a5, where Black must take it (were it good, it would
    leave next move: 14.6.1) and so hands White the game.  Level 5 sees it; level 4, whose
    samples let Black see the ghost is bad and leave it, does not play it."""
    state = GAME.position("b6 B, b1 G, c1 G, d1 G, e1 G", "a5 U, e3 U, e4 U", lost=(0, 3, 3, 2))
    for seed in range(3):
        assert name(choose(GAME, state, level=5, iterations=200, seed=seed)) == "b6-a6"
        assert name(choose(GAME, state, level=4, iterations=200, seed=seed)) != "b6-a6"


def test_the_horizon_sees_an_unguarded_good_ghost_on_its_exit_as_lost():
    """RULES.md 14.6.1: "an exit → the mover wins"; the exit is a move of its own from the
    corner, so a good ghost standing on its exit leaves next move unless it is taken now.
    At a horizon where nothing of the side to move stands next to it, the lookahead counts
    the game lost (an even depth would otherwise call it a quarter point): of White's
    moves here only c1-b1, next to Black's exit a1, stops Black's good ghost on a2."""
    from tavoliere.ai.ghost import LOST_NEXT, after_step, lookahead, sample_board, undo_step
    state = GAME.position("c1 B, d6 G", "a2 G, f4 B", lost=(3, 3, 3, 3))
    board, lost = sample_board(state), list(state.lost)
    values = {}
    for move in GAME.legal_moves(state):
        undo = after_step(board, lost, 0, move[:2])
        values[name(move)] = -lookahead(board, lost, 1, 1, [0])
        undo_step(board, lost, move[:2], undo)
    assert values.pop("c1-b1") > LOST_NEXT
    assert values and set(values.values()) == {LOST_NEXT}


def test_the_benchmark_measures_the_lookahead_and_its_longest_slice():
    from tavoliere.ai.arena import ghost_bench
    rows = {row["what"]: row["value"] for row in ghost_bench(0.05)}
    assert rows["ghost level 5 lookahead nodes/s"] > 0
    assert 0 < rows["ghost level 5 longest work() slice, ms"] < 1000


def test_its_root_statistics_count_only_the_samples_every_move_was_searched_on():
    """The page's pool (web/pool.js) merges the workers' root statistics by the most
    visited move: a worker stopped within a sample must not favour the moves it searched
    first, so each move counts the whole samples and its mean times their number."""
    from tavoliere.ai.parallel import merge, root_statistics
    state = GAME.view(GAME.replay("b1c1d2e2 b5c5d6e6 b2-b3 e5-e4".split()), 0)
    thinker = Thinker(GAME, state, level=3, iterations=1, seed=2)
    engine = thinker.engine
    assert root_statistics(thinker) is None                    # nothing searched yet
    for _ in range(len(engine.candidates) * 3 // 2):
        engine.work()                                          # a sample and a half
    visits = [engine.visits[i] for i in engine.candidates]
    assert min(visits) == 1 and max(visits) == 2
    rows = root_statistics(thinker)
    assert {row[1] for row in rows} == {1}
    means = {row[0]: row[2] / row[1] for row in rows}
    for index in engine.candidates:
        assert means[name(engine.legal[index])] == pytest.approx(
            engine.totals[index] / engine.visits[index])
    best = merge([root_statistics(thinker)])["best"]
    assert means[best] == max(means.values())


def test_the_pool_of_workers_merges_samples_from_the_bots_own_view():
    """Root parallelism for Ghost: each worker draws samples with its own seed from the
    same view (14.5), the merge plays the best mean over all of them, and two full states
    that differ only in colours the bot may not see get the same merged move."""
    from tavoliere.ai.parallel import WorkerPool
    rng = random.Random(5)
    state = GAME.replay("b1c1d2e2 b5c5d6e6".split())
    for _ in range(12):
        state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    other = swapped(state, ["b5", "b6"])
    with WorkerPool(2) as pool:
        answers = [pool.choose("ghost", s, 4, iterations=40, seed=3) for s in (state, other)]
    assert answers[0]["best"] == answers[1]["best"]
    assert GAME.parse_move(answers[0]["best"], state) in GAME.legal_moves(state)
    roots = [answer["root"] for answer in answers[0]["answers"]]
    assert all(roots) and roots[0] != roots[1]                  # seeds of their own
    assert roots == [answer["root"] for answer in answers[1]["answers"]]
