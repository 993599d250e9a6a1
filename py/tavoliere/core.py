"""The game protocol every game follows, its errors, and the registry of games.

A game is a stateless rule book built from a spec string such as ``barrier(size=6)``;
a state is an immutable, hashable value.  The protocol has two halves: ``Rules`` (here:
what may happen, chance, sealed plies, hidden information, notation, positions, options)
and ``Shown`` (``shown.py``: how the page shows a game and how a player clicks it, each
method with its default, in one table).  ``Game`` is the two together, and every game
module subclasses it.  Search code only needs ``legal_moves``, ``apply`` and ``outcome``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .messages import MESSAGES, Problem, excerpt
from .shown import CORE_TEXTS, LANGUAGES, RESULT_WORDS, Shown  # noqa: F401 (re-exported)

__all__ = [
    "Game", "Rules", "Shown", "Option", "Outcome", "InvalidMove", "IllegalMove", "piece",
    "read_piece", "SHAPES", "register", "load_game", "game_names", "game_class", "parse_spec",
    "perft", "CHANCE",
]

WHITE, BLACK = 0, 1
PLAYER_NAMES = ("White", "Black")
# ``to_move`` of a chance ply (a roll of dice): no player moves, the page or the caller draws
# the move with ``Game.roll`` (see "chance plies" in ``Game``).
CHANCE = -1
# The longest record the room keeps, in plies: links, records, the bridge and each game's
# ``max_plies`` option all take it from here, and the bridge refuses the ply past it, so a
# game can never hold a record that cannot be opened again.  (The page reads it from
# site.json's ``vocabulary``: see ``bridge.vocabulary``.)
MAX_PLIES = 5_000

# -- pieces as data -------------------------------------------------------------------------
# A piece is a short token ``shape[.owner][=label]``: ``stone.0`` (White's stone), ``pawn.1``,
# ``block`` (a neutral obstacle), ``die.0=3`` (White's die showing three), ``counter=4`` (a
# neutral counter showing 4).  The page draws any of them in the players' colours, and the
# same token is the compact form of an embedded board's ``position`` attribute.
SHAPES = ("stone", "pawn", "knight", "crowned", "double-crowned", "die", "counter", "marker", "block")
PIECE_PATTERN = r"([a-z]+(?:-[a-z]+)?)(?:\.(\d))?(?:=([0-9A-Za-z]{1,4}))?"  # the page reads it too
_PIECE = re.compile(PIECE_PATTERN)


def piece(shape: str, owner: int | None = None, label: object = None) -> str:
    """The token of a piece: ``piece("stone", 0) == "stone.0"``; ``piece("die", 1, 3) == "die.1=3"``."""
    token = shape if owner is None else f"{shape}.{owner}"
    return token if label is None else f"{token}={label}"


def read_piece(token: str) -> tuple[str, int | None, str | None]:
    """(shape, owner, label) of a piece token; ValueError if it is not one.

    >>> read_piece("die.1=3")
    ('die', 1, '3')
    """
    match = _PIECE.fullmatch(token) if isinstance(token, str) else None
    if not match or match.group(1) not in SHAPES:
        raise ValueError(f"{str(token)[:20]!r} is not a piece (shape[.owner][=label])")
    owner = match.group(2)
    return match.group(1), None if owner is None else int(owner), match.group(3)


class InvalidMove(Problem):
    """Text that is not a move in this game's notation."""


class IllegalMove(Problem):
    """A well-formed move that is not legal in the position; ``ply`` is set by ``replay``."""

    def __init__(self, code: str, **params):
        super().__init__(code, **params)
        self.ply = params.get("ply")


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` is a player (0, 1, ...) or None for a draw; ``cells``
    are highlighted; ``scores`` are the players' final points in a game that counts them
    (empty otherwise), which a reason's text may show as ``{scores}`` ("60–47")."""

    winner: int | None
    reason: str  # a code such as "no-moves", or several joined by "+" (a ring and a fork at once)
    cells: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()

    def as_dict(self) -> dict:
        out = {"winner": self.winner, "reason": self.reason, "cells": list(self.cells)}
        return {**out, "scores": list(self.scores)} if self.scores else out

    def message_params(self, game) -> dict:
        """The params of a message that states this result (see ``messages``): ``outcome``
        in English words, ``reason``, and ``winner`` unless it is a draw (the page words the
        result in its own language from these two)."""
        params = {"outcome": game.outcome_text(self), "reason": self.reason}
        return params if self.winner is None else {**params, "winner": self.winner}



@dataclass(frozen=True)
class Option:
    """One option of a game spec: an integer range, a fixed set of words, or a boolean.
    A ``hidden`` option is read from specs but not offered in the room's New game dialog."""

    name: str
    default: object
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    help: str = ""
    hidden: bool = False

    @property
    def kind(self) -> str:
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "choice"

    def accepted(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"an integer from {self.low} to {self.high}"
        return " or ".join(self.choices)

    def parse(self, game: str, text: str):
        """The value written as ``text``, or a Problem naming the option and what it accepts."""
        limits = {"bool": {}, "int": {"low": self.low, "high": self.high},
                  "choice": {"choices": list(self.choices)}}[self.kind]
        bad = Problem(f"option.{self.kind}", game=game, option=self.name, value=excerpt(text),
                      **limits)
        if self.kind == "bool":
            if text.lower() in ("true", "1", "yes", "on"):
                return True
            if text.lower() in ("false", "0", "no", "off"):
                return False
            raise bad
        if self.kind == "int":
            if not re.fullmatch(r"[+-]?\d{1,6}", text):
                raise bad
            value = int(text)
            if not self.low <= value <= self.high:
                raise bad
            return value
        if text not in self.choices:
            raise bad
        return text

    def format(self, value) -> str:
        return ("true" if value else "false") if self.kind == "bool" else str(value)

    def as_dict(self) -> dict:
        out = {"name": self.name, "kind": self.kind, "default": self.default, "help": self.help,
               "hidden": self.hidden}
        if self.kind == "int":
            out.update(low=self.low, high=self.high)
        if self.kind == "choice":
            out["choices"] = list(self.choices)
        return out


def move_limit(default: int, high: int, help: str = "the game is drawn when this many plies "
                                                   "have been played") -> Option:
    """The ``max_plies`` option of a game whose published rules do not guarantee an end: a
    safety limit that draws the game (``reason.max-plies``), shared so that it reads and
    validates alike everywhere; hidden, since players need not choose it."""
    return Option("max_plies", default, low=10, high=min(high, MAX_PLIES), help=help, hidden=True)


class Rules:
    """The rules half of the game protocol: what may happen in a game, and its notation.

    A game writes ``initial_state``, ``to_move``, ``legal_moves``, ``apply``, ``outcome``,
    ``move_name`` and ``pieces``; where it has them, chance plies (``probability``), sealed
    plies (``sealed``, ``concealed``, ``before_sealed``), hidden information (``view``,
    ``guess``), short forms of its moves (``parse_move``, ``check_notation``) and positions
    (``position_from``, ``position_counters``).  ``play``, ``replay``, ``roll`` and the
    position texts come from here.  A search needs only this half.

    Moves are small hashable values (tuples of cell indices, chosen by each game) with one
    canonical name.  ``apply`` trusts its caller (searches use it); ``play`` checks legality.
    The rules read one method of the shown half, ``layout``, for the names of the cells.
    """

    name = ""
    title = ""
    options: tuple[Option, ...] = ()
    players = 2
    # The option that sets how many players sit at the table (Dadi's ``players``), if any:
    # the game's ``__init__`` then sets ``self.players`` from it, and the room's New game
    # dialog offers as many seats as the option says.
    players_option: str | None = None
    # False when the rules never end a game drawn: the page then offers no agreed draw either.
    draws = True
    # The game's own error codes, {code: {"en": template, "it": template}} (see messages.py),
    # named "NAME.something" and raised as Problem(code, **params).
    messages: dict[str, dict] = {}

    def __init__(self, **values):
        known = {option.name: option for option in self.options}
        for key in values:
            if key not in known:
                raise Problem("game.unknown-option", game=self.name, option=excerpt(key),
                              options=list(known))
        for key, value in values.items():  # a value given in Python is checked like a spec's
            known[key].parse(self.name, known[key].format(value))
        self.settings = {name: values.get(name, option.default) for name, option in known.items()}

    # -- identity ---------------------------------------------------------------------
    @property
    def spec(self) -> str:
        """The canonical spec: the name, then the options that differ from their defaults."""
        changed = [f"{o.name}={o.format(self.settings[o.name])}"
                   for o in self.options if self.settings[o.name] != o.default]
        return f"{self.name}({','.join(changed)})" if changed else self.name

    def __repr__(self) -> str:
        return f"load_game({self.spec!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Rules) and self.spec == other.spec

    def __hash__(self) -> int:
        return hash(self.spec)

    # -- the rules (each game implements these) ---------------------------------------
    def initial_state(self):
        raise NotImplementedError

    def to_move(self, state) -> int:
        """The player to move: 0 (White, who moves first), 1 (Black), 2, 3; or CHANCE when
        the next ply is a roll (see "chance plies")."""
        raise NotImplementedError

    def legal_moves(self, state) -> list:
        """The legal moves in a fixed order; empty exactly when ``outcome`` is set."""
        raise NotImplementedError

    def apply(self, state, move):
        """The state after ``move``, which the caller guarantees is legal."""
        raise NotImplementedError

    def outcome(self, state) -> Outcome | None:
        raise NotImplementedError

    def move_name(self, move) -> str:
        """The move's one canonical name (``c4-d4``, ``e5``, ``pass``): the record, links and
        the page's move list write it, and ``parse_move`` reads it back."""
        raise NotImplementedError

    def pieces(self, state) -> dict[str, str]:
        """What stands on each occupied cell, as piece tokens (``piece()``).  A rule of the
        position, not only a picture: a position text writes and reads them back; the page
        draws them (the view's ``pieces``, read by web/board.js)."""
        raise NotImplementedError

    # -- sealed plies (moves made at the same time) -------------------------------------------
    # In a game of simultaneous moves a round is recorded as plies, one player after the
    # other; the first ones stay *sealed* (made, not revealed) until the last one of the
    # round is in.  The bridge shows every position through ``concealed`` and hides the
    # sealed plies from the move list, and a bot is given the concealed state only: what
    # the player to move may know.  Such a game keeps the mover's legal moves independent
    # of the sealed plies, and its bot works from the concealed state (the generic search
    # cannot: it would need to play the round out).

    def sealed(self, state) -> int:
        """How many of the last plies that led to ``state`` are sealed: made but not yet
        revealed.  0 (the default) in every game whose moves are seen as they are made."""
        return 0

    def concealed(self, state):
        """``state`` as the player to move may know it: the sealed plies are still known to
        have been made, but not what they were.  Its legal moves, pieces, notes and marks are
        the ones to show; a game that seals plies implements it."""
        if self.sealed(state):
            raise NotImplementedError(f"{self.name} seals plies but does not conceal them")
        return state

    def before_sealed(self, state):
        """The state before the sealed plies that led to ``state``, which every player saw (a
        concealed state is enough): a search that may not know the sealed plies draws them
        again from there (``ai/mcts.py``).  ``state`` itself when nothing is sealed; a game
        that seals plies implements it."""
        if self.sealed(state):
            raise NotImplementedError(f"{self.name} seals plies but cannot go back before them")
        return state

    # -- hidden information (what each seat may know) -----------------------------------------
    # Sealed plies generalised to information hidden for the whole game (Ghost's colours):
    # ``view(state, seat)`` is the state as one seat may know it, and everything the room shows
    # a seat (pieces, marks, notes, legal moves, the move list) comes from that seat's view;
    # a bot is given its own seat's view only.  A game whose views differ by seat says so by
    # implementing ``view`` (``hides_information``).

    def view(self, state, seat: int | None):
        """``state`` as ``seat`` may know it (a player, or None for a spectator).  By default
        the concealed state (see "sealed plies"), the same for every seat."""
        return self.concealed(state)

    def guess(self, seen, seat: int | None, rng):
        """A full state ``seat`` could be in, drawn at random from ``seen`` (its view): what a
        search that may not look at hidden things plays from, one guess per iteration
        (``ai/mcts.py``).  ``view(guess(seen), seat) == seen``.  By default ``seen`` itself;
        a game that hides information implements it."""
        if self.hides_information():
            raise NotImplementedError(f"{self.name} hides information but cannot guess it")
        return seen

    @classmethod
    def hides_information(cls) -> bool:
        """Whether seats may know different things (the game implements ``view``)."""
        return cls.view is not Rules.view

    # -- chance plies (rolls of dice) -----------------------------------------------------
    # A game of dice records each roll as a ply of its own, a *chance ply*: ``to_move`` is
    # CHANCE, ``legal_moves`` lists every distinct roll once and ``probability`` gives each
    # one's chance.  The room draws the roll with ``roll`` from a cryptographic source when
    # it is due, and plays it like any move, so a record, a link or a saved game replays the
    # very same dice; tests and bot matches pass a seeded ``random.Random`` instead.

    def probability(self, state, move) -> float:
        """The chance of the roll ``move`` at a chance ply; a game with rolls implements it."""
        raise NotImplementedError(f"{self.name} has no chance plies")

    def roll(self, state, rng):
        """A roll drawn at the chance ply ``state`` with ``rng`` (``random.Random`` or
        ``random.SystemRandom``): by default one of the legal rolls, by their probabilities.
        A game may draw its dice one by one instead, with the same distribution."""
        moves = self.legal_moves(state)
        return rng.choices(moves, [self.probability(state, move) for move in moves])[0]

    def random_move(self, state, rng, moves=None):
        """A random move for test games, openings and benchmarks: at a roll, a roll drawn by
        its chances; otherwise one of the legal moves, each as likely (``moves``: the legal
        moves, where the caller has them already)."""
        if self.to_move(state) == CHANCE:
            return self.roll(state, rng)
        return rng.choice(self.legal_moves(state) if moves is None else moves)

    @classmethod
    def has_chance(cls) -> bool:
        """Whether the game ever has a chance ply (it implements ``probability``)."""
        return cls.probability is not Rules.probability

    # -- provided -------------------------------------------------------------------------
    def play(self, state, move):
        """The state after ``move``; IllegalMove if it is not legal here.  Never mutates."""
        if move not in self.legal_moves(state):
            raise IllegalMove("move.not-legal",
                              move=excerpt(self.describe_move(move), quoted=False))
        return self.apply(state, move)

    def describe_move(self, move) -> str:
        try:
            return self.move_name(move)
        except Exception:  # a malformed move value has no name
            return repr(move)

    def parse_move(self, text: str, state):
        """The legal move written as ``text``.  The default accepts exactly the canonical
        names; games with short forms override it."""
        text = text.strip()
        for move in self.legal_moves(state):
            if self.move_name(move) == text:
                return move
        self.check_notation(text)
        raise IllegalMove("move.not-legal", move=excerpt(text, quoted=False))

    def check_notation(self, text: str) -> None:
        """Raise InvalidMove if ``text`` is not written in this game's notation."""
        raise InvalidMove("move.notation", move=excerpt(text), title=self.title)

    def replay(self, names, state=None):
        """The state after the moves named in ``names``; the error says which ply failed."""
        state = self.initial_state() if state is None else state
        for ply, text in enumerate(names, 1):
            try:
                move = self.parse_move(text, state)
            except (IllegalMove, InvalidMove) as error:
                raise error.wrapped("at-ply", ply=ply) from None
            state = self.apply(state, move)
        return state

    # -- positions as text ----------------------------------------------------------------
    # A position is one line of words separated by spaces, like chess's FEN:
    #   the pieces: ``token:cell,cell`` groups joined by ``;`` (``-`` for an empty board);
    #   the side to move: ``w`` (player 0) or ``b`` (player 1);
    #   then the counters the rules need, ``name=value`` (``ply=12``), from ``position_counters``.
    # ``pawn.0:c3;pawn.1:e5;block:a1,a2,b4 w ply=12`` is a Barrier position.  Writing needs only
    # ``pieces`` and ``to_move``; reading needs the game's ``position_from``, which builds the
    # state and refuses what its rules cannot reach.  ``read_position`` then checks that the
    # state shows exactly the pieces read and has the side read to move.

    def position_text(self, state) -> str:
        """``state`` as a position text (see above); ``read_position`` reads it back."""
        order = {name: index for index, name in enumerate(self.cell_names())}
        groups: dict[str, list[str]] = {}
        for cell, token in sorted(self.pieces(state).items(), key=lambda item: order[item[0]]):
            groups.setdefault(token, []).append(cell)
        board = ";".join(f"{token}:{','.join(cells)}" for token, cells in groups.items()) or "-"
        counters = [f"{name}={value}" for name, value in self.position_counters(state).items()]
        return " ".join([board, "wb"[self.to_move(state)], *counters])

    def position_counters(self, state) -> dict[str, object]:
        """The counters a position text carries besides the pieces and the side to move, in
        the order they are written (values without spaces): none by default."""
        return {}

    def position_counter_names(self) -> list[str]:
        """Every counter a position text may carry: by default those of the initial state."""
        return list(self.position_counters(self.initial_state()))

    def position_from(self, pieces: dict[str, str], mover: int, counters: dict[str, str]):
        """The state with these ``pieces`` ({cell: token}), ``mover`` to move and these
        ``counters`` ({name: text}); a Problem for what the rules cannot reach.  Games with
        perfect information implement it."""
        raise Problem("position.unsupported", game=self.title)

    def read_position(self, text: str):
        """The state written as ``text`` by ``position_text``; a Problem naming what is wrong."""
        pieces, mover, counters = self.parse_position(text)
        state = self.position_from(pieces, mover, counters)
        shown = self.pieces(state)
        for cell in self.cell_names():
            if shown.get(cell) != pieces.get(cell):
                token = pieces.get(cell) or shown.get(cell)
                raise Problem("position.piece", piece=excerpt(token, quoted=False), cell=cell,
                              game=self.title)
        if self.outcome(state) is None and self.to_move(state) != mover:
            raise Problem("position.mover", player=self.to_move(state), opponent=mover)
        return state

    def parse_position(self, text: str) -> tuple[dict[str, str], int, dict[str, str]]:
        """The pieces ({cell: token}), the mover and the counters ({name: text}) of a position
        text, checked for form: real cells, real piece tokens, each cell once."""
        words = text.split() if isinstance(text, str) and len(text) <= 20000 else []
        if len(words) < 2 or words[1] not in ("w", "b"):
            raise Problem("position.malformed", position=excerpt(text))
        cells = set(self.cell_names())
        pieces: dict[str, str] = {}
        for group in ([] if words[0] == "-" else words[0].split(";")):
            token, colon, names = group.partition(":")
            try:
                read_piece(token)
            except ValueError:
                raise Problem("position.malformed", position=excerpt(group)) from None
            for cell in names.split(",") if colon else [""]:
                if cell not in cells:
                    raise Problem("position.cell", cell=excerpt(cell), game=self.title)
                if cell in pieces:
                    raise Problem("position.twice", cell=cell)
                pieces[cell] = token
        counters: dict[str, str] = {}
        for word in words[2:]:
            name, eq, value = word.partition("=")
            if not eq or name in counters:
                raise Problem("position.malformed", position=excerpt(word))
            counters[name] = value
        known = self.position_counter_names()
        for name in counters:
            if name not in known:
                raise Problem("position.counter", counter=excerpt(name), game=self.title,
                              counters=known or ["-"])
        return pieces, "wb".index(words[1]), counters

    def cell_names(self) -> list[str]:
        """Every cell's name, in the layout's order (kept: a layout takes time to draw)."""
        names = self.__dict__.get("_cell_names")
        if names is None:
            names = self._cell_names = [cell["name"] for cell in self.layout()["cells"]]
        return names

    def cells_of(self, pieces: dict[str, str], values: dict[str, object], size: int,
                 index) -> list:
        """A board list of ``size`` cells from a position's pieces: ``values`` maps each token
        this game knows to what its board holds (0 for an empty cell), ``index`` a cell name
        to its place; a Problem for any other token."""
        board = [0] * size
        for name, token in pieces.items():
            if token not in values:
                raise Problem("position.piece", piece=excerpt(token, quoted=False), cell=name,
                              game=self.title)
            board[index(name)] = values[token]
        return board

    def refuse_decided(self, state):
        """``state``, or a Problem when the game is already over there (a game that keeps
        its result in the state reads only open positions)."""
        outcome = self.outcome(state)
        if outcome is not None:
            raise Problem("position.over", **outcome.message_params(self))
        return state

    @staticmethod
    def counter(counters: dict[str, str], name: str, low: int, high: int, default: int = 0) -> int:
        """The integer counter ``name`` of a position text (``default`` when absent); a Problem
        when it is not an integer from ``low`` to ``high``."""
        text = counters.get(name)
        if text is None:
            return default
        if not re.fullmatch(r"\d{1,6}", text) or not low <= int(text) <= high:
            raise Problem("position.counter-value", counter=name, value=excerpt(text),
                          low=low, high=high)
        return int(text)

    @classmethod
    def seals_plies(cls) -> bool:
        """Whether this game ever seals a ply (it overrides ``sealed``): the page then knows,
        before any move, that a record sent to the other player would reveal a sealed one."""
        return cls.sealed is not Rules.sealed


class Game(Rules, Shown):
    """Base class of every game: the rules (``Rules``, above) and how the page shows and
    clicks them (``Shown``, in shown.py).  Subclasses set ``name``, ``title``, ``options``,
    ``texts`` and implement the methods that have no default: ``initial_state``,
    ``to_move``, ``legal_moves``, ``apply``, ``outcome``, ``move_name``, ``pieces`` of the
    rules, ``clicks``, ``layout``, ``diagram`` of the shown half."""


def perft(game: Game, state, depth: int) -> int:
    """The number of move sequences of length ``depth`` from ``state``; a finished game has no
    continuation, so it adds nothing at greater depths."""
    if depth == 0:
        return 1
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(perft(game, game.apply(state, move), depth - 1) for move in moves)


# -- registry -----------------------------------------------------------------------------
_GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator adding a game to the registry under ``cls.name``; the error messages of
    its own (``Game.messages``) join the shared table."""
    _GAMES[cls.name] = cls
    MESSAGES.update(cls.__dict__.get("messages", {}))
    return cls


def game_names() -> list[str]:
    """The registered games, in menu order (alphabetical by title)."""
    return sorted(_GAMES, key=lambda name: _GAMES[name].title.lower())


def game_class(name: str) -> type[Game]:
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        raise Problem("game.unknown", game=excerpt(name), games=game_names()) from None


_SPEC = re.compile(r"\s*([a-z][a-z0-9_]*)\s*(?:\((.*)\))?\s*")


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``name(key=value,...)`` into the name and the raw option texts."""
    if not isinstance(spec, str) or len(spec) > 200:
        raise Problem("game.spec")
    match = _SPEC.fullmatch(spec)
    if not match:
        raise Problem("game.malformed", spec=excerpt(spec))
    name, body = match.group(1), match.group(2)
    raw: dict[str, str] = {}
    parts = body.split(",") if body and body.strip() else []
    for part in parts:
        key, eq, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not re.fullmatch(r"[a-z_][a-z0-9_]*", key) or not value:
            raise Problem("game.malformed-option", option=excerpt(part.strip()),
                          spec=excerpt(spec))
        if key in raw:
            raise Problem("game.option-twice", option=excerpt(key), spec=excerpt(spec))
        raw[key] = value
    return name, raw


def load_game(spec: str) -> Game:
    """The game described by ``spec``, e.g. ``"barrier"``, ``"havannah(size=8,swap=true)"``.

    >>> load_game("barrier(size=6)").spec
    'barrier(size=6)'
    """
    name, raw = parse_spec(spec)
    cls = game_class(name)
    known = {option.name: option for option in cls.options}
    values = {}
    for key, text in raw.items():
        if key not in known:
            raise Problem("game.unknown-option", game=name, option=excerpt(key),
                          options=list(known))
        values[key] = known[key].parse(name, text)
    return cls(**values)
