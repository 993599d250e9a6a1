"""Tavoliere: the rules and the computer opponents of the PerGioco newsletters' games."""

from .core import (Game, IllegalMove, InvalidMove, Option, Outcome, game_names,
                   load_game)
from . import games  # noqa: F401,E402  (registers every game; core itself imports no game)

__version__ = "0.1.0"
__all__ = ["Game", "IllegalMove", "InvalidMove", "Option", "Outcome", "game_names",
           "load_game", "__version__"]
