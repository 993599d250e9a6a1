"""Hexade: a two-ply tactical search, then threat sequences, then a four-ply look-ahead,
with a shape evaluation.

Every root move is tried on ``HexadeBoard`` (``games/hexade.py``), which resolves captures,
pending sixes and the end of the game exactly; then every reply of the opponent near the
stones is tried too.  That makes the tactics exact at this depth:

* a move that completes a six no reply can break is a **win** (no reply removes a stone of
  every new six), and is always found;
* when the opponent has a six pending, every move that does not break it **loses** at once
  (the kernel says so), so a breaking move is always chosen when one exists;
* captures made and captures allowed (pairs taken, pairs exposed) enter the score of each
  move, as do the sixes the opponent could make in reply;
* from level 2 on, a reply that makes a six we cannot break loses the move; from level 3
  on, a reply that leaves the opponent two cells completing a six (a double threat, which
  we cannot both block) counts almost as much, and a move that leaves us such a double
  threat is preferred.

From level 3 on, the time left after that pass goes to **threat sequences**, deepened one
move at a time: a chain of moves that each leave a six one stone short (the opponent must
answer it: fill the hole, capture a stone of it, or make a six of their own) ending in a six
that cannot be broken or two holes at once.  The bot plays such a chain when it has one, and
marks down every candidate after which the opponent has one.  The answers considered are the
ones that can stop the six next move, so a chain is a strong hint rather than a proof.

Levels 4 and 5 then **look ahead**: the whole search above (of level 3) is run again after
each of our best candidates, for the opponent, and after each of the opponent's best
replies, for us; a candidate is worth what the line through the opponent's best reply is
worth.  That finds the quiet moves that lose two plies later, which a two-ply search
cannot see.

Otherwise moves are valued by the **shapes** (lines, triangles, small hexagons) they build
for the mover and spoil for the opponent: a shape with k of the mover's stones and none of
the opponent's is worth about 4**k.  The root keeps the best few candidates by that value
plus every capturing, six-making or six-breaking move; each ``work()`` examines one of them.
"""

from __future__ import annotations

import random

from .engine import Engine, bot_for
WIN_SCORE = 1_000_000
SHAPE_VALUE = (0, 1, 4, 16, 64, 400, 3000)    # by own stones already in the shape
CAPTURE_VALUE = 60                            # per captured stone
UNSTOPPABLE = 50_000                          # a reply that makes a six we cannot break
DOUBLE_THREAT = 8_000                         # a reply leaving two cells that complete a six
CANDIDATES = {1: 5, 2: 9, 3: 14, 4: 20, 5: 28}   # quiet root moves examined, by level
CHAIN_LOSS = 30_000                           # the opponent has a threat sequence after it
# threat sequences, by level: the longest looked for, the positions one search may visit
# per move of depth, and how many of the best candidates are checked for the opponent's
# (level 5 searches no deeper than 4: in a crowded position that alone took seconds, which
# its wider look-ahead uses better)
CHAIN_DEPTH = {3: 2, 4: 4, 5: 4}
CHAIN_NODES = {3: 120, 4: 300, 5: 300}
DEFENDED = {3: 6, 4: 12, 5: 12}
# the look-ahead of levels 4 and 5: how many of our best candidates, how many of the
# opponent's best replies to each, and the level of the searches that judge those positions
LOOKAHEAD = {4: (5, 2, 3), 5: (10, 3, 3)}


class OutOfWork(Exception):
    pass


def near_cells(board, reach: int = 2) -> list[int]:
    """Empty cells within ``reach`` steps of a stone (the centre on an empty board)."""
    owner, around, off = board.owner, board.geo.around, board.geo.size
    stones = [c for c in range(off) if owner[c]]
    if not stones:
        return [board.geo.grid.size // 2]
    near, frontier = set(), set(stones)
    for _ in range(reach):
        step = set()
        for c in frontier:
            for n in around[c]:
                if n != off and n not in near:
                    step.add(n)
        near |= step
        frontier = step
    return sorted(c for c in near if not owner[c])


def shape_value(board, s: int, p: int) -> float:
    """What a stone of colour ``p`` on ``s`` builds (own shapes) and spoils (the opponent's)."""
    owner = board.owner
    q = 3 - p
    value = 0.0
    for rest in board.geo.rest_at[s]:
        mine = theirs = 0
        for c in rest:
            v = owner[c]
            if v == p:
                mine += 1
            elif v == q:
                theirs += 1
        if not theirs:
            value += SHAPE_VALUE[mine + 1] - SHAPE_VALUE[mine]
        if not mine:
            value += 0.6 * SHAPE_VALUE[theirs]
    return value


def both_completions(board) -> tuple[set[int], set[int], set[int]]:
    """The empty cells where a stone would complete a six shape, for each colour (indexed
    by colour), in one pass over the shapes."""
    owner = board.owner
    out = (set(), set(), set())
    for shape in board.geo.shapes:
        colour, hole = 0, -1
        for c in shape:
            v = owner[c]
            if not v:
                if hole >= 0:
                    break
                hole = c
            elif v != colour:
                if colour:
                    break
                colour = v
        else:
            if hole >= 0 and colour:
                out[colour].add(hole)
    return out


def new_completions(board, cell: int, p: int) -> set[int]:
    """The empty cells completing a six of ``p`` in the shapes through ``cell`` (which holds
    a stone of ``p``)."""
    return holes(board.owner, board.geo.rest_at[cell], p)


def holes(owner, shapes, p: int) -> set[int]:
    """The cells that are the one empty cell of a shape whose other cells all hold ``p``."""
    out = set()
    for shape in shapes:
        hole = -1
        for c in shape:
            v = owner[c]
            if v == p:
                continue
            if v or hole >= 0:
                break
            hole = c
        else:
            if hole >= 0:
                out.add(hole)
    return out


def breaking_cells(board) -> list[int]:
    """The empty cells from which a capture could take a stone of the pending sixes: within
    two steps of them (the captured pair is the next two cells in a line)."""
    owner, around, off = board.owner, board.geo.around, board.geo.size
    cells = set()
    for shape in board.pending:
        for stone in shape:
            for n in around[stone]:
                if n == off:
                    continue
                cells.add(n)
                cells.update(m for m in around[n] if m != off)
    return sorted(c for c in cells if not owner[c])


def saving_cells(board, me: int):
    """The cells where colour ``me``, to move, plays so that the opponent's pending six does
    not win (the kernel decides); a generator, so that a caller may stop at the first."""
    for cell in breaking_cells(board):
        trial = board.copy()
        trial.place(cell)
        if trial.result is None or trial.result[0] == me - 1:
            yield cell


def can_break(board, me: int) -> bool:
    """Whether colour ``me``, to move, has a move after which the opponent's pending six
    does not win."""
    return next(saving_cells(board, me), None) is not None


def threat_moves(board, p: int) -> list[int]:
    """The empty cells where a stone of ``p`` leaves a shape one stone short of a six (the
    two empty cells of a shape holding four stones of ``p``)."""
    owner = board.owner
    out = set()
    for shape in board.geo.shapes:
        empty = []
        for c in shape:
            v = owner[c]
            if v == p:
                continue
            if v or len(empty) == 2:
                break
            empty.append(c)
        else:
            if len(empty) == 2:
                out.update(empty)
    return sorted(out)


def capturing_moves(board, p: int) -> list[int]:
    """The empty cells where a stone of ``p`` captures a pair."""
    owner, geo = board.owner, board.geo
    captures, around, off = geo.captures, geo.around, geo.size
    q = 3 - p
    # only an empty cell next to a stone of q can capture
    beside = {n for c in range(off) if owner[c] == q
              for n in around[c] if n != off and not owner[n]}
    return [s for s in sorted(beside)
            if any(owner[a] == q and owner[b] == q and owner[c] == p for a, b, c in captures[s])]


class ThreatSearch:
    """Threat sequences (see the module's docstring), within a budget of positions.  The
    searches are generators that pause at every position they visit, so that the engine can
    spread one search over many short ``work()`` calls; each returns its answer."""

    def __init__(self, limit: int):
        self.limit = limit
        self.nodes = 0

    def play(self, board, cell: int):
        self.nodes += 1
        if self.nodes > self.limit:
            raise OutOfWork
        yield
        after = board.copy()
        after.place(cell)
        return after

    def winning_move(self, board, p: int, depth: int):
        """A move of ``p`` (to move on ``board``) that starts a winning sequence, or None."""
        if board.pending:
            return None                       # the opponent's six must be broken first
        sixes = both_completions(board)
        for h in sorted(sixes[p]):
            after = yield from self.play(board, h)
            if after.result is not None:
                if after.result[0] == p - 1:
                    return h
            elif not can_break(after, 3 - p):
                return h
        if depth <= 0 or sixes[3 - p]:
            return None                       # a six of theirs would come first
        for m in threat_moves(board, p):
            after = yield from self.play(board, m)
            if after.result is not None:
                if after.result[0] == p - 1:
                    return m
                continue
            then = both_completions(after)
            answers = sorted(then[1] | then[2] | set(capturing_moves(after, 3 - p)))
            if not answers:
                continue
            for r in answers:
                if not (yield from self.answer_fails(after, r, p, depth)):
                    break
            else:
                return m
        return None

    def answer_fails(self, board, r: int, p: int, depth: int):
        """Whether ``p`` still wins after the opponent answers on ``r``."""
        after = yield from self.play(board, r)
        if after.result is not None:
            return after.result[0] == p - 1
        return (yield from self.winning_move(after, p, depth - 1)) is not None

    def after(self, board, cell: int, p: int, depth: int):
        """A winning move of ``p`` once ``cell`` is played on ``board`` by the opponent."""
        after = yield from self.play(board, cell)
        if after.result is not None:
            return None
        return (yield from self.winning_move(after, p, depth))


@bot_for("hexade")
class HexadeEngine(Engine):
    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False,
                 nested: bool = False):
        super().__init__(game, state, level, rng)
        self.nested = nested                  # a search inside the look-ahead looks no further
        self.scores: dict[int, float] = {}    # (a position with one move or none is valued too)
        self.chain_win = None                 # the first move of a chain of ours
        if self.done:
            return
        self.board = game.kernel(state)
        self.me = 1 + state.ply % 2
        legal_cells = {m[0] for m in self.legal}
        near = [c for c in near_cells(self.board) if c in legal_cells] or sorted(legal_cells)
        scored = sorted(near, key=lambda c: -shape_value(self.board, c, self.me))
        self.gains: dict[int, float] = {}     # what each candidate builds, before the replies
        self.penalty: dict[int, float] = {}   # candidates after which the opponent has a chain
        self.best = (scored[0],)
        if self.board.pending:
            # the opponent's six wins unless we break it: only breaking moves are worth a look
            breaking = [c for c in saving_cells(self.board, self.me) if c in legal_cells]
            self.queue = breaking or scored[:1]
            self.best = (self.queue[0],)
        else:
            tactical = [c for c in near if self.is_tactical(c)]
            self.queue = list(dict.fromkeys(tactical + scored[:CANDIDATES[level]]))
        blunder_chance = {1: 0.35, 2: 0.15}.get(level, 0.0)
        self.blunder = rng.random() < blunder_chance

    def is_tactical(self, cell: int) -> bool:
        """Whether playing ``cell`` captures or makes a six."""
        board = self.board
        owner, m = board.owner, self.me
        o = 3 - m
        for a, b, c in board.geo.captures[cell]:
            if owner[a] == o and owner[b] == o and owner[c] == m:
                return True
        for rest in board.geo.rest_at[cell]:
            if all(owner[c] == m for c in rest):
                return True
        return False

    # -- the search ----------------------------------------------------------------------------
    REPLIES_PER_CHUNK = 24

    def work(self) -> None:
        """Examine the next batch of replies to the current candidate (a few milliseconds)."""
        if self.done:
            return
        self.iterations += 1
        if self.lookahead is not None:
            try:
                next(self.lookahead)
            except StopIteration:
                self.finish()
            return
        if self.tasks is not None:
            self.chain_step()
            return
        if self.current is None:
            self.start(self.queue.pop(0))
        else:
            self.continue_replies()
        if self.scores:
            self.best = (self.ranking()[0],)
        if self.current is None and (not self.queue or max(self.scores.values()) >= WIN_SCORE - 1):
            self.start_chains()

    current = None
    deep: dict = {}       # the look-ahead's values of the candidates it has finished
    tasks = None          # the threat searches still to run at this depth (None: ours)
    search = None         # the threat search under way (a generator)
    lookahead = None      # the look-ahead under way (a generator)
    NODES_PER_WORK = 8

    # -- threat sequences (levels 3 to 5) -----------------------------------------------------
    def start_chains(self) -> None:
        top = max(self.scores.values())
        if (self.level not in CHAIN_DEPTH or self.board.pending
                or not -WIN_SCORE < top < WIN_SCORE - 1):
            self.finish()
            return
        self.chain_depth = 0
        self.tasks = []

    def value(self, cell: int) -> float:
        return self.scores[cell] - self.penalty.get(cell, 0.0)

    def chain_step(self) -> None:
        """Advance the current threat search by up to NODES_PER_WORK positions; start the
        next one (ours from the root, or the opponent's after a candidate) when it ends."""
        if self.search is None:
            if not self.tasks:
                self.chain_depth += 1
                if self.chain_depth > CHAIN_DEPTH[self.level]:
                    self.start_lookahead()
                    return
                self.tasks = [None] + [c for c in self.ranking()[:DEFENDED[self.level]]
                                       if c not in self.penalty]
            self.task = self.tasks.pop(0)
            depth = self.chain_depth
            threats = ThreatSearch(CHAIN_NODES[self.level] * depth)
            if self.task is None:
                self.search = threats.winning_move(self.board, self.me, depth)
            else:
                self.search = threats.after(self.board, self.task, 3 - self.me, depth)
        try:
            for _ in range(self.NODES_PER_WORK):
                next(self.search)
            return
        except StopIteration as stop:
            found = stop.value
        except OutOfWork:
            found = None             # too many positions at this depth: no verdict
        self.search = None
        if found is None:
            return
        if self.task is None:
            if (found,) in self.legal:
                self.chain_win = found
                self.finish()
        else:
            self.penalty[self.task] = CHAIN_LOSS
            self.best = (self.ranking()[0],)

    # -- the look-ahead (levels 4 and 5) -----------------------------------------------------
    def start_lookahead(self) -> None:
        if self.level in LOOKAHEAD and not self.nested:
            self.deep: dict[int, float] = {}
            self.lookahead = self.look_ahead(*LOOKAHEAD[self.level])
        else:
            self.finish()

    def look_ahead(self, count: int, replies: int, level: int):
        """Four plies, selectively: each of our ``count`` best candidates, the opponent's
        ``replies`` best answers to it (by a search of ``level``), and our best answer to each
        of those (by the same search).  Values add up along the line as in a negamax: what
        the candidate builds, minus what the reply builds, plus the value of our answer
        (which already counts the opponent's next reply).  A generator that pauses after
        each unit of work of the inner searches; ``best`` follows the candidates done."""
        game, state = self.game, self.state
        ranked = self.ranking()[:count]
        for c in ranked:
            after = game.apply(state, (c,))
            if game.outcome(after) is not None:
                self.deep[c] = self.value(c)
                continue
            theirs = yield from self.judge(after, level)
            if theirs.top_value() >= WIN_SCORE - 1:
                self.deep[c] = -WIN_SCORE          # they win: no need to look at our answers
                self.best = (self.choice(ranked),)
                continue
            worst = None
            for r in theirs.ranking()[:replies]:
                line = game.apply(after, (r,))
                outcome = game.outcome(line)
                if outcome is not None:
                    term = (0.0 if outcome.winner is None else
                            WIN_SCORE if outcome.winner == self.me - 1 else -WIN_SCORE)
                else:
                    ours = yield from self.judge(line, level)
                    term = ours.top_value() - theirs.gains.get(r, 0.0)
                worst = term if worst is None else min(worst, term)
            deep = self.gains[c] + (worst or 0.0)
            self.deep[c] = max(-WIN_SCORE, min(WIN_SCORE, deep))
            self.best = (self.choice(ranked),)

    def choice(self, ranked: list[int]) -> int:
        """The best candidate the look-ahead has finished, unless it has found them all
        lost: then the next one it has not reached (the clock may stop it there)."""
        best = max(self.deep, key=lambda m: (self.deep[m], -m))
        if self.deep[best] > -WIN_SCORE:
            return best
        return next((c for c in ranked if c not in self.deep), best)

    def judge(self, state, level: int):
        """A search of ``level`` on ``state``, run to its end one unit of work at a time."""
        engine = HexadeEngine(self.game, state, level, random.Random(0), nested=True)
        while not engine.done:
            engine.work()
            yield
        return engine

    def ranking(self) -> list[int]:
        """The candidates examined, best first."""
        return sorted(self.scores, key=lambda c: (-self.value(c), c))

    def top_value(self) -> float:
        """The value of the position for the side to move, as this search sees it."""
        if self.chain_win is not None:
            return WIN_SCORE - 1
        if not self.scores:
            return 0.0
        return self.value(self.ranking()[0])

    def start(self, s: int) -> None:
        """Play candidate ``s``; decide it at once if the game ends, else queue its replies."""
        board, me = self.board, self.me
        after = board.copy()
        captured = after.place(s)
        if after.result is not None:
            winner = after.result[0]
            self.scores[s] = self.gains[s] = (0.0 if winner is None else
                                              WIN_SCORE if winner == me - 1 else -WIN_SCORE)
            return
        value = shape_value(board, s, me) + CAPTURE_VALUE * len(captured)
        if self.level >= 3:
            sixes = both_completions(after)
            threats = len(sixes[me])
            value += 1500 if threats >= 2 else 300 if threats else 0
        self.gains[s] = value
        replies = near_cells(after)
        if not replies:
            self.scores[s] = value
            return
        # cell, board after it, value, replies left, worst threat, every reply fails
        self.current = [s, after, value, replies, None, True]
        if self.level >= 3:
            self.their_completions = sixes[3 - me]
        self.continue_replies()

    def continue_replies(self) -> None:
        """Try up to REPLIES_PER_CHUNK replies of the opponent to the current candidate: the
        exact result when the game ends, else the captures and shapes the reply gets."""
        s, after, value, replies, worst, everything_fails = self.current
        me = self.me
        made_six = bool(after.pending)
        batch, rest = replies[:self.REPLIES_PER_CHUNK], replies[self.REPLIES_PER_CHUNK:]
        for r in batch:
            reply = after.copy()
            lost = reply.place(r)
            if reply.result is not None:
                winner = reply.result[0]
                if winner == me - 1:
                    continue              # this reply lets our six stand
                threat = WIN_SCORE if winner is not None else 0.0
            else:
                everything_fails = False
                threat = CAPTURE_VALUE * len(lost) + 0.5 * shape_value(after, r, 3 - me)
                if reply.pending:
                    # the opponent makes a six we must break (stronger levels check if we can)
                    if self.level >= 2 and not can_break(reply, me):
                        threat += UNSTOPPABLE   # lost against best play; still rank the rest
                    else:
                        threat += 2000
                elif self.level >= 3 and not lost:
                    # two cells that would complete an opponent's six: we can block only one
                    holes = (self.their_completions - {r}) | new_completions(reply, r, 3 - me)
                    holes = {c for c in holes if not reply.owner[c]}
                    if len(holes) >= 2:
                        threat += DOUBLE_THREAT
            if worst is None or threat > worst:
                worst = threat
        if rest:
            self.current = [s, after, value, rest, worst, everything_fails]
            return
        self.current = None
        if made_six and everything_fails:
            # every reply near the stones leaves our six standing; a reply elsewhere
            # captures nothing, so the six wins
            self.scores[s] = WIN_SCORE - 1
        else:
            self.scores[s] = value - (worst or 0.0)

    def finish(self) -> None:
        if self.chain_win is not None:
            self.best, self.win_chance, self.done = (self.chain_win,), 0.95, True
            return
        values = self.deep or {c: self.value(c) for c in self.scores}
        ranked = sorted(values, key=lambda c: (-values[c], c))
        top = ranked[0]
        if self.blunder and abs(values[top]) < 1000:
            # a weak level's slip: a quiet move not much worse, never a lost or winning one
            close = [c for c in ranked[1:3] if values[c] > values[top] - 150]
            if close:
                top = self.rng.choice(close)
        self.best = (top,)
        value = values[ranked[0]]
        if value >= WIN_SCORE - 1:
            self.proven, self.win_chance = "win", 1.0
        elif value <= -WIN_SCORE:
            self.proven, self.win_chance = "loss", 0.0
        else:
            self.win_chance = 0.5 + max(-0.45, min(0.45, value / 20000))
        self.done = True
