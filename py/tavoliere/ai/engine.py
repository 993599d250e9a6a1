"""What every game's engine starts from (``Engine``: the attributes ``Thinker`` reads; its
two ways of thinking in slices, ``TreeSearch`` and ``PausedSearch``), and the register of
the bots by game (``bot_for``).  The alpha-beta bots' shared search is ``alphabeta.py``."""

from __future__ import annotations

import math
import random

STYLES = ("full", "uct")

# (game name, style) -> (engine class, the keyword arguments it is built with)
_BOTS: dict[tuple[str, str], tuple[type, dict]] = {}


def bot_for(game_name: str, style: str = "full", **options):
    """Class decorator: the engine thinks for the game called ``game_name``.  ``style`` is
    ``"full"`` (the game's own bot) or ``"uct"`` (the plain UCT of matches, for a game that
    has a variant of its own); ``options`` are keyword arguments given to the class on top of
    the usual ones, so that one class can serve both styles, as Havannah's does::

        @bot_for("havannah")
        @bot_for("havannah", style="uct", plain=True)
        class HavannahEngine(Engine): ...
    """
    check_style(style)

    def register(engine_class: type) -> type:
        _BOTS[game_name, style] = (engine_class, options)
        return engine_class
    return register


def check_style(style: str) -> None:
    if style not in STYLES:
        raise ValueError(f"style is one of {', '.join(STYLES)}, not {style!r}")


def registered_bot(game_name: str, style: str = "full") -> tuple[type, dict] | None:
    """The engine class registered for this game and style and its extra keyword arguments,
    or None when the game has none (it then gets the generic MCTS of ``mcts.py``)."""
    return _BOTS.get((game_name, style))


class Engine:
    """Subclasses add ``work()`` (one short, deterministic chunk of thinking) and keep
    ``best``, ``done``, ``iterations``, ``win_chance`` and ``proven`` up to date.  With one legal
    move or none there is nothing to think about: ``done`` is set from the start.  ``IDEAS``
    names what a match may take away from the engine (its ``without`` argument) to measure
    what each idea gains."""

    IDEAS: tuple = ()

    def __init__(self, game, state, level: int, rng: random.Random):
        self.game, self.state, self.level, self.rng = game, state, level, rng
        self.iterations = 0
        self.proven = None
        self.win_chance = None
        self.legal = game.legal_moves(state)
        self.best = self.legal[0] if self.legal else None
        self.done = len(self.legal) <= 1


class TreeSearch(Engine):
    """An engine that thinks in tree-search iterations: ``work()`` runs ``CHUNK`` of them
    (``iterate()``, from the subclass) and stops as soon as the root's value is proven."""

    CHUNK = 4  # iterations per work() call

    def work(self) -> None:
        if self.done:
            return
        for _ in range(self.CHUNK):
            self.iterate()
            self.iterations += 1
            if self.settled():
                self.done = True
                break
        self.update_best()

    def settled(self) -> bool:
        """Whether the root's result is proven (then there is nothing more to search)."""
        return bool(self.root.proven)


class PausedSearch(Engine):
    """An engine that deepens a search one depth at a time, the search of one depth being a
    generator that pauses (yields) once ``nodes`` passes ``limit``: ``work()`` gives it
    ``CHUNK`` more work units and resumes it, so a move depends only on the number of chunks.
    Subclasses set ``nodes`` and ``CHUNK`` and provide ``start_iteration()`` (the generator
    of the current depth) and ``finish_iteration(value)`` (what its result means)."""

    CHUNK = 100
    running = None        # the search of the current depth, paused between chunks

    def work(self) -> None:
        if self.done:
            return
        self.iterations += 1
        self.limit = self.nodes + self.CHUNK
        if self.running is None:
            self.running = self.start_iteration()
        try:
            next(self.running)
            return                                     # paused: the chunk is used up
        except StopIteration as stop:
            value = stop.value
        except RecursionError:
            self.done = True
            return
        self.running = None
        depth = getattr(self, "depth", None)
        self.finish_iteration(value)
        self.iteration_done(depth, value)

    def iteration_done(self, depth, value) -> None:
        """After ``finish_iteration``: a depth was searched (the root's search shared among
        workers keeps its result, ``alphabeta.py``)."""


def ucb1_child(children, log_n: float, exploration: float):
    """The child plain UCT descends to: one never visited first, else the one of highest
    UCB1 (mean result plus ``exploration`` times sqrt(log N / n)); children keep ``n`` and
    ``w``, the tree searches of Havannah and Go alike."""
    best, best_value = None, -1e9
    for child in children:
        if child.n == 0:
            return child
        value = child.w / child.n + exploration * math.sqrt(log_n / child.n)
        if value > best_value:
            best, best_value = child, value
    return best
