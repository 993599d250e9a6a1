"""The game room in a real Chromium, played through clicks on real cells (issue 6)."""

import json
import random
from collections import Counter

import pytest

from conftest import OUTPUT, click_more
from tavoliere import load_game
from test_conformance import first_specs
from test_phone import SIZES as PHONE_SIZES

pytestmark = pytest.mark.browser

LONG_TASKS = """() => {
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
  }).observe({ type: "longtask" });
}"""


def cell_point(page, name):
    point = page.evaluate("name => window.tavoliere.cellCenter(name)", name)
    assert point, f"no cell {name} on the board"
    return point["x"], point["y"]


def click_cell(page, name):
    page.mouse.click(*cell_point(page, name))


def tap_cell(page, name):
    page.touchscreen.tap(*cell_point(page, name))


def cell_presser(size):
    """How a person presses a cell at one of test_phone's sizes: a tap where it has touch."""
    return tap_cell if PHONE_SIZES[size].get("has_touch") else click_cell


def view(page):
    return page.evaluate("window.tavoliere.view()")


# The whole record this device keeps: the view's ``moves`` leave out sealed plies and name
# "?" those hidden from the seat shown (a game of hidden information's set-ups); the storage
# keeps such a record sealed, and the page reads it back whole.
SAVED_MOVES = "window.tavoliere.savedMoves()"


def full_record(page):
    return page.evaluate(SAVED_MOVES)


def wait_turn(page, plies, timeout=60_000):
    """Until the record has ``plies`` moves (or the game is over) and nobody is thinking."""
    try:
        page.wait_for_function(
            "n => !window.tavoliere.thinking() && (window.tavoliere.view().moves.length >= n"
            " || window.tavoliere.view().outcome)", arg=plies, timeout=timeout)
    except Exception:
        state = page.evaluate("[window.tavoliere.view(), window.tavoliere.thinking(), "
                              "document.getElementById('message').textContent]")
        raise AssertionError(f"waiting for {plies} plies: {state}") from None


def play_by_clicks(page, move, seen, click_cell=click_cell):
    """Click ``move``'s click sequence; record in ``seen`` when the page asked for more clicks.
    The move lands at the ply on view (an earlier one starts a new line): the plies shown up to
    there, sealed ones included; the whole record the device keeps then changes.
    ``click_cell(page, name)``: how a cell is pressed (a tap on a phone)."""
    shown = view(page)
    before = len(shown["moves"]) + shown["sealed"]
    start = full_record(page)
    if not move["clicks"]:  # a move without a cell is a button, or one of many in a list
        choice = page.locator("#move-buttons .move-choice")
        if choice.count():
            choice.select_option(move["name"])
            page.locator("#move-buttons .move-choice-play").click()
        else:
            page.locator(f'#move-buttons [data-move="{move["name"]}"]').click()
    for index, cell in enumerate(move["clicks"]):
        click_cell(page, cell)
        page.wait_for_timeout(60)
        if full_record(page) != start:
            break
        seen.add(index + 1)
    clicked = page.evaluate("window.tavoliere.picture().selected.length")
    if move["clicks"] and full_record(page) == start and clicked == len(move["clicks"]):
        click_cell(page, move["clicks"][-1])  # a move inside a longer one: its last cell again
    # the move is kept (saved) even when it ends the game, so the record is what to wait for
    page.wait_for_function(f"old => !window.tavoliere.thinking() && JSON.stringify({SAVED_MOVES})"
                           " !== old", arg=json.dumps(start, separators=(",", ":")),
                           timeout=60_000)
    record = full_record(page)
    assert len(record) > before and record[before] == move["name"], (before, shown, start, record)


GAMES = [
    ("barrier(size=5)", 2),   # (spec, clicks that show a choice had to be made)
    ("hekka", 3),
    ("havannah(size=4)", 1),
    ("hexade(size=4)", 1),
] + [(spec, 1) for spec in first_specs(besides=("barrier", "hekka", "havannah", "hexade"))]


def legal_moves(spec, names):
    """The legal moves after ``names`` with their clicks, as the engine gives them to the page
    (read here, since a view of a big board does not list them all)."""
    game = load_game(spec)
    state = game.replay(names)
    moves = [{"name": game.move_name(m), "clicks": list(game.clicks(m))} for m in game.legal_moves(state)]
    toggle = game.toggle(state)  # a move built by toggling cells: its one button, for those it covers
    if toggle:
        moves = [toggle["move"]] + [m for m in moves if m["name"] not in toggle["covers"]]
    return moves


def choice_moves(moves, choice_depth):
    """The moves whose first ``choice_depth - 1`` clicks others share, so that the page must
    ask for a choice (a path, a removal) after them; none when ``choice_depth`` is 1.  Counted
    once per prefix: Connect6 lists some 14,000 pairs, and comparing every move with every
    other took two minutes a game."""
    if choice_depth <= 1:
        return []
    def prefix(move):
        return tuple(move["clicks"][:choice_depth - 1])
    counts = Counter(map(prefix, moves))
    return [m for m in moves if counts[prefix(m)] > 1]


# The person's turn (White's), or the end: the computer has answered.
YOUR_TURN = ("!window.tavoliere.thinking() && (window.tavoliere.view().outcome"
             " || window.tavoliere.view().to_move === 0)")


def play_to_the_end(page, spec, rng, choice_depth=1, click_cell=click_cell):
    """White plays random moves by clicks until the game ends; the clicks after which the
    page asked for more, and the outcome, checked against the rule book's replay."""
    asked = set()
    page.wait_for_function(YOUR_TURN, timeout=60_000)  # a game of dice rolls first
    while not view(page)["outcome"]:
        moves = legal_moves(spec, full_record(page))
        move = rng.choice(choice_moves(moves, choice_depth) or moves)
        play_by_clicks(page, move, asked, click_cell)
        page.wait_for_function(YOUR_TURN, timeout=60_000)
    game = load_game(spec)
    outcome = game.outcome(game.replay(full_record(page)))
    final = view(page)["outcome"]
    assert (final["winner"], final["reason"]) == (outcome.winner, outcome.reason)
    return asked, outcome


@pytest.mark.parametrize("spec", ["plop", "plop(variant=trail)"])
@pytest.mark.parametrize("size", ["desk", "portrait"])
def test_a_whole_game_of_pferdeappel_against_level_1_at_desk_and_phone_sizes(returning, server, spec, size):
    """Issue 42: a whole game against level 1 by clicks at 1366x800 and by taps on a 390x844
    phone, each horse's move and its apples, until the game ends as the rule book says."""
    page = returning(**PHONE_SIZES[size]).new_page()
    page.goto(server + f"#game={spec}&white=human&black=ai:1")
    page.evaluate("window.tavoliere.ready")
    play_to_the_end(page, spec, random.Random(f"{spec} {size}"),
                    click_cell=cell_presser(size))
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"end-{spec.replace('(variant=', '-').rstrip(')')}-{size}.png"))
    page.context.close()


@pytest.mark.parametrize("spec, choice_depth", GAMES)
def test_a_whole_game_against_level_1_by_clicks(watch, server, spec, choice_depth):
    page = watch.open(server + f"#game={spec}&white=human&black=ai:1")
    page.evaluate(LONG_TASKS)
    asked, outcome = play_to_the_end(page, spec, random.Random(spec), choice_depth)
    if choice_depth > 1:
        assert choice_depth - 1 in asked, "the page never asked to choose a path or a removal"
    assert page.locator("#banner").is_visible()  # Rematch and Swap sides
    assert ("wins" in page.locator("#turn").text_content()) == (outcome.winner is not None)
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / f"end-{spec.split('(')[0]}.png"))
    assert watch.errors == []


def test_the_computer_thinks_without_freezing_the_page(watch, server):
    page = watch.open(server + "#game=havannah(size=8)&white=human&black=ai:3")
    page.evaluate(LONG_TASKS)
    click_cell(page, "h8")
    page.wait_for_function("window.tavoliere.thinking()")
    # while the worker searches, the main thread answers at once
    for _ in range(5):
        delay = page.evaluate("""() => new Promise(resolve => {
            const start = performance.now();
            setTimeout(() => resolve(performance.now() - start), 0);
        })""")
        assert delay < 250     # a blocked thread waits the whole search (a second)
        page.wait_for_timeout(100)
    wait_turn(page, 2)
    # A search on the main thread would block it for the whole second the computer thinks;
    # a task over the browser's 50 ms floor is ordinary drawing on a loaded machine (56 ms
    # was seen on CI; a load average of 8 on 2 cores stretches it about fourfold), so the
    # bound here is the one that tells the two apart with room for the load.
    long_tasks = page.evaluate("window.longTasks")
    assert all(duration < 600 for duration in long_tasks), long_tasks


def test_move_now_makes_the_computer_answer_at_once(watch, server):
    page = watch.open(server + "#game=havannah&white=human&black=ai:5")
    click_cell(page, "j10")
    page.wait_for_function("window.tavoliere.thinking()")
    page.wait_for_timeout(300)
    page.locator("#move-now").click()
    page.wait_for_function("!window.tavoliere.thinking() && window.tavoliere.view().moves.length === 2",
                           timeout=2_000)


def test_undo_redo_and_history_navigation(watch, server):
    page = watch.open(server + "#game=barrier(size=6)&white=human&black=human")
    for ply, cell in enumerate(("b2", "e5"), 1):
        click_cell(page, cell)
        wait_turn(page, ply)
    moves = page.evaluate("window.tavoliere.legalMoves()")
    play_by_clicks(page, moves[0], set())
    assert len(view(page)["moves"]) == 3
    page.locator("#undo").click()
    wait_turn(page, 0)
    page.wait_for_function("window.tavoliere.view().moves.length === 2")
    page.locator("#redo").click()
    page.wait_for_function("window.tavoliere.view().moves.length === 3")
    page.keyboard.press("Home")
    page.wait_for_function("window.tavoliere.view().moves.length === 0")
    assert "ply=0" in page.url
    page.keyboard.press("ArrowRight")
    page.wait_for_function("window.tavoliere.view().moves.length === 1")
    page.keyboard.press("End")
    page.wait_for_function("window.tavoliere.view().moves.length === 3")
    page.locator("#move-list .move[data-ply='2']").click()
    page.wait_for_function("window.tavoliere.view().moves.length === 2")
    assert page.locator("#turn").text_content().count("2") >= 1
    # playing from an earlier position opens a variation, with no question: the game stays
    game = [node["move"] for node in page.evaluate("window.tavoliere.study().line")]
    other = [m for m in page.evaluate("window.tavoliere.legalMoves()") if m["name"] != moves[0]["name"]][0]
    page.evaluate("name => window.tavoliere.play(name)", other["name"])  # (the saved game stays)
    assert view(page)["moves"][2] == other["name"] and len(view(page)["moves"]) == 3
    assert [node["move"] for node in page.evaluate("window.tavoliere.study().line")] == game
    assert page.locator("#move-list li.variation").count() == 1


def test_undo_against_the_computer_goes_back_to_your_turn(watch, server):
    page = watch.open(server + "#game=havannah(size=5)&white=human&black=ai:1")
    click_cell(page, "e5")
    wait_turn(page, 2)
    page.locator("#undo").click()
    page.wait_for_function("window.tavoliere.view().moves.length === 0")
    assert view(page)["to_move"] == 0


def test_a_phone_plays_a_move_by_tapping(returning, server):
    context = returning(viewport={"width": 360, "height": 740}, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(server + "#game=hexade(size=6)&white=human&black=human")
    page.evaluate("window.tavoliere.ready")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    point = page.evaluate("window.tavoliere.cellCenter('f6')")
    page.touchscreen.tap(point["x"], point["y"])
    page.wait_for_function("window.tavoliere.view().moves.length === 1")
    assert view(page)["moves"] == ["f6"]
    OUTPUT.mkdir(exist_ok=True)
    page.screenshot(path=str(OUTPUT / "phone-hexade.png"), full_page=True)
    context.close()


POSITIONS = {
    "barrier": "c4,f6,c4-d4-e4-e3,f6-f5-f4-g4",
    "hekka": "c4,f6,c4-c5-d5-e5/d5,f6-f5-f4-e4/c5",
    "havannah(size=8)": "e5,h8,d4",
    "hexade(size=8)": "a1,h8,d1,c5",
}


@pytest.mark.parametrize("spec", list(POSITIONS))
def test_board_screenshot_and_last_move_drawn_where_the_engine_says(watch, server, spec):
    page = watch.open(server + f"#game={spec}&moves={POSITIONS[spec]}&white=human&black=human")
    OUTPUT.mkdir(exist_ok=True)
    page.locator("#board").screenshot(path=str(OUTPUT / f"board-{spec.split('(')[0]}.png"))
    last = page.evaluate("window.tavoliere.lastMove().cells")
    game = load_game(spec)
    names = POSITIONS[spec].split(",")
    state = game.replay(names[:-1])
    assert last == list(game.move_cells(game.parse_move(names[-1], state)))
    # the highlight is drawn in the last move's cells: sample each cell near its edge, where no
    # piece covers it, and compare with the same spot of an empty cell of the same colour
    final = game.replay(names)
    busy = set(game.pieces(final)) | set(last)
    cells = game.layout()["cells"]
    tone = {c["name"]: c.get("tone", 0) for c in cells}
    for cell in last:
        plain = next(c["name"] for c in cells if c["name"] not in busy and tone[c["name"]] == tone[cell])
        lit, bare = (page.evaluate(SAMPLE_EDGE, name) for name in (cell, plain))
        assert lit != bare, f"{cell} is drawn like a plain cell"
        assert lit[2] < bare[2] - 20, f"{cell}: {lit} is not the last-move tint over {bare}"


SAMPLE_EDGE = """name => {
    const canvas = document.getElementById('board');
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / rect.width;
    const p = window.tavoliere.cellCenter(name);
    const x = Math.round((p.x - rect.left + 0.42 * window.tavoliere.cellSize()) * ratio);
    const y = Math.round((p.y - rect.top) * ratio);
    return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3));
}"""


def test_a_quick_second_click_never_splits_the_record(watch, server):
    """A click that arrives while the previous move is on its way is ignored, so the board,
    the move list and the link always show the same record."""
    page = watch.open(server + "#game=barrier(size=6)&white=human&black=human")
    click_cell(page, "b2")
    click_cell(page, "e5")
    page.wait_for_timeout(500)
    moves = view(page)["moves"]
    assert moves[0] == "b2"
    assert page.locator("#move-list .move").count() == len(moves)
    assert page.url.endswith("moves=" + ",".join(moves))


def test_every_game_and_size_opens_on_its_own_board_and_in_the_new_game_dialog(watch, server):
    """Every shipped game, every spec of its conformance line: the link opens it on the board
    the engine describes, and the New game dialog offers it with its options."""
    from test_conformance import SPECS
    import build

    page = watch.open(server)
    for name in build.shipped_games():
        for spec in SPECS[name]:
            game = load_game(spec)
            page.evaluate("spec => { location.hash = 'game=' + spec + '&white=human&black=human'; }", spec)
            # the prebuilt board shows the game at once; the dialog waits for the engine's reading
            page.wait_for_function("spec => window.tavoliere.view().game === spec && !window.tavoliere.opening()",
                                   arg=game.spec)
            cells = [cell["name"] for cell in game.layout()["cells"]]
            assert page.evaluate("names => names.every((n) => window.tavoliere.cellCenter(n))", cells), spec
            # the header names a choice that differs from its default with its label
            heading, texts = page.locator("#game-name").text_content(), game.text_table("en")
            for option in game.options:
                value = option.format(game.settings[option.name])
                if option.kind == "choice" and option.name != "size" and value != option.format(option.default):
                    label = f"{texts['option.' + option.name]}: {texts[f'option.{option.name}.{value}']}"
                    assert label in heading, (spec, heading)
            # the dialog offers the game on the table with the options it is played with
            page.locator("#new-game").click()
            assert page.locator("#game-choice").input_value() == name
            for option in (o for o in game.options if not o.hidden):
                control = page.locator(f'#options [name="{option.name}"]')
                value = game.settings[option.name]
                if option.kind == "bool":
                    assert control.is_checked() == value, (spec, option.name)
                else:
                    assert control.input_value() == option.format(value), (spec, option.name)
            page.get_by_role("button", name="Cancel").click()
        page.locator("#new-game").click()
        page.locator("#game-choice").select_option(name)
        shown = page.locator("#options select, #options input").count()
        assert shown == sum(1 for o in game.options if not o.hidden), name
        page.get_by_role("button", name="Cancel").click()
    assert watch.errors == []


def test_a_wide_numeric_option_is_typed_and_any_value_in_range_is_played(watch, server):
    """REVIEWS.md Players, defect 11: Damone's "plies without a capture" offered 0-11 and 80 and
    nothing between. An option with more values than a list can hold is typed; a value beyond its
    range is brought back inside it."""
    page = watch.open(server + "#game=barrier&white=human&black=human")
    # the second time, the dialog offers the game on the table with the value it is played with
    for shown, typed, wanted in (("80", "30", 30), ("30", "5000", 999)):
        page.locator("#new-game").click()
        page.locator("#game-choice").select_option("damone")
        box = page.locator('#options input[name="no_capture_plies"]')
        assert box.get_attribute("type") == "number" and box.input_value() == shown
        box.fill(typed)
        page.get_by_role("button", name="Start").click()
        page.wait_for_function("s => window.tavoliere.view().game === s",
                               arg=f"damone(no_capture_plies={wanted})")
    assert watch.errors == []


def test_each_step_of_a_hekka_move_is_asked_for_by_name(watch, server):
    """The page asks for the step the game names (Game.click_steps): the path, then the
    obstacle to remove, in the page's language."""
    page = watch.open(server + "#game=hekka&moves=b3,f6&white=human&black=human")
    message = page.locator("#message")
    click_cell(page, "a1")  # two paths reach a1: b2-b1 and a3-a2
    page.wait_for_function("() => document.getElementById('message').textContent.includes('path')")
    assert message.text_content() == "Now choose the path: click its first cell"
    click_cell(page, "b2")
    page.wait_for_function("() => document.getElementById('message').textContent.includes('obstacle')")
    assert message.text_content() == "Now choose the obstacle to remove (the marked ones)"
    # the strip above the board, in view on a phone, says it too
    assert page.locator("#turn").text_content() == message.text_content()
    # meanwhile the pawn stands where it goes, among its new obstacles (drawn once the
    # engine has answered for the preview, a moment after the message). The pawn on a1 is
    # drawn already after the first click (both paths end there); the path's b1 only after
    # the second, so the wait is for b1: waiting for a1 read the first click's picture.
    page.wait_for_function("() => window.tavoliere.picture().pieces.b1 !== undefined")
    pieces = page.evaluate("window.tavoliere.picture().pieces")
    assert pieces["a1"] == "pawn.0" and pieces["b3"] == pieces["b1"] == "block"
    click_cell(page, "b1")
    wait_turn(page, 3)
    assert view(page)["moves"][-1] == "b3-b2-b1-a1/b1"
    page.locator("#language").click()
    click_cell(page, "e8")  # Black: f7-f8 or e6-e7
    page.wait_for_function("() => document.getElementById('message').textContent.includes('percorso')")
    assert message.text_content() == "Ora scegli il percorso: indica la sua prima casella"
    assert watch.errors == []


def test_the_dice_a_cephalopod_die_captures_are_clicked_in_any_order(watch, server):
    """The empty cell first, then the dice to capture in whatever order (Game.free_clicks_after):
    around c3 lie b3, c4 and d3, each showing 1, so any two or all three may be captured."""
    page = watch.open(server + "#game=cephalopod&moves=b3,d3,a1,c4&white=human&black=human")
    targets = "window.tavoliere.picture().targets.slice().sort().join()"
    click_cell(page, "c3")
    page.wait_for_function(f"{targets} === 'b3,c4,d3'")   # every die, not only the first ones
    click_cell(page, "d3")                                # the last die in the move's name first
    page.wait_for_function(f"{targets} === 'b3,c4'")
    # the preview takes the chosen die away, and keeps those still to choose in view
    page.wait_for_function("window.tavoliere.picture().pieces.d3 === undefined")
    pieces = page.evaluate("window.tavoliere.picture().pieces")
    assert pieces["b3"] == "die.0=1" and pieces["c4"] == "die.1=1" and pieces["c3"] == "die.0=2"
    click_cell(page, "b3")                                # d3 and b3: or c4 too
    page.wait_for_function("document.getElementById('message').textContent.includes('c3/b3/d3')")
    click_cell(page, "b3")                                # the same die again: that set
    wait_turn(page, 5)
    assert view(page)["moves"][-1] == "c3/b3/d3"
    assert page.evaluate("window.tavoliere.picture().pieces")["c3"] == "die.0=2"
    assert watch.errors == []


def test_a_click_on_a_damone_piece_picks_it_up_and_never_moves_it(watch, server):
    """Game.picks_up: every piece of the set-up has a single move, yet a click on one only
    shows where it goes; the piece stays in view until the square is clicked, and a second
    click on it puts it back."""
    page = watch.open(server + "#game=damone&white=human&black=human")
    click_cell(page, "f3")
    page.wait_for_function("window.tavoliere.picture().targets.join() === 'e4'")
    page.wait_for_timeout(300)
    picture = page.evaluate("window.tavoliere.picture()")
    assert view(page)["moves"] == [] and picture["selected"] == ["f3"]
    assert picture["pieces"]["f3"] == "stone.0" and "e4" not in picture["pieces"]  # a pedina
    click_cell(page, "f3")  # clicked again, the piece is put back
    page.wait_for_function("window.tavoliere.picture().selected.length === 0")
    assert view(page)["moves"] == [] and page.locator("#message").text_content() == ""
    click_cell(page, "f3")
    page.wait_for_function("window.tavoliere.picture().targets.join() === 'e4'")
    click_cell(page, "e4")
    wait_turn(page, 1)
    assert view(page)["moves"] == ["f3-e4"]
    assert watch.errors == []


def test_the_computers_estimate_is_a_bar_above_the_board_that_can_be_switched_off(watch, server):
    page = watch.open(server + "#game=havannah(size=4)&white=human&black=ai:2")
    bar = page.locator("#win-bar")
    assert bar.is_hidden()  # no search yet
    click_cell(page, "d4")
    wait_turn(page, 2)
    page.wait_for_function("!document.getElementById('win-bar').hidden")
    label = bar.get_attribute("aria-label")
    white = int(label.split()[-1].rstrip("%"))
    assert label.startswith("The computer's estimate: White ") and 0 <= white <= 100
    width = page.evaluate("parseFloat(document.getElementById('win-bar-fill').style.width)")
    assert width == white
    click_more = page.locator("#more > summary")
    click_more.click()
    page.locator("#win-bar-on").uncheck()
    assert bar.is_hidden()
    page.locator("#win-bar-on").check()
    assert bar.is_visible()
    page.locator("#new-game").click()
    page.get_by_role("button", name="Start").click()
    page.wait_for_function("document.getElementById('win-bar').hidden")
    assert watch.errors == []


def test_a_person_resigns_and_the_link_the_saved_game_and_undo_know_it(watch, server):
    page = watch.open(server + "#game=havannah(size=4)&white=human&black=ai:1")
    page.on("dialog", lambda dialog: dialog.accept())
    assert page.locator("#resign").is_disabled()  # nothing played yet
    click_cell(page, "d4")
    wait_turn(page, 2)
    page.locator("#resign").click()
    page.wait_for_function("window.tavoliere.view().outcome !== null")
    assert page.locator("#turn").text_content() == "Black wins: White resigned"
    assert page.locator("#move-list .result").text_content() == "0-1"
    assert page.url.endswith("&end=resign0") and page.locator("#resign").is_disabled()
    assert page.evaluate("window.tavoliere.play('a1').then(() => 'played', e => e.message)") == "game-ended"
    assert page.evaluate("window.tavoliere.view().moves.length") == 2
    click_more(page, "#record")  # the record says so in its Result tag
    page.wait_for_function("document.getElementById('record-text').value !== ''")
    record = page.locator("#record-text").input_value()
    assert '[Result "Black wins: White resigned"]' in record
    page.keyboard.press("Escape")
    page.reload()
    page.evaluate("window.tavoliere.ready")
    assert page.evaluate("window.tavoliere.view().outcome") == {"winner": 1, "reason": "resign", "cells": []}
    page.goto(server)  # the saved game, resumed
    page.evaluate("window.tavoliere.ready")
    assert page.evaluate("window.tavoliere.view().outcome.reason") == "resign"
    page.locator("#undo").click()  # takes the resignation back, and the computer's move
    page.wait_for_function("window.tavoliere.view().outcome === null")
    assert "end=" not in page.url
    click_more(page, "#record")  # the record read back: resigned again
    page.locator("#record-text").fill(record)
    page.locator("#record-import").click()
    page.wait_for_function("window.tavoliere.view().outcome !== null")
    assert page.evaluate("window.tavoliere.view()")["outcome"]["reason"] == "resign"
    assert page.url.endswith("&end=resign0")
    assert watch.errors == []


def test_agreed_draws_between_people_with_the_computer_and_in_games_that_have_none(watch, server):
    page = watch.open(server + "#game=havannah(size=4)&white=human&black=human&moves=d4,c3")
    answers = []
    page.on("dialog", lambda dialog: dialog.accept() if answers.pop(0) else dialog.dismiss())
    answers.append(False)
    page.locator("#offer-draw").click()
    page.wait_for_function("document.getElementById('message').textContent.includes('declined')")
    assert page.evaluate("window.tavoliere.view().outcome") is None
    answers.append(True)
    page.locator("#offer-draw").click()
    page.wait_for_function("window.tavoliere.view().outcome !== null")
    assert page.locator("#turn").text_content() == "Draw: agreed by the players"
    assert page.locator("#move-list .result").text_content() == "½-½"
    # against the computer: it accepts only when its own last estimate is under 40%
    page.goto("about:blank")  # a new load, not only a new fragment
    page.goto(server + "#game=havannah(size=4)&white=human&black=ai:1")
    page.evaluate("window.tavoliere.ready")
    click_cell(page, "d4")
    wait_turn(page, 2)
    page.wait_for_function("!document.getElementById('win-bar').hidden")
    white = int(page.locator("#win-bar").get_attribute("aria-label").split()[-1].rstrip("%"))
    page.locator("#offer-draw").click()
    page.wait_for_timeout(200)
    accepted = page.evaluate("window.tavoliere.view().outcome") is not None
    assert accepted == (100 - white < 40), white
    if not accepted:
        assert "declines" in page.locator("#message").text_content()
    # a link with an end that cannot be read is refused by name
    page.goto("about:blank")
    page.goto(server + "#game=havannah(size=4)&moves=d4&end=resign7")
    page.evaluate("window.tavoliere.ready")
    assert '"resign7" is not an end' in page.locator("#message").text_content()
    # a game whose rules know no draw offers none, and leaves out a link's draw, saying so
    page.goto("about:blank")
    page.goto(server + "#game=cephalopod(size=3x5)&white=human&black=human&moves=a1,b2&end=draw")
    page.evaluate("window.tavoliere.ready")
    page.wait_for_function("window.tavoliere.view().game === 'cephalopod(size=3x5)'")
    assert "cannot end in a draw" in page.locator("#message").text_content()
    assert page.evaluate("window.tavoliere.view().outcome") is None
    assert page.locator("#offer-draw").is_disabled()
    assert page.locator("#offer-draw").get_attribute("title") == "This game cannot end in a draw."
    assert watch.errors == []


def test_review_marks_the_move_that_threw_the_game_away(watch, server):
    # Black's g5 leaves a4 open: White closes the bridge a1-a4 at once.
    page = watch.open(server + "#game=havannah(size=4)&white=human&black=human&moves=a1,g7,a2,g6,a3,g5,a4")
    page.evaluate(LONG_TASKS)
    assert page.locator("#turn").text_content().startswith("White wins")
    page.locator("#review").click()
    assert page.locator("#review").is_disabled()
    page.wait_for_function("window.tavoliere.review() && window.tavoliere.review().done", timeout=60_000)
    verdicts = page.evaluate("window.tavoliere.review().verdicts")
    assert len(verdicts) == 7 and [v["mover"] for v in verdicts] == [0, 1] * 3 + [0]
    assert all(0 <= v[k] <= 1 for v in verdicts for k in ("before", "after") if v[k] is not None)
    assert verdicts[-1]["after"] == 1  # the winning move
    assert verdicts[5]["after"] == 0 and verdicts[5]["best"] == "a4"  # g5: the computer blocks a4
    marks = page.evaluate("import('/web/review.js').then(m => [m.verdict(0.6, 0.2), m.verdict(0.3, 0.05),"
                          " m.verdict(0.55, 0.45), m.verdict(null, 0)])")
    assert marks == ["??", "?", "", ""]
    shown = page.locator("#move-list .move").evaluate_all("bs => bs.map(b => b.dataset.verdict)")
    assert shown == [v["mark"] for v in verdicts]
    assert verdicts[5]["mark"] in ("?", "??")
    g5 = page.locator('#move-list .move[data-ply="6"]')
    assert g5.text_content() == "g5" + verdicts[5]["mark"] and "preferred a4" in g5.get_attribute("title")
    assert page.locator("#review-status").text_content().startswith("Review: ")
    g5.click()  # browsing back: the bar shows the review's estimate for that position
    page.wait_for_function("window.tavoliere.view().moves.length === 6")
    assert page.locator("#review-status .verdict-detail").text_content().startswith(f"g5{verdicts[5]['mark']}: Black's chance ")
    assert page.locator("#win-bar").is_visible()
    assert page.locator("#win-bar").get_attribute("aria-label") == "The computer's estimate: White 100%"
    # the review searches for seconds in the worker; on the main thread one task would last
    # that long.  600 ms tells the two apart with room for a loaded machine (see above)
    assert max(page.evaluate("window.longTasks"), default=0) < 600
    page.locator("#last").click()
    page.locator("#undo").click()  # another record: the review of this one goes
    page.wait_for_function("window.tavoliere.view().moves.length === 6")
    assert page.locator("#review-status").is_hidden() and page.evaluate("window.tavoliere.review()") is None
    assert page.locator("#move-list .verdict").count() == 0
    assert watch.errors == []
