"""The Dadi bot (tavoliere/ai/dadi.py): legal moves for 2, 3 and 4 players, an obvious
winning placement, and exactness in small endgames against a brute-force expectimax written
here on the rule book's own API (every roll with its probability, every move)."""

import random

import pytest

from tavoliere import load_game
from tavoliere.ai import Thinker, choose
from tavoliere.ai.dadi import WIN, DadiEngine
from tavoliere.core import CHANCE
from test_dadi import DD4, board_from_rows

GAME = load_game("dadi")


def advance(game, seed, plies):
    """A seeded random game stopped at a player's turn after about ``plies`` plies."""
    rng = random.Random(seed)
    state = game.initial_state()
    count = 0
    while game.outcome(state) is None:
        if game.to_move(state) == CHANCE:
            state = game.apply(state, game.roll(state, rng))
            continue
        if count >= plies:
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        count += 1
    return state


@pytest.mark.parametrize("spec", ["dadi", "dadi(players=3)", "dadi(players=4)"])
@pytest.mark.parametrize("level", [1, 3, 5])
def test_the_bot_plays_legal_moves_for_any_number_of_players(spec, level):
    game = load_game(spec)
    for seed, plies in ((1, 0), (2, 5), (3, 30), (4, 60)):
        state = advance(game, seed, plies)
        if game.outcome(state) is not None:
            continue
        move = choose(game, state, level=level, iterations=6, seed=seed)
        assert move in game.legal_moves(state)


def test_the_bot_is_never_asked_to_roll():
    state = GAME.initial_state()
    engine = DadiEngine(GAME, state, 3, random.Random(0))
    assert engine.done


def test_the_chooser_picks_who_begins():
    state = GAME.replay("r111121 r351622 r114462".split())
    assert choose(GAME, state, iterations=1) in GAME.legal_moves(state)


def test_an_obvious_winning_placement_at_every_level():
    """DD-4's board without White's 3 on a6 and Black's 3 on a2: White, holding the 3, wins
    60-47 on a6 and loses 50-55 on a2."""
    cells = board_from_rows(GAME, DD4)
    del cells["a6"], cells["a2"]
    state = GAME.position(cells, hands=[(3,), (3,)], mover=0)
    for level in range(1, 6):
        thinker = Thinker(GAME, state, level=level, seed=level)
        while not thinker.done:
            thinker.step(0.05)
        assert GAME.move_name(thinker.move()) == "a6=3"
        assert thinker.progress()["proven"] == "win"


def brute_force(game, state):
    """The exact value of ``state``: a win is worth WIN plus the score difference (White's
    side), the dice averaged by their probabilities, each player at his best."""
    outcome = game.outcome(state)
    if outcome is not None:
        diff = outcome.scores[0] - outcome.scores[1]
        return diff + (WIN if diff > 0 else -WIN if diff < 0 else 0)
    moves = game.legal_moves(state)
    values = [brute_force(game, game.apply(state, move)) for move in moves]
    mover = game.to_move(state)
    if mover == CHANCE:
        return sum(game.probability(state, m) * v for m, v in zip(moves, values))
    return max(values) if mover == 0 else min(values)


def endgames(count, empty):
    """Seeded random 2-player positions with every die rolled and ``empty`` cells left; every
    other one with a token in White's or Black's hand (the unplaced 6s turned into 5s, so that
    the brute force's tree of re-rolls stays small)."""
    found, seed = [], 0
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        state = GAME.initial_state()
        while GAME.outcome(state) is None:
            if GAME.to_move(state) == CHANCE:
                state = GAME.apply(state, GAME.roll(state, rng))
                continue
            open_cells = sum(1 for c in GAME.playable if state.board[c] is None)
            if open_cells == empty and not any(state.reserve):
                cells = {GAME.grid.names[c]: die for c, die in enumerate(state.board) if die}
                hands = [[min(v, 5) for v in hand] for hand in state.hands]
                tokens = ((0, 0), (1, 0), (0, 1))[len(found) % 3]
                found.append(GAME.position(cells, hands, tokens, mover=state.actor))
                break
            placements = [m for m in GAME.legal_moves(state) if m[0] != "t"]
            state = GAME.apply(state, rng.choice(placements))
    return found


@pytest.mark.parametrize("state", endgames(6, 4) + endgames(3, 5))
def test_the_bot_is_exact_in_small_endgames(state):
    """Once every die is rolled and few cells are left, the bot searches to the end: its
    move is one of the best, and its value is the brute force's."""
    moves = GAME.legal_moves(state)
    values = {move: brute_force(GAME, GAME.apply(state, move)) for move in moves}
    sign = 1 if GAME.to_move(state) == 0 else -1
    best = max(sign * value for value in values.values())
    thinker = Thinker(GAME, state, level=5, seed=0)
    while not thinker.done:
        thinker.step(0.05)
    engine = thinker.engine
    assert engine.full and engine.done
    assert sign * values[thinker.move()] == pytest.approx(best)
    if abs(best) >= WIN - 500:
        assert thinker.progress()["proven"] == ("win" if best > 0 else "loss")
