"""The one entry point of the web worker: a JSON request in, a JSON answer out.

Requests are objects with an ``op``; every answer has ``ok``.  Failures never raise out of
``handle``: they come back as ``{"ok": false, "error": kind, "code": code, "params": {...},
"message": text}`` so the worker survives any input; ``code`` and ``params`` say the problem
in any language with ``messages.MESSAGES`` (which the ``games`` op sends), ``message`` is
the English text.  The page owns the record (a game spec and a list of move
names); the bridge keeps the states of the last record so one more move costs one play.

>>> import json
>>> json.loads(handle('{"op": "view", "game": "barrier(size=5)", "moves": ["c3"]}'))["to_move"]
1
"""

from __future__ import annotations

import json
import re
import traceback

from .core import CHANCE, MAX_PLIES, Game, IllegalMove, InvalidMove, game_names, load_game
from .messages import MESSAGES, Problem, excerpt

MAX_MOVES = MAX_PLIES
MAX_SEARCHES = 4  # boards on one page share the worker; each may have a search under way
MAX_DEPTH = 64    # arrays and objects nested deeper than this are refused before parsing
MAX_LISTED = 2000  # more legal moves than this are not all sent with a view (see _legal)


class BridgeError(Exception):
    """A failure answer: its ``kind`` and the Problem, given as one or as a code and params."""

    def __init__(self, kind: str, problem: Problem | str, **params):
        problem = problem if isinstance(problem, Problem) else Problem(problem, **params)
        super().__init__(str(problem))
        self.kind, self.problem = kind, problem


class _Record:
    """The states along the last record asked about, so a longer record replays only the new part."""

    def __init__(self):
        self.game = None
        self.start = None      # the state the record starts from (a problem's), None: the game's
        self.names: list[str] = []
        self.moves: list = []  # the moves' values, for the games that word plies from them
        self.states: list = []

    def states_for(self, game, names: list[str], start=None) -> list:
        if self.game != game or self.start != start:
            first = game.initial_state() if start is None else start
            self.game, self.start, self.names, self.moves, self.states = game, start, [], [], [first]
        same = 0
        while same < min(len(names), len(self.names)) and names[same] == self.names[same]:
            same += 1
        del self.names[same:], self.moves[same:], self.states[same + 1:]
        for ply, text in enumerate(names[same:], same + 1):
            state = self.states[-1]
            try:
                move = game.parse_move(text, state)
            except (InvalidMove, IllegalMove) as error:
                raise BridgeError("illegal-move" if isinstance(error, IllegalMove) else "invalid-move",
                                  error.wrapped("at-move", ply=ply,
                                                entry=excerpt(text, 16, quoted=False))) from None
            self.names.append(game.move_name(move))  # canonical, whatever short form came in
            self.moves.append(move)
            self.states.append(game.apply(state, move))
        return self.states


_record = _Record()
_thinkers: dict[str, tuple] = {}  # id -> (game, Thinker)


def _game(request: dict):
    spec = request.get("game")
    if not isinstance(spec, str):
        raise BridgeError("bad-request", "request.no-game")
    try:
        return load_game(spec)
    except Problem as error:
        raise BridgeError("unknown-game" if error.code == "game.unknown" else "bad-game",
                          error) from None


def _start(request: dict | None, game):
    """The state a record starts from: the request's ``position`` (a position text, see
    ``Game.position_text``: a problem's), else None for the game's own start."""
    text = (request or {}).get("position")
    if text is None:
        return None
    if not isinstance(text, str):
        raise BridgeError("bad-request", "request.position")
    try:
        return game.read_position(text)
    except Problem as error:
        raise BridgeError("bad-request", error) from None


def _moves(request: dict) -> list[str]:
    moves = request.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BridgeError("bad-request", "request.moves")
    if len(moves) > MAX_MOVES:
        raise BridgeError("bad-request", "request.too-many-moves", max=MAX_MOVES)
    return moves


def _move(request: dict, blank: bool = False) -> str:
    """The request's ``move``: a text, not blank unless ``blank``."""
    text = request.get("move")
    if not isinstance(text, str) or not (blank or text.strip()):
        raise BridgeError("bad-request", "request.move")
    return text


def _move_info(game, move, made: bool = False) -> dict:
    """A move as the page sees it: its name, its click sequence, and, for a move to make,
    its clicks' steps when the game names them, or, for a move made (a view's last), its
    cells instead (its ``steps`` are the pieces to show, ``Game.move_steps``); a move
    without clicks is a button, labelled by the game's text ``move.NAME``, or by its
    ``words`` (``Game.move_words``) when the game words it."""
    info = {"name": game.move_name(move), "clicks": list(game.clicks(move))}
    words = game.move_words(move)
    if words and not info["clicks"]:   # a button the game words (Go's "Dead: b7, h3")
        info["words"] = [words[0], words[1]]
    if made:
        info["cells"] = list(game.move_cells(move))
    elif steps := game.click_steps(move):
        info["steps"] = list(steps)
    return info


def _seat(request: dict, game, state) -> int | None:
    """Whose view the answer shows (``Game.view``): the request's ``seat`` (a player, or
    "none" for a spectator, who knows no hidden colour), else the player to move (two people
    at one device; no one at a roll)."""
    seat = request.get("seat")
    if seat is None:
        mover = game.to_move(state)
        return None if mover == CHANCE else mover
    if seat == "none":
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise BridgeError("bad-request", "request.number", field="seat", low="0",
                          high=str(game.players - 1))
    return seat


def _view(game, names: list[str], request: dict | None = None) -> dict:
    """The position after ``names`` as the page may show it.  Sealed plies (moves made at the
    same time, ``Game.sealed``) stay hidden: the pieces, marks, notes and legal moves are
    those of the concealed state, ``moves`` and ``ply`` count the revealed plies only,
    ``last`` is the last revealed move, and ``sealed`` says how many plies wait unseen (the
    page keeps sending the whole record, sealed plies included).  At a chance ply
    ``to_move`` is CHANCE (-1) and no move is listed: the page asks ``roll`` for one.
    ``movers`` is who made each revealed ply (CHANCE for a roll), so the move list can show
    turns where players do not simply alternate (rolls, three or four players).  ``same``
    (only when the game names some) maps cells whose click counts as another's.

    Hidden information (``Game.view``): everything is shown as the request's seat may know it
    (``_seat``), ``moves`` names each ply as that seat may see it (``?`` for one it may not:
    the page keeps the record it sent), and only the player to move is given legal moves.
    ``random`` (only when true) offers to play one of the legal moves chosen at random
    (``Game.offers_random``: a set-up)."""
    states = _record.states_for(game, names, _start(request, game))
    hidden = game.sealed(states[-1])
    shown = len(states) - 1 - hidden
    seat = _seat(request or {}, game, states[-1])
    stood, pending = _guessed(game, states, request or {})
    if stood:   # by link: the other side's hidden ply is a stand-in, its colours unknown here
        state = game.hidden_view(states[-1], seat, settled=not pending)
    else:
        state = game.view(states[-1], seat)
    outcome = game.outcome(state)
    mover = game.to_move(state)
    shown_names = game.shown_names(states[:shown + 1], _record.moves[:shown], seat)
    shown_names = ["?" if ply in stood else name for ply, name in enumerate(shown_names, 1)]
    last = None
    if shown:
        move = _record.moves[shown - 1]
        last = {**_move_info(game, move, made=True), "player": game.to_move(states[shown - 1])}
        if shown_names[-1] != _record.names[shown - 1]:  # a ply kept hidden from this seat
            last = {"name": shown_names[-1], "clicks": [], "cells": [], "player": last["player"]}
        elif not game.hides_information() and (steps := game.move_steps(states[shown - 1], move)):
            last["steps"] = steps
    private = game.hides_information() and seat != mover
    legal = [] if mover == CHANCE or private else game.legal_moves(state)
    toggle = None if mover == CHANCE or private else _toggle(game, state, request or {})
    return {
        "game": game.spec,
        "moves": shown_names,
        "movers": [game.to_move(before) for before in states[:shown]],
        "ply": shown,
        "sealed": hidden,
        "players": game.players,
        "to_move": mover,
        "pieces": game.pieces(state),
        **_legal(game, legal),
        "last": last,
        "outcome": None if outcome is None else outcome.as_dict(),
        "marks": toggle.pop("marks") if toggle else game.marks(state),
        **({"toggle": toggle} if toggle else {}),
        **game.view_fields(state),
        **_words(game, states[:shown], pending),
        **({"hidden_information": True} if game.hides_information() else {}),
        **({"random": True} if legal and game.offers_random(state) else {}),
    }


def _guessed(game, states: list, request: dict) -> tuple[set, set]:
    """A page playing by link names, in ``guessed`` ({"players": [...], "known": [items]}),
    the players whose hidden plies in its record are stand-ins (web/hiddenlink.js) and the
    pieces of theirs already revealed: (the stand-in plies, shown "?"; the plies whose
    captured piece's value is still to come, whose result is not known yet)."""
    from .fairplay import guessed_plies, hides
    guessed = request.get("guessed")
    if guessed is None or not hides(game):
        return set(), set()
    players, known = (guessed.get("players"), guessed.get("known")) if isinstance(guessed, dict) \
        else (None, None)
    if (not isinstance(players, list) or not isinstance(known, list)
            or not all(isinstance(p, int) and not isinstance(p, bool) for p in players)
            or not all(isinstance(k, str) for k in known)):
        raise BridgeError("bad-request", "fair.field", field="guessed", text=excerpt(guessed))
    return guessed_plies(game, states[:-1], _record.moves, set(players), set(known))


def _toggle(game, state, request: dict) -> dict | None:
    """The position's move built by toggling cells (``Game.toggle``), under the request's
    ``marked`` cells when it names some (the page asks again after every tap)."""
    marked = request.get("marked")
    if marked is not None and (not isinstance(marked, list) or len(marked) > 1000
                               or not all(isinstance(c, str) for c in marked)):
        raise BridgeError("bad-request", "request.marked")
    try:
        return game.toggle(state, marked)
    except Problem as error:
        raise BridgeError("bad-request", error) from None


def _words(game, states: list, pending=frozenset()) -> dict:
    """``words``: for each revealed ply, the game's words for it (``Game.move_words``: [text
    key, parameters]) or None; left out when the game words none, as most do.  A ply in
    ``pending`` revealed a value still to come: no words (they would name a stand-in's)."""
    if type(game).move_words is Game.move_words and type(game).ply_words is Game.ply_words:
        return {}
    words = [None if ply in pending else game.ply_words(state, move)
             for ply, (move, state) in enumerate(zip(_record.moves, states), 1)]
    return {"words": [list(w) if w else None for w in words]} if any(words) else {}


def _shown_state(game, names: list[str], request: dict | None = None):
    """The last state of the record as the request's seat may know it (``_seat``; by default
    the player to move, ``Game.view``)."""
    state = _record.states_for(game, names, _start(request, game))[-1]
    return game.view(state, _seat(request or {}, game, state))


def _legal(game, moves: list) -> dict:
    """The legal moves for the page: every one, with its clicks; or, when there are more than
    a page should receive at each move (every pair of cells of a big board), only the buttons
    and ``more``: their number and the cells they start from (the page then asks ``narrow``
    for the moves that fit its clicks)."""
    free = game.free_clicks_after
    out = {} if free is None else {"free_after": free}
    if game.picks_up:
        out["picks_up"] = True
    if len(moves) <= MAX_LISTED:
        return {**out, "legal": [_move_info(game, move) for move in moves]}
    clicks = [game.clicks(move) for move in moves]
    starts = {cells for sequence in clicks for cells in (sequence if free == 0 else sequence[:1])}
    buttons = [_move_info(game, move) for move, sequence in zip(moves, clicks) if not sequence]
    return {**out, "legal": buttons, "more": {"count": len(moves), "starts": sorted(starts)}}


def _fits(game, sequence: tuple, clicked: list[str]) -> bool:
    """Whether the clicks begin the move: those up to ``free_clicks_after`` in its order,
    the others (each once) among its other cells."""
    ordered = len(clicked) if game.free_clicks_after is None else game.free_clicks_after
    head, rest = clicked[:ordered], clicked[ordered:]
    return (list(sequence[:len(head)]) == head and len(set(rest)) == len(rest)
            and set(rest) <= set(sequence[ordered:]))


def op_games(request: dict) -> dict:
    from .core import game_class
    return {"games": [game_class(name)().info() for name in game_names()], "messages": MESSAGES,
            "vocabulary": vocabulary()}


def vocabulary() -> dict:
    """The words the page reads and never states itself: the piece shapes and their token's
    pattern (``core.SHAPES``, ``core.PIECE_PATTERN``), the computer's levels and the one a new
    seat gets, and the longest record.  ``build.py`` ships them in site.json
    (``web/vocabulary.js`` reads them there)."""
    from .ai import DEFAULT_LEVEL, LEVEL_SECONDS
    from .core import PIECE_PATTERN, SHAPES
    return {"shapes": list(SHAPES), "piece_pattern": PIECE_PATTERN, "levels": sorted(LEVEL_SECONDS),
            "default_level": DEFAULT_LEVEL, "max_plies": MAX_PLIES}


def op_layout(request: dict) -> dict:
    game = _game(request)
    return {"game": game.spec, "layout": game.layout()}


def op_view(request: dict) -> dict:
    return _view(_game(request), _moves(request), request)


def op_narrow(request: dict) -> dict:
    """The legal moves whose clicks fit ``clicks`` (see ``_legal``)."""
    game = _game(request)
    state = _shown_state(game, _moves(request), request)
    clicked = request.get("clicks")
    if not isinstance(clicked, list) or not all(isinstance(c, str) for c in clicked) \
            or not 0 < len(clicked) <= 16:
        raise BridgeError("bad-request", "request.clicks")
    fitting = [move for move in game.legal_moves(state) if _fits(game, game.clicks(move), clicked)]
    return _legal(game, fitting)


def op_play(request: dict) -> dict:
    game = _game(request)
    names = _moves(request)
    text = _move(request)
    state = _record.states_for(game, names, _start(request, game))[-1]
    if len(names) >= MAX_MOVES:  # the record would hold a ply too many to be opened again
        raise BridgeError("illegal-move", "move.record-full", max=MAX_MOVES)
    try:
        move = game.parse_move(text, state)
    except InvalidMove as error:
        raise BridgeError("invalid-move", error) from None
    except IllegalMove as error:
        raise BridgeError("illegal-move", error) from None
    return {"played": game.move_name(move),
            **_view(game, _record.names + [game.move_name(move)], request)}


def op_roll(request: dict) -> dict:
    """The roll due at the record's last position (a chance ply), drawn from the system's
    cryptographic source (in the browser, ``crypto.getRandomValues``), or from a seeded
    generator when the request gives a ``seed`` (tests).  The page then plays it like any
    move, so the record keeps it and no reload rolls again."""
    import random
    game = _game(request)
    state = _record.states_for(game, _moves(request))[-1]
    if game.outcome(state) is not None or game.to_move(state) != CHANCE:
        raise BridgeError("bad-request", "request.no-roll")
    seed = _budget(request).get("seed")
    rng = random.SystemRandom() if seed is None else random.Random(seed)
    return {"move": game.move_name(game.roll(state, rng))}


def op_position(request: dict) -> dict:
    """The pieces after a record, written compactly for an embedded board's ``position``
    attribute (``stone.0:e5,d4;stone.1:h8;block:c4``: each piece token, then its cells), so
    the board can be drawn before Python starts."""
    game = _game(request)
    pieces = game.pieces(_shown_state(game, _moves(request), request))
    cells_of = {}
    for cell, token in pieces.items():
        cells_of.setdefault(token, []).append(cell)
    return {"position": ";".join(f"{token}:{','.join(cells)}" for token, cells in cells_of.items())}


def op_preview(request: dict) -> dict:
    """The pieces after a move, without playing it (the page previews obstacles with it).
    While a ply is sealed nothing moves until the reveal, so the preview of a move that
    answers it, or that is sealed itself, shows the concealed position."""
    game = _game(request)
    state = _record.states_for(game, _moves(request), _start(request, game))[-1]
    text = _move(request, blank=True)
    try:
        move = game.parse_move(text, state)
    except (InvalidMove, IllegalMove) as error:
        raise BridgeError("illegal-move", error) from None
    after = game.apply(state, move)
    # a game's end may reveal what its players hid (Ghost's colours): a move that would end
    # it previews nothing, or the preview would tell what the move is about to reveal
    ending = game.hides_information() and game.outcome(after) is not None
    shown = game.view(state if game.sealed(state) or ending else after, _seat(request, game, state))
    return {"move": game.move_name(move), "pieces": game.pieces(shown)}


def op_export(request: dict) -> dict:
    """The record as plain text (see tavoliere.notation); with ``tree`` (a study, as ``import``
    answers it) the text carries its comments, marks and variations (docs/records.md)."""
    from .notation import export_record
    if "tree" in request:
        return _export_tree(request["tree"])
    game = _game(request)
    _record.states_for(game, _moves(request))  # checks the moves; names become canonical
    names = list(_record.names)
    tags = request.get("tags")
    tags = {} if tags is None else tags
    if not isinstance(tags, dict) or not all(isinstance(v, str) for v in tags.values()):
        raise BridgeError("bad-request", "request.tags")
    try:
        return {"text": export_record(game.spec, names, tags)}
    except Problem as error:
        raise BridgeError("bad-record", error) from None


def _export_tree(tree) -> dict:
    from .study import Study, study_text
    try:
        return {"text": study_text(Study.from_dict(tree))}
    except Problem as error:
        raise BridgeError("bad-record", error) from None


def op_import(request: dict) -> dict:
    """A record's game and moves, checked move by move; nothing is kept on failure."""
    from .notation import parse_record
    text = request.get("text")
    if not isinstance(text, str):
        raise BridgeError("bad-request", "request.text")
    try:
        record = parse_record(text)
    except Problem as error:
        raise BridgeError("bad-record", error) from None
    # the tree (tavoliere.study.Study.to_dict: comments, marks, variations) beside the main line
    return {"game": record.game, "moves": list(record.moves), "tags": dict(record.tags),
            "tree": record.study.to_dict()}


def _budget(request: dict) -> dict:
    budget = {}
    for key, kind, low, high in (("level", int, 1, 5), ("seconds", (int, float), 0.01, 600),
                                 ("iterations", int, 1, 10**7), ("seed", int, 0, 2**31)):
        value = request.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, kind) or not low <= value <= high:
            raise BridgeError("bad-request", "request.number", field=key, low=str(low),
                              high=str(high))
        budget[key] = value
    share = request.get("share")
    if share is not None:
        if (not isinstance(share, list) or len(share) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in share)
                or not 0 <= share[0] < share[1] <= 64):
            raise BridgeError("bad-request", "request.share")
        budget["share"] = tuple(share)
    return budget


def op_think_start(request: dict) -> dict:
    """Start thinking about the record's last position; ``think_step`` continues.  The bot
    is given its own seat's view (``Game.view``): it never sees a sealed ply it must answer,
    nor the colours its opponent hides."""
    from .ai import Thinker
    game = _game(request)
    state = _shown_state(game, _moves(request))
    if game.outcome(state) is not None:
        raise BridgeError("bad-request", "request.game-over")
    if game.to_move(state) == CHANCE:
        raise BridgeError("bad-request", "request.chance")
    key = _id(request)
    while len(_thinkers) >= MAX_SEARCHES:  # searches nobody finished: drop the oldest
        del _thinkers[next(iter(_thinkers))]
    _thinkers[key] = (game, Thinker(game, state, **_budget(request)))
    return {"id": key}


def _id(request: dict) -> str:
    """The id of a search: a short text or a whole number, "0" when the request gives none."""
    key = request.get("id", "0")
    if isinstance(key, bool) or not isinstance(key, (str, int)) or len(str(key)) > 64:
        raise BridgeError("bad-request", "request.id")
    return str(key)


def _thinker(request: dict):
    thinker = _thinkers.get(_id(request))
    if thinker is None:
        raise BridgeError("bad-request", "request.no-search")
    return thinker


def op_think_step(request: dict) -> dict:
    seconds = _slice(request)  # (the slice is checked first, as it always was)
    return {"progress": _thinker(request)[1].step(seconds)}


def _slice(request: dict) -> float:
    """A step's ``slice``: seconds of work, over 0 and at most 5 (0.05 when not given)."""
    seconds = request.get("slice", 0.05)
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 < seconds <= 5:
        raise BridgeError("bad-request", "request.slice")
    return float(seconds)


def op_think_stop(request: dict) -> dict:
    """The best move found so far; the search is dropped.  A tree search also answers
    ``root``, its statistics of the root's moves, which ``merge`` adds up over the searches
    of several workers (root parallelism, ``ai/parallel.py``); an alpha-beta search answers
    ``split``, what it found at each depth in its ``share`` of the root's moves."""
    from .ai.parallel import root_statistics, split_rows
    game, thinker = _thinker(request)
    move = thinker.move()
    _thinkers.pop(_id(request), None)
    answer = {"move": game.move_name(move), "cells": list(game.move_cells(move))}
    root = root_statistics(thinker)
    if root is not None:
        return {**answer, "root": root}
    split = split_rows(thinker)
    return answer if split is None else {**answer, "split": split}


def op_merge(request: dict) -> dict:
    """The move that several workers' searches of the record's last position agree on:
    ``root``, a list of their ``think_stop`` statistics, merged by ``parallel.merge``; or
    ``split``, a list of their shares' rows (alpha-beta), merged by ``parallel.merge_split``."""
    from .ai.parallel import merge, merge_split
    game = _game(request)
    state = _shown_state(game, _moves(request))
    split = "split" in request
    rows = request.get("split" if split else "root")
    if (not isinstance(rows, list) or not 1 <= len(rows) <= 64
            or not all((_is_split if split else _is_statistics)(worker) for worker in rows)):
        raise BridgeError("bad-request", "request.split" if split else "request.root")
    merged = (merge_split if split else merge)(rows)
    try:
        move = game.parse_move(merged["best"], state)
    except (IllegalMove, InvalidMove, TypeError):
        raise BridgeError("bad-request", "request.split" if split else "request.root") from None
    extra = {"depth": merged["depth"]} if split else {"visits": merged["visits"]}
    return {"move": game.move_name(move), "cells": list(game.move_cells(move)),
            "win_chance": merged["win_chance"], **extra}


def _is_statistics(worker) -> bool:
    """One worker's root statistics: [[name, visits, wins, proven], ...], numbers in range."""
    return isinstance(worker, list) and len(worker) <= 5000 and all(
        isinstance(row, list) and len(row) == 4 and isinstance(row[0], str) and len(row[0]) <= 64
        and all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x < 1e12
                for x in row[1:3]) and row[3] in (-1, 0, 1)
        for row in worker)


def _is_split(worker) -> bool:
    """One worker's rows of a split root: [[depth, name, value, chance, proven], ...]."""
    def number(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool) and abs(x) <= 1e12
    return isinstance(worker, list) and len(worker) <= 500 and all(
        isinstance(row, list) and len(row) == 5 and isinstance(row[0], int)
        and not isinstance(row[0], bool) and 0 <= row[0] <= 1000
        and isinstance(row[1], str) and len(row[1]) <= 64 and number(row[2])
        and (row[3] is None or number(row[3])) and row[4] in (-1, 0, 1)
        for row in worker)


# -- fair play by link (tavoliere.fairplay; docs/fairplay.md) ------------------------------------
# The page keeps ``seed`` (a player's chain) and a sealed ply's ``move`` and ``salt`` on its own
# device; everything else these ops answer is public and travels in the link.
def _fair(request: dict):
    from .fairplay import Fair
    fields = request.get("fair", {})
    if not isinstance(fields, dict) or not all(isinstance(v, str) for v in fields.values()):
        raise BridgeError("bad-request", "fair.field", field="fair", text=excerpt(fields))
    try:
        return Fair.read(fields.get("dice"), fields.get("shown"), fields.get("seals"),
                         fields.get("pieces"), fields.get("reveals"))
    except Problem as error:
        raise BridgeError("bad-request", error) from None


def _player(request: dict, game) -> int:
    player = request.get("player")
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < game.players:
        raise BridgeError("bad-request", "request.number", field="player", low="0",
                          high=str(game.players - 1))
    return player


def _text(request: dict, key: str) -> str:
    value = request.get(key)
    if not isinstance(value, str):
        raise BridgeError("bad-request", "fair.field", field=key, text=excerpt(value))
    return value


def _fair_call(function, *args, **kwargs):
    """A fairplay step; a record it refuses comes back as an "unfair" failure naming the ply."""
    try:
        return function(*args, **kwargs)
    except Problem as error:
        raise BridgeError("unfair", error) from None


def op_fair_start(request: dict) -> dict:
    """A player's new chain of dice values: ``seed`` stays on his device, ``head`` goes in
    the link (``dice``, his place in it)."""
    from .fairplay import start
    _player(request, _game(request))
    seed, head = start()
    return {"seed": seed, "head": head}


def op_fair_roll(request: dict) -> dict:
    """At a record whose roll is due: the player's value for it revealed (given ``player`` and
    his ``seed``), and the roll once every value is known (``move``; null while ``waiting``
    names players whose value is missing).  ``fair``: the link's public fields, updated."""
    from .fairplay import advance_roll
    game, moves, fair = _game(request), _moves(request), _fair(request)
    player = _player(request, game) if "player" in request else None
    seed = _text(request, "seed") if "seed" in request else None
    answer = _fair_call(advance_roll, game.spec, moves, fair, player, seed)
    return {"fair": answer["fair"].fields(), "move": answer["move"], "waiting": answer["waiting"]}


def op_fair_seal(request: dict) -> dict:
    """A sealed ply made: ``token`` (seal=<commitment>) goes in the link in place of the
    move; ``move`` and ``salt`` stay on this device until ``fair_reveal``."""
    from .fairplay import seal
    game, moves = _game(request), _moves(request)
    return _fair_call(seal, game.spec, moves, _move(request))


def op_fair_reveal(request: dict) -> dict:
    """The commitment at ``ply`` replaced by ``move``, its proof added to ``fair`` (the link
    keeps the latest proof only); refused, naming the ply, if they do not match."""
    from .fairplay import latest_only, reveal
    game, moves = _game(request), _moves(request)
    ply = request.get("ply")
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise BridgeError("bad-request", "request.number", field="ply", low="1",
                          high=str(MAX_MOVES))
    answer = _fair_call(reveal, game.spec, moves, ply, _move(request), _text(request, "salt"),
                        _fair(request))
    return {"moves": answer["moves"], "fair": latest_only(answer["fair"]).fields()}


def op_fair_check(request: dict) -> dict:
    """Whether a record with its fair-play fields holds: ``holds``, and what was checked
    (``lines``), or the first ``ply`` that fails, its ``problem`` and the result it gives
    (``forfeit``: a false reveal loses for its sender; null otherwise).  With ``previous``
    ({"moves", "fair"}: the link this page received before), also that the new link keeps
    its chain heads and opens its commitments unchanged."""
    from .fairplay import FairError, check, follows
    game, moves, fair = _game(request), _moves(request), _fair(request)
    previous = request.get("previous")
    if previous is not None and not isinstance(previous, dict):
        raise BridgeError("bad-request", "fair.field", field="previous", text=excerpt(previous))
    try:
        if previous is not None:
            follows(game.spec, _moves(previous), _fair(previous), moves, fair)
        report = check(game.spec, moves, fair, secret=_secret(request, game))
    except FairError as error:
        forfeit = error.forfeit(game)
        return {"holds": False, "ply": error.ply, "problem": error.as_dict(),
                "message": str(error), "forfeit": forfeit and forfeit.as_dict()}
    except Problem as error:
        raise BridgeError("bad-request", error) from None
    shown = report.shown_state
    waiting = report.reveal_due or report.outcome is not None or shown is None
    # while a ply is sealed the ordinary ops cannot replay the record: the mover's legal moves
    # come from here (the game keeps them independent of the sealed ply)
    to_move = None if waiting else game.to_move(shown)
    legal = [] if waiting or to_move == CHANCE else [game.move_name(m) for m in game.legal_moves(shown)]
    return {"holds": True, "lines": report.lines, "to_move": to_move, "legal": legal,
            "pending_seal": report.pending_seal,
            "reveal_due": report.reveal_due, "due_roll": report.due_roll,
            # hidden pieces (RULES.md 14.7): captures whose colour is owed, set-ups still hidden
            # at the end, and the board as this device may know it (its own secret, if given)
            "hidden_owed": [{"ply": ply, "player": owner, "item": item}
                            for ply, owner, item in report.hidden_owed],
            "setups_due": report.setups_due,
            # a page's table plays the record with these in place of the others' hidden plies
            "hidden_plies": {str(p): ply for p, ply in report.hidden_plies.items()},
            "standins": {str(p): name for p, name in report.standins.items()},
            "outcome": report.outcome and report.outcome.as_dict(),
            "diagram": None if shown is None else game.diagram(shown)}


def _secret(request: dict, game):
    """This device's own hidden ply, {"player", "move", "salt"}, or None: it is used to replay
    exactly and never appears in an answer."""
    secret = request.get("secret")
    if secret is None:
        return None
    if not isinstance(secret, dict):
        raise BridgeError("bad-request", "fair.field", field="secret", text="…")
    return _player(secret, game), _text(secret, "move"), _text(secret, "salt")


def op_fair_hide(request: dict) -> dict:
    """Commit to a hidden ply (a Ghost set-up): ``token`` (hide=…, for the moves) and ``fair``
    (with this player's piece commitments) travel; ``move`` and ``salt`` stay on this device."""
    from .fairplay import hide
    game, moves = _game(request), _moves(request)
    answer = _fair_call(hide, game.spec, moves, _move(request), _fair(request))
    return {"token": answer["token"], "move": answer["move"], "salt": answer["salt"],
            "fair": answer["fair"].fields()}


def op_fair_disclose(request: dict) -> dict:
    """What this player owes at the end of ``moves``: his captured pieces' colours (each with its
    own salt) and, once the game is over, his hidden ply in clear with its proof."""
    from .fairplay import disclose
    game, moves = _game(request), _moves(request)
    player, move, salt = _secret(request, game) or (None, None, None)
    if player is None:
        raise BridgeError("bad-request", "fair.field", field="secret", text="null")
    answer = _fair_call(disclose, game.spec, moves, _fair(request), player, move, salt)
    return {"moves": answer["moves"], "fair": answer["fair"].fields(),
            "lines": answer["report"].lines, "setups_due": answer["report"].setups_due}


FAIR_STEPS = {"start": op_fair_start, "roll": op_fair_roll, "seal": op_fair_seal,
              "reveal": op_fair_reveal, "check": op_fair_check, "hide": op_fair_hide,
              "disclose": op_fair_disclose}


def op_fair(request: dict) -> dict:
    """Fair play by link, one op whose ``step`` is start, roll, seal, reveal or check (the
    functions above say what each takes and answers)."""
    step = FAIR_STEPS.get(request.get("step")) if isinstance(request.get("step"), str) else None
    if step is None:
        raise BridgeError("bad-request", "request.fair-step", step=excerpt(request.get("step")),
                          steps=list(FAIR_STEPS))
    return step(request)


OPS = {"games": op_games, "layout": op_layout, "view": op_view, "play": op_play, "roll": op_roll,
       "preview": op_preview,
       "export": op_export, "import": op_import, "position": op_position,
       "narrow": op_narrow, "think_start": op_think_start, "think_step": op_think_step,
       "think_stop": op_think_stop, "merge": op_merge,
       "fair": op_fair}


# -- problems (tavoliere.solving; docs/problems.md) ----------------------------------------------
# A problem is a start position, a goal (win:N or capture:N) and its proof.  The page draws
# it with the ordinary ops given the problem's ``position`` (``_start``), and asks these for the rest.
_provers: dict[str, tuple] = {}  # id -> (game, state, goal, Prover): compositions being proven


def _problem_call(function, *args):
    """A call into problems or solving; what they refuse comes back as a "bad-request"."""
    try:
        return function(*args)
    except (InvalidMove, IllegalMove) as error:
        raise BridgeError("illegal-move" if isinstance(error, IllegalMove) else "invalid-move",
                          error) from None
    except Problem as error:
        raise BridgeError("bad-request", error) from None


def _field(request: dict, key: str, pattern: str = r".{1,4000}") -> str:
    value = request.get(key)
    if not isinstance(value, str) or not re.fullmatch(pattern, value, re.S):
        raise BridgeError("bad-request", "request.field", field=key, text=excerpt(value))
    return value


def _game_name(request: dict) -> str:
    """The game of a request that names a collection: a name, or a spec of that game."""
    return _game(request).name


def _day(request: dict):
    import datetime
    if request.get("date") is None:
        return None
    try:
        return datetime.date.fromisoformat(_field(request, "date", r"\d{4}-\d{2}-\d{2}"))
    except ValueError:
        raise BridgeError("bad-request", "request.field", field="date",
                          text=excerpt(request["date"])) from None


def op_problems(request: dict) -> dict:
    """The problems shipped for the request's game, and ``today``: the id of the problem of
    the day (UTC, or the request's ``date``, YYYY-MM-DD)."""
    from .solving import listing
    return _problem_call(listing, _game_name(request), _day(request))


def _opened(request: dict):
    """The problem a request names: a shipped one (``id``, or ``today``: true), or a
    ``position`` with a ``goal`` in the request's game."""
    from .solving import shipped, solving
    from .problems import problem_of_the_day
    if "id" in request or request.get("today"):
        name = _game_name(request)
        problem = (_problem_call(problem_of_the_day, name, _day(request)) if request.get("today")
                   else _problem_call(shipped, name, _field(request, "id", r"[0-9a-f]{8}")))
        return _problem_call(solving, problem["spec"], problem["position"], problem["goal"],
                             problem), problem
    spec = _game(request).spec
    return _problem_call(solving, spec, _field(request, "position"), _field(request, "goal", r".{1,20}")), None


def op_problem_open(request: dict) -> dict:
    """A problem to solve: its spec, start ``position``, ``goal``, ``n``, ``attacker`` (the
    side to move, who must win), ``keys`` and main ``line`` (for "show the solution"), and
    for a shipped one its ``id`` and ``difficulty``; the view of the start position."""
    from .solving import problem_id
    solving, problem = _opened(request)
    extra = {} if problem is None else {"id": problem_id(problem["spec"], problem["position"]),
                                        "difficulty": problem["difficulty"]}
    view = _view(solving.rules, [], {"position": solving.position})
    return {**solving.summary(), **extra, "view": view}


def op_problem_move(request: dict) -> dict:
    """The verdict on the reader's ``move`` after ``moves`` (played from the problem's
    ``position`` with its ``goal``, or from the shipped problem ``id``): ``verdict`` solved, correct or wrong, the defender's ``reply`` (the longest
    defence, or the refutation of a wrong try), and for a wrong one its ``reason``
    (tavoliere.solving)."""
    from .solving import solving
    if "id" in request:   # a shipped problem: its proof is known (see solving.Solving)
        found = _opened(request)[0]
    else:
        found = _problem_call(solving, _game(request).spec, _field(request, "position"),
                              _field(request, "goal", r".{1,20}"))
    return _problem_call(found.answer, _moves(request), _move(request))


def op_prove_start(request: dict) -> dict:
    """Start proving ``goal`` from a ``position``, or from the record ``moves`` (composing a
    problem); the step ``step`` continues it a slice at a time, ``stop`` answers."""
    from .problems import parse_goal, problem_game
    spec = _game(request).spec
    game = _problem_call(problem_game, spec)
    goal = _problem_call(parse_goal, _field(request, "goal", r".{1,20}"), game)
    start = _start(request, game)
    state = _record.states_for(game, _moves(request), start)[-1]
    if game.outcome(state) is not None:
        raise BridgeError("bad-request", "position.over", **game.outcome(state).message_params(game))
    key = _id(request)
    while len(_provers) >= MAX_SEARCHES:
        del _provers[next(iter(_provers))]
    _provers[key] = (game, state, goal, goal.prover(game, state))
    return {"id": key, "position": _problem_call(game.position_text, state), "goal": str(goal),
            "kind": goal.kind}


def _prover(request: dict):
    found = _provers.get(_id(request))
    if found is None:
        raise BridgeError("bad-request", "request.no-search")
    return found


def op_prove_step(request: dict) -> dict:
    """Prove for about ``slice`` seconds; ``progress``: first moves settled, nodes, done."""
    import time
    seconds = _slice(request)
    prover = _prover(request)[3]
    until = time.perf_counter() + seconds
    while not prover.done and time.perf_counter() < until:
        prover.work()
    return {"progress": {**prover.progress, "done": prover.done}}


def op_prove_stop(request: dict) -> dict:
    """The proof, once done (else ``done`` false): ``sound`` (exactly one key), ``keys``,
    ``cooks`` (the keys beyond the first, when there are several), ``value``, ``line`` and
    ``refutations``; with the problem's ``spec``, ``position`` and ``goal``.  The search
    is dropped; its proof is kept for the problem's ``open`` (solving.keep_proof)."""
    game, state, goal, prover = _prover(request)
    _provers.pop(_id(request), None)
    if not prover.done:
        return {"done": False}
    from .solving import keep_proof
    result = prover.result
    position = game.position_text(state)
    keep_proof(game.spec, position, str(goal), result)
    return {"done": True, "spec": game.spec, "position": position,
            "goal": str(goal), "kind": goal.kind, **result,
            "cooks": result["keys"][1:] if len(result["keys"]) > 1 else []}


def op_problem_edit(request: dict) -> dict:
    """A position set up in the composer's editor: the request's ``position`` read by the
    game's rules (a "bad-request" with their message when they cannot reach it), or without
    one the position the record ``moves`` reach (the game on the table); answers ``position``
    written again, ``to_move``, ``pieces``, ``over`` and the ``palette`` of tokens to place
    (tavoliere.solving.edited)."""
    from .solving import edited
    spec = _game(request).spec
    position = _field(request, "position") if "position" in request else None
    return _problem_call(edited, spec, position, _moves(request))


PROBLEM_STEPS = {"list": op_problems, "open": op_problem_open, "move": op_problem_move,
                 "start": op_prove_start, "step": op_prove_step, "stop": op_prove_stop,
                 "edit": op_problem_edit}


def op_problem(request: dict) -> dict:
    """Problems, one op whose ``step`` is list, open or move (solving), start, step or stop
    (proving a composition in slices), edit (a composer's position read by the rules); the
    functions above say what each takes and answers."""
    step = request.get("step")
    step = PROBLEM_STEPS.get(step) if isinstance(step, str) else None
    if step is None:
        raise BridgeError("bad-request", "request.problem-step",
                          step=excerpt(request.get("step")), steps=list(PROBLEM_STEPS))
    return step(request)


OPS["problem"] = op_problem


_JSON_TOKEN = re.compile(r'["\[\]{}]')
_STRING_REST = re.compile(r'[^"\\]*(?:\\.[^"\\]*)*"', re.S)  # after the opening quote


def _too_deep(text: str) -> bool:
    """Whether the arrays and objects of ``text`` nest deeper than MAX_DEPTH.  json.loads
    recurses once a level: CPython stops it with a RecursionError, but in Pyodide a deep
    enough text overflows the JavaScript stack first and kills the worker.  Linear time."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth, pos = 0, 0
    while token := _JSON_TOKEN.search(text, pos):
        pos = token.end()
        if token.group() == '"':
            rest = _STRING_REST.match(text, pos)
            if rest is None:
                return False  # a string never closed: json.loads refuses the text anyway
            pos = rest.end()
        elif token.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        else:
            depth -= 1
    return False


def handle(request: str) -> str:
    """Answer one JSON request with a JSON string; never raises."""
    try:
        if isinstance(request, str) and _too_deep(request):
            raise BridgeError("bad-request", "request.too-deep")
        try:
            data = json.loads(request)
        except (TypeError, ValueError):
            raise BridgeError("bad-request", "request.not-json") from None
        except RecursionError:  # arrays or objects nested deeper than the parser goes
            raise BridgeError("bad-request", "request.too-deep") from None
        if not isinstance(data, dict):
            raise BridgeError("bad-request", "request.not-object")
        name = data.get("op")
        if not isinstance(name, str):
            raise BridgeError("bad-request", "request.op")
        op = OPS.get(name)
        if op is None:
            raise BridgeError("unknown-op", "request.unknown-op", op=excerpt(name), ops=list(OPS))
        answer = {"ok": True, **op(data)}
    except BridgeError as error:
        answer = failure(error.kind, error.problem)
    except Exception as error:  # a bug: report it, keep the worker alive
        detail = excerpt(f"{type(error).__name__}: {error}", 160, quoted=False)
        answer = {**failure("internal", Problem("internal", detail=detail)),
                  "trace": traceback.format_exc(limit=5)}
    return json.dumps(answer, separators=(",", ":"))


def failure(kind: str, problem: Problem) -> dict:
    """The answer to a request that failed: its kind, the problem's code and params, and the
    problem in English."""
    return {"ok": False, "error": kind, "code": problem.code, "params": dict(problem.params),
            "message": str(problem)}
