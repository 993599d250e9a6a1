"""Speed of the rules: random games played to the end on the fast kernels.

What is measured, for each game on its default base-10 board:

- **havannah**: ``HavannahBoard.play_out`` on a fresh board with a freshly shuffled list of
  all 271 cells, i.e. uniformly random games with full win detection after every stone
  (rings, bridges and forks, through the incremental union-find).  The time includes making
  the board and shuffling the cells.
- **hexade**: ``HexadeBoard.place`` for uniformly random legal moves (a random cell, drawn
  again when it is occupied or, for White's second stone, too close), with captures, sixes
  and the pending-six state machine resolved after every move, until the game ends.

These are the paths the AI's playouts use; the immutable rule books (``Game.play``) add a
copy of the position per move on top.  ``rules()`` returns one dict per game:
``{"game", "seconds", "games", "moves", "moves_per_second", "games_per_second",
"plies_per_game"}``.
"""

from __future__ import annotations

import random
import time

from .games.havannah import HavannahBoard
from .games.hexade import SECOND_STONE_DISTANCE, HexadeBoard


def _havannah_game(rng: random.Random, cells: list[int]) -> int:
    board = HavannahBoard(10)
    order = cells[:]
    rng.shuffle(order)
    return board.play_out(order)[2]


def _hexade_game(rng: random.Random, size: int, distance) -> int:
    board = HexadeBoard(10)
    owner, draw, place = board.owner, rng.randrange, board.place
    first = -1
    while board.result is None:
        cell = draw(size)
        if owner[cell]:
            continue
        if board.ply == 0:
            first = cell
        elif board.ply == 2 and distance(first, cell) < SECOND_STONE_DISTANCE:
            continue
        place(cell)
    return board.ply


def _measure(name: str, play_one, seconds: float) -> dict:
    games = moves = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        moves += play_one()
        games += 1
        elapsed = time.perf_counter() - start
    return {"game": name, "seconds": round(elapsed, 3), "games": games, "moves": moves,
            "moves_per_second": round(moves / elapsed),
            "games_per_second": round(games / elapsed, 1), "plies_per_game": round(moves / games, 1)}


def _rule_book_game(game, rng: random.Random) -> int:
    """One uniformly random game through the rule book (``legal_moves`` and ``apply``; the
    dice, where the game rolls them, drawn by ``roll`` with their chances)."""
    state, plies = game.initial_state(), 0
    while True:
        moves = game.legal_moves(state)
        if not moves:
            return plies
        state = game.apply(state, game.random_move(state, rng, moves))
        plies += 1


def rules(seconds: float = 2.0, seed: int = 1) -> list[dict]:
    """Random base-10 games of Havannah and Hexade on their kernels, then random games of
    every registered game, with its default options, through its rule book (``NAME book``),
    for about ``seconds`` each.  Each row draws its games from a generator of its own, so
    CPython and Pyodide play the same games in the same order (a shared generator would reach
    each row in another state, as the rows before play fewer games in the slower runtime):
    games whose cost varies a lot, like Layli's relays, are then compared on the same work."""
    from .core import game_names, load_game

    def games_of(name):
        return random.Random(f"{seed}:{name}")

    hav_cells = list(range(HavannahBoard(10).geo.size))
    hexade = HexadeBoard(10)
    hex_size, hex_distance = hexade.geo.size, hexade.geo.grid.distance
    hav_rng, hex_rng = games_of("havannah"), games_of("hexade")
    rows = [
        _measure("havannah", lambda: _havannah_game(hav_rng, hav_cells), seconds),
        _measure("hexade", lambda: _hexade_game(hex_rng, hex_size, hex_distance), seconds),
    ]
    for name in game_names():
        game, rng = load_game(name), games_of(f"{name} book")
        rows.append(_measure(f"{name} book", lambda: _rule_book_game(game, rng), seconds))
    return rows


if __name__ == "__main__":  # python -m tavoliere.bench
    for row in rules():
        print(row)
