"""A slow reference for the problem prover (``tavoliere.ai.prover``), written straight from
the goal's words: "the side to move wins within N of its own moves" means a move after
which the game is won, or after which every reply of the opponent either loses at once or
leaves a position where the same side again wins within N - 1 (the game may end on the
opponent's reply to the N-th move: a Hexade six wins when it outlasts that reply).  Plain
minimax to depth 2N, no table, no pruning, no hooks."""

from __future__ import annotations


def wins_within(game, state, n: int, attacker: int) -> bool:
    """Whether ``attacker``, to move in ``state``, wins within ``n`` of its own moves."""
    for move in game.legal_moves(state):
        if first_move_wins(game, game.apply(state, move), n, attacker):
            return True
    return False


def first_move_wins(game, after, n: int, attacker: int) -> bool:
    """Whether the position ``after`` (the attacker just made one of its ``n`` moves) is
    won: won now, or every reply loses at once (a Hexade six that outlasts the reply) or
    leaves a position the attacker wins within its ``n - 1`` remaining moves."""
    outcome = game.outcome(after)
    if outcome is not None:
        return outcome.winner == attacker
    for reply in game.legal_moves(after):
        position = game.apply(after, reply)
        outcome = game.outcome(position)
        if outcome is not None:
            if outcome.winner != attacker:
                return False
            continue
        if n == 1 or not wins_within(game, position, n - 1, attacker):
            return False
    return True


def keys(game, state, n: int) -> list[str]:
    """The names of every first move that wins within ``n``, sorted."""
    attacker = game.to_move(state)
    return sorted(game.move_name(move) for move in game.legal_moves(state)
                  if first_move_wins(game, game.apply(state, move), n, attacker))
