"""The page's words in Italian and English where code builds them (review "Italian", A): the
turn line at a roll, the position's description, the game's header, the tagline."""

import re

import pytest

from conftest import click_more

pytestmark = pytest.mark.browser
SETTLED = "!window.tavoliere.thinking() && window.tavoliere.view().to_move !== -1"
# internal cell names: Dadi's racks, tokens, supply and lines, Footsteps' stores and track
INTERNAL = re.compile(r"\bp\d[dt]\d?\b|\bsupply\b|\brow\d\b|\bcol[a-h]\b|\bwhite\b|\bblack\b|\bp[123]\b|\bm[123]\b|\bnorth\b|\bsouth\b")


def italian(page):
    if page.evaluate("document.documentElement.lang") != "it":
        page.locator("#language").click()


def describe(page):
    click_more(page, "#describe")
    return page.locator("#description").text_content()


def test_a_roll_due_is_said_as_such_not_as_player_0(watch, server):
    """A.1: at a roll (to_move CHANCE, -1) the turn line read "Tocca al 0" / "0 to move"."""
    page = watch.open(server + "#game=dadi&white=human&black=human")
    page.wait_for_function(SETTLED, timeout=30_000)
    page.locator("#first").click()
    page.wait_for_function("window.tavoliere.view().to_move === -1")
    assert page.locator("#turn").text_content().startswith("Dice to roll…")
    italian(page)
    turn = page.locator("#turn").text_content()
    assert turn.startswith("In attesa del lancio…") and "Tocca al 0" not in turn
    assert watch.errors == []


@pytest.mark.parametrize("fragment, english, italian_words", [
    ("#game=barrier", "Barrier · 8×8", "Barrier · 8×8"),
    ("#game=havannah(size=8)", "Havannah · side 8", "Havannah · lato 8"),
    ("#game=dadi(players=4)", "Dadi · 4 players", "Dadi · 4 giocatori"),
    ("#game=damone(no_capture_plies=40)", ": 40", "Semimosse senza catture per la patta: 40"),
])
def test_the_header_writes_numbers_in_words(watch, server, fragment, english, italian_words):
    """A.3: "Barrier · Caselle per lato 8", "Dadi · Giocatori 4", and a hint in brackets."""
    page = watch.open(server + fragment)
    assert english in page.locator("#game-name").text_content()
    italian(page)
    heading = page.locator("#game-name").text_content()
    assert italian_words in heading and "(" not in heading
    assert watch.errors == []


@pytest.mark.parametrize("fragment, expected", [
    ("#game=dadi&white=human&black=human", ["di valore", "scorta del", "riserva"]),
    ("#game=footsteps&white=human&black=human", ["Segnalino: 0.", "punti del Bianco", "di valore 50"]),
    ("#game=layli&white=human&black=human", ["4 semi: ", "a del Sud", "f del Nord"]),
])
def test_the_description_names_no_internal_cells(watch, server, fragment, expected):
    """A.2: "Dadi del Bianco che mostra 1: p0d1, …", "Segno: p1", "Segnalini che mostra 4"."""
    page = watch.open(server + fragment)
    page.wait_for_function(SETTLED, timeout=30_000)
    italian(page)
    text = describe(page)
    assert not INTERNAL.search(text), text
    assert "che mostra" not in text and "Segno" not in text
    for words in expected:
        assert words in text, (words, text)
    assert watch.errors == []


def test_the_tagline_names_both_sources(watch, server):
    """A.4: six of the ten games come from Il fogliaccio degli astratti, not PerGioco."""
    page = watch.open(server + "#game=barrier")
    assert page.locator(".tagline").text_content() == "Abstract games from PerGioco and Il fogliaccio degli astratti"
    italian(page)
    assert page.locator(".tagline").text_content() == "Giochi astratti da PerGioco e dal Fogliaccio degli astratti"
    assert "fogliaccio" in page.evaluate("document.querySelector('meta[name=description]').content").lower()


def test_a_bid_is_a_bid_in_footsteps_words(watch, server):
    """D (optional) and B: the list of bids is "La tua offerta", and a round revealed is said
    in the game's words ("ha offerto"), not the page's "ha giocato"."""
    page = watch.open(server + "#game=footsteps&white=human&black=human")
    italian(page)
    choice = page.locator("#move-buttons .move-choice")
    # its label is visible now, in the game's words (REVIEWS Players 25)
    assert choice.evaluate("e => e.closest('label').textContent").startswith("La tua offerta")
    choice.select_option("7")
    page.locator("#move-buttons .move-choice-play").click()
    page.locator("#move-buttons .take-device").click()
    page.locator("#move-buttons .move-choice").select_option("5")
    page.locator("#move-buttons .move-choice-play").click()
    page.wait_for_function("window.tavoliere.view().moves.length === 2")
    assert page.locator("#announcer").text_content().startswith("Il Bianco ha offerto 7. Il Nero ha offerto 5.")
    assert watch.errors == []
