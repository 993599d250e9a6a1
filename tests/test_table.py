"""Any game at the table (issue 13): a game defined only in the test suite
(tests/games/tinydice.py: dice pieces, a pass button, and a move whose clicks begin another's)
is built into a site of its own, drawn in Chromium and played by clicks in the room and in an
embedded board, and no file under web/ knows its name."""

import http.server
import re

import pytest

import build
from tavoliere.core import game_names
from conftest import OUTPUT, ROOT, TEST_GAMES, click_more, start_server

pytestmark = pytest.mark.browser

HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dice</title>
<link rel="icon" href="data:,"><script type="module" src="{site}web/embed.js"></script></head>
<body><tavoliere-board id="dice" game="tinydice" mode="play" white="human" black="human">
</tavoliere-board></body></html>"""


def test_no_file_of_the_page_names_a_game():
    names = ["tinydice", *(name for name in game_names() if name != "tinydice")]
    for path in [*(ROOT / "web").glob("*"), ROOT / "index.html"]:
        if path.suffix not in (".js", ".css", ".html") or path.name == "article.html":
            continue  # the example article is an article about two games, not the page
        if path.name in ("english.js", "italian.js"):
            continue  # words shown to people: "dadi" is the Italian for dice, not the game
        # comments may give examples
        code = re.sub(r"(^|\s)//.*$", "", path.read_text(), flags=re.M).lower()
        # a game named in code is a string: "go", 'dadi', `havannah(`; "goTo" and data-go are not
        named = [name for name in names if re.search(rf"[\"'`]{name}[\"'`(]", code)]
        assert not named, path.name


@pytest.fixture(scope="module")
def dice_site(tmp_path_factory):
    site = build.build(tmp_path_factory.mktemp("dice") / "site", extra_games=TEST_GAMES)
    server = start_server(site)
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def click(page, cell):
    point = page.evaluate("name => window.tavoliere.cellCenter(name)", cell)
    page.mouse.click(point["x"], point["y"])


def moves(page, n):
    page.wait_for_function("n => window.tavoliere.view().moves.length === n", arg=n)
    return page.evaluate("window.tavoliere.view().moves")


def test_the_room_plays_a_game_it_has_never_heard_of(watch, dice_site):
    page = watch.open(dice_site + "#game=tinydice&white=human&black=human")
    click(page, "b2")                      # nothing of White's nearby: b2 is the only move
    assert moves(page, 1) == ["b2"]
    click(page, "c3")
    moves(page, 2)
    click(page, "a2")                      # a2 is complete, and also begins a2>b2
    page.wait_for_function("document.getElementById('message').dataset.kind === 'info'")
    assert "a2" in page.locator("#message").text_content()
    assert page.evaluate("window.tavoliere.view().moves.length") == 2
    click(page, "a2")                      # the same cell again plays the short move
    assert moves(page, 3) == ["b2", "c3", "a2"]
    click(page, "c2")                      # Black: c2 then c3 turns c3 up
    click(page, "c3")
    assert moves(page, 4)[-1] == "c2>c3"
    click(page, "a1")                      # White: a1, then Enter plays the short move
    page.wait_for_function("document.getElementById('message').dataset.kind === 'info'")
    page.keyboard.press("Enter")
    assert moves(page, 5)[-1] == "a1"
    # the pass is a button labelled by the game's text (the move list names a played pass
    # in those words too); two passes in a row end the game
    pass_button = page.get_by_role("group", name="Other moves").get_by_role("button", name="Pass", exact=True)
    pass_button.click()
    moves(page, 6)
    click(page, "b1")
    click(page, "b2")                      # the continuation: b1, and b2 turned up
    assert moves(page, 7)[-1] == "b1>b2"
    pass_button.click()
    moves(page, 8)
    pass_button.click()
    moves(page, 9)
    outcome = page.evaluate("window.tavoliere.view().outcome")
    assert outcome["reason"] == "pips" and outcome["winner"] == 0
    assert "White wins: more pips" in page.locator("#turn").text_content()
    # dice are drawn from the piece tokens: the board shows pips in the players' colours
    page.locator("#language").click()
    assert "Vince il Bianco: più punti" in page.locator("#turn").text_content()
    click_more(page, "#describe")
    assert "Dadi del Bianco" in page.locator("#description").text_content()
    page.locator("#board").screenshot(path=str(OUTPUT / "tinydice-room.png"))
    assert watch.errors == []


def test_two_cells_in_either_order_when_a_view_lists_too_many_moves(watch, dice_site):
    """tests/games/pairs.py: 2,016 two-stone moves, sent lazily, clicked in any order."""
    page = watch.open(dice_site + "#game=pairs&white=human&black=human")
    assert page.evaluate("window.tavoliere.legalMoves().length") == 0  # not sent: too many
    click(page, "d4")
    page.wait_for_function("document.getElementById('message').dataset.kind === 'info'")
    click(page, "a1")                      # the higher cell first, then the lower
    assert moves(page, 1) == ["a1d4"]
    click(page, "h8")
    click(page, "b2")
    assert moves(page, 2) == ["a1d4", "b2h8"]
    click(page, "c3")
    click(page, "c3")                      # the same cell twice is no move: the choice restarts
    click(page, "e5")
    assert moves(page, 3)[-1] == "c3e5"
    assert watch.errors == []


SLOW_NARROWING = """(() => {
  // the engine answers "which moves begin with these clicks?" only after 300 ms, as a
  // phone's engine may while it still works on the last move
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.request && message.request.op === "narrow") {
      setTimeout(() => post.call(this, message, ...rest), 300);
    } else {
      post.call(this, message, ...rest);
    }
  };
})();"""


def test_a_second_click_made_while_the_engine_answers_the_first_is_kept(watch, dice_site):
    """Two quick taps on a big board: the second waits for the first click's answer, so the
    two make one move (before, the second began a choice of its own and the first was lost)."""
    watch.page.add_init_script(SLOW_NARROWING)
    page = watch.open(dice_site + "#game=pairs&white=human&black=human")
    click(page, "d4")
    click(page, "a1")                      # at once: the engine has not answered d4 yet
    assert moves(page, 1) == ["a1d4"]
    click(page, "h8")
    click(page, "b2")
    click(page, "c3")                      # three quick taps: the first two make a move
    assert moves(page, 2) == ["a1d4", "b2h8"]
    click(page, "e5")                      # at once too: c3 is still being narrowed
    assert moves(page, 3)[-1] == "c3e5"
    assert watch.errors == []


def test_the_new_game_dialog_offers_it_with_its_texts(watch, dice_site):
    page = watch.open(dice_site)
    page.locator("#new-game").click()
    assert "Tiny dice" in page.locator("#game-choice").inner_text()
    page.locator("#game-choice").select_option("tinydice")
    page.locator("#white-choice").select_option("human")
    page.locator("#black-choice").select_option("ai:1")
    page.get_by_role("button", name="Start").click()
    page.wait_for_function("window.tavoliere.view().game === 'tinydice'")
    click(page, "b2")
    page.wait_for_function("window.tavoliere.view().moves.length === 2 && !window.tavoliere.thinking()")
    page.locator("#rules").click()
    assert "Tiny dice" in page.locator("#rules-text").text_content()


def test_an_embedded_board_plays_it_too(watch, dice_site, tmp_path):
    (tmp_path / "dice.html").write_text(HOST_PAGE.format(site=dice_site))
    pages = start_server(tmp_path, http.server.SimpleHTTPRequestHandler)
    try:
        page = watch.page
        page.goto(f"http://127.0.0.1:{pages.server_address[1]}/dice.html")
        page.evaluate("""() => new Promise((resolve) => {
            const board = document.getElementById('dice');
            board.addEventListener('ready', resolve, { once: true });
        })""")
        canvas = page.locator("#dice canvas")
        box = canvas.bounding_box()

        def tap(cell):  # cells of a 3x3 board with its label margin, from the layout
            layout = page.evaluate("fetch('" + dice_site + "boards/tinydice.json').then(r => r.json())")["layout"]
            spot = next(c for c in layout["cells"] if c["name"] == cell)
            scale = box["width"] / layout["width"]
            page.mouse.click(box["x"] + spot["x"] * scale, box["y"] + spot["y"] * scale)

        record = "document.getElementById('dice').record.moves"
        tap("b2")
        page.wait_for_function(f"{record}.length === 1")
        tap("a1")
        page.wait_for_function(f"{record}.length === 2")
        tap("b1")                            # b1 is complete and begins b1>b2
        page.wait_for_timeout(300)
        tap("b2")                            # the continuation
        page.wait_for_function(f"{record}.length === 3")
        assert page.evaluate(record)[-1] == "b1>b2"
        page.locator("#dice").get_by_role("button", name="Pass").click()
        page.wait_for_function(f"{record}.length === 4")
        assert "to move" in page.locator("#dice .status").text_content()
        canvas.screenshot(path=str(OUTPUT / "tinydice-embed.png"))
        assert watch.errors == []
    finally:
        pages.shutdown()


SHOWCASE = """async ([layouts, pieces, theme]) => {
    const { BoardView } = await import('./web/board.js');
    document.documentElement.dataset.theme = theme;
    for (const element of document.body.children) element.hidden = true;  // the room stays
    const showcase = document.createElement('div');
    showcase.style.width = '390px';
    document.body.append(showcase);
    const sizes = [];
    window.views = [];
    window.clicked = [];
    for (const [i, layout] of layouts.entries()) {
        const box = document.createElement('div');
        const canvas = document.createElement('canvas');
        canvas.id = 'showcase-' + i;
        box.append(canvas);
        showcase.append(box);
        const view = new BoardView(canvas, (cell) => window.clicked.push(cell));
        window.views.push(view);
        view.setLayout(layout);
        view.show({ pieces: pieces[i] });
        sizes.push(view.scale);
    }
    return sizes;
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_shape_and_board_kind_is_drawn_at_phone_size(watch, server, theme):
    """Pieces and boards are data: every shape of the vocabulary, in four players' colours and
    neutral, on a square board with marked areas, a row of pits with stores and a track."""
    from tavoliere.core import SHAPES, piece
    from tavoliere.grid.shapes import pits, track
    from tavoliere.grid.square import SquareGrid

    grid = SquareGrid(8)
    areas = [2 + (min(f, 7 - f, r, 7 - r) >= 2) for f in range(8) for r in range(8)]
    square = grid.layout(tones=areas)
    tokens = [piece(shape, owner, 5 if shape in ("die", "counter") else None)
              for shape in SHAPES for owner in (0, 1, 2, 3, None)]
    on_square = dict(zip(grid.names, tokens))
    bowls = pits(list("FEDCBA"), list("abcdef"), ("north", "south"))
    seeds = {cell["name"]: piece("counter", None, i) for i, cell in enumerate(bowls["cells"])}
    path = track(["m3", "m2", "m1", "0", "p1", "p2", "p3"], ["-3", "-2", "-1", "0", "+1", "+2", "+3"])
    page = watch.open(server)
    page.set_viewport_size({"width": 390, "height": 844})
    scales = page.evaluate(SHOWCASE, [[square, bowls, path], [on_square, seeds, {"0": "marker"}], theme])
    assert all(scale * 0.36 * 2 >= 20 for scale in scales), scales  # a piece is 20+ px wide
    for i, name in enumerate(["square", "pits", "track"]):
        page.locator(f"#showcase-{i}").screenshot(path=str(OUTPUT / f"shapes-{name}-{theme}.png"))
    # a click on a pit (a circle) or a store (a rounded box, off its centre) finds its cell
    for name, dy in (("c", 0), ("south", 0), ("north", -0.6)):
        centre = page.evaluate("name => window.views[1].cellCenter(name)", name)
        scale = page.evaluate("window.views[1].scale")
        page.locator("#showcase-1").scroll_into_view_if_needed()
        centre = page.evaluate("name => window.views[1].cellCenter(name)", name)
        page.mouse.click(centre["x"], centre["y"] + dy * scale)
    assert page.evaluate("window.clicked") == ["c", "south", "north"]
    assert watch.errors == []

