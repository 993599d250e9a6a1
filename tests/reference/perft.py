"""The perft count every reference shares: move sequences of a given length, where a finished
game has no continuation."""


def count(legal_moves, play, pos, depth: int) -> int:
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(count(legal_moves, play, play(pos, move), depth - 1) for move in moves)
