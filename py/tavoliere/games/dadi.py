"""Dadi (Luca Bellini, 2008): the rules of ``shared/RULES.md`` section 12.

* Two players (the default) share a 6 x 6 board, 18 dice each, rolled in batches of 6; three
  players a 7 x 7 board without d4 (never played), four players an 8 x 8 board, 16 dice each
  in batches of 4.  The dice exactly fill the playable cells.  6 tokens ("segna 6") form a
  common supply.
* **Opening.**  In seat order each player's first batch is rolled; a roll whose total is
  below the void threshold (15 with 2 players, 10 with 3 or 4) is void and rolled again for
  the same player.  The highest total chooses who begins (``first=k``); when the highest
  totals tie, only the tied players roll again, in seat order, their new batches replacing
  the old, until one total is highest.
* **A turn.**  Turns go in seat order from the chosen player.  A mover without unplaced dice
  and with dice in reserve has his next batch rolled first (void rolls again unless
  ``void_rule=opening``); then he may spend tokens, each re-rolling one of his unplaced dice
  (a one-die roll follows); then he places one unplaced die, showing its value, on an empty
  playable cell.  The first die of the game goes on a central cell (2 and 4 players).
  Placing a 6 takes a token from the supply, if one is left; a spent token goes back.
* **End.**  The last die placed fills the board.  Every row and column is scored: the
  player with the lowest sum of his dice on it wins it and scores that sum; a lowest sum
  shared scores for nobody.  The highest total wins; equal totals draw (``tiebreak=lines``:
  more lines won breaks the tie).

Model (DECIDED in RULES.md 12.1): a roll is a *chance ply* (``to_move`` is ``CHANCE``) named
``r122356`` (the dice ascending; any order is read), ``r5`` after a token; a placement is
``d4=3``; a token spent on a 3 is ``t3``; the opening choice is ``first=1``.  Every roll is
in ``legal_moves`` once, with its multinomial ``probability``.

Moves are tuples: ``("r", 1, 2, 2, 3, 5, 6)``, ``("t", 3)``, ``("first", 1)`` and
``("p", cell, value, player, slot)``: a placement also carries the mover and the rack slot
of his first die showing ``value`` (his unplaced dice are shown sorted), which its clicks
name; its name is only ``d4=3``.

On the page (``layout``): the board's cells ``a1``..; each player's *rack* of slots
``p0d1``..``p0d6`` (``pPdJ``: his J-th unplaced die, ascending), a counter of his tokens
``p0t``, the common ``supply``, and a result cell at the end of each row (``row1``..) and
above each column (``cola``..), which at the end shows the line's winner and score.

>>> game = Dadi()
>>> state = game.replay("r111121 r351622 r114462 first=1".split())
>>> game.to_move(state), game.notes(state)["hands"]
(1, [[1, 2, 2, 3, 5, 6], [1, 1, 2, 4, 4, 6]])
"""

from __future__ import annotations

import math
import re
from functools import cache
from itertools import combinations_with_replacement
from typing import NamedTuple

from ..core import CHANCE, Game, IllegalMove, InvalidMove, Option, Outcome, piece, register
from ..grid.shapes import racks, square_cell
from ..grid.square import LETTERS, square_grid
from ..messages import Problem, excerpt

# players -> (board side, dice each, batch, void threshold, cells of the first die or None)
SETUPS = {
    2: (6, 18, 6, 15, ("c3", "c4", "d3", "d4")),
    3: (7, 16, 4, 10, None),
    4: (8, 16, 4, 10, ("d4", "d5", "e4", "e5")),
}
BLOCKED = {3: "d4"}             # a cell that stays empty all game
TOKENS = 6                      # the "segna 6" tokens of the common supply
OPENING, CHOOSE, PLAY = 0, 1, 2
STAGE_NAMES = ("opening", "choose", "play")
SYMBOLS = "WBRU"                # the players in the text diagram: White, Black, Red, blUe

_ROLL = re.compile(r"r([0-9]{1,8})")
_PLACE = re.compile(r"([a-z])([0-9]{1,2})=([0-9])")
_TOKEN = re.compile(r"t([0-9])")
_FIRST = re.compile(r"first=([0-9])")


class DadiState(NamedTuple):
    board: tuple        # per cell index: None, or (owner, value)
    hands: tuple        # per player: his unplaced dice, ascending
    reserve: tuple      # per player: dice not rolled yet
    tokens: tuple       # per player: tokens held
    supply: int         # tokens left in the common supply
    stage: int          # OPENING, CHOOSE or PLAY
    actor: int          # whose roll is due, who chooses, or who moves
    due: int            # dice to roll now (0: the actor moves)
    queue: tuple        # opening: the players still to roll in this round, after the actor
    contenders: tuple   # opening: the players rolling in this round (all, or the tied)
    ply: int
    last: tuple | None  # what just happened, for the page's message (see ``marks``)


@cache
def rolls_of(count: int) -> tuple:
    """Every distinct roll of ``count`` dice, as ``("r", d1, d2, ...)`` ascending, in order."""
    return tuple(("r", *dice) for dice in combinations_with_replacement(range(1, 7), count))


@cache
def roll_probability(dice: tuple) -> float:
    """The chance of rolling this multiset of dice: n! / (k1! k2! ...) / 6**n."""
    ways = math.factorial(len(dice))
    for value in set(dice):
        ways //= math.factorial(dice.count(value))
    return ways / 6 ** len(dice)


def first_slots(hand: tuple) -> dict[int, int]:
    """The rack slot (from 1) of the first die showing each value of ``hand``: the slot a
    placement of that value is clicked from."""
    first: dict[int, int] = {}
    for slot, value in enumerate(hand, 1):
        first.setdefault(value, slot)
    return first


def removed(hand: tuple, value: int) -> tuple:
    """``hand`` with one die showing ``value`` taken out (it is there)."""
    index = hand.index(value)
    return hand[:index] + hand[index + 1:]



def _cell_words(lang: str) -> dict[str, str]:
    """The cells off the board in words, for the position's description: each player's
    rack and tokens, the common supply, and the row and column results (up to 8×8)."""
    if lang == "en":
        names = ("White", "Black", "Red", "Blue")
        rack, tokens, supply = "{name}'s rack ({slot})", "{name}'s tokens", "supply"
        row, column = "row {line}", "column {line}"
    else:
        names = ("Bianco", "Nero", "Rosso", "Blu")
        rack, tokens, supply = "scorta del {name} ({slot})", "segnalini del {name}", "riserva"
        row, column = "riga {line}", "colonna {line}"
    words = {"cell.supply": supply}
    for player, name in enumerate(names):
        words[f"cell.p{player}t"] = tokens.format(name=name)
        for slot in range(1, 7):
            words[f"cell.p{player}d{slot}"] = rack.format(name=name, slot=slot)
    for line in range(1, 9):
        words[f"cell.row{line}"] = row.format(line=line)
        words[f"cell.col{'abcdefgh'[line - 1]}"] = column.format(line="abcdefgh"[line - 1])
    return words

@register
class Dadi(Game):
    name = "dadi"
    title = "Dadi"
    author = "Luca Bellini, 2008"
    minutes = 15
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "move", "playout": 9, "plies": 12},
        {"caption": "win", "playout": 9},
    )
    players_option = "players"
    picks_up = True       # a die from the rack, then its cell: a click on a die never places it
    options = (
        Option("players", 2, low=2, high=4, help="2 players on 6x6, 3 on 7x7, 4 on 8x8"),
        Option("void_rule", "every_batch", choices=("every_batch", "opening"),
               help="a roll under the threshold is void at every batch, or at the opening only"),
        Option("tiebreak", "none", choices=("none", "lines"),
               help="equal scores draw, or more lines won wins"),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.players = self.settings["players"]
        side, each, batch, void, centre = SETUPS[self.players]
        self.side, self.dice_each, self.batch, self.void_limit = side, each, batch, void
        self.void_every_batch = self.settings["void_rule"] == "every_batch"
        self.tiebreak_lines = self.settings["tiebreak"] == "lines"
        self.grid = square_grid(side)
        names = self.grid.names
        blocked = BLOCKED.get(self.players)
        self.blocked = None if blocked is None else names.index(blocked)
        self.playable = tuple(c for c in range(self.grid.size) if c != self.blocked)
        self.first_cells = (self.playable if centre is None
                            else tuple(sorted(names.index(name) for name in centre)))
        # the lines, rows then columns, each a tuple of playable cells, with its result cell
        self.lines = tuple(tuple(c for c in range(r * side, r * side + side) if c != self.blocked)
                           for r in range(side))
        self.lines += tuple(tuple(c for c in range(f, side * side, side) if c != self.blocked)
                            for f in range(side))
        self.line_names = tuple(f"row{r + 1}" for r in range(side)) + \
            tuple(f"col{LETTERS[f]}" for f in range(side))
        assert len(self.playable) == self.players * self.dice_each

    # -- the rules ------------------------------------------------------------------------------
    def initial_state(self) -> DadiState:
        everyone = tuple(range(self.players))
        n = self.players
        return DadiState((None,) * self.grid.size, ((),) * n, (self.dice_each,) * n,
                         (0,) * n, TOKENS, OPENING, 0, self.batch, everyone[1:], everyone, 0,
                         None)

    def position(self, cells: dict, hands=None, tokens=None, supply=None,
                 mover: int = 0) -> DadiState:
        """A state of play with ``cells`` ({name: (owner, value)}) placed, the unplaced
        dice ``hands`` (by default none), the ``tokens`` held (by default none) and the
        ``supply`` (by default the rest of the six), ``mover`` to move (his next batch is
        due if he has no unplaced dice and some in reserve).  The reserves are what is
        left of each player's dice.  RULES.md's constructed examples are written so."""
        n = self.players
        board = [None] * self.grid.size
        for name, (owner, value) in cells.items():
            index = self.grid.index(name)
            if index is None or index == self.blocked or not 0 <= owner < n \
                    or not 1 <= value <= 6:
                raise ValueError(f"{name}={value} of player {owner} cannot be on this board")
            board[index] = (owner, value)
        hands = tuple(tuple(sorted(hand)) for hand in (hands or ((),) * n))
        tokens = tuple(tokens or (0,) * n)
        supply = TOKENS - sum(tokens) if supply is None else supply
        placed = [sum(1 for die in board if die and die[0] == p) for p in range(n)]
        reserve = tuple(self.dice_each - placed[p] - len(hands[p]) for p in range(n))
        if min(reserve) < 0 or supply < 0 or sum(tokens) + supply > TOKENS:
            raise ValueError("more dice or tokens than the game has")
        due = self.batch if not hands[mover] and reserve[mover] else 0
        return DadiState(tuple(board), hands, reserve, tokens, supply, PLAY, mover, due, (), (),
                         sum(placed), None)

    def is_full(self, state: DadiState) -> bool:
        return all(state.board[c] is not None for c in self.playable)

    def to_move(self, state: DadiState) -> int:
        """The player to move, or CHANCE when dice are to be rolled (RULES.md 12.1)."""
        return CHANCE if state.due else state.actor

    def legal_moves(self, state: DadiState) -> list:
        if state.due:
            return list(rolls_of(state.due))
        if self.is_full(state):
            return []
        if state.stage == CHOOSE:
            return [("first", k) for k in range(self.players)]
        me, hand = state.actor, state.hands[state.actor]
        values = sorted(set(hand))
        slots = first_slots(hand)
        moves = [("p", cell, value, me, slots[value]) for cell in self.open_cells(state)
                 for value in values]
        if state.tokens[me]:
            moves += [("t", value) for value in values]
        return moves

    def open_cells(self, state: DadiState) -> tuple:
        """The cells where the next die may go: a central one for the first die (RULES.md
        12.2.4), else any empty playable cell."""
        board = state.board
        if all(board[c] is None for c in self.playable):
            return self.first_cells
        return tuple(c for c in self.playable if board[c] is None)

    def probability(self, state: DadiState, move) -> float:
        """The chance of the roll ``move``: multinomial over the dice (RULES.md 12.1)."""
        return roll_probability(move[1:])

    def roll(self, state: DadiState, rng):
        """The dice drawn one by one and sorted: the same distribution as ``probability``."""
        return ("r", *sorted(rng.randint(1, 6) for _ in range(state.due)))

    def apply(self, state: DadiState, move) -> DadiState:
        kind = move[0]
        ply = state.ply + 1
        if kind == "r":
            return self._rolled(state, move[1:])
        if kind == "first":
            return self._turn(state._replace(stage=PLAY, actor=move[1], ply=ply,
                                             last=("begins", move[1])), move[1])
        me = state.actor
        if kind == "t":
            value = move[1]
            hands = list(state.hands)
            hands[me] = removed(hands[me], value)
            tokens = list(state.tokens)
            tokens[me] -= 1
            return state._replace(hands=tuple(hands), tokens=tuple(tokens),
                                  supply=state.supply + 1, due=1, ply=ply,
                                  last=("token", me, value))
        _, cell, value = move[:3]
        board = list(state.board)
        board[cell] = (me, value)
        hands = list(state.hands)
        hands[me] = removed(hands[me], value)
        tokens, supply, last = state.tokens, state.supply, None
        if value == 6 and supply:
            tokens = tuple(t + (p == me) for p, t in enumerate(tokens))
            supply -= 1
            last = ("six", me)
        after = state._replace(board=tuple(board), hands=tuple(hands), tokens=tokens,
                               supply=supply, ply=ply, last=last)
        if self.is_full(after):
            return after
        return self._turn(after, (me + 1) % self.players)

    def _turn(self, state: DadiState, player: int) -> DadiState:
        """``player``'s turn begins: his next batch is due if he has no unplaced dice and
        dice in reserve (RULES.md 12.2.3a).  With equal dice and turns in seat order he
        always has some while the board is not full (tests/test_dadi.py)."""
        due = self.batch if not state.hands[player] and state.reserve[player] else 0
        return state._replace(actor=player, due=due)

    def _rolled(self, state: DadiState, dice: tuple) -> DadiState:
        me, ply = state.actor, state.ply + 1
        hands = list(state.hands)
        if state.due == 1:                                  # a token's re-roll: no void rule
            old = state.last[2] if state.last and state.last[0] == "token" else None
            hands[me] = tuple(sorted(hands[me] + dice))
            return state._replace(hands=tuple(hands), due=0, ply=ply,
                                  last=("rerolled", me, old, dice[0]))
        total = sum(dice)
        if total < self.void_limit and (state.stage == OPENING or self.void_every_batch):
            return state._replace(ply=ply, last=("void", me, total))
        hands[me] = dice
        reserve = list(state.reserve)
        if not state.hands[me]:     # a new batch (a tie's re-roll replaces the opening one)
            reserve[me] -= self.batch
        state = state._replace(hands=tuple(hands), reserve=tuple(reserve), ply=ply, last=None)
        if state.stage == PLAY:
            return state._replace(due=0)
        if state.queue:                                     # the next player's opening roll
            return state._replace(actor=state.queue[0], queue=state.queue[1:])
        totals = {p: sum(state.hands[p]) for p in state.contenders}
        top = max(totals.values())
        tied = tuple(p for p in state.contenders if totals[p] == top)
        if len(tied) == 1:
            return state._replace(stage=CHOOSE, actor=tied[0], due=0, contenders=(),
                                  last=("chooses", tied[0], top))
        return state._replace(actor=tied[0], queue=tied[1:], contenders=tied,
                              last=("tie", top))

    # -- the end --------------------------------------------------------------------------------
    def line_results(self, state: DadiState) -> list:
        """For each line (rows 1.., then columns a..): (each player's sum on it, None for a
        player without a die there; the winner or None; his score)."""
        out = []
        for line in self.lines:
            sums = [None] * self.players
            for cell in line:
                die = state.board[cell]
                if die is not None:
                    owner, value = die
                    sums[owner] = value + (sums[owner] or 0)
            present = [s for s in sums if s is not None]
            low = min(present) if present else None
            winners = [p for p, s in enumerate(sums) if s is not None and s == low]
            winner = winners[0] if len(winners) == 1 else None
            out.append((tuple(sums), winner, low if winner is not None else 0))
        return out

    def scores(self, state: DadiState, results=None) -> tuple[tuple, tuple]:
        """(each player's points, each player's lines won) over the lines as they stand
        (``results``: ``line_results(state)``, where the caller has them already)."""
        points, won = [0] * self.players, [0] * self.players
        for _, winner, score in results or self.line_results(state):
            if winner is not None:
                points[winner] += score
                won[winner] += 1
        return tuple(points), tuple(won)

    def outcome(self, state: DadiState) -> Outcome | None:
        """The scores once the board is full (RULES.md 12.3); the result cells of the lines
        the winner won are highlighted (ringing their dice would ring nearly the whole board)."""
        if state.due or not self.is_full(state):
            return None
        results = self.line_results(state)
        points, won = self.scores(state, results)
        top = max(points)
        best = [p for p in range(self.players) if points[p] == top]
        reason = "score"
        if len(best) > 1 and self.tiebreak_lines:
            most = max(won[p] for p in best)
            best = [p for p in best if won[p] == most]
            reason = "lines"
        if len(best) > 1:
            return Outcome(None, "equal-score", (), points)
        winner = best[0]
        cells = [name for name, (_, w, _) in zip(self.line_names, results) if w == winner]
        return Outcome(winner, reason, tuple(cells), points)

    # -- names ----------------------------------------------------------------------------------
    def move_name(self, move) -> str:
        kind = move[0]
        if kind == "r":
            return "r" + "".join(str(d) for d in move[1:])
        if kind == "t":
            return f"t{move[1]}"
        if kind == "first":
            return f"first={move[1]}"
        return f"{self.grid.names[move[1]]}={move[2]}"

    def move_words(self, move):
        """A roll reads as its dice, "1 1 2 3 3 6"."""
        if move[0] == "r":
            return "move.roll", {"dice": " ".join(str(d) for d in move[1:])}
        return None

    def clicks(self, move) -> tuple[str, ...]:
        """A placement: the mover's rack slot of his first die showing its value, then the
        cell.  Tokens and the choice of who begins are buttons; rolls are the page's."""
        if move[0] != "p":
            return ()
        _, cell, _, player, slot = move
        return (f"p{player}d{slot}", self.grid.names[cell])

    def click_steps(self, move) -> tuple[str, ...]:
        return ("die", "cell") if move[0] == "p" else ()

    def same_cells(self, state: DadiState) -> dict[str, str]:
        """Any of the mover's dice of one value starts a placement, as the first does."""
        mover = self.to_move(state)
        if mover == CHANCE:
            return {}
        hand = state.hands[mover]
        first = first_slots(hand)
        return {f"p{mover}d{slot}": f"p{mover}d{first[value]}"
                for slot, value in enumerate(hand, 1) if first[value] != slot}

    def move_cells(self, move) -> tuple[str, ...]:
        return (self.grid.names[move[1]],) if move[0] == "p" else ()

    def check_notation(self, text: str) -> None:
        written = text.strip().lower() if isinstance(text, str) else text
        if not isinstance(written, str) or not any(
                pattern.fullmatch(written) for pattern in (_ROLL, _PLACE, _TOKEN, _FIRST)):
            raise Problem("dadi.write").wrapped("move.notation-because", InvalidMove,
                                                move=excerpt(text), title=self.title)

    def parse_move(self, text: str, state: DadiState):
        """The legal move written as ``text`` (rolls in any order of the dice), or a
        Problem that says what is wrong with it."""
        self.check_notation(text)
        written = text.strip().lower()
        roll, place = _ROLL.fullmatch(written), _PLACE.fullmatch(written)
        token, first = _TOKEN.fullmatch(written), _FIRST.fullmatch(written)
        values = (roll.group(1) if roll else place.group(3) if place else
                  token.group(1) if token else "1")
        if any(d not in "123456" for d in values):
            raise Problem("dadi.pips").wrapped("move.notation-because", InvalidMove,
                                               move=excerpt(text), title=self.title)
        cell = None
        if place:
            name = place.group(1) + place.group(2)
            cell = self.grid.index(name)
            if cell is None:
                raise Problem("board.not-a-cell", cell=excerpt(name, quoted=False),
                              side=self.side).wrapped("move.notation-because", InvalidMove,
                                                      move=excerpt(text), title=self.title)
        if self.outcome(state) is not None:
            raise IllegalMove("move.game-over", move=excerpt(written, quoted=False))

        def refused(problem: Problem) -> IllegalMove:
            return problem.wrapped("move.not-legal-because", IllegalMove,
                                   move=excerpt(written, quoted=False))
        if roll:
            if not state.due:
                raise refused(Problem("dadi.no-roll"))
            if len(values) != state.due:
                raise refused(Problem("dadi.roll-count", count=state.due, given=len(values)))
            return ("r", *sorted(int(d) for d in values))
        if state.due:
            raise refused(Problem("dadi.roll-due", count=state.due,
                                  example="r" + "123456"[:state.due]))
        if first:
            k = int(first.group(1))
            if state.stage != CHOOSE:
                raise refused(Problem("dadi.no-choice"))
            if k >= self.players:
                raise refused(Problem("dadi.no-player", number=k, high=self.players - 1))
            return ("first", k)
        if state.stage != PLAY:
            raise refused(Problem("dadi.not-yet"))
        me, hand = state.actor, state.hands[state.actor]
        value = int(values)
        if token:
            if not state.tokens[me]:
                raise refused(Problem("dadi.no-token"))
            if value not in hand:
                raise refused(Problem("dadi.no-die", value=value))
            return ("t", value)
        name = self.grid.names[cell]
        if cell == self.blocked:
            raise refused(Problem("dadi.blocked", cell=name))
        if state.board[cell] is not None:
            raise refused(Problem("move.occupied", cell=name))
        if cell not in self.open_cells(state):
            raise refused(Problem("dadi.first-centre",
                                  cells=[self.grid.names[c] for c in self.first_cells]))
        if value not in hand:
            raise refused(Problem("dadi.no-die", value=value))
        return ("p", cell, value, me, hand.index(value) + 1)

    # -- pictures -------------------------------------------------------------------------------
    def rack_rows(self) -> tuple[tuple, tuple]:
        """The players whose racks stand above the board, and below it, left to right."""
        return {2: ((1,), (0,)), 3: ((1, 2), (0,)), 4: ((1, 2), (0, 3))}[self.players]

    def pieces(self, state: DadiState) -> dict[str, str]:
        """The dice on the board; each player's unplaced dice in his rack, ascending, and
        his tokens on ``pPt``; the supply; the blocked d4 (3 players); at the end, each
        line's winner and score on its result cell (a tied line shows a neutral marker)."""
        names = self.grid.names
        out = {names[c]: piece("die", *die) for c, die in enumerate(state.board) if die}
        if self.blocked is not None:
            out[names[self.blocked]] = piece("block")
        for player, hand in enumerate(state.hands):
            for slot, value in enumerate(hand, 1):
                out[f"p{player}d{slot}"] = piece("die", player, value)
            out[f"p{player}t"] = piece("counter", player, state.tokens[player])
        out["supply"] = piece("counter", None, state.supply)
        if self.outcome(state) is not None:
            for name, (_, winner, score) in zip(self.line_names, self.line_results(state)):
                out[name] = piece("marker") if winner is None else piece("counter", winner, score)
        return out

    def layout(self) -> dict:
        """The board with rank numbers on the left and file letters underneath; a result
        cell at the right end of each row (``row1``..) and above each column (``cola``..),
        with the ``supply`` of tokens in the corner above the row results; the racks above
        and below (``rack_rows``), each a token counter ``pPt`` then the slots
        ``pPd1``.. of his unplaced dice.  Tones: 0 the board, 1 the blocked d4, 2 the
        racks, 3 the results and the supply."""
        side, margin, gap = self.side, 0.7, 0.25
        top_rows, bottom_rows = self.rack_rows()
        width = margin + side + 1.0 + 0.3
        slots = self.batch + 1
        most = max(len(top_rows), len(bottom_rows))
        unit = min(1.0, (width - 0.4 - (most - 1) * 0.4) / (most * slots))
        cells, labels = [], []

        def square(name, x, y, size, tone):
            cells.append(square_cell(name, x, y, size, tone))

        def rack_row(players, y):    # each player's token counter, then his dice's slots
            groups = [[f"p{player}t", *(f"p{player}d{slot}" for slot in range(1, slots))]
                      for player in players]
            cells.extend(racks(groups, y, width, unit))

        y = 0.2
        rack_row(top_rows, y)
        y += unit + gap
        for file in range(side):                           # the column results
            square(f"col{LETTERS[file]}", margin + file, y, 1.0, 3)
        square("supply", margin + side, y, 1.0, 3)
        y += 1.0
        board_top = y
        for cell, name in enumerate(self.grid.names):
            file, rank = self.grid.coords(cell)
            x, cy = margin + file, board_top + side - 1 - rank
            tone = 1 if cell == self.blocked else 0
            cells.append({"name": name, "x": x + 0.5, "y": cy + 0.5, "tone": tone,
                          "points": [[x, cy], [x + 1, cy], [x + 1, cy + 1], [x, cy + 1]]})
        for rank in range(side):
            square(f"row{rank + 1}", margin + side, board_top + side - 1 - rank, 1.0, 3)
            labels.append({"text": str(rank + 1), "x": margin / 2,
                           "y": round(board_top + side - 1 - rank + 0.5, 4)})
        y = board_top + side
        labels += [{"text": LETTERS[f], "x": margin + f + 0.5, "y": round(y + margin / 2, 4)}
                   for f in range(side)]
        y += margin
        rack_row(bottom_rows, y)
        y += unit + 0.2
        return {"kind": "square", "width": round(width, 4), "height": round(y, 4),
                "cells": cells, "labels": labels}

    def diagram(self, state: DadiState) -> str:
        """The board (``W3`` a die of White showing 3; ``B``lack, ``R``ed, bl``U``e; ``##``
        the blocked d4), then each player's unplaced dice, reserve and tokens, and what is
        due or the result."""
        rows = []
        for rank in reversed(range(self.side)):
            marks = []
            for file in range(self.side):
                cell = self.grid.at(file, rank)
                die = state.board[cell]
                marks.append("##" if cell == self.blocked else ".." if die is None
                             else f"{SYMBOLS[die[0]]}{die[1]}")
            rows.append(f"{rank + 1:>2} {' '.join(marks)}")
        rows.append("   " + "  ".join(LETTERS[:self.side]))
        table = self.text_table("en")
        for p in range(self.players):
            hand = " ".join(map(str, state.hands[p])) or "-"
            rows.append(f"{table[f'player.{p}']}: dice {hand}; reserve {state.reserve[p]}; "
                        f"tokens {state.tokens[p]}")
        rows.append(f"supply {state.supply}")
        outcome = self.outcome(state)
        if outcome is not None:
            rows.append(self.outcome_text(outcome))
        elif state.due:
            rows.append(f"{table[f'player.{state.actor}']}: {state.due} dice to roll")
        elif state.stage == CHOOSE:
            rows.append(f"{table[f'player.{state.actor}']} chooses who begins")
        else:
            rows.append(f"{table[f'player.{state.actor}']} to move")
        return "\n".join(rows)

    def notes(self, state: DadiState) -> dict:
        out = {"stage": "over" if self.outcome(state) else STAGE_NAMES[state.stage],
               "actor": state.actor, "due": state.due,
               "hands": [list(hand) for hand in state.hands], "reserve": list(state.reserve),
               "tokens": list(state.tokens), "supply": state.supply}
        if state.stage == OPENING:
            out["rolling"] = list(state.contenders)
        if self.is_full(state):
            results = self.line_results(state)
            out["lines"] = [{"line": name, "sums": list(sums), "winner": winner, "score": score}
                            for name, (sums, winner, score) in zip(self.line_names, results)]
            out["scores"], out["lines_won"] = map(list, self.scores(state, results))
        return out

    def marks(self, state: DadiState) -> dict:
        """A message saying what just happened (a void roll, a tie, who chooses, a token
        spent or earned, a re-roll) or whose dice are rolled; before the first die, the
        cells where it may not go are shaded."""
        out = {}
        last = state.last
        if last is not None:
            kind = last[0]
            if kind == "void":
                params = {"player": last[1], "total": last[2], "limit": self.void_limit}
            elif kind == "tie":
                params = {"total": last[1]}
            elif kind == "chooses":
                params = {"player": last[1], "total": last[2]}
            elif kind == "token":
                params = {"player": last[1], "value": last[2]}
            elif kind == "rerolled":
                params = {"player": last[1], "old": last[2], "new": last[3]}
            else:                                           # "begins", "six"
                params = {"player": last[1]}
            out["message"] = {"key": kind, "params": params}
        elif state.due and self.outcome(state) is None:
            out["message"] = {"key": "roll", "params": {"player": state.actor}}
        if state.stage == PLAY and not state.due and self.outcome(state) is None:
            allowed = set(self.open_cells(state))
            if len(allowed) < len(self.playable):
                shaded = [self.grid.names[c] for c in self.playable
                          if c not in allowed and state.board[c] is None]
                if shaded and not any(state.board[c] for c in self.playable):
                    out["shaded"] = shaded
        return out

    # -- texts (after the rules they word): the rules, labels, messages -------------------------
    messages = {
        "dadi.write": {
            "en": "write a roll such as r122356, a placement such as d4=3, a token such as t3 "
                  "or the choice first=1",
            "it": "scrivi un lancio come r122356, un piazzamento come d4=3, un segnalino come "
                  "t3 oppure la scelta first=1"},
        "dadi.pips": {
            "en": "a die shows 1 to 6",
            "it": "un dado mostra da 1 a 6"},
        "dadi.no-roll": {
            "en": "no roll is due: a player is to move",
            "it": "non c'è nessun lancio da fare: tocca a un giocatore"},
        "dadi.roll-due": {
            "en": "the dice are to be rolled first ({count} dice, such as {example})",
            "it": "prima si devono lanciare i dadi ({count}, per esempio {example})"},
        "dadi.roll-count": {
            "en": "{count} dice are rolled here, not {given}",
            "it": "qui si lanciano {count} dadi, non {given}"},
        "dadi.not-yet": {
            "en": "no die is placed and no token spent before the first player is chosen",
            "it": "prima della scelta di chi comincia non si colloca nessun dado e non si "
                  "usano segnalini"},
        "dadi.blocked": {
            "en": "{cell} stays empty all game with three players",
            "it": "con tre giocatori la casella {cell} resta vuota per tutta la partita"},
        "dadi.no-die": {
            "en": "the player to move has no unplaced die showing {value}",
            "it": "chi ha il turno non ha nessun dado da collocare che mostri {value}"},
        "dadi.first-centre": {
            "en": "the first die of the game goes on one of {cells}",
            "it": "il primo dado della partita va su una delle caselle {cells}"},
        "dadi.no-token": {
            "en": "the player to move has no token to spend",
            "it": "chi ha il turno non ha segnalini da usare"},
        "dadi.no-choice": {
            "en": "who begins is chosen once, by the highest opening total, and not now",
            "it": "chi comincia viene scelto una volta sola, da chi ha il totale iniziale più "
                  "alto, e non ora"},
        "dadi.no-player": {
            "en": "there is no player {number}: the players are 0 to {high}",
            "it": "non c'è un giocatore {number}: i giocatori vanno da 0 a {high}"},
    }
    texts = {
        "en": {
            "player.2": "Red", "player.3": "Blue",
            **_cell_words("en"),
            "tagline": "Place the dice you roll and conquer rows and columns with the highest total.",
            "rules": [
                "Dadi is a game of dice placed on a board. Each player has his own dice (18 "
                "each with two players on a 6×6 board; 16 each with three on a 7×7 board "
                "whose centre d4 stays empty, or with four on an 8×8 board). They are "
                "rolled a batch at a time (6 dice with two players, 4 with more) and "
                "placed one a turn, showing the value rolled, until the board is full.",
                "At the start every player's first batch is rolled. A roll totalling "
                "less than 15 (less than 10 with three or four players) is void and is "
                "rolled again. The highest total chooses who begins, himself included; "
                "if the highest totals tie, only the tied players roll again.",
                "Play then goes round the table. On your turn, if you have no unplaced dice "
                "left, your next batch is rolled. You may then spend tokens, each one "
                "re-rolling one of your unplaced dice, and finally you place one of your "
                "dice on an empty cell. The very first die goes on one of the central "
                "cells (anywhere but d4 with three players).",
                "Whoever places a 6 takes a token from the common supply of six, while "
                "any are left; a spent token goes back to the supply.",
                "When the board is full every row and every column is scored: the player "
                "with the lowest sum of his dice on the line wins it and scores that sum; "
                "if the lowest sum is shared, nobody scores the line. The highest total "
                "wins; equal totals are a draw (unless the option counts the lines won).",
            ],
            "option.players": "Players",
            "option.players.header": "{value} players",
            "option.void_rule": "Void roll",
            "option.void_rule.every_batch": "at every batch",
            "option.void_rule.opening": "at the opening roll only",
            "option.tiebreak": "Equal scores",
            "option.tiebreak.none": "draw",
            "option.tiebreak.lines": "more lines won wins",
            "reason.score": "most points ({scores})",
            "reason.lines": "equal points, more lines won ({scores})",
            "reason.equal-score": "equal points ({scores})",
            **{f"said.t{value}": f"{{player}} re-rolls a {value}." for value in range(1, 7)},
            "move.t1": "Re-roll a 1", "move.t2": "Re-roll a 2", "move.t3": "Re-roll a 3",
            "move.t4": "Re-roll a 4", "move.t5": "Re-roll a 5", "move.t6": "Re-roll a 6",
            "move.first=0": "White begins", "move.first=1": "Black begins",
            "move.first=2": "Red begins", "move.first=3": "Blue begins",
            "move.roll": "{dice}",
            "step.die": "Choose one of your dice",
            "step.cell": "Now choose the cell for your die",
            "message.roll": "{player}'s dice are rolled.",
            "message.void": "{player}'s roll totalled {total}, under {limit}: it is void "
                            "and is rolled again.",
            "message.tie": "The highest totals tie at {total}: only the tied players roll "
                           "again.",
            "message.chooses": "{player} rolled the highest total, {total}, and chooses "
                               "who begins.",
            "message.begins": "{player} begins.",
            "message.token": "{player} spends a token to re-roll a {value}.",
            "message.rerolled": "{player} re-rolled a {old}: it now shows {new}.",
            "message.six": "{player} placed a 6 and takes a token.",
        },
        "it": {
            "player.2": "Rosso", "player.3": "Blu",
            **_cell_words("it"),
            "tagline": "Piazza i dadi che lanci e conquista righe e colonne col totale più alto.",
            "rules": [
                "Dadi (Luca Bellini, 2008) è un gioco di piazzamento di dadi su un tavoliere. "
                "Ogni giocatore ha i propri dadi (18 a testa in due, su un tavoliere 6×6; 16 a "
                "testa in tre, su un 7×7 la cui casella centrale d4 resta vuota, o in quattro, "
                "su un 8×8). Si lanciano a gruppi, un lancio di 6 dadi (4 in tre o quattro), e "
                "si collocano uno per turno, con il valore uscito, finché il tavoliere non è "
                "pieno.",
                "All'inizio si lancia il primo gruppo di dadi di ciascun giocatore. Un "
                "lancio che totalizza meno di 15 (meno di 10 in tre o quattro) è un lancio "
                "nullo e si ripete. Chi ha il totale più alto sceglie chi comincia (può "
                "scegliere anche sé stesso); a parità di totale più alto rilanciano solo i "
                "giocatori in parità.",
                "Poi si gioca a turno, in senso orario. Chi è di turno e non ha più dadi da "
                "collocare lancia il gruppo successivo. Può quindi usare dei segnalini, "
                "ognuno dei quali gli fa rilanciare uno dei suoi dadi non ancora "
                "collocati, e infine colloca uno dei suoi dadi su una casella vuota. Il "
                "primo dado della partita va su una delle caselle centrali (in tre, "
                "ovunque tranne d4).",
                "Chi colloca un 6 prende un segnalino «segna 6» dalla riserva comune di sei, "
                "finché ce ne sono; un segnalino usato torna nella riserva.",
                "A tavoliere pieno si esamina ogni riga e ogni colonna: la conquista, fra chi "
                "vi ha almeno un dado, chi ha la somma più bassa, e guadagna tanti punti "
                "quanto quella somma; se la somma più bassa è di due o più giocatori, la riga "
                "o colonna non va a nessuno. Vince chi ha il totale più alto; se due o più "
                "giocatori hanno lo stesso totale più alto, la partita è patta (salvo "
                "l'opzione che conta le righe e colonne conquistate).",
            ],
            "option.players": "Giocatori",
            "option.players.header": "{value} giocatori",
            "option.void_rule": "Lancio nullo",
            "option.void_rule.every_batch": "a ogni gruppo di dadi",
            "option.void_rule.opening": "solo al lancio iniziale",
            "option.tiebreak": "A parità di punti",
            "option.tiebreak.none": "patta",
            "option.tiebreak.lines": "vince chi ha conquistato più righe e colonne",
            "reason.score": "più punti ({scores})",
            "reason.lines": "parità di punti, più righe e colonne conquistate ({scores})",
            "reason.equal-score": "parità di punti ({scores})",
            **{f"said.t{value}": f"Il {{player}} rilancia un {value}." for value in range(1, 7)},
            "move.t1": "Rilancia un 1", "move.t2": "Rilancia un 2", "move.t3": "Rilancia un 3",
            "move.t4": "Rilancia un 4", "move.t5": "Rilancia un 5", "move.t6": "Rilancia un 6",
            "move.first=0": "Comincia il Bianco", "move.first=1": "Comincia il Nero",
            "move.first=2": "Comincia il Rosso", "move.first=3": "Comincia il Blu",
            "move.roll": "{dice}",
            "step.die": "Scegli uno dei tuoi dadi",
            "step.cell": "Ora scegli la casella per il tuo dado",
            "message.roll": "Si lanciano i dadi del {player}.",
            "message.void": "Il lancio del {player} totalizza {total}, meno di {limit}: è "
                            "un lancio nullo e si ripete.",
            "message.tie": "Parità sul totale più alto ({total}): rilanciano solo i "
                           "giocatori in parità.",
            "message.chooses": "Il {player} ha il totale più alto, {total}, e sceglie chi "
                               "comincia.",
            "message.begins": "Comincia il {player}.",
            "message.token": "Il {player} usa un segnalino per rilanciare un {value}.",
            "message.rerolled": "Il {player} ha rilanciato un {old}: ora il dado mostra {new}.",
            "message.six": "Il {player} ha collocato un 6 e prende un segnalino.",
        },
    }
