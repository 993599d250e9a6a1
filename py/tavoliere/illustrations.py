"""What the room shows of a game beside the board it plays on: a position from the middle of a
game for the welcome's card, and the rules dialog's diagrams.  Each is a spec, the names of
the moves that lead to it and the cells to stress; build.py turns them into the engine's views
(the same views the board draws in play), so the pages draw them before Python starts.

The positions are made from the game's own data (``Game.rule_diagrams``) and from seeded
random games, so a new game module gets its pictures without a line of JavaScript."""

from __future__ import annotations

import random

from .core import CHANCE, Game, game_class, load_game

# A playout stops here even if the game goes on (a random game of Go or draughts can wander).
PLAYOUT_PLIES = 400
# The welcome's picture: this many plies of a seeded random game, so the board looks played
# but far from over (fewer when the random game ends sooner).
SAMPLE_PLIES = 16
SAMPLE_SEED = 1


def playout(game: Game, seed: int, plies: int | None = None):
    """The move names and the state of a random game from ``seed``: ``plies`` plies, or to its
    end; then the dice due, if any, so that a player is to move.  Also the generator, for the
    next move."""
    rng, state, names = random.Random(seed), game.initial_state(), []
    limit = PLAYOUT_PLIES if plies is None else plies
    while len(names) < limit and game.outcome(state) is None:
        move = game.random_move(state, rng)
        names.append(game.move_name(move))
        state = game.apply(state, move)
    while game.outcome(state) is None and game.to_move(state) == CHANCE:
        move = game.roll(state, rng)
        names.append(game.move_name(move))
        state = game.apply(state, move)
    return names, state, rng


def sample(name: str) -> dict:
    """The welcome card's position for the game ``name`` (its default spec): a game in
    progress.  {spec, moves}."""
    game = load_game(name)
    names, state, _ = playout(game, SAMPLE_SEED, SAMPLE_PLIES)
    if game.outcome(state) is not None:  # over already: go back to the middle of that game
        names, _, _ = playout(game, SAMPLE_SEED, len(names) * 3 // 5)
    return {"spec": game.spec, "moves": names}


def rule_diagrams(name: str) -> list[dict]:
    """The rules dialog's diagrams of the game ``name``: for each, {caption, spec, moves, ring,
    try}; ``try`` names the example move the reader is asked to make (None: a picture only),
    and then ``ring`` holds its cells."""
    return [diagram(name, entry) for entry in game_class(name).rule_diagrams]


def diagram(name: str, entry: dict) -> dict:
    game = load_game(entry.get("spec", name))
    rng = None
    if "playout" in entry:
        names, state, rng = playout(game, entry["playout"], entry.get("plies"))
    else:
        names = list(entry.get("moves", ()))
        state = game.replay(names)
    example = None
    if entry.get("try"):
        if game.outcome(state) is not None:
            raise ValueError(f"{name}: a 'try' diagram needs a position where a player moves")
        example = (game.random_move(state, rng) if rng is not None
                   else game.parse_move(entry["try"], state))
    cells = game.clicks(example) if example is not None else entry.get("ring", ())
    ring = list(dict.fromkeys(cells))  # a cell clicked twice is stressed once
    return {"caption": entry["caption"], "spec": game.spec, "moves": names, "ring": ring,
            "try": None if example is None else game.move_name(example)}
