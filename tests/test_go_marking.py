"""Go's marking phase as the page plays it (RULES.md 13.3.5 and 13.3.6): the move built by
toggling units of stones (``Game.toggle``, sent as the view's ``toggle``), the count under
the current marks with the territory it gives, and the computer's answers to proposals.

Expected values are written out by hand from the rule text and GO-9, never computed by the
engine."""

import json

import pytest

from tavoliere import load_game
from tavoliere.ai import choose
from tavoliere.bridge import handle

GO9 = ("d9 d8 d7 d6 d5 d4 e4 e3 e2 e1 h3 h7", "e9 e8 e7 e6 f6 f5 f4 f3 f2 f1 b7")
GAME = load_game("go(size=9)")


def go9_marking():
    state = GAME.position(*GO9, to_move=1, prisoners=(1, 1))
    return GAME.replay("pass pass".split(), state)


def ask(**request):
    return json.loads(handle(json.dumps(request)))


def position_moves():
    """GO-9's stones played from the empty board, Black's and White's alternately (White
    passes at the end: Black passing too stops play)."""
    black, white = (names.split() for names in GO9)
    moves = []
    for k in range(len(black)):
        moves += [black[k], white[k] if k < len(white) else "pass"]
    return moves


def test_no_toggle_outside_the_marking_phase():
    """Play has its moves by clicks; only the marking phase is built by toggling."""
    state = GAME.position(*GO9, to_move=1, prisoners=(1, 1))
    assert GAME.toggle(state) is None
    end = GAME.replay("pass pass dead:b7,h3,h7 accept".split(), state)
    assert GAME.toggle(end) is None


def test_marks_start_from_the_estimate_with_its_count_and_territory():
    """13.3.6 "It proposes its own ownership estimate"; GO-9: "dead:b7,h3,h7 accept ...
    Territory: Black 30 + 2 prisoners = 32; White 30 + 3 + 6.5 = 39.5"."""
    toggle = GAME.toggle(go9_marking())
    assert toggle["marked"] == ["b7", "h3", "h7"]
    assert toggle["move"]["name"] == "dead:b7,h3,h7"
    assert toggle["covers"] == ["dead:b7,h3,h7", "dead"]
    assert toggle["marks"]["message"]["params"]["scores"] == "32\u201339.5"
    black, white = toggle["marks"]["owned"]
    assert len(black) == 30 and len(white) == 30
    assert "b7" in black and "h3" in white and "e5" not in black + white


def test_a_tap_toggles_a_whole_unit():
    """13.3.5 "A click on a stone toggles its unit"; GO-9: "A click on h3 toggles the unit
    {h3, h7}; a click on b7 toggles {b7}"."""
    toggle = GAME.toggle(go9_marking())
    assert ["h3", "h7"] in toggle["units"] and ["b7"] in toggle["units"]
    # every stone in exactly one unit
    stones = [cell for unit in toggle["units"] for cell in unit]
    assert sorted(stones) == sorted(" ".join(GO9).split())


def test_marks_given_make_the_proposal_and_its_count():
    """GO-9 with only b7 dead (h3 and h7 alive), counted by hand: Black has its 30 points and
    2 prisoners (b7 one of them); on the right the region reaches both colours (h3, h7), so
    White has no territory, its 1 prisoner and komi: 32 against 7.5."""
    state = go9_marking()
    toggle = GAME.toggle(state, ["B7"])
    assert toggle["marked"] == ["b7"] and toggle["move"]["name"] == "dead:b7"
    assert toggle["marks"]["message"]["key"] == "marks"
    assert toggle["marks"]["message"]["params"]["scores"] == "32\u20137.5"
    none = GAME.toggle(state, [])
    assert none["move"]["name"] == "dead" and none["marked"] == []
    # a stone named takes its whole chain, so the proposal is always a legal one
    whole = GAME.toggle(state, ["d5"])
    assert whole["marked"][:3] == ["d4", "d5", "d6"] and len(whole["marked"]) == 10
    GAME.play(state, GAME.parse_move(whole["move"]["name"], state))


def test_a_proposal_on_the_table_starts_the_marks():
    """13.3.5 "Changing the marks after a proposal makes a new proposal": the marks start
    from the proposal just made, which keeps its own words, until they change."""
    state = GAME.replay(["dead:b7"], go9_marking())
    toggle = GAME.toggle(state)
    assert toggle["marked"] == ["b7"]
    assert toggle["marks"]["message"]["key"] == "proposal"
    assert toggle["marks"]["highlight"] == ["b7"]
    changed = GAME.toggle(state, ["b7", "h3", "h7"])
    assert changed["marks"]["message"]["key"] == "marks"


def test_no_toggle_after_the_fourth_proposal():
    """13.3.3 "after the fourth, the player to move may only accept, resume or resign"."""
    state = GAME.replay("dead dead:b7 dead dead:b7".split(), go9_marking())
    assert GAME.toggle(state) is None


def test_the_view_carries_the_toggle_and_its_marks():
    """The bridge sends the toggle as one field of the view, its marks as the view's, and
    takes the page's marks as ``marked``."""
    moves = position_moves() + ["pass"]
    view = ask(op="view", game="go(size=9)", moves=moves)
    assert view["ok"] and "toggle" in view
    state = GAME.replay(moves)
    assert view["toggle"]["marked"] == [GAME.names[c] for c in GAME.estimate(state.board)]
    assert view["marks"]["owned"] and "marks" not in view["toggle"]
    tapped = ask(op="view", game="go(size=9)", moves=moves, marked=[])
    assert tapped["toggle"]["move"]["name"] == "dead" and tapped["toggle"]["marked"] == []
    assert tapped["marks"]["message"]["key"] == "marks"
    played = ask(op="view", game="go(size=9)", moves=position_moves())
    assert "toggle" not in played


@pytest.mark.parametrize("marked", ["b7", [1, 2], ["z99"]])
def test_bad_marks_are_refused_with_a_reason(marked):
    moves = position_moves() + ["pass"]
    answer = ask(op="view", game="go(size=9)", moves=moves, marked=marked)
    assert not answer["ok"] and answer["error"] == "bad-request"
    assert answer["message"]


def test_the_computer_counter_proposes_once_then_resumes_whoever_began():
    """13.3.6 "It accepts a proposal equal to its estimate and otherwise counter-proposes its
    estimate. If a second human proposal still differs, it resumes and plays the dispute
    out."  Here the computer began the marking: its estimate, a human proposal that
    differs (the first), its counter-proposal, a second that differs, then resume."""
    state = go9_marking()
    estimate = choose(GAME, state, iterations=100)
    assert GAME.move_name(estimate) == "dead:b7,h3,h7"
    first = GAME.apply(GAME.apply(state, estimate), ("dead",))
    assert choose(GAME, first, iterations=100) == estimate
    second = GAME.apply(GAME.apply(first, estimate), ("dead",))
    assert choose(GAME, second, iterations=100) == ("resume",)
    agreed = GAME.apply(GAME.apply(first, estimate), estimate)
    assert choose(GAME, agreed, iterations=100) == ("accept",)


def test_the_count_shows_the_territory_that_counted():
    """GO-9 accepted: "Territory: Black 30 + 2 prisoners = 32; White 30 + 3 + 6.5 = 39.5": the
    marks at the count show each player's 30 points, the dead stones' points among them."""
    end = GAME.replay("dead:b7,h3,h7 accept".split(), go9_marking())
    black, white = GAME.marks(end)["owned"]
    assert len(black) == 30 and len(white) == 30 and "b7" in black and "h7" in white
