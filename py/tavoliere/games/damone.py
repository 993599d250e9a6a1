"""Damone italiano (traditional; rules after Mats Winther): RULES.md section 9.

* An 8x8 draughts board in the Italian orientation: a1 is light, h1 is dark, and play uses
  only the 32 dark squares, those where column + row is odd (a = 1).
* Each side has a **damone** (I), two **dame** (D) and five **pedine** (P).  White: damone
  h1, dame f1 h3, pedine d1 e2 f3 g4 h5.  Black, the same turned half a turn: damone a8,
  dame a6 c8, pedine a4 b5 c6 d7 e8.  White moves first; there is no passing.
* A pedina moves forwards (towards the opponent's corner) or sideways, never backwards:
  White's NW, NE and SW, Black's SE, NE and SW.  Dame and damoni go in all four diagonal
  directions.  A step is one square to an empty dark square.
* A capture is a short jump, in one of the piece's directions, over an adjacent enemy piece
  to the empty square just beyond; the piece then goes on jumping while it can.  A pedina
  takes only pedine, a dama dame and pedine, a damone anything.  Captured pieces leave the
  board when the sequence ends, so none is jumped twice and no jump lands on one; the
  capturer's starting square counts as empty.
* Capturing is compulsory.  Among the capture sequences of all the mover's pieces only those
  that come first by these tests are legal, each applying to what the previous ones left tied:
  the most pieces taken; the higher-ranked capturing piece; the higher-ranked best piece
  taken; more damoni taken; more dame taken.  Whatever is still tied is the mover's choice.
* A piece whose move ends on one of its promotion squares is promoted: a White pedina on a6
  or c8 becomes a dama, a White dama on a8 a damone; for Black, f1 or h3, and h1.  Rank never
  changes during a capture, and a White pedina on a8 (a Black one on h1) stays a pedina that
  can never move again.
* The player to move with no legal move (blocked, or without pieces) loses.  With the option
  ``win=damone`` a player also wins at once when the opponent has no damone left.  Otherwise
  (non-official rules, the sources have no draws) the game is drawn at the third occurrence
  of the same position (pieces, ranks, side to move) and after ``no_capture_plies`` plies
  (default 80) without a capture; 0 turns that rule off.  A hidden ``max_plies`` limit
  (default 2000, beyond the longest game the defaults allow) ends the game when both draw
  rules are off.

Notation: a step is ``f3-e4``; a capture is its start and every landing square joined by
``x``, ``e2xc4xa6``.  As input, a capture may also be written by its start and end only
(``e2xa6``) when exactly one legal capture fits.  Clicks: the piece, then the target of a
step or each landing square of a capture.

A move is a tuple of cell indices (index = row * 8 + column): ``(from, to)`` for a step,
``(from, landing, ...)`` for a capture; a capture's first leg spans two columns, a step's
one.  The board is 64 bytes, one per cell: 0 empty, else the rank (1 pedina, 2 dama,
3 damone) plus 4 for Black.  Move generation works on it directly (the bots' inner loop).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..core import (PLAYER_NAMES, Game, IllegalMove, InvalidMove, Option, Outcome, move_limit,
                    piece, register)
from ..grid.square import square_grid
from ..messages import Problem, excerpt

SIDE = 8
GRID = square_grid(SIDE)
PEDINA, DAMA, DAMONE = 1, 2, 3
BLACK_BIT = 4
RANK_LETTERS = {PEDINA: "P", DAMA: "D", DAMONE: "I"}
LETTER_RANKS = {letter: rank for rank, letter in RANK_LETTERS.items()}
NW, NE, SW, SE = (-1, 1), (1, 1), (-1, -1), (1, -1)


def code(owner: int, rank: int) -> int:
    """The byte of ``owner``'s piece of ``rank`` on the board."""
    return rank | owner * BLACK_BIT


def owner_of(value: int) -> int:
    return value >> 2


def rank_of(value: int) -> int:
    return value & 3


def is_dark(cell: int) -> bool:
    """Whether ``cell`` is a playing square: column + row odd, counted from 1 (so a1 is light)."""
    column, row = GRID.coords(cell)
    return (column + row) % 2 == 1


DARK = tuple(cell for cell in range(GRID.size) if is_dark(cell))


# -- the pieces' geometry, one table per piece byte ------------------------------------------
def directions(value: int) -> tuple:
    """Where a piece moves and captures: a pedina forwards or sideways, never backwards."""
    if rank_of(value) != PEDINA:
        return (NW, NE, SW, SE)
    return (NW, NE, SW) if owner_of(value) == 0 else (SE, NE, SW)


def step_table(value: int) -> tuple:
    """For each cell, the cells a piece ``value`` on it may step to (when they are empty)."""
    return tuple(tuple(t for d in directions(value) if (t := GRID.step(cell, *d)) is not None)
                 for cell in range(GRID.size))


def jump_table(value: int) -> tuple:
    """For each cell, the (jumped, landing) pairs of a piece ``value`` on it."""
    table = []
    for cell in range(GRID.size):
        pairs = []
        for d in directions(value):
            over, land = GRID.step(cell, *d), GRID.step(cell, 2 * d[0], 2 * d[1])
            if land is not None:
                pairs.append((over, land))
        table.append(tuple(pairs))
    return tuple(table)


def prey(value: int) -> frozenset:
    """The pieces ``value`` may capture: the enemy's of its rank or lower."""
    enemy = 1 - owner_of(value)
    return frozenset(code(enemy, rank) for rank in range(PEDINA, rank_of(value) + 1))


PIECES = tuple(code(owner, rank) for owner in (0, 1) for rank in (PEDINA, DAMA, DAMONE))
STEPS = {value: step_table(value) for value in PIECES}
JUMPS = {value: jump_table(value) for value in PIECES}
PREY = {value: prey(value) for value in PIECES}
# Promotion squares by piece byte: where the piece is promoted, and to what.
PROMOTION = {
    code(0, PEDINA): {GRID.index("a6"): code(0, DAMA), GRID.index("c8"): code(0, DAMA)},
    code(0, DAMA): {GRID.index("a8"): code(0, DAMONE)},
    code(1, PEDINA): {GRID.index("f1"): code(1, DAMA), GRID.index("h3"): code(1, DAMA)},
    code(1, DAMA): {GRID.index("h1"): code(1, DAMONE)},
    code(0, DAMONE): {}, code(1, DAMONE): {},
}
TAKEN = 8  # a captured piece still on the board during its sequence: no longer jumpable

# The notation's shapes (cells are checked afterwards, so that the error can name the bad one)
STEP_TEXT = re.compile(r"[a-z][0-9]+-[a-z][0-9]+")
CAPTURE_TEXT = re.compile(r"[a-z][0-9]+(?:x[a-z][0-9]+)+")
SET_UP = {"I": "h1", "D": "f1 h3", "P": "d1 e2 f3 g4 h5"}


def rotated(cell: int) -> int:
    """The cell half a turn round the board's centre (Black's set-up is White's, turned)."""
    return GRID.size - 1 - cell


# -- move generation on a board ------------------------------------------------------------
def own_pieces(board: bytes, player: int) -> list:
    """(cell, byte) of each of ``player``'s pieces."""
    return [(cell, value) for cell in DARK if (value := board[cell]) and value >> 2 == player]


def capture_moves(board: bytes, mine: list) -> list:
    """The legal captures of the pieces ``mine``: every complete sequence, keeping only those
    that come first by the priority rules."""
    found = []  # (priority key, move)
    for start, value in mine:
        targets = PREY[value]
        for over, land in JUMPS[value][start]:
            if board[over] in targets and not board[land]:
                work = bytearray(board)
                work[start] = 0  # the capturer's starting square counts as empty
                extend(work, value, start, [start], [], found)
                break
    if not found:
        return []
    best = max(key for key, _ in found)
    return [move for key, move in found if key == best]


def extend(work: bytearray, value: int, here: int, path: list, victims: list, found: list) -> None:
    """Follow every jump of the piece ``value`` from ``here``; record each sequence that can
    go no further with its priority key.  Jumped pieces are marked TAKEN until the sequence
    ends, so they are neither jumped again nor landed on."""
    targets = PREY[value]
    further = False
    for over, land in JUMPS[value][here]:
        victim = work[over]
        if victim in targets and not work[land]:
            further = True
            work[over] = TAKEN
            path.append(land)
            victims.append(rank_of(victim))
            extend(work, value, land, path, victims, found)
            victims.pop()
            path.pop()
            work[over] = victim
    if not further and victims:
        found.append(((len(victims), rank_of(value), max(victims), victims.count(DAMONE),
                       victims.count(DAMA)), tuple(path)))


def step_moves(board: bytes, mine: list) -> list:
    return [(start, end) for start, value in mine for end in STEPS[value][start] if not board[end]]


def board_moves(board: bytes, player: int) -> list:
    """The legal moves of ``player`` on ``board``: the captures the priority rules allow,
    or, when there is none, the steps."""
    mine = own_pieces(board, player)
    return capture_moves(board, mine) or step_moves(board, mine)


def is_capture(move) -> bool:
    return abs(move[1] % SIDE - move[0] % SIDE) == 2


def jumped(move) -> list:
    """The cells a capture jumps over: the midpoints of its legs."""
    return [(a + b) // 2 for a, b in zip(move, move[1:])]


def board_after(board: bytes, move) -> bytes:
    """The board after ``move``: the piece moved, the jumped pieces removed, and the piece
    promoted if it ends on one of its promotion squares."""
    work = bytearray(board)
    value = work[move[0]]
    work[move[0]] = 0
    if is_capture(move):
        for cell in jumped(move):
            work[cell] = 0
    end = move[-1]
    work[end] = PROMOTION[value].get(end, value)
    return bytes(work)


def has_damone(board: bytes, player: int) -> bool:
    return code(player, DAMONE) in board


def has_pieces(board: bytes, player: int) -> bool:
    return any(owner_of(value) == player for value in board if value)


class DamoneState(NamedTuple):
    board: bytes          # 64 bytes, one per cell (see the module docstring)
    ply: int              # plies played so far: White moves when it is even
    quiet: int = 0        # plies since the last capture
    earlier: tuple = ()   # the boards since the last capture, oldest first (for repetition)
    captured: tuple = ()  # the cells the last move captured on, for the page to fade out


@register
class Damone(Game):
    name = "damone"
    title = "Damone italiano"
    author = "traditional; rules of Mats Winther"
    minutes = 20
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "try", "playout": 27, "plies": 0, "try": True},
        {"caption": "win", "playout": 27},
    )
    picks_up = True       # the piece, then where it goes: a click on a piece never moves it
    options = (
        Option("win", "all", choices=("all", "damone"),
               help="all: capture or block every piece; damone: capturing the damone also wins"),
        Option("repetition_draw", True, help="the third occurrence of a position is a draw "
                                             "(not in the sources)"),
        Option("no_capture_plies", 80, low=0, high=999,
               help="plies without a capture that draw the game, 0 for none (not in the sources)"),
        move_limit(2000, 9999),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.grid = GRID
        self.max_plies = self.settings["max_plies"]

    # -- set-up ---------------------------------------------------------------------------
    def initial_state(self) -> DamoneState:
        board = bytearray(GRID.size)
        for letter, squares in SET_UP.items():
            for name in squares.split():
                board[GRID.index(name)] = code(0, LETTER_RANKS[letter])
                board[rotated(GRID.index(name))] = code(1, LETTER_RANKS[letter])
        return DamoneState(bytes(board), 0)

    def position(self, white: str, black: str, to_move: int = 0) -> DamoneState:
        """A state for puzzles and tests, in RULES.md's notation: rank letter and square,
        ``position("Ih1 Dc4 Pe4", "Ia8 Pd5")``."""
        if to_move not in (0, 1):
            raise ValueError(f"to_move is 0 (White) or 1 (Black), not {to_move!r}")
        board = bytearray(GRID.size)
        for owner, text in enumerate((white, black)):
            for word in text.split():
                cell = self.cell(word[1:])
                if word[0] not in LETTER_RANKS or board[cell] or not is_dark(cell):
                    raise ValueError(f"{word!r}: a rank letter I, D or P and a free dark square")
                board[cell] = code(owner, LETTER_RANKS[word[0]])
        return DamoneState(bytes(board), to_move)

    def cell(self, name: str) -> int:
        index = GRID.index(name.strip().lower()) if isinstance(name, str) else None
        if index is None:
            raise Problem("board.not-a-cell", cell=excerpt(name), side=SIDE)
        return index

    # -- moves ------------------------------------------------------------------------------
    def to_move(self, state) -> int:
        return state.ply % 2

    def legal_moves(self, state) -> list:
        if self.winner_by_damone(state) is not None or self.draw_reason(state):
            return []
        return board_moves(state.board, state.ply % 2)

    def apply(self, state, move) -> DamoneState:
        board = board_after(state.board, move)
        if is_capture(move):
            return DamoneState(board, state.ply + 1, 0, (), tuple(jumped(move)))
        return DamoneState(board, state.ply + 1, state.quiet + 1,
                           state.earlier + (state.board,))

    # -- outcome ----------------------------------------------------------------------------
    def outcome(self, state) -> Outcome | None:
        player = state.ply % 2
        winner = self.winner_by_damone(state)
        if winner is not None:
            return Outcome(winner, "no-damone")
        if not board_moves(state.board, player):
            reason = "no-moves" if has_pieces(state.board, player) else "no-pieces"
            return Outcome(1 - player, reason)
        reason = self.draw_reason(state)
        return Outcome(None, reason) if reason else None

    def winner_by_damone(self, state) -> int | None:
        """With ``win=damone``: the player who moved last, when the player to move has lost
        the damone."""
        player = state.ply % 2
        if self.settings["win"] == "damone" and not has_damone(state.board, player):
            return 1 - player
        return None

    def draw_reason(self, state) -> str:
        """Why the game is drawn (the non-official rules): "repetition", "no-capture",
        "max-plies", or ``""`` while it goes on.  The caller checks first that the player
        to move can move: a blocked player loses even then."""
        if self.settings["repetition_draw"] and self.repetitions(state) >= 3:
            return "repetition"
        limit = self.settings["no_capture_plies"]
        if limit and state.quiet >= limit:
            return "no-capture"
        if state.ply >= self.max_plies:
            return "max-plies"
        return ""

    def repetitions(self, state) -> int:
        """How many times this position (board and side to move) has occurred.  ``earlier``
        alternates sides, so the same side to move is every second board back."""
        return 1 + state.earlier[-2::-2].count(state.board)

    # -- names and clicks -------------------------------------------------------------------
    def move_name(self, move) -> str:
        joint = "x" if is_capture(move) else "-"
        return joint.join(GRID.names[cell] for cell in move)

    def clicks(self, move) -> tuple[str, ...]:
        """The piece, then the target of a step or each landing square of a capture (the
        page waits for the second click even when the piece has one move: ``picks_up``)."""
        return tuple(GRID.names[cell] for cell in move)

    def move_cells(self, move) -> tuple[str, ...]:
        cells = move + tuple(jumped(move)) if is_capture(move) else move
        return tuple(GRID.names[cell] for cell in cells)

    # -- pictures ---------------------------------------------------------------------------
    def pieces(self, state) -> dict[str, str]:
        shapes = {PEDINA: "stone", DAMA: "crowned", DAMONE: "double-crowned"}
        return {GRID.names[cell]: piece(shapes[rank_of(value)], owner_of(value))
                for cell, value in enumerate(state.board) if value}

    def layout(self) -> dict:
        """The square board with exactly the playing squares dark (tone 1): a1 is light."""
        return GRID.layout(tones=[int(is_dark(cell)) for cell in range(GRID.size)])

    def marks(self, state) -> dict:
        """The pieces that must capture are ringed and the rule recalled; the pieces just
        captured fade out."""
        marks = {"leaving": [GRID.names[cell] for cell in state.captured]}
        moves = self.legal_moves(state)
        if moves and is_capture(moves[0]):
            marks["highlight"] = sorted({GRID.names[move[0]] for move in moves})
            marks["message"] = {"key": "must-capture", "params": {"player": state.ply % 2}}
        return marks

    def diagram(self, state) -> str:
        """Rows from the top: ``I D P`` for White's damone, dame and pedine, ``i d p`` for
        Black's, ``.`` for an empty dark square, a blank for a light one; then who moves or
        how the game ended."""
        marks = {cell: " " for cell in range(GRID.size) if not is_dark(cell)}
        for cell, value in enumerate(state.board):
            if value:
                letter = RANK_LETTERS[rank_of(value)]
                marks[cell] = letter if owner_of(value) == 0 else letter.lower()
        outcome = self.outcome(state)
        status = (f"{PLAYER_NAMES[state.ply % 2]} to move" if outcome is None
                  else self.outcome_text(outcome))
        return f"{GRID.diagram(marks)}\n{status}"

    def notes(self, state) -> dict:
        moves = self.legal_moves(state)
        return {"must_capture": bool(moves) and is_capture(moves[0]),
                "plies_without_capture": state.quiet, "repetitions": self.repetitions(state)}

    # -- reading moves ----------------------------------------------------------------------
    def parse_move(self, text: str, state):
        """The legal move written as ``text``: ``f3-e4``, ``e2xc4xa6``, or a capture by its
        two ends, ``e2xa6``, when exactly one legal capture fits."""
        cells, capture = self.read(text)
        legal = self.legal_moves(state)
        fits = [move for move in legal if self.fits(move, cells, capture)]
        if len(fits) == 1:
            return fits[0]
        written = self.written(cells, capture)
        if fits:
            raise IllegalMove("move.ambiguous", move=written,
                              moves=[self.move_name(move) for move in fits])
        raise self.why_not(state, cells, capture, legal).wrapped(
            "move.not-legal-because", IllegalMove, move=written)

    def check_notation(self, text: str) -> None:
        self.read(text)

    def read(self, text: str) -> tuple[tuple[int, ...], bool]:
        """The squares written in ``text`` and whether it is a capture; InvalidMove if it is
        not in the notation."""
        if not isinstance(text, str):
            raise self.not_notation(text, Problem("damone.write"))
        written = text.strip().lower()
        if not (STEP_TEXT.fullmatch(written) or CAPTURE_TEXT.fullmatch(written)):
            raise self.not_notation(text, Problem("damone.write"))
        names = written.replace("x", "-").split("-")
        try:
            cells = tuple(self.cell(name) for name in names)
        except Problem as error:
            raise self.not_notation(text, error) from None
        for cell in cells:
            if not is_dark(cell):
                raise self.not_notation(text, Problem("damone.light-square", cell=GRID.names[cell]))
        return cells, "x" in written

    def not_notation(self, text, why: Problem) -> InvalidMove:
        return why.wrapped("move.notation-because", InvalidMove, move=excerpt(text),
                           title=self.title)

    @staticmethod
    def fits(move, cells: tuple[int, ...], capture: bool) -> bool:
        """Whether ``move`` is the one written: in full, or a capture by its two ends."""
        if is_capture(move) != capture:
            return False
        return move == cells or (capture and len(cells) == 2 and (move[0], move[-1]) == cells)

    def why_not(self, state, cells, capture: bool, legal: list) -> Problem:
        """Why no legal move is the one written, for the error message."""
        outcome = self.outcome(state)
        if outcome is not None:
            return Problem("reason.game-over", **outcome.message_params(self))
        player = state.ply % 2
        value = state.board[cells[0]]
        if not value or owner_of(value) != player:
            return Problem("damone.not-yours", cell=GRID.names[cells[0]], player=player)
        names = [self.move_name(move) for move in legal]
        if is_capture(legal[0]) and not capture:
            return Problem("damone.must-capture", moves=names)
        if capture and is_capture(legal[0]):
            every = self.every_capture(state.board, cells[0], value)
            if any(len(path) > len(cells) and path[:len(cells)] == cells for path in every):
                return Problem("damone.go-on", moves=names)
            if any(self.fits(path, cells, True) for path in every):
                return Problem("damone.priority", moves=names)
        return Problem("damone.no-such-move", cell=GRID.names[cells[0]])

    @staticmethod
    def every_capture(board: bytes, start: int, value: int) -> list:
        """Every complete capture sequence of the piece on ``start``, before the priority
        rules choose among them."""
        work = bytearray(board)
        work[start] = 0
        found = []
        extend(work, value, start, [start], [], found)
        return [move for _, move in found]

    @staticmethod
    def written(cells, capture: bool) -> str:
        return ("x" if capture else "-").join(GRID.names[cell] for cell in cells)

    # -- positions as text (core.Game.position_text) ------------------------------------------
    # Counters: ``ply`` (the move limit counts it; its parity is the side to move), ``seen``
    # (the boards since the last capture, oldest first, for the repetition and no-capture
    # rules: each is 32 letters, one per dark square from a1's row up, ``P D I`` for White's
    # pedina, dama and damone, lower case for Black's, ``.`` for an empty square), ``quiet``
    # (plies since the last capture, written only when it is not the number of boards seen)
    # and ``captured`` (the squares the last move captured on).

    def position_counters(self, state) -> dict[str, object]:
        counters = {"ply": state.ply}
        if state.earlier:
            counters["seen"] = "|".join(board_letters(board) for board in state.earlier)
        if state.quiet != len(state.earlier):
            counters["quiet"] = state.quiet
        if state.captured:
            counters["captured"] = ",".join(GRID.names[cell] for cell in state.captured)
        return counters

    def position_counter_names(self) -> list[str]:
        return ["ply", "seen", "quiet", "captured"]

    def position_from(self, pieces, mover: int, counters) -> DamoneState:
        """Pieces on dark squares only, eight at most a side."""
        shapes = {"stone": PEDINA, "crowned": DAMA, "double-crowned": DAMONE}
        values = {piece(shape, owner): code(owner, rank)
                  for shape, rank in shapes.items() for owner in (0, 1)}
        board = self.cells_of(pieces, values, GRID.size, GRID.index)
        for cell, value in enumerate(board):
            if value and not is_dark(cell):
                raise Problem("position.piece", piece=pieces[GRID.names[cell]],
                              cell=GRID.names[cell], game=self.title)
        for owner in (0, 1):
            count = sum(1 for value in board if value and owner_of(value) == owner)
            if count > 8:
                raise Problem("position.count", piece=f"{PLAYER_NAMES[owner]}", count=count,
                              allowed=8)
        seen = counters.get("seen", "")
        earlier = tuple(letters_board(text) for text in seen.split("|")) if seen else ()
        quiet = self.counter(counters, "quiet", 0, 99999, len(earlier))
        ply = self.counter(counters, "ply", 0, 99999, quiet + (quiet % 2 != mover))
        captured = counters.get("captured", "")
        captured_cells = []
        for name in captured.split(",") if captured else []:
            if GRID.index(name) is None:
                raise Problem("position.cell", cell=excerpt(name), game=self.title)
            captured_cells.append(GRID.index(name))
        if len(earlier) > ply or quiet > ply:
            raise Problem("position.counter-value", counter="ply", value=str(ply),
                          low=max(quiet, len(earlier)), high=99999)
        return DamoneState(bytes(board), ply, quiet, earlier, tuple(captured_cells))

    # -- texts (after the rules they word): the rules, labels, messages ---------------------
    texts = {
        "en": {
            "tagline": "Italian draughts with a damone, two dame and five pedine a side.",
            "author": author,  # (the Italian words it apart)
            "rules": [
                "Damone italiano is a traditional Italian draughts game, played here by the rules "
                "of Mats Winther. Each side has a damone, two dame and five pedine on the dark "
                "squares of an 8×8 board; White starts from the corner h1, Black from a8.",
                "A pedina steps one square forwards (towards the opponent's corner) or sideways, "
                "never backwards; dame and damoni step in all four diagonal directions. Pieces "
                "capture by jumping over an adjacent enemy piece, in the directions they move, "
                "and go on jumping while they can. A pedina captures only pedine, a dama dame and "
                "pedine, the damone anything. Choose the piece, then each square it lands on.",
                "Capturing is compulsory, and you must choose: the capture that takes the most "
                "pieces; then the one made by the higher-ranked piece; then the one that takes "
                "the higher-ranked piece. A pedina that ends its move on a starting square of the "
                "opponent's dame becomes a dama; a dama that ends on the opponent's damone corner "
                "becomes a damone.",
                "If you cannot move, blocked or without pieces, you lose. With the option "
                "\"capture the damone\", taking the opponent's damone also wins. Tavoliere adds "
                "two draw rules the sources lack: the third repetition of a position, and 80 "
                "plies in a row without a capture (both can be changed in the options).",
            ],
            "option.win": "How to win",
            "option.win.all": "Capture or block all the pieces",
            "option.win.damone": "Capture the damone",
            "option.repetition_draw": "Draw at the third repetition",
            "option.no_capture_plies": "Plies without a capture to draw (0: none)",
            "reason.no-pieces": "{loser} has no pieces left",
            "reason.no-damone": "{loser} has lost the damone",
            "reason.no-capture": "too many plies without a capture",
            "message.must-capture": "{player} must capture: the ringed pieces can.",
        },
        "it": {
            "tagline": "Dama all'italiana con un damone, due dame e cinque pedine per parte.",
            "author": "tradizionale; regole di Mats Winther",  # the welcome's words for the author
            "rules": [
                "Il Damone italiano è una variante della dama nota da Wikipedia e dal sito di "
                "Mats Winther, qui con le sue regole. Ciascun giocatore ha un damone, due dame e "
                "cinque pedine sulle caselle scure di una damiera 8×8; il Bianco parte "
                "dall'angolo h1, il Nero da a8.",
                "La pedina si muove di una casella, in avanti (verso l'angolo avversario) o di "
                "lato, mai all'indietro; dame e damoni si muovono anch'essi di una sola casella, "
                "ma in tutte e quattro le direzioni diagonali. Si cattura con il salto corto "
                "sopra un pezzo avversario adiacente, nelle direzioni in cui il pezzo si muove, e "
                "si continua a saltare finché si può. La pedina cattura solo pedine, la dama "
                "dame e pedine, il damone qualsiasi pezzo. Si indica il pezzo, poi la "
                "casella di arrivo, o ogni casella di arrivo dei suoi salti.",
                "La cattura è obbligatoria. Se ce n'è più d'una, si deve fare, nell'ordine: "
                "quella che prende più pezzi; a parità, quella fatta dal pezzo di rango più "
                "alto; a parità ancora, quella che prende il pezzo di rango più alto. La pedina "
                "che termina la mossa su una casella di partenza delle dame avversarie diventa "
                "dama; la dama che termina nell'angolo del damone avversario diventa damone. La "
                "pedina che arriva nell'angolo del damone avversario resta pedina e non può più "
                "muoversi.",
                "Chi non può muovere, perché bloccato o senza pezzi, perde. Con l'opzione "
                "«catturare il damone» vince anche chi cattura il damone avversario. Qui si "
                "aggiungono due regole di patta, assenti nelle fonti: la terza ripetizione di una "
                "posizione e 80 semimosse di fila senza catture (modificabili fra le opzioni).",
            ],
            "option.win": "Come si vince",
            "option.win.all": "Catturare o bloccare tutti i pezzi",
            "option.win.damone": "Catturare il damone",
            "option.repetition_draw": "Patta alla terza ripetizione",
            "option.no_capture_plies": "Semimosse senza catture per la patta (0: nessuna)",
            "reason.no-pieces": "il {loser} non ha più pezzi",
            "reason.no-damone": "il {loser} ha perso il damone",
            "reason.no-capture": "troppe semimosse senza catture",
            "message.must-capture": "Il {player} deve catturare: possono farlo i pezzi cerchiati.",
        },
    }
    messages = {
        "damone.write": {
            "en": "write a step such as f3-e4 or a capture such as e2xc4xa6",
            "it": "scrivi uno spostamento come f3-e4 o una cattura come e2xc4xa6"},
        "damone.light-square": {
            "en": "{cell} is a light square, and play uses only the dark ones",
            "it": "{cell} è una casella chiara: si gioca solo su quelle scure"},
        "damone.not-yours": {
            "en": "{cell} holds no piece of {player}'s",
            "it": "in {cell} non c'è un pezzo del {player}"},
        "damone.must-capture": {
            "en": "capturing is compulsory: {moves}",
            "it": "la cattura è obbligatoria: {moves}"},
        "damone.priority": {
            "en": "the capture rules prefer {moves}",
            "it": "le regole di cattura impongono {moves}"},
        "damone.go-on": {
            "en": "the capture must go on while a further jump exists: {moves}",
            "it": "la cattura deve proseguire finché si può saltare ancora: {moves}"},
        "damone.no-such-move": {
            "en": "the piece on {cell} cannot move so",
            "it": "il pezzo in {cell} non può muovere così"},
    }


DARK = tuple(cell for cell in range(GRID.size) if is_dark(cell))


def board_letters(board: bytes) -> str:
    """A board as 32 letters, one per dark square (see ``Damone.position_counters``)."""
    out = []
    for cell in DARK:
        value = board[cell]
        letter = RANK_LETTERS[rank_of(value)] if value else "."
        out.append(letter.lower() if value and owner_of(value) else letter)
    return "".join(out)


def letters_board(text: str) -> bytes:
    """The board written as ``board_letters`` wrote it; a Problem if it is not one."""
    if len(text) != len(DARK) or any(letter not in ".PDIpdi" for letter in text):
        raise Problem("position.malformed", position=excerpt(text))
    board = bytearray(GRID.size)
    for cell, letter in zip(DARK, text):
        if letter != ".":
            board[cell] = code(int(letter.islower()), LETTER_RANKS[letter.upper()])
    return bytes(board)
