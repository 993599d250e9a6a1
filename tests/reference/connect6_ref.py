"""Connect6 written straight from the rule text (shared/RULES.md section 8), to check the
engine against.  Slow and plain on purpose: it shares no code with ``tavoliere``.

A position is a dict: ``size``, ``stones`` (cell name -> "W" or "B"), ``moves`` (moves
played) and ``first`` ("W" or "B", who places the single first stone).  Moves are names.
"""

from reference.perft import count as perft_count

LETTERS = "abcdefghijklmnopqrs"   # 19 columns, "with no letter skipped"
# "along a row, a column or either diagonal"
LINE_STEPS = [(1, 0), (0, 1), (1, 1), (1, -1)]


def new_game(size=19, first="W"):
    return {"size": size, "stones": {}, "moves": 0, "first": first}


def cell_name(x, y):
    return LETTERS[x] + str(y + 1)


def xy(name):
    return LETTERS.index(name[0]), int(name[1:]) - 1


def all_cells(size):
    """'ascending order (column letter first, then row number compared as a number)'"""
    return [cell_name(x, y) for x in range(size) for y in range(size)]


def mover(pos):
    """'The first player ... places one stone, and then each move places two': the players
    alternate move by move."""
    other = "B" if pos["first"] == "W" else "W"
    return pos["first"] if pos["moves"] % 2 == 0 else other


def sixes(pos):
    """Every line of six consecutive stones of one colour: (colour, its six cells)."""
    found = []
    size = pos["size"]
    at = {xy(name): colour for name, colour in pos["stones"].items()}
    for (x, y), colour in at.items():
        for dx, dy in LINE_STEPS:
            if all(at.get((x + k * dx, y + k * dy)) == colour for k in range(1, 6)):
                found.append((colour, [cell_name(x + k * dx, y + k * dy) for k in range(6)]))
    assert all(0 <= x < size and 0 <= y < size for x, y in at)
    return found


def winner(pos):
    """'A six is six or more consecutive stones of one colour ... If the mover has a six,
    the mover wins.'  Returns "W", "B" or None."""
    colours = {colour for colour, _ in sixes(pos)}
    assert len(colours) <= 1, "both players have a six"
    return colours.pop() if colours else None


def winning_cells(pos):
    """The stones of every six on the board, in ascending order."""
    cells = {name for _, names in sixes(pos) for name in names}
    return [name for name in all_cells(pos["size"]) if name in cells]


def is_over(pos):
    """'Full board with no six -> draw.'"""
    return winner(pos) is not None or len(pos["stones"]) == pos["size"] ** 2


def legal_moves(pos):
    """'Ply 1: White places one stone on any empty cell'; 'each move places exactly two
    stones ... on two different empty cells', named in ascending order."""
    if is_over(pos):
        return []
    empty = [name for name in all_cells(pos["size"]) if name not in pos["stones"]]
    if pos["moves"] == 0:
        return empty
    return [a + b for i, a in enumerate(empty) for b in empty[i + 1:]]


def split(move):
    """'It parses as [a-s][0-9]+[a-s][0-9]+'."""
    for cut in range(2, len(move)):
        if move[cut].isalpha():
            return [move[:cut], move[cut:]]
    return [move]


def play(pos, move):
    assert is_legal(pos, move), move
    return place(pos, move)


def place(pos, move):
    """``play`` for a move known to be legal."""
    stones = dict(pos["stones"])
    for name in split(move):
        stones[name] = mover(pos)
    return {**pos, "stones": stones, "moves": pos["moves"] + 1}


def perft(pos, depth):
    return perft_count(legal_moves, play, pos, depth)


def is_legal(pos, move):
    """The rule of ``legal_moves`` for one move, without listing them all: the game is not
    over, and the move has the right number of stones, on different empty cells of the
    board, in ascending order."""
    if is_over(pos):
        return False
    return is_well_placed(pos, move)


def is_well_placed(pos, move):
    """``is_legal`` for a game known not to be over."""
    cells = split(move)
    if len(cells) != (1 if pos["moves"] == 0 else 2):
        return False
    order = all_cells(pos["size"])
    if any(name not in order or name in pos["stones"] for name in cells):
        return False
    return len(cells) == 1 or order.index(cells[0]) < order.index(cells[1])


def count_moves(pos):
    """How many moves ``legal_moves`` lists in a game known not to be over: the empty cells
    on the first move, then the pairs of empty cells."""
    empty = pos["size"] ** 2 - len(pos["stones"])
    return empty if pos["moves"] == 0 else empty * (empty - 1) // 2
