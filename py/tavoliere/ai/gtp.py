"""Sparring against outside engines that speak GTP (the Go Text Protocol), for benchmarks.

``GTPEngine(command)`` runs an engine as a subprocess and sends it GTP commands;
``engine_match(...)`` plays seeded games of Havannah between our bot and that engine, colours
alternated, each side with its own time a move, and returns the score with its 95% (Wilson)
interval.  ``build_morat(source)`` builds Timo Ewalds' morat (``tewalds/morat``, MIT) from a
source directory or git URL into a cache directory and returns the path of ``morat-havannah``.

The cell names are ours and morat's alike: a letter (``L``) and a number (``N``) with
``|L - N| <= base - 1``, White (GTP ``w``, morat's first player) moves first.  After every
game the harness asks the engine for its board (``showboard``, read in morat's layout) and
for the winner (``winner``) and logs any disagreement with our rule book.  Not part of the
room: a command-line tool (``python -m tavoliere gtp-match``), never run by the tests
except against a fake engine.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from time import perf_counter

from ..core import load_game
from .arena import wilson


class GTPError(RuntimeError):
    """The engine answered ``?`` (a failure) or stopped answering."""


class GTPStopped(GTPError):
    """The engine's process has ended (or closed its output)."""


class GTPEngine:
    """One engine process.  ``send("genmove w")`` returns the text of the ``=`` answer."""

    def __init__(self, command: str | list, cwd=None, stderr=None):
        args = shlex.split(command) if isinstance(command, str) else list(command)
        self.command = args
        self.process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=stderr if stderr is not None else subprocess.DEVNULL,
                                        text=True, bufsize=1, cwd=cwd)
        self._known = None

    def send(self, command: str) -> str:
        process = self.process
        if process.poll() is not None:
            raise GTPStopped(f"the engine has stopped (exit status {process.returncode})")
        process.stdin.write(command.strip() + "\n")
        process.stdin.flush()
        lines = []
        # an answer is '=' or '?', maybe an id, the text, then an empty line
        while True:
            line = process.stdout.readline()
            if not line:
                raise GTPStopped(f"the engine stopped while answering {command!r}")
            line = line.rstrip("\r\n")
            if not lines and not line.strip():
                continue                  # stray blank lines before an answer
            if lines and not line.strip():
                break
            lines.append(line)
        head, rest = lines[0], lines[1:]
        status, text = head[0], re.sub(r"^[=?]\d*\s?", "", head)
        answer = "\n".join([text] + rest).strip("\n") if rest else text.strip()
        if status == "?":
            raise GTPError(f"{command!r}: {answer}")
        if status != "=":
            raise GTPError(f"{command!r}: not a GTP answer: {head!r}")
        return answer

    def known(self, command: str) -> bool:
        if self._known is None:
            try:
                self._known = set(self.send("list_commands").split())
            except GTPError:
                self._known = set()
        if command in self._known:
            return True
        try:
            return self.send(f"known_command {command}").strip() == "true"
        except GTPError:
            return False

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.send("quit")
            except (GTPError, OSError):
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def set_time(engine: GTPEngine, seconds: float, threads: int = 1) -> str:
    """Give the engine ``seconds`` a move and (morat) one thread without pondering; the name
    of the engine."""
    name = engine.send("name") if engine.known("name") else "engine"
    if name.startswith("morat"):
        # per move only: no game clock, unused time is not carried to later moves
        engine.send(f"time -g 0 -m {seconds:g} -f 0")
        engine.send(f"params -t {threads} -o 0")
    elif engine.known("time_settings"):
        engine.send(f"time_settings 0 {seconds:g} 1")   # byo-yomi: one move in `seconds`
    return name


def read_board(text: str, base: int) -> dict[str, int] | None:
    """The stones of a ``showboard`` answer in morat's layout: one line per number N, the
    cells of that line from the smallest letter, ``O`` White and ``@`` Black (``[..]`` marks
    the last stone; letters after the cells are labels).  {cell name: 0 or 1}, or None when
    the text is not in that layout."""
    stones, rows = {}, 0
    span = 2 * base - 1
    for line in text.splitlines():
        found = re.match(r"\s*(\d+)([\s[].*)", line)
        if not found:
            continue
        number = int(found.group(1))
        if not 1 <= number <= span:
            return None
        cells = found.group(2).replace("[", " ").replace("]", " ").split()
        count = span - abs(number - base)
        if len(cells) < count:
            return None
        first = max(0, number - base)
        for i, token in enumerate(cells[:count]):
            if token in ("O", "@"):
                stones[chr(ord("a") + first + i) + str(number)] = 0 if token == "O" else 1
            elif token != ".":
                return None
        rows += 1
    return stones if rows == span else None


def build_morat(source: str, cache: str | None = None, jobs: int = 1) -> Path:
    """Clone ``source`` (a git URL or a repository path, bare or not, with ``@COMMIT`` to pin
    a commit, else its HEAD; or a plain source directory) into ``cache`` and
    ``make morat-havannah`` there, once per commit.  The binary's path."""
    cache_dir = Path(cache or os.environ.get("TAVOLIERE_CACHE")
                     or Path.home() / ".cache" / "tavoliere") / "morat"
    cache_dir.mkdir(parents=True, exist_ok=True)
    commit = None
    pinned = re.fullmatch(r"(.+)@([0-9a-fA-F]{7,40})", source)
    if pinned:                                   # SOURCE@COMMIT
        source, commit = pinned.groups()
    else:
        try:
            head = subprocess.run(["git", "ls-remote", source, "HEAD"], capture_output=True,
                                  text=True, check=True).stdout.split()
            commit = head[0] if head else None
        except (subprocess.CalledProcessError, FileNotFoundError):
            pass
    key = commit or hashlib.sha1(str(Path(source).resolve()).encode()).hexdigest()
    work = cache_dir / key[:12]
    binary = work / "morat-havannah"
    if binary.exists():
        return binary
    if work.exists():
        shutil.rmtree(work)
    if commit:
        subprocess.run(["git", "clone", "--quiet", source, str(work)], check=True)
        subprocess.run(["git", "-C", str(work), "checkout", "--quiet", commit], check=True)
    else:
        shutil.copytree(source, work)
    subprocess.run(["make", f"-j{jobs}", "morat-havannah"], cwd=work, check=True,
                   stdout=subprocess.DEVNULL)
    return binary


def engine_match(spec: str, command: str, games: int = 10, ours_seconds: float = 1.0,
                 theirs_seconds: float = 1.0, seed: int = 0, level: int = 5, log=None,
                 records: str | None = None, iterations: int | None = None) -> dict:
    """Play ``games`` games of ``spec`` (Havannah) between our bot (``level``, ``ours_seconds``
    a move, or ``iterations`` a move) and the GTP engine started by ``command``
    (``theirs_seconds`` a move); our bot is White in the even games.  One engine process
    for the match, its board cleared between games.  ``records``: a file to which each
    game is appended as a JSON line (moves, colours, winner).  Returns the counts, our score
    and its 95% interval, and the disagreements between the engine and our rule book."""
    from . import Thinker
    game = load_game(spec)
    if game.name == "go":
        return go_engine_match(game, command, games=games, ours_seconds=ours_seconds,
                               theirs_seconds=theirs_seconds, seed=seed, level=level, log=log,
                               records=records, iterations=iterations)
    if game.name != "havannah":
        raise ValueError("gtp-match plays Havannah or Go")
    if game.settings["swap"] or game.settings["ring_needs_empty"]:
        raise ValueError("play the standard rules (no swap, rings whatever they enclose): "
                         "GTP engines such as morat know no other")
    if games < 1:
        raise ValueError("games must be at least 1")
    base = game.base
    wins = losses = draws = 0
    plies, their_time, disagreements = [], [], []
    checked = {"boards": 0, "winners": 0}
    restarts = []
    moves: list[str] = []

    def start():
        engine = GTPEngine(command)
        engine.send(f"boardsize {base}")
        return engine, set_time(engine, theirs_seconds)

    def ask(text: str) -> str:
        """Send a command; if the engine has died (morat rarely does), start it again, play
        the game's moves so far and send the command once more."""
        nonlocal engine
        try:
            return engine.send(text)
        except GTPStopped:
            try:
                engine.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                engine.process.kill()
                engine.process.wait()
            restarts.append(f"game {index + 1}, ply {len(moves) + 1}: the engine stopped "
                            f"(exit status {engine.process.returncode}) and was restarted")
            engine, _ = start()
            for ply, move_text in enumerate(moves):
                engine.send(f"play {'wb'[ply % 2]} {move_text}")
            return engine.send(text)

    engine, name = start()
    try:
        can_show = engine.known("showboard")
        can_judge = engine.known("winner")
        for index in range(games):
            rng = random.Random(seed * 7919 + index)
            ours = 0 if index % 2 == 0 else 1
            ask("clear_board")
            state = game.initial_state()
            moves, note = [], None
            while game.outcome(state) is None:
                player = game.to_move(state)
                colour = "wb"[player]
                if player == ours:
                    thinker = Thinker(game, state, level=level,
                                      seconds=None if iterations else ours_seconds,
                                      iterations=iterations, seed=rng.randrange(1 << 30))
                    while not thinker.done:
                        thinker.step(0.05)
                    move = thinker.move()
                    text = game.move_name(move)
                    try:
                        ask(f"play {colour} {text}")
                    except GTPError as error:
                        note = f"the engine refused our {text}: {error}"
                        disagreements.append(f"game {index + 1}: {note}")
                        state = game.apply(state, move)
                        moves.append(text)
                        break
                else:
                    started = perf_counter()
                    text = ask(f"genmove {colour}").strip().lower()
                    their_time.append(perf_counter() - started)
                    if text == "resign":
                        note = "the engine resigned"
                        break
                    move = game.parse_move(text, state)
                state = game.apply(state, move)
                moves.append(text)
            outcome = game.outcome(state)
            winner = outcome.winner if outcome else (ours if note == "the engine resigned"
                                                     else None)
            if can_judge:
                said = ask("winner").strip().lower()
                theirs = {"white": 0, "black": 1, "draw": None}.get(said, "?")
                checked["winners"] += 1
                if outcome and theirs != outcome.winner:
                    disagreements.append(f"game {index + 1}: we say {outcome.winner}, the "
                                         f"engine says {said}")
            if can_show:
                shown = read_board(ask("showboard"), base)
                mine = {game.grid.names[c]: state.board[c] - 1
                        for c in range(game.grid.size) if state.board[c]}
                if shown is None:
                    disagreements.append(f"game {index + 1}: the engine's board is unreadable")
                elif shown != mine:
                    disagreements.append(f"game {index + 1}: the engine's board differs")
                else:
                    checked["boards"] += 1
            if winner is None:
                draws += 1
            elif winner == ours:
                wins += 1
            else:
                losses += 1
            plies.append(len(moves))
            reason = outcome.reason if outcome else note
            if log:
                who = ("ours", name) if ours == 0 else (name, "ours")
                result = "draw" if winner is None else ("White", "Black")[winner] + " wins"
                log(f"game {index + 1}: {who[0]} (White) v {who[1]}: {result}"
                    f" ({reason}, {len(moves)} plies); ours {wins + 0.5 * draws:g} of "
                    f"{index + 1}")
            if records:
                with open(records, "a") as out:
                    out.write(json.dumps({"spec": game.spec, "game": index + 1, "seed": seed,
                                          "white": "ours" if ours == 0 else name,
                                          "black": name if ours == 0 else "ours",
                                          "ours_seconds": ours_seconds,
                                          "theirs_seconds": theirs_seconds,
                                          "winner": winner, "reason": reason,
                                          "moves": moves}) + "\n")
    finally:
        engine.close()
    score = wins + 0.5 * draws
    low, high = wilson(score, games)
    return {"spec": game.spec, "engine": name, "games": games, "wins": wins, "losses": losses,
            "draws": draws, "score": score / games, "ci95": [round(low, 3), round(high, 3)],
            "ours_seconds": ours_seconds, "theirs_seconds": theirs_seconds,
            "their_mean_seconds": sum(their_time) / len(their_time) if their_time else None,
            "mean_plies": sum(plies) / len(plies), "disagreements": disagreements,
            "checked": checked, "restarts": restarts}


# -- Go against a GTP engine (GNU Go) ---------------------------------------------------------------
def read_go_board(text: str, size: int) -> dict[str, int] | None:
    """The stones of a Go ``showboard`` answer in GNU Go's layout (a line per row: its number,
    then ``.``/``+`` empty, ``X`` Black, ``O`` White; text after the points is ignored):
    {cell name: 0 Black or 1 White}, or None when the text is not in that layout."""
    letters = "abcdefghjklmnopqrst"
    stones, rows = {}, set()
    for line in text.splitlines():
        found = re.match(r"\s*(\d+)\s+([.+XO](?:\s+[.+XO]){%d})" % (size - 1), line)
        if not found:
            continue
        row = int(found.group(1))
        if not 1 <= row <= size:
            return None
        rows.add(row)
        for col, token in enumerate(found.group(2).split()):
            if token in "XO":
                stones[f"{letters[col]}{row}"] = 0 if token == "X" else 1
    return stones if len(rows) == size else None


def go_engine_match(game, command: str, games: int = 10, ours_seconds: float = 1.0,
                    theirs_seconds: float = 1.0, seed: int = 0, level: int = 5, log=None,
                    records: str | None = None, iterations: int | None = None) -> dict:
    """``engine_match`` for Go: our bot is Black in the even games.  When play stops (two
    passes, or the move limit), the dead stones are the engine's (``final_status_list
    dead``), proposed by the player to move and accepted by the other, or our estimate if its
    list is not whole chains; then our count is compared with the engine's ``final_score``
    and its ``showboard`` stones with ours."""
    from . import Thinker
    if games < 1:
        raise ValueError("games must be at least 1")
    engine = GTPEngine(command)
    wins = losses = draws = 0
    plies, their_time, disagreements, restarts = [], [], [], []
    checked = {"boards": 0, "winners": 0}
    try:
        engine.send(f"boardsize {game.size}")
        name = set_time(engine, theirs_seconds)
        can_show, can_score = engine.known("showboard"), engine.known("final_score")
        can_list = engine.known("final_status_list")
        for index in range(games):
            rng = random.Random(seed * 7919 + index)
            ours = 0 if index % 2 == 0 else 1
            engine.send("clear_board")
            engine.send(f"komi {game.komi:g}")
            if game.handicap:
                engine.send(f"fixed_handicap {game.handicap}")
            state, moves, note = game.initial_state(), [], None
            while state.phase == "play":
                player = state.to_move
                colour = "bw"[player]
                if player == ours:
                    thinker = Thinker(game, state, level=level,
                                      seconds=None if iterations else ours_seconds,
                                      iterations=iterations, seed=rng.randrange(1 << 30))
                    while not thinker.done:
                        thinker.step(0.05)
                    move = thinker.move()
                    try:
                        engine.send(f"play {colour} {game.move_name(move)}")
                    except GTPError as error:
                        note = f"the engine refused our {game.move_name(move)}: {error}"
                        disagreements.append(f"game {index + 1}: {note}")
                        break
                else:
                    started = perf_counter()
                    text = engine.send(f"genmove {colour}").strip().lower()
                    their_time.append(perf_counter() - started)
                    if text == "resign":
                        note = "the engine resigned"
                        break
                    move = game.parse_move(text, state)
                state = game.apply(state, move)
                moves.append(game.move_name(move))
            board_at_end = state.board
            if state.phase == "marking":
                proposal = None
                if can_list:
                    listed = engine.send("final_status_list dead").lower().split()
                    cells = sorted((game.cell(v) for v in listed), key=game.geo.rank.__getitem__)
                    try:
                        proposal = game.parse_move(game.move_name(("dead", *cells)), state)
                    except IllegalMove as error:
                        disagreements.append(f"game {index + 1}: the engine's dead stones "
                                             f"are not a proposal: {error}")
                if proposal is None:
                    proposal = ("dead", *game.estimate(state.board))
                for move in (proposal, ("accept",)):
                    state = game.apply(state, move)
                    moves.append(game.move_name(move))
            outcome = game.outcome(state)
            winner = outcome.winner if outcome else (ours if note == "the engine resigned"
                                                     else 1 - ours)
            if outcome and can_score:
                said = engine.send("final_score").strip().upper()
                checked["winners"] += 1
                if said != game.sgf_result(outcome).upper():
                    disagreements.append(f"game {index + 1}: we count "
                                         f"{game.sgf_result(outcome)}, the engine {said}")
            if can_show:
                shown = read_go_board(engine.send("showboard"), game.size)
                mine = {game.names[c]: v - 1 for c, v in enumerate(board_at_end) if v}
                if shown is None:
                    disagreements.append(f"game {index + 1}: the engine's board is unreadable")
                elif shown != mine:
                    disagreements.append(f"game {index + 1}: the engine's board differs")
                else:
                    checked["boards"] += 1
            if winner is None:
                draws += 1
            elif winner == ours:
                wins += 1
            else:
                losses += 1
            plies.append(len(moves))
            reason = (game.sgf_result(outcome) if outcome and outcome.scores
                      else outcome.reason if outcome else note)
            if log:
                who = ("ours", name) if ours == 0 else (name, "ours")
                result = "draw" if winner is None else ("Black", "White")[winner] + " wins"
                log(f"game {index + 1}: {who[0]} (Black) v {who[1]}: {result} ({reason}, "
                    f"{len(moves)} plies); ours {wins + 0.5 * draws:g} of {index + 1}")
            if records:
                with open(records, "a") as out:
                    out.write(json.dumps({"spec": game.spec, "game": index + 1, "seed": seed,
                                          "black": "ours" if ours == 0 else name,
                                          "white": name if ours == 0 else "ours",
                                          "winner": winner, "reason": reason,
                                          "moves": moves}) + "\n")
    finally:
        engine.close()
    score = wins + 0.5 * draws
    low, high = wilson(score, games)
    return {"spec": game.spec, "engine": name, "games": games, "wins": wins, "losses": losses,
            "draws": draws, "score": score / games, "ci95": [round(low, 3), round(high, 3)],
            "ours_seconds": ours_seconds, "theirs_seconds": theirs_seconds,
            "their_mean_seconds": sum(their_time) / len(their_time) if their_time else None,
            "mean_plies": sum(plies) / len(plies), "disagreements": disagreements,
            "checked": checked, "restarts": restarts}
