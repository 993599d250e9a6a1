"""Studies: a record whose moves form a tree, with comments, move marks and board marks.

``Study`` is the value the page holds for an annotated game: the game spec, the tags, a
comment and marks on the starting position, and the main ``line``, a list of ``Node``.  Each
node is one ply (its canonical move name) with an optional ``comment`` (plain text, never
markup), a move mark ``glyph`` (one of ``GLYPHS``), board ``marks`` (``Mark``) and its
``variations``: other lines that replace this very ply, in order.  So the children of a
position are the next node of the line (the main continuation) followed by that node's
variations' first nodes, as in PGN: nesting grows with variations, never with the length of a
line, and a 5,000-ply game is a flat list.

``parse_study(text)`` reads a text record or SGF (see ``docs/records.md``); ``study_text``
and ``study_sgf`` write them; ``Study.to_dict()`` / ``Study.from_dict()`` give the JSON form
the bridge answers.  Every move of every line is replayed and checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .messages import excerpt
from .notation import (MAX_MOVES, RESULT_TOKENS, RecordError, _TURN,
                       _check_turn, _load, _wrap, export_record, play_record_move)

__all__ = ["Mark", "Node", "Study", "parse_study", "study_text", "study_sgf", "GLYPHS",
           "MAX_DEPTH", "MAX_COMMENT", "MAX_NODES"]

GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
NAGS = {f"${number}": glyph for number, glyph in enumerate(GLYPHS, 1)}   # PGN's $1..$6
MARK_KINDS = ("circle", "cross", "label", "arrow")
MAX_DEPTH = 200        # variations inside variations
MAX_COMMENT = 10_000   # characters in one comment
MAX_NODES = 20_000     # plies in all lines together
MAX_LABEL = 3          # characters of a label mark

_CELL = re.compile(r"[a-z]{1,2}\d{1,3}")
_MARK_COMMAND = re.compile(r"\[%(cr|ma|lb|ar)\s+([^\]]*)\]")
_COMMAND_KIND = {"cr": "circle", "ma": "cross", "lb": "label", "ar": "arrow"}


@dataclass(frozen=True)
class Mark:
    """A board mark: a ``circle`` or ``cross`` on ``cell``, a ``label`` ``text`` on it, or an
    ``arrow`` from ``cell`` to ``to``."""

    kind: str
    cell: str
    to: str = ""
    text: str = ""

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "cell": self.cell}
        if self.kind == "arrow":
            out["to"] = self.to
        if self.kind == "label":
            out["text"] = self.text
        return out

    @classmethod
    def from_dict(cls, data) -> Mark:
        if not isinstance(data, dict) or data.get("kind") not in MARK_KINDS:
            raise RecordError("study.mark", mark=excerpt(data))
        mark = cls(data["kind"], str(data.get("cell", "")), str(data.get("to", "")),
                   str(data.get("text", "")))
        _check_mark(mark)
        return mark


@dataclass
class Node:
    """One ply of a line and what the reader wrote about it."""

    move: str
    comment: str = ""
    glyph: str = ""
    marks: list[Mark] = field(default_factory=list)
    variations: list[list[Node]] = field(default_factory=list)

    def to_dict(self) -> dict:
        out: dict = {"move": self.move}
        if self.comment:
            out["comment"] = self.comment
        if self.glyph:
            out["glyph"] = self.glyph
        if self.marks:
            out["marks"] = [mark.to_dict() for mark in self.marks]
        if self.variations:
            out["variations"] = [[node.to_dict() for node in line] for line in self.variations]
        return out


@dataclass
class Study:
    """An annotated game: spec, tags, the starting position's comment and marks, the main line."""

    game: str
    tags: dict[str, str] = field(default_factory=dict)
    comment: str = ""
    marks: list[Mark] = field(default_factory=list)
    line: list[Node] = field(default_factory=list)

    def main_line(self) -> tuple[str, ...]:
        return tuple(node.move for node in self.line)

    def to_dict(self) -> dict:
        return {"game": self.game, "tags": dict(self.tags), "comment": self.comment,
                "marks": [mark.to_dict() for mark in self.marks],
                "line": [node.to_dict() for node in self.line]}

    @classmethod
    def from_dict(cls, data) -> Study:
        """The study ``data`` describes (``to_dict``'s form), every line replayed and checked."""
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise RecordError("study.shape", what="game")
        study = cls(data["game"], dict(data.get("tags") or {}),
                    _checked_comment(data.get("comment") or ""),
                    _in_order([Mark.from_dict(m) for m in data.get("marks") or []]),
                    _line_from_dicts(data.get("line") or [], 0))
        return checked(study)


def _line_from_dicts(items, depth: int) -> list[Node]:
    if depth > MAX_DEPTH:
        raise RecordError("study.too-deep", max=MAX_DEPTH)
    if not isinstance(items, list):
        raise RecordError("study.shape", what="line")
    line = []
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("move"), str):
            raise RecordError("study.shape", what="move")
        glyph = item.get("glyph") or ""
        if glyph not in ("", *GLYPHS):
            raise RecordError("study.glyph", glyph=excerpt(glyph))
        line.append(Node(item["move"], _checked_comment(item.get("comment") or ""), glyph,
                         _in_order([Mark.from_dict(m) for m in item.get("marks") or []]),
                         [_line_from_dicts(v, depth + 1) for v in item.get("variations") or []]))
    return line


# -- checks ---------------------------------------------------------------------------------------
def _in_order(marks: list[Mark]) -> list[Mark]:
    """Marks in the order both formats write them: circles, crosses, labels, arrows."""
    return sorted(marks, key=lambda mark: MARK_KINDS.index(mark.kind))


def _checked_comment(text) -> str:
    if not isinstance(text, str):
        raise RecordError("study.shape", what="comment")
    if len(text) > MAX_COMMENT:
        raise RecordError("study.comment-long", length=len(text), max=MAX_COMMENT)
    return text


def _check_mark(mark: Mark) -> None:
    cells = (mark.cell, mark.to) if mark.kind == "arrow" else (mark.cell,)
    for cell in cells:
        if not _CELL.fullmatch(cell):
            raise RecordError("study.mark-cell", cell=excerpt(cell))
    if mark.kind == "label" and not (1 <= len(mark.text) <= MAX_LABEL
                                     and re.fullmatch(r"[^\s\]:,{}\\]+", mark.text)):
        raise RecordError("study.mark-label", text=excerpt(mark.text))


def checked(study: Study) -> Study:
    """``study`` with every move of every line replayed and named canonically; RecordError
    names the first bad move, a too deep tree or too many plies."""
    game = _load(study.game)
    study.game = game.spec
    count = 0
    pending = [(study.line, game.initial_state(), 1, 0)]   # (line, state before it, ply, depth)
    while pending:
        line, state, ply, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise RecordError("study.too-deep", max=MAX_DEPTH)
        for node in line:
            count += 1
            if count > MAX_NODES:
                raise RecordError("study.too-many-nodes", max=MAX_NODES)
            if ply > MAX_MOVES:
                raise RecordError("record.more-moves", max=MAX_MOVES)
            node.variations = _hoisted(node.variations)
            pending += [(variation, state, ply, depth + 1) for variation in node.variations]
            node.move, state = play_record_move(game, state, node.move, ply)
            ply += 1
    return study


def _hoisted(variations: list[list[Node]]) -> list[list[Node]]:
    """The variations with those of each variation's first ply moved up beside it: they
    replace the same ply, so they are siblings (as SGF writes them); the order is kept."""
    out, waiting = [], list(reversed(variations))
    while waiting:
        variation = waiting.pop()
        if not variation:
            continue
        out.append(variation)
        inner, variation[0].variations = variation[0].variations, []
        waiting += reversed(inner)
    return out


# -- the text record ------------------------------------------------------------------------------
def study_text(study: Study) -> str:
    """The text record of ``study``: the tags as ``export_record`` writes them (Result from the
    main line), then the moves with comments ``{...}``, glyphs and variations ``( ... )``."""
    head = export_record(study.game, study.main_line(), study.tags).split("\n\n", 1)[0]
    game = _load(study.game)
    hidden = game.sealed(game.replay(study.main_line()))
    if hidden:   # as export_record: sealed plies still waiting for their round stay out
        study = Study(study.game, study.tags, study.comment, study.marks, study.line[:-hidden])
    units = []
    if study.comment or study.marks:
        units.append(_comment_unit(study.comment, study.marks))
    units += _line_units(study.line, 0, True)
    return head + "\n\n" + "\n".join(_wrap(units)) + "\n"


def _line_units(line: list[Node], ply: int, numbered: bool) -> list[str]:
    """The words of ``line`` starting at ply index ``ply`` (0 = the first ply); ``numbered``:
    the second player's move needs its ``N...`` (first of a line, after a comment or a
    variation)."""
    units: list[str] = []
    for node in line:
        turn = ply // 2 + 1
        name = node.move + node.glyph
        if ply % 2 == 0:
            units.append(f"{turn}. {name}")
        else:
            units.append(f"{turn}... {name}" if numbered else name)
        numbered = False
        if node.comment or node.marks:
            units.append(_comment_unit(node.comment, node.marks))
            numbered = True
        for variation in node.variations:
            words = _line_units(variation, ply, True)
            words[0] = "(" + words[0]
            words[-1] += ")"
            units += words
            numbered = True
        ply += 1
    return units


def _comment_unit(comment: str, marks: list[Mark]) -> str:
    commands = _mark_commands(marks)
    text = comment.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}")
    return "{" + " ".join(part for part in (commands, text) if part) + "}"


def _mark_commands(marks: list[Mark]) -> str:
    groups: dict[str, list[str]] = {"cr": [], "ma": [], "lb": [], "ar": []}
    for mark in marks:
        if mark.kind == "circle":
            groups["cr"].append(mark.cell)
        elif mark.kind == "cross":
            groups["ma"].append(mark.cell)
        elif mark.kind == "label":
            groups["lb"].append(f"{mark.cell}:{mark.text}")
        else:
            groups["ar"].append(f"{mark.cell}:{mark.to}")
    return " ".join(f"[%{command} {' '.join(items)}]"
                    for command, items in groups.items() if items)


def _marks_of(text: str, line: int) -> tuple[str, list[Mark]]:
    """A comment's text without its mark commands, and the marks they give."""
    marks: list[Mark] = []
    for command, body in _MARK_COMMAND.findall(text):
        kind = _COMMAND_KIND[command]
        for item in body.replace(",", " ").split():
            if kind in ("circle", "cross"):
                mark = Mark(kind, item.lower())
            else:
                first, colon, second = item.partition(":")
                if not colon:
                    raise RecordError("study.mark-item", line=line, item=excerpt(item))
                mark = (Mark(kind, first.lower(), to=second.lower()) if kind == "arrow"
                        else Mark(kind, first.lower(), text=second))
            _check_mark(mark)
            marks.append(mark)
    return _MARK_COMMAND.sub("", text).strip(), _in_order(marks)


def _tokens(text: str, first_line: int):
    """(kind, value, line) of the move section: ``comment``, ``open``, ``close``, ``nag``,
    ``word``.  Comments end at the first ``}`` not escaped by a backslash."""
    i, line, length = 0, first_line, len(text)
    while i < length:
        char = text[i]
        if char == "\n":
            line += 1
            i += 1
        elif char.isspace():
            i += 1
        elif char == "{":
            out, j, start_line = [], i + 1, line
            while j < length and text[j] != "}":
                if text[j] == "\\" and j + 1 < length and text[j + 1] in "\\{}":
                    j += 1
                elif text[j] == "{":
                    raise RecordError("record.comment-open", line=start_line, brace="{")
                out.append(text[j])
                line += text[j] == "\n"
                j += 1
            if j >= length:
                raise RecordError("record.comment-open", line=start_line, brace="{")
            yield "comment", "".join(out), start_line
            i = j + 1
        elif char == "}":
            raise RecordError("record.comment-close", line=line, brace="}")
        elif char in "()":
            yield ("open" if char == "(" else "close"), char, line
            i += 1
        else:
            j = i   # a word ends before a space, a brace, or a ) that closes a variation
            while j < length and not text[j].isspace() and text[j] not in "{}" and not (
                    text[j] == ")" and (j + 1 == length or text[j + 1].isspace()
                                        or text[j + 1] in "(){")):
                j += 1
            word = text[i:j]
            if "[" in word or "]" in word:
                raise RecordError("record.tag-in-moves", line=line, word=excerpt(word))
            yield ("nag" if re.fullmatch(r"\$\d{1,3}", word) else "word"), word, line
            i = j


def read_moves(game, text: str, first_line: int) -> tuple[str, list[Mark], list[Node]]:
    """The starting comment, its marks and the main line of a text record's move section,
    every line replayed.  Variations are read with an explicit stack (never recursion)."""
    first = max(game.to_move(game.initial_state()), 0)
    root = Node("")                      # holds the starting position's comment and marks
    # each frame: [line, states before each node + after the last, first ply, owner node]
    stack = [[[], [game.initial_state()], 1, None]]
    count, tokens = 0, list(_tokens(text, first_line))
    if tokens and tokens[-1][0] == "word" and tokens[-1][1] in RESULT_TOKENS:
        tokens.pop()
    _count_before_replaying(tokens)
    for kind, value, line in tokens:
        frame = stack[-1]
        nodes, states, ply0, _ = frame
        last = nodes[-1] if nodes else (root if len(stack) == 1 else None)
        if kind == "comment":
            comment, marks = _marks_of(value, line)
            if len(comment) > MAX_COMMENT:
                raise RecordError("study.comment-long", length=len(comment), max=MAX_COMMENT)
            if last is None:
                raise RecordError("study.comment-place", line=line)
            last.comment = f"{last.comment} {comment}".strip() if last.comment else comment
            last.marks += marks
        elif kind == "nag":
            if value not in NAGS or not nodes or nodes[-1].glyph:
                raise RecordError("study.nag", line=line, nag=excerpt(value, quoted=False))
            nodes[-1].glyph = NAGS[value]
        elif kind == "open":
            if not nodes:
                raise RecordError("study.variation-place", line=line)
            if len(stack) > MAX_DEPTH:
                raise RecordError("study.too-deep", max=MAX_DEPTH)
            stack.append([[], [states[-2]], ply0 + len(nodes) - 1, nodes[-1]])
        elif kind == "close":
            if len(stack) == 1:
                raise RecordError("study.variation-close", line=line)
            if not nodes:
                raise RecordError("study.variation-empty", line=line)
            stack.pop()
            owner = frame[3]   # alternatives to the variation's first ply are its siblings
            owner.variations.append(nodes)
            owner.variations += nodes[0].variations
            nodes[0].variations = []
        else:
            ply = ply0 + len(nodes)
            word = _move_word(value, ply, line, first)
            if word is None:
                continue
            value, glyph = word
            count += 1
            if count > MAX_NODES:
                raise RecordError("study.too-many-nodes", max=MAX_NODES)
            if ply > MAX_MOVES:
                raise RecordError("record.more-moves", max=MAX_MOVES)
            name, state = play_record_move(game, states[-1], value.lower(), ply)
            nodes.append(Node(name, glyph=glyph))
            states.append(state)
    if len(stack) > 1:
        raise RecordError("study.variation-open", line=first_line)
    return root.comment, root.marks, stack[0][0]


def main_line_texts(text: str, first_line: int, first: int = 0) -> list[str]:
    """The move texts of a move section's main line as written, nothing replayed (comments,
    variations, turn numbers, move marks and a final result left out): for a record whose
    plies are not all the game's own moves (fair play's ``seal=`` plies, ``fairplay.verify``).
    ``first`` is the player who moves first."""
    tokens = list(_tokens(text, first_line))
    if tokens and tokens[-1][0] == "word" and tokens[-1][1] in RESULT_TOKENS:
        tokens.pop()
    _count_before_replaying(tokens)
    depth, moves = 0, []
    for kind, value, line in tokens:
        depth += (kind == "open") - (kind == "close")
        word = _move_word(value, len(moves) + 1, line, first) if kind == "word" and not depth \
            else None
        if word is not None:
            moves.append(word[0].lower())
    return moves


def _move_word(value: str, ply: int, line: int, first: int) -> tuple[str, str] | None:
    """(the move's text, its move mark) of a word of the move section at ``ply``, its turn
    number checked and dropped; None for a turn number alone."""
    turn = _TURN.fullmatch(value)
    if turn:
        _check_turn(turn.group(1), turn.group(2), ply, line, first)
        value = turn.group(3)
        if not value:
            return None
    for candidate in sorted(GLYPHS, key=len, reverse=True):
        if value.endswith(candidate) and len(value) > len(candidate):
            return value[:-len(candidate)], candidate
    return value, ""


def _count_before_replaying(tokens) -> None:
    """Refuse too many plies (main line, or all lines) before replaying any of them."""
    depth = main = total = 0
    for kind, value, _ in tokens:
        depth += (kind == "open") - (kind == "close")
        if kind == "word" and not re.fullmatch(r"\d+\.+", value):
            total += 1
            main += depth == 0
    if main > MAX_MOVES:
        raise RecordError("record.more-moves", max=MAX_MOVES)
    if total > MAX_NODES:
        raise RecordError("study.too-many-nodes", max=MAX_NODES)


# -- reading any record ---------------------------------------------------------------------------
def parse_study(text: str) -> Study:
    """The study written in ``text``: a text record or SGF (``parse_record`` gives its main
    line).  RecordError says what is wrong and where."""
    from .notation import parse_record
    record = parse_record(text)
    if record.study is not None:
        return record.study
    return Study(record.game, dict(record.tags), line=[Node(m) for m in record.moves])


SOURCES = ("text", "sgf", "abstractplay")
TARGETS = ("text", "sgf")


def record_kind(text: str) -> str:
    """What a record is, told from its first characters: ``sgf`` (``(;``), ``abstractplay``
    (a JSON object) or ``text``."""
    start = text.lstrip("\ufeff \t\r\n")
    return "sgf" if start.startswith("(;") else "abstractplay" if start.startswith("{") \
        else "text"


def convert(text: str, to: str, source: str | None = None) -> str:
    """``text`` (a record of kind ``source``, else of the kind its start shows) written as
    ``to`` (``text`` or ``sgf``).  RecordError when it cannot be read or written."""
    if to not in TARGETS:
        raise RecordError("study.target", target=excerpt(to), targets=list(TARGETS))
    if source not in (None, *SOURCES):
        raise RecordError("study.source", source=excerpt(source), sources=list(SOURCES))
    kind = record_kind(text) if isinstance(text, str) else "text"
    source = source or kind
    if source != kind:
        raise RecordError("study.kind", source=source, kind=kind)
    if source == "abstractplay":
        from .abstractplay import parse_abstractplay
        study = parse_abstractplay(text).study
    else:
        study = parse_study(text)
    return study_sgf(study) if to == "sgf" else study_text(study)


# -- SGF ------------------------------------------------------------------------------------------
_SGF_GLYPH = {"!": ("TE", "1"), "!!": ("TE", "2"), "?": ("BM", "1"), "??": ("BM", "2"),
              "!?": ("IT", ""), "?!": ("DO", "")}


def study_sgf(study: Study) -> str:
    """The SGF of ``study`` (Havannah and the games that describe their own SGF): the root as
    ``export_sgf`` writes it, then the main line with C, TE/BM/DO/IT, CR, MA, LB, AR on each
    node and every variation as an SGF subtree."""
    from .notation import export_sgf
    head = export_sgf(study.game, study.main_line(), study.tags).split("\n", 1)[0]
    game = _load(study.game)
    point = _sgf_point_writer(game)
    extra = _sgf_annotations(study.comment, "", study.marks, point)
    body = _sgf_line(game, study.line, game.initial_state(), 0, point)
    return head + extra + "\n" + "\n".join(_wrap(body)) + ")\n"


def _sgf_point_writer(game):
    """Our cell name -> its SGF value (Go's two letters; Havannah keeps our names)."""
    if not hasattr(game, "sgf_point"):
        return lambda cell: cell
    points = {game.names[i]: game.sgf_point(i) for i in range(len(game.names))}

    def point(cell: str) -> str:
        if cell not in points:
            raise RecordError("study.mark-cell", cell=excerpt(cell))
        return points[cell]
    return point


def _sgf_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _sgf_annotations(comment: str, glyph: str, marks: list[Mark], point) -> str:
    out = ""
    if glyph:
        prop, value = _SGF_GLYPH[glyph]
        out += f"{prop}[{value}]"
    for kind, prop in (("circle", "CR"), ("cross", "MA"), ("label", "LB"), ("arrow", "AR")):
        values = [point(m.cell) + (f":{m.text}" if kind == "label" else "")
                  + (f":{point(m.to)}" if kind == "arrow" else "")
                  for m in marks if m.kind == kind]
        if values:
            out += prop + "".join(f"[{_sgf_escape(v)}]" for v in values)
    if comment:
        out += f"C[{_sgf_escape(comment)}]"
    return out


def _sgf_line(game, line: list[Node], state, ply: int, point) -> list[str]:
    """The nodes of ``line`` as SGF: a node with variations opens a subtree holding it and the
    rest of the line; its variations follow that subtree as its siblings."""
    units, after = [], []   # after: (variations, state, ply) of each node that has some
    for node in line:
        move = game.parse_move(node.move, state)
        if hasattr(game, "sgf_ply"):
            prop, value = game.sgf_ply(move)
            prop = prop or game.sgf_colours[game.to_move(state)]
        else:   # Havannah: our names, W for the first player's plies
            prop, value = "WB"[ply % 2], node.move
        unit = f";{prop}[{_sgf_escape(value)}]" + _sgf_annotations(node.comment, node.glyph,
                                                                    node.marks, point)
        if node.variations:
            unit = "(" + unit
            after.append((node.variations, state, ply))
        units.append(unit)
        state = game.apply(state, move)
        ply += 1
    for variations, start, at in reversed(after):
        units[-1] += ")"
        for variation in variations:
            words = _sgf_line(game, variation, start, at, point)
            words[0] = "(" + words[0]
            words[-1] += ")"
            units += words
    return units


def read_sgf_tree(text: str):
    """The first game tree of an SGF text as ``(nodes, subtrees)``, each node a list of
    (property, value).  Read with an explicit stack: nesting costs no recursion."""
    from .notation import _SGF_PROPERTY, _sgf_value
    top = None
    open_trees: list[tuple[list, list]] = []
    i = text.index("(;")
    while i < len(text):
        char = text[i]
        if char == "(":
            tree: tuple[list, list] = ([], [])
            if open_trees:
                open_trees[-1][1].append(tree)
            open_trees.append(tree)
        elif char == ")":
            if not open_trees:
                raise RecordError("sgf.close-nothing", position=i + 1)
            closed = open_trees.pop()
            if not closed[0]:
                raise RecordError("sgf.no-node")
            if not open_trees:
                top = closed
                break
        elif char == ";":
            if not open_trees or open_trees[-1][1]:
                raise RecordError("sgf.node-outside", position=i + 1)
            open_trees[-1][0].append([])
        elif _SGF_PROPERTY.match(char):
            if not open_trees or not open_trees[-1][0]:
                raise RecordError("sgf.property-outside", position=i + 1)
            match = _SGF_PROPERTY.match(text, i)
            prop = "".join(c for c in match.group() if c.isupper())
            i = match.end()
            while True:
                while i < len(text) and text[i].isspace():
                    i += 1
                if i >= len(text) or text[i] != "[":
                    break
                value, i = _sgf_value(text, i)
                open_trees[-1][0][-1].append((prop, value))
            continue
        i += 1
    if top is None:
        raise RecordError("sgf.unfinished")
    return top


_GLYPH_OF = {("TE", "1"): "!", ("TE", "2"): "!!", ("BM", "1"): "?", ("BM", "2"): "??"}


def sgf_study(text: str, record, move_text, point_name) -> Study:
    """The study of an SGF record whose main line ``record`` already holds (read and checked
    by ``notation``).  ``move_text(prop, value, ply)`` is our text of a ply's value (None for
    a node that is no ply, e.g. a resignation); ``point_name(value)`` our name of an SGF
    point, for the marks."""
    nodes, subtrees = read_sgf_tree(text)
    root = Node("")
    _annotate(root, nodes[0], point_name)
    line = _sgf_lines(nodes[1:], subtrees, 1, root, 0, move_text, point_name)
    study = Study(record.game, dict(record.tags), root.comment, root.marks, line)
    return checked(study)


def _sgf_lines(nodes, subtrees, ply, previous, depth, move_text, point_name) -> list[Node]:
    """One line: ``nodes``, then, while there are subtrees, the first one's nodes; the other
    subtrees are the variations of the first ply of that first subtree.  Only variations
    recurse (at most MAX_DEPTH deep); the main line is a loop however it is nested."""
    if depth > MAX_DEPTH:
        raise RecordError("study.too-deep", max=MAX_DEPTH)
    line: list[Node] = []
    waiting: list[list[Node]] = []   # variations of the next ply of this line
    while True:
        for props in nodes:
            node = _sgf_node(props, ply, move_text)
            if node is None:   # a node without a ply: its notes go to the ply before
                _annotate(line[-1] if line else previous, props, point_name)
                continue
            _annotate(node, props, point_name)
            node.variations, waiting = waiting, []
            line.append(node)
            ply += 1
        if waiting:
            raise RecordError("sgf.variation-empty")
        if not subtrees:
            return line
        (nodes, next_subtrees), others = subtrees[0], subtrees[1:]
        before = line[-1] if line else previous
        waiting = [variation for variation in
                   (_sgf_lines(sub_nodes, sub_subtrees, ply, before, depth + 1, move_text,
                               point_name) for sub_nodes, sub_subtrees in others)
                   if variation]
        subtrees = next_subtrees


def _sgf_node(props, ply, move_text) -> Node | None:
    moves = [(prop, value) for prop, value in props if prop in ("W", "B", "TP")]
    if not moves:
        return None
    text = move_text(*moves[0], ply)
    return None if text is None else Node(text)


def _annotate(node: Node, props, point_name) -> None:
    for prop, value in props:
        if prop == "C":
            comment = _checked_comment(value.strip())
            node.comment = f"{node.comment}\n{comment}" if node.comment else comment
        elif (prop, value.strip()) in _GLYPH_OF:
            node.glyph = _GLYPH_OF[prop, value.strip()]
        elif prop in ("TE", "BM"):
            node.glyph = "!" if prop == "TE" else "?"
        elif prop in ("IT", "DO"):
            node.glyph = "!?" if prop == "IT" else "?!"
        elif prop in ("CR", "MA"):
            node.marks.append(_mark("circle" if prop == "CR" else "cross", point_name(value)))
        elif prop == "LB":
            cell, _, label = value.partition(":")
            node.marks.append(_mark("label", point_name(cell), text=label.strip()))
        elif prop == "AR":
            start, _, end = value.partition(":")
            node.marks.append(_mark("arrow", point_name(start), to=point_name(end)))
    node.marks = _in_order(node.marks)
    if len(node.comment) > MAX_COMMENT:
        raise RecordError("study.comment-long", length=len(node.comment), max=MAX_COMMENT)


def _mark(kind: str, cell: str, to: str = "", text: str = "") -> Mark:
    mark = Mark(kind, cell, to, text)
    _check_mark(mark)
    return mark
