"""Composing a problem on the page (issue 39 part 5), at 1366x800 and on a 390x844 phone
with touch: in the Problems dialog's "Make a problem", a Barrier 5x5 position set up by taps
on the editor's board (a piece the rules refuse there is reported, then taken off), checked
for a win in 1 (two keys: the cook is reported), and the link it gives opens the problem in
an embedded board.  Screenshots in test-output/compose-*.png."""

import pytest

from conftest import OUTPUT, PageWatch

pytestmark = pytest.mark.browser

SIZES = {
    "desk": dict(viewport={"width": 1366, "height": 800}),
    "phone": dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                  device_scale_factor=2),
}
DIALOG = "document.getElementById('problems-dialog').problems"


# the phone's run is under `slow` (python3 build.py test --slow): the suite's time
@pytest.fixture(params=[size if size != "phone" else pytest.param(size, marks=pytest.mark.slow)
                        for size in SIZES])
def sized(request, returning):
    context = returning(**SIZES[request.param])
    yield request.param, PageWatch(context)
    context.close()


def tap(page, size, board, cell):
    """A tap (a click on the desk) on ``cell`` of the dialog's ``board`` (editorBoard or
    paletteBoard), scrolled into view first."""
    canvas = {"editorBoard": "#compose-board", "paletteBoard": "#compose-palette"}[board]
    page.locator(canvas).scroll_into_view_if_needed()
    point = page.evaluate(f"cell => {DIALOG}.{board}.cellCenter(cell)", cell)
    if size == "phone":
        page.touchscreen.tap(point["x"], point["y"])
    else:
        page.mouse.click(point["x"], point["y"])


def edit(page, size, cell):
    """Tap ``cell`` of the editor and wait for the engine's reading of the new position."""
    edits = page.evaluate(f"{DIALOG}.edits")
    tap(page, size, "editorBoard", cell)
    page.wait_for_function(f"{DIALOG}.edits > {edits}")
    page.evaluate(f"{DIALOG}.reading")
    return page.text_content("#compose-position")


def test_a_position_edited_by_taps_is_checked_and_its_link_opens_the_problem(sized, server):
    size, watch = sized
    page = watch.open(server + "#game=barrier(size=5)")
    page.wait_for_function("window.tavoliere.view() && window.tavoliere.view().moves.length === 0", timeout=60_000)
    page.click("#problems")
    page.click("#compose summary")
    # the editor starts from the room's board: Barrier's empty board, White to place
    page.wait_for_function("document.getElementById('compose-position').textContent === 'Position: - w ply=0'",
                           timeout=60_000)
    assert page.evaluate(f"{DIALOG}.editor.palette") == ["pawn.0", "pawn.1", "block"]
    # the brush is White's pawn: a tap on c3 places it, but with White to move the rules
    # refuse it (Black places next); two taps on a1 give Black's pawn, and the position holds
    refused = "The rules cannot reach this position: "
    assert edit(page, size, "c3") == refused + "in this position Black is to move, not White"
    assert page.get_attribute("#compose-position", "data-kind") == "error"
    assert edit(page, size, "a1").startswith(refused)                 # two White pawns
    assert edit(page, size, "a1") == "Position: pawn.1:a1;pawn.0:c3 w ply=2"
    assert page.get_attribute("#compose-position", "data-kind") == "info"
    # a third pawn is refused, with the rules' reason, and the position cannot be checked
    tap(page, size, "paletteBoard", "pawn.1")
    assert edit(page, size, "e5") == refused + "pawn.1 on a1 cannot stand there in Barrier"
    page.locator("#compose-editor").screenshot(path=str(OUTPUT / f"compose-{size}-editor.png"))
    page.select_option("#compose-goal", "1")
    page.click("#compose-prove")
    page.wait_for_function("document.getElementById('compose-result').dataset.sound === 'false'")
    assert page.input_value("#compose-link") == ""
    page.locator("#compose-position").scroll_into_view_if_needed()
    page.screenshot(path=str(OUTPUT / f"compose-{size}-refused.png"))
    # e5 cycles on from the brush, Black's pawn: an obstacle, White's pawn (refused), empty
    assert edit(page, size, "e5") == "Position: pawn.1:a1;pawn.0:c3;block:e5 w ply=2"
    assert edit(page, size, "e5").startswith(refused)
    assert edit(page, size, "e5") == "Position: pawn.1:a1;pawn.0:c3 w ply=2"
    page.click("#compose-prove")
    page.wait_for_function("document.getElementById('compose-link').value !== ''", timeout=60_000)
    said = page.text_content("#compose-result")
    assert said.startswith("Cooked: 2 keys win (c3-b3-b2-b1, c3-c2-b2-a2).")
    link = page.input_value("#compose-link")
    assert link.endswith("web/embed.html#game=barrier%28size%3D5%29&mode=problem"
                         "&position=pawn.1%3Aa1%3Bpawn.0%3Ac3+w+ply%3D2&goal=win%3A1")
    assert page.input_value("#compose-embed") == ('<tavoliere-board game="barrier(size=5)" mode="problem" goal="win:1"\n'
                                                  '  position="pawn.1:a1;pawn.0:c3 w ply=2"></tavoliere-board>')
    page.locator("#compose").scroll_into_view_if_needed()
    page.screenshot(path=str(OUTPUT / f"compose-{size}-cooked.png"))
    # the side to move switched, then back
    page.select_option("#compose-side", "1")
    page.evaluate(f"{DIALOG}.reading")
    assert page.text_content("#compose-position").startswith("Position: pawn.1:a1;pawn.0:c3 b ply=")
    page.select_option("#compose-side", "0")
    page.evaluate(f"{DIALOG}.reading")
    assert page.text_content("#compose-position") == "Position: pawn.1:a1;pawn.0:c3 w ply=2"
    # "Clear" empties the board; "From the game on the table" takes the room's again
    page.click("#compose-clear")
    page.evaluate(f"{DIALOG}.reading")
    assert page.evaluate(f"Object.keys({DIALOG}.editor.pieces).length") == 0
    page.click("#compose-table")
    page.evaluate(f"{DIALOG}.reading")
    assert page.text_content("#compose-position") == "Position: - w ply=0"
    assert watch.errors == []

    # the link opens the problem in an embedded board, to solve
    embed = watch.page.context.new_page()
    embed.goto(link)
    board = "document.querySelector('tavoliere-board')"
    embed.wait_for_function(f"{board} && {board}.solver && {board}.solver.phase === 'solving'", timeout=120_000)
    assert embed.evaluate(f"{board}.shadowRoot.querySelector('.stipulation').textContent") == \
        "White to play and win in 1 move"
    assert embed.evaluate(f"{board}.solver.problem.keys") == ["c3-b3-b2-b1", "c3-c2-b2-a2"]
    embed.screenshot(path=str(OUTPUT / f"compose-{size}-embed.png"))
    embed.close()
