"""Matches between bots and speed measurements, for the command line.

``match(spec, bot_a, bot_b, games, seconds, seed)`` plays seeded games with colours
alternated (at a table of three or four, A takes each seat in turn and B the others); bots
are named ``level1`` .. ``level5`` (the levels' imprecision, with the ``seconds`` given per
move), ``random``, or ``uct`` (plain UCT with random playouts); ``level3-no-rave`` is level 3
without one of its engine's ideas (``Engine.IDEAS``), to measure what the idea gains.
``level5x4`` is level 5 thinking in 4 worker processes, each for its own budget of CPU time,
their root statistics merged (``parallel.py``): a 4-core device, however loaded this machine.
``bench(seconds)`` measures playouts/s, iterations/s and solve times.
"""

from __future__ import annotations

import math
import random
import re
from contextlib import nullcontext
from time import perf_counter, process_time

from ..core import CHANCE, load_game

BOT_NAMES = ("level1..level5, level1x2..level5x16 (workers), level3-no-IDEA (an idea of the "
             "engine left out), random, uct")


def make_bot(name: str, game, seconds: float | None, seed: int, scale: float = 1.0,
             iterations: int | None = None, cpu: bool = False):
    """A function state -> move for the bot called ``name`` (``seconds`` per move, or the
    level's own budget times ``scale`` when None; ``iterations`` of its engine instead of a
    time, when given: then its moves do not depend on the machine; with ``cpu`` the time is
    this process's CPU time, which other work on the machine cannot take)."""
    from . import LEVEL_SECONDS, choose, engine_class_for
    rng = random.Random(seed)
    if name == "random":
        return lambda state: rng.choice(game.legal_moves(state))
    parallel = re.fullmatch(r"level([1-5])x([1-9][0-9]?)", name)
    if parallel:
        return parallel_bot(game, int(parallel.group(1)), int(parallel.group(2)), seconds,
                            rng, scale, iterations)
    match = re.fullmatch(r"level([1-5])((?:-no-[a-z]+)*)", name)
    if match or name == "uct":
        level = int(match.group(1)) if match else 3
        style = "uct" if name == "uct" else "full"
        without = match.group(2).split("-no-")[1:] if match else ()
        budget = (None if iterations is not None else
                  seconds if seconds is not None else LEVEL_SECONDS[level] * scale)
        clock = process_time if cpu else perf_counter
        engine_class_for(game, style, without)     # an unknown idea fails here, not in a game
        return lambda state: choose(game, state, level=level, seconds=budget, iterations=iterations,
                                    seed=rng.randrange(1 << 30), style=style, without=without,
                                    clock=clock)
    raise ValueError(f"unknown bot {name!r}; bots are {BOT_NAMES}")


def parallel_bot(game, level: int, workers: int, seconds: float | None, rng, scale: float,
                 iterations: int | None = None):
    """Level ``level`` searching in ``workers`` processes, each for ``seconds`` (else the
    level's time times ``scale``) of its own CPU time, or ``iterations`` each; ``close()``
    ends the processes."""
    from . import LEVEL_SECONDS
    from .parallel import WorkerPool
    pool = None
    budget = (None if iterations is not None else
              seconds if seconds is not None else LEVEL_SECONDS[level] * scale)

    def play(state):
        nonlocal pool
        pool = pool or WorkerPool(workers)   # started on the first move: a bot named only to
        answer = pool.choose(game.spec, state, level, seconds=budget,   # check it costs none
                             iterations=iterations, seed=rng.randrange(1 << 30))
        if answer.get("depth"):          # an alpha-beta root, split: the depth all finished
            play.depths.append(answer["depth"])
        return game.parse_move(answer["best"], state)
    play.depths = []

    def close():
        if pool:
            pool.close()
    play.close = close
    return play


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (draws count half)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def match(spec: str, bot_a: str, bot_b: str, games: int = 10, seconds: float | None = 0.2,
          seed: int = 0, log=None, scale: float = 1.0, opening: int = 0, jobs: int = 1,
          iterations: int | None = None, cpu: bool = False) -> dict:
    """Play ``games`` games of ``spec`` between two bots, ``bot_a`` taking White in the even
    games and Black in the odd ones, each thinking ``seconds`` per move (None: the levels'
    own budgets, times ``scale``).  At a table of n players (Dadi's ``players``), ``bot_a``
    takes seat ``index % n`` of game number ``index`` and ``bot_b`` every other seat, so
    that an even match gives A about 1 in n.  With ``opening`` the first that many plies
    are random (seeded), each random opening played once from each seat: the strong levels
    of some games are deterministic, and without it every pair of games would be the same.  With
    ``jobs`` above 1 that many games are played at once, in separate processes: each game
    is seeded by its number alone, so bots that do not depend on the clock play the very
    games of one process.  ``iterations`` replaces every bot's time by that many work units
    of its engine (MCTS iterations, search chunks): the games then depend on the seed alone;
    ``cpu`` counts the bots' time in CPU time of the process that plays the game.
    Returns the counts and a 95% interval of A's score (draws count half)."""
    game = load_game(spec)
    if games < 1:
        raise ValueError("games must be at least 1")
    if not scale > 0:
        raise ValueError("scale must be a positive number")
    if opening < 0:
        raise ValueError("opening must be a number of plies, 0 or more")
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    if jobs > 1 and any(re.fullmatch(r"level\dx\d+", name) for name in (bot_a, bot_b)):
        raise ValueError("a bot with workers runs its own processes: play it with jobs=1")
    for name in (bot_a, bot_b):
        make_bot(name, game, seconds, 0, scale)     # an unknown name fails here, not in a worker
    tasks = [(spec, bot_a, bot_b, seconds, seed, index, scale, opening, iterations, cpu)
             for index in range(games)]
    names = {"a": bot_a, "b": bot_b}
    results, depths = [], {"a": [], "b": []}
    from multiprocessing import Pool                  # here: the browser's Python has no processes
    with (Pool(jobs) if jobs > 1 else nullcontext()) as pool:
        for index, (winner, length, winning_seat, reached) in enumerate(
                (pool.imap if pool else map)(play_game, tasks)):
            results.append((winner, length))       # in the games' order
            for side in depths:
                depths[side] += reached[side]
            if log:
                log(game_line(game, index, names, winner, winning_seat))
    winners = [winner for winner, _ in results]
    a_wins, b_wins, draws = winners.count("a"), winners.count("b"), winners.count(None)
    plies = [length for _, length in results]
    score = a_wins + 0.5 * draws
    low, high = wilson(score, games)
    return {"spec": game.spec, "a": bot_a, "b": bot_b, "games": games, "seconds": seconds,
            "a_wins": a_wins, "b_wins": b_wins, "draws": draws,
            "a_score": score / games, "ci95": [round(low, 3), round(high, 3)],
            "a_by_seat": score_by_seat(winners, seat_names(game)),
            "mean_plies": sum(plies) / len(plies), "players": game.players,
            "depth": {side: sum(found) / len(found) if found else None
                      for side, found in depths.items()}}


def seat_names(game) -> list[str]:
    """The seats' own names in English: White moves first in most games, Black in Go."""
    table = game.text_table("en")
    return [table.get(f"player.{s}", f"player {s + 1}") for s in range(game.players)]


def score_by_seat(winners: list, names: list[str]) -> list[dict]:
    """A's games and points (a draw counts half) in each seat, from the match's winners in
    the games' order: in a game whose seats differ (one side moves first, one horse hunts)
    the total hides how each side was played."""
    rows = [{"seat": name, "games": 0, "score": 0.0} for name in names]
    for index, winner in enumerate(winners):
        row = rows[seats(len(rows), index).index("a")]
        row["games"] += 1
        row["score"] += 1.0 if winner == "a" else 0.5 if winner is None else 0.0
    return rows


def seats(players: int, index: int) -> tuple[str, ...]:
    """Who sits where in game number ``index``: "a" in seat ``index % players``, "b" in the
    others (White and Black in turn, at a table of two)."""
    return tuple("a" if seat == index % players else "b" for seat in range(players))


def game_line(game, index: int, names: dict, winner, winning_seat) -> str:
    """A game of the match in words, for the log."""
    called = seat_names(game)
    said = "draw" if winning_seat is None else f"{called[winning_seat]} wins"
    seat = seats(game.players, index)
    if game.players == 2:
        return f"game {index + 1}: {names[seat[0]]} ({called[0]}) v {names[seat[1]]}: {said}"
    return (f"game {index + 1}: {names['a']} in seat {index % game.players + 1} of "
            f"{game.players}, {names['b']} in the others: {said}")


def play_game(task) -> tuple[str | None, int, int | None, dict]:
    """Game number ``index`` of a match: the bot that won it ("a" or "b", None for a draw),
    its length, the winner's seat, and the depths each bot with workers reached at each of
    its moves (an alpha-beta root split among them).  Everything random in it is seeded by ``seed`` and
    ``index``."""
    spec, bot_a, bot_b, seconds, seed, index, scale, opening, iterations, cpu = task
    game = load_game(spec)
    bots = {"a": make_bot(bot_a, game, seconds, seed * 7919 + 2 * index, scale, iterations, cpu),
            "b": make_bot(bot_b, game, seconds, seed * 7919 + 2 * index + 1, scale, iterations,
                          cpu)}
    seat = seats(game.players, index)
    # the games of a round (A in each seat once) see the same opening and the same dice
    dice = random.Random(seed * 7919 + index // game.players)
    state = random_opening(game, opening, dice)
    length = opening    # the plies of the game, counted here: states count them each their way
    while game.outcome(state) is None:
        mover = game.to_move(state)
        length += 1
        if mover == CHANCE:
            state = game.apply(state, game.roll(state, dice))
            continue
        # a bot sees what its player may see: never a sealed ply it answers
        state = game.apply(state, bots[seat[mover]](game.concealed(state)))
    for bot in bots.values():
        getattr(bot, "close", lambda: None)()
    winner = game.outcome(state).winner
    depths = {side: getattr(bot, "depths", []) for side, bot in bots.items()}
    return (None if winner is None else seat[winner]), length, winner, depths


def random_opening(game, plies: int, rng: random.Random):
    """The state after ``plies`` random moves (fewer if the game ends first); a roll is
    drawn by its probability, as the game rolls it."""
    state = game.initial_state()
    for _ in range(plies):
        if game.outcome(state) is not None:
            break
        state = game.apply(state, game.random_move(state, rng))
    return state


def bench(seconds: float = 2.0, barrier_sizes=(5, 6, 7)) -> list[dict]:
    """Speed of the engines in this Python, one dict per measurement (``what``, ``value``):
    Havannah random playouts/s and MCTS iterations/s (base 10 and 8), Barrier solve times
    (every pair of placements of the given sizes, and the hardest 8x8 pair from cold),
    Hekka alpha-beta nodes/s, Hexade replies examined/s, Ghost's lookahead (``ghost_bench``),
    and Go 9x9 playouts/s and MCTS iterations/s (``go.bench``)."""
    from . import Thinker
    from . import barrier_solver
    from .hexade import HexadeEngine
    from ..games.havannah import HavannahBoard
    out = []
    board = HavannahBoard(10)
    rng = random.Random(1)
    cells = list(range(board.geo.size))
    count, started = 0, perf_counter()
    while perf_counter() - started < seconds:
        copy = board.copy()
        rng.shuffle(cells)
        copy.play_out(cells)
        count += 1
    out.append({"what": "havannah base 10 random playouts/s",
                "value": round(count / (perf_counter() - started), 1)})
    for spec, plies in (("havannah", 0), ("havannah", 40), ("havannah(size=8)", 0)):
        game = load_game(spec)
        state = game.initial_state()
        rng = random.Random(2)
        for _ in range(plies):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        thinker = Thinker(game, state, seconds=seconds, iterations=None)
        thinker.engine.fresh = True              # do not keep this tree for later searches
        started = perf_counter()
        thinker.finish()
        out.append({"what": f"{spec} MCTS iterations/s after {plies} plies",
                    "value": round(thinker.engine.iterations / (perf_counter() - started), 1)})
    for n in barrier_sizes:
        value = barrier_solver.solve_size(n)
        out.append({"what": f"barrier {n}x{n} solve of every placement pair, s",
                    "value": value["seconds"], "nodes": value["nodes"]})
    solver = barrier_solver.Solver(8)
    k = barrier_solver.kernel(8)
    started = perf_counter()
    solver.placement_wins(k.names.index("d4"), k.names.index("c3"))
    out.append({"what": "barrier 8x8 d4 c3 (hardest pair) cold solve, s",
                "value": round(perf_counter() - started, 3), "nodes": solver.nodes})
    game = load_game("hekka")
    state = game.replay(["c4", "f6", "c4-c5-d5-e5/d5", "f6-f5-f4-e4/c5"])
    thinker = Thinker(game, state, seconds=seconds)
    started = perf_counter()
    thinker.finish()
    out.append({"what": "hekka alpha-beta nodes/s",
                "value": round(thinker.engine.searched / (perf_counter() - started), 1),
                "depth": thinker.engine.depth - 1})
    game = load_game("hexade")
    state = game.replay(["j10", "k10", "m11", "j9", "i9", "k11"])
    # level 5's own pass, without the look-ahead that repeats it on later positions
    engine = HexadeEngine(game, state, 5, random.Random(0), nested=True)
    started = perf_counter()
    while not engine.done and perf_counter() - started < seconds:
        engine.work()
    replies = engine.iterations * engine.REPLIES_PER_CHUNK
    out.append({"what": "hexade replies examined/s (level 5)",
                "value": round(replies / (perf_counter() - started), 1)})
    out.extend(ghost_bench(seconds))
    from . import go
    out.extend(go.bench(seconds))
    return out


def ghost_bench(seconds: float) -> list[dict]:
    """Ghost's level 5 (a lookahead of 4 plies on each sample) from a position of the
    middle game: nodes searched per second, and its longest ``work()``, the slice the page's
    worker cannot cut short."""
    from .ghost import GhostEngine
    game = load_game("ghost")
    state = game.replay("b1c1d2e2 b5c5d6e6 b2-b3 e5-e4 c2-c3 d5-d4 b3-b4 c5-c4".split())
    engine = GhostEngine(game, state, 5, random.Random(0))
    longest, started = 0.0, perf_counter()
    while perf_counter() - started < seconds:
        before = perf_counter()
        engine.work()
        longest = max(longest, perf_counter() - before)
    return [{"what": "ghost level 5 lookahead nodes/s",
             "value": round(engine.nodes / (perf_counter() - started), 1)},
            {"what": "ghost level 5 longest work() slice, ms", "value": round(1000 * longest, 1)}]
