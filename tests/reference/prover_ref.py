"""A slow reference for the problem prover (``tavoliere.ai.prover``), written straight from
the goal's words: "the side to move wins within N of its own moves" means a move after
which the game is won, or, with more moves to spare, a move after which every reply of the
opponent leaves a position where the same side again wins within N - 1.  Plain minimax to
depth 2N - 1, no table, no pruning, no hooks."""

from __future__ import annotations


def wins_within(game, state, n: int, attacker: int) -> bool:
    """Whether ``attacker``, to move in ``state``, wins within ``n`` of its own moves."""
    for move in game.legal_moves(state):
        if first_move_wins(game, game.apply(state, move), n, attacker):
            return True
    return False


def first_move_wins(game, after, n: int, attacker: int) -> bool:
    """Whether the position ``after`` (the attacker just moved) is won within the ``n - 1``
    moves the attacker has left: won now, or every reply leaves a win within ``n - 1``."""
    outcome = game.outcome(after)
    if outcome is not None:
        return outcome.winner == attacker
    if n == 1:
        return False
    for reply in game.legal_moves(after):
        position = game.apply(after, reply)
        outcome = game.outcome(position)
        if outcome is not None:
            if outcome.winner != attacker:
                return False
            continue
        if not wins_within(game, position, n - 1, attacker):
            return False
    return True


def keys(game, state, n: int) -> list[str]:
    """The names of every first move that wins within ``n``, sorted."""
    attacker = game.to_move(state)
    return sorted(game.move_name(move) for move in game.legal_moves(state)
                  if first_move_wins(game, game.apply(state, move), n, attacker))
