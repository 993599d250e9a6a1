"""A slow reference for the problems' goal ``capture:N``, written straight from its words:
"the side to move captures at least one stone within N of its own moves, whatever the
defence (the defender may play anywhere or pass)".  A capture is a rise of the attacker's
count of captured stones (Go: its prisoners) while play goes on; once play has stopped (Go's
marking phase, after two passes, or the end) no capture can come.  Plain minimax to depth
2N over the game's own ``legal_moves`` and ``apply``: no table, no pruning, no hooks."""

from __future__ import annotations


def _count(state, attacker: int) -> int | None:
    """The attacker's captures so far, or None once play has stopped."""
    return state.prisoners[attacker] if state.phase == "play" else None


def captures_within(game, state, n: int, attacker: int, before: int) -> bool:
    """Whether ``attacker``, to move in ``state``, takes its count above ``before`` within
    ``n`` of its own moves."""
    return any(first_move_captures(game, game.apply(state, move), n, attacker, before)
               for move in game.legal_moves(state))


def first_move_captures(game, after, n: int, attacker: int, before: int) -> bool:
    """Whether ``after`` (the attacker just made one of its ``n`` moves) is a capture, or every
    reply leaves a position where it captures with its ``n - 1`` moves left."""
    count = _count(after, attacker)
    if count is None:
        return False
    if count > before:
        return True
    if n == 1:
        return False
    for reply in game.legal_moves(after):
        position = game.apply(after, reply)
        if _count(position, attacker) is None:
            return False
        if not captures_within(game, position, n - 1, attacker, before):
            return False
    return True


def keys(game, state, n: int) -> list[str]:
    """The names of every first move that captures within ``n``, sorted."""
    attacker = state.to_move
    before = state.prisoners[attacker]
    return sorted(game.move_name(move) for move in game.legal_moves(state)
                  if first_move_captures(game, game.apply(state, move), n, attacker, before))
