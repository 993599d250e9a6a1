"""Diagrams for print (issues 38 and 39, part 5; review defect 26) in a real Chromium: the
Picture dialog's SVG and PNG of a game with a last move and targets on view come out clean
(no last-move tint, no dot, no targets) with the coordinates and the stones' numbers, and
with the screen's marks when ticked; a problem's printable diagram has the stipulation and
the solution as the magazine writes it, in English and in Italian.  The SVGs are rendered
to PNG by Chromium and kept in test-output/ beside the PNG download."""

import base64
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import OUTPUT, click_more
from test_problems_room import ID, LINE, open_shipped_problem

pytestmark = pytest.mark.browser
TWO_PEOPLE = "&white=human&black=human"
SVG = "{http://www.w3.org/2000/svg}"
# the light theme's screen marks (web/style.css): last move, target, last-move dot
LAST_MOVE, TARGET, LAST_DOT = "rgb(230, 190, 40)", "rgb(40, 120, 80)", "#e0452b"


def download(page, selector):
    with page.expect_download() as info:
        page.locator(selector).click()
    return info.value.suggested_filename, Path(info.value.path()).read_bytes()


def colours(root):
    return {e.get(key) for e in root.iter() for key in ("fill", "stroke") if e.get(key)}


def texts(root):
    return [e.text for e in root.iter(SVG + "text")]


def render(page, svg: bytes, name: str):
    """The SVG as Chromium draws it in an <img>, saved as a PNG to look at."""
    other = page.context.new_page()
    data = base64.b64encode(svg).decode()
    other.set_content(f'<body style="margin:0;background:#888"><img id="d" src="data:image/svg+xml;base64,{data}"></body>')
    other.wait_for_function("document.getElementById('d').complete && document.getElementById('d').naturalWidth > 0")
    other.locator("#d").screenshot(path=str(OUTPUT / name))
    other.close()


def test_a_game_downloads_as_a_clean_svg_and_png(watch, server):
    OUTPUT.mkdir(exist_ok=True)
    page = watch.open(server + "#game=barrier(size=6)&moves=b2,e5" + TWO_PEOPLE)
    picture = page.evaluate("window.tavoliere.picture()")
    assert picture["last"] and picture["targets"]        # the screen shows both
    page.screenshot(path=str(OUTPUT / "print-barrier-screen.png"))
    click_more(page, "#picture")
    name, svg = download(page, "#picture-svg")
    assert name == "tavoliere-barrier-size-6--2.svg"
    root = ET.fromstring(svg)                            # well-formed XML
    assert root.tag == SVG + "svg"
    used = colours(root)
    assert not used & {LAST_MOVE, TARGET, LAST_DOT}, used
    assert {"a", "f", "1", "6"} <= set(texts(root))      # the coordinates
    render(page, svg, "print-barrier-svg.png")

    name, png = download(page, "#picture-png")
    assert name == "tavoliere-barrier-size-6--2.png" and png[:8] == b"\x89PNG\r\n\x1a\n"
    (OUTPUT / "print-barrier-download.png").write_bytes(png)
    # the PNG is drawn without the marks too: no pixel of the last move's dot
    red = page.evaluate("""async (data) => {
        const image = new Image();
        image.src = 'data:image/png;base64,' + data;
        await image.decode();
        const canvas = new OffscreenCanvas(image.width, image.height);
        const ctx = canvas.getContext('2d');
        ctx.drawImage(image, 0, 0);
        const pixels = ctx.getImageData(0, 0, image.width, image.height).data;
        let red = 0;
        for (let i = 0; i < pixels.length; i += 4) if (pixels[i] > 200 && pixels[i + 1] < 100 && pixels[i + 2] < 80) red += 1;
        return red;
    }""", base64.b64encode(png).decode())
    assert red == 0

    # the screen's marks, when asked for
    page.locator("#picture-marks").check()
    page.locator("#picture-numbers").fill("0")
    _, marked = download(page, "#picture-svg")
    assert {LAST_MOVE, TARGET} <= colours(ET.fromstring(marked))
    assert watch.errors == []


@pytest.mark.parametrize("game", ["havannah(size=6)", "go(size=9)"])
def test_the_stones_of_the_last_moves_are_numbered(watch, server, game):
    """Drawn in the dark theme: the diagram keeps the light board of a printout."""
    OUTPUT.mkdir(exist_ok=True)
    watch.page.context.add_init_script("localStorage.setItem('tavoliere.theme', 'dark')")
    page = watch.open(server + f"#game={game}&moves=c3,d4,e5" + TWO_PEOPLE)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    click_more(page, "#picture")
    page.locator("#picture-numbers").fill("2")
    _, svg = download(page, "#picture-svg")
    root = ET.fromstring(svg)
    words = texts(root)
    # moves 2 (d4) and 3 (e5) numbered on their stones, move 1 not (the coordinates count too:
    # "2" and "3" name rows, so one more of each)
    page.locator("#picture-numbers").fill("0")
    plain = texts(ET.fromstring(download(page, "#picture-svg")[1]))
    assert words.count("2") == plain.count("2") + 1 and words.count("3") == plain.count("3") + 1
    assert words.count("1") == plain.count("1")
    assert "#e9dcc0" in colours(root)                    # the light board, not the dark one
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    render(page, svg, f"print-{game.split('(')[0]}-numbered-svg.png")
    assert watch.errors == []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_problem_prints_with_its_stipulation_and_solution(watch, server, lang):
    OUTPUT.mkdir(exist_ok=True)
    watch.page.context.add_init_script(f"localStorage.setItem('tavoliere.lang', '{lang}')")
    page = watch.open(server + "#game=barrier" + TWO_PEOPLE)   # a link: no welcome
    open_shipped_problem(page)
    name, svg = download(page, "#problem-print")
    assert name == f"tavoliere-barrier-{ID}.svg"
    root = ET.fromstring(svg)
    said = " ".join(texts(root))
    stipulation, solution = {
        "en": ("White to play and win in 3 moves", "Solution:"),
        "it": ("Il Bianco muove e vince in 3 mosse", "Soluzione:"),
    }[lang]
    assert stipulation in said, said
    assert f"{solution} 1. {LINE[0]}! {LINE[1]} 2. {LINE[2]} {LINE[3]} 3. {LINE[4]}" in said
    assert not colours(root) & {LAST_MOVE, TARGET, LAST_DOT}
    render(page, svg, f"print-problem-{lang}.png")
    assert watch.errors == []


def test_a_composition_prints_with_its_stipulation_and_key(watch, server):
    # Barrier 5x5 after c3 a1, win in 1 (tests/test_problems_room.py): cooked, two keys; the
    # diagram prints the first with the position before it, White to play
    page = watch.open(server + "#game=barrier(size=5)&moves=c3,a1" + TWO_PEOPLE)
    page.click("#problems")
    page.click("#compose summary")
    page.click("#compose-print")                         # nothing proven yet: it says so
    assert page.text_content("#compose-result").startswith("Press Prove first")
    page.select_option("#compose-goal", "1")
    page.click("#compose-prove")
    page.wait_for_function("document.getElementById('compose-link').value !== ''", timeout=60_000)
    name, svg = download(page, "#compose-print")
    assert name == "tavoliere-barrier-size-5--problem.svg"
    root = ET.fromstring(svg)
    said = " ".join(texts(root))
    assert "White to play and win in 1 move" in said and "Solution: 1. c3-b3-b2-b1!" in said, said
    assert not colours(root) & {LAST_MOVE, TARGET, LAST_DOT}
    render(page, svg, "print-composition.png")
    assert watch.errors == []
