"""Footsteps bot (RULES.md 11.6, 11.7): the values of FT-1 and FT-2 and FT-2's equilibrium
supports, the table against an exact reference, the matrix-game solver against certificates,
best responses, the levels, and above all that the bot never sees a pending bid
(11.2.4: "Black's ply is chosen in an information set that does not contain White's bid of
the same round")."""

import json
import random

import pytest

from reference import footsteps_ref as ref
from tavoliere import bridge, load_game
from tavoliere.ai import Thinker, choose, footsteps as bot, matrixgame
from tavoliere.games.footsteps import HIDDEN

GAME = load_game("footsteps")
VALUES = bot.shipped_values()


def ask(**request) -> dict:
    return json.loads(bridge.handle(json.dumps(request)))


def support(strategy, tolerance=1e-9):
    """The bids (from 1) played with a positive probability, and those probabilities."""
    return {bid: round(p, 9) for bid, p in enumerate(strategy, 1) if p > tolerance}


# -- 11.7 acceptance tests --------------------------------------------------------------------

def test_ft1_the_start_is_worth_zero():
    """FT-1: "The start position (0, 50, 50) has value 0 (the game is symmetric)." """
    assert VALUES.value(0, 50, 50) == 0
    assert abs(VALUES.equilibrium(0, 50, 50)[0]) < 1e-12


def test_ft2_value_and_supports():
    """FT-2: "Marker on +2, both players on 3 points: value +1/2. White's equilibrium bids 1
    and 3 with probability 1/2 each (bid 2 is weakly dominated by bid 3). Black bids 3 with
    probability 1/2 and puts the other 1/2 on bids 1 and 2, in any split." """
    assert VALUES.value(2, 3, 3) == 0.5
    value, white, black = VALUES.equilibrium(2, 3, 3)
    assert value == pytest.approx(0.5, abs=1e-12)
    assert support(white) == {1: 0.5, 3: 0.5}
    assert support(black)[3] == 0.5 and set(support(black)) <= {1, 2, 3}
    assert sum(black[:2]) == pytest.approx(0.5)


def test_ft2_mirrored_is_worth_minus_one_half():
    """FT-2: "The same state with the marker on -2 has value -1/2." """
    assert VALUES.value(-2, 3, 3) == -0.5


def test_ft3_values():
    """FT-3: (0, 3, 0) is +1; with White on 2 points, a draw (0)."""
    assert (VALUES.value(0, 3, 0), VALUES.value(0, 2, 0)) == (1, 0)


def test_the_table_is_symmetric():
    """FT5: "The game is symmetric": swapping the players mirrors every value."""
    for marker in range(-2, 3):
        for white in range(0, 51, 7):
            for black in range(0, 51, 3):
                assert VALUES.value(marker, white, black) == -VALUES.value(-marker, black, white)


def test_the_state_space():
    """11.6: "5 x 51 x 51 = 13,005 states. Of these, 5 are terminal draws (0, 0), and 11,250
    non-terminal states are reachable from the start." """
    assert sum(len(row) for marker in bot.MARKERS for row in VALUES.table[marker]) == 13005
    reachable, frontier = set(), {(0, 50, 50)}
    while frontier:
        reachable |= frontier
        frontier = {(marker + (w > b) - (w < b), white - w, black - b)
                    for marker, white, black in frontier
                    for w in (range(1, white + 1) or [0]) for b in (range(1, black + 1) or [0])
                    if abs(marker) < 3 and (white, black) != (0, 0)} - reachable
    live = {s for s in reachable if abs(s[0]) < 3 and (s[1], s[2]) != (0, 0)}
    assert len(live) == 11250


# -- the table and the solver -----------------------------------------------------------------

def test_the_shipped_table_equals_the_exact_reference_for_small_points():
    """The reference solves every state up to 6 points by brute force over the supports, in
    fractions: the shipped floats agree."""
    exact = ref.values(6)
    assert all(abs(VALUES.value(*state) - float(value)) < 1e-11 for state, value in exact.items())
    assert exact[2, 3, 3] == ref.Fraction(1, 2)


def test_the_shipped_table_is_what_the_command_computes():
    """``python -m tavoliere footsteps-table`` wrote it: a recomputation agrees (here up to
    16 points, the whole table takes about 20 s; the slow test does it all)."""
    fresh = bot.compute_values(16)
    for marker in bot.MARKERS:
        for white in range(17):
            for black in range(17):
                assert abs(fresh.value(marker, white, black) - VALUES.value(marker, white, black)) < 1e-11


@pytest.mark.slow
def test_the_whole_shipped_table_is_reproduced():
    assert bot.table_text(bot.compute_values(50)) == bot.table_text(VALUES)


def test_the_table_text_reads_back():
    small = bot.compute_values(4)
    again = bot.read_table(bot.table_text(small))
    assert again.points == 4 and all(
        abs(again.value(m, w, b) - small.value(m, w, b)) < 1e-11
        for m in bot.MARKERS for w in range(5) for b in range(5))
    with pytest.raises(ValueError):
        bot.read_table("hello\n")


def test_every_equilibrium_carries_its_certificate():
    """Whatever the simplex did, each side's strategy guarantees the value against every
    pure answer (checked here at a sample of states, the slow test does them all)."""
    rng = random.Random(5)
    for _ in range(300):
        state = (rng.randint(-2, 2), rng.randint(0, 50), rng.randint(0, 50))
        payoff = VALUES.payoffs(*state)
        value, white, black = VALUES.equilibrium(*state)
        floor, ceiling = matrixgame.guaranteed(payoff, white, black)
        assert floor >= value - 1e-9 and ceiling <= value + 1e-9, state
        assert abs(value - VALUES.value(*state)) < 1e-9


@pytest.mark.slow
def test_every_state_of_the_table_carries_its_certificate():
    for marker in bot.MARKERS:
        for white in range(51):
            for black in range(51):
                payoff = VALUES.payoffs(marker, white, black)
                value, rows, columns = VALUES.equilibrium(marker, white, black)
                floor, ceiling = matrixgame.guaranteed(payoff, rows, columns)
                assert floor >= value - 1e-9 and ceiling <= value + 1e-9


def test_the_solver_on_random_matrices():
    rng = random.Random(1)
    for _ in range(200):
        height, width = rng.randint(1, 12), rng.randint(1, 12)
        payoff = [[rng.choice((-1, 0, 1, 0.5, rng.random())) for _ in range(width)]
                  for _ in range(height)]
        value, rows, columns = matrixgame.solve(payoff)
        floor, ceiling = matrixgame.guaranteed(payoff, rows, columns)
        assert floor == pytest.approx(value, abs=1e-9) and ceiling == pytest.approx(value, abs=1e-9)
        assert sum(rows) == pytest.approx(1) and min(rows) >= 0 and min(columns) >= 0


def test_the_solver_knows_a_game_with_a_saddle_point_and_refuses_nonsense():
    value, rows, columns = matrixgame.solve([[3, 1], [4, 2]])
    assert (value, rows, columns) == (2, [0.0, 1.0], [0.0, 1.0])
    with pytest.raises(ValueError):
        matrixgame.solve([[1, 2], [3]])


# -- best responses ---------------------------------------------------------------------------

def test_no_best_response_gains_in_a_small_game():
    """From (0, 12, 12) no way of playing, however adapted to the bot's strategies, gains
    anything against them (the slow test and ``bench footsteps`` check 50 points)."""
    white_best, black_best = bot.best_responses(VALUES, 12)
    assert white_best <= VALUES.value(0, 12, 12) + 1e-9
    assert black_best >= VALUES.value(0, 12, 12) - 1e-9


def test_a_best_response_finds_a_strategy_that_is_not_an_equilibrium():
    """The check can fail: a bot that bids uniformly at random is exploited."""
    class Uniform(bot.Values):
        def equilibrium(self, marker, white, black):
            payoff = self.payoffs(marker, white, black)
            rows, columns = len(payoff), len(payoff[0])
            return self.value(marker, white, black), [1 / rows] * rows, [1 / columns] * columns

    naive = Uniform(VALUES.points, VALUES.table)
    white_best, black_best = bot.best_responses(naive, 8)
    assert white_best - VALUES.value(0, 8, 8) > 0.1 and VALUES.value(0, 8, 8) - black_best > 0.1


@pytest.mark.slow
def test_no_pure_strategy_gains_a_thousandth_from_the_start():
    """Issue 15: "no pure strategy gains more than 0.001 in expected value against it from
    the start position"."""
    white_best, black_best = bot.best_responses(VALUES, 50)
    assert white_best - VALUES.value(0, 50, 50) < 0.001
    assert VALUES.value(0, 50, 50) - black_best < 0.001


# -- the bot ----------------------------------------------------------------------------------

def test_the_game_gets_its_own_bot():
    assert isinstance(Thinker(GAME, GAME.initial_state(), iterations=1).engine, bot.FootstepsEngine)


def test_the_bot_bids_from_its_equilibrium_strategy():
    """At FT-2 the top level bids 1 or 3 as White, never 2, about half the time each."""
    state = GAME.position(2, 3, 3)
    counts = {1: 0, 2: 0, 3: 0}
    for seed in range(400):
        counts[choose(GAME, state, level=5, seed=seed)] += 1
    assert counts[2] == 0 and 150 < counts[1] < 250 and 150 < counts[3] < 250


def test_the_bot_takes_a_sure_win_and_says_so():
    """(0, 3, 0): White must bid 1 (a higher bid would leave too few points to finish)."""
    state = GAME.position(0, 3, 0)
    thinker = Thinker(GAME, state, level=5, seed=3)
    thinker.step(1.0)
    assert thinker.move() == 1
    assert thinker.progress()["proven"] == "win" and thinker.progress()["win_chance"] == 1.0


def test_a_forced_zero_needs_no_thought():
    state = GAME.apply(GAME.position(0, 3, 0), 1)
    assert choose(GAME, state, seed=1) == 0


def test_same_seed_same_bid_at_every_level():
    state = GAME.replay(["9", "4"])
    for level in range(1, 6):
        picks = {choose(GAME, state, level=level, seed=11) for _ in range(3)}
        assert len(picks) == 1


def test_the_lower_levels_bid_differently():
    """Level 1 follows the hunch (the points spread over the steps to go), level 5 the
    equilibrium: from the start they choose from different distributions."""
    state = GAME.initial_state()
    level1 = [choose(GAME, state, level=1, seed=seed) for seed in range(200)]
    level5 = [choose(GAME, state, level=5, seed=seed) for seed in range(200)]
    assert min(level1) >= 8 and max(level1) <= 25        # 50 / 3 x (0.5 .. 1.5)
    assert min(level5) == 1 and level1 != level5


def test_hunch_stays_within_the_legal_bids():
    rng = random.Random(2)
    for points in range(0, 51):
        for distance in range(1, 6):
            bid = bot.hunch(points, distance, rng)
            assert bid == 0 if points == 0 else 1 <= bid <= points


def test_the_top_level_beats_level_one():
    """Seeded games, colours alternated: the equilibrium wins clearly against the hunch."""
    score = 0.0
    for seed in range(40):
        state, strong = GAME.initial_state(), seed % 2
        rng_seed = seed * 1000
        while GAME.outcome(state) is None:
            level = 5 if GAME.to_move(state) == strong else 1
            state = GAME.apply(state, choose(GAME, GAME.concealed(state), level=level, seed=rng_seed))
            rng_seed += 1
        winner = GAME.outcome(state).winner
        score += 1 if winner == strong else 0.5 if winner is None else 0
    assert score >= 28, score


def test_a_bid_takes_little_time():
    import time
    started = time.process_time()           # CPU time: a loaded machine does not stretch it
    choose(GAME, GAME.initial_state(), level=5, seed=0)
    assert time.process_time() - started < 0.2        # level 1's budget; Pyodide is ~2x slower


# -- the bot never sees a pending bid -------------------------------------------------------------

def think(moves, seed=7, level=5):
    """The bot's answer through the bridge, as the page asks for it: start, steps, stop."""
    assert ask(op="think_start", game="footsteps", moves=moves, id="t", level=level,
               seed=seed, iterations=5)["ok"]
    state = bridge._thinkers["t"][1].state
    steps = [ask(op="think_step", id="t", slice=0.5)["progress"] for _ in range(2)]
    for progress in steps:
        del progress["elapsed"]          # the clock's, not the bot's
    answer = ask(op="think_stop", id="t")
    return state, steps, answer


@pytest.mark.parametrize("level", [1, 3, 5])
def test_the_bot_answers_the_same_whatever_white_bid(level):
    """Black's bot is asked after White's bid, exactly as the page asks: its state, its
    progress reports and its bid are the same for every bid White may have made."""
    results = [think(["12", "7", bid], level=level) for bid in ("1", "13", "30", "38")]
    states = {state for state, _, _ in results}
    assert len(states) == 1 and next(iter(states)).pending == HIDDEN
    assert all(result[1:] == results[0][1:] for result in results)


def test_the_bots_random_draws_do_not_depend_on_the_pending_bid():
    """The generator is in the same place after thinking, whatever White bid."""
    draws = set()
    for bid in ("1", "25", "50"):
        ask(op="think_start", game="footsteps", moves=[bid], id="r", seed=99)
        ask(op="think_step", id="r", slice=0.5)
        draws.add(bridge._thinkers["r"][1].rng.random())
        ask(op="think_stop", id="r")
    assert len(draws) == 1


def test_the_bot_as_white_is_not_told_black_s_bid_either():
    """White always bids first: its state is a round's start, with nothing pending."""
    state, _, answer = think(["12", "7"])
    assert state.pending is None and answer["ok"]
