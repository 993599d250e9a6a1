"""CPU seconds of the Barrier bot's alpha-beta guess (the weak levels' moves, the move held
until the solver proves the root) on fixed positions, and the moves it chooses: run it with
PYTHONPATH at each version's ``py`` folder to set a port beside the original.

    PYTHONPATH=py python3 tests/search/barrier_guess.py
    PYTHONPATH=py python3 tests/search/barrier_guess.py --moves
    PYTHONPATH=py python3 tests/search/barrier_guess.py --nodes

The positions are seeded: 8x8 and 9x9 after random placements and 0 to 5 random movements.
Level 1 searches 2 plies; level 2 searches 3 when its seeded draw sends it to the guess (a
seed is picked for which it does).  Only the guess is timed (the engine's work while its
phase is ``"shallow"``), not the solver that follows it.  ``--moves`` times instead level 1's
whole moves at 100 iterations (guess, then solver) on the same positions, and counts the
solver's nodes and the iterations used; ``--nodes`` counts the nodes of every guess."""

from __future__ import annotations

import hashlib
import random
import sys
import time

from tavoliere import load_game
from tavoliere.ai import Thinker
from tavoliere.ai.barrier import BarrierEngine

POSITIONS = 150       # per board size


def positions(n: int):
    game = load_game(f"barrier(size={n})")
    rng = random.Random(n)
    found = []
    while len(found) < POSITIONS:
        state = game.initial_state()
        for _ in range(2 + rng.randrange(6)):
            if game.outcome(state) is None:
                state = game.apply(state, rng.choice(game.legal_moves(state)))
        if game.outcome(state) is None and len(game.legal_moves(state)) > 1:
            found.append(state)
    return game, found


def guess_seed(game, state, level: int) -> int:
    """The first seed with which ``level`` moves by the guess in ``state`` (a weak level's
    move, not the guess held until a proof)."""
    for seed in range(100):
        engine = BarrierEngine(game, state, level, random.Random(seed), fresh=True)
        if engine.phase == "shallow" and not engine.then_solve:
            return seed
    raise ValueError("no seed sends this level to the guess")


def guesses(cases, level: int):
    """(CPU seconds of the guesses, their moves)."""
    seconds, moves = 0.0, []
    for game, state, seed in cases:
        engine = BarrierEngine(game, state, level, random.Random(seed), fresh=True)
        started = time.process_time()
        while engine.phase == "shallow" and not engine.done:
            engine.work()
        seconds += time.process_time() - started
        moves.append(engine.best)
    return seconds, moves


def main(repeats: int = 5) -> None:
    for level in (1, 2):
        cases = []
        for n in (8, 9):
            game, states = positions(n)
            cases += [(game, state, guess_seed(game, state, level)) for state in states]
        best, moves = min(guesses(cases, level) for _ in range(repeats))
        digest = hashlib.sha1(repr(moves).encode()).hexdigest()[:10]
        print(f"level {level} ({len(cases)} guesses): {best:.3f} s CPU (best of {repeats}), "
              f"moves {digest}")
        if "-v" in sys.argv:
            print(moves)


def node_counts() -> None:
    """The nodes of every guess below the root (the search's ``nodes`` less one; before the
    port, the calls of the bot's own recursive ``alphabeta``), and a digest of the list."""
    counts = []
    for level in (1, 2):
        for n in (8, 9):
            game, states = positions(n)
            for state in states:
                seed = guess_seed(game, state, level)
                engine = BarrierEngine(game, state, level, random.Random(seed), fresh=True)
                calls = [0]
                if hasattr(engine, "alphabeta"):          # the bot before the port
                    def counted(*args, search=engine.alphabeta):
                        calls[0] += 1
                        return search(*args)
                    engine.alphabeta = counted
                while engine.phase == "shallow" and not engine.done:
                    engine.work()
                counts.append(calls[0] if hasattr(engine, "alphabeta") else engine.nodes - 1)
    digest = hashlib.sha1(repr(counts).encode()).hexdigest()[:10]
    print(f"{len(counts)} guesses: {sum(counts)} nodes below the root, per guess {digest}")


def whole_moves(level: int = 1, iterations: int = 100) -> None:
    seconds, nodes, used = 0.0, 0, 0
    for n in (8, 9):
        game, states = positions(n)
        for seed, state in enumerate(states):
            started = time.process_time()
            thinker = Thinker(game, state, level=level, iterations=iterations, seed=seed)
            while not thinker.done:
                thinker.step(10.0)
            seconds += time.process_time() - started
            nodes += thinker.engine.solver.nodes
            used += thinker.engine.iterations
    print(f"level {level}, {iterations} iterations, {2 * POSITIONS} moves: {seconds:.2f} s CPU, "
          f"{nodes} solver nodes, {used} iterations")


if __name__ == "__main__":
    if "--moves" in sys.argv:
        whole_moves()
    elif "--nodes" in sys.argv:
        node_counts()
    else:
        main()
