"""Go (traditional, after the magazine's lesson), RULES.md section 13.

The contract other code relies on (the Go bot is written against it):

* ``GoState`` is a frozen, hashable dataclass with at least
  - ``board: tuple[int, ...]`` of length ``size * size``, index ``row * size + col`` with row 0
    the bottom rank (``1``) and col 0 the column ``a`` (the letter i is skipped); 0 is an
    empty point, 1 a stone of player 0 (**Black**), 2 a stone of player 1 (**White**);
  - ``to_move: int`` (0 or 1);
  - ``ko: int``, the point where a play is forbidden by the simple-ko rule now, else -1;
  - ``phase: str``, ``"play"``, ``"marking"`` or ``"over"``;
  - ``prisoners: tuple[int, int]``, the stones Black and White have captured so far.
* Moves are tuples: a play is ``(index,)``; a pass ``("pass",)``; in the marking phase a
  proposal is ``("dead", i, j, ...)`` (the proposed dead stones, ascending by column then row;
  ``("dead",)`` proposes none), ``("accept",)`` and ``("resume",)``.
* The game object exposes ``size`` (points per side) and ``names`` (index -> cell name).

Rules in short (section 13): Black (player 0) moves first, after White only when handicap
stones stand on the board.  A play that leaves an opponent chain without liberties captures it;
a play that leaves its own chain without liberties is illegal unless it captures (suicide).
``ko=simple`` forbids recreating the board of just before the previous ply and ends the game
drawn when a play creates, for the third time, the same board with the same player to move
(a long cycle); ``ko=superko`` forbids recreating any earlier board.  Two passes open the
marking phase: the players propose the dead stones (at most four proposals), then ``accept``
ends the game and scores it, ``resume`` returns to play, and two passes straight after a
resume score the board as it stands.  ``max_plies`` (every ply counts) opens the marking
phase when reached; after it a ``resume`` ends the game as it stands.

Resignation is not a ply here: the room has its own Resign button, which ends the game for
every game alike outside the record of plies (``web/app.js`` ``resign``), and an imported SGF
record's ``W+R`` / ``B+R`` is read by ``notation`` as that same ending.  A ``resign`` ply would
give Go a second, different way to do what the room already does.

Options whose default depends on others use a sentinel: ``komi=auto`` means 6.5 under
territory scoring, 7.5 under area scoring and 0.5 with a handicap (13.4, 13.8); ``max_plies=0``
means 4 x size x size (13.2.9).

The page draws the board as cells (one square per point, like Connect6): the grid module has
no lines-and-points board yet.  The hoshi (the handicap points) are tinted.
"""

from __future__ import annotations

import random
import re
import zlib
from dataclasses import dataclass, field
from functools import lru_cache

from ..core import MAX_PLIES, Game, IllegalMove, InvalidMove, Option, Outcome, piece, register
from ..grid.square import on_the_lines
from ..messages import Problem, excerpt

EMPTY, BLACK_STONE, WHITE_STONE = 0, 1, 2      # a stone of player p is p + 1
LETTERS = "abcdefghjklmnopqrst"                # Go columns: the letter i is skipped
SIZES = ("19", "13", "9")
HANDICAPS = ("0", "2", "3", "4", "5", "6", "7", "8", "9")
KOMI_CHOICES = ("auto", "0", "0.5", "5.5", "6.5", "7.5")
MAX_PROPOSALS = 4
PASS, DEAD, ACCEPT, RESUME = "pass", "dead", "accept", "resume"
SGF_LETTERS = "abcdefghijklmnopqrs"           # SGF counts every column, i included
CELL = re.compile(r"([a-z])([0-9]{1,2})")
ESTIMATE_PLAYOUTS = 24


# -- the geometry of one board size ----------------------------------------------------------
class Board:
    """Names, neighbours and the name order of the points of a ``size`` x ``size`` board."""

    def __init__(self, size: int):
        self.size = size
        self.points = size * size
        self.names = tuple(f"{LETTERS[i % size]}{i // size + 1}" for i in range(self.points))
        self.index = {name: i for i, name in enumerate(self.names)}
        self.neighbours = tuple(self._neighbours(i) for i in range(self.points))
        # ascending name order: by column letter, then row number (moves and proposals)
        self.column_order = tuple(sorted(range(self.points), key=lambda i: (i % size, i // size)))
        rank = [0] * self.points
        for place, cell in enumerate(self.column_order):
            rank[cell] = place
        self.rank = tuple(rank)

    def _neighbours(self, cell: int) -> tuple[int, ...]:
        row, col = divmod(cell, self.size)
        out = []
        for drow, dcol in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            r, c = row + drow, col + dcol
            if 0 <= r < self.size and 0 <= c < self.size:
                out.append(r * self.size + c)
        return tuple(out)

    def cell(self, name: str) -> int | None:
        return self.index.get(name)

    def handicap_points(self, stones: int) -> tuple[int, ...]:
        """The fixed handicap points of 13.5 (the GTP layout), in the order they are given."""
        if stones < 2:
            return ()
        low = 2 if self.size < 13 else 3
        high, mid = self.size - 1 - low, self.size // 2
        at = lambda col, row: row * self.size + col
        corners = [at(low, low), at(high, high), at(low, high), at(high, low)]
        sides = [at(low, mid), at(high, mid)]          # d10 q10 on 19x19
        ends = [at(mid, low), at(mid, high)]           # k4 k16
        centre = at(mid, mid)
        if stones <= 4:
            return tuple(corners[:stones])
        if stones == 5:
            return tuple(corners + [centre])
        if stones == 6:
            return tuple(corners + sides)
        if stones == 7:
            return tuple(corners + sides + [centre])
        if stones == 8:
            return tuple(corners + sides + ends)
        return tuple(corners + sides + ends + [centre])


@lru_cache(maxsize=None)
def board_geometry(size: int) -> Board:
    return Board(size)


# -- chains, liberties, regions (plain flood fills) --------------------------------------------
def chain_at(board, cell: int, neighbours) -> tuple[set[int], set[int]]:
    """The chain holding ``cell`` and its liberties."""
    colour = board[cell]
    chain, liberties, todo = {cell}, set(), [cell]
    while todo:
        for n in neighbours[todo.pop()]:
            if board[n] == colour and n not in chain:
                chain.add(n)
                todo.append(n)
            elif board[n] == EMPTY:
                liberties.add(n)
    return chain, liberties


def chains(board, neighbours) -> list[tuple[set[int], set[int]]]:
    """Every chain on the board with its liberties."""
    seen, out = set(), []
    for cell, value in enumerate(board):
        if value != EMPTY and cell not in seen:
            chain, liberties = chain_at(board, cell, neighbours)
            seen |= chain
            out.append((chain, liberties))
    return out


def has_liberty(board, cell: int, neighbours) -> bool:
    """Whether the chain holding ``cell`` has a liberty (a flood fill that stops at the first
    one found: most chains have one next to the stone looked at)."""
    colour = board[cell]
    seen, todo = {cell}, [cell]
    while todo:
        for n in neighbours[todo.pop()]:
            value = board[n]
            if value == EMPTY:
                return True
            if value == colour and n not in seen:
                seen.add(n)
                todo.append(n)
    return False


def place(board: list, cell: int, colour: int, neighbours) -> list[int] | None:
    """Put a ``colour`` stone on ``cell`` of the list ``board`` and take the opponent chains
    left without liberties: the captured cells, or None (``board`` unchanged) for a suicide."""
    board[cell] = colour
    captured = []
    for n in neighbours[cell]:
        if board[n] == 3 - colour and not has_liberty(board, n, neighbours):
            chain = chain_at(board, n, neighbours)[0]
            for stone in chain:
                board[stone] = EMPTY
            captured.extend(chain)
    if not captured and not has_liberty(board, cell, neighbours):
        board[cell] = EMPTY
        return None
    return captured


def regions(board, neighbours) -> list[tuple[set[int], set[int]]]:
    """Every region (maximal connected set of empty points) and the colours it reaches."""
    seen, out = set(), []
    for cell, value in enumerate(board):
        if value == EMPTY and cell not in seen:
            region, reaches, todo = {cell}, set(), [cell]
            while todo:
                for n in neighbours[todo.pop()]:
                    if board[n] == EMPTY and n not in region:
                        region.add(n)
                        todo.append(n)
                    elif board[n] != EMPTY:
                        reaches.add(board[n])
            seen |= region
            out.append((region, reaches))
    return out


def seki_points(board, neighbours) -> set[int]:
    """The dame points where a stone of either colour would capture nothing and leave its own
    chain with fewer than two liberties (13.4)."""
    out = set()
    for region, reaches in regions(board, neighbours):
        if reaches != {BLACK_STONE, WHITE_STONE}:
            continue
        for cell in region:
            if all(self_atari(board, cell, colour, neighbours)
                   for colour in (BLACK_STONE, WHITE_STONE)):
                out.add(cell)
    return out


def self_atari(board, cell: int, colour: int, neighbours) -> bool:
    """Whether a ``colour`` stone on the empty ``cell`` captures nothing and leaves its chain
    with fewer than two liberties (a suicide counts: it leaves none)."""
    trial = list(board)
    captured = place(trial, cell, colour, neighbours)
    if captured is None:
        return True
    return not captured and len(chain_at(trial, cell, neighbours)[1]) < 2


def unit_of(board, cell: int, neighbours) -> set[int]:
    """The stones toggled by a click on ``cell`` in the marking phase (13.3.5): every stone of
    its colour in the connected set of points that are empty or of that colour."""
    colour = board[cell]
    if colour == EMPTY:
        return set()
    area, todo = {cell}, [cell]
    while todo:
        for n in neighbours[todo.pop()]:
            if board[n] in (EMPTY, colour) and n not in area:
                area.add(n)
                todo.append(n)
    return {c for c in area if board[c] == colour}


# -- the state --------------------------------------------------------------------------------
@dataclass(frozen=True, repr=False)
class GoState:
    """A position (see the module docstring for the fields the bot relies on).

    ``plies`` counts every ply so far (for ``max_plies``); ``passes`` the passes in a row in
    the play phase; ``resumed`` is true from a ``resume`` until the next play, so that two
    passes straight after it score the board as is; ``proposal`` is the proposal just made
    (None when the last ply was not one); ``proposals`` counts those of this marking phase;
    ``history`` holds the board and player to move after the start and after every play, in
    order (the ko rules and the long cycles read it).  The outcome is worked out once, when the
    ply that ends the game is applied, and takes no part in equality."""

    board: tuple[int, ...]
    to_move: int
    ko: int = -1
    phase: str = "play"
    prisoners: tuple[int, int] = (0, 0)
    plies: int = 0
    passes: int = 0
    resumed: bool = False
    proposal: tuple[int, ...] | None = None
    proposals: int = 0
    history: tuple[tuple[tuple[int, ...], int], ...] = ()
    outcome: Outcome | None = field(default=None, compare=False)

    def __repr__(self) -> str:
        return (f"GoState(phase={self.phase}, plies={self.plies}, to_move={self.to_move}, "
                f"stones={len(self.board) - self.board.count(EMPTY)})")


class KomiOption(Option):
    """``komi``: ``auto`` or any multiple of 0.5 from 0 to 100 (the New game dialog offers the
    usual values as choices; a spec may name any other)."""

    def parse(self, game: str, text: str):
        text = text.strip()
        if text == "auto":
            return text
        if re.fullmatch(r"\d{1,3}(?:\.[05]0*)?|\d{0,3}\.[05]0*", text) and float(text) <= 100:
            return format_points(float(text))
        raise Problem("go.komi", value=excerpt(text))


def format_points(value: float) -> str:
    """6.5 -> "6.5", 7.0 -> "7": how the room writes points and komi."""
    return str(int(value)) if value == int(value) else str(value)


def points(value: float) -> int | float:
    """A score as an int when whole, else the float (Outcome.scores shows it as written)."""
    return int(value) if value == int(value) else value


@register
class Go(Game):
    name = "go"
    title = "Go"
    author = "traditional"
    minutes = 30
    rule_diagrams = (
        {"caption": "setup", "spec": "go(size=9)"},
        {"caption": "try", "spec": "go(size=9)", "playout": 29, "plies": 10, "try": True},
        {"caption": "win", "spec": "go(size=9)", "playout": 29},
    )
    options = (
        Option("size", "19", choices=SIZES, help="points along each side of the board"),
        Option("scoring", "territory", choices=("territory", "area"),
               help="territory and prisoners (Japanese) or stones and territory (Chinese)"),
        Option("ko", "simple", choices=("simple", "superko"),
               help="simple ko with a draw on long cycles, or positional superko"),
        KomiOption("komi", "auto", choices=KOMI_CHOICES,
                   help="points added to White's score; auto: 6.5 territory, 7.5 area, "
                        "0.5 with a handicap"),
        Option("handicap", "0", choices=HANDICAPS, help="Black's stones set on the board before "
                                                        "White's first move"),
        # the marking phase after the limit adds at most the proposals and an answer: the
        # whole record must still fit in the longest one the room opens again (core.MAX_PLIES)
        Option("max_plies", 0, low=0, high=MAX_PLIES - MAX_PROPOSALS - 1, hidden=True,
               help="plies after which the marking phase opens; 0: four times the points"),
    )

    def __init__(self, **values):
        for key in ("size", "handicap", "komi"):   # Go(size=9) reads as the spec go(size=9)
            if key in values and not isinstance(values[key], str):
                values[key] = format_points(values[key]) if key == "komi" else str(values[key])
        super().__init__(**values)
        if "komi" in values:          # the canonical text: komi=7.0 is komi=7
            komi = next(option for option in self.options if option.name == "komi")
            self.settings["komi"] = komi.parse(self.name, values["komi"])
        if self.settings["handicap"] == "1":
            raise Problem("option.choice", game=self.name, option="handicap", value="1",
                          choices=list(HANDICAPS))
        self.size = int(self.settings["size"])
        self.geo = board_geometry(self.size)
        self.names = self.geo.names
        self.handicap = int(self.settings["handicap"])
        self.area = self.settings["scoring"] == "area"
        self.superko = self.settings["ko"] == "superko"
        komi = self.settings["komi"]
        if komi == "auto":
            self.komi = 0.5 if self.handicap else (7.5 if self.area else 6.5)
        else:
            self.komi = float(komi)
        self.max_plies = self.settings["max_plies"] or 4 * self.size * self.size

    # -- set-up ---------------------------------------------------------------------------------
    def initial_state(self) -> GoState:
        board = [EMPTY] * self.geo.points
        for cell in self.geo.handicap_points(self.handicap):
            board[cell] = BLACK_STONE
        return self.start(tuple(board), 1 if self.handicap else 0)

    def start(self, board: tuple[int, ...], to_move: int, prisoners=(0, 0)) -> GoState:
        return GoState(board, to_move, prisoners=tuple(prisoners), history=((board, to_move),))

    def position(self, black, white, to_move: int = 0, prisoners=(0, 0)) -> GoState:
        """A set-up: Black's stones on ``black``, White's on ``white`` (names, or one string of
        names separated by spaces); the start position for the ko rules (13.7).  ValueError
        for a point named twice or a chain without liberties."""
        board = [EMPTY] * self.geo.points
        for colour, names in ((BLACK_STONE, black), (WHITE_STONE, white)):
            for name in names.split() if isinstance(names, str) else names:
                cell = self.cell(name)
                if board[cell] != EMPTY:
                    raise ValueError(f"{name} is named twice")
                board[cell] = colour
        if any(not liberties for _, liberties in chains(board, self.geo.neighbours)):
            raise ValueError("a chain of the set-up has no liberty")
        return self.start(tuple(board), to_move, prisoners)

    # -- positions as text (problems, set-ups) ----------------------------------------------
    def position_counters(self, state: GoState) -> dict[str, object]:
        """Each side's prisoners (the territory count adds them); the ko rules start afresh
        from a position read back, as from any set-up (13.7)."""
        return {"prisoners_black": state.prisoners[0], "prisoners_white": state.prisoners[1]}

    def position_from(self, pieces, mover: int, counters) -> GoState:
        """A set-up in the play phase: the stones, the player to move (``w`` writes the first
        player, Black) and the prisoners; a chain without liberties is refused."""
        board = self.cells_of(pieces, {"stone.0": BLACK_STONE, "stone.1": WHITE_STONE},
                              self.geo.points, self.cell)
        prisoners = tuple(self.counter(counters, name, 0, self.geo.points)
                          for name in ("prisoners_black", "prisoners_white"))
        if any(not liberties for _, liberties in chains(board, self.geo.neighbours)):
            chain = next(stones for stones, liberties in chains(board, self.geo.neighbours)
                         if not liberties)
            cell = min(chain)
            raise Problem("position.piece", piece=piece("stone", board[cell] - 1),
                          cell=self.names[cell], game=self.title)
        return self.start(tuple(board), mover, prisoners)

    def cell(self, name: str) -> int:
        """The index of the point called ``name`` (any case); ValueError if there is none."""
        index = self.geo.cell(name.strip().lower()) if isinstance(name, str) else None
        if index is None:
            raise ValueError(f"{excerpt(name)} is not a point of the {self.size}x{self.size} board")
        return index

    # -- the rules --------------------------------------------------------------------------------
    def to_move(self, state: GoState) -> int:
        return state.to_move

    def legal_moves(self, state: GoState) -> list:
        """Play phase: every legal play in ascending name order, then ``pass``.  Marking phase
        (while proposals are left): the computer's estimate of the dead stones, ``dead`` (none)
        if the estimate names some, ``accept`` after a proposal, and ``resume``.  Any other
        proposal of whole chains is legal too (``play`` and ``parse_move`` take it) but is not
        listed: there are too many."""
        if state.phase == "over":
            return []
        if state.phase == "marking":
            moves = []
            if state.proposals < MAX_PROPOSALS:
                estimate = (DEAD, *self.estimate(state.board))
                moves += [estimate] if len(estimate) == 1 else [estimate, (DEAD,)]
            if state.proposal is not None:
                moves.append((ACCEPT,))
            return moves + [(RESUME,)]
        return [(cell,) for cell in self.legal_plays(state)] + [(PASS,)]

    def legal_plays(self, state: GoState) -> list[int]:
        board, colour = state.board, state.to_move + 1
        neighbours = self.geo.neighbours
        liberty_count = {}
        for chain, liberties in chains(board, neighbours):
            for stone in chain:
                liberty_count[stone] = len(liberties)
        out = []
        for cell in self.geo.column_order:
            if board[cell] != EMPTY or cell == state.ko:
                continue
            if not any(board[n] == EMPTY or (board[n] == colour) == (liberty_count[n] > 1)
                       for n in neighbours[cell]):
                continue      # a suicide: no liberty, no safe friend, no capture
            if self.superko and self.repeats(state, cell):
                continue
            out.append(cell)
        return out

    def repeats(self, state: GoState, cell: int) -> bool:
        """Whether playing ``cell`` recreates a board of the game's history (superko)."""
        board = list(state.board)
        place(board, cell, state.to_move + 1, self.geo.neighbours)
        board = tuple(board)
        return any(board == earlier for earlier, _ in state.history)

    def why_illegal(self, state: GoState, move) -> Problem | None:
        """None if ``move`` is legal in ``state``, else the Problem that says why."""
        name = self.describe_move(move)
        if state.phase == "over":
            return IllegalMove("move.game-over", move=name)
        kind = move[0]
        if state.phase == "play":
            if kind in (DEAD, ACCEPT, RESUME):
                return IllegalMove("go.not-marking", move=name)
            if kind == PASS:
                return None
            cell = kind
            if state.board[cell] != EMPTY:
                return IllegalMove("move.occupied", cell=name)
            if cell == state.ko:
                return IllegalMove("go.ko", cell=name)
            if place(list(state.board), cell, state.to_move + 1, self.geo.neighbours) is None:
                return IllegalMove("go.suicide", cell=name)
            if self.superko and self.repeats(state, cell):
                return IllegalMove("go.superko", cell=name)
            return None
        if kind not in (DEAD, ACCEPT, RESUME):
            return IllegalMove("go.marking")
        if kind == ACCEPT and state.proposal is None:
            return IllegalMove("go.no-proposal")
        if kind == DEAD:
            if state.proposals >= MAX_PROPOSALS:
                return IllegalMove("go.proposals")
            return self.proposal_problem(state.board, move[1:])
        return None

    def proposal_problem(self, board, cells) -> Problem | None:
        """Why ``cells`` is not a proposal (occupied points, whole chains, name order)."""
        for cell in cells:
            if board[cell] == EMPTY:
                return IllegalMove("go.empty-point", cell=self.names[cell])
        listed = set(cells)
        if list(cells) != sorted(listed, key=self.geo.rank.__getitem__):
            canonical = self.move_name((DEAD, *sorted(listed, key=self.geo.rank.__getitem__)))
            return IllegalMove("go.order", move=canonical)
        for cell in cells:
            missing = chain_at(board, cell, self.geo.neighbours)[0] - listed
            if missing:
                return IllegalMove("go.whole-chain",
                                   cell=self.names[min(missing, key=self.geo.rank.__getitem__)])
        return None

    def play(self, state: GoState, move) -> GoState:
        """The state after ``move``; IllegalMove saying why if it is not legal (a proposal
        need not be one of those ``legal_moves`` lists)."""
        if not isinstance(move, tuple) or not move or not self.well_formed(move):
            raise IllegalMove("move.not-legal", move=excerpt(repr(move), quoted=False))
        problem = self.why_illegal(state, move)
        if problem is not None:
            raise problem
        return self.apply(state, move)

    def well_formed(self, move: tuple) -> bool:
        cells = move[1:] if move[0] == DEAD else move if isinstance(move[0], int) else ()
        if isinstance(move[0], int) and len(move) != 1:
            return False
        if isinstance(move[0], str) and move[0] not in (PASS, DEAD, ACCEPT, RESUME):
            return False
        if move[0] in (PASS, ACCEPT, RESUME) and len(move) != 1:
            return False
        return all(isinstance(c, int) and 0 <= c < self.geo.points for c in cells)

    def apply(self, state: GoState, move) -> GoState:
        kind = move[0]
        plies = state.plies + 1
        if kind == PASS:
            return self.after_pass(state, plies)
        if kind == DEAD:
            return GoState(state.board, 1 - state.to_move, -1, "marking", state.prisoners, plies,
                           proposal=tuple(move[1:]), proposals=state.proposals + 1,
                           history=state.history)
        if kind == ACCEPT:
            return self.finish(state, plies, dead=state.proposal)
        if kind == RESUME:
            if self.resume_ends(state):
                return self.finish(state, plies, dead=())
            return GoState(state.board, 1 - state.to_move, -1, "play", state.prisoners, plies,
                           resumed=True, history=state.history)
        return self.after_play(state, kind, plies)

    def resume_ends(self, state: GoState) -> bool:
        """Whether a ``resume`` now ends the game as is instead of restarting play: past
        ``max_plies`` (13.3.4)."""
        return state.plies >= self.max_plies

    def after_play(self, state: GoState, cell: int, plies: int) -> GoState:
        board = list(state.board)
        mover = state.to_move
        captured = place(board, cell, mover + 1, self.geo.neighbours)
        board = tuple(board)
        ko = -1
        if len(captured) == 1:
            chain, liberties = chain_at(board, cell, self.geo.neighbours)
            if len(chain) == 1 and len(liberties) == 1:
                ko = captured[0]
        prisoners = list(state.prisoners)
        prisoners[mover] += len(captured)
        key = (board, 1 - mover)
        history = state.history + (key,)
        base = GoState(board, 1 - mover, ko, "play", tuple(prisoners), plies, history=history)
        if not self.superko and state.history[1:].count(key) >= 2:   # [0]: the start
            return GoState(board, 1 - mover, ko, "over", tuple(prisoners), plies, history=history,
                           outcome=Outcome(None, "long-cycle"))
        if plies >= self.max_plies:
            return self.open_marking(base)
        return base

    def after_pass(self, state: GoState, plies: int) -> GoState:
        passes = state.passes + 1
        if passes >= 2 and state.resumed:
            return self.finish(state, plies, dead=())
        following = GoState(state.board, 1 - state.to_move, -1, "play", state.prisoners, plies,
                            passes, state.resumed, history=state.history)
        if passes >= 2 or plies >= self.max_plies:
            return self.open_marking(following)
        return following

    def open_marking(self, state: GoState) -> GoState:
        return GoState(state.board, state.to_move, -1, "marking", state.prisoners, state.plies,
                       history=state.history)

    def finish(self, state: GoState, plies: int, dead) -> GoState:
        """The game over: ``dead`` removed (prisoners of the captor under territory scoring),
        then the count of 13.4."""
        board = list(state.board)
        prisoners = list(state.prisoners)
        for cell in dead:
            prisoners[2 - board[cell]] += 1      # a dead Black stone (1) is White's prisoner
            board[cell] = EMPTY
        board, prisoners = tuple(board), tuple(prisoners)
        black, white = self.score(board, prisoners)
        winner = None if black == white else (0 if black > white else 1)
        outcome = Outcome(winner, "score", scores=(points(black), points(white)))
        return GoState(board, 1 - state.to_move, -1, "over", prisoners, plies,
                       history=state.history, outcome=outcome)

    # -- the count --------------------------------------------------------------------------------
    def score(self, board, prisoners) -> tuple[float, float]:
        """Black's and White's scores for the board as it stands (13.4), komi included."""
        black, white = (len(cells) for cells in self.territory(board))
        if self.area:
            black += board.count(BLACK_STONE)
            white += board.count(WHITE_STONE) + (self.handicap - 1 if self.handicap else 0)
            return black, white + self.komi
        return black + prisoners[0], white + prisoners[1] + self.komi

    def territory(self, board) -> tuple[list[int], list[int]]:
        """The empty points that count for Black and for White (13.4): those of the regions
        that reach one colour only; under territory scoring, not those next to a chain in
        seki."""
        neighbours = self.geo.neighbours
        in_seki = set()
        if not self.area:
            for point in seki_points(board, neighbours):
                for n in neighbours[point]:
                    if board[n] != EMPTY and n not in in_seki:
                        in_seki |= chain_at(board, n, neighbours)[0]
        black, white = [], []
        for region, reaches in regions(board, neighbours):
            if len(reaches) != 1 or any(n in in_seki for cell in region
                                        for n in neighbours[cell]):
                continue
            (black if reaches == {BLACK_STONE} else white).extend(region)
        return black, white

    def count_with(self, state: GoState, dead) -> tuple[float, float]:
        """The scores if the stones ``dead`` were agreed dead now."""
        return self.score(*self.without(state, dead))

    def without(self, state: GoState, dead) -> tuple[tuple, tuple]:
        """The board and the prisoners once the stones ``dead`` are taken off as prisoners."""
        board, prisoners = list(state.board), list(state.prisoners)
        for cell in dead:
            prisoners[2 - board[cell]] += 1
            board[cell] = EMPTY
        return tuple(board), tuple(prisoners)

    def owned(self, board) -> list[list[str]]:
        """The names of the points that count for Black and for White (``territory``)."""
        return [[self.names[c] for c in sorted(cells, key=self.geo.rank.__getitem__)]
                for cells in self.territory(board)]

    def unit(self, state: GoState, cell) -> tuple[str, ...]:
        """The stones a click on ``cell`` (a name or an index) toggles in the marking phase
        (13.3.5), by name in ascending order; none for an empty point."""
        index = self.cell(cell) if isinstance(cell, str) else cell
        stones = unit_of(state.board, index, self.geo.neighbours)
        return tuple(self.names[c] for c in sorted(stones, key=self.geo.rank.__getitem__))

    def estimate(self, board: tuple[int, ...]) -> tuple[int, ...]:
        """The computer's estimate of the dead stones (13.3.6), in ascending name order."""
        return _estimate(self.size, board)

    def toggle(self, state: GoState, marked=None) -> dict | None:
        """The marking phase as a move built by taps (13.3.5, ``Game.toggle``), while proposals
        are left.  The marks start from the proposal just made, else from the computer's
        estimate; ``marked`` (names) replaces them, each named stone taking its whole chain,
        so that the proposal they make is always a legal one."""
        if state.phase != "marking" or state.proposals >= MAX_PROPOSALS:
            return None
        board, rank, neighbours = state.board, self.geo.rank.__getitem__, self.geo.neighbours
        if marked is None:
            dead = state.proposal if state.proposal is not None else self.estimate(board)
        else:
            dead = set()
            for cell in (self.read_cell(name.lower()) for name in marked):
                if board[cell] != EMPTY and cell not in dead:
                    dead |= chain_at(board, cell, neighbours)[0]
            dead = tuple(sorted(dead, key=rank))
        units, seen = [], set()
        for cell in self.geo.column_order:
            if board[cell] != EMPTY and cell not in seen:
                unit = unit_of(board, cell, neighbours)
                seen |= unit
                units.append([self.names[c] for c in sorted(unit, key=rank)])
        cleared, prisoners = self.without(state, dead)
        black, white = self.score(cleared, prisoners)
        marks = {"owned": self.owned(cleared)}
        if state.proposal is not None and set(dead) == set(state.proposal):
            marks.update(self.marks(state))          # the proposal on the table, as it was made
        else:
            marks["message"] = {"key": "marks", "params": {
                "player": state.to_move,
                "scores": f"{format_points(black)}\u2013{format_points(white)}"}}
        return {"units": units, "marked": [self.names[c] for c in dead],
                "move": {"name": self.move_name((DEAD, *dead)), "clicks": [],
                         "words": ["move.propose", {}]},
                "covers": [self.move_name(m) for m in self.legal_moves(state) if m[0] == DEAD],
                "marks": marks}

    def outcome(self, state: GoState) -> Outcome | None:
        return state.outcome

    # -- captures (the problems' goal capture:N, tavoliere.problems) ----------------------------
    # A game ends only when both players pass: a defender never lets a win come, so a Go
    # problem's goal is a capture.
    problem_goals = ("capture",)

    def captures(self, state: GoState) -> tuple[int, int] | None:
        """The stones Black and White have captured so far; None once play has stopped (the
        marking phase and the end): dead stones taken off at the count are no captures."""
        return state.prisoners if state.phase == "play" else None

    def capture_move(self, state: GoState):
        """A play of the side to move that captures now, or None when no legal play does:
        exactly the last liberty of an opponent chain in atari, unless the ko rule forbids it
        (13.7; such a play is never a suicide, since it captures).  The first in name order."""
        if state.phase != "play":
            return None
        opponent = 2 - state.to_move
        for cell in sorted(self._atari_liberties(state.board, opponent),
                           key=self.geo.rank.__getitem__):
            if cell != state.ko and not (self.superko and self.repeats(state, cell)):
                return (cell,)
        return None

    def capture_defences(self, state: GoState):
        """The defender's plies worth searching when the attacker (the other side) has one
        move left to capture: ``("escape", pass)`` when after a pass no capture is there;
        otherwise ``("search", moves)``: the plays on a liberty of a chain in atari, of
        either colour.  Any other play leaves every defender chain in atari as it was (a
        stone joins or frees a chain only next to it, on its one liberty), captures nothing
        and clears the ko point, so the capture stays there to be played.  Under superko a
        play elsewhere changes the history, so then every ply is searched."""
        passed = self.apply(state, (PASS,))
        if self.capture_move(passed) is None:
            return "escape", (PASS,)
        moves = self.legal_moves(state)
        if self.superko:
            return "search", moves
        hot = (self._atari_liberties(state.board, 1) | self._atari_liberties(state.board, 2))
        return "search", [move for move in moves if move[0] in hot]

    def defence_order(self, state: GoState, moves: list) -> list:
        """``moves`` of the side to move, the most urgent first: the plays on a liberty of
        its chains with the fewest liberties (extending, escaping), then the others as
        listed.  Among equally long defences a problem shows the first, so the reader sees
        the threatened stones run, not a stone dropped in a far corner."""
        colour, urgency = state.to_move + 1, {}
        for chain, liberties in chains(state.board, self.geo.neighbours):
            if state.board[next(iter(chain))] == colour:
                for cell in liberties:
                    urgency[cell] = min(urgency.get(cell, len(liberties)), len(liberties))
        far = self.geo.points
        return sorted(moves, key=lambda move: urgency.get(move[0], far))

    def _atari_liberties(self, board, colour: int) -> set[int]:
        """The liberties of the ``colour`` chains that have only one."""
        return {next(iter(liberties)) for chain, liberties in chains(board, self.geo.neighbours)
                if len(liberties) == 1 and board[next(iter(chain))] == colour}

    # -- notation ---------------------------------------------------------------------------------
    def move_name(self, move) -> str:
        kind = move[0]
        if isinstance(kind, int):
            return self.names[kind]
        if kind == DEAD and len(move) > 1:
            return "dead:" + ",".join(self.names[c] for c in move[1:])
        return kind

    def move_words(self, move):
        """A proposal of dead stones reads as its stones ("Dead: b7, h3, h7"), on its button
        and in the move list."""
        if move[0] == DEAD and len(move) > 1:
            return "move.dead-stones", {"stones": ", ".join(self.names[c] for c in move[1:])}
        return None

    def clicks(self, move) -> tuple[str, ...]:
        """A play is its point; the other plies are buttons."""
        return (self.names[move[0]],) if isinstance(move[0], int) else ()

    def parse_move(self, text: str, state: GoState):
        """A point (``q16``, any case), ``pass``, ``dead`` or ``dead:c3,c4``, ``accept``,
        ``resume``; IllegalMove saying why one is not legal here."""
        move = self.read(text)
        problem = self.why_illegal(state, move)
        if problem is not None:
            raise problem
        return move

    def check_notation(self, text: str) -> None:
        self.read(text)

    def read(self, text: str) -> tuple:
        """The move written as ``text``; InvalidMove if it is not one of the notation."""
        if not isinstance(text, str):
            raise InvalidMove("move.notation", move=excerpt(text), title=self.title)
        word = text.strip().lower()
        if word in (PASS, DEAD, ACCEPT, RESUME):
            return (word,)
        if word.startswith("dead:"):
            return (DEAD, *(self.read_cell(name) for name in word[5:].split(",")))
        return (self.read_cell(word),)

    def read_cell(self, name: str) -> int:
        name = name.strip()
        if not CELL.fullmatch(name):
            raise InvalidMove("move.notation", move=excerpt(name), title=self.title)
        cell = self.geo.cell(name)
        if cell is None:
            raise InvalidMove("board.not-a-cell", cell=excerpt(name), side=self.size)
        return cell

    # -- SGF (read and written by ``notation``, which asks the game for these) ------------------
    sgf_gm = "1"          # GM[1]: Go
    sgf_colours = "BW"    # the SGF letter of player 0, then player 1

    def sgf_root(self) -> list[tuple[str, str]]:
        """The game's root properties: SZ, KM, HA and AB (the handicap stones), RU (Japanese
        for territory scoring, Chinese for area) and TS, our full spec (a private property:
        the other options have no SGF property)."""
        root = [("SZ", str(self.size)), ("KM", format_points(self.komi))]
        if self.handicap:
            root.append(("HA", str(self.handicap)))
            root += [("AB", self.sgf_point(cell))
                     for cell in self.geo.handicap_points(self.handicap)]
        return root + [("RU", "Chinese" if self.area else "Japanese"), ("TS", self.spec)]

    @classmethod
    def sgf_spec(cls, root: dict[str, list[str]]) -> str:
        """Our spec for an SGF root (each property with its values): TS when we wrote it, else
        SZ, KM, HA and RU; the AB stones must be the fixed handicap points of HA."""
        if root.get("TS", [""])[0].startswith("go"):
            return root["TS"][0]
        size = (root.get("SZ") or ["19"])[0].strip()
        if size not in SIZES:
            raise Problem("go.sgf-size", size=excerpt(size))
        options = [f"size={size}"]
        rules = (root.get("RU") or [""])[0].strip().lower()
        if rules in ("chinese", "aga", "nz", "tromp-taylor", "area"):
            options.append("scoring=area")
        handicap = (root.get("HA") or ["0"])[0].strip() or "0"
        if handicap not in HANDICAPS:
            raise Problem("go.sgf-handicap", handicap=excerpt(handicap))
        if handicap != "0":
            options.append(f"handicap={handicap}")
        if root.get("KM"):
            options.append(f"komi={root['KM'][0].strip()}")
        game = cls(**dict(option.split("=") for option in options))
        expected = sorted(game.sgf_point(c) for c in game.geo.handicap_points(game.handicap))
        if sorted(v.strip() for v in root.get("AB", [])) != expected or root.get("AW"):
            raise Problem("go.sgf-setup", stones=excerpt(" ".join(root.get("AB", []))))
        return game.spec

    def sgf_point(self, cell: int) -> str:
        """SGF coordinates of a point: x counts the columns with i, y = size - row (13.1)."""
        row, col = divmod(cell, self.size)
        return SGF_LETTERS[col] + SGF_LETTERS[self.size - 1 - row]

    def sgf_ply(self, move) -> tuple[str, str]:
        """(property, value) of a ply's node: plays and passes are B[...] / W[...] (a pass is
        empty); the marking plies, which SGF has no words for, are TP[dead:...] etc."""
        if isinstance(move[0], int):
            return "", self.sgf_point(move[0])
        return ("", "") if move[0] == PASS else ("TP", self.move_name(move))

    def sgf_move(self, value: str) -> str:
        """Our name of an SGF B[...] / W[...] value: a point, or ``pass`` (empty, or ``tt``
        on boards up to 19x19)."""
        value = value.strip().lower()
        if value in ("", "tt"):
            return PASS
        if len(value) != 2 or any(c not in SGF_LETTERS[:self.size] for c in value):
            raise InvalidMove("go.sgf-point", point=excerpt(value), side=self.size)
        col, row = SGF_LETTERS.index(value[0]), self.size - 1 - SGF_LETTERS.index(value[1])
        return self.names[row * self.size + col]

    def sgf_result(self, outcome: Outcome) -> str:
        """RE: ``B+7.5``, ``W+0.5``, ``0`` for a draw."""
        if outcome.winner is None:
            return "0"
        margin = abs(outcome.scores[0] - outcome.scores[1])
        return f"{self.sgf_colours[outcome.winner]}+{format_points(margin)}"

    # -- what the page and the tools see ----------------------------------------------------------
    def pieces(self, state: GoState) -> dict[str, str]:
        return {self.names[cell]: piece("stone", value - 1)
                for cell, value in enumerate(state.board) if value != EMPTY}

    def layout(self) -> dict:
        """One square per point (what a tap finds), drawn as lines crossing at the points,
        columns lettered without i, rows numbered from the bottom; the handicap points
        (hoshi) dotted."""
        margin, size = 0.7, self.size
        hoshi = set(self.geo.handicap_points(9 if size >= 13 else 5))  # 9x9: the usual five
        cells = []
        for cell, name in enumerate(self.names):
            row, col = divmod(cell, size)
            x, y = margin + col, margin + (size - 1 - row)
            cells.append({"name": name, "x": x + 0.5, "y": y + 0.5,
                          "points": [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1]]})
        labels = [{"text": LETTERS[c], "x": margin + c + 0.5, "y": margin + size + margin / 2}
                  for c in range(size)]
        labels += [{"text": str(r + 1), "x": margin / 2, "y": margin + size - 1 - r + 0.5}
                   for r in range(size)]
        # the first player's stones are Black's, so seat 0 takes the room's dark colour
        return on_the_lines({"kind": "square", "width": size + 2 * margin,
                             "height": size + 2 * margin, "cells": cells, "labels": labels,
                             "palette": [1, 0]}, dots={self.names[c] for c in hoshi})

    def marks(self, state: GoState) -> dict:
        """In play, the points where the mover may not play (occupied ones aside); in the
        marking phase, the proposal ringed and the count it gives; at the count, the points
        that counted for each player (``owned``)."""
        if state.phase == "play":
            legal = set(self.legal_plays(state))
            shaded = [self.names[c] for c in self.geo.column_order
                      if state.board[c] == EMPTY and c not in legal]
            return {"shaded": shaded} if shaded else {}
        if state.phase != "marking":
            counted = state.outcome is not None and state.outcome.reason == "score"
            return {"owned": self.owned(state.board)} if counted else {}
        player = state.to_move
        if state.proposal is None:
            return {"message": {"key": "marking", "params": {"player": player}}}
        black, white = self.count_with(state, state.proposal)
        key = ("proposal" if state.proposal else "proposal-none") + (
            "" if state.proposals < MAX_PROPOSALS else "-last")
        return {"highlight": [self.names[c] for c in state.proposal],
                "message": {"key": key, "params": {
                    "player": player, "opponent": 1 - player, "count": len(state.proposal),
                    "scores": f"{format_points(black)}\u2013{format_points(white)}"}}}

    def diagram(self, state: GoState) -> str:
        """The board from the top, ``X`` Black, ``O`` White, ``.`` empty; then the status."""
        rows = []
        for row in reversed(range(self.size)):
            marks = ("." if v == EMPTY else "XO"[v - 1]
                     for v in state.board[row * self.size:(row + 1) * self.size])
            rows.append(f"{row + 1:>2} {' '.join(marks)}")
        rows.append("   " + " ".join(LETTERS[:self.size]))
        if state.outcome is not None:
            status = self.outcome_text(state.outcome)
        else:
            status = f"{('Black', 'White')[state.to_move]} to move ({state.phase})"
        captured = f"prisoners: Black {state.prisoners[0]}, White {state.prisoners[1]}"
        return "\n".join(rows + [captured, status])

    def notes(self, state: GoState) -> dict:
        return {"phase": state.phase, "prisoners": list(state.prisoners), "komi": self.komi,
                "ko": self.names[state.ko] if state.ko >= 0 else None,
                "proposals": state.proposals, "plies": state.plies}

    # -- texts (after the rules they word): the rules, labels, messages ---------------------------
    messages = {
        "go.komi": {
            "en": "the komi is a multiple of 0.5 from 0 to 100, or auto, not {value}",
            "it": "il komi è un multiplo di 0,5 da 0 a 100, oppure auto, non {value}"},
        "go.suicide": {
            "en": "a stone on {cell} would leave its own chain without liberties and capture "
                  "nothing (suicide)",
            "it": "una pietra in {cell} lascerebbe senza libertà il proprio gruppo senza "
                  "catturare nulla (suicidio)"},
        "go.ko": {
            "en": "{cell} retakes the ko at once: play elsewhere first",
            "it": "{cell} riprende subito il ko: prima bisogna giocare altrove"},
        "go.superko": {
            "en": "{cell} would recreate an earlier position (superko)",
            "it": "{cell} ricreerebbe una posizione già vista (superko)"},
        "go.marking": {
            "en": "play has stopped: propose the dead stones, accept or resume",
            "it": "il gioco è fermo: proponi le pietre morte, accetta o riprendi"},
        "go.not-marking": {
            "en": "{move} belongs to the marking phase, after two passes",
            "it": "{move} appartiene alla fase di conteggio, dopo due passaggi"},
        "go.no-proposal": {
            "en": "there is no proposal to accept: the opponent has not just made one",
            "it": "non c'è una proposta da accettare: l'avversario non ne ha appena fatta una"},
        "go.proposals": {
            "en": "four proposals have been made: accept or resume",
            "it": "sono già state fatte quattro proposte: accetta o riprendi"},
        "go.empty-point": {
            "en": "{cell} holds no stone, so it cannot be dead",
            "it": "in {cell} non c'è nessuna pietra, quindi non può essere morta"},
        "go.whole-chain": {
            "en": "a proposal lists whole chains: {cell} is missing",
            "it": "una proposta elenca gruppi interi: manca {cell}"},
        "go.sgf-size": {
            "en": "SGF: the board is SZ[{size}]; Go is played here on 9, 13 or 19",
            "it": "SGF: il goban è SZ[{size}]; qui si gioca su 9, 13 o 19"},
        "go.sgf-handicap": {
            "en": "SGF: HA[{handicap}] is not a handicap of 0 or 2 to 9 stones",
            "it": "SGF: HA[{handicap}] non è un handicap di 0 o da 2 a 9 pietre"},
        "go.sgf-setup": {
            "en": "SGF: the set-up stones ({stones}) are not the fixed handicap points of HA",
            "it": "SGF: le pietre iniziali ({stones}) non sono i punti fissi dell'handicap HA"},
        "go.sgf-point": {
            "en": "SGF: {point} is not a point of the {side}x{side} board",
            "it": "SGF: {point} non è un punto del goban {side}×{side}"},
        "go.order": {
            "en": "list the stones once each, by column and then row: {move}",
            "it": "elenca ogni pietra una volta sola, per colonna e poi per riga: {move}"},
    }
    texts = {
        "en": {
            "player.0": "Black", "player.1": "White",
            "tagline": "Surround territory and capture stones on the points of the goban.",
            "author": author,  # (the Italian words it apart)
            "rules": [
                "Go is played on the points of a square board, the goban: 19×19, 13×13 or 9×9 "
                "(chosen in New game). Black begins; the players take turns placing one stone "
                "of their colour on an empty point, or passing. Stones never move.",
                "A chain is a group of stones of one colour joined along the lines; its "
                "liberties are the empty points next to it. A play that takes the last liberty "
                "of opponent chains captures them: they leave the board and become prisoners. "
                "A play that leaves its own chain without liberties is allowed only if it "
                "captures (no suicide).",
                "Ko: a play may not recreate the position of just before the opponent's last "
                "play, so a single stone taken in a ko cannot be retaken at once. If a long "
                "cycle repeats the same position three times, the game is drawn. With the "
                "superko option, no position of the game may ever come back.",
                "When both players pass in a row, play stops and the dead stones are agreed: "
                "a player proposes them (at most four proposals in all), the other accepts or "
                "resumes play to settle the dispute on the board. Two passes straight after a "
                "resume count the board as it stands.",
                "Territory scoring: each player counts the empty points surrounded by his "
                "stones alone, plus his prisoners (dead stones included). Points next to "
                "chains in seki (alive without eyes, sharing liberties) are neutral. Area "
                "scoring: stones on the board plus surrounded points. White adds the komi: "
                "6.5 points for territory, 7.5 for area, 0.5 in a handicap game. The higher "
                "score wins; equal scores are a draw.",
                "Handicap: Black's stones are set on the marked points and White plays first.",
            ],
            "option.size": "Board",
            "option.size.19": "19×19", "option.size.13": "13×13", "option.size.9": "9×9",
            "option.scoring": "Scoring",
            "option.scoring.territory": "Territory (Japanese)",
            "option.scoring.area": "Area (Chinese)",
            "option.ko": "Ko rule",
            "option.ko.simple": "Simple ko",
            "option.ko.superko": "Positional superko",
            "option.komi": "Komi",
            "option.komi.auto": "Usual (6.5, 7.5 by area, 0.5 with handicap)",
            "option.komi.0": "0", "option.komi.0.5": "0.5", "option.komi.5.5": "5.5",
            "option.komi.6.5": "6.5", "option.komi.7.5": "7.5",
            "option.handicap": "Handicap stones",
            "option.handicap.0": "None",
            **{f"option.handicap.{n}": n for n in HANDICAPS[1:]},
            "option.max_plies": "Move limit (then the count)",
            "move.pass": "Pass",
            "move.dead": "No dead stones",
            "move.dead-stones": "Dead: {stones}",
            "move.accept": "Accept",
            "move.resume": "Resume play",
            "move.propose": "Propose",
            "message.marks": "The count would be {scores}. {player}: tap a group to mark it "
                             "dead or alive, then propose (the faded stones are dead).",
            "reason.score": "{scores} at the count",
            "reason.long-cycle": "a long cycle repeated the position three times",
            "message.marking": "Play has stopped. {player}: propose the dead stones, or "
                               "resume play.",
            "message.proposal": "{opponent} proposes the ringed stones as dead: the count "
                                "would be {scores}. {player}: accept, propose others or "
                                "resume.",
            "message.proposal-last": "{opponent} proposes the ringed stones as dead: the "
                                     "count would be {scores}. {player}: accept or resume.",
            "message.proposal-none": "{opponent} proposes no dead stones: the count would be "
                                     "{scores}. {player}: accept, propose others or resume.",
            "message.proposal-none-last": "{opponent} proposes no dead stones: the count "
                                          "would be {scores}. {player}: accept or resume.",
        },
        "it": {
            "player.0": "Nero", "player.1": "Bianco",
            "tagline": "Circonda territorio e cattura pedine sulle intersezioni del goban.",
            "author": "tradizionale",  # the welcome's words for the author
            "rules": [
                "Il Go si gioca sulle intersezioni di un tavoliere quadrato, il goban: "
                "19×19, 13×13 o 9×9 (si sceglie in Nuova partita). Comincia il Nero; a turno "
                "ciascuno posa una pietra del proprio colore su un'intersezione libera, oppure "
                "passa. Le pietre non si spostano mai.",
                "Un gruppo è un insieme di pietre dello stesso colore unite lungo le linee; le "
                "sue libertà sono le intersezioni libere accanto. Chi toglie l'ultima libertà "
                "a gruppi avversari li cattura: escono dal goban e diventano prigionieri. Non "
                "si può togliere l'ultima libertà al proprio gruppo, tranne quando la mossa "
                "cattura (niente suicidio).",
                "Ko: una mossa non può ricreare la posizione di subito prima dell'ultima mossa "
                "avversaria, quindi una pietra presa in un ko non si riprende subito. Se un "
                "ciclo lungo ripete tre volte la stessa posizione, la partita è patta. Con "
                "l'opzione superko nessuna posizione della partita può tornare.",
                "Quando i due giocatori passano uno dopo l'altro, il gioco si ferma e si "
                "concordano le pietre morte: uno le propone (al massimo quattro proposte in "
                "tutto), l'altro accetta oppure riprende il gioco per risolvere la disputa sul "
                "goban. Due passaggi subito dopo la ripresa contano il goban così com'è.",
                "Conteggio a territorio: ciascuno conta le intersezioni libere circondate solo "
                "dalle proprie pietre, più i prigionieri (pietre morte comprese). I punti "
                "accanto ai gruppi in seki (vivi senza occhi, con libertà in comune) sono "
                "neutrali. Conteggio ad area: pietre sul goban più punti circondati. Il Bianco "
                "aggiunge il komi: 6,5 punti a territorio, 7,5 ad area, 0,5 con handicap. Vince "
                "il punteggio più alto; a parità è patta.",
                "Handicap: le pietre del Nero sono posate sui punti segnati e il Bianco gioca "
                "per primo.",
            ],
            "option.size": "Goban",
            "option.size.19": "19×19", "option.size.13": "13×13", "option.size.9": "9×9",
            "option.scoring": "Conteggio",
            "option.scoring.territory": "A territorio (giapponese)",
            "option.scoring.area": "Ad area (cinese)",
            "option.ko": "Regola del ko",
            "option.ko.simple": "Ko semplice",
            "option.ko.superko": "Superko posizionale",
            "option.komi": "Komi",
            "option.komi.auto": "Consueto (6,5; 7,5 ad area; 0,5 con handicap)",
            "option.komi.0": "0", "option.komi.0.5": "0,5", "option.komi.5.5": "5,5",
            "option.komi.6.5": "6,5", "option.komi.7.5": "7,5",
            "option.handicap": "Pietre di handicap",
            "option.handicap.0": "Nessuna",
            **{f"option.handicap.{n}": n for n in HANDICAPS[1:]},
            "option.max_plies": "Limite di semimosse (poi il conteggio)",
            "move.pass": "Passo",
            "move.dead": "Nessuna pietra morta",
            "move.dead-stones": "Morte: {stones}",
            "move.accept": "Accetto",
            "move.resume": "Riprendo il gioco",
            "move.propose": "Propongo",
            "message.marks": "Il conteggio sarebbe {scores}. {player}: tocca un gruppo per "
                             "segnarlo morto o vivo, poi proponi (le pietre sbiadite sono "
                             "morte).",
            "reason.score": "{scores} al conteggio",
            "reason.long-cycle": "un ciclo lungo ha ripetuto tre volte la posizione",
            "message.marking": "Il gioco è fermo. {player}: proponi le pietre morte, oppure "
                               "riprendi il gioco.",
            "message.proposal": "Il {opponent} propone come morte le pietre cerchiate: il "
                                "conteggio sarebbe {scores}. {player}: accetta, proponi "
                                "altre pietre o riprendi.",
            "message.proposal-last": "Il {opponent} propone come morte le pietre cerchiate: "
                                     "il conteggio sarebbe {scores}. {player}: accetta o "
                                     "riprendi.",
            "message.proposal-none": "Il {opponent} non propone pietre morte: il "
                                     "conteggio sarebbe {scores}. {player}: accetta, proponi "
                                     "altre pietre o riprendi.",
            "message.proposal-none-last": "Il {opponent} non propone pietre morte: il "
                                          "conteggio sarebbe {scores}. {player}: accetta o "
                                          "riprendi.",
        },
    }


# -- the computer's estimate of the dead stones ----------------------------------------------------
@lru_cache(maxsize=256)
def _estimate(size: int, board: tuple[int, ...]) -> tuple[int, ...]:
    """Seeded playouts from ``board`` (no play fills its own single-point eye), area-scored; a
    chain is dead when the opponent owns most of its points in more than half of them."""
    geo = board_geometry(size)
    rng = random.Random(zlib.crc32(bytes(board)))
    found = chains(board, geo.neighbours)
    against = [0] * len(found)
    for run in range(ESTIMATE_PLAYOUTS):
        owner = _ownership(_playout(board, run % 2, rng, geo), geo)
        for k, (chain, _) in enumerate(found):
            colour = board[next(iter(chain))]
            lost = sum(owner[c] == 3 - colour for c in chain)
            if 2 * lost > len(chain):
                against[k] += 1
    dead = [c for k, (chain, _) in enumerate(found) if 2 * against[k] > ESTIMATE_PLAYOUTS
            for c in chain]
    return tuple(sorted(dead, key=geo.rank.__getitem__))


def _playout(board, first: int, rng, geo: Board) -> list[int]:
    """A random game from ``board`` until both pass (or a cap): each player plays a random
    legal point that is not his own single-point eye, not the ko point and not a self-atari
    that captures nothing, so that a seki stays one; but a player who can capture a chain in
    atari does so first, so that an invasion without room to live dies as it would between
    players (the points are tried from a random place in the list of empty points onwards,
    which is much cheaper than shuffling the list at every move).  The chains and their liberties are kept up to date move by move, so that
    a point is judged by looking at its neighbours only."""
    work, colour, passes, ko = list(board), first + 1, 0, -1
    neighbours = geo.neighbours
    chains_now = _Chains(work, neighbours)
    empties = [c for c in range(geo.points) if work[c] == EMPTY]
    for _ in range(2 * geo.points):
        played = False
        count = len(empties)
        start = rng.randrange(count) if count else 0
        capture = chains_now.capture(3 - colour, ko)
        for step in range(-1 if capture is not None else 0, count):
            at = empties.index(capture) if step < 0 else (start + step) % count
            cell = empties[at]
            if cell == ko or all(work[n] == colour for n in neighbours[cell]):
                continue
            captured = chains_now.play(cell, colour)
            if captured is not None:
                empties[at] = empties[-1]
                empties.pop()
                empties.extend(captured)
                ko = captured[0] if len(captured) == 1 else -1
                played = True
                break
        passes = 0 if played else passes + 1
        if passes == 2:
            break
        colour = 3 - colour
    return work


class _Chains:
    """The chains of a playout's board (a list it changes), each with its stones and its
    liberties, kept up to date as stones are played and captured."""

    def __init__(self, board: list, neighbours):
        self.board, self.neighbours = board, neighbours
        self.owner = [-1] * len(board)
        self.stones, self.liberties = {}, {}
        for number, (chain, liberties) in enumerate(chains(board, neighbours)):
            self.stones[number], self.liberties[number] = list(chain), liberties
            for stone in chain:
                self.owner[stone] = number
        self.next = len(self.stones)

    def capture(self, colour: int, ko: int) -> int | None:
        """The last liberty of a ``colour`` chain in atari (the first found), if any."""
        for chain, liberties in self.liberties.items():
            if len(liberties) == 1 and self.board[self.stones[chain][0]] == colour:
                point = next(iter(liberties))
                if point != ko:
                    return point
        return None

    def play(self, cell: int, colour: int) -> list[int] | None:
        """Play ``colour`` on the empty ``cell``: the captured stones, or None (nothing
        changed) for a suicide or a self-atari that captures nothing."""
        board, owner, liberties = self.board, self.owner, self.liberties
        around = self.neighbours[cell]
        own = {owner[n] for n in around if board[n] == colour}
        other = {owner[n] for n in around if board[n] == 3 - colour}
        taken = [chain for chain in other if len(liberties[chain]) == 1]
        merged = {n for n in around if board[n] == EMPTY}
        for chain in own:
            merged |= liberties[chain]
        merged.discard(cell)
        if not taken and len(merged) < 2:
            return None
        board[cell] = colour
        number, self.next = self.next, self.next + 1
        members = [cell]
        for chain in own:
            members += self.stones.pop(chain)
            del liberties[chain]
        for stone in members:
            owner[stone] = number
        self.stones[number], liberties[number] = members, merged
        for chain in other:
            liberties[chain].discard(cell)
        captured = []
        for chain in taken:
            for stone in self.stones.pop(chain):
                board[stone], owner[stone] = EMPTY, -1
                captured.append(stone)
            del liberties[chain]
        for stone in captured:
            for n in self.neighbours[stone]:
                if board[n] != EMPTY:
                    liberties[owner[n]].add(stone)
        return captured


def two_liberties(board, cell: int, neighbours) -> bool:
    """Whether the chain holding ``cell`` has at least two liberties."""
    colour = board[cell]
    seen, todo, found = {cell}, [cell], set()
    while todo:
        for n in neighbours[todo.pop()]:
            value = board[n]
            if value == EMPTY:
                found.add(n)
                if len(found) >= 2:
                    return True
            elif value == colour and n not in seen:
                seen.add(n)
                todo.append(n)
    return False


def _ownership(board, geo: Board) -> list[int]:
    """Each point's owner by area: its stone's colour, or the one colour its region reaches."""
    owner = list(board)
    for region, reaches in regions(board, geo.neighbours):
        if len(reaches) == 1:
            colour = next(iter(reaches))
            for cell in region:
                owner[cell] = colour
    return owner
