"""Studies in Chromium (issue 38, the page side): a move at an earlier position opens a
variation (the game stays), which is commented, marked, walked with the keys and promoted; a
comment with markup is shown as text; a record with variations and comments imported and
exported; an annotated game in an embedded board.  At 1366x800 and at 390x844 with touch;
screenshots in test-output/ (study-*.png)."""

import pytest

from conftest import OUTPUT, click_more

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": dict(viewport={"width": 1366, "height": 800}),
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                  device_scale_factor=2),
}
HOSTILE = '<img src=x onerror="window.hacked=1">'
# Go 9x9 as docs/records.md writes it: a comment and marks on the first move, a variation
# replacing it (with a move mark), a pass.
SGF = ("(;FF[4]GM[1]SZ[9]KM[6.5]RU[Japanese]TS[go(size=9)]AP[Tavoliere]"
       "(;B[ee]CR[ee][cg]LB[df:A]AR[cg:ee]C[nice] ;W[] ;B[df]) (;B[cg]BM[1]C[too slow]))")


# the phone's run is under `slow` (python3 build.py test --slow): the suite's time
@pytest.fixture(params=[size if size != "phone" else pytest.param(size, marks=pytest.mark.slow)
                        for size in SIZES])
def room(request, returning):
    from conftest import NO_WELCOME, PageWatch
    context = returning(**SIZES[request.param])
    context.add_init_script(NO_WELCOME)
    watch = PageWatch(context)
    watch.size = request.param
    yield watch
    context.close()


def study(page):
    return page.evaluate("window.tavoliere.study()")


def line(page):
    return page.evaluate("window.tavoliere.line()")


def play(page, watch, name):
    """A move by a click on its cell (desktop) or through the page API (phone: the loupe
    that small cells open is another test's)."""
    if watch.size == "desktop":
        point = page.evaluate("name => window.tavoliere.cellCenter(name)", name)
        page.mouse.click(point["x"], point["y"])
    else:
        page.evaluate("name => window.tavoliere.play(name)", name)
    page.wait_for_function("name => window.tavoliere.line().at(-1) === name", arg=name)


def touch_cell(page, watch, name):
    """A tap (phone) or a click (desktop) on a cell, the board scrolled into view first."""
    page.locator("#board").scroll_into_view_if_needed()
    point = page.evaluate("name => window.tavoliere.cellCenter(name)", name)
    if watch.size == "phone":
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])


def shot(page, name):
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"study-{name}.png"), full_page=True)


def test_a_variation_made_commented_walked_and_promoted(room, server):
    page = room.open(server + "#game=havannah(size=4)&white=human&black=human&moves=d4,c3,e5")
    page.locator('#move-list button[data-ply="1"]').click()
    # the line changes at the click, the view when the engine's answer comes: wait for both
    page.wait_for_function("window.tavoliere.line().length === 1"
                           " && window.tavoliere.view().moves.length === 1")
    assert page.evaluate("window.tavoliere.view().moves") == ["d4"]
    play(page, room, "e4")                       # no confirm(): a variation opens
    assert line(page) == ["d4", "e4"]
    page.wait_for_function("document.getElementById('announcer').textContent === 'e4 at ply 2, in a variation.'")
    assert "Variation: ply 2 of 2" in page.locator("#turn").text_content()
    assert study(page)["line"][0]["move"] == "d4"
    assert [n["move"] for n in study(page)["line"]] == ["d4", "c3", "e5"]  # the game stays
    variation = page.locator("#move-list li.variation")
    assert variation.count() == 1 and variation.locator("button").text_content() == "1... e4"
    assert page.locator("#study-where").text_content() != ""
    # a comment and a move mark on the variation's move; markup stays text
    page.locator("#study-comment").fill(HOSTILE)
    page.locator('#study-glyphs button[data-glyph="!?"]').click()
    node = study(page)["line"][1]["variations"][0][0]
    assert node == {"move": "e4", "comment": HOSTILE, "glyph": "!?"}
    assert variation.locator("span.comment").text_content() == HOSTILE
    assert page.locator("#move-list img").count() == 0
    assert page.evaluate("window.hacked") is None
    # a circle and an arrow on the board, drawn from data
    page.locator("#study-mark").select_option("circle")
    touch_cell(page, room, "e4")
    page.wait_for_function("window.tavoliere.picture().notes.length === 1")
    page.locator("#study-mark").select_option("arrow")
    touch_cell(page, room, "d4")
    touch_cell(page, room, "c3")
    page.wait_for_function("window.tavoliere.picture().notes.length === 2")
    page.locator("#study-mark").select_option("")
    assert page.evaluate("window.tavoliere.picture().notes") == [
        {"kind": "circle", "cell": "e4"}, {"kind": "arrow", "cell": "d4", "to": "c3"}]
    assert line(page) == ["d4", "e4"]           # the taps marked, they did not play
    shot(page, f"variation-{room.size}")
    # the keys: left and right along the line, up and down between the moves of a ply
    page.locator("#move-list").click(position={"x": 2, "y": 2})  # (no control keeps the focus)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("window.tavoliere.line().join() === 'd4'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("window.tavoliere.line().join() === 'd4,c3'")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("window.tavoliere.line().join() === 'd4,e4'")
    page.keyboard.press("ArrowUp")
    page.wait_for_function("window.tavoliere.line().join() === 'd4,c3'")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("window.tavoliere.line().join() === 'd4,e4'")
    # promoted: the variation becomes the game, the game's old moves its variation
    page.locator("#study-promote").click()
    page.wait_for_function("window.tavoliere.study().line[1].move === 'e4'")
    tree = study(page)
    assert [n["move"] for n in tree["line"]] == ["d4", "e4"]
    assert [n["move"] for n in tree["line"][1]["variations"][0]] == ["c3", "e5"]
    assert page.evaluate("window.tavoliere.view().moves") == ["d4", "e4"]
    assert page.locator("#move-list li.variation").count() == 1
    assert room.errors == []


def test_an_imported_study_is_shown_and_exported_with_its_tree(room, server):
    page = room.open(server + "#game=havannah(size=4)&white=human&black=human")
    click_more(page, "#record")
    page.wait_for_function("document.getElementById('record-text').value !== ''")
    page.locator("#record-text").fill(SGF)
    page.locator("#record-import").click()
    page.wait_for_function("window.tavoliere.view() && window.tavoliere.view().game === 'go(size=9)'")
    page.wait_for_function("window.tavoliere.study().line.length === 3")
    page.keyboard.press("Escape")
    tree = study(page)
    assert tree["line"][0]["comment"] == "nice"
    assert tree["line"][0]["variations"] == [[{"move": "c3", "glyph": "?", "comment": "too slow"}]]
    items = page.locator("#move-list li.comment, #move-list li.variation")
    assert items.count() == 2
    assert "nice" in items.nth(0).text_content()
    assert "too slow" in items.nth(1).text_content()
    # the first move's marks, drawn on the board
    page.locator('#move-list button[data-ply="1"]').click()
    page.wait_for_function("document.getElementById('study-comment').value === 'nice'")
    assert page.evaluate("window.tavoliere.picture().notes") == [
        {"kind": "circle", "cell": "e5"}, {"kind": "circle", "cell": "c3"},
        {"kind": "label", "cell": "d4", "text": "A"}, {"kind": "arrow", "cell": "c3", "to": "e5"}]
    shot(page, f"imported-{room.size}")
    # exported with its variation, comments and marks
    click_more(page, "#record")
    page.wait_for_function("document.getElementById('record-text').value.includes('[Game')")
    text = page.locator("#record-text").input_value()
    assert "{[%cr" in text and "nice}" in text and "(1. c3? {too slow})" in text
    assert room.errors == []


def embedded(page, expression):
    return page.evaluate("(() => { const b = document.querySelector('tavoliere-board[mode=study]');"
                         f" return {expression}; }})()")


def test_the_annotated_game_of_the_example_article(room, server):
    page = room.page
    page.goto(server + "web/article.html")
    board = page.locator("tavoliere-board[mode=study]")
    board.scroll_into_view_if_needed()
    comment = "b.shadowRoot.querySelector('.comment')"
    page.wait_for_function("(() => { const b = document.querySelector('tavoliere-board[mode=study]');"
                           f" return b.table && b.table.ready && !{comment}.hidden; }})()", timeout=60000)
    # ply 3 on view: White's e5!?, its comment under the board and its marks drawn
    assert embedded(page, f"{comment}.textContent") == "Il Bianco punta all'angolo g7."
    assert embedded(page, "b.table.picture().notes") == [
        {"kind": "circle", "cell": "g7"}, {"kind": "arrow", "cell": "e5", "to": "g7"}]
    moves = board.locator(".moves button")
    assert [moves.nth(i).text_content() for i in range(4)] == ["1. d4", "c3", "2. e5!?", "2. c4?"]
    shot(page, f"embed-{room.size}")
    # the variation, clicked: its comment and its mark
    board.locator(".moves button", has_text="2. c4?").click()
    page.wait_for_function(f"(() => {{ const b = document.querySelector('tavoliere-board[mode=study]');"
                           f" return {comment}.textContent === 'Troppo vicino al Nero.'; }})()")
    assert embedded(page, "b.table.history.line()") == ["d4", "c3", "c4"]
    assert embedded(page, "b.table.picture().notes") == [{"kind": "cross", "cell": "c4"}]
    # the reader tries a move of their own (study mode), then goes back to the game
    back = board.locator(".back")
    assert back.is_hidden()
    embedded(page, "b.table.play('a1')")
    page.wait_for_function("(() => { const b = document.querySelector('tavoliere-board[mode=study]');"
                           " return b.table.history.line().join() === 'd4,c3,c4,a1'; })()")
    back.wait_for(state="visible")
    shot(page, f"embed-tried-{room.size}")
    back.click()
    back.wait_for(state="hidden")
    assert embedded(page, "b.table.history.line()") == ["d4", "c3"]
    assert embedded(page, "b.table.history.toStudy('x').line[2].variations[0].length") == 2
    assert room.errors == []


def test_a_comment_with_markup_is_shown_as_text_in_an_embed(room, server):
    page = room.page
    page.goto(server + "web/article.html")
    page.evaluate("""hostile => {
        const b = document.createElement('tavoliere-board');
        b.id = 'hostile';
        b.setAttribute('game', 'havannah(size=4)');
        b.setAttribute('mode', 'view');
        b.setAttribute('record', `1. d4 {${hostile}}`);
        document.querySelector('article').prepend(b);
    }""", HOSTILE)
    page.wait_for_function("(() => { const b = document.getElementById('hostile');"
                           " return b.table && b.table.ready && !b.shadowRoot.querySelector('.comment').hidden; })()",
                           timeout=60000)
    assert page.evaluate("document.getElementById('hostile').shadowRoot.querySelector('.comment').textContent") == HOSTILE
    assert page.evaluate("document.getElementById('hostile').shadowRoot.querySelectorAll('img').length") == 0
    assert page.evaluate("window.hacked") is None


def test_a_review_writes_its_verdicts_as_notes_and_draws_the_graph(room, server):
    # Black's g5 leaves a4 open: White closes the bridge a1-a4 at once (as tests/test_room.py).
    page = room.open(server + "#game=havannah(size=4)&white=human&black=human"
                     "&moves=a1,g7,a2,g6,a3,g5,a4")
    page.locator("#review").click()
    page.wait_for_function("window.tavoliere.review() && window.tavoliere.review().done", timeout=60_000)
    page.wait_for_function("window.tavoliere.study().line[5].glyph !== undefined")
    g5 = study(page)["line"][5]
    verdict = page.evaluate("window.tavoliere.review().verdicts[5]")
    assert g5["glyph"] == verdict["mark"] and "preferred a4" in g5["comment"]
    assert page.locator('#move-list .move[data-ply="6"]').text_content() == "g5" + verdict["mark"]
    # the verdicts are notes like the reader's: the comment can be changed
    page.locator('#move-list .move[data-ply="6"]').click()
    page.wait_for_function("document.getElementById('study-comment').value.includes('preferred a4')")
    page.locator("#study-comment").fill("g5 lets a4 through")
    assert study(page)["line"][5]["comment"] == "g5 lets a4 through"
    # the graph: one column a position, a tap goes there
    graph = page.locator("#study-graph")
    assert graph.is_visible() and graph.locator("rect.ply").count() == 8
    column = graph.locator('rect[data-ply="3"]')
    if room.size == "phone":
        column.tap()
    else:
        column.click()
    page.wait_for_function("window.tavoliere.line().length === 3")
    shot(page, f"graph-{room.size}")
    assert room.errors == []


def test_in_a_correspondence_game_a_variation_is_private_and_the_record_stays_as_sent(returning, server):
    from test_correspondence import anna_invites_bruno
    anna, bruno, link = anna_invites_bruno(returning, server)
    try:
        bruno.open(link)
        assert anna.play("d4") == "ok"
        bruno.open(anna.link())
        assert bruno.play("c3") == "ok"
        anna.open(bruno.link())
        page = anna.page
        page.locator('#move-list button[data-ply="1"]').click()
        page.wait_for_function("window.tavoliere.line().length === 1")
        # Anna analyses Bruno's side too, at an earlier position: a variation, nothing to send
        assert anna.play("e5") == "ok" and anna.play("e4") == "ok"
        assert page.evaluate("window.tavoliere.line()") == ["d4", "e5", "e4"]
        games = page.evaluate("window.tavoliere.correspondence.games()")
        assert games[0]["moves"] == ["d4", "c3"]
        assert "moves=d4,c3&ply=1" in page.url
        assert "moves=d4,c3" in anna.link() and "e5" not in anna.link()
        # promoting it would change what was sent: refused
        assert page.locator("#study-promote").is_disabled()
        page.evaluate("document.getElementById('study-promote').disabled = false")
        page.locator("#study-promote").click()
        assert "stay as sent" in anna.message()
        assert [n["move"] for n in page.evaluate("window.tavoliere.study().line")] == ["d4", "c3"]
        assert anna.errors == []
    finally:
        anna.context.close()
        bruno.context.close()
