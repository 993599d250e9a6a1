"""Connect6: threat-space search, then a two-move look-ahead over pairs of cells near the
stones, ranked by a line-pattern evaluation.

The board is seen through its **windows**: every six cells in a row (row, column, either
diagonal).  A window holding k stones of one player and none of the other is worth
``WINDOW_VALUE[k]`` to that player; a window with both colours is dead.  Two facts make the
tactics exact:

* a player can make six with their next move exactly when a window holds four or five of
  their stones and none of the other's (a **threat**: the move fills its one or two holes);
* the player to move stops every threat of the opponent exactly when their two stones hit
  every such window; the fewest stones that do that is the opponent's **threat count**.

So the bot, in this order:

1. makes six when it can (a proven win);
2. when the opponent has threats, plays only pairs that hit all of them (if none does, the
   game is lost: it plays the pair that hits most), chosen by the look-ahead below;
3. looks for a **threat sequence** (levels 3-5 look deeper): a move leaving three or more
   threats wins, since the opponent has two stones; a move leaving exactly two forces both
   of the opponent's stones, and wins if every such reply leaves us a winning move again.
   Replies that make threats of their own end the line unproven, so a found sequence is a
   proof;
4. otherwise examines the best pairs of cells near the stones (by the evaluation of the
   board after them): for each, the opponent's best answer (forced blocks when the pair
   threatens; else the opponent's best pair, and a loss if the opponent then has a
   threat sequence: of one move, of up to three at level 5).  Each ``work()`` examines
   a bounded number of stone placements, so a slice stays short; the move depends only
   on the number of slices.

5. levels 4 and 5 then **deepen**: an alpha-beta over candidate pairs (the blocks of the
   opponent's threats when there are any, else the best quiet pairs by the evaluation;
   a six to make wins, threats two stones cannot stop lose), 3, 4, 5... pair-moves deep,
   over the root pairs step 4 examined (without those it found losing; a node's pairs come
   from the cells near the stones, including those placed in the tree), each depth after
   a threat search one move longer than the last (when not blocking), the best pair of
   each finished depth becoming the move, until the level's time is up: a longer budget
   looks further ahead (in CPython about 7 pair-moves in 3 s early in a game).  Below the
   root the search is the shared one (``ai/alphabeta.py``), of which this engine is the
   kernel: the position is the board itself, played in place (``after``/``unmake``), work
   is counted in stones placed (``nodes`` is ``Board.placed``, ``NODE_COST = 0``), so the
   search pauses where the threat search does, and there is no transposition table (a table
   would change which nodes a budget reaches: the port searches the very tree of the bot's
   earlier negamax, stone for stone).  The root and the deepening stay here: the root's
   pairs come from step 4, and each depth follows a threat search.

Levels 1 and 2 examine fewer candidates and, now and then (seeded), play the second or third
best quiet move; level 4 does so on about one quiet move in three, without deepening, so that
level 5 stands clearly above it (72.5% against it in 100 games, 57% before; level 4 still
scored 73% against level 3).  None of them misses a win in one move or a block.  The
64,620 two-stone moves of the empty board are never listed: pairs come from the dozen best
cells near the stones.
"""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations

from .alphabeta import AlphaBeta
from .engine import bot_for

SIX = 6
EMPTY = -1
# by own stones in a window free of the opponent's; four and five are threats
WINDOW_VALUE = (0, 1, 8, 40, 400, 2000, 100_000)
WIN = 10 ** 7
NEAR = 2                 # candidate cells lie within this many steps of a stone
# by level: root pairs examined with a reply, cells paired for candidates (root, reply),
# threat-sequence depth (in our moves), cells paired when looking for threats, and how
# often a quiet move is imprecise (at level 4: played without the deepening)
CANDIDATES = {1: 2, 2: 8, 3: 16, 4: 28, 5: 40}
CELLS = {1: (8, 6), 2: (9, 7), 3: (11, 8), 4: (13, 9), 5: (14, 10)}
THREAT_DEPTH = {1: 1, 2: 1, 3: 2, 4: 3, 5: 3}
# by level: how deep (in the opponent's moves) a threat sequence of theirs is looked for after
# each root pair, which is then dropped as losing
DEFENCE_DEPTH = {1: 1, 2: 1, 3: 1, 4: 1, 5: 3}
THREAT_CELLS = {1: 10, 2: 12, 3: 16, 4: 18, 5: 20}
IMPRECISION = {1: 0.5, 2: 0.1, 4: 0.3}
# levels 4 and 5 then deepen: an alpha-beta over candidate pairs, one pair-move deeper each
# iteration until their time is up: (root pairs kept, pairs a node, cells paired a node)
DEEPEN = {4: (10, 5, 9), 5: (12, 6, 10)}
MAX_PLIES = 12           # pair-moves: the deepening stops there
CHUNK = 250              # stone placements (or the like) per work() call: a few ms in CPython


@lru_cache(maxsize=None)
def tables(side: int):
    """The windows of a side x side board (six cells each), the windows through each cell,
    and each cell's neighbourhood within ``NEAR`` steps."""
    def at(file, rank):
        return rank * side + file if 0 <= file < side and 0 <= rank < side else None
    windows = []
    for rank in range(side):
        for file in range(side):
            for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [at(file + k * df, rank + k * dr) for k in range(SIX)]
                if None not in cells:
                    windows.append(tuple(cells))
    through = [[] for _ in range(side * side)]
    for index, cells in enumerate(windows):
        for cell in cells:
            through[cell].append(index)
    near = tuple(tuple(c for df in range(-NEAR, NEAR + 1) for dr in range(-NEAR, NEAR + 1)
                       if (c := at(cell % side + df, cell // side + dr)) is not None
                       and c != cell) for cell in range(side * side))
    return tuple(windows), tuple(tuple(w) for w in through), near


class Board:
    """A mutable position for the search: ``owner[cell]`` is -1 or the player; ``count[p][w]``
    the stones of p in window w; ``score[p]`` the sum of p's live windows' values;
    ``threats[p]`` the windows where p could make six next move."""

    def __init__(self, side: int, board):
        self.windows, self.through, self.near = tables(side)
        self.owner = [EMPTY] * (side * side)
        self.count = ([0] * len(self.windows), [0] * len(self.windows))
        self.score = [0, 0]
        self.threats = (set(), set())
        self.placed = 0          # work done: stones placed
        for cell, value in enumerate(board):
            if value:
                self.place(cell, value - 1)

    def place(self, cell: int, p: int) -> None:
        self.placed += 1
        self.owner[cell] = p
        mine, theirs = self.count[p], self.count[1 - p]
        score, value = self.score, WINDOW_VALUE
        for w in self.through[cell]:
            k, other = mine[w], theirs[w]
            mine[w] = k + 1
            if other == 0:
                score[p] += value[k + 1] - value[k]
                if k + 1 >= 4:
                    self.threats[p].add(w)
            elif k == 0:              # the window dies for the opponent
                score[1 - p] -= value[other]
                self.threats[1 - p].discard(w)

    def remove(self, cell: int, p: int) -> None:
        self.owner[cell] = EMPTY
        mine, theirs = self.count[p], self.count[1 - p]
        score, value = self.score, WINDOW_VALUE
        for w in self.through[cell]:
            k, other = mine[w], theirs[w]
            mine[w] = k - 1
            if other == 0:
                score[p] += value[k - 1] - value[k]
                if k - 1 < 4:
                    self.threats[p].discard(w)
            elif k == 1:              # the window comes back to life for the opponent
                score[1 - p] += value[other]
                if other >= 4:
                    self.threats[1 - p].add(w)

    def holes(self, w: int) -> list[int]:
        return [c for c in self.windows[w] if self.owner[c] == EMPTY]

    def winning_cells(self, p: int):
        """The one or two empty cells that complete a six of p, or None."""
        for w in sorted(self.threats[p]):
            return self.holes(w)
        return None

    def blocks(self, p: int) -> tuple[int, list]:
        """How many stones the opponent needs to stop every threat of p (0, 1, 2, or 3 for
        more), and the sets of at most two cells that do it."""
        holes = [set(self.holes(w)) for w in sorted(self.threats[p])]
        self.placed += 1 + len(holes)       # counted as work, like a stone placed
        if not holes:
            return 0, []
        common = set.intersection(*holes)
        if common:
            return 1, [(c,) for c in sorted(common)]
        pairs = set()
        for a in sorted(holes[0]):
            rest = [h for h in holes if a not in h]
            for b in sorted(set.intersection(*rest)):
                pairs.add((min(a, b), max(a, b)))
        return (2, sorted(pairs)) if pairs else (3, [])

    def value(self, p: int) -> int:
        """The evaluation for p, who has just moved (the opponent moves next: their lines
        count more)."""
        return self.score[p] - 2 * self.score[1 - p]

    def cell_gain(self, cell: int, p: int) -> int:
        """What a stone of p on ``cell`` adds: its own windows grow, the opponent's die."""
        mine, theirs, value = self.count[p], self.count[1 - p], WINDOW_VALUE
        gain = 0
        for w in self.through[cell]:
            k, other = mine[w], theirs[w]
            if other == 0:
                gain += value[k + 1] - value[k]
            elif k == 0:
                gain += value[other]
        return gain

    def near_cells(self) -> list[int]:
        owner = self.owner
        out = {n for c, o in enumerate(owner) if o != EMPTY for n in self.near[c]
               if owner[n] == EMPTY}
        return sorted(out)


@bot_for("connect6")
class Connect6Engine(AlphaBeta):
    """The bot (steps 1 to 5 of the module docstring) and the kernel of its deepening."""
    IN_PLACE = True       # the kernel places and removes stones on ``self.board``
    NODE_COST = 0         # work is counted in stones placed (``nodes``)
    WIN = WIN

    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False):
        # the base class would list every legal move (64,620 on the empty board): not here
        self.game, self.state, self.level, self.rng = game, state, level, rng
        self.iterations = 0
        self.proven = None
        self.win_chance = None
        self.done = state.outcome is not None
        self.best = None
        self.depth = 2           # pair-moves looked ahead (levels 4 and 5 deepen)
        if self.done:
            return
        self.me = game.to_move(state)
        self.board = Board(game.side, state.board)
        if state.ply == 0:                       # the single first stone: the centre
            self.best = (game.grid.size // 2,)
            self.done = True
            return
        self.near = self.board.near_cells()
        self.best = self.pair(*self.quiet_pairs(self.me, CELLS[level][0], 1)[0][1])
        self.thinking = self.think()

    def pair(self, a: int, b: int):
        return self.game.geo.ascending(a, b)

    # -- candidates -------------------------------------------------------------------------
    def top_cells(self, p: int, count: int, extra=()) -> list[int]:
        board = self.board
        cells = [c for c in set(self.near).union(extra) if board.owner[c] == EMPTY]
        board.placed += 2 * len(cells)          # two gains a cell: count them as work
        cells.sort(key=lambda c: (-board.cell_gain(c, p) - board.cell_gain(c, 1 - p) // 2, c))
        return cells[:count]

    def quiet_pairs(self, p: int, cells: int, keep: int, extra=()) -> list:
        """The ``keep`` best pairs of p among the best ``cells`` cells, as (value, pair)."""
        board = self.board
        scored = []
        for a, b in combinations(self.top_cells(p, cells, extra), 2):
            board.place(a, p)
            board.place(b, p)
            scored.append((-board.value(p), a, b))
            board.remove(b, p)
            board.remove(a, p)
        scored.sort()
        return [(-v, (a, b)) for v, a, b in scored[:keep]]

    def blocking_pairs(self, p: int, threatened: int) -> tuple[bool, list]:
        """p's pairs that stop every threat of the opponent (``threatened`` is the
        opponent's threat count and sets): (True, pairs), or (False, the pairs that stop
        most) when two stones cannot stop them all."""
        board = self.board
        count, sets = threatened
        if count == 1:
            partners = self.top_cells(p, 6)
            return True, sorted({(min(s[0], c), max(s[0], c)) for s in sets[:6]
                                 for c in partners if c != s[0]})
        if count == 2:
            return True, sets
        holes = sorted({c for w in board.threats[1 - p] for c in board.holes(w)})
        def stopped(pair):
            return sum(1 for w in board.threats[1 - p] if set(pair) & set(board.windows[w]))
        pairs = sorted(combinations(holes, 2), key=lambda pr: (-stopped(pr), pr))
        return False, pairs[:4] or [tuple(self.top_cells(p, 2))]

    # -- threat sequences ---------------------------------------------------------------------
    def threat_cells(self, p: int, count: int) -> list[int]:
        """Empty cells of windows holding at least two of p's stones and none of the
        opponent's, in most of them first."""
        board = self.board
        mine, theirs = board.count[p], board.count[1 - p]
        weight = {}
        board.placed += len(board.windows) // 16   # the scan, counted as work
        for w in range(len(board.windows)):
            if mine[w] >= 2 and theirs[w] == 0:
                for c in board.windows[w]:
                    if board.owner[c] == EMPTY:
                        weight[c] = weight.get(c, 0) + mine[w]
        return sorted(weight, key=lambda c: (-weight[c], c))[:count]

    def threat_win(self, p: int, depth: int):
        """A pair of p's that wins by threats within ``depth`` of p's moves (the opponent
        has no threat now), or None; a generator that pauses between chunks of work."""
        board = self.board
        for a, b in combinations(self.threat_cells(p, THREAT_CELLS[self.level]), 2):
            if board.placed > self.limit:
                yield
            board.place(a, p)
            board.place(b, p)
            try:
                count, sets = board.blocks(p)
                if count == 3:
                    return (a, b)
                if count == 2 and depth > 1:
                    if (yield from self.all_replies_lose(1 - p, sets, depth - 1)):
                        return (a, b)
            finally:
                board.remove(b, p)
                board.remove(a, p)
        return None

    def all_replies_lose(self, q: int, replies, depth: int):
        """Whether every forced reply of q (a pair stopping the threats) still leaves the
        opponent a win by threats; a reply making a threat of q's ends the proof."""
        board = self.board
        for c, d in replies:
            board.place(c, q)
            board.place(d, q)
            try:
                if board.threats[q]:
                    return False
                if (yield from self.threat_win(1 - q, depth)) is None:
                    return False
            finally:
                board.remove(d, q)
                board.remove(c, q)
        return True

    # -- the search --------------------------------------------------------------------------
    def think(self):
        """The whole decision, as a generator paused between chunks of work."""
        me, board = self.me, self.board
        win = board.winning_cells(me)
        if win is not None:
            self.finish(self.complete(win), "win")
            return
        threatened = board.blocks(1 - me)
        if threatened[0]:
            possible, pairs = self.blocking_pairs(me, threatened)
            if not possible:
                self.finish(self.pair(*pairs[0]), "loss")
                return
            yield from self.choose(pairs, forced=True)
            return
        for depth in range(1, THREAT_DEPTH[self.level] + 1):
            found = yield from self.threat_win(me, depth)
            if found is not None:
                self.finish(self.pair(*found), "win")
                return
        pairs = [pair for _, pair in self.quiet_pairs(me, CELLS[self.level][0],
                                                      CANDIDATES[self.level])]
        yield from self.choose(pairs, forced=False)

    def complete(self, holes: list[int]):
        if len(holes) == 2:
            return self.pair(*holes)
        other = next(c for c in self.top_cells(self.me, 2) if c != holes[0])
        return self.pair(holes[0], other)

    def choose(self, pairs, forced: bool):
        """Examine each pair with the opponent's best answer; keep the best."""
        scored = []
        for pair in pairs:
            if self.board.placed > self.limit:
                yield
            value = yield from self.reply_value(pair)
            scored.append((-value, pair))
            best = min(scored)
            self.best = self.pair(*best[1])
            self.win_chance = chance(-best[0])
        scored.sort()
        pick = scored[0]
        self.forced = forced
        open_choice = len(scored) > 1 and -pick[0] < WIN // 2     # several pairs, no win
        careless = not forced and self.rng.random() < IMPRECISION.get(self.level, 0) \
            and open_choice and scored[1][0] < WIN // 2
        if careless:
            pick = scored[self.rng.randrange(1, min(3, len(scored)))]
        elif self.level in DEEPEN and open_choice:
            yield from self.deepen([pair for value, pair in scored if value < WIN // 2]
                                   or [pair for value, pair in scored])
            return
        self.finish(self.pair(*pick[1]), None)
        self.win_chance = chance(-pick[0])

    def reply_value(self, pair):
        """Our value after ``pair`` and the opponent's best answer to it."""
        me, board = self.me, self.board
        them = 1 - me
        a, b = pair
        board.place(a, me)
        board.place(b, me)
        try:
            threatened = board.blocks(me)
            if threatened[0] == 3:
                return WIN
            if board.threats[them]:               # we failed to block: they make six
                return -WIN
            if threatened[0]:
                _, replies = self.blocking_pairs(them, threatened)
                value = WIN
                for c, d in replies[:12]:
                    board.place(c, them)
                    board.place(d, them)
                    value = min(value, -board.value(them) if not board.threats[them]
                                else -board.value(them) - WINDOW_VALUE[4])
                    board.remove(d, them)
                    board.remove(c, them)
                return value
            if (yield from self.threat_win(them, DEFENCE_DEPTH[self.level])) is not None:
                return -WIN // 2
            answers = self.quiet_pairs(them, CELLS[self.level][1], 1, extra=self.fresh(a, b))
            return -answers[0][0] if answers else board.value(me)
        finally:
            board.remove(b, me)
            board.remove(a, me)

    # -- deepening (levels 4 and 5) -----------------------------------------------------------
    def deepen(self, pairs):
        """Alpha-beta over candidate pairs, 3, 4, 5... pair-moves deep (ours first), the
        best pair of each finished depth becoming the move, until the time is up; before
        each depth (when not blocking), a threat sequence one move longer than the last
        one tried.  The root's
        pairs are those the two-move look-ahead examined (blocks, when the opponent
        threatens), best first, without any it found losing; a win or a loss on every line
        ends the search early.  Below each root pair, the shared ``search`` (the kernel's
        hooks are below)."""
        keep, _, _ = DEEPEN[self.level]
        pairs = pairs[:keep]
        me, board = self.me, self.board
        for depth in range(3, MAX_PLIES + 1):
            if not self.forced:
                # a threat sequence one move longer than the last one tried
                found = yield from self.threat_win(me, THREAT_DEPTH[self.level] + depth - 2)
                if found is not None:
                    self.finish(self.pair(*found), "win")
                    return
            alpha, scored = -WIN - 1, []
            for pair in pairs:
                a, b = pair
                board.place(a, me)
                board.place(b, me)
                self.line = [a, b]                  # the stones placed in the tree
                try:
                    value = -(yield from self.search(board, depth - 1, -WIN - 1, -alpha, 1,
                                                     set()))
                finally:
                    board.remove(b, me)
                    board.remove(a, me)
                scored.append((value, pair))
                alpha = max(alpha, value)
            scored.sort(key=lambda item: -item[0])      # stable: the earlier order breaks ties
            pairs = [pair for _, pair in scored]
            self.best = self.pair(*pairs[0])
            self.depth = depth
            value = scored[0][0]
            self.win_chance = chance(value)
            if value >= WIN // 2:
                self.finish(self.best, "win")
                return
            if value <= -WIN // 2:                      # every line lost: keep the move
                break
        self.finish(self.best, None)

    # -- the kernel of the shared search (``alphabeta.AlphaBeta``) ---------------------------
    # The position is ``self.board`` itself, played in place; the side to move at ``ply`` is
    # the bot's at even plies; ``self.line`` holds the stones placed in the tree.  Work is
    # counted in stones placed (``nodes`` is ``board.placed``), so the search pauses where the
    # threat search does; there is no table, so a budget reaches the same nodes as the old
    # negamax did, and every node, leaves too, goes through the paused generator.
    @property
    def nodes(self) -> int:
        return self.board.placed

    @nodes.setter
    def nodes(self, placed: int) -> None:
        self.board.placed = placed

    def mover(self, ply: int) -> int:
        return self.me ^ (ply & 1)

    def open(self, board, ply: int, path):
        """A six to make is a win, threats two stones cannot stop a loss; else the
        opponent's threat count and sets (``ordered`` lists the pairs from them, and only
        above the horizon: listing them is most of the work)."""
        p = self.mover(ply)
        if board.threats[p]:
            return WIN
        threatened = board.blocks(1 - p)
        return -WIN if threatened[0] == 3 else threatened

    def ordered(self, board, threatened, first, ply: int) -> list:
        """The blocks of the opponent's threats when there are any, else the best quiet
        pairs (among the cells near the stones, those placed in the tree included)."""
        p = self.mover(ply)
        _, width, cells = DEEPEN[self.level]
        if threatened[0]:
            return self.blocking_pairs(p, threatened)[1][:width]
        extra = set()
        for cell in self.line:
            extra.update(board.near[cell])
        return [pair for _, pair in self.quiet_pairs(p, cells, width, extra)]

    def after(self, board, pair):
        p = self.mover(len(self.line) // 2)     # one pair a ply, the root's included
        a, b = pair
        board.place(a, p)
        board.place(b, p)
        self.line += pair
        return board

    def unmake(self, board, pair) -> None:
        a, b = pair
        p = board.owner[a]
        del self.line[-2:]
        board.remove(b, p)
        board.remove(a, p)

    def evaluate(self, board, ply: int) -> int:
        """The side to move's lines count double: it places the next two stones."""
        p = self.mover(ply)
        return 2 * board.score[p] - board.score[1 - p]

    def quiet(self, pair) -> bool:
        return False          # leaves too may pause: a horizon node lists no pairs

    def probe(self, key, depth: int, alpha: int, beta: int, ply: int):
        return None, None     # no table: see the module docstring

    def store(self, key, depth: int, value: int, move, alpha: int, beta: int) -> None:
        pass

    def fresh(self, a: int, b: int) -> set:
        """Cells near the two stones just placed (candidates the root's list lacks)."""
        return set(self.board.near[a]) | set(self.board.near[b])

    def finish(self, move, proven) -> None:
        self.best, self.proven, self.done = move, proven, True
        if proven:
            self.win_chance = 1.0 if proven == "win" else 0.0

    def work(self) -> None:
        """One chunk of the whole decision (``think``: threats, look-ahead, deepening), not
        of one depth as in ``PausedSearch``: the deepening goes on within a chunk."""
        if self.done:
            return
        self.iterations += 1
        self.limit = self.board.placed + CHUNK
        try:
            next(self.thinking)
        except StopIteration:
            self.done = True


def chance(value: int) -> float:
    """A rough chance of winning from an evaluation."""
    if value >= WIN // 2:
        return 1.0
    if value <= -WIN // 2:
        return 0.0
    return 0.5 + max(-0.45, min(0.45, value / 4000))
