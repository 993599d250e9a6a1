"""Pairs: a game of the test suite's own, with more moves than a view sends and clicks in any
order.  Each turn puts two stones of your colour on two empty cells of an 8 x 8 board (2,016
moves at first, named by their cells in ascending order, ``a1d4``); the first to have four of
their stones in a row, a column or a diagonal wins, a full board is a draw."""

from __future__ import annotations

import re
from itertools import combinations

from tavoliere.core import Game, IllegalMove, InvalidMove, Outcome, piece, register
from tavoliere.grid.square import SquareGrid
from tavoliere.messages import excerpt

GRID = SquareGrid(8)
LINES = [line for cell in range(64) for df, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
         if None not in (line := tuple(GRID.step(cell, df * k, dr * k) if k else cell for k in range(4)))]


@register
class Pairs(Game):
    name = "pairs"
    title = "Pairs"
    free_clicks_after = 0
    texts = {"en": {"rules": ["Pairs: place two stones a turn; four in a line win."],
                    "reason.four": "four in a line"},
             "it": {"rules": ["Pairs: si collocano due pedine per turno; quattro in linea vincono."],
                    "reason.four": "quattro in linea"}}

    def initial_state(self):
        return ((), ())  # each player's cells, ascending

    def to_move(self, state) -> int:
        return (len(state[0]) + len(state[1])) // 2 % 2

    def legal_moves(self, state) -> list:
        if self.outcome(state):
            return []
        taken = set(state[0]) | set(state[1])
        return list(combinations([c for c in range(64) if c not in taken], 2))

    def apply(self, state, move):
        me = self.to_move(state)
        mine = tuple(sorted(state[me] + move))
        return (mine, state[1]) if me == 0 else (state[0], mine)

    def outcome(self, state):
        for player in (0, 1):
            cells = set(state[player])
            for line in LINES:
                if cells.issuperset(line):
                    return Outcome(player, "four", tuple(GRID.names[c] for c in line))
        return Outcome(None, "full-board") if len(state[0]) + len(state[1]) > 62 else None

    def move_name(self, move) -> str:
        return "".join(GRID.names[c] for c in move)

    def clicks(self, move) -> tuple[str, ...]:
        return tuple(GRID.names[c] for c in move)

    def parse_move(self, text: str, state):
        text = text.strip()
        for move in self.legal_moves(state):
            if self.move_name(move) == text:
                return move
        if not re.fullmatch(r"([a-h][1-8]){2}", text):
            raise InvalidMove("move.notation", move=excerpt(text), title=self.title)
        raise IllegalMove("move.not-legal", move=excerpt(text, quoted=False))

    def pieces(self, state) -> dict[str, str]:
        return {GRID.names[c]: piece("stone", p) for p in (0, 1) for c in state[p]}

    def layout(self) -> dict:
        return GRID.layout()

    def diagram(self, state) -> str:
        return GRID.diagram({c: "WB"[p] for p in (0, 1) for c in state[p]})
