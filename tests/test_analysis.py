"""Analyse from here in Chromium (issue 38, item 3; web/analysis.js): against the computer, the
board becomes an analysis board: the player moves for both sides, the computer does not
answer, the bar shows its estimate of the position on view, the game's record stays; a move
at an earlier position is a variation that stays in the study; Back to the game returns to
the game's position and the computer plays its turn.  At 1366x800, and once at 390x844 with
touch; screenshots in test-output/ (analysis-*.png)."""

import re

import pytest

from conftest import NO_WELCOME, OUTPUT, PageWatch

pytestmark = pytest.mark.browser

DESKTOP = dict(viewport={"width": 1366, "height": 800})
PHONE = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2)
ESTIMATE = re.compile(r"^(White|Bianco) \d{1,3}%$")


def open_room(returning, size, url, *scripts):
    context = returning(**size)
    for script in (NO_WELCOME, *scripts):
        context.add_init_script(script)
    watch = PageWatch(context)
    return context, watch, watch.open(url)


def study_moves(line):
    return [node["move"] for node in line]


def shot(page, name):
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"analysis-{name}.png"), full_page=True)


def click_cell(page, name):
    point = page.evaluate("name => window.tavoliere.cellCenter(name)", name)
    page.mouse.click(point["x"], point["y"])
    page.wait_for_function("name => window.tavoliere.line().at(-1) === name", arg=name)


def wait_estimate(page):
    """The bar shows a finished estimate of the position on view, as a number."""
    page.wait_for_function("""() => { const bar = document.getElementById('win-bar');
        return !bar.hidden && !bar.hasAttribute('data-pending'); }""")
    text = page.locator("#win-bar-text").text_content()
    assert ESTIMATE.match(text), text
    return text


def test_analyse_from_here_against_the_computer(returning, server):
    context, watch, page = open_room(
        returning, DESKTOP, server + "#game=havannah(size=4)&white=human&black=ai:5&moves=d4,c3")
    try:
        button = page.locator("#analyse")
        assert button.text_content() == "Analyse from here" and button.is_enabled()
        # the person's move: the computer's turn now, level 5's 8 s, so that the click on the
        # button lands while it thinks even on a loaded machine (level 3's 1 s did not always)
        click_cell(page, "e5")
        page.wait_for_function("window.tavoliere.thinking()")
        button.click()                              # its search stops; the analysis begins
        page.wait_for_function("document.getElementById('analyse').getAttribute('aria-pressed') === 'true'")
        assert button.text_content() == "Back to the game"
        assert not page.evaluate("window.tavoliere.thinking()")
        assert page.locator("#turn").get_attribute("data-analysis") == "Analysis"
        assert page.locator("#analysis-label").is_visible()
        # a move for each side from the game's position
        click_cell(page, "f5")                      # the computer's side, played by the person
        click_cell(page, "c4")
        assert page.evaluate("window.tavoliere.line()") == ["d4", "c3", "e5", "f5", "c4"]
        wait_estimate(page)
        page.wait_for_timeout(1500)                 # the computer would be thinking again by now
        assert not page.evaluate("window.tavoliere.thinking()")
        assert page.evaluate("window.tavoliere.line()") == ["d4", "c3", "e5", "f5", "c4"]
        assert study_moves(page.evaluate("window.tavoliere.study()")["line"]) == ["d4", "c3", "e5"]
        assert page.locator("#move-list li.analysis-line button").count() == 2
        assert "#game=havannah(size=4)&moves=d4,c3,e5" in page.url  # the link carries the game
        # an earlier position: a move there is a variation of the study
        page.locator('#move-list button[data-ply="1"]').click()
        page.wait_for_function("window.tavoliere.line().join() === 'd4'")
        click_cell(page, "e4")                      # instead of the computer's c3
        click_cell(page, "b3")
        wait_estimate(page)
        tree = page.evaluate("window.tavoliere.study()")
        assert study_moves(tree["line"]) == ["d4", "c3", "e5"]
        assert [study_moves(v) for v in tree["line"][1]["variations"]] == [["e4", "b3"]]
        assert page.locator("#study-promote").is_disabled()  # the game's line is not changed
        assert page.locator("#undo").is_disabled()
        shot(page, "desktop")
        # back to the game: its position, then the computer's move
        button.click()
        page.wait_for_function("document.getElementById('analyse').getAttribute('aria-pressed') === 'false'")
        assert page.evaluate("window.tavoliere.view().moves")[:3] == ["d4", "c3", "e5"]
        page.wait_for_function("window.tavoliere.view().moves.length === 4", timeout=40000)
        tree = page.evaluate("window.tavoliere.study()")
        assert study_moves(tree["line"])[:3] == ["d4", "c3", "e5"] and len(tree["line"]) == 4
        assert [study_moves(v) for v in tree["line"][1]["variations"]] == [["e4", "b3"]]  # kept
        assert page.locator("#move-list li.analysis-line").count() == 0
        assert page.locator("#turn").get_attribute("data-analysis") is None
        assert watch.errors == []
    finally:
        context.close()


def test_analyse_from_here_on_a_phone(returning, server):
    # the win bar turned off in the settings: an analysis still shows the estimate
    context, watch, page = open_room(
        returning, PHONE, server + "#game=havannah(size=4)&white=human&black=human&moves=d4,c3,e5,f5",
        "localStorage.setItem('tavoliere.winbar', 'false')")
    try:
        page.locator('#move-list button[data-ply="2"]').tap()
        page.wait_for_function("window.tavoliere.line().join() === 'd4,c3'")
        page.locator("#analyse").tap()
        page.wait_for_function("document.getElementById('analyse').getAttribute('aria-pressed') === 'true'")
        page.evaluate("window.tavoliere.play('c4')")  # (a tap on a small cell opens the loupe: test_study's)
        page.evaluate("window.tavoliere.play('b3')")
        wait_estimate(page)
        assert page.locator("#analysis-label").text_content() == "Analysis"
        tree = page.evaluate("window.tavoliere.study()")
        assert study_moves(tree["line"]) == ["d4", "c3", "e5", "f5"]
        assert [study_moves(v) for v in tree["line"][2]["variations"]] == [["c4", "b3"]]
        page.locator("#board").scroll_into_view_if_needed()
        shot(page, "phone")
        page.locator("#analyse").tap()
        # (the button is drawn again once the game's position is on view)
        page.wait_for_function("document.getElementById('analyse').getAttribute('aria-pressed') === 'false'")
        assert page.locator("#win-bar").is_hidden()  # the setting holds again
        assert page.evaluate("window.tavoliere.view().moves") == ["d4", "c3", "e5", "f5"]
        assert page.locator("#analyse").text_content() == "Analyse from here"
        assert watch.errors == []
    finally:
        context.close()
