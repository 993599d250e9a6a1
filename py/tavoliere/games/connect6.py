"""Connect6 (I-Chen Wu, 2005), RULES.md section 8.

* The board is an empty square of 19 x 19 cells (``size=15`` and ``size=13`` as options):
  the points of a Go board, named ``a1`` (bottom left) to ``s19`` with no letter skipped.
* The first player, White by the room's convention (``first_player=black`` lets Black
  begin), places **one** stone on any empty cell.  From then on the players alternate, and
  each move places **exactly two** stones of the mover's colour on two different empty
  cells.  There is no passing; stones never move and never leave the board.
* A **six** is six or more stones of one colour in a row: along a row, a column or either
  diagonal.  Overlines (seven or more) count.  After each complete move the mover wins if
  they have a six; nobody else can, since only the mover's stones were added.  A move is
  always two stones, even when the first one already completes the six.
* Every size has an odd number of cells, so after the single first stone a two-stone move
  is always possible until the board is full; a full board without a six is a draw.

Notation: the first move is its cell (``j10``); every later move is its two cells written
together, in ascending order (column letter first, then the row as a number): ``j11k10``,
``a9a10``.  As input the two cells may come in either order.

A move is a tuple of cell indices of ``square_grid(size)``: ``(cell,)`` for the first move,
``(a, b)`` with ``a`` before ``b`` in that ascending order for the others.  A state is the
board (a tuple of 0 for empty, 1 for White, 2 for Black) and the number of moves played;
its outcome is worked out once, when the move that ends the game is applied.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from ..core import PLAYER_NAMES, Game, IllegalMove, InvalidMove, Option, Outcome, piece, register
from ..grid.square import on_the_lines, square_grid
from ..messages import Problem, excerpt

EMPTY = 0                 # a cell of the board tuple; a stone of player p is p + 1
SIX = 6
# the four line directions (file step, rank step): row, column, rising and falling diagonal
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
SIZES = ("19", "15", "13")
# a move as written: one cell, or two cells side by side (``j11k10``); case is ignored
NOTATION = re.compile(r"([a-z])([0-9]{1,2})(?:([a-z])([0-9]{1,2}))?")


class Geometry:
    """The tables of one board size, shared by the rules and the bot.

    ``column_order`` lists the cells in ascending name order (by column, then by row), the
    order of the legal moves; ``rank[cell]`` is a cell's place in it.  ``rays[cell]`` gives,
    for each of the four directions, the cells going forwards and backwards from ``cell`` to
    the edge of the board, nearest first.
    """

    def __init__(self, side: int):
        grid = self.grid = square_grid(side)
        self.side = side
        self.names = grid.names
        self.column_order = tuple(sorted(range(grid.size), key=lambda c: grid.coords(c)))
        rank = [0] * grid.size
        for place, cell in enumerate(self.column_order):
            rank[cell] = place
        self.rank = tuple(rank)
        self.rays = tuple(tuple((self.ray(cell, df, dr), self.ray(cell, -df, -dr))
                                for df, dr in DIRECTIONS) for cell in range(grid.size))

    def ray(self, cell: int, dfile: int, drank: int) -> tuple[int, ...]:
        out = []
        while (cell := self.grid.step(cell, dfile, drank)) is not None:
            out.append(cell)
        return tuple(out)

    def ascending(self, a: int, b: int) -> tuple[int, int]:
        """The pair ``a``, ``b`` in ascending name order (the move's canonical form)."""
        return (a, b) if self.rank[a] < self.rank[b] else (b, a)

    def runs_through(self, board, cell: int) -> list[tuple[int, ...]]:
        """The lines of six or more stones of ``cell``'s colour that pass through ``cell``,
        one per direction at most, each as its cells."""
        colour = board[cell]
        found = []
        for forwards, backwards in self.rays[cell]:
            ahead = own_run(board, forwards, colour)
            behind = own_run(board, backwards, colour)
            if len(ahead) + len(behind) + 1 >= SIX:
                found.append(tuple(reversed(behind)) + (cell,) + ahead)
        return found


def own_run(board, ray, colour: int) -> tuple[int, ...]:
    """The cells of ``ray`` holding ``colour``, up to the first cell that does not."""
    run = []
    for cell in ray:
        if board[cell] != colour:
            break
        run.append(cell)
    return tuple(run)


@lru_cache(maxsize=None)
def geometry(side: int) -> Geometry:
    return Geometry(side)


@dataclass(frozen=True, repr=False)
class Connect6State:
    """A position: ``board[cell]`` is 0 (empty), 1 (White) or 2 (Black); ``ply`` counts the
    moves played (the first stone is one move, each pair another).  The outcome follows from
    the board and takes no part in equality."""

    board: tuple[int, ...]
    ply: int
    outcome: Outcome | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        return f"Connect6State(ply={self.ply}, stones={len(self.board) - self.board.count(0)})"


@register
class Connect6(Game):
    name = "connect6"
    title = "Connect6"
    author = "I-Chen Wu, 2005"
    minutes = 20
    rule_diagrams = (
        {"caption": "setup", "spec": "connect6(size=13)"},
        {"caption": "try", "spec": "connect6(size=13)", "playout": 5, "plies": 1, "try": True},
        {"caption": "win", "spec": "connect6(size=13)", "playout": 5},
    )
    options = (
        Option("size", "19", choices=SIZES, help="cells along each side of the square board"),
        Option("first_player", "white", choices=("white", "black"),
               help="who places the single first stone"),
    )
    # a two-stone move is the same move whichever of its cells is clicked first
    free_clicks_after = 0

    def __init__(self, **values):
        if "size" in values:          # Connect6(size=15) reads as the spec connect6(size=15)
            values["size"] = str(values["size"])
        super().__init__(**values)
        self.side = int(self.settings["size"])
        self.first = 0 if self.settings["first_player"] == "white" else 1
        self.geo = geometry(self.side)
        self.grid = self.geo.grid
        self.names = self.geo.names

    # -- set-up and moves ---------------------------------------------------------------------
    def initial_state(self) -> Connect6State:
        return Connect6State((EMPTY,) * self.grid.size, 0)

    def to_move(self, state: Connect6State) -> int:
        return (state.ply + self.first) % 2

    def stones_to_place(self, state: Connect6State) -> int:
        return 1 if state.ply == 0 else 2

    def legal_moves(self, state: Connect6State) -> list:
        """Every empty cell on the first move, then every pair of empty cells, both in
        ascending name order (64,620 pairs on the empty 19x19 board after the first stone)."""
        if state.outcome is not None:
            return []
        board = state.board
        empty = [cell for cell in self.geo.column_order if board[cell] == EMPTY]
        if state.ply == 0:
            return [(cell,) for cell in empty]
        # combinations keeps the order of ``empty``: each pair comes out ascending
        return list(combinations(empty, 2))

    def apply(self, state: Connect6State, move) -> Connect6State:
        board = list(state.board)
        colour = self.to_move(state) + 1
        for cell in move:
            board[cell] = colour
        return Connect6State(tuple(board), state.ply + 1, self.result(board, move, colour - 1))

    # -- set-up positions -------------------------------------------------------------------
    def position(self, white, black) -> Connect6State:
        """The state with White's stones on ``white`` and Black's on ``black`` (cell names, or
        one string of names separated by spaces), for puzzles and tests.  The side to move
        follows from the counts (the first player has placed one stone more than the other,
        or one fewer); a six on the board is the last mover's win.  ValueError for a board no
        game can reach.

        >>> game = Connect6(size=13)
        >>> game.move_name(game.legal_moves(game.position("g7", ""))[0])
        'a1a2'
        """
        stones = [[self.cell(name) for name in (names.split() if isinstance(names, str)
                                                else names)] for names in (white, black)]
        placed = len(stones[0]) + len(stones[1])
        ply = (placed + 1) // 2           # one stone, then two per move
        last = (ply - 1 + self.first) % 2
        # the last mover has one stone more than the other (none at the start)
        if len(set(stones[0] + stones[1])) != placed or placed % 2 == 0 < placed or (
                placed and len(stones[last]) != len(stones[1 - last]) + 1):
            raise ValueError("not a position of Connect6: one stone, then two per move")
        board = [EMPTY] * self.grid.size
        for player, cells in enumerate(stones):
            for cell in cells:
                board[cell] = player + 1
        if any(self.geo.runs_through(board, cell) for cell in stones[1 - last]):
            raise ValueError("only the player who moved last may have a six")
        outcome = self.result(board, stones[last], last) if ply else None
        return Connect6State(tuple(board), ply, outcome)

    def cell(self, name: str) -> int:
        """The index of the cell called ``name``; ValueError if the board has none."""
        index = self.grid.index(name.strip().lower()) if isinstance(name, str) else None
        if index is None:
            raise ValueError(f"{excerpt(name)} is not a cell of the {self.side}x{self.side} board")
        return index

    # -- the outcome --------------------------------------------------------------------------
    def result(self, board, move, mover: int) -> Outcome | None:
        """The outcome after ``mover`` placed the stones of ``move`` on ``board``: a win if
        one of them is in a six (the cells of every such line are ringed), a draw when the
        board is full, else None."""
        sixes = {cell for stone in move for line in self.geo.runs_through(board, stone)
                 for cell in line}
        if sixes:
            return Outcome(mover, "six", tuple(self.names[c] for c in
                                               sorted(sixes, key=self.geo.rank.__getitem__)))
        if EMPTY not in board:
            return Outcome(None, "full-board")
        return None

    def outcome(self, state: Connect6State) -> Outcome | None:
        return state.outcome

    # -- SGF (read and written by ``notation``, which asks the game for these) ------------------
    # No GM number is registered for Connect6 and no other site's file was at hand, so this is
    # our own convention (docs/records.md): GM[connect6], a ply's value is its name in our
    # notation (W[j10], B[j11k10]), W is player 0 (White, who places the single first stone).
    sgf_gm = "connect6"
    sgf_colours = "WB"

    @classmethod
    def sgf_foreign_colours(cls, root: dict[str, list[str]]) -> str | None:
        """``"BW"`` for a Little Golem Connect6 file, else None: such a file has no GM, an EV
        naming the tournament (``connect6.ch.26.1.1``, ``connect6.mc.2006.sep.1.10``) and
        SO[http://www.littlegolem.com]; its B is the first player (our White, player 0), and
        its cells are written as ours, column letter a-s (i included), row from 1:
        ``B[j10];W[j9l11];B[k9l8]``.  Evidence: such files quoted in the tests of public
        Connect6 tools (docs/records.md)."""
        event = (root.get("EV") or [""])[0].strip().lower()
        source = (root.get("SO") or [""])[0].lower().replace(" ", "")
        if not root.get("GM") and event.startswith("connect6") and "littlegolem" in source:
            return "BW"
        return None

    def sgf_root(self) -> list[tuple[str, str]]:
        """SZ and TS, our full spec (a private property, as Go's)."""
        return [("SZ", self.settings["size"]), ("TS", self.spec)]

    @classmethod
    def sgf_spec(cls, root: dict[str, list[str]]) -> str:
        """Our spec for an SGF root: TS when we wrote it, else the board of SZ."""
        if root.get("TS", [""])[0].startswith("connect6"):
            return root["TS"][0]
        return f"connect6(size={(root.get('SZ') or ['19'])[0].strip()})"

    def sgf_ply(self, move) -> tuple[str, str]:
        return "", self.move_name(move)

    def sgf_move(self, value: str) -> str:
        return value.strip().lower()

    def sgf_result(self, outcome: Outcome) -> str:
        """RE: ``W+six``, ``B+six``, ``0`` for a draw (a full board)."""
        if outcome.winner is None:
            return "0"
        return f"{self.sgf_colours[outcome.winner]}+{outcome.reason}"

    # -- names and clicks ---------------------------------------------------------------------
    def move_name(self, move) -> str:
        return "".join(self.names[cell] for cell in move)

    def clicks(self, move) -> tuple[str, ...]:
        """A move's cells in ascending order; the page accepts them in either order
        (``free_clicks_after``)."""
        return tuple(self.names[cell] for cell in move)

    def parse_move(self, text: str, state: Connect6State):
        """``j10`` (the first move), or two cells such as ``j11k10`` in either order."""
        cells = self.read(text)
        names = [self.names[cell] for cell in cells]
        written = "".join(names)
        if state.outcome is not None:
            raise IllegalMove("move.game-over", move=written)
        if len(cells) != self.stones_to_place(state):
            code = "connect6.one-stone" if state.ply == 0 else "connect6.two-stones"
            raise IllegalMove("move.not-legal-because", move=written, inner=[code])
        if len(cells) == 2 and cells[0] == cells[1]:
            raise IllegalMove("connect6.same-cell", cell=names[0])
        for cell, name in zip(cells, names):
            if state.board[cell] != EMPTY:
                raise IllegalMove("move.occupied", cell=name)
        return cells if len(cells) == 1 else self.geo.ascending(*cells)

    def check_notation(self, text: str) -> None:
        self.read(text)

    def read(self, text: str) -> tuple[int, ...]:
        """The cells written in ``text``, in the order written; InvalidMove if ``text`` is not
        a move of the notation or names a cell the board does not have."""
        match = NOTATION.fullmatch(text.strip().lower()) if isinstance(text, str) else None
        if match is None:
            raise InvalidMove("move.notation", move=excerpt(text), title=self.title)
        cells = []
        for letter, number in zip(match.groups()[::2], match.groups()[1::2]):
            if letter is None:
                continue
            cell = self.grid.index(letter + number)
            if cell is None:
                raise InvalidMove("board.not-a-cell", cell=excerpt(letter + number),
                                  side=self.side)
            cells.append(cell)
        return tuple(cells)

    # -- what the page and the tools see ------------------------------------------------------
    def pieces(self, state: Connect6State) -> dict[str, str]:
        return {self.names[cell]: piece("stone", value - 1)
                for cell, value in enumerate(state.board) if value != EMPTY}

    def layout(self) -> dict:
        """A Go board: stones on the points where lines cross, the star points dotted (the
        fourth line's corners and sides, and the centre)."""
        size, grid = self.side, self.grid
        lines = (3, size // 2, size - 4)
        stars = {grid.names[grid.at(f, r)] for f in lines for r in lines}
        return on_the_lines(grid.layout(), dots=stars)

    def marks(self, state: Connect6State) -> dict:
        """A reminder of how many stones a move places, for each player's first move."""
        if state.outcome is not None or state.ply > 2:
            return {}
        key = "one-stone" if state.ply == 0 else "two-stones"
        return {"message": {"key": key, "params": {"player": self.to_move(state)}}}

    def diagram(self, state: Connect6State) -> str:
        """The board with ``W`` and ``B`` for the stones, and who is to move or the result."""
        marks = {cell: "WB"[value - 1] for cell, value in enumerate(state.board) if value}
        status = (f"{PLAYER_NAMES[self.to_move(state)]} to move" if state.outcome is None
                  else self.outcome_text(state.outcome))
        return f"{self.grid.diagram(marks)}\n{status}"

    def notes(self, state: Connect6State) -> dict:
        return {"stones_to_place": 0 if state.outcome else self.stones_to_place(state),
                "empty": state.board.count(EMPTY)}

    # -- positions as text (core.Game.position_text) ------------------------------------------
    def position_counters(self, state: Connect6State) -> dict[str, object]:
        return {"ply": state.ply}

    def position_from(self, pieces, mover: int, counters) -> Connect6State:
        """Stones of both colours, counted as ``position`` counts them (one stone, then two
        per move); ``ply``, when given, must agree.  Only open positions."""
        board = self.cells_of(pieces, {"stone.0": 1, "stone.1": 2}, self.grid.size,
                              self.grid.index)
        names = self.grid.names
        white = [names[c] for c, v in enumerate(board) if v == 1]
        black = [names[c] for c, v in enumerate(board) if v == 2]
        placed = len(white) + len(black)
        try:
            state = self.position(white, black)
        except ValueError:
            last = ((placed + 1) // 2 - 1 + self.first) % 2
            raise Problem("position.count", piece=f"stone.{1 - last}",
                          count=(len(white), len(black))[1 - last],
                          allowed=placed // 2) from None
        ply = self.counter(counters, "ply", 0, self.grid.size, state.ply)
        if ply != state.ply:
            raise Problem("position.counter-value", counter="ply", value=str(ply),
                          low=state.ply, high=state.ply)
        return self.refuse_decided(state)

    # -- texts (after the rules they word): the rules, labels, messages -----------------------
    messages = {
        "connect6.one-stone": {
            "en": "the first move of the game is a single stone, such as j10",
            "it": "la prima mossa della partita è una sola pedina, per esempio j10"},
        "connect6.two-stones": {
            "en": "after the first move, every move places two stones, such as j11k10",
            "it": "dopo la prima mossa, ogni mossa colloca due pedine, per esempio j11k10"},
        "connect6.same-cell": {
            "en": "the two stones of a move go on two different cells, not both on {cell}",
            "it": "le due pedine di una mossa vanno su due caselle diverse, non entrambe "
                  "in {cell}"},
    }
    texts = {
        "en": {
            "tagline": "Two stones a turn: the first to line up six wins.",
            "rules": [
                "Connect6 (I-Chen Wu, 2005) is a modern form of Gomoku, played on the points of "
                "a Go board: 19×19, or 15×15 and 13×13 as options. The board starts empty; "
                "stones never move and are never removed.",
                "White begins by placing a single stone on any cell. From then on the players "
                "take turns, and every move places two stones of the mover's colour on two "
                "empty cells (chosen in either order). This balances the first player's "
                "advantage: at the end of every move, neither player has more than one stone "
                "more on the board than the other.",
                "You win by making a six: six or more stones of your colour in an unbroken line "
                "along a row, a column or a diagonal (longer lines win too). A move always "
                "places two stones, even when the first one already makes the six.",
                "If the board fills up without a six, the game is a draw.",
            ],
            "option.size": "Cells per side",
            "option.size.19": "19×19",
            "option.size.15": "15×15",
            "option.size.13": "13×13",
            "option.first_player": "First player",
            "option.first_player.white": "White",
            "option.first_player.black": "Black",
            "reason.six": "six in a row",
            "message.one-stone": "{player} begins with a single stone.",
            "message.two-stones": "{player} places two stones: {click} two empty cells.",
        },
        "it": {
            "tagline": "Due pedine per turno: vince chi ne allinea sei per primo.",
            "rules": [
                "Connect6 (I-Chen Wu, 2005) è una versione moderna del Gomoku e si gioca su un "
                "tavoliere quadrato di 19×19 caselle (come i punti di un goban), ma si può "
                "scegliere anche 15×15 o 13×13. Il tavoliere all'inizio è vuoto; le pedine non "
                "si spostano e non vengono mai tolte.",
                "Il Bianco comincia collocando una sola pedina su una casella qualsiasi. Poi si "
                "gioca a turno, e ogni mossa colloca due pedine del proprio colore su due "
                "caselle vuote (indicate in qualunque ordine). Così il "
                "vantaggio di chi inizia è compensato: alla fine di ogni mossa nessuno ha sul "
                "tavoliere più di una pedina in più dell'altro.",
                "Vince chi per primo mette in fila sei pedine del proprio colore (o più), senza "
                "interruzioni, in orizzontale, in verticale o in diagonale. Una mossa colloca "
                "sempre due pedine, anche quando la prima completa già la fila di sei.",
                "Se il tavoliere si riempie senza che nessuno abbia messo in fila sei pedine, "
                "la partita è patta.",
            ],
            "option.size": "Caselle per lato",
            "option.size.19": "19×19",
            "option.size.15": "15×15",
            "option.size.13": "13×13",
            "option.first_player": "Chi comincia",
            "option.first_player.white": "Bianco",
            "option.first_player.black": "Nero",
            "reason.six": "sei in fila",
            "message.one-stone": "Il {player} comincia con una sola pedina.",
            "message.two-stones": "Il {player} colloca due pedine: da ora ogni mossa ne "
                                  "colloca due.",
        },
    }
