"""The page in a real Chromium: loading, clicking real cells, refusing bad input."""

import json

import pytest

from conftest import OUTPUT, SlowHandler, held_back

pytestmark = pytest.mark.browser


def click_cell(page, name):
    point = page.evaluate("name => window.tavoliere.cellCenter(name)", name)
    assert point, f"no cell {name} on the board"
    page.mouse.click(point["x"], point["y"])


def wait_moves(page, count):
    page.wait_for_function("n => window.tavoliere.view().moves.length === n", arg=count)


def test_page_loads_without_errors_or_outside_requests(watch, server):
    page = watch.open(server)
    assert page.evaluate("window.tavoliere.view().game") == "barrier"
    assert page.locator("#status").text_content() in ("Ready", "Pronto")
    assert watch.errors == []
    outside = [url for url in watch.requests if not url.startswith("http://127.0.0.1:")]
    assert outside == []


def test_board_is_drawn_before_the_engine_is_ready(first_visit, server, site):
    with held_back({"pyodide.asm.wasm": 3.0}):
        page = first_visit.open(server, wait_ready=False)
        page.wait_for_function("() => performance.getEntriesByName('board-painted').length === 1")
        assert page.evaluate("performance.getEntriesByName('engine-ready').length") == 0
        assert page.locator("#status").get_attribute("data-stage") != "ready"
        # the canvas holds a drawn board: many distinct pixel colours, not a blank rectangle
        colours = page.evaluate("""() => {
            const c = document.getElementById('board');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            const seen = new Set();
            for (let i = 0; i < d.length; i += 4 * 97) seen.add(d[i] + ',' + d[i+1] + ',' + d[i+2]);
            return seen.size;
        }""")
        assert colours > 3
        # while the WebAssembly file is held back, the bar shows part of the real total
        total = json.loads((site / "site.json").read_text())["download_bytes"]
        megabytes = f"{total / 1e6:.1f} MB"
        page.wait_for_function("text => document.getElementById('status').textContent.includes(text)",
                               arg=f"of {megabytes}")
        assert 0 < page.evaluate("document.getElementById('load-progress').value") < 0.8
        page.evaluate("window.tavoliere.ready")
        assert page.evaluate("document.getElementById('load-progress').value") == 1


TWO_PEOPLE = "&white=human&black=human"


def test_two_people_play_barrier_by_clicking(watch, server):
    page = watch.open(server + "#game=barrier" + TWO_PEOPLE)
    click_cell(page, "c4")
    wait_moves(page, 1)
    click_cell(page, "f6")
    wait_moves(page, 2)
    click_cell(page, "e3")          # two paths reach e3: the page asks for the first step
    page.wait_for_timeout(100)
    assert page.evaluate("window.tavoliere.view().moves.length") == 2
    click_cell(page, "d4")
    wait_moves(page, 3)
    click_cell(page, "g4")          # Black: two paths again, f6-f5-f4-g4 and f6-g6-g5-g4
    click_cell(page, "f5")
    wait_moves(page, 4)
    view = page.evaluate("window.tavoliere.view()")
    assert view["moves"] == ["c4", "f6", "c4-d4-e4-e3", "f6-f5-f4-g4"]
    assert sorted(view["legal"]) == sorted([
        "e3-d3-c3-c2", "e3-e2-d2-c2", "e3-d3-d2-d1", "e3-e2-e1-d1",
        "e3-e2-e1-f1", "e3-f3-f2-f1", "e3-e2-f2-g2", "e3-f3-g3-g2"])
    assert "moves=c4,f6,c4-d4-e4-e3,f6-f5-f4-g4" in page.url
    assert page.locator("#move-list .move").count() == 4
    assert page.locator("#move-list li").count() == 2   # numbered by turn
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "barrier-by-clicks.png"))
    assert watch.errors == []


def test_illegal_click_is_refused_with_a_message_and_nothing_changes(watch, server):
    page = watch.open(server + "#game=barrier&moves=c4,f6" + TWO_PEOPLE)
    before = page.evaluate("window.tavoliere.view()")
    click_cell(page, "a8")          # not a knight's move from c4
    message = page.locator("#message")
    assert "a8" in message.text_content()
    assert message.is_visible()
    assert page.evaluate("window.tavoliere.view()") == before


def test_play_api_refuses_an_illegal_move(watch, server):
    page = watch.open(server + "#game=barrier(size=6)&moves=a1" + TWO_PEOPLE)
    error = page.evaluate("name => window.tavoliere.play(name).then(() => 'played', e => e.message)",
                          "a1")
    assert "a1" in error
    assert page.evaluate("window.tavoliere.view().moves") == ["a1"]


@pytest.mark.parametrize("fragment, game", [
    ("#game=nonsense", "barrier"),
    ("#moves=zz9", "barrier"),
    ("#game=barrier(size=6)&moves=c4,c4", "barrier(size=6)"),
    ("#game=<script>alert(1)</script>", "barrier"),
])
def test_malformed_fragment_shows_an_error_and_starts_fresh(watch, server, fragment, game):
    page = watch.open(server + fragment)
    message = page.locator("#message").text_content()
    assert message, "no error shown"
    assert page.locator("#message script").count() == 0
    view = page.evaluate("window.tavoliere.view()")
    assert view["game"] == game and view["moves"] == []
    assert watch.errors == []


def test_a_missing_file_shows_a_message_and_retry_recovers(first_visit, server):
    SlowHandler.missing = {".whl"}
    try:
        page = first_visit.open(server + "#game=barrier&moves=c4", wait_ready=False)
        page.wait_for_function("document.getElementById('status').dataset.stage === 'failed'")
        assert "404" in page.locator("#status").text_content()
        assert page.locator("#retry").is_visible()
        # the board is still there, drawn from the prebuilt layout
        assert page.evaluate("window.tavoliere.cellCenter('a1')") is not None
    finally:
        SlowHandler.missing = set()
    first_visit.errors.clear()  # the 404 itself is logged by the browser
    page.locator("#retry").click()
    page.evaluate("window.tavoliere.ready")
    assert page.evaluate("window.tavoliere.view().moves") == ["c4"]
    assert page.locator("#retry").is_hidden()
