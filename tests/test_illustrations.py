"""What a game module gives the welcome and the rules dialog (issue 37): a tagline, an author
and a length in minutes, a picture of a game in progress, and rule diagrams whose moves replay
(tavoliere/illustrations.py)."""

import pytest

import build
from tavoliere import load_game
from tavoliere.core import CHANCE, LANGUAGES, Game, game_class
from tavoliere.illustrations import diagram, rule_diagrams, sample

SHIPPED = build.shipped_games()


@pytest.mark.parametrize("name", SHIPPED)
def test_every_game_says_what_it_is_in_both_languages(name):
    cls = game_class(name)
    assert cls.author.strip(), f"{name}: no author"
    assert 0 < cls.minutes <= 120
    for language in LANGUAGES:
        own = cls.texts.get(language, {})  # the game's own words, not a shared default
        assert own.get("tagline", "").strip(), f"{name}: no tagline in {language}"
        assert "\n" not in own["tagline"] and len(own["tagline"]) <= 100  # one line on a card
    info = cls().info()
    assert info["author"] == cls.author and info["minutes"] == cls.minutes


@pytest.mark.parametrize("name", SHIPPED)
def test_the_welcome_picture_is_a_game_in_progress(name):
    picture = sample(name)
    game = load_game(picture["spec"])
    state = game.replay(picture["moves"])
    assert picture["moves"], "an empty board does not look like a game in play"
    assert game.outcome(state) is None
    assert game.to_move(state) != CHANCE  # a player is to move, not the dice


def cells_of(game):
    return {cell["name"] for cell in game.layout()["cells"]}


@pytest.mark.parametrize("name", SHIPPED)
def test_every_game_has_the_setup_and_a_way_to_win_and_each_diagram_replays(name):
    diagrams = rule_diagrams(name)
    assert len(diagrams) >= 2
    assert diagrams[0]["caption"] == "setup" and diagrams[0]["moves"] == []
    won = 0
    for d in diagrams:
        game = load_game(d["spec"])
        assert game.name == name
        state = game.replay(d["moves"])  # raises, naming the ply, if a move is not legal
        for language in LANGUAGES:
            assert f"diagram.{d['caption']}" in game.text_table(language), (name, d["caption"], language)
        assert set(d["ring"]) <= cells_of(game)
        outcome = game.outcome(state)
        if outcome is not None and outcome.winner is not None:
            won += 1
        if d["try"] is not None:
            assert outcome is None
            move = game.parse_move(d["try"], state)
            assert move in game.legal_moves(state)
            assert d["ring"] and set(d["ring"]) <= set(game.clicks(move))
    assert won, f"{name}: no diagram shows a way to win"


def test_some_games_let_the_reader_make_the_move():
    tried = [name for name in SHIPPED if any(d["try"] for d in rule_diagrams(name))]
    assert len(tried) >= len(SHIPPED) // 2


def test_a_game_that_gives_no_diagrams_shows_its_starting_position():
    assert Game.rule_diagrams == ({"caption": "setup"},)
    shown = diagram("havannah", {"caption": "setup"})
    assert shown == {"caption": "setup", "spec": "havannah", "moves": [], "ring": [], "try": None}


def test_a_try_diagram_needs_a_position_where_someone_moves():
    with pytest.raises(ValueError, match="try"):
        diagram("barrier", {"caption": "try", "spec": "barrier(size=5)", "playout": 67, "try": True})


def test_a_diagram_whose_moves_are_not_legal_is_refused():
    from tavoliere import IllegalMove, InvalidMove
    with pytest.raises((IllegalMove, InvalidMove)):
        diagram("havannah", {"caption": "setup", "spec": "havannah(size=4)", "moves": ["a1", "a1"]})
