"""Footsteps (author unknown; as played on Vying Games): the rules of ``shared/RULES.md``
section 11.

* A track of 7 cells, numbered -3 .. +3; the marker starts on 0.  White's goal is +3,
  Black's is -3.  Each player starts with 50 points (option ``points``).
* Each round both players bid at the same time, without seeing the other's bid: a player
  with p >= 1 points bids an integer from 1 to p; a player with 0 points bids 0 (forced).
* When both bids are in they are revealed and both are deducted.  The higher bid moves the
  marker one cell towards its bidder's goal; equal bids leave it where it is.
* The marker on +3: White wins; on -3: Black wins.  Both players on 0 points with the marker
  elsewhere: a draw.  One player on 0 points: play goes on, he bids 0 and the other at least 1.

Model (DECIDED in RULES.md): a round is two plies, White's bid then Black's, whatever order
they were made in; a ply is a plain decimal number (``12``, no sign, no leading zeros), so
the record ``12 7 5 5`` is two rounds.  White's bid is *sealed* until Black's arrives
(``Game.sealed``): the state after it keeps the bid in ``pending`` and deducts nothing yet,
so the page and the bots are shown ``concealed(state)``, where the bid is ``HIDDEN``.

On the page the track is the cells ``m3 m2 m1 0 p1 p2 p3`` (m for minus, p for plus), the
marker a neutral ``marker`` piece, and each player's points a counter in his store: ``black``
at the left end, beside Black's goal, ``white`` at the right.  Bids are buttons (no clicks).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..core import Game, IllegalMove, InvalidMove, Option, Outcome, piece, register
from ..grid.shapes import track
from ..messages import Problem, excerpt

GOAL = 3                                # the goals are +3 (White's) and -3 (Black's)
CELLS = ("m3", "m2", "m1", "0", "p1", "p2", "p3")   # cell -3 .. +3, left to right
LABELS = ("-3", "-2", "-1", "0", "+1", "+2", "+3")
STORES = ("white", "black")             # each player's points, in his colour
DEFAULT_POINTS = 50
# The bot's table of exact values covers every state with at most 50 points a player (the
# seed's game), so any game within the option's range is played exactly at once; a larger
# table would grow as the square of the points and take the fourth power to compute.
MAX_POINTS = 50
HIDDEN = -1                             # a bid made but not revealed (see ``concealed``)
_BID = re.compile(r"0|[1-9][0-9]{0,5}")


class FootstepsState(NamedTuple):
    marker: int                         # -3 .. +3
    points: tuple                       # (White's, Black's) points, before this round's bids
    pending: int | None = None          # White's sealed bid of this round, HIDDEN if concealed
    last: tuple | None = None           # the bids of the last completed round (White's, Black's)
    ply: int = 0                        # plies played (a round is two)


def step(white_bid: int, black_bid: int) -> int:
    """How the marker moves: +1 towards White's goal, -1 towards Black's, 0 on equal bids."""
    return (white_bid > black_bid) - (white_bid < black_bid)


def bids_of(points: int) -> range:
    """The legal bids of a player with ``points``: 1..points, or the forced 0."""
    return range(1, points + 1) if points else range(0, 1)


@register
class Footsteps(Game):
    name = "footsteps"
    title = "Footsteps"
    author = "author unknown; as played on Vying Games"
    minutes = 5
    rule_diagrams = (
        {"caption": "setup"},
        {"caption": "win", "playout": 115},
    )
    options = (
        Option("points", DEFAULT_POINTS, low=1, high=MAX_POINTS,
               help="the points each player starts with"),
    )

    def __init__(self, **values):
        super().__init__(**values)
        self.start_points = self.settings["points"]

    # -- the rules ------------------------------------------------------------------------------
    def initial_state(self) -> FootstepsState:
        return FootstepsState(0, (self.start_points, self.start_points))

    def position(self, marker: int, white: int, black: int) -> FootstepsState:
        """The state at the start of a round with the marker on ``marker`` and these points
        (RULES.md's examples are written so: (0, 50, 50) is the start)."""
        if not -GOAL <= marker <= GOAL or white < 0 or black < 0:
            raise ValueError("the marker is on -3..+3 and points are never negative")
        return FootstepsState(marker, (white, black))

    def to_move(self, state: FootstepsState) -> int:
        """White bids first in the record, then Black (RULES.md 11.1)."""
        return 0 if state.pending is None else 1

    def legal_moves(self, state: FootstepsState) -> list:
        """The mover's bids; they depend on his own points only (RULES.md 11.2.4), so the
        concealed state has the same ones."""
        if self.outcome(state) is not None:
            return []
        return list(bids_of(state.points[self.to_move(state)]))

    def apply(self, state: FootstepsState, move: int) -> FootstepsState:
        if state.pending is None:                 # White's bid: sealed, nothing deducted yet
            return state._replace(pending=move, ply=state.ply + 1)
        if state.pending == HIDDEN:
            raise ValueError("a concealed state hides White's bid: its round cannot be played out")
        white_bid, black_bid = state.pending, move
        white, black = state.points
        return FootstepsState(state.marker + step(white_bid, black_bid),
                              (white - white_bid, black - black_bid), None, (white_bid, black_bid),
                              state.ply + 1)

    def outcome(self, state: FootstepsState) -> Outcome | None:
        if state.marker == GOAL:
            return Outcome(0, "goal", (CELLS[-1],))
        if state.marker == -GOAL:
            return Outcome(1, "goal", (CELLS[0],))
        if state.pending is None and state.points == (0, 0):
            return Outcome(None, "no-points")
        return None

    # -- sealed bids ----------------------------------------------------------------------------
    def sealed(self, state: FootstepsState) -> int:
        """White's bid stays sealed until Black's arrives (RULES.md 11.2.3)."""
        return 0 if state.pending is None else 1

    def concealed(self, state: FootstepsState) -> FootstepsState:
        """Black's information set: the marker, both points, the past rounds, and that White
        has bid, but not the amount (RULES.md 11.2.4)."""
        return state if state.pending is None else state._replace(pending=HIDDEN)

    def before_sealed(self, state: FootstepsState) -> FootstepsState:
        """The round before White's bid: the bots that search draw the bid again from there."""
        return state if state.pending is None else state._replace(pending=None, ply=state.ply - 1)

    # -- names ----------------------------------------------------------------------------------
    def move_name(self, move: int) -> str:
        return str(move)

    def clicks(self, move: int) -> tuple[str, ...]:
        """None: a bid is a button (or a number typed in)."""
        return ()

    def move_cells(self, move: int) -> tuple[str, ...]:
        return ()

    def parse_move(self, text: str, state: FootstepsState) -> int:
        """A bid written as a plain decimal number, legal for the mover's points."""
        written = text.strip() if isinstance(text, str) else text
        if not isinstance(written, str) or not _BID.fullmatch(written):
            raise Problem("footsteps.write").wrapped("move.notation-because", InvalidMove,
                                                     move=excerpt(text), title=self.title)
        if self.outcome(state) is not None:
            raise IllegalMove("move.game-over", move=written)
        bid, player = int(written), self.to_move(state)
        points = state.points[player]
        if bid in bids_of(points):
            return bid
        code = ("footsteps.only-zero" if points == 0 else
                "footsteps.at-least-one" if bid == 0 else "footsteps.too-high")
        raise Problem(code, player=player, points=points).wrapped(
            "move.not-legal-because", IllegalMove, move=written)

    # -- pictures -------------------------------------------------------------------------------
    def pieces(self, state: FootstepsState) -> dict[str, str]:
        """The marker on its cell and each player's points (before the round's bids) as a
        counter of his colour in his store."""
        out = {CELLS[state.marker + GOAL]: piece("marker")}
        for player, points in enumerate(state.points):
            out[STORES[player]] = piece("counter", player, points)
        return out

    def layout(self) -> dict:
        """The seven cells left to right, -3 (Black's goal) to +3 (White's), labelled; Black's
        points at the left end, White's at the right, each beside his own goal."""
        return track(list(CELLS), list(LABELS), (STORES[1], STORES[0]))

    def diagram(self, state: FootstepsState) -> str:
        """The track with the marker ``o``, the points, and who is to bid or the result; a
        sealed bid shows as ``?`` (concealed) or in brackets."""
        cells = " ".join("o" if cell == state.marker else "." for cell in range(-GOAL, GOAL + 1))
        white, black = state.points
        outcome = self.outcome(state)
        if outcome is not None:
            status = self.outcome_text(outcome)
        elif state.pending is None:
            status = "White to bid"
        else:
            status = f"Black to bid (White's sealed bid: {'?' if state.pending == HIDDEN else state.pending})"
        return f"Black {black:>2} [ {cells} ] {white:<2} White\n{status}"

    def notes(self, state: FootstepsState) -> dict:
        return {"marker": state.marker, "points": list(state.points),
                "bid_in": state.pending is not None,
                "last_round": None if state.last is None else list(state.last)}

    def marks(self, state: FootstepsState) -> dict:
        """While White's bid is sealed, say so (never its amount); else the last round's bids."""
        if state.pending is not None:
            return {"message": {"key": "sealed", "params": {"player": 0, "opponent": 1}}}
        if state.last is not None:
            white, black = state.last
            return {"message": {"key": "round", "params": {"white": white, "black": black}}}
        return {}

    # -- texts (after the rules they word): the rules, labels, messages -------------------------
    messages = {
        "footsteps.write": {
            "en": "a bid is a whole number written plainly, such as 12 (no sign, no leading "
                  "zeros)",
            "it": "un'offerta è un numero intero scritto senza segno né zeri iniziali, per "
                  "esempio 12"},
        "footsteps.too-high": {
            "en": "{player} has only {points} points",
            "it": "il {player} ha solo {points} punti"},
        "footsteps.at-least-one": {
            "en": "{player} still has points, so the bid is at least 1",
            "it": "il {player} ha ancora punti, quindi l'offerta minima è 1"},
        "footsteps.only-zero": {
            "en": "{player} has no points left and can only bid 0",
            "it": "il {player} ha finito i punti e può offrire solo 0"},
    }
    texts = {
        "en": {
            # the cells off the track, and the track's own in the rules' terms
            "cell.white": "White's points", "cell.black": "Black's points",
            "cell.p1": "+1", "cell.p2": "+2", "cell.p3": "+3",
            "cell.m1": "−1", "cell.m2": "−2", "cell.m3": "−3",
            "tagline": "A duel of secret bids that pushes a marker towards your goal.",
            "author": author,  # (the Italian words it apart)
            "rules": [
                "Footsteps is a quick duel of bids. A marker stands on the middle cell of a "
                "track of seven; White wants to push it three cells to the right, Black three "
                "cells to the left. Each player has 50 points for the whole game (or the number "
                "chosen in the options).",
                "Every round both players bid at the same time, in secret: at least 1 point, "
                "at most what they have left. The bids are then shown together and both are "
                "spent. The higher bid moves the marker one cell towards its bidder's goal; "
                "equal bids leave it where it is. You may see that the other player has "
                "already bid, never how much.",
                "Whoever brings the marker to his goal wins. A player with no points left "
                "bids 0 while the other goes on bidding; when both have run out of points "
                "with the marker short of a goal, the game is a draw.",
            ],
            "option.points": "Points for each player",
            "reason.goal": "the marker reached the goal",
            "reason.no-points": "both players ran out of points",
            "message.sealed": "{player} has bid; the amount stays hidden until {opponent} "
                              "bids.",
            "message.round": "Last round: White bid {white}, Black {black}.",
            "said.played": "{player} bid {move}.",
            "move-choice": "Your bid",
        },
        "it": {
            "cell.white": "punti del Bianco", "cell.black": "punti del Nero",
            "cell.p1": "+1", "cell.p2": "+2", "cell.p3": "+3",
            "cell.m1": "−1", "cell.m2": "−2", "cell.m3": "−3",
            "tagline": "Un duello di offerte segrete che spinge il segnalino verso la tua meta.",
            "author": "autore ignoto; come si gioca su Vying Games",  # the welcome's words for the author
            "rules": [
                "Footsteps è un breve duello a colpi di offerte (un'asta a offerte segrete). Un "
                "segnalino parte dalla casella centrale di un percorso di sette caselle: il "
                "Bianco vuole portarlo tre "
                "caselle a destra, il Nero tre caselle a sinistra. Ciascuno dispone di 50 "
                "punti per tutta la partita (o di quanti ne fissano le opzioni).",
                "A ogni turno i due giocatori fanno un'offerta nello stesso momento, di "
                "nascosto: almeno 1 punto, al massimo quelli che restano. Le offerte si "
                "scoprono insieme e si pagano entrambe. Chi ha offerto di più sposta il "
                "segnalino di una casella verso la propria meta; in caso di parità il "
                "segnalino resta fermo. Si può sapere che l'avversario ha già offerto, mai "
                "quanto.",
                "Vince chi porta il segnalino sulla propria meta. Chi ha finito i punti offre "
                "0 mentre l'altro continua a offrire; se entrambi restano senza punti prima "
                "che il segnalino arrivi a una meta, la partita è patta.",
            ],
            "option.points": "Punti di ciascun giocatore",
            "reason.goal": "il segnalino ha raggiunto la meta",
            "reason.no-points": "entrambi i giocatori hanno finito i punti",
            "message.sealed": "Il {player} ha fatto la sua offerta: resta coperta finché il "
                              "{opponent} non fa la sua.",
            "message.round": "Turno precedente: il Bianco ha offerto {white}, il Nero {black}.",
            "said.played": "Il {player} ha offerto {move}.",
            "move-choice": "La tua offerta",
        },
    }

    # A bid is a button labelled with its amount, the same in every language.
    for _table in texts.values():
        _table.update({f"move.{bid}": str(bid) for bid in range(MAX_POINTS + 1)})
    del _table
