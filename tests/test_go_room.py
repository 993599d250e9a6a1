"""Go to the count in the room (issue 40, part 2): a 9x9 game against level 1 by clicks and
taps, then the marking phase of RULES.md 13.3 on the board: the computer's estimate shown
see-through with the count and the territory, a tap toggling a whole unit (13.3.5), Propose,
the computer's counter-proposal (13.3.6) and Accept; on a desktop and on a phone with touch.

The game is short: it opens from a link at a settled position (Black's area a-e with eyes on
b2 b5 b8 and a dead White stone on c3 whose only liberty c4 White cannot fill, White's area
f-j with eyes on h2 h5 h8; the dame e5 and f8 left), then is played by clicks: Black takes
e5, the computer f8 (its only play that fills no eye of its own), Black passes and the
computer, with nothing left to play, passes too."""

import pytest

from conftest import NO_WELCOME, OUTPUT, PageWatch
from tavoliere import load_game
from test_room import click_cell, tap_cell

pytestmark = pytest.mark.browser

SPEC = "go(size=9)"
EYES_AND_DAME = ("b2", "b5", "b8", "c4", "e5", "h2", "h5", "h8", "f8")


def settled_record():
    """The settled position as a record: Black fills a-e, White fills f-j and c3 first, the
    side with fewer stones passing at the end; White passes last, so Black is to move."""
    black, white = ["c3"], []
    for column in "abcdefghj":
        for row in range(1, 10):
            name = f"{column}{row}"
            if name not in EYES_AND_DAME + ("c3",):
                (black if column in "abcde" else white).append(name)
    black, white = black[1:], ["c3"] + white
    moves = []
    for k in range(max(len(black), len(white))):
        moves += [black[k] if k < len(black) else "pass", white[k] if k < len(white) else "pass"]
    while moves[-1] == "pass":
        moves.pop()
    return moves + ["pass"]


def test_the_record_reaches_the_settled_position_without_captures():
    game = load_game(SPEC)
    state = game.replay(settled_record())
    assert state.prisoners == (0, 0) and state.phase == "play" and state.to_move == 0
    empty = sorted(game.names[c] for c, v in enumerate(state.board) if v == 0)
    assert empty == sorted(EYES_AND_DAME)


def tap(page, name, touch):
    (tap_cell if touch else click_cell)(page, name)


def press(page, text, touch):
    """The move without a cell labelled ``text``: its button, or, where the row has no room
    for them all (a phone), its entry in the list and the list's button."""
    choice = page.locator("#move-buttons .move-choice")
    if choice.count():
        choice.select_option(label=text)
        button = page.locator("#move-buttons .move-choice-play")
    else:
        button = page.locator("#move-buttons button", has_text=text)
    button.tap() if touch else button.click()


def offered(page):
    """The labels of the moves without a cell on offer, as buttons or in the list."""
    choice = page.locator("#move-buttons .move-choice")
    if choice.count():
        return choice.locator("option").all_text_contents()
    return page.locator("#move-buttons button").all_text_contents()


def moves(page):
    return page.evaluate("window.tavoliere.view().moves")


def wait_moves(page, count):
    page.wait_for_function("n => !window.tavoliere.thinking() && "
                           "(window.tavoliere.view().moves.length >= n || window.tavoliere.view().outcome)",
                           arg=count, timeout=60_000)


@pytest.mark.parametrize("width, height, touch", [(1366, 800, False), (390, 844, True)])
def test_a_game_against_level_1_to_the_count_with_the_marking_phase(returning, server, width,
                                                                     height, touch):
    context = returning(viewport={"width": width, "height": height}, has_touch=touch,
                                  is_mobile=touch, device_scale_factor=2 if touch else 1)
    context.add_init_script(NO_WELCOME)
    watch = PageWatch(context)
    record = settled_record()
    page = watch.open(server + f"#game={SPEC}&moves={','.join(record)}&white=human&black=ai:1")
    page.wait_for_function("window.tavoliere.view().moves.length >= 1")
    start = len(record)
    # play by clicks: Black takes a dame, the computer the other; Black passes, so does it
    tap(page, "e5", touch)
    wait_moves(page, start + 2)
    assert moves(page)[start:] == ["e5", "f8"]
    press(page, "Pass", touch)
    wait_moves(page, start + 4)
    assert moves(page)[start + 2:] == ["pass", "pass"]

    # the marking phase: the estimate (c3 dead) see-through, the count and the territory
    picture = page.evaluate("window.tavoliere.picture()")
    assert picture["faded"] == ["c3"]
    black, white = picture["owned"]
    assert {"b2", "b5", "b8", "c3", "c4"} == set(black) and {"h2", "h5", "h8"} == set(white)
    assert "6\u20139.5" in page.locator("#warning").text_content()
    assert offered(page) == ["Propose", "Resume play"]
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"go-marking-{width}.png"))

    # a tap on a White stone toggles White's whole unit: every White stone is marked dead
    tap(page, "g1", touch)
    page.wait_for_function("window.tavoliere.picture().faded.length > 1")
    faded = page.evaluate("window.tavoliere.picture().faded")
    assert "g1" in faded and "j9" in faded and "f8" in faded and "c3" in faded
    assert "f8" not in page.evaluate("window.tavoliere.picture().owned")[1]
    page.screenshot(path=str(OUTPUT / f"go-marking-tapped-{width}.png"))
    # proposed: the computer counter-proposes its estimate (13.3.6); Black accepts it
    press(page, "Propose", touch)
    wait_moves(page, start + 6)
    proposal = moves(page)[start + 4]
    assert proposal.startswith("dead:") and "g1" in proposal and "c3" in proposal
    assert moves(page)[start + 5] == "dead:c3"
    assert page.evaluate("window.tavoliere.picture().faded") == ["c3"]
    assert offered(page) == ["Propose", "Accept", "Resume play"]
    page.screenshot(path=str(OUTPUT / f"go-marking-counter-{width}.png"))
    press(page, "Accept", touch)
    wait_moves(page, start + 7)

    final = page.evaluate("window.tavoliere.view()")
    game = load_game(SPEC)
    outcome = game.outcome(game.replay(final["moves"]))
    assert final["moves"][-1] == "accept"
    assert final["outcome"]["scores"] == [6, 9.5] == list(outcome.scores)
    assert final["outcome"]["winner"] == outcome.winner == 1
    assert page.locator("#banner").is_visible()
    # the count shows the territory that counted: Black's eyes and the dead stone's points
    black, white = page.evaluate("window.tavoliere.picture().owned")
    assert set(black) == {"b2", "b5", "b8", "c3", "c4"} and set(white) == {"h2", "h5", "h8"}
    page.screenshot(path=str(OUTPUT / f"go-count-{width}.png"))
    assert document_width(page) <= width
    assert watch.errors == []
    context.close()


def document_width(page):
    return page.evaluate("document.documentElement.scrollWidth")


def test_two_people_mark_on_one_board_and_the_link_carries_each_proposal(returning, server):
    """13.3.5 "On one device both players use the same board; by link each ply travels in
    the record": Black taps and proposes, White, on the same board, finds the marks of that
    proposal, changes them with a tap and proposes in turn; Black accepts.  The address bar's
    link holds each proposal as its ply."""
    context = returning(viewport={"width": 1366, "height": 800})
    context.add_init_script(NO_WELCOME)
    watch = PageWatch(context)
    record = settled_record() + ["e5", "f8", "pass", "pass"]
    page = watch.open(server + f"#game={SPEC}&moves={','.join(record)}&white=human&black=human")
    page.wait_for_function(f"window.tavoliere.view().moves.length === {len(record)}")
    assert page.evaluate("window.tavoliere.picture().faded") == ["c3"]
    tap(page, "c3", False)                    # Black: no dead stones after all
    page.wait_for_function("window.tavoliere.picture().faded.length === 0")
    press(page, "Propose", False)
    wait_moves(page, len(record) + 1)
    assert moves(page)[-1] == "dead"
    assert "dead" in page.url.split("moves=")[1]
    # White's turn on the same board: the marks start from Black's proposal
    assert page.evaluate("window.tavoliere.picture().faded") == []
    assert offered(page) == ["Propose", "Accept", "Resume play"]
    tap(page, "c3", False)
    page.wait_for_function("window.tavoliere.picture().faded.length === 1")
    press(page, "Propose", False)
    wait_moves(page, len(record) + 2)
    assert moves(page)[-1] == "dead:c3" and "dead:c3" in page.url
    press(page, "Accept", False)
    wait_moves(page, len(record) + 3)
    assert page.evaluate("window.tavoliere.view().outcome")["scores"] == [6, 9.5]
    assert watch.errors == []
    context.close()
