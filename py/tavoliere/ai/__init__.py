"""The bots: one API for every game.

``choose(game, state)`` returns a move; ``Thinker`` does the same in slices, for the web
worker, which calls ``step(0.05)`` again and again and yields to the browser in between:

>>> from tavoliere import load_game
>>> game = load_game("barrier(size=5)")
>>> game.move_name(choose(game, game.initial_state(), iterations=10))
'c3'

Levels 1 to 5 are thinking budgets of about 0.2, 0.5, 1, 3 and 8 seconds (default 3); levels
1 and 2 also play deliberately imprecise moves now and then (seeded) so that a beginner can
win.  ``seconds`` overrides the level's time; ``iterations`` replaces the clock by a count of
the engine's work units (MCTS iterations, solver chunks...), so that the same seed and the
same ``iterations`` always give the same move.

A game's own engine lives in a module of this package (``barrier``, ``hekka``,
``havannah``, ``hexade``...; the alpha-beta ones are kernels over the one search of
``alphabeta.py``) and registers itself by the game's name with the class decorator
``engine.bot_for("barrier")``; ``make_engine`` imports every module of the package on its
first call and looks the game up, so a new bot is a new module and nothing else.  A game
without a bot of its own gets the generic MCTS of ``mcts.py``, for ``style="full"`` and for
``style="uct"`` (plain UCT, the bot of matches) alike; Havannah registers a plain variant of
its own for ``"uct"`` (``bot_for("havannah", style="uct", plain=True)``).  An engine
(``engine.Engine``) is an object with ``work()`` (one short, deterministic chunk of
thinking, a few milliseconds), and the attributes ``done``, ``iterations``, ``best``,
``win_chance`` and ``proven``.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from functools import cache
from time import perf_counter

from ..core import CHANCE
from .engine import check_style, registered_bot

__all__ = ["choose", "Thinker", "LEVEL_SECONDS", "DEFAULT_LEVEL", "make_engine",
           "match", "bench"]

LEVEL_SECONDS = {1: 0.2, 2: 0.5, 3: 1.0, 4: 3.0, 5: 8.0}
DEFAULT_LEVEL = 3


def make_engine(game, state, level: int, rng: random.Random, fresh: bool = False,
                style: str = "full", without=()):
    """The engine that thinks about ``state``: the one registered for the game
    (``engine.bot_for``), else the generic MCTS.  ``fresh`` asks for no memory shared with
    earlier searches (needed when the work is counted in iterations, for determinism);
    ``style`` is ``"full"`` or ``"uct"`` (plain UCT with random playouts, for matches);
    ``without`` names ideas of the engine (its ``IDEAS``) to leave out, for matches that
    measure what each one gains."""
    engine_class, options = engine_class_for(game, style, without)
    if options is None:
        return engine_class(game, state, level, rng)      # the generic MCTS
    if without:
        options = {**options, "without": frozenset(without)}
    return engine_class(game, state, level, rng, fresh=fresh, **options)


def engine_class_for(game, style: str, without) -> tuple[type, dict | None]:
    """The engine class for the game and style and the options it is built with (None for
    the generic MCTS); an idea in ``without`` that the class does not name is refused."""
    check_style(style)
    import_bots()
    found = registered_bot(game.name, style)
    if found is None:
        from .mcts import MctsEngine
        found = (MctsEngine, None)
    engine_class = found[0]
    unknown = sorted(set(without) - set(engine_class.IDEAS))
    if unknown:
        known = ", ".join(engine_class.IDEAS) or "none"
        raise ValueError(f"{game.name}'s bot has no idea called {unknown[0]!r} "
                         f"(ideas it can leave out: {known})")
    return found


@cache
def import_bots() -> None:
    """Import every module of this package, once, so that each registers its bot: a new
    game's bot is a new module here, and nothing else.  Done on the first ``make_engine``
    rather than at import, so that importing ``tavoliere.ai`` stays cheap until a bot
    thinks."""
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


def _check_budget(level, seconds, iterations) -> int:
    if level is None:
        level = DEFAULT_LEVEL
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVEL_SECONDS:
        raise ValueError(f"level must be an integer from 1 to 5, not {level!r}")
    if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
        raise ValueError(f"seconds must be a positive number, not {seconds!r}")
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                   or iterations < 1):
        raise ValueError(f"iterations must be a positive integer, not {iterations!r}")
    return level


class Thinker:
    """A search that thinks in slices: ``step(slice_seconds)`` works for at most about that
    long and reports progress; ``move()`` is the best move so far, at any time.

    The budget is thinking time (the time spent inside ``step``), or a number of iterations
    when ``iterations`` is given (then the clock only cuts the slices, never the search).
    ``clock`` measures it: wall time by default, ``time.process_time`` for a budget of this
    process's CPU time (the match harness's parallel workers, ``parallel.py``).  ``share``
    ``(index, count)``: an alpha-beta search takes only its share of the root's moves, one
    of ``count`` workers (``parallel.py``'s root split; a tree search ignores it).
    """

    def __init__(self, game, state, *, level=None, seconds=None, iterations=None, seed=0,
                 style: str = "full", without=(), clock=perf_counter, share=None):
        self.level = _check_budget(level, seconds, iterations)
        if game.to_move(state) == CHANCE and game.outcome(state) is None:
            raise ValueError("the dice are to be rolled: no player chooses here")
        self.game, self.state = game, state
        self.iteration_limit = iterations
        if seconds is not None:
            self.seconds = float(seconds)
        elif iterations is not None:
            self.seconds = None
        else:
            self.seconds = LEVEL_SECONDS[self.level]
        self.rng = random.Random(seed)
        self.elapsed = 0.0
        self.stopped = False
        self.worked = False           # whether step() has called the engine's work() yet
        self.clock = clock
        started = clock()
        self.engine = make_engine(game, state, self.level, self.rng,
                                  fresh=iterations is not None, style=style, without=without)
        if share and share[1] > 1 and getattr(self.engine, "SPLIT_ROOT", False):
            self.engine.root_share = tuple(share)     # this worker's share of the root's moves
        self.elapsed += clock() - started

    @property
    def done(self) -> bool:
        # The budget ends a search only once it has worked: on a loaded or slow device the
        # engine's making (the first search imports the bots) can take the whole budget, and
        # its placeholder move (the first legal one: a bid of 1) would be played unthought.
        engine = self.engine
        return (engine.done or self.stopped
                or (self.iteration_limit is not None and engine.iterations >= self.iteration_limit)
                or (self.worked and self.seconds is not None and self.elapsed >= self.seconds))

    def step(self, slice_seconds: float = 0.05) -> dict:
        """Think for at most about ``slice_seconds`` (less if the budget ends sooner)."""
        started = self.clock()
        end = started + max(0.0, slice_seconds)
        if self.seconds is not None:
            end = min(end, started + self.seconds - self.elapsed)
        while not self.done:
            self.engine.work()
            self.worked = True
            now = self.clock()
            self.elapsed += now - started
            started = now
            if now >= end:
                break
        return self.progress()

    def stop(self) -> None:
        """Stop thinking; ``move()`` still answers."""
        self.stopped = True

    def move(self):
        """The best move found so far (None only when the game is over)."""
        return self.engine.best

    def finish(self):
        """Think to the end of the budget in the page's slices; the move."""
        while not self.done:
            self.step(0.05)
        return self.move()

    def progress(self) -> dict:
        engine = self.engine
        best = engine.best
        chance = engine.win_chance
        return {"done": self.done,
                "iterations": engine.iterations,
                "best": None if best is None else self.game.move_name(best),
                "win_chance": None if chance is None else min(1.0, max(0.0, float(chance))),
                "proven": engine.proven,
                "elapsed": round(self.elapsed, 4)}


def choose(game, state, *, level=None, seconds=None, iterations=None, seed=0, style="full",
           without=(), clock=perf_counter):
    """The bot's move in ``state``: a Thinker stepped until it is done (the match harnesses'
    way to ask for a move, as the page's worker steps one between messages)."""
    thinker = Thinker(game, state, level=level, seconds=seconds, iterations=iterations,
                      seed=seed, style=style, without=without, clock=clock)
    if thinker.engine.best is None:
        raise ValueError("the game is over: there is no move to choose")
    return thinker.finish()


def match(*args, **kwargs) -> dict:
    """See ``tavoliere.ai.arena.match``."""
    from .arena import match as run
    return run(*args, **kwargs)


def bench(*args, **kwargs) -> list:
    """See ``tavoliere.ai.arena.bench``."""
    from .arena import bench as run
    return run(*args, **kwargs)
