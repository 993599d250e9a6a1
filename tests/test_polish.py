"""The newcomer's room, the defects of REVIEWS.md "Players" left open by issue 37's first
builders: a touch screen is told to tap, never to click (24); Footsteps' bid list is named on
screen and keeps the last bid (25); the New game dialog fits a small phone, forgets a
correspondence game's names and proposes the game on the table (20); axe finds nothing on the
welcome in either theme."""

import pytest

from conftest import OUTPUT, click_more, held_back, start_every_board
from test_phone import SIZES, box
from test_welcome import wait_for_the_welcome

pytestmark = pytest.mark.browser
ITALIAN = "try { localStorage.setItem('tavoliere.lang', 'it'); } catch (e) {}"


def open_page(returning, size, url, *scripts):
    context = returning(**SIZES[size])
    for script in scripts:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(url)
    page.evaluate("window.tavoliere.ready")
    return context, page


def shown_text(page):
    return page.evaluate("document.body.innerText")


@pytest.mark.parametrize("size, lang, said, unsaid", [
    ("desk", "en", "click two empty cells", "tap"),
    ("portrait", "en", "tap two empty cells", "click"),
    ("portrait", "it", "tocca due caselle vuote", "clic"),
])
def test_a_touch_screen_is_told_to_tap_and_a_mouse_to_click(returning, server, size, lang, said, unsaid):
    """REVIEWS defect 24: on touch screens the prompts said "click" and "fai clic".  The page
    chooses the word, for its own prompts and the games' alike."""
    scripts = [ITALIAN] if lang == "it" else []
    context, page = open_page(returning, size, server + "#game=connect6(size=13)&moves=g7&white=human&black=human", *scripts)
    if lang == "en":  # Connect6's own message: "White places two stones: click two empty cells."
        page.wait_for_function("s => document.body.innerText.includes(s)", arg=said)
    # the page's prompt after the first stone of a pair
    point = page.evaluate("window.tavoliere.cellCenter('a1')")
    if size == "desk":
        page.mouse.click(point["x"], point["y"])
    else:
        page.touchscreen.tap(point["x"], point["y"])
        page.wait_for_timeout(200)
        if page.locator("#loupe").is_visible():  # the magnifier asks to confirm the cell
            page.locator("#loupe-play").tap()
    page.wait_for_function("window.tavoliere.picture().selected.length === 1")
    words = page.evaluate("import('./web/i18n.js').then((m) => [m.t('choose-next'), m.t('move-complete', {move: 'a1'})])")
    for text in words:
        assert unsaid not in text.lower(), text
    text = shown_text(page).lower()
    if lang == "it":
        assert "fai clic" not in text and "tocca" in words[0]
    else:
        assert said in text and unsaid not in text.replace("clickable", "")
    context.close()


def test_the_bid_list_is_named_on_screen_and_keeps_the_last_bid(returning, server):
    """REVIEWS defect 25: "White to move [1] Play", the list back at 1 each round, and the
    estimate bar across the list at 390 px."""
    context, page = open_page(returning, "portrait", server + "#game=footsteps&white=human&black=ai:1")
    label = page.locator("#move-buttons label.move-choice-label")
    label.wait_for()
    assert label.is_visible() and "Your bid" in label.inner_text()
    page.locator("#move-buttons .move-choice").select_option("12")
    page.locator("#move-buttons .move-choice-play").click()
    page.wait_for_function("window.tavoliere.view().moves.length === 2 && !window.tavoliere.thinking()")
    page.locator("#move-buttons .move-choice").wait_for()
    assert page.locator("#move-buttons .move-choice").input_value() == "12"
    page.screenshot(path=str(OUTPUT / "polish-portrait-footsteps-bid.png"))
    # nothing lies across the list or its button
    for control in ("#move-buttons .move-choice", "#move-buttons .move-choice-play"):
        mine = box(page, control)
        for other in (".win-bar", "#turn"):
            if page.locator(other).count() and page.locator(other).first.is_visible():
                theirs = box(page, other)
                apart = (mine["x"] + mine["w"] <= theirs["x"] or theirs["x"] + theirs["w"] <= mine["x"] or
                         mine["y"] + mine["h"] <= theirs["y"] or theirs["y"] + theirs["h"] <= mine["y"])
                assert apart, (control, other, mine, theirs)
    context.close()


ARTICLE_BOARDS = "[...document.querySelectorAll('tavoliere-board')]"


def test_the_article_keeps_its_answer_folded_and_its_boards_tidy(returning, server):
    """REVIEWS defect 27: the answer printed in bold under the diagram; no reset once the
    puzzle is played; the Barrier record broken at a hyphen ("a4-" / "a5-b5-c5") with the move
    on view unmarked; empty space above the board."""
    context = returning(viewport={"width": 390, "height": 844}, **{k: v for k, v in SIZES["portrait"].items() if k != "viewport"})
    page = context.new_page()
    page.goto(server + "web/article.html")
    page.evaluate("customElements.whenDefined('tavoliere-board')")
    # the winning move is in the folded solution only
    assert page.locator("main b", has_text="i2").count() == 0
    solution = page.locator("details").first
    assert "i2" not in page.evaluate("document.querySelector('main').innerText.split('Soluzione')[0]")
    solution.locator("summary").click()
    assert "i2" in solution.inner_text()
    boards = page.locator("tavoliere-board")
    start_every_board(page)
    page.wait_for_function(ARTICLE_BOARDS + ".every((b) => b.record.ply !== null"
                           " && !b.shadowRoot.querySelector('.status').textContent.includes('…'))", timeout=60000)
    # the record: whole moves, the one on view marked (ply 4 of the Barrier game)
    barrier = "document.querySelectorAll('tavoliere-board')[1].shadowRoot"
    moves = page.evaluate(f"[...{barrier}.querySelectorAll('.moves .move')].map((m) => [m.textContent, getComputedStyle(m).whiteSpace, m.hasAttribute('aria-current')])")
    assert [m[0] for m in moves][:4] == ["c2", "c4", "c2-d2-d3-d4", "c4-b4-b3-b2"]
    assert all(m[1] == "nowrap" for m in moves)
    assert [m[0] for m in moves if m[2]] == ["c4-b4-b3-b2"]
    page.evaluate(f"{barrier}.querySelector('[data-go=next]').click()")
    page.wait_for_function(f"{barrier}.querySelector('.moves [aria-current]').textContent === 'd4-e4-e3-e2'")
    # no empty band above a board: the canvas starts at the frame's padding
    for i in range(boards.count()):
        gap = page.evaluate(f"""(() => {{ const root = document.querySelectorAll('tavoliere-board')[{i}].shadowRoot;
            const frame = root.querySelector('.frame').getBoundingClientRect();
            const first = root.querySelector('.stipulation:not([hidden])') || root.querySelector('canvas');
            return first.getBoundingClientRect().top - frame.top; }})()""")
        assert gap <= 16, (i, gap)
    # the puzzle, played on, is set up again by its button
    havannah = "document.querySelectorAll('tavoliere-board')[0]"
    again = f"{havannah}.shadowRoot.querySelector('.again')"
    assert page.evaluate(f"{again}.hidden")
    before = page.evaluate(f"{havannah}.record.moves.length")
    boards.nth(0).scroll_into_view_if_needed()
    point = page.evaluate(f"{havannah}.board.cellCenter('h1')")
    page.mouse.click(point["x"], point["y"])
    page.wait_for_function(f"{havannah}.record.moves.length >= {before + 1} && !{again}.hidden")
    page.evaluate(f"{again}.click()")
    page.wait_for_function(f"{havannah}.record.moves.length === {before} && {again}.hidden")
    context.close()


def test_new_game_forgets_the_friend_and_proposes_the_game_on_the_table(watch, server):
    """REVIEWS defect 20: after a game by link, New game kept "Play with a friend at a
    distance" ticked with both names; after a saved Damone game was reopened it proposed
    Barrier."""
    page = watch.open(server + "#game=havannah(size=5)&white=human&black=human")
    page.locator("#new-game").click()
    page.locator("#game-choice").select_option("havannah")
    page.get_by_label("Play with a friend at a distance").check()
    page.get_by_label("Your name").fill("Anna")
    page.get_by_label("Your opponent's name").fill("Bruno")
    page.get_by_role("button", name="Start").click()
    page.locator("#corr-send-dialog").wait_for(state="visible")
    page.keyboard.press("Escape")
    page.locator("#corr-send-dialog").wait_for(state="hidden")
    page.locator("#new-game").click()
    assert not page.get_by_label("Play with a friend at a distance").is_checked()
    assert page.locator("#white-choice").is_visible()
    assert page.get_by_label("Your opponent's name").input_value() == ""
    page.keyboard.press("Escape")
    # a Damone game, another game, then Damone again from the saved games
    page.goto(server + "#game=damone&white=human&black=human")
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function("window.tavoliere.view().game === 'damone'")
    page.evaluate("window.tavoliere.play('f3-e4')")
    page.goto(server + "#game=barrier(size=6)&white=human&black=human")
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function("window.tavoliere.view().game === 'barrier(size=6)'")
    page.evaluate("window.tavoliere.play('b2')")
    click_more(page, "#saved")
    page.locator("#saved-list li", has_text="Damone").get_by_role("button", name="Open").click()
    page.wait_for_function("window.tavoliere.view().game === 'damone' && !window.tavoliere.opening()")
    page.locator("#new-game").click()
    assert page.locator("#game-choice").input_value() == "damone"
    assert watch.errors == []


def test_new_game_proposes_the_game_on_screen_while_python_still_loads(watch, server):
    """A link shows its board before the engine has read it; New game tapped meanwhile
    offers that game, not the one the table held before (the default)."""
    with held_back({"pyodide.asm.wasm": 3.0}):
        page = watch.open(server + "#game=havannah(size=5)&white=human&black=human", wait_ready=False)
        page.wait_for_function("() => performance.getEntriesByName('board-painted').length === 1")
        assert page.evaluate("window.tavoliere.opening()")
        page.locator("#new-game").click()
        assert page.locator("#game-choice").input_value() == "havannah"
        assert page.locator('#options [name="size"]').input_value() == "5"
        page.get_by_role("button", name="Cancel").click()
        page.evaluate("window.tavoliere.ready")
    assert watch.errors == []


def test_in_landscape_every_board_fills_the_height_or_its_column(returning, server):
    """REVIEWS defect 2 and issue 37, "Must show": in landscape the board's shorter side is
    at least 90% of the height left by the header (Havannah reached 87%: a hexagon with a
    corner at the top is narrower than high, so it now lies a quarter round); a board wider
    than high (a track, a row of pits) fills the width of its column instead.  A tap on a
    cell of the turned board plays that cell."""
    from test_conformance import first_specs
    context, page = open_page(returning, "landscape", server + "#game=barrier&white=human&black=human")
    for spec in first_specs():
        page.evaluate("hash => { location.hash = hash; }", f"game={spec}&white=human&black=human")
        page.wait_for_function("name => window.tavoliere.view() && window.tavoliere.view().game.split('(')[0] === name",
                               arg=spec.split("(")[0])
        page.wait_for_timeout(100)
        left = 390 - box(page, ".top")["h"]
        board, column = box(page, "#board"), box(page, ".board-box")
        assert board["y"] + board["h"] <= 390 + 0.5, spec
        assert min(board["w"], board["h"]) >= 0.9 * left or board["w"] >= 0.9 * column["w"], (spec, board, left, column)
        if spec.startswith("havannah"):
            assert min(board["w"], board["h"]) >= 0.9 * left, (board, left)
            before = page.evaluate("window.tavoliere.cellCenter('a1')")
            page.touchscreen.tap(before["x"], before["y"])
            page.wait_for_timeout(200)
            if page.locator("#loupe").is_visible():
                page.locator("#loupe-play").tap()
            page.wait_for_function("window.tavoliere.view().moves.join() === 'a1'")
            page.screenshot(path=str(OUTPUT / "polish-landscape-havannah.png"))
    context.close()


def axe_everything(page):
    """Every axe violation, of any impact (the shadow roots of embedded boards included)."""
    from test_correspondence import AXE
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} {[n['target'] for n in v['nodes'][:3]]}"
            for v in result["violations"]]


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("where", ["welcome", "room", "article"])
def test_axe_finds_nothing_on_the_three_measured_pages(returning, server, where, theme):
    """Issue 37, "Must show": axe clean in both themes on the pages Lighthouse measures (the
    welcome of a first visit, the room with a game, the example article)."""
    context = returning(viewport={"width": 1366, "height": 800}, color_scheme=theme)
    context.add_init_script(f"try {{ localStorage.setItem('tavoliere.theme', '{theme}'); }} catch (e) {{}}")
    page = context.new_page()
    if where == "article":
        page.goto(server + "web/article.html")
        page.evaluate("customElements.whenDefined('tavoliere-board')")
        start_every_board(page)
        page.wait_for_function(ARTICLE_BOARDS + ".every((b) => b.record.ply !== null"
                               " && !b.shadowRoot.querySelector('.status').textContent.includes('…'))", timeout=60000)
    elif where == "welcome":
        page.goto(server)
        wait_for_the_welcome(page)
        page.wait_for_function("[...document.querySelectorAll('.welcome-card[data-game] canvas')].every(c => c.dataset.drawn === 'true')")
    else:
        page.goto(server + "#game=havannah(size=6)")
        page.evaluate("window.tavoliere.ready")
    found = axe_everything(page)
    context.close()
    assert found == [], found


def test_the_welcome_in_landscape_lists_every_game_and_is_photographed(returning, server):
    """The fourth size of issue 37's screenshots (tests/test_welcome.py has the other three):
    at 844x390 with touch, every shipped game has its card, drawn, and nothing is wider than
    the window; one tap starts a game."""
    import build
    context = returning(**SIZES["landscape"])
    page = context.new_page()
    page.goto(server)
    wait_for_the_welcome(page)
    cards = page.locator(".welcome-card[data-game]")
    assert sorted(cards.evaluate_all("cs => cs.map(c => c.dataset.game)")) == sorted(build.shipped_games())
    page.wait_for_function("[...document.querySelectorAll('.welcome-card[data-game] canvas')].every(c => c.dataset.drawn === 'true')")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.screenshot(path=str(OUTPUT / "welcome-landscape.png"))
    page.locator(".welcome-card[data-game='barrier']").tap()
    assert page.locator("#welcome").is_hidden()
    page.wait_for_function("location.hash.includes('barrier')", timeout=60_000)
    context.close()
