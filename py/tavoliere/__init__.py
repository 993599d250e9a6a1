"""Tavoliere: rules and AI for Barrier, Hekka, Havannah and Hexade."""

from .core import (Game, IllegalMove, InvalidMove, Option, Outcome, game_names,
                   load_game)

__version__ = "0.1.0"
__all__ = ["Game", "IllegalMove", "InvalidMove", "Option", "Outcome", "game_names",
           "load_game", "__version__"]
