"""What every game's engine starts from (``Engine``: the attributes ``Thinker`` reads), and
the register of the bots by game (``bot_for``)."""

from __future__ import annotations

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
    move or none there is nothing to think about: ``done`` is set from the start."""

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
        self.finish_iteration(value)


class Deepening(PausedSearch):
    """An alpha-beta engine that deepens one ply at a time.  ``search_root()`` (from the
    subclass) is the search of the current ``depth`` as a generator that pauses (yields) once
    ``limit`` nodes are counted and returns the root's value.  When a depth is done the
    transposition table's entry for ``root`` (``(depth, value, bound, move)``) gives the best
    move; a value beyond ``WIN // 2`` is a proven result.  The subclass sets ``table``,
    ``root``, ``max_depth`` and ``WIN``, and ``SCORE_SCALE``, the value at which the win
    chance reaches 0.95."""

    SCORE_SCALE = 200
    depth = 1
    nodes = 0
    limit = 0
    score = 0

    def start_iteration(self):
        return self.search_root()

    def finish_iteration(self, value: int) -> None:
        self.finish_depth(value)

    def finish_depth(self, value: int) -> None:
        """A depth is searched: take its move, say how it looks, go one ply deeper."""
        win = self.WIN
        entry = self.table.get(self.root)
        if entry is not None and entry[3] is not None:
            self.best = self.to_game_move(entry[3])
            self.score = value
        if abs(value) > win // 2:
            self.proven = "win" if value > 0 else "loss"
            self.done = True
        self.win_chance = 1.0 if value > win // 2 else 0.0 if value < -win // 2 else (
            0.5 + max(-0.45, min(0.45, value * 0.45 / self.SCORE_SCALE)))
        self.depth += 1
        if self.depth > self.max_depth:
            self.done = True

    def search_root(self):
        raise NotImplementedError

    def probe(self, key, depth: int, alpha: int, beta: int, ply: int):
        """(the table's value for ``key`` if it settles this search, else None; the table's
        best move there, to try first, or None).  The root is always searched."""
        entry = self.table.get(key)
        if entry is None:
            return None, None
        e_depth, e_value, e_bound, first = entry
        if ply and e_depth >= depth and (e_bound == 0 or (e_bound > 0 and e_value >= beta)
                                         or (e_bound < 0 and e_value <= alpha)):
            return e_value, first
        return None, first

    def store(self, key, depth: int, value: int, move, alpha: int, beta: int) -> None:
        """Keep a searched position: ``value`` is exact, a lower bound (it reached ``beta``)
        or an upper bound (it did not pass the original ``alpha``)."""
        bound = 1 if value >= beta else -1 if value <= alpha else 0
        self.table[key] = (depth, value, bound, move)

    def to_game_move(self, move):
        """The rule book's move for a move of the search's own (the same by default)."""
        return move
