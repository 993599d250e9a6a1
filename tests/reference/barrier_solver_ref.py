"""A slow, obviously correct Barrier solver written straight from RULES.md section 1.

It shares no code with the engine (it does not import tavoliere).  Cells are (file, rank)
pairs; a position is (White's cell, Black's cell, frozenset of obstacles, side to move).

Rules used (RULES.md 1.3 and 1.4):
  "path = [s, s+u, s+u+v, s+u+2v]" or "[s, s+u, s+2u, s+2u+v]" with u, v perpendicular
  orthogonal unit vectors; "A path [s, p1, p2, t] is legal iff p1, p2 and t are all on the
  board and all empty, meaning no obstacle and not the opponent's pawn"; "obstacles go on s,
  p1 and p2, and the pawn moves to t"; "A player who has no legal L-move when their movement
  turn starts loses".
"""

from functools import lru_cache

UNITS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def add(a, b):
    return (a[0] + b[0], a[1] + b[1])


def l_paths(size, s):
    """Every L-path [s, p1, p2, t] from s, on the board or not."""
    out = []
    for u in UNITS:
        for v in UNITS:
            if u[0] * v[0] + u[1] * v[1] != 0:
                continue                      # u and v must be perpendicular
            one_then_two = [s, add(s, u), add(add(s, u), v), add(add(add(s, u), v), v)]
            two_then_one = [s, add(s, u), add(add(s, u), u), add(add(add(s, u), u), v)]
            out.append(one_then_two)
            out.append(two_then_one)
    return out


def on_board(size, cell):
    return 0 <= cell[0] < size and 0 <= cell[1] < size


def legal_paths(size, me, other, obstacles):
    moves = []
    for path in l_paths(size, me):
        rest = path[1:]
        if all(on_board(size, c) and c not in obstacles and c != other for c in rest):
            moves.append(path)
    return moves


_SOLVERS = {}


def make_solver(size):
    if size in _SOLVERS:
        return _SOLVERS[size]

    @lru_cache(maxsize=None)
    def mover_wins(me, other, obstacles):
        """Whether the player whose pawn is on ``me`` and who is to move wins."""
        for path in legal_paths(size, me, other, obstacles):
            after = obstacles | frozenset(path[:3])
            if not mover_wins(other, path[3], after):
                return True
        return False          # no move at all, or every move lets the opponent win
    _SOLVERS[size] = mover_wins
    return mover_wins


def cells(size):
    return [(f, r) for r in range(size) for f in range(size)]


def name(cell):
    return "abcdefghi"[cell[0]] + str(cell[1] + 1)


def black_winning_replies(size, white_cell):
    """The names of Black's placements that win for Black after White placed on
    ``white_cell`` (White moves first after the placements)."""
    mover_wins = make_solver(size)
    return sorted(name(b) for b in cells(size)
                  if b != white_cell and not mover_wins(white_cell, b, frozenset()))


def placement_value(size, white_cell, black_cell):
    """True when White (to move after both placements) wins."""
    return make_solver(size)(white_cell, black_cell, frozenset())


def longest_run(size, me, obstacles):
    """The most L-moves a lone pawn on ``me`` can make in a row (no opponent on the board)."""
    best = 0
    for path in legal_paths(size, me, None, obstacles):
        best = max(best, 1 + longest_run(size, path[3], obstacles | frozenset(path[:3])))
    return best
