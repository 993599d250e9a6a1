"""Ghost (Geister, "Fantasmini"; Alex Randolph, 1982): the rules of ``shared/RULES.md``
section 14, the room's first game of information hidden for the whole game.

* A 6x6 board, orthogonal steps only.  White (player 0) has his eight ghosts on his home
  cells b1-e1 and b2-e2, Black on b5-e5 and b6-e6; four of each side are good, four bad.
* The first two plies are the set-ups, White's then Black's: each names the four cells of
  that player's bad ghosts, ascending (``b1c1d2e2``).  Each is *sealed*: the other player
  never learns it during the game (``view``).
* Then White moves first (option ``first_player``: black, or random, drawn as a chance
  ply ``first=white`` / ``first=black`` after the set-ups).  A move steps one of the
  mover's ghosts to an orthogonally adjacent cell not holding one of his own (``b2-b3``);
  onto an opposing ghost it captures it (``c4xd4``), which reveals the victim's colour to
  both.  A good ghost standing on one of the opponent's two corners (White's exits are a6
  and f6, Black's a1 and f1) may leave the board as the move (``a6-out``).
* After each move: an exit wins for the mover; capturing the opponent's fourth good ghost
  wins for the mover; capturing his fourth bad ghost wins for the opponent; otherwise the
  game is drawn when ``max_plies`` moves (set-ups not counted) have been made.

Hidden information: ``view(state, seat)`` is the state as ``seat`` may know it, the other
side's uncaptured colours replaced by "unknown" (every colour of both sides for a
spectator, ``seat=None``).  The bridge shows the page only a seat's view and a bot gets its
own.  The move list shows the set-ups as ``?`` (``shown_name``) and names the colour a
capture revealed (``ply_words``).  ``check_record`` replays a full record at the end and
reports the first ply that fails (14.7); ``commitment`` is 14.7's sha256 commitment.

The board is a 36-character string, index = row * 6 + column: ``.`` empty, ``G B U`` a
White ghost good, bad or of unknown colour, ``g b u`` Black's.  Moves: a set-up is the
tuple of its four bad cells in notation order; a step or capture is ``(from, to)``; an exit
``(from, OUT)``; the chance ply of ``first_player=random`` is ``("first", player)``.
"""

from __future__ import annotations

import hashlib
import itertools
import re
from typing import NamedTuple

from ..core import (CHANCE, MAX_PLIES as LONGEST_RECORD, PLAYER_NAMES, Game, IllegalMove,
                    InvalidMove, Option, Outcome, piece, register)
from ..grid.square import ORTHOGONAL, square_grid
from ..messages import Problem, excerpt

SIDE = 6
GRID = square_grid(SIDE)
OUT = SIDE * SIDE                      # the "cell" an exit goes to
EMPTY = "."
GOOD, BAD, UNKNOWN = "G", "B", "U"     # White's letters; Black's are the lower case ones
FIRST_PLAYERS = ("white", "black", "random")
MAX_PLIES = 300                        # GAT's draw (RULES.md 14.6, GH7)


def cells(*names: str) -> tuple[int, ...]:
    return tuple(GRID.index(name) for name in names)


HOME = (cells("b1", "c1", "d1", "e1", "b2", "c2", "d2", "e2"),
        cells("b5", "c5", "d5", "e5", "b6", "c6", "d6", "e6"))
EXITS = (cells("a6", "f6"), cells("a1", "f1"))        # where each player's good ghosts leave
NEIGHBOURS = tuple(tuple(n for d in ORTHOGONAL if (n := GRID.step(c, *d)) is not None)
                   for c in range(GRID.size))
# How far each cell is from each player's nearer exit, in steps.
EXIT_DISTANCE = tuple(tuple(min(abs(GRID.coords(c)[0] - GRID.coords(e)[0]) +
                                abs(GRID.coords(c)[1] - GRID.coords(e)[1]) for e in EXITS[p])
                            for c in range(GRID.size)) for p in (0, 1))
# The texts that list a capture with the colour it revealed (``ply_words``).
CAPTURE_WORDS = {GOOD: "move.capture-good", BAD: "move.capture-bad"}
_SETUP = re.compile(r"(?:[a-f][1-6]){4}")
_STEP = re.compile(r"([a-f][1-6])([-x])([a-f][1-6]|out)")
_FIRST = re.compile(r"first=(white|black)")


def notation_order(cell: int) -> tuple[int, int]:
    """Cells in a set-up are written ascending by letter, then row (RULES.md 14.1)."""
    file, rank = GRID.coords(cell)
    return file, rank


def owner_of(letter: str) -> int | None:
    return None if letter == EMPTY else (0 if letter.isupper() else 1)


def letter(player: int, colour: str) -> str:
    return colour if player == 0 else colour.lower()


def colour_of(letter_: str) -> str:
    return letter_.upper()


def setups_of(player: int) -> list[tuple[int, ...]]:
    """The 70 ways to choose four bad ghosts among one's eight home cells (RULES.md 14.2)."""
    home = sorted(HOME[player], key=notation_order)
    return list(itertools.combinations(home, 4))


class GhostState(NamedTuple):
    board: str                       # 36 letters (see the module's docstring)
    setups: int = 0                  # set-up plies made: 0, 1 or 2
    mover: int | None = None         # the player to move once both have set up (None: not drawn yet)
    moves: int = 0                   # moves made, set-ups not counted (the limit counts these)
    lost: tuple = (0, 0, 0, 0)       # ghosts captured: White's good, bad, Black's good, bad
    result: tuple | None = None      # (winner or None, reason, cells) once the game is over
    revealed: str = ""               # the colour the last move's capture revealed, if any
    # What every player has seen each ghost do, by the cell it stands on (public, so a bot
    # may weigh it: a ghost that keeps heading for an exit looks good, one that keeps
    # offering itself to capture looks bad): its steps towards its exits, and the moves that
    # ended next to an opposing ghost.
    advanced: tuple = (0,) * 36
    offered: tuple = (0,) * 36


def start_board() -> str:
    board = [EMPTY] * GRID.size
    for player in (0, 1):
        for cell in HOME[player]:
            board[cell] = letter(player, UNKNOWN)
    return "".join(board)


def lost_count(state: GhostState, player: int, colour: str) -> int:
    return state.lost[2 * player + (colour == BAD)]


def hide_colours(board: str, players) -> str:
    """``board`` with the colours of ``players``' ghosts replaced by "unknown"."""
    out = list(board)
    for cell, mark in enumerate(board):
        if mark != EMPTY and owner_of(mark) in players:
            out[cell] = letter(owner_of(mark), UNKNOWN)
    return "".join(out)


def commitment(player: int, bad_cells: str, salt: str) -> str:
    """The commitment a player publishes before link play (RULES.md 14.7):
    ``sha256("tavoliere-ghost|<player>|<bad cells ascending>|<salt>")``, in hex.

    >>> commitment(0, "b1c1d2e2", "00112233445566778899aabbccddeeff")[:16]
    '9acb353867ff6a67'
    """
    if not re.fullmatch(r"[0-9a-f]{32}", salt):
        raise ValueError("the salt is 32 lower-case hexadecimal digits")
    text = f"tavoliere-ghost|{player}|{bad_cells}|{salt}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@register
class Ghost(Game):
    name = "ghost"
    title = "Ghost"
    author = "Alex Randolph, 1982"
    minutes = 15
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "win", "playout": 65},
        {"caption": "win", "playout": 58},
    )
    # A set-up is four clicks in any order; a move's two clicks then fit by their cells too,
    # which no two moves share (a ghost never steps onto its own side).
    free_clicks_after = 0
    options = (
        Option("first_player", "white", choices=FIRST_PLAYERS,
               help="who moves first after the set-ups (random: drawn after them)"),
        # the set-ups and the draw of who begins come on top of the moves: the whole record
        # must still fit in the longest one the room opens again
        Option("max_plies", MAX_PLIES, low=1, high=LONGEST_RECORD - 3,
               help="the game is drawn when this many moves have been made (set-ups not counted)"),
        Option("reveal_at_end", True, help="show both set-ups when the game is over"),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.max_plies = self.settings["max_plies"]
        self.first = self.settings["first_player"]

    # -- the rules ------------------------------------------------------------------------------
    def initial_state(self) -> GhostState:
        return GhostState(start_board())

    def position(self, white: str, black: str, to_move: int = 0, lost=(0, 0, 0, 0),
                 moves: int = 0) -> GhostState:
        """A position after the set-ups, written as RULES.md's examples write them:
        ``position("a6 G, b2 B", "b6 B, c5 G", lost=(2, 2, 2, 2))``; ``U`` is a ghost of
        unknown colour (a view)."""
        board = [EMPTY] * GRID.size
        for player, text in enumerate((white, black)):
            for item in filter(None, (part.strip() for part in text.split(","))):
                name, colour = item.split()
                board[GRID.index(name)] = letter(player, colour)
        return GhostState("".join(board), 2, to_move, moves, tuple(lost))

    def to_move(self, state: GhostState) -> int:
        if state.setups < 2:
            return state.setups
        return CHANCE if state.mover is None else state.mover

    def legal_moves(self, state: GhostState) -> list:
        if state.result is not None:
            return []
        player = self.to_move(state)
        if player == CHANCE:
            return [("first", 0), ("first", 1)]
        if state.setups < 2:
            return setups_of(player)
        return self.ghost_moves(state.board, player)

    @staticmethod
    def ghost_moves(board: str, player: int) -> list:
        """Steps, captures and exits of ``player``'s ghosts, by cell then direction
        (RULES.md 14.4)."""
        moves = []
        good = letter(player, GOOD)
        for cell, mark in enumerate(board):
            if mark == EMPTY or owner_of(mark) != player:
                continue
            for target in NEIGHBOURS[cell]:
                other = owner_of(board[target])
                if other != player:
                    moves.append((cell, target, other is not None))
            if mark == good and cell in EXITS[player]:
                moves.append((cell, OUT, False))
        return moves

    def probability(self, state: GhostState, move) -> float:
        return 0.5

    def apply(self, state: GhostState, move) -> GhostState:
        player = self.to_move(state)
        if player == CHANCE:
            return state._replace(mover=move[1])
        if state.setups < 2:
            return self.set_up(state, player, move)
        start, target, _ = move
        board = list(state.board)
        mark, board[start] = board[start], EMPTY
        moves = state.moves + 1
        if target == OUT:
            return state._replace(board="".join(board), moves=moves, mover=1 - player,
                                  result=(player, "exit", (GRID.names[start],)), revealed="")
        victim, board[target] = board[target], mark
        advanced, offered = list(state.advanced), list(state.offered)
        advanced[target] = advanced[start] + (EXIT_DISTANCE[player][target] < EXIT_DISTANCE[player][start])
        offered[target] = offered[start] + any(owner_of(board[n]) == 1 - player
                                               for n in NEIGHBOURS[target])
        advanced[start] = offered[start] = 0
        lost, result, revealed = state.lost, None, ""
        if victim != EMPTY:
            revealed = colour_of(victim)
            if revealed == UNKNOWN:
                raise ValueError("a view hides the captured ghost's colour: "
                                 "give it colours (a determinisation) before playing it out")
            opponent = 1 - player
            index = 2 * opponent + (revealed == BAD)
            lost = lost[:index] + (lost[index] + 1,) + lost[index + 1:]
            if lost[index] == 4:
                winner = player if revealed == GOOD else opponent
                result = (winner, "fourth-good" if revealed == GOOD else "fourth-bad",
                          (GRID.names[target],))
        if result is None and moves >= self.max_plies:
            result = (None, "max-plies", ())
        return GhostState("".join(board), 2, 1 - player, moves, lost, result, revealed,
                          tuple(advanced), tuple(offered))

    def set_up(self, state: GhostState, player: int, bad: tuple) -> GhostState:
        board = list(state.board)
        for cell in HOME[player]:
            board[cell] = letter(player, BAD if cell in bad else GOOD)
        setups = state.setups + 1
        mover = None
        if setups == 2 and self.first != "random":
            mover = FIRST_PLAYERS.index(self.first)
        return state._replace(board="".join(board), setups=setups, mover=mover)

    def outcome(self, state: GhostState) -> Outcome | None:
        if state.result is None:
            return None
        winner, reason, where = state.result
        return Outcome(winner, reason, where)

    # -- hidden information ---------------------------------------------------------------------
    def view(self, state: GhostState, seat: int | None) -> GhostState:
        """``state`` as ``seat`` may know it (RULES.md 14.5): the other side's uncaptured
        ghosts of unknown colour; a spectator (``None``) knows no uncaptured colour.  After
        the end, with ``reveal_at_end``, everything."""
        if state.result is not None and self.settings["reveal_at_end"]:
            return state
        hidden = [player for player in (0, 1) if player != seat]
        return state._replace(board=hide_colours(state.board, hidden))

    def hidden_view(self, state: GhostState, seat: int | None, settled: bool = True) -> GhostState:
        """``state`` as ``seat`` may know it when the other side's set-up is only a stand-in
        (by link, before he opens it: tavoliere.fairplay): his uncaptured colours stay unknown
        even after the end.  Not ``settled``: the last move captured a ghost whose colour is
        still to come (its owner shows it in his next link, RULES.md 14.7), so no colour is
        revealed and no result is known yet."""
        if not settled:
            state = state._replace(result=None, revealed="")
        return state._replace(board=hide_colours(state.board, [p for p in (0, 1) if p != seat]))

    def offers_random(self, state: GhostState) -> bool:
        """RULES.md 14.2.3: "A 'random set-up' button picks one of the 70 uniformly from the
        page's cryptographic source; it is still a sealed ply"."""
        return state.setups < 2

    def guess(self, seen: GhostState, seat: int | None, rng) -> GhostState:
        """The colours ``seat`` cannot see, drawn at random: of each side's ghosts of unknown
        colour, as many good ones as that side has left (4 less its captured good ones).  A
        side that has not set up yet (White sets up first) has no colours to guess."""
        board = list(seen.board)
        for player in range(min(seen.setups, 2)):
            unknown = [cell for cell, mark in enumerate(board)
                       if mark != EMPTY and owner_of(mark) == player and colour_of(mark) == UNKNOWN]
            known_good = sum(1 for mark in board
                             if mark != EMPTY and owner_of(mark) == player and colour_of(mark) == GOOD)
            goods = 4 - lost_count(seen, player, GOOD) - known_good
            good_cells = set(rng.sample(unknown, max(0, min(goods, len(unknown)))))
            for cell in unknown:
                board[cell] = letter(player, GOOD if cell in good_cells else BAD)
        return seen._replace(board="".join(board))

    def sealed(self, state: GhostState) -> int:
        """White's set-up is sealed while Black chooses his (the two people at one device
        then change hands, as after a sealed bid); both stay hidden after that, through
        ``view``."""
        return 1 if state.setups == 1 else 0

    def before_sealed(self, state: GhostState) -> GhostState:
        """Only White's set-up, the first ply, is ever sealed: before it, the start."""
        return self.initial_state() if self.sealed(state) else state

    def concealed(self, state: GhostState) -> GhostState:
        """What the player to move may know (a chance ply: what both know)."""
        player = self.to_move(state)
        return self.view(state, None if player == CHANCE else player)

    def shown_names(self, states: list, moves: list, seat: int | None) -> list[str]:
        """The shared move list names the set-ups ``?`` during the game (RULES.md 14.7);
        after the end, with ``reveal_at_end``, as written."""
        if states[-1].result is not None and self.settings["reveal_at_end"]:
            return [self.move_name(move) for move in moves]
        return ["?" if self.is_setup(move) else self.move_name(move) for move in moves]

    def ply_words(self, state: GhostState, move):
        """A capture is listed with the colour it revealed, as a note: ``c4xd4 (bad)``."""
        if move[0] != "first" and move[2]:
            colour = colour_of(state.board[move[1]])
            if colour in CAPTURE_WORDS:
                return CAPTURE_WORDS[colour], {"move": self.move_name(move)}
        return None

    @staticmethod
    def is_setup(move) -> bool:
        return len(move) == 4

    # -- names ----------------------------------------------------------------------------------
    def move_name(self, move) -> str:
        if move[0] == "first":
            return f"first={FIRST_PLAYERS[move[1]]}"
        if self.is_setup(move):
            return "".join(GRID.names[cell] for cell in move)
        start, target, captures = move
        if target == OUT:
            return f"{GRID.names[start]}-out"
        return f"{GRID.names[start]}{'x' if captures else '-'}{GRID.names[target]}"

    def clicks(self, move) -> tuple[str, ...]:
        """A set-up: its four cells, in any order (``free_clicks_after``); a move: the ghost,
        then its target; an exit: the ghost, then the arrow beyond its corner."""
        if move[0] == "first":
            return ()
        if self.is_setup(move):
            return tuple(GRID.names[cell] for cell in move)
        start, target, _ = move
        return GRID.names[start], (ARROWS[start] if target == OUT else GRID.names[target])

    def click_steps(self, move) -> tuple[str, ...]:
        """While a set-up is half chosen the page asks for the rest of the bad ghosts."""
        return ("setup",) * 4 if move[0] != "first" and self.is_setup(move) else ()

    def move_cells(self, move) -> tuple[str, ...]:
        """The cells to highlight: none for a set-up (it is sealed) or a draw of lots."""
        if move[0] == "first" or self.is_setup(move):
            return ()
        return (GRID.names[move[0]],) if move[1] == OUT else (GRID.names[move[0]], GRID.names[move[1]])

    def parse_move(self, text: str, state: GhostState):
        """The legal move written as ``text``, or a Problem saying what is wrong with it."""
        written = self.read(text)
        if state.result is not None:
            raise IllegalMove("move.game-over", move=excerpt(written, quoted=False))
        for move in self.legal_moves(state):
            if self.move_name(move) == written:
                return move
        raise self.why_not(state, written).wrapped("move.not-legal-because", IllegalMove,
                                                   move=excerpt(written, quoted=False))

    def check_notation(self, text: str) -> None:
        self.read(text)

    def read(self, text) -> str:
        """``text`` in canonical form (lower case, a set-up's cells ascending); InvalidMove
        if it is not written in Ghost's notation."""
        written = text.strip().lower() if isinstance(text, str) else ""
        if _SETUP.fullmatch(written):
            names = re.findall(r"[a-f][1-6]", written)
            return "".join(sorted(names))  # "a1" < "a2" < "b1": letter, then row
        if _STEP.fullmatch(written) or _FIRST.fullmatch(written):
            return written
        raise Problem("ghost.write").wrapped("move.notation-because", InvalidMove,
                                             move=excerpt(text), title=self.title)

    def why_not(self, state: GhostState, written: str) -> Problem:
        player = self.to_move(state)
        if player == CHANCE:
            return Problem("ghost.first")
        if state.setups < 2:
            if not _SETUP.fullmatch(written):
                return Problem("ghost.setup-first", player=player)
            return Problem("ghost.setup-cells", player=player)
        if not _STEP.fullmatch(written):
            return Problem("ghost.not-setup")
        start, joint, target = _STEP.fullmatch(written).groups()
        cell = GRID.index(start)
        if owner_of(state.board[cell]) != player:
            return Problem("ghost.not-yours", cell=start, player=player)
        if target == "out":
            return Problem("ghost.no-exit", exits=" ".join(GRID.names[c] for c in EXITS[player]))
        to = GRID.index(target)
        if to not in NEIGHBOURS[cell]:
            return Problem("ghost.not-adjacent")
        if owner_of(state.board[to]) == player:
            return Problem("ghost.own-ghost", cell=target, player=player)
        if joint == "-":
            return Problem("ghost.capture-x")
        return Problem("ghost.no-capture", cell=target)

    # -- pictures -------------------------------------------------------------------------------
    def pieces(self, state: GhostState) -> dict[str, str]:
        """A ghost of known colour is a disc marked G (good) or X (bad); one of unknown colour
        a plain pawn, so the two never look alike."""
        out = {}
        for cell, mark in enumerate(state.board):
            if mark != EMPTY:
                colour = colour_of(mark)
                out[GRID.names[cell]] = (piece("pawn", owner_of(mark)) if colour == UNKNOWN else
                                         piece("stone", owner_of(mark), "G" if colour == GOOD else "X"))
        return out

    def layout(self) -> dict:
        """The 6x6 board with the four exits tinted (White's a6 f6 tone 2, Black's a1 f1
        tone 3), framed by a band above and below for the exit arrows: cells ``a7 f7``
        beyond White's exits, ``a0 f0`` beyond Black's."""
        base = GRID.layout()
        band = 0.8
        tones = {GRID.names[c]: 2 for c in EXITS[0]} | {GRID.names[c]: 3 for c in EXITS[1]}
        board_cells = []
        for cell in base["cells"]:
            moved = {**cell, "y": round(cell["y"] + band, 4),
                     "points": [[x, round(y + band, 4)] for x, y in cell["points"]]}
            if cell["name"] in tones:
                moved["tone"] = tones[cell["name"]]
            board_cells.append(moved)
        labels = [{**label, "y": round(label["y"] + band, 4)} for label in base["labels"]]
        top, bottom = 0.75 + band, 0.75 + band + SIDE       # the board's edges after the shift
        arrows = []
        for name, corner in ARROW_CORNERS.items():
            x = 0.7 + GRID.coords(GRID.index(corner))[0] + 0.5
            up = corner.endswith("6")
            tip, base_y = (top - 0.05 - 0.7, top - 0.1) if up else (bottom + 0.55 + 0.7, bottom + 0.5)
            tone = 2 if up else 3
            arrows.append({"name": name, "x": x, "y": round((tip + base_y) / 2, 4), "tone": tone,
                           "points": [[round(x - 0.35, 4), round(base_y, 4)], [x, round(tip, 4)],
                                      [round(x + 0.35, 4), round(base_y, 4)]]})
        return {**base, "height": round(base["height"] + 2 * band, 4),
                "cells": board_cells + arrows, "labels": labels}

    def diagram(self, state: GhostState) -> str:
        """Rows from the top, ``G B U`` for White's good, bad and unknown ghosts, ``g b u``
        for Black's; then the ghosts lost and who moves or how the game ended."""
        marks = {cell: mark for cell, mark in enumerate(state.board) if mark != EMPTY}
        w_good, w_bad, b_good, b_bad = state.lost
        lost = f"lost: White {w_good} good {w_bad} bad, Black {b_good} good {b_bad} bad"
        outcome = self.outcome(state)
        player = self.to_move(state)
        if outcome is not None:
            status = self.outcome_text(outcome)
        elif player == CHANCE:
            status = "first player to be drawn"
        elif state.setups < 2:
            status = f"{PLAYER_NAMES[player]} to set up"
        else:
            status = f"{PLAYER_NAMES[player]} to move"
        return f"{GRID.diagram(marks)}\n{lost}\n{status}"

    def notes(self, state: GhostState) -> dict:
        w_good, w_bad, b_good, b_bad = state.lost
        return {"lost": {"0": {"good": w_good, "bad": w_bad}, "1": {"good": b_good, "bad": b_bad}},
                "moves": state.moves, "setups": state.setups}

    def marks(self, state: GhostState) -> dict:
        """During the set-ups, who chooses; after a capture, the colour it revealed and what
        the victim's side has lost."""
        player = self.to_move(state)
        if state.result is None and state.setups < 2:
            return {"message": {"key": "setup", "params": {"player": player}}}
        if state.revealed in (GOOD, BAD):
            victim = state.mover  # the side to move after a capture is the victim's
            good, bad = lost_count(state, victim, GOOD), lost_count(state, victim, BAD)
            key = "captured-good" if state.revealed == GOOD else "captured-bad"
            return {"message": {"key": key, "params": {"player": victim, "good": good, "bad": bad}}}
        return {}

    # -- pieces hidden for the whole game, by link (tavoliere.fairplay, RULES.md 14.7) ----------
    # What the protocol needs to know, and nothing of how it commits or checks: which plies stay
    # hidden, which pieces (items) they give a value, and which move reveals which piece.
    hidden_purpose = "ghost"           # the commitment's form is RULES.md 14.7's

    def hidden(self, state: GhostState) -> bool:
        """The set-ups stay hidden for the whole game (RULES.md 14.2, 14.5)."""
        return state.setups < 2

    def hidden_items(self, player: int) -> tuple[str, ...]:
        """The pieces a set-up gives a colour: the owner's eight home cells, where each ghost
        starts (a ghost is named by its starting cell for the whole game)."""
        return tuple(GRID.names[cell] for cell in sorted(HOME[player], key=notation_order))

    def hidden_values(self, player: int, name: str) -> dict[str, str]:
        """Each piece's colour under the set-up ``name``: {"b1": "bad", "c1": "good", ...}."""
        bad = set(re.findall(r"[a-f][1-6]", name))
        return {item: "bad" if item in bad else "good" for item in self.hidden_items(player)}

    def hidden_standin(self, player: int, known: dict[str, str]) -> str:
        """A set-up of ``player`` that agrees with the colours ``known`` so far (a stand-in for
        his hidden one: only revealed colours matter to a replay, exits apart)."""
        items = self.hidden_items(player)
        bad = [item for item in items if known.get(item) == "bad"]
        free = [item for item in items if item not in known]
        if len(bad) > 4 or len(bad) + len(free) < 4 or set(known.values()) - {"good", "bad"}:
            raise Problem("ghost.setup-cells", player=player)
        return "".join(sorted(bad + free[:4 - len(bad)]))

    def hidden_trace(self, trace: dict | None, state: GhostState, move):
        """Follow each ghost from its starting cell: (the trace after ``move``, what it reveals:
        (owner, starting cell, colour) of a captured ghost, or None)."""
        if trace is None:
            trace = {cell: cell for player in (0, 1) for cell in HOME[player]}
        if move[0] == "first" or self.is_setup(move):
            return trace, None
        start, target, captures = move
        trace = dict(trace)
        origin = trace.pop(start)
        revealed = None
        if captures:
            victim = state.board[target]
            colour = {GOOD: "good", BAD: "bad"}.get(colour_of(victim), "unknown")
            revealed = (owner_of(victim), GRID.names[trace.pop(target)], colour)
        if target != OUT:
            trace[target] = origin
        return trace, revealed

    # -- the check at the end (RULES.md 14.7) ---------------------------------------------------
    def check_record(self, names: list[str], result: Outcome | None = None,
                     revealed: list | None = None) -> dict:
        """Replay a full record (``S0 S1 m1 m2 ...``) and report the first failing ply:
        ``{"ok": True, "outcome": ...}`` or ``{"ok": False, "ply": n, "why": text}``.
        ``revealed`` (optional) lists ``(ply, colour)``: the colours shown during the game;
        ``result`` the recorded result.  A set-up must name four distinct home cells of its
        owner; every move must be legal in the full state (so an exit is by a good ghost
        from an opponent's corner); each revealed colour must be the set-ups'; the recorded
        result must be the replay's."""
        state = self.initial_state()
        shown = dict(revealed or [])
        for ply, text in enumerate(names, 1):
            try:
                move = self.parse_move(text, state)
            except (IllegalMove, InvalidMove) as error:
                return {"ok": False, "ply": ply, "why": str(error)}
            if ply in shown:
                victim = state.board[move[1]] if len(move) == 3 and move[2] else EMPTY
                if victim == EMPTY or colour_of(victim) != shown[ply]:
                    return {"ok": False, "ply": ply, "why": f"the colour shown, {shown[ply]}, "
                                                           "is not the set-up's"}
            state = self.apply(state, move)
        outcome = self.outcome(state)
        if result is not None and outcome != result:
            return {"ok": False, "ply": len(names), "why": "the recorded result is not the replay's"}
        return {"ok": True, "outcome": outcome}

    # -- texts (after the rules they word): the rules, labels, messages -------------------------
    texts = {
        "en": {
            "tagline": "Good and bad ghosts you cannot tell apart: a game of bluff.",
            "rules": [
                "Ghost (Alex Randolph, 1982) is a game of bluff on a 6×6 board. Each player has "
                "eight ghosts, four good and four bad, on the middle four cells of his two back "
                "rows. You know the colours of your own ghosts; your opponent's look all alike "
                "until they are captured.",
                "The game starts with the two set-ups: first White, then Black chooses in secret "
                "which four of his ghosts are bad, by choosing those four home cells in any "
                "order, or leaves it to chance with the Random set-up button. Neither player "
                "ever sees the other's set-up during the game.",
                "Then White moves first. A move takes one of your ghosts one cell up, down, left "
                "or right, onto an empty cell or onto an opposing ghost, which is captured and "
                "shows its colour to both players. Capturing is never compulsory.",
                "You win when one of your good ghosts leaves the board from one of your "
                "opponent's two corners (it must stand there at the start of your turn; choose "
                "it, then the arrow beyond the corner), when you capture your opponent's four "
                "good ghosts, or when he captures your four bad ones. After 300 moves without "
                "a result the game is drawn. On the board, a ghost marked G is good, one marked "
                "X is bad, and a plain one is a ghost whose colour you do not know.",
            ],
            "option.first_player": "First to move",
            "option.first_player.white": "White",
            "option.first_player.black": "Black",
            "option.first_player.random": "Drawn by lot",
            "option.max_plies": "Moves before a draw",
            "option.reveal_at_end": "Show the set-ups at the end",
            "random-move": "Random set-up",
            "reason.exit": "a good ghost of the winner left the board",
            "reason.fourth-good": "{loser} lost his fourth good ghost",
            "reason.fourth-bad": "the winner lost his fourth bad ghost",
            "move.first=white": "White moves first",
            "move.first=black": "Black moves first",
            "move.capture-good": "{move} (good)",
            "move.capture-bad": "{move} (bad)",
            "step.setup": "{click} your four bad ghosts, in any order",
            "message.setup": "{player} chooses in secret which four ghosts are bad.",
            "message.captured-good": "The captured ghost was good. {player} has lost {good} good "
                                     "and {bad} bad ghosts.",
            "message.captured-bad": "The captured ghost was bad. {player} has lost {good} good "
                                    "and {bad} bad ghosts.",
        },
        "it": {
            "tagline": "Fantasmini buoni e cattivi che non si distinguono: un gioco di bluff.",
            "rules": [
                "Ghost, o Fantasmini (Alex Randolph, 1982), è un gioco di bluff su un tavoliere "
                "6×6. Ciascun giocatore ha otto fantasmi, quattro buoni e quattro cattivi, sulle "
                "quattro caselle centrali delle sue due prime file. Dei propri fantasmi si "
                "conosce il colore; quelli dell'avversario sembrano tutti uguali finché non "
                "vengono catturati.",
                "La partita comincia con lo schieramento: prima il Bianco, poi il Nero sceglie "
                "di nascosto quali quattro fantasmi sono cattivi, toccando quelle quattro "
                "caselle in qualunque ordine, oppure lo lascia al caso con il pulsante "
                "«Schieramento a caso». Nessuno vede lo schieramento dell'avversario durante "
                "la partita.",
                "Poi muove il Bianco. Con una mossa si sposta un proprio fantasma di una casella "
                "in avanti, indietro o di lato, su una casella vuota o su un fantasma avversario, "
                "che viene catturato e mostra a entrambi il suo colore. La presa non è mai "
                "obbligatoria.",
                "Si vince facendo uscire un proprio fantasma buono da uno dei due angoli dalla "
                "parte dell'avversario (deve trovarsi lì all'inizio del proprio turno: si "
                "indica il fantasma, poi la freccia oltre l'angolo), catturando i quattro "
                "fantasmi buoni avversari, oppure quando l'avversario cattura i nostri quattro "
                "cattivi. Dopo 300 mosse senza un risultato la partita è patta. Sul tavoliere "
                "un fantasma segnato G è buono, uno segnato X è cattivo, uno senza segno è un "
                "fantasma di cui non si conosce il colore.",
            ],
            "option.first_player": "Chi muove per primo",
            "option.first_player.white": "Bianco",
            "option.first_player.black": "Nero",
            "option.first_player.random": "A sorte",
            "option.max_plies": "Mosse prima della patta",
            "option.reveal_at_end": "Mostra gli schieramenti alla fine",
            "random-move": "Schieramento a caso",
            "reason.exit": "un fantasma buono del vincitore è uscito dal tavoliere",
            "reason.fourth-good": "il {loser} ha perso il quarto fantasma buono",
            "reason.fourth-bad": "il vincitore ha perso il quarto fantasma cattivo",
            "move.first=white": "Muove per primo il Bianco",
            "move.first=black": "Muove per primo il Nero",
            "move.capture-good": "{move} (buono)",
            "move.capture-bad": "{move} (cattivo)",
            "step.setup": "{click} quattro dei tuoi fantasmi, i cattivi, in qualunque ordine",
            "message.setup": "Il {player} sceglie di nascosto quali quattro fantasmi sono "
                             "cattivi.",
            "message.captured-good": "Il fantasma catturato era buono. Il {player} ha perso "
                                     "{good} fantasmi buoni e {bad} cattivi.",
            "message.captured-bad": "Il fantasma catturato era cattivo. Il {player} ha perso "
                                    "{good} fantasmi buoni e {bad} cattivi.",
        },
    }
    messages = {
        "ghost.write": {
            "en": "write a set-up as the four cells of the bad ghosts (b1c1d2e2), a move as "
                  "b2-b3, a capture as c4xd4 or an exit as a6-out",
            "it": "scrivi lo schieramento con le quattro caselle dei fantasmi cattivi "
                  "(b1c1d2e2), una mossa come b2-b3, una presa come c4xd4 o un'uscita come "
                  "a6-out"},
        "ghost.setup-cells": {
            "en": "a set-up names four different home cells of {player}'s, ascending",
            "it": "lo schieramento indica quattro caselle di partenza diverse del {player}, in "
                  "ordine"},
        "ghost.not-setup": {
            "en": "the set-ups are over: now a ghost moves",
            "it": "lo schieramento è già fatto: ora si muove un fantasma"},
        "ghost.setup-first": {
            "en": "{player} must first choose his set-up (the four cells of his bad ghosts)",
            "it": "il {player} deve prima scegliere lo schieramento (le caselle dei suoi quattro "
                  "fantasmi cattivi)"},
        "ghost.not-yours": {
            "en": "{cell} holds no ghost of {player}'s",
            "it": "in {cell} non c'è un fantasma del {player}"},
        "ghost.not-adjacent": {
            "en": "a ghost steps one cell up, down, left or right",
            "it": "un fantasma si sposta di una sola casella in orizzontale o in verticale"},
        "ghost.own-ghost": {
            "en": "{cell} holds a ghost of {player}'s own",
            "it": "in {cell} c'è già un fantasma del {player}"},
        "ghost.capture-x": {
            "en": "a move onto an opposing ghost is a capture, written with x",
            "it": "una mossa su un fantasma avversario è una presa, e si scrive con x"},
        "ghost.no-capture": {
            "en": "{cell} holds no opposing ghost to capture",
            "it": "in {cell} non c'è un fantasma avversario da catturare"},
        "ghost.no-exit": {
            "en": "only a good ghost on one of the opponent's corners ({exits}) may leave",
            "it": "può uscire solo un fantasma buono su uno degli angoli dell'avversario "
                  "({exits})"},
        "ghost.first": {
            "en": "who moves first is drawn now: first=white or first=black",
            "it": "ora si sorteggia chi muove per primo: first=white o first=black"},
    }


# The arrow beyond each exit corner (a cell of the layout outside the board).
ARROW_CORNERS = {"a7": "a6", "f7": "f6", "a0": "a1", "f0": "f1"}
ARROWS = {GRID.index(corner): name for name, corner in ARROW_CORNERS.items()}
