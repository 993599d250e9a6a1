"""Feel (issue 16): moves animate on the board (not with reduced motion), the sounds switch,
and the choices of a move's next click (two paths to one cell) drawn apart."""

import pytest

from conftest import OUTPUT, click_more

pytestmark = pytest.mark.browser

TWO_PEOPLE = "&white=human&black=human"

# Records every animation of the board: when it starts and ends, the colour at a cell's centre
# in its first and last frames, and a picture of each.
WATCH_ANIMATIONS = """cell => {
    window.animations = [];
    const canvas = document.getElementById('board');
    const centre = () => {
        const rect = canvas.getBoundingClientRect();
        const ratio = canvas.width / rect.width;
        const p = window.tavoliere.cellCenter(cell);
        const x = Math.round((p.x - rect.left) * ratio), y = Math.round((p.y - rect.top) * ratio);
        return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
    };
    // timed where the board sets and clears the attribute (an observer's callback waits for
    // the end of the task that set it: on a loaded machine the span came out short); the
    // first picture is read when that task has drawn it, as an observer would
    const set = canvas.setAttribute.bind(canvas), clear = canvas.removeAttribute.bind(canvas);
    canvas.setAttribute = (name, value) => {
        if (name === 'data-animating' && !canvas.hasAttribute(name)) {
            const a = {start: performance.now()};
            window.animations.push(a);
            queueMicrotask(() => Object.assign(a, {first: centre(), firstImage: canvas.toDataURL()}));
        }
        set(name, value);
    };
    canvas.removeAttribute = (name) => {
        if (name === 'data-animating' && canvas.hasAttribute(name)) {
            const a = window.animations[window.animations.length - 1];
            Object.assign(a, {end: performance.now(), last: centre(), lastImage: canvas.toDataURL()});
        }
        clear(name);
    };
}"""


def click_cell(page, name):
    point = page.evaluate("name => window.tavoliere.cellCenter(name)", name)
    page.mouse.click(point["x"], point["y"])


def wait_moves(page, count):
    page.wait_for_function("n => window.tavoliere.view().moves.length === n", arg=count)


def test_a_move_slides_along_its_path_and_a_step_forward_in_history_too(watch, server):
    page = watch.open(server + "#game=barrier&moves=c4,f6" + TWO_PEOPLE)
    page.evaluate(WATCH_ANIMATIONS, "e3")
    click_cell(page, "e3")
    page.wait_for_function("window.tavoliere.picture().paths.length === 2")
    click_cell(page, "d4")
    wait_moves(page, 3)
    page.wait_for_function("window.animations.length === 1 && window.animations[0].end !== undefined")
    assert not page.evaluate("window.tavoliere.animating()")
    animation = page.evaluate("window.animations[0]")
    # the pawn is not yet on e3 when the animation starts, and stands there at its end
    assert animation["first"] != animation["last"]
    assert animation["firstImage"] != animation["lastImage"]
    assert 150 <= animation["end"] - animation["start"] < 2000  # short (slower on a loaded machine)
    # back one move, then forward one: the step forward animates, the step back does not
    page.locator("#previous").click()
    page.wait_for_function("window.tavoliere.picture().last.length === 1")
    assert page.evaluate("window.animations.length") == 1
    page.locator("#next").click()
    page.wait_for_function("window.animations.length === 2 && window.animations[1].end !== undefined")
    # a move taken back while it is drawn cuts its animation short
    page.evaluate("async () => { await window.tavoliere.play('f6-f5-f4-g4'); document.getElementById('undo').click(); }")
    page.wait_for_function("window.tavoliere.view().moves.length === 3")
    page.wait_for_function("!document.getElementById('board').hasAttribute('data-animating')", timeout=3000)
    assert watch.errors == []


def test_with_reduced_motion_nothing_animates(watch, server):
    page = watch.page
    page.emulate_media(reduced_motion="reduce")
    watch.open(server + "#game=havannah(size=4)&moves=d4" + TWO_PEOPLE)
    page.evaluate(WATCH_ANIMATIONS, "c3")
    click_cell(page, "c3")
    wait_moves(page, 2)
    assert not page.evaluate("window.tavoliere.animating()")
    page.wait_for_timeout(400)
    assert page.evaluate("window.animations") == []
    assert page.evaluate("document.getElementById('board').hasAttribute('data-animating')") is False
    assert watch.errors == []


# The colour the board's canvas has at a cell's centre, moved right and down by fractions
# of the cell's size.
PIXEL = """([name, right, down]) => {
    const canvas = document.getElementById('board');
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / rect.width;
    const p = window.tavoliere.cellCenter(name);
    const size = window.tavoliere.cellSize();
    const x = Math.round((p.x - rect.left + right * size) * ratio), y = Math.round((p.y - rect.top + down * size) * ratio);
    return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
}"""


def board_pixel(page, cell, right=0.0, down=0.0):
    return page.evaluate(PIXEL, [cell, right, down])


def test_the_two_paths_to_one_cell_are_tinted_apart(watch, server):
    page = watch.open(server + "#game=barrier&moves=c4,f6" + TWO_PEOPLE)
    click_cell(page, "e3")
    page.wait_for_function("window.tavoliere.picture().paths.length === 2")
    paths = page.evaluate("window.tavoliere.picture().paths")
    assert sorted((p["next"], sorted(p["cells"])) for p in paths) == [("c3", ["c3", "d3"]), ("d4", ["d4", "e4"])]
    def corner(cell):    # a pixel off the piece, towards the cell's lower right corner
        return board_pixel(page, cell, 0.3, 0.3)
    # d3 and e4 are both light cells, each on one path: two tints
    assert corner("d3") != corner("e4")
    # the path under the mouse is stressed, the other fades
    before = corner("e4"), corner("d3")
    point = page.evaluate("name => window.tavoliere.cellCenter(name)", "d4")
    page.mouse.move(point["x"], point["y"])
    page.wait_for_function("([name, colour]) => JSON.stringify((" + PIXEL + ")([name, 0.3, 0.3])) !== JSON.stringify(colour)",
                           arg=["e4", before[0]])
    assert corner("d3") != before[1]
    assert watch.errors == []


# A stand-in for the Web Audio API: counts the contexts made and the notes started.
FAKE_AUDIO = """
window.audio = {made: 0, notes: 0};
(() => {
    const param = {setValueAtTime() {}, exponentialRampToValueAtTime() {}, linearRampToValueAtTime() {}};
    const node = () => ({frequency: param, gain: param, type: '', connect(next) { return next; },
                         start() { window.audio.notes += 1; }, stop() {}});
    window.AudioContext = class {
        constructor() { window.audio.made += 1; this.state = 'running'; this.currentTime = 0; this.destination = node(); }
        createOscillator() { return node(); }
        createGain() { return node(); }
        resume() { return Promise.resolve(); }
    };
    window.webkitAudioContext = window.AudioContext;
})();
"""
# Damone italiano: Black to move, with a capture (a4xc2)
CAPTURE = "#game=damone&moves=d1-c2,e8-f7,f1-g2,c8-b7,c2-b3" + TWO_PEOPLE


def test_sounds_are_off_until_switched_on_and_the_switch_is_kept(watch, server):
    page = watch.page
    page.context.add_init_script(FAKE_AUDIO)
    watch.open(server + CAPTURE)
    assert page.locator("#sound-on").is_checked() is False
    click_cell(page, "h8")  # a gesture, and a refused click: no context while sounds are off
    page.evaluate("window.tavoliere.play('a4xc2')")
    assert page.evaluate("window.audio") == {"made": 0, "notes": 0}
    click_more(page, "#sound-on")
    assert page.locator("#sound-on").is_checked()
    assert page.evaluate("localStorage.getItem('tavoliere.sound')") == "true"
    assert page.evaluate("window.audio.made") == 1  # switched on by a click: a gesture
    # a move is one note, a capture two, the end of the game three
    move = page.evaluate("window.tavoliere.view().legal[0]")
    page.evaluate("name => window.tavoliere.play(name)", move)
    notes = 2 if "x" in move else 1
    assert page.evaluate("window.audio.notes") == notes
    page.on("dialog", lambda dialog: dialog.accept())
    page.locator("#resign").click()
    page.wait_for_function("window.tavoliere.view().outcome !== null")
    assert page.evaluate("window.audio.notes") == notes + 3
    # kept after a reload, but no context until the player touches the page
    page.goto("about:blank")
    page.goto(server + CAPTURE)
    page.evaluate("window.tavoliere.ready")
    assert page.locator("#sound-on").is_checked()
    page.evaluate("window.tavoliere.play('a4xc2')")
    assert page.evaluate("window.audio") == {"made": 0, "notes": 0}
    click_cell(page, "h8")
    assert page.evaluate("window.audio.made") == 1
    move = page.evaluate("window.tavoliere.view().legal[0]")
    page.evaluate("name => window.tavoliere.play(name)", move)
    assert page.evaluate("window.audio.notes") == (2 if "x" in move else 1)
    page.goto("about:blank")
    page.goto(server + CAPTURE)
    page.evaluate("window.tavoliere.ready")
    click_cell(page, "h8")
    page.evaluate("window.tavoliere.play('a4xc2')")
    assert page.evaluate("window.audio") == {"made": 1, "notes": 2}  # a capture: two notes
    click_more(page, "#sound-on")
    assert page.evaluate("localStorage.getItem('tavoliere.sound')") == "false"
    assert watch.errors == []


def test_screenshots_of_a_move_in_flight_and_of_two_paths(returning, server):
    """For people to look at: a desktop and a phone, mid-animation and the two-path preview."""
    OUTPUT.mkdir(exist_ok=True)
    for name, options in (("desktop", {"viewport": {"width": 1366, "height": 800}}),
                          ("phone", {"viewport": {"width": 390, "height": 844}, "has_touch": True,
                                     "is_mobile": True, "device_scale_factor": 2})):
        context = returning(**options)
        page = context.new_page()
        page.goto(server + "#game=barrier&moves=c4,f6" + TWO_PEOPLE)
        page.evaluate("window.tavoliere.ready")
        tap = (lambda p: page.touchscreen.tap(p["x"], p["y"])) if name == "phone" else (lambda p: page.mouse.click(p["x"], p["y"]))
        for cell in ("e3",):
            point = page.evaluate("name => window.tavoliere.cellCenter(name)", cell)
            tap(point)
            if page.locator("#loupe-play").is_visible():
                page.locator("#loupe-play").click()
        page.wait_for_function("window.tavoliere.picture().paths.length === 2")
        page.screenshot(path=str(OUTPUT / f"feel-two-paths-{name}.png"))
        # the animation held at its middle, so the picture does not depend on the machine's
        # speed: the page's clock stops before the move, so the animation starts and stays at
        # its first frame however slow the machine, then moves on 110 ms and stops again
        page.evaluate("""() => {
            const real = performance.now.bind(performance);
            window.heldClock = real();
            performance.now = () => window.heldClock;
        }""")
        point = page.evaluate("name => window.tavoliere.cellCenter(name)", "d4")
        tap(point)
        if page.locator("#loupe-play").is_visible():
            page.locator("#loupe-play").click()
        page.wait_for_function("window.tavoliere.view().moves.length === 3")
        page.wait_for_function("window.tavoliere.animating()")
        page.evaluate("window.heldClock += 110")
        page.wait_for_timeout(200)
        assert page.evaluate("window.tavoliere.animating()")
        # the pieces the move leaves alone stay drawn while it slides (Black's pawn on f6)
        assert sum(board_pixel(page, "f6")) < 200
        page.screenshot(path=str(OUTPUT / f"feel-mid-animation-{name}.png"))
        context.close()


def test_a_game_may_give_its_first_player_the_dark_pieces(watch, server):
    """A layout's palette: in Go the first player (seat 0) is Black, so its stones are drawn in
    the room's dark colour and the second player's in the light one (the other games keep seat
    0 light)."""
    for spec, moves, first, second, first_dark in (
            ("go(size=9)", "e5,c3", "e5", "c3", True),
            ("havannah(size=5)", "e5,c3", "e5", "c3", False)):
        page = watch.open(server + f"#game={spec}&moves={moves}" + TWO_PEOPLE)
        # (the same moves in both games: the game's name says which one is on view)
        page.wait_for_function("spec => { const v = window.tavoliere.view();"
                               " return v.game === spec && v.moves.length === 2; }", arg=spec)
        page.wait_for_function("!document.getElementById('board').hasAttribute('data-animating')")
        assert page.evaluate("window.tavoliere.view().moves") == moves.split(",")
        lightness = [sum(board_pixel(page, cell, 0.2)) / 3 for cell in (first, second)]
        assert (lightness[0] < lightness[1]) == first_dark, (spec, lightness)
    assert watch.errors == []
