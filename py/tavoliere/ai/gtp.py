"""Sparring against outside engines that speak GTP (the Go Text Protocol), for benchmarks.

``GTPEngine(command)`` runs an engine as a subprocess and sends it GTP commands;
``engine_match(...)`` plays seeded games of Havannah or Go between our bot and that engine,
colours alternated, each side with its own time a move, and returns the score with its 95%
(Wilson) interval; what differs between the two games (the set-up commands, how play
stops, what is checked after each game) is a game's *referee* (``HavannahReferee``,
``GoReferee``).  ``build_morat(source)`` builds Timo Ewalds' morat (``tewalds/morat``, MIT)
from a source directory or git URL into a cache directory and returns the path of
``morat-havannah``.

Havannah: the cell names are ours and morat's alike: a letter (``L``) and a number (``N``)
with ``|L - N| <= base - 1``, White (GTP ``w``, morat's first player) moves first; after
every game the harness asks the engine for its board (``showboard``, read in morat's layout)
and for the winner (``winner``).  Go: GNU Go's names and layout, Black first; after every
game its ``final_score`` and ``showboard``.  Any disagreement with our rule book is logged.
Not part of the room: a command-line tool (``python -m tavoliere gtp-match``), never run by
the tests except against a fake engine.
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

from ..core import IllegalMove, load_game
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


def set_time(engine: GTPEngine, seconds: float, threads: int = 1,
             sims: int | None = None) -> str:
    """Give the engine ``seconds`` a move and (morat) one thread without pondering, or (morat,
    Pachi) ``sims`` simulations a move whatever the time they take; the name of the engine.
    ``seconds`` 0 sends no time settings: the engine plays at its own pace (GNU Go at its
    level: the same work however loaded the machine)."""
    name = engine.send("name") if engine.known("name") else "engine"
    if sims is not None and name.startswith("Pachi"):
        # Pachi takes its count on the command line only (``pachi_command``)
        if f"={sims}" not in engine.command:
            raise ValueError(f"give Pachi its count on its command line: -t ={sims}")
        return name
    if sims is not None and not name.startswith("morat"):
        raise ValueError(f"a count of simulations is given to morat and Pachi only, not to {name}")
    if name.startswith("morat"):
        # per move only: no game clock, unused time is not carried to later moves; with a
        # count of simulations the time is only a generous cap, so the load cannot cut it
        limit = f"-m 86400 -f 0 -i {sims}" if sims is not None else f"-m {seconds:g} -f 0"
        engine.send(f"time -g 0 {limit}")
        engine.send(f"params -t {threads} -o 0")
    elif seconds and engine.known("time_settings"):
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


def read_go_board(text: str, size: int) -> dict[str, int] | None:
    """The stones of a Go ``showboard`` answer in GNU Go's or Pachi's layout (a line per row:
    its number, Pachi's ``|``, then ``.``/``+`` empty, ``X`` Black, ``O`` White, Pachi's
    last stone marked with a parenthesis; text after the points is ignored):
    {cell name: 0 Black or 1 White}, or None when the text is not in that layout."""
    letters = "abcdefghjklmnopqrst"
    stones, rows = {}, set()
    for line in text.splitlines():
        found = re.match(r"\s*(\d+)[\s|(]+([.+XO](?:[\s()]+[.+XO]){%d})" % (size - 1), line)
        if not found:
            continue
        row = int(found.group(1))
        if not 1 <= row <= size:
            return None
        rows.add(row)
        for col, token in enumerate(re.findall(r"[.+XO]", found.group(2))):
            if token in "XO":
                stones[f"{letters[col]}{row}"] = 0 if token == "X" else 1
    return stones if len(rows) == size else None


def build_morat(source: str, cache: str | None = None, jobs: int = 1) -> Path:
    """``make morat-havannah`` from ``source`` (see ``build_from_source``); the binary."""
    return build_from_source(source, "morat", ("morat-havannah",), cache, jobs) / \
        "morat-havannah"


def build_pachi(source: str, cache: str | None = None, jobs: int = 1) -> Path:
    """``make pachi`` from ``source`` (``pasky/pachi``) without its neural network and
    joseki engine (they need Caffe and KataGo): the Monte Carlo engine with its patterns,
    as Pachi played before 2016.  The binary."""
    return build_from_source(source, "pachi", ("build.h", "pachi"), cache, jobs,
                             variables=("DCNN=0", "JOSEKIFIX=0", "BUILD_KATAGO=0")) / "pachi"


def pachi_command(binary, sims: int | None = None) -> list[str]:
    """Pachi on one thread, quiet, and with ``sims`` simulations a move when given (Pachi
    reads its data files from its own folder, where it was built)."""
    return [str(binary), "-D", *([] if sims is None else ["-t", f"={sims}"]), "threads=1"]


def build_from_source(source: str, name: str, targets, cache: str | None = None,
                      jobs: int = 1, variables=()) -> Path:
    """Clone ``source`` (a git URL or a repository path, bare or not, with ``@COMMIT`` to pin
    a commit, else its HEAD; or a plain source directory) into the cache folder ``name``
    and ``make`` the ``targets`` there (with the make ``variables``), once per commit.  The
    folder's path."""
    cache_dir = Path(cache or os.environ.get("TAVOLIERE_CACHE")
                     or Path.home() / ".cache" / "tavoliere") / name
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
    if all((work / target).exists() for target in targets):
        return work
    if work.exists():
        shutil.rmtree(work)
    if commit:
        subprocess.run(["git", "clone", "--quiet", source, str(work)], check=True)
        subprocess.run(["git", "-C", str(work), "checkout", "--quiet", commit], check=True)
    else:
        shutil.copytree(source, work)
    subprocess.run(["make", f"-j{jobs}", *variables, *targets], cwd=work, check=True,
                   stdout=subprocess.DEVNULL)
    return work


class HavannahReferee:
    """What a match of Havannah asks of the engine and checks after each game (morat's
    commands): its board, and its ``winner``."""

    colours = "wb"                     # the GTP colour of player 0, then of player 1

    def __init__(self, game):
        if game.settings["swap"] or game.settings["ring_needs_empty"]:
            raise ValueError("play the standard rules (no swap, rings whatever they enclose): "
                             "GTP engines such as morat know no other")
        self.game = game

    def start(self, engine) -> None:
        engine.send(f"boardsize {self.game.base}")

    def new_game(self, engine) -> None:
        engine.send("clear_board")

    def playing(self, state) -> bool:
        return self.game.outcome(state) is None

    def finish(self, engine, state, moves, disagree):
        """The state once play has stopped (Havannah: as it is)."""
        return state

    def check_result(self, engine, outcome, disagree) -> bool:
        if not engine.known("winner"):
            return False
        said = engine.send("winner").strip().lower()
        theirs = {"white": 0, "black": 1, "draw": None}.get(said, "?")
        if outcome and theirs != outcome.winner:
            disagree(f"we say {outcome.winner}, the engine says {said}")
        return True

    def board(self, state) -> dict[str, int]:
        grid = self.game.grid
        return {grid.names[c]: state.board[c] - 1 for c in range(grid.size) if state.board[c]}

    def read_board(self, text: str):
        return read_board(text, self.game.base)

    def reason(self, outcome) -> str:
        return outcome.reason


class GoReferee(HavannahReferee):
    """Go against GNU Go: the komi and handicap set for each game; when play stops (two passes,
    or the move limit) the dead stones are the engine's (``final_status_list dead``),
    proposed by the player to move and accepted by the other, or our estimate if its list is
    not whole chains; then our count is compared with the engine's ``final_score``, and its
    ``showboard`` with the stones at the end of play."""

    colours = "bw"

    def __init__(self, game):
        self.game = game

    def start(self, engine) -> None:
        engine.send(f"boardsize {self.game.size}")

    def new_game(self, engine) -> None:
        engine.send("clear_board")
        engine.send(f"komi {self.game.komi:g}")
        if self.game.handicap:
            engine.send(f"fixed_handicap {self.game.handicap}")

    def playing(self, state) -> bool:
        return state.phase == "play"

    def finish(self, engine, state, moves, disagree):
        game = self.game
        self.stones = state.board
        if state.phase != "marking":
            return state
        proposal = None
        if engine.known("final_status_list"):
            listed = engine.send("final_status_list dead").lower().split()
            cells = sorted((game.cell(v) for v in listed), key=game.geo.rank.__getitem__)
            try:
                proposal = game.parse_move(game.move_name(("dead", *cells)), state)
            except IllegalMove as error:
                disagree(f"the engine's dead stones are not a proposal: {error}")
        if proposal is None:
            proposal = ("dead", *game.estimate(state.board))
        for move in (proposal, ("accept",)):
            state = game.apply(state, move)
            moves.append(game.move_name(move))
        return state

    def check_result(self, engine, outcome, disagree) -> bool:
        if not outcome or not engine.known("final_score"):
            return False
        said = engine.send("final_score").strip().upper()
        ours = self.game.sgf_result(outcome)
        if said != ours.upper():
            disagree(f"we count {ours}, the engine {said}")
        return True

    def board(self, state) -> dict[str, int]:
        return {self.game.names[c]: v - 1 for c, v in enumerate(self.stones) if v}

    def read_board(self, text: str):
        return read_go_board(text, self.game.size)

    def reason(self, outcome) -> str:
        return self.game.sgf_result(outcome) if outcome.scores else outcome.reason


REFEREES = {"havannah": HavannahReferee, "go": GoReferee}


def our_bot(game, level: int, seconds: float, iterations: int | None, workers: int):
    """A function (state, seed) -> our move, with ``close()``: a Thinker in this process
    (``seconds`` of wall time, or ``iterations``), or ``workers`` search processes each with
    ``seconds`` of its own CPU time (or ``iterations``)."""
    from . import choose
    budget = None if iterations else seconds
    if workers:
        from .parallel import WorkerPool
        pool = WorkerPool(workers)

        def play(state, seed):
            answer = pool.choose(game.spec, state, level, seconds=budget,
                                 iterations=iterations, seed=seed)
            return game.parse_move(answer["best"], state)
        play.close = pool.close
        return play

    def play(state, seed):
        return choose(game, state, level=level, seconds=budget, iterations=iterations, seed=seed)
    play.close = lambda: None
    return play


def tally(lines) -> list[dict]:
    """The records written by ``engine_match`` (JSON lines) added up by match: a row for
    each spec, engine, level, count of workers and pair of budgets, with the games, our
    score and its 95% interval, and the mean length of a game in plies."""
    rows: dict[tuple, dict] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            game = load_game(record["spec"])
            seats = [game.text_table("en")[f"player.{p}"].lower() for p in (0, 1)]
            ours = [p for p in (0, 1) if record[seats[p]] == "ours"]
            key = (game.spec, record[seats[1 - ours[0]]], record.get("level"),
                   record.get("workers", 0),
                   record.get("iterations") or record["ours_seconds"],
                   record.get("theirs_sims") or record["theirs_seconds"])
            plies, winner = len(record["moves"]), record["winner"]
        except (ValueError, KeyError, TypeError, IndexError) as error:
            raise ValueError(f"record {number} is not a game of gtp-match "
                             f"({type(error).__name__}: {error}): {line[:60]!r}") from None
        row = rows.setdefault(key, dict(zip(("spec", "engine", "level", "workers", "ours",
                                             "theirs"), key), games=0, score=0.0, plies=0))
        row["games"] += 1
        row["plies"] += plies
        row["score"] += 0.5 if winner is None else winner == ours[0]
    for row in rows.values():
        row["ci95"] = [round(bound, 3) for bound in wilson(row["score"], row["games"])]
        row["mean_plies"] = round(row.pop("plies") / row["games"], 1)
    return list(rows.values())


def work_rates(spec: str, command: str, seconds: float = 1.0, plies: int = 40,
               level: int = 5) -> dict[str, list[int]]:
    """The work each side does in ``seconds`` a move on this machine, over the first
    ``plies`` plies of a game against itself: morat's simulations (from its own report) and
    our bot's iterations in ``seconds`` of CPU time.  Measured on an idle core, their medians
    are the budgets (``theirs_sims``, ``iterations``) that stand for ``seconds`` a move
    however loaded the machine later is."""
    import tempfile
    from time import process_time
    from . import Thinker
    game = load_game(spec)
    referee = REFEREES[game.name](game)
    with tempfile.TemporaryFile("w+") as report:
        with GTPEngine(command, stderr=report) as engine:
            referee.start(engine)
            name = set_time(engine, seconds)
            if engine.known("verbose"):
                engine.send("verbose 1")
            for ply in range(plies):
                engine.send(f"genmove {referee.colours[ply % 2]}")
        report.seek(0)
        said = report.read()
    # morat: "Finished: N runs"; Pachi: "mcts S s (R games/s ...)", N = S x R
    sims = [int(found) for found in re.findall(r"Finished:\s+(\d+) runs", said)] or \
        [round(float(took) * int(rate))
         for took, rate in re.findall(r"mcts ([\d.]+)s \((\d+) games/s", said)]
    iterations, state = [], game.initial_state()
    for ply in range(plies):
        if game.outcome(state):
            break
        thinker = Thinker(game, state, level=level, seconds=seconds, seed=ply,
                          clock=process_time)
        move = thinker.finish()
        iterations.append(thinker.engine.iterations)
        state = game.apply(state, move)
    return {f"{name} simulations": sims, "our iterations": iterations}


def engine_matches(jobs: int, games: int, seed: int = 0, log=None, **match) -> dict:
    """``engine_match`` played two games at a time (one with each colour) in ``jobs``
    processes at once, the games from ``2k`` on seeded ``seed * 1000 + k``; the results
    added up.  Fair on a loaded machine only with budgets the load cannot cut: our
    ``workers`` (CPU time or iterations) and morat's ``theirs_sims`` (or GNU Go at its
    level, ``theirs_seconds`` 0)."""
    from concurrent.futures import ProcessPoolExecutor, as_completed
    chunks = [(seed * 1000 + k, min(2, games - 2 * k)) for k in range((games + 1) // 2)]
    total = {"wins": 0, "losses": 0, "draws": 0, "disagreements": [], "restarts": [],
             "checked": {"boards": 0, "winners": 0}}
    plies, seconds = [], []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running = {pool.submit(engine_match, games=count, seed=chunk_seed, **match): chunk_seed
                   for chunk_seed, count in chunks}
        for done in as_completed(running):
            result = done.result()
            for key in ("wins", "losses", "draws"):
                total[key] += result[key]
            for key in ("boards", "winners"):
                total["checked"][key] += result["checked"][key]
            for key in ("disagreements", "restarts"):
                total[key] += [f"seed {running[done]}, {line}" for line in result[key]]
            plies += [result["mean_plies"]] * result["games"]
            if result["their_mean_seconds"] is not None:
                seconds.append(result["their_mean_seconds"])
            if log:
                played = total["wins"] + total["losses"] + total["draws"]
                log(f"seed {running[done]}: ours {result['score'] * result['games']:g} of "
                    f"{result['games']}; ours {total['wins'] + 0.5 * total['draws']:g} of "
                    f"{played}")
    score = total["wins"] + 0.5 * total["draws"]
    low, high = wilson(score, games)
    return {**result, **total, "games": games, "score": score / games,
            "ci95": [round(low, 3), round(high, 3)], "mean_plies": sum(plies) / len(plies),
            "their_mean_seconds": sum(seconds) / len(seconds) if seconds else None}


def engine_match(spec: str, command: str, games: int = 10, ours_seconds: float = 1.0,
                 theirs_seconds: float = 1.0, seed: int = 0, level: int = 5, log=None,
                 records: str | None = None, iterations: int | None = None,
                 workers: int = 0, theirs_sims: int | None = None) -> dict:
    """Play ``games`` games of ``spec`` (Havannah or Go) between our bot (``level``,
    ``ours_seconds`` a move, or ``iterations`` a move) and the GTP engine started by
    ``command`` (``theirs_seconds`` a move, or for morat ``theirs_sims`` simulations); our
    bot is the first player in the even games.  ``workers`` > 0: our bot searches in that
    many worker processes, each for ``ours_seconds`` of its own CPU time (or ``iterations``),
    their root statistics merged, as the page's pool of workers does.
    One engine process for the match, its board cleared between games; an engine that dies
    (morat rarely does) is started again and given the game so far.  ``records``: a file to
    which each game is appended as a JSON line (moves, colours, winner).  Returns the
    counts, our score and its 95% interval, and the disagreements between the engine and
    our rule book (a game the engine broke off counts as a draw, and is said there)."""
    game = load_game(spec)
    if game.name not in REFEREES:
        raise ValueError("gtp-match plays " + " or ".join(sorted(REFEREES)))
    referee = REFEREES[game.name](game)
    if games < 1:
        raise ValueError("games must be at least 1")
    players = [game.text_table("en")[f"player.{p}"] for p in (0, 1)]
    wins = losses = draws = 0
    plies, their_time, disagreements = [], [], []
    checked = {"boards": 0, "winners": 0}
    restarts = []
    played: list[tuple[int, str]] = []        # (player, move name) of the game so far

    def start():
        engine = GTPEngine(command)
        referee.start(engine)
        return engine, set_time(engine, theirs_seconds, sims=theirs_sims)

    def ask(text: str) -> str:
        """Send a command; if the engine has died, start it again, play the game's moves so
        far and send the command once more."""
        nonlocal engine
        try:
            return engine.send(text)
        except GTPStopped:
            try:
                engine.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                engine.process.kill()
                engine.process.wait()
            restarts.append(f"game {index + 1}, ply {len(played) + 1}: the engine stopped "
                            f"(exit status {engine.process.returncode}) and was restarted")
            engine, _ = start()
            referee.new_game(engine)
            for player, move_text in played:
                engine.send(f"play {referee.colours[player]} {move_text}")
            return engine.send(text)

    engine, name = start()
    choose = our_bot(game, level, ours_seconds, iterations, workers)
    try:
        can_show = engine.known("showboard")
        for index in range(games):
            rng = random.Random(seed * 7919 + index)
            ours = 0 if index % 2 == 0 else 1
            referee.new_game(engine)
            state = game.initial_state()
            played, moves, note = [], [], None

            def disagree(text: str) -> None:
                disagreements.append(f"game {index + 1}: {text}")
            while referee.playing(state):
                player = game.to_move(state)
                colour = referee.colours[player]
                if player == ours:
                    move = choose(state, rng.randrange(1 << 30))
                    text = game.move_name(move)
                    try:
                        ask(f"play {colour} {text}")
                    except GTPError as error:
                        note = f"the engine refused our {text}: {error}"
                        disagree(note)
                        break
                else:
                    started = perf_counter()
                    text = ask(f"genmove {colour}").strip().lower()
                    their_time.append(perf_counter() - started)
                    if text == "resign":
                        note = "the engine resigned"
                        break
                    move = game.parse_move(text, state)
                    text = game.move_name(move)
                state = game.apply(state, move)
                moves.append(text)
                played.append((player, text))
            state = referee.finish(engine, state, moves, disagree)
            outcome = game.outcome(state)
            winner = outcome.winner if outcome else (ours if note == "the engine resigned"
                                                     else None)
            if referee.check_result(engine, outcome, disagree):
                checked["winners"] += 1
            if can_show:
                shown = referee.read_board(ask("showboard"))
                if shown is None:
                    disagree("the engine's board is unreadable")
                elif shown != referee.board(state):
                    disagree("the engine's board differs")
                else:
                    checked["boards"] += 1
            if winner is None:
                draws += 1
            elif winner == ours:
                wins += 1
            else:
                losses += 1
            plies.append(len(moves))
            reason = referee.reason(outcome) if outcome else note
            if log:
                who = ("ours", name) if ours == 0 else (name, "ours")
                result = "draw" if winner is None else f"{players[winner]} wins"
                log(f"game {index + 1}: {who[0]} ({players[0]}) v {who[1]}: {result}"
                    f" ({reason}, {len(moves)} plies); ours {wins + 0.5 * draws:g} of "
                    f"{index + 1}")
            if records:
                with open(records, "a") as out:
                    seats = {players[p].lower(): "ours" if p == ours else name for p in (0, 1)}
                    out.write(json.dumps({"spec": game.spec, "game": index + 1, "seed": seed,
                                          **seats, "ours_seconds": ours_seconds,
                                          "theirs_seconds": theirs_seconds,
                                          "level": level, "workers": workers,
                                          "iterations": iterations,
                                          "theirs_sims": theirs_sims,
                                          "winner": winner, "reason": reason,
                                          "moves": moves}) + "\n")
    finally:
        engine.close()
        choose.close()
    score = wins + 0.5 * draws
    low, high = wilson(score, games)
    return {"spec": game.spec, "engine": name, "games": games, "wins": wins, "losses": losses,
            "draws": draws, "score": score / games, "ci95": [round(low, 3), round(high, 3)],
            "ours_seconds": ours_seconds, "theirs_seconds": theirs_seconds,
            "their_mean_seconds": sum(their_time) / len(their_time) if their_time else None,
            "mean_plies": sum(plies) / len(plies), "disagreements": disagreements,
            "checked": checked, "restarts": restarts}
