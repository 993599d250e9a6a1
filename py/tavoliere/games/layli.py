"""Layli Goobalay (Somali mancala, after Jama Musse Jama): the rules of ``shared/RULES.md``
section 10.

* Two rows of six pits and 48 seeds, 4 in every pit.  South (player 0, White) owns the bottom
  row and North (player 1, Black) the top row.  Each player names his pits ``a``-``f`` from
  his own left, so South's a faces North's f, b faces e and c faces d.
* Sowing runs counter-clockwise: South's a..f, then North's a..f, then South's a again.
* South moves first (option ``first_player=north``); there is no passing.  A move is the
  letter of one of the mover's pits that is neither empty nor an Uur.  Its seeds are lifted
  and sown one per pit into the following pits, skipping none: Uurs receive seeds too, and
  with 12 seeds or more the emptied pit itself receives some.
* Relay: if the last seed falls into a pit that held seeds and is not an Uur, that pit's
  seeds (in either row) are lifted and sown on from the next pit.  The move stops when the
  last seed falls into an empty pit or into an Uur.  An Uur is never lifted.
* At the stop only, in the mover's own row, when the stop pit is not an Uur and the pit
  opposite is neither empty nor an Uur: with k = 1, 2 or 4+ seeds opposite, the mover captures
  those k seeds and the one in the stop pit; with exactly 3, one seed moves across so both
  pits hold 2, and both become Uurs of the mover for the rest of the round.
* A move whose relay never stops (its lift states repeat) is not a legal move.
* The round ends when the player to move has no legal move.  Each player then collects the
  seeds of his own row outside Uurs and the seeds of every Uur he owns; with his captures
  that is his score (the two scores make 48).  The higher score wins; 24-24 is a draw.
* With ``match=true`` rounds follow one another (section 10.5): a player's holding is his
  round score plus the seeds he set aside; a holding below 6 loses the match; otherwise the
  smaller holding h is dealt into its owner's pits from f to a, round and round, the other
  player copies those counts into his own pits and sets the rest aside, and the first player
  alternates.  After ``max_rounds`` rounds the larger holding wins.
* Not in the sources: seeds can circle the board for ever (the positions of a round may
  repeat), so a round that reaches ``max_plies`` plies (default 500; random rounds last
  fewer than 100) ends as if the mover could not move: each player collects his row and his
  Uurs, as in Oware's rule for endless cycles.

Notation: a move is the pit's letter, ``a``-``f``, counted from the mover's left.  The pits
are numbered 0-11 in sowing order (South's a-f, then North's a-f), and a move is ``(pit,)``.
On the page South's pits are the cells ``a``-``f``, North's ``A``-``F`` and the stores
``south`` and ``north``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..core import (Game, IllegalMove, InvalidMove, Option, Outcome, move_limit, piece,
                    read_piece, register)
from ..grid.shapes import pits as pits_layout
from ..messages import Problem, excerpt

PITS, ROW = 12, 6
SEEDS = 48
LETTERS = "abcdef"
CELL_NAMES = tuple(LETTERS) + tuple(LETTERS.upper())  # pit index -> the cell's name
STORES = ("south", "north")
ENDLESS = -1
MAX_STEPS = 48       # the steps of a sowing the page is shown (about 80 ms each)
SOWN_LIMIT = 4000    # seeds dropped before a relay's steps stop being recorded
PLAYER_WORDS = ("South", "North")


# -- the kernel: sowing on a list of 12 counts ---------------------------------------------------
def owner_of_row(pit: int) -> int:
    return pit // ROW


def opposite(pit: int) -> int:
    """The pit across the board: South's a (0) faces North's f (11), and so on."""
    return PITS - 1 - pit


# FOLLOWING[pit][n]: the first n pits after ``pit`` in sowing order (n < 12)
FOLLOWING = tuple(tuple(tuple((pit + step) % PITS for step in range(1, n + 1)) for n in range(PITS))
                  for pit in range(PITS))


def relay(pits: list, uur_mask: int, pit: int, limit: int | None = None) -> tuple[int, int]:
    """Sow the seeds of ``pit`` and relay until the last seed falls into an empty pit or an
    Uur (``uur_mask``, a bit per pit); ``pits`` is changed in place.  Returns the pit of the
    last seed, or ENDLESS when the relay comes back to a state it was in (it never stops) or,
    given a ``limit``, when it lifts more than ``limit`` times (the bots' shortcut); and the
    number of relays (lifts after the first), which the bots count as work.

    The state at a lift is the board and the pit about to be lifted.  Brent's method finds a
    repeated state without remembering them all: the state is compared with one saved
    state, saved again whenever the count since the last save reaches a power of two.  Every
    endless relay seen in random play comes back to its very first state, so that one is
    kept too and compared at each lift: such a relay is found after exactly one period.
    Periods of a million lifts occur, so the loop is kept tight."""
    first, first_pit = pits[:], pit
    saved, saved_pit = first, pit
    power, since = 1, 0
    lifts = 0
    following = FOLLOWING
    while True:
        seeds = pits[pit]
        pits[pit] = 0
        if seeds >= PITS:
            laps, rest = divmod(seeds, PITS)
            for index in range(PITS):
                pits[index] += laps
            seeds_left = rest
        else:
            seeds_left = seeds
        for index in following[pit][seeds_left]:
            pits[index] += 1
        last = (pit + seeds) % PITS
        if pits[last] == 1 or uur_mask >> last & 1:
            return last, lifts
        pit = last
        since += 1
        if (pit == saved_pit and pits == saved) or (pit == first_pit and pits == first):
            return ENDLESS, lifts
        if since == power:
            saved, saved_pit = pits[:], pit
            power, since = power * 2, 0
        lifts += 1
        if limit is not None and lifts > limit:
            return ENDLESS, lifts


def settle(pits: list, uurs: tuple, mover: int, last: int) -> tuple[int, tuple, tuple]:
    """The capture or the new Uur pair at the stop pit ``last`` (``pits`` changed in place):
    (seeds captured, the Uur masks after, the pits emptied by the capture)."""
    taken = uurs[0] | uurs[1]
    if owner_of_row(last) != mover or taken >> last & 1:
        return 0, uurs, ()
    across = opposite(last)
    seeds = pits[across]
    if seeds == 0 or taken >> across & 1:
        return 0, uurs, ()
    if seeds == 3:                            # an Uur pair: both pits hold 2, the mover's
        pits[across], pits[last] = 2, 2
        pair = 1 << last | 1 << across
        return 0, ((uurs[0] | pair, uurs[1]) if mover == 0 else (uurs[0], uurs[1] | pair)), ()
    gain = seeds + pits[last]
    pits[across] = pits[last] = 0
    return gain, uurs, (last, across)


def sowing(pits: tuple, uurs: tuple, mover: int, pit: int, limit: int | None = None):
    """The whole move from ``pit``: (pits after, Uur masks after, seeds captured, pits
    emptied by the capture, last pit, relays), or (None, relays) when its relay never ends
    (or lifts more than ``limit`` times, when given)."""
    board = list(pits)
    last, relays = relay(board, uurs[0] | uurs[1], pit, limit)
    if last == ENDLESS:
        return None, relays
    gain, uurs, emptied = settle(board, uurs, mover, last)
    return tuple(board), uurs, gain, emptied, last, relays


def candidate_pits(pits: tuple, uurs: tuple, mover: int) -> list[int]:
    """The mover's pits that hold seeds and are not Uurs (each a move unless endless)."""
    taken = uurs[0] | uurs[1]
    return [pit for pit in range(mover * ROW, mover * ROW + ROW)
            if pits[pit] and not taken >> pit & 1]


def expansion(pits: tuple, uurs: tuple, mover: int, limit: int | None = None) -> tuple:
    """Every legal move of the mover, in letter order, ((pit, sowing(...)), ...), and the
    relays it took to find them (the bots count them as work); given a ``limit``, a relay of
    more lifts counts as endless (a shortcut for the bots)."""
    out, work = [], 0
    for pit in candidate_pits(pits, uurs, mover):
        result = sowing(pits, uurs, mover, pit, limit)
        work += result[-1]
        if result[0] is not None:
            out.append((pit, result))
    return tuple(out), work


def successors(pits: tuple, uurs: tuple, mover: int) -> tuple:
    """Every legal move of the mover, in letter order: ((pit, sowing(...)), ...)."""
    return expansion(pits, uurs, mover)[0]


cached_successors = lru_cache(maxsize=1 << 14)(successors)


def row_and_uur_seeds(pits: tuple, uurs: tuple, player: int) -> int:
    """The seeds a player collects when the round ends: his row outside Uurs, and every Uur
    he owns in either row."""
    taken = uurs[0] | uurs[1]
    row = sum(pits[pit] for pit in range(player * ROW, player * ROW + ROW) if not taken >> pit & 1)
    return row + sum(pits[pit] for pit in range(PITS) if uurs[player] >> pit & 1)


def dealt(holding: int) -> tuple[int, ...]:
    """The counts of pits a-f after dealing ``holding`` seeds one at a time from f down to a,
    round and round (RULES.md 10.5.3)."""
    counts = [holding // ROW] * ROW
    for step in range(holding % ROW):
        counts[ROW - 1 - step] += 1
    return tuple(counts)


# -- the state -----------------------------------------------------------------------------------
class LayliState(NamedTuple):
    pits: tuple              # seeds in the 12 pits, in sowing order: South's a-f, North's a-f
    uurs: tuple              # (South's Uurs, North's Uurs), each a bit mask of pits
    stores: tuple            # seeds off the board: (South's, North's) captures, and at the end
                             # of a round what each collected
    to_move: int
    round_ply: int = 0       # plies played in this round (the safety limit counts them)
    round: int = 1           # the round (always 1 in a single game)
    aside: tuple = (0, 0)    # seeds each player set aside at the start of this round (match)
    emptied: tuple = ()      # the pits the last capture emptied (the page fades them out)
    held: tuple = ()         # the holdings after the previous round (match), for the message
    ply: int = 0             # plies played in the whole game


@register
class Layli(Game):
    name = "layli"
    title = "Layli Goobalay"
    author = "Somali tradition, after Jama Musse Jama"
    minutes = 15
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "try", "playout": 37, "plies": 2, "try": True},
        {"caption": "win", "playout": 37},
    )
    options = (
        Option("first_player", "south", choices=("south", "north"),
               help="who moves first: South (White, the bottom row) or North (Black)"),
        Option("match", False, help="several rounds, as in the Somali game (RULES.md 10.5)"),
        Option("max_rounds", 20, low=1, high=99,
               help="in a match, the larger holding wins after this many rounds"),
        move_limit(500, 9999, help="a round ends when it reaches this many plies, and each "
                                   "player collects the seeds of his row and his Uurs"),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.first = STORES.index(self.settings["first_player"])
        self.is_match = self.settings["match"]
        self.max_rounds = self.settings["max_rounds"]
        self.max_plies = self.settings["max_plies"]

    # -- set-up ---------------------------------------------------------------------------------
    def initial_state(self) -> LayliState:
        return LayliState((4,) * PITS, (0, 0), (0, 0), self.first)

    def first_player_of(self, round_number: int) -> int:
        """The first player alternates between rounds (RULES.md 10.5.6)."""
        return self.first if round_number % 2 else 1 - self.first

    # -- moves ----------------------------------------------------------------------------------
    def to_move(self, state: LayliState) -> int:
        return state.to_move

    def legal_moves(self, state: LayliState) -> list:
        if state.round_ply >= self.max_plies:
            return []
        return [(pit,) for pit, _ in cached_successors(state.pits, state.uurs, state.to_move)]

    def result_of(self, state: LayliState, pit: int):
        for candidate, result in cached_successors(state.pits, state.uurs, state.to_move):
            if candidate == pit:
                return result
        raise ValueError(f"pit {pit} is not a legal move here")

    def apply(self, state: LayliState, move) -> LayliState:
        pits, uurs, gain, emptied = self.result_of(state, move[0])[:4]
        stores = list(state.stores)
        stores[state.to_move] += gain
        after = state._replace(pits=pits, uurs=uurs, stores=tuple(stores),
                               to_move=1 - state.to_move, round_ply=state.round_ply + 1,
                               emptied=emptied, held=(), ply=state.ply + 1)
        return self.settle_round(after)

    # -- the end of a round ---------------------------------------------------------------------
    def settle_round(self, state: LayliState) -> LayliState:
        """``state`` itself while its mover can move; else the round ends: the seeds are
        collected, and in a match that goes on the next round is dealt (again, should its
        first player have no move at once)."""
        while self.is_round_over(state):
            state = self.collected(state)
            if not self.match_goes_on(state):
                return state
            state = self.next_round(state)
        return state

    def is_round_over(self, state: LayliState) -> bool:
        """The mover cannot move, or the round reached the safety limit of plies."""
        return (state.round_ply >= self.max_plies
                or not cached_successors(state.pits, state.uurs, state.to_move))

    def collected(self, state: LayliState) -> LayliState:
        """Each player takes his row outside Uurs and his Uurs (RULES.md 10.4)."""
        stores = tuple(state.stores[player] + row_and_uur_seeds(state.pits, state.uurs, player)
                       for player in (0, 1))
        return state._replace(pits=(0,) * PITS, uurs=(0, 0), stores=stores)

    def holdings(self, state: LayliState) -> tuple[int, int]:
        return state.stores[0] + state.aside[0], state.stores[1] + state.aside[1]

    def scores(self, state: LayliState) -> tuple[int, int]:
        """The holdings, counting the seeds a player would collect from the board (none once
        the round's seeds are collected)."""
        return tuple(holding + row_and_uur_seeds(state.pits, state.uurs, player)
                     for player, holding in enumerate(self.holdings(state)))

    def match_goes_on(self, state: LayliState) -> bool:
        holdings = self.holdings(state)
        return self.is_match and min(holdings) >= ROW and state.round < self.max_rounds

    def next_round(self, state: LayliState) -> LayliState:
        """The smaller holding is dealt from f to a, the other player copies the counts and sets
        the rest aside (RULES.md 10.5.3-5)."""
        holdings = self.holdings(state)
        counts = dealt(min(holdings))
        aside = tuple(holding - min(holdings) for holding in holdings)
        number = state.round + 1
        return LayliState(counts + counts, (0, 0), (0, 0), self.first_player_of(number),
                          0, number, aside, (), holdings, state.ply)

    def outcome(self, state: LayliState) -> Outcome | None:
        if not self.is_round_over(state):
            return None
        south, north = self.scores(state)
        if not self.is_match:
            return Outcome(None if south == north else int(north > south),
                           "equal-seeds" if south == north else "seeds")
        if min(south, north) < ROW:
            return Outcome(int(north > south), "below-six")
        return Outcome(None if south == north else int(north > south),
                       "equal-rounds" if south == north else "rounds")

    # -- set-up positions -----------------------------------------------------------------------
    def position(self, text: str, to_move: int = 0, stores: tuple = (0, 0)) -> LayliState:
        """A state from RULES.md's board text, for puzzles and tests: ``N(a-f) 6 6 0 0 6 6;
        S(a-f) 2 7 0 6 1 6``, each row in its owner's letter order; a count followed by ``S``
        or ``N`` is an Uur of South or North.  The stores are given apart (the seeds need not
        make 48).  If the mover cannot move, the round ends as after a move.

        >>> game = Layli()
        >>> state = game.position("N(a-f) 0 0 0 0 0 1; S(a-f) 0 0 0 0 0 2N", stores=(20, 25))
        >>> game.legal_moves(state), game.outcome(state).winner
        ([], 1)
        """
        rows = {}
        for part in text.split(";"):
            label, _, counts = part.strip().partition(" ")
            if label not in ("N(a-f)", "S(a-f)") or len(counts.split()) != ROW:
                raise ValueError(f"{part.strip()!r} is not a row such as 'S(a-f) 4 4 4 4 4 4'")
            rows[label[0]] = counts.split()
        if set(rows) != {"N", "S"}:
            raise ValueError("the text needs both rows, N(a-f) and S(a-f)")
        pits, uurs = [], [0, 0]
        for pit, token in enumerate(rows["S"] + rows["N"]):
            owner = token[-1] if token[-1] in "SN" else None
            pits.append(int(token.rstrip("SN")))
            if owner:
                uurs["SN".index(owner)] |= 1 << pit
        return self.settle_round(LayliState(tuple(pits), tuple(uurs), tuple(stores), to_move))

    def board_text(self, state: LayliState) -> str:
        """The pits in RULES.md's form, ``N(a-f) … ; S(a-f) …``, an Uur marked S or N."""
        def count(pit: int) -> str:
            owner = "S" if state.uurs[0] >> pit & 1 else "N" if state.uurs[1] >> pit & 1 else ""
            return f"{state.pits[pit]}{owner}"
        north = " ".join(count(pit) for pit in range(ROW, PITS))
        south = " ".join(count(pit) for pit in range(ROW))
        return f"N(a-f) {north}; S(a-f) {south}"

    # -- names and clicks -----------------------------------------------------------------------
    def move_name(self, move) -> str:
        return LETTERS[move[0] % ROW]

    def clicks(self, move) -> tuple[str, ...]:
        """One click: the pit."""
        return (CELL_NAMES[move[0]],)

    def move_cells(self, move) -> tuple[str, ...]:
        return self.clicks(move)

    def parse_move(self, text: str, state: LayliState):
        """A letter ``a``-``f``: the mover's pit counted from his left."""
        letter = text.strip() if isinstance(text, str) else text
        if not isinstance(letter, str) or len(letter) != 1 or letter not in LETTERS:
            raise Problem("layli.write").wrapped("move.notation-because", InvalidMove,
                                                 move=excerpt(text), title=self.title)
        if self.outcome(state) is not None:
            raise IllegalMove("move.game-over", move=letter)
        pit = state.to_move * ROW + LETTERS.index(letter)
        if (pit,) in self.legal_moves(state):
            return (pit,)
        raise self.why_not(state, pit).wrapped("move.not-legal-because", IllegalMove, move=letter)

    def why_not(self, state: LayliState, pit: int) -> Problem:
        letter, player = LETTERS[pit % ROW], state.to_move
        if (state.uurs[0] | state.uurs[1]) >> pit & 1:
            return Problem("layli.uur", pit=letter, player=player)
        if state.pits[pit] == 0:
            return Problem("layli.empty-pit", pit=letter, player=player)
        return Problem("layli.endless", pit=letter)

    # -- pictures -------------------------------------------------------------------------------
    def pieces(self, state: LayliState) -> dict[str, str]:
        """A pit's seeds are a neutral counter, an Uur's a counter of its owner's colour, and
        each store a counter of its player's colour."""
        out = {}
        for pit, seeds in enumerate(state.pits):
            if seeds:
                owner = 0 if state.uurs[0] >> pit & 1 else 1 if state.uurs[1] >> pit & 1 else None
                out[CELL_NAMES[pit]] = piece("counter", owner, seeds)
        for player, seeds in enumerate(self.holdings(state)):
            if seeds:
                out[STORES[player]] = piece("counter", player, seeds)
        return out

    def move_steps(self, state: LayliState, move) -> list[dict[str, str]]:
        """The sowing seed by seed, relays included: the pit lifted, then each seed dropped,
        up to the last one (the capture or the new Uurs, and a round's end, are the move's
        result).  A long relay is thinned to MAX_STEPS evenly spaced steps."""
        board, taken, pit = list(state.pits), state.uurs[0] | state.uurs[1], move[0]
        steps = []
        snapshot = lambda: steps.append(self.pieces(state._replace(pits=tuple(board))))  # noqa: E731
        while len(steps) < SOWN_LIMIT:
            seeds, board[pit] = board[pit], 0
            snapshot()
            for step in range(1, seeds + 1):
                board[(pit + step) % PITS] += 1
                snapshot()
            last = (pit + seeds) % PITS
            if board[last] == 1 or taken >> last & 1:
                break
            pit = last
        if len(steps) <= MAX_STEPS:
            return steps
        return [steps[round(i * (len(steps) - 1) / (MAX_STEPS - 1))] for i in range(MAX_STEPS)]

    def layout(self) -> dict:
        """North's row on top (its f at the left, above South's a), South's at the bottom;
        North's store at the left end, South's at the right, where each one's sowing leaves
        his row."""
        top = [CELL_NAMES[pit] for pit in reversed(range(ROW, PITS))]
        bottom = [CELL_NAMES[pit] for pit in range(ROW)]
        # each pit labelled as its owner names it in a move (a-f from his own left), each
        # store with its owner's initial (N, S: Nord, Sud)
        labels = {name: name.lower() for name in CELL_NAMES} | {STORES[0]: "S", STORES[1]: "N"}
        return pits_layout(top, bottom, (STORES[1], STORES[0]), labels)

    def diagram(self, state: LayliState) -> str:
        """North's row (f..a) above South's (a..f), Uurs marked S or N, the stores at the ends
        and a last line saying who is to move or how the game ended."""
        def cell(pit: int) -> str:
            owner = "S" if state.uurs[0] >> pit & 1 else "N" if state.uurs[1] >> pit & 1 else ""
            return f"{state.pits[pit]}{owner}".rjust(3)
        south, north = self.holdings(state)
        top = "".join(cell(pit) for pit in reversed(range(ROW, PITS)))
        bottom = "".join(cell(pit) for pit in range(ROW))
        outcome = self.outcome(state)
        status = (f"{PLAYER_WORDS[state.to_move]} to move" if outcome is None
                  else self.outcome_text(outcome))
        return (f"     {''.join(c.rjust(3) for c in 'FEDCBA')}\n"
                f"{north:3} |{top} |\n"
                f"    |{bottom} | {south}\n"
                f"     {''.join(c.rjust(3) for c in LETTERS)}\n{status}")

    def notes(self, state: LayliState) -> dict:
        return {"round": state.round, "stores": list(state.stores), "aside": list(state.aside),
                "board": self.board_text(state), "round_ply": state.round_ply,
                "endless": self.endless_pits(state)}

    def endless_pits(self, state: LayliState) -> list[str]:
        """The mover's pits that hold seeds and are not Uurs, but whose relay never ends."""
        legal = {pit for pit, _ in cached_successors(state.pits, state.uurs, state.to_move)}
        return [LETTERS[pit % ROW] for pit in candidate_pits(state.pits, state.uurs, state.to_move)
                if pit not in legal]

    def marks(self, state: LayliState) -> dict:
        """The seeds just captured fade out; the mover's pits that may not be sown (Uurs, and
        endless relays, which are explained) are shaded; a new round of a match says how it
        was dealt."""
        marks = {"leaving": [CELL_NAMES[pit] for pit in state.emptied]}
        mover = state.to_move
        shaded = [CELL_NAMES[pit] for pit in range(mover * ROW, mover * ROW + ROW)
                  if state.pits[pit] and (state.uurs[0] | state.uurs[1]) >> pit & 1]
        endless = self.endless_pits(state)
        shaded += [CELL_NAMES[mover * ROW + LETTERS.index(letter)] for letter in endless]
        if shaded:
            marks["shaded"] = shaded
        if endless:
            marks["message"] = {"key": "endless", "params": {"pits": ", ".join(endless)}}
        elif state.held:
            marks["message"] = self.round_message(state)
        return marks

    def round_message(self, state: LayliState) -> dict:
        south, north = state.held
        if south == north:
            return {"key": "round-even", "params": {"round": state.round}}
        leader = int(north > south)
        return {"key": "round", "params": {"round": state.round, "south": south, "north": north,
                                           "player": leader, "aside": state.aside[leader]}}

    # -- positions as text (core.Game.position_text) ------------------------------------------
    # The pieces are the pits' seeds (an Uur's in its owner's colour) and the holdings on the
    # stores.  Counters: ``ply`` (the whole game's), and where they differ from a first
    # round's: ``round_ply`` (the safety limit counts it), ``round``, ``aside`` (the seeds
    # each player set aside, ``South,North``), ``held`` (the holdings after the previous
    # round) and ``emptied`` (the pits the last capture emptied, for the page).

    def position_counters(self, state: LayliState) -> dict[str, object]:
        counters = {"ply": state.ply}
        if state.round_ply != state.ply:
            counters["round_ply"] = state.round_ply
        if state.round != 1:
            counters["round"] = state.round
        if state.aside != (0, 0):
            counters["aside"] = f"{state.aside[0]},{state.aside[1]}"
        if state.held:
            counters["held"] = ",".join(str(seeds) for seeds in state.held)
        if state.emptied:
            counters["emptied"] = ",".join(CELL_NAMES[pit] for pit in state.emptied)
        return counters

    def position_counter_names(self) -> list[str]:
        return ["ply", "round_ply", "round", "aside", "held", "emptied"]

    def position_from(self, pieces, mover: int, counters) -> LayliState:
        """Seeds in pits and on the stores; 48 in all with the seeds set aside."""
        pits, uurs, holdings = [0] * PITS, [0, 0], [0, 0]
        for name, token in pieces.items():
            shape, owner, label = read_piece(token)
            seeds = int(label) if label and label.isdigit() else 0
            in_store = name in STORES
            if (shape != "counter" or not 0 < seeds <= SEEDS
                    or (in_store and owner != STORES.index(name))):
                raise Problem("position.piece", piece=excerpt(token, quoted=False), cell=name,
                              game=self.title)
            if in_store:
                holdings[owner] = seeds
            else:
                pit = CELL_NAMES.index(name)
                pits[pit] = seeds
                if owner is not None:
                    uurs[owner] |= 1 << pit
        aside = self.seed_pair(counters, "aside", (0, 0))
        held = self.seed_pair(counters, "held", ())
        stores = (holdings[0] - aside[0], holdings[1] - aside[1])
        total = sum(pits) + sum(holdings)
        if min(stores) < 0 or total != SEEDS:
            raise Problem("position.count", piece="counter", count=total, allowed=SEEDS)
        ply = self.counter(counters, "ply", 0, 999999, 0)
        round_ply = self.counter(counters, "round_ply", 0, 999999, ply)
        round_number = self.counter(counters, "round", 1, 99, 1)
        emptied = counters.get("emptied", "")
        emptied_pits = []
        for name in emptied.split(",") if emptied else []:
            if name not in CELL_NAMES:
                raise Problem("position.cell", cell=excerpt(name), game=self.title)
            emptied_pits.append(CELL_NAMES.index(name))
        return LayliState(tuple(pits), tuple(uurs), stores, mover, round_ply, round_number,
                          aside, tuple(emptied_pits), held, ply)

    @staticmethod
    def seed_pair(counters, name: str, default: tuple) -> tuple:
        """The counter ``name`` written as two seed counts, ``South,North``."""
        text = counters.get(name)
        if text is None:
            return default
        parts = text.split(",")
        if len(parts) != 2 or not all(part.isdigit() and int(part) <= SEEDS for part in parts):
            raise Problem("position.counter-value", counter=name, value=excerpt(text), low=0,
                          high=SEEDS)
        return int(parts[0]), int(parts[1])

    # -- texts (after the rules they word): the rules, labels, messages -------------------------
    messages = {
        "layli.write": {
            "en": "a move is the letter of one of the mover's pits, a to f, counted from the "
                  "mover's left",
            "it": "una mossa è la lettera di una buca di chi muove, dalla a alla f, contando "
                  "dalla sua sinistra"},
        "layli.empty-pit": {
            "en": "{player}'s pit {pit} is empty",
            "it": "la buca {pit} del {player} è vuota"},
        "layli.uur": {
            "en": "{player}'s pit {pit} is an Uur, and the seeds of an Uur are never lifted",
            "it": "la buca {pit} del {player} è un Uur (buca gravida), e i semi di un Uur non "
                  "si prendono mai"},
        "layli.endless": {
            "en": "the sowing from {pit} would relay for ever",
            "it": "la semina dalla buca {pit} non finirebbe mai"},
    }
    texts = {
        "en": {
            # a pit's counter is its seeds; the pits and stores in the rules' terms
            "label.counter.one": "{label} seed", "label.counter.other": "{label} seeds",
            **{f"cell.{pit}": f"South's {pit}" for pit in "abcdef"},
            **{f"cell.{pit.upper()}": f"North's {pit}" for pit in "abcdef"},
            "cell.south": "South's store", "cell.north": "North's store",
            "tagline": "A Somali mancala: sow, relay and capture seeds in your own row.",
            "author": author,  # (the Italian words it apart)
            "rules": [
                "Layli Goobalay is a mancala played in Somalia; Jama Musse Jama devoted a book "
                "to it. The board has two rows of six pits and 48 seeds, four in each pit. "
                "South (White) owns the bottom row and North (Black) the top row; each names "
                "his pits a to f from his own left.",
                "On your turn, pick one of your pits that is neither empty nor an Uur and sow "
                "its seeds counter-clockwise, one in each following pit, skipping none. If the "
                "last seed falls into a pit that already held seeds and is not an Uur, on "
                "either side, lift that pit too and go on sowing. The move stops when the last "
                "seed falls into an empty pit or an Uur. A sowing that would never stop is not "
                "allowed.",
                "Only at the stop, and only in your own row: if the pit opposite holds 1, 2 or "
                "4 or more seeds, you capture them together with your last seed. If it holds "
                "exactly 3, one seed moves across so both pits hold 2, and both become your "
                "Uurs (pregnant pits): they are never emptied, and every seed that falls into "
                "them will be yours. Nothing is captured opposite an Uur.",
                "The round ends when the player to move cannot move. Each player then collects "
                "the seeds of his own row outside Uurs and those of his Uurs: whoever has more "
                "seeds wins, 24 each is a draw. In a match, the holdings of a round set up the "
                "next one, and whoever is left with fewer than six seeds loses.",
                "Added here, and not in the sources: a round that reaches 500 plies ends as if "
                "the player to move could not move.",
            ],
            "option.first_player": "First to move",
            "option.first_player.south": "South (White)",
            "option.first_player.north": "North (Black)",
            "option.match": "Match of several rounds",
            "option.max_rounds": "Rounds in a match (at most)",
            "option.max_plies": "Plies in a round (at most)",
            "reason.seeds": "more seeds",
            "reason.equal-seeds": "24 seeds each",
            "reason.below-six": "{loser} has fewer than six seeds",
            "reason.rounds": "more seeds after the last round",
            "reason.equal-rounds": "equal seeds after the last round",
            "message.endless": "Sowing from {pits} would never end: not a legal move.",
            "message.round": "Round {round}: White held {south} seeds, Black {north}; "
                             "{player} set {aside} aside.",
            "message.round-even": "Round {round}: both players held 24 seeds.",
        },
        "it": {
            "label.counter.one": "{label} seme", "label.counter.other": "{label} semi",
            **{f"cell.{pit}": f"{pit} del Sud" for pit in "abcdef"},
            **{f"cell.{pit.upper()}": f"{pit} del Nord" for pit in "abcdef"},
            "cell.south": "casa del Sud", "cell.north": "casa del Nord",
            "tagline": "Un mancala somalo: semina, rilancia e cattura i semi nella tua fila.",
            "author": "tradizione somala, secondo Jama Musse Jama",  # the welcome's words for the author
            "rules": [
                "Il Layli Goobalay è un mancala che si gioca in Somalia; Jama Musse Jama gli ha "
                "dedicato un libro. La tavola ha due file di sei buche e 48 semi, quattro per "
                "buca. Sud (Bianco) possiede la fila in basso e Nord (Nero) quella in alto; "
                "ciascuno indica le proprie buche con le lettere dalla a alla f, a partire dalla "
                "propria sinistra.",
                "Al proprio turno si prendono tutti i semi di una propria buca che non sia vuota "
                "né un Uur e li si distribuisce in senso antiorario, uno per buca, senza "
                "saltarne nessuna. Se l'ultimo seme cade in una buca che ne conteneva già e non "
                "è un Uur, in qualunque fila, si prendono tutti i semi di quella buca e si "
                "continua a seminare. La "
                "mossa termina quando l'ultimo seme cade in una buca vuota o in un Uur. Una "
                "semina che non finirebbe mai non è ammessa.",
                "Solo al termine della mossa, e solo nella propria fila: se la buca di fronte "
                "contiene 1, 2, oppure 4 o più semi, si catturano insieme all'ultimo seme "
                "seminato. Se ne contiene esattamente 3, uno di quei tre semi passa nella buca "
                "dove è caduto l'ultimo seme, così che entrambe ne contengano 2, ed entrambe "
                "diventano Uur (buche gravide) "
                "di chi ha mosso: non si svuotano più, e ogni seme che vi cade sarà suo. Di "
                "fronte a un Uur non si cattura.",
                "La manche finisce quando chi è di turno non può muovere. Ciascuno raccoglie "
                "allora i semi della propria fila fuori dagli Uur e quelli dei propri Uur: "
                "vince chi ha più semi; con 24 semi a testa la partita è patta. Nella partita "
                "su più manche i semi raccolti in una manche decidono la disposizione della "
                "successiva (chi ne ha meno li distribuisce nelle sue buche, l'altro lo imita e "
                "mette da parte il resto), e perde chi resta con meno di sei semi.",
                "Qui si aggiunge una regola assente nelle fonti: una manche che arriva a 500 "
                "semimosse finisce come se chi deve muovere non potesse muovere.",
            ],
            "option.first_player": "Chi comincia",
            "option.first_player.south": "Sud (Bianco)",
            "option.first_player.north": "Nord (Nero)",
            "option.match": "Partita su più manche",
            "option.max_rounds": "Manche di una partita (al massimo)",
            "option.max_plies": "Semimosse di una manche (al massimo)",
            "reason.seeds": "più semi",
            "reason.equal-seeds": "24 semi a testa",
            "reason.below-six": "il {loser} ha meno di sei semi",
            "reason.rounds": "più semi dopo l'ultima manche",
            "reason.equal-rounds": "stesso numero di semi dopo l'ultima manche",
            "message.endless": "Buche da cui la semina non finirebbe mai, e quindi non "
                               "ammessa: {pits}.",
            "message.round": "Manche {round}: il Bianco aveva {south} semi, il Nero {north}; "
                             "il {player} ne ha messi da parte {aside}.",
            "message.round-even": "Manche {round}: entrambi avevano 24 semi.",
        },
    }
