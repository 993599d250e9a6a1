"""The shown half of the game protocol: how the page shows a game and how a player clicks it.

The rules half (``core.Rules``: ``initial_state``, ``to_move``, ``legal_moves``, ``apply``,
``outcome``, chance, sealed plies, hidden information, notation, positions, options) says what
may happen; this half says how it looks and how it is played with a pointer.  Every game is
``core.Game``, which is ``Rules`` and ``Shown`` together, so a game module writes both halves in
one class.  Nothing here changes what is legal: a search never calls this half.

This table is the one place that lists everything of this half, with its default.  The bridge
(``bridge.py``) puts each answer into the named field of a view (``op_view``), of the ``layout``
answer, or of a game's entry in ``site.json`` (``info``, from the ``games`` request), and the
named files under ``web/`` read it.  "required": a game must write it (the default raises).

==================== ================ ========================== ============================
name                 default          fills                      read by, under ``web/``
==================== ================ ========================== ============================
clicks(move)         required         ``legal[].clicks``         moves.js, choosing.js
click_steps(move)    ``()``           ``legal[].steps``          moves.js, talk.js
free_clicks_after    ``None``         ``free_after``             moves.js, choosing.js
picks_up             ``False``        ``picks_up``               choosing.js
same_cells(state)    ``{}``           ``same``                   choosing.js
toggle(state, m)     ``None``         ``toggle``, ``marks``      toggle.js
offers_random(state) ``False``        ``random``                 controls.js
move_words(move)     ``None``         ``legal[].words``          texts.js (a button's label)
ply_words(s, move)   ``move_words``   ``words``                  table.js, movelist.js
shown_names(...)     the move names   ``moves``, ``last.name``   table.js, movelist.js
move_cells(move)     cells named      ``last.cells``             table.js, board.js
move_steps(s, move)  ``[]``           ``last.steps``             table.js, board.js
layout()             required         ``layout`` (own request)   board.js, layouts.js
marks(state)         ``{}``           ``marks``                  table.js, board.js, texts.js
notes(state)         ``{}``           ``notes``                  none (tools and tests)
view_fields(state)   same, notes      those fields of a view     (as their own rows say)
diagram(state)       required         none                       none (command line, tests)
texts                ``{}``           ``texts`` in ``info``      texts.js, every region
text_table(lang)     shared + own     ``texts`` in ``info``      texts.js, every region
outcome_text(o)      from the texts   none                       none (a record's Result)
author, minutes      ``""``, ``0``    ``info``                   welcome.js
newcomer_seat        ``0``            ``info``                   welcome.js
rule_diagrams        the start        ``boards/show-NAME.json``  rulesview.js
info()               all of these     a game of ``site.json``    games.js, newgame.js
==================== ================ ========================== ============================

Two things the page draws come from the rules half, because the rules need them too: the view's
``pieces`` (``Rules.pieces``: a position text writes and reads them) and every move's ``name``
(``Rules.move_name``).  In turn the rules read one method of this half, ``layout``, for the
names of the cells (``Rules.cell_names``); and a rules error that states a result (a position
already over) words it with ``outcome_text``, through ``Outcome.message_params``.

A new kind of interaction is one method here, with a default that leaves every other game as
it was and a row in this table, its field in ``view_fields`` (the bridge puts what that
returns into every view as it is), and the one file under ``web/`` that reads that field.
(The fields that depend on the request, a seat or the legal moves, ``marks``, ``toggle``,
``random`` and the words, are filled by ``bridge._view`` itself.)
"""

from __future__ import annotations

import re

__all__ = ["Shown", "CORE_TEXTS", "LANGUAGES", "RESULT_WORDS"]

# Texts every game shares, in every language the room speaks; a game adds its own in
# ``Game.texts`` (same keys override these).  Keys: ``player.N``, ``rules`` (a list of
# paragraphs), ``option.NAME`` and ``option.NAME.CHOICE``, ``reason.CODE`` (an outcome's
# reason, with ``{loser}``), ``move.NAME`` (the label of a move made with a button) and
# ``message.KEY`` (a message of ``Game.marks``), ``shape.SHAPE.one``/``.other`` (a piece shape
# in words).
CORE_TEXTS = {
    "en": {
        "player.0": "White", "player.1": "Black",
        "reason.no-moves": "{loser} has no legal move",
        "reason.repetition": "the same position occurred for the third time",
        "reason.max-plies": "the move limit was reached",
        "reason.full-board": "the board is full",
        "reason.resign": "{loser} resigned",
        "reason.agreement": "agreed by the players",
        "reason.false-reveal": "{loser} revealed a value that does not match his commitment",
        "option.max_plies": "Move limit (draw)",
        "diagram.setup": "The board at the start.",
        "diagram.try": "Your turn: make a move here (the example's cells are shaded).",
        "diagram.win": "A game played to its end.",
        "diagram.move": "A game under way.",
    },
    "it": {
        "player.0": "Bianco", "player.1": "Nero",
        "reason.no-moves": "il {loser} non ha più mosse possibili",
        "reason.repetition": "la stessa posizione si è ripetuta per la terza volta",
        "reason.max-plies": "è stato raggiunto il limite di semimosse",
        "reason.full-board": "il tavoliere è pieno",
        "reason.resign": "il {loser} ha abbandonato",
        "reason.agreement": "per accordo fra i giocatori",
        "reason.false-reveal": "il {loser} ha svelato un valore che non corrisponde al suo impegno",
        "option.max_plies": "Limite di semimosse (patta)",
        "diagram.setup": "Il tavoliere all'inizio.",
        "diagram.try": "Prova tu: gioca qui una mossa (le caselle dell'esempio sono ombreggiate).",
        "diagram.win": "Una partita giocata fino alla fine.",
        "diagram.move": "Una partita in corso.",
    },
}
# Every piece shape in words, singular and plural (the page's screen-reader texts).
CORE_TEXTS["en"].update({
    "shape.stone.one": "stone", "shape.stone.other": "stones",
    "shape.pawn.one": "pawn", "shape.pawn.other": "pawns",
    "shape.knight.one": "knight", "shape.knight.other": "knights",
    "shape.crowned.one": "crowned piece", "shape.crowned.other": "crowned pieces",
    "shape.double-crowned.one": "double-crowned piece", "shape.double-crowned.other": "double-crowned pieces",
    "shape.die.one": "die", "shape.die.other": "dice",
    "shape.counter.one": "counter", "shape.counter.other": "counters",
    "shape.marker.one": "marker", "shape.marker.other": "markers",
    "shape.block.one": "obstacle", "shape.block.other": "obstacles",
})
CORE_TEXTS["it"].update({
    "shape.stone.one": "pedina", "shape.stone.other": "pedine",
    "shape.pawn.one": "pedina", "shape.pawn.other": "pedine",
    "shape.knight.one": "cavallo", "shape.knight.other": "cavalli",
    "shape.crowned.one": "dama", "shape.crowned.other": "dame",
    "shape.double-crowned.one": "damone", "shape.double-crowned.other": "damoni",
    "shape.die.one": "dado", "shape.die.other": "dadi",
    "shape.counter.one": "segnalino", "shape.counter.other": "segnalini",
    "shape.marker.one": "segnalino", "shape.marker.other": "segnalini",
    "shape.block.one": "ostacolo", "shape.block.other": "ostacoli",
})
LANGUAGES = tuple(CORE_TEXTS)

RESULT_WORDS = {"en": {"draw": "Draw", "wins": "{player} wins", "and": " and "},
                "it": {"draw": "Patta", "wins": "Vince il {player}", "and": " e "}}


class Shown:
    """How the page shows and clicks a game: every method has a default except ``clicks``,
    ``layout`` and ``diagram`` (see the table above).  It calls the rules half (``move_name``,
    ``legal_moves``, ``to_move``, ...) through ``self``: it is only ever mixed into
    ``core.Game``."""

    # -- the click model ----------------------------------------------------------------------
    # How many of a move's first clicks keep their order, the rest coming in any order (the
    # dice a die captures, after its cell: 1; two stones placed together: 0); None when every
    # click keeps its order.  The page then fits the free clicks by their set of cells.
    free_clicks_after: int | None = None
    # True when a move's first click picks up the piece that moves (draughts): the page then
    # never plays a move on that click alone, so a click on a piece shows where it may go.
    # Every move with clicks then has two or more.
    picks_up = False

    def clicks(self, move) -> tuple[str, ...]:
        """The cells a user clicks, in order, to make ``move`` (enough to tell it apart).
        A move with no cells (a swap, a pass, a bid) has none: the page shows it as a button
        labelled ``move.NAME`` from the game's texts.  Required.  The view's ``legal[].clicks``
        (and ``last.clicks``): web/moves.js keeps the moves that fit the clicks so far,
        web/choosing.js takes the clicks."""
        raise NotImplementedError

    def click_steps(self, move) -> tuple[str, ...]:
        """What each click of ``move`` chooses, as names of the game's texts ``step.NAME``
        ("path", "removal"): while a move is half made, the page asks for the next step by
        name.  None (the default): the page's own words, "click a highlighted cell".  The view's
        ``legal[].steps``: web/moves.js finds the next step, web/talk.js words it."""
        return ()

    def same_cells(self, state) -> dict[str, str]:
        """Cells that stand for others on this turn: a click on a key counts as a click on
        its value (the second of two equal dice in a rack, say, for the first, which the
        moves' clicks name).  None by default.  The view's ``same`` (only when there are some):
        web/choosing.js."""
        return {}

    def toggle(self, state, marked=None) -> dict | None:
        """A move built by toggling sets of cells, with a live count (Go's dead stones), or
        None (the default) when the position has none.  The page keeps the marks and asks
        again with ``marked`` (the cells marked, from the page) after every tap; the answer
        is ``{"units": [[cells]]`` (a tap on a cell toggles its whole unit), ``"marked":
        [cells]`` (the marks: the game's own to start with), ``"move"`` (the move these marks
        make, as a legal move of the view, with the words of its button), ``"covers"`` (the
        listed moves that it stands for: the page shows its one button instead), ``"marks"}``
        (the position's marks under these marks, as ``marks``; ``owned`` may list, for each
        player, cells to mark as counting for that player).  The view's ``toggle`` (its
        ``marks`` become the view's): web/toggle.js."""
        return None

    def offers_random(self, state) -> bool:
        """Whether the room offers to make the move of ``state`` at random for the player (a
        set-up of hidden pieces, where any choice is a fair start): a button beside the turn
        that picks one of the legal moves.  By default no.  The view's ``random`` (only when
        true): web/controls.js draws the button."""
        return False

    # -- the moves in words ---------------------------------------------------------------------
    def move_words(self, move) -> tuple[str, dict] | None:
        """How the move list and the messages name a played move whose notation is not for
        players' eyes (a roll, ``r112336``): a key of the game's texts and its parameters.
        None (the default): the notation, or the button's words of a move without cells.  The
        view's ``legal[].words`` for a button (web/texts.js labels it) and, through
        ``ply_words``, its ``words``."""
        return None

    def ply_words(self, state, move):
        """How the move list words the ply ``move`` made from ``state`` (the full state): what
        the move revealed, say.  By default ``move_words``.  The view's ``words`` (left out when
        the game words no ply): web/table.js keeps them, web/movelist.js shows them."""
        return self.move_words(move)

    def shown_names(self, states: list, moves: list, seat: int | None) -> list[str]:
        """The names of the plies ``moves`` as the move list shows them to ``seat``
        (``states``: the full states along them, one more than the moves): a ply whose
        notation would betray hidden information is shown as "?" while it must stay hidden.
        By default every name as written.  The view's ``moves`` (and ``last.name``): web/table.js
        keeps the record it sent, web/movelist.js shows these."""
        return [self.move_name(move) for move in moves]

    # -- the board ------------------------------------------------------------------------------
    def move_cells(self, move) -> tuple[str, ...]:
        """Every cell a move touches, for highlighting: by default the cells its name mentions.
        The view's ``last.cells``: web/table.js marks the last move and web/board.js
        animates it."""
        return tuple(re.findall(r"[a-z]+[0-9]+", self.move_name(move)))

    def move_steps(self, state, move) -> list[dict[str, str]]:
        """A move seen as a sequence of steps, for the page to show one after the other (a
        sowing seed by seed): the pieces after each step but the last, whose pieces are the
        position after the move.  None by default: the move is shown at once.  The view's
        ``last.steps`` (a game without hidden information only): web/board.js shows them."""
        return []

    def layout(self) -> dict:
        """Cell names, centres, outlines and tones for drawing (see ``grid``).  Required.  The
        answer to the ``layout`` request: web/board.js draws it (web/layouts.js turns it);
        the rules read the names of its cells (``cell_names``)."""
        raise NotImplementedError

    def marks(self, state) -> dict:
        """What the page should point out, all optional: ``shaded`` (cells where the mover may
        not play), ``highlight`` (cells to ring, e.g. a six about to win), ``leaving`` (cells
        whose pieces were just captured, to fade out) and ``message`` (``{"key": KEY,
        "params": {...}}`` naming the text ``message.KEY``; an integer ``player`` or
        ``opponent`` parameter is a player, shown by name).  The view's ``marks``:
        web/table.js makes the board's picture of them for web/board.js, web/texts.js words
        the message (web/strip.js, web/talk.js)."""
        return {}

    def notes(self, state) -> dict:
        """Extra facts about the position for tools and tests: the view's ``notes``, which no
        file under web/ reads."""
        return {}

    def view_fields(self, state) -> dict:
        """The fields of a view that depend on the shown position alone, each from its
        method; an empty optional field is left out, so the page reads its absence as the
        default.  A new kind of interaction adds its field here."""
        fields = {"notes": self.notes(state)}
        if same := self.same_cells(state):
            fields["same"] = same
        return fields

    def diagram(self, state) -> str:
        """A plain-text picture of the state, for tests, the command line and bug reports.
        Required.  Never in a view."""
        raise NotImplementedError

    # -- texts ----------------------------------------------------------------------------------
    texts: dict[str, dict] = {}  # {"en": {key: text}, "it": {...}}: see CORE_TEXTS
    # What the room's welcome says of the game beside its ``tagline`` text (one line, in
    # each language): who made it (a text ``author`` words it in a language where the name
    # alone will not do: "traditional"), and about how long a game takes.
    author = ""
    minutes = 0
    # The seat the welcome gives a newcomer against the computer: the second where the first
    # player loses with best play (Barrier), so that nobody starts in a lost game.
    newcomer_seat = 0
    # The rules dialog's pictures (tavoliere/illustrations.py reads them): each a dict with a
    # ``caption`` (the text ``diagram.CAPTION``; setup, try and win are shared), then the
    # position: ``spec`` (default: the game's own), ``moves`` (names) or ``playout`` (a seed:
    # random moves from the start, ``plies`` of them or to the end), ``ring`` (cells to
    # stress), and ``try``: True when the reader plays the next move (the playout's next one
    # is the example).  A game that gives none shows its starting position.
    rule_diagrams: tuple[dict, ...] = ({"caption": "setup"},)

    def text_table(self, language: str) -> dict:
        """Every text of this game in ``language``: the shared ones, then the game's own
        (a subclass's texts override its base class's).  The ``texts`` of the game's entry
        in ``site.json`` (``info``): web/texts.js gives them to every region."""
        table = dict(CORE_TEXTS.get(language, {}))
        for cls in reversed(type(self).__mro__):
            table.update(cls.__dict__.get("texts", {}).get(language, {}))
        return table

    def outcome_text(self, outcome, language: str = "en") -> str:
        """The result (a ``core.Outcome``) in words, e.g. "Black wins: White has no legal
        move" (in English, the words of a record's Result tag).  Never in a view: the page
        words a result from the texts (web/texts.js)."""
        table = self.text_table(language)
        name = {p: table.get(f"player.{p}", str(p)) for p in range(self.players)}
        loser = "" if outcome.winner is None or self.players != 2 else name[1 - outcome.winner]
        scores = "\u2013".join(str(score) for score in outcome.scores)
        words = RESULT_WORDS[language]["and"].join(
            table.get(f"reason.{r}", r).format(loser=loser, scores=scores)
            for r in outcome.reason.split("+"))
        if outcome.winner is None:
            return f"{RESULT_WORDS[language]['draw']}: {words}"
        return f"{RESULT_WORDS[language]['wins'].format(player=name[outcome.winner])}: {words}"

    def info(self) -> dict:
        """The game's entry in ``site.json`` (the bridge's ``games`` answer): its name, title,
        players, options and every text in every language, and the facts the page needs
        before any view (sealed plies, hidden information, chance, draws, the welcome's):
        web/games.js reads it for every region."""
        out = {"name": self.name, "title": self.title, "players": self.players,
               "options": [option.as_dict() for option in self.options],
               "texts": {language: self.text_table(language) for language in LANGUAGES}}
        if self.seals_plies():
            out["sealed_plies"] = True
        if self.hides_information():
            out["hidden_information"] = True
        if self.has_chance():
            out["chance"] = True
        if self.players_option:
            out["players_option"] = self.players_option
        if not self.draws:
            out["no_draws"] = True
        if self.author:
            out["author"] = self.author
        if self.minutes:
            out["minutes"] = self.minutes
        if self.newcomer_seat:
            out["newcomer_seat"] = self.newcomer_seat
        return out
