"""The Barrier bot: the opening book for the placements and the first movement, the exact
solver (``barrier_solver.py``) for the rest, and deliberate imprecision at the weak levels.

Its alpha-beta guess (the weak levels' moves, and the move held until the solver proves the
root) is a kernel of the shared search, ``alphabeta.AlphaBeta``: a position is the solver's
``(obstacles, me, other)``, a move an L-path, the evaluation mobility and the room each
pawn has within two moves; the search, its table and its pauses (chunks of ``CHUNK``
nodes) are the shared ones.  The solver and the placement logic (the book,
``solve_white_placement``, ...) are the bot's own special engine and stay here.

The rules never look at a pawn's colour, only at who places first, and so who moves first:
the solver reads a position as the mover's pawn and the other's, and the book's "White" and
"Black" are the first and the second player.  With ``first_player=black`` the bot reads
them as Black and White, and plays as well.
"""

from __future__ import annotations

import random

from .alphabeta import AlphaBeta
from .barrier_book import black_wins_reply, book, book_move
from .barrier_solver import OutOfWork, Solver, kernel, placement_classes, reply_classes
from .engine import bot_for

__all__ = ["BarrierEngine", "shared_solver"]

_SOLVERS: dict[int, Solver] = {}


def shared_solver(n: int) -> Solver:
    """One solver per size, kept between moves (its table is the bot's memory)."""
    solver = _SOLVERS.get(n)
    if solver is None or len(solver.table) > 1_000_000:   # keep the browser's memory in check
        solver = _SOLVERS[n] = Solver(n)
    return solver


@bot_for("barrier")
class BarrierEngine(AlphaBeta):
    """The Barrier bot: book for the placements, exact solver for the movement phase.

    Work comes in chunks of at most ``SOLVER_CHUNK`` solver nodes; each chunk restarts the
    root from the solver's table, so the amount of work, and so the move, depends only on
    the number of chunks, never on the clock.  Before the root is proved the bot holds a
    guess: a 2-ply alpha-beta on mobility and territory, run before the solver, which sees
    every reply that would leave the pawn no move (a 1-ply guess walked into such traps
    against random play).  The guess is the shared alpha-beta (``AlphaBeta``, this class's
    base) at its full depth at once, paused every ``CHUNK`` nodes, the root's moves in the
    order of ``mobility_score``.  Once the root is proved it plays a winning move,
    or, when lost, the move that leaves the opponent the fewest winning replies (the
    hardest to refute), and among those, once the board is small enough, the one after
    which the game lasts longest (``Solver.plies_left``).

    Levels 1 and 2 are deliberately imprecise (seeded), in ways a stronger player punishes
    and a beginner seldom does: their placement is sometimes a random cell of the middle of
    the board, and while the board is open they often move by a short alpha-beta instead of
    the solver, keeping that move only if at most one reply in ``SLIP_ODDS`` refutes it.
    Measured on 8x8: level 1 beats random play 1000 times in 1000, level 2 beats level 1
    68% and level 3 beats level 2 66% (200 games each).
    """

    SOLVER_CHUNK = 1500   # solver nodes per work() call
    CHUNK = 200           # alpha-beta nodes per work() call (the guess: ``AlphaBeta``)
    WIN = 1000            # the guess's value of a won game (minus its plies)
    # weak levels: (alpha-beta depth, how often) they move by a short alpha-beta on
    # mobility and territory instead of the solver, and how often they place at random
    SHALLOW = {1: (2, 1.0), 2: (3, 0.35)}
    PLACEMENT_SLIP = {1: 0.6, 2: 0.3}
    # ... but only with more free cells than this (7x7 and up): on 5x5 and 6x6 a slip is a
    # lost game that even random play refutes often
    SLIP_FREE = 40
    SLIP_ODDS = 8         # a movement slip leaves at most one winning reply in this many
    # up to this size a random Black placement is still a winning one; on 9x9 it may lose,
    # since that is where the weak levels' imprecision shows (a well placed Black pawn
    # keeps its win through alpha-beta movements)
    KEEP_WIN_SIZE = 8
    GUESS_DEPTH = 2       # plies of the alpha-beta guess held until the solver proves the root
    LENGTH_FREE = 40      # count the plies left (to hold out longest) below this many free cells
    # the method that does one chunk of each phase's work
    PHASE_STEPS = {"vet slip": "vet_slip", "solve": "solve_root",
                   "rank": "rank_losing_moves", "length": "hold_out",
                   "white placement": "solve_white_placement",
                   "black placement": "solve_black_placement"}

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False):
        super().__init__(game, state, level, rng)
        self.n = game.settings["size"]
        self.k = kernel(self.n)
        self.solver = Solver(self.n) if fresh else shared_solver(self.n)
        self.phase = "solve"
        self.ranking: dict = {}            # losing move -> the opponent's winning replies
        self.scores: dict = {}             # root move -> whether it wins
        self.then_solve = False            # the shallow search is only a first guess
        if self.legal and not self.done:
            self.setup()

    # -- setting up --------------------------------------------------------------------------
    def setup(self):
        state = self.state
        self.player = self.game.to_move(state)
        if state.ply < 2:
            self.setup_placement()
            if (self.level in self.SHALLOW and self.k.size - 2 > self.SLIP_FREE
                    and self.rng.random() < self.PLACEMENT_SLIP[self.level]):
                self.best = self.plausible_placement()
                self.done = True
            return
        me, other = state.pawns[self.player], state.pawns[1 - self.player]
        self.position = (self.mask(state.obstacles), me, other)
        shallow = self.SHALLOW.get(self.level)
        self.best = max(self.legal, key=self.mobility_score)   # until something better
        free = self.k.size - len(state.obstacles) - 2
        if (shallow is not None and free > self.SLIP_FREE
                and self.rng.random() < shallow[1]):
            # weak levels: a short alpha-beta on mobility while the board is open
            self.start_guess(shallow[0], then_solve=False)
            return
        known = book_move(self.n, *self.position)
        if known in self.legal:
            self.best, self.proven, self.win_chance, self.done = known, "win", 1.0, True
        else:
            self.start_guess(self.GUESS_DEPTH, then_solve=True)

    # -- alpha-beta on mobility (weak levels, and the guess before a proof) -----------------
    # A kernel of the shared search (``alphabeta.AlphaBeta``): a position is the solver's
    # ``(obstacles, me, other)``, a move an L-path ``(s, p1, p2, t)``.  Obstacles only
    # accumulate, so no position repeats: ``path`` is never needed.
    def start_guess(self, depth: int, then_solve: bool) -> None:
        """Search the position to ``depth`` plies by alpha-beta on mobility and territory;
        then prove it (``then_solve``) or vet a weak level's move.  The search starts at
        that depth, not at 1: a 2- or 3-ply search takes a millisecond or so, deepening
        would cost about 40% more nodes, and without it the tree is node for node the one
        the bot searched before it used the shared search."""
        self.phase, self.max_depth, self.then_solve = "shallow", depth, then_solve
        self.root, self.table, self.depth = self.position, {}, depth
        # the root's moves, most promising first (ties: the rules' order)
        self.root_order = sorted(self.legal, key=self.mobility_score, reverse=True)

    def open(self, position, ply: int, path):
        """A pawn with no move loses (later is better); else its L-paths."""
        moves = self.k.moves(*position)
        return moves if moves else -self.WIN + ply

    def after(self, position, move):
        obstacles, me, other = position
        return obstacles | (1 << move[0]) | (1 << move[1]) | (1 << move[2]), other, move[3]

    def ordered(self, position, moves, first, ply: int) -> list:
        return super().ordered(position, self.root_order if ply == 0 else moves, first, ply)

    def evaluate(self, position, ply: int = 0) -> int:
        """Mobility, and the room each pawn has within two moves (its territory)."""
        obstacles, me, other = position
        return self.judge(obstacles, me, other, self.k.mobility(obstacles, me, other))

    def judge(self, obstacles: int, me: int, other: int, mine: int) -> int:
        """The evaluation, given the mover's mobility ``mine``."""
        return (4 * (mine - self.k.mobility(obstacles, other, me))
                + self.room(obstacles, me, other) - self.room(obstacles, other, me))

    def leaf(self, position, ply: int, path) -> int:
        """A position at the horizon: lost if the pawn cannot move, else its evaluation
        (the moves counted once, not listed: leaves are most of the nodes)."""
        self.nodes += 1
        obstacles, me, other = position
        mine = self.k.mobility(obstacles, me, other)
        return self.judge(obstacles, me, other, mine) if mine else -self.WIN + ply

    def finish_iteration(self, value: int) -> None:
        """A depth searched (``AlphaBeta``: its move becomes ``best``).  The guess reports
        neither a chance nor a proof (the solver does); once it is deep enough (or has seen a
        forced end) the solver goes on: it proves the root, or vets a weak level's move."""
        super().finish_iteration(value)
        self.proven, self.win_chance = None, None
        if self.done:
            self.done = False
            self.phase = "solve" if self.then_solve else "vet slip"

    def room(self, obstacles: int, me: int, other: int) -> int:
        """The cells the pawn on ``me`` could step on in its next two moves."""
        paths = self.k.paths
        blocked = obstacles | (1 << other)
        cells = 0
        for need, add, t, _, _ in paths[me]:
            if not blocked & need:
                cells |= need
                again = blocked | add
                for need2, _, _, _, _ in paths[t]:
                    if not again & need2:
                        cells |= need2
        return cells.bit_count()

    @staticmethod
    def mask(cells) -> int:
        out = 0
        for cell in cells:
            out |= 1 << cell
        return out

    def setup_placement(self):
        state, n = self.state, self.n
        if state.ply == 0:
            entry = book()["placements"].get(n)
            if entry is not None:
                self.place_white_from_book(entry)
                return
            self.phase = "white placement"
            self.best = (self.central_cell(),)
            self.pending = [(w,) for w in placement_classes(n)]
            self.white_scores = {}
        else:
            white = self.first_pawn()
            verdicts = {b: black_wins_reply(n, white, b) for (b,) in self.legal}
            winners = [b for b, wins in verdicts.items() if wins]
            if None not in verdicts.values():
                self.finish_black_placement(white, winners)
                return
            self.phase = "black placement"
            self.pending = [b for (b,) in self.legal]
            self.black_winners = []

    def first_pawn(self) -> int:
        """The cell of the pawn placed first, the book's "White" (it is Black's pawn when
        Black begins): at the second placement the book and the solver value the reply to
        it."""
        return self.state.pawns[1 - self.player]

    def central_cell(self) -> int:
        middle = (self.n - 1) // 2
        return middle * self.n + middle

    def place_white_from_book(self, entry: dict):
        """White's first cell: a winning one if any, else the one with fewest Black refutations
        (the central cells break ties)."""
        k = self.k
        centre = (self.n - 1) / 2
        def badness(name):
            cell = k.names.index(name)
            f, r = cell % self.n, cell // self.n
            return (len(entry[name]), abs(f - centre) + abs(r - centre), cell)
        best = min(entry, key=badness)
        cell = k.names.index(best)
        self.best = (cell,)
        self.proven = "loss" if entry[best] else "win"
        self.win_chance = 0.0 if entry[best] else 1.0
        self.done = True

    def finish_black_placement(self, white: int, winners: list[int]):
        self.black_winners = winners
        if winners:
            # among Black's winning cells, the one that leaves White the fewest moves
            best = min(winners, key=lambda b: (self.k.mobility(0, white, b), b))
            self.proven, self.win_chance = "win", 1.0
        else:
            best = max((b for (b,) in self.legal), key=lambda b: (self.k.mobility(0, b, white), -b))
            self.proven, self.win_chance = "loss", 0.0
        self.best = (best,)
        self.done = True

    # -- imprecision of the weak levels -------------------------------------------------------
    def plausible_placement(self):
        """A placement on a random cell of the middle of the board; for Black, one that
        still wins when the book says which do (a lost placement is a slip that no later
        move repairs, and that even random play converts now and then)."""
        n = self.n
        cells = self.legal
        if self.state.ply == 1 and self.proven == "win" and self.n <= self.KEEP_WIN_SIZE:
            cells = [(b,) for b in self.black_winners]
        middle = [m for m in cells if 1 <= m[0] % n <= n - 2 and 1 <= m[0] // n <= n - 2]
        return self.rng.choice(middle or cells)

    def vet_slip(self):
        """Keep a weak level's alpha-beta move only if at most one in SLIP_ODDS of the
        opponent's replies wins against it: a stronger player finds those, a beginner
        seldom does.  Otherwise think properly."""
        obstacles, me, other = self.child(self.best)
        replies = len(self.k.moves(obstacles, me, other))
        if self.refutations(self.best) * self.SLIP_ODDS <= replies:
            self.done = True
        else:
            self.phase = "solve"

    def refutations(self, move) -> int:
        """How many of the opponent's replies to ``move`` win for them."""
        obstacles, me, other = self.child(move)
        count = 0
        for reply in self.k.moves(obstacles, me, other):
            after = obstacles | (1 << reply[0]) | (1 << reply[1]) | (1 << reply[2])
            if not self.solver.wins(after, other, reply[3]):
                count += 1
        return count

    def mobility_score(self, move) -> int:
        obstacles, me, other = self.position
        after = obstacles | (1 << move[0]) | (1 << move[1]) | (1 << move[2])
        theirs = self.k.mobility(after, other, move[3])
        if theirs == 0:
            return 1000
        return 2 * self.k.mobility(after, move[3], other) - 3 * theirs

    # -- thinking ----------------------------------------------------------------------------
    def work(self) -> None:
        """One chunk of work: ``CHUNK`` nodes of the alpha-beta guess (``AlphaBeta``), or
        at most ``SOLVER_CHUNK`` solver nodes."""
        if self.done:
            return
        if self.phase == "shallow":
            super().work()
            return
        self.iterations += 1
        solver = self.solver
        solver.limit = solver.nodes + self.SOLVER_CHUNK
        try:
            getattr(self, self.PHASE_STEPS[self.phase])()
        except OutOfWork:
            pass
        except RecursionError:     # never expected: the search is at most ~27 plies deep
            self.done = True
        finally:
            solver.limit = None

    def child(self, move):
        return self.after(self.position, move)

    def solve_root(self):
        for move in sorted(self.legal, key=self.mobility_score, reverse=True):
            if move in self.scores:
                continue
            self.scores[move] = not self.solver.wins(*self.child(move))   # True: this move wins
            if self.scores[move]:
                self.best, self.proven, self.win_chance, self.done = move, "win", 1.0, True
                return
        self.proven, self.win_chance = "loss", 0.0
        self.phase = "rank"

    def rank_losing_moves(self):
        """For each (losing) move, how many of the opponent's replies win for them."""
        for move in self.legal:
            if move in self.ranking:
                continue
            self.ranking[move] = self.refutations(move)
        self.best = min(self.legal, key=lambda m: (self.ranking[m], -self.mobility_score(m)))
        fewest = self.ranking[self.best]
        self.holding = [m for m in self.legal if self.ranking[m] == fewest]
        free = self.k.size - self.position[0].bit_count() - 2
        if len(self.holding) > 1 and free <= self.LENGTH_FREE:
            self.phase = "length"
            self.lengths = {}
        else:
            self.done = True

    def hold_out(self):
        """Among the moves with the fewest refutations, the one that lasts longest."""
        for move in self.holding:
            if move not in self.lengths:
                self.lengths[move] = self.solver.plies_left(*self.child(move))
        self.best = max(self.holding, key=lambda m: (self.lengths[m], self.mobility_score(m)))
        self.done = True

    def solve_white_placement(self):
        """No book for this size: White's first cell, solved pair by pair."""
        n = self.n
        while self.pending:
            (white,) = self.pending[0]
            refuted = self.white_scores.setdefault(white, {})
            for rep, cells in reply_classes(n, white).items():
                if rep not in refuted:
                    refuted[rep] = 0 if self.solver.placement_wins(white, rep) else len(cells)
            self.pending.pop(0)
        refuted = {w: sum(counts.values()) for w, counts in self.white_scores.items()}
        best = min(refuted, key=lambda w: (refuted[w], w))
        self.best = (best,)
        self.proven = "loss" if refuted[best] else "win"
        self.win_chance = 0.0 if refuted[best] else 1.0
        self.done = True

    def solve_black_placement(self):
        white = self.first_pawn()
        while self.pending:
            black = self.pending[0]
            if not self.solver.placement_wins(white, black):
                self.black_winners.append(black)
            self.pending.pop(0)
        self.finish_black_placement(white, self.black_winners)
