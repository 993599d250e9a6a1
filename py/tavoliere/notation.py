"""Game records: a text format for every game, and SGF for Havannah (ours, Little Golem's),
Go and Connect6 (the games that describe their own SGF, below).

``export_record(spec, moves, tags)`` and ``export_sgf(spec, moves, tags)`` write a record;
``parse_record(text)`` reads either kind and returns ``Record(game, moves, tags, study)``: the
canonical spec, the canonical move names of the main line (a tuple), every tag but ``Game`` (a
dict of texts) and the whole tree with its comments, marks and variations
(``tavoliere.study.Study``; docs/records.md).  Errors are ``RecordError`` (a
``messages.Problem``, so a ValueError with a code and params); a bad move raises
``RecordMoveError``, which also carries ``ply`` and ``text``.

The text record
---------------
A record is a few tag lines, then the moves::

    [Game "havannah(size=8,swap=true)"]
    [White "Anna"]
    [Black "Computer, level 3"]
    [Date "2026-11-22"]
    [Result "White wins: ring"]

    1. e5 h8 2. d4 swap 3. f6 {a comment} g7 ...

- A **tag line** is ``[Name "value"]`` on a line of its own: the name is a letter followed by
  letters, digits or ``_``; the value is written between double quotes, with ``\\"`` for a quote
  and ``\\\\`` for a backslash.  Tags come before the moves, each name at most once.
- ``Game`` is required: the game spec, as in the new-game dialog (``barrier``,
  ``barrier(size=6)``, ``hekka(areas=symmetric)``, ``havannah(size=8,swap=true)``,
  ``hexade(size=8)``).  The export writes it in canonical form.
- ``White``, ``Black`` (the players' names) and ``Date`` are written when known.  ``Result``
  is computed by the export from the moves: the engine's words for a finished game
  (``White wins: ring``, ``Black wins: White has no legal move``, ``Draw: the board is
  full``...); for an unfinished game a ``Result`` given by the caller (``White wins: Black
  resigned``), else ``*``.  Any other tag is kept as it is and written after these.
  On import every tag is kept as plain text (nothing in it is ever interpreted); the
  engine's own outcome of the moves is what counts, whatever ``Result`` says.
- The **moves** are the game's move names (RULES.md), in order, separated by spaces or line
  breaks: Barrier ``c4`` then ``c4-d4-e4-e3``; Hekka ``c4-c5-d5-e5/d5``; Havannah ``j10`` and
  ``swap``; Hexade ``j10``.  The export numbers them by turn, White's and Black's move
  sharing a number: ``1. e5 h8 2. d4 swap``.  The import accepts the moves with or without
  numbers (``1.e5`` and ``1... h8``, Black's move of turn 1, are accepted too; a number that
  does not fit its place is refused, since it usually means a move was lost), upper or
  lower case, any short form the game accepts (Barrier ``e3`` for ``c4-d4-e4-e3`` when
  only one path fits), comments in braces ``{...}`` (not nested), variations in
  parentheses, move marks, and a final ``*``, ``1-0``, ``0-1`` or ``1/2-1/2``, which is
  ignored (``tavoliere.study`` reads the move section; docs/records.md).
- The import replays every move and stops at the first one that is not legal, naming it by
  ply (a ply is one player's move; ply 1 is White's first) and text:
  ``ply 7 (c4-d4): c4-d4 is not legal here: ...``.  Records longer than 200,000 characters
  or with more than 5,000 moves are refused.

SGF records for Havannah
------------------------
``export_sgf`` writes ``(;FF[4]GM[havannah]SZ[8]RU[havannah(size=8,swap=true)]AP[Tavoliere]
PW[..]PB[..]DT[..]RE[W+ring];W[e5];B[swap];W[d4]...)``: SZ is the base, RU the full spec,
White moves first and is ``W``, the cells are in this project's notation (RULES.md 3.1) and
RE is ``W+reason``, ``B+reason`` or ``0`` (draw), absent while the game is unfinished.
``Event``, ``Site`` and ``Comment`` tags become EV, PC and GC.  ``parse_record`` reads such
files (any text starting with ``(;``), other Havannah SGF in the same notation
(``GM[havannah]``, e.g. Castro's), and Little Golem's files.

Little Golem (littlegolem.net) Havannah files
---------------------------------------------
A Little Golem file (``SO[http://www.littlegolem.com]`` or ``RU[LG]``) looks like::

    (;FF[4]EV[null]PB[Jeroen]PW[Canteli]SZ[8]RU[LG]RE[W]GC[ game #1014525]
    SO[http://www.littlegolem.com];W[M3];B[swap];W[H3];B[N2];...;B[L3])

- **Cells.**  SZ is the base n.  A cell is an upper-case letter (a row, ``A`` = 0 up to
  ``2n-2``) and a number counting the cells *of that row* from 1, so every row starts at 1.
  Our notation keeps the letter and shifts the numbers of the rows past the middle one::

      LG  Xk  ->  ours  xN  with  N = k + max(0, L - (n-1)),  L = row of X (A = 0)

  On base 8: A1 -> a1, H15 -> h15, M3 -> m8, O2 -> o9, O8 -> o15 (the six corners A1, A8,
  H1, H15, O1, O8 become ours a1, a8, h1, h15, o8, o15).  The rules are the same under the
  12 symmetries of the board, so this mapping is fixed only up to a symmetry; keeping the
  letters is the natural choice (Castro's ``coord_HGF2GA``, used by the bot that played
  there, makes the same shift into its HavannahGui coordinates, which are ours).
- **Evidence** (tests/data/littlegolem: 22 real games, base 8 and 10): taken
  literally, Little Golem's numbers leave the board (``O2``: our letter o carries 8..15 on
  base 8), while with the shift all 22 replay, and each of the 11 that did not end by
  resignation reaches its structure exactly at its last move and not before, for the winner
  RE names (e.g. game 1010428 a fork, 1014532 a ring, 1014525 a bridge through the swapped
  stone); the slow reference implementation agrees.
- **Players.**  The first player's moves are labelled ``W`` and the second's ``B``,
  alternately, whatever happens.  ``swap`` (the second player takes over the first stone;
  the first player moves next) is written ``B[swap]``; a ``B`` move repeating the first
  cell is read as a swap too.  ``resign`` may end the list.
- **Names and result** follow Little Golem's own colours, where Black moves first: ``PB``
  names the first player (our White) and ``PW`` the second, and ``RE[B]`` means the first
  player won, ``RE[W]`` the second.  Evidence: in every real file where the game ended on a
  structure, RE is the opposite letter of the winning move's label, and a resigning player
  is the one RE does not name.  Which *name* played first the moves cannot show; that rests
  on HavannahGui's import notes (it swaps Little Golem's colours, names and ratings "so white
  is the first player") and on habits: kpatrick, PB in games 1009693, 1009695, 1010427 and
  1010429, opens at F10 or E10 in all four.  The import checks the result against the
  replay and refuses a file whose RE contradicts it.
- The spec is ``havannah(size=n,swap=true)``: Little Golem plays Havannah with the swap.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .core import MAX_PLIES, IllegalMove, InvalidMove, game_class, game_names, load_game
from .messages import Problem, excerpt

__all__ = ["Record", "RecordError", "RecordMoveError", "export_record", "parse_record",
           "export_sgf", "little_golem_cell", "MAX_TEXT", "MAX_MOVES"]

MAX_TEXT = 200_000   # characters in a record
MAX_MOVES = MAX_PLIES  # moves (plies) in a record
PLAYERS = ("White", "Black")
FIRST_TAGS = ("Game", "White", "Black", "Date", "Result")
RESULT_TOKENS = ("*", "1-0", "0-1", "1/2-1/2")

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_TAG_LINE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TURN = re.compile(r"(\d+)(\.+)(.*)")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SGF_PROPERTY = re.compile(r"[A-Za-z]+")


class RecordError(Problem):
    """A record that cannot be read or written; the message says where and why."""


class RecordMoveError(RecordError):
    """A move of a record that is not in the game's notation or not legal at its ply;
    ``reason`` is the Problem with that move, and the message is ``record.move`` around it."""

    def __init__(self, ply: int, text: str, reason: Problem):
        inner = [reason.code, *reason.params.get("inner", ())]
        super().__init__("record.move", **{**reason.params, "ply": ply,
                                           "entry": excerpt(text, 16, quoted=False), "inner": inner})
        self.ply, self.text, self.reason = ply, text, reason


@dataclass(frozen=True)
class Record:
    """A checked game record: the canonical spec, the canonical move names, the other tags."""

    game: str
    moves: tuple[str, ...]
    tags: dict[str, str] = field(default_factory=dict)
    # the whole tree (``tavoliere.study.Study``): comments, marks, variations; ``moves`` is
    # its main line.  Left out of comparisons, so a Record still equals its flat form.
    study: object = field(default=None, compare=False, repr=False)


# -- shared checks ------------------------------------------------------------------------------
def _check_size(text) -> str:
    if not isinstance(text, str):
        raise RecordError("record.not-text")
    if len(text) > MAX_TEXT:
        raise RecordError("record.too-long", length=len(text), max=MAX_TEXT)
    bad = _CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise RecordError("record.control-char", line=line, char=f"U+{ord(bad.group()):04X}")
    return text.removeprefix("\ufeff")


def _load(spec: str):
    try:
        return load_game(spec)
    except Problem as error:
        raise error.wrapped("record.game-tag", RecordError,
                            game_tag=excerpt(spec, quoted=False)) from None


def play_record_move(game, state, text: str, ply: int):
    """The canonical name of ``text`` played at ``state`` (ply ``ply`` of a record) and the
    next state; RecordMoveError if it is not in the notation, not legal, or played after the
    end of the game."""
    outcome = game.outcome(state)
    if outcome is not None:
        raise RecordMoveError(ply, text, Problem("record.game-over",
                                                 **outcome.message_params(game)))
    try:
        move = game.parse_move(text, state)
    except (InvalidMove, IllegalMove) as error:
        raise RecordMoveError(ply, text, error) from None
    return game.move_name(move), game.apply(state, move)


def _replay(game, texts):
    """The canonical names of ``texts`` and the final state; RecordMoveError at the first bad
    move (not in the notation, not legal, or played after the end of the game)."""
    if len(texts) > MAX_MOVES:
        raise RecordError("record.too-many-moves", count=len(texts), max=MAX_MOVES)
    state, names = game.initial_state(), []
    for ply, text in enumerate(texts, 1):
        name, state = play_record_move(game, state, text, ply)
        names.append(name)
    return tuple(names), state


def _checked_tags(tags) -> dict[str, str]:
    tags = dict(tags or {})
    for name, value in tags.items():
        if not isinstance(name, str) or not _TAG_NAME.fullmatch(name):
            raise RecordError("record.tag-name", name=excerpt(name))
        if not isinstance(value, str) or _CONTROL.search(value) or "\n" in value or "\r" in value:
            raise RecordError("record.tag-value", name=excerpt(name, quoted=False))
    return tags


# -- the text record ------------------------------------------------------------------------------
def export_record(spec: str, moves, tags: dict | None = None) -> str:
    """The text record of the game ``spec`` after ``moves`` (names; short forms are written out
    in full).  ``tags`` may give White, Black, Date, a Result for an unfinished game, and any
    other tag; Game comes from ``spec``.  Sealed plies still waiting for the rest of their
    round (``Game.sealed``) are left out: a record shows what both players may see.
    RecordError for a bad spec, move or tag."""
    game = _load(spec)
    names, state = _replay(game, list(moves))
    hidden = game.sealed(state)
    if hidden:  # a record holds revealed plies only (a round of sealed moves once complete)
        names = names[:-hidden]
    tags = _checked_tags(tags)
    tags.pop("Game", None)
    outcome = game.outcome(state)
    if outcome is not None:
        tags["Result"] = game.outcome_text(outcome)
    tags["Result"] = tags.get("Result") or "*"
    lines = [_tag_line("Game", game.spec)]
    lines += [_tag_line(name, tags[name]) for name in FIRST_TAGS[1:] if tags.get(name)]
    lines += [_tag_line(name, value) for name, value in tags.items() if name not in FIRST_TAGS]
    lines.append("")
    lines += _wrap(_numbered(names))
    return "\n".join(lines) + "\n"


def _tag_line(name: str, value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _numbered(names) -> list[str]:
    """``1. e5``, ``h8``, ``2. d4``...: White's move carries the turn number."""
    return [f"{ply // 2 + 1}. {name}" if ply % 2 == 0 else name for ply, name in enumerate(names)]


def _wrap(units: list[str], width: int = 79) -> list[str]:
    lines, line = [], ""
    for unit in units:
        if line and len(line) + 1 + len(unit) > width:
            lines.append(line)
            line = unit
        else:
            line = f"{line} {unit}" if line else unit
    return lines + [line] if line else lines


def parse_record(text: str) -> Record:
    """The record written in ``text``: a text record, or an SGF record of Havannah (ours or
    Little Golem's) when it starts with ``(;``.  Every move is checked by replaying it.
    RecordError (a ValueError) says what is wrong and where."""
    text = _check_size(text)
    if text.lstrip().startswith("(;"):
        return _parse_sgf(text)
    # only line feeds end lines: a tag value may hold any other character (U+2028 too)
    tags, moves_text, first_line = _split_tags(text.replace("\r\n", "\n").replace("\r", "\n"))
    if "Game" not in tags:
        raise RecordError("record.no-game-tag")
    game = _load(tags.pop("Game"))
    from .study import Study, read_moves
    comment, marks, line = read_moves(game, moves_text, first_line)
    study = Study(game.spec, dict(tags), comment, marks, line)
    return Record(game.spec, study.main_line(), tags, study)


def _split_tags(text: str) -> tuple[dict[str, str], str, int]:
    """The tags, the text of the moves and the line number where the moves start."""
    lines = text.split("\n")
    tags: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line:
            continue
        if not line.startswith("["):
            return tags, "\n".join(lines[number - 1:]), number
        match = _TAG_LINE.fullmatch(line)
        if not match:
            raise RecordError("record.malformed-tag", line=number, text=excerpt(line))
        name, value = match.group(1), re.sub(r'\\(["\\])', r"\1", match.group(2))
        if name in tags:
            raise RecordError("record.tag-twice", line=number, name=excerpt(name, quoted=False))
        tags[name] = value
    return tags, "", len(lines) + 1


def _check_turn(number: str, dots: str, ply: int, line: int, first: int = 0) -> None:
    """``7.`` must come before the first mover's move of turn 7 (ply 13), ``7...`` before the
    second's (the first mover is White unless an option lets Black begin)."""
    turn, second = (ply + 1) // 2, (ply + 1) % 2
    expected = f"{turn}." if second == 0 else f"{turn}..."
    # a number longer than any record's turns is wrong, and too long for int() to read
    if len(number) > 6 or int(number) != turn or (len(dots) > 1) != (second == 1):
        raise RecordError("record.turn-number", line=line,
                          written=excerpt(f"{number}{dots}", quoted=False), ply=ply,
                          player=first ^ second, turn=turn, expected=expected)


# -- SGF ------------------------------------------------------------------------------------------
def export_sgf(spec: str, moves, tags: dict | None = None) -> str:
    """The SGF record of a Havannah game (see the module docstring), or of a game that
    describes its own SGF (``sgf_root``: Go)."""
    game = _load(spec)
    if hasattr(game, "sgf_root"):
        return _export_game_sgf(game, list(moves), tags)
    if game.name != "havannah":
        raise RecordError("sgf.havannah-only", title=game.title)
    names, state = _replay(game, list(moves))
    tags = _checked_tags(tags)
    root = [("FF", "4"), ("GM", "havannah"), ("SZ", str(game.settings["size"])),
            ("RU", game.spec), ("AP", "Tavoliere")]
    for tag, prop in (("White", "PW"), ("Black", "PB"), ("Date", "DT"), ("Event", "EV"),
                      ("Site", "PC"), ("Comment", "GC")):
        if tags.get(tag):
            root.append((prop, tags[tag]))
    outcome = game.outcome(state)
    if outcome is not None:
        root.append(("RE", "0" if outcome.winner is None
                     else f"{'WB'[outcome.winner]}+{outcome.reason}"))
    lines = ["(;" + "".join(f"{prop}[{_sgf_escape(value)}]" for prop, value in root)]
    lines += _wrap([f";{'WB'[ply % 2]}[{name}]" for ply, name in enumerate(names)])
    return "\n".join(lines) + ")\n"


def _sgf_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _sgf_nodes(text: str) -> list[list[tuple[str, str]]]:
    """The nodes of the main line of the first game tree, each a list of (property, value).
    The main line takes the first variation at every branch; the others are skipped."""
    nodes: list[list[tuple[str, str]]] = []
    trees: list[list] = []   # the open trees: [on the main line?, subtrees seen so far]
    current = None           # the node being read
    i = text.index("(;")
    while i < len(text):
        char = text[i]
        if char == "(":
            parent = trees[-1] if trees else None
            trees.append([parent is None or (parent[0] and parent[1] == 0), 0])
            if parent:
                parent[1] += 1
            current = None
        elif char == ")":
            if not trees:
                raise RecordError("sgf.close-nothing", position=i + 1)
            trees.pop()
            current = None
            if not trees:
                if text[i + 1:].strip():
                    raise RecordError("sgf.text-after-end")
                return nodes
        elif char == ";":
            if not trees or trees[-1][1]:
                raise RecordError("sgf.node-outside", position=i + 1)
            current = []   # a node off the main line is read, then dropped
            if trees[-1][0]:
                nodes.append(current)
        elif _SGF_PROPERTY.match(char):   # a property's name is ASCII letters only
            if current is None:
                raise RecordError("sgf.property-outside", position=i + 1)
            match = _SGF_PROPERTY.match(text, i)
            prop = "".join(c for c in match.group() if c.isupper())   # FF[3] allowed "GaMe"
            i = match.end()
            values = []
            while True:
                while i < len(text) and text[i].isspace():
                    i += 1
                if i >= len(text) or text[i] != "[":
                    break
                value, i = _sgf_value(text, i)
                values.append(value)
            if not values:
                raise RecordError("sgf.no-value", name=excerpt(match.group()))
            current += [(prop, value) for value in values]
            continue
        elif not char.isspace():
            raise RecordError("sgf.unexpected", char=excerpt(char), position=i + 1)
        i += 1
    raise RecordError("sgf.unfinished")


def _sgf_value(text: str, i: int) -> tuple[str, int]:
    """The value in brackets starting at ``text[i] == "["``, unescaped, and the index after it."""
    out, i = [], i + 1
    while i < len(text):
        char = text[i]
        if char == "\\" and i + 1 < len(text):
            if text[i + 1] != "\n":   # a backslash before a line break removes it (SGF)
                out.append(text[i + 1])
            i += 2
        elif char == "]":
            return "".join(out), i + 1
        else:
            out.append(char)
            i += 1
    raise RecordError("sgf.value-open")


def little_golem_cell(text: str, base: int) -> str:
    """Our name of Little Golem's cell ``text`` (e.g. ``M3`` -> ``m8`` on base 8), or
    InvalidMove.  Little Golem numbers each row from 1; see the module docstring."""
    match = re.fullmatch(r"([A-Za-z])(\d{1,2})", text.strip())
    if not match:
        raise InvalidMove("lg.not-a-cell", cell=excerpt(text))
    row, k = ord(match.group(1).upper()) - ord("A"), int(match.group(2))
    middle = base - 1
    length = 2 * base - 1 - abs(row - middle)   # cells in this row
    if row > 2 * middle or not 1 <= k <= length:
        raise InvalidMove("lg.off-board", cell=excerpt(text.strip(), quoted=False), base=base)
    return f"{chr(ord('a') + row)}{k + max(0, row - middle)}"


def _parse_sgf(text: str) -> Record:
    """The main line read and checked as before, then the whole tree (``study.sgf_study``)."""
    from .study import sgf_study
    record = _parse_sgf_main_line(text)
    game = _load(record.game)
    if hasattr(game, "sgf_move"):
        def move_text(prop, value, ply):
            return value if prop == "TP" else game.sgf_move(value)

        def point_name(value):
            name = game.sgf_move(value)
            if name == game.sgf_move(""):
                raise RecordError("study.mark-cell", cell=excerpt(value))
            return name
    else:
        root = dict(reversed(_sgf_nodes(text)[0]))
        little_golem = ("littlegolem" in root.get("SO", "").lower().replace(" ", "")
                        or root.get("RU", "").strip().upper() == "LG")
        base = game.settings["size"]

        def point_name(value):
            value = value.strip()
            if not little_golem:
                return value.lower()
            try:
                return little_golem_cell(value, base)
            except InvalidMove as error:
                raise RecordError("study.mark-cell", cell=excerpt(value)) from error

        def move_text(prop, value, ply):
            value = value.strip()
            if prop == "TP" or value.lower() == "resign":
                return None
            if value.lower() == "swap" or (little_golem and ply == 2 and record.moves
                                           and point_name(value) == record.moves[0]):
                return "swap"
            try:
                return point_name(value)
            except RecordError:
                return value   # the replay names the bad move
    return Record(record.game, record.moves, record.tags,
                  sgf_study(text, record, move_text, point_name))


def _parse_sgf_main_line(text: str) -> Record:
    nodes = _sgf_nodes(text)
    if not nodes:
        raise RecordError("sgf.no-node")
    root: dict[str, str] = {}
    for prop, value in nodes[0]:
        root.setdefault(prop, value)
    little_golem = ("littlegolem" in root.get("SO", "").lower().replace(" ", "")
                    or root.get("RU", "").strip().upper() == "LG")
    own = _sgf_game_class(root.get("GM", "").strip())
    if own is not None:
        return _parse_game_sgf(own, nodes)
    foreign = _foreign_sgf_class(nodes[0])
    if foreign is not None:
        cls, colours = foreign
        return _parse_game_sgf(cls, nodes, colours)
    if root.get("GM", "havannah").strip().lower() != "havannah":
        raise RecordError("sgf.not-havannah", gm=excerpt(root["GM"], quoted=False))
    plies = [(prop, value.strip()) for node in nodes[1:] for prop, value in node
             if prop in ("W", "B")]
    if len(plies) > MAX_MOVES + 1:
        raise RecordError("record.too-many-moves", count=len(plies), max=MAX_MOVES)
    game = _sgf_game(root, little_golem, any(v.lower() == "swap" for _, v in plies))
    base = game.settings["size"]
    texts, resigned = [], None
    for ply, (label, value) in enumerate(plies, 1):
        if resigned is not None:
            raise RecordMoveError(ply, value, Problem("sgf.after-resignation"))
        if label != "WB"[(ply - 1) % 2]:
            raise RecordMoveError(ply, value, Problem("sgf.wrong-player", ply=ply,
                                                      player="WB".index(label),
                                                      opponent=(ply - 1) % 2))
        if value.lower() == "resign":
            resigned = (ply - 1) % 2
            continue
        if little_golem and ply == 2 and value.upper() == plies[0][1].upper():
            value = "swap"   # the second player repeating the first cell takes it over
        if little_golem and value.lower() != "swap":
            try:
                value = little_golem_cell(value, base)
            except InvalidMove as error:
                raise RecordMoveError(ply, value, error) from None
        texts.append(value.lower())
    names, state = _replay(game, texts)
    tags = _sgf_tags(root, little_golem)
    tags["Result"] = _sgf_result(game, state, root.get("RE", "").strip(), little_golem, resigned)
    return Record(game.spec, names, tags)


# -- SGF of a game that describes its own (Go) ---------------------------------------------------
# Such a game class has ``sgf_gm`` (its GM value), ``sgf_colours`` (the SGF letters of players
# 0 and 1), ``sgf_root()`` (its root properties), ``sgf_spec(root)`` (our spec for a root read:
# each property with its list of values), ``sgf_ply(move)`` (a ply's property and value; an
# empty property means B or W, whoever is to move), ``sgf_move(value)`` (our name of a B/W
# value) and ``sgf_result(outcome)`` (RE).  A ply SGF has no words for is written
# ``TP[name]`` (a private property holding the ply in our notation); the text record's tags
# ``White`` and ``Black`` name the players by seat (player 0, player 1), so for Go, where player
# 0 is Black, ``White`` becomes PB.

def _sgf_game_class(gm: str):
    """The game class whose SGF has GM[gm], or None (Havannah is read by the code above)."""
    for name in game_names():
        cls = game_class(name)
        if getattr(cls, "sgf_gm", None) == gm:
            return cls
    return None


def _foreign_sgf_class(root_props):
    """(game class, its colour letters there) for another site's file that a game class
    recognises (``sgf_foreign_colours``: Little Golem's Connect6), or None."""
    root: dict[str, list[str]] = {}
    for prop, value in root_props:
        root.setdefault(prop, []).append(value)
    for name in game_names():
        cls = game_class(name)
        colours = getattr(cls, "sgf_foreign_colours", lambda root: None)(root)
        if colours:
            return cls, colours
    return None


def _export_game_sgf(game, moves: list, tags) -> str:
    names, state = _replay(game, moves)
    tags = _checked_tags(tags)
    colours = game.sgf_colours
    root = [("FF", "4"), ("GM", game.sgf_gm), *game.sgf_root(), ("AP", "Tavoliere")]
    for tag, prop in ((PLAYERS[0], f"P{colours[0]}"), (PLAYERS[1], f"P{colours[1]}"),
                      ("Date", "DT"), ("Event", "EV"), ("Site", "PC"), ("Comment", "GC")):
        if tags.get(tag):
            root.append((prop, tags[tag]))
    outcome = game.outcome(state)
    if outcome is not None:
        root.append(("RE", game.sgf_result(outcome)))
    head = "(;"     # a property once per node, with all its values (AB[cg][gc])
    for at, (prop, value) in enumerate(root):
        head += ("" if at and root[at - 1][0] == prop else prop) + f"[{_sgf_escape(value)}]"
    nodes, state = [], game.initial_state()
    for name in names:
        move = game.parse_move(name, state)
        prop, value = game.sgf_ply(move)
        nodes.append(f";{prop or colours[game.to_move(state)]}[{_sgf_escape(value)}]")
        state = game.apply(state, move)
    return "\n".join([head, *_wrap(nodes)]) + ")\n"


def _parse_game_sgf(cls, nodes, colours: str | None = None) -> Record:
    """``colours``: the SGF letters of players 0 and 1 in this file, when another site's
    differ from ours (``cls.sgf_colours``)."""
    colours = colours or cls.sgf_colours
    root: dict[str, list[str]] = {}
    for prop, value in nodes[0]:
        root.setdefault(prop, []).append(value)
    try:
        spec = cls.sgf_spec(root)
    except Problem as error:
        raise error.wrapped("record.game-tag", RecordError,
                            game_tag=excerpt(cls.name, quoted=False)) from None
    game = _load(spec)
    plies = [(prop, value) for node in nodes[1:] for prop, value in node
             if prop in ("W", "B", "TP")]
    if len(plies) > MAX_MOVES:
        raise RecordError("record.too-many-moves", count=len(plies), max=MAX_MOVES)
    state, names = game.initial_state(), []
    for ply, (label, value) in enumerate(plies, 1):
        outcome = game.outcome(state)
        if outcome is not None:
            raise RecordMoveError(ply, value, Problem("record.game-over",
                                                      **outcome.message_params(game)))
        if label != "TP" and label != colours[game.to_move(state)]:
            raise RecordMoveError(ply, value, Problem(
                "sgf.wrong-player", ply=ply, player=colours.index(label),
                opponent=game.to_move(state)))
        try:
            move = game.parse_move(value if label == "TP" else game.sgf_move(value), state)
        except (InvalidMove, IllegalMove) as error:
            raise RecordMoveError(ply, value, error) from None
        names.append(game.move_name(move))
        state = game.apply(state, move)
    tags = {}
    for seat, letter in enumerate(colours):
        if root.get(f"P{letter}"):
            tags[PLAYERS[seat]] = re.sub(r"[\r\n]+", " ", root[f"P{letter}"][0]).strip()
    for prop, tag in (("DT", "Date"), ("EV", "Event"), ("PC", "Site"), ("GC", "Comment")):
        value = re.sub(r"[\r\n]+", " ", root.get(prop, [""])[0]).strip()
        if value:
            tags[tag] = value
    tags = {tag: value for tag, value in tags.items() if value}
    tags["Result"] = _own_sgf_result(game, state, root.get("RE", [""])[0].strip(), colours)
    return Record(game.spec, tuple(names), tags)


def _own_sgf_result(game, state, result: str, colours: str) -> str:
    """The Result tag of a game that describes its own SGF: the engine's outcome, checked
    against RE; else what RE claims (``W+R``, ``B+7.5``, ``0``) in words."""
    names = game.text_table("en")
    player = {seat: names.get(f"player.{seat}", str(seat)) for seat in (0, 1)}
    letter = result[:1].upper()
    claimed = colours.index(letter) if letter in colours and letter else (
        None if result in ("0", "Draw", "draw", "D") else "unknown")
    outcome = game.outcome(state)
    if outcome is not None:
        if claimed not in ("unknown", outcome.winner):
            raise RecordError("record.result-mismatch", result=excerpt(result, quoted=False),
                              **outcome.message_params(game))
        return game.outcome_text(outcome)
    if claimed in (0, 1):
        how = result[2:].strip()
        if how.upper() in ("R", "RESIGN"):
            return f"{player[claimed]} wins: {player[1 - claimed]} resigned"
        return f"{player[claimed]} wins" + (f" by {how}" if how else "")
    return "Draw" if claimed is None else "*"


def _sgf_game(root: dict[str, str], little_golem: bool, has_swap: bool):
    """The game of an SGF root: our RU spec when there is one, else Havannah of base SZ."""
    rules = root.get("RU", "").strip()
    if rules.startswith("havannah"):
        return _load(rules)
    size = root.get("SZ", "").strip()
    if not size:
        raise RecordError("sgf.no-size")
    swap = ",swap=true" if little_golem or has_swap else ""
    return _load(f"havannah(size={size}{swap})")


def _sgf_tags(root: dict[str, str], little_golem: bool) -> dict[str, str]:
    # Little Golem's PB is the first player (our White): see the module docstring.
    names = {"PB": "White", "PW": "Black"} if little_golem else {"PW": "White", "PB": "Black"}
    props = {**names, "DT": "Date", "EV": "Event", "PC": "Site", "SO": "Site", "GC": "Comment"}
    tags: dict[str, str] = {}
    for prop, tag in props.items():
        value = re.sub(r"[\r\n]+", " ", root.get(prop, "")).strip()   # tags are one line
        if value and value != "null" and tag not in tags:
            tags[tag] = value
    return tags


def _sgf_result(game, state, result: str, little_golem: bool, resigned: int | None) -> str:
    """The Result tag: the engine's outcome, or the resignation, checked against RE."""
    claimed = _claimed_winner(result, little_golem)
    outcome = game.outcome(state)
    if outcome is not None:
        if claimed not in ("unknown", outcome.winner):
            raise RecordError("record.result-mismatch", result=excerpt(result, quoted=False),
                              **outcome.message_params(game))
        return game.outcome_text(outcome)
    if resigned is not None:
        if claimed not in ("unknown", 1 - resigned):
            raise RecordError("record.result-resigned", result=excerpt(result, quoted=False),
                              player=resigned)
        return f"{PLAYERS[1 - resigned]} wins: {PLAYERS[resigned]} resigned"
    if claimed in (0, 1):
        return f"{PLAYERS[claimed]} wins"
    return "Draw" if claimed is None else "*"


def _claimed_winner(result: str, little_golem: bool):
    """The winner RE names: 0 (White, who moved first), 1, None for a draw, or "unknown"."""
    letter = result[:1].upper()
    if letter in ("W", "B"):
        winner = "WB".index(letter)
        return 1 - winner if little_golem else winner   # Little Golem: Black moved first
    if result in ("0", "Draw", "draw", "D"):
        return None
    return "unknown"
