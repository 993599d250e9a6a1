"""Our bot as a GTP engine (Go Text Protocol 2): ``python -m tavoliere gtp "go(size=9)"``
reads commands on stdin and answers on stdout, so that GTP tools (GoGui, twogtp, a match
harness) can play it.

Commands: protocol_version, name, version, known_command, list_commands, boardsize,
clear_board, komi, fixed_handicap, play, genmove, undo, showboard, final_score,
final_status_list, quit.  ``genmove`` asks the room's bot (``tavoliere.ai.choose``: the bot
registered for the game, else the generic search) with the level, seconds or iterations given
on the command line.

Vertices are our cell names in capitals (``Q16``; GTP skips the letter I, as we do) and
``pass``.  Our rules alternate strictly, so a ``play`` for the side not to move is refused.
Two passes in a row stop play (section 13.3): ``genmove`` then answers ``pass`` and a ``play``
other than ``pass`` is refused; ``final_score`` and ``final_status_list dead`` use the
computer's estimate of the dead stones (13.3.6) until the game is over.
"""

from __future__ import annotations

import re
import sys

from ..core import IllegalMove, InvalidMove, load_game
from ..messages import Problem

COMMANDS = ("protocol_version", "name", "version", "known_command", "list_commands",
            "boardsize", "clear_board", "komi", "fixed_handicap", "play", "genmove", "undo",
            "showboard", "final_score", "final_status_list", "quit")
COLOURS = {"b": "B", "black": "B", "w": "W", "white": "W"}


class GTPFailure(Exception):
    """A command that fails: the text after ``?``."""


class GTPServer:
    """The GTP engine's state: the game (from the spec, changed by boardsize, komi and
    fixed_handicap) and the moves played since the board was last cleared."""

    def __init__(self, spec: str, level: int | None = None, seconds: float | None = None,
                 iterations: int | None = None, seed: int = 0):
        self.game = load_game(spec)
        if not hasattr(self.game, "sgf_colours"):
            raise ValueError("the GTP engine plays Go")
        self.budget = {"level": level, "seconds": seconds, "iterations": iterations}
        self.seed = seed
        self.moves: list[str] = []
        self.states = [self.game.initial_state()]
        self.running = True

    # -- the protocol ---------------------------------------------------------------------------
    def handle(self, line: str) -> str | None:
        """The answer to one line of input (with its blank line), or None for a line with no
        command (empty, or a comment)."""
        line = re.sub(r"[\x00-\x08\x0b-\x1f\x7f]", "", line.replace("\t", " ")).split("#")[0]
        words = line.split()
        if not words:
            return None
        ident = words.pop(0) if words[0].isdigit() else ""
        if not words:
            return f"?{ident} no command\n\n"
        command, args = words[0].lower(), words[1:]
        try:
            if command not in COMMANDS:
                raise GTPFailure("unknown command")
            answer = getattr(self, f"do_{command}")(args)
        except GTPFailure as failure:
            return f"?{ident} {failure}\n\n"
        return f"={ident} {answer}\n\n" if answer else f"={ident}\n\n"

    def serve(self, source=sys.stdin, out=sys.stdout) -> None:
        for line in source:
            answer = self.handle(line)
            if answer is not None:
                out.write(answer)
                out.flush()
            if not self.running:
                break

    # -- the commands ---------------------------------------------------------------------------
    def do_protocol_version(self, args):
        return "2"

    def do_name(self, args):
        return "Tavoliere"

    def do_version(self, args):
        from .. import __version__
        return __version__

    def do_known_command(self, args):
        return "true" if args and args[0].lower() in COMMANDS else "false"

    def do_list_commands(self, args):
        return "\n".join(COMMANDS)

    def do_quit(self, args):
        self.running = False
        return ""

    def do_boardsize(self, args):
        size = self.number(args)
        if str(size) not in ("9", "13", "19"):
            raise GTPFailure("unacceptable size")
        self.reset(size=str(size), handicap="0")
        return ""

    def do_clear_board(self, args):
        self.reset(handicap="0")
        return ""

    def do_komi(self, args):
        try:
            self.game = self.changed(komi=args[0])
        except (IndexError, Problem, ValueError):
            raise GTPFailure("syntax error (komi is a multiple of 0.5, at least 0)") from None
        self.replay(self.moves)
        return ""

    def do_fixed_handicap(self, args):
        stones = self.number(args)
        if self.moves or self.game.handicap or not 2 <= stones <= 9:
            raise GTPFailure("board not empty" if self.moves or self.game.handicap
                             else "invalid number of stones")
        self.reset(handicap=str(stones))
        points = self.game.geo.handicap_points(stones)
        return " ".join(self.game.names[cell].upper() for cell in points)

    def do_play(self, args):
        if len(args) != 2:
            raise GTPFailure("syntax error")
        self.check_colour(args[0])
        vertex = args[1].lower()
        state = self.states[-1]
        if state.phase != "play":
            raise GTPFailure("illegal move (play has stopped)")
        try:
            move = self.game.parse_move(vertex, state)
        except InvalidMove:
            raise GTPFailure("syntax error") from None
        except IllegalMove as error:
            raise GTPFailure(f"illegal move ({error})") from None
        self.push(move)
        return ""

    def do_genmove(self, args):
        if len(args) != 1:
            raise GTPFailure("syntax error")
        self.check_colour(args[0])
        state = self.states[-1]
        if state.phase != "play":
            return "pass"
        from . import choose
        move = choose(self.game, state, seed=self.seed + len(self.moves), **self.budget)
        self.push(move)
        return self.game.move_name(move).upper() if move[0] != "pass" else "pass"

    def do_undo(self, args):
        if not self.moves:
            raise GTPFailure("cannot undo")
        self.moves.pop()
        self.states.pop()
        return ""

    def do_showboard(self, args):
        return "\n" + self.game.diagram(self.states[-1])

    def do_final_score(self, args):
        game, state = self.game, self.states[-1]
        outcome = game.outcome(state)
        if outcome is not None and outcome.scores:
            return game.sgf_result(outcome)
        if outcome is not None:
            return "0"
        black, white = game.count_with(state, game.estimate(state.board))
        if black == white:
            return "0"
        return f"{'B' if black > white else 'W'}+{abs(black - white):g}"

    def do_final_status_list(self, args):
        if not args or args[0].lower() not in ("dead", "alive", "seki"):
            raise GTPFailure("syntax error")
        state = self.states[-1]
        dead = set(self.game.estimate(state.board))
        if args[0].lower() == "seki":
            return ""
        wanted = [cell for cell in self.game.geo.column_order if state.board[cell]
                  and (cell in dead) == (args[0].lower() == "dead")]
        return " ".join(self.game.names[cell].upper() for cell in wanted)

    # -- helpers --------------------------------------------------------------------------------
    def number(self, args) -> int:
        if len(args) != 1 or not args[0].isdigit():
            raise GTPFailure("syntax error")
        return int(args[0])

    def check_colour(self, word: str) -> None:
        colour = COLOURS.get(word.lower())
        if colour is None:
            raise GTPFailure("syntax error")
        if self.game.outcome(self.states[-1]) is None:
            expected = self.game.sgf_colours[self.game.to_move(self.states[-1])]
            if colour != expected:
                raise GTPFailure(f"illegal move (it is {expected}'s turn)")

    def changed(self, **options):
        return type(self.game)(**{**self.game.settings, **options})

    def reset(self, **options) -> None:
        self.game = self.changed(**options)
        self.replay([])

    def replay(self, moves) -> None:
        self.moves, self.states = [], [self.game.initial_state()]
        for name in list(moves):
            self.push(self.game.parse_move(name, self.states[-1]))

    def push(self, move) -> None:
        self.states.append(self.game.apply(self.states[-1], move))
        self.moves.append(self.game.move_name(move))


def serve(spec: str, **budget) -> None:
    GTPServer(spec, **budget).serve()
