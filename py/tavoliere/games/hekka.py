"""Hekka (Marino Carpignano, 2025), a Barrier variant: the rules of ``shared/RULES.md`` section 2.

Everything is as in Barrier (``barrier.py``) except these points:

* The board is 8x8.  The start areas are A = a2-d4 (written "a4-d2" in the source) and
  B = e5-g7 (written "e7-g5").  Option ``areas=symmetric`` uses e5-h7 for B, which is A
  turned half a turn round the centre of the board.
* Ply 1: White places its pawn in area A or area B.  Ply 2: Black places its pawn in any
  cell of the other area.
* A movement is a knight move to an empty cell t (no obstacle, not the opponent's pawn).
  The pawn jumps over obstacles and over the opponent's pawn.  The mover still chooses one of
  the two L-paths to t, because the path decides where the obstacles go.  Every empty knight
  destination therefore gives two path-moves.
* An obstacle goes on every traversed cell that is empty: the start cell, and each of the two
  cells passed over that holds neither an obstacle nor the opponent's pawn.
* Then the mover must remove exactly one obstacle.  OLD is the set of obstacles that stood
  before this move (jumped ones included); NEW is the set just placed.
  1. If some OLD obstacle touches the opponent's pawn (side or corner), remove one of those.
  2. Otherwise, if OLD is not empty, remove any OLD obstacle.
  3. Otherwise remove any NEW obstacle.
* A player with no empty knight destination when their movement turn starts loses.
* These rules are not in the published text, because that text does not guarantee an end:
  the game is drawn at the third occurrence of the same position (pawns, obstacles, side to
  move), and it is drawn when ``max_plies`` plies (default 500) have been played.  A player
  who cannot move loses even if one of these draws would also apply.

Notation: a placement is its cell (``c4``); a movement is its path, then ``/``, then the
removed obstacle (``c4-c5-d5-e5/d5``).  As in Barrier, short input forms such as
``c4-e5/d5`` or ``c4-c5-d5-e5`` are accepted when exactly one legal move fits them.

A move is ``(cell,)`` or ``(s, p1, p2, t, removed)``.  The state keeps the positions seen
since the last move that cannot be undone, which is enough for the repetition rule: a
placement can never be undone, and the obstacle count never falls, so once a move raises it
no earlier position can return.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import Option, Outcome, move_limit, register
from ..messages import Problem
from .barrier import Barrier, moved

AREA_A = ("a2", "d4")
AREA_B = {"literal": ("e5", "g7"), "symmetric": ("e5", "h7")}


class HekkaState(NamedTuple):
    pawns: tuple          # (White's cell, Black's cell); None until that pawn is placed
    obstacles: frozenset  # cells holding an obstacle
    ply: int              # plies played so far: White moves when it is even
    earlier: tuple = ()   # the positions since the last move that cannot be undone, oldest first


def position_key(state) -> tuple:
    """What the repetition rule compares: the pawns, the obstacles and the side to move."""
    return state.pawns, state.obstacles, state.ply % 2


@register
class Hekka(Barrier):
    name = "hekka"
    title = "Hekka"
    author = "Marino Carpignano, 2025"
    minutes = 10
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "try", "playout": 30, "plies": 2, "try": True},
        {"caption": "win", "playout": 30},
    )
    draws = True          # unlike Barrier: a third repetition or the ply limit draws
    options = (
        Option("areas", "literal", choices=("literal", "symmetric"),
               help="start area B: e5-g7 as printed (literal), or e5-h7, area A a2-d4 "
                    "turned half a turn (symmetric)"),
        move_limit(500, 9999),
    )
    side = 8  # the start areas are written in 8x8 coordinates

    def __init__(self, **values):
        super().__init__(**values)
        self.areas = (self.rectangle(*AREA_A), self.rectangle(*AREA_B[self.settings["areas"]]))
        self.max_plies = self.settings["max_plies"]

    def first_mover(self) -> int:
        """White, always: RULES.md section 2 offers no ``first_player`` option for Hekka (its
        options are the areas and the draw rules), and this file counts White's turns as the
        even plies."""
        return 0

    def rectangle(self, corner: str, opposite: str) -> frozenset:
        (f0, r0), (f1, r1) = self.grid.coords(self.cell(corner)), self.grid.coords(self.cell(opposite))
        return frozenset(self.grid.at(f, r) for f in range(f0, f1 + 1) for r in range(r0, r1 + 1))

    # -- the rules ------------------------------------------------------------------------
    def initial_state(self) -> HekkaState:
        return HekkaState((None, None), frozenset(), 0)

    def placement_cells(self, state) -> frozenset:
        """Where the mover may place: either area for White, Black only in the area White left."""
        white = state.pawns[0]
        if white is None:
            return self.areas[0] | self.areas[1]
        return self.areas[1] if white in self.areas[0] else self.areas[0]

    def legal_moves(self, state) -> list:
        if state.ply < 2:
            return [(cell,) for cell in sorted(self.placement_cells(state))]
        if self.draw_reason(state):
            return []
        player = state.ply % 2
        start, other = state.pawns[player], state.pawns[1 - player]
        obstacles = state.obstacles
        _, old_choices = self.removal_rule(state)
        moves = []
        for first, second, end in self.paths[start]:
            if end in obstacles or end == other:
                continue
            choices = old_choices or sorted(self.placed(state, (start, first, second)))
            moves += [(start, first, second, end, removed) for removed in choices]
        return moves

    def removal_rule(self, state) -> tuple[str, list]:
        """Steps 1 and 2 of the removal rule, which do not depend on the path: which step
        applies (``touching``, ``old`` or ``new``) and the obstacles it allows, in cell order
        (none for step 3, whose choices are the path's new obstacles)."""
        other = state.pawns[1 - state.ply % 2]
        touching = sorted(cell for cell in self.grid.king_neighbours[other] if cell in state.obstacles)
        if touching:
            return "touching", touching
        if state.obstacles:
            return "old", sorted(state.obstacles)
        return "new", []

    def placed(self, state, path) -> set:
        """The obstacles a movement along ``path`` places: on its empty traversed cells."""
        other = state.pawns[1 - state.ply % 2]
        return {cell for cell in path[:3] if cell not in state.obstacles and cell != other}

    def apply(self, state, move) -> HekkaState:
        player = state.ply % 2
        if len(move) == 1:
            return HekkaState(moved(state.pawns, player, move[0]), state.obstacles, state.ply + 1)
        pawns = moved(state.pawns, player, move[3])
        obstacles = (state.obstacles | self.placed(state, move)) - {move[4]}
        # A move that adds obstacles can never be undone: forget the positions before it.
        earlier = (state.earlier + (position_key(state),)
                   if len(obstacles) == len(state.obstacles) else ())
        return HekkaState(pawns, obstacles, state.ply + 1, earlier)

    def outcome(self, state) -> Outcome | None:
        if state.ply < 2:
            return None
        if not self.has_destination(state):
            return self.stalemate(state)
        reason = self.draw_reason(state)
        return Outcome(None, reason) if reason else None

    def has_destination(self, state) -> bool:
        """Whether the mover's pawn has an empty knight destination (and so a legal move)."""
        player = state.ply % 2
        other = state.pawns[1 - player]
        return any(end != other and end not in state.obstacles
                   for _, _, end in self.paths[state.pawns[player]])

    def draw_reason(self, state) -> str:
        """Why the game is drawn (the non-official termination rules): "repetition",
        "max-plies", or ``""`` while it goes on."""
        if self.repetitions(state) >= 3:
            return "repetition"
        if state.ply >= self.max_plies:
            return "max-plies"
        return ""

    def repetitions(self, state) -> int:
        """How many times the current position has occurred, this time included."""
        return 1 + state.earlier.count(position_key(state))

    # -- names ----------------------------------------------------------------------------
    def move_name(self, move) -> str:
        if len(move) == 1:
            return super().move_name(move)
        return f"{super().move_name(move[:4])}/{self.grid.names[move[4]]}"

    def clicks(self, move) -> tuple[str, ...]:
        """As in Barrier, then the obstacle to remove."""
        if len(move) == 1:
            return super().clicks(move)
        return super().clicks(move[:4]) + (self.grid.names[move[4]],)

    def click_steps(self, move) -> tuple[str, ...]:
        return super().click_steps(move[:4]) + (("removal",) if len(move) == 5 else ())

    def notes(self, state) -> dict:
        notes = super().notes(state)
        if state.ply < 2:
            notes["areas"] = [sorted(self.grid.names[cell] for cell in area) for area in self.areas]
        else:
            notes.update(repetitions=self.repetitions(state),
                         plies_left=max(0, self.max_plies - state.ply))
        return notes

    # -- reading moves --------------------------------------------------------------------
    def read(self, text: str) -> tuple[tuple[int, ...], int | None]:
        if not isinstance(text, str) or text.count("/") > 1:
            raise self.not_notation(text, Problem("hekka.write"))
        path, slash, removal = text.partition("/")
        if not slash:
            return self.read_path(path, text), None
        if "-" in removal:
            raise self.not_notation(text, Problem("hekka.one-removal"))
        return self.read_path(path, text), self.read_path(removal, text)[0]

    def path_of(self, move) -> tuple[int, ...]:
        return move[:4]

    def removal_of(self, move) -> int | None:
        return move[4] if len(move) == 5 else None

    def placement_problem(self, state, cell: int) -> Problem:
        if state.ply == 0:
            return Problem("hekka.white-areas", first=self.area_name(0), second=self.area_name(1))
        if cell == state.pawns[0]:
            return Problem("barrier.cell-taken", cell=self.grid.names[cell], player=0)
        free = 1 if state.pawns[0] in self.areas[0] else 0
        return Problem("hekka.black-area", area=self.area_name(free))

    def area_name(self, index: int) -> str:
        cells = sorted(self.areas[index])
        return f"{self.grid.names[cells[0]]}-{self.grid.names[cells[-1]]}"

    def path_problem(self, state, path: tuple[int, ...], removal: int | None) -> Problem:
        names = self.grid.names
        end = path[3]
        other = 1 - state.ply % 2
        if end in state.obstacles:
            return Problem("hekka.end-obstacle", cell=names[end])
        if end in state.pawns:
            return Problem("hekka.end-pawn", cell=names[end], opponent=other)
        step, choices = self.removal_rule(state)
        choices = choices or sorted(self.placed(state, path))
        return Problem(f"hekka.remove-{step}", removal=names[removal], opponent=other,
                       cells=[names[cell] for cell in choices])

    # -- positions as text (core.Game.position_text) ------------------------------------------
    # Besides Barrier's ``ply``, ``seen`` lists the positions since the last move that cannot
    # be undone (the repetition rule counts them), oldest first, separated by ``|``: each is
    # White's pawn, Black's pawn and the obstacles, as cells separated by commas.  The side to
    # move in each follows from its place: they alternate up to the present one.

    def position_counters(self, state) -> dict[str, object]:
        counters = {"ply": state.ply}
        if state.earlier:
            names = self.grid.names
            counters["seen"] = "|".join(
                ",".join([names[pawns[0]], names[pawns[1]], *(names[c] for c in sorted(obstacles))])
                for pawns, obstacles, _ in state.earlier)
        return counters

    def position_counter_names(self) -> list[str]:
        return ["ply", "seen"]

    def position_from(self, pieces: dict[str, str], mover: int, counters: dict[str, str]):
        state = super().position_from(pieces, mover, counters)
        if state.ply <= 2:   # no move yet: each pawn stands where its placement may put it
            white, black = state.pawns
            anywhere = self.placement_cells(state._replace(pawns=(None, None)))
            if white is not None and white not in anywhere:
                raise Problem("position.piece", piece="pawn.0", cell=self.grid.names[white],
                              game=self.title)
            if black is not None and black not in self.placement_cells(state):
                raise Problem("position.piece", piece="pawn.1", cell=self.grid.names[black],
                              game=self.title)
        seen = counters.get("seen", "")
        entries = seen.split("|") if seen else []
        earlier = []
        for back, entry in enumerate(reversed(entries), 1):
            cells = entry.split(",")
            for name in cells:
                if self.grid.index(name) is None:
                    raise Problem("position.cell", cell=excerpt(name), game=self.title)
            index = [self.grid.index(name) for name in cells]
            if len(index) < 2 or len(set(index)) != len(index) or state.ply - back < 2:
                raise Problem("position.malformed", position=excerpt(entry))
            earlier.append(((index[0], index[1]), frozenset(index[2:]), (state.ply - back) % 2))
        return state._replace(earlier=tuple(reversed(earlier)))

    # -- texts (after the rules they word): the rules, labels, messages -------------------
    texts = {
        "en": {
            "tagline": "Barrier's knight leaps the obstacles, and each turn you take one away.",
            "rules": [
                "Hekka (Marino Carpignano, 2025) is a Barrier variant on an 8×8 board. White places "
                "the pawn in one of the two start areas (a2–d4 or e5–g7, or e5–h7 with the "
                "symmetric areas); Black must place it in the other.",
                "The pawn moves to an empty cell a knight's move away and may jump over obstacles "
                "and over the other pawn; you still choose the path, because every empty cell on "
                "it, the starting cell included, gets an obstacle.",
                "Then you must remove one obstacle: one adjacent to the opponent's pawn, "
                "orthogonally or diagonally, if there is any among those on the board before your "
                "move; otherwise any of those older obstacles; if there are no obstacles from "
                "earlier turns yet (only in the first moves), one of those just placed. Choose the "
                "destination cell, the first cell of the path if asked, then the obstacle to "
                "remove.",
                "If you cannot move, you lose. Tavoliere adds two rules the original lacks, so "
                "that every game ends: the game is drawn at the third repetition of a position, "
                "and also when the limit of 500 plies is reached.",
            ],
            "option.areas": "Start areas",
            "option.areas.literal": "As published (a2–d4, e5–g7)",
            "option.areas.symmetric": "Symmetric (a2–d4, e5–h7)",
            "step.removal": "Now choose the obstacle to remove (the marked ones)",
        },
        "it": {
            "tagline": "Il cavallo di Barrier salta gli ostacoli, e a ogni turno se ne toglie uno.",
            "rules": [
                "Hekka (Marino Carpignano, 2025) è una variante di Barrier su un tavoliere 8×8. Il "
                "Bianco colloca la pedina in una delle due aree di partenza (a2–d4 oppure e5–g7, "
                "o e5–h7 con le aree simmetriche); il Nero deve collocarla nell'altra.",
                "La pedina va su una casella vuota a salto di cavallo e può scavalcare gli "
                "ostacoli e l'altra pedina; il percorso però si sceglie comunque, perché ogni "
                "casella vuota attraversata, compresa quella di partenza, riceve un ostacolo.",
                "Poi si deve togliere un ostacolo: uno adiacente, ortogonalmente o "
                "diagonalmente, alla pedina avversaria, se ce n'è fra quelli già presenti prima "
                "della mossa; altrimenti uno qualsiasi di quelli; se non ci sono ancora ostacoli "
                "dei turni precedenti (solo nelle prime mosse), uno di quelli appena collocati. "
                "Si indica la casella di arrivo, la prima casella del percorso se "
                "richiesto, poi l'ostacolo da togliere.",
                "Chi non può muovere perde. Qui si aggiungono due regole, assenti nell'originale, "
                "perché ogni partita finisca: la partita è patta alla terza ripetizione di una "
                "posizione, e così pure al raggiungimento del limite di 500 semimosse.",
            ],
            "option.areas": "Aree di partenza",
            "option.areas.literal": "Come pubblicate (a2–d4, e5–g7)",
            "option.areas.symmetric": "Simmetriche (a2–d4, e5–h7)",
            "step.removal": "Ora scegli l'ostacolo da togliere (fra quelli evidenziati)",
        },
    }
