"""The welcome and the illustrated rules in the page (issue 37, parts 1 and 2): on a first
visit the welcome lists every shipped game with a picture of its board in play; one tap starts
it against the computer at a size that suits the screen; the Rules dialog shows the game's
diagrams, and in a "try it" diagram the reader makes a move.  At 1366x800, and with touch at
390x844 and 320x640; axe finds nothing serious; screenshots in test-output/."""

import json

import pytest

import build
from conftest import OUTPUT, first_visit_context
from test_correspondence import AXE, axe_violations
from test_phone import SIZES as PHONE_SIZES

pytestmark = pytest.mark.browser

SIZES = {
    "desk": dict(viewport={"width": 1366, "height": 800}),
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=2),
    "small": dict(viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True, device_scale_factor=2),
}
SHIPPED = build.shipped_games()


SIDEWAYS = PHONE_SIZES["landscape"]


def greeted(open_context, server, size):
    """A page of the room opened with nothing kept in the browser but (with ``returning``)
    the engine's snapshot: the welcome of a first visit."""
    context = open_context(**(SIDEWAYS if size == "sideways" else SIZES[size]))
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server)
    wait_for_the_welcome(page)
    return context, page, errors


def wait_for_the_welcome(page):
    """The welcome shown and filled: web/prestart.js opens it, empty, as soon as the page is
    parsed, and web/welcome.js fills it with the cards once the modules have come (a test that
    waited only for it to be visible sometimes found no card)."""
    page.locator("#welcome").wait_for(state="visible")
    page.locator(".welcome-card[data-game]").first.wait_for()


def picture_is_drawn(page, card):
    """Whether a card's canvas has been drawn with more than one colour (not blank)."""
    return page.evaluate("""(card) => {
        const c = card.querySelector('canvas');
        if (!c || !c.width || !c.height || c.dataset.drawn !== 'true') return false;
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const seen = new Set();
        for (let i = 0; i < d.length; i += 4 * 97) seen.add(d[i] << 16 | d[i + 1] << 8 | d[i + 2]);
        return seen.size > 3;
    }""", card.element_handle())


def tap(page, locator, size):
    if size == "desk":
        locator.click()
    else:
        locator.tap()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_welcome_lists_every_game_and_one_tap_starts_it(returning, server, size):
    context, page, errors = greeted(returning, server, size)
    cards = page.locator(".welcome-card[data-game]")
    assert sorted(cards.evaluate_all("cs => cs.map(c => c.dataset.game)")) == sorted(SHIPPED)
    site = json.loads(page.evaluate("fetch('site.json').then(r => r.text())"))
    for info in site["games"]:
        card = page.locator(f".welcome-card[data-game='{info['name']}']")
        text = card.text_content()
        assert info["title"] in text and info["author"] in card.inner_html()
        assert info["texts"]["en"]["tagline"] in text
        assert f"About {info['minutes']} minutes" in text
    page.wait_for_function("[...document.querySelectorAll('.welcome-card[data-game] canvas')]"
                           ".every(c => c.dataset.drawn === 'true')")
    for name in SHIPPED:
        assert picture_is_drawn(page, page.locator(f".welcome-card[data-game='{name}']")), name
    # it opens at its top: the heading in view, not scrolled to the Close button
    assert page.evaluate("document.getElementById('welcome').scrollTop") == 0
    assert page.evaluate("document.getElementById('welcome-title').getBoundingClientRect().top") >= 0
    no_overflow = page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert no_overflow
    page.add_script_tag(path=str(AXE))
    assert axe_violations(page) == []
    page.screenshot(path=str(OUTPUT / f"welcome-{size}.png"))
    # one tap: Havannah against the computer, at a size whose cells can be tapped
    tap(page, page.locator(".welcome-card[data-game='havannah']"), size)
    assert page.locator("#welcome").is_hidden()
    page.evaluate("window.tavoliere.ready")  # Python loads: no timeout of its own
    page.wait_for_function("location.hash.includes('havannah')", timeout=60_000)
    page.wait_for_function("window.tavoliere && document.querySelector('#game-name').textContent.includes('Havannah')")
    spec = page.evaluate("decodeURIComponent(location.hash)")
    expected = {"desk": "game=havannah&", "phone": "size=8", "small": "size=6"}[size]
    assert expected in spec + "&", spec
    page.screenshot(path=str(OUTPUT / f"welcome-started-{size}.png"))
    assert errors == []
    context.close()


def test_held_sideways_the_welcome_leaves_as_much_room_below_as_above(returning, server):
    """At 844x390 the welcome stood 16 px below the top and ran to the screen's bottom edge."""
    context, page, errors = greeted(returning, server, "sideways")
    box = page.locator("#welcome").bounding_box()
    below = SIDEWAYS["viewport"]["height"] - (box["y"] + box["height"])
    assert box["y"] >= 8 and below >= box["y"] - 1, box
    assert page.evaluate("document.getElementById('welcome').scrollHeight") > box["height"]
    page.screenshot(path=str(OUTPUT / "welcome-sideways.png"))
    assert errors == []
    context.close()


def test_barrier_seats_the_newcomer_second_and_games_button_brings_the_welcome_back(returning, server):
    context, page, errors = greeted(returning, server, "desk")
    page.locator(".welcome-card[data-game='barrier']").click()
    page.wait_for_function("location.hash.includes('barrier')", timeout=60_000)
    page.evaluate("window.tavoliere.ready")  # Python loads: no timeout of its own
    # Barrier's first player loses with best play: the newcomer is Black, the computer White
    # (the room behind the welcome showed its first board's seats, the computer Black, at once)
    page.wait_for_function("document.querySelector('#players').textContent.startsWith('White: Computer')")
    players = page.locator("#players").text_content()
    assert players.index("White") < players.index("Computer") < players.index("Black"), players
    page.locator("#games").click()
    page.locator("#welcome").wait_for(state="visible")
    page.keyboard.press("Escape")
    assert page.locator("#welcome").is_hidden()
    assert errors == []
    context.close()


def test_a_returning_player_is_not_greeted_but_finds_his_game_first(returning, server):
    context = returning(**SIZES["desk"])
    page = context.new_page()
    page.goto(server + "#game=havannah(size=5)&white=human&black=human")
    page.evaluate("window.tavoliere.ready")
    page.evaluate("window.tavoliere.play('a1').then(() => window.tavoliere.play('b2'))")  # saved
    page.goto(server + "?again")
    page.evaluate("window.tavoliere.ready")
    assert page.locator("#welcome").is_hidden()
    page.locator("#games").click()
    first = page.locator(".welcome-card").first
    assert "Continue your game" in first.text_content()
    first.click()
    assert page.locator("#welcome").is_hidden()
    assert "a1,b2" in page.evaluate("decodeURIComponent(location.hash)")
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_rules_show_diagrams_and_the_reader_tries_a_move(returning, server, size):
    context = returning(**SIZES[size])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "#game=havannah&white=human&black=human")
    page.evaluate("window.tavoliere.ready")
    tap(page, page.locator("#rules"), size)
    figures = page.locator("#rules-diagrams figure")
    figures.first.wait_for()
    captions = figures.evaluate_all("fs => fs.map(f => f.dataset.caption)")
    assert captions[0] == "setup" and {"bridge", "fork", "ring", "try"} <= set(captions)
    page.wait_for_function("[...document.querySelectorAll('#rules-diagrams canvas')].every(c => c.dataset.drawn)")
    for i in range(figures.count()):
        assert picture_is_drawn(page, figures.nth(i)), captions[i]
    assert "bridge" in page.locator("figure[data-caption=bridge] figcaption").text_content()
    page.add_script_tag(path=str(AXE))
    assert axe_violations(page) == []
    page.screenshot(path=str(OUTPUT / f"rules-{size}.png"), full_page=True)
    # the "try it" diagram: tap the example's cell; the note says it was the example
    trying = page.locator("figure.try")
    trying.scroll_into_view_if_needed()
    example = trying.get_attribute("data-try")
    page.wait_for_function("document.querySelector('figure.try').board.cellCenter !== undefined")
    point = page.evaluate("(cell) => document.querySelector('figure.try').board.cellCenter(cell)", example)
    if size == "desk":
        page.mouse.click(point["x"], point["y"])
    else:
        page.touchscreen.tap(point["x"], point["y"])
    page.wait_for_function("document.querySelector('figure.try .rule-note').textContent.includes('example move')")
    assert page.locator("figure.try button").is_visible()
    assert errors == []
    context.close()


def test_the_rules_and_the_welcome_in_italian_and_the_dark_theme(returning, server):
    context = returning(**SIZES["desk"], locale="it-IT")
    context.add_init_script("try { localStorage.setItem('tavoliere.lang', 'it');"
                            " localStorage.setItem('tavoliere.theme', 'dark'); } catch (e) {}")
    page = context.new_page()
    page.goto(server + "#game=barrier&white=human&black=human")
    page.evaluate("window.tavoliere.ready")
    page.locator("#rules").click()
    page.locator("figure[data-caption=setup]").wait_for()
    assert "Il tavoliere all'inizio." in page.locator("figure[data-caption=setup] figcaption").text_content()
    assert "Vince" in page.locator("figure[data-caption=win] figcaption").text_content()
    page.add_script_tag(path=str(AXE))
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    page.locator("#games").click()
    card = page.locator(".welcome-card[data-game='go']")
    assert "tradizionale" in card.text_content() and "Circa 30 minuti a partita" in card.text_content()
    page.wait_for_function("[...document.querySelectorAll('.welcome-card canvas')].every(c => c.dataset.drawn)")
    assert axe_violations(page) == []
    page.screenshot(path=str(OUTPUT / "welcome-desk-it-dark.png"))
    context.close()


def test_closing_the_welcome_of_a_first_visit_still_seats_the_newcomer_on_the_good_side(browser, server):
    # a true first visit, Python started from scratch: the seat is taken while it loads
    context, page, errors = greeted(lambda **options: first_visit_context(browser, **options), server, "desk")
    page.keyboard.press("Escape")
    assert page.locator("#welcome").is_hidden()
    page.wait_for_function("document.querySelector('#players').textContent.includes('Computer')")
    page.evaluate("window.tavoliere.ready")  # the newcomer's game opens once Python has loaded
    page.wait_for_function("document.querySelector('#players').textContent.startsWith('White: Computer')", timeout=60_000)
    assert errors == []
    context.close()


def test_the_size_chosen_is_the_largest_whose_cells_stay_tappable(returning, server):
    """fittingSpec (web/welcome.js) from the prebuilt boards' widths in site.json: Havannah
    base 8 and Connect6 13x13 on a 390-px phone (374 px for the board), the defaults on a desk,
    the smallest board when none fits, and a game without a size as it is."""
    context, page, _ = greeted(returning, server, "desk")
    chosen = page.evaluate("""async () => {
        const { fittingSpec } = await import('./web/welcome.js');
        const site = await (await fetch('site.json')).json();
        const out = {};
        for (const [name, span] of [['havannah', 374], ['connect6', 374], ['hexade', 374], ['havannah', 304],
                                     ['connect6', 304], ['havannah', 680], ['connect6', 680], ['go', 374], ['damone', 200]])
            out[`${name} ${span}`] = fittingSpec(site, name, span);
        return out;
    }""")
    assert chosen == {
        "havannah 374": "havannah(size=8)", "connect6 374": "connect6(size=13)", "hexade 374": "hexade(size=8)",
        "havannah 304": "havannah(size=6)", "connect6 304": "connect6(size=13)", "havannah 680": "havannah",
        "connect6 680": "connect6", "go 374": "go(size=13)", "damone 200": "damone"}
    context.close()


def test_a_correspondence_game_waiting_for_your_move_comes_first(returning, server):
    entry = {"id": "Uf1lLFd830pEPcrs", "game": "havannah(size=5)", "moves": ["e5", "c3"], "names": ["Anna", "Bruno"],
             "side": 0, "created": 1, "updated": 2, "last": 2, "sent": 1, "archived": False, "settled": True, "toMove": 0}
    context = returning(**SIZES["desk"])
    context.add_init_script("try { localStorage.setItem('tavoliere.correspondence', "
                            + json.dumps(json.dumps([entry])) + "); } catch (e) {}")
    page = context.new_page()
    page.goto(server + "#game=barrier&white=human&black=human")
    page.evaluate("window.tavoliere.ready")
    page.locator("#games").click()
    first = page.locator(".welcome-card").first
    assert "Your move" in first.text_content() and "Havannah against Bruno" in first.text_content()
    first.click()
    page.wait_for_function("decodeURIComponent(location.hash).includes('c=Uf1lLFd830pEPcrs')", timeout=60_000)
    assert "e5,c3" in page.evaluate("decodeURIComponent(location.hash)")
    context.close()
