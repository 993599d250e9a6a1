"""Games of GNU Go against itself on 9x9, as move lists, for mining Go problems.

    nice -n 10 python3 tests/gnugo_games.py --games 40 --out /tmp/gnugo9.txt

Each game starts with two random plays (seeded by its number) so that the games differ, then
GNU Go (``/usr/games/gnugo --mode gtp --level L``) plays both sides until two passes or
``--plies``.  One line a game: the move names (ours: lowercase, ``pass``) joined by commas;
``python -m tavoliere problem mine go(size=9) --goal capture --records FILE`` replays them by
our rules and looks for problems in their positions."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from tavoliere.ai.gtp import GTPEngine   # noqa: E402
from tavoliere.core import load_game     # noqa: E402


def one_game(engine: GTPEngine, number: int, plies: int) -> list[str]:
    game = load_game("go(size=9)")
    rng = random.Random(number)
    engine.send("boardsize 9")
    engine.send("clear_board")
    engine.send("komi 6.5")
    state, names = game.initial_state(), []
    while len(names) < plies and state.phase == "play":
        colour = "bw"[state.to_move]
        if len(names) < 2:
            move = rng.choice([m for m in game.legal_moves(state) if m[0] != "pass"])
            name = game.move_name(move)
            engine.send(f"play {colour} {name}")
        else:
            name = engine.send(f"genmove {colour}").strip().lower()
            if name == "resign":
                break
            move = game.parse_move(name, state)
        names.append(game.move_name(move))
        state = game.apply(state, move)
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--plies", type=int, default=120)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    with GTPEngine(["/usr/games/gnugo", "--mode", "gtp", "--level", str(args.level)]) as engine, \
            open(args.out, "a", encoding="utf-8") as out:
        for number in range(args.first, args.first + args.games):
            names = one_game(engine, number, args.plies)
            out.write(",".join(names) + "\n")
            out.flush()
            print(f"game {number}: {len(names)} plies", file=sys.stderr)


if __name__ == "__main__":
    main()
