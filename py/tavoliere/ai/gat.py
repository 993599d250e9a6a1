"""Our Ghost bot against the programs of the Geister AI tournament (GAT), for the command line.

The tournament's players are C++ libraries driven by a client (``ats-ito/Geister-cpp-lib``,
MIT licence) that connects by TCP to a match server (``miyo/geister_server.java``) and
speaks its text protocol, each line ending in CR LF:

- the server asks ``SET?``; the client answers ``SET:ABCD``, the four ghosts it makes bad
  (red), named A-H from its own side (RULES.md 14.9);
- on the client's turn the server sends ``MOV?`` and the board as the client sees it: its
  own eight ghosts A-H, then the opponent's eight, each as column, row and colour (``R``/
  ``B`` its own bad/good ghosts, ``u`` an opponent's unknown, ``r``/``b`` one captured, seen
  from its own side, row 0 at the far side; ``99`` captured, ``88`` gone out); the client
  answers ``MOV:A,N``, a ghost and a direction (N, E, W, S; a good ghost on a far corner
  leaves the board by stepping off its side);
- at the end the server sends ``WON:``, ``LST:`` or ``DRW:`` with the board.

Here our harness is the server: for each game it listens on a free port, starts the client
with a player library, and relays the client's moves into our rule book (``games/ghost.py``),
which checks them, while our bot plays its own side from its own view.  ``build_gat`` builds
the client and the two sample players (``chototsuPlayer``, which rushes its foremost good
ghost forward, and ``randomPlayer``) from the library's source with its makefile.
"""

from __future__ import annotations

import json
import random
import socket
import subprocess
from pathlib import Path

from ..core import load_game
from .arena import wilson
from .gtp import build_from_source

DIRECTIONS = {"N": (0, -1), "S": (0, 1), "E": (1, 0), "W": (-1, 0)}
# RULES.md 14.9: each side's ghosts A-H, from its own side.
NAMES = (("b2", "c2", "d2", "e2", "b1", "c1", "d1", "e1"),
         ("e5", "d5", "c5", "b5", "e6", "d6", "c6", "b6"))
TARGETS = ("bin/client.out", "bin/chototsuPlayer.so", "bin/randomPlayer.so")
LIMIT_SECONDS = 60        # a client that says nothing for this long has stopped


def build_gat(source: str, cache: str | None = None) -> Path:
    """Build the tournament's client and sample players from ``source`` (a git URL or
    repository path, ``@COMMIT`` to pin one) into the cache, once; the folder of ``bin/``."""
    return build_from_source(source, "gat", TARGETS, cache)


def to_view(name: str, side: int) -> tuple[int, int]:
    """A cell as the player of ``side`` sees it in the protocol: column, row from the far side."""
    column, row = "abcdef".index(name[0]), int(name[1])
    return (column, 6 - row) if side == 0 else (5 - column, row - 1)


def from_view(x: int, y: int, side: int) -> str:
    column, row = (x, 6 - y) if side == 0 else (5 - x, y + 1)
    return "abcdef"[column] + str(row)


class Ghosts:
    """Where each of the sixteen named ghosts is (a cell's name, "taken" or "out"), kept
    beside the rule book's board, which does not name them."""

    def __init__(self):
        self.where = {(side, letter): NAMES[side][i]
                      for side in (0, 1) for i, letter in enumerate("ABCDEFGH")}

    def at(self, cell: str):
        return next((key for key, place in self.where.items() if place == cell), None)

    def play(self, name: str) -> None:
        """Follow a move of the rule book (``b2-b3``, ``c4xd4``, ``a6-out``)."""
        start, end = name[:2], name[3:]
        mover = self.at(start)
        if name[2] == "x":
            self.where[self.at(end)] = "taken"
        self.where[mover] = end

    def check(self, pieces: dict) -> None:
        """The named ghosts stand where the rule book's pieces stand, each on its side's."""
        named = {place: side for (side, _), place in self.where.items()
                 if place not in ("taken", "out")}
        # a piece's text names its owner after the dot: "stone.0=G", "pawn.1"
        if named != {cell: int(piece.split(".")[1][0]) for cell, piece in pieces.items()}:
            raise RuntimeError(f"the named ghosts {sorted(named)} left the rule book's board")

    def board(self, side: int, bad: tuple[set, set]) -> str:
        """The protocol's board as ``side`` sees it (``bad``: each side's bad cells at the
        set-up, followed by name)."""
        text = []
        for owner in (side, 1 - side):
            for letter in "ABCDEFGH":
                place = self.where[(owner, letter)]
                is_bad = letter in bad[owner]
                colour = "RB"[not is_bad] if owner == side else (
                    "rb"[not is_bad] if place == "taken" else "u")
                x, y = (9, 9) if place == "taken" else (8, 8) if place == "out" else \
                    to_view(place, side)
                text.append(f"{x}{y}{colour}")
        return "".join(text)


class Client:
    """One game's connection to a tournament client started for it."""

    def __init__(self, command: list[str]):
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(1)
        self.server.settimeout(LIMIT_SECONDS)
        port = self.server.getsockname()[1]
        self.process = subprocess.Popen([*command[:1], "-H", "127.0.0.1", "-p", str(port),
                                         "-o", "0", *command[1:]],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.connection, _ = self.server.accept()
        self.connection.settimeout(LIMIT_SECONDS)
        self.pending = b""

    def ask(self, line: str) -> str:
        self.connection.sendall((line + "\r\n").encode())
        while b"\r\n" not in self.pending:
            chunk = self.connection.recv(4096)
            if not chunk:
                raise ConnectionError(f"the client closed the connection after {line[:8]!r}")
            self.pending += chunk
        answer, self.pending = self.pending.split(b"\r\n", 1)
        return answer.decode(errors="replace")

    def close(self, line: str) -> None:
        try:
            self.connection.sendall((line + "\r\n").encode())
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
        self.connection.close()
        self.server.close()


def client_setup(answer: str) -> set:
    """The four ghosts a client's ``SET:ABCD`` makes bad."""
    letters = answer[4:] if answer.startswith("SET:") else ""
    if len(letters) != 4 or len(set(letters)) != 4 or not set(letters) <= set("ABCDEFGH"):
        raise ValueError(f"not a set-up: {answer[:40]!r}")
    return set(letters)


def client_move(answer: str, ghosts: Ghosts, side: int) -> str:
    """The rule book's name of the client's ``MOV:A,N`` (checked by the rule book after)."""
    if len(answer) != 7 or not answer.startswith("MOV:") or answer[5] != ",":
        raise ValueError(f"not a move: {answer[:40]!r}")
    letter, direction = answer[4], answer[6]
    if letter not in "ABCDEFGH" or direction not in DIRECTIONS:
        raise ValueError(f"not a move: {answer[:40]!r}")
    start = ghosts.where[(side, letter)]
    if start in ("taken", "out"):
        raise ValueError(f"ghost {letter} is no longer on the board")
    x, y = to_view(start, side)
    dx, dy = DIRECTIONS[direction]
    if not (0 <= x + dx < 6 and 0 <= y + dy < 6):
        return f"{start}-out"
    end = from_view(x + dx, y + dy, side)
    victim = ghosts.at(end)
    return f"{start}{'x' if victim and victim[0] != side else '-'}{end}"


def gat_match(command: list[str], games: int = 100, spec: str = "ghost", level: int = 3,
              seconds: float | None = None, iterations: int | None = None, seed: int = 0,
              log=None, records: str | None = None) -> dict:
    """Play ``games`` games of Ghost between our bot (``level``, or ``seconds``/
    ``iterations`` a move) and the tournament client ``command`` (the client and its player
    library); our bot is White in the even games.  A move the rule book refuses, or a client
    that stops answering, loses the game for the client, and is said.  Returns the counts,
    our score and its 95% interval, and the client's faults."""
    game = load_game(spec)
    if game.name != "ghost" or game.settings["first_player"] != "white":
        raise ValueError("gat-match plays Ghost with White first, as the tournament does")
    counts = {"wins": 0, "losses": 0, "draws": 0}
    faults, plies = [], []
    for index in range(games):
        rng = random.Random(seed * 7919 + index)
        ours = index % 2
        theirs = 1 - ours
        ghosts, bad, moves = Ghosts(), [set(), set()], []
        state, fault = game.initial_state(), None
        client = Client(command)
        try:
            for side in (0, 1):                          # the set-ups: White's, then Black's
                if side == theirs:
                    letters = client_setup(client.ask("SET?"))
                    cells = sorted((NAMES[side]["ABCDEFGH".index(x)] for x in letters),
                                   key=lambda cell: (cell[0], cell[1]))
                    move = game.parse_move("".join(cells), state)
                else:
                    move = our_move(game, state, level, seconds, iterations, rng)
                    cells = [game.move_name(move)[i:i + 2] for i in range(0, 8, 2)]
                    letters = {"ABCDEFGH"[NAMES[side].index(cell)] for cell in cells}
                bad[side] = letters
                moves.append(game.move_name(move))
                state = game.apply(state, move)
            while game.outcome(state) is None:
                if game.to_move(state) == theirs:
                    name = client_move(client.ask("MOV?" + ghosts.board(theirs, bad)),
                                       ghosts, theirs)
                    move = game.parse_move(name, state)
                else:
                    move = our_move(game, state, level, seconds, iterations, rng)
                name = game.move_name(move)
                ghosts.play(name)
                moves.append(name)
                state = game.apply(state, move)
                ghosts.check(game.pieces(state))
        except (ValueError, OSError) as error:           # a refused move, a silent client
            fault = f"game {index + 1}, ply {len(moves) + 1}: {error}"
            faults.append(fault)
        outcome = game.outcome(state)
        winner = ours if fault else outcome.winner
        word = "DRW" if winner is None else "WON" if winner == theirs else "LST"
        client.close(f"{word}:{ghosts.board(theirs, bad)}")
        counts["draws" if winner is None else "wins" if winner == ours else "losses"] += 1
        plies.append(len(moves))
        score = counts["wins"] + 0.5 * counts["draws"]
        if log:
            result = "draw" if winner is None else ("ours" if winner == ours else "theirs")
            log(f"game {index + 1}: ours {'White' if ours == 0 else 'Black'}, {result} "
                f"({len(moves)} plies{', ' + fault if fault else ''}); ours {score:g} of "
                f"{index + 1}")
        if records:
            with open(records, "a") as out:
                out.write(json.dumps({"spec": game.spec, "game": index + 1, "seed": seed,
                                      "ours": ours, "level": level, "winner": winner,
                                      "fault": fault, "moves": moves}) + "\n")
    score = counts["wins"] + 0.5 * counts["draws"]
    low, high = wilson(score, games)
    return {"games": games, **counts, "score": score / games, "ci95": [round(low, 3), round(high, 3)],
            "mean_plies": sum(plies) / games, "faults": faults}


def our_move(game, state, level, seconds, iterations, rng):
    """Our bot's move from its own view of ``state``."""
    from . import choose
    return choose(game, game.concealed(state), level=level, seconds=seconds,
                  iterations=iterations, seed=rng.randrange(1 << 30))
