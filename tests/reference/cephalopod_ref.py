"""A slow, obviously correct Cephalopod written straight from RULES.md section 5, sharing no
code with ``tavoliere.games.cephalopod``.  A position is a dict with ``dice`` (cell name ->
(player, pips)), ``columns``, ``rows`` and ``mover``; moves are their names.

5.3: "Let N be the set of occupied cells orthogonally adjacent to the target cell, of either
colour.  A capture set is any subset S of N with |S| >= 2 whose pip sum is <= 6.  If the target
has at least one capture set, the placement must be a capture ... Otherwise the placement is
plain and the new die shows 1."
"""

from itertools import combinations
from reference.perft import count as perft_count

LETTERS = "abcdefghij"


def new_game(columns=5, rows=5, first=0):
    return {"dice": {}, "columns": columns, "rows": rows, "mover": first}


def cells(pos):
    return [LETTERS[c] + str(r + 1) for c in range(pos["columns"]) for r in range(pos["rows"])]


def sort_key(name):
    """5.1: "column letter first, then row number compared as a number"."""
    return name[0], int(name[1:])


def neighbours(pos, name):
    column, row = LETTERS.index(name[0]), int(name[1:]) - 1
    out = []
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c, r = column + dc, row + dr
        if 0 <= c < pos["columns"] and 0 <= r < pos["rows"]:
            out.append(LETTERS[c] + str(r + 1))
    return out


def capture_sets(pos, target):
    occupied = [n for n in neighbours(pos, target) if n in pos["dice"]]
    sets = []
    for size in range(2, len(occupied) + 1):
        for subset in combinations(occupied, size):
            if sum(pos["dice"][n][1] for n in subset) <= 6:
                sets.append(sorted(subset, key=sort_key))
    return sets


def legal_moves(pos):
    """Every move's name; none when every cell is filled (5.4)."""
    moves = []
    for target in cells(pos):
        if target in pos["dice"]:
            continue
        sets = capture_sets(pos, target)
        if sets:
            moves += ["/".join([target] + s) for s in sets]
        else:
            moves.append(target)
    return moves


def play(pos, name):
    assert name in legal_moves(pos), name
    target, *captured = name.split("/")
    dice = dict(pos["dice"])
    pips = sum(dice.pop(cell)[1] for cell in captured) if captured else 1
    dice[target] = (pos["mover"], pips)
    return {**pos, "dice": dice, "mover": 1 - pos["mover"]}


def winner(pos):
    """5.4: "The game ends when every cell is filled; the player with more dice on the board
    wins"; None while the game goes on."""
    if len(pos["dice"]) < pos["columns"] * pos["rows"]:
        return None
    white = sum(1 for player, _ in pos["dice"].values() if player == 0)
    black = len(pos["dice"]) - white
    return 0 if white > black else 1


def perft(pos, depth):
    return perft_count(legal_moves, play, pos, depth)
