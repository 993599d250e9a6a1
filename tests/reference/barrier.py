"""Barrier written straight from the rule text (shared/RULES.md section 1), to check the
engine against.  Slow and plain on purpose: it shares no code with ``tavoliere``.

A position is a dict: ``size``, ``white`` and ``black`` (cell names, None before the pawn is
placed), ``obstacles`` (a set of cell names), ``ply`` (plies played) and ``first`` (the
colour that begins: "White moves first ... REC: offer first_player as an option").  Moves
are names.
"""

LETTERS = "abcdefghi"
STEPS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def xy(name):
    return LETTERS.index(name[0]), int(name[1:]) - 1


def name_at(x, y, size):
    """The cell at column x, row y (a1 is 0, 0), or None off the board."""
    if 0 <= x < size and 0 <= y < size:
        return LETTERS[x] + str(y + 1)
    return None


def all_cells(size):
    return [name_at(x, y, size) for y in range(size) for x in range(size)]


def legs(steps):
    """Consecutive equal unit steps grouped into straight legs: [(step, length), ...]."""
    out = []
    for step in steps:
        if out and out[-1][0] == step:
            out[-1] = (step, out[-1][1] + 1)
        else:
            out.append((step, 1))
    return out


def l_paths(start, size):
    """'Two moves per turn, both orthogonal: one of one cell and the other of two cells;
    combined they make an L-move like the chess knight's' (S0).  So: every walk of three
    orthogonal unit steps made of exactly two straight legs, of lengths 1 and 2, turning a
    right angle, that stays on the board.  Each path is [start, p1, p2, t]."""
    paths = []
    for a in STEPS:
        for b in STEPS:
            for c in STEPS:
                shape = legs([a, b, c])
                if len(shape) != 2 or sorted(n for _, n in shape) != [1, 2]:
                    continue
                (d1, _), (d2, _) = shape
                if d1[0] * d2[0] + d1[1] * d2[1] != 0:
                    continue  # opposite legs are no L
                x, y = xy(start)
                path = [start]
                for dx, dy in (a, b, c):
                    x, y = x + dx, y + dy
                    path.append(name_at(x, y, size))
                if None not in path:
                    paths.append(path)
    return paths


def new_game(size=8, first="white"):
    return {"size": size, "white": None, "black": None, "obstacles": set(), "ply": 0,
            "first": first}


def second(pos):
    return "black" if pos["first"] == "white" else "white"


def mover(pos):
    """The first player on plies 1, 3, 5... (ply counts those played), the other between."""
    return pos["first"] if pos["ply"] % 2 == 0 else second(pos)


def opponent(pos):
    return second(pos) if pos["ply"] % 2 == 0 else pos["first"]


def is_empty(pos, cell):
    return cell not in pos["obstacles"] and cell != pos["white"] and cell != pos["black"]


def legal_moves(pos):
    """Plies 1 and 2: the pawn goes on any empty cell.  Later: 'A path [s, p1, p2, t] is
    legal iff p1, p2 and t are all on the board and all empty, meaning no obstacle and not
    the opponent's pawn.'"""
    if pos["ply"] < 2:
        return [cell for cell in all_cells(pos["size"]) if is_empty(pos, cell)]
    start = pos[mover(pos)]
    return ["-".join(path) for path in l_paths(start, pos["size"])
            if all(is_empty(pos, cell) for cell in path[1:])]


def play(pos, move):
    """The position after the legal move ``move``."""
    assert move in legal_moves(pos), move
    return after(pos, move)


def after(pos, move):
    """'Obstacles go on s, p1 and p2, and the pawn moves to t.'  (Trusts that ``move`` is legal.)"""
    cells = move.split("-")
    later = dict(pos, obstacles=set(pos["obstacles"]) | set(cells[:-1]), ply=pos["ply"] + 1)
    later[mover(pos)] = cells[-1]
    return later


def result(pos):
    """None while the game goes on, else (winner, why): 'A player who has no legal L-move
    when their movement turn starts loses.  There are no draws.'"""
    if pos["ply"] >= 2 and not legal_moves(pos):
        return (0 if opponent(pos) == "white" else 1, "stuck")
    return None


def pieces(pos):
    """Obstacles are ``block`` pieces, the pawns ``pawn.0`` (White) and ``pawn.1`` (Black)."""
    out = {cell: "block" for cell in pos["obstacles"]}
    for token, colour in (("pawn.0", "white"), ("pawn.1", "black")):
        if pos[colour]:
            out[pos[colour]] = token
    return out


def perft(pos, depth):
    """The number of move sequences of length ``depth`` (a game that ends sooner adds none)."""
    if depth == 0:
        return 1
    return sum(perft(after(pos, move), depth - 1) for move in legal_moves(pos))
