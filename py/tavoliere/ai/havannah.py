"""Havannah: Monte Carlo tree search with RAVE on the rule book's fast kernel.

The search works on ``HavannahBoard`` (``games/havannah.py``: flat lists and an incremental
union-find whose group leaders know the sides and corners they touch):

* **Tree**: UCT with RAVE (all-moves-as-first statistics blended in by the usual
  ``beta = rave_n / (rave_n + n + rave_n * n / K)``), children created all at once with
  **priors** (virtual visits) and searched by **progressive widening** in prior order:
  cells next to one's own stones (connection), the cell that saves a bridge the opponent has
  just intruded into (bridge answer), cells a bridge away from one's stones, cells next to
  the last stone; the first line of the board is discouraged.
* **Immediate wins and forced blocks**: when a node is created, a move that wins at once is
  the only child; otherwise, if the opponent threatens to win at once on one cell, that
  block is the only child; with two threats the node is lost (the opponent wins next).
  Playouts do the same around the last stones of each player.
* **Two threats** (levels 3 to 5): near the root (``MATE_DEPTH``), a move that leaves two
  cells that each win (a ring, bridge or fork one block cannot stop) is a proven win, and
  so is a forced block that does so.  Before the search proper, every root move is checked
  (one per iteration, ``SAFETY_CHUNK``) for an answer that wins at once or makes two threats:
  such root moves are proven losses, so the search never plays one while another move is
  safe (those of a kept tree too).  This is what games lost to morat were lost to.
* **MCTS-solver**: proven wins and losses are backed up the tree and a proven root ends the
  search.
* **Tree reuse**: the tree of the previous search is kept per game spec; the next search
  starts from the subtree of the moves played since (not for searches counted in
  iterations, which must not depend on the past).

``plain=True`` turns all of that off but the kernel: plain UCT with random playouts, the
"uct" bot of matches.
"""

from __future__ import annotations

import math
import random

from ..games.havannah import ARCS, ENCLOSABLE, WIN as WIN_FLAGS, HavannahBoard
from .engine import TreeSearch, bot_for, ucb1_child

RAVE_K = 600.0            # equivalence parameter of the RAVE blend
EXPLORATION = 0.25        # UCT exploration with RAVE (small: RAVE explores for us)
PLAIN_EXPLORATION = 0.9
PRIOR_VISITS = 20         # virtual visits of the priors
CHECKED_PLIES = 10        # playout plies that look for wins and blocks
EXPAND_AFTER = 8          # real visits of a leaf before it gets children
PERMUTATIONS = 48         # playout orders drawn once per search, rotated at random
MATE_DEPTH = 2            # nodes this close to the root look for a move making two threats
SAFETY_CHUNK = 1          # root moves checked per iteration for a reply making two threats

_TREES: dict[str, tuple] = {}   # game spec -> (board tuple, root node): tree reuse


class Node:
    __slots__ = ("move", "mover", "n", "w", "rn", "rw", "children", "proven", "widened")

    def __init__(self, move: int, mover: int, prior_n: float = 0.0, prior_w: float = 0.0):
        self.move = move          # the cell played to reach this node
        self.mover = mover        # 1 or 2: the kernel colour that played it
        self.n = prior_n          # visits (virtual ones included)
        self.w = prior_w          # wins for ``mover``
        self.rn = 0.0             # RAVE visits and wins of ``move`` for ``mover``
        self.rw = 0.0
        self.children: list | None = None
        self.proven = 0           # +1 won for mover, -1 lost for mover
        self.widened = 0


# patterns of own neighbours that can close a ring or join two groups (else only a group's
# new sides or corners can make a win)
JOIN_BONUS = tuple(0.0 if not p else 0.2 if len(ARCS[p]) > 1 else 0.1 for p in range(64))
MAY_JOIN = tuple(len(ARCS[p]) > 1 or p == 63 or bool(ENCLOSABLE[p]) for p in range(64))


def would_win(board: HavannahBoard, cell: int, p: int) -> bool:
    """Whether colour ``p`` placing on the empty ``cell`` completes a ring, bridge or fork
    (the kernel's own test, without placing; rings are taken as rings even under the
    Schmittberger option, where this is only a heuristic)."""
    own = board.own[p]
    pattern = own[cell]
    if not pattern:
        return False
    geo = board.geo
    if not MAY_JOIN[pattern] and not geo.edge[cell]:
        return False
    ring = geo.around[cell]
    parent, mask = board.parent, board.mask
    joined = geo.edge[cell]
    seen = []
    for i in ARCS[pattern]:
        leader = ring[i]
        while parent[leader] != leader:
            leader = parent[leader]
        if leader in seen:
            return True
        seen.append(leader)
        joined |= mask[leader]
    if WIN_FLAGS[joined]:
        return True
    if pattern == 63:
        return True
    for i in ENCLOSABLE[pattern]:
        # the neighbour in direction i sees the new stone in direction i + 3
        if own[ring[i]] | (1 << ((i + 3) % 6)) == 63:
            return True
    return False


def double_threat(board: HavannahBoard, p: int, empties) -> int:
    """A cell where colour ``p`` (to move, with no win in one) makes two winning threats at
    once, or -1.  Called only where the opponent has no win in one: then the opponent can
    block one threat and p completes the other (p's structures are p's stones only, so a
    block cannot spoil them; not so under the Schmittberger option, where it is not used)."""
    own, owner, edge = board.own[p], board.owner, board.geo.edge
    may_join = MAY_JOIN
    for y in empties:
        pattern = own[y]
        if not pattern:
            continue          # a lone stone and one more make no structure
        trial = board.copy()
        trial.place(y)
        trial.turn = p
        own_t, found = trial.own[p], 0
        for t in empties:
            if (t != y and own_t[t] and (may_join[own_t[t]] or edge[t])
                    and would_win(trial, t, p)):
                found += 1
                if found == 2:
                    return y
    return -1


@bot_for("havannah")
@bot_for("havannah", style="uct", plain=True)   # plain UCT on the fast kernel
class HavannahEngine(TreeSearch):
    def __init__(self, game, state, level: int, rng: random.Random, fresh: bool = False,
                 plain: bool = False):
        super().__init__(game, state, level, rng)
        self.plain = plain
        if self.done:
            return
        self.root_board = game.kernel(state)
        geo = self.root_board.geo
        self.around = geo.around
        self.off = geo.size
        self.boundary = geo.is_boundary
        self.swap_move = next((m for m in self.legal if len(m) == 2), None)
        cells = list(range(geo.size))
        self.orders = []
        for _ in range(PERMUTATIONS):
            rng.shuffle(cells)
            self.orders.append(cells + cells)      # rotate by slicing a doubled list
        centre = self.game.grid.size // 2
        self.base_prior = [0.45 + 0.08 * max(0, 3 - geo.grid.distance(c, centre) // 3)
                           for c in range(geo.size)]
        self.to_play = self.root_board.turn
        self.last = [-1, -1, -1]          # the last stone of each colour, when known
        self.key = (game.spec, plain, level)   # bots of different levels keep their own trees
        self.fresh = fresh
        self.root = None if fresh else self.reused_root(state)
        if self.swap_move is not None and self.should_swap(state):
            self.best, self.done = self.swap_move, True
            return
        if self.root is None:
            self.root = Node(-1, 3 - self.to_play)
        if self.root.children is None:
            self.expand(self.root, self.root_board, self.last, 0)
        # levels 3 to 5: before searching, each root move is checked for an answer that wins
        # at once or makes two winning threats (a few moves per iteration)
        self.pending = []
        if (not plain and level >= 3 and MATE_DEPTH >= 1 and SAFETY_CHUNK > 0
                and not self.root_board.needs_empty):
            # (children of a kept tree too: they were expanded deeper, without this check)
            self.pending = [c for c in reversed(self.root.children) if not c.proven]
        # weak levels: now and then the second or third choice instead of the best
        chance = {1: 0.4, 2: 0.2}.get(level, 0.0)
        self.blunder = rng.randrange(1, 3) if rng.random() < chance else 0
        self.update_best()

    # -- tree reuse ---------------------------------------------------------------------------
    def should_swap(self, state) -> bool:
        """Take White's first stone when it stands well inside the board."""
        grid = self.game.grid
        cell = state.board.index(1)
        centre = grid.index(grid.names[grid.size // 2])
        return grid.distance(cell, centre) <= (self.game.base - 1) // 2

    def reused_root(self, state):
        cached = _TREES.get(self.key)
        if cached is None:
            return None
        board, node = cached
        now = state.board
        if len(board) != len(now):
            return None
        added = [c for c in range(len(now)) if board[c] != now[c]]
        if any(board[c] != 0 for c in added) or len(added) > 2:
            return None
        colour = 3 - node.mover          # who was to move at the cached root
        for _ in range(len(added)):
            cell = next((c for c in added if now[c] == colour), None)
            if cell is None or node.children is None:
                return None
            node = next((child for child in node.children if child.move == cell), None)
            if node is None:
                return None
            self.last[colour] = cell
            added.remove(cell)
            colour = 3 - colour
        if added or node.mover != 3 - self.to_play:
            return None
        return node

    def remember(self):
        if not self.fresh and self.root is not None:
            _TREES[self.key] = (self.state.board, self.root)

    # -- expansion -----------------------------------------------------------------------------
    def expand(self, node: Node, board: HavannahBoard, last, depth: int = 99,
               proof_only: bool = False) -> None:
        """Create the node's children with their priors; wins and forced blocks first, then a
        move that makes two threats (near the root).  ``proof_only``: stop before the
        priors when nothing is proven (``node.children`` stays None)."""
        p = board.turn
        q = 3 - p
        owner = board.owner
        empties = [c for c in range(self.off) if owner[c] == 0]
        if self.plain:
            node.children = [Node(c, p) for c in empties]
            self.rng.shuffle(node.children)
            return
        own_p, own_q = board.own[p], board.own[q]
        for c in empties:
            if own_p[c] and would_win(board, c, p) and self.really_wins(board, c):
                child = Node(c, p, 1.0, 1.0)
                child.proven = 1
                node.children = [child]
                node.proven = -1
                return
        threats = [c for c in empties if own_q[c] and would_win(board, c, q)]
        if board.needs_empty and threats:
            threats = [c for c in threats if self.really_wins(board, c, pass_first=True)]
        if len(threats) >= 2 and board.needs_empty:
            # a stone inside the opponent's ring could spoil it: no proof, just the blocks
            node.children = [Node(c, p, 1.0, 0.3) for c in threats]
            return
        if len(threats) >= 2:
            # the opponent's structures are made of their own stones only: p cannot stop both
            node.children = [Node(c, p, 1.0, 0.0) for c in threats]
            for child in node.children:
                child.proven = -1
            node.proven = 1          # whatever p plays, q wins next
            return
        if threats:
            block = threats[0]
            if depth <= MATE_DEPTH and self.level >= 3 and not board.needs_empty:
                # a block that makes two threats of p's own wins (q has no other threat)
                trial = board.copy()
                trial.place(block)
                trial.turn = p
                own_t, edge, found = trial.own[p], trial.geo.edge, 0
                for t in empties:
                    if (t != block and own_t[t] and (MAY_JOIN[own_t[t]] or edge[t])
                            and would_win(trial, t, p)):
                        found += 1
                        if found == 2:
                            child = Node(block, p, 1.0, 1.0)
                            child.proven = 1
                            node.children = [child]
                            node.proven = -1
                            return
            node.children = [Node(block, p, 1.0, 0.5)]
            return
        if depth <= MATE_DEPTH and self.level >= 3 and not board.needs_empty:
            y = double_threat(board, p, empties)
            if y >= 0:
                child = Node(y, p, 1.0, 1.0)
                child.proven = 1        # two threats: the opponent cannot stop both
                node.children = [child]
                node.proven = -1
                return
        if not proof_only:
            node.children = self.prior_children(board, empties, p, last)

    @staticmethod
    def really_wins(board: HavannahBoard, cell: int, pass_first: bool = False) -> bool:
        """Whether the stone on ``cell`` wins (of the opponent of the side to move when
        ``pass_first``); the exact kernel test, needed under the Schmittberger option where
        ``would_win`` is only a guess about rings."""
        if not board.needs_empty:
            return True
        trial = board.copy()
        if pass_first:
            trial.turn = 3 - trial.turn
        return bool(trial.place(cell))

    def prior_children(self, board, empties, p, last):
        around, boundary, owner = self.around, self.boundary, board.owner
        own_p, own_q = board.own[p], board.own[3 - p]
        q = 3 - p
        bonus = dict.fromkeys(empties, 0.0)
        # bridge answers: the opponent's last stone sits in one carrier cell of a bridge
        # between two of p's stones; the other carrier cell saves the connection
        intruder = last[q]
        if intruder >= 0:
            ring = around[intruder]
            for i in range(6):
                x, y = ring[i], ring[(i + 2) % 6]
                mid = ring[(i + 1) % 6]
                if (x != self.off and y != self.off and mid != self.off
                        and owner[x] == p and owner[y] == p and owner[mid] == 0):
                    # x and y were a bridge with carriers {intruder, mid}: answer mid
                    bonus[mid] = bonus.get(mid, 0.0) + 0.6
            for n in ring:
                if n != self.off and owner[n] == 0:
                    bonus[n] += 0.1
        mine = last[p]
        if mine >= 0:
            for n in around[mine]:
                if n != self.off and owner[n] == 0:
                    bonus[n] += 0.05
        base = self.base_prior
        children = []
        for c in empties:
            value = base[c] + bonus[c]
            pattern = own_p[c]
            if pattern:
                value += JOIN_BONUS[pattern]     # connects to own stones (or joins groups)
            elif boundary[c]:
                value -= 0.15                    # the first line is rarely useful early
            if own_q[c]:
                value += 0.05                    # blocks the opponent
            children.append(Node(c, p, PRIOR_VISITS, PRIOR_VISITS * value))
        children.sort(key=lambda child: -child.w)
        return children

    # -- one iteration ----------------------------------------------------------------------
    def check_root_moves(self) -> None:
        """Prove a few root moves lost (the opponent then wins at once or makes two threats)
        or won (they make two threats themselves)."""
        for _ in range(SAFETY_CHUNK):
            if not self.pending:
                return
            child = self.pending.pop()
            if child.proven:
                continue
            board = self.root_board.copy()
            if board.place(child.move):
                child.proven = 1
            else:
                last = self.last[:]
                last[child.mover] = child.move
                trial = Node(child.move, child.mover)
                self.expand(trial, board, last, 1, proof_only=True)
                child.proven = trial.proven
            if child.proven > 0:
                self.root.proven = -1
                self.pending = []

    def iterate(self) -> None:
        if self.pending:
            self.check_root_moves()
            return
        board = self.root_board.copy()
        node = self.root
        path = [node]
        last = self.last[:]
        while node.children is not None and not node.proven:
            node = self.select(node)
            path.append(node)
            if board.place(node.move):
                node.proven = 1               # this move completes a structure
            last[node.mover] = node.move
            if node.proven:
                break
            if node.children is None and node.n >= (1 if self.plain else PRIOR_VISITS + EXPAND_AFTER):
                if board.empty == 0:
                    break
                self.expand(node, board, last, len(path) - 1)
                if node.proven:
                    break
        if node.proven:
            winner = node.mover if node.proven > 0 else 3 - node.mover
        elif board.empty == 0:
            winner = 0
        else:
            winner = self.playout(board, last)
        # no stone ever leaves the board, so the final owner of a cell is who played it
        self.back_up(path, winner, board.owner)

    def select(self, node: Node) -> Node:
        children = node.children
        log_n = math.log(node.n + 1)
        if self.plain:
            return ucb1_child(children, log_n, PLAIN_EXPLORATION)
        best, best_value = None, -1e9
        # progressive widening: only the first children in prior order take part
        width = 2 + int(2.5 * math.log(node.n + 1))
        losing = 0
        for child in children[:width] if width < len(children) else children:
            if child.proven:
                if child.proven > 0:
                    return child
                losing += 1
                continue
            n, rn = child.n, child.rn
            beta = rn / (rn + n + rn * n / RAVE_K) if rn else 0.0
            value = ((1.0 - beta) * child.w / n + (beta * child.rw / rn if rn else 0.0)
                     + EXPLORATION * math.sqrt(log_n / n))
            if value > best_value:
                best, best_value = child, value
        if best is None:            # every child considered is lost: look at the rest
            best = next((c for c in children if not c.proven), children[0])
        return best

    def playout(self, board: HavannahBoard, last) -> int:
        """Play to the end in a random order; for the first ``CHECKED_PLIES`` plies, take a
        win next to one's last stone and block a win next to the opponent's.  The winner's
        colour, or 0 for a full board."""
        rng = self.rng
        order = self.orders[rng.randrange(PERMUTATIONS)]
        start = rng.randrange(self.off)
        order = order[start:start + self.off]
        owner = board.owner
        if not self.plain:
            around, off = self.around, self.off
            may_join, edge = MAY_JOIN, board.geo.edge
            checked = 0
            for index, s in enumerate(order):
                if owner[s]:
                    continue
                p = board.turn
                for cell in (last[p], last[3 - p]):
                    if cell < 0:
                        continue
                    colour = owner[cell]
                    own = board.own[colour]
                    for n in around[cell]:
                        if (n != off and not owner[n] and (may_join[own[n]] or edge[n])
                                and would_win(board, n, colour)):
                            s = n
                            break
                    else:
                        continue
                    break
                if board.place(s):
                    return p
                last[p] = s
                if board.empty == 0:
                    return 0
                checked += 1
                if checked >= CHECKED_PLIES:
                    order = [c for c in order[index:] if not owner[c]]
                    break
            else:
                return 0
        else:
            order = [c for c in order if not owner[c]]   # the kernel wants empty cells only
        winner, _, _ = board.play_out(order)
        return winner + 1

    def back_up(self, path, winner: int, owner) -> None:
        for node in reversed(path):
            node.n += 1
            if node.mover == winner:
                node.w += 1.0
            elif winner == 0:
                node.w += 0.5
            children = node.children
            if children and not self.plain:
                # only the children that selection looks at (and a margin) need RAVE
                width = 12 + int(2.5 * math.log(node.n + 1))
                for child in children[:width]:
                    who = owner[child.move]
                    if who == child.mover:
                        child.rn += 1.0
                        if winner == who:
                            child.rw += 1.0
                        elif winner == 0:
                            child.rw += 0.5
        # MCTS-solver: prove what the new leaf's value decides
        for node in reversed(path):
            if node.proven:
                continue
            children = node.children
            if not children:
                break
            if any(child.proven > 0 for child in children):
                node.proven = -1
            elif all(child.proven < 0 for child in children):
                node.proven = 1
            else:
                break

    # -- the answer ---------------------------------------------------------------------------
    def update_best(self) -> None:
        root = self.root
        if not root.children:
            return
        winning = [c for c in root.children if c.proven > 0]
        if winning:
            self.set_best(winning[0])
            self.proven, self.win_chance, self.done = "win", 1.0, True
            self.remember()
            return
        alive = [c for c in root.children if c.proven >= 0] or root.children
        ranked = sorted(alive, key=lambda c: (-c.n, -c.w))
        top = ranked[0]
        if self.blunder and len(ranked) > 1:
            top = ranked[min(len(ranked) - 1, self.blunder)]
        self.set_best(top)
        if root.proven > 0:
            self.proven, self.win_chance = "loss", 0.0
        else:
            self.win_chance = top.w / top.n if top.n else None
        self.remember()

    def set_best(self, child: Node) -> None:
        self.best = self.game_move(child)

    def game_move(self, child: Node):
        return self.swap_move if child.move == -2 and self.swap_move else (child.move,)

    def root_statistics(self):
        """(move, visits, wins, proven) of each of the root's moves, for the mover: what a
        root-parallel search adds up (``parallel.py``); None when there was nothing to search."""
        root = getattr(self, "root", None)      # none when the move was known at once
        if self.done and self.iterations == 0 or root is None or not root.children:
            return None
        return [(self.game_move(child), child.n, child.w, child.proven)
                for child in root.children]
