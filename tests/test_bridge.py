"""The bridge: JSON in, JSON out, errors as data, never an exception."""

import json

import pytest

from tavoliere import bridge
from tavoliere.bridge import handle
from tavoliere import load_game


def ask(**request):
    return json.loads(handle(json.dumps(request)))


def test_games_lists_every_game_with_its_options():
    answer = ask(op="games")
    assert answer["ok"]
    names = [g["name"] for g in answer["games"]]
    titles = [g["title"].lower() for g in answer["games"]]
    assert titles == sorted(titles) and {"barrier", "havannah", "hekka", "hexade"} <= set(names)
    barrier = answer["games"][0]
    size = next(o for o in barrier["options"] if o["name"] == "size")
    assert (size["low"], size["high"], size["default"]) == (5, 9, 8)


def test_layout_names_every_cell_with_a_centre_and_outline():
    answer = ask(op="layout", game="barrier(size=6)")
    assert answer["ok"] and answer["game"] == "barrier(size=6)"
    cells = answer["layout"]["cells"]
    assert len(cells) == 36 and cells[0]["name"] == "a1"
    assert all(len(c["points"]) == 4 for c in cells)


def test_view_reports_board_turn_legal_moves_and_last_move():
    # Black's pawn on d4 blocks one of the two paths, so the short form c4-e3 is unambiguous
    answer = ask(op="view", game="barrier", moves=["c4", "d4", "c4-e3"])
    assert answer["ok"], answer
    assert answer["moves"] == ["c4", "d4", "c4-c3-d3-e3"]
    assert answer["to_move"] == 1 and answer["ply"] == 3
    assert answer["pieces"]["d4"] == "pawn.1" and answer["pieces"]["c3"] == "block"
    assert answer["last"]["name"] == "c4-c3-d3-e3"
    assert answer["last"]["cells"] == ["c4", "c3", "d3", "e3"]
    assert all(set(m) == {"name", "clicks", "steps"} for m in answer["legal"])
    # each click named, so the page can ask for the path by name (Game.click_steps)
    assert {tuple(m["steps"]) for m in answer["legal"]} == {("destination", "path")}
    assert answer["outcome"] is None


def test_short_form_that_fits_two_paths_is_refused_as_ambiguous():
    answer = ask(op="view", game="barrier", moves=["c4", "f6", "e3"])
    assert not answer["ok"] and answer["error"] == "illegal-move"
    assert "ambiguous" in answer["message"] and "move 3" in answer["message"]


def test_play_returns_the_new_view_and_the_canonical_name():
    answer = ask(op="play", game="barrier", moves=["c4", "f6"], move="c4-d4-e4-e3")
    assert answer["ok"] and answer["played"] == "c4-d4-e4-e3"
    assert answer["moves"] == ["c4", "f6", "c4-d4-e4-e3"]
    assert answer["pieces"]["e3"] == "pawn.0"


def test_playing_on_reuses_the_states_of_the_last_record():
    first = ask(op="view", game="hexade(size=5)", moves=["a1", "e5"])
    second = ask(op="play", game="hexade(size=5)", moves=first["moves"], move="e1")
    assert second["ok"] and second["moves"] == ["a1", "e5", "e1"]
    again = ask(op="view", game="hexade(size=5)", moves=["a1"])
    assert again["ok"] and again["moves"] == ["a1"] and again["to_move"] == 1


@pytest.mark.parametrize("request_text, kind, words", [
    ("not json", "bad-request", "JSON"),
    ("[1, 2]", "bad-request", "object"),
    ('{"op": "fly"}', "unknown-op", "fly"),
    ('{"op": "view"}', "bad-request", "game"),
    ('{"op": "view", "game": "nonsense"}', "unknown-game", "nonsense"),
    ('{"op": "view", "game": "barrier(size=12)"}', "bad-game", "size"),
    ('{"op": "view", "game": "barrier(colour=red)"}', "bad-game", "colour"),
    ('{"op": "view", "game": "barrier", "moves": "c4"}', "bad-request", "list"),
    ('{"op": "view", "game": "barrier", "moves": ["zz9"]}', "invalid-move", "zz9"),
    ('{"op": "view", "game": "barrier", "moves": ["c4", "c4"]}', "illegal-move", "move 2"),
    ('{"op": "play", "game": "barrier", "moves": []}', "bad-request", "move"),
    ('{"op": "play", "game": "barrier", "moves": [], "move": "c4-d4-e4-e3/"}', "invalid-move", "c4-d4-e4-e3/"),
])
def test_bad_requests_come_back_as_errors_that_name_the_problem(request_text, kind, words):
    answer = json.loads(handle(request_text))
    assert answer["ok"] is False
    assert answer["error"] == kind, answer
    assert words in answer["message"]


def test_an_error_leaves_the_bridge_working():
    handle("{broken")
    assert ask(op="view", game="barrier")["ok"]


def test_huge_move_lists_are_refused():
    answer = ask(op="view", game="havannah", moves=["a1"] * 6000)
    assert answer["error"] == "bad-request" and "5000" in answer["message"]


def test_preview_and_position_show_pieces_without_playing():
    preview = ask(op="preview", game="barrier", moves=["c4", "f6"], move="c4-d4-e4-e3")
    assert preview["ok"] and preview["pieces"]["d4"] == "block" and preview["pieces"]["e3"] == "pawn.0"
    assert ask(op="view", game="barrier", moves=["c4", "f6"])["pieces"].get("d4") is None
    position = ask(op="position", game="barrier(size=6)", moves=["b2", "e5"])
    assert position["position"] == "pawn.0:b2;pawn.1:e5"
    position = ask(op="position", game="barrier(size=6)", moves=["b2", "e5", "b2-c2-d2-d3"])
    assert position["position"] == "block:b2,c2,d2;pawn.0:d3;pawn.1:e5"


def test_export_and_import_round_trip_and_bad_records_are_refused():
    text = ask(op="export", game="hexade(size=5)", moves=["a1", "e5", "e1"], tags={"White": "Anna"})["text"]
    assert '[White "Anna"]' in text
    back = ask(op="import", text=text)
    assert back["ok"] and back["game"] == "hexade(size=5)" and back["moves"] == ["a1", "e5", "e1"]
    bad = ask(op="import", text='[Game "hexade(size=5)"]\n1. a1 e5 2. b1')
    assert bad["error"] == "bad-record" and "ply 3" in bad["message"]
    assert ask(op="export", game="barrier", moves=[], tags={"Bad tag": "x"})["error"] == "bad-record"


def test_a_search_runs_in_slices_and_answers_a_legal_move():
    start = ask(op="think_start", game="havannah(size=5)", moves=["c3"], iterations=200, seed=1, id="7")
    assert start["ok"] and start["id"] == "7"
    for _ in range(1000):
        step = ask(op="think_step", id="7", slice=0.05)
        assert step["ok"] and set(step["progress"]) >= {"done", "iterations", "best", "win_chance", "proven"}
        if step["progress"]["done"]:
            break
    final = ask(op="think_stop", id="7")
    legal = [m["name"] for m in ask(op="view", game="havannah(size=5)", moves=["c3"])["legal"]]
    assert final["move"] in legal and final["cells"] == [final["move"]]
    assert ask(op="think_step", id="7")["error"] == "bad-request"
    assert ask(op="think_start", game="barrier", moves=[], level=9)["error"] == "bad-request"


# -- failures are coded, and no input reaches an internal error -----------------------------------
def test_a_failure_carries_a_code_and_params_the_page_can_say():
    answer = ask(op="view", game="barrier", moves=["c4", "c4"])
    assert answer["error"] == "illegal-move" and answer["code"] == "at-move"
    assert answer["params"]["ply"] == 2
    assert answer["params"]["inner"] == ["move.not-legal-because", "barrier.cell-taken"]
    assert answer["message"] == "move 2 (c4): c4 is not legal here: c4 holds White's pawn"


@pytest.mark.parametrize("request_text", [
    "[" * 1200 + "]" * 1200, '{"a":' * 1200 + "1" + "}" * 1200,
    '{"op": "view", "moves": ' + "[" * 5000 + "]" * 5000 + "}",
    "[" * 100_000,
])
def test_deeply_nested_json_is_a_bad_request(request_text):
    answer = json.loads(handle(request_text))
    assert answer["error"] == "bad-request", answer
    assert answer["code"] == "request.too-deep"


def test_nesting_is_counted_outside_strings_only():
    deep = {"op": "view", "game": "barrier", "extra": json.loads("[" * 60 + "]" * 60)}
    assert ask(**deep)["ok"]
    deeper = {**deep, "extra": json.loads("[" * 70 + "]" * 70)}
    assert ask(**deeper)["code"] == "request.too-deep"
    brackets = ask(op="import", text="[" * 5000 + '"' + "{" * 5000)
    assert brackets["error"] == "bad-record", brackets


@pytest.mark.parametrize("op", [[], {}, 5, None, True, ["view"]])
def test_an_op_that_is_not_a_text_is_a_bad_request(op):
    answer = ask(op=op)
    assert answer["error"] == "bad-request" and answer["code"] == "request.op", answer


VALID = {
    "games": {},
    "layout": {"game": "barrier"},
    "view": {"game": "barrier", "moves": ["c4"]},
    "play": {"game": "barrier", "moves": ["c4"], "move": "f6"},
    "preview": {"game": "barrier", "moves": ["c4", "f6"], "move": "c4-d4-e4-e3"},
    "position": {"game": "barrier", "moves": ["c4"]},
    "export": {"game": "barrier", "moves": ["c4"], "tags": {"White": "Anna"}},
    "import": {"text": '[Game "barrier"]\n1. c4'},
    "think_start": {"game": "barrier(size=5)", "moves": [], "iterations": 5, "seed": 1,
                    "id": "fuzz"},
    "think_step": {"id": "fuzz", "slice": 0.01},
    "think_stop": {"id": "fuzz"},
}
FIELDS = ["game", "moves", "move", "tags", "text", "level", "seconds", "iterations", "seed",
          "id", "slice"]
WRONG = [None, True, False, 0, -1, 5, 2.5, float("nan"), 10**30, "", "3", "x" * 10_000, [],
         [5], ["c4", None], {}, {"a": 1}, {"White": 5}, [[["x"]]]]


@pytest.mark.parametrize("op", list(VALID))
def test_wrong_typed_fields_are_refused_never_an_internal_error(op):
    if op in ("think_step", "think_stop"):  # a search to step or stop, whatever ran before
        ask(op="think_start", **VALID["think_start"])
    assert ask(op=op, **VALID[op])["ok"], op  # the base request works
    for field in FIELDS:
        for value in WRONG:
            request = {**VALID[op], field: value}
            answer = json.loads(handle(json.dumps({"op": op, **request})))
            assert answer.get("error") != "internal", (op, field, value, answer)
            if not answer["ok"]:
                assert answer["code"] and isinstance(answer["params"], dict)
        if op == "think_start":  # keep one search under the fuzz id for the next ops
            ask(op=op, **VALID[op])


@pytest.mark.parametrize("request_text, kind", [
    ('{"op": "view", "game": 5}', "bad-request"),
    ('{"op": "view", "game": "barrier", "moves": 5}', "bad-request"),
    ('{"op": "export", "game": "barrier", "moves": [], "tags": []}', "bad-request"),
    ('{"op": "export", "game": "barrier", "moves": [], "tags": {"White": 5}}', "bad-request"),
    ('{"op": "think_start", "game": "barrier", "moves": [], "level": "3"}', "bad-request"),
    ('{"op": "think_step", "id": {}}', "bad-request"),
    ('{"op": "think_stop", "id": []}', "bad-request"),
    ('{"op": "think_step", "id": "nope", "slice": true}', "bad-request"),
    ('{"op": "import", "text": ["x"]}', "bad-request"),
    ('{"op": "preview", "game": "barrier", "moves": [], "move": 5}', "bad-request"),
])
def test_field_type_confusions_are_bad_requests(request_text, kind):
    answer = json.loads(handle(request_text))
    assert answer["error"] == kind, answer


def test_a_view_with_too_many_moves_lists_where_they_start_and_narrow_finds_them():
    """tests/games/pairs.py: two stones a move, in any order, 2,016 moves at first."""
    view = ask(op="view", game="pairs", moves=[])
    assert view["free_after"] == 0 and view["legal"] == [] and bridge.MAX_LISTED < 2016
    assert view["more"]["count"] == 2016 and len(view["more"]["starts"]) == 64
    one = ask(op="narrow", game="pairs", moves=[], clicks=["d4"])
    assert len(one["legal"]) == 63 and all("d4" in m["clicks"] for m in one["legal"])
    # either order picks the same move; a cell twice picks none
    for clicks in (["d4", "a1"], ["a1", "d4"]):
        assert [m["name"] for m in ask(op="narrow", game="pairs", moves=[], clicks=clicks)["legal"]] == ["a1d4"]
    assert ask(op="narrow", game="pairs", moves=[], clicks=["d4", "d4"])["legal"] == []
    bad = ask(op="narrow", game="pairs", moves=[], clicks="d4")
    assert bad["error"] == "bad-request" and bad["code"] == "request.clicks"


def test_narrow_keeps_the_first_clicks_in_order_and_takes_the_others_in_any_order():
    """Cephalopod (free_clicks_after = 1): the cell, then its dice in any order; a die first,
    or a die twice, fits nothing.  Every click in order where the game says nothing."""
    cephalopod, barrier = load_game("cephalopod"), load_game("barrier")
    move = ("c3", "b3", "c4", "d3")
    for clicked in (["c3"], ["c3", "d3"], ["c3", "d3", "b3"], ["c3", "c4", "d3", "b3"]):
        assert bridge._fits(cephalopod, move, clicked), clicked
    for clicked in (["d3"], ["b3", "c3"], ["c3", "d3", "d3"], ["c3", "a1"]):
        assert not bridge._fits(cephalopod, move, clicked), clicked
    assert barrier.free_clicks_after is None
    assert bridge._fits(barrier, move, ["c3", "b3"]) and not bridge._fits(barrier, move, ["c3", "c4"])
    assert ask(op="view", game="cephalopod", moves=[])["free_after"] == 1
    assert "free_after" not in ask(op="view", game="barrier", moves=[])
    assert ask(op="view", game="damone", moves=[])["picks_up"] is True
    assert "picks_up" not in ask(op="view", game="cephalopod", moves=[])


# -- sealed plies, for any game that makes them ---------------------------------------------------

@pytest.fixture
def morra():
    """Odds and evens, a game defined only here (registered for the test, then removed):
    each round White then Black shows 1 or 2 fingers, sealed until both are shown; an even
    sum scores for White, odd for Black, and the first to two points wins.  A state is
    (White's points, Black's, White's sealed choice or None; 0 where it is concealed)."""
    from tavoliere.core import _GAMES, Game, Outcome, piece, register

    class Morra(Game):
        name, title = "morra", "Morra"

        def initial_state(self):
            return (0, 0, None)

        def to_move(self, state):
            return 0 if state[2] is None else 1

        def legal_moves(self, state):
            return [] if self.outcome(state) else [1, 2]

        def apply(self, state, move):
            if state[2] is None:
                return (state[0], state[1], move)
            even = (state[2] + move) % 2 == 0
            return (state[0] + even, state[1] + (not even), None)

        def outcome(self, state):
            if 2 in state[:2]:
                return Outcome(state.index(2), "points")
            return None

        def sealed(self, state):
            return 0 if state[2] is None else 1

        def concealed(self, state):
            return state if state[2] is None else (state[0], state[1], 0)

        def move_name(self, move):
            return str(move)

        def clicks(self, move):
            return ()

        def pieces(self, state):
            return {"a1": piece("counter", 0, state[0]), "b1": piece("counter", 1, state[1])}

        def layout(self):
            return {}

    register(Morra)
    try:
        yield load_game("morra")
    finally:
        del _GAMES["morra"]


def test_a_sealed_ply_is_hidden_by_the_view_of_any_game(morra):
    """A game's sealed plies (``Game.sealed``) are hidden by the bridge, whatever the game:
    the view is the same whichever ply is sealed, and counts revealed plies only."""
    views = [ask(op="view", game="morra", moves=["1", "2", choice]) for choice in ("1", "2")]
    assert views[0] == views[1]
    assert (views[0]["moves"], views[0]["ply"], views[0]["sealed"]) == (["1", "2"], 2, 1)
    assert views[0]["last"]["name"] == "2" and views[0]["to_move"] == 1
    assert views[0]["pieces"] == {"a1": "counter.0=0", "b1": "counter.1=1"}
    assert ask(op="view", game="morra", moves=["1", "2"])["sealed"] == 0
    record = ask(op="export", game="morra", moves=["1", "2", "2"])["text"]
    assert record.splitlines()[-1] == "1. 1 2"


def test_no_game_seals_a_ply_unless_it_says_so():
    """By default nothing is sealed and the concealed state is the state itself."""
    game = load_game("barrier(size=5)")
    state = game.replay(["c3"])
    assert game.sealed(state) == 0 and game.concealed(state) is state
    assert ask(op="view", game="barrier(size=5)", moves=["c3"])["sealed"] == 0


def test_the_games_list_says_which_games_seal_plies(morra):
    """A game that overrides ``sealed`` is marked in the games list (the page offers no game by
    link for it: a link would carry the sealed ply); the others carry no mark."""
    games = {game["name"]: game for game in ask(op="games")["games"]}
    assert games["morra"].get("sealed_plies") is True
    assert games["footsteps"].get("sealed_plies") is True
    assert "sealed_plies" not in games["barrier"]


# -- the longest record (review F4) -----------------------------------------------------------------
def test_the_ply_past_the_longest_record_is_refused_where_it_is_played(monkeypatch):
    """Review F4: ply 5,001 was accepted by ``play``, and then the record could be neither
    opened again nor continued ("more than 5000 moves").  The limit is checked where a ply is
    played, so every record a game reaches can be opened again (a short limit here, to play
    up to it quickly)."""
    monkeypatch.setattr(bridge, "MAX_MOVES", 4)
    moves = ["e5", "a1", "b2", "c3"]
    assert ask(op="view", game="havannah(size=5)", moves=moves)["ok"]
    answer = ask(op="play", game="havannah(size=5)", moves=moves, move="d4")
    assert not answer["ok"] and answer["error"] == "illegal-move"
    assert answer["message"] == "no more moves: a game may hold at most 4, and this one has reached it"
    assert ask(op="play", game="havannah(size=5)", moves=moves[:3], move="d4")["ok"]


def test_the_longest_record_is_stated_once():
    from pathlib import Path
    import re
    from tavoliere import notation
    from tavoliere.core import MAX_PLIES, game_class, game_names
    assert bridge.MAX_MOVES == notation.MAX_MOVES == MAX_PLIES == 5000
    # the page reads it from site.json (test_the_page_reads_the_vocabulary_from_site_json)
    assert bridge.vocabulary()["max_plies"] == MAX_PLIES
    # no game's move limit lets a record grow past what can be opened again
    for name in game_names():
        for option in game_class(name)().info()["options"]:
            if option["name"] == "max_plies":
                assert option["high"] <= MAX_PLIES, (name, option)


def test_a_move_given_as_steps_comes_with_its_steps_and_others_without():
    """Game.move_steps: the view's last move carries the pieces after each step (a sowing),
    for the page to show one after the other; a move shown at once carries none, not even
    when its clicks have steps of their own (Barrier's destination and path: the board took
    those names for pieces and drew none while a move slid)."""
    sowing = json.loads(handle(json.dumps({"op": "view", "game": "layli", "moves": ["a"]})))
    assert len(sowing["last"]["steps"]) == 31 and "a" not in sowing["last"]["steps"][0]
    placing = json.loads(handle(json.dumps({"op": "view", "game": "havannah(size=4)", "moves": ["d4"]})))
    assert "steps" not in placing["last"]
    moving = json.loads(handle(json.dumps({"op": "view", "game": "barrier", "moves": ["c4", "f6", "c4-d4-e4-e3"]})))
    assert "steps" not in moving["last"]
    assert all(move["steps"] == ["destination", "path"] for move in moving["legal"])


def test_the_page_reads_the_vocabulary_from_site_json():
    """Issue 36, "one owner per fact": the piece shapes and their pattern, the computer's
    levels and the longest record are the engine's; the ``games`` answer (site.json's
    ``vocabulary``) carries them, and no module under web/ states them again."""
    from pathlib import Path
    import re
    from tavoliere.ai import DEFAULT_LEVEL, LEVEL_SECONDS
    from tavoliere.core import MAX_PLIES, SHAPES, read_piece
    words = ask(op="games")["vocabulary"]
    assert words == {"shapes": list(SHAPES), "piece_pattern": words["piece_pattern"],
                     "levels": sorted(LEVEL_SECONDS), "default_level": DEFAULT_LEVEL,
                     "max_plies": MAX_PLIES}
    pattern = re.compile(words["piece_pattern"])  # the page anchors it as the engine does
    assert pattern.fullmatch("die.1=3").groups() == ("die", "1", "3") and read_piece("die.1=3") == ("die", 1, "3")
    assert pattern.fullmatch("stone.0").groups() == ("stone", "0", None)
    web = Path(__file__).parent.parent / "web"
    for path in web.glob("*.js"):
        source = path.read_text()
        assert str(MAX_PLIES) not in source, path.name
        assert not re.search(r'"stone",\s*"pawn"', source), path.name  # the shapes' list (drawing.js draws each)
        assert not re.search(r"\[1-5\]|level <= 5|<= 5; level", source), path.name


def test_click_narrowing_agrees_with_the_page_on_the_shared_table_of_cases():
    """One rule of click narrowing on both sides: the engine's ``_fits`` (a list too long to
    send is narrowed here) and web/moves.js ``fits`` (tests/js/moves.test.mjs) are held to
    the same cases in tests/data/clicks.json."""
    from pathlib import Path
    from types import SimpleNamespace
    cases = json.loads((Path(__file__).parent / "data" / "clicks.json").read_text())["cases"]
    assert len(cases) >= 10
    for case in cases:
        game = SimpleNamespace(free_clicks_after=case["free_after"])
        assert bridge._fits(game, tuple(case["move"]), case["clicks"]) is case["fits"], case["why"]
