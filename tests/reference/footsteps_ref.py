"""A slow, obviously correct Footsteps written straight from RULES.md section 11, sharing no
code with ``tavoliere``: the rules and a plain backward induction for the values.

A position is a dict: ``cell`` (the marker, -3..+3), ``points`` {"W": .., "B": ..},
``bids`` {side: bid} of the round under way, ``record`` (every bid, as text, White's first
in each round) and ``result`` (None, or ("W" | "B" | None, why)).  Moves are the bids'
texts.
"""

from fractions import Fraction

from reference.perft import count as perft_count


def new_game(points=50):
    """"Each player starts with 50 points"; "the marker starts on cell 0, the centre"."""
    return {"cell": 0, "points": {"W": points, "B": points}, "bids": {}, "record": [],
            "result": None}


def whose_bid(pos):
    """"A round is two plies, White's bid first, then Black's"."""
    return "W" if "W" not in pos["bids"] else "B"


def legal(pos):
    """"A player with p >= 1 points bids an integer from 1 to p"; "a player with 0 points
    bids 0"."""
    if pos["result"] is not None:
        return []
    points = pos["points"][whose_bid(pos)]
    return [str(bid) for bid in range(1, points + 1)] if points >= 1 else ["0"]


def play(pos, text):
    assert text in legal(pos), (text, pos)
    side = whose_bid(pos)
    pos = {**pos, "points": dict(pos["points"]), "bids": {**pos["bids"], side: int(text)},
           "record": pos["record"] + [text]}
    if len(pos["bids"]) < 2:
        return pos
    white, black = pos["bids"]["W"], pos["bids"]["B"]
    # "both are deducted from their bidders' points"
    pos["points"]["W"] -= white
    pos["points"]["B"] -= black
    # "The higher bid moves the marker one cell towards its bidder's goal" (+3 White's)
    if white > black:
        pos["cell"] += 1
    elif black > white:
        pos["cell"] -= 1
    pos["bids"] = {}
    if pos["cell"] == 3:
        pos["result"] = ("W", "goal")
    elif pos["cell"] == -3:
        pos["result"] = ("B", "goal")
    elif pos["points"]["W"] == 0 and pos["points"]["B"] == 0:
        pos["result"] = (None, "no-points")
    return pos


def perft(pos, depth):
    return perft_count(legal, play, pos, depth)


def values(points):
    """The value for White (win 1, draw 0, loss -1) of every round start (cell, White's
    points, Black's points) up to ``points`` each, as exact fractions, by backward
    induction.  Each matrix game is solved by brute force over the supports: for every
    pair of equally sized sets of bids, the strategies that make the other side
    indifferent on its set; the first pair that is an equilibrium gives the value.
    Exponential: fine for a few points only."""
    table = {}

    def value(cell, white, black):
        if cell >= 3:
            return Fraction(1)
        if cell <= -3:
            return Fraction(-1)
        if white == black == 0:
            return Fraction(0)
        return table[cell, white, black]

    for total in range(1, 2 * points + 1):
        for white in range(0, points + 1):
            black = total - white
            if not 0 <= black <= points:
                continue
            for cell in range(-2, 3):
                rows = list(range(1, white + 1)) or [0]
                columns = list(range(1, black + 1)) or [0]
                matrix = [[value(cell + (w > b) - (w < b), white - w, black - b)
                           for b in columns] for w in rows]
                table[cell, white, black] = solve_by_supports(matrix)[0]
    return table


def solve_by_supports(matrix):
    """(value, row strategy, column strategy) of a small zero-sum game, exactly."""
    from itertools import combinations
    height, width = len(matrix), len(matrix[0])
    for size in range(1, min(height, width) + 1):
        for rows in combinations(range(height), size):
            for columns in combinations(range(width), size):
                found = _equalising(matrix, rows, columns)
                if found is not None:
                    return found
    raise AssertionError("no equilibrium found")


def _equalising(matrix, rows, columns):
    """Strategies on these supports that leave the other side indifferent there, if they
    exist, are probabilities and are an equilibrium of the whole game."""
    x = _indifferent([[matrix[r][c] for r in rows] for c in columns])
    y = _indifferent([[matrix[r][c] for c in columns] for r in rows])
    if x is None or y is None:
        return None
    (p, value), (q, other) = x, y
    if value != other or min(p) < 0 or min(q) < 0:
        return None
    row_strategy = [Fraction(0)] * len(matrix)
    column_strategy = [Fraction(0)] * len(matrix[0])
    for r, share in zip(rows, p):
        row_strategy[r] = share
    for c, share in zip(columns, q):
        column_strategy[c] = share
    # no pure strategy of either side does better
    for c in range(len(matrix[0])):
        if sum(row_strategy[r] * matrix[r][c] for r in range(len(matrix))) < value:
            return None
    for r in range(len(matrix)):
        if sum(column_strategy[c] * matrix[r][c] for c in range(len(matrix[0]))) > value:
            return None
    return value, row_strategy, column_strategy


def _indifferent(equations):
    """Probabilities p (summing to 1) with sum_k equations[i][k] p_k the same for every i:
    (p, that common value), or None if the system has no single solution."""
    n = len(equations)
    # unknowns p_0..p_{n-1}, v: sum_k a_ik p_k - v = 0 for each i, and sum p = 1
    rows = [[Fraction(a) for a in equation] + [Fraction(-1), Fraction(0)] for equation in equations]
    rows.append([Fraction(1)] * n + [Fraction(0), Fraction(1)])
    size = n + 1
    for column in range(size):
        pivot = next((r for r in range(column, len(rows)) if rows[r][column] != 0), None)
        if pivot is None:
            return None
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for r in range(len(rows)):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column] / rows[column][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column])]
    solution = [rows[i][-1] / rows[i][i] for i in range(size)]
    return solution[:n], solution[n]
