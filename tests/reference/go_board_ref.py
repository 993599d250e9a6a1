"""A slow, obviously-correct Go board for the bot's kernel (``ai/go.py``), written straight
from RULES.md 13.2 and 13.4 on the kernel's own terms (boards as tuples of cell indices, area
counts, single-point eyes), sharing no code with the engine (no tavoliere import).  The rules
module is checked against ``go_ref.py``, which speaks in cell names and plies.  Everything
is recomputed from the whole board.

A board is a tuple of size*size values, index ``row * size + col``: 0 empty, 1 Black,
2 White.  The history is the list of boards before each ply, so that simple ko is checked as
the rule says it: "a play may not make the board identical to the board just before the
previous ply".
"""

from __future__ import annotations


def neighbours(size: int, cell: int) -> list[int]:
    row, col = divmod(cell, size)
    found = []
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < size and 0 <= c < size:
            found.append(r * size + c)
    return found


def chain_of(board, size: int, cell: int) -> set[int]:
    """"A chain is a maximal set of same-coloured stones joined orthogonally"."""
    colour = board[cell]
    chain, todo = {cell}, [cell]
    while todo:
        for n in neighbours(size, todo.pop()):
            if board[n] == colour and n not in chain:
                chain.add(n)
                todo.append(n)
    return chain


def liberties(board, size: int, chain: set[int]) -> set[int]:
    """"Its liberties are the empty cells orthogonally next to it"."""
    return {n for cell in chain for n in neighbours(size, cell) if board[n] == 0}


def place(board, size: int, cell: int, colour: int):
    """(the board after ``colour`` plays on the empty ``cell``, stones captured), or None
    when the play is suicide: "After a play, every opponent chain with no liberty is
    removed"; "after the captures, the played stone's own chain must have a liberty"."""
    after = list(board)
    after[cell] = colour
    taken = 0
    for n in neighbours(size, cell):
        if after[n] == 3 - colour:
            chain = chain_of(after, size, n)
            if not liberties(after, size, chain):
                for stone in chain:
                    after[stone] = 0
                taken += len(chain)
    if not liberties(after, size, chain_of(after, size, cell)):
        return None
    return tuple(after), taken


def legal_plays(board, size: int, colour: int, before_previous=None) -> dict:
    """cell -> (board after, captured) for every legal play of ``colour``;
    ``before_previous`` is the board just before the previous ply (simple ko)."""
    found = {}
    for cell in range(size * size):
        if board[cell] != 0:
            continue
        result = place(board, size, cell, colour)
        if result is None or result[0] == before_previous:
            continue
        found[cell] = result
    return found


def area(board, size: int) -> tuple[int, int]:
    """"stones on the board + empty cells of the regions reaching only that colour"."""
    score = [0, 0, 0]
    for cell, value in enumerate(board):
        score[value] += value != 0
    seen = set()
    for cell in range(size * size):
        if board[cell] != 0 or cell in seen:
            continue
        region, todo, reach = {cell}, [cell], set()
        while todo:
            for n in neighbours(size, todo.pop()):
                if board[n] == 0 and n not in region:
                    region.add(n)
                    todo.append(n)
                elif board[n] != 0:
                    reach.add(board[n])
        seen |= region
        if len(reach) == 1:
            score[reach.pop()] += len(region)
    return score[1], score[2]


def is_single_eye(board, size: int, cell: int, colour: int) -> bool:
    """The playouts' eye: every neighbour is ``colour``; of the diagonal points on the
    board, the opponent holds none on the edge and at most one in the middle."""
    if board[cell] != 0 or any(board[n] != colour for n in neighbours(size, cell)):
        return False
    row, col = divmod(cell, size)
    diagonal = [(row + a, col + b) for a in (-1, 1) for b in (-1, 1)]
    inside = [r * size + c for r, c in diagonal if 0 <= r < size and 0 <= c < size]
    enemies = sum(board[d] == 3 - colour for d in inside)
    return enemies == 0 if len(inside) < 4 else enemies <= 1
