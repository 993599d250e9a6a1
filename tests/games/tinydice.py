"""Tiny dice: a game that exists only in the test suite, to prove that a game is one Python
module and nothing else (no file under ``web/`` knows it).

* A 3 x 3 square board, empty at the start.  White moves first.
* A move puts one of your dice, showing 1, on an empty cell (``b2``).  If one of your dice
  stands orthogonally next to that cell and shows less than 6, you may also turn it up by
  one (``b2>c2``): so the click sequence of ``b2`` begins the longer ``b2>c2``.
* Instead of placing, you may ``pass`` (a button: it has no cell).  Two passes in a row, or a
  full board, end the game: the higher sum of pips wins, equal sums draw.
"""

from __future__ import annotations

from typing import NamedTuple

from tavoliere.core import Game, IllegalMove, InvalidMove, Outcome, piece, register
from tavoliere.grid.square import ORTHOGONAL, SquareGrid
from tavoliere.messages import excerpt

PASS = ("pass",)


class TinyState(NamedTuple):
    dice: tuple        # for each cell: None, or (owner, pips)
    ply: int
    passes: int        # passes in a row just before this position


@register
class TinyDice(Game):
    name = "tinydice"
    title = "Tiny dice"
    texts = {
        "en": {"rules": ["Tiny dice: put a die showing 1 on an empty cell, and you may turn up one of your "
                         "dice next to it; or pass.", "The higher sum of pips wins."],
               "move.pass": "Pass", "reason.pips": "more pips"},
        "it": {"rules": ["Tiny dice: si colloca un dado che mostra 1 su una casella vuota, e si può girare "
                         "di un punto un proprio dado adiacente; oppure si passa.",
                         "Vince la somma di punti più alta."],
               "move.pass": "Passo", "reason.pips": "più punti"},
    }

    def __init__(self, **values):
        super().__init__(**values)
        self.grid = SquareGrid(3)

    def initial_state(self) -> TinyState:
        return TinyState((None,) * 9, 0, 0)

    def to_move(self, state) -> int:
        return state.ply % 2

    def legal_moves(self, state) -> list:
        if self.outcome(state):
            return []
        me = state.ply % 2
        moves = []
        for cell, die in enumerate(state.dice):
            if die is not None:
                continue
            moves.append((cell,))
            for step in ORTHOGONAL:
                other = self.grid.step(cell, *step)
                if other is not None and state.dice[other] and state.dice[other][0] == me \
                        and state.dice[other][1] < 6:
                    moves.append((cell, other))
        return moves + [PASS]

    def apply(self, state, move) -> TinyState:
        if move == PASS:
            return state._replace(ply=state.ply + 1, passes=state.passes + 1)
        dice = list(state.dice)
        me = state.ply % 2
        dice[move[0]] = (me, 1)
        if len(move) == 2:
            dice[move[1]] = (me, dice[move[1]][1] + 1)
        return TinyState(tuple(dice), state.ply + 1, 0)

    def outcome(self, state):
        if state.passes < 2 and None in state.dice:
            return None
        sums = [sum(d[1] for d in state.dice if d and d[0] == p) for p in (0, 1)]
        winner = None if sums[0] == sums[1] else int(sums[1] > sums[0])
        return Outcome(winner, "pips")

    def move_name(self, move) -> str:
        if move == PASS:
            return "pass"
        return ">".join(self.grid.names[c] for c in move)

    def clicks(self, move) -> tuple[str, ...]:
        return () if move == PASS else tuple(self.grid.names[c] for c in move)

    def parse_move(self, text: str, state):
        text = text.strip()
        for move in self.legal_moves(state):
            if self.move_name(move) == text:
                return move
        if text != "pass" and not all(self.grid.index(part) is not None for part in text.split(">")):
            raise InvalidMove("move.notation", move=excerpt(text), title=self.title)
        raise IllegalMove("move.not-legal", move=excerpt(text, quoted=False))

    def pieces(self, state) -> dict[str, str]:
        return {self.grid.names[c]: piece("die", d[0], d[1]) for c, d in enumerate(state.dice) if d}

    def layout(self) -> dict:
        return self.grid.layout()

    def diagram(self, state) -> str:
        return self.grid.diagram({c: "wb"[d[0]] + str(d[1]) for c, d in enumerate(state.dice) if d})
