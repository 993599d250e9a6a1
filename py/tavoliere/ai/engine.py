"""What every game's engine starts from: the attributes ``Thinker`` reads."""

from __future__ import annotations

import random


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
