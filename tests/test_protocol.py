"""The game protocol's two halves (core.Rules, shown.Shown) stay apart, and the shown half keeps
its promise: every method has a default that works on every registered game, or is required
and written by every game, and its table (shown.py's docstring) names all of it."""

import ast
import inspect
import json
import re
import textwrap

import pytest

from tavoliere import shown
from tavoliere.core import Game, Outcome, Rules, game_class, game_names, load_game
from tavoliere.shown import LANGUAGES, Shown


def own_names(cls) -> set[str]:
    """The names a class defines itself, not Python's own bookkeeping."""
    return {name for name in vars(cls) if not (name.startswith("__") and name.endswith("__"))}


SHOWN_METHODS = {name for name in own_names(Shown) if callable(getattr(Shown, name))}

# How each method of the shown half is called on a game, from a state and one of its moves
# (``after``: the state after that move); a new method is added here, or the test below fails.
CALLS = {
    "clicks": lambda state, move, after: (move,),
    "click_steps": lambda state, move, after: (move,),
    "same_cells": lambda state, move, after: (state,),
    "toggle": lambda state, move, after: (state, None),
    "offers_random": lambda state, move, after: (state,),
    "move_words": lambda state, move, after: (move,),
    "ply_words": lambda state, move, after: (state, move),
    "shown_names": lambda state, move, after: ([state, after], [move], 0),
    "move_cells": lambda state, move, after: (move,),
    "move_steps": lambda state, move, after: (state, move),
    "layout": lambda state, move, after: (),
    "marks": lambda state, move, after: (state,),
    "notes": lambda state, move, after: (state,),
    "view_fields": lambda state, move, after: (state,),
    "diagram": lambda state, move, after: (state,),
    "text_table": lambda state, move, after: ("it",),
    "outcome_text": lambda state, move, after: (Outcome(0, "no-moves"), "it"),
    "info": lambda state, move, after: (),
}


def required() -> set[str]:
    """The methods of the shown half whose default raises NotImplementedError."""
    return {name for name in SHOWN_METHODS
            if "raise NotImplementedError" in inspect.getsource(getattr(Shown, name))}


def test_no_name_is_defined_in_both_halves():
    assert own_names(Rules) & own_names(Shown) == set()


def test_game_is_the_two_halves_and_nothing_more():
    assert Game.__mro__ == (Game, Rules, Shown, object)
    assert own_names(Game) == set()


def test_every_method_of_the_shown_half_has_a_way_to_be_called_here():
    assert set(CALLS) == SHOWN_METHODS


def table_rows() -> dict[str, list[str]]:
    """The rows of shown.py's table, {name: its cells}, columns cut where its rulers say."""
    lines = shown.__doc__.splitlines()
    rulers = [index for index, line in enumerate(lines) if line.startswith("===")]
    assert len(rulers) == 3, "the table keeps its three rulers"
    spans = [(word.start(), word.end()) for word in re.finditer(r"=+", lines[rulers[0]])]
    rows = {}
    for line in lines[rulers[1] + 1:rulers[2]]:
        cells = [line[start:end + 1].strip() for start, end in spans]
        for name in re.findall(r"([a-z_]+)(?:\([^)]*\))?", cells[0]):   # "toggle(state, m)"
            rows[name] = cells
    return rows


def test_the_table_names_everything_of_the_shown_half_and_what_is_required():
    rows = table_rows()
    assert set(rows) == own_names(Shown)
    assert {name for name, cells in rows.items() if cells[1] == "required"} == required()
    assert required() == {"clicks", "layout", "diagram"}
    assert all(len(cells) == 4 and all(cells) for cells in rows.values())


def test_the_rules_read_only_the_layout_of_the_shown_half():
    """The rules half stands alone but for the names of the cells (``cell_names`` reads
    ``layout``); an outcome's message words it through ``Outcome.message_params``."""
    source = textwrap.dedent(inspect.getsource(Rules))
    read = {node.attr for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "cls")}
    assert read & own_names(Shown) == {"layout"}


def sample(game):
    """The game's initial state, its first legal move and the state after it."""
    state = game.initial_state()
    move = game.legal_moves(state)[0]
    return state, move, game.apply(state, move)


@pytest.mark.parametrize("name", game_names())
def test_every_game_writes_the_required_methods(name):
    cls = game_class(name)
    for method in required():
        assert getattr(cls, method) is not getattr(Shown, method), f"{name} lacks {method}"


@pytest.mark.parametrize("name", game_names())
def test_every_default_and_every_game_own_method_works_on_the_initial_state(name):
    """Each method of the shown half, the default (unless required) and the game's own,
    answers on the game's first position what the bridge can send as JSON."""
    game = load_game(name)
    state, move, after = sample(game)
    for method, arguments in CALLS.items():
        args = arguments(state, move, after)
        answers = [getattr(game, method)(*args)]
        if method not in required():
            answers.append(getattr(Shown, method)(game, *args))
        for answer in answers:
            json.dumps(answer)
            if method in ("diagram", "outcome_text"):
                assert isinstance(answer, str) and answer, (name, method)


def test_the_defaults_leave_a_game_as_if_it_said_nothing():
    """What a game that writes none of the optional methods gets (Barrier writes few)."""
    game = load_game("barrier")
    state, move, after = sample(game)
    assert Shown.click_steps(game, move) == ()
    assert Shown.same_cells(game, state) == {}
    assert Shown.toggle(game, state) is None
    assert Shown.offers_random(game, state) is False
    assert Shown.move_words(game, move) is None
    assert Shown.ply_words(game, state, move) is None
    assert Shown.shown_names(game, [state, after], [move], 0) == [game.move_name(move)]
    assert Shown.move_cells(game, move) == (game.move_name(move),)   # a placement: one cell
    assert Shown.move_steps(game, state, move) == []
    assert Shown.marks(game, state) == {} and Shown.notes(game, state) == {}
    assert Shown.free_clicks_after is None and Shown.picks_up is False
    assert set(Shown.text_table(game, "en")) >= set(shown.CORE_TEXTS["en"])
    assert set(LANGUAGES) == {"en", "it"}
