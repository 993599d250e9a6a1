"""Cephalopod (Mark Steere, 2006): the rules of ``shared/RULES.md`` section 5.

* The board is an empty square of 5 x 5 cells (``cephalopod(size=3x5)``: 5 columns a-e and
  3 rows 1-3).  Cells touch orthogonally only, so a cell has up to four neighbours.
* White moves first (``first_player=black`` lets Black start).  A turn puts one die of the
  mover's colour on an empty cell; there is no passing, and dice never move.
* A **capture set** of an empty cell is any two or more of the dice next to it, of either
  colour and in any mix, whose pips add up to 6 or less.  On a cell that has capture sets the
  mover must choose one of them: those dice leave the board (back to their owners) and the new
  die shows their sum.  On a cell with none the new die shows 1.  Capturing is compulsory only
  on such a cell: the mover may always play on another cell instead.
* When every cell is filled, the player with more dice on the board wins.  Both boards have
  an odd number of cells, so there are no draws.  Every plain placement adds one pip to the
  board and a capture keeps the total, so the game always ends (at most 300 plies on 5 x 5);
  24 dice a player are always enough, so the supply is not counted.

Notation: a plain placement is its cell, ``c3``; a capture is the cell, then ``/`` and each
captured cell in ascending order (column first, then row as a number), ``c3/b3/d3``.  The new
die's value is implied.  As input, typed or clicked after the cell, the captured cells may
come in any order.

A move is a tuple of cell indices: ``(cell,)`` for a plain placement and ``(cell, *captured)``
with the captured cells in name order.  A state's ``board`` holds, per cell, 0 for an empty
cell, ``+pips`` for a White die and ``-pips`` for a Black one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from ..core import PLAYER_NAMES, Game, IllegalMove, InvalidMove, Option, Outcome, piece, register
from ..grid.square import ORTHOGONAL, square_grid
from ..messages import Problem, excerpt

EMPTY = 0
MAX_PIPS = 6
SIZES = {"5x5": (5, 5), "3x5": (5, 3)}   # option value -> (columns, rows)


@dataclass(frozen=True)
class CephalopodState:
    """A position: ``board[cell]`` is 0 (empty), +pips (White's die) or -pips (Black's die);
    ``ply`` counts the moves played.  ``last`` (the last move, for the page: the dice it
    captured fade out) takes no part in equality."""

    board: tuple[int, ...]
    ply: int
    last: tuple[int, ...] = field(default=(), compare=False)

    @property
    def captured(self) -> tuple[int, ...]:
        """The cells the last move emptied."""
        return self.last[1:]


# -- the capture table ------------------------------------------------------------------------
class Geometry:
    """The tables of one board size, shared by the rule book and the bot: each cell's
    neighbours in name order, and the moves on an empty cell for each pattern of pips next to
    it (computed once per pattern, then looked up: the bots' inner loop)."""

    def __init__(self, columns: int, rows: int):
        grid = self.grid = square_grid(columns, rows)
        self.size = grid.size
        # name order: column letter first, then the row as a number (a1 < a2 < ... < b1)
        self.name_order = sorted(range(grid.size), key=grid.coords)
        self.name_rank = {cell: position for position, cell in enumerate(self.name_order)}
        self.neighbours = tuple(
            tuple(sorted((n for d in ORTHOGONAL if (n := grid.step(cell, *d)) is not None),
                         key=self.name_rank.get))
            for cell in range(grid.size))
        # subsets of two or more neighbours, as positions in ``neighbours[cell]``, in
        # lexicographic order: the captured cells of each move then come in name order
        self.subsets = tuple(
            tuple(subset for k in range(2, len(ring) + 1)
                  for subset in combinations(range(len(ring)), k))
            for ring in self.neighbours)
        self._moves: dict[tuple, tuple] = {}

    def moves_at(self, cell: int, board) -> tuple[tuple[int, ...], ...]:
        """The moves on the empty ``cell`` of ``board``: its capture sets, or else the plain
        placement alone."""
        ring = self.neighbours[cell]
        key = (cell, *(abs(board[n]) for n in ring))
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = self._capture_moves(cell, key[1:]) or ((cell,),)
        return found

    def _capture_moves(self, cell: int, pips: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        ring = self.neighbours[cell]
        return tuple((cell, *(ring[i] for i in subset)) for subset in self.subsets[cell]
                     if all(pips[i] for i in subset)
                     and sum(pips[i] for i in subset) <= MAX_PIPS)


@lru_cache(maxsize=None)
def geometry(columns: int, rows: int) -> Geometry:
    return Geometry(columns, rows)


@register
class Cephalopod(Game):
    name = "cephalopod"
    title = "Cephalopod"
    author = "Mark Steere, 2006"
    minutes = 10
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "try", "spec": "cephalopod(size=3x5)", "playout": 17, "plies": 6, "try": True},
        {"caption": "win", "spec": "cephalopod(size=3x5)", "playout": 17},
    )
    draws = False
    # the cell first, then the dice to capture in any order
    free_clicks_after = 1
    options = (
        Option("size", "5x5", choices=tuple(SIZES),
               help="5x5 cells, or 5 columns by 3 rows for shorter games"),
        Option("first_player", "white", choices=("white", "black"),
               help="who places the first die"),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.geometry = geometry(*SIZES[self.settings["size"]])
        self.grid = self.geometry.grid
        self.first = 0 if self.settings["first_player"] == "white" else 1

    # -- set-up ---------------------------------------------------------------------------
    def initial_state(self) -> CephalopodState:
        return CephalopodState((EMPTY,) * self.grid.size, 0)

    def to_move(self, state) -> int:
        return (state.ply + self.first) % 2

    # -- moves ----------------------------------------------------------------------------
    def legal_moves(self, state) -> list:
        """Cell by cell (index order), the capture sets of each empty cell, or its plain
        placement when it has none; nothing once the board is full."""
        board = state.board
        moves_at = self.geometry.moves_at
        moves = []
        for cell, value in enumerate(board):
            if value == EMPTY:
                moves += moves_at(cell, board)
        return moves

    def apply(self, state, move) -> CephalopodState:
        board = list(state.board)
        captured = move[1:]
        pips = 1
        if captured:
            pips = sum(abs(board[cell]) for cell in captured)
            for cell in captured:
                board[cell] = EMPTY
        board[move[0]] = pips if self.to_move(state) == 0 else -pips
        return CephalopodState(tuple(board), state.ply + 1, move)

    # -- the end --------------------------------------------------------------------------
    def outcome(self, state) -> Outcome | None:
        """On a full board the player with more dice wins (the cell count is odd)."""
        if EMPTY in state.board:
            return None
        white, black = self.dice_counts(state)
        return Outcome(0 if white > black else 1, "more-dice")

    @staticmethod
    def dice_counts(state) -> tuple[int, int]:
        white = sum(1 for value in state.board if value > 0)
        black = sum(1 for value in state.board if value < 0)
        return white, black

    # -- set-up positions -----------------------------------------------------------------
    def position(self, dice: dict[str, int], to_move: int = 0, ply: int | None = None):
        """A state for puzzles and tests: ``dice`` maps cell names to a signed die (+pips
        White's, -pips Black's); ``ply`` defaults to the number of dice (parity fixed by the
        side to move).

        >>> game = Cephalopod()
        >>> state = game.position({"b3": 1, "d3": -1})
        >>> [game.move_name(m) for m in game.legal_moves(state) if m[0] == game.cell("c3")]
        ['c3/b3/d3']
        """
        board = [EMPTY] * self.grid.size
        for name, value in dice.items():
            if not (isinstance(value, int) and 1 <= abs(value) <= MAX_PIPS):
                raise ValueError(f"a die is +1..+6 (White) or -1..-6 (Black), not {value!r}")
            board[self.cell(name)] = value
        if ply is None:
            ply = len(dice)
            if (ply + self.first) % 2 != to_move:
                ply += 1
        return CephalopodState(tuple(board), ply)

    def cell(self, name: str) -> int:
        """The index of the cell called ``name``; a Problem if the board has no such cell."""
        index = self.grid.index(name.strip().lower()) if isinstance(name, str) else None
        if index is None:
            raise Problem("cephalopod.not-a-cell", cell=excerpt(name),
                          last="abcdefghij"[self.grid.width - 1], rows=self.grid.height)
        return index

    # -- names and pictures ---------------------------------------------------------------
    def move_name(self, move) -> str:
        return "/".join(self.grid.names[cell] for cell in move)

    def clicks(self, move) -> tuple[str, ...]:
        """The empty cell, then each captured die in name order (the page takes the dice in
        any order: ``free_clicks_after``).  The page plays a move as soon as the clicks fit
        only one, so a cell with a single move is one click, and a capture set inside a
        larger one is played by clicking its last die again (or Enter)."""
        return tuple(self.grid.names[cell] for cell in move)

    def pieces(self, state) -> dict[str, str]:
        names = self.grid.names
        return {names[cell]: piece("die", 0 if value > 0 else 1, abs(value))
                for cell, value in enumerate(state.board) if value != EMPTY}

    def layout(self) -> dict:
        return self.grid.layout()

    def marks(self, state) -> dict:
        """The dice the last move captured fade out, and a message says what was taken."""
        if not state.captured:
            return {}
        names = self.grid.names
        params = {"player": 1 - self.to_move(state), "count": len(state.captured),
                  "pips": abs(state.board[state.last[0]])}
        return {"leaving": [names[cell] for cell in state.captured],
                "message": {"key": "captured", "params": params}}

    def diagram(self, state) -> str:
        """Rows from the top; a die is ``W`` or ``B`` and its pips, an empty cell ``..``; the
        last line says who is to move or how the game ended."""
        grid = self.grid
        rows = []
        for rank in reversed(range(grid.height)):
            cells = []
            for file in range(grid.width):
                value = state.board[grid.at(file, rank)]
                cells.append(".." if value == EMPTY else f"{'WB'[value < 0]}{abs(value)}")
            rows.append(f"{rank + 1:>2} {' '.join(cells)}")
        rows.append("   " + "  ".join("abcdefghij"[:grid.width]))
        outcome = self.outcome(state)
        status = (f"{PLAYER_NAMES[self.to_move(state)]} to move" if outcome is None
                  else self.outcome_text(outcome))
        return "\n".join(rows + [status])

    def notes(self, state) -> dict:
        white, black = self.dice_counts(state)
        return {"dice": [white, black], "empty": state.board.count(EMPTY),
                "captured": [self.grid.names[cell] for cell in state.captured]}

    # -- reading moves --------------------------------------------------------------------
    def parse_move(self, text: str, state):
        """The legal move written as ``text``: ``c3`` or ``c3/b3/d3``, the captured cells in
        any order; coded errors say what is wrong."""
        cells = self.read(text)
        target, captured = cells[0], tuple(sorted(cells[1:], key=self.geometry.name_rank.get))
        move = (target, *captured)
        if move in self.legal_moves(state):
            return move
        raise self.why_not(state, target, captured).wrapped(
            "move.not-legal-because", IllegalMove, move=self.move_name(move))

    def check_notation(self, text: str) -> None:
        self.read(text)

    def read(self, text: str) -> tuple[int, ...]:
        """The cells written in ``text`` (the placed one first); InvalidMove if ``text`` is not
        in the notation."""
        parts = text.strip().split("/") if isinstance(text, str) else [""]
        try:
            if not all(parts):
                raise Problem("cephalopod.write")
            cells = tuple(self.cell(part) for part in parts)
            for position, cell in enumerate(cells):
                if cell in cells[:position]:
                    raise Problem("cephalopod.cell-twice", cell=self.grid.names[cell])
        except Problem as why:
            raise why.wrapped("move.notation-because", InvalidMove, move=excerpt(text),
                              title=self.title) from None
        return cells

    def why_not(self, state, target: int, captured: tuple[int, ...]) -> Problem:
        """Why the placement on ``target`` capturing ``captured`` is not legal here."""
        outcome = self.outcome(state)
        if outcome is not None:
            return Problem("reason.game-over", **outcome.message_params(self))
        names, board = self.grid.names, state.board
        if board[target] != EMPTY:
            return Problem("move.occupied", cell=names[target])
        if not captured:
            there = self.geometry.moves_at(target, board)
            return Problem("cephalopod.must-capture", cell=names[target],
                           moves=[self.move_name(move) for move in there])
        if len(captured) == 1:
            return Problem("cephalopod.one-die")
        for cell in captured:
            if cell not in self.geometry.neighbours[target]:
                return Problem("cephalopod.not-next", cell=names[cell], target=names[target])
            if board[cell] == EMPTY:
                return Problem("cephalopod.no-die", cell=names[cell])
        return Problem("cephalopod.over-six", sum=sum(abs(board[cell]) for cell in captured))

    # -- positions as text (core.Game.position_text) ------------------------------------------
    def position_counters(self, state) -> dict[str, object]:
        return {"ply": state.ply}

    def position_from(self, pieces, mover: int, counters):
        """Dice of both colours showing 1 to 6.  Each move puts one die on the board and
        captures only lower the count, so without ``ply`` the ply is the number of dice,
        plus one if that gives the wrong side to move."""
        values = {piece("die", owner, pips): (pips if owner == 0 else -pips)
                  for owner in (0, 1) for pips in range(1, 7)}
        board = self.cells_of(pieces, values, self.grid.size, self.grid.index)
        dice = self.grid.size - board.count(EMPTY)
        ply = self.counter(counters, "ply", 0, 99999, dice + ((dice + self.first) % 2 != mover))
        if dice > ply:
            raise Problem("position.count", piece="die", count=dice, allowed=ply)
        return CephalopodState(tuple(board), ply)

    # -- texts (after the rules they word): the rules, labels, messages -------------------
    messages = {
        "cephalopod.write": {
            "en": "write a cell such as c3, or the cell and the captured dice such as c3/b3/d3",
            "it": "scrivi una casella come c3, oppure la casella e i dadi catturati come "
                  "c3/b3/d3"},
        "cephalopod.not-a-cell": {
            "en": "{cell} is not a cell of the board (columns a-{last}, rows 1-{rows})",
            "it": "{cell} non è una casella del tavoliere (colonne a-{last}, righe 1-{rows})"},
        "cephalopod.cell-twice": {
            "en": "{cell} is written twice",
            "it": "la casella {cell} compare due volte"},
        "cephalopod.must-capture": {
            "en": "a die placed on {cell} must capture; the moves there are {moves}",
            "it": "un dado collocato in {cell} deve catturare; le mosse possibili lì sono "
                  "{moves}"},
        "cephalopod.one-die": {
            "en": "a capture takes two or more dice",
            "it": "una cattura prende due o più dadi"},
        "cephalopod.no-die": {
            "en": "{cell} holds no die to capture",
            "it": "in {cell} non c'è un dado da catturare"},
        "cephalopod.not-next": {
            "en": "{cell} is not orthogonally next to {target}",
            "it": "{cell} non è adiacente in orizzontale o in verticale a {target}"},
        "cephalopod.over-six": {
            "en": "the captured dice add up to {sum}, more than 6",
            "it": "i dadi catturati sommano {sum}, più di 6"},
    }
    texts = {
        "en": {
            "tagline": "Dice that capture add up their pips: when the board is full, more dice win.",
            "rules": [
                "Cephalopod (Mark Steere, 2006) is played on an empty square board, 5×5 here "
                "(or 5 columns by 3 rows, for shorter games), with dice in the players' two "
                "colours.",
                "In turn each player places one die of their colour on an empty cell; there is "
                "no passing. A die placed next to (orthogonally) two or more dice whose pips add "
                "up to 6 or less captures them: those dice leave the board and the new die shows "
                "their sum. Dice of either colour can be captured together.",
                "You choose which two, three or four neighbours to capture, as long as their sum "
                "is at most 6; on a cell where a capture is possible, you must capture. Anywhere "
                "else the new die shows 1. Choose the empty cell, then, if there is a choice, "
                "each die to capture, in any order.",
                "When the board is full, the player with more dice on it wins. There are no "
                "draws.",
            ],
            "option.size": "Board",
            "option.size.5x5": "5×5",
            "option.size.3x5": "5 columns × 3 rows",
            "option.first_player": "First player",
            "option.first_player.white": "White",
            "option.first_player.black": "Black",
            "reason.more-dice": "the board is full and {loser} has fewer dice on it",
            "message.captured": "{player} captured {count} dice: the new die shows {pips}.",
        },
        "it": {
            "tagline": "I dadi che catturano sommano i punti: a tavoliere pieno vince chi ha più dadi.",
            "rules": [
                "Cephalopod (Mark Steere, 2006) si gioca su un tavoliere quadrato vuoto, qui "
                "5×5 (oppure 5 colonne per 3 righe, per partite più brevi), con dadi di due "
                "colori, uno per giocatore. Comincia il Bianco, salvo che l'opzione «Chi "
                "comincia» scelga il Nero.",
                "A turno ciascuno colloca un dado del proprio colore su una casella vuota; non si "
                "può passare. Un dado collocato adiacente, in orizzontale o in verticale, a due o "
                "più dadi la cui somma non supera 6 ne cattura almeno due (quali, lo sceglie chi "
                "muove): i dadi catturati lasciano il tavoliere e tornano ai proprietari, e il "
                "nuovo dado mostra la loro somma. Si possono catturare insieme dadi di entrambi "
                "i colori.",
                "Non si è obbligati a sommare tutti i dadi adiacenti: si scelgono i due, tre o "
                "quattro da catturare, purché la somma non superi 6; su una casella dove si può "
                "catturare, la cattura è obbligatoria. Se non cattura, il nuovo dado mostra 1. "
                "Si indica la casella vuota e poi, se c'è una scelta, ciascun dado da "
                "catturare, in qualunque ordine.",
                "Quando il tavoliere è pieno vince chi ha più dadi sul tavoliere. Non ci sono "
                "patte.",
            ],
            "option.size": "Tavoliere",
            "option.size.5x5": "5×5",
            "option.size.3x5": "5 colonne × 3 righe",
            "option.first_player": "Chi comincia",
            "option.first_player.white": "Bianco",
            "option.first_player.black": "Nero",
            "reason.more-dice": "il tavoliere è pieno e il {loser} ha meno dadi",
            "message.captured": "Il {player} ha catturato {count} dadi: il nuovo dado "
                                "mostra {pips}.",
        },
    }
