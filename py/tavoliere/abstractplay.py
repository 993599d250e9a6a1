"""Abstract Play game records (abstractplay.com), read into our records.

Abstract Play publishes a finished game as JSON (the "AP Game Record" schema of its
``recranks`` repository, written by ``genRecord`` in its ``gameslib``)::

    {"header": {"game": {"name": "Havannah", "variants": ["size-6"]},
                "site": {"name": "Abstract Play", "gameid": "..."},
                "date-start": "...", "date-end": "...", "date-generated": "...",
                "pie-invoked": true,
                "players": [{"name": "Anna", "result": 1}, {"name": "Bruno", "result": 0}]},
     "moves": [["k5", "e3"], ["f4", {"move": "g6", "result": [...]}], ["d5"]]}

``moves`` holds rounds, one entry per player in seating order: a move text, an object with
``move``, or null (no move).  The plies are the entries in order.  ``parse_abstractplay(text)``
maps each game's cells and moves to ours (see ``docs/records.md`` for every mapping), replays
them and returns a ``notation.Record`` (its ``study`` holds the main line).  What cannot be
read raises ``RecordError`` naming it: ``ap.json``, ``ap.shape``, ``ap.game``, ``ap.variant``,
``ap.move`` (with the ply and the text) or a ``record.move`` from the replay.
"""

from __future__ import annotations

import json
import re

from .messages import Problem, excerpt
from .notation import MAX_MOVES, PLAYERS, Record, RecordError, _check_size, _load, _replay

__all__ = ["parse_abstractplay", "GAMES"]

# Abstract Play's game name or uid -> ours
GAMES = {"havannah": "havannah", "cephalopod": "cephalopod", "ceph": "cephalopod",
         "connect6": "connect6", "go": "go"}
SHARED = ["Cephalopod", "Connect6", "Go", "Havannah"]   # their names, for the message
_CELL = re.compile(r"([a-z])(\d{1,2})")
GO_LETTERS = "abcdefghjklmnopqrstuvwxyz"   # ours: Go skips i; Abstract Play's columns do not


class _Unreadable(Exception):
    """A move text the mapping cannot read (turned into ``ap.move`` with its ply)."""


def parse_abstractplay(text: str) -> Record:
    """The record an Abstract Play JSON game record holds, every move replayed."""
    text = _check_size(text)
    try:
        data = json.loads(text)
    except ValueError as error:
        raise RecordError("ap.json", reason=excerpt(str(error), 60, quoted=False)) from None
    header = data.get("header") if isinstance(data, dict) else None
    moves = data.get("moves") if isinstance(data, dict) else None
    if not isinstance(header, dict) or not isinstance(moves, list):
        raise RecordError("ap.shape", what="header, moves")
    game_info = header.get("game")
    if not isinstance(game_info, dict) or not isinstance(game_info.get("name"), str):
        raise RecordError("ap.shape", what="header.game.name")
    name = GAMES.get(game_info["name"].strip().lower())
    if name is None:
        raise RecordError("ap.game", game=excerpt(game_info["name"]), games=SHARED)
    variants = game_info.get("variants") or []
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise RecordError("ap.shape", what="header.game.variants")
    plies = _plies(moves)
    if len(plies) > MAX_MOVES + 2:
        raise RecordError("record.too-many-moves", count=len(plies), max=MAX_MOVES)
    spec, texts, seats = _MAPPINGS[name](variants, plies, bool(header.get("pie-invoked")))
    game = _load(spec)
    names, state = _replay(game, texts)
    tags = _tags(header, seats)
    outcome = game.outcome(state)
    tags["Result"] = (game.outcome_text(outcome) if outcome is not None
                      else _claimed_result(game, header, seats))
    from .study import Node, Study
    return Record(game.spec, names, tags, Study(game.spec, dict(tags),
                                                line=[Node(n) for n in names]))


def _plies(moves: list) -> list[str]:
    plies = []
    for round_ in moves:
        if not isinstance(round_, list):
            raise RecordError("ap.shape", what="moves")
        for entry in round_:
            if entry is None:
                continue
            if isinstance(entry, dict):
                entry = entry.get("move")
            if not isinstance(entry, str):
                raise RecordError("ap.shape", what="moves")
            plies.append(entry.strip())
    return plies


def _size(variants: list[str], default: int, allowed, game: str) -> int:
    """The board size the ``size-N`` variant gives; any other variant is refused."""
    size = default
    for variant in variants:
        match = re.fullmatch(r"size-(\d{1,2})", variant.strip())
        if not match:
            raise RecordError("ap.variant", variant=excerpt(variant), game=game)
        size = int(match.group(1))
    if size not in allowed:
        raise RecordError("ap.variant", variant=excerpt(f"size-{size}"), game=game)
    return size


def _mapped(plies: list[str], read) -> list[str]:
    """Each ply through ``read``; a text it cannot read is ``ap.move`` naming the ply."""
    out = []
    for ply, text in enumerate(plies, 1):
        try:
            out.append(read(text))
        except _Unreadable:
            raise RecordError("ap.move", ply=ply, move=excerpt(text)) from None
    return out


# -- the games ------------------------------------------------------------------------------------
def _havannah(variants, plies, pie):
    """Rows are letters from ``a``, cells numbered from 1 within each row (HexTriGraph):
    the scheme of Little Golem, mapped as ``notation.little_golem_cell``.  The pie rule is no
    ply there (the header says ``pie-invoked``): ours is the ply ``swap`` after the first."""
    from .notation import little_golem_cell
    base = _size(variants, 8, range(4, 11), "Havannah")

    def read(text):
        if not _CELL.fullmatch(text.lower()):
            raise _Unreadable
        try:
            return little_golem_cell(text, base)
        except Problem:
            raise _Unreadable from None
    texts = _mapped(plies, read)
    if pie:
        texts.insert(1, "swap")
    swap = "true" if pie else "false"
    return f"havannah(size={base},swap={swap})", texts, (0, 1)


def _cephalopod(variants, plies, pie):
    """Square cells ``c3`` (column letter, row 1 at the bottom), as ours; a capture
    ``c3=b3+d3`` (placed cell, then the captured ones) is ours ``c3/b3/d3``."""
    if variants and variants != ["size-5"]:
        raise RecordError("ap.variant", variant=excerpt(variants[0]), game="Cephalopod")

    def read(text):
        cells = re.split(r"[=+]", text.lower())
        if not all(_CELL.fullmatch(c) for c in cells) or (len(cells) > 1 and "=" not in text):
            raise _Unreadable
        return "/".join(cells)
    return "cephalopod", _mapped(plies, read), (0, 1)


def _connect6(variants, plies, pie):
    """Cells ``j10`` as ours (columns a..s with i, row 1 at the bottom); a move of two
    stones ``j11,k10`` is ours ``j11k10``."""
    size = _size(variants, 19, (13, 15, 19), "Connect6")

    def read(text):
        cells = text.lower().split(",")
        if len(cells) > 2 or not all(_CELL.fullmatch(c) for c in cells):
            raise _Unreadable
        return "".join(cells)
    spec = "connect6" if size == 19 else f"connect6(size={size})"
    return spec, _mapped(plies, read), (0, 1)


def _go(variants, plies, pie):
    """Cells ``c3`` with every letter (``i`` included; ours skip it), row 1 at the bottom.
    The first ply is the komi the first player proposes; the second player then plays the
    first stone, or ``play-second``, leaving it to the first player.  Our seat 0 (Black)
    is whoever plays the first stone."""
    size = 19
    for variant in variants:
        if variant.strip() == "positional":
            raise RecordError("ap.variant", variant=excerpt(variant), game="Go")
    if variants:
        size = _size([v for v in variants if v.strip() != "positional"], 19,
                     (9, 13, 19), "Go")
    if not plies:
        raise RecordError("ap.move", ply=1, move=excerpt(""))
    try:
        komi = float(plies[0])
    except ValueError:
        raise RecordError("ap.move", ply=1, move=excerpt(plies[0])) from None
    if not (0 <= komi <= 100 and komi * 2 == int(komi * 2)):
        raise RecordError("ap.komi", komi=excerpt(plies[0]))
    rest, seats = plies[1:], (1, 0)
    if rest and rest[0].lower() == "play-second":
        rest, seats = rest[1:], (0, 1)

    def read(text):
        text = text.lower()
        if text == "pass":
            return "pass"
        match = _CELL.fullmatch(text)
        if not match or "abcdefghijklmnopqrstuvwxyz".index(match.group(1)) >= size:
            raise _Unreadable
        return GO_LETTERS["abcdefghijklmnopqrstuvwxyz".index(match.group(1))] + match.group(2)
    komi_text = f"{komi:g}"
    texts = _mapped(rest, read)
    return f"go(size={size},komi={komi_text})", texts, seats


_MAPPINGS = {"havannah": _havannah, "cephalopod": _cephalopod, "connect6": _connect6,
             "go": _go}


# -- header ---------------------------------------------------------------------------------------
def _players(header) -> list[dict]:
    players = header.get("players") or []
    if not isinstance(players, list) or not all(isinstance(p, dict) for p in players):
        raise RecordError("ap.shape", what="header.players")
    return players


def _tags(header, seats) -> dict[str, str]:
    """White and Black (our seats 0 and 1: ``seats`` gives the Abstract Play player of each),
    Date (the end), Event, Round and Site."""
    def line(value) -> str:
        return re.sub(r"[\x00-\x1f\x7f]+", " ", str(value)).strip()
    tags: dict[str, str] = {}
    players = _players(header)
    for seat, index in enumerate(seats):
        if index < len(players) and players[index].get("name"):
            tags[PLAYERS[seat]] = line(players[index]["name"])
    if isinstance(header.get("date-end"), str):
        tags["Date"] = line(header["date-end"])[:10]
    for key, tag in (("event", "Event"), ("round", "Round")):
        if isinstance(header.get(key), (str, int)):
            tags[tag] = line(header[key])
    site = header.get("site")
    if isinstance(site, dict) and site.get("name"):
        gameid = f" {line(site['gameid'])}" if site.get("gameid") else ""
        tags["Site"] = line(site["name"]) + gameid
    return {tag: value for tag, value in tags.items() if value}


def _claimed_result(game, header, seats) -> str:
    """The result the header's ``result`` numbers give (higher won), for a game that did not
    end on the board (a resignation, a timeout); ``*`` if they say nothing."""
    players = _players(header)
    results = []
    for index in seats:
        value = players[index].get("result") if index < len(players) else None
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return "*"
        results.append(value)
    if results[0] == results[1]:
        return "Draw"
    winner = 0 if results[0] > results[1] else 1
    name = game.text_table("en").get(f"player.{winner}", PLAYERS[winner])
    return f"{name} wins (Abstract Play)"
