"""Pferdeäppel / Plop (Alex Randolph, 1981): the rules of ``shared/RULES.md`` section 15.

* An 8x8 board.  Two horses move as chess knights: the **white** horse flees and moves
  first, from h1; the **brown** horse hunts it, from a8.  White is player 0, Brown player 1.
* The apples (the horses' droppings, neutral pieces): a common supply of 28 brown and 12
  golden ones.  One brown apple lies under each horse at the start, so 26 brown remain.  A
  square with an apple is *marked*; a horse always stands on a marked square.
* A turn: the horse makes a knight's move to an unmarked square; the next apple of the
  supply (brown while any remain, then golden) goes onto its new square; then the mover may
  place one extra apple on any square with no apple and no horse, except the white horse's
  only safe square.  A *safe square* is a knight's move from the white horse, unmarked, and
  not a knight's move from the brown horse.  No passing.
* The brown horse may also move onto the white one: the **catch**.  The game ends at once and
  no apple is dropped.  White is caught too as soon as he has no safe square, after Brown's
  mandatory apple (no extra apple then follows) or at the start of his turn.  A caught White
  loses while brown apples remain (Brown scores the brown apples left), and it is a draw
  when none remain and no golden one has been played.
* The first golden apple placed (mandatory or extra, by either player) wins for White, who
  scores the golden apples played; the game ends there, and a golden mandatory apple is then
  followed by no extra.  Brown, to move with no move (the catch included), loses: White
  scores 24.
* ``match=on``: ``rounds`` rounds (default 2), the players swapping horses each round (the
  white horse always moves first).  A round goes on after the first golden apple, White
  scoring 1 point per golden apple played when caught; right after the 12th golden apple
  White scores 24 if he has a safe square, else 12.  The higher total wins.
* ``variant=trail`` (the seed's reading): no apples, supply or extras; a horse marks the
  square it **leaves**, may move to an unmarked square or onto the other horse (a capture,
  which wins), and a player who cannot move loses.  By parity only Brown can ever capture.

Notation: a ply is its destination, ``g3``, optionally followed by ``/`` and the extra
apple's cell, ``g3/e5``; a catch is White's square.  Clicks: the destination, then the extra
apple's cell (a click on the destination again plays the ply without an extra).

A move is a tuple of cell indices, ``(destination,)`` or ``(destination, extra)``.  The
apples are bit masks (bit = cell index, index = rank * 8 + file), so that the bots' search
can use the rule book's own generator.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..core import Game, IllegalMove, InvalidMove, Option, Outcome, piece, register
from ..grid.square import square_grid
from ..messages import Problem, excerpt

SIDE = 8
GRID = square_grid(SIDE)
NAMES = GRID.names
FULL = (1 << GRID.size) - 1
WHITE_HORSE, BROWN_HORSE = 0, 1
WHITE_START, BROWN_START = GRID.index("h1"), GRID.index("a8")
BROWN_APPLES, GOLDEN_APPLES = 28, 12
JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
# For each cell, the cells a knight's move away (ascending) and the same as a bit mask.
KNIGHT = tuple(tuple(sorted(t for d in JUMPS if (t := GRID.step(cell, *d)) is not None))
               for cell in range(GRID.size))
KNIGHT_MASK = tuple(sum(1 << t for t in targets) for targets in KNIGHT)
WRITTEN = re.compile(r"([a-z][0-9]+)(?:/([a-z][0-9]+))?")


def bit(cell: int) -> int:
    return 1 << cell


def cells_of(mask: int) -> list[int]:
    """The cells of a bit mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def safe_squares(white: int, brown: int, apples: int) -> int:
    """The white horse's safe squares (a mask): a knight's move from it, unmarked, and not a
    knight's move from the brown horse."""
    return KNIGHT_MASK[white] & ~apples & ~KNIGHT_MASK[brown]


class PlopState(NamedTuple):
    horses: tuple           # (white horse's cell, brown horse's cell); equal after a catch
    brown: int              # mask of the brown apples on the board (the trail's marks)
    golden: int             # mask of the golden apples on the board
    mover: int              # the horse to move: 0 white, 1 brown
    brown_left: int         # brown apples in the supply
    golden_left: int        # golden apples in the supply
    round: int = 1          # the round of a match (always 1 in a single game)
    banked: tuple = (0, 0)  # each player's points from the finished rounds of a match
    last_round: tuple = ()  # (round, reason, white horse's points, brown's) of the round before
    ply: int = 0            # plies played in the whole game

    @property
    def apples(self) -> int:
        return self.brown | self.golden


class RoundEnd(NamedTuple):
    """How a round ended: a reason code, the points of each horse, and the winning horse
    (None for a draw)."""
    reason: str
    points: tuple
    winner: int | None


@register
class Plop(Game):
    name = "plop"
    title = "Pferdeäppel (Plop)"
    author = "Alex Randolph, 1981"
    minutes = 10
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "try", "playout": 52, "plies": 2, "try": True},
        {"caption": "win", "playout": 52},
        {"caption": "win", "playout": 0},
    )
    options = (
        Option("variant", "classic", choices=("classic", "trail"),
               help="classic: Randolph's hunt with apples; trail: the squares left are closed"),
        Option("match", False, help="several rounds with points, the players swapping horses"),
        Option("rounds", 2, low=1, high=20, help="rounds of a match"),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.trail = self.settings["variant"] == "trail"
        self.is_match = self.settings["match"]
        if self.trail and self.is_match:
            raise Problem("plop.trail-match")
        self.rounds = self.settings["rounds"] if self.is_match else 1

    # -- set-up ---------------------------------------------------------------------------------
    def initial_state(self) -> PlopState:
        return self.round_start(1, (0, 0), ())

    def round_start(self, number: int, banked: tuple, last_round: tuple, ply: int = 0):
        """The board of a new round: the horses on h1 and a8, each on a brown apple (none in
        the trail variant)."""
        under = 0 if self.trail else bit(WHITE_START) | bit(BROWN_START)
        return PlopState((WHITE_START, BROWN_START), under, 0, WHITE_HORSE,
                         BROWN_APPLES - 2, GOLDEN_APPLES, number, banked, last_round, ply)

    def position(self, white: str, brown: str, marked=(), to_move: int = 0,
                 brown_left: int = 26, golden_played: int = 0, golden=()) -> PlopState:
        """A state for puzzles and tests: the horses' squares, the other marked squares (names,
        or one string of names), the horse to move (0 white, 1 brown), the brown apples left
        and the golden apples played (their squares need not be given: ``golden`` names any
        that are).  The horses stand on brown apples (in the trail variant, on nothing)."""
        if to_move not in (0, 1):
            raise ValueError(f"to_move is 0 (the white horse) or 1 (the brown one), not {to_move!r}")
        names = marked.split() if isinstance(marked, str) else list(marked)
        golden_names = golden.split() if isinstance(golden, str) else list(golden)
        horses = (self.cell(white), self.cell(brown))
        if horses[0] == horses[1]:
            raise ValueError("the horses stand on different squares")
        brown_mask = sum(bit(self.cell(name)) for name in names)
        golden_mask = sum(bit(self.cell(name)) for name in golden_names)
        if not self.trail:
            brown_mask |= bit(horses[0]) | bit(horses[1])
        elif brown_mask & (bit(horses[0]) | bit(horses[1])):
            raise ValueError("in the trail variant a horse never stands on a marked square")
        return PlopState(horses, brown_mask & ~golden_mask, golden_mask, to_move, brown_left,
                         GOLDEN_APPLES - golden_played)

    def cell(self, name: str) -> int:
        index = GRID.index(name.strip().lower()) if isinstance(name, str) else None
        if index is None:
            raise Problem("board.not-a-cell", cell=excerpt(name), side=SIDE)
        return index

    # -- positions as text (core.Game.position_text) -----------------------------------------------
    # The pieces show the horses and the apples (trail: the marks).  The supply needs no
    # counter: apples never leave the board, so what is left is what the board does not hold
    # (28 brown less those on it and the two under the horses; 12 golden less those on it).
    # ``ply`` is written because the state keeps it; left out, it is the earliest that fits.

    def position_counters(self, state: PlopState) -> dict[str, object]:
        return {"ply": state.ply}

    def position_from(self, pieces: dict[str, str], mover: int, counters: dict[str, str]):
        """The open position with these horses and apples (classic) or marks (trail), a
        single game only; a Problem for what the rules cannot reach."""
        if self.is_match:
            raise Problem("position.unsupported", game=self.title)
        values = {"knight.0": "white", "knight.1": "brown", "counter": "brown-apple"}
        if not self.trail:
            values["marker"] = "golden-apple"
        found = {value: [] for value in values.values()}
        for name, token in pieces.items():
            if token not in values:
                raise Problem("position.piece", piece=excerpt(token, quoted=False), cell=name,
                              game=self.title)
            found[values[token]].append(GRID.index(name))
        for token in ("knight.0", "knight.1"):
            if len(found[values[token]]) != 1:
                raise Problem("position.count", piece=token, count=len(found[values[token]]),
                              allowed=1)
        horses = (found["white"][0], found["brown"][0])
        brown = sum(bit(cell) for cell in found["brown-apple"])
        golden = sum(bit(cell) for cell in found.get("golden-apple", ()))
        for horse, start in ((WHITE_HORSE, WHITE_START), (BROWN_HORSE, BROWN_START)):
            if horses[horse] != start and not (brown | golden) >> start & 1:
                raise Problem("plop.start-left" if self.trail else "plop.start-apple",
                              cell=NAMES[start])
        if self.trail:
            dropped = len(found["brown-apple"])
            state = PlopState(horses, brown, 0, mover, BROWN_APPLES - 2, GOLDEN_APPLES)
        else:
            state = self.apples_state(horses, brown, golden, mover)
            dropped = bin(state.apples).count("1") - 2
        return self.refuse_decided(state._replace(ply=self.plies(state, dropped, counters)))

    def apples_state(self, horses: tuple, brown: int, golden: int, mover: int) -> PlopState:
        """A classic state from its apples: the supply is what the board does not hold."""
        brown |= bit(horses[0]) | bit(horses[1])      # a horse stands on a brown apple
        if bin(brown).count("1") == BROWN_APPLES + 1 and not golden:
            # one apple too many: the horse that moved last dropped the first golden one,
            # hidden under it (the single game is then over)
            brown, golden = brown & ~bit(horses[1 - mover]), bit(horses[1 - mover])
        on_board = bin(brown).count("1"), bin(golden).count("1")
        if on_board[0] > BROWN_APPLES:
            raise Problem("position.count", piece="counter", count=on_board[0] - 2,
                          allowed=BROWN_APPLES - 2)
        if on_board[1] > GOLDEN_APPLES:
            raise Problem("position.count", piece="marker", count=on_board[1],
                          allowed=GOLDEN_APPLES)
        if golden and on_board[0] < BROWN_APPLES:
            raise Problem("plop.golden-early", cell=NAMES[cells_of(golden)[0]],
                          left=BROWN_APPLES - on_board[0])
        return PlopState(horses, brown, golden, mover, BROWN_APPLES - on_board[0],
                         GOLDEN_APPLES - on_board[1])

    def plies(self, state: PlopState, dropped: int, counters: dict[str, str]) -> int:
        """The plies played to reach ``state``, ``dropped`` apples (trail: marks) after the
        set-up: ``ply`` if given, else the fewest that fit; a Problem if none does."""
        white, brown = (NAMES[cell] for cell in state.horses)
        if (colour(state.horses[0]) == colour(state.horses[1])) != (state.mover == WHITE_HORSE):
            raise Problem("plop.colours-differ" if state.mover else "plop.colours-same",
                          white=white, brown=brown)
        fitting = [ply for ply in range(dropped + 1) if self.ply_fits(state, dropped, ply)]
        ply = self.counter(counters, "ply", 0, 99999, -1)
        if ply < 0 and not fitting:
            raise Problem("plop.no-plies", dropped=dropped, white=white, brown=brown)
        if ply >= 0 and ply not in fitting:
            raise Problem("plop.ply", ply=ply, dropped=dropped, white=white, brown=brown,
                          fits=[str(fit) for fit in fitting[:3]] or ["-"])
        return ply if ply >= 0 else fitting[0]

    def ply_fits(self, state: PlopState, dropped: int, ply: int) -> bool:
        """Whether ``ply`` plies can leave ``dropped`` apples (or marks) and the horses where
        they stand: the side to move alternates; each horse changes colour at each of its
        moves and never comes back to its start (marked once left); a ply drops one or two
        apples (the trail: one mark), and no catch has been played (the game would be over)."""
        if ply % 2 != state.mover:
            return False
        for horse, start, moves in ((WHITE_HORSE, WHITE_START, (ply + 1) // 2),
                                    (BROWN_HORSE, BROWN_START, ply // 2)):
            cell = state.horses[horse]
            if (cell == start) != (moves == 0) or colour(cell) != colour(start) ^ (moves & 1):
                return False
        return dropped == ply if self.trail else ply <= dropped <= 2 * ply

    # -- the problem prover's hooks (ai/prover.py), for the classic single game ------------------
    # About 400 plies a turn (eight destinations, each with or without an extra apple on one
    # of some fifty squares) make the plain search slow; the rules say which plies matter.

    def winning_move(self, state: PlopState, player: int):
        """A ply of ``player`` (to move) that wins at once or on the reply, or None when none
        does.  Brown wins only by the catch or by leaving White no safe square with his
        mandatory apple (an extra apple may not take the last one, 15.2.4), and only while
        brown apples remain after it (else it is a draw).  White wins when a golden apple is
        placed, when the brown horse cannot move, or when Brown must answer with no brown
        apple left and no catch (every ply of his then drops a golden one): the plain ply,
        one with any extra apple, and one with the extra on Brown's single free landing
        square cover them all."""
        if state.mover != player or self.round_end(state) is not None:
            return None
        white, brown = state.horses
        apples = state.apples
        if player == BROWN_HORSE:
            if not state.brown_left:
                return None        # a catch is a draw, any other ply drops a golden apple
            if white in KNIGHT[brown]:
                return (white,)
            if state.brown_left == 1:
                return None        # White left without a safe square by the last brown: a draw
            for target in KNIGHT[brown]:
                if not apples >> target & 1 and not safe_squares(
                        white, target, apples | bit(target)):
                    return (target,)
            return None
        for target in KNIGHT[white]:
            if apples >> target & 1:
                continue
            extras = self.extra_cells(state, target)
            landing = cells_of(KNIGHT_MASK[brown] & ~apples & ~bit(target))
            for move in [(target,)] + [(target, cell) for cell in landing[:1] + extras[:1]
                                       if cell in extras]:
                if self.wins_at_once(self.apply(state, move), WHITE_HORSE):
                    return move
        return None

    def wins_at_once(self, state: PlopState, player: int) -> bool:
        """Whether ``player`` has won in ``state``, or wins whatever the other plays next
        (only a brown horse out of brown apples can be forced so: at most eight plies)."""
        outcome = self.outcome(state)
        if outcome is not None:
            return outcome.winner == player
        if state.brown_left or state.mover != BROWN_HORSE:
            return False
        return all(self.outcome(self.apply(state, move)).winner == player
                   for move in self.legal_moves(state))

    def defences(self, state: PlopState, attacker: int, n: int):
        """The defender's plies worth searching when the attacker has ``n`` (0 or 1) moves
        left: ``("escape", ply)`` or ``("search", plies)`` (see ``ai/prover.py``).  With one
        move left, an extra apple that is not on a landing square of the attacker's horse
        only closes squares the defender might need and spends the supply, so it loses
        whenever the same ply without it loses; while the supply is large enough that the
        apple spent changes no result within the move (no golden apple, no catch made a
        draw by an empty supply: 4 brown for White, 5 for Brown), such plies are left out."""
        moves = self.legal_moves(state)
        if n == 0:
            for move in moves:
                outcome = self.outcome(self.apply(state, move))
                if outcome is None or outcome.winner != attacker:
                    return "escape", move
            return "search", moves
        if state.brown_left < (4 if state.mover == WHITE_HORSE else 5):
            return "search", moves
        landing = KNIGHT_MASK[state.horses[attacker]]
        return "search", [move for move in moves if len(move) == 1 or landing >> move[1] & 1]

    # -- who moves --------------------------------------------------------------------------------
    def controller(self, horse: int, number: int) -> int:
        """The player who leads ``horse`` in round ``number``: they swap horses each round."""
        return horse if number % 2 else 1 - horse

    def to_move(self, state: PlopState) -> int:
        return self.controller(state.mover, state.round)

    # -- moves --------------------------------------------------------------------------------------
    def legal_moves(self, state: PlopState) -> list:
        if self.round_end(state) is not None:
            return []
        return self.moves(state)

    def moves(self, state: PlopState) -> list:
        """The mover's moves, whether or not the round has ended (``round_end`` asks them)."""
        here, there = state.horses[state.mover], state.horses[1 - state.mover]
        apples = state.apples
        out = []
        for target in KNIGHT[here]:
            if target == there and (self.trail or state.mover == BROWN_HORSE):
                out.append((target,))                        # the catch (or capture)
            elif not apples >> target & 1:
                out.append((target,))
                if not self.trail:
                    out.extend((target, extra) for extra in self.extra_cells(state, target))
        return out

    def extra_cells(self, state: PlopState, target: int) -> list[int]:
        """Where the extra apple may go after the mover's horse lands on ``target``: none
        when the supply is used up or the game ends with the mandatory apple; else any square
        with no apple and no horse but White's only safe square."""
        if state.brown_left + state.golden_left <= 1:
            return []
        if not state.brown_left and not self.is_match:
            return []                                  # a golden mandatory apple wins at once
        white, brown = state.horses
        if state.mover == WHITE_HORSE:
            white = target
        else:
            brown = target
        apples = state.apples | bit(target)
        safe = safe_squares(white, brown, apples)
        if state.mover == BROWN_HORSE and not safe:
            return []                                  # White is caught at once
        only = safe if safe & (safe - 1) == 0 else 0
        return cells_of(FULL & ~apples & ~only)

    def apply(self, state: PlopState, move) -> PlopState:
        if self.trail:
            return self.apply_trail(state, move)
        target = move[0]
        horses = list(state.horses)
        horses[state.mover] = target
        after = state._replace(horses=tuple(horses), mover=1 - state.mover, ply=state.ply + 1,
                               last_round=())
        if target != state.horses[1 - state.mover]:      # a catch drops no apple
            for cell in move:                            # the mandatory apple, then the extra
                after = dropped(after, cell)
        return self.settle(after)

    def apply_trail(self, state: PlopState, move) -> PlopState:
        horses = list(state.horses)
        here = horses[state.mover]
        horses[state.mover] = move[0]
        return state._replace(horses=tuple(horses), brown=state.brown | bit(here),
                              mover=1 - state.mover, ply=state.ply + 1)

    def settle(self, state: PlopState) -> PlopState:
        """In a match, a round that has ended is banked and the next one set up."""
        if not self.is_match or state.round >= self.rounds:
            return state
        end = self.round_end(state)
        if end is None:
            return state
        banked = self.totals(state, end)
        return self.round_start(state.round + 1, banked, (state.round, end.reason, *end.points),
                                state.ply)

    def totals(self, state: PlopState, end: RoundEnd) -> tuple:
        """Each player's points after the round that ended so."""
        totals = list(state.banked)
        for horse, points in enumerate(end.points):
            totals[self.controller(horse, state.round)] += points
        return tuple(totals)

    # -- the end ----------------------------------------------------------------------------------
    def round_end(self, state: PlopState) -> RoundEnd | None:
        """How the round has ended, or None while it goes on."""
        white, brown = state.horses
        if self.trail:
            if white == brown:
                return RoundEnd("capture", (0, 0), 1 - state.mover)
            if not self.moves(state):
                return RoundEnd("no-moves", (0, 0), 1 - state.mover)
            return None
        golden_played = GOLDEN_APPLES - state.golden_left
        if white == brown:
            return self.caught(state, "catch")
        if self.is_match:
            if not state.golden_left:
                if safe_squares(white, brown, state.apples):
                    return RoundEnd("all-golden", (24, 0), WHITE_HORSE)
                return RoundEnd("all-golden", (12, 0), WHITE_HORSE)
        elif golden_played:
            return RoundEnd("golden", (golden_played, 0), WHITE_HORSE)
        if state.mover == WHITE_HORSE and not safe_squares(white, brown, state.apples):
            return self.caught(state, "no-escape")
        if state.mover == BROWN_HORSE and not self.moves(state):
            return RoundEnd("blocked", (24, 0), WHITE_HORSE)
        return None

    @staticmethod
    def caught(state: PlopState, reason: str) -> RoundEnd:
        """White is caught: Brown scores the brown apples left; with none left it is a draw,
        unless a golden apple has been played, and then White has already won its count."""
        if state.brown_left:
            return RoundEnd(reason, (0, state.brown_left), BROWN_HORSE)
        golden_played = GOLDEN_APPLES - state.golden_left
        if golden_played:
            return RoundEnd(reason, (golden_played, 0), WHITE_HORSE)
        return RoundEnd(reason, (0, 0), None)

    def outcome(self, state: PlopState) -> Outcome | None:
        end = self.round_end(state)
        if end is None:
            return None
        cells = (NAMES[state.horses[WHITE_HORSE]],)
        if self.trail:
            return Outcome(end.winner, end.reason, cells)
        if not self.is_match:
            return Outcome(end.winner, end.reason, cells, end.points)
        totals = self.totals(state, end)
        if totals[0] == totals[1]:
            return Outcome(None, f"{end.reason}+equal-points", cells, totals)
        return Outcome(int(totals[1] > totals[0]), f"{end.reason}+points", cells, totals)

    # -- names and clicks ---------------------------------------------------------------------------
    def move_name(self, move) -> str:
        return "/".join(NAMES[cell] for cell in move)

    def clicks(self, move) -> tuple[str, ...]:
        """The destination, then the extra apple's square: a ply without an extra is made by
        clicking the destination again when extras could follow it."""
        return tuple(NAMES[cell] for cell in move)

    def click_steps(self, move) -> tuple[str, ...]:
        return ("destination", "extra")[:len(move)]

    # -- pictures -----------------------------------------------------------------------------------
    def pieces(self, state: PlopState) -> dict[str, str]:
        out = {NAMES[cell]: piece("counter") for cell in cells_of(state.brown)}
        out.update({NAMES[cell]: piece("marker") for cell in cells_of(state.golden)})
        white, brown = state.horses
        out[NAMES[white]] = piece("knight", self.controller(WHITE_HORSE, state.round))
        out[NAMES[brown]] = piece("knight", self.controller(BROWN_HORSE, state.round))
        return out

    def layout(self) -> dict:
        return GRID.layout()

    def marks(self, state: PlopState) -> dict:
        """White's safe squares are ringed (the hunt turns on them).  The message says how
        the last round of a match ended, when one has; else, on Brown's turn with one safe
        square left, that no extra apple may go there; else what the supply holds."""
        if self.trail or self.round_end(state) is not None:
            return {}
        white, brown = state.horses
        safe = cells_of(safe_squares(white, brown, state.apples))
        marks = {"highlight": [NAMES[cell] for cell in safe]}
        if state.last_round:
            number, _, white_points, brown_points = state.last_round
            marks["message"] = {"key": "round", "params": {
                "round": number, "white": white_points, "brown": brown_points,
                "player": self.controller(WHITE_HORSE, state.round)}}
        elif len(safe) == 1 and state.mover == BROWN_HORSE:
            marks["message"] = {"key": "last-escape", "params": {"cell": NAMES[safe[0]]}}
        else:
            marks["message"] = {"key": "supply", "params": {
                "player": self.to_move(state), "brown": state.brown_left,
                "golden": state.golden_left}}
        return marks

    def diagram(self, state: PlopState) -> str:
        """``W`` and ``B`` for the white and brown horses, ``o`` a brown apple (a trail mark),
        ``*`` a golden one; then the supply and who moves, or how the game ended."""
        marks = dict.fromkeys(cells_of(state.brown), "o")
        marks.update(dict.fromkeys(cells_of(state.golden), "*"))
        marks[state.horses[BROWN_HORSE]] = "B"
        marks[state.horses[WHITE_HORSE]] = "W" if len(set(state.horses)) == 2 else "B"
        outcome = self.outcome(state)
        if outcome is not None:
            status = self.outcome_text(outcome)
        else:
            status = f"{('white', 'brown')[state.mover]} horse to move"
            if not self.trail:
                status += f"; supply {state.brown_left} brown, {state.golden_left} golden"
            if self.is_match:
                status += f"; round {state.round}, points {state.banked[0]}-{state.banked[1]}"
        return f"{GRID.diagram(marks)}\n{status}"

    def notes(self, state: PlopState) -> dict:
        white, brown = state.horses
        return {"brown_left": state.brown_left, "golden_left": state.golden_left,
                "round": state.round, "banked": list(state.banked),
                "safe": [NAMES[cell] for cell in cells_of(safe_squares(white, brown, state.apples))]}

    # -- reading moves ------------------------------------------------------------------------------
    def parse_move(self, text: str, state):
        """The legal move written as ``text``: ``g3`` or ``g3/e5``."""
        cells = self.read(text)
        if cells in self.legal_moves(state):
            return cells
        raise self.why_not(state, cells).wrapped("move.not-legal-because", IllegalMove,
                                                 move=self.move_name(cells))

    def check_notation(self, text: str) -> None:
        self.read(text)

    def read(self, text: str) -> tuple[int, ...]:
        """The cells written in ``text``; InvalidMove if it is not in the notation."""
        match = WRITTEN.fullmatch(text.strip().lower()) if isinstance(text, str) else None
        if not match:
            raise self.not_notation(text, Problem("plop.write"))
        try:
            return tuple(self.cell(name) for name in match.groups() if name is not None)
        except Problem as error:
            raise self.not_notation(text, error) from None

    def not_notation(self, text, why: Problem) -> InvalidMove:
        return why.wrapped("move.notation-because", InvalidMove, move=excerpt(text),
                           title=self.title)

    def why_not(self, state: PlopState, cells: tuple[int, ...]) -> Problem:
        """Why the move written as ``cells`` is not legal, for the error message."""
        outcome = self.outcome(state)
        if outcome is not None:
            return Problem("reason.game-over", **outcome.message_params(self))
        target = cells[0]
        here, there = state.horses[state.mover], state.horses[1 - state.mover]
        if target not in KNIGHT[here]:
            return Problem("plop.not-knight", cell=NAMES[target], start=NAMES[here])
        catch = target == there and (self.trail or state.mover == BROWN_HORSE)
        if not catch and state.apples >> target & 1:
            return Problem("plop.closed" if self.trail else "plop.marked", cell=NAMES[target])
        extra = cells[-1]                  # a plain ply that passed the tests above is legal
        if self.trail:
            return Problem("plop.no-extra")
        if catch:
            return Problem("plop.catch-ends", cell=NAMES[target])
        if extra == target or (state.apples | bit(there) | bit(here)) >> extra & 1:
            return Problem("plop.extra-taken", cell=NAMES[extra])
        if not self.extra_cells(state, target):
            return Problem("plop.ends-at-once", cell=NAMES[target])
        return Problem("plop.last-escape", cell=NAMES[extra])

    # -- texts (after the rules they word): the rules, labels, messages -----------------------------
    texts = {
        "en": {
            "player.0": "White", "player.1": "Brown",
            "tagline": "Two knights, one hunting the other, on a board filling with apples.",
            "rules": [
                "Pferdeäppel (Plop), by Alex Randolph (1981; \"Plop\" is its Italian edition), is "
                "a hunt between two chess knights on an 8×8 board. The white horse flees and "
                "moves first, from h1; the brown horse hunts it, from a8. The apples are the horses' droppings: a "
                "common supply of 28 brown and 12 golden ones, neutral pieces that close the "
                "squares they lie on.",
                "At the start a brown apple lies under each horse. On your turn move your horse "
                "like a knight to a square with no apple. The next apple of the supply (brown "
                "while any remain, then golden) drops onto the square where it lands. Then you "
                "may put one more apple on any free square: choose the horse's destination, then the "
                "apple's; choose the destination again to play without the extra apple.",
                "A safe square is a knight's move from the white horse, with no apple, and not a "
                "knight's move from the brown horse. No extra apple may go on the white horse's "
                "only safe square.",
                "Brown wins by catching White (moving onto his square) or as soon as White has "
                "no safe square, and scores the brown apples left; if none are left, it is a "
                "draw. White wins, with 24 points, if the brown horse cannot move, and as soon "
                "as any golden apple is played.",
                "Match: several rounds, the players swapping horses. A round goes on after the "
                "first golden apple; caught, White scores one point per golden apple played, "
                "and after the twelfth golden apple he scores 24 if he still has a safe square, "
                "12 if not. The higher total wins.",
                "Trail variant (the Italian magazine's reading): no apples to count; the square a "
                "horse leaves is closed. Move onto the other horse to capture it and win; if you "
                "cannot move, you lose.",
            ],
            "option.variant": "Variant",
            "option.variant.classic": "Randolph's hunt",
            "option.variant.trail": "Trail (squares left are closed)",
            "option.match": "Match of several rounds",
            "option.rounds": "Rounds in a match",
            "reason.catch": "the brown horse caught the white one ({scores})",
            "reason.no-escape": "the white horse has no safe square left ({scores})",
            "reason.golden": "a golden apple was played ({scores})",
            "reason.blocked": "the brown horse cannot move ({scores})",
            "reason.all-golden": "the twelfth golden apple was played ({scores})",
            "reason.capture": "{loser}'s horse was captured",
            "reason.points": "more points after the last round",
            "reason.equal-points": "equal points after the last round",
            "step.destination": "Choose where your horse goes",
            "step.extra": "Place an extra apple, or {click} the destination again to go without",
            "message.supply": "{player} to move. Supply: {brown} brown apples, {golden} golden.",
            "message.last-escape": "The white horse has one safe square left, {cell}: no "
                                   "extra apple may go there.",
            "message.round": "Round {round}: the white horse scored {white}, the brown horse "
                             "{brown}. Now {player} leads the white horse.",
            "shape.knight.one": "horse", "shape.knight.other": "horses",
            "shape.counter.one": "brown apple", "shape.counter.other": "brown apples",
            "shape.marker.one": "golden apple", "shape.marker.other": "golden apples",
        },
        "it": {
            "player.0": "Bianco", "player.1": "Marrone",
            "tagline": "Due cavalli, uno a caccia dell'altro, su un tavoliere che si riempie di mele.",
            "rules": [
                "Pferdeäppel (Plop), di Alex Randolph (1981; «Plop» è l'edizione italiana), è "
                "una caccia fra due cavalli degli scacchi su un tavoliere 8×8. Il cavallo "
                "bianco fugge e muove per primo, da h1; il cavallo marrone lo insegue, da a8. Le palline sono gli "
                "escrementi dei cavalli (in tedesco «Pferdeäppel», mele di cavallo): una "
                "scorta comune di 28 palline marroni e 12 dorate, pezzi neutrali che chiudono "
                "le caselle su cui stanno.",
                "All'inizio sotto ogni cavallo c'è una pallina marrone. Al tuo turno muovi il "
                "cavallo con il salto degli scacchi su una casella senza palline. La prossima "
                "pallina della scorta (marrone finché ce ne sono, poi dorata) cade sulla casella "
                "d'arrivo. Poi puoi mettere un'altra pallina su una casella libera qualsiasi: "
                "indica la casella d'arrivo, poi quella della pallina; indica di nuovo la "
                "casella d'arrivo per giocare senza pallina in più.",
                "Una casella sicura è a un salto di cavallo dal Bianco, senza palline, e non a un "
                "salto dal cavallo marrone. Nessuna pallina in più può andare sull'unica casella "
                "sicura rimasta al Bianco.",
                "Il Marrone vince se cattura il Bianco (saltando sulla sua casella) o appena il "
                "Bianco non ha più caselle sicure, e segna le palline marroni rimaste; se non ne "
                "restano, è patta. Il Bianco vince, con 24 punti, se il cavallo marrone non può "
                "muovere, e appena si gioca una pallina dorata.",
                "Partita su più manche: i giocatori si scambiano i cavalli. La manche continua "
                "dopo la prima pallina dorata; se è preso, il Bianco segna un punto per pallina "
                "dorata giocata, e dopo la dodicesima ne segna 24 se ha ancora una casella "
                "sicura, 12 se no. Vince il totale più alto.",
                "Variante «scia» (la lettura della rivista): niente palline da contare; la casella "
                "che un cavallo lascia è chiusa. Chi salta sull'altro cavallo lo cattura e vince; "
                "chi non può muovere perde.",
            ],
            "option.variant": "Variante",
            "option.variant.classic": "La caccia di Randolph",
            "option.variant.trail": "Scia (le caselle lasciate si chiudono)",
            "option.match": "Partita su più manche",
            "option.rounds": "Manche della partita",
            "reason.catch": "il cavallo marrone ha preso quello bianco ({scores})",
            "reason.no-escape": "il cavallo bianco non ha più caselle sicure ({scores})",
            "reason.golden": "è stata giocata una pallina dorata ({scores})",
            "reason.blocked": "il cavallo marrone non può muovere ({scores})",
            "reason.all-golden": "è stata giocata la dodicesima pallina dorata ({scores})",
            "reason.capture": "il cavallo del {loser} è stato catturato",
            "reason.points": "più punti dopo l'ultima manche",
            "reason.equal-points": "punti pari dopo l'ultima manche",
            "step.destination": "Scegli dove va il tuo cavallo",
            "step.extra": "Metti una pallina in più, o indica di nuovo la casella d'arrivo per "
                          "farne a meno",
            "message.supply": "Muove il {player}. Scorta: {brown} palline marroni, {golden} "
                              "dorate.",
            "message.last-escape": "Al cavallo bianco resta una sola casella sicura, {cell}: "
                                   "nessuna pallina in più può andarci.",
            "message.round": "Manche {round}: il cavallo bianco ha segnato {white}, quello "
                             "marrone {brown}. Ora il {player} guida il cavallo bianco.",
            "shape.knight.one": "cavallo", "shape.knight.other": "cavalli",
            "shape.counter.one": "pallina marrone", "shape.counter.other": "palline marroni",
            "shape.marker.one": "pallina dorata", "shape.marker.other": "palline dorate",
        },
    }
    messages = {
        "plop.write": {
            "en": "write the destination, such as g3, optionally with / and the extra apple's "
                  "square, such as g3/e5",
            "it": "scrivi la casella d'arrivo, come g3, eventualmente con / e la casella della "
                  "pallina in più, come g3/e5"},
        "plop.trail-match": {
            "en": "the trail variant has no points, so it has no match",
            "it": "la variante «scia» non ha punti, quindi non ha partite su più manche"},
        "plop.not-knight": {
            "en": "{cell} is not a knight's move from the horse on {start}",
            "it": "{cell} non è a un salto di cavallo dal cavallo in {start}"},
        "plop.marked": {
            "en": "{cell} holds an apple",
            "it": "in {cell} c'è una pallina"},
        "plop.closed": {
            "en": "{cell} was left by a horse and is closed",
            "it": "{cell} è stata lasciata da un cavallo ed è chiusa"},
        "plop.catch-ends": {
            "en": "the catch on {cell} ends the game: no apple follows it",
            "it": "la presa in {cell} chiude la partita: nessuna pallina la segue"},
        "plop.no-extra": {
            "en": "the trail variant has no extra apples",
            "it": "la variante «scia» non ha palline in più"},
        "plop.ends-at-once": {
            "en": "the game (or the round) ends with the apple on {cell}: no extra apple follows",
            "it": "la partita (o la manche) finisce con la pallina in {cell}: nessuna pallina "
                  "in più la segue"},
        "plop.extra-taken": {
            "en": "{cell} already holds an apple or a horse",
            "it": "in {cell} c'è già una pallina o un cavallo"},
        "plop.last-escape": {
            "en": "{cell} is the white horse's only safe square: no extra apple may go there",
            "it": "{cell} è l'unica casella sicura del cavallo bianco: nessuna pallina in più "
                  "può andarci"},
        "plop.golden-early": {
            "en": "a golden apple lies on {cell} while {left} brown apples are still in the "
                  "supply: the golden ones come after the last brown one",
            "it": "in {cell} c'è una pallina dorata mentre nella scorta restano {left} palline "
                  "marroni: le dorate vengono dopo l'ultima marrone"},
        "plop.start-apple": {
            "en": "{cell} holds no apple, but the apple put under the horse there at the start "
                  "never leaves",
            "it": "in {cell} non c'è nessuna pallina, ma quella messa all'inizio sotto il "
                  "cavallo non se ne va più"},
        "plop.start-left": {
            "en": "{cell} is not closed, but the horse that started there has left it",
            "it": "{cell} non è chiusa, ma il cavallo che partiva da lì l'ha lasciata"},
        "plop.colours-same": {
            "en": "{white} and {brown} are of different colours, but at the white horse's turn "
                  "both horses stand on the same colour: every knight's move changes it",
            "it": "{white} e {brown} sono di colori diversi, ma al turno del cavallo bianco i "
                  "due cavalli stanno sullo stesso colore: ogni salto di cavallo lo cambia"},
        "plop.colours-differ": {
            "en": "{white} and {brown} are of the same colour, but at the brown horse's turn "
                  "the horses stand on different colours: every knight's move changes it",
            "it": "{white} e {brown} sono dello stesso colore, ma al turno del cavallo marrone "
                  "i cavalli stanno su colori diversi: ogni salto di cavallo lo cambia"},
        "plop.no-plies": {
            "en": "no game leads here: the horses on {white} and {brown}, and apples dropped "
                  "since the start (one or two a ply; in the trail variant, one mark): "
                  "{dropped}",
            "it": "nessuna partita porta qui: i cavalli in {white} e {brown}, e palline cadute "
                  "dall'inizio (una o due a semimossa; nella variante «scia», un segno): "
                  "{dropped}"},
        "plop.ply": {
            "en": "ply={ply} does not fit this position: the horses on {white} and {brown}, "
                  "and apples dropped since the start (one or two a ply; in the trail "
                  "variant, one mark): {dropped}; ply could be {fits}",
            "it": "ply={ply} non è coerente con questa posizione: i cavalli in {white} e "
                  "{brown}, e palline cadute dall'inizio (una o due a semimossa; nella variante "
                  "«scia», un segno): {dropped}; ply potrebbe essere {fits}"},
    }


def colour(cell: int) -> int:
    """The colour of a square (0 or 1): a knight's move always changes it."""
    return (cell % SIDE + cell // SIDE) % 2


def dropped(state: PlopState, cell: int) -> PlopState:
    """``state`` with the next apple of the supply on ``cell``: brown while any remain."""
    if state.brown_left:
        return state._replace(brown=state.brown | bit(cell), brown_left=state.brown_left - 1)
    return state._replace(golden=state.golden | bit(cell), golden_left=state.golden_left - 1)
