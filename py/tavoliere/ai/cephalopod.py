"""Cephalopod: iterative-deepening alpha-beta with a transposition table, and an endgame
prover beside it.

A position is the rule book's signed board as a mutable list (+pips White, -pips Black) and
the mover's sign; moves come from the rule book's capture table (``Geometry.moves_at``), so
the bot and the rules cannot disagree, and are made and unmade in place.

* **Evaluation** (side to move): 100 a die, the dice difference being what decides the game,
  plus a bonus for safe dice: a 6 can never be captured (any set holding it sums to 7 or
  more), a 5 only together with a 1, and so on; plus a small bonus for the move in hand.
* **End**: a full board is a win or a loss (no draws), worth more the sooner it comes; when
  the deepening reaches the last ply on every line the value is exact (``proven``).
* **Table**: keyed by a Zobrist hash of the board and the mover, updated as moves are made
  and unmade; it holds only integers and the capture table's own move tuples, because
  millions of small tuples made the garbage collector pause the page for 20-30 ms;
* **Search**: negamax alpha-beta; the table's move first, then the captures that take most of
  the opponent's dice; one ply deeper at a time, in chunks of a fixed number of nodes (the
  search is a generator paused between chunks: ``ai/alphabeta.py``, of which this module is a
  kernel), so the move depends only on the number of chunks.
* **Prover** (``ai/cephalopod_prover.py``, df-pn): from ``PROVE_EMPTY`` empty cells it gets
  every other chunk.  A proven win is played at once; after a proven loss the alpha-beta
  chooses.  Captures reopen cells, so the number of empty cells says little about how far
  the end is: in level-3 games the prover settled positions up to about 15-20 plies from the
  end within a second or so, and rarely any more than 24 plies from it in 8 s (CPython).
* **Levels**: level 1 looks two plies ahead and level 2 three; both now and then (seeded)
  play a plausible move that is not the best, so that a beginner can win, but not with
  ``STEADY_EMPTY`` empty cells or fewer.  They run the prover too, for a capped number of
  nodes (``PROVER_NODES``), so that they never miss a forced win it finds at the end.  The
  others search as deep as their time allows; level 3 is careless on about one move in seven
  (``CARELESS``, not near the end either): each root move gets a random bonus of up to a
  die, so it may prefer a move up to a die worse.  That widens its gap to level 4, which
  scored 63% against it before and 83% since (README, "The computer opponent").
"""

from __future__ import annotations

import random

from .cephalopod_prover import Prover, make_move, unmake_move
from .alphabeta import AlphaBeta, careless_bonus
from .engine import bot_for

WIN = 10 ** 6
DIE = 100
SAFETY = (0, 0, 2, 4, 8, 15, 30)  # by pips: how hard a die is to capture
TEMPO = 40                         # the mover is about to add a die
MAX_DEPTH = 64
OFFSET = 1 << 24                   # packing a table entry: value + OFFSET, depth, bound


def die_values(sign: int) -> tuple[int, ...]:
    """The value of each signed board entry (index entry + 6) to the player of ``sign``."""
    return tuple(0 if entry == 0 else
                 (DIE + SAFETY[abs(entry)]) * (1 if (entry > 0) == (sign > 0) else -1)
                 for entry in range(-6, 7))


VALUES = {1: die_values(1), -1: die_values(-1)}


def zobrist_keys(cells: int) -> tuple[tuple[int, ...], ...]:
    """A fixed random 64-bit number per cell and signed board entry (index entry + 6)."""
    rng = random.Random(20061)
    return tuple(tuple(0 if entry == 6 else rng.getrandbits(64) for entry in range(13))
                 for _ in range(cells))


BLACK_TO_MOVE = random.Random(2006).getrandbits(64)


@bot_for("cephalopod")
class CephalopodEngine(AlphaBeta):
    CHUNK = 150                 # nodes per work() call (a few ms in CPython)
    IN_PLACE = True             # moves are made on the board and taken back
    nodes = limit = 0
    LEVEL_DEPTH = {1: 2, 2: 3}
    SLIP = {1: 0.3, 2: 0.12}    # how often levels 1 and 2 play a plausible second-rate move
    CARELESS = {3: (0.15, DIE)} # level: how often it is careless, and its largest bonus
    STEADY_EMPTY = 8            # with this few empty cells left even they play their best: the
                                # last fills decide the count, and random play must not win it
    PROVE_EMPTY = 8             # with this few empty cells the prover runs beside the search
    PROVER_CHUNK = 80           # prover nodes per work() call (a few ms in CPython, like CHUNK)
    PROVER_SHARE = 2            # the prover gets all but one in PROVER_SHARE of the chunks
    PROVER_NODES = {1: 2000, 2: 6000}   # the weak levels' prover stops here (about a third
                                        # of their time); the others prove until time is up
    PROVER_CAP = 200_000        # prover table entries: bounded memory in a browser tab
    TABLE_CAP = 1_000_000       # alpha-beta table entries (about 150 MB in CPython), likewise
    proving = None              # the prover's search, paused between chunks
    searched = False            # the alpha-beta is finished, the prover still works

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False):
        super().__init__(game, state, level, rng)
        if self.done:
            return
        self.geometry = game.geometry
        self.board = list(state.board)
        self.sign = 1 if game.to_move(state) == 0 else -1
        self.zobrist = zobrist_keys(len(self.board))
        self.hash = 0           # the Zobrist key of ``board``, updated as moves are made
        for cell, value in enumerate(self.board):
            self.hash ^= self.zobrist[cell][value + 6]
        if self.sign < 0:
            self.hash ^= BLACK_TO_MOVE
        self.root = (self.board, self.sign)
        self.undo: list = []    # the captured entries of the moves made, for ``unmake``
        self.table: dict[int, int] = {}     # key -> packed (value, depth, bound)
        self.table_move: dict[int, tuple] = {}
        self.depth = 1
        self.noise = {move: rng.random() for move in self.legal}
        self.max_depth = self.LEVEL_DEPTH.get(level, MAX_DEPTH)
        self.slip = (rng.random() < self.SLIP.get(level, 0.0)
                     and self.board.count(0) > self.STEADY_EMPTY)
        self.bonus = self.careless(level, rng)
        self.best = self.ordered_moves(self.board, self.sign, None, self.noise)[0]
        if self.board.count(0) <= self.PROVE_EMPTY:
            self.prover = Prover(self.geometry, self.board, self.sign, self.zobrist,
                                 BLACK_TO_MOVE, cap=self.PROVER_CAP)
            self.proving = self.prover.prove()

    def careless(self, level: int, rng: random.Random) -> dict:
        """Each root move's random bonus when this move is a careless one (level 3, now and
        then, never near the end); else none.  Only a careless level draws from ``rng``, so
        the others play as before."""
        if level not in self.CARELESS:
            return {}
        chance, largest = self.CARELESS[level]
        # Never careless near the end, yet the chance is drawn, so seeded games stay the same.
        steady = self.board.count(0) <= self.STEADY_EMPTY
        return careless_bonus(rng, self.legal, 0.0 if steady else chance, largest)

    def work(self) -> None:
        """One chunk: of the prover while it runs (all but one in ``PROVER_SHARE``, or all
        once the alpha-beta is finished), else of the alpha-beta."""
        if self.done:
            return
        if self.proving is not None and (
                self.searched or self.iterations % self.PROVER_SHARE != self.PROVER_SHARE - 1):
            self.iterations += 1
            self.prove_chunk()
        else:
            super().work()

    def prove_chunk(self) -> None:
        """Run the prover for ``PROVER_CHUNK`` nodes; a proven win is played at once, a proven
        loss leaves the choice to the alpha-beta (which puts off the quickest defeats)."""
        prover = self.prover
        prover.limit = prover.nodes + self.PROVER_CHUNK
        try:
            next(self.proving)
            cap = self.PROVER_NODES.get(self.level)
            if cap is not None and prover.nodes >= cap:
                self.stop_proving()
            return
        except StopIteration:
            pass
        except RecursionError:
            self.stop_proving()
            return
        self.stop_proving()
        if prover.result == "win" and prover.move is not None:
            self.best = prover.move
            self.proven, self.win_chance, self.done = "win", 1.0, True
        elif prover.result == "loss":
            self.proven, self.win_chance = "loss", 0.0

    def stop_proving(self) -> None:
        self.proving = None
        self.done = self.searched

    def search_finished(self) -> None:
        """The alpha-beta has nothing more to do: so has the engine, unless the prover still
        works."""
        self.searched = True
        self.done = self.proving is None

    # -- the kernel (``alphabeta.AlphaBeta`` searches) -----------------------------------------
    # A position is (board, sign); the board is the engine's one list, played on in place
    # (``after``) and restored (``unmake``), and ``key`` is its Zobrist key, kept up to date.
    def moves(self, board) -> list:
        moves_at = self.geometry.moves_at
        out = []
        for cell, value in enumerate(board):
            if value == 0:
                out += moves_at(cell, board)
        return out

    def make(self, board, move, sign: int) -> tuple[int, ...]:
        """Play ``move`` on ``board`` in place and update the key; the captured entries, for
        ``take_back``."""
        captured, self.hash = make_move(board, move, sign, self.hash ^ BLACK_TO_MOVE, self.zobrist)
        return captured

    def take_back(self, board, move, captured: tuple[int, ...]) -> None:
        self.hash = unmake_move(board, move, captured, self.hash ^ BLACK_TO_MOVE, self.zobrist)

    def after(self, position, move):
        board, sign = position
        self.undo.append(self.make(board, move, sign))
        return board, -sign

    def unmake(self, position, move) -> None:
        self.take_back(position[0], move, self.undo.pop())

    def key(self, position) -> int:
        return self.hash

    def open(self, position, ply: int, path):
        """A full board's value, or None: ``ordered`` lists the moves of the others."""
        board, sign = position
        return self.final(board, sign, ply) if 0 not in board else None

    def evaluate(self, position, ply: int = 0) -> int:
        board, sign = position
        values = VALUES[sign]
        return sum(values[value + 6] for value in board) + TEMPO

    def final(self, board, sign: int, ply: int) -> int:
        """The value of a full board to the mover: a win or a loss, sooner is stronger."""
        mine = sum(1 for value in board if value * sign > 0)
        return WIN - ply if 2 * mine > len(board) else -WIN + ply

    def ordered(self, position, moves, first, ply: int) -> list:
        board, sign = position
        return self.ordered_moves(board, sign, first, None if ply else self.noise)

    def ordered_moves(self, board, sign: int, first=None, noise=None) -> list:
        """Captures that take the most opposing dice and fewest own first, then the rest
        (ties in the order of ``noise`` at the root); the table's move ``first`` before all."""
        moves = self.moves(board)

        def gain(move):
            return sum(-1 if board[cell] * sign > 0 else 1 for cell in move[1:])
        if noise is None:
            moves.sort(key=gain, reverse=True)
        else:
            moves.sort(key=lambda move: (-gain(move), noise[move]))
        self.nodes += len(moves) // 16        # ordering costs work too: count it
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def probe(self, key: int, depth: int, alpha: int, beta: int, ply: int):
        """The table's value if it settles this search, and its move (packed entries)."""
        entry = self.table.get(key)
        if entry is None:
            return None, None
        e_value, e_depth, e_bound = (entry >> 10) - OFFSET, entry >> 2 & 255, (entry & 3) - 1
        first = self.table_move[key]
        if e_depth >= depth and ply and (
                e_bound == 0 or (e_bound > 0 and e_value >= beta)
                or (e_bound < 0 and e_value <= alpha)):
            return e_value, first
        return None, first

    def store(self, key: int, depth: int, value: int, move, alpha: int, beta: int) -> None:
        """Keep a searched value in the table: exact, a lower bound (it failed high) or an
        upper bound (it failed low), packed with the depth into one integer."""
        bound = 1 if value >= beta else -1 if value <= alpha else 0
        if len(self.table) >= self.TABLE_CAP:   # a long think: start the table again
            self.table.clear()
            self.table_move.clear()
        self.table[key] = (value + OFFSET) << 10 | depth << 2 | (bound + 1)
        self.table_move[key] = move

    def leaf(self, position, ply: int, path=None) -> int:
        """A position at depth 0 (no generator: leaves are most of the nodes)."""
        self.nodes += 1
        board, sign = position
        if 0 not in board:
            return self.final(board, sign, ply)
        return self.evaluate(position)

    def finish_iteration(self, value: int) -> None:
        """A depth searched to the end: take its move and value, prove, go one ply deeper."""
        move = self.table_move.get(self.hash)
        if move is not None:
            self.best = move
        if abs(value) > WIN // 2:
            self.proven = "win" if value > 0 else "loss"
            self.win_chance = 1.0 if value > 0 else 0.0
            self.done = True
            return
        if self.proven is None:
            self.win_chance = 1 / (1 + 10 ** (-value / 400))
        self.depth += 1
        if self.depth > self.max_depth:
            if self.slip:
                self.best = self.second_rate()
            self.search_finished()

    def second_rate(self):
        """A plausible move that is not the best: at random among those whose value one ply
        ahead is within a die of the best's (levels 1 and 2, now and then)."""
        board, sign = self.board, self.sign
        scored = []
        for move in self.legal:
            captured = self.make(board, move, sign)
            scored.append((-self.leaf((board, -sign), 1), move))
            self.take_back(board, move, captured)
        top = max(value for value, _ in scored)
        plausible = [move for value, move in scored if value >= top - DIE and move != self.best]
        return self.rng.choice(plausible) if plausible else self.best
