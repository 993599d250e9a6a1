"""Ghost in the room (RULES.md 14.5, "Room rules that follow"): what the page shows each
seat.  Against the computer the board never shows the computer's colours and the move list
shows both set-ups as "?"; two people at one device pass it after every move, the board
shown with no colour meanwhile.  The saved game keeps the whole record."""

import re

import pytest

from test_room import SAVED_MOVES, click_cell, full_record, view

pytestmark = pytest.mark.browser

SHOWN = """() => ({
  url: location.hash,
  list: document.getElementById('move-list').textContent,
  announcer: document.getElementById('announcer').textContent,
  message: document.getElementById('message').textContent,
  body: document.body.innerText,
})"""


def pieces(page):
    return page.evaluate("window.tavoliere.picture().pieces")


def labelled(page, rows):
    """The cells of rows ``rows`` whose piece shows a colour (a label: G or X)."""
    return {cell: token for cell, token in pieces(page).items()
            if cell[1] in rows and "=" in token}


def wait_plies(page, count):
    page.wait_for_function(f"n => !window.tavoliere.thinking() && {SAVED_MOVES}.length >= n",
                           arg=count, timeout=60_000)


def setup_text(record):
    return [move for move in record if re.fullmatch(r"(?:[a-f][1-6]){4}", move)]


def test_against_the_computer_its_colours_and_setup_stay_hidden(watch, server):
    """14.5 "the colours of his own ghosts: the opponent no, until captured or escaped";
    14.7 "Shown record during the game: the same with S0 and S1 shown as ?"."""
    page = watch.open(server + "#game=ghost&white=human&black=ai:1")
    assert set(labelled(page, "12")) == set()            # no set-up chosen yet
    for cell in ("e2", "b1", "d2", "c1"):                # four clicks, in any order
        click_cell(page, cell)
        page.wait_for_timeout(60)
    wait_plies(page, 2)                                  # the computer's set-up follows
    record = full_record(page)
    assert record[0] == "b1c1d2e2" and len(setup_text(record)) == 2
    assert view(page)["moves"][:2] == ["?", "?"]
    shown = page.evaluate(SHOWN)
    for setup in setup_text(record):
        assert setup not in str(shown), setup
    assert set(labelled(page, "12")) == {f + r for f in "bcde" for r in "12"}
    assert labelled(page, "56") == {}                    # the computer's colours: never
    assert re.sub(r"\s+", "", shown["list"]).startswith("??")
    assert watch.errors == []


def test_two_people_pass_the_device_after_every_move(watch, server):
    """14.5 "Two people at one device: after every move the board is shown without colours
    until the next player confirms that he holds the device"."""
    page = watch.open(server + "#game=ghost&white=human&black=human")
    for cell in ("b1", "c1", "d2", "e2"):
        click_cell(page, cell)
        page.wait_for_timeout(60)
    wait_plies(page, 1)
    take = page.locator("#move-buttons .take-device")
    take.wait_for()
    assert labelled(page, "123456") == {}                # nobody's colours while it changes hands
    assert "b1c1d2e2" not in str(page.evaluate(SHOWN))
    take.click()
    page.wait_for_function("window.tavoliere.view().to_move === 1 && !document.querySelector('.take-device')")
    page.wait_for_timeout(300)
    assert labelled(page, "123456") == {}                # White's hidden, Black's not chosen yet
    for cell in ("b5", "c5", "d6", "e6"):
        click_cell(page, cell)
        page.wait_for_timeout(60)
    wait_plies(page, 2)
    take.wait_for()
    assert labelled(page, "123456") == {}
    take.click()
    page.wait_for_timeout(500)
    assert view(page)["to_move"] == 0
    assert set(labelled(page, "12")) == {f + r for f in "bcde" for r in "12"}
    assert labelled(page, "56") == {}
    click_cell(page, "b2")
    click_cell(page, "b3")
    wait_plies(page, 3)
    take.wait_for()
    assert labelled(page, "123456") == {}
    assert full_record(page) == ["b1c1d2e2", "b5c5d6e6", "b2-b3"]
    assert view(page)["moves"] == ["?", "?", "b2-b3"]
    assert "b1c1d2e2" not in str(page.evaluate(SHOWN)) and "b5c5d6e6" not in str(page.evaluate(SHOWN))
    assert watch.errors == []


def test_a_random_set_up_is_one_button_and_stays_hidden(watch, server):
    """14.2.3 "A 'random set-up' button picks one of the 70 uniformly from the page's
    cryptographic source; it is still a sealed ply"; the button goes once the set-ups are made."""
    page = watch.open(server + "#game=ghost&white=human&black=ai:1")
    button = page.get_by_role("button", name="Random set-up")
    button.click()
    wait_plies(page, 2)
    record = full_record(page)
    cells = re.findall(r"[a-f][1-6]", record[0])
    assert len(set(cells)) == 4 and all(c[0] in "bcde" and c[1] in "12" for c in cells)
    assert view(page)["moves"][:2] == ["?", "?"]
    assert set(labelled(page, "12")) == {f + r for f in "bcde" for r in "12"}
    assert page.locator("#move-buttons .random-move").count() == 0
    assert watch.errors == []
