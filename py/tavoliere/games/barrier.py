"""Barrier (Karl Scherer, 2002): the rules of ``shared/RULES.md`` section 1.

* The board is an empty N x N square, N from 5 to 9 (``barrier(size=N)``, default 8).
  Each player has one pawn; neutral obstacles come from an unlimited supply.
* White moves first (``first_player=black`` lets Black begin: RULES.md 1.2, "Inizia il
  Bianco oppure, indifferentemente, uno dei giocatori").  Ply 1: the first player puts its
  pawn on any empty cell.  Ply 2: the other puts its pawn on any empty cell.  There is no
  other restriction on where the pawns go.
* From ply 3 on, the mover makes exactly one L-move with its own pawn, and passing is not allowed.
  With s the pawn's cell and u, v perpendicular orthogonal unit steps, the L-path is either
  "1 then 2", s, s+u, s+u+v, s+u+2v, or "2 then 1", s, s+u, s+2u, s+2u+v.
  That makes 16 paths, two to each of the 8 knight destinations, and each path is a move of its own.
* A path s-p1-p2-t is legal when p1, p2 and t are on the board and empty: no obstacle and
  not the opponent's pawn.  The pawn jumps over nothing.
* After the move, obstacles stand on s, p1 and p2, and the pawn stands on t.  Nothing is ever removed.
* A player with no legal L-move when their movement turn starts loses.  There are no draws.
  Every movement adds three obstacles, so a game lasts at most 2 + (N*N - 2) // 3 plies.

Notation: a placement is its cell, such as ``c4``.  A movement is the full path, such as
``c4-d4-e4-e3``.  As input, the short forms ``c4-e3`` and ``e3`` are accepted when exactly
one legal move fits them.

A move is a tuple of cell indices: ``(cell,)`` for a placement and ``(s, p1, p2, t)`` for a
movement.  Hekka (``hekka.py``) is Barrier with four rules changed, and subclasses this game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..core import PLAYER_NAMES, Game, IllegalMove, InvalidMove, Option, Outcome, piece, register
from ..grid.square import square_grid
from ..messages import Problem, excerpt

FIRST_PLAYERS = ("white", "black")   # the choices of ``first_player``, in player order


class BarrierState(NamedTuple):
    pawns: tuple          # (White's cell, Black's cell); None until that pawn is placed
    obstacles: frozenset  # cells holding an obstacle
    ply: int              # plies played so far: the first player moves when it is even


@lru_cache(maxsize=None)
def l_paths(side: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each cell s of a side x side board, the L-paths (p1, p2, t) that leave s and
    stay on the board (``SquareGrid.l_paths``), sorted by destination and then by first
    step: the order the legal moves are listed in."""
    return tuple(tuple(sorted(paths, key=lambda path: (path[2], path[0])))
                 for paths in square_grid(side).l_paths)


def moved(pawns: tuple, player: int, cell: int) -> tuple:
    """``pawns`` with ``player``'s pawn on ``cell``."""
    return (cell, pawns[1]) if player == 0 else (pawns[0], cell)


@register
class Barrier(Game):
    name = "barrier"
    title = "Barrier"
    author = "Karl Scherer, 2002"
    minutes = 10
    newcomer_seat = 1
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "try", "spec": "barrier(size=5)", "playout": 67, "plies": 2, "try": True},
        {"caption": "win", "spec": "barrier(size=5)", "playout": 67},
    )
    draws = False
    options = (
        Option("size", 8, low=5, high=9, help="cells along each side of the square board"),
        Option("first_player", "white", choices=FIRST_PLAYERS, help="who places the first pawn"),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.grid = square_grid(self.side)
        self.paths = l_paths(self.side)
        self.first = self.first_mover()

    def first_mover(self) -> int:
        """0 when White places first, 1 when Black does (option ``first_player``)."""
        return FIRST_PLAYERS.index(self.settings["first_player"])

    @property
    def side(self) -> int:
        return self.settings["size"]

    # -- the rules ------------------------------------------------------------------------
    def initial_state(self) -> BarrierState:
        return BarrierState((None, None), frozenset(), 0)

    def to_move(self, state) -> int:
        return (state.ply + self.first) % 2

    def legal_moves(self, state) -> list:
        if state.ply < 2:
            return [(cell,) for cell in range(self.grid.size) if cell not in state.pawns]
        player = self.to_move(state)
        start, other = state.pawns[player], state.pawns[1 - player]
        return [(start, *path) for path in self.paths[start]
                if other not in path and state.obstacles.isdisjoint(path)]

    def apply(self, state, move) -> BarrierState:
        pawns = moved(state.pawns, self.to_move(state), move[-1])
        return BarrierState(pawns, state.obstacles.union(move[:-1]), state.ply + 1)

    def outcome(self, state) -> Outcome | None:
        if state.ply < 2 or self.legal_moves(state):
            return None
        return self.stalemate(state)

    def stalemate(self, state) -> Outcome:
        """The side to move, who cannot move, loses."""
        loser = self.to_move(state)
        return Outcome(1 - loser, "no-moves", (self.grid.names[state.pawns[loser]],))

    # -- set-up positions -----------------------------------------------------------------
    def position(self, white: str, black: str, obstacles=(), to_move: int = 0):
        """A movement-phase state, for puzzles and tests: the pawns' cells, the obstacles'
        cells (names, or one string of names separated by spaces) and the side to move.

        >>> game = Barrier()
        >>> state = game.position("a1", "c2", obstacles="b1 a2")
        >>> game.legal_moves(state), game.outcome(state).reason
        ([], 'no-moves')
        """
        if to_move not in (0, 1):
            raise ValueError(f"to_move is 0 (White) or 1 (Black), not {to_move!r}")
        if isinstance(obstacles, str):
            obstacles = obstacles.split()
        pawns = (self.cell(white), self.cell(black))
        blocks = frozenset(self.cell(name) for name in obstacles)
        if pawns[0] == pawns[1] or blocks.intersection(pawns):
            raise ValueError("the two pawns and the obstacles must stand on different cells")
        # the ply's parity says who moves: even plies are the first player's
        ply = 2 + (to_move ^ self.first)
        return self.initial_state()._replace(pawns=pawns, obstacles=blocks, ply=ply)

    def cell(self, name: str) -> int:
        """The index of the cell called ``name``; a Problem (a ValueError) if the board has no
        such cell."""
        index = self.grid.index(name.strip().lower()) if isinstance(name, str) else None
        if index is None:
            raise Problem("board.not-a-cell", cell=excerpt(name), side=self.side)
        return index

    # -- names and pictures ---------------------------------------------------------------
    def move_name(self, move) -> str:
        return "-".join(self.grid.names[cell] for cell in move)

    def clicks(self, move) -> tuple[str, ...]:
        """A placement is one click.  A movement is the destination, then the first cell of the
        path (the page plays at once when only one legal path reaches the destination, so the
        second click is asked for only when both do)."""
        names = self.grid.names
        if len(move) == 1:
            return (names[move[0]],)
        _, first, _, end = move[:4]
        return (names[end], names[first])

    def click_steps(self, move) -> tuple[str, ...]:
        return ("place",) if len(move) == 1 else ("destination", "path")

    def pieces(self, state) -> dict[str, str]:
        names = self.grid.names
        out = {names[cell]: piece("block") for cell in sorted(state.obstacles)}
        for player, cell in enumerate(state.pawns):
            if cell is not None:
                out[names[cell]] = piece("pawn", player)
        return out

    def layout(self) -> dict:
        return self.grid.layout()

    def diagram(self, state) -> str:
        """The board with ``W`` and ``B`` for the pawns and ``#`` for obstacles, and a last line
        saying who is to move or how the game ended."""
        marks = dict.fromkeys(state.obstacles, "#")
        for mark, cell in zip("WB", state.pawns):
            if cell is not None:
                marks[cell] = mark
        outcome = self.outcome(state)
        if outcome is None:
            status = f"{PLAYER_NAMES[self.to_move(state)]} to move"
        else:
            status = self.outcome_text(outcome)
        return f"{self.grid.diagram(marks)}\n{status}"

    def notes(self, state) -> dict:
        return {"phase": "placement" if state.ply < 2 else "movement",
                "obstacles": len(state.obstacles)}

    # -- reading moves --------------------------------------------------------------------
    def parse_move(self, text: str, state):
        """The legal move written as ``text``: a placement ``c4``, a full path ``c4-d4-e4-e3``,
        or the short forms ``c4-e3`` and ``e3`` when exactly one legal move fits them."""
        path, removal = self.read(text)
        fits = [move for move in self.legal_moves(state) if self.fits(move, path, removal)]
        if len(fits) == 1:
            return fits[0]
        written = self.written(path, removal)  # the text as read: cells only, so it is short
        if fits:
            raise IllegalMove("move.ambiguous", move=written,
                              moves=[self.move_name(move) for move in fits])
        raise self.why_not(state, path, removal).wrapped("move.not-legal-because", IllegalMove,
                                                         move=written)

    def check_notation(self, text: str) -> None:
        self.read(text)

    def read(self, text: str) -> tuple[tuple[int, ...], int | None]:
        """The cells of the path written in ``text`` and the removed cell (always None in
        Barrier); InvalidMove if ``text`` is not in the notation."""
        if not isinstance(text, str) or "/" in text:
            raise self.not_notation(text, Problem("barrier.write"))
        return self.read_path(text, text), None

    def read_path(self, part: str, text: str) -> tuple[int, ...]:
        names = part.split("-")
        if len(names) not in (1, 2, 4):
            raise self.not_notation(text, Problem("barrier.cell-count", count=len(names)))
        try:
            return tuple(self.cell(name) for name in names)
        except Problem as error:
            raise self.not_notation(text, error) from None

    def not_notation(self, text: str, why: Problem) -> InvalidMove:
        """The InvalidMove saying that ``text`` is not in the notation, and ``why``."""
        return why.wrapped("move.notation-because", InvalidMove, move=excerpt(text),
                           title=self.title)

    def written(self, path: tuple[int, ...], removal: int | None) -> str:
        """A move as ``read`` it: its cells joined by ``-``, then ``/`` and the removal."""
        names = self.grid.names
        text = "-".join(names[cell] for cell in path)
        return text if removal is None else f"{text}/{names[removal]}"

    def fits(self, move, path: tuple[int, ...], removal: int | None) -> bool:
        """Whether ``move`` is one that ``path`` (whole, its two ends, or its destination) and
        ``removal`` (when given) describe."""
        if removal is not None and removal != self.removal_of(move):
            return False
        full = self.path_of(move)
        if len(path) == len(full):
            return path == full
        return len(full) == 4 and path in ((full[0], full[3]), (full[3],))

    def path_of(self, move) -> tuple[int, ...]:
        return move

    def removal_of(self, move) -> int | None:
        return None

    def why_not(self, state, path: tuple[int, ...], removal: int | None) -> Problem:
        """Why no legal move fits ``path`` and ``removal``, for the error message."""
        outcome = self.outcome(state)
        if outcome is not None:
            return Problem("reason.game-over", **outcome.message_params(self))
        names = self.grid.names
        player = self.to_move(state)
        if state.ply < 2:
            if len(path) > 1 or removal is not None:
                return Problem("barrier.place-first", player=player)
            return self.placement_problem(state, path[0])
        start = state.pawns[player]
        if len(path) > 1 and path[0] != start:
            return Problem("barrier.pawn-elsewhere", player=player, start=names[start],
                           cell=names[path[0]])
        if len(path) == 4:
            if path[1:] not in self.paths[start]:
                return Problem("barrier.not-l", path=self.written(path, None))
            return self.path_problem(state, path, removal)
        return Problem("barrier.no-path", player=player, cell=names[path[-1]])

    def placement_problem(self, state, cell: int) -> Problem:
        owner = state.pawns.index(cell)
        return Problem("barrier.cell-taken", cell=self.grid.names[cell], player=owner)

    def path_problem(self, state, path: tuple[int, ...], removal: int | None) -> Problem:
        """Why the L-path ``path`` of the mover's pawn is blocked."""
        for cell in path[1:]:
            if cell in state.obstacles:
                return Problem("barrier.over-obstacle", cell=self.grid.names[cell])
            if cell in state.pawns:
                return Problem("barrier.over-pawn", cell=self.grid.names[cell],
                               opponent=1 - self.to_move(state))
        raise AssertionError("an unblocked L-path is a legal move")

    # -- positions as text (core.Game.position_text) ------------------------------------------
    def position_counters(self, state) -> dict[str, object]:
        """The ply: who moves follows from it, and plies 0 and 1 are the placements."""
        return {"ply": state.ply}

    def position_from(self, pieces: dict[str, str], mover: int, counters: dict[str, str]):
        """Two pawns at most, one each, and obstacles.  Without ``ply`` the position is the
        earliest one with these pawns and ``mover`` to move."""
        pawns = [None, None]
        obstacles = set()
        for name, token in pieces.items():
            cell = self.grid.index(name)
            if token == "block":
                obstacles.add(cell)
            elif token in ("pawn.0", "pawn.1"):
                pawns[int(token[-1])] = cell
            else:
                raise Problem("position.piece", piece=excerpt(token, quoted=False), cell=name,
                              game=self.title)
        placed = 2 - pawns.count(None)
        earliest = placed if placed < 2 else 2 + (mover ^ self.first)
        ply = self.counter(counters, "ply", 0, 99999, earliest)
        if ply < 2 and obstacles:
            raise Problem("position.count", piece="block", count=len(obstacles), allowed=0)
        expected = min(ply, 2)   # the placements made so far, in turn from the first player
        order = (self.first, 1 - self.first)[:expected]
        for player in (0, 1):   # the pawns placed are exactly those of the plies played
            should = player in order
            if (pawns[player] is not None) != should:
                raise Problem("position.count", piece=f"pawn.{player}", count=int(not should),
                              allowed=int(should))
        return self.initial_state()._replace(pawns=tuple(pawns), obstacles=frozenset(obstacles),
                                             ply=ply)

    # -- texts (after the rules they word): the rules, labels, messages -------------------
    texts = {
        "en": {
            "tagline": "Move your pawn in an L and leave obstacles behind: whoever cannot move loses.",
            "rules": [
                "Barrier (Karl Scherer, 2002) is played on a square board, 8×8 here, but you may "
                "choose any size from 5×5 to 9×9. Each player has one pawn; the neutral obstacles "
                "are unlimited.",
                "White (or Black, if so chosen in the options), then the other player, places the "
                "pawn on any empty cell. From then on, each turn you move your pawn like a chess "
                "knight, but along a path: one step, then two at a right angle, or two steps, "
                "then one. The two cells crossed and the destination must be empty: the pawn "
                "never crosses an obstacle or the other pawn.",
                "The cell left and the two cells crossed become obstacles. When two paths reach "
                "the same cell they are different moves, because they leave different obstacles: "
                "choose the destination cell, then the first cell of the path.",
                "If you cannot move when it is your turn, you lose. There are no draws. With perfect "
                "play the second player wins on every board from 6×6 to 9×9 (the computer has "
                "solved them all), and the first player wins on 5×5 only by starting in the "
                "centre: against the computer, the second seat is the winning one.",
            ],
            "option.size": "Cells per side",
            "option.size.header": "{value}×{value}",
            "option.first_player": "First player",
            "option.first_player.white": "White",
            "option.first_player.black": "Black",
            "step.place": "Choose the cell for your pawn",
            "step.destination": "Choose where your pawn goes",
            "step.path": "Now choose the path: {click} its first cell",
        },
        "it": {
            "tagline": "Muovi la pedina a L lasciando ostacoli dietro di te: chi non può più muovere perde.",
            "rules": [
                "Barrier (Karl Scherer, 2002) si gioca su un tavoliere quadrato, qui 8×8, ma si "
                "può scegliere da 5×5 a 9×9. Ogni giocatore ha una sola pedina; gli ostacoli "
                "neutri sono illimitati.",
                "Il Bianco (o il Nero, se lo si sceglie nelle opzioni), poi l'altro giocatore, "
                "colloca la propria pedina su una casella vuota a scelta. Da quel momento, a "
                "turno, si muove la propria pedina come il cavallo degli "
                "scacchi, ma lungo un percorso: un passo e poi due ad angolo retto, oppure due "
                "passi e poi uno. Le due caselle attraversate e quella di arrivo devono essere "
                "vuote: non si passa mai sopra un ostacolo né sopra l'altra pedina.",
                "La casella di partenza e le due attraversate diventano ostacoli. Se due percorsi "
                "portano alla stessa casella sono mosse diverse, perché lasciano ostacoli "
                "diversi: si indica la casella di arrivo, poi la prima casella del percorso.",
                "Chi al proprio turno non può muovere perde. Non ci sono patte. Con il gioco "
                "perfetto vince il secondo giocatore su ogni tavoliere da 6×6 a 9×9 (il computer "
                "li ha risolti tutti), e sul 5×5 vince il primo solo se comincia al centro: "
                "contro il computer, il posto vincente è il secondo.",
            ],
            "option.size": "Caselle per lato",
            "option.size.header": "{value}×{value}",
            "option.first_player": "Chi comincia",
            "option.first_player.white": "Bianco",
            "option.first_player.black": "Nero",
            "step.place": "Scegli la casella della tua pedina",
            "step.destination": "Scegli dove va la tua pedina",
            "step.path": "Ora scegli il percorso: indica la sua prima casella",
        },
    }
