"""The room in a phone's hand, in both orientations, and a calm panel (issue 37, parts 3-5):
the board fills a landscape screen's height, nothing is clipped at 320 px in any game, the
magnifier closes and never plays from its picture, the panel's buttons stay put, the board
turns for the second side; every game photographed at the four sizes (test-output/)."""

import random

import pytest

from conftest import NO_WELCOME, OUTPUT
from tavoliere import load_game
from test_conformance import first_specs, random_game

pytestmark = pytest.mark.browser
TWO_PEOPLE = "&white=human&black=human"
TOUCH = dict(has_touch=True, is_mobile=True, device_scale_factor=2)
SIZES = {
    "desk": dict(viewport={"width": 1366, "height": 800}),
    "portrait": dict(viewport={"width": 390, "height": 844}, **TOUCH),
    "small": dict(viewport={"width": 320, "height": 640}, **TOUCH),
    "landscape": dict(viewport={"width": 844, "height": 390}, **TOUCH),
}


def open_page(returning, size, hash_):
    context = returning(**SIZES[size])
    context.add_init_script(NO_WELCOME)
    page = context.new_page()
    page.goto(hash_)
    page.evaluate("window.tavoliere.ready")
    return context, page


def box(page, selector):
    return page.evaluate("s => { const r = document.querySelector(s).getBoundingClientRect();"
                         " return {x: r.x, y: r.y, w: r.width, h: r.height}; }", selector)


def tap_cell(page, name):
    point = page.evaluate("name => window.tavoliere.cellCenter(name)", name)
    page.touchscreen.tap(point["x"], point["y"])


def moves(page):
    return page.evaluate("window.tavoliere.view().moves")


def random_names(game, seed, max_plies):
    _, made = random_game(game, seed, max_plies)
    return [game.move_name(move) for move in made]


def open_by_link(page, spec, names):
    """Opens a record in the same tab (the engine is started once)."""
    game = load_game(spec)
    page.evaluate("hash => { location.hash = hash; }", f"game={spec}&moves={','.join(names)}" + TWO_PEOPLE)
    shown = len(names) - game.sealed(game.replay(names))
    page.wait_for_function("([name, n]) => { const v = window.tavoliere.view();"
                           " return v && v.game.split('(')[0] === name && v.moves.length === n; }",
                           arg=[game.name, shown])
    page.wait_for_function("!document.getElementById('board').hasAttribute('data-animating')")


# Every visible control (a button, a select, the turn's words) whose box leaves the box of an
# ancestor that clips it, or the window's width; and any text cut short inside its own box.
CLIPPED = """() => {
  const cut = [];
  const visible = (e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden';
  const name = (e) => e.id || e.textContent.trim().slice(0, 20) || e.tagName;
  for (const e of document.querySelectorAll('button, select, input, #turn, #game-name')) {
    if (!visible(e) || e.closest('dialog:not([open])') || e.closest('details:not([open]) > :not(summary)')) continue;
    const r = e.getBoundingClientRect();
    if (r.left < -0.5 || r.right > innerWidth + 0.5) cut.push(`${name(e)} outside the window`);
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      if (a.scrollHeight > a.clientHeight + 1 && style.overflowY !== 'hidden') continue;  // it scrolls
      const c = a.getBoundingClientRect();
      if (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5 || r.left < c.left - 0.5 || r.right > c.right + 0.5)
        cut.push(`${name(e)} clipped by ${a.id || a.className}`);
    }
    if (e.id === 'turn' && e.scrollHeight > e.clientHeight + 1) cut.push('the turn is cut short');
  }
  return cut;
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_every_game_at_four_sizes_is_whole_and_photographed(returning, server, size):
    """Each game a few plies in, at each size: nothing clipped, nothing wider than the window
    (at 320 px too), and a picture in test-output/ to look at."""
    context, page = open_page(returning, size, server + "#game=barrier" + TWO_PEOPLE)
    OUTPUT.mkdir(exist_ok=True)
    width = SIZES[size]["viewport"]["width"]
    for spec in first_specs():
        game = load_game(spec)
        names = random_names(game, seed=2, max_plies=14)[:-1]
        open_by_link(page, spec, names)
        assert page.evaluate("document.documentElement.scrollWidth") <= width, spec
        assert page.evaluate(CLIPPED) == [], spec
        page.screenshot(path=str(OUTPUT / f"phone-{size}-{game.name}.png"))
    context.close()


def test_at_320_px_the_header_is_one_row_and_the_new_game_dialog_shows_start(returning, server):
    context, page = open_page(returning, "small", server + "#game=dadi(players=4)" + TWO_PEOPLE)
    header = box(page, ".top")
    assert header["h"] <= 60, header  # one row (it was three, 131 px)
    # language and theme in one menu, opened and closed by taps
    assert page.locator("#language").is_hidden()
    page.locator("#view-menu > summary").tap()
    assert page.locator("#language").is_visible() and page.locator("#theme").is_visible()
    page.touchscreen.tap(160, 400)
    assert page.locator("#language").is_hidden()
    page.locator("#new-game").tap()
    page.select_option("#game-choice", "dadi")
    start = page.get_by_role("button", name="Start")
    dialog = box(page, "#new-game-dialog")
    assert dialog["y"] >= 0 and dialog["y"] + dialog["h"] <= 640, dialog
    button = box(page, "#new-game-dialog button[value=start]")
    assert dialog["y"] <= button["y"] and button["y"] + button["h"] <= dialog["y"] + dialog["h"], (button, dialog)
    start.tap()
    context.close()


@pytest.mark.parametrize("spec", ["havannah(size=6)", "barrier"])
def test_in_landscape_the_board_takes_the_height_below_the_header(returning, server, spec):
    context, page = open_page(returning, "landscape", server + f"#game={spec}" + TWO_PEOPLE)
    left = 390 - box(page, ".top")["h"]
    board = box(page, "#board")
    assert board["h"] >= 0.9 * left, (board, left)  # it was 199 px of about 300
    assert board["y"] + board["h"] <= 390 + 0.5
    assert min(board["w"], board["h"]) >= 0.85 * left  # a hexagon is a little narrower than high
    assert page.evaluate("document.documentElement.scrollWidth") <= 844
    assert page.evaluate(CLIPPED) == []
    context.close()


def test_the_magnifier_closes_plays_only_from_its_button_and_keeps_its_cells_in_view(returning, server):
    context, page = open_page(returning, "portrait", server + "#game=havannah(size=10)" + TWO_PEOPLE)
    tap_cell(page, "j10")
    loupe = page.locator("#loupe")
    loupe.wait_for(state="visible")
    # the cells round the tapped one (5 by 5) stay in view beside the magnifier
    centre = page.evaluate("window.tavoliere.cellCenter('j10')")
    spacing = page.evaluate("window.tavoliere.cellSize()")
    shown = box(page, "#loupe")
    half = 2.5 * spacing
    apart = (shown["x"] >= centre["x"] + half or shown["x"] + shown["w"] <= centre["x"] - half
             or shown["y"] >= centre["y"] + half or shown["y"] + shown["h"] <= centre["y"] - half)
    assert apart, (shown, centre, spacing)
    # a tap on its picture plays nothing
    picture = box(page, "#loupe-canvas")
    page.touchscreen.tap(picture["x"] + picture["w"] / 2, picture["y"] + picture["h"] / 2)
    page.wait_for_timeout(300)
    assert moves(page) == []
    # a tap outside it (the strip) closes it, and plays nothing
    strip = box(page, "#board-status")
    page.touchscreen.tap(strip["x"] + 10, strip["y"] + strip["h"] / 2)
    assert loupe.is_hidden()
    assert moves(page) == []
    # its close button closes it
    tap_cell(page, "j10")
    loupe.wait_for(state="visible")
    page.locator("#loupe-close").tap()
    assert loupe.is_hidden()
    assert moves(page) == []
    # its Play button plays
    tap_cell(page, "j10")
    page.locator("#loupe-play").tap()
    page.wait_for_function("window.tavoliere.view().moves.length === 1")
    # an occupied cell never opens it: the cell's message comes at once
    tap_cell(page, "j10")
    page.wait_for_function("document.getElementById('message').textContent.includes('j10')")
    assert loupe.is_hidden()
    assert moves(page) == ["j10"]
    context.close()


MESSAGES = ["", "b2: no legal move there", "A much longer message that takes two or three lines "
            "in the panel, so that a box without a fixed height would push the buttons down."]


@pytest.mark.parametrize("size", ["desk", "portrait"])
def test_the_panels_buttons_stay_put_whatever_the_messages(returning, server, size):
    context, page = open_page(returning, size, server + "#game=hekka&white=human&black=ai:1")
    where = lambda: [box(page, "#new-game"), box(page, "#undo")]  # noqa: E731
    before = where()
    assert page.locator("#status").is_hidden()  # no "Ready" once it is true
    for text in MESSAGES:
        page.evaluate("text => { document.getElementById('message').textContent = text; }", text)
        assert where() == before, text
    page.evaluate("() => { const w = document.getElementById('warning'); w.hidden = false;"
                  " w.textContent = 'White places two stones a turn from now on.'; }")
    assert where() == before
    # a hint's line goes with its hint (a resignation, here)
    page.on("dialog", lambda dialog: dialog.accept())
    page.evaluate("window.tavoliere.play(window.tavoliere.view().legal[0])")
    page.wait_for_function("window.tavoliere.view().moves.length === 2 && !window.tavoliere.thinking()")
    page.locator("#hint").click()
    page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint')")
    page.locator("#resign").click()
    page.wait_for_function("window.tavoliere.view().outcome || document.getElementById('banner').hidden === false")
    assert not page.locator("#message").text_content().startswith("Hint")
    context.close()


def test_the_board_turns_for_the_second_side_and_the_switch_turns_it_back(returning, server):
    context, page = open_page(returning, "portrait", server + "#game=damone&white=ai:1&black=human")
    low = lambda a, b: page.evaluate(  # noqa: E731
        "([a, b]) => window.tavoliere.cellCenter(a).y > window.tavoliere.cellCenter(b).y", [a, b])
    assert low("h8", "a1"), "Black's side (rank 8) is not at the bottom"
    page.locator("#more > summary").tap()
    assert page.locator("#flip-board").is_checked()
    page.locator("#flip-board").uncheck()
    assert low("a1", "h8")
    page.locator("#new-game").tap()
    page.get_by_role("button", name="Start").tap()
    # a new game: the board turns automatically again (the switch was for the game before)
    page.wait_for_function("document.getElementById('flip-board').checked")
    assert low("h8", "a1")
    context.close()


def test_a_pairs_first_stone_marks_no_flood_and_stands_translucent(returning, server):
    context, page = open_page(returning, "desk", server + "#game=connect6(size=13)&moves=g7" + TWO_PEOPLE)
    point = page.evaluate("window.tavoliere.cellCenter('a1')")
    page.mouse.click(point["x"], point["y"])
    page.wait_for_function("window.tavoliere.picture().selected.length === 1")
    page.wait_for_function("Object.keys(window.tavoliere.picture().chosen).length === 1")
    picture = page.evaluate("window.tavoliere.picture()")
    assert picture["targets"] == []  # (it was every empty cell)
    assert picture["chosen"] == {"a1": "stone.1"}
    assert "highlighted" not in page.locator("#message").text_content()
    context.close()


def test_the_last_move_badge_leaves_a_dies_middle_pip_alone(returning, server):
    """Cephalopod: a die placed with no capture shows 1, one pip in its middle; the badge of
    the last move sits in a corner, so the middle is the pip's colour, not the badge's."""
    context, page = open_page(returning, "desk", server + "#game=cephalopod&moves=c3" + TWO_PEOPLE)
    page.wait_for_function("!document.getElementById('board').hasAttribute('data-animating')")
    middle = page.evaluate("""() => {
        const canvas = document.getElementById('board');
        const rect = canvas.getBoundingClientRect();
        const ratio = canvas.width / rect.width;
        const p = window.tavoliere.cellCenter('c3');
        const data = canvas.getContext('2d').getImageData(Math.round((p.x - rect.left) * ratio), Math.round((p.y - rect.top) * ratio), 1, 1).data;
        return Array.from(data.slice(0, 3));
    }""")
    red, green, blue = middle
    assert not (red > 180 and green < 120), f"the middle pip is covered by the badge: {middle}"
    context.close()


def test_a_round_of_bids_is_said_once(returning, server):
    """REVIEWS defect 14: Footsteps said the round twice ("Last round: White bid 12, Black 22."
    and "White bid 12. Black bid 22.")."""
    context, page = open_page(returning, "desk", server + "#game=footsteps&white=human&black=ai:1")
    page.evaluate("window.tavoliere.play('12')")
    page.wait_for_function("window.tavoliere.view().moves.length === 2 && !window.tavoliere.thinking()")
    warning = page.locator("#warning").text_content()
    assert warning.startswith("Last round: White bid 12")
    assert "bid 12" not in page.locator("#message").text_content()
    context.close()


def test_the_estimate_bar_says_whose_chance_with_a_number(returning, server):
    context, page = open_page(returning, "portrait", server + "#game=havannah(size=4)&white=human&black=ai:2")
    page.evaluate("window.tavoliere.play('d4')")
    page.wait_for_function("!document.getElementById('win-bar').hidden")
    # (both read at once: the bar moves while the computer thinks)
    words, chance = page.evaluate("""[document.getElementById('win-bar-text').textContent,
        parseInt(document.getElementById('win-bar-fill').style.width)]""")
    assert words == f"White {chance}%"
    context.close()


def test_a_sowing_is_shown_seed_by_seed(returning, server):
    """Layli: the board shows the move's steps one after the other (the view's last.steps),
    so a relay can be followed; the last picture is the position after the move."""
    context, page = open_page(returning, "desk", server + "#game=layli" + TWO_PEOPLE)
    page.evaluate("""() => {
        window.seen = new Set();
        const canvas = document.getElementById('board');
        const watch = () => { if (canvas.hasAttribute('data-animating')) window.seen.add(canvas.toDataURL()); requestAnimationFrame(watch); };
        requestAnimationFrame(watch);
    }""")
    page.evaluate("window.tavoliere.play('a')")
    page.wait_for_function("window.tavoliere.view().moves.length === 1")
    steps = len(page.evaluate("window.tavoliere.lastMove().steps"))
    page.wait_for_function("window.seen.size > 0")
    page.wait_for_function("!document.getElementById('board').hasAttribute('data-animating')")
    assert page.evaluate("window.seen.size") >= steps // 2  # (frames are skipped only when slow)
    context.close()


def test_a_board_drawn_on_lines_keeps_one_way_round_for_both_players(returning, server):
    """Go's White against the computer sees the board as Black does, a1 at the bottom left,
    as every Go diagram shows it; the switch under More still turns it."""
    context, page = open_page(returning, "portrait", server + "#game=go(size=9)&white=ai:1&black=human")
    page.wait_for_function("window.tavoliere.cellCenter('a1')")
    low = lambda a, b: page.evaluate(  # noqa: E731
        "([a, b]) => window.tavoliere.cellCenter(a).y > window.tavoliere.cellCenter(b).y", [a, b])
    assert "White: You" in page.locator("#players").text_content()
    assert low("a1", "j9"), "Go's board was turned for White"
    page.locator("#more > summary").tap()
    assert not page.locator("#flip-board").is_checked()
    page.locator("#flip-board").check()
    assert low("j9", "a1")
    context.close()


def test_held_sideways_the_whole_panel_is_reachable_in_italian(returning, server):
    """At 844x390 the panel's buttons stand one per row.  They used to stick at the panel's
    top, as on a desk, and in Italian (longer words) they filled it: More and the moves
    under them could be scrolled to but never reached, the sticky block lay on top."""
    context = returning(**SIZES["landscape"])
    context.add_init_script(NO_WELCOME + " try { localStorage.setItem('tavoliere.lang', 'it'); } catch (e) {}")
    page = context.new_page()
    page.goto(server + "#game=barrier" + TWO_PEOPLE)
    page.evaluate("window.tavoliere.ready")
    more = page.locator("#more > summary")
    more.tap()
    assert page.evaluate("document.getElementById('more').open")
    page.locator("#corr-games").tap()
    assert page.locator("#corr-list-dialog").is_visible()
    context.close()


def test_the_rules_and_the_keys_open_on_their_titles_held_sideways(returning, server):
    """Both dialogs are taller than a phone held sideways.  Opened on their only control,
    Close at the bottom, the rules of Go showed their middle (the diagrams, drawn after,
    pushed Close down): now each opens on its title, focused for a screen reader."""
    context, page = open_page(returning, "landscape", server + "#game=go(size=9)" + TWO_PEOPLE)
    page.locator("#rules").tap()
    page.wait_for_function("[...document.querySelectorAll('#rules-diagrams canvas')].every(c => c.dataset.drawn)"
                           " && document.querySelectorAll('#rules-diagrams canvas').length > 0")
    dialog = page.locator("#rules-dialog")
    assert dialog.evaluate("d => d.scrollHeight > d.clientHeight && d.scrollTop === 0")
    assert page.evaluate("document.activeElement.id") == "rules-title"
    page.keyboard.press("Escape")
    page.locator("#keys").tap()
    keys = page.locator("#keys-dialog")
    assert keys.evaluate("d => d.open && d.scrollTop === 0 && document.activeElement.closest('dialog') === d")
    context.close()


def test_at_320_px_every_dialog_stands_within_the_screen_in_italian(returning, server):
    """A select is as wide as its longest option: Go's komi in Italian ("Consueto (6,5; 7,5
    ad area; 0,5 con handicap)") made the New game dialog 388 px wide on a 320-px phone,
    its right edge and the ends of its choices off the screen."""
    context = returning(**SIZES["small"])
    context.add_init_script(NO_WELCOME + " try { localStorage.setItem('tavoliere.lang', 'it'); } catch (e) {}")
    page = context.new_page()
    page.goto(server + "#game=go(size=9)" + TWO_PEOPLE)
    page.evaluate("window.tavoliere.ready")
    page.locator("#new-game").tap()
    page.locator("#options select").first.wait_for()
    dialog = box(page, "#new-game-dialog")
    assert dialog["x"] >= 0 and dialog["x"] + dialog["w"] <= 320, dialog
    for game in ("dadi", "go"):
        page.select_option("#game-choice", game)
        wide = page.evaluate("""() => [...document.querySelectorAll('dialog')].map((d) => {
            const shut = !d.open;
            if (shut) d.showModal();
            const r = d.getBoundingClientRect();
            if (shut) d.close();
            return [d.id || d.className, r.left, r.right];
          }).filter(([, left, right]) => left < 0 || right > 320)""")
        assert wide == [], (game, wide)
    context.close()


def test_held_sideways_dadi_shows_who_starts_and_the_roll_together_in_italian(returning, server):
    """The panel's messages share a box of fixed height; held sideways the panel is a narrow
    column, and Dadi's who-starts took three lines in Italian: the roll under it was cut."""
    context = returning(**SIZES["landscape"])
    context.add_init_script(NO_WELCOME + " try { localStorage.setItem('tavoliere.lang', 'it'); } catch (e) {}")
    page = context.new_page()
    page.goto(server + "#game=dadi" + TWO_PEOPLE)
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function("document.getElementById('warning').textContent.includes('comincia')"
                           " && document.getElementById('message').textContent !== ''")
    box = page.locator(".messages")
    assert box.evaluate("b => b.scrollHeight <= b.clientHeight"), box.evaluate("b => [b.scrollHeight, b.clientHeight]")
    context.close()
