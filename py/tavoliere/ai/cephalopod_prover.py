"""Cephalopod endgame prover: does the side to move win with perfect play?

Cephalopod has no draws, so every position is a win or a loss for the mover, and captures
reopen cells, so even a few empty cells can hide a long game.  ``Prover`` answers with
depth-first proof-number search (df-pn, Nagai 2002) in negamax form: each position has a
proof number ``phi`` (how much work, at least, to show the mover wins) and a disproof number
``delta`` (to show the mover loses); a position's ``phi`` is the smallest ``delta`` of its
children and its ``delta`` the sum of their ``phi``.  The search always works below the
most-proving child, inside thresholds, so it needs only the table, not a tree in memory.

* **Exact leaves.**  A full board is counted.  So is a *quiet* position: when no empty cell
  has two neighbours whose pips could add up to 6 or less, counting an empty neighbour as a
  future 1, no capture can ever happen (the first capture would take dice that are either
  on the board now, with their present pips, or plain 1s placed since), so the E cells left
  are filled one by one and the mover gets ceil(E/2) of them.  Children are checked for both
  when a position is expanded, so a move that fills the last cell or freezes a won count is
  proven at once.
* **Ordering.**  Ties between children go to captures that take the most opposing dice.  An
  unexplored child starts at ``phi`` 1 and ``delta`` = its number of moves (df-pn's usual
  mobility start: a child with few replies is quick to refute).
* **Table.**  Keyed by the bot's Zobrist hash; two generations of at most ``cap // 2``
  entries each: when the new one is full it becomes the old one and the old one is dropped
  (entries read from the old one are copied forward), so memory stays bounded and the cost
  of replacement is spread out.  Entries are packed integers (no tuples for the collector).
  The 1 + epsilon threshold (Pawlewicz and Lew 2007) keeps a small table from thrashing.
* **Chunks.**  The search is a generator that pauses once ``nodes`` passes ``limit``, like the
  bot's alpha-beta, so the page's worker can slice it and a result depends only on the
  number of chunks.  The game graph has no cycles (a plain placement adds a pip, a capture
  keeps the pips and removes dice), so df-pn's cycle troubles do not arise.
"""

from __future__ import annotations

INF = 1 << 30          # a proof or disproof number that means "proven"
SHIFT = 31             # packing: phi << SHIFT | delta
MASK = (1 << SHIFT) - 1
EPSILON = 0.25         # the 1 + epsilon threshold trick
WON = 0 << SHIFT | INF  # phi 0: the mover wins
LOST = INF << SHIFT | 0


# Making and unmaking a move on the signed board in place, with its Zobrist key (the key
# passed in has the mover's bit already flipped); shared by the prover and the bot's search
# (``ai/cephalopod.py``).
def make_move(board: list, move, sign: int, key: int, zobrist) -> tuple[tuple[int, ...], int]:
    """Play ``move`` for the player of ``sign``: the captured entries and the new key."""
    captured = tuple(board[cell] for cell in move[1:])
    pips = 1
    if captured:
        pips = 0
        for cell, value in zip(move[1:], captured):
            pips += abs(value)
            key ^= zobrist[cell][value + 6]
            board[cell] = 0
    board[move[0]] = sign * pips
    return captured, key ^ zobrist[move[0]][sign * pips + 6]


def unmake_move(board: list, move, captured: tuple[int, ...], key: int, zobrist) -> int:
    """Take ``move`` back, putting the ``captured`` entries back: the key before it."""
    key ^= zobrist[move[0]][board[move[0]] + 6]
    board[move[0]] = 0
    for cell, value in zip(move[1:], captured):
        board[cell] = value
        key ^= zobrist[cell][value + 6]
    return key


class Prover:
    """df-pn for the position ``board`` (signed pips, see ``games/cephalopod.py``) with the
    player of ``sign`` (+1 White, -1 Black) to move.  ``prove()`` is the search as a
    generator; afterwards ``result`` is "win", "loss" or None and ``move`` a winning move."""

    CAP = 300_000

    def __init__(self, geometry, board, sign: int, zobrist, black_to_move: int,
                 cap: int = CAP):
        self.geometry = geometry
        self.neighbours = geometry.neighbours
        self.board = list(board)
        self.sign = sign
        self.zobrist = zobrist
        self.black_to_move = black_to_move
        self.key = self.hash(self.board, sign)
        self.half_cap = max(1, cap // 2)
        self.new: dict[int, int] = {}
        self.old: dict[int, int] = {}
        self.nodes = 0
        self.limit = 0
        self.result = None
        self.move = None

    def hash(self, board, sign: int) -> int:
        key = self.black_to_move if sign < 0 else 0
        for cell, value in enumerate(board):
            key ^= self.zobrist[cell][value + 6]
        return key

    # -- the table ----------------------------------------------------------------------------
    def get(self, key: int, default: int) -> int:
        entry = self.new.get(key)
        if entry is None:
            entry = self.old.get(key)
            if entry is None:
                return default
            self.put(key, entry)            # still in use: keep it past the next rotation
        return entry

    def put(self, key: int, entry: int) -> None:
        new = self.new
        if len(new) >= self.half_cap and key not in new:
            self.old, self.new = new, {}
            new = self.new
        new[key] = entry

    # -- the position -------------------------------------------------------------------------
    def moves(self) -> list:
        """Every legal move, captures of the most opposing dice first."""
        board, sign, moves_at = self.board, self.sign, self.geometry.moves_at
        moves = []
        for cell, value in enumerate(board):
            if value == 0:
                moves += moves_at(cell, board)
        moves.sort(key=lambda move: -sum(1 if board[c] * sign < 0 else -1 for c in move[1:]))
        return moves

    def make(self, move) -> tuple[int, ...]:
        captured, self.key = make_move(self.board, move, self.sign,
                                       self.key ^ self.black_to_move, self.zobrist)
        self.sign = -self.sign
        return captured

    def unmake(self, move, captured: tuple[int, ...]) -> None:
        self.key = unmake_move(self.board, move, captured, self.key ^ self.black_to_move,
                               self.zobrist)
        self.sign = -self.sign

    def exact(self) -> int | None:
        """WON or LOST when the result is known without search (a full board or a quiet
        one, see the module's docstring), else None."""
        board, neighbours = self.board, self.neighbours
        empty = 0
        for cell, value in enumerate(board):
            if value == 0:
                empty += 1
                low = 7
                second = 7
                for n in neighbours[cell]:
                    pips = abs(board[n]) or 1      # an empty neighbour may become a 1
                    if pips < low:
                        low, second = pips, low
                    elif pips < second:
                        second = pips
                if low + second <= 6:
                    return None                   # a capture is possible, now or later
        sign = self.sign
        lead = sum(1 if value * sign > 0 else -1 for value in board if value)
        return WON if lead + (empty & 1) > 0 else LOST

    # -- the search ---------------------------------------------------------------------------
    def prove(self):
        """The whole proof, a generator (pauses when ``nodes`` passes ``limit``); returns
        "win" or "loss" and sets ``result`` and, for a win, ``move``."""
        entry = self.exact()
        if entry is None:
            yield from self.mid(INF, INF)
            entry = self.get(self.key, 0)
        self.result = "win" if entry >> SHIFT == 0 else "loss"
        if self.result == "win":
            self.move = self.winning_move()
        return self.result

    def winning_move(self):
        for move in self.moves():
            captured = self.make(move)
            entry = self.exact()
            if entry is None:
                entry = self.get(self.key, 1 << SHIFT | 1)
            self.unmake(move, captured)
            if entry & MASK == 0:              # the opponent is proven to lose
                return move
        return None

    def expand(self) -> tuple[list, list]:
        """The moves and their children's keys; children whose result is exact, or that are
        new, go into the table (a new one at phi 1, delta its number of moves)."""
        moves = self.moves()
        keys = []
        for move in moves:
            captured = self.make(move)
            key = self.key
            if self.get(key, -1) < 0:
                entry = self.exact()
                if entry is None:
                    entry = 1 << SHIFT | self.count_moves()
                self.put(key, entry)
            self.unmake(move, captured)
            keys.append(key)
        return moves, keys

    def count_moves(self) -> int:
        board, moves_at = self.board, self.geometry.moves_at
        return sum(len(moves_at(cell, board)) for cell, value in enumerate(board) if value == 0)

    def mid(self, th_phi: int, th_delta: int):
        """Work below this position until its phi reaches ``th_phi`` or its delta reaches
        ``th_delta`` (one of them INF: proven), then store it.  The children's numbers are
        also kept here, on the current line only: a small table may drop them, and the search
        must still make progress."""
        self.nodes += 1
        if self.nodes > self.limit:
            yield
        key = self.key
        moves, keys = self.expand()
        get = self.get
        values = [get(child, 1 << SHIFT | 1) for child in keys]
        while True:
            phi, delta, best, delta2, phi_best = INF, 0, -1, INF, 0
            for index, child in enumerate(keys):
                entry = values[index] = get(child, values[index])
                c_phi, c_delta = entry >> SHIFT, entry & MASK
                delta += c_phi
                if c_delta < phi:
                    delta2 = phi
                    phi, best, phi_best = c_delta, index, c_phi
                elif c_delta < delta2:
                    delta2 = c_delta
            if delta > INF:
                delta = INF
            if phi >= th_phi or delta >= th_delta:
                break
            child_th_phi = min(INF, th_delta - delta + phi_best)
            child_th_delta = min(th_phi, int(delta2 * (1 + EPSILON)) + 1)
            move = moves[best]
            captured = self.make(move)
            yield from self.mid(child_th_phi, child_th_delta)
            values[best] = get(keys[best], values[best])
            self.unmake(move, captured)
        self.put(key, phi << SHIFT | delta)
